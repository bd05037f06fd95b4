//! The living cave on screen: a grazer lunges at its meal, and the meal
//! shrinks and fades out where it stood, as the lunge reaches it; a
//! fungus sprouting from a rotten body swells from a sprout to its size.
//! Only what the hero sees plays; with Reduce motion on, nothing does.

use bevy::prelude::*;

use crate::view::assets::SpriteBook;
use crate::view::motion::actors::lunge_toward;
use crate::view::motion::effects::Fx;
use crate::view::motion::state::{Animation, Motion};
use crate::view::motion::tween::Clock;
use crate::view::tilemap::tile_centre;
use crate::vocab::messages::{Grazed, Sprouted};
use crate::vocab::resources::{Level, Seen, Sight};
use crate::vocab::states::Screen;

/// A meal being eaten, over the floor it stood on, under its grazer.
const MEAL_Z: f32 = 1.8;

/// How small a sprout starts, of its full size.
const SPROUT_SIZE: f32 = 0.2;

/// The growth of a sprouted creature, `child`, to its full size.
#[derive(Component)]
pub(super) struct Growth {
    child: Entity,
}

/// A grazer's meal fading out where it stood.
#[derive(Component)]
pub(super) struct Eaten {
    at: Vec2,
}

/// Each meal the hero sees eaten: its grazer lunges at it, and it fades.
pub(super) fn play_grazing(
    mut commands: Commands,
    mut meals: MessageReader<Grazed>,
    motion: Res<Motion>,
    sight: Option<Res<Sight>>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut animations: Query<&mut Animation>,
) {
    let seen = |at| sight.as_ref().is_some_and(|s| s.seen(at) == Seen::Visible);
    for meal in meals.read() {
        if motion.reduce || !(seen(meal.at) || seen(meal.from)) {
            continue;
        }
        if let Ok(mut grazer) = animations.get_mut(meal.grazer) {
            grazer.lunge = Some(lunge_toward((meal.from, meal.at), &motion, &book));
        }
        let Some(sprite) = book.sprite_or_generic(&meal.sprite) else {
            continue;
        };
        let at = tile_centre(meal.at, level.terrain.height(), book.tile_size);
        let fades = motion.paced(motion.timings.death);
        commands.spawn((
            Name::new("Eaten creature"),
            Fx(Clock::delayed(motion.blow_lands(), fades)),
            Eaten { at },
            sprite,
            Transform::from_translation(at.extend(MEAL_Z)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Shrinks each meal toward the ground and fades it out.
pub(super) fn draw_meals(
    book: Res<SpriteBook>,
    mut meals: Query<(&Fx, &Eaten, &mut Transform, &mut Sprite)>,
) {
    for (fx, meal, mut transform, mut sprite) in &mut meals {
        let t = fx.0.progress();
        let shrink = 1.0 - 0.6 * t;
        let sink = Vec2::Y * book.tile_size * 0.2 * t;
        transform.translation = (meal.at - sink).extend(MEAL_Z);
        transform.scale = Vec3::new(shrink, shrink, 1.0);
        sprite.color = Color::srgba(1.0, 1.0, 1.0, 1.0 - t);
    }
}

/// Each sprout the hero sees grows in.
pub(super) fn play_sprouting(
    mut commands: Commands,
    mut sprouts: MessageReader<Sprouted>,
    motion: Res<Motion>,
    sight: Option<Res<Sight>>,
) {
    let seen = |at| sight.as_ref().is_some_and(|s| s.seen(at) == Seen::Visible);
    for sprout in sprouts.read() {
        if motion.reduce || !seen(sprout.at) {
            continue;
        }
        commands.spawn((
            Name::new("Sprouting creature"),
            Fx(Clock::new(motion.paced(motion.timings.grow))),
            Growth {
                child: sprout.child,
            },
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Swells each sprout toward its full size, fast at first; at the end of
/// its growth (or when a key ends it) it is drawn at its size.
pub(super) fn draw_growth(
    growths: Query<(&Fx, &Growth)>,
    mut sprites: Query<&mut Transform, Without<Growth>>,
) {
    for (fx, growth) in &growths {
        let Ok(mut transform) = sprites.get_mut(growth.child) else {
            continue;
        };
        let t = fx.0.progress();
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        let size = SPROUT_SIZE + (1.0 - SPROUT_SIZE) * eased;
        transform.scale = Vec3::new(size, size, 1.0);
    }
}
