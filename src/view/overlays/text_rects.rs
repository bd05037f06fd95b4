//! A check for tests and layout work: with `GLOOMDELVE_LOG_UI_TEXT` set,
//! every screenshot (F12) also logs where each UI text on screen lies, so a
//! test can see that no text runs out of the window.

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::window::PrimaryWindow;

use crate::view::screenshot::TakeScreenshot;

/// The environment variable that turns the log on.
pub const ENV_VAR: &str = "GLOOMDELVE_LOG_UI_TEXT";
/// The start of each logged line: `ui text: left top right bottom | text`.
pub const LINE_PREFIX: &str = "ui text: ";
/// The line that ends one screenshot's list: `ui text end: N nodes in WxH`.
pub const END_PREFIX: &str = "ui text end: ";

pub(super) fn plugin(app: &mut App) {
    if std::env::var_os(ENV_VAR).is_some() {
        // After the layout and the visibility of this frame, so a panel
        // drawn again this frame is logged as it will show.
        app.add_systems(
            PostUpdate,
            log_text_rects
                .after(bevy::ui::UiSystems::Layout)
                .after(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
    }
}

/// The texts of the UI with their layout and place.
type Texts<'w, 's> = Query<
    'w,
    's,
    (
        &'static Text,
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static TextLayoutInfo,
        &'static InheritedVisibility,
    ),
>;

fn log_text_rects(
    mut requests: MessageReader<TakeScreenshot>,
    texts: Texts,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let mut count = 0;
    for (text, node, transform, layout, visible) in &texts {
        let scale = node.inverse_scale_factor();
        let size = node.size().max(layout.size) * scale;
        if !visible.get() || text.0.trim().is_empty() || size.x <= 0.0 || size.y <= 0.0 {
            continue;
        }
        let centre = transform.affine().translation * scale;
        let (min, max) = (
            centre - node.size() * scale / 2.0,
            centre - node.size() * scale / 2.0 + size,
        );
        let words = text.0.replace('\n', "\\n");
        info!(
            "{LINE_PREFIX}{:.1} {:.1} {:.1} {:.1} | {words}",
            min.x, min.y, max.x, max.y
        );
        count += 1;
    }
    info!(
        "{END_PREFIX}{count} nodes in {}x{}",
        window.width(),
        window.height()
    );
}
