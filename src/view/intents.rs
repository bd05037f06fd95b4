//! The intent overlay (Tab): for each monster in view, what it will do
//! next turn if the hero waits, from the rules' foresight. Tiles are
//! tinted under the sprites (a step amber, a blow or shot red, a theft
//! gold, a dig brown, a random mover's tiles blue, a set of outcomes
//! fainter; a fungus's spread tiles get a small pale mark each), with a mark toward each step, and
//! `!` (noticed the hero), `?` (not yet), `<` (fleeing) or `~`
//! (paralysed) above the
//! monster. Drawn in the world, so it scales with every zoom.

use bevy::prelude::*;
use bevy::sprite::Text2dShadow;
use gloomdelve_core::Pos;

use crate::view::assets::SpriteBook;
use crate::view::tilemap::tile_centre;
use crate::vocab::foresight::{Foreseen, Foresight, Intent, ShowIntents};
use crate::vocab::game::NewGame;
use crate::vocab::resources::{Dungeon, Level, Seen, Sight, TurnCount};
use crate::vocab::states::{Screen, TurnPhase};

/// Under the creatures (2) and over the items (1): the tints colour the
/// floor, and the sprites stay sharp on top.
const TINT_Z: f32 = 1.7;
/// Over everything on the map but the damage numbers and the aim.
const MARK_Z: f32 = 5.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_intents
            .after(TurnPhase::UpdateHud)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<SpriteBook>.and_then(resource_exists::<Level>)),
    );
}

/// One piece of the overlay on the map.
#[derive(Component)]
pub(crate) struct IntentMark;

/// How a tile is tinted for what will happen on it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tint {
    Step,
    Blow,
    Theft,
    Dig,
    Roam,
    Spread,
}

impl Tint {
    fn colour(self, sure: bool) -> Color {
        let (r, g, b, a) = match self {
            Tint::Step => (1.0, 0.7, 0.15, 0.45),
            Tint::Blow => (1.0, 0.15, 0.1, 0.55),
            Tint::Theft => (1.0, 0.85, 0.1, 0.5),
            Tint::Dig => (0.65, 0.4, 0.15, 0.55),
            Tint::Roam => (0.3, 0.55, 1.0, 0.25),
            Tint::Spread => (0.85, 1.0, 0.6, 0.7),
        };
        Color::srgba(r, g, b, if sure { a } else { a * 0.55 })
    }
}

/// What the overlay draws: tinted tiles, steps (from, to), and marks
/// over creatures.
#[derive(Default, Debug, PartialEq)]
struct Drawing {
    tints: Vec<(Pos, Tint, bool)>,
    steps: Vec<(Pos, Pos, bool)>,
    marks: Vec<(Pos, &'static str, Color)>,
}

/// Redraws the overlay when the foresight, the sight or the switch
/// changes: the monsters in view, each with its turns.
fn draw_intents(
    mut commands: Commands,
    (show, foresight): (Res<ShowIntents>, Res<Foresight>),
    (turn, dungeon): (Res<TurnCount>, Option<Res<Dungeon>>),
    (sight, new_game): (Option<Res<Sight>>, Res<NewGame>),
    (book, level): (Res<SpriteBook>, Res<Level>),
    drawn: Query<Entity, With<IntentMark>>,
) {
    let sight_changed = sight.as_ref().is_some_and(|s| s.is_changed());
    if !(show.is_changed() || foresight.is_changed() || sight_changed || level.is_changed()) {
        return;
    }
    drawn.iter().for_each(|e| commands.entity(e).despawn());
    // Off, or not yet foreseen for this turn and level: nothing (never a
    // turn gone by).
    if !show.0 || !foresight.is_fresh(&turn, dungeon.as_deref()) {
        return;
    }
    let seen = |at: Pos| sight.as_ref().map_or(Seen::Visible, |s| s.seen(at));
    let in_view = |at: Pos| new_game.reveal || seen(at) == Seen::Visible;
    let mut drawing = Drawing::default();
    for foreseen in foresight.creatures.iter().filter(|f| in_view(f.at)) {
        drawing.add(foreseen);
    }
    // Only on tiles in view: the overlay gives away no map, and lights
    // no remembered floor.
    drawing.tints.retain(|(at, ..)| in_view(*at));
    let place = |at: Pos| tile_centre(at, level.terrain.height(), book.tile_size);
    spawn_drawing(&mut commands, &drawing, book.tile_size, place);
}

impl Drawing {
    /// Adds one creature's turns and its mark.
    fn add(&mut self, foreseen: &Foreseen) {
        let mut from = foreseen.at;
        for intent in &foreseen.turns {
            if let Some(to) = self.add_intent(from, intent, true) {
                from = to;
            }
        }
        let paralysed = foreseen.turns.contains(&Intent::Paralysed);
        let asleep = foreseen.turns.contains(&Intent::Asleep);
        let mark = match (paralysed, foreseen.fleeing, foreseen.noticed) {
            _ if asleep => Some(("z", Color::srgb(0.75, 0.85, 1.0))),
            (true, ..) => Some(("~", Color::srgb(0.8, 0.5, 1.0))),
            (false, true, _) => Some(("<", Color::srgb(1.0, 0.9, 0.3))),
            (false, false, Some(true)) => Some(("!", Color::srgb(1.0, 0.3, 0.2))),
            (false, false, Some(false)) => Some(("?", Color::srgb(0.85, 0.85, 0.85))),
            (false, false, None) => None,
        };
        if let Some((text, colour)) = mark {
            self.marks.push((foreseen.at, text, colour));
        }
    }

