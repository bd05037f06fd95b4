//! `Surrounds`: each such creature that notices the hero makes for its
//! own free side of it: the first the side nearest it, each after the
//! side farthest from the sides already taken, going around the hero
//! rather than through the tiles next to it. Where no way round is found
//! it leaves the turn to the behaviours after (chasing).

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

use crate::rules::actors::Actors;
use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::plan::Plan;

/// A step on the way round to a free side of the hero, claiming it in
/// `taken`, which holds the sides surrounders hold or make for this turn.
pub(crate) fn decide(turn: &mut Turn, me: &Me, taken: &mut Vec<Pos>) -> Option<Plan> {
    if !me.noticed {
        return None;
    }
    let hero_at = me.hero_at;
    let side = free_side(&turn.actors, hero_at, taken, me.at)?;
    let beside_the_hero = |p: Pos| p != side && p.chebyshev(hero_at) <= 1;
    let (actors, mut searches) = turn.searches();
    let first = searches.first_step(actors, me.at, side, beside_the_hero)?;
    taken.push(side);
    Some(Plan::Step(first))
}

/// The sides of the hero at `hero_at` that the creatures standing at
/// `surrounders` hold.
pub(crate) fn sides_held(hero_at: Pos, surrounders: impl Iterator<Item = Pos>) -> Vec<Pos> {
    surrounders
        .filter(|at| at.chebyshev(hero_at) == 1)
        .collect()
}

/// The free side of the hero a creature at `at` makes for: with none
/// taken, the nearest; otherwise the one farthest from those taken, the
/// nearer of equals first.
fn free_side(actors: &Actors, hero_at: Pos, taken: &[Pos], at: Pos) -> Option<Pos> {
    let squared = |a: Pos, b: Pos| (a.x - b.x).pow(2) + (a.y - b.y).pow(2);
    let apart = |side: Pos| taken.iter().map(|&t| squared(side, t)).min().unwrap_or(0);
    Dir::ALL
        .into_iter()
        .filter(|&dir| actors.level.terrain.can_step(hero_at, dir))
        .map(|dir| hero_at.step(dir))
        .filter(|&side| actors.level.terrain.admits_creatures(side))
        .filter(|&side| actors.occupancy.is_free(side) && !taken.contains(&side))
        .max_by_key(|&side| (apart(side), -squared(side, at), std::cmp::Reverse(side)))
}
