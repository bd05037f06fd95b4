//! The inventory grid: 2 rows of 10 slots over the game, opened with `i`
//! (or with `e`, to choose what to eat). A stack of one kind fills one
//! slot. No turn passes while it is open; the act chosen in it (use, wear,
//! take off, drop) is kept until the screen closes, then played as the
//! hero's turn. A drop opens the screen again once played, so several
//! drops in a row are a key each. The cursor follows the item it was on,
//! wherever the pack moves it; when that item is gone, it stays on the
//! slot, now the next item. `c` calls an unknown potion or scroll a name
//! of the hero's own: the keys type it until Enter or Esc.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::Dir;

use crate::input::aiming::aim;
use crate::view::ui_state::Aim;
use crate::view::ui_state::Aiming;
use crate::vocab::components::{GridPos, Item};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::intents::Action;
use crate::vocab::lore::Lore;

use crate::vocab::components::Pack;

use crate::rules::items::{StackParts, slots, stack_in};
use crate::view::ui_state::{COLUMNS, Calling, ChosenAct, InventoryCursor, InventoryPurpose, ROWS};
use crate::vocab::components::Hero;
use crate::vocab::game::NewGame;
use crate::vocab::intents::PendingAction;
use crate::vocab::lore::MAX_CALLED;
use crate::vocab::messages::CallKind;
use crate::vocab::states::Overlay;

/// The item the cursor was on when the screen closed (the last of its
/// stack, which a use or a drop of the first leaves).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CursorItem(pub Option<Entity>);

/// Set by a drop: the screen opens again once the drop's turn is played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ReopenAfterDrop(pub bool);

/// What a key does while the inventory is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InventoryCommand {
    Move(Dir),
    /// Use, wear or take off the selected item.
    Use,
    Drop,
    /// Call the selected unknown kind a name of the hero's own.
    Call,
    Close,
}

/// The inventory's key bindings: arrows, `Space`/`Enter`, `d`, `c`, `Esc`/`i`.
pub(crate) fn inventory_command(key_code: KeyCode, logical: &Key) -> Option<InventoryCommand> {
    match (key_code, logical) {
        (KeyCode::ArrowUp, _) => Some(InventoryCommand::Move(Dir::N)),
        (KeyCode::ArrowDown, _) => Some(InventoryCommand::Move(Dir::S)),
        (KeyCode::ArrowLeft, _) => Some(InventoryCommand::Move(Dir::W)),
        (KeyCode::ArrowRight, _) => Some(InventoryCommand::Move(Dir::E)),
        (KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter, _) => Some(InventoryCommand::Use),
        (KeyCode::Escape, _) => Some(InventoryCommand::Close),
        (_, Key::Character(c)) if c.as_str() == "d" => Some(InventoryCommand::Drop),
        (_, Key::Character(c)) if c.as_str() == "c" => Some(InventoryCommand::Call),
        (_, Key::Character(c)) if c.as_str() == "i" => Some(InventoryCommand::Close),
        _ => None,
    }
}

/// Moves the selection one slot, wrapping at the edges: off the right end
/// of a row to its start, off the bottom row to the top one.
pub(crate) fn move_cursor(index: usize, dir: Dir) -> usize {
    let (col, row) = (index % COLUMNS, index / COLUMNS % ROWS);
    let (dx, dy) = dir.delta();
    let col = (col as i32 + dx).rem_euclid(COLUMNS as i32) as usize;
    let row = (row as i32 + dy).rem_euclid(ROWS as i32) as usize;
    row * COLUMNS + col
}

/// The cursor after the pack shrank: on the same slot, which now holds
/// the next item, or on the last item when it was past the end.
pub(crate) fn cursor_on_an_item(cursor: usize, slots: usize) -> usize {
    cursor.min(slots.saturating_sub(1))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InventoryCursor>();
    app.init_resource::<InventoryPurpose>();
    app.init_resource::<ChosenAct>();
    app.init_resource::<CursorItem>();
    app.init_resource::<ReopenAfterDrop>();
    app.add_systems(OnEnter(Overlay::Inventory), keep_the_cursor_on_an_item);
    app.add_systems(
        OnExit(Overlay::Inventory),
        (
            remember_the_cursor_item,
            play_chosen_act,
            back_to_browsing,
            stop_calling,
        ),
    );
    app.add_systems(OnExit(Overlay::Targeting), play_chosen_act);
    app.add_systems(
        Update,
        (calling_keys.before(inventory_keys), inventory_keys)
            .run_if(in_state(crate::vocab::states::Screen::Playing)),
    );
    app.add_systems(
        Update,
        reopen_after_a_drop
            .after(crate::vocab::states::TurnPhase::UpdateHud)
            .run_if(in_state(Overlay::None).and_eager(
                |reopen: Res<ReopenAfterDrop>, pending: Res<PendingAction>| {
                    reopen.0 && pending.0.is_none()
                },
            )),
    );
}

