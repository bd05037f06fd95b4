//! Headless hunger tests: food spent each turn and on digging, eating and
//! overeating, corpses that rot, sickness, the hunger states and starving.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::Corpse;
use gloomdelve::vocab::components::Drawn;
use gloomdelve::vocab::components::GridPos;
use gloomdelve::vocab::components::Health;
use gloomdelve::vocab::components::{Hunger, Stomach};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::resources::DeathCause;
use gloomdelve::vocab::states::Screen;
use gloomdelve::vocab::statuses::{Status, Statuses};
use gloomdelve_core::{Dir, Pos};

use crate::support::{
    act, app_on, fighter, hero_entity, hero_hp, holding, last_line, lay, open_map, pack, set_food,
    set_hp, spawn, turn, wait,
};

fn stomach(app: &mut App) -> Stomach {
    let hero = hero_entity(app);
    *app.world().get::<Stomach>(hero).unwrap()
}

fn log_lines(app: &App) -> Vec<String> {
    let log = app.world().resource::<GameLog>();
    log.recent(usize::MAX)
        .iter()
        .map(|e| e.text.clone())
        .collect()
}

/// Rules with fast-rotting corpses: rotten after 10 turns, bones after 20.
fn quick_rot() -> RulesData {
    let mut rules = RulesData::default();
    rules.hunger.corpse_rots_after = 10;
    rules.hunger.corpse_bones_after = 20;
    rules
}

/// Kills a 1-HP rat east of the hero at (3,3); returns its corpse.
fn kill_a_rat(app: &mut App) -> Entity {
    let rat = spawn(app, "rat", Pos::new(4, 3));
    set_hp(app, rat, 1);
    act(app, Action::Move(Dir::E));
    app.world_mut()
        .query_filtered::<Entity, With<Corpse>>()
        .single(app.world())
        .expect("the rat left a corpse")
}

#[test]
fn the_hero_starts_at_two_thirds_of_a_thousand() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let start = stomach(&mut app);
    assert_eq!((start.food, start.max), (667, 1000));
    assert_eq!(start.state, Hunger::Normal);
}

#[test]
fn food_drops_by_one_a_turn_and_by_six_on_a_dig_turn() {
    let map = "######\n#..#.#\n######";
    let mut app = app_on(map, Pos::new(1, 1), RulesData::default());
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(stomach(&mut app).food, 666, "a step costs 1");
    wait(&mut app, 3);
    assert_eq!(stomach(&mut app).food, 663, "each wait costs 1");
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        stomach(&mut app).food,
        663,
        "a bump that warns costs nothing"
    );
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        app.world()
            .resource::<gloomdelve::vocab::resources::Level>()
            .terrain
            .tile(Pos::new(3, 1)),
        gloomdelve_core::Tile::DugFloor
    );
    assert_eq!(stomach(&mut app).food, 657, "a dig costs 1 + 5");
}

#[test]
fn eating_from_the_pack_restores_the_items_value_and_takes_a_turn() {
    let (mut app, things) = holding(&["ration"]);
    set_food(&mut app, 400);
    let before = turn(&app);
    act(&mut app, Action::Use(things[0]));
    assert_eq!(turn(&app), before + 1);
    assert_eq!(stomach(&mut app).food, 400 + 350 - 1);
    assert!(pack(&mut app).is_empty(), "the ration is eaten");
    assert!(app.world().get_entity(things[0]).is_err());
    assert!(log_lines(&app).contains(&"You eat the ration.".to_string()));
}

#[test]
fn e_eats_food_underfoot_and_nothing_there_costs_no_turn() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let before = turn(&app);
    act(&mut app, Action::Eat);
    assert_eq!(turn(&app), before, "nothing to eat: no turn");
    assert_eq!(last_line(&app), "There is nothing here to eat.");
    lay(&mut app, "potion of healing", Pos::new(3, 3));
    act(&mut app, Action::Eat);
    assert_eq!(turn(&app), before, "a potion is not food");
    let ration = lay(&mut app, "ration", Pos::new(3, 3));
    set_food(&mut app, 100);
    act(&mut app, Action::Eat);
    assert_eq!(stomach(&mut app).food, 100 + 350 - 1);
    assert!(app.world().get_entity(ration).is_err());
}

