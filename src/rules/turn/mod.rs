//! The turn loop: the hero's pending action starts a turn, then the world
//! answers in ordered phases. Nothing happens while no action is pending.

pub(crate) mod bump;
mod dispatch;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::bindings::KeyAction;
use gloomdelve_core::{Blocked, Bump, Dir, Pos, Tile};

use crate::rules::actors::Actors;
use crate::rules::doors;
use crate::rules::explore::Walking;
use crate::rules::items::vaults;
use crate::rules::items::{Belongings, Gathering, pick_up_at};
use crate::vocab::components::Stomach;
use crate::vocab::components::{Gear, Hero};
use crate::vocab::components::{Pack, Purse};
use crate::vocab::game::NewGame;
use crate::vocab::intents::PendingAction;
use crate::vocab::intents::{StairsIntent, StepIntent, WaitIntent};
use crate::vocab::keys::KeyBindings;
use crate::vocab::log::GameLog;
use crate::vocab::messages::DoorSwung;
use crate::vocab::messages::HeroDug;
use crate::vocab::messages::TerrainChanged;
use crate::vocab::messages::TurnTaken;
use crate::vocab::messages::{Goal, StartWalk};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{Dungeon, Travel, Way};
use crate::vocab::states::TurnPhase;
use crate::vocab::states::{EnterLevel, EnterPlaying, HeroTurn, Overlay, Screen};
use bump::{BumpMemory, RockBump};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(dispatch::plugin);
    app.reset_on_new_game::<PendingAction>();
    app.reset_on_new_game::<TurnCount>();
    app.add_message::<TurnTaken>();
    app.configure_sets(
        Update,
        (
            TurnPhase::HeroActs.run_if(action_pending.and_eager(in_state(Overlay::None))),
            TurnPhase::UpdateFov,
            TurnPhase::WorldActs,
            TurnPhase::ResolveDeaths,
            TurnPhase::UpdateHud,
        )
            .chain()
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        (
            (hero_waits, hero_takes_stairs, hero_steps).in_set(HeroTurn::Resolve),
            count_turn.in_set(HeroTurn::Count),
        ),
    );
    app.add_systems(Update, bump::forget_bumps.in_set(HeroTurn::Observe));
    app.add_systems(
        OnEnter(Screen::Playing),
        welcome
            .in_set(EnterPlaying::Rules)
            .after(EnterLevel::Settle),
    );
}

/// A new game's first line: what to do, and where the help is. A mode
/// with a goal of its own says it first, in [`EnterLevel::Settle`].
fn welcome(turn: Res<TurnCount>, keys: Res<KeyBindings>, mut log: ResMut<GameLog>) {
    if turn.0 == 0 && log.entries().is_empty() {
        let (down, help) = (keys.key(KeyAction::Descend), keys.key(KeyAction::Help));
        log.say(
            0,
            format!("Find the stairs down ({down}). Press {help} for help."),
        );
    }
}

fn action_pending(pending: Res<PendingAction>) -> bool {
    pending.0.is_some()
}

/// Lets a turn pass.
fn hero_waits(mut waits: MessageReader<WaitIntent>, mut taken: MessageWriter<TurnTaken>) {
    for _ in waits.read() {
        taken.write(TurnTaken);
    }
}

/// Takes the stairs underfoot; asked to go down elsewhere, walks to the
/// known stairs down.
fn hero_takes_stairs(
    mut intents: MessageReader<StairsIntent>,
    mut actors: Actors,
    hero: Single<Entity, With<Hero>>,
    mut travel: ResMut<Travel>,
    dungeon: Option<Res<Dungeon>>,
    mut walks: MessageWriter<StartWalk>,
    mut taken: MessageWriter<TurnTaken>,
) {
    let Some(&StairsIntent(way)) = intents.read().last() else {
        return;
    };
    let Some(at) = actors.pos(*hero) else {
        return;
    };
    let underfoot = actors.level.terrain.tile(at);
    if way == Way::Down && underfoot != Tile::StairsDown {
        let known = actors
            .sight()
            .is_some_and(|sight| crate::rules::explore::knows_stairs_down(&actors.level, sight));
        if known {
            walks.write(StartWalk(Goal::StairsDown));
        } else {
            let up_in_view = actors.sight().is_some_and(|sight| {
                actors
                    .level
                    .terrain
                    .stairs(Tile::StairsUp)
                    .iter()
                    .any(|&p| sight.seen(p) == crate::vocab::resources::Seen::Visible)
            });
            actors.say(not_found_the_stairs_down(up_in_view));
        }
        return;
    }
    match take_stairs(way, underfoot, dungeon.map_or(0, |d| d.depth)) {
        Ok(way) => {
            travel.0 = Some(way);
            taken.write(TurnTaken);
        }
        Err(refusal) => actors.say(refusal),
    }
}

