//! Unknown potions and scrolls: each game's looks, learning a kind by
//! using one, identify, weakness, and what the hero may call a kind.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::{Drawn, Fighter};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::lore::Lore;
use gloomdelve::vocab::statuses::{Status, Statuses};
use gloomdelve_core::Pos;

use crate::support::{
    act, app_on, deeds_of, hero_entity, holding, last_line, lay, look_of, new_game, pack, said,
    wait,
};

fn lore(app: &App) -> Lore {
    app.world().resource::<Lore>().clone()
}

fn name(app: &App, item: Entity) -> String {
    app.world().get::<Name>(item).unwrap().to_string()
}

#[test]
fn every_potion_and_scroll_starts_unknown_with_a_look_drawn_from_the_seed() {
    let first = new_game(11, gloomdelve::Mode::Delve, crate::support::shipped_rules());
    let again = new_game(11, gloomdelve::Mode::Delve, crate::support::shipped_rules());
    let other = new_game(12, gloomdelve::Mode::Delve, crate::support::shipped_rules());
    let book = crate::support::shipped_items();
    let (first, again, other) = (lore(&first), lore(&again), lore(&other));
    assert_eq!(first, again, "one seed, one set of looks");
    assert_ne!(first.looks, other.looks, "two seeds, two sets");
    for kind in &book.kinds {
        let lored = gloomdelve::vocab::lore::LookClass::of(kind.effect).is_some();
        assert_eq!(first.looks.contains_key(&kind.name), lored, "{}", kind.name);
        assert_eq!(first.knows(kind), !lored, "{}", kind.name);
    }
    let sprites: std::collections::BTreeSet<_> = first.looks.values().map(|l| &l.sprite).collect();
    assert_eq!(sprites.len(), first.looks.len(), "a sprite of its own each");
}

#[test]
fn drinking_a_potion_names_its_kind_in_the_pack_and_on_the_floor() {
    let (mut app, things) = holding(&["potion of healing", "potion of healing"]);
    let lying = lay(&mut app, "potion of healing", Pos::new(5, 5));
    act(&mut app, Action::Wait);
    let look = look_of(&app, "potion of healing");
    for item in [things[0], things[1], lying] {
        assert_eq!(name(&app, item), look, "unknown before it is drunk");
    }
    let sprite = app.world().get::<Drawn>(lying).unwrap().sprite.clone();
    assert_eq!(sprite, lore(&app).looks["potion of healing"].sprite);
    act(&mut app, Action::Use(things[0]));
    assert!(said(
        &app,
        &format!("You drink the {look}. You feel better.")
    ));
    assert_eq!(
        last_line(&app),
        format!("The {look} was a potion of healing.")
    );
    assert_eq!(name(&app, things[1]), "potion of healing", "in the pack");
    assert_eq!(name(&app, lying), "potion of healing", "on the floor");
    let drawn = app.world().get::<Drawn>(lying).unwrap().sprite.clone();
    assert_eq!(drawn, sprite, "a known kind keeps its look's sprite");
    act(&mut app, Action::Use(things[1]));
    assert!(
        !last_line(&app).contains(" was "),
        "learned once: {}",
        last_line(&app)
    );
}

#[test]
fn an_aimed_scroll_read_with_no_target_teaches_nothing_and_one_aimed_does() {
    let (mut app, things) = holding(&["scroll of paralysis", "scroll of paralysis"]);
    let paralysis = |app: &App| {
        let book = crate::support::shipped_items();
        let kind = &book.kinds[book.find("scroll of paralysis").unwrap()];
        lore(app).knows(kind)
    };
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: None,
        },
    );
    assert_eq!(last_line(&app), "That scroll needs a target.");
    assert!(!paralysis(&app));
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: Some(Pos::new(4, 4)),
        },
    );
    assert!(
        paralysis(&app),
        "a scroll read at a target shows what it is"
    );
    let look = lore(&app).looks["scroll of paralysis"].name.clone();
    assert!(
        said(&app, &format!("The {look} was a scroll of paralysis.")),
        "{look}"
    );
}

