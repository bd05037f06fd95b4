//! `Flees(percent)`: below that share of its HP, a creature keeps away
//! from the hero it notices, the farthest free step first, and strikes
//! only when cornered (it leaves the turn to the behaviours after, such as
//! biting); out of the hero's notice it wanders rather than follow its
//! trail back. It heals 1 HP every `flee_regen_every` turns, and once
//! above the share again it comes back.

use bevy::prelude::*;

use crate::rules::creatures::behaviours::context::{Me, Turn, step_away};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::vocab::components::{Creature, Health};
use crate::vocab::data::{Behaviour, below_share};
use crate::vocab::game::NewGame;
use crate::vocab::resources::TurnCount;

/// Below its share, away from the hero it notices, or wandering when it
/// does not; with no step away it waits where it is, and cornered next
/// to the hero it has no plan (the next behaviour strikes).
pub(crate) fn decide(turn: &Turn, me: &Me, percent: i32) -> Option<Plan> {
    let health = turn.actors.health(me.entity)?;
    if !below_share(health, percent) {
        return None;
    }
    if !me.noticed {
        return Some(Plan::Wander);
    }
    match step_away(&turn.actors, me.at, me.hero_at) {
        Some(to) => Some(Plan::Step(to)),
        None if me.next_to_hero(&turn.actors) => None,
        None => Some(Plan::Wait),
    }
}

/// Every creature whose kind flees heals 1 HP each `flee_regen_every`
/// turns, up to its most.
pub(crate) fn recover(
    turn: Res<TurnCount>,
    new_game: Res<NewGame>,
    mut creatures: Query<(&Creature, &mut Health)>,
) {
    if !turn.0.is_multiple_of(new_game.rules.flee_regen_every) {
        return;
    }
    let kinds = &new_game.creatures.kinds;
    let flees = |kind: usize| kinds[kind].does(&Behaviour::Flees(0));
    for (creature, mut health) in &mut creatures {
        if health.hp > 0 && health.hp < health.max && flees(creature.kind) {
            health.hp += 1;
        }
    }
}
