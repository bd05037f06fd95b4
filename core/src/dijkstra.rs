//! Dijkstra maps (as in Brogue and DCSS): the number of steps from every tile
//! to the nearest of a set of goals. Auto-explore seeds the unexplored edge,
//! travel seeds the known stairs, and the walker rolls [`DijkstraMap::downhill`].
//!
//! Every step costs 1, so the fill is a breadth-first search over flat
//! arrays that are kept between fills: after the first fill of a map size,
//! recomputing allocates nothing.

use crate::grid::{Dir, Pos};

/// Distances in steps from the nearest goal; `u32::MAX` where unreachable.
#[derive(Clone, Debug)]
pub struct DijkstraMap {
    width: i32,
    height: i32,
    /// Row-major distances, `u32::MAX` for unreached.
    dist: Vec<u32>,
    /// The BFS queue as flat indices; each cell enters at most once.
    queue: Vec<u32>,
    /// For [`DijkstraMap::first_step`]: the first step of the walk that
    /// reached each tile, as an index into [`Dir::ALL`].
    first: Vec<u8>,
}

/// The answer of [`DijkstraMap::first_step`]: where the nearest goal is,
/// how far, and which way to set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nearest {
    pub goal: Pos,
    pub steps: u32,
    pub dir: Dir,
}

/// The distance stored for a tile no goal can be reached from.
pub const UNREACHABLE: u32 = u32::MAX;

impl DijkstraMap {
    /// A map for positions in `0..width × 0..height`. Sizes below 1 are raised to 1.
    pub fn new(width: i32, height: i32) -> Self {
        let (width, height) = (width.max(1), height.max(1));
        Self {
            width,
            height,
            dist: vec![UNREACHABLE; width as usize * height as usize],
            queue: Vec::new(),
            first: Vec::new(),
        }
    }

    /// Makes this a map for `width × height`, keeping its buffers when the
    /// size is already that.
    pub fn fit(&mut self, width: i32, height: i32) {
        if (self.width, self.height) != (width.max(1), height.max(1)) {
            *self = Self::new(width, height);
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x >= 0 && pos.y >= 0 && pos.x < self.width && pos.y < self.height)
            .then(|| (pos.y * self.width + pos.x) as usize)
    }

    fn pos(&self, index: u32) -> Pos {
        let i = index as i32;
        Pos::new(i % self.width, i / self.width)
    }

    /// Fills the distance from every tile to its nearest goal, in 8-way
    /// steps of cost 1.
    ///
    /// Each goal inside the map gets distance 0 whether or not it is
    /// passable (an unexplored tile can be a goal); goals outside the map are
    /// ignored. A walker may stand on and step onto tiles where
    /// `passable(pos)`; a diagonal step from `from` in `dir` counts only when
    /// `diagonal_ok(from, dir)` (pass the corner rule here). The distance of
    /// a tile is the length of the shortest walk from it to a goal, so the
    /// rule is asked about the walker's step (towards the goal), never the
    /// fill's direction.
    pub fn compute(
        &mut self,
        goals: impl IntoIterator<Item = Pos>,
        passable: impl Fn(Pos) -> bool,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) {
        self.compute_within(goals, usize::MAX, passable, diagonal_ok);
    }

    /// [`DijkstraMap::compute`] that stops once `budget` tiles (goals
    /// included) have a distance: the nearest ones, since the fill goes
    /// outward a step at a time. Every tile it reaches has its true
    /// distance, so `downhill` from one leads to a goal; the tiles beyond
    /// read as unreachable. Returns how many tiles it reached.
    ///
    /// Its cost grows with the tiles reached, not with the map: a small
    /// fill on the 600×600 hunt clears only what the last fill touched.
    pub fn compute_within(
        &mut self,
        goals: impl IntoIterator<Item = Pos>,
        budget: usize,
        passable: impl Fn(Pos) -> bool,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) -> usize {
        self.forget();
        for goal in goals {
            if let Some(i) = self.index(goal)
                && self.dist[i] != 0
            {
                self.dist[i] = 0;
                self.queue.push(i as u32);
            }
        }
        let (w, h) = (self.width, self.height);
        let mut head = 0;
        while head < self.queue.len() {
            let at_i = self.queue[head];
            head += 1;
            let next_d = self.dist[at_i as usize] + 1;
            let at = self.pos(at_i);
            for dir in Dir::ALL {
                let next = at.step(dir);
                if next.x < 0 || next.y < 0 || next.x >= w || next.y >= h {
                    continue;
                }
                let next_i = (next.y * w + next.x) as usize;
                if self.dist[next_i] != UNREACHABLE || !passable(next) {
                    continue;
                }
                // The walker goes from `next` back to `at`.
                if dir.is_diagonal() && !diagonal_ok(next, opposite(dir)) {
                    continue;
                }
                if self.queue.len() >= budget {
                    return self.queue.len();
                }
                self.dist[next_i] = next_d;
                self.queue.push(next_i as u32);
            }
        }
        self.queue.len()
    }

