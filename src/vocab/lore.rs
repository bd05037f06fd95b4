//! What the hero knows of potions and scrolls. Each game gives every
//! potion and scroll kind a look drawn from the seed (`looks.ron`): "a
//! murky potion", "a scroll labelled XUM ZOT", each with its own sprite.
//! A kind is named by its look until the hero uses one, and then by its
//! name for the rest of the game; the hero may call an unknown kind a name
//! of its own meanwhile. [`Lore`] holds the looks, what is known and what
//! is called, and is saved with the game.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use bevy::prelude::*;
use gloomdelve_core::GameRng;
use serde::{Deserialize, Serialize};

use crate::vocab::data::{ItemBook, ItemEffect, ItemKind, first_error, read_data};
use crate::vocab::streams::Stream;

/// The most letters a name the hero calls a kind may have.
pub(crate) const MAX_CALLED: usize = 24;

/// The two kinds of thing that come unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookClass {
    Potion,
    Scroll,
}

impl LookClass {
    /// The class of items with `effect`, or `None` for those always known.
    pub fn of(effect: ItemEffect) -> Option<Self> {
        match effect {
            ItemEffect::Heal(_)
            | ItemEffect::Regenerate(_)
            | ItemEffect::FarSight(_)
            | ItemEffect::Weaken(_) => Some(LookClass::Potion),
            ItemEffect::Scroll(_) => Some(LookClass::Scroll),
            _ => None,
        }
    }

    /// What the hero is told of an unknown kind of this class.
    fn unknown_description(self) -> &'static str {
        match self {
            LookClass::Potion => "You do not know what this potion does. Drink one to find out.",
            LookClass::Scroll => {
                "You do not know what this scroll does. Read one to find out, at your own risk."
            }
        }
    }
}

/// One look a potion may take: its colour's words and its sprite.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PotionLook {
    /// "murky", "fizzy red": the potion is "a murky potion".
    pub name: String,
    pub sprite: String,
}

/// The looks of `looks.ron`: potions' colours, scrolls' sprites, and the
/// syllables scrolls' labels are made of.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LookBook {
    pub potions: Vec<PotionLook>,
    /// One sprite for each look a scroll may take.
    pub scrolls: Vec<String>,
    /// A scroll's label is two or three of these: "XUM ZOT".
    pub syllables: Vec<String>,
}

impl LookBook {
    /// Reads and checks `looks.ron`; the error names the file and the field.
    pub fn load(path: &Path) -> Result<Self, String> {
        read_data(path, Self::parse)
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let book: LookBook = ron::from_str(text).map_err(|e| e.to_string())?;
        book.check()?;
        Ok(book)
    }

    fn check(&self) -> Result<(), String> {
        let names: Vec<&str> = self.potions.iter().map(|p| p.name.as_str()).collect();
        let potion_sprites: Vec<&str> = self.potions.iter().map(|p| p.sprite.as_str()).collect();
        let scroll_sprites: Vec<&str> = self.scrolls.iter().map(String::as_str).collect();
        let syllables: Vec<&str> = self.syllables.iter().map(String::as_str).collect();
        first_error([
            distinct_words("potions name", &names, |w| {
                w.chars().all(|c| c.is_ascii_lowercase() || c == ' ')
            }),
            distinct_words("potions sprite", &potion_sprites, |_| true),
            distinct_words("scrolls", &scroll_sprites, |_| true),
            distinct_words("syllables", &syllables, |w| {
                w.len() <= 6 && w.chars().all(|c| c.is_ascii_uppercase())
            }),
            if self.scrolls.is_empty() || self.syllables.len() >= 4 {
                Ok(())
            } else {
                Err("syllables: list at least 4, to label the scrolls".to_string())
            },
        ])
    }

    /// Every sprite the looks name, for the atlas check.
    pub fn sprites(&self) -> impl Iterator<Item = &str> {
        let potions = self.potions.iter().map(|p| p.sprite.as_str());
        potions.chain(self.scrolls.iter().map(String::as_str))
    }
}

/// Checks that `words` are each non-empty, `fit`, and all different.
fn distinct_words(field: &str, words: &[&str], fit: impl Fn(&str) -> bool) -> Result<(), String> {
    for (i, word) in words.iter().enumerate() {
        if word.trim().is_empty() || !fit(word) {
            return Err(format!("{field} {}: {word:?} will not do", i + 1));
        }
        if words[..i].contains(word) {
            return Err(format!("{field} {}: {word:?} is listed twice", i + 1));
        }
    }
    Ok(())
}

/// The look one kind has in this game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Look {
    /// "murky potion", "scroll labelled XUM ZOT".
    pub name: String,
    pub sprite: String,
}

