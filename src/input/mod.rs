//! Keys to commands: movement and waiting become turn [`Action`]s; zoom and
//! screenshots act on the view. Unbound keys, Shift among them, do nothing.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::Dir;

use crate::NewGame;
use crate::camera::Zoom;
use crate::data::{ItemEffect, ScrollKind};
use crate::fov::MonstersInView;
use crate::inventory::{
    AimCommand, Aiming, ChosenAct, InventoryCommand, InventoryCursor, aim_command,
    inventory_command, move_cursor,
};
use crate::items::{Item, Pack};
use crate::map::{GridPos, Hero};
use crate::screens::Overlay;
use crate::screens::Screen;
use crate::screenshot::TakeScreenshot;
use crate::turn::{Action, PendingAction};

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
}

/// The command bound to a key, if any. Physical keys (arrows, numpad,
/// F12) match by key code; characters (`hjklyubn`, `.`, `+`, `-`) match
/// by the logical key, so they follow the keyboard layout and `+` works
/// whether or not it needs Shift.
pub fn command_for(key_code: KeyCode, logical: &Key) -> Option<Command> {
    command_for_code(key_code).or_else(|| match logical {
        Key::Character(text) => command_for_char(text.as_str()),
        _ => None,
    })
}

fn command_for_code(key_code: KeyCode) -> Option<Command> {
    let act = |dir| Some(Command::Act(Action::Move(dir)));
    match key_code {
        KeyCode::ArrowUp | KeyCode::Numpad8 => act(Dir::N),
        KeyCode::ArrowDown | KeyCode::Numpad2 => act(Dir::S),
        KeyCode::ArrowLeft | KeyCode::Numpad4 => act(Dir::W),
        KeyCode::ArrowRight | KeyCode::Numpad6 => act(Dir::E),
        KeyCode::Numpad7 => act(Dir::NW),
        KeyCode::Numpad9 => act(Dir::NE),
        KeyCode::Numpad1 => act(Dir::SW),
        KeyCode::Numpad3 => act(Dir::SE),
        KeyCode::Numpad5 => Some(Command::Act(Action::Wait)),
        KeyCode::NumpadAdd => Some(Command::ZoomIn),
        KeyCode::NumpadSubtract => Some(Command::ZoomOut),
        KeyCode::F12 => Some(Command::Screenshot),
        _ => None,
    }
}

fn command_for_char(text: &str) -> Option<Command> {
    let act = |dir| Some(Command::Act(Action::Move(dir)));
    match text {
        "k" => act(Dir::N),
        "j" => act(Dir::S),
        "h" => act(Dir::W),
        "l" => act(Dir::E),
        "y" => act(Dir::NW),
        "u" => act(Dir::NE),
        "b" => act(Dir::SW),
        "n" => act(Dir::SE),
        "." => Some(Command::Act(Action::Wait)),
        "g" | "," => Some(Command::Act(Action::PickUp)),
        "e" => Some(Command::Act(Action::Eat)),
        ">" => Some(Command::Act(Action::Descend)),
        "<" => Some(Command::Act(Action::Ascend)),
        "i" => Some(Command::Inventory),
        "+" | "=" => Some(Command::ZoomIn),
        "-" => Some(Command::ZoomOut),
        _ => None,
    }
}

/// Reads the keyboard during play. Needs the rules plugins and a [`Zoom`].
pub fn plugin(app: &mut App) {
    app.add_message::<TakeScreenshot>();
    app.add_systems(
        Update,
        (read_keys, inventory_keys, aim_keys).run_if(in_state(Screen::Playing)),
    );
    app.add_systems(Update, screenshot_key);
}

/// F12 takes a screenshot on any screen, the death screen included.
fn screenshot_key(
    mut keys: MessageReader<KeyboardInput>,
    mut screenshots: MessageWriter<TakeScreenshot>,
) {
    let pressed = keys.read().any(|k| {
        k.state == ButtonState::Pressed
            && !k.repeat
            && command_for(k.key_code, &k.logical_key) == Some(Command::Screenshot)
    });
    if pressed {
        screenshots.write(TakeScreenshot);
    }
}