#[test]
fn overeating_stretches_the_stomach_by_half_the_excess_for_one_hp() {
    let (mut app, things) = holding(&["ration"]);
    set_food(&mut app, 900);
    let hp = hero_hp(&mut app);
    act(&mut app, Action::Use(things[0]));
    // 900 + 350 = 1250: 250 over, so the maximum grows by 125.
    let after = stomach(&mut app);
    assert_eq!(after.max, 1125);
    assert_eq!(after.food, 1125 - 1, "filled to the new size, then a turn");
    assert_eq!(hero_hp(&mut app), hp - 1);
    assert!(
        log_lines(&app).contains(&"You can't believe your stomach can hold that much!".to_string())
    );
}

#[test]
fn a_corpse_is_worth_three_times_the_max_hp_and_can_be_eaten() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let corpse = kill_a_rat(&mut app);
    assert_eq!(app.world().get::<Corpse>(corpse).unwrap().food, 6 * 3);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app), vec![corpse], "g picks it up");
    set_food(&mut app, 500);
    act(&mut app, Action::Use(corpse));
    assert_eq!(stomach(&mut app).food, 500 + 18 - 1);
}

#[test]
fn corpses_rot_to_half_their_value_then_turn_to_bones_that_stay_on_schedule() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), quick_rot());
    let corpse = kill_a_rat(&mut app);
    let died = turn(&app);
    assert_eq!(app.world().get::<Corpse>(corpse).unwrap().died, died);
    assert_eq!(
        app.world().get::<Drawn>(corpse).unwrap().sprite,
        "rat_corpse"
    );
    wait(&mut app, 9);
    assert!(!app.world().get::<Corpse>(corpse).unwrap().rotten, "age 9");
    wait(&mut app, 1);
    let rotten = app.world().get::<Corpse>(corpse).unwrap();
    assert!(rotten.rotten, "rotten at age 10");
    assert_eq!(rotten.food, 9, "worth half of 18");
    assert_eq!(
        app.world().get::<Name>(corpse).unwrap().as_str(),
        "rotten rat corpse"
    );
    assert_eq!(
        app.world().get::<Drawn>(corpse).unwrap().sprite,
        "rat_rotten_corpse",
        "a rat's corpse rots in its own colours"
    );
    wait(&mut app, 9);
    assert!(!app.world().get::<Corpse>(corpse).unwrap().bones, "age 19");
    wait(&mut app, 1);
    let bones = app.world().get::<Corpse>(corpse).unwrap();
    assert!(bones.bones && bones.rotten, "bones at age 20");
    assert_eq!(bones.food, 0);
    assert_eq!(
        app.world().get::<Name>(corpse).unwrap().as_str(),
        "rat bones"
    );
    assert_eq!(
        app.world().get::<Drawn>(corpse).unwrap().sprite,
        "rat_bones"
    );
    wait(&mut app, 500);
    assert!(
        app.world().get::<Corpse>(corpse).is_some_and(|c| c.bones),
        "bones stay"
    );
}

#[test]
fn bones_are_no_food_underfoot_nor_in_the_pack() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), quick_rot());
    let bones = kill_a_rat(&mut app);
    wait(&mut app, 20);
    assert!(app.world().get::<Corpse>(bones).unwrap().bones);
    act(&mut app, Action::Move(Dir::E));
    set_food(&mut app, 500);
    let before = turn(&app);
    act(&mut app, Action::Eat);
    assert_eq!(turn(&app), before, "nothing eaten, no turn taken");
    assert!(log_lines(&app).contains(&"There is nothing here to eat.".to_string()));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app), vec![bones], "bones may be carried");
    act(&mut app, Action::Use(bones));
    assert_eq!(turn(&app), before + 1, "only the pick-up took a turn");
    assert_eq!(stomach(&mut app).food, 500 - 1);
    assert!(log_lines(&app).contains(&"The rat bones are no food, and no use.".to_string()));
    assert_eq!(pack(&mut app), vec![bones], "still carried");
}

#[test]
fn a_corpse_in_the_pack_rots_away_with_a_message() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), quick_rot());
    let corpse = kill_a_rat(&mut app);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app), vec![corpse]);
    wait(&mut app, 20);
    assert!(pack(&mut app).is_empty());
    assert!(log_lines(&app).contains(&"The rotten rat corpse in your pack rots away.".to_string()));
}

