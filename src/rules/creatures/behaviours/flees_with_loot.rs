//! `FleesWithLoot`: a creature that carries loot keeps away from the hero
//! it notices, and strikes only when cornered next to it; out of sight it
//! wanders. With empty hands it leaves the turn to the behaviours after.

use crate::rules::creatures::behaviours::context::{Me, Turn, step_away, wander};
use crate::rules::creatures::behaviours::steals::Loot;

pub fn act(turn: &mut Turn, me: &Me, loot: Option<&Loot>) -> bool {
    if loot.is_none_or(Loot::is_empty) {
        return false;
    }
    let actors = &mut turn.actors;
    if !me.noticed {
        wander(actors, me.entity, me.at);
    } else if !step_away(actors, me.entity, me.at, me.hero_at) && me.next_to_hero(actors) {
        actors.strike(me.entity, me.hero);
    }
    true
}
