//! What the motion systems share with the map's fog: whether motion plays
//! and how fast, and each drawn thing's [`Animation`].

use bevy::prelude::*;

use crate::view::motion::timings::AnimationData;
use crate::view::motion::tween::{Clock, Ease, out_and_back, point_along};

/// Whether animations play, their timings, and the pace of play now.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Motion {
    pub timings: AnimationData,
    /// Reduce motion: everything snaps, but the camera still eases.
    pub reduce: bool,
    /// The share of its length an animation started now gets: 1, or less
    /// while turns come faster than a step takes.
    pub pace: f32,
}

impl Default for Motion {
    fn default() -> Self {
        Self {
            timings: AnimationData::default(),
            reduce: false,
            pace: 1.0,
        }
    }
}

impl Motion {
    /// `seconds` of an animation started now, shortened to the pace.
    pub(crate) fn paced(&self, seconds: f32) -> f32 {
        seconds * self.pace
    }

    /// When a blow struck now reaches its target: halfway through the lunge.
    pub(crate) fn blow_lands(&self) -> f32 {
        self.paced(self.timings.lunge) / 2.0
    }
}

/// A path from where a thing was drawn through the tiles it stepped to.
#[derive(Clone, Debug, PartialEq)]
pub struct Glide {
    pub points: Vec<Vec2>,
    pub clock: Clock,
    pub ease: Ease,
}

impl Glide {
    pub fn at(&self) -> Vec2 {
        point_along(&self.points, self.ease.apply(self.clock.progress()))
    }
}

/// A blow: out toward the target by `reach` and back.
#[derive(Clone, Debug, PartialEq)]
pub struct Lunge {
    pub reach: Vec2,
    pub clock: Clock,
}

/// A change of opacity, from `from` to `to`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fade {
    pub from: f32,
    pub to: f32,
    pub clock: Clock,
}

impl Fade {
    pub(crate) fn alpha(&self) -> f32 {
        self.from + (self.to - self.from) * self.clock.progress()
    }

    fn hides(&self) -> bool {
        self.to <= 0.0
    }
}

/// A drawn thing's animations. Its resting state is its tile and its fog
/// tint; while any animation runs, the motion systems draw it instead.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Animation {
    pub glide: Option<Glide>,
    pub lunge: Option<Lunge>,
    /// A hit's flash.
    pub flash: Option<Clock>,
    pub fade: Option<Fade>,
    /// The fog's tint for its tile, which the fade and the flash work on.
    pub tint: Color,
    /// Where a glide draws it now, before any lunge: the camera follows it.
    pub drawn_at: Option<Vec2>,
    /// An animation ended: the resting state is drawn once more.
    pub unsettled: bool,
}

impl Default for Animation {
    fn default() -> Self {
        Self {
            glide: None,
            lunge: None,
            flash: None,
            fade: None,
            tint: Color::WHITE,
            drawn_at: None,
            unsettled: false,
        }
    }
}

impl Animation {
    /// True while anything of it still plays.
    pub fn busy(&self) -> bool {
        self.glide.is_some()
            || self.lunge.is_some()
            || self.flash.is_some()
            || self.fade.as_ref().is_some_and(|f| !f.clock.done())
    }

    /// Its opacity now.
    pub(crate) fn alpha(&self) -> f32 {
        self.fade.as_ref().map_or(1.0, Fade::alpha)
    }

    /// The lunge's offset now.
    pub(crate) fn lunge_offset(&self) -> Vec2 {
        self.lunge
            .as_ref()
            .map_or(Vec2::ZERO, |l| l.reach * out_and_back(l.clock.progress()))
    }

    /// How strong the hit's flash is now, 1 at its start.
    pub(crate) fn flash_strength(&self) -> f32 {
        self.flash
            .as_ref()
            .filter(|c| !c.waiting())
            .map_or(0.0, |c| 1.0 - c.progress())
    }

