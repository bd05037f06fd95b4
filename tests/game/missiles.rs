//! Headless missile tests: throwing and shooting along the line of sight,
//! what stops a missile, where it lands, and the keys that aim it.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::GridPos;
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::states::Overlay;
use gloomdelve_core::{Dir, Pos};

use crate::support::{
    act, app_on, char_key, code_key, holding, hp, last_line, lay, overlay, pack, press, spawn,
    turn, with_keys,
};

/// Where an item lies, if it lies on the map.
fn lies_at(app: &App, item: Entity) -> Option<Pos> {
    app.world()
        .get_entity(item)
        .ok()
        .and_then(|e| e.get::<GridPos>())
        .map(|p| p.0)
}

#[test]
fn a_thrown_dagger_strikes_the_first_creature_on_its_line_and_lands_under_it() {
    let (mut app, things) = holding(&["throwing dagger"]);
    let near = spawn(&mut app, "goblin", Pos::new(5, 2));
    let far = spawn(&mut app, "goblin", Pos::new(7, 2));
    let (full, before) = (hp(&app, near), turn(&app));
    act(
        &mut app,
        Action::Throw {
            item: things[0],
            target: Pos::new(7, 2),
        },
    );
    assert!(hp(&app, near) < full, "the goblin in the way is struck");
    assert_eq!(hp(&app, far), full, "the one behind it is not");
    assert_eq!(lies_at(&app, things[0]), Some(Pos::new(5, 2)));
    assert!(pack(&mut app).is_empty());
    assert_eq!(turn(&app), before + 1);
    let line = app
        .world()
        .resource::<gloomdelve::vocab::log::GameLog>()
        .recent(3);
    assert!(
        line.iter().any(|l| l
            .text
            .starts_with("The throwing dagger hits the goblin for")),
        "{line:?}"
    );
}

#[test]
fn a_wall_stops_a_missile_on_the_tile_before_it() {
    let map = "##########\n#........#\n#....#...#\n#........#\n##########";
    let mut app = app_on(map, Pos::new(2, 2), RulesData::default());
    let rock = lay(&mut app, "rock", Pos::new(2, 2));
    act(&mut app, Action::PickUp);
    act(
        &mut app,
        Action::Throw {
            item: rock,
            target: Pos::new(5, 2),
        },
    );
    assert_eq!(lies_at(&app, rock), Some(Pos::new(4, 2)));
    assert_eq!(last_line(&app), "The rock hits the wall.");
}

#[test]
fn a_tile_out_of_sight_cannot_be_aimed_at_and_nothing_is_spent() {
    let map = "##########\n#....#...#\n#....#...#\n#....#...#\n##########";
    let mut app = app_on(map, Pos::new(2, 2), RulesData::default());
    let rock = lay(&mut app, "rock", Pos::new(2, 2));
    act(&mut app, Action::PickUp);
    let before = turn(&app);
    act(
        &mut app,
        Action::Throw {
            item: rock,
            target: Pos::new(7, 2),
        },
    );
    assert_eq!(last_line(&app), "You cannot see there.");
    assert_eq!(pack(&mut app), [rock], "the rock is kept");
    assert_eq!(turn(&app), before, "no turn passes");
}

#[test]
fn a_thrown_rock_lands_where_it_was_aimed_and_is_picked_up_again() {
    let (mut app, things) = holding(&["rock"]);
    let at = Pos::new(5, 2);
    act(
        &mut app,
        Action::Throw {
            item: things[0],
            target: at,
        },
    );
    assert_eq!(lies_at(&app, things[0]), Some(at));
    for _ in 0..3 {
        act(&mut app, Action::Move(Dir::E));
    }
    assert_eq!(pack(&mut app), [things[0]], "walking onto it picks it up");
}

