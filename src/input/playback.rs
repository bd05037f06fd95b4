//! Recordings in the window: `--record FILE` writes the seed and every
//! action of the game being played, and `--replay FILE` plays a recording
//! back on screen, step by step, then prints the state hash it ended in
//! (the same hash `gloomdelve sim --replay FILE` prints).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use crate::rules::hunt::Cleared;
use crate::save::start::GameBegun;
use crate::sim::Recording;
use crate::sim::replay::{Recorded, to_action};
use crate::vocab::components::Hero;
use crate::vocab::components::Pack;
use crate::vocab::game::NewGame;
use crate::vocab::intents::PendingAction;
use crate::vocab::log::GameLog;
use crate::vocab::resources::TurnCount;
use crate::vocab::states::Screen;
use crate::vocab::states::TurnPhase;

/// The start of the line printed when a replay has played its last action;
/// the turn count and the state hash follow.
pub const REPLAY_DONE_LINE: &str = "gloomdelve: replay finished";

/// The start of the line printed each time the recording is written.
pub const RECORDED_LINE: &str = "gloomdelve: recorded";

/// The time between two replayed actions.
pub(crate) const REPLAY_PACE: Duration = Duration::from_millis(60);

/// Where the window's game is recorded (`--record FILE`).
#[derive(Resource, Clone, Debug)]
pub struct RecordTo(pub PathBuf);

/// A recording being played back in the window (`--replay FILE`).
#[derive(Resource, Clone, Debug)]
pub struct Playback {
    actions: Vec<Recorded>,
    next: usize,
    last: Duration,
    finished: bool,
}

impl Playback {
    pub fn new(recording: &Recording) -> Self {
        Self {
            actions: recording.actions.clone(),
            next: 0,
            last: Duration::ZERO,
            finished: false,
        }
    }

    /// Whether actions are still to come: the keys do not act meanwhile.
    pub fn playing(&self) -> bool {
        !self.finished
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(restart_on_a_begun_game);
    app.add_systems(
        Update,
        play_next_action
            .before(TurnPhase::HeroActs)
            .run_if(in_state(Screen::Playing).and_eager(resource_exists::<Playback>)),
    );
    app.add_systems(
        Update,
        announce_the_end
            .after(TurnPhase::UpdateHud)
            .run_if(resource_exists::<Playback>.and_eager(not(in_state(Screen::Travelling)))),
    );
    app.add_systems(
        OnExit(Screen::Playing),
        write_recording.run_if(resource_exists::<RecordTo>),
    );
    app.add_systems(
        Last,
        write_recording.run_if(resource_exists::<RecordTo>.and_eager(
            on_message::<bevy::window::WindowCloseRequested>.or_eager(on_message::<AppExit>),
        )),
    );
}

/// Restarts the recording when a game begins (see [`restart_recording`]).
fn restart_on_a_begun_game(begun: On<GameBegun>, mut commands: Commands) {
    let new_game = begun.new_game;
    commands.queue(move |world: &mut World| restart_recording(world, new_game));
}

/// A new game starts a fresh recording; a continued game is not recorded
/// (its first turns are missing), so recording stops.
pub(crate) fn restart_recording(world: &mut World, new_game: bool) {
    if !world.contains_resource::<RecordTo>() {
        return;
    }
    if !new_game {
        world.remove_resource::<Recording>();
        warn!("a continued game is not recorded");
        return;
    }
    let (seed, mode) = {
        let game = world.resource::<NewGame>();
        (game.seed, game.mode)
    };
    world.insert_resource(Recording {
        seed,
        mode,
        actions: Vec::new(),
    });
}

/// Hands the next recorded action to the turn, one every [`REPLAY_PACE`],
/// and none while a cleared hunt world holds the hero still (the sim, with
/// no pause, never played one there).
fn play_next_action(
    mut playback: ResMut<Playback>,
    mut pending: ResMut<PendingAction>,
    time: Res<Time>,
    hero: Single<&Pack, With<Hero>>,
    (travel, cleared): (Res<crate::vocab::resources::Travel>, Option<Res<Cleared>>),
) {
    let due = time.elapsed() >= playback.last + REPLAY_PACE;
    if pending.0.is_some() || travel.0.is_some() || cleared.is_some() || !due {
        return;
    }
    let Some(&recorded) = playback.actions.get(playback.next) else {
        return;
    };
    playback.next += 1;
    playback.last = time.elapsed();
    pending.0 = Some(to_action(recorded, &hero));
}

/// Once the last action has been played, says so and prints the hash.
fn announce_the_end(world: &mut World) {
    let done = {
        let playback = world.resource::<Playback>();
        playback.playing()
            && playback.next >= playback.actions.len()
            && world.resource::<PendingAction>().0.is_none()
    };
    if !done {
        return;
    }
    world.resource_mut::<Playback>().finished = true;
    let turn = world.resource::<TurnCount>().0;
    let hash = crate::sim::state_hash(world);
    if let Some(mut log) = world.get_resource_mut::<GameLog>() {
        log.say(turn, "The replay is over. The keys are yours.");
    }
    eprintln!("{REPLAY_DONE_LINE} at turn {turn}, state hash {hash}");
}

/// Writes the recording so far, and prints how long it is and the state
/// hash a replay of it must reach.
fn write_recording(world: &mut World) {
    let Some(recording) = world.get_resource::<Recording>().cloned() else {
        return;
    };
    let path = world.resource::<RecordTo>().0.clone();
    let hash = crate::sim::state_hash(world);
    match recording.save(&path) {
        Ok(()) => eprintln!(
            "{RECORDED_LINE} {} actions to {}, state hash {hash}",
            recording.actions.len(),
            path.display()
        ),
        Err(message) => error!("{message}"),
    }
}
