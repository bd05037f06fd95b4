//! Headless rules tests: the rules plugins under `MinimalPlugins` +
//! `StatesPlugin`, driven by sending `Action`s.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gloomdelve::vocab::components::GridPos;
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::messages::TerrainChanged;
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::resources::{Seen, Sight};
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, NewGame, RulesData};
use gloomdelve_core::{Dir, Pos, Terrain, Tile};

use crate::support::{act, hero_pos, start_playing, turn};

/// A small map: `#` rock (diggable inside the border), `.` floor.
const MAP: &str = "\
########
#..#...#
#.#.##.#
#...#..#
########
";

pub fn rules_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(GamePlugin {
        new_game: NewGame {
            seed: 11,
            rules: RulesData::default(),
            creatures: Default::default(),
            items: Default::default(),
            reveal: false,
            mode: gloomdelve::Mode::Delve,
        },
    });
    app
}

/// An app playing on `MAP` with the hero at `at`.
fn app_on_map(at: Pos) -> App {
    let mut app = rules_app();
    app.insert_resource(Level {
        terrain: Terrain::from_text(MAP, 1),
        start: at,
    });
    start_playing(app)
}

fn tile(app: &App, pos: Pos) -> Tile {
    app.world().resource::<Level>().terrain.tile(pos)
}

#[test]
fn moving_onto_floor_moves_the_hero_and_takes_a_turn() {
    let mut app = app_on_map(Pos::new(1, 1));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(hero_pos(&mut app), Pos::new(2, 1));
    assert_eq!(turn(&app), 1);
    act(&mut app, Action::Move(Dir::W));
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(hero_pos(&mut app), Pos::new(1, 2));
    assert_eq!(turn(&app), 3);
}

fn last_line(app: &App) -> String {
    app.world().resource::<GameLog>().recent(1)[0].line()
}

#[test]
fn bumping_a_wall_twice_digs_it_and_leaves_the_hero_in_place() {
    let mut app = app_on_map(Pos::new(2, 1));
    assert_eq!(tile(&app, Pos::new(3, 1)), Tile::Wall);
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(3, 1)),
        Tile::Wall,
        "the first bump warns"
    );
    assert_eq!(
        last_line(&app),
        "Bump again to dig through the rock (6 food)."
    );
    assert_eq!(turn(&app), 0, "a warning takes no turn");
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(2, 1),
        "digging does not move the hero"
    );
    assert_eq!(tile(&app, Pos::new(3, 1)), Tile::DugFloor);
    assert_eq!(turn(&app), 1, "a dig takes a turn");
    let changed = app.world().resource::<Messages<TerrainChanged>>();
    let positions: Vec<Pos> = changed
        .iter_current_update_messages()
        .flat_map(|m| m.0.clone())
        .collect();
    assert!(
        positions.contains(&Pos::new(3, 1)),
        "the dug tile is reported for redraw: {positions:?}"
    );
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(3, 1),
        "the dug tile is walkable"
    );
}

#[test]
fn anything_between_two_bumps_makes_the_second_one_warn_again() {
    let mut app = app_on_map(Pos::new(2, 1));
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Wait);
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(3, 1)),
        Tile::Wall,
        "a wait came between"
    );
    act(&mut app, Action::Move(Dir::S));
    assert_eq!(tile(&app, Pos::new(2, 2)), Tile::Wall, "(2,2) warns too");
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(3, 1)),
        Tile::Wall,
        "another rock came between"
    );
    assert_eq!(
        last_line(&app),
        "Bump again to dig through the rock (6 food). (x4)",
        "four warnings on one line"
    );
    assert_eq!(turn(&app), 1, "only the wait took a turn");
}

#[test]
fn a_tunnel_goes_on_without_a_warning() {
    let map = "\
########
#......#
#.######
########
";
    let mut app = rules_app();
    app.insert_resource(Level {
        terrain: Terrain::from_text(map, 1),
        start: Pos::new(1, 2),
    });
    let mut app = start_playing(app);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(2, 2)),
        Tile::DugFloor,
        "warned, then dug"
    );
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(hero_pos(&mut app), Pos::new(2, 2), "into the tunnel");
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(3, 2)),
        Tile::DugFloor,
        "digging on needs one bump"
    );
    assert_eq!(turn(&app), 3);
    act(&mut app, Action::Wait);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(hero_pos(&mut app), Pos::new(3, 2));
    assert_eq!(
        tile(&app, Pos::new(4, 2)),
        Tile::Wall,
        "after a pause, rock warns again"
    );
}

