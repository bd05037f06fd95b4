//! The save checker's small checks of one field each, named the way the
//! error shows them (`current.creatures[3].pos: ...`), and the ranges a
//! save's numbers may take.

use std::ops::RangeInclusive;

use gloomdelve_core::{Pos, Terrain};

use crate::rules::invariants;
use crate::vocab::data::ItemEffect;
use crate::vocab::game::NewGame;
use crate::vocab::statuses::{Status, Statuses};

/// What is wrong with a save: the field, and why.
pub(crate) type Wrong = String;

/// The copper a purse, a pile of coins or a thief's loot may hold: far
/// more than a game lays, few enough that no sum overflows.
pub(crate) const COPPER: RangeInclusive<u32> = 0..=crate::vocab::components::MOST_COPPER;

/// The food a corpse gives: what the data files allow a meal.
pub(crate) const CORPSE_FOOD: RangeInclusive<i32> = 0..=100_000;

/// The size of a stomach, stretched or not.
pub(crate) const STOMACH: RangeInclusive<i32> = 1..=100_000;

/// The most HP a hero or a creature may have: the data files' range.
pub(crate) const MAX_HP: i32 = 9999;

/// How far over its kind's HP a creature's maximum may lie: a data file
/// that lowered a kind's HP since the save still loads it.
pub(crate) const HP_MARGIN: i32 = 2;

/// `field: why`, the form of every error.
pub fn named(field: &str) -> impl Fn(String) -> Wrong + '_ {
    move |why| format!("{field}: {why}")
}

/// `value` lies in `range`.
pub(crate) fn in_range<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: RangeInclusive<T>,
) -> Result<(), Wrong> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{field}: {value} is outside {} to {}",
            range.start(),
            range.end()
        ))
    }
}

/// A turn no later than the save's own.
pub(crate) fn not_after(field: &str, when: u64, turn: u64) -> Result<(), Wrong> {
    if when > turn {
        return Err(format!(
            "{field}: turn {when} is after the save's turn {turn}"
        ));
    }
    Ok(())
}

pub(crate) fn on_the_map(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
    if terrain.tiles().in_bounds(at) {
        Ok(())
    } else {
        Err(format!(
            "{field}: {at:?} is off the {}x{} map",
            terrain.width(),
            terrain.height()
        ))
    }
}

/// Where the hero or a level's start may be: on the map, walkable.
pub(crate) fn on_walkable_ground(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
    on_the_map(field, at, terrain)?;
    invariants::on_walkable_ground(terrain, at).map_err(named(field))
}

/// Where an item may lie: on the map, on walkable ground or in the cage
/// of a caged altar.
pub(crate) fn where_items_lie(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
    on_the_map(field, at, terrain)?;
    invariants::item_may_lie(terrain, at).map_err(named(field))
}

/// Where a creature may stand: on the map, and on ground creatures enter
/// (never a narrow tunnel).
pub(crate) fn where_creatures_go(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
    on_the_map(field, at, terrain)?;
    invariants::creature_may_stand(terrain, at).map_err(named(field))
}

/// A living one's health, its maximum at most `max_hp`.
pub fn health(field: &str, hp: i32, max: i32, max_hp: i32) -> Result<(), Wrong> {
    invariants::alive_health(hp, max).map_err(named(field))?;
    if max > max_hp {
        return Err(format!("{field}: its maximum {max} is above {max_hp}"));
    }
    Ok(())
}

/// The creature kind named `kind`, by its index in `creatures.ron`.
pub(crate) fn known_creature(field: &str, kind: &str, new_game: &NewGame) -> Result<usize, Wrong> {
    new_game
        .creatures
        .find(kind)
        .ok_or_else(|| format!("{field}: {kind:?} is no kind in creatures.ron"))
}

/// The item kind named `kind`, by its index in `items.ron`.
pub(crate) fn known_item(field: &str, kind: &str, new_game: &NewGame) -> Result<usize, Wrong> {
    new_game
        .items
        .find(kind)
        .ok_or_else(|| format!("{field}: {kind:?} is no kind in items.ron"))
}

/// Each status of `statuses` (the field `field`) lasts no longer than what
/// gives it may give: the rules' paralysis and sickness, the longest
/// potion of regeneration or far sight in the data.
pub(crate) fn check_statuses(
    field: &str,
    statuses: &Statuses,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    for (status, turns) in statuses.iter() {
        let longest = longest_status(status, new_game);
        if longest == 0 {
            return Err(format!("{field}.{status:?}: nothing in this game gives it"));
        }
        in_range(&format!("{field}.{status:?}"), turns, 1..=longest)?;
    }
    Ok(())
}

/// The most turns anything in `new_game` gives `status` for.
fn longest_status(status: Status, new_game: &NewGame) -> u32 {
    let potion = |of: fn(ItemEffect) -> Option<u32>| {
        let kinds = new_game.items.kinds.iter();
        kinds.filter_map(|k| of(k.effect)).max().unwrap_or(0)
    };
    match status {
        Status::Paralysed => new_game.rules.paralyze_turns,
        Status::Sick => new_game.rules.hunger.sickness_turns,
        Status::Regenerating => potion(|e| match e {
            ItemEffect::Regenerate(turns) => Some(turns),
            _ => None,
        }),
        Status::FarSight => potion(|e| match e {
            ItemEffect::FarSight(turns) => Some(turns),
            _ => None,
        }),
        Status::Weak => potion(|e| match e {
            ItemEffect::Weaken(turns) => Some(turns),
            _ => None,
        }),
    }
}
