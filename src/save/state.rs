//! The whole game as one serde value: every level, the hero and its pack,
//! the RNG, the log, the turn count and the creature ids. `capture` reads
//! it from the world; `restore` builds the world from it.

use std::collections::BTreeMap;

use bevy::prelude::*;
use gloomdelve_core::{GameRng, Pos};
use serde::{Deserialize, Serialize};

use crate::vocab::components::Corpse;

use crate::rules::hunt::Roster;
use crate::rules::items::item;
use crate::rules::levels::records::{describe_level, restore_level};
use crate::rules::turn::bump::BumpMemory;
use crate::vocab::components::Equipment;
use crate::vocab::components::FogRule;
use crate::vocab::components::Stomach;
use crate::vocab::components::{CreatureId, Health};
use crate::vocab::components::{Drawn, GridPos, Hero, Layer};
use crate::vocab::components::{Item, Pack, Purse};
use crate::vocab::data::ItemBook;
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::log::{GameLog, LogEntry};
use crate::vocab::lore::Lore;
use crate::vocab::records::StoredLevel;
use crate::vocab::resources::Kills;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{Dungeon, NewLevel};
use crate::vocab::resources::{NextCreatureId, RulesRng};
use crate::vocab::statuses::Statuses;

/// Everything a saved game holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    pub seed: u64,
    pub mode: Mode,
    pub turn: u64,
    pub rng: GameRng,
    pub next_creature_id: u64,
    pub depth: u32,
    pub deepest: u32,
    /// The turn the hero arrived on the current level.
    #[serde(default)]
    pub arrived: u64,
    /// The levels off screen.
    pub stored: BTreeMap<u32, StoredLevel>,
    /// The level being played.
    pub current: StoredLevel,
    pub hero: HeroRecord,
    pub log: Vec<LogEntry>,
    pub kills: Vec<(String, i32)>,
    /// The hunt's enemies and their homes (empty in the delve).
    pub roster: Vec<(CreatureId, String, Pos)>,
    /// The looks of the potions and scrolls, and what the hero knows of
    /// them. Saves before version 5 had none: they load with every kind
    /// known, as their hero saw them named.
    #[serde(default)]
    pub lore: Option<Lore>,
}

/// The hero as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeroRecord {
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    pub stomach: Option<Stomach>,
    pub pack: Vec<PackItem>,
    /// Indices into `pack` of what is worn.
    pub weapon: Option<usize>,
    pub armour: Option<usize>,
    pub copper: u32,
    /// What its last action means for its next bump into rock (saves from
    /// before it was kept remember nothing).
    #[serde(default)]
    pub bumps: BumpMemory,
    /// What holds it, and for how many turns more.
    #[serde(default, skip_serializing_if = "Statuses::is_empty")]
    pub statuses: Statuses,
    /// Versions 2 and 3 of the save kept the sickness and the potions'
    /// boons in fields of their own; loading moves them into `statuses`,
    /// and they are never written.
    #[serde(default, skip_serializing)]
    pub sick_turns: Option<u32>,
    #[serde(default, skip_serializing)]
    pub boons: LegacyBoons,
}

/// What a version 2 or 3 save kept of the potions' boons, in turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegacyBoons {
    #[serde(default)]
    pub regenerating: u32,
    #[serde(default)]
    pub far_sight: u32,
}

/// One item in the pack, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PackItem {
    /// The kind's name in `items.ron`.
    pub kind: String,
    pub name: String,
    pub sprite: String,
    pub corpse: Option<Corpse>,
}

/// Reads the game in progress out of the world.
pub fn capture(world: &mut World) -> Option<SaveGame> {
    let hero = capture_hero(world)?;
    let current = describe_level(world);
    let new_game = world.resource::<NewGame>();
    let (seed, mode) = (new_game.seed, new_game.mode);
    let dungeon = world.get_resource::<Dungeon>()?.clone();
    Some(SaveGame {
        seed,
        mode,
        turn: world.resource::<TurnCount>().0,
        rng: world.get_resource::<RulesRng>()?.0.clone(),
        next_creature_id: world.resource::<NextCreatureId>().0,
        depth: dungeon.depth,
        deepest: dungeon.deepest,
        arrived: dungeon.arrived,
        stored: dungeon.stored,
        current,
        hero,
        log: world.resource::<GameLog>().entries().to_vec(),
        kills: world.resource::<Kills>().0.clone(),
        roster: world
            .get_resource::<Roster>()
            .map(|r| r.0.clone())
            .unwrap_or_default(),
        lore: world.get_resource::<Lore>().cloned(),
    })
}

type HeroParts<'a> = (
    &'a GridPos,
    &'a Health,
    Option<&'a Stomach>,
    Option<&'a Statuses>,
    &'a Pack,
    &'a Equipment,
    &'a Purse,
    Option<&'a BumpMemory>,
);

