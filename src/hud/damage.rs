//! Damage numbers: each hit floats a red number up from whoever was hit.

use bevy::prelude::*;

use crate::assets::SpriteBook;
use crate::combat::Damaged;
use crate::map::Level;
use crate::map::tilemap::tile_centre;
use crate::screens::Screen;

/// How long a number floats, in seconds.
const LIFETIME: f32 = 0.9;
/// How far it rises, in tiles.
const RISE: f32 = 0.8;
/// Above terrain, items, creatures and the hero.
const EFFECTS_Z: f32 = 5.0;

/// A floating number and how long it has been up.
#[derive(Component)]
struct FloatingNumber {
    age: f32,
    from: Vec2,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_numbers, float_numbers).run_if(in_state(Screen::Playing)),
    );
}

fn spawn_numbers(
    mut commands: Commands,
    mut hits: MessageReader<Damaged>,
    level: Res<Level>,
    book: Res<SpriteBook>,
) {
    for hit in hits.read() {
        let from = tile_centre(hit.at, level.terrain.height(), book.tile_size)
            + Vec2::Y * book.tile_size * 0.3;
        commands.spawn((
            Name::new("Damage number"),
            FloatingNumber { age: 0.0, from },
            Text2d::new(hit.amount.to_string()),
            TextFont::from_font_size(40.0),
            TextColor(Color::srgb(1.0, 0.35, 0.3)),
            Transform::from_translation(from.extend(EFFECTS_Z)).with_scale(Vec3::splat(0.25)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

fn float_numbers(
    mut commands: Commands,
    time: Res<Time>,
    book: Res<SpriteBook>,
    mut numbers: Query<(Entity, &mut FloatingNumber, &mut Transform, &mut TextColor)>,
) {
    for (entity, mut number, mut transform, mut colour) in &mut numbers {
        number.age += time.delta_secs();
        if number.age >= LIFETIME {
            commands.entity(entity).despawn();
            continue;
        }
        let t = number.age / LIFETIME;
        let at = number.from + Vec2::Y * RISE * book.tile_size * t;
        transform.translation = at.extend(EFFECTS_Z);
        colour.0 = colour.0.with_alpha(1.0 - t * t);
    }
}
