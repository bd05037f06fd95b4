//! Items: kinds from data, placement on free floor, and picking them up
//! into the pack (20 items) or, for coins, the purse.

pub(crate) mod lore;
pub(crate) mod missiles;
pub(crate) mod scrolls;
pub(crate) mod use_item;
pub mod vaults;

use bevy::prelude::*;
use gloomdelve_core::mapgen::stairs::walk_distances;
use gloomdelve_core::{Pos, Tile};

use crate::vocab::components::Equipment;
use crate::vocab::components::Fighter;
use crate::vocab::components::Hero;
use crate::vocab::components::{Corpse, Dropped};
use crate::vocab::intents::PickUpIntent;
use crate::vocab::log::GameLog;
use crate::vocab::messages::SpellCast;
use crate::vocab::messages::TurnTaken;
use crate::vocab::resources::TurnCount;

use crate::vocab::components::FogRule;
use crate::vocab::components::Item;
use crate::vocab::components::PACK_SIZE;
use crate::vocab::components::Pack;
use crate::vocab::components::Purse;
use crate::vocab::components::Stomach;
use crate::vocab::components::Worth;
use crate::vocab::components::{Drawn, GridPos, Layer};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::game::NewGame;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::RulesRng;
use crate::vocab::resources::{Dungeon, NewLevel};
use crate::vocab::states::EnterLevel;
use crate::vocab::states::HeroTurn;
use crate::vocab::states::Screen;

/// What lets items share one pack slot: a kind that stacks, or corpses of
/// one creature in one state ("bat corpse", "rotten bat corpse": the
/// corpse's name says both).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stack {
    Kind(usize),
    Corpses(String),
}

/// The stack an item joins in the pack, or `None` when it takes a slot of
/// its own. `corpse_name` is the item's name when it is a corpse.
pub(crate) fn stack_of(book: &ItemBook, item: &Item, corpse_name: Option<&str>) -> Option<Stack> {
    if let Some(name) = corpse_name {
        return Some(Stack::Corpses(name.to_string()));
    }
    book.kinds
        .get(item.kind)
        .is_some_and(|kind| kind.stacks)
        .then_some(Stack::Kind(item.kind))
}

/// What [`stack_of`] reads of an item.
pub(crate) type StackParts = (&'static Item, &'static Name, Has<Corpse>);

/// The stack of the item `e`, read through a query of [`StackParts`].
pub(crate) fn stack_in<F: bevy::ecs::query::QueryFilter>(
    book: &ItemBook,
    items: &Query<StackParts, F>,
    e: Entity,
) -> Option<Stack> {
    let (item, name, corpse) = items.get(e).ok()?;
    stack_of(book, item, corpse.then_some(name.as_str()))
}

/// The pack as the inventory shows it: one slot per stack or lone item,
/// in the order of their first item, each with its items in pack order.
pub fn slots<T: Copy, K: PartialEq>(pack: &[T], stack_of: impl Fn(T) -> Option<K>) -> Vec<Vec<T>> {
    let mut slots: Vec<(Option<K>, Vec<T>)> = Vec::new();
    for &item in pack {
        let stack = stack_of(item);
        match slots
            .iter_mut()
            .find(|(s, _)| stack.is_some() && *s == stack)
        {
            Some((_, items)) => items.push(item),
            None => slots.push((stack, vec![item])),
        }
    }
    slots.into_iter().map(|(_, items)| items).collect()
}

/// The pack's slots in `world` (for the simulator and its checks).
pub fn slots_in_world(world: &World, pack: &Pack) -> Vec<Vec<Entity>> {
    let book = &world.resource::<NewGame>().items;
    slots(&pack.0, |e| {
        let item = world.get::<Item>(e)?;
        let corpse_name = world
            .get::<Corpse>(e)
            .and(world.get::<Name>(e))
            .map(Name::as_str);
        stack_of(book, item, corpse_name)
    })
}

