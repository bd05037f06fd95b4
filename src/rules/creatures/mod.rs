//! Creatures: their components, spawning on free floor, and who stands where.

pub mod ai;

use std::collections::HashMap;

use bevy::prelude::*;
use gloomdelve_core::path::PathFinder;
use gloomdelve_core::{GameRng, Pos};

use crate::rules::levels::{Dungeon, NewLevel};
use crate::rules::map::{Drawn, GridPos, Hero, Layer, Level};
use crate::view::tilemap::FogRule;
use crate::vocab::data::{AiKind, CreatureBook};
use crate::vocab::game::NewGame;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::states::{EnterPlaying, Screen};

/// A creature of the kind at this index in the [`CreatureBook`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Creature {
    pub kind: usize,
}

/// A stable id: creatures act in id order, and saves keep it.
#[derive(
    Component,
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct CreatureId(pub u64);

/// Hit points.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Health {
    pub hp: i32,
    pub max: i32,
}

/// Attack and defense for the damage roll.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub attack: i32,
    pub defense: i32,
}

/// Actions per hero turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed(pub u8);

/// How far a creature sees the hero.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sees(pub i32);

/// A fungus and how many children it has planted.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FungusAi {
    pub spreads: u32,
}

/// Flutters at random and bites whatever it bumps.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct BatAi;

/// Wanders; bites the hero when next to it.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct RatAi;

/// Chases the hero it sees; remembers where it last saw it.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoblinAi {
    pub last_seen: Option<Pos>,
}

/// The game-rule random numbers, seeded from the game seed and saved with it.
#[derive(Resource, Debug, Clone)]
pub struct RulesRng(pub GameRng);

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

fn prepare_paths(mut commands: Commands, level: Res<Level>) {
    commands.insert_resource(Paths(PathFinder::for_map(
        level.terrain.width(),
        level.terrain.height(),
    )));
}

/// The next free creature id.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct NextCreatureId(pub u64);

/// Who stands on which tile: the hero and every creature. Kept up to date
/// by every move, so no two ever share a tile.
#[derive(Resource, Debug, Default)]
pub struct Occupancy(HashMap<Pos, Entity>);

impl Occupancy {
    pub fn at(&self, pos: Pos) -> Option<Entity> {
        self.0.get(&pos).copied()
    }

    pub fn is_free(&self, pos: Pos) -> bool {
        !self.0.contains_key(&pos)
    }

    pub fn place(&mut self, entity: Entity, pos: Pos) {
        self.0.insert(pos, entity);
    }

    pub fn relocate(&mut self, entity: Entity, from: Pos, to: Pos) {
        if self.0.get(&from) == Some(&entity) {
            self.0.remove(&from);
        }
        self.0.insert(to, entity);
    }

    pub fn remove(&mut self, entity: Entity, pos: Pos) {
        if self.0.get(&pos) == Some(&entity) {
            self.0.remove(&pos);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.reset_on_new_game::<NextCreatureId>();
    app.reset_on_new_game::<Occupancy>();
    app.remove_on_new_game::<RulesRng>();
    app.init_resource::<SearchCost>();
    app.add_systems(
        OnEnter(Screen::Playing),
        (
            seed_rules_rng,
            populate
                .run_if(resource_exists::<NewLevel>.and_eager(not(crate::rules::hunt::is_hunt))),
            rebuild_occupancy,
            prepare_paths,
        )
            .chain()
            .after(crate::rules::map::spawn_hero)
            .in_set(EnterPlaying::Rules),
    );
    app.add_plugins(ai::plugin);
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
        Visibility::Hidden,
        Drawn::new(data.sprite.clone(), Layer::Creatures),
    ));
    match data.ai {
        AiKind::Fungus => entity.insert(FungusAi::default()),
        AiKind::Bat => entity.insert(BatAi),
        AiKind::Rat => entity.insert(RatAi),
        AiKind::Goblin => entity.insert(GoblinAi::default()),
    };
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
    occupancy.0.clear();
    for (entity, pos) in &standing {
        occupancy.place(entity, pos.0);
    }
}
