//! Keys to commands: movement and waiting become turn [`Action`]s; zoom and
//! screenshots act on the view. Unbound keys, Shift among them, do nothing.

pub mod inventory;
pub mod pile;
pub mod playback;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::Dir;
use gloomdelve_core::bindings::Bindings;

use crate::input::inventory::{
    AimCommand, InventoryCommand, aim_command, inventory_command, move_cursor,
};
use crate::rules::explore::{WalkPace, Walking};
use crate::rules::hunger::Larder;
use crate::rules::items::missiles::Quiver;
use crate::rules::items::{StackParts, slots, stack_in};
use crate::view::camera::Zoom;
use crate::view::motion::FinishAnimations;
use crate::view::screenshot::TakeScreenshot;
use crate::view::ui_state::{Aim, Aiming, Calling, ChosenAct, InventoryCursor, InventoryPurpose};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::components::{Item, Pack};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::foresight::ShowIntents;
use crate::vocab::game::NewGame;
use crate::vocab::intents::{Action, PendingAction};
use crate::vocab::keys::KeyBindings;
use crate::vocab::lore::Lore;
use crate::vocab::messages::{Goal, StartWalk};
use crate::vocab::resources::MonstersInView;
use crate::vocab::states::Overlay;
use crate::vocab::states::Screen;

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
    named.or_else(typed).and_then(command_of_action)
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

/// The command of a binding-file action id.
fn command_of_action(action: &str) -> Option<Command> {
    let act = |action| Some(Command::Act(action));
    let step = |dir| act(Action::Move(dir));
    match action {
        "move_north" => step(Dir::N),
        "move_south" => step(Dir::S),
        "move_east" => step(Dir::E),
        "move_west" => step(Dir::W),
        "move_north_west" => step(Dir::NW),
        "move_north_east" => step(Dir::NE),
        "move_south_west" => step(Dir::SW),
        "move_south_east" => step(Dir::SE),
        "wait" => act(Action::Wait),
        "pick_up" => act(Action::PickUp),
        "eat" => act(Action::Eat),
        "descend" => act(Action::Descend),
        "ascend" => act(Action::Ascend),
        "close_door" => act(Action::Close),
        "inventory" => Some(Command::Inventory),
        "help" => Some(Command::Help),
        "history" => Some(Command::History),
        "explore" => Some(Command::Explore),
        "throw" => Some(Command::Throw),
        "fire" => Some(Command::Fire),
        "look" => Some(Command::Look),
        "zoom_in" => Some(Command::ZoomIn),
        "zoom_out" => Some(Command::ZoomOut),
        "screenshot" => Some(Command::Screenshot),
        "intents" => Some(Command::ToggleIntents),
        "sidebar" => Some(Command::ToggleSidebar),
        _ => None,
    }
}