/// What `>` says on a level whose stairs down the hero has not seen; the
/// stairs in view, if any, are the ones up.
fn not_found_the_stairs_down(up_in_view: bool) -> &'static str {
    if up_in_view {
        "Those are the stairs up (<). You have not found the stairs down yet."
    } else {
        "You have not found the stairs down yet."
    }
}

/// The hero as its step needs it.
type HeroParts<'a> = (
    Entity,
    &'a mut Pack,
    &'a mut Purse,
    Option<&'a BumpMemory>,
    Has<Stomach>,
    Option<&'a Gear>,
);

/// What a step may change besides the hero and the creatures.
#[derive(SystemParam)]
struct StepEffects<'w, 's> {
    items: Belongings<'w, 's>,
    new_game: Res<'w, NewGame>,
    commands: Commands<'w, 's>,
    changed: MessageWriter<'w, TerrainChanged>,
    swung: MessageWriter<'w, DoorSwung>,
    taken: MessageWriter<'w, TurnTaken>,
    dug: MessageWriter<'w, HeroDug>,
    walking: Option<Res<'w, Walking>>,
    harmless: Query<'w, 's, (), With<crate::vocab::components::Harmless>>,
    keys: Res<'w, KeyBindings>,
}

/// The foe a bump in `dir` strikes: the one on the next tile, or with a
/// long weapon the first one farther on, over empty ground, within reach.
/// A harmless creature (a fungus) is struck only from next to it: a step
/// toward one farther off is a step.
fn foe_within_reach(
    actors: &Actors,
    (hero, at): (Entity, Pos),
    dir: Dir,
    reach: u8,
    harmless: impl Fn(Entity) -> bool,
) -> Option<Entity> {
    let terrain = &actors.level.terrain;
    let mut from = at;
    for step in 0..reach.max(1) {
        let to = terrain.step_to(from, dir)?;
        match actors.occupancy.at(to) {
            Some(foe) if foe != hero && (step == 0 || !harmless(foe)) => return Some(foe),
            Some(_) => return None,
            None => from = to,
        }
    }
    None
}

