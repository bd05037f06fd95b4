//! Path finding: A* over the 8-way movement rule, bounded by a node budget
//! so that an unreachable goal costs little.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::{Dir, Pos};

/// The outcome of a bounded search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathResult {
    /// The steps from the start (excluded) to the goal (included), if found.
    pub path: Option<Vec<Pos>>,
    /// How many nodes were expanded: never more than the budget.
    pub expanded: usize,
}

/// Finds a shortest 8-way path from `start` to `goal`. `passable` says
/// where a walker may stand (the goal counts as passable, so a path can end
/// on an occupied tile). Diagonal steps need one open orthogonal side, as
/// for the hero. At most `budget` nodes are expanded. This convenience form
/// allocates its own search state; keep a [`PathFinder`] to reuse it.
pub fn astar(start: Pos, goal: Pos, budget: usize, passable: impl Fn(Pos) -> bool) -> PathResult {
    let (min, max) = (start.x.min(goal.x), start.x.max(goal.x));
    let (top, bottom) = (start.y.min(goal.y), start.y.max(goal.y));
    let reach = i32::try_from(budget).unwrap_or(i32::MAX).min(4096);
    let mut finder = PathFinder::new(
        Pos::new(min - reach, top - reach),
        max - min + 2 * reach + 1,
        bottom - top + 2 * reach + 1,
    );
    finder.find(start, goal, budget, passable)
}

/// A* search state kept between searches: flat arrays over a map-sized
/// window, reset by bumping a generation stamp instead of clearing.
#[derive(Clone, Debug)]
pub struct PathFinder {
    origin: Pos,
    width: i32,
    height: i32,
    stamp: Vec<u32>,
    cost: Vec<i32>,
    parent: Vec<u32>,
    generation: u32,
    frontier: BinaryHeap<Reverse<(i32, i32, u32)>>,
}

impl PathFinder {
    /// A finder for positions in the `width × height` window whose top-left is `origin`.
    pub fn new(origin: Pos, width: i32, height: i32) -> Self {
        let area = (width.max(1) as usize) * (height.max(1) as usize);
        Self {
            origin,
            width: width.max(1),
            height: height.max(1),
            stamp: vec![0; area],
            cost: vec![0; area],
            parent: vec![0; area],
            generation: 0,
            frontier: BinaryHeap::new(),
        }
    }

    /// A finder for a whole `width × height` map.
    pub fn for_map(width: i32, height: i32) -> Self {
        Self::new(Pos::new(0, 0), width, height)
    }

    fn index(&self, p: Pos) -> Option<u32> {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        (x >= 0 && y >= 0 && x < self.width && y < self.height).then(|| (y * self.width + x) as u32)
    }

    fn pos(&self, index: u32) -> Pos {
        let i = index as i32;
        Pos::new(
            self.origin.x + i % self.width,
            self.origin.y + i / self.width,
        )
    }

    /// The cost so far to `index`, if this search has reached it.
    fn reached(&self, index: u32) -> Option<i32> {
        (self.stamp[index as usize] == self.generation).then(|| self.cost[index as usize])
    }

    /// See [`astar`]; positions outside the finder's window are impassable.
    pub fn find(
        &mut self,
        start: Pos,
        goal: Pos,
        budget: usize,
        passable: impl Fn(Pos) -> bool,
    ) -> PathResult {
        let (Some(start_i), Some(goal_i)) = (self.index(start), self.index(goal)) else {
            return PathResult {
                path: None,
                expanded: 0,
            };
        };
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.frontier.clear();
        self.visit(start_i, 0, start_i);
        self.frontier
            .push(Reverse((start.chebyshev(goal), 0, start_i)));
        let open_at = |p: Pos| p == goal || passable(p);
        let mut expanded = 0;
        while let Some(Reverse((_, g, at_i))) = self.frontier.pop() {
            if at_i == goal_i {
                return PathResult {
                    path: Some(self.walk_back(start_i, goal_i)),
                    expanded,
                };
            }
            if self.reached(at_i).is_some_and(|best| g > best) {
                continue;
            }
            if expanded >= budget {
                break;
            }
            expanded += 1;
            let at = self.pos(at_i);
            for dir in Dir::ALL {
                let next = at.step(dir);
                let Some(next_i) = self.index(next) else {
                    continue;
                };
                if !open_at(next) || corner_blocked(at, dir, &passable) {
                    continue;
                }
                let g_next = g + 1;
                if self.reached(next_i).is_none_or(|best| g_next < best) {
                    self.visit(next_i, g_next, at_i);
                    self.frontier
                        .push(Reverse((g_next + next.chebyshev(goal), g_next, next_i)));
                }
            }
        }
        PathResult {
            path: None,
            expanded,
        }
    }

