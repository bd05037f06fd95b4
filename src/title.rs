//! The title screen: New Game (with a seed you can type), Continue when a
//! save exists, and Quit; chosen with the keyboard or the mouse. Starting
//! a new game over a save asks first, and keeps the old save as `.prev`.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::persist;

use crate::NewGame;
use crate::save::{DataDir, SaveStatus, read_save, state};
use crate::screens::{Screen, centred_column, text_line};

const TEXT: Color = Color::srgb(0.9, 0.88, 0.82);
const DIM: Color = Color::srgb(0.62, 0.6, 0.68);
const GOLD: Color = Color::srgb(0.97, 0.86, 0.31);
const WARN: Color = Color::srgb(0.95, 0.55, 0.35);
/// The longest seed one can type.
const MAX_SEED_DIGITS: usize = 12;

/// How a game begins: a new one from a seed, or the saved one.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartGame {
    New { seed: u64 },
    Continue,
}

/// The title menu's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    NewGame,
    Continue,
    Quit,
}

/// The title menu's state: the entries on offer, the selection, the seed
/// being typed, and whether a new game waits for confirmation.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct TitleMenu {
    pub entries: Vec<Entry>,
    pub selected: usize,
    pub seed_text: String,
    pub confirming: bool,
}

/// Marks the title screen's root, rebuilt when the menu changes.
#[derive(Component)]
struct TitleView;

/// A clickable menu entry.
#[derive(Component, Clone, Copy)]
struct EntryButton(usize);

/// The rules side: starting a game from a `StartGame` message.
pub(super) fn rules_plugin(app: &mut App) {
    app.add_message::<StartGame>();
    app.add_systems(Update, start_game.run_if(on_message::<StartGame>));
}

/// The screen side: the menu, its keys and its mouse.
pub(super) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), open_title);
    app.add_systems(
        Update,
        (title_keys, title_clicks, draw_title)
            .chain()
            .run_if(in_state(Screen::Title).and_eager(resource_exists::<TitleMenu>)),
    );
}

