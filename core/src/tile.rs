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
    /// A closed door: it blocks sight and missiles, and a bump opens it.
    Door,
    /// An open door: walked through and seen through like floor.
    OpenDoor,
    /// A wall of a vault: rock that can be dug, but breaking it cages
    /// every altar on the level.
    VaultWall,
    /// A vault's locked door: a bump with a vault key opens it.
    VaultDoor,
    /// An altar with a treasure on it; lifting one cages the others.
    Altar,
    /// A caged altar: what lies on it is seen but out of reach.
    AltarCaged,
}

impl Tile {
    /// Every tile kind, in sprite-sheet order.
    pub const ALL: [Tile; 16] = [
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
        Tile::Door,
        Tile::OpenDoor,
        Tile::VaultWall,
        Tile::VaultDoor,
        Tile::Altar,
        Tile::AltarCaged,
    ];

    #[inline]
    pub fn is_walkable(self) -> bool {
        !matches!(
            self,
            Tile::Wall
                | Tile::DeepRock
                | Tile::Water
                | Tile::Tree
                | Tile::Door
                | Tile::VaultWall
                | Tile::VaultDoor
                | Tile::AltarCaged
        )
    }

    /// A door, open or closed: digging takes it out like rock.
    #[inline]
    pub fn is_door(self) -> bool {
        matches!(self, Tile::Door | Tile::OpenDoor)
    }

    /// Rock that a bump can dig (the border check is the map's job).
    #[inline]
    pub fn is_rock(self) -> bool {
        matches!(self, Tile::Wall | Tile::DeepRock | Tile::VaultWall)
    }

    #[inline]
    pub fn blocks_sight(self) -> bool {
        matches!(
            self,
            Tile::Wall
                | Tile::DeepRock
                | Tile::Tree
                | Tile::Door
                | Tile::VaultWall
                | Tile::VaultDoor
        )
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
            Tile::Door => '+',
            Tile::OpenDoor => '\'',
            Tile::VaultWall => '%',
            Tile::VaultDoor => '&',
            Tile::Altar => '_',
            Tile::AltarCaged => '|',
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
            Tile::Door => "closed door",
            Tile::OpenDoor => "open door",
            Tile::VaultWall => "vault wall",
            Tile::VaultDoor => "vault door",
            Tile::Altar => "altar",
            Tile::AltarCaged => "caged altar",
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
            Tile::Door => "door_closed",
            Tile::OpenDoor => "door_open",
            Tile::VaultWall => "vault_wall",
            Tile::VaultDoor => "vault_door",
            Tile::Altar => "altar",
            Tile::AltarCaged => "altar_caged",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tile_walks_sees_and_digs_as_the_rules_say() {
        // (tile, walkable, rock, blocks sight, glyph)
        let table = [
            (Tile::Wall, false, true, true, '#'),
            (Tile::DeepRock, false, true, true, ' '),
            (Tile::Floor, true, false, false, '.'),
            (Tile::DugFloor, true, false, false, '.'),
            (Tile::Tunnel, true, false, false, '='),
            (Tile::StairsUp, true, false, false, '<'),
            (Tile::StairsDown, true, false, false, '>'),
            (Tile::Grass, true, false, false, '"'),
            (Tile::Water, false, false, false, '~'),
            (Tile::Tree, false, false, true, 'T'),
            (Tile::Door, false, false, true, '+'),
            (Tile::OpenDoor, true, false, false, '\''),
            (Tile::VaultWall, false, true, true, '%'),
            (Tile::VaultDoor, false, false, true, '&'),
            (Tile::Altar, true, false, false, '_'),
            (Tile::AltarCaged, false, false, false, '|'),
        ];
        assert_eq!(table.map(|row| row.0), Tile::ALL);
        for (tile, walkable, rock, blocks, glyph) in table {
            assert_eq!(tile.is_walkable(), walkable, "{tile:?}");
            assert_eq!(tile.is_rock(), rock, "{tile:?}");
            assert_eq!(tile.blocks_sight(), blocks, "{tile:?}");
            assert_eq!(tile.glyph(), glyph, "{tile:?}");
            assert_eq!(
                tile.is_door(),
                matches!(tile, Tile::Door | Tile::OpenDoor),
                "{tile:?}"
            );
        }
    }

    #[test]
    fn every_tile_has_its_own_name_and_sprite() {
        let names: std::collections::HashSet<&str> = Tile::ALL.iter().map(|t| t.name()).collect();
        let sprites: std::collections::HashSet<&str> =
            Tile::ALL.iter().map(|t| t.sprite_name()).collect();
        assert_eq!(
            (names.len(), sprites.len()),
            (Tile::ALL.len(), Tile::ALL.len())
        );
        assert_eq!(Tile::Water.name(), "water");
        assert_eq!(Tile::Tunnel.sprite_name(), "tunnel_floor");
        for tile in Tile::ALL {
            let sprite = tile.sprite_name();
            assert!(
                !sprite.is_empty() && sprite.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
            );
        }
    }
}
