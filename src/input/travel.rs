//! A travel key held down: `>` away from the stairs and `x` show the route
//! their walk would take for as long as the key is down (drawn by
//! `view::route`); letting the key go walks it, `Esc` or any other key
//! cancels it, and so does the window losing the keyboard.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::WindowFocused;

use crate::view::ui_state::{HeldTravel, TravelKey};
use crate::vocab::intents::{Action, PendingAction};
use crate::vocab::messages::{Goal, StartWalk};

/// Holds `goal`'s walk until `key` is let go.
pub(super) fn hold(held: &mut HeldTravel, key: &KeyboardInput, goal: Goal) {
    held.0 = Some(TravelKey {
        goal,
        code: key.key_code,
        logical: key.logical_key.clone(),
    });
}

/// Letting the held key go starts its walk: the stairs by the descend
/// action (so the rules say what they say when the stairs are unknown),
/// exploring by the walk itself. Losing the window's focus drops it.
pub(super) fn let_go(
    mut keys: MessageReader<KeyboardInput>,
    mut focus: MessageReader<WindowFocused>,
    mut held: ResMut<HeldTravel>,
    mut pending: ResMut<PendingAction>,
    mut start: MessageWriter<StartWalk>,
) {
    if focus.read().any(|f| !f.focused) {
        held.0 = None;
    }
    let released = keys
        .read()
        .filter(|k| k.state == ButtonState::Released)
        .any(|k| {
            held.0
                .as_ref()
                .is_some_and(|h| h.is(k.key_code, &k.logical_key))
        });
    let Some(travel) = held.0.take_if(|_| released) else {
        return;
    };
    match travel.goal {
        Goal::StairsDown if pending.0.is_none() => pending.0 = Some(Action::Descend),
        Goal::StairsDown => {}
        goal => {
            start.write(StartWalk(goal));
        }
    }
}

/// Leaving play forgets a key held in it.
pub(super) fn forget_held(mut held: ResMut<HeldTravel>) {
    held.0 = None;
}
