//! Seeded, pure map generators. Each returns its terrain with the points
//! the game needs: where the hero starts and where the stairs are.

pub mod caves;
#[cfg(test)]
mod checks;
pub mod connect;
#[cfg(test)]
mod golden;
pub mod rooms;
pub mod stairs;
pub mod surface;
pub mod vault;
pub mod warrens;

use std::fmt;

use crate::grid::Pos;
use crate::terrain::Terrain;

/// Which stairs a level needs: the surface has only a way down, the
/// deepest level only a way up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stairs {
    pub up: bool,
    pub down: bool,
}

impl Stairs {
    pub const BOTH: Stairs = Stairs {
        up: true,
        down: true,
    };
}

/// A generated level: its terrain, where the hero starts, its stairs, and
/// counts for `mapgen --stats` (such as `("rooms", 9)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub terrain: Terrain,
    /// Where the hero appears on a new game or on arrival from above: the
    /// up stairs when there are some.
    pub start: Pos,
    /// The `StairsUp` tile, when asked for.
    pub up: Option<Pos>,
    /// The `StairsDown` tile, when asked for.
    pub down: Option<Pos>,
    pub stats: Vec<(&'static str, usize)>,
}

impl Map {
    /// A map whose stairs and start were placed by [`stairs::place`].
    pub fn with_stairs(
        terrain: Terrain,
        placed: stairs::Placed,
        stats: Vec<(&'static str, usize)>,
    ) -> Self {
        Self {
            terrain,
            start: placed.start,
            up: placed.up,
            down: placed.down,
            stats,
        }
    }
}

/// The smallest and largest map side any generator accepts.
pub const MIN_SIDE: i32 = 20;
pub const MAX_SIDE: i32 = 600;

/// A map size outside what the generators accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadSize {
    pub width: i32,
    pub height: i32,
}

impl fmt::Display for BadSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "map size {}x{} is out of range: each side must be {MIN_SIDE} to {MAX_SIDE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for BadSize {}

/// Checks that `width × height` is a size the generators accept.
pub fn check_size(width: i32, height: i32) -> Result<(), BadSize> {
    let ok = |side: i32| (MIN_SIDE..=MAX_SIDE).contains(&side);
    if ok(width) && ok(height) {
        Ok(())
    } else {
        Err(BadSize { width, height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_size_says_which_and_what_is_allowed() {
        let wrong = check_size(5, 9000).unwrap_err();
        assert_eq!(
            wrong.to_string(),
            format!(
                "map size 5x9000 is out of range: each side must be {} to {}",
                MIN_SIDE, MAX_SIDE
            )
        );
    }
}
