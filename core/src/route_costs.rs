//! What a step onto each tile of a [`Terrain`] costs a walker that plans
//! over the map it knows: the costs travel, auto-explore, the bot and the
//! pointer's drawn route all hand to [`RouteMap`], so that every route of
//! the game is priced the same way.

use crate::grid::{Dir, Pos};
use crate::route::{MAX_STEP_COST, Route, RouteMap};
use crate::terrain::Terrain;
use crate::tile::Tile;

/// The price list of one search: stepping onto known ground the walker
/// may cross (a closed door is opened on the way) costs 1; onto known
/// rock it may dig, `dig` turns (never the map's border, a vault's walls,
/// water or trees, and nothing at all when `dig` is `None`); onto a tile
/// it does not know, or one of `avoid`, nothing: it is not planned over.
#[derive(Clone, Copy)]
pub struct TerrainCosts<'a, K> {
    pub terrain: &'a Terrain,
    /// Whether the walker knows the tile (has seen it, or remembers it).
    pub known: K,
    /// What a step through rock costs, in turns; `None` never digs.
    pub dig: Option<u32>,
    /// Tiles to keep off (the fungi a walk goes around).
    pub avoid: &'a [Pos],
}

impl<'a, K: Fn(Pos) -> bool> TerrainCosts<'a, K> {
    /// The costs over `terrain` as far as `known` goes, digging at `dig`.
    pub fn new(terrain: &'a Terrain, known: K, dig: Option<u32>) -> Self {
        Self {
            terrain,
            known,
            dig,
            avoid: &[],
        }
    }

    /// What stepping onto `pos` costs, `None` where the walker may not go.
    pub fn enter(&self, pos: Pos) -> Option<u32> {
        if !(self.known)(pos) || self.avoid.contains(&pos) {
            return None;
        }
        if self.terrain.is_passable(pos) {
            return Some(1);
        }
        self.dig
            .filter(|_| self.can_dig(pos))
            .map(|cost| cost.clamp(1, MAX_STEP_COST))
    }

    /// Whether a route may dig through `pos`: rock inside the border, but
    /// not a vault's wall (breaking it cages the vault's altars).
    pub fn can_dig(&self, pos: Pos) -> bool {
        let tile = self.terrain.tile(pos);
        tile.is_rock() && tile != Tile::VaultWall && self.terrain.is_diggable(pos)
    }

    /// Whether a diagonal step from `from` in `dir` may be taken: not
    /// between two corners of rock (the hero cannot squeeze through, nor
    /// dig that way). Straight steps always may.
    pub fn diagonal_ok(&self, from: Pos, dir: Dir) -> bool {
        if !dir.is_diagonal() {
            return true;
        }
        let (h, v) = dir.components();
        self.terrain.is_walkable(from.step(h)) || self.terrain.is_walkable(from.step(v))
    }

    /// Whether `pos` is where exploring leads: a tile not known, next to a
    /// known tile the walker may cross. Only ground that can be crossed
    /// counts, as it always has for explore: a walk never bumps into rock
    /// it has not seen.
    pub fn is_frontier(&self, pos: Pos) -> bool {
        !(self.known)(pos)
            && self.terrain.is_passable(pos)
            && Dir::ALL.iter().any(|&d| {
                let n = pos.step(d);
                (self.known)(n) && self.terrain.is_passable(n)
            })
    }

    /// Whether a step onto `pos` is a dig the planner chose: known rock
    /// that may be dug, at a price.
    pub fn digs(&self, pos: Pos) -> bool {
        !self.terrain.is_passable(pos) && self.enter(pos).is_some()
    }

    /// The cheapest route from `from` to the nearest tile where `is_goal`.
    pub fn search(
        &self,
        map: &mut RouteMap,
        from: Pos,
        is_goal: impl Fn(Pos) -> bool,
    ) -> Option<Route> {
        map.fit(self.terrain.width(), self.terrain.height());
        map.search(
            from,
            is_goal,
            |p| self.enter(p),
            |p, d| self.diagonal_ok(p, d),
        )
    }

    /// The cheapest route from `from` to `to`.
    pub fn search_to(&self, map: &mut RouteMap, from: Pos, to: Pos) -> Option<Route> {
        map.fit(self.terrain.width(), self.terrain.height());
        map.search_to(from, to, |p| self.enter(p), |p, d| self.diagonal_ok(p, d))
    }
}

