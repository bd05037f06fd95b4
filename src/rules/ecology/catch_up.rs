//! A level the hero left goes on living: when the hero comes back, it is
//! caught up by the turns that passed in one bounded step, on its stored
//! records, before anything is spawned.
//!
//! Time away is cut into epochs of `ecology.catch_up_every` turns, counted
//! from turn 0 of the game, so a stay away ends the same epochs whether
//! the hero was gone once for 1,000 turns or twice for 500. Each epoch
//! rolls its own dice, seeded from the game, the depth and the epoch's
//! number ([`Stream::CatchUp`]), and in one go:
//! - bodies ripen to their stage at the epoch's end, and a rotten one may
//!   sprout (the turn's chance, over the epoch's turns);
//! - each spreader may plant one child, its chance over the epoch's turns
//!   thinned by the crowd about it, below the level's bound;
//! - each grazer digests the epoch's turns; a hungry one with a meal within
//!   `ecology.graze_reach` tiles eats the nearest with the chance a turn
//!   gives (it had to find it), stands where it stood, heals and is sated.
//!
//! No creature is left on stairs, where the hero arrives.
//!
//! At most `ecology.catch_up_epochs` epochs are played, the last ones: a
//! level left longer than that has long settled. Bodies end at their stage
//! for the turn of the hero's return.

use std::collections::HashMap;

use gloomdelve_core::{GameRng, Pos, Terrain, Tile};

use crate::rules::creatures::behaviours::grazes::{self, Grazing};
use crate::rules::creatures::behaviours::memory::{self, Remembered};
use crate::rules::creatures::behaviours::spreads::{self, Spreading, room_to_grow};
use crate::rules::ecology::{grows_on_the_dead, may_sprout, sprout_spot, sprouts_below};
use crate::rules::hunger::{Body, ripened};
use crate::vocab::data::{Behaviour, CreatureBook, RulesData};
use crate::vocab::game::NewGame;
use crate::vocab::records::{CreatureRecord, StoredLevel};
use crate::vocab::resources::NextCreatureId;
use crate::vocab::streams::Stream;

/// Which level is caught up, and the ids new creatures take.
pub struct Away<'a> {
    pub new_game: &'a NewGame,
    pub depth: u32,
    pub next_id: &'a mut NextCreatureId,
}

/// The epochs that end after turn `from` and by turn `to`, the last
/// `most` of them, each by its number (it ends on turn number × `every`).
pub fn epochs_between(from: u64, to: u64, every: u64, most: u64) -> std::ops::RangeInclusive<u64> {
    let every = every.max(1);
    let (first, last) = (from / every + 1, to / every);
    first.max((last + 1).saturating_sub(most))..=last
}

/// Catches `level`, left on turn `from`, up to turn `to`.
pub fn catch_up(level: &mut StoredLevel, (from, to): (u64, u64), away: &mut Away) {
    let ecology = &away.new_game.rules.ecology;
    let every = ecology.catch_up_every;
    for epoch in epochs_between(from, to, every, ecology.catch_up_epochs) {
        let id = Stream::CatchUp(away.depth, epoch).id();
        let mut rng = GameRng::new(gloomdelve_core::rng::derive_seed(away.new_game.seed, id));
        live_one_epoch(level, epoch * every, &mut rng, away);
    }
    ripen_bodies(level, to, &away.new_game.rules);
}

/// One epoch of the level's life, ending on turn `end`.
fn live_one_epoch(level: &mut StoredLevel, end: u64, rng: &mut GameRng, away: &mut Away) {
    let rules = &away.new_game.rules;
    let turns = rules.ecology.catch_up_every;
    ripen_bodies(level, end, rules);
    sprout_bodies(level, (rng, turns), away);
    spread(level, (rng, turns), away);
    graze(level, (rng, turns), &away.new_game.creatures, rules);
}

/// The chance that something with `chance` a turn happens at least once
/// in `turns` turns.
pub fn over_turns(chance: f64, turns: u64) -> f64 {
    let mut never = 1.0;
    for _ in 0..turns {
        never *= 1.0 - chance.clamp(0.0, 1.0);
    }
    1.0 - never
}

/// Every body on the floor at its stage on turn `turn`.
fn ripen_bodies(level: &mut StoredLevel, turn: u64, rules: &RulesData) {
    for item in &mut level.items {
        let Some(corpse) = item.corpse.clone() else {
            continue;
        };
        let age = turn.saturating_sub(corpse.died);
        let body = Body {
            corpse,
            name: item.name.clone(),
            sprite: item.sprite.clone(),
        };
        if let Some(later) = ripened(&body, age, &rules.hunger) {
            (item.corpse, item.name, item.sprite) = (Some(later.corpse), later.name, later.sprite);
        }
    }
}

