//! The Warrens (Akake's world generator, used by hunt mode): ten rooms in
//! their own areas of a 600×600 map, joined by 3-wide large tunnels, with
//! 1-wide small tunnels that only the hero fits in, nibbled edges and a
//! 50-tile unbreakable border.

use crate::grid::{Dir, Grid, Pos};
use crate::mapgen::Map;
use crate::rect::Rect;
use crate::rng::{GameRng, derive_seed};
use crate::terrain::Terrain;
use crate::tile::Tile;

/// The map's side, in tiles.
pub const SIZE: i32 = 600;
/// How many tiles deep the unbreakable border is.
pub const BORDER: i32 = 50;
pub const ROOMS: usize = 10;
pub const ROOM_MIN_SIDE: i32 = 20;
pub const ROOM_MAX_SIDE: i32 = 80;
pub const START_ROOM_MAX_SIDE: i32 = 40;
pub const LARGE_TUNNELS: usize = 20;
pub const LARGE_TUNNEL_WIDTH: i32 = 3;
pub const SMALL_TUNNELS_BETWEEN_ROOMS: usize = 15;
pub const SMALL_TUNNELS_BETWEEN_LARGE: usize = 10;
pub const SMALL_TUNNELS: usize = SMALL_TUNNELS_BETWEEN_ROOMS + SMALL_TUNNELS_BETWEEN_LARGE;
pub const NIBBLES_MIN: usize = 50;
pub const NIBBLES_MAX: usize = 200;
/// How far a room may reach past its area into its neighbours' areas.
pub const AREA_OVERLAP: i32 = 8;

/// The side of the open middle inside the border.
const INTERIOR: i32 = SIZE - 2 * BORDER;
/// Rooms get 10 of the 4 × 3 areas that tile the interior.
const AREA_COLUMNS: i32 = 4;
const AREA_ROWS: i32 = 3;
const SMALL_TUNNEL_MIN_LEN: i32 = 3;
const SMALL_TUNNEL_MAX_LEN: i32 = 150;
/// The least distance between parallel small tunnels.
const SMALL_TUNNEL_SPACING: i32 = 3;
/// The most small tunnels joining the same two rooms or large tunnels.
const SMALL_TUNNELS_PER_PAIR: usize = 4;
/// Probes per kind of small tunnel before the whole layout is redrawn.
const SMALL_TUNNEL_TRIES: usize = 5000;

// The start room must fit in an area shrunk clear of every neighbour's reach.
const _: () = assert!(INTERIOR / AREA_COLUMNS - 2 * (AREA_OVERLAP + 1) >= START_ROOM_MAX_SIDE);
const _: () = assert!(INTERIOR / AREA_ROWS - 2 * (AREA_OVERLAP + 1) >= START_ROOM_MAX_SIDE);
const _: () = assert!((AREA_COLUMNS * AREA_ROWS) as usize >= ROOMS);

/// A generated Warrens level with the layout hunt mode needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warrens {
    pub map: Map,
    pub rooms: Vec<Rect>,
    /// The index in `rooms` of the room the hero starts in; it has no enemies.
    pub start_room: usize,
    /// Each large tunnel as one straight 3-wide segment, or two forming an L.
    pub large_tunnels: Vec<Vec<Rect>>,
    /// The tiles of each 1-wide small tunnel, in order from one end to the
    /// other: the first 15 join rooms, the last 10 join large tunnels.
    pub small_tunnels: Vec<Vec<Pos>>,
    /// Where enemies spawn: 1–2 in every room but the start room.
    pub spawns: Vec<Pos>,
    /// How many wall tiles were nibbled into floor.
    pub nibbles: usize,
}

/// Generates the Warrens from `seed`. A layout whose small tunnels cannot
/// all be placed (about a third of them) is redrawn from a seed derived from
/// `seed`, so the result stays repeatable.
pub fn generate(seed: u64) -> Warrens {
    (0..)
        .find_map(|attempt| try_generate(derive_seed(seed, attempt)))
        .expect("some attempt places every small tunnel")
}

