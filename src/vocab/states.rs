//! The screens the game moves through, what lies over the play view, and
//! the order of the work done on entering play.

use bevy::prelude::*;

/// Which screen is showing, from loading through the title and play to
/// the end of a game.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Sprite sheets, the atlas and data are loading.
    #[default]
    Loading,
    /// Loaded assets are checked against each other.
    Preparing,
    /// Something failed to load; the game reports it and exits.
    LoadFailed,
    /// New Game, Continue (or an earlier game kept beside the save), Quit.
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
    /// A cursor on the map: aiming a scroll, a throw or a shot, or only
    /// looking.
    Targeting,
    /// Esc: resume, Reduce motion on or off, or save and quit.
    Menu,
    /// `?`: how to play, and every key binding.
    Help,
    /// `m`: the message history.
    History,
    /// `g` on a pile: which of its things to pick up.
    PickUp,
}

/// The order of the work done on entering [`Screen::Playing`]: the rules
/// build the level first, then the presentation draws it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EnterPlaying {
    Rules,
    Presentation,
}

/// The rules' work on entering a level, inside [`EnterPlaying::Rules`],
/// in this order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EnterLevel {
    /// A mode with a world of its own builds it first (the hunt's warrens).
    World,
    /// The delve's level, unless one stands; the dungeon; the rules' dice.
    Build,
    /// The hero, on a new game.
    Hero,
    /// A new level of the delve gets its creatures.
    Populate,
    /// A new level gets its items, and the hunt its roster.
    Stock,
    /// Who stands where, the paths, and what the hero sees.
    Settle,
}

/// The hero's turn, inside [`TurnPhase::HeroActs`], in this order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HeroTurn {
    /// Reads the pending action before it is played: the recorder, the
    /// memory of the last bump.
    Observe,
    /// The pending action becomes one intent message of its kind.
    Dispatch,
    /// Each intent is played by the one system that reads its kind.
    Resolve,
    /// Counting the turn the action took.
    Count,
}

/// Inside [`TurnPhase::UpdateHud`]: what the hero sees has been
/// remembered; the map's fog is drawn after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SeenRemembered;

/// The work done on entering [`Screen::Title`], in this order: the save
/// side reads the save (and the earlier ones kept beside it), then the
/// title offers what it found.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EnterTitle {
    ReadSave,
    Offer,
}

/// The save side answering a [`SaveRequested`](crate::vocab::messages::SaveRequested);
/// whoever reads the answer in the same frame runs after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Saving;

/// Inside [`TurnPhase::ResolveDeaths`], in this order: the dead drop what
/// they carried, then their bodies become corpses.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DeathSteps {
    DropLoot,
    Bodies,
}

/// On entering [`Screen::GameOver`] or [`Screen::Victory`]: the run's
/// score is recorded in the high scores; the end screen shows it after.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RecordScore;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Overlay>();
    app.configure_sets(
        OnEnter(Screen::Title),
        (EnterTitle::ReadSave, EnterTitle::Offer).chain(),
    );
    app.configure_sets(
        OnEnter(Screen::Playing),
        (EnterPlaying::Rules, EnterPlaying::Presentation).chain(),
    );
    app.configure_sets(
        OnEnter(Screen::Playing),
        (
            EnterLevel::World,
            EnterLevel::Build,
            EnterLevel::Hero,
            EnterLevel::Populate,
            EnterLevel::Stock,
            EnterLevel::Settle,
        )
            .chain()
            .in_set(EnterPlaying::Rules),
    );
    app.configure_sets(
        Update,
        (
            HeroTurn::Observe,
            HeroTurn::Dispatch,
            HeroTurn::Resolve,
            HeroTurn::Count,
        )
            .chain()
            .in_set(TurnPhase::HeroActs),
    );
    app.configure_sets(Update, SeenRemembered.in_set(TurnPhase::UpdateHud));
    app.configure_sets(
        Update,
        (DeathSteps::DropLoot, DeathSteps::Bodies)
            .chain()
            .in_set(TurnPhase::ResolveDeaths),
    );
}

/// The phases of one turn, run in this order. Sight is updated right
/// after the hero acts, so creatures judge what they see by where the hero
/// stands now (creatures moving never changes what the hero sees).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    HeroActs,
    UpdateFov,
    WorldActs,
    ResolveDeaths,
    UpdateHud,
}
