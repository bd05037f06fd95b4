//! Gloomdelve's pure rules: grids, terrain, map generators, the seeded RNG
//! and the sprite-art baker. Nothing here depends on Bevy, so it builds and
//! tests in seconds.

pub mod art;
pub mod bindings;
pub mod combat;
pub mod dijkstra;
pub mod fov;
pub mod grid;
pub mod line;
pub mod mapgen;
pub mod path;
pub mod persist;
pub mod rect;
pub mod rng;
pub mod route;
pub mod route_costs;
pub mod scores;
pub mod terrain;
pub mod tile;

pub use grid::{Dir, Grid, Pos};
pub use rect::Rect;
pub use rng::GameRng;
pub use terrain::{Blocked, Bump, Terrain};
pub use tile::Tile;
