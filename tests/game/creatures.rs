//! Headless creature and combat tests: one behaviour each, fixed seeds.

use std::collections::HashSet;
use std::path::Path;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gloomdelve::rules::creatures::behaviours::chases::Trail;
use gloomdelve::rules::creatures::behaviours::spreads::Spreading;
use gloomdelve::rules::creatures::{ChaseBy, SearchCost, rebuild_occupancy};
use gloomdelve::vocab::components::Corpse;
use gloomdelve::vocab::components::{Creature, Health};
use gloomdelve::vocab::components::{GridPos, Hero};
use gloomdelve::vocab::data::CreatureBook;
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::resources::DeathCause;
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::resources::TurnCount;
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, NewGame, RulesData};
use gloomdelve_core::mapgen::caves;
use gloomdelve_core::{Dir, Pos};

use crate::support::{
    act, app_on, deeds_of, hero_entity, hero_pos, open_map, set_hp, shipped_book, spawn,
    start_playing, wait,
};

fn pos_of(app: &App, entity: Entity) -> Pos {
    app.world().get::<GridPos>(entity).unwrap().0
}

fn fungi(app: &mut App) -> Vec<(Pos, u32)> {
    let mut q = app.world_mut().query::<(&GridPos, &Spreading)>();
    q.iter(app.world()).map(|(p, f)| (p.0, f.spreads)).collect()
}

#[test]
fn a_fungus_spreads_within_range_and_at_most_five_times() {
    let mut rules = RulesData {
        fungus_spread_chance: 1.0,
        fungi_per_level: 10_000,
        ..RulesData::default()
    };
    // No crowding: a close family would slow the first fungus down.
    rules.ecology.crowding = 0;
    let mut app = app_on(&open_map(40, 40), Pos::new(1, 1), rules);
    let first = spawn(&mut app, "fungus", Pos::new(20, 20));
    wait(&mut app, 1);
    let after_one = fungi(&mut app);
    assert_eq!(
        after_one.len(),
        2,
        "one certain spread in one turn: {after_one:?}"
    );
    let child = after_one
        .iter()
        .find(|(p, _)| *p != Pos::new(20, 20))
        .unwrap()
        .0;
    assert!(
        (child.x - 20).abs() <= 5 && (child.y - 20).abs() <= 5,
        "child at {child:?} is within ±5"
    );
    wait(&mut app, 12);
    assert_eq!(
        app.world().get::<Spreading>(first).unwrap().spreads,
        5,
        "the first fungus stops at 5"
    );
    assert!(
        fungi(&mut app).iter().all(|(_, spreads)| *spreads <= 5),
        "each keeps its own count"
    );
    assert!(fungi(&mut app).len() > 6, "children spread too");
}

#[test]
fn fungus_spread_follows_its_chance() {
    let rules = RulesData {
        fungus_spread_chance: 0.0,
        ..RulesData::default()
    };
    let mut app = app_on(&open_map(30, 30), Pos::new(1, 1), rules);
    spawn(&mut app, "fungus", Pos::new(15, 15));
    wait(&mut app, 200);
    assert_eq!(fungi(&mut app).len(), 1, "chance 0: never spreads");

    // 100 fungi for 10 turns at 2%: about 20 spreads (no bound, and no
    // crowding on the level or about each).
    let mut no_bound = RulesData {
        fungi_per_level: 10_000,
        ..RulesData::default()
    };
    no_bound.ecology.crowding = 0;
    no_bound.ecology.carrying = 0;
    let mut app = app_on(&open_map(120, 120), Pos::new(1, 1), no_bound);
    for i in 0..100 {
        spawn(
            &mut app,
            "fungus",
            Pos::new(10 + (i % 10) * 11, 10 + (i / 10) * 11),
        );
    }
    wait(&mut app, 10);
    let spreads = fungi(&mut app).len() - 100;
    assert!(
        (8..=35).contains(&spreads),
        "{spreads} spreads where about 20 were expected"
    );
}

