//! Route benchmark: the planner that may dig (`core::route::RouteMap::
//! search_to`, led toward its one goal)
//! against today's travel path search (`core::dijkstra::DijkstraMap::
//! first_step`, a breadth-first search that stops at the goal), on the same
//! maps and the same pairs, in the same run: a 90×60 cave level and the
//! 600×600 hunt Warrens. The planner runs twice: over floor only (its
//! answer is checked, untimed, to cost what the search's path is long) and
//! with rock diggable at 3 turns a tile.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench route`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gloomdelve_bench::{OpenGrid, measured_or};
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::mapgen::{caves, warrens};
use gloomdelve_core::route::RouteMap;
use gloomdelve_core::{GameRng, Pos, Terrain};

/// What a dig costs in the benchmark's routes, in turns.
const DIG: u32 = 3;

/// One map: where a walker may stand, and what it may dig.
struct BenchMap {
    name: &'static str,
    open: OpenGrid,
    diggable: OpenGrid,
}

impl BenchMap {
    fn new(name: &'static str, terrain: &Terrain) -> Self {
        Self {
            name,
            open: OpenGrid::of(terrain, |p| terrain.is_walkable(p)),
            diggable: OpenGrid::of(terrain, |p| terrain.is_diggable(p)),
        }
    }

    fn level() -> Self {
        let cave = caves::generate(1, 90, 60).expect("valid size");
        Self::new("level90x60", &cave.terrain)
    }

    fn warrens() -> Self {
        Self::new("warrens600", &warrens::generate(1).map.terrain)
    }

    fn today(&self, map: &mut DijkstraMap, (from, to): (Pos, Pos)) -> Option<u32> {
        map.first_step(
            from,
            |p| self.open.passable(p),
            |p| p == to,
            |p, d| self.open.diagonal_ok(p, d),
        )
        .map(|n| n.steps)
    }

    fn planned(&self, map: &mut RouteMap, (from, to): (Pos, Pos), dig: bool) -> Option<u32> {
        let enter = |p: Pos| {
            if self.open.passable(p) {
                Some(1)
            } else {
                (dig && self.diggable.passable(p)).then_some(DIG)
            }
        };
        let diagonal_ok = |p: Pos, d| dig || self.open.diagonal_ok(p, d);
        map.search_to(from, to, enter, diagonal_ok).map(|r| r.cost)
    }

    /// Seeded pairs of floor tiles whose walk today is at least `least` long.
    fn far_pairs(&self, count: usize, least: u32) -> Vec<(Pos, Pos)> {
        let mut rng = GameRng::new(5);
        let mut search = DijkstraMap::new(self.open.width(), self.open.height());
        let mut pairs = Vec::new();
        while pairs.len() < count {
            let pair = (
                self.open.random_passable(&mut rng),
                self.open.random_passable(&mut rng),
            );
            if self.today(&mut search, pair).is_some_and(|s| s >= least) {
                pairs.push(pair);
            }
        }
        pairs
    }
}

/// Over floor only the planner's cost is the search's length, and with
/// digging it is never more.
fn assert_agree(map: &BenchMap, pairs: &[(Pos, Pos)]) {
    let mut search = DijkstraMap::new(map.open.width(), map.open.height());
    let mut route = RouteMap::new(map.open.width(), map.open.height());
    for &pair in pairs {
        let walked = map.today(&mut search, pair);
        assert_eq!(map.planned(&mut route, pair, false), walked, "{pair:?}");
        let dug = map.planned(&mut route, pair, true).expect("a route");
        assert!(dug <= walked.unwrap(), "{pair:?}: {dug} > {walked:?}");
    }
}

fn bench_map(c: &mut Criterion, map: &BenchMap, least: u32) {
    let pairs = map.far_pairs(measured_or(8, 2), least);
    assert_agree(map, &pairs);
    let mut group = c.benchmark_group(format!("route/{}", map.name));
    group.sample_size(10);
    let mut search = DijkstraMap::new(map.open.width(), map.open.height());
    group.bench_function("today-first_step", |b| {
        b.iter(|| {
            for &pair in &pairs {
                black_box(map.today(&mut search, pair));
            }
        })
    });
    let mut route = RouteMap::new(map.open.width(), map.open.height());
    for (name, dig) in [("route-floor", false), ("route-dig", true)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for &pair in &pairs {
                    black_box(map.planned(&mut route, pair, dig));
                }
            })
        });
    }
    group.finish();
}

fn bench_routes(c: &mut Criterion) {
    bench_map(c, &BenchMap::level(), 40);
    bench_map(c, &BenchMap::warrens(), 300);
}

criterion_group!(benches, bench_routes);
criterion_main!(benches);
