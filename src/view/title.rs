//! The title screen: New Game (with a seed you can type), Continue when a
//! save exists (or "Continue earlier game" when only a kept one loads), and
//! Quit; chosen with the keyboard or the mouse. Starting a new game over a
//! save asks first, here or for `--seed`/`--mode`, and keeps the old save
//! as `save.ron.prev`, `save.ron.prev.1`...

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::persist;

use crate::save::{DataDir, EarlierSave, SaveStatus, state};
use crate::view::ui::{centred_column, text_line};
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::messages::StartGame;
use crate::vocab::states::{EnterTitle, Screen};

const TEXT: Color = Color::srgb(0.9, 0.88, 0.82);
const DIM: Color = Color::srgb(0.62, 0.6, 0.68);
const GOLD: Color = Color::srgb(0.97, 0.86, 0.31);
const WARN: Color = Color::srgb(0.95, 0.55, 0.35);
/// The longest seed one can type.
const MAX_SEED_DIGITS: usize = 12;

/// The title menu's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    NewGame,
    Continue,
    ContinueEarlier,
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
    /// The selection before the question, given back when it is declined.
    selected_before_question: usize,
}

/// Marks the title screen's root, rebuilt when the menu changes.
#[derive(Component)]
struct TitleView;

/// A clickable menu entry.
#[derive(Component, Clone, Copy)]
struct EntryButton(usize);

/// The screen side: the menu, its keys and its mouse.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), open_title.in_set(EnterTitle::Offer));
    app.add_systems(
        Update,
        (title_input, draw_title)
            .chain()
            .run_if(in_state(Screen::Title).and_eager(resource_exists::<TitleMenu>)),
    );
}

/// Set when the command line named a seed or a mode: with no save in the
/// way the game skips the title and starts a new game at once; over a save
/// the title opens asking whether to start anew, as New Game does.
#[derive(Resource, Debug, Default)]
pub struct DirectStart;

/// Offers what can be played, from what the save side found on entering
/// the title (see [`look_at_the_save`](crate::save::asked::look_at_the_save)):
/// Continue for a save, Continue earlier game for a kept one that loads.
pub fn open_title(
    mut commands: Commands,
    status: Res<SaveStatus>,
    earlier: Option<Res<EarlierSave>>,
    new_game: Res<NewGame>,
    direct: Option<Res<DirectStart>>,
    mut starts: MessageWriter<StartGame>,
) {
    commands.remove_resource::<TitleMenu>();
    commands.remove_resource::<DirectStart>();
    if direct.is_some() && !status.occupied() {
        starts.write(StartGame::New {
            seed: new_game.seed,
        });
        return;
    }
    let mut entries = vec![Entry::NewGame, Entry::Quit];
    if matches!(*status, SaveStatus::Ready(_)) {
        entries.insert(0, Entry::Continue);
    } else if earlier.is_some() {
        entries.insert(0, Entry::ContinueEarlier);
    }
    let mut menu = TitleMenu::new(entries, new_game.seed);
    // The command line asked for a new game: ask about the save in the way.
    if direct.is_some() {
        menu.ask_about_new_game();
    }
    commands.insert_resource(menu);
}

/// What the title menu asks for after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Start(StartGame),
    Quit,
}

impl TitleMenu {
    /// A fresh menu: `entries` on offer, the first selected, `seed` typed.
    pub fn new(entries: Vec<Entry>, seed: u64) -> Self {
        Self {
            entries,
            selected: 0,
            seed_text: seed.to_string(),
            confirming: false,
            selected_before_question: 0,
        }
    }

    /// Asks whether to start a new game over the save, with New Game
    /// selected while the question is open.
    pub(crate) fn ask_about_new_game(&mut self) {
        self.confirming = true;
        self.selected_before_question = self.selected;
        if let Some(new_game) = self.entries.iter().position(|&e| e == Entry::NewGame) {
            self.selected = new_game;
        }
    }

    /// The selected entry.
    pub fn chosen(&self) -> Entry {
        self.entries[self.selected.min(self.entries.len() - 1)]
    }

