//! Resources: the state of the game in play that every feature reads.

use std::collections::BTreeMap;

use bevy::prelude::*;
use gloomdelve_core::fov::{Fov, within_radius};
use gloomdelve_core::{GameRng, Grid, Pos, Terrain, Tile};

use crate::vocab::records::StoredLevel;

/// The level being played.
#[derive(Resource, Clone, Debug)]
pub struct Level {
    pub terrain: Terrain,
    /// Where the hero arrives.
    pub start: Pos,
}

/// Where the hero is in the dungeon, and every level it has left.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Dungeon {
    /// The current depth: 0 is the surface.
    pub depth: u32,
    /// The deepest level reached.
    pub deepest: u32,
    /// The levels off screen, by depth.
    pub stored: BTreeMap<u32, StoredLevel>,
    /// The turn the hero arrived on the current level.
    pub arrived: u64,
}

/// Present while the current level is new and still needs its creatures
/// and items; the population systems remove it.
#[derive(Resource, Debug, Default)]
pub(crate) struct NewLevel;

/// A trip down or up the stairs, asked for by the hero's turn and made
/// once the turn is over.
#[derive(Resource, Debug, Default)]
pub struct Travel(pub Option<Way>);

/// Which way the hero is going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Down,
    Up,
}

/// Present once the hero has come home with the Gold Key.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Won;

/// How many turns have passed.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnCount(pub u64);

/// The game-rule random numbers, seeded from the game seed and saved with it.
#[derive(Resource, Debug, Clone)]
pub struct RulesRng(pub GameRng);

/// Who stands on which tile: the hero and every creature. Kept up to date
/// by every move, so no two ever share a tile. A flat grid, grown to fit
/// the tiles it is told of, so the path searches that ask about every
/// neighbour pay an index, not a hash.
#[derive(Resource, Debug, Default)]
pub struct Occupancy {
    width: usize,
    cells: Vec<Option<Entity>>,
    /// While watched, the tiles asked about: what a decision looked at.
    watched: Option<std::sync::Mutex<Vec<Pos>>>,
}

impl Occupancy {
    /// Nobody stands anywhere (before the occupancy is rebuilt).
    pub fn clear(&mut self) {
        self.cells.fill(None);
    }

    /// The cell of `pos`, if the grid reaches it.
    fn index(&self, pos: Pos) -> Option<usize> {
        let (x, y) = (usize::try_from(pos.x).ok()?, usize::try_from(pos.y).ok()?);
        let at = y.checked_mul(self.width)?.checked_add(x)?;
        (x < self.width && at < self.cells.len()).then_some(at)
    }

    /// The cell of `pos`, growing the grid to reach it. `None` only for a
    /// position off any map (a negative coordinate).
    fn index_growing(&mut self, pos: Pos) -> Option<usize> {
        let (x, y) = (usize::try_from(pos.x).ok()?, usize::try_from(pos.y).ok()?);
        let height = self.cells.len().checked_div(self.width).unwrap_or(0);
        if x >= self.width || y >= height {
            let (width, height) = (self.width.max(x + 1), height.max(y + 1));
            let mut cells = vec![None; width * height];
            for (row, old) in self.cells.chunks(self.width.max(1)).enumerate() {
                cells[row * width..row * width + old.len()].copy_from_slice(old);
            }
            (self.width, self.cells) = (width, cells);
        }
        self.index(pos)
    }

    /// Who stands on `pos`. While [`Occupancy::watch`]ed, the tile asked
    /// about is noted too.
    pub fn at(&self, pos: Pos) -> Option<Entity> {
        if let Some(Ok(mut asked)) = self.watched.as_ref().map(|w| w.lock()) {
            asked.push(pos);
        }
        self.index(pos).and_then(|i| self.cells[i])
    }

    /// Who stands on `pos`, never noted while watched: for a fact no
    /// creature the dice move can change, such as where the immobile
    /// stand (a grazer's meal).
    pub(crate) fn peek(&self, pos: Pos) -> Option<Entity> {
        self.index(pos).and_then(|i| self.cells[i])
    }

    /// From now on notes every tile asked about, until
    /// [`Occupancy::stop_watching`]: the foresight's way to learn which
    /// tiles a creature's decision looked at.
    pub(crate) fn watch(&mut self) {
        self.watched = Some(std::sync::Mutex::default());
    }

    /// The tiles asked about since [`Occupancy::watch`], and no more
    /// noting.
    pub(crate) fn stop_watching(&mut self) -> Vec<Pos> {
        let asked = self.watched.take().map(|w| w.into_inner());
        asked.and_then(Result::ok).unwrap_or_default()
    }

    pub(crate) fn is_free(&self, pos: Pos) -> bool {
        self.at(pos).is_none()
    }

