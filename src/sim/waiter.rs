//! A third player for the sim, to watch a level live on: it goes down as
//! the bot does until it stands on level [`WAIT_ON_DEPTH`], then only
//! waits there (`sim --bot wait`). Its reports' `fungi` count the level's
//! fungi at the end. The sim keeps this hero alive, a harness and no rule
//! of the game: every turn its stomach is filled and its wounds healed,
//! and on arrival its HP is raised past any turn's blows, so a game runs
//! as long as `--turns` asks while fungi spread, bats flutter and the
//! dead rot around it.

use bevy::prelude::*;

use super::bot;
use crate::vocab::components::{Health, Hero, Stomach};
use crate::vocab::intents::Action;
use crate::vocab::resources::Dungeon;

/// The level the waiting hero goes down to and stays on.
pub const WAIT_ON_DEPTH: u32 = 2;

/// The HP the waiting hero is raised to once it waits: no turn's blows
/// come near it.
const WAITING_HP: i32 = 1_000_000;

/// The waiting hero's next action: the bot's until it reaches its level,
/// then a wait.
pub(super) fn choose(world: &mut World) -> Action {
    if waiting(world) {
        Action::Wait
    } else {
        bot::choose(world)
    }
}

/// Whether the hero has reached the level it waits on.
fn waiting(world: &World) -> bool {
    world
        .get_resource::<Dungeon>()
        .is_some_and(|d| d.depth >= WAIT_ON_DEPTH)
}

/// Fills the hero's stomach and heals it, raising its HP once it waits.
pub(super) fn keep_alive(world: &mut World) {
    let waiting = waiting(world);
    let mut hero = world.query_filtered::<(&mut Health, &mut Stomach), With<Hero>>();
    for (mut health, mut stomach) in hero.iter_mut(world) {
        if waiting {
            health.max = health.max.max(WAITING_HP);
        }
        health.hp = health.max;
        stomach.food = stomach.max;
    }
}
