//! Stairs placement shared by the level generators: the up stairs (and the
//! hero's start) near a hint, the down stairs as far away on foot as the map
//! allows, or (on the surface) near a site the generator chose.

use std::collections::VecDeque;

use crate::grid::{Dir, Grid, Pos};
use crate::mapgen::Stairs;
use crate::tile::Tile;

/// Where the stairs went, and where the hero starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The up stairs when there are some, else the open tile nearest the hint.
    pub start: Pos,
    pub up: Option<Pos>,
    pub down: Option<Pos>,
}

/// Where the down stairs go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DownAt {
    /// On the open tile farthest from the start on foot.
    Farthest,
    /// On the open tile nearest this site (straight-line distance) that can
    /// be walked to from the start.
    Near(Pos),
}

/// Places the stairs that `stairs` asks for on open ground (floor or grass),
/// the down stairs as far from the start on foot as the map allows: see
/// [`place_with`].
pub fn place(tiles: &mut Grid<Tile>, start_hint: Pos, stairs: Stairs) -> Placed {
    place_with(tiles, start_hint, stairs, DownAt::Farthest)
}

/// Places the stairs that `stairs` asks for on open ground (floor or grass).
///
/// The start is the open tile nearest `start_hint` (straight-line distance,
/// ties in scan order); the up stairs, when wanted, go there. The down stairs
/// go where `down_at` says, on an open tile reachable from the start by
/// 4-way walking, never on the start itself.
/// A map with no open ground keeps the hint as its start and gets no stairs;
/// one with a single open tile gets no down stairs.
pub fn place_with(
    tiles: &mut Grid<Tile>,
    start_hint: Pos,
    stairs: Stairs,
    down_at: DownAt,
) -> Placed {
    let Some(start) = nearest_host(tiles, start_hint) else {
        return Placed {
            start: start_hint,
            up: None,
            down: None,
        };
    };
    let down = stairs
        .down
        .then(|| match down_at {
            DownAt::Farthest => farthest_host(tiles, start),
            DownAt::Near(site) => reachable_host_nearest(tiles, start, site),
        })
        .flatten();
    let up = stairs.up.then_some(start);
    if let Some(up) = up {
        tiles[up] = Tile::StairsUp;
    }
    if let Some(down) = down {
        tiles[down] = Tile::StairsDown;
    }
    Placed { start, up, down }
}

/// Ground that stairs may replace.
fn can_hold_stairs(tile: Tile) -> bool {
    matches!(tile, Tile::Floor | Tile::DugFloor | Tile::Grass)
}

/// The square of the straight-line distance between two tiles.
fn squared_distance(a: Pos, b: Pos) -> i32 {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy
}

fn nearest_host(tiles: &Grid<Tile>, target: Pos) -> Option<Pos> {
    tiles
        .iter()
        .filter(|(_, t)| can_hold_stairs(**t))
        .map(|(p, _)| p)
        .min_by_key(|&p| squared_distance(p, target))
}

/// The stairs-holding tiles reachable on foot from `from`, other than
/// `from` itself, with their walking distance.
fn reachable_hosts(tiles: &Grid<Tile>, from: Pos) -> Vec<(Pos, u32)> {
    walk_distances(tiles, from)
        .iter()
        .filter_map(|(p, d)| d.map(|d| (p, d)))
        .filter(|&(p, _)| p != from && can_hold_stairs(tiles[p]))
        .collect()
}

/// The stairs-holding tile farthest on foot from `from`, other than `from`
/// itself (a tie goes to the last in scan order).
fn farthest_host(tiles: &Grid<Tile>, from: Pos) -> Option<Pos> {
    reachable_hosts(tiles, from)
        .into_iter()
        .max_by_key(|&(_, d)| d)
        .map(|(p, _)| p)
}

/// The stairs-holding tile reachable from `from`, other than `from`, that
/// lies nearest `site` as the crow flies (a tie goes to the first in scan
/// order).
fn reachable_host_nearest(tiles: &Grid<Tile>, from: Pos, site: Pos) -> Option<Pos> {
    reachable_hosts(tiles, from)
        .into_iter()
        .min_by_key(|&(p, _)| squared_distance(p, site))
        .map(|(p, _)| p)
}

