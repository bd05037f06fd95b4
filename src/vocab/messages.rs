//! Messages: what one feature tells the others happened, or asks of them.

use bevy::prelude::*;

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
