//! Sleep, noise and sneak attacks (issue 40, part 2): a sleeper does
//! nothing until the hero's noise wakes it, sooner the louder the hero;
//! a blow on a sleeper deals double and wakes it.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::{Health, Slumber};
use gloomdelve::vocab::foresight::Intent;
use gloomdelve::vocab::intents::Action;
use gloomdelve_core::{Dir, Pos};

use crate::support::{act, app_on, foresee, hero_entity, last_line, set_hp, spawn, wait};

/// Rock all round: the hero at (4,2), a pocket for a creature at (5,2),
/// and seven rocks about the hero to dig without moving.
const POCKET: &str = "\
##########
##########
##########
##########
##########";

fn asleep(app: &App, who: Entity) -> bool {
    app.world().get::<Slumber>(who).is_some_and(|s| s.asleep)
}

/// A goblin asleep next to the hero in [`POCKET`].
fn sleeper_in_the_pocket() -> (App, Entity) {
    let mut map: Vec<String> = POCKET.lines().map(String::from).collect();
    map[2].replace_range(4..6, "..");
    let mut app = app_on(&map.join("\n"), Pos::new(4, 2), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(5, 2));
    app.world_mut().get_mut::<Slumber>(goblin).unwrap().asleep = true;
    (app, goblin)
}

/// Turns until the sleeper wakes while the hero does `each` turn after
/// turn (at most `most`), or `None`.
fn turns_to_wake(most: usize, mut each: impl FnMut(&mut App, usize)) -> Option<usize> {
    let (mut app, goblin) = sleeper_in_the_pocket();
    for turn in 1..=most {
        each(&mut app, turn);
        if !asleep(&app, goblin) {
            assert_eq!(last_line(&app), "The goblin wakes up!");
            return Some(turn);
        }
    }
    None
}

#[test]
fn a_sleeping_goblin_next_to_a_waiting_hero_wakes_in_time_and_sooner_when_the_hero_digs() {
    let waiting = turns_to_wake(400, |app, _| wait(app, 1));
    let waiting = waiting.expect("a resting hero's breath wakes it in the end");
    // Resting makes 3 in 100 a turn next to it; a dig 40.
    assert!(waiting > 7, "it slept through {waiting} quiet turns");
    let rocks = [Dir::W, Dir::NW, Dir::N, Dir::SW, Dir::S, Dir::NE, Dir::SE];
    let digging = turns_to_wake(rocks.len(), |app, turn| {
        // The first bump warns and costs nothing; the second digs.
        act(app, Action::Move(rocks[turn - 1]));
        act(app, Action::Move(rocks[turn - 1]));
    });
    let digging = digging.expect("digging next to it wakes it within seven digs");
    assert!(digging < waiting, "{digging} digs against {waiting} waits");
}

#[test]
fn a_sleeper_does_nothing_and_the_foresight_says_it_sleeps() {
    let (mut app, goblin) = sleeper_in_the_pocket();
    let hero = hero_entity(&mut app);
    let hp = app.world().get::<Health>(hero).unwrap().hp;
    assert_eq!(foresee(&mut app, goblin), [Intent::Asleep]);
    // Three quiet turns (the seeded dice keep it asleep through them).
    wait(&mut app, 3);
    assert!(asleep(&app, goblin));
    assert_eq!(
        app.world().get::<Health>(hero).unwrap().hp,
        hp,
        "it never bit"
    );
}

/// The HP a first blow east takes from a goblin, asleep or not, on the
/// same dice.
fn first_blow(sleeping: bool) -> (i32, bool, String) {
    let (mut app, goblin) = sleeper_in_the_pocket();
    app.world_mut().get_mut::<Slumber>(goblin).unwrap().asleep = sleeping;
    set_hp(&mut app, goblin, 100);
    act(&mut app, Action::Move(Dir::E));
    let lost = 100 - app.world().get::<Health>(goblin).unwrap().hp;
    let log = app
        .world()
        .resource::<gloomdelve::vocab::log::GameLog>()
        .entries()
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    (lost, asleep(&app, goblin), log)
}

#[test]
fn a_blow_on_a_sleeper_deals_double_and_wakes_it() {
    let (awake, _, _) = first_blow(false);
    let (sneak, still_asleep, log) = first_blow(true);
    assert!(awake > 0, "the seeded blow hits");
    assert_eq!(sneak, 2 * awake);
    assert!(!still_asleep, "the blow wakes it");
    assert!(log.contains("You catch the goblin asleep!"), "{log}");
}
