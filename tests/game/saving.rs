//! Saving: whole-game round trips that then play on identically, crash
//! safety (a writer stopped halfway, a process killed mid-save), bad save
//! files set aside with a message, and the key-bindings file.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gloomdelve::save::state::{SaveGame, capture, restore};
use gloomdelve::save::{DataDir, SaveStatus, Saved, save_now, write_save};
use gloomdelve::vocab::data::{CreatureBook, ItemBook};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::messages::{SaveAnswer, SaveRequested};
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, Mode, NewGame};
use gloomdelve_core::bindings::KeyAction;
use gloomdelve_core::{Dir, GameRng};

use crate::support::{
    act, data, new_game, open_title, read_save, scratch, set_aside_copies, shipped_rules,
    the_set_aside_copy,
};

/// `n` actions drawn from `seed`: mostly steps, some waits, pickups and meals.
fn script(seed: u64, n: usize) -> Vec<Action> {
    let mut rng = GameRng::new(seed);
    (0..n)
        .map(|_| match rng.range(0, 12) {
            0..=7 => Action::Move(Dir::ALL[rng.range(0, 8) as usize]),
            8 => Action::Wait,
            9 => Action::PickUp,
            10 => Action::Eat,
            _ => Action::Descend,
        })
        .collect()
}

fn play(app: &mut App, actions: &[Action]) {
    for &action in actions {
        act(app, action);
        for _ in 0..3 {
            app.update();
        }
    }
}

/// An app with the shipped data and no game yet, saving into `dir`.
fn empty_app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(GamePlugin {
        new_game: NewGame {
            seed: 0,
            rules: shipped_rules(),
            creatures: CreatureBook::load(&data("creatures.ron")).unwrap(),
            items: ItemBook::load(&data("items.ron")).unwrap(),
            reveal: false,
            mode: Mode::Delve,
        },
    });
    app.insert_resource(DataDir(dir.to_path_buf()));
    app
}

/// Continue: a new app loads the save in `dir` and enters play.
fn continue_from(dir: &Path) -> App {
    let mut app = empty_app(dir);
    let status = read_save(&dir.join("save.ron"));
    let SaveStatus::Ready(save) = status else {
        panic!("the save in {} loads: {status:?}", dir.display());
    };
    restore(app.world_mut(), *save);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app
}

fn snapshot(app: &mut App) -> SaveGame {
    capture(app.world_mut()).expect("a game in play")
}

#[test]
fn a_saved_game_continues_exactly_and_plays_on_identically() {
    for seed in [3, 8, 13] {
        for before in [40, 160] {
            let tmp = scratch(&format!("round-{seed}-{before}"));
            let dir = tmp.path().to_path_buf();
            // A sturdy hero, so that the scripted walk outlives the test.
            let rules = gloomdelve::RulesData {
                hero_hp: 200,
                ..shipped_rules()
            };
            let mut original = new_game(seed, Mode::Delve, rules);
            original.insert_resource(DataDir(dir.clone()));
            play(&mut original, &script(seed, before));
            save_now(original.world_mut()).unwrap();
            let mut loaded = continue_from(&dir);
            let saved = snapshot(&mut original);
            assert_eq!(
                snapshot(&mut loaded),
                saved,
                "seed {seed}, turn {before}: the whole state"
            );
            let next = script(seed + 1000, 100);
            play(&mut original, &next);
            play(&mut loaded, &next);
            let (a, b) = (snapshot(&mut original), snapshot(&mut loaded));
            assert!(a.turn > saved.turn, "the game went on");
            assert_eq!(a, b, "seed {seed}: the same 100 actions after loading");
        }
    }
}

#[test]
fn a_level_change_saves_and_the_save_holds_every_level() {
    let tmp = scratch("levels");
    let dir = tmp.path().to_path_buf();
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    app.insert_resource(DataDir(dir.clone()));
    let terrain = app
        .world()
        .resource::<gloomdelve::vocab::resources::Level>()
        .terrain
        .clone();
    let down = gloomdelve::rules::levels::find_stairs(&terrain, gloomdelve_core::Tile::StairsDown)
        .unwrap();
    let hero = crate::support::hero_entity(&mut app);
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::GridPos>(hero)
        .unwrap()
        .0 = down;
    app.world_mut()
        .run_system_cached(gloomdelve::rules::creatures::rebuild_occupancy)
        .unwrap();
    play(&mut app, &[Action::Descend]);
    let SaveStatus::Ready(save) = read_save(&dir.join("save.ron")) else {
        panic!("the level change wrote a save");
    };
    assert_eq!(save.depth, 1);
    assert!(save.stored.contains_key(&0), "the surface is in it too");
}

fn game_binary() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gloomdelve"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn save_loop(dir: &Path, saves: u32) -> Command {
    let mut command = game_binary();
    command
        .args(["save-loop", "--saves", &saves.to_string(), "--dir"])
        .arg(dir)
        .env_remove(gloomdelve_core::persist::FAULT_ENV);
    command
}

#[test]
fn a_writer_stopped_halfway_leaves_the_previous_save_loadable() {
    let tmp = scratch("fault");
    let dir = tmp.path().to_path_buf();
    let out = save_loop(&dir, 3).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = save_loop(&dir, 1)
        .env(gloomdelve_core::persist::FAULT_ENV, "half")
        .output()
        .unwrap();
    assert!(!out.status.success(), "the faulty save reports failure");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("save.ron"),
        "the message names the file: {stderr}"
    );
    let temporary = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.to_string_lossy().contains("save.ron.tmp."))
        .expect("a half-written temporary file");
    let tmp = std::fs::metadata(temporary).unwrap();
    let whole = std::fs::metadata(dir.join("save.ron")).unwrap();
    assert!(tmp.len() < whole.len(), "the temp file stopped halfway");
    match read_save(&dir.join("save.ron")) {
        SaveStatus::Ready(save) => assert_eq!(save.turn, 3, "the previous save"),
        other => panic!("the previous save still loads: {other:?}"),
    }
}

#[test]
fn killing_the_game_while_it_saves_leaves_a_save_that_loads() {
    let tmp = scratch("kill");
    let dir = tmp.path().to_path_buf();
    for stop_after in [2usize, 9, 23] {
        let mut child = save_loop(&dir, 100_000)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let done = lines.map_while(Result::ok).take(stop_after).count();
        assert_eq!(done, stop_after, "the loop saved {stop_after} times");
        child.kill().unwrap();
        child.wait().unwrap();
        match read_save(&dir.join("save.ron")) {
            SaveStatus::Ready(save) => assert!(save.turn >= stop_after as u64),
            other => panic!("killed after {stop_after} saves, the save does not load: {other:?}"),
        }
    }
}

#[test]
fn a_second_writer_on_one_data_folder_is_refused_and_the_lock_dies_with_the_first() {
    let tmp = scratch("two-writers");
    let dir = tmp.path().to_path_buf();
    let mut first = save_loop(&dir, 100_000)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(first.stdout.take().unwrap()).lines();
    assert!(lines.next().is_some(), "the first loop saved once");
    let second = save_loop(&dir, 3).output().unwrap();
    first.kill().unwrap();
    first.wait().unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "refused: {stderr}");
    assert!(
        stderr.contains("another Gloomdelve is using the data folder"),
        "{stderr}"
    );
    assert!(stderr.contains(&dir.display().to_string()), "{stderr}");
    assert!(second.stdout.is_empty(), "the second saved nothing");
    let third = save_loop(&dir, 2).output().unwrap();
    assert!(
        third.status.success(),
        "killed, the first left no lock behind: {}",
        String::from_utf8_lossy(&third.stderr)
    );
    match read_save(&dir.join("save.ron")) {
        SaveStatus::Ready(save) => assert_eq!(save.turn, 2, "the third game's save"),
        other => panic!("the save loads: {other:?}"),
    }
}

