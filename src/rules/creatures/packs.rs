//! Pack hunters surround the hero. Each wolf that sees the hero makes for
//! its own free side of it: the first the side nearest it, each after the
//! side farthest from the sides already taken, going around the hero
//! rather than through the tiles next to it. Where no way round is found
//! it closes in as a goblin does; out of sight it follows the trail.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

use crate::rules::combat::Actors;
use crate::rules::creatures::ai::{
    Searches, follow_trail, positions, sees_hero, step_towards, turn_order,
};
use crate::rules::creatures::{Paths, SearchCost};
use crate::vocab::components::{CreatureId, GoblinAi, Hero, PackAi, Sees, Speed};
use crate::vocab::game::NewGame;

/// Each wolf's turn, in id order.
pub(super) fn packs_act(
    mut actors: Actors,
    new_game: Res<NewGame>,
    hero: Single<Entity, With<Hero>>,
    (mut cost, mut paths): (ResMut<SearchCost>, ResMut<Paths>),
    mut wolves: Query<(Entity, &CreatureId, &Speed, &Sees, &mut GoblinAi), With<PackAi>>,
) {
    let hero = *hero;
    let mut searches = Searches::as_goblins(&mut paths, &mut cost, &new_game.rules);
    let order = turn_order(wolves.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    let mut taken = sides_held(&actors, hero, &order);
    for entity in order {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        let Ok((.., sees, mut memory)) = wolves.get_mut(entity) else {
            continue;
        };
        if !sees_hero(&actors, hero, (at, hero_at), sees.0) {
            follow_trail(&mut actors, &mut searches, (entity, at), &mut memory);
            continue;
        }
        memory.last_seen = Some(hero_at);
        if step_towards(&actors, at, hero_at).is_some() {
            actors.strike(entity, hero);
            continue;
        }
        let side = free_side(&actors, hero_at, &taken, at);
        let around = side.is_some_and(|side| {
            let beside_the_hero = |p: Pos| p != side && p.chebyshev(hero_at) <= 1;
            searches.walk_around(&mut actors, (entity, at), side, beside_the_hero)
        });
        if let Some(side) = side.filter(|_| around) {
            taken.push(side);
        } else {
            searches.walk(&mut actors, entity, at, hero_at);
        }
    }
}

/// The sides of the hero that wolves already stand on.
fn sides_held(actors: &Actors, hero: Entity, wolves: &[Entity]) -> Vec<Pos> {
    let Some(hero_at) = actors.pos(hero) else {
        return Vec::new();
    };
    wolves
        .iter()
        .filter_map(|&wolf| actors.ready_at(wolf))
        .filter(|at| at.chebyshev(hero_at) == 1)
        .collect()
}

/// The free side of the hero a wolf at `at` makes for: with none taken,
/// the nearest; otherwise the one farthest from those taken, the nearer
/// of equals first.
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
