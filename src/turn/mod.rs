//! The turn loop: the hero's pending action starts a turn, then the world
//! answers in ordered phases. Nothing happens while no action is pending.

use bevy::prelude::*;
use gloomdelve_core::{Blocked, Bump, Dir, Pos, Tile};

use crate::NewGame;
use crate::combat::Actors;
use crate::creatures::Fighter;
use crate::explore::{Goal, StartWalk};
use crate::hunger::HeroDug;
use crate::items::{Item, Pack, Purse, pick_up_at};
use crate::levels::{Dungeon, Travel, Way};
use crate::map::GridPos;
use crate::map::{Hero, TerrainChanged};
use crate::screens::{Overlay, Screen};

/// Something the hero does. Each one that succeeds takes one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Step, attack or dig in a direction, by bumping.
    Move(Dir),
    /// Let a turn pass.
    Wait,
    /// Pick up what lies on the hero's tile.
    PickUp,
    /// Use, wear or take off an item in the pack.
    Use(Entity),
    /// Drop an item from the pack onto the hero's tile.
    Drop(Entity),
    /// Read a scroll, aimed at a tile when it needs a target.
    Read {
        scroll: Entity,
        target: Option<Pos>,
    },
    /// Eat the food lying on the hero's tile.
    Eat,
    /// Take the stairs down, or up.
    Descend,
    Ascend,
}

/// The hero's next action, waiting for the turn systems.
#[derive(Resource, Default, Debug)]
pub struct PendingAction(pub Option<Action>);

/// How many turns have passed.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnCount(pub u64);

/// Sent when the hero's action used a turn.
#[derive(Message, Clone, Copy, Debug)]
pub struct TurnTaken;

/// The phases of one turn, run in this order. Sight is updated right
/// after the hero acts, so creatures judge what they see by where the hero
/// stands now (creatures moving never changes what the hero sees).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    HeroActs,
    UpdateFov,
    WorldActs,
    ResolveDeaths,
    UpdateHud,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingAction>();
    app.init_resource::<TurnCount>();
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
        (hero_acts, count_turn).chain().in_set(TurnPhase::HeroActs),
    );
}

fn action_pending(pending: Res<PendingAction>) -> bool {
    pending.0.is_some()
}

/// Resolves the hero's action: a step, a dig, a blow, or a wait.
pub(crate) fn hero_acts(
    mut pending: ResMut<PendingAction>,
    mut actors: Actors,
    hero: Single<(Entity, &mut Pack, &mut Purse), With<Hero>>,
    mut lying: Query<(Entity, &Item, &GridPos, &Name, &mut Visibility), Without<Fighter>>,
    new_game: Res<NewGame>,
    mut commands: Commands,
    mut changed: MessageWriter<TerrainChanged>,
    mut taken: MessageWriter<TurnTaken>,
    mut dug: MessageWriter<HeroDug>,
    mut travel: ResMut<Travel>,
    dungeon: Option<Res<Dungeon>>,
    mut walks: MessageWriter<StartWalk>,
) {
    let Some(action) = pending.0.take() else {
        return;
    };
    let (hero, mut pack, mut purse) = hero.into_inner();
    let Some(at) = actors.pos(hero) else {
        return;
    };
    let mut pick_up = |actors: &mut Actors, at| {
        let belongings = (pack.as_mut(), purse.as_mut());
        pick_up_at(
            at,
            &new_game.items,
            &mut lying,
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
            let known = actors
                .sight()
                .is_some_and(|sight| crate::explore::knows_stairs_down(&actors.level, sight));
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
    match actors.level.terrain.bump(at, dir) {
        Bump::Move(to) => match actors.occupancy.at(to) {
            Some(foe) if foe != hero => {
                actors.strike(hero, foe);
                taken.write(TurnTaken);
            }
            _ => {
                if actors.try_move(hero, to) {
                    pick_up(&mut actors, to);
                    if let Some(note) = stairs_note(actors.level.terrain.tile(to)) {
                        actors.say(note);
                    }
                    taken.write(TurnTaken);
                }
            }
        },
        Bump::Dig(rock) => {
            changed.write(TerrainChanged(actors.level.terrain.dig(rock)));
            dug.write(HeroDug);
            actors.say("You dig through the rock.");
            taken.write(TurnTaken);
        }
        Bump::Blocked(Blocked::Border) => actors.say("This rock is too hard to dig."),
        Bump::Blocked(Blocked::CornerGap) => actors.say("You cannot squeeze between the rocks."),
        Bump::Blocked(Blocked::Impassable) => actors.say("You cannot go that way."),
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
