//! The living cave: bats graze fungus, and a sated bat rests more than
//! it flutters.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::rules::creatures::behaviours::grazes::Grazing;
use gloomdelve::vocab::components::Corpse;
use gloomdelve::vocab::foresight::{Deed, Intent};
use gloomdelve_core::Pos;

use crate::support::{
    act, app_on, deeds_of, foresee, hero_entity, hp, open_map, said, set_hp, spawn, wait,
};

/// Whether `entity` is still in the world.
fn exists(app: &App, entity: Entity) -> bool {
    app.world().get_entity(entity).is_ok()
}

/// How many corpses lie on the level.
fn corpses(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<&Corpse>().iter(world).count()
}

fn grazing(app: &App, bat: Entity) -> Grazing {
    *app.world().get::<Grazing>(bat).expect("a bat grazes")
}

/// A hero who sees a small room with a hurt bat beside a fungus.
fn bat_by_a_fungus(rules: RulesData) -> (App, Entity, Entity) {
    let mut app = app_on(&open_map(6, 5), Pos::new(4, 3), rules);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 10_000);
    let fungus = spawn(&mut app, "fungus", Pos::new(1, 1));
    let bat = spawn(&mut app, "bat", Pos::new(2, 2));
    set_hp(&mut app, bat, 4);
    (app, bat, fungus)
}

#[test]
fn a_bat_next_to_a_fungus_eats_it_within_a_few_turns_heals_and_is_sated() {
    let (mut app, bat, fungus) = bat_by_a_fungus(RulesData::default());
    let ecology = RulesData::default().ecology;
    let mut turns = 0;
    while exists(&app, fungus) && turns < 30 {
        wait(&mut app, 1);
        turns += 1;
    }
    assert!(
        said(&app, "The bat eats the fungus."),
        "the hero sees the meal (after {turns} turns)"
    );
    assert!(!exists(&app, fungus), "the fungus is gone");
    assert_eq!(corpses(&mut app), 0, "a meal leaves no body");
    assert!(
        deeds_of(&app, bat).contains(&Deed::Grazed(Pos::new(1, 1))),
        "{:?}",
        deeds_of(&app, bat)
    );
    assert_eq!(hp(&app, bat), 4 + ecology.graze_heal, "the meal heals it");
    // The turn of the meal is the first of its sated turns.
    assert_eq!(grazing(&app, bat).sated, ecology.sated_turns - 1);
    wait(&mut app, 3);
    assert_eq!(
        grazing(&app, bat).sated,
        ecology.sated_turns - 4,
        "a turn nearer hunger each turn"
    );
}

#[test]
fn a_bat_with_no_appetite_never_eats_and_the_overlay_shows_the_chance() {
    let rules = RulesData {
        ecology: gloomdelve::vocab::data::EcologyRules {
            graze_chance: 0.0,
            ..Default::default()
        },
        ..RulesData::default()
    };
    let (mut app, bat, fungus) = bat_by_a_fungus(rules);
    let intents = foresee(&mut app, bat);
    let grazes =
        |i: &Intent| matches!(i, Intent::OneOf(o) if o.contains(&Intent::Graze(Pos::new(1, 1))));
    assert!(
        grazes(&intents[0]),
        "next to the fungus it may eat it: {intents:?}"
    );
    wait(&mut app, 30);
    assert!(!said(&app, "The bat eats the fungus."));
    assert_eq!(grazing(&app, bat).sated, 0, "it never ate");
    assert!(
        exists(&app, fungus) || corpses(&mut app) == 1,
        "bitten to death, a fungus leaves a body; eaten, none"
    );
}

/// Whether a foreseen turn may be a rest.
fn may_rest(intent: &Intent) -> bool {
    match intent {
        Intent::Wait => true,
        Intent::OneOf(outcomes) => outcomes.iter().any(may_rest),
        _ => false,
    }
}

/// How many of `bat`'s actions in the last turn were rests.
fn rests(app: &App, bat: Entity) -> (usize, usize) {
    let deeds = deeds_of(app, bat);
    let rested = deeds.iter().filter(|d| **d == Deed::Waited).count();
    (rested, deeds.len())
}

