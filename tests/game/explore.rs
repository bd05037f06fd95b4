//! Auto-explore: it reveals a whole map, stops for a monster it has not
//! seen (for a fungus only next to its path), stops before stepping next
//! to one, fetches the items a player wants and leaves junk, stops once
//! for sickness and only for hunger that asks for food.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::rules::explore::Walking;
use gloomdelve::vocab::components::Health;
use gloomdelve::vocab::components::PACK_SIZE;
use gloomdelve::vocab::components::Stomach;
use gloomdelve::vocab::messages::{Goal, StartWalk};
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::resources::{Seen, Sight};
use gloomdelve::vocab::statuses::{Status, Statuses};
use gloomdelve_core::mapgen::connect::label_regions;
use gloomdelve_core::{Dir, Grid, Pos};

use crate::support::{
    act, app_on, hero_entity, hero_hp, hero_pos, last_line, lay, open_map, pack, set_food,
    shipped_game, spawn,
};
use gloomdelve::vocab::intents::Action;

/// Rooms joined by doorways; the hero starts in the west room.
const ROOMS: &str = "\
##############################
#......#.........#...........#
#......#.........#...........#
#......#.....................#
#............#...#...........#
#......#.....#...#######.#####
#......#.....#...#...........#
##.#####.....#...#...........#
#......#######...........#...#
#............................#
##############################";

/// A long corridor: the hero at the west end.
const CORRIDOR: &str = "\
########################################
#......................................#
########################################";

/// Starts a walk and plays it out; returns how many steps it took.
fn explore(app: &mut App) -> usize {
    explore_with(app, |_, _| {})
}

/// Starts a walk and plays it out, calling `each(app, update)` before each
/// update of the walk; returns how many updates it took.
fn explore_with(app: &mut App, mut each: impl FnMut(&mut App, usize)) -> usize {
    app.world_mut().write_message(StartWalk(Goal::Unexplored));
    app.update();
    let mut steps = 0;
    while app.world().contains_resource::<Walking>() && steps < 5000 {
        each(app, steps);
        app.update();
        steps += 1;
    }
    steps
}

/// Two corridors side by side with water between: the hero walks the
/// north one and sees across into the south one, which it cannot reach.
const TWO_SHORES: &str = "\
########################################
#......................................#
#~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~#
#......................................#
########################################";

/// A corridor with a niche one tile deep half-way.
const NICHE: &str = "\
########################################
#......................................#
##########.#############################
########################################";

fn hold_still(app: &mut App, creature: Entity) {
    app.world_mut()
        .entity_mut(creature)
        .insert(Statuses::from_iter([(Status::Paralysed, 100_000)]));
}

#[test]
fn auto_explore_reveals_every_reachable_tile_then_says_so() {
    let mut app = app_on(ROOMS, Pos::new(2, 2), RulesData::default());
    explore(&mut app);
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach."
    );
    let terrain = app.world().resource::<Level>().terrain.clone();
    let walkable = Grid::from_fn(terrain.width(), terrain.height(), |p| {
        terrain.is_walkable(p)
    });
    let (labels, _) = label_regions(&walkable);
    let home = labels[Pos::new(2, 2)];
    let sight = app.world().resource::<Sight>();
    let unseen: Vec<Pos> = walkable
        .positions()
        .filter(|&p| labels[p] == home && sight.seen(p) == Seen::Unseen)
        .collect();
    assert!(unseen.is_empty(), "never seen: {unseen:?}");
}

/// A hall three tiles wide: the hero at the west end.
const HALL: &str = "\
########################################
#......................................#
#......................................#
#......................................#
########################################";

#[test]
fn a_new_monster_stops_the_walk_but_a_known_fungus_does_not() {
    let mut app = app_on(HALL, Pos::new(1, 2), RulesData::default());
    spawn(&mut app, "fungus", Pos::new(5, 1));
    let goblin = spawn(&mut app, "goblin", Pos::new(34, 2));
    hold_still(&mut app, goblin);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(last_line(&app), "You stop: you see a goblin.");
    let at = hero_pos(&mut app);
    assert!(
        at.x > 20 && at.x < 34,
        "it walked past the known fungus until the goblin came into view: {at:?}"
    );
}