#[test]
fn a_bow_in_the_pack_shoots_its_arrows_and_some_break() {
    let arrows = 20;
    let mut names = vec!["short bow"];
    names.extend(std::iter::repeat_n("arrow", arrows));
    let (mut app, things) = holding(&names);
    let target = Pos::new(7, 2);
    for _ in 0..arrows {
        act(&mut app, Action::Fire { target });
    }
    assert_eq!(pack(&mut app), [things[0]], "only the bow is left");
    let lying = things[1..]
        .iter()
        .filter(|&&a| lies_at(&app, a) == Some(target))
        .count();
    let broken = things[1..]
        .iter()
        .filter(|&&a| app.world().get_entity(a).is_err())
        .count();
    assert_eq!(
        lying + broken,
        arrows,
        "each arrow lies at the target or broke"
    );
    assert!(
        (2..=12).contains(&broken),
        "about 30% break: {broken} of {arrows}"
    );
}

#[test]
fn an_arrow_shot_hits_harder_than_one_thrown() {
    let book = crate::support::shipped_items();
    let effect = |name: &str| book.kinds[book.find(name).unwrap()].effect;
    let (gloomdelve::vocab::data::ItemEffect::Bow(bow), Some(arrow)) =
        (effect("short bow"), effect("arrow").thrown())
    else {
        panic!("the shipped bow and arrow");
    };
    assert!(
        bow.range > arrow.range,
        "a bow shoots farther than a hand throws"
    );
    let (mut app, things) = holding(&["short bow", "arrow"]);
    let goblin = spawn(&mut app, "goblin", Pos::new(5, 2));
    let defense = app
        .world()
        .get::<gloomdelve::vocab::components::Fighter>(goblin)
        .unwrap()
        .defense;
    let full = hp(&app, goblin);
    act(
        &mut app,
        Action::Fire {
            target: Pos::new(5, 2),
        },
    );
    let damage = full - hp(&app, goblin);
    assert!(
        (1..=bow.attack + arrow.attack - defense).contains(&damage),
        "damage {damage}"
    );
    assert_ne!(lies_at(&app, things[1]), Some(Pos::new(2, 2)));
}

#[test]
fn shooting_needs_a_bow_and_something_to_shoot() {
    let (mut app, _) = holding(&["arrow"]);
    let before = turn(&app);
    act(
        &mut app,
        Action::Fire {
            target: Pos::new(5, 2),
        },
    );
    assert_eq!(last_line(&app), "You need a bow and something to shoot.");
    assert_eq!(turn(&app), before);
    with_keys(&mut app);
    press(&mut app, char_key("f"));
    assert_eq!(overlay(&app), Overlay::None, "no bow: no aiming");
    assert_eq!(last_line(&app), "You have no bow to shoot with.");
}

#[test]
fn t_aims_the_first_missile_and_enter_throws_it_at_the_cursor() {
    let (mut app, things) = holding(&["potion of healing", "rock"]);
    let goblin = spawn(&mut app, "goblin", Pos::new(4, 2));
    with_keys(&mut app);
    press(&mut app, char_key("t"));
    assert_eq!(overlay(&app), Overlay::Targeting);
    for _ in 0..2 {
        press(&mut app, code_key(KeyCode::ArrowRight));
    }
    let full = hp(&app, goblin);
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None);
    assert!(hp(&app, goblin) < full, "the rock hit the goblin");
    assert_eq!(pack(&mut app), [things[0]], "the potion stays");
}

#[test]
fn a_throw_and_a_shot_are_recorded_by_pack_slot_and_played_back() {
    use gloomdelve::sim::replay::{Recorded, to_action, to_recorded};
    use gloomdelve::vocab::components::Pack;
    let (rock, at) = (Entity::from_raw_u32(7).unwrap(), Pos::new(3, 4));
    let pack = Pack(vec![Entity::from_raw_u32(6).unwrap(), rock]);
    let throw = Action::Throw {
        item: rock,
        target: at,
    };
    let recorded = to_recorded(throw, &pack).unwrap();
    assert_eq!(
        recorded,
        Recorded::Throw {
            slot: 1,
            target: at
        }
    );
    assert_eq!(to_action(recorded, &pack), throw);
    let shot = Action::Fire { target: at };
    assert_eq!(to_action(to_recorded(shot, &pack).unwrap(), &pack), shot);
}
