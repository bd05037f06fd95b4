//! A new game on the shipped data, for the benches that play one (each
//! takes this file in with `#[path]`: it is no bench of its own).

use std::path::PathBuf;

use gloomdelve::vocab::data::{CreatureBook, ItemBook};
use gloomdelve::{Mode, NewGame, RulesData};

/// A file of `assets/data`.
fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/data")
        .join(name)
}

/// A new game from the shipped data in `assets/data`.
pub fn shipped_game(seed: u64, mode: Mode) -> NewGame {
    NewGame {
        seed,
        rules: RulesData::load(&data("rules.ron")).expect("the shipped rules load"),
        creatures: CreatureBook::load(&data("creatures.ron")).expect("the shipped creatures load"),
        items: ItemBook::load(&data("items.ron")).expect("the shipped items load"),
        reveal: false,
        mode,
    }
}
