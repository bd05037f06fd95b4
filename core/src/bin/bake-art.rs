//! Bakes the text sprite sources in `art/` into `assets/sprites/*.png` and
//! `assets/sprites/sprites.atlas.ron`. Usage: `bake-art [REPO_ROOT]`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gloomdelve_core::art::{ATLAS_FILE, Atlas, bake_sources, encode_png, sprites_dir};

fn main() -> ExitCode {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    match bake(&root) {
        Ok(count) => {
            println!("baked {count} sheets into {}", sprites_dir(&root).display());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("bake-art: {message}");
            ExitCode::FAILURE
        }
    }
}

fn bake(root: &Path) -> Result<usize, String> {
    let sheets = bake_sources(&root.join("art")).map_err(|e| e.to_string())?;
    let dir = sprites_dir(root);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for sheet in &sheets {
        let png = encode_png(sheet.width, sheet.height, &sheet.rgba).map_err(|e| e.to_string())?;
        let path = dir.join(format!("{}.png", sheet.name));
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let atlas_path = dir.join(ATLAS_FILE);
    std::fs::write(&atlas_path, Atlas::for_sheets(&sheets).to_ron())
        .map_err(|e| format!("{}: {e}", atlas_path.display()))?;
    Ok(sheets.len())
}