pub(super) fn plugin(app: &mut App) {
    app.despawn_on_new_game::<With<Item>>();
    app.remove_on_new_game::<crate::vocab::lore::Lore>();
    app.add_systems(
        OnEnter(Screen::Playing),
        (
            lore::draw_lore.in_set(EnterLevel::Build),
            lore::name_by_lore.in_set(EnterLevel::Settle),
        ),
    );
    // Items laid since the last turn (a level restored, a thief's loot
    // dropped) are named before the hero acts and after the world does.
    app.add_systems(
        Update,
        (
            lore::name_by_lore.in_set(HeroTurn::Observe),
            lore::name_by_lore.in_set(crate::vocab::states::TurnPhase::UpdateFov),
            lore::name_by_lore.in_set(crate::vocab::states::TurnPhase::UpdateHud),
        )
            .run_if(in_state(Screen::Playing)),
    );
    // A loaded game's hero fights with what it wears from its first blow.
    app.add_systems(
        OnEnter(Screen::Playing),
        use_item::refresh_hero_stats.in_set(EnterLevel::Settle),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        (
            scatter_items,
            place_the_key,
            vaults::stock_the_vault,
            finish_new_level,
        )
            .chain()
            .in_set(EnterLevel::Stock)
            .run_if(resource_exists::<NewLevel>),
    );
    app.add_systems(
        Update,
        vaults::cage_the_rest
            .in_set(crate::vocab::states::TurnPhase::HeroActs)
            .after(HeroTurn::Resolve)
            .before(HeroTurn::Count)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_message::<SpellCast>();
    app.add_message::<crate::vocab::messages::CallKind>();
    app.add_systems(
        Update,
        lore::call_kinds
            .after(crate::vocab::states::TurnPhase::HeroActs)
            .before(crate::vocab::states::TurnPhase::UpdateFov)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_message::<crate::vocab::messages::MissileFlew>();
    app.add_systems(
        Update,
        (
            pick_up_underfoot,
            use_item::use_item,
            use_item::drop_item,
            scrolls::read_scroll,
            missiles::throw_missile,
            missiles::fire_bow,
        )
            .in_set(HeroTurn::Resolve),
    );
    // Twice a turn: after the hero's action (what it put on counts before
    // the creatures act), and after the creatures' (hunger and statuses
    // change as the world acts), as `refresh_hero_stats` says.
    app.add_systems(
        Update,
        (
            use_item::refresh_hero_stats.in_set(crate::vocab::states::TurnPhase::UpdateFov),
            use_item::refresh_hero_stats.in_set(crate::vocab::states::TurnPhase::UpdateHud),
        )
            .run_if(in_state(Screen::Playing)),
    );
}

/// The item entity for `kind` lying at `at`.
pub fn item(book: &ItemBook, kind: usize, at: Pos) -> impl Bundle {
    let data = &book.kinds[kind];
    (
        Name::new(data.name.clone()),
        Item { kind },
        GridPos(at),
        FogRule::Remembered { seen: false },
        Drawn::new(data.sprite.clone(), Layer::Items),
    )
}

/// Lays each kind's items for the level's depth on free floor away from
/// the hero, where it can walk (never inside a locked vault).
fn scatter_items(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
    mut rng: ResMut<RulesRng>,
    heroes: Query<Has<Stomach>, With<Hero>>,
) {
    let mut free = level.terrain.walkable_reached_from(level.start);
    free.retain(|&p| p != level.start);
    // Food only where there is hunger (none in the hunt); a level laid
    // before its hero gets its food.
    let hungry = heroes.iter().next().unwrap_or(true);
    for (kind, data) in new_game.items.kinds.iter().enumerate() {
        if !hungry && matches!(data.effect, ItemEffect::Food(_)) {
            continue;
        }
        for _ in 0..data.count_at(dungeon.depth) {
            if free.is_empty() {
                return;
            }
            let at = free.swap_remove(rng.0.range(0, free.len() as i32) as usize);
            commands.spawn(item(&new_game.items, kind, at));
        }
    }
}

/// Lays the Gold Key on the deepest level, on the floor farthest from
/// where the hero arrives.
fn place_the_key(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
) {
    let key = new_game
        .items
        .kinds
        .iter()
        .position(|k| k.effect == ItemEffect::Key);
    if let Some(key) = key.filter(|_| dungeon.depth == new_game.rules.depths) {
        let at = farthest_floor(&level.terrain, level.start);
        commands.spawn(item(&new_game.items, key, at));
    }
}

/// The floor tile farthest on foot from `from` (stairs left out).
fn farthest_floor(terrain: &gloomdelve_core::Terrain, from: Pos) -> Pos {
    let distances = walk_distances(terrain.tiles(), from);
    distances
        .iter()
        .filter(|(p, d)| {
            d.is_some() && matches!(terrain.tile(*p), Tile::Floor | Tile::DugFloor | Tile::Grass)
        })
        .max_by_key(|(_, d)| **d)
        .map_or(from, |(p, _)| p)
}

/// The new level is populated.
fn finish_new_level(mut commands: Commands) {
    commands.remove_resource::<NewLevel>();
}

/// What picking up the items on the hero's tile did.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pickup {
    pub taken: usize,
    /// Left for want of room in the pack.
    pub left: usize,
    /// Corpses left where they lie: stepped over, or not wanted at all.
    pub corpses_left: usize,
}

/// Every item, lying or packed, as picking up needs it.
pub type Belongings<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Item,
        Option<&'static GridPos>,
        &'static Name,
        Option<&'static Worth>,
        Has<Corpse>,
        Has<Dropped>,
    ),
    Without<Fighter>,