#[test]
fn the_walk_stops_before_stepping_next_to_a_visible_monster() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(6, 1));
    hold_still(&mut app, goblin);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(last_line(&app), "You stop: the goblin is too close.");
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(4, 1),
        "one tile short of its reach"
    );
}

#[test]
fn travel_to_known_stairs_walks_there_and_says_so() {
    let map = "\
##########
#........#
#.....>..#
##########";
    let mut app = app_on(map, Pos::new(1, 1), RulesData::default());
    act(&mut app, Action::Descend);
    app.update();
    assert!(
        app.world().contains_resource::<Walking>(),
        "> off the stairs starts a walk"
    );
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(hero_pos(&mut app), Pos::new(6, 2));
    assert_eq!(
        last_line(&app),
        "You reach the stairs down. Press > to descend."
    );
}

#[test]
fn a_fungus_out_of_the_way_does_not_stop_the_walk() {
    let mut app = app_on(TWO_SHORES, Pos::new(1, 1), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(37, 3));
    hold_still(&mut app, goblin);
    act(&mut app, Action::Wait);
    // New fungi across the water, two tiles from the path, as the walk goes.
    let mut last_x = 0;
    explore_with(&mut app, |app, _| {
        let x = hero_pos(app).x + 3;
        if x > last_x + 3 && x < 30 {
            spawn(app, "fungus", Pos::new(x, 3));
            last_x = x;
        }
    });
    assert_eq!(last_line(&app), "You stop: you see a goblin.");
    assert!(hero_pos(&mut app).x > 25, "it walked past every fungus");
}

#[test]
fn a_new_fungus_next_to_the_path_does_not_stop_the_walk() {
    let mut app = app_on(NICHE, Pos::new(1, 1), RulesData::default());
    act(&mut app, Action::Wait);
    let mut grown = false;
    explore_with(&mut app, |app, _| {
        if !grown && hero_pos(app).x == 8 {
            spawn(app, "fungus", Pos::new(10, 2));
            grown = true;
        }
    });
    assert!(grown, "the fungus grew beside the path");
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach.",
        "a fungus never hurts: the walk goes past it"
    );
}

#[test]
fn a_bat_about_does_not_stop_the_walk_and_one_alongside_is_swatted() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    let bat = spawn(&mut app, "bat", Pos::new(3, 1));
    hold_still(&mut app, bat);
    act(&mut app, Action::Wait);
    let steps = explore(&mut app);
    assert!(steps > 30, "one walk, not a stop: {steps}");
    assert!(app.world().get_entity(bat).is_err(), "swatted on the way");
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach."
    );
    assert!(hero_pos(&mut app).x > 30, "on down the corridor");
}

#[test]
fn auto_explore_fetches_a_potion_in_view_and_picks_it_up() {
    // A room seen whole from the start: nothing to explore but the potion.
    let mut app = app_on(&open_map(9, 7), Pos::new(4, 3), RulesData::default());
    let potion = lay(&mut app, "potion of healing", Pos::new(7, 5));
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(7, 5));
    assert!(pack(&mut app).contains(&potion), "picked up on the way");
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach."
    );
}

#[test]
fn auto_explore_fetches_better_gear_and_leaves_what_it_has_better_of() {
    let mut app = app_on(&open_map(9, 7), Pos::new(4, 3), RulesData::default());
    let dagger = lay(&mut app, "dagger", Pos::new(5, 3));
    act(&mut app, Action::Move(Dir::E));
    assert!(pack(&mut app).contains(&dagger));
    let club = lay(&mut app, "club", Pos::new(1, 5));
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(5, 3),
        "a club is junk beside a dagger"
    );
    assert!(!pack(&mut app).contains(&club));
    let longsword = lay(&mut app, "longsword", Pos::new(1, 1));
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(1, 1), "a longsword beats it");
    assert!(pack(&mut app).contains(&longsword));
}

