//! The surface (depth 0), as in the Racket roguelike: grass with ponds and
//! groves from seeded noise, a ring of trees round the edge, and stairs down
//! a few steps from the start, on the near shore of a round pond in a
//! clearing: the hero sees both from where it starts.

use noise::{Fbm, MultiFractal, NoiseFn, Perlin};

use crate::grid::{Grid, Pos};
use crate::mapgen::stairs::{self, DownAt};
use crate::mapgen::{BadSize, Map, Stairs, check_size, connect::connect_regions};
use crate::rng::{GameRng, derive_seed};
use crate::terrain::Terrain;
use crate::tile::Tile;

/// Default surface size, in tiles.
pub const DEFAULT_WIDTH: i32 = 90;
pub const DEFAULT_HEIGHT: i32 = 60;
/// How many tiles deep the ring of trees is; it cannot be walked or dug.
const BORDER: i32 = 1;
/// Streams of the seed for each noise field and for lone trees.
const WATER_STREAM: u64 = 1;
const GROVE_STREAM: u64 = 2;
const LONE_TREE_STREAM: u64 = 3;
const LANDMARK_STREAM: u64 = 4;
/// Noise features per tile: ponds are broad, groves a little tighter.
const WATER_FREQUENCY: f64 = 0.07;
const GROVE_FREQUENCY: f64 = 0.11;
const OCTAVES: usize = 3;
/// Noise below this is water; above [`GROVE_LEVEL`] (on land) is a tree.
const WATER_LEVEL: f64 = -0.27;
const GROVE_LEVEL: f64 = 0.25;
/// The chance that open grass grows a lone tree.
const LONE_TREE_CHANCE: f64 = 0.02;
/// Grass is kept clear this far round the centre, where the hero starts.
const CLEARING_RADIUS: i32 = 2;
/// The landmark: a round pond this far from the start (centre to centre),
/// of this radius, in a clearing of grass this far round its centre. Its
/// near shore is 5 tiles from the start, inside the hero's sight (6).
const POND_DISTANCE: i32 = 7;
const POND_RADIUS: i32 = 2;
const POND_CLEARING_RADIUS: i32 = 4;
/// The glade from the start to the pond is clear this far either side of
/// its middle, so nothing hides the pond from the start.
const GLADE_RADIUS: i32 = 1;
/// The stairs down lie this far short of the pond's centre, on its near
/// shore: 4 tiles from the start, in the hero's sight from the first turn.
const STAIRS_SHORT_OF_POND: i32 = POND_RADIUS + 1;

/// Generates a `width × height` surface from `seed`. The hero starts at the
/// centre. In a seeded direction lies the landmark, a round pond in a
/// clearing whose near shore the hero sees from the start; the one stairs
/// down lie on its near shore, in sight of the start (on a map too small for
/// it, as near that spot as the map allows). The rest is the meadow from
/// the noise. Every grass tile can be reached: where noise walls off a
/// pocket, a path of grass is cut through the trees or water to it.
///
/// Stats: `grass`, `water` and `trees` (tiles; the border's trees count).
pub fn generate(seed: u64, width: i32, height: i32) -> Result<Map, BadSize> {
    check_size(width, height)?;
    let mut tiles = noise_tiles(seed, width, height);
    add_lone_trees(
        &mut tiles,
        &mut GameRng::new(derive_seed(seed, LONE_TREE_STREAM)),
    );
    let centre = Pos::new(width / 2, height / 2);
    clear_around(&mut tiles, centre);
    let landmark = Landmark::facing(
        centre,
        &mut GameRng::new(derive_seed(seed, LANDMARK_STREAM)),
    );
    landmark.draw(&mut tiles);
    join_grass(&mut tiles);
    let down_only = Stairs {
        up: false,
        down: true,
    };
    let placed = stairs::place_with(&mut tiles, centre, down_only, DownAt::Near(landmark.stairs));
    let count = |kind: Tile| tiles.iter().filter(|(_, t)| **t == kind).count();
    let stats = vec![
        ("grass", count(Tile::Grass)),
        ("water", count(Tile::Water)),
        ("trees", count(Tile::Tree)),
    ];
    Ok(Map::with_stairs(Terrain::new(tiles, BORDER), placed, stats))
}

/// Fractal noise seeded from one stream of `seed`.
fn field(seed: u64, stream: u64, frequency: f64) -> Fbm<Perlin> {
    // The noise crate takes a 32-bit seed: keep the low half of a derived one.
    let noise_seed = derive_seed(seed, stream) as u32;
    Fbm::<Perlin>::new(noise_seed)
        .set_octaves(OCTAVES)
        .set_frequency(frequency)
}

