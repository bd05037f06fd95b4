//! The route under the pointer: over a tile the hero sees or remembers,
//! the walk a left click would take there is drawn, dot by dot, from the
//! walk's own planner (`RoutePlanner`), so the route shown is the route
//! walked. A step that digs is marked as a dig; the end is framed. A tile
//! with no known way shows no route, and the look line says so. While a
//! travel key is held (`>`, `x`), its walk's route is drawn instead.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::Pos;

use crate::rules::explore::{RoutePlanner, Walking};
use crate::view::assets::SpriteBook;
use crate::view::camera::PlayArea;
use crate::view::hud::spells::tile_under;
use crate::view::intents::frame_bars;
use crate::view::tilemap::tile_centre;
use crate::view::ui_state::HeldTravel;
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::messages::Goal;
use crate::vocab::resources::{Level, Sight, TurnCount};
use crate::vocab::states::{Overlay, Screen, TurnPhase};

/// Above the floor and its tints, under items, creatures and the hero:
/// the route never hides what stands on it.
const ROUTE_Z: f32 = 1.6;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerRoute>();
    app.add_systems(
        Update,
        (plan_pointer_route, draw_pointer_route)
            .chain()
            .after(TurnPhase::UpdateHud)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<SpriteBook>.and_then(resource_exists::<Level>)),
    );
    app.add_systems(OnExit(Screen::Playing), forget_the_route);
}

/// The route to the tile under the pointer, or of the travel key held, as
/// last planned.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PointerRoute {
    /// The tile pointed at, when it is one the hero knows and the play
    /// area shows, with nothing open over the map; `None` while a travel
    /// key is held.
    pub to: Option<Pos>,
    /// The walk of the travel key held, whose route this is.
    pub held: Option<Goal>,
    /// The tiles the walk steps onto, the hero's own left out.
    pub steps: Vec<Pos>,
    /// Of `steps`, those it digs through.
    pub digs: Vec<Pos>,
    /// What it was planned from: the hero's tile and the turn.
    from: Option<(Pos, u64)>,
}

impl PointerRoute {
    /// Whether the pointer is on a known tile no known way leads to.
    pub fn no_way(&self) -> bool {
        self.to.is_some() && self.steps.is_empty()
    }
}

/// The pieces of the drawn route.
#[derive(Component)]
struct RouteMark;

/// The known tile under the pointer, if it may be travelled to now.
fn pointed_tile(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    (level, sight, book, area): (&Level, &Sight, &SpriteBook, &PlayArea),
) -> Option<Pos> {
    let point = window.cursor_position()?;
    if !area.holds(point, window.size()) {
        return None;
    }
    tile_under(point, camera, level, book.tile_size).filter(|&p| sight.knows(p))
}

/// Plans again whenever the pointed tile (or the travel key held), the
/// hero's tile or the turn changes; shows nothing while a walk goes or a
/// screen is open.
#[allow(clippy::too_many_arguments)]
fn plan_pointer_route(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    (level, sight, book, area): (
        Res<Level>,
        Option<Res<Sight>>,
        Res<SpriteBook>,
        Res<PlayArea>,
    ),
    (overlay, walking, turn, held): (
        Res<State<Overlay>>,
        Option<Res<Walking>>,
        Res<TurnCount>,
        Option<Res<HeldTravel>>,
    ),
    hero: Option<Single<&GridPos, With<Hero>>>,
    mut planner: RoutePlanner,
    mut route: ResMut<PointerRoute>,
) {
    let (Some(window), Some(camera), Some(sight), Some(hero)) = (window, camera, sight, hero)
    else {
        return;
    };
    let free = *overlay.get() == Overlay::None && walking.is_none();
    let known = (&*level, &*sight, &*book, &*area);
    let held = held
        .and_then(|h| h.0.as_ref().map(|t| t.goal))
        .filter(|_| free);
    let to = pointed_tile(&window, *camera, known)
        .filter(|_| free && held.is_none())
        .filter(|&p| p != hero.0);
    let from = Some((hero.0, turn.0));
    if route.to == to && route.held == held && route.from == from && !level.is_changed() {
        return;
    }
    let goal = held.or(to.map(Goal::Tile));
    let steps = goal
        .and_then(|goal| planner.route_for(goal))
        .map_or_else(Vec::new, |r| r.steps);
    let digs = steps.iter().copied().filter(|&p| planner.digs(p)).collect();
    route.set_if_neq(PointerRoute {
        to,
        held,
        steps,
        digs,
        from,
    });
}

/// Draws the planned route again when it changes: a small dot on each
/// step, a dig's step as a brown square with a dark core, the end framed.
fn draw_pointer_route(
    mut commands: Commands,
    route: Res<PointerRoute>,
    (book, level): (Res<SpriteBook>, Res<Level>),
    drawn: Query<Entity, With<RouteMark>>,
) {
    if !route.is_changed() {
        return;
    }
    drawn.iter().for_each(|e| commands.entity(e).despawn());
    let tile = book.tile_size;
    let place = |at: Pos| tile_centre(at, level.terrain.height(), tile).extend(ROUTE_Z);
    let step = Color::srgba(0.95, 0.85, 0.45, 0.85);
    let dig = Color::srgba(0.75, 0.45, 0.2, 0.9);
    for &at in &route.steps {
        if route.digs.contains(&at) {
            spawn_mark(&mut commands, dig, Vec2::splat(tile * 0.45), place(at));
            let core = Color::srgba(0.2, 0.1, 0.05, 0.9);
            let inside = place(at) + Vec3::Z * 0.01;
            spawn_mark(&mut commands, core, Vec2::splat(tile * 0.2), inside);
        } else {
            spawn_mark(&mut commands, step, Vec2::splat(tile * 0.2), place(at));
        }
    }
    if let Some(&end) = route.steps.last() {
        spawn_frame(&mut commands, place(end), tile, step);
    }
}

/// A frame one art pixel wide around the tile centred on `centre`.
fn spawn_frame(commands: &mut Commands, centre: Vec3, tile: f32, colour: Color) {
    for (shift, size) in frame_bars(tile) {
        spawn_mark(commands, colour, size, centre + shift.extend(0.0));
    }
}

fn spawn_mark(commands: &mut Commands, colour: Color, size: Vec2, at: Vec3) {
    commands.spawn((
        Name::new("Route mark"),
        RouteMark,
        Sprite::from_color(colour, size),
        Transform::from_translation(at),
        DespawnOnExit(Screen::Playing),
    ));
}

fn forget_the_route(mut route: ResMut<PointerRoute>) {
    *route = PointerRoute::default();
}