/// One attempt; `None` when the small tunnels do not all fit.
fn try_generate(seed: u64) -> Option<Warrens> {
    let mut rng = GameRng::new(seed);
    let layout = place_rooms(&mut rng);
    let large_tunnels: Vec<Vec<Rect>> = link_pairs(&mut rng, &layout.rooms)
        .into_iter()
        .map(|(a, b)| large_tunnel(&mut rng, layout.rooms[a], layout.rooms[b]))
        .collect();
    let mut tiles = Grid::new(SIZE, SIZE, Tile::DeepRock);
    for &rect in layout.rooms.iter().chain(large_tunnels.iter().flatten()) {
        carve_floor(&mut tiles, rect);
    }
    let small_tunnels = dig_small_tunnels(&mut rng, &mut tiles, &layout.rooms, &large_tunnels)?;
    let nibbles = nibble(&mut rng, &mut tiles);
    let spawns = place_spawns(&mut rng, &layout);
    let start = random_pos_in(&mut rng, layout.rooms[layout.start_room]);
    expose_walls(&mut tiles);
    let stats = vec![
        ("rooms", layout.rooms.len()),
        ("large tunnels", large_tunnels.len()),
        ("small tunnels", small_tunnels.len()),
        ("enemies", spawns.len()),
        ("nibbles", nibbles),
    ];
    let map = Map {
        terrain: Terrain::new(tiles, BORDER),
        start,
        up: None,
        down: None,
        stats,
    };
    Some(Warrens {
        map,
        rooms: layout.rooms,
        start_room: layout.start_room,
        large_tunnels,
        small_tunnels,
        spawns,
        nibbles,
    })
}

/// The rooms, each with the area it was confined to.
struct Layout {
    rooms: Vec<Rect>,
    areas: Vec<Rect>,
    start_room: usize,
}

/// The 4 × 3 areas that tile the interior, row by row.
fn areas() -> Vec<Rect> {
    let cut = |i: i32, parts: i32| BORDER + i * INTERIOR / parts;
    (0..AREA_ROWS)
        .flat_map(|row| (0..AREA_COLUMNS).map(move |col| (col, row)))
        .map(|(col, row)| {
            let (x, y) = (cut(col, AREA_COLUMNS), cut(row, AREA_ROWS));
            Rect::new(
                x,
                y,
                cut(col + 1, AREA_COLUMNS) - x,
                cut(row + 1, AREA_ROWS) - y,
            )
        })
        .collect()
}

/// One room in each of 10 areas drawn from the 12. Ordinary rooms may
/// reach `AREA_OVERLAP` tiles into neighbouring areas; the start room keeps
/// a tile further inside its own, so it neither overlaps nor touches them.
fn place_rooms(rng: &mut GameRng) -> Layout {
    let mut areas = areas();
    while areas.len() > ROOMS {
        areas.remove(rng.range(0, areas.len() as i32) as usize);
    }
    let interior = Rect::new(BORDER, BORDER, INTERIOR, INTERIOR);
    let start_room = rng.range(0, ROOMS as i32) as usize;
    let rooms = areas
        .iter()
        .enumerate()
        .map(|(i, area)| {
            if i == start_room {
                random_rect_within(rng, area.grown(-(AREA_OVERLAP + 1)), START_ROOM_MAX_SIDE)
            } else {
                let reach = area.grown(AREA_OVERLAP).intersection(&interior);
                random_rect_within(rng, reach.unwrap_or(*area), ROOM_MAX_SIDE)
            }
        })
        .collect();
    Layout {
        rooms,
        areas,
        start_room,
    }
}

/// A rectangle `ROOM_MIN_SIDE..=max_side` a side placed inside `bounds`.
fn random_rect_within(rng: &mut GameRng, bounds: Rect, max_side: i32) -> Rect {
    let w = rng.range(ROOM_MIN_SIDE, max_side.min(bounds.w) + 1);
    let h = rng.range(ROOM_MIN_SIDE, max_side.min(bounds.h) + 1);
    let x = rng.range(bounds.x, bounds.right() - w + 1);
    let y = rng.range(bounds.y, bounds.bottom() - h + 1);
    Rect::new(x, y, w, h)
}

fn random_pos_in(rng: &mut GameRng, rect: Rect) -> Pos {
    Pos::new(
        rng.range(rect.x, rect.right()),
        rng.range(rect.y, rect.bottom()),
    )
}

/// The room pairs the large tunnels join: a spanning tree that links each
/// room, in random order, to its nearest already-linked room, then extra
/// links from random rooms to their nearest room not yet linked to them.
fn link_pairs(rng: &mut GameRng, rooms: &[Rect]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..rooms.len()).collect();
    shuffle(rng, &mut order);
    let mut pairs = Vec::with_capacity(LARGE_TUNNELS);
    for (k, &room) in order.iter().enumerate().skip(1) {
        let linked = &order[..k];
        if let Some(other) = nearest_room(rooms, room, |o| linked.contains(&o)) {
            pairs.push((other, room));
        }
    }
    while pairs.len() < LARGE_TUNNELS {
        let room = rng.range(0, rooms.len() as i32) as usize;
        let unlinked = |o: usize| !pairs.contains(&(room, o)) && !pairs.contains(&(o, room));
        if let Some(other) = nearest_room(rooms, room, unlinked) {
            pairs.push((room, other));
        }
    }
    pairs
}

