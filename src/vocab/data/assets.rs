//! Where the game's assets are: the folder that holds the sprite atlas.

use std::path::{Path, PathBuf};

/// The atlas file, relative to the assets folder: the file that marks it.
pub const ATLAS_PATH: &str = "sprites/sprites.atlas.ron";

/// Finds the folder that holds the game's assets: `$BEVY_ASSET_ROOT/assets`,
/// `$CARGO_MANIFEST_DIR/assets`, `assets` beside the executable, `./assets`,
/// then the folder the game was built from. The first that holds the atlas wins.
pub fn find_assets_dir() -> Result<PathBuf, String> {
    let candidates = asset_dir_candidates();
    candidates
        .iter()
        .find(|dir| dir.join(ATLAS_PATH).is_file())
        .cloned()
        .ok_or_else(|| {
            let tried: Vec<String> = candidates.iter().map(|d| format!("  {}", d.display())).collect();
            format!(
                "cannot find the game's assets folder (it holds {ATLAS_PATH}). Looked in:\n{}\n\
                 Run the game from the repository root, or set BEVY_ASSET_ROOT to the folder that contains `assets`.",
                tried.join("\n")
            )
        })
}

fn asset_dir_candidates() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = std::env::var_os(var) {
            dirs.push(PathBuf::from(root).join("assets"));
        }
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        dirs.push(exe_dir.join("assets"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        dirs.push(cwd.join("assets"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
    dirs
}