/// The bytes of a small but complete save.
fn small_save_bytes(dir: &Path) -> Vec<u8> {
    let map = crate::support::open_map(8, 6);
    let mut app = crate::support::app_on(&map, gloomdelve_core::Pos::new(2, 2), Default::default());
    act(&mut app, Action::Wait);
    let save = snapshot(&mut app);
    let path = dir.join("small.ron");
    write_save(&path, &save).unwrap();
    std::fs::read(path).unwrap()
}

/// Writes `bytes` as the save and checks it is set aside whole, with a
/// message naming the file; returns the message.
fn assert_set_aside(dir: &Path, bytes: &[u8]) -> String {
    let path = dir.join("save.ron");
    std::fs::write(&path, bytes).unwrap();
    let SaveStatus::SetAside(message) = read_save(&path) else {
        panic!("{} bytes were accepted as a save", bytes.len());
    };
    let aside = the_set_aside_copy(dir, "save.ron");
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(!path.exists(), "moved aside");
    assert_eq!(std::fs::read(&aside).unwrap(), bytes, "nothing lost");
    std::fs::remove_file(&aside).unwrap();
    message
}

#[test]
fn a_truncated_save_is_set_aside_at_every_byte() {
    let tmp = scratch("truncated");
    let dir = tmp.path().to_path_buf();
    let whole = small_save_bytes(&dir);
    assert!(
        whole.len() > 500,
        "a save of some size: {} bytes",
        whole.len()
    );
    for cut in 0..whole.len() {
        assert_set_aside(&dir, &whole[..cut]);
    }
}

#[test]
fn garbage_empty_and_wrong_version_saves_are_set_aside_with_a_reason() {
    let tmp = scratch("garbage");
    let dir = tmp.path().to_path_buf();
    let mut rng = GameRng::new(99);
    for _ in 0..50 {
        let len = rng.range(1, 3000) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.range(0, 256) as u8).collect();
        assert_set_aside(&dir, &bytes);
    }
    let empty = assert_set_aside(&dir, b"");
    assert!(empty.contains("empty"), "{empty}");
    let whole = String::from_utf8(small_save_bytes(&dir)).unwrap();
    let current = format!("save version {} ", gloomdelve::save::SAVE_VERSION);
    assert!(whole.contains(&current), "the header names this version");
    let newer = whole.replacen(&current, "save version 7 ", 1);
    let message = assert_set_aside(&dir, newer.as_bytes());
    assert!(message.contains("version 7"), "{message}");
}

#[test]
fn a_second_bad_save_does_not_overwrite_the_first_one_set_aside() {
    let tmp = scratch("twice");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("save.ron");
    std::fs::write(&path, b"first").unwrap();
    assert!(matches!(read_save(&path), SaveStatus::SetAside(_)));
    std::fs::write(&path, b"second").unwrap();
    assert!(matches!(read_save(&path), SaveStatus::SetAside(_)));
    let copies = set_aside_copies(&dir, "save.ron");
    let kept: Vec<Vec<u8>> = copies.iter().map(|c| std::fs::read(c).unwrap()).collect();
    assert_eq!(kept, [&b"first"[..], &b"second"[..]], "{copies:?}");
}

#[test]
fn the_bindings_file_is_written_then_bad_lines_are_named_and_defaulted() {
    let tmp = scratch("bindings");
    let dir = tmp.path().to_path_buf();
    let (first, notes) = gloomdelve::config::load_bindings(&dir);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(first, gloomdelve_core::bindings::default_bindings());
    let path = dir.join("bindings.txt");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("move_north"), "written with the defaults");
    std::fs::write(
        &path,
        "# mine\nwait = w\nfly = f\neat = NoSuchKey\npick_up = G\n",
    )
    .unwrap();
    let (bindings, notes) = gloomdelve::config::load_bindings(&dir);
    assert_eq!(
        bindings.action_for("w"),
        Some(KeyAction::Wait),
        "good lines apply"
    );
    assert_eq!(bindings.action_for("G"), Some(KeyAction::PickUp));
    assert_eq!(
        bindings.action_for("e"),
        Some(KeyAction::Eat),
        "a bad line keeps the default"
    );
    assert_eq!(notes.len(), 2, "{notes:?}");
    let file = path.display().to_string();
    assert!(
        notes[0].contains(&file) && notes[0].contains("line 3"),
        "{}",
        notes[0]
    );
    assert!(
        notes[1].contains("line 4") && notes[1].contains("NoSuchKey"),
        "{}",
        notes[1]
    );
}

#[test]
fn a_death_enters_the_high_scores_and_permadeath_deletes_the_save() {
    let tmp = scratch("scores");
    let dir = tmp.path().to_path_buf();
    for (round, seed) in [5u64, 6].into_iter().enumerate() {
        let mut app = new_game(seed, Mode::Delve, shipped_rules());
        app.insert_resource(DataDir(dir.clone()));
        save_now(app.world_mut()).unwrap();
        assert!(dir.join("save.ron").exists());
        crate::support::fell_the_hero(&mut app);
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::GameOver
        );
        assert!(!dir.join("save.ron").exists(), "permadeath");
        let ranking = app
            .world()
            .resource::<gloomdelve::save::scores::Ranking>()
            .clone();
        assert_eq!(ranking.table.entries.len(), round + 1);
        assert!(ranking.rank.is_some(), "an empty table takes any run");
        assert_eq!(ranking.table.entries[ranking.rank.unwrap()].seed, seed);
        let (on_disk, note) =
            gloomdelve_core::scores::Table::load(&dir.join(gloomdelve::save::scores::SCORES_FILE));
        assert_eq!(note, None);
        assert_eq!(on_disk, ranking.table, "saved");
    }
}

#[test]
fn settings_remember_the_view_and_a_bad_file_is_kept_aside() {
    use gloomdelve::config::{SETTINGS_FILE, Settings, load_settings, save_settings};
    let tmp = scratch("settings");
    let dir = tmp.path().to_path_buf();
    assert_eq!(load_settings(&dir), (Settings::default(), None), "none yet");
    let chosen = Settings {
        zoom: Some(3),
        window: Some((1600, 900)),
        reduce_motion: true,
        show_intents: true,
        show_sidebar: false,
        routes_may_dig: false,
    };
    save_settings(&dir.join(SETTINGS_FILE), &chosen).unwrap();
    assert_eq!(load_settings(&dir), (chosen, None));
    // A file from before the sidebar shows it.
    std::fs::write(dir.join(SETTINGS_FILE), "(zoom: Some(3))").unwrap();
    assert!(
        load_settings(&dir).0.show_sidebar,
        "the sidebar is on when left out"
    );
    assert!(
        load_settings(&dir).0.routes_may_dig,
        "routes may dig when left out"
    );
    std::fs::write(dir.join(SETTINGS_FILE), "(zoom: Some(9))").unwrap();
    let (settings, note) = load_settings(&dir);
    assert_eq!(settings, Settings::default());
    let note = note.expect("a message");
    assert!(
        note.contains(SETTINGS_FILE) && note.contains("zoom"),
        "{note}"
    );
    assert_eq!(
        std::fs::read_to_string(the_set_aside_copy(&dir, "settings.ron")).unwrap(),
        "(zoom: Some(9))",
        "kept, not lost"
    );
}

