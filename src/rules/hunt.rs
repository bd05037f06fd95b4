//! Hunt mode (SPEC.md "Modes"): one 600×600 Warrens world. There is no
//! hunger; a death sends every enemy home at full health and the hero back
//! to the start room, with the terrain kept. Killing every enemy wins: a
//! short pause, a fanfare, then a fresh world.

use std::time::Duration;

use bevy::prelude::*;
use gloomdelve_core::Pos;
use gloomdelve_core::bindings::KeyAction;
use gloomdelve_core::mapgen::warrens;
use gloomdelve_core::rng::GameRng;

use crate::rules::creatures::spawn_creature_with_id;
use crate::vocab::components::{Creature, CreatureId, Health};
use crate::vocab::components::{GridPos, Hero, Revives, Stomach};
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::log::GameLog;
use crate::vocab::messages::Fanfare;
use crate::vocab::messages::HeroFell;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::DeathCause;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::KnownRooms;
use crate::vocab::resources::Level;
use crate::vocab::resources::NewLevel;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::resources::TurnCount;
use crate::vocab::states::EnterLevel;
use crate::vocab::states::Screen;
use crate::vocab::states::TurnPhase;

/// How long a cleared world stays on screen, the hero held still, before
/// the fanfare and the next world: seconds of real time, because the pause
/// is only for the eye. Nothing of the game happens in it, so its length
/// never changes the game: the headless rules and the sim, with no eye,
/// keep the default of none; the window sets it from `animation.ron`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClearedPause(pub Duration);

/// The spawn points of a new hunt world, from its generator.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spawns(pub Vec<Pos>);

/// The enemies of this world as generated: who lives where. A death of the
/// hero brings them all back from this list.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Roster(pub Vec<(CreatureId, String, Pos)>);

/// Every enemy is dead: the real time left before the next world. While
/// it stands the hero is held still (no hero turn is played).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cleared {
    pub left: Duration,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HeroFell>();
    app.remove_on_new_game::<Roster>();
    app.remove_on_new_game::<Cleared>();
    app.remove_on_new_game::<Spawns>();
    app.add_message::<Fanfare>();
    app.init_resource::<ClearedPause>();
    // The cleared world is only looked at: the hero is held still.
    app.configure_sets(
        Update,
        TurnPhase::HeroActs.run_if(not(resource_exists::<Cleared>)),
    );
    // The hunt's world comes with its own roster: no delve creatures.
    app.configure_sets(
        OnEnter(Screen::Playing),
        EnterLevel::Populate.run_if(not(is_hunt)),
    );
    app.add_observer(fit_the_hunter);
    app.remove_on_new_game::<KnownRooms>();
    app.add_systems(
        OnEnter(Screen::Playing),
        open_the_warrens.in_set(EnterLevel::World).run_if(is_hunt),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        (know_the_warrens, welcome_the_hunter)
            .in_set(EnterLevel::Settle)
            .run_if(is_hunt),
    );
    app.add_systems(
        OnEnter(Screen::Travelling),
        open_a_fresh_world.run_if(resource_exists::<FreshWorld>),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_the_roster
            .in_set(EnterLevel::Stock)
            .run_if(is_hunt.and_eager(resource_exists::<crate::vocab::resources::NewLevel>)),
    );
    app.add_systems(
        Update,
        (bring_everyone_back, notice_the_clearing)
            .chain()
            .after(TurnPhase::ResolveDeaths)
            .before(TurnPhase::UpdateHud)
            .run_if(is_hunt.and_eager(in_state(Screen::Playing))),
    );
    app.add_systems(
        Update,
        next_world_after_the_pause
            .after(TurnPhase::UpdateHud)
            .run_if(
                is_hunt
                    .and_eager(in_state(Screen::Playing))
                    .and_eager(resource_exists::<Cleared>),
            ),
    );
}

pub(crate) fn is_hunt(new_game: Res<NewGame>) -> bool {
    new_game.mode == Mode::Hunt
}

/// The hunter has no hunger, and gets up again when it falls.
fn fit_the_hunter(added: On<Add, Hero>, new_game: Res<NewGame>, mut commands: Commands) {
    if new_game.mode == Mode::Hunt {
        commands
            .entity(added.entity)
            .insert(Revives)
            .remove::<Stomach>();
    }
}

/// The hunter knows where the Warrens' rooms are, if not what is in them:
/// a new hunt learns them with its world, a continued one here.
fn know_the_warrens(
    mut commands: Commands,
    new_game: Res<NewGame>,
    known: Option<Res<KnownRooms>>,
) {
    if known.is_none_or(|k| k.seed != new_game.seed) {
        commands.insert_resource(KnownRooms {
            seed: new_game.seed,
            rooms: warrens::generate(new_game.seed).rooms,
        });
    }
}

/// A new hunt's first line, before the delve's own would be said.
fn welcome_the_hunter(
    turn: Res<TurnCount>,
    keys: Res<crate::vocab::keys::KeyBindings>,
    mut log: ResMut<GameLog>,
) {
    if turn.0 == 0 && log.entries().is_empty() {
        let help = keys.key(KeyAction::Help);
        log.say(
            0,
            format!("Hunt down every enemy in the warrens. Press {help} for help."),
        );
    }
}

