//! The pick-up list: `g` on a pile of several things asks which to take,
//! one entry or all of them; on a single thing it takes it at once.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput};
use bevy::prelude::*;
use gloomdelve_core::Dir;

use crate::input::commands::{Command, command_for};
use crate::rules::items::{Belongings, Gathering, pile};
use crate::view::ui_state::{ChosenAct, PileChoice};
use crate::vocab::components::{GridPos, Hero, Stomach};
use crate::vocab::game::NewGame;
use crate::vocab::intents::Action;
use crate::vocab::keys::KeyBindings;
use crate::vocab::states::Overlay;

/// What the hero could pick up where it stands.
#[derive(SystemParam)]
pub(crate) struct Underfoot<'w, 's> {
    new_game: Res<'w, NewGame>,
    hero: Query<'w, 's, (&'static GridPos, Has<Stomach>), With<Hero>>,
    items: Belongings<'w, 's>,
}

impl Underfoot<'_, '_> {
    /// The list to choose from, when more than one thing lies here;
    /// `None` when `g` can simply take what there is (or say there is none).
    pub(crate) fn offer(&self) -> Option<PileChoice> {
        let (at, hungers) = self.hero.single().ok()?;
        let gathering = Gathering::OnPurpose {
            corpses: hungers,
            only: None,
        };
        let entries = pile(at.0, gathering, &self.new_game.items, &self.items);
        (entries.len() > 1).then(|| PileChoice::new(entries))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PileChoice>();
    app.add_systems(OnExit(Overlay::PickUp), super::inventory::play_chosen_act);
    app.add_systems(Update, pile_keys);
}

/// What a key does in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PileKey {
    Move(isize),
    TakeOne,
    TakeAll,
    Leave,
}

/// The list's meaning of a key: the up and down move keys choose, Enter
/// takes the chosen entry, the pick-up key again takes everything.
fn pile_key(bindings: &KeyBindings, key: &KeyboardInput) -> Option<PileKey> {
    let is = |code: KeyCode, logical: Key| key.key_code == code || key.logical_key == logical;
    if is(KeyCode::Escape, Key::Escape) {
        return Some(PileKey::Leave);
    }
    if is(KeyCode::Enter, Key::Enter) || key.key_code == KeyCode::NumpadEnter {
        return Some(PileKey::TakeOne);
    }
    match command_for(&bindings.0, key.key_code, &key.logical_key)? {
        Command::Act(Action::Move(Dir::N)) => Some(PileKey::Move(-1)),
        Command::Act(Action::Move(Dir::S)) => Some(PileKey::Move(1)),
        Command::Act(Action::PickUp) => Some(PileKey::TakeAll),
        _ => None,
    }
}

/// The list's keys. Reads every frame, so the key that opened the list is
/// never seen again here.
fn pile_keys(
    mut keys: MessageReader<KeyboardInput>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    bindings: Res<KeyBindings>,
    mut choice: ResMut<PileChoice>,
    mut chosen: ResMut<ChosenAct>,
) {
    let presses = keys.read().filter(|k| k.state == ButtonState::Pressed);
    if *overlay.get() != Overlay::PickUp {
        presses.for_each(drop);
        return;
    }
    for key in presses {
        let act = match pile_key(&bindings, key) {
            Some(PileKey::Move(rows)) => {
                let cursor = choice.moved(rows);
                choice.cursor = cursor;
                continue;
            }
            Some(PileKey::TakeOne) => choice
                .entries
                .get(choice.cursor)
                .map(|e| Action::Take(e.index)),
            Some(PileKey::TakeAll) => Some(Action::PickUp),
            Some(PileKey::Leave) => None,
            None => continue,
        };
        chosen.0 = act;
        next_overlay.set(Overlay::None);
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::items::PileEntry;

    fn entry(index: usize, dropped: bool) -> PileEntry {
        PileEntry {
            index,
            label: format!("thing {index}"),
            dropped,
        }
    }

    #[test]
    fn the_list_opens_past_what_the_hero_dropped_and_wraps() {
        let choice = PileChoice::new(vec![entry(0, true), entry(2, false), entry(3, false)]);
        assert_eq!(choice.cursor, 1, "the dropped club is not offered first");
        assert_eq!(choice.moved(2), 0, "down past the end wraps to the top");
        assert_eq!(PileChoice::new(vec![entry(0, true)]).cursor, 0);
        let top = PileChoice {
            cursor: 0,
            ..choice
        };
        assert_eq!(top.moved(-1), 2, "up from the top wraps to the end");
    }
}
