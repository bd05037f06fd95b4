//! What a game is started from: its seed, its mode and its data books.

use bevy::prelude::*;

use crate::vocab::data::{CreatureBook, ItemBook, RulesData};

/// How a new game is set up: its seed and its rules data.
#[derive(Resource, Clone, Debug)]
pub struct NewGame {
    pub seed: u64,
    pub rules: RulesData,
    pub creatures: CreatureBook,
    pub items: ItemBook,
    /// Debug: show the whole map instead of what the hero sees.
    pub reveal: bool,
    /// The descent, or the hunt in one Warrens world.
    pub mode: Mode,
}

impl NewGame {
    /// A new game of `seed` in `mode` with the shipped data, read from the
    /// assets folder that [`find_assets_dir`](crate::vocab::data::find_assets_dir) finds.
    pub fn shipped(seed: u64, mode: Mode) -> Result<Self, String> {
        let data = crate::vocab::data::find_assets_dir()?.join("data");
        let creatures_path = data.join("creatures.ron");
        let creatures = CreatureBook::load(&creatures_path)?;
        let items = ItemBook::load(&data.join("items.ron"))?;
        creatures.check_shots(&items, &creatures_path)?;
        Ok(NewGame {
            seed,
            rules: RulesData::load(&data.join("rules.ron"))?,
            creatures,
            items,
            reveal: false,
            mode,
        })
    }
}

/// The two ways to play (SPEC.md "Modes").
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Mode {
    /// Down to level 10 for the Gold Key and back up.
    #[default]
    Delve,
    /// Kill every enemy in a 600×600 Warrens world; death is not the end.
    Hunt,
}
