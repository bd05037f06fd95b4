//! The headless simulator: the rules plugins with no window, played by a
//! simple bot, with the game's invariants checked after every turn. It
//! backs `gloomdelve sim` and the soak tests.

pub mod bot;
mod invariants;
mod newcomer;
pub mod replay;
pub mod waiter;

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde::Serialize;

use crate::GamePlugin;
use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::save::state::SaveGame;
use crate::vocab::components::{Creature, GridPos, Harmless};
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::intents::PendingAction;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{DeathCause, Kills};
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::Screen;
pub use invariants::{INVARIANTS_PER_TURN, Violation};
pub use replay::Recording;

/// What one simulated game came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub seed: u64,
    pub mode: Mode,
    pub turns: u64,
    pub depth: u32,
    pub deepest: u32,
    /// "alive", "won", or the cause of death.
    pub outcome: String,
    pub kills: BTreeMap<String, u32>,
    pub food_eaten: i64,
    pub digs: u64,
    /// The turn the hero first went below the surface; `None` if it never
    /// did (or went down before a load this app did not see).
    pub first_descent_turn: Option<u64>,
    /// The turn a creature that fights back first came into view.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_foe_turn: Option<u64>,
    pub invariant_checks: u64,
    /// A hash of the game state at the end: see [`state_hash`].
    pub state_hash: String,
    /// For the newcomer's games ([`run_newcomer`]): each level visited,
    /// by depth, and how many times explore or travel stopped there for a
    /// creature. The bot never walks, so its games leave this out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explore_stops: Option<BTreeMap<u32, u32>>,
    /// The living fungi (creatures that spread) on the hero's level at
    /// the end.
    pub fungi: usize,
    /// The turns on which the hero's level held as many fungi as the
    /// rules' bound (`fungi_per_level`), the safety net that stops any
    /// more spreading.
    pub turns_at_fungus_bound: u64,
}

/// The sums over many games: outcomes, depths, starvation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Totals {
    pub games: usize,
    pub outcomes: BTreeMap<String, usize>,
    /// How many games reached each deepest level.
    pub deepest: BTreeMap<u32, usize>,
    /// How many games ended in death on each level.
    pub deaths_by_depth: BTreeMap<u32, usize>,
    pub average_turns: f64,
    pub won: usize,
    pub starved: usize,
    pub kills: BTreeMap<String, u32>,
    /// The median and the latest of the games' first descents (over the
    /// games that went down), and how many games never left the surface.
    pub median_first_descent: Option<u64>,
    pub latest_first_descent: Option<u64>,
    pub never_descended: usize,
    /// The median turn a foe first came into view, over the games that
    /// met one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median_first_foe: Option<u64>,
    /// For the newcomer's games: on each level, the median of the stops
    /// for a creature over the games that visited it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub median_explore_stops: BTreeMap<u32, u32>,
}

impl Totals {
    pub fn of(reports: &[Report]) -> Self {
        let mut totals = Totals {
            games: reports.len(),
            outcomes: BTreeMap::new(),
            deepest: BTreeMap::new(),
            deaths_by_depth: BTreeMap::new(),
            average_turns: 0.0,
            won: 0,
            starved: 0,
            kills: BTreeMap::new(),
            median_first_descent: None,
            latest_first_descent: None,
            never_descended: 0,
            median_first_foe: None,
            median_explore_stops: BTreeMap::new(),
        };
        for r in reports {
            *totals.outcomes.entry(r.outcome.clone()).or_insert(0) += 1;
            *totals.deepest.entry(r.deepest).or_insert(0) += 1;
            totals.starved += usize::from(r.outcome == "starved");
            totals.won += usize::from(r.outcome == "won");
            if r.outcome != "won" && r.outcome != "alive" {
                *totals.deaths_by_depth.entry(r.depth).or_insert(0) += 1;
            }
            for (kind, n) in &r.kills {
                *totals.kills.entry(kind.clone()).or_insert(0) += n;
            }
        }
        let turns: u64 = reports.iter().map(|r| r.turns).sum();
        totals.average_turns = turns as f64 / reports.len().max(1) as f64;
        let mut descents: Vec<u64> = reports
            .iter()
            .filter_map(|r| r.first_descent_turn)
            .collect();
        descents.sort_unstable();
        totals.median_first_descent = median(&descents);
        totals.latest_first_descent = descents.last().copied();
        totals.never_descended = reports.len() - descents.len();
        let mut first_foes: Vec<u64> = reports.iter().filter_map(|r| r.first_foe_turn).collect();
        first_foes.sort_unstable();
        totals.median_first_foe = median(&first_foes);
        totals.median_explore_stops = median_stops_by_level(reports);
        totals
    }
}

