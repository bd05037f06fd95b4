//! The order creatures act in, and what a round of their turns starts
//! from: the sides of the hero surrounders hold, and how many spreaders
//! live. Shared by the world's turn and the foresight.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::creatures::behaviours::context::Turn;
use crate::rules::creatures::behaviours::surrounds;
use crate::vocab::components::{CreatureId, Speed};
use crate::vocab::data::Behaviour;

/// The sides of the hero that creatures which surround it already hold,
/// of `creatures` (each with its kind).
pub(crate) fn surrounders_beside(
    turn: &Turn,
    creatures: impl Iterator<Item = (Entity, usize)>,
    hero: Entity,
) -> Vec<Pos> {
    let Some(hero_at) = turn.actors.pos(hero) else {
        return Vec::new();
    };
    let kinds = &turn.new_game.creatures.kinds;
    let surrounders = creatures
        .filter(|&(_, kind)| kinds[kind].does(&Behaviour::Surrounds))
        .filter_map(|(entity, _)| turn.actors.ready_at(entity));
    surrounds::sides_held(hero_at, surrounders)
}

/// How many of `spreaders` live.
pub(crate) fn spreaders_living(turn: &Turn, spreaders: impl Iterator<Item = Entity>) -> usize {
    spreaders.filter(|&e| turn.actors.is_alive(e)).count()
}

/// Each creature's turns this round, so every creature acts once in id
/// order, then the fast ones again: pass by pass, in id order.
pub(crate) fn turn_order<'a>(
    creatures: impl Iterator<Item = (Entity, &'a CreatureId, &'a Speed)>,
) -> Vec<Entity> {
    let mut by_id: Vec<(CreatureId, u8, Entity)> = creatures
        .map(|(entity, id, speed)| (*id, speed.0, entity))
        .collect();
    // Creatures are stored mostly in spawn order: usually nothing to sort.
    if !by_id.is_sorted_by_key(|turn| turn.0) {
        by_id.sort_unstable_by_key(|turn| turn.0);
    }
    let passes = by_id.iter().map(|turn| turn.1).max().unwrap_or(0);
    let mut turns = Vec::with_capacity(by_id.len() * usize::from(passes));
    for pass in 0..passes {
        let fast_enough = by_id.iter().filter(|turn| turn.1 > pass);
        turns.extend(fast_enough.map(|turn| turn.2));
    }
    turns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_creature_acts_once_in_id_order_then_the_fast_ones_again() {
        let entities: Vec<Entity> = (1..=4)
            .map(Entity::from_raw_u32)
            .map(Option::unwrap)
            .collect();
        let ids = [CreatureId(7), CreatureId(2), CreatureId(5), CreatureId(3)];
        let speeds = [Speed(2), Speed(1), Speed(3), Speed(1)];
        let stored = (0..4).map(|i| (entities[i], &ids[i], &speeds[i]));
        let [seven, two, five, three] = [entities[0], entities[1], entities[2], entities[3]];
        assert_eq!(
            turn_order(stored),
            vec![two, three, five, seven, five, seven, five]
        );
    }
}