#[test]
fn a_settings_file_that_is_not_utf8_is_set_aside_before_a_new_one_is_written() {
    use gloomdelve::config::{SETTINGS_FILE, Settings, load_settings, save_settings};
    let tmp = scratch("settings-utf8");
    let dir = tmp.path().to_path_buf();
    let path = dir.join(SETTINGS_FILE);
    let garbage = b"(zoom: Some(3)) \xff\xfe\x00 not text";
    std::fs::write(&path, garbage).unwrap();
    let (settings, note) = load_settings(&dir);
    assert_eq!(settings, Settings::default());
    let note = note.expect("a message");
    assert!(
        note.contains(&path.display().to_string()) && note.contains("UTF-8"),
        "{note}"
    );
    let aside = the_set_aside_copy(&dir, "settings.ron");
    assert!(note.contains(&aside.display().to_string()), "{note}");
    assert_eq!(std::fs::read(&aside).unwrap(), garbage);
    // The first zoom change writes a new file; the old one stays aside.
    let chosen = Settings {
        zoom: Some(2),
        window: None,
        ..Settings::default()
    };
    save_settings(&path, &chosen).unwrap();
    assert_eq!(load_settings(&dir), (chosen, None));
    assert_eq!(std::fs::read(&aside).unwrap(), garbage);
}

#[test]
fn saving_settings_over_a_bad_file_keeps_the_bad_file() {
    use gloomdelve::config::{SETTINGS_FILE, Settings, save_settings};
    let tmp = scratch("settings-over");
    let dir = tmp.path().to_path_buf();
    let path = dir.join(SETTINGS_FILE);
    // Bad files that appear while the game runs: not UTF-8, not RON, out of range.
    let bad: [&[u8]; 3] = [b"\xc3\x28", b"(zoom: ", b"(window: Some((100, 100)))"];
    let chosen = Settings {
        zoom: Some(4),
        window: Some((800, 600)),
        ..Settings::default()
    };
    for (i, bytes) in bad.iter().enumerate() {
        std::fs::write(&path, bytes).unwrap();
        save_settings(&path, &chosen).unwrap();
        let copies = set_aside_copies(&dir, "settings.ron");
        assert_eq!(copies.len(), i + 1, "{copies:?}");
        let aside = &copies[i];
        assert_eq!(std::fs::read(aside).unwrap(), *bytes, "kept as {aside:?}");
    }
    // A good file is simply replaced.
    save_settings(&path, &Settings::default()).unwrap();
    assert_eq!(set_aside_copies(&dir, "settings.ron").len(), 3);
}

#[test]
fn saved_window_sizes_are_clamped_to_what_loading_accepts() {
    use gloomdelve::config::{SETTINGS_FILE, Settings, WINDOW_SIDES, load_settings};
    use gloomdelve::config::{savable_window, save_settings};
    let tmp = scratch("settings-clamp");
    let dir = tmp.path().to_path_buf();
    let (low, high) = (*WINDOW_SIDES.start(), *WINDOW_SIDES.end());
    for (w, h) in [
        (1.0, 1.0),
        (319.6, 200.0),
        (1280.0, 800.0),
        (9000.0, 8000.4),
    ] {
        let window = savable_window(w, h).unwrap();
        assert!(WINDOW_SIDES.contains(&window.0) && WINDOW_SIDES.contains(&window.1));
        let settings = Settings {
            zoom: None,
            window: Some(window),
            ..Settings::default()
        };
        save_settings(&dir.join(SETTINGS_FILE), &settings).unwrap();
        assert_eq!(load_settings(&dir), (settings, None), "{w}x{h}");
    }
    assert_eq!(savable_window(1.0, 8000.0), Some((low, high)));
    assert_eq!(savable_window(0.0, 0.0), None, "a minimised window");
    assert!(gloomdelve::cli::parse_window(&format!("{}x{high}", low - 1)).is_err());
    assert!(gloomdelve::cli::parse_window(&format!("{low}x{high}")).is_ok());
}

#[test]
fn sixty_thousand_bad_bindings_lines_are_all_reported() {
    let tmp = scratch("bindings-many");
    let dir = tmp.path().to_path_buf();
    let text: String = (0..60_000).map(|i| format!("fly{i} = f\n")).collect();
    std::fs::write(dir.join("bindings.txt"), text).unwrap();
    let (bindings, notes) = gloomdelve::config::load_bindings(&dir);
    assert_eq!(bindings, gloomdelve_core::bindings::default_bindings());
    assert_eq!(notes.len(), 60_000, "every one, for the log");
    assert!(notes[59_999].contains("line 60000"), "{}", notes[59_999]);
    let title = gloomdelve::config::ConfigNotes(notes).title_lines();
    assert_eq!(title.len(), gloomdelve::config::NOTES_ON_TITLE + 1);
    assert!(
        title.last().unwrap().starts_with("and 59995 more"),
        "{title:?}"
    );
}

#[test]
fn a_hunt_saves_and_continues_with_its_roster() {
    let tmp = scratch("hunt");
    let dir = tmp.path().to_path_buf();
    let mut hunt = new_game(31, Mode::Hunt, shipped_rules());
    hunt.insert_resource(DataDir(dir.clone()));
    play(&mut hunt, &script(31, 30));
    save_now(hunt.world_mut()).unwrap();
    let mut loaded = continue_from(&dir);
    let saved = snapshot(&mut hunt);
    assert_eq!(saved.mode, Mode::Hunt);
    assert!(!saved.roster.is_empty());
    assert_eq!(snapshot(&mut loaded), saved);
    assert!(saved.hero.stomach.is_none(), "no hunger, after a load too");
}

#[test]
fn a_new_game_over_a_save_keeps_it_as_prev_and_continue_loads_it() {
    let tmp = scratch("title");
    let dir = tmp.path().to_path_buf();
    let mut first = new_game(41, Mode::Delve, shipped_rules());
    first.insert_resource(DataDir(dir.clone()));
    play(&mut first, &script(41, 20));
    save_now(first.world_mut()).unwrap();
    let saved = snapshot(&mut first);

    // Continue, as the title offers it.
    let mut app = empty_app(&dir);
    app.insert_resource(read_save(&dir.join("save.ron")));
    app.world_mut()
        .write_message(gloomdelve::vocab::messages::StartGame::Continue);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(snapshot(&mut app), saved);

    // Back on the title, New Game over it: the old save is kept as
    // save.ron.prev.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.world_mut()
        .write_message(gloomdelve::vocab::messages::StartGame::New { seed: 9 });
    app.update();
    app.update();
    assert_eq!(app.world().resource::<NewGame>().seed, 9);
    assert_eq!(snapshot(&mut app).turn, 0, "a fresh game");
    assert!(!dir.join("save.ron").exists());
    let SaveStatus::Ready(prev) = read_save(&dir.join("save.ron.prev")) else {
        panic!("the old save is kept and still loads");
    };
    assert_eq!(*prev, saved);
}

