//! Rules data read from `assets/data/rules.ron` and
//! `assets/data/creatures.ron` with plain serde, so the headless rules need
//! no asset server.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use gloomdelve_core::mapgen::{self, caves};
use serde::{Deserialize, Serialize};

use crate::vocab::lore::LookBook;
use crate::vocab::statuses::{Status, StatusWords, default_status_words};

/// Reads a data file and parses it with `parse`; an error names the file.
pub(crate) fn read_data<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, String> {
    let text = gloomdelve_core::persist::read_regular_text(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks that `value` lies in `range`; the error names the field, the
/// value and the allowed range.
pub(crate) fn in_range<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: RangeInclusive<T>,
) -> Result<(), String> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{field}: {value} is out of range: use {} to {}",
            range.start(),
            range.end()
        ))
    }
}

/// Checks that `field` is no more than `limit_field`, a value it is
/// measured against.
fn at_most<T: PartialOrd + std::fmt::Display>(
    (field, value): (&str, T),
    (limit_field, limit): (&str, T),
) -> Result<(), String> {
    if value <= limit {
        Ok(())
    } else {
        Err(format!(
            "{field}: {value} is out of range: use at most {limit_field} ({limit})"
        ))
    }
}

/// Checks that `ok` holds; the error is `field: problem`.
fn require(field: &str, ok: bool, problem: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("{field}: {problem}"))
    }
}

/// The first failed check of `checks`, if any.
pub(crate) fn first_error(
    checks: impl IntoIterator<Item = Result<(), String>>,
) -> Result<(), String> {
    checks.into_iter().collect()
}

// The ranges the numbers share, across the data files.

/// Hit points, of the hero or of a creature, and what a potion heals.
const HP: RangeInclusive<i32> = 1..=9999;
/// Attack and defense, of the hero, a creature or a piece of gear.
const STAT: RangeInclusive<i32> = 0..=999;
/// The damage of one scroll or of one turn of sickness.
const DAMAGE: RangeInclusive<i32> = 0..=9999;
/// Food: the stomach, a meal, a threshold, what a turn costs.
const FOOD: RangeInclusive<i32> = 0..=100_000;
/// A chance, from never to always.
const CHANCE: RangeInclusive<f64> = 0.0..=1.0;
/// A depth a kind first appears at (0 is the surface).
const DEPTH: RangeInclusive<u32> = 0..=100;
/// How many of a kind a new level holds.
const PER_CAVE: RangeInclusive<u32> = 0..=1000;

/// The most kinds a data file may list: far more than a game needs, few
/// enough that a file of a million entries is refused at once.
pub const MAX_KINDS: usize = 1000;

