//! Field of view: Albert Ford's symmetric shadowcasting, with diagonal gaps
//! between corner-touching walls closed.
//!
//! Floor tiles are seen when the line from the origin's centre to theirs is
//! clear, which makes sight symmetric; walls are seen when any part of them
//! is lit (expansive walls). Slopes are exact fractions, rows are scanned
//! from a reusable stack, so a warmed-up [`Fov`] allocates nothing and costs
//! only what the radius covers, never what the map's size is.

use std::cmp::Ordering;

use crate::grid::Pos;

/// A slope `num / den + bias·ε` with `den >= 0`; `den == 0` is ±infinity.
/// The infinitesimal bias makes a bound exclusive: a pinch shuts out the
/// ray that grazes its corner too, exactly as seen from either end.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i32,
    den: i32,
    bias: i8,
}

impl Slope {
    const fn new(num: i32, den: i32) -> Self {
        Self { num, den, bias: 0 }
    }

    const fn nudged(self, bias: i8) -> Self {
        Self { bias, ..self }
    }

    /// The slope of a tile's near-left corner as Ford's rows see it:
    /// `(2·col − 1) / (2·depth)`.
    const fn tile_edge(depth: i32, col: i32) -> Self {
        Self::new(2 * col - 1, 2 * depth)
    }

    /// The slope through the corner where the wall one row nearer meets
    /// the wall beside it: `(2·col − 1) / (2·depth − 2)`.
    const fn pinch(depth: i32, col: i32) -> Self {
        Self::new(2 * col - 1, 2 * depth - 2)
    }

    fn cmp(self, other: Slope) -> Ordering {
        (i64::from(self.num) * i64::from(other.den))
            .cmp(&(i64::from(other.num) * i64::from(self.den)))
            .then(self.bias.cmp(&other.bias))
    }

    fn max(self, other: Slope) -> Slope {
        if self.cmp(other) == Ordering::Less {
            other
        } else {
            self
        }
    }

    fn min(self, other: Slope) -> Slope {
        if self.cmp(other) == Ordering::Greater {
            other
        } else {
            self
        }
    }

    /// True when the centre of tile `col` at `depth` lies at or after this slope.
    fn at_or_below(self, depth: i32, col: i32) -> bool {
        Slope::new(col, depth).cmp(self) != Ordering::Less
    }

    /// True when the centre of tile `col` at `depth` lies at or before this slope.
    fn at_or_above(self, depth: i32, col: i32) -> bool {
        Slope::new(col, depth).cmp(self) != Ordering::Greater
    }
}

/// One row of a quadrant scan: its distance from the origin and the slopes
/// of the light that reaches it.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i32,
    start: Slope,
    end: Slope,
}

impl Row {
    /// The first and last column the light touches (Ford's
    /// `round_ties_up(depth·start)` and `round_ties_down(depth·end)`: a
    /// tile's edges lie half a column either side of its centre, so every
    /// column between them is partly lit), or `None` when the light is
    /// closed.
    fn columns(&self) -> Option<(i32, i32)> {
        if self.start.cmp(self.end) == Ordering::Greater {
            return None;
        }
        let (d, s, e) = (i64::from(self.depth), self.start, self.end);
        let min = (2 * d * i64::from(s.num) + i64::from(s.den)).div_euclid(2 * i64::from(s.den));
        let max =
            -(-(2 * d * i64::from(e.num) - i64::from(e.den))).div_euclid(2 * i64::from(e.den));
        Some((min as i32, max as i32))
    }
}

/// The four quadrants, each turning (depth, column) into a map offset.
#[derive(Clone, Copy, Debug)]
enum Quadrant {
    North,
    East,
    South,
    West,
}

impl Quadrant {
    const ALL: [Quadrant; 4] = [
        Quadrant::North,
        Quadrant::East,
        Quadrant::South,
        Quadrant::West,
    ];

    fn tile(self, origin: Pos, depth: i32, col: i32) -> Pos {
        match self {
            Quadrant::North => Pos::new(origin.x + col, origin.y - depth),
            Quadrant::South => Pos::new(origin.x + col, origin.y + depth),
            Quadrant::East => Pos::new(origin.x + depth, origin.y + col),
            Quadrant::West => Pos::new(origin.x - depth, origin.y + col),
        }
    }
}

/// A reusable field-of-view calculator. Keep one and call
/// [`Fov::compute`] each turn: after the first calls it allocates nothing.
#[derive(Debug, Default, Clone)]
pub struct Fov {
    rows: Vec<Row>,
}

