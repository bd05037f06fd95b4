//! Spawning one creature: its kind's numbers, and a fresh memory for each
//! of its behaviours that keeps one.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::creatures::behaviours::memories::give_fresh_memories;
use crate::vocab::components::{
    Creature, CreatureId, Drawn, Fighter, FogRule, GridPos, Harmless, Health, Immobile, Layer,
    Sees, Sluggish, Speed,
};
use crate::vocab::data::CreatureBook;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::statuses::Statuses;

/// Spawns one creature of `kind` at `at`, with the next id.
pub fn spawn_creature(
    commands: &mut Commands,
    book: &CreatureBook,
    next_id: &mut NextCreatureId,
    kind: usize,
    at: Pos,
) -> Entity {
    let id = CreatureId(next_id.0);
    next_id.0 += 1;
    spawn_creature_with_id(commands, book, id, kind, at).id()
}

/// Spawns a fresh creature of `kind` at `at` with the given id.
pub fn spawn_creature_with_id<'a>(
    commands: &'a mut Commands,
    book: &CreatureBook,
    id: CreatureId,
    kind: usize,
    at: Pos,
) -> EntityCommands<'a> {
    let data = &book.kinds[kind];
    let mut entity = commands.spawn((
        Name::new(data.name.clone()),
        Creature { kind },
        id,
        GridPos(at),
        Health {
            hp: data.hp,
            max: data.hp,
        },
        Fighter {
            attack: data.attack,
            defense: data.defense,
        },
        Speed(data.speed),
        Sees(data.vision),
        FogRule::OnlyInView,
        Drawn::new(data.sprite.clone(), Layer::Creatures),
        Statuses::default(),
    ));
    give_fresh_memories(data, &mut entity);
    if data.harmless {
        entity.insert(Harmless);
    }
    if data.immobile {
        entity.insert(Immobile);
    }
    if data.acts_every > 1 {
        entity.insert(Sluggish::for_creature(data.acts_every, id));
    }
    entity
}