#[test]
fn a_sated_bat_rests_more_than_it_flutters() {
    let rules = RulesData {
        ecology: gloomdelve::vocab::data::EcologyRules {
            sated_turns: 10_000,
            ..Default::default()
        },
        ..RulesData::default()
    };
    let mut app = app_on(&open_map(30, 30), Pos::new(2, 2), rules);
    let hungry_bat = spawn(&mut app, "bat", Pos::new(10, 10));
    let sated = spawn(&mut app, "bat", Pos::new(20, 20));
    app.world_mut()
        .entity_mut(sated)
        .insert(Grazing { sated: 10_000 });
    let intents = foresee(&mut app, sated);
    assert!(
        intents.iter().all(may_rest),
        "a sated bat may rest: {intents:?}"
    );
    let (mut hungry, mut full) = ((0, 0), (0, 0));
    for _ in 0..100 {
        wait(&mut app, 1);
        let (rested, acted) = rests(&app, hungry_bat);
        hungry = (hungry.0 + rested, hungry.1 + acted);
        let (rested, acted) = rests(&app, sated);
        full = (full.0 + rested, full.1 + acted);
    }
    assert_eq!(hungry, (0, 200), "a hungry bat flutters twice a turn");
    assert_eq!(full.1, 200, "a sated one has its two actions too");
    assert!(
        (120..=180).contains(&full.0),
        "and rests on about three in four of them: {full:?}"
    );
}

/// The living fungi, with where they stand.
fn fungi(app: &mut App) -> Vec<Pos> {
    let world = app.world_mut();
    let book = world.resource::<gloomdelve::NewGame>().creatures.clone();
    let fungus = book.find("fungus").unwrap();
    let mut found: Vec<Pos> = world
        .query::<(
            &gloomdelve::vocab::components::Creature,
            &gloomdelve::vocab::components::GridPos,
            &gloomdelve::vocab::components::Health,
        )>()
        .iter(world)
        .filter(|(c, _, h)| c.kind == fungus && h.hp > 0)
        .map(|(_, at, _)| at.0)
        .collect();
    found.sort();
    found
}

/// Rules where a body rots after 5 turns and turns to bones after 30,
/// and every rotten one sprouts at once, with no spreading to muddle the
/// count.
fn quick_rot() -> RulesData {
    let mut rules = RulesData::default();
    rules.hunger.corpse_rots_after = 5;
    rules.hunger.corpse_bones_after = 30;
    rules.ecology.sprout_chance = 1.0;
    rules.fungus_spread_chance = 0.0;
    rules
}

#[test]
fn a_rotten_body_sprouts_one_fungus_on_its_tile_or_next_to_it_and_only_once() {
    let mut app = app_on(&open_map(12, 12), Pos::new(5, 5), quick_rot());
    let body = crate::support::kill_east_of_the_hero(&mut app, "rat");
    let at = Pos::new(6, 5);
    wait(&mut app, 3);
    assert!(fungi(&mut app).is_empty(), "a fresh body sprouts nothing");
    wait(&mut app, 3);
    let grown = fungi(&mut app);
    assert_eq!(grown.len(), 1, "the rotten body sprouted: {grown:?}");
    assert!(grown[0].chebyshev(at) <= 1, "{grown:?} by {at:?}");
    let corpse = app.world().get::<Corpse>(body).unwrap();
    assert!(corpse.rotten && corpse.sprouted);
    wait(&mut app, 40);
    assert_eq!(fungi(&mut app), grown, "once, and bones sprout nothing");
    assert!(app.world().get::<Corpse>(body).unwrap().bones);
}

#[test]
fn bodies_sprout_no_more_once_the_level_holds_its_bound_of_fungi() {
    let mut rules = quick_rot();
    rules.fungi_per_level = 2;
    let mut app = app_on(&open_map(12, 12), Pos::new(5, 5), rules);
    spawn(&mut app, "fungus", Pos::new(1, 1));
    for _ in 0..3 {
        crate::support::kill_east_of_the_hero(&mut app, "rat");
        act(
            &mut app,
            gloomdelve::vocab::intents::Action::Move(gloomdelve_core::Dir::S),
        );
    }
    wait(&mut app, 10);
    assert_eq!(
        fungi(&mut app).len(),
        2,
        "the bound holds: {:?}",
        fungi(&mut app)
    );
}

