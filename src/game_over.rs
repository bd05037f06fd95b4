//! The hero's death: a GameOver screen that names the cause, and Esc to
//! start a new game.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::rng::derive_seed;

use crate::NewGame;
use crate::combat::DeathCause;
use crate::combat::Kills;
use crate::creatures::{NextCreatureId, Occupancy, RulesRng};
use crate::fov::Sight;
use crate::items::{Item, Purse};
use crate::levels::{Dungeon, Travel};
use crate::log::GameLog;
use crate::map::Hero;
use crate::map::{GridPos, Level};
use crate::screens::{Screen, centred_column};
use crate::turn::{PendingAction, TurnCount};

/// Asks for a fresh game after a death.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartOver;

/// The rules side: clearing the old game and starting the next.
pub(super) fn rules_plugin(app: &mut App) {
    app.add_message::<StartOver>();
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
    app.add_systems(OnEnter(Screen::GameOver), show_death);
    app.add_systems(OnEnter(Screen::Victory), show_victory);
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
    new_game.seed = derive_seed(new_game.seed, 0x5EED) % 1_000_000;
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
    world.remove_resource::<crate::hunt::Spawns>();
}

/// The numbers a finished game is judged by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub turns: u64,
    pub deepest: u32,
    pub kills: usize,
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
            score: score.max(0) as u64,
        }
    }

    /// "Turns 412 - deepest level 3 - 14 kills - score 312".
    pub fn line(&self) -> String {
        format!(
            "Turns {} - deepest level {} - {} kills - score {}",
            self.turns, self.deepest, self.kills, self.score
        )
    }
}

fn tally(
    turn: &TurnCount,
    dungeon: Option<&Dungeon>,
    kills: &Kills,
    purse: Option<&Purse>,
    won: bool,
) -> Tally {
    let deepest = dungeon.map_or(0, |d| d.deepest);
    let copper = purse.map_or(0, |p| p.copper);
    Tally::of(turn.0, deepest, kills, copper, won)
}

fn show_victory(
    mut commands: Commands,
    turn: Res<TurnCount>,
    dungeon: Option<Res<Dungeon>>,
    kills: Res<Kills>,
    purse: Query<&Purse, With<Hero>>,
) {
    let tally = tally(&turn, dungeon.as_deref(), &kills, purse.iter().next(), true);
    spawn_end_screen(
        &mut commands,
        Screen::Victory,
        "You climb into the daylight with the Gold Key. You win! Press Esc.",
        Color::srgb(0.97, 0.86, 0.31),
        tally.line(),
    );
}

fn show_death(
    mut commands: Commands,
    cause: Res<DeathCause>,
    turn: Res<TurnCount>,
    dungeon: Option<Res<Dungeon>>,
    kills: Res<Kills>,
    purse: Query<&Purse, With<Hero>>,
) {
    let cause = cause.0.clone().unwrap_or_else(|| "killed".to_string());
    let tally = tally(
        &turn,
        dungeon.as_deref(),
        &kills,
        purse.iter().next(),
        false,
    );
    spawn_end_screen(
        &mut commands,
        Screen::GameOver,
        &format!("You died - {cause}. Press Esc."),
        Color::srgb(0.9, 0.3, 0.28),
        tally.line(),
    );
}

/// A full-window notice: a headline and the game's numbers.
fn spawn_end_screen(
    commands: &mut Commands,
    screen: Screen,
    headline: &str,
    colour: Color,
    numbers: String,
) {
    commands.spawn((
        Name::new(format!("{screen:?} screen")),
        DespawnOnExit(screen),
        centred_column(16.0),
        // Opaque, so no sprite of the finished game shows through.
        BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
        GlobalZIndex(10),
        children![
            (
                Text::new(headline),
                TextFont::from_font_size(32.0),
                TextColor(colour),
            ),
            (
                Text::new(numbers),
                TextFont::from_font_size(20.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75))
            ),
        ],
    ));
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