/// The direction of the first step of `route` from `from`.
pub fn first_dir(from: Pos, route: &Route) -> Option<Dir> {
    let first = *route.steps.first()?;
    Dir::ALL.into_iter().find(|&d| from.step(d) == first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A terrain from rows: `.` floor, `#` wall, `~` water, `V` a vault
    /// wall, inside a border of one tile that the rows include.
    fn terrain(rows: &[&str]) -> Terrain {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let mut tiles = Grid::new(w, h, Tile::Wall);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let tile = match c {
                    '.' => Tile::Floor,
                    '~' => Tile::Water,
                    'V' => Tile::VaultWall,
                    _ => Tile::Wall,
                };
                tiles.set(Pos::new(x as i32, y as i32), tile);
            }
        }
        Terrain::new(tiles, 1)
    }

    fn costs_a_dig(t: &Terrain, p: Pos) -> bool {
        t.tile(p).is_rock()
    }

    const ROOM: [&str; 5] = ["#######", "#..#..#", "#..#..#", "#.....#", "#######"];

    #[test]
    fn a_wall_is_dug_when_that_is_cheaper_and_never_when_digging_is_off() {
        let t = terrain(&ROOM);
        let mut map = RouteMap::new(1, 1);
        let (from, to) = (Pos::new(2, 1), Pos::new(4, 1));
        let digging = TerrainCosts::new(&t, |_| true, Some(2));
        let dug = digging.search_to(&mut map, from, to).expect("a route");
        assert_eq!(dug.steps.len(), 2, "through the wall: {dug:?}");
        assert!(
            dug.steps[0].x == 3 && costs_a_dig(&t, dug.steps[0]),
            "{dug:?}"
        );
        assert_eq!(dug.steps[1], to);
        assert_eq!(dug.cost, 3);
        assert_eq!(from.step(first_dir(from, &dug).unwrap()), dug.steps[0]);
        let walking = TerrainCosts::new(&t, |_| true, None);
        let round = walking.search_to(&mut map, from, to).expect("a route");
        assert!(round.steps.iter().all(|&p| t.is_walkable(p)), "{round:?}");
        assert_eq!(round.cost, 4, "down, two diagonals under the wall, up");
        let dear = TerrainCosts::new(&t, |_| true, Some(20));
        let round_again = dear.search_to(&mut map, from, to).expect("a route");
        assert_eq!(round_again, round, "a dig dearer than the way round");
    }

    #[test]
    fn the_border_water_vault_walls_and_the_unknown_are_never_entered() {
        let t = terrain(&["#####", "#.~.#", "#.V.#", "#####"]);
        let costs = TerrainCosts::new(&t, |p: Pos| p != Pos::new(3, 1), Some(2));
        assert_eq!(costs.enter(Pos::new(1, 1)), Some(1));
        assert_eq!(costs.enter(Pos::new(2, 1)), None, "water");
        assert_eq!(costs.enter(Pos::new(2, 2)), None, "a vault wall");
        assert_eq!(costs.enter(Pos::new(0, 1)), None, "the border");
        assert_eq!(costs.enter(Pos::new(3, 1)), None, "not known");
        assert!(costs.is_frontier(Pos::new(3, 1)));
        assert!(
            !costs.is_frontier(Pos::new(1, 1)),
            "a known tile is no frontier"
        );
        let inner = terrain(&["#####", "#.#.#", "#####"]);
        let costs = TerrainCosts::new(&inner, |_| true, Some(2));
        assert_eq!(costs.enter(Pos::new(2, 1)), Some(2), "inner rock is dug");
        assert!(costs.digs(Pos::new(2, 1)) && !costs.digs(Pos::new(1, 1)));
        let blind = TerrainCosts::new(&inner, |p: Pos| p.x < 2, Some(2));
        assert!(
            !blind.is_frontier(Pos::new(2, 1)),
            "unseen rock is no frontier"
        );
        assert!(!blind.digs(Pos::new(2, 1)), "nor dug unseen");
    }

    #[test]
    fn no_diagonal_between_two_corners_of_rock() {
        let t = terrain(&["#####", "#.#.#", "##..#", "#####"]);
        let costs = TerrainCosts::new(&t, |_| true, None);
        assert!(!costs.diagonal_ok(Pos::new(1, 1), Dir::SE));
        assert!(costs.diagonal_ok(Pos::new(2, 2), Dir::NE));
        assert!(costs.diagonal_ok(Pos::new(1, 1), Dir::E));
    }
}
