//! A behaviour's memory as a save keeps it: each behaviour with a memory
//! gives a [`Memory`] and lists it in `memories.rs`, so the save's
//! creature record holds a map of memories by key and never grows a field
//! for a new behaviour.

use bevy::ecs::world::EntityRef;
use bevy::prelude::*;
use gloomdelve_core::Terrain;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::vocab::data::CreatureKind;
use crate::vocab::game::NewGame;

/// One memory as the save holds it: its RON value.
pub type Saved = ron::Value;

/// What a memory is checked against when a save is loaded.
pub struct Against<'a> {
    pub terrain: &'a Terrain,
    pub kind: &'a CreatureKind,
    pub new_game: &'a NewGame,
}

/// How one behaviour's memory is kept in a save.
pub struct Memory {
    /// Its key in the save's map of memories.
    pub key: &'static str,
    /// The behaviour whose creatures carry it, by [`Behaviour::name`].
    ///
    /// [`Behaviour::name`]: crate::vocab::data::Behaviour::name
    pub behaviour: &'static str,
    /// Gives a new creature of such a kind its fresh memory.
    pub fresh: fn(&mut EntityCommands),
    /// The memory of `entity` worth keeping, if it has one.
    pub save: fn(&EntityRef) -> Option<Saved>,
    /// Gives a respawned creature the memory saved; the error says why the
    /// value is no such memory.
    pub load: fn(&mut EntityCommands, &Saved) -> Result<(), String>,
    /// Why a loaded memory cannot be, if it cannot.
    pub check: fn(&Saved, &Against) -> Result<(), String>,
}

impl Memory {
    /// How the memory component `M` of a behaviour is kept: under `key`,
    /// carried by the creatures whose kind has `behaviour`, and checked by
    /// `check` when a save is loaded.
    pub const fn of<M: Remembered>(
        key: &'static str,
        behaviour: &'static str,
        check: fn(&Saved, &Against) -> Result<(), String>,
    ) -> Self {
        Self {
            key,
            behaviour,
            fresh: fresh::<M>,
            save: save::<M>,
            load: load::<M>,
            check,
        }
    }
}

/// A memory component a save can keep.
pub trait Remembered: Component + Serialize + DeserializeOwned + Default + Clone {
    /// Whether it holds anything a fresh one does not: only such are saved.
    fn worth_keeping(&self) -> bool;
}

/// Gives a new creature a fresh `M`.
fn fresh<M: Remembered>(entity: &mut EntityCommands) {
    entity.insert(M::default());
}

/// The `M` of `entity`, as a save holds it, when worth keeping.
fn save<M: Remembered>(entity: &EntityRef) -> Option<Saved> {
    let memory = entity.get::<M>().filter(|m| m.worth_keeping())?;
    to_saved(memory).ok()
}

/// Gives the creature the `M` saved as `value`.
fn load<M: Remembered>(entity: &mut EntityCommands, value: &Saved) -> Result<(), String> {
    entity.insert(read::<M>(value)?);
    Ok(())
}

/// Reads an `M` saved as `value`; the error says why it is none.
pub fn read<M: Remembered>(value: &Saved) -> Result<M, String> {
    value.clone().into_rust::<M>().map_err(|e| e.to_string())
}

/// `memory` as a save holds it.
pub fn to_saved<M: Serialize>(memory: &M) -> Result<Saved, String> {
    let text = ron::to_string(memory).map_err(|e| e.to_string())?;
    ron::from_str(&text).map_err(|e| e.to_string())
}
