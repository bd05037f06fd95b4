//! The cages of a vault: bars drawn over each caged altar, above what lies
//! in it and below the creatures, shown as the hero knows the tile (in
//! view, remembered dimmed, or not at all while unseen).

use bevy::prelude::*;
use gloomdelve_core::{Pos, Tile};

use crate::view::assets::SpriteBook;
use crate::view::tilemap::{fog_colour, tile_centre};
use crate::vocab::messages::TerrainChanged;
use crate::vocab::resources::{Level, Seen, Sight};
use crate::vocab::states::{EnterPlaying, Screen, SeenRemembered, TurnPhase};

/// The bars' sprite in the atlas.
const CAGE_SPRITE: &str = "cage_bars";
/// Between the items (1) and the creatures (2).
const CAGE_Z: f32 = 1.5;

/// The bars drawn over the caged altar at this place.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CageBars(pub Pos);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        bar_every_caged_altar.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (bar_new_cages, show_cages_as_known)
            .chain()
            .after(SeenRemembered)
            .in_set(TurnPhase::UpdateHud),
    );
}

/// Spawns the bars of one cage, hidden until the hero knows it.
fn spawn_bars(commands: &mut Commands, book: &SpriteBook, level: &Level, at: Pos) {
    let Some(sprite) = book.sprite(CAGE_SPRITE) else {
        warn!("no sprite {CAGE_SPRITE:?} in the atlas; a cage is not drawn");
        return;
    };
    let centre = tile_centre(at, level.terrain.height(), book.tile_size);
    commands.spawn((
        CageBars(at),
        sprite,
        Transform::from_translation(centre.extend(CAGE_Z)),
        Visibility::Hidden,
        DespawnOnExit(Screen::Playing),
    ));
}

/// On arrival, bars over every caged altar of the level.
fn bar_every_caged_altar(mut commands: Commands, book: Res<SpriteBook>, level: Res<Level>) {
    for (at, tile) in level.terrain.tiles().iter() {
        if *tile == Tile::AltarCaged {
            spawn_bars(&mut commands, &book, &level, at);
        }
    }
}

/// Bars over each altar caged since the last turn.
fn bar_new_cages(
    mut commands: Commands,
    mut changes: MessageReader<TerrainChanged>,
    book: Res<SpriteBook>,
    level: Res<Level>,
    cages: Query<&CageBars>,
) {
    let mut fresh: Vec<Pos> = changes
        .read()
        .flat_map(|change| change.0.iter().copied())
        .filter(|&at| level.terrain.tile(at) == Tile::AltarCaged)
        .filter(|&at| cages.iter().all(|c| c.0 != at))
        .collect();
    fresh.sort_by_key(|p| (p.y, p.x));
    fresh.dedup();
    for at in fresh {
        spawn_bars(&mut commands, &book, &level, at);
    }
}

/// Shows each cage as the hero knows its tile: lit in view, dimmed when
/// remembered as caged, hidden while unseen or remembered as it was.
fn show_cages_as_known(
    level: Res<Level>,
    sight: Res<Sight>,
    mut cages: Query<(&CageBars, &mut Visibility, &mut Sprite)>,
) {
    for (cage, mut visibility, mut sprite) in &mut cages {
        let seen = sight.seen(cage.0);
        let known =
            seen != Seen::Unseen && sight.believed(&level.terrain, cage.0) == Tile::AltarCaged;
        visibility.set_if_neq(if known {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        let tint = fog_colour(seen);
        if known && sprite.color != tint {
            sprite.color = tint;
        }
    }
}
