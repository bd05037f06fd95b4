//! A simple player on the same actions as the keys: it reads a scroll in a
//! tight spot, fights what is next to it, shoots or throws at a foe in
//! view, drinks a potion below 30% HP (regeneration below 60%), reads a
//! map on a new level and teleport when nearly dead, tries unknown
//! potions and scrolls when safe (full HP, no foe in view),
//! eats when Hungry, wears better gear, fetches what it wants, explores,
//! goes down once a level is explored (the surface once it has seen the
//! stairs), and takes the Gold Key home.

use bevy::prelude::*;
use gloomdelve_core::route::RouteMap;
use gloomdelve_core::route_costs::{TerrainCosts, first_dir};
use gloomdelve_core::{Dir, Pos, Tile};

use crate::rules::explore::{BestGear, knows_stairs_down};
use crate::rules::levels::find_stairs;
use crate::vocab::components::Equipment;
use crate::vocab::components::{Corpse, Dropped};
use crate::vocab::components::{Creature, Harmless, Health, Slumber};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::components::{Hunger, Stomach};
use crate::vocab::components::{Item, PACK_SIZE, Pack};
use crate::vocab::data::{ItemEffect, ScrollKind};
use crate::vocab::game::NewGame;
use crate::vocab::intents::Action;
use crate::vocab::lore::Lore;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::Level;
use crate::vocab::resources::Sight;
use crate::vocab::resources::TurnCount;
use crate::vocab::statuses::{Status, Statuses};

/// Turns the bot spends exploring a level before it heads down once it
/// knows the stairs (sooner when hungry).
const EXPLORE_TURNS: u64 = 250;

/// Pack slots the bot keeps for food and the Gold Key.
const SLOTS_KEPT_FREE: usize = 4;

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
    cast(world, hero, at)
        .or_else(|| fight(world, at))
        .or_else(|| shoot(world, hero, at))
        .or_else(|| shut_out_archers(world, hero, at))
        .or_else(|| close_on_archers(world, hero, at))
        .or_else(|| sneak_up(world, at))
        .or_else(|| drink(world, hero))
        .or_else(|| try_the_unknown(world, hero, at))
        .or_else(|| eat(world, hero, at))
        .or_else(|| dress(world, hero))
        .or_else(|| discard(world, hero))
        .or_else(|| pick_up(world, hero, at))
        .or_else(|| travel(world, hero, at))
        .unwrap_or(Action::Wait)
}

/// A blow at a living creature next to the hero that it can reach. Fungi
/// cannot hurt, so they are struck only when in the way.
pub(super) fn fight(world: &mut World, at: Pos) -> Option<Action> {
    let target = adjacent_foe(world, at)?;
    let dir = Dir::ALL.into_iter().find(|&d| at.step(d) == target)?;
    let terrain = &world.resource::<Level>().terrain;
    terrain.can_step(at, dir).then_some(Action::Move(dir))
}

/// With no foe next to it, shoots at (with a bow and arrows) or throws a
/// missile at the nearest foe in view that the missile would reach first.
fn shoot(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let packed = pack_effects(world, hero);
    let bow = packed.iter().find_map(|(_, effect)| match effect {
        ItemEffect::Bow(bow) => Some(bow.range),
        _ => None,
    });
    let first = |wanted: fn(&ItemEffect) -> bool| {
        packed
            .iter()
            .find(|(_, effect)| wanted(effect))
            .map(|(e, effect)| (*e, *effect))
    };
    let ammo = first(|e| matches!(e, ItemEffect::Ammo(_)));
    let thrown = first(|e| matches!(e, ItemEffect::Thrown(_)));
    // The missile thrown by hand, or `None` for the bow.
    let (range, thrown) = match (bow, ammo, thrown) {
        (Some(range), Some(_), _) => (range, None),
        (_, _, Some((item, effect))) => (effect.thrown()?.range, Some(item)),
        _ => return None,
    };
    let target = foe_in_line(world, hero, at, range)?;
    Some(match thrown {
        Some(item) => Action::Throw { item, target },
        None => Action::Fire { target },
    })
}