#[test]
fn fungi_stop_spreading_at_the_levels_bound_and_regrow_to_it() {
    let rules = RulesData {
        fungus_spread_chance: 1.0,
        fungi_per_level: 12,
        ..RulesData::default()
    };
    let mut app = app_on(&open_map(40, 40), Pos::new(1, 1), rules);
    spawn(&mut app, "fungus", Pos::new(20, 20));
    wait(&mut app, 40);
    assert_eq!(fungi(&mut app).len(), 12, "the carpet stops at the bound");
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, (With<Spreading>, With<Creature>)>();
    let doomed: Vec<Entity> = q.iter(app.world()).take(4).collect();
    for fungus in doomed {
        set_hp(&mut app, fungus, 0);
    }
    // The survivors count only the living: they grow back to the bound.
    wait(&mut app, 40);
    assert_eq!(fungi(&mut app).len(), 12, "and the rest grow back to it");
}

#[test]
fn the_fungus_bound_is_checked_on_load() {
    let err = RulesData::parse("(fungi_per_level: 0)").unwrap_err();
    assert!(err.contains("fungi_per_level"), "{err}");
    let rules = RulesData::parse("(fungi_per_level: 7)").unwrap();
    assert_eq!(rules.fungi_per_level, 7);
    let shipped =
        RulesData::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/rules.ron"))
            .unwrap();
    assert_eq!(shipped.fungi_per_level, 30, "the shipped bound");
}

#[test]
fn a_bat_moves_twice_a_turn() {
    let mut app = app_on(&open_map(40, 40), Pos::new(1, 1), RulesData::default());
    let bat = spawn(&mut app, "bat", Pos::new(20, 20));
    let mut farthest = 0;
    for _ in 0..30 {
        let before = pos_of(&app, bat);
        wait(&mut app, 1);
        let step = before.chebyshev(pos_of(&app, bat));
        assert!(step <= 2, "a bat moves at most twice: {step}");
        farthest = farthest.max(step);
    }
    assert_eq!(farthest, 2, "some turn shows two steps");
}

#[test]
fn a_goblin_closes_in_on_a_clear_path_and_attacks_when_adjacent() {
    let mut app = app_on(&open_map(20, 10), Pos::new(3, 5), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(8, 5));
    let hero = hero_entity(&mut app);
    let mut distance = pos_of(&app, goblin).chebyshev(Pos::new(3, 5));
    while distance > 1 {
        wait(&mut app, 1);
        let now = pos_of(&app, goblin).chebyshev(Pos::new(3, 5));
        assert_eq!(now, distance - 1, "the goblin steps closer each turn");
        distance = now;
    }
    let hp = app.world().get::<Health>(hero).unwrap().hp;
    wait(&mut app, 1);
    assert!(
        app.world().get::<Health>(hero).unwrap().hp < hp,
        "adjacent, it attacks"
    );
    assert_eq!(pos_of(&app, goblin).chebyshev(Pos::new(3, 5)), 1);
}

#[test]
fn a_goblin_goes_to_where_it_last_saw_the_hero() {
    let map = "\
############
#..........#
############
#.#
###";
    let mut app = app_on(map, Pos::new(1, 1), RulesData::default());
    // Within the hero's sight (6), so the goblin sees the hero too.
    let goblin = spawn(&mut app, "goblin", Pos::new(6, 1));
    wait(&mut app, 1);
    assert_eq!(
        app.world().get::<Trail>(goblin).unwrap().last_seen,
        Some(Pos::new(1, 1))
    );
    let hero = hero_entity(&mut app);
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = Pos::new(1, 3);
    app.world_mut().run_system_once(rebuild_occupancy).unwrap();
    for _ in 0..10 {
        wait(&mut app, 1);
        if pos_of(&app, goblin) == Pos::new(1, 1) {
            break;
        }
    }
    assert_eq!(
        pos_of(&app, goblin),
        Pos::new(1, 1),
        "it walks to the last sighting"
    );
    wait(&mut app, 1);
    assert_eq!(
        app.world().get::<Trail>(goblin).unwrap().last_seen,
        None,
        "and then forgets it"
    );
}

