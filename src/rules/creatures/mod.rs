//! Creatures: a new level's, placed where the hero can walk and some of
//! them asleep; who stands where; and the plugin that has them act (see
//! [`behaviours`]).

pub mod behaviours;
pub mod paths;
pub mod spawn;

use bevy::prelude::*;
use gloomdelve_core::GameRng;

pub use crate::rules::creatures::paths::{ChaseBy, ChaseMap, Paths, SearchCost};
pub use crate::rules::creatures::spawn::{spawn_creature, spawn_creature_with_id};
use crate::vocab::components::{Creature, GridPos, Hero, Slumber};
use crate::vocab::game::NewGame;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::resources::Occupancy;
use crate::vocab::resources::RulesRng;
use crate::vocab::resources::{Dungeon, NewLevel};
use crate::vocab::states::EnterLevel;
use crate::vocab::states::Screen;

pub(super) fn plugin(app: &mut App) {
    app.reset_on_new_game::<NextCreatureId>();
    app.reset_on_new_game::<Occupancy>();
    app.remove_on_new_game::<RulesRng>();
    app.init_resource::<SearchCost>();
    app.init_resource::<ChaseBy>();
    app.add_systems(
        OnEnter(Screen::Playing),
        (
            seed_rules_rng.in_set(EnterLevel::Build),
            populate
                .in_set(EnterLevel::Populate)
                .run_if(resource_exists::<NewLevel>),
            (rebuild_occupancy, paths::prepare_paths)
                .chain()
                .in_set(EnterLevel::Settle),
        ),
    );
    app.add_plugins(behaviours::plugin);
}

pub(crate) fn seed_rules_rng(
    mut commands: Commands,
    new_game: Res<NewGame>,
    rng: Option<Res<RulesRng>>,
) {
    if rng.is_none() {
        let seed = crate::vocab::streams::Stream::Rules.seed(new_game.seed);
        commands.insert_resource(RulesRng(GameRng::new(seed)));
    }
}

/// Fills a new level with each kind's creatures for its depth, on free
/// floor the hero can walk to (never inside a locked vault), never on each
/// other and never within `spawn_clearance` tiles of the hero; then
/// those of a kind that `Sleeps` fall asleep, each by its own die.
pub(crate) fn populate(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
    mut rng: ResMut<RulesRng>,
    mut next_id: ResMut<NextCreatureId>,
) {
    let book = &new_game.creatures;
    let terrain = &level.terrain;
    let clearance = new_game.rules.spawn_clearance;
    let mut free = terrain.walkable_reached_from(level.start);
    free.retain(|p| p.chebyshev(level.start) > clearance);
    let mut spawned = Vec::new();
    for (kind, data) in book.kinds.iter().enumerate() {
        for _ in 0..data.count_at(dungeon.depth) {
            if free.is_empty() {
                break;
            }
            let at = free.swap_remove(rng.0.range(0, free.len() as i32) as usize);
            let entity = spawn_creature(&mut commands, book, &mut next_id, kind, at);
            spawned.push((entity, data));
        }
    }
    // Once all are placed, so the places are drawn as before sleep was.
    for (entity, data) in spawned {
        if behaviours::sleeps::falls_asleep(data, &mut rng.0) {
            commands.entity(entity).insert(Slumber { asleep: true });
        }
    }
}

/// Rebuilds the occupancy from scratch: on entering a level.
pub fn rebuild_occupancy(
    mut occupancy: ResMut<Occupancy>,
    standing: Query<(Entity, &GridPos), Or<(With<Hero>, With<Creature>)>>,
) {
    occupancy.clear();
    for (entity, pos) in &standing {
        occupancy.place(entity, pos.0);
    }
}
