//! Remembers the settings as the player changes them: the zoom, the
//! window size, Reduce motion, the intent overlay, the sidebar and whether
//! routes may dig go to `settings.ron` (see `config`) whenever one changes.

use bevy::prelude::*;

use crate::config::{Settings, SettingsPath, savable_window, save_settings};
use crate::view::motion::state::Motion;
use crate::view::ui_state::Zoom;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, remember_the_view);
}

/// Saves the zoom, the window size, Reduce motion, the intent overlay and
/// the sidebar when one changes.
fn remember_the_view(
    path: Option<Res<SettingsPath>>,
    mut settings: Option<ResMut<Settings>>,
    zoom: Option<Res<Zoom>>,
    (motion, intents, sidebar, dig): (
        Option<Res<Motion>>,
        Option<Res<crate::vocab::foresight::ShowIntents>>,
        Option<Res<crate::vocab::resources::ShowSidebar>>,
        Option<Res<crate::vocab::resources::RoutesMayDig>>,
    ),
    mut resized: MessageReader<bevy::window::WindowResized>,
) {
    let (Some(path), Some(settings)) = (path, settings.as_mut()) else {
        return;
    };
    let mut next = **settings;
    if let Some(zoom) = zoom.filter(|z| z.is_changed()) {
        next.zoom = Some(zoom.0);
    }
    if let Some(motion) = motion.filter(|m| m.is_changed()) {
        next.reduce_motion = motion.reduce;
    }
    if let Some(intents) = intents.filter(|i| i.is_changed()) {
        next.show_intents = intents.0;
    }
    if let Some(sidebar) = sidebar.filter(|s| s.is_changed()) {
        next.show_sidebar = sidebar.0;
    }
    if let Some(dig) = dig.filter(|d| d.is_changed()) {
        next.routes_may_dig = dig.0;
    }
    if let Some(size) = resized.read().last()
        && let Some(window) = savable_window(size.width, size.height)
    {
        next.window = Some(window);
    }
    if next != **settings {
        **settings = next;
        if let Err(message) = save_settings(&path.0, &next) {
            warn!("{message}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;
    use bevy::window::WindowResized;
    use std::path::Path;

    /// A scratch config folder, removed when the returned `TempDir` drops.
    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("gloomdelve-config-{name}-"))
            .tempdir()
            .expect("a scratch folder under the system temp dir")
    }

    /// An app that remembers the view in `dir`'s settings file.
    fn remembering_in(dir: &Path) -> App {
        let mut app = App::new();
        app.add_message::<WindowResized>();
        app.add_systems(Update, remember_the_view);
        app.insert_resource(SettingsPath(dir.join(config::SETTINGS_FILE)));
        app.insert_resource(config::Settings::default());
        app
    }

    #[test]
    fn reduce_motion_turned_on_in_play_is_saved_and_comes_back_on_the_next_launch() {
        let tmp = scratch("motion");
        let dir = tmp.path();
        let mut app = remembering_in(dir);
        app.init_resource::<Motion>();
        app.update();
        assert!(
            !config::load_settings(dir).0.reduce_motion,
            "off by default"
        );
        app.world_mut().resource_mut::<Motion>().reduce = true;
        app.update();
        let (loaded, note) = config::load_settings(dir);
        assert_eq!(note, None);
        assert!(loaded.reduce_motion, "remembered: {loaded:?}");
        app.world_mut().resource_mut::<Motion>().reduce = false;
        app.update();
        assert!(
            !config::load_settings(dir).0.reduce_motion,
            "and turned off again"
        );
    }

    #[test]
    fn a_window_resized_out_of_range_is_saved_clamped_and_loads_back() {
        let tmp = scratch("resized");
        let dir = tmp.path();
        let mut app = remembering_in(dir);
        for (width, height, saved) in [
            (200.0, 240.4, (320, 320)),
            (9000.0, 700.6, (7680, 701)),
            (0.0, 0.0, (7680, 701)),
        ] {
            app.world_mut().write_message(WindowResized {
                window: Entity::PLACEHOLDER,
                width,
                height,
            });
            app.update();
            let (loaded, note) = config::load_settings(dir);
            assert_eq!(note, None, "{width}x{height}");
            assert_eq!(loaded.window, Some(saved), "{width}x{height}");
        }
    }
}
