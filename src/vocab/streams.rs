//! The seeded game's random streams, one enum so that no two features
//! draw from the same dice by accident: each stream's id derives its seed
//! from the game's (or a level's) seed.

use gloomdelve_core::rng::derive_seed;

/// A stream of dice derived from a parent seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stream {
    /// The rules' dice (`RulesRng`): fights, items laid, creatures placed.
    Rules,
    /// The map of the level at this depth, from the game seed.
    Level(u32),
    /// What kind of map a level gets, from the level's seed.
    LevelKind,
    /// Whether a level gets a vault, and its place, from the level's seed.
    Vault,
    /// The looks of unknown potions and scrolls, from the game seed.
    Lore,
    /// Which creatures the hunt's spawns hold, from the game seed.
    HuntRoster,
    /// The seed of the next game, from the one just played.
    NextSeed,
    /// The life of a level left behind at this depth, in this epoch of
    /// its catch-up, from the game seed.
    CatchUp(u32, u64),
}

impl Stream {
    /// The stream's id, as `derive_seed` takes it (kept as they were, so
    /// games stay the same).
    pub fn id(self) -> u64 {
        match self {
            Stream::Rules => 1,
            Stream::Level(depth) => 100 + u64::from(depth),
            Stream::LevelKind => 7,
            Stream::Vault => 0x7A17,
            Stream::Lore => 0x100C,
            Stream::HuntRoster => 0x4B17,
            Stream::NextSeed => 0x5EED,
            Stream::CatchUp(depth, epoch) => {
                (0xCA7C << 48) ^ (u64::from(depth) << 32) ^ (epoch & 0xFFFF_FFFF)
            }
        }
    }

    /// The seed of this stream under `parent`.
    pub fn seed(self, parent: u64) -> u64 {
        derive_seed(parent, self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_streams_share_an_id_on_any_level() {
        let mut ids: Vec<u64> = [
            Stream::Rules,
            Stream::LevelKind,
            Stream::Vault,
            Stream::Lore,
            Stream::HuntRoster,
            Stream::NextSeed,
        ]
        .map(Stream::id)
        .to_vec();
        // Far below the deepest level the rules accept (100).
        ids.extend((0..=255).map(|d| Stream::Level(d).id()));
        let count = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), count);
        assert_eq!(Stream::Level(3).seed(9), derive_seed(9, 103));
    }
}
