//! Routes that may dig: the cheapest walk, in turns, from one tile to the
//! nearest goal, where stepping onto a tile costs what the caller says it
//! does: 1 onto floor, a dig's turns (and its food, as turns) onto rock the
//! walker may dig, nothing where it may not go. Travel and auto-explore
//! plan with it, and the pointer draws its answer, so the route shown is
//! the route walked.
//!
//! Costs are small whole numbers, so the search is Dial's: a ring of
//! buckets by cost instead of a heap, over flat arrays kept between
//! searches (after the first of a map size, a search allocates nothing).
//! Like [`DijkstraMap::first_step`](crate::dijkstra::DijkstraMap::first_step)
//! it stops at the first goal it settles, so its cost grows with the
//! tiles nearer than that goal, not with the map.

use crate::grid::{Dir, Pos};

/// The most one step may cost: the ring has a bucket for each cost up to it.
pub const MAX_STEP_COST: u32 = 255;

/// A cost no search has reached.
const UNREACHED: u32 = u32::MAX;

/// What a search asks of each tile: is it a goal, what is left from it,
/// what entering it costs, and whether a diagonal from it counts.
struct Ask<'a, G, L, E, D> {
    is_goal: &'a G,
    left: &'a L,
    enter: &'a E,
    diagonal_ok: &'a D,
}

/// The answer of [`RouteMap::search`]: the tiles walked onto, in order
/// (the start left out, the goal last), and what they cost in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub steps: Vec<Pos>,
    pub cost: u32,
}

/// The arrays a search fills, kept between searches.
#[derive(Clone, Debug)]
pub struct RouteMap {
    width: i32,
    height: i32,
    /// Row-major cost from the start, [`UNREACHED`] where not reached.
    cost: Vec<u32>,
    /// Buckets of tiles by cost, modulo the ring's size.
    ring: Vec<Vec<u32>>,
    /// Every tile the last search gave a cost, to forget them cheaply.
    touched: Vec<u32>,
}

impl RouteMap {
    /// A map for positions in `0..width × 0..height`. Sizes below 1 are raised to 1.
    pub fn new(width: i32, height: i32) -> Self {
        let (width, height) = (width.max(1), height.max(1));
        let tiles = width as usize * height as usize;
        Self {
            width,
            height,
            cost: vec![UNREACHED; tiles],
            // A step raises a search's priority by its cost and the
            // estimate's change, at most one more than the dearest step.
            ring: vec![Vec::new(); MAX_STEP_COST as usize + 2],
            touched: Vec::new(),
        }
    }