#[test]
fn a_goblin_facing_an_unreachable_hero_stays_within_its_budget() {
    // Water lets the goblin see the hero but never reach it.
    let mut rows: Vec<String> = open_map(60, 40).lines().map(String::from).collect();
    for row in rows.iter_mut().take(39).skip(1) {
        row.replace_range(5..6, "~");
    }
    let rules = RulesData {
        goblin_search_budget: 50,
        chase_map_budget: 50,
        ..RulesData::default()
    };
    let mut app = app_on(&rows.join("\n"), Pos::new(3, 20), rules);
    let goblin = spawn(&mut app, "goblin", Pos::new(8, 20));
    for _ in 0..5 {
        wait(&mut app, 1);
        let cost = *app.world().resource::<SearchCost>();
        assert!(
            cost.most_by_one <= 50,
            "one search expanded {} nodes",
            cost.most_by_one
        );
        assert!(pos_of(&app, goblin).x > 5, "it never crosses the water");
    }
    assert_eq!(
        app.world().get::<Trail>(goblin).unwrap().last_seen,
        Some(Pos::new(3, 20))
    );
}

/// Three goblins that see the hero from one side of a room, one behind
/// another; returns the app, the goblins and the search cost of the turn.
fn three_goblins_in_sight(chase_by: ChaseBy) -> (App, Vec<Entity>, SearchCost) {
    let mut app = app_on(&open_map(20, 12), Pos::new(3, 5), RulesData::default());
    app.insert_resource(chase_by);
    let goblins: Vec<Entity> = [Pos::new(7, 5), Pos::new(8, 5), Pos::new(7, 3)]
        .into_iter()
        .map(|at| spawn(&mut app, "goblin", at))
        .collect();
    wait(&mut app, 1);
    let cost = *app.world().resource::<SearchCost>();
    (app, goblins, cost)
}

#[test]
fn goblins_on_the_heros_trail_share_one_map_and_each_closes_in() {
    let (app, goblins, shared) = three_goblins_in_sight(ChaseBy::SharedMap);
    let hero = Pos::new(3, 5);
    let before = [Pos::new(7, 5), Pos::new(8, 5), Pos::new(7, 3)];
    for (goblin, from) in goblins.iter().zip(before) {
        let now = pos_of(&app, *goblin);
        assert_eq!(
            now.chebyshev(hero),
            from.chebyshev(hero) - 1,
            "{from:?} went to {now:?}"
        );
    }
    assert_eq!(shared.total, shared.most_by_one, "one fill for all three");
    let (_, _, own) = three_goblins_in_sight(ChaseBy::OwnSearch);
    assert!(own.total > own.most_by_one, "three searches: {own:?}");
}

#[test]
fn two_creatures_never_share_a_tile() {
    let mut app = app_on(&open_map(14, 14), Pos::new(1, 1), RulesData::default());
    for i in 0..30 {
        let kind = ["bat", "rat", "goblin"][i % 3];
        spawn(
            &mut app,
            kind,
            Pos::new(2 + (i as i32 % 10), 3 + (i as i32 / 10) * 3),
        );
    }
    for _ in 0..300 {
        wait(&mut app, 1);
        let mut q = app
            .world_mut()
            .query_filtered::<&GridPos, Or<(With<Creature>, With<Hero>)>>();
        let positions: Vec<Pos> = q.iter(app.world()).map(|p| p.0).collect();
        let unique: HashSet<Pos> = positions.iter().copied().collect();
        assert_eq!(unique.len(), positions.len(), "two share a tile");
        if app.world().resource::<State<Screen>>().get() != &Screen::Playing {
            break;
        }
    }
}

#[test]
fn a_dead_creature_leaves_a_corpse() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let rat = spawn(&mut app, "rat", Pos::new(4, 3));
    set_hp(&mut app, rat, 1);
    act(&mut app, Action::Move(Dir::E));
    assert!(app.world().get_entity(rat).is_err(), "the rat is gone");
    let mut q = app.world_mut().query::<(&Corpse, &GridPos, &Name)>();
    let corpses: Vec<(i32, Pos, String)> = q
        .iter(app.world())
        .map(|(c, p, n)| (c.food, p.0, n.to_string()))
        .collect();
    assert_eq!(
        corpses,
        vec![(6 * 3, Pos::new(4, 3), "rat corpse".to_string())],
        "worth maxHp x 3"
    );
}