/// Water where the water field is low, trees where the grove field is
/// high, grass elsewhere; trees all round the border.
fn noise_tiles(seed: u64, width: i32, height: i32) -> Grid<Tile> {
    let water = field(seed, WATER_STREAM, WATER_FREQUENCY);
    let groves = field(seed, GROVE_STREAM, GROVE_FREQUENCY);
    let mut tiles = Grid::new(width, height, Tile::Tree);
    for p in tiles.positions() {
        if tiles.is_within_border(p, BORDER) {
            continue;
        }
        let at = [f64::from(p.x), f64::from(p.y)];
        tiles[p] = if water.get(at) < WATER_LEVEL {
            Tile::Water
        } else if groves.get(at) > GROVE_LEVEL {
            Tile::Tree
        } else {
            Tile::Grass
        };
    }
    tiles
}

fn add_lone_trees(tiles: &mut Grid<Tile>, rng: &mut GameRng) {
    for p in tiles.positions() {
        if tiles[p] == Tile::Grass && rng.chance(LONE_TREE_CHANCE) {
            tiles[p] = Tile::Tree;
        }
    }
}

/// Turns the square of [`CLEARING_RADIUS`] round `centre` into grass.
fn clear_around(tiles: &mut Grid<Tile>, centre: Pos) {
    paint(tiles, centre, CLEARING_RADIUS, |_| true, Tile::Grass);
}

/// Sets to `tile` every tile inside the border within `radius` of `centre`
/// on both axes for which `inside(dx, dy)` holds.
fn paint(
    tiles: &mut Grid<Tile>,
    centre: Pos,
    radius: i32,
    inside: impl Fn((i32, i32)) -> bool,
    tile: Tile,
) {
    for dy in -radius..=radius {
        for dx in -radius..=radius {
            let p = Pos::new(centre.x + dx, centre.y + dy);
            if inside((dx, dy)) && tiles.in_bounds(p) && !tiles.is_within_border(p, BORDER) {
                tiles[p] = tile;
            }
        }
    }
}

/// Whether `(dx, dy)` lies within the circle of `radius`.
fn in_circle(radius: i32) -> impl Fn((i32, i32)) -> bool {
    move |(dx, dy)| dx * dx + dy * dy <= radius * radius
}

/// The pond by the stairs down, the glade that leads the eye to it from
/// the start, and where the stairs should go.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Landmark {
    /// The middle of the glade, from the start to the pond, a tile apart.
    glade: Vec<Pos>,
    pond: Pos,
    stairs: Pos,
}

impl Landmark {
    /// The landmark in a seeded direction from `start`: the pond
    /// [`POND_DISTANCE`] away, the stairs straight on beyond it.
    fn facing(start: Pos, rng: &mut GameRng) -> Self {
        let angle = f64::from(rng.range(0, 360)).to_radians();
        let along = |distance: i32| {
            let d = f64::from(distance);
            Pos::new(
                start.x + (d * angle.cos()).round() as i32,
                start.y + (d * angle.sin()).round() as i32,
            )
        };
        Self {
            glade: (0..=POND_DISTANCE).map(along).collect(),
            pond: along(POND_DISTANCE),
            stairs: along(POND_DISTANCE - STAIRS_SHORT_OF_POND),
        }
    }

    /// A glade of grass [`GLADE_RADIUS`] wide on each side from the start
    /// to the pond, a clearing round the pond, then the pond's water.
    fn draw(&self, tiles: &mut Grid<Tile>) {
        for &p in &self.glade {
            paint(tiles, p, GLADE_RADIUS, in_circle(GLADE_RADIUS), Tile::Grass);
        }
        let clearing = POND_CLEARING_RADIUS;
        paint(tiles, self.pond, clearing, in_circle(clearing), Tile::Grass);
        paint(
            tiles,
            self.pond,
            POND_RADIUS,
            in_circle(POND_RADIUS),
            Tile::Water,
        );
    }
}

