//! Auto-explore (`x`) and travel to the known stairs down (`>` off the
//! stairs): the hero walks one turn per step down a Dijkstra map of the
//! map it knows, towards the nearest unexplored place or item it wants
//! (`wanted.rs`), going around the fungi it knows of where it can (on the
//! surface, once the stairs down are seen, only to what it wants in view),
//! and stops, always saying why: when a monster that can really hurt comes
//! into view or would be next to its step (pests, such as bats, whose
//! attack is a small share of its HP, are swatted when alongside and
//! otherwise walked past; fungi never stop it), when a blow lands (above
//! half HP a pest's bites are shrugged off), when it falls sick, when it
//! grows hungry, when something it would want but cannot take lies
//! underfoot (a full pack), or a fresh corpse when it is hungry, or when
//! there is nowhere left to go. Each stop is told as a [`WalkStopped`].

pub mod rooms;
mod wanted;

use std::collections::BTreeSet;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::bindings::KeyAction;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::route::{Route, RouteMap};
use gloomdelve_core::route_costs::{TerrainCosts, first_dir};
use gloomdelve_core::{Dir, Pos, Rect, Terrain, Tile};

use crate::vocab::components::{Corpse, Dropped};
use crate::vocab::components::{Creature, CreatureId, Fighter, Harmless, Health};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::components::{Hunger, Stomach};
use crate::vocab::components::{Item, PACK_SIZE, Pack};
use crate::vocab::data::{Behaviour, CreatureBook, CreatureKind};
use crate::vocab::game::NewGame;
use crate::vocab::intents::{Action, PendingAction};
use crate::vocab::log::GameLog;
use crate::vocab::messages::Goal;
use crate::vocab::messages::StartWalk;
use crate::vocab::messages::WalkStopped;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::KnownRooms;
use crate::vocab::resources::Level;
use crate::vocab::resources::RoutesMayDig;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::Screen;
use crate::vocab::states::TurnPhase;
use crate::vocab::statuses::{Status, Statuses};
use crate::vocab::text;
pub use wanted::{BestGear, Carrying, Lying};

/// What the walk knows of the hero, as it was at the last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Condition {
    hp: i32,
    max_hp: i32,
    hunger: Option<Hunger>,
    sick: bool,
}

/// A walk in progress, with what the hero was like when it last stepped.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Walking {
    pub goal: Goal,
    last: Condition,
    steps: u32,
    last_step: Duration,
    /// Whether it has dug yet (it says so at its first dig).
    tunnelled: bool,
}

/// The time between two steps of a walk (zero in tests and the sim).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct WalkPace(pub Duration);

/// The creatures the hero has seen (by id): only a newcomer stops a walk.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownMonsters(pub BTreeSet<u64>);

/// The maps walks reuse, sized to the level: the route planner, and the
/// hunt's chart of the known map to choose a room's frontier by.
#[derive(Debug)]
pub struct WalkMaps {
    route: RouteMap,
    rooms: DijkstraMap,
}

