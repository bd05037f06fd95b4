//! A* benchmark: goblin chase paths on two 600×600 maps (a cave and the hunt
//! Warrens), 8-way with the corner rule, cost 1 a step, Chebyshev heuristic.
//! In the same group: ours (`core::path::PathFinder`, reused, at the goblins'
//! node budget and unbounded) and the `pathfinding` crate's `astar` over the
//! same successors, checked once (untimed) to give paths of equal length.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench astar`.

use std::cell::Cell;
use std::hint::black_box;
use std::ops::RangeInclusive;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use gloomdelve_bench::OpenGrid;
use gloomdelve_core::mapgen::{caves, warrens};
use gloomdelve_core::path::{PathFinder, PathResult};
use gloomdelve_core::{GameRng, Pos, Terrain};

/// The goblins' node budget: `goblin_search_budget` in `assets/data/rules.ron`.
const GOBLIN_BUDGET: usize = 400;
/// No budget: the search runs until it finds the goal or runs dry.
const UNBOUNDED: usize = usize::MAX;
/// Chase pairs per map, and how far apart (Chebyshev) their ends lie.
const CHASE_PAIRS: usize = 64;
const CHASE_DISTANCE: RangeInclusive<i32> = 5..=40;
/// Long pairs per map, and the least length of their shortest path.
const LONG_PAIRS: usize = 4;
const LONG_PATH: usize = 200;

/// Where a goblin may stand on one map, read by both implementations.
struct BenchMap {
    name: &'static str,
    open: OpenGrid,
}

/// One search: from a goblin's tile to where it last saw the hero.
#[derive(Clone, Copy, Debug)]
struct Pair {
    start: Pos,
    goal: Pos,
}

impl BenchMap {
    fn new(name: &'static str, terrain: &Terrain) -> Self {
        Self {
            name,
            open: OpenGrid::of(terrain, |p| terrain.admits_creatures(p)),
        }
    }

    fn cave() -> Self {
        let cave = caves::generate(1, 600, 600).expect("valid size");
        Self::new("cave600", &cave.terrain)
    }

    fn warrens() -> Self {
        Self::new("warrens600", &warrens::generate(1).map.terrain)
    }

    fn finder(&self) -> PathFinder {
        PathFinder::for_map(self.open.width(), self.open.height())
    }

    /// Our search; the path excludes the start.
    fn ours(&self, finder: &mut PathFinder, pair: Pair, budget: usize) -> PathResult {
        finder.find(pair.start, pair.goal, budget, |p| self.open.passable(p))
    }

    /// The reference search; the path includes the start.
    fn theirs(&self, pair: Pair) -> Option<(Vec<Pos>, u32)> {
        self.theirs_watched(pair, || ())
    }

    /// The reference search, calling `on_expand` for every node it expands.
    fn theirs_watched(&self, pair: Pair, on_expand: impl Fn()) -> Option<(Vec<Pos>, u32)> {
        pathfinding::directed::astar::astar(
            &pair.start,
            |&p| {
                on_expand();
                self.open.successors(p)
            },
            |&p| p.chebyshev(pair.goal).unsigned_abs(),
            |&p| p == pair.goal,
        )
    }

    /// How many nodes the reference search expands for `pair`.
    fn theirs_expanded(&self, pair: Pair) -> usize {
        let expanded = Cell::new(0);
        self.theirs_watched(pair, || expanded.set(expanded.get() + 1));
        expanded.get()
    }

    /// A goal on open ground `distance` (Chebyshev) from `start`, if the draw lands on one.
    fn goal_near(
        &self,
        rng: &mut GameRng,
        start: Pos,
        distance: &RangeInclusive<i32>,
    ) -> Option<Pos> {
        let reach = *distance.end();
        let goal = Pos::new(
            start.x + rng.range(-reach, reach + 1),
            start.y + rng.range(-reach, reach + 1),
        );
        (self.open.passable(goal) && distance.contains(&start.chebyshev(goal))).then_some(goal)
    }
}

/// The pairs one bench searches, and how many drawn pairs the goblins'
/// budget turned away although a path exists.
struct PairSet {
    pairs: Vec<Pair>,
    over_budget: usize,
}

/// Seeded chase pairs whose path our search finds within the goblins' budget.
fn chase_pairs(map: &BenchMap) -> PairSet {
    let mut rng = GameRng::new(7);
    let mut finder = map.finder();
    let mut set = PairSet {
        pairs: Vec::new(),
        over_budget: 0,
    };
    while set.pairs.len() < CHASE_PAIRS {
        let start = map.open.random_passable(&mut rng);
        let Some(goal) = map.goal_near(&mut rng, start, &CHASE_DISTANCE) else {
            continue;
        };
        let pair = Pair { start, goal };
        if map.theirs(pair).is_none() {
            continue;
        }
        if map.ours(&mut finder, pair, GOBLIN_BUDGET).path.is_some() {
            set.pairs.push(pair);
        } else {
            set.over_budget += 1;
        }
    }
    set
}

/// Seeded pairs anywhere on the map whose shortest path is long.
fn long_pairs(map: &BenchMap) -> Vec<Pair> {
    let mut rng = GameRng::new(11);
    let mut pairs = Vec::new();
    while pairs.len() < LONG_PAIRS {
        let pair = Pair {
            start: map.open.random_passable(&mut rng),
            goal: map.open.random_passable(&mut rng),
        };
        let long_enough = |(path, _): (Vec<Pos>, u32)| path.len() > LONG_PATH;
        if map.theirs(pair).is_some_and(long_enough) {
            pairs.push(pair);
        }
    }
    pairs
}

