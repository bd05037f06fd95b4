//! One system per creature kind. Within each, creatures act in id order,
//! once per point of speed (all first actions, then all second ones).

use bevy::prelude::*;
use gloomdelve_core::path::PathFinder;
use gloomdelve_core::{Dir, Pos};

use crate::vocab::components::{
    ArcherAi, BatAi, Creature, CreatureId, FungusAi, GoblinAi, PackAi, RatAi, Sees, Speed, ThiefAi,
};

use crate::vocab::resources::NextCreatureId;

use crate::rules::combat::Actors;
use crate::rules::creatures::{ChaseBy, ChaseMap, Paths, SearchCost, spawn_creature};
use crate::vocab::components::Hero;
use crate::vocab::data::RulesData;
use crate::vocab::game::NewGame;
use crate::vocab::messages::TurnTaken;
use crate::vocab::states::TurnPhase;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            fungi_act,
            bats_act,
            rats_act,
            goblins_act,
            super::archers::archers_act,
            super::burrowers::burrowers_act,
            super::thieves::thieves_act,
            super::packs::packs_act,
        )
            .chain()
            .in_set(TurnPhase::WorldActs)
            .run_if(on_message::<TurnTaken>),
    );
}

/// Each creature's turns this round, so every creature acts once in id
/// order, then the fast ones again: pass by pass, in id order.
pub(super) fn turn_order<'a>(
    creatures: impl Iterator<Item = (Entity, &'a CreatureId, &'a Speed)>,
) -> Vec<Entity> {
    let mut by_id: Vec<(CreatureId, u8, Entity)> = creatures
        .map(|(entity, id, speed)| (*id, speed.0, entity))
        .collect();
    // Creatures are stored mostly in spawn order: usually nothing to sort.
    if !by_id.is_sorted_by_key(|turn| turn.0) {
        by_id.sort_unstable_by_key(|turn| turn.0);
    }
    let passes = by_id.iter().map(|turn| turn.1).max().unwrap_or(0);
    let mut turns = Vec::with_capacity(by_id.len() * usize::from(passes));
    for pass in 0..passes {
        let fast_enough = by_id.iter().filter(|turn| turn.1 > pass);
        turns.extend(fast_enough.map(|turn| turn.2));
    }
    turns
}

fn random_dir(actors: &mut Actors) -> Dir {
    Dir::ALL[actors.rng.0.range(0, 8) as usize]
}

/// The open step from `from` in `dir`, under the hero's movement rule.
fn open_step(actors: &Actors, from: Pos, dir: Dir) -> Option<Pos> {
    actors.level.terrain.step_to(from, dir)
}

/// The direction from `from` that reaches `to` in one legal step, if any.
pub(super) fn step_towards(actors: &Actors, from: Pos, to: Pos) -> Option<Dir> {
    Dir::ALL
        .into_iter()
        .find(|&d| from.step(d) == to && open_step(actors, from, d).is_some())
}

/// A random step onto free floor, if the dice pick one.
pub(super) fn wander(actors: &mut Actors, entity: Entity, at: Pos) {
    let dir = random_dir(actors);
    if let Some(to) = open_step(actors, at, dir) {
        actors.try_move(entity, to);
    }
}

/// Where a living creature and the hero stand, or `None` if it is dead.
pub(super) fn positions(actors: &Actors, entity: Entity, hero: Entity) -> Option<(Pos, Pos)> {
    let at = actors.ready_at(entity)?;
    Some((at, actors.pos(hero)?))
}

/// Goblins that go their own ways: the kinds with a [`GoblinAi`]'s memory
/// and an AI of their own.
type PlainGoblin = (Without<ArcherAi>, Without<ThiefAi>, Without<PackAi>);

/// A step onto a free tile farther from the hero, the farthest first.
pub(super) fn step_away(actors: &mut Actors, entity: Entity, at: Pos, hero_at: Pos) -> bool {
    let distance = |p: Pos| (p.x - hero_at.x).pow(2) + (p.y - hero_at.y).pow(2);
    let away = Dir::ALL
        .into_iter()
        .filter_map(|dir| actors.level.terrain.step_to(at, dir))
        .filter(|&to| distance(to) > distance(at) && actors.occupancy.is_free(to))
        .max_by_key(|&to| (distance(to), std::cmp::Reverse(to)));
    away.is_some_and(|to| actors.try_move(entity, to))
}

/// Whether a creature at `at` that sees as far as `vision` sees the hero.
pub(super) fn sees_hero(
    actors: &Actors,
    hero: Entity,
    (at, hero_at): (Pos, Pos),
    vision: i32,
) -> bool {
    actors.is_alive(hero)
        && actors
            .sight()
            .is_some_and(|s| s.sees_hero(hero_at, at, vision))
}