    /// Makes this a map for `width × height`, keeping its arrays when the
    /// size is already that.
    pub fn fit(&mut self, width: i32, height: i32) {
        if (self.width, self.height) != (width.max(1), height.max(1)) {
            *self = Self::new(width, height);
        }
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x >= 0 && pos.y >= 0 && pos.x < self.width && pos.y < self.height)
            .then(|| (pos.y * self.width + pos.x) as usize)
    }

    fn pos(&self, index: usize) -> Pos {
        let i = index as i32;
        Pos::new(i % self.width, i / self.width)
    }

    /// Resets every cost the last search set.
    fn forget(&mut self) {
        for &i in &self.touched {
            self.cost[i as usize] = UNREACHED;
        }
        self.touched.clear();
        self.ring.iter_mut().for_each(Vec::clear);
    }

    /// Gives `index` the cost `cost`, to be settled in the bucket of
    /// `priority` (the cost plus the estimate left).
    fn reach(&mut self, index: usize, (cost, priority): (u32, u32)) {
        if self.cost[index] == UNREACHED {
            self.touched.push(index as u32);
        }
        self.cost[index] = cost;
        let bucket = priority as usize % self.ring.len();
        self.ring[bucket].push(index as u32);
    }

    /// The cheapest route from `from` to the nearest tile where `is_goal`.
    /// Stepping onto a tile costs `enter(pos)` (at most [`MAX_STEP_COST`];
    /// `None` where the walker may not go); a goal it may not enter still
    /// ends a route, for a step's cost of 1 (an unexplored tile can be a
    /// goal). A diagonal step from `at` in `dir` counts only when
    /// `diagonal_ok(at, dir)`. Of routes that cost the same, the straightest
    /// wins (see [`RouteMap::trace_back`]), so a route on open ground runs
    /// in a line, not a zig-zag, and the same question always has the
    /// same answer.
    ///
    /// `None` when `from` is off the map, is itself a goal, or no goal can
    /// be reached.
    pub fn search(
        &mut self,
        from: Pos,
        is_goal: impl Fn(Pos) -> bool,
        enter: impl Fn(Pos) -> Option<u32>,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) -> Option<Route> {
        self.run(from, (is_goal, |_| 0), enter, diagonal_ok)
    }

    /// [`RouteMap::search`] for the one goal `to`, the search led toward
    /// it by the fewest steps left (every step costs at least 1, so the
    /// estimate never overshoots and the route is still the cheapest): it
    /// settles the tiles near the line to `to` first, not the whole disc.
    pub fn search_to(
        &mut self,
        from: Pos,
        to: Pos,
        enter: impl Fn(Pos) -> Option<u32>,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) -> Option<Route> {
        let left = |p: Pos| p.chebyshev(to).unsigned_abs();
        self.run(from, (|p| p == to, left), enter, diagonal_ok)
    }

    /// The search, settling tiles by their cost plus `left`'s estimate of
    /// what remains (0 for a plain search).
    fn run(
        &mut self,
        from: Pos,
        (is_goal, left): (impl Fn(Pos) -> bool, impl Fn(Pos) -> u32),
        enter: impl Fn(Pos) -> Option<u32>,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) -> Option<Route> {
        let start = self.index(from)?;
        if is_goal(from) {
            return None;
        }
        self.forget();
        let mut settling = left(from);
        self.reach(start, (0, settling));
        let mut waiting = 1usize;
        while waiting > 0 {
            let bucket = settling as usize % self.ring.len();
            while let Some(at_i) = self.ring[bucket].pop() {
                waiting -= 1;
                let at_i = at_i as usize;
                let at = self.pos(at_i);
                if self.cost[at_i] + left(at) != settling {
                    continue; // reached again for less since
                }
                let ask = Ask {
                    is_goal: &is_goal,
                    left: &left,
                    enter: &enter,
                    diagonal_ok: &diagonal_ok,
                };
                if at_i != start && is_goal(at) {
                    return Some(self.trace_back(from, at, &ask));
                }
                waiting += self.reach_around(at_i, &ask);
            }
            settling += 1;
        }
        None
    }

    /// Reaches the neighbours of the settled `at_i` for less than they
    /// had; returns how many were put in a bucket.
    fn reach_around<G, L, E, D>(&mut self, at_i: usize, ask: &Ask<G, L, E, D>) -> usize
    where
        G: Fn(Pos) -> bool,
        L: Fn(Pos) -> u32,
        E: Fn(Pos) -> Option<u32>,
        D: Fn(Pos, Dir) -> bool,
    {
        let at = self.pos(at_i);
        let here = self.cost[at_i];
        let mut reached = 0;
        for dir in Dir::ALL {
            let next = at.step(dir);
            let Some(next_i) = self.index(next) else {
                continue;
            };
            if dir.is_diagonal() && !(ask.diagonal_ok)(at, dir) {
                continue;
            }
            let Some(step) = step_cost(ask, next) else {
                continue;
            };
            let cost = here.saturating_add(step);
            if cost < self.cost[next_i] {
                let priority = cost.saturating_add((ask.left)(next));
                self.reach(next_i, (cost, priority));
                reached += 1;
            }
        }
        reached
    }

    /// The route from `start` to the settled `goal`, traced back from the
    /// goal: each step back goes to a neighbour whose cost plus the step's
    /// equals the tile's own, so the route costs what the search found.
    /// Of such neighbours it keeps the direction of the step after (a
    /// line stays a line), else an orthogonal step, else the first in
    /// [`Dir::ALL`] order. Every cost the search set is one a route
    /// reaches, so a neighbour to go back to is always there.
    fn trace_back<G, L, E, D>(&self, start: Pos, goal: Pos, ask: &Ask<G, L, E, D>) -> Route
    where
        G: Fn(Pos) -> bool,
        L: Fn(Pos) -> u32,
        E: Fn(Pos) -> Option<u32>,
        D: Fn(Pos, Dir) -> bool,
    {
        let mut steps = vec![goal];
        let mut at = goal;
        let mut onward: Option<Dir> = None;
        while at != start {
            let Some((dir, before)) = self.step_back(at, onward, ask) else {
                break; // unreachable: the search reached `at` from somewhere
            };
            onward = Some(dir);
            at = before;
            if at != start {
                steps.push(at);
            }
        }
        steps.reverse();
        let cost = self.index(goal).map_or(0, |i| self.cost[i]);
        Route { steps, cost }
    }

    /// The neighbour a route to `at` came from, and the step's direction:
    /// as [`RouteMap::trace_back`] chooses.
    fn step_back<G, L, E, D>(
        &self,
        at: Pos,
        onward: Option<Dir>,
        ask: &Ask<G, L, E, D>,
    ) -> Option<(Dir, Pos)>
    where
        G: Fn(Pos) -> bool,
        L: Fn(Pos) -> u32,
        E: Fn(Pos) -> Option<u32>,
        D: Fn(Pos, Dir) -> bool,
    {
        let here = self.cost[self.index(at)?];
        let step = step_cost(ask, at)?;
        let came_by = |dir: Dir| {
            let (dx, dy) = dir.delta();
            let before = Pos::new(at.x - dx, at.y - dy);
            let cost = self.cost[self.index(before)?];
            let diagonal_ok = !dir.is_diagonal() || (ask.diagonal_ok)(before, dir);
            (cost != UNREACHED && cost.saturating_add(step) == here && diagonal_ok)
                .then_some((dir, before))
        };
        let preference = |dir: &Dir| (Some(*dir) != onward, dir.is_diagonal());
        let mut dirs = Dir::ALL;
        dirs.sort_by_key(preference);
        dirs.into_iter().find_map(came_by)
    }
}

