//! The save checker's families (issue 36): each impossible game is set
//! aside naming its first wrong field, while every save a real game makes
//! (the bot's, in the delve and the hunt) loads.

use gloomdelve::Mode;
use gloomdelve::rules::creatures::behaviours::chases::Trail;
use gloomdelve::rules::creatures::behaviours::grazes::Grazing;
use gloomdelve::rules::creatures::behaviours::memory::to_saved;
use gloomdelve::rules::creatures::behaviours::spreads::Spreading;
use gloomdelve::rules::creatures::behaviours::steals::Loot;
use gloomdelve::save::SaveStatus;
use gloomdelve::save::state::SaveGame;
use gloomdelve::vocab::components::{Corpse, CreatureId};
use gloomdelve::vocab::statuses::Status;
use gloomdelve_core::{Grid, Pos, Terrain, Tile};

use crate::support::{read_save, scratch, set_aside_copies, shipped_game};

/// A change to a save.
type Edit = Box<dyn Fn(&mut SaveGame)>;

fn edit(change: impl Fn(&mut SaveGame) + 'static) -> Edit {
    Box::new(change)
}

/// A real game of `mode`, saved by the bot on turn `turn`.
fn bot_save(seed: u64, mode: Mode, turn: u64) -> SaveGame {
    gloomdelve::sim::run_and_capture(shipped_game(seed, mode), turn, false)
        .unwrap()
        .save
        .expect("the hero is alive")
}

/// `terrain` with `tile` at `at`.
fn with_tile(terrain: &Terrain, at: Pos, tile: Tile) -> Terrain {
    let tiles = terrain.tiles();
    let grid = Grid::from_fn(tiles.width(), tiles.height(), |p| {
        if p == at { tile } else { tiles[p] }
    });
    Terrain::new(grid, terrain.border())
}

/// A wall of the current level.
fn a_wall(save: &SaveGame) -> Pos {
    let terrain = &save.current.terrain;
    let mut tiles = terrain.tiles().iter();
    tiles.find(|(_, t)| !t.is_walkable()).unwrap().0
}

/// A tile of the current level that nobody stands on and nothing lies
/// on, of a tile creatures may enter.
fn a_free_floor(save: &SaveGame) -> Pos {
    let level = &save.current;
    let used = |p: Pos| {
        p == save.hero.pos
            || level.creatures.iter().any(|c| c.pos == p)
            || save.roster.iter().any(|r| r.2 == p)
    };
    let mut tiles = level.terrain.tiles().iter();
    tiles
        .find(|(p, _)| level.terrain.admits_creatures(*p) && !used(*p))
        .unwrap()
        .0
}

/// Makes the first creature a `kind` at full health of `hp`.
fn make_first(save: &mut SaveGame, kind: &str, hp: i32) {
    let creature = &mut save.current.creatures[0];
    creature.kind = kind.into();
    (creature.hp, creature.max_hp) = (hp, hp);
    creature.memories.clear();
}

/// Gives the first creature `memory` under `key`.
fn remember(save: &mut SaveGame, key: &str, memory: &impl serde::Serialize) {
    let saved = to_saved(memory).expect("a memory converts");
    save.current.creatures[0]
        .memories
        .insert(key.to_string(), saved);
}

fn body(food: i32, died: u64) -> Option<Corpse> {
    Some(Corpse {
        food,
        died,
        rotten: false,
        bones: false,
        sprouted: false,
    })
}

