//! The item book, `assets/data/items.ron`: each kind of item, what it
//! does, and the looks unknown kinds take (`looks.ron`), checked as it
//! loads.

use std::ops::RangeInclusive;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::checks::*;
use crate::vocab::lore::LookBook;

/// What an item does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemEffect {
    /// Restores this many HP, never above the maximum.
    Heal(i32),
    /// Heals 1 HP each turn for this many turns.
    Regenerate(u32),
    /// Doubles how far the hero sees for this many turns.
    FarSight(u32),
    /// A bad potion: less attack (`weakness_attack` in rules.ron) for
    /// this many turns.
    Weaken(u32),
    /// Adds this much attack while worn.
    Weapon(i32),
    /// Adds this much defense while worn.
    Armour(i32),
    /// Restores this much food when eaten (a corpse's value is its own).
    Food(i32),
    Scroll(ScrollKind),
    /// A pile of coins worth this many copper; goes to the purse.
    Coins(u32),
    /// The Gold Key.
    Key,
    /// Opens a vault's locked door on its level, and goes.
    VaultKey,
    /// A missile thrown by hand with `t` (a rock, a throwing dagger).
    Thrown(Missile),
    /// A missile a bow shoots with `f`; by hand it is thrown as a missile.
    Ammo(Missile),
    /// A bow: carried in the pack, it shoots the pack's ammunition.
    Bow(Launcher),
    /// What is left of a body at the last: bones, no food and no use.
    Remains,
}

/// A missile's numbers: its blow uses the melee rule, `attack − defense`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Missile {
    /// The attack of its blow, thrown by hand.
    pub attack: i32,
    /// How far it flies by hand, in tiles.
    pub range: i32,
    /// The chance in percent that it breaks where it stops.
    #[serde(default)]
    pub breaks_percent: u32,
}

/// A bow's numbers: a shot's attack is the bow's plus the ammunition's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Launcher {
    pub attack: i32,
    /// How far its shots fly, in tiles.
    pub range: i32,
}

/// How far a missile may fly, in tiles.
const RANGE: RangeInclusive<i32> = 1..=30;

impl Missile {
    fn check(&self, effect: &str) -> Result<(), String> {
        first_error([
            in_range(&format!("effect {effect} attack"), self.attack, STAT),
            in_range(&format!("effect {effect} range"), self.range, RANGE),
            in_range(
                &format!("effect {effect} breaks_percent"),
                self.breaks_percent,
                0..=100,
            ),
        ])
    }
}

/// The scrolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScrollKind {
    Lightning,
    Paralyze,
    Fireball,
    /// Takes the hero to a far place on the level, chosen by the dice.
    Teleport,
    /// Shows the hero the whole level's layout, as if remembered.
    Mapping,
    /// Names one kind in the pack the hero does not know yet.
    Identify,
}

impl ScrollKind {
    /// Whether reading it asks for a target tile.
    pub(crate) fn is_aimed(self) -> bool {
        matches!(self, ScrollKind::Paralyze | ScrollKind::Fireball)
    }
}

/// One item kind from `items.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemKind {
    pub name: String,
    pub sprite: String,
    /// One line saying what the item does, for the inventory.
    #[serde(default)]
    pub description: String,
    pub effect: ItemEffect,
    /// Whether items of this kind share one pack slot, with a count.
    /// Only potions, rations, scrolls and missiles may.
    #[serde(default)]
    pub stacks: bool,
    /// How many a level holds from `from_depth` down.
    pub per_cave: u32,
    #[serde(default)]
    pub from_depth: u32,
    /// A weapon's trade-offs: how many tiles away its blow reaches (a
    /// spear's 2 strikes over an empty tile), and how many blows one bump
    /// strikes (a quick blade's 2, each its own `attack − defense`).
    #[serde(default = "one")]
    pub reach: u8,
    #[serde(default = "one")]
    pub strikes: u8,
    /// An armour's trade-off: food it costs each turn it is worn, on top
    /// of the stomach's own.
    #[serde(default)]
    pub food_per_turn: i32,
    /// An armour's other trade-off: the noise it adds to each turn of the
    /// hero's that wears it (see `noise` in rules.ron).
    #[serde(default)]
    pub noise: i32,
}

