//! The lore of a save: each look belongs to one kind, a potion's look to a
//! potion and a scroll's to a scroll, and what the hero calls a kind is a
//! short name of a kind it does not know.

use std::collections::BTreeSet;

use crate::save::check::fields::Wrong;
use crate::vocab::game::NewGame;
use crate::vocab::lore::{LookClass, Lore, MAX_CALLED};

/// Checks `lore` against the data; kinds the data no longer has are left
/// alone (their items are dropped on loading, and their looks unused).
pub(crate) fn check_lore(lore: &Lore, new_game: &NewGame) -> Result<(), Wrong> {
    let book = &new_game.items;
    let mut names = BTreeSet::new();
    let mut sprites = BTreeSet::new();
    for (kind, look) in &lore.looks {
        let field = format!("lore.looks[{kind:?}]");
        if look.name.trim().is_empty() || look.sprite.trim().is_empty() {
            return Err(format!("{field}: a look needs a name and a sprite"));
        }
        if !names.insert(&look.name) || !sprites.insert(&look.sprite) {
            return Err(format!(
                "{field}: {:?} is the look of another kind too",
                look.name
            ));
        }
        let class = book.find(kind).map(|k| LookClass::of(book.kinds[k].effect));
        if class == Some(None) {
            return Err(format!("{field}: {kind:?} is no potion or scroll"));
        }
        let looks_like = |word: &str| look.name.contains(word);
        let wrong_class = match class.flatten() {
            Some(LookClass::Potion) => !looks_like("potion"),
            Some(LookClass::Scroll) => !looks_like("scroll"),
            None => false,
        };
        if wrong_class {
            return Err(format!(
                "{field}: {:?} is the look of another class",
                look.name
            ));
        }
    }
    for (kind, called) in &lore.called {
        let field = format!("lore.called[{kind:?}]");
        if called.trim().is_empty() || called.chars().count() > MAX_CALLED {
            return Err(format!(
                "{field}: a name of 1 to {MAX_CALLED} letters, not {called:?}"
            ));
        }
        if lore.known.contains(kind) || !lore.looks.contains_key(kind) {
            return Err(format!("{field}: the hero knows {kind:?} by its name"));
        }
    }
    Ok(())
}
