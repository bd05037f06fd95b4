//! Doors (issue 40, part 1): a bump opens one, `c` closes one, a closed
//! door stops sight and a chaser's eyes, creatures open them unless their
//! data says they cannot, a mole digs one out, and auto-explore walks
//! through them.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use gloomdelve::NewGame;
use gloomdelve::RulesData;
use gloomdelve::rules::creatures::behaviours::chases::Trail;
use gloomdelve::rules::explore::Walking;
use gloomdelve::vocab::components::{GridPos, Health};
use gloomdelve::vocab::foresight::{Deed, Intent};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::messages::{Goal, StartWalk};
use gloomdelve::vocab::resources::{Level, Seen, Sight};
use gloomdelve_core::mapgen::{Stairs, rooms};
use gloomdelve_core::{Dir, Pos, Tile};

use crate::support::{
    act, app_on, app_on_with, deeds_of, foresee, hero_entity, hero_pos, last_line, lay, spawn,
    turn, wait,
};

/// A corridor split by a closed door at (4,1).
const DOORWAY: &str = "\
#########
#...+...#
#########";

fn tile(app: &App, at: Pos) -> Tile {
    app.world().resource::<Level>().terrain.tile(at)
}

fn pos_of(app: &App, entity: Entity) -> Pos {
    app.world().get::<GridPos>(entity).unwrap().0
}

#[test]
fn a_bump_opens_a_closed_door_and_c_closes_it_when_nothing_is_in_the_way() {
    let door = Pos::new(4, 1);
    let mut app = app_on(DOORWAY, Pos::new(3, 1), RulesData::default());
    let before = turn(&app);
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(tile(&app, door), Tile::OpenDoor);
    assert_eq!(hero_pos(&mut app), Pos::new(3, 1), "opening is the turn");
    assert_eq!(
        (turn(&app), last_line(&app).as_str()),
        (before + 1, "You open the door.")
    );
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Close);
    assert_eq!(hero_pos(&mut app), door);
    assert_eq!(last_line(&app), "There is no open door next to you.");
    assert_eq!(turn(&app), before + 2, "closing nothing takes no turn");
    act(&mut app, Action::Move(Dir::E));
    let rock = lay(&mut app, "rock", door);
    act(&mut app, Action::Close);
    assert_eq!(tile(&app, door), Tile::OpenDoor);
    assert_eq!(last_line(&app), "Something is in the way of the door.");
    app.world_mut().despawn(rock);
    act(&mut app, Action::Close);
    assert_eq!(tile(&app, door), Tile::Door);
    assert_eq!(
        (turn(&app), last_line(&app).as_str()),
        (before + 4, "You close the door.")
    );
}

/// The tiles seen from `at` on `level`, with a sight of `radius`.
fn seen_from(level: &Level, at: Pos, radius: i32) -> Sight {
    let mut sight = Sight::new(level.terrain.width(), level.terrain.height(), false);
    sight.update(level, at, radius);
    sight
}

/// A room level with a door, and the door.
fn level_with_a_door() -> (Level, Pos) {
    (1..)
        .find_map(|seed| {
            let map = rooms::generate(seed, 60, 40, Stairs::BOTH).unwrap();
            let tiles = map.terrain.tiles();
            let door = tiles.iter().find(|(_, t)| **t == Tile::Door)?.0;
            let level = Level {
                terrain: map.terrain,
                start: map.start,
            };
            Some((level, door))
        })
        .unwrap()
}

#[test]
fn sight_stops_at_a_closed_door_passes_an_open_one_and_stays_symmetric() {
    let (mut level, door) = level_with_a_door();
    let t = &level.terrain;
    let (back, across) = if t.is_walkable(door.step(Dir::N)) {
        (Dir::N, Dir::S)
    } else {
        (Dir::W, Dir::E)
    };
    let (near, far) = (door.step(back), door.step(across));
    let radius = 6;
    let closed = seen_from(&level, near, radius);
    assert_eq!(closed.seen(door), Seen::Visible, "the door itself is seen");
    assert_ne!(closed.seen(far), Seen::Visible, "nothing beyond it");
    level.terrain.open_door(door);
    let open = seen_from(&level, near, radius);
    assert_eq!(
        open.seen(far),
        Seen::Visible,
        "an open door is seen through"
    );
    for level in [level.clone(), {
        let mut shut = level.clone();
        shut.terrain.close_door(door);
        shut
    }] {
        let t = &level.terrain;
        let floor: Vec<Pos> = t
            .tiles()
            .iter()
            .map(|(p, _)| p)
            .filter(|&p| t.is_walkable(p) && p.chebyshev(door) <= 5)
            .collect();
        let sights: Vec<Sight> = floor
            .iter()
            .map(|&a| seen_from(&level, a, radius))
            .collect();
        for (a, sight_a) in floor.iter().zip(&sights) {
            for (b, sight_b) in floor.iter().zip(&sights) {
                let (ab, ba) = (sight_a.seen(*b), sight_b.seen(*a));
                assert_eq!(ab == Seen::Visible, ba == Seen::Visible, "{a:?} and {b:?}");
            }
        }
    }
}

/// A room whose door at (5,2) leads down to a corridor: the goblin walks
/// the room's row, where an open door would show it the hero below.
const ROOM_OVER_A_CORRIDOR: &str = "\
##########
#........#
#####+####
#####.####
#####.####
##########";