/// The nearest living foe the hero sees (fungi aside), not next to it, that
/// a missile of `range` would reach before anything else.
fn foe_in_line(world: &mut World, hero: Entity, at: Pos, range: i32) -> Option<Pos> {
    let mut creatures = world.query_filtered::<
        (Entity, &GridPos, &Health, Option<&Slumber>),
        (With<Creature>, Without<Harmless>),
    >();
    let sight = world.get_resource::<Sight>()?;
    let level = world.resource::<Level>();
    let occupancy = world.resource::<crate::vocab::resources::Occupancy>();
    let distance = |p: Pos| (p.x - at.x).pow(2) + (p.y - at.y).pow(2);
    creatures
        .iter(world)
        .filter(|(_, pos, health, slumber)| {
            health.hp > 0
                && pos.0.chebyshev(at) > 1
                && !slumber.is_some_and(|s| s.asleep)
                && sight.seen(pos.0) == crate::vocab::resources::Seen::Visible
        })
        .filter(|(foe, pos, ..)| {
            let flight = crate::rules::items::missiles::flight(
                &level.terrain,
                occupancy,
                (hero, at),
                pos.0,
                range,
            );
            flight.struck == Some(*foe)
        })
        .map(|(_, pos, ..)| pos.0)
        .min_by_key(|&p| (distance(p), p))
}

/// How near a sleeping foe in view must be for the bot to creep up on it.
const SNEAK_UP_WITHIN: i32 = 6;

/// Walks at the nearest sleeping foe in view, for a blow that deals
/// double (the blow itself is [`fight`]'s, once next to it). It does not
/// shoot sleepers: a missile would wake them for half the damage.
fn sneak_up(world: &mut World, at: Pos) -> Option<Action> {
    let mut creatures = world
        .query_filtered::<(&GridPos, &Health, &Slumber), (With<Creature>, Without<Harmless>)>();
    let sight = world.get_resource::<Sight>()?;
    let nearest = creatures
        .iter(world)
        .filter(|(pos, health, slumber)| {
            slumber.asleep
                && health.hp > 0
                && pos.0.chebyshev(at) <= SNEAK_UP_WITHIN
                && sight.seen(pos.0) == crate::vocab::resources::Seen::Visible
        })
        .map(|(pos, ..)| pos.0)
        .min_by_key(|p| (p.chebyshev(at), *p))?;
    with_bot_map(world, |world, map| {
        // Walking only: a dig would wake it, or take a turn under fire.
        map.step(world, (Target::Tiles(vec![nearest]), None), at)
    })
}

/// The living archers in view within `within` tiles of `at`.
fn archers_in_view(world: &mut World, at: Pos, within: i32) -> Vec<Pos> {
    let kinds = &world.resource::<NewGame>().creatures.kinds;
    let shooters: Vec<bool> = kinds.iter().map(|k| k.shoots().is_some()).collect();
    let mut archers = world.query::<(&GridPos, &Health, &Creature)>();
    let Some(sight) = world.get_resource::<Sight>() else {
        return Vec::new();
    };
    archers
        .iter(world)
        .filter(|(pos, health, creature)| {
            shooters[creature.kind]
                && health.hp > 0
                && pos.0.chebyshev(at) <= within
                && sight.seen(pos.0) == crate::vocab::resources::Seen::Visible
        })
        .map(|(pos, ..)| pos.0)
        .collect()
}

