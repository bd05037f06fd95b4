//! Simulator throughput and the spread of single turns, with the shipped
//! data, on a depth-5 delve level (90×60) and on the 600×600 hunt world with
//! all its enemies. Each world is played from a fresh game for 2,000 timed
//! turns by three players: the bot; a hero that always waits, the baseline
//! the ratios are taken against; and no action at all (`App::update` with no
//! turn), also on Bevy's multi-threaded executor as before issue 21; and a
//! bare `MinimalPlugins` app's update, the floor. Each player's run is made five times; the same seed gives the
//! same game (checked), so turn `k` is the same work every time, and each
//! turn's fastest time of the five is its cost with most of a shared
//! machine's noise taken out. Printed: updates per second from those
//! fastest times, and the median, 99th percentile and maximum of the bot's
//! single turns, of its `choose` and of the update that plays it (fastest
//! of five, and as first measured).
//!
//! The turn loop is `sim::play_until`'s (choose, `PendingAction`,
//! `App::update`, let a level change settle, a refused action becomes a
//! wait) without the invariant checks. The hero cannot die or starve: its
//! health and food are topped up, untimed, before every turn. A hero that
//! leaves depth 5, or clears the hunt world, is given a fresh game there
//! (untimed, next seed).
//!
//! Run with `cargo bench -p gloomdelve-bench --bench sim`.

#[path = "common/shipped.rs"]
mod shipped;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gloomdelve::Mode;
use gloomdelve::rules::creatures::SearchCost;
use gloomdelve::rules::hunt::Cleared;
use gloomdelve::sim::{bot, headless_app, state_hash};
use gloomdelve::vocab::components::Hero;
use gloomdelve::vocab::components::Stomach;
use gloomdelve::vocab::components::{Creature, Health};
use gloomdelve::vocab::intents::{Action, PendingAction};
use gloomdelve::vocab::resources::TurnCount;
use gloomdelve::vocab::resources::{Dungeon, Travel, Way};
use gloomdelve::vocab::states::Screen;
use shipped::shipped_game;

/// The delve level measured.
const DEPTH: u32 = 5;
/// The hero's health and food before every turn: never dead, never hungry.
const HERO_HP: i32 = 10_000;
const HERO_FOOD: i32 = 700;
/// Turns per run, each timed on its own (a smoke run plays 20).
fn turns() -> usize {
    gloomdelve_bench::measured_or(2_000, 20)
}

/// Identical runs per world (two in a smoke run: enough to check them).
fn repeats() -> usize {
    gloomdelve_bench::measured_or(5, 2)
}
const FIRST_SEED: u64 = 1;

fn playing(app: &App) -> bool {
    *app.world().resource::<State<Screen>>().get() == Screen::Playing
}

fn depth(app: &App) -> u32 {
    app.world().get_resource::<Dungeon>().map_or(0, |d| d.depth)
}

fn creature_count(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<&Creature>().iter(world).count()
}

fn turn_count(app: &App) -> u64 {
    app.world().resource::<TurnCount>().0
}

/// Lets a change of level or screen finish, as `sim::settle` does.
fn settle(app: &mut App) {
    for _ in 0..3 {
        if playing(app) && app.world().resource::<Travel>().0.is_none() {
            break;
        }
        app.update();
    }
}

fn act(app: &mut App, action: Action) {
    app.world_mut().resource_mut::<PendingAction>().0 = Some(action);
    app.update();
    settle(app);
}

/// One turn of `sim::play_until`: a refused action is followed by a wait.
fn take_turn(app: &mut App, action: Action) {
    let before = turn_count(app);
    act(app, action);
    if turn_count(app) == before {
        act(app, Action::Wait);
    }
}

/// A delve game whose hero has taken the stairs down to `to`.
fn delve_at_depth(seed: u64, to: u32) -> App {
    let mut app = headless_app(shipped_game(seed, Mode::Delve));
    while depth(&app) < to {
        let from = depth(&app);
        app.world_mut().resource_mut::<Travel>().0 = Some(Way::Down);
        app.update();
        settle(&mut app);
        assert_eq!(depth(&app), from + 1, "seed {seed}: the trip down");
    }
    app
}

