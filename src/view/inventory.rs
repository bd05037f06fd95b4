//! Draws the inventory: the selected item's name and what it does, the
//! 2×10 slot grid (gold frame on the selection, worn items marked, stacks
//! counted) and a stats panel with how many potion and scroll kinds the
//! hero knows; while a name is typed for an unknown kind, the prompt.

use bevy::prelude::*;

use crate::rules::items::{slots, stack_of};
use crate::view::assets::SpriteBook;
use crate::view::ui::centred_column;
use crate::view::ui_state::{COLUMNS, Calling, InventoryCursor, InventoryPurpose, ROWS};
use crate::vocab::components::Corpse;
use crate::vocab::components::Equipment;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Drawn, Hero};
use crate::vocab::components::{Fighter, Health};
use crate::vocab::components::{Item, Pack, Purse};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::game::NewGame;
use crate::vocab::lore::{LookClass, Lore};
use crate::vocab::states::Overlay;

const SLOT_PX: f32 = 56.0;
const ICON_PX: f32 = 40.0;
const TEXT: Color = Color::srgb(0.9, 0.88, 0.82);
const DIM: Color = Color::srgb(0.62, 0.6, 0.68);
const GOLD: Color = Color::srgb(0.97, 0.86, 0.31);

/// Marks the inventory's root, rebuilt whenever what it shows changes.
#[derive(Component)]
struct InventoryView;

pub(crate) fn plugin(app: &mut App) {
    // After the turn's systems, so that a kind learned or called this
    // frame is shown by its new name.
    app.add_systems(
        Update,
        redraw
            .after(crate::vocab::states::TurnPhase::UpdateHud)
            .run_if(in_state(Overlay::Inventory)),
    );
}

/// What one slot shows.
struct SlotView {
    icon: Option<String>,
    worn: bool,
    /// How many items the slot holds (a stack holds more than one).
    count: usize,
}

/// The hero's side of the screen: items, stats and purse.
type HeroView<'a> = (
    &'a Pack,
    &'a Equipment,
    &'a Fighter,
    &'a Health,
    &'a Purse,
    Option<&'a Stomach>,
);