    pub fn place(&mut self, entity: Entity, pos: Pos) {
        if let Some(i) = self.index_growing(pos) {
            self.cells[i] = Some(entity);
        }
    }

    pub fn relocate(&mut self, entity: Entity, from: Pos, to: Pos) {
        self.remove(entity, from);
        self.place(entity, to);
    }

    pub fn remove(&mut self, entity: Entity, pos: Pos) {
        if let Some(i) = self.index(pos).filter(|&i| self.cells[i] == Some(entity)) {
            self.cells[i] = None;
        }
    }
}

/// The next free creature id.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct NextCreatureId(pub u64);

/// What the hero has killed this game: each victim's name and max HP,
/// for the score.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Kills(pub Vec<(String, i32)>);

/// What killed the hero, once it is dead.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct DeathCause(pub Option<String>);

/// What the hero knows of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seen {
    #[default]
    Unseen,
    /// Seen before, not now: drawn dimmed.
    Remembered,
    /// In view this turn.
    Visible,
}

/// The hero's sight on the current level.
#[derive(Resource, Debug, Clone)]
pub struct Sight {
    state: Grid<Seen>,
    /// The update each tile was last seen in, to spot changes cheaply.
    stamp: Grid<u32>,
    epoch: u32,
    visible: Vec<Pos>,
    fov: Fov,
    /// Remembered tiles that changed out of sight, as the hero last saw
    /// them: shown so until seen again.
    recalled: BTreeMap<Pos, Tile>,
}

impl Sight {
    /// The level's width, in tiles.
    pub fn width(&self) -> i32 {
        self.state.width()
    }

    /// The level's height, in tiles.
    pub fn height(&self) -> i32 {
        self.state.height()
    }

    /// Nothing seen yet, or everything when `reveal` is set.
    pub fn new(width: i32, height: i32, reveal: bool) -> Self {
        let all = if reveal { Seen::Visible } else { Seen::Unseen };
        Self {
            state: Grid::new(width, height, all),
            stamp: Grid::new(width, height, 0),
            epoch: 1,
            visible: Vec::new(),
            fov: Fov::new(),
            recalled: BTreeMap::new(),
        }
    }

    /// Sight on a level seen before: `memory` marks the tiles remembered,
    /// and `recalled` the ones that changed since, as they were.
    pub(crate) fn remembering(memory: Grid<bool>, recalled: &[(Pos, Tile)], reveal: bool) -> Self {
        let mut sight = Self::new(memory.width(), memory.height(), reveal);
        if !reveal {
            for (p, &known) in memory.iter() {
                if known {
                    sight.state[p] = Seen::Remembered;
                }
            }
        }
        for &(pos, tile) in recalled {
            sight.recall(pos, tile);
        }
        sight
    }

    /// The tile at `pos` changed while the hero did not see it: a tile it
    /// remembers keeps looking as `was`, the oldest look it remembers.
    pub(crate) fn recall(&mut self, pos: Pos, was: Tile) {
        if self.seen(pos) == Seen::Remembered {
            self.recalled.entry(pos).or_insert(was);
        }
    }

    /// Remembers, as if seen, every unseen tile one can stand on and the
    /// rock that touches it; returns the tiles it learned.
    pub(crate) fn learn_layout(&mut self, terrain: &Terrain) -> Vec<Pos> {
        let shapes = |p: Pos| {
            terrain.is_walkable(p)
                || gloomdelve_core::Dir::ALL
                    .iter()
                    .any(|&d| terrain.is_walkable(p.step(d)))
        };
        let learned: Vec<Pos> = terrain
            .tiles()
            .iter()
            .map(|(p, _)| p)
            .filter(|&p| self.state[p] == Seen::Unseen && shapes(p))
            .collect();
        for &p in &learned {
            self.state[p] = Seen::Remembered;
        }
        learned
    }

    /// The tile the hero believes is at `pos`: as it last saw it.
    pub fn believed(&self, terrain: &Terrain, pos: Pos) -> Tile {
        self.recalled
            .get(&pos)
            .copied()
            .unwrap_or_else(|| terrain.tile(pos))
    }

    /// The remembered tiles that changed out of sight, as they were.
    pub(crate) fn recollection(&self) -> Vec<(Pos, Tile)> {
        self.recalled.iter().map(|(&p, &t)| (p, t)).collect()
    }

    /// Which tiles the hero has ever seen on this level.
    pub fn memory(&self) -> Grid<bool> {
        Grid::from_fn(self.state.width(), self.state.height(), |p| self.knows(p))
    }

    pub fn seen(&self, pos: Pos) -> Seen {
        self.state.get(pos).copied().unwrap_or_default()
    }