#[test]
fn a_bump_into_rock_right_after_a_fight_that_way_never_digs() {
    let map = "\
#######
#.....#
#..####
#######
";
    let mut app = crate::support::app_on(map, Pos::new(1, 2), RulesData::default());
    let bat = crate::support::spawn(&mut app, "bat", Pos::new(2, 2));
    app.world_mut()
        .entity_mut(bat)
        .insert(gloomdelve::vocab::statuses::Statuses::from_iter([(
            gloomdelve::vocab::statuses::Status::Paralysed,
            1000,
        )]));
    crate::support::set_hp(&mut app, bat, 1000);
    act(&mut app, Action::Move(Dir::E));
    assert!(last_line(&app).starts_with("You hit the bat"), "a fight");
    // The bat flutters off; the hero follows it east, into the rock.
    move_creature(&mut app, bat, Pos::new(5, 1));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(hero_pos(&mut app), Pos::new(2, 2));
    let before = turn(&app);
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(last_line(&app), "The bat got away.");
    assert_eq!(tile(&app, Pos::new(3, 2)), Tile::Wall, "no dig");
    assert_eq!(turn(&app), before, "and no turn");
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        last_line(&app),
        "Bump again to dig through the rock (6 food)."
    );
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        tile(&app, Pos::new(3, 2)),
        Tile::DugFloor,
        "a deliberate dig"
    );
}

/// Puts a creature somewhere else, as if it had moved.
fn move_creature(app: &mut App, creature: Entity, to: Pos) {
    let from = app.world().get::<GridPos>(creature).unwrap().0;
    app.world_mut().get_mut::<GridPos>(creature).unwrap().0 = to;
    app.world_mut()
        .resource_mut::<gloomdelve::vocab::resources::Occupancy>()
        .relocate(creature, from, to);
}

#[test]
fn a_new_game_opens_with_a_welcome_hint_once() {
    let mut app = start_playing(rules_app());
    let lines: Vec<String> = app
        .world()
        .resource::<GameLog>()
        .entries()
        .iter()
        .map(|e| e.text.clone())
        .collect();
    assert_eq!(lines, ["Find the stairs down (>). Press ? for help."]);
    // Travelling nowhere comes back to the game under way.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Travelling);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(
        app.world().resource::<GameLog>().entries().len(),
        1,
        "coming back to a game under way says nothing new"
    );
}

#[test]
fn walking_to_the_stairs_says_once_that_they_are_here() {
    let map = "\
##########
#........#
#.....>..#
##########";
    let mut app = crate::support::app_on(map, Pos::new(1, 1), RulesData::default());
    act(&mut app, Action::Descend);
    for _ in 0..30 {
        app.update();
    }
    let at = hero_pos(&mut app);
    assert_eq!(tile(&app, at), Tile::StairsDown);
    let log = app.world().resource::<GameLog>();
    let about_stairs: Vec<&str> = log
        .entries()
        .iter()
        .map(|e| e.text.as_str())
        .filter(|t| t.contains("Press > to descend"))
        .collect();
    assert_eq!(
        about_stairs,
        ["You reach the stairs down. Press > to descend."]
    );
    act(&mut app, Action::Move(Dir::W));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        last_line(&app),
        "There are stairs down here. Press > to descend.",
        "a step of its own onto the stairs says so"
    );
}

#[test]
fn the_border_blocks_and_costs_no_turn() {
    let mut app = app_on_map(Pos::new(1, 1));
    act(&mut app, Action::Move(Dir::N));
    act(&mut app, Action::Move(Dir::W));
    assert_eq!(hero_pos(&mut app), Pos::new(1, 1));
    assert_eq!(
        tile(&app, Pos::new(1, 0)),
        Tile::Wall,
        "the border is never dug"
    );
    assert_eq!(turn(&app), 0);
}

#[test]
fn diagonal_steps_work_when_a_side_is_open() {
    let mut app = app_on_map(Pos::new(1, 2));
    act(&mut app, Action::Move(Dir::SE));
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(2, 3),
        "sides (2,2) rock and (1,3) floor: allowed"
    );
    assert_eq!(turn(&app), 1);
}

