//! Grid positions, the eight directions and a dense 2D grid.

use serde::{Deserialize, Serialize};

/// A tile position. `y` grows downwards, as in the map text format.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The neighbouring position one step in `dir`.
    #[inline]
    pub fn step(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        Self::new(self.x + dx, self.y + dy)
    }

    /// Chebyshev distance: the number of king moves between two tiles.
    #[inline]
    pub fn chebyshev(self, other: Pos) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }
}

/// The eight compass directions. North is up the screen (towards smaller `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The `(dx, dy)` of one step.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }

    #[inline]
    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// For a diagonal, its horizontal and vertical parts (NE gives E and N).
    /// An orthogonal direction returns itself twice.
    #[inline]
    pub const fn components(self) -> (Dir, Dir) {
        match self {
            Dir::NE => (Dir::E, Dir::N),
            Dir::SE => (Dir::E, Dir::S),
            Dir::SW => (Dir::W, Dir::S),
            Dir::NW => (Dir::W, Dir::N),
            other => (other, other),
        }
    }
}

/// A dense `width × height` grid stored row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid<T> {
    width: i32,
    height: i32,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `value`. Sizes below 1 are raised to 1.
    pub fn new(width: i32, height: i32, value: T) -> Self {
        let (width, height) = (width.max(1), height.max(1));
        Self {
            width,
            height,
            cells: vec![value; (width * height) as usize],
        }
    }
}

impl<T> Grid<T> {
    /// A grid whose every cell is `f(pos)`.
    pub fn from_fn(width: i32, height: i32, mut f: impl FnMut(Pos) -> T) -> Self {
        let (width, height) = (width.max(1), height.max(1));
        let cells = (0..height)
            .flat_map(|y| (0..width).map(move |x| Pos::new(x, y)))
            .map(&mut f)
            .collect();
        Self {
            width,
            height,
            cells,
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn in_bounds(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && pos.x < self.width && pos.y < self.height
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.in_bounds(pos)
            .then(|| (pos.y * self.width + pos.x) as usize)
    }

    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.index(pos).map(|i| &self.cells[i])
    }

    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        self.index(pos).map(|i| &mut self.cells[i])
    }

    /// Writes `value` at `pos`; returns false when `pos` is out of bounds.
    pub fn set(&mut self, pos: Pos, value: T) -> bool {
        match self.get_mut(pos) {
            Some(cell) => {
                *cell = value;
                true
            }
            None => false,
        }
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// Every position with its value, row by row.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        self.positions().zip(self.cells.iter())
    }

    /// True when `pos` lies within `width` tiles of the grid's edge.
    pub fn is_within_border(&self, pos: Pos, width: i32) -> bool {
        pos.x < width
            || pos.y < width
            || pos.x >= self.width - width
            || pos.y >= self.height - width
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;

    /// Panics when `pos` is out of bounds; use [`Grid::get`] for untrusted positions.
    fn index(&self, pos: Pos) -> &T {
        self.get(pos).expect("grid index out of bounds")
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        self.get_mut(pos).expect("grid index out of bounds")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chebyshev_counts_king_moves() {
        assert_eq!(Pos::new(2, 7).chebyshev(Pos::new(2, 7)), 0);
        assert_eq!(Pos::new(7, 1).chebyshev(Pos::new(2, 3)), 5);
        assert_eq!(Pos::new(0, 0).chebyshev(Pos::new(3, -6)), 6);
        assert_eq!(Pos::new(-4, 9).chebyshev(Pos::new(-1, 8)), 3);
    }

    #[test]
    fn diagonal_components_sum_to_the_diagonal() {
        for dir in Dir::ALL.into_iter().filter(|d| d.is_diagonal()) {
            let (h, v) = dir.components();
            let p = Pos::new(0, 0).step(h).step(v);
            assert_eq!(p, Pos::new(0, 0).step(dir), "{dir:?}");
        }
    }

    #[test]
    fn out_of_bounds_reads_are_none_and_writes_refused() {
        let mut g = Grid::new(3, 2, 0u8);
        assert!(g.get(Pos::new(3, 0)).is_none());
        assert!(g.get(Pos::new(-1, 0)).is_none());
        assert!(!g.set(Pos::new(0, 2), 1));
        assert!(g.set(Pos::new(2, 1), 7));
        assert_eq!(g.get(Pos::new(2, 1)), Some(&7));
        assert_eq!(g.positions().count(), 6);
    }

    #[test]
    fn border_test_covers_each_edge() {
        let g = Grid::new(10, 10, ());
        assert!(g.is_within_border(Pos::new(0, 5), 1));
        assert!(g.is_within_border(Pos::new(9, 5), 1));
        assert!(g.is_within_border(Pos::new(5, 9), 1));
        assert!(!g.is_within_border(Pos::new(1, 1), 1));
        assert!(g.is_within_border(Pos::new(1, 1), 2));
    }
}
