//! Route benchmark: the planner that may dig (`core::route::RouteMap::
//! search_to`, led toward its one goal)
//! against today's travel path search (`core::dijkstra::DijkstraMap::
//! first_step`, a breadth-first search that stops at the goal), on the same
//! maps and the same pairs, in the same run: a 90×60 cave level and the
//! 600×600 hunt Warrens. The planner runs three times: over floor only (its
//! answer is checked, untimed, to cost what the search's path is long);
//! digging through the rock the hero can know, which is the rock that
//! touches ground it can stand on (what a scroll of mapping shows, and the
//! most it ever knows: rock deeper in is never seen, so no route of the
//! game goes through it); and digging anywhere, every rock tile known, a
//! bound no game reaches. A dig costs what the game prices it at: 7 turns
//! on the delve level (`dig_turns` 2 and `food_per_dig` 5), 2 in the hunt,
//! where the hero never hungers.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench route`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gloomdelve_bench::{OpenGrid, measured_or};
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::mapgen::{caves, warrens};
use gloomdelve_core::route::RouteMap;
use gloomdelve_core::{Dir, GameRng, Pos, Terrain};

/// What the planner may dig through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Digging {
    /// Nothing: floor only.
    No,
    /// The rock touching ground, as a mapped level shows it.
    Known,
    /// Every rock tile inside the border.
    Anywhere,
}

/// One map: where a walker may stand, what it may dig, and at what price.
struct BenchMap {
    name: &'static str,
    open: OpenGrid,
    known_rock: OpenGrid,
    any_rock: OpenGrid,
    dig: u32,
}

impl BenchMap {
    fn new(name: &'static str, terrain: &Terrain, dig: u32) -> Self {
        let diggable = |p: Pos| terrain.is_diggable(p) && terrain.tile(p).is_rock();
        let touches_ground = |p: Pos| Dir::ALL.iter().any(|&d| terrain.is_walkable(p.step(d)));
        Self {
            name,
            open: OpenGrid::of(terrain, |p| terrain.is_walkable(p)),
            known_rock: OpenGrid::of(terrain, |p| diggable(p) && touches_ground(p)),
            any_rock: OpenGrid::of(terrain, diggable),
            dig,
        }
    }

    fn level() -> Self {
        let cave = caves::generate(1, 90, 60).expect("valid size");
        Self::new("level90x60", &cave.terrain, 7)
    }

    fn warrens() -> Self {
        Self::new("warrens600", &warrens::generate(1).map.terrain, 2)
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

    fn planned(&self, map: &mut RouteMap, (from, to): (Pos, Pos), dig: Digging) -> Option<u32> {
        let rock = match dig {
            Digging::No => None,
            Digging::Known => Some(&self.known_rock),
            Digging::Anywhere => Some(&self.any_rock),
        };
        let enter = |p: Pos| {
            if self.open.passable(p) {
                Some(1)
            } else {
                rock.filter(|r| r.passable(p)).map(|_| self.dig)
            }
        };
        let diagonal_ok = |p: Pos, d| self.open.diagonal_ok(p, d);
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
        assert_eq!(
            map.planned(&mut route, pair, Digging::No),
            walked,
            "{pair:?}"
        );
        let known = map
            .planned(&mut route, pair, Digging::Known)
            .expect("a route");
        let anywhere = map
            .planned(&mut route, pair, Digging::Anywhere)
            .expect("a route");
        assert!(known <= walked.unwrap(), "{pair:?}: {known} > {walked:?}");
        assert!(anywhere <= known, "{pair:?}: {anywhere} > {known}");
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
    let runs = [
        ("route-floor", Digging::No),
        ("route-dig-known", Digging::Known),
        ("route-dig-anywhere", Digging::Anywhere),
    ];
    for (name, dig) in runs {
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