/// On each level the newcomer's games visited, the median of their stops
/// for a creature there.
fn median_stops_by_level(reports: &[Report]) -> BTreeMap<u32, u32> {
    let mut by_level: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for stops in reports.iter().filter_map(|r| r.explore_stops.as_ref()) {
        for (&depth, &n) in stops {
            by_level.entry(depth).or_default().push(u64::from(n));
        }
    }
    by_level
        .into_iter()
        .filter_map(|(depth, mut counts)| {
            counts.sort_unstable();
            median(&counts).map(|m| (depth, m as u32))
        })
        .collect()
}

/// The middle of sorted `values` (the lower middle of an even count).
fn median(sorted: &[u64]) -> Option<u64> {
    sorted.get(sorted.len().saturating_sub(1) / 2).copied()
}

/// A headless app playing `new_game`, its schedules on one thread.
pub fn headless_app(new_game: NewGame) -> App {
    headless_app_with(new_game, |_| {})
}

/// [`headless_app`] with whatever `extra` adds before the game starts.
fn headless_app_with(new_game: NewGame, extra: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(GamePlugin { new_game });
    extra(&mut app);
    run_on_one_thread(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app
}

/// Runs every schedule of `app` on the calling thread. A turn's systems
/// are small, so handing them to other threads costs more than it saves,
/// most of all on a machine whose cores are busy with other work.
pub fn run_on_one_thread(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
}

/// Plays `turns` turns with the bot, checking the invariants after each.
pub fn run(new_game: NewGame, turns: u64) -> Result<Report, Violation> {
    bot_game(new_game, turns, false).map(|(_, report)| report)
}

/// Plays `turns` turns as a newcomer does with the keys (`x`, `>`, a
/// bump, food, a potion: see `newcomer.rs`), counting on each level how
/// often explore and travel stop for a creature.
pub fn run_newcomer(new_game: NewGame, turns: u64) -> Result<Report, Violation> {
    let (seed, mode) = (new_game.seed, new_game.mode);
    let mut app = headless_app_with(new_game, |app| {
        app.insert_resource(WalkStops(BTreeMap::new()));
    });
    let mut checks = 0;
    while app.world().resource::<TurnCount>().0 < turns && still_playing(&app) {
        let before = app.world().resource::<TurnCount>().0;
        match newcomer::choose(app.world_mut()) {
            newcomer::Move::Act(action) => {
                step(&mut app, action, |_| {
                    Some(crate::vocab::intents::Action::Wait)
                });
            }
            newcomer::Move::Walk(goal) => newcomer::walk(&mut app, goal),
        }
        // A walk that stopped before its first step: the bot's move, or a
        // wait, so the game goes on.
        if app.world().resource::<TurnCount>().0 == before && still_playing(&app) {
            let action = bot::choose(app.world_mut());
            step(&mut app, action, |_| {
                Some(crate::vocab::intents::Action::Wait)
            });
        }
        checks += invariants::check(app.world_mut(), seed)?;
    }
    checks += finish(&mut app, seed)?;
    Ok(report(app.world_mut(), seed, mode, checks))
}

/// Plays `turns` turns with a hero that goes down to level 2 as the bot
/// does and then only waits there, kept fed and whole by the sim (see
/// `waiter.rs`): its report's `fungi` shows how a level's fungi grow.
pub fn run_waiter(new_game: NewGame, turns: u64) -> Result<Report, Violation> {
    let (seed, mode) = (new_game.seed, new_game.mode);
    let mut app = headless_app(new_game);
    let mut checks = 0;
    while app.world().resource::<TurnCount>().0 < turns && still_playing(&app) {
        waiter::keep_alive(app.world_mut());
        let action = waiter::choose(app.world_mut());
        step(&mut app, action, |_| {
            Some(crate::vocab::intents::Action::Wait)
        });
        checks += invariants::check(app.world_mut(), seed)?;
    }
    checks += finish(&mut app, seed)?;
    Ok(report(app.world_mut(), seed, mode, checks))
}

/// Plays the bot's game like [`run`] in an app that `extra` adds to
/// first (the presentation's systems, say), and returns the app as the
/// game left it with its report: the state hash shows whether the
/// additions changed the game.
pub fn run_beside(
    new_game: NewGame,
    turns: u64,
    extra: impl FnOnce(&mut App),
) -> Result<(App, Report), Violation> {
    let seed = new_game.seed;
    let mode = new_game.mode;
    let mut app = headless_app_with(new_game, extra);
    let checks = play_until(&mut app, seed, turns)?;
    let report = report(app.world_mut(), seed, mode, checks);
    Ok((app, report))
}

/// Plays the bot's game like [`run`], and returns it as a recording too.
pub fn run_recorded(new_game: NewGame, turns: u64) -> Result<(Report, Recording), Violation> {
    let (app, report) = bot_game(new_game, turns, true)?;
    let recording = app.world().resource::<Recording>().clone();
    Ok((report, recording))
}

/// What [`run_and_capture`] keeps of a bot's game.
#[derive(Clone, Debug)]
pub struct Captured {
    pub report: Report,
    /// Every action, when a recording was asked for.
    pub recording: Option<Recording>,
    /// The game as it stands after its last turn, for a save; `None` when
    /// it ended (a death or a win), which leaves no game to continue.
    pub save: Option<SaveGame>,
}

/// Plays the bot's game like [`run`] (recording it like [`run_recorded`]
/// when `record`), and keeps the game as it stands at the end.
pub fn run_and_capture(new_game: NewGame, turns: u64, record: bool) -> Result<Captured, Violation> {
    let (mut app, report) = bot_game(new_game, turns, record)?;
    let recording = app.world().get_resource::<Recording>().cloned();
    let save = if !crate::rules::game_over::game_has_ended(app.world_mut()) {
        crate::save::state::capture(app.world_mut())
    } else {
        None
    };
    Ok(Captured {
        report,
        recording,
        save,
    })
}

/// Plays `turns` turns with the bot, recording the actions when `record`;
/// returns the app as the game left it, and its report.
fn bot_game(new_game: NewGame, turns: u64, record: bool) -> Result<(App, Report), Violation> {
    let (seed, mode) = (new_game.seed, new_game.mode);
    run_beside(new_game, turns, |app| {
        if record {
            app.insert_resource(Recording {
                seed,
                mode,
                actions: Vec::new(),
            });
        }
    })
}

/// Plays a recording back on `new_game`'s data (its seed and mode come
/// from the recording), step for step as [`run`] played it, so the report
/// is the recorded game's, field for field.
pub fn replay(mut new_game: NewGame, recording: &Recording) -> Result<Report, Violation> {
    new_game.seed = recording.seed;
    new_game.mode = recording.mode;
    let (seed, mode) = (new_game.seed, new_game.mode);
    let mut app = headless_app(new_game);
    let mut actions = recording.actions.iter().copied();
    let mut checks = 0;
    while still_playing(&app) {
        let Some(first) = actions.next() else {
            break;
        };
        let first = recorded_action(app.world_mut(), first);
        // The wait `run` played after a refused action is recorded next.
        step(&mut app, first, |app| {
            actions
                .next()
                .map(|then| recorded_action(app.world_mut(), then))
        });
        checks += invariants::check(app.world_mut(), seed)?;
    }
    checks += finish(&mut app, seed)?;
    Ok(report(app.world_mut(), seed, mode, checks))
}

/// The action a recorded one stands for, with the hero's pack as it is now.
fn recorded_action(world: &mut World, recorded: replay::Recorded) -> crate::vocab::intents::Action {
    let pack = world
        .query_filtered::<&crate::vocab::components::Pack, With<crate::vocab::components::Hero>>()
        .single(world)
        .ok()
        .cloned()
        .unwrap_or_default();
    replay::to_action(recorded, &pack)
}

/// Like [`run`], but at turn `load_at` the game is saved and continued in
/// a fresh app, as Quit and Continue would do it.
pub fn run_with_a_load(new_game: NewGame, turns: u64, load_at: u64) -> Result<Report, Violation> {
    run_with_a_load_on(new_game.clone(), new_game, turns, load_at)
}

/// Like [`run_with_a_load`], but the game is continued on `then`'s data
/// files and rules: a save made before the data changed, loaded after.
pub fn run_with_a_load_on(
    new_game: NewGame,
    then: NewGame,
    turns: u64,
    load_at: u64,
) -> Result<Report, Violation> {
    let (seed, mode) = (new_game.seed, new_game.mode);
    let mut first = headless_app(new_game);
    let mut checks = play_until(&mut first, seed, load_at)?;
    let Some(save) = crate::save::state::capture(first.world_mut()) else {
        return Ok(report(first.world_mut(), seed, mode, checks));
    };
    let mut second = continued(then, save);
    checks += play_until(&mut second, seed, turns)?;
    Ok(report(second.world_mut(), seed, mode, checks))
}

/// Continues `save` (a `sim --save` file, say) on `new_game`'s data, its
/// seed and mode taken from the save, and plays on with the bot like
/// [`run`] until turn `turns` or the game's end.
pub fn run_from_save(
    mut new_game: NewGame,
    save: SaveGame,
    turns: u64,
) -> Result<Report, Violation> {
    new_game.seed = save.seed;
    new_game.mode = save.mode;
    let (seed, mode) = (new_game.seed, new_game.mode);
    let mut app = continued(new_game, save);
    let checks = play_until(&mut app, seed, turns)?;
    Ok(report(app.world_mut(), seed, mode, checks))
}

/// A headless app on `new_game`'s data that has loaded `save` and entered
/// play, as Continue does.
fn continued(new_game: NewGame, save: SaveGame) -> App {
    let mut app = headless_app(new_game);
    crate::save::state::restore(app.world_mut(), save);
    // The new game's surface was seen, not the loaded game's.
    app.insert_resource(SimStats::default());
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app
}

/// Lets the bot play until turn `turns` or the game's end; returns how
/// many invariant checks ran.
fn play_until(app: &mut App, seed: u64, turns: u64) -> Result<u64, Violation> {
    let mut checks = 0;
    while app.world().resource::<TurnCount>().0 < turns && still_playing(app) {
        let action = bot::choose(app.world_mut());
        // A refused action (no turn) is followed by a wait: the world goes on.
        step(app, action, |_| Some(crate::vocab::intents::Action::Wait));
        checks += invariants::check(app.world_mut(), seed)?;
    }
    Ok(checks + finish(app, seed)?)
}

/// Plays `first`, and when it took no turn the action `then` gives, letting
/// the world settle after each.
fn step(
    app: &mut App,
    first: crate::vocab::intents::Action,
    then: impl FnOnce(&mut App) -> Option<crate::vocab::intents::Action>,
) {
    let before = app.world().resource::<TurnCount>().0;
    act(app, first);
    if app.world().resource::<TurnCount>().0 == before
        && let Some(second) = then(app)
    {
        act(app, second);
    }
}

/// Hands the hero `action` and runs the frame it takes.
fn act(app: &mut App, action: crate::vocab::intents::Action) {
    app.world_mut().resource_mut::<PendingAction>().0 = Some(action);
    app.update();
    settle(app);
}

/// Ends a game whose last action ended it (a death, a win): the screen
/// change it asked for happens, and the invariants are checked once more.
/// Nothing happens to a game still going.
fn finish(app: &mut App, seed: u64) -> Result<u64, Violation> {
    if !ending(app) {
        return Ok(0);
    }
    app.update();
    invariants::check(app.world_mut(), seed)
}

fn playing(app: &App) -> bool {
    *app.world().resource::<State<Screen>>().get() == Screen::Playing
}

/// Whether the game has asked to leave the playing screen (to the game
/// over or victory screen), which happens in the next frame.
fn ending(app: &App) -> bool {
    !matches!(
        app.world().resource::<NextState<Screen>>(),
        NextState::Unchanged
    )
}

/// Whether the hero may still act: playing, and no end asked for.
fn still_playing(app: &App) -> bool {
    playing(app) && !ending(app)
}

/// Lets a change of level or screen finish.
fn settle(app: &mut App) {
    for _ in 0..3 {
        if playing(app)
            && app
                .world()
                .resource::<crate::vocab::resources::Travel>()
                .0
                .is_none()
        {
            break;
        }
        app.update();
    }
}

fn report(world: &mut World, seed: u64, mode: Mode, checks: u64) -> Report {
    let dungeon = world.get_resource::<Dungeon>().cloned().unwrap_or_default();
    let screen = *world.resource::<State<Screen>>().get();
    let outcome = match screen {
        Screen::Victory => "won".to_string(),
        Screen::GameOver => world
            .resource::<DeathCause>()
            .0
            .clone()
            .unwrap_or_else(|| "killed".to_string()),
        _ => "alive".to_string(),
    };
    let mut kills = BTreeMap::new();
    for (name, _) in &world.resource::<Kills>().0 {
        *kills.entry(name.clone()).or_insert(0) += 1;
    }
    let stats = *world.resource::<SimStats>();
    Report {
        seed,
        mode,
        turns: world.resource::<TurnCount>().0,
        depth: dungeon.depth,
        deepest: dungeon.deepest,
        outcome,
        kills,
        food_eaten: stats.food_eaten,
        digs: stats.digs,
        first_descent_turn: stats.first_descent_turn,
        first_foe_turn: stats.first_foe_turn,
        invariant_checks: checks,
        state_hash: state_hash(world),
        explore_stops: world.get_resource::<WalkStops>().map(|s| s.0.clone()),
        fungi: living_fungi(world),
        turns_at_fungus_bound: stats.turns_at_fungus_bound,
    }
}

/// The living creatures that spread on the level the hero is on (a level
/// left behind keeps its creatures out of the world).
fn living_fungi(world: &mut World) -> usize {
    let mut fungi = world.query::<(&Spreading, &crate::vocab::components::Health)>();
    count_living(fungi.iter(world))
}

/// How many of `fungi` are alive.
fn count_living<'a>(
    fungi: impl Iterator<Item = (&'a Spreading, &'a crate::vocab::components::Health)>,
) -> usize {
    fungi.filter(|(_, h)| h.hp > 0).count()
}

