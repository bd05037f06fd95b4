//! The sidebar: a panel right of the map listing the creatures in view,
//! nearest first, each with its sprite, name, an HP bar, what it is doing
//! (asleep, hunting you, fleeing...) and the numbers that decide a fight
//! ("hits you for 1-4", "you hit it for 2-6"). Hovering an entry, or looking
//! at its creature, lights both up. Its key (`v`) hides it, kept in
//! `settings.ron`; the camera's free area ends where it begins.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use gloomdelve_core::combat::damage_range;

use super::{PANEL_COLOUR, shadowed};
use crate::rules::creatures::behaviours::chases::Trail;
use crate::rules::creatures::behaviours::grazes::Grazing;
use crate::view::assets::SpriteBook;
use crate::view::camera::{LAYOUT_PROBE_VAR, PlayArea};
use crate::view::tilemap::tile_centre;
use crate::view::ui_state::{Aim, Aiming};
use crate::vocab::components::{Creature, Fighter, GridPos, Health, Hero, Slumber};
use crate::vocab::data::{Behaviour, CreatureKind};
use crate::vocab::game::NewGame;
use crate::vocab::resources::{Level, Seen, ShowSidebar, Sight};
use crate::vocab::states::{EnterPlaying, Screen};
use crate::vocab::statuses::{Status, Statuses};

/// The sidebar's width, in logical pixels: an 800-pixel window keeps 570
/// for the map.
pub(crate) const SIDEBAR_WIDTH: f32 = 230.0;
/// The start of the line the sidebar logs, under the layout probe, each
/// time its list changes or it is shown or hidden: "sidebar probe: shown
/// 2 goblin,rat".
pub const SIDEBAR_PROBE_LINE: &str = "sidebar probe:";

const NAME_COLOUR: Color = Color::srgb(0.97, 0.86, 0.31);
const TEXT_COLOUR: Color = Color::srgb(0.86, 0.85, 0.82);
const DIM_COLOUR: Color = Color::srgb(0.62, 0.6, 0.68);
const BAR_BACK: Color = Color::srgb(0.22, 0.08, 0.08);
const BAR_RED: Color = Color::srgb(0.78, 0.16, 0.16);
const ENTRY_LIT: Color = Color::srgba(0.97, 0.86, 0.31, 0.16);
const MAP_LIGHT: Color = Color::srgba(1.0, 0.88, 0.3, 0.35);

/// The panel.
#[derive(Component)]
struct Sidebar;

/// The list inside the panel, with the entries it shows: rebuilt when
/// they change. Kept on the node, so a panel spawned anew (on coming back
/// to the game) starts empty and is filled.
#[derive(Component, Default)]
struct SidebarList(Vec<Entry>);

/// One entry, for the creature it names.
#[derive(Component)]
struct SidebarEntry(Entity);

/// The light on the map under the creature of the hovered entry.
#[derive(Component)]
struct MapLight;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_sidebar.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (place_sidebar, list_creatures, light_entries, light_the_map)
            .chain()
            .run_if(in_state(Screen::Playing)),
    );
}

/// One creature as the sidebar shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub entity: Entity,
    pub name: String,
    pub sprite: String,
    pub hp: i32,
    pub max_hp: i32,
    pub state: &'static str,
    pub fight: String,
}

/// A creature as the list reads it.
pub struct InView<'a> {
    pub entity: Entity,
    pub at: Pos,
    pub name: &'a str,
    pub health: Health,
    pub fighter: Fighter,
    pub kind: &'a CreatureKind,
    pub asleep: bool,
    pub paralysed: bool,
    pub hunting: bool,
    pub sated: bool,
}

