//! Aiming: a cursor on the map that a scroll, a missile, the bow or a look
//! is aimed with. Arrows move it, `Enter` (or `Space`) plays the act at it
//! as the hero's turn, `Esc` cancels and keeps what was aimed.

use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyCode, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::Dir;

use crate::view::ui_state::{Aiming, ChosenAct};
use crate::vocab::resources::Level;
use crate::vocab::states::Overlay;

/// What a key does while aiming: move the cursor, fire, or cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AimCommand {
    Move(Dir),
    Fire,
    Cancel,
}

/// Aiming's keys: arrows, `Enter` (or `Space`) to fire, `Esc` to cancel.
pub(crate) fn aim_command(key_code: KeyCode) -> Option<AimCommand> {
    match key_code {
        KeyCode::ArrowUp => Some(AimCommand::Move(Dir::N)),
        KeyCode::ArrowDown => Some(AimCommand::Move(Dir::S)),
        KeyCode::ArrowLeft => Some(AimCommand::Move(Dir::W)),
        KeyCode::ArrowRight => Some(AimCommand::Move(Dir::E)),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => Some(AimCommand::Fire),
        KeyCode::Escape => Some(AimCommand::Cancel),
        _ => None,
    }
}

/// Opens the targeting cursor; the view moves it onto the nearest enemy.
pub(super) fn aim(commands: &mut Commands, next_overlay: &mut NextState<Overlay>, aiming: Aiming) {
    commands.insert_resource(aiming);
    next_overlay.set(Overlay::Targeting);
}

/// Aiming: arrows move the cursor, `Enter` plays what is aimed at it (a
/// scroll read, a throw, a shot: the hero's turn; a look takes none),
/// `Esc` cancels and keeps what was aimed.
pub(super) fn aim_keys(
    mut keys: MessageReader<KeyboardInput>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    aiming: Option<ResMut<Aiming>>,
    mut chosen: ResMut<ChosenAct>,
    level: Res<Level>,
) {
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    let (Overlay::Targeting, Some(mut aiming)) = (overlay.get(), aiming) else {
        presses.for_each(drop);
        return;
    };
    for key in presses {
        match aim_command(key.key_code) {
            Some(AimCommand::Move(dir)) => {
                // The cursor stays on the map.
                let next = aiming.cursor.step(dir);
                if level.terrain.tiles().in_bounds(next) {
                    aiming.cursor = next;
                }
            }
            Some(AimCommand::Fire) if !key.repeat => {
                chosen.0 = aiming.aim.at(aiming.cursor);
                next_overlay.set(Overlay::None);
                return;
            }
            Some(AimCommand::Cancel) => {
                chosen.0 = None;
                next_overlay.set(Overlay::None);
                return;
            }
            _ => {}
        }
    }
}
