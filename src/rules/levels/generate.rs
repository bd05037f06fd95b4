//! Which map each depth gets: the surface at 0, then a seeded mix of caves
//! (some with pools and trees) and rooms down to the deepest level, which
//! has no way further down. Some levels below the surface hold a vault.

use gloomdelve_core::mapgen::caves::{self, CaveStyle};
use gloomdelve_core::mapgen::{Map, Stairs, rooms, surface, vault};
use gloomdelve_core::rng::GameRng;

use crate::vocab::data::LevelOdds;
use crate::vocab::game::NewGame;
use crate::vocab::resources::Level;
use crate::vocab::streams::Stream;

/// The kinds of level below the surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LevelKind {
    Surface,
    Caves(CaveStyle),
    Rooms,
}

/// The seed of the level at `depth`, derived from the game seed.
pub(crate) fn level_seed(game_seed: u64, depth: u32) -> u64 {
    Stream::Level(depth).seed(game_seed)
}

/// What kind of level lies at `depth`, by the `odds` of the rules: the
/// same for the same game seed.
pub(crate) fn kind_at(game_seed: u64, depth: u32, odds: &LevelOdds) -> LevelKind {
    if depth == 0 {
        return LevelKind::Surface;
    }
    let mut rng = GameRng::new(Stream::LevelKind.seed(level_seed(game_seed, depth)));
    if rng.chance(odds.rooms) {
        LevelKind::Rooms
    } else {
        LevelKind::Caves(CaveStyle {
            pools: rng.chance(odds.pools),
            trees: rng.chance(odds.trees),
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
    let make = |width, height| match kind_at(new_game.seed, depth, &rules.levels) {
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

/// Cuts a vault of two or three altars into `map`, on `percent` of the
/// levels (where the rock has room for one).
fn maybe_a_vault(map: &mut Map, level_seed: u64, percent: u32) {
    let mut rng = GameRng::new(Stream::Vault.seed(level_seed));
    if rng.range(0, 100) < percent as i32 {
        let altars = rng.range(2, 4) as usize;
        vault::carve(&mut map.terrain, map.start, altars, &mut rng);
    }
}
