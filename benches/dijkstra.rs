//! Dijkstra-map benchmark: the distance from every tile of a 600×600 cave to
//! one goal at the cave's start, 8-way with the hero's corner rule. In the
//! same group: the `pathfinding` crate's `dijkstra_all` over the same
//! successors, checked once (untimed) to give the same distances.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench dijkstra`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gloomdelve_bench::OpenGrid;
use gloomdelve_core::Pos;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::mapgen::caves;

/// The cave as a flat walkability grid, read by both implementations.
struct BenchMap {
    open: OpenGrid,
    start: Pos,
}

impl BenchMap {
    fn new() -> Self {
        let cave = caves::generate(1, 600, 600).expect("valid size");
        let t = &cave.terrain;
        Self {
            open: OpenGrid::of(t, |p| t.is_walkable(p)),
            start: cave.start,
        }
    }

    fn ours(&self, map: &mut DijkstraMap) {
        map.compute(
            [self.start],
            |p| self.open.passable(p),
            |p, d| self.open.diagonal_ok(p, d),
        );
    }
}

/// Both give the same distance at every tile (the goal is 0, absent is unreachable).
fn assert_same(bench: &BenchMap) {
    let mut ours = DijkstraMap::new(bench.open.width(), bench.open.height());
    bench.ours(&mut ours);
    let theirs = pathfinding::directed::dijkstra::dijkstra_all(&bench.start, |&p| {
        bench.open.successors(p).collect::<Vec<_>>()
    });
    let mut reached = 0;
    for p in bench.open.0.positions() {
        let expected = if p == bench.start {
            Some(0)
        } else {
            theirs.get(&p).map(|&(_, cost)| cost)
        };
        assert_eq!(ours.distance(p), expected, "at {p:?}");
        reached += usize::from(expected.is_some());
    }
    assert!(
        reached > 10_000,
        "the goal reaches most of the cave: {reached}"
    );
}

fn bench_dijkstra(c: &mut Criterion) {
    let bench = BenchMap::new();
    assert_same(&bench);
    let mut group = c.benchmark_group("dijkstra/cave600");
    group.sample_size(20);
    let mut map = DijkstraMap::new(bench.open.width(), bench.open.height());
    group.bench_function("gloomdelve", |b| {
        b.iter(|| {
            bench.ours(&mut map);
            black_box(&map);
        })
    });
    group.bench_function("pathfinding-dijkstra_all", |b| {
        b.iter(|| {
            black_box(pathfinding::directed::dijkstra::dijkstra_all(
                &bench.start,
                |&p| bench.open.successors(p),
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_dijkstra);
criterion_main!(benches);
