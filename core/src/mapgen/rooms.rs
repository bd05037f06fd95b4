//! The rooms-and-corridors generator (Gobs O' Goblins): random rectangular
//! rooms that do not overlap, each joined to the one before it by an
//! L-shaped corridor, inside an unbreakable border. Some of the one-tile
//! gaps where a corridor leaves a room get a closed door.

use crate::grid::{Dir, Grid, Pos};
use crate::mapgen::{BadSize, Map, Stairs, caves::tiles_from_open, check_size, stairs};
use crate::rect::Rect;
use crate::rng::{GameRng, derive_seed};
use crate::terrain::Terrain;
use crate::tile::Tile;

/// Default level size, in tiles.
pub const DEFAULT_WIDTH: i32 = 90;
pub const DEFAULT_HEIGHT: i32 = 60;
/// How many tiles deep the unbreakable border is.
const BORDER: i32 = 1;
/// Room placements tried on a default-size map; scaled with the map's area.
const ROOM_TRIES: i32 = 30;
/// A room side runs from 1/`MIN_SIDE_DIVISOR` to 1/`MAX_SIDE_DIVISOR` of
/// the map's side, and never below [`SMALLEST_ROOM_SIDE`].
const MIN_SIDE_DIVISOR: i32 = 12;
const MAX_SIDE_DIVISOR: i32 = 6;
const SMALLEST_ROOM_SIDE: i32 = 3;
/// The chance that a room exit that can take a door gets one.
const DOOR_CHANCE: f64 = 0.6;
/// The stream of the level seed the doors are drawn from, apart from the
/// layout's, so the rooms and corridors stay as they were without doors.
const DOOR_STREAM: u64 = 1;

/// A room is a rectangle of floor.
type Room = Rect;

/// True when the rooms overlap or have no wall between them.
fn crowd(a: Room, b: Room) -> bool {
    a.x <= b.right() && b.x <= a.right() && a.y <= b.bottom() && b.y <= a.bottom()
}

/// Generates a `width × height` rooms-and-corridors level from `seed`, with
/// the stairs `stairs` asks for: up in the first room, down on the tile
/// farthest from it on foot.
///
/// Stats: `rooms` and `corridors`.
pub fn generate(seed: u64, width: i32, height: i32, stairs: Stairs) -> Result<Map, BadSize> {
    check_size(width, height)?;
    let mut rng = GameRng::new(seed);
    let rooms = layout_rooms(&mut rng, width, height);
    let mut open = Grid::new(width, height, false);
    for room in &rooms {
        room.positions().for_each(|p| open[p] = true);
    }
    for pair in rooms.windows(2) {
        let horizontal_first = rng.chance(0.5);
        carve_corridor(
            &mut open,
            pair[0].centre(),
            pair[1].centre(),
            horizontal_first,
        );
    }
    let mut tiles = tiles_from_open(&open);
    let placed = stairs::place(&mut tiles, rooms[0].centre(), stairs);
    let mut door_rng = GameRng::new(derive_seed(seed, DOOR_STREAM));
    let doors = place_doors(&mut tiles, &rooms, &mut door_rng);
    Ok(Map::with_stairs(
        Terrain::new(tiles, BORDER),
        placed,
        vec![
            ("rooms", rooms.len()),
            ("corridors", rooms.len() - 1),
            ("doors", doors),
        ],
    ))
}

/// The tiles just outside `room`'s sides (not its corners), each with the
/// way out of the room across it.
fn exits(room: Room) -> impl Iterator<Item = (Pos, Dir)> {
    let across = (room.x..room.right()).flat_map(move |x| {
        [
            (Pos::new(x, room.y - 1), Dir::N),
            (Pos::new(x, room.bottom()), Dir::S),
        ]
    });
    let down = (room.y..room.bottom()).flat_map(move |y| {
        [
            (Pos::new(room.x - 1, y), Dir::W),
            (Pos::new(room.right(), y), Dir::E),
        ]
    });
    across.chain(down)
}

