//! Saves of earlier versions, brought up to this one after they are read
//! and before they are checked. Version 2 kept each creature's memory in
//! fields of its own (`fungus_spreads`, `goblin_last_seen`, `loot`);
//! version 3 keeps a map of memories by the behaviour that keeps them.
//! Versions 2 and 3 kept paralysis (`paralyzed`), sickness (`sick_turns`)
//! and the potions' `boons` apart; version 4 keeps one map of statuses.
//! Version 5 keeps the looks of potions and scrolls (a save without them
//! loads with every kind known: see `state::restored_lore`), and calls
//! the healing potion "potion of healing", not "red potion", now that a
//! red potion is a look.

use crate::rules::creatures::behaviours::chases::{self, Trail};
use crate::rules::creatures::behaviours::memory::{Remembered, read, to_saved};
use crate::rules::creatures::behaviours::spreads::{self, Spreading};
use crate::rules::creatures::behaviours::steals::{self, Loot};
use crate::save::state::SaveGame;
use crate::vocab::records::{CreatureRecord, StoredLevel};
use crate::vocab::statuses::Status;

/// The oldest save version this game still reads.
pub(crate) const OLDEST_READ: u32 = 2;

/// Brings `save`, written in `version`, up to the current version. The
/// error names the field that cannot be carried over.
pub(crate) fn upgrade(save: &mut SaveGame, version: u32) -> Result<(), String> {
    if version < 4 {
        statuses_from_version_3(save);
    }
    if version < 3 {
        for (name, level) in levels(save) {
            for (i, creature) in level.creatures.iter_mut().enumerate() {
                memories_from_version_2(creature)
                    .map_err(|e| format!("{name}.creatures[{i}].{e}"))?;
            }
        }
    }
    if version < 5 {
        rename_kinds_from_version_4(save);
    }
    Ok(())
}

/// Every level of `save`, with its field's name.
fn levels(save: &mut SaveGame) -> impl Iterator<Item = (String, &mut StoredLevel)> {
    std::iter::once(("current".to_string(), &mut save.current)).chain(
        save.stored
            .iter_mut()
            .map(|(depth, level)| (format!("stored[{depth}]"), level)),
    )
}

/// Item kinds renamed in version 5: (old name, new name).
const RENAMED_IN_VERSION_5: [(&str, &str); 1] = [("red potion", "potion of healing")];

/// Renames the kinds version 5 renamed, wherever a save names a kind: the
/// pack, the items lying on each level, and what thieves carry.
fn rename_kinds_from_version_4(save: &mut SaveGame) {
    let rename = |kind: &mut String| {
        if let Some((_, new)) = RENAMED_IN_VERSION_5.iter().find(|(old, _)| kind == old) {
            *kind = new.to_string();
        }
    };
    for item in &mut save.hero.pack {
        rename(&mut item.kind);
        rename(&mut item.name);
    }
    for (_, level) in levels(save) {
        for item in &mut level.items {
            rename(&mut item.kind);
            rename(&mut item.name);
        }
        for creature in &mut level.creatures {
            rename_loot(creature, &rename);
        }
    }
}

/// Renames the kinds in a thief's loot; loot that cannot be read is left
/// for the checks to name.
fn rename_loot(creature: &mut CreatureRecord, rename: &impl Fn(&mut String)) {
    let Some(value) = creature.memories.get(steals::MEMORY.key) else {
        return;
    };
    let Ok(mut loot) = read::<Loot>(value) else {
        return;
    };
    loot.items.iter_mut().for_each(rename);
    if let Ok(saved) = to_saved(&loot) {
        creature
            .memories
            .insert(steals::MEMORY.key.to_string(), saved);
    }
}

/// Moves the hero's sickness and boons, and each creature's paralysis,
/// into their statuses.
fn statuses_from_version_3(save: &mut SaveGame) {
    let hero = &mut save.hero;
    let boons = std::mem::take(&mut hero.boons);
    let held = [
        (Status::Sick, hero.sick_turns.take().unwrap_or(0)),
        (Status::Regenerating, boons.regenerating),
        (Status::FarSight, boons.far_sight),
    ];
    for (status, turns) in held {
        hero.statuses.give(status, turns);
    }
    for (_, level) in levels(save) {
        for creature in &mut level.creatures {
            let turns = creature.paralyzed.take().unwrap_or(0);
            creature.statuses.give(Status::Paralysed, turns);
        }
    }
}

/// Moves a version 2 creature's memory fields into its map of memories,
/// keeping only what a fresh creature would not have.
fn memories_from_version_2(creature: &mut CreatureRecord) -> Result<(), String> {
    let spreading = creature
        .fungus_spreads
        .take()
        .map(|spreads| Spreading { spreads });
    keep(creature, spreads::MEMORY.key, spreading)?;
    let trail = creature.goblin_last_seen.take().map(|last_seen| Trail {
        last_seen: Some(last_seen),
    });
    keep(creature, chases::MEMORY.key, trail)?;
    let loot = match creature.loot.take() {
        Some(value) => Some(read::<Loot>(&value).map_err(|e| format!("loot: {e}"))?),
        None => None,
    };
    keep(creature, steals::MEMORY.key, loot)
}

/// Files `memory` under `key` when it holds anything.
fn keep<M: Remembered>(
    creature: &mut CreatureRecord,
    key: &str,
    memory: Option<M>,
) -> Result<(), String> {
    let Some(memory) = memory.filter(Remembered::worth_keeping) else {
        return Ok(());
    };
    let saved = to_saved(&memory).map_err(|e| format!("{key}: {e}"))?;
    creature.memories.insert(key.to_string(), saved);
    Ok(())
}
