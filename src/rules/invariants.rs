//! What the rules guarantee of any game in play, as plain checks on plain
//! values: the one source of truth for the simulator's per-turn invariants
//! (`sim::invariants`) and for the save checker (`save::check`), which
//! refuses a loaded game that breaks one before it plays.

use gloomdelve_core::{Pos, Terrain};

use crate::vocab::components::{Corpse, PACK_SIZE, Stomach};

/// A hero's or a creature's health: a maximum of at least 1, and HP no
/// higher. A living one has at least 1 HP (see [`alive_health`]).
pub(crate) fn health_within_maximum(hp: i32, max: i32) -> Result<(), String> {
    if max < 1 {
        return Err(format!("its maximum is {max}"));
    }
    if hp > max {
        return Err(format!("HP {hp} is above its maximum {max}"));
    }
    Ok(())
}

/// The health of one that is alive: [`health_within_maximum`], and at
/// least 1 HP.
pub(crate) fn alive_health(hp: i32, max: i32) -> Result<(), String> {
    health_within_maximum(hp, max)?;
    if hp < 1 {
        return Err(format!("HP {hp} is outside 1 to its maximum {max}"));
    }
    Ok(())
}

/// The stomach: a size of at least 1, and food from empty to full.
pub(crate) fn food_within_stomach(stomach: &Stomach) -> Result<(), String> {
    if stomach.max < 1 {
        return Err(format!("the stomach's size is {}", stomach.max));
    }
    if !(0..=stomach.max).contains(&stomach.food) {
        return Err(format!("food {} outside 0..={}", stomach.food, stomach.max));
    }
    Ok(())
}

/// The pack holds at most [`PACK_SIZE`] slots (a stack is one slot).
pub(crate) fn pack_within_size(slots: usize) -> Result<(), String> {
    if slots > PACK_SIZE {
        return Err(format!("it fills {slots} slots of {PACK_SIZE}"));
    }
    Ok(())
}

/// A creature other than the hero stands only where creatures may go:
/// walkable ground, never a narrow tunnel.
pub(crate) fn creature_may_stand(terrain: &Terrain, at: Pos) -> Result<(), String> {
    if terrain.admits_creatures(at) {
        Ok(())
    } else {
        Err(format!("{at:?} is {:?}", terrain.tile(at)))
    }
}

/// The hero, and anything lying on the floor, are on walkable ground.
pub(crate) fn on_walkable_ground(terrain: &Terrain, at: Pos) -> Result<(), String> {
    if terrain.is_walkable(at) {
        Ok(())
    } else {
        Err(format!("{at:?} is {:?}", terrain.tile(at)))
    }
}

/// An item lies on walkable ground, or in the cage of a caged altar.
pub(crate) fn item_may_lie(terrain: &Terrain, at: Pos) -> Result<(), String> {
    if terrain.tile(at) == gloomdelve_core::Tile::AltarCaged {
        Ok(())
    } else {
        on_walkable_ground(terrain, at)
    }
}

/// Bones, a body's last stage, are rotten and hold no food: none is ever
/// eaten.
pub(crate) fn bones_hold_no_food(corpse: &Corpse) -> Result<(), String> {
    if corpse.bones && (corpse.food != 0 || !corpse.rotten) {
        let rotten = if corpse.rotten { "" } else { " unrotten" };
        return Err(format!(
            "bones are rotten and hold no food, not {} food{rotten}",
            corpse.food
        ));
    }
    Ok(())
}

/// Only a rotten body sprouts: a fresh one that sprouted never was.
pub(crate) fn only_the_rotten_sprout(corpse: &Corpse) -> Result<(), String> {
    if corpse.sprouted && !corpse.rotten {
        return Err("a fresh body sprouted: only rotten ones do".to_string());
    }
    Ok(())
}

/// A grazer stays sated at most the rules' `most` turns after a meal.
pub(crate) fn sated_within(sated: u32, most: u32) -> Result<(), String> {
    if sated > most {
        return Err(format!(
            "sated for {sated} turns, more than the rules' {most}"
        ));
    }
    Ok(())
}

/// A fungus spreads at most `limit` times in its life.
pub(crate) fn fungus_within_spreads(spreads: u32, limit: u32) -> Result<(), String> {
    if spreads > limit {
        return Err(format!("a fungus spread {spreads} times (limit {limit})"));
    }
    Ok(())
}