/// Whether a door fits at `gap`, just outside a room going `out`: plain
/// floor with rock on both sides along the wall, and open ground beyond.
fn takes_door(tiles: &Grid<Tile>, gap: Pos, out: Dir) -> bool {
    let tile = |p: Pos| tiles.get(p).copied().unwrap_or(Tile::DeepRock);
    let (a, b) = match out {
        Dir::N | Dir::S => (Dir::W, Dir::E),
        _ => (Dir::N, Dir::S),
    };
    tile(gap) == Tile::Floor
        && tile(gap.step(a)).is_rock()
        && tile(gap.step(b)).is_rock()
        && tile(gap.step(out)).is_walkable()
}

/// Closes some of the one-tile gaps where a corridor leaves a room with a
/// door, each with [`DOOR_CHANCE`], and returns how many it placed.
fn place_doors(tiles: &mut Grid<Tile>, rooms: &[Room], rng: &mut GameRng) -> usize {
    let mut placed = 0;
    for &room in rooms {
        for (gap, out) in exits(room) {
            if takes_door(tiles, gap, out) && rng.chance(DOOR_CHANCE) {
                tiles.set(gap, Tile::Door);
                placed += 1;
            }
        }
    }
    placed
}

/// Tries random rooms and keeps each that crowds none kept before. The
/// first try always fits, so there is at least one room.
fn layout_rooms(rng: &mut GameRng, width: i32, height: i32) -> Vec<Room> {
    let default_area = DEFAULT_WIDTH * DEFAULT_HEIGHT;
    let tries = (ROOM_TRIES * width * height / default_area).max(2);
    let mut rooms: Vec<Room> = Vec::new();
    for _ in 0..tries {
        let room = random_room(rng, width, height);
        if rooms.iter().all(|&kept| !crowd(kept, room)) {
            rooms.push(room);
        }
    }
    rooms
}

/// A room of random size and place, inside the border.
fn random_room(rng: &mut GameRng, width: i32, height: i32) -> Room {
    let room_width = random_side(rng, width);
    let room_height = random_side(rng, height);
    Room {
        x: rng.range(BORDER, width - BORDER - room_width + 1),
        y: rng.range(BORDER, height - BORDER - room_height + 1),
        w: room_width,
        h: room_height,
    }
}

/// A room side for a map side of `map_side` tiles.
fn random_side(rng: &mut GameRng, map_side: i32) -> i32 {
    let room = map_side - 2 * BORDER;
    let low = (map_side / MIN_SIDE_DIVISOR).clamp(SMALLEST_ROOM_SIDE, room);
    let high = (map_side / MAX_SIDE_DIVISOR).clamp(low, room);
    rng.range(low, high + 1)
}

/// Opens a 1-wide L from `from` to `to`: along the row, then down the
/// column, or the other way round.
fn carve_corridor(open: &mut Grid<bool>, from: Pos, to: Pos, horizontal_first: bool) {
    let corner = if horizontal_first {
        Pos::new(to.x, from.y)
    } else {
        Pos::new(from.x, to.y)
    };
    carve_line(open, from, corner);
    carve_line(open, corner, to);
}