fn redraw(
    mut commands: Commands,
    cursor: Res<InventoryCursor>,
    purpose: Res<InventoryPurpose>,
    book: Res<SpriteBook>,
    new_game: Res<NewGame>,
    hero: Single<HeroView, With<Hero>>,
    changed: Query<(), (With<Hero>, Or<(Changed<Pack>, Changed<Equipment>)>)>,
    items: Query<(&Item, &Name, Option<&Corpse>, Option<&Drawn>)>,
    (views, lore, calling, mut was_calling): (
        Query<Entity, With<InventoryView>>,
        Option<Res<Lore>>,
        Option<Res<Calling>>,
        Local<bool>,
    ),
) {
    let learned = lore.as_ref().is_some_and(|l| l.is_changed());
    let typing = calling.as_ref().is_some_and(|c| c.is_changed()) || *was_calling;
    *was_calling = calling.is_some();
    if !views.is_empty() && !cursor.is_changed() && changed.is_empty() && !learned && !typing {
        return;
    }
    let unlearned = Lore::default();
    let lore = lore.as_deref().unwrap_or(&unlearned);
    views.iter().for_each(|v| commands.entity(v).despawn());
    let (pack, equipment, fighter, health, purse, stomach) = *hero;
    let describe = |entity: Option<Entity>| {
        entity
            .and_then(|e| items.get(e).ok())
            .map(|(item, name, corpse, drawn)| {
                let kind = &new_game.items.kinds[item.kind];
                let effect = effect_text(item.effect(&new_game.items, corpse))
                    .filter(|_| lore.knows(kind))
                    .map(|numbers| with_trade_offs(numbers, kind));
                let description = lore.description_of(kind);
                let what = match effect {
                    Some(effect) => format!("{description} ({effect})"),
                    None => description.to_string(),
                };
                let sprite = drawn.map_or(&kind.sprite, |d| &d.sprite);
                (name.to_string(), what, sprite.clone())
            })
    };
    let stack = |e: Entity| {
        items.get(e).ok().and_then(|(item, name, corpse, _)| {
            stack_of(&new_game.items, item, corpse.map(|_| name.as_str()))
        })
    };
    let pack_slots = slots(&pack.0, stack);
    let first = |slot: usize| pack_slots.get(slot).and_then(|s| s.first().copied());
    let count = |slot: usize| pack_slots.get(slot).map_or(0, Vec::len);
    let title = match calling.as_deref().filter(|c| !c.done) {
        Some(calling) => format!(
            "Call the {} what? {}_   (Enter names it, Esc leaves it)",
            calling.look, calling.text
        ),
        None => describe(first(cursor.0)).map_or("(empty slot)".to_string(), |(name, what, _)| {
            format!("{} - {what}", slot_label(count(cursor.0), &name))
        }),
    };
    let slots: Vec<SlotView> = (0..COLUMNS * ROWS)
        .map(|i| SlotView {
            icon: describe(first(i)).map(|(.., sprite)| sprite),
            worn: first(i).is_some_and(|e| equipment.is_worn(e)),
            count: count(i),
        })
        .collect();
    let name_of = |e: Option<Entity>| describe(e).map_or("nothing".to_string(), |(name, ..)| name);
    let stats = [
        format!("HP       {}/{}", health.hp.max(0), health.max),
        food_line(stomach),
        format!("Attack   {}", fighter.attack),
        format!("Defense  {}", fighter.defense),
        format!("Weapon   {}", name_of(equipment.weapon)),
        format!("Armour   {}", name_of(equipment.armour)),
        format!("Purse    {}", purse.short()),
        known_line("Potions", &new_game.items, lore, LookClass::Potion),
        known_line("Scrolls", &new_game.items, lore, LookClass::Scroll),
    ];
    let root = commands
        .spawn((
            Name::new("Inventory"),
            InventoryView,
            DespawnOnExit(Overlay::Inventory),
            centred_column(14.0),
            BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
            GlobalZIndex(5),
        ))
        .id();
    let heading = commands
        .spawn((
            Text::new("Inventory"),
            TextFont::from_font_size(28.0),
            TextColor(TEXT),
        ))
        .id();
    let prompt = purpose.prompt().map(|line| {
        commands
            .spawn((
                Text::new(line),
                TextFont::from_font_size(20.0),
                TextColor(GOLD),
            ))
            .id()
    });
    let name_line = commands
        .spawn((
            Text::new(title),
            TextFont::from_font_size(20.0),
            TextColor(TEXT),
        ))
        .id();
    let grid = spawn_grid(&mut commands, &book, &slots, cursor.0);
    let panel = spawn_stats(&mut commands, &book, &stats);
    let help = commands
        .spawn((
            Text::new(
                "arrows: select   Space/Enter: use, wear or take off   d: drop   c: call it   Esc or i: close",
            ),
            TextFont::from_font_size(14.0),
            TextColor(DIM),
        ))
        .id();
    let lines: Vec<Entity> = [Some(heading), prompt, Some(name_line)]
        .into_iter()
        .flatten()
        .chain([grid, panel, help])
        .collect();
    commands.entity(root).add_children(&lines);
}

/// How many kinds of a class the hero knows: "Potions  2 of 4 known".
fn known_line(label: &str, book: &ItemBook, lore: &Lore, class: LookClass) -> String {
    let kinds = book
        .kinds
        .iter()
        .filter(|k| LookClass::of(k.effect) == Some(class));
    let (known, all) = kinds.fold((0, 0), |(known, all), k| {
        (known + usize::from(lore.knows(k)), all + 1)
    });
    format!("{label:<8} {known} of {all} known")
}

/// "ration" for one, "3 rations" for a stack.
fn slot_label(count: usize, name: &str) -> String {
    if count > 1 {
        crate::vocab::text::count(count, name)
    } else {
        name.to_string()
    }
}

/// "Food     640/1000 (Normal)", or a dash where there is no hunger.
fn food_line(stomach: Option<&Stomach>) -> String {
    stomach.map_or("Food     -".to_string(), |s| {
        format!("Food     {}/{} ({})", s.food, s.max, s.state.name())
    })
}