    fn visit(&mut self, index: u32, cost: i32, parent: u32) {
        let i = index as usize;
        self.stamp[i] = self.generation;
        self.cost[i] = cost;
        self.parent[i] = parent;
    }

    fn walk_back(&self, start: u32, goal: u32) -> Vec<Pos> {
        let mut path = vec![self.pos(goal)];
        let mut at = goal;
        while self.parent[at as usize] != start && at != start {
            at = self.parent[at as usize];
            path.push(self.pos(at));
        }
        path.reverse();
        path
    }
}

/// A diagonal step between two blocked orthogonal neighbours is not allowed.
fn corner_blocked(at: Pos, dir: Dir, passable: &impl Fn(Pos) -> bool) -> bool {
    if !dir.is_diagonal() {
        return false;
    }
    let (h, v) = dir.components();
    !passable(at.step(h)) && !passable(at.step(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    #[test]
    fn finds_a_shortest_path_round_a_wall() {
        let t = Terrain::from_text("#######\n#..#..#\n#..#..#\n#.....#\n#######\n", 1);
        let result = astar(Pos::new(1, 1), Pos::new(5, 1), 100, |p| t.is_walkable(p));
        let path = result.path.expect("a path exists");
        assert_eq!(path.last(), Some(&Pos::new(5, 1)));
        assert_eq!(path.len(), 4, "diagonals cut the corners: {path:?}");
        for pair in path.windows(2) {
            assert_eq!(pair[0].chebyshev(pair[1]), 1);
        }
    }

    #[test]
    fn an_unreachable_goal_stops_at_the_budget() {
        let t = Terrain::from_text(
            &format!(
                "{}\n#{}#{}#\n{}\n",
                "#".repeat(60),
                ".".repeat(40),
                ".".repeat(17),
                "#".repeat(60)
            ),
            1,
        );
        let result = astar(Pos::new(1, 1), Pos::new(50, 1), 25, |p| t.is_walkable(p));
        assert_eq!(result.path, None);
        assert!(result.expanded <= 25);
    }

    #[test]
    fn a_reused_finder_gives_the_same_paths() {
        let t = Terrain::from_text("#######\n#..#..#\n#..#..#\n#.....#\n#######\n", 1);
        let mut finder = PathFinder::for_map(t.width(), t.height());
        for _ in 0..3 {
            let reused = finder.find(Pos::new(1, 1), Pos::new(5, 1), 100, |p| t.is_walkable(p));
            assert_eq!(
                reused,
                astar(Pos::new(1, 1), Pos::new(5, 1), 100, |p| t.is_walkable(p))
            );
            assert_eq!(reused.path.map(|p| p.len()), Some(4));
        }
        let off_map = finder.find(Pos::new(1, 1), Pos::new(50, 1), 100, |p| t.is_walkable(p));
        assert_eq!(off_map.path, None);
    }

    /// The length of the path `astar` finds past a wall of the tiles
    /// `wall` holds, everything else open (the map has no edge).
    fn detour(start: Pos, goal: Pos, wall: impl Fn(Pos) -> bool) -> Option<usize> {
        astar(start, goal, 200, |p| !wall(p))
            .path
            .map(|path| path.len())
    }

    #[test]
    fn astar_looks_past_the_ends_of_its_start_and_goal_on_every_side() {
        let (west, east) = (Pos::new(0, 0), Pos::new(4, 0));
        let up = detour(west, east, |p| p.x == 2 && (-5..=15).contains(&p.y));
        let down = detour(west, east, |p| p.x == 2 && (-15..=5).contains(&p.y));
        let (north, south) = (Pos::new(0, 0), Pos::new(0, 4));
        let left = detour(north, south, |p| p.y == 2 && (-5..=15).contains(&p.x));
        let right = detour(north, south, |p| p.y == 2 && (-15..=5).contains(&p.x));
        // Each goes round the near end of its wall: 6 steps out, 6 back.
        assert_eq!([up, down, left, right], [Some(12); 4]);
    }

    #[test]
    fn a_far_goal_costs_the_whole_budget_before_it_is_given_up() {
        for (start, goal) in [
            ((10, 0), (1000, 0)),
            ((-100, 0), (100, 0)),
            ((0, -100), (0, 100)),
            ((0, 10), (0, 1000)),
        ] {
            let (start, goal) = (Pos::new(start.0, start.1), Pos::new(goal.0, goal.1));
            let result = astar(start, goal, 100, |_| true);
            assert_eq!(result.path, None, "{start:?} to {goal:?}");
            assert_eq!(result.expanded, 100, "{start:?} to {goal:?}");
        }
    }

    #[test]
    fn a_finder_never_steps_outside_its_window() {
        // Outside the 5×4 window the walker is told all is open, and a way
        // round the wall's top (4 steps) is shorter than the one inside (6).
        let mut finder = PathFinder::for_map(5, 4);
        let wall = |p: Pos| p.x == 2 && p.y <= 2;
        let inside = |p: Pos| (0..5).contains(&p.x) && (0..4).contains(&p.y);
        let path = finder
            .find(Pos::new(0, 0), Pos::new(4, 0), 100, |p| !wall(p))
            .path
            .unwrap();
        assert_eq!(path.len(), 6, "{path:?}");
        assert!(path.iter().all(|&p| inside(p)), "{path:?}");
        // The same with the wall across and the gap on the left: round its
        // right end, off the 4×5 window, is shorter.
        let mut finder = PathFinder::for_map(4, 5);
        let wall = |p: Pos| p.y == 2 && p.x >= 1;
        let inside = |p: Pos| (0..4).contains(&p.x) && (0..5).contains(&p.y);
        let path = finder
            .find(Pos::new(3, 0), Pos::new(3, 4), 100, |p| !wall(p))
            .path
            .unwrap();
        assert_eq!(path.len(), 6, "{path:?}");
        assert!(path.iter().all(|&p| inside(p)), "{path:?}");
        for off in [
            Pos::new(-1, 0),
            Pos::new(0, -1),
            Pos::new(4, 0),
            Pos::new(0, 5),
        ] {
            let from_off = finder.find(off, Pos::new(0, 0), 100, |_| true);
            assert_eq!(
                from_off,
                PathResult {
                    path: None,
                    expanded: 0
                },
                "{off:?}"
            );
            let to_off = finder.find(Pos::new(0, 0), off, 100, |_| true);
            assert_eq!(
                to_off,
                PathResult {
                    path: None,
                    expanded: 0
                },
                "{off:?}"
            );
        }
    }

    /// A 24×14 map walled round, with a third of its inside rock, from a seed.
    fn scattered(seed: u64) -> Terrain {
        let mut rng = crate::rng::GameRng::new(seed);
        let mut tiles = crate::grid::Grid::new(24, 14, crate::tile::Tile::Wall);
        for y in 1..13 {
            for x in 1..23 {
                if !rng.chance(0.33) {
                    tiles.set(Pos::new(x, y), crate::tile::Tile::Floor);
                }
            }
        }
        Terrain::new(tiles, 1)
    }

    #[test]
    fn astar_walks_as_short_as_a_dijkstra_fill_and_expands_each_tile_once() {
        use crate::dijkstra::DijkstraMap;
        let mut unreachable = 0;
        for seed in 0..6 {
            let t = scattered(seed);
            let walkable = |p: Pos| t.is_walkable(p);
            let corner_ok = |from: Pos, dir: Dir| !corner_blocked(from, dir, &walkable);
            let floor: Vec<Pos> = t
                .tiles()
                .iter()
                .filter(|(_, tile)| tile.is_walkable())
                .map(|(p, _)| p)
                .collect();
            let mut finder = PathFinder::for_map(t.width(), t.height());
            let mut fill = DijkstraMap::new(t.width(), t.height());
            for &goal in floor.iter().step_by(7) {
                fill.compute([goal], walkable, corner_ok);
                for &start in floor.iter().step_by(5).filter(|&&s| s != goal) {
                    let found = finder.find(start, goal, 10_000, walkable);
                    let steps = found.path.as_ref().map(|path| path.len() as u32);
                    assert_eq!(
                        steps,
                        fill.distance(start),
                        "seed {seed}: {start:?} to {goal:?}"
                    );
                    if steps.is_none() {
                        // Each tile the walker can reach from the start is
                        // expanded once, and nothing else.
                        unreachable += 1;
                        let mut from_start = DijkstraMap::new(t.width(), t.height());
                        from_start.compute([start], walkable, corner_ok);
                        let reach = floor
                            .iter()
                            .filter(|&&p| from_start.distance(p).is_some())
                            .count();
                        assert_eq!(found.expanded, reach, "seed {seed}: {start:?} to {goal:?}");
                    }
                }
            }
        }
        assert!(
            unreachable > 0,
            "the maps have pockets the walker cannot leave"
        );
    }

    #[test]
    fn the_path_never_squeezes_between_corner_touching_walls() {
        let t = Terrain::from_text("#####\n#.#.#\n##..#\n#####\n", 1);
        let result = astar(Pos::new(1, 1), Pos::new(3, 1), 50, |p| t.is_walkable(p));
        assert_eq!(result.path, None, "(1,1) is sealed off by a diagonal gap");
    }
}