#[test]
fn a_diagonal_squeeze_between_corner_touching_walls_is_refused() {
    // From (2,1) south-east to (3,2): its sides (3,1) and (2,2) are both rock.
    let mut app = app_on_map(Pos::new(2, 1));
    act(&mut app, Action::Move(Dir::SE));
    assert_eq!(hero_pos(&mut app), Pos::new(2, 1));
    assert_eq!(tile(&app, Pos::new(3, 2)), Tile::Floor, "nothing was dug");
    assert_eq!(turn(&app), 0, "a refused step takes no turn");
}

#[test]
fn the_turn_counter_advances_only_on_an_action() {
    let mut app = app_on_map(Pos::new(1, 1));
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(turn(&app), 0);
    act(&mut app, Action::Wait);
    assert_eq!(turn(&app), 1);
    assert_eq!(hero_pos(&mut app), Pos::new(1, 1));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(turn(&app), 1);
}

#[test]
fn a_new_game_generates_its_cave_from_the_seed() {
    let mut a = start_playing(rules_app());
    let mut b = start_playing(rules_app());
    let level_a = a.world().resource::<Level>().terrain.clone();
    assert_eq!(
        level_a,
        b.world().resource::<Level>().terrain,
        "same seed, same cave"
    );
    assert_eq!((level_a.width(), level_a.height()), (90, 60));
    let start = hero_pos(&mut a);
    assert!(level_a.is_walkable(start), "the hero starts on floor");
    assert_eq!(start, hero_pos(&mut b));
}

#[test]
fn the_shipped_rules_file_loads_and_bad_values_name_the_field() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/rules.ron");
    assert_eq!(RulesData::load(&path).unwrap(), RulesData::default());
    let err = RulesData::parse("(cave_width: 5, cave_height: 60, hero_vision: 6)").unwrap_err();
    assert!(err.contains("cave_width"), "{err}");
    let partial = RulesData::parse("(cave_width: 90, hero_vision: 6)").unwrap();
    assert_eq!(
        partial.cave_height,
        RulesData::default().cave_height,
        "a missing field keeps its default"
    );
    let err = RulesData::parse("(cave_wdth: 90)").unwrap_err();
    assert!(
        err.contains("cave_wdth"),
        "a misspelt field is named: {err}"
    );
    let err = RulesData::parse("(cave_width: 90, cave_height: 60, hero_vision: 0)").unwrap_err();
    assert!(err.contains("hero_vision"), "{err}");
    let missing = RulesData::load(std::path::Path::new("/nonexistent/rules.ron")).unwrap_err();
    assert!(missing.contains("/nonexistent/rules.ron"), "{missing}");
}

#[test]
fn seen_tiles_are_remembered_after_the_hero_walks_away() {
    let corridor = format!(
        "{}\n#{}#\n{}\n",
        "#".repeat(32),
        ".".repeat(30),
        "#".repeat(32)
    );
    let mut app = rules_app();
    app.insert_resource(Level {
        terrain: Terrain::from_text(&corridor, 1),
        start: Pos::new(1, 1),
    });
    let mut app = start_playing(app);
    let seen = |app: &App, x: i32| app.world().resource::<Sight>().seen(Pos::new(x, 1));
    assert_eq!(seen(&app, 1), Seen::Visible);
    assert_eq!(
        seen(&app, 7),
        Seen::Visible,
        "radius 6 reaches 6 tiles east"
    );
    assert_eq!(seen(&app, 8), Seen::Unseen, "and no further");
    for _ in 0..10 {
        act(&mut app, Action::Move(Dir::E));
    }
    assert_eq!(hero_pos(&mut app), Pos::new(11, 1));
    assert_eq!(
        seen(&app, 1),
        Seen::Remembered,
        "left behind, still remembered"
    );
    assert_eq!(seen(&app, 4), Seen::Remembered);
    assert_eq!(
        seen(&app, 5),
        Seen::Visible,
        "6 tiles back is still in view"
    );
    assert_eq!(seen(&app, 17), Seen::Visible);
    assert_eq!(seen(&app, 18), Seen::Unseen);
}

#[test]
fn a_creature_sees_the_hero_exactly_when_the_hero_sees_it_within_its_range() {
    let app = app_on_map(Pos::new(1, 1));
    let sight = app.world().resource::<Sight>();
    let hero = Pos::new(1, 1);
    assert!(
        sight.sees_hero(hero, Pos::new(2, 1), 3),
        "adjacent and in view"
    );
    assert!(
        !sight.sees_hero(hero, Pos::new(6, 1), 3),
        "behind the wall at (3,1)"
    );
    assert!(sight.sees_hero(hero, Pos::new(1, 3), 3));
    assert!(
        !sight.sees_hero(hero, Pos::new(1, 3), 1),
        "out of a short-sighted creature's range"
    );
}