#[test]
fn auto_explore_goes_back_for_a_ration_it_remembers() {
    let mut app = app_on(CORRIDOR, Pos::new(6, 1), RulesData::default());
    let ration = lay(&mut app, "ration", Pos::new(2, 1));
    act(&mut app, Action::Wait);
    for _ in 0..32 {
        act(&mut app, Action::Move(Dir::E));
    }
    let sight = app.world().resource::<Sight>();
    assert_eq!(sight.seen(Pos::new(2, 1)), Seen::Remembered, "out of view");
    assert!(
        (1..39).all(|x| sight.seen(Pos::new(x, 1)) != Seen::Unseen),
        "the corridor is all explored"
    );
    explore(&mut app);
    assert!(pack(&mut app).contains(&ration), "it went back for it");
}

#[test]
fn something_left_underfoot_is_named_with_its_article() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    for _ in 0..PACK_SIZE {
        let dagger = lay(&mut app, "dagger", Pos::new(1, 1));
        act(&mut app, Action::PickUp);
        assert!(pack(&mut app).contains(&dagger));
    }
    lay(&mut app, "leather armour", Pos::new(5, 1));
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(5, 1));
    assert_eq!(last_line(&app), "You stop: there is leather armour here.");
}

#[test]
fn sickness_stops_a_walk_once_not_every_turn() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    act(&mut app, Action::Wait);
    let hero = hero_entity(&mut app);
    explore_with(&mut app, |app, step| {
        if step == 3 {
            app.world_mut()
                .entity_mut(hero)
                .insert(Statuses::from_iter([(Status::Sick, 8)]));
        }
    });
    assert_eq!(last_line(&app), "You stop: you feel sick.");
    let (at, before) = (hero_pos(&mut app), hero_hp(&mut app));
    explore(&mut app);
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach.",
        "the sickness it knows of stops it no more"
    );
    assert!(hero_hp(&mut app) < before, "the sickness hurt on the way");
    assert!(hero_pos(&mut app).x > at.x + 20, "it walked on");
}

#[test]
fn a_blow_still_stops_a_sick_walk() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    let hero = hero_entity(&mut app);
    app.world_mut()
        .entity_mut(hero)
        .insert(Statuses::from_iter([(Status::Sick, 20)]));
    act(&mut app, Action::Wait);
    explore_with(&mut app, |app, step| {
        if step == 4 {
            app.world_mut().get_mut::<Health>(hero).unwrap().hp -= 3;
        }
    });
    assert_eq!(last_line(&app), "You stop: you are hurt!");
}

#[test]
fn at_a_quarter_hp_even_a_known_sickness_stops_a_walk() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    let hero = hero_entity(&mut app);
    app.world_mut()
        .entity_mut(hero)
        .insert(Statuses::from_iter([(Status::Sick, 20)]));
    act(&mut app, Action::Wait);
    // A quarter of its HP: the sickness it knows of no longer walks on.
    let mut health = app.world_mut().get_mut::<Health>(hero).unwrap();
    health.hp = health.max / 4;
    let before = health.hp;
    let start = hero_pos(&mut app);
    let steps = explore(&mut app);
    assert_eq!(last_line(&app), "You stop: you are hurt!");
    assert_eq!(
        app.world().get::<Health>(hero).unwrap().hp,
        before - RulesData::default().hunger.sickness_damage,
        "it stopped at the first loss"
    );
    assert!(steps <= 2, "{steps} steps");
    assert!(hero_pos(&mut app).x <= start.x + 2);
}

#[test]
fn only_hunger_that_asks_for_food_stops_a_walk() {
    let rules = RulesData::default();
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), rules.clone());
    set_food(&mut app, rules.hunger.satiated_above + 2);
    act(&mut app, Action::Wait);
    let steps = explore(&mut app);
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach.",
        "no longer full is no reason to stop"
    );
    assert!(steps > 30);
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), rules.clone());
    set_food(&mut app, rules.hunger.hungry_below + 2);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(last_line(&app), "You stop: you are hungry.");
    let hero = hero_entity(&mut app);
    assert!(app.world().get::<Stomach>(hero).unwrap().food < rules.hunger.hungry_below);
}