/// Shuts the open door next to the hero that an archer in view shoots
/// through: beyond the door, along the way the door faces. Not once it is
/// time to leave: an archer opens the door again, and the bot starved so,
/// closing it turn after turn with food in its pack.
fn shut_out_archers(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let terrain = &world.resource::<Level>().terrain;
    let door = Dir::ORTHOGONAL
        .into_iter()
        .map(|d| (d, at.step(d)))
        .find(|&(_, p)| terrain.tile(p) == Tile::OpenDoor)?;
    let (dir, door_at) = door;
    let occupancy = world.resource::<crate::vocab::resources::Occupancy>();
    if !occupancy.is_free(door_at) {
        return None;
    }
    let (dx, dy) = dir.delta();
    let beyond = |p: Pos| (p.x - door_at.x) * dx + (p.y - door_at.y) * dy > 0;
    let shot_through = archers_in_view(world, at, CLOSE_ON_ARCHERS_WITHIN)
        .into_iter()
        .any(beyond);
    (shot_through && !time_to_go_down(world, hero)).then_some(Action::Close)
}

/// How near an archer in view must be for the bot to close on it.
const CLOSE_ON_ARCHERS_WITHIN: i32 = 8;

/// With nothing to shoot back, walks at the nearest archer in view: out of
/// reach it keeps shooting, next to it the bot can fight it. Once it is
/// time to leave the level (hungry, or explored long enough) it gives the
/// chase up: an archer that keeps its distance in the open can lead it
/// to and fro for ever, and the bot starved so with food in its pack.
fn close_on_archers(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let nearest = archers_in_view(world, at, CLOSE_ON_ARCHERS_WITHIN)
        .into_iter()
        .min_by_key(|p| (p.chebyshev(at), *p))?;
    if time_to_go_down(world, hero) {
        return None;
    }
    with_bot_map(world, |world, map| {
        // Walking only: a dig would wake it, or take a turn under fire.
        map.step(world, (Target::Tiles(vec![nearest]), None), at)
    })
}

/// Runs `plan` with the bot's search grid, made on first use.
fn with_bot_map<T>(world: &mut World, plan: impl FnOnce(&World, &mut BotMap) -> T) -> T {
    if !world.contains_resource::<BotMap>() {
        world.insert_resource(BotMap::default());
    }
    world.resource_scope(|world, mut map: Mut<BotMap>| plan(world, &mut map))
}

/// The pack's items the hero knows, with their effects (a corpse's food
/// is its own): a potion or scroll it has not learned is left out, as a
/// player cannot plan with what it does not know.
fn pack_effects(world: &World, hero: Entity) -> Vec<(Entity, ItemEffect)> {
    let book = &world.resource::<NewGame>().items;
    let lore = world.get_resource::<Lore>();
    let known = |item: &Item| lore.is_none_or(|l| l.knows(&book.kinds[item.kind]));
    let pack = world
        .get::<Pack>(hero)
        .map(|p| p.0.clone())
        .unwrap_or_default();
    pack.into_iter()
        .filter_map(|e| {
            let item = world.get::<Item>(e).filter(|i| known(i))?;
            Some((e, item.effect(book, world.get::<Corpse>(e))))
        })
        .collect()
}

/// Tries an unknown potion, or an unknown scroll that needs no aim (the
/// read key shows which do), when it is safe: full HP and no foe in view.
fn try_the_unknown(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let health = *world.get::<Health>(hero)?;
    if health.hp < health.max || foe_in_view(world, at) {
        return None;
    }
    let book = &world.resource::<NewGame>().items;
    let lore = world.get_resource::<Lore>()?;
    let pack = world.get::<Pack>(hero)?;
    pack.0.iter().find_map(|&e| {
        let kind = &book.kinds[world.get::<Item>(e)?.kind];
        if lore.knows(kind) {
            return None;
        }
        match kind.effect {
            ItemEffect::Scroll(scroll) if scroll.is_aimed() => None,
            ItemEffect::Scroll(_) => Some(Action::Read {
                scroll: e,
                target: None,
            }),
            _ => Some(Action::Use(e)),
        }
    })
}

