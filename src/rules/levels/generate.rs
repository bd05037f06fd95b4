//! Which map each depth gets: the surface at 0, then a seeded mix of caves
//! (some with pools and trees) and rooms down to the deepest level, which
//! has no way further down. Some levels below the surface hold a vault.

use gloomdelve_core::mapgen::caves::{self, CaveStyle};
use gloomdelve_core::mapgen::{Map, Stairs, rooms, surface, vault};
use gloomdelve_core::rng::{GameRng, derive_seed};

use crate::vocab::game::NewGame;
use crate::vocab::resources::Level;

/// The kinds of level below the surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelKind {
    Surface,
    Caves(CaveStyle),
    Rooms,
}

/// The seed of the level at `depth`, derived from the game seed.
pub fn level_seed(game_seed: u64, depth: u32) -> u64 {
    derive_seed(game_seed, 100 + u64::from(depth))
}

/// What kind of level lies at `depth`: the same for the same game seed.
pub fn kind_at(game_seed: u64, depth: u32) -> LevelKind {
    if depth == 0 {
        return LevelKind::Surface;
    }
    let mut rng = GameRng::new(derive_seed(level_seed(game_seed, depth), 7));
    if rng.chance(0.4) {
        LevelKind::Rooms
    } else {
        LevelKind::Caves(CaveStyle {
            pools: rng.chance(0.4),
            trees: rng.chance(0.3),
        })
    }
}

/// Generates the level at `depth` for a new game's settings.
pub fn level_at(new_game: &NewGame, depth: u32) -> Level {
    let rules = &new_game.rules;
    let (width, height) = (rules.cave_width, rules.cave_height);
    let seed = level_seed(new_game.seed, depth);
    let stairs = Stairs {
        up: true,
        down: depth < rules.depths,
    };
    // Sizes were checked when the rules were loaded; fall back to the
    // default size rather than fail if a caller skipped that check.
    let make = |width, height| match kind_at(new_game.seed, depth) {
        LevelKind::Surface => surface::generate(seed, width, height),
        LevelKind::Caves(style) => caves::level(seed, width, height, style, stairs),
        LevelKind::Rooms => rooms::generate(seed, width, height, stairs),
    };
    let mut map: Map = make(width, height)
        .or_else(|_| make(caves::DEFAULT_WIDTH, caves::DEFAULT_HEIGHT))
        .expect("the default level size is valid");
    if depth > 0 {
        maybe_a_vault(&mut map, seed, rules.vault_percent);
    }
    Level {
        terrain: map.terrain,
        start: map.start,
    }
}

/// The stream of a level's vault dice, apart from its layout's.
const VAULT_STREAM: u64 = 0x7A17;

/// Cuts a vault of two or three altars into `map`, on `percent` of the
/// levels (where the rock has room for one).
fn maybe_a_vault(map: &mut Map, level_seed: u64, percent: u32) {
    let mut rng = GameRng::new(derive_seed(level_seed, VAULT_STREAM));
    if rng.range(0, 100) < percent as i32 {
        let altars = rng.range(2, 4) as usize;
        vault::carve(&mut map.terrain, map.start, altars, &mut rng);
    }
}
