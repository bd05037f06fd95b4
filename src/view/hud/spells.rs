//! Aiming and spells on screen: the targeting cursor (an outline that
//! starts on the nearest visible enemy; arrows or mouse, `Enter` or a click
//! to fire), a prompt naming the scroll and its target, the fireball's
//! reach tinted before it flies. The spells themselves are drawn by
//! [`crate::view::motion::effects`].

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::Pos;
use gloomdelve_core::fov::disc;

use crate::rules::items::missiles::Quiver;
use crate::rules::items::missiles::flight;
use crate::view::assets::SpriteBook;
use crate::view::tilemap::tile_centre;
use crate::view::ui_state::{Aim, Aiming, ChosenAct};
use crate::vocab::components::Item;
use crate::vocab::components::{Creature, CreatureId, Fighter, Health};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::data::{ItemEffect, ScrollKind};
use crate::vocab::game::NewGame;
use crate::vocab::resources::{Level, Occupancy};
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::Overlay;
use crate::vocab::text;

/// Above everything on the map.
const CURSOR_Z: f32 = 6.0;
const CURSOR_GOLD: Color = Color::srgb(1.0, 0.86, 0.3);
/// The atlas sprite of the cursor, when the atlas has one.
const AIM_CURSOR_SPRITE: &str = "aim_cursor";
/// The fireball's reach, before it flies.
const REACH_TINT: Color = Color::srgba(1.0, 0.4, 0.1, 0.28);
/// A missile's path, before it flies.
const PATH_TINT: Color = Color::srgba(1.0, 0.9, 0.5, 0.22);
const PROMPT_COLOUR: Color = Color::srgb(0.97, 0.86, 0.31);

/// The cursor: an outline of one tile, hollow so what it marks shows.
#[derive(Component)]
struct AimCursor;

/// A tinted tile the fireball would burn, or a missile would cross.
#[derive(Component)]
struct ReachTile;

/// The line over the map that says what is being aimed at what.
#[derive(Component)]
struct AimPrompt;

/// The creatures the cursor can start on or name.
type Targets<'w, 's> = Query<
    'w,
    's,
    (
        &'static GridPos,
        &'static Name,
        &'static CreatureId,
        &'static Health,
        &'static Fighter,
    ),
    With<Creature>,
>;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AimMouse>();
    app.add_systems(
        OnEnter(Overlay::Targeting),
        (start_on_nearest_enemy, spawn_cursor, spawn_prompt),
    );
    app.add_systems(
        Update,
        (aim_with_mouse, place_cursor, show_reach, write_prompt)
            .chain()
            .run_if(in_state(Overlay::Targeting)),
    );
}

/// The tile of the nearest living creature the hero sees, fighters before
/// harmless ones, ties by id: where aiming begins.
pub(crate) fn nearest_enemy<'a>(
    from: Pos,
    sight: &Sight,
    creatures: impl Iterator<Item = (Pos, u64, bool)> + 'a,
) -> Option<Pos> {
    creatures
        .filter(|(at, ..)| sight.seen(*at) == Seen::Visible)
        .min_by_key(|(at, id, fights)| {
            let (dx, dy) = (at.x - from.x, at.y - from.y);
            (!fights, dx * dx + dy * dy, *id)
        })
        .map(|(at, ..)| at)
}

/// Where the mouse pointer was when it last moved the cursor. Aiming starts
/// on the nearest enemy, so a pointer that has not moved since leaves the
/// cursor there.
#[derive(Resource, Default)]
struct AimMouse(Option<Vec2>);

fn start_on_nearest_enemy(
    mut commands: Commands,
    window: Single<&Window, With<PrimaryWindow>>,
    mut aiming: ResMut<Aiming>,
    sight: Res<Sight>,
    hero: Single<&GridPos, With<Hero>>,
    targets: Targets,
) {
    let living = targets
        .iter()
        .filter(|(.., health, _)| health.hp > 0)
        .map(|(pos, _, id, _, fighter)| (pos.0, id.0, fighter.attack > 0));
    aiming.cursor = nearest_enemy(hero.0, &sight, living).unwrap_or(hero.0);
    commands.insert_resource(AimMouse(window.cursor_position()));
}

