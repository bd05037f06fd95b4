//! What a creature decides to do this turn, before it does it. Deciding
//! reads the world and never changes it, nor draws from the game's dice:
//! a plan whose outcome the dice choose (a wanderer's step, a flutterer's,
//! a spreader's child) names only the draw, made when the plan is carried
//! out.

use bevy::prelude::*;
use gloomdelve_core::Pos;

/// One creature's plan for this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Steps onto this free tile.
    Step(Pos),
    /// Strikes this one, next to it.
    Strike(Entity),
    /// Shoots one of this missile at the hero.
    Shoot(String),
    /// Digs out this rock.
    Dig(Pos),
    /// Opens the closed door on this tile, and stays.
    Open(Pos),
    /// Snatches coins or an item from the hero next to it.
    Steal,
    /// Stays where it is, still on its way (others block it).
    Wait,
    /// Steps in a direction the dice pick, if it is open.
    Wander,
    /// Steps in a direction the dice pick, striking what stands there
    /// unless it flutters too.
    Flutter,
    /// Plants a child where the dice say, if they say so.
    Spread,
    /// Eats this one next to it if the dice say so, else flutters.
    Graze(Entity),
    /// Sated: flutters if the dice say so, else rests.
    Doze,
}
