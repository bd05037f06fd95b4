//! Routes that may dig: travel (`>`), auto-explore (`x`) and the bot plan
//! through rock the hero can dig when that is cheaper than the way round,
//! and never when the setting "Routes may dig" is off.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::rules::explore::Walking;
use gloomdelve::vocab::components::Stomach;
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::messages::{Goal, StartWalk};
use gloomdelve::vocab::resources::{Level, RoutesMayDig};
use gloomdelve_core::{Dir, Pos, Tile};

use crate::support::{act, app_on_with, hero_entity, hero_pos, lay, pack, said, turn};

/// Two long halls one wall apart, joined only at the far east end; the
/// hero at the west end of the north hall, the stairs down below it.
const THIN_WALL: &str = "\
##############################
#............................#
############################.#
#.>..........................#
##############################";

/// The same halls joined a few tiles east of the hero: walking round is
/// cheaper than a dig.
const NEAR_GAP: &str = "\
##############################
#............................#
#####.########################
#............................#
##############################";

/// An app on `map` with every tile known (as if mapped), the hero at
/// (2,1), and routes allowed to dig or not.
fn known_map(map: &str, may_dig: bool) -> App {
    let mut app = app_on_with(map, Pos::new(2, 1), RulesData::default(), |app| {
        app.world_mut().resource_mut::<gloomdelve::NewGame>().reveal = true;
        app.insert_resource(RoutesMayDig(may_dig));
    });
    act(&mut app, Action::Wait);
    app
}

/// Starts a walk to `goal` and plays it out; returns the turns it took.
fn walk(app: &mut App, goal: Goal) -> u64 {
    let before = turn(app);
    app.world_mut().write_message(StartWalk(goal));
    app.update();
    for _ in 0..500 {
        if !app.world().contains_resource::<Walking>() {
            break;
        }
        app.update();
    }
    assert!(!app.world().contains_resource::<Walking>(), "the walk ends");
    turn(app) - before
}

/// The tiles of the level dug into floor.
fn dug(app: &App) -> Vec<Pos> {
    let terrain = &app.world().resource::<Level>().terrain;
    terrain
        .tiles()
        .iter()
        .filter(|(_, t)| **t == Tile::DugFloor)
        .map(|(p, _)| p)
        .collect()
}

fn food(app: &mut App) -> i32 {
    let hero = hero_entity(app);
    app.world().get::<Stomach>(hero).expect("a stomach").food
}

#[test]
fn travel_digs_through_a_thin_wall_to_the_stairs_in_fewer_turns_than_the_way_round() {
    let stairs = Pos::new(2, 3);
    let mut digging = known_map(THIN_WALL, true);
    let food_before = food(&mut digging);
    let turns = walk(&mut digging, Goal::StairsDown);
    assert_eq!(hero_pos(&mut digging), stairs);
    let holes = dug(&digging);
    assert!(
        holes.len() == 1 && holes[0].y == 2 && holes[0].chebyshev(stairs) == 1,
        "one real dig, in the wall between: {holes:?}"
    );
    assert!(said(&digging, "You tunnel toward the stairs."));
    assert!(said(
        &digging,
        "You reach the stairs down. Press > to descend."
    ));
    assert!(
        !said(&digging, "Bump again to dig through the rock (6 food)."),
        "a route digs on purpose: no warning"
    );
    // The dig, the step into the hole, the step onto the stairs.
    assert_eq!(turns, 3);
    let rules = RulesData::default();
    let spent = food_before - food(&mut digging);
    assert_eq!(
        spent,
        3 * rules.hunger.food_per_turn + rules.hunger.food_per_dig,
        "the dig's food is really spent"
    );
    assert_eq!(
        u64::from(rules.dig_turns) + 1,
        turns,
        "dig_turns counts the dig and the step into the hole"
    );

    let mut walking = known_map(THIN_WALL, false);
    let round = walk(&mut walking, Goal::StairsDown);
    assert_eq!(hero_pos(&mut walking), stairs);
    assert!(dug(&walking).is_empty(), "the setting off never digs");
    assert!(round > 40 && turns < round, "{turns} against {round}");
}

#[test]
fn auto_explore_digs_only_when_the_dig_is_cheaper_than_the_way_round() {
    for (map, digs) in [(THIN_WALL, true), (NEAR_GAP, false)] {
        let mut app = known_map(map, true);
        let potion = lay(&mut app, "potion of healing", Pos::new(2, 3));
        walk(&mut app, Goal::Unexplored);
        assert!(pack(&mut app).contains(&potion), "fetched");
        assert_eq!(!dug(&app).is_empty(), digs, "{map}");
        assert_eq!(said(&app, "You tunnel toward unexplored ground."), digs);
    }
}

#[test]
fn the_bot_digs_to_the_stairs_when_that_is_cheaper_and_walks_when_it_may_not() {
    let mut app = known_map(THIN_WALL, true);
    let action = gloomdelve::sim::bot::choose(app.world_mut());
    assert!(
        matches!(action, Action::Dig(Dir::SW | Dir::S | Dir::SE)),
        "into the wall below: {action:?}"
    );
    let mut app = known_map(THIN_WALL, false);
    let action = gloomdelve::sim::bot::choose(app.world_mut());
    assert_eq!(action, Action::Move(Dir::E), "the way round");
}

/// The route the planner shows for a walk to `to`, as the pointer asks.
fn shown_route(app: &mut App, to: Pos) -> Option<Vec<Pos>> {
    planned(app, Goal::Tile(to))
}