/// The atlas's hollow `aim_cursor`, or, for an atlas without one, a hollow
/// square of four thin gold edges.
fn spawn_cursor(mut commands: Commands, book: Res<SpriteBook>) {
    let mut cursor = commands.spawn((
        Name::new("Aim cursor"),
        AimCursor,
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(Overlay::Targeting),
    ));
    if let Some(mut sprite) = book.sprite(AIM_CURSOR_SPRITE) {
        sprite.custom_size = Some(Vec2::splat(book.tile_size));
        cursor.insert(sprite);
        return;
    }
    let (tile, edge) = (book.tile_size, book.tile_size / 8.0);
    let offset = (tile - edge) / 2.0;
    let edges = [
        (Vec2::new(0.0, offset), Vec2::new(tile, edge)),
        (Vec2::new(0.0, -offset), Vec2::new(tile, edge)),
        (Vec2::new(-offset, 0.0), Vec2::new(edge, tile)),
        (Vec2::new(offset, 0.0), Vec2::new(edge, tile)),
    ];
    cursor.with_children(|cursor| {
        for (at, size) in edges {
            cursor.spawn((
                Sprite::from_color(CURSOR_GOLD, size),
                Transform::from_translation(at.extend(0.0)),
            ));
        }
    });
}

/// The prompt sits just under the HUD's top bar.
fn spawn_prompt(mut commands: Commands, area: Res<crate::view::camera::PlayArea>) {
    commands.spawn((
        Name::new("Aim prompt"),
        AimPrompt,
        Text::new(""),
        TextFont::from_font_size(18.0),
        TextColor(PROMPT_COLOUR),
        TextShadow {
            offset: Vec2::splat(1.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.9),
        },
        Node {
            position_type: PositionType::Absolute,
            top: px(area.top + 6.0),
            left: px(12),
            // A narrow window wraps the prompt rather than cut it off.
            right: px(12),
            ..default()
        },
        GlobalZIndex(4),
        DespawnOnExit(Overlay::Targeting),
    ));
}

/// The scroll being aimed, if the aimed entity is one.
fn aimed_scroll(
    aiming: &Aiming,
    items: &Query<(&Item, &Name)>,
    new_game: &NewGame,
) -> Option<(ScrollKind, String)> {
    let Aim::Read(scroll) = aiming.aim else {
        return None;
    };
    let (item, name) = items.get(scroll).ok()?;
    match new_game.items.kinds.get(item.kind)?.effect {
        ItemEffect::Scroll(kind) => Some((kind, name.to_string())),
        _ => None,
    }
}

/// What the cursor is on, as the prompt names it.
fn target_words(at: Pos, hero_at: Pos, sight: &Sight, level: &Level, targets: &Targets) -> String {
    if sight.seen(at) != Seen::Visible {
        return "a place you cannot see".to_string();
    }
    if at == hero_at {
        return "yourself".to_string();
    }
    let creature = targets
        .iter()
        .find(|(pos, .., health, _)| pos.0 == at && health.hp > 0);
    match creature {
        Some((_, name, ..)) => text::the(name),
        None => text::the(level.terrain.tile(at).name()),
    }
}

/// "Scroll of fireball at the goblin. Arrows or mouse: aim  Enter or click: read  Esc: cancel",
/// "Throw the rock at the bat. ..."
fn write_prompt(
    aiming: Res<Aiming>,
    items: Query<(&Item, &Name)>,
    new_game: Res<NewGame>,
    sight: Res<Sight>,
    level: Res<Level>,
    hero: Single<&GridPos, With<Hero>>,
    targets: Targets,
    mut prompt: Single<&mut Text, With<AimPrompt>>,
) {
    let scroll = aimed_scroll(&aiming, &items, &new_game);
    let target = target_words(aiming.cursor, hero.0, &sight, &level, &targets);
    let what = match aiming.aim {
        Aim::Read(_) => scroll
            .as_ref()
            .map_or("the scroll".to_string(), |(_, name)| {
                text::capitalised(name)
            }),
        Aim::Throw(item) => items.get(item).map_or("Throw it".to_string(), |(_, name)| {
            format!("Throw {}", text::the(name))
        }),
        Aim::Fire => "Shoot".to_string(),
        Aim::Look => "Look".to_string(),
    };
    let burns_the_hero = matches!(scroll, Some((ScrollKind::Fireball, _)))
        && disc(aiming.cursor, new_game.rules.fireball_radius).contains(&hero.0);
    let warning = if burns_the_hero {
        " You are in its reach!"
    } else {
        ""
    };
    let verb = aiming.aim.verb();
    let keys = if aiming.aim == Aim::Look {
        "Arrows or mouse: move   Enter or Esc: close".to_string()
    } else {
        format!("Arrows or mouse: aim   Enter or click: {verb}   Esc: cancel")
    };
    let wanted = format!("{what} at {target}.{warning}   {keys}");
    if prompt.0 != wanted {
        prompt.0 = wanted;
    }
}

