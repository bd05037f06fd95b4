//! Components: what the hero, the creatures and the items are made of.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use serde::{Deserialize, Serialize};

use crate::vocab::data::{HungerRules, ItemBook, ItemEffect};

/// A tile position on the level, for anything that stands on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Deref, DerefMut)]
pub struct GridPos(pub Pos);

/// The draw layers above the terrain, bottom to top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Items,
    Creatures,
    Hero,
}

/// What draws something on the map: an atlas sprite name and its layer.
/// The rules choose it (from data); the presentation draws it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub sprite: String,
    pub layer: Layer,
}

impl Drawn {
    pub fn new(sprite: impl Into<String>, layer: Layer) -> Self {
        Self {
            sprite: sprite.into(),
            layer,
        }
    }
}

/// The player's character.
#[derive(Component, Debug)]
pub struct Hero;

/// How something on the map, other than terrain, shows through the fog.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FogRule {
    /// Drawn only while its tile is in view: creatures and effects.
    OnlyInView,
    /// Drawn in view, and dimmed where it was last seen: items.
    Remembered { seen: bool },
}

/// A creature of the kind at this index in the [`CreatureBook`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Creature {
    pub kind: usize,
}

/// A stable id: creatures act in id order, and saves keep it.
#[derive(
    Component,
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct CreatureId(pub u64);

/// Hit points.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Health {
    pub hp: i32,
    pub max: i32,
}

/// Attack and defense for the damage roll.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub attack: i32,
    pub defense: i32,
}

/// Actions per hero turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Speed(pub u8);

/// How far a creature sees the hero.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sees(pub i32);

/// A pile of coins worth this many copper, not its kind's value: what a
/// thief dropped.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worth(pub u32);

/// A creature that acts on one turn in `every`: on the turns whose count
/// leaves `phase` over (its id's remainder, so slow kin do not all move
/// together).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sluggish {
    pub every: u64,
    pub phase: u64,
}

impl Sluggish {
    pub(crate) fn for_creature(every: u8, id: CreatureId) -> Self {
        let every = u64::from(every.max(1));
        Self {
            every,
            phase: id.0 % every,
        }
    }

    /// Whether it acts on turn `turn`.
    pub(crate) fn acts_on(&self, turn: u64) -> bool {
        turn % self.every == self.phase
    }
}

/// A dead creature's body: food worth `maxHp × 3`, halved once it rots,
/// none once it is bones.
#[derive(Component, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Corpse {
    pub food: i32,
    /// The turn of the death, from which it rots.
    pub died: u64,
    pub rotten: bool,
    /// The last stage: bones, which are no food and stay where they lie.
    /// (Saves from before bones leave it out.)
    #[serde(default)]
    pub bones: bool,
    /// A fungus grew from it (once, while it was rotten). (Saves from
    /// before the living cave leave it out.)
    #[serde(default)]
    pub sprouted: bool,
}

/// An item the hero dropped: explore and travel no longer fetch it. Taking
/// it up again clears the mark.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dropped;

/// How many items the pack holds.
pub const PACK_SIZE: usize = 20;

/// The most copper a purse, or a thief, may hold.
pub(crate) const MOST_COPPER: u32 = 10_000_000;

/// An item of the kind at this index in the [`ItemBook`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub kind: usize,
}

impl Item {
    /// What the item does: its kind's effect, or for a corpse the food its
    /// body gives. The one place an item's worth is worked out.
    pub fn effect(&self, book: &ItemBook, corpse: Option<&Corpse>) -> ItemEffect {
        match corpse {
            Some(corpse) if corpse.bones => ItemEffect::Remains,
            Some(corpse) => ItemEffect::Food(corpse.food),
            None => book.kinds[self.kind].effect,
        }
    }

    /// How much food the item gives, if it is food.
    pub(crate) fn food_value(&self, book: &ItemBook, corpse: Option<&Corpse>) -> Option<i32> {
        match self.effect(book, corpse) {
            ItemEffect::Food(food) => Some(food),
            _ => None,
        }
    }
}

/// The hero's pack, in pickup order, with the items of one stack side by
/// side. Items in it have no [`GridPos`]. It holds [`PACK_SIZE`] slots: an
/// item of a stacking kind shares the slot of its kind (see [`slots`]).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack(pub Vec<Entity>);

impl Pack {
    /// Puts `item`, whose stack is `stack`, in the pack: right after the
    /// last item of its stack, or at the end. `stack_of` tells the stack of
    /// an item already in it.
    pub fn insert<K: PartialEq>(
        &mut self,
        item: Entity,
        stack: Option<K>,
        stack_of: impl Fn(Entity) -> Option<K>,
    ) {
        let after = stack.and_then(|kind| {
            self.0
                .iter()
                .rposition(|&e| stack_of(e).is_some_and(|s| s == kind))
        });
        match after {
            Some(last) => self.0.insert(last + 1, item),
            None => self.0.push(item),
        }
    }
}

/// The hero's coins, counted in copper; they take no pack slot.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purse {
    pub copper: u32,
}

impl Purse {
    /// The purse as gold, silver and copper: 1 gold = 10 silver = 100 copper.
    pub fn coins(self) -> (u32, u32, u32) {
        (self.copper / 100, self.copper / 10 % 10, self.copper % 10)
    }

    /// "2 gold, 3 silver, 5 copper", leaving out what is zero.
    pub fn describe(self) -> String {
        self.spelled([" gold", " silver", " copper"], ", ")
            .unwrap_or_else(|| "no coins".to_string())
    }

