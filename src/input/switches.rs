//! The keys that flip something of the view, on their own systems: F12's
//! screenshot (on any screen), Tab's intent overlay and `v`'s sidebar.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use crate::input::commands::{Command, command_for};
use crate::view::screenshot::TakeScreenshot;
use crate::vocab::foresight::ShowIntents;
use crate::vocab::keys::KeyBindings;
use crate::vocab::resources::ShowSidebar;
use crate::vocab::states::Overlay;

/// F12 takes a screenshot on any screen, the death screen included.
pub(super) fn screenshot_key(
    mut keys: MessageReader<KeyboardInput>,
    bindings: Res<KeyBindings>,
    mut screenshots: MessageWriter<TakeScreenshot>,
) {
    let pressed = keys.read().any(|k| {
        k.state == ButtonState::Pressed
            && !k.repeat
            && command_for(&bindings.0, k.key_code, &k.logical_key) == Some(Command::Screenshot)
    });
    if pressed {
        screenshots.write(TakeScreenshot);
    }
}

/// Whether `command`'s key was pressed an odd number of times this
/// frame, while no overlay is open: a switch it flips.
fn flipped(
    keys: &mut MessageReader<KeyboardInput>,
    bindings: &KeyBindings,
    overlay: &State<Overlay>,
    command: Command,
) -> bool {
    let presses = keys.read().filter(|k| {
        k.state == ButtonState::Pressed
            && !k.repeat
            && command_for(&bindings.0, k.key_code, &k.logical_key) == Some(command)
    });
    let toggles = presses.count();
    *overlay.get() == Overlay::None && toggles % 2 == 1
}

/// Tab shows or hides the intent overlay, while no other overlay is open.
pub(super) fn intents_key(
    mut keys: MessageReader<KeyboardInput>,
    bindings: Res<KeyBindings>,
    overlay: Res<State<Overlay>>,
    mut show: ResMut<ShowIntents>,
) {
    if flipped(&mut keys, &bindings, &overlay, Command::ToggleIntents) {
        show.0 = !show.0;
    }
}

/// `v` shows or hides the sidebar, while no other overlay is open.
pub(super) fn sidebar_key(
    mut keys: MessageReader<KeyboardInput>,
    bindings: Res<KeyBindings>,
    overlay: Res<State<Overlay>>,
    mut show: ResMut<ShowSidebar>,
) {
    if flipped(&mut keys, &bindings, &overlay, Command::ToggleSidebar) {
        show.0 = !show.0;
    }
}
