//! Intents: what the hero means to do, from the keys, the bot or a replay.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};

use crate::vocab::resources::Way;

/// Something the hero does. Each one that succeeds takes one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Step, attack or dig in a direction, by bumping.
    Move(Dir),
    /// Step in a direction, digging at once through rock there without
    /// the warning a bump gives: what a route that digs asks for.
    Dig(Dir),
    /// Let a turn pass.
    Wait,
    /// Pick up what lies on the hero's tile.
    PickUp,
    /// Pick up one entry of the pile on the hero's tile: the item at this
    /// place in the pile's order, with the items there that stack with it.
    Take(usize),
    /// Use, wear or take off an item in the pack.
    Use(Entity),
    /// Drop an item from the pack onto the hero's tile.
    Drop(Entity),
    /// Read a scroll, aimed at a tile when it needs a target.
    Read {
        scroll: Entity,
        target: Option<Pos>,
    },
    /// Throw a missile from the pack at a tile in view.
    Throw {
        item: Entity,
        target: Pos,
    },
    /// Shoot the pack's ammunition with its bow at a tile in view.
    Fire {
        target: Pos,
    },
    /// Eat the food lying on the hero's tile.
    Eat,
    /// Take the stairs down, or up.
    Descend,
    Ascend,
    /// Close an open door next to the hero.
    Close,
}

/// The hero's next action, waiting for the turn systems.
#[derive(Resource, Default, Debug)]
pub struct PendingAction(pub Option<Action>);

// The pending action, handed on by the dispatcher in `HeroTurn::Dispatch`
// as one message of its own kind. Each kind is read by exactly one system,
// in `HeroTurn::Resolve`.

/// Step, attack or dig in a direction, by bumping; `dig` digs rock there
/// at once, without the warning (see `Action::Dig`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StepIntent {
    pub dir: Dir,
    pub dig: bool,
}

/// Let a turn pass.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WaitIntent;

/// Close an open door next to the hero.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CloseIntent;

/// Pick up what lies on the hero's tile: everything, or one entry of
/// the pile (see `Action::Take`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PickUpIntent(pub Option<usize>);

/// Take the stairs, or walk to the known stairs down when not on them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StairsIntent(pub Way);

/// Drink, wear or take off an item in the pack (food is eaten instead).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UseIntent(pub Entity);

/// Drop an item from the pack onto the hero's tile.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DropIntent(pub Entity);

/// Read a scroll, aimed at a tile when it needs a target.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReadIntent {
    pub scroll: Entity,
    pub target: Option<Pos>,
}

/// Throw a missile from the pack at a tile in view.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThrowIntent {
    pub item: Entity,
    pub target: Pos,
}

/// Shoot the pack's ammunition with its bow at a tile in view.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FireIntent {
    pub target: Pos,
}

/// Eat: the food underfoot, or a piece of food in the pack.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EatIntent {
    Underfoot,
    Carried(Entity),
}
