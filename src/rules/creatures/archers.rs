//! Archers keep their distance: next to the hero they step away if they
//! can, and with a line of fire to the hero they see they shoot; otherwise
//! they close in or follow the hero's trail as goblins do. Their arrows
//! fly as the hero's do, and land as items to be picked up.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::combat::{Actors, Fate, Shot, flight};
use crate::rules::creatures::ai::{
    Searches, follow_trail, positions, sees_hero, step_away, step_towards, turn_order,
};
use crate::rules::creatures::{Paths, SearchCost};
use crate::rules::items::item;
use crate::vocab::components::{
    ArcherAi, Creature, CreatureId, FogRule, GoblinAi, Hero, Sees, Speed,
};
use crate::vocab::game::NewGame;
use crate::vocab::messages::MissileFlew;

/// Each archer's turn, in id order.
pub(super) fn archers_act(
    mut commands: Commands,
    mut actors: Actors,
    new_game: Res<NewGame>,
    hero: Single<Entity, With<Hero>>,
    (mut cost, mut paths): (ResMut<SearchCost>, ResMut<Paths>),
    mut archers: Query<
        (Entity, &CreatureId, &Speed, &Sees, &Creature, &mut GoblinAi),
        With<ArcherAi>,
    >,
    mut flew: MessageWriter<MissileFlew>,
) {
    let hero = *hero;
    let mut searches = Searches::as_goblins(&mut paths, &mut cost, &new_game.rules);
    let order = turn_order(archers.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    for entity in order {
        let Some((at, hero_at)) = positions(&actors, entity, hero) else {
            continue;
        };
        let Ok((.., sees, creature, mut memory)) = archers.get_mut(entity) else {
            continue;
        };
        let (vision, kind) = (sees.0, creature.kind);
        if !sees_hero(&actors, hero, (at, hero_at), vision) {
            follow_trail(&mut actors, &mut searches, (entity, at), &mut memory);
            continue;
        }
        memory.last_seen = Some(hero_at);
        if step_towards(&actors, at, hero_at).is_some() {
            if !step_away(&mut actors, entity, at, hero_at) {
                actors.strike(entity, hero);
            }
            continue;
        }
        let in_line = flight(
            &actors.level.terrain,
            &actors.occupancy,
            (entity, at),
            hero_at,
            vision,
        )
        .struck
            == Some(hero);
        if in_line
            && let Some(arrow) = shoot(
                &mut actors,
                &mut commands,
                &new_game,
                (entity, kind),
                hero_at,
            )
        {
            flew.write(arrow);
        } else {
            searches.walk(&mut actors, entity, at, hero_at);
        }
    }
}

/// Shoots one of what the archer's kind shoots at `target`; the arrow
/// lands as an item unless it breaks or sinks. `None` for a kind that
/// shoots nothing the item data knows.
fn shoot(
    actors: &mut Actors,
    commands: &mut Commands,
    new_game: &NewGame,
    (archer, kind): (Entity, usize),
    target: Pos,
) -> Option<MissileFlew> {
    let data = &new_game.creatures.kinds[kind];
    let book = &new_game.items;
    let arrow_kind = book.find(data.shoots.as_deref()?)?;
    let arrow = &book.kinds[arrow_kind];
    let breaks_percent = arrow.effect.thrown().map_or(0, |m| m.breaks_percent);
    let from = actors.pos(archer)?;
    let shot = Shot {
        missile: &arrow.name,
        shooter: archer,
        attack: data.attack,
        range: data.vision,
    };
    let flight = actors.loose(&shot, target)?;
    let landing = flight.landing(from);
    let lies = actors.fate(breaks_percent, landing) == Fate::Lies;
    let item = lies.then(|| {
        let seen = actors.sees(landing);
        let mut lying = commands.spawn(item(book, arrow_kind, landing));
        lying.insert(FogRule::Remembered { seen });
        lying.id()
    });
    Some(MissileFlew {
        from,
        path: flight.path,
        item,
        sprite: arrow.sprite.clone(),
    })
}
