//! Headless tests of the items with trade-offs and the new potions and
//! scrolls: the spear's reach, the rapier's two blows, the dwarven plate's
//! hunger, regeneration, far sight, teleport, mapping, and the look key.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::view::ui_state::{Aim, Aiming};
use gloomdelve::vocab::components::{Health, Stomach};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::resources::{Seen, Sight, TurnCount};
use gloomdelve::vocab::states::Overlay;
use gloomdelve_core::{Dir, Pos};

use crate::support::{
    act, app_on, char_key, code_key, hero_entity, hero_pos, hp, lay, open_map, overlay, pack,
    press, spawn, wait, with_keys,
};

/// The hero at `at` on `map`, wielding or wearing the named item.
fn wearing(map: &str, at: Pos, name: &str) -> App {
    let rules = RulesData {
        regen_every: 1000,
        ..RulesData::default()
    };
    let mut app = app_on(map, at, rules);
    lay(&mut app, name, at);
    act(&mut app, Action::PickUp);
    let item = pack(&mut app)[0];
    act(&mut app, Action::Use(item));
    app
}

/// The log lines of the last turn that start with `start`.
fn lines_starting(app: &App, start: &str) -> usize {
    let log = app.world().resource::<GameLog>();
    let turn = app.world().resource::<TurnCount>().0;
    log.recent(20)
        .iter()
        .filter(|e| e.turn + 1 >= turn && e.text.starts_with(start))
        .count()
}

#[test]
fn a_spear_strikes_a_foe_two_tiles_away_over_empty_ground() {
    for (weapon, reaches) in [("spear", true), ("dagger", false)] {
        let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), weapon);
        let goblin = spawn(&mut app, "goblin", Pos::new(5, 3));
        let full = hp(&app, goblin);
        act(&mut app, Action::Move(Dir::E));
        let struck = hp(&app, goblin) < full;
        assert_eq!(
            struck, reaches,
            "{weapon}: the goblin two tiles east is struck"
        );
        let moved = hero_pos(&mut app) != Pos::new(3, 3);
        assert_eq!(
            moved, !reaches,
            "{weapon}: the hero steps only when nothing is in reach"
        );
    }
}

#[test]
fn a_rapier_strikes_twice_a_bump_and_a_dagger_once() {
    for (weapon, blows) in [("rapier", 2), ("dagger", 1)] {
        let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), weapon);
        let ogre = spawn(&mut app, "ogre", Pos::new(4, 3));
        act(&mut app, Action::Move(Dir::E));
        let hits = lines_starting(&app, "You hit the ogre") + lines_starting(&app, "You miss");
        assert_eq!(hits, blows, "{weapon}: {blows} blows in one bump");
        assert!(hp(&app, ogre) > 0);
    }
}

#[test]
fn dwarven_plate_costs_a_food_a_turn_on_top_of_the_stomach() {
    for (armour, per_turn) in [("dwarven plate", 2), ("leather armour", 1)] {
        let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), armour);
        let hero = hero_entity(&mut app);
        let before = app.world().get::<Stomach>(hero).unwrap().food;
        wait(&mut app, 10);
        let after = app.world().get::<Stomach>(hero).unwrap().food;
        assert_eq!(before - after, 10 * per_turn, "{armour}");
    }
}

#[test]
fn a_potion_of_regeneration_heals_one_a_turn_for_its_turns() {
    let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), "potion of regeneration");
    let hero = hero_entity(&mut app);
    // The drink itself took a turn and healed nothing yet: the hero was whole.
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 5;
    wait(&mut app, 10);
    assert_eq!(hp(&app, hero), 15, "ten turns, ten HP");
    wait(&mut app, 30);
    let max = app.world().get::<Health>(hero).unwrap().max;
    assert_eq!(hp(&app, hero), max, "never past the maximum");
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 5;
    wait(&mut app, 5);
    assert_eq!(hp(&app, hero), 5, "thirty turns on it has worn off");
}

