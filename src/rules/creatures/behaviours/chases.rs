//! `Chases`: a creature follows the hero it notices, and having lost it
//! goes to where it noticed it last. There, or on no trail, it forgets,
//! and the behaviours after this one (wandering) have their turn.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use serde::{Deserialize, Serialize};

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::paths::ChaseBy;
use crate::rules::invariants;

/// Where a chaser last noticed the hero.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trail {
    pub last_seen: Option<Pos>,
}

impl Remembered for Trail {
    fn worth_keeping(&self) -> bool {
        self.last_seen.is_some()
    }
}

/// A trail is kept in saves as `trail`: it leads to walkable ground.
pub(crate) const MEMORY: Memory = Memory::of::<Trail>("trail", "Chases", check);

fn check(value: &Saved, against: &Against) -> Result<(), String> {
    let trail = memory::read::<Trail>(value)?;
    match trail.last_seen {
        Some(p) => invariants::on_walkable_ground(against.terrain, p)
            .map_err(|e| format!("last_seen: {e}")),
        None => Ok(()),
    }
}

/// A creature that notices the hero remembers where.
pub(crate) fn notice(me: &Me, trail: &mut Trail) {
    if me.noticed {
        trail.last_seen = Some(me.hero_at);
    }
}

/// A step along the trail: toward the hero it notices by the turn's
/// shared map, or to where it last noticed it by its own search. Waiting
/// where others block the way while it still notices the hero is its
/// plan; with the trail lost it has none, and [`lose_trail`] forgets it.
pub(crate) fn decide(turn: &mut Turn, me: &Me, trail: &Trail) -> Option<Plan> {
    let target = trail.last_seen.filter(|&target| target != me.at)?;
    let step = if target == me.hero_at && *turn.chase_by == ChaseBy::SharedMap {
        let budget = turn.new_game.rules.chase_map_budget;
        turn.chase
            .fill(&turn.actors, &mut turn.cost, me.hero_at, budget);
        turn.chase.step_from(&turn.actors, me.at)
    } else {
        let (actors, mut searches) = turn.searches();
        searches
            .first_step(actors, me.at, target, |_| false)
            .map(Some)
    };
    match step {
        Some(Some(to)) => Some(Plan::Step(to)),
        Some(None) => Some(Plan::Wait),
        None => me.noticed.then_some(Plan::Wait),
    }
}

/// A chaser with no plan has lost the trail: it forgets it.
pub(crate) fn lose_trail(trail: &mut Trail) {
    trail.last_seen = None;
}
