//! One full turn of the headless rules with 0 to 1,000 creatures on a
//! 300×300 cave, a fifth of them goblins chasing the hero, the rest of every
//! other shipped kind in the shipped proportions: before each
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
use gloomdelve::rules::creatures::behaviours::chases::Trail;
use gloomdelve::vocab::components::{Creature, Health};
use gloomdelve::vocab::components::{GridPos, Hero};
use gloomdelve::vocab::data::CreatureBook;
use gloomdelve::vocab::intents::{Action, PendingAction};
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, NewGame, RulesData};
use gloomdelve_core::mapgen::caves;

/// Creature counts per kind for `total` creatures: a fifth goblins, the
/// rest shared between every other shipped kind in proportion to its
/// `per_cave` (rounded down, so a few fewer than `total` may spawn).
fn populated_book(total: u32) -> CreatureBook {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data/creatures.ron");
    let mut book = CreatureBook::load(&path).expect("the shipped creatures load");
    let others: u32 = book
        .kinds
        .iter()
        .filter(|k| k.name != "goblin")
        .map(|k| k.per_cave)
        .sum();
    for kind in &mut book.kinds {
        // The bench's cave is the surface's depth: every kind lives there.
        kind.from_depth = 0;
        kind.to_depth = None;
        kind.more_per_depth = 0.0;
        kind.per_cave = if kind.name == "goblin" {
            total / 5
        } else {
            (total - total / 5) * kind.per_cave / others.max(1)
        };
    }
    book
}

/// How many creatures `book` puts in a new level: what the bench expects
/// to find there.
fn spawned_by(book: &CreatureBook) -> u32 {
    book.kinds.iter().map(|k| k.per_cave).sum()
}

/// A rules app mid-game whose hero cannot die, so every measured turn is a
/// full one.
fn game_with(total: u32, chase_by: ChaseBy) -> App {
    let book = populated_book(total);
    let cave = caves::generate(300, 300, 300).expect("valid size");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let new_game = NewGame {
        seed: 300,
        rules: RulesData::default(),
        creatures: book.clone(),
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
        spawned_by(&book),
        "every creature spawned"
    );
    app
}

/// Points every goblin at the hero, so each one runs its budgeted path
/// search this turn (a goblin that finds no path gives the chase up). Only
/// the goblins: archers, thieves and wolves chase too, and are left to
/// act as they would.
fn send_goblins_after_the_hero(app: &mut App) {
    let world = app.world_mut();
    let mut hero = world.query_filtered::<&GridPos, With<Hero>>();
    let hero_at = hero.single(world).expect("a hero").0;
    let goblin = world.resource::<NewGame>().creatures.find("goblin");
    let mut chasers = world.query::<(&Creature, &mut Trail)>();
    for (creature, mut trail) in chasers.iter_mut(world) {
        if Some(creature.kind) == goblin {
            trail.last_seen = Some(hero_at);
        }
    }
}

fn one_turn(app: &mut App) {
    app.world_mut().resource_mut::<PendingAction>().0 = Some(Action::Wait);
    app.update();
}

/// How many turns each game plays (3 in a smoke run).
fn turns() -> usize {
    gloomdelve_bench::measured_or(40, 3)
}

/// How many times each game is played (2 in a smoke run: enough to check
/// that the same seed plays the same game).
fn repeats() -> usize {
    gloomdelve_bench::measured_or(5, 2)
}

/// The creature counts measured (a smoke run takes the first two).
fn sizes() -> &'static [u32] {
    const SIZES: [u32; 5] = [0, 100, 250, 500, 1000];
    &SIZES[..gloomdelve_bench::measured_or(SIZES.len(), 2)]
}

/// Plays [`turns`] turns of a fresh game with `total` creatures, every goblin
/// sent after the hero before each; returns each turn's time and the state
/// hash the game ended in.
fn timed_turns(total: u32, chase: Chase) -> (Vec<Duration>, String) {
    let (chase_by, send) = match chase {
        Chase::SharedMap => (ChaseBy::SharedMap, true),
        Chase::OwnSearch => (ChaseBy::OwnSearch, true),
        Chase::LeftAlone => (ChaseBy::SharedMap, false),
    };
    let mut app = game_with(total, chase_by);
    let times = (0..turns())
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

/// Each turn's fastest time over [`repeats`] plays of the same game: the
/// same seed makes turn k the same work every time, so the fastest is its
/// cost with most of a shared machine's noise taken out.
fn fastest_turns(total: u32, chase: Chase) -> Vec<Duration> {
    let (mut fastest, hash) = timed_turns(total, chase);
    for _ in 1..repeats() {
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
    for &total in sizes() {
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