    /// Adds one turn of a creature standing at `from`; returns where a
    /// sure step takes it.
    fn add_intent(&mut self, from: Pos, intent: &Intent, sure: bool) -> Option<Pos> {
        let mut tint = |at: Pos, tint: Tint| self.tints.push((at, tint, sure));
        match intent {
            Intent::Step(to) => {
                tint(*to, Tint::Step);
                self.steps.push((from, *to, sure));
                return sure.then_some(*to);
            }
            Intent::Strike(_, at) | Intent::Shoot(at) | Intent::Graze(at) => tint(*at, Tint::Blow),
            Intent::Steal(at) => tint(*at, Tint::Theft),
            Intent::Dig(at) | Intent::Open(at) => tint(*at, Tint::Dig),
            Intent::Roam(tiles) => tiles.iter().for_each(|&at| tint(at, Tint::Roam)),
            Intent::Spread(tiles) => tiles.iter().for_each(|&at| tint(at, Tint::Spread)),
            Intent::OneOf(outcomes) => {
                for outcome in outcomes {
                    self.add_intent(from, outcome, false);
                }
            }
            Intent::Wait | Intent::Unsure | Intent::Paralysed | Intent::Asleep => {}
        }
        None
    }
}

/// Spawns the drawing, each tile placed by `place`.
fn spawn_drawing(
    commands: &mut Commands,
    drawing: &Drawing,
    tile: f32,
    place: impl Fn(Pos) -> Vec2,
) {
    for &(at, tint, sure) in &drawing.tints {
        // A spreader reaches scores of tiles: each gets a small mark, not
        // a tint that would drown the room.
        let side = if tint == Tint::Spread {
            tile / 4.0
        } else {
            tile
        };
        let square = Sprite::from_color(tint.colour(sure), Vec2::splat(side));
        let under = Transform::from_translation(place(at).extend(TINT_Z));
        spawn_mark(commands, (square, under));
        // A blow's or a theft's target is framed over its sprite too: a
        // tint under the hero hides behind it.
        if matches!(tint, Tint::Blow | Tint::Theft) {
            spawn_frame(commands, place(at), tile, tint.colour(sure).with_alpha(0.9));
        }
    }
    for &(from, to, sure) in &drawing.steps {
        // A small square on the creature's side toward its step.
        let towards = (place(to) - place(from)).normalize_or_zero();
        let at = place(from) + towards * tile * 0.42;
        let colour = Tint::Step
            .colour(sure)
            .with_alpha(if sure { 0.95 } else { 0.6 });
        let dot = Sprite::from_color(colour, Vec2::splat(tile * 0.2));
        spawn_mark(
            commands,
            (dot, Transform::from_translation(at.extend(MARK_Z))),
        );
    }
    for &(at, text, colour) in &drawing.marks {
        let corner = place(at) + Vec2::new(tile * 0.45, tile * 0.4);
        spawn_mark(
            commands,
            (
                Text2d::new(text),
                TextFont::from_font_size(48.0),
                TextColor(colour),
                Text2dShadow {
                    offset: Vec2::new(4.0, -4.0),
                    color: Color::srgba(0.0, 0.0, 0.0, 0.9),
                },
                // Half a tile high, whatever the tile's size.
                Transform::from_translation(corner.extend(MARK_Z))
                    .with_scale(Vec3::splat(tile / 56.0)),
            ),
        );
    }
}

/// A frame one art pixel wide (an eighth of a tile) around the tile at
/// `centre`.
fn spawn_frame(commands: &mut Commands, centre: Vec2, tile: f32, colour: Color) {
    for (shift, size) in frame_bars(tile) {
        let bar = Sprite::from_color(colour, size);
        let at = (centre + shift).extend(MARK_Z);
        spawn_mark(commands, (bar, Transform::from_translation(at)));
    }
}

/// The four bars of a frame one art pixel wide (an eighth of a tile)
/// around a tile: each one's shift from the tile's centre, and its size.
pub(crate) fn frame_bars(tile: f32) -> [(Vec2, Vec2); 4] {
    let edge = tile / 8.0;
    let offset = (tile - edge) / 2.0;
    [
        (Vec2::new(0.0, offset), Vec2::new(tile, edge)),
        (Vec2::new(0.0, -offset), Vec2::new(tile, edge)),
        (Vec2::new(offset, 0.0), Vec2::new(edge, tile)),
        (Vec2::new(-offset, 0.0), Vec2::new(edge, tile)),
    ]
}

fn spawn_mark(commands: &mut Commands, bundle: impl Bundle) {
    commands.spawn((
        Name::new("Intent mark"),
        IntentMark,
        bundle,
        DespawnOnExit(Screen::Playing),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn foreseen(turns: Vec<Intent>, noticed: Option<bool>) -> Foreseen {
        Foreseen {
            entity: Entity::PLACEHOLDER,
            at: Pos::new(5, 5),
            noticed,
            fleeing: false,
            turns,
        }
    }

    #[test]
    fn a_step_tints_its_tile_and_marks_the_way_and_a_blow_tints_the_target() {
        let mut drawing = Drawing::default();
        let goblin = foreseen(vec![Intent::Step(Pos::new(6, 5))], Some(true));
        drawing.add(&goblin);
        let wolf = Foreseen {
            at: Pos::new(2, 2),
            ..foreseen(
                vec![Intent::Strike(Entity::PLACEHOLDER, Pos::new(3, 3))],
                Some(true),
            )
        };
        drawing.add(&wolf);
        assert_eq!(
            drawing.tints,
            [
                (Pos::new(6, 5), Tint::Step, true),
                (Pos::new(3, 3), Tint::Blow, true)
            ]
        );
        assert_eq!(drawing.steps, [(Pos::new(5, 5), Pos::new(6, 5), true)]);
        assert_eq!(drawing.marks.len(), 2);
        assert!(drawing.marks.iter().all(|m| m.1 == "!"));
    }

    #[test]
    fn a_second_turn_steps_on_from_the_first_and_a_set_is_drawn_unsure() {
        let mut drawing = Drawing::default();
        let two_steps = vec![Intent::Step(Pos::new(6, 5)), Intent::Step(Pos::new(7, 5))];
        drawing.add(&foreseen(two_steps, None));
        assert_eq!(
            drawing.steps[1].0,
            Pos::new(6, 5),
            "from where the first step ends"
        );
        assert!(
            drawing.marks.is_empty(),
            "a kind that never heeds the hero has no mark"
        );
        let mut drawing = Drawing::default();
        let set = Intent::OneOf(vec![Intent::Step(Pos::new(6, 5)), Intent::Wait]);
        drawing.add(&foreseen(vec![set], Some(false)));
        assert_eq!(drawing.tints, [(Pos::new(6, 5), Tint::Step, false)]);
        assert_eq!(drawing.marks[0].1, "?");
    }

    #[test]
    fn a_paralysed_creature_is_marked_so() {
        let mut drawing = Drawing::default();
        drawing.add(&foreseen(vec![Intent::Paralysed], Some(true)));
        assert!(drawing.tints.is_empty());
        assert_eq!(drawing.marks[0].1, "~");
    }

    #[test]
    fn a_sleeper_is_marked_z_even_in_sight_of_the_hero() {
        let mut drawing = Drawing::default();
        drawing.add(&foreseen(vec![Intent::Asleep], Some(true)));
        assert!(drawing.tints.is_empty() && drawing.steps.is_empty());
        assert_eq!(drawing.marks.len(), 1);
        assert_eq!(drawing.marks[0].1, "z");
    }
}
