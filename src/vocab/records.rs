//! A level off screen as data: its terrain, what the hero remembers of it,
//! and plain records of its creatures and floor items, in the compact form
//! the save writes.

use gloomdelve_core::{Grid, Pos, Terrain, Tile};
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::vocab::components::Corpse;
use crate::vocab::statuses::Statuses;

/// A level kept as data while the hero is elsewhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredLevel {
    #[serde(with = "compact::terrain")]
    pub terrain: Terrain,
    /// Where the hero first arrived.
    pub start: Pos,
    /// The tiles the hero has seen.
    #[serde(with = "compact::memory")]
    pub memory: Grid<bool>,
    /// Remembered tiles that changed out of the hero's sight, as the hero
    /// last saw them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recalled: Vec<(Pos, Tile)>,
    pub creatures: Vec<CreatureRecord>,
    pub items: Vec<ItemRecord>,
    /// The turn the hero left it, from which it is caught up on the
    /// hero's return (none for the level the hero is on, and in saves from
    /// before the living cave: those are not caught up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u64>,
}

/// Grids written as one line of characters per row, so a 600×600 level
/// takes about 360 KB rather than megabytes.
mod compact {
    use gloomdelve_core::{Grid, Pos, Terrain, Tile};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The character a tile kind is saved as: every kind its own (unlike
    /// the map glyphs), and every kind named, so none is ever saved as
    /// another.
    fn char_of(tile: Tile) -> char {
        match tile {
            Tile::Wall => '#',
            Tile::DeepRock => ' ',
            Tile::Floor => '.',
            Tile::DugFloor => ',',
            Tile::Tunnel => '=',
            Tile::StairsUp => '<',
            Tile::StairsDown => '>',
            Tile::Grass => '"',
            Tile::Water => '~',
            Tile::Tree => 'T',
            Tile::Door => '+',
            Tile::OpenDoor => '\'',
            Tile::VaultWall => '%',
            Tile::VaultDoor => '&',
            Tile::Altar => '_',
            Tile::AltarCaged => '|',
        }
    }

    /// The tile kind saved as `c`, if any.
    fn tile_of(c: char) -> Option<Tile> {
        Tile::ALL.into_iter().find(|&t| char_of(t) == c)
    }

    fn rows<T>(grid: &Grid<T>, to_char: impl Fn(&T) -> char) -> Vec<String> {
        (0..grid.height())
            .map(|y| {
                (0..grid.width())
                    .map(|x| to_char(&grid[Pos::new(x, y)]))
                    .collect()
            })
            .collect()
    }

    /// Rebuilds a grid from equal-length rows, or says what is wrong.
    fn grid_from_rows<T: Clone + Default, E: Error>(
        rows: &[String],
        from_char: impl Fn(char) -> Option<T>,
    ) -> Result<Grid<T>, E> {
        let width = rows.first().map_or(0, |r| r.chars().count());
        if rows.is_empty() || rows.iter().any(|r| r.chars().count() != width) {
            return Err(E::custom("the map rows are missing or of unequal length"));
        }
        let mut grid = Grid::new(width as i32, rows.len() as i32, T::default());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let value = from_char(c)
                    .ok_or_else(|| E::custom(format!("unknown map character {c:?}")))?;
                grid[Pos::new(x as i32, y as i32)] = value;
            }
        }
        Ok(grid)
    }

    pub mod terrain {
        use super::*;

        #[derive(Serialize, Deserialize)]
        struct Text {
            border: i32,
            rows: Vec<String>,
        }

        pub(crate) fn serialize<S: Serializer>(terrain: &Terrain, s: S) -> Result<S::Ok, S::Error> {
            Text {
                border: terrain.border(),
                rows: rows(terrain.tiles(), |&t| char_of(t)),
            }
            .serialize(s)
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Terrain, D::Error> {
            let text = Text::deserialize(d)?;
            let tiles =
                grid_from_rows::<TileSlot, D::Error>(&text.rows, |c| tile_of(c).map(TileSlot))?;
            let tiles = Grid::from_fn(tiles.width(), tiles.height(), |p| tiles[p].0);
            Ok(Terrain::new(tiles, text.border))
        }

        /// A tile with a default, for building the grid.
        #[derive(Clone, Copy)]
        struct TileSlot(Tile);

        impl Default for TileSlot {
            fn default() -> Self {
                Self(Tile::DeepRock)
            }
        }
    }

    pub mod memory {
        use super::*;

        pub(crate) fn serialize<S: Serializer>(
            memory: &Grid<bool>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            rows(memory, |&seen| if seen { '+' } else { '-' }).serialize(s)
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Grid<bool>, D::Error> {
            let rows = Vec::<String>::deserialize(d)?;
            grid_from_rows::<bool, D::Error>(&rows, |c| match c {
                '+' => Some(true),
                '-' => Some(false),
                _ => None,
            })
        }
    }
}

/// One creature as data: its kind, place, health and its behaviours'
/// memories.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub id: u64,
    /// The kind's name in `creatures.ron`: kinds added to the data later
    /// leave the record the same creature.
    pub kind: String,
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    /// What holds it, and for how many turns more.
    #[serde(default, skip_serializing_if = "Statuses::is_empty")]
    pub statuses: Statuses,
    /// What its behaviours remember, by the key each behaviour saves
    /// under (`src/rules/creatures/behaviours/memories.rs`): only memories
    /// that hold something.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub memories: BTreeMap<String, ron::Value>,
    /// Versions 2 and 3 of the save kept paralysis, and version 2 three
    /// memories, as fields of their own; loading moves them into
    /// `statuses` and `memories`, and they are never written.
    #[serde(default, skip_serializing)]
    pub paralyzed: Option<u32>,
    #[serde(default, skip_serializing)]
    pub fungus_spreads: Option<u32>,
    #[serde(default, skip_serializing)]
    pub goblin_last_seen: Option<Pos>,
    #[serde(default, skip_serializing)]
    pub loot: Option<ron::Value>,
}

