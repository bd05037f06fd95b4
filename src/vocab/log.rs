//! The message log: what happened, in words, for the HUD. A line said
//! again right after itself is counted, not repeated ("... (x30)").

use bevy::prelude::*;

use crate::vocab::reset::ResetOnNewGame;

/// Every message the game has said this run, oldest first.
#[derive(Resource, Default, Debug)]
pub struct GameLog {
    entries: Vec<LogEntry>,
}

/// One line of the log, the turn it was last said on, and how many times
/// in a row it was said.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LogEntry {
    pub turn: u64,
    pub text: String,
    /// Saves from before counting hold no count: each line was said once.
    #[serde(default = "once")]
    pub count: u32,
}

fn once() -> u32 {
    1
}

impl LogEntry {
    /// The line as the player reads it: "You cannot go that way. (x30)".
    pub fn line(&self) -> String {
        if self.count > 1 {
            format!("{} (x{})", self.text, self.count)
        } else {
            self.text.clone()
        }
    }
}

impl GameLog {
    /// Adds a line dated `turn`; the same line as the newest one only
    /// counts up, and is dated anew.
    pub fn say(&mut self, turn: u64, text: impl Into<String>) {
        let text = text.into();
        match self.entries.last_mut() {
            Some(last) if last.text == text => {
                last.count = last.count.saturating_add(1);
                last.turn = turn;
            }
            _ => self.entries.push(LogEntry {
                turn,
                text,
                count: 1,
            }),
        }
    }

    /// Every entry, oldest first.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// A log holding `entries` (a loaded game's).
    pub(crate) fn from_entries(entries: Vec<LogEntry>) -> Self {
        Self { entries }
    }

    /// The newest `n` entries, oldest first.
    pub fn recent(&self, n: usize) -> &[LogEntry] {
        &self.entries[self.entries.len().saturating_sub(n)..]
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.reset_on_new_game::<GameLog>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_said_again_in_a_row_is_counted_and_redated() {
        let mut log = GameLog::default();
        log.say(3, "You cannot go that way.");
        log.say(3, "You cannot go that way.");
        log.say(7, "You cannot go that way.");
        assert_eq!(log.entries().len(), 1);
        assert_eq!(log.entries()[0].count, 3);
        assert_eq!(log.entries()[0].turn, 7, "dated by the last time");
        assert_eq!(log.entries()[0].line(), "You cannot go that way. (x3)");
        log.say(8, "You hit the bat for 2 damage.");
        log.say(9, "You cannot go that way.");
        let lines: Vec<String> = log.entries().iter().map(LogEntry::line).collect();
        assert_eq!(
            lines,
            [
                "You cannot go that way. (x3)",
                "You hit the bat for 2 damage.",
                "You cannot go that way.",
            ],
            "only a repeat in a row merges"
        );
    }

    #[test]
    fn an_entry_saved_without_a_count_was_said_once() {
        let entry: LogEntry = ron::from_str("(turn: 4, text: \"Hello.\")").unwrap();
        assert_eq!(entry.count, 1);
        assert_eq!(entry.line(), "Hello.");
    }
}