/// Who stands where, by index into the level's creatures, the dead left
/// out.
fn standing(level: &StoredLevel) -> HashMap<Pos, usize> {
    (level.creatures.iter().enumerate())
        .filter(|(_, c)| c.hp > 0)
        .map(|(i, c)| (c.pos, i))
        .collect()
}

/// Whether a creature may be put on `at`: ground it may stand on that no
/// one holds, and no stairs, where the hero may be about to arrive.
fn open(terrain: &Terrain, taken: &HashMap<Pos, usize>, at: Pos) -> bool {
    may_end_on(terrain, at) && !taken.contains_key(&at)
}

/// Whether the catch-up may leave a creature on `at`: ground it may stand
/// on, but no stairs.
fn may_end_on(terrain: &Terrain, at: Pos) -> bool {
    let stairs = matches!(terrain.tile(at), Tile::StairsUp | Tile::StairsDown);
    terrain.admits_creatures(at) && !stairs
}

/// The living creatures of the kinds that do `behaviour`.
fn count_doing(level: &StoredLevel, book: &CreatureBook, behaviour: &Behaviour) -> usize {
    let does = |name: &str| {
        book.find(name)
            .is_some_and(|k| book.kinds[k].does(behaviour))
    };
    (level.creatures.iter())
        .filter(|c| c.hp > 0 && does(&c.kind))
        .count()
}

/// A fresh creature of `kind` on `at`, with the next id.
fn newborn(
    book: &CreatureBook,
    kind: usize,
    at: Pos,
    next_id: &mut NextCreatureId,
) -> CreatureRecord {
    let data = &book.kinds[kind];
    let id = next_id.0;
    next_id.0 += 1;
    CreatureRecord::new(id, data.name.clone(), at, (data.hp, data.hp))
}

/// The memory `M` a record keeps under `key`, or a fresh one.
fn recall<M: Remembered>(record: &CreatureRecord, key: &str) -> M {
    (record.memories.get(key))
        .and_then(|saved| memory::read::<M>(saved).ok())
        .unwrap_or_default()
}

/// Keeps `value` as the record's memory under `key`, while worth keeping.
fn remember<M: Remembered>(record: &mut CreatureRecord, key: &str, value: &M) {
    match memory::to_saved(value) {
        Ok(saved) if value.worth_keeping() => _ = record.memories.insert(key.to_string(), saved),
        _ => _ = record.memories.remove(key),
    }
}

/// Rotten bodies may sprout, in the order they died, below the bound.
fn sprout_bodies(level: &mut StoredLevel, (rng, turns): (&mut GameRng, u64), away: &mut Away) {
    let (book, rules) = (&away.new_game.creatures, &away.new_game.rules);
    let Some(kind) = grows_on_the_dead(book) else {
        return;
    };
    let chance = over_turns(rules.ecology.sprout_chance, turns);
    let mut living = count_doing(level, book, &Behaviour::Spreads);
    let mut ripe: Vec<usize> = (0..level.items.len())
        .filter(|&i| level.items[i].corpse.as_ref().is_some_and(may_sprout))
        .collect();
    ripe.sort_by_key(|&i| {
        let item = &level.items[i];
        (
            item.corpse.as_ref().map_or(0, |c| c.died),
            item.pos.y,
            item.pos.x,
        )
    });
    for i in ripe {
        if living >= sprouts_below(rules) {
            return;
        }
        let taken = standing(level);
        let at = level.items[i].pos;
        let room = |p: Pos| open(&level.terrain, &taken, p);
        let Some(spot) = sprout_spot(rng, chance, at, room) else {
            continue;
        };
        level
            .creatures
            .push(newborn(book, kind, spot, away.next_id));
        if let Some(corpse) = level.items[i].corpse.as_mut() {
            corpse.sprouted = true;
        }
        living += 1;
    }
}

/// Indices of the living creatures of kinds that do `behaviour`, in id
/// order.
fn in_id_order(level: &StoredLevel, book: &CreatureBook, behaviour: &Behaviour) -> Vec<usize> {
    let does = |name: &str| book.find(name).filter(|&k| book.kinds[k].does(behaviour));
    let mut found: Vec<usize> = (0..level.creatures.len())
        .filter(|&i| level.creatures[i].hp > 0 && does(&level.creatures[i].kind).is_some())
        .collect();
    found.sort_by_key(|&i| level.creatures[i].id);
    found
}