/// What the hero knows of the potions and scrolls of this game.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lore {
    /// Each kind's look, by the kind's name in `items.ron`. A kind with no
    /// look (none left for it, or a class that has none) is always known.
    pub looks: BTreeMap<String, Look>,
    /// The kinds the hero has learned, by name.
    #[serde(default)]
    pub known: BTreeSet<String>,
    /// What the hero calls kinds it has not learned.
    #[serde(default)]
    pub called: BTreeMap<String, String>,
}

impl Lore {
    /// The looks of a new game of `seed`: every kind unknown.
    pub fn draw(book: &ItemBook, seed: u64) -> Self {
        let mut lore = Lore::default();
        lore.complete(book, seed);
        lore
    }

    /// Gives each potion and scroll kind without a look one that no other
    /// kind has, drawn from `seed`: a game saved before a kind was added
    /// keeps its looks and the new kind gets one of those left.
    pub fn complete(&mut self, book: &ItemBook, seed: u64) {
        let mut rng = GameRng::new(Stream::Lore.seed(seed));
        let looks = &book.looks;
        let taken: BTreeSet<String> = self.looks.values().map(|l| l.sprite.clone()).collect();
        let mut potions: Vec<&PotionLook> = looks
            .potions
            .iter()
            .filter(|p| !taken.contains(&p.sprite))
            .collect();
        let mut scrolls: Vec<&String> = looks
            .scrolls
            .iter()
            .filter(|s| !taken.contains(*s))
            .collect();
        rng.shuffle(&mut potions);
        rng.shuffle(&mut scrolls);
        for kind in &book.kinds {
            if self.looks.contains_key(&kind.name) {
                continue;
            }
            let look = match LookClass::of(kind.effect) {
                Some(LookClass::Potion) => potions.pop().map(|p| Look {
                    name: format!("{} potion", p.name),
                    sprite: p.sprite.clone(),
                }),
                Some(LookClass::Scroll) => scrolls.pop().map(|sprite| Look {
                    name: format!("scroll labelled {}", self.new_label(looks, &mut rng)),
                    sprite: sprite.clone(),
                }),
                None => None,
            };
            if let Some(look) = look {
                self.looks.insert(kind.name.clone(), look);
            }
        }
    }

    /// A label of two or three syllables that no scroll has yet.
    fn new_label(&self, looks: &LookBook, rng: &mut GameRng) -> String {
        let syllables = &looks.syllables;
        let mut label = String::new();
        for _ in 0..100 {
            let words = if rng.range(0, 3) == 0 { 3 } else { 2 };
            let picked: Vec<&str> = (0..words)
                .map(|_| syllables[rng.range(0, syllables.len() as i32) as usize].as_str())
                .collect();
            label = picked.join(" ");
            let name = format!("scroll labelled {label}");
            if !self.looks.values().any(|l| l.name == name) {
                break;
            }
        }
        label
    }

    /// Whether the hero knows items of `kind` by their name.
    pub fn knows(&self, kind: &ItemKind) -> bool {
        !self.looks.contains_key(&kind.name) || self.known.contains(&kind.name)
    }

    /// Learns `kind`; true when the hero did not know it before.
    pub fn learn(&mut self, kind: &ItemKind) -> bool {
        if self.knows(kind) {
            return false;
        }
        self.called.remove(&kind.name);
        self.known.insert(kind.name.clone())
    }

    /// Calls the unknown `kind` `name` (trimmed, at most [`MAX_CALLED`]
    /// letters); an empty name forgets what it was called.
    pub fn call(&mut self, kind: &ItemKind, name: &str) {
        let name: String = name.trim().chars().take(MAX_CALLED).collect();
        if self.knows(kind) || name.is_empty() {
            self.called.remove(&kind.name);
        } else {
            self.called.insert(kind.name.clone(), name);
        }
    }

    /// What the hero calls an item of `kind`: its name when known, else
    /// its look, with what the hero called it ("murky potion called heal").
    pub fn name_of(&self, kind: &ItemKind) -> String {
        match self.looks.get(&kind.name) {
            Some(_) if self.knows(kind) => kind.name.clone(),
            Some(look) => match self.called.get(&kind.name) {
                Some(called) => format!("{} called {called}", look.name),
                None => look.name.clone(),
            },
            None => kind.name.clone(),
        }
    }

    /// The sprite items of `kind` are drawn with: their look's, known or not.
    pub(crate) fn sprite_of<'a>(&'a self, kind: &'a ItemKind) -> &'a str {
        self.looks
            .get(&kind.name)
            .map_or(kind.sprite.as_str(), |look| look.sprite.as_str())
    }