/// Parses a RON list of entries and checks each one; an error names the
/// entry (counting from 1), the field and what is wrong with it. A list of
/// more than [`MAX_KINDS`] entries is refused; names are checked for
/// repeats in one pass.
fn parse_entries<T: serde::de::DeserializeOwned>(
    text: &str,
    name: impl Fn(&T) -> &str,
    check: impl Fn(&T) -> Result<(), String>,
) -> Result<Vec<T>, String> {
    let entries: Vec<T> = ron::from_str(text).map_err(|e| e.to_string())?;
    if entries.len() > MAX_KINDS {
        return Err(format!(
            "{} entries: at most {MAX_KINDS} kinds are allowed",
            entries.len()
        ));
    }
    let mut first_with_name = std::collections::HashMap::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let named = |problem: String| format!("entry {} ({:?}): {problem}", i + 1, name(entry));
        check(entry).map_err(named)?;
        if let Some(first) = first_with_name.insert(name(entry), i) {
            return Err(named(format!(
                "name: {:?} is entry {} already",
                name(entry),
                first + 1
            )));
        }
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
    /// A creature that `Flees` regains 1 HP every this many turns.
    pub flee_regen_every: u64,
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
    /// How many tiles nearest the hero the goblins' shared chase map may
    /// reach each turn.
    pub chase_map_budget: usize,
    /// Log lines vanish from the HUD after this many turns without news.
    pub log_fade_turns: u64,
    /// Turns a scroll of paralysis holds its target.
    pub paralyze_turns: u32,
    /// Damage of a scroll of lightning.
    pub lightning_damage: i32,
    /// Damage of a fireball to everything within its radius.
    pub fireball_damage: i32,
    pub fireball_radius: i32,
    /// The attack a potion of weakness takes away while it lasts.
    pub weakness_attack: i32,
    /// The chance in percent that a level below the surface holds a vault.
    pub vault_percent: u32,
    /// Food, eating, corpses and the hunger states.
    pub hunger: HungerRules,
    /// A pest is a creature whose attack is at most this share of the
    /// hero's maximum HP (a thief or an archer is never one): explore and
    /// travel walk on while pests are about, and swat one next to the hero.
    pub pest_share: f64,
    /// Above half its HP, the hero walks on through a turn's loss of at
    /// most this share of its maximum HP (a pest's bites).
    pub shrug_share: f64,
    /// The deepest level, where the Gold Key lies.
    pub depths: u32,
    /// How each status reads: its HUD label and its wear-off line.
    pub statuses: BTreeMap<Status, StatusWords>,
    /// How loud the hero is, and how far sleepers hear it.
    pub noise: NoiseRules,
    /// The food a creature's corpse holds, per HP of its maximum.
    pub corpse_food_per_hp: i32,
    /// No creature of a new level is placed within this many tiles of
    /// where the hero arrives (each way).
    pub spawn_clearance: i32,
    /// A scroll of teleport takes the hero at least this many tiles away
    /// (each way), where the level has room.
    pub teleport_at_least: i32,
    /// The chances of each kind of level below the surface.
    pub levels: LevelOdds,
    /// What a finished game scores.
    pub score: ScoreWeights,
}

/// The chances of each kind of level below the surface: rooms, or else
/// caves, which may have pools and trees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LevelOdds {
    pub rooms: f64,
    pub pools: f64,
    pub trees: f64,
}

impl Default for LevelOdds {
    fn default() -> Self {
        Self {
            rooms: 0.4,
            pools: 0.4,
            trees: 0.3,
        }
    }
}

impl LevelOdds {
    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("levels.rooms", self.rooms, CHANCE),
            in_range("levels.pools", self.pools, CHANCE),
            in_range("levels.trees", self.trees, CHANCE),
        ])
    }
}

/// A finished game's score: so much per level of the deepest depth
/// reached, per HP of each kill's maximum, one point per so many copper
/// carried, and a bonus for a victory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoreWeights {
    pub per_depth: i64,
    pub per_hp_killed: i64,
    pub copper_per_point: u32,
    pub victory: i64,
}

impl Default for ScoreWeights {
    fn default() -> Self {
        Self {
            per_depth: 50,
            per_hp_killed: 1,
            copper_per_point: 10,
            victory: 1000,
        }
    }
}

impl ScoreWeights {
    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("score.per_depth", self.per_depth, 0..=1_000_000),
            in_range("score.per_hp_killed", self.per_hp_killed, 0..=1_000_000),
            in_range(
                "score.copper_per_point",
                self.copper_per_point,
                1..=1_000_000,
            ),
            in_range("score.victory", self.victory, 0..=1_000_000_000),
        ])
    }
}

/// The hero's noise, which wakes sleeping creatures. Each turn a sleeper
/// within `hearing` tiles wakes with a chance in percent of the turn's
/// noise (the loudest thing the hero did, plus its armour's `noise` in
/// items.ron), the whole of it next to the hero, less with each tile
/// farther: `noise × (hearing + 1 − distance) / hearing`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NoiseRules {
    pub hearing: i32,
    /// A turn the hero stays put: waits, eats, reads, picks up.
    pub rest: i32,
    /// A step.
    pub step: i32,
    /// A blow struck by or at the hero.
    pub fight: i32,
    /// A dig through rock.
    pub dig: i32,
}

