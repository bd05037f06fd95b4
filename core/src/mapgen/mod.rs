//! Seeded, pure map generators. Each returns its terrain with the points
//! the game needs (where the hero starts).

pub mod caves;
pub mod connect;

use std::fmt;

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