/// The pack's slots as the grid shows them.
fn pack_slots(
    pack: &Pack,
    items: &Query<StackParts>,
    book: &crate::vocab::data::ItemBook,
) -> Vec<Vec<Entity>> {
    slots(&pack.0, |e| stack_in(book, items, e))
}

/// Opening the inventory puts the cursor on the item it was on, wherever
/// that is now; else it stays on its slot, and never on an empty one past
/// the items (after the last one was used up, say).
fn keep_the_cursor_on_an_item(
    mut cursor: ResMut<InventoryCursor>,
    remembered: Res<CursorItem>,
    new_game: Res<NewGame>,
    hero: Single<&Pack, With<Hero>>,
    items: Query<StackParts>,
) {
    let slots = pack_slots(&hero, &items, &new_game.items);
    let found = remembered
        .0
        .and_then(|item| slots.iter().position(|slot| slot.contains(&item)));
    let at = found.unwrap_or_else(|| cursor_on_an_item(cursor.0, slots.len()));
    cursor.set_if_neq(InventoryCursor(at));
}

/// Notes the item under the cursor as the screen closes.
fn remember_the_cursor_item(
    cursor: Res<InventoryCursor>,
    mut remembered: ResMut<CursorItem>,
    new_game: Res<NewGame>,
    hero: Single<&Pack, With<Hero>>,
    items: Query<StackParts>,
) {
    let slots = pack_slots(&hero, &items, &new_game.items);
    remembered.0 = slots.get(cursor.0).and_then(|slot| slot.last().copied());
}

/// Opens the screen again after a drop's turn.
fn reopen_after_a_drop(
    mut reopen: ResMut<ReopenAfterDrop>,
    mut next_overlay: ResMut<NextState<Overlay>>,
) {
    reopen.0 = false;
    next_overlay.set(Overlay::Inventory);
}

fn back_to_browsing(mut purpose: ResMut<InventoryPurpose>) {
    *purpose = InventoryPurpose::Browse;
}

/// What typing `key` does to a name being typed: `Some(true)` files it,
/// `Some(false)` leaves it, `None` goes on typing.
pub(crate) fn type_into(text: &mut String, key_code: KeyCode, key: &Key) -> Option<bool> {
    match (key_code, key) {
        (KeyCode::Enter | KeyCode::NumpadEnter, _) | (_, Key::Enter) => return Some(true),
        (KeyCode::Escape, _) | (_, Key::Escape) => return Some(false),
        (KeyCode::Backspace, _) | (_, Key::Backspace) => {
            text.pop();
        }
        (KeyCode::Space, _) | (_, Key::Space) if text.chars().count() < MAX_CALLED => {
            text.push(' ')
        }
        (_, Key::Character(typed)) => {
            let printable = typed.chars().filter(|c| !c.is_control());
            for c in printable {
                if text.chars().count() < MAX_CALLED {
                    text.push(c);
                }
            }
        }
        _ => {}
    }
    None
}

/// The keys while a name is typed; every other key system leaves them be.
fn calling_keys(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    calling: Option<ResMut<Calling>>,
    mut commands: Commands,
    mut calls: MessageWriter<CallKind>,
) {
    let presses = keys
        .read()
        .filter(|k| k.state == bevy::input::ButtonState::Pressed);
    let Some(mut calling) = calling else {
        presses.for_each(drop);
        return;
    };
    if calling.done {
        presses.for_each(drop);
        commands.remove_resource::<Calling>();
        return;
    }
    for key in presses {
        let Some(file) = type_into(&mut calling.text, key.key_code, &key.logical_key) else {
            continue;
        };
        if file {
            calls.write(CallKind {
                kind: calling.kind,
                name: calling.text.clone(),
            });
        }
        calling.done = true;
        return;
    }
}

/// No name is typed once the screen is gone.
fn stop_calling(mut commands: Commands) {
    commands.remove_resource::<Calling>();
}

/// Hands the chosen act to the turn systems as the screen closes.
pub(super) fn play_chosen_act(mut chosen: ResMut<ChosenAct>, mut pending: ResMut<PendingAction>) {
    if let Some(act) = chosen.0.take() {
        pending.0 = Some(act);
    }
}

/// The inventory screen the keys drive: whether it is open, the cursor,
/// the act chosen, and whether a drop opens it again.
#[derive(SystemParam)]
pub(super) struct InventoryScreen<'w> {
    overlay: Res<'w, State<Overlay>>,
    next: ResMut<'w, NextState<Overlay>>,
    cursor: ResMut<'w, InventoryCursor>,
    chosen: ResMut<'w, ChosenAct>,
    reopen: ResMut<'w, ReopenAfterDrop>,
}