/// What a creature is doing, in a word or two.
fn state_words(seen: &InView) -> &'static str {
    let has = |b: fn(&Behaviour) -> bool| seen.kind.behaviours.iter().any(b);
    if seen.asleep {
        "asleep"
    } else if seen.paralysed {
        "paralysed"
    } else if seen.kind.flees((seen.health.hp, seen.health.max)) {
        "fleeing"
    } else if seen.hunting {
        "hunting you"
    } else if seen.sated {
        "sated"
    } else if has(|b| matches!(b, Behaviour::Spreads)) {
        "spreading"
    } else if has(|b| matches!(b, Behaviour::Flutters)) {
        "fluttering"
    } else {
        "wandering"
    }
}

/// The numbers of a fight between the hero and `seen`, a line each:
/// "hits you for 1-4" and "you hit it for 2-6" (the font has no en dash).
fn fight_words(seen: &InView, hero: Fighter) -> String {
    let (low, high) = damage_range(hero.attack, seen.fighter.defense);
    let yours = format!("you hit it for {}", span(low, high));
    if seen.kind.harmless {
        return format!("harmless\n{yours}");
    }
    let (low, high) = damage_range(seen.fighter.attack, hero.defense);
    format!("hits you for {}\n{yours}", span(low, high))
}

fn span(low: i32, high: i32) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("{low}-{high}")
    }
}

/// The entries for the creatures `seen` from `hero_at`, nearest first
/// (ties by entity, so the order holds still).
pub fn entries(mut seen: Vec<InView>, hero_at: Pos, hero: Fighter) -> Vec<Entry> {
    seen.sort_by_key(|s| (s.at.chebyshev(hero_at), s.entity));
    seen.iter()
        .map(|s| Entry {
            entity: s.entity,
            name: s.name.to_string(),
            sprite: s.kind.sprite.clone(),
            hp: s.health.hp,
            max_hp: s.health.max,
            state: state_words(s),
            fight: fight_words(s, hero),
        })
        .collect()
}

fn spawn_sidebar(mut commands: Commands) {
    commands.spawn((
        Name::new("Sidebar"),
        Sidebar,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            width: px(SIDEBAR_WIDTH),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(8)),
            row_gap: px(6),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
        children![(
            Name::new("Sidebar list"),
            SidebarList::default(),
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                ..default()
            },
        )],
    ));
}

/// Shows or hides the panel, between the HUD's top and bottom panels, and
/// tells the camera how wide it is.
fn place_sidebar(
    show: Res<ShowSidebar>,
    mut area: ResMut<PlayArea>,
    mut panel: Single<(&mut Node, &mut Visibility), With<Sidebar>>,
) {
    let (node, visibility) = &mut *panel;
    let wanted = if show.0 {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    visibility.set_if_neq(wanted);
    let (top, bottom) = (px(area.top), px(area.bottom));
    if node.top != top || node.bottom != bottom {
        node.top = top;
        node.bottom = bottom;
    }
    let right = if show.0 { SIDEBAR_WIDTH } else { 0.0 };
    if area.right != right {
        area.right = right;
    }
}

/// The creatures the sidebar may list.
type Listed<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static GridPos,
        &'static Name,
        &'static Health,
        &'static Fighter,
        &'static Creature,
        (
            Option<&'static Slumber>,
            Option<&'static Statuses>,
            Option<&'static Trail>,
            Option<&'static Grazing>,
        ),
    ),
>;