impl Default for WalkMaps {
    fn default() -> Self {
        Self {
            route: RouteMap::new(1, 1),
            rooms: DijkstraMap::new(1, 1),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartWalk>();
    app.add_message::<WalkStopped>();
    app.init_resource::<WalkPace>();
    app.init_resource::<RoutesMayDig>();
    app.reset_on_new_game::<KnownMonsters>();
    app.remove_on_new_game::<Walking>();
    app.add_systems(
        Update,
        (start_walk, take_a_step)
            .chain()
            .before(TurnPhase::HeroActs)
            .run_if(in_state(Screen::Playing).and_eager(resource_exists::<Level>)),
    );
    app.add_systems(
        Update,
        learn_monsters
            .in_set(TurnPhase::UpdateHud)
            .run_if(not(resource_exists::<Walking>).and_eager(resource_exists::<Sight>)),
    );
    app.add_systems(OnExit(Screen::Playing), stop_walking);
}

/// A creature in view.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spotted {
    id: u64,
    at: Pos,
    name: String,
    harmless: bool,
    /// It can hurt, but little (see `RulesData::pest_share`).
    pest: bool,
}

impl Spotted {
    /// Whether it is worth a walk's stop: neither harmless nor a pest.
    fn threatens(&self) -> bool {
        !self.harmless && !self.pest
    }
}

type CreatureQuery<'w, 's> = Query<
    'w,
    's,
    (
        &'static CreatureId,
        &'static GridPos,
        &'static Name,
        Has<Harmless>,
        Option<&'static Fighter>,
        &'static Creature,
    ),
>;

/// The attack at or under which a creature is a pest to a hero of
/// `max_hp` (see `RulesData::pest_share`).
pub(crate) fn pest_attack(rules: &crate::vocab::data::RulesData, max_hp: i32) -> f64 {
    rules.pest_share * f64::from(max_hp)
}

/// Whether a creature of `kind` that fights with `fighter` is a pest: its
/// attack is at most `pest_attack`, and it neither steals nor shoots.
pub(crate) fn is_pest(fighter: Option<&Fighter>, kind: &CreatureKind, pest_attack: f64) -> bool {
    let worse_than_its_bite = [Behaviour::Steals, Behaviour::Shoots(String::new())];
    !worse_than_its_bite.iter().any(|b| kind.does(b))
        && fighter.is_some_and(|f| f64::from(f.attack) <= pest_attack)
}

/// The creatures in view, each marked a pest or not (see [`is_pest`]).
fn creatures_in_view(
    sight: &Sight,
    (creatures, book): (&CreatureQuery, &CreatureBook),
    pest_attack: f64,
) -> Vec<Spotted> {
    creatures
        .iter()
        .filter(|(_, pos, ..)| sight.seen(pos.0) == Seen::Visible)
        .map(|(id, pos, name, harmless, fighter, creature)| Spotted {
            id: id.0,
            at: pos.0,
            name: name.to_string(),
            harmless,
            pest: is_pest(fighter, &book.kinds[creature.kind], pest_attack),
        })
        .collect()
}

/// Outside walks, what the hero sees becomes known.
fn learn_monsters(
    sight: Res<Sight>,
    creatures: CreatureQuery,
    new_game: Res<NewGame>,
    mut known: ResMut<KnownMonsters>,
) {
    for spotted in creatures_in_view(&sight, (&creatures, &new_game.creatures), 0.0) {
        known.0.insert(spotted.id);
    }
}

fn stop_walking(mut commands: Commands) {
    commands.remove_resource::<Walking>();
}

type HeroQuery<'w, 's> = Single<
    'w,
    's,
    (
        &'static GridPos,
        &'static Health,
        Option<&'static Stomach>,
        Option<&'static Statuses>,
        Option<&'static Pack>,
    ),
    With<Hero>,
>;

/// The hero's condition now.
fn condition(hero: &HeroQuery) -> Condition {
    let (_, health, stomach, sick, _) = **hero;
    Condition {
        hp: health.hp,
        max_hp: health.max,
        hunger: stomach.map(|s| s.state),
        sick: sick.is_some_and(|s| s.has(Status::Sick)),
    }
}

fn start_walk(
    mut starts: MessageReader<StartWalk>,
    mut commands: Commands,
    time: Res<Time>,
    hero: HeroQuery,
) {
    let Some(start) = starts.read().last() else {
        return;
    };
    commands.insert_resource(Walking {
        goal: start.0,
        last: condition(&hero),
        steps: 0,
        last_step: time.elapsed().saturating_sub(Duration::from_secs(3600)),
        tunnelled: false,
    });
}

/// Why a walk ends: what the hero reads, and whether a creature ended it.
struct Stop {
    why: String,
    creature: bool,
}

impl Stop {
    fn for_a_creature(why: String) -> Self {
        Self {
            why,
            creature: true,
        }
    }

