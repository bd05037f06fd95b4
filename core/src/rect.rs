//! Axis-aligned rectangles of tiles: rooms, areas, views.

use crate::grid::Pos;

/// An axis-aligned rectangle of tiles: `x..x + w` by `y..y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Self { x, y, w, h }
    }

    /// The smallest rectangle holding both `a` and `b`.
    pub fn spanning(a: Pos, b: Pos) -> Self {
        let (x, y) = (a.x.min(b.x), a.y.min(b.y));
        Self::new(x, y, a.x.max(b.x) - x + 1, a.y.max(b.y) - y + 1)
    }

    /// One past the last column.
    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    /// One past the last row.
    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// The tiles both rectangles cover, if any.
    pub fn intersection(&self, other: &Rect) -> Option<Rect> {
        let (x, y) = (self.x.max(other.x), self.y.max(other.y));
        let (right, bottom) = (
            self.right().min(other.right()),
            self.bottom().min(other.bottom()),
        );
        (x < right && y < bottom).then(|| Rect::new(x, y, right - x, bottom - y))
    }

    pub fn intersects(&self, other: &Rect) -> bool {
        self.intersection(other).is_some()
    }

    pub fn centre(&self) -> Pos {
        Pos::new(self.x + self.w / 2, self.y + self.h / 2)
    }

    /// The rectangle with `by` tiles added on every side (negative shrinks).
    pub fn grown(&self, by: i32) -> Rect {
        Rect::new(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)
    }

    /// Every tile, row by row.
    pub fn positions(self) -> impl Iterator<Item = Pos> {
        (self.y..self.bottom())
            .flat_map(move |y| (self.x..self.right()).map(move |x| Pos::new(x, y)))
    }
}
