//! Intents: what the hero means to do, from the keys, the bot or a replay.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

/// Something the hero does. Each one that succeeds takes one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Step, attack or dig in a direction, by bumping.
    Move(Dir),
    /// Let a turn pass.
    Wait,
    /// Pick up what lies on the hero's tile.
    PickUp,
    /// Use, wear or take off an item in the pack.
    Use(Entity),
    /// Drop an item from the pack onto the hero's tile.
    Drop(Entity),
    /// Read a scroll, aimed at a tile when it needs a target.
    Read {
        scroll: Entity,
        target: Option<Pos>,
    },
    /// Eat the food lying on the hero's tile.
    Eat,
    /// Take the stairs down, or up.
    Descend,
    Ascend,
}

/// The hero's next action, waiting for the turn systems.
#[derive(Resource, Default, Debug)]
pub struct PendingAction(pub Option<Action>);