/// Rebuilds the list when what it shows changes.
#[allow(clippy::too_many_arguments)]
fn list_creatures(
    mut commands: Commands,
    creatures: Listed,
    hero: Single<(&GridPos, &Fighter), With<Hero>>,
    (sight, new_game, book): (Option<Res<Sight>>, Res<NewGame>, Res<SpriteBook>),
    (list, show): (Single<(Entity, &mut SidebarList)>, Res<ShowSidebar>),
) {
    let in_view =
        |at: Pos| new_game.reveal || sight.as_ref().is_some_and(|s| s.seen(at) == Seen::Visible);
    let seen: Vec<InView> = creatures
        .iter()
        .filter(|(_, at, _, health, ..)| health.hp > 0 && in_view(at.0))
        .filter_map(|(entity, at, name, health, fighter, creature, held)| {
            let (slumber, statuses, trail, grazing) = held;
            Some(InView {
                entity,
                at: at.0,
                name: name.as_str(),
                health: *health,
                fighter: *fighter,
                kind: new_game.creatures.kinds.get(creature.kind)?,
                asleep: slumber.is_some_and(|s| s.asleep),
                paralysed: statuses.is_some_and(|s| s.has(Status::Paralysed)),
                hunting: trail.is_some_and(|t| t.last_seen.is_some()),
                sated: grazing.is_some_and(Grazing::is_sated),
            })
        })
        .collect();
    let (hero_at, hero_fighter) = *hero;
    let fresh = entries(seen, hero_at.0, *hero_fighter);
    let (list, mut shown) = list.into_inner();
    let changed = fresh != shown.0;
    if (changed || show.is_changed()) && std::env::var_os(LAYOUT_PROBE_VAR).is_some() {
        let names: Vec<&str> = fresh.iter().map(|e| e.name.as_str()).collect();
        let state = if show.0 { "shown" } else { "hidden" };
        let count = fresh.len();
        info!("{SIDEBAR_PROBE_LINE} {state} {count} {}", names.join(","));
    }
    if !changed {
        return;
    }
    commands.entity(list).despawn_children();
    for entry in &fresh {
        let row = spawn_entry(&mut commands, entry, &book);
        commands.entity(list).add_child(row);
    }
    shown.0 = fresh;
}

/// One entry: the sprite, then the name, the HP bar, the state and the
/// fight's numbers.
fn spawn_entry(commands: &mut Commands, entry: &Entry, book: &SpriteBook) -> Entity {
    let share = (entry.hp.max(0) as f32 / entry.max_hp.max(1) as f32 * 100.0).clamp(0.0, 100.0);
    let icon = book.image_node(&entry.sprite).unwrap_or_default();
    let words = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(2),
                width: px(SIDEBAR_WIDTH - 64.0),
                ..default()
            },
            children![
                (
                    Text::new(entry.name.clone()),
                    shadowed(15.0),
                    TextColor(NAME_COLOUR)
                ),
                (
                    Node {
                        width: percent(100),
                        height: px(6),
                        ..default()
                    },
                    BackgroundColor(BAR_BACK),
                    children![(
                        Node {
                            width: percent(share),
                            height: percent(100),
                            ..default()
                        },
                        BackgroundColor(BAR_RED),
                    )],
                ),
                (
                    Text::new(format!("{}/{} HP, {}", entry.hp, entry.max_hp, entry.state)),
                    shadowed(12.0),
                    TextColor(TEXT_COLOUR)
                ),
                (
                    Text::new(entry.fight.clone()),
                    shadowed(12.0),
                    TextColor(DIM_COLOUR)
                ),
            ],
        ))
        .id();
    let sprite = commands
        .spawn((
            icon,
            Node {
                width: px(32),
                height: px(32),
                flex_shrink: 0.0,
                ..default()
            },
        ))
        .id();
    commands
        .spawn((
            Name::new(format!("Sidebar entry: {}", entry.name)),
            SidebarEntry(entry.entity),
            Interaction::default(),
            Node {
                column_gap: px(8),
                align_items: AlignItems::FlexStart,
                padding: UiRect::all(px(3)),
                ..default()
            },
            BackgroundColor(Color::NONE),
        ))
        .add_children(&[sprite, words])
        .id()
}

/// The creature the player points at: the hovered entry's, else the one
/// under the look cursor.
fn pointed_at(
    entries: &Query<(&SidebarEntry, &Interaction, &mut BackgroundColor)>,
    aiming: Option<&Aiming>,
    places: &Query<&GridPos, With<Creature>>,
) -> Option<Entity> {
    let hovered = entries
        .iter()
        .find(|(_, interaction, _)| **interaction != Interaction::None)
        .map(|(entry, ..)| entry.0);
    let looked = aiming.filter(|a| a.aim == Aim::Look).and_then(|a| {
        entries
            .iter()
            .map(|(entry, ..)| entry.0)
            .find(|&e| places.get(e).is_ok_and(|p| p.0 == a.cursor))
    });
    hovered.or(looked)
}