/// A creature that has lost sight of the hero goes to where it saw it
/// last; there, or with no such place, it forgets and wanders.
pub(super) fn follow_trail(
    actors: &mut Actors,
    searches: &mut Searches,
    (entity, at): (Entity, Pos),
    memory: &mut GoblinAi,
) {
    let target = memory.last_seen.filter(|&t| t != at);
    let on_trail = target.is_some_and(|target| searches.walk(actors, entity, at, target));
    if !on_trail {
        memory.last_seen = None;
        wander(actors, entity, at);
    }
}

/// A fungus never moves. Sometimes it plants a child on free floor nearby,
/// while the level holds fewer fungi than the rules' bound.
fn fungi_act(
    mut commands: Commands,
    mut actors: Actors,
    new_game: Res<NewGame>,
    mut next_id: ResMut<NextCreatureId>,
    mut fungi: Query<(Entity, &CreatureId, &Speed, &Creature, &mut FungusAi)>,
) {
    let rules = &new_game.rules;
    let mut living = fungi.iter().filter(|(e, ..)| actors.is_alive(*e)).count();
    // At the bound no fungus spreads, and none rolls a die.
    if living >= rules.fungi_per_level {
        return;
    }
    let order = turn_order(fungi.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    for entity in order {
        let Some(at) = actors.ready_at(entity) else {
            continue;
        };
        let Ok((.., creature, mut fungus)) = fungi.get_mut(entity) else {
            continue;
        };
        if living >= rules.fungi_per_level
            || fungus.spreads >= rules.fungus_max_spreads
            || !actors.rng.0.chance(rules.fungus_spread_chance)
        {
            continue;
        }
        let range = rules.fungus_spread_range;
        let (dx, dy) = (
            actors.rng.0.range(-range, range + 1),
            actors.rng.0.range(-range, range + 1),
        );
        let spot = Pos::new(at.x + dx, at.y + dy);
        if spot != at
            && actors.level.terrain.admits_creatures(spot)
            && actors.occupancy.is_free(spot)
        {
            let child = spawn_creature(
                &mut commands,
                &new_game.creatures,
                &mut next_id,
                creature.kind,
                spot,
            );
            actors.occupancy.place(child, spot);
            fungus.spreads += 1;
            living += 1;
        }
    }
}

/// Bats flutter at random and bite whatever they bump into, bats aside.
fn bats_act(mut actors: Actors, bats: Query<(Entity, &CreatureId, &Speed), With<BatAi>>) {
    for entity in turn_order(bats.iter()) {
        let Some(at) = actors.ready_at(entity) else {
            continue;
        };
        let dir = random_dir(&mut actors);
        let Some(to) = open_step(&actors, at, dir) else {
            continue;
        };
        match actors.occupancy.at(to) {
            Some(other) if !bats.contains(other) => actors.strike(entity, other),
            Some(_) => {}
            None => {
                actors.try_move(entity, to);
            }
        }
    }
}

/// Rats bite the hero when next to it, and otherwise wander.
fn rats_act(
    mut actors: Actors,
    hero: Single<Entity, With<Hero>>,
    rats: Query<(Entity, &CreatureId, &Speed), With<RatAi>>,
) {
    let hero = *hero;
    for entity in turn_order(rats.iter()) {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        if actors.is_alive(hero) && step_towards(&actors, at, hero_at).is_some() {
            actors.strike(entity, hero);
        } else {
            wander(&mut actors, entity, at);
        }
    }
}

/// Goblins chase the hero they see along a shortest path and strike when
/// adjacent; having lost it, they go to where they saw it last, then wander.
fn goblins_act(
    mut actors: Actors,
    new_game: Res<NewGame>,
    hero: Single<Entity, With<Hero>>,
    mut cost: ResMut<SearchCost>,
    mut paths: ResMut<Paths>,
    mut chase: ResMut<ChaseMap>,
    chase_by: Res<ChaseBy>,
    mut goblins: Query<(Entity, &CreatureId, &Speed, &Sees, &mut GoblinAi), PlainGoblin>,
) {
    let hero = *hero;
    *cost = SearchCost::default();
    chase.toward = None;
    let rules = &new_game.rules;
    let budget = rules.goblin_search_budget;
    let order = turn_order(goblins.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    for entity in order {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        let Ok((.., sees, mut goblin)) = goblins.get_mut(entity) else {
            continue;
        };
        let sees_hero = sees_hero(&actors, hero, (at, hero_at), sees.0);
        if sees_hero {
            goblin.last_seen = Some(hero_at);
            if step_towards(&actors, at, hero_at).is_some() {
                actors.strike(entity, hero);
                continue;
            }
        }
        match goblin.last_seen {
            Some(target) if target != at => {
                let on_trail = if target == hero_at && *chase_by == ChaseBy::SharedMap {
                    chase.fill(&actors, &mut cost, hero_at, rules.chase_map_budget);
                    chase.step(&mut actors, entity, at)
                } else {
                    let mut searches = Searches {
                        finder: &mut paths.0,
                        cost: &mut cost,
                        budget,
                    };
                    searches.walk(&mut actors, entity, at, target)
                };
                if !on_trail && !sees_hero {
                    goblin.last_seen = None;
                }
            }
            _ => {
                goblin.last_seen = None;
                wander(&mut actors, entity, at);
            }
        }
    }
}

/// A creature's own path searches: the shared finder, what the searches
/// cost this turn, and the node budget of each.
pub(super) struct Searches<'a> {
    pub finder: &'a mut PathFinder,
    pub cost: &'a mut SearchCost,
    pub budget: usize,
}

impl<'a> Searches<'a> {
    /// The searches of a kind that finds its way as goblins do: the shared
    /// finder and cost, with the rules' goblin budget.
    pub(super) fn as_goblins(
        paths: &'a mut Paths,
        cost: &'a mut SearchCost,
        rules: &RulesData,
    ) -> Self {
        Self {
            finder: &mut paths.0,
            cost,
            budget: rules.goblin_search_budget,
        }
    }

    /// Takes the first step of a bounded shortest path to `target`, around
    /// other creatures. False when no path was found within the budget.
    pub(super) fn walk(
        &mut self,
        actors: &mut Actors,
        entity: Entity,
        from: Pos,
        target: Pos,
    ) -> bool {
        self.walk_around(actors, (entity, from), target, |_| false)
    }

    /// As [`Searches::walk`], keeping off the tiles `keep_off` names.
    pub(super) fn walk_around(
        &mut self,
        actors: &mut Actors,
        (entity, from): (Entity, Pos),
        target: Pos,
        keep_off: impl Fn(Pos) -> bool,
    ) -> bool {
        walk_towards(actors, self, (entity, from), target, keep_off)
    }
}

fn walk_towards(
    actors: &mut Actors,
    searches: &mut Searches,
    (entity, from): (Entity, Pos),
    target: Pos,
    keep_off: impl Fn(Pos) -> bool,
) -> bool {
    let (paths, cost, budget) = (&mut *searches.finder, &mut *searches.cost, searches.budget);
    let terrain = &actors.level.terrain;
    let occupancy = &actors.occupancy;
    let result = paths.find(from, target, budget, |p| {
        terrain.admits_creatures(p) && occupancy.is_free(p) && !keep_off(p)
    });
    cost.most_by_one = cost.most_by_one.max(result.expanded);
    cost.total += result.expanded;
    let Some(first) = result.path.and_then(|path| path.first().copied()) else {
        return false;
    };
    actors.try_move(entity, first);
    true
}

impl ChaseMap {
    /// Fills the steps to `hero_at` over the `budget` tiles nearest it, on
    /// ground creatures may enter and under the hero's corner rule, unless
    /// this turn's map already leads there. The fill ignores creatures:
    /// [`ChaseMap::step`] goes around them.
    fn fill(&mut self, actors: &Actors, cost: &mut SearchCost, hero_at: Pos, budget: usize) {
        if self.toward == Some(hero_at) {
            return;
        }
        let terrain = &actors.level.terrain;
        let reached = self.steps.compute_within(
            [hero_at],
            budget,
            |p| terrain.admits_creatures(p),
            |from, dir| terrain.can_step(from, dir),
        );
        self.toward = Some(hero_at);
        cost.most_by_one = cost.most_by_one.max(reached);
        cost.total += reached;
    }

    /// Takes a step nearer the hero onto a free tile, or waits when others
    /// fill every such tile. False when the map does not reach `from`: the
    /// hero is too far away to follow.
    fn step(&self, actors: &mut Actors, entity: Entity, from: Pos) -> bool {
        if self.steps.distance(from).is_none() {
            return false;
        }
        let terrain = &actors.level.terrain;
        let downhill = self.steps.downhill_onto(
            from,
            |at, dir| terrain.can_step(at, dir),
            |p| actors.occupancy.is_free(p),
        );
        if let Some(dir) = downhill {
            actors.try_move(entity, from.step(dir));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_creature_acts_once_in_id_order_then_the_fast_ones_again() {
        let entities: Vec<Entity> = (1..=4)
            .map(Entity::from_raw_u32)
            .map(Option::unwrap)
            .collect();
        let ids = [CreatureId(7), CreatureId(2), CreatureId(5), CreatureId(3)];
        let speeds = [Speed(2), Speed(1), Speed(3), Speed(1)];
        let stored = (0..4).map(|i| (entities[i], &ids[i], &speeds[i]));
        let [seven, two, five, three] = [entities[0], entities[1], entities[2], entities[3]];
        assert_eq!(
            turn_order(stored),
            vec![two, three, five, seven, five, seven, five]
        );
    }
}
