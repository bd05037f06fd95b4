//! Thieves steal and run. A thief closes in on the hero it sees; next to
//! it, it snatches half the purse, or an item from the pack when the purse
//! is empty, and from then on keeps away. Killed, it drops what it took.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::combat::Actors;
use crate::rules::creatures::ai::{
    Searches, follow_trail, positions, sees_hero, step_away, step_towards, turn_order, wander,
};
use crate::rules::creatures::{Paths, SearchCost};
use crate::rules::items::item;
use crate::vocab::components::{
    Corpse, CreatureId, Equipment, Fighter, GoblinAi, GridPos, Health, Hero, Item, Loot, Pack,
    Purse, Sees, Speed, ThiefAi, Worth,
};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::game::NewGame;
use crate::vocab::states::TurnPhase;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        drop_the_loot_of_the_dead
            .in_set(TurnPhase::ResolveDeaths)
            .before(crate::rules::combat::leave_corpses),
    );
}

/// What the hero carries that a thief may take.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Belongings<'w, 's> {
    hero: Single<
        'w,
        's,
        (
            Entity,
            &'static mut Pack,
            &'static mut Purse,
            Option<&'static Equipment>,
        ),
        With<Hero>,
    >,
    items: Query<'w, 's, (&'static Item, Has<Corpse>), Without<Fighter>>,
}

/// Each thief's turn, in id order.
pub(super) fn thieves_act(
    mut commands: Commands,
    mut actors: Actors,
    new_game: Res<NewGame>,
    mut belongings: Belongings,
    (mut cost, mut paths): (ResMut<SearchCost>, ResMut<Paths>),
    mut thieves: Query<
        (Entity, &CreatureId, &Speed, &Sees, &mut GoblinAi, &mut Loot),
        With<ThiefAi>,
    >,
) {
    let hero = belongings.hero.0;
    let mut searches = Searches::as_goblins(&mut paths, &mut cost, &new_game.rules);
    let order = turn_order(thieves.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    for entity in order {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        let Ok((.., sees, mut memory, mut loot)) = thieves.get_mut(entity) else {
            continue;
        };
        let seen = sees_hero(&actors, hero, (at, hero_at), sees.0);
        let next_to = step_towards(&actors, at, hero_at).is_some();
        if !loot.is_empty() {
            run_off(
                &mut actors,
                (entity, at),
                (hero, hero_at),
                seen && next_to,
                seen,
            );
        } else if !seen {
            follow_trail(&mut actors, &mut searches, (entity, at), &mut memory);
        } else if next_to {
            memory.last_seen = Some(hero_at);
            let book = &new_game.items;
            match steal(&mut actors, &mut commands, &mut belongings, book) {
                Some(taken) => {
                    actors.say(format!(
                        "The thief snatches {} and runs!",
                        taken.words(book)
                    ));
                    taken.add_to(&mut loot, book);
                }
                None => actors.strike(entity, hero),
            }
        } else {
            memory.last_seen = Some(hero_at);
            searches.walk(&mut actors, entity, at, hero_at);
        }
    }
}

/// A thief with loot keeps away from the hero it sees, and fights only
/// when cornered next to it; out of sight it wanders.
fn run_off(
    actors: &mut Actors,
    (entity, at): (Entity, Pos),
    (hero, hero_at): (Entity, Pos),
    cornered_next_to: bool,
    seen: bool,
) {
    if !seen {
        wander(actors, entity, at);
    } else if !step_away(actors, entity, at, hero_at) && cornered_next_to {
        actors.strike(entity, hero);
    }
}

/// What a thief took.
enum Taken {
    Copper(u32),
    Item(usize),
}

impl Taken {
    fn words(&self, book: &ItemBook) -> String {
        match self {
            Taken::Copper(copper) => Purse { copper: *copper }.describe(),
            Taken::Item(kind) => format!("your {}", book.kinds[*kind].name),
        }
    }

    fn add_to(self, loot: &mut Loot, book: &ItemBook) {
        match self {
            Taken::Copper(copper) => loot.copper += copper,
            Taken::Item(kind) => loot.items.push(book.kinds[kind].name.clone()),
        }
    }
}

/// Takes half the purse, rounded up; with no coins, one item of the pack
/// chosen by the dice, never what the hero wears, a corpse or the Key.
fn steal(
    actors: &mut Actors,
    commands: &mut Commands,
    belongings: &mut Belongings,
    book: &ItemBook,
) -> Option<Taken> {
    let (_, pack, purse, worn) = &mut *belongings.hero;
    if purse.copper > 0 {
        let copper = purse.copper.div_ceil(2);
        purse.copper -= copper;
        return Some(Taken::Copper(copper));
    }
    let takeable: Vec<(usize, usize)> = pack
        .0
        .iter()
        .enumerate()
        .filter(|(_, e)| !worn.is_some_and(|w| w.is_worn(**e)))
        .filter_map(|(slot, e)| {
            let (item, corpse) = belongings.items.get(*e).ok()?;
            let key = book.kinds[item.kind].effect == ItemEffect::Key;
            (!corpse && !key).then_some((slot, item.kind))
        })
        .collect();
    if takeable.is_empty() {
        return None;
    }
    let (slot, kind) = takeable[actors.rng.0.range(0, takeable.len() as i32) as usize];
    commands.entity(pack.0.remove(slot)).despawn();
    Some(Taken::Item(kind))
}

/// A thief killed this turn drops its loot where it fell: the items, and
/// the copper as one pile of coins worth just that.
fn drop_the_loot_of_the_dead(
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
