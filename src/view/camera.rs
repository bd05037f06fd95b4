//! The camera: follows the hero smoothly, stops at the map's edges, and
//! zooms between ×2, ×3 and ×4. It frames the map in the part of the
//! window the HUD leaves free, so nothing of the map hides under a panel.

use bevy::diagnostic::FrameCount;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use crate::vocab::components::{GridPos, Hero};

use crate::view::assets::{DisplaySettings, SpriteBook};
use crate::view::motion::state::{Animation, Motion};
use crate::view::motion::tween::snap;
use crate::view::tilemap::tile_centre;
use crate::vocab::resources::Level;
use crate::vocab::states::{EnterPlaying, Screen};

use crate::config::ZOOMS;
use crate::view::ui_state::Zoom;

/// The part of the window the HUD leaves free for the map: how many
/// logical pixels its panels take at the top and at the bottom, and the
/// sidebar on the right.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct PlayArea {
    pub top: f32,
    pub bottom: f32,
    pub right: f32,
}

impl PlayArea {
    /// The size of the free area, in world units, of a `window` (logical
    /// pixels) seen at `zoom`.
    pub fn view(&self, window: Vec2, zoom: f32) -> Vec2 {
        let height = (window.y - self.top - self.bottom).max(1.0);
        let width = (window.x - self.right).max(1.0);
        Vec2::new(width, height) / zoom
    }

    /// Whether `point` (logical pixels from the window's top left) lies in
    /// the free area of a `window`, not under a panel.
    pub fn holds(&self, point: Vec2, window: Vec2) -> bool {
        point.x < window.x - self.right && point.y > self.top && point.y < window.y - self.bottom
    }

    /// Where the camera must stand for `centre` to show in the middle of
    /// the free area rather than the middle of the window.
    pub(crate) fn camera_for(&self, centre: Vec2, zoom: f32) -> Vec2 {
        centre + Vec2::new(self.right, self.top - self.bottom) / (2.0 * zoom)
    }
}

/// Where the camera is heading and where it is, unrounded.
#[derive(Component, Default)]
struct Follow {
    at: Option<Vec2>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayArea>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        OnEnter(Screen::Playing),
        choose_zoom.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (apply_zoom, follow_hero)
            .chain()
            .after(crate::view::motion::MotionSet::Draw)
            .run_if(in_state(Screen::Playing)),
    );
    if std::env::var_os(LAYOUT_PROBE_VAR).is_some() {
        app.add_systems(
            PostUpdate,
            report_layout
                .after(bevy::transform::TransformSystems::Propagate)
                .run_if(in_state(Screen::Playing)),
        );
        app.add_systems(Update, report_keys.run_if(in_state(Screen::Playing)));
    }
}

/// The start of the line the probe logs for each key pressed, followed by
/// the frame (`FrameCount`) the game read it on.
pub const KEY_PROBE_LINE: &str = "key probe: pressed on frame";

/// Logs each key press with the frame it arrived on, so a test can count
/// the frames from a key to what it shows.
fn report_keys(mut keys: MessageReader<KeyboardInput>, frame: Res<FrameCount>) {
    for _ in keys.read().filter(|key| key.state.is_pressed()) {
        info!("{KEY_PROBE_LINE} {}", frame.0);
    }
}

/// Set this environment variable and the game logs where it draws the hero
/// and the HUD's free area, each time that changes: the window tests read it.
pub const LAYOUT_PROBE_VAR: &str = "GLOOMDELVE_LAYOUT_PROBE";
/// The start of each line the probe logs.
pub const LAYOUT_PROBE_LINE: &str = "layout probe:";

/// Logs "layout probe: window W H free TOP BOTTOM hero LEFT TOP RIGHT BOTTOM
/// at X Y frame N" whenever a number before the frame changes: logical
/// pixels, then where the hero is drawn in the world, which a glide puts
/// between two tiles, then the frame (`FrameCount`) that drew it.
fn report_layout(
    frame: Res<FrameCount>,
    area: Res<PlayArea>,
    book: Res<SpriteBook>,
    hero: Single<&GlobalTransform, With<Hero>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    mut last: Local<String>,
) {
    let (camera, at) = *camera;
    let Some(window) = camera.logical_viewport_size() else {
        return;
    };
    let half = book.tile_size / 2.0;
    let corner = |dx: f32, dy: f32| {
        let point = hero.translation() + Vec3::new(dx, dy, 0.0);
        camera.world_to_viewport(at, point).ok()
    };
    let (Some(top_left), Some(bottom_right)) = (corner(-half, half), corner(half, -half)) else {
        return;
    };
    let line = format!(
        "{LAYOUT_PROBE_LINE} window {} {} free {} {} hero {} {} {} {} at {} {}",
        window.x,
        window.y,
        area.top,
        window.y - area.bottom,
        top_left.x.round(),
        top_left.y.round(),
        bottom_right.x.round(),
        bottom_right.y.round(),
        hero.translation().x,
        hero.translation().y
    );
    if *last != line {
        info!("{line} frame {}", frame.0);
        *last = line;
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d, Follow::default()));
}