fn one() -> u8 {
    1
}

impl ItemEffect {
    /// The missile an item with this effect makes when thrown by hand.
    pub fn thrown(self) -> Option<Missile> {
        match self {
            ItemEffect::Thrown(missile) | ItemEffect::Ammo(missile) => Some(missile),
            _ => None,
        }
    }
}

impl ItemKind {
    /// Whether an item with this effect may stack: potions, food with a
    /// value of its own (not the corpse, whose value is each body's),
    /// scrolls and missiles. Gear is worn one at a time, so it never stacks.
    fn may_stack(&self) -> bool {
        match self.effect {
            ItemEffect::Heal(_)
            | ItemEffect::Regenerate(_)
            | ItemEffect::FarSight(_)
            | ItemEffect::Weaken(_)
            | ItemEffect::Scroll(_)
            | ItemEffect::Thrown(_)
            | ItemEffect::Ammo(_) => true,
            ItemEffect::Food(food) => food > 0,
            _ => false,
        }
    }

    /// How many of this kind a new level at `depth` holds.
    pub fn count_at(&self, depth: u32) -> u32 {
        if depth < self.from_depth {
            0
        } else {
            self.per_cave
        }
    }

    /// The allowed range of every number of an item kind, and its texts.
    fn check(&self) -> Result<(), String> {
        first_error([
            require("name", !self.name.trim().is_empty(), "is empty"),
            require("sprite", !self.sprite.trim().is_empty(), "is empty"),
            require(
                "description",
                !self.description.trim().is_empty(),
                "is empty",
            ),
            self.check_effect(),
            in_range("per_cave", self.per_cave, PER_CAVE),
            in_range("from_depth", self.from_depth, DEPTH),
            require(
                "stacks",
                !self.stacks || self.may_stack(),
                "only potions, rations, scrolls and missiles may stack",
            ),
            self.check_trade_offs(),
        ])
    }

    /// A weapon's reach and strikes, and an armour's food, in range; other
    /// kinds have none of them.
    fn check_trade_offs(&self) -> Result<(), String> {
        let weapon = matches!(self.effect, ItemEffect::Weapon(_));
        let armour = matches!(self.effect, ItemEffect::Armour(_));
        first_error([
            in_range("reach", self.reach, 1..=2),
            in_range("strikes", self.strikes, 1..=3),
            in_range("food_per_turn", self.food_per_turn, 0..=10),
            in_range("noise", self.noise, 0..=100),
            require(
                "reach",
                weapon || self.reach == 1,
                "only a weapon has a reach",
            ),
            require(
                "strikes",
                weapon || self.strikes == 1,
                "only a weapon strikes",
            ),
            require(
                "food_per_turn",
                armour || self.food_per_turn == 0,
                "only an armour costs food",
            ),
            require("noise", armour || self.noise == 0, "only an armour is loud"),
        ])
    }

    /// The allowed range of the effect's number.
    fn check_effect(&self) -> Result<(), String> {
        match self.effect {
            ItemEffect::Heal(hp) => in_range("effect Heal", hp, HP),
            ItemEffect::Regenerate(turns) => in_range("effect Regenerate", turns, 1..=1000),
            ItemEffect::FarSight(turns) => in_range("effect FarSight", turns, 1..=1000),
            ItemEffect::Weaken(turns) => in_range("effect Weaken", turns, 1..=1000),
            ItemEffect::Weapon(attack) => in_range("effect Weapon", attack, STAT),
            ItemEffect::Armour(defense) => in_range("effect Armour", defense, STAT),
            ItemEffect::Food(food) => in_range("effect Food", food, FOOD),
            ItemEffect::Coins(copper) => in_range("effect Coins", copper, 0..=100_000),
            ItemEffect::Thrown(missile) => missile.check("Thrown"),
            ItemEffect::Ammo(missile) => missile.check("Ammo"),
            ItemEffect::Bow(bow) => first_error([
                in_range("effect Bow attack", bow.attack, STAT),
                in_range("effect Bow range", bow.range, RANGE),
            ]),
            ItemEffect::Scroll(_) | ItemEffect::Key | ItemEffect::VaultKey => Ok(()),
            ItemEffect::Remains => Ok(()),
        }
    }
}

