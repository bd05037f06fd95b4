//! Headless tests of the deeper kinds: the goblin archer keeps its
//! distance and shoots; the ogre is slow enough to outrun.

use bevy::prelude::*;
use gloomdelve::RulesData;
use gloomdelve::vocab::components::{GridPos, Health, Hero, Item};
use gloomdelve::vocab::intents::Action;
use gloomdelve_core::{Dir, Pos};

use crate::support::{act, app_on, open_map, spawn, wait};

fn hero(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<Hero>>()
        .single(app.world())
        .unwrap()
}

fn at(app: &App, entity: Entity) -> Pos {
    app.world().get::<GridPos>(entity).unwrap().0
}

fn hp(app: &App, entity: Entity) -> i32 {
    app.world().get::<Health>(entity).unwrap().hp
}

/// Arrows lying on the map.
fn arrows_lying(app: &mut App) -> usize {
    let book = app.world().resource::<gloomdelve::NewGame>().items.clone();
    let arrow = book.find("arrow").unwrap();
    app.world_mut()
        .query_filtered::<&Item, With<GridPos>>()
        .iter(app.world())
        .filter(|item| item.kind == arrow)
        .count()
}

#[test]
fn an_archer_with_a_line_of_fire_shoots_from_where_it_stands() {
    let mut app = app_on(&open_map(14, 8), Pos::new(2, 3), RulesData::default());
    let hero = hero(&mut app);
    let archer = spawn(&mut app, "goblin archer", Pos::new(7, 3));
    let mut hurt = 0;
    for _ in 0..6 {
        let before = hp(&app, hero);
        wait(&mut app, 1);
        assert_eq!(at(&app, archer), Pos::new(7, 3), "it keeps its distance");
        hurt += usize::from(hp(&app, hero) < before);
        app.world_mut().get_mut::<Health>(hero).unwrap().hp = 20;
    }
    assert_eq!(hurt, 6, "every shot hits the hero");
    let lying = arrows_lying(&mut app);
    assert!(
        (1..6).contains(&lying),
        "its arrows land to be picked up, some break: {lying} of 6 lie"
    );
}

#[test]
fn an_archer_next_to_the_hero_steps_away() {
    let mut app = app_on(&open_map(14, 8), Pos::new(5, 3), RulesData::default());
    let archer = spawn(&mut app, "goblin archer", Pos::new(6, 3));
    wait(&mut app, 1);
    let now = at(&app, archer);
    assert!(
        now.chebyshev(Pos::new(5, 3)) > 1,
        "it stepped away to {now:?}"
    );
}

#[test]
fn an_archer_without_a_line_of_fire_does_not_shoot_through_others() {
    let mut app = app_on(&open_map(14, 8), Pos::new(2, 3), RulesData::default());
    let hero = hero(&mut app);
    let blocker = spawn(&mut app, "fungus", Pos::new(4, 3));
    let archer = spawn(&mut app, "goblin archer", Pos::new(7, 3));
    let (full, fungus) = (hp(&app, hero), hp(&app, blocker));
    wait(&mut app, 1);
    assert_eq!(hp(&app, hero), full, "no arrow reached the hero");
    assert_eq!(hp(&app, blocker), fungus, "nor the fungus in the way");
    assert_ne!(
        at(&app, archer),
        Pos::new(7, 3),
        "it moved for a clear shot"
    );
}

#[test]
fn the_hero_outruns_an_ogre() {
    let map = open_map(40, 5);
    let mut app = app_on(&map, Pos::new(30, 2), RulesData::default());
    let hero = hero(&mut app);
    let ogre = spawn(&mut app, "ogre", Pos::new(34, 2));
    app.world_mut().get_mut::<Health>(hero).unwrap().hp = 20;
    let start = at(&app, ogre).chebyshev(at(&app, hero));
    for _ in 0..12 {
        act(&mut app, Action::Move(Dir::W));
    }
    let end = at(&app, ogre).chebyshev(at(&app, hero));
    assert!(
        end >= start + 5,
        "twelve steps away it fell behind by {} tiles",
        end - start
    );
    assert!(at(&app, ogre).x < 34, "it did give chase");
}
