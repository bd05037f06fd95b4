//! The cave generator: 50% random fill, 8 smoothing passes, then every
//! floor region joined to the largest by tunnels, inside an unbreakable border.
//! [`level`] adds underground pools, cave trees and stairs.

use crate::grid::{Dir, Grid, Pos};
use crate::mapgen::{BadSize, Map, Stairs, check_size, connect::connect_regions, stairs};
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
    let terrain = Terrain::new(cave_tiles(seed, width, height)?, BORDER);
    let centre = Pos::new(width / 2, height / 2);
    let start = terrain.nearest_walkable(centre).unwrap_or(centre);
    Ok(Cave { terrain, start })
}

/// The cave's tiles: the roomiest of up to [`MAX_ATTEMPTS`] fills.
fn cave_tiles(seed: u64, width: i32, height: i32) -> Result<Grid<Tile>, BadSize> {
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
    if !best.iter().any(|(_, &is_open)| is_open) {
        best[Pos::new(width / 2, height / 2)] = true;
    }
    Ok(tiles_from_open(&best))
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
/// Each row sums the columns of three tiles once, then adds three of those
/// sums per tile.
fn smooth(open: &Grid<bool>) -> Grid<bool> {
    let (width, height) = (open.width(), open.height());
    let mut next = Grid::new(width, height, false);
    let floor_at = |x: i32, y: i32| u8::from(open.get(Pos::new(x, y)) == Some(&true));
    let mut columns = vec![0u8; width as usize + 2];
    for y in BORDER..height - BORDER {
        // columns[i] holds the column at x = i - 1; the ends stay 0 (outside).
        for x in 0..width {
            columns[x as usize + 1] = floor_at(x, y - 1) + floor_at(x, y) + floor_at(x, y + 1);
        }
        for x in BORDER..width - BORDER {
            let i = x as usize + 1;
            let floors = columns[i - 1] + columns[i] + columns[i + 1];
            next[Pos::new(x, y)] = floors >= 9 - floors;
        }
    }
    next
}

/// Floor where open; rock elsewhere, as deep rock unless it touches floor
/// (8 neighbours). Shared with the rooms generator.
pub(crate) fn tiles_from_open(open: &Grid<bool>) -> Grid<Tile> {
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

/// Which extras a cave level has, as in the Racket roguelike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaveStyle {
    /// A few blobs of water on the floor.
    pub pools: bool,
    /// Trees scattered over the floor.
    pub trees: bool,
}

/// The rng stream for a level's pools and trees; the fills use 0..64.
const FEATURE_STREAM: u64 = 1 << 32;
/// One pool for about this many tiles of map, plus one and maybe another.
const TILES_PER_POOL: i32 = 1800;
/// Tiles in one pool, low inclusive, high exclusive.
const POOL_TILES: (i32, i32) = (6, 25);
/// The chance that a floor tile grows a tree.
const TREE_CHANCE: f64 = 0.03;

/// A full cave level: the cave of [`generate`] for the same seed and size,
/// with pools and trees when `style` asks, then the stairs `stairs` asks for.
/// Water and trees only ever replace floor, and never where they would cut
/// the walkable area apart.
///
/// Stats: `floor` (walkable tiles, stairs included), `pools` (pools that got
/// water), `water` and `trees` (tiles).
pub fn level(
    seed: u64,
    width: i32,
    height: i32,
    style: CaveStyle,
    stairs: Stairs,
) -> Result<Map, BadSize> {
    let mut tiles = cave_tiles(seed, width, height)?;
    let mut rng = GameRng::new(derive_seed(seed, FEATURE_STREAM));
    let pools = if style.pools {
        add_pools(&mut tiles, &mut rng)
    } else {
        0
    };
    if style.trees {
        add_trees(&mut tiles, &mut rng);
    }
    let placed = stairs::place(&mut tiles, Pos::new(width / 2, height / 2), stairs);
    let count = |f: fn(Tile) -> bool| tiles.iter().filter(|(_, t)| f(**t)).count();
    let stats = vec![
        ("floor", count(Tile::is_walkable)),
        ("pools", pools),
        ("water", count(|t| t == Tile::Water)),
        ("trees", count(|t| t == Tile::Tree)),
    ];
    Ok(Map::with_stairs(Terrain::new(tiles, BORDER), placed, stats))
}

/// Grows a few pools from random floor tiles; returns how many got water.
fn add_pools(tiles: &mut Grid<Tile>, rng: &mut GameRng) -> usize {
    let floors: Vec<Pos> = tiles
        .iter()
        .filter(|(_, t)| **t == Tile::Floor)
        .map(|(p, _)| p)
        .collect();
    if floors.is_empty() {
        return 0;
    }
    let wanted = 1 + tiles.width() * tiles.height() / TILES_PER_POOL + rng.range(0, 2);
    (0..wanted)
        .filter(|_| {
            let centre = floors[rng.range(0, floors.len() as i32) as usize];
            let size = rng.range(POOL_TILES.0, POOL_TILES.1);
            grow_pool(tiles, centre, size, rng) > 0
        })
        .count()
}

/// Floods up to `size` floor tiles around `centre` with water, taking the
/// next tile at random from the pool's edge. Returns the tiles flooded.
fn grow_pool(tiles: &mut Grid<Tile>, centre: Pos, size: i32, rng: &mut GameRng) -> usize {
    let mut edge = vec![centre];
    let mut flooded = 0;
    while flooded < size as usize && !edge.is_empty() {
        let pick = rng.range(0, edge.len() as i32) as usize;
        let p = edge.swap_remove(pick);
        if try_block(tiles, p, Tile::Water) {
            flooded += 1;
            edge.extend(Dir::ORTHOGONAL.map(|d| p.step(d)));
        }
    }
    flooded
}

/// Turns a scattering of floor tiles into trees.
fn add_trees(tiles: &mut Grid<Tile>, rng: &mut GameRng) {
    for p in tiles.positions() {
        if tiles[p] == Tile::Floor && rng.chance(TREE_CHANCE) {
            try_block(tiles, p, Tile::Tree);
        }
    }
}

/// Puts `blocker` on the floor tile at `p` unless that would split the
/// walkable area; returns whether it did.
fn try_block(tiles: &mut Grid<Tile>, p: Pos, blocker: Tile) -> bool {
    let placed = tiles.get(p) == Some(&Tile::Floor) && can_block_without_splitting(tiles, p);
    if placed {
        tiles[p] = blocker;
    }
    placed
}

/// True when closing the walkable tile at `p` leaves its walkable
/// neighbours connected to one another around it, so no path anywhere is
/// cut: its open 4-way neighbours all lie on one unbroken arc of open tiles
/// among its eight neighbours. A local test, so it may refuse a tile whose
/// neighbours are joined only further away; it never wrongly allows one.
fn can_block_without_splitting(tiles: &Grid<Tile>, p: Pos) -> bool {
    // Dir::ALL runs round the compass, each direction 4-adjacent to the next.
    let open = Dir::ALL.map(|d| tiles.get(p.step(d)).is_some_and(|t| t.is_walkable()));
    let Some(gap) = open.iter().position(|is_open| !is_open) else {
        return true;
    };
    let mut arcs_with_neighbours = 0;
    let mut arc_has_neighbour = false;
    for k in (1..=8).map(|i| (gap + i) % 8) {
        if open[k] {
            arc_has_neighbour |= !Dir::ALL[k].is_diagonal();
        } else {
            arcs_with_neighbours += usize::from(arc_has_neighbour);
            arc_has_neighbour = false;
        }
    }
    arcs_with_neighbours == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::checks::{check_map, check_repeatable_and_varied, count, stat};
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

    const STYLES: [CaveStyle; 4] = [
        CaveStyle {
            pools: false,
            trees: false,
        },
        CaveStyle {
            pools: true,
            trees: false,
        },
        CaveStyle {
            pools: false,
            trees: true,
        },
        CaveStyle {
            pools: true,
            trees: true,
        },
    ];

    fn default_level(seed: u64, style: CaveStyle) -> Map {
        level(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT, style, Stairs::BOTH).unwrap()
    }

    /// A level is its plain cave with only floor tiles changed, and only
    /// into what its style allows.
    fn check_changes_from_plain_cave(map: &Map, cave: &Cave, style: CaveStyle, seed: u64) {
        assert_eq!(map.terrain.border(), cave.terrain.border());
        for (p, &before) in cave.terrain.tiles().iter() {
            let after = map.terrain.tile(p);
            let allowed = after == before
                || before == Tile::Floor
                    && match after {
                        Tile::StairsUp | Tile::StairsDown => true,
                        Tile::Water => style.pools,
                        Tile::Tree => style.trees,
                        _ => false,
                    };
            assert!(
                allowed,
                "seed {seed} {style:?}: {before:?} became {after:?} at {p:?}"
            );
        }
    }

    /// The stats are the grid's counts; there are no more separate bodies
    /// of water than pools.
    fn check_level_stats(map: &Map, seed: u64) {
        let water = count(map, |t| t == Tile::Water);
        assert_eq!(
            stat(map, "floor"),
            count(map, Tile::is_walkable),
            "seed {seed}"
        );
        assert_eq!(stat(map, "water"), water, "seed {seed}");
        assert_eq!(
            stat(map, "trees"),
            count(map, |t| t == Tile::Tree),
            "seed {seed}"
        );
        let t = &map.terrain;
        let wet = Grid::from_fn(t.width(), t.height(), |p| t.tile(p) == Tile::Water);
        let (_, bodies) = label_regions(&wet);
        let pools = stat(map, "pools");
        assert!(
            bodies.len() <= pools,
            "seed {seed}: {} bodies, {pools} pools",
            bodies.len()
        );
        assert_eq!(
            pools > 0,
            water > 0,
            "seed {seed}: {pools} pools, {water} water"
        );
    }

    #[test]
    fn levels_of_every_style_are_connected_with_reachable_stairs() {
        let mut totals = [(0, 0); STYLES.len()];
        for seed in 0..SEEDS {
            let cave = generate(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT).unwrap();
            for (style, (water, trees)) in STYLES.into_iter().zip(&mut totals) {
                let map = default_level(seed, style);
                check_map(&map, Stairs::BOTH, seed);
                check_changes_from_plain_cave(&map, &cave, style, seed);
                check_level_stats(&map, seed);
                *water += stat(&map, "water");
                *trees += stat(&map, "trees");
            }
        }
        for (style, (water, trees)) in STYLES.into_iter().zip(totals) {
            let per_map = |n: usize| n as f64 / SEEDS as f64;
            let (water, trees) = (per_map(water), per_map(trees));
            assert_eq!(style.pools, water >= 20.0, "{style:?}: {water} water a map");
            assert_eq!(style.trees, trees >= 20.0, "{style:?}: {trees} trees a map");
        }
    }

    #[test]
    fn levels_place_only_the_stairs_asked_for() {
        let style = STYLES[3];
        for (up, down) in [(false, true), (true, false), (false, false)] {
            let stairs = Stairs { up, down };
            for seed in 0..SEEDS / 10 {
                let map = level(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT, style, stairs).unwrap();
                check_map(&map, stairs, seed);
            }
        }
        assert!(level(1, 19, 40, style, Stairs::BOTH).is_err());
    }

    #[test]
    fn same_seed_same_level_and_different_seeds_differ() {
        let [plain, pools, trees, lush] = STYLES;
        check_repeatable_and_varied(SEEDS, |seed| default_level(seed, lush));
        for style in [plain, pools, trees] {
            check_repeatable_and_varied(SEEDS / 10, |seed| default_level(seed, style));
        }
    }

    #[test]
    fn blocking_keeps_walkable_neighbours_joined() {
        let at = |text: &str| {
            let t = Terrain::from_text(text, 1);
            can_block_without_splitting(t.tiles(), Pos::new(2, 2))
        };
        // A corridor tile would cut the corridor.
        assert!(!at("#####\n#####\n.....\n#####\n#####\n"));
        // A dead end, or the edge of an open room, can go.
        assert!(at("#####\n#####\n###..\n#####\n#####\n"));
        assert!(at("#####\n#...#\n#...#\n#...#\n#####\n"));
        // Open all round, or joined round the corner.
        assert!(at(".....\n.....\n.....\n.....\n.....\n"));
        assert!(at("#####\n#..##\n#..##\n#####\n#####\n"));
        // A lone tile would vanish from the map: refused.
        assert!(!at("#####\n#####\n##.##\n#####\n#####\n"));
        // Two or three arms that meet only at the tile itself.
        assert!(!at("#####\n##.##\n#..##\n#####\n#####\n"));
        assert!(!at("#####\n##.##\n##..#\n##.##\n#####\n"));
    }
}
