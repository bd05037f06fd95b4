//! `Wanders`: a step in a direction the dice pick, if it is open.

use crate::rules::creatures::behaviours::context::{Me, Turn, wander};

/// Always takes its turn, even when the dice pick a wall.
pub fn act(turn: &mut Turn, me: &Me) -> bool {
    wander(&mut turn.actors, me.entity, me.at);
    true
}
