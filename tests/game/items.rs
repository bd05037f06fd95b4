//! Headless item tests: placement, pickup, the full pack and the purse.

use std::path::Path;

use bevy::prelude::*;
use gloomdelve::NewGame;
use gloomdelve::RulesData;
use gloomdelve::rules::items::slots_in_world;
use gloomdelve::vocab::components::{GridPos, Hero};
use gloomdelve::vocab::components::{Item, PACK_SIZE, Pack, Purse};
use gloomdelve::vocab::data::ItemBook;
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::resources::TurnCount;
use gloomdelve_core::{Dir, Pos};

use crate::support::{
    act, app_on, char_key, code_key, fighter, holding, hp, last_line, lay, open_map, overlay, pack,
    press, spawn, wait, with_keys,
};

fn purse(app: &mut App) -> Purse {
    *app.world_mut()
        .query_filtered::<&Purse, With<Hero>>()
        .single(app.world())
        .unwrap()
}

#[test]
fn walking_onto_an_item_picks_it_up() {
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    let potion = lay(&mut app, "potion of healing", Pos::new(3, 2));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(pack(&mut app), vec![potion]);
    let look = crate::support::look_of(&app, "potion of healing");
    assert_eq!(last_line(&app), format!("You pick up a {look}."));
    assert!(
        app.world().get::<GridPos>(potion).is_none(),
        "it left the floor"
    );
    assert_eq!(
        app.world().resource::<TurnCount>().0,
        1,
        "the step is the turn"
    );
}

#[test]
fn picking_up_with_nothing_there_costs_no_turn() {
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    act(&mut app, Action::PickUp);
    assert_eq!(app.world().resource::<TurnCount>().0, 0);
    assert_eq!(last_line(&app), "There is nothing here to pick up.");
    let scroll = lay(&mut app, "scroll of fireball", Pos::new(2, 2));
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app), vec![scroll], "g picks up what is underfoot");
    assert_eq!(app.world().resource::<TurnCount>().0, 1);
}

/// The pack as the inventory shows it: each slot's items.
pub fn pack_slots(app: &mut App) -> Vec<Vec<Entity>> {
    let hero = crate::support::hero_entity(app);
    let pack = app.world().get::<Pack>(hero).unwrap().clone();
    slots_in_world(app.world(), &pack)
}

#[test]
fn a_full_pack_leaves_the_item_on_the_floor_but_a_stack_still_grows() {
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    for _ in 0..PACK_SIZE - 1 {
        lay(&mut app, "club", Pos::new(3, 2));
    }
    lay(&mut app, "ration", Pos::new(3, 2));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(
        pack_slots(&mut app).len(),
        PACK_SIZE,
        "19 clubs and a ration"
    );
    let ration = lay(&mut app, "ration", Pos::new(4, 2));
    let club = lay(&mut app, "club", Pos::new(4, 2));
    act(&mut app, Action::Move(Dir::E));
    assert!(
        pack(&mut app).contains(&ration),
        "the ration joins its stack"
    );
    assert_eq!(pack(&mut app).len(), PACK_SIZE + 1);
    assert_eq!(pack_slots(&mut app).len(), PACK_SIZE);
    let log = app.world().resource::<GameLog>();
    let said: Vec<&str> = log.recent(2).iter().map(|e| e.text.as_str()).collect();
    assert_eq!(said, ["Your pack is full.", "You pick up a ration."]);
    let mut lying = app.world_mut().query::<(Entity, &Item, &GridPos)>();
    let left: Vec<Entity> = lying.iter(app.world()).map(|(e, ..)| e).collect();
    assert_eq!(left, vec![club], "the club stays on the floor");
}

#[test]
fn rations_potions_and_scrolls_stack_and_are_used_one_at_a_time() {
    let (mut app, things) = holding(&[
        "ration",
        "club",
        "potion of healing",
        "ration",
        "potion of healing",
        "scroll of lightning",
        "scroll of lightning",
    ]);
    let slots = pack_slots(&mut app);
    let sizes: Vec<usize> = slots.iter().map(Vec::len).collect();
    assert_eq!(
        sizes,
        [2, 1, 2, 2],
        "potions, club, rations, scrolls (kind order)"
    );
    assert!(
        slots[2].contains(&things[0]) && slots[2].contains(&things[3]),
        "both rations in one slot"
    );
    let hero = crate::support::hero_entity(&mut app);
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Health>(hero)
        .unwrap()
        .hp = 5;
    act(&mut app, Action::Use(slots[0][0]));
    let after: Vec<usize> = pack_slots(&mut app).iter().map(Vec::len).collect();
    assert_eq!(after, [1, 1, 2, 2], "one potion of the two is drunk");
}

