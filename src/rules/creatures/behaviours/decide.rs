//! Deciding, shared by the world's turn and the foresight: the creature
//! whose turn it is, what it remembers, and the plan its behaviours
//! choose. Nothing here changes the world or draws a die.

use bevy::prelude::*;
use gloomdelve_core::{Pos, Tile};

use crate::rules::creatures::behaviours::bites;
use crate::rules::creatures::behaviours::burrows;
use crate::rules::creatures::behaviours::chases::{self, Trail};
use crate::rules::creatures::behaviours::context::{Me, Turn, sees_hero};
use crate::rules::creatures::behaviours::flees;
use crate::rules::creatures::behaviours::flees_with_loot;
use crate::rules::creatures::behaviours::flutters;
use crate::rules::creatures::behaviours::grazes::{self, Grazing};
use crate::rules::creatures::behaviours::hears;
use crate::rules::creatures::behaviours::keeps_distance;
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::behaviours::shoots;
use crate::rules::creatures::behaviours::spreads;
use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::rules::creatures::behaviours::steals;
use crate::rules::creatures::behaviours::steals::{Belongings, Loot};
use crate::rules::creatures::behaviours::surrounds;
use crate::rules::creatures::behaviours::wanders;
use crate::vocab::components::{Creature, CreatureId, Sees, Speed};
use crate::vocab::data::{Behaviour, CreatureBook};
use crate::vocab::statuses::Statuses;

/// Every creature as a round of turns reads it: who it is, when it acts,
/// what it is, how far it sees, and what holds it.
pub(crate) type Creatures<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static CreatureId,
        &'static Speed,
        &'static Creature,
        &'static Sees,
        Option<&'static Statuses>,
    ),
>;

/// What one round of all the creatures' turns keeps count of: the sides
/// of the hero surrounders hold, and how many spreaders live.
#[derive(Clone, Debug)]
pub(crate) struct Round {
    pub taken: Vec<Pos>,
    pub living: usize,
    /// The foresight's doubt: how many turns so far may have been a meal
    /// (of a spreader, it may be), not yet taken from `living`. The
    /// world's turn takes each meal from `living` as it is eaten, and
    /// keeps this 0.
    pub maybe_eaten: usize,
}

impl Round {
    /// The fewest spreaders that may live now: a spreader below the
    /// bound by this count may spread (the foresight shows a spread, which
    /// a wait at the bound fulfils too).
    pub fn fewest_living(&self) -> usize {
        self.living.saturating_sub(self.maybe_eaten)
    }
}

/// What a creature remembers, as its behaviours read it: its trail (after
/// this turn's noticing), its loot, its count of children.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mind<'a> {
    pub trail: Option<Trail>,
    pub loot: Option<&'a Loot>,
    pub spreading: Option<&'a Spreading>,
    pub grazing: Option<&'a Grazing>,
}

/// What a creature decided: its plan, if any, and whether its trail went
/// cold (`Chases` had nothing to do), so it forgets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decision {
    pub plan: Option<Plan>,
    pub lost_trail: bool,
}

/// Each kind's behaviours in the order they are asked.
pub(crate) fn priorities(book: &CreatureBook) -> Vec<Vec<Behaviour>> {
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
pub(crate) fn me(turn: &Turn, who: (Entity, usize, i32), hero: Entity) -> Option<Me> {
    let at = turn.actors.ready_at(who.0)?;
    me_at(turn, who, hero, at)
}

/// [`me`] for a creature standing at `at`.
pub(crate) fn me_at(
    turn: &Turn,
    (entity, kind, vision): (Entity, usize, i32),
    hero: Entity,
    at: Pos,
) -> Option<Me> {
    let actors = &turn.actors;
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

/// A creature's memory of the hero after this turn's look: a chaser that
/// notices the hero remembers where.
pub(crate) fn noticed_trail(me: &Me, trail: Option<Trail>) -> Option<Trail> {
    trail.map(|mut trail| {
        chases::notice(me, &mut trail);
        trail
    })
}

/// Asks each of `behaviours` in turn what it would do: the first plan
/// wins. A chaser none of whose behaviours before `Chases` had a plan,
/// and that has none to chase with, loses the trail.
pub(crate) fn decide(
    behaviours: &[Behaviour],
    turn: &mut Turn,
    me: &Me,
    (mind, belongings): (&Mind, &Belongings),
    round: &mut Round,
) -> Decision {
    let mut lost_trail = false;
    let plan = behaviours.iter().find_map(|behaviour| {
        let plan = decide_one(behaviour, turn, me, (mind, belongings), round);
        lost_trail |= plan.is_none() && *behaviour == Behaviour::Chases && mind.trail.is_some();
        plan
    });
    let plan = plan.map(|plan| through_doors(plan, turn, me));
    Decision { plan, lost_trail }
}

/// A step into a closed door opens it, for a kind that opens doors; one
/// that cannot waits.
fn through_doors(plan: Plan, turn: &Turn, me: &Me) -> Plan {
    match plan {
        Plan::Step(to) if turn.actors.level.terrain.tile(to) == Tile::Door => {
            if turn.new_game.creatures.kinds[me.kind].opens_doors {
                Plan::Open(to)
            } else {
                Plan::Wait
            }
        }
        plan => plan,
    }
}

/// What one behaviour would do this turn, if anything.
fn decide_one(
    behaviour: &Behaviour,
    turn: &mut Turn,
    me: &Me,
    (mind, belongings): (&Mind, &Belongings),
    round: &mut Round,
) -> Option<Plan> {
    match behaviour {
        Behaviour::Hears(_) | Behaviour::Sleeps(_) | Behaviour::GrowsOnTheDead => None,
        Behaviour::Flees(percent) => flees::decide(turn, me, *percent),
        Behaviour::FleesWithLoot => flees_with_loot::decide(turn, me, mind.loot),
        Behaviour::Steals => steals::decide(turn, me, mind.loot?, belongings),
        Behaviour::KeepsDistance(tiles) => keeps_distance::decide(turn, me, *tiles),
        Behaviour::Bites => bites::decide(turn, me),
        Behaviour::Shoots(missile) => shoots::decide(turn, me, missile),
        Behaviour::Surrounds => surrounds::decide(turn, me, &mut round.taken),
        Behaviour::Chases => chases::decide(turn, me, &mind.trail?),
        Behaviour::Burrows => burrows::decide(turn, me),
        Behaviour::Spreads => spreads::decide(turn, mind.spreading?, round.fewest_living()),
        Behaviour::Grazes(food) => grazes::decide(turn, me, food, mind.grazing?),
        Behaviour::Flutters => flutters::decide(),
        Behaviour::Wanders => wanders::decide(),
    }
}
