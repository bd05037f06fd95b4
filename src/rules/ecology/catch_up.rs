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

use gloomdelve_core::rng::derive_seed;
use gloomdelve_core::{GameRng, Grid, Pos, Terrain, Tile};

use crate::rules::creatures::behaviours::grazes::{self, Grazing};
use crate::rules::creatures::behaviours::memory::{self, Remembered};
use crate::rules::creatures::behaviours::spreads::{self, Spreading, room_to_grow, square_around};
use crate::rules::ecology::{grows_on_the_dead, may_sprout, sprout_spot, sprouts_below};
use crate::rules::hunger::ripened;
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
    let epochs = epochs_between(from, to, every, ecology.catch_up_epochs);
    if !epochs.is_empty() {
        let mut cave = Cave::of(level, &away.new_game.creatures);
        for epoch in epochs {
            let id = Stream::CatchUp(away.depth, epoch).id();
            let mut rng = GameRng::new(derive_seed(away.new_game.seed, id));
            cave.live_one_epoch(epoch * every, &mut rng, away);
        }
        cave.remember();
    }
    ripen_bodies(level, to, &away.new_game.rules);
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
        let Some(corpse) = &item.corpse else {
            continue;
        };
        let age = turn.saturating_sub(corpse.died);
        let body = (item.name.as_str(), item.sprite.as_str());
        if let Some(later) = ripened(corpse, body, age, &rules.hunger) {
            (item.corpse, item.name, item.sprite) = (Some(later.corpse), later.name, later.sprite);
        }
    }
}

/// Whether the catch-up may leave a creature on `at`: ground it may stand
/// on, but no stairs, where the hero may be about to arrive.
fn may_end_on(terrain: &Terrain, at: Pos) -> bool {
    let stairs = matches!(terrain.tile(at), Tile::StairsUp | Tile::StairsDown);
    terrain.admits_creatures(at) && !stairs
}

/// What a creature of the level remembers, read once from its record for
/// the whole catch-up.
#[derive(Clone, Copy, Debug, Default)]
struct Mind {
    kind: Option<usize>,
    spreading: Spreading,
    grazing: Grazing,
}

/// The level while it is caught up: its records, with each creature's
/// kind and memories beside it (in the same order), and who stands where.
struct Cave<'a> {
    level: &'a mut StoredLevel,
    book: &'a CreatureBook,
    minds: Vec<Mind>,
    /// Who stands on each tile, by index into the creatures.
    taken: Grid<Option<usize>>,
}

impl<'a> Cave<'a> {
    fn of(level: &'a mut StoredLevel, book: &'a CreatureBook) -> Self {
        let minds = (level.creatures.iter())
            .map(|c| Mind {
                kind: book.find(&c.kind),
                spreading: recall(c, spreads::MEMORY.key),
                grazing: recall(c, grazes::MEMORY.key),
            })
            .collect();
        let (width, height) = (level.terrain.width(), level.terrain.height());
        let mut cave = Self {
            level,
            book,
            minds,
            taken: Grid::new(width, height, None),
        };
        cave.look_around();
        cave
    }

    /// Who stands where, the dead left out.
    fn look_around(&mut self) {
        let (width, height) = (self.taken.width(), self.taken.height());
        self.taken = Grid::new(width, height, None);
        for (i, creature) in self.level.creatures.iter().enumerate() {
            if creature.hp > 0 {
                self.taken.set(creature.pos, Some(i));
            }
        }
    }

    /// Who stands on `at`, if anyone.
    fn at(&self, at: Pos) -> Option<usize> {
        self.taken.get(at).copied().flatten()
    }

    /// Whether a creature may be put on `at`: ground it may end on that
    /// no one holds.
    fn open(&self, at: Pos) -> bool {
        may_end_on(&self.level.terrain, at) && self.at(at).is_none()
    }

    /// Whether creature `i` lives and is of a kind that does `behaviour`.
    fn does(&self, i: usize, behaviour: &Behaviour) -> bool {
        let kind = self.minds[i].kind;
        self.level.creatures[i].hp > 0 && kind.is_some_and(|k| self.book.kinds[k].does(behaviour))
    }

    /// The living creatures of kinds that do `behaviour`, in id order.
    fn in_id_order(&self, behaviour: &Behaviour) -> Vec<usize> {
        let creatures = &self.level.creatures;
        let mut found: Vec<usize> = (0..creatures.len())
            .filter(|&i| self.does(i, behaviour))
            .collect();
        found.sort_by_key(|&i| creatures[i].id);
        found
    }

    /// Puts a fresh creature of `kind` on `at`, with the next id.
    fn bear(&mut self, kind: usize, at: Pos, next_id: &mut NextCreatureId) {
        let data = &self.book.kinds[kind];
        let id = next_id.0;
        next_id.0 += 1;
        self.taken.set(at, Some(self.level.creatures.len()));
        let record = CreatureRecord::new(id, data.name.clone(), at, (data.hp, data.hp));
        self.level.creatures.push(record);
        self.minds.push(Mind {
            kind: Some(kind),
            ..Mind::default()
        });
    }

    /// One epoch of the level's life, ending on turn `end`.
    fn live_one_epoch(&mut self, end: u64, rng: &mut GameRng, away: &mut Away) {
        let rules = &away.new_game.rules;
        let turns = rules.ecology.catch_up_every;
        ripen_bodies(self.level, end, rules);
        self.sprout_bodies((rng, turns), away);
        self.spread((rng, turns), away);
        self.graze((rng, turns), rules);
    }

