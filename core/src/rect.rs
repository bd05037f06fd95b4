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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanning_two_corners_in_any_order_covers_both() {
        let r = Rect::spanning(Pos::new(5, 1), Pos::new(2, 4));
        assert_eq!(r, Rect::new(2, 1, 4, 4));
        assert_eq!((r.right(), r.bottom()), (6, 5));
        assert_eq!(
            Rect::spanning(Pos::new(3, 3), Pos::new(3, 3)),
            Rect::new(3, 3, 1, 1)
        );
    }

    #[test]
    fn contains_takes_the_top_left_edges_and_not_the_bottom_right() {
        let r = Rect::new(2, 3, 4, 5);
        for (p, inside) in [
            ((2, 3), true),
            ((5, 7), true),
            ((1, 3), false),
            ((2, 2), false),
            ((6, 3), false),
            ((2, 8), false),
        ] {
            assert_eq!(r.contains(Pos::new(p.0, p.1)), inside, "{p:?}");
        }
    }

    #[test]
    fn overlap_is_what_both_cover_and_touching_is_not_overlap() {
        let a = Rect::new(0, 0, 4, 4);
        assert_eq!(
            a.intersection(&Rect::new(2, 1, 5, 2)),
            Some(Rect::new(2, 1, 2, 2))
        );
        assert_eq!(
            a.intersection(&Rect::new(1, 3, 9, 9)),
            Some(Rect::new(1, 3, 3, 1))
        );
        assert_eq!(a.intersection(&Rect::new(4, 0, 2, 2)), None, "side by side");
        assert_eq!(
            a.intersection(&Rect::new(0, 4, 2, 2)),
            None,
            "one above the other"
        );
        assert!(a.intersects(&Rect::new(3, 3, 1, 1)));
        assert!(!a.intersects(&Rect::new(-2, 0, 2, 9)));
    }

    #[test]
    fn centre_grown_and_positions() {
        let r = Rect::new(2, 3, 5, 3);
        assert_eq!(r.centre(), Pos::new(4, 4));
        assert_eq!(
            Rect::new(-3, 1, 6, 4).centre(),
            Pos::new(0, 3),
            "even sides"
        );
        assert_eq!(r.grown(2), Rect::new(0, 1, 9, 7));
        assert_eq!(r.grown(-1), Rect::new(3, 4, 3, 1));
        let tiles: Vec<Pos> = Rect::new(1, 1, 2, 2).positions().collect();
        assert_eq!(
            tiles,
            [(1, 1), (2, 1), (1, 2), (2, 2)].map(|(x, y)| Pos::new(x, y))
        );
    }
}
