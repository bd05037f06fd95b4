//! The rule numbers of `assets/data/rules.ron`: the hero, hunger, noise,
//! the levels, the score, each with the range it is checked against.

use std::collections::BTreeMap;
use std::path::Path;

use gloomdelve_core::mapgen::{self, caves};
use serde::{Deserialize, Serialize};

use super::checks::*;
use crate::vocab::statuses::{Status, StatusWords, default_status_words};

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
    /// The turns a step through rock takes, as routes count it: the bump
    /// that digs and the step into the hole. A route that may dig prices
    /// such a step at this plus the dig's food (`hunger.food_per_dig`) as
    /// the turns that food lasts (at `hunger.food_per_turn`).
    pub dig_turns: u32,
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
    /// The living cave: grazers eating what they graze.
    pub ecology: EcologyRules,
    /// What a finished game scores.
    pub score: ScoreWeights,
}

/// The living cave: a creature that `Grazes` (creatures.ron) next to one
/// of the kind it grazes eats it with `graze_chance` each turn, heals
/// `graze_heal` HP, and is sated for `sated_turns` turns, in which it
/// flutters on a turn only with `sated_flutter_chance` and else rests.
/// A rotten body on the ground sprouts a fungus (a kind that
/// `GrowsOnTheDead`) with `sprout_chance` each turn, once. A spreader
/// with `crowding` or more of its kind within its spread range spreads no
/// more, and each one fewer gives back `1 / crowding` of its chance (0:
/// no crowding).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EcologyRules {
    pub graze_chance: f64,
    pub graze_heal: i32,
    pub sated_turns: u32,
    pub sated_flutter_chance: f64,
    pub sprout_chance: f64,
    pub crowding: u32,
    /// The spreaders a level's ground bears: each one living takes
    /// `1 / carrying` of every spreader's chance (0: no such limit).
    pub carrying: u32,
    /// A grazer caught up finds a meal within this many tiles.
    pub graze_reach: i32,
    /// A level left behind is caught up in epochs of this many turns...
    pub catch_up_every: u64,
    /// ...at most this many of them, the last.
    pub catch_up_epochs: u64,
}

impl Default for EcologyRules {
    fn default() -> Self {
        Self {
            graze_chance: 0.4,
            graze_heal: 3,
            sated_turns: 30,
            sated_flutter_chance: 0.25,
            sprout_chance: 0.01,
            crowding: 6,
            carrying: 24,
            graze_reach: 6,
            catch_up_every: 50,
            catch_up_epochs: 400,
        }
    }
}

impl EcologyRules {
    fn check(&self) -> Result<(), String> {
        first_error([
            in_range("ecology.graze_chance", self.graze_chance, CHANCE),
            in_range("ecology.graze_heal", self.graze_heal, 0..=1000),
            in_range("ecology.sated_turns", self.sated_turns, 0..=10_000),
            in_range(
                "ecology.sated_flutter_chance",
                self.sated_flutter_chance,
                CHANCE,
            ),
            in_range("ecology.sprout_chance", self.sprout_chance, CHANCE),
            in_range("ecology.crowding", self.crowding, 0..=1000),
            in_range("ecology.carrying", self.carrying, 0..=100_000),
            in_range("ecology.graze_reach", self.graze_reach, 1..=60),
            in_range("ecology.catch_up_every", self.catch_up_every, 1..=10_000),
            in_range("ecology.catch_up_epochs", self.catch_up_epochs, 0..=100_000),
        ])
    }
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
    pub(crate) fn wake_chance(&self, noise: i32, distance: i32) -> i32 {
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
    /// ...and is bones this many turns after the death: no food, and it
    /// stays (in the pack it rots away). Once `corpse_vanishes_after`.
    #[serde(alias = "corpse_vanishes_after")]
    pub corpse_bones_after: u64,
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
            corpse_bones_after: 400,
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
                "hunger.corpse_bones_after",
                self.corpse_bones_after,
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
                ("hunger.corpse_bones_after", self.corpse_bones_after),
            ),
        ])
    }
}

impl RulesData {
    /// What a route prices a step through rock at, in turns (see
    /// `dig_turns`), for a hero that is `fed`: `None` where it never
    /// hungers (the hunt), when the dig's food is left out. A hungry hero
    /// (`Some(false)`) plans no digs: its food is short, and a dig eats
    /// five turns of it.
    pub fn route_dig_cost(&self, fed: Option<bool>) -> Option<u32> {
        let food = match fed {
            None => 0,
            Some(false) => return None,
            Some(true) => {
                let per_turn = u32::try_from(self.hunger.food_per_turn).unwrap_or(0).max(1);
                let food = u32::try_from(self.hunger.food_per_dig).unwrap_or(0);
                food.div_ceil(per_turn)
            }
        };
        Some(self.dig_turns.saturating_add(food))
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
            dig_turns: 2,
            depths: 10,
            statuses: default_status_words(),
            noise: NoiseRules::default(),
            corpse_food_per_hp: 3,
            spawn_clearance: 4,
            teleport_at_least: 10,
            levels: LevelOdds::default(),
            ecology: EcologyRules::default(),
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
            in_range("dig_turns", self.dig_turns, 2..=20),
            in_range("depths", self.depths, 1..=*DEPTH.end()),
            self.hunger.check(),
            check_status_words(&self.statuses),
            self.noise.check(),
            in_range("corpse_food_per_hp", self.corpse_food_per_hp, 1..=100),
            in_range("spawn_clearance", self.spawn_clearance, 0..=50),
            in_range("teleport_at_least", self.teleport_at_least, 1..=600),
            self.levels.check(),
            self.ecology.check(),
            self.score.check(),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::RulesData;

    #[test]
    fn the_defaults_and_an_empty_file_pass_their_checks() {
        assert_eq!(RulesData::parse("()"), Ok(RulesData::default()));
    }

    #[test]
    fn a_number_out_of_its_range_is_refused_by_name_with_the_range() {
        let refused = [
            ("(hero_hp: 0)", "hero_hp: 0 is out of range: use 1 to 9999"),
            ("(regen_every: 0)", "regen_every: 0 is out of range"),
            (
                "(hunger: (max_food: 0))",
                "hunger.max_food: 0 is out of range",
            ),
            ("(noise: (hearing: 0))", "noise.hearing: 0 is out of range"),
            (
                "(ecology: (graze_chance: 1.5))",
                "ecology.graze_chance: 1.5 is out of range: use 0 to 1",
            ),
            (
                "(ecology: (sated_turns: 10001))",
                "ecology.sated_turns: 10001 is out of range: use 0 to 10000",
            ),
            (
                "(levels: (rooms: 1.5))",
                "levels.rooms: 1.5 is out of range: use 0 to 1",
            ),
            (
                "(score: (per_depth: -1))",
                "score.per_depth: -1 is out of range",
            ),
            (
                "(corpse_food_per_hp: -1)",
                "corpse_food_per_hp: -1 is out of range",
            ),
        ];
        for (text, wanted) in refused {
            let error = RulesData::parse(text).expect_err(text);
            assert!(error.starts_with(wanted), "{text}: {error}");
        }
    }

    #[test]
    fn the_ends_of_a_range_are_allowed() {
        for text in [
            "(hero_hp: 1)",
            "(hero_hp: 9999)",
            "(levels: (rooms: 0.0, pools: 1.0))",
        ] {
            assert!(RulesData::parse(text).is_ok(), "{text}");
        }
    }
}
