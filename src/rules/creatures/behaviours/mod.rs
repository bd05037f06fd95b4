//! Creatures made of behaviours. Each kind lists its behaviours in
//! `creatures.ron`; each behaviour is one file here. Every creature acts in
//! one id order, whatever its kind (then the fast ones again, pass by
//! pass). It asks its behaviours in [`Behaviour::priority`] order what each
//! would do (`decide`: reading the world, changing nothing, drawing no
//! die); the first [`Plan`] wins, and `act` carries it out.
//!
//! A new behaviour takes its file, a variant of [`Behaviour`] (with its
//! priority and name) and an arm of `decide_one`; one that remembers
//! something gives a [`memory::Memory`] and a line in
//! [`memories::MEMORIES`] (see docs/architecture.md).

pub mod bites;
pub mod burrows;
pub mod chases;
pub mod context;
pub mod flees_with_loot;
pub mod flutters;
pub mod hears;
pub mod keeps_distance;
pub mod memories;
pub mod memory;
pub mod plan;
pub mod shoots;
pub mod spreads;
pub mod steals;
pub mod surrounds;
pub mod wanders;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::creatures::behaviours::chases::Trail;
use crate::rules::creatures::behaviours::context::{Me, Turn, sees_hero, wander};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::rules::creatures::behaviours::steals::{Belongings, Loot};
use crate::rules::creatures::paths::SearchCost;
use crate::rules::creatures::spawn::spawn_creature;
use crate::vocab::components::{Creature, CreatureId, Hero, Sees, Speed};
use crate::vocab::data::{Behaviour, CreatureBook};
use crate::vocab::messages::{Burrowed, MissileFlew, TerrainChanged, TurnTaken};
use crate::vocab::resources::NextCreatureId;
use crate::vocab::states::TurnPhase;

pub(in crate::rules) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            creatures_act
                .in_set(TurnPhase::WorldActs)
                .run_if(on_message::<TurnTaken>),
            steals::drop_the_loot_of_the_dead
                .in_set(TurnPhase::ResolveDeaths)
                .before(crate::rules::combat::leave_corpses),
        ),
    );
}

/// The memories creatures' behaviours keep.
#[derive(SystemParam)]
struct Memories<'w, 's> {
    trails: Query<'w, 's, &'static mut Trail>,
    loot: Query<'w, 's, &'static mut Loot>,
    spreading: Query<'w, 's, &'static mut Spreading>,
}

/// What creatures' turns tell the rest of the game.
#[derive(SystemParam)]
struct Told<'w> {
    flew: MessageWriter<'w, MissileFlew>,
    changed: MessageWriter<'w, TerrainChanged>,
    burrowed: MessageWriter<'w, Burrowed>,
}

/// What the creatures' turns touch beyond [`Turn`]: what their
/// behaviours remember and tell, the hero's belongings, the creatures.
#[derive(SystemParam)]
struct Crowd<'w, 's> {
    memories: Memories<'w, 's>,
    belongings: Belongings<'w, 's>,
    told: Told<'w>,
    next_id: ResMut<'w, NextCreatureId>,
    creatures: Creatures<'w, 's>,
}

/// What one round of all the creatures' turns keeps count of: the sides
/// of the hero surrounders hold, and how many spreaders live.
struct Round {
    taken: Vec<Pos>,
    living: usize,
}

type Creatures<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static CreatureId,
        &'static Speed,
        &'static Creature,
        &'static Sees,
    ),
>;

