//! The title screen's menu, headless: its state under key and pointer
//! sequences, what Continue says it continues, and the seed New Game
//! offers after a death.

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use gloomdelve::Mode;
use gloomdelve::save::state::capture;
use gloomdelve::view::title::{Entry, Outcome, TitleMenu, continue_label};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::messages::StartGame;
use gloomdelve::vocab::states::Screen;

use crate::support::{act, new_game, shipped_rules};

fn menu() -> TitleMenu {
    TitleMenu::new(vec![Entry::Continue, Entry::NewGame, Entry::Quit], 42)
}

/// One frame of the title: the pointer over `over` (moving or resting),
/// then `keys`.
fn frame(menu: &mut TitleMenu, over: Option<usize>, moved: bool, keys: &[Key]) {
    menu.pointer(over, moved);
    for key in keys {
        menu.key(key, true);
    }
}

#[test]
fn a_resting_pointer_never_takes_the_selection_from_the_keys() {
    let mut menu = menu();
    // The pointer moves onto Quit: the mouse selects.
    frame(&mut menu, Some(2), true, &[]);
    assert_eq!(menu.chosen(), Entry::Quit);
    // It rests there, reported as hovering every frame, while keys move.
    frame(&mut menu, Some(2), false, &[Key::ArrowUp]);
    frame(&mut menu, Some(2), false, &[]);
    assert_eq!(
        menu.chosen(),
        Entry::NewGame,
        "Up moved off the hovered entry"
    );
    frame(&mut menu, Some(2), false, &[Key::ArrowUp]);
    frame(&mut menu, Some(2), false, &[]);
    assert_eq!(menu.chosen(), Entry::Continue);
    frame(&mut menu, Some(2), false, &[Key::ArrowDown, Key::ArrowDown]);
    assert_eq!(menu.chosen(), Entry::Quit);
    frame(&mut menu, Some(2), false, &[Key::ArrowDown]);
    assert_eq!(menu.chosen(), Entry::Continue, "Down wraps at the end");
    // Moving the pointer again selects what it is over.
    frame(&mut menu, Some(1), true, &[]);
    assert_eq!(menu.chosen(), Entry::NewGame);
    // A key in the same frame as a move has the last word.
    frame(&mut menu, Some(1), true, &[Key::ArrowDown]);
    assert_eq!(menu.chosen(), Entry::Quit);
    // A pointer over no entry, or past the end, changes nothing.
    frame(&mut menu, None, true, &[]);
    frame(&mut menu, Some(9), true, &[]);
    assert_eq!(menu.chosen(), Entry::Quit);
}

#[test]
fn enter_and_clicks_choose_and_a_new_game_over_a_save_asks_first() {
    let mut menu = menu();
    assert_eq!(
        menu.key(&Key::Enter, true),
        Some(Outcome::Start(StartGame::Continue))
    );
    menu.key(&Key::ArrowDown, true);
    menu.key(&Key::Backspace, true);
    menu.key(&Key::Character("7".into()), true);
    assert_eq!(menu.key(&Key::Enter, true), None, "asks before replacing");
    assert!(menu.confirming);
    for aside in [Key::F12, Key::Shift] {
        assert_eq!(menu.key(&aside, true), None);
        assert!(
            menu.confirming,
            "{aside:?} (a screenshot, a modifier) is no answer"
        );
    }
    assert_eq!(menu.key(&Key::Character("n".into()), true), None);
    assert!(!menu.confirming, "any other key cancels");
    menu.key(&Key::Enter, true);
    assert_eq!(
        menu.key(&Key::Character("y".into()), true),
        Some(Outcome::Start(StartGame::New { seed: 47 }))
    );
    let mut fresh = TitleMenu::new(vec![Entry::NewGame, Entry::Quit], 5);
    assert_eq!(fresh.click(1, false), Some(Outcome::Quit));
    assert_eq!(fresh.click(7, false), None, "a click on no entry");
    assert_eq!(
        fresh.click(0, false),
        Some(Outcome::Start(StartGame::New { seed: 5 })),
        "no save, no question"
    );
}

#[test]
fn continue_names_the_depth_and_the_turn_of_the_save() {
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    for _ in 0..4 {
        act(&mut app, Action::Wait);
    }
    let save = capture(app.world_mut()).expect("a game in play");
    assert_eq!(continue_label(&save), "Continue   (Surface, turn 4)");
    let deeper = gloomdelve::save::state::SaveGame {
        depth: 3,
        turn: 412,
        ..save.clone()
    };
    assert_eq!(continue_label(&deeper), "Continue   (Level 3, turn 412)");
    let hunt = gloomdelve::save::state::SaveGame {
        mode: Mode::Hunt,
        ..save
    };
    assert!(continue_label(&hunt).starts_with("Continue   (The Warrens, turn"));
}

#[test]
fn after_a_death_the_title_offers_a_new_seed() {
    let mut app = new_game(8, Mode::Delve, shipped_rules());
    crate::support::fell_the_hero(&mut app);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
    let played = app.world().resource::<gloomdelve::NewGame>().seed;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    let offered = app.world().resource::<gloomdelve::NewGame>().seed;
    assert_ne!(offered, played, "the seed just played is not offered again");
    assert_eq!(offered, gloomdelve::rules::game_over::next_seed(played));
}
