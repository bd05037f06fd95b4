//! The hero's death: a GameOver screen that names the cause, and Esc back
//! to the title, which then offers a new seed.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::rng::derive_seed;

use crate::NewGame;
use crate::combat::DeathCause;
use crate::combat::Kills;
use crate::creatures::{NextCreatureId, Occupancy, RulesRng};
use crate::fov::Sight;
use crate::items::{Item, Pack, Purse};
use crate::levels::{Dungeon, Travel};
use crate::log::GameLog;
use crate::map::Hero;
use crate::map::{GridPos, Level};
use crate::save::DataDir;
use crate::screens::{Screen, centred_column, text_block};
use crate::turn::{PendingAction, TurnCount};
use gloomdelve_core::scores::{Score, Table};

/// Asks for a fresh game after a death.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartOver;

/// The rules side: clearing the old game and starting the next.
pub(super) fn rules_plugin(app: &mut App) {
    app.add_message::<StartOver>();
    app.add_systems(OnEnter(Screen::GameOver), record_the_score);
    app.add_systems(OnEnter(Screen::Victory), record_the_score);
    for finished in [Screen::GameOver, Screen::Victory] {
        app.add_systems(
            OnTransition {
                exited: finished,
                entered: Screen::Title,
            },
            offer_a_fresh_seed,
        );
    }
    app.add_systems(
        Update,
        start_over.run_if(
            in_state(Screen::GameOver)
                .or_eager(in_state(Screen::Victory))
                .and_eager(on_message::<StartOver>),
        ),
    );
}

/// The screen side: the death notice, and Esc.
pub(super) fn screen_plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::GameOver),
        show_death.after(record_the_score),
    );
    app.add_systems(
        OnEnter(Screen::Victory),
        show_victory.after(record_the_score),
    );
    app.add_systems(
        Update,
        esc_to_the_title.run_if(in_state(Screen::GameOver).or_eager(in_state(Screen::Victory))),
    );
}

/// Wipes the finished game and starts a new one from a seed derived from the old.
fn start_over(world: &mut World) {
    wipe_game(world);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// Clears every trace of the game played, and picks the next seed.
pub fn wipe_game(world: &mut World) {
    clear_game(world);
    let mut new_game = world.resource_mut::<NewGame>();
    new_game.seed = next_seed(new_game.seed);
}

/// The seed of the game after the one of `seed`: a new one, drawn from
/// the old so that a sequence of games stays reproducible.
pub fn next_seed(seed: u64) -> u64 {
    derive_seed(seed, 0x5EED) % 1_000_000
}

/// Back on the title after a death or a victory, New Game offers a new
/// seed rather than the one just played.
fn offer_a_fresh_seed(mut new_game: ResMut<NewGame>) {
    new_game.seed = next_seed(new_game.seed);
}

/// Despawns the game's entities and resets its state to "no game yet".
pub fn clear_game(world: &mut World) {
    let things: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<GridPos>, With<Item>)>>()
        .iter(world)
        .collect();
    for entity in things {
        world.despawn(entity);
    }
    world.remove_resource::<Level>();
    world.remove_resource::<Sight>();
    world.remove_resource::<RulesRng>();
    world.remove_resource::<Dungeon>();
    world.insert_resource(Travel::default());
    world.insert_resource(Kills::default());
    world.insert_resource(TurnCount::default());
    world.insert_resource(GameLog::default());
    world.insert_resource(DeathCause::default());
    world.insert_resource(NextCreatureId::default());
    world.insert_resource(Occupancy::default());
    world.insert_resource(PendingAction::default());
    world.remove_resource::<crate::hunt::Roster>();
    // What belonged to the finished game: its victory, its walk, its pause.
    world.remove_resource::<crate::levels::Won>();
    world.remove_resource::<crate::explore::Walking>();
    world.remove_resource::<crate::hunt::Cleared>();
    world.remove_resource::<crate::save::SaveSoon>();
    world.insert_resource(crate::explore::KnownMonsters::default());
    world.remove_resource::<crate::hunt::Spawns>();
}

/// The numbers a finished game is judged by.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tally {
    pub turns: u64,
    pub deepest: u32,
    pub kills: usize,
    /// Items in the pack at the end.
    pub carried: usize,
    pub score: u64,
}

impl Tally {
    /// SPEC.md's score: 50 per level of the deepest depth, each kill's max
    /// HP, the coins' copper / 10, and 1000 for a victory.
    pub fn of(turns: u64, deepest: u32, kills: &Kills, copper: u32, won: bool) -> Self {
        let kill_points: i64 = kills.0.iter().map(|(_, hp)| i64::from(*hp)).sum();
        let score = 50 * i64::from(deepest)
            + kill_points
            + i64::from(copper / 10)
            + if won { 1000 } else { 0 };
        Self {
            turns,
            deepest,
            kills: kills.0.len(),
            carried: 0,
            score: score.max(0) as u64,
        }
    }

    /// "Turns 412 - deepest level 3 - 14 kills - 5 items - score 312".
    pub fn line(&self) -> String {
        format!(
            "Turns {} - deepest level {} - {} - {} carried - score {}",
            self.turns,
            self.deepest,
            crate::text::count(self.kills, "kill"),
            crate::text::count(self.carried, "item"),
            self.score
        )
    }
}

