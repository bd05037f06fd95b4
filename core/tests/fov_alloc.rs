//! A counting allocator proves that a warmed-up `Fov` allocates nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use gloomdelve_core::fov::Fov;
use gloomdelve_core::mapgen::caves;
use gloomdelve_core::{Pos, Tile};

/// Counts allocations made by the current thread, so other test threads
/// cannot disturb the count.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn a_warmed_up_fov_allocates_nothing() {
    let cave = caves::generate(5, 200, 200).unwrap();
    let terrain = &cave.terrain;
    let origins: Vec<Pos> = terrain
        .tiles()
        .iter()
        .filter(|(_, t)| t.is_walkable())
        .map(|(p, _)| p)
        .step_by(97)
        .collect();
    let opaque = |p: Pos| terrain.tile(p).blocks_sight();
    let mut seen = 0u64;
    let fresh = allocations();
    Fov::new().compute(origins[0], 20, opaque, |_| seen += 1);
    assert!(
        allocations() > fresh,
        "the counter sees a cold FOV's allocations"
    );
    let mut fov = Fov::new();
    for &origin in &origins {
        fov.compute(origin, 20, opaque, |_| seen += 1);
    }
    let before = allocations();
    for &origin in &origins {
        for radius in [5, 8, 20] {
            fov.compute(origin, radius, opaque, |_| seen += 1);
        }
    }
    let made = allocations() - before;
    assert!(seen > 0);
    assert_eq!(
        made,
        0,
        "{made} allocations in {} warm FOV calls",
        origins.len() * 3
    );
    assert!(terrain.tiles().iter().any(|(_, t)| *t == Tile::Floor));
}
