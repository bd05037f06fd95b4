//! Connectivity helpers: 4-way flood fill, and tunnels that join every floor
//! region to the largest one.

use std::collections::VecDeque;

use crate::grid::{Dir, Grid, Pos};

/// Labels each `open` tile with its 4-way connected region (0, 1, ...).
/// Closed tiles get `None`. Returns the labels and each region's size.
pub fn label_regions(open: &Grid<bool>) -> (Grid<Option<u32>>, Vec<usize>) {
    let mut labels = Grid::new(open.width(), open.height(), None);
    let mut sizes = Vec::new();
    let mut queue = VecDeque::new();
    for start in open.positions() {
        if !open[start] || labels[start].is_some() {
            continue;
        }
        let id = sizes.len() as u32;
        let mut size = 0;
        labels[start] = Some(id);
        queue.push_back(start);
        while let Some(p) = queue.pop_front() {
            size += 1;
            for dir in Dir::ORTHOGONAL {
                let n = p.step(dir);
                if open.get(n) == Some(&true) && labels[n].is_none() {
                    labels[n] = Some(id);
                    queue.push_back(n);
                }
            }
        }
        sizes.push(size);
    }
    (labels, sizes)
}

/// Opens 1-wide tunnels so that every open region joins the largest one.
/// Tunnels never enter the outermost `border` tiles. Runs in time linear
/// in the map's area: one breadth-first search that grows from the
/// connected part and absorbs each region it reaches.
pub fn connect_regions(open: &mut Grid<bool>, border: i32) {
    let (labels, sizes) = label_regions(open);
    let Some(main) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return;
    };
    let members = region_members(&labels, sizes.len());
    let mut joined = vec![false; sizes.len()];
    let mut parent: Grid<Option<Pos>> = Grid::new(open.width(), open.height(), None);
    let mut seen = Grid::new(open.width(), open.height(), false);
    let mut queue = VecDeque::new();
    absorb_region(main, &members, &mut joined, &mut seen, &mut queue);
    while let Some(p) = queue.pop_front() {
        for dir in Dir::ORTHOGONAL {
            let n = p.step(dir);
            if !open.in_bounds(n) || open.is_within_border(n, border) || seen[n] {
                continue;
            }
            seen[n] = true;
            parent[n] = Some(p);
            match labels[n] {
                Some(region) if !joined[region as usize] => {
                    carve_back(open, &parent, p);
                    absorb_region(
                        region as usize,
                        &members,
                        &mut joined,
                        &mut seen,
                        &mut queue,
                    );
                }
                _ => queue.push_back(n),
            }
        }
    }
}

/// Each region's tiles, in scan order.
fn region_members(labels: &Grid<Option<u32>>, regions: usize) -> Vec<Vec<Pos>> {
    let mut members = vec![Vec::new(); regions];
    for (p, label) in labels.iter() {
        if let Some(region) = label {
            members[*region as usize].push(p);
        }
    }
    members
}

/// Marks every tile of `region` as reached and queues it as a search source.
fn absorb_region(
    region: usize,
    members: &[Vec<Pos>],
    joined: &mut [bool],
    seen: &mut Grid<bool>,
    queue: &mut VecDeque<Pos>,
) {
    joined[region] = true;
    for &p in &members[region] {
        seen[p] = true;
        queue.push_back(p);
    }
}

/// Opens the tiles along the parent chain from `from` back to open ground.
fn carve_back(open: &mut Grid<bool>, parent: &Grid<Option<Pos>>, from: Pos) {
    let mut at = Some(from);
    while let Some(p) = at {
        if open[p] {
            break;
        }
        open[p] = true;
        at = parent[p];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_from(rows: &[&str]) -> Grid<bool> {
        let mut g = Grid::new(rows[0].len() as i32, rows.len() as i32, false);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                g[Pos::new(x as i32, y as i32)] = c == '.';
            }
        }
        g
    }

    #[test]
    fn separate_regions_are_labelled_apart() {
        let g = grid_from(&["#######", "#..#..#", "#######"]);
        let (_, sizes) = label_regions(&g);
        assert_eq!(sizes, vec![2, 2]);
    }

    #[test]
    fn connecting_leaves_one_region_and_respects_the_border() {
        let mut g = grid_from(&[
            "##########",
            "#..#######",
            "#..#######",
            "#######..#",
            "##########",
        ]);
        connect_regions(&mut g, 1);
        let (_, sizes) = label_regions(&g);
        assert_eq!(sizes.len(), 1);
        for p in g.positions().filter(|&p| g.is_within_border(p, 1)) {
            assert!(!g[p], "border opened at {p:?}");
        }
    }
}