fn the_delve_families() -> Vec<(&'static str, Edit)> {
    vec![
        // The stomach.
        (
            "hero.stomach.food",
            edit(|s| s.hero.stomach.as_mut().unwrap().food = 99_999),
        ),
        (
            "hero.stomach.max",
            edit(|s| s.hero.stomach.as_mut().unwrap().max = 0),
        ),
        (
            "hero.stomach.max",
            edit(|s| s.hero.stomach.as_mut().unwrap().max = -1),
        ),
        ("hero.stomach", edit(|s| s.hero.stomach = None)),
        (
            "hero.statuses.Sick",
            edit(|s| s.hero.statuses.give(Status::Sick, u32::MAX)),
        ),
        // The pack.
        (
            "hero.pack",
            edit(|s| {
                let sword = gloomdelve::save::state::PackItem {
                    kind: "steel sword".into(),
                    name: "steel sword".into(),
                    sprite: "steel_sword".into(),
                    corpse: None,
                };
                s.hero.pack = vec![sword; 25];
                (s.hero.weapon, s.hero.armour) = (None, None);
            }),
        ),
        // Tiles: a creature on a narrow tunnel.
        (
            "current.creatures[0].pos",
            edit(|s| {
                let at = s.current.creatures[0].pos;
                s.current.terrain = with_tile(&s.current.terrain, at, Tile::Tunnel);
            }),
        ),
        // Fungi and health.
        (
            "current.creatures[0].memories.spreads",
            edit(|s| {
                make_first(s, "fungus", 10);
                remember(s, "spreads", &Spreading { spreads: 1000 });
            }),
        ),
        (
            "current.creatures[0].memories.grazes",
            edit(|s| {
                make_first(s, "bat", 10);
                remember(s, "grazes", &Grazing { sated: 100_000 });
            }),
        ),
        ("hero.hp", edit(|s| s.hero.max_hp = i32::MAX)),
        (
            "current.creatures[0].hp",
            edit(|s| {
                make_first(s, "rat", 6);
                s.current.creatures[0].max_hp = 60_000;
            }),
        ),
        // Time.
        (
            "hero.statuses.Regenerating",
            edit(|s| s.hero.statuses.give(Status::Regenerating, u32::MAX)),
        ),
        (
            "hero.statuses.FarSight",
            edit(|s| s.hero.statuses.give(Status::FarSight, 101)),
        ),
        (
            "current.creatures[0].statuses.Paralysed",
            edit(|s| {
                let held = &mut s.current.creatures[0].statuses;
                held.give(Status::Paralysed, u32::MAX);
            }),
        ),
        (
            "current.items[0].corpse.died",
            edit(|s| {
                s.current.items[0].kind = "corpse".into();
                s.current.items[0].corpse = body(30, s.turn + 1);
            }),
        ),
        ("arrived", edit(|s| s.arrived = s.turn + 1)),
        ("log[0].turn", edit(|s| s.log[0].turn = s.turn + 100)),
        // Corpses and loot.
        (
            "current.items[0].corpse.food",
            edit(|s| {
                s.current.items[0].kind = "corpse".into();
                s.current.items[0].corpse = body(-100_000, 0);
            }),
        ),
        (
            "current.items[0].corpse",
            edit(|s| {
                s.current.items[0].kind = "rock".into();
                s.current.items[0].corpse = body(30, 0);
            }),
        ),
        (
            "current.items[0].corpse",
            edit(|s| {
                s.current.items[0].kind = "corpse".into();
                let mut bones = body(30, 0);
                bones.as_mut().unwrap().bones = true;
                s.current.items[0].corpse = bones;
            }),
        ),
        (
            "current.items[0].corpse",
            edit(|s| {
                s.current.items[0].kind = "corpse".into();
                let mut sprouted = body(30, 0);
                sprouted.as_mut().unwrap().sprouted = true;
                s.current.items[0].corpse = sprouted;
            }),
        ),
        (
            "current.items[0].worth",
            edit(|s| {
                s.current.items[0].kind = "rock".into();
                s.current.items[0].corpse = None;
                s.current.items[0].worth = Some(100_000);
            }),
        ),
        (
            "current.items[0].worth",
            edit(|s| {
                s.current.items[0].kind = "gold coins".into();
                s.current.items[0].corpse = None;
                s.current.items[0].worth = Some(u32::MAX);
            }),
        ),
        (
            "current.creatures[0].memories.loot",
            edit(|s| {
                make_first(s, "rat", 6);
                remember(
                    s,
                    "loot",
                    &Loot {
                        copper: 5,
                        items: Vec::new(),
                    },
                );
            }),
        ),
        (
            "current.creatures[0].memories.loot",
            edit(|s| {
                make_first(s, "thief", 10);
                remember(
                    s,
                    "loot",
                    &Loot {
                        copper: 0,
                        items: vec!["unobtainium".into()],
                    },
                );
            }),
        ),
        (
            "current.creatures[0].memories.loot",
            edit(|s| {
                make_first(s, "thief", 10);
                remember(
                    s,
                    "loot",
                    &Loot {
                        copper: 0,
                        items: vec!["rock".into(); 10_000],
                    },
                );
            }),
        ),
        ("hero.copper", edit(|s| s.hero.copper = u32::MAX)),
        ("kills[0]", edit(|s| s.kills.insert(0, ("rat".into(), -3)))),
        // Ids and memory.
        (
            "current.creatures[1].id",
            edit(|s| s.current.creatures[1].id = s.current.creatures[0].id),
        ),
        ("current.creatures[0].id", edit(|s| s.next_creature_id = 0)),
        (
            "current.creatures[0].memories.trail",
            edit(|s| {
                let wall = a_wall(s);
                make_first(s, "goblin", 14);
                let trail = Trail {
                    last_seen: Some(wall),
                };
                remember(s, "trail", &trail);
            }),
        ),
        (
            "current.recalled[0]",
            edit(|s| {
                s.current
                    .recalled
                    .insert(0, (Pos::new(-1, 900), Tile::Floor))
            }),
        ),
        // Levels.
        (
            "current.terrain",
            edit(|s| {
                let stairs = |t: Tile| matches!(t, Tile::StairsUp | Tile::StairsDown);
                let tiles = s.current.terrain.tiles();
                let flat = Grid::from_fn(tiles.width(), tiles.height(), |p| {
                    if stairs(tiles[p]) {
                        Tile::Floor
                    } else {
                        tiles[p]
                    }
                });
                s.current.terrain = Terrain::new(flat, s.current.terrain.border());
            }),
        ),
        (
            "current.terrain",
            edit(|s| {
                s.current.terrain = Terrain::new(Grid::new(1, 1, Tile::Floor), 0);
                s.current.memory = Grid::new(1, 1, false);
            }),
        ),
        (
            "current.terrain",
            edit(|s| {
                s.current.terrain = Terrain::new(Grid::new(601, 40, Tile::Floor), 1);
                s.current.memory = Grid::new(601, 40, false);
            }),
        ),
        (
            "current.terrain.border",
            edit(|s| s.current.terrain = Terrain::new(s.current.terrain.tiles().clone(), -1)),
        ),
        (
            "stored",
            edit(|s| {
                s.deepest = 7;
                s.stored.clear();
            }),
        ),
        (
            "roster",
            edit(|s| {
                let home = a_free_floor(s);
                s.roster.push((CreatureId(1), "rat".into(), home));
            }),
        ),
    ]
}