/// Tops the hero's health and food up, so no turn is cut short.
fn keep_the_hero_going(world: &mut World) {
    let mut hero = world.query_filtered::<(&mut Health, Option<&mut Stomach>), With<Hero>>();
    for (mut health, stomach) in hero.iter_mut(world) {
        health.max = HERO_HP;
        health.hp = HERO_HP;
        if let Some(mut stomach) = stomach {
            stomach.food = HERO_FOOD;
        }
    }
}

/// A world the turns are measured on.
#[derive(Clone, Copy, Debug)]
enum Place {
    Depth5,
    Hunt,
}

impl Place {
    const ALL: [Place; 2] = [Place::Depth5, Place::Hunt];

    fn name(self) -> &'static str {
        match self {
            Place::Depth5 => "delve-depth5-90x60",
            Place::Hunt => "hunt-600x600",
        }
    }

    fn open(self, seed: u64) -> App {
        match self {
            Place::Depth5 => delve_at_depth(seed, DEPTH),
            Place::Hunt => headless_app(shipped_game(seed, Mode::Hunt)),
        }
    }

    /// Whether the game is still on the world being measured.
    fn still_here(self, app: &App) -> bool {
        playing(app)
            && match self {
                Place::Depth5 => depth(app) == DEPTH,
                Place::Hunt => !app.world().contains_resource::<Cleared>(),
            }
    }
}

/// Who picks the hero's actions.
#[derive(Clone, Copy, Debug)]
enum Player {
    Bot,
    /// Always `Action::Wait`: the world's own cost, no bot.
    Waiter,
    /// No action at all: `App::update` runs its schedules but no turn
    /// passes, the floor any turn pays.
    Idle,
    /// [`Player::Idle`] with every schedule on Bevy's multi-threaded
    /// executor, as the headless app ran before issue 21: the comparison.
    IdleOnThreads,
}

impl Player {
    fn choose(self, world: &mut World) -> Option<Action> {
        match self {
            Player::Bot => Some(bot::choose(world)),
            Player::Waiter => Some(Action::Wait),
            Player::Idle | Player::IdleOnThreads => None,
        }
    }

    /// Opens a game on `place` set up for this player.
    fn open(self, place: Place, seed: u64) -> App {
        let mut app = place.open(seed);
        if matches!(self, Player::IdleOnThreads) {
            let mut schedules = app.world_mut().resource_mut::<Schedules>();
            for (_, schedule) in schedules.iter_mut() {
                schedule.set_executor(bevy::ecs::schedule::MultiThreadedExecutor::new());
            }
        }
        app
    }
}

/// How long one turn took: choosing the action, then playing it; the nodes
/// the goblins' path searches expanded in it; and whether the hero left the
/// place in it (a level change is timed with it).
#[derive(Clone, Copy, Debug)]
struct TurnTimes {
    choose: Duration,
    update: Duration,
    searched: usize,
    left: bool,
}

impl TurnTimes {
    fn whole(&self) -> Duration {
        self.choose + self.update
    }
}

/// A game on one place, reopened on that place when the hero leaves it.
struct Scene {
    place: Place,
    seed: u64,
    app: App,
    reopened: usize,
}

impl Scene {
    fn new(place: Place, player: Player) -> Self {
        Self {
            place,
            seed: FIRST_SEED,
            app: player.open(place, FIRST_SEED),
            reopened: 0,
        }
    }

    /// Plays one timed turn; the upkeep around it is untimed.
    fn play(&mut self, player: Player) -> TurnTimes {
        keep_the_hero_going(self.app.world_mut());
        let start = Instant::now();
        let action = player.choose(self.app.world_mut());
        let chosen = Instant::now();
        match action {
            Some(action) => take_turn(&mut self.app, action),
            None => self.app.update(),
        }
        let mut times = TurnTimes {
            choose: chosen - start,
            update: chosen.elapsed(),
            searched: self.app.world().resource::<SearchCost>().total,
            left: false,
        };
        if !self.place.still_here(&self.app) {
            times.left = true;
            self.reopen(player);
        }
        times
    }

    fn reopen(&mut self, player: Player) {
        self.seed += 1;
        self.reopened += 1;
        self.app = player.open(self.place, self.seed);
    }
}

/// Every turn of one game played from its start.
struct Run {
    turns: Vec<TurnTimes>,
    reopened: usize,
}