/// Tints what a fireball would burn, or the tiles a missile would cross up
/// to where it would stop; redrawn when the cursor moves.
fn show_reach(
    mut commands: Commands,
    aiming: Res<Aiming>,
    (items, quiver): (Query<(&Item, &Name)>, Quiver),
    new_game: Res<NewGame>,
    (level, occupancy): (Res<Level>, Res<Occupancy>),
    hero: Single<(Entity, &GridPos), With<Hero>>,
    book: Res<SpriteBook>,
    shown: Query<Entity, With<ReachTile>>,
) {
    if !aiming.is_changed() && !shown.is_empty() {
        return;
    }
    shown
        .iter()
        .for_each(|tile| commands.entity(tile).despawn());
    let (hero, at) = (hero.0, hero.1.0);
    // The tiles a missile from the hero would cross toward the cursor.
    let path = |range: Option<i32>| {
        let range = range.unwrap_or(0);
        flight(&level.terrain, &occupancy, (hero, at), aiming.cursor, range).path
    };
    let (tiles, tint) = match aiming.aim {
        Aim::Read(_) => match aimed_scroll(&aiming, &items, &new_game) {
            Some((ScrollKind::Fireball, _)) => (
                disc(aiming.cursor, new_game.rules.fireball_radius),
                REACH_TINT,
            ),
            _ => return,
        },
        Aim::Throw(item) => (path(quiver.range(Some(item))), PATH_TINT),
        Aim::Fire => (path(quiver.range(None)), PATH_TINT),
        Aim::Look => return,
    };
    for tile in tiles {
        let at = tile_centre(tile, level.terrain.height(), book.tile_size).extend(CURSOR_Z - 0.2);
        commands.spawn((
            Name::new("Aim reach"),
            ReachTile,
            Sprite::from_color(tint, Vec2::splat(book.tile_size)),
            Transform::from_translation(at),
            DespawnOnExit(Overlay::Targeting),
        ));
    }
}

/// The map tile under a point of the window, if any.
pub(crate) fn tile_under(
    window_point: Vec2,
    camera: (&Camera, &GlobalTransform),
    level: &Level,
    tile: f32,
) -> Option<Pos> {
    let world = camera.0.viewport_to_world_2d(camera.1, window_point).ok()?;
    let (x, y_up) = (
        (world.x / tile).round() as i32,
        (world.y / tile).round() as i32,
    );
    let pos = Pos::new(x, level.terrain.height() - 1 - y_up);
    level.terrain.tiles().in_bounds(pos).then_some(pos)
}

/// The cursor follows the mouse; a left click fires.
fn aim_with_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut aiming: ResMut<Aiming>,
    mut moved_from: ResMut<AimMouse>,
    mut chosen: ResMut<ChosenAct>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    area: Res<crate::view::camera::PlayArea>,
) {
    let Some(point) = window.cursor_position() else {
        return;
    };
    if moved_from.0 != Some(point) {
        moved_from.0 = Some(point);
        let free = area.holds(point, window.size());
        let under = free.then(|| tile_under(point, *camera, &level, book.tile_size));
        if let Some(tile) = under.flatten() {
            aiming.set_if_neq(Aiming {
                cursor: tile,
                ..*aiming
            });
        }
    }
    if buttons.is_some_and(|b| b.just_pressed(MouseButton::Left)) {
        chosen.0 = aiming.aim.at(aiming.cursor);
        next_overlay.set(Overlay::None);
    }
}

fn place_cursor(
    aiming: Res<Aiming>,
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut cursor: Query<&mut Transform, With<AimCursor>>,
) {
    let at = tile_centre(aiming.cursor, level.terrain.height(), book.tile_size).extend(CURSOR_Z);
    for mut transform in &mut cursor {
        transform.translation = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gloomdelve_core::Terrain;

    /// Sight of an open 12x8 cave from `hero`.
    fn open_sight(hero: Pos) -> Sight {
        let row = format!("#{}#\n", ".".repeat(10));
        let wall = format!("{}\n", "#".repeat(12));
        let level = Level {
            terrain: Terrain::from_text(&format!("{wall}{}{wall}", row.repeat(6)), 1),
            start: hero,
        };
        let mut sight = Sight::new(12, 8, false);
        sight.update(&level, hero, 4);
        sight
    }

    #[test]
    fn aiming_starts_on_the_nearest_fighter_in_view() {
        let hero = Pos::new(2, 3);
        let sight = open_sight(hero);
        let far_rat = (Pos::new(5, 3), 1, true);
        let near_fungus = (Pos::new(3, 3), 2, false);
        let unseen_goblin = (Pos::new(10, 3), 3, true);
        let all = [far_rat, near_fungus, unseen_goblin];
        assert_eq!(
            nearest_enemy(hero, &sight, all.into_iter()),
            Some(Pos::new(5, 3)),
            "the rat, not the harmless fungus nor the goblin out of sight"
        );
        assert_eq!(
            nearest_enemy(hero, &sight, [near_fungus].into_iter()),
            Some(Pos::new(3, 3)),
            "a fungus when nothing else is in view"
        );
        assert_eq!(
            nearest_enemy(hero, &sight, [unseen_goblin].into_iter()),
            None
        );
    }
}
