//! Vaults: the generator's vaults and their keys, the key that opens the
//! door and goes, the choice of one treasure (the others caged), and the
//! cages that come down on every altar when a wall of the vault breaks.

use bevy::prelude::*;
use gloomdelve::rules::items::vaults::{CHOICE, open_floor_reached};
use gloomdelve::rules::levels::generate::level_at;
use gloomdelve::vocab::components::{GridPos, Item};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::resources::Level;
use gloomdelve::{Mode, RulesData};
use gloomdelve_core::{Dir, Pos, Tile};

use crate::support::{act, app_on, hero_pos, lay, pack, shipped_game, turn};

fn tile(app: &App, at: Pos) -> Tile {
    app.world().resource::<Level>().terrain.tile(at)
}

/// Whether a log line holds `part`; else the log, for the failure.
fn told(app: &App, part: &str) -> Result<(), Vec<String>> {
    let log = app.world().resource::<GameLog>();
    let lines: Vec<String> = log.entries().iter().map(|e| e.text.clone()).collect();
    if lines.iter().any(|l| l.contains(part)) {
        Ok(())
    } else {
        Err(lines)
    }
}

/// Where each item lies, by name.
fn lying(app: &mut App) -> Vec<(String, Pos)> {
    let mut items = app
        .world_mut()
        .query_filtered::<(&Name, &GridPos), With<Item>>();
    items
        .iter(app.world())
        .map(|(n, p)| (n.to_string(), p.0))
        .collect()
}

/// A room with a vault below it: its locked door `&` at (4, 2), its
/// walls `%`, and three altars `_` in its middle row.
const VAULT: &str = "#########\n\
                     #.......#\n\
                     #%%%&%%%#\n\
                     #%.....%#\n\
                     #%_._._%#\n\
                     #%.....%#\n\
                     #%%%%%%%#\n\
                     #########";

const ALTARS: [Pos; 3] = [Pos::new(2, 4), Pos::new(4, 4), Pos::new(6, 4)];

/// A rules app on `map` with nothing lying anywhere: the treasures and
/// key the level was stocked with are taken away, for the test to lay.
fn bare_app(map: &str, hero: Pos) -> App {
    let mut app = app_on(map, hero, RulesData::default());
    clear_items(&mut app);
    app
}

/// Takes away every item on the floor.
pub(crate) fn clear_items(app: &mut App) {
    let mut items = app
        .world_mut()
        .query_filtered::<Entity, (With<Item>, With<GridPos>)>();
    let lying: Vec<Entity> = items.iter(app.world()).collect();
    for item in lying {
        app.world_mut().despawn(item);
    }
}

/// The vault with its door open, a treasure on each altar, the hero at
/// the door.
fn stocked_vault() -> App {
    let map = VAULT.replace('&', "'");
    let mut app = bare_app(&map, Pos::new(4, 2));
    for (name, at) in ["dagger", "club", "leather armour"].into_iter().zip(ALTARS) {
        lay(&mut app, name, at);
    }
    app
}

#[test]
fn every_vault_the_generator_cuts_has_its_door_on_ground_the_hero_walks() {
    let (mut levels, mut vaults) = (0, 0);
    for seed in 1..=30 {
        let new_game = shipped_game(seed, Mode::Delve);
        for depth in 1..=new_game.rules.depths {
            let level = level_at(&new_game, depth);
            levels += 1;
            let terrain = &level.terrain;
            let doors: Vec<Pos> = terrain
                .tiles()
                .iter()
                .filter(|&(_, t)| *t == Tile::VaultDoor)
                .map(|(p, _)| p)
                .collect();
            if doors.is_empty() {
                continue;
            }
            vaults += 1;
            assert_eq!(doors.len(), 1, "seed {seed} depth {depth}: one vault");
            let reached = terrain.reachable_from(level.start);
            let outside = Dir::ORTHOGONAL
                .iter()
                .any(|&d| reached.get(doors[0].step(d)) == Some(&true));
            assert!(outside, "seed {seed} depth {depth}: the door is reached");
            assert!(
                !open_floor_reached(terrain, level.start).is_empty(),
                "seed {seed} depth {depth}: there is floor for the key"
            );
        }
    }
    let share = vaults * 100 / levels;
    assert!(
        (20..=50).contains(&share),
        "about a level in three holds a vault: {vaults} of {levels}"
    );
}

#[test]
fn a_vault_level_has_its_key_where_the_hero_walks_and_a_treasure_on_each_altar() {
    let (seed, depth) = (1..=40)
        .flat_map(|seed| (1..=3).map(move |depth| (seed, depth)))
        .find(|&(seed, depth)| {
            let level = level_at(&shipped_game(seed, Mode::Delve), depth);
            level.terrain.tiles().iter().any(|(_, t)| *t == Tile::Altar)
        })
        .expect("a vault near the top in 40 seeds");
    let mut app = crate::support::new_game(seed, Mode::Delve, crate::support::shipped_rules());
    for _ in 0..depth {
        crate::levels::go_down(&mut app);
    }
    let level = app.world().resource::<Level>().clone();
    let reached = level.terrain.reachable_from(level.start);
    let things = lying(&mut app);
    let keys: Vec<Pos> = things
        .iter()
        .filter(|(n, _)| n == "vault key")
        .map(|(_, p)| *p)
        .collect();
    assert_eq!(keys.len(), 1, "seed {seed} depth {depth}: one key");
    assert!(reached[keys[0]], "the key lies where the hero walks");
    for (at, t) in level.terrain.tiles().iter() {
        if *t == Tile::Altar {
            assert_eq!(
                things.iter().filter(|(_, p)| *p == at).count(),
                1,
                "one treasure on the altar at {at:?}"
            );
        } else if t.is_walkable() && !reached[at] {
            assert!(
                things.iter().all(|(_, p)| *p != at),
                "nothing else lies in the locked vault ({at:?})"
            );
        }
    }
}

