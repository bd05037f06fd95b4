//! Every behaviour memory a save keeps: one line per behaviour that
//! remembers something.

use bevy::prelude::*;

use crate::rules::creatures::behaviours::chases;
use crate::rules::creatures::behaviours::grazes;
use crate::rules::creatures::behaviours::memory::Memory;
use crate::rules::creatures::behaviours::sleeps;
use crate::rules::creatures::behaviours::spreads;
use crate::rules::creatures::behaviours::steals;
use crate::vocab::data::CreatureKind;

/// Each memory, by its key in the save.
pub(crate) const MEMORIES: [Memory; 5] = [
    chases::MEMORY,
    steals::MEMORY,
    spreads::MEMORY,
    sleeps::MEMORY,
    grazes::MEMORY,
];

/// The memory saved under `key`, if any behaviour keeps one there.
pub fn memory(key: &str) -> Option<&'static Memory> {
    MEMORIES.iter().find(|m| m.key == key)
}

/// Whether a creature of `kind` carries `memory`.
pub fn carries(kind: &CreatureKind, memory: &Memory) -> bool {
    kind.behaviours.iter().any(|b| b.name() == memory.behaviour)
}

/// Gives a new creature of `kind` a fresh memory for each of its
/// behaviours that keeps one.
pub(crate) fn give_fresh_memories(kind: &CreatureKind, entity: &mut EntityCommands) {
    for memory in MEMORIES.iter().filter(|m| carries(kind, m)) {
        (memory.fresh)(entity);
    }
}
