//! Burrowers hear the hero through rock, as far as their sight reaches,
//! and dig straight toward it: each turn a step nearer, or the rock in the
//! way dug out. Their tunnels stay; a tunnel dug where the hero cannot see
//! stays remembered as the rock it was until the hero sees it.

use bevy::prelude::*;
use gloomdelve_core::fov::within_radius;
use gloomdelve_core::{Bump, Dir, Pos, Terrain};

use crate::rules::combat::Actors;
use crate::rules::creatures::ai::{positions, step_towards, turn_order, wander};
use crate::vocab::components::{BurrowerAi, CreatureId, Hero, Sees, Speed};
use crate::vocab::messages::{Burrowed, TerrainChanged};

/// Each burrower's turn, in id order.
pub(super) fn burrowers_act(
    mut actors: Actors,
    hero: Single<Entity, With<Hero>>,
    burrowers: Query<(Entity, &CreatureId, &Speed, &Sees), With<BurrowerAi>>,
    mut changed: MessageWriter<TerrainChanged>,
    mut burrowed: MessageWriter<Burrowed>,
) {
    let hero = *hero;
    for entity in turn_order(burrowers.iter().map(|(e, id, speed, _)| (e, id, speed))) {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        let hears = burrowers
            .get(entity)
            .is_ok_and(|(.., sees)| within_radius(hero_at.x - at.x, hero_at.y - at.y, sees.0));
        if !actors.is_alive(hero) || !hears {
            wander(&mut actors, entity, at);
            continue;
        }
        if step_towards(&actors, at, hero_at).is_some() {
            actors.strike(entity, hero);
            continue;
        }
        match burrow(&actors, at, hero_at) {
            Some(Bump::Move(to)) => {
                actors.try_move(entity, to);
            }
            Some(Bump::Dig(rock)) => {
                let dug = dig(&mut actors.level.terrain, rock);
                changed.write(TerrainChanged(dug.iter().map(|(p, _)| *p).collect()));
                burrowed.write(Burrowed {
                    at: rock,
                    before: dug,
                });
            }
            _ => wander(&mut actors, entity, at),
        }
    }
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
            Bump::Dig(rock) => Some((distance(rock), 1, Bump::Dig(rock))),
            _ => None,
        })
        .filter(|(nearer, ..)| *nearer < distance(at))
        .min_by_key(|(nearer, digs, _)| (*nearer, *digs))
        .map(|(.., bump)| bump)
}

/// Digs out `rock` and returns each tile that changed, as it was before.
fn dig(terrain: &mut Terrain, rock: Pos) -> Vec<(Pos, gloomdelve_core::Tile)> {
    let was: Vec<_> = std::iter::once(rock)
        .chain(Dir::ALL.map(|dir| rock.step(dir)))
        .map(|p| (p, terrain.tile(p)))
        .collect();
    let changed = terrain.dig(rock);
    was.into_iter()
        .filter(|(p, _)| changed.contains(p))
        .collect()
}