>;

/// Which of the items on a tile a pick-up takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gathering {
    /// A step onto the tile: everything but corpses, which are eaten
    /// where they lie or taken on purpose, and what the hero dropped.
    Walking,
    /// `g`: everything, or only one entry of the [`pile`] and the items
    /// that stack with it; corpses too when the hero has a stomach to feed.
    OnPurpose { corpses: bool, only: Option<usize> },
}

impl Gathering {
    fn takes_corpses(self) -> bool {
        matches!(self, Gathering::OnPurpose { corpses: true, .. })
    }

    fn takes_dropped(self) -> bool {
        matches!(self, Gathering::OnPurpose { .. })
    }

    /// Whether this gathering leaves `found` where it lies.
    fn leaves(self, found: &Found) -> bool {
        (found.corpse && !self.takes_corpses()) || (found.dropped && !self.takes_dropped())
    }
}

/// One item lying on the tile being gathered.
struct Found {
    entity: Entity,
    kind: usize,
    name: String,
    worth: Option<u32>,
    corpse: bool,
    dropped: bool,
    stack: Option<Stack>,
}

/// The items lying on `at`, in kind order, then name: the same game always
/// packs the same way, a loaded one too (entity numbers differ after a load).
fn found_at(at: Pos, book: &ItemBook, items: &Belongings) -> Vec<Found> {
    let mut here: Vec<Found> = items
        .iter()
        .filter(|(_, _, pos, ..)| pos.is_some_and(|p| p.0 == at))
        .map(|(entity, item, _, name, worth, corpse, dropped)| Found {
            entity,
            kind: item.kind,
            name: name.to_string(),
            worth: worth.map(|w| w.0),
            corpse,
            dropped,
            stack: stack_of(book, item, corpse.then_some(name.as_str())),
        })
        .collect();
    here.sort_by(|a, b| (a.kind, &a.name, a.worth).cmp(&(b.kind, &b.name, b.worth)));
    here
}