/// The route the planner shows for a walk to `goal`, as a held key asks.
fn planned(app: &mut App, goal: Goal) -> Option<Vec<Pos>> {
    use bevy::ecs::system::RunSystemOnce;
    use gloomdelve::rules::explore::RoutePlanner;
    app.world_mut()
        .run_system_once(move |mut planner: RoutePlanner| planner.route_for(goal).map(|r| r.steps))
        .expect("the planner runs")
}

/// Walks to `to` as a click does; returns every tile the hero stood on
/// after the start, in order.
fn walk_to(app: &mut App, to: Pos) -> Vec<Pos> {
    app.world_mut().write_message(StartWalk(Goal::Tile(to)));
    let mut trail: Vec<Pos> = Vec::new();
    let start = hero_pos(app);
    for _ in 0..500 {
        app.update();
        let at = hero_pos(app);
        if at != start && trail.last() != Some(&at) {
            trail.push(at);
        }
        if !app.world().contains_resource::<Walking>() {
            break;
        }
    }
    trail
}

#[test]
fn the_route_shown_for_a_tile_is_the_route_walked_dug_tiles_and_all() {
    let target = Pos::new(4, 3);
    let mut app = known_map(THIN_WALL, true);
    let shown = shown_route(&mut app, target).expect("a known way");
    let terrain = app.world().resource::<Level>().terrain.clone();
    assert!(
        shown.iter().any(|&p| terrain.tile(p).is_rock()),
        "the route digs: {shown:?}"
    );
    let walked = walk_to(&mut app, target);
    assert_eq!(walked, shown);
    assert_eq!(hero_pos(&mut app), target);
    assert!(said(&app, "You tunnel your way there."));
    assert!(said(&app, "You arrive."));
    for &p in &shown {
        let tile = app.world().resource::<Level>().terrain.tile(p);
        assert!(tile.is_walkable(), "{p:?} is dug or floor: {tile:?}");
    }
}

#[test]
fn a_tile_with_no_known_way_shows_no_route_and_the_walk_says_so() {
    let water = "\
##########
#........#
#~~~~~~~~#
#........#
##########";
    let mut app = app_on_with(water, Pos::new(2, 1), RulesData::default(), |app| {
        app.world_mut().resource_mut::<gloomdelve::NewGame>().reveal = true;
    });
    act(&mut app, Action::Wait);
    let beyond = Pos::new(2, 3);
    assert_eq!(
        shown_route(&mut app, beyond),
        None,
        "water is never crossed"
    );
    assert_eq!(shown_route(&mut app, Pos::new(4, 2)), None, "nor stood in");
    assert!(shown_route(&mut app, Pos::new(8, 1)).is_some());
    assert!(walk_to(&mut app, beyond).is_empty());
    assert!(said(&app, "There is no known way there."));
}

/// The travel key held down, if any.
fn held(app: &App) -> Option<Goal> {
    let held = app
        .world()
        .resource::<gloomdelve::view::ui_state::HeldTravel>();
    held.0.as_ref().map(|t| t.goal)
}

/// `c` let go.
fn let_go(c: &str) -> bevy::input::keyboard::KeyboardInput {
    bevy::input::keyboard::KeyboardInput {
        state: bevy::input::ButtonState::Released,
        ..crate::support::char_key(c)
    }
}

/// Plays updates until the walk under way ends. With the keys comes the
/// window's pace, a step every 70 ms of real time, so this waits in time.
fn play_out_the_walk(app: &mut App) {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(20) {
        if !app.world().contains_resource::<Walking>() {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the walk never ends");
}

#[test]
fn holding_the_stairs_key_shows_the_route_and_letting_it_go_walks_that_route() {
    use crate::support::{char_key, press, with_keys};
    let mut app = known_map(THIN_WALL, true);
    with_keys(&mut app);
    let start = (hero_pos(&mut app), turn(&app));
    press(&mut app, char_key(">"));
    assert_eq!(held(&app), Some(Goal::StairsDown), "the key is held");
    assert_eq!((hero_pos(&mut app), turn(&app)), start, "nothing moves yet");
    assert!(!app.world().contains_resource::<Walking>());
    let shown = planned(&mut app, Goal::StairsDown).expect("a way to the stairs");
    assert_eq!(shown.last(), Some(&Pos::new(2, 3)), "it ends on the stairs");
    // Held, the key repeats: still nothing moves.
    let repeat = bevy::input::keyboard::KeyboardInput {
        repeat: true,
        ..char_key(">")
    };
    press(&mut app, repeat);
    assert_eq!((hero_pos(&mut app), turn(&app)), start);
    press(&mut app, let_go(">"));
    assert_eq!(held(&app), None);
    play_out_the_walk(&mut app);
    assert_eq!(hero_pos(&mut app), Pos::new(2, 3), "on the stairs");
    assert!(said(&app, "You tunnel toward the stairs."));
}

#[test]
fn esc_while_a_travel_key_is_held_cancels_the_walk_and_opens_no_menu() {
    use crate::support::{char_key, code_key, press, with_keys};
    use gloomdelve::vocab::states::Overlay;
    let mut app = known_map(THIN_WALL, true);
    with_keys(&mut app);
    let start = (hero_pos(&mut app), turn(&app));
    for key in [">", "x"] {
        press(&mut app, char_key(key));
        assert!(held(&app).is_some(), "{key} is held");
        press(&mut app, code_key(KeyCode::Escape));
        assert_eq!(held(&app), None, "Esc lets go of {key}");
        assert_eq!(
            *app.world().resource::<State<Overlay>>().get(),
            Overlay::None
        );
        press(&mut app, let_go(key));
        assert!(
            !app.world().contains_resource::<Walking>(),
            "{key} walks not"
        );
        assert_eq!((hero_pos(&mut app), turn(&app)), start);
    }
}
