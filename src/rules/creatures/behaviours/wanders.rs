//! `Wanders`: a step in a direction the dice pick, if it is open. It
//! always takes its turn, even when the dice pick a wall.

use crate::rules::creatures::behaviours::plan::Plan;

pub(crate) fn decide() -> Option<Plan> {
    Some(Plan::Wander)
}
