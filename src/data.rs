//! Rules data read from `assets/data/rules.ron` and
//! `assets/data/creatures.ron` with plain serde, so the headless rules need
//! no asset server.

use std::path::Path;

use gloomdelve_core::mapgen::{self, caves};
use serde::{Deserialize, Serialize};

/// Reads a data file and parses it with `parse`; an error names the file.
fn read_data<T>(path: &Path, parse: impl FnOnce(&str) -> Result<T, String>) -> Result<T, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The first field whose check failed, if any.
fn first_failed(checks: &[(&'static str, bool)]) -> Result<(), &'static str> {
    checks
        .iter()
        .find(|(_, ok)| !ok)
        .map_or(Ok(()), |(field, _)| Err(*field))
}

/// Parses a RON list of entries and checks each one; an error names the
/// entry (counting from 1) and the failing field.
fn parse_entries<T: serde::de::DeserializeOwned>(
    text: &str,
    name: impl Fn(&T) -> &str,
    check: impl Fn(&T) -> Result<(), &'static str>,
) -> Result<Vec<T>, String> {
    let entries: Vec<T> = ron::from_str(text).map_err(|e| e.to_string())?;
    for (i, entry) in entries.iter().enumerate() {
        check(entry).map_err(|field| {
            format!(
                "entry {} ({:?}): {field} is out of range",
                i + 1,
                name(entry)
            )
        })?;
    }
    Ok(entries)
}

/// Tunable numbers for the rules.
/// Fields left out of the file keep their defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RulesData {
    /// The size of a cave level, in tiles.
    pub cave_width: i32,
    pub cave_height: i32,
    /// How far the hero sees, in tiles: `dx² + dy² ≤ hero_vision²`.
    pub hero_vision: i32,
    pub hero_hp: i32,
    pub hero_attack: i32,
    pub hero_defense: i32,
    /// The hero regains 1 HP every this many turns.
    pub regen_every: u64,
    /// Each turn, a fungus spreads with this chance...
    pub fungus_spread_chance: f64,
    /// ...onto a free floor tile up to this many tiles away on each axis...
    pub fungus_spread_range: i32,
    /// ...at most this many times in its life...
    pub fungus_max_spreads: u32,
    /// ...and only while its level holds fewer fungi than this.
    pub fungi_per_level: usize,
    /// How many nodes a goblin's path search may expand each turn.
    pub goblin_search_budget: usize,
    /// Log lines vanish from the HUD after this many turns without news.
    pub log_fade_turns: u64,
    /// Turns a scroll of paralysis holds its target.
    pub paralyze_turns: u32,
    /// Damage of a scroll of lightning.
    pub lightning_damage: i32,
    /// Damage of a fireball to everything within its radius.
    pub fireball_damage: i32,
    pub fireball_radius: i32,
    /// Food, eating, corpses and the hunger states.
    pub hunger: HungerRules,
    /// The deepest level, where the Gold Key lies.
    pub depths: u32,
}

/// The numbers of hunger (SPEC.md "Hunger"). Food values are absolute, so
/// a stretched stomach holds more without moving the thresholds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HungerRules {
    /// The stomach's size at the start; overeating stretches it.
    pub max_food: i32,
    pub start_food: i32,
    /// Food every turn costs, and the extra on a turn that digs.
    pub food_per_turn: i32,
    pub food_per_dig: i32,
    /// Above this the hero is Satiated.
    pub satiated_above: i32,
    /// Below these the hero is Hungry, Weak, then Starving.
    pub hungry_below: i32,
    pub weak_below: i32,
    pub starving_below: i32,
    /// Attack lost while Weak or Starving.
    pub weak_attack_penalty: i32,
    /// A corpse turns rotten (worth half) this many turns after the death...
    pub corpse_rots_after: u64,
    /// ...and is gone this many turns after the death.
    pub corpse_vanishes_after: u64,
    /// The chance that eating a rotten corpse makes the hero sick...
    pub rotten_sickness_chance: f64,
    /// ...for this many turns, losing this many HP each turn.
    pub sickness_turns: u32,
    pub sickness_damage: i32,
}

impl Default for HungerRules {
    fn default() -> Self {
        Self {
            max_food: 1000,
            start_food: 667,
            food_per_turn: 1,
            food_per_dig: 5,
            satiated_above: 900,
            hungry_below: 300,
            weak_below: 120,
            starving_below: 50,
            weak_attack_penalty: 2,
            corpse_rots_after: 150,
            corpse_vanishes_after: 400,
            rotten_sickness_chance: 0.5,
            sickness_turns: 6,
            sickness_damage: 1,
        }
    }
}

impl HungerRules {
    /// The first field that is out of range, if any.
    fn check(&self) -> Result<(), &'static str> {
        first_failed(&[
            ("hunger.max_food", self.max_food >= 1),
            (
                "hunger.start_food",
                (1..=self.max_food).contains(&self.start_food),
            ),
            ("hunger.food_per_turn", self.food_per_turn >= 0),
            ("hunger.food_per_dig", self.food_per_dig >= 0),
            (
                "hunger.starving_below",
                self.starving_below >= 0 && self.starving_below <= self.weak_below,
            ),
            ("hunger.weak_below", self.weak_below <= self.hungry_below),
            (
                "hunger.hungry_below",
                self.hungry_below <= self.satiated_above,
            ),
            ("hunger.weak_attack_penalty", self.weak_attack_penalty >= 0),
            (
                "hunger.corpse_vanishes_after",
                self.corpse_vanishes_after >= self.corpse_rots_after,
            ),
            (
                "hunger.rotten_sickness_chance",
                (0.0..=1.0).contains(&self.rotten_sickness_chance),
            ),
            ("hunger.sickness_damage", self.sickness_damage >= 0),
        ])
    }
}

