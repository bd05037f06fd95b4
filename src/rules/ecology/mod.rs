//! The living cave beyond any one creature's turn: fungus grows on the
//! dead. Each turn a rotten body on the ground (not yet bones) may
//! sprout a child of a kind that `GrowsOnTheDead` (creatures.ron), once,
//! on its own tile or a free one next to it, with `ecology.sprout_chance`
//! (rules.ron), while the level holds fewer spreaders than its ground
//! bears (`ecology.carrying`, and never past the rules' bound). Bats grazing are a behaviour (`creatures/behaviours/grazes.rs`).

pub mod catch_up;

use bevy::prelude::*;
use gloomdelve_core::{Dir, GameRng, Pos};

use crate::rules::creatures::behaviours::spreads::Spreading;
use crate::rules::creatures::spawn_creature;
use crate::vocab::components::{Corpse, GridPos, Health};
use crate::vocab::data::{Behaviour, CreatureBook, RulesData};
use crate::vocab::game::NewGame;
use crate::vocab::messages::{Sprouted, TurnTaken};
use crate::vocab::resources::{Level, NextCreatureId, Occupancy, RulesRng};
use crate::vocab::states::{DeathSteps, TurnPhase};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Sprouted>();
    app.add_systems(
        Update,
        sprout_from_the_dead
            .in_set(TurnPhase::ResolveDeaths)
            .after(DeathSteps::Bodies)
            .run_if(on_message::<TurnTaken>),
    );
}

/// The kind that grows on the dead, if the book has one (the first).
pub fn grows_on_the_dead(book: &CreatureBook) -> Option<usize> {
    book.kinds
        .iter()
        .position(|k| k.does(&Behaviour::GrowsOnTheDead))
}

/// The level's spreaders below which a body may sprout: what its ground
/// bears (`ecology.carrying`), never past the rules' bound.
pub fn sprouts_below(rules: &RulesData) -> usize {
    let carrying = rules.ecology.carrying as usize;
    match carrying {
        0 => rules.fungi_per_level,
        _ => carrying.min(rules.fungi_per_level),
    }
}

/// Whether `body` may still sprout: rotten, not bones, not sprouted yet.
pub fn may_sprout(body: &Corpse) -> bool {
    body.rotten && !body.bones && !body.sprouted
}

/// Where a body at `at` sprouts, if the dice say so: its own tile or one
/// next to it that is `open` (ground a creature may stand on that no one
/// holds), picked by a die.
pub fn sprout_spot(
    rng: &mut GameRng,
    chance: f64,
    at: Pos,
    open: impl Fn(Pos) -> bool,
) -> Option<Pos> {
    if !rng.chance(chance) {
        return None;
    }
    let spots: Vec<Pos> = std::iter::once(at)
        .chain(Dir::ALL.iter().map(|&d| at.step(d)))
        .filter(|&p| open(p))
        .collect();
    if spots.is_empty() {
        return None;
    }
    Some(spots[rng.range(0, spots.len() as i32) as usize])
}

/// The living spreaders of the level.
fn spreaders_living(spreaders: &Query<&Health, With<Spreading>>) -> usize {
    spreaders.iter().filter(|h| h.hp > 0).count()
}

/// Every rotten body on the ground may sprout, in the order they died
/// (then by place): the same bodies roll the same dice after a load.
#[allow(clippy::too_many_arguments)]
fn sprout_from_the_dead(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    (mut rng, mut occupancy, mut next_id): (
        ResMut<RulesRng>,
        ResMut<Occupancy>,
        ResMut<NextCreatureId>,
    ),
    mut bodies: Query<(&mut Corpse, &GridPos)>,
    spreaders: Query<&Health, With<Spreading>>,
    mut sprouted: MessageWriter<Sprouted>,
) {
    let book = &new_game.creatures;
    let Some(kind) = grows_on_the_dead(book) else {
        return;
    };
    let rules = &new_game.rules;
    let mut living = spreaders_living(&spreaders);
    let mut ripe: Vec<_> = bodies
        .iter_mut()
        .filter(|(body, _)| may_sprout(body))
        .collect();
    ripe.sort_by_key(|(body, at)| (body.died, at.0.y, at.0.x));
    for (mut body, at) in ripe {
        if living >= sprouts_below(rules) {
            return;
        }
        let terrain = &level.terrain;
        let open = |p: Pos| terrain.admits_creatures(p) && occupancy.is_free(p);
        let chance = rules.ecology.sprout_chance;
        let Some(spot) = sprout_spot(&mut rng.0, chance, at.0, open) else {
            continue;
        };
        let child = spawn_creature(&mut commands, book, &mut next_id, kind, spot);
        occupancy.place(child, spot);
        body.sprouted = true;
        living += 1;
        sprouted.write(Sprouted { at: spot, child });
    }
}