impl CreatureRecord {
    /// A record of a creature with nothing to remember.
    pub fn new(id: u64, kind: impl Into<String>, pos: Pos, (hp, max_hp): (i32, i32)) -> Self {
        Self {
            id,
            kind: kind.into(),
            pos,
            hp,
            max_hp,
            statuses: Statuses::default(),
            memories: BTreeMap::new(),
            paralyzed: None,
            fungus_spreads: None,
            goblin_last_seen: None,
            loot: None,
        }
    }
}

/// One item lying on the floor, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemRecord {
    /// The kind's name in `items.ron`.
    pub kind: String,
    pub name: String,
    pub sprite: String,
    pub pos: Pos,
    /// Whether the hero has seen it, so it shows dimmed from memory.
    pub seen: bool,
    pub corpse: Option<Corpse>,
    /// Coins worth this, not their kind's value: what a thief dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worth: Option<u32>,
    /// Whether the hero dropped it, so explore leaves it be (saves from
    /// before this was kept say no).
    #[serde(default, skip_serializing_if = "is_false")]
    pub dropped: bool,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Saved(#[serde(with = "compact::terrain")] Terrain);

    #[test]
    fn every_tile_kind_is_saved_and_read_back_as_itself() {
        let tiles = Grid::from_fn(Tile::ALL.len() as i32, 1, |p| Tile::ALL[p.x as usize]);
        let terrain = Terrain::new(tiles, 0);
        let text = ron::to_string(&Saved(terrain.clone())).unwrap();
        let back: Saved = ron::from_str(&text).unwrap();
        assert_eq!(back.0, terrain, "{text}");
        assert!(ron::from_str::<Saved>("(border: 0, rows: [\"#?\"])").is_err());
    }

    #[test]
    fn a_left_levels_turn_of_leaving_is_saved_and_an_older_save_has_none() {
        let terrain = Terrain::new(Grid::new(3, 2, Tile::Floor), 0);
        let mut level = StoredLevel {
            terrain: terrain.clone(),
            start: Pos::new(1, 1),
            memory: Grid::new(3, 2, false),
            recalled: Vec::new(),
            creatures: Vec::new(),
            items: Vec::new(),
            left: Some(1234),
        };
        let text = ron::to_string(&level).unwrap();
        assert!(text.contains("left:Some(1234)"), "{text}");
        assert_eq!(ron::from_str::<StoredLevel>(&text).unwrap(), level);
        level.left = None;
        let older = ron::to_string(&level).unwrap();
        assert!(!older.contains("left"), "{older}");
        assert_eq!(ron::from_str::<StoredLevel>(&older).unwrap().left, None);
    }
}