#[test]
fn a_potion_of_far_sight_doubles_the_sight_then_wears_off() {
    let mut app = wearing(&open_map(40, 7), Pos::new(3, 3), "potion of far sight");
    let far = Pos::new(13, 3);
    let seen = |app: &App| app.world().resource::<Sight>().seen(far);
    wait(&mut app, 1);
    assert_eq!(
        seen(&app),
        Seen::Visible,
        "ten tiles off, in the doubled sight"
    );
    wait(&mut app, 100);
    assert_eq!(
        seen(&app),
        Seen::Remembered,
        "after 100 turns, out of sight again"
    );
}

/// How many times the log holds `line`.
fn times_said(app: &App, line: &str) -> usize {
    let log = app.world().resource::<GameLog>();
    log.entries()
        .iter()
        .filter(|e| e.text == line)
        .map(|e| e.count as usize)
        .sum()
}

#[test]
fn each_boon_says_once_that_it_wears_off_and_only_regeneration_heals() {
    let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), "potion of far sight");
    let hero = hero_entity(&mut app);
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 5;
    wait(&mut app, 120);
    assert_eq!(hp(&app, hero), 5, "far sight heals nothing");
    assert_eq!(times_said(&app, "Your sight dims to its usual reach."), 1);
    assert_eq!(times_said(&app, "The warmth fades."), 0, "no regeneration");
    let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), "potion of regeneration");
    wait(&mut app, 40);
    assert_eq!(times_said(&app, "The warmth fades."), 1);
    assert_eq!(times_said(&app, "Your sight dims to its usual reach."), 0);
}

#[test]
fn regeneration_does_not_bring_a_fallen_hero_back() {
    let mut app = wearing(&open_map(14, 7), Pos::new(3, 3), "potion of regeneration");
    crate::support::fell_the_hero(&mut app);
    let hero = hero_entity(&mut app);
    assert_eq!(hp(&app, hero), 0);
    assert_eq!(
        app.world()
            .resource::<State<gloomdelve::vocab::states::Screen>>()
            .get(),
        &gloomdelve::vocab::states::Screen::GameOver
    );
}

/// Reads the scroll the hero carries, which needs no target.
fn read_the_scroll(app: &mut App) {
    let scroll = pack(app)[0];
    act(
        app,
        Action::Read {
            scroll,
            target: None,
        },
    );
}

#[test]
fn a_scroll_of_teleport_takes_the_hero_far_away() {
    let mut app = wearing(&open_map(40, 30), Pos::new(3, 3), "scroll of teleport");
    read_the_scroll(&mut app);
    let now = hero_pos(&mut app);
    assert!(now.chebyshev(Pos::new(3, 3)) >= 10, "it went to {now:?}");
    assert!(pack(&mut app).is_empty(), "the scroll is used up");
    assert_eq!(
        app.world().resource::<Sight>().seen(now),
        Seen::Visible,
        "the hero sees where it arrived"
    );
}

#[test]
fn a_scroll_of_mapping_shows_the_whole_layout() {
    let mut app = wearing(&open_map(40, 30), Pos::new(3, 3), "scroll of mapping");
    let far = Pos::new(35, 25);
    let seen = |app: &App| app.world().resource::<Sight>().seen(far);
    assert_eq!(seen(&app), Seen::Unseen);
    read_the_scroll(&mut app);
    assert_eq!(seen(&app), Seen::Remembered, "the far corner is known");
    assert!(pack(&mut app).is_empty(), "the scroll is used up");
}

#[test]
fn the_look_key_opens_a_cursor_that_only_looks() {
    let mut app = app_on(&open_map(14, 7), Pos::new(3, 3), RulesData::default());
    with_keys(&mut app);
    spawn(&mut app, "goblin", Pos::new(6, 3));
    let turn = app.world().resource::<TurnCount>().0;
    press(&mut app, char_key(";"));
    assert_eq!(overlay(&app), Overlay::Targeting);
    let aiming = *app.world().resource::<Aiming>();
    assert_eq!(aiming.aim, Aim::Look);
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(
        app.world().resource::<TurnCount>().0,
        turn,
        "looking takes no turn"
    );
}
