//! `Flutters`: a step in a direction the dice pick, striking whatever
//! stands there unless it flutters too.

use crate::rules::creatures::behaviours::context::{Me, Turn, open_step, random_dir};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::vocab::data::Behaviour;

/// A flutterer always takes its turn, whatever the dice pick.
pub fn decide() -> Option<Plan> {
    Some(Plan::Flutter)
}

/// Steps where the dice say. `kind_of` says the kind of a creature that
/// stands in the way, if one does.
pub fn act(turn: &mut Turn, me: &Me, kind_of: impl Fn(bevy::prelude::Entity) -> Option<usize>) {
    let dir = random_dir(&mut turn.actors);
    let Some(to) = open_step(&turn.actors, me.at, dir) else {
        return;
    };
    let kinds = &turn.new_game.creatures.kinds;
    let flutters = |kind: usize| kinds[kind].does(&Behaviour::Flutters);
    match turn.actors.occupancy.at(to) {
        Some(other) if !kind_of(other).is_some_and(flutters) => {
            turn.actors.strike(me.entity, other)
        }
        Some(_) => {}
        None => {
            turn.actors.try_move(me.entity, to);
        }
    }
}
