//! The state of the screens the keys drive and the view draws: the zoom,
//! the inventory's cursor and purpose, the name being typed for a kind, the
//! act chosen in a screen, the aiming cursor, and the pick-up list. The
//! input writes it; the view only reads it. (The bindings as shown are
//! `vocab::keys::KeyBindings`, which the rules' messages read too.)

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::config::ZOOMS;
use crate::rules::items::PileEntry;
use crate::vocab::intents::Action;
use crate::vocab::messages::Goal;

/// The current zoom, one of [`ZOOMS`]; the camera draws the map at it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zoom(pub u32);

impl Zoom {
    /// The next zoom step in or out, staying within [`ZOOMS`].
    pub fn stepped(self, inward: bool) -> Self {
        let at = ZOOMS
            .iter()
            .position(|&z| z == self.0)
            .unwrap_or(ZOOMS.len() - 1);
        let next = if inward {
            (at + 1).min(ZOOMS.len() - 1)
        } else {
            at.saturating_sub(1)
        };
        Zoom(ZOOMS[next])
    }
}

/// The inventory grid: 10 columns of 2 rows.
pub const COLUMNS: usize = 10;
pub const ROWS: usize = 2;

/// The selected slot, 0..20, row by row.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InventoryCursor(pub usize);

/// Why the inventory is open: to look through it, or to choose a meal.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InventoryPurpose {
    #[default]
    Browse,
    /// Opened by the eat key, on the best food.
    Eat,
}

impl InventoryPurpose {
    /// The line the screen shows above the grid for this purpose.
    pub fn prompt(self) -> Option<&'static str> {
        match self {
            Self::Browse => None,
            Self::Eat => Some("Eat which? Enter eats."),
        }
    }
}

/// The name being typed for an unknown kind (the inventory's `c`), while
/// it is typed: the keys write it, Enter files it, Esc leaves it. It stays
/// one frame more once `done`, so that the inventory's keys never take the
/// Enter or Esc that ended it.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Calling {
    pub kind: usize,
    /// What the kind goes by now: "murky potion".
    pub look: String,
    pub text: String,
    pub done: bool,
}

/// A travel key held down (`>` off the stairs, `x`): while it is down the
/// route its walk would take is drawn; letting it go walks, `Esc` cancels.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldTravel(pub Option<TravelKey>);

/// The key held and the walk it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TravelKey {
    pub goal: Goal,
    /// The key as pressed, so that its release is known.
    pub code: KeyCode,
    pub logical: Key,
}

impl TravelKey {
    /// Whether a key event is this key's: by its code where the code is
    /// known, else by the character it types.
    pub fn is(&self, code: KeyCode, logical: &Key) -> bool {
        let named = !matches!(self.code, KeyCode::Unidentified(_));
        if named {
            code == self.code
        } else {
            *logical == self.logical
        }
    }
}

/// The act chosen in the inventory, played when it closes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChosenAct(pub Option<Action>);

/// What is being aimed and the tile the cursor is on.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aiming {
    pub aim: Aim,
    pub cursor: Pos,
}

/// What the cursor aims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// A scroll that needs a target.
    Read(Entity),
    /// A missile to throw by hand.
    Throw(Entity),
    /// The pack's bow and its ammunition.
    Fire,
    /// Nothing: the cursor only looks.
    Look,
}

impl Aim {
    /// The action that lets it go at `target`; looking takes none.
    pub fn at(self, target: Pos) -> Option<Action> {
        match self {
            Aim::Read(scroll) => Some(Action::Read {
                scroll,
                target: Some(target),
            }),
            Aim::Throw(item) => Some(Action::Throw { item, target }),
            Aim::Fire => Some(Action::Fire { target }),
            Aim::Look => None,
        }
    }

    /// The verb the prompt offers: "read", "throw", "shoot", "close".
    pub(crate) fn verb(self) -> &'static str {
        match self {
            Aim::Read(_) => "read",
            Aim::Throw(_) => "throw",
            Aim::Fire => "shoot",
            Aim::Look => "close",
        }
    }
}

/// The pile being chosen from, and the entry the cursor is on.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PileChoice {
    pub entries: Vec<PileEntry>,
    pub cursor: usize,
}

impl PileChoice {
    /// The list for `entries`, its cursor on the first thing the hero did
    /// not drop here (what it dropped, it likely meant to leave).
    pub fn new(entries: Vec<PileEntry>) -> Self {
        let cursor = entries.iter().position(|e| !e.dropped).unwrap_or(0);
        Self { entries, cursor }
    }

    /// The cursor moved by `rows`, wrapping at either end.
    pub fn moved(&self, rows: isize) -> usize {
        let len = self.entries.len().max(1) as isize;
        (self.cursor as isize + rows).rem_euclid(len) as usize
    }
}
