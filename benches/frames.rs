//! The floor for the game's frame times: a bare Bevy app built with the
//! game's Bevy features, drawing 1,000 sprites (a 40×25 screen of 32-pixel
//! tiles, as the game's ×4 art fills 1280×800) under a 2D camera, with the
//! same frame-time log as the game's `--frame-times`. `tools/frames.sh`
//! runs it and the game one after the other under Xvfb and compares their
//! median frames.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench frames` (it opens a
//! window; `FRAMES_SECONDS` sets how long it runs, 20 by default). A smoke
//! run (see `gloomdelve_bench::smoke`) draws for one second, and, with no
//! display to open a window on, says so and stops.

use std::time::Duration;

use bevy::asset::RenderAssetUsages;
use bevy::diagnostic::{FrameTimeDiagnosticsPlugin, LogDiagnosticsPlugin};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::WindowResolution;

/// Logged once the sprites are spawned; the script measures from here.
const READY_LINE: &str = "The sprites are drawn";
const COLUMNS: i32 = 40;
const ROWS: i32 = 25;
const TILE: f32 = 32.0;

/// How long the app runs before it exits.
#[derive(Resource)]
struct RunFor(Timer);

fn main() {
    let smoke = gloomdelve_bench::smoke();
    if smoke
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        println!("frames: no display, so no window to draw in (smoke run)");
        return;
    }
    let seconds = std::env::var("FRAMES_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if smoke { 1.0 } else { 20.0 });
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "gloomdelve frames bench".into(),
                        resolution: WindowResolution::new(1280, 800),
                        ..default()
                    }),
                    ..default()
                })
                .set(ImagePlugin::default_nearest()),
        )
        .add_plugins((
            FrameTimeDiagnosticsPlugin::default(),
            LogDiagnosticsPlugin::default(),
        ))
        .insert_resource(ClearColor(Color::BLACK))
        .insert_resource(RunFor(Timer::new(
            Duration::from_secs_f32(seconds),
            TimerMode::Once,
        )))
        .add_systems(Startup, spawn_sprites)
        .add_systems(Update, exit_when_done)
        .run();
}

/// An 8×8 sprite of one colour, with a dark frame, as a stand-in for art.
fn tile_image(shade: u8) -> Image {
    let mut image = Image::new_fill(
        Extent3d {
            width: 8,
            height: 8,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[shade, shade / 2 + 40, 90, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    for i in 0..8 {
        for edge in [(i, 0), (i, 7), (0, i), (7, i)] {
            if let Ok(pixel) = image.pixel_bytes_mut(UVec3::new(edge.0, edge.1, 0)) {
                pixel.copy_from_slice(&[20, 20, 30, 255]);
            }
        }
    }
    image
}

fn spawn_sprites(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.spawn(Camera2d);
    // One texture, as the game draws from one sheet, so the sprites batch;
    // the tints tell them apart.
    let image = images.add(tile_image(200));
    let tints = [0.5, 0.7, 0.85, 1.0].map(|v| Color::srgb(v, v, v));
    for row in 0..ROWS {
        for column in 0..COLUMNS {
            let at = Vec2::new(
                (column - COLUMNS / 2) as f32 * TILE + TILE / 2.0,
                (row - ROWS / 2) as f32 * TILE,
            );
            let mut sprite = Sprite::from_image(image.clone());
            sprite.custom_size = Some(Vec2::splat(TILE));
            sprite.color = tints[((row + column) % 4) as usize];
            commands.spawn((sprite, Transform::from_translation(at.extend(0.0))));
        }
    }
    info!("{READY_LINE}: {} sprites", ROWS * COLUMNS);
}

fn exit_when_done(time: Res<Time>, mut run_for: ResMut<RunFor>, mut exit: MessageWriter<AppExit>) {
    if run_for.0.tick(time.delta()).just_finished() {
        exit.write(AppExit::Success);
    }
}