    /// The purse in a few letters, for narrow panels: "2g 3s 5c", leaving
    /// out what is zero; "none" when empty.
    pub fn short(self) -> String {
        self.spelled(["g", "s", "c"], " ")
            .unwrap_or_else(|| "none".to_string())
    }

    /// Each metal held, its count followed by its name in `names`, joined
    /// with `between`; `None` when the purse is empty.
    fn spelled(self, names: [&str; 3], between: &str) -> Option<String> {
        let (g, s, c) = self.coins();
        let parts: Vec<String> = [g, s, c]
            .into_iter()
            .zip(names)
            .filter(|(n, _)| *n > 0)
            .map(|(n, name)| format!("{n}{name}"))
            .collect();
        (!parts.is_empty()).then(|| parts.join(between))
    }
}

/// What the hero's worn gear trades for its numbers: the weapon's reach
/// in tiles and blows per bump, and the food the armour costs each turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gear {
    pub reach: u8,
    pub strikes: u8,
    pub food_per_turn: i32,
    /// The armour's noise, added to each turn's.
    pub noise: i32,
}

impl Default for Gear {
    fn default() -> Self {
        Self {
            reach: 1,
            strikes: 1,
            food_per_turn: 0,
            noise: 0,
        }
    }
}

/// Whether a creature of a kind that `Sleeps` is asleep: it does nothing
/// until the hero's noise or a blow wakes it (the `Sleeps` behaviour's
/// memory, kept in saves).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slumber {
    pub asleep: bool,
}

/// What the hero wears. Worn items stay in the pack.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Equipment {
    pub weapon: Option<Entity>,
    pub armour: Option<Entity>,
}

impl Equipment {
    pub(crate) fn is_worn(&self, item: Entity) -> bool {
        self.weapon == Some(item) || self.armour == Some(item)
    }

    pub(crate) fn take_off(&mut self, item: Entity) {
        if self.weapon == Some(item) {
            self.weapon = None;
        }
        if self.armour == Some(item) {
            self.armour = None;
        }
    }
}

/// A creature that never hurts anyone (its kind's `harmless` flag).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Harmless;

/// A creature that never moves (its kind's `immobile` flag).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Immobile;

/// A hero that gets up again when it falls (the hunt): its death sends
/// [`HeroFell`](crate::vocab::messages::HeroFell) instead of ending the game.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Revives;

/// How full the hero is. `state` is the last state announced.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stomach {
    pub food: i32,
    pub max: i32,
    pub state: Hunger,
}

impl Stomach {
    /// A stomach as the rules start it.
    pub fn new(rules: &HungerRules) -> Self {
        Self {
            food: rules.start_food,
            max: rules.max_food,
            state: Hunger::of(rules.start_food, rules),
        }
    }

    /// Adds `food`. Past the maximum the stomach stretches by half the
    /// excess and is filled to its new size; returns true when it did.
    pub fn fill(&mut self, food: i32) -> bool {
        self.food = self.food.saturating_add(food);
        let excess = self.food.saturating_sub(self.max);
        if excess <= 0 {
            return false;
        }
        self.max = self.max.saturating_add(excess / 2);
        self.food = self.max;
        true
    }
}

/// The hunger states, from worst to best.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Hunger {
    Starving,
    Weak,
    Hungry,
    Normal,
    Satiated,
}

impl Hunger {
    /// The state for this much food under the rules' thresholds.
    pub fn of(food: i32, rules: &HungerRules) -> Self {
        if food > rules.satiated_above {
            Self::Satiated
        } else if food >= rules.hungry_below {
            Self::Normal
        } else if food >= rules.weak_below {
            Self::Hungry
        } else if food >= rules.starving_below {
            Self::Weak
        } else {
            Self::Starving
        }
    }

    /// The state after `was` for this much food: worse at once, but better
    /// only once the food clears the line by the rules' recovery margin,
    /// so a small meal that lifts it just over a line, to fall back the
    /// next turn, changes nothing and says nothing.
    pub fn after(was: Self, food: i32, rules: &HungerRules) -> Self {
        let now = Self::of(food, rules);
        if now <= was {
            now
        } else {
            Self::of(food.saturating_sub(rules.recovery_margin), rules).max(was)
        }
    }

    /// Weak and Starving lower attack and stop regeneration.
    pub(crate) fn weakens(self) -> bool {
        self <= Self::Weak
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Starving => "Starving",
            Self::Weak => "Weak",
            Self::Hungry => "Hungry",
            Self::Normal => "Normal",
            Self::Satiated => "Satiated",
        }
    }

    /// What the hero reads on going from `self` to `to`.
    pub(crate) fn change_message(self, to: Self) -> &'static str {
        let better = to > self;
        match (to, better) {
            (Self::Satiated, _) => "You feel full.",
            (Self::Normal, true) => "You are no longer hungry.",
            (Self::Normal, false) => "Your stomach no longer feels full.",
            (Self::Hungry, true) => "You feel stronger, but you are still hungry.",
            (Self::Hungry, false) => "You are getting hungry.",
            (Self::Weak, true) => "You are no longer starving, but still weak with hunger.",
            (Self::Weak, false) => "You feel weak with hunger. Eat something soon!",
            (Self::Starving, _) => "You are starving! Eat now or die.",
        }
    }
}

/// How far the hero sees.
#[derive(Component, Clone, Copy, Debug)]
pub(crate) struct Vision(pub i32);
