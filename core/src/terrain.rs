//! A level's terrain: its tiles, its unbreakable border, and the bump rule
//! that turns a step into a move, a dig or nothing.

use serde::{Deserialize, Serialize};

use crate::grid::{Dir, Grid, Pos};
use crate::tile::Tile;

/// What bumping in a direction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bump {
    /// The target is open: step onto it.
    Move(Pos),
    /// The target is breakable rock: dig it out and stay put.
    Dig(Pos),
    /// The target is a closed door: open it and stay put.
    Open(Pos),
    /// The target is a vault's locked door: a key opens it.
    Locked(Pos),
    /// Nothing happens, for the reason given.
    Blocked(Blocked),
}

/// Why a bump did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// Off the map or into the unbreakable border.
    Border,
    /// A diagonal squeeze between two walls that touch at a corner.
    CornerGap,
    /// Terrain that can be neither walked on nor dug (water, trees).
    Impassable,
}

/// The terrain of one level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredTerrain", into = "StoredTerrain")]
pub struct Terrain {
    tiles: Grid<Tile>,
    /// How many tiles deep the unbreakable border is.
    border: i32,
    /// Where the stairs lie, found once: digging never makes nor unmakes
    /// stairs, and a scan of the 600×600 hunt world for stairs it does not
    /// have cost most of a bot's turn there.
    stairs: StairsIndex,
}

/// The terrain as saves hold it: its tiles and its border, no index.
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename = "Terrain")]
struct StoredTerrain {
    tiles: Grid<Tile>,
    border: i32,
}

impl From<StoredTerrain> for Terrain {
    fn from(stored: StoredTerrain) -> Self {
        Terrain::new(stored.tiles, stored.border)
    }
}

impl From<Terrain> for StoredTerrain {
    fn from(terrain: Terrain) -> Self {
        StoredTerrain {
            tiles: terrain.tiles,
            border: terrain.border,
        }
    }
}

/// The stairs of a level, each kind in scan order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct StairsIndex {
    up: Vec<Pos>,
    down: Vec<Pos>,
}

impl StairsIndex {
    fn of(tiles: &Grid<Tile>) -> Self {
        let mut index = Self::default();
        for (p, tile) in tiles.iter() {
            match tile {
                Tile::StairsUp => index.up.push(p),
                Tile::StairsDown => index.down.push(p),
                _ => {}
            }
        }
        index
    }
}

impl Terrain {
    pub fn new(tiles: Grid<Tile>, border: i32) -> Self {
        let stairs = StairsIndex::of(&tiles);
        Self {
            tiles,
            border,
            stairs,
        }
    }

    /// Where the stairs of `kind` lie, in scan order ([`Tile::StairsUp`] or
    /// [`Tile::StairsDown`]; any other tile has none). A level has one of
    /// each at most, save those a test draws.
    pub fn stairs(&self, kind: Tile) -> &[Pos] {
        match kind {
            Tile::StairsUp => &self.stairs.up,
            Tile::StairsDown => &self.stairs.down,
            _ => &[],
        }
    }

    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    pub fn width(&self) -> i32 {
        self.tiles.width()
    }

    pub fn height(&self) -> i32 {
        self.tiles.height()
    }

    pub fn border(&self) -> i32 {
        self.border
    }

    /// The tile at `pos`; outside the map reads as deep rock.
    #[inline]
    pub fn tile(&self, pos: Pos) -> Tile {
        self.tiles.get(pos).copied().unwrap_or(Tile::DeepRock)
    }

    #[inline]
    pub fn is_walkable(&self, pos: Pos) -> bool {
        self.tile(pos).is_walkable()
    }

    /// Walkable ground a creature other than the hero may enter: anything
    /// walkable but the narrow tunnels.
    #[inline]
    pub fn admits_creatures(&self, pos: Pos) -> bool {
        let tile = self.tile(pos);
        tile.is_walkable() && tile != Tile::Tunnel
    }

