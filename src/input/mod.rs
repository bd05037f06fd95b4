//! Keys to commands, split by what the keys drive: play (`play.rs`: turn
//! actions, walks, zoom, the screens they open), the switches of the view
//! (`switches.rs`: screenshot, intents, sidebar), aiming (`aiming.rs`),
//! the inventory (`inventory.rs`), the pick-up list (`pile.rs`), and
//! `--record`/`--replay` in the window (`playback.rs`), a click that
//! walks to a tile (`pointer.rs`), and a travel key held to see its route
//! (`travel.rs`). `commands.rs` finds
//! what a key is bound to. Unbound keys, Shift among them, do nothing.

pub mod aiming;
pub mod commands;
pub mod inventory;
pub mod pile;
pub mod play;
pub mod playback;
pub(crate) mod pointer;
pub(crate) mod switches;
pub(crate) mod travel;

use bevy::prelude::*;

use crate::rules::explore::WalkPace;
use crate::view::motion::FinishAnimations;
use crate::view::screenshot::TakeScreenshot;
use crate::vocab::states::Screen;

/// Reads the keyboard during play. Needs the rules plugins and a
/// [`Zoom`](crate::view::ui_state::Zoom).
pub fn plugin(app: &mut App) {
    app.add_plugins((inventory::plugin, pile::plugin));
    app.add_message::<TakeScreenshot>();
    app.add_message::<FinishAnimations>();
    app.init_resource::<crate::vocab::resources::ShowSidebar>();
    app.init_resource::<crate::view::ui_state::HeldTravel>();
    app.add_message::<bevy::window::WindowFocused>();
    app.insert_resource(WalkPace(std::time::Duration::from_millis(70)));
    app.add_systems(
        Update,
        (
            (play::read_keys, travel::let_go)
                .chain()
                .before(crate::vocab::states::TurnPhase::HeroActs),
            aiming::aim_keys,
            switches::intents_key,
            switches::sidebar_key,
            pointer::click_to_travel.before(crate::vocab::states::TurnPhase::HeroActs),
        )
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(Update, switches::screenshot_key);
    app.add_systems(OnExit(Screen::Playing), travel::forget_held);
}
