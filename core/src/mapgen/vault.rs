//! Vaults: a small walled room cut into solid rock, shut by a locked
//! door and holding two or three altars. A straight tunnel joins the
//! door to open ground the hero reaches on foot from the start, so the
//! key laid elsewhere on the level can always be carried to it.

use crate::grid::{Dir, Grid, Pos};
use crate::rng::GameRng;
use crate::terrain::Terrain;
use crate::tile::Tile;

/// The vault's outer size, walls included: a 5×3 room inside.
pub const WIDTH: i32 = 7;
pub const HEIGHT: i32 = 5;
/// The longest tunnel from the door to open ground, in tiles.
pub const MAX_TUNNEL: i32 = 12;

/// A vault cut into a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vault {
    /// The locked door, in the middle of a long wall.
    pub door: Pos,
    /// The altars, along the middle row of the room.
    pub altars: Vec<Pos>,
    /// The open tile the tunnel from the door reaches.
    pub joins: Pos,
}

/// Cuts a vault with `altars` altars (2 or 3) into `terrain` where one
/// fits wholly in solid rock, its tunnel reaching ground the hero can
/// walk to from `start`. `None`, and the terrain untouched, where no
/// place fits.
pub fn carve(terrain: &mut Terrain, start: Pos, altars: usize, rng: &mut GameRng) -> Option<Vault> {
    let reach = terrain.reachable_from(start);
    let mut corners = places_in_rock(terrain);
    rng.shuffle(&mut corners);
    let vault = corners.into_iter().find_map(|corner| {
        let sides = if rng.chance(0.5) {
            [Dir::N, Dir::S]
        } else {
            [Dir::S, Dir::N]
        };
        sides
            .into_iter()
            .find_map(|side| tunnel_from(terrain, &reach, door_of(corner, side), side))
            .map(|(door, tunnel)| (corner, door, tunnel))
    });
    let (corner, door, tunnel) = vault?;
    let mut tiles = terrain.tiles().clone();
    let vault = build(&mut tiles, corner, door, &tunnel, altars.clamp(2, 3));
    *terrain = Terrain::new(tiles, terrain.border());
    Some(vault)
}

/// Every top-left corner where a vault and the rock round it lie in
/// solid, diggable rock.
fn places_in_rock(terrain: &Terrain) -> Vec<Pos> {
    let lowest = terrain.border() + 1;
    let right = terrain.width() - terrain.border() - 1 - WIDTH;
    let bottom = terrain.height() - terrain.border() - 1 - HEIGHT;
    let mut corners = Vec::new();
    for y in lowest..=bottom {
        for x in lowest..=right {
            let corner = Pos::new(x, y);
            if all_rock(terrain, corner) {
                corners.push(corner);
            }
        }
    }
    corners
}

/// Whether the vault at `corner` and a tile of rock round it are all rock.
fn all_rock(terrain: &Terrain, corner: Pos) -> bool {
    (corner.y - 1..=corner.y + HEIGHT)
        .all(|y| (corner.x - 1..=corner.x + WIDTH).all(|x| terrain.tile(Pos::new(x, y)).is_rock()))
}

/// The door of the vault at `corner` in the middle of its `side` wall.
fn door_of(corner: Pos, side: Dir) -> Pos {
    let y = if side == Dir::N {
        corner.y
    } else {
        corner.y + HEIGHT - 1
    };
    Pos::new(corner.x + WIDTH / 2, y)
}

/// The door and the straight tunnel out of it in `side`'s direction to
/// reachable open ground, if the rock lets one through within
/// [`MAX_TUNNEL`] tiles.
fn tunnel_from(
    terrain: &Terrain,
    reach: &Grid<bool>,
    door: Pos,
    side: Dir,
) -> Option<(Pos, Vec<Pos>)> {
    let mut tunnel = Vec::new();
    let mut at = door.step(side);
    for _ in 0..MAX_TUNNEL {
        if reach.get(at).copied().unwrap_or(false) {
            return (!tunnel.is_empty()).then_some((door, tunnel));
        }
        if !terrain.is_diggable(at) || !terrain.tile(at).is_rock() {
            return None;
        }
        tunnel.push(at);
        at = at.step(side);
    }
    None
}