#[test]
fn the_heros_death_ends_the_game_with_its_cause() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    spawn(&mut app, "goblin", Pos::new(4, 3));
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 1);
    wait(&mut app, 1);
    app.update();
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::GameOver
    );
    assert_eq!(
        app.world().resource::<DeathCause>().0.as_deref(),
        Some("killed by a goblin")
    );
}

#[test]
fn the_hero_regains_one_hp_every_regen_every_turns() {
    let rules = RulesData::default();
    let every = rules.regen_every as usize;
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), rules);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 10);
    wait(&mut app, every - 1);
    assert_eq!(app.world().get::<Health>(hero).unwrap().hp, 10);
    wait(&mut app, 1);
    assert_eq!(
        app.world().get::<Health>(hero).unwrap().hp,
        11,
        "turn {every}"
    );
    wait(&mut app, every);
    assert_eq!(
        app.world().get::<Health>(hero).unwrap().hp,
        12,
        "turn {}",
        2 * every
    );
    assert_eq!(app.world().resource::<TurnCount>().0, 2 * every as u64);
}

/// A rules app playing a generated, populated `w × h` cave from `seed`.
fn populated_cave(seed: u64, w: i32, h: i32) -> (App, caves::Cave) {
    let cave = caves::generate(seed, w, h).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let new_game = NewGame {
        seed,
        rules: RulesData::default(),
        creatures: shipped_book(),
        items: Default::default(),
        reveal: false,
        mode: gloomdelve::Mode::Delve,
    };
    app.add_plugins(GamePlugin { new_game });
    app.insert_resource(Level {
        terrain: cave.terrain.clone(),
        start: cave.start,
    });
    (start_playing(app), cave)
}

/// Creature positions and HP, by id, after `turns` scripted turns.
fn run_scripted(turns: usize) -> Vec<(u64, Pos, i32)> {
    let (mut app, _) = populated_cave(21, 90, 60);
    let script = [
        Dir::E,
        Dir::E,
        Dir::S,
        Dir::W,
        Dir::N,
        Dir::NE,
        Dir::SW,
        Dir::S,
    ];
    for turn in 0..turns {
        if app.world().resource::<State<Screen>>().get() != &Screen::Playing {
            break;
        }
        let action = if turn % 3 == 0 {
            Action::Wait
        } else {
            Action::Move(script[turn % script.len()])
        };
        act(&mut app, action);
    }
    let mut q = app.world_mut().query::<(
        &gloomdelve::vocab::components::CreatureId,
        &GridPos,
        &Health,
    )>();
    let mut state: Vec<(u64, Pos, i32)> = q
        .iter(app.world())
        .map(|(id, p, h)| (id.0, p.0, h.hp))
        .collect();
    state.sort_unstable_by_key(|s| s.0);
    state.push((u64::MAX, hero_pos(&mut app), 0));
    state
}

#[test]
fn the_same_seed_and_keys_give_the_same_500_turns() {
    let a = run_scripted(500);
    let b = run_scripted(500);
    assert!(a.len() > 10, "the cave is populated");
    assert_eq!(a, b);
}

#[test]
fn creature_data_errors_name_the_entry_and_field() {
    let err = CreatureBook::parse(
        "[(name: \"rat\", sprite: \"rat\", hp: 0, attack: 1, defense: 0, vision: 4, speed: 1, behaviours: [Bites, Wanders], per_cave: 1)]",
    )
    .unwrap_err();
    assert!(err.contains("entry 1") && err.contains("hp"), "{err}");
    let err = CreatureBook::parse("[(name: \"rat\", sprite: \"rat\")]").unwrap_err();
    assert!(err.contains("hp"), "a missing field is named: {err}");
    let err = CreatureBook::load(Path::new("/nowhere/creatures.ron")).unwrap_err();
    assert!(err.contains("/nowhere/creatures.ron"), "{err}");
    assert_eq!(shipped_book().kinds.len(), 9);
}

/// A creatures list of `count` rats, named `rat0`, `rat1`..., then `last`.
fn many_rats(count: usize, last: &str) -> String {
    let rat = |name: &str| {
        format!(
            "(name: \"{name}\", sprite: \"rat\", hp: 6, attack: 4, defense: 0, vision: 5, \
             speed: 1, behaviours: [Bites, Wanders], per_cave: 0),\n"
        )
    };
    let mut text: String = std::iter::once("[".to_string())
        .chain((0..count).map(|i| rat(&format!("rat{i}"))))
        .collect();
    text.push_str(&rat(last));
    text.push(']');
    text
}