/// True when `(dx, dy)` lies within `radius`: `dx² + dy² ≤ radius²`.
pub fn within_radius(dx: i32, dy: i32, radius: i32) -> bool {
    i64::from(dx) * i64::from(dx) + i64::from(dy) * i64::from(dy)
        <= i64::from(radius) * i64::from(radius)
}

/// Every tile within `radius` of `centre` (the same rule as sight), row by
/// row: what a fireball burns.
pub fn disc(centre: Pos, radius: i32) -> Vec<Pos> {
    let radius = radius.max(0);
    (centre.y - radius..=centre.y + radius)
        .flat_map(|y| (centre.x - radius..=centre.x + radius).map(move |x| Pos::new(x, y)))
        .filter(|p| within_radius(p.x - centre.x, p.y - centre.y, radius))
        .collect()
}

impl Fov {
    pub fn new() -> Self {
        Self::default()
    }

    /// Calls `mark_visible` for every tile seen from `origin` within
    /// `radius`. `is_opaque` says which tiles block sight; it should answer
    /// `true` outside the map. A tile may be marked more than once.
    pub fn compute(
        &mut self,
        origin: Pos,
        radius: i32,
        is_opaque: impl Fn(Pos) -> bool,
        mut mark_visible: impl FnMut(Pos),
    ) {
        mark_visible(origin);
        for quadrant in Quadrant::ALL {
            self.scan_quadrant(quadrant, origin, radius, &is_opaque, &mut mark_visible);
        }
    }