/// The inventory's keys: move the selection, choose an act (which closes
/// the screen so the act is played), or close. Reads every frame so that
/// the key that opened the screen is never seen again here.
fn inventory_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut screen: InventoryScreen,
    hero: Single<(&Pack, &GridPos), With<Hero>>,
    items: Query<&Item>,
    stacks: Query<StackParts>,
    (new_game, lore, calling): (Res<NewGame>, Res<Lore>, Option<Res<Calling>>),
    mut commands: Commands,
) {
    let pack = hero.0;
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    if *screen.overlay.get() != Overlay::Inventory || calling.is_some() {
        presses.for_each(drop);
        return;
    }
    let book = &new_game.items;
    let stack = |e: Entity| stack_in(book, &stacks, e);
    // A stack's slot uses its first item.
    let selected = slots(&pack.0, stack)
        .get(screen.cursor.0)
        .and_then(|items| items.first().copied());
    for key in presses {
        let command = inventory_command(key.key_code, &key.logical_key);
        let act = match command {
            Some(InventoryCommand::Move(dir)) => {
                screen.cursor.0 = move_cursor(screen.cursor.0, dir);
                continue;
            }
            Some(InventoryCommand::Use) => {
                match selected.map(|e| aimed_use(e, &items, &new_game)) {
                    Some(Some(aimed)) if !key.repeat => {
                        let cursor = hero.1.0;
                        let aiming = Aiming { aim: aimed, cursor };
                        return aim(&mut commands, &mut screen.next, aiming);
                    }
                    _ => selected.map(|item| plain_use(item, &items, &new_game)),
                }
            }
            Some(InventoryCommand::Drop) => selected.map(Action::Drop),
            Some(InventoryCommand::Call) => {
                if let Some(calling) = selected.and_then(|e| start_calling(e, &items, book, &lore))
                {
                    commands.insert_resource(calling);
                }
                continue;
            }
            Some(InventoryCommand::Close) => None,
            None => continue,
        };
        // Use or drop on an empty slot does nothing; the screen stays.
        let empty_handed = selected.is_none()
            && matches!(
                command,
                Some(InventoryCommand::Use | InventoryCommand::Drop)
            );
        if key.repeat || empty_handed {
            continue;
        }
        screen.reopen.0 = matches!(act, Some(Action::Drop(_)));
        screen.chosen.0 = act;
        screen.next.set(Overlay::None);
        return;
    }
}

/// The name to type for `item`'s kind, when the hero does not know it,
/// begun with what it calls the kind now.
fn start_calling(
    item: Entity,
    items: &Query<&Item>,
    book: &ItemBook,
    lore: &Lore,
) -> Option<Calling> {
    let kind_index = items.get(item).ok()?.kind;
    let kind = book.kinds.get(kind_index)?;
    let look = lore.looks.get(&kind.name).filter(|_| !lore.knows(kind))?;
    Some(Calling {
        kind: kind_index,
        look: look.name.clone(),
        text: lore.called.get(&kind.name).cloned().unwrap_or_default(),
        done: false,
    })
}

fn effect_of(item: Entity, items: &Query<&Item>, new_game: &NewGame) -> Option<ItemEffect> {
    Some(new_game.items.kinds.get(items.get(item).ok()?.kind)?.effect)
}

/// What using `item` aims, when it needs a target: a scroll that does, a
/// missile to throw, a bow to shoot.
fn aimed_use(item: Entity, items: &Query<&Item>, new_game: &NewGame) -> Option<Aim> {
    match effect_of(item, items, new_game)? {
        ItemEffect::Scroll(kind) if kind.is_aimed() => Some(Aim::Read(item)),
        ItemEffect::Thrown(_) | ItemEffect::Ammo(_) => Some(Aim::Throw(item)),
        ItemEffect::Bow(_) => Some(Aim::Fire),
        _ => None,
    }
}

/// Using an item that needs no target: a scroll is read, the rest used.
fn plain_use(item: Entity, items: &Query<&Item>, new_game: &NewGame) -> Action {
    match effect_of(item, items, new_game) {
        Some(ItemEffect::Scroll(_)) => Action::Read {
            scroll: item,
            target: None,
        },
        _ => Action::Use(item),
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

    #[test]
    fn the_cursor_stays_on_the_next_item_when_the_pack_shrinks() {
        assert_eq!(cursor_on_an_item(1, 3), 1, "slot 1 now holds the next item");
        assert_eq!(cursor_on_an_item(3, 3), 2, "past the end: the last item");
        assert_eq!(cursor_on_an_item(5, 0), 0, "an empty pack");
    }
}