    /// Whether the hero knows the tile at `pos`: it sees it now, or saw it.
    pub fn knows(&self, pos: Pos) -> bool {
        self.seen(pos) != Seen::Unseen
    }

    /// The tiles in view this turn.
    pub fn visible(&self) -> &[Pos] {
        &self.visible
    }

    /// Recomputes sight from `origin` and returns the tiles whose state changed.
    pub fn update(&mut self, level: &Level, origin: Pos, radius: i32) -> Vec<Pos> {
        self.epoch += 1;
        let (epoch, mut changed) = (self.epoch, Vec::new());
        let previous = std::mem::take(&mut self.visible);
        let Self {
            state,
            stamp,
            fov,
            visible,
            recalled,
            ..
        } = self;
        fov.compute(
            origin,
            radius,
            |p| level.terrain.tile(p).blocks_sight(),
            |p| {
                let Some(last) = stamp.get_mut(p) else { return };
                if *last == epoch {
                    return;
                }
                if *last != epoch - 1 || state[p] != Seen::Visible {
                    changed.push(p);
                }
                *last = epoch;
                state[p] = Seen::Visible;
                visible.push(p);
                if !recalled.is_empty() {
                    recalled.remove(&p);
                }
            },
        );
        for p in previous {
            if self.stamp[p] != epoch && self.state[p] == Seen::Visible {
                self.state[p] = Seen::Remembered;
                changed.push(p);
            }
        }
        changed
    }

    /// Whether a creature at `at` with sight `vision` sees the hero: by
    /// symmetry, exactly when the hero sees that tile and it is in range.
    pub fn sees_hero(&self, hero: Pos, at: Pos, vision: i32) -> bool {
        self.seen(at) == Seen::Visible && within_radius(at.x - hero.x, at.y - hero.y, vision)
    }
}

/// The creatures in view after the last turn, and whether one of them
/// was not in view the turn before: a held key stops walking then.
#[derive(Resource, Debug, Default)]
pub struct MonstersInView {
    pub in_view: Vec<Entity>,
    pub newcomer: bool,
    /// Creatures were in view the turn before and none is now (killed, or
    /// gone out of sight).
    pub all_gone: bool,
}

/// Asks for a save once the level just entered is ready.
#[derive(Resource, Debug, Default)]
pub struct SaveSoon;

/// The rooms whose lay the hero knows before it sees them (the hunt's
/// Warrens): auto-explore heads for those it has not looked into.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KnownRooms {
    /// The seed of the world the rooms belong to.
    pub seed: u64,
    pub rooms: Vec<gloomdelve_core::Rect>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_occupancy_grows_to_fit_and_keeps_who_stands_where() {
        let (a, b) = (
            Entity::from_raw_u32(1).unwrap(),
            Entity::from_raw_u32(2).unwrap(),
        );
        let mut occupancy = Occupancy::default();
        assert!(occupancy.is_free(Pos::new(3, 4)), "nobody yet, nowhere");
        occupancy.place(a, Pos::new(3, 4));
        occupancy.place(b, Pos::new(599, 1));
        assert_eq!(
            occupancy.at(Pos::new(3, 4)),
            Some(a),
            "kept as the grid grew"
        );
        assert_eq!(occupancy.at(Pos::new(599, 1)), Some(b));
        assert!(occupancy.is_free(Pos::new(4, 3)));
        assert!(occupancy.is_free(Pos::new(-1, 2)), "off the map is free");
        occupancy.relocate(a, Pos::new(3, 4), Pos::new(10, 700));
        assert!(occupancy.is_free(Pos::new(3, 4)));
        assert_eq!(occupancy.at(Pos::new(10, 700)), Some(a));
        occupancy.remove(b, Pos::new(10, 700));
        assert_eq!(
            occupancy.at(Pos::new(10, 700)),
            Some(a),
            "only its own tile"
        );
        occupancy.relocate(b, Pos::new(10, 700), Pos::new(0, 0));
        assert_eq!(
            occupancy.at(Pos::new(10, 700)),
            Some(a),
            "a stays where b was not"
        );
        occupancy.clear();
        assert!(occupancy.is_free(Pos::new(0, 0)) && occupancy.is_free(Pos::new(10, 700)));
    }
}

/// Whether the sidebar of the monsters in view is shown: on unless the
/// player hid it (its key, `v`), and kept in `settings.ron`.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowSidebar(pub bool);

impl Default for ShowSidebar {
    fn default() -> Self {
        Self(true)
    }
}

/// Whether travel and auto-explore may plan through rock the hero can dig
/// (the Esc menu's "Routes may dig", kept in `settings.ron`; on unless the
/// player turned it off).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoutesMayDig(pub bool);

impl Default for RoutesMayDig {
    fn default() -> Self {
        Self(true)
    }
}
