//! `Steals`: next to the hero it notices, a creature with empty hands
//! snatches half the purse, or an item from the pack when the purse is
//! empty. Killed, it drops what it took where it fell. With nothing to
//! take it leaves the turn to the behaviours after (biting).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::items::item;
use crate::vocab::components::{
    Corpse, Equipment, Fighter, GridPos, Health, Hero, Item, MOST_COPPER, PACK_SIZE, Pack, Purse,
    Worth,
};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::game::NewGame;

/// What a creature has stolen: copper from the purse and items by kind
/// name. It drops all of it where it dies.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loot {
    #[serde(default)]
    pub copper: u32,
    #[serde(default)]
    pub items: Vec<String>,
}

impl Loot {
    pub fn is_empty(&self) -> bool {
        self.copper == 0 && self.items.is_empty()
    }
}

impl Remembered for Loot {
    fn worth_keeping(&self) -> bool {
        !self.is_empty()
    }
}

/// Loot is kept in saves as `loot`: copper a purse may hold, at most a
/// pack of items the data knows.
pub(crate) const MEMORY: Memory = Memory::of::<Loot>("loot", "Steals", check);

fn check(value: &Saved, against: &Against) -> Result<(), String> {
    let loot = memory::read::<Loot>(value)?;
    if loot.copper > MOST_COPPER {
        return Err(format!("copper: {} is above {MOST_COPPER}", loot.copper));
    }
    if loot.items.len() > PACK_SIZE {
        return Err(format!(
            "items: {} are more than a pack holds",
            loot.items.len()
        ));
    }
    match loot
        .items
        .iter()
        .find(|name| against.new_game.items.find(name).is_none())
    {
        Some(name) => Err(format!("items: {name:?} is no item in items.ron")),
        None => Ok(()),
    }
}

/// What the hero carries that a thief may take.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Belongings<'w, 's> {
    hero: Single<
        'w,
        's,
        (
            &'static mut Pack,
            &'static mut Purse,
            Option<&'static Equipment>,
        ),
        With<Hero>,
    >,
    items: Query<'w, 's, (&'static Item, Has<Corpse>, &'static Name), Without<Fighter>>,
}

/// Steals when next to the hero with empty hands and something to take.
pub(crate) fn decide(turn: &Turn, me: &Me, loot: &Loot, belongings: &Belongings) -> Option<Plan> {
    let ready = loot.is_empty() && me.noticed && me.next_to_hero(&turn.actors);
    (ready && belongings.anything_to_take(&turn.new_game.items)).then_some(Plan::Steal)
}

/// Snatches half the purse, or an item the dice pick, and says so.
pub fn act(turn: &mut Turn, loot: &mut Loot, belongings: &mut Belongings) {
    let Some(taken) = steal(turn, belongings) else {
        return;
    };
    let book = &turn.new_game.items;
    turn.actors
        .say(format!("The thief snatches {} and runs!", taken.words()));
    taken.add_to(loot, book);
}

impl Belongings<'_, '_> {
    /// Whether the purse holds coins or the pack something to take.
    fn anything_to_take(&self, book: &ItemBook) -> bool {
        self.hero.1.copper > 0 || !self.takeable(book).is_empty()
    }

    /// Each pack slot a thief may take from, with its item's kind and
    /// name as the hero knows it: never what the hero wears, a corpse or
    /// the Key.
    fn takeable(&self, book: &ItemBook) -> Vec<(usize, usize, String)> {
        let (pack, _, worn) = &*self.hero;
        pack.0
            .iter()
            .enumerate()
            .filter(|(_, e)| !worn.is_some_and(|w| w.is_worn(**e)))
            .filter_map(|(slot, e)| {
                let (item, corpse, name) = self.items.get(*e).ok()?;
                let key = book.kinds[item.kind].effect == ItemEffect::Key;
                (!corpse && !key).then(|| (slot, item.kind, name.to_string()))
            })
            .collect()
    }
}

/// What a thief took.
enum Taken {
    Copper(u32),
    /// The kind, and the name the hero knew it by.
    Item(usize, String),
}

impl Taken {
    fn words(&self) -> String {
        match self {
            Taken::Copper(copper) => Purse { copper: *copper }.describe(),
            Taken::Item(_, name) => format!("your {name}"),
        }
    }

    fn add_to(self, loot: &mut Loot, book: &ItemBook) {
        match self {
            Taken::Copper(copper) => loot.copper += copper,
            Taken::Item(kind, _) => loot.items.push(book.kinds[kind].name.clone()),
        }
    }
}

/// Takes half the purse, rounded up; with no coins, one item of the pack
/// chosen by the dice (see [`Belongings::takeable`]).
fn steal(turn: &mut Turn, belongings: &mut Belongings) -> Option<Taken> {
    let mut takeable = belongings.takeable(&turn.new_game.items);
    let (pack, purse, _) = &mut *belongings.hero;
    if purse.copper > 0 {
        let copper = purse.copper.div_ceil(2);
        purse.copper -= copper;
        return Some(Taken::Copper(copper));
    }
    if takeable.is_empty() {
        return None;
    }
    let pick = turn.actors.rng.0.range(0, takeable.len() as i32) as usize;
    let (slot, kind, name) = takeable.swap_remove(pick);
    turn.commands.entity(pack.0.remove(slot)).despawn();
    Some(Taken::Item(kind, name))
}

/// A thief killed this turn drops its loot where it fell: the items, and
/// the copper as one pile of coins worth just that.
pub(crate) fn drop_the_loot_of_the_dead(
    mut commands: Commands,
    new_game: Res<NewGame>,
    dead: Query<(&GridPos, &Health, &Loot)>,
) {
    let book = &new_game.items;
    for (pos, _, loot) in dead.iter().filter(|(_, health, _)| health.hp <= 0) {
        for kind in loot.items.iter().filter_map(|name| book.find(name)) {
            commands.spawn(item(book, kind, pos.0));
        }
        if loot.copper > 0
            && let Some(kind) = coins_for(book, loot.copper)
        {
            commands.spawn((item(book, kind, pos.0), Worth(loot.copper)));
        }
    }
}

/// The coin kind that shows `copper` best: the most valuable one worth no
/// more than it, or else the least valuable.
fn coins_for(book: &ItemBook, copper: u32) -> Option<usize> {
    let coins = book
        .kinds
        .iter()
        .enumerate()
        .filter_map(|(kind, data)| match data.effect {
            ItemEffect::Coins(value) => Some((value, kind)),
            _ => None,
        });
    let (within, above): (Vec<_>, Vec<_>) = coins.partition(|(value, _)| *value <= copper);
    within
        .into_iter()
        .max()
        .or_else(|| above.into_iter().min())
        .map(|(_, kind)| kind)
}