#[test]
fn a_creature_file_of_too_many_kinds_or_a_late_repeat_is_refused_naming_the_file() {
    let dir = crate::support::scratch("many-kinds");
    let path = dir.path().join("creatures.ron");
    std::fs::write(&path, many_rats(100_000, "rat7")).unwrap();
    let err = CreatureBook::load(&path).unwrap_err();
    assert!(err.contains(&path.display().to_string()), "{err}");
    assert!(
        err.contains("100001 entries") && err.contains("at most 1000"),
        "{err}"
    );
    // Under the cap, the one repeat is found, however late it comes.
    let err = CreatureBook::parse(&many_rats(999, "rat7")).unwrap_err();
    assert!(
        err.contains("entry 1000") && err.contains("\"rat7\" is entry 8 already"),
        "{err}"
    );
}

#[test]
fn after_a_death_a_new_game_starts_from_a_fresh_cave() {
    let (mut app, cave) = populated_cave(8, 60, 40);
    wait(&mut app, 3);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 0);
    wait(&mut app, 1);
    app.update();
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::GameOver
    );
    app.world_mut()
        .write_message(gloomdelve::vocab::messages::StartOver);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::Playing
    );
    assert_eq!(
        app.world().resource::<TurnCount>().0,
        0,
        "the turn count starts again"
    );
    assert_ne!(
        app.world().resource::<Level>().terrain,
        cave.terrain,
        "a new seed, a new cave"
    );
    let hero = hero_entity(&mut app);
    assert_eq!(
        app.world().get::<Health>(hero).unwrap().hp,
        RulesData::default().hero_hp
    );
    let mut q = app.world_mut().query_filtered::<(), With<Creature>>();
    let surface_dwellers: u32 = shipped_book().kinds.iter().map(|k| k.count_at(0)).sum();
    assert!(
        q.iter(app.world()).count() as u32 == surface_dwellers && surface_dwellers > 0,
        "the new game starts on a populated surface"
    );
}

fn key(code: KeyCode, repeat: bool) -> bevy::input::keyboard::KeyboardInput {
    bevy::input::keyboard::KeyboardInput {
        key_code: code,
        logical_key: bevy::input::keyboard::Key::Unidentified(
            bevy::input::keyboard::NativeKey::Unidentified,
        ),
        state: bevy::input::ButtonState::Pressed,
        text: None,
        repeat,
        window: Entity::PLACEHOLDER,
    }
}

#[test]
fn a_held_key_stops_walking_when_a_monster_comes_into_view() {
    let corridor = format!(
        "{}\n#{}#\n{}\n",
        "#".repeat(40),
        ".".repeat(38),
        "#".repeat(40)
    );
    let mut app = app_on(&corridor, Pos::new(1, 1), RulesData::default());
    app.add_message::<bevy::input::keyboard::KeyboardInput>();
    app.insert_resource(gloomdelve::view::ui_state::Zoom(4));
    app.add_plugins(gloomdelve::input::plugin);
    // A fungus never moves: it comes into view at distance 6.
    spawn(&mut app, "fungus", Pos::new(12, 1));
    let press = |app: &mut App, repeat: bool| {
        app.world_mut()
            .write_message(key(KeyCode::ArrowRight, repeat));
        app.update();
        app.update();
        hero_pos(app).x
    };
    assert_eq!(press(&mut app, false), 2);
    let mut x = 2;
    for _ in 0..10 {
        x = press(&mut app, true);
    }
    assert_eq!(
        x, 6,
        "the walk stops as the fungus comes into view, 6 tiles off"
    );
    assert!(
        app.world()
            .resource::<gloomdelve::vocab::resources::MonstersInView>()
            .in_view
            .len()
            == 1
    );
    assert_eq!(press(&mut app, false), 7, "a fresh press walks on");
    assert_eq!(
        press(&mut app, true),
        8,
        "and holding keeps going: the fungus is known now"
    );
}

