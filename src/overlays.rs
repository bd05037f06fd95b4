//! The overlays that pause play: the Esc menu (resume, or save and quit),
//! the help screen listing every key, and the scrollable message history.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::log::GameLog;
use crate::screens::{Line, Overlay, Screen, centred_column, text_block};

const TEXT: Color = Color::srgb(0.9, 0.88, 0.82);
const DIM: Color = Color::srgb(0.62, 0.6, 0.68);
const GOLD: Color = Color::srgb(0.97, 0.86, 0.31);
/// History lines shown at once.
const HISTORY_PAGE: usize = 24;

/// How far the history is scrolled back from the newest line.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HistoryScroll(pub usize);

/// Marks an overlay's root, rebuilt when what it shows changes.
#[derive(Component)]
struct OverlayView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HistoryScroll>();
    app.add_systems(
        Update,
        (menu_keys, help_keys, history_keys).run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnEnter(Overlay::Menu), draw_menu);
    app.add_systems(OnEnter(Overlay::Help), draw_help);
    app.add_systems(OnEnter(Overlay::History), reset_scroll);
    app.add_systems(Update, draw_history.run_if(in_state(Overlay::History)));
    app.add_systems(Update, save_on_window_close);
}

/// This frame's key presses, if `overlay` is the one open; otherwise the
/// presses are left for whoever owns the keyboard.
fn presses_for(
    keys: &mut MessageReader<KeyboardInput>,
    open: &State<Overlay>,
    overlay: Overlay,
) -> Vec<Key> {
    let presses: Vec<Key> = keys
        .read()
        .filter(|k| k.state == ButtonState::Pressed)
        .map(|k| k.logical_key.clone())
        .collect();
    if *open.get() == overlay {
        presses
    } else {
        Vec::new()
    }
}

fn menu_keys(
    mut keys: MessageReader<KeyboardInput>,
    open: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    for key in presses_for(&mut keys, &open, Overlay::Menu) {
        match key {
            Key::Escape | Key::Enter => next.set(Overlay::None),
            Key::Character(c) if c.as_str() == "q" => commands.queue(save_and_quit),
            _ => {}
        }
    }
}

/// Saves the game and closes the app; a failed save keeps the game open.
fn save_and_quit(world: &mut World) {
    match crate::save::save_now(world) {
        Ok(()) => {
            world.write_message(AppExit::Success);
        }
        Err(message) => {
            error!("{message}");
            let turn = world.resource::<crate::turn::TurnCount>().0;
            world.resource_mut::<GameLog>().say(
                turn,
                format!("Saving failed, so the game stays open: {message}"),
            );
            world
                .resource_mut::<NextState<Overlay>>()
                .set(Overlay::None);
        }
    }
}

/// Closing the window saves the game first.
fn save_on_window_close(
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    screen: Option<Res<State<Screen>>>,
    mut commands: Commands,
) {
    let playing = screen.is_some_and(|s| *s.get() == Screen::Playing);
    if closing.read().count() > 0 && playing {
        commands.queue(|world: &mut World| {
            if let Err(message) = crate::save::save_now(world) {
                error!("{message}");
            }
        });
    }
}

fn help_keys(
    mut keys: MessageReader<KeyboardInput>,
    open: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let closing = presses_for(&mut keys, &open, Overlay::Help)
        .into_iter()
        .any(|k| matches!(&k, Key::Escape) || matches!(&k, Key::Character(c) if c.as_str() == "?"));
    if closing {
        next.set(Overlay::None);
    }
}

