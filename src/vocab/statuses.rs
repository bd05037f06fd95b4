//! Statuses: what holds a creature or the hero for a number of turns
//! (paralysed, sick, regenerating, far sight, weakened). One [`Statuses`] component
//! holds them all; one tick wears them off (`rules/statuses.rs`); each
//! kind's HUD label and wear-off line are data (`statuses` in `rules.ron`).

use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// One kind of status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    /// Skips its turns.
    Paralysed,
    /// Loses HP each turn (bad meat).
    Sick,
    /// Heals 1 HP each turn (a potion).
    Regenerating,
    /// Sees twice as far (a potion).
    FarSight,
    /// Strikes with less attack (a bad potion).
    Weak,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Paralysed,
        Status::Sick,
        Status::Regenerating,
        Status::FarSight,
        Status::Weak,
    ];
}

/// How a status reads: its HUD label, and the line the hero hears when it
/// wears off the hero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusWords {
    pub label: String,
    pub wears_off: String,
}

/// The statuses the shipped rules name, as `rules.ron` leaves them out.
pub(crate) fn default_status_words() -> BTreeMap<Status, StatusWords> {
    let words = |label: &str, wears_off: &str| StatusWords {
        label: label.to_string(),
        wears_off: wears_off.to_string(),
    };
    BTreeMap::from([
        (Status::Paralysed, words("Paralysed", "You can move again.")),
        (
            Status::Sick,
            words("Sick", "Your stomach settles. You feel better."),
        ),
        (
            Status::Regenerating,
            words("Regenerating", "The warmth fades."),
        ),
        (
            Status::FarSight,
            words("Far sight", "Your sight dims to its usual reach."),
        ),
        (Status::Weak, words("Weakened", "Your strength comes back.")),
    ])
}

/// The statuses holding one creature or the hero, each with the turns it
/// has left (always at least 1: a status that runs out is gone).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Statuses(BTreeMap<Status, u32>);

impl Statuses {
    /// The turns `status` has left; 0 when it does not hold.
    pub fn turns(&self, status: Status) -> u32 {
        self.0.get(&status).copied().unwrap_or(0)
    }

    pub fn has(&self, status: Status) -> bool {
        self.turns(status) > 0
    }

    /// Gives `status` for `turns`, or keeps what it has left if longer.
    pub fn give(&mut self, status: Status, turns: u32) {
        if turns > self.turns(status) {
            self.0.insert(status, turns);
        }
    }

    /// One turn passes: each status has a turn less, and those that run
    /// out are returned, in [`Status`] order.
    pub fn tick(&mut self) -> Vec<Status> {
        for turns in self.0.values_mut() {
            *turns = turns.saturating_sub(1);
        }
        let ended: Vec<Status> = self
            .0
            .iter()
            .filter(|(_, turns)| **turns == 0)
            .map(|(status, _)| *status)
            .collect();
        self.0.retain(|_, turns| *turns > 0);
        ended
    }

    /// Each status that holds, with its turns left, in [`Status`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Status, u32)> + '_ {
        self.0.iter().map(|(status, turns)| (*status, *turns))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Statuses built from `(status, turns)` pairs; a pair of 0 turns gives
/// nothing.
impl FromIterator<(Status, u32)> for Statuses {
    fn from_iter<I: IntoIterator<Item = (Status, u32)>>(pairs: I) -> Self {
        let mut statuses = Statuses::default();
        for (status, turns) in pairs {
            statuses.give(status, turns);
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_wears_off_turn_by_turn_and_the_longer_gift_wins() {
        let mut held = Statuses::default();
        held.give(Status::Sick, 2);
        held.give(Status::Regenerating, 1);
        held.give(Status::Sick, 1);
        assert_eq!(held.turns(Status::Sick), 2, "the longer one stays");
        assert_eq!(held.tick(), vec![Status::Regenerating]);
        assert!(held.has(Status::Sick) && !held.has(Status::Regenerating));
        assert_eq!(held.tick(), vec![Status::Sick]);
        assert!(held.is_empty());
        assert_eq!(held.tick(), Vec::new());
    }
}
