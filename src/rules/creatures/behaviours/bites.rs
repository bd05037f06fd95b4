//! `Bites`: strikes the living hero one legal step away.

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::plan::Plan;

pub(crate) fn decide(turn: &Turn, me: &Me) -> Option<Plan> {
    let bites = turn.actors.is_alive(me.hero) && me.next_to_hero(&turn.actors);
    bites.then_some(Plan::Strike(me.hero))
}