/// Starts the chosen game: a new one keeps the old save as `.prev`;
/// Continue loads the save checked by the title screen.
pub fn start_game(world: &mut World) {
    let Some(start) = world.resource_mut::<Messages<StartGame>>().drain().last() else {
        return;
    };
    match start {
        StartGame::New { seed } => {
            if let Some(dir) = world.get_resource::<DataDir>().cloned()
                && let Err(e) = persist::keep_previous(&dir.save_path())
            {
                error!("cannot keep the old save: {e}");
            }
            crate::game_over::clear_game(world);
            world.resource_mut::<NewGame>().seed = seed;
            crate::playback::restart_recording(world, true);
        }
        StartGame::Continue => {
            let Some(SaveStatus::Ready(save)) = world.get_resource::<SaveStatus>().cloned() else {
                return;
            };
            state::restore(world, *save);
            crate::playback::restart_recording(world, false);
        }
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// Set when the command line named a seed or a mode: the game skips the
/// title and starts a new game, keeping any old save as `.prev`.
#[derive(Resource, Debug, Default)]
pub struct DirectStart;

/// Looks for a save and offers what can be played.
fn open_title(
    mut commands: Commands,
    dir: Option<Res<DataDir>>,
    new_game: Res<NewGame>,
    direct: Option<Res<DirectStart>>,
    mut starts: MessageWriter<StartGame>,
) {
    commands.remove_resource::<TitleMenu>();
    if direct.is_some() {
        commands.remove_resource::<DirectStart>();
        starts.write(StartGame::New {
            seed: new_game.seed,
        });
        return;
    }
    let status = dir.map_or(SaveStatus::None, |d| read_save(&d.save_path()));
    let mut entries = vec![Entry::NewGame];
    if matches!(status, SaveStatus::Ready(_)) {
        entries.insert(0, Entry::Continue);
    }
    entries.push(Entry::Quit);
    commands.insert_resource(TitleMenu {
        entries,
        selected: 0,
        seed_text: new_game.seed.to_string(),
        confirming: false,
    });
    commands.insert_resource(status);
}

/// What pressing Enter on the selected entry does.
fn choose(
    menu: &mut TitleMenu,
    status: &SaveStatus,
    starts: &mut MessageWriter<StartGame>,
    exit: &mut MessageWriter<AppExit>,
) {
    match menu.entries[menu.selected] {
        Entry::Continue => {
            starts.write(StartGame::Continue);
        }
        Entry::NewGame if matches!(status, SaveStatus::Ready(_)) && !menu.confirming => {
            menu.confirming = true;
        }
        Entry::NewGame => {
            let seed = menu.seed_text.parse().unwrap_or(0);
            starts.write(StartGame::New { seed });
        }
        Entry::Quit => {
            exit.write(AppExit::Success);
        }
    }
}

fn title_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut menu: ResMut<TitleMenu>,
    status: Res<SaveStatus>,
    mut starts: MessageWriter<StartGame>,
    mut exit: MessageWriter<AppExit>,
) {
    for key in keys.read().filter(|k| k.state == ButtonState::Pressed) {
        if menu.confirming {
            match &key.logical_key {
                Key::Character(c) if c.as_str() == "y" => {
                    choose(&mut menu, &status, &mut starts, &mut exit)
                }
                _ => menu.confirming = false,
            }
            continue;
        }
        let count = menu.entries.len();
        match &key.logical_key {
            Key::ArrowUp => menu.selected = (menu.selected + count - 1) % count,
            Key::ArrowDown => menu.selected = (menu.selected + 1) % count,
            Key::Enter => choose(&mut menu, &status, &mut starts, &mut exit),
            Key::Backspace => {
                menu.seed_text.pop();
            }
            Key::Character(c)
                if c.chars().all(|ch| ch.is_ascii_digit())
                    && menu.seed_text.len() < MAX_SEED_DIGITS =>
            {
                menu.seed_text.push_str(c);
            }
            _ => {}
        }
    }
}

fn title_clicks(
    buttons: Query<(&Interaction, &EntryButton), Changed<Interaction>>,
    mut menu: ResMut<TitleMenu>,
    status: Res<SaveStatus>,
    mut starts: MessageWriter<StartGame>,
    mut exit: MessageWriter<AppExit>,
) {
    for (interaction, button) in &buttons {
        match interaction {
            Interaction::Hovered => menu.selected = button.0,
            Interaction::Pressed => {
                menu.selected = button.0;
                choose(&mut menu, &status, &mut starts, &mut exit);
            }
            Interaction::None => {}
        }
    }
}

fn entry_label(entry: Entry, seed: &str) -> String {
    match entry {
        Entry::NewGame => format!("New Game   (seed {seed}_)"),
        Entry::Continue => "Continue".to_string(),
        Entry::Quit => "Quit".to_string(),
    }
}

fn draw_title(
    mut commands: Commands,
    menu: Res<TitleMenu>,
    status: Res<SaveStatus>,
    notes: Option<Res<crate::config::ConfigNotes>>,
    views: Query<Entity, With<TitleView>>,
) {
    if !menu.is_changed() && !views.is_empty() {
        return;
    }
    views.iter().for_each(|v| commands.entity(v).despawn());
    let root = commands
        .spawn((
            Name::new("Title"),
            TitleView,
            DespawnOnExit(Screen::Title),
            centred_column(18.0),
            BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
        ))
        .id();
    let mut children = vec![text_line(&mut commands, "Gloomdelve", 56.0, GOLD)];
    children.push(text_line(
        &mut commands,
        "Bring the Gold Key up from level 10.",
        18.0,
        DIM,
    ));
    if let SaveStatus::SetAside(message) = &*status {
        children.push(text_line(&mut commands, message, 16.0, WARN));
    }
    for note in notes.iter().flat_map(|n| n.0.iter()) {
        children.push(text_line(&mut commands, note, 14.0, WARN));
    }
    for (i, &entry) in menu.entries.iter().enumerate() {
        let chosen = i == menu.selected;
        let label = entry_label(entry, &menu.seed_text);
        let line = if chosen {
            format!("> {label} <")
        } else {
            label
        };
        let colour = if chosen { GOLD } else { TEXT };
        let button = commands
            .spawn((
                Button,
                EntryButton(i),
                Node {
                    padding: UiRect::axes(px(16), px(4)),
                    ..default()
                },
                children![(
                    Text::new(line),
                    TextFont::from_font_size(26.0),
                    TextColor(colour)
                )],
            ))
            .id();
        children.push(button);
    }
    let help = if menu.confirming {
        "A saved game exists. Start a new game anyway? It is kept as save.ron.prev. (y/n)"
    } else {
        "Up/Down or the mouse: choose   Enter or click: start   digits/Backspace: type a seed"
    };
    let colour = if menu.confirming { WARN } else { DIM };
    children.push(text_line(&mut commands, help, 16.0, colour));
    commands.entity(root).add_children(&children);
}
