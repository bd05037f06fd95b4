//! The keys of play as commands: a key is found in the bindings by its
//! name (arrows, numpad, F12) or by the character it types, and the action
//! bound to it becomes a [`Command`].

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use gloomdelve_core::Dir;
use gloomdelve_core::bindings::{Bindings, KeyAction};

use crate::vocab::intents::Action;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A turn action for the hero.
    Act(Action),
    ZoomIn,
    ZoomOut,
    Screenshot,
    /// Open the inventory grid.
    Inventory,
    /// Esc: the menu (resume, or save and quit).
    Menu,
    /// The list of key bindings.
    Help,
    /// The message history.
    History,
    /// Explore until something happens.
    Explore,
    /// Aim a missile from the pack.
    Throw,
    /// Aim the pack's bow.
    Fire,
    /// Move a cursor to name what is on a tile.
    Look,
    /// Show or hide what the monsters will do next turn.
    ToggleIntents,
    /// Show or hide the sidebar of the monsters in view.
    ToggleSidebar,
}

/// The command bound to a key, if any. Named keys (arrows, numpad, F12)
/// match by key code first; characters (`hjkl`, `.`, `>`, `+`) match by
/// the logical key, so they follow the keyboard layout and `>` works
/// whether or not it needs Shift. Escape always opens the menu.
pub fn command_for(bindings: &Bindings, key_code: KeyCode, logical: &Key) -> Option<Command> {
    if key_code == KeyCode::Escape {
        return Some(Command::Menu);
    }
    let named = key_name(key_code).and_then(|name| bindings.action_for(name));
    let typed = || match logical {
        Key::Character(text) => bindings.action_for(text.as_str()),
        _ => None,
    };
    named.or_else(typed).map(command_of_action)
}

/// The binding-file name of a physical key, for keys named by code.
fn key_name(code: KeyCode) -> Option<&'static str> {
    use KeyCode::*;
    let name = match code {
        ArrowUp => "Up",
        ArrowDown => "Down",
        ArrowLeft => "Left",
        ArrowRight => "Right",
        Numpad0 => "Numpad0",
        Numpad1 => "Numpad1",
        Numpad2 => "Numpad2",
        Numpad3 => "Numpad3",
        Numpad4 => "Numpad4",
        Numpad5 => "Numpad5",
        Numpad6 => "Numpad6",
        Numpad7 => "Numpad7",
        Numpad8 => "Numpad8",
        Numpad9 => "Numpad9",
        NumpadAdd => "NumpadAdd",
        NumpadSubtract => "NumpadSubtract",
        NumpadMultiply => "NumpadMultiply",
        NumpadDivide => "NumpadDivide",
        NumpadEnter => "NumpadEnter",
        F1 => "F1",
        F2 => "F2",
        F3 => "F3",
        F4 => "F4",
        F5 => "F5",
        F6 => "F6",
        F7 => "F7",
        F8 => "F8",
        F9 => "F9",
        F10 => "F10",
        F11 => "F11",
        F12 => "F12",
        Enter => "Enter",
        Space => "Space",
        Tab => "Tab",
        Backspace => "Backspace",
        Home => "Home",
        End => "End",
        PageUp => "PageUp",
        PageDown => "PageDown",
        Insert => "Insert",
        Delete => "Delete",
        _ => return None,
    };
    Some(name)
}

/// The command of a bound action.
fn command_of_action(action: KeyAction) -> Command {
    let step = |dir| Command::Act(Action::Move(dir));
    match action {
        KeyAction::MoveNorth => step(Dir::N),
        KeyAction::MoveSouth => step(Dir::S),
        KeyAction::MoveEast => step(Dir::E),
        KeyAction::MoveWest => step(Dir::W),
        KeyAction::MoveNorthWest => step(Dir::NW),
        KeyAction::MoveNorthEast => step(Dir::NE),
        KeyAction::MoveSouthWest => step(Dir::SW),
        KeyAction::MoveSouthEast => step(Dir::SE),
        KeyAction::Wait => Command::Act(Action::Wait),
        KeyAction::PickUp => Command::Act(Action::PickUp),
        KeyAction::Eat => Command::Act(Action::Eat),
        KeyAction::Descend => Command::Act(Action::Descend),
        KeyAction::Ascend => Command::Act(Action::Ascend),
        KeyAction::CloseDoor => Command::Act(Action::Close),
        KeyAction::Inventory => Command::Inventory,
        KeyAction::Help => Command::Help,
        KeyAction::History => Command::History,
        KeyAction::Explore => Command::Explore,
        KeyAction::Throw => Command::Throw,
        KeyAction::Fire => Command::Fire,
        KeyAction::Look => Command::Look,
        KeyAction::ZoomIn => Command::ZoomIn,
        KeyAction::ZoomOut => Command::ZoomOut,
        KeyAction::Screenshot => Command::Screenshot,
        KeyAction::Intents => Command::ToggleIntents,
        KeyAction::Sidebar => Command::ToggleSidebar,
    }
}
