//! Doors: a bump opens a closed door (the hero's in the turn's step, a
//! creature's in its plan), and the hero closes an open one next to it
//! with a key, when nothing stands or lies in it. Each swing takes the
//! turn and is told as a [`DoorSwung`], so the view redraws the tile and
//! the hero's memory keeps a door that swung out of sight as it was.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos, Tile};

use crate::rules::actors::Actors;
use crate::vocab::components::{Fighter, GridPos, Hero, Item};
use crate::vocab::intents::CloseIntent;
use crate::vocab::messages::{DoorSwung, TerrainChanged, TurnTaken};
use crate::vocab::resources::Seen;
use crate::vocab::states::HeroTurn;
use crate::vocab::text::{capitalised, the};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DoorSwung>();
    app.add_systems(Update, hero_closes_a_door.in_set(HeroTurn::Resolve));
}

/// What a swinging door tells the rest of the game.
pub(crate) type Told<'a, 'w> = (
    &'a mut MessageWriter<'w, DoorSwung>,
    &'a mut MessageWriter<'w, TerrainChanged>,
);

/// Opens the closed door at `at`; false when there is none.
pub fn open(actors: &mut Actors, at: Pos, (swung, changed): Told) -> bool {
    let opened = actors.level.terrain.open_door(at);
    if opened {
        swung.write(DoorSwung {
            at,
            was: Tile::Door,
        });
        changed.write(TerrainChanged(vec![at]));
    }
    opened
}

/// A creature, `who`, opens the closed door at `at`; the hero reads it
/// when it sees the door.
pub(crate) fn open_by(actors: &mut Actors, who: Entity, at: Pos, told: Told) {
    if !open(actors, at, told) {
        return;
    }
    let in_view = actors.sight().is_some_and(|s| s.seen(at) == Seen::Visible);
    if let Some(name) = actors.name(who).filter(|_| in_view) {
        actors.say(capitalised(&format!("{} opens the door.", the(&name))));
    }
}

/// The open door next to `at` that can be closed: nobody in it and
/// nothing lying in it, the first in the order of [`Dir::ALL`].
fn door_to_close(actors: &Actors, at: Pos, lying: &[Pos]) -> Result<Pos, &'static str> {
    let doors: Vec<Pos> = Dir::ALL
        .iter()
        .map(|&d| at.step(d))
        .filter(|&p| actors.level.terrain.tile(p) == Tile::OpenDoor)
        .collect();
    if doors.is_empty() {
        return Err("There is no open door next to you.");
    }
    doors
        .iter()
        .copied()
        .find(|&door| actors.occupancy.is_free(door) && !lying.contains(&door))
        .ok_or("Something is in the way of the door.")
}

/// Closes the open door next to the hero, if one can be; closing takes
/// the turn, and a door that cannot be closed says why and takes none.
fn hero_closes_a_door(
    mut intents: MessageReader<CloseIntent>,
    mut actors: Actors,
    hero: Single<Entity, With<Hero>>,
    items: Query<&GridPos, (With<Item>, Without<Fighter>)>,
    (mut swung, mut changed): (MessageWriter<DoorSwung>, MessageWriter<TerrainChanged>),
    mut taken: MessageWriter<TurnTaken>,
) {
    if intents.read().last().is_none() {
        return;
    }
    let Some(at) = actors.pos(*hero) else {
        return;
    };
    let lying: Vec<Pos> = items.iter().map(|p| p.0).collect();
    match door_to_close(&actors, at, &lying) {
        Ok(door) => {
            actors.level.terrain.close_door(door);
            swung.write(DoorSwung {
                at: door,
                was: Tile::OpenDoor,
            });
            changed.write(TerrainChanged(vec![door]));
            actors.say("You close the door.");
            taken.write(TurnTaken);
        }
        Err(why) => actors.say(why),
    }
}
