//! A save whose checksum holds may still describe an impossible game (an
//! edited file with its checksum recomputed, a bug in an older build).
//! `check_save` looks at what was loaded against the data files and the
//! rules' own invariants ([`crate::rules::invariants`], the checks the
//! simulator makes every turn) and names the first field that is wrong, so
//! that save is set aside like a corrupt one instead of being played.
//!
//! The families: the game as a whole (mode, depths, stored levels, turns,
//! ids, the hunt's roster) here; each level in [`level`]; the hero in
//! [`hero`]; what the hero knows of potions and scrolls in [`lore`]; every
//! number gets the range its rule allows ([`fields`]).

pub(crate) mod fields;
mod hero;
mod level;
mod lore;

use std::collections::BTreeSet;

use crate::save::check::fields::{Wrong, known_creature, not_after, where_creatures_go};
use crate::save::check::level::{Place, check_level};
use crate::save::state::SaveGame;
use crate::vocab::game::{Mode, NewGame};

/// Checks everything the game trusts a save for; the error names the first
/// wrong field, such as `hero.hp: HP 30 is above its maximum 20`.
pub fn check_save(save: &SaveGame, new_game: &NewGame) -> Result<(), Wrong> {
    match save.mode {
        Mode::Delve => check_depths(save, new_game.rules.depths)?,
        Mode::Hunt => check_the_hunt_world(save)?,
    }
    check_turns(save)?;
    let depth_of = |depth: u32| (save.mode == Mode::Delve).then_some(depth);
    let place = |depth| Place {
        depth: depth_of(depth),
        turn: save.turn,
    };
    check_level("current", &save.current, place(save.depth), new_game)?;
    for (depth, level) in &save.stored {
        check_level(&format!("stored[{depth}]"), level, place(*depth), new_game)?;
    }
    hero::check_hero(&save.hero, &save.current, save.mode, save.turn, new_game)?;
    check_roster(save, new_game)?;
    if let Some(lore) = &save.lore {
        lore::check_lore(lore, new_game)?;
    }
    check_ids(save)
}

/// The depth and the deepest level lie in the dungeon, every level from
/// the surface to the deepest but the current one is stored, and the delve
/// has no hunt roster.
fn check_depths(save: &SaveGame, depths: u32) -> Result<(), Wrong> {
    if save.depth > depths {
        return Err(format!(
            "depth: {} is below the dungeon's last level, {depths}",
            save.depth
        ));
    }
    if save.deepest < save.depth || save.deepest > depths {
        return Err(format!(
            "deepest: {} must lie between the depth {} and {depths}",
            save.deepest, save.depth
        ));
    }
    if let Some(depth) = save
        .stored
        .keys()
        .find(|&&d| d > save.deepest || d == save.depth)
    {
        return Err(format!(
            "stored[{depth}]: no level is kept there (depth {}, deepest {})",
            save.depth, save.deepest
        ));
    }
    if let Some(missing) =
        (0..=save.deepest).find(|d| *d != save.depth && !save.stored.contains_key(d))
    {
        return Err(format!(
            "stored: the level at depth {missing} is missing (the hero has been down to {})",
            save.deepest
        ));
    }
    if !save.roster.is_empty() {
        return Err("roster: the delve has no hunt roster".to_string());
    }
    Ok(())
}

/// The hunt's world is one level, with enemies to hunt.
fn check_the_hunt_world(save: &SaveGame) -> Result<(), Wrong> {
    if (save.depth, save.deepest) != (0, 0) {
        return Err(format!(
            "depth: the hunt has one level, not depth {} (deepest {})",
            save.depth, save.deepest
        ));
    }
    if !save.stored.is_empty() {
        return Err("stored: the hunt keeps no other level".to_string());
    }
    if save.roster.is_empty() {
        return Err("roster: the hunt has no enemies, so it could never be won".to_string());
    }
    Ok(())
}

/// Nothing happened after the save's own turn: not the arrival on the
/// level, not a line of the log. Kill counts are counts.
fn check_turns(save: &SaveGame) -> Result<(), Wrong> {
    not_after("arrived", save.arrived, save.turn)?;
    for (i, entry) in save.log.iter().enumerate() {
        not_after(&format!("log[{i}].turn"), entry.turn, save.turn)?;
    }
    match save.kills.iter().position(|(_, count)| *count < 0) {
        Some(i) => Err(format!("kills[{i}]: {} kills", save.kills[i].1)),
        None => Ok(()),
    }
}

/// Each enemy of the hunt has its own id and its own home, where creatures
/// may stand on the hunt's level.
fn check_roster(save: &SaveGame, new_game: &NewGame) -> Result<(), Wrong> {
    let (mut ids, mut homes) = (BTreeSet::new(), BTreeSet::new());
    for (i, (id, kind, home)) in save.roster.iter().enumerate() {
        known_creature(&format!("roster[{i}].kind"), kind, new_game)?;
        where_creatures_go(&format!("roster[{i}].pos"), *home, &save.current.terrain)?;
        if !ids.insert(id.0) {
            return Err(format!("roster[{i}].id: {} is another's id", id.0));
        }
        if !homes.insert(*home) {
            return Err(format!("roster[{i}].pos: {home:?} is another's home"));
        }
    }
    Ok(())
}

/// Every creature has an id of its own, below the next id to be given.
fn check_ids(save: &SaveGame) -> Result<(), Wrong> {
    let levels = std::iter::once(("current".to_string(), &save.current)).chain(
        save.stored
            .iter()
            .map(|(depth, level)| (format!("stored[{depth}]"), level)),
    );
    let mut ids = BTreeSet::new();
    for (name, level) in levels {
        for (i, creature) in level.creatures.iter().enumerate() {
            let field = format!("{name}.creatures[{i}].id");
            if !ids.insert(creature.id) {
                return Err(format!("{field}: {} is another creature's id", creature.id));
            }
            if creature.id >= save.next_creature_id {
                return Err(format!(
                    "{field}: {} is not below next_creature_id {}",
                    creature.id, save.next_creature_id
                ));
            }
        }
    }
    match save
        .roster
        .iter()
        .find(|(id, ..)| id.0 >= save.next_creature_id)
    {
        Some((id, ..)) => Err(format!(
            "next_creature_id: {} is not above the roster's id {}",
            save.next_creature_id, id.0
        )),
        None => Ok(()),
    }
}
