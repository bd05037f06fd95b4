//! The keys of play: each press becomes the hero's next action, a walk, a
//! zoom, or a screen opened (the inventory, the menu, the help, the
//! history, the pick-up list, aiming). At most one action waits at a time.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use crate::input::aiming::aim;
use crate::input::commands::{Command, command_for};
use crate::input::pile::Underfoot;
use crate::input::playback::Playback;
use crate::input::travel;
use crate::rules::explore::Walking;
use crate::rules::hunger::Larder;
use crate::rules::items::missiles::Quiver;
use crate::view::motion::FinishAnimations;
use crate::view::ui_state::Zoom;
use crate::view::ui_state::{Aim, Aiming, HeldTravel, InventoryCursor, InventoryPurpose};
use crate::vocab::intents::{Action, PendingAction};
use crate::vocab::keys::KeyBindings;
use crate::vocab::log::GameLog;
use crate::vocab::messages::Goal;
use crate::vocab::resources::{Level, MonstersInView, TurnCount};
use crate::vocab::states::Overlay;
use gloomdelve_core::Tile;

/// This frame's keys, what they are bound to, and whether a replay has
/// the hero (then the keys move nothing).
#[derive(SystemParam)]
pub(super) struct PlayKeys<'w, 's> {
    presses: MessageReader<'w, 's, KeyboardInput>,
    bindings: Res<'w, KeyBindings>,
    playback: Option<Res<'w, Playback>>,
}

/// The screens a key opens, and where the inventory opens when the eat
/// key opens it.
#[derive(SystemParam)]
pub(super) struct Screens<'w> {
    overlay: Res<'w, State<Overlay>>,
    next: ResMut<'w, NextState<Overlay>>,
    cursor: ResMut<'w, InventoryCursor>,
    purpose: ResMut<'w, InventoryPurpose>,
}

/// The walk under way, a travel key held, and ending what plays on screen.
#[derive(SystemParam)]
pub(super) struct Walks<'w> {
    walking: Option<Res<'w, Walking>>,
    held: ResMut<'w, HeldTravel>,
    finish: MessageWriter<'w, FinishAnimations>,
}

/// The message log, and the turn its lines are dated.
#[derive(SystemParam)]
pub(super) struct Journal<'w> {
    log: ResMut<'w, GameLog>,
    turn: Res<'w, TurnCount>,
}

impl Journal<'_> {
    fn say(&mut self, text: &str) {
        self.log.say(self.turn.0, text);
    }
}

/// What the hero has at hand: its food, its missiles, what lies here, and
/// the level it stands on.
#[derive(SystemParam)]
pub(super) struct AtHand<'w, 's> {
    larder: Larder<'w, 's>,
    quiver: Quiver<'w, 's>,
    underfoot: Underfoot<'w, 's>,
    level: Option<Res<'w, Level>>,
}

impl AtHand<'_, '_> {
    /// Whether the hero stands on stairs down (then `>` takes them at once).
    fn on_stairs_down(&self) -> bool {
        let at = self.quiver.hero_at();
        self.level
            .as_ref()
            .is_some_and(|l| l.terrain.tile(at) == Tile::StairsDown)
    }
}

/// What the hero reads when a key ends its walk.
fn walk_interrupted(goal: Goal) -> &'static str {
    match goal {
        Goal::Unexplored => "You stop exploring.",
        Goal::StairsDown => "You stop walking to the stairs.",
        Goal::Tile(_) => "You stop walking.",
    }
}

/// A key that leaves a walk going: a screenshot, a zoom, a switch.
fn only_looks(command: Option<Command>) -> bool {
    matches!(
        command,
        Some(
            Command::Screenshot
                | Command::ZoomIn
                | Command::ZoomOut
                | Command::ToggleIntents
                | Command::ToggleSidebar
        )
    )
}

