//! One full turn of the headless rules with 0 to 1,000 creatures on a
//! 300×300 cave, a fifth of them goblins chasing the hero: before each
//! measured turn every goblin is told where the hero is, so each one runs
//! its budgeted path search.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench turn`.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
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
fn game_with(total: u32) -> App {
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

fn bench_turn(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn/cave300");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for total in [0, 100, 250, 500, 1000] {
        let mut app = game_with(total);
        group.bench_function(BenchmarkId::new("creatures", total), |b| {
            b.iter_custom(|iterations| {
                let mut spent = Duration::ZERO;
                for _ in 0..iterations {
                    send_goblins_after_the_hero(&mut app);
                    let start = Instant::now();
                    one_turn(&mut app);
                    spent += start.elapsed();
                }
                spent
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_turn);
criterion_main!(benches);