    /// What choosing the selected entry does. A new game over a save
    /// (`save_exists`) asks first.
    fn choose(&mut self, save_exists: bool) -> Option<Outcome> {
        match self.chosen() {
            Entry::Continue => Some(Outcome::Start(StartGame::Continue)),
            Entry::ContinueEarlier => Some(Outcome::Start(StartGame::ContinueEarlier)),
            Entry::NewGame if save_exists && !self.confirming => {
                self.ask_about_new_game();
                None
            }
            Entry::NewGame => Some(self.new_game()),
            Entry::Quit => Some(Outcome::Quit),
        }
    }

    /// A new game of the seed typed.
    fn new_game(&self) -> Outcome {
        let seed = self.seed_text.parse().unwrap_or(0);
        Outcome::Start(StartGame::New { seed })
    }

    /// A key press: Up and Down always move the selection, Enter chooses,
    /// digits and Backspace edit the seed. While a new game waits for
    /// confirmation, `y` starts it and any other typing or menu key cancels,
    /// leaving the selection where it was; a modifier or function key (F12
    /// takes a screenshot) leaves the question open.
    pub fn key(&mut self, key: &Key, save_exists: bool) -> Option<Outcome> {
        if self.confirming {
            if !answers_a_question(key) {
                return None;
            }
            self.confirming = false;
            if matches!(key, Key::Character(c) if c.eq_ignore_ascii_case("y")) {
                return Some(self.new_game());
            }
            self.selected = self.selected_before_question;
            return None;
        }
        let count = self.entries.len();
        match key {
            Key::ArrowUp => self.selected = (self.selected + count - 1) % count,
            Key::ArrowDown => self.selected = (self.selected + 1) % count,
            Key::Enter => return self.choose(save_exists),
            Key::Backspace => {
                self.seed_text.pop();
            }
            Key::Character(c)
                if c.chars().all(|ch| ch.is_ascii_digit())
                    && self.seed_text.len() + c.len() <= MAX_SEED_DIGITS =>
            {
                self.seed_text.push_str(c);
            }
            _ => {}
        }
        None
    }

    /// The pointer over entry `over`: it selects that entry only when it
    /// `moved` this frame, so a pointer resting on an entry never takes the
    /// selection back from the keyboard.
    pub fn pointer(&mut self, over: Option<usize>, moved: bool) {
        if let Some(entry) = over.filter(|&e| moved && e < self.entries.len()) {
            self.selected = entry;
        }
    }

    /// A click on entry `entry` selects and chooses it.
    pub fn click(&mut self, entry: usize, save_exists: bool) -> Option<Outcome> {
        if entry >= self.entries.len() {
            return None;
        }
        self.selected = entry;
        self.choose(save_exists)
    }
}

/// Whether `key` answers a yes/no question: typing and menu keys do;
/// modifiers and function keys do not.
fn answers_a_question(key: &Key) -> bool {
    matches!(
        key,
        Key::Character(_)
            | Key::Space
            | Key::Enter
            | Key::Escape
            | Key::Backspace
            | Key::Tab
            | Key::ArrowUp
            | Key::ArrowDown
            | Key::ArrowLeft
            | Key::ArrowRight
    )
}

/// The entry buttons as the pointer sees them this frame.
type Buttons<'w, 's> = Query<'w, 's, (Ref<'static, Interaction>, &'static EntryButton)>;

