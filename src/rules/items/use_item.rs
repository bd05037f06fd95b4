//! Using and dropping what is in the pack: potions heal (or weaken, and
//! drinking one teaches its kind), weapons and
//! armour are worn or taken off, and anything can be dropped underfoot.

use bevy::prelude::*;
use gloomdelve_core::bindings::KeyAction;

use crate::rules::items::lore::learn;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Corpse, Item, Pack};
use crate::vocab::components::{Dropped, FogRule};
use crate::vocab::components::{Equipment, Gear};
use crate::vocab::components::{Fighter, Health};
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::data::{ItemBook, ItemEffect};
use crate::vocab::game::NewGame;
use crate::vocab::intents::{DropIntent, UseIntent};
use crate::vocab::keys::KeyBindings;
use crate::vocab::log::GameLog;
use crate::vocab::lore::{LookClass, Lore};
use crate::vocab::messages::TurnTaken;
use crate::vocab::resources::TurnCount;
use crate::vocab::statuses::{Status, Statuses};
use crate::vocab::text::{capitalised, the};

/// The hero's attack and defense: the base from the rules plus what is worn.
pub(crate) fn worn_stats(
    base: Fighter,
    equipment: &Equipment,
    book: &ItemBook,
    items: &Query<(&Item, &Name)>,
) -> Fighter {
    let bonus = |slot: Option<Entity>| {
        slot.and_then(|e| items.get(e).ok())
            .map(|(item, _)| book.kinds[item.kind].effect)
    };
    let attack = match bonus(equipment.weapon) {
        Some(ItemEffect::Weapon(a)) => a,
        _ => 0,
    };
    let defense = match bonus(equipment.armour) {
        Some(ItemEffect::Armour(d)) => d,
        _ => 0,
    };
    Fighter {
        attack: base.attack.saturating_add(attack),
        defense: base.defense.saturating_add(defense),
    }
}

/// The trade-offs of what the hero wears: its weapon's reach and strikes,
/// and its armour's food.
pub(crate) fn worn_gear(
    equipment: &Equipment,
    book: &ItemBook,
    items: &Query<(&Item, &Name)>,
) -> Gear {
    let kind = |slot: Option<Entity>| {
        slot.and_then(|e| items.get(e).ok())
            .map(|(item, _)| &book.kinds[item.kind])
    };
    let weapon = kind(equipment.weapon);
    Gear {
        reach: weapon.map_or(1, |w| w.reach),
        strikes: weapon.map_or(1, |w| w.strikes),
        food_per_turn: kind(equipment.armour).map_or(0, |a| a.food_per_turn),
        noise: kind(equipment.armour).map_or(0, |a| a.noise),
    }
}

/// Sets the hero's attack and defense from the rules, what it wears, and
/// its hunger. It runs after the hero acts and again after the world acts,
/// so a new weapon or a change of hunger counts from the next blow.
pub(crate) fn refresh_hero_stats(
    mut commands: Commands,
    new_game: Res<NewGame>,
    hero: Single<
        (
            Entity,
            &Equipment,
            Option<&Stomach>,
            &mut Fighter,
            Option<&Gear>,
            Option<&Statuses>,
        ),
        With<Hero>,
    >,
    items: Query<(&Item, &Name)>,
) {
    let (entity, equipment, stomach, mut fighter, gear, statuses) = hero.into_inner();
    let worn = worn_gear(equipment, &new_game.items, &items);
    if gear != Some(&worn) {
        commands.entity(entity).insert(worn);
    }
    let rules = &new_game.rules;
    let base = Fighter {
        attack: rules.hero_attack,
        defense: rules.hero_defense,
    };
    let mut stats = worn_stats(base, equipment, &new_game.items, &items);
    if stomach.is_some_and(|s| s.state.weakens()) {
        stats.attack = stats
            .attack
            .saturating_sub(rules.hunger.weak_attack_penalty)
            .max(0);
    }
    if statuses.is_some_and(|s| s.has(Status::Weak)) {
        stats.attack = stats.attack.saturating_sub(rules.weakness_attack).max(0);
    }
    fighter.set_if_neq(stats);
}

