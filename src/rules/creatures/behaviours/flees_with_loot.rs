//! `FleesWithLoot`: a creature that carries loot keeps away from the hero
//! it notices, and strikes only when cornered next to it; out of sight it
//! wanders. With empty hands it leaves the turn to the behaviours after.

use crate::rules::creatures::behaviours::context::{Me, Turn, step_away};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::behaviours::steals::Loot;

pub(crate) fn decide(turn: &Turn, me: &Me, loot: Option<&Loot>) -> Option<Plan> {
    if loot.is_none_or(Loot::is_empty) {
        return None;
    }
    let actors = &turn.actors;
    if !me.noticed {
        return Some(Plan::Wander);
    }
    let plan = match step_away(actors, me.at, me.hero_at) {
        Some(to) => Plan::Step(to),
        None if me.next_to_hero(actors) => Plan::Strike(me.hero),
        None => Plan::Wait,
    };
    Some(plan)
}
