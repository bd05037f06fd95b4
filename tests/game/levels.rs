//! Headless dungeon tests: stairs down and up, levels kept field by field,
//! digging that persists, the Gold Key and victory, and hunt mode's reset.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use gloomdelve::rules::creatures::rebuild_occupancy;
use gloomdelve::rules::hunt::Roster;
use gloomdelve::rules::items::item;
use gloomdelve::rules::levels::find_stairs;
use gloomdelve::rules::levels::records::describe_level;
use gloomdelve::vocab::components::GridPos;
use gloomdelve::vocab::components::{Creature, CreatureId, Health};
use gloomdelve::vocab::components::{Item, Pack};
use gloomdelve::vocab::data::{CreatureBook, ItemBook};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::resources::Dungeon;
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::states::Screen;
use gloomdelve::{Mode, NewGame, RulesData};
use gloomdelve_core::{Bump, Dir, Pos, Tile};

use crate::support::{
    act, data, hero_entity, hero_pos, last_line, new_game, set_hp, shipped_rules, turn,
};

fn depth(app: &App) -> u32 {
    app.world().resource::<Dungeon>().depth
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn terrain_tile(app: &App, at: Pos) -> Tile {
    app.world().resource::<Level>().terrain.tile(at)
}

/// Puts the hero on `at` as if it had walked there.
fn teleport(app: &mut App, at: Pos) {
    let hero = hero_entity(app);
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = at;
    app.world_mut().run_system_once(rebuild_occupancy).unwrap();
}

/// Takes the stairs and lets the level change finish.
fn take_stairs(app: &mut App, action: Action) {
    act(app, action);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(app), Screen::Playing);
}

/// Puts the hero on the level's stairs down and takes them.
pub(crate) fn go_down(app: &mut App) {
    let down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown)
        .expect("stairs down");
    teleport(app, down);
    take_stairs(app, Action::Descend);
}

/// From the hero's place on a fresh level, a neighbour wall it can dig.
fn diggable_wall(app: &App) -> Option<(Pos, Dir)> {
    let level = app.world().resource::<Level>();
    level.terrain.tiles().iter().find_map(|(p, t)| {
        (t.is_walkable() && *t == Tile::Floor).then_some(())?;
        Dir::ORTHOGONAL
            .into_iter()
            .find(|&d| matches!(level.terrain.bump(p, d), Bump::Dig(_)))
            .map(|d| (p, d))
    })
}

#[test]
fn a_new_game_starts_on_the_surface_and_the_sky_refuses_the_way_up() {
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    assert_eq!(depth(&app), 0);
    let start = hero_pos(&mut app);
    act(&mut app, Action::Ascend);
    assert_eq!(
        last_line(&app),
        "Only the open sky is above you. The Gold Key lies below."
    );
    assert_eq!(hero_pos(&mut app), start);
    // The stairs down are in sight from the start: `>` off them walks there.
    act(&mut app, Action::Descend);
    for _ in 0..30 {
        app.update();
    }
    let level = app.world().resource::<Level>().terrain.clone();
    assert_eq!(level.tile(hero_pos(&mut app)), Tile::StairsDown);
    assert_eq!(
        last_line(&app),
        "You reach the stairs down. Press > to descend."
    );
    assert_eq!(depth(&app), 0, "the walk stops on the stairs");
}

#[test]
fn on_the_stairs_the_stairs_key_takes_them_at_once_with_nothing_held() {
    use crate::support::{char_key, press, with_keys};
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    with_keys(&mut app);
    let down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown)
        .expect("stairs down");
    teleport(&mut app, down);
    press(&mut app, char_key(">"));
    for _ in 0..3 {
        app.update();
    }
    let held = app
        .world()
        .resource::<gloomdelve::view::ui_state::HeldTravel>();
    assert_eq!(held.0, None, "nothing to hold on the stairs");
    assert_eq!(depth(&app), 1, "down at once, on the press");
}

