//! Terrain tile kinds and what each one allows.

use serde::{Deserialize, Serialize};

/// One terrain tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tile {
    /// Rock next to open space; it can be dug unless it is in the border.
    Wall,
    /// Rock with no open space around it. Digging next to it exposes it as `Wall`.
    DeepRock,
    /// Natural cave floor.
    Floor,
    /// Floor the hero dug out of a wall.
    DugFloor,
    /// A narrow tunnel only the hero fits in.
    Tunnel,
    StairsUp,
    StairsDown,
    Grass,
    /// Blocks walking, not sight.
    Water,
    /// Blocks walking and sight.
    Tree,
}

impl Tile {
    /// Every tile kind, in sprite-sheet order.
    pub const ALL: [Tile; 10] = [
        Tile::Wall,
        Tile::DeepRock,
        Tile::Floor,
        Tile::DugFloor,
        Tile::Tunnel,
        Tile::StairsUp,
        Tile::StairsDown,
        Tile::Grass,
        Tile::Water,
        Tile::Tree,
    ];

    #[inline]
    pub fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall | Tile::DeepRock | Tile::Water | Tile::Tree)
    }

    /// Rock that a bump can dig (the border check is the map's job).
    #[inline]
    pub fn is_rock(self) -> bool {
        matches!(self, Tile::Wall | Tile::DeepRock)
    }

    #[inline]
    pub fn blocks_sight(self) -> bool {
        matches!(self, Tile::Wall | Tile::DeepRock | Tile::Tree)
    }

    /// The character used by `mapgen` and the tests.
    pub fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::DeepRock => ' ',
            Tile::Floor | Tile::DugFloor => '.',
            Tile::Tunnel => '=',
            Tile::StairsUp => '<',
            Tile::StairsDown => '>',
            Tile::Grass => '"',
            Tile::Water => '~',
            Tile::Tree => 'T',
        }
    }

    /// What the player calls this tile.
    pub fn name(self) -> &'static str {
        match self {
            Tile::Wall => "cave wall",
            Tile::DeepRock => "solid rock",
            Tile::Floor => "cave floor",
            Tile::DugFloor => "dug floor",
            Tile::Tunnel => "narrow tunnel",
            Tile::StairsUp => "stairs up",
            Tile::StairsDown => "stairs down",
            Tile::Grass => "grass",
            Tile::Water => "water",
            Tile::Tree => "tree",
        }
    }

    /// The atlas sprite name that draws this tile.
    pub fn sprite_name(self) -> &'static str {
        match self {
            Tile::Wall => "cave_wall",
            Tile::DeepRock => "deep_rock",
            Tile::Floor => "cave_floor",
            Tile::DugFloor => "dug_floor",
            Tile::Tunnel => "tunnel_floor",
            Tile::StairsUp => "stairs_up",
            Tile::StairsDown => "stairs_down",
            Tile::Grass => "grass",
            Tile::Water => "water",
            Tile::Tree => "tree",
        }
    }
}
