//! The overlays that pause play: the Esc menu (saving as it opens; resume,
//! or save and quit), the pick-up list,
//! the help (how to play, every key) and the message history, each an
//! opaque framed panel fitted to the window, scrolling when it is too long.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::bindings::KeyAction;

use crate::view::assets::SpriteBook;
use crate::view::camera::PlayArea;
use crate::view::motion::FinishAnimations;
use crate::view::motion::state::Motion;
use crate::view::ui_state::PileChoice;
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::log::{GameLog, LogEntry};
use crate::vocab::messages::{SaveAnswer, SaveRequested};
use crate::vocab::resources::RoutesMayDig;
use crate::vocab::states::{Overlay, Saving, Screen};

mod panel;
pub mod text_rects;

pub use panel::{BodyLine, Laid, PanelText, SCROLL_KEYS, Scroll, lay_out, wrap};

const TEXT: Color = Color::srgb(0.9, 0.88, 0.82);
const DIM: Color = Color::srgb(0.62, 0.6, 0.68);
const GOLD: Color = Color::srgb(0.97, 0.86, 0.31);
/// The history's continuation rows start under the message, past the turn.
const HISTORY_HANG: usize = 7;
/// The help's continuation rows start under the keys column.
const HELP_HANG: usize = 39;

/// Marks an overlay's root, rebuilt when what it shows changes.
#[derive(Component)]
struct OverlayView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Scroll>();
    app.add_systems(
        Update,
        (menu_keys.before(Saving), panel_keys).run_if(in_state(Screen::Playing)),
    );
    app.add_systems(Update, hear_the_save.after(Saving));
    app.init_resource::<MenuSave>();
    app.add_systems(
        OnEnter(Overlay::Menu),
        (scroll_to(Scroll::default()), save_on_opening_the_menu),
    );
    app.add_systems(OnEnter(Overlay::Help), scroll_to(Scroll::default()));
    app.add_systems(OnEnter(Overlay::History), scroll_to(Scroll::END));
    app.add_systems(
        Update,
        draw_overlay.after(hear_the_save).run_if(
            in_state(Overlay::Menu)
                .or_eager(in_state(Overlay::PickUp))
                .or_eager(in_state(Overlay::Help))
                .or_eager(in_state(Overlay::History)),
        ),
    );
    app.add_plugins(text_rects::plugin);
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

/// The menu's keys: back to the game, Reduce motion or routes that dig
/// on or off, or save
/// and quit. When saving failed on quitting, the menu asks whether to quit
/// without saving, and only y or n answer.
fn menu_keys(
    mut keys: MessageReader<KeyboardInput>,
    open: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    (mut motion, mut dig): (ResMut<Motion>, ResMut<RoutesMayDig>),
    mut finish: MessageWriter<FinishAnimations>,
    mut saved: ResMut<MenuSave>,
    mut exit: MessageWriter<AppExit>,
    mut asks: MessageWriter<SaveRequested>,
) {
    for key in presses_for(&mut keys, &open, Overlay::Menu) {
        if let MenuSave::QuitUnsaved(why) = &*saved {
            match answer_to_quit_unsaved(&key) {
                Some(true) => {
                    warn!("quit without saving: {why}");
                    exit.write(AppExit::Success);
                }
                Some(false) => *saved = MenuSave::Failed(why.clone()),
                None => {}
            }
            continue;
        }
        match key {
            Key::Escape | Key::Enter => next.set(Overlay::None),
            Key::Character(c) if c.as_str() == "r" => {
                motion.reduce = !motion.reduce;
                finish.write(FinishAnimations);
            }
            Key::Character(c) if c.as_str() == "d" => dig.0 = !dig.0,
            Key::Character(c) if c.as_str() == "q" => {
                asks.write(SaveRequested { then_quit: true });
            }
            _ => {}
        }
    }
}

/// The answer to "Quit without saving?": y quits, n or Esc stays; any
/// other key is no answer.
fn answer_to_quit_unsaved(key: &Key) -> Option<bool> {
    match key {
        Key::Character(c) if c.eq_ignore_ascii_case("y") => Some(true),
        Key::Character(c) if c.eq_ignore_ascii_case("n") => Some(false),
        Key::Escape => Some(false),
        _ => None,
    }
}

/// What opening the menu did with the save, for the menu to say.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum MenuSave {
    /// Nothing to say: no game in play to save.
    #[default]
    Nothing,
    /// Written on this turn.
    Saved(u64),
    /// There is no data folder, so nothing is ever saved.
    NoFolder,
    /// The data folder cannot be used (another Gloomdelve has it...), so
    /// this game is never saved; the line says why.
    Unsaved(String),
    /// Writing failed, for this reason.
    Failed(String),
    /// Writing failed on quitting, for this reason: the menu asks whether
    /// to quit without saving.
    QuitUnsaved(String),
}