    fn scan_quadrant(
        &mut self,
        quadrant: Quadrant,
        origin: Pos,
        radius: i32,
        is_opaque: &impl Fn(Pos) -> bool,
        mark_visible: &mut impl FnMut(Pos),
    ) {
        let wall = |depth: i32, col: i32| is_opaque(quadrant.tile(origin, depth, col));
        self.rows.clear();
        self.rows.push(Row {
            depth: 1,
            start: Slope::new(-1, 1),
            end: Slope::new(1, 1),
        });
        while let Some(mut row) = self.rows.pop() {
            if row.depth > radius {
                continue;
            }
            let Some((min_col, max_col)) = row.columns() else {
                continue;
            };
            let depth = row.depth;
            // The slope that closes a diagonal gap on the near side of the
            // floor at `col`, when the wall behind it touches the wall left
            // (`side = -1`) or right (`side = 1`) of it at a corner. The
            // light reaches that floor only past the near wall's edge, which
            // is this slope, so a pinch that bites closes its row outright.
            let pinch = |col: i32, side: i32| {
                (wall(depth, col + side) && wall(depth - 1, col))
                    .then(|| Slope::pinch(depth, col.max(col + side)).nudged(-side as i8))
            };
            let mut prev_wall: Option<bool> = None;
            for col in min_col..=max_col {
                let is_wall = wall(depth, col);
                if is_wall {
                    if within_radius(col, depth, radius) {
                        mark_visible(quadrant.tile(origin, depth, col));
                    }
                    if prev_wall == Some(false) {
                        let end = Slope::tile_edge(depth, col);
                        let end = pinch(col - 1, 1).map_or(end, |p| end.min(p));
                        self.rows.push(Row {
                            depth: depth + 1,
                            start: row.start,
                            end,
                        });
                    }
                } else {
                    if prev_wall == Some(true) {
                        row.start = Slope::tile_edge(depth, col);
                    }
                    if let Some(p) = pinch(col, -1) {
                        row.start = row.start.max(p);
                    }
                    let end = pinch(col, 1).map_or(row.end, |p| row.end.min(p));
                    let centre_lit =
                        row.start.at_or_below(depth, col) && end.at_or_above(depth, col);
                    if centre_lit && within_radius(col, depth, radius) {
                        mark_visible(quadrant.tile(origin, depth, col));
                    }
                }
                prev_wall = Some(is_wall);
            }
            if prev_wall == Some(false) {
                let end = pinch(max_col, 1).map_or(row.end, |p| row.end.min(p));
                self.rows.push(Row {
                    depth: depth + 1,
                    start: row.start,
                    end,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::rng::GameRng;

    #[test]
    fn a_disc_holds_the_tiles_within_its_radius() {
        let disc = disc(Pos::new(10, 10), 2);
        assert_eq!(disc.len(), 13, "a radius-2 disc holds 13 tiles");
        assert!(disc.contains(&Pos::new(12, 10)) && !disc.contains(&Pos::new(12, 12)));
        assert_eq!(super::disc(Pos::new(3, 3), 0), vec![Pos::new(3, 3)]);
    }

    /// Parses a map: `#` opaque, `@` the origin, anything else open.
    fn parse(map: &str) -> (Grid<bool>, Pos) {
        let rows: Vec<&str> = map
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let mut origin = Pos::new(0, 0);
        let grid = Grid::from_fn(rows[0].len() as i32, rows.len() as i32, |p| {
            let c = rows[p.y as usize].as_bytes()[p.x as usize];
            if c == b'@' {
                origin = p;
            }
            c == b'#'
        });
        (grid, origin)
    }

    fn visible(opaque: &Grid<bool>, origin: Pos, radius: i32) -> Grid<bool> {
        let mut seen = Grid::new(opaque.width(), opaque.height(), false);
        Fov::new().compute(
            origin,
            radius,
            |p| opaque.get(p).copied().unwrap_or(true),
            |p| {
                seen.set(p, true);
            },
        );
        seen
    }

    fn render(seen: &Grid<bool>) -> String {
        (0..seen.height())
            .map(|y| {
                (0..seen.width())
                    .map(|x| if seen[Pos::new(x, y)] { 'V' } else { '-' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn expect(map: &str, radius: i32, expected: &str) {
        let (opaque, origin) = parse(map);
        let want: Vec<&str> = expected
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        assert_eq!(
            render(&visible(&opaque, origin, radius)),
            want.join("\n"),
            "map:\n{map}"
        );
    }

    #[test]
    fn a_pillar_casts_a_widening_shadow() {
        // Worked by hand: the pillar blocks slopes -1/2..1/2 north of the
        // origin, so row 2 loses its middle tile and rows 3-4 lose three.
        expect(
            "
            #######
            #.....#
            #.....#
            #..#..#
            #..@..#
            #######",
            10,
            "
            VV---VV
            VV---VV
            VVV-VVV
            VVVVVVV
            VVVVVVV
            VVVVVVV",
        );
    }

    #[test]
    fn no_sight_through_a_diagonal_gap() {
        // The walls north and east of the origin touch at a corner: the
        // floor north-east of the origin, and all behind, stay unseen.
        expect(
            "
            #####
            #.#.#
            #.@##
            #...#
            #####",
            10,
            "
            VV---
            VVV--
            VVVV-
            VVVVV
            VVVVV",
        );
    }

    #[test]
    fn light_wraps_a_beveled_wall_corner() {
        // Worked by hand: after the wall corner at (2,2) the light starts
        // at slope -1/2, which still reaches the centres of (2,1) and (2,0)
        // round the corner; (1,1) and everything west of it stays dark.
        expect(
            "
            .....
            .....
            ###..
            ...@.",
            10,
            "
            --VVV
            --VVV
            VVVVV
            VVVVV",
        );
    }

    #[test]
    fn a_corridor_is_seen_to_the_radius() {
        // Radius 3: (dx, dy) is in when dx*dx + dy*dy <= 9.
        expect(
            "
            ########
            #@.....#
            ########",
            3,
            "
            VVVV----
            VVVVV---
            VVVV----",
        );
    }

    #[test]
    fn a_room_corner_sees_the_whole_room_and_its_walls() {
        expect(
            "
            ######
            #@...#
            #....#
            #....#
            ######",
            10,
            "
            VVVVVV
            VVVVVV
            VVVVVV
            VVVVVV
            VVVVVV",
        );
    }

    fn random_map(seed: u64, size: i32, density: f64) -> Grid<bool> {
        let mut rng = GameRng::new(seed);
        Grid::from_fn(size, size, |_| rng.chance(density))
    }

    fn open_tiles(map: &Grid<bool>) -> Vec<Pos> {
        map.iter()
            .filter(|(_, wall)| !**wall)
            .map(|(p, _)| p)
            .collect()
    }

    const DENSITIES: [f64; 5] = [0.05, 0.15, 0.25, 0.35, 0.45];

    #[test]
    fn sight_between_floor_tiles_is_symmetric() {
        for radius in [4, 7, 11] {
            check_symmetry(radius);
        }
    }

    fn check_symmetry(radius: i32) {
        for (i, density) in DENSITIES.into_iter().enumerate() {
            for seed in 0..12 {
                let map = random_map(seed * 10 + i as u64, 24, density);
                let floors = open_tiles(&map);
                let seen: Vec<Grid<bool>> =
                    floors.iter().map(|&a| visible(&map, a, radius)).collect();
                let index = Grid::from_fn(24, 24, |p| floors.iter().position(|&f| f == p));
                for (ai, &a) in floors.iter().enumerate() {
                    for (bi, &b) in floors.iter().enumerate() {
                        if !within_radius(a.x - b.x, a.y - b.y, radius) {
                            continue;
                        }
                        assert_eq!(index[b], Some(bi));
                        assert_eq!(
                            seen[ai][b], seen[bi][a],
                            "density {density}, seed {seed}: {a:?} sees {b:?} is {}, back is {}",
                            seen[ai][b], seen[bi][a]
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn origin_is_always_seen_and_the_radius_rule_is_exact() {
        for (i, density) in DENSITIES.into_iter().enumerate() {
            let map = random_map(100 + i as u64, 40, density);
            for origin in open_tiles(&map).into_iter().step_by(7) {
                for radius in [0, 1, 2, 5, 9] {
                    let seen = visible(&map, origin, radius);
                    assert!(seen[origin], "origin unseen at {origin:?}");
                    for (p, &lit) in seen.iter() {
                        if lit {
                            assert!(
                                within_radius(p.x - origin.x, p.y - origin.y, radius),
                                "{p:?} beyond radius {radius}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn an_open_room_is_seen_in_full_within_the_radius() {
        let open = Grid::new(41, 41, false);
        for radius in [1, 3, 6, 10, 20] {
            let origin = Pos::new(20, 20);
            let seen = visible(&open, origin, radius);
            for (p, &lit) in seen.iter() {
                let inside = within_radius(p.x - origin.x, p.y - origin.y, radius);
                assert_eq!(lit, inside, "radius {radius}, tile {p:?}");
            }
        }
    }

    #[test]
    fn nothing_behind_a_wall_line_is_seen() {
        for (i, density) in DENSITIES.into_iter().enumerate() {
            for seed in 0..10 {
                let mut map = random_map(500 + seed * 7 + i as u64, 30, density);
                let wall_row = 12;
                for x in 0..30 {
                    map[Pos::new(x, wall_row)] = true;
                }
                for origin in open_tiles(&map).into_iter().filter(|p| p.y > wall_row) {
                    let seen = visible(&map, origin, 20);
                    for (p, &lit) in seen.iter() {
                        assert!(
                            !(lit && p.y < wall_row),
                            "{origin:?} sees {p:?} through the wall row"
                        );
                    }
                }
            }
        }
    }

    /// `map` turned by `turn`: mirrored left to right, top to bottom, or
    /// across its diagonal (a square map only).
    fn turned(map: &Grid<bool>, turn: fn(Pos, i32) -> Pos) -> Grid<bool> {
        let size = map.width();
        Grid::from_fn(size, size, |p| map[turn(p, size)])
    }

    const TURNS: [fn(Pos, i32) -> Pos; 3] = [
        |p, size| Pos::new(size - 1 - p.x, p.y),
        |p, size| Pos::new(p.x, size - 1 - p.y),
        |p, _| Pos::new(p.y, p.x),
    ];

    #[test]
    fn a_mirrored_map_is_seen_as_the_mirror_of_the_sight() {
        for (i, density) in DENSITIES.into_iter().enumerate() {
            let map = random_map(900 + i as u64, 21, density);
            for turn in TURNS {
                let mirror = turned(&map, turn);
                for origin in open_tiles(&map) {
                    let seen = visible(&map, origin, 8);
                    let mirrored = visible(&mirror, turn(origin, 21), 8);
                    assert!(
                        turned(&seen, turn) == mirrored,
                        "density {density}: from {origin:?} the mirror sees otherwise"
                    );
                }
            }
        }
    }

    #[test]
    fn a_diagonal_neighbour_between_two_walls_is_never_seen() {
        for (i, density) in DENSITIES.into_iter().enumerate() {
            let map = random_map(700 + i as u64, 30, density);
            for origin in open_tiles(&map) {
                let seen = visible(&map, origin, 3);
                for dir in crate::grid::Dir::ALL
                    .into_iter()
                    .filter(|d| d.is_diagonal())
                {
                    let (h, v) = dir.components();
                    let pinched = map.get(origin.step(h)) != Some(&false)
                        && map.get(origin.step(v)) != Some(&false);
                    let target = origin.step(dir);
                    if pinched && map.get(target) == Some(&false) {
                        assert!(
                            !seen[target],
                            "{origin:?} sees {target:?} through a diagonal gap"
                        );
                    }
                }
            }
        }
    }
}
