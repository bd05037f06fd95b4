//! The cave generator: 50% random fill, 8 smoothing passes, then every
//! floor region joined to the largest by tunnels, inside an unbreakable border.

use crate::grid::{Dir, Grid, Pos};
use crate::mapgen::{BadSize, check_size, connect::connect_regions};
use crate::rng::{GameRng, derive_seed};
use crate::terrain::Terrain;
use crate::tile::Tile;

/// Default cave size, in tiles.
pub const DEFAULT_WIDTH: i32 = 90;
pub const DEFAULT_HEIGHT: i32 = 60;
/// The chance that a tile starts as floor.
const FILL_CHANCE: f64 = 0.5;
const SMOOTHING_PASSES: usize = 8;
/// How many tiles deep the unbreakable border is.
const BORDER: i32 = 1;
/// The least share of the map that must be floor.
const MIN_FLOOR_FRACTION: f64 = 0.3;
/// How many fills to try before keeping the roomiest.
const MAX_ATTEMPTS: u64 = 64;

/// A generated cave and where the hero starts in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cave {
    pub terrain: Terrain,
    pub start: Pos,
}

/// Generates a `width × height` cave from `seed`.
///
/// Small maps sometimes smooth down to too little floor; those attempts are
/// redrawn from seeds derived from `seed`, so the result stays repeatable.
pub fn generate(seed: u64, width: i32, height: i32) -> Result<Cave, BadSize> {
    check_size(width, height)?;
    let mut best = carve_open(seed, width, height);
    for attempt in 1..MAX_ATTEMPTS {
        if floor_fraction(&best) >= MIN_FLOOR_FRACTION {
            break;
        }
        let retry = carve_open(derive_seed(seed, attempt), width, height);
        if floor_fraction(&retry) > floor_fraction(&best) {
            best = retry;
        }
    }
    let centre = Pos::new(width / 2, height / 2);
    if !best.iter().any(|(_, &is_open)| is_open) {
        best[centre] = true;
    }
    let terrain = Terrain::new(tiles_from_open(&best), BORDER);
    let start = terrain.nearest_walkable(centre).unwrap_or(centre);
    Ok(Cave { terrain, start })
}

/// One attempt: fill, smooth, connect. `true` marks floor.
fn carve_open(seed: u64, width: i32, height: i32) -> Grid<bool> {
    let mut rng = GameRng::new(seed);
    let mut open = random_fill(&mut rng, width, height);
    for _ in 0..SMOOTHING_PASSES {
        open = smooth(&open);
    }
    connect_regions(&mut open, BORDER);
    open
}

fn floor_fraction(open: &Grid<bool>) -> f64 {
    let floor = open.iter().filter(|(_, is_open)| **is_open).count();
    floor as f64 / (open.width() * open.height()) as f64
}

fn random_fill(rng: &mut GameRng, width: i32, height: i32) -> Grid<bool> {
    let mut open = Grid::new(width, height, false);
    for p in open.positions() {
        let inside = !open.is_within_border(p, BORDER);
        open[p] = inside && rng.chance(FILL_CHANCE);
    }
    open
}

/// One smoothing pass: a tile becomes floor when floors are at least as many
/// as rocks among its 3×3 block (itself included; outside counts as rock).
fn smooth(open: &Grid<bool>) -> Grid<bool> {
    let mut next = Grid::new(open.width(), open.height(), false);
    for p in open.positions() {
        if open.is_within_border(p, BORDER) {
            continue;
        }
        let floors = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| Pos::new(p.x + dx, p.y + dy)))
            .filter(|&n| open.get(n) == Some(&true))
            .count();
        next[p] = floors >= 9 - floors;
    }
    next
}

/// Floor where open; rock elsewhere, as deep rock unless it touches floor.
fn tiles_from_open(open: &Grid<bool>) -> Grid<Tile> {
    let mut tiles = Grid::new(open.width(), open.height(), Tile::DeepRock);
    for p in open.positions() {
        let touches_floor = Dir::ALL.iter().any(|&d| open.get(p.step(d)) == Some(&true));
        tiles[p] = match (open[p], touches_floor) {
            (true, _) => Tile::Floor,
            (false, true) => Tile::Wall,
            (false, false) => Tile::DeepRock,
        };
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::connect::label_regions;

    const SEEDS: u64 = 1000;

    fn check_cave(cave: &Cave, seed: u64) {
        let t = &cave.terrain;
        let tiles = t.tiles();
        let walkable = Grid::from_fn(t.width(), t.height(), |p| t.is_walkable(p));
        let (_, regions) = label_regions(&walkable);
        assert_eq!(
            regions.len(),
            1,
            "seed {seed}: {} floor regions",
            regions.len()
        );
        let floor = regions[0];
        let area = (t.width() * t.height()) as usize;
        assert!(
            floor * 10 >= area * 3,
            "seed {seed}: only {floor} of {area} tiles are floor"
        );
        for p in tiles
            .positions()
            .filter(|&p| tiles.is_within_border(p, BORDER))
        {
            assert!(
                tiles[p].is_rock() && !t.is_diggable(p),
                "seed {seed}: border broken at {p:?}"
            );
        }
        assert!(
            t.is_walkable(cave.start),
            "seed {seed}: start {:?} is not floor",
            cave.start
        );
    }

    fn check_size_over_seeds(width: i32, height: i32, seeds: u64) {
        for seed in 0..seeds {
            let cave = generate(seed, width, height).unwrap();
            check_cave(&cave, seed);
        }
    }

    #[test]
    fn small_caves_are_connected_bordered_and_roomy() {
        check_size_over_seeds(20, 20, SEEDS);
    }

    #[test]
    fn default_caves_are_connected_bordered_and_roomy() {
        check_size_over_seeds(DEFAULT_WIDTH, DEFAULT_HEIGHT, SEEDS);
    }

    #[test]
    fn large_caves_are_connected_bordered_and_roomy() {
        check_size_over_seeds(300, 300, SEEDS);
    }

    #[test]
    fn extreme_sizes_work() {
        check_size_over_seeds(600, 600, 2);
        check_size_over_seeds(20, 600, 5);
        assert!(generate(1, 19, 40).is_err());
        assert!(generate(1, 40, 601).is_err());
    }

    #[test]
    fn same_seed_same_map_and_different_seeds_differ() {
        for seed in 0..SEEDS {
            let a = generate(seed, 90, 60).unwrap();
            assert_eq!(
                a,
                generate(seed, 90, 60).unwrap(),
                "seed {seed} is not repeatable"
            );
            assert_ne!(
                a.terrain,
                generate(seed + 1, 90, 60).unwrap().terrain,
                "seeds {seed} and {} match",
                seed + 1
            );
        }
    }
}
