//! A save whose checksum holds may still describe an impossible game (an
//! edited file with its checksum recomputed, a bug in an older build).
//! `check_save` looks at what was loaded against the data files and names
//! the first field that is wrong, so that save is set aside like a corrupt
//! one instead of being played.

use std::collections::BTreeSet;

use gloomdelve_core::{Pos, Terrain};

use crate::save::state::{HeroRecord, SaveGame};
use crate::vocab::data::ItemEffect;
use crate::vocab::game::NewGame;
use crate::vocab::records::StoredLevel;

/// What is wrong with a save: the field, and why.
type Wrong = String;

/// Checks everything the game trusts a save for; the error names the first
/// wrong field, such as `hero.hp: 30 is above its maximum 20`.
pub fn check_save(save: &SaveGame, new_game: &NewGame) -> Result<(), Wrong> {
    check_depths(save, new_game.rules.depths)?;
    check_level("current", &save.current, new_game)?;
    for (depth, level) in &save.stored {
        check_level(&format!("stored[{depth}]"), level, new_game)?;
    }
    check_hero(&save.hero, &save.current, new_game)?;
    for (i, (_, kind, at)) in save.roster.iter().enumerate() {
        known_creature(&format!("roster[{i}].kind"), kind, new_game)?;
        on_the_map(&format!("roster[{i}].pos"), *at, &save.current.terrain)?;
    }
    Ok(())
}

/// The depth, the deepest level and the stored levels lie in the dungeon.
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
    match save
        .stored
        .keys()
        .find(|&&d| d > save.deepest || d == save.depth)
    {
        Some(depth) => Err(format!(
            "stored[{depth}]: no level is kept there (depth {}, deepest {})",
            save.depth, save.deepest
        )),
        None => Ok(()),
    }
}

/// A level's start, memory, creatures and items fit its terrain and data.
fn check_level(name: &str, level: &StoredLevel, new_game: &NewGame) -> Result<(), Wrong> {
    let terrain = &level.terrain;
    let (width, height) = (terrain.width(), terrain.height());
    if width < 1 || height < 1 {
        return Err(format!("{name}.terrain: it is {width}x{height}"));
    }
    on_walkable_ground(&format!("{name}.start"), level.start, terrain)?;
    if (level.memory.width(), level.memory.height()) != (width, height) {
        return Err(format!(
            "{name}.memory: it is {}x{}, the terrain {width}x{height}",
            level.memory.width(),
            level.memory.height()
        ));
    }
    let mut taken = BTreeSet::new();
    for (i, creature) in level.creatures.iter().enumerate() {
        let field = |f: &str| format!("{name}.creatures[{i}].{f}");
        known_creature(&field("kind"), &creature.kind, new_game)?;
        on_walkable_ground(&field("pos"), creature.pos, terrain)?;
        if !taken.insert(creature.pos) {
            return Err(format!(
                "{}: another creature stands on {:?}",
                field("pos"),
                creature.pos
            ));
        }
        health(&field("hp"), creature.hp, creature.max_hp)?;
    }
    for (i, item) in level.items.iter().enumerate() {
        let field = |f: &str| format!("{name}.items[{i}].{f}");
        known_item(&field("kind"), &item.kind, new_game)?;
        on_walkable_ground(&field("pos"), item.pos, terrain)?;
    }
    Ok(())
}

/// The hero stands free on the current level, alive, with a known pack
/// and what it wears in it.
fn check_hero(hero: &HeroRecord, level: &StoredLevel, new_game: &NewGame) -> Result<(), Wrong> {
    on_walkable_ground("hero.pos", hero.pos, &level.terrain)?;
    if let Some(i) = level.creatures.iter().position(|c| c.pos == hero.pos) {
        return Err(format!(
            "current.creatures[{i}].pos: it stands on the hero, at {:?}",
            hero.pos
        ));
    }
    health("hero.hp", hero.hp, hero.max_hp)?;
    for (i, item) in hero.pack.iter().enumerate() {
        known_item(&format!("hero.pack[{i}].kind"), &item.kind, new_game)?;
    }
    let effect = |slot: usize| {
        let kind = new_game.items.find(&hero.pack.get(slot)?.kind)?;
        Some(new_game.items.kinds[kind].effect)
    };
    let is_weapon = |e: ItemEffect| matches!(e, ItemEffect::Weapon(_));
    let is_armour = |e: ItemEffect| matches!(e, ItemEffect::Armour(_));
    let worn: [(&str, Option<usize>, &str, &dyn Fn(ItemEffect) -> bool); 2] = [
        ("hero.weapon", hero.weapon, "weapon", &is_weapon),
        ("hero.armour", hero.armour, "armour", &is_armour),
    ];
    for (field, slot, what, fits) in worn {
        if let Some(slot) = slot.filter(|&slot| !effect(slot).is_some_and(fits)) {
            return Err(format!("{field}: pack slot {slot} holds no {what}"));
        }
    }
    Ok(())
}

fn health(field: &str, hp: i32, max: i32) -> Result<(), Wrong> {
    if max < 1 {
        return Err(format!("{field}: its maximum is {max}"));
    }
    if !(1..=max).contains(&hp) {
        return Err(format!("{field}: {hp} is outside 1 to its maximum {max}"));
    }
    Ok(())
}

fn on_the_map(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
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

fn on_walkable_ground(field: &str, at: Pos, terrain: &Terrain) -> Result<(), Wrong> {
    on_the_map(field, at, terrain)?;
    if terrain.is_walkable(at) {
        Ok(())
    } else {
        Err(format!("{field}: {at:?} is {:?}", terrain.tile(at)))
    }
}

fn known_creature(field: &str, kind: &str, new_game: &NewGame) -> Result<(), Wrong> {
    match new_game.creatures.find(kind) {
        Some(_) => Ok(()),
        None => Err(format!("{field}: {kind:?} is no kind in creatures.ron")),
    }
}

fn known_item(field: &str, kind: &str, new_game: &NewGame) -> Result<(), Wrong> {
    match new_game.items.find(kind) {
        Some(_) => Ok(()),
        None => Err(format!("{field}: {kind:?} is no kind in items.ron")),
    }
}
