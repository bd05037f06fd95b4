//! The save checker's look at the hero: where it stands, its health, its
//! stomach (in the delve only), its pack and what it wears, its purse, and
//! how long its statuses still last.

use crate::rules::invariants;
use crate::rules::items::{slots, stack_of};
use crate::save::check::fields::{
    COPPER, MAX_HP, STOMACH, Wrong, check_statuses, health, in_range, known_item, named,
    on_walkable_ground,
};
use crate::save::check::level::check_corpse;
use crate::save::state::HeroRecord;
use crate::vocab::components::Item;
use crate::vocab::data::ItemEffect;
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::records::StoredLevel;

/// Checks the hero of a save made on turn `turn` in `mode`, standing on
/// the current `level`.
pub(crate) fn check_hero(
    hero: &HeroRecord,
    level: &StoredLevel,
    mode: Mode,
    turn: u64,
    new_game: &NewGame,
) -> Result<(), Wrong> {
    on_walkable_ground("hero.pos", hero.pos, &level.terrain)?;
    if let Some(i) = level.creatures.iter().position(|c| c.pos == hero.pos) {
        return Err(format!(
            "current.creatures[{i}].pos: it stands on the hero, at {:?}",
            hero.pos
        ));
    }
    // The hero's maximum is bounded by the data files' range alone: a game
    // may be begun with a sturdier hero (a test's, a modder's rules) than
    // the data files that load it.
    health("hero.hp", hero.hp, hero.max_hp, MAX_HP)?;
    check_stomach(hero, mode)?;
    check_pack(hero, turn, new_game)?;
    check_worn(hero, new_game)?;
    in_range("hero.copper", hero.copper, COPPER)?;
    check_statuses("hero.statuses", &hero.statuses, new_game)
}

/// The delve's hero has a stomach within its size; the hunter has none.
fn check_stomach(hero: &HeroRecord, mode: Mode) -> Result<(), Wrong> {
    match (mode, &hero.stomach) {
        (Mode::Delve, None) => Err("hero.stomach: the delve's hero has none".to_string()),
        (Mode::Hunt, Some(_)) => Err("hero.stomach: the hunter has none".to_string()),
        (Mode::Delve, Some(stomach)) => {
            in_range("hero.stomach.max", stomach.max, STOMACH)?;
            invariants::food_within_stomach(stomach).map_err(named("hero.stomach.food"))
        }
        (Mode::Hunt, None) => Ok(()),
    }
}

/// Every item of a known kind, every corpse a possible one, and no more
/// slots than the pack has (a stack is one).
fn check_pack(hero: &HeroRecord, turn: u64, new_game: &NewGame) -> Result<(), Wrong> {
    let mut kinds = Vec::with_capacity(hero.pack.len());
    for (i, item) in hero.pack.iter().enumerate() {
        let field = format!("hero.pack[{i}]");
        kinds.push(known_item(&format!("{field}.kind"), &item.kind, new_game)?);
        if let Some(corpse) = &item.corpse {
            check_corpse(&field, &item.kind, corpse, turn)?;
        }
    }
    let book = &new_game.items;
    let indices: Vec<usize> = (0..hero.pack.len()).collect();
    let used = slots(&indices, |i| {
        let corpse_name = hero.pack[i]
            .corpse
            .as_ref()
            .map(|_| hero.pack[i].name.as_str());
        stack_of(book, &Item { kind: kinds[i] }, corpse_name)
    });
    invariants::pack_within_size(used.len()).map_err(named("hero.pack"))
}

/// What the hero wears is in its pack, and of the right sort.
fn check_worn(hero: &HeroRecord, new_game: &NewGame) -> Result<(), Wrong> {
    let effect = |slot: usize| {
        let kind = new_game.items.find(&hero.pack.get(slot)?.kind)?;
        Some(new_game.items.kinds[kind].effect)
    };
    let is_weapon = |e: ItemEffect| matches!(e, ItemEffect::Weapon(_));
    let is_armour = |e: ItemEffect| matches!(e, ItemEffect::Armour(_));
    let worn: [(&str, Option<usize>, &str, &dyn Fn(ItemEffect) -> bool); 2] = [
        ("hero.weapon", hero.weapon, "weapon", &is_weapon),
        ("hero.armour", hero.armour, "armour", &is_armour),
    ];
    for (field, slot, what, fits) in worn {
        if let Some(slot) = slot.filter(|&slot| !effect(slot).is_some_and(fits)) {
            return Err(format!("{field}: pack slot {slot} holds no {what}"));
        }
    }
    Ok(())
}