/// Plays [`turns`] timed turns of a fresh game on `place`; returns them
/// with the final state's hash.
fn play_run(place: Place, player: Player) -> (Run, String) {
    let mut scene = Scene::new(place, player);
    let turns = (0..turns()).map(|_| scene.play(player)).collect();
    let hash = format!(
        "{} at turn {}",
        state_hash(scene.app.world_mut()),
        turn_count(&scene.app)
    );
    let run = Run {
        turns,
        reopened: scene.reopened,
    };
    (run, hash)
}

/// [`repeats`] runs of the same game, checked to end in the same state, so
/// turn `k` is the same work in each.
fn repeated_runs(place: Place, player: Player) -> Vec<Run> {
    let (first, hash) = play_run(place, player);
    let mut runs = vec![first];
    for _ in 1..repeats() {
        let (run, again) = play_run(place, player);
        assert_eq!(again, hash, "{place:?} {player:?}: the same game twice");
        runs.push(run);
    }
    runs
}

/// Each turn's fastest time over the identical runs: the turn's own cost,
/// with most of the machine's noise taken out.
fn fastest_per_turn(runs: &[Run]) -> Vec<TurnTimes> {
    (0..turns())
        .map(|k| {
            runs.iter()
                .map(|run| run.turns[k])
                .min_by_key(TurnTimes::whole)
                .expect("at least one run")
        })
        .collect()
}

/// All turns at their fastest: what the game costs with the noise taken out.
fn fastest_total(runs: &[Run]) -> Duration {
    fastest_per_turn(runs).iter().map(TurnTimes::whole).sum()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn per_second(turns: usize, spent: Duration) -> f64 {
    turns as f64 / spent.as_secs_f64()
}

/// The median, 99th percentile and maximum of some durations.
struct Spread {
    median: Duration,
    p99: Duration,
    max: Duration,
}

impl Spread {
    fn of(mut times: Vec<Duration>) -> Self {
        times.sort_unstable();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        Self {
            median: at(0.5),
            p99: at(0.99),
            max: at(1.0),
        }
    }

    fn row(&self, place: Place, part: &str, timing: &str) -> String {
        format!(
            "| {} | {part} | {timing} | {:.3} | {:.3} | {:.3} | {:.1}× |",
            place.name(),
            ms(self.median),
            ms(self.p99),
            ms(self.max),
            self.p99.as_secs_f64() / self.median.as_secs_f64(),
        )
    }
}

/// What one place's runs came to, as table rows.
struct Report {
    throughput: Vec<String>,
    spread: Vec<String>,
    note: String,
    place: Place,
    /// The bot's turns a second (fastest of the runs).
    bot_per_second: f64,
}

/// Reads one part of a turn's time.
type Part = fn(&TurnTimes) -> Duration;

/// The parts of a turn the spread table shows.
const PARTS: [(&str, Part); 3] = [
    ("whole turn", TurnTimes::whole),
    ("bot choose", |t| t.choose),
    ("update", |t| t.update),
];

fn spread_rows(place: Place, turns: &[TurnTimes], timing: &str) -> Vec<String> {
    PARTS
        .iter()
        .map(|(part, time)| Spread::of(turns.iter().map(time).collect()).row(place, part, timing))
        .collect()
}

fn throughput_row(place: Place, player: &str, runs: &[Run], baseline: Duration) -> String {
    total_row(place, player, fastest_total(runs), baseline)
}

/// A table row for [`turns`] updates that took `total` at their fastest.
fn total_row(place: Place, player: &str, total: Duration, baseline: Duration) -> String {
    format!(
        "| {} | {player} | {:.0} | {:.3} | {:.2}× |",
        place.name(),
        per_second(turns(), total),
        ms(total) / turns() as f64,
        total.as_secs_f64() / baseline.as_secs_f64(),
    )
}

/// What the bot's runs on `place` came to besides the tables.
fn note(place: Place, bot: &[Run]) -> String {
    let fastest = fastest_per_turn(bot);
    let choose: Duration = fastest.iter().map(|t| t.choose).sum();
    let slowest_staying = fastest
        .iter()
        .filter(|t| !t.left)
        .map(TurnTimes::whole)
        .max()
        .unwrap_or_default();
    let searched: usize = fastest.iter().map(|t| t.searched).sum();
    format!(
        "{}: {} creatures at the start; the bot's choose is {:.0}% of the bot's \
         turn time; the hero left and a fresh game was opened {} times per run; \
         the slowest turn that stayed on the level took {:.3} ms; \
         the goblins' path searches expanded {:.1} nodes a turn (all fastest of 5)",
        place.name(),
        creature_count(&mut place.open(FIRST_SEED)),
        100.0 * choose.as_secs_f64() / fastest_total(bot).as_secs_f64(),
        bot[0].reopened,
        ms(slowest_staying),
        searched as f64 / turns() as f64,
    )
}

/// The fastest of [`repeats`] runs of [`turns`] updates of a bare app
/// (`MinimalPlugins` and states, on one thread, no game): the least an
/// update can cost, which an idle game's update is measured against.
fn bare_app_updates() -> Duration {
    let mut fastest = vec![Duration::MAX; turns()];
    for _ in 0..repeats() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        gloomdelve::sim::run_on_one_thread(&mut app);
        app.update();
        for best in &mut fastest {
            let start = Instant::now();
            app.update();
            *best = (*best).min(start.elapsed());
        }
    }
    fastest.iter().sum()
}

