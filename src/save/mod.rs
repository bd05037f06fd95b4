//! Saving (SPEC.md "Saving"): the whole game, written atomically to the
//! data folder on quit and on every level change, loaded by Continue. A
//! save that cannot be loaded is moved aside as `*.bad` (or, when it cannot
//! even be read or moved, left in place), never deleted, and the title
//! screen and stderr say why. A new game over a save keeps the old one as
//! `save.ron.prev`, `save.ron.prev.1`... (see `persist::keep_previous`);
//! when `save.ron` is missing or bad the newest kept save that loads is
//! offered instead. Dying in the delve deletes the save.

pub mod asked;
pub mod check;
pub(crate) mod migrate;
pub mod scores;
pub mod start;
pub mod state;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gloomdelve_core::persist::{self, LoadError};

use crate::vocab::game::{Mode, NewGame};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::SaveSoon;
use crate::vocab::states::Screen;
use state::SaveGame;

/// The save format's version. Version 5 keeps the looks of potions and
/// scrolls and what the hero knows of them. Version 4 keeps every status (paralysed,
/// sick, regenerating, far sight) in one map; version 3 keeps each
/// creature's memories in a map by behaviour; version 2 kept both in
/// fields of their own. Versions 2 and 3 are still read (see [`migrate`]);
/// version 1 numbered the kinds by their place in the data files, and is
/// set aside.
pub const SAVE_VERSION: u32 = 5;

/// The save file's name in the data folder.
pub(crate) const SAVE_FILE: &str = "save.ron";

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

    pub(crate) fn save_path(&self) -> PathBuf {
        self.0.join(SAVE_FILE)
    }
}

/// The file in the data folder that a game holds locked while it uses the
/// folder: one game at a time writes there.
pub const LOCK_FILE: &str = "in-use.lock";

/// The data folder's lock, held for as long as this resource lives. The
/// operating system drops it with the process, so a crash never leaves the
/// folder locked.
#[derive(Resource, Debug)]
pub struct FolderLock {
    _file: std::fs::File,
}

/// Why a game cannot use its data folder: it plays on, but saves nothing.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Unsaved(pub String);

/// Takes the data folder `dir` for this game: creates it if need be and
/// locks its [`LOCK_FILE`]. The error says in one line why it cannot be
/// used: another Gloomdelve has it, or it cannot be made or opened.
pub fn claim_data_dir(dir: &Path) -> Result<FolderLock, String> {
    let unusable = |e: &dyn std::fmt::Display| {
        format!("the data folder {} cannot be used ({e})", dir.display())
    };
    std::fs::create_dir_all(dir).map_err(|e| unusable(&e))?;
    let path = dir.join(LOCK_FILE);
    let file = std::fs::File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| unusable(&e))?;
    match file.try_lock() {
        Ok(()) => Ok(FolderLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "another Gloomdelve is using the data folder {}",
            dir.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(unusable(&e)),
    }
}

/// What became of the save file when the game looked for it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub enum SaveStatus {
    /// No save: only a new game.
    None,
    /// A save that loads.
    Ready(Box<SaveGame>),
    /// A save that could not be loaded; it was moved aside. The message
    /// names the file and what is wrong.
    SetAside(String),
    /// Something at the save's path that could not be loaded nor moved
    /// aside (a dangling link, a folder...); it was left in place. The
    /// message names the file and what is wrong.
    LeftInPlace(String),
    /// The data folder cannot be used (see [`Unsaved`]): no save is
    /// offered, and this game will not be saved.
    Unavailable(String),
}

impl SaveStatus {
    /// What the player is told about the save, if anything went wrong.
    pub fn problem(&self) -> Option<&str> {
        match self {
            SaveStatus::SetAside(message)
            | SaveStatus::LeftInPlace(message)
            | SaveStatus::Unavailable(message) => Some(message),
            SaveStatus::None | SaveStatus::Ready(_) => None,
        }
    }

    /// Whether something is still at the save's path, which a new game
    /// would move away (and so must ask first).
    pub fn occupied(&self) -> bool {
        matches!(self, SaveStatus::Ready(_) | SaveStatus::LeftInPlace(_))
    }
}

/// An earlier game kept by a new game over it (`save.ron.prev`...), which
/// the title offers when `save.ron` is missing or bad.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct EarlierSave {
    /// The kept file, moved back to `save.ron` when chosen.
    pub path: PathBuf,
    pub save: Box<SaveGame>,
}

