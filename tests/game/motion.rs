//! Motion, headless: the animation systems beside the rules change nothing
//! in the game, and a key pressed while they play acts in the same update
//! and ends them first.

use bevy::prelude::*;
use gloomdelve::Mode;
use gloomdelve::view::motion::effects::Fx;
use gloomdelve::view::motion::state::{Animation, Motion};
use gloomdelve::view::tilemap::tile_centre;
use gloomdelve::vocab::resources::TurnCount;
use gloomdelve_core::Pos;

use gloomdelve::vocab::intents::Action;
use gloomdelve_core::Dir;

use crate::support::{
    act, app_on_with, code_key, hero_entity, hero_pos, open_map, shipped_game, shipped_rules,
    spawn, with_keys, with_motion,
};

/// What the animated game put in motion, counted over its updates.
#[derive(Resource, Default, Debug)]
struct InMotion {
    glides: usize,
    lunges: usize,
    fades: usize,
    effects: usize,
}

fn count_motion(
    animations: Query<&Animation>,
    effects: Query<(), With<Fx>>,
    mut seen: ResMut<InMotion>,
) {
    for animation in &animations {
        seen.glides += usize::from(animation.glide.is_some());
        seen.lunges += usize::from(animation.lunge.is_some());
        seen.fades += usize::from(animation.fade.is_some());
    }
    seen.effects += effects.iter().count();
}

#[test]
fn presentation_never_changes_the_game() {
    for seed in 1..=3 {
        let (_, plain) = gloomdelve::sim::run_beside(shipped_game(seed, Mode::Delve), 500, |_| {})
            .expect("the plain game keeps every invariant");
        let (app, animated) =
            gloomdelve::sim::run_beside(shipped_game(seed, Mode::Delve), 500, |app| {
                with_motion(app);
                app.init_resource::<InMotion>();
                app.add_systems(Last, count_motion);
            })
            .expect("the animated game keeps every invariant");
        assert_eq!(plain.turns, animated.turns, "seed {seed}");
        assert_eq!(
            plain.state_hash, animated.state_hash,
            "seed {seed}: the animation systems changed the game"
        );
        let seen = app.world().resource::<InMotion>();
        eprintln!("seed {seed}: {} turns, in motion: {seen:?}", animated.turns);
        assert!(
            seen.glides > 0 && seen.lunges > 0 && seen.fades > 0 && seen.effects > 0,
            "seed {seed}: the animations ran beside the rules: {seen:?}"
        );
    }
}

/// A room with the hero at (2, 2) and the motion systems, whose steps last
/// long enough that only a key can end them.
fn slow_motion_room() -> App {
    let mut app = app_on_with(&open_map(12, 5), Pos::new(2, 2), shipped_rules(), |app| {
        with_motion(app);
        with_keys(app);
    });
    // Each update moves the clocks on by half a second, whatever the machine.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(500),
    ));
    let mut motion = app.world_mut().resource_mut::<Motion>();
    motion.timings.step = 5.0;
    motion.timings.lunge = 5.0;
    app
}

fn hero_animation(app: &mut App) -> Animation {
    let hero = hero_entity(app);
    app.world()
        .get::<Animation>(hero)
        .cloned()
        .expect("the hero animates")
}

/// Presses `key` and runs one update: the one it must act in.
fn press_once(app: &mut App, key: KeyCode) {
    app.world_mut().write_message(code_key(key));
    app.update();
}

fn centre(x: i32, y: i32) -> Vec2 {
    tile_centre(Pos::new(x, y), 5, 8.0)
}

