//! One full turn of the headless rules with 0 to 1,000 creatures on a
//! 300×300 cave, a fifth of them goblins chasing the hero: before each
//! measured turn every goblin is told where the hero is, so every one is
//! on its trail. The goblins chase by the shared chase map the game uses,
//! and again each by its own A* search, the way before it, as the
//! comparison; and they are left alone (chasing only what they see).
//!
//! Each size plays the same 40 turns five times; a turn's cost is its
//! fastest of the five, and the table gives the median turn and its ratio
//! to the turn with no creatures, measured in the same run.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench turn`; see
//! [`profile_from_env`] for a run to profile.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gloomdelve::rules::creatures::ChaseBy;
use gloomdelve::vocab::components::{Creature, GoblinAi, Health};
use gloomdelve::vocab::components::{GridPos, Hero};
use gloomdelve::vocab::data::CreatureBook;
use gloomdelve::vocab::intents::{Action, PendingAction};
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, NewGame, RulesData};
use gloomdelve_core::mapgen::caves;

/// Creature counts per kind for `total` creatures: 20% goblins, the rest
/// shared between fungi, bats and rats in the shipped proportions.
fn populated_book(total: u32) -> CreatureBook {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data/creatures.ron");
    let mut book = CreatureBook::load(&path).expect("the shipped creatures load");
    for kind in &mut book.kinds {
        // The bench's cave is the surface's depth: every kind lives there.
        kind.from_depth = 0;
        kind.more_per_depth = 0.0;
        kind.per_cave = match kind.name.as_str() {
            "goblin" => total / 5,
            "fungus" => total * 16 / 100,
            "bat" => total * 50 / 100,
            _ => total * 14 / 100,
        };
    }
    book
}

/// A rules app mid-game whose hero cannot die, so every measured turn is a
/// full one.
fn game_with(total: u32, chase_by: ChaseBy) -> App {
    let cave = caves::generate(300, 300, 300).expect("valid size");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let new_game = NewGame {
        seed: 300,
        rules: RulesData::default(),
        creatures: populated_book(total),
        items: Default::default(),
        reveal: false,
        mode: gloomdelve::Mode::Delve,
    };
    app.add_plugins(GamePlugin { new_game });
    app.insert_resource(chase_by);
    // As the simulator runs: a turn's systems are too small to share out.
    gloomdelve::sim::run_on_one_thread(&mut app);
    app.insert_resource(Level {
        terrain: cave.terrain,
        start: cave.start,
    });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    let world = app.world_mut();
    let mut hero = world.query_filtered::<&mut Health, With<Hero>>();
    hero.single_mut(world).expect("a hero").hp = i32::MAX / 2;
    let creatures = world.query::<&Creature>().iter(world).count();
    assert_eq!(
        creatures as u32,
        total / 5 + total * 16 / 100 + total / 2 + total * 14 / 100
    );
    app
}

/// Points every goblin at the hero, so each one runs its budgeted path
/// search this turn (a goblin that finds no path gives the chase up).
fn send_goblins_after_the_hero(app: &mut App) {
    let world = app.world_mut();
    let mut hero = world.query_filtered::<&GridPos, With<Hero>>();
    let hero_at = hero.single(world).expect("a hero").0;
    for mut goblin in world.query::<&mut GoblinAi>().iter_mut(world) {
        goblin.last_seen = Some(hero_at);
    }
}

fn one_turn(app: &mut App) {
    app.world_mut().resource_mut::<PendingAction>().0 = Some(Action::Wait);
    app.update();
}

/// How many turns each game plays, and how many times each is played.
const TURNS: usize = 40;
const REPEATS: usize = 5;

/// Plays `TURNS` turns of a fresh game with `total` creatures, every goblin
/// sent after the hero before each; returns each turn's time and the state
/// hash the game ended in.
fn timed_turns(total: u32, chase: Chase) -> (Vec<Duration>, String) {
    let (chase_by, send) = match chase {
        Chase::SharedMap => (ChaseBy::SharedMap, true),
        Chase::OwnSearch => (ChaseBy::OwnSearch, true),
        Chase::LeftAlone => (ChaseBy::SharedMap, false),
    };
    let mut app = game_with(total, chase_by);
    let times = (0..TURNS)
        .map(|_| {
            if send {
                send_goblins_after_the_hero(&mut app);
            }
            let start = Instant::now();
            one_turn(&mut app);
            start.elapsed()
        })
        .collect();
    (times, gloomdelve::sim::state_hash(app.world_mut()))
}

/// Each turn's fastest time over `REPEATS` plays of the same game: the
/// same seed makes turn k the same work every time, so the fastest is its
/// cost with most of a shared machine's noise taken out.
fn fastest_turns(total: u32, chase: Chase) -> Vec<Duration> {
    let (mut fastest, hash) = timed_turns(total, chase);
    for _ in 1..REPEATS {
        let (times, again) = timed_turns(total, chase);
        assert_eq!(hash, again, "the same seed plays the same game");
        for (best, time) in fastest.iter_mut().zip(times) {
            *best = (*best).min(time);
        }
    }
    fastest
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// The median turn with `total` creatures, in milliseconds.
fn median_ms(total: u32, chase: Chase) -> f64 {
    median(fastest_turns(total, chase)).as_secs_f64() * 1000.0
}

/// With `TURN_PROFILE=N` set, plays 2,000 turns with N creatures left
/// alone and prints nothing: a run for `perf record` to look inside.
/// `TURN_PROFILE=idle` runs 200,000 updates with no turn instead.
fn profile_from_env() -> bool {
    let Some(total) = std::env::var("TURN_PROFILE").ok() else {
        return false;
    };
    if total == "idle" {
        let mut app = game_with(30, ChaseBy::SharedMap);
        for _ in 0..200_000 {
            app.update();
        }
        return true;
    }
    let total = total
        .parse()
        .expect("TURN_PROFILE is a creature count or idle");
    let mut app = game_with(total, ChaseBy::SharedMap);
    for _ in 0..2000 {
        one_turn(&mut app);
    }
    true
}

/// What the goblins do in a measured game.
#[derive(Clone, Copy)]
enum Chase {
    /// Sent after the hero each turn, following the shared chase map.
    SharedMap,
    /// Sent after the hero each turn, each by its own A* search.
    OwnSearch,
    /// Left to chase only what they see.
    LeftAlone,
}

fn main() {
    if profile_from_env() {
        return;
    }
    println!(
        "| creatures | goblins | chasing by the shared map, ms | vs none | chasing by A* each (before), ms | vs none | shared map / A* | left alone, ms | vs none |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    // The floor: the cheapest of the games with no creatures at all.
    let none = [Chase::SharedMap, Chase::OwnSearch, Chase::LeftAlone]
        .map(|chase| median_ms(0, chase))
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    for total in [0, 100, 250, 500, 1000] {
        let shared = median_ms(total, Chase::SharedMap);
        let own = median_ms(total, Chase::OwnSearch);
        let alone = median_ms(total, Chase::LeftAlone);
        println!(
            "| {total} | {} | {shared:.3} | {:.1}× | {own:.3} | {:.1}× | {:.3} | {alone:.3} | {:.1}× |",
            total / 5,
            shared / none,
            own / none,
            shared / own,
            alone / none
        );
    }
}
