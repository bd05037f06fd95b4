//! `KeepsDistance(n)`: a creature that notices the hero `n` tiles off or
//! nearer steps away from it, the farthest free step first. Cornered, it
//! leaves the turn to the behaviours after (biting).

use crate::rules::creatures::behaviours::context::{Me, Turn, step_away};
use crate::rules::creatures::behaviours::plan::Plan;

pub(crate) fn decide(turn: &Turn, me: &Me, tiles: i32) -> Option<Plan> {
    if !me.noticed || me.at.chebyshev(me.hero_at) > tiles {
        return None;
    }
    step_away(&turn.actors, me.at, me.hero_at).map(Plan::Step)
}
