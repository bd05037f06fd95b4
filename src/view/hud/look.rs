//! Look: the HUD's info line names what is on the hovered tile, or on the
//! aiming cursor (the look key opens one), if the hero sees it or
//! remembers it ("a goblin, badly wounded. Chases you...", "a murky
//! potion on cave floor. You do not know what this potion does...").

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gloomdelve_core::{Pos, Tile};

use super::spells::tile_under;
use crate::rules::creatures::behaviours::grazes::Grazing;
use crate::rules::explore::NO_KNOWN_WAY;
use crate::rules::items::vaults::CHOICE;
use crate::view::assets::SpriteBook;
use crate::view::camera::PlayArea;
use crate::view::ui_state::Aiming;
use crate::vocab::components::FogRule;
use crate::vocab::components::GridPos;
use crate::vocab::components::{Corpse, Item};
use crate::vocab::components::{Creature, Health, Slumber};
use crate::vocab::game::NewGame;
use crate::vocab::lore::Lore;
use crate::vocab::resources::Level;
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::{Overlay, Screen};
use crate::vocab::text;

/// The HUD line that names what the mouse points at.
#[derive(Component)]
pub(crate) struct InfoLine;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, look_under_mouse.run_if(in_state(Screen::Playing)));
}

/// The creatures the mouse can name, with their health and kind.
type Lookable<'w, 's> = Query<
    'w,
    's,
    (
        &'static GridPos,
        &'static Name,
        &'static Health,
        &'static Creature,
        Option<&'static Slumber>,
        Option<&'static Grazing>,
    ),
>;

/// The items the mouse can name, with whether the hero saw them.
type LookableItems<'w, 's> = Query<
    'w,
    's,
    (
        &'static GridPos,
        &'static Name,
        &'static FogRule,
        &'static Item,
        Option<&'static Corpse>,
    ),
>;

/// "a goblin, wounded. Chases you once it sees you." (no line: no full
/// stop), where `condition` says how it is ([`condition_words`]).
pub(crate) fn creature_words(name: &str, condition: &str, what: &str) -> String {
    with_what(format!("{}, {condition}", text::a(name)), what)
}

/// What a creature is about, as the look line tells it beside its
/// health: the first that holds of asleep, fleeing, sated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bearing {
    pub asleep: bool,
    pub fleeing: bool,
    pub sated: bool,
}

/// How hurt a creature looks, and what it is about: "badly wounded,
/// fleeing", "unhurt, asleep", "lightly wounded, sated".
pub(crate) fn condition_words(health: &Health, bearing: Bearing) -> String {
    let hurt = health_words(health);
    let about = [
        (bearing.asleep, "asleep"),
        (bearing.fleeing, "fleeing"),
        (bearing.sated, "sated"),
    ];
    match about.iter().find(|(holds, _)| *holds) {
        Some((_, word)) => format!("{hurt}, {word}"),
        None => hurt.to_string(),
    }
}

/// "a rock on grass. A fist-sized stone."
pub(crate) fn item_words(name: &str, ground: &str, what: &str) -> String {
    with_what(format!("{} on {ground}", text::a(name)), what)
}

fn with_what(named: String, what: &str) -> String {
    if what.is_empty() {
        named
    } else {
        format!("{named}. {what}")
    }
}

/// How hurt a creature looks, in words.
pub(crate) fn health_words(health: &Health) -> &'static str {
    let max = i64::from(health.max.max(1));
    match i64::from(health.hp) {
        hp if hp >= max => "unhurt",
        hp if hp * 3 >= max * 2 => "lightly wounded",
        hp if hp * 3 >= max => "wounded",
        hp if hp * 6 >= max => "badly wounded",
        hp if hp > 0 => "nearly dead",
        _ => "dying",
    }
}

/// What the hero knows to be on `at`: a creature in view (and how hurt it
/// is), else an item it saw there, and the ground.
pub(crate) fn describe_tile(
    at: Pos,
    level: &Level,
    sight: &Sight,
    creatures: &Lookable,
    items: &LookableItems,
    (new_game, lore): (&NewGame, &Lore),
) -> String {
    let seen = sight.seen(at);
    if seen == Seen::Unseen {
        return String::new();
    }
    let tile = sight.believed(&level.terrain, at);
    let ground = tile.name();
    if seen == Seen::Visible
        && let Some((_, name, health, creature, slumber, grazing)) =
            creatures.iter().find(|(p, ..)| p.0 == at)
    {
        let kind = new_game.creatures.kinds.get(creature.kind);
        let what = kind.map_or("", |k| k.description.as_str());
        let bearing = Bearing {
            asleep: slumber.is_some_and(|s| s.asleep),
            fleeing: kind.is_some_and(|k| k.flees((health.hp, health.max))),
            sated: grazing.is_some_and(Grazing::is_sated),
        };
        return creature_words(name, &condition_words(health, bearing), what);
    }
    let known_item = items.iter().find(|(p, _, rule, ..)| {
        p.0 == at && (seen == Seen::Visible || **rule == FogRule::Remembered { seen: true })
    });
    match known_item {
        Some((_, name, _, item, body)) => {
            let kind = new_game.items.kinds.get(item.kind);
            let what = kind.map_or("", |k| lore.description_of(k));
            let what = body.map_or(what, |body| body_words(body, what));
            match tile {
                Tile::Altar => format!("{} {CHOICE}", item_words(name, "an altar", what)),
                Tile::AltarCaged => format!("{}, caged and out of reach", text::a(name)),
                _ => item_words(name, ground, what),
            }
        }
        None => ground_words(tile),
    }
}

