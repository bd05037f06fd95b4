//! What happens between the tiles: a death's fall before its corpse shows,
//! a dug wall's crumbling, lightning's bolt, the fireball's flight and
//! burst, the flash where a spell went off, and the sign over the
//! paralysed. Each effect is its own entity with a [`Fx`] clock, so a key
//! press can end them all at once.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::view::assets::SpriteBook;
use crate::view::motion::state::{Animation, Fade, Motion};
use crate::view::motion::timings::AnimationData;
use crate::view::motion::tween::{Clock, point_along};
use crate::view::tilemap::{HeldTiles, tile_centre};
use crate::vocab::components::Slumber;
use crate::vocab::data::ScrollKind;
use crate::vocab::messages::{Burrowed, Died, HeroDug, SpellCast};
use crate::vocab::resources::{Level, Seen, Sight};
use crate::vocab::states::Screen;
use crate::vocab::statuses::{Status, Statuses};

/// Above terrain, items and creatures; below the aiming cursor.
const EFFECTS_Z: f32 = 4.0;
/// A falling creature, over the corpse it becomes.
const GHOST_Z: f32 = 2.5;
/// A spell's light on the floor: over the items, under whoever stands there.
const FLASH_Z: f32 = 1.5;
/// The bits of a crumbling wall.
const ROCK: Color = Color::srgb(0.72, 0.7, 0.74);
const BOLT: Color = Color::srgb(1.0, 0.97, 0.7);
const BOLT_GLOW: Color = Color::srgba(0.6, 0.8, 1.0, 0.45);
const FIRE: Color = Color::srgb(1.0, 0.55, 0.15);
const FIRE_CORE: Color = Color::srgb(1.0, 0.92, 0.5);
const SPARK: Color = Color::srgb(0.45, 0.95, 1.0);
/// How long a fading-in corpse takes once the fall is over.
const CORPSE_SHOWS: f32 = 0.06;
/// How many bends lightning's bolt makes.
const BOLT_BENDS: usize = 6;

/// An effect's clock: it ends, and the effect with it, when the clock does.
#[derive(Component)]
pub struct Fx(pub Clock);

/// A creature's fall: it topples, sinks and fades where it died.
#[derive(Component)]
pub(super) struct Fall {
    at: Vec2,
}

/// A wall that crumbles, and whose tile shows as dug when it has.
#[derive(Component)]
pub(super) struct Crumble {
    at: Pos,
}

/// One bit of rock from a crumbling wall.
#[derive(Component)]
pub(super) struct Debris {
    start: Vec2,
    velocity: Vec2,
}

/// A spell's flash on one tile.
#[derive(Component)]
pub(super) struct TileFlash {
    colour: Color,
}

/// A segment of lightning's bolt, or of the glow around it, in `colour`.
#[derive(Component)]
pub(super) struct BoltSegment {
    colour: Color,
}

/// The fireball in flight; on landing it bursts over `tiles`.
#[derive(Component)]
pub(super) struct Fireball {
    path: [Vec2; 2],
    tiles: Vec<Pos>,
}

/// The sign over a paralysed or sleeping fighter.
#[derive(Component)]
pub(super) struct ParalysisSign;

/// A plain rectangle of `colour`: a bit of rock, a stretch of bolt, a flash.
fn bar(colour: Color, size: Vec2) -> Sprite {
    Sprite::from_color(colour, size)
}

/// A small number from `seed`, stable for the same seed: the look of an
/// effect varies without touching the game's dice.
fn wobble(seed: u64) -> f32 {
    let hash = gloomdelve_core::persist::fnv1a64(&seed.to_le_bytes());
    (hash % 2001) as f32 / 1000.0 - 1.0
}

fn seed_of(at: Pos, n: usize) -> u64 {
    ((at.x as u64) << 40) ^ ((at.y as u64) << 20) ^ n as u64
}

fn visible(sight: &Option<Res<Sight>>, at: Pos) -> bool {
    sight.as_ref().is_some_and(|s| s.seen(at) == Seen::Visible)
}