/// The high scores, with this run's place in them.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranking {
    pub tally: Tally,
    pub table: Table,
    /// This run's 0-based rank, if it made the table.
    pub rank: Option<usize>,
    /// A problem with the scores file, naming it.
    pub note: Option<String>,
}

/// The scores file's name in the data folder.
pub const SCORES_FILE: &str = "scores.ron";

/// Records a finished run in the high-score table (saved atomically).
fn record_the_score(world: &mut World) {
    let won = world.contains_resource::<crate::levels::Won>();
    let tally = world_tally(world, won);
    let cause = if won {
        "won".to_string()
    } else {
        world
            .resource::<DeathCause>()
            .0
            .clone()
            .unwrap_or_else(|| "killed".to_string())
    };
    let score = Score {
        score: tally.score,
        turns: tally.turns,
        deepest: tally.deepest,
        kills: tally.kills as u32,
        cause,
        seed: world.resource::<NewGame>().seed,
        won,
    };
    let mut ranking = match world
        .get_resource::<DataDir>()
        .map(|d| d.0.join(SCORES_FILE))
    {
        Some(path) => rank_and_save(&path, score),
        None => {
            let mut table = Table::default();
            let rank = table.insert(score);
            Ranking {
                table,
                rank,
                ..default()
            }
        }
    };
    ranking.tally = tally;
    world.insert_resource(ranking);
}

fn rank_and_save(path: &std::path::Path, score: Score) -> Ranking {
    let (mut table, mut note) = Table::load(path);
    let rank = table.insert(score);
    if let Err(e) = table.save(path) {
        note = Some(format!(
            "cannot save the high scores to {}: {e}",
            path.display()
        ));
    }
    Ranking {
        table,
        rank,
        note,
        ..default()
    }
}

/// The numbers of the game in the world.
fn world_tally(world: &mut World, won: bool) -> Tally {
    let (copper, carried) = world
        .query_filtered::<(&Purse, &Pack), With<Hero>>()
        .iter(world)
        .next()
        .map_or((0, 0), |(purse, pack)| (purse.copper, pack.0.len()));
    let deepest = world.get_resource::<Dungeon>().map_or(0, |d| d.deepest);
    let turns = world.resource::<TurnCount>().0;
    let mut tally = Tally::of(turns, deepest, world.resource::<Kills>(), copper, won);
    tally.carried = carried;
    tally
}

/// The table's lines, this run's marked.
fn ranking_lines(ranking: &Ranking) -> Vec<String> {
    let mut lines = vec!["High scores".to_string()];
    lines.extend(ranking.table.entries.iter().enumerate().map(|(i, s)| {
        let mark = if ranking.rank == Some(i) { ">" } else { " " };
        format!(
            "{mark} {:>2}. {:>6}   level {:>2}   {:>5} turns   {}",
            i + 1,
            s.score,
            s.deepest,
            s.turns,
            s.cause
        )
    }));
    if ranking.rank.is_none() {
        lines.push("This run did not make the table.".to_string());
    }
    lines.extend(ranking.note.clone());
    lines
}

fn show_victory(mut commands: Commands, ranking: Res<Ranking>) {
    spawn_end_screen(
        &mut commands,
        Screen::Victory,
        "You climb into the daylight with the Gold Key. You win!",
        Color::srgb(0.97, 0.86, 0.31),
        &ranking,
    );
}

fn show_death(mut commands: Commands, cause: Res<DeathCause>, ranking: Res<Ranking>) {
    let cause = cause.0.clone().unwrap_or_else(|| "killed".to_string());
    spawn_end_screen(
        &mut commands,
        Screen::GameOver,
        &format!("You died - {cause}."),
        Color::srgb(0.9, 0.3, 0.28),
        &ranking,
    );
}

/// A full-window notice: the headline, the run's numbers, the high
/// scores with this run marked, and how to go on.
fn spawn_end_screen(
    commands: &mut Commands,
    screen: Screen,
    headline: &str,
    colour: Color,
    ranking: &Ranking,
) {
    let grey = Color::srgb(0.7, 0.7, 0.75);
    let root = commands
        .spawn((
            Name::new(format!("{screen:?} screen")),
            DespawnOnExit(screen),
            centred_column(10.0),
            // Opaque, so no sprite of the finished game shows through.
            BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
            GlobalZIndex(10),
        ))
        .id();
    let mut lines = vec![(headline.to_string(), 32.0, colour)];
    lines.push((ranking.tally.line(), 20.0, grey));
    lines.extend(ranking_lines(ranking).into_iter().map(|l| (l, 17.0, grey)));
    lines.push(("Esc: back to the title".to_string(), 16.0, grey));
    let block = text_block(commands, lines, AlignItems::Center);
    commands.entity(root).add_child(block);
}

/// Esc on the death or victory screen returns to the title.
fn esc_to_the_title(mut keys: MessageReader<KeyboardInput>, mut next: ResMut<NextState<Screen>>) {
    let esc = keys
        .read()
        .any(|k| k.state == ButtonState::Pressed && !k.repeat && k.logical_key == Key::Escape);
    if esc {
        next.set(Screen::Title);
    }
}