/// One line of the pick-up list: the items of one stack (or one lone
/// item) lying on the tile, named by the place of its first in the pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PileEntry {
    /// What `Action::Take` names to take this entry.
    pub index: usize,
    /// "club", "2 rations", "4 silver, 2 copper".
    pub label: String,
    /// The hero dropped it here.
    pub dropped: bool,
}

/// What `g` with `gathering` could take from the tile `at`, one entry per
/// stack or lone item, in pile order.
pub fn pile(at: Pos, gathering: Gathering, book: &ItemBook, items: &Belongings) -> Vec<PileEntry> {
    let found = found_at(at, book, items);
    let mut entries: Vec<(PileEntry, Option<&Stack>, usize)> = Vec::new();
    for (index, item) in found.iter().enumerate() {
        if gathering.leaves(item) {
            continue;
        }
        let joined = entries
            .iter_mut()
            .find(|(_, stack, _)| item.stack.is_some() && *stack == item.stack.as_ref());
        if let Some((entry, _, count)) = joined {
            *count += 1;
            entry.dropped &= item.dropped;
            continue;
        }
        let entry = PileEntry {
            index,
            label: String::new(),
            dropped: item.dropped,
        };
        entries.push((entry, item.stack.as_ref(), 1));
    }
    entries
        .into_iter()
        .map(|(mut entry, _, count)| {
            entry.label = pile_label(book, &found[entry.index], count);
            entry
        })
        .collect()
}

/// How the pick-up list names `count` items like `found`.
fn pile_label(book: &ItemBook, found: &Found, count: usize) -> String {
    match book.kinds[found.kind].effect {
        ItemEffect::Coins(value) => Purse {
            copper: found.worth.unwrap_or(value),
        }
        .describe(),
        _ if count > 1 => crate::vocab::text::count(count, &found.name),
        _ => found.name.clone(),
    }
}

/// Whether `gathering` takes `found`, the `index`th item of `all`.
fn chosen(gathering: Gathering, all: &[Found], index: usize) -> bool {
    let Gathering::OnPurpose {
        only: Some(entry), ..
    } = gathering
    else {
        return true;
    };
    let stack = |i: usize| all.get(i).and_then(|f| f.stack.as_ref());
    index == entry || (stack(index).is_some() && stack(index) == stack(entry))
}

/// Picks up what `gathering` takes on `at`: coins into the purse, the rest
/// into the pack while it has room (an item that joins a stack always
/// has). Says what happened in `say`.
pub(crate) fn pick_up_at(
    at: Pos,
    gathering: Gathering,
    book: &ItemBook,
    items: &Belongings,
    hero: (&mut Pack, &mut Purse),
    commands: &mut Commands,
    mut say: impl FnMut(String),
) -> Pickup {
    let (pack, purse) = hero;
    let mut result = Pickup::default();
    let all = found_at(at, book, items);
    for (index, found) in all.iter().enumerate() {
        if !chosen(gathering, &all, index) {
            continue;
        }
        if found.corpse && !gathering.takes_corpses() {
            result.corpses_left += 1;
            continue;
        }
        if found.dropped && !gathering.takes_dropped() {
            continue;
        }
        if let ItemEffect::Coins(value) = book.kinds[found.kind].effect {
            let copper = found.worth.unwrap_or(value);
            purse.copper = purse.copper.saturating_add(copper);
            say(format!("You pick up {}.", Purse { copper }.describe()));
            commands.entity(found.entity).despawn();
        } else {
            let stack_in_pack = |e: Entity| {
                let (_, item, _, name, _, corpse, _) = items.get(e).ok()?;
                stack_of(book, item, corpse.then_some(name.as_str()))
            };
            let stack = found.stack.clone();
            let joins = stack.is_some() && pack.0.iter().any(|&e| stack_in_pack(e) == stack);
            if !joins && slots(&pack.0, stack_in_pack).len() >= PACK_SIZE {
                say("Your pack is full.".to_string());
                result.left += 1;
                continue;
            }
            pack.insert(found.entity, stack, stack_in_pack);
            say(format!(
                "You pick up {}.",
                crate::vocab::text::a(&found.name)
            ));
            commands.entity(found.entity).remove::<(GridPos, Dropped)>();
        }
        result.taken += 1;
    }
    result
}