fn cursor(app: &App) -> usize {
    app.world()
        .resource::<gloomdelve::view::ui_state::InventoryCursor>()
        .0
}

#[test]
fn after_a_use_the_cursor_stays_on_an_item_and_an_empty_slot_keeps_the_screen() {
    use gloomdelve::vocab::states::Overlay;
    // Packed in kind order: the club, then the ration.
    let (mut app, things) = holding(&["club", "ration"]);
    with_keys(&mut app);
    press(&mut app, char_key("i"));
    press(&mut app, code_key(KeyCode::ArrowRight));
    press(&mut app, code_key(KeyCode::ArrowRight));
    assert_eq!(cursor(&app), 2, "past the items");
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(
        overlay(&app),
        Overlay::Inventory,
        "Enter on nothing: still open"
    );
    press(&mut app, char_key("d"));
    assert_eq!(
        overlay(&app),
        Overlay::Inventory,
        "d on nothing: still open"
    );
    assert_eq!(pack(&mut app).len(), 2, "nothing was used or dropped");
    press(&mut app, code_key(KeyCode::ArrowLeft));
    assert_eq!(cursor(&app), 1, "on the ration, the last item");
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(pack(&mut app), vec![things[0]], "the ration was eaten");
    press(&mut app, char_key("i"));
    assert_eq!(
        cursor(&app),
        0,
        "back on the item left, not on an empty slot"
    );
}

#[test]
fn every_shipped_item_says_what_it_does() {
    let book = ItemBook::load(&crate::support::data("items.ron")).unwrap();
    for kind in &book.kinds {
        let says = &kind.description;
        assert!(
            says != &kind.name && says.ends_with('.') && says.starts_with(char::is_uppercase),
            "{}: {says:?} is a sentence, not the name",
            kind.name
        );
    }
    let err =
        ItemBook::parse("[(name: \"x\", sprite: \"x\", effect: Key, per_cave: 1)]").unwrap_err();
    assert!(
        err.contains("entry 1") && err.contains("description"),
        "{err}"
    );
    let err = ItemBook::parse(
        "[(name: \"x\", sprite: \"x\", description: \"A blade.\", effect: Weapon(2), stacks: true, per_cave: 1)]",
    )
    .unwrap_err();
    assert!(err.contains("stacks"), "gear never stacks: {err}");
}

#[test]
fn the_death_screen_counts_kills_and_items_in_words() {
    let tally = |kills, carried| gloomdelve::rules::game_over::Tally {
        turns: 5,
        deepest: 1,
        kills,
        carried,
        score: 3,
    };
    assert_eq!(
        tally(1, 1).line(),
        "Turns 5 - deepest level 1 - 1 kill - 1 item carried - score 3"
    );
    assert_eq!(
        tally(0, 4).line(),
        "Turns 5 - deepest level 1 - no kills - 4 items carried - score 3"
    );
}

#[test]
fn coins_go_to_the_purse_and_take_no_slot() {
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    lay(&mut app, "copper coins", Pos::new(3, 2));
    lay(&mut app, "gold coins", Pos::new(3, 2));
    lay(&mut app, "silver coins", Pos::new(4, 2));
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Move(Dir::E));
    assert_eq!(purse(&mut app).copper, 8 + 100 + 40);
    assert_eq!(purse(&mut app).describe(), "1 gold, 4 silver, 8 copper");
    assert_eq!(purse(&mut app).short(), "1g 4s 8c", "for the stats panel");
    assert_eq!(
        gloomdelve::vocab::components::Purse { copper: 40 }.short(),
        "4s"
    );
    assert_eq!(
        gloomdelve::vocab::components::Purse::default().short(),
        "none"
    );
    assert!(pack(&mut app).is_empty());
}

#[test]
fn a_corpse_can_be_picked_up() {
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    let rat = spawn(&mut app, "rat", Pos::new(3, 2));
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Health>(rat)
        .unwrap()
        .hp = 1;
    act(&mut app, Action::Move(Dir::E));
    act(&mut app, Action::Move(Dir::E));
    assert!(pack(&mut app).is_empty(), "walking onto it leaves it");
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app).len(), 1);
    assert_eq!(last_line(&app), "You pick up a rat corpse.");
    wait(&mut app, 1);
}

