//! The dungeon: the surface at depth 0 and the levels below it. Only the
//! current level lives in the world; the others are kept as data, exactly
//! as the hero left them, and caught up on the hero's return by the turns
//! it spent away (`rules/ecology/catch_up.rs`). Stairs move the hero
//! between them.

pub mod generate;
pub mod records;

use bevy::prelude::*;
use gloomdelve_core::{Pos, Terrain, Tile};

use crate::rules::ecology::catch_up::{Away, catch_up};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::components::{Item, Pack};
use crate::vocab::data::ItemEffect;
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::records::StoredLevel;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::Level;
use crate::vocab::resources::NewLevel;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::resources::Travel;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::Way;
use crate::vocab::resources::Won;
use crate::vocab::states::Screen;
use crate::vocab::states::TurnPhase;
use records::{restore_level, stash_level};

pub(super) fn plugin(app: &mut App) {
    app.reset_on_new_game::<Travel>();
    app.remove_on_new_game::<Dungeon>();
    app.remove_on_new_game::<Won>();
    app.add_systems(
        Update,
        start_travel
            .after(TurnPhase::UpdateHud)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnEnter(Screen::Travelling), change_level);
}

/// The first stairs of `kind` on the terrain, in scan order.
pub fn find_stairs(terrain: &Terrain, kind: Tile) -> Option<Pos> {
    terrain.stairs(kind).first().copied()
}

/// Leaves the level once the turn that took the stairs is over.
fn start_travel(
    travel: Res<Travel>,
    hero: Single<&crate::vocab::components::Health, With<Hero>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if travel.0.is_some() && hero.hp > 0 {
        next.set(Screen::Travelling);
    }
}

/// Stores the level being left and brings up the next one: from storage
/// if the hero has been there, newly generated if not. The hero arrives on
/// the matching stairs.
pub(crate) fn change_level(world: &mut World) {
    let way = world.resource_mut::<Travel>().0.take();
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    let Some(way) = way else {
        return;
    };
    let mut dungeon = world.get_resource::<Dungeon>().cloned().unwrap_or_default();
    let from = dungeon.depth;
    let to = match way {
        Way::Down => from + 1,
        Way::Up => from.saturating_sub(1),
    };
    let stored = stash_level(world);
    dungeon.stored.insert(from, stored);
    match dungeon.stored.remove(&to) {
        Some(mut level) => {
            catch_up_on_return(world, &mut level, to);
            restore_level(world, level);
        }
        None => {
            let new_game = world.resource::<NewGame>().clone();
            world.insert_resource(generate::level_at(&new_game, to));
            world.insert_resource(NewLevel);
            world.remove_resource::<crate::vocab::resources::Sight>();
        }
    }
    dungeon.depth = to;
    dungeon.deepest = dungeon.deepest.max(to);
    dungeon.arrived = world.resource::<TurnCount>().0;
    world.insert_resource(dungeon);
    world.insert_resource(crate::vocab::resources::SaveSoon);
    let arrival = arrival_point(world.resource::<Level>(), way);
    let hero = world
        .query_filtered::<Entity, With<Hero>>()
        .single(world)
        .ok();
    if let Some(hero) = hero {
        world.entity_mut(hero).insert(GridPos(arrival));
    }
    let turn = world.resource::<TurnCount>().0;
    world
        .resource_mut::<GameLog>()
        .say(turn, arrival_message(way, to));
    if to == 0 && carries_the_key(world) {
        world.insert_resource(Won);
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Victory);
    }
}

/// A level the hero comes back to has lived on since it left it: it is
/// caught up to now (see [`catch_up`]).
///
/// [`catch_up`]: crate::rules::ecology::catch_up
fn catch_up_on_return(world: &mut World, level: &mut StoredLevel, depth: u32) {
    let Some(left) = level.left.take() else {
        return;
    };
    let now = world.resource::<TurnCount>().0;
    let new_game = world.resource::<NewGame>().clone();
    let mut next_id = *world.resource::<NextCreatureId>();
    let mut away = Away {
        new_game: &new_game,
        depth,
        next_id: &mut next_id,
    };
    catch_up(level, (left, now), &mut away);
    world.insert_resource(next_id);
}

/// The stairs the hero arrives on: up stairs going down, down stairs going up.
fn arrival_point(level: &Level, way: Way) -> Pos {
    let stairs = match way {
        Way::Down => Tile::StairsUp,
        Way::Up => Tile::StairsDown,
    };
    find_stairs(&level.terrain, stairs).unwrap_or(level.start)
}

fn arrival_message(way: Way, depth: u32) -> String {
    match (way, depth) {
        (Way::Up, 0) => "You climb back out into the daylight.".to_string(),
        (Way::Up, _) => format!("You climb up to level {depth}."),
        (Way::Down, _) => format!("You go down to level {depth}."),
    }
}

/// Whether the hero's pack holds the Gold Key.
pub(crate) fn carries_the_key(world: &mut World) -> bool {
    let new_game = world.resource::<NewGame>().clone();
    let Ok(pack) = world
        .query_filtered::<&Pack, With<Hero>>()
        .single(world)
        .cloned()
    else {
        return false;
    };
    pack.0.iter().any(|&entity| {
        world
            .get::<Item>(entity)
            .is_some_and(|item| new_game.items.kinds[item.kind].effect == ItemEffect::Key)
    })
}
