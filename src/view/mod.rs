//! Everything that draws: loading the art, the map, the camera, the HUD,
//! the screens and the overlays. The view reads the rules' components and
//! messages and never decides game logic.

pub mod assets;
pub mod camera;
pub(crate) mod game_over;
pub mod graphics;
pub mod hud;
pub mod intents;
pub(crate) mod inventory;
pub mod key_text;
pub mod motion;
pub mod overlays;
pub mod route;
pub(crate) mod screenshot;
pub mod settings;
pub mod tilemap;
pub mod title;
pub(crate) mod ui;
pub mod ui_state;
pub(crate) mod vaults;

use bevy::prelude::*;

/// Every view plugin.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        assets::plugin,
        tilemap::plugin,
        camera::plugin,
        hud::plugin,
        screenshot::plugin,
        game_over::plugin,
        inventory::plugin,
        title::plugin,
        overlays::plugin,
        motion::plugin,
        intents::plugin,
        vaults::plugin,
        settings::plugin,
        route::plugin,
    ));
}
