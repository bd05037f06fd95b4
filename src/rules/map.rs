//! The current level: its terrain as game state, and the hero's place in it.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::vocab::components::Drawn;
use crate::vocab::components::GridPos;
use crate::vocab::components::Hero;
use crate::vocab::components::Layer;
use crate::vocab::components::{Fighter, Health};
use crate::vocab::data::RulesData;
use crate::vocab::game::NewGame;
use crate::vocab::messages::TerrainChanged;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::{Dungeon, NewLevel};
use crate::vocab::states::EnterLevel;
use crate::vocab::states::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TerrainChanged>();
    app.despawn_on_new_game::<With<GridPos>>();
    app.remove_on_new_game::<Level>();
    app.add_systems(
        OnEnter(Screen::Playing),
        (
            ensure_level.in_set(EnterLevel::Build),
            spawn_hero.in_set(EnterLevel::Hero),
        ),
    );
}

/// Starts a new game's dungeon on the surface, unless it is under way (or
/// a mode built its own world first). A level put in place without a
/// dungeon (by a test) is a cave at depth 1.
fn ensure_level(
    mut commands: Commands,
    level: Option<Res<Level>>,
    dungeon: Option<Res<Dungeon>>,
    new_game: Res<NewGame>,
) {
    if dungeon.is_some() {
        return;
    }
    let depth = if level.is_some() {
        1
    } else {
        commands.insert_resource(crate::rules::levels::generate::level_at(&new_game, 0));
        0
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
        commands.spawn(hero(level.start, &new_game.rules));
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
        crate::vocab::components::Stomach::new(&rules.hunger),
        crate::vocab::statuses::Statuses::default(),
    )
}
