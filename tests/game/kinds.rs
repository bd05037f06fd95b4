//! Kinds are named, not numbered: a kind added in the middle of a data
//! file leaves saves and recordings made before it the same games, and a
//! save from the format that numbered them is set aside with its version
//! named.

use std::path::Path;

use gloomdelve::Mode;
use gloomdelve::save::SaveStatus;
use gloomdelve::sim::{replay, run_recorded, run_with_a_load, run_with_a_load_on};
use gloomdelve::vocab::data::CreatureBook;

use crate::support::{data, read_save, scratch, shipped_game};

/// A kind of our own, for the middle of `creatures.ron`. It never spawns
/// (none per level, none more deeper), so the games it joins stay the same
/// games: only the kinds after it move down one place.
const NEWT: &str = "    (name: \"cave newt\", sprite: \"rat\", hp: 3, attack: 1, defense: 0, \
     vision: 3, speed: 1, behaviours: [Bites, Wanders], per_cave: 0, from_depth: 1, more_per_depth: 0.0),\n";

/// The shipped `creatures.ron` with [`NEWT`] written in before its second
/// entry, read as the game reads the file.
fn creatures_with_a_newt() -> CreatureBook {
    let text = std::fs::read_to_string(data("creatures.ron")).unwrap();
    let entries: Vec<usize> = text.match_indices("(name:").map(|(at, _)| at).collect();
    assert!(
        entries.len() >= 3,
        "the shipped file has kinds around the middle"
    );
    let line_start = text[..entries[1]].rfind('\n').map_or(0, |at| at + 1);
    let edited = format!("{}{NEWT}{}", &text[..line_start], &text[line_start..]);
    CreatureBook::parse(&edited).unwrap()
}

/// The shipped game of `seed`, with the newt among its creature kinds.
fn game_with_a_newt(seed: u64) -> gloomdelve::NewGame {
    gloomdelve::NewGame {
        creatures: creatures_with_a_newt(),
        ..shipped_game(seed, Mode::Delve)
    }
}

#[test]
fn the_newt_moves_every_later_kind_down_one_place() {
    let shipped = shipped_game(1, Mode::Delve).creatures;
    let with_newt = creatures_with_a_newt();
    assert_eq!(with_newt.kinds.len(), shipped.kinds.len() + 1);
    assert_eq!(with_newt.find("cave newt"), Some(1));
    let second = &shipped.kinds[1].name;
    assert_eq!(with_newt.find(second), Some(2), "{second} moved down");
}

#[test]
fn a_kind_inserted_in_the_data_leaves_a_recording_the_same_game() {
    for seed in [7, 11] {
        let (played, recording) = run_recorded(shipped_game(seed, Mode::Delve), 1500).unwrap();
        assert!(
            played.kills.keys().any(|name| name != "fungus"),
            "seed {seed}: the game met creatures that move: {played:?}"
        );
        let replayed = replay(game_with_a_newt(seed), &recording).unwrap();
        assert_eq!(replayed, played, "seed {seed}, state hash included");
    }
}

#[test]
fn a_kind_inserted_in_the_data_leaves_a_save_the_same_game() {
    for seed in [7, 14] {
        let (turns, load_at) = (1500, 700);
        let on_the_old_data = run_with_a_load(shipped_game(seed, Mode::Delve), turns, load_at);
        let on_the_new_data = run_with_a_load_on(
            shipped_game(seed, Mode::Delve),
            game_with_a_newt(seed),
            turns,
            load_at,
        );
        let (old, new) = (on_the_old_data.unwrap(), on_the_new_data.unwrap());
        assert!(old.turns > load_at, "seed {seed}: the save was continued");
        assert_eq!(new, old, "seed {seed}, state hash included");
    }
}

/// What the title, opened over the data folder `dir`, says of its save.
fn title_over(dir: &Path) -> String {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.add_plugins(gloomdelve::GamePlugin {
        new_game: shipped_game(0, Mode::Delve),
    });
    app.insert_resource(gloomdelve::save::DataDir(dir.to_path_buf()));
    crate::support::open_title(&mut app);
    let menu = app.world().resource::<gloomdelve::view::title::TitleMenu>();
    assert!(
        !menu
            .entries
            .contains(&gloomdelve::view::title::Entry::Continue),
        "nothing to continue: {:?}",
        menu.entries
    );
    let status = app.world().resource::<SaveStatus>();
    assert!(matches!(status, SaveStatus::SetAside(_)), "{status:?}");
    status.problem().unwrap().to_string()
}

#[test]
fn a_save_from_format_version_one_is_set_aside_with_its_version_named() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/save-version-1.ron");
    let original = std::fs::read(&fixture).unwrap();
    let dir = scratch("old-save");
    let path = dir.path().join("save.ron");
    std::fs::write(&path, &original).unwrap();
    let message = title_over(dir.path());
    assert_eq!(
        read_save(&path),
        SaveStatus::None,
        "nothing left in the way"
    );
    assert!(
        message.contains("written by an older Gloomdelve, in version 1 of its format"),
        "{message}"
    );
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(!path.exists(), "moved out of the way of a new game");
    let aside = crate::support::the_set_aside_copy(dir.path(), "save.ron");
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert_eq!(
        std::fs::read(&aside).unwrap(),
        original,
        "kept byte for byte"
    );
}