#[test]
fn a_new_cave_holds_the_items_its_data_asks_for() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/items.ron");
    let book = ItemBook::load(&path).unwrap();
    // A level put in place by a test is a cave at depth 1.
    let wanted: u32 = book.kinds.iter().map(|k| k.count_at(1)).sum();
    let cave = gloomdelve_core::mapgen::caves::generate(4, 90, 60).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    let new_game = NewGame {
        seed: 4,
        rules: RulesData::default(),
        creatures: Default::default(),
        items: book,
        reveal: false,
        mode: gloomdelve::Mode::Delve,
    };
    app.add_plugins(gloomdelve::GamePlugin { new_game });
    app.insert_resource(Level {
        terrain: cave.terrain.clone(),
        start: cave.start,
    });
    let mut app = crate::support::start_playing(app);
    let mut q = app.world_mut().query::<(&Item, &GridPos)>();
    let placed: Vec<Pos> = q.iter(app.world()).map(|(_, p)| p.0).collect();
    assert_eq!(placed.len() as u32, wanted);
    assert!(
        placed
            .iter()
            .all(|p| cave.terrain.is_walkable(*p) && *p != cave.start)
    );
    let err =
        ItemBook::parse("[(name: \"\", sprite: \"x\", effect: Key, per_cave: 1)]").unwrap_err();
    assert!(err.contains("entry 1") && err.contains("name"), "{err}");
}

fn equipment(app: &mut App) -> gloomdelve::vocab::components::Equipment {
    *app.world_mut()
        .query_filtered::<&gloomdelve::vocab::components::Equipment, With<Hero>>()
        .single(app.world())
        .unwrap()
}

#[test]
fn weapons_and_armour_are_worn_taken_off_and_count_in_the_stats() {
    let (mut app, things) = holding(&["club", "dagger", "leather armour"]);
    let (club, dagger, leather) = (things[0], things[1], things[2]);
    let base = RulesData::default();
    act(&mut app, Action::Use(club));
    assert_eq!(fighter(&mut app).attack, base.hero_attack + 1);
    assert_eq!(last_line(&app), "You wield the club.");
    act(&mut app, Action::Use(dagger));
    assert_eq!(
        equipment(&mut app).weapon,
        Some(dagger),
        "a second weapon takes the first off"
    );
    assert_eq!(fighter(&mut app).attack, base.hero_attack + 2);
    act(&mut app, Action::Use(leather));
    assert_eq!(fighter(&mut app).defense, base.hero_defense + 1);
    act(&mut app, Action::Use(leather));
    assert_eq!(equipment(&mut app).armour, None);
    assert_eq!(fighter(&mut app).defense, base.hero_defense, "taken off");
    assert_eq!(pack(&mut app).len(), 3, "worn items stay in the pack");
    assert_eq!(
        app.world().resource::<TurnCount>().0,
        1 + 4,
        "each act is a turn"
    );
}

#[test]
fn dropping_a_worn_item_takes_it_off_and_lays_it_underfoot() {
    let (mut app, things) = holding(&["dagger"]);
    act(&mut app, Action::Use(things[0]));
    act(&mut app, Action::Drop(things[0]));
    assert_eq!(equipment(&mut app).weapon, None);
    assert_eq!(fighter(&mut app).attack, RulesData::default().hero_attack);
    assert!(pack(&mut app).is_empty());
    assert_eq!(
        app.world().get::<GridPos>(things[0]).map(|p| p.0),
        Some(Pos::new(2, 2))
    );
    assert_eq!(last_line(&app), "You drop a dagger.");
}

#[test]
fn a_potion_heals_up_to_the_maximum_and_is_used_up() {
    let (mut app, things) = holding(&["potion of healing", "potion of healing"]);
    let hero = app
        .world_mut()
        .query_filtered::<Entity, With<Hero>>()
        .single(app.world())
        .unwrap();
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Health>(hero)
        .unwrap()
        .hp = 5;
    act(&mut app, Action::Use(things[0]));
    assert_eq!(
        app.world()
            .get::<gloomdelve::vocab::components::Health>(hero)
            .unwrap()
            .hp,
        15
    );
    // Three below the maximum: the second potion's 10 would overshoot.
    let max = RulesData::default().hero_hp;
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Health>(hero)
        .unwrap()
        .hp = max - 3;
    act(&mut app, Action::Use(things[1]));
    assert_eq!(
        app.world()
            .get::<gloomdelve::vocab::components::Health>(hero)
            .unwrap()
            .hp,
        max,
        "capped at max"
    );
    assert!(pack(&mut app).is_empty());
}