/// Whether a living foe (not a harmless fungus) is in view.
fn foe_in_view(world: &mut World, at: Pos) -> bool {
    let mut creatures =
        world.query_filtered::<(&GridPos, &Health), (With<Creature>, Without<Harmless>)>();
    let Some(sight) = world.get_resource::<Sight>() else {
        return false;
    };
    creatures.iter(world).any(|(pos, health)| {
        health.hp > 0 && pos.0 != at && sight.seen(pos.0) == crate::vocab::resources::Seen::Visible
    })
}

/// In a tight spot (below half HP with a foe next to it), reads lightning
/// at the nearest foe, or paralysis on the one next to it.
fn cast(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let health = *world.get::<Health>(hero)?;
    if !hp_below(&health, 1, 2) {
        return None;
    }
    let foe = adjacent_foe(world, at)?;
    let scrolls = pack_effects(world, hero);
    let scroll = |kind: ScrollKind| {
        scrolls
            .iter()
            .find(|(_, effect)| *effect == ItemEffect::Scroll(kind))
            .map(|(e, _)| *e)
    };
    if let Some(lightning) = scroll(ScrollKind::Lightning) {
        return Some(Action::Read {
            scroll: lightning,
            target: None,
        });
    }
    if let Some(paralysis) = scroll(ScrollKind::Paralyze) {
        return Some(Action::Read {
            scroll: paralysis,
            target: Some(foe),
        });
    }
    // Nearly dead with no potion to drink: away, far off.
    let no_potion = !scrolls
        .iter()
        .any(|(_, effect)| matches!(effect, ItemEffect::Heal(_)));
    let dying = hp_below(&health, 3, 10);
    scroll(ScrollKind::Teleport)
        .filter(|_| dying && no_potion)
        .map(|teleport| Action::Read {
            scroll: teleport,
            target: None,
        })
}

/// Whether `health` is below `num`/`den` of its maximum, in `i64` so
/// that no HP, however large, overflows.
fn hp_below(health: &Health, num: i64, den: i64) -> bool {
    i64::from(health.hp) * den < i64::from(health.max) * num
}

/// The place of a living foe next to the hero (fungi cannot hurt, so they
/// are not foes here).
fn adjacent_foe(world: &mut World, at: Pos) -> Option<Pos> {
    let mut creatures =
        world.query_filtered::<(&GridPos, &Health), (With<Creature>, Without<Harmless>)>();
    creatures
        .iter(world)
        .filter(|(pos, health)| health.hp > 0 && pos.0.chebyshev(at) == 1)
        .map(|(pos, _)| pos.0)
        .min()
}

/// Drinks a healing potion below 30% HP, a regeneration potion below 60%
/// when none is at work, and reads a map on a level it has just entered.
pub(super) fn drink(world: &World, hero: Entity) -> Option<Action> {
    let health = world.get::<Health>(hero)?;
    let packed = pack_effects(world, hero);
    let first = |wanted: fn(&ItemEffect) -> bool| {
        packed
            .iter()
            .find(|(_, effect)| wanted(effect))
            .map(|(e, _)| *e)
    };
    let regenerating = world
        .get::<Statuses>(hero)
        .is_some_and(|s| s.has(Status::Regenerating));
    let healing = first(|e| matches!(e, ItemEffect::Heal(_)))
        .filter(|_| hp_below(health, 3, 10))
        .map(Action::Use);
    let regenerate = || {
        first(|e| matches!(e, ItemEffect::Regenerate(_)))
            .filter(|_| hp_below(health, 6, 10) && !regenerating)
            .map(Action::Use)
    };
    let map = || {
        first(|e| *e == ItemEffect::Scroll(ScrollKind::Mapping))
            .filter(|_| !knows_the_way_down(world))
            .map(|scroll| Action::Read {
                scroll,
                target: None,
            })
    };
    healing.or_else(regenerate).or_else(map)
}

/// Whether the hero has seen the stairs down on this level.
fn knows_the_way_down(world: &World) -> bool {
    world
        .get_resource::<Sight>()
        .is_some_and(|sight| knows_stairs_down(world.resource::<Level>(), sight))
}

