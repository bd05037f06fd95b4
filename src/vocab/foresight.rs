//! What the creatures will do next turn if the hero waits (the intent
//! overlay's facts, foreseen by the rules from the creatures' own
//! decisions), and what each did in the last turn: the two a test holds
//! side by side to show the overlay never lies.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::vocab::resources::{Dungeon, TurnCount};

/// Whether the intent overlay is shown (or a test asks for the
/// foresight): the rules foresee nothing while it is not. The player's
/// choice, kept in `settings.ron` from game to game.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowIntents(pub bool);

/// What the rules foresaw after the last turn, while [`ShowIntents`].
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Foresight {
    /// The turn and level it was foreseen after: another turn or level
    /// makes it stale.
    pub after: Option<(u64, u32)>,
    /// Every creature, in the order they act (the resting and the
    /// paralysed with a turn of doing nothing).
    pub creatures: Vec<Foreseen>,
}

impl Foresight {
    /// The turn and level a foresight is made after: `after` holds it.
    pub fn key(turn: &TurnCount, dungeon: Option<&Dungeon>) -> (u64, u32) {
        (turn.0, dungeon.map_or(0, |d| d.depth))
    }

    /// Whether it was made after this turn, on this level.
    pub fn is_fresh(&self, turn: &TurnCount, dungeon: Option<&Dungeon>) -> bool {
        self.after == Some(Self::key(turn, dungeon))
    }

    /// What `entity` will do, if it will act.
    pub fn of(&self, entity: Entity) -> Option<&Foreseen> {
        self.creatures.iter().find(|c| c.entity == entity)
    }
}

/// What one creature will do next turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foreseen {
    pub entity: Entity,
    /// Where it stands now.
    pub at: Pos,
    /// `Some(true)` when it notices the hero (`!`), `Some(false)` when it
    /// does not (`?`), `None` for a kind that never heeds the hero.
    pub noticed: Option<bool>,
    /// Whether it is hurt enough to flee (a kind that `Flees`).
    pub fleeing: bool,
    /// Each of its turns (a fast creature has several), in order.
    pub turns: Vec<Intent>,
}

/// One turn of one creature, as foreseen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// It steps onto this tile.
    Step(Pos),
    /// It strikes this one, standing on this tile.
    Strike(Entity, Pos),
    /// It shoots at the hero on this tile.
    Shoot(Pos),
    /// It digs out the rock on this tile.
    Dig(Pos),
    /// It opens the closed door on this tile.
    Open(Pos),
    /// It snatches from the hero on this tile.
    Steal(Pos),
    /// It stays where it is.
    Wait,
    /// The dice move it: it ends its turn on one of these tiles (its own
    /// among them); a flutterer strikes whoever stands where it bumps.
    Roam(Vec<Pos>),
    /// The dice may plant a child of it on one of these tiles.
    Spread(Vec<Pos>),
    /// The dice may have it eat the creature on this tile (else it roams:
    /// this comes inside a [`Intent::OneOf`]).
    Graze(Pos),
    /// What it does hangs on where a creature moved by the dice before it
    /// lands: one of these.
    OneOf(Vec<Intent>),
    /// It hangs on the dice in more ways than are worth working out.
    Unsure,
    /// It cannot act: paralysed.
    Paralysed,
    /// It sleeps: it does nothing this turn, even if the hero's noise
    /// wakes it at the end of it.
    Asleep,
}

/// What one creature did in one turn of the last round, as the world's
/// turn carried it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deed {
    /// It ended its turn on this tile, having stepped or roamed (or tried
    /// to).
    Moved(Pos),
    /// It struck this one.
    Struck(Entity),
    /// It shot at the hero.
    Shot,
    /// It dug out this rock.
    Dug(Pos),
    /// It opened the door on this tile.
    Opened(Pos),
    /// It stole from the hero.
    Stole,
    /// It stayed and did nothing.
    Waited,
    /// It spread, planting a child here, if the dice said so.
    Spread(Option<Pos>),
    /// It ate the creature on this tile.
    Grazed(Pos),
}

/// Every creature's deeds in the last round, in the order they acted.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Deeds(pub Vec<(Entity, Deed)>);

impl Intent {
    /// Whether `deed` is what this foretold: the same step, strike, shot,
    /// dig or theft; a roam or spread that landed inside its tiles; one of
    /// a set's outcomes. Nothing is foretold of an unsure one.
    pub fn foretold(&self, deed: &Deed) -> bool {
        match (self, deed) {
            (Intent::Step(to), Deed::Moved(at)) => to == at,
            (Intent::Strike(target, _), Deed::Struck(struck)) => target == struck,
            (Intent::Shoot(_), Deed::Shot) | (Intent::Steal(_), Deed::Stole) => true,
            (Intent::Dig(rock), Deed::Dug(dug)) => rock == dug,
            (Intent::Open(door), Deed::Opened(opened)) => door == opened,
            (Intent::Wait, Deed::Waited) => true,
            (Intent::Graze(meal), Deed::Grazed(eaten)) => meal == eaten,
            (Intent::Roam(tiles), Deed::Moved(at)) => tiles.contains(at),
            (Intent::Roam(_), Deed::Struck(_)) => true,
            (Intent::Spread(tiles), Deed::Spread(child)) => {
                child.is_none_or(|c| tiles.contains(&c))
            }
            // A spreader the children planted before it brought to the
            // level's bound waits instead.
            (Intent::Spread(_), Deed::Waited) => true,
            (Intent::OneOf(outcomes), deed) => outcomes.iter().any(|o| o.foretold(deed)),
            (Intent::Unsure, _) => true,
            _ => false,
        }
    }
}