/// Opening the menu saves the game, so that what it says is true: a crash
/// now loses nothing. What it says waits for the save side's answer.
fn save_on_opening_the_menu(mut saved: ResMut<MenuSave>, mut asks: MessageWriter<SaveRequested>) {
    *saved = MenuSave::Nothing;
    asks.write(SaveRequested { then_quit: false });
}

/// The save side's answer, as the menu says it. A failed save on quitting
/// keeps the game open, and the menu asks whether to quit without saving.
fn hear_the_save(mut answers: MessageReader<SaveAnswer>, mut saved: ResMut<MenuSave>) {
    for answer in answers.read() {
        *saved = match answer.clone() {
            SaveAnswer::Written { turn } => MenuSave::Saved(turn),
            SaveAnswer::NoFolder => MenuSave::NoFolder,
            SaveAnswer::Unsaved(why) => MenuSave::Unsaved(why),
            SaveAnswer::GameEnded => MenuSave::Nothing,
            SaveAnswer::Failed {
                why,
                on_quitting: true,
            } => MenuSave::QuitUnsaved(why),
            SaveAnswer::Failed { why, .. } => MenuSave::Failed(why),
        };
    }
}

/// The keys of the help and the history: the scrolling keys, and the
/// overlay's own key or Esc to close it.
fn panel_keys(
    mut keys: MessageReader<KeyboardInput>,
    open: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut scroll: ResMut<Scroll>,
) {
    let (overlay, own_key) = match open.get() {
        Overlay::Help => (Overlay::Help, "?"),
        Overlay::History => (Overlay::History, "m"),
        // No panel open: these keys are the game's (Esc opens the menu).
        _ => {
            keys.clear();
            return;
        }
    };
    for key in presses_for(&mut keys, &open, overlay) {
        let closes = match &key {
            Key::Escape => true,
            Key::Character(c) => c.as_str() == own_key,
            _ => false,
        };
        if closes {
            next.set(Overlay::None);
        } else if let Some(moved) = scroll.after_key(&key) {
            scroll.set_if_neq(moved);
        }
    }
}

/// Sets the scroll on opening an overlay.
fn scroll_to(start: Scroll) -> impl Fn(ResMut<Scroll>) {
    move |mut scroll: ResMut<Scroll>| *scroll = start
}

/// How to play the descent, in a few lines, above the key list.
const HOW_TO_DELVE: [&str; 7] = [
    "Bring the Gold Key up from level 10 to the surface.",
    "Walk into a monster to attack it; walk into rock twice to dig through it (5 extra food).",
    "Walk into a closed door to open it. A closed door hides you and stops arrows; most monsters open doors, bats and fungi cannot.",
    "A z marks a sleeping monster. Noise wakes it (steps, fights, digging, heavy armour); a blow on a sleeper deals double.",
    "Every turn costs food: eat rations and corpses before you starve. A corpse rots, then turns to bones, which are no food.",
    "Stand on stairs to take them. Levels live on while you are away: fungus spreads and grows on rotten bodies, and bats eat it.",
    "The game is saved on Esc, on quitting and on every level change; death is final.",
];

/// What the help says of routes, in both modes.
const HOW_TO_TRAVEL: [&str; 2] = [
    "Point at a tile you know to see the way there (brown squares are digs); a click walks it. It stops as explore does.",
    "Explore, travel to the stairs and clicks tunnel through rock you know when that is quicker (d in the Esc menu turns it off).",
];

/// What the help says of unknown potions and scrolls, in both modes.
const HOW_TO_LEARN: [&str; 3] = [
    "Potions and scrolls come unknown: each game gives every kind a look (a murky potion, a scroll labelled XUM ZOT).",
    "Drink or read one to learn its kind for the whole game. Some are bad; a scroll of identify names one for you.",
    "In the inventory, c calls an unknown kind a name of your own; the panel counts the kinds you know.",
];

/// What a vault is, told once beside how to learn.
const HOW_TO_VAULT: [&str; 2] = [
    "Some levels hide a vault behind a locked door; its key lies on the same level, where you can walk.",
    "Inside, altars hold treasures: take one, and the others are caged. Breaking a vault wall cages them all.",
];

/// How to play the hunt.
const HOW_TO_HUNT: [&str; 4] = [
    "Kill every enemy in the Warrens to win; then a new world is made.",
    "Walk into a monster to attack it; walk into rock twice to dig through it.",
    "There is no hunger here, and death is not the end: you start again in the start room.",
    "Enemies never enter the narrow one-tile tunnels. The game is saved on Esc and on quitting.",
];