    /// Resets every distance the last fill or search set. Each one it set
    /// went through the queue, so the queue lists them all.
    fn forget(&mut self) {
        for &i in &self.queue {
            self.dist[i as usize] = UNREACHABLE;
        }
        self.queue.clear();
    }

    /// Searches outward from `from` and stops at the nearest tile where
    /// `is_goal`: the same walk a full [`DijkstraMap::compute`] would find,
    /// at the cost of the tiles nearer than that goal only. A walker stands
    /// on `passable` tiles; a goal need not be passable (an unexplored tile
    /// can be one); a diagonal counts when `diagonal_ok(from, dir)`.
    ///
    /// `None` when `from` is itself a goal, is off the map, or no goal can
    /// be reached. The distances it leaves behind are from `from`, not from
    /// a goal, so follow its answer with a new call, not with `downhill`.
    pub fn first_step(
        &mut self,
        from: Pos,
        passable: impl Fn(Pos) -> bool,
        is_goal: impl Fn(Pos) -> bool,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
    ) -> Option<Nearest> {
        let start = self.index(from)?;
        if is_goal(from) {
            return None;
        }
        self.forget();
        self.first.resize(self.dist.len(), 0);
        self.dist[start] = 0;
        self.queue.push(start as u32);
        let mut head = 0;
        while head < self.queue.len() {
            let at_i = self.queue[head] as usize;
            head += 1;
            let at = self.pos(at_i as u32);
            let steps = self.dist[at_i] + 1;
            for (d, dir) in Dir::ALL.into_iter().enumerate() {
                let next = at.step(dir);
                let Some(next_i) = self.index(next) else {
                    continue;
                };
                if self.dist[next_i] != UNREACHABLE || (dir.is_diagonal() && !diagonal_ok(at, dir))
                {
                    continue;
                }
                let first = if at_i == start {
                    d as u8
                } else {
                    self.first[at_i]
                };
                if is_goal(next) {
                    let dir = Dir::ALL[first as usize];
                    return Some(Nearest {
                        goal: next,
                        steps,
                        dir,
                    });
                }
                if passable(next) {
                    self.dist[next_i] = steps;
                    self.first[next_i] = first;
                    self.queue.push(next_i as u32);
                }
            }
        }
        None
    }

    /// Steps from `pos` to the nearest goal; `None` where unreachable or
    /// outside the map.
    pub fn distance(&self, pos: Pos) -> Option<u32> {
        self.index(pos)
            .map(|i| self.dist[i])
            .filter(|&d| d != UNREACHABLE)
    }

    /// The step from `from` to the neighbour with the lowest distance, if
    /// that is strictly lower than `from`'s; ties go to the first in
    /// [`Dir::ALL`] order. A diagonal is considered only when
    /// `diagonal_ok(from, dir)`. `None` at a goal or where unreachable.
    ///
    /// Called with the same `diagonal_ok` as [`DijkstraMap::compute`],
    /// following it from any reachable tile arrives at a goal in exactly
    /// `distance` steps.
    pub fn downhill(&self, from: Pos, diagonal_ok: impl Fn(Pos, Dir) -> bool) -> Option<Dir> {
        self.downhill_onto(from, diagonal_ok, |_| true)
    }

    /// [`DijkstraMap::downhill`] onto a neighbour where `free(pos)` only:
    /// a chaser steps around the others in its way, or waits behind them.
    pub fn downhill_onto(
        &self,
        from: Pos,
        diagonal_ok: impl Fn(Pos, Dir) -> bool,
        free: impl Fn(Pos) -> bool,
    ) -> Option<Dir> {
        let here = self.distance(from)?;
        let mut best: Option<(u32, Dir)> = None;
        for dir in Dir::ALL {
            let Some(d) = self.distance(from.step(dir)) else {
                continue;
            };
            if d >= here || best.is_some_and(|(b, _)| d >= b) {
                continue;
            }
            if dir.is_diagonal() && !diagonal_ok(from, dir) || !free(from.step(dir)) {
                continue;
            }
            best = Some((d, dir));
        }
        best.map(|(_, dir)| dir)
    }
}