fn the_hunt_families() -> Vec<(&'static str, Edit)> {
    vec![
        ("roster[0].pos", edit(|s| s.roster[0].2 = a_wall(s))),
        (
            "roster[0].pos",
            edit(|s| {
                let home = s.roster[0].2;
                s.current.terrain = with_tile(&s.current.terrain, home, Tile::Tunnel);
                s.current.creatures.retain(|c| c.pos != home);
            }),
        ),
        (
            "roster[1].pos",
            edit(|s| {
                let home = s.roster[0].2;
                s.roster.iter_mut().for_each(|r| r.2 = home);
            }),
        ),
        ("roster[1].id", edit(|s| s.roster[1].0 = s.roster[0].0)),
        ("roster", edit(|s| s.roster.clear())),
        (
            "next_creature_id",
            edit(|s| {
                s.current.creatures.clear();
                s.next_creature_id = s.roster[0].0.0;
            }),
        ),
        (
            "hero.stomach",
            edit(|s| {
                s.hero.stomach = Some(gloomdelve::vocab::components::Stomach {
                    food: 10,
                    max: 100,
                    state: gloomdelve::vocab::components::Hunger::Normal,
                })
            }),
        ),
        ("depth", edit(|s| s.depth = 2)),
    ]
}

/// Each edit of `save` is set aside, naming its field, the bytes kept.
fn assert_each_is_set_aside(save: &SaveGame, edits: Vec<(&'static str, Edit)>) {
    let dir = scratch("families");
    let path = dir.path().join("save.ron");
    for (i, (field, edit)) in edits.into_iter().enumerate() {
        let mut wrong = save.clone();
        edit(&mut wrong);
        gloomdelve::save::write_save(&path, &wrong).unwrap();
        let written = std::fs::read(&path).unwrap();
        let SaveStatus::SetAside(message) = read_save(&path) else {
            panic!("edit {i} of {field} was loaded");
        };
        assert!(
            message.contains(&format!("({field}: ")),
            "edit {i} of {field}: {message}"
        );
        let copies = set_aside_copies(dir.path(), "save.ron");
        let kept = copies.last().unwrap();
        assert_eq!(std::fs::read(kept).unwrap(), written, "kept byte for byte");
        std::fs::remove_file(kept).unwrap();
    }
    gloomdelve::save::write_save(&path, save).unwrap();
    assert!(
        matches!(read_save(&path), SaveStatus::Ready(_)),
        "the unedited save loads"
    );
}

#[test]
fn every_family_of_impossible_delve_is_set_aside_naming_its_field() {
    let save = bot_save(7, Mode::Delve, 300);
    assert!(save.current.creatures.len() >= 2 && !save.current.items.is_empty());
    assert!(!save.log.is_empty());
    assert_each_is_set_aside(&save, the_delve_families());
}

#[test]
fn every_family_of_impossible_hunt_is_set_aside_naming_its_field() {
    let save = bot_save(2, Mode::Hunt, 200);
    assert!(save.roster.len() >= 2, "{} enemies", save.roster.len());
    assert_each_is_set_aside(&save, the_hunt_families());
}

#[test]
fn a_file_larger_than_any_save_is_set_aside_unread() {
    let dir = scratch("huge-save");
    let path = dir.path().join("save.ron");
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: no disk is used, yet the file is over the limit.
    file.set_len(gloomdelve::save::MAX_SAVE_BYTES + 1).unwrap();
    drop(file);
    let SaveStatus::SetAside(message) = read_save(&path) else {
        panic!("a 64 MiB file was taken for a save");
    };
    assert!(
        message.contains("no game's save is over 64 MiB"),
        "{message}"
    );
    let copies = set_aside_copies(dir.path(), "save.ron");
    assert_eq!(copies.len(), 1, "set aside, not deleted");
    assert_eq!(
        std::fs::metadata(&copies[0]).unwrap().len(),
        gloomdelve::save::MAX_SAVE_BYTES + 1
    );
}