impl Default for RulesData {
    fn default() -> Self {
        Self {
            cave_width: caves::DEFAULT_WIDTH,
            cave_height: caves::DEFAULT_HEIGHT,
            hero_vision: 6,
            hero_hp: 20,
            hero_attack: 5,
            hero_defense: 1,
            regen_every: 20,
            fungus_spread_chance: 0.02,
            fungus_spread_range: 5,
            fungus_max_spreads: 5,
            fungi_per_level: 30,
            goblin_search_budget: 400,
            log_fade_turns: 7,
            paralyze_turns: 5,
            lightning_damage: 14,
            fireball_damage: 8,
            fireball_radius: 2,
            hunger: HungerRules::default(),
            depths: 10,
        }
    }
}

impl RulesData {
    /// Reads and checks the rules file. The error names the file and the problem.
    pub fn load(path: &Path) -> Result<Self, String> {
        read_data(path, Self::parse)
    }

    /// Parses rules RON and checks its values.
    pub fn parse(text: &str) -> Result<Self, String> {
        let rules: RulesData = ron::from_str(text).map_err(|e| e.to_string())?;
        mapgen::check_size(rules.cave_width, rules.cave_height)
            .map_err(|e| format!("cave_width/cave_height: {e}"))?;
        if !(1..=60).contains(&rules.hero_vision) {
            return Err(format!(
                "hero_vision: {} is out of range: use 1 to 60 tiles",
                rules.hero_vision
            ));
        }
        let checks = [
            ("hero_hp", rules.hero_hp >= 1),
            ("hero_attack", rules.hero_attack >= 0),
            ("hero_defense", rules.hero_defense >= 0),
            ("regen_every", rules.regen_every >= 1),
            (
                "fungus_spread_chance",
                (0.0..=1.0).contains(&rules.fungus_spread_chance),
            ),
            (
                "fungus_spread_range",
                (1..=50).contains(&rules.fungus_spread_range),
            ),
            (
                "fungi_per_level",
                (1..=100_000).contains(&rules.fungi_per_level),
            ),
            ("goblin_search_budget", rules.goblin_search_budget >= 1),
            ("log_fade_turns", rules.log_fade_turns >= 1),
            ("depths", (1..=100).contains(&rules.depths)),
        ];
        first_failed(&checks)
            .and_then(|()| rules.hunger.check())
            .map_err(|field| format!("{field}: the value is out of range"))?;
        Ok(rules)
    }
}

