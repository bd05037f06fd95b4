//! The current level: its terrain as game state, and the hero's place in it.

pub mod tilemap;

use bevy::prelude::*;
use gloomdelve_core::mapgen::caves;
use gloomdelve_core::{Pos, Terrain};

use crate::creatures::{Fighter, Health};
use crate::screens::{EnterPlaying, Screen};
use crate::{NewGame, RulesData};

/// The level being played.
#[derive(Resource, Clone, Debug)]
pub struct Level {
    pub terrain: Terrain,
    /// Where the hero arrives.
    pub start: Pos,
}

impl Level {
    /// Generates the first cave of a new game.
    pub fn generate(new_game: &NewGame) -> Self {
        let rules = &new_game.rules;
        // Sizes were checked when the rules were loaded; fall back to the
        // default size rather than fail if a caller skipped that check.
        let cave = caves::generate(new_game.seed, rules.cave_width, rules.cave_height)
            .or_else(|_| {
                caves::generate(new_game.seed, caves::DEFAULT_WIDTH, caves::DEFAULT_HEIGHT)
            })
            .expect("the default cave size is valid");
        Self {
            terrain: cave.terrain,
            start: cave.start,
        }
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
    app.add_systems(
        OnEnter(Screen::Playing),
        (ensure_level, spawn_hero)
            .chain()
            .in_set(EnterPlaying::Rules),
    );
}

/// Generates the level unless one is already in place (a test may insert its own).
fn ensure_level(mut commands: Commands, level: Option<Res<Level>>, new_game: Res<NewGame>) {
    if level.is_none() {
        commands.insert_resource(Level::generate(&new_game));
    }
}

pub(crate) fn spawn_hero(
    mut commands: Commands,
    level: Res<Level>,
    new_game: Res<NewGame>,
    heroes: Query<(), With<Hero>>,
) {
    if heroes.is_empty() {
        commands.spawn(hero(level.start, &new_game.rules));
    }
}

/// The hero entity's rules components.
pub fn hero(at: Pos, rules: &RulesData) -> impl Bundle {
    (
        Name::new("hero"),
        Hero,
        Drawn::new(crate::assets::HERO_SPRITE, Layer::Hero),
        GridPos(at),
        Health {
            hp: rules.hero_hp,
            max: rules.hero_hp,
        },
        Fighter {
            attack: rules.hero_attack,
            defense: rules.hero_defense,
        },
        crate::items::hero_belongings(),
        crate::hunger::Stomach::new(&rules.hunger),
    )
}