    fn other(why: impl Into<String>) -> Self {
        Self {
            why: why.into(),
            creature: false,
        }
    }
}

/// Where a walk's end is told: the hero reads why, and whoever counts
/// them (the sim) hears of it.
#[derive(SystemParam)]
struct Ending<'w, 's> {
    commands: Commands<'w, 's>,
    log: ResMut<'w, GameLog>,
    stopped: MessageWriter<'w, WalkStopped>,
    turn: Res<'w, TurnCount>,
}

impl Ending<'_, '_> {
    fn stop(&mut self, stop: Stop) {
        self.commands.remove_resource::<Walking>();
        let turn = self.turn.0;
        self.log.say(turn, stop.why);
        self.stopped.write(WalkStopped {
            for_a_creature: stop.creature,
        });
    }
}

/// What a walk reads of the world to choose its next step.
#[derive(SystemParam)]
pub struct Surroundings<'w, 's> {
    new_game: Res<'w, NewGame>,
    keys: Res<'w, crate::vocab::keys::KeyBindings>,
    level: Res<'w, Level>,
    dungeon: Option<Res<'w, Dungeon>>,
    sight: Option<Res<'w, Sight>>,
    hero: HeroQuery<'w, 's>,
    creatures: CreatureQuery<'w, 's>,
    lying: Query<
        'w,
        's,
        (
            &'static GridPos,
            &'static Item,
            &'static Name,
            Option<&'static Corpse>,
            Has<Dropped>,
        ),
        Without<Hero>,
    >,
    carried: Query<'w, 's, (&'static Item, Option<&'static Corpse>, &'static Name)>,
    roster: Option<Res<'w, crate::rules::hunt::Roster>>,
    may_dig: Option<Res<'w, RoutesMayDig>>,
}

impl Surroundings<'_, '_> {
    /// What a route prices a step through rock at, or `None` when routes
    /// may not dig (the setting is off).
    fn dig_cost(&self) -> Option<u32> {
        let may_dig = self.may_dig.as_deref().copied().unwrap_or_default();
        let (_, _, stomach, _, _) = *self.hero;
        route_dig_cost(&self.new_game.rules, may_dig, stomach)
    }

    /// Of `rooms`, the dens of the enemies still alive (see [`dens`]).
    fn dens(&self, rooms: &[Rect]) -> Vec<Rect> {
        let Some(roster) = self.roster.as_deref() else {
            return Vec::new();
        };
        let alive: BTreeSet<u64> = self.creatures.iter().map(|(id, ..)| id.0).collect();
        dens(rooms, &roster.0, &alive)
    }

    /// What the hero carries, as far as wanting more goes.
    fn carrying(&self) -> Carrying {
        let (_, _, stomach, _, pack) = *self.hero;
        let pack = pack.map_or(&[][..], |p| &p.0[..]);
        let book = &self.new_game.items;
        let effects = pack
            .iter()
            .filter_map(|&e| self.carried.get(e).ok())
            .map(|(item, corpse, _)| item.effect(book, corpse));
        let stack = |e: Entity| {
            let (item, corpse, name) = self.carried.get(e).ok()?;
            crate::rules::items::stack_of(book, item, corpse.map(|_| name.as_str()))
        };
        Carrying {
            best: BestGear::of(effects),
            room: crate::rules::items::slots(pack, stack).len() < PACK_SIZE,
            hungry: stomach.is_some_and(|s| s.state <= Hunger::Hungry),
        }
    }

    /// Every item lying about: its tile, its name and what it is.
    fn lying(&self) -> impl Iterator<Item = (Pos, &Name, Lying)> {
        let book = &self.new_game.items;
        self.lying
            .iter()
            .map(move |(pos, item, name, corpse, dropped)| {
                let lying = Lying {
                    effect: item.effect(book, corpse),
                    corpse: corpse.map(|c| c.rotten),
                    dropped,
                };
                (pos.0, name, lying)
            })
    }

    /// The known tiles, other than the hero's, holding an item it wants.
    fn wanted_items(&self, sight: &Sight, at: Pos) -> Vec<Pos> {
        let lying = self.lying().map(|(pos, _, lying)| (pos, lying));
        wanted::wanted_tiles(lying, self.carrying(), at, |p| sight.knows(p))
    }

    /// Whether this is the delve's surface with its stairs down seen: then
    /// explore goes only for what it wants in view, then offers the stairs
    /// rather than touring every corner of the meadow.
    fn meadow_done_but_for_the_view(&self, sight: &Sight) -> bool {
        let surface = self.new_game.mode == crate::vocab::game::Mode::Delve
            && self.dungeon.as_ref().is_some_and(|d| d.depth == 0);
        surface && knows_stairs_down(&self.level, sight)
    }

    /// Where the harmless creatures (fungi, which never move) stand, of
    /// those on tiles the hero knows: a walk goes around them. Known, not
    /// only in view, so the plan does not flip as one drops out of sight.
    fn known_harmless(&self, sight: &Sight) -> Vec<Pos> {
        self.creatures
            .iter()
            .filter(|(_, pos, _, harmless, ..)| *harmless && sight.knows(pos.0))
            .map(|(_, pos, ..)| pos.0)
            .collect()
    }