/// The room nearest to `room` (by centres) among those `allowed`.
fn nearest_room(rooms: &[Rect], room: usize, allowed: impl Fn(usize) -> bool) -> Option<usize> {
    let centre = rooms[room].centre();
    (0..rooms.len())
        .filter(|&o| o != room && allowed(o))
        .min_by_key(|&o| {
            let c = rooms[o].centre();
            (c.x - centre.x).abs() + (c.y - centre.y).abs()
        })
}

fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.range(0, i as i32 + 1) as usize);
    }
}

/// A 3-wide tunnel from inside `a` to inside `b`: straight when the rooms
/// share enough columns or rows, otherwise an L of two straight segments.
fn large_tunnel(rng: &mut GameRng, a: Rect, b: Rect) -> Vec<Rect> {
    // Centre lines one tile in from the edges keep the tunnel's ends inside the rooms.
    let half = LARGE_TUNNEL_WIDTH / 2;
    let (inner_a, inner_b) = (a.grown(-half), b.grown(-half));
    if let Some(x) = shared_line(
        rng,
        (inner_a.x, inner_a.right()),
        (inner_b.x, inner_b.right()),
    ) {
        let from = Pos {
            x,
            ..random_pos_in(rng, inner_a)
        };
        let to = Pos {
            x,
            ..random_pos_in(rng, inner_b)
        };
        return vec![band(from, to)];
    }
    if let Some(y) = shared_line(
        rng,
        (inner_a.y, inner_a.bottom()),
        (inner_b.y, inner_b.bottom()),
    ) {
        let from = Pos {
            y,
            ..random_pos_in(rng, inner_a)
        };
        let to = Pos {
            y,
            ..random_pos_in(rng, inner_b)
        };
        return vec![band(from, to)];
    }
    let (from, to) = (random_pos_in(rng, inner_a), random_pos_in(rng, inner_b));
    let corner = if rng.chance(0.5) {
        Pos::new(to.x, from.y)
    } else {
        Pos::new(from.x, to.y)
    };
    vec![band(from, corner), band(corner, to)]
}

/// A random coordinate inside both half-open spans, if they overlap.
fn shared_line(rng: &mut GameRng, a: (i32, i32), b: (i32, i32)) -> Option<i32> {
    let (low, high) = (a.0.max(b.0), a.1.min(b.1));
    (low < high).then(|| rng.range(low, high))
}

/// The 3-wide band centred on the straight line from `a` to `b`.
fn band(a: Pos, b: Pos) -> Rect {
    Rect::spanning(a, b).grown(LARGE_TUNNEL_WIDTH / 2)
}

fn carve_floor(tiles: &mut Grid<Tile>, rect: Rect) {
    for p in rect.positions() {
        tiles[p] = Tile::Floor;
    }
}

/// The features one kind of small tunnel runs between.
struct Ends<'a> {
    /// Each feature's rectangles, tagged with the feature's index.
    sites: Vec<(usize, Rect)>,
    /// Rectangles neither end may lie in (the rooms, for tunnels that must
    /// join large tunnels and not rooms).
    avoid: &'a [Rect],
    /// Whether probes leave a site only across its length (tunnel sides).
    across_only: bool,
}

impl Ends<'_> {
    /// A random site's feature, a floor tile on the site's edge and the
    /// way out of the site.
    fn probe(&self, rng: &mut GameRng) -> (usize, Pos, Dir) {
        let (feature, rect) = self.sites[rng.range(0, self.sites.len() as i32) as usize];
        let dirs: &[Dir] = match (self.across_only, rect.w >= rect.h) {
            (false, _) => &Dir::ORTHOGONAL,
            (true, true) => &[Dir::N, Dir::S],
            (true, false) => &[Dir::E, Dir::W],
        };
        let dir = dirs[rng.range(0, dirs.len() as i32) as usize];
        (feature, edge_tile(rng, rect, dir), dir)
    }

    /// The feature a tunnel from `from` to `to` reaches: one that holds `to`
    /// but not `from`. `None` when there is none or when either end lies
    /// where it must not.
    fn reached(&self, from: Pos, to: Pos) -> Option<usize> {
        let avoided = |p: Pos| self.avoid.iter().any(|r| r.contains(p));
        if avoided(from) || avoided(to) {
            return None;
        }
        self.sites
            .iter()
            .find(|&&(feature, r)| r.contains(to) && !self.owns(feature, from))
            .map(|&(feature, _)| feature)
    }

    fn owns(&self, feature: usize, p: Pos) -> bool {
        self.sites
            .iter()
            .any(|&(f, r)| f == feature && r.contains(p))
    }
}