/// Each spreader may plant one child within its range, below the bound.
fn spread(level: &mut StoredLevel, (rng, turns): (&mut GameRng, u64), away: &mut Away) {
    let (book, rules) = (&away.new_game.creatures, &away.new_game.rules);
    let range = rules.fungus_spread_range;
    let mut living = count_doing(level, book, &Behaviour::Spreads);
    for i in in_id_order(level, book, &Behaviour::Spreads) {
        let parent = &level.creatures[i];
        let mut spreading: Spreading = recall(parent, spreads::MEMORY.key);
        if living >= rules.fungi_per_level || spreading.spreads >= rules.fungus_max_spreads {
            continue;
        }
        let taken = standing(level);
        let crowd = kin_within(level, &taken, i, range);
        let ecology = &rules.ecology;
        let room = room_to_grow(crowd, ecology.crowding) * room_to_grow(living, ecology.carrying);
        let chance = rules.fungus_spread_chance * room;
        if !rng.chance(over_turns(chance, turns)) {
            continue;
        }
        let at = parent.pos;
        let spot = Pos::new(
            at.x + rng.range(-range, range + 1),
            at.y + rng.range(-range, range + 1),
        );
        if spot == at || !open(&level.terrain, &taken, spot) {
            continue;
        }
        let Some(kind) = book.find(&parent.kind) else {
            continue;
        };
        level
            .creatures
            .push(newborn(book, kind, spot, away.next_id));
        spreading.spreads += 1;
        remember(&mut level.creatures[i], spreads::MEMORY.key, &spreading);
        living += 1;
    }
}

/// How many living creatures of the kind of creature `i` stand within
/// `range` tiles of it.
fn kin_within(level: &StoredLevel, taken: &HashMap<Pos, usize>, i: usize, range: i32) -> usize {
    let me = &level.creatures[i];
    let around = (-range..=range)
        .flat_map(|dy| (-range..=range).map(move |dx| Pos::new(me.pos.x + dx, me.pos.y + dy)));
    around
        .filter_map(|at| taken.get(&at))
        .filter(|&&j| j != i && level.creatures[j].kind == me.kind)
        .count()
}

/// Each grazer digests the epoch; a hungry one may eat the nearest meal
/// within reach.
fn graze(
    level: &mut StoredLevel,
    (rng, turns): (&mut GameRng, u64),
    book: &CreatureBook,
    rules: &RulesData,
) {
    let ecology = &rules.ecology;
    let grazers = in_id_order(level, book, &Behaviour::Grazes(String::new()));
    for i in grazers {
        let mut grazing: Grazing = recall(&level.creatures[i], grazes::MEMORY.key);
        grazing.sated = grazing
            .sated
            .saturating_sub(u32::try_from(turns).unwrap_or(u32::MAX));
        let food = book
            .find(&level.creatures[i].kind)
            .and_then(|k| book.kinds[k].grazes());
        let meal = food.and_then(|food| nearest_meal(level, i, food, ecology.graze_reach));
        if let Some(meal) = meal.filter(|_| !grazing.is_sated())
            && rng.chance(ecology.graze_chance)
        {
            let at = level.creatures[meal].pos;
            level.creatures[meal].hp = 0;
            let stays = !may_end_on(&level.terrain, at);
            let grazer = &mut level.creatures[i];
            if !stays {
                grazer.pos = at;
            }
            grazer.hp = grazer
                .hp
                .saturating_add(ecology.graze_heal)
                .min(grazer.max_hp);
            grazing.sated = ecology.sated_turns;
        }
        remember(&mut level.creatures[i], grazes::MEMORY.key, &grazing);
    }
    level.creatures.retain(|c| c.hp > 0);
}

/// The living creature of kind `food` nearest creature `i`, within
/// `reach` tiles (the first by place of those as near).
fn nearest_meal(level: &StoredLevel, i: usize, food: &str, reach: i32) -> Option<usize> {
    let from = level.creatures[i].pos;
    (0..level.creatures.len())
        .filter(|&j| {
            let c = &level.creatures[j];
            c.hp > 0 && c.kind == food && c.pos.chebyshev(from) <= reach
        })
        .min_by_key(|&j| {
            let at = level.creatures[j].pos;
            (at.chebyshev(from), at.y, at.x)
        })
}
