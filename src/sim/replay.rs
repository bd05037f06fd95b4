//! Recordings: the seed and every action the hero took, with pack items
//! named by their slot (entity numbers differ between runs). Playing a
//! recording back reaches the same state, hash for hash.

use std::path::Path;

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos, persist};
use serde::{Deserialize, Serialize};

use crate::vocab::components::Hero;
use crate::vocab::components::Pack;
use crate::vocab::game::Mode;
use crate::vocab::intents::{Action, PendingAction};
use crate::vocab::states::HeroTurn;

/// The recording format's version.
pub(crate) const RECORDING_VERSION: u32 = 1;

/// One action, with pack items as slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recorded {
    Move(Dir),
    /// A step that digs without the warning (a route that digs).
    Dig(Dir),
    Wait,
    PickUp,
    /// One entry of the pile underfoot, by its place in the pile.
    Take(usize),
    Eat,
    Descend,
    Ascend,
    Use(usize),
    Drop(usize),
    Read {
        slot: usize,
        target: Option<Pos>,
    },
    Throw {
        slot: usize,
        target: Pos,
    },
    Fire {
        target: Pos,
    },
    Close,
}

/// A game as its seed, mode and actions.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recording {
    pub seed: u64,
    pub mode: Mode,
    pub actions: Vec<Recorded>,
}

impl Recording {
    /// Writes the recording atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = persist::to_versioned_ron(RECORDING_VERSION, self)?;
        persist::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Checks, before a game is played, that a recording can be written to
    /// `path` (see `persist::check_writable`); the error names the file.
    pub fn check_path(path: &Path) -> Result<(), String> {
        persist::check_writable(path)
            .map_err(|e| format!("cannot record to {}: {e}", path.display()))
    }

    /// Reads a recording; the error names the file and what is wrong.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = persist::read_regular_text(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        persist::from_versioned_ron(&text, RECORDING_VERSION)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Records every action the hero's turn plays, while a `Recording` exists.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        record_action
            .in_set(HeroTurn::Observe)
            .run_if(resource_exists::<Recording>),
    );
}

fn record_action(
    pending: Res<PendingAction>,
    hero: Query<&Pack, With<Hero>>,
    mut recording: ResMut<Recording>,
) {
    let (Some(action), Ok(pack)) = (pending.0, hero.single()) else {
        return;
    };
    if let Some(recorded) = to_recorded(action, pack) {
        recording.actions.push(recorded);
    }
}

fn slot(pack: &Pack, item: Entity) -> Option<usize> {
    pack.0.iter().position(|&e| e == item)
}

/// An action as recorded; `None` for an item not in the pack.
pub fn to_recorded(action: Action, pack: &Pack) -> Option<Recorded> {
    Some(match action {
        Action::Move(dir) => Recorded::Move(dir),
        Action::Dig(dir) => Recorded::Dig(dir),
        Action::Wait => Recorded::Wait,
        Action::PickUp => Recorded::PickUp,
        Action::Take(entry) => Recorded::Take(entry),
        Action::Eat => Recorded::Eat,
        Action::Descend => Recorded::Descend,
        Action::Ascend => Recorded::Ascend,
        Action::Use(item) => Recorded::Use(slot(pack, item)?),
        Action::Drop(item) => Recorded::Drop(slot(pack, item)?),
        Action::Read { scroll, target } => Recorded::Read {
            slot: slot(pack, scroll)?,
            target,
        },
        Action::Throw { item, target } => Recorded::Throw {
            slot: slot(pack, item)?,
            target,
        },
        Action::Fire { target } => Recorded::Fire { target },
        Action::Close => Recorded::Close,
    })
}

/// The action a recorded one stands for in this game. A slot the pack no
/// longer has (the recording does not match the game) becomes a wait.
pub fn to_action(recorded: Recorded, pack: &Pack) -> Action {
    let item = |slot: usize| pack.0.get(slot).copied();
    let with_item = |slot: usize, act: fn(Entity) -> Action| item(slot).map_or(Action::Wait, act);
    match recorded {
        Recorded::Move(dir) => Action::Move(dir),
        Recorded::Dig(dir) => Action::Dig(dir),
        Recorded::Wait => Action::Wait,
        Recorded::PickUp => Action::PickUp,
        Recorded::Take(entry) => Action::Take(entry),
        Recorded::Eat => Action::Eat,
        Recorded::Descend => Action::Descend,
        Recorded::Ascend => Action::Ascend,
        Recorded::Use(slot) => with_item(slot, Action::Use),
        Recorded::Drop(slot) => with_item(slot, Action::Drop),
        Recorded::Read { slot, target } => {
            item(slot).map_or(Action::Wait, |scroll| Action::Read { scroll, target })
        }
        Recorded::Throw { slot, target } => {
            item(slot).map_or(Action::Wait, |item| Action::Throw { item, target })
        }
        Recorded::Fire { target } => Action::Fire { target },
        Recorded::Close => Action::Close,
    }
}
