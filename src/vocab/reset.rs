//! Starting over: each plugin that owns per-game state registers here how
//! to reset it, and [`clear_game`] runs every registration. No central list
//! of resources exists to forget one in.

use bevy::ecs::query::QueryFilter;
use bevy::prelude::*;

/// How to put one piece of per-game state back to "no game yet".
type Reset = fn(&mut World);

/// Every registered reset, in the order the plugins registered them.
#[derive(Resource, Default)]
pub(crate) struct GameResets(Vec<Reset>);

/// Registration of per-game state on the app.
pub(crate) trait ResetOnNewGame {
    /// `R` goes back to its default when a game ends.
    fn reset_on_new_game<R: Resource + Default>(&mut self) -> &mut Self;
    /// `R` is removed when a game ends (it exists only while one is played).
    fn remove_on_new_game<R: Resource>(&mut self) -> &mut Self;
    /// Entities matching `F` are despawned when a game ends.
    fn despawn_on_new_game<F: QueryFilter + 'static>(&mut self) -> &mut Self;
}

impl ResetOnNewGame for App {
    fn reset_on_new_game<R: Resource + Default>(&mut self) -> &mut Self {
        self.init_resource::<R>();
        register(self, |world| world.insert_resource(R::default()))
    }

    fn remove_on_new_game<R: Resource>(&mut self) -> &mut Self {
        register(self, |world| {
            world.remove_resource::<R>();
        })
    }

    fn despawn_on_new_game<F: QueryFilter + 'static>(&mut self) -> &mut Self {
        register(self, |world| {
            let doomed: Vec<Entity> = world.query_filtered::<Entity, F>().iter(world).collect();
            for entity in doomed {
                world.despawn(entity);
            }
        })
    }
}

fn register(app: &mut App, reset: Reset) -> &mut App {
    app.world_mut()
        .get_resource_or_init::<GameResets>()
        .0
        .push(reset);
    app
}

/// Despawns the game's entities and resets its state to "no game yet",
/// by every reset the plugins registered.
pub(crate) fn clear_game(world: &mut World) {
    let resets = world
        .get_resource::<GameResets>()
        .map(|r| r.0.clone())
        .unwrap_or_default();
    for reset in resets {
        reset(world);
    }
}