/// Opens every tile of a straight row or column from `a` to `b`.
fn carve_line(open: &mut Grid<bool>, a: Pos, b: Pos) {
    for y in a.y.min(b.y)..=a.y.max(b.y) {
        for x in a.x.min(b.x)..=a.x.max(b.x) {
            open[Pos::new(x, y)] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::checks::{check_map, check_repeatable_and_varied, stat};

    const SEEDS: u64 = 1000;

    fn default_map(seed: u64) -> Map {
        generate(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT, Stairs::BOTH).unwrap()
    }

    /// The rooms the generator laid out for `seed` (it draws them first).
    fn rooms_for(seed: u64, width: i32, height: i32) -> Vec<Room> {
        layout_rooms(&mut GameRng::new(seed), width, height)
    }

    /// Rooms lie inside the border with a wall between any two; each is
    /// floor in the map; the stats count them.
    fn check_rooms(map: &Map, rooms: &[Room], seed: u64) {
        let t = &map.terrain;
        for (i, a) in rooms.iter().enumerate() {
            assert!(
                a.x >= BORDER
                    && a.y >= BORDER
                    && a.x + a.w <= t.width() - BORDER
                    && a.y + a.h <= t.height() - BORDER,
                "seed {seed}: room {a:?} crosses the border"
            );
            for b in &rooms[i + 1..] {
                assert!(!crowd(*a, *b), "seed {seed}: rooms {a:?} and {b:?} crowd");
            }
            assert!(
                a.positions().all(|p| t.is_walkable(p)),
                "seed {seed}: room {a:?} not open"
            );
        }
        let all_exits: Vec<Pos> = rooms
            .iter()
            .flat_map(|&room| exits(room).map(|(gap, _)| gap))
            .collect();
        for (p, &tile) in t.tiles().iter() {
            assert!(
                tile != Tile::Door || all_exits.contains(&p),
                "seed {seed}: the door at {p:?} is no room's exit"
            );
        }
        assert!(!rooms.is_empty(), "seed {seed}: no rooms");
        assert_eq!(stat(map, "rooms"), rooms.len(), "seed {seed}");
        assert_eq!(stat(map, "corridors"), rooms.len() - 1, "seed {seed}");
        let first = rooms[0];
        assert!(
            first.positions().any(|p| p == map.start),
            "seed {seed}: start {:?} outside the first room {first:?}",
            map.start
        );
    }

    /// Open tiles are floor or stairs; rock is wall exactly where it touches
    /// open ground; the border is rock that cannot be dug.
    fn check_tiles(map: &Map, seed: u64) {
        let t = &map.terrain;
        assert_eq!(t.border(), BORDER);
        for (p, &tile) in t.tiles().iter() {
            let open = |p: Pos| t.is_walkable(p) || t.tile(p) == Tile::Door;
            let touches_open = Dir::ALL.iter().any(|&d| open(p.step(d)));
            let expected_rock = if touches_open {
                Tile::Wall
            } else {
                Tile::DeepRock
            };
            match tile {
                Tile::Floor | Tile::StairsUp | Tile::StairsDown => {}
                Tile::Door => check_door(t, p, seed),
                rock => assert_eq!(rock, expected_rock, "seed {seed}: at {p:?}"),
            }
            if t.tiles().is_within_border(p, BORDER) {
                assert!(
                    tile.is_rock() && !t.is_diggable(p),
                    "seed {seed}: border at {p:?}"
                );
            }
        }
    }

    /// A door stands in a one-tile gap: rock on two opposite sides of it,
    /// open ground on the other two.
    fn check_door(t: &Terrain, door: Pos, seed: u64) {
        let open = |d: Dir| t.is_walkable(door.step(d));
        let rock = |d: Dir| t.tile(door.step(d)).is_rock();
        let across_row = rock(Dir::W) && rock(Dir::E) && open(Dir::N) && open(Dir::S);
        let across_column = rock(Dir::N) && rock(Dir::S) && open(Dir::W) && open(Dir::E);
        assert!(
            across_row || across_column,
            "seed {seed}: the door at {door:?} is in no one-tile gap"
        );
    }

    #[test]
    fn some_room_exits_get_a_door_in_a_one_tile_gap() {
        let mut doors = 0;
        let mut exits_open = 0;
        for seed in 0..200 {
            let map = default_map(seed);
            doors += stat(&map, "doors");
            assert_eq!(
                crate::mapgen::checks::count(&map, |t| t == Tile::Door),
                stat(&map, "doors"),
                "seed {seed}"
            );
            let rooms = rooms_for(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            exits_open += rooms
                .iter()
                .flat_map(|&room| exits(room))
                .filter(|&(gap, out)| takes_door(map.terrain.tiles(), gap, out))
                .count();
        }
        // Each exit that could take a door gets one 60% of the time.
        let share = doors as f64 / (doors + exits_open) as f64;
        assert!(doors > 200, "{doors} doors in 200 maps");
        assert!(
            (0.5..0.7).contains(&share),
            "{share} of the exits have doors"
        );
    }

    #[test]
    fn a_gap_takes_a_door_only_between_rock_with_open_ground_beyond() {
        let t = Terrain::from_text(
            "#######\n\
             #..#..#\n\
             #.....#\n\
             #######\n",
            1,
        );
        let tiles = t.tiles();
        assert!(
            takes_door(tiles, Pos::new(3, 2), Dir::E),
            "between rock N and S"
        );
        assert!(!takes_door(tiles, Pos::new(3, 1), Dir::E), "rock itself");
        assert!(
            !takes_door(tiles, Pos::new(2, 2), Dir::E),
            "open to the north"
        );
        assert!(!takes_door(tiles, Pos::new(3, 2), Dir::N), "rock beyond");
    }

    #[test]
    fn default_levels_are_connected_rooms_with_reachable_stairs() {
        let mut rooms_seen = 0;
        for seed in 0..SEEDS {
            let map = default_map(seed);
            check_map(&map, Stairs::BOTH, seed);
            check_rooms(&map, &rooms_for(seed, DEFAULT_WIDTH, DEFAULT_HEIGHT), seed);
            check_tiles(&map, seed);
            rooms_seen += stat(&map, "rooms");
        }
        let per_map = rooms_seen as f64 / SEEDS as f64;
        assert!((6.0..=25.0).contains(&per_map), "{per_map} rooms a map");
    }

    #[test]
    fn extreme_sizes_and_partial_stairs_work() {
        let down_only = Stairs {
            up: false,
            down: true,
        };
        for (width, height) in [(20, 20), (20, 600), (600, 20), (600, 600)] {
            for seed in 0..5 {
                let map = generate(seed, width, height, down_only).unwrap();
                check_map(&map, down_only, seed);
                check_rooms(&map, &rooms_for(seed, width, height), seed);
                check_tiles(&map, seed);
            }
        }
        assert!(generate(1, 19, 40, Stairs::BOTH).is_err());
        assert!(generate(1, 40, 601, Stairs::BOTH).is_err());
    }

    #[test]
    fn same_seed_same_map_and_different_seeds_differ() {
        check_repeatable_and_varied(SEEDS, default_map);
    }

    #[test]
    fn corridors_bend_once_either_way() {
        let mut open = Grid::new(6, 6, false);
        carve_corridor(&mut open, Pos::new(1, 1), Pos::new(4, 3), true);
        let opened: Vec<Pos> = open.iter().filter(|(_, o)| **o).map(|(p, _)| p).collect();
        let row = (1..=4).map(|x| Pos::new(x, 1));
        let column = (2..=3).map(|y| Pos::new(4, y));
        assert_eq!(opened, row.chain(column).collect::<Vec<_>>());
        let mut open = Grid::new(6, 6, false);
        carve_corridor(&mut open, Pos::new(1, 1), Pos::new(4, 3), false);
        assert!(open[Pos::new(1, 3)] && !open[Pos::new(4, 1)]);
    }

    #[test]
    fn touching_rooms_crowd_but_rooms_a_wall_apart_do_not() {
        let a = Room {
            x: 1,
            y: 1,
            w: 3,
            h: 3,
        };
        assert!(crowd(a, Room { x: 4, ..a }), "side by side");
        assert!(crowd(a, Room { x: 4, y: 4, ..a }), "corner to corner");
        assert!(!crowd(a, Room { x: 5, ..a }), "one wall between");
        assert!(!crowd(a, Room { y: 5, ..a }), "one wall between");
    }
}