    /// Moves every clock on by `seconds`; what ended is dropped.
    pub fn tick(&mut self, seconds: f32) {
        let was_busy = self.busy();
        if let Some(glide) = &mut self.glide {
            glide.clock.tick(seconds);
        }
        if let Some(lunge) = &mut self.lunge {
            lunge.clock.tick(seconds);
        }
        if let Some(flash) = &mut self.flash {
            flash.tick(seconds);
        }
        if let Some(fade) = &mut self.fade {
            fade.clock.tick(seconds);
        }
        self.drop_what_ended();
        self.unsettled |= was_busy && !self.busy();
    }

    /// Jumps every animation to its end.
    pub fn finish(&mut self) {
        let was_busy = self.busy();
        self.glide = None;
        self.lunge = None;
        self.flash = None;
        if let Some(fade) = &mut self.fade {
            fade.clock.finish();
        }
        self.drop_what_ended();
        self.unsettled |= was_busy;
    }

    fn drop_what_ended(&mut self) {
        if self.glide.as_ref().is_some_and(|g| g.clock.done()) {
            self.glide = None;
        }
        if self.lunge.as_ref().is_some_and(|l| l.clock.done()) {
            self.lunge = None;
        }
        if self.flash.is_some_and(|c| c.done()) {
            self.flash = None;
        }
        // A finished fade-out stays, so the fog knows to hide it now.
        if self
            .fade
            .as_ref()
            .is_some_and(|f| f.clock.done() && !f.hides())
        {
            self.fade = None;
        }
        if self.glide.is_none() {
            self.drawn_at = None;
        }
    }

    fn fading_out(&self) -> bool {
        self.fade.as_ref().is_some_and(Fade::hides)
    }

    /// Follows the fog, which wants it `shown` or not while it is `drawn`
    /// or not: it fades in, or fades out before it hides. Returns whether
    /// it is drawn now.
    pub(crate) fn follow_sight(&mut self, drawn: bool, shown: bool, seconds: f32) -> bool {
        let fade_to = |from: f32, to: f32| Fade {
            from,
            to,
            clock: Clock::new(seconds * (from - to).abs()),
        };
        match (drawn, shown) {
            (false, true) => {
                self.fade = Some(fade_to(0.0, 1.0));
                true
            }
            (true, true) if self.fading_out() => {
                self.fade = Some(fade_to(self.alpha(), 1.0));
                true
            }
            (true, false) if !self.fading_out() => {
                self.fade = Some(fade_to(self.alpha(), 0.0));
                !self.fade.as_ref().is_some_and(|f| f.clock.done())
            }
            (true, false) => !self.fade.as_ref().is_some_and(|f| f.clock.done()),
            (drawn, _) => drawn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_creature_leaving_view_fades_out_before_it_hides_and_fades_back_in() {
        let mut animation = Animation::default();
        assert!(
            animation.follow_sight(true, false, 0.2),
            "still drawn, fading"
        );
        animation.tick(0.1);
        assert!((animation.alpha() - 0.5).abs() < 1e-5);
        assert!(
            animation.follow_sight(true, true, 0.2),
            "back in view halfway"
        );
        animation.tick(0.05);
        assert!((animation.alpha() - 0.75).abs() < 1e-5, "from where it was");
        animation.tick(1.0);
        assert!(!animation.busy());
        assert!(animation.follow_sight(true, false, 0.2));
        animation.tick(1.0);
        assert!(
            !animation.follow_sight(true, false, 0.2),
            "hidden at the end"
        );
        assert!(!animation.follow_sight(false, false, 0.2));
        assert!(animation.follow_sight(false, true, 0.2), "in view again");
        assert_eq!(animation.alpha(), 0.0, "from nothing");
    }

    #[test]
    fn finishing_ends_every_animation_and_asks_for_the_resting_state() {
        let mut animation = Animation {
            glide: Some(Glide {
                points: vec![Vec2::ZERO, Vec2::X],
                clock: Clock::new(1.0),
                ease: Ease::Linear,
            }),
            flash: Some(Clock::new(1.0)),
            drawn_at: Some(Vec2::ZERO),
            ..default()
        };
        assert!(animation.busy());
        animation.finish();
        assert!(!animation.busy());
        assert!(animation.unsettled);
        assert_eq!(animation.drawn_at, None);
        assert_eq!(animation.flash_strength(), 0.0);
    }
}