/// What the help says of the intent overlay, shown with `key`.
/// How a held travel key shows its walk first.
fn held_travel_line(down: &str, explore: &str) -> String {
    format!(
        "Hold {down} (off the stairs) or {explore} to see the way that walk takes; let go to walk \
         it, or press Esc to stay."
    )
}

fn intents_line(key: &str) -> String {
    format!(
        "{key} shows what each monster in view will do if you wait: a red frame where it strikes \
         or shoots, amber where it steps, blue where a bat may flutter, pale dots where a fungus may \
         spread; ! it has seen you, ? not yet, < fleeing, ~ paralysed, z asleep."
    )
}

/// What the menu says of the save it made on opening.
fn save_line(saved: &MenuSave) -> BodyLine {
    match saved {
        MenuSave::Saved(turn) => BodyLine::new(
            format!("Saved on turn {turn}; Continue on the title screen picks it up."),
            DIM,
        ),
        MenuSave::NoFolder => BodyLine::new("This game has no save folder: it is not saved.", DIM),
        MenuSave::Unsaved(why) => BodyLine::new(why.clone(), GOLD),
        MenuSave::Failed(why) => BodyLine::new(format!("Saving failed: {why}"), GOLD),
        MenuSave::QuitUnsaved(why) => BodyLine::new(format!("Saving failed: {why}"), GOLD),
        MenuSave::Nothing => BodyLine::new("", DIM),
    }
}

/// The menu, saying whether motion is reduced and how the save went; or,
/// when saving failed on quitting, the question whether to quit without
/// saving.
pub(crate) fn menu_text(reduce_motion: bool, routes_dig: bool, saved: &MenuSave) -> PanelText {
    if let MenuSave::QuitUnsaved(_) = saved {
        return quit_unsaved_text(saved);
    }
    let motion = if reduce_motion {
        "r: reduce motion: on (sprites snap from tile to tile)"
    } else {
        "r: reduce motion: off (sprites glide, blows and spells animate)"
    };
    let dig = if routes_dig {
        "d: routes may dig: on (travel and explore tunnel where that is quicker)"
    } else {
        "d: routes may dig: off (travel and explore only walk)"
    };
    let quit = match saved {
        MenuSave::NoFolder | MenuSave::Unsaved(_) => "q: quit (this game is not saved)",
        _ => "q: save and quit",
    };
    PanelText {
        heading: "Paused".to_string(),
        body: vec![
            BodyLine::new("Esc or Enter: back to the game", TEXT),
            BodyLine::new(motion, TEXT),
            BodyLine::new(dig, TEXT),
            BodyLine::new(quit, TEXT),
            BodyLine::new("", TEXT),
            save_line(saved),
        ],
        footer: Vec::new(),
    }
}

/// The question asked when quitting could not save: why, and the two
/// answers.
fn quit_unsaved_text(saved: &MenuSave) -> PanelText {
    PanelText {
        heading: "Quit without saving? (y/n)".to_string(),
        body: vec![
            save_line(saved),
            BodyLine::new("", TEXT),
            BodyLine::new("y: quit without saving (this game is lost)", TEXT),
            BodyLine::new("n or Esc: back to the menu, and the game", TEXT),
        ],
        footer: Vec::new(),
    }
}

/// The help for `mode`: how to play, then every key in force.
pub(crate) fn help_text(bindings: &crate::vocab::keys::KeyBindings, mode: Mode) -> PanelText {
    let (how_to, vaults): (&[&str], &[&str]) = match mode {
        Mode::Delve => (&HOW_TO_DELVE, &HOW_TO_VAULT),
        Mode::Hunt => (&HOW_TO_HUNT, &[]),
    };
    let mut body = vec![BodyLine::new("How to play", GOLD)];
    let lines = how_to
        .iter()
        .chain(&HOW_TO_TRAVEL)
        .chain(&HOW_TO_LEARN)
        .chain(vaults);
    body.extend(lines.map(|l| BodyLine::new(*l, TEXT).hanging(2)));
    let first = |action| bindings.0.keys(action).first().cloned();
    if let (Some(down), Some(explore)) = (first(KeyAction::Descend), first(KeyAction::Explore)) {
        body.push(BodyLine::new(held_travel_line(&down, &explore), TEXT).hanging(2));
    }
    if let Some(key) = bindings.0.keys(KeyAction::Intents).first() {
        body.push(BodyLine::new(intents_line(key), TEXT).hanging(2));
    }
    body.push(BodyLine::new("", TEXT));
    body.push(BodyLine::new("Keys", GOLD));
    body.extend(
        crate::view::key_text::help_lines(&bindings.0, mode)
            .into_iter()
            .map(|line| BodyLine::new(line, TEXT).hanging(HELP_HANG)),
    );
    PanelText {
        heading: "Help".to_string(),
        body,
        footer: vec!["? or Esc: close".to_string()],
    }
}