#[test]
fn going_down_and_back_up_restores_each_level_field_by_field() {
    let mut app = new_game(21, Mode::Delve, shipped_rules());
    let surface_down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown)
        .expect("the surface has stairs down");
    teleport(&mut app, surface_down);
    take_stairs(&mut app, Action::Descend);
    assert_eq!(depth(&app), 1);
    let arrival = hero_pos(&mut app);
    assert_eq!(
        terrain_tile(&app, arrival),
        Tile::StairsUp,
        "on the up stairs"
    );

    // Dig somewhere on level 1, then come back to the stairs.
    let (spot, dir) = diggable_wall(&app).expect("a wall to dig");
    teleport(&mut app, spot);
    // The first bump warns, the second digs.
    act(&mut app, Action::Move(dir));
    act(&mut app, Action::Move(dir));
    let dug = spot.step(dir);
    assert_eq!(terrain_tile(&app, dug), Tile::DugFloor);
    teleport(&mut app, arrival);

    take_stairs(&mut app, Action::Ascend);
    assert_eq!(depth(&app), 0);
    assert_eq!(hero_pos(&mut app), surface_down, "back on the stairs down");
    let stored = app.world().resource::<Dungeon>().stored[&1].clone();
    assert!(!stored.creatures.is_empty() && !stored.items.is_empty());
    let mut ids = app
        .world_mut()
        .query_filtered::<&CreatureId, With<Creature>>();
    let live: Vec<u64> = ids.iter(app.world()).map(|id| id.0).collect();
    assert!(
        stored.creatures.iter().all(|c| !live.contains(&c.id)),
        "level 1's creatures left with it"
    );

    take_stairs(&mut app, Action::Descend);
    assert_eq!(depth(&app), 1);
    assert_eq!(hero_pos(&mut app), arrival);
    let again = describe_level(app.world_mut());
    assert_eq!(again.terrain, stored.terrain, "terrain, the dig included");
    assert_eq!(terrain_tile(&app, dug), Tile::DugFloor, "digging persists");
    assert_eq!(again.memory, stored.memory, "the remembered map");
    assert_eq!(
        again.creatures, stored.creatures,
        "creatures, HP and AI memory"
    );
    assert_eq!(again.items, stored.items, "items");
}

#[test]
fn only_the_current_levels_creatures_are_in_the_world() {
    let mut app = new_game(22, Mode::Delve, shipped_rules());
    let down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown).unwrap();
    teleport(&mut app, down);
    take_stairs(&mut app, Action::Descend);
    let mut ids = app.world_mut().query::<&CreatureId>();
    let live: Vec<u64> = ids.iter(app.world()).map(|id| id.0).collect();
    let stored = &app.world().resource::<Dungeon>().stored[&0];
    for record in &stored.creatures {
        assert!(
            !live.contains(&record.id),
            "surface creature {} is data",
            record.id
        );
    }
    let book = CreatureBook::load(&data("creatures.ron")).unwrap();
    let expected: u32 = book.kinds.iter().map(|k| k.count_at(1)).sum();
    assert_eq!(
        live.len() as u32,
        expected,
        "level 1 holds its depth's creatures"
    );
}

#[test]
fn the_gold_key_lies_on_the_deepest_level_and_brings_victory_home() {
    let mut rules = shipped_rules();
    rules.depths = 2;
    let mut app = new_game(23, Mode::Delve, rules);
    for expected in 1..=2 {
        let down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown)
            .expect("stairs down above the deepest level");
        teleport(&mut app, down);
        take_stairs(&mut app, Action::Descend);
        assert_eq!(depth(&app), expected);
    }
    let terrain = app.world().resource::<Level>().terrain.clone();
    assert_eq!(find_stairs(&terrain, Tile::StairsDown), None, "the bottom");
    let book = ItemBook::load(&data("items.ron")).unwrap();
    let key_kind = book.find("Gold Key").unwrap();
    let mut items = app.world_mut().query::<(Entity, &Item, &GridPos)>();
    let (key, at) = items
        .iter(app.world())
        .find(|(_, item, _)| item.kind == key_kind)
        .map(|(e, _, p)| (e, p.0))
        .expect("the Gold Key is on the deepest level");
    let arrival = hero_pos(&mut app);
    assert!(
        at.chebyshev(arrival) >= 10,
        "far from the stairs: {at:?} vs {arrival:?}"
    );

    // Carry it home: pick it up, then climb both levels.
    teleport(&mut app, at);
    act(&mut app, Action::PickUp);
    let hero = hero_entity(&mut app);
    assert!(app.world().get::<Pack>(hero).unwrap().0.contains(&key));
    for _ in 0..2 {
        let up = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsUp).unwrap();
        teleport(&mut app, up);
        act(&mut app, Action::Ascend);
        for _ in 0..3 {
            app.update();
        }
    }
    assert_eq!(depth(&app), 0);
    assert_eq!(screen(&app), Screen::Victory);

    // The next game starts without the last one's victory.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.world_mut()
        .write_message(gloomdelve::vocab::messages::StartGame::New { seed: 5 });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(
        !app.world()
            .contains_resource::<gloomdelve::vocab::resources::Won>()
    );
}

