//! `Bites`: strikes the living hero one legal step away.

use crate::rules::creatures::behaviours::context::{Me, Turn};

pub fn act(turn: &mut Turn, me: &Me) -> bool {
    let bites = turn.actors.is_alive(me.hero) && me.next_to_hero(&turn.actors);
    if bites {
        turn.actors.strike(me.entity, me.hero);
    }
    bites
}
