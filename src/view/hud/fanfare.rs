//! The hunt's fanfare: when every enemy is dead the window flashes gold
//! and fades back, over the change to the next world.

use bevy::prelude::*;

use crate::vocab::messages::Fanfare;

/// How long the flash takes to fade, in seconds.
const FLASH_SECONDS: f32 = 1.2;
const FLASH_GOLD: Color = Color::srgb(1.0, 0.92, 0.55);

/// The flash and how long it has shone.
#[derive(Component)]
struct Flash {
    age: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (start_flash, fade_flash));
}

fn start_flash(mut commands: Commands, mut fanfares: MessageReader<Fanfare>) {
    if fanfares.read().count() == 0 {
        return;
    }
    commands.spawn((
        Name::new("Fanfare flash"),
        Flash { age: 0.0 },
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundColor(FLASH_GOLD),
        GlobalZIndex(20),
    ));
}

fn fade_flash(
    mut commands: Commands,
    time: Res<Time>,
    mut flashes: Query<(Entity, &mut Flash, &mut BackgroundColor)>,
) {
    for (entity, mut flash, mut colour) in &mut flashes {
        flash.age += time.delta_secs();
        let left = 1.0 - flash.age / FLASH_SECONDS;
        if left <= 0.0 {
            commands.entity(entity).despawn();
        } else {
            colour.0 = FLASH_GOLD.with_alpha(left * 0.85);
        }
    }
}