#[test]
fn a_dig_warning_is_kept_by_the_save() {
    let tmp = scratch("bump");
    let dir = tmp.path().to_path_buf();
    // A surface level the checker accepts: 20x20, stairs down, one rock.
    let mut rows: Vec<String> = crate::support::open_map(20, 20)
        .lines()
        .map(String::from)
        .collect();
    rows[1] = "#..#>..............#".to_string();
    let rock = gloomdelve_core::Pos::new(3, 1);
    let mut app = crate::support::app_on(
        &rows.join("\n"),
        gloomdelve_core::Pos::new(2, 1),
        gloomdelve::RulesData::default(),
    );
    let mut dungeon = app
        .world_mut()
        .resource_mut::<gloomdelve::vocab::resources::Dungeon>();
    (dungeon.depth, dungeon.deepest) = (0, 0);
    app.insert_resource(DataDir(dir.clone()));
    act(&mut app, Action::Move(Dir::E));
    save_now(app.world_mut()).unwrap();
    let mut loaded = continue_from(&dir);
    let tile = |app: &App| {
        app.world()
            .resource::<gloomdelve::vocab::resources::Level>()
            .terrain
            .tile(rock)
    };
    assert_eq!(
        tile(&loaded),
        gloomdelve_core::Tile::Wall,
        "warned, not dug"
    );
    act(&mut loaded, Action::Move(Dir::E));
    assert_eq!(
        tile(&loaded),
        gloomdelve_core::Tile::DugFloor,
        "the continued game remembers the warning: the second bump digs"
    );
}

#[test]
fn a_vault_keeps_its_door_altars_cages_and_caged_treasure_through_a_save() {
    use gloomdelve_core::{Pos, Tile};
    let tmp = scratch("vault");
    let dir = tmp.path().to_path_buf();
    // A surface level the checker accepts, with a vault's parts in a row:
    // a locked door, an altar, a caged altar (a dagger in it), an unlocked
    // door, and a wall of the vault.
    let mut rows: Vec<String> = crate::support::open_map(20, 20)
        .lines()
        .map(String::from)
        .collect();
    rows[1] = "#.&_|'%>...........#".to_string();
    let mut app = crate::support::app_on(
        &rows.join("\n"),
        Pos::new(1, 1),
        gloomdelve::RulesData::default(),
    );
    let mut dungeon = app
        .world_mut()
        .resource_mut::<gloomdelve::vocab::resources::Dungeon>();
    (dungeon.depth, dungeon.deepest) = (0, 0);
    crate::vaults::clear_items(&mut app);
    crate::support::lay(&mut app, "dagger", Pos::new(4, 1));
    app.insert_resource(DataDir(dir.clone()));
    save_now(app.world_mut()).unwrap();
    let mut loaded = continue_from(&dir);
    let tiles = |app: &App| -> Vec<Tile> {
        let level = app
            .world()
            .resource::<gloomdelve::vocab::resources::Level>();
        (2..7).map(|x| level.terrain.tile(Pos::new(x, 1))).collect()
    };
    assert_eq!(
        tiles(&loaded),
        [
            Tile::VaultDoor,
            Tile::Altar,
            Tile::AltarCaged,
            Tile::OpenDoor,
            Tile::VaultWall
        ]
    );
    assert_eq!(tiles(&loaded), tiles(&app));
    let mut items = loaded.world_mut().query::<(
        &gloomdelve::vocab::components::GridPos,
        &gloomdelve::vocab::components::Item,
    )>();
    let caged: Vec<Pos> = items.iter(loaded.world()).map(|(p, _)| p.0).collect();
    assert_eq!(caged, [Pos::new(4, 1)], "the dagger stays in its cage");
}

/// Goes to the title screen: its save side reads the save; the menu is
/// opened apart.
fn to_title(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
}

/// The title offers what the save side read on entering it (see
/// [`to_title`]).
fn offer_title(app: &mut App) {
    app.world_mut()
        .run_system_cached(gloomdelve::view::title::open_title)
        .unwrap();
}

/// Starts `start` as the title would, and lets the game enter play.
fn start(app: &mut App, start: gloomdelve::vocab::messages::StartGame) {
    app.world_mut().write_message(start);
    app.update();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn title_menu(app: &App) -> gloomdelve::view::title::TitleMenu {
    app.world()
        .get_resource::<gloomdelve::view::title::TitleMenu>()
        .expect("the title menu is open")
        .clone()
}

/// A game of `seed` played a little and saved into `dir`; returns its state.
fn saved_game(dir: &Path, seed: u64) -> SaveGame {
    let mut app = new_game(seed, Mode::Delve, shipped_rules());
    app.insert_resource(DataDir(dir.to_path_buf()));
    play(&mut app, &script(seed, 12));
    save_now(app.world_mut()).unwrap();
    snapshot(&mut app)
}

#[test]
fn a_seed_start_over_a_save_asks_first_and_no_keeps_the_save() {
    use bevy::input::keyboard::Key;
    use gloomdelve::view::title::{DirectStart, Entry, Outcome};
    use gloomdelve::vocab::messages::StartGame;
    let tmp = scratch("direct");
    let dir = tmp.path().to_path_buf();
    let saved = saved_game(&dir, 41);
    let mut app = empty_app(&dir);
    app.world_mut().resource_mut::<NewGame>().seed = 5;
    app.insert_resource(DirectStart);
    to_title(&mut app);
    offer_title(&mut app);
    app.update();
    assert_ne!(screen(&app), Screen::Playing, "no game started unasked");
    let mut menu = title_menu(&app);
    assert!(menu.confirming, "the question is open");
    assert_eq!(menu.entries[0], Entry::Continue);
    assert_eq!(
        menu.chosen(),
        Entry::NewGame,
        "the question is about New Game"
    );
    assert_eq!(menu.seed_text, "5", "for the command line's seed");
    assert!(dir.join("save.ron").exists(), "the save is untouched");
    assert!(!dir.join("save.ron.prev").exists());
    let prompt = gloomdelve::view::title::confirm_prompt(
        &menu.seed_text,
        Mode::Hunt,
        Some(&dir.join("save.ron.prev")),
    );
    assert!(
        prompt.contains("new hunt (seed 5)") && prompt.contains("kept as save.ron.prev"),
        "{prompt}"
    );

    // No: the title stays, with Continue selected, and it continues.
    assert_eq!(menu.key(&Key::Character("n".into()), true), None);
    assert!(!menu.confirming);
    assert_eq!(menu.chosen(), Entry::Continue, "the selection comes back");
    assert_eq!(
        menu.key(&Key::Enter, true),
        Some(Outcome::Start(StartGame::Continue))
    );
    // Yes instead: the new game of seed 5 starts and the save is kept.
    let mut asked = title_menu(&app);
    assert_eq!(
        asked.key(&Key::Character("y".into()), true),
        Some(Outcome::Start(StartGame::New { seed: 5 }))
    );
    start(&mut app, StartGame::New { seed: 5 });
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<NewGame>().seed, 5);
    let SaveStatus::Ready(kept) = read_save(&dir.join("save.ron.prev")) else {
        panic!("the old save is kept");
    };
    assert_eq!(*kept, saved);
    assert!(
        app.world().get_resource::<DirectStart>().is_none(),
        "asked only once"
    );
}

#[test]
fn a_seed_start_with_no_save_goes_straight_into_the_game() {
    let tmp = scratch("direct-none");
    let dir = tmp.path().to_path_buf();
    let mut app = empty_app(&dir);
    app.world_mut().resource_mut::<NewGame>().seed = 6;
    app.insert_resource(gloomdelve::view::title::DirectStart);
    to_title(&mut app);
    offer_title(&mut app);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<NewGame>().seed, 6);
}

