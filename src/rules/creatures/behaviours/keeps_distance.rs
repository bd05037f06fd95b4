//! `KeepsDistance(n)`: a creature that notices the hero `n` tiles off or
//! nearer steps away from it, the farthest free step first. Cornered, it
//! leaves the turn to the behaviours after (biting).

use crate::rules::creatures::behaviours::context::{Me, Turn, step_away};

pub fn act(turn: &mut Turn, me: &Me, tiles: i32) -> bool {
    me.noticed
        && me.at.chebyshev(me.hero_at) <= tiles
        && step_away(&mut turn.actors, me.entity, me.at, me.hero_at)
}