fn measure(place: Place, bare: Duration) -> Report {
    let bot = repeated_runs(place, Player::Bot);
    let wait = repeated_runs(place, Player::Waiter);
    let idle = repeated_runs(place, Player::Idle);
    let idle_on_threads = repeated_runs(place, Player::IdleOnThreads);
    let baseline = fastest_total(&wait);
    let mut spread = spread_rows(place, &fastest_per_turn(&bot), "fastest of 5");
    spread.extend(spread_rows(place, &bot[0].turns, "first run"));
    let (idle, on_threads) = (fastest_total(&idle), fastest_total(&idle_on_threads));
    let idle_note = format!(
        "{}: an idle update costs {:.1}× a bare app's on one thread, {:.1}× on Bevy's \
         threads (one thread / threads = {:.2})",
        place.name(),
        idle.as_secs_f64() / bare.as_secs_f64(),
        on_threads.as_secs_f64() / bare.as_secs_f64(),
        idle.as_secs_f64() / on_threads.as_secs_f64(),
    );
    Report {
        throughput: vec![
            throughput_row(place, "bot", &bot, baseline),
            throughput_row(place, "wait", &wait, baseline),
            total_row(place, "idle update, no turn", idle, baseline),
            total_row(
                place,
                "idle update, on threads (before)",
                on_threads,
                baseline,
            ),
            total_row(place, "bare MinimalPlugins app (floor)", bare, baseline),
        ],
        spread,
        note: format!("{}\n{idle_note}", note(place, &bot)),
        place,
        bot_per_second: per_second(turns(), fastest_total(&bot)),
    }
}

fn print_table(header: &str, rows: impl Iterator<Item = String>) {
    let columns = header.matches('|').count() - 1;
    println!("\n{header}\n{}|", "|---".repeat(columns));
    rows.for_each(|row| println!("{row}"));
}

fn main() {
    let bare = bare_app_updates();
    let reports: Vec<Report> = Place::ALL
        .into_iter()
        .map(|place| measure(place, bare))
        .collect();
    print_table(
        "| world | player | updates/s | ms per turn (mean) | vs wait |",
        reports.iter().flat_map(|r| r.throughput.clone()),
    );
    print_table(
        "| world | part | timing | median (ms) | p99 (ms) | max (ms) | p99 / median |",
        reports.iter().flat_map(|r| r.spread.clone()),
    );
    println!();
    reports.iter().for_each(|r| println!("{}", r.note));
    println!("{}", bot_pace(&reports));
}

/// The hunt bot's turns a second next to the delve bot's, so a drift of
/// either shows in one line.
fn bot_pace(reports: &[Report]) -> String {
    let pace = |place: Place| {
        reports
            .iter()
            .find(|r| r.place as u8 == place as u8)
            .map_or(f64::NAN, |r| r.bot_per_second)
    };
    let (delve, hunt) = (pace(Place::Depth5), pace(Place::Hunt));
    format!(
        "bot turns a second: {} {delve:.0}, {} {hunt:.0} (hunt / delve = {:.2})",
        Place::Depth5.name(),
        Place::Hunt.name(),
        hunt / delve
    )
}