#[test]
fn new_games_over_saves_keep_every_one_and_after_an_unsaved_death_the_newest_continues() {
    use gloomdelve::view::title::Entry;
    use gloomdelve::vocab::messages::StartGame;
    let tmp = scratch("kept");
    let dir = tmp.path().to_path_buf();
    let first = saved_game(&dir, 41);
    let mut app = empty_app(&dir);
    to_title(&mut app);
    start(&mut app, StartGame::New { seed: 9 });
    save_now(app.world_mut()).unwrap();
    let second = snapshot(&mut app);
    to_title(&mut app);
    start(&mut app, StartGame::New { seed: 10 });
    assert_eq!(snapshot(&mut app).turn, 0, "a third game");
    assert!(!dir.join("save.ron").exists(), "the third game never saved");
    for (name, game) in [("save.ron.prev", &first), ("save.ron.prev.1", &second)] {
        let SaveStatus::Ready(kept) = read_save(&dir.join(name)) else {
            panic!("{name} is kept and loads");
        };
        assert_eq!(*kept, *game, "{name}");
    }

    // The third game dies before its first save: the title offers the
    // newest kept game, and taking it moves it back to save.ron.
    crate::support::fell_the_hero(&mut app);
    assert_eq!(screen(&app), Screen::GameOver);
    to_title(&mut app);
    offer_title(&mut app);
    assert_eq!(title_menu(&app).entries[0], Entry::ContinueEarlier);
    let earlier = app
        .world()
        .resource::<gloomdelve::save::EarlierSave>()
        .clone();
    assert_eq!(earlier.path, dir.join("save.ron.prev.1"));
    assert_eq!(
        gloomdelve::view::title::continue_earlier_label(&earlier.save),
        format!("Continue earlier game   (Surface, turn {})", second.turn)
    );
    start(&mut app, StartGame::ContinueEarlier);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(snapshot(&mut app), second);
    assert!(dir.join("save.ron").exists(), "moved back");
    assert!(
        !dir.join("save.ron.prev.1").exists(),
        "not left to resurrect"
    );

    // Dying in it deletes it for good; the first game is offered next.
    crate::support::fell_the_hero(&mut app);
    assert!(!dir.join("save.ron").exists(), "permadeath");
    to_title(&mut app);
    offer_title(&mut app);
    let earlier = app.world().resource::<gloomdelve::save::EarlierSave>();
    assert_eq!(earlier.path, dir.join("save.ron.prev"));
    assert_eq!(*earlier.save, first);
}

#[test]
fn a_bad_save_with_a_kept_one_beside_it_offers_the_kept_one() {
    use gloomdelve::view::title::Entry;
    let tmp = scratch("bad-and-kept");
    let dir = tmp.path().to_path_buf();
    let kept = saved_game(&dir, 41);
    std::fs::rename(dir.join("save.ron"), dir.join("save.ron.prev")).unwrap();
    std::fs::write(dir.join("save.ron.prev.1"), "a kept file gone bad").unwrap();
    std::fs::write(dir.join("save.ron"), "not a save").unwrap();
    let mut app = empty_app(&dir);
    open_title(&mut app);
    let status = app.world().resource::<SaveStatus>();
    assert!(matches!(status, SaveStatus::SetAside(_)), "{status:?}");
    assert_eq!(title_menu(&app).entries[0], Entry::ContinueEarlier);
    let earlier = app.world().resource::<gloomdelve::save::EarlierSave>();
    assert_eq!(*earlier.save, kept, "the newest kept save that loads");
    assert_eq!(
        std::fs::read(dir.join("save.ron.prev.1")).unwrap(),
        b"a kept file gone bad",
        "a bad kept file is left as it is"
    );
}

/// The message for the thing at `dir/save.ron`, which must stay in place.
#[cfg(unix)]
fn assert_left_in_place(dir: &Path, expected: &str) {
    let path = dir.join("save.ron");
    let status = read_save(&path);
    let SaveStatus::LeftInPlace(message) = &status else {
        panic!("not reported as left in place: {status:?}");
    };
    assert!(
        message.starts_with(&format!(
            "The save {} could not be loaded: ",
            path.display()
        )),
        "{message}"
    );
    assert!(message.ends_with("It was left in place."), "{message}");
    assert!(message.contains(expected), "{message}");
    assert!(std::fs::symlink_metadata(&path).is_ok(), "still there");
    assert!(set_aside_copies(dir, "save.ron").is_empty());
    assert!(status.occupied(), "a new game asks before moving it");
}

#[cfg(unix)]
#[test]
fn a_dangling_link_a_folder_or_a_link_loop_as_the_save_is_reported_and_left_in_place() {
    use std::os::unix::fs::symlink;
    let tmp = scratch("unreadable");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("save.ron");
    symlink(dir.join("gone.ron"), &path).unwrap();
    assert_left_in_place(&dir, "it is a link to");
    assert_left_in_place(&dir, "gone.ron, which does not exist");
    std::fs::remove_file(&path).unwrap();
    symlink("save.ron", &path).unwrap();
    assert_left_in_place(&dir, "it cannot be read (");
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    assert_left_in_place(&dir, "it is a directory, not a regular file");
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_is_written_through_to_its_file_and_stays_a_link() {
    let tmp = scratch("linked");
    let dir = tmp.path().to_path_buf();
    let saved = saved_game(&dir, 41);
    std::fs::create_dir(dir.join("sync")).unwrap();
    std::fs::rename(dir.join("save.ron"), dir.join("sync/mine.ron")).unwrap();
    let path = dir.join("save.ron");
    std::os::unix::fs::symlink("sync/mine.ron", &path).unwrap();
    let newer = SaveGame {
        turn: saved.turn + 1,
        ..saved
    };
    write_save(&path, &newer).unwrap();
    assert!(std::fs::symlink_metadata(&path).unwrap().is_symlink());
    let SaveStatus::Ready(read) = read_save(&dir.join("sync/mine.ron")) else {
        panic!("the linked file holds the save");
    };
    assert_eq!(*read, newer);
    assert_eq!(std::fs::read_dir(dir.join("sync")).unwrap().count(), 1);
}

/// Runs `sim` with `args` and returns its one report, parsed; the run
/// must succeed.
fn sim_report(args: &[&std::ffi::OsStr]) -> serde_json::Value {
    let out = game_binary().arg("sim").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "sim {args:?}: {stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one game, one report: {text}");
    serde_json::from_str(lines[0]).expect("the report is JSON")
}