#[test]
fn a_hunt_death_sends_every_enemy_home_and_keeps_the_terrain() {
    let mut app = new_game(24, Mode::Hunt, shipped_rules());
    let roster = app.world().resource::<Roster>().clone();
    assert!(roster.0.len() >= 9, "1-2 enemies in each of 9 rooms");
    let hero = hero_entity(&mut app);
    assert!(
        app.world()
            .get::<gloomdelve::vocab::components::Stomach>(hero)
            .is_none(),
        "no hunger"
    );
    act(&mut app, Action::Eat);
    assert_eq!(
        last_line(&app),
        "There is no hunger in the hunt; you need not eat."
    );
    let start = hero_pos(&mut app);

    // Dig a wall, wound one enemy, kill another, then fall.
    let (spot, dir) = diggable_wall(&app).expect("a wall to dig");
    teleport(&mut app, spot);
    // The first bump warns, the second digs.
    act(&mut app, Action::Move(dir));
    act(&mut app, Action::Move(dir));
    let dug = spot.step(dir);
    assert_eq!(terrain_tile(&app, dug), Tile::DugFloor);
    let mut q = app.world_mut().query::<(Entity, &CreatureId)>();
    let enemies: Vec<Entity> = q.iter(app.world()).map(|(e, _)| e).collect();
    set_hp(&mut app, enemies[0], 1);
    set_hp(&mut app, enemies[1], 0);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 0);
    act(&mut app, Action::Wait);
    app.update();

    assert_eq!(screen(&app), Screen::Playing, "no death screen in the hunt");
    assert_eq!(hero_pos(&mut app), start, "back in the start room");
    let health = *app.world().get::<Health>(hero).unwrap();
    assert_eq!(health.hp, health.max);
    assert_eq!(terrain_tile(&app, dug), Tile::DugFloor, "the dig is kept");
    let mut q = app.world_mut().query::<(&CreatureId, &GridPos, &Health)>();
    let mut back: Vec<(CreatureId, Pos, bool)> = q
        .iter(app.world())
        .map(|(id, pos, h)| (*id, pos.0, h.hp == h.max))
        .collect();
    back.sort();
    let expected: Vec<(CreatureId, Pos, bool)> =
        roster.0.iter().map(|&(id, _, at)| (id, at, true)).collect();
    assert_eq!(back, expected, "every enemy home at full health");
}

#[test]
fn creatures_never_step_into_a_narrow_tunnel() {
    let map = "#######\n#.=.=.#\n#######";
    let mut app = crate::support::app_on(map, Pos::new(5, 1), RulesData::default());
    let bat = crate::support::spawn(&mut app, "bat", Pos::new(3, 1));
    for _ in 0..60 {
        act(&mut app, Action::Wait);
        let at = app.world().get::<GridPos>(bat).unwrap().0;
        assert_eq!(at, Pos::new(3, 1), "the bat stays between the tunnels");
    }
    act(&mut app, Action::Move(Dir::W));
    assert_eq!(hero_pos(&mut app), Pos::new(4, 1), "the hero fits");
}

#[test]
fn a_picked_up_item_leaves_the_level_with_the_hero() {
    let mut app = new_game(25, Mode::Delve, shipped_rules());
    let book = ItemBook::load(&data("items.ron")).unwrap();
    let here = hero_pos(&mut app);
    let potion = app
        .world_mut()
        .spawn(item(&book, book.find("potion of healing").unwrap(), here))
        .id();
    act(&mut app, Action::PickUp);
    let down = find_stairs(&app.world().resource::<Level>().terrain, Tile::StairsDown).unwrap();
    teleport(&mut app, down);
    take_stairs(&mut app, Action::Descend);
    let hero = hero_entity(&mut app);
    assert!(app.world().get::<Pack>(hero).unwrap().0.contains(&potion));
    assert!(
        app.world().get::<Item>(potion).is_some(),
        "still in the world, in the pack"
    );
}