/// Reads the keyboard during play. Needs the rules plugins and a [`Zoom`].
pub fn plugin(app: &mut App) {
    app.add_plugins((inventory::plugin, pile::plugin));
    app.add_message::<TakeScreenshot>();
    app.add_message::<FinishAnimations>();
    app.init_resource::<crate::vocab::resources::ShowSidebar>();
    app.insert_resource(WalkPace(std::time::Duration::from_millis(70)));
    app.add_systems(
        Update,
        (
            read_keys.before(crate::vocab::states::TurnPhase::HeroActs),
            inventory::calling_keys.before(inventory_keys),
            inventory_keys,
            aim_keys,
            intents_key,
            sidebar_key,
        )
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(Update, screenshot_key);
}

/// F12 takes a screenshot on any screen, the death screen included.
fn screenshot_key(
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
fn intents_key(
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
fn sidebar_key(
    mut keys: MessageReader<KeyboardInput>,
    bindings: Res<KeyBindings>,
    overlay: Res<State<Overlay>>,
    mut show: ResMut<crate::vocab::resources::ShowSidebar>,
) {
    if flipped(&mut keys, &bindings, &overlay, Command::ToggleSidebar) {
        show.0 = !show.0;
    }
}

/// What the hero reads when a key ends its walk.
fn walk_interrupted(goal: Goal) -> &'static str {
    match goal {
        Goal::Unexplored => "You stop exploring.",
        Goal::StairsDown => "You stop walking to the stairs.",
    }
}

/// The eat key's way into the inventory: the slot it opens on, and why.
type MealChoice<'w> = (ResMut<'w, InventoryCursor>, ResMut<'w, InventoryPurpose>);

/// Turns this frame's key presses (and key repeats, so holding a key keeps
/// walking) into commands. At most one action waits at a time.
/// A held key stops walking when a monster comes into view; pressing a key
/// again goes on. A held key also stops acting once an action of it takes
/// no turn (a wall, say), so the log says so once.
/// The eat key eats what lies underfoot; with nothing there it opens the
/// inventory on the best food in the pack. The pick-up key on a pile
/// opens the pick-up list.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut pending: ResMut<PendingAction>,
    mut zoom: ResMut<Zoom>,
    mut spotted: ResMut<MonstersInView>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    bindings: Res<KeyBindings>,
    walking: Option<Res<Walking>>,
    (mut walks, mut finish): (MessageWriter<StartWalk>, MessageWriter<FinishAnimations>),
    mut log: ResMut<crate::vocab::log::GameLog>,
    turn: Res<crate::vocab::resources::TurnCount>,
    playback: Option<Res<crate::input::playback::Playback>>,
    mut commands: Commands,
    (larder, quiver, underfoot): (Larder, Quiver, pile::Underfoot),
    (mut cursor, mut purpose): MealChoice,
    mut acted_on: Local<Option<u64>>,
) {
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    // While a replay plays, the recording moves the hero, not the keys.
    let replaying = playback.is_some_and(|p| p.playing());
    // While an overlay is open it owns the keyboard; drain what it sees here.
    if *overlay.get() != Overlay::None {
        presses.for_each(drop);
        return;
    }
    for key in presses {
        let command = command_for(&bindings.0, key.key_code, &key.logical_key);
        // A key stops a walk, and does nothing else; a screenshot or a
        // zoom lets it go on.
        let looking = matches!(
            command,
            Some(
                Command::Screenshot
                    | Command::ZoomIn
                    | Command::ZoomOut
                    | Command::ToggleIntents
                    | Command::ToggleSidebar
            )
        );
        // What plays on screen ends at once, so this key's turn is drawn
        // from where the last one ended, in this same frame.
        if command.is_some() && !looking {
            finish.write(FinishAnimations);
        }
        if let Some(walk) = walking.as_ref().filter(|_| !looking) {
            commands.remove_resource::<Walking>();
            log.say(turn.0, walk_interrupted(walk.goal));
            return;
        }
        if !key.repeat {
            spotted.newcomer = false;
        } else if spotted.newcomer {
            continue;
        }
        // The turn has not moved since this key last acted: that act
        // changed nothing, and holding the key would only say so again.
        let stalled = key.repeat && *acted_on == Some(turn.0);
        match command {
            Some(Command::Act(_)) if stalled => {}
            Some(Command::Act(Action::Eat)) if pending.0.is_none() && !replaying => {
                *acted_on = Some(turn.0);
                match larder.offer() {
                    Some(slot) => {
                        cursor.0 = slot;
                        *purpose = InventoryPurpose::Eat;
                        next_overlay.set(Overlay::Inventory);
                        return;
                    }
                    None => pending.0 = Some(Action::Eat),
                }
            }
            Some(Command::Act(Action::PickUp)) if pending.0.is_none() && !replaying => {
                *acted_on = Some(turn.0);
                match underfoot.offer() {
                    Some(choice) => {
                        commands.insert_resource(choice);
                        next_overlay.set(Overlay::PickUp);
                        return;
                    }
                    None => pending.0 = Some(Action::PickUp),
                }
            }
            Some(Command::Act(action)) if pending.0.is_none() && !replaying => {
                *acted_on = Some(turn.0);
                pending.0 = Some(action);
            }
            Some(Command::ZoomIn) => {
                zoom.set_if_neq(zoom.stepped(true));
            }
            Some(Command::ZoomOut) => {
                zoom.set_if_neq(zoom.stepped(false));
            }
            Some(Command::Inventory) if !key.repeat => next_overlay.set(Overlay::Inventory),
            Some(Command::Menu) if !key.repeat => next_overlay.set(Overlay::Menu),
            Some(Command::Help) if !key.repeat => next_overlay.set(Overlay::Help),
            Some(Command::History) if !key.repeat => next_overlay.set(Overlay::History),
            Some(Command::Explore) if !key.repeat && !replaying => {
                walks.write(StartWalk(Goal::Unexplored));
            }
            Some(Command::Throw | Command::Fire) if key.repeat || replaying => {}
            Some(command @ (Command::Throw | Command::Fire)) if pending.0.is_none() => {
                match missile_aim(&quiver, command) {
                    Ok(aimed) => {
                        let aiming = Aiming {
                            aim: aimed,
                            cursor: quiver.hero_at(),
                        };
                        return aim(&mut commands, &mut next_overlay, aiming);
                    }
                    Err(why) => log.say(turn.0, why),
                }
            }
            Some(Command::Look) if !key.repeat && !replaying => {
                let aiming = Aiming {
                    aim: Aim::Look,
                    cursor: quiver.hero_at(),
                };
                return aim(&mut commands, &mut next_overlay, aiming);
            }
            // F12 works on every screen: see `screenshot_key`; the intent
            // overlay's and the sidebar's keys have their own systems,
            // `intents_key` and `sidebar_key`.
            _ => {}
        }
    }
}

/// What `t` or `f` aims, or why there is nothing to aim.
fn missile_aim(quiver: &Quiver, command: Command) -> Result<Aim, &'static str> {
    match command {
        Command::Throw => quiver
            .to_throw()
            .map(Aim::Throw)
            .ok_or("You have nothing to throw."),
        _ => quiver.cannot_shoot().map_or(Ok(Aim::Fire), Err),
    }
}