/// Every item kind, in file order, and the looks unknown ones take.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ItemBook {
    pub kinds: Vec<ItemKind>,
    /// The looks of `looks.ron` (none for a book parsed from text alone:
    /// then every kind is known from the start).
    pub looks: LookBook,
}

impl ItemBook {
    /// Reads and checks `items.ron` and the `looks.ron` beside it. The
    /// error names the file, the entry and the field.
    pub fn load(path: &Path) -> Result<Self, String> {
        let mut book = read_data(path, Self::parse)?;
        book.looks = LookBook::load(&path.with_file_name(LOOKS_FILE))?;
        Ok(book)
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let kinds = parse_entries(text, |k: &ItemKind| &k.name, ItemKind::check)?;
        let book = Self {
            kinds,
            looks: LookBook::default(),
        };
        book.check_the_kinds_the_rules_need()?;
        Ok(book)
    }

    /// The kind with this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name == name)
    }

    /// The rules lay the Gold Key (found by its effect) on the deepest
    /// level, and make a body an item of the kind named "corpse".
    fn check_the_kinds_the_rules_need(&self) -> Result<(), String> {
        let corpse = self.find(CORPSE).map(|k| self.kinds[k].effect);
        first_error([
            require(
                "effect",
                self.kinds.iter().any(|k| k.effect == ItemEffect::Key),
                "no kind has the effect Key: without the Gold Key the game cannot be won",
            ),
            require(
                "name",
                corpse.is_some(),
                "no kind is named \"corpse\": the rules make every body one",
            ),
            require(
                "effect",
                corpse.is_none() || matches!(corpse, Some(ItemEffect::Food(_))),
                "the kind named \"corpse\" must have the effect Food",
            ),
        ])
    }
}

/// The file of the looks, beside `items.ron`.
pub(crate) const LOOKS_FILE: &str = "looks.ron";

/// The name of the item kind a body becomes.
pub(crate) const CORPSE: &str = "corpse";

#[cfg(test)]
mod tests {
    use super::{ItemBook, ItemEffect, ItemKind};

    /// The shipped book, sound, to break one kind of.
    fn shipped() -> ItemBook {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/data/items.ron");
        ItemBook::load(std::path::Path::new(path)).expect("the shipped book")
    }

    /// The first shipped kind whose effect `is`.
    fn first(is: impl Fn(&ItemEffect) -> bool) -> ItemKind {
        let book = shipped();
        book.kinds.into_iter().find(|k| is(&k.effect)).expect("one")
    }

    #[test]
    fn a_kind_with_a_number_out_of_its_range_is_refused_by_name() {
        let weapon = || first(|e| matches!(e, ItemEffect::Weapon(_)));
        let armour = || first(|e| matches!(e, ItemEffect::Armour(_)));
        assert_eq!(weapon().check(), Ok(()));
        assert_eq!(armour().check(), Ok(()));
        let broken: [(ItemKind, fn(&mut ItemKind), &str); 5] = [
            (
                weapon(),
                |k| k.per_cave = 1001,
                "per_cave: 1001 is out of range",
            ),
            (
                weapon(),
                |k| k.reach = 3,
                "reach: 3 is out of range: use 1 to 2",
            ),
            (weapon(), |k| k.strikes = 0, "strikes: 0 is out of range"),
            (armour(), |k| k.noise = 101, "noise: 101 is out of range"),
            (
                armour(),
                |k| k.reach = 2,
                "reach: only a weapon has a reach",
            ),
        ];
        for (mut kind, break_it, wanted) in broken {
            break_it(&mut kind);
            let error = kind.check().expect_err(wanted);
            assert!(error.starts_with(wanted), "{wanted}: {error}");
        }
    }
}
