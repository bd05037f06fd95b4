//! The arithmetic of motion: clocks that run from a delay to their end,
//! easing curves, and points along a path. Pure, so it is tested alone.

use bevy::math::Vec2;
use serde::{Deserialize, Serialize};

/// How an animation's progress bends over its time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ease {
    Linear,
    /// Fast at first, settling gently: the default for motion.
    #[default]
    OutQuad,
    OutCubic,
    InOutSine,
}

impl Ease {
    /// The eased progress of `t` (0 to 1, clamped).
    pub fn apply(self, t: f32) -> f32 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Ease::Linear => t,
            Ease::OutQuad => 1.0 - (1.0 - t) * (1.0 - t),
            Ease::OutCubic => 1.0 - (1.0 - t).powi(3),
            Ease::InOutSine => 0.5 - 0.5 * (std::f32::consts::PI * t).cos(),
        }
    }
}

/// The time one animation has run, from a delay (negative) to its length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    elapsed: f32,
    length: f32,
}

impl Clock {
    /// A clock that runs `length` seconds, starting now.
    pub fn new(length: f32) -> Self {
        Self::delayed(0.0, length)
    }

    /// A clock that waits `delay` seconds, then runs `length`.
    pub(crate) fn delayed(delay: f32, length: f32) -> Self {
        Self {
            elapsed: -delay.max(0.0),
            length: length.max(0.0),
        }
    }

    pub fn tick(&mut self, seconds: f32) {
        self.elapsed = (self.elapsed + seconds).min(self.length);
    }

    /// Jumps to the end.
    pub fn finish(&mut self) {
        self.elapsed = self.length;
    }

    pub fn done(&self) -> bool {
        self.elapsed >= self.length
    }

    /// How long it runs, after its delay.
    pub fn length(&self) -> f32 {
        self.length
    }

    /// True while still waiting out its delay.
    pub fn waiting(&self) -> bool {
        self.elapsed < 0.0
    }

    /// How far through it is, 0 to 1 (0 while waiting, 1 for no length).
    pub(crate) fn progress(&self) -> f32 {
        if self.length <= 0.0 {
            1.0
        } else {
            (self.elapsed / self.length).clamp(0.0, 1.0)
        }
    }
}

/// The point `along` (0 to 1) the way through `points`, by distance: a
/// path through two tiles spends as long on each step as its length.
pub(crate) fn point_along(points: &[Vec2], along: f32) -> Vec2 {
    let Some((&first, rest)) = points.split_first() else {
        return Vec2::ZERO;
    };
    let total: f32 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    if total <= f32::EPSILON || rest.is_empty() {
        return *points.last().unwrap_or(&first);
    }
    let mut left = along.clamp(0.0, 1.0) * total;
    for pair in points.windows(2) {
        let step = pair[0].distance(pair[1]);
        if left <= step && step > 0.0 {
            return pair[0].lerp(pair[1], left / step);
        }
        left -= step;
    }
    *points.last().unwrap_or(&first)
}

/// Out and back: 0 at both ends, 1 halfway, for a lunge.
pub(crate) fn out_and_back(t: f32) -> f32 {
    (std::f32::consts::PI * t.clamp(0.0, 1.0)).sin()
}

/// `value` rounded to whole screen pixels of `pixel` world units.
pub fn snap(value: Vec2, pixel: f32) -> Vec2 {
    if pixel > 0.0 {
        (value / pixel).round() * pixel
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ease_starts_at_zero_ends_at_one_and_never_falls_back() {
        for ease in [Ease::Linear, Ease::OutQuad, Ease::OutCubic, Ease::InOutSine] {
            assert!(ease.apply(0.0).abs() < 1e-6, "{ease:?}");
            assert!((ease.apply(1.0) - 1.0).abs() < 1e-6, "{ease:?}");
            let samples: Vec<f32> = (0..=20).map(|i| ease.apply(i as f32 / 20.0)).collect();
            assert!(samples.windows(2).all(|w| w[1] >= w[0]), "{ease:?}");
        }
        assert!(
            Ease::OutQuad.apply(0.5) > 0.5,
            "an ease-out is past halfway at half time"
        );
    }

    #[test]
    fn a_delayed_clock_waits_then_runs_and_finishing_jumps_to_the_end() {
        let mut clock = Clock::delayed(0.1, 0.2);
        clock.tick(0.05);
        assert!(clock.waiting());
        assert_eq!(clock.progress(), 0.0);
        clock.tick(0.15);
        assert!((clock.progress() - 0.5).abs() < 1e-5);
        assert!(!clock.done());
        clock.finish();
        assert!(clock.done());
        assert_eq!(clock.progress(), 1.0);
        assert!(
            Clock::new(0.0).done(),
            "a clock of no length is over at once"
        );
    }

    #[test]
    fn a_path_through_two_tiles_passes_the_middle_tile_halfway() {
        let path = [Vec2::ZERO, Vec2::new(8.0, 0.0), Vec2::new(8.0, 8.0)];
        assert_eq!(point_along(&path, 0.0), Vec2::ZERO);
        assert_eq!(point_along(&path, 0.5), Vec2::new(8.0, 0.0));
        assert_eq!(point_along(&path, 0.75), Vec2::new(8.0, 4.0));
        assert_eq!(point_along(&path, 1.0), Vec2::new(8.0, 8.0));
        assert_eq!(point_along(&[Vec2::ONE], 0.3), Vec2::ONE);
    }

    #[test]
    fn a_lunge_goes_out_and_comes_back() {
        assert!(out_and_back(0.0).abs() < 1e-6);
        assert!((out_and_back(0.5) - 1.0).abs() < 1e-6);
        assert!(out_and_back(1.0).abs() < 1e-5);
    }

    #[test]
    fn snapping_rounds_to_whole_screen_pixels() {
        assert_eq!(snap(Vec2::new(1.13, -0.6), 0.25), Vec2::new(1.25, -0.5));
        assert_eq!(snap(Vec2::new(1.13, 2.0), 0.0), Vec2::new(1.13, 2.0));
    }
}
