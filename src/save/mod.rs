//! Saving (SPEC.md "Saving"): the whole game, written atomically to the
//! data folder on quit and on every level change, loaded by Continue. A
//! save that cannot be read is moved aside as `*.bad`, never deleted, and
//! the title screen says why. Dying in the delve deletes the save.

pub mod state;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gloomdelve_core::persist::{self, LoadError};

use crate::screens::Screen;
use crate::{Mode, NewGame};
use state::SaveGame;

/// The save format's version: a save of another version is set aside.
pub const SAVE_VERSION: u32 = 1;

/// The save file's name in the data folder.
pub const SAVE_FILE: &str = "save.ron";

/// Where this game keeps its files: the save, the high scores.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The data folder of the `directories` crate (`~/.local/share/gloomdelve`).
    pub fn standard() -> Self {
        let dir = directories::ProjectDirs::from("", "", "gloomdelve")
            .map(|dirs| dirs.data_dir().to_path_buf())
            .unwrap_or_else(|| PathBuf::from("."));
        Self(dir)
    }

    pub fn save_path(&self) -> PathBuf {
        self.0.join(SAVE_FILE)
    }
}

/// Asks for a save once the level just entered is ready.
#[derive(Resource, Debug, Default)]
pub struct SaveSoon;

/// What became of the save file when the game looked for it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub enum SaveStatus {
    /// No save: only a new game.
    None,
    /// A save that loads.
    Ready(Box<SaveGame>),
    /// A save that could not be read; it was moved aside. The message names
    /// the file and what is wrong.
    SetAside(String),
}

/// Writes `save` to `path`, atomically.
pub fn write_save(path: &Path, save: &SaveGame) -> Result<(), String> {
    let text = persist::to_versioned_ron(SAVE_VERSION, save)?;
    persist::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Reads the save at `path`. A missing file is `SaveStatus::None`; a bad
/// one is moved aside and reported, never deleted.
pub fn read_save(path: &Path) -> SaveStatus {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SaveStatus::None,
        Err(e) => return SaveStatus::SetAside(format!("cannot read {}: {e}", path.display())),
    };
    let parsed = String::from_utf8(bytes)
        .map_err(|_| LoadError::Corrupt("it is not text".to_string()))
        .and_then(|text| persist::from_versioned_ron::<SaveGame>(&text, SAVE_VERSION));
    match parsed {
        Ok(save) => SaveStatus::Ready(Box::new(save)),
        Err(why) => SaveStatus::SetAside(set_aside_message(path, &why.to_string())),
    }
}

/// Moves a bad save aside and says where it went.
fn set_aside_message(path: &Path, why: &str) -> String {
    match persist::set_aside(path) {
        Ok(aside) => format!(
            "The save {} could not be loaded: {why}. It was kept as {}.",
            path.display(),
            aside.display()
        ),
        Err(e) => format!(
            "The save {} could not be loaded: {why}. Moving it aside failed too ({e}); it was left in place.",
            path.display()
        ),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        save_when_asked.run_if(in_state(Screen::Playing).and_eager(resource_exists::<SaveSoon>)),
    );
    app.add_systems(OnEnter(Screen::GameOver), delete_the_save_in_the_delve);
    app.add_systems(OnEnter(Screen::Victory), delete_the_save_in_the_delve);
}

/// Saves the game to the data folder, if there is one and a game in play.
pub fn save_now(world: &mut World) -> Result<(), String> {
    let Some(dir) = world.get_resource::<DataDir>().cloned() else {
        return Ok(());
    };
    let Some(save) = state::capture(world) else {
        return Ok(());
    };
    write_save(&dir.save_path(), &save)
}

fn save_when_asked(world: &mut World) {
    world.remove_resource::<SaveSoon>();
    if let Err(message) = save_now(world) {
        error!("{message}");
        let turn = world.resource::<crate::turn::TurnCount>().0;
        world
            .resource_mut::<crate::log::GameLog>()
            .say(turn, format!("Saving failed: {message}"));
    }
}

/// Permadeath: a finished delve leaves no save to continue.
fn delete_the_save_in_the_delve(new_game: Res<NewGame>, dir: Option<Res<DataDir>>) {
    if new_game.mode != Mode::Delve {
        return;
    }
    if let Some(dir) = dir
        && let Err(e) = std::fs::remove_file(dir.save_path())
        && e.kind() != std::io::ErrorKind::NotFound
    {
        error!("cannot delete the finished game's save: {e}");
    }
}
