//! How long each animation lasts and how it eases, read from
//! `assets/data/animation.ron` with the same checks as the rules data.

use std::ops::RangeInclusive;
use std::path::Path;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::view::motion::tween::Ease;
use crate::vocab::data::{first_error, in_range, read_data};

/// The data file, under the assets folder.
pub const ANIMATION_FILE: &str = "data/animation.ron";

/// Seconds an animation may last.
const SECONDS: RangeInclusive<f32> = 0.0..=5.0;

/// Durations (seconds), distances (tiles) and easing of every animation.
/// Fields left out of the file keep their defaults.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AnimationData {
    /// A step from one tile to the next.
    pub step: f32,
    pub step_ease: Ease,
    /// A blow: out a third of a tile toward the target and back.
    pub lunge: f32,
    pub lunge_reach: f32,
    /// The flash of a creature hit.
    pub hit_flash: f32,
    /// A creature coming into view or leaving it.
    pub fade: f32,
    /// A death's fall, before the corpse shows.
    pub death: f32,
    /// A fungus sprouting from a body, growing to its size.
    pub grow: f32,
    /// A wall crumbling, before the tile becomes floor.
    pub crumble: f32,
    /// How many bits of rock fly from a dug wall.
    pub debris: u32,
    /// Lightning's bolt, on screen.
    pub bolt: f32,
    /// The fireball's flight, in tiles a second, then its burst.
    pub fireball_speed: f32,
    pub burst: f32,
    /// A thrown or shot missile's flight, in tiles a second.
    pub missile_speed: f32,
    /// A damage number's rise and fade.
    pub number: f32,
    pub number_rise: f32,
    /// The HP bar easing to its new value, and its red flash on damage.
    pub hp_bar: f32,
    pub hp_bar_ease: Ease,
    pub hp_flash: f32,
    /// Turns come faster than `step` (a held key, a walk): animations are
    /// shortened to fit, down to this share of their length.
    pub shortest: f32,
    /// With Reduce motion on, the camera still eases after the hero: how
    /// fast it closes the gap, per second.
    pub camera_follow_rate: f32,
    /// In the hunt, how long the cleared world stays on screen, the hero
    /// held still, before the fanfare and the next world.
    pub cleared_pause: f32,
}

impl Default for AnimationData {
    fn default() -> Self {
        Self {
            step: 0.1,
            step_ease: Ease::OutQuad,
            lunge: 0.14,
            lunge_reach: 0.33,
            hit_flash: 0.16,
            fade: 0.18,
            death: 0.32,
            grow: 0.5,
            crumble: 0.3,
            debris: 10,
            bolt: 0.22,
            fireball_speed: 28.0,
            missile_speed: 30.0,
            burst: 0.4,
            number: 0.9,
            number_rise: 0.8,
            hp_bar: 0.3,
            hp_bar_ease: Ease::OutCubic,
            hp_flash: 0.4,
            shortest: 0.15,
            camera_follow_rate: 14.0,
            cleared_pause: 1.5,
        }
    }
}

impl AnimationData {
    /// Reads and checks the file; the error names the file and the problem.
    pub fn load(path: &Path) -> Result<Self, String> {
        read_data(path, Self::parse)
    }

    /// Parses animation RON and checks its values.
    pub fn parse(text: &str) -> Result<Self, String> {
        let data: AnimationData = ron::from_str(text).map_err(|e| e.to_string())?;
        data.check()?;
        Ok(data)
    }

    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("step", self.step, SECONDS),
            in_range("lunge", self.lunge, SECONDS),
            in_range("lunge_reach", self.lunge_reach, 0.0..=0.5),
            in_range("hit_flash", self.hit_flash, SECONDS),
            in_range("fade", self.fade, SECONDS),
            in_range("death", self.death, SECONDS),
            in_range("grow", self.grow, SECONDS),
            in_range("crumble", self.crumble, SECONDS),
            in_range("debris", self.debris, 0..=64),
            in_range("bolt", self.bolt, SECONDS),
            in_range("fireball_speed", self.fireball_speed, 1.0..=1000.0),
            in_range("missile_speed", self.missile_speed, 1.0..=1000.0),
            in_range("burst", self.burst, SECONDS),
            in_range("number", self.number, 0.05..=5.0),
            in_range("number_rise", self.number_rise, 0.0..=4.0),
            in_range("hp_bar", self.hp_bar, SECONDS),
            in_range("hp_flash", self.hp_flash, SECONDS),
            in_range("shortest", self.shortest, 0.01..=1.0),
            in_range("camera_follow_rate", self.camera_follow_rate, 0.5..=100.0),
            in_range("cleared_pause", self.cleared_pause, SECONDS),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_is_valid_and_a_bad_number_is_named() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(ANIMATION_FILE);
        let shipped = AnimationData::load(&path).expect("the shipped animation.ron");
        assert!(shipped.step > 0.0);
        let error = AnimationData::parse("(step: 9.0)").unwrap_err();
        assert_eq!(error, "step: 9 is out of range: use 0 to 5");
        let error = AnimationData::parse("(stepp: 0.1)").unwrap_err();
        assert!(error.contains("stepp"), "{error}");
        let error = AnimationData::load(&path.with_file_name("nowhere.ron")).unwrap_err();
        assert!(error.contains("nowhere.ron: cannot read"), "{error}");
    }
}