/// A room left on turn 100: fungi, bats, and bodies of several ages.
fn a_left_level() -> (gloomdelve::vocab::records::StoredLevel, gloomdelve::NewGame) {
    let mut app = app_on(&open_map(40, 30), Pos::new(20, 15), RulesData::default());
    for (x, y) in [(3, 3), (30, 5), (10, 25), (35, 25)] {
        spawn(&mut app, "fungus", Pos::new(x, y));
    }
    for (x, y) in [(5, 4), (28, 6), (12, 22)] {
        spawn(&mut app, "bat", Pos::new(x, y));
    }
    for _ in 0..3 {
        crate::support::kill_east_of_the_hero(&mut app, "goblin");
        act(
            &mut app,
            gloomdelve::vocab::intents::Action::Move(gloomdelve_core::Dir::S),
        );
    }
    let level = gloomdelve::rules::levels::records::describe_level(app.world_mut());
    let new_game = app.world().resource::<gloomdelve::NewGame>().clone();
    (level, new_game)
}

/// `level` caught up over each stay away in `stays`, in turn; with the
/// next creature id after.
fn caught_up(
    mut level: gloomdelve::vocab::records::StoredLevel,
    new_game: &gloomdelve::NewGame,
    stays: &[(u64, u64)],
) -> (gloomdelve::vocab::records::StoredLevel, u64) {
    use gloomdelve::rules::ecology::catch_up::{Away, catch_up};
    let mut next_id = gloomdelve::vocab::resources::NextCreatureId(1000);
    for &stay in stays {
        let mut away = Away {
            new_game,
            depth: 2,
            next_id: &mut next_id,
        };
        catch_up(&mut level, stay, &mut away);
    }
    (level, next_id.0)
}

fn kinds(level: &gloomdelve::vocab::records::StoredLevel, kind: &str) -> usize {
    level.creatures.iter().filter(|c| c.kind == kind).count()
}

#[test]
fn a_left_level_caught_up_at_once_or_in_parts_comes_to_the_same_living_level() {
    let (level, new_game) = a_left_level();
    let once = caught_up(level.clone(), &new_game, &[(100, 1100)]);
    let parts = caught_up(
        level.clone(),
        &new_game,
        &[(100, 333), (333, 734), (734, 1100)],
    );
    assert_eq!(once, parts, "once or in three parts");
    let (after, _) = &once;
    let bones = |l: &gloomdelve::vocab::records::StoredLevel| {
        l.items
            .iter()
            .filter(|i| i.corpse.as_ref().is_some_and(|c| c.bones))
            .count()
    };
    assert_eq!(
        (bones(&level), bones(after)),
        (0, 3),
        "the bodies are bones"
    );
    assert!(
        after
            .items
            .iter()
            .all(|i| i.corpse.as_ref().is_none_or(|c| c.rotten && c.food == 0)),
        "and no food"
    );
    assert_ne!(
        kinds(&level, "fungus"),
        kinds(after, "fungus"),
        "the fungi spread or were eaten"
    );
    assert_eq!(kinds(after, "bat"), 3, "the bats live on");
    let different = caught_up(level, &new_game, &[(100, 2100)]);
    assert_ne!(different, once, "a longer stay is another life");
}

#[test]
fn a_catch_up_plays_at_most_its_epochs_however_long_the_hero_was_away() {
    use gloomdelve::rules::ecology::catch_up::epochs_between;
    assert_eq!(epochs_between(100, 1100, 50, 400), 3..=22);
    assert_eq!(
        epochs_between(120, 149, 50, 400).count(),
        0,
        "no epoch ends"
    );
    assert_eq!(epochs_between(0, 10_000_000, 50, 400), 199_601..=200_000);
    let (level, new_game) = a_left_level();
    let long = caught_up(level.clone(), &new_game, &[(100, 10_000_000)]);
    assert!(kinds(&long.0, "fungus") <= new_game.rules.fungi_per_level);
}

