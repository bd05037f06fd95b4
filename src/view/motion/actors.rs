//! The hero and the creatures in motion: glides along the tiles they
//! stepped to, lunges at what they strike, the flash of a hit, and the
//! drawing of all of it, snapped to whole screen pixels.

use std::collections::BTreeMap;

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::view::assets::SpriteBook;
use crate::view::motion::state::{Animation, Glide, Lunge, Motion};
use crate::view::motion::tween::{Clock, snap};
use crate::view::tilemap::tile_centre;
use crate::view::ui_state::Zoom;
use crate::vocab::components::{Drawn, GridPos};
use crate::vocab::messages::{Moved, Struck};
use crate::vocab::resources::Level;

/// What a hit's flash mixes into the sprite: brighter than white, so even
/// dark pixels light up.
const FLASH: LinearRgba = LinearRgba::rgb(5.0, 5.0, 5.0);

/// Every drawn thing gets an animation as it is spawned, before the map
/// first dresses it, so even its first appearance can fade in.
pub(super) fn give_animation(add: On<Add, Drawn>, mut commands: Commands) {
    commands.entity(add.entity).insert(Animation::default());
}

/// The world position of a tile's centre on this level.
fn centre(pos: Pos, level: &Level, book: &SpriteBook) -> Vec2 {
    tile_centre(pos, level.terrain.height(), book.tile_size)
}

/// Starts a glide for each thing that moved this turn, through every tile
/// it stepped to, in one step's time, from wherever it is drawn now.
pub(super) fn start_glides(
    mut moves: MessageReader<Moved>,
    motion: Res<Motion>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut animations: Query<&mut Animation>,
) {
    if motion.reduce {
        moves.clear();
        return;
    }
    let mut paths: BTreeMap<Entity, Vec<Moved>> = BTreeMap::new();
    for moved in moves.read() {
        paths.entry(moved.who).or_default().push(*moved);
    }
    let timings = &motion.timings;
    for (who, steps) in paths {
        let Ok(mut animation) = animations.get_mut(who) else {
            continue;
        };
        let start = animation
            .drawn_at
            .unwrap_or_else(|| centre(steps[0].from, &level, &book));
        let points = std::iter::once(start)
            .chain(steps.iter().map(|s| centre(s.to, &level, &book)))
            .collect();
        animation.glide = Some(Glide {
            points,
            clock: Clock::new(motion.paced(timings.step)),
            ease: timings.step_ease,
        });
        animation.drawn_at = Some(start);
    }
}

/// A blow lunges its striker toward the target and back; a hit flashes
/// the target as the lunge reaches it. A miss shows only the lunge.
pub(super) fn start_lunges(
    mut blows: MessageReader<Struck>,
    motion: Res<Motion>,
    book: Res<SpriteBook>,
    mut animations: Query<&mut Animation>,
) {
    if motion.reduce {
        blows.clear();
        return;
    }
    let timings = &motion.timings;
    for blow in blows.read() {
        if let Ok(mut striker) = animations.get_mut(blow.attacker) {
            striker.lunge = Some(lunge_toward((blow.from, blow.at), &motion, &book));
        }
        if let Ok(mut target) = animations.get_mut(blow.target)
            && blow.hit
        {
            let flash = motion.paced(timings.hit_flash);
            target.flash = Some(Clock::delayed(motion.blow_lands(), flash));
        }
    }
}

/// A lunge from the tile `from` toward the tile `at`, started now.
pub(super) fn lunge_toward((from, at): (Pos, Pos), motion: &Motion, book: &SpriteBook) -> Lunge {
    let (dx, dy) = (at.x - from.x, at.y - from.y);
    // The map's y runs down, the world's up.
    let toward = Vec2::new(dx as f32, -dy as f32).normalize_or_zero();
    Lunge {
        reach: toward * motion.timings.lunge_reach * book.tile_size,
        clock: Clock::new(motion.paced(motion.timings.lunge)),
    }
}

/// Moves every animation on by this frame's time.
pub(super) fn advance(time: Res<Time>, mut animations: Query<&mut Animation>) {
    let seconds = time.delta_secs();
    for mut animation in &mut animations {
        if animation.busy() {
            animation.tick(seconds);
        }
    }
}

/// Draws what is animating where and how its animations put it; one that
/// just stopped, or was put on a new tile with nothing to play (Reduce
/// motion, a new level), is drawn at rest on its tile. The only system
/// that writes the `Transform` of what animates.
pub(super) fn draw_animated(
    zoom: Option<Res<Zoom>>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut things: Query<(
        Ref<GridPos>,
        &mut Animation,
        &mut Transform,
        Option<&mut Sprite>,
    )>,
) {
    let pixel = zoom.map_or(0.0, |z| 1.0 / z.0 as f32);
    for (pos, mut animation, mut transform, sprite) in &mut things {
        if !animation.busy() && !animation.unsettled && !pos.is_changed() {
            continue;
        }
        let home = centre(pos.0, &level, &book);
        // Put somewhere else by other means than a step (a fall in the
        // hunt, a new level): it is drawn there at once.
        if animation
            .glide
            .as_ref()
            .is_some_and(|g| g.points.last() != Some(&home))
        {
            animation.glide = None;
        }
        let base = match &animation.glide {
            Some(glide) => glide.at(),
            None => home,
        };
        animation.drawn_at = animation.glide.as_ref().map(|_| base);
        let at = snap(base + animation.lunge_offset(), pixel);
        transform.translation = at.extend(transform.translation.z);
        if let Some(mut sprite) = sprite {
            sprite.color = painted(&animation);
        }
        animation.unsettled = false;
    }
}

/// The sprite's colour: the fog's tint, lit by a flash, at its opacity.
fn painted(animation: &Animation) -> Color {
    let tint = LinearRgba::from(animation.tint);
    let lit = tint.mix(&FLASH, animation.flash_strength());
    Color::from(lit.with_alpha(tint.alpha * animation.alpha()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_lights_the_sprite_and_a_fade_thins_it() {
        let mut animation = Animation::default();
        assert_eq!(painted(&animation), Color::from(LinearRgba::WHITE));
        animation.flash = Some(Clock::new(1.0));
        assert!(LinearRgba::from(painted(&animation)).red > 4.0);
        animation.flash = None;
        animation.fade = Some(crate::view::motion::state::Fade {
            from: 1.0,
            to: 0.0,
            clock: Clock::delayed(0.0, 2.0),
        });
        animation.tick(1.0);
        assert!((painted(&animation).alpha() - 0.5).abs() < 1e-5);
    }
}
