//! How creatures find their way: the path finder they share, the map of
//! steps to the hero filled once a turn, and what their searches cost.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::path::PathFinder;

use crate::rules::actors::Actors;
use crate::vocab::data::RulesData;
use crate::vocab::resources::Level;

/// How many path-search nodes chasers expanded in the last turn: the cost
/// the node budget bounds.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SearchCost {
    /// The most any one creature's search expanded.
    pub most_by_one: usize,
    /// All creatures together.
    pub total: usize,
}

/// The path finder creatures share, sized to the level.
#[derive(Resource, Debug, Clone)]
pub struct Paths(pub PathFinder);

/// How chasers find their way to the hero they notice.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum ChaseBy {
    /// One map of the steps to the hero, filled once a turn and shared by
    /// every creature on the hero's trail (Brogue's way).
    #[default]
    SharedMap,
    /// Each creature's own A* search, as before the shared map: kept so the
    /// turn benchmark can measure the two side by side.
    OwnSearch,
}

/// The steps to the hero's tile from the tiles nearest it, filled at most
/// once a turn, when the first creature on the hero's trail acts.
#[derive(Resource, Debug, Clone)]
pub struct ChaseMap {
    pub(crate) steps: DijkstraMap,
    /// The hero's tile the map was filled for this turn, if it was.
    pub(crate) toward: Option<Pos>,
}

/// Sizes the path finder and the chase map to the level just entered.
pub(super) fn prepare_paths(mut commands: Commands, level: Res<Level>) {
    let (width, height) = (level.terrain.width(), level.terrain.height());
    commands.insert_resource(Paths(PathFinder::for_map(width, height)));
    commands.insert_resource(ChaseMap {
        steps: DijkstraMap::new(width, height),
        toward: None,
    });
}

/// A creature's own path searches: the shared finder, what the searches
/// cost this turn, and the node budget of each.
pub struct Searches<'a> {
    pub finder: &'a mut PathFinder,
    pub cost: &'a mut SearchCost,
    pub budget: usize,
}

impl<'a> Searches<'a> {
    /// The searches of a creature: the shared finder and cost, with the
    /// rules' search budget.
    pub fn new(paths: &'a mut Paths, cost: &'a mut SearchCost, rules: &RulesData) -> Self {
        Self {
            finder: &mut paths.0,
            cost,
            budget: rules.goblin_search_budget,
        }
    }

    /// The first step of a bounded shortest path from `from` to `target`,
    /// through closed doors, around other creatures and off the tiles
    /// `keep_off` names (a step into a door opens it). `None`
    /// when no path was found within the budget.
    pub(crate) fn first_step(
        &mut self,
        actors: &Actors,
        from: Pos,
        target: Pos,
        keep_off: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        let terrain = &actors.level.terrain;
        let occupancy = &actors.occupancy;
        let result = self.finder.find(from, target, self.budget, |p| {
            terrain.leads_creatures(p) && occupancy.is_free(p) && !keep_off(p)
        });
        self.cost.most_by_one = self.cost.most_by_one.max(result.expanded);
        self.cost.total += result.expanded;
        result.path.and_then(|path| path.first().copied())
    }
}

impl ChaseMap {
    /// Forgets this turn's map: the hero may have moved.
    pub(crate) fn forget(&mut self) {
        self.toward = None;
    }

    /// Fills the steps to `hero_at` over the `budget` tiles nearest it, on
    /// ground creatures may enter or open their way into (closed doors)
    /// and under the hero's corner rule, unless
    /// this turn's map already leads there. The fill ignores creatures:
    /// [`ChaseMap::step_from`] goes around them.
    pub fn fill(&mut self, actors: &Actors, cost: &mut SearchCost, hero_at: Pos, budget: usize) {
        if self.toward == Some(hero_at) {
            return;
        }
        let terrain = &actors.level.terrain;
        let reached = self.steps.compute_within(
            [hero_at],
            budget,
            |p| terrain.leads_creatures(p),
            |from, dir| terrain.can_pass(from, dir),
        );
        self.toward = Some(hero_at);
        cost.most_by_one = cost.most_by_one.max(reached);
        cost.total += reached;
    }

    /// The step nearer the hero onto a free tile from `from`: `Some(None)`
    /// when others fill every such tile (it waits), `None` when the map
    /// does not reach `from` (the hero is too far away to follow).
    pub(crate) fn step_from(&self, actors: &Actors, from: Pos) -> Option<Option<Pos>> {
        self.steps.distance(from)?;
        let terrain = &actors.level.terrain;
        let downhill = self.steps.downhill_onto(
            from,
            |at, dir| terrain.can_pass(at, dir),
            |p| actors.occupancy.is_free(p),
        );
        Some(downhill.map(|dir| from.step(dir)))
    }
}
