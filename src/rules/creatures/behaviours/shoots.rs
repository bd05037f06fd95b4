//! `Shoots("item")`: with a clear line of fire to the hero it notices, as
//! far as it sees, a creature shoots one of that missile with its own
//! attack. What it shoots flies as the hero's missiles do, and lands as an
//! item to be picked up unless it breaks or sinks.

use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::creatures::behaviours::context::{Me, Turn};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::items::item;
use crate::rules::items::missiles::{Fate, Shot, flight};
use crate::vocab::components::FogRule;
use crate::vocab::messages::MissileFlew;

/// Shoots when the line is clear and the kind's missile is known.
pub(crate) fn decide(turn: &Turn, me: &Me, missile: &str) -> Option<Plan> {
    let known = turn.new_game.items.find(missile).is_some();
    (me.noticed && known && in_line(turn, me)).then(|| Plan::Shoot(missile.to_string()))
}

/// Shoots one `missile` at the hero.
pub fn act(turn: &mut Turn, me: &Me, missile: &str, flew: &mut MessageWriter<MissileFlew>) {
    if let Some(arrow) = shoot(turn, me, missile) {
        flew.write(arrow);
    }
}

/// Whether a missile loosed at the hero, as far as the shooter sees,
/// would strike it first.
fn in_line(turn: &Turn, me: &Me) -> bool {
    let vision = turn.new_game.creatures.kinds[me.kind].vision;
    let actors = &turn.actors;
    flight(
        &actors.level.terrain,
        &actors.occupancy,
        (me.entity, me.at),
        me.hero_at,
        vision,
    )
    .struck
        == Some(me.hero)
}

/// Shoots one `missile` at the hero; the arrow lands as an item unless it
/// breaks or sinks. `None` for a missile the item data does not know.
fn shoot(turn: &mut Turn, me: &Me, missile: &str) -> Option<MissileFlew> {
    let data = &turn.new_game.creatures.kinds[me.kind];
    let book = &turn.new_game.items;
    let arrow_kind = book.find(missile)?;
    let arrow = &book.kinds[arrow_kind];
    let breaks_percent = arrow.effect.thrown().map_or(0, |m| m.breaks_percent);
    let shot = Shot {
        missile: &arrow.name,
        shooter: me.entity,
        attack: data.attack,
        range: data.vision,
    };
    let flight = turn.actors.loose(&shot, me.hero_at)?;
    let landing: Pos = flight.landing(me.at);
    let lies = turn.actors.fate(breaks_percent, landing) == Fate::Lies;
    let item = lies.then(|| {
        let seen = turn.actors.sees(landing);
        let mut lying = turn.commands.spawn(item(book, arrow_kind, landing));
        lying.insert(FogRule::Remembered { seen });
        lying.id()
    });
    Some(MissileFlew {
        from: me.at,
        path: flight.path,
        item,
        sprite: arrow.sprite.clone(),
    })
}