mod tiles_touched {
    use bevy::prelude::*;
    use bevy_ecs_tilemap::prelude::{TileColor, TilePos};
    use gloomdelve::view::tilemap::tile_sync_plugin;
    use gloomdelve::vocab::components::FogRule;
    use gloomdelve::vocab::components::GridPos;
    use gloomdelve::vocab::resources::Level;
    use gloomdelve::vocab::resources::{Seen, Sight};
    use gloomdelve_core::Dir;
    use gloomdelve_core::mapgen::caves;

    use super::rules_app;
    use crate::support::{act, hero_pos, stand_in_book, start_playing};
    use gloomdelve::vocab::intents::Action;

    /// How many tiles had their `TileColor` changed in the last update.
    #[derive(Resource, Default)]
    struct Touched(usize);

    fn count_touched(changed: Query<(), Changed<TileColor>>, mut touched: ResMut<Touched>) {
        touched.0 = changed.iter().count();
    }

    /// How many tiles the hero has seen or remembers.
    fn known_tiles(app: &App) -> usize {
        let sight = app.world().resource::<Sight>();
        let level = app.world().resource::<Level>();
        level
            .terrain
            .tiles()
            .iter()
            .filter(|(p, _)| sight.seen(*p) != Seen::Unseen)
            .count()
    }

    #[test]
    fn a_turn_on_a_600_by_600_level_touches_only_hundreds_of_tiles() {
        let cave = caves::generate(3, 600, 600).unwrap();
        let mut app = rules_app();
        app.insert_resource(stand_in_book());
        app.init_resource::<Touched>();
        app.add_plugins(tile_sync_plugin);
        app.add_systems(Last, count_touched);
        app.insert_resource(Level {
            terrain: cave.terrain.clone(),
            start: cave.start,
        });
        let mut app = start_playing(app);
        let known = known_tiles(&app);
        assert!(known > 0 && known < 1000, "the hero knows {known} tiles");
        assert_eq!(
            app.world().resource::<Touched>().0,
            known,
            "only the tiles the hero knows are spawned on the first frame"
        );
        app.update();
        assert_eq!(
            app.world().resource::<Touched>().0,
            0,
            "no turn, no tile touched"
        );
        let start = hero_pos(&mut app);
        let dir = Dir::ALL
            .into_iter()
            .find(|&d| cave.terrain.bump(start, d) == gloomdelve_core::Bump::Move(start.step(d)))
            .expect("the start has an open neighbour");
        act(&mut app, Action::Move(dir));
        let touched = app.world().resource::<Touched>().0;
        eprintln!("one step on a 600x600 level touched {touched} tiles");
        assert!(touched > 0, "walking changes what is in view");
        assert!(
            touched <= 500,
            "a step touched {touched} tiles; it should be the hundreds at most"
        );
        let mut tiles = app.world_mut().query::<&TilePos>();
        let spawned = tiles.iter(app.world()).count();
        assert!(known_tiles(&app) > known, "the step showed new tiles");
        assert_eq!(spawned, known_tiles(&app), "a tile for each known place");
    }

    fn visibility(app: &App, entity: Entity) -> Visibility {
        *app.world().get::<Visibility>(entity).unwrap()
    }

