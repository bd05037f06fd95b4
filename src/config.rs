//! The player's files in the config folder: `bindings.txt`, written with
//! the defaults and comments on first run. A bad line is reported, naming
//! the file and the line, and that action keeps its default keys. And
//! `settings.ron`, where the game keeps the zoom, the window size and
//! Reduce motion: a bad one is set aside, never overwritten.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gloomdelve_core::bindings::{self, Bindings};
use gloomdelve_core::persist;
use serde::{Deserialize, Serialize};

/// The bindings file's name in the config folder.
pub(crate) const BINDINGS_FILE: &str = "bindings.txt";

/// The zooms the camera offers, in pixels per art pixel; a saved zoom
/// must be one of them.
pub(crate) const ZOOMS: [u32; 3] = [2, 3, 4];

/// Problems found in the player's files at start-up, for the title screen.
/// All of them go to stderr once, at start-up; the title shows a few.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigNotes(pub Vec<String>);

/// How many notes the title screen shows before "and N more".
pub const NOTES_ON_TITLE: usize = 5;

impl ConfigNotes {
    /// What the title shows: the first [`NOTES_ON_TITLE`] notes, then
    /// "and N more (see the log)" when there are more.
    pub fn title_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.0.iter().take(NOTES_ON_TITLE).cloned().collect();
        let more = self.0.len().saturating_sub(NOTES_ON_TITLE);
        if more > 0 {
            lines.push(format!("and {more} more (see the log)"));
        }
        lines
    }
}

/// The config folder of the `directories` crate (`~/.config/gloomdelve`).
pub fn standard_config_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "gloomdelve")
        .map(|dirs| dirs.config_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Makes sure the config folder `dir` can hold the player's files: it is
/// created if need be. The error is the one line the title shows when it
/// cannot be (a path through a regular file, a name too long...): the game
/// then goes on with the default keys and settings, and remembers nothing.
pub fn usable_config_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| {
        format!(
            "the config folder {} cannot be used ({e}); using the default keys and settings, \
             and nothing is remembered",
            dir.display()
        )
    })
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
    let text = match persist::read_regular_text(&path) {
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

/// The settings file's name in the config folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// What the game remembers between runs: the zoom, the window size,
/// whether motion is reduced, and whether the intent overlay is shown.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Screen pixels per art pixel: 2, 3 or 4.
    pub zoom: Option<u32>,
    /// The window's size in logical pixels.
    pub window: Option<(u32, u32)>,
    /// Reduce motion: sprites snap from tile to tile, nothing animates but
    /// the camera's follow. Toggled from the Esc menu.
    pub reduce_motion: bool,
    /// The intent overlay: what the monsters will do next turn, drawn on
    /// the map. Toggled with its key (Tab).
    pub show_intents: bool,
    /// The sidebar of the monsters in view (on when left out). Toggled
    /// with its key (`v`).
    pub show_sidebar: bool,
    /// Whether travel and auto-explore may plan through rock the hero can
    /// dig (on when left out). Toggled from the Esc menu.
    pub routes_may_dig: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            zoom: None,
            window: None,
            reduce_motion: false,
            show_intents: false,
            show_sidebar: true,
            routes_may_dig: true,
        }
    }
}

/// Where the settings live, for saving them again.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SettingsPath(pub PathBuf);

/// The sides a window may have, in logical pixels: what `--window` and
/// `settings.ron` accept, and what a saved size is clamped to.
pub const WINDOW_SIDES: RangeInclusive<u32> = 320..=7680;

/// What is in a settings file.
enum SettingsFile {
    Missing,
    Good(Settings),
    /// Not a regular file (a FIFO, a device, a folder): left alone, why.
    NotAFile(String),
    /// Unreadable, not UTF-8, not valid RON, or out of range: why.
    Bad(String),
}

fn read_settings(path: &Path) -> SettingsFile {
    let bytes = match persist::read_regular(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SettingsFile::Missing,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
            return SettingsFile::NotAFile(e.to_string());
        }
        Err(e) => return SettingsFile::Bad(format!("cannot read it: {e}")),
    };
    let checked = std::str::from_utf8(&bytes)
        .map_err(|e| format!("it is not UTF-8 text: {e}"))
        .and_then(|text| ron::from_str::<Settings>(text).map_err(|e| e.to_string()))
        .and_then(|s| check_settings(s).map(|()| s));
    checked.map_or_else(SettingsFile::Bad, SettingsFile::Good)
}

/// Moves a bad settings file aside (never deleting it) and says so: the
/// message names the file, what is wrong, and where it went.
fn set_aside_bad_settings(path: &Path, why: &str) -> Result<String, String> {
    let note = |kept: String| format!("{} is not valid ({why}); {kept}", path.display());
    match persist::set_aside(path) {
        Ok(kept) => Ok(note(format!("it was kept as {}", kept.display()))),
        Err(e) => Err(note(format!("moving it aside failed: {e}"))),
    }
}

/// Reads the settings in `dir`. A missing file gives the defaults; a bad
/// one (unreadable, not UTF-8, not valid, out of range) is set aside as
/// `.bad` (never lost) with a message naming it.
pub fn load_settings(dir: &Path) -> (Settings, Option<String>) {
    let path = dir.join(SETTINGS_FILE);
    match read_settings(&path) {
        SettingsFile::Missing => (Settings::default(), None),
        SettingsFile::Good(settings) => (settings, None),
        SettingsFile::NotAFile(why) => (
            Settings::default(),
            Some(format!(
                "cannot read {}: {why}; it was left alone, using the defaults",
                path.display()
            )),
        ),
        SettingsFile::Bad(why) => {
            let note = set_aside_bad_settings(&path, &why).unwrap_or_else(|e| e);
            (
                Settings::default(),
                Some(format!("{note}; using the defaults")),
            )
        }
    }
}

fn check_settings(settings: Settings) -> Result<(), String> {
    if settings.zoom.is_some_and(|z| !ZOOMS.contains(&z)) {
        return Err(format!("zoom must be one of {ZOOMS:?}"));
    }
    if settings
        .window
        .is_some_and(|(w, h)| !WINDOW_SIDES.contains(&w) || !WINDOW_SIDES.contains(&h))
    {
        return Err(format!(
            "window sides must be {} to {} pixels",
            WINDOW_SIDES.start(),
            WINDOW_SIDES.end()
        ));
    }
    Ok(())
}

/// A window size as the settings keep it: each side rounded and clamped to
/// [`WINDOW_SIDES`]. `None` for a minimised window (a side of zero), which
/// is not a size to come back to.
pub fn savable_window(width: f32, height: f32) -> Option<(u32, u32)> {
    let side = |v: f32| (v.round() as u32).clamp(*WINDOW_SIDES.start(), *WINDOW_SIDES.end());
    (width >= 1.0 && height >= 1.0).then(|| (side(width), side(height)))
}

/// Writes the settings atomically. A file already there that the game would
/// reject is set aside first, so writing never destroys the player's file;
/// when it cannot be set aside nothing is written.
pub fn save_settings(path: &Path, settings: &Settings) -> Result<(), String> {
    if let SettingsFile::Bad(why) = read_settings(path) {
        // Outside the macro: its arguments run only when warnings are logged.
        let note = set_aside_bad_settings(path, &why)?;
        warn!("{note}");
    }
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    let text = format!(
        "// Gloomdelve remembers your zoom, window size, Reduce motion and\n// whether the intent overlay is shown here.\n{text}\n"
    );
    persist::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