#[test]
fn a_key_pressed_mid_animation_acts_in_the_same_update_and_ends_what_plays() {
    let mut app = slow_motion_room();
    let turn = |app: &App| app.world().resource::<TurnCount>().0;
    press_once(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(3, 2),
        "the key acted in its update"
    );
    assert_eq!(turn(&app), 1);
    let first = hero_animation(&mut app).glide.expect("the step glides");
    assert_eq!(first.points, vec![centre(2, 2), centre(3, 2)]);
    app.update();
    let drawn = hero_animation(&mut app).drawn_at.expect("still gliding");
    assert!(
        drawn.x > centre(2, 2).x && drawn.x < centre(3, 2).x,
        "the hero is drawn between the tiles, at {drawn}"
    );

    press_once(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(4, 2),
        "the second key acted at once"
    );
    assert_eq!(turn(&app), 2);
    let second = hero_animation(&mut app)
        .glide
        .expect("the second step glides");
    assert_eq!(
        second.points,
        vec![centre(3, 2), centre(4, 2)],
        "the first glide jumped to its end, and the second starts where it ended"
    );

    // A blow lunges; the next key ends the lunge before its own turn.
    spawn(&mut app, "rat", Pos::new(5, 2));
    press_once(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        hero_pos(&mut app),
        Pos::new(4, 2),
        "the hero struck, it did not move"
    );
    assert!(hero_animation(&mut app).lunge.is_some(), "the blow lunges");
    press_once(&mut app, KeyCode::ArrowLeft);
    let animation = hero_animation(&mut app);
    assert!(animation.lunge.is_none(), "the lunge ended at the key");
    assert_eq!(
        animation.glide.as_ref().map(|g| g.points.clone()),
        Some(vec![centre(4, 2), centre(3, 2)]),
        "and the step back glides from the tile"
    );
    let hero = hero_entity(&mut app);
    let transform = app.world().get::<Transform>(hero).unwrap();
    let gliding = animation.drawn_at.expect("gliding back");
    assert_eq!(
        transform.translation.truncate(),
        gloomdelve::view::motion::tween::snap(gliding, 0.25),
        "drawn on its glide back, with nothing of the lunge left"
    );
    assert_eq!(gliding.y, centre(4, 2).y, "on the row, not thrown off it");
}

#[test]
fn with_reduce_motion_on_everything_snaps() {
    let mut app = slow_motion_room();
    app.world_mut().resource_mut::<Motion>().reduce = true;
    press_once(&mut app, KeyCode::ArrowRight);
    let hero = hero_entity(&mut app);
    assert!(!hero_animation(&mut app).busy(), "nothing plays");
    let transform = app.world().get::<Transform>(hero).unwrap();
    assert_eq!(
        transform.translation.truncate(),
        centre(3, 2),
        "the hero snapped"
    );
}

/// The texture index the map draws the tile at `pos` with.
fn drawn_texture(app: &mut App, pos: Pos) -> u32 {
    use bevy_ecs_tilemap::prelude::{TilePos, TileStorage, TileTextureIndex};
    let height = app
        .world()
        .resource::<gloomdelve::vocab::resources::Level>()
        .terrain
        .height();
    let at = TilePos {
        x: pos.x as u32,
        y: (height - 1 - pos.y) as u32,
    };
    let mut maps = app.world_mut().query::<&TileStorage>();
    let tile = maps.single(app.world()).unwrap().get(&at).unwrap();
    app.world().get::<TileTextureIndex>(tile).unwrap().0
}

/// The texture index of the terrain at `pos` as the level has it now.
fn terrain_texture(app: &App, pos: Pos) -> u32 {
    let level = app
        .world()
        .resource::<gloomdelve::vocab::resources::Level>();
    let name = level.terrain.tile(pos).sprite_name();
    let book = app
        .world()
        .resource::<gloomdelve::view::assets::SpriteBook>();
    book.cell(name).expect("the stand-in book names it").1
}

#[test]
fn a_dug_wall_shows_as_rock_while_it_crumbles_and_as_dug_once_it_has_or_at_a_key() {
    let map = "#######\n#..#..#\n#######\n";
    let rock = Pos::new(3, 1);
    for ended_by_a_key in [false, true] {
        let mut app = app_on_with(map, Pos::new(2, 1), shipped_rules(), |app| {
            with_motion(app);
            with_keys(app);
        });
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(20),
        ));
        let wall = drawn_texture(&mut app, rock);
        act(&mut app, Action::Move(Dir::E));
        act(&mut app, Action::Move(Dir::E));
        let dug = terrain_texture(&app, rock);
        assert_ne!(dug, wall, "the rules dug the wall at once");
        assert_eq!(drawn_texture(&mut app, rock), wall, "it is still crumbling");
        if ended_by_a_key {
            app.world_mut()
                .write_message(gloomdelve::view::motion::FinishAnimations);
            app.update();
        } else {
            let crumble = app.world().resource::<Motion>().timings.crumble;
            for _ in 0..(crumble / 0.02) as usize + 2 {
                app.update();
            }
        }
        assert_eq!(drawn_texture(&mut app, rock), dug, "the tile shows dug");
        let effects = app.world_mut().query::<&Fx>().iter(app.world()).count();
        assert_eq!(effects, 0, "and the crumbling is over");
    }
}
