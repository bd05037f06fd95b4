//! A level off screen is data: its terrain, what the hero remembers of it,
//! and plain records of its creatures and floor items. Stashing a level
//! despawns its entities into records; restoring spawns them back.

use std::collections::BTreeMap;

use bevy::ecs::world::EntityRef;
use bevy::prelude::*;
use gloomdelve_core::Grid;

use crate::rules::creatures::behaviours::memories::{MEMORIES, memory};
use crate::rules::creatures::spawn_creature_with_id;
use crate::rules::items::item;
use crate::vocab::components::FogRule;
use crate::vocab::components::Item;
use crate::vocab::components::{Corpse, Dropped, Worth};
use crate::vocab::components::{Creature, CreatureId, Health};
use crate::vocab::components::{Drawn, GridPos};
use crate::vocab::game::NewGame;
use crate::vocab::records::{CreatureRecord, ItemRecord, StoredLevel};
use crate::vocab::resources::Level;
use crate::vocab::resources::Sight;
use crate::vocab::statuses::Statuses;

type CreatureParts<'a> = (
    Entity,
    &'a CreatureId,
    &'a Creature,
    &'a GridPos,
    &'a Health,
    Option<&'a Statuses>,
);

type ItemParts<'a> = (
    Entity,
    &'a Item,
    &'a Name,
    &'a Drawn,
    &'a GridPos,
    &'a FogRule,
    Option<&'a Corpse>,
    Option<&'a Worth>,
    Has<Dropped>,
);

/// Turns the current level into data and despawns its creatures and floor
/// items. The hero and its pack stay.
pub(crate) fn stash_level(world: &mut World) -> StoredLevel {
    let (mut level, gone) = record_level(world);
    level.left = Some(world.resource::<crate::vocab::resources::TurnCount>().0);
    for entity in gone {
        world.despawn(entity);
    }
    level
}

/// The current level as data, leaving the world as it is.
pub fn describe_level(world: &mut World) -> StoredLevel {
    record_level(world).0
}

/// The current level as data, with the entities that data replaces.
fn record_level(world: &mut World) -> (StoredLevel, Vec<Entity>) {
    let new_game = world.resource::<NewGame>().clone();
    let (creatures, items) = (&new_game.creatures, &new_game.items);
    let mut creatures: Vec<(Entity, CreatureRecord)> = world
        .query::<CreatureParts>()
        .iter(world)
        .filter(|parts| parts.4.hp > 0)
        .map(|(entity, id, creature, pos, health, statuses)| {
            let kind = &creatures.kinds[creature.kind].name;
            let mut record =
                CreatureRecord::new(id.0, kind.clone(), pos.0, (health.hp, health.max));
            record.statuses = statuses.cloned().unwrap_or_default();
            (entity, record)
        })
        .collect();
    for (entity, record) in &mut creatures {
        record.memories = memories_of(&world.entity(*entity));
    }
    creatures.sort_by_key(|(_, record)| record.id);
    let mut items: Vec<(Entity, usize, ItemRecord)> = world
        .query::<ItemParts>()
        .iter(world)
        .map(
            |(entity, item, name, drawn, pos, fog, corpse, worth, dropped)| {
                let record = ItemRecord {
                    kind: items.kinds[item.kind].name.clone(),
                    name: name.to_string(),
                    sprite: drawn.sprite.clone(),
                    pos: pos.0,
                    seen: *fog == FogRule::Remembered { seen: true },
                    corpse: corpse.cloned(),
                    worth: worth.map(|w| w.0),
                    dropped,
                };
                (entity, item.kind, record)
            },
        )
        .collect();
    // Tile, then kind in file order, then name: a restored level spawns
    // them back in this order, whatever the entity numbers were.
    items.sort_by(|(_, a_kind, a), (_, b_kind, b)| {
        (a.pos, a_kind, &a.name).cmp(&(b.pos, b_kind, &b.name))
    });
    let gone: Vec<Entity> = creatures
        .iter()
        .map(|(e, _)| *e)
        .chain(items.iter().map(|(e, ..)| *e))
        .collect();
    // The dead that were not yet cleared go too.
    let dead: Vec<Entity> = world
        .query_filtered::<(Entity, &Health), With<Creature>>()
        .iter(world)
        .filter(|(_, h)| h.hp <= 0)
        .map(|(e, _)| e)
        .collect();
    let level = world.resource::<Level>().clone();
    let sight = world.get_resource::<Sight>();
    let memory = sight
        .map(Sight::memory)
        .unwrap_or_else(|| Grid::new(level.terrain.width(), level.terrain.height(), false));
    let recalled = sight.map(Sight::recollection).unwrap_or_default();
    let stored = StoredLevel {
        terrain: level.terrain,
        start: level.start,
        memory,
        recalled,
        creatures: creatures.into_iter().map(|(_, r)| r).collect(),
        items: items.into_iter().map(|(.., r)| r).collect(),
        left: None,
    };
    (stored, gone.into_iter().chain(dead).collect())
}

/// Makes a stored level the current one: its terrain, its memory, and its
/// creatures and items spawned back as they were.
pub(crate) fn restore_level(world: &mut World, stored: StoredLevel) {
    let new_game = world.resource::<NewGame>().clone();
    let sight = Sight::remembering(stored.memory, &stored.recalled, new_game.reveal);
    world.insert_resource(sight);
    world.insert_resource(Level {
        terrain: stored.terrain,
        start: stored.start,
    });
    let mut commands = world.commands();
    for record in &stored.creatures {
        respawn_creature(&mut commands, &new_game, record);
    }
    for record in &stored.items {
        respawn_item(&mut commands, &new_game, record);
    }
    world.flush();
}

fn respawn_creature(commands: &mut Commands, new_game: &NewGame, record: &CreatureRecord) {
    // A kind the data no longer has (edited data files) is left out.
    let Some(kind) = new_game.creatures.find(&record.kind) else {
        return;
    };
    let id = CreatureId(record.id);
    let mut entity = spawn_creature_with_id(commands, &new_game.creatures, id, kind, record.pos);
    entity.insert(Health {
        hp: record.hp,
        max: record.max_hp,
    });
    entity.insert(record.statuses.clone());
    for (key, value) in &record.memories {
        // The save checker has read every memory; one that fails here
        // leaves the creature its fresh memory.
        if let Some(memory) = memory(key) {
            let _ = (memory.load)(&mut entity, value);
        }
    }
}

/// What the creature `entity`'s behaviours remember, by key.
fn memories_of(entity: &EntityRef) -> BTreeMap<String, ron::Value> {
    MEMORIES
        .iter()
        .filter_map(|memory| Some((memory.key.to_string(), (memory.save)(entity)?)))
        .collect()
}

fn respawn_item(commands: &mut Commands, new_game: &NewGame, record: &ItemRecord) {
    let Some(kind) = new_game.items.find(&record.kind) else {
        return;
    };
    let mut entity = commands.spawn(item(&new_game.items, kind, record.pos));
    entity.insert((
        Name::new(record.name.clone()),
        Drawn::new(
            record.sprite.clone(),
            crate::vocab::components::Layer::Items,
        ),
        FogRule::Remembered { seen: record.seen },
    ));
    if let Some(corpse) = &record.corpse {
        entity.insert(corpse.clone());
    }
    if let Some(copper) = record.worth {
        entity.insert(Worth(copper));
    }
    if record.dropped {
        entity.insert(Dropped);
    }
}