fn capture_hero(world: &mut World) -> Option<HeroRecord> {
    let mut heroes = world.query_filtered::<HeroParts, With<Hero>>();
    let (pos, health, stomach, statuses, pack, equipment, purse, bumps) =
        heroes.single(world).ok()?;
    let slot = |worn: Option<Entity>| worn.and_then(|e| pack.0.iter().position(|&p| p == e));
    let record = HeroRecord {
        pos: pos.0,
        hp: health.hp,
        max_hp: health.max,
        stomach: stomach.copied(),
        pack: Vec::new(),
        weapon: slot(equipment.weapon),
        armour: slot(equipment.armour),
        copper: purse.copper,
        bumps: bumps.cloned().unwrap_or_default(),
        statuses: statuses.cloned().unwrap_or_default(),
        sick_turns: None,
        boons: LegacyBoons::default(),
    };
    let entities = pack.0.clone();
    let pack = entities
        .iter()
        .filter_map(|&e| pack_item(world, e))
        .collect();
    Some(HeroRecord { pack, ..record })
}

fn pack_item(world: &World, entity: Entity) -> Option<PackItem> {
    let item = world.get::<Item>(entity)?;
    let book = &world.resource::<NewGame>().items;
    Some(PackItem {
        kind: book.kinds[item.kind].name.clone(),
        name: world.get::<Name>(entity)?.to_string(),
        sprite: world.get::<Drawn>(entity)?.sprite.clone(),
        corpse: world.get::<Corpse>(entity).cloned(),
    })
}

/// Replaces whatever game is in the world with the saved one. The caller
/// then enters `Screen::Playing`, which draws it.
pub fn restore(world: &mut World, save: SaveGame) {
    crate::vocab::reset::clear_game(world);
    world.remove_resource::<NewLevel>();
    {
        let mut new_game = world.resource_mut::<NewGame>();
        new_game.seed = save.seed;
        new_game.mode = save.mode;
    }
    world.insert_resource(TurnCount(save.turn));
    world.insert_resource(RulesRng(save.rng));
    world.insert_resource(NextCreatureId(save.next_creature_id));
    world.insert_resource(Dungeon {
        depth: save.depth,
        deepest: save.deepest,
        stored: save.stored,
        arrived: save.arrived,
    });
    world.insert_resource(GameLog::from_entries(save.log));
    world.insert_resource(Kills(save.kills));
    if save.mode == Mode::Hunt {
        world.insert_resource(Roster(save.roster));
    }
    let lore = restored_lore(&world.resource::<NewGame>().items, save.seed, save.lore);
    world.insert_resource(lore);
    restore_level(world, save.current);
    restore_hero(world, save.hero);
}

/// The lore of a loaded game: its own, with a look for each kind added to
/// the data since; a save from before looks were kept knows every kind.
fn restored_lore(book: &ItemBook, seed: u64, saved: Option<Lore>) -> Lore {
    let Some(mut lore) = saved else {
        let mut lore = Lore::draw(book, seed);
        for kind in &book.kinds {
            lore.learn(kind);
        }
        return lore;
    };
    lore.complete(book, seed);
    lore
}

fn restore_hero(world: &mut World, record: HeroRecord) {
    let new_game = world.resource::<NewGame>().clone();
    let pack: Vec<Entity> = record
        .pack
        .iter()
        .filter_map(|p| spawn_pack_item(world, &new_game, p))
        .collect();
    let worn = |slot: Option<usize>| slot.and_then(|i| pack.get(i).copied());
    let equipment = Equipment {
        weapon: worn(record.weapon),
        armour: worn(record.armour),
    };
    let mut hero = world.spawn(crate::rules::map::hero(record.pos, &new_game.rules));
    hero.insert((
        Health {
            hp: record.hp,
            max: record.max_hp,
        },
        Pack(pack),
        equipment,
        Purse {
            copper: record.copper,
        },
        record.bumps,
        record.statuses,
    ));
    match record.stomach {
        Some(stomach) => hero.insert(stomach),
        None => hero.remove::<Stomach>(),
    };
}

/// The pack item of `record`; `None` for a kind the data no longer has.
fn spawn_pack_item(world: &mut World, new_game: &NewGame, record: &PackItem) -> Option<Entity> {
    let kind = new_game.items.find(&record.kind)?;
    let mut entity = world.spawn(item(&new_game.items, kind, Pos::default()));
    entity.remove::<GridPos>();
    entity.insert((
        Name::new(record.name.clone()),
        Drawn::new(record.sprite.clone(), Layer::Items),
        FogRule::Remembered { seen: true },
    ));
    if let Some(corpse) = &record.corpse {
        entity.insert(corpse.clone());
    }
    Some(entity.id())
}
