//! The inventory grid: 2 rows of 10 slots over the game, opened with `i`.
//! No turn passes while it is open; the act chosen in it (use, wear, take
//! off, drop) is kept until the screen closes, then played as the hero's turn.

pub mod screen;

use bevy::input::keyboard::{Key, KeyCode};
use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

use crate::screens::Overlay;
use crate::turn::{Action, PendingAction};

pub const COLUMNS: usize = 10;
pub const ROWS: usize = 2;

/// The selected slot, 0..20, row by row.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InventoryCursor(pub usize);

/// The act chosen in the inventory, played when it closes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChosenAct(pub Option<Action>);

/// The scroll being aimed and the tile the cursor is on.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aiming {
    pub scroll: Entity,
    pub cursor: Pos,
}

/// What a key does while aiming: move the cursor, fire, or cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AimCommand {
    Move(Dir),
    Fire,
    Cancel,
}

/// Aiming's keys: arrows, `Enter` (or `Space`) to fire, `Esc` to cancel.
pub fn aim_command(key_code: KeyCode) -> Option<AimCommand> {
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

/// What a key does while the inventory is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InventoryCommand {
    Move(Dir),
    /// Use, wear or take off the selected item.
    Use,
    Drop,
    Close,
}

/// The inventory's key bindings: arrows, `Space`/`Enter`, `d`, `Esc`/`i`.
pub fn inventory_command(key_code: KeyCode, logical: &Key) -> Option<InventoryCommand> {
    match (key_code, logical) {
        (KeyCode::ArrowUp, _) => Some(InventoryCommand::Move(Dir::N)),
        (KeyCode::ArrowDown, _) => Some(InventoryCommand::Move(Dir::S)),
        (KeyCode::ArrowLeft, _) => Some(InventoryCommand::Move(Dir::W)),
        (KeyCode::ArrowRight, _) => Some(InventoryCommand::Move(Dir::E)),
        (KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter, _) => Some(InventoryCommand::Use),
        (KeyCode::Escape, _) => Some(InventoryCommand::Close),
        (_, Key::Character(c)) if c.as_str() == "d" => Some(InventoryCommand::Drop),
        (_, Key::Character(c)) if c.as_str() == "i" => Some(InventoryCommand::Close),
        _ => None,
    }
}

/// Moves the selection one slot, wrapping at the edges: off the right end
/// of a row to its start, off the bottom row to the top one.
pub fn move_cursor(index: usize, dir: Dir) -> usize {
    let (col, row) = (index % COLUMNS, index / COLUMNS % ROWS);
    let (dx, dy) = dir.delta();
    let col = (col as i32 + dx).rem_euclid(COLUMNS as i32) as usize;
    let row = (row as i32 + dy).rem_euclid(ROWS as i32) as usize;
    row * COLUMNS + col
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InventoryCursor>();
    app.init_resource::<ChosenAct>();
    app.add_systems(OnExit(Overlay::Inventory), play_chosen_act);
    app.add_systems(OnExit(Overlay::Targeting), play_chosen_act);
}

/// Hands the chosen act to the turn systems as the screen closes.
fn play_chosen_act(mut chosen: ResMut<ChosenAct>, mut pending: ResMut<PendingAction>) {
    if let Some(act) = chosen.0.take() {
        pending.0 = Some(act);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_wraps_at_every_edge() {
        assert_eq!(move_cursor(0, Dir::E), 1);
        assert_eq!(
            move_cursor(9, Dir::E),
            0,
            "off the right end to the row's start"
        );
        assert_eq!(move_cursor(0, Dir::W), 9);
        assert_eq!(move_cursor(10, Dir::W), 19);
        assert_eq!(move_cursor(3, Dir::S), 13);
        assert_eq!(move_cursor(13, Dir::S), 3, "off the bottom to the top row");
        assert_eq!(move_cursor(3, Dir::N), 13);
    }
}
