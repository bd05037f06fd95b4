//! `Burrows`: a creature that notices the hero makes for it straight,
//! each turn a step nearer or the rock (or door) in the way dug out. Its tunnels
//! stay; a tunnel dug where the hero cannot see stays remembered as the
//! rock it was until the hero sees it. With every way nearer blocked it
//! leaves the turn to the behaviours after (wandering).

use bevy::prelude::*;
use gloomdelve_core::{Bump, Dir, Pos, Terrain, Tile};

use crate::rules::actors::Actors;
use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::vocab::messages::{Burrowed, TerrainChanged};

/// What a dig tells the rest of the game.
pub(crate) type Told<'a, 'w> = (
    &'a mut MessageWriter<'w, TerrainChanged>,
    &'a mut MessageWriter<'w, Burrowed>,
);

pub(crate) fn decide(turn: &Turn, me: &Me) -> Option<Plan> {
    if !me.noticed {
        return None;
    }
    match burrow(&turn.actors, me.at, me.hero_at)? {
        Bump::Move(to) => Some(Plan::Step(to)),
        Bump::Dig(rock) => Some(Plan::Dig(rock)),
        _ => None,
    }
}

/// Digs out `rock`, and tells the view and the hero's memory of it.
pub fn act(turn: &mut Turn, rock: Pos, (changed, burrowed): Told) {
    let dug = dig(&mut turn.actors.level.terrain, rock);
    changed.write(TerrainChanged(dug.iter().map(|(p, _)| *p).collect()));
    burrowed.write(Burrowed {
        at: rock,
        before: dug,
    });
}

/// The step nearer `hero_at` that a burrower takes from `at`: onto free
/// ground, or into rock it can dig. The nearest first, walking before
/// digging; `None` when every way nearer is blocked.
fn burrow(actors: &Actors, at: Pos, hero_at: Pos) -> Option<Bump> {
    let terrain = &actors.level.terrain;
    let distance = |p: Pos| (p.x - hero_at.x).pow(2) + (p.y - hero_at.y).pow(2);
    Dir::ALL
        .into_iter()
        .filter_map(|dir| match terrain.bump(at, dir) {
            Bump::Move(to) if terrain.admits_creatures(to) && actors.occupancy.is_free(to) => {
                Some((distance(to), 0, Bump::Move(to)))
            }
            // A burrower never breaks into a vault: that is the hero's choice.
            Bump::Dig(rock) | Bump::Open(rock) if terrain.tile(rock) != Tile::VaultWall => {
                Some((distance(rock), 1, Bump::Dig(rock)))
            }
            _ => None,
        })
        .filter(|(nearer, ..)| *nearer < distance(at))
        .min_by_key(|(nearer, digs, _)| (*nearer, *digs))
        .map(|(.., bump)| bump)
}

/// Digs out `rock` and returns each tile that changed, as it was before.
pub fn dig(terrain: &mut Terrain, rock: Pos) -> Vec<(Pos, Tile)> {
    let was: Vec<_> = std::iter::once(rock)
        .chain(Dir::ALL.map(|dir| rock.step(dir)))
        .map(|p| (p, terrain.tile(p)))
        .collect();
    let changed = terrain.dig(rock);
    was.into_iter()
        .filter(|(p, _)| changed.contains(p))
        .collect()
}
