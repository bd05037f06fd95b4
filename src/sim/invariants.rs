//! The rules every turn must keep. A broken one stops the simulation with
//! the seed, the turn and what broke.

use std::collections::HashSet;
use std::fmt;

use bevy::prelude::*;

use crate::rules::creatures::behaviours::grazes::Grazing;
use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::rules::invariants;
use crate::rules::items::slots_in_world;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Creature, Health};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::components::{Item, Pack};
use crate::vocab::game::NewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::TurnCount;

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub seed: u64,
    pub turn: u64,
    pub details: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seed {}, turn {}: {}",
            self.seed, self.turn, self.details
        )
    }
}

impl std::error::Error for Violation {}

/// How many invariants [`check`] checks.
pub const INVARIANTS_PER_TURN: usize = 7;

/// Checks every invariant; returns how many checks ran.
pub fn check(world: &mut World, seed: u64) -> Result<u64, Violation> {
    let turn = world.resource::<TurnCount>().0;
    let fail = |details: String| Violation {
        seed,
        turn,
        details,
    };
    let checks: [fn(&mut World) -> Result<(), String>; INVARIANTS_PER_TURN] = [
        one_creature_a_tile,
        health_and_food_in_bounds,
        pack_within_size,
        everyone_on_walkable_ground,
        fungi_spread_at_most_their_limit,
        bodies_keep_their_stages,
        grazers_sated_within_the_rules,
    ];
    for check in checks {
        check(world).map_err(fail)?;
    }
    Ok(checks.len() as u64)
}

fn one_creature_a_tile(world: &mut World) -> Result<(), String> {
    let mut taken = HashSet::new();
    let mut standing =
        world.query_filtered::<(&GridPos, &Health), Or<(With<Hero>, With<Creature>)>>();
    for (pos, health) in standing.iter(world) {
        if health.hp > 0 && !taken.insert(pos.0) {
            return Err(format!("two creatures on {:?}", pos.0));
        }
    }
    Ok(())
}

fn health_and_food_in_bounds(world: &mut World) -> Result<(), String> {
    let mut heroes = world.query_filtered::<(&Health, Option<&Stomach>), With<Hero>>();
    for (health, stomach) in heroes.iter(world) {
        invariants::health_within_maximum(health.hp, health.max)?;
        if let Some(stomach) = stomach {
            invariants::food_within_stomach(stomach)?;
        }
    }
    Ok(())
}

fn pack_within_size(world: &mut World) -> Result<(), String> {
    let mut packs = world.query::<&Pack>();
    let used = packs
        .iter(world)
        .map(|pack| slots_in_world(world, pack).len())
        .max();
    invariants::pack_within_size(used.unwrap_or(0)).map_err(|e| format!("a pack: {e}"))
}

fn everyone_on_walkable_ground(world: &mut World) -> Result<(), String> {
    let mut creatures = world.query_filtered::<(&GridPos, &Name, &Health), With<Creature>>();
    let mut lying =
        world.query_filtered::<(&GridPos, &Name, Has<Hero>), Or<(With<Item>, With<Hero>)>>();
    let terrain = &world.resource::<Level>().terrain;
    for (pos, name, health) in creatures.iter(world) {
        if health.hp > 0 {
            invariants::creature_may_stand(terrain, pos.0)
                .map_err(|e| format!("the {name} stands where it may not: {e}"))?;
        }
    }
    for (pos, name, hero) in lying.iter(world) {
        let may_be = if hero {
            invariants::on_walkable_ground(terrain, pos.0)
        } else {
            invariants::item_may_lie(terrain, pos.0)
        };
        may_be.map_err(|e| format!("the {name} lies where nothing may: {e}"))?;
    }
    Ok(())
}

/// Bones hold no food (none is ever eaten), and only the rotten sprout.
fn bodies_keep_their_stages(world: &mut World) -> Result<(), String> {
    let mut bodies = world.query::<&crate::vocab::components::Corpse>();
    bodies.iter(world).try_for_each(|body| {
        invariants::bones_hold_no_food(body)?;
        invariants::only_the_rotten_sprout(body)
    })
}

fn grazers_sated_within_the_rules(world: &mut World) -> Result<(), String> {
    let most = world.resource::<NewGame>().rules.ecology.sated_turns;
    let mut grazers = world.query::<&Grazing>();
    grazers
        .iter(world)
        .try_for_each(|g| invariants::sated_within(g.sated, most))
}

fn fungi_spread_at_most_their_limit(world: &mut World) -> Result<(), String> {
    let limit = world.resource::<NewGame>().rules.fungus_max_spreads;
    let mut fungi = world.query::<&Spreading>();
    fungi
        .iter(world)
        .try_for_each(|f| invariants::fungus_within_spreads(f.spreads, limit))
}
