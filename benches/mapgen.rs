//! Map generator benchmark: each level generator at its default 90×60 size
//! (plain caves, caves with pools and trees, rooms and corridors, the
//! surface), cycling through 64 seeds, and one 600×600 `caves::generate` as
//! the yardstick for the Warrens.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench mapgen`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gloomdelve_core::mapgen::caves::{self, CaveStyle};
use gloomdelve_core::mapgen::{Map, Stairs, rooms, surface};

const WIDTH: i32 = 90;
const HEIGHT: i32 = 60;
/// Seeds cycled through, so one odd map does not set the time.
const SEEDS: u64 = 64;

/// Times `generate` on the next seed of the cycle each iteration.
fn bench_seeds(c: &mut Criterion, name: &str, generate: impl Fn(u64) -> Map) {
    let mut seed = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            black_box(generate(seed))
        })
    });
}

fn bench_levels(c: &mut Criterion) {
    let plain = CaveStyle::default();
    let lush = CaveStyle {
        pools: true,
        trees: true,
    };
    bench_seeds(c, "mapgen/caves-level-plain/90x60", |seed| {
        caves::level(seed, WIDTH, HEIGHT, plain, Stairs::BOTH).expect("valid size")
    });
    bench_seeds(c, "mapgen/caves-level-pools-trees/90x60", |seed| {
        caves::level(seed, WIDTH, HEIGHT, lush, Stairs::BOTH).expect("valid size")
    });
    bench_seeds(c, "mapgen/rooms/90x60", |seed| {
        rooms::generate(seed, WIDTH, HEIGHT, Stairs::BOTH).expect("valid size")
    });
    bench_seeds(c, "mapgen/surface/90x60", |seed| {
        surface::generate(seed, WIDTH, HEIGHT).expect("valid size")
    });
}

fn bench_large_cave(c: &mut Criterion) {
    let mut group = c.benchmark_group("mapgen/caves-generate");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("600x600", |b| {
        b.iter(|| black_box(caves::generate(1, 600, 600).expect("valid size")))
    });
    group.finish();
}

criterion_group!(benches, bench_levels, bench_large_cave);
criterion_main!(benches);