/// Lights the entry of the creature pointed at.
fn light_entries(
    mut entries: Query<(&SidebarEntry, &Interaction, &mut BackgroundColor)>,
    aiming: Option<Res<Aiming>>,
    places: Query<&GridPos, With<Creature>>,
) {
    let now = pointed_at(&entries, aiming.as_deref(), &places);
    for (entry, _, mut colour) in &mut entries {
        let wanted = if Some(entry.0) == now {
            ENTRY_LIT
        } else {
            Color::NONE
        };
        colour.set_if_neq(BackgroundColor(wanted));
    }
}

/// Lights the map under the creature of the hovered entry.
fn light_the_map(
    mut commands: Commands,
    entries: Query<(&SidebarEntry, &Interaction)>,
    places: Query<&GridPos, With<Creature>>,
    (level, book): (Res<Level>, Res<SpriteBook>),
    mut light: Query<(Entity, &mut Transform), With<MapLight>>,
) {
    let hovered = entries
        .iter()
        .find(|(_, interaction)| **interaction != Interaction::None)
        .and_then(|(entry, _)| places.get(entry.0).ok());
    let Some(at) = hovered else {
        for (entity, _) in &light {
            commands.entity(entity).despawn();
        }
        return;
    };
    let centre = tile_centre(at.0, level.terrain.height(), book.tile_size).extend(1.5);
    match light.iter_mut().next() {
        Some((_, mut transform)) => transform.translation = centre,
        None => {
            commands.spawn((
                Name::new("Sidebar light"),
                MapLight,
                DespawnOnExit(Screen::Playing),
                Sprite::from_color(MAP_LIGHT, Vec2::splat(book.tile_size)),
                Transform::from_translation(centre),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> CreatureKind {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn entries_come_nearest_first_with_their_state_and_the_fights_numbers() {
        let goblin = kind(
            "(name: \"goblin\", sprite: \"goblin\", hp: 14, attack: 5, defense: 1, vision: 8, \
             speed: 1, behaviours: [Sleeps(50), Flees(25), Bites, Chases], per_cave: 0)",
        );
        let fungus = kind(
            "(name: \"fungus\", sprite: \"fungus\", hp: 10, attack: 0, defense: 0, vision: 0, \
             speed: 1, behaviours: [Spreads], harmless: true, per_cave: 0)",
        );
        fn seen(n: u32, at: Pos, kind: &CreatureKind, hp: i32) -> InView<'_> {
            InView {
                entity: Entity::from_raw_u32(n).unwrap(),
                at,
                name: "x",
                health: Health { hp, max: kind.hp },
                fighter: Fighter {
                    attack: kind.attack,
                    defense: kind.defense,
                },
                kind,
                asleep: n == 3,
                paralysed: false,
                hunting: n == 1,
                sated: false,
            }
        }
        let hero = Fighter {
            attack: 7,
            defense: 2,
        };
        let hero_at = Pos::new(10, 10);
        let list = entries(
            vec![
                seen(1, Pos::new(14, 10), &goblin, 14),
                seen(2, Pos::new(11, 11), &fungus, 10),
                seen(3, Pos::new(10, 13), &goblin, 14),
                seen(4, Pos::new(8, 10), &goblin, 2),
            ],
            hero_at,
            hero,
        );
        let states: Vec<&str> = list.iter().map(|e| e.state).collect();
        assert_eq!(states, ["spreading", "fleeing", "asleep", "hunting you"]);
        assert_eq!(list[0].fight, "harmless\nyou hit it for 1-7");
        assert_eq!(list[3].fight, "hits you for 1-3\nyou hit it for 1-6");
        assert_eq!(
            (list[1].hp, list[1].max_hp, list[1].sprite.as_str()),
            (2, 14, "goblin")
        );
    }
}