/// FNV-1a of the whole saved state but the message log, as hex. The log
/// is left out because the window adds lines of its own (why a walk
/// stopped, where a screenshot went) that change nothing in the game.
pub fn state_hash(world: &mut World) -> String {
    let text = crate::save::state::capture(world)
        .map(|save| crate::save::state::SaveGame {
            log: Vec::new(),
            ..save
        })
        .and_then(|save| ron::to_string(&save).ok())
        .unwrap_or_default();
    format!(
        "{:016x}",
        gloomdelve_core::persist::fnv1a64(text.as_bytes())
    )
}

/// Counters the reports need: food eaten, walls dug, the first descent.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SimStats {
    pub food_eaten: i64,
    pub digs: u64,
    pub first_descent_turn: Option<u64>,
    pub first_foe_turn: Option<u64>,
    /// Whether this app saw the game on the surface before any descent: a
    /// game loaded below it has no first descent to report.
    pub surface_seen: bool,
    /// See [`Report::turns_at_fungus_bound`].
    pub turns_at_fungus_bound: u64,
}

/// On each level visited, by depth, the walks that stopped for a
/// creature; present only in the newcomer's games.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
struct WalkStops(BTreeMap<u32, u32>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SimStats>();
    app.add_systems(
        Update,
        (note_the_level, count_walk_stops)
            .chain()
            .run_if(resource_exists::<WalkStops>.and_eager(resource_exists::<Dungeon>)),
    );
    app.add_plugins(replay::plugin);
    app.add_systems(
        Update,
        count_digs.run_if(on_message::<crate::vocab::messages::HeroDug>),
    );
    app.add_systems(
        Update,
        count_food
            .after(crate::vocab::states::TurnPhase::HeroActs)
            .run_if(on_message::<crate::vocab::messages::HeroAte>),
    );
    app.add_systems(
        Update,
        note_first_descent.run_if(resource_exists_and_changed::<Dungeon>),
    );
    app.add_systems(
        Update,
        count_turns_at_fungus_bound.run_if(resource_changed::<TurnCount>),
    );
    app.add_systems(
        Update,
        note_first_foe.run_if(
            resource_exists_and_changed::<Sight>
                .and_eager(|stats: Res<SimStats>| stats.first_foe_turn.is_none()),
        ),
    );
}