    /// What the inventory and the look line tell of `kind`.
    pub(crate) fn description_of<'a>(&self, kind: &'a ItemKind) -> &'a str {
        match LookClass::of(kind.effect) {
            Some(class) if !self.knows(kind) => class.unknown_description(),
            _ => kind.description.as_str(),
        }
    }

    /// The kinds of `book` the hero has not learned, in file order.
    pub fn unknown<'a>(&'a self, book: &'a ItemBook) -> impl Iterator<Item = usize> + 'a {
        (0..book.kinds.len()).filter(|&k| !self.knows(&book.kinds[k]))
    }
}

#[cfg(test)]
mod tests {
    use super::{ItemBook, LookBook, Lore};

    fn book() -> ItemBook {
        let mut book = ItemBook::parse(
            r#"[
            (name: "potion of healing", sprite: "red_potion", description: "Heals.", effect: Heal(10), stacks: true, per_cave: 1),
            (name: "potion of weakness", sprite: "red_potion", description: "Weakens.", effect: Weaken(20), stacks: true, per_cave: 1),
            (name: "scroll of mapping", sprite: "scroll_mapping", description: "Maps.", effect: Scroll(Mapping), stacks: true, per_cave: 1),
            (name: "club", sprite: "club", description: "Hits.", effect: Weapon(1), per_cave: 1),
            (name: "corpse", sprite: "corpse", description: "Dead.", effect: Food(0), per_cave: 0),
            (name: "Gold Key", sprite: "gold_key", description: "Win.", effect: Key, per_cave: 0),
        ]"#,
        )
        .unwrap();
        book.looks = LookBook::parse(
            r#"(
            potions: [(name: "murky", sprite: "potion_murky"), (name: "golden", sprite: "potion_golden"), (name: "inky", sprite: "potion_inky")],
            scrolls: ["scroll_red_seal", "scroll_torn"],
            syllables: ["XUM", "ZOT", "KLAA", "BEH", "VOR"],
        )"#,
        )
        .unwrap();
        book
    }

    #[test]
    fn every_potion_and_scroll_gets_a_look_of_its_own_and_nothing_else_does() {
        let book = book();
        let lore = Lore::draw(&book, 7);
        assert_eq!(lore.looks.len(), 3);
        let sprites: std::collections::BTreeSet<_> =
            lore.looks.values().map(|l| &l.sprite).collect();
        assert_eq!(sprites.len(), 3, "{lore:?}");
        assert!(
            lore.looks["scroll of mapping"]
                .name
                .starts_with("scroll labelled ")
        );
        assert!(lore.knows(&book.kinds[3]), "a club is always known");
        assert!(!lore.knows(&book.kinds[0]));
    }

    #[test]
    fn one_seed_draws_the_same_looks_and_others_differ() {
        let book = book();
        assert_eq!(Lore::draw(&book, 7), Lore::draw(&book, 7));
        let differ = (0..20).any(|seed| Lore::draw(&book, seed) != Lore::draw(&book, 7));
        assert!(differ);
    }

    #[test]
    fn a_kind_is_named_by_its_look_until_learned_and_called_meanwhile() {
        let book = book();
        let mut lore = Lore::draw(&book, 3);
        let healing = &book.kinds[0];
        let look = lore.looks["potion of healing"].name.clone();
        assert_eq!(lore.name_of(healing), look);
        lore.call(healing, "  heal?  ");
        assert_eq!(lore.name_of(healing), format!("{look} called heal?"));
        assert!(lore.description_of(healing).contains("Drink one"));
        assert!(lore.learn(healing));
        assert!(!lore.learn(healing), "learned once");
        assert_eq!(lore.name_of(healing), "potion of healing");
        assert_eq!(lore.description_of(healing), "Heals.");
        assert_eq!(
            lore.sprite_of(healing),
            lore.looks["potion of healing"].sprite
        );
        assert!(
            lore.called.is_empty(),
            "a learned kind is called by its name"
        );
    }

    #[test]
    fn a_kind_added_later_takes_a_look_no_one_has() {
        let book = book();
        let mut lore = Lore::draw(&book, 5);
        let before = lore.looks.clone();
        lore.looks.remove("potion of weakness");
        lore.complete(&book, 5);
        assert_eq!(lore.looks.len(), 3);
        for (kind, look) in &before {
            if kind != "potion of weakness" {
                assert_eq!(&lore.looks[kind], look);
            }
        }
    }

    #[test]
    fn bad_looks_are_refused_with_the_field() {
        let twice = r#"(potions: [(name: "murky", sprite: "a"), (name: "murky", sprite: "b")], scrolls: [], syllables: [])"#;
        assert!(
            LookBook::parse(twice)
                .unwrap_err()
                .contains("potions name 2")
        );
        let few = r#"(potions: [], scrolls: ["s"], syllables: ["AB"])"#;
        assert!(LookBook::parse(few).unwrap_err().contains("syllables"));
        let lower = r#"(potions: [], scrolls: [], syllables: ["ab"])"#;
        assert!(LookBook::parse(lower).unwrap_err().contains("syllables 1"));
    }
}
