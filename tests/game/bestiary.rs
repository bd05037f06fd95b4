//! Headless tests of the deeper kinds: the goblin archer keeps its
//! distance and shoots; the ogre is slow enough to outrun; the mole digs
//! tunnels that outlast a save, and the hero remembers unseen rock as it
//! was; the thief steals and flees and drops its loot; wolves surround.

use bevy::prelude::*;
use gloomdelve::NewGame;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::{GridPos, Health, Hero, Item, Purse};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::resources::{Level, Seen, Sight};
use gloomdelve_core::{Dir, Pos, Tile};

use crate::support::{act, app_on, hp, lay, open_map, pack, saved_and_loaded, spawn, wait};

fn hero(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<Hero>>()
        .single(app.world())
        .unwrap()
}

fn at(app: &App, entity: Entity) -> Pos {
    app.world().get::<GridPos>(entity).unwrap().0
}

/// Arrows lying on the map.
fn arrows_lying(app: &mut App) -> usize {
    let book = app.world().resource::<gloomdelve::NewGame>().items.clone();
    let arrow = book.find("arrow").unwrap();
    app.world_mut()
        .query_filtered::<&Item, With<GridPos>>()
        .iter(app.world())
        .filter(|item| item.kind == arrow)
        .count()
}

#[test]
fn an_archer_with_a_line_of_fire_shoots_from_where_it_stands() {
    let mut app = app_on(&open_map(14, 8), Pos::new(2, 3), RulesData::default());
    let hero = hero(&mut app);
    let archer = spawn(&mut app, "goblin archer", Pos::new(7, 3));
    let mut hurt = 0;
    for _ in 0..6 {
        let before = hp(&app, hero);
        wait(&mut app, 1);
        assert_eq!(at(&app, archer), Pos::new(7, 3), "it keeps its distance");
        hurt += usize::from(hp(&app, hero) < before);
        app.world_mut().get_mut::<Health>(hero).unwrap().hp = 20;
    }
    assert_eq!(hurt, 6, "every shot hits the hero");
    let lying = arrows_lying(&mut app);
    assert!(
        (1..6).contains(&lying),
        "its arrows land to be picked up, some break: {lying} of 6 lie"
    );
}

#[test]
fn an_archer_next_to_the_hero_steps_away() {
    let mut app = app_on(&open_map(14, 8), Pos::new(5, 3), RulesData::default());
    let archer = spawn(&mut app, "goblin archer", Pos::new(6, 3));
    wait(&mut app, 1);
    let now = at(&app, archer);
    assert!(
        now.chebyshev(Pos::new(5, 3)) > 1,
        "it stepped away to {now:?}"
    );
}

#[test]
fn an_archer_without_a_line_of_fire_does_not_shoot_through_others() {
    let mut app = app_on(&open_map(14, 8), Pos::new(2, 3), RulesData::default());
    let hero = hero(&mut app);
    let blocker = spawn(&mut app, "fungus", Pos::new(4, 3));
    let archer = spawn(&mut app, "goblin archer", Pos::new(7, 3));
    let (full, fungus) = (hp(&app, hero), hp(&app, blocker));
    wait(&mut app, 1);
    assert_eq!(hp(&app, hero), full, "no arrow reached the hero");
    assert_eq!(hp(&app, blocker), fungus, "nor the fungus in the way");
    assert_ne!(
        at(&app, archer),
        Pos::new(7, 3),
        "it moved for a clear shot"
    );
}

#[test]
fn the_hero_outruns_an_ogre() {
    let map = open_map(40, 5);
    let mut app = app_on(&map, Pos::new(30, 2), RulesData::default());
    let hero = hero(&mut app);
    let ogre = spawn(&mut app, "ogre", Pos::new(34, 2));
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 20;
    let start = at(&app, ogre).chebyshev(at(&app, hero));
    for _ in 0..12 {
        act(&mut app, Action::Move(Dir::W));
    }
    let end = at(&app, ogre).chebyshev(at(&app, hero));
    assert!(
        end >= start + 5,
        "twelve steps away it fell behind by {} tiles",
        end - start
    );
    assert!(at(&app, ogre).x < 34, "it did give chase");
}