/// The title's keyboard and mouse, in that order within a frame so a key
/// always has the last word.
fn title_input(
    mut keys: MessageReader<KeyboardInput>,
    mut moves: MessageReader<CursorMoved>,
    buttons: Buttons,
    mut menu: ResMut<TitleMenu>,
    status: Res<SaveStatus>,
    mut starts: MessageWriter<StartGame>,
    mut exit: MessageWriter<AppExit>,
) {
    let save_exists = status.occupied();
    let moved = moves.read().count() > 0;
    let over = buttons
        .iter()
        .find(|(i, _)| matches!(**i, Interaction::Hovered | Interaction::Pressed))
        .map(|(_, b)| b.0);
    let clicked = buttons
        .iter()
        .find(|(i, _)| i.is_changed() && **i == Interaction::Pressed)
        .map(|(_, b)| b.0);
    // Only a real change is written, so the screen is redrawn only then.
    let mut changed = menu.clone();
    changed.pointer(over, moved);
    let mut outcomes: Vec<Outcome> = clicked
        .and_then(|entry| changed.click(entry, save_exists))
        .into_iter()
        .collect();
    for key in keys.read().filter(|k| k.state == ButtonState::Pressed) {
        outcomes.extend(changed.key(&key.logical_key, save_exists));
    }
    menu.set_if_neq(changed);
    match outcomes.first() {
        Some(Outcome::Start(start)) => {
            starts.write(*start);
        }
        Some(Outcome::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
}

fn entry_label(
    entry: Entry,
    seed: &str,
    status: &SaveStatus,
    earlier: Option<&EarlierSave>,
) -> String {
    match (entry, status, earlier) {
        (Entry::NewGame, ..) => format!("New Game   (seed {seed}_)"),
        (Entry::Continue, SaveStatus::Ready(save), _) => continue_label(save),
        (Entry::ContinueEarlier, _, Some(earlier)) => continue_earlier_label(&earlier.save),
        (Entry::Continue | Entry::ContinueEarlier, ..) => "Continue".to_string(),
        (Entry::Quit, ..) => "Quit".to_string(),
    }
}

/// What Continue picks up: "Continue   (Level 3, turn 412)".
pub fn continue_label(save: &state::SaveGame) -> String {
    format!("Continue   ({})", place_and_turn(save))
}

/// What Continue earlier picks up: "Continue earlier game   (Level 3, turn 412)".
pub fn continue_earlier_label(save: &state::SaveGame) -> String {
    format!("Continue earlier game   ({})", place_and_turn(save))
}

/// "Level 3, turn 412", or "The Warrens, turn 80" for a hunt.
fn place_and_turn(save: &state::SaveGame) -> String {
    let place = match save.mode {
        Mode::Delve => crate::view::hud::depth_name(save.depth),
        Mode::Hunt => "The Warrens".to_string(),
    };
    format!("{place}, turn {}", save.turn)
}

/// The question before a new game of `seed` in `mode` replaces the save,
/// naming the file the save will be kept as.
pub fn confirm_prompt(seed: &str, mode: Mode, kept_as: Option<&std::path::Path>) -> String {
    let game = match mode {
        Mode::Delve => "game",
        Mode::Hunt => "hunt",
    };
    let kept = kept_as
        .and_then(|p| p.file_name())
        .map_or_else(String::new, |name| {
            format!(" The saved one is kept as {}.", name.to_string_lossy())
        });
    format!("A saved game exists. Start a new {game} (seed {seed}) instead?{kept} (y/n)")
}

/// The config notes the title shows, left-aligned and kept clear of the
/// window's sides.
fn notes_block(commands: &mut Commands, notes: &crate::config::ConfigNotes) -> Entity {
    let lines = notes
        .title_lines()
        .into_iter()
        .map(|line| (line, 14.0, WARN))
        .collect();
    let block = crate::view::ui::text_block(commands, lines, AlignItems::Start);
    clear_of_the_sides(commands, block)
}

/// Wraps `content` in a node at most 90% of the window wide, so long text
/// wraps inside the window instead of running off its sides.
fn clear_of_the_sides(commands: &mut Commands, content: Entity) -> Entity {
    commands
        .spawn(Node {
            max_width: percent(90),
            ..default()
        })
        .add_child(content)
        .id()
}

/// The mode of the game the title offers first: the save's, when there
/// is one to continue, else the new game's.
pub fn offered_mode(status: &SaveStatus, earlier: Option<&EarlierSave>, new: Mode) -> Mode {
    match (status, earlier) {
        (SaveStatus::Ready(save), _) => save.mode,
        (_, Some(earlier)) => earlier.save.mode,
        _ => new,
    }
}

/// The line under the title: the goal of a game in `mode`.
pub fn subtitle(mode: Mode, depths: u32) -> String {
    match mode {
        Mode::Delve => format!("Bring the Gold Key up from level {depths}."),
        Mode::Hunt => "Hunt down every enemy in the Warrens.".to_string(),
    }
}

fn draw_title(
    mut commands: Commands,
    menu: Res<TitleMenu>,
    status: Res<SaveStatus>,
    earlier: Option<Res<EarlierSave>>,
    dir: Option<Res<DataDir>>,
    new_game: Res<NewGame>,
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
    let mode = offered_mode(&status, earlier.as_deref(), new_game.mode);
    children.push(text_line(
        &mut commands,
        subtitle(mode, new_game.rules.depths),
        18.0,
        DIM,
    ));
    if let Some(message) = status.problem() {
        let line = text_line(&mut commands, message, 16.0, WARN);
        children.push(clear_of_the_sides(&mut commands, line));
    }
    if let Some(notes) = notes.filter(|n| !n.0.is_empty()) {
        children.push(notes_block(&mut commands, &notes));
    }
    for (i, &entry) in menu.entries.iter().enumerate() {
        let chosen = i == menu.selected;
        let label = entry_label(entry, &menu.seed_text, &status, earlier.as_deref());
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
        let kept_as = dir.and_then(|d| persist::next_kept_name(&d.save_path()).ok());
        confirm_prompt(&menu.seed_text, new_game.mode, kept_as.as_deref())
    } else {
        "Up/Down or mouse: choose   Enter or click: start   0-9, Backspace: seed".to_string()
    };
    let colour = if menu.confirming { WARN } else { DIM };
    let help = text_line(&mut commands, &help, 16.0, colour);
    children.push(clear_of_the_sides(&mut commands, help));
    commands.entity(root).add_children(&children);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{ConfigNotes, NOTES_ON_TITLE};

    /// The title's texts after `keys` key presses, with `notes` to show.
    fn title_texts(notes: usize, keys: usize) -> Vec<String> {
        let mut app = App::new();
        app.add_systems(Update, draw_title);
        app.insert_resource(TitleMenu::new(vec![Entry::NewGame, Entry::Quit], 7));
        app.insert_resource(SaveStatus::None);
        app.insert_resource(NewGame::shipped(7, crate::vocab::game::Mode::Delve).unwrap());
        let bad = (1..=notes).map(|i| format!("bindings.txt line {i}: unknown action"));
        app.insert_resource(ConfigNotes(bad.collect()));
        app.update();
        for _ in 0..keys {
            app.world_mut()
                .resource_mut::<TitleMenu>()
                .key(&Key::ArrowDown, false);
            app.update();
        }
        let mut texts = app.world_mut().query::<&Text>();
        texts.iter(app.world()).map(|t| t.0.clone()).collect()
    }

    #[test]
    fn many_config_notes_show_the_first_few_and_a_count() {
        let texts = title_texts(60_000, 3);
        let notes: Vec<&String> = texts.iter().filter(|t| t.starts_with("bindings")).collect();
        assert_eq!(notes.len(), NOTES_ON_TITLE, "{notes:?}");
        for line in 1..=NOTES_ON_TITLE {
            let note = format!("bindings.txt line {line}: unknown action");
            assert!(notes.contains(&&note), "{note} in {notes:?}");
        }
        let more = format!("and {} more (see the log)", 60_000 - NOTES_ON_TITLE);
        assert!(texts.contains(&more), "{texts:?}");
        let bare = title_texts(0, 0).len();
        assert_eq!(texts.len(), bare + NOTES_ON_TITLE + 1, "{texts:?}");
        let all_shown = title_texts(NOTES_ON_TITLE, 1);
        assert_eq!(
            all_shown.len(),
            bare + NOTES_ON_TITLE,
            "no count: {all_shown:?}"
        );
    }
}
