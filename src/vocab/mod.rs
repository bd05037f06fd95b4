//! The shared vocabulary: the components, resources, messages, intents,
//! states and schedule sets that every feature speaks. It depends on
//! nothing in the crate but itself (and on `gloomdelve-core`), so rules,
//! view, input, the simulator and the save all meet here and nowhere else.

pub mod components;
pub mod data;
pub mod foresight;
pub(crate) mod game;
pub mod intents;
pub mod keys;
pub mod log;
pub mod lore;
pub mod messages;
pub mod records;
pub(crate) mod reset;
pub mod resources;
pub mod states;
pub mod statuses;
pub(crate) mod streams;
pub(crate) mod text;

/// The hero's sprite: the one sprite the game cannot draw without.
pub const HERO_SPRITE: &str = "hero";

use bevy::prelude::*;

/// The vocabulary's own registrations: the states, the sets and the log.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((states::plugin, log::plugin));
    // The defaults until the window's config loads the player's file.
    app.init_resource::<keys::KeyBindings>();
}
