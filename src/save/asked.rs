//! What the view asks of the save side, answered here so that the view
//! never reads or writes a save itself: on entering the title, the save
//! and the earlier ones kept beside it are read; a [`SaveRequested`] (the
//! Esc menu opening, or save and quit) writes the game and answers with a
//! [`SaveAnswer`].

use bevy::prelude::*;

use crate::save::{
    DataDir, EarlierSave, SaveStatus, Saved, Unsaved, find_earlier_save, read_save, save_now,
    say_saving_failed,
};
use crate::vocab::game::NewGame;
use crate::vocab::messages::{SaveAnswer, SaveRequested};
use crate::vocab::resources::TurnCount;
use crate::vocab::states::{EnterTitle, Saving, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRequested>();
    app.add_message::<SaveAnswer>();
    app.add_systems(
        OnEnter(Screen::Title),
        look_at_the_save.in_set(EnterTitle::ReadSave),
    );
    app.add_systems(Update, answer_save_requests.in_set(Saving));
}

/// Reads the save for the title: what it holds ([`SaveStatus`]) and, when
/// it holds nothing to play, the newest earlier save that loads
/// ([`EarlierSave`]). A problem with the save is printed on stderr once.
pub fn look_at_the_save(
    mut commands: Commands,
    dir: Option<Res<DataDir>>,
    unsaved: Option<Res<Unsaved>>,
    new_game: Res<NewGame>,
    mut reported: Local<Option<String>>,
) {
    let save_path = dir.map(|d| d.save_path());
    let status = match (&save_path, unsaved) {
        (_, Some(why)) => SaveStatus::Unavailable(why.0.clone()),
        (Some(path), None) => read_save(path, &new_game),
        (None, None) => SaveStatus::None,
    };
    report_once(&status, &mut reported);
    let earlier = save_path
        .as_deref()
        .filter(|_| !status.occupied())
        .and_then(|path| find_earlier_save(path, &new_game));
    commands.insert_resource(status);
    match earlier {
        Some(earlier) => commands.insert_resource(earlier),
        None => commands.remove_resource::<EarlierSave>(),
    }
}

/// Prints the save's problem on stderr, unless it was the last one printed.
fn report_once(status: &SaveStatus, reported: &mut Option<String>) {
    if let Some(problem) = status.problem()
        && reported.as_deref() != Some(problem)
    {
        eprintln!("gloomdelve: {problem}");
        *reported = Some(problem.to_string());
    }
}

/// Saves once for this frame's requests (quitting if any asked to), and
/// answers.
fn answer_save_requests(mut requests: MessageReader<SaveRequested>, mut commands: Commands) {
    let mut asked = false;
    let mut then_quit = false;
    for request in requests.read() {
        asked = true;
        then_quit |= request.then_quit;
    }
    if asked {
        commands.queue(move |world: &mut World| save_and_answer(world, then_quit));
    }
}

/// Writes the game, says how it went, and closes the app if asked to once
/// the game is safe. A failed save on quitting is told in the log too.
fn save_and_answer(world: &mut World, then_quit: bool) {
    let turn = world.resource::<TurnCount>().0;
    let answer = match save_now(world) {
        Ok(Saved::Written) => SaveAnswer::Written { turn },
        Ok(Saved::NoFolder) => match world.get_resource::<Unsaved>() {
            Some(why) => SaveAnswer::Unsaved(why.0.clone()),
            None => SaveAnswer::NoFolder,
        },
        Ok(Saved::GameEnded) => SaveAnswer::GameEnded,
        Err(why) => {
            error!("{why}");
            if then_quit {
                say_saving_failed(world, &why);
            }
            SaveAnswer::Failed {
                why,
                on_quitting: then_quit,
            }
        }
    };
    if then_quit && !matches!(answer, SaveAnswer::Failed { .. }) {
        world.write_message(AppExit::Success);
    }
    world.write_message(answer);
}