#[test]
fn a_fungus_on_crowded_ground_spreads_no_more_while_a_lone_one_does() {
    use gloomdelve::rules::creatures::behaviours::spreads::Spreading;
    let mut rules = RulesData {
        fungus_spread_chance: 1.0,
        fungi_per_level: 1000,
        ..RulesData::default()
    };
    rules.ecology.crowding = 4;
    let mut app = app_on(&open_map(40, 40), Pos::new(1, 1), rules);
    let crowded: Vec<Entity> = [(10, 10), (11, 10), (10, 11), (12, 12), (9, 9)]
        .into_iter()
        .map(|(x, y)| spawn(&mut app, "fungus", Pos::new(x, y)))
        .collect();
    let lone = spawn(&mut app, "fungus", Pos::new(30, 30));
    wait(&mut app, 20);
    let spreads = |app: &App, e: Entity| app.world().get::<Spreading>(e).unwrap().spreads;
    for fungus in crowded {
        assert_eq!(spreads(&app, fungus), 0, "four kin within reach: no room");
    }
    assert!(spreads(&app, lone) >= 1, "alone it spreads at once");
}

#[test]
fn a_catch_up_leaves_no_creature_on_the_stairs_where_the_hero_arrives() {
    let map = "\
##########
#........#
#..<.....#
#........#
#.....>..#
#........#
##########";
    let mut rules = RulesData::default();
    rules.ecology.sprout_chance = 1.0;
    rules.fungus_spread_chance = 1.0;
    rules.fungus_spread_range = 1;
    let mut app = app_on(map, Pos::new(8, 1), rules);
    for (x, y) in [(2, 2), (4, 2), (6, 3), (5, 4), (7, 4)] {
        spawn(&mut app, "fungus", Pos::new(x, y));
    }
    // Bodies on both stairs, and bats beside fungi on the stairs' sides.
    let body = |x, y| gloomdelve::vocab::records::ItemRecord {
        corpse: Some(Corpse {
            food: 30,
            died: 0,
            rotten: false,
            bones: false,
            sprouted: false,
        }),
        ..item_record(Pos::new(x, y))
    };
    spawn(&mut app, "bat", Pos::new(3, 3));
    spawn(&mut app, "bat", Pos::new(6, 5));
    let (mut level, new_game) = {
        let level = gloomdelve::rules::levels::records::describe_level(app.world_mut());
        let new_game = app.world().resource::<gloomdelve::NewGame>().clone();
        (level, new_game)
    };
    level.items = vec![body(3, 2), body(6, 4)];
    let (after, _) = caught_up(level, &new_game, &[(100, 5100)]);
    let stairs = [Pos::new(3, 2), Pos::new(6, 4)];
    assert!(
        after.creatures.iter().all(|c| !stairs.contains(&c.pos)),
        "{:?}",
        after
            .creatures
            .iter()
            .map(|c| (&c.kind, c.pos))
            .collect::<Vec<_>>()
    );
    assert!(
        kinds(&after, "fungus") > 5,
        "the fungi lived on around them"
    );
}

/// A plain rock record on `at`, to dress as a body.
fn item_record(at: Pos) -> gloomdelve::vocab::records::ItemRecord {
    gloomdelve::vocab::records::ItemRecord {
        kind: "corpse".into(),
        name: "rat corpse".into(),
        sprite: "rat_corpse".into(),
        pos: at,
        seen: false,
        corpse: None,
        worth: None,
        dropped: false,
    }
}

#[test]
fn a_meal_out_of_the_heros_sight_goes_untold() {
    let map = "\
###########
#...#.....#
#...#.....#
#...#.....#
###########";
    let mut rules = RulesData::default();
    rules.ecology.graze_chance = 1.0;
    let mut app = app_on(map, Pos::new(1, 2), rules);
    let fungus = spawn(&mut app, "fungus", Pos::new(7, 2));
    spawn(&mut app, "bat", Pos::new(8, 2));
    wait(&mut app, 1);
    assert!(!exists(&app, fungus), "eaten at once");
    assert!(
        !said(&app, "The bat eats the fungus."),
        "behind the wall, the hero hears nothing of it"
    );
}