#[test]
fn the_inventory_plays_its_chosen_act_only_when_it_closes() {
    use gloomdelve::vocab::states::Overlay;
    let (mut app, things) = holding(&["club", "dagger"]);
    with_keys(&mut app);
    let turns = |app: &App| app.world().resource::<TurnCount>().0;
    let before = turns(&app);
    press(&mut app, char_key("i"));
    assert_eq!(overlay(&app), Overlay::Inventory, "i opens the grid");
    // While it is open, even a pending action waits.
    app.world_mut()
        .resource_mut::<gloomdelve::vocab::intents::PendingAction>()
        .0 = Some(Action::Wait);
    press(&mut app, code_key(KeyCode::ArrowRight));
    assert_eq!(
        turns(&app),
        before,
        "no turn passes while the screen is open"
    );
    assert_eq!(
        app.world()
            .resource::<gloomdelve::view::ui_state::InventoryCursor>()
            .0,
        1
    );
    app.world_mut()
        .resource_mut::<gloomdelve::vocab::intents::PendingAction>()
        .0 = None;
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None, "choosing closes the grid");
    assert_eq!(
        equipment(&mut app).weapon,
        Some(things[1]),
        "the dagger (slot 2) is wielded"
    );
    assert_eq!(
        turns(&app),
        before + 1,
        "the act took one turn, played on closing"
    );
    press(&mut app, char_key("i"));
    press(&mut app, char_key("d"));
    assert_eq!(
        pack(&mut app),
        vec![things[0]],
        "d dropped the selected dagger"
    );
    assert_eq!(equipment(&mut app).weapon, None);
    app.update();
    assert_eq!(overlay(&app), Overlay::Inventory, "open again after a drop");
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(overlay(&app), Overlay::None, "Esc closes");
    assert_eq!(turns(&app), before + 2, "closing with no act takes no turn");
}

#[test]
fn lightning_strikes_the_nearest_visible_enemy_and_fizzles_with_none() {
    let (mut app, things) = holding(&["scroll of lightning"]);
    crate::support::know(&mut app, &["scroll of lightning"]);
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: None,
        },
    );
    assert_eq!(
        pack(&mut app).len(),
        1,
        "no enemy in view: the scroll is kept"
    );
    assert_eq!(
        last_line(&app),
        "The scroll crackles, but no enemy is in view."
    );
    let near = spawn(&mut app, "goblin", Pos::new(4, 3));
    let far = spawn(&mut app, "goblin", Pos::new(6, 6));
    let before = app.world().resource::<TurnCount>().0;
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: None,
        },
    );
    let damage = RulesData::default().lightning_damage;
    assert_eq!(damage, goblin_hp(), "a goblin's whole HP");
    assert!(
        app.world().get_entity(near).is_err(),
        "the nearest goblin is struck dead"
    );
    assert_eq!(
        last_line(&app),
        format!("Lightning strikes the goblin for {damage} damage. It dies.")
    );
    assert_eq!(hp(&app, far), goblin_hp(), "only the nearest is struck");
    assert!(pack(&mut app).is_empty(), "the scroll is used up");
    assert_eq!(app.world().resource::<TurnCount>().0, before + 1);
}

#[test]
fn a_fireball_burns_everything_in_its_radius_the_hero_included() {
    let (mut app, things) = holding(&["scroll of fireball"]);
    let inside = spawn(&mut app, "goblin", Pos::new(4, 2));
    let outside = spawn(&mut app, "goblin", Pos::new(7, 2));
    let hero = app
        .world_mut()
        .query_filtered::<Entity, With<Hero>>()
        .single(app.world())
        .unwrap();
    let damage = RulesData::default().fireball_damage;
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: Some(Pos::new(3, 3)),
        },
    );
    assert_eq!(
        hp(&app, inside),
        goblin_hp() - damage,
        "(4,2) is within radius 2 of (3,3)"
    );
    assert_eq!(hp(&app, outside), goblin_hp(), "(7,2) is not");
    assert_eq!(
        hp(&app, hero),
        RulesData::default().hero_hp - damage,
        "the hero at (2,2) is inside too"
    );
}

