//! The game rules: everything [`crate::RulesPlugin`] adds. The rules run
//! headless under `MinimalPlugins` + `StatesPlugin`, and never import the
//! view, the input, the simulator or the save: they say what happened
//! through the messages and components of [`crate::vocab`].

pub(crate) mod actors;
pub(crate) mod combat;
pub mod creatures;
pub(crate) mod doors;
pub mod ecology;
pub mod explore;
pub(crate) mod fov;
pub mod game_over;
pub(crate) mod hunger;
pub mod hunt;
pub mod invariants;
pub mod items;
pub mod levels;
pub(crate) mod map;
pub(crate) mod statuses;
pub(crate) mod turn;

use bevy::prelude::*;

/// Every rules plugin, in the order they are added.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        map::plugin,
        turn::plugin,
        doors::plugin,
        fov::plugin,
        creatures::plugin,
        ecology::plugin,
        statuses::plugin,
        items::plugin,
        combat::plugin,
        hunger::plugin,
        levels::plugin,
        hunt::plugin,
        explore::plugin,
        game_over::plugin,
    ));
}