/// A new hunt stands in the Warrens world of the game seed, at depth 0,
/// unless a game is under way or a test put a level in place.
fn open_the_warrens(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Option<Res<Level>>,
    dungeon: Option<Res<Dungeon>>,
) {
    if dungeon.is_some() || level.is_some() {
        return;
    }
    // One generation gives the level, its spawn points and its rooms.
    let world = warrens::generate(new_game.seed);
    commands.insert_resource(Level {
        terrain: world.map.terrain,
        start: world.map.start,
    });
    commands.insert_resource(Spawns(world.spawns));
    commands.insert_resource(KnownRooms {
        seed: new_game.seed,
        rooms: world.rooms,
    });
    commands.insert_resource(Dungeon::default());
    commands.insert_resource(NewLevel);
}

/// Puts an enemy on each spawn point of the new world, of a kind drawn
/// from the kinds that are not immobile (fungi would wall the tunnels in).
fn spawn_the_roster(
    mut commands: Commands,
    new_game: Res<NewGame>,
    spawns: Option<Res<Spawns>>,
    mut next_id: ResMut<NextCreatureId>,
) {
    let spawns = spawns.map(|s| s.0.clone()).unwrap_or_default();
    let book = &new_game.creatures;
    let hunters: Vec<usize> = (0..book.kinds.len())
        .filter(|&k| !book.kinds[k].immobile)
        .collect();
    if hunters.is_empty() {
        return;
    }
    let mut rng = GameRng::new(crate::vocab::streams::Stream::HuntRoster.seed(new_game.seed));
    let mut roster = Roster::default();
    for at in spawns {
        let kind = hunters[rng.range(0, hunters.len() as i32) as usize];
        let id = CreatureId(next_id.0);
        next_id.0 += 1;
        spawn_creature_with_id(&mut commands, book, id, kind, at);
        roster.0.push((id, book.kinds[kind].name.clone(), at));
    }
    commands.insert_resource(roster);
}

/// After the hero falls: every enemy, the dead too, back home at full
/// health; the hero back in the start room, healed. The terrain stays.
fn bring_everyone_back(
    mut fell: MessageReader<HeroFell>,
    mut commands: Commands,
    new_game: Res<NewGame>,
    roster: Option<Res<Roster>>,
    level: Res<Level>,
    creatures: Query<Entity, With<Creature>>,
    mut hero: Single<(&mut GridPos, &mut Health), With<Hero>>,
    mut cause: ResMut<DeathCause>,
    mut log: ResMut<GameLog>,
    turn: Res<TurnCount>,
) {
    if fell.read().count() == 0 {
        return;
    }
    for entity in &creatures {
        commands.entity(entity).despawn();
    }
    let book = &new_game.creatures;
    for (id, kind, at) in roster.iter().flat_map(|r| r.0.iter()) {
        // A kind the data no longer has (edited data files) is left out.
        if let Some(kind) = book.find(kind) {
            spawn_creature_with_id(&mut commands, book, *id, kind, *at);
        }
    }
    let (pos, health) = &mut *hero;
    pos.0 = level.start;
    health.hp = health.max;
    cause.0 = None;
    log.say(
        turn.0,
        "You fall... and wake in the start room. Every enemy is back at its post.",
    );
    commands.queue(|world: &mut World| {
        world
            .run_system_cached(crate::rules::creatures::rebuild_occupancy)
            .ok();
    });
}

/// Starts the pause once no enemy is left alive.
fn notice_the_clearing(
    mut commands: Commands,
    creatures: Query<&Health, With<Creature>>,
    cleared: Option<Res<Cleared>>,
    roster: Option<Res<Roster>>,
    pause: Res<ClearedPause>,
) {
    let everyone_dead = creatures.iter().all(|h| h.hp <= 0);
    if cleared.is_none() && roster.is_some_and(|r| !r.0.is_empty()) && everyone_dead {
        commands.insert_resource(Cleared { left: pause.0 });
    }
}

/// Counts down the pause in real time; then the fanfare and a fresh world
/// with a new seed. What the hero was asked to do meanwhile (a key, a
/// walk) is dropped with the old game (`clear_game`): the next world
/// starts with nothing pending.
fn next_world_after_the_pause(world: &mut World) {
    let elapsed = world.resource::<Time<Real>>().delta();
    let mut cleared = world.resource_mut::<Cleared>();
    cleared.left = cleared.left.saturating_sub(elapsed);
    if !cleared.left.is_zero() {
        return;
    }
    world.remove_resource::<Cleared>();
    world.write_message(Fanfare);
    // The old world is wiped between screens, where no system needs it.
    world.insert_resource(FreshWorld);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Travelling);
}

/// Asks the trip between screens for a new hunt world.
#[derive(Resource, Debug)]
pub(crate) struct FreshWorld;

/// Replaces a cleared world with a new one from a new seed, on the trip
/// between screens.
fn open_a_fresh_world(world: &mut World) {
    world.remove_resource::<FreshWorld>();
    let old_seed = world.resource::<NewGame>().seed;
    crate::rules::game_over::wipe_game(world);
    let turn = world.resource::<TurnCount>().0;
    world.resource_mut::<GameLog>().say(
        turn,
        format!("Fanfare! The warrens of seed {old_seed} are cleared. A new world opens."),
    );
}