#[test]
fn sim_save_writes_the_game_where_its_report_leaves_it() {
    let tmp = scratch("sim-save");
    // The folder is not there yet: like --record, --save makes it.
    let path = tmp.path().join("new/save.ron");
    let recording = tmp.path().join("game.rec");
    let args = ["--seed", "12", "--turns", "1100", "--save"].map(std::ffi::OsStr::new);
    let mut args = args.to_vec();
    args.extend([path.as_os_str(), "--record".as_ref(), recording.as_os_str()]);
    let report = sim_report(&args);
    assert_eq!(report["outcome"], "alive", "{report}");
    let SaveStatus::Ready(save) = read_save(&path) else {
        panic!("{} is a good save", path.display());
    };
    assert_eq!((save.seed, save.mode), (12, Mode::Delve));
    assert_eq!(Some(save.turn), report["turns"].as_u64());
    assert_eq!(Some(u64::from(save.depth)), report["depth"].as_u64());
    assert_eq!(Some(u64::from(save.deepest)), report["deepest"].as_u64());
    assert!(save.depth >= 1, "a save below the surface: {report}");

    // Loaded as Continue loads it, the game is the one the report hashed.
    let mut loaded = continue_from(path.parent().unwrap());
    assert_eq!(
        *loaded.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let world = loaded.world();
    assert_eq!(
        world
            .resource::<gloomdelve::vocab::resources::Dungeon>()
            .depth,
        save.depth
    );
    assert_eq!(
        world
            .resource::<gloomdelve::vocab::resources::TurnCount>()
            .0,
        save.turn
    );
    assert_eq!(
        gloomdelve::sim::state_hash(loaded.world_mut()),
        report["state_hash"].as_str().unwrap(),
        "the whole state"
    );
    // The recording written beside it in the same run ends there too.
    let recording = gloomdelve::sim::Recording::load(&recording).unwrap();
    let replayed =
        gloomdelve::sim::replay(crate::support::shipped_game(0, Mode::Delve), &recording).unwrap();
    assert_eq!(replayed.state_hash, report["state_hash"].as_str().unwrap());
}

#[test]
fn a_sim_save_continues_and_plays_on_to_where_the_unbroken_game_ends() {
    let tmp = scratch("sim-save-continued");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("save.ron");
    let args = ["--seed", "20", "--turns", "1100", "--save"].map(std::ffi::OsStr::new);
    let mut args = args.to_vec();
    args.push(path.as_os_str());
    let report = sim_report(&args);
    assert_eq!(report["outcome"], "alive", "{report}");
    // Read before the player's Continue, whose level changes save over it.
    let SaveStatus::Ready(save) = read_save(&path) else {
        panic!("{} is a good save", path.display());
    };

    // The player's way: Continue, then a hundred actions by hand.
    let mut loaded = continue_from(&dir);
    let before = snapshot(&mut loaded);
    assert_eq!(before.turn, 1100);
    play(&mut loaded, &script(20, 100));
    let after = snapshot(&mut loaded);
    assert!(after.turn > before.turn, "the continued game goes on");

    // The bot's way: from the file, it plays on to the very state the
    // same game reaches without the break.
    let game = || crate::support::shipped_game(20, Mode::Delve);
    let straight = gloomdelve::sim::run(game(), 1500).unwrap();
    let saved_depth = save.depth;
    let continued = gloomdelve::sim::run_from_save(game(), *save, 1500).unwrap();
    assert!(straight.turns > 1100, "{straight:?}");
    assert_eq!(continued.turns, straight.turns);
    assert_eq!(continued.outcome, straight.outcome);
    assert_eq!(continued.state_hash, straight.state_hash);
    // The descent happened before the save: the continued run did not see it.
    assert!(saved_depth >= 1, "the save is below the surface");
    assert!(straight.first_descent_turn.is_some(), "{straight:?}");
    assert_eq!(continued.first_descent_turn, None, "{continued:?}");
}

/// The bytes of the save in `dir`, if there is one.
fn save_bytes(dir: &Path) -> Option<Vec<u8>> {
    std::fs::read(dir.join("save.ron")).ok()
}

/// A delve in play saving into `dir`, with a first save written.
fn saved_delve(dir: &Path, seed: u64) -> App {
    let mut app = new_game(seed, Mode::Delve, shipped_rules());
    app.insert_resource(DataDir(dir.to_path_buf()));
    assert_eq!(save_now(app.world_mut()), Ok(Saved::Written));
    app
}

/// Asks the window to close.
fn close_the_window(app: &mut App) {
    app.world_mut()
        .write_message(bevy::window::WindowCloseRequested {
            window: Entity::PLACEHOLDER,
        });
}

/// The turn of the save in `dir`, which must load.
fn saved_turn(dir: &Path) -> u64 {
    match read_save(&dir.join("save.ron")) {
        SaveStatus::Ready(save) => save.turn,
        other => panic!("the save in {} loads: {other:?}", dir.display()),
    }
}

#[test]
fn closing_the_window_saves_a_living_hero() {
    let tmp = scratch("close-alive");
    let mut app = saved_delve(tmp.path(), 7);
    act(&mut app, Action::Wait);
    assert_eq!(saved_turn(tmp.path()), 0, "a turn alone saves nothing");
    close_the_window(&mut app);
    app.update();
    assert_eq!(
        saved_turn(tmp.path()),
        1,
        "the close wrote the game as it is"
    );
}

/// Asks the save side to save, as the Esc menu does, and gives its answer
/// and whether the app was told to close.
fn ask_to_save(app: &mut App, then_quit: bool) -> (SaveAnswer, bool) {
    app.world_mut().write_message(SaveRequested { then_quit });
    app.update();
    let answers = app.world().resource::<Messages<SaveAnswer>>();
    let answer = answers.get_cursor().read(answers).last().cloned();
    let exits = app.world().resource::<Messages<AppExit>>();
    let quit = exits.get_cursor().read(exits).count() > 0;
    (answer.expect("the save side answers"), quit)
}

#[test]
fn a_save_request_writes_the_game_answers_and_quits_only_once_it_is_safe() {
    let tmp = scratch("asked");
    let mut app = saved_delve(tmp.path(), 7);
    act(&mut app, Action::Wait);
    let (answer, quit) = ask_to_save(&mut app, false);
    assert_eq!(answer, SaveAnswer::Written { turn: 1 });
    assert!(!quit, "opening the menu only saves");
    assert_eq!(saved_turn(tmp.path()), 1);

    act(&mut app, Action::Wait);
    let (answer, quit) = ask_to_save(&mut app, true);
    assert_eq!(answer, SaveAnswer::Written { turn: 2 });
    assert!(quit, "save and quit closes the app once written");
    assert_eq!(saved_turn(tmp.path()), 2);

    // A folder where the save goes: writing fails, and the game stays open.
    let mut app = new_game(7, Mode::Delve, shipped_rules());
    let blocked = tmp.path().join("blocked");
    std::fs::create_dir_all(blocked.join("save.ron")).unwrap();
    app.insert_resource(DataDir(blocked));
    let (answer, quit) = ask_to_save(&mut app, true);
    assert!(
        matches!(
            answer,
            SaveAnswer::Failed {
                on_quitting: true,
                ..
            }
        ),
        "{answer:?}"
    );
    assert!(!quit, "a failed save never quits");
    let log = crate::support::last_line(&app);
    assert!(log.starts_with("Saving failed: "), "{log}");
}

#[test]
fn a_hero_killed_in_the_update_the_window_closes_leaves_the_previous_save() {
    let tmp = scratch("close-dead");
    let mut app = saved_delve(tmp.path(), 7);
    let before = save_bytes(tmp.path());
    let hero = crate::support::hero_entity(&mut app);
    crate::support::set_hp(&mut app, hero, 0);
    close_the_window(&mut app);
    act(&mut app, Action::Wait);
    assert!(
        save_bytes(tmp.path()) == before,
        "the dead hero is not written: the previous save stays"
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
    assert_eq!(save_bytes(tmp.path()), None, "then permadeath deletes it");
}

#[test]
fn a_level_change_in_the_update_of_a_death_saves_nothing() {
    let tmp = scratch("stairs-dead");
    let mut app = saved_delve(tmp.path(), 7);
    let before = save_bytes(tmp.path()).unwrap();
    let hero = crate::support::hero_entity(&mut app);
    crate::support::set_hp(&mut app, hero, 0);
    // What a level change asks for: a save in this update.
    app.insert_resource(gloomdelve::vocab::resources::SaveSoon);
    act(&mut app, Action::Wait);
    assert!(
        save_bytes(tmp.path()) == Some(before),
        "no save of the dead"
    );
}

#[test]
fn no_ended_game_is_ever_saved() {
    let tmp = scratch("ended");
    let ends: [(&str, fn(&mut App)); 4] = [
        ("a dead hero", |app| {
            let hero = crate::support::hero_entity(app);
            crate::support::set_hp(app, hero, 0);
        }),
        ("a hero on negative HP", |app| {
            let hero = crate::support::hero_entity(app);
            crate::support::set_hp(app, hero, -3);
        }),
        ("the Key brought home", |app| {
            app.insert_resource(gloomdelve::vocab::resources::Won);
        }),
        ("the death screen set for the next update", |app| {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::GameOver);
        }),
    ];
    for (what, end) in ends {
        let mut app = saved_delve(tmp.path(), 8);
        let before = save_bytes(tmp.path()).unwrap();
        end(&mut app);
        assert_eq!(
            save_now(app.world_mut()),
            Ok(Saved::GameEnded),
            "{what}: refused"
        );
        assert!(save_bytes(tmp.path()) == Some(before), "{what}: unchanged");
    }
}

#[test]
fn save_loop_stops_when_its_game_ends_and_its_last_save_loads() {
    let tmp = scratch("loop-end");
    let out = save_loop(tmp.path(), 100_000).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("the game ended"),
        "waiting for ever, the hero dies and the loop says so: {stderr}"
    );
    let saves = String::from_utf8_lossy(&out.stdout).lines().count() as u64;
    match read_save(&tmp.path().join("save.ron")) {
        SaveStatus::Ready(save) => assert_eq!(save.turn, saves, "the last living turn"),
        other => panic!("the last save before the death loads: {other:?}"),
    }
}

