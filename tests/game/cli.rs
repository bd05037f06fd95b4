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

/// Without a graphics adapter Bevy panicked (exit 101); the game now says
/// what is missing in one line and exits 2, before any window opens.
#[test]
fn no_graphics_adapter_is_named_in_one_line_and_exits_two() {
    let scratch = std::env::temp_dir().join(format!("gloomdelve-no-gpu-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_gloomdelve"))
        .args(["--seed", "7"])
        .env("VK_ICD_FILENAMES", "/nonexistent.json")
        .env("WGPU_BACKEND", "vulkan")
        .env("XDG_DATA_HOME", scratch.join("data"))
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the game runs");
    let _ = std::fs::remove_dir_all(&scratch);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert_eq!(
        stderr.trim(),
        format!(
            "gloomdelve: no graphics adapter found (WGPU_BACKEND=vulkan): the game needs {}",
            gloomdelve::graphics::DRIVER_NEEDED
        )
    );
}
