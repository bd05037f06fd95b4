//! Warrens generation benchmark: `warrens::generate` (600×600, 10 rooms,
//! 45 tunnels, nibbles) beside `caves::generate` at the same size, in one
//! group so their ratio comes from the same run. Both cycle through the same
//! eight seeds.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench warrens`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gloomdelve_core::mapgen::{caves, warrens};

const SEEDS: u64 = 8;

fn bench_generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("mapgen600");
    group.sample_size(20);
    let mut seed = 0;
    group.bench_function("warrens", |b| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            black_box(warrens::generate(seed))
        })
    });
    group.bench_function("caves", |b| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            black_box(caves::generate(seed, warrens::SIZE, warrens::SIZE).expect("valid size"))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_generators);
criterion_main!(benches);
