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
pub(crate) mod burrows;
pub mod chases;
pub mod context;
pub(crate) mod decide;
pub mod flees;
pub(crate) mod flees_with_loot;
pub mod flutters;
pub mod foresee;
pub mod grazes;
pub(crate) mod hears;
pub(crate) mod keeps_distance;
pub mod memories;
pub mod memory;
pub mod order;
pub(crate) mod plan;
pub mod shoots;
pub(crate) mod sleeps;
pub mod spreads;
pub mod steals;
pub mod surrounds;
pub(crate) mod wanders;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::creatures::behaviours::chases::Trail;
use crate::rules::creatures::behaviours::context::{Me, Turn, wander};
use crate::rules::creatures::behaviours::decide::{Creatures, Mind, Round, decide, me, priorities};
use crate::rules::creatures::behaviours::grazes::Grazing;
use crate::rules::creatures::behaviours::order::{
    spreaders_living, surrounders_beside, turn_order,
};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::rules::creatures::behaviours::steals::{Belongings, Loot};
use crate::rules::creatures::paths::{ChaseMap, Paths, SearchCost};
use crate::rules::creatures::spawn::spawn_creature;
use crate::rules::doors;
use crate::vocab::components::Hero;
use crate::vocab::data::Behaviour;
use crate::vocab::foresight::Deed;
use crate::vocab::foresight::{Deeds, Foresight, ShowIntents};
use crate::vocab::messages::{Burrowed, DoorSwung, Grazed, MissileFlew, TerrainChanged, TurnTaken};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::states::TurnPhase;

pub(in crate::rules) fn plugin(app: &mut App) {
    app.add_message::<Grazed>();
    app.init_resource::<Deeds>();
    app.init_resource::<ShowIntents>();
    app.reset_on_new_game::<Foresight>();
    app.add_systems(
        Update,
        foresee::foresee
            .in_set(TurnPhase::UpdateHud)
            .run_if(foresee::foresight_stale)
            .run_if(resource_exists::<Paths>.and_then(resource_exists::<ChaseMap>))
            .run_if(resource_exists::<crate::vocab::resources::Level>),
    );
    app.add_systems(
        Update,
        (
            grazes::digest
                .in_set(TurnPhase::WorldActs)
                .after(creatures_act)
                .run_if(on_message::<TurnTaken>),
            creatures_act
                .in_set(TurnPhase::WorldActs)
                .run_if(on_message::<TurnTaken>),
            sleeps::wake_at_noise
                .in_set(TurnPhase::WorldActs)
                .after(creatures_act)
                .run_if(on_message::<TurnTaken>),
            flees::recover
                .in_set(TurnPhase::ResolveDeaths)
                .run_if(on_message::<TurnTaken>),
            steals::drop_the_loot_of_the_dead.in_set(crate::vocab::states::DeathSteps::DropLoot),
        ),
    );
}

/// The memories creatures' behaviours keep.
#[derive(SystemParam)]
struct Memories<'w, 's> {
    trails: Query<'w, 's, &'static mut Trail>,
    loot: Query<'w, 's, &'static mut Loot>,
    spreading: Query<'w, 's, &'static mut Spreading>,
    grazing: Query<'w, 's, &'static mut Grazing>,
}

/// What creatures' turns tell the rest of the game.
#[derive(SystemParam)]
struct Told<'w> {
    flew: MessageWriter<'w, MissileFlew>,
    changed: MessageWriter<'w, TerrainChanged>,
    burrowed: MessageWriter<'w, Burrowed>,
    swung: MessageWriter<'w, DoorSwung>,
    grazed: MessageWriter<'w, Grazed>,
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