/// The direction of a living creature next to the hero, if one stands there.
fn foe_next_to(app: &mut App, at: Pos) -> Option<Dir> {
    let mut q = app
        .world_mut()
        .query_filtered::<(&gloomdelve::vocab::components::GridPos, &Health), With<gloomdelve::vocab::components::Creature>>();
    let foes: Vec<Pos> = q
        .iter(app.world())
        .filter(|(pos, health)| health.hp > 0 && pos.0.chebyshev(at) == 1)
        .map(|(pos, _)| pos.0)
        .collect();
    Dir::ALL.into_iter().find(|&d| foes.contains(&at.step(d)))
}

/// Plays `turns` turns of `x` in the hunt world of `seed` with a hero too
/// tough to fall, striking whatever stands next to it; returns how many of
/// the world's rooms it looked into and how many enemies it saw.
fn hunt_by_explore(seed: u64, turns: u64) -> (usize, usize) {
    let mut app = gloomdelve::sim::headless_app(shipped_game(seed, gloomdelve::Mode::Hunt));
    let hero = hero_entity(&mut app);
    let tough = Health {
        hp: 1_000_000,
        max: 1_000_000,
    };
    app.world_mut().entity_mut(hero).insert(tough);
    let turn = |app: &App| {
        app.world()
            .resource::<gloomdelve::vocab::resources::TurnCount>()
            .0
    };
    for _ in 0..turns * 4 {
        if turn(&app) >= turns {
            break;
        }
        let before = turn(&app);
        let at = hero_pos(&mut app);
        let walking = app.world().contains_resource::<Walking>();
        if let Some(dir) = foe_next_to(&mut app, at).filter(|_| !walking) {
            act(&mut app, Action::Move(dir));
        } else if !walking {
            app.world_mut().write_message(StartWalk(Goal::Unexplored));
            app.update();
        } else {
            app.update();
        }
        if turn(&app) == before && !app.world().contains_resource::<Walking>() {
            act(&mut app, Action::Wait);
        }
    }
    let sight = app.world().resource::<Sight>();
    let rooms = gloomdelve_core::mapgen::warrens::generate(seed)
        .rooms
        .iter()
        .filter(|room| !gloomdelve::rules::explore::rooms::is_unexplored(room, sight))
        .count();
    let enemies = app
        .world()
        .resource::<gloomdelve::rules::explore::KnownMonsters>()
        .0
        .len();
    (rooms, enemies)
}

#[test]
fn in_the_hunt_explore_heads_for_the_rooms_not_every_corridor() {
    let (mut rooms, mut enemies) = (0, 0);
    for seed in 1..=3 {
        let (r, e) = hunt_by_explore(seed, 1300);
        eprintln!("hunt seed {seed}: 1300 turns of x looked into {r} rooms, saw {e} enemies");
        rooms += r;
        enemies += e;
    }
    eprintln!("hunt seeds 1-3: {rooms} rooms, {enemies} enemies");
    // Nearest first, the walk looked into 8 rooms and saw 4 enemies here;
    // heading for the rooms, 18 and 11.
    assert!(rooms >= 12, "only {rooms} rooms of 30 looked into");
}

/// Fills the pack of the hero on `at` with daggers.
fn fill_the_pack(app: &mut App, at: Pos) {
    for _ in 0..PACK_SIZE {
        let dagger = lay(app, "dagger", at);
        act(app, Action::PickUp);
        assert!(pack(app).contains(&dagger));
    }
}

#[test]
fn a_full_pack_walks_over_corpses_and_junk_without_stopping() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    fill_the_pack(&mut app, Pos::new(1, 1));
    crate::support::kill_east_of_the_hero(&mut app, "rat");
    lay(&mut app, "club", Pos::new(4, 1));
    explore(&mut app);
    assert!(hero_pos(&mut app).x > 30, "on down the corridor, past both");
    assert_eq!(
        last_line(&app),
        "Nothing left to explore that you can reach."
    );
}

