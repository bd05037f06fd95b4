//! The player's files in the config folder: `bindings.txt`, written with
//! the defaults and comments on first run. A bad line is reported, naming
//! the file and the line, and that action keeps its default keys.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gloomdelve_core::bindings::{self, Bindings};
use gloomdelve_core::persist;
use serde::{Deserialize, Serialize};

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

/// The settings file's name in the config folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// What the game remembers between runs: the zoom and the window size.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Screen pixels per art pixel: 2, 3 or 4.
    pub zoom: Option<u32>,
    /// The window's size in logical pixels.
    pub window: Option<(u32, u32)>,
}

/// Where the settings live, for saving them again.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SettingsPath(pub PathBuf);

/// Reads the settings in `dir`. A missing file gives the defaults; a bad
/// one is set aside as `.bad` (never lost) with a message naming it.
pub fn load_settings(dir: &Path) -> (Settings, Option<String>) {
    let path = dir.join(SETTINGS_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
        Err(e) => {
            return (
                Settings::default(),
                Some(format!("cannot read {}: {e}", path.display())),
            );
        }
    };
    let checked = ron::from_str::<Settings>(&text)
        .map_err(|e| e.to_string())
        .and_then(|s| check_settings(s).map(|()| s));
    match checked {
        Ok(settings) => (settings, None),
        Err(why) => {
            let kept = persist::set_aside(&path).map_or_else(
                |e| format!("moving it aside failed: {e}"),
                |p| format!("it was kept as {}", p.display()),
            );
            let note = format!(
                "{} is not valid ({why}); using the defaults, and {kept}",
                path.display()
            );
            (Settings::default(), Some(note))
        }
    }
}

fn check_settings(settings: Settings) -> Result<(), String> {
    if settings.zoom.is_some_and(|z| !(2..=4).contains(&z)) {
        return Err("zoom must be 2, 3 or 4".to_string());
    }
    if settings
        .window
        .is_some_and(|(w, h)| !(320..=7680).contains(&w) || !(320..=7680).contains(&h))
    {
        return Err("window sides must be 320 to 7680 pixels".to_string());
    }
    Ok(())
}

/// Writes the settings atomically.
pub fn save_settings(path: &Path, settings: &Settings) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    let text = format!("// Gloomdelve remembers your zoom and window size here.\n{text}\n");
    persist::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, remember_the_view);
}

/// Saves the zoom and the window size when either changes.
fn remember_the_view(
    path: Option<Res<SettingsPath>>,
    mut settings: Option<ResMut<Settings>>,
    zoom: Option<Res<crate::camera::Zoom>>,
    mut resized: MessageReader<bevy::window::WindowResized>,
) {
    let (Some(path), Some(settings)) = (path, settings.as_mut()) else {
        return;
    };
    let mut next = **settings;
    if let Some(zoom) = zoom.filter(|z| z.is_changed()) {
        next.zoom = Some(zoom.0);
    }
    if let Some(size) = resized.read().last() {
        next.window = Some((size.width.round() as u32, size.height.round() as u32));
    }
    if next != **settings {
        **settings = next;
        if let Err(message) = save_settings(&path.0, &next) {
            warn!("{message}");
        }
    }
}
