//! The key mapping, tested on its own: each binding gives its command, and
//! Shift or an unbound key gives none.

use bevy::input::keyboard::{Key, KeyCode};
use gloomdelve::input::commands::{Command, command_for};
use gloomdelve::vocab::intents::Action;
use gloomdelve_core::Dir;
use gloomdelve_core::bindings::default_bindings;

fn by_code(code: KeyCode) -> Option<Command> {
    command_for(
        &default_bindings(),
        code,
        &Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
    )
}

fn by_char(c: &str) -> Option<Command> {
    command_for(
        &default_bindings(),
        KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        &Key::Character(c.into()),
    )
}

fn moves(dir: Dir) -> Option<Command> {
    Some(Command::Act(Action::Move(dir)))
}

#[test]
fn arrows_move_orthogonally() {
    assert_eq!(by_code(KeyCode::ArrowUp), moves(Dir::N));
    assert_eq!(by_code(KeyCode::ArrowDown), moves(Dir::S));
    assert_eq!(by_code(KeyCode::ArrowLeft), moves(Dir::W));
    assert_eq!(by_code(KeyCode::ArrowRight), moves(Dir::E));
}

#[test]
fn vi_keys_move_in_eight_directions() {
    let expected = [
        ("h", Dir::W),
        ("j", Dir::S),
        ("k", Dir::N),
        ("l", Dir::E),
        ("y", Dir::NW),
        ("u", Dir::NE),
        ("b", Dir::SW),
        ("n", Dir::SE),
    ];
    for (key, dir) in expected {
        assert_eq!(by_char(key), moves(dir), "key {key}");
    }
}

#[test]
fn numpad_moves_with_diagonals_and_five_waits() {
    let expected = [
        (KeyCode::Numpad1, Dir::SW),
        (KeyCode::Numpad2, Dir::S),
        (KeyCode::Numpad3, Dir::SE),
        (KeyCode::Numpad4, Dir::W),
        (KeyCode::Numpad6, Dir::E),
        (KeyCode::Numpad7, Dir::NW),
        (KeyCode::Numpad8, Dir::N),
        (KeyCode::Numpad9, Dir::NE),
    ];
    for (code, dir) in expected {
        assert_eq!(by_code(code), moves(dir), "{code:?}");
    }
    assert_eq!(by_code(KeyCode::Numpad5), Some(Command::Act(Action::Wait)));
    assert_eq!(by_char("."), Some(Command::Act(Action::Wait)));
}

#[test]
fn item_keys_pick_up_and_eat() {
    assert_eq!(by_char("g"), Some(Command::Act(Action::PickUp)));
    assert_eq!(by_char(","), Some(Command::Act(Action::PickUp)));
    assert_eq!(by_char("e"), Some(Command::Act(Action::Eat)));
    assert_eq!(by_char("i"), Some(Command::Inventory));
}

#[test]
fn zoom_and_screenshot_keys() {
    assert_eq!(by_char("+"), Some(Command::ZoomIn));
    assert_eq!(by_char("="), Some(Command::ZoomIn));
    assert_eq!(by_char("-"), Some(Command::ZoomOut));
    assert_eq!(by_code(KeyCode::NumpadAdd), Some(Command::ZoomIn));
    assert_eq!(by_code(KeyCode::F12), Some(Command::Screenshot));
}

#[test]
fn shift_and_unbound_keys_do_nothing() {
    let defaults = default_bindings();
    assert_eq!(
        command_for(&defaults, KeyCode::ShiftLeft, &Key::Shift),
        None
    );
    assert_eq!(
        command_for(&defaults, KeyCode::ShiftRight, &Key::Shift),
        None
    );
    assert_eq!(by_char("H"), None, "shifted letters are not bound");
    assert_eq!(by_char("q"), None);
    assert_eq!(by_code(KeyCode::KeyQ), None);
}

/// A rules app in a small room, hero at (1,1) by the north-west border,
/// with the keyboard plugged in.
fn keyed_room() -> bevy::prelude::App {
    let mut app = crate::support::app_on(
        &crate::support::open_map(8, 8),
        gloomdelve_core::Pos::new(1, 1),
        gloomdelve::RulesData::default(),
    );
    crate::support::with_keys(&mut app);
    app
}

fn held(code: KeyCode) -> bevy::input::keyboard::KeyboardInput {
    bevy::input::keyboard::KeyboardInput {
        repeat: true,
        ..crate::support::code_key(code)
    }
}

fn log_lines(app: &bevy::prelude::App) -> Vec<String> {
    let log = app.world().resource::<gloomdelve::vocab::log::GameLog>();
    log.entries()
        .iter()
        .map(gloomdelve::vocab::log::LogEntry::line)
        .collect()
}

