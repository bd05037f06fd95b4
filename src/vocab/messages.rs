//! Messages: what one feature tells the others happened, or asks of them.

use bevy::prelude::*;
use gloomdelve_core::{Pos, Tile};

use crate::vocab::data::ScrollKind;

/// How a game begins: a new one from a seed, or the saved one.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartGame {
    New {
        seed: u64,
    },
    Continue,
    /// Continue the earlier game the title found kept beside the save.
    ContinueEarlier,
}

/// The hero calls the unknown item kind `kind` by `name` (an empty name
/// forgets the last one). Takes no turn.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CallKind {
    pub kind: usize,
    pub name: String,
}

/// Sent when the hero's action used a turn.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct TurnTaken;

/// Tiles whose terrain changed this turn; the tilemap redraws only these.
#[derive(Message, Clone, Debug)]
pub struct TerrainChanged(pub Vec<Pos>);

/// Tiles whose [`Seen`] state changed in this update.
#[derive(Message, Clone, Debug)]
pub(crate) struct SightChanged(pub Vec<Pos>);

/// Someone was hit: drives the floating damage numbers.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Damaged {
    pub at: Pos,
    pub amount: i32,
    /// The hero was the one hurt (its numbers are red).
    pub hero: bool,
}

/// Sent when the hero's turn dug through the rock at `at`: that turn
/// costs more food, and the view crumbles the wall.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct HeroDug {
    pub at: Pos,
}

/// A creature dug out the rock at `at`. `before` holds each tile the dig
/// changed as it was, so what the hero did not see stays remembered so.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Burrowed {
    pub at: Pos,
    pub before: Vec<(Pos, Tile)>,
}

/// A door opened or closed: where, and what it was before, so that a
/// hero who did not see it remembers it so.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DoorSwung {
    pub at: Pos,
    pub was: Tile,
}

/// A sleeping creature was hurt: it wakes.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Disturbed(pub Entity);

/// A grazer at `from` ate the creature at `at` (a bat a fungus), drawn
/// with `sprite`: the view lunges the grazer and fades its meal out.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Grazed {
    pub grazer: Entity,
    pub from: Pos,
    pub at: Pos,
    pub sprite: String,
}

/// A fungus sprouted on `at` from a rotten body: the view grows it in.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sprouted {
    pub at: Pos,
    pub child: Entity,
}

/// A fighter stepped from one tile to the next. A creature that moves
/// twice in a turn sends two, in order; the view glides along them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    pub who: Entity,
    pub from: Pos,
    pub to: Pos,
}

/// A fighter struck at another, standing at `from` and striking `at`.
/// `hit` is false for a blow that did no damage.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Struck {
    pub attacker: Entity,
    pub target: Entity,
    pub from: Pos,
    pub at: Pos,
    pub hit: bool,
}

/// A creature died on `at`: the view plays its fall with its `sprite`,
/// and shows the `corpse` it left once the fall is over.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Died {
    pub at: Pos,
    pub sprite: String,
    pub corpse: Option<Entity>,
}

/// The hero fell in hunt mode: the world resets around it.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct HeroFell;

/// Sent once when the world is cleared: the presentation flashes.
#[derive(Message, Clone, Copy, Debug)]
pub struct Fanfare;

/// A spell went off: read by the hero on `from`, aimed at `at`, it
/// reached these `tiles`. The presentation draws it flying and bursting.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpellCast {
    pub kind: ScrollKind,
    pub from: Pos,
    pub at: Pos,
    pub tiles: Vec<Pos>,
}

/// A missile flew from `from` through `path` (its last tile is where it
/// stopped). `item` is the missile lying there now, if it did not break or
/// sink; the presentation flies it there, or flies `sprite` and lets it go.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MissileFlew {
    pub from: Pos,
    pub path: Vec<Pos>,
    pub item: Option<Entity>,
    pub sprite: String,
}

/// Where the walk goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The nearest tile the hero has not seen, or item it wants.
    Unexplored,
    /// The known stairs down.
    StairsDown,
    /// A tile the hero knows, chosen with the pointer (a left click).
    Tile(Pos),
}

/// Asks for a walk: sent by the keys, or by a test or the bot.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartWalk(pub Goal);

/// A walk (explore or travel) ended; `for_a_creature` when a creature
/// ended it: one came into view or too close, or a blow landed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WalkStopped {
    pub for_a_creature: bool,
}

/// Asks for a fresh game after a death.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartOver;

/// The hero ate something worth `food`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HeroAte {
    pub food: i32,
}

/// Asks the save side to write the game in play now: the view sends it on
/// opening the Esc menu, and to quit. The answer is a [`SaveAnswer`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveRequested {
    /// Close the app once the game is safe (a failed save keeps it open).
    pub then_quit: bool,
}

/// What came of a [`SaveRequested`], for the view to say.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveAnswer {
    /// Written on this turn.
    Written { turn: u64 },
    /// Nothing written: there is no data folder.
    NoFolder,
    /// Nothing written: the data folder cannot be used, for this reason.
    Unsaved(String),
    /// Nothing written: the game has ended.
    GameEnded,
    /// Writing failed, for this reason; `on_quitting` when the request
    /// meant to quit afterwards.
    Failed { why: String, on_quitting: bool },
}