/// Notes the turn a creature that fights back (not a harmless one) first
/// stands in view.
fn note_first_foe(
    sight: Res<Sight>,
    turn: Res<crate::vocab::resources::TurnCount>,
    foes: Query<&GridPos, (With<Creature>, Without<Harmless>)>,
    mut stats: ResMut<SimStats>,
) {
    if foes.iter().any(|at| sight.seen(at.0) == Seen::Visible) {
        stats.first_foe_turn = Some(turn.0);
    }
}

/// Notes the turn the hero arrived below the surface, the first time this
/// app sees it leave the surface (not a game loaded already below it).
fn note_first_descent(dungeon: Res<Dungeon>, mut stats: ResMut<SimStats>) {
    if dungeon.depth == 0 && dungeon.deepest == 0 {
        stats.surface_seen = true;
    } else if stats.surface_seen && stats.first_descent_turn.is_none() && dungeon.depth > 0 {
        stats.first_descent_turn = Some(dungeon.arrived);
    }
}

/// Every level the newcomer visits is in its counts, stops or none.
fn note_the_level(dungeon: Res<Dungeon>, mut stops: ResMut<WalkStops>) {
    stops.0.entry(dungeon.depth).or_insert(0);
}

fn count_walk_stops(
    mut stopped: MessageReader<crate::vocab::messages::WalkStopped>,
    dungeon: Res<Dungeon>,
    mut stops: ResMut<WalkStops>,
) {
    let for_creatures = stopped.read().filter(|s| s.for_a_creature).count() as u32;
    *stops.0.entry(dungeon.depth).or_insert(0) += for_creatures;
}

/// Counts a turn on which the level's fungi stand at the rules' bound.
fn count_turns_at_fungus_bound(
    new_game: Res<NewGame>,
    fungi: Query<(&Spreading, &crate::vocab::components::Health)>,
    mut stats: ResMut<SimStats>,
) {
    if count_living(fungi.iter()) >= new_game.rules.fungi_per_level {
        stats.turns_at_fungus_bound += 1;
    }
}

fn count_food(
    mut ate: MessageReader<crate::vocab::messages::HeroAte>,
    mut stats: ResMut<SimStats>,
) {
    stats.food_eaten += ate.read().map(|meal| i64::from(meal.food)).sum::<i64>();
}

fn count_digs(
    mut dug: MessageReader<crate::vocab::messages::HeroDug>,
    mut stats: ResMut<SimStats>,
) {
    stats.digs += dug.read().count() as u64;
}