/// What stepping onto `next` costs in a search, `None` where it may not
/// step: as the caller prices it, and 1 onto a goal it may not enter.
fn step_cost<G, L, E, D>(ask: &Ask<G, L, E, D>, next: Pos) -> Option<u32>
where
    G: Fn(Pos) -> bool,
    E: Fn(Pos) -> Option<u32>,
{
    match (ask.enter)(next) {
        Some(cost) => Some(cost.clamp(1, MAX_STEP_COST)),
        None if (ask.is_goal)(next) => Some(1),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A room walled in rock with one gap at the bottom, the goal inside.
    const WALLED_ROOM: [&str; 7] = [
        "..........",
        "..#####...",
        "..#...#...",
        "..#.>.#...",
        "..#...#...",
        "..##.##...",
        "..........",
    ];

    /// A map from rows: `.` floor (cost 1), `#` rock to dig (cost `dig`),
    /// `X` rock never dug, `>` the goal.
    struct Rows(Vec<Vec<u8>>);

    impl Rows {
        fn new(rows: &[&str]) -> Self {
            Self(rows.iter().map(|r| r.bytes().collect()).collect())
        }

        fn at(&self, p: Pos) -> u8 {
            self.0[p.y as usize][p.x as usize]
        }

        fn size(&self) -> (i32, i32) {
            (self.0[0].len() as i32, self.0.len() as i32)
        }

        fn search(&self, from: Pos, dig: u32) -> Option<Route> {
            let (w, h) = self.size();
            let mut map = RouteMap::new(w, h);
            let enter = |p: Pos| match self.at(p) {
                b'.' | b'>' => Some(1),
                b'#' => Some(dig),
                _ => None,
            };
            map.search(from, |p| self.at(p) == b'>', enter, |_, _| true)
        }
    }

    #[test]
    fn a_thin_wall_is_dug_through_when_that_is_cheaper_than_the_way_round() {
        let rows = Rows::new(&WALLED_ROOM);
        let dug = rows.search(Pos::new(1, 3), 3).expect("a route");
        let digs = dug.steps.iter().filter(|&&p| rows.at(p) == b'#').count();
        assert_eq!(digs, 1, "{dug:?}");
        assert_eq!(dug.cost, 3 + 1 + 1, "one dig of 3, then two steps");
        assert_eq!(dug.steps.last(), Some(&Pos::new(4, 3)));
        let round = rows.search(Pos::new(1, 3), 20).expect("a route");
        assert!(
            round.steps.iter().all(|&p| rows.at(p) != b'#'),
            "a dear dig walks round: {round:?}"
        );
        assert_eq!(round.cost, 7, "down, along and in through the gap");
        let steps = std::iter::once(Pos::new(1, 3)).chain(round.steps.iter().copied());
        let pairs: Vec<Pos> = steps.collect();
        assert!(
            pairs.windows(2).all(|w| w[0].chebyshev(w[1]) == 1),
            "each step is to a neighbour: {pairs:?}"
        );
    }

    #[test]
    fn rock_that_is_never_dug_is_never_planned_through() {
        let rows = Rows::new(&["..X>", "..X.", "..XX"]);
        assert_eq!(rows.search(Pos::new(0, 0), 1), None);
    }

    #[test]
    fn the_route_costs_what_its_steps_cost_and_a_goal_underfoot_is_none() {
        let rows = Rows::new(&["...#...>", "........"]);
        let route = rows.search(Pos::new(0, 0), 4).unwrap();
        let cost: u32 = route
            .steps
            .iter()
            .map(|&p| if rows.at(p) == b'#' { 4 } else { 1 })
            .sum();
        assert_eq!(route.cost, cost);
        assert_eq!(route.cost, 7, "round the rock, not through it");
        assert_eq!(rows.search(Pos::new(7, 0), 4), None, "already there");
    }

    #[test]
    fn searches_reuse_the_map_and_give_the_same_answer() {
        let rows = Rows::new(&["..........", "....###...", "....#>#...", "....###..."]);
        let (w, h) = rows.size();
        let mut map = RouteMap::new(w, h);
        let enter = |p: Pos| match rows.at(p) {
            b'#' => Some(2),
            _ => Some(1),
        };
        let goal = |p: Pos| rows.at(p) == b'>';
        let first = map.search(Pos::new(0, 0), goal, enter, |_, _| true);
        let other = map.search(Pos::new(9, 3), goal, enter, |_, _| true);
        let again = map.search(Pos::new(0, 0), goal, enter, |_, _| true);
        assert_eq!(first, again);
        assert_ne!(first, other);
        assert_eq!(
            first.unwrap().cost,
            3 + 2 + 1,
            "three steps, a dig of 2, the goal"
        );
    }

    #[test]
    fn a_goal_it_may_not_enter_still_ends_a_route() {
        let rows = Rows::new(&["...X"]);
        let (w, h) = rows.size();
        let mut map = RouteMap::new(w, h);
        let route = map.search(
            Pos::new(0, 0),
            |p| p == Pos::new(3, 0),
            |p| (rows.at(p) == b'.').then_some(1),
            |_, _| true,
        );
        assert_eq!(route.map(|r| r.cost), Some(3));
    }

    #[test]
    fn a_search_led_to_one_goal_finds_a_route_as_cheap_as_the_plain_search() {
        let rows = Rows::new(&WALLED_ROOM);
        let (w, h) = rows.size();
        let goal = Pos::new(4, 3);
        for dig in [1, 3, 20] {
            let mut map = RouteMap::new(w, h);
            let enter = |p: Pos| match rows.at(p) {
                b'#' => Some(dig),
                _ => Some(1),
            };
            for from in [Pos::new(0, 0), Pos::new(9, 6), Pos::new(1, 3)] {
                let plain = map.search(from, |p| p == goal, enter, |_, _| true);
                let led = map.search_to(from, goal, enter, |_, _| true);
                assert_eq!(
                    plain.as_ref().map(|r| r.cost),
                    led.as_ref().map(|r| r.cost),
                    "dig {dig} from {from:?}"
                );
                assert_eq!(led.and_then(|r| r.steps.last().copied()), Some(goal));
            }
        }
    }
    #[test]
    fn of_routes_that_cost_the_same_the_straight_one_wins() {
        let rows = Rows::new(&[".......", ".......", ".......", "......."]);
        let (w, h) = rows.size();
        let mut map = RouteMap::new(w, h);
        let open = |_: Pos| Some(1);
        for (from, to) in [
            (Pos::new(5, 1), Pos::new(2, 1)),
            (Pos::new(1, 2), Pos::new(5, 2)),
            (Pos::new(3, 0), Pos::new(3, 3)),
        ] {
            let plain = map.search(from, |p| p == to, open, |_, _| true).unwrap();
            let led = map.search_to(from, to, open, |_, _| true).unwrap();
            for route in [plain, led] {
                assert!(
                    route.steps.iter().all(|p| p.x == from.x || p.y == from.y),
                    "{from:?} to {to:?} in a line: {route:?}"
                );
            }
        }
        // One diagonal is needed and one is taken, however it is found.
        let bent = map
            .search_to(Pos::new(0, 0), Pos::new(4, 1), open, |_, _| true)
            .unwrap();
        let pairs: Vec<Pos> = std::iter::once(Pos::new(0, 0)).chain(bent.steps).collect();
        let diagonals = pairs
            .windows(2)
            .filter(|w| w[0].x != w[1].x && w[0].y != w[1].y);
        assert_eq!(diagonals.count(), 1, "{pairs:?}");
    }
}
