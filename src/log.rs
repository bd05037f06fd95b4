//! The message log: what happened, in words, for the HUD.

use bevy::prelude::*;

/// Every message the game has said this run, oldest first.
#[derive(Resource, Default, Debug)]
pub struct GameLog {
    entries: Vec<LogEntry>,
}

/// One line of the log and the turn it was said on.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LogEntry {
    pub turn: u64,
    pub text: String,
}

impl GameLog {
    pub fn say(&mut self, turn: u64, text: impl Into<String>) {
        self.entries.push(LogEntry {
            turn,
            text: text.into(),
        });
    }

    /// Every entry, oldest first.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// A log holding `entries` (a loaded game's).
    pub fn from_entries(entries: Vec<LogEntry>) -> Self {
        Self { entries }
    }

    /// The newest `n` entries, oldest first.
    pub fn recent(&self, n: usize) -> &[LogEntry] {
        &self.entries[self.entries.len().saturating_sub(n)..]
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameLog>();
}