/// A random tile on the edge of `rect` that faces `dir`.
fn edge_tile(rng: &mut GameRng, rect: Rect, dir: Dir) -> Pos {
    debug_assert!(!dir.is_diagonal());
    let inside = random_pos_in(rng, rect);
    match dir {
        Dir::N => Pos::new(inside.x, rect.y),
        Dir::S => Pos::new(inside.x, rect.bottom() - 1),
        Dir::E => Pos::new(rect.right() - 1, inside.y),
        _ => Pos::new(rect.x, inside.y),
    }
}

/// The two directions across a straight line running in `dir`.
fn sides(dir: Dir) -> (Dir, Dir) {
    match dir {
        Dir::N | Dir::S => (Dir::W, Dir::E),
        _ => (Dir::N, Dir::S),
    }
}

/// A straight run of rock that a small tunnel could fill.
struct Run {
    first: Pos,
    dir: Dir,
    len: i32,
    /// The walkable tile just past the run's far end.
    end: Pos,
}

impl Run {
    /// Turns the run into tunnel tiles and returns them in order.
    fn carve(&self, tiles: &mut Grid<Tile>) -> Vec<Pos> {
        let (dx, dy) = self.dir.delta();
        let path: Vec<Pos> = (0..self.len)
            .map(|i| Pos::new(self.first.x + dx * i, self.first.y + dy * i))
            .collect();
        for &p in &path {
            tiles[p] = Tile::Tunnel;
        }
        path
    }
}

/// Follows rock from `from` (a floor tile) in `dir` to the next walkable
/// tile. Fails when a side of the run is not clear (see [`side_is_clear`]),
/// when the run reaches the border, or when it is shorter or longer than a
/// small tunnel may be.
fn trace_run(tiles: &Grid<Tile>, from: Pos, dir: Dir) -> Option<Run> {
    let (left, right) = sides(dir);
    let first = from.step(dir);
    let mut p = first;
    for len in 0..=SMALL_TUNNEL_MAX_LEN {
        if tiles.is_within_border(p, BORDER) {
            return None;
        }
        if tiles[p].is_walkable() {
            return (len >= SMALL_TUNNEL_MIN_LEN).then_some(Run {
                first,
                dir,
                len,
                end: p,
            });
        }
        if !side_is_clear(tiles, p, left) || !side_is_clear(tiles, p, right) {
            return None;
        }
        p = p.step(dir);
    }
    None
}

/// True when the tile beside `p` towards `side` is rock, so a tunnel
/// through `p` stays 1 wide, and no other small tunnel runs within
/// `SMALL_TUNNEL_SPACING` tiles that way.
fn side_is_clear(tiles: &Grid<Tile>, p: Pos, side: Dir) -> bool {
    let (dx, dy) = side.delta();
    let at = |k: i32| tiles.get(Pos::new(p.x + dx * k, p.y + dy * k));
    !at(1).is_some_and(|t| t.is_walkable())
        && (2..=SMALL_TUNNEL_SPACING).all(|k| at(k) != Some(&Tile::Tunnel))
}

/// Digs the 15 room-to-room small tunnels, then the 10 between large
/// tunnels; `None` when either kind runs out of tries.
fn dig_small_tunnels(
    rng: &mut GameRng,
    tiles: &mut Grid<Tile>,
    rooms: &[Rect],
    large_tunnels: &[Vec<Rect>],
) -> Option<Vec<Vec<Pos>>> {
    let between_rooms = Ends {
        sites: rooms.iter().copied().enumerate().collect(),
        avoid: &[],
        across_only: false,
    };
    let between_large = Ends {
        sites: large_tunnels
            .iter()
            .enumerate()
            .flat_map(|(i, segments)| segments.iter().map(move |&s| (i, s)))
            .collect(),
        avoid: rooms,
        across_only: true,
    };
    let mut tunnels = Vec::with_capacity(SMALL_TUNNELS);
    dig_between(
        rng,
        tiles,
        &between_rooms,
        SMALL_TUNNELS_BETWEEN_ROOMS,
        &mut tunnels,
    )?;
    dig_between(
        rng,
        tiles,
        &between_large,
        SMALL_TUNNELS_BETWEEN_LARGE,
        &mut tunnels,
    )?;
    Some(tunnels)
}

