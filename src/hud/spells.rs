//! Aiming and spells on screen: the targeting cursor (arrows or mouse,
//! `Enter` or a click to fire) and a brief flash where a spell went off.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::Pos;

use crate::assets::SpriteBook;
use crate::data::ScrollKind;
use crate::inventory::{Aiming, ChosenAct};
use crate::items::scrolls::SpellCast;
use crate::map::Level;
use crate::map::tilemap::tile_centre;
use crate::screens::{Overlay, Screen};
use crate::turn::Action;

/// Above everything on the map.
const CURSOR_Z: f32 = 6.0;
/// How long a spell's flash lasts, in seconds.
const FLASH_SECONDS: f32 = 0.45;

#[derive(Component)]
struct AimCursor;

/// A fading square of light over one tile.
#[derive(Component)]
struct Flash {
    age: f32,
    colour: Color,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Targeting), spawn_cursor);
    app.add_systems(
        Update,
        (aim_with_mouse, place_cursor)
            .chain()
            .run_if(in_state(Overlay::Targeting)),
    );
    app.add_systems(
        Update,
        (flash_spells, fade_flashes).run_if(in_state(Screen::Playing)),
    );
}

fn spawn_cursor(mut commands: Commands, book: Res<SpriteBook>) {
    let mut sprite = book.sprite("slot_selected").unwrap_or_default();
    sprite.custom_size = Some(Vec2::splat(book.tile_size));
    commands.spawn((
        Name::new("Aim cursor"),
        AimCursor,
        sprite,
        Transform::default(),
        DespawnOnExit(Overlay::Targeting),
    ));
}

/// The map tile under a point of the window, if any.
pub fn tile_under(
    window_point: Vec2,
    camera: (&Camera, &GlobalTransform),
    level: &Level,
    tile: f32,
) -> Option<Pos> {
    let world = camera.0.viewport_to_world_2d(camera.1, window_point).ok()?;
    let (x, y_up) = (
        (world.x / tile).round() as i32,
        (world.y / tile).round() as i32,
    );
    let pos = Pos::new(x, level.terrain.height() - 1 - y_up);
    level.terrain.tiles().in_bounds(pos).then_some(pos)
}

/// The cursor follows the mouse; a left click fires.
fn aim_with_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut aiming: ResMut<Aiming>,
    mut moved_from: Local<Option<Vec2>>,
    mut chosen: ResMut<ChosenAct>,
    mut next_overlay: ResMut<NextState<Overlay>>,
) {
    let Some(point) = window.cursor_position() else {
        return;
    };
    if *moved_from != Some(point) {
        *moved_from = Some(point);
        if let Some(tile) = tile_under(point, *camera, &level, book.tile_size) {
            aiming.set_if_neq(Aiming {
                cursor: tile,
                ..*aiming
            });
        }
    }
    if buttons.is_some_and(|b| b.just_pressed(MouseButton::Left)) {
        chosen.0 = Some(Action::Read {
            scroll: aiming.scroll,
            target: Some(aiming.cursor),
        });
        next_overlay.set(Overlay::None);
    }
}

fn place_cursor(
    aiming: Res<Aiming>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut cursor: Query<&mut Transform, With<AimCursor>>,
) {
    let at = tile_centre(aiming.cursor, level.terrain.height(), book.tile_size).extend(CURSOR_Z);
    for mut transform in &mut cursor {
        transform.translation = at;
    }
}

fn flash_spells(
    mut commands: Commands,
    mut casts: MessageReader<SpellCast>,
    level: Res<Level>,
    book: Res<SpriteBook>,
) {
    for cast in casts.read() {
        let colour = match cast.kind {
            ScrollKind::Lightning => Color::srgba(1.0, 0.95, 0.4, 0.85),
            ScrollKind::Paralyze => Color::srgba(0.45, 0.95, 1.0, 0.7),
            ScrollKind::Fireball => Color::srgba(1.0, 0.45, 0.15, 0.75),
        };
        for &tile in &cast.tiles {
            let at =
                tile_centre(tile, level.terrain.height(), book.tile_size).extend(CURSOR_Z - 0.5);
            commands.spawn((
                Name::new("Spell flash"),
                Flash { age: 0.0, colour },
                Sprite::from_color(colour, Vec2::splat(book.tile_size)),
                Transform::from_translation(at),
                DespawnOnExit(Screen::Playing),
            ));
        }
    }
}

fn fade_flashes(
    mut commands: Commands,
    time: Res<Time>,
    mut flashes: Query<(Entity, &mut Flash, &mut Sprite)>,
) {
    for (entity, mut flash, mut sprite) in &mut flashes {
        flash.age += time.delta_secs();
        if flash.age >= FLASH_SECONDS {
            commands.entity(entity).despawn();
        } else {
            sprite.color = flash
                .colour
                .with_alpha(flash.colour.alpha() * (1.0 - flash.age / FLASH_SECONDS));
        }
    }
}