pub(super) fn eat(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    if !hungry(world, hero) {
        return None;
    }
    // The most food, the first in the pack among equals: never the entity
    // number, which a saved game does not keep.
    let food = pack_effects(world, hero)
        .into_iter()
        .enumerate()
        .filter_map(|(slot, (e, effect))| match effect {
            ItemEffect::Food(value) => Some((value, std::cmp::Reverse(slot), e)),
            _ => None,
        })
        .max_by_key(|(value, slot, _)| (*value, *slot));
    if let Some((.., meal)) = food {
        return Some(Action::Use(meal));
    }
    // Bones are no food: only a body that still holds some is eaten.
    let mut lying = world.query_filtered::<(&GridPos, &Corpse), Without<Hero>>();
    lying
        .iter(world)
        .any(|(pos, body)| pos.0 == at && !body.bones)
        .then_some(Action::Eat)
}

/// Wears a weapon or armour better than what is worn.
pub(super) fn dress(world: &World, hero: Entity) -> Option<Action> {
    let equipment = *world.get::<Equipment>(hero)?;
    let effects = pack_effects(world, hero);
    let (weapon, armour) = worn_values(&equipment, &effects);
    effects
        .iter()
        .find(|(e, effect)| {
            !equipment.is_worn(*e)
                && !costs_food(world, *e)
                && match effect {
                    ItemEffect::Weapon(v) => *v > weapon,
                    ItemEffect::Armour(v) => *v > armour,
                    _ => false,
                }
        })
        .map(|(e, _)| Action::Use(*e))
}

/// The numbers of the weapon and the armour worn, 0 for none.
fn worn_values(equipment: &Equipment, effects: &[(Entity, ItemEffect)]) -> (i32, i32) {
    let worn = |slot: Option<Entity>| {
        slot.and_then(|e| effects.iter().find(|(x, _)| *x == e))
            .map_or(0, |(_, effect)| gear_value(*effect))
    };
    (worn(equipment.weapon), worn(equipment.armour))
}

/// Whether wearing `item` costs food: not worth a hungry dungeon's rations.
fn costs_food(world: &World, item: Entity) -> bool {
    let book = &world.resource::<NewGame>().items;
    world
        .get::<Item>(item)
        .is_some_and(|item| book.kinds[item.kind].food_per_turn > 0)
}

/// With the pack nearly full (walking over things picks them up), drops
/// gear it will not wear: no better than what it wears, or a bow besides
/// the first. The Key and food always find room then.
fn discard(world: &World, hero: Entity) -> Option<Action> {
    let pack = world.get::<Pack>(hero)?;
    let used = crate::rules::items::slots_in_world(world, pack).len();
    if used + SLOTS_KEPT_FREE < PACK_SIZE {
        return None;
    }
    let equipment = *world.get::<Equipment>(hero)?;
    let effects = pack_effects(world, hero);
    let (weapon, armour) = worn_values(&equipment, &effects);
    let first_bow = effects
        .iter()
        .find(|(_, effect)| matches!(effect, ItemEffect::Bow(_)))
        .map(|(e, _)| *e);
    effects
        .iter()
        .find(|(e, effect)| {
            !equipment.is_worn(*e)
                && match effect {
                    ItemEffect::Weapon(v) => *v <= weapon,
                    ItemEffect::Armour(v) => *v <= armour || costs_food(world, *e),
                    ItemEffect::Bow(_) => first_bow != Some(*e),
                    ItemEffect::Weaken(_) => true,
                    _ => false,
                }
        })
        .map(|(e, _)| Action::Drop(*e))
}

fn gear_value(effect: ItemEffect) -> i32 {
    match effect {
        ItemEffect::Weapon(v) | ItemEffect::Armour(v) => v,
        _ => 0,
    }
}