    #[test]
    fn things_off_the_map_terrain_show_only_while_their_tile_is_in_view() {
        let mut app = super::rules_app();
        app.insert_resource(stand_in_book());
        app.add_plugins(tile_sync_plugin);
        let corridor = format!(
            "{}\n#{}#\n{}\n",
            "#".repeat(32),
            ".".repeat(30),
            "#".repeat(32)
        );
        app.insert_resource(Level {
            terrain: gloomdelve_core::Terrain::from_text(&corridor, 1),
            start: gloomdelve_core::Pos::new(1, 1),
        });
        let mut spawn = |x: i32, rule: FogRule| {
            let at = GridPos(gloomdelve_core::Pos::new(x, 1));
            app.world_mut()
                .spawn((rule, at, Visibility::Inherited))
                .id()
        };
        let near = spawn(4, FogRule::OnlyInView);
        let far = spawn(15, FogRule::OnlyInView);
        let item = spawn(3, FogRule::Remembered { seen: false });
        let unseen_item = spawn(25, FogRule::Remembered { seen: false });
        let mut app = start_playing(app);
        app.update();
        assert_eq!(
            visibility(&app, near),
            Visibility::Inherited,
            "in view: shown"
        );
        assert_eq!(
            visibility(&app, far),
            Visibility::Hidden,
            "out of view: hidden"
        );
        assert_eq!(
            visibility(&app, unseen_item),
            Visibility::Hidden,
            "never seen: hidden"
        );
        for _ in 0..10 {
            act(&mut app, Action::Move(Dir::E));
        }
        assert_eq!(
            visibility(&app, near),
            Visibility::Hidden,
            "left behind: hidden again"
        );
        assert_eq!(visibility(&app, far), Visibility::Inherited, "now in view");
        assert_eq!(
            visibility(&app, item),
            Visibility::Inherited,
            "an item seen once stays drawn"
        );
        assert_eq!(
            app.world().get::<FogRule>(item),
            Some(&FogRule::Remembered { seen: true })
        );
    }

    #[test]
    fn the_view_shows_an_item_the_rules_laid_and_hides_it_once_picked_up() {
        let mut app = super::rules_app();
        let mut book = stand_in_book();
        book.sprites
            .insert("red_potion".to_string(), ("terrain".to_string(), 0));
        app.insert_resource(book);
        app.add_plugins(tile_sync_plugin);
        app.insert_resource(Level {
            terrain: gloomdelve_core::Terrain::from_text("#####\n#...#\n#####\n", 1),
            start: gloomdelve_core::Pos::new(1, 1),
        });
        let mut app = start_playing(app);
        let items = crate::support::shipped_items();
        app.world_mut().resource_mut::<gloomdelve::NewGame>().items = items.clone();
        let potion = items.find("potion of healing").expect("the shipped potion");
        let at = gloomdelve_core::Pos::new(2, 1);
        let laid = app
            .world_mut()
            .spawn(gloomdelve::rules::items::item(&items, potion, at))
            .id();
        assert!(
            app.world().get::<Visibility>(laid).is_none(),
            "the rules lay no Visibility"
        );
        app.update();
        assert_eq!(visibility(&app, laid), Visibility::Inherited, "in view");
        act(&mut app, Action::Move(Dir::E));
        assert!(app.world().get::<GridPos>(laid).is_none(), "picked up");
        assert_eq!(visibility(&app, laid), Visibility::Hidden, "in the pack");
    }
}

#[test]
fn every_rules_number_is_refused_outside_its_range_naming_field_value_and_range() {
    let refused = |text: &str, expected: &[&str]| {
        let err = RulesData::parse(text).unwrap_err();
        for part in expected {
            assert!(err.contains(part), "{text}: expected {part:?} in {err:?}");
        }
    };
    refused(
        "(hero_hp: 2147483647)",
        &["hero_hp", "2147483647", "1 to 9999"],
    );
    refused("(hero_attack: -1)", &["hero_attack", "-1", "0 to 999"]);
    refused(
        "(fireball_radius: 1000)",
        &["fireball_radius", "1000", "0 to 20"],
    );
    refused("(lightning_damage: -5)", &["lightning_damage", "-5"]);
    refused("(paralyze_turns: 5000)", &["paralyze_turns", "5000"]);
    refused("(regen_every: 0)", &["regen_every", "0", "1 to 10000"]);
    refused(
        "(fungus_spread_chance: 1.5)",
        &["fungus_spread_chance", "1.5", "0 to 1"],
    );
    refused(
        "(hunger: (food_per_turn: -3))",
        &["hunger.food_per_turn", "-3"],
    );
    refused(
        "(hunger: (sickness_damage: 100000))",
        &["hunger.sickness_damage"],
    );
    refused(
        "(hunger: (start_food: 2000))",
        &["hunger.start_food", "2000", "hunger.max_food (1000)"],
    );
}

#[test]
fn a_hero_with_the_most_hp_drinks_a_potion_without_dying_of_it() {
    // Seed 1 drinks its first potion on turn 188; i32::MAX + 10 wrapped
    // round to a negative HP, a death with no cause.
    let mut game = crate::support::shipped_game(1, gloomdelve::Mode::Delve);
    game.rules.hero_hp = i32::MAX;
    let report = gloomdelve::sim::run(game, 200).unwrap();
    assert_eq!(report.outcome, "alive", "{report:?}");
}
