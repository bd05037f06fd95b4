//! Vaults: a level may hold one (cut by `mapgen::vault`), its door locked
//! and its key laid on ground the hero reaches on foot. The key opens the
//! door and goes; the altars inside hold a choice of good things, and
//! lifting one cages the rest, as does breaking a wall of the vault. All
//! of it lives in the terrain (altars, caged altars, the vault's door and
//! walls), so a saved level keeps it as it is.

use bevy::prelude::*;
use gloomdelve_core::rng::GameRng;
use gloomdelve_core::{Pos, Terrain, Tile};

use super::{Belongings, item};
use crate::rules::actors::Actors;
use crate::rules::doors::Told;
use crate::vocab::components::{GridPos, Hero, Item, Pack};
use crate::vocab::data::{ItemBook, ItemEffect, ItemKind};
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::messages::{DoorSwung, TerrainChanged};
use crate::vocab::resources::{Dungeon, Level, RulesRng, TurnCount};

/// What the vault's door and altars tell the hero of the choice.
pub const CHOICE: &str = "Take one; the others will be caged.";

/// How many levels deeper than the vault its treasures may come from.
const DEEPER: u32 = 3;

/// Lays a treasure on each altar of a new level and the vault's key on
/// ground the hero reaches on foot from where it arrives.
pub(super) fn stock_the_vault(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
    mut rng: ResMut<RulesRng>,
) {
    let altars = level.terrain.positions_of(Tile::Altar);
    if altars.is_empty() {
        return;
    }
    let book = &new_game.items;
    let treasures = choose_treasures(book, dungeon.depth, altars.len(), &mut rng.0);
    for (&at, kind) in altars.iter().zip(treasures) {
        commands.spawn(item(book, kind, at));
    }
    let key = book
        .kinds
        .iter()
        .position(|k| k.effect == ItemEffect::VaultKey);
    let floor = open_floor_reached(&level.terrain, level.start);
    if let Some(key) = key.filter(|_| !floor.is_empty()) {
        let at = floor[rng.0.range(0, floor.len() as i32) as usize];
        commands.spawn(item(book, key, at));
    }
}

/// The plain floor the hero reaches on foot from `start`, `start` left out.
pub fn open_floor_reached(terrain: &Terrain, start: Pos) -> Vec<Pos> {
    let mut floor = terrain.walkable_reached_from(start);
    floor.retain(|&p| {
        p != start && matches!(terrain.tile(p), Tile::Floor | Tile::DugFloor | Tile::Grass)
    });
    floor
}

/// Whether a kind is worth a place on an altar: arms, armour, a bow, or
/// a good potion.
fn is_treasure(kind: &ItemKind) -> bool {
    matches!(
        kind.effect,
        ItemEffect::Weapon(_)
            | ItemEffect::Armour(_)
            | ItemEffect::Bow(_)
            | ItemEffect::Heal(_)
            | ItemEffect::Regenerate(_)
            | ItemEffect::FarSight(_)
    )
}

/// Whether a kind is worn or wielded.
fn is_gear(kind: &ItemKind) -> bool {
    matches!(
        kind.effect,
        ItemEffect::Weapon(_) | ItemEffect::Armour(_) | ItemEffect::Bow(_)
    )
}

/// `count` different treasures for a vault at `depth`: the first a piece
/// of gear from deeper down (when there is one), the rest any treasure
/// found by [`DEEPER`] levels below.
pub(crate) fn choose_treasures(
    book: &ItemBook,
    depth: u32,
    count: usize,
    rng: &mut GameRng,
) -> Vec<usize> {
    let within = |k: &ItemKind| k.from_depth <= depth + DEEPER && is_treasure(k);
    let mut pool: Vec<usize> = (0..book.kinds.len())
        .filter(|&i| within(&book.kinds[i]))
        .collect();
    let deeper_gear: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|&i| is_gear(&book.kinds[i]) && book.kinds[i].from_depth > depth)
        .collect();
    let mut chosen = Vec::with_capacity(count);
    if !deeper_gear.is_empty() {
        let first = deeper_gear[rng.range(0, deeper_gear.len() as i32) as usize];
        chosen.push(first);
        pool.retain(|&i| i != first);
    }
    while chosen.len() < count && !pool.is_empty() {
        chosen.push(pool.swap_remove(rng.range(0, pool.len() as i32) as usize));
    }
    chosen
}

/// The pack's vault key, if the hero carries one.
fn key_in_pack(pack: &Pack, book: &ItemBook, items: &Belongings) -> Option<Entity> {
    pack.0.iter().copied().find(|&e| {
        items
            .get(e)
            .is_ok_and(|(_, item, ..)| book.kinds[item.kind].effect == ItemEffect::VaultKey)
    })
}

/// The hero bumps the vault door at `door`: with a key in the pack the
/// door opens and the key goes, taking the turn; without one it stays
/// shut and says where the key is. True when the turn was taken.
pub(crate) fn hero_unlocks(
    actors: &mut Actors,
    door: Pos,
    (pack, book, items): (&mut Pack, &ItemBook, &Belongings),
    commands: &mut Commands,
    (swung, changed): Told,
) -> bool {
    let Some(key) = key_in_pack(pack, book, items) else {
        actors.say("The vault door is locked. Its key lies somewhere on this level.");
        return false;
    };
    if !actors.level.terrain.unlock(door) {
        return false;
    }
    pack.0.retain(|&e| e != key);
    commands.entity(key).despawn();
    swung.write(DoorSwung {
        at: door,
        was: Tile::VaultDoor,
    });
    changed.write(TerrainChanged(vec![door]));
    actors.say(format!(
        "The key turns, and the vault door swings open. {CHOICE}"
    ));
    true
}

/// When the hero stands on an altar it has lifted the treasure from,
/// every other altar on the level is caged, with what lies on it.
pub(super) fn cage_the_rest(
    mut level: ResMut<Level>,
    hero: Single<&GridPos, With<Hero>>,
    lying: Query<&GridPos, (With<Item>, Without<Hero>)>,
    mut changed: MessageWriter<TerrainChanged>,
    mut log: ResMut<GameLog>,
    turn: Res<TurnCount>,
) {
    let at = hero.0;
    if level.terrain.tile(at) != Tile::Altar || lying.iter().any(|p| p.0 == at) {
        return;
    }
    if level.terrain.positions_of(Tile::Altar).len() < 2 {
        return;
    }
    let caged = level.terrain.cage_altars(Some(at));
    log.say(turn.0, "Cages slam down over the other altars.");
    changed.write(TerrainChanged(caged));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> ItemBook {
        ItemBook::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/data/items.ron"
        )))
        .unwrap()
    }

    #[test]
    fn a_vault_offers_different_treasures_with_gear_from_deeper_down() {
        let book = book();
        for seed in 0..50 {
            let mut rng = GameRng::new(seed);
            let chosen = choose_treasures(&book, 2, 3, &mut rng);
            assert_eq!(chosen.len(), 3);
            let mut unique = chosen.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), 3, "no kind twice: {chosen:?}");
            let first = &book.kinds[chosen[0]];
            assert!(is_gear(first) && first.from_depth > 2, "{}", first.name);
            for &kind in &chosen {
                let kind = &book.kinds[kind];
                assert!(is_treasure(kind) && kind.from_depth <= 5, "{}", kind.name);
            }
        }
    }

    #[test]
    fn the_deepest_vault_still_fills_its_altars() {
        let book = book();
        let chosen = choose_treasures(&book, 40, 3, &mut GameRng::new(3));
        assert_eq!(chosen.len(), 3);
    }
}
