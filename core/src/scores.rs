//! The local high-score table: the top [`Table::MAX`] runs, best first,
//! saved atomically in the versioned envelope of [`crate::persist`]. A bad
//! table file is set aside, never deleted, and the game starts a new table.

use std::cmp::Reverse;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::persist;

/// The score file's format version.
pub const FORMAT_VERSION: u32 = 1;

/// One finished run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub score: u64,
    pub turns: u64,
    /// The deepest level reached.
    pub deepest: u32,
    pub kills: u32,
    /// How the run ended: "starved", "won", "slain by a goblin"...
    pub cause: String,
    /// The run's seed, so it can be replayed.
    pub seed: u64,
    pub won: bool,
}

/// The high-score table, sorted by score, best first; among equal scores
/// the earlier entry ranks higher.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub entries: Vec<Score>,
}

impl Table {
    /// How many entries the table keeps.
    pub const MAX: usize = 10;

    /// Adds `score` and returns its 0-based rank, or `None` if it did not
    /// make the table. The lowest entry drops off when the table is full.
    pub fn insert(&mut self, score: Score) -> Option<usize> {
        let rank = self.rank_for(score.score);
        if rank >= Self::MAX {
            return None;
        }
        self.entries.insert(rank, score);
        self.entries.truncate(Self::MAX);
        Some(rank)
    }

    /// Where a new entry scoring `points` would go: after every entry that
    /// scores at least as much.
    fn rank_for(&self, points: u64) -> usize {
        self.entries.partition_point(|entry| entry.score >= points)
    }

    /// Loads the table from `path`. A missing file gives an empty table and
    /// no message. A file that cannot be read or parsed gives an empty table
    /// and a message naming the file and what is wrong; a file that is bad
    /// is first set aside as `*.bad` (see [`persist::set_aside`]).
    pub fn load(path: &Path) -> (Table, Option<String>) {
        let bytes = match persist::read_regular(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (Table::default(), None),
            Err(e) => {
                let message = format!("Could not read the high scores {}: {e}.", path.display());
                return (Table::default(), Some(message));
            }
        };
        match Self::parse(&bytes) {
            Ok(table) => (table, None),
            Err(problem) => (
                Table::default(),
                Some(set_aside_with_message(path, &problem)),
            ),
        }
    }

    /// Parses a table file's bytes, putting the entries back in rank order
    /// and within [`Table::MAX`] in case the file was edited by hand.
    fn parse(bytes: &[u8]) -> Result<Table, persist::LoadError> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| persist::LoadError::Corrupt(format!("it is not UTF-8 text ({e})")))?;
        let mut table: Table = persist::from_versioned_ron(text, FORMAT_VERSION)?;
        table.entries.sort_by_key(|entry| Reverse(entry.score));
        table.entries.truncate(Self::MAX);
        Ok(table)
    }

    /// Saves the table to `path` atomically.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let text = persist::to_versioned_ron(FORMAT_VERSION, self).map_err(io::Error::other)?;
        persist::write_atomically(path, text.as_bytes())
    }
}