impl Default for NoiseRules {
    fn default() -> Self {
        Self {
            hearing: 7,
            rest: 3,
            step: 10,
            fight: 20,
            dig: 40,
        }
    }
}

impl NoiseRules {
    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("noise.hearing", self.hearing, 1..=60),
            in_range("noise.rest", self.rest, 0..=100),
            in_range("noise.step", self.step, 0..=100),
            in_range("noise.fight", self.fight, 0..=100),
            in_range("noise.dig", self.dig, 0..=100),
        ])
    }

    /// The chance in percent that a sleeper `distance` tiles from the hero
    /// wakes at a turn's `noise`: 0 beyond hearing.
    pub fn wake_chance(&self, noise: i32, distance: i32) -> i32 {
        if distance > self.hearing {
            return 0;
        }
        (noise * (self.hearing + 1 - distance.max(1)) / self.hearing).clamp(0, 100)
    }
}

/// Every status has words, and none is empty.
fn check_status_words(words: &BTreeMap<Status, StatusWords>) -> Result<(), String> {
    for status in Status::ALL {
        let Some(said) = words.get(&status) else {
            return Err(format!("statuses: {status:?} is missing"));
        };
        require(
            &format!("statuses: {status:?}: label"),
            !said.label.trim().is_empty(),
            "is empty",
        )?;
        require(
            &format!("statuses: {status:?}: wears_off"),
            !said.wears_off.trim().is_empty(),
            "is empty",
        )?;
    }
    Ok(())
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
    /// How far over a line the food must rise before the state gets better.
    pub recovery_margin: i32,
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
            recovery_margin: 40,
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
    /// The allowed range of every hunger number, then the order of the
    /// thresholds: starving <= weak <= hungry <= satiated.
    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("hunger.max_food", self.max_food, 1..=*FOOD.end()),
            in_range("hunger.start_food", self.start_food, 1..=*FOOD.end()),
            in_range("hunger.food_per_turn", self.food_per_turn, FOOD),
            in_range("hunger.food_per_dig", self.food_per_dig, FOOD),
            in_range("hunger.satiated_above", self.satiated_above, FOOD),
            in_range("hunger.hungry_below", self.hungry_below, FOOD),
            in_range("hunger.weak_below", self.weak_below, FOOD),
            in_range("hunger.starving_below", self.starving_below, FOOD),
            in_range("hunger.recovery_margin", self.recovery_margin, FOOD),
            in_range("hunger.weak_attack_penalty", self.weak_attack_penalty, STAT),
            in_range(
                "hunger.corpse_rots_after",
                self.corpse_rots_after,
                0..=100_000,
            ),
            in_range(
                "hunger.corpse_vanishes_after",
                self.corpse_vanishes_after,
                0..=100_000,
            ),
            in_range(
                "hunger.rotten_sickness_chance",
                self.rotten_sickness_chance,
                CHANCE,
            ),
            in_range("hunger.sickness_turns", self.sickness_turns, 0..=1000),
            in_range("hunger.sickness_damage", self.sickness_damage, DAMAGE),
            at_most(
                ("hunger.start_food", self.start_food),
                ("hunger.max_food", self.max_food),
            ),
            at_most(
                ("hunger.starving_below", self.starving_below),
                ("hunger.weak_below", self.weak_below),
            ),
            at_most(
                ("hunger.weak_below", self.weak_below),
                ("hunger.hungry_below", self.hungry_below),
            ),
            at_most(
                ("hunger.hungry_below", self.hungry_below),
                ("hunger.satiated_above", self.satiated_above),
            ),
            at_most(
                ("hunger.corpse_rots_after", self.corpse_rots_after),
                ("hunger.corpse_vanishes_after", self.corpse_vanishes_after),
            ),
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
            regen_every: 30,
            flee_regen_every: 10,
            fungus_spread_chance: 0.02,
            fungus_spread_range: 5,
            fungus_max_spreads: 5,
            fungi_per_level: 30,
            goblin_search_budget: 400,
            chase_map_budget: 1200,
            log_fade_turns: 7,
            paralyze_turns: 5,
            lightning_damage: 14,
            fireball_damage: 8,
            fireball_radius: 2,
            weakness_attack: 3,
            vault_percent: 34,
            hunger: HungerRules::default(),
            pest_share: 0.16,
            shrug_share: 0.2,
            depths: 10,
            statuses: default_status_words(),
            noise: NoiseRules::default(),
            corpse_food_per_hp: 3,
            spawn_clearance: 4,
            teleport_at_least: 10,
            levels: LevelOdds::default(),
            score: ScoreWeights::default(),
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
        rules.check()?;
        Ok(rules)
    }

    /// The allowed range of every number in `rules.ron`.
    fn check(&self) -> Result<(), String> {
        mapgen::check_size(self.cave_width, self.cave_height)
            .map_err(|e| format!("cave_width/cave_height: {e}"))?;
        first_error([
            in_range("hero_vision", self.hero_vision, 1..=60),
            in_range("hero_hp", self.hero_hp, HP),
            in_range("hero_attack", self.hero_attack, STAT),
            in_range("hero_defense", self.hero_defense, STAT),
            in_range("regen_every", self.regen_every, 1..=10_000),
            in_range("flee_regen_every", self.flee_regen_every, 1..=10_000),
            in_range("fungus_spread_chance", self.fungus_spread_chance, CHANCE),
            in_range("fungus_spread_range", self.fungus_spread_range, 1..=50),
            in_range("fungus_max_spreads", self.fungus_max_spreads, 0..=1000),
            in_range("fungi_per_level", self.fungi_per_level, 1..=100_000),
            in_range(
                "goblin_search_budget",
                self.goblin_search_budget,
                1..=1_000_000,
            ),
            in_range("chase_map_budget", self.chase_map_budget, 1..=1_000_000),
            in_range("log_fade_turns", self.log_fade_turns, 1..=10_000),
            in_range("paralyze_turns", self.paralyze_turns, 0..=1000),
            in_range("lightning_damage", self.lightning_damage, DAMAGE),
            in_range("weakness_attack", self.weakness_attack, STAT),
            in_range("vault_percent", self.vault_percent, 0..=100),
            in_range("fireball_damage", self.fireball_damage, DAMAGE),
            in_range("fireball_radius", self.fireball_radius, 0..=20),
            in_range("pest_share", self.pest_share, CHANCE),
            in_range("shrug_share", self.shrug_share, CHANCE),
            in_range("depths", self.depths, 1..=*DEPTH.end()),
            self.hunger.check(),
            check_status_words(&self.statuses),
            self.noise.check(),
            in_range("corpse_food_per_hp", self.corpse_food_per_hp, 1..=100),
            in_range("spawn_clearance", self.spawn_clearance, 0..=50),
            in_range("teleport_at_least", self.teleport_at_least, 1..=600),
            self.levels.check(),
            self.score.check(),
        ])
    }
}