/// Eats a rotten rat corpse under rules where it sickens with `chance`;
/// returns the app and the hero's HP just after the meal.
fn eat_rotten(chance: f64) -> (App, i32) {
    let mut rules = quick_rot();
    rules.hunger.rotten_sickness_chance = chance;
    rules.hunger.sickness_turns = 3;
    rules.regen_every = 1000;
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), rules);
    let corpse = kill_a_rat(&mut app);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    wait(&mut app, 10);
    assert!(app.world().get::<Corpse>(corpse).unwrap().rotten);
    let hp = hero_hp(&mut app);
    act(&mut app, Action::Use(corpse));
    (app, hp)
}

#[test]
fn rotten_meat_can_make_the_hero_sick_for_a_few_turns() {
    let (mut app, hp) = eat_rotten(1.0);
    assert!(
        log_lines(&app).contains(&"That meat was rotten. You feel sick.".to_string()),
        "{:?}",
        log_lines(&app)
    );
    let hero = hero_entity(&mut app);
    let sick = |app: &App| {
        let statuses = app.world().get::<Statuses>(hero);
        statuses.is_some_and(|s| s.has(Status::Sick))
    };
    assert!(sick(&app));
    assert_eq!(hero_hp(&mut app), hp - 1, "1 HP on the turn of the meal");
    wait(&mut app, 2);
    assert_eq!(hero_hp(&mut app), hp - 3, "1 HP a turn for 3 turns");
    assert!(!sick(&app), "then it passes");
    wait(&mut app, 3);
    assert_eq!(hero_hp(&mut app), hp - 3);

    let (mut app, hp) = eat_rotten(0.0);
    wait(&mut app, 3);
    assert_eq!(hero_hp(&mut app), hp, "no sickness at chance 0");
}

#[test]
fn each_hunger_state_is_announced_as_food_crosses_its_threshold() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let steps = [
        (901, Hunger::Satiated, "You feel full."),
        (900, Hunger::Normal, "Your stomach no longer feels full."),
        (300, Hunger::Hungry, "You are getting hungry."),
        (
            120,
            Hunger::Weak,
            "You feel weak with hunger. Eat something soon!",
        ),
        (50, Hunger::Starving, "You are starving! Eat now or die."),
    ];
    let margin = RulesData::default().hunger.recovery_margin;
    for (food, state, message) in steps {
        // One turn spends 1 food: from `food + 1` the hero lands on `food`,
        // and from `food` just below it. Getting better takes the margin.
        let start = if state == Hunger::Satiated {
            food + 1 + margin
        } else {
            food
        };
        set_food(&mut app, start);
        wait(&mut app, 1);
        assert_eq!(stomach(&mut app).state, state, "at {}", start - 1);
        assert_eq!(last_line(&app), message);
    }
    set_food(&mut app, 400);
    wait(&mut app, 1);
    assert_eq!(last_line(&app), "You are no longer hungry.");
}

#[test]
fn weakness_lowers_the_attack_used_in_combat() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let fungus = spawn(&mut app, "fungus", Pos::new(4, 3));
    let strongest_blow = |app: &mut App| {
        (0..40)
            .map(|_| {
                set_hp(app, fungus, 1000);
                act(app, Action::Move(Dir::E));
                1000 - app.world().get::<Health>(fungus).unwrap().hp
            })
            .max()
            .unwrap()
    };
    assert_eq!(fighter(&mut app).attack, 5);
    assert_eq!(strongest_blow(&mut app), 5, "attack 5 hits up to 5");
    set_food(&mut app, 110);
    wait(&mut app, 1);
    assert_eq!(stomach(&mut app).state, Hunger::Weak);
    assert_eq!(fighter(&mut app).attack, 3, "Weak costs 2 attack");
    assert_eq!(strongest_blow(&mut app), 3, "and the blows follow");
}

#[test]
fn a_weak_hero_does_not_regenerate() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 10);
    set_food(&mut app, 110);
    wait(&mut app, 40);
    assert_eq!(stomach(&mut app).state, Hunger::Weak);
    assert_eq!(hero_hp(&mut app), 10, "no HP back in 40 Weak turns");
    set_food(&mut app, 500);
    wait(&mut app, 20);
    assert_eq!(hero_hp(&mut app), 11, "fed again, it heals");
}

#[test]
fn a_fallen_hero_does_not_regenerate_back_to_life() {
    let rules = RulesData {
        regen_every: 1,
        ..RulesData::default()
    };
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), rules);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 10);
    wait(&mut app, 1);
    assert_eq!(hero_hp(&mut app), 11, "every turn heals");
    crate::support::fell_the_hero(&mut app);
    assert_eq!(hero_hp(&mut app), 0, "not even 1 HP back");
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::GameOver
    );
}