/// Digs `count` small tunnels between `ends`, appending them to `tunnels`;
/// no two features get more than `SMALL_TUNNELS_PER_PAIR` of them.
fn dig_between(
    rng: &mut GameRng,
    tiles: &mut Grid<Tile>,
    ends: &Ends,
    count: usize,
    tunnels: &mut Vec<Vec<Pos>>,
) -> Option<()> {
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(count);
    for _ in 0..SMALL_TUNNEL_TRIES {
        if pairs.len() == count {
            break;
        }
        let (origin, from, dir) = ends.probe(rng);
        let Some(run) = trace_run(tiles, from, dir) else {
            continue;
        };
        let Some(reached) = ends.reached(from, run.end) else {
            continue;
        };
        let pair = (origin.min(reached), origin.max(reached));
        if pairs.iter().filter(|&&p| p == pair).count() < SMALL_TUNNELS_PER_PAIR {
            pairs.push(pair);
            tunnels.push(run.carve(tiles));
        }
    }
    (pairs.len() == count).then_some(())
}

/// Turns 50–200 rock tiles beside floor into floor. Each one touches floor
/// orthogonally, so it joins the floor it nibbles; none touches a small
/// tunnel, so tunnels stay 1 wide; none lies in the border.
fn nibble(rng: &mut GameRng, tiles: &mut Grid<Tile>) -> usize {
    let wanted = rng.range(NIBBLES_MIN as i32, NIBBLES_MAX as i32 + 1) as usize;
    let mut candidates: Vec<Pos> = Rect::new(BORDER, BORDER, INTERIOR, INTERIOR)
        .positions()
        .filter(|&p| is_nibbleable(tiles, p))
        .collect();
    let count = wanted.min(candidates.len());
    for i in 0..count {
        let j = rng.range(i as i32, candidates.len() as i32) as usize;
        candidates.swap(i, j);
        tiles[candidates[i]] = Tile::Floor;
    }
    count
}

fn is_nibbleable(tiles: &Grid<Tile>, p: Pos) -> bool {
    let is = |dir: Dir, tile: Tile| tiles.get(p.step(dir)) == Some(&tile);
    tiles[p].is_rock()
        && Dir::ORTHOGONAL.iter().any(|&d| is(d, Tile::Floor))
        && !Dir::ALL.iter().any(|&d| is(d, Tile::Tunnel))
}

/// 1–2 distinct spawn points in every room but the start room, each in the
/// part of the room no neighbouring room can reach.
fn place_spawns(rng: &mut GameRng, layout: &Layout) -> Vec<Pos> {
    let mut spawns = Vec::with_capacity(2 * ROOMS);
    for (i, (room, area)) in layout.rooms.iter().zip(&layout.areas).enumerate() {
        if i == layout.start_room {
            continue;
        }
        let den = room
            .intersection(&area.grown(-AREA_OVERLAP))
            .unwrap_or(*room);
        let first = random_pos_in(rng, den);
        spawns.push(first);
        if rng.range(1, 3) == 2
            && let Some(second) = (0..8)
                .map(|_| random_pos_in(rng, den))
                .find(|&p| p != first)
        {
            spawns.push(second);
        }
    }
    spawns
}