/// Every creature's turn, in one id order.
fn creatures_act(mut turn: Turn, mut crowd: Crowd, hero: Single<Entity, With<Hero>>) {
    let hero = *hero;
    *turn.cost = SearchCost::default();
    turn.chase.forget();
    let plans = priorities(&turn.new_game.creatures);
    let creatures = &crowd.creatures;
    let order = turn_order(creatures.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    let mut round = Round {
        taken: surrounders_beside(&turn, creatures, hero),
        living: spreaders_living(&turn, creatures, &crowd.memories),
    };
    for entity in order {
        let Ok((.., creature, sees)) = crowd.creatures.get(entity) else {
            continue;
        };
        let kind = creature.kind;
        let Some(me) = me(&turn, (entity, kind, sees.0), hero) else {
            continue;
        };
        if let Ok(mut trail) = crowd.memories.trails.get_mut(entity) {
            chases::notice(&me, &mut trail);
        }
        if let Some(plan) = decide(&plans[kind], &mut turn, &me, (&mut crowd, &mut round)) {
            act(plan, &mut turn, &me, (&mut crowd, &mut round));
        }
    }
}

/// Each kind's behaviours in the order they are asked.
fn priorities(book: &CreatureBook) -> Vec<Vec<Behaviour>> {
    book.kinds
        .iter()
        .map(|kind| {
            let mut plan = kind.behaviours.clone();
            plan.sort_by_key(Behaviour::priority);
            plan
        })
        .collect()
}

/// The creature `entity` of `kind` whose turn it is, if it is ready to
/// act, with whether it notices the hero.
fn me(turn: &Turn, (entity, kind, vision): (Entity, usize, i32), hero: Entity) -> Option<Me> {
    let actors = &turn.actors;
    let at = actors.ready_at(entity)?;
    let hero_at = actors.pos(hero)?;
    let noticed = match turn.new_game.creatures.kinds[kind].hears() {
        Some(tiles) => actors.is_alive(hero) && hears::hears(at, hero_at, tiles),
        None => sees_hero(actors, hero, (at, hero_at), vision),
    };
    Some(Me {
        entity,
        kind,
        at,
        hero,
        hero_at,
        noticed,
    })
}

/// Asks each of `behaviours` in turn what it would do: the first plan
/// wins. A chaser none of whose behaviours before `Chases` had a plan,
/// and that has none to chase with, forgets the trail.
fn decide(
    behaviours: &[Behaviour],
    turn: &mut Turn,
    me: &Me,
    (crowd, round): (&mut Crowd, &mut Round),
) -> Option<Plan> {
    behaviours.iter().find_map(|behaviour| {
        let plan = decide_one(behaviour, turn, me, (crowd, round));
        if plan.is_none()
            && *behaviour == Behaviour::Chases
            && let Ok(mut trail) = crowd.memories.trails.get_mut(me.entity)
        {
            chases::lose_trail(&mut trail);
        }
        plan
    })
}

/// What one behaviour would do this turn, if anything.
fn decide_one(
    behaviour: &Behaviour,
    turn: &mut Turn,
    me: &Me,
    (crowd, round): (&mut Crowd, &mut Round),
) -> Option<Plan> {
    let entity = me.entity;
    let memories = &crowd.memories;
    match behaviour {
        Behaviour::Hears(_) => None,
        Behaviour::FleesWithLoot => {
            flees_with_loot::decide(turn, me, memories.loot.get(entity).ok())
        }
        Behaviour::Steals => {
            let loot = memories.loot.get(entity).ok()?;
            steals::decide(turn, me, loot, &crowd.belongings)
        }
        Behaviour::KeepsDistance(tiles) => keeps_distance::decide(turn, me, *tiles),
        Behaviour::Bites => bites::decide(turn, me),
        Behaviour::Shoots(missile) => shoots::decide(turn, me, missile),
        Behaviour::Surrounds => surrounds::decide(turn, me, &mut round.taken),
        Behaviour::Chases => {
            let trail = *memories.trails.get(entity).ok()?;
            chases::decide(turn, me, &trail)
        }
        Behaviour::Burrows => burrows::decide(turn, me),
        Behaviour::Spreads => {
            let spreading = memories.spreading.get(entity).ok()?;
            spreads::decide(turn, spreading, round.living)
        }
        Behaviour::Flutters => flutters::decide(),
        Behaviour::Wanders => wanders::decide(),
    }
}

/// Carries `plan` out.
fn act(plan: Plan, turn: &mut Turn, me: &Me, (crowd, round): (&mut Crowd, &mut Round)) {
    let entity = me.entity;
    match plan {
        Plan::Step(to) => {
            turn.actors.try_move(entity, to);
        }
        Plan::Strike(target) => turn.actors.strike(entity, target),
        Plan::Shoot(missile) => shoots::act(turn, me, &missile, &mut crowd.told.flew),
        Plan::Dig(rock) => {
            let told = &mut crowd.told;
            burrows::act(turn, rock, (&mut told.changed, &mut told.burrowed));
        }
        Plan::Steal => {
            if let Ok(mut loot) = crowd.memories.loot.get_mut(entity) {
                steals::act(turn, &mut loot, &mut crowd.belongings);
            }
        }
        Plan::Wait => {}
        Plan::Wander => wander(&mut turn.actors, entity, me.at),
        Plan::Flutter => {
            let creatures = &crowd.creatures;
            flutters::act(turn, me, |other| {
                creatures.get(other).ok().map(|c| c.3.kind)
            });
        }
        Plan::Spread => {
            if let Ok(mut spreading) = crowd.memories.spreading.get_mut(entity) {
                let next_id = &mut *crowd.next_id;
                let counts = (&mut *spreading, &mut round.living);
                spreads::act(turn, me, counts, |turn, kind, at| {
                    let book = &turn.new_game.creatures;
                    spawn_creature(&mut turn.commands, book, next_id, kind, at)
                });
            }
        }
    }
}

/// The sides of the hero that creatures which surround it already hold.
fn surrounders_beside(turn: &Turn, creatures: &Creatures, hero: Entity) -> Vec<Pos> {
    let Some(hero_at) = turn.actors.pos(hero) else {
        return Vec::new();
    };
    let kinds = &turn.new_game.creatures.kinds;
    let surrounders = creatures
        .iter()
        .filter(|c| kinds[c.3.kind].does(&Behaviour::Surrounds))
        .filter_map(|c| turn.actors.ready_at(c.0));
    surrounds::sides_held(hero_at, surrounders)
}

/// How many living creatures spread.
fn spreaders_living(turn: &Turn, creatures: &Creatures, memories: &Memories) -> usize {
    creatures
        .iter()
        .filter(|c| memories.spreading.contains(c.0) && turn.actors.is_alive(c.0))
        .count()
}

/// Each creature's turns this round, so every creature acts once in id
/// order, then the fast ones again: pass by pass, in id order.
pub(crate) fn turn_order<'a>(
    creatures: impl Iterator<Item = (Entity, &'a CreatureId, &'a Speed)>,
) -> Vec<Entity> {
    let mut by_id: Vec<(CreatureId, u8, Entity)> = creatures
        .map(|(entity, id, speed)| (*id, speed.0, entity))
        .collect();
    // Creatures are stored mostly in spawn order: usually nothing to sort.
    if !by_id.is_sorted_by_key(|turn| turn.0) {
        by_id.sort_unstable_by_key(|turn| turn.0);
    }
    let passes = by_id.iter().map(|turn| turn.1).max().unwrap_or(0);
    let mut turns = Vec::with_capacity(by_id.len() * usize::from(passes));
    for pass in 0..passes {
        let fast_enough = by_id.iter().filter(|turn| turn.1 > pass);
        turns.extend(fast_enough.map(|turn| turn.2));
    }
    turns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_creature_acts_once_in_id_order_then_the_fast_ones_again() {
        let entities: Vec<Entity> = (1..=4)
            .map(Entity::from_raw_u32)
            .map(Option::unwrap)
            .collect();
        let ids = [CreatureId(7), CreatureId(2), CreatureId(5), CreatureId(3)];
        let speeds = [Speed(2), Speed(1), Speed(3), Speed(1)];
        let stored = (0..4).map(|i| (entities[i], &ids[i], &speeds[i]));
        let [seven, two, five, three] = [entities[0], entities[1], entities[2], entities[3]];
        assert_eq!(
            turn_order(stored),
            vec![two, three, five, seven, five, seven, five]
        );
    }
}