#[test]
fn a_dropped_item_stays_dropped_through_a_save() {
    let tmp = scratch("dropped");
    let mut app = saved_delve(tmp.path(), 9);
    let at = crate::support::hero_pos(&mut app);
    let ration = crate::support::lay(&mut app, "ration", at);
    act(&mut app, Action::PickUp);
    act(&mut app, Action::Drop(ration));
    let save = snapshot(&mut app);
    let dropped: Vec<_> = save.current.items.iter().filter(|i| i.dropped).collect();
    assert_eq!(dropped.len(), 1, "one item marked dropped");
    assert_eq!(dropped[0].pos, at);
    write_save(&tmp.path().join("save.ron"), &save).unwrap();
    let mut again = continue_from(tmp.path());
    let marked = again
        .world_mut()
        .query_filtered::<&gloomdelve::vocab::components::GridPos, With<gloomdelve::vocab::components::Dropped>>()
        .iter(again.world())
        .map(|p| p.0)
        .collect::<Vec<_>>();
    assert_eq!(marked, vec![at], "still dropped after Continue");
}

#[test]
fn the_title_line_speaks_of_the_game_it_offers() {
    use gloomdelve::view::title::{offered_mode, subtitle};
    let mut hunt = new_game(31, Mode::Hunt, shipped_rules());
    let hunt_save = snapshot(&mut hunt);
    let offered = offered_mode(&SaveStatus::Ready(Box::new(hunt_save)), None, Mode::Delve);
    assert_eq!(offered, Mode::Hunt, "the hunt save to continue");
    assert_eq!(
        subtitle(offered, 10),
        "Hunt down every enemy in the Warrens."
    );
    assert_eq!(
        offered_mode(&SaveStatus::None, None, Mode::Delve),
        Mode::Delve
    );
    assert_eq!(
        subtitle(Mode::Delve, 10),
        "Bring the Gold Key up from level 10."
    );
}

#[test]
fn the_purse_and_a_sickness_survive_a_save() {
    let tmp = scratch("purse-and-sickness");
    let mut app = saved_delve(tmp.path(), 4);
    let hero = crate::support::hero_entity(&mut app);
    // Partway through a sickness from rotten meat.
    let sick_turns = shipped_rules().hunger.sickness_turns - 1;
    let world = app.world_mut();
    world
        .get_mut::<gloomdelve::vocab::components::Purse>(hero)
        .unwrap()
        .copper = 1234;
    world
        .entity_mut(hero)
        .insert(gloomdelve::vocab::statuses::Statuses::from_iter([(
            gloomdelve::vocab::statuses::Status::Sick,
            sick_turns,
        )]));
    assert_eq!(save_now(app.world_mut()), Ok(Saved::Written));
    let mut loaded = continue_from(tmp.path());
    let hero = crate::support::hero_entity(&mut loaded);
    let world = loaded.world();
    assert_eq!(
        world
            .get::<gloomdelve::vocab::components::Purse>(hero)
            .map(|p| p.copper),
        Some(1234)
    );
    assert_eq!(
        world
            .get::<gloomdelve::vocab::statuses::Statuses>(hero)
            .map(|s| s.turns(gloomdelve::vocab::statuses::Status::Sick)),
        Some(sick_turns)
    );
}

/// The creature with save id `id` on the level in play.
fn creature_with_id(app: &mut App, id: u64) -> Entity {
    let mut creatures = app
        .world_mut()
        .query::<(Entity, &gloomdelve::vocab::components::CreatureId)>();
    creatures
        .iter(app.world())
        .find(|(_, creature)| creature.0 == id)
        .map(|(entity, _)| entity)
        .unwrap_or_else(|| panic!("creature {id} is on the level"))
}

#[test]
fn a_save_from_format_version_two_continues_with_every_creatures_memory() {
    use gloomdelve::rules::creatures::behaviours::chases::Trail;
    use gloomdelve::rules::creatures::behaviours::spreads::Spreading;
    use gloomdelve::rules::creatures::behaviours::steals::Loot;
    // Written by the game of commit ebe4b10 (`sim --seed 10 --turns 3000
    // --save`): a thief on the level in play holds 148 copper and
    // remembers the hero at (66, 13); fungi have spread; a thief on the
    // level above holds loot too.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/save-version-2.ron");
    let dir = scratch("version-2");
    std::fs::copy(&fixture, dir.path().join("save.ron")).unwrap();
    let mut app = continue_from(dir.path());
    let thief = creature_with_id(&mut app, 454);
    let world = app.world();
    assert_eq!(
        world.get::<Loot>(thief),
        Some(&Loot {
            copper: 148,
            items: Vec::new()
        })
    );
    assert_eq!(
        world.get::<Trail>(thief).and_then(|t| t.last_seen),
        Some(gloomdelve_core::Pos::new(66, 13))
    );
    for (id, spreads) in [(418, 1), (421, 4), (462, 3)] {
        let fungus = creature_with_id(&mut app, id);
        assert_eq!(
            app.world().get::<Spreading>(fungus),
            Some(&Spreading { spreads }),
            "fungus {id}"
        );
    }
    let upgraded = snapshot(&mut app);
    let stored_loot = upgraded
        .stored
        .values()
        .flat_map(|level| &level.creatures)
        .filter(|c| c.memories.contains_key("loot"))
        .count();
    assert_eq!(stored_loot, 1, "the thief on a stored level keeps its loot");
    saves_in_this_version_and_plays_on(dir.path(), &upgraded, 10);
}

/// Writes `upgraded` into `dir` and checks it is written in this save
/// version, loads back the same, and plays on.
fn saves_in_this_version_and_plays_on(dir: &Path, upgraded: &SaveGame, seed: u64) {
    write_save(&dir.join("save.ron"), upgraded).unwrap();
    let text = std::fs::read_to_string(dir.join("save.ron")).unwrap();
    assert!(text.starts_with(&format!(
        "// gloomdelve save version {} ",
        gloomdelve::save::SAVE_VERSION
    )));
    let mut again = continue_from(dir);
    assert_eq!(
        &snapshot(&mut again),
        upgraded,
        "the upgraded save round-trips"
    );
    play(&mut again, &script(seed, 40));
}

/// The version 3 fixture with `edit` made to its body, under a header
/// that matches it again.
fn version_three_save_edited(edit: impl Fn(&str) -> String) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/save-version-3.ron");
    let text = std::fs::read_to_string(fixture).unwrap();
    let (_, body) = text.split_once('\n').unwrap();
    let body = edit(body);
    let sum = gloomdelve_core::persist::fnv1a64(body.as_bytes());
    format!(
        "// gloomdelve save version 3 length {} fnv1a64 {sum:016x}\n{body}",
        body.len()
    )
}