/// 4-way walking distance from `from` to every walkable tile it reaches;
/// `None` elsewhere (and everywhere when `from` is not walkable).
pub fn walk_distances(tiles: &Grid<Tile>, from: Pos) -> Grid<Option<u32>> {
    let mut distances = Grid::new(tiles.width(), tiles.height(), None);
    if !tiles.get(from).is_some_and(|t| t.is_walkable()) {
        return distances;
    }
    distances[from] = Some(0);
    let mut queue = VecDeque::from([(from, 0)]);
    while let Some((p, d)) = queue.pop_front() {
        for dir in Dir::ORTHOGONAL {
            let n = p.step(dir);
            if tiles.get(n).is_some_and(|t| t.is_walkable()) && distances[n].is_none() {
                distances[n] = Some(d + 1);
                queue.push_back((n, d + 1));
            }
        }
    }
    distances
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    fn tiles(text: &str) -> Grid<Tile> {
        Terrain::from_text(text, 1).tiles().clone()
    }

    #[test]
    fn up_stairs_near_the_hint_and_down_stairs_farthest_on_foot() {
        // The down stairs must follow the winding path, not the straight line:
        // (1,3) is close to (1,1) as the crow flies but farthest on foot.
        let mut t = tiles("#######\n#.....#\n#####.#\n#.....#\n#######\n");
        let placed = place(&mut t, Pos::new(0, 0), Stairs::BOTH);
        assert_eq!(placed.start, Pos::new(1, 1));
        assert_eq!(placed.up, Some(Pos::new(1, 1)));
        assert_eq!(placed.down, Some(Pos::new(1, 3)));
        assert_eq!(t[Pos::new(1, 1)], Tile::StairsUp);
        assert_eq!(t[Pos::new(1, 3)], Tile::StairsDown);
    }

    #[test]
    fn walk_distances_count_the_steps_along_the_way() {
        let t = tiles("#######\n#.....#\n#####.#\n#.....#\n#######\n");
        let distances = walk_distances(&t, Pos::new(1, 1));
        assert_eq!(distances[Pos::new(1, 1)], Some(0));
        assert_eq!(distances[Pos::new(5, 1)], Some(4));
        assert_eq!(distances[Pos::new(1, 3)], Some(10));
        assert_eq!(distances[Pos::new(0, 0)], None, "walls are never reached");
    }

    #[test]
    fn only_the_stairs_asked_for_are_placed() {
        let mut t = tiles("#####\n#...#\n#####\n");
        let down_only = Stairs {
            up: false,
            down: true,
        };
        let placed = place(&mut t, Pos::new(2, 1), down_only);
        assert_eq!(placed.start, Pos::new(2, 1));
        assert_eq!(placed.up, None);
        assert_eq!(t[Pos::new(2, 1)], Tile::Floor);
        assert!(placed.down.is_some_and(|d| d != placed.start));
    }

    #[test]
    fn a_single_open_tile_gets_no_down_stairs_and_no_ground_gets_none() {
        let mut one = tiles("###\n#.#\n###\n");
        let placed = place(&mut one, Pos::new(1, 1), Stairs::BOTH);
        assert_eq!((placed.up, placed.down), (Some(Pos::new(1, 1)), None));
        let mut none = tiles("###\n###\n");
        let placed = place(&mut none, Pos::new(1, 1), Stairs::BOTH);
        assert_eq!(
            (placed.start, placed.up, placed.down),
            (Pos::new(1, 1), None, None)
        );
    }

    #[test]
    fn down_stairs_near_a_site_go_on_the_nearest_tile_the_start_can_reach() {
        // (5,1) is nearest the site (5,2) but walled off from the start:
        // the stairs go on the nearest tile that can be walked to.
        let mut t = tiles("#######\n#...#.#\n#.....#\n#######\n");
        t[Pos::new(5, 2)] = Tile::Wall;
        let down_only = Stairs {
            up: false,
            down: true,
        };
        let placed = place_with(
            &mut t,
            Pos::new(1, 1),
            down_only,
            DownAt::Near(Pos::new(5, 2)),
        );
        assert_eq!(placed.start, Pos::new(1, 1));
        assert_eq!(placed.down, Some(Pos::new(4, 2)));
        assert_eq!(t[Pos::new(4, 2)], Tile::StairsDown);
        // A site on the start itself puts the stairs next to it, not on it.
        let mut open = tiles("#####\n#...#\n#####\n");
        let placed = place_with(
            &mut open,
            Pos::new(1, 1),
            down_only,
            DownAt::Near(Pos::new(1, 1)),
        );
        assert_eq!(placed.down, Some(Pos::new(2, 1)));
    }

    #[test]
    fn distances_stop_at_walls() {
        let t = tiles("#####\n#.#.#\n#####\n");
        let d = walk_distances(&t, Pos::new(1, 1));
        assert_eq!(d[Pos::new(1, 1)], Some(0));
        assert_eq!(d[Pos::new(3, 1)], None);
        assert!(
            walk_distances(&t, Pos::new(0, 0))
                .iter()
                .all(|(_, d)| d.is_none())
        );
    }
}
