//! Lines of fire: the tiles a missile crosses on its way from one tile to
//! another, sampled where field of view samples sight, so that a missile
//! reaches every tile the thrower sees.
//!
//! [`crate::fov`] lights a floor tile when the line between the two centres
//! passes each row (or column) between the walls in it. This module walks
//! that same line: at each step along the longer axis it takes the tile the
//! line's centre crosses. Where the line runs exactly between two tiles it
//! takes the one that does not block, as sight passes there too.

use crate::grid::Pos;

/// The tiles the line from `from` to `to` crosses, `from` left out and `to`
/// last, as sight sees them. `blocks` says which tiles stop sight; where the
/// line runs between two tiles it takes the open one.
pub fn line(from: Pos, to: Pos, blocks: impl Fn(Pos) -> bool) -> Vec<Pos> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let steps = dx.abs().max(dy.abs());
    (1..=steps)
        .map(|step| {
            let (near, far) = crossed(from, dx, dy, step);
            match far {
                Some(far) if blocks(near) => far,
                _ => near,
            }
        })
        .collect()
}

/// The tile the line crosses at `step` along the longer axis, and the
/// other one when the line runs exactly between two.
fn crossed(from: Pos, dx: i32, dy: i32, step: i32) -> (Pos, Option<Pos>) {
    let (long, short) = if dy.abs() >= dx.abs() {
        (dy, dx)
    } else {
        (dx, dy)
    };
    let along = step * long.signum();
    // The short axis's offset at this step is step·short/|long|.
    let exact = step * short;
    let whole = exact.div_euclid(long.abs());
    let twice_rest = 2 * exact.rem_euclid(long.abs());
    let place = |across: i32| {
        if dy.abs() >= dx.abs() {
            Pos::new(from.x + across, from.y + along)
        } else {
            Pos::new(from.x + along, from.y + across)
        }
    };
    match twice_rest.cmp(&long.abs()) {
        std::cmp::Ordering::Less => (place(whole), None),
        std::cmp::Ordering::Greater => (place(whole + 1), None),
        std::cmp::Ordering::Equal => (place(whole), Some(place(whole + 1))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fov::{Fov, within_radius};
    use crate::grid::Grid;
    use crate::rng::GameRng;

    fn open(_: Pos) -> bool {
        false
    }

    #[test]
    fn a_straight_or_diagonal_line_takes_every_tile_between() {
        let from = Pos::new(5, 5);
        assert_eq!(
            line(from, Pos::new(8, 5), open),
            [Pos::new(6, 5), Pos::new(7, 5), Pos::new(8, 5)]
        );
        assert_eq!(
            line(from, Pos::new(3, 3), open),
            [Pos::new(4, 4), Pos::new(3, 3)]
        );
        assert!(line(from, from, open).is_empty());
    }

    #[test]
    fn a_shallow_line_rounds_to_the_nearest_tile_each_step() {
        // From (0, 0) to (5, 2): y = 0.4, 0.8, 1.2, 1.6, 2.
        let tiles = line(Pos::new(0, 0), Pos::new(5, 2), open);
        let ys: Vec<i32> = tiles.iter().map(|p| p.y).collect();
        assert_eq!(ys, [0, 1, 1, 2, 2]);
        let back = line(Pos::new(5, 2), Pos::new(0, 0), open);
        assert_eq!(back.last(), Some(&Pos::new(0, 0)));
    }

    #[test]
    fn a_line_between_two_tiles_takes_the_open_one() {
        // From (0, 0) to (2, 1): at x = 1 the line runs at y = 0.5.
        let to = Pos::new(2, 1);
        assert_eq!(line(Pos::new(0, 0), to, open)[0], Pos::new(1, 0));
        let wall = |p: Pos| p == Pos::new(1, 0);
        assert_eq!(line(Pos::new(0, 0), to, wall)[0], Pos::new(1, 1));
    }

    fn random_map(seed: u64, size: i32, density: f64) -> Grid<bool> {
        let mut rng = GameRng::new(seed);
        Grid::from_fn(size, size, |_| rng.chance(density))
    }

    /// The property missiles rely on: every floor tile in view has a line
    /// to it that crosses no wall.
    #[test]
    fn every_floor_tile_in_view_has_a_line_that_crosses_no_wall() {
        let radius = 8;
        for (i, density) in [0.1, 0.2, 0.3, 0.4].into_iter().enumerate() {
            for seed in 0..15 {
                let map = random_map(seed * 7 + i as u64, 25, density);
                let wall = |p: Pos| map.get(p).copied().unwrap_or(true);
                let origin = Pos::new(12, 12);
                if wall(origin) {
                    continue;
                }
                let mut seen = Vec::new();
                Fov::new().compute(origin, radius, wall, |p| seen.push(p));
                for target in seen.into_iter().filter(|&p| !wall(p) && p != origin) {
                    let tiles = line(origin, target, wall);
                    assert_eq!(tiles.last(), Some(&target));
                    assert!(
                        tiles.iter().all(|&p| !wall(p)),
                        "density {density}, seed {seed}: the line to {target:?} crosses a wall: {tiles:?}"
                    );
                    let (dx, dy) = (target.x - origin.x, target.y - origin.y);
                    assert!(within_radius(dx, dy, radius));
                }
            }
        }
    }
}