/// Sets the zoom at the start of a game; a change of level keeps it.
fn choose_zoom(
    mut commands: Commands,
    settings: Res<DisplaySettings>,
    book: Res<SpriteBook>,
    zoom: Option<Res<Zoom>>,
) {
    if zoom.is_some() {
        return;
    }
    let zoom = settings.scale.unwrap_or(book.scale);
    commands.insert_resource(Zoom(if ZOOMS.contains(&zoom) { zoom } else { 4 }));
}

fn apply_zoom(zoom: Res<Zoom>, mut projections: Query<&mut Projection, With<Follow>>) {
    if !zoom.is_changed() {
        return;
    }
    for mut projection in &mut projections {
        if let Projection::Orthographic(ortho) = projection.as_mut() {
            ortho.scale = 1.0 / zoom.0 as f32;
        }
    }
}

/// Keeps the hero in the free area between the HUD's panels, clamped to
/// the map, rounded to whole screen pixels so the art stays crisp. It
/// follows where the hero is drawn, gliding with it, so it never lags a
/// held key; with Reduce motion on the hero snaps and the camera eases
/// after it instead.
fn follow_hero(
    time: Res<Time>,
    zoom: Res<Zoom>,
    area: Res<PlayArea>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    motion: Option<Res<Motion>>,
    hero: Single<(&GridPos, Option<&Animation>), With<Hero>>,
    camera: Single<(&mut Transform, &mut Follow, &Camera)>,
) {
    let (mut transform, mut follow, camera) = camera.into_inner();
    let Some(viewport) = camera.logical_viewport_size() else {
        return;
    };
    let tile = book.tile_size;
    let (grid, animation) = *hero;
    let pixel = 1.0 / zoom.0 as f32;
    // On the same whole pixels the hero's sprite is drawn on, so the two
    // never round apart and the hero never shivers against the map.
    let drawn = animation.and_then(|a| a.drawn_at).map(|at| snap(at, pixel));
    let hero_at = drawn.unwrap_or_else(|| tile_centre(grid.0, level.terrain.height(), tile));
    let target = frame_the_hero(hero_at, &level, tile, *area, viewport, zoom.0 as f32);
    let next = match motion.as_deref().filter(|m| m.reduce) {
        Some(reduced) => {
            let rate = reduced.timings.camera_follow_rate;
            eased(follow.at, target, rate, time.delta_secs())
        }
        None => target,
    };
    follow.at = Some(next);
    let snapped = snap(next, pixel);
    transform.translation = snapped.extend(transform.translation.z);
}

/// A step of the camera from `at` toward `target`, closing the gap at
/// `rate` per second; it arrives once the gap is under a quarter pixel.
fn eased(at: Option<Vec2>, target: Vec2, rate: f32, seconds: f32) -> Vec2 {
    let at = at.unwrap_or(target);
    let next = at.lerp(target, 1.0 - (-rate * seconds).exp());
    if next.distance(target) < 0.25 {
        target
    } else {
        next
    }
}

/// Where the camera goes to show the hero at `hero_at` in the free area of
/// a `window` (logical pixels), keeping that area on the map.
pub(crate) fn frame_the_hero(
    hero_at: Vec2,
    level: &Level,
    tile: f32,
    area: PlayArea,
    window: Vec2,
    zoom: f32,
) -> Vec2 {
    let map_min = Vec2::splat(-tile / 2.0);
    let map_size = Vec2::new(level.terrain.width() as f32, level.terrain.height() as f32) * tile;
    let centre = clamp_to_map(hero_at, area.view(window, zoom), map_min, map_size);
    area.camera_for(centre, zoom)
}

