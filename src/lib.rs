//! Gloomdelve: a turn-based roguelike on Bevy.
//!
//! The game is split in two plugin sets. [`RulesPlugin`] holds the game
//! state and the turn loop and runs headless under `MinimalPlugins` +
//! `StatesPlugin`; tests and the simulator use only it. [`PresentationPlugin`]
//! draws the game and turns keys into [`turn::Action`]s.

pub mod assets;
pub mod camera;
pub mod cli;
pub mod combat;
pub mod config;
pub mod creatures;
pub mod data;
pub mod explore;
pub mod fov;
pub mod game_over;
pub mod graphics;
pub mod hud;
pub mod hunger;
pub mod hunt;
pub mod input;
pub mod inventory;
pub mod items;
pub mod levels;
pub mod log;
pub mod map;
pub mod overlays;
pub mod playback;
pub mod save;
pub mod screens;
pub mod screenshot;
pub mod sim;
pub mod text;
pub mod title;
pub mod turn;

use bevy::prelude::*;

pub use data::RulesData;

/// How a new game is set up: its seed and its rules data.
#[derive(Resource, Clone, Debug)]
pub struct NewGame {
    pub seed: u64,
    pub rules: RulesData,
    pub creatures: data::CreatureBook,
    pub items: data::ItemBook,
    /// Debug: show the whole map instead of what the hero sees.
    pub reveal: bool,
    /// The descent, or the hunt in one Warrens world.
    pub mode: Mode,
}

impl NewGame {
    /// A new game of `seed` in `mode` with the shipped data, read from the
    /// assets folder that [`assets::find_assets_dir`] finds.
    pub fn shipped(seed: u64, mode: Mode) -> Result<Self, String> {
        let data = assets::find_assets_dir()?.join("data");
        Ok(NewGame {
            seed,
            rules: RulesData::load(&data.join("rules.ron"))?,
            creatures: data::CreatureBook::load(&data.join("creatures.ron"))?,
            items: data::ItemBook::load(&data.join("items.ron"))?,
            reveal: false,
            mode,
        })
    }
}

/// The two ways to play (SPEC.md "Modes").
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Mode {
    /// Down to level 10 for the Gold Key and back up.
    #[default]
    Delve,
    /// Kill every enemy in a 600×600 Warrens world; death is not the end.
    Hunt,
}

/// The game rules: map state, the turn loop and actions. Needs only
/// `MinimalPlugins` and `StatesPlugin`.
pub struct RulesPlugin {
    pub new_game: NewGame,
}

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.new_game.clone());
        app.add_plugins((
            screens::plugin,
            log::plugin,
            map::plugin,
            turn::plugin,
            fov::plugin,
            creatures::plugin,
            items::plugin,
            inventory::plugin,
            combat::plugin,
        ));
        app.add_plugins((
            hunger::plugin,
            levels::plugin,
            hunt::plugin,
            explore::plugin,
            sim::plugin,
            game_over::rules_plugin,
            save::plugin,
            title::rules_plugin,
        ));
    }
}

/// Everything that draws or listens to the player.
pub struct PresentationPlugin {
    pub settings: assets::DisplaySettings,
}

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.settings.clone());
        app.add_plugins((
            assets::plugin,
            map::tilemap::plugin,
            camera::plugin,
            input::plugin,
            hud::plugin,
            screenshot::plugin,
            game_over::screen_plugin,
            inventory::screen::plugin,
            title::screen_plugin,
            overlays::plugin,
            config::plugin,
            playback::plugin,
        ));
    }
}