/// A death the hero sees falls before its corpse shows.
pub(super) fn play_deaths(
    mut commands: Commands,
    mut deaths: MessageReader<Died>,
    motion: Res<Motion>,
    sight: Option<Res<Sight>>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut corpses: Query<&mut Animation>,
) {
    for death in deaths.read() {
        if motion.reduce || !visible(&sight, death.at) {
            continue;
        }
        let length = motion.paced(motion.timings.death);
        if let Some(mut corpse) = death.corpse.and_then(|c| corpses.get_mut(c).ok()) {
            corpse.fade = Some(Fade {
                from: 0.0,
                to: 1.0,
                clock: Clock::delayed(length, CORPSE_SHOWS),
            });
        }
        let Some(sprite) = book.sprite_or_generic(&death.sprite) else {
            continue;
        };
        let at = tile_centre(death.at, level.terrain.height(), book.tile_size);
        commands.spawn((
            Name::new("Falling creature"),
            Fx(Clock::new(length)),
            Fall { at },
            sprite,
            Transform::from_translation(at.extend(GHOST_Z)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Topples, sinks and fades each fall, flashing red as it begins.
pub(super) fn draw_falls(
    book: Res<SpriteBook>,
    mut falls: Query<(&Fx, &Fall, &mut Transform, &mut Sprite)>,
) {
    for (fx, fall, mut transform, mut sprite) in &mut falls {
        let t = fx.0.progress();
        let sink = t * t;
        transform.translation = (fall.at - Vec2::Y * book.tile_size * 0.25 * sink).extend(GHOST_Z);
        transform.rotation = Quat::from_rotation_z(-std::f32::consts::FRAC_PI_2 * sink);
        transform.scale = Vec3::new(1.0, 1.0 - 0.4 * sink, 1.0);
        let red = (1.0 - 4.0 * t).max(0.0);
        sprite.color = Color::srgba(1.0, 1.0 - 0.7 * red, 1.0 - 0.7 * red, 1.0 - t);
    }
}

/// A wall the hero or a burrower digs crumbles into bits of rock, darkening as it goes;
/// the map shows it dug when they have fallen.
pub(super) fn crumble_walls(
    mut commands: Commands,
    mut digs: MessageReader<HeroDug>,
    mut burrows: MessageReader<Burrowed>,
    motion: Res<Motion>,
    held: Res<HeldTiles>,
    level: Res<Level>,
    book: Res<SpriteBook>,
) {
    let dug = digs
        .read()
        .map(|d| d.at)
        .chain(burrows.read().map(|b| b.at));
    for dug_at in dug {
        if !held.holds(dug_at) {
            continue;
        }
        let at = tile_centre(dug_at, level.terrain.height(), book.tile_size);
        let pixel = book.tile_size / 8.0;
        let bits: Vec<Entity> = (0..motion.timings.debris as usize)
            .map(|n| {
                let seed = seed_of(dug_at, n);
                let start = Vec2::new(wobble(seed), wobble(seed + 1)) * book.tile_size * 0.4;
                // Out from the middle, and up a little, before they fall.
                let out = start.normalize_or(Vec2::Y) * (0.6 + 0.3 * wobble(seed + 2));
                let velocity = (out + Vec2::Y * 0.5) * book.tile_size;
                let size = if wobble(seed + 3) > 0.3 { 2.0 } else { 1.0 };
                commands
                    .spawn((
                        Debris { start, velocity },
                        bar(ROCK, Vec2::splat(pixel * size)),
                        Transform::from_translation(start.extend(0.1)),
                    ))
                    .id()
            })
            .collect();
        commands
            .spawn((
                Name::new("Crumbling wall"),
                Fx(Clock::new(motion.paced(motion.timings.crumble))),
                Crumble { at: dug_at },
                bar(Color::NONE, Vec2::splat(book.tile_size)),
                Transform::from_translation(at.extend(EFFECTS_Z)),
                DespawnOnExit(Screen::Playing),
            ))
            .add_children(&bits);
    }
}

/// Darkens the crumbling wall, and throws its bits out to fall and fade,
/// in the crumble's own time, however long the data makes it.
pub(super) fn draw_debris(
    book: Res<SpriteBook>,
    mut walls: Query<(&Fx, &Children, &mut Sprite), (With<Crumble>, Without<Debris>)>,
    mut bits: Query<(&Debris, &mut Transform, &mut Sprite), Without<Crumble>>,
) {
    for (fx, children, mut wall) in &mut walls {
        let t = fx.0.progress();
        wall.color = Color::srgba(0.0, 0.0, 0.0, 0.65 * t);
        // One tile's fall over the crumble, whatever it lasts.
        let fall = Vec2::Y * book.tile_size * 1.2 * t * t;
        for child in children {
            let Ok((debris, mut transform, mut sprite)) = bits.get_mut(*child) else {
                continue;
            };
            let at = debris.start + debris.velocity * t - fall;
            transform.translation = at.extend(0.1);
            // Whole for most of the fall, fading over its last 40%.
            sprite.color = ROCK.with_alpha(((1.0 - t) / 0.4).min(1.0));
        }
    }
}

/// Draws each spell: lightning's bolt and a flash on its target, the
/// fireball's flight to the aimed tile and then its burst, the flash of
/// paralysis. With Reduce motion on, only the flashes show, at once.
pub(super) fn play_spells(
    mut commands: Commands,
    mut casts: MessageReader<SpellCast>,
    motion: Res<Motion>,
    level: Res<Level>,
    book: Res<SpriteBook>,
) {
    let centre = |p: Pos| tile_centre(p, level.terrain.height(), book.tile_size);
    let timings = &motion.timings;
    for cast in casts.read() {
        let path = [centre(cast.from), centre(cast.at)];
        let flash = flash_colour(cast.kind);
        if cast.kind == ScrollKind::Fireball && !motion.reduce {
            // The burst's flashes come with the fireball, once it lands.
            let flight = fireball_flight(cast.from, cast.at, timings);
            spawn_fireball(&mut commands, &book, path, cast.tiles.clone(), flight);
            continue;
        }
        if cast.kind == ScrollKind::Lightning && !motion.reduce {
            let seed = seed_of(cast.at, 7);
            spawn_bolt(&mut commands, &book, path, seed, timings.bolt);
        }
        spawn_flashes(
            &mut commands,
            &level,
            &book,
            &cast.tiles,
            flash,
            timings.burst,
        );
    }
}

/// How long a fireball flies from `from` to `to`, a tile at the least.
pub(crate) fn fireball_flight(from: Pos, to: Pos, timings: &AnimationData) -> f32 {
    let tiles_away = Vec2::new((to.x - from.x) as f32, (to.y - from.y) as f32).length();
    tiles_away.max(1.0) / timings.fireball_speed
}

/// The colour of a spell's flash.
fn flash_colour(kind: ScrollKind) -> Color {
    match kind {
        ScrollKind::Lightning => Color::srgba(1.0, 0.95, 0.4, 0.85),
        ScrollKind::Paralyze => Color::srgba(0.45, 0.95, 1.0, 0.7),
        ScrollKind::Fireball => Color::srgba(1.0, 0.45, 0.15, 0.75),
        ScrollKind::Teleport => Color::srgba(0.8, 0.5, 1.0, 0.8),
        ScrollKind::Mapping | ScrollKind::Identify => Color::srgba(0.95, 0.9, 0.7, 0.6),
    }
}

/// A fading square of `colour` over each of `tiles`.
fn spawn_flashes(
    commands: &mut Commands,
    level: &Level,
    book: &SpriteBook,
    tiles: &[Pos],
    colour: Color,
    length: f32,
) {
    for &tile in tiles {
        let at = tile_centre(tile, level.terrain.height(), book.tile_size);
        commands.spawn((
            Name::new("Spell flash"),
            Fx(Clock::new(length)),
            TileFlash { colour },
            bar(colour, Vec2::splat(book.tile_size)),
            Transform::from_translation(at.extend(FLASH_Z)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// A ball of fire, a bright core in an orange glow, flying along `path`.
fn spawn_fireball(
    commands: &mut Commands,
    book: &SpriteBook,
    path: [Vec2; 2],
    tiles: Vec<Pos>,
    flight: f32,
) {
    let pixel = book.tile_size / 8.0;
    commands
        .spawn((
            Name::new("Fireball"),
            Fx(Clock::new(flight)),
            Fireball { path, tiles },
            bar(FIRE, Vec2::splat(pixel * 4.0)),
            Transform::from_translation(path[0].extend(EFFECTS_Z + 0.2)),
            DespawnOnExit(Screen::Playing),
        ))
        .with_child((
            bar(FIRE_CORE, Vec2::splat(pixel * 2.0)),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
}

/// Lightning: a jagged line of thin bars from the reader to the target,
/// bent the same way each time it strikes the same tile.
fn spawn_bolt(commands: &mut Commands, book: &SpriteBook, path: [Vec2; 2], seed: u64, length: f32) {
    let pixel = book.tile_size / 8.0;
    let across = (path[1] - path[0]).perp().normalize_or_zero();
    let bends: Vec<Vec2> = (0..=BOLT_BENDS)
        .map(|n| {
            let along = point_along(&path, n as f32 / BOLT_BENDS as f32);
            let ends = n == 0 || n == BOLT_BENDS;
            let jag = if ends { 0.0 } else { wobble(seed + n as u64) };
            along + across * jag * book.tile_size * 0.4
        })
        .collect();
    for pair in bends.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let middle = (a + b) / 2.0;
        let turned = Quat::from_rotation_z((b - a).to_angle());
        let long = a.distance(b) + pixel;
        // A pale glow three pixels wide, and the white-hot core over it.
        for (colour, wide, lift) in [(BOLT_GLOW, 3.0, 0.3), (BOLT, 1.0, 0.35)] {
            commands.spawn((
                Name::new("Lightning"),
                Fx(Clock::new(length)),
                BoltSegment { colour },
                bar(colour, Vec2::new(long, pixel * wide)),
                Transform::from_translation(middle.extend(EFFECTS_Z + lift)).with_rotation(turned),
                DespawnOnExit(Screen::Playing),
            ));
        }
    }
}

/// Moves the fireball along its flight, and flickers and fades the bolt
/// and the flashes.
pub(super) fn draw_spells(
    mut fireballs: Query<(&Fx, &Fireball, &mut Transform)>,
    mut bolts: Query<(&Fx, &BoltSegment, &mut Sprite), Without<TileFlash>>,
    mut flashes: Query<(&Fx, &TileFlash, &mut Sprite), Without<BoltSegment>>,
) {
    for (fx, fireball, mut transform) in &mut fireballs {
        let at = point_along(&fireball.path, fx.0.progress());
        transform.translation = at.extend(transform.translation.z);
    }
    for (fx, bolt, mut sprite) in &mut bolts {
        let t = fx.0.progress();
        let flicker = if ((t * 10.0) as u32).is_multiple_of(2) {
            1.0
        } else {
            0.55
        };
        let alpha = bolt.colour.alpha() * flicker * (1.0 - t * t);
        sprite.color = bolt.colour.with_alpha(alpha);
    }
    for (fx, flash, mut sprite) in &mut flashes {
        let alpha = flash.colour.alpha() * (1.0 - fx.0.progress());
        sprite.color = flash.colour.with_alpha(alpha);
    }
}

/// Moves every effect's clock on.
pub(super) fn tick_effects(time: Res<Time>, mut effects: Query<&mut Fx>) {
    for mut fx in &mut effects {
        fx.0.tick(time.delta_secs());
    }
}

/// Jumps every effect to its end.
pub(super) fn finish_effects(effects: &mut Query<&mut Fx>) {
    for mut fx in effects.iter_mut() {
        fx.0.finish();
    }
}

/// Removes the effects that are over: a crumbled wall's tile shows dug,
/// a fireball that landed bursts.
pub(super) fn end_effects(
    mut commands: Commands,
    motion: Res<Motion>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut held: ResMut<HeldTiles>,
    ended: Query<(Entity, &Fx, Option<&Crumble>, Option<&Fireball>)>,
) {
    for (entity, fx, crumble, fireball) in &ended {
        if !fx.0.done() {
            continue;
        }
        if let Some(crumble) = crumble {
            held.release(crumble.at);
        }
        if let Some(fireball) = fireball {
            let colour = flash_colour(ScrollKind::Fireball);
            let burst = motion.timings.burst;
            spawn_flashes(&mut commands, &level, &book, &fireball.tiles, colour, burst);
        }
        commands.entity(entity).despawn();
    }
}

/// The colour of the "z" over a sleeping creature: pale, unlike the
/// paralysed's blue spark.
const DREAM: Color = Color::srgb(0.92, 0.92, 0.98);

/// The sign a fighter wears: a blue "z" while paralysed, a pale one while
/// asleep, none otherwise.
fn sign_colour(statuses: Option<&Statuses>, slumber: Option<&Slumber>) -> Option<Color> {
    if statuses.is_some_and(|s| s.has(Status::Paralysed)) {
        Some(SPARK)
    } else if slumber.is_some_and(|s| s.asleep) {
        Some(DREAM)
    } else {
        None
    }
}

/// Puts a sign over each fighter as long as it is paralysed or asleep: a
/// "z" that bobs, or stays still with Reduce motion on.
pub(super) fn mark_the_paralysed(
    mut commands: Commands,
    book: Res<SpriteBook>,
    changed: Query<
        (Entity, Option<&Statuses>, Option<&Slumber>),
        Or<(Changed<Statuses>, Changed<Slumber>)>,
    >,
    mut signs: Query<(Entity, &ChildOf, &mut TextColor), With<ParalysisSign>>,
) {
    let mut held = Vec::new();
    for (fighter, statuses, slumber) in &changed {
        let wanted = sign_colour(statuses, slumber);
        let sign = signs
            .iter_mut()
            .find(|(_, parent, _)| parent.parent() == fighter);
        match (sign, wanted) {
            (Some((_, _, mut colour)), Some(wanted)) => colour.0 = wanted,
            (Some((sign, ..)), None) => commands.entity(sign).despawn(),
            (None, Some(wanted)) => held.push((fighter, wanted)),
            (None, None) => {}
        }
    }
    for (fighter, colour) in held {
        let sign = commands
            .spawn((
                Name::new("Sign"),
                ParalysisSign,
                Text2d::new("z"),
                TextFont::from_font_size(32.0),
                TextColor(colour),
                bevy::sprite::Text2dShadow {
                    offset: Vec2::new(3.0, -3.0),
                    color: Color::srgba(0.0, 0.0, 0.0, 0.9),
                },
                Transform::from_xyz(book.tile_size * 0.42, book.tile_size * 0.62, 3.0)
                    .with_scale(Vec3::splat(0.25)),
            ))
            .id();
        commands.entity(fighter).add_child(sign);
    }
}

/// Bobs the paralysis signs.
pub(super) fn bob_signs(
    time: Res<Time>,
    motion: Res<Motion>,
    book: Res<SpriteBook>,
    mut signs: Query<&mut Transform, With<ParalysisSign>>,
) {
    let bob = if motion.reduce {
        0.0
    } else {
        (time.elapsed_secs() * 5.0).sin() * book.tile_size / 16.0
    };
    for mut transform in &mut signs {
        transform.translation.y = book.tile_size * 0.62 + bob;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_effects_look_varies_but_is_the_same_for_the_same_seed() {
        let looks: Vec<f32> = (0..50).map(wobble).collect();
        assert!(looks.iter().all(|w| (-1.0..=1.0).contains(w)));
        assert!(looks.windows(2).any(|w| w[0] != w[1]));
        assert_eq!(wobble(17), wobble(17));
    }
}