/// The camera centre nearest `target` that keeps a `view`-sized window
/// inside the map; a map smaller than the view is centred.
pub(crate) fn clamp_to_map(target: Vec2, view: Vec2, map_min: Vec2, map_size: Vec2) -> Vec2 {
    let axis = |t: f32, v: f32, min: f32, size: f32| {
        if size <= v {
            min + size / 2.0
        } else {
            t.clamp(min + v / 2.0, min + size - v / 2.0)
        }
    };
    Vec2::new(
        axis(target.x, view.x, map_min.x, map_size.x),
        axis(target.y, view.y, map_min.y, map_size.y),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use gloomdelve_core::{Pos, Terrain};

    /// A `width` x `height` open cave.
    fn level(width: usize, height: usize) -> Level {
        let row = format!("#{}#\n", ".".repeat(width - 2));
        let wall = format!("{}\n", "#".repeat(width));
        let text = format!("{wall}{}{wall}", row.repeat(height - 2));
        Level {
            terrain: Terrain::from_text(&text, 1),
            start: Pos::new(1, 1),
        }
    }

    /// Where the tile at `pos` lands in the window: its top and bottom rows
    /// in logical pixels from the window's top.
    fn rows_on_screen(
        pos: Pos,
        level: &Level,
        area: PlayArea,
        window: Vec2,
        zoom: f32,
    ) -> (f32, f32) {
        let tile = 8.0;
        let hero_at = tile_centre(pos, level.terrain.height(), tile);
        let camera = frame_the_hero(hero_at, level, tile, area, window, zoom);
        let centre_row = window.y / 2.0 - (hero_at.y - camera.y) * zoom;
        (
            centre_row - tile * zoom / 2.0,
            centre_row + tile * zoom / 2.0,
        )
    }

    #[test]
    fn a_hero_at_any_corner_of_the_map_stays_between_the_hud_panels() {
        let area = PlayArea {
            top: 40.0,
            bottom: 125.0,
            right: 0.0,
        };
        let level = level(90, 60);
        let (w, h) = (90, 60);
        for window in [Vec2::new(1280.0, 800.0), Vec2::new(800.0, 600.0)] {
            for zoom in [2.0, 3.0, 4.0] {
                for corner in [
                    Pos::new(1, 1),
                    Pos::new(w - 2, 1),
                    Pos::new(1, h - 2),
                    Pos::new(w - 2, h - 2),
                ] {
                    let (top, bottom) = rows_on_screen(corner, &level, area, window, zoom);
                    assert!(
                        top >= area.top - 0.01 && bottom <= window.y - area.bottom + 0.01,
                        "{window} x{zoom}: the hero at {corner:?} is drawn on rows {top}..{bottom}"
                    );
                }
            }
        }
    }

    /// Where the tile at `pos` lands across the window: its left and right
    /// columns in logical pixels.
    fn columns_on_screen(
        pos: Pos,
        level: &Level,
        area: PlayArea,
        window: Vec2,
        zoom: f32,
    ) -> (f32, f32) {
        let tile = 8.0;
        let hero_at = tile_centre(pos, level.terrain.height(), tile);
        let camera = frame_the_hero(hero_at, level, tile, area, window, zoom);
        let centre_column = window.x / 2.0 + (hero_at.x - camera.x) * zoom;
        (
            centre_column - tile * zoom / 2.0,
            centre_column + tile * zoom / 2.0,
        )
    }

    #[test]
    fn a_hero_at_the_east_edge_is_never_drawn_under_the_sidebar() {
        let area = PlayArea {
            top: 40.0,
            bottom: 125.0,
            right: 230.0,
        };
        let level = level(90, 60);
        for window in [Vec2::new(1280.0, 800.0), Vec2::new(800.0, 600.0)] {
            for zoom in [2.0, 3.0, 4.0] {
                for at in [Pos::new(88, 30), Pos::new(1, 30), Pos::new(45, 30)] {
                    let (left, right) = columns_on_screen(at, &level, area, window, zoom);
                    assert!(
                        left >= -0.01 && right <= window.x - area.right + 0.01,
                        "{window} x{zoom}: {at:?} is drawn on columns {left}..{right}"
                    );
                }
                // The map's east edge meets the sidebar when the camera stops.
                let (_, right) = columns_on_screen(Pos::new(89, 30), &level, area, window, zoom);
                assert!((right - (window.x - area.right)).abs() < 0.01, "{right}");
            }
        }
    }

    #[test]
    fn a_point_under_a_panel_is_not_in_the_free_area() {
        let area = PlayArea {
            top: 40.0,
            bottom: 120.0,
            right: 230.0,
        };
        let window = Vec2::new(1280.0, 800.0);
        assert!(area.holds(Vec2::new(600.0, 400.0), window));
        for under in [(1100.0, 400.0), (600.0, 20.0), (600.0, 700.0)] {
            assert!(
                !area.holds(Vec2::new(under.0, under.1), window),
                "{under:?}"
            );
        }
    }

    #[test]
    fn the_map_edge_meets_the_panel_edge_when_the_camera_stops() {
        let area = PlayArea {
            top: 40.0,
            bottom: 125.0,
            right: 0.0,
        };
        let level = level(90, 60);
        let window = Vec2::new(1280.0, 800.0);
        let (top, _) = rows_on_screen(Pos::new(1, 0), &level, area, window, 4.0);
        assert!(
            (top - area.top).abs() < 0.01,
            "row 0 starts at {top}, not under the top bar"
        );
        let (_, bottom) = rows_on_screen(Pos::new(1, 59), &level, area, window, 4.0);
        assert!(
            (bottom - (window.y - area.bottom)).abs() < 0.01,
            "the last row ends at {bottom}, just above the bottom panel"
        );
    }

    #[test]
    fn a_map_smaller_than_the_free_area_is_centred_in_it() {
        let area = PlayArea {
            top: 40.0,
            bottom: 120.0,
            right: 0.0,
        };
        let level = level(20, 10);
        let window = Vec2::new(1280.0, 800.0);
        let (top, _) = rows_on_screen(Pos::new(1, 0), &level, area, window, 2.0);
        let (_, bottom) = rows_on_screen(Pos::new(1, 9), &level, area, window, 2.0);
        let above = top - area.top;
        let below = window.y - area.bottom - bottom;
        assert!(
            (above - below).abs() < 0.01,
            "{above} px above, {below} px below"
        );
    }
}
