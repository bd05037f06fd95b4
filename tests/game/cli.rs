//! The command line: `mapgen` prints the same map as the core generator,
//! and bad flags get a clear message and a non-zero exit, never a panic.

use std::process::{Command, Output};

use gloomdelve_core::mapgen::Stairs;
use gloomdelve_core::mapgen::caves::{self, CaveStyle};

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
    let dir = std::env::temp_dir().join(format!("gloomdelve-bad-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_data_value_out_of_range_stops_the_game_naming_the_file() {
    let root = std::env::temp_dir().join(format!("gloomdelve-bad-data-{}", std::process::id()));
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    std::fs::create_dir_all(root.join("assets/data")).unwrap();
    std::fs::create_dir_all(root.join("assets/sprites")).unwrap();
    let atlas = gloomdelve::assets::ATLAS_PATH;
    std::fs::copy(shipped.join(atlas), root.join("assets").join(atlas)).unwrap();
    for file in ["rules.ron", "creatures.ron", "items.ron"] {
        let text = std::fs::read_to_string(shipped.join("data").join(file)).unwrap();
        let text = text.replace("Food(350)", "Food(-100000)");
        std::fs::write(root.join("assets/data").join(file), text).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(["sim", "--seed", "1", "--turns", "5"])
        .env("BEVY_ASSET_ROOT", &root)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&root);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains("items.ron: entry 12 (\"ration\"): effect Food: -100000"),
        "{stderr}"
    );
}