fn pick_up(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let worth_it = worth_taking(world, hero)?;
    let here = lying_items(world)
        .into_iter()
        .any(|(pos, corpse, effect)| pos == at && worth_it(corpse.as_ref(), effect));
    here.then_some(Action::PickUp)
}

/// The items lying on the map, with their corpse state and effect; what
/// the bot dropped it leaves be.
fn lying_items(world: &mut World) -> Vec<(Pos, Option<Corpse>, ItemEffect)> {
    let mut lying = world
        .query_filtered::<(&GridPos, &Item, Option<&Corpse>), (Without<Hero>, Without<Dropped>)>();
    let book = &world.resource::<NewGame>().items;
    lying
        .iter(world)
        .filter_map(|(pos, item, corpse)| {
            let effect = book.kinds.get(item.kind)?.effect;
            Some((pos.0, corpse.cloned(), effect))
        })
        .collect()
}

/// What the bot takes, when the pack has room: food and the key always;
/// gear better than what it wears, potions and scrolls while it keeps
/// [`SLOTS_KEPT_FREE`] slots free for those; a fresh corpse when it is
/// hungry with no food packed.
fn worth_taking(
    world: &World,
    hero: Entity,
) -> Option<impl Fn(Option<&Corpse>, ItemEffect) -> bool + use<>> {
    // Slots, not items: a stack of potions takes one.
    let carried = world.get::<Pack>(hero).map_or(PACK_SIZE, |p| {
        crate::rules::items::slots_in_world(world, p).len()
    });
    let room = carried < PACK_SIZE;
    let spare = carried + SLOTS_KEPT_FREE < PACK_SIZE;
    let packed = pack_effects(world, hero);
    let want_meat = hungry(world, hero)
        && !packed
            .iter()
            .any(|(_, effect)| matches!(effect, ItemEffect::Food(_)));
    let best = BestGear::of(packed.iter().map(|(_, effect)| *effect));
    let judge = move |corpse: Option<&Corpse>, effect: ItemEffect| match (corpse, effect) {
        (Some(corpse), _) => want_meat && !corpse.rotten,
        (None, ItemEffect::Food(_) | ItemEffect::Key | ItemEffect::Coins(_)) => true,
        (None, ItemEffect::Weapon(_) | ItemEffect::Armour(_) | ItemEffect::Bow(_)) => {
            spare && best.is_beaten_by(effect)
        }
        (None, _) => spare,
    };
    room.then_some(judge)
}

/// Whether the bot has explored this level long enough, or is too hungry
/// to explore on. On the surface, as a player who has read "find the
/// stairs down", it goes down as soon as it has seen them: the meadow
/// stays there to come back to.
fn time_to_go_down(world: &World, hero: Entity) -> bool {
    let dungeon = world.get_resource::<Dungeon>();
    let arrived = dungeon.map_or(0, |d| d.arrived);
    let turn = world.resource::<TurnCount>().0;
    let on_the_surface = dungeon.is_some_and(|d| d.depth == 0);
    let stairs_seen = knows_the_way_down(world);
    hungry(world, hero) || turn >= arrived + EXPLORE_TURNS || (on_the_surface && stairs_seen)
}

fn hungry(world: &World, hero: Entity) -> bool {
    world
        .get::<Stomach>(hero)
        .is_some_and(|s| s.state <= Hunger::Hungry)
}