/// What a body is, by its stage: `fresh` (its kind's words) until it
/// rots, then rotten meat, then bones.
fn body_words<'a>(body: &Corpse, fresh: &'a str) -> &'a str {
    if body.bones {
        "Bare bones: nothing left to eat. They stay where they lie."
    } else if body.rotten {
        "Rotten meat: half the food it was, and it may make you sick."
    } else {
        fresh
    }
}

/// What the look line says of a tile with nothing on it: a vault's parts
/// say what they do.
pub(crate) fn ground_words(tile: Tile) -> String {
    match tile {
        Tile::VaultDoor => {
            format!(
                "a locked vault door: its key lies on this level. {CHOICE} \
                 Breaking a vault wall cages them all."
            )
        }
        Tile::VaultWall => "vault wall: breaking it cages every altar".to_string(),
        Tile::Altar => format!("an empty altar. {CHOICE}"),
        Tile::AltarCaged => "a caged altar".to_string(),
        other => other.name().to_string(),
    }
}

/// Names what is under the mouse, or while aiming under the cursor (which
/// the keys move too: the look key's cursor only looks).
fn look_under_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    level: Res<Level>,
    sight: Res<Sight>,
    book: Res<SpriteBook>,
    (creatures, items): (Lookable, LookableItems),
    (new_game, lore): (Res<NewGame>, Option<Res<Lore>>),
    (overlay, aiming, area, route): (
        Res<State<Overlay>>,
        Option<Res<Aiming>>,
        Res<PlayArea>,
        Option<Res<crate::view::route::PointerRoute>>,
    ),
    mut line: Single<&mut Text, With<InfoLine>>,
) {
    let aimed = aiming
        .filter(|_| *overlay.get() == Overlay::Targeting)
        .map(|a| a.cursor);
    let tile = aimed.or_else(|| {
        window
            .cursor_position()
            .filter(|&p| area.holds(p, window.size()))
            .and_then(|p| tile_under(p, *camera, &level, book.tile_size))
    });
    let unlearned = Lore::default();
    let lore = lore.as_deref().unwrap_or(&unlearned);
    let no_way = route.is_some_and(|r| r.no_way() && r.to == tile);
    let text = tile.map_or_else(String::new, |at| {
        let what = describe_tile(at, &level, &sight, &creatures, &items, (&new_game, lore));
        match (what.is_empty(), no_way) {
            (_, false) => what,
            (true, true) => NO_KNOWN_WAY.to_string(),
            (false, true) if what.ends_with('.') => format!("{what} {NO_KNOWN_WAY}"),
            (false, true) => format!("{what}. {NO_KNOWN_WAY}"),
        }
    });
    if line.0 != text {
        line.0 = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_reads_in_words() {
        let words = |hp| health_words(&Health { hp, max: 12 });
        assert_eq!(words(12), "unhurt");
        assert_eq!(words(9), "lightly wounded");
        assert_eq!(words(5), "wounded");
        assert_eq!(words(2), "badly wounded");
        assert_eq!(words(1), "nearly dead");
        assert_eq!(words(0), "dying");
    }

    #[test]
    fn the_look_line_names_the_thing_then_says_what_it_does() {
        let hurt = Health { hp: 5, max: 12 };
        let wounded = condition_words(&hurt, Bearing::default());
        assert_eq!(
            creature_words("goblin archer", &wounded, "Keeps its distance."),
            "a goblin archer, wounded. Keeps its distance."
        );
        assert_eq!(creature_words("bat", &wounded, ""), "a bat, wounded");
        let fleeing = Bearing {
            fleeing: true,
            ..Bearing::default()
        };
        let running = condition_words(&Health { hp: 2, max: 12 }, fleeing);
        assert_eq!(
            creature_words("rat", &running, ""),
            "a rat, badly wounded, fleeing"
        );
        let asleep = Bearing {
            asleep: true,
            fleeing: true,
            sated: true,
        };
        let sleeping = condition_words(&Health { hp: 12, max: 12 }, asleep);
        assert_eq!(
            creature_words("ogre", &sleeping, ""),
            "an ogre, unhurt, asleep"
        );
        let sated = Bearing {
            sated: true,
            ..Bearing::default()
        };
        let fed = condition_words(&Health { hp: 9, max: 12 }, sated);
        assert_eq!(
            creature_words("bat", &fed, ""),
            "a bat, lightly wounded, sated"
        );
        assert_eq!(
            item_words("rock", "grass", "A fist-sized stone."),
            "a rock on grass. A fist-sized stone."
        );
    }

    #[test]
    fn a_body_is_told_by_its_stage() {
        let fresh = "A fresh kill.";
        let body = |rotten, bones| Corpse {
            food: if bones { 0 } else { 9 },
            died: 0,
            rotten,
            bones,
            sprouted: false,
        };
        assert_eq!(body_words(&body(false, false), fresh), fresh);
        assert!(body_words(&body(true, false), fresh).starts_with("Rotten meat"));
        let bones = body_words(&body(true, true), fresh);
        assert!(bones.starts_with("Bare bones"), "{bones}");
        assert_eq!(
            item_words("goblin bones", "floor", bones),
            format!("some goblin bones on floor. {bones}")
        );
    }
}