    /// The name of an item lying on `at` that the hero would have wanted
    /// with room to carry it (or, hungry, to eat), if any: worth a stop.
    /// Junk, rotten meat and what it dropped are walked over.
    fn worth_stopping_for(&self, at: Pos) -> Option<&Name> {
        let carrying = self.carrying();
        self.lying()
            .find(|(pos, _, lying)| *pos == at && carrying.would_want(*lying))
            .map(|(_, name, _)| name)
    }
}

/// Decides the walk's next step, or ends it with the reason.
#[allow(clippy::too_many_arguments)]
fn take_a_step(
    walking: Option<ResMut<Walking>>,
    pace: Res<WalkPace>,
    time: Res<Time>,
    mut pending: ResMut<PendingAction>,
    mut ending: Ending,
    mut known: ResMut<KnownMonsters>,
    world: Surroundings,
    mut maps: Local<WalkMaps>,
    known_rooms: Option<Res<KnownRooms>>,
) {
    let (Some(mut walking), Some(sight)) = (walking, world.sight.as_deref()) else {
        return;
    };
    if pending.0.is_some() || time.elapsed() < walking.last_step + pace.0 {
        return;
    }
    let (hero_at, ..) = *world.hero;
    let at = hero_at.0;
    let now = condition(&world.hero);
    let rules = &world.new_game.rules;
    let pest_attack = pest_attack(rules, now.max_hp);
    let shrug = (rules.shrug_share * f64::from(now.max_hp)) as i32;
    let in_view = creatures_in_view(
        sight,
        (&world.creatures, &world.new_game.creatures),
        pest_attack,
    );
    let newcomers: Vec<&Spotted> = in_view
        .iter()
        .filter(|c| !known.0.contains(&c.id))
        .collect();
    known.0.extend(in_view.iter().map(|c| c.id));
    let sickness = rules.hunger.sickness_damage;
    let underfoot = (walking.steps > 0)
        .then(|| world.worth_stopping_for(at))
        .flatten();
    let losses = Losses { sickness, shrug };
    if let Some(reason) = reason_to_stop(&walking.last, &now, losses, &newcomers, underfoot) {
        return ending.stop(reason);
    }
    let terrain = &world.level.terrain;
    if walking.goal == Goal::StairsDown && terrain.tile(at) == Tile::StairsDown {
        let down = world.keys.key(KeyAction::Descend);
        let why = format!("You reach the stairs down. Press {down} to descend.");
        return ending.stop(Stop::other(why));
    }
    if walking.goal == Goal::Tile(at) {
        return ending.stop(Stop::other("You arrive."));
    }
    let dir = pest_to_swat(terrain, at, &in_view).or_else(|| {
        let rooms = known_rooms.as_deref();
        next_step(&mut maps, &world, sight, walking.goal, at, rooms)
    });
    let Some(dir) = dir else {
        let meadow = world.meadow_done_but_for_the_view(sight);
        let why = match walking.goal {
            Goal::Unexplored if meadow => MEADOW_DONE,
            Goal::Unexplored => "Nothing left to explore that you can reach.",
            Goal::StairsDown => "You cannot find a way to the stairs down.",
            Goal::Tile(_) => NO_KNOWN_WAY,
        };
        return ending.stop(Stop::other(why));
    };
    if let Some(reason) = reason_not_to_step(at.step(dir), &in_view) {
        return ending.stop(reason);
    }
    let digs = step_digs(terrain, sight, at.step(dir));
    if digs && !walking.tunnelled {
        walking.tunnelled = true;
        let turn = ending.turn.0;
        ending.log.say(turn, tunnel_line(walking.goal));
    }
    pending.0 = Some(if digs {
        Action::Dig(dir)
    } else {
        Action::Move(dir)
    });
    walking.last = now;
    walking.steps += 1;
    walking.last_step = time.elapsed();
}

/// What a walk says at its first dig.
fn tunnel_line(goal: Goal) -> &'static str {
    match goal {
        Goal::StairsDown => "You tunnel toward the stairs.",
        Goal::Unexplored => "You tunnel toward unexplored ground.",
        Goal::Tile(_) => "You tunnel your way there.",
    }
}

/// Why a walk to a tile cannot start, and what the pointer's route says.
pub(crate) const NO_KNOWN_WAY: &str = "There is no known way there.";

/// The planner a walk follows, for whoever shows a route before it is
/// taken (the pointer's): the same plan from the same code, so the route
/// shown is the route walked.
#[derive(SystemParam)]
pub struct RoutePlanner<'w, 's> {
    world: Surroundings<'w, 's>,
    maps: Local<'s, WalkMaps>,
    known_rooms: Option<Res<'w, KnownRooms>>,
}

impl RoutePlanner<'_, '_> {
    /// The route the walk to `goal` would take now from where the hero
    /// stands: the tiles it steps onto, dug ones included, the hero's own
    /// left out (for auto-explore, its plan as things are known this
    /// turn). `None` when there is no known way, or the goal is underfoot.
    pub fn route_for(&mut self, goal: Goal) -> Option<Route> {
        let sight = self.world.sight.as_deref()?;
        let (at, ..) = *self.world.hero;
        let rooms = self.known_rooms.as_deref();
        next_route(&mut self.maps, &self.world, sight, (goal, rooms), at.0)
    }