/// One thing a creature kind does, named in `creatures.ron`. A creature
/// asks its behaviours in [`Behaviour::priority`] order, whatever order the
/// data lists them in, and the first that has something to do this turn
/// acts. Each is one file under `src/rules/creatures/behaviours/`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Behaviour {
    /// Below this share of its HP (in percent), keeps away from the hero
    /// it notices, striking only when cornered; out of sight it wanders.
    /// It heals 1 HP every `flee_regen_every` turns (rules.ron), and comes
    /// back once it is above the share again.
    Flees(i32),
    /// With loot, keeps away from the hero it notices, striking only when
    /// cornered next to it; out of sight it wanders.
    FleesWithLoot,
    /// Next to the hero, snatches half the purse or an item of the pack.
    Steals,
    /// Steps away from the hero it notices this many tiles off or nearer.
    KeepsDistance(i32),
    /// Strikes the hero next to it.
    Bites,
    /// Shoots this item kind (a missile in items.ron) at the hero it
    /// notices, with a clear line as far as it sees.
    Shoots(String),
    /// Makes for a free side of the hero that no other such creature holds.
    Surrounds,
    /// Follows the hero it notices, and then its trail.
    Chases,
    /// Digs through rock toward the hero it notices. Its tunnels stay.
    Burrows,
    /// Now and then plants a child of its kind nearby.
    Spreads,
    /// Flutters at random, striking whatever it bumps but its own sort.
    Flutters,
    /// Steps at random.
    Wanders,
    /// Notices the hero through rock within this many tiles, instead of by
    /// sight.
    Hears(i32),
    /// This share of the kind (in percent) begins asleep on a new level.
    /// Asleep, it does nothing until the hero's noise wakes it (`noise`
    /// in rules.ron) or a blow does; a blow on a sleeper deals double.
    Sleeps(i32),
}

