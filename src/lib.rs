//! Gloomdelve: a turn-based roguelike on Bevy.
//!
//! The crate has three homes and a vocabulary between them:
//! - [`vocab`]: the components, resources, messages, intents, states and
//!   sets every feature speaks;
//! - [`rules`]: the game state and the turn loop, which [`RulesPlugin`]
//!   adds and which runs headless under `MinimalPlugins` + `StatesPlugin`;
//! - [`view`] draws the game and [`input`] turns keys into intents, both
//!   added by [`PresentationPlugin`].
//!
//! The simulator ([`sim`]) and the save format ([`save`]) stand beside
//! the rules. [`GamePlugin`] is the rules with both: a whole game without
//! a window, which tests, the benches and the simulator run.

pub mod cli;
pub mod config;
pub mod input;
pub mod rules;
pub mod save;
pub mod sim;
pub mod view;
pub mod vocab;

use bevy::prelude::*;

pub use vocab::data::RulesData;
pub use vocab::game::{Mode, NewGame};

/// The game rules: map state, the turn loop and actions. Needs only
/// `MinimalPlugins` and `StatesPlugin`.
pub(crate) struct RulesPlugin {
    pub new_game: NewGame,
}

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.new_game.clone());
        app.add_plugins((vocab::plugin, rules::plugin));
    }
}

/// The rules with the simulator's counters and the save: a whole game
/// without a window.
pub struct GamePlugin {
    pub new_game: NewGame,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesPlugin {
            new_game: self.new_game.clone(),
        });
        app.add_plugins((sim::plugin, save::plugin));
    }
}

/// Everything that draws or listens to the player.
pub struct PresentationPlugin {
    pub settings: view::assets::DisplaySettings,
}

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.settings.clone());
        app.add_plugins((view::plugin, input::plugin, input::playback::plugin));
    }
}