    /// Rotten bodies may sprout, in the order they died, below what the
    /// level bears.
    fn sprout_bodies(&mut self, (rng, turns): (&mut GameRng, u64), away: &mut Away) {
        let rules = &away.new_game.rules;
        let Some(kind) = grows_on_the_dead(self.book) else {
            return;
        };
        let chance = over_turns(rules.ecology.sprout_chance, turns);
        let creatures = 0..self.level.creatures.len();
        let mut living = creatures
            .filter(|&i| self.does(i, &Behaviour::Spreads))
            .count();
        let items = &self.level.items;
        let mut ripe: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].corpse.as_ref().is_some_and(may_sprout))
            .collect();
        ripe.sort_by_key(|&i| {
            let item = &items[i];
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
            let at = self.level.items[i].pos;
            let Some(spot) = sprout_spot(rng, chance, at, |p| self.open(p)) else {
                continue;
            };
            self.bear(kind, spot, away.next_id);
            if let Some(corpse) = self.level.items[i].corpse.as_mut() {
                corpse.sprouted = true;
            }
            living += 1;
        }
    }

    /// Each spreader may plant one child within its range, below the bound.
    fn spread(&mut self, (rng, turns): (&mut GameRng, u64), away: &mut Away) {
        let rules = &away.new_game.rules;
        let (range, ecology) = (rules.fungus_spread_range, &rules.ecology);
        let spreaders = self.in_id_order(&Behaviour::Spreads);
        let mut living = spreaders.len();
        for i in spreaders {
            let spread_so_far = self.minds[i].spreading.spreads;
            if living >= rules.fungi_per_level || spread_so_far >= rules.fungus_max_spreads {
                continue;
            }
            let room = room_to_grow(self.kin_within(i, range), ecology.crowding)
                * room_to_grow(living, ecology.carrying);
            if !rng.chance(over_turns(rules.fungus_spread_chance * room, turns)) {
                continue;
            }
            let at = self.level.creatures[i].pos;
            let spot = Pos::new(
                at.x + rng.range(-range, range + 1),
                at.y + rng.range(-range, range + 1),
            );
            let Some(kind) = self.minds[i].kind.filter(|_| spot != at && self.open(spot)) else {
                continue;
            };
            self.bear(kind, spot, away.next_id);
            self.minds[i].spreading.spreads += 1;
            living += 1;
        }
    }

    /// How many living creatures of the kind of creature `i` stand within
    /// `range` tiles of it.
    fn kin_within(&self, i: usize, range: i32) -> usize {
        let at = self.level.creatures[i].pos;
        let kind = self.minds[i].kind;
        square_around(at, range)
            .filter_map(|p| self.at(p))
            .filter(|&j| j != i && self.minds[j].kind == kind)
            .count()
    }

    /// Each grazer digests the epoch; a hungry one may eat the nearest
    /// meal within reach, and stand where it stood (if that is no stairs).
    fn graze(&mut self, (rng, turns): (&mut GameRng, u64), rules: &RulesData) {
        let ecology = &rules.ecology;
        let digested = u32::try_from(turns).unwrap_or(u32::MAX);
        for i in self.in_id_order(&Behaviour::Grazes(String::new())) {
            let grazing = &mut self.minds[i].grazing;
            grazing.sated = grazing.sated.saturating_sub(digested);
            if grazing.is_sated() {
                continue;
            }
            let Some(meal) = self.nearest_meal(i, ecology.graze_reach) else {
                continue;
            };
            if !rng.chance(ecology.graze_chance) {
                continue;
            }
            let at = self.level.creatures[meal].pos;
            self.level.creatures[meal].hp = 0;
            self.taken.set(at, None);
            let grazer = &mut self.level.creatures[i];
            if may_end_on(&self.level.terrain, at) {
                self.taken.set(grazer.pos, None);
                grazer.pos = at;
                self.taken.set(at, Some(i));
            }
            grazer.hp = grazer
                .hp
                .saturating_add(ecology.graze_heal)
                .min(grazer.max_hp);
            self.minds[i].grazing.sated = ecology.sated_turns;
        }
        self.bury_the_eaten();
    }

    /// The living creature of the kind creature `i` grazes nearest it,
    /// within `reach` tiles (the first by place of those as near).
    fn nearest_meal(&self, i: usize, reach: i32) -> Option<usize> {
        let food = self.minds[i]
            .kind
            .and_then(|k| self.book.kinds[k].grazes())?;
        let food = self.book.find(food);
        let from = self.level.creatures[i].pos;
        let creatures = &self.level.creatures;
        (0..creatures.len())
            .filter(|&j| {
                let c = &creatures[j];
                c.hp > 0 && self.minds[j].kind == food && c.pos.chebyshev(from) <= reach
            })
            .min_by_key(|&j| {
                let at = creatures[j].pos;
                (at.chebyshev(from), at.y, at.x)
            })
    }

    /// Takes the eaten off the level, their memories with them.
    fn bury_the_eaten(&mut self) {
        let living: Vec<bool> = self.level.creatures.iter().map(|c| c.hp > 0).collect();
        if living.iter().all(|&l| l) {
            return;
        }
        let mut keep = living.iter().copied();
        self.level.creatures.retain(|_| keep.next().unwrap_or(true));
        let mut keep = living.iter().copied();
        self.minds.retain(|_| keep.next().unwrap_or(true));
        self.look_around();
    }

    /// Writes each creature's memories back into its record.
    fn remember(self) {
        for (record, mind) in self.level.creatures.iter_mut().zip(&self.minds) {
            remember(record, spreads::MEMORY.key, &mind.spreading);
            remember(record, grazes::MEMORY.key, &mind.grazing);
        }
    }
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