/// Every step of `path` from `start` is one legal move onto open ground.
fn assert_legal(map: &BenchMap, start: Pos, path: &[Pos]) {
    let mut at = start;
    for &next in path {
        assert!(
            map.open.successors(at).any(|(to, _)| to == next),
            "{at:?} to {next:?} is not a legal step"
        );
        at = next;
    }
}

/// What the checked searches of one pair set came to.
#[derive(Default)]
struct Checked {
    lengths: Vec<usize>,
    ours_expanded: Vec<usize>,
    theirs_expanded: Vec<usize>,
}

/// Both find a path of the same length for every pair (ours at `budget`).
fn assert_same_lengths(map: &BenchMap, pairs: &[Pair], budget: usize) -> Checked {
    let mut finder = map.finder();
    let mut checked = Checked::default();
    for &pair in pairs {
        let ours = map.ours(&mut finder, pair, budget);
        let path = ours.path.expect("ours finds the path");
        let (theirs, cost) = map.theirs(pair).expect("theirs finds the path");
        assert_eq!(path.len() + 1, theirs.len(), "{pair:?}");
        assert_eq!(path.len(), cost as usize, "{pair:?}");
        assert_legal(map, pair.start, &path);
        checked.lengths.push(path.len());
        checked.ours_expanded.push(ours.expanded);
        checked.theirs_expanded.push(map.theirs_expanded(pair));
    }
    checked
}

fn mean(values: &[usize]) -> f64 {
    values.iter().sum::<usize>() as f64 / values.len().max(1) as f64
}

/// How the checked pairs look, printed beside criterion's figures.
fn describe(map: &BenchMap, label: &str, pairs: &[Pair], budget: usize) {
    let checked = assert_same_lengths(map, pairs, budget);
    let (shortest, longest) = (
        checked.lengths.iter().min().copied().unwrap_or(0),
        checked.lengths.iter().max().copied().unwrap_or(0),
    );
    println!(
        "{}/{label}: {} pairs, path length {shortest}..={longest} (mean {:.1}); \
         nodes expanded per search, mean (max): ours {:.0} ({}), pathfinding {:.0} ({})",
        map.name,
        pairs.len(),
        mean(&checked.lengths),
        mean(&checked.ours_expanded),
        checked.ours_expanded.iter().max().copied().unwrap_or(0),
        mean(&checked.theirs_expanded),
        checked.theirs_expanded.iter().max().copied().unwrap_or(0),
    );
}

fn bench_ours(
    group: &mut BenchmarkGroup<WallTime>,
    map: &BenchMap,
    id: &str,
    pairs: &[Pair],
    budget: usize,
) {
    let mut finder = map.finder();
    group.bench_function(id, |b| {
        b.iter(|| {
            for &pair in pairs {
                black_box(map.ours(&mut finder, pair, budget));
            }
        })
    });
}

fn bench_theirs(group: &mut BenchmarkGroup<WallTime>, map: &BenchMap, id: &str, pairs: &[Pair]) {
    group.bench_function(id, |b| {
        b.iter(|| {
            for &pair in pairs {
                black_box(map.theirs(pair));
            }
        })
    });
}

/// How many of `pairs` our search still finds within the goblins' budget.
fn found_within_budget(map: &BenchMap, pairs: &[Pair]) -> usize {
    let mut finder = map.finder();
    pairs
        .iter()
        .filter(|&&pair| map.ours(&mut finder, pair, GOBLIN_BUDGET).path.is_some())
        .count()
}

fn bench_map(c: &mut Criterion, map: &BenchMap) {
    let chase = chase_pairs(map);
    let long = long_pairs(map);
    println!(
        "{}: {} drawn chase pairs had a path the budget of {GOBLIN_BUDGET} did not reach",
        map.name, chase.over_budget
    );
    describe(map, "chase", &chase.pairs, GOBLIN_BUDGET);
    describe(map, "long", &long, UNBOUNDED);
    println!(
        "{}/long: {} of {} found within the budget of {GOBLIN_BUDGET}",
        map.name,
        found_within_budget(map, &long),
        long.len()
    );

    let mut group = c.benchmark_group(format!("astar/{}", map.name));
    group.sample_size(20);
    bench_ours(
        &mut group,
        map,
        "chase/gloomdelve-budget400",
        &chase.pairs,
        GOBLIN_BUDGET,
    );
    bench_theirs(&mut group, map, "chase/pathfinding", &chase.pairs);
    bench_ours(
        &mut group,
        map,
        "long/gloomdelve-unbounded",
        &long,
        UNBOUNDED,
    );
    bench_ours(
        &mut group,
        map,
        "long/gloomdelve-budget400",
        &long,
        GOBLIN_BUDGET,
    );
    bench_theirs(&mut group, map, "long/pathfinding", &long);
    group.finish();
}

fn bench_astar(c: &mut Criterion) {
    bench_map(c, &BenchMap::cave());
    bench_map(c, &BenchMap::warrens());
}

criterion_group!(benches, bench_astar);
criterion_main!(benches);
