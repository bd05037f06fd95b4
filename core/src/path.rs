//! Path finding: A* over the 8-way movement rule, bounded by a node budget
//! so that an unreachable goal costs little.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

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
/// for the hero. At most `budget` nodes are expanded.
pub fn astar(start: Pos, goal: Pos, budget: usize, passable: impl Fn(Pos) -> bool) -> PathResult {
    let open_at = |p: Pos| p == goal || passable(p);
    let mut frontier = BinaryHeap::new();
    let mut came_from: HashMap<Pos, Pos> = HashMap::new();
    let mut cost: HashMap<Pos, i32> = HashMap::new();
    cost.insert(start, 0);
    frontier.push(Reverse((start.chebyshev(goal), 0, start)));
    let mut expanded = 0;
    while let Some(Reverse((_, g, at))) = frontier.pop() {
        if at == goal {
            return PathResult {
                path: Some(walk_back(&came_from, start, goal)),
                expanded,
            };
        }
        if g > cost.get(&at).copied().unwrap_or(i32::MAX) {
            continue;
        }
        if expanded >= budget {
            break;
        }
        expanded += 1;
        for dir in Dir::ALL {
            let next = at.step(dir);
            if !open_at(next) || corner_blocked(at, dir, &passable) {
                continue;
            }
            let g_next = g + 1;
            if g_next < cost.get(&next).copied().unwrap_or(i32::MAX) {
                cost.insert(next, g_next);
                came_from.insert(next, at);
                frontier.push(Reverse((g_next + next.chebyshev(goal), g_next, next)));
            }
        }
    }
    PathResult {
        path: None,
        expanded,
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

fn walk_back(came_from: &HashMap<Pos, Pos>, start: Pos, goal: Pos) -> Vec<Pos> {
    let mut path = vec![goal];
    let mut at = goal;
    while let Some(&prev) = came_from.get(&at) {
        if prev == start {
            break;
        }
        path.push(prev);
        at = prev;
    }
    path.reverse();
    path
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
    fn the_path_never_squeezes_between_corner_touching_walls() {
        let t = Terrain::from_text("#####\n#.#.#\n##..#\n#####\n", 1);
        let result = astar(Pos::new(1, 1), Pos::new(3, 1), 50, |p| t.is_walkable(p));
        assert_eq!(result.path, None, "(1,1) is sealed off by a diagonal gap");
    }
}
