//! A simple player on the same actions as the keys: it fights what is next
//! to it, drinks a potion below 30% HP, eats when Hungry, wears better
//! gear, picks things up, explores, and goes down once a level is explored.

use bevy::prelude::*;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::{Bump, Dir, Pos, Tile};

use crate::NewGame;
use crate::combat::Corpse;
use crate::creatures::{Creature, Health};
use crate::data::ItemEffect;
use crate::explore::{Goal, next_step};
use crate::fov::{Seen, Sight};
use crate::hunger::{Hunger, Stomach};
use crate::items::use_item::Equipment;
use crate::items::{Item, PACK_SIZE, Pack};
use crate::levels::Dungeon;
use crate::map::{GridPos, Hero, Level};
use crate::turn::Action;
use crate::turn::TurnCount;

/// The bot's reusable path map.
#[derive(Resource)]
struct BotMap(DijkstraMap);

/// Turns the bot spends exploring a level before it heads down once it
/// knows the stairs (sooner when hungry).
const EXPLORE_TURNS: u64 = 250;

/// The bot's next action in the game in `world`.
pub fn choose(world: &mut World) -> Action {
    let Some(hero) = world
        .query_filtered::<Entity, With<Hero>>()
        .iter(world)
        .next()
    else {
        return Action::Wait;
    };
    let at = world.get::<GridPos>(hero).map_or(Pos::default(), |p| p.0);
    fight(world, at)
        .or_else(|| drink(world, hero))
        .or_else(|| eat(world, hero, at))
        .or_else(|| dress(world, hero))
        .or_else(|| pick_up(world, hero, at))
        .or_else(|| travel(world, hero, at))
        .unwrap_or(Action::Wait)
}

/// A blow at a living creature next to the hero that it can reach.
fn fight(world: &mut World, at: Pos) -> Option<Action> {
    let level = world.resource::<Level>().terrain.clone();
    let mut creatures = world.query_filtered::<(&GridPos, &Health), With<Creature>>();
    let target = creatures
        .iter(world)
        .filter(|(pos, health)| health.hp > 0 && pos.0.chebyshev(at) == 1)
        .map(|(pos, _)| pos.0)
        .min()?;
    let dir = Dir::ALL.into_iter().find(|&d| at.step(d) == target)?;
    matches!(level.bump(at, dir), Bump::Move(_)).then_some(Action::Move(dir))
}

/// The pack's items with their effects (a corpse's food is its own).
fn pack_effects(world: &World, hero: Entity) -> Vec<(Entity, ItemEffect)> {
    let book = &world.resource::<NewGame>().items;
    let pack = world
        .get::<Pack>(hero)
        .map(|p| p.0.clone())
        .unwrap_or_default();
    pack.into_iter()
        .filter_map(|e| {
            let item = world.get::<Item>(e)?;
            let effect = match world.get::<Corpse>(e) {
                Some(corpse) => ItemEffect::Food(corpse.food),
                None => book.kinds.get(item.kind)?.effect,
            };
            Some((e, effect))
        })
        .collect()
}

fn drink(world: &World, hero: Entity) -> Option<Action> {
    let health = world.get::<Health>(hero)?;
    if health.hp * 10 >= health.max * 3 {
        return None;
    }
    let potion = pack_effects(world, hero)
        .into_iter()
        .find(|(_, effect)| matches!(effect, ItemEffect::Heal(_)))?;
    Some(Action::Use(potion.0))
}

fn eat(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let hungry = world
        .get::<Stomach>(hero)
        .is_some_and(|s| s.state <= Hunger::Hungry);
    if !hungry {
        return None;
    }
    let food = pack_effects(world, hero)
        .into_iter()
        .filter_map(|(e, effect)| match effect {
            ItemEffect::Food(value) => Some((value, e)),
            _ => None,
        })
        .max_by_key(|(value, e)| (*value, std::cmp::Reverse(*e)));
    if let Some((_, meal)) = food {
        return Some(Action::Use(meal));
    }
    let mut lying = world.query_filtered::<&GridPos, (With<Corpse>, Without<Hero>)>();
    lying
        .iter(world)
        .any(|pos| pos.0 == at)
        .then_some(Action::Eat)
}

/// Wears a weapon or armour better than what is worn.
fn dress(world: &World, hero: Entity) -> Option<Action> {
    let equipment = *world.get::<Equipment>(hero)?;
    let effects = pack_effects(world, hero);
    let worn_value = |slot: Option<Entity>| {
        slot.and_then(|e| effects.iter().find(|(x, _)| *x == e))
            .map_or(0, |(_, effect)| gear_value(*effect))
    };
    let (weapon, armour) = (worn_value(equipment.weapon), worn_value(equipment.armour));
    effects
        .iter()
        .find(|(e, effect)| {
            !equipment.is_worn(*e)
                && match effect {
                    ItemEffect::Weapon(v) => *v > weapon,
                    ItemEffect::Armour(v) => *v > armour,
                    _ => false,
                }
        })
        .map(|(e, _)| Action::Use(*e))
}

fn gear_value(effect: ItemEffect) -> i32 {
    match effect {
        ItemEffect::Weapon(v) | ItemEffect::Armour(v) => v,
        _ => 0,
    }
}

fn pick_up(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let room = world
        .get::<Pack>(hero)
        .is_some_and(|p| p.0.len() < PACK_SIZE);
    let mut lying = world.query_filtered::<&GridPos, (With<Item>, Without<Hero>)>();
    let here = lying.iter(world).any(|pos| pos.0 == at);
    (room && here).then_some(Action::PickUp)
}

/// Whether the bot has explored this level long enough, or is too hungry
/// to explore on.
fn time_to_go_down(world: &mut World, hero: Entity) -> bool {
    let arrived = world.get_resource::<Dungeon>().map_or(0, |d| d.arrived);
    let turn = world.resource::<TurnCount>().0;
    let hungry = world
        .get::<Stomach>(hero)
        .is_some_and(|s| s.state <= Hunger::Hungry);
    hungry || turn >= arrived + EXPLORE_TURNS
}

/// Explores; heads for the stairs down once the level is explored, or
/// explored long enough, and takes them.
fn travel(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let leaving = time_to_go_down(world, hero);
    let terrain = world.resource::<Level>().terrain.clone();
    if !world.contains_resource::<BotMap>() {
        world.insert_resource(BotMap(DijkstraMap::new(1, 1)));
    }
    world.resource_scope(|world, mut map: Mut<BotMap>| {
        let sight = world.get_resource::<Sight>()?;
        if leaving && let Some(dir) = next_step(&mut map.0, &terrain, sight, Goal::StairsDown, at) {
            return Some(Action::Move(dir));
        }
        let explore = next_step(&mut map.0, &terrain, sight, Goal::Unexplored, at);
        let on_stairs = terrain.tile(at) == Tile::StairsDown && sight.seen(at) != Seen::Unseen;
        if on_stairs && (leaving || explore.is_none()) {
            return Some(Action::Descend);
        }
        if let Some(dir) = explore {
            return Some(Action::Move(dir));
        }
        next_step(&mut map.0, &terrain, sight, Goal::StairsDown, at).map(Action::Move)
    })
}
