//! Checks shared by the level generators' tests.

use crate::grid::{Grid, Pos};
use crate::mapgen::connect::label_regions;
use crate::mapgen::stairs::walk_distances;
use crate::mapgen::{Map, Stairs};
use crate::tile::Tile;

/// Every walkable tile is reachable from the start; the stairs asked for are
/// on the tiles they claim, and the down stairs are as far on foot from the
/// start as any walkable tile.
pub(crate) fn check_map(map: &Map, stairs: Stairs, seed: u64) {
    let map = &with_doors_open(map);
    check_connected_with_stairs(map, stairs, seed);
    if let Some(down) = map.down {
        let distances = walk_distances(map.terrain.tiles(), map.start);
        let farthest = distances.iter().filter_map(|(_, d)| *d).max();
        assert_eq!(
            distances[down], farthest,
            "seed {seed}: down stairs {down:?} are not the farthest tile"
        );
    }
}

/// `map` with every closed door open: a door is a way through, one turn
/// slower.
fn with_doors_open(map: &Map) -> Map {
    let mut opened = map.clone();
    let doors: Vec<Pos> = opened
        .terrain
        .tiles()
        .iter()
        .filter(|(_, t)| **t == Tile::Door)
        .map(|(p, _)| p)
        .collect();
    for door in doors {
        opened.terrain.open_door(door);
    }
    opened
}

/// Every walkable tile is reachable from the start (through doors), and
/// the stairs asked for are on the tiles they claim, the down stairs off
/// the start.
pub(crate) fn check_connected_with_stairs(map: &Map, stairs: Stairs, seed: u64) {
    let map = &with_doors_open(map);
    let t = &map.terrain;
    let walkable = Grid::from_fn(t.width(), t.height(), |p| t.is_walkable(p));
    let (labels, sizes) = label_regions(&walkable);
    assert_eq!(
        sizes.len(),
        1,
        "seed {seed}: {} walkable regions",
        sizes.len()
    );
    assert_eq!(
        labels.get(map.start),
        Some(&Some(0)),
        "seed {seed}: start not walkable"
    );
    check_stairs_tile(map, Tile::StairsUp, map.up, stairs.up, seed);
    check_stairs_tile(map, Tile::StairsDown, map.down, stairs.down, seed);
    if let Some(up) = map.up {
        assert_eq!(map.start, up, "seed {seed}: start is not the up stairs");
    }
    if let Some(down) = map.down {
        let distances = walk_distances(t.tiles(), map.start);
        assert!(
            distances[down] > Some(0),
            "seed {seed}: down stairs on the start"
        );
    }
}

/// `claimed` is there exactly when `wanted`, and is the map's only `tile`.
fn check_stairs_tile(map: &Map, tile: Tile, claimed: Option<Pos>, wanted: bool, seed: u64) {
    let found: Vec<Pos> = map
        .terrain
        .tiles()
        .iter()
        .filter(|(_, t)| **t == tile)
        .map(|(p, _)| p)
        .collect();
    let expected: Vec<Pos> = claimed.into_iter().collect();
    assert_eq!(found, expected, "seed {seed}: {tile:?} tiles");
    assert_eq!(
        claimed.is_some(),
        wanted,
        "seed {seed}: {tile:?} wanted {wanted}"
    );
}

/// Each seed below `seeds` gives the same map twice and a different one
/// from the next seed.
pub(crate) fn check_repeatable_and_varied(seeds: u64, generate: impl Fn(u64) -> Map) {
    let mut map = generate(0);
    for seed in 0..seeds {
        assert_eq!(map, generate(seed), "seed {seed} is not repeatable");
        let next = generate(seed + 1);
        assert_ne!(
            map.terrain,
            next.terrain,
            "seeds {seed} and {} match",
            seed + 1
        );
        map = next;
    }
}

/// How many tiles of the map satisfy `f`.
pub(crate) fn count(map: &Map, f: impl Fn(Tile) -> bool) -> usize {
    map.terrain.tiles().iter().filter(|(_, t)| f(**t)).count()
}

/// The value of the stat called `name`.
pub(crate) fn stat(map: &Map, name: &str) -> usize {
    map.stats
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no stat {name:?} in {:?}", map.stats))
        .1
}
