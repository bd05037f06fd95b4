//! The hero's death: a GameOver screen that names the cause, and Esc to
//! start a new game.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::rng::derive_seed;

use crate::NewGame;
use crate::combat::DeathCause;
use crate::creatures::{NextCreatureId, Occupancy, RulesRng};
use crate::fov::Sight;
use crate::log::GameLog;
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
        start_over.run_if(in_state(Screen::GameOver).and_eager(on_message::<StartOver>)),
    );
}

/// The screen side: the death notice, and Esc.
pub(super) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::GameOver), show_death);
    app.add_systems(Update, esc_starts_over.run_if(in_state(Screen::GameOver)));
}

/// Wipes the finished game and starts a new one from a seed derived from the old.
fn start_over(world: &mut World) {
    let things: Vec<Entity> = world
        .query_filtered::<Entity, With<GridPos>>()
        .iter(world)
        .collect();
    for entity in things {
        world.despawn(entity);
    }
    world.remove_resource::<Level>();
    world.remove_resource::<Sight>();
    world.remove_resource::<RulesRng>();
    world.insert_resource(TurnCount::default());
    world.insert_resource(GameLog::default());
    world.insert_resource(DeathCause::default());
    world.insert_resource(NextCreatureId::default());
    world.insert_resource(Occupancy::default());
    world.insert_resource(PendingAction::default());
    let mut new_game = world.resource_mut::<NewGame>();
    new_game.seed = derive_seed(new_game.seed, 0x5EED) % 1_000_000;
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

fn show_death(mut commands: Commands, cause: Res<DeathCause>, turn: Res<TurnCount>) {
    let cause = cause.0.clone().unwrap_or_else(|| "killed".to_string());
    let survived = format!("You lasted {} turns.", turn.0);
    commands.spawn((
        Name::new("Game over"),
        DespawnOnExit(Screen::GameOver),
        centred_column(16.0),
        // Opaque, so no sprite of the finished game shows through.
        BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
        GlobalZIndex(10),
        children![
            (
                Text::new(format!("You died - {cause}. Press Esc.")),
                TextFont::from_font_size(32.0),
                TextColor(Color::srgb(0.9, 0.3, 0.28)),
            ),
            (
                Text::new(survived),
                TextFont::from_font_size(20.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75))
            ),
        ],
    ));
}

fn esc_starts_over(mut keys: MessageReader<KeyboardInput>, mut start: MessageWriter<StartOver>) {
    let esc = keys
        .read()
        .any(|k| k.state == ButtonState::Pressed && !k.repeat && k.logical_key == Key::Escape);
    if esc {
        start.write(StartOver);
    }
}