/// The pick-up list: each entry of the pile, the chosen one marked, and
/// the keys that take one, take all, or leave.
pub(crate) fn pile_text(
    choice: &PileChoice,
    bindings: &crate::vocab::keys::KeyBindings,
) -> PanelText {
    let body = choice
        .entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let chosen = i == choice.cursor;
            let marker = if chosen { ">" } else { " " };
            let dropped = if entry.dropped {
                "  (you dropped it here)"
            } else {
                ""
            };
            let colour = if chosen { GOLD } else { TEXT };
            BodyLine::new(format!("{marker} {}{dropped}", entry.label), colour).hanging(2)
        })
        .collect();
    let take_all = bindings.0.keys(KeyAction::PickUp).first().cloned();
    let take_all = take_all.map_or(String::new(), |key| format!("   {key}: take all"));
    PanelText {
        heading: "Pick up what?".to_string(),
        body,
        footer: vec![format!(
            "Up/Down: choose   Enter: take it{take_all}   Esc: leave it all"
        )],
    }
}

/// One message of the history as the panel shows it: its turn, then its text.
fn history_line(entry: &LogEntry) -> String {
    format!("{:>5}  {}", entry.turn, entry.line())
}

/// Every message of the game so far, oldest first.
pub(crate) fn history_text(log: &GameLog) -> PanelText {
    let mut body: Vec<BodyLine> = log
        .entries()
        .iter()
        .map(|e| BodyLine::new(history_line(e), TEXT).hanging(HISTORY_HANG))
        .collect();
    if body.is_empty() {
        body.push(BodyLine::new("No messages yet.", DIM));
    }
    PanelText {
        heading: "Messages".to_string(),
        body,
        footer: vec!["m or Esc: close".to_string()],
    }
}

/// What the last drawn panel was drawn for.
#[derive(Default, PartialEq)]
struct Drawn {
    overlay: Option<Overlay>,
    window: Vec2,
    /// The HUD's top bar, which the panel leaves in sight.
    top: f32,
}

/// What the panels show: the log (the history), the keys (the help), the
/// mode, and the menu's and the pick-up list's state.
#[derive(SystemParam)]
struct Shown<'w> {
    log: Res<'w, GameLog>,
    bindings: Res<'w, crate::vocab::keys::KeyBindings>,
    new_game: Res<'w, NewGame>,
    motion: Res<'w, Motion>,
    dig: Res<'w, RoutesMayDig>,
    menu_save: Res<'w, MenuSave>,
    pile: Res<'w, PileChoice>,
}

/// Draws the open overlay's panel for the window's size, below the HUD's
/// top bar, again whenever the window, the bar or the scroll changes, or what the panel shows: the log in
/// the history, Reduce motion in the menu.
#[allow(clippy::too_many_arguments)]
fn draw_overlay(
    mut commands: Commands,
    open: Res<State<Overlay>>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut scroll: ResMut<Scroll>,
    shown: Shown,
    area: Option<Res<PlayArea>>,
    book: Option<Res<SpriteBook>>,
    views: Query<Entity, With<OverlayView>>,
    mut drawn: Local<Drawn>,
) {
    let now = Drawn {
        overlay: Some(*open.get()),
        window: window.size(),
        top: area.map_or(0.0, |a| a.top.min(window.height() / 4.0)),
    };
    // Each panel is drawn again only when what it shows changes.
    let shown_changed = match open.get() {
        Overlay::Menu => {
            shown.motion.is_changed() || shown.dig.is_changed() || shown.menu_save.is_changed()
        }
        Overlay::History => shown.log.is_changed(),
        Overlay::PickUp => shown.pile.is_changed(),
        _ => false,
    };
    let stale = *drawn != now || scroll.is_changed() || shown_changed || views.is_empty();
    if !stale {
        return;
    }
    let text = match open.get() {
        Overlay::Menu => menu_text(shown.motion.reduce, shown.dig.0, &shown.menu_save),
        Overlay::Help => help_text(&shown.bindings, shown.new_game.mode),
        Overlay::PickUp => pile_text(&shown.pile, &shown.bindings),
        _ => history_text(&shown.log),
    };
    let room = now.window - Vec2::new(0.0, now.top);
    let laid = lay_out(&text, room, scroll.first);
    views.iter().for_each(|v| commands.entity(v).despawn());
    let root = panel::spawn(&mut commands, book.as_deref(), &laid, now.top);
    commands.entity(root).insert((
        Name::new(format!("{:?} overlay", open.get())),
        OverlayView,
        DespawnOnExit(*open.get()),
    ));
    scroll.set_if_neq(laid.scroll);
    *drawn = now;
}