/// Cuts grass paths through trees and water until all grass is one region.
fn join_grass(tiles: &mut Grid<Tile>) {
    let mut open = Grid::from_fn(tiles.width(), tiles.height(), |p| tiles[p] == Tile::Grass);
    connect_regions(&mut open, BORDER);
    for (p, &is_open) in open.iter() {
        if is_open {
            tiles[p] = Tile::Grass;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fov::{Fov, within_radius};
    use crate::mapgen::checks::{
        check_connected_with_stairs, check_repeatable_and_varied, count, stat,
    };
    use crate::mapgen::stairs::walk_distances;

    const SEEDS: u64 = 1000;
    const DOWN_ONLY: Stairs = Stairs {
        up: false,
        down: true,
    };

    /// The longest walk (4-way steps) from the start to the stairs down.
    const MAX_STAIRS_WALK: u32 = 25;
    /// How far the hero sees at the start (the shipped rules' vision).
    const HERO_VISION: i32 = 6;

    fn default_map(seed: u64) -> Map {
        generate(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT).unwrap()
    }

    /// Only grass, water, trees and the stairs down; a tree border that
    /// cannot be walked or dug; the stats are the grid's counts.
    fn check_surface(map: &Map, seed: u64) {
        let t = &map.terrain;
        assert_eq!(t.border(), BORDER);
        for (p, &tile) in t.tiles().iter() {
            assert!(
                matches!(
                    tile,
                    Tile::Grass | Tile::Water | Tile::Tree | Tile::StairsDown
                ),
                "seed {seed}: {tile:?} at {p:?}"
            );
            if t.tiles().is_within_border(p, BORDER) {
                assert!(
                    tile == Tile::Tree && !t.is_walkable(p) && !t.is_diggable(p),
                    "seed {seed}: border at {p:?}"
                );
            }
        }
        for (name, kind) in [
            ("grass", Tile::Grass),
            ("water", Tile::Water),
            ("trees", Tile::Tree),
        ] {
            assert_eq!(
                stat(map, name),
                count(map, |t| t == kind),
                "seed {seed}: {name}"
            );
        }
        let centre = Pos::new(t.width() / 2, t.height() / 2);
        assert_eq!(map.start, centre, "seed {seed}: start off centre");
    }

    /// The tiles seen from `from` within `radius`, as the hero sees them.
    fn seen_from(map: &Map, from: Pos, radius: i32) -> Vec<Pos> {
        let t = &map.terrain;
        let mut seen = Vec::new();
        Fov::new().compute(
            from,
            radius,
            |p| !t.tiles().in_bounds(p) || t.tile(p).blocks_sight(),
            |p| seen.push(p),
        );
        seen.retain(|&p| within_radius(p.x - from.x, p.y - from.y, radius));
        seen
    }

    #[test]
    fn default_surfaces_are_connected_with_the_stairs_down_a_short_walk_by_a_pond() {
        let mut with_groves = 0;
        for seed in 0..SEEDS {
            let map = default_map(seed);
            check_connected_with_stairs(&map, DOWN_ONLY, seed);
            check_surface(&map, seed);
            let area = (DEFAULT_WIDTH * DEFAULT_HEIGHT) as usize;
            let grass = stat(&map, "grass");
            assert!(
                grass * 2 >= area,
                "seed {seed}: only {grass} grass of {area}: the meadow is gone"
            );
            let down = map.down.unwrap();
            let on_foot = walk_distances(map.terrain.tiles(), map.start)[down].unwrap();
            assert!(
                on_foot <= MAX_STAIRS_WALK,
                "seed {seed}: stairs down {down:?} {on_foot} steps from the start"
            );
            let water = |p: &Pos| map.terrain.tile(*p) == Tile::Water;
            assert!(
                seen_from(&map, map.start, HERO_VISION).iter().any(water),
                "seed {seed}: no pond in sight of the start"
            );
            assert!(
                seen_from(&map, down, 3).iter().any(water),
                "seed {seed}: the stairs down {down:?} are not by a pond"
            );
            assert!(
                seen_from(&map, map.start, HERO_VISION).contains(&down),
                "seed {seed}: the stairs down {down:?} are out of sight of the start"
            );
            // More trees than the border and the lone ones: a grove.
            let border = 2 * (DEFAULT_WIDTH + DEFAULT_HEIGHT) as usize - 4;
            with_groves += usize::from(stat(&map, "trees") >= border + area / 20);
        }
        assert!(with_groves >= 900, "only {with_groves} maps have groves");
    }

    #[test]
    fn the_stairs_down_lie_in_every_direction_over_the_seeds() {
        let mut quarters = [0; 4];
        for seed in 0..100 {
            let map = default_map(seed);
            let down = map.down.unwrap();
            let east = down.x >= map.start.x;
            let south = down.y >= map.start.y;
            quarters[usize::from(east) * 2 + usize::from(south)] += 1;
        }
        assert!(
            quarters.iter().all(|&n| n >= 10),
            "stairs by quarter round the start: {quarters:?}"
        );
    }

    #[test]
    fn extreme_sizes_work() {
        for (width, height) in [(20, 20), (20, 600), (600, 20), (600, 600)] {
            for seed in 0..5 {
                let map = generate(seed, width, height).unwrap();
                check_connected_with_stairs(&map, DOWN_ONLY, seed);
                check_surface(&map, seed);
                let down = map.down.unwrap();
                let on_foot = walk_distances(map.terrain.tiles(), map.start)[down].unwrap();
                assert!(
                    on_foot <= MAX_STAIRS_WALK,
                    "{width}x{height} seed {seed}: stairs {on_foot} steps away"
                );
            }
        }
        assert!(generate(1, 19, 40).is_err());
        assert!(generate(1, 40, 601).is_err());
    }

    #[test]
    fn same_seed_same_map_and_different_seeds_differ() {
        check_repeatable_and_varied(SEEDS, default_map);
    }

    #[test]
    fn joining_cuts_a_path_to_a_walled_off_pocket() {
        let mut tiles = Grid::from_fn(9, 5, |p| {
            if p.x == 4 || Grid::new(9, 5, ()).is_within_border(p, 1) {
                Tile::Tree
            } else {
                Tile::Grass
            }
        });
        join_grass(&mut tiles);
        assert_eq!(tiles[Pos::new(0, 2)], Tile::Tree, "the border stays");
        let open_column = (1..4)
            .filter(|&y| tiles[Pos::new(4, y)] == Tile::Grass)
            .count();
        assert_eq!(open_column, 1, "one tree is cut");
    }
}