    /// Whether a route's step onto `pos` digs (known rock, not ground).
    pub fn digs(&self, pos: Pos) -> bool {
        let sight = self.world.sight.as_deref();
        sight.is_some_and(|s| step_digs(&self.world.level.terrain, s, pos))
    }
}

/// Whether a planned step onto `pos` is a dig: the planner only steps onto
/// known rock when it chose to dig it.
fn step_digs(terrain: &Terrain, sight: &Sight, pos: Pos) -> bool {
    sight.knows(pos) && !terrain.is_passable(pos)
}

/// What a hero's routes price a step through rock at, as travel, explore
/// and the bot all plan: `None` when the setting says routes may not dig,
/// or the hero is hungry (see `RulesData::route_dig_cost`).
pub(crate) fn route_dig_cost(
    rules: &crate::vocab::data::RulesData,
    may_dig: RoutesMayDig,
    stomach: Option<&Stomach>,
) -> Option<u32> {
    let fed = stomach.map(|s| s.state > Hunger::Hungry);
    may_dig.0.then(|| rules.route_dig_cost(fed)).flatten()
}

/// What explore says on the surface once nothing worth having is in view
/// and the stairs down are known.
const MEADOW_DONE: &str = "The meadow holds nothing more in sight; > takes you down.";

/// The way to a pest next to the hero, which the walk strikes before it
/// goes on: a bat's bites are swatted, not walked away from.
fn pest_to_swat(terrain: &Terrain, at: Pos, in_view: &[Spotted]) -> Option<Dir> {
    in_view
        .iter()
        .filter(|c| c.pest && !c.harmless)
        .find_map(|c| {
            Dir::ALL
                .into_iter()
                .find(|&d| at.step(d) == c.at && terrain.can_step(at, d))
        })
}

/// The walk's next step towards its goal (for explore, the rooms first,
/// then the nearest unexplored tile or wanted item), if there is one: the
/// first step of the cheapest route, which may dig (see [`Plan`]).
fn next_step(
    maps: &mut WalkMaps,
    world: &Surroundings,
    sight: &Sight,
    goal: Goal,
    at: Pos,
    known_rooms: Option<&KnownRooms>,
) -> Option<Dir> {
    let route = next_route(maps, world, sight, (goal, known_rooms), at)?;
    first_dir(at, &route)
}

/// The route the walk to `goal` takes from `at` (see [`next_step`]).
fn next_route(
    maps: &mut WalkMaps,
    world: &Surroundings,
    sight: &Sight,
    (goal, known_rooms): (Goal, Option<&KnownRooms>),
    at: Pos,
) -> Option<Route> {
    let terrain = &world.level.terrain;
    let plan = Plan {
        terrain,
        sight,
        avoid: &[],
        dig: world.dig_cost(),
    };
    // A tile it could never step onto (water) has no route.
    if let Goal::Tile(to) = goal {
        plan.costs().enter(to)?;
    }
    if goal == Goal::Unexplored && world.meadow_done_but_for_the_view(sight) {
        let in_view: Vec<Pos> = world
            .wanted_items(sight, at)
            .into_iter()
            .filter(|&p| sight.seen(p) == Seen::Visible)
            .collect();
        return plan.route(&mut maps.route, &Goals::tiles(in_view), at);
    }
    let mut goals = Goals::tiles(goal_tiles(terrain, sight, goal));
    if goal == Goal::Unexplored {
        goals = Goals::tiles(world.wanted_items(sight, at)).and_the_frontier();
    }
    // In the hunt: the dens of the enemies still alive first, then any
    // room not yet looked into.
    let towards_rooms = known_rooms
        .filter(|_| goal == Goal::Unexplored)
        .and_then(|known| {
            let mut frontier = frontier(terrain, &|p| sight.knows(p));
            frontier.extend(&goals.tiles);
            let map = &mut maps.rooms;
            let dens = world.dens(&known.rooms);
            rooms::frontier_towards_rooms(map, terrain, sight, &frontier, &dens, at).or_else(|| {
                rooms::frontier_towards_rooms(map, terrain, sight, &frontier, &known.rooms, at)
            })
        })
        .and_then(|f| plan.route(&mut maps.route, &Goals::tiles(vec![f]), at));
    if towards_rooms.is_some() {
        return towards_rooms;
    }
    // Around the harmless (fungi) where there is a way round; else
    // through them, a blow at a time.
    let harmless = world.known_harmless(sight);
    let around = Plan {
        avoid: &harmless,
        ..plan
    };
    around
        .route(&mut maps.route, &goals, at)
        .or_else(|| plan.route(&mut maps.route, &goals, at))
}

/// Of `rooms`, those where an enemy of `alive` lives: the hunt's roster
/// names every enemy's home, and a hunt finds its foes there.
pub fn dens(
    rooms: &[Rect],
    roster: &[(CreatureId, String, Pos)],
    alive: &BTreeSet<u64>,
) -> Vec<Rect> {
    let homes: Vec<Pos> = roster
        .iter()
        .filter(|(id, ..)| alive.contains(&id.0))
        .map(|(_, _, home)| *home)
        .collect();
    rooms
        .iter()
        .filter(|room| homes.iter().any(|&home| room.contains(home)))
        .copied()
        .collect()
}

/// Why the walk must not take its next step onto `to`: a visible monster
/// that can really hurt (neither harmless nor a pest) would be next to
/// the hero.
fn reason_not_to_step(to: Pos, in_view: &[Spotted]) -> Option<Stop> {
    let near = |c: &Spotted| c.at.chebyshev(to) <= 1;
    in_view
        .iter()
        .find(|c| c.threatens() && near(c))
        .map(|threat| {
            Stop::for_a_creature(format!(
                "You stop: {} is too close.",
                text::the(&threat.name)
            ))
        })
}

/// What the hero reads when its hunger worsens to `now` on a walk, if that
/// should stop it: only hunger that asks for food does.
fn hunger_stop(now: Hunger) -> Option<&'static str> {
    match now {
        Hunger::Satiated | Hunger::Normal => None,
        Hunger::Hungry => Some("You stop: you are hungry."),
        Hunger::Weak => Some("You stop: you are weak with hunger."),
        Hunger::Starving => Some("You stop: you are starving!"),
    }
}

