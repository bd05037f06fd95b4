//! What the benches share: a walkability grid with the game's corner rule,
//! walked alike by our code and the comparison crates, and the smoke mode.
//! The benchmarks are the files beside this folder; run
//! `cargo bench -p gloomdelve-bench`.
//!
//! **Smoke mode.** `cargo bench` hands each bench binary `--bench`;
//! `cargo test --release -p gloomdelve-bench --benches` (which `.ci/run`
//! runs) does not. Without it each bench runs once, briefly, and checks
//! what it checks when measuring (the comparisons agree, the same seed
//! plays the same game), so a bench that no longer runs fails CI.
//! Criterion's benches do this on their own; the plain `main` benches ask
//! [`smoke`].

use gloomdelve_core::{Dir, GameRng, Grid, Pos, Terrain};

/// Where a walker may stand, with the 8-way steps it may take.
pub struct OpenGrid(pub Grid<bool>);

impl OpenGrid {
    /// The tiles of `terrain` where `open` holds.
    pub fn of(terrain: &Terrain, open: impl Fn(Pos) -> bool) -> Self {
        Self(Grid::from_fn(terrain.width(), terrain.height(), open))
    }

    pub fn width(&self) -> i32 {
        self.0.width()
    }

    pub fn height(&self) -> i32 {
        self.0.height()
    }

    pub fn passable(&self, p: Pos) -> bool {
        self.0.get(p).copied().unwrap_or(false)
    }

    /// The corner rule: a diagonal needs one open orthogonal side.
    pub fn diagonal_ok(&self, from: Pos, dir: Dir) -> bool {
        let (h, v) = dir.components();
        self.passable(from.step(h)) || self.passable(from.step(v))
    }

    /// A passable tile drawn from `rng`: the same seed, the same tiles.
    pub fn random_passable(&self, rng: &mut GameRng) -> Pos {
        loop {
            let p = Pos::new(rng.range(0, self.width()), rng.range(0, self.height()));
            if self.passable(p) {
                return p;
            }
        }
    }

    /// The legal steps from `from`, each costing 1.
    pub fn successors(&self, from: Pos) -> impl Iterator<Item = (Pos, u32)> + '_ {
        Dir::ALL.into_iter().filter_map(move |dir| {
            let to = from.step(dir);
            (self.passable(to) && (!dir.is_diagonal() || self.diagonal_ok(from, dir)))
                .then_some((to, 1))
        })
    }
}

/// Whether this run is a smoke test, not a measurement: the binary was not
/// handed `--bench` (see the module docs).
pub fn smoke() -> bool {
    !std::env::args().skip(1).any(|arg| arg == "--bench")
}

/// `full` when measuring, `brief` in a smoke run.
pub fn measured_or(full: usize, brief: usize) -> usize {
    if smoke() { brief } else { full }
}