/// Turns this frame's key presses (and key repeats, so holding a key keeps
/// walking) into commands. At most one action waits at a time.
/// A held key stops walking when a monster comes into view; pressing a key
/// again goes on. A held key also stops acting once an action of it takes
/// no turn (a wall, say), so the log says so once.
/// The eat key eats what lies underfoot; with nothing there it opens the
/// inventory on the best food in the pack. The pick-up key on a pile
/// opens the pick-up list. `>` off the stairs and `x` are held, to show
/// the route their walk takes, and walk when let go (`travel.rs`).
#[allow(clippy::too_many_arguments)]
pub(super) fn read_keys(
    mut keys: PlayKeys,
    mut pending: ResMut<PendingAction>,
    mut zoom: ResMut<Zoom>,
    mut spotted: ResMut<MonstersInView>,
    mut screens: Screens,
    mut walks: Walks,
    mut journal: Journal,
    mut commands: Commands,
    at_hand: AtHand,
    mut acted_on: Local<Option<u64>>,
) {
    let presses = keys
        .presses
        .read()
        .filter(|k| k.state == ButtonState::Pressed);
    // While a replay plays, the recording moves the hero, not the keys.
    let replaying = keys.playback.as_ref().is_some_and(|p| p.playing());
    // While an overlay is open it owns the keyboard; drain what it sees here.
    if *screens.overlay.get() != Overlay::None {
        presses.for_each(drop);
        return;
    }
    let turn = journal.turn.0;
    for key in presses {
        let command = command_for(&keys.bindings.0, key.key_code, &key.logical_key);
        // A key stops a walk, and does nothing else; a screenshot or a
        // zoom lets it go on.
        let looking = only_looks(command);
        // What plays on screen ends at once, so this key's turn is drawn
        // from where the last one ended, in this same frame.
        if command.is_some() && !looking {
            walks.finish.write(FinishAnimations);
        }
        if let Some(walk) = walks.walking.as_ref().filter(|_| !looking) {
            commands.remove_resource::<Walking>();
            journal.say(walk_interrupted(walk.goal));
            return;
        }
        // A travel key is down: its own repeats wait for its release, and
        // any other key but a look cancels it (Esc among them).
        if let Some(travel) = walks.held.0.as_ref().filter(|_| !looking) {
            if !travel.is(key.key_code, &key.logical_key) {
                walks.held.0 = None;
                return;
            }
            continue;
        }
        if !key.repeat {
            spotted.newcomer = false;
        } else if spotted.newcomer {
            continue;
        }
        // The turn has not moved since this key last acted: that act
        // changed nothing, and holding the key would only say so again.
        let stalled = key.repeat && *acted_on == Some(turn);
        let free = pending.0.is_none() && !replaying;
        match command {
            // Off the stairs, `>` is held to see the way to them (see
            // `travel.rs`); on them, it takes them at once.
            Some(Command::Act(Action::Descend))
                if free && !at_hand.on_stairs_down() && !key.repeat =>
            {
                travel::hold(&mut walks.held, key, Goal::StairsDown);
            }
            // Its repeats, even once Esc let it go, never walk.
            Some(Command::Act(Action::Descend)) if free && !at_hand.on_stairs_down() => {}
            Some(Command::Act(_)) if stalled => {}
            Some(Command::Act(Action::Eat)) if free => {
                *acted_on = Some(turn);
                match at_hand.larder.offer() {
                    Some(slot) => {
                        screens.cursor.0 = slot;
                        *screens.purpose = InventoryPurpose::Eat;
                        screens.next.set(Overlay::Inventory);
                        return;
                    }
                    None => pending.0 = Some(Action::Eat),
                }
            }
            Some(Command::Act(Action::PickUp)) if free => {
                *acted_on = Some(turn);
                match at_hand.underfoot.offer() {
                    Some(choice) => {
                        commands.insert_resource(choice);
                        screens.next.set(Overlay::PickUp);
                        return;
                    }
                    None => pending.0 = Some(Action::PickUp),
                }
            }
            Some(Command::Act(action)) if free => {
                *acted_on = Some(turn);
                pending.0 = Some(action);
            }
            Some(Command::ZoomIn) => {
                zoom.set_if_neq(zoom.stepped(true));
            }
            Some(Command::ZoomOut) => {
                zoom.set_if_neq(zoom.stepped(false));
            }
            Some(Command::Inventory) if !key.repeat => screens.next.set(Overlay::Inventory),
            Some(Command::Menu) if !key.repeat => screens.next.set(Overlay::Menu),
            Some(Command::Help) if !key.repeat => screens.next.set(Overlay::Help),
            Some(Command::History) if !key.repeat => screens.next.set(Overlay::History),
            Some(Command::Explore) if !key.repeat && !replaying => {
                travel::hold(&mut walks.held, key, Goal::Unexplored);
            }
            Some(Command::Throw | Command::Fire) if key.repeat || replaying => {}
            Some(command @ (Command::Throw | Command::Fire)) if pending.0.is_none() => {
                match missile_aim(&at_hand.quiver, command) {
                    Ok(aimed) => {
                        let aiming = Aiming {
                            aim: aimed,
                            cursor: at_hand.quiver.hero_at(),
                        };
                        return aim(&mut commands, &mut screens.next, aiming);
                    }
                    Err(why) => journal.say(why),
                }
            }
            Some(Command::Look) if !key.repeat && !replaying => {
                let aiming = Aiming {
                    aim: Aim::Look,
                    cursor: at_hand.quiver.hero_at(),
                };
                return aim(&mut commands, &mut screens.next, aiming);
            }
            // F12 works on every screen, and the intent overlay's and the
            // sidebar's keys have systems of their own: see `switches.rs`.
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