fn history_keys(
    mut keys: MessageReader<KeyboardInput>,
    open: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut scroll: ResMut<HistoryScroll>,
    log: Res<GameLog>,
) {
    let most = log.entries().len().saturating_sub(HISTORY_PAGE);
    for key in presses_for(&mut keys, &open, Overlay::History) {
        let wanted = match key {
            Key::ArrowUp => scroll.0 + 1,
            Key::ArrowDown => scroll.0.saturating_sub(1),
            Key::PageUp => scroll.0 + HISTORY_PAGE,
            Key::PageDown => scroll.0.saturating_sub(HISTORY_PAGE),
            Key::Escape => {
                next.set(Overlay::None);
                continue;
            }
            Key::Character(c) if c.as_str() == "m" => {
                next.set(Overlay::None);
                continue;
            }
            _ => continue,
        };
        scroll.set_if_neq(HistoryScroll(wanted.min(most)));
    }
}

fn reset_scroll(mut scroll: ResMut<HistoryScroll>) {
    scroll.0 = 0;
}

/// A dark full-window panel for `overlay`, holding `lines`.
fn spawn_panel(commands: &mut Commands, overlay: Overlay, lines: Vec<Line>) {
    let root = commands
        .spawn((
            Name::new(format!("{overlay:?} overlay")),
            OverlayView,
            DespawnOnExit(overlay),
            centred_column(6.0),
            BackgroundColor(Color::srgba(0.02, 0.02, 0.04, 0.94)),
            GlobalZIndex(6),
        ))
        .id();
    // Left-aligned lines in a centred block, so the key table lines up.
    let block = text_block(commands, lines, AlignItems::FlexStart);
    commands.entity(root).add_child(block);
}

/// How to play, in a few lines, above the key list.
const HOW_TO_PLAY: [&str; 5] = [
    "Bring the Gold Key up from level 10 to the surface.",
    "Walk into a monster to attack it, into rock to dig through it (5 extra food).",
    "Every turn costs food: eat rations and corpses before you starve.",
    "Stand on stairs to take them. Levels stay as you leave them.",
    "The game is saved when you quit and on every level change; death is final.",
];

fn draw_menu(mut commands: Commands) {
    let lines = vec![
        ("Paused".to_string(), 36.0, GOLD),
        ("Esc or Enter: back to the game".to_string(), 20.0, TEXT),
        ("q: save and quit".to_string(), 20.0, TEXT),
        (
            "The game is saved; Continue on the title screen picks it up.".to_string(),
            16.0,
            DIM,
        ),
    ];
    spawn_panel(&mut commands, Overlay::Menu, lines);
}

fn draw_help(mut commands: Commands, bindings: Res<crate::input::KeyBindings>) {
    let mut lines = vec![("How to play".to_string(), 28.0, GOLD)];
    lines.extend(HOW_TO_PLAY.iter().map(|l| (l.to_string(), 16.0, TEXT)));
    lines.push(("Keys".to_string(), 28.0, GOLD));
    lines.extend(
        crate::input::help_lines(&bindings.0)
            .into_iter()
            .map(|line| (line, 15.0, TEXT)),
    );
    lines.push(("? or Esc: close".to_string(), 16.0, DIM));
    spawn_panel(&mut commands, Overlay::Help, lines);
}

fn draw_history(
    mut commands: Commands,
    log: Res<GameLog>,
    scroll: Res<HistoryScroll>,
    views: Query<Entity, With<OverlayView>>,
) {
    if !scroll.is_changed() && !views.is_empty() {
        return;
    }
    views.iter().for_each(|v| commands.entity(v).despawn());
    let entries = log.entries();
    let end = entries.len().saturating_sub(scroll.0);
    let start = end.saturating_sub(HISTORY_PAGE);
    let mut lines = vec![(
        format!("Messages {}-{} of {}", start + 1, end, entries.len()),
        28.0,
        GOLD,
    )];
    lines.extend(
        entries[start..end]
            .iter()
            .map(|e| (format!("{:>5}  {}", e.turn, e.line()), 16.0, TEXT)),
    );
    lines.push((
        "Up/Down, PageUp/PageDown: scroll   m or Esc: close".to_string(),
        16.0,
        DIM,
    ));
    spawn_panel(&mut commands, Overlay::History, lines);
}