/// Rock that touches anything walkable (8-way) becomes wall; the rest stays deep rock.
fn expose_walls(tiles: &mut Grid<Tile>) {
    for p in tiles.positions() {
        if !tiles[p].is_walkable() {
            continue;
        }
        for dir in Dir::ALL {
            if let Some(tile) = tiles.get_mut(p.step(dir))
                && *tile == Tile::DeepRock
            {
                *tile = Tile::Wall;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::sync::OnceLock;

    use super::*;

    #[test]
    fn a_small_tunnel_reaches_only_another_feature_outside_what_it_avoids() {
        // Feature 0 is an L of two rectangles, feature 1 one room, feature
        // 2 a room to be avoided.
        let (leg, foot, room) = (
            Rect::new(0, 0, 3, 10),
            Rect::new(0, 10, 10, 3),
            Rect::new(20, 0, 5, 5),
        );
        let avoid = [Rect::new(40, 40, 5, 5)];
        let ends = Ends {
            sites: vec![(0, leg), (0, foot), (1, room), (2, avoid[0])],
            avoid: &avoid,
            across_only: false,
        };
        let (in_leg, in_foot, in_room) = (Pos::new(1, 1), Pos::new(8, 11), Pos::new(21, 1));
        assert_eq!(ends.reached(in_leg, in_room), Some(1));
        assert_eq!(ends.reached(in_room, in_foot), Some(0));
        assert_eq!(
            ends.reached(in_leg, in_foot),
            None,
            "back into its own feature"
        );
        assert_eq!(
            ends.reached(in_leg, Pos::new(30, 30)),
            None,
            "into no feature"
        );
        assert_eq!(
            ends.reached(in_leg, Pos::new(41, 41)),
            None,
            "into what it avoids"
        );
    }

    const SEEDS: u64 = 200;

    /// The Warrens for seeds `0..SEEDS`, generated once and shared by every test.
    fn all_warrens() -> impl Iterator<Item = (u64, &'static Warrens)> {
        static CACHE: OnceLock<Vec<Warrens>> = OnceLock::new();
        CACHE
            .get_or_init(|| (0..SEEDS).map(generate).collect())
            .iter()
            .enumerate()
            .map(|(seed, w)| (seed as u64, w))
    }

    /// A grid that is true on every tile of `rects`.
    fn painted<'a>(rects: impl IntoIterator<Item = &'a Rect>) -> Grid<bool> {
        let mut grid = Grid::new(SIZE, SIZE, false);
        for p in rects.into_iter().flat_map(|r| r.positions()) {
            grid[p] = true;
        }
        grid
    }

    fn tiles(w: &Warrens) -> &Grid<Tile> {
        w.map.terrain.tiles()
    }

    /// 4-way flood fill from `sources` over tiles where `open` holds.
    fn flood(grid: &Grid<Tile>, sources: &[Pos], open: impl Fn(Pos) -> bool) -> Grid<bool> {
        let mut seen = Grid::new(grid.width(), grid.height(), false);
        let mut queue: VecDeque<Pos> = VecDeque::new();
        for &s in sources.iter().filter(|&&s| open(s)) {
            seen[s] = true;
            queue.push_back(s);
        }
        while let Some(p) = queue.pop_front() {
            for dir in Dir::ORTHOGONAL {
                let n = p.step(dir);
                if grid.in_bounds(n) && !seen[n] && open(n) {
                    seen[n] = true;
                    queue.push_back(n);
                }
            }
        }
        seen
    }

    /// The direction a small tunnel runs in, from its first two tiles.
    fn tunnel_dir(tunnel: &[Pos]) -> Dir {
        let (a, b) = (tunnel[0], tunnel[1]);
        Dir::ORTHOGONAL
            .into_iter()
            .find(|&d| a.step(d) == b)
            .expect("consecutive tunnel tiles are orthogonal neighbours")
    }

    /// The tiles just beyond each end of a small tunnel.
    fn tunnel_ends(tunnel: &[Pos]) -> (Pos, Pos) {
        let dir = tunnel_dir(tunnel);
        let (first, last) = (tunnel[0], tunnel[tunnel.len() - 1]);
        let (dx, dy) = dir.delta();
        (Pos::new(first.x - dx, first.y - dy), last.step(dir))
    }

    #[test]
    fn rooms_are_floor_sized_and_confined() {
        for (seed, w) in all_warrens() {
            assert_eq!(w.rooms.len(), ROOMS, "seed {seed}");
            for (i, room) in w.rooms.iter().enumerate() {
                let max = if i == w.start_room {
                    START_ROOM_MAX_SIDE
                } else {
                    ROOM_MAX_SIDE
                };
                for side in [room.w, room.h] {
                    assert!(
                        (ROOM_MIN_SIDE..=max).contains(&side),
                        "seed {seed}: room {i} is {room:?}"
                    );
                }
                for p in room.positions() {
                    assert_eq!(tiles(w)[p], Tile::Floor, "seed {seed}: room {i} at {p:?}");
                }
                for other in &w.rooms[i + 1..] {
                    if let Some(shared) = room.intersection(other) {
                        assert!(
                            shared.w.min(shared.h) <= 2 * AREA_OVERLAP,
                            "seed {seed}: {room:?} and {other:?} overlap by {shared:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn start_room_is_apart_holds_the_hero_and_no_enemy() {
        for (seed, w) in all_warrens() {
            let start = w.rooms[w.start_room];
            assert!(start.contains(w.map.start), "seed {seed}");
            assert_eq!(tiles(w)[w.map.start], Tile::Floor, "seed {seed}");
            for (i, room) in w.rooms.iter().enumerate() {
                assert!(
                    i == w.start_room || !start.intersects(room),
                    "seed {seed}: start room {start:?} overlaps room {i} {room:?}"
                );
            }
            assert!(
                !w.spawns.iter().any(|&s| start.contains(s)),
                "seed {seed}: an enemy spawns in the start room"
            );
        }
    }

    #[test]
    fn every_other_room_holds_one_or_two_spawns_on_floor() {
        for (seed, w) in all_warrens() {
            for (i, room) in w.rooms.iter().enumerate() {
                let inside = w.spawns.iter().filter(|&&s| room.contains(s)).count();
                if i != w.start_room {
                    assert!(
                        (1..=2).contains(&inside),
                        "seed {seed}: room {i} has {inside} spawns"
                    );
                }
            }
            for (k, &s) in w.spawns.iter().enumerate() {
                assert_eq!(tiles(w)[s], Tile::Floor, "seed {seed}: spawn {s:?}");
                assert!(
                    !w.spawns[k + 1..].contains(&s),
                    "seed {seed}: spawn {s:?} twice"
                );
                assert!(w.rooms.iter().any(|r| r.contains(s)), "seed {seed}: {s:?}");
            }
        }
    }

    #[test]
    fn small_tunnels_are_straight_one_wide_tunnel_tiles() {
        for (seed, w) in all_warrens() {
            let grid = tiles(w);
            assert_eq!(w.small_tunnels.len(), SMALL_TUNNELS, "seed {seed}");
            let listed: usize = w.small_tunnels.iter().map(Vec::len).sum();
            let in_grid = grid.iter().filter(|(_, t)| **t == Tile::Tunnel).count();
            assert_eq!(
                listed, in_grid,
                "seed {seed}: tunnel tiles listed vs in grid"
            );
            for tunnel in &w.small_tunnels {
                assert!(tunnel.len() >= 2, "seed {seed}: {tunnel:?}");
                let dir = tunnel_dir(tunnel);
                let (left, right) = sides(dir);
                for (k, &p) in tunnel.iter().enumerate() {
                    assert_eq!(grid[p], Tile::Tunnel, "seed {seed}: {p:?}");
                    if k > 0 {
                        assert_eq!(tunnel[k - 1].step(dir), p, "seed {seed}: bent tunnel");
                    }
                    for side in [p.step(left), p.step(right)] {
                        assert!(
                            !grid[side].is_walkable(),
                            "seed {seed}: tunnel tile {p:?} is open at {side:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn floor_touches_small_tunnels_only_at_their_ends() {
        for (seed, w) in all_warrens() {
            let grid = tiles(w);
            for tunnel in &w.small_tunnels {
                let (a, b) = tunnel_ends(tunnel);
                for end in [a, b] {
                    assert_eq!(grid[end], Tile::Floor, "seed {seed}: tunnel end {end:?}");
                }
                for &p in tunnel {
                    for n in Dir::ORTHOGONAL.map(|d| p.step(d)) {
                        let open_floor = grid[n].is_walkable() && grid[n] != Tile::Tunnel;
                        assert!(
                            !open_floor || n == a || n == b,
                            "seed {seed}: floor {n:?} beside tunnel tile {p:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn small_tunnels_join_rooms_then_large_tunnels() {
        for (seed, w) in all_warrens() {
            let in_room = |p: Pos| w.rooms.iter().position(|r| r.contains(p));
            let in_large = |p: Pos| {
                w.large_tunnels
                    .iter()
                    .position(|segs| segs.iter().any(|s| s.contains(p)))
            };
            let (between_rooms, between_large) =
                w.small_tunnels.split_at(SMALL_TUNNELS_BETWEEN_ROOMS);
            for tunnel in between_rooms {
                let (a, b) = tunnel_ends(tunnel);
                assert!(
                    in_room(a).is_some() && in_room(b).is_some() && in_room(a) != in_room(b),
                    "seed {seed}: {a:?}-{b:?} does not join two rooms"
                );
            }
            for tunnel in between_large {
                let (a, b) = tunnel_ends(tunnel);
                assert!(
                    in_room(a).is_none() && in_room(b).is_none(),
                    "seed {seed}: {a:?}-{b:?} ends in a room"
                );
                assert!(
                    in_large(a).is_some() && in_large(b).is_some(),
                    "seed {seed}: {a:?}-{b:?} does not join large tunnels"
                );
            }
        }
    }

    #[test]
    fn enemies_never_reach_a_small_tunnel_yet_reach_every_room() {
        for (seed, w) in all_warrens() {
            let grid = tiles(w);
            // Over every walkable tile but the listed tunnels, an enemy must
            // never step onto a tunnel tile the lists do not account for.
            let mut listed = Grid::new(SIZE, SIZE, false);
            for &p in w.small_tunnels.iter().flatten() {
                listed[p] = true;
            }
            let reach = flood(grid, &w.spawns, |p| grid[p].is_walkable() && !listed[p]);
            assert!(
                !reach.iter().any(|(p, &r)| r && grid[p] == Tile::Tunnel),
                "seed {seed}: enemies reach an unlisted tunnel tile"
            );
            let enemy_reach = flood(grid, &w.spawns, |p| {
                grid[p].is_walkable() && grid[p] != Tile::Tunnel
            });
            for (i, room) in w.rooms.iter().enumerate() {
                assert!(
                    enemy_reach[room.centre()],
                    "seed {seed}: enemies cannot reach room {i}"
                );
            }
        }
    }

    #[test]
    fn hero_reaches_every_walkable_tile() {
        for (seed, w) in all_warrens() {
            let grid = tiles(w);
            let reach = flood(grid, &[w.map.start], |p| grid[p].is_walkable());
            for (p, tile) in grid.iter() {
                assert!(
                    !tile.is_walkable() || reach[p],
                    "seed {seed}: {p:?} is an isolated pocket"
                );
            }
            for (i, room) in w.rooms.iter().enumerate() {
                assert!(reach[room.centre()], "seed {seed}: room {i} unreachable");
            }
        }
    }

    #[test]
    fn large_tunnels_are_three_wide_and_link_every_room() {
        for (seed, w) in all_warrens() {
            assert_eq!(w.large_tunnels.len(), LARGE_TUNNELS, "seed {seed}");
            let mut nodes: Vec<Rect> = w.rooms.clone();
            for segments in &w.large_tunnels {
                assert!((1..=2).contains(&segments.len()), "seed {seed}");
                for s in segments {
                    assert_eq!(s.w.min(s.h), LARGE_TUNNEL_WIDTH, "seed {seed}: {s:?}");
                    assert!(
                        s.positions().all(|p| tiles(w)[p] == Tile::Floor),
                        "seed {seed}"
                    );
                }
                if let [a, b] = segments.as_slice() {
                    assert!(a.intersects(b), "seed {seed}: broken L {a:?} {b:?}");
                }
                nodes.extend(segments);
            }
            // Rooms and segments joined wherever their rectangles overlap.
            let mut linked = vec![false; nodes.len()];
            let mut stack = vec![0];
            linked[0] = true;
            while let Some(i) = stack.pop() {
                for j in 0..nodes.len() {
                    if !linked[j] && nodes[i].intersects(&nodes[j]) {
                        linked[j] = true;
                        stack.push(j);
                    }
                }
            }
            assert!(
                linked[..ROOMS].iter().all(|&l| l),
                "seed {seed}: {linked:?}"
            );
        }
    }

    #[test]
    fn border_is_solid_and_rock_is_classified() {
        for (seed, w) in all_warrens() {
            let grid = tiles(w);
            assert_eq!((grid.width(), grid.height()), (SIZE, SIZE));
            assert_eq!(w.map.terrain.border(), BORDER);
            let mut near_walkable = Grid::new(SIZE, SIZE, false);
            for (p, _) in grid.iter().filter(|(_, t)| t.is_walkable()) {
                for dir in Dir::ALL {
                    near_walkable.set(p.step(dir), true);
                }
            }
            for (p, &tile) in grid.iter() {
                if grid.is_within_border(p, BORDER) {
                    assert!(tile.is_rock(), "seed {seed}: border open at {p:?}");
                    assert!(!w.map.terrain.is_diggable(p), "seed {seed}: {p:?}");
                }
                match tile {
                    Tile::DeepRock => assert!(!near_walkable[p], "seed {seed}: {p:?}"),
                    Tile::Wall => assert!(near_walkable[p], "seed {seed}: {p:?}"),
                    Tile::Floor | Tile::Tunnel => {}
                    other => panic!("seed {seed}: unexpected {other:?} at {p:?}"),
                }
            }
        }
    }

    #[test]
    fn nibbles_are_counted_in_the_grid_and_stats_match() {
        for (seed, w) in all_warrens() {
            assert!(
                (NIBBLES_MIN..=NIBBLES_MAX).contains(&w.nibbles),
                "seed {seed}"
            );
            let carved = painted(w.rooms.iter().chain(w.large_tunnels.iter().flatten()));
            let nibbled = tiles(w)
                .iter()
                .filter(|&(p, &t)| t == Tile::Floor && !carved[p])
                .count();
            assert_eq!(nibbled, w.nibbles, "seed {seed}");
            let expected = vec![
                ("rooms", ROOMS),
                ("large tunnels", LARGE_TUNNELS),
                ("small tunnels", SMALL_TUNNELS),
                ("enemies", w.spawns.len()),
                ("nibbles", w.nibbles),
            ];
            assert_eq!(w.map.stats, expected, "seed {seed}");
            assert_eq!((w.map.up, w.map.down), (None, None));
        }
    }

    #[test]
    fn same_seed_same_warrens_and_different_seeds_differ() {
        let cached: Vec<(u64, &Warrens)> = all_warrens().collect();
        for &(seed, w) in cached.iter().take(50) {
            assert_eq!(*w, generate(seed), "seed {seed} is not repeatable");
        }
        for pair in cached.windows(2) {
            let ((a, wa), (b, wb)) = (pair[0], pair[1]);
            assert_ne!(wa.map.terrain, wb.map.terrain, "seeds {a} and {b} match");
        }
    }
}
