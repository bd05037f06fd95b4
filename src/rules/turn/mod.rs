//! The turn loop: the hero's pending action starts a turn, then the world
//! answers in ordered phases. Nothing happens while no action is pending.

pub mod bump;

use bevy::prelude::*;
use gloomdelve_core::{Blocked, Bump, Tile};

use crate::rules::combat::Actors;
use crate::rules::explore::Walking;
use crate::rules::items::{Belongings, pick_up_at};
use crate::vocab::components::Hero;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Pack, Purse};
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::intents::Action;
use crate::vocab::intents::PendingAction;
use crate::vocab::log::GameLog;
use crate::vocab::messages::HeroDug;
use crate::vocab::messages::TerrainChanged;
use crate::vocab::messages::TurnTaken;
use crate::vocab::messages::{Goal, StartWalk};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{Dungeon, Travel, Way};
use crate::vocab::states::TurnPhase;
use crate::vocab::states::{EnterPlaying, HeroTurn, Overlay, Screen};
use bump::BumpMemory;

pub(super) fn plugin(app: &mut App) {
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
            hero_acts.in_set(HeroTurn::Moves),
            count_turn.in_set(HeroTurn::Count),
        ),
    );
    app.add_systems(Update, bump::forget_bumps.in_set(HeroTurn::Observe));
    app.add_systems(
        OnEnter(Screen::Playing),
        welcome.in_set(EnterPlaying::Rules),
    );
}

/// A new game's first line: what to do, and where the help is.
fn welcome(turn: Res<TurnCount>, new_game: Res<NewGame>, mut log: ResMut<GameLog>) {
    if turn.0 == 0 && log.entries().is_empty() {
        log.say(0, welcome_hint(new_game.mode));
    }
}

/// The welcome hint for a game in `mode`.
pub fn welcome_hint(mode: Mode) -> &'static str {
    match mode {
        Mode::Delve => "Find the stairs down (>). Press ? for help.",
        Mode::Hunt => "Hunt down every enemy in the warrens. Press ? for help.",
    }
}

fn action_pending(pending: Res<PendingAction>) -> bool {
    pending.0.is_some()
}

/// The hero as its turn needs it.
type HeroParts<'a> = (
    Entity,
    &'a mut Pack,
    &'a mut Purse,
    Option<&'a BumpMemory>,
    Has<Stomach>,
);

/// Resolves the hero's action: a step, a dig, a blow, or a wait.
pub(crate) fn hero_acts(
    mut pending: ResMut<PendingAction>,
    mut actors: Actors,
    hero: Single<HeroParts, With<Hero>>,
    mut items: Belongings,
    new_game: Res<NewGame>,
    mut commands: Commands,
    mut changed: MessageWriter<TerrainChanged>,
    mut taken: MessageWriter<TurnTaken>,
    mut dug: MessageWriter<HeroDug>,
    mut travel: ResMut<Travel>,
    dungeon: Option<Res<Dungeon>>,
    mut walks: MessageWriter<StartWalk>,
    walking: Option<Res<Walking>>,
) {
    let Some(action) = pending.0.take() else {
        return;
    };
    let (hero, mut pack, mut purse, memory, hungers) = hero.into_inner();
    let memory = memory.cloned().unwrap_or_default();
    let Some(at) = actors.pos(hero) else {
        return;
    };
    let mut pick_up = |actors: &mut Actors, at| {
        let belongings = (pack.as_mut(), purse.as_mut());
        pick_up_at(
            at,
            &new_game.items,
            &mut items,
            belongings,
            &mut commands,
            |line| actors.say(line),
        )
    };
    let dir = match action {
        Action::Wait => {
            taken.write(TurnTaken);
            return;
        }
        Action::PickUp => {
            if pick_up(&mut actors, at).taken > 0 {
                taken.write(TurnTaken);
            } else {
                actors.say("There is nothing here to pick up.");
            }
            return;
        }
        // Played by `hunger::eat` and the `items` systems, which run first.
        Action::Use(_) | Action::Drop(_) | Action::Read { .. } | Action::Eat => return,
        Action::Descend if actors.level.terrain.tile(at) != Tile::StairsDown => {
            let known = actors.sight().is_some_and(|sight| {
                crate::rules::explore::knows_stairs_down(&actors.level, sight)
            });
            if known {
                walks.write(StartWalk(Goal::StairsDown));
            } else {
                actors.say("You have not found the stairs down yet.");
            }
            return;
        }
        Action::Descend | Action::Ascend => {
            let depth = dungeon.map_or(0, |d| d.depth);
            match take_stairs(action, actors.level.terrain.tile(at), depth) {
                Ok(way) => {
                    travel.0 = Some(way);
                    taken.write(TurnTaken);
                }
                Err(refusal) => actors.say(refusal),
            }
            return;
        }
        Action::Move(dir) => dir,
    };
    let remembered = match actors.level.terrain.bump(at, dir) {
        Bump::Move(to) => match actors.occupancy.at(to) {
            Some(foe) if foe != hero => {
                let name = actors.name(foe);
                actors.strike(hero, foe);
                taken.write(TurnTaken);
                match name.filter(|_| actors.is_alive(foe)) {
                    Some(name) => BumpMemory::Fought { dir, foe: name },
                    None => BumpMemory::Nothing,
                }
            }
            _ if actors.try_move(hero, to) => {
                pick_up(&mut actors, to);
                // A walk to the stairs says so itself when it gets there.
                let to_the_stairs = walking.is_some_and(|w| w.goal == Goal::StairsDown);
                let note = stairs_note(actors.level.terrain.tile(to));
                if let Some(note) = note.filter(|_| !to_the_stairs) {
                    actors.say(note);
                }
                taken.write(TurnTaken);
                memory.after_step(dir, to)
            }
            _ => BumpMemory::Nothing,
        },
        Bump::Dig(rock) => {
            let what = memory.into_rock(dir, rock);
            let hunger = &new_game.rules.hunger;
            let cost = hungers.then_some(hunger.food_per_turn + hunger.food_per_dig);
            match bump::rock_message(&what, cost) {
                Some(line) => actors.say(line),
                None => {
                    changed.write(TerrainChanged(actors.level.terrain.dig(rock)));
                    dug.write(HeroDug);
                    actors.say("You dig through the rock.");
                    taken.write(TurnTaken);
                }
            }
            BumpMemory::after_rock(&what, rock)
        }
        Bump::Blocked(why) => {
            actors.say(blocked_message(why));
            BumpMemory::Nothing
        }
    };
    commands.entity(hero).insert(remembered);
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
fn take_stairs(action: Action, underfoot: Tile, depth: u32) -> Result<Way, &'static str> {
    match (action, underfoot) {
        (Action::Descend, Tile::StairsDown) => Ok(Way::Down),
        (Action::Descend, _) => Err("There are no stairs down here."),
        (Action::Ascend, _) if depth == 0 => {
            Err("Only the open sky is above you. The Gold Key lies below.")
        }
        (Action::Ascend, Tile::StairsUp) => Ok(Way::Up),
        _ => Err("There are no stairs up here."),
    }
}

/// What the hero reads on stepping onto stairs.
fn stairs_note(tile: Tile) -> Option<&'static str> {
    match tile {
        Tile::StairsDown => Some("There are stairs down here. Press > to descend."),
        Tile::StairsUp => Some("There are stairs up here. Press < to climb."),
        _ => None,
    }
}

fn count_turn(mut taken: MessageReader<TurnTaken>, mut turn: ResMut<TurnCount>) {
    turn.0 += taken.read().count() as u64;
}
