//! Creatures: their components, spawning on free floor, and who stands where.

pub(crate) mod ai;
mod archers;
mod burrowers;
mod packs;
mod thieves;

use bevy::prelude::*;

use crate::vocab::components::{Harmless, Immobile};
use gloomdelve_core::dijkstra::DijkstraMap;
use gloomdelve_core::path::PathFinder;
use gloomdelve_core::{GameRng, Pos};

use crate::vocab::components::BatAi;
use crate::vocab::components::Creature;
use crate::vocab::components::CreatureId;
use crate::vocab::components::Fighter;
use crate::vocab::components::FogRule;
use crate::vocab::components::FungusAi;
use crate::vocab::components::GoblinAi;
use crate::vocab::components::Health;
use crate::vocab::components::RatAi;
use crate::vocab::components::Sees;
use crate::vocab::components::Speed;
use crate::vocab::components::{ArcherAi, BurrowerAi, Loot, PackAi, ThiefAi};
use crate::vocab::components::{Drawn, GridPos, Hero, Layer};
use crate::vocab::data::{AiKind, CreatureBook};
use crate::vocab::game::NewGame;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::NextCreatureId;
use crate::vocab::resources::Occupancy;
use crate::vocab::resources::RulesRng;
use crate::vocab::resources::{Dungeon, NewLevel};
use crate::vocab::states::EnterLevel;
use crate::vocab::states::Screen;

/// How many path-search nodes goblins expanded in the last turn: the cost
/// the node budget bounds.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SearchCost {
    /// The most any one goblin's search expanded.
    pub most_by_one: usize,
    /// All goblins together.
    pub total: usize,
}

/// The path finder goblins share, sized to the level.
#[derive(Resource, Debug, Clone)]
pub struct Paths(pub PathFinder);

/// How goblins find their way to the hero they see.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum ChaseBy {
    /// One map of the steps to the hero, filled once a turn and shared by
    /// every goblin on the hero's trail (Brogue's way).
    #[default]
    SharedMap,
    /// Each goblin's own A* search, as before the shared map: kept so the
    /// turn benchmark can measure the two side by side.
    OwnSearch,
}

/// The steps to the hero's tile from the tiles nearest it, filled at most
/// once a turn, when the first goblin on the hero's trail acts.
#[derive(Resource, Debug, Clone)]
pub struct ChaseMap {
    pub(crate) steps: DijkstraMap,
    /// The hero's tile the map was filled for this turn, if it was.
    pub(crate) toward: Option<Pos>,
}

fn prepare_paths(mut commands: Commands, level: Res<Level>) {
    let (width, height) = (level.terrain.width(), level.terrain.height());
    commands.insert_resource(Paths(PathFinder::for_map(width, height)));
    commands.insert_resource(ChaseMap {
        steps: DijkstraMap::new(width, height),
        toward: None,
    });
}

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
            (rebuild_occupancy, prepare_paths)
                .chain()
                .in_set(EnterLevel::Settle),
        ),
    );
    app.add_plugins((ai::plugin, thieves::plugin));
}

pub(crate) fn seed_rules_rng(
    mut commands: Commands,
    new_game: Res<NewGame>,
    rng: Option<Res<RulesRng>>,
) {
    if rng.is_none() {
        commands.insert_resource(RulesRng(GameRng::new(gloomdelve_core::rng::derive_seed(
            new_game.seed,
            1,
        ))));
    }
}

/// Spawns one creature of `kind` at `at`, with the next id.
pub fn spawn_creature(
    commands: &mut Commands,
    book: &CreatureBook,
    next_id: &mut NextCreatureId,
    kind: usize,
    at: Pos,
) -> Entity {
    let id = CreatureId(next_id.0);
    next_id.0 += 1;
    spawn_creature_with_id(commands, book, id, kind, at).id()
}

/// Spawns a fresh creature of `kind` at `at` with the given id.
pub fn spawn_creature_with_id<'a>(
    commands: &'a mut Commands,
    book: &CreatureBook,
    id: CreatureId,
    kind: usize,
    at: Pos,
) -> EntityCommands<'a> {
    let data = &book.kinds[kind];
    let mut entity = commands.spawn((
        Name::new(data.name.clone()),
        Creature { kind },
        id,
        GridPos(at),
        Health {
            hp: data.hp,
            max: data.hp,
        },
        Fighter {
            attack: data.attack,
            defense: data.defense,
        },
        Speed(data.speed),
        Sees(data.vision),
        FogRule::OnlyInView,
        Drawn::new(data.sprite.clone(), Layer::Creatures),
    ));
    match data.ai {
        AiKind::Fungus => entity.insert(FungusAi::default()),
        AiKind::Bat => entity.insert(BatAi),
        AiKind::Rat => entity.insert(RatAi),
        AiKind::Goblin => entity.insert(GoblinAi::default()),
        AiKind::Archer => entity.insert((GoblinAi::default(), ArcherAi)),
        AiKind::Burrower => entity.insert(BurrowerAi),
        AiKind::Thief => entity.insert((GoblinAi::default(), ThiefAi, Loot::default())),
        AiKind::Pack => entity.insert((GoblinAi::default(), PackAi)),
    };
    if data.harmless {
        entity.insert(Harmless);
    }
    if data.immobile {
        entity.insert(Immobile);
    }
    if data.acts_every > 1 {
        entity.insert(crate::vocab::components::Sluggish::for_creature(
            data.acts_every,
            id,
        ));
    }
    entity
}

/// Fills a new level with each kind's creatures for its depth, on free
/// floor, never on each other and never within 4 tiles of the hero.
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
    let mut free: Vec<Pos> = terrain
        .tiles()
        .iter()
        .filter(|(p, t)| t.is_walkable() && p.chebyshev(level.start) > 4)
        .map(|(p, _)| p)
        .collect();
    for (kind, data) in book.kinds.iter().enumerate() {
        for _ in 0..data.count_at(dungeon.depth) {
            if free.is_empty() {
                return;
            }
            let at = free.swap_remove(rng.0.range(0, free.len() as i32) as usize);
            spawn_creature(&mut commands, book, &mut next_id, kind, at);
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