/// The losses of HP a walk goes on through.
#[derive(Clone, Copy, Debug)]
struct Losses {
    /// What a sickness the hero knew of takes each turn.
    sickness: i32,
    /// What a pest's bites take in a turn, shrugged off above half HP.
    shrug: i32,
}

/// Whether the hero lost more HP since `last` than it walks on through:
/// a sickness it already knew of, and above half its HP a pest's bites.
/// Low on HP (a quarter or less), any loss counts.
fn hurt_since(last: &Condition, now: &Condition, losses: Losses) -> bool {
    let (hp, max) = (i64::from(now.hp), i64::from(now.max_hp));
    let low = hp * 4 <= max;
    let above_half = hp * 2 > max;
    let sickness = if last.sick && !low {
        losses.sickness
    } else {
        0
    };
    let bites = if above_half { losses.shrug } else { 0 };
    now.hp < last.hp - sickness - bites
}
/// Why the walk must end before this step, if it must.
fn reason_to_stop(
    last: &Condition,
    now: &Condition,
    losses: Losses,
    newcomers: &[&Spotted],
    underfoot: Option<&Name>,
) -> Option<Stop> {
    if let Some(monster) = newcomers.iter().find(|c| c.threatens()) {
        let why = format!("You stop: you see {}.", text::a(&monster.name));
        return Some(Stop::for_a_creature(why));
    }
    if now.sick && !last.sick {
        return Some(Stop::other("You stop: you feel sick."));
    }
    // A blow, as a rule: sickness the hero knew of is left out.
    if hurt_since(last, now, losses) {
        return Some(Stop::for_a_creature("You stop: you are hurt!".to_string()));
    }
    if let (Some(before), Some(hunger)) = (last.hunger, now.hunger)
        && hunger < before
        && let Some(why) = hunger_stop(hunger)
    {
        return Some(Stop::other(why));
    }
    underfoot.map(|name| Stop::other(format!("You stop: there is {} here.", text::a(name))))
}