/// A hunt on seed 26 with every enemy killed by the next turn.
fn a_hunt_about_to_be_cleared(pause: std::time::Duration) -> (App, gloomdelve_core::Terrain) {
    let mut app = new_game(26, Mode::Hunt, shipped_rules());
    app.insert_resource(gloomdelve::rules::hunt::ClearedPause(pause));
    let first = app.world().resource::<Level>().terrain.clone();
    let mut q = app.world_mut().query_filtered::<Entity, With<Creature>>();
    let enemies: Vec<Entity> = q.iter(app.world()).collect();
    for enemy in enemies {
        set_hp(&mut app, enemy, 0);
    }
    (app, first)
}

fn cleared(app: &App) -> bool {
    app.world()
        .get_resource::<gloomdelve::rules::hunt::Cleared>()
        .is_some()
}

#[test]
fn clearing_the_warrens_brings_a_fanfare_and_a_fresh_world() {
    // Headless there is no eye to pause for: the next world opens at once.
    let (mut app, first) = a_hunt_about_to_be_cleared(std::time::Duration::ZERO);
    act(&mut app, Action::Wait);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    assert_ne!(
        app.world().resource::<Level>().terrain,
        first,
        "a fresh world"
    );
    assert!(
        app.world().resource::<NewGame>().seed != 26,
        "from a new seed"
    );
    let roster = app.world().resource::<Roster>().clone();
    let mut q = app.world_mut().query_filtered::<(), With<Creature>>();
    assert_eq!(q.iter(app.world()).count(), roster.0.len(), "a new roster");
    assert!(
        app.world()
            .resource::<gloomdelve::vocab::log::GameLog>()
            .recent(5)
            .iter()
            .any(|e| e.text.starts_with("Fanfare!")),
        "the fanfare is announced"
    );
}

#[test]
fn the_cleared_world_stays_for_its_pause_in_real_time_with_the_hero_held_still() {
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    let (mut app, first) = a_hunt_about_to_be_cleared(Duration::from_secs(1));
    // Each update is a tenth of a second of real time.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    act(&mut app, Action::Wait);
    assert!(cleared(&app), "the pause starts");
    let held_at = turn(&app);
    for _ in 0..7 {
        act(&mut app, Action::Move(Dir::E));
    }
    assert_eq!(turn(&app), held_at, "the hero is held still");
    assert!(cleared(&app), "0.7 s in: still paused");
    assert_eq!(app.world().resource::<Level>().terrain, first);
    for _ in 0..6 {
        app.update();
    }
    assert!(!cleared(&app), "the pause is over");
    assert_ne!(
        app.world().resource::<Level>().terrain,
        first,
        "a fresh world"
    );
    assert_eq!(
        app.world()
            .resource::<gloomdelve::vocab::intents::PendingAction>()
            .0,
        None,
        "what was asked in the pause is dropped"
    );
    let before = turn(&app);
    act(&mut app, Action::Wait);
    assert_eq!(turn(&app), before + 1, "the hero acts again");
}

#[test]
fn going_down_before_the_stairs_are_found_says_so() {
    let map = crate::support::open_map(8, 8);
    let mut app = crate::support::app_on(&map, Pos::new(3, 3), RulesData::default());
    act(&mut app, Action::Descend);
    assert_eq!(last_line(&app), "You have not found the stairs down yet.");
}

#[test]
fn going_down_with_only_the_stairs_up_in_view_says_which_stairs_they_are() {
    let map = "########\n#......#\n#..<...#\n#......#\n########";
    let mut app = crate::support::app_on(map, Pos::new(5, 2), RulesData::default());
    act(&mut app, Action::Wait);
    act(&mut app, Action::Descend);
    assert_eq!(
        last_line(&app),
        "Those are the stairs up (<). You have not found the stairs down yet."
    );
}