/// Drinks, wears or takes off an item from the pack.
pub(crate) fn use_item(
    mut intents: MessageReader<UseIntent>,
    mut commands: Commands,
    new_game: Res<NewGame>,
    hero: Single<(&mut Pack, &mut Equipment, &mut Health, &mut Statuses), With<Hero>>,
    items: Query<(&Item, &Name, Option<&Corpse>)>,
    (turn, mut lore, keys): (Res<TurnCount>, ResMut<Lore>, Res<KeyBindings>),
    mut log: ResMut<GameLog>,
    mut taken: MessageWriter<TurnTaken>,
) {
    let Some(&UseIntent(item)) = intents.read().last() else {
        return;
    };
    let (mut pack, mut equipment, mut health, mut statuses) = hero.into_inner();
    let Some((data, name, corpse)) = items.get(item).ok().filter(|_| pack.0.contains(&item)) else {
        return;
    };
    let kind = &new_game.items.kinds[data.kind];
    let effect = data.effect(&new_game.items, corpse);
    let mut say = |text: String| log.say(turn.0, text);
    let carried = Carried {
        pack: &mut pack,
        equipment: &mut equipment,
        health: &mut health,
        statuses: &mut statuses,
        keys: &keys,
    };
    if apply(
        effect,
        item,
        name.as_str(),
        carried,
        &mut commands,
        &mut say,
    ) {
        if LookClass::of(effect) == Some(LookClass::Potion)
            && let Some(line) = learn(&mut lore, kind, name.as_str())
        {
            say(line);
        }
        taken.write(TurnTaken);
    }
}

/// Drops an item from the pack onto the hero's tile, taking it off first.
pub(crate) fn drop_item(
    mut intents: MessageReader<DropIntent>,
    mut commands: Commands,
    hero: Single<(&GridPos, &mut Pack, &mut Equipment), With<Hero>>,
    names: Query<&Name, With<Item>>,
    turn: Res<TurnCount>,
    mut log: ResMut<GameLog>,
    mut taken: MessageWriter<TurnTaken>,
) {
    let Some(&DropIntent(item)) = intents.read().last() else {
        return;
    };
    let (at, mut pack, mut equipment) = hero.into_inner();
    let (Some(slot), Ok(name)) = (pack.0.iter().position(|&e| e == item), names.get(item)) else {
        return;
    };
    equipment.take_off(item);
    pack.0.remove(slot);
    commands
        .entity(item)
        .insert((GridPos(at.0), FogRule::Remembered { seen: true }, Dropped));
    log.say(turn.0, format!("You drop {}.", crate::vocab::text::a(name)));
    taken.write(TurnTaken);
}

/// What using an item may change on the hero, and the keys it may name.
struct Carried<'a> {
    pack: &'a mut Pack,
    equipment: &'a mut Equipment,
    health: &'a mut Health,
    statuses: &'a mut Statuses,
    keys: &'a KeyBindings,
}

/// Uses one item; returns whether that took a turn.
fn apply(
    effect: ItemEffect,
    item: Entity,
    name: &str,
    carried: Carried,
    commands: &mut Commands,
    say: &mut impl FnMut(String),
) -> bool {
    let Carried {
        pack,
        equipment,
        health,
        statuses,
        keys,
    } = carried;
    let mut drink = |feel: &str| {
        pack.0.retain(|&e| e != item);
        commands.entity(item).despawn();
        say(format!("You drink {}. {feel}", the(name)));
        true
    };
    match effect {
        ItemEffect::Heal(amount) => {
            health.hp = health.hp.saturating_add(amount).min(health.max);
            drink("You feel better.")
        }
        ItemEffect::Regenerate(turns) => {
            statuses.give(Status::Regenerating, turns);
            drink("Warmth spreads through you.")
        }
        ItemEffect::FarSight(turns) => {
            statuses.give(Status::FarSight, turns);
            drink("Your eyes pierce the gloom.")
        }
        ItemEffect::Weaken(turns) => {
            statuses.give(Status::Weak, turns);
            drink("Ugh! Your arms go limp and heavy.")
        }
        ItemEffect::Weapon(_) | ItemEffect::Armour(_) if equipment.is_worn(item) => {
            equipment.take_off(item);
            say(format!("You take off {}.", the(name)));
            true
        }
        ItemEffect::Weapon(_) => {
            equipment.weapon = Some(item);
            say(format!("You wield {}.", the(name)));
            true
        }
        ItemEffect::Armour(_) => {
            equipment.armour = Some(item);
            say(format!("You put on {}.", the(name)));
            true
        }
        // The dispatcher hands food to `hunger::eat`.
        ItemEffect::Food(_) => false,
        ItemEffect::Scroll(_) => {
            say(format!("Read {} from the inventory, to aim it.", the(name)));
            false
        }
        ItemEffect::Thrown(_) | ItemEffect::Ammo(_) => {
            say(format!(
                "Throw {} with {}.",
                the(name),
                keys.key(KeyAction::Throw)
            ));
            false
        }
        ItemEffect::Bow(_) => {
            say(format!(
                "Keep {} in your pack, and shoot with {}.",
                the(name),
                keys.key(KeyAction::Fire)
            ));
            false
        }
        ItemEffect::Coins(_) | ItemEffect::Key => {
            say(format!("{} glints in your hand.", capitalised(&the(name))));
            false
        }
        ItemEffect::Remains => {
            say(format!(
                "{} are no food, and no use.",
                capitalised(&the(name))
            ));
            false
        }
        ItemEffect::VaultKey => {
            say("Walk into the vault door with it to unlock the vault.".to_string());
            false
        }
    }
}