/// Writes `save` to `path`, atomically.
pub fn write_save(path: &Path, save: &SaveGame) -> Result<(), String> {
    let text = persist::to_versioned_ron(SAVE_VERSION, save)?;
    persist::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Checks, before a game is played, that a save can be written to `path`
/// (see `persist::check_writable`); the error names the file.
pub fn check_save_path(path: &Path) -> Result<(), String> {
    persist::check_writable(path).map_err(|e| format!("cannot save to {}: {e}", path.display()))
}

/// How many times its first save a level's share of a later save may
/// come to: the levels below the surface are larger, and what the hero
/// remembers of each fills in. (Bot games of 4,900 turns that saw all 11
/// levels saved 420 and 438 KB, from a first save of 18 KB.)
const LEVEL_GROWTH: u64 = 3;

/// Checks, before a game is played, that the disk under `path` has room
/// for a save of it: `first`, its save on the first turn, grown
/// [`LEVEL_GROWTH`] times for each of the `levels` a save of it may come
/// to hold, and once more to spare. A full disk is found before any turn
/// is played, not after them all.
pub fn check_room_for_save(path: &Path, first: &SaveGame, levels: u32) -> Result<(), String> {
    let text = persist::to_versioned_ron(SAVE_VERSION, first)?;
    let needed = (text.len() as u64)
        .saturating_mul(LEVEL_GROWTH)
        .saturating_mul(u64::from(levels) + 1);
    persist::check_room(path, needed).map_err(|e| {
        format!(
            "cannot save to {}: no room for a save of this game (about {} KB): {e}",
            path.display(),
            needed.div_ceil(1024)
        )
    })
}

/// Why the file at a save's path gave no game.
enum Unloadable {
    /// Nothing is there.
    Missing,
    /// It cannot be read or is no file to read: it stays where it is.
    Unreadable(String),
    /// It was read, and is not a save of this version.
    Bad(LoadError),
    /// It is a save of this version, of a game that cannot be: the first
    /// wrong field, and why (see [`check::check_save`]).
    Impossible(String),
}

/// Loads the save at `path`, touching nothing, and checks the game it
/// holds against `new_game`'s data files and rules.
fn load_save(path: &Path, new_game: &NewGame) -> Result<SaveGame, Unloadable> {
    refuse_a_save_too_large(path)?;
    let bytes = read_regular_file(path)?;
    let (version, mut save) = String::from_utf8(bytes)
        .map_err(|_| LoadError::Corrupt("it is not text".to_string()))
        .and_then(|text| {
            persist::from_versioned_ron_since::<SaveGame>(
                &text,
                migrate::OLDEST_READ..=SAVE_VERSION,
            )
        })
        .map_err(Unloadable::Bad)?;
    migrate::upgrade(&mut save, version).map_err(Unloadable::Impossible)?;
    check::check_save(&save, new_game).map_err(Unloadable::Impossible)?;
    Ok(save)
}

/// The most bytes a save may have: eleven levels of the largest size the
/// generators make (600×600), with all they hold, take under a sixth of it.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// A file larger than any game's save is refused before it is read (a
/// level of 10,000×10,000 would take gigabytes of memory to load).
fn refuse_a_save_too_large(path: &Path) -> Result<(), Unloadable> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.len() > MAX_SAVE_BYTES => {
            Err(Unloadable::Impossible(format!(
                "the file is {} bytes; no game's save is over {} MiB",
                meta.len(),
                MAX_SAVE_BYTES >> 20
            )))
        }
        _ => Ok(()),
    }
}

/// The bytes of the regular file at `path` (or that its links lead to).
/// Anything else there is never opened: a FIFO or a device could block or
/// never end.
fn read_regular_file(path: &Path) -> Result<Vec<u8>, Unloadable> {
    persist::read_regular(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => dangling_or_missing(path),
        std::io::ErrorKind::InvalidInput => Unloadable::Unreadable(e.to_string()),
        _ => Unloadable::Unreadable(format!("it cannot be read ({e})")),
    })
}

/// A path that does not lead to a file: missing, or a link to nowhere.
fn dangling_or_missing(path: &Path) -> Unloadable {
    match std::fs::read_link(path) {
        Ok(target) => Unloadable::Unreadable(format!(
            "it is a link to {}, which does not exist",
            target.display()
        )),
        Err(_) => Unloadable::Missing,
    }
}

/// Reads the save at `path`. A missing file is `SaveStatus::None`; a bad
/// one is moved aside and reported, never deleted; one that cannot be read
/// is reported and left in place.
pub fn read_save(path: &Path, new_game: &NewGame) -> SaveStatus {
    match load_save(path, new_game) {
        Ok(save) => SaveStatus::Ready(Box::new(save)),
        Err(Unloadable::Missing) => SaveStatus::None,
        Err(Unloadable::Unreadable(why)) => SaveStatus::LeftInPlace(format!(
            "The save {} could not be loaded: {why}. It was left in place.",
            path.display()
        )),
        Err(Unloadable::Bad(why)) => set_aside_message(path, &why.to_string()),
        Err(Unloadable::Impossible(why)) => {
            set_aside_message(path, &format!("it holds a game that cannot be ({why})"))
        }
    }
}