#[test]
fn a_save_from_format_version_three_continues_with_every_status() {
    use gloomdelve::vocab::statuses::{Status, Statuses};
    // Written by the game of commit 209afd7 (`sim --seed 1 --turns 1500
    // --save`): the hero drank a potion of regeneration with 25 turns
    // left. A sickness and a paralysed creature are written in as that
    // version wrote them.
    let sick_and_held = |body: &str| {
        let body = body.replacen("sick_turns: None", "sick_turns: Some(4)", 1);
        let last = body
            .rfind("paralyzed: None")
            .expect("a creature on the level");
        format!("{}paralyzed: Some(2){}", &body[..last], &body[last + 15..])
    };
    let dir = scratch("version-3");
    std::fs::write(
        dir.path().join("save.ron"),
        version_three_save_edited(sick_and_held),
    )
    .unwrap();
    let mut app = continue_from(dir.path());
    let hero = crate::support::hero_entity(&mut app);
    let statuses = app.world().get::<Statuses>(hero).unwrap().clone();
    assert_eq!(
        statuses.iter().collect::<Vec<_>>(),
        [(Status::Sick, 4), (Status::Regenerating, 25)]
    );
    let held = app
        .world_mut()
        .query::<&Statuses>()
        .iter(app.world())
        .filter(|s| s.turns(Status::Paralysed) == 2)
        .count();
    assert_eq!(held, 1, "the creature is still paralysed");
    let upgraded = snapshot(&mut app);
    saves_in_this_version_and_plays_on(dir.path(), &upgraded, 1);
}

#[test]
fn a_save_from_format_version_four_loads_with_every_kind_known_and_renamed() {
    use gloomdelve::vocab::components::{Item, Pack};
    use gloomdelve::vocab::lore::Lore;
    // Written by the game of commit add3613 (`sim --seed 11 --turns 1200
    // --save`): the hero carries two "red potion"s, as the healing potion
    // was called then, and potions and scrolls had no looks.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/save-version-4.ron");
    let dir = scratch("version-4");
    std::fs::copy(&fixture, dir.path().join("save.ron")).unwrap();
    let mut app = continue_from(dir.path());
    let hero = crate::support::hero_entity(&mut app);
    let pack = app.world().get::<Pack>(hero).unwrap().0.clone();
    let names: Vec<String> = pack
        .iter()
        .map(|&e| app.world().get::<Name>(e).unwrap().to_string())
        .collect();
    assert_eq!(
        names.iter().filter(|n| *n == "potion of healing").count(),
        2,
        "{names:?}"
    );
    let book = app.world().resource::<gloomdelve::NewGame>().items.clone();
    let lore = app.world().resource::<Lore>().clone();
    for &e in &pack {
        let kind = &book.kinds[app.world().get::<Item>(e).unwrap().kind];
        assert!(
            lore.knows(kind),
            "{} is known, as it was named then",
            kind.name
        );
    }
    assert!(
        !lore.looks.is_empty(),
        "yet every potion has a look to be drawn with"
    );
    let upgraded = snapshot(&mut app);
    assert_eq!(upgraded.lore.as_ref(), Some(&lore));
    saves_in_this_version_and_plays_on(dir.path(), &upgraded, 11);
}

#[test]
fn a_save_keeps_the_looks_what_is_known_and_what_the_hero_calls_a_kind() {
    use gloomdelve::vocab::lore::Lore;
    let tmp = scratch("lore");
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    app.insert_resource(DataDir(tmp.path().to_path_buf()));
    let book = app.world().resource::<gloomdelve::NewGame>().items.clone();
    let healing = &book.kinds[book.find("potion of healing").unwrap()];
    let mapping = &book.kinds[book.find("scroll of mapping").unwrap()];
    {
        let mut lore = app.world_mut().resource_mut::<Lore>();
        lore.learn(healing);
        lore.call(mapping, "map?");
    }
    app.update();
    let before = app.world().resource::<Lore>().clone();
    save_now(app.world_mut()).unwrap();
    let mut loaded = continue_from(tmp.path());
    let after = loaded.world().resource::<Lore>().clone();
    assert_eq!(after, before);
    assert!(after.knows(healing) && !after.knows(mapping));
    assert_eq!(
        after.name_of(mapping),
        format!("{} called map?", before.looks["scroll of mapping"].name)
    );
    assert_eq!(snapshot(&mut loaded), snapshot(&mut app));
}

#[test]
fn bones_a_rotten_corpse_and_a_sated_bat_come_back_from_a_save_as_they_were() {
    use gloomdelve::rules::creatures::behaviours::grazes::Grazing;
    use gloomdelve::vocab::components::Corpse;
    let tmp = scratch("bones");
    let dir = tmp.path().to_path_buf();
    let mut rules = gloomdelve::RulesData {
        hero_hp: 200,
        ..shipped_rules()
    };
    rules.hunger.corpse_rots_after = 10;
    rules.hunger.corpse_bones_after = 20;
    let mut app = new_game(3, Mode::Delve, rules);
    app.insert_resource(DataDir(dir.clone()));
    // Two rats killed 15 turns apart beside the hero: bones and rotten meat.
    let at = crate::support::hero_pos(&mut app);
    let terrain = app
        .world()
        .resource::<gloomdelve::vocab::resources::Level>()
        .terrain
        .clone();
    let dir_to_floor = Dir::ALL
        .into_iter()
        .find(|&d| terrain.can_step(at, d))
        .expect("a step off the start");
    for wait_after in [15, 12] {
        let rat = crate::support::spawn(&mut app, "rat", at.step(dir_to_floor));
        crate::support::set_hp(&mut app, rat, 1);
        play(&mut app, &[Action::Move(dir_to_floor)]);
        play(&mut app, &vec![Action::Wait; wait_after]);
    }
    let mut bodies = app.world_mut().query::<&Corpse>();
    let stages: Vec<(bool, bool)> = bodies
        .iter(app.world())
        .map(|c| (c.rotten, c.bones))
        .collect();
    assert!(stages.contains(&(true, true)), "bones: {stages:?}");
    assert!(stages.contains(&(true, false)), "rotten meat: {stages:?}");
    // A bat that has just eaten, a few steps off on free ground.
    let taken = app
        .world()
        .resource::<gloomdelve::vocab::resources::Occupancy>();
    let bat_at = (0..terrain.height())
        .flat_map(|y| (0..terrain.width()).map(move |x| gloomdelve_core::Pos::new(x, y)))
        .find(|&p| p.chebyshev(at) >= 3 && terrain.admits_creatures(p) && taken.at(p).is_none())
        .expect("free ground");
    let bat = crate::support::spawn(&mut app, "bat", bat_at);
    app.world_mut()
        .entity_mut(bat)
        .insert(Grazing { sated: 30 });
    save_now(app.world_mut()).unwrap();
    let mut loaded = continue_from(&dir);
    let mut grazers = loaded.world_mut().query::<&Grazing>();
    let sated: Vec<u32> = grazers.iter(loaded.world()).map(|g| g.sated).collect();
    assert_eq!(sated, [30], "the bat is still sated");
    assert_eq!(snapshot(&mut loaded), snapshot(&mut app));
    assert_eq!(
        gloomdelve::sim::state_hash(loaded.world_mut()),
        gloomdelve::sim::state_hash(app.world_mut())
    );
}
