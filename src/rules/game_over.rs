//! The end of a run: when a game has ended, the numbers it is judged by,
//! starting over after a death, and a fresh seed for the next game.

use crate::vocab::data::ScoreWeights;
use crate::vocab::streams::Stream;
use bevy::prelude::*;

use crate::vocab::components::{Health, Hero};
use crate::vocab::game::NewGame;
use crate::vocab::messages::StartOver;
use crate::vocab::resources::{Kills, Won};
use crate::vocab::states::Screen;

/// The rules side: clearing the old game and starting the next.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartOver>();
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

/// Whether the game in `world` has ended, or ends in this update: no hero
/// is in play, the hero is down (dead, or in the hunt fallen and not yet
/// up again), the Key is home, or the screen is on, or on its way to, the
/// death or the victory screen. Every save asks this one rule: an ended
/// game is never written, whatever the frame or the path.
pub(crate) fn game_has_ended(world: &mut World) -> bool {
    let hero_down = world
        .query_filtered::<&Health, With<Hero>>()
        .single(world)
        .map_or(true, |health| health.hp <= 0);
    hero_down || world.contains_resource::<Won>() || screen_ends_the_game(world)
}

/// Whether the screen shows, or is set to show next, the end of a game.
fn screen_ends_the_game(world: &World) -> bool {
    let ending = |screen: &Screen| matches!(screen, Screen::GameOver | Screen::Victory);
    let shown = world
        .get_resource::<State<Screen>>()
        .is_some_and(|state| ending(state.get()));
    let next = world
        .get_resource::<NextState<Screen>>()
        .is_some_and(|next| match next {
            NextState::Pending(screen) | NextState::PendingIfNeq(screen) => ending(screen),
            NextState::Unchanged => false,
        });
    shown || next
}

/// Wipes the finished game and starts a new one from a seed derived from the old.
fn start_over(world: &mut World) {
    wipe_game(world);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// Clears every trace of the game played, and picks the next seed.
pub(crate) fn wipe_game(world: &mut World) {
    crate::vocab::reset::clear_game(world);
    let mut new_game = world.resource_mut::<NewGame>();
    new_game.seed = next_seed(new_game.seed);
}

/// The seed of the game after the one of `seed`: a new one, drawn from
/// the old so that a sequence of games stays reproducible.
pub fn next_seed(seed: u64) -> u64 {
    Stream::NextSeed.seed(seed) % 1_000_000
}

/// Back on the title after a death or a victory, New Game offers a new
/// seed rather than the one just played.
fn offer_a_fresh_seed(mut new_game: ResMut<NewGame>) {
    new_game.seed = next_seed(new_game.seed);
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
    /// SPEC.md's score, by the `weights` of rules.ron (50 per level of
    /// the deepest depth, each kill's max HP, the coins' copper / 10, and
    /// 1000 for a victory).
    pub fn of(
        (turns, deepest): (u64, u32),
        kills: &Kills,
        copper: u32,
        won: bool,
        weights: &ScoreWeights,
    ) -> Self {
        let kill_points: i64 = kills.0.iter().map(|(_, hp)| i64::from(*hp)).sum();
        let score = weights.per_depth * i64::from(deepest)
            + weights.per_hp_killed * kill_points
            + i64::from(copper / weights.copper_per_point.max(1))
            + if won { weights.victory } else { 0 };
        Self {
            turns,
            deepest,
            kills: kills.0.len(),
            carried: 0,
            score: score.max(0) as u64,
        }
    }

    /// "Turns 412 - deepest level 3 - 14 kills - 5 items carried - score 312".
    pub fn line(&self) -> String {
        format!(
            "Turns {} - deepest level {} - {} - {} carried - score {}",
            self.turns,
            self.deepest,
            crate::vocab::text::count(self.kills, "kill"),
            crate::vocab::text::count(self.carried, "item"),
            self.score
        )
    }
}