/// Lays the vault's walls, room, altars, door and tunnel into `tiles`.
fn build(tiles: &mut Grid<Tile>, corner: Pos, door: Pos, tunnel: &[Pos], altars: usize) -> Vault {
    for y in corner.y..corner.y + HEIGHT {
        for x in corner.x..corner.x + WIDTH {
            let edge = y == corner.y
                || y == corner.y + HEIGHT - 1
                || x == corner.x
                || x == corner.x + WIDTH - 1;
            tiles.set(
                Pos::new(x, y),
                if edge { Tile::VaultWall } else { Tile::Floor },
            );
        }
    }
    let columns: &[i32] = if altars == 3 { &[1, 3, 5] } else { &[2, 4] };
    let altars: Vec<Pos> = columns
        .iter()
        .map(|&dx| Pos::new(corner.x + dx, corner.y + HEIGHT / 2))
        .collect();
    for &altar in &altars {
        tiles.set(altar, Tile::Altar);
    }
    tiles.set(door, Tile::VaultDoor);
    for &at in tunnel {
        tiles.set(at, Tile::Floor);
    }
    expose_rock_round(tiles, tunnel);
    let joins = tunnel
        .last()
        .map_or(door, |&end| end.step(dir_between(door, end)));
    Vault {
        door,
        altars,
        joins,
    }
}

/// Deep rock next to the tunnel shows as wall, as a dug tunnel's does.
fn expose_rock_round(tiles: &mut Grid<Tile>, tunnel: &[Pos]) {
    for &at in tunnel {
        for dir in Dir::ALL {
            let n = at.step(dir);
            if tiles.get(n) == Some(&Tile::DeepRock) {
                tiles.set(n, Tile::Wall);
            }
        }
    }
}

/// The straight direction from `from` to `to` (north or south here).
fn dir_between(from: Pos, to: Pos) -> Dir {
    if to.y < from.y { Dir::N } else { Dir::S }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::caves::{self, CaveStyle};
    use crate::mapgen::{Map, Stairs, rooms};

    fn levels() -> impl Iterator<Item = Map> {
        (1..=20u64).flat_map(|seed| {
            let style = CaveStyle {
                pools: seed % 2 == 0,
                trees: seed % 3 == 0,
            };
            [
                caves::level(seed, 90, 60, style, Stairs::BOTH).unwrap(),
                rooms::generate(seed, 90, 60, Stairs::BOTH).unwrap(),
            ]
        })
    }

    #[test]
    fn a_carved_vault_is_shut_and_its_door_reached_on_foot() {
        let mut carved = 0;
        for map in levels() {
            let mut terrain = map.terrain.clone();
            let mut rng = GameRng::new(7);
            let Some(vault) = carve(&mut terrain, map.start, 3, &mut rng) else {
                continue;
            };
            carved += 1;
            assert_eq!(terrain.tile(vault.door), Tile::VaultDoor);
            assert_eq!(vault.altars.len(), 3);
            assert!(vault.altars.iter().all(|&a| terrain.tile(a) == Tile::Altar));
            let reached = terrain.reachable_from(map.start);
            assert!(reached[vault.joins], "the tunnel ends on reachable ground");
            let outside = Dir::ALL
                .iter()
                .any(|&d| reached.get(vault.door.step(d)) == Some(&true));
            assert!(outside, "the door is next to reachable ground");
            assert!(
                vault.altars.iter().all(|&a| !reached[a]),
                "the altars lie behind the locked door"
            );
            assert_eq!(
                terrain.stairs(Tile::StairsDown),
                map.terrain.stairs(Tile::StairsDown),
                "the stairs stay"
            );
            let mut opened = terrain.clone();
            assert!(opened.unlock(vault.door));
            let inside = opened.reachable_from(map.start);
            assert!(
                vault.altars.iter().all(|&a| inside[a]),
                "the key lets the hero in"
            );
        }
        assert!(
            carved >= 30,
            "most levels have room for a vault: {carved} of 40"
        );
    }

    #[test]
    fn two_altars_stand_apart_in_the_middle_row() {
        let map = caves::level(3, 90, 60, CaveStyle::default(), Stairs::BOTH).unwrap();
        let mut terrain = map.terrain.clone();
        let vault = carve(&mut terrain, map.start, 2, &mut GameRng::new(1)).expect("room");
        assert_eq!(vault.altars.len(), 2);
        assert_eq!(vault.altars[0].y, vault.altars[1].y);
        assert_eq!(vault.altars[1].x - vault.altars[0].x, 2);
    }

    #[test]
    fn no_vault_where_no_rock_is_left() {
        let open =
            "#".repeat(30) + "\n" + &format!("#{}#\n", ".".repeat(28)).repeat(28) + &"#".repeat(30);
        let mut terrain = Terrain::from_text(&open, 1);
        let before = terrain.clone();
        assert_eq!(
            carve(&mut terrain, Pos::new(2, 2), 3, &mut GameRng::new(1)),
            None
        );
        assert_eq!(terrain, before);
    }
}
