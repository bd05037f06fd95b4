//! Damage numbers: each hit floats a number up from whoever was hit, red
//! when the hero is hurt and pale yellow when a monster is, on staggered
//! heights so numbers on neighbouring tiles never read as one. A monster's
//! number never floats onto the hero: struck just below it, it fades where
//! it starts.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::sprite::Text2dShadow;
use gloomdelve_core::Pos;

use crate::view::assets::SpriteBook;
use crate::view::motion::effects::fireball_flight;
use crate::view::motion::state::Motion;
use crate::view::tilemap::tile_centre;
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::data::ScrollKind;
use crate::vocab::messages::{Damaged, SpellCast, Struck};
use crate::vocab::resources::Level;
use crate::vocab::states::Screen;

/// Above terrain, items, creatures and the hero.
const EFFECTS_Z: f32 = 5.0;
/// The hero's own wounds.
pub(crate) const HERO_HURT: Color = Color::srgb(1.0, 0.3, 0.25);
/// Wounds dealt to monsters.
pub(crate) const MONSTER_HURT: Color = Color::srgb(1.0, 0.93, 0.55);
/// Where a number starts, in tiles above the tile's centre: the hero's
/// low, a monster's high, so two side by side sit at different heights.
const HERO_START: f32 = 0.0;
const MONSTER_START: f32 = 0.45;
/// How far a second number on the same tile in one frame starts above the first.
const STACK_STEP: f32 = 0.4;

/// A floating number, how long it has been up, and how far it rises, in
/// tiles.
#[derive(Component)]
struct FloatingNumber {
    age: f32,
    from: Vec2,
    rise: f32,
}

/// Whether a number on `struck` must keep to its tile: it is not the
/// hero's own, and the tile it would float into is the hero's (`hero`).
pub(crate) fn keeps_off_the_hero(struck: Pos, hero: Option<Pos>, hero_hurt: bool) -> bool {
    !hero_hurt && hero == Some(Pos::new(struck.x, struck.y - 1))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_numbers, float_numbers).run_if(in_state(Screen::Playing)),
    );
}

/// The colour of a number: who was hurt.
pub(crate) fn number_colour(hero_hurt: bool) -> Color {
    if hero_hurt { HERO_HURT } else { MONSTER_HURT }
}

/// Where, in tiles above its tile's centre, the `nth` number shown on one
/// tile this frame starts.
fn start_height(hero_hurt: bool, nth: usize) -> f32 {
    let base = if hero_hurt { HERO_START } else { MONSTER_START };
    base + STACK_STEP * nth as f32
}

/// When, after this frame, what hurt each tile lands on screen: a blow
/// halfway through its lunge, a fireball at the end of its flight.
fn landing_times(
    blows: &mut MessageReader<Struck>,
    casts: &mut MessageReader<SpellCast>,
    motion: &Motion,
) -> HashMap<Pos, f32> {
    let mut lands = HashMap::new();
    if motion.reduce {
        blows.clear();
        casts.clear();
        return lands;
    }
    for blow in blows.read() {
        lands.insert(blow.at, motion.blow_lands());
    }
    for cast in casts.read().filter(|c| c.kind == ScrollKind::Fireball) {
        let flight = fireball_flight(cast.from, cast.at, &motion.timings);
        lands.extend(cast.tiles.iter().map(|&tile| (tile, flight)));
    }
    lands
}

/// A number for each wound, shown as the blow or the spell that dealt it
/// lands.
fn spawn_numbers(
    mut commands: Commands,
    mut hits: MessageReader<Damaged>,
    (mut blows, mut casts): (MessageReader<Struck>, MessageReader<SpellCast>),
    motion: Res<Motion>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    hero: Query<&GridPos, With<Hero>>,
) {
    let lands = landing_times(&mut blows, &mut casts, &motion);
    let hero = hero.iter().next().map(|p| p.0);
    let mut on_tile: HashMap<Pos, usize> = HashMap::new();
    for hit in hits.read() {
        let nth = on_tile.entry(hit.at).or_default();
        // Kept off the hero: from the tile's centre, and not rising.
        let kept = keeps_off_the_hero(hit.at, hero, hit.hero);
        let lift = if kept {
            0.0
        } else {
            start_height(hit.hero, *nth) * book.tile_size
        };
        *nth += 1;
        let from = tile_centre(hit.at, level.terrain.height(), book.tile_size) + Vec2::Y * lift;
        commands.spawn((
            Name::new("Damage number"),
            FloatingNumber {
                age: -lands.get(&hit.at).copied().unwrap_or(0.0),
                from,
                rise: if kept {
                    0.0
                } else {
                    motion.timings.number_rise
                },
            },
            Text2d::new(hit.amount.to_string()),
            TextFont::from_font_size(36.0),
            TextColor(number_colour(hit.hero).with_alpha(0.0)),
            Text2dShadow {
                offset: Vec2::new(3.0, -3.0),
                color: Color::srgba(0.0, 0.0, 0.0, 0.9),
            },
            Transform::from_translation(from.extend(EFFECTS_Z)).with_scale(Vec3::splat(0.25)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

fn float_numbers(
    mut commands: Commands,
    time: Res<Time>,
    book: Res<SpriteBook>,
    motion: Res<Motion>,
    mut numbers: Query<(Entity, &mut FloatingNumber, &mut Transform, &mut TextColor)>,
) {
    let lifetime = motion.timings.number;
    for (entity, mut number, mut transform, mut colour) in &mut numbers {
        number.age += time.delta_secs();
        if number.age >= lifetime {
            commands.entity(entity).despawn();
            continue;
        }
        // Waiting for its blow to land: not shown yet.
        if number.age < 0.0 {
            continue;
        }
        let t = number.age / lifetime;
        let at = number.from + Vec2::Y * number.rise * book.tile_size * t;
        transform.translation = at.extend(EFFECTS_Z);
        colour.0 = colour.0.with_alpha(1.0 - t * t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hero_and_a_monster_get_their_own_colour_and_height() {
        assert_ne!(number_colour(true), number_colour(false));
        let apart = start_height(false, 0) - start_height(true, 0);
        assert!(
            apart >= 0.4,
            "a monster's number starts {apart} tiles above the hero's"
        );
        assert!(start_height(true, 1) > start_height(true, 0));
    }

    #[test]
    fn a_monsters_number_never_floats_onto_the_hero() {
        let hero = Some(Pos::new(5, 5));
        let below = Pos::new(5, 6);
        assert!(
            keeps_off_the_hero(below, hero, false),
            "struck below the hero"
        );
        assert!(
            !keeps_off_the_hero(Pos::new(6, 6), hero, false),
            "beside it"
        );
        assert!(!keeps_off_the_hero(Pos::new(5, 4), hero, false), "above it");
        assert!(
            !keeps_off_the_hero(Pos::new(5, 5), hero, true),
            "the hero's own"
        );
        assert!(!keeps_off_the_hero(below, None, false), "no hero");
    }
}