/// What a walk plans over: the map, what the hero knows of it, the tiles
/// to go around, and what a step through rock costs (`None`: no digging;
/// see `RulesData::route_dig_cost`).
#[derive(Clone, Copy)]
struct Plan<'a> {
    terrain: &'a Terrain,
    sight: &'a Sight,
    avoid: &'a [Pos],
    dig: Option<u32>,
}

impl Plan<'_> {
    /// What each tile costs to step onto, as the hero knows the map.
    fn costs(&self) -> TerrainCosts<'_, impl Fn(Pos) -> bool + '_> {
        let sight = self.sight;
        TerrainCosts {
            terrain: self.terrain,
            known: move |p| sight.knows(p),
            dig: self.dig,
            avoid: self.avoid,
        }
    }

    /// The cheapest route from `at` to the nearest of `goals`; `None`
    /// when there is none, or `at` is one.
    fn route(&self, map: &mut RouteMap, goals: &Goals, at: Pos) -> Option<Route> {
        let costs = self.costs();
        match goals.tiles.as_slice() {
            [] if !goals.frontier => None,
            [only] if !goals.frontier => costs.search_to(map, at, *only),
            _ => costs.search(map, at, |p| goals.holds(&costs, p)),
        }
    }
}

/// Where a walk may end: the tiles given, and where `frontier` is set,
/// any tile where exploring leads (see `TerrainCosts::is_frontier`).
struct Goals {
    /// Sorted, for a binary search.
    tiles: Vec<Pos>,
    frontier: bool,
}

impl Goals {
    fn tiles(mut tiles: Vec<Pos>) -> Self {
        tiles.sort_unstable();
        tiles.dedup();
        Self {
            tiles,
            frontier: false,
        }
    }

    fn and_the_frontier(self) -> Self {
        Self {
            frontier: true,
            ..self
        }
    }

    fn holds<K: Fn(Pos) -> bool>(&self, costs: &TerrainCosts<K>, p: Pos) -> bool {
        self.tiles.binary_search(&p).is_ok() || (self.frontier && costs.is_frontier(p))
    }
}

/// The tiles a walk to the stairs may end on, as far as the hero knows
/// (none for explore, whose goals are the frontier's).
fn goal_tiles(terrain: &Terrain, sight: &Sight, goal: Goal) -> Vec<Pos> {
    match goal {
        Goal::Unexplored => Vec::new(),
        Goal::Tile(to) => vec![to].into_iter().filter(|&p| sight.knows(p)).collect(),
        Goal::StairsDown => terrain
            .tiles()
            .iter()
            .filter(|(p, t)| **t == Tile::StairsDown && sight.knows(*p))
            .map(|(p, _)| p)
            .collect(),
    }
}

/// Fills `map` with the distance to the nearest of `goals`, walking only
/// on known walkable tiles and through known doors.
fn chart(map: &mut DijkstraMap, terrain: &Terrain, sight: &Sight, goals: Vec<Pos>) {
    map.fit(terrain.width(), terrain.height());
    map.compute(
        goals,
        |p| sight.knows(p) && terrain.is_passable(p),
        |p, dir| terrain.can_pass(p, dir),
    );
}

/// Unseen tiles next to a known walkable tile or door: where exploring
/// leads.
fn frontier(terrain: &Terrain, known: &impl Fn(Pos) -> bool) -> Vec<Pos> {
    terrain
        .tiles()
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| !known(p))
        .filter(|&p| {
            Dir::ALL.iter().any(|&d| {
                let n = p.step(d);
                known(n) && terrain.is_passable(n)
            })
        })
        .collect()
}

/// Whether the level has stairs down the hero has seen.
pub(crate) fn knows_stairs_down(level: &Level, sight: &Sight) -> bool {
    level
        .terrain
        .stairs(Tile::StairsDown)
        .iter()
        .any(|&p| sight.knows(p))
}