/// Plays the goblin of [`ROOM_OVER_A_CORRIDOR`] after the hero, seen at
/// (4,1), slips to (5,4) behind the door `door`: each turn, the goblin's
/// place and memory, for up to eight turns or until the hero is hurt.
fn chase_past(door: char) -> Vec<(Pos, Option<Pos>)> {
    let map = ROOM_OVER_A_CORRIDOR.replace('+', &door.to_string());
    let mut app = app_on(&map, Pos::new(4, 1), RulesData::default());
    let goblin = spawn(&mut app, "goblin", Pos::new(8, 1));
    wait(&mut app, 1);
    assert_eq!(
        app.world().get::<Trail>(goblin).unwrap().last_seen,
        Some(Pos::new(4, 1))
    );
    let hero = hero_entity(&mut app);
    let hp = app.world().get::<Health>(hero).unwrap().hp;
    app.world_mut().get_mut::<GridPos>(hero).unwrap().0 = Pos::new(5, 4);
    app.world_mut()
        .run_system_once(gloomdelve::rules::creatures::rebuild_occupancy)
        .unwrap();
    let mut turns = Vec::new();
    while turns.len() < 8 && app.world().get::<Health>(hero).unwrap().hp == hp {
        wait(&mut app, 1);
        let memory = app.world().get::<Trail>(goblin).unwrap().last_seen;
        turns.push((pos_of(&app, goblin), memory));
    }
    turns
}

#[test]
fn a_goblin_that_loses_the_hero_behind_a_closed_door_follows_its_memory_then_loses_the_trail() {
    let seen_at = Pos::new(4, 1);
    let turns = chase_past('+');
    let there = turns.iter().position(|&(at, _)| at == seen_at);
    let there = there.expect("it goes where it last saw the hero");
    assert!(
        turns[..=there]
            .iter()
            .all(|&(_, memory)| memory == Some(seen_at)),
        "on the way it remembers only that: {turns:?}"
    );
    assert_eq!(turns[there + 1].1, None, "seeing nothing there, it forgets");
    assert_eq!(turns.len(), 8, "and the hero is never hurt");
    // Through an open door it sees the hero on its way, and comes for it.
    let turns = chase_past('\'');
    assert!(
        turns
            .iter()
            .any(|&(_, memory)| memory == Some(Pos::new(5, 4)))
    );
    assert!(turns.len() < 8, "it reaches the hero and bites: {turns:?}");
}

#[test]
fn a_goblin_opens_the_door_in_its_way_and_one_whose_data_says_it_cannot_waits() {
    let door = Pos::new(4, 1);
    for opens in [true, false] {
        let mut app = app_on_with(
            &DOORWAY.replace('+', "'"),
            Pos::new(3, 1),
            RulesData::default(),
            |app| {
                let mut new_game = app.world_mut().resource_mut::<NewGame>();
                let goblin = new_game.creatures.find("goblin").unwrap();
                new_game.creatures.kinds[goblin].opens_doors = opens;
            },
        );
        let goblin = spawn(&mut app, "goblin", Pos::new(7, 1));
        wait(&mut app, 1);
        // The hero shuts the door as the goblin, out of sight now, makes
        // for where it saw the hero.
        act(&mut app, Action::Close);
        assert_eq!(tile(&app, door), Tile::Door);
        assert_eq!(
            pos_of(&app, goblin),
            Pos::new(5, 1),
            "it follows its memory"
        );
        let foreseen = foresee(&mut app, goblin);
        wait(&mut app, 1);
        if opens {
            assert_eq!(foreseen, [Intent::Open(door)]);
            assert_eq!(deeds_of(&app, goblin), [Deed::Opened(door)]);
            assert_eq!(tile(&app, door), Tile::OpenDoor);
            assert_eq!(pos_of(&app, goblin), Pos::new(5, 1), "opening is its turn");
            assert_eq!(last_line(&app), "The goblin opens the door.");
        } else {
            assert_eq!(foreseen, [Intent::Wait]);
            wait(&mut app, 3);
            assert_eq!(deeds_of(&app, goblin), [Deed::Waited]);
            assert_eq!(tile(&app, door), Tile::Door);
        }
    }
}

#[test]
fn a_bat_never_gets_past_a_closed_door() {
    let map = "\
#####
#...#
##+##
#...#
#####";
    let mut app = app_on(map, Pos::new(2, 3), RulesData::default());
    let bat = spawn(&mut app, "bat", Pos::new(2, 1));
    for _ in 0..40 {
        wait(&mut app, 1);
        assert_eq!(pos_of(&app, bat).y, 1, "the bat stays in its room");
    }
    assert_eq!(tile(&app, Pos::new(2, 2)), Tile::Door);
}

#[test]
fn a_mole_digs_a_door_out_like_rock() {
    let mut app = app_on(DOORWAY, Pos::new(1, 1), RulesData::default());
    spawn(&mut app, "mole", Pos::new(6, 1));
    for _ in 0..4 {
        wait(&mut app, 1);
    }
    assert_eq!(tile(&app, Pos::new(4, 1)), Tile::DugFloor);
}

#[test]
fn auto_explore_opens_a_door_and_walks_on_through_it() {
    let mut app = app_on(DOORWAY, Pos::new(1, 1), RulesData::default());
    app.world_mut().write_message(StartWalk(Goal::Unexplored));
    app.update();
    let mut updates = 0;
    while app.world().contains_resource::<Walking>() && updates < 500 {
        app.update();
        updates += 1;
    }
    assert_eq!(tile(&app, Pos::new(4, 1)), Tile::OpenDoor);
    let sight = app.world().resource::<Sight>();
    assert!(sight.knows(Pos::new(7, 1)), "it explored past the door");
}