#[test]
fn creature_numbers_are_refused_outside_their_range_and_the_hunt_needs_a_mover() {
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/creatures.ron"),
    )
    .unwrap();
    for (from, to, expected) in [
        (
            "hp: 14",
            "hp: 2147483647",
            "entry 4 (\"goblin\"): hp: 2147483647 is out of range: use 1 to 9999",
        ),
        ("attack: 5", "attack: -5", "attack: -5"),
        ("defense: 1", "defense: 10000", "defense: 10000"),
        ("from_depth: 2", "from_depth: 500", "from_depth: 500"),
        (
            "to_depth: Some(8)",
            "to_depth: Some(1)",
            "entry 7 (\"mole\"): to_depth: is above from_depth",
        ),
        (
            "acts_every: 2",
            "acts_every: 0",
            "entry 6 (\"ogre\"): acts_every: 0 is out of range: use 1 to 10",
        ),
    ] {
        let err = CreatureBook::parse(&shipped.replacen(from, to, 1)).unwrap_err();
        assert!(err.contains(expected), "{to}: {err}");
    }
    // Every kind that moves made immobile, but for those `keep`.
    let immobile_but = |keep: &str| -> String {
        shipped
            .lines()
            .map(|line| {
                let moves = line.contains("behaviours: [") && !line.contains("immobile");
                if moves && !line.contains(keep) {
                    line.replacen("behaviours: [", "immobile: true, behaviours: [", 1)
                } else {
                    line.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let immobile_but_goblins = immobile_but("name: \"goblin\",");
    let all_immobile = immobile_but("no kind has this line");
    let err = CreatureBook::parse(&all_immobile).unwrap_err();
    assert!(err.contains("hunt"), "{err}");
    assert!(
        CreatureBook::parse(&immobile_but_goblins).is_ok(),
        "one mover is enough"
    );
}

/// The shipped creatures with one more kind written in: a vole that
/// behaves like a rat, in the data alone.
fn book_with_a_vole() -> CreatureBook {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/creatures.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let vole = "    (name: \"vole\", sprite: \"rat\", hp: 5, attack: 3, defense: 0, vision: 5, \
                speed: 1, behaviours: [Bites, Wanders], per_cave: 6, from_depth: 0, more_per_depth: 0.0),\n]";
    let end = text.rfind(']').expect("a list of kinds");
    CreatureBook::parse(&format!("{}{vole}{}", &text[..end], &text[end + 1..])).unwrap()
}

#[test]
fn a_new_kind_that_reuses_an_ai_needs_only_its_data_entry() {
    let book = book_with_a_vole();
    let vole = book.find("vole").expect("the vole is read from the data");
    let voles_at = |app: &mut App| -> Vec<(Entity, Pos)> {
        let mut q = app.world_mut().query::<(Entity, &Creature, &GridPos)>();
        q.iter(app.world())
            .filter(|(_, c, _)| c.kind == vole)
            .map(|(e, _, p)| (e, p.0))
            .collect()
    };
    let cave = caves::generate(21, 90, 60).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let mut new_game = NewGame::shipped(21, gloomdelve::Mode::Delve).unwrap();
    new_game.creatures = book.clone();
    app.add_plugins(GamePlugin { new_game });
    app.insert_resource(Level {
        terrain: cave.terrain,
        start: cave.start,
    });
    let mut app = start_playing(app);
    assert_eq!(voles_at(&mut app).len(), 6, "a new level gets its voles");
    let start = Pos::new(2, 2);
    let mut app = app_on(&open_map(30, 20), start, RulesData::default());
    app.world_mut().resource_mut::<NewGame>().creatures = book;
    let ids: Vec<Entity> = (0..6)
        .map(|i| spawn(&mut app, "vole", Pos::new(10 + 2 * i, 10)))
        .collect();
    let before = voles_at(&mut app);
    assert_eq!(before.len(), 6);
    for &id in &ids {
        assert!(
            app.world().get::<Trail>(id).is_none(),
            "a vole, like a rat, chases nothing"
        );
        assert_eq!(app.world().get::<Health>(id).unwrap().max, 5);
    }
    wait(&mut app, 10);
    let after = voles_at(&mut app);
    let moved = before.iter().filter(|b| !after.contains(b)).count();
    assert!(
        moved > 0,
        "voles wander as rats do: {before:?} -> {after:?}"
    );
}

#[test]
fn every_shipped_creature_says_what_it_does_for_look_mode() {
    for kind in &shipped_book().kinds {
        let says = &kind.description;
        assert!(
            says.ends_with('.') && says.starts_with(char::is_uppercase) && says.len() > 15,
            "{}: {says:?} is a sentence of what it does",
            kind.name
        );
    }
}

#[test]
fn an_archer_that_shoots_no_missile_is_refused_at_load_naming_the_entry() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/creatures.ron");
    let shipped = std::fs::read_to_string(&path).unwrap();
    let items = crate::support::shipped_items();
    let book = CreatureBook::parse(&shipped).unwrap();
    assert_eq!(book.check_shots(&items, &path), Ok(()));
    let rations = shipped.replace("Shoots(\"arrow\")", "Shoots(\"ration\")");
    let err = CreatureBook::parse(&rations)
        .unwrap()
        .check_shots(&items, &path)
        .unwrap_err();
    assert!(
        err.contains("creatures.ron")
            && err.contains("entry 5 (\"goblin archer\")")
            && err.contains("\"ration\" is no missile"),
        "{err}"
    );
}

/// `blows` bumps of the hero into a sturdy fungus east of it whose defense
/// is `defense`: the HP each blow took.
fn blows_against(defense: i32, blows: usize) -> Vec<i32> {
    let mut app = app_on(&open_map(12, 12), Pos::new(2, 2), RulesData::default());
    let fungus = spawn(&mut app, "fungus", Pos::new(3, 2));
    let world = app.world_mut();
    let mut fighter = world
        .get_mut::<gloomdelve::vocab::components::Fighter>(fungus)
        .unwrap();
    (fighter.attack, fighter.defense) = (0, defense);
    let mut health = world.get_mut::<Health>(fungus).unwrap();
    (health.hp, health.max) = (10_000, 10_000);
    let hp = |app: &App| app.world().get::<Health>(fungus).unwrap().hp;
    (0..blows)
        .map(|_| {
            let before = hp(&app);
            act(&mut app, Action::Move(Dir::E));
            before - hp(&app)
        })
        .collect()
}

#[test]
fn melee_damage_is_rolled_against_the_targets_defense() {
    let attack = crate::support::fighter(&mut app_on(
        &open_map(12, 12),
        Pos::new(2, 2),
        RulesData::default(),
    ))
    .attack;
    assert!(attack >= 3, "the hero hits for more than 1: {attack}");
    // A defense one below the attack leaves one point to roll: every blow
    // takes exactly 1; at or above the attack, a blow still takes 1.
    for defense in [attack - 1, attack, attack + 5] {
        let taken = blows_against(defense, 40);
        assert!(
            taken.iter().all(|&d| d == 1),
            "defense {defense}: {taken:?}"
        );
    }
    // No defense: the blows take 1 to the attack, and reach it.
    let taken = blows_against(0, 60);
    assert!(
        taken.iter().all(|&d| (1..=attack).contains(&d)),
        "{taken:?}"
    );
    assert!(
        taken.contains(&attack),
        "the full attack is rolled: {taken:?}"
    );
}

/// The shipped creatures with a bandit written in: a kind the game never
/// shipped, made of three behaviours others have, drawn as a thief.
fn book_with_a_bandit() -> CreatureBook {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/creatures.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let bandit = "    (name: \"bandit\", sprite: \"thief\", description: \"Steals, shoots and \
                  chases.\", hp: 9, attack: 3, defense: 0, vision: 7, speed: 1, \
                  behaviours: [Chases, Steals, Shoots(\"arrow\")], per_cave: 3, \
                  from_depth: 0, more_per_depth: 0.0),\n]";
    let end = text.rfind(']').expect("a list of kinds");
    CreatureBook::parse(&format!("{}{bandit}{}", &text[..end], &text[end + 1..])).unwrap()
}

#[test]
fn a_kind_made_in_the_data_alone_of_three_behaviours_is_met_and_fought_by_the_bot() {
    let book = book_with_a_bandit();
    let items = crate::support::shipped_items();
    let path = Path::new("creatures.ron");
    assert_eq!(book.check_shots(&items, path), Ok(()), "its arrow is known");
    // Each of its behaviours does what it does for the kinds that ship
    // it: it shoots from afar, and next to the hero it steals, then runs.
    let mut app = app_on(&open_map(14, 8), Pos::new(2, 3), RulesData::default());
    app.world_mut().resource_mut::<NewGame>().creatures = book.clone();
    let hero = hero_entity(&mut app);
    let bandit = spawn(&mut app, "bandit", Pos::new(7, 3));
    let hp = |app: &App| app.world().get::<Health>(hero).unwrap().hp;
    let before = hp(&app);
    wait(&mut app, 1);
    assert!(hp(&app) < before, "it shoots the hero in its line of fire");
    assert_eq!(
        pos_of(&app, bandit),
        Pos::new(7, 3),
        "it shot rather than closed in"
    );
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Purse>(hero)
        .unwrap()
        .copper = 40;
    app.world_mut().get_mut::<GridPos>(bandit).unwrap().0 = Pos::new(3, 3);
    app.world_mut().run_system_once(rebuild_occupancy).unwrap();
    wait(&mut app, 1);
    let purse = app
        .world()
        .get::<gloomdelve::vocab::components::Purse>(hero)
        .unwrap();
    assert_eq!(
        purse.copper, 20,
        "next to the hero it steals half the purse"
    );
    // And the bot meets bandits in its games, and fights them.
    let mut killed = 0;
    for seed in 1..=4 {
        let mut new_game = NewGame::shipped(seed, gloomdelve::Mode::Delve).unwrap();
        new_game.creatures = book.clone();
        let report = gloomdelve::sim::run(new_game, 1500).expect("every invariant holds");
        killed += report.kills.get("bandit").copied().unwrap_or(0);
    }
    assert!(killed > 0, "the bot fights bandits and kills some");
}

#[test]
fn a_goblin_struck_below_its_share_steps_away_and_bites_only_when_cornered() {
    use gloomdelve::vocab::foresight::Deed;
    let hero_at = Pos::new(5, 5);
    let mut app = app_on(&open_map(12, 12), hero_at, RulesData::default());
    let goblin = spawn(&mut app, "goblin", hero_at.step(Dir::E));
    // 3 of 14 HP is below the goblins' Flees(25) in creatures.ron.
    set_hp(&mut app, goblin, 3);
    act(&mut app, Action::Wait);
    let away = pos_of(&app, goblin);
    assert_eq!(deeds_of(&app, goblin), [Deed::Moved(away)]);
    assert!(
        away.chebyshev(hero_at) == 2,
        "it steps away from the hero, to {away:?}"
    );
    // Unhurt, the same goblin comes back and bites.
    set_hp(&mut app, goblin, 14);
    wait(&mut app, 2);
    assert_eq!(
        deeds_of(&app, goblin),
        [Deed::Struck(hero_entity(&mut app))]
    );
    // Cornered at the end of a corridor beside the hero, a fleeing goblin
    // bites.
    let mut app = app_on("#####\n#...#\n#####", Pos::new(2, 1), RulesData::default());
    let cornered = spawn(&mut app, "goblin", Pos::new(1, 1));
    set_hp(&mut app, cornered, 3);
    let hero = hero_entity(&mut app);
    act(&mut app, Action::Wait);
    assert_eq!(deeds_of(&app, cornered), [Deed::Struck(hero)]);
}

#[test]
fn a_fleeing_goblin_heals_every_few_turns_until_it_is_past_its_share() {
    let mut app = app_on(&open_map(30, 12), Pos::new(2, 5), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(26, 5));
    set_hp(&mut app, goblin, 2);
    let every = app
        .world()
        .resource::<gloomdelve::NewGame>()
        .rules
        .flee_regen_every;
    wait(&mut app, every as usize * 2);
    let health = app.world().get::<Health>(goblin).unwrap();
    assert_eq!(health.hp, 4, "1 HP every {every} turns");
    let book = shipped_book();
    let kind = &book.kinds[book.find("goblin").unwrap()];
    assert!(kind.flees((3, 14)) && !kind.flees((4, 14)) && !kind.flees((0, 14)));
}