/// A cave 24 wide: the hero's room on the left (x 1 to 6), rock from
/// x = 7, and a mole's pocket of floor at `pocket` (rows 2 to 4), sealed in.
fn rock_between(pocket: std::ops::RangeInclusive<i32>) -> String {
    let mut rows = vec!["#".repeat(24)];
    for y in 1..7 {
        let row: String = (0..24)
            .map(|x| match x {
                0 | 23 => '#',
                1..=6 => '.',
                _ if pocket.contains(&x) && (2..=4).contains(&y) => '.',
                _ => '#',
            })
            .collect();
        rows.push(row);
    }
    rows.push("#".repeat(24));
    rows.join("\n")
}

fn tile(app: &App, at: Pos) -> Tile {
    app.world().resource::<Level>().terrain.tile(at)
}

/// Waits a turn, the hero kept at full health.
fn endure(app: &mut App, hero: Entity) {
    wait(app, 1);
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 20;
}

#[test]
fn a_mole_digs_to_the_hero_and_its_tunnel_outlasts_a_save() {
    let mut app = app_on(&rock_between(14..=17), Pos::new(6, 3), RulesData::default());
    let hero = hero(&mut app);
    let mole = spawn(&mut app, "mole", Pos::new(14, 3));
    assert_eq!(tile(&app, Pos::new(10, 3)), Tile::Wall, "rock at first");
    let mut turns = 0;
    while at(&app, mole).chebyshev(at(&app, hero)) > 1 && turns < 40 {
        endure(&mut app, hero);
        turns += 1;
    }
    assert!(
        turns < 40,
        "the mole reached the hero, now at {:?}",
        at(&app, mole)
    );
    let tunnel: Vec<Pos> = (7..14).map(|x| Pos::new(x, 3)).collect();
    assert!(
        tunnel.iter().all(|&p| tile(&app, p) == Tile::DugFloor),
        "a straight tunnel from its pocket to the room"
    );
    let loaded = saved_and_loaded(&mut app);
    assert!(
        tunnel.iter().all(|&p| tile(&loaded, p) == Tile::DugFloor),
        "the tunnel is still there after a save and a load"
    );
}

/// What the hero believes is on `at`, and whether it sees it now.
fn belief(app: &App, at: Pos) -> (Tile, Seen) {
    let terrain = &app.world().resource::<Level>().terrain;
    let sight = app.world().resource::<Sight>();
    (sight.believed(terrain, at), sight.seen(at))
}

#[test]
fn rock_a_mole_digs_out_of_sight_stays_remembered_as_rock_until_seen() {
    let mut app = app_on(&rock_between(9..=10), Pos::new(4, 3), RulesData::default());
    let hero = hero(&mut app);
    let face: Vec<Pos> = (1..7).map(|y| Pos::new(7, y)).collect();
    let seen = |app: &App, p: Pos| app.world().resource::<Sight>().seen(p);
    assert!(
        face.iter().all(|&p| seen(&app, p) == Seen::Visible),
        "the hero saw the rock face"
    );
    // The hero stands back in a corner, out of sight of the face.
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = Pos::new(1, 6);
    spawn(&mut app, "mole", Pos::new(9, 3));
    let dug_unseen = |app: &App| {
        face.iter()
            .copied()
            .find(|&p| tile(app, p) == Tile::DugFloor && seen(app, p) == Seen::Remembered)
    };
    let mut turns = 0;
    while dug_unseen(&app).is_none() && turns < 20 {
        endure(&mut app, hero);
        turns += 1;
    }
    let dug = dug_unseen(&app).expect("the mole dug through the face out of the hero's sight");
    assert_eq!(
        belief(&app, dug),
        (Tile::Wall, Seen::Remembered),
        "the hero believes it rock"
    );
    let mut loaded = saved_and_loaded(&mut app);
    assert_eq!(
        belief(&loaded, dug).0,
        Tile::Wall,
        "and still does after a load"
    );
    // Seen again, it shows as dug.
    let hero = self::hero(&mut loaded);
    loaded.world_mut().get_mut::<GridPos>(hero).unwrap().0 = Pos::new(6, dug.y);
    endure(&mut loaded, hero);
    assert_eq!(belief(&loaded, dug), (Tile::DugFloor, Seen::Visible));
}