/// Turns this frame's key presses (and key repeats, so holding a key keeps
/// walking) into commands. At most one action waits at a time.
/// A held key stops walking when a monster comes into view; pressing a key
/// again goes on.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut pending: ResMut<PendingAction>,
    mut zoom: ResMut<Zoom>,
    mut spotted: ResMut<MonstersInView>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
) {
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    // While an overlay is open it owns the keyboard; drain what it sees here.
    if *overlay.get() != Overlay::None {
        presses.for_each(drop);
        return;
    }
    for key in presses {
        if !key.repeat {
            spotted.newcomer = false;
        } else if spotted.newcomer {
            continue;
        }
        match command_for(key.key_code, &key.logical_key) {
            Some(Command::Act(action)) if pending.0.is_none() => pending.0 = Some(action),
            Some(Command::ZoomIn) => {
                zoom.set_if_neq(zoom.stepped(true));
            }
            Some(Command::ZoomOut) => {
                zoom.set_if_neq(zoom.stepped(false));
            }
            Some(Command::Inventory) if !key.repeat => next_overlay.set(Overlay::Inventory),
            // F12 works on every screen: see `screenshot_key`.
            _ => {}
        }
    }
}

/// The inventory's keys: move the selection, choose an act (which closes
/// the screen so the act is played), or close. Reads every frame so that
/// the key that opened the screen is never seen again here.
fn inventory_keys(
    mut keys: MessageReader<KeyboardInput>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut cursor: ResMut<InventoryCursor>,
    mut chosen: ResMut<ChosenAct>,
    hero: Single<(&Pack, &GridPos), With<Hero>>,
    items: Query<&Item>,
    new_game: Res<NewGame>,
    mut commands: Commands,
) {
    let (pack, hero_at) = *hero;
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    if *overlay.get() != Overlay::Inventory {
        presses.for_each(drop);
        return;
    }
    let selected = pack.0.get(cursor.0).copied();
    for key in presses {
        let act = match inventory_command(key.key_code, &key.logical_key) {
            Some(InventoryCommand::Move(dir)) => {
                cursor.0 = move_cursor(cursor.0, dir);
                continue;
            }
            Some(InventoryCommand::Use) => {
                match selected.and_then(|e| scroll_kind(e, &items, &new_game)) {
                    Some(ScrollKind::Lightning) => selected.map(|scroll| Action::Read {
                        scroll,
                        target: None,
                    }),
                    Some(_) => {
                        let (scroll, cursor) = (selected.unwrap_or(Entity::PLACEHOLDER), hero_at.0);
                        commands.insert_resource(Aiming { scroll, cursor });
                        next_overlay.set(Overlay::Targeting);
                        return;
                    }
                    None => selected.map(Action::Use),
                }
            }
            Some(InventoryCommand::Drop) => selected.map(Action::Drop),
            Some(InventoryCommand::Close) => None,
            None => continue,
        };
        if key.repeat {
            continue;
        }
        chosen.0 = act;
        next_overlay.set(Overlay::None);
        return;
    }
}

fn scroll_kind(item: Entity, items: &Query<&Item>, new_game: &NewGame) -> Option<ScrollKind> {
    match new_game.items.kinds[items.get(item).ok()?.kind].effect {
        ItemEffect::Scroll(kind) => Some(kind),
        _ => None,
    }
}

/// Aiming: arrows move the cursor, `Enter` fires the scroll at it (played
/// as the hero's turn), `Esc` cancels and keeps the scroll.
fn aim_keys(
    mut keys: MessageReader<KeyboardInput>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    aiming: Option<ResMut<Aiming>>,
    mut chosen: ResMut<ChosenAct>,
) {
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    let (Overlay::Targeting, Some(mut aiming)) = (overlay.get(), aiming) else {
        presses.for_each(drop);
        return;
    };
    for key in presses {
        match aim_command(key.key_code) {
            Some(AimCommand::Move(dir)) => aiming.cursor = aiming.cursor.step(dir),
            Some(AimCommand::Fire) if !key.repeat => {
                chosen.0 = Some(Action::Read {
                    scroll: aiming.scroll,
                    target: Some(aiming.cursor),
                });
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
