//! The catch-up of a level left behind (issue 44): a depth-5 delve level
//! (90×60, the shipped data, seed 1) as the hero leaves it, with the
//! bodies of what it killed there laid on it, caught up over stays away of
//! 1,000, 5,000 and 20,000 turns (20 to 400 epochs, 400 being the rules'
//! most) — against one turn of the same level played with the hero
//! waiting, measured in the same run: the catch-up runs once, on the
//! frame the hero comes back, so its cost is set beside a turn's.
//!
//! Each figure is the fastest of nine runs. A smoke run (no `--bench`)
//! runs each once, and checks that the catch-up is the same once or in
//! parts.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench catch_up`.

#[path = "common/shipped.rs"]
mod shipped;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gloomdelve::rules::ecology::catch_up::{Away, catch_up};
use gloomdelve::rules::levels::records::describe_level;
use gloomdelve::sim::headless_app;
use gloomdelve::vocab::components::{Corpse, Health, Hero};
use gloomdelve::vocab::intents::{Action, PendingAction};
use gloomdelve::vocab::records::{ItemRecord, StoredLevel};
use gloomdelve::vocab::resources::{Dungeon, NextCreatureId, Travel, TurnCount, Way};
use gloomdelve::vocab::states::Screen;
use gloomdelve::{Mode, NewGame};

const DEPTH: u32 = 5;
const STAYS: [u64; 3] = [1_000, 5_000, 20_000];

fn depth(app: &App) -> u32 {
    app.world().get_resource::<Dungeon>().map_or(0, |d| d.depth)
}

/// A fresh game taken straight down to `DEPTH`, the hero unkillable.
fn at_depth(seed: u64) -> App {
    let mut app = headless_app(shipped::shipped_game(seed, Mode::Delve));
    while depth(&app) < DEPTH {
        app.world_mut().resource_mut::<Travel>().0 = Some(Way::Down);
        for _ in 0..5 {
            app.update();
        }
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let world = app.world_mut();
    let mut hero = world.query_filtered::<&mut Health, With<Hero>>();
    for mut health in hero.iter_mut(world) {
        (health.hp, health.max) = (1_000_000, 1_000_000);
    }
    app
}

/// The level as the hero leaves it, with a body of each creature on it
/// laid where it stands, died on turn 0 (so each may sprout).
fn left_level(app: &mut App) -> StoredLevel {
    let mut level = describe_level(app.world_mut());
    let bodies: Vec<ItemRecord> = level
        .creatures
        .iter()
        .map(|c| ItemRecord {
            kind: "corpse".into(),
            name: format!("{} corpse", c.kind),
            sprite: format!("{}_corpse", c.kind),
            pos: c.pos,
            seen: false,
            corpse: Some(Corpse {
                food: 30,
                died: 0,
                rotten: false,
                bones: false,
                sprouted: false,
            }),
            worth: None,
            dropped: false,
        })
        .collect();
    level.items.extend(bodies);
    level
}

/// `level` caught up over each stay in `stays`, and the next id after.
fn caught_up(level: &StoredLevel, new_game: &NewGame, stays: &[(u64, u64)]) -> (StoredLevel, u64) {
    let mut level = level.clone();
    let mut next_id = NextCreatureId(10_000);
    for &stay in stays {
        let mut away = Away {
            new_game,
            depth: DEPTH,
            next_id: &mut next_id,
        };
        catch_up(&mut level, stay, &mut away);
    }
    (level, next_id.0)
}

/// The fastest of `runs` timings of `work`.
fn fastest(runs: usize, mut work: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let runs = gloomdelve_bench::measured_or(9, 1);
    let mut app = at_depth(1);
    let level = left_level(&mut app);
    let new_game = app.world().resource::<NewGame>().clone();
    let now = app.world().resource::<TurnCount>().0;
    let once = caught_up(&level, &new_game, &[(now, now + 1_000)]);
    let parts = caught_up(
        &level,
        &new_game,
        &[(now, now + 400), (now + 400, now + 1_000)],
    );
    assert_eq!(once, parts, "the catch-up is the same once or in parts");
    let turn = fastest(runs, || {
        app.world_mut().resource_mut::<PendingAction>().0 = Some(Action::Wait);
        app.update();
    });
    let played = app.world().resource::<TurnCount>().0 - now;
    assert_eq!(played, runs as u64, "each timed update played a turn");
    println!(
        "depth {DEPTH}, {} creatures, {} items; one waited turn: {:.3} ms",
        level.creatures.len(),
        level.items.len(),
        turn.as_secs_f64() * 1e3
    );
    println!("| stay away (turns) | epochs | catch-up (ms) | against one turn |");
    println!("|---|---|---|---|");
    let every = new_game.rules.ecology.catch_up_every;
    for stay in STAYS {
        let took = fastest(runs, || {
            std::hint::black_box(caught_up(&level, &new_game, &[(now, now + stay)]));
        });
        println!(
            "| {stay} | {} | {:.3} | {:.2}× |",
            stay / every,
            took.as_secs_f64() * 1e3,
            took.as_secs_f64() / turn.as_secs_f64()
        );
    }
}