/// Bumps in a direction: a step (picking up what lies there), a blow, or a
/// dig.
fn hero_steps(
    mut steps: MessageReader<StepIntent>,
    mut actors: Actors,
    hero: Single<HeroParts, With<Hero>>,
    mut effects: StepEffects,
) {
    let Some(&StepIntent { dir, dig }) = steps.read().last() else {
        return;
    };
    let (hero, mut pack, mut purse, memory, hungers, gear) = hero.into_inner();
    let memory = memory.cloned().unwrap_or_default();
    let gear = gear.copied().unwrap_or_default();
    let Some(at) = actors.pos(hero) else {
        return;
    };
    let remembered = match actors.level.terrain.bump(at, dir) {
        Bump::Move(to) => match foe_within_reach(&actors, (hero, at), dir, gear.reach, |e| {
            effects.harmless.contains(e)
        }) {
            Some(foe) => {
                let name = actors.name(foe);
                for _ in 0..gear.strikes {
                    if actors.is_alive(foe) {
                        actors.strike(hero, foe);
                    }
                }
                effects.taken.write(TurnTaken);
                match name.filter(|_| actors.is_alive(foe)) {
                    Some(name) => BumpMemory::Fought { dir, foe: name },
                    None => BumpMemory::Nothing,
                }
            }
            _ if actors.try_move(hero, to) => {
                let belongings = (pack.as_mut(), purse.as_mut());
                let book = &effects.new_game.items;
                pick_up_at(
                    to,
                    Gathering::Walking,
                    book,
                    &effects.items,
                    belongings,
                    &mut effects.commands,
                    |line| actors.say(line),
                );
                // A walk to the stairs says so itself when it gets there.
                let to_the_stairs = effects
                    .walking
                    .as_ref()
                    .is_some_and(|w| w.goal == Goal::StairsDown);
                let note = stairs_note(actors.level.terrain.tile(to), &effects.keys);
                if let Some(note) = note.filter(|_| !to_the_stairs) {
                    actors.say(note);
                }
                effects.taken.write(TurnTaken);
                memory.after_step(dir, to)
            }
            _ => BumpMemory::Nothing,
        },
        Bump::Dig(rock) => {
            let vault = actors.level.terrain.tile(rock) == Tile::VaultWall;
            let what = if vault {
                memory.vault_wall_bump(dir, rock)
            } else if dig {
                RockBump::Dig
            } else {
                memory.rock_bump(dir, rock)
            };
            let hunger = &effects.new_game.rules.hunger;
            let cost = hungers.then_some(hunger.food_per_turn + hunger.food_per_dig);
            match bump::bump_message(&what, cost, vault) {
                Some(line) => actors.say(line),
                None => {
                    let changed = actors.level.terrain.dig(rock);
                    let terrain = &actors.level.terrain;
                    let caged = changed.iter().any(|&p| terrain.tile(p) == Tile::AltarCaged);
                    effects.changed.write(TerrainChanged(changed));
                    effects.dug.write(HeroDug { at: rock });
                    // A route that digs said so once, when it set out.
                    if caged {
                        actors
                            .say("You break into the vault, and cages slam down over its altars.");
                    } else if !dig {
                        actors.say("You dig through the rock.");
                    }
                    effects.taken.write(TurnTaken);
                }
            }
            BumpMemory::after_rock(&what, rock)
        }
        Bump::Open(door) => {
            let told = (&mut effects.swung, &mut effects.changed);
            if doors::open(&mut actors, door, told) {
                actors.say("You open the door.");
                effects.taken.write(TurnTaken);
            }
            BumpMemory::Nothing
        }
        Bump::Locked(door) => {
            let book = &effects.new_game.items;
            let belongings = (pack.as_mut(), book, &effects.items);
            let told = (&mut effects.swung, &mut effects.changed);
            if vaults::hero_unlocks(&mut actors, door, belongings, &mut effects.commands, told) {
                effects.taken.write(TurnTaken);
            }
            BumpMemory::Nothing
        }
        Bump::Blocked(why) => {
            actors.say(blocked_message(why));
            BumpMemory::Nothing
        }
    };
    effects.commands.entity(hero).insert(remembered);
}

/// Why the hero cannot go that way.
fn blocked_message(why: Blocked) -> &'static str {
    match why {
        Blocked::Border => "This rock is too hard to dig.",
        Blocked::CornerGap => "You cannot squeeze between the rocks.",
        Blocked::Impassable => "You cannot go that way.",
    }
}

/// Where the stairs under the hero lead, or why it cannot take them.
fn take_stairs(way: Way, underfoot: Tile, depth: u32) -> Result<Way, &'static str> {
    match (way, underfoot) {
        (Way::Down, Tile::StairsDown) => Ok(Way::Down),
        (Way::Down, _) => Err("There are no stairs down here."),
        (Way::Up, _) if depth == 0 => {
            Err("Only the open sky is above you. The Gold Key lies below.")
        }
        (Way::Up, Tile::StairsUp) => Ok(Way::Up),
        _ => Err("There are no stairs up here."),
    }
}

/// What the hero reads on stepping onto stairs, naming the keys bound.
fn stairs_note(tile: Tile, keys: &KeyBindings) -> Option<String> {
    match tile {
        Tile::StairsDown => Some(format!(
            "There are stairs down here. Press {} to descend.",
            keys.key(KeyAction::Descend)
        )),
        Tile::StairsUp => Some(format!(
            "There are stairs up here. Press {} to climb.",
            keys.key(KeyAction::Ascend)
        )),
        _ => None,
    }
}

fn count_turn(mut taken: MessageReader<TurnTaken>, mut turn: ResMut<TurnCount>) {
    turn.0 += taken.read().count() as u64;
}
