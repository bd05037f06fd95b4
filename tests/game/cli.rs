//! The command line: `mapgen` prints the same map as the core generator,
//! and bad flags get a clear message and a non-zero exit, never a panic.

use std::process::{Command, Output};

use gloomdelve_core::mapgen::Stairs;
use gloomdelve_core::mapgen::caves::{self, CaveStyle};

use crate::support::scratch;

fn gloomdelve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(args)
        .output()
        .expect("the game binary runs")
}

#[test]
fn mapgen_prints_the_seeded_cave() {
    let out = gloomdelve(&[
        "mapgen", "--kind", "caves", "--seed", "3", "--width", "30", "--height", "20",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let expected = caves::level(3, 30, 20, CaveStyle::default(), Stairs::BOTH).unwrap();
    assert_eq!(text, expected.terrain.to_text());
    assert!(text.contains('<') && text.contains('>'), "with stairs");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|r| r.chars().count() == 30));
    assert!(text.contains('#') && text.contains('.'));
}

fn assert_refused(args: &[&str], expected: &str) {
    let out = gloomdelve(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should exit 2; stderr: {stderr}"
    );
    assert!(
        stderr.contains(expected),
        "{args:?}: expected {expected:?} in: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
}

#[test]
fn bad_flags_get_a_clear_message_and_exit_two() {
    assert_refused(&["--scale", "5"], "--scale");
    assert_refused(&["--window", "big"], "WIDTHxHEIGHT");
    assert_refused(&["--window", "10x10"], "out of range");
    assert_refused(&["--seed", "many"], "--seed");
    assert_refused(&["--bogus"], "--bogus");
    assert_refused(&["mapgen", "--width", "5"], "out of range");
    assert_refused(&["mapgen", "--kind", "volcano"], "volcano");
}

#[test]
fn sim_prints_one_json_object_per_game_and_the_totals() {
    let out = gloomdelve(&["sim", "--seeds", "3..4", "--turns", "60"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3, "two games and the totals: {text}");
    assert_eq!(lines[0]["seed"], 3);
    assert!(
        lines[0]["state_hash"]
            .as_str()
            .is_some_and(|h| h.len() == 16)
    );
    assert_eq!(lines[2]["games"], 2);
    assert_refused(&["sim", "--seeds", "4..3"], "empty");
}

#[test]
fn a_missing_or_broken_recording_is_named_and_exits_two() {
    let tmp = scratch("bad-replay");
    let dir = tmp.path();
    let missing = dir.join("missing.ron");
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "not a recording at all").unwrap();
    for (flag, file) in [("--replay", &missing), ("--replay", &broken)] {
        let path = file.to_str().unwrap();
        assert_refused(&[flag, path], path);
        assert_refused(&["sim", flag, path], path);
    }
    assert_refused(&["--replay", "a.ron", "--seed", "3"], "--seed");
    assert_refused(&["--replay", "a.ron", "--reveal"], "--reveal");
    assert!(broken.exists(), "a bad recording is left as it was");
}

/// The game binary with its data and config folders in `dir` and no
/// display, so a run that got past its checks could not open a window.
fn gloomdelve_in(dir: &std::path::Path, args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the game binary runs")
}

#[test]
fn a_record_path_that_cannot_be_written_is_refused_at_once_with_exit_two() {
    let tmp = scratch("bad-record");
    let dir = tmp.path();
    let folder = dir.join("a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let unwritable = std::path::Path::new("/proc/x/y.rec");
    for (target, expected) in [
        (unwritable, "cannot create the folder /proc/x"),
        (&folder, "is a directory, not a regular file"),
    ] {
        let sim = ["sim", "--turns", "50", "--record"].map(std::ffi::OsStr::new);
        let window = ["--seed", "3", "--record"].map(std::ffi::OsStr::new);
        for args in [&sim[..], &window[..]] {
            let mut args = args.to_vec();
            args.push(target.as_os_str());
            let started = std::time::Instant::now();
            let out = gloomdelve_in(dir, &args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            let named = format!("cannot record to {}", target.display());
            assert!(stderr.contains(&named), "{args:?}: {stderr}");
            assert!(stderr.contains(expected), "{args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "nothing was played: {args:?}");
            assert!(started.elapsed().as_secs() < 20, "refused at once");
        }
    }
    assert!(folder.is_dir(), "the folder is left alone");
    assert!(!dir.join("a-folder.tmp").exists(), "no temporary file");
}

#[cfg(unix)]
#[test]
fn sim_record_through_a_symlink_writes_the_linked_file() {
    let tmp = scratch("link-record");
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("runs")).unwrap();
    let link = dir.join("latest.rec");
    std::os::unix::fs::symlink("runs/7.rec", &link).unwrap();
    let args = ["sim", "--seed", "7", "--turns", "40", "--record"].map(std::ffi::OsStr::new);
    let mut args = args.to_vec();
    args.push(link.as_os_str());
    let out = gloomdelve_in(dir, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let recording = gloomdelve::sim::Recording::load(&dir.join("runs/7.rec")).unwrap();
    assert_eq!(recording.seed, 7);
    assert_eq!(std::fs::read_dir(dir.join("runs")).unwrap().count(), 1);
}

#[test]
fn a_data_value_out_of_range_stops_the_game_naming_the_file() {
    let tmp = scratch("bad-data");
    let root = tmp.path();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    std::fs::create_dir_all(root.join("assets/data")).unwrap();
    std::fs::create_dir_all(root.join("assets/sprites")).unwrap();
    let atlas = gloomdelve::vocab::data::ATLAS_PATH;
    std::fs::copy(shipped.join(atlas), root.join("assets").join(atlas)).unwrap();
    for file in ["rules.ron", "creatures.ron", "items.ron"] {
        let text = std::fs::read_to_string(shipped.join("data").join(file)).unwrap();
        let text = text.replace("Food(350)", "Food(-100000)");
        std::fs::write(root.join("assets/data").join(file), text).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(["sim", "--seed", "1", "--turns", "5"])
        .env("BEVY_ASSET_ROOT", root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains("items.ron: entry 12 (\"ration\"): effect Food: -100000"),
        "{stderr}"
    );
}

/// Without a graphics adapter Bevy panicked (exit 101); the game now says
/// what is missing in one line and exits 2, before any window opens.
#[cfg(unix)]
#[test]
fn no_graphics_adapter_is_named_in_one_line_and_exits_two() {
    let tmp = scratch("no-gpu");
    let scratch = tmp.path();
    // A display comes first: a socket where WAYLAND_DISPLAY points passes
    // that check, so the adapter's is reached with no real display.
    let compositor = scratch.join("wayland-0");
    let _listening = std::os::unix::net::UnixListener::bind(&compositor).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(["--seed", "7"])
        .env("WAYLAND_DISPLAY", &compositor)
        .env("VK_ICD_FILENAMES", "/nonexistent.json")
        .env("WGPU_BACKEND", "vulkan")
        .env("XDG_DATA_HOME", scratch.join("data"))
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .env_remove("DISPLAY")
        .output()
        .expect("the game runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert_eq!(
        stderr.trim(),
        format!(
            "gloomdelve: no graphics adapter found (WGPU_BACKEND=vulkan): the game needs {}",
            gloomdelve::view::graphics::DRIVER_NEEDED
        )
    );
}

#[test]
fn sim_save_refuses_two_seeds_and_a_path_it_cannot_write_with_exit_two() {
    let tmp = scratch("bad-save");
    let dir = tmp.path();
    let file = dir.join("save.ron");
    std::fs::write(dir.join("plain"), "a file, not a folder").unwrap();
    let under_a_file = dir.join("plain/sub/save.ron");
    let folder = dir.join("a-folder");
    std::fs::create_dir(&folder).unwrap();
    let cannot = |path: &std::path::Path| format!("cannot save to {}: ", path.display());
    let cases = [
        (
            &["--seeds", "3..4"][..],
            &file,
            vec![
                "cannot be used with".to_string(),
                "'--save <FILE>'".to_string(),
                "'--seeds <SEEDS>'".to_string(),
            ],
        ),
        (
            &[],
            &under_a_file,
            vec![
                cannot(&under_a_file),
                "cannot create the folder".to_string(),
            ],
        ),
        (
            &[],
            &folder,
            vec![
                cannot(&folder),
                "is a directory, not a regular file".to_string(),
            ],
        ),
    ];
    for (extra, target, expected) in cases {
        let mut args = vec!["sim", "--turns", "50"];
        args.extend(extra);
        args.extend(["--save", target.to_str().unwrap()]);
        let out = gloomdelve(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        for part in expected {
            assert!(
                stderr.contains(&part),
                "{args:?}: expected {part:?} in: {stderr}"
            );
        }
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "nothing was played: {args:?}");
    }
    let mut left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["a-folder", "plain"], "nothing was written");
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
}

#[test]
fn sim_save_of_a_game_that_ended_writes_nothing_and_exits_two() {
    let tmp = scratch("ended-save");
    let file = tmp.path().join("save.ron");
    let out = gloomdelve(&[
        "sim",
        "--seed",
        "44",
        "--turns",
        "800",
        "--save",
        file.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the report is still printed");
    assert_eq!(report["outcome"], "killed by a goblin", "{report}");
    assert!(
        stderr.contains("no game to save") && stderr.contains(&file.display().to_string()),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "no save, no temporary file"
    );
}

#[test]
fn sim_save_onto_a_full_disk_is_refused_before_any_turn() {
    let tmp = scratch("full-disk");
    let file = tmp.path().join("save.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(["sim", "--seed", "3", "--turns", "300", "--save"])
        .arg(&file)
        .env(gloomdelve_core::persist::FAULT_ENV, "full")
        .output()
        .expect("the game binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains("no room for a save of this game")
            && stderr.contains(&file.display().to_string()),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "no report: the game was refused before it was played"
    );
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "no save, no temporary file"
    );
}
