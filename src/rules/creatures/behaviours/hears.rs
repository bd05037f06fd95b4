//! `Hears(n)`: a creature notices the living hero within `n` tiles
//! through rock, instead of by sight. It does nothing itself: the
//! behaviours that act on a noticed hero (burrowing, biting, chasing) do.

use gloomdelve_core::Pos;
use gloomdelve_core::fov::within_radius;

/// Whether a creature at `at` that hears as far as `tiles` hears the hero.
pub(crate) fn hears(at: Pos, hero_at: Pos, tiles: i32) -> bool {
    within_radius(hero_at.x - at.x, hero_at.y - at.y, tiles)
}
