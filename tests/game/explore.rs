//! Auto-explore: it reveals a whole map, stops for a monster it has not
//! seen (not for a known fungus), and stops before stepping next to one.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::combat::Paralyzed;
use gloomdelve::explore::{Goal, StartWalk, Walking};
use gloomdelve::fov::{Seen, Sight};
use gloomdelve::map::Level;
use gloomdelve_core::mapgen::connect::label_regions;
use gloomdelve_core::{Grid, Pos};

use crate::creatures::{app_on, spawn};
use crate::items::last_line;
use crate::rules::{act, hero_pos};
use gloomdelve::turn::Action;

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
    app.world_mut().write_message(StartWalk(Goal::Unexplored));
    app.update();
    let mut steps = 0;
    while app.world().contains_resource::<Walking>() && steps < 5000 {
        app.update();
        steps += 1;
    }
    steps
}

fn hold_still(app: &mut App, creature: Entity) {
    app.world_mut()
        .entity_mut(creature)
        .insert(Paralyzed { turns: 100_000 });
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
    let rat = spawn(&mut app, "rat", Pos::new(34, 2));
    hold_still(&mut app, rat);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(last_line(&app), "You stop: you see a rat.");
    let at = hero_pos(&mut app);
    assert!(
        at.x > 20 && at.x < 34,
        "it walked past the known fungus until the rat came into view: {at:?}"
    );
}

#[test]
fn the_walk_stops_before_stepping_next_to_a_visible_monster() {
    let mut app = app_on(CORRIDOR, Pos::new(1, 1), RulesData::default());
    let rat = spawn(&mut app, "rat", Pos::new(6, 1));
    hold_still(&mut app, rat);
    act(&mut app, Action::Wait);
    explore(&mut app);
    assert_eq!(last_line(&app), "You stop: the rat is too close.");
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