/// How a creature kind decides what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiKind {
    /// Never moves; spreads children.
    Fungus,
    /// Wanders at random and attacks what it bumps.
    Bat,
    /// Wanders; bites the hero when next to it.
    Rat,
    /// Chases the hero it sees, remembers where it saw it.
    Goblin,
}

/// One creature kind from `creatures.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureKind {
    pub name: String,
    /// The atlas sprite that draws it.
    pub sprite: String,
    pub hp: i32,
    pub attack: i32,
    pub defense: i32,
    /// How far it sees the hero, in tiles.
    pub vision: i32,
    /// Actions per hero turn.
    pub speed: u8,
    pub ai: AiKind,
    /// How many a level holds at `from_depth`...
    pub per_cave: u32,
    /// ...the first depth it lives on (0 is the surface)...
    #[serde(default)]
    pub from_depth: u32,
    /// ...and how many more each level deeper (fractions add up).
    #[serde(default)]
    pub more_per_depth: f32,
}

impl CreatureKind {
    /// How many of this kind a new level at `depth` holds.
    pub fn count_at(&self, depth: u32) -> u32 {
        if depth < self.from_depth {
            return 0;
        }
        let extra = self.more_per_depth * (depth - self.from_depth) as f32;
        self.per_cave + extra.max(0.0) as u32
    }
}

/// Every creature kind, in file order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct CreatureBook {
    pub kinds: Vec<CreatureKind>,
}

impl CreatureBook {
    /// Reads and checks `creatures.ron`. The error names the file, the entry and the field.
    pub fn load(path: &Path) -> Result<Self, String> {
        read_data(path, Self::parse)
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let kinds = parse_entries(text, |k: &CreatureKind| &k.name, check_kind)?;
        Ok(Self { kinds })
    }

    /// The kind with this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name == name)
    }
}

fn check_kind(kind: &CreatureKind) -> Result<(), &'static str> {
    let checks = [
        ("name", !kind.name.trim().is_empty()),
        ("sprite", !kind.sprite.trim().is_empty()),
        ("hp", kind.hp >= 1),
        ("attack", kind.attack >= 0),
        ("defense", kind.defense >= 0),
        ("vision", (0..=30).contains(&kind.vision)),
        ("speed", (1..=4).contains(&kind.speed)),
        ("per_cave", kind.per_cave <= 1000),
        (
            "more_per_depth",
            (0.0..=100.0).contains(&kind.more_per_depth),
        ),
    ];
    first_failed(&checks)
}

/// What an item does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemEffect {
    /// Restores this many HP, never above the maximum.
    Heal(i32),
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
}

/// The three scrolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScrollKind {
    Lightning,
    Paralyze,
    Fireball,
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
    /// Only potions, rations and scrolls may.
    #[serde(default)]
    pub stacks: bool,
    /// How many a level holds from `from_depth` down.
    pub per_cave: u32,
    #[serde(default)]
    pub from_depth: u32,
}

impl ItemKind {
    /// Whether an item with this effect may stack: potions, food with a
    /// value of its own (not the corpse, whose value is each body's) and
    /// scrolls. Gear is worn one at a time, so it never stacks.
    fn may_stack(&self) -> bool {
        match self.effect {
            ItemEffect::Heal(_) | ItemEffect::Scroll(_) => true,
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
}

/// Every item kind, in file order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ItemBook {
    pub kinds: Vec<ItemKind>,
}

impl ItemBook {
    /// Reads and checks `items.ron`. The error names the file, the entry and the field.
    pub fn load(path: &Path) -> Result<Self, String> {
        read_data(path, Self::parse)
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let check = |kind: &ItemKind| {
            first_failed(&[
                ("name", !kind.name.trim().is_empty()),
                ("sprite", !kind.sprite.trim().is_empty()),
                ("description", !kind.description.trim().is_empty()),
                ("per_cave", kind.per_cave <= 1000),
                ("stacks", !kind.stacks || kind.may_stack()),
            ])
        };
        let kinds = parse_entries(text, |k: &ItemKind| &k.name, check)?;
        Ok(Self { kinds })
    }

    /// The kind with this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name == name)
    }
}