#[test]
fn paralysis_holds_its_target_for_its_turns() {
    let (mut app, things) = holding(&["scroll of paralysis"]);
    crate::support::know(&mut app, &["scroll of paralysis"]);
    let goblin = spawn(&mut app, "goblin", Pos::new(6, 2));
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: Some(Pos::new(6, 2)),
        },
    );
    assert_eq!(last_line(&app), "The goblin freezes, paralyzed.");
    let turns = RulesData::default().paralyze_turns;
    for turn in 1..turns {
        assert_eq!(
            app.world().get::<GridPos>(goblin).unwrap().0,
            Pos::new(6, 2),
            "held on turn {turn}"
        );
        wait(&mut app, 1);
    }
    wait(&mut app, 2);
    assert_ne!(
        app.world().get::<GridPos>(goblin).unwrap().0,
        Pos::new(6, 2),
        "free again, it closes in"
    );
}

#[test]
fn cancelling_the_aim_keeps_the_scroll_and_the_turn() {
    use gloomdelve::vocab::states::Overlay;
    let (mut app, _) = holding(&["scroll of fireball"]);
    with_keys(&mut app);
    let before = app.world().resource::<TurnCount>().0;
    press(&mut app, char_key("i"));
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::Targeting, "a fireball needs aiming");
    press(&mut app, code_key(KeyCode::ArrowRight));
    assert_eq!(
        app.world()
            .resource::<gloomdelve::view::ui_state::Aiming>()
            .cursor,
        Pos::new(3, 2)
    );
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(pack(&mut app).len(), 1, "the scroll is kept");
    assert_eq!(
        app.world().resource::<TurnCount>().0,
        before,
        "no turn passed"
    );
}

/// A shipped goblin's full HP.
fn goblin_hp() -> i32 {
    let book = gloomdelve::vocab::data::CreatureBook::load(&crate::support::data("creatures.ron"))
        .unwrap();
    book.kinds
        .iter()
        .find(|kind| kind.name == "goblin")
        .map(|kind| kind.hp)
        .expect("the shipped book has goblins")
}

/// The text of the shipped `items.ron`.
fn shipped_items() -> String {
    std::fs::read_to_string(crate::support::data("items.ron")).unwrap()
}

/// The shipped `items.ron` with the lines holding `dropped` left out.
fn shipped_items_without(dropped: &str) -> String {
    let text = shipped_items();
    let kept: Vec<&str> = text.lines().filter(|l| !l.contains(dropped)).collect();
    kept.join("\n")
}

#[test]
fn item_numbers_are_refused_outside_their_range_naming_entry_field_value_and_range() {
    let err = ItemBook::parse(&shipped_items().replace("Food(350)", "Food(-100000)")).unwrap_err();
    for part in [
        "entry 12",
        "\"ration\"",
        "effect Food",
        "-100000",
        "0 to 100000",
    ] {
        assert!(err.contains(part), "expected {part:?} in {err:?}");
    }
    for (from, to, field) in [
        ("Heal(10)", "Heal(0)", "effect Heal"),
        ("Weapon(5)", "Weapon(5000)", "effect Weapon"),
        ("Armour(1)", "Armour(-1)", "effect Armour"),
        ("Coins(8)", "Coins(4000000000)", "effect Coins"),
        ("from_depth: 7", "from_depth: 700", "from_depth"),
    ] {
        let err = ItemBook::parse(&shipped_items().replacen(from, to, 1)).unwrap_err();
        assert!(err.contains(field), "{to}: {err}");
    }
}

#[test]
fn the_item_kinds_the_rules_need_are_required_by_name_or_effect() {
    let err = ItemBook::parse(&shipped_items_without("\"Gold Key\"")).unwrap_err();
    assert!(err.contains("Key") && err.contains("won"), "{err}");
    let err = ItemBook::parse(&shipped_items_without("name: \"corpse\"")).unwrap_err();
    assert!(err.contains("\"corpse\""), "{err}");
    let not_food = shipped_items().replace("effect: Food(0)", "effect: Heal(5)");
    let err = ItemBook::parse(&not_food).unwrap_err();
    assert!(err.contains("corpse") && err.contains("Food"), "{err}");
    let twice = shipped_items().replace("name: \"club\"", "name: \"dagger\"");
    let err = ItemBook::parse(&twice).unwrap_err();
    assert!(err.contains("\"dagger\" is entry 3 already"), "{err}");
}