/// Picks up what lies on the hero's tile, on purpose (`g`). In the hunt,
/// where nothing is eaten, corpses stay where they lie.
fn pick_up_underfoot(
    mut intents: MessageReader<PickUpIntent>,
    new_game: Res<NewGame>,
    hero: Single<(&GridPos, &mut Pack, &mut Purse, Has<Stomach>), With<Hero>>,
    items: Belongings,
    mut commands: Commands,
    turn: Res<TurnCount>,
    mut log: ResMut<GameLog>,
    mut taken: MessageWriter<TurnTaken>,
) {
    let Some(&PickUpIntent(only)) = intents.read().last() else {
        return;
    };
    let (at, mut pack, mut purse, hungers) = hero.into_inner();
    let belongings = (pack.as_mut(), purse.as_mut());
    let mut say = |line: String| log.say(turn.0, line);
    let gathering = Gathering::OnPurpose {
        corpses: hungers,
        only,
    };
    let pickup = pick_up_at(
        at.0,
        gathering,
        &new_game.items,
        &items,
        belongings,
        &mut commands,
        &mut say,
    );
    if pickup.taken > 0 {
        taken.write(TurnTaken);
    } else if pickup.corpses_left > 0 {
        say("There is no hunger in the hunt: you leave the dead where they lie.".to_string());
    } else if pickup.left == 0 {
        say("There is nothing here to pick up.".to_string());
    }
}

/// The hero's pack and purse start empty.
pub(crate) fn hero_belongings() -> impl Bundle {
    (Pack::default(), Purse::default(), Equipment::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entities(n: u32) -> Vec<Entity> {
        (1..=n)
            .map(Entity::from_raw_u32)
            .map(Option::unwrap)
            .collect()
    }

    #[test]
    fn a_stack_takes_one_slot_and_keeps_its_place() {
        let e = entities(5);
        // Rations (stack 11) at 0 and 3, a club (alone) at 1, scrolls (stack 16) at 2 and 4.
        let stack = |x: Entity| match e.iter().position(|&y| y == x) {
            Some(0 | 3) => Some(11),
            Some(2 | 4) => Some(16),
            _ => None,
        };
        let grouped = slots(&e, stack);
        assert_eq!(
            grouped,
            vec![vec![e[0], e[3]], vec![e[1]], vec![e[2], e[4]]]
        );
        let lone = |_: Entity| None::<usize>;
        assert_eq!(slots(&e[..2], lone).len(), 2, "lone items never share");
    }

    #[test]
    fn an_item_joins_its_stack_side_by_side() {
        let e = entities(4);
        let stack = |x: Entity| (x == e[0] || x == e[3]).then_some(7);
        let mut pack = Pack(vec![e[0], e[1]]);
        pack.insert(e[2], None, stack);
        assert_eq!(pack.0, vec![e[0], e[1], e[2]], "a lone item goes last");
        pack.insert(e[3], Some(7), stack);
        assert_eq!(pack.0, vec![e[0], e[3], e[1], e[2]], "after its stack");
    }

    #[test]
    fn the_purse_counts_in_gold_silver_and_copper() {
        assert_eq!(Purse { copper: 0 }.describe(), "no coins");
        assert_eq!(Purse { copper: 7 }.describe(), "7 copper");
        assert_eq!(Purse { copper: 40 }.describe(), "4 silver");
        assert_eq!(Purse { copper: 100 }.coins(), (1, 0, 0));
        assert_eq!(Purse { copper: 1234 }.coins(), (12, 3, 4));
        assert_eq!(
            Purse { copper: 1234 }.describe(),
            "12 gold, 3 silver, 4 copper"
        );
    }
}