#[test]
fn food_out_of_the_pack_cannot_be_eaten_as_carried() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let ration = lay(&mut app, "ration", Pos::new(5, 5));
    set_food(&mut app, 100);
    act(&mut app, Action::Use(ration));
    assert!(app.world().get_entity(ration).is_ok(), "still on the floor");
    assert_eq!(stomach(&mut app).food, 100, "no meal and no turn");
    assert_eq!(turn(&app), 0);
}

#[test]
fn overeating_at_one_hp_bursts_the_hero() {
    let (mut app, things) = holding(&["ration"]);
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 1);
    set_food(&mut app, 900);
    act(&mut app, Action::Use(things[0]));
    app.update();
    assert_eq!(hero_hp(&mut app), 0);
    assert_eq!(
        app.world().resource::<DeathCause>().0.as_deref(),
        Some("burst from overeating")
    );
}

#[test]
fn a_hero_slain_as_its_food_runs_out_keeps_the_cause_of_the_blow() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let hero = hero_entity(&mut app);
    set_food(&mut app, 1);
    set_hp(&mut app, hero, 0);
    app.world_mut().resource_mut::<DeathCause>().0 = Some("killed by a goblin".to_string());
    wait(&mut app, 1);
    assert_eq!(stomach(&mut app).food, 0);
    assert_eq!(
        app.world().resource::<DeathCause>().0.as_deref(),
        Some("killed by a goblin"),
        "not \"starved\""
    );
}

#[test]
fn at_zero_food_the_hero_starves_to_death() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    set_food(&mut app, 2);
    wait(&mut app, 1);
    assert!(hero_hp(&mut app) > 0, "1 food left");
    wait(&mut app, 1);
    app.update();
    assert_eq!(hero_hp(&mut app), 0);
    assert_eq!(
        app.world().resource::<DeathCause>().0.as_deref(),
        Some("starved")
    );
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::GameOver
    );
}

#[test]
fn the_shipped_hunger_data_loads_and_bad_thresholds_name_the_field() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/rules.ron");
    let shipped = RulesData::load(&path).unwrap();
    assert_eq!(shipped.hunger.max_food, 1000);
    let err = RulesData::parse("(hunger: (weak_below: 400, hungry_below: 300))").unwrap_err();
    assert!(err.contains("hunger.weak_below"), "{err}");
}

fn inventory_cursor(app: &App) -> usize {
    app.world()
        .resource::<gloomdelve::view::ui_state::InventoryCursor>()
        .0
}

fn purpose(app: &App) -> gloomdelve::view::ui_state::InventoryPurpose {
    *app.world()
        .resource::<gloomdelve::view::ui_state::InventoryPurpose>()
}

#[test]
fn e_with_nothing_underfoot_asks_which_food_offering_the_freshest_corpse() {
    use crate::support::{char_key, code_key, overlay, press, with_keys};
    use gloomdelve::view::ui_state::InventoryPurpose;
    use gloomdelve::vocab::states::Overlay;
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let ration = lay(&mut app, "ration", Pos::new(3, 3));
    act(&mut app, Action::PickUp);
    let corpse = kill_a_rat(&mut app);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app), vec![ration, corpse]);
    with_keys(&mut app);
    set_food(&mut app, 400);
    let before = turn(&app);
    press(&mut app, char_key("e"));
    assert_eq!(overlay(&app), Overlay::Inventory, "e asks which");
    assert_eq!(purpose(&app), InventoryPurpose::Eat);
    assert_eq!(inventory_cursor(&app), 1, "on the corpse, before it rots");
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(pack(&mut app), vec![ration], "the corpse was eaten");
    assert_eq!(turn(&app), before + 1, "eating took the turn");
    assert_eq!(purpose(&app), InventoryPurpose::Browse);
    press(&mut app, char_key("e"));
    assert_eq!(inventory_cursor(&app), 0, "then the ration");
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(pack(&mut app), vec![ration], "Esc eats nothing");
}

