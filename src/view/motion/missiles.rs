//! Missiles in flight: a thrown or shot missile that lands flies there as
//! itself, gliding along the tiles it crossed at `missile_speed`; one that
//! broke or sank flies as its sprite and is gone when it stops. With
//! Reduce motion on, it is simply where it landed.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::view::assets::SpriteBook;
use crate::view::motion::effects::Fx;
use crate::view::motion::state::{Animation, Glide, Motion};
use crate::view::motion::tween::{Clock, Ease, point_along};
use crate::view::tilemap::tile_centre;
use crate::vocab::messages::MissileFlew;
use crate::vocab::resources::Level;
use crate::vocab::states::Screen;

/// Above the creatures, under the spells' flashes.
const MISSILE_Z: f32 = 4.1;

/// A missile that does not land, flying along its points.
#[derive(Component)]
pub(super) struct LostMissile(Vec<Vec2>);

pub(super) fn play_missiles(
    mut commands: Commands,
    mut flights: MessageReader<MissileFlew>,
    motion: Res<Motion>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut animations: Query<&mut Animation>,
) {
    let centre = |p: Pos| tile_centre(p, level.terrain.height(), book.tile_size);
    for flew in flights.read() {
        if motion.reduce || flew.path.is_empty() {
            continue;
        }
        let points: Vec<Vec2> = std::iter::once(flew.from)
            .chain(flew.path.iter().copied())
            .map(centre)
            .collect();
        let clock = Clock::new(motion.paced(flew.path.len() as f32 / motion.timings.missile_speed));
        match flew.item.and_then(|item| animations.get_mut(item).ok()) {
            Some(mut animation) => {
                animation.drawn_at = points.first().copied();
                animation.glide = Some(Glide {
                    points,
                    clock,
                    ease: Ease::Linear,
                });
            }
            None => spawn_lost(&mut commands, &book, &flew.sprite, points, clock),
        }
    }
}

fn spawn_lost(
    commands: &mut Commands,
    book: &SpriteBook,
    sprite: &str,
    points: Vec<Vec2>,
    clock: Clock,
) {
    let Some(mut sprite) = book.sprite(sprite) else {
        return;
    };
    sprite.custom_size = Some(Vec2::splat(book.tile_size));
    let start = points[0].extend(MISSILE_Z);
    commands.spawn((
        Name::new("Missile"),
        Fx(clock),
        LostMissile(points),
        sprite,
        Transform::from_translation(start),
        DespawnOnExit(Screen::Playing),
    ));
}

/// Moves each lost missile along its flight; `end_effects` removes it.
pub(super) fn draw_lost_missiles(mut missiles: Query<(&Fx, &LostMissile, &mut Transform)>) {
    for (fx, missile, mut transform) in &mut missiles {
        let at = point_along(&missile.0, fx.0.progress());
        transform.translation = at.extend(MISSILE_Z);
    }
}