#[test]
fn drops_in_a_row_keep_the_inventory_open() {
    use gloomdelve::vocab::states::Overlay;
    let (mut app, _) = holding(&["club", "dagger", "ration"]);
    with_keys(&mut app);
    let turns = |app: &App| app.world().resource::<TurnCount>().0;
    let before = turns(&app);
    press(&mut app, char_key("i"));
    press(&mut app, char_key("d"));
    app.update();
    assert_eq!(overlay(&app), Overlay::Inventory, "open again");
    assert_eq!(pack(&mut app).len(), 2);
    press(&mut app, char_key("d"));
    app.update();
    assert_eq!(overlay(&app), Overlay::Inventory, "and again");
    assert_eq!(pack(&mut app).len(), 1);
    assert_eq!(turns(&app), before + 2, "a turn a drop");
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(overlay(&app), Overlay::None);
}

#[test]
fn the_cursor_follows_its_item_when_the_pack_shifts_under_it() {
    // Packed in kind order: the potion, the club, the dagger.
    let (mut app, things) = holding(&["potion of healing", "club", "dagger"]);
    with_keys(&mut app);
    press(&mut app, char_key("i"));
    press(&mut app, code_key(KeyCode::ArrowRight));
    assert_eq!(cursor(&app), 1, "on the club");
    press(&mut app, code_key(KeyCode::Escape));
    act(&mut app, Action::Drop(things[0]));
    press(&mut app, char_key("i"));
    assert_eq!(
        cursor(&app),
        0,
        "the club moved to the first slot, and so did the cursor"
    );
    press(&mut app, char_key("d"));
    assert_eq!(
        pack(&mut app),
        vec![things[2]],
        "d dropped the club, not the dagger"
    );
}

/// Kills a rat east of the hero, steps onto its corpse and takes it up.
fn take_a_fresh_kill(app: &mut App, kind: &str) -> Entity {
    let corpse = crate::support::kill_east_of_the_hero(app, kind);
    act(app, Action::Move(Dir::E));
    act(app, Action::PickUp);
    assert!(pack(app).contains(&corpse), "{kind} corpse taken");
    corpse
}

/// Waits until the corpse has rotted; the turns waited.
fn wait_until_rotten(app: &mut App, corpse: Entity) -> usize {
    let rotten = |app: &App| {
        app.world()
            .get::<gloomdelve::vocab::components::Corpse>(corpse)
            .is_some_and(|c| c.rotten)
    };
    let mut turns = 0;
    while !rotten(app) {
        assert!(turns < 400, "the corpse never rots");
        wait(app, 1);
        turns += 1;
    }
    turns
}

#[test]
fn corpses_of_one_kind_and_state_stack_and_rotting_parts_them() {
    let mut app = app_on(&open_map(20, 5), Pos::new(2, 2), RulesData::default());
    let first_rat = take_a_fresh_kill(&mut app, "rat");
    let second_rat = take_a_fresh_kill(&mut app, "rat");
    take_a_fresh_kill(&mut app, "bat");
    let sizes = |app: &mut App| pack_slots(app).iter().map(Vec::len).collect::<Vec<_>>();
    assert_eq!(
        sizes(&mut app),
        [2, 1],
        "two rats share a slot; the bat has its own"
    );
    wait_until_rotten(&mut app, first_rat);
    assert_eq!(
        sizes(&mut app),
        [1, 1, 1],
        "the rotten rat leaves the fresh one's stack"
    );
    wait_until_rotten(&mut app, second_rat);
    assert_eq!(sizes(&mut app), [2, 1], "rotten rats stack again");
}

#[test]
fn a_corpse_rotting_in_a_full_pack_falls_out_at_the_heros_feet() {
    let mut app = app_on(&open_map(20, 5), Pos::new(2, 2), RulesData::default());
    for _ in 0..PACK_SIZE - 1 {
        lay(&mut app, "club", Pos::new(2, 2));
    }
    act(&mut app, Action::PickUp);
    let first_rat = take_a_fresh_kill(&mut app, "rat");
    take_a_fresh_kill(&mut app, "rat");
    assert_eq!(pack_slots(&mut app).len(), PACK_SIZE);
    wait_until_rotten(&mut app, first_rat);
    assert_eq!(
        pack_slots(&mut app).len(),
        PACK_SIZE,
        "the pack never overflows"
    );
    assert!(!pack(&mut app).contains(&first_rat));
    let hero_at = crate::support::hero_pos(&mut app);
    assert_eq!(
        app.world().get::<GridPos>(first_rat).map(|p| p.0),
        Some(hero_at),
        "it lies underfoot"
    );
    let log = app.world().resource::<GameLog>();
    assert!(
        log.recent(3)
            .iter()
            .any(|e| e.text == "Your pack is full: the rotten rat corpse falls out."),
        "{:?}",
        log.recent(3)
    );
}

