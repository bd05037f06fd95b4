//! `Chases`: a creature follows the hero it notices, and having lost it
//! goes to where it noticed it last. There, or on no trail, it forgets,
//! and the behaviours after this one (wandering) have their turn.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use serde::{Deserialize, Serialize};

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
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
pub const MEMORY: Memory = Memory {
    key: "trail",
    behaviour: "Chases",
    fresh: memory::fresh::<Trail>,
    save: memory::save::<Trail>,
    load: memory::load::<Trail>,
    check,
};

fn check(value: &Saved, against: &Against) -> Result<(), String> {
    let trail = memory::read::<Trail>(value)?;
    match trail.last_seen {
        Some(p) => invariants::on_walkable_ground(against.terrain, p)
            .map_err(|e| format!("last_seen: {e}")),
        None => Ok(()),
    }
}

/// A creature that notices the hero remembers where.
pub fn notice(me: &Me, trail: &mut Trail) {
    if me.noticed {
        trail.last_seen = Some(me.hero_at);
    }
}

/// Takes a step along the trail. Waiting where others block the way
/// while it still notices the hero counts as its turn; losing the trail
/// does not.
pub fn act(turn: &mut Turn, me: &Me, trail: &mut Trail) -> bool {
    let Some(target) = trail.last_seen.filter(|&target| target != me.at) else {
        trail.last_seen = None;
        return false;
    };
    let on_trail = if target == me.hero_at && *turn.chase_by == ChaseBy::SharedMap {
        let budget = turn.new_game.rules.chase_map_budget;
        turn.chase
            .fill(&turn.actors, &mut turn.cost, me.hero_at, budget);
        turn.chase.step(&mut turn.actors, me.entity, me.at)
    } else {
        let (actors, mut searches) = turn.searches();
        searches.walk(actors, me.entity, me.at, target)
    };
    if !on_trail && !me.noticed {
        trail.last_seen = None;
    }
    on_trail || me.noticed
}
