//! `Grazes("kind")`: next to a living creature of that kind (a bat by a
//! fungus), it may eat it, with `ecology.graze_chance` (rules.ron) each
//! turn. The meal is gone at once, leaving no body; the grazer heals and
//! is sated for `ecology.sated_turns` turns, in which it flutters only
//! now and then and rests the other turns. A grazer that does not eat
//! this turn flutters as ever.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};
use serde::{Deserialize, Serialize};

use crate::rules::creatures::behaviours::context::{Me, Turn, open_step};
use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::invariants;
use crate::vocab::text::{capitalised, the};

/// How many more turns a grazer stays sated: 0 when it is hungry.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grazing {
    pub sated: u32,
}

impl Grazing {
    /// Whether it has eaten lately, and rests more than it flutters.
    pub fn is_sated(&self) -> bool {
        self.sated > 0
    }

    /// One turn passes.
    pub fn digest(&mut self) {
        self.sated = self.sated.saturating_sub(1);
    }
}

impl Remembered for Grazing {
    fn worth_keeping(&self) -> bool {
        self.is_sated()
    }
}

/// A grazer's fill is kept in saves as `grazes`, never longer than the
/// rules' `sated_turns`.
pub(crate) const MEMORY: Memory = Memory::of::<Grazing>("grazes", "Grazes", check);

fn check(value: &Saved, against: &Against) -> Result<(), String> {
    let grazing = memory::read::<Grazing>(value)?;
    invariants::sated_within(grazing.sated, against.new_game.rules.ecology.sated_turns)
}

/// Sated, it dozes (the dice say whether it flutters); hungry next to a
/// living one of the kind named `food`, it makes to eat it (the first in
/// [`Dir::ALL`] order, by a step the rules allow); else it has no plan.
/// Its meal is found by [`Occupancy::peek`]: only immobile kinds are
/// grazed, so no creature moved by the dice before it changes what it
/// finds (a child planted this round is no fighter yet, and is never
/// eaten in the round it grew).
///
/// [`Occupancy::peek`]: crate::vocab::resources::Occupancy::peek
pub(crate) fn decide(turn: &Turn, me: &Me, food: &str, grazing: &Grazing) -> Option<Plan> {
    if grazing.is_sated() {
        return Some(Plan::Doze);
    }
    let food = turn.new_game.creatures.find(food)?;
    let actors = &turn.actors;
    let meal = Dir::ALL.into_iter().find_map(|dir| {
        let at = open_step(actors, me.at, dir)?;
        let other = actors.occupancy.peek(at)?;
        let edible = actors.kind_of(other) == Some(food) && actors.is_alive(other);
        edible.then_some(other)
    })?;
    Some(Plan::Graze(meal))
}

/// What a grazer's meal was: where it stood, and the kind it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meal {
    pub at: Pos,
    pub kind: usize,
}

/// Eats `meal` if the dice say so: the meal is gone, the grazer heals and
/// is sated, and the hero, if it sees either, hears of it. Returns what
/// was eaten; `None` when the dice said no (the grazer flutters instead).
pub fn act(turn: &mut Turn, me: &Me, meal: Entity, grazing: &mut Grazing) -> Option<Meal> {
    let ecology = &turn.new_game.rules.ecology;
    let (chance, heal, sated) = (
        ecology.graze_chance,
        ecology.graze_heal,
        ecology.sated_turns,
    );
    if !turn.actors.rng.0.chance(chance) {
        return None;
    }
    let kind = turn.actors.kind_of(meal)?;
    let at = turn.actors.consume(meal)?;
    turn.commands.entity(meal).despawn();
    turn.actors.heal(me.entity, heal);
    grazing.sated = sated;
    if turn.actors.sees(at) || turn.actors.sees(me.at) {
        let kinds = &turn.new_game.creatures.kinds;
        let line = format!(
            "{} eats {}.",
            capitalised(&the(&kinds[me.kind].name)),
            the(&kinds[kind].name)
        );
        turn.actors.say(line);
    }
    Some(Meal { at, kind })
}

/// Whether a sated grazer flutters this turn: the dice say, with the
/// rules' `sated_flutter_chance`.
pub fn stirs(turn: &mut Turn) -> bool {
    let chance = turn.new_game.rules.ecology.sated_flutter_chance;
    turn.actors.rng.0.chance(chance)
}

/// Every grazer is a turn nearer hunger.
pub(crate) fn digest(mut grazers: Query<&mut Grazing>) {
    for mut grazing in &mut grazers {
        if grazing.is_sated() {
            grazing.digest();
        }
    }
}
