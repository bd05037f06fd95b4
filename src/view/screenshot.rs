//! F12 screenshots: the window is saved as a PNG in the screenshots folder,
//! written to a temporary file first so a reader never sees half a file.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::view::assets::DisplaySettings;
use crate::vocab::log::GameLog;
use crate::vocab::resources::TurnCount;

/// Asks for a screenshot of the window.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct TakeScreenshot;

/// Carries a finished screenshot's path back to the log.
#[derive(Message, Clone, Debug)]
struct ScreenshotSaved(Result<PathBuf, String>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TakeScreenshot>();
    app.add_message::<ScreenshotSaved>();
    app.add_systems(Update, (capture, report_saved));
}

fn capture(
    mut commands: Commands,
    mut requests: MessageReader<TakeScreenshot>,
    settings: Res<DisplaySettings>,
    turn: Option<Res<TurnCount>>,
) {
    for _ in requests.read() {
        let turn = turn.as_ref().map_or(0, |t| t.0);
        let path = next_free_path(&settings.screenshot_dir, turn);
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut saved: MessageWriter<ScreenshotSaved>| {
                saved.write(ScreenshotSaved(save_png(&captured.image, &path)));
            },
        );
    }
}

/// `gloomdelve-<turn>-<n>.png`, with the first `n` not already taken.
fn next_free_path(dir: &Path, turn: u64) -> PathBuf {
    (0u32..)
        .map(|n| dir.join(format!("gloomdelve-{turn:05}-{n}.png")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join("gloomdelve.png"))
}

fn save_png(image: &Image, path: &Path) -> Result<PathBuf, String> {
    let rgba = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())?
        .to_rgba8();
    let (width, height) = rgba.dimensions();
    let mut pixels = rgba.into_raw();
    // The alpha channel carries no meaning in a window capture.
    pixels.chunks_mut(4).for_each(|p| p[3] = 255);
    let png =
        gloomdelve_core::art::encode_png(width, height, &pixels).map_err(|e| e.to_string())?;
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let partial = path.with_extension("png.tmp");
    std::fs::write(&partial, png).map_err(fail)?;
    std::fs::rename(&partial, path).map_err(fail)?;
    Ok(path.to_path_buf())
}

fn report_saved(
    mut saved: MessageReader<ScreenshotSaved>,
    mut log: ResMut<GameLog>,
    turn: Option<Res<TurnCount>>,
) {
    let turn = turn.as_ref().map_or(0, |t| t.0);
    for result in saved.read() {
        match &result.0 {
            Ok(path) => {
                info!("Screenshot saved to {}", path.display());
                log.say(turn, format!("Screenshot saved to {}", path.display()));
            }
            Err(e) => {
                error!("Cannot save screenshot: {e}");
                log.say(turn, format!("Cannot save screenshot: {e}"));
            }
        }
    }
}