/// Sets a bad table file aside and describes what happened.
fn set_aside_with_message(path: &Path, problem: &persist::LoadError) -> String {
    let what = format!(
        "The high scores {} could not be loaded: {problem}.",
        path.display()
    );
    match persist::set_aside(path) {
        Ok(moved) => format!(
            "{what} It was moved aside to {}; starting a new table.",
            moved.display()
        ),
        Err(e) => format!("{what} It could not be moved aside ({e}); starting a new table."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::ScratchDir;
    use std::fs;

    fn run(score: u64, seed: u64) -> Score {
        let won = seed.is_multiple_of(2);
        Score {
            score,
            turns: score * 3,
            deepest: 4,
            kills: 9,
            cause: if won { "won" } else { "starved" }.into(),
            seed,
            won,
        }
    }

    fn scores(table: &Table) -> Vec<u64> {
        table.entries.iter().map(|e| e.score).collect()
    }

    #[test]
    fn ranks_best_first_and_caps_at_ten() {
        let mut table = Table::default();
        for (seed, points) in [50, 10, 90, 30, 70, 20, 80, 40, 60, 100, 5, 65]
            .into_iter()
            .enumerate()
        {
            table.insert(run(points, seed as u64));
        }
        assert_eq!(scores(&table), [100, 90, 80, 70, 65, 60, 50, 40, 30, 20]);
    }

    #[test]
    fn insert_returns_rank() {
        let mut table = Table::default();
        assert_eq!(table.insert(run(10, 0)), Some(0));
        assert_eq!(table.insert(run(30, 1)), Some(0));
        assert_eq!(table.insert(run(20, 2)), Some(1));
        assert_eq!(table.insert(run(5, 3)), Some(3));
    }

    #[test]
    fn ties_keep_the_earlier_entry_first() {
        let mut table = Table::default();
        table.insert(run(40, 1));
        assert_eq!(table.insert(run(40, 2)), Some(1));
        assert_eq!(table.insert(run(40, 3)), Some(2));
        let seeds: Vec<u64> = table.entries.iter().map(|e| e.seed).collect();
        assert_eq!(seeds, [1, 2, 3]);
    }

    #[test]
    fn too_low_for_a_full_table_is_none() {
        let mut table = Table::default();
        for points in 1..=10 {
            table.insert(run(points * 10, points));
        }
        let before = table.clone();
        assert_eq!(table.insert(run(5, 99)), None);
        assert_eq!(table.insert(run(10, 99)), None, "a tie with the last loses");
        assert_eq!(table, before);
        assert_eq!(table.insert(run(11, 99)), Some(9));
        assert_eq!(table.entries.len(), Table::MAX);
    }

    #[test]
    fn save_and_load_round_trip() {
        let dir = ScratchDir::new("scores-round-trip");
        let path = dir.path("nested/scores.ron");
        let mut table = Table::default();
        table.insert(run(120, 4));
        table.insert(run(80, 7));
        table.save(&path).unwrap();
        assert_eq!(Table::load(&path), (table, None));
    }

    #[test]
    fn missing_file_is_an_empty_table_without_message() {
        let dir = ScratchDir::new("scores-missing");
        assert_eq!(
            Table::load(&dir.path("scores.ron")),
            (Table::default(), None)
        );
    }

    #[test]
    fn an_unreadable_table_is_empty_with_a_message_naming_it() {
        let dir = ScratchDir::new("scores-folder");
        let path = dir.path("scores.ron");
        std::fs::create_dir(&path).unwrap();
        let (table, message) = Table::load(&path);
        assert_eq!(table, Table::default());
        let message = message.expect("a folder is no table");
        assert!(
            message.contains("Could not read the high scores"),
            "{message}"
        );
        assert!(message.contains("scores.ron"), "{message}");
        assert!(path.is_dir(), "a folder is left alone");
    }

    #[test]
    fn corrupt_file_is_set_aside_and_named() {
        let dir = ScratchDir::new("scores-corrupt");
        let path = dir.path("scores.ron");
        let mut table = Table::default();
        table.insert(run(120, 4));
        table.save(&path).unwrap();
        let mut bytes = fs::read(&path).unwrap();
        bytes.truncate(bytes.len() - 5);
        fs::write(&path, &bytes).unwrap();

        let (loaded, message) = Table::load(&path);
        assert_eq!(loaded, Table::default());
        let message = message.expect("a message");
        let bad = dir.set_aside_copies("scores.ron").remove(0);
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(message.contains(&bad.display().to_string()), "{message}");
        assert!(message.contains("cut short"), "{message}");
        assert_eq!(fs::read(&bad).unwrap(), bytes);
        assert!(!path.exists());
    }

    #[test]
    fn non_utf8_and_wrong_version_are_set_aside() {
        let dir = ScratchDir::new("scores-other-bad");
        let path = dir.path("scores.ron");
        fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        let (_, message) = Table::load(&path);
        assert!(message.unwrap().contains("not UTF-8"));

        let newer = persist::to_versioned_ron(FORMAT_VERSION + 1, &Table::default()).unwrap();
        fs::write(&path, &newer).unwrap();
        let (_, message) = Table::load(&path);
        assert!(message.unwrap().contains("version 2 of its format"));
        let copies = dir.set_aside_copies("scores.ron");
        assert_eq!(copies.len(), 2, "{copies:?}");
        assert_eq!(fs::read(&copies[0]).unwrap(), [0xff, 0xfe, 0x00]);
        assert_eq!(fs::read_to_string(&copies[1]).unwrap(), newer);
    }

    #[test]
    fn hand_edited_table_is_put_back_in_order() {
        let dir = ScratchDir::new("scores-unsorted");
        let path = dir.path("scores.ron");
        let unsorted = Table {
            entries: (1..=12).map(|points| run(points, points)).collect(),
        };
        unsorted.save(&path).unwrap();
        let (loaded, message) = Table::load(&path);
        assert_eq!(message, None);
        assert_eq!(scores(&loaded), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    }
}
