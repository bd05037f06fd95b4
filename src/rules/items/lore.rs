//! The rules of unknown potions and scrolls: a new game draws the looks,
//! every item is named and drawn as the hero knows it, and using one
//! teaches its kind (see `vocab::lore`).

use bevy::prelude::*;

use crate::vocab::components::{Drawn, Item};
use crate::vocab::data::{ItemBook, ItemKind};
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::lore::{LookClass, Lore};
use crate::vocab::messages::CallKind;
use crate::vocab::resources::TurnCount;
use crate::vocab::text::{a, capitalised, the};

/// A new game draws its looks from its seed; a loaded one brings its own.
pub(crate) fn draw_lore(mut commands: Commands, new_game: Res<NewGame>, lore: Option<Res<Lore>>) {
    if lore.is_none() {
        commands.insert_resource(Lore::draw(&new_game.items, new_game.seed));
    }
}

/// Names and draws each potion and scroll as the hero knows it: new items
/// at once, and every item when the lore changes.
pub(crate) fn name_by_lore(
    new_game: Res<NewGame>,
    lore: Option<Res<Lore>>,
    mut items: Query<(Ref<Item>, &mut Name, &mut Drawn)>,
) {
    let Some(lore) = lore else {
        return;
    };
    let all = lore.is_changed();
    for (item, mut name, mut drawn) in &mut items {
        if !all && !item.is_added() {
            continue;
        }
        let Some(kind) = new_game.items.kinds.get(item.kind) else {
            continue;
        };
        if LookClass::of(kind.effect).is_none() {
            continue;
        }
        let shown = lore.name_of(kind);
        if name.as_str() != shown {
            *name = Name::new(shown);
        }
        let sprite = lore.sprite_of(kind);
        if drawn.sprite != sprite {
            drawn.sprite = sprite.to_string();
        }
    }
}

/// Files what the hero calls a kind, and says so.
pub(crate) fn call_kinds(
    mut calls: MessageReader<CallKind>,
    new_game: Res<NewGame>,
    mut lore: ResMut<Lore>,
    turn: Res<TurnCount>,
    mut log: ResMut<GameLog>,
) {
    for call in calls.read() {
        let Some(kind) = new_game.items.kinds.get(call.kind) else {
            continue;
        };
        let look = lore.looks.get(&kind.name).map(|l| l.name.clone());
        let Some(look) = look.filter(|_| !lore.knows(kind)) else {
            continue;
        };
        lore.call(kind, &call.name);
        let line = match lore.called.get(&kind.name) {
            Some(called) => format!("You call the {look} \"{called}\"."),
            None => format!("The {look} goes by its look again."),
        };
        log.say(turn.0, line);
    }
}

/// The hero used an item of `kind`, named `used_as`, and saw what it
/// does: it knows the kind from now on. The line to say when it did not.
pub fn learn(lore: &mut Lore, kind: &ItemKind, used_as: &str) -> Option<String> {
    lore.learn(kind).then(|| {
        format!(
            "{} was {}.",
            capitalised(&the(plain_look(used_as))),
            a(&kind.name)
        )
    })
}

/// What a scroll of identify teaches: one kind drawn by `pick` from the
/// unknown kinds among `packed` (each once, in pack order). The line
/// saying what it learned, or that there was nothing to learn.
pub fn identify(
    lore: &mut Lore,
    book: &ItemBook,
    packed: impl IntoIterator<Item = usize>,
    pick: impl FnOnce(usize) -> usize,
) -> String {
    let mut unknown: Vec<usize> = Vec::new();
    for kind in packed {
        if !lore.knows(&book.kinds[kind]) && !unknown.contains(&kind) {
            unknown.push(kind);
        }
    }
    if unknown.is_empty() {
        return "You feel wise, but there is nothing in your pack left to learn.".to_string();
    }
    let kind = &book.kinds[unknown[pick(unknown.len()).min(unknown.len() - 1)]];
    let was = lore.name_of(kind);
    lore.learn(kind);
    format!(
        "{} is {}.",
        capitalised(&the(plain_look(&was))),
        a(&kind.name)
    )
}

/// A look without what the hero called it: "murky potion".
fn plain_look(name: &str) -> &str {
    name.split(" called ").next().unwrap_or(name)
}
