//! Auto-explore where the hero knows the lay of the rooms before it sees
//! them ([`KnownRooms`](crate::vocab::resources::KnownRooms): the hunt's
//! Warrens, where the enemies live in rooms): it heads for the rooms it has
//! not yet looked into, instead of walking every corridor nearest first.

use gloomdelve_core::Rect;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::{Dir, Pos, Terrain};

use crate::vocab::resources::Sight;

/// A room counts as looked into once the hero has seen this share of its
/// tiles (one in `LOOKED_INTO`).
const LOOKED_INTO: usize = 3;

/// Whether the hero has seen less than a [`LOOKED_INTO`] share of `room`.
pub fn is_unexplored(room: &Rect, sight: &Sight) -> bool {
    let seen = room.positions().filter(|&p| sight.knows(p)).count();
    seen * LOOKED_INTO < (room.w * room.h) as usize
}

/// Steps from `p` to the nearest tile of `room` as the crow flies (king
/// moves); 0 inside it.
fn distance_to(room: &Rect, p: Pos) -> i32 {
    let gap = |v: i32, low: i32, end: i32| (low - v).max(v - (end - 1)).max(0);
    gap(p.x, room.x, room.right()).max(gap(p.y, room.y, room.bottom()))
}

/// Of the `frontier` tiles, the one to head for: the least walk from `at`
/// over the known map to it plus the straight line from it to the nearest
/// room not yet looked into, as A* would guess the unknown to be open.
/// `None` when every room has been looked into or no frontier can be
/// reached.
pub(super) fn frontier_towards_rooms(
    map: &mut DijkstraMap,
    terrain: &Terrain,
    sight: &Sight,
    frontier: &[Pos],
    rooms: &[Rect],
    at: Pos,
) -> Option<Pos> {
    let unexplored: Vec<&Rect> = rooms.iter().filter(|r| is_unexplored(r, sight)).collect();
    if unexplored.is_empty() {
        return None;
    }
    super::chart(map, terrain, sight, vec![at]);
    // The walk to `f` ends with a step from a charted neighbour that the
    // walk map would allow too.
    let walk_to = |f: Pos| {
        Dir::ALL
            .iter()
            .filter_map(|&d| {
                let from = f.step(d);
                let towards = Dir::ALL.into_iter().find(|&e| from.step(e) == f)?;
                let allowed = !towards.is_diagonal() || terrain.can_step(from, towards);
                map.distance(from).filter(|_| allowed)
            })
            .min()
            .map(|d| d + 1)
    };
    let guess = |f: Pos| {
        unexplored
            .iter()
            .map(|r| distance_to(r, f))
            .min()
            .unwrap_or(0) as u32
    };
    frontier
        .iter()
        .filter_map(|&f| walk_to(f).map(|walk| (walk + guess(f), f)))
        .min()
        .map(|(_, f)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_to_a_room_is_zero_inside_and_counts_king_moves_outside() {
        let room = Rect {
            x: 10,
            y: 10,
            w: 5,
            h: 4,
        };
        assert_eq!(distance_to(&room, Pos::new(12, 12)), 0);
        assert_eq!(distance_to(&room, Pos::new(14, 13)), 0, "the far corner");
        assert_eq!(distance_to(&room, Pos::new(15, 13)), 1);
        assert_eq!(distance_to(&room, Pos::new(7, 12)), 3);
        assert_eq!(distance_to(&room, Pos::new(20, 2)), 8);
    }
}
