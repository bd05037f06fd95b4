//! The camera: follows the hero smoothly, stops at the map's edges, and
//! zooms between ×2, ×3 and ×4.

use bevy::prelude::*;

use crate::assets::{DisplaySettings, SpriteBook};
use crate::map::tilemap::tile_centre;
use crate::map::{GridPos, Hero, Level};
use crate::screens::{EnterPlaying, Screen};

/// The zoom steps, in screen pixels per art pixel.
pub const ZOOMS: [u32; 3] = [2, 3, 4];
/// How fast the camera closes the gap to its target (per second).
const FOLLOW_RATE: f32 = 12.0;

/// The current zoom.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zoom(pub u32);

impl Zoom {
    /// The next zoom step in or out, staying within [`ZOOMS`].
    pub fn stepped(self, inward: bool) -> Self {
        let at = ZOOMS
            .iter()
            .position(|&z| z == self.0)
            .unwrap_or(ZOOMS.len() - 1);
        let next = if inward {
            (at + 1).min(ZOOMS.len() - 1)
        } else {
            at.saturating_sub(1)
        };
        Zoom(ZOOMS[next])
    }
}

/// Where the camera is heading and where it is, unrounded.
#[derive(Component, Default)]
struct Follow {
    at: Option<Vec2>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        OnEnter(Screen::Playing),
        choose_zoom.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (apply_zoom, follow_hero)
            .chain()
            .run_if(in_state(Screen::Playing)),
    );
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

/// Eases the camera towards the hero, clamped so the view stays on the map,
/// and rounds its position to whole screen pixels so the art stays crisp.
fn follow_hero(
    time: Res<Time>,
    zoom: Res<Zoom>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    hero: Single<&GridPos, With<Hero>>,
    camera: Single<(&mut Transform, &mut Follow, &Camera)>,
) {
    let (mut transform, mut follow, camera) = camera.into_inner();
    let Some(viewport) = camera.logical_viewport_size() else {
        return;
    };
    let tile = book.tile_size;
    let view = viewport / zoom.0 as f32;
    let map_min = Vec2::splat(-tile / 2.0);
    let map_size = Vec2::new(level.terrain.width() as f32, level.terrain.height() as f32) * tile;
    let hero_at = tile_centre(hero.0, level.terrain.height(), tile);
    let target = clamp_to_map(hero_at, view, map_min, map_size);
    let at = follow.at.unwrap_or(target);
    let eased = at.lerp(target, 1.0 - (-FOLLOW_RATE * time.delta_secs()).exp());
    let next = if eased.distance(target) < 0.25 {
        target
    } else {
        eased
    };
    follow.at = Some(next);
    let pixel = 1.0 / zoom.0 as f32;
    let snapped = (next / pixel).round() * pixel;
    transform.translation = snapped.extend(transform.translation.z);
}

/// The camera centre nearest `target` that keeps a `view`-sized window
/// inside the map; a map smaller than the view is centred.
pub fn clamp_to_map(target: Vec2, view: Vec2, map_min: Vec2, map_size: Vec2) -> Vec2 {
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