/// Opens the targeting cursor; the view moves it onto the nearest enemy.
fn aim(commands: &mut Commands, next_overlay: &mut NextState<Overlay>, aiming: Aiming) {
    commands.insert_resource(aiming);
    next_overlay.set(Overlay::Targeting);
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
    mut reopen: ResMut<inventory::ReopenAfterDrop>,
    hero: Single<(&Pack, &GridPos), With<Hero>>,
    items: Query<&Item>,
    stacks: Query<StackParts>,
    (new_game, lore, calling): (Res<NewGame>, Res<Lore>, Option<Res<Calling>>),
    mut commands: Commands,
) {
    let pack = hero.0;
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    if *overlay.get() != Overlay::Inventory || calling.is_some() {
        presses.for_each(drop);
        return;
    }
    let book = &new_game.items;
    let stack = |e: Entity| stack_in(book, &stacks, e);
    // A stack's slot uses its first item.
    let selected = slots(&pack.0, stack)
        .get(cursor.0)
        .and_then(|items| items.first().copied());
    for key in presses {
        let command = inventory_command(key.key_code, &key.logical_key);
        let act = match command {
            Some(InventoryCommand::Move(dir)) => {
                cursor.0 = move_cursor(cursor.0, dir);
                continue;
            }
            Some(InventoryCommand::Use) => {
                match selected.map(|e| aimed_use(e, &items, &new_game)) {
                    Some(Some(aimed)) if !key.repeat => {
                        let cursor = hero.1.0;
                        let aiming = Aiming { aim: aimed, cursor };
                        return aim(&mut commands, &mut next_overlay, aiming);
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
        reopen.0 = matches!(act, Some(Action::Drop(_)));
        chosen.0 = act;
        next_overlay.set(Overlay::None);
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

/// Aiming: arrows move the cursor, `Enter` fires the scroll at it (played
/// as the hero's turn), `Esc` cancels and keeps the scroll.
fn aim_keys(
    mut keys: MessageReader<KeyboardInput>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    aiming: Option<ResMut<Aiming>>,
    mut chosen: ResMut<ChosenAct>,
    level: Res<crate::vocab::resources::Level>,
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
