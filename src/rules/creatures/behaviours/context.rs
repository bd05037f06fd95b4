//! What every behaviour works with: the creature whose turn it is
//! ([`Me`]), what a creature's turn may touch ([`Turn`]), and the moves
//! several behaviours share.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

use crate::rules::actors::Actors;
use crate::rules::creatures::paths::{ChaseBy, ChaseMap, Paths, SearchCost, Searches};
use crate::vocab::game::NewGame;

/// The creature whose turn it is, and the hero as it finds it.
#[derive(Clone, Copy, Debug)]
pub struct Me {
    pub entity: Entity,
    /// Its kind in `creatures.ron`.
    pub kind: usize,
    pub at: Pos,
    pub hero: Entity,
    pub hero_at: Pos,
    /// Whether it notices the living hero this turn: by sight, or by ear
    /// through rock for a kind that `Hears`.
    pub noticed: bool,
}

impl Me {
    /// Whether one legal step takes it onto the hero's tile.
    pub(crate) fn next_to_hero(&self, actors: &Actors) -> bool {
        step_towards(actors, self.at, self.hero_at).is_some()
    }
}

/// What a creature's turn may touch, whatever it does.
#[derive(SystemParam)]
pub struct Turn<'w, 's> {
    pub actors: Actors<'w, 's>,
    pub commands: Commands<'w, 's>,
    pub new_game: Res<'w, NewGame>,
    pub cost: ResMut<'w, SearchCost>,
    pub paths: ResMut<'w, Paths>,
    pub chase: ResMut<'w, ChaseMap>,
    pub chase_by: Res<'w, ChaseBy>,
}

impl<'w, 's> Turn<'w, 's> {
    /// This turn's path searches, with the rules' budget, beside the
    /// world they search.
    pub fn searches(&mut self) -> (&Actors<'w, 's>, Searches<'_>) {
        let searches = Searches::new(&mut self.paths, &mut self.cost, &self.new_game.rules);
        (&self.actors, searches)
    }
}

/// A direction drawn from the game's dice.
pub(crate) fn random_dir(actors: &mut Actors) -> Dir {
    Dir::ALL[actors.rng.0.range(0, 8) as usize]
}

/// The open step from `from` in `dir`, under the hero's movement rule.
pub(crate) fn open_step(actors: &Actors, from: Pos, dir: Dir) -> Option<Pos> {
    actors.level.terrain.step_to(from, dir)
}

/// The direction from `from` that reaches `to` in one legal step, if any.
pub(crate) fn step_towards(actors: &Actors, from: Pos, to: Pos) -> Option<Dir> {
    Dir::ALL
        .into_iter()
        .find(|&d| from.step(d) == to && open_step(actors, from, d).is_some())
}

/// A random step onto free floor, if the dice pick one.
pub fn wander(actors: &mut Actors, entity: Entity, at: Pos) {
    let dir = random_dir(actors);
    if let Some(to) = open_step(actors, at, dir) {
        actors.try_move(entity, to);
    }
}

/// The step from `at` onto the free tile farthest from the hero at
/// `hero_at`, if it is farther and a creature may stand there (a narrow
/// tunnel it may not: then there is none).
pub(crate) fn step_away(actors: &Actors, at: Pos, hero_at: Pos) -> Option<Pos> {
    let distance = |p: Pos| (p.x - hero_at.x).pow(2) + (p.y - hero_at.y).pow(2);
    Dir::ALL
        .into_iter()
        .filter_map(|dir| actors.level.terrain.step_to(at, dir))
        .filter(|&to| distance(to) > distance(at) && actors.occupancy.is_free(to))
        .max_by_key(|&to| (distance(to), std::cmp::Reverse(to)))
        .filter(|&to| actors.level.terrain.admits_creatures(to))
}

/// Whether a creature at `at` that sees as far as `vision` sees the hero.
pub fn sees_hero(actors: &Actors, hero: Entity, (at, hero_at): (Pos, Pos), vision: i32) -> bool {
    actors.is_alive(hero)
        && actors
            .sight()
            .is_some_and(|s| s.sees_hero(hero_at, at, vision))
}
