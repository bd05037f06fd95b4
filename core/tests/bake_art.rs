//! Runs the `bake-art` binary on a copy of `art/` and checks that it writes
//! exactly the committed sheets and atlas, and that a missing source fails
//! with a message naming the file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gloomdelve_core::art::{ATLAS_FILE, SHEETS, decode_png, sprites_dir};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh, empty folder under the target's temporary directory.
fn scratch_root(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_art_sources(into: &Path) {
    let to = into.join("art");
    std::fs::create_dir_all(&to).unwrap();
    for entry in std::fs::read_dir(repo_root().join("art")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
    }
}

fn bake_art(root: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bake-art"))
        .arg(root)
        .output()
        .expect("bake-art runs")
}

fn pixels_of(path: &Path) -> (u32, u32, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    decode_png(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_baker_writes_the_committed_sheets_and_atlas_from_the_sources() {
    let root = scratch_root("bake-art-ok");
    copy_art_sources(&root);
    let run = bake_art(&root);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{run:?}");
    assert!(
        stdout.starts_with(&format!("baked {} sheets into ", SHEETS.len())),
        "{stdout}"
    );
    let (baked, committed) = (sprites_dir(&root), sprites_dir(&repo_root()));
    for sheet in SHEETS {
        let file = format!("{sheet}.png");
        assert_eq!(
            pixels_of(&baked.join(&file)),
            pixels_of(&committed.join(&file)),
            "{file}"
        );
    }
    let atlas = |dir: &Path| std::fs::read_to_string(dir.join(ATLAS_FILE)).unwrap();
    assert_eq!(atlas(&baked), atlas(&committed));
}

#[test]
fn the_baker_fails_naming_the_missing_source() {
    let root = scratch_root("bake-art-missing");
    copy_art_sources(&root);
    std::fs::remove_file(root.join("art").join("items.txt")).unwrap();
    let run = bake_art(&root);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{run:?}");
    assert!(stderr.contains("items.txt"), "{stderr}");
    assert!(
        !sprites_dir(&root).exists(),
        "nothing is written on failure"
    );
}