#[test]
fn identify_names_one_unknown_kind_in_the_pack_and_then_has_nothing_to_learn() {
    let (mut app, things) = holding(&[
        "scroll of identify",
        "scroll of identify",
        "potion of weakness",
    ]);
    let look = look_of(&app, "potion of weakness");
    act(
        &mut app,
        Action::Read {
            scroll: things[0],
            target: None,
        },
    );
    assert_eq!(name(&app, things[2]), "potion of weakness");
    assert!(said(&app, &format!("The {look} is a potion of weakness.")));
    assert_eq!(
        name(&app, things[1]),
        "scroll of identify",
        "it names itself"
    );
    act(
        &mut app,
        Action::Read {
            scroll: things[1],
            target: None,
        },
    );
    assert_eq!(
        last_line(&app),
        "You feel wise, but there is nothing in your pack left to learn."
    );
    assert!(pack(&mut app).len() == 1, "both scrolls were read");
}

#[test]
fn a_potion_of_weakness_takes_attack_until_it_wears_off() {
    let (mut app, things) = holding(&["potion of weakness"]);
    let hero = hero_entity(&mut app);
    let before = app.world().get::<Fighter>(hero).unwrap().attack;
    act(&mut app, Action::Use(things[0]));
    let rules = RulesData::default();
    let weak = app.world().get::<Fighter>(hero).unwrap().attack;
    assert_eq!(weak, (before - rules.weakness_attack).max(0));
    let turns = app
        .world()
        .get::<Statuses>(hero)
        .unwrap()
        .turns(Status::Weak);
    assert!(turns > 1);
    wait(&mut app, turns as usize);
    assert_eq!(app.world().get::<Fighter>(hero).unwrap().attack, before);
    assert!(said(&app, "Your strength comes back."));
}

#[test]
fn a_kind_called_a_name_goes_by_it_until_learned() {
    let (mut app, things) = holding(&["potion of far sight"]);
    let book = crate::support::shipped_items();
    let kind = book.kinds[book.find("potion of far sight").unwrap()].clone();
    app.world_mut()
        .resource_mut::<Lore>()
        .call(&kind, "see far?");
    wait(&mut app, 1);
    let look = look_of(&app, "potion of far sight");
    assert_eq!(name(&app, things[0]), format!("{look} called see far?"));
    let lying = lay(&mut app, "potion of far sight", Pos::new(6, 6));
    wait(&mut app, 1);
    assert_eq!(name(&app, lying), format!("{look} called see far?"));
    act(&mut app, Action::Use(things[0]));
    assert_eq!(
        last_line(&app),
        format!("The {look} was a potion of far sight.")
    );
    assert_eq!(name(&app, lying), "potion of far sight");
}

#[test]
fn a_thief_names_what_it_took_as_the_hero_knew_it() {
    let mut app = app_on(
        &crate::support::open_map(10, 10),
        Pos::new(2, 2),
        RulesData::default(),
    );
    let potion = lay(&mut app, "potion of regeneration", Pos::new(2, 2));
    act(&mut app, Action::PickUp);
    let look = look_of(&app, "potion of regeneration");
    assert_eq!(name(&app, potion), look);
    let thief = crate::support::spawn(&mut app, "thief", Pos::new(3, 2));
    let stole = format!("The thief snatches your {look} and runs!");
    for _ in 0..5 {
        wait(&mut app, 1);
        if said(&app, &stole) {
            break;
        }
    }
    assert!(said(&app, &stole), "{:?}", deeds_of(&app, thief));
    assert!(!pack(&mut app).contains(&potion), "it took the potion");
}

#[test]
fn c_in_the_inventory_calls_the_selected_unknown_kind_and_its_enter_does_nothing_else() {
    use crate::support::{char_key, code_key, overlay, press, with_keys};
    use gloomdelve::vocab::states::Overlay;
    let (mut app, things) = holding(&["scroll of fireball"]);
    with_keys(&mut app);
    press(&mut app, char_key("i"));
    press(&mut app, char_key("c"));
    for letter in ["b", "o", "o", "x"] {
        press(&mut app, char_key(letter));
    }
    press(&mut app, code_key(KeyCode::Backspace));
    press(&mut app, char_key("m"));
    press(&mut app, code_key(KeyCode::Enter));
    let look = look_of(&app, "scroll of fireball");
    assert_eq!(name(&app, things[0]), format!("{look} called boom"));
    assert_eq!(last_line(&app), format!("You call the {look} \"boom\"."));
    assert_eq!(
        overlay(&app),
        Overlay::Inventory,
        "the Enter read no scroll"
    );
    assert_eq!(pack(&mut app), things);
    press(&mut app, char_key("c"));
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(
        overlay(&app),
        Overlay::Inventory,
        "Esc leaves the name, not the screen"
    );
    assert_eq!(name(&app, things[0]), format!("{look} called boom"));
    press(&mut app, code_key(KeyCode::Escape));
    assert_eq!(overlay(&app), Overlay::None);
}
