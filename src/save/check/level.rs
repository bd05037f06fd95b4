//! The save checker's look at one level: its size, border and stairs, what
//! the hero remembers of it, and every creature and item on it.

use std::collections::BTreeSet;

use gloomdelve_core::{Terrain, Tile};

use crate::rules::creatures::behaviours::memories::{carries, memory};
use crate::rules::creatures::behaviours::memory::{Against, Saved};
use crate::save::check::fields::{
    COPPER, CORPSE_FOOD, HP_MARGIN, MAX_HP, Wrong, check_statuses, health, in_range,
    known_creature, known_item, not_after, on_the_map, on_walkable_ground, where_creatures_go,
    where_items_lie,
};
use crate::vocab::components::Corpse;
use crate::vocab::data::{CORPSE, ItemEffect};
use crate::vocab::game::NewGame;
use crate::vocab::records::{CreatureRecord, ItemRecord, StoredLevel};

/// Where a level lies and when the save was made: what its stairs and its
/// turns are checked against.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The depth in the delve; `None` for the hunt's world, which has no
    /// stairs.
    pub depth: Option<u32>,
    /// The save's turn: nothing in it happened later.
    pub turn: u64,
}

/// Checks the level saved as `name` (`current`, `stored[3]`).
pub(crate) fn check_level(
    name: &str,
    level: &StoredLevel,
    place: Place,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    let terrain = &level.terrain;
    check_shape(name, level, place, new_game)?;
    on_walkable_ground(&format!("{name}.start"), level.start, terrain)?;
    for (i, (at, _)) in level.recalled.iter().enumerate() {
        on_the_map(&format!("{name}.recalled[{i}]"), *at, terrain)?;
    }
    let mut taken = BTreeSet::new();
    for (i, creature) in level.creatures.iter().enumerate() {
        let field = format!("{name}.creatures[{i}]");
        check_creature(&field, creature, terrain, new_game)?;
        if !taken.insert(creature.pos) {
            return Err(format!(
                "{field}.pos: another creature stands on {:?}",
                creature.pos
            ));
        }
    }
    for (i, item) in level.items.iter().enumerate() {
        check_item(
            &format!("{name}.items[{i}]"),
            item,
            terrain,
            place,
            new_game,
        )?;
    }
    Ok(())
}

/// The size the generators make, a border inside it, the stairs its depth
/// has, and a memory of the terrain's size.
fn check_shape(
    name: &str,
    level: &StoredLevel,
    place: Place,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    let terrain = &level.terrain;
    let (width, height) = (terrain.width(), terrain.height());
    gloomdelve_core::mapgen::check_size(width, height)
        .map_err(|e| format!("{name}.terrain: {e}"))?;
    in_range(
        &format!("{name}.terrain.border"),
        terrain.border(),
        0..=width.min(height) / 2,
    )?;
    if let Some(depth) = place.depth {
        check_stairs(name, terrain, depth, new_game.rules.depths)?;
    }
    if (level.memory.width(), level.memory.height()) != (width, height) {
        return Err(format!(
            "{name}.memory: it is {}x{}, the terrain {width}x{height}",
            level.memory.width(),
            level.memory.height()
        ));
    }
    Ok(())
}

/// A level of the delve has stairs up below the surface, and stairs down
/// above the last level.
fn check_stairs(name: &str, terrain: &Terrain, depth: u32, depths: u32) -> Result<(), Wrong> {
    let has = |wanted: Tile| terrain.tiles().iter().any(|(_, &tile)| tile == wanted);
    let needed = [
        (Tile::StairsUp, depth >= 1, "stairs up"),
        (Tile::StairsDown, depth < depths, "stairs down"),
    ];
    match needed
        .iter()
        .find(|(tile, wanted, _)| *wanted && !has(*tile))
    {
        Some((_, _, what)) => Err(format!(
            "{name}.terrain: the level at depth {depth} has no {what}"
        )),
        None => Ok(()),
    }
}

/// A creature of a known kind, standing where creatures go, alive, its
/// memory and its state within what its kind and the rules allow.
fn check_creature(
    field: &str,
    creature: &CreatureRecord,
    terrain: &Terrain,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    let at = |f: &str| format!("{field}.{f}");
    let kind = known_creature(&at("kind"), &creature.kind, new_game)?;
    let kind = &new_game.creatures.kinds[kind];
    where_creatures_go(&at("pos"), creature.pos, terrain)?;
    let most = kind.hp.saturating_mul(HP_MARGIN).min(MAX_HP);
    health(&at("hp"), creature.hp, creature.max_hp, most)?;
    check_statuses(&at("statuses"), &creature.statuses, new_game)?;
    let against = Against {
        terrain,
        kind,
        new_game,
    };
    for (key, value) in &creature.memories {
        check_memory(&at(&format!("memories.{key}")), (key, value), &against)?;
    }
    Ok(())
}

/// A memory some behaviour keeps, of a behaviour the creature's kind has,
/// that the behaviour finds possible.
fn check_memory(field: &str, (key, value): (&str, &Saved), against: &Against) -> Result<(), Wrong> {
    let Some(memory) = memory(key) else {
        return Err(format!("{field}: no behaviour remembers {key:?}"));
    };
    if !carries(against.kind, memory) {
        return Err(format!(
            "{field}: a {} has no {} behaviour to remember it",
            against.kind.name, memory.behaviour
        ));
    }
    (memory.check)(value, against).map_err(|e| format!("{field}: {e}"))
}

/// An item of a known kind on walkable ground (or a caged altar); a corpse only of the
/// corpse kind, with food a meal may hold, dead no later than the save;
/// coins' worth only on coins.
fn check_item(
    field: &str,
    item: &ItemRecord,
    terrain: &Terrain,
    place: Place,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    let at = |f: &str| format!("{field}.{f}");
    let kind = known_item(&at("kind"), &item.kind, new_game)?;
    where_items_lie(&at("pos"), item.pos, terrain)?;
    if let Some(corpse) = &item.corpse {
        check_corpse(field, &item.kind, corpse, place.turn)?;
    }
    if let Some(worth) = item.worth {
        if !matches!(new_game.items.kinds[kind].effect, ItemEffect::Coins(_)) {
            return Err(format!("{}: a {} is no coins", at("worth"), item.kind));
        }
        in_range(&at("worth"), worth, COPPER)?;
    }
    Ok(())
}

/// A corpse (on the floor, or in the pack as `field`) is of the corpse
/// kind, gives food a meal may, and died no later than `turn`.
pub(crate) fn check_corpse(
    field: &str,
    kind: &str,
    corpse: &Corpse,
    turn: u64,
) -> Result<(), Wrong> {
    if kind != CORPSE {
        return Err(format!(
            "{field}.corpse: a {kind} is no body (only a {CORPSE:?} is)"
        ));
    }
    in_range(&format!("{field}.corpse.food"), corpse.food, CORPSE_FOOD)?;
    crate::rules::invariants::bones_hold_no_food(corpse)
        .and_then(|()| crate::rules::invariants::only_the_rotten_sprout(corpse))
        .map_err(|e| format!("{field}.corpse: {e}"))?;
    not_after(&format!("{field}.corpse.died"), corpse.died, turn)
}