impl Behaviour {
    /// Whether it heeds the hero: does something else once it notices it.
    pub fn heeds_hero(&self) -> bool {
        !matches!(
            self,
            Behaviour::Bites
                | Behaviour::Spreads
                | Behaviour::Flutters
                | Behaviour::Wanders
                | Behaviour::Sleeps(_)
        )
    }

    /// The order a creature asks its behaviours in: the lowest first.
    pub fn priority(&self) -> u8 {
        match self {
            Behaviour::Hears(_) | Behaviour::Sleeps(_) => 0,
            Behaviour::Flees(_) => 1,
            Behaviour::FleesWithLoot => 2,
            Behaviour::Steals => 3,
            Behaviour::KeepsDistance(_) => 4,
            Behaviour::Bites => 5,
            Behaviour::Shoots(_) => 6,
            Behaviour::Surrounds => 7,
            Behaviour::Chases => 8,
            Behaviour::Burrows => 9,
            Behaviour::Spreads => 10,
            Behaviour::Flutters => 11,
            Behaviour::Wanders => 12,
        }
    }

    /// The behaviour's name with no number or item: `KeepsDistance`.
    pub fn name(&self) -> &'static str {
        match self {
            Behaviour::Flees(_) => "Flees",
            Behaviour::FleesWithLoot => "FleesWithLoot",
            Behaviour::Steals => "Steals",
            Behaviour::KeepsDistance(_) => "KeepsDistance",
            Behaviour::Bites => "Bites",
            Behaviour::Shoots(_) => "Shoots",
            Behaviour::Surrounds => "Surrounds",
            Behaviour::Chases => "Chases",
            Behaviour::Burrows => "Burrows",
            Behaviour::Spreads => "Spreads",
            Behaviour::Flutters => "Flutters",
            Behaviour::Wanders => "Wanders",
            Behaviour::Hears(_) => "Hears",
            Behaviour::Sleeps(_) => "Sleeps",
        }
    }

    /// Why this behaviour's number is out of range, if it is.
    fn check(&self) -> Result<(), String> {
        match self {
            Behaviour::Flees(percent) => in_range("Flees", *percent, 1..=99),
            Behaviour::KeepsDistance(tiles) => in_range("KeepsDistance", *tiles, 1..=10),
            Behaviour::Hears(tiles) => in_range("Hears", *tiles, 1..=30),
            Behaviour::Sleeps(percent) => in_range("Sleeps", *percent, 0..=100),
            Behaviour::Shoots(item) => require("Shoots", !item.trim().is_empty(), "names no item"),
            _ => Ok(()),
        }
    }
}