/// Heads for the stairs once it is time to leave; otherwise fetches the
/// things it wants, explores, and goes down once nothing is left.
pub(super) fn travel(world: &mut World, hero: Entity, at: Pos) -> Option<Action> {
    let leaving = time_to_go_down(world, hero);
    let wanted = wanted_items(world, hero, at);
    let homeward = pack_effects(world, hero)
        .iter()
        .any(|(_, effect)| *effect == ItemEffect::Key);
    with_bot_map(world, |world, map| {
        let dig = route_dig_cost(world, hero);
        let mut towards = |target: Target| map.step(world, (target, dig), at);
        let underfoot = world.resource::<Level>().terrain.tile(at);
        if homeward {
            if underfoot == Tile::StairsUp {
                return Some(Action::Ascend);
            }
            if let Some(step) = towards(Target::StairsUp) {
                return Some(step);
            }
        }
        let on_stairs = underfoot == Tile::StairsDown;
        if leaving {
            if on_stairs {
                return Some(Action::Descend);
            }
            if let Some(step) = towards(Target::StairsDown) {
                return Some(step);
            }
        }
        towards(Target::Tiles(wanted))
            .or_else(|| towards(Target::Unexplored))
            .or_else(|| on_stairs.then_some(Action::Descend))
            .or_else(|| towards(Target::StairsDown))
    })
}

/// The known tiles, other than the hero's, holding something the bot
/// would take.
fn wanted_items(world: &mut World, hero: Entity, at: Pos) -> Vec<Pos> {
    let Some(worth_it) = worth_taking(world, hero) else {
        return Vec::new();
    };
    let lying = lying_items(world);
    let Some(sight) = world.get_resource::<Sight>() else {
        return Vec::new();
    };
    let mut tiles: Vec<Pos> = lying
        .into_iter()
        .filter(|(pos, corpse, effect)| {
            *pos != at && sight.knows(*pos) && worth_it(corpse.as_ref(), *effect)
        })
        .map(|(pos, ..)| pos)
        .collect();
    tiles.sort_unstable();
    tiles.dedup();
    tiles
}

/// Where the bot is heading.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Unexplored,
    StairsDown,
    StairsUp,
    Tiles(Vec<Pos>),
}

/// The bot's reusable route planner, the one travel and explore use.
#[derive(Resource)]
struct BotMap(RouteMap);

impl Default for BotMap {
    fn default() -> Self {
        Self(RouteMap::new(1, 1))
    }
}

impl BotMap {
    /// The first step from `at` towards the nearest tile of `target`:
    /// the first step of the cheapest route over the known map, searching
    /// outward from the hero (on the 600×600 hunt world this costs the
    /// nearby tiles only). A route may dig as the hero's travel does: then
    /// the step is a dig.
    fn step(
        &mut self,
        world: &World,
        (target, dig): (Target, Option<u32>),
        at: Pos,
    ) -> Option<Action> {
        let terrain = &world.resource::<Level>().terrain;
        let sight = world.get_resource::<Sight>()?;
        let costs = TerrainCosts::new(terrain, |p: Pos| sight.knows(p), dig);
        // A level has one stairs of each kind at most: a known one is the
        // only goal, and with none known there is nothing to search for.
        let known_stairs = |stairs: Tile| find_stairs(terrain, stairs).filter(|&p| sight.knows(p));
        let route = match target {
            Target::Unexplored => costs.search(&mut self.0, at, |p| costs.is_frontier(p)),
            Target::StairsDown => costs.search_to(&mut self.0, at, known_stairs(Tile::StairsDown)?),
            Target::StairsUp => costs.search_to(&mut self.0, at, known_stairs(Tile::StairsUp)?),
            Target::Tiles(tiles) if tiles.is_empty() => return None,
            Target::Tiles(tiles) => {
                costs.search(&mut self.0, at, |p| tiles.binary_search(&p).is_ok())
            }
        }?;
        let dir = first_dir(at, &route)?;
        Some(if costs.digs(at.step(dir)) {
            Action::Dig(dir)
        } else {
            Action::Move(dir)
        })
    }
}

/// What the hero's routes price a step through rock at, as travel does;
/// `None` when the setting says routes may not dig.
fn route_dig_cost(world: &World, hero: Entity) -> Option<u32> {
    let may_dig = world
        .get_resource::<crate::vocab::resources::RoutesMayDig>()
        .copied()
        .unwrap_or_default();
    let rules = &world.resource::<NewGame>().rules;
    crate::rules::explore::route_dig_cost(rules, may_dig, world.get::<Stomach>(hero))
}