#[test]
fn e_eats_what_lies_underfoot_before_asking_about_the_pack() {
    use crate::support::{char_key, overlay, press, with_keys};
    let (mut app, packed) = holding(&["ration"]);
    with_keys(&mut app);
    let at = crate::support::hero_pos(&mut app);
    let underfoot = lay(&mut app, "ration", at);
    set_food(&mut app, 100);
    press(&mut app, char_key("e"));
    assert_eq!(overlay(&app), gloomdelve::vocab::states::Overlay::None);
    assert!(app.world().get_entity(underfoot).is_err(), "eaten");
    assert_eq!(pack(&mut app), packed, "the packed ration is kept");
}

#[test]
fn e_eats_what_lies_underfoot_with_one_key() {
    use crate::support::{char_key, overlay, press, with_keys};
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    with_keys(&mut app);
    let ration = lay(&mut app, "ration", Pos::new(3, 3));
    set_food(&mut app, 100);
    press(&mut app, char_key("e"));
    assert_eq!(overlay(&app), gloomdelve::vocab::states::Overlay::None);
    assert!(app.world().get_entity(ration).is_err(), "eaten");
    assert_eq!(stomach(&mut app).food, 100 + 350 - 1);
    press(&mut app, char_key("e"));
    assert_eq!(
        last_line(&app),
        "There is nothing here to eat.",
        "nothing underfoot or packed"
    );
}

#[test]
fn a_stomach_filled_past_the_largest_number_stays_full_not_empty() {
    let rules = gloomdelve::vocab::data::HungerRules::default();
    let mut stomach = gloomdelve::vocab::components::Stomach::new(&rules);
    stomach.food = i32::MAX - 10;
    stomach.max = i32::MAX - 10;
    assert!(stomach.fill(100_000), "it stretches");
    assert_eq!(stomach.food, stomach.max, "filled to its new size");
    assert!(stomach.max > i32::MAX - 10, "{stomach:?}");
}

#[test]
fn walking_over_a_corpse_leaves_it_lying_and_g_takes_it_on_purpose() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let corpse = kill_a_rat(&mut app);
    let ration = lay(&mut app, "ration", Pos::new(4, 3));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(pack(&mut app), vec![ration], "the ration, not the corpse");
    assert_eq!(
        app.world().get::<GridPos>(corpse).map(|p| p.0),
        Some(Pos::new(4, 3)),
        "the corpse still lies there"
    );
    act(&mut app, Action::Eat);
    assert!(
        app.world().get_entity(corpse).is_err(),
        "e eats it where it lies"
    );
    let second = crate::support::kill_east_of_the_hero(&mut app, "rat");
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    assert!(pack(&mut app).contains(&second), "g takes it");
}

#[test]
fn with_no_hunger_corpses_are_never_picked_up() {
    let mut app = app_on(&open_map(10, 10), Pos::new(3, 3), RulesData::default());
    let hero = hero_entity(&mut app);
    app.world_mut().entity_mut(hero).remove::<Stomach>();
    let corpse = kill_a_rat(&mut app);
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::PickUp);
    assert!(pack(&mut app).is_empty(), "{:?}", pack(&mut app));
    assert!(app.world().get::<GridPos>(corpse).is_some());
    assert_eq!(
        last_line(&app),
        "There is no hunger in the hunt: you leave the dead where they lie."
    );
}

#[test]
fn a_small_meal_just_over_the_line_does_not_flip_hunger_back_and_forth() {
    let mut app = app_on(&open_map(8, 8), Pos::new(3, 3), RulesData::default());
    let margin = RulesData::default().hunger.recovery_margin;
    let line = RulesData::default().hunger.hungry_below;
    let getting_hungry = |app: &App| {
        log_lines(app)
            .iter()
            .filter(|l| l.contains("You are getting hungry."))
            .count()
    };
    set_food(&mut app, line);
    act(&mut app, Action::Wait);
    assert_eq!(stomach(&mut app).state, Hunger::Hungry);
    assert_eq!(getting_hungry(&app), 1);
    set_food(&mut app, line + margin / 2);
    act(&mut app, Action::Wait);
    assert_eq!(stomach(&mut app).state, Hunger::Hungry, "a small meal");
    wait(&mut app, (margin / 2 + 2) as usize);
    assert!(stomach(&mut app).food < line);
    assert_eq!(getting_hungry(&app), 1, "said once, not again");
    set_food(&mut app, line + margin + 1);
    act(&mut app, Action::Wait);
    assert_eq!(stomach(&mut app).state, Hunger::Normal, "clear of the line");
    assert_eq!(last_line(&app), "You are no longer hungry.");
}
