//! The creature book, `assets/data/creatures.ron`: each kind's numbers
//! and the behaviours it is made of, checked as it loads.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::checks::*;
use super::items::ItemBook;

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
    /// Next to a creature of this kind, may eat it (`ecology` in
    /// rules.ron): heals, and is sated for a while, resting more than it
    /// flutters.
    Grazes(String),
    /// Flutters at random, striking whatever it bumps but its own sort.
    Flutters,
    /// Steps at random.
    Wanders,
    /// Notices the hero through rock within this many tiles, instead of by
    /// sight.
    Hears(i32),
    /// Grows on the dead: a rotten body may sprout one of this kind
    /// (`ecology.sprout_chance` in rules.ron). The first such kind does.
    GrowsOnTheDead,
    /// This share of the kind (in percent) begins asleep on a new level.
    /// Asleep, it does nothing until the hero's noise wakes it (`noise`
    /// in rules.ron) or a blow does; a blow on a sleeper deals double.
    Sleeps(i32),
}

impl Behaviour {
    /// Whether it heeds the hero: does something else once it notices it.
    pub(crate) fn heeds_hero(&self) -> bool {
        !matches!(
            self,
            Behaviour::Bites
                | Behaviour::Spreads
                | Behaviour::Grazes(_)
                | Behaviour::GrowsOnTheDead
                | Behaviour::Flutters
                | Behaviour::Wanders
                | Behaviour::Sleeps(_)
        )
    }

    /// The order a creature asks its behaviours in: the lowest first.
    pub(crate) fn priority(&self) -> u8 {
        match self {
            Behaviour::Hears(_) | Behaviour::Sleeps(_) | Behaviour::GrowsOnTheDead => 0,
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
            Behaviour::Grazes(_) => 11,
            Behaviour::Flutters => 12,
            Behaviour::Wanders => 13,
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
            Behaviour::Grazes(_) => "Grazes",
            Behaviour::Flutters => "Flutters",
            Behaviour::Wanders => "Wanders",
            Behaviour::Hears(_) => "Hears",
            Behaviour::Sleeps(_) => "Sleeps",
            Behaviour::GrowsOnTheDead => "GrowsOnTheDead",
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
            Behaviour::Grazes(kind) => require("Grazes", !kind.trim().is_empty(), "names no kind"),
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
pub(crate) fn below_share((hp, max): (i32, i32), percent: i32) -> bool {
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

    /// The kind it grazes, by name, if it grazes.
    pub fn grazes(&self) -> Option<&str> {
        self.behaviours.iter().find_map(|b| match b {
            Behaviour::Grazes(kind) => Some(kind.as_str()),
            _ => None,
        })
    }

    /// How far it hears the hero through rock, if it does.
    pub(crate) fn hears(&self) -> Option<i32> {
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
        book.check_grazing()?;
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

    /// Every kind that grazes names another, immobile kind of the book
    /// (a grazer finds its meal where it stood when the round began).
    fn check_grazing(&self) -> Result<(), String> {
        for (i, kind) in self.kinds.iter().enumerate() {
            let Some(food) = kind.grazes() else { continue };
            let problem = match self.find(food) {
                Some(k) if k != i && self.kinds[k].immobile => continue,
                Some(k) if k != i => "names a kind that moves: only immobile kinds are grazed",
                _ => "names no other kind",
            };
            return Err(format!(
                "entry {} ({:?}): behaviours: Grazes({food:?}) {problem}",
                i + 1,
                kind.name
            ));
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::{Behaviour, CreatureBook, CreatureKind, below_share, check_kind};

    /// The shipped book's first kind, a sound one to break.
    fn a_kind() -> CreatureKind {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/data/creatures.ron");
        let book = CreatureBook::load(std::path::Path::new(path)).expect("the shipped book");
        book.kinds[0].clone()
    }

    #[test]
    fn a_kind_with_a_number_out_of_its_range_is_refused_by_name() {
        assert_eq!(check_kind(&a_kind()), Ok(()));
        let broken: [(fn(&mut CreatureKind), &str); 6] = [
            (|k| k.hp = 0, "hp: 0 is out of range: use 1 to 9999"),
            (|k| k.attack = -1, "attack: -1 is out of range"),
            (|k| k.speed = 5, "speed: 5 is out of range: use 1 to 4"),
            (|k| k.from_depth = 101, "from_depth: 101 is out of range"),
            (
                |k| k.behaviours = vec![Behaviour::Flees(100)],
                "behaviours: Flees: 100",
            ),
            (|k| k.behaviours.clear(), "behaviours: is empty"),
        ];
        for (break_it, wanted) in broken {
            let mut kind = a_kind();
            break_it(&mut kind);
            let error = check_kind(&kind).expect_err(wanted);
            assert!(error.starts_with(wanted), "{wanted}: {error}");
        }
    }

    #[test]
    fn a_grazer_must_name_another_kind_of_the_book() {
        let book = |grazes: &str| {
            format!(
                "[(name: \"bat\", sprite: \"bat\", hp: 10, attack: 2, defense: 0, vision: 4, \
                 speed: 2, behaviours: [Grazes({grazes:?}), Flutters], per_cave: 1),
                 (name: \"fungus\", sprite: \"fungus\", hp: 10, attack: 0, defense: 0, \
                 vision: 0, speed: 1, behaviours: [Spreads], immobile: true, per_cave: 1),
                 (name: \"rat\", sprite: \"rat\", hp: 6, attack: 4, defense: 0, \
                 vision: 5, speed: 1, behaviours: [Wanders], per_cave: 1)]"
            )
        };
        let fed = CreatureBook::parse(&book("fungus")).expect("a bat that grazes fungus");
        assert_eq!(fed.kinds[0].grazes(), Some("fungus"));
        for (food, wanted) in [
            (
                "mushroom",
                "entry 1 (\"bat\"): behaviours: Grazes(\"mushroom\") names no other kind",
            ),
            (
                "bat",
                "entry 1 (\"bat\"): behaviours: Grazes(\"bat\") names no other kind",
            ),
            (
                "rat",
                "entry 1 (\"bat\"): behaviours: Grazes(\"rat\") names a kind that moves: \
                 only immobile kinds are grazed",
            ),
            (" ", "entry 1 (\"bat\"): behaviours: Grazes: names no kind"),
        ] {
            let error = CreatureBook::parse(&book(food)).expect_err(food);
            assert_eq!(error, wanted);
        }
    }

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