    /// Ground the hero may make its way over: walkable ground, and closed
    /// doors, which a bump opens on the way.
    #[inline]
    pub fn is_passable(&self, pos: Pos) -> bool {
        let tile = self.tile(pos);
        tile.is_walkable() || tile == Tile::Door
    }

    /// Ground a creature that opens doors may make its way over: what
    /// admits it, and closed doors, which it opens on the way.
    #[inline]
    pub fn leads_creatures(&self, pos: Pos) -> bool {
        self.admits_creatures(pos) || self.tile(pos) == Tile::Door
    }

    /// Whether a step from `from` in `dir` gets on: a move, or a closed
    /// door opened on the way (what routes through doors follow).
    #[inline]
    pub fn can_pass(&self, from: Pos, dir: Dir) -> bool {
        matches!(self.bump(from, dir), Bump::Move(_) | Bump::Open(_))
    }

    /// Rock or a door that lies inside the border.
    pub fn is_diggable(&self, pos: Pos) -> bool {
        let tile = self.tile(pos);
        self.tiles.in_bounds(pos)
            && !self.tiles.is_within_border(pos, self.border)
            && (tile.is_rock() || tile.is_door())
    }

    /// Opens the closed door at `pos`; false when there is none.
    pub fn open_door(&mut self, pos: Pos) -> bool {
        self.swing(pos, Tile::Door, Tile::OpenDoor)
    }

    /// Unlocks the vault door at `pos`, which stands open from then on;
    /// false when there is none.
    pub fn unlock(&mut self, pos: Pos) -> bool {
        self.swing(pos, Tile::VaultDoor, Tile::OpenDoor)
    }

    /// Where the tiles of `kind` lie, in scan order.
    pub fn positions_of(&self, kind: Tile) -> Vec<Pos> {
        self.tiles
            .iter()
            .filter(|&(_, t)| *t == kind)
            .map(|(p, _)| p)
            .collect()
    }

    /// Cages every altar on the level but the one at `spared`, and
    /// returns where each cage came down.
    pub fn cage_altars(&mut self, spared: Option<Pos>) -> Vec<Pos> {
        let mut altars = self.positions_of(Tile::Altar);
        altars.retain(|&p| Some(p) != spared);
        for &altar in &altars {
            self.tiles.set(altar, Tile::AltarCaged);
        }
        altars
    }

    /// Every tile the hero can make its way to from `from` on foot,
    /// opening closed doors on the way and squeezing past no corner the
    /// bump rule forbids.
    pub fn reachable_from(&self, from: Pos) -> Grid<bool> {
        let mut reached = Grid::new(self.width(), self.height(), false);
        if !self.is_passable(from) {
            return reached;
        }
        reached.set(from, true);
        let mut todo = vec![from];
        while let Some(at) = todo.pop() {
            for dir in Dir::ALL {
                let next = at.step(dir);
                if self.can_pass(at, dir) && reached.get(next) == Some(&false) {
                    reached.set(next, true);
                    todo.push(next);
                }
            }
        }
        reached
    }

    /// The walkable tiles the hero can make its way to from `from`, in
    /// scan order: where a new level's things may be laid, and where a
    /// teleport may land (never inside a locked vault).
    pub fn walkable_reached_from(&self, from: Pos) -> Vec<Pos> {
        let reached = self.reachable_from(from);
        self.tiles
            .iter()
            .filter(|&(p, t)| t.is_walkable() && reached[p])
            .map(|(p, _)| p)
            .collect()
    }

    /// Closes the open door at `pos`; false when there is none. Whether
    /// something stands in it is the caller's to ask.
    pub fn close_door(&mut self, pos: Pos) -> bool {
        self.swing(pos, Tile::OpenDoor, Tile::Door)
    }

    /// Turns the `from` tile at `pos` into `to`; false when it is not `from`.
    fn swing(&mut self, pos: Pos, from: Tile, to: Tile) -> bool {
        let swings = self.tile(pos) == from;
        if swings {
            self.tiles.set(pos, to);
        }
        swings
    }

