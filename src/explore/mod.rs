//! Auto-explore (`x`) and travel to the known stairs down (`>` off the
//! stairs): the hero walks one turn per step down a Dijkstra map of the
//! map it knows, and stops, always saying why, when a monster it has not
//! seen comes into view, when a step would bring it next to a visible
//! monster, when it is hurt, when something lies underfoot, when its
//! hunger worsens, or when there is nowhere left to go.

use std::collections::BTreeSet;
use std::time::Duration;

use bevy::prelude::*;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::{Bump, Dir, Pos, Terrain, Tile};

use crate::creatures::{Creature, CreatureId, FungusAi, Health};
use crate::fov::{Seen, Sight};
use crate::hunger::{Hunger, Stomach};
use crate::items::Item;
use crate::log::GameLog;
use crate::map::{GridPos, Hero, Level};
use crate::screens::Screen;
use crate::turn::{Action, PendingAction, TurnCount, TurnPhase};

/// Where the walk goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The nearest tile the hero has not seen.
    Unexplored,
    /// The known stairs down.
    StairsDown,
}

/// Asks for a walk: sent by the keys, or by a test or the bot.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartWalk(pub Goal);

/// A walk in progress, with what the hero was like when it last stepped.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Walking {
    pub goal: Goal,
    hp: i32,
    hunger: Option<Hunger>,
    steps: u32,
    last_step: Duration,
}

/// The time between two steps of a walk (zero in tests and the sim).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkPace(pub Duration);

/// The creatures the hero has seen (by id): only a newcomer stops a walk.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownMonsters(pub BTreeSet<u64>);

/// The Dijkstra map walks reuse, sized to the level.
#[derive(Resource, Debug)]
struct WalkMap(DijkstraMap);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartWalk>();
    app.init_resource::<WalkPace>();
    app.init_resource::<KnownMonsters>();
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

/// The ids of the creatures in view, with whether each is a fungus.
fn creatures_in_view(
    sight: &Sight,
    creatures: &Query<(&CreatureId, &GridPos, &Name, Has<FungusAi>), With<Creature>>,
) -> Vec<(u64, Pos, String, bool)> {
    creatures
        .iter()
        .filter(|(_, pos, ..)| sight.seen(pos.0) == Seen::Visible)
        .map(|(id, pos, name, fungus)| (id.0, pos.0, name.to_string(), fungus))
        .collect()
}

/// Outside walks, what the hero sees becomes known.
fn learn_monsters(
    sight: Res<Sight>,
    creatures: Query<(&CreatureId, &GridPos, &Name, Has<FungusAi>), With<Creature>>,
    mut known: ResMut<KnownMonsters>,
) {
    for (id, ..) in creatures_in_view(&sight, &creatures) {
        known.0.insert(id);
    }
}

fn stop_walking(mut commands: Commands) {
    commands.remove_resource::<Walking>();
}

fn start_walk(
    mut starts: MessageReader<StartWalk>,
    mut commands: Commands,
    time: Res<Time>,
    hero: Single<(&Health, Option<&Stomach>), With<Hero>>,
) {
    let Some(start) = starts.read().last() else {
        return;
    };
    let (health, stomach) = *hero;
    commands.insert_resource(Walking {
        goal: start.0,
        hp: health.hp,
        hunger: stomach.map(|s| s.state),
        steps: 0,
        last_step: time.elapsed().saturating_sub(Duration::from_secs(3600)),
    });
}

/// Why a walk ends, as the hero reads it.
fn stop(commands: &mut Commands, log: &mut GameLog, turn: u64, why: impl Into<String>) {
    commands.remove_resource::<Walking>();
    log.say(turn, why);
}

/// Decides the walk's next step, or ends it with the reason.
fn take_a_step(
    mut commands: Commands,
    walking: Option<ResMut<Walking>>,
    pace: Res<WalkPace>,
    time: Res<Time>,
    mut pending: ResMut<PendingAction>,
    level: Res<Level>,
    mut log: ResMut<GameLog>,
    turn: Res<TurnCount>,
    sight: Option<Res<Sight>>,
    mut known: ResMut<KnownMonsters>,
    hero: Single<(&GridPos, &Health, Option<&Stomach>), With<Hero>>,
    creatures: Query<(&CreatureId, &GridPos, &Name, Has<FungusAi>), With<Creature>>,
    items: Query<(&GridPos, &Name), (With<Item>, Without<Hero>)>,
    mut map: Local<Option<WalkMap>>,
) {
    let (Some(mut walking), Some(sight)) = (walking, sight) else {
        return;
    };
    if pending.0.is_some() || time.elapsed() < walking.last_step + pace.0 {
        return;
    }
    let (at, health, stomach) = *hero;
    let in_view = creatures_in_view(&sight, &creatures);
    let newcomer = in_view.iter().find(|c| !known.0.contains(&c.0)).cloned();
    known.0.extend(in_view.iter().map(|c| c.0));
    let turn = turn.0;
    if let Some(reason) = reason_to_stop(&walking, at.0, health, stomach, newcomer, &items) {
        return stop(&mut commands, &mut log, turn, reason);
    }
    let terrain = &level.terrain;
    if walking.goal == Goal::StairsDown && terrain.tile(at.0) == Tile::StairsDown {
        let why = "You reach the stairs down. Press > to descend.";
        return stop(&mut commands, &mut log, turn, why);
    }
    let map = map.get_or_insert_with(|| WalkMap(DijkstraMap::new(1, 1)));
    let Some(dir) = next_step(&mut map.0, terrain, &sight, walking.goal, at.0) else {
        let why = match walking.goal {
            Goal::Unexplored => "Nothing left to explore that you can reach.",
            Goal::StairsDown => "You cannot find a way to the stairs down.",
        };
        return stop(&mut commands, &mut log, turn, why);
    };
    let to = at.0.step(dir);
    let threat = in_view
        .iter()
        .find(|(_, pos, _, fungus)| !fungus && pos.chebyshev(to) <= 1);
    if let Some((_, _, name, _)) = threat {
        let why = format!("You stop: the {name} is too close.");
        return stop(&mut commands, &mut log, turn, why);
    }
    pending.0 = Some(Action::Move(dir));
    walking.hp = health.hp;
    walking.hunger = stomach.map(|s| s.state);
    walking.steps += 1;
    walking.last_step = time.elapsed();
}