#[test]
fn explore_never_fetches_what_the_hero_dropped() {
    let mut app = app_on(&open_map(9, 7), Pos::new(4, 3), RulesData::default());
    let potion = lay(&mut app, "potion of healing", Pos::new(4, 3));
    act(&mut app, Action::PickUp);
    act(&mut app, Action::Drop(potion));
    act(&mut app, Action::Move(Dir::W));
    act(&mut app, Action::Move(Dir::W));
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(2, 3), "it stays put");
    assert!(!pack(&mut app).contains(&potion));
    let other = lay(&mut app, "potion of healing", Pos::new(6, 5));
    explore(&mut app);
    assert!(
        pack(&mut app).contains(&other),
        "one it never had is fetched"
    );
    assert!(!pack(&mut app).contains(&potion), "the dropped one is not");
}

#[test]
fn a_hungry_hero_walks_to_a_fresh_corpse_and_stops_on_it_to_eat() {
    // A room seen whole from the start: nothing to explore.
    let mut app = app_on(&open_map(9, 7), Pos::new(4, 3), RulesData::default());
    let corpse = crate::support::kill_east_of_the_hero(&mut app, "rat");
    act(&mut app, Action::Move(Dir::W));
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(3, 3), "fed, it leaves it be");
    set_food(&mut app, 100);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(5, 3));
    assert_eq!(last_line(&app), "You stop: there is a rat corpse here.");
    assert!(!pack(&mut app).contains(&corpse));
}

#[test]
fn on_the_surface_with_the_stairs_seen_explore_takes_what_is_in_view_then_offers_them() {
    let meadow = format!(
        "{}\n#.>{}#\n{}",
        "#".repeat(40),
        ".".repeat(36),
        "#".repeat(40)
    );
    // A crafted level is level 1: this one is the surface.
    let mut app =
        crate::support::app_on_with(&meadow, Pos::new(1, 1), RulesData::default(), |app| {
            app.insert_resource(gloomdelve::vocab::resources::Dungeon::default());
        });
    let potion = lay(&mut app, "potion of healing", Pos::new(5, 1));
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert!(
        pack(&mut app).contains(&potion),
        "what is in view is fetched"
    );
    assert_eq!(hero_pos(&mut app), Pos::new(5, 1), "and no tour after it");
    assert_eq!(
        last_line(&app),
        "The meadow holds nothing more in sight; > takes you down."
    );
    let mut cave = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    act(&mut cave, Action::Wait);
    explore(&mut cave);
    assert!(hero_pos(&mut cave).x > 30, "no stairs seen: it explores on");
}

#[test]
fn the_hunt_searches_the_dens_of_the_living_not_the_rooms_it_emptied() {
    use gloomdelve::vocab::components::CreatureId;
    use gloomdelve_core::Rect;
    let rooms = [
        Rect::new(0, 0, 10, 10),
        Rect::new(20, 0, 10, 10),
        Rect::new(40, 0, 10, 10),
    ];
    let roster = vec![
        (CreatureId(1), "rat".to_string(), Pos::new(5, 5)),
        (CreatureId(2), "goblin".to_string(), Pos::new(45, 5)),
        (CreatureId(3), "wolf".to_string(), Pos::new(46, 6)),
    ];
    let alive = |ids: &[u64]| ids.iter().copied().collect();
    let dens = gloomdelve::rules::explore::dens;
    assert_eq!(
        dens(&rooms, &roster, &alive(&[1, 2, 3])),
        vec![rooms[0], rooms[2]],
        "the empty middle room is no den"
    );
    assert_eq!(
        dens(&rooms, &roster, &alive(&[3])),
        vec![rooms[2]],
        "the rat is dead: its room is no longer searched"
    );
    assert!(dens(&rooms, &roster, &alive(&[])).is_empty());
}