const fn opposite(dir: Dir) -> Dir {
    match dir {
        Dir::N => Dir::S,
        Dir::NE => Dir::SW,
        Dir::E => Dir::W,
        Dir::SE => Dir::NW,
        Dir::S => Dir::N,
        Dir::SW => Dir::NE,
        Dir::W => Dir::E,
        Dir::NW => Dir::SE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    /// The hero's corner rule: a diagonal needs one open orthogonal side.
    fn corner_rule(t: &Terrain) -> impl Fn(Pos, Dir) -> bool + '_ {
        move |from, dir| {
            let (h, v) = dir.components();
            t.is_walkable(from.step(h)) || t.is_walkable(from.step(v))
        }
    }

    fn fill(t: &Terrain, goals: &[Pos]) -> DijkstraMap {
        let mut map = DijkstraMap::new(t.width(), t.height());
        map.compute(goals.iter().copied(), |p| t.is_walkable(p), corner_rule(t));
        map
    }

    /// An open map with no walls at all: only the map's own edges bound
    /// the fill, and a tile's distance is its king-move distance.
    fn open_fill(width: i32, height: i32, goals: &[Pos]) -> DijkstraMap {
        let mut map = DijkstraMap::new(width, height);
        map.compute(goals.iter().copied(), |_| true, |_, _| true);
        map
    }

    #[test]
    fn the_map_edges_bound_a_fill_that_no_wall_bounds() {
        let map = open_fill(5, 3, &[Pos::new(0, 1)]);
        assert_eq!(render(&map), "11234\n01234\n11234\n");
        let map = open_fill(3, 5, &[Pos::new(2, 4)]);
        assert_eq!(render(&map), "444\n333\n222\n211\n210\n");
    }

    #[test]
    fn goals_off_the_map_are_ignored() {
        let off = [(-1, 1), (1, -1), (3, 1), (1, 3), (-1, -1), (3, 3)].map(|(x, y)| Pos::new(x, y));
        let map = open_fill(3, 3, &off);
        assert_eq!(render(&map), "###\n###\n###\n");
        let mut map = DijkstraMap::new(3, 3);
        for from in off {
            assert_eq!(
                map.first_step(from, |_| true, |_| true, |_, _| true),
                None,
                "{from:?}"
            );
        }
    }

    #[test]
    fn a_search_that_reaches_no_goal_says_so() {
        let mut map = DijkstraMap::new(4, 4);
        let goal = Pos::new(3, 3);
        let nearest = map.first_step(Pos::new(0, 0), |p| p.x < 2, |p| p == goal, |_, _| true);
        assert_eq!(nearest, None);
    }

    #[test]
    fn fitting_a_new_size_remakes_the_map() {
        let mut map = open_fill(3, 3, &[Pos::new(0, 0)]);
        map.fit(5, 4);
        assert_eq!((map.width(), map.height()), (5, 4));
        map.compute([Pos::new(0, 0)], |_| true, |_, _| true);
        assert_eq!(map.distance(Pos::new(4, 3)), Some(4));
        map.fit(5, 4);
        assert_eq!(map.distance(Pos::new(4, 3)), Some(4), "same size, same map");
    }

    /// The distances as text: a digit (or letter past 9) per reached tile,
    /// `#` for unreached.
    fn render(map: &DijkstraMap) -> String {
        let mut out = String::new();
        for y in 0..map.height() {
            for x in 0..map.width() {
                out.push(match map.distance(Pos::new(x, y)) {
                    Some(d) => char::from_digit(d, 36).unwrap_or('+'),
                    None => '#',
                });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn distances_on_a_small_map_match_hand_counts() {
        let t = Terrain::from_text(
            "#########\n\
             #...#...#\n\
             #...#...#\n\
             #.......#\n\
             #########\n",
            1,
        );
        let map = fill(&t, &[Pos::new(1, 1)]);
        assert_eq!(
            render(&map),
            "#########\n\
             #012#556#\n\
             #112#456#\n\
             #2223456#\n\
             #########\n"
        );
    }

    #[test]
    fn several_goals_give_the_nearest() {
        let t = Terrain::from_text("###########\n#.........#\n###########\n", 1);
        let map = fill(&t, &[Pos::new(1, 1), Pos::new(9, 1), Pos::new(9, 1)]);
        assert_eq!(render(&map).lines().nth(1), Some("#012343210#"));
    }

    #[test]
    fn walls_block_and_sealed_tiles_are_unreachable() {
        let t = Terrain::from_text("#######\n#..#..#\n#######\n", 1);
        let map = fill(&t, &[Pos::new(1, 1)]);
        assert_eq!(map.distance(Pos::new(2, 1)), Some(1));
        assert_eq!(map.distance(Pos::new(3, 1)), None, "the wall itself");
        assert_eq!(map.distance(Pos::new(4, 1)), None);
        assert_eq!(map.distance(Pos::new(5, 1)), None);
        assert_eq!(map.distance(Pos::new(-1, 1)), None, "off the map");
        assert_eq!(map.downhill(Pos::new(4, 1), corner_rule(&t)), None);
        assert_eq!(map.downhill(Pos::new(1, 1), corner_rule(&t)), None, "goal");
    }

    #[test]
    fn a_refused_corner_squeeze_seals_a_pocket() {
        // (1,1) -> (2,2) squeezes between walls (2,1) and (1,2): refused.
        let text = "#####\n\
                    #.#.#\n\
                    ##..#\n\
                    #...#\n\
                    #####\n";
        let t = Terrain::from_text(text, 1);
        let map = fill(&t, &[Pos::new(2, 2)]);
        assert_eq!(map.distance(Pos::new(1, 1)), None, "sealed by the gap");
        // Ignoring the corner rule, the squeeze is one step.
        let mut loose = DijkstraMap::new(t.width(), t.height());
        loose.compute([Pos::new(2, 2)], |p| t.is_walkable(p), |_, _| true);
        assert_eq!(loose.distance(Pos::new(1, 1)), Some(1));
    }

    #[test]
    fn the_corner_rule_lengthens_a_path_that_exists_both_ways() {
        // Goal (3,1); from (1,3) the diagonal through (2,2) is refused at
        // (2,2) -> (3,1) because (3,2) and (2,1) are walls, so the walk goes
        // round the right-hand column.
        let t = Terrain::from_text(
            "######\n\
             #.#..#\n\
             #..#.#\n\
             #....#\n\
             ######\n",
            1,
        );
        let strict = fill(&t, &[Pos::new(3, 1)]);
        let mut loose = DijkstraMap::new(t.width(), t.height());
        loose.compute([Pos::new(3, 1)], |p| t.is_walkable(p), |_, _| true);
        assert_eq!(loose.distance(Pos::new(2, 2)), Some(1));
        assert_eq!(
            strict.distance(Pos::new(2, 2)),
            Some(3),
            "(2,2)(3,3)(4,2)(3,1)"
        );
        assert!(strict.distance(Pos::new(1, 1)) > loose.distance(Pos::new(1, 1)));
    }

    #[test]
    fn downhill_reaches_a_goal_in_exactly_distance_steps() {
        let cave = crate::mapgen::caves::generate(7, 80, 50).expect("valid size");
        let t = &cave.terrain;
        let goals = [cave.start, t.nearest_walkable(Pos::new(3, 3)).unwrap()];
        let map = fill(t, &goals);
        let mut reached = 0;
        for (pos, _) in t.tiles().iter() {
            let Some(d) = map.distance(pos) else {
                continue;
            };
            reached += 1;
            let mut at = pos;
            for _ in 0..d {
                let dir = map.downhill(at, corner_rule(t)).expect("not yet at a goal");
                assert_eq!(
                    t.bump(at, dir),
                    crate::terrain::Bump::Move(at.step(dir)),
                    "a legal step"
                );
                at = at.step(dir);
            }
            assert!(goals.contains(&at), "{pos:?} ended at {at:?}");
            assert_eq!(map.downhill(at, corner_rule(t)), None);
        }
        assert!(reached > 500, "the cave is mostly reachable: {reached}");
    }

    #[test]
    fn a_reused_map_matches_a_fresh_one() {
        let a = crate::mapgen::caves::generate(3, 60, 40).expect("valid size");
        let b = crate::mapgen::caves::generate(4, 60, 40).expect("valid size");
        let mut reused = DijkstraMap::new(60, 40);
        for (cave, goal) in [(&a, a.start), (&b, b.start), (&a, Pos::new(5, 5))] {
            let t = &cave.terrain;
            reused.compute([goal], |p| t.is_walkable(p), corner_rule(t));
            let fresh = fill(t, &[goal]);
            assert_eq!(render(&reused), render(&fresh));
            assert_eq!(reused.dist, fresh.dist);
        }
    }

    #[test]
    fn a_bounded_fill_reaches_the_nearest_tiles_with_their_true_distances() {
        let cave = crate::mapgen::caves::generate(5, 80, 50).expect("valid size");
        let t = &cave.terrain;
        let full = fill(t, &[cave.start]);
        let mut bounded = DijkstraMap::new(t.width(), t.height());
        // A full fill first, so the bounded one must forget it.
        bounded.compute([cave.start], |p| t.is_walkable(p), corner_rule(t));
        let reached =
            bounded.compute_within([cave.start], 200, |p| t.is_walkable(p), corner_rule(t));
        assert_eq!(reached, 200);
        let mut counted = 0;
        let mut farthest = 0;
        for (pos, _) in t.tiles().iter() {
            if let Some(d) = bounded.distance(pos) {
                assert_eq!(Some(d), full.distance(pos), "{pos:?}");
                farthest = farthest.max(d);
                counted += 1;
            }
        }
        assert_eq!(counted, 200);
        for (pos, _) in t.tiles().iter() {
            if full.distance(pos).is_some_and(|d| d < farthest) {
                assert!(bounded.distance(pos).is_some(), "{pos:?} is nearer");
            }
        }
    }

    #[test]
    fn downhill_onto_steps_around_a_blocked_tile_or_waits() {
        let t = Terrain::from_text("#######\n#.....#\n#.....#\n#######\n", 1);
        let map = fill(&t, &[Pos::new(1, 1)]);
        let from = Pos::new(3, 1);
        // (2,1) and (2,2) are both a step from the goal; SW comes first.
        assert_eq!(map.downhill(from, corner_rule(&t)), Some(Dir::SW));
        let sw_blocked = |p: Pos| p != Pos::new(2, 2);
        assert_eq!(
            map.downhill_onto(from, corner_rule(&t), sw_blocked),
            Some(Dir::W)
        );
        let both_blocked = |p: Pos| p != Pos::new(2, 1) && p != Pos::new(2, 2);
        assert_eq!(map.downhill_onto(from, corner_rule(&t), both_blocked), None);
    }

    #[test]
    fn the_first_step_sets_off_on_a_shortest_walk_to_the_nearest_goal() {
        let cave = crate::mapgen::caves::generate(11, 80, 50).expect("valid size");
        let t = &cave.terrain;
        let goals = [cave.start, t.nearest_walkable(Pos::new(70, 40)).unwrap()];
        let full = fill(t, &goals);
        let mut search = DijkstraMap::new(t.width(), t.height());
        let mut checked = 0;
        for (pos, _) in t.tiles().iter().filter(|(p, _)| t.is_walkable(*p)) {
            let found = search.first_step(
                pos,
                |p| t.is_walkable(p),
                |p| goals.contains(&p),
                corner_rule(t),
            );
            let Some(distance) = full.distance(pos).filter(|&d| d > 0) else {
                assert_eq!(found, None, "{pos:?} is a goal or cut off");
                continue;
            };
            let found = found.expect("a reachable goal");
            assert_eq!(found.steps, distance, "from {pos:?}");
            assert!(goals.contains(&found.goal));
            let next = pos.step(found.dir);
            assert_eq!(t.bump(pos, found.dir), crate::terrain::Bump::Move(next));
            assert_eq!(full.distance(next), Some(distance - 1), "downhill");
            checked += 1;
        }
        assert!(checked > 500, "most of the cave was tried: {checked}");
    }

    #[test]
    fn an_impassable_goal_is_reached_from_its_neighbour() {
        // The goal is the unknown tile at (4,1), itself not passable.
        let t = Terrain::from_text("######\n#....#\n######\n", 1);
        let goal = Pos::new(4, 1);
        let mut map = DijkstraMap::new(t.width(), t.height());
        let found = map.first_step(
            Pos::new(1, 1),
            |p| p != goal && t.is_walkable(p),
            |p| p == goal,
            |_, _| true,
        );
        assert_eq!(
            found,
            Some(Nearest {
                goal,
                steps: 3,
                dir: Dir::E
            })
        );
    }
}