/// One creature kind from `creatures.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureKind {
    pub name: String,
    /// The atlas sprite that draws it.
    pub sprite: String,
    /// One line saying what it does, for look mode.
    #[serde(default)]
    pub description: String,
    pub hp: i32,
    pub attack: i32,
    pub defense: i32,
    /// How far it sees the hero, in tiles.
    pub vision: i32,
    /// Actions per hero turn.
    pub speed: u8,
    /// It acts on one hero turn in this many (2: every other turn).
    #[serde(default = "every_turn")]
    pub acts_every: u8,
    /// What it does, asked in [`Behaviour::priority`] order.
    pub behaviours: Vec<Behaviour>,
    /// Never hurts anyone: the bot and auto-explore pay it no heed.
    #[serde(default)]
    pub harmless: bool,
    /// Never moves: the hunt, whose enemies must come to the hero or be
    /// found, leaves it out.
    #[serde(default)]
    pub immobile: bool,
    /// Opens a closed door in its way (true when left out): bats and fungi
    /// cannot.
    #[serde(default = "yes")]
    pub opens_doors: bool,
    /// How many a level holds at `from_depth`...
    pub per_cave: u32,
    /// ...the first depth it lives on (0 is the surface)...
    #[serde(default)]
    pub from_depth: u32,
    /// ...and how many more each level deeper (fractions add up)...
    #[serde(default)]
    pub more_per_depth: f32,
    /// ...down to this depth, the last it lives on (no end when left out).
    #[serde(default)]
    pub to_depth: Option<u32>,
}

fn every_turn() -> u8 {
    1
}

fn yes() -> bool {
    true
}

/// Whether a creature with `hp` of `max` (alive) is below `percent` of
/// it: when one that `Flees(percent)` runs.
pub fn below_share((hp, max): (i32, i32), percent: i32) -> bool {
    hp > 0 && i64::from(hp) * 100 < i64::from(max) * i64::from(percent)
}

impl CreatureKind {
    /// Whether one of this kind with `health` (HP, most HP) flees.
    pub fn flees(&self, health: (i32, i32)) -> bool {
        let share = |b: &Behaviour| match b {
            Behaviour::Flees(percent) => Some(*percent),
            _ => None,
        };
        (self.behaviours.iter().filter_map(share)).any(|percent| below_share(health, percent))
    }

    /// Whether the kind does what `wanted` names, whatever its number or
    /// item: `does(&Behaviour::Shoots(String::new()))` for any shooter.
    pub fn does(&self, wanted: &Behaviour) -> bool {
        self.behaviours.iter().any(|b| b.name() == wanted.name())
    }

    /// The item kind it shoots, if it shoots.
    pub fn shoots(&self) -> Option<&str> {
        self.behaviours.iter().find_map(|b| match b {
            Behaviour::Shoots(item) => Some(item.as_str()),
            _ => None,
        })
    }

    /// How far it hears the hero through rock, if it does.
    pub fn hears(&self) -> Option<i32> {
        self.behaviours.iter().find_map(|b| match b {
            Behaviour::Hears(tiles) => Some(*tiles),
            _ => None,
        })
    }

    /// How many of this kind a new level at `depth` holds.
    pub fn count_at(&self, depth: u32) -> u32 {
        if depth < self.from_depth || self.to_depth.is_some_and(|last| depth > last) {
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
        let book = Self { kinds };
        book.check_the_kinds_the_rules_need()?;
        Ok(book)
    }

    /// Checks that every kind that `shoots` names a missile in `items`.
    /// The error, for `path` (the creatures file), names the entry.
    pub fn check_shots(&self, items: &ItemBook, path: &Path) -> Result<(), String> {
        for (i, kind) in self.kinds.iter().enumerate() {
            let Some(shot) = kind.shoots() else { continue };
            let missile = items
                .find(shot)
                .and_then(|k| items.kinds[k].effect.thrown());
            if missile.is_none() {
                return Err(format!(
                    "{}: entry {} ({:?}): shoots: {shot:?} is no missile in items.ron",
                    path.display(),
                    i + 1,
                    kind.name
                ));
            }
        }
        Ok(())
    }

    /// The kind with this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name == name)
    }