#[test]
fn the_vault_door_stays_shut_without_its_key_and_opens_with_it() {
    let mut app = bare_app(VAULT, Pos::new(4, 1));
    let door = Pos::new(4, 2);
    let before = turn(&app);
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(tile(&app, door), Tile::VaultDoor);
    told(&app, "The vault door is locked").unwrap();
    assert_eq!(turn(&app), before, "a locked door takes no turn");

    lay(&mut app, "vault key", Pos::new(4, 1));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app).len(), 1);
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(tile(&app, door), Tile::OpenDoor, "unlocked, it stands open");
    assert!(pack(&mut app).is_empty(), "the key goes in the lock");
    told(&app, CHOICE).unwrap();
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(hero_pos(&mut app), door);
}

#[test]
fn taking_one_treasure_cages_the_other_altars_with_what_lies_on_them() {
    let mut app = stocked_vault();
    act(&mut app, Action::Move(Dir::S));
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(hero_pos(&mut app), Pos::new(4, 4));
    told(&app, "You pick up a club").unwrap();
    assert_eq!(pack(&mut app).len(), 1, "the club is taken");
    told(&app, "Cages slam down over the other altars.").unwrap();
    assert_eq!(tile(&app, Pos::new(4, 4)), Tile::Altar);
    for at in [ALTARS[0], ALTARS[2]] {
        assert_eq!(tile(&app, at), Tile::AltarCaged, "{at:?}");
    }
    let left: Vec<String> = lying(&mut app).into_iter().map(|(n, _)| n).collect();
    assert_eq!(left.len(), 2, "the caged treasures stay: {left:?}");
    // A caged altar cannot be stepped on, so its treasure stays out of reach.
    act(&mut app, Action::Move(Dir::W));
    act(&mut app, Action::Move(Dir::W));
    assert_eq!(hero_pos(&mut app), Pos::new(3, 4));
    assert_eq!(pack(&mut app).len(), 1);
}

#[test]
fn walking_onto_an_altar_with_a_full_pack_cages_nothing() {
    let mut app = stocked_vault();
    for _ in 0..gloomdelve::vocab::components::PACK_SIZE {
        lay(&mut app, "club", Pos::new(4, 2));
    }
    act(&mut app, Action::PickUp);
    act(&mut app, Action::Move(Dir::S));
    act(&mut app, Action::Move(Dir::S));
    told(&app, "Your pack is full.").unwrap();
    assert!(ALTARS.iter().all(|&a| tile(&app, a) == Tile::Altar));
}

#[test]
fn breaking_a_vault_wall_warns_first_then_cages_every_altar() {
    let mut app = stocked_vault();
    let wall = Pos::new(2, 2);
    for dir in [Dir::N, Dir::W, Dir::W] {
        act(&mut app, Action::Move(dir));
    }
    assert_eq!(hero_pos(&mut app), Pos::new(2, 1));
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(tile(&app, wall), Tile::VaultWall, "the first bump warns");
    told(&app, "breaking it cages every altar").unwrap();
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(tile(&app, wall), Tile::DugFloor);
    told(&app, "cages slam down over its altars").unwrap();
    assert!(ALTARS.iter().all(|&a| tile(&app, a) == Tile::AltarCaged));
    assert_eq!(lying(&mut app).len(), 3, "every treasure stays caged");
}

/// How many tiles of the room's south wall (row 2) a mole shut in below
/// it digs out in 20 turns, the hero waiting above the locked door.
fn dug_by_a_shut_in_mole(map: &str) -> usize {
    let mut app = bare_app(map, Pos::new(4, 1));
    let mole = crate::support::spawn(&mut app, "mole", Pos::new(4, 3));
    app.world_mut()
        .entity_mut(mole)
        .remove::<gloomdelve::vocab::components::Slumber>();
    crate::support::wait(&mut app, 20);
    let level = app.world().resource::<Level>();
    (0..9)
        .filter(|&x| level.terrain.tile(Pos::new(x, 2)) == Tile::DugFloor)
        .count()
}

#[test]
fn a_burrower_never_digs_into_a_vault() {
    let plain_rock = VAULT.replace('%', "#");
    assert!(
        dug_by_a_shut_in_mole(&plain_rock) > 0,
        "behind plain rock the mole digs its way to the hero"
    );
    assert_eq!(dug_by_a_shut_in_mole(VAULT), 0, "no vault wall is dug");
}