    /// Where a step from `from` in `dir` lands, if it is a move (not a
    /// dig nor blocked): the one legal-step rule for walkers and maps.
    #[inline]
    pub fn step_to(&self, from: Pos, dir: Dir) -> Option<Pos> {
        match self.bump(from, dir) {
            Bump::Move(to) => Some(to),
            _ => None,
        }
    }

    /// Whether a step from `from` in `dir` is a move.
    #[inline]
    pub fn can_step(&self, from: Pos, dir: Dir) -> bool {
        self.step_to(from, dir).is_some()
    }

    /// Decides what a step from `from` in `dir` does, without changing anything.
    #[inline]
    pub fn bump(&self, from: Pos, dir: Dir) -> Bump {
        let to = from.step(dir);
        if !self.tiles.in_bounds(to) {
            return Bump::Blocked(Blocked::Border);
        }
        if dir.is_diagonal() {
            let (h, v) = dir.components();
            if !self.is_walkable(from.step(h)) && !self.is_walkable(from.step(v)) {
                return Bump::Blocked(Blocked::CornerGap);
            }
        }
        if self.is_walkable(to) {
            Bump::Move(to)
        } else if self.tile(to) == Tile::Door {
            Bump::Open(to)
        } else if self.tile(to) == Tile::VaultDoor {
            Bump::Locked(to)
        } else if self.is_diggable(to) {
            Bump::Dig(to)
        } else if self.tile(to).is_rock() {
            Bump::Blocked(Blocked::Border)
        } else {
            Bump::Blocked(Blocked::Impassable)
        }
    }

    /// Digs the rock at `pos` into floor and exposes any deep rock around it
    /// as wall; a broken vault wall cages every altar. Returns every
    /// position whose tile changed (empty when `pos` cannot be dug).
    pub fn dig(&mut self, pos: Pos) -> Vec<Pos> {
        if !self.is_diggable(pos) {
            return Vec::new();
        }
        let breaks_a_vault = self.tile(pos) == Tile::VaultWall;
        self.tiles.set(pos, Tile::DugFloor);
        let mut changed = vec![pos];
        if breaks_a_vault {
            changed.extend(self.cage_altars(None));
        }
        for dir in Dir::ALL {
            let n = pos.step(dir);
            if self.tile(n) == Tile::DeepRock && self.tiles.in_bounds(n) {
                self.tiles.set(n, Tile::Wall);
                changed.push(n);
            }
        }
        changed
    }

    /// Puts back tiles a [`Terrain::dig`] changed, each as it `was` (what
    /// the foresight's rehearsal of a creature's dig takes back). A stair
    /// is never dug, so none is put back, and the index of the stairs
    /// stays true.
    pub fn undig(&mut self, was: &[(Pos, Tile)]) {
        for &(pos, tile) in was {
            if self.tiles.in_bounds(pos) && !matches!(tile, Tile::StairsUp | Tile::StairsDown) {
                self.tiles.set(pos, tile);
            }
        }
    }