#[test]
fn a_key_held_against_the_border_says_so_once() {
    use crate::support::{code_key, press};
    let mut app = keyed_room();
    press(&mut app, code_key(KeyCode::ArrowUp));
    for _ in 0..30 {
        press(&mut app, held(KeyCode::ArrowUp));
    }
    let lines = log_lines(&app);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("This rock is too hard to dig."),
        "said once, with no count: {lines:?}"
    );
    press(&mut app, code_key(KeyCode::ArrowUp));
    assert_eq!(
        log_lines(&app).last().map(String::as_str),
        Some("This rock is too hard to dig. (x2)"),
        "a second press is counted on the same line"
    );
}

#[test]
fn a_held_key_keeps_walking_while_its_steps_take_turns() {
    use crate::support::{code_key, press};
    let mut app = keyed_room();
    press(&mut app, code_key(KeyCode::ArrowRight));
    for _ in 0..3 {
        press(&mut app, held(KeyCode::ArrowRight));
    }
    assert_eq!(
        crate::support::hero_pos(&mut app),
        gloomdelve_core::Pos::new(5, 1),
        "four steps east"
    );
}

#[test]
fn a_key_that_ends_auto_explore_says_what_stopped() {
    use crate::support::{char_key, press};
    let corridor = "\
########################################
#......................................#
########################################";
    let mut app = crate::support::app_on(
        corridor,
        gloomdelve_core::Pos::new(1, 1),
        gloomdelve::RulesData::default(),
    );
    crate::support::with_keys(&mut app);
    press(&mut app, char_key("x"));
    assert!(
        !app.world()
            .contains_resource::<gloomdelve::rules::explore::Walking>(),
        "x held shows the way"
    );
    let mut let_go = char_key("x");
    let_go.state = bevy::input::ButtonState::Released;
    press(&mut app, let_go);
    assert!(
        app.world()
            .contains_resource::<gloomdelve::rules::explore::Walking>(),
        "x let go explores"
    );
    press(&mut app, char_key("."));
    assert!(
        !app.world()
            .contains_resource::<gloomdelve::rules::explore::Walking>()
    );
    assert_eq!(
        log_lines(&app).last().map(String::as_str),
        Some("You stop exploring.")
    );
}

/// Every entry the full delve legend shows, in order.
fn full_entries(mode: gloomdelve::Mode) -> Vec<String> {
    gloomdelve::view::key_text::legend_for(&default_bindings(), mode, usize::MAX)
        .split(gloomdelve::view::key_text::LEGEND_GAP)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_legend_fits_any_width_and_never_splits_a_key_from_its_meaning() {
    use gloomdelve::Mode;
    let full = full_entries(Mode::Delve);
    assert!(full.contains(&"> <: stairs".to_string()), "{full:?}");
    assert!(full.contains(&"?: help".to_string()), "{full:?}");
    let mut last_count = full.len();
    for width in (0..=200).rev() {
        let line = gloomdelve::view::key_text::legend_for(&default_bindings(), Mode::Delve, width);
        assert!(
            line.len() <= width,
            "{width}: {line:?} is {} long",
            line.len()
        );
        let shown: Vec<&str> = line
            .split(gloomdelve::view::key_text::LEGEND_GAP)
            .filter(|e| !e.is_empty())
            .collect();
        for entry in &shown {
            assert!(
                full.iter().any(|f| f == entry),
                "{width}: a cut entry {entry:?}"
            );
        }
        let order: Vec<usize> = shown
            .iter()
            .map(|e| full.iter().position(|f| f == e).unwrap())
            .collect();
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "{width}: the order holds"
        );
        assert!(
            shown.len() <= last_count,
            "{width}: narrower never shows more"
        );
        last_count = shown.len();
        if width >= "?: help".len() {
            assert!(
                shown.contains(&"?: help"),
                "{width}: help is kept: {line:?}"
            );
        }
    }
    // At 800 px of 14 px text about 90 characters fit: the moves, the
    // stairs and the help stay.
    let at_800 = gloomdelve::view::key_text::legend_for(&default_bindings(), Mode::Delve, 90);
    for needed in [
        "arrows: move/attack/dig",
        "> <: stairs",
        "?: help",
        "x: explore",
    ] {
        assert!(at_800.contains(needed), "{at_800:?} lacks {needed:?}");
    }
}

#[test]
fn the_hunt_legend_and_help_offer_no_eating_and_no_stairs() {
    use gloomdelve::Mode;
    let hunt = full_entries(Mode::Hunt);
    assert!(
        !hunt
            .iter()
            .any(|e| e.contains("eat") || e.contains("stairs")),
        "{hunt:?}"
    );
    assert!(hunt.contains(&"x: explore".to_string()), "{hunt:?}");
    let delve = full_entries(Mode::Delve);
    assert!(delve.contains(&"e: eat".to_string()), "{delve:?}");
    let help = gloomdelve::view::key_text::help_lines(&default_bindings(), Mode::Hunt);
    assert!(
        !help
            .iter()
            .any(|l| l.contains("eat") || l.contains("stairs")),
        "{help:?}"
    );
    let help = gloomdelve::view::key_text::help_lines(&default_bindings(), Mode::Delve);
    assert!(help.iter().any(|l| l.contains("stairs")), "{help:?}");
}

