//! `Flutters`: a step in a direction the dice pick, striking whatever
//! stands there unless it flutters too.

use crate::rules::creatures::behaviours::context::{Me, Turn, open_step, random_dir};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::vocab::data::Behaviour;
use bevy::prelude::Entity;

/// A flutterer always takes its turn, whatever the dice pick.
pub(crate) fn decide() -> Option<Plan> {
    Some(Plan::Flutter)
}

/// Steps where the dice say, and returns whom it struck instead, if it
/// did.
pub fn act(turn: &mut Turn, me: &Me) -> Option<Entity> {
    let dir = random_dir(&mut turn.actors);
    let to = open_step(&turn.actors, me.at, dir)?;
    let kinds = &turn.new_game.creatures.kinds;
    let flutters = |kind: usize| kinds[kind].does(&Behaviour::Flutters);
    match turn.actors.occupancy.at(to) {
        Some(other) if !turn.actors.kind_of(other).is_some_and(flutters) => {
            turn.actors.strike(me.entity, other);
            Some(other)
        }
        Some(_) => None,
        None => {
            turn.actors.try_move(me.entity, to);
            None
        }
    }
}