/// An item's numbers with its trade-offs: "+2 attack, reach 2",
/// "+1 attack, 2 blows a bump", "+4 defense, 1 more food a turn".
fn with_trade_offs(numbers: String, kind: &crate::vocab::data::ItemKind) -> String {
    let reach = (kind.reach > 1).then(|| format!("reach {}", kind.reach));
    let strikes = (kind.strikes > 1).then(|| format!("{} blows a bump", kind.strikes));
    let food = (kind.food_per_turn > 0).then(|| format!("{} more food a turn", kind.food_per_turn));
    std::iter::once(numbers)
        .chain([reach, strikes, food].into_iter().flatten())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The numbers behind an item's description, where it has any.
fn effect_text(effect: ItemEffect) -> Option<String> {
    match effect {
        ItemEffect::Heal(n) => Some(format!("restores {n} HP")),
        ItemEffect::Regenerate(n) => Some(format!("1 HP a turn for {n} turns")),
        ItemEffect::FarSight(n) => Some(format!("twice the sight for {n} turns")),
        ItemEffect::Weaken(n) => Some(format!("less attack for {n} turns")),
        ItemEffect::Weapon(n) => Some(format!("+{n} attack")),
        ItemEffect::Armour(n) => Some(format!("+{n} defense")),
        ItemEffect::Food(n) if n > 0 => Some(format!("{n} food")),
        ItemEffect::Coins(n) => Some(format!("{n} copper")),
        ItemEffect::Thrown(m) => Some(format!("attack {}, range {}", m.attack, m.range)),
        ItemEffect::Ammo(m) => Some(format!(
            "attack +{} from a bow, breaks {}%",
            m.attack, m.breaks_percent
        )),
        ItemEffect::Bow(bow) => Some(format!("attack {}, range {}", bow.attack, bow.range)),
        ItemEffect::Remains => Some("no food".to_string()),
        ItemEffect::Food(_) | ItemEffect::Scroll(_) | ItemEffect::Key | ItemEffect::VaultKey => {
            None
        }
    }
}

fn spawn_grid(
    commands: &mut Commands,
    book: &SpriteBook,
    slots: &[SlotView],
    selected: usize,
) -> Entity {
    let grid = commands
        .spawn((
            Name::new("Slots"),
            Node {
                display: Display::Grid,
                grid_template_columns: RepeatedGridTrack::px(COLUMNS as u16, SLOT_PX),
                grid_template_rows: RepeatedGridTrack::px(ROWS as u16, SLOT_PX),
                column_gap: px(4),
                row_gap: px(4),
                ..default()
            },
        ))
        .id();
    for (i, slot) in slots.iter().enumerate() {
        let frame = if i == selected {
            "slot_selected"
        } else {
            "slot"
        };
        let cell = commands
            .spawn((
                Node {
                    width: px(SLOT_PX),
                    height: px(SLOT_PX),
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                book.image_node(frame).unwrap_or_default(),
            ))
            .id();
        if let Some(icon) = slot.icon.as_deref().and_then(|name| book.image_node(name)) {
            let image = commands
                .spawn((
                    Node {
                        width: px(ICON_PX),
                        height: px(ICON_PX),
                        ..default()
                    },
                    icon,
                ))
                .id();
            commands.entity(cell).add_child(image);
        }
        // A stack's count, or the mark of what is worn (gear never stacks).
        let mark = match (slot.count, slot.worn) {
            (_, true) => Some(("E".to_string(), GOLD)),
            (count, false) if count > 1 => Some((count.to_string(), TEXT)),
            _ => None,
        };
        if let Some((text, colour)) = mark {
            let mark = commands.spawn(corner_mark(text, colour)).id();
            commands.entity(cell).add_child(mark);
        }
        commands.entity(grid).add_child(cell);
    }
    grid
}

/// A small text in a slot's bottom-right corner.
fn corner_mark(text: String, colour: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(14.0),
        TextColor(colour),
        Node {
            position_type: PositionType::Absolute,
            right: px(4),
            bottom: px(1),
            ..default()
        },
    )
}

fn spawn_stats(commands: &mut Commands, book: &SpriteBook, lines: &[String]) -> Entity {
    let mut frame = ImageNode::default();
    if let Some(image) = book.image_node("panel_frame") {
        frame = image.with_mode(NodeImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(2.0),
            max_corner_scale: 4.0,
            ..default()
        }));
    }
    let panel = commands
        .spawn((
            Name::new("Stats"),
            Node {
                width: px(400),
                ..default()
            },
            frame,
        ))
        .id();
    let column = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(2),
            margin: UiRect::axes(px(24), px(16)),
            ..default()
        })
        .id();
    for line in lines {
        let text = commands
            .spawn((
                Text::new(line.clone()),
                TextFont::from_font_size(18.0),
                TextColor(TEXT),
            ))
            .id();
        commands.entity(column).add_child(text);
    }
    commands.entity(panel).add_child(column);
    panel
}
