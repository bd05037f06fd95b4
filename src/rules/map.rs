//! The current level: its terrain as game state, and the hero's place in it.

use bevy::prelude::*;
use gloomdelve_core::{Pos, Terrain};

use crate::rules::creatures::{Fighter, Health};
use crate::rules::levels::{Dungeon, NewLevel};
use crate::vocab::data::RulesData;
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::states::{EnterPlaying, Screen};

/// The level being played.
#[derive(Resource, Clone, Debug)]
pub struct Level {
    pub terrain: Terrain,
    /// Where the hero arrives.
    pub start: Pos,
}

impl Level {
    /// Generates the first level of a new game: the surface.
    pub fn generate(new_game: &NewGame) -> Self {
        crate::rules::levels::generate::level_at(new_game, 0)
    }
}

/// A tile position on the level, for anything that stands on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Deref, DerefMut)]
pub struct GridPos(pub Pos);

/// The draw layers above the terrain, bottom to top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Items,
    Creatures,
    Hero,
}

/// What draws something on the map: an atlas sprite name and its layer.
/// The rules choose it (from data); the presentation draws it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub sprite: String,
    pub layer: Layer,
}

impl Drawn {
    pub fn new(sprite: impl Into<String>, layer: Layer) -> Self {
        Self {
            sprite: sprite.into(),
            layer,
        }
    }
}

/// The player's character.
#[derive(Component, Debug)]
pub struct Hero;

/// Tiles whose terrain changed this turn; the tilemap redraws only these.
#[derive(Message, Clone, Debug)]
pub struct TerrainChanged(pub Vec<Pos>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TerrainChanged>();
    app.despawn_on_new_game::<With<GridPos>>();
    app.remove_on_new_game::<Level>();
    app.add_systems(
        OnEnter(Screen::Playing),
        (ensure_level, spawn_hero)
            .chain()
            .in_set(EnterPlaying::Rules),
    );
}

/// Starts a new game's dungeon on the surface, unless it is under way.
/// A level put in place without a dungeon (by a test) is a cave at depth 1.
fn ensure_level(
    mut commands: Commands,
    level: Option<Res<Level>>,
    dungeon: Option<Res<Dungeon>>,
    new_game: Res<NewGame>,
) {
    if dungeon.is_some() {
        return;
    }
    let depth = match (level.is_some(), new_game.mode) {
        (true, _) => 1,
        (false, Mode::Delve) => {
            commands.insert_resource(Level::generate(&new_game));
            0
        }
        (false, Mode::Hunt) => {
            let (level, spawns) = crate::rules::hunt::hunt_level(new_game.seed);
            commands.insert_resource(level);
            commands.insert_resource(crate::rules::hunt::Spawns(spawns));
            0
        }
    };
    commands.insert_resource(Dungeon {
        depth,
        deepest: depth,
        ..default()
    });
    commands.insert_resource(NewLevel);
}

pub(crate) fn spawn_hero(
    mut commands: Commands,
    level: Res<Level>,
    new_game: Res<NewGame>,
    heroes: Query<(), With<Hero>>,
) {
    if heroes.is_empty() {
        let mut hero = commands.spawn(hero(level.start, &new_game.rules));
        if new_game.mode == Mode::Hunt {
            // No hunger in the hunt.
            hero.remove::<crate::rules::hunger::Stomach>();
        }
    }
}

/// The hero entity's rules components.
pub fn hero(at: Pos, rules: &RulesData) -> impl Bundle {
    (
        Name::new("hero"),
        Hero,
        Drawn::new(crate::vocab::HERO_SPRITE, Layer::Hero),
        GridPos(at),
        Health {
            hp: rules.hero_hp,
            max: rules.hero_hp,
        },
        Fighter {
            attack: rules.hero_attack,
            defense: rules.hero_defense,
        },
        crate::rules::items::hero_belongings(),
        crate::rules::hunger::Stomach::new(&rules.hunger),
    )
}