    /// The hunt sends creatures that move after the hero: one kind must.
    fn check_the_kinds_the_rules_need(&self) -> Result<(), String> {
        require(
            "ai",
            self.kinds.iter().any(|k| !k.immobile),
            "every kind is immobile: the hunt needs a kind that moves",
        )
    }
}

/// The allowed range of every number of a creature kind.
fn check_kind(kind: &CreatureKind) -> Result<(), String> {
    first_error([
        require("name", !kind.name.trim().is_empty(), "is empty"),
        require("sprite", !kind.sprite.trim().is_empty(), "is empty"),
        in_range("hp", kind.hp, HP),
        in_range("attack", kind.attack, STAT),
        in_range("defense", kind.defense, STAT),
        in_range("vision", kind.vision, 0..=30),
        in_range("speed", kind.speed, 1..=4),
        in_range("acts_every", kind.acts_every, 1..=10),
        in_range("per_cave", kind.per_cave, PER_CAVE),
        in_range("from_depth", kind.from_depth, DEPTH),
        in_range("more_per_depth", kind.more_per_depth, 0.0..=100.0),
        require(
            "to_depth",
            kind.to_depth.is_none_or(|last| last >= kind.from_depth),
            "is above from_depth",
        ),
        check_behaviours(&kind.behaviours),
    ])
}

/// A kind does something, and each thing once.
fn check_behaviours(behaviours: &[Behaviour]) -> Result<(), String> {
    require("behaviours", !behaviours.is_empty(), "is empty")?;
    for (i, behaviour) in behaviours.iter().enumerate() {
        behaviour.check().map_err(|e| format!("behaviours: {e}"))?;
        if behaviours[..i].iter().any(|b| b.name() == behaviour.name()) {
            return Err(format!("behaviours: {} is named twice", behaviour.name()));
        }
    }
    Ok(())
}

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
    pub fn is_aimed(self) -> bool {
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
pub const LOOKS_FILE: &str = "looks.ron";

/// The name of the item kind a body becomes.
pub const CORPSE: &str = "corpse";

/// The atlas file, relative to the assets folder: the file that marks it.
pub const ATLAS_PATH: &str = "sprites/sprites.atlas.ron";

/// Finds the folder that holds the game's assets: `$BEVY_ASSET_ROOT/assets`,
/// `$CARGO_MANIFEST_DIR/assets`, `assets` beside the executable, `./assets`,
/// then the folder the game was built from. The first that holds the atlas wins.
pub fn find_assets_dir() -> Result<PathBuf, String> {
    let candidates = asset_dir_candidates();
    candidates
        .iter()
        .find(|dir| dir.join(ATLAS_PATH).is_file())
        .cloned()
        .ok_or_else(|| {
            let tried: Vec<String> = candidates.iter().map(|d| format!("  {}", d.display())).collect();
            format!(
                "cannot find the game's assets folder (it holds {ATLAS_PATH}). Looked in:\n{}\n\
                 Run the game from the repository root, or set BEVY_ASSET_ROOT to the folder that contains `assets`.",
                tried.join("\n")
            )
        })
}

fn asset_dir_candidates() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = std::env::var_os(var) {
            dirs.push(PathBuf::from(root).join("assets"));
        }
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        dirs.push(exe_dir.join("assets"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        dirs.push(cwd.join("assets"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
    dirs
}

#[cfg(test)]
mod tests {
    use crate::vocab::data::below_share;

    #[test]
    fn a_creature_flees_below_its_share_of_hp_and_never_when_dead() {
        assert!(below_share((3, 14), 25), "3 of 14 is 21%");
        assert!(!below_share((4, 14), 25), "4 of 14 is 28%");
        assert!(
            !below_share((25, 100), 25),
            "exactly the share is not below it"
        );
        assert!(below_share((24, 100), 25));
        assert!(!below_share((0, 14), 25), "the dead flee nowhere");
    }
}
