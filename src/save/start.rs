//! Starting the game the title chose: a new one, the saved one, or an
//! earlier one kept beside the save.

use bevy::prelude::*;
use gloomdelve_core::persist;

use crate::save::{DataDir, EarlierSave, SaveStatus, state};
use crate::vocab::game::NewGame;
use crate::vocab::messages::StartGame;
use crate::vocab::states::Screen;

/// A game has begun: a new one (`new_game`), or a saved one continued.
/// Told to whoever keeps something per game (the recording of
/// `--record`), as it happens.
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameBegun {
    pub new_game: bool,
}

/// Tells the observers of [`GameBegun`], and applies what they asked at once.
fn tell_begun(world: &mut World, new_game: bool) {
    world.trigger(GameBegun { new_game });
    world.flush();
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartGame>();
    app.add_systems(Update, start_game.run_if(on_message::<StartGame>));
}

/// Starts the chosen game: a new one keeps the old save (see
/// `persist::keep_previous`); Continue loads the save checked by the title
/// screen; Continue earlier moves the kept save back first.
pub(crate) fn start_game(world: &mut World) {
    let Some(start) = world.resource_mut::<Messages<StartGame>>().drain().last() else {
        return;
    };
    match start {
        StartGame::New { seed } => {
            if let Some(dir) = world.get_resource::<DataDir>().cloned()
                && let Err(e) = persist::keep_previous(&dir.save_path())
            {
                error!("cannot keep the old save: {e}");
            }
            crate::vocab::reset::clear_game(world);
            world.resource_mut::<NewGame>().seed = seed;
            tell_begun(world, true);
        }
        StartGame::Continue => {
            let Some(SaveStatus::Ready(save)) = world.get_resource::<SaveStatus>().cloned() else {
                return;
            };
            state::restore(world, *save);
            tell_begun(world, false);
        }
        StartGame::ContinueEarlier => {
            let (Some(earlier), Some(dir)) = (
                world.get_resource::<EarlierSave>().cloned(),
                world.get_resource::<DataDir>().cloned(),
            ) else {
                return;
            };
            if let Err(message) = crate::save::take_back(&earlier, &dir.save_path()) {
                error!("{message}");
                return;
            }
            world.remove_resource::<EarlierSave>();
            state::restore(world, *earlier.save);
            tell_begun(world, false);
        }
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}
