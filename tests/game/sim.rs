//! The simulator: a short soak with every invariant checked each turn, and
//! the same seed giving the same result twice.

use gloomdelve::Mode;
use gloomdelve::sim::run;

use crate::levels::{data, shipped_rules};

pub fn shipped_game(seed: u64, mode: Mode) -> gloomdelve::NewGame {
    gloomdelve::NewGame {
        seed,
        rules: shipped_rules(),
        creatures: gloomdelve::data::CreatureBook::load(&data("creatures.ron")).unwrap(),
        items: gloomdelve::data::ItemBook::load(&data("items.ron")).unwrap(),
        reveal: false,
        mode,
    }
}

#[test]
fn a_short_soak_keeps_every_invariant() {
    for seed in 1..=8 {
        let report =
            run(shipped_game(seed, Mode::Delve), 600).unwrap_or_else(|v| panic!("delve: {v}"));
        assert!(report.turns > 0 && report.invariant_checks >= report.turns * 5);
    }
    for seed in 1..=2 {
        let report =
            run(shipped_game(seed, Mode::Hunt), 150).unwrap_or_else(|v| panic!("hunt: {v}"));
        assert_eq!(report.turns, 150, "no death ends a hunt");
    }
}

#[test]
fn the_same_seed_gives_the_same_game_twice() {
    let first = run(shipped_game(12, Mode::Delve), 400).unwrap();
    let second = run(shipped_game(12, Mode::Delve), 400).unwrap();
    assert_eq!(first, second);
    let other = run(shipped_game(13, Mode::Delve), 400).unwrap();
    assert_ne!(first.state_hash, other.state_hash);
}

#[test]
fn a_game_saved_and_continued_midway_ends_in_the_same_state() {
    for seed in [12, 21] {
        let straight = run(shipped_game(seed, Mode::Delve), 500).unwrap();
        let loaded =
            gloomdelve::sim::run_with_a_load(shipped_game(seed, Mode::Delve), 500, 230).unwrap();
        assert_eq!(straight.turns, loaded.turns, "seed {seed}");
        assert_eq!(straight.state_hash, loaded.state_hash, "seed {seed}");
    }
}

#[test]
fn a_recorded_game_replays_to_the_same_state_hash() {
    let dir = std::env::temp_dir().join(format!("gloomdelve-replay-{}", std::process::id()));
    let path = dir.join("game.replay");
    let (report, recording) =
        gloomdelve::sim::run_recorded(shipped_game(17, Mode::Delve), 400).unwrap();
    assert!(recording.actions.len() as u64 >= report.turns);
    recording.save(&path).unwrap();
    let loaded = gloomdelve::sim::Recording::load(&path).unwrap();
    assert_eq!(loaded, recording);
    let replayed = gloomdelve::sim::replay(shipped_game(0, Mode::Delve), &loaded).unwrap();
    assert_eq!(replayed.turns, report.turns);
    assert_eq!(replayed.state_hash, report.state_hash);
    let _ = std::fs::remove_dir_all(&dir);
}
