//! The screens the game moves through, what lies over the play view, and
//! the order of the work done on entering play.

use bevy::prelude::*;

/// Which screen is showing. Later screens (title, death, victory) join here.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Sprite sheets, the atlas and data are loading.
    #[default]
    Loading,
    /// Loaded assets are checked against each other.
    Preparing,
    /// Something failed to load; the game reports it and exits.
    LoadFailed,
    /// New Game, Continue, Quit.
    Title,
    /// In the dungeon.
    Playing,
    /// Between two levels: the one left is stored, the next brought up.
    Travelling,
    /// The hero died.
    GameOver,
    /// The hero came back to the surface with the Gold Key.
    Victory,
}

/// What lies over the game view while playing. The game stays in
/// [`Screen::Playing`] underneath, so nothing of the level is despawned.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    Inventory,
    /// Aiming a scroll at a tile.
    Targeting,
    /// Esc: resume, or save and quit.
    Menu,
    /// `?`: every key binding.
    Help,
    /// `m`: the message history.
    History,
}

/// The order of the work done on entering [`Screen::Playing`]: the rules
/// build the level first, then the presentation draws it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnterPlaying {
    Rules,
    Presentation,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Overlay>();
    app.configure_sets(
        OnEnter(Screen::Playing),
        (EnterPlaying::Rules, EnterPlaying::Presentation).chain(),
    );
}
