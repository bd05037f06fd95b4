//! The player's files in the config folder: `bindings.txt`, written with
//! the defaults and comments on first run. A bad line is reported, naming
//! the file and the line, and that action keeps its default keys.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gloomdelve_core::bindings::{self, Bindings};
use gloomdelve_core::persist;

/// The bindings file's name in the config folder.
pub const BINDINGS_FILE: &str = "bindings.txt";

/// Problems found in the player's files at start-up, for the title screen.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigNotes(pub Vec<String>);

/// The config folder of the `directories` crate (`~/.config/gloomdelve`).
pub fn standard_config_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "gloomdelve")
        .map(|dirs| dirs.config_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Reads the key bindings from `dir`, writing the default file first when
/// there is none. Returns the bindings in force and one message per
/// problem, each naming the file (and the line).
pub fn load_bindings(dir: &Path) -> (Bindings, Vec<String>) {
    let path = dir.join(BINDINGS_FILE);
    if !path.exists()
        && let Err(e) = persist::write_atomically(&path, bindings::default_file_text().as_bytes())
    {
        let note = format!(
            "cannot write {}: {e}; using the default keys",
            path.display()
        );
        return (Bindings::default(), vec![note]);
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            let note = format!(
                "cannot read {}: {e}; using the default keys",
                path.display()
            );
            return (Bindings::default(), vec![note]);
        }
    };
    let (bindings, problems) = bindings::parse(&text);
    let notes = problems
        .iter()
        .map(|p| format!("{} {p}", path.display()))
        .collect();
    (bindings, notes)
}
