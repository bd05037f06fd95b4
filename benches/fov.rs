//! Field-of-view benchmark: 64 seeded floor origins at radius 5, 8 and 20 on
//! a 600×600 cave, a 600×600 open map and a 100×100 cave. In the same run:
//! bracket-pathfinding's symmetric shadowcasting on the same maps and
//! origins, and a bare visit of the (2r+1)² window as the floor cost.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench fov`.

use std::hint::black_box;
use std::time::Duration;

use bracket_pathfinding::prelude::{Algorithm2D, BaseMap, FieldOfViewAlg, Point};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gloomdelve_core::fov::Fov;
use gloomdelve_core::mapgen::caves;
use gloomdelve_core::{GameRng, Grid, Pos, Terrain, Tile};

const ORIGINS: usize = 64;
const RADII: [i32; 3] = [5, 8, 20];

/// A map as a flat opacity grid, readable by both implementations.
struct BenchMap {
    name: &'static str,
    opaque: Grid<bool>,
    origins: Vec<Pos>,
}

impl BenchMap {
    fn from_terrain(name: &'static str, terrain: &Terrain) -> Self {
        let opaque = Grid::from_fn(terrain.width(), terrain.height(), |p| {
            terrain.tile(p).blocks_sight()
        });
        let floors: Vec<Pos> = opaque
            .iter()
            .filter(|(_, o)| !**o)
            .map(|(p, _)| p)
            .collect();
        let mut rng = GameRng::new(64);
        let origins = (0..ORIGINS)
            .map(|_| floors[rng.range(0, floors.len() as i32) as usize])
            .collect();
        Self {
            name,
            opaque,
            origins,
        }
    }

    fn is_opaque(&self, p: Pos) -> bool {
        self.opaque.get(p).copied().unwrap_or(true)
    }
}

impl BaseMap for BenchMap {
    fn is_opaque(&self, idx: usize) -> bool {
        let w = self.opaque.width() as usize;
        self.is_opaque(Pos::new((idx % w) as i32, (idx / w) as i32))
    }
}

impl Algorithm2D for BenchMap {
    fn dimensions(&self) -> Point {
        Point::new(self.opaque.width(), self.opaque.height())
    }
}

fn maps() -> Vec<BenchMap> {
    let open = Terrain::new(Grid::new(600, 600, Tile::Floor), 0);
    vec![
        BenchMap::from_terrain(
            "cave600",
            &caves::generate(1, 600, 600).expect("valid size").terrain,
        ),
        BenchMap::from_terrain("open600", &open),
        BenchMap::from_terrain(
            "cave100",
            &caves::generate(1, 100, 100).expect("valid size").terrain,
        ),
    ]
}

fn bench_fov(c: &mut Criterion) {
    for map in maps() {
        let mut group = c.benchmark_group(format!("fov/{}", map.name));
        group
            .sample_size(20)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        let mut seen = Grid::new(map.opaque.width(), map.opaque.height(), false);
        let mut fov = Fov::new();
        for radius in RADII {
            group.bench_function(BenchmarkId::new("gloomdelve", radius), |b| {
                b.iter(|| {
                    for &origin in &map.origins {
                        fov.compute(
                            origin,
                            radius,
                            |p| map.is_opaque(p),
                            |p| {
                                seen.set(p, true);
                            },
                        );
                    }
                })
            });
            group.bench_function(BenchmarkId::new("bracket", radius), |b| {
                b.iter(|| {
                    for &origin in &map.origins {
                        let centre = Point::new(origin.x, origin.y);
                        black_box(
                            FieldOfViewAlg::SymmetricShadowcasting
                                .field_of_view_set(centre, radius, &map),
                        );
                    }
                })
            });
            group.bench_function(BenchmarkId::new("window-visit", radius), |b| {
                b.iter(|| {
                    for &origin in &map.origins {
                        visit_window(&map, origin, radius, &mut seen);
                    }
                })
            });
        }
        group.finish();
    }
}

/// The least any FOV must do: look up and mark every tile of the window.
fn visit_window(map: &BenchMap, origin: Pos, radius: i32, seen: &mut Grid<bool>) {
    for y in origin.y - radius..=origin.y + radius {
        for x in origin.x - radius..=origin.x + radius {
            let p = Pos::new(x, y);
            if !black_box(map.is_opaque(p)) {
                seen.set(p, true);
            }
        }
    }
}

criterion_group!(benches, bench_fov);
criterion_main!(benches);
