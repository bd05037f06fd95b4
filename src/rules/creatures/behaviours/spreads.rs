//! `Spreads`: a creature that never moves, but now and then plants a
//! child of its kind on free floor nearby, while the level holds fewer
//! spreaders than the rules' bound and it has planted fewer than their
//! most. Crowded ground slows it: each of its kind within its spread
//! range takes `1 / ecology.crowding` (rules.ron) off its chance, and each
//! on the level `1 / ecology.carrying` off what is left, so a carpet thins
//! its own growth long before the bound.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use serde::{Deserialize, Serialize};

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::invariants;

/// How many children a spreader has planted.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spreading {
    pub spreads: u32,
}

impl Remembered for Spreading {
    fn worth_keeping(&self) -> bool {
        self.spreads > 0
    }
}

/// The children planted are kept in saves as `spreads`, never more than
/// the rules allow.
pub(crate) const MEMORY: Memory = Memory::of::<Spreading>("spreads", "Spreads", check);

fn check(value: &Saved, against: &Against) -> Result<(), String> {
    let spreading = memory::read::<Spreading>(value)?;
    let most = against.new_game.rules.fungus_max_spreads;
    invariants::fungus_within_spreads(spreading.spreads, most)
}

/// A spreader does nothing else: below the bounds it spreads (if the
/// dice say so), at them it waits and rolls no die. `living` counts the
/// level's spreaders.
pub(crate) fn decide(turn: &Turn, spreading: &Spreading, living: usize) -> Option<Plan> {
    let rules = &turn.new_game.rules;
    let bounded = living >= rules.fungi_per_level || spreading.spreads >= rules.fungus_max_spreads;
    Some(if bounded { Plan::Wait } else { Plan::Spread })
}

/// Plants a child where the dice say, if they say so and that tile is
/// free ground, and returns where; `plant` spawns a child of a kind on a
/// tile.
pub fn act(
    turn: &mut Turn,
    me: &Me,
    (spreading, living): (&mut Spreading, &mut usize),
    plant: impl FnOnce(&mut Turn, usize, Pos) -> Entity,
) -> Option<Pos> {
    let rules = &turn.new_game.rules;
    if !turn.actors.rng.0.chance(rules.fungus_spread_chance) {
        return None;
    }
    // Only a spreader the first die favours counts its neighbours, and
    // rolls again against the crowd.
    let ecology = &rules.ecology;
    let near = room_to_grow(neighbours_of_its_kind(turn, me), ecology.crowding);
    let level = room_to_grow(*living, ecology.carrying);
    if !turn.actors.rng.0.chance(near * level) {
        return None;
    }
    let range = rules.fungus_spread_range;
    let (dx, dy) = (
        turn.actors.rng.0.range(-range, range + 1),
        turn.actors.rng.0.range(-range, range + 1),
    );
    let spot = Pos::new(me.at.x + dx, me.at.y + dy);
    let free = spot != me.at
        && turn.actors.level.terrain.admits_creatures(spot)
        && turn.actors.occupancy.is_free(spot);
    if free {
        let child = plant(turn, me.kind, spot);
        turn.actors.occupancy.place(child, spot);
        spreading.spreads += 1;
        *living += 1;
    }
    free.then_some(spot)
}

/// The share of its chance a spreader keeps with `crowd` of its kind
/// about it: 1 alone, 0 with `crowding` or more.
pub fn room_to_grow(crowd: usize, crowding: u32) -> f64 {
    if crowding == 0 {
        return 1.0;
    }
    (1.0 - crowd as f64 / f64::from(crowding)).max(0.0)
}

/// Every tile within `range` tiles of `at` each way, `at` among them, row
/// by row.
pub fn square_around(at: Pos, range: i32) -> impl Iterator<Item = Pos> {
    (-range..=range)
        .flat_map(move |dy| (-range..=range).map(move |dx| Pos::new(at.x + dx, at.y + dy)))
}

/// How many living creatures of its kind stand within its spread range.
fn neighbours_of_its_kind(turn: &Turn, me: &Me) -> usize {
    let actors = &turn.actors;
    let range = turn.new_game.rules.fungus_spread_range;
    square_around(me.at, range)
        .filter(|&at| at != me.at)
        .filter_map(|at| actors.occupancy.peek(at))
        .filter(|&other| actors.kind_of(other) == Some(me.kind) && actors.is_alive(other))
        .count()
}

/// The tiles a spreader at `at` may plant a child on, whoever stands
/// there now: every tile within the rules' range that a creature may
/// stand on, but its own.
pub(crate) fn spread_tiles(turn: &Turn, at: Pos) -> Vec<Pos> {
    let range = turn.new_game.rules.fungus_spread_range;
    let terrain = &turn.actors.level.terrain;
    square_around(at, range)
        .filter(|&spot| spot != at && terrain.admits_creatures(spot))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::creatures::behaviours::spreads::room_to_grow;

    #[test]
    fn each_neighbour_takes_its_share_of_the_chance_until_none_is_left() {
        assert_eq!(room_to_grow(0, 8), 1.0);
        assert_eq!(room_to_grow(2, 8), 0.75);
        assert_eq!(room_to_grow(8, 8), 0.0);
        assert_eq!(room_to_grow(20, 8), 0.0, "never below nothing");
        assert_eq!(room_to_grow(20, 0), 1.0, "0: no crowding");
    }
}
