//! Mouse look: the HUD's info line names what is on the hovered tile, if
//! the hero sees it or remembers it ("a goblin, badly wounded", "a red
//! potion on cave floor").

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::Pos;

use super::spells::tile_under;
use crate::view::assets::SpriteBook;
use crate::vocab::components::FogRule;
use crate::vocab::components::GridPos;
use crate::vocab::components::Item;
use crate::vocab::components::{Creature, Health};
use crate::vocab::resources::Level;
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::Screen;
use crate::vocab::text;

/// The HUD line that names what the mouse points at.
#[derive(Component)]
pub struct InfoLine;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, look_under_mouse.run_if(in_state(Screen::Playing)));
}

/// The creatures the mouse can name, with their health.
type Lookable<'w, 's> =
    Query<'w, 's, (&'static GridPos, &'static Name, &'static Health), With<Creature>>;

/// How hurt a creature looks, in words.
pub fn health_words(health: &Health) -> &'static str {
    let max = health.max.max(1);
    match health.hp {
        hp if hp >= max => "unhurt",
        hp if hp * 3 >= max * 2 => "lightly wounded",
        hp if hp * 3 >= max => "wounded",
        hp if hp > 0 => "badly wounded",
        _ => "dying",
    }
}

/// What the hero knows to be on `at`: a creature in view (and how hurt it
/// is), else an item it saw there, and the ground.
pub fn describe_tile(
    at: Pos,
    level: &Level,
    sight: &Sight,
    creatures: &Lookable,
    items: &Query<(&GridPos, &Name, &FogRule), With<Item>>,
) -> String {
    let seen = sight.seen(at);
    if seen == Seen::Unseen {
        return String::new();
    }
    let ground = level.terrain.tile(at).name();
    if seen == Seen::Visible
        && let Some((_, name, health)) = creatures.iter().find(|(p, ..)| p.0 == at)
    {
        return format!("{}, {}", text::a(name), health_words(health));
    }
    let known_item = items.iter().find(|(p, _, rule)| {
        p.0 == at && (seen == Seen::Visible || **rule == FogRule::Remembered { seen: true })
    });
    match known_item {
        Some((_, name, _)) => format!("{} on {ground}", text::a(name)),
        None => ground.to_string(),
    }
}

fn look_under_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    level: Res<Level>,
    sight: Res<Sight>,
    book: Res<SpriteBook>,
    creatures: Lookable,
    items: Query<(&GridPos, &Name, &FogRule), With<Item>>,
    mut line: Single<&mut Text, With<InfoLine>>,
) {
    let tile = window
        .cursor_position()
        .and_then(|p| tile_under(p, *camera, &level, book.tile_size));
    let text = tile.map_or_else(String::new, |at| {
        describe_tile(at, &level, &sight, &creatures, &items)
    });
    if line.0 != text {
        line.0 = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_reads_in_words() {
        let words = |hp| health_words(&Health { hp, max: 12 });
        assert_eq!(words(12), "unhurt");
        assert_eq!(words(9), "lightly wounded");
        assert_eq!(words(5), "wounded");
        assert_eq!(words(2), "badly wounded");
        assert_eq!(words(0), "dying");
    }
}