#[test]
fn the_legend_names_the_keys_in_force() {
    let text = "move_north = w\nmove_south = s\nmove_west = a\nmove_east = d\nexplore = X\n";
    let (bindings, problems) = gloomdelve_core::bindings::parse(text);
    assert!(problems.is_empty(), "{problems:?}");
    let line =
        gloomdelve::view::key_text::legend_for(&bindings, gloomdelve::Mode::Delve, usize::MAX);
    assert!(line.starts_with("w/s/a/d: move/attack/dig"), "{line:?}");
    assert!(line.contains("X: explore"), "{line:?}");
}

/// A game on an open floor with stairs down east of the hero, played with
/// the keys of `file` (a `bindings.txt`).
fn rebound_game(file: &str) -> bevy::app::App {
    let (bindings, problems) = gloomdelve_core::bindings::parse(file);
    assert!(problems.is_empty(), "{problems:?}");
    let mut rows: Vec<String> = crate::support::open_map(12, 8)
        .lines()
        .map(String::from)
        .collect();
    rows[2] = "#..>.......#".to_string();
    crate::support::app_on_with(
        &rows.join("\n"),
        gloomdelve_core::Pos::new(2, 2),
        gloomdelve::RulesData::default(),
        move |app| {
            app.insert_resource(gloomdelve::vocab::keys::KeyBindings(bindings));
        },
    )
}

#[test]
fn a_rebound_key_is_the_one_the_log_names() {
    for (file, down, help, throw) in [
        ("", ">", "?", "t"),
        ("descend = d\nhelp = H\nthrow = T\n", "d", "H", "T"),
    ] {
        let mut app = rebound_game(file);
        let rock = crate::support::lay(&mut app, "rock", gloomdelve_core::Pos::new(2, 2));
        crate::support::act(&mut app, Action::PickUp);
        crate::support::act(&mut app, Action::Use(rock));
        crate::support::act(&mut app, Action::Move(Dir::E));
        let lines = log_lines(&app);
        for line in [
            format!("Find the stairs down ({down}). Press {help} for help."),
            format!("Throw the rock with {throw}."),
            format!("There are stairs down here. Press {down} to descend."),
        ] {
            assert!(lines.contains(&line), "{file:?}: no {line:?} in {lines:?}");
        }
    }
}

/// Every "Press X" in `text` whose key is spelled out rather than taken
/// from the bindings (`{…}`).
fn spelled_keys(text: &str) -> Vec<String> {
    text.match_indices("Press ")
        .map(|(at, _)| &text[at..])
        .filter(|rest| !rest["Press ".len()..].starts_with('{'))
        .map(|rest| rest.chars().take(12).collect())
        .collect()
}

#[test]
fn no_message_of_the_game_spells_a_key_it_could_take_from_the_bindings() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let headless = |file: &str| {
        ["rules/", "save/", "sim/"]
            .iter()
            .any(|d| file.starts_with(d))
    };
    let spelled: Vec<String> = crate::layout::read_tree(&src)
        .iter()
        .filter(|(file, _)| headless(file))
        .flat_map(|(file, text)| {
            spelled_keys(text)
                .into_iter()
                .map(move |s| format!("src/{file}: {s}"))
        })
        .collect();
    assert!(spelled.is_empty(), "keys spelled out: {spelled:?}");
    assert_eq!(
        spelled_keys(r#"say("Press > to descend."); say(format!("Press {down} to descend."))"#),
        ["Press > to d"],
        "the check finds a spelled key and passes a bound one"
    );
}

#[test]
fn the_rest_hint_names_the_wait_key_in_force_once_the_last_foe_is_gone() {
    use crate::support::{act, hero_entity, set_hp, spawn};
    use gloomdelve_core::Pos;
    for (file, wait, hurt) in [("", ".", true), ("wait = w\n", "w", true), ("", ".", false)] {
        let mut app = rebound_game(file);
        let rat = spawn(&mut app, "rat", Pos::new(6, 2));
        act(&mut app, Action::Wait);
        let hero = hero_entity(&mut app);
        let max = app
            .world()
            .get::<gloomdelve::vocab::components::Health>(hero)
            .unwrap()
            .max;
        set_hp(&mut app, hero, if hurt { max / 2 } else { max });
        set_hp(&mut app, rat, 0);
        act(&mut app, Action::Wait);
        let hint = format!("You are badly hurt. Rest with {wait} to heal.");
        let lines = log_lines(&app);
        assert_eq!(lines.contains(&hint), hurt, "{file:?}: {lines:?}");
        act(&mut app, Action::Wait);
        let again = log_lines(&app).iter().filter(|l| **l == hint).count();
        assert_eq!(
            again,
            usize::from(hurt),
            "said once, when the last foe went"
        );
    }
}
