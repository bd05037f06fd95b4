//! Keeps the HUD's one-line key legend fitted to the window's width: on
//! the first frame, on every resize, and when the bindings change.

use bevy::prelude::*;
use bevy::text::FontSize;
use bevy::window::PrimaryWindow;

use crate::view::key_text::legend_for;
use crate::vocab::game::NewGame;
use crate::vocab::keys::KeyBindings;
use crate::vocab::states::Screen;

/// Marks the HUD's key legend line.
#[derive(Component)]
pub(crate) struct LegendText;

/// The width of one glyph of Bevy's default font (Fira Mono), in ems.
pub(crate) const GLYPH_EMS: f32 = 0.6;
/// The horizontal room the HUD panel's padding takes, plus a little slack.
const SIDE_ROOM_PX: f32 = 28.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fit_legend.run_if(in_state(Screen::Playing)));
}

/// How many glyphs of `font_px` fit on one line `width_px` wide, with
/// the HUD's padding taken off.
pub(crate) fn chars_that_fit(width_px: f32, font_px: f32) -> usize {
    let room = (width_px - SIDE_ROOM_PX).max(0.0);
    (room / (font_px.max(1.0) * GLYPH_EMS)).floor() as usize
}

/// Rewrites the legend when the window, the bindings or the legend itself
/// is new.
fn fit_legend(
    window: Single<Ref<Window>, With<PrimaryWindow>>,
    bindings: Res<KeyBindings>,
    new_game: Res<NewGame>,
    mut legends: Query<(&mut Text, &TextFont), With<LegendText>>,
    added: Query<(), Added<LegendText>>,
) {
    if !window.is_changed() && !bindings.is_changed() && added.is_empty() {
        return;
    }
    for (mut text, font) in &mut legends {
        let font_px = match font.font_size {
            FontSize::Px(px) => px,
            _ => 14.0,
        };
        let max_chars = chars_that_fit(window.width(), font_px);
        let fitted = legend_for(&bindings.0, new_game.mode, max_chars);
        if text.0 != fitted {
            text.0 = fitted;
        }
    }
}