/// Why the walk must end before this step, if it must.
fn reason_to_stop(
    walking: &Walking,
    at: Pos,
    health: &Health,
    stomach: Option<&Stomach>,
    newcomer: Option<(u64, Pos, String, bool)>,
    items: &Query<(&GridPos, &Name), (With<Item>, Without<Hero>)>,
) -> Option<String> {
    if let Some((_, _, name, _)) = newcomer {
        return Some(format!("You stop: you see {}.", crate::text::a(&name)));
    }
    if health.hp < walking.hp {
        return Some("You stop: you are hurt!".to_string());
    }
    if let (Some(before), Some(now)) = (walking.hunger, stomach.map(|s| s.state))
        && now < before
    {
        return Some(format!("You stop: you are {}.", now.name().to_lowercase()));
    }
    let underfoot = items.iter().find(|(pos, _)| pos.0 == at);
    if let Some((_, name)) = underfoot.filter(|_| walking.steps > 0) {
        return Some(format!(
            "You stop: there is {} here.",
            crate::text::a(name.as_str())
        ));
    }
    None
}

/// The step from `at` towards the nearest goal over the known map.
pub fn next_step(
    map: &mut DijkstraMap,
    terrain: &Terrain,
    sight: &Sight,
    goal: Goal,
    at: Pos,
) -> Option<Dir> {
    let goals = goal_tiles(terrain, sight, goal);
    if goals.is_empty() || goals.contains(&at) {
        return None;
    }
    chart(map, terrain, sight, goals);
    step_downhill(map, terrain, at)
}

/// The tiles a walk to `goal` may end on, as far as the hero knows.
fn goal_tiles(terrain: &Terrain, sight: &Sight, goal: Goal) -> Vec<Pos> {
    let known = |p: Pos| sight.seen(p) != Seen::Unseen;
    match goal {
        Goal::Unexplored => frontier(terrain, &known),
        Goal::StairsDown => terrain
            .tiles()
            .iter()
            .filter(|(p, t)| **t == Tile::StairsDown && known(*p))
            .map(|(p, _)| p)
            .collect(),
    }
}

/// Fills `map` with the distance to the nearest of `goals`, walking only
/// on known walkable tiles.
fn chart(map: &mut DijkstraMap, terrain: &Terrain, sight: &Sight, goals: Vec<Pos>) {
    map.fit(terrain.width(), terrain.height());
    let known = |p: Pos| sight.seen(p) != Seen::Unseen;
    map.compute(
        goals,
        |p| known(p) && terrain.is_walkable(p),
        legal_step(terrain),
    );
}

/// The step down a charted `map` from `at`, if there is one.
fn step_downhill(map: &DijkstraMap, terrain: &Terrain, at: Pos) -> Option<Dir> {
    map.downhill(at, legal_step(terrain))
}

/// Whether a step is a move under the corner rule.
pub(crate) fn legal_step(terrain: &Terrain) -> impl Fn(Pos, Dir) -> bool + '_ {
    |p: Pos, dir: Dir| matches!(terrain.bump(p, dir), Bump::Move(_))
}

/// Unseen tiles next to a known walkable tile: where exploring leads.
fn frontier(terrain: &Terrain, known: &impl Fn(Pos) -> bool) -> Vec<Pos> {
    terrain
        .tiles()
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| !known(p))
        .filter(|&p| {
            Dir::ALL.iter().any(|&d| {
                let n = p.step(d);
                known(n) && terrain.is_walkable(n)
            })
        })
        .collect()
}

/// Whether the level has stairs down the hero has seen.
pub fn knows_stairs_down(level: &Level, sight: &Sight) -> bool {
    level
        .terrain
        .tiles()
        .iter()
        .any(|(p, t)| *t == Tile::StairsDown && sight.seen(p) != Seen::Unseen)
}