fn pile_labels(app: &App) -> Vec<String> {
    let choice = app
        .world()
        .resource::<gloomdelve::view::ui_state::PileChoice>();
    choice.entries.iter().map(|e| e.label.clone()).collect()
}

fn pile_cursor(app: &App) -> usize {
    app.world()
        .resource::<gloomdelve::view::ui_state::PileChoice>()
        .cursor
}

#[test]
fn g_on_a_pile_lists_it_and_takes_the_chosen_entry_or_everything() {
    use gloomdelve::vocab::states::Overlay;
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    let potion = lay(&mut app, "potion of healing", Pos::new(2, 2));
    let club = lay(&mut app, "club", Pos::new(2, 2));
    let rations = [
        lay(&mut app, "ration", Pos::new(2, 2)),
        lay(&mut app, "ration", Pos::new(2, 2)),
    ];
    crate::support::know(&mut app, &["potion of healing"]);
    with_keys(&mut app);
    let turns = |app: &App| app.world().resource::<TurnCount>().0;
    press(&mut app, char_key("g"));
    assert_eq!(overlay(&app), Overlay::PickUp, "a pile asks first");
    assert_eq!(
        pile_labels(&app),
        ["potion of healing", "club", "2 rations"]
    );
    assert_eq!(turns(&app), 0, "asking takes no turn");
    press(&mut app, code_key(KeyCode::ArrowDown));
    press(&mut app, code_key(KeyCode::ArrowDown));
    assert_eq!(pile_cursor(&app), 2);
    press(&mut app, code_key(KeyCode::Enter));
    assert_eq!(overlay(&app), Overlay::None);
    let mut taken = pack(&mut app);
    taken.sort();
    let mut both = rations.to_vec();
    both.sort();
    assert_eq!(taken, both, "the chosen entry: both rations, nothing else");
    assert_eq!(turns(&app), 1, "taking is a turn");
    press(&mut app, char_key("g"));
    assert_eq!(pile_labels(&app), ["potion of healing", "club"]);
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(pack(&mut app).len(), 2, "Esc leaves the pile as it is");
    assert_eq!(turns(&app), 1);
    press(&mut app, char_key("g"));
    press(&mut app, char_key("g"));
    let taken = pack(&mut app);
    assert!(
        taken.contains(&potion) && taken.contains(&club),
        "g twice takes everything"
    );
    assert_eq!(turns(&app), 2);
}

#[test]
fn g_on_one_thing_takes_it_at_once() {
    use gloomdelve::vocab::states::Overlay;
    let mut app = app_on(&open_map(10, 10), Pos::new(2, 2), RulesData::default());
    let rations = [
        lay(&mut app, "ration", Pos::new(2, 2)),
        lay(&mut app, "ration", Pos::new(2, 2)),
    ];
    with_keys(&mut app);
    press(&mut app, char_key("g"));
    assert_eq!(overlay(&app), Overlay::None, "one stack needs no list");
    assert_eq!(pack(&mut app).len(), rations.len());
}

#[test]
fn a_dropped_club_on_a_pile_is_not_the_first_thing_offered_back() {
    // The newcomer's full pack: drop the club where a scroll lies, press g.
    let (mut app, things) = holding(&["club", "dagger"]);
    let scroll = lay(&mut app, "scroll of mapping", Pos::new(2, 2));
    crate::support::know(&mut app, &["scroll of mapping"]);
    with_keys(&mut app);
    act(&mut app, Action::Drop(things[0]));
    press(&mut app, char_key("g"));
    assert_eq!(pile_labels(&app), ["club", "scroll of mapping"]);
    assert_eq!(pile_cursor(&app), 1, "the cursor starts past the club");
    press(&mut app, code_key(KeyCode::Enter));
    assert!(pack(&mut app).contains(&scroll));
    assert!(!pack(&mut app).contains(&things[0]), "the club stays down");
}