    /// The map as text, one row per line, using each tile's glyph.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(((self.width() + 1) * self.height()) as usize);
        for y in 0..self.height() {
            for x in 0..self.width() {
                out.push(self.tile(Pos::new(x, y)).glyph());
            }
            out.push('\n');
        }
        out
    }

    /// Parses the text format of [`Terrain::to_text`] (for tests and tools).
    /// Unknown characters read as wall; `.` reads as floor.
    pub fn from_text(text: &str, border: i32) -> Self {
        let rows: Vec<&str> = text.lines().collect();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(1) as i32;
        let mut tiles = Grid::new(width, rows.len() as i32, Tile::DeepRock);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let tile = Tile::ALL
                    .into_iter()
                    .find(|t| t.glyph() == c)
                    .unwrap_or(Tile::Wall);
                tiles.set(Pos::new(x as i32, y as i32), tile);
            }
        }
        Self::new(tiles, border)
    }

    /// The walkable tile nearest to `target` (ties broken by scan order).
    pub fn nearest_walkable(&self, target: Pos) -> Option<Pos> {
        self.tiles
            .iter()
            .filter(|(_, t)| t.is_walkable())
            .map(|(p, _)| p)
            .min_by_key(|p| {
                let (dx, dy) = (p.x - target.x, p.y - target.y);
                dx * dx + dy * dy
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Terrain {
        Terrain::from_text(
            "#####\n\
             #..##\n\
             #.#.#\n\
             ##..#\n\
             #####\n",
            1,
        )
    }

    #[test]
    fn the_stairs_are_found_once_and_kept_through_digging_and_saving() {
        let mut t = Terrain::from_text(
            "#######\n\
             #>.#.<#\n\
             #..#.>#\n\
             #######\n",
            1,
        );
        let down = vec![Pos::new(1, 1), Pos::new(5, 2)];
        assert_eq!(t.stairs(Tile::StairsDown), down.as_slice());
        assert_eq!(t.stairs(Tile::StairsUp), &[Pos::new(5, 1)]);
        assert!(t.stairs(Tile::Floor).is_empty());
        assert_eq!(t.dig(Pos::new(3, 1)), vec![Pos::new(3, 1)]);
        assert_eq!(t.stairs(Tile::StairsDown), down.as_slice());
        let text = ron::to_string(&t).unwrap();
        assert!(!text.contains("stairs"), "saves hold no index: {text}");
        let back: Terrain = ron::from_str(&text).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.stairs(Tile::StairsUp), &[Pos::new(5, 1)]);
    }

    #[test]
    fn creatures_keep_out_of_tunnels_and_rock() {
        let t = Terrain::from_text("#.=~T>\n", 2);
        let admitted: Vec<bool> = (0..6).map(|x| t.admits_creatures(Pos::new(x, 0))).collect();
        assert_eq!(admitted, [false, true, false, false, false, true]);
        assert!(!t.admits_creatures(Pos::new(-1, 0)), "off the map is rock");
        assert_eq!(t.border(), 2);
    }

    #[test]
    fn a_step_lands_only_where_a_move_does() {
        let t = sample();
        assert_eq!(t.step_to(Pos::new(1, 1), Dir::E), Some(Pos::new(2, 1)));
        assert!(t.can_step(Pos::new(1, 1), Dir::E));
        assert_eq!(t.step_to(Pos::new(2, 1), Dir::S), None, "a dig is no step");
        assert!(!t.can_step(Pos::new(2, 1), Dir::S));
    }

    #[test]
    fn text_round_trips_through_the_glyphs() {
        let text = "#####\n#.<>#\n#=~T#\n#####\n";
        assert_eq!(Terrain::from_text(text, 1).to_text(), text);
    }

    #[test]
    fn the_nearest_walkable_tile_is_nearest_as_the_crow_flies() {
        let t = Terrain::from_text(
            "#########\n\
             #.#######\n\
             ######.##\n\
             #########\n",
            1,
        );
        // From (5,1): (6,2) is 1.4 away, (1,1) is 4; from (2,1), (1,1) is 1.
        assert_eq!(t.nearest_walkable(Pos::new(5, 1)), Some(Pos::new(6, 2)));
        assert_eq!(t.nearest_walkable(Pos::new(2, 1)), Some(Pos::new(1, 1)));
        assert_eq!(t.nearest_walkable(Pos::new(7, 3)), Some(Pos::new(6, 2)));
        assert_eq!(t.nearest_walkable(Pos::new(0, 2)), Some(Pos::new(1, 1)));
        // Over scattered floor, the answer is as near as any floor tile,
        // from every target on the map and round it.
        let t = Terrain::from_text(
            "#.#####\n\
             #####.#\n\
             #######\n\
             ##.####\n\
             ######.\n",
            1,
        );
        let floor: Vec<Pos> = t
            .tiles()
            .iter()
            .filter(|(_, t)| t.is_walkable())
            .map(|(p, _)| p)
            .collect();
        let squared = |a: Pos, b: Pos| (a.x - b.x).pow(2) + (a.y - b.y).pow(2);
        for y in -2..7 {
            for x in -2..9 {
                let target = Pos::new(x, y);
                let best = floor.iter().map(|&p| squared(p, target)).min().unwrap();
                let found = t.nearest_walkable(target).unwrap();
                assert_eq!(squared(found, target), best, "from {target:?}: {found:?}");
            }
        }
        let rock = Terrain::from_text("###\n###\n", 1);
        assert_eq!(rock.nearest_walkable(Pos::new(1, 1)), None);
    }

    #[test]
    fn open_floor_moves_and_rock_digs() {
        let t = sample();
        assert_eq!(t.bump(Pos::new(1, 1), Dir::E), Bump::Move(Pos::new(2, 1)));
        assert_eq!(t.bump(Pos::new(2, 1), Dir::S), Bump::Dig(Pos::new(2, 2)));
    }

    #[test]
    fn border_never_digs() {
        let t = sample();
        assert_eq!(
            t.bump(Pos::new(1, 1), Dir::N),
            Bump::Blocked(Blocked::Border)
        );
        assert_eq!(
            t.bump(Pos::new(0, 0), Dir::NW),
            Bump::Blocked(Blocked::Border)
        );
    }

    #[test]
    fn corner_gap_is_refused_but_open_corner_is_allowed() {
        let t = sample();
        // (2,1) -> (3,2): orthogonals (3,1) wall and (2,2) wall.
        assert_eq!(
            t.bump(Pos::new(2, 1), Dir::SE),
            Bump::Blocked(Blocked::CornerGap)
        );
        // (1,2) -> (2,3): orthogonals (2,2) wall, (1,3) wall: refused too.
        assert_eq!(
            t.bump(Pos::new(1, 2), Dir::SE),
            Bump::Blocked(Blocked::CornerGap)
        );
        // (2,3) -> (3,2): orthogonal (3,3) is floor: allowed.
        assert_eq!(t.bump(Pos::new(2, 3), Dir::NE), Bump::Move(Pos::new(3, 2)));
    }

    #[test]
    fn a_bump_opens_a_closed_door_and_walks_through_an_open_one() {
        let mut t = Terrain::from_text("#####\n#.+.#\n#####\n", 1);
        let door = Pos::new(2, 1);
        assert_eq!(t.bump(Pos::new(1, 1), Dir::E), Bump::Open(door));
        assert!(t.can_pass(Pos::new(1, 1), Dir::E) && !t.can_step(Pos::new(1, 1), Dir::E));
        assert!(t.leads_creatures(door) && !t.admits_creatures(door));
        assert!(t.is_passable(door) && !t.is_walkable(door));
        assert!(!t.close_door(door), "a closed door does not close");
        assert!(t.open_door(door));
        assert_eq!(t.tile(door), Tile::OpenDoor);
        assert!(!t.open_door(door), "an open door does not open");
        assert_eq!(t.bump(Pos::new(1, 1), Dir::E), Bump::Move(door));
        assert!(t.admits_creatures(door));
        assert!(t.close_door(door));
        assert_eq!(t.to_text(), "#####\n#.+.#\n#####\n");
        assert!(!t.open_door(Pos::new(1, 1)), "floor is no door");
    }

    #[test]
    fn a_door_digs_out_like_rock() {
        let mut t = Terrain::from_text("#####\n#.+.#\n#.'.#\n#####\n", 1);
        for door in [Pos::new(2, 1), Pos::new(2, 2)] {
            assert!(t.is_diggable(door));
            assert_eq!(t.dig(door), vec![door]);
            assert_eq!(t.tile(door), Tile::DugFloor);
        }
        let edge = Terrain::from_text("+.\n", 1);
        assert!(!edge.is_diggable(Pos::new(0, 0)), "not in the border");
    }

    #[test]
    fn digging_exposes_deep_rock_as_wall() {
        let mut t = Terrain::from_text("#######\n#.    #\n#######\n", 1);
        let changed = t.dig(Pos::new(2, 1));
        assert_eq!(t.tile(Pos::new(2, 1)), Tile::DugFloor);
        assert_eq!(t.tile(Pos::new(3, 1)), Tile::Wall);
        assert!(changed.contains(&Pos::new(3, 1)));
        assert_eq!(t.tile(Pos::new(4, 1)), Tile::DeepRock);
        assert!(t.dig(Pos::new(0, 1)).is_empty(), "the border cannot be dug");
    }

    #[test]
    fn a_dig_undone_leaves_the_map_as_it_was() {
        let mut t = Terrain::from_text("#######\n#.    #\n#######\n", 1);
        let before = t.to_text();
        let at = Pos::new(2, 1);
        let was: Vec<(Pos, Tile)> = std::iter::once(at)
            .chain(Dir::ALL.map(|d| at.step(d)))
            .map(|p| (p, t.tile(p)))
            .collect();
        assert!(!t.dig(at).is_empty());
        assert_ne!(t.to_text(), before);
        t.undig(&was);
        assert_eq!(t.to_text(), before);
    }

    /// A vault: walls `%`, a locked door `&` on its tunnel, two altars `_`.
    fn vault() -> Terrain {
        Terrain::from_text(
            "#########\n\
             #.......#\n\
             #%%%&%%%#\n\
             #%_._._%#\n\
             #%%%%%%%#\n\
             #########\n",
            1,
        )
    }

    #[test]
    fn a_vault_door_is_locked_until_unlocked_and_then_stands_open() {
        let mut t = vault();
        let door = Pos::new(4, 2);
        assert_eq!(t.bump(Pos::new(4, 1), Dir::S), Bump::Locked(door));
        assert!(!t.is_diggable(door), "a vault door is no rock");
        assert!(t.unlock(door));
        assert_eq!(t.tile(door), Tile::OpenDoor);
        assert!(!t.unlock(door), "only a locked vault door unlocks");
        assert_eq!(t.bump(Pos::new(4, 1), Dir::S), Bump::Move(door));
    }

    #[test]
    fn breaking_a_vault_wall_cages_every_altar() {
        let mut t = vault();
        let wall = Pos::new(2, 2);
        assert_eq!(t.bump(Pos::new(2, 1), Dir::S), Bump::Dig(wall));
        let changed = t.dig(wall);
        assert_eq!(t.tile(wall), Tile::DugFloor);
        for altar in [Pos::new(2, 3), Pos::new(4, 3), Pos::new(6, 3)] {
            assert_eq!(t.tile(altar), Tile::AltarCaged, "{altar:?}");
            assert!(changed.contains(&altar), "{altar:?} is redrawn");
        }
    }

    #[test]
    fn caging_spares_the_altar_asked_for() {
        let mut t = vault();
        let caged = t.cage_altars(Some(Pos::new(4, 3)));
        assert_eq!(caged, vec![Pos::new(2, 3), Pos::new(6, 3)]);
        assert_eq!(t.tile(Pos::new(4, 3)), Tile::Altar);
        assert!(
            !t.is_walkable(Pos::new(2, 3)),
            "a caged altar is out of reach"
        );
    }

    #[test]
    fn the_reachable_ground_stops_at_a_locked_door_and_passes_a_closed_one() {
        let t = vault();
        let reached = t.reachable_from(Pos::new(1, 1));
        assert!(reached[Pos::new(7, 1)]);
        assert!(!reached[Pos::new(4, 2)], "the vault door is locked");
        assert!(
            !reached[Pos::new(4, 3)],
            "nor is the room behind it reached"
        );
        let doors = Terrain::from_text("#####\n#.+.#\n#####\n", 1);
        assert!(doors.reachable_from(Pos::new(1, 1))[Pos::new(3, 1)]);
        assert!(
            !t.reachable_from(Pos::new(0, 0))[Pos::new(1, 1)],
            "from rock, nothing"
        );
        let walkable = t.walkable_reached_from(Pos::new(1, 1));
        assert_eq!(walkable.len(), 7, "the corridor row only: {walkable:?}");
        assert_eq!(t.positions_of(Tile::Altar).len(), 3);
    }
}