/// Every creature's turn, in one id order.
fn creatures_act(
    mut turn: Turn,
    mut crowd: Crowd,
    hero: Single<Entity, With<Hero>>,
    mut deeds: ResMut<Deeds>,
) {
    let hero = *hero;
    *turn.cost = SearchCost::default();
    turn.chase.forget();
    deeds.0.clear();
    let plans = priorities(&turn.new_game.creatures);
    let creatures = &crowd.creatures;
    let order = turn_order(creatures.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    let kinds = creatures.iter().map(|c| (c.0, c.3.kind));
    let spreading = &crowd.memories.spreading;
    let spreaders = creatures
        .iter()
        .map(|c| c.0)
        .filter(|&e| spreading.contains(e));
    let mut round = Round {
        taken: surrounders_beside(&turn, kinds, hero),
        living: spreaders_living(&turn, spreaders),
        maybe_eaten: 0,
    };
    for entity in order {
        let Ok((_, _, _, creature, sees, _)) = crowd.creatures.get(entity) else {
            continue;
        };
        let kind = creature.kind;
        let Some(me) = me(&turn, (entity, kind, sees.0), hero) else {
            continue;
        };
        if let Some(deed) = take_turn(&plans[kind], &mut turn, &me, (&mut crowd, &mut round)) {
            deeds.0.push((entity, deed));
        }
    }
}

/// One creature's turn: it notices the hero or not, decides, forgets a
/// cold trail, and carries its plan out.
fn take_turn(
    behaviours: &[Behaviour],
    turn: &mut Turn,
    me: &Me,
    (crowd, round): (&mut Crowd, &mut Round),
) -> Option<Deed> {
    let memories = &mut crowd.memories;
    let mut trail = memories.trails.get_mut(me.entity).ok();
    if let Some(trail) = trail.as_deref_mut() {
        chases::notice(me, trail);
    }
    let mind = Mind {
        trail: trail.as_deref().copied(),
        loot: memories.loot.get(me.entity).ok(),
        spreading: memories.spreading.get(me.entity).ok(),
        grazing: memories.grazing.get(me.entity).ok(),
    };
    let decision = decide(behaviours, turn, me, (&mind, &crowd.belongings), round);
    if decision.lost_trail
        && let Ok(mut trail) = crowd.memories.trails.get_mut(me.entity)
    {
        chases::lose_trail(&mut trail);
    }
    decision
        .plan
        .map(|plan| act(plan, turn, me, (crowd, round)))
}

/// Carries `plan` out, and says what came of it.
fn act(plan: Plan, turn: &mut Turn, me: &Me, (crowd, round): (&mut Crowd, &mut Round)) -> Deed {
    let entity = me.entity;
    match plan {
        Plan::Step(to) => {
            turn.actors.try_move(entity, to);
            moved(turn, me)
        }
        Plan::Strike(target) => {
            turn.actors.strike(entity, target);
            Deed::Struck(target)
        }
        Plan::Shoot(missile) => {
            shoots::act(turn, me, &missile, &mut crowd.told.flew);
            Deed::Shot
        }
        Plan::Dig(rock) => {
            let told = &mut crowd.told;
            burrows::act(turn, rock, (&mut told.changed, &mut told.burrowed));
            Deed::Dug(rock)
        }
        Plan::Open(door) => {
            let told = &mut crowd.told;
            let told = (&mut told.swung, &mut told.changed);
            doors::open_by(&mut turn.actors, entity, door, told);
            Deed::Opened(door)
        }
        Plan::Steal => {
            if let Ok(mut loot) = crowd.memories.loot.get_mut(entity) {
                steals::act(turn, &mut loot, &mut crowd.belongings);
            }
            Deed::Stole
        }
        Plan::Wait => Deed::Waited,
        Plan::Wander => {
            wander(&mut turn.actors, entity, me.at);
            moved(turn, me)
        }
        Plan::Flutter => flutter(turn, me),
        Plan::Spread => Deed::Spread(spread(turn, me, (crowd, round))),
        Plan::Graze(meal) => graze(turn, me, meal, (crowd, round)),
        Plan::Doze if grazes::stirs(turn) => flutter(turn, me),
        Plan::Doze => Deed::Waited,
    }
}

/// A flutterer's turn: whom it struck, or where it ended.
fn flutter(turn: &mut Turn, me: &Me) -> Deed {
    let struck = flutters::act(turn, me);
    struck.map_or_else(|| moved(turn, me), Deed::Struck)
}

/// A grazer's turn: it eats `meal` if the dice say so (one spreader less
/// this round, when the meal spread), else it flutters.
fn graze(turn: &mut Turn, me: &Me, meal: Entity, (crowd, round): (&mut Crowd, &mut Round)) -> Deed {
    let memories = &mut crowd.memories;
    let Ok(mut grazing) = memories.grazing.get_mut(me.entity) else {
        return flutter(turn, me);
    };
    let was_spreader = memories.spreading.contains(meal);
    let Some(eaten) = grazes::act(turn, me, meal, &mut grazing) else {
        return flutter(turn, me);
    };
    if was_spreader {
        round.living = round.living.saturating_sub(1);
    }
    let sprite = &turn.new_game.creatures.kinds[eaten.kind].sprite;
    crowd.told.grazed.write(Grazed {
        grazer: me.entity,
        from: me.at,
        at: eaten.at,
        sprite: sprite.clone(),
    });
    Deed::Grazed(eaten.at)
}

/// Where a creature that stepped or roamed ended its turn.
fn moved(turn: &Turn, me: &Me) -> Deed {
    Deed::Moved(turn.actors.pos(me.entity).unwrap_or(me.at))
}

/// A spreader's turn: where its child was planted, if the dice said so.
fn spread(turn: &mut Turn, me: &Me, (crowd, round): (&mut Crowd, &mut Round)) -> Option<Pos> {
    let mut spreading = crowd.memories.spreading.get_mut(me.entity).ok()?;
    let next_id = &mut *crowd.next_id;
    let counts = (&mut *spreading, &mut round.living);
    spreads::act(turn, me, counts, |turn, kind, at| {
        let book = &turn.new_game.creatures;
        spawn_creature(&mut turn.commands, book, next_id, kind, at)
    })
}