/// The newest game kept beside the save at `path` that loads, if any.
/// Kept files that do not load are passed over and left as they are.
pub(crate) fn find_earlier_save(path: &Path, new_game: &NewGame) -> Option<EarlierSave> {
    let kept = persist::kept_previous(path).unwrap_or_else(|e| {
        error!(
            "cannot look for earlier saves beside {}: {e}",
            path.display()
        );
        Vec::new()
    });
    kept.into_iter().find_map(|kept| {
        let save = load_save(&kept, new_game).ok()?;
        Some(EarlierSave {
            path: kept,
            save: Box::new(save),
        })
    })
}

/// Moves the earlier save back to `save_path`, where it is played and,
/// after a death, deleted like any save. Refuses if anything is at
/// `save_path`.
pub(crate) fn take_back(earlier: &EarlierSave, save_path: &Path) -> Result<(), String> {
    if std::fs::symlink_metadata(save_path).is_ok() {
        return Err(format!(
            "cannot continue {}: {} is in the way",
            earlier.path.display(),
            save_path.display()
        ));
    }
    std::fs::rename(&earlier.path, save_path).map_err(|e| {
        format!(
            "cannot move {} back to {}: {e}",
            earlier.path.display(),
            save_path.display()
        )
    })
}

/// Moves a bad save aside and says where it went.
fn set_aside_message(path: &Path, why: &str) -> SaveStatus {
    match persist::set_aside(path) {
        Ok(aside) => SaveStatus::SetAside(format!(
            "The save {} could not be loaded: {why}. It was kept as {}.",
            path.display(),
            aside.display()
        )),
        Err(e) => SaveStatus::LeftInPlace(format!(
            "The save {} could not be loaded: {why}. Moving it aside failed too ({e}); it was left in place.",
            path.display()
        )),
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((asked::plugin, start::plugin, scores::plugin));
    app.remove_on_new_game::<SaveSoon>();
    app.add_systems(
        Update,
        save_when_asked.run_if(in_state(Screen::Playing).and_eager(resource_exists::<SaveSoon>)),
    );
    app.add_message::<bevy::window::WindowCloseRequested>();
    app.add_systems(Update, save_on_window_close);
    app.add_systems(OnEnter(Screen::GameOver), delete_the_save_in_the_delve);
    app.add_systems(OnEnter(Screen::Victory), delete_the_save_in_the_delve);
}

/// What [`save_now`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The game was written to the data folder.
    Written,
    /// Nothing: there is no data folder (the sim, most tests).
    NoFolder,
    /// Nothing: the game has ended (see
    /// [`game_has_ended`](crate::rules::game_over::game_has_ended)), and
    /// an ended game is never saved. Whatever save is there stays.
    GameEnded,
}

/// Saves the game in play to the data folder, if there is one. Every save
/// the game writes comes through here, and none of an ended game.
pub fn save_now(world: &mut World) -> Result<Saved, String> {
    let Some(dir) = world.get_resource::<DataDir>().cloned() else {
        return Ok(Saved::NoFolder);
    };
    if crate::rules::game_over::game_has_ended(world) {
        return Ok(Saved::GameEnded);
    }
    let Some(save) = state::capture(world) else {
        return Ok(Saved::GameEnded);
    };
    write_save(&dir.save_path(), &save).map(|()| Saved::Written)
}

fn save_when_asked(world: &mut World) {
    world.remove_resource::<SaveSoon>();
    if let Err(message) = save_now(world) {
        error!("{message}");
        say_saving_failed(world, &message);
    }
}

/// Tells the player in the log that the save failed, and why.
pub(crate) fn say_saving_failed(world: &mut World, why: &str) {
    let turn = world.resource::<crate::vocab::resources::TurnCount>().0;
    world
        .resource_mut::<crate::vocab::log::GameLog>()
        .say(turn, format!("Saving failed: {why}"));
}

/// Closing the window saves the game in play first (unless it has ended:
/// see [`save_now`]).
fn save_on_window_close(
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    screen: Option<Res<State<Screen>>>,
    mut commands: Commands,
) {
    let playing = screen.is_some_and(|s| *s.get() == Screen::Playing);
    if closing.read().count() > 0 && playing {
        commands.queue(|world: &mut World| {
            if let Err(message) = save_now(world) {
                error!("{message}");
            }
        });
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