fn purse(app: &mut App) -> u32 {
    app.world_mut()
        .query_filtered::<&Purse, With<Hero>>()
        .single(app.world())
        .unwrap()
        .copper
}

#[test]
fn a_thief_steals_half_the_purse_flees_and_drops_it_when_killed() {
    let mut app = app_on(&open_map(20, 10), Pos::new(3, 4), RulesData::default());
    let hero = hero(&mut app);
    app.world_mut().get_mut::<Purse>(hero).unwrap().copper = 90;
    let thief = spawn(&mut app, "thief", Pos::new(8, 4));
    let mut turns = 0;
    while purse(&mut app) == 90 && turns < 10 {
        wait(&mut app, 1);
        turns += 1;
    }
    assert_eq!(purse(&mut app), 45, "it took half: 45 of 90 copper");
    let stole_at = at(&app, thief);
    wait(&mut app, 3);
    let away = at(&app, thief).chebyshev(at(&app, hero));
    assert!(
        away >= 3,
        "it ran: {away} tiles from the hero, from {stole_at:?}"
    );
    // Killed, it drops the 45 copper; the hero walks over and picks it up.
    let fell_at = at(&app, thief);
    app.world_mut().get_mut::<Health>(thief).unwrap().hp = 0;
    wait(&mut app, 1);
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = fell_at;
    act(&mut app, Action::PickUp);
    assert_eq!(purse(&mut app), 90, "the stolen coins came back");
}

#[test]
fn a_thief_with_an_empty_purse_takes_an_item_and_drops_it_when_killed() {
    let mut app = app_on(&open_map(20, 10), Pos::new(3, 4), RulesData::default());
    let hero = hero(&mut app);
    lay(&mut app, "rock", Pos::new(3, 4));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app).len(), 1);
    let thief = spawn(&mut app, "thief", Pos::new(5, 4));
    let mut turns = 0;
    while !pack(&mut app).is_empty() && turns < 10 {
        wait(&mut app, 1);
        turns += 1;
    }
    assert!(pack(&mut app).is_empty(), "the rock was stolen");
    let fell_at = at(&app, thief);
    app.world_mut().get_mut::<Health>(thief).unwrap().hp = 0;
    wait(&mut app, 1);
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = fell_at;
    act(&mut app, Action::PickUp);
    let kinds: Vec<usize> = pack(&mut app)
        .iter()
        .map(|&e| app.world().get::<Item>(e).unwrap().kind)
        .collect();
    let book = app.world().resource::<NewGame>().items.clone();
    assert!(
        kinds.contains(&book.find("rock").unwrap()),
        "the rock came back: {kinds:?}"
    );
}

/// The sides of the hero the given creatures stand on, as steps from it.
fn sides(app: &App, hero: Entity, wolves: &[Entity]) -> Vec<(i32, i32)> {
    let h = at(app, hero);
    wolves
        .iter()
        .filter(|&&w| app.world().get::<Health>(w).is_some_and(|hp| hp.hp > 0))
        .map(|&w| at(app, w))
        .filter(|p| p.chebyshev(h) == 1)
        .map(|p| (p.x - h.x, p.y - h.y))
        .collect()
}

#[test]
fn a_wolf_pack_surrounds_the_hero_where_goblins_queue_on_one_side() {
    for (kind, surrounds) in [("wolf", true), ("goblin", false)] {
        let mut app = app_on(&open_map(24, 13), Pos::new(16, 6), RulesData::default());
        let hero = hero(&mut app);
        let pack: Vec<Entity> = (5..8)
            .map(|y| spawn(&mut app, kind, Pos::new(11, y)))
            .collect();
        for _ in 0..16 {
            endure(&mut app, hero);
        }
        let around = sides(&app, hero, &pack);
        let flanked = around.iter().any(|(dx, _)| *dx >= 0);
        assert_eq!(
            around.len(),
            3,
            "{kind}: all three reached the hero: {around:?}"
        );
        assert_eq!(
            flanked, surrounds,
            "{kind}: one stands beside or behind the hero, not all on the side they came from: {around:?}"
        );
    }
}
