//! The one tick of every status ([`Statuses`]): each turn, regeneration
//! heals, then every status holding the hero or a creature has a turn
//! less, and the hero hears of each that wears off it, in the words of
//! `statuses` in `rules.ron`. What a status does while it holds lives
//! with its feature: paralysis in `Actors::ready_at`, sickness in
//! `hunger.rs`, far sight in `fov.rs`.

use bevy::prelude::*;

use crate::vocab::components::{Health, Hero};
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::messages::TurnTaken;
use crate::vocab::resources::TurnCount;
use crate::vocab::states::TurnPhase;
use crate::vocab::statuses::{Status, Statuses};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (regenerate, wear_off)
            .chain()
            .in_set(TurnPhase::ResolveDeaths)
            .run_if(on_message::<TurnTaken>),
    );
}

/// A living one that regenerates heals 1 HP, up to its maximum.
fn regenerate(mut held: Query<(&Statuses, &mut Health)>) {
    for (statuses, mut health) in &mut held {
        if statuses.has(Status::Regenerating) && health.hp > 0 {
            health.hp = (health.hp + 1).min(health.max);
        }
    }
}

/// Every status has a turn less; the living hero hears of each that ends.
fn wear_off(
    mut held: Query<(&mut Statuses, Has<Hero>, &Health)>,
    new_game: Res<NewGame>,
    turn: Res<TurnCount>,
    mut log: ResMut<GameLog>,
) {
    for (mut statuses, hero, health) in &mut held {
        if statuses.is_empty() {
            continue;
        }
        for ended in statuses.tick() {
            let words = new_game.rules.statuses.get(&ended);
            if let Some(words) = words.filter(|_| hero && health.hp > 0) {
                log.say(turn.0, words.wears_off.clone());
            }
        }
    }
}
