//! A second player for the sim, playing as a newcomer does with the keys:
//! `x` to explore and `>` to walk to the stairs, a bump at whatever stands
//! next to it, a potion when low, food when hungry, better gear worn. Its
//! games count how often those walks stop for a creature, level by level:
//! the chores the first hour meets (`Report::explore_stops`).

use bevy::prelude::*;
use gloomdelve_core::{Pos, Tile};

use super::bot;
use crate::rules::explore::{Walking, is_pest, knows_stairs_down, pest_attack};
use crate::vocab::components::{Creature, Fighter, Harmless, Health};
use crate::vocab::components::{GridPos, Hero, Item, Pack};
use crate::vocab::data::ItemEffect;
use crate::vocab::game::NewGame;
use crate::vocab::intents::Action;
use crate::vocab::log::GameLog;
use crate::vocab::messages::{Goal, StartWalk};
use crate::vocab::resources::{Dungeon, Level, Seen, Sight};

/// What explore says when the level holds nothing more to see.
const EXPLORED: &str = "Nothing left to explore that you can reach.";

/// What the newcomer does next: a key's action, or a walk.
pub(super) enum Move {
    Act(Action),
    Walk(Goal),
}

/// The level (its depth and the turn of arrival) that explore has said is
/// done, if the newcomer is still on it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Explored(Option<(u32, u64)>);

/// The newcomer's next move in the game in `world`.
pub(super) fn choose(world: &mut World) -> Move {
    let Some((hero, at)) = hero_at(world) else {
        return Move::Act(Action::Wait);
    };
    let act = bot::fight(world, at)
        .or_else(|| bot::drink(world, hero))
        .or_else(|| bot::eat(world, hero, at))
        .or_else(|| bot::dress(world, hero));
    if let Some(action) = act {
        return Move::Act(action);
    }
    // A player does not press x again and again with a foe in view that
    // the walk stops for: it deals with it first, as the bot does.
    if threat_near(world, at) {
        return Move::Act(bot::choose(world));
    }
    if !level_explored(world) {
        return Move::Walk(Goal::Unexplored);
    }
    let on_stairs = world.resource::<Level>().terrain.tile(at) == Tile::StairsDown;
    let knows_stairs = world
        .get_resource::<Sight>()
        .is_some_and(|sight| knows_stairs_down(world.resource::<Level>(), sight));
    match (carries_the_key(world, hero), on_stairs, knows_stairs) {
        (false, true, _) => Move::Act(Action::Descend),
        (false, false, true) => Move::Walk(Goal::StairsDown),
        _ => Move::Act(bot::travel(world, hero, at).unwrap_or(Action::Wait)),
    }
}

/// Starts a walk to `goal` and lets it run until it stops; notes a level
/// that explore has finished.
pub(super) fn walk(app: &mut App, goal: Goal) {
    app.world_mut().write_message(StartWalk(goal));
    app.update();
    while app.world().contains_resource::<Walking>() && super::still_playing(app) {
        app.update();
        super::settle(app);
    }
    let said = app
        .world()
        .resource::<GameLog>()
        .entries()
        .last()
        .map(|entry| entry.text.clone());
    if said.as_deref() == Some(EXPLORED) {
        let here = this_level(app.world());
        app.world_mut().insert_resource(Explored(here));
    }
}

/// How near a threat keeps the newcomer off its walks.
const THREAT_RANGE: i32 = 3;

/// Whether a creature in view that a walk stops for (neither harmless nor
/// a pest: see `RulesData::pest_share`) stands within [`THREAT_RANGE`].
fn threat_near(world: &mut World, at: Pos) -> bool {
    let max_hp = world
        .query_filtered::<&Health, With<Hero>>()
        .iter(world)
        .next()
        .map_or(0, |h| h.max);
    let new_game = world.resource::<NewGame>().clone();
    let (book, pest_attack) = (&new_game.creatures, pest_attack(&new_game.rules, max_hp));
    let near: Vec<(Pos, bool)> = world
        .query::<(&GridPos, &Fighter, Has<Harmless>, &Creature)>()
        .iter(world)
        .filter(|(pos, ..)| pos.0.chebyshev(at) <= THREAT_RANGE)
        .map(|(pos, fighter, harmless, creature)| {
            let kind = &book.kinds[creature.kind];
            let threat = !harmless && !is_pest(Some(fighter), kind, pest_attack);
            (pos.0, threat)
        })
        .collect();
    let Some(sight) = world.get_resource::<Sight>() else {
        return false;
    };
    near.into_iter()
        .any(|(pos, threat)| threat && sight.seen(pos) == Seen::Visible)
}

fn hero_at(world: &mut World) -> Option<(Entity, Pos)> {
    let mut heroes = world.query_filtered::<(Entity, &GridPos), With<Hero>>();
    heroes.iter(world).next().map(|(hero, pos)| (hero, pos.0))
}

/// The level being played: its depth and the turn the hero arrived.
fn this_level(world: &World) -> Option<(u32, u64)> {
    world
        .get_resource::<Dungeon>()
        .map(|dungeon| (dungeon.depth, dungeon.arrived))
}

fn level_explored(world: &World) -> bool {
    let explored = world.get_resource::<Explored>().and_then(|e| e.0);
    explored.is_some() && explored == this_level(world)
}

fn carries_the_key(world: &World, hero: Entity) -> bool {
    let book = &world.resource::<NewGame>().items;
    world.get::<Pack>(hero).is_some_and(|pack| {
        pack.0.iter().any(|&item| {
            world
                .get::<Item>(item)
                .is_some_and(|item| book.kinds[item.kind].effect == ItemEffect::Key)
        })
    })
}
