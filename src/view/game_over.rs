//! The end of a run: the death or victory notice with the run's numbers
//! and the high scores, and Esc back to the title.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::save::scores::Ranking;
use crate::view::ui::{centred_column, text_block};
use crate::vocab::resources::DeathCause;
use crate::vocab::states::{RecordScore, Screen};

/// The screen side: the death notice, and Esc.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::GameOver), show_death.after(RecordScore));
    app.add_systems(OnEnter(Screen::Victory), show_victory.after(RecordScore));
    app.add_systems(
        Update,
        esc_to_the_title.run_if(in_state(Screen::GameOver).or_eager(in_state(Screen::Victory))),
    );
}

/// The table's lines, this run's marked.
fn ranking_lines(ranking: &Ranking) -> Vec<String> {
    let mut lines = vec!["High scores".to_string()];
    lines.extend(ranking.table.entries.iter().enumerate().map(|(i, s)| {
        let mark = if ranking.rank == Some(i) { ">" } else { " " };
        format!(
            "{mark} {:>2}. {:>6}   level {:>2}   {:>5} turns   {}",
            i + 1,
            s.score,
            s.deepest,
            s.turns,
            s.cause
        )
    }));
    if ranking.rank.is_none() {
        lines.push("This run did not make the table.".to_string());
    }
    lines.extend(ranking.note.clone());
    lines
}

fn show_victory(mut commands: Commands, ranking: Res<Ranking>) {
    spawn_end_screen(
        &mut commands,
        Screen::Victory,
        "You climb into the daylight with the Gold Key. You win!",
        Color::srgb(0.97, 0.86, 0.31),
        &ranking,
    );
}

fn show_death(mut commands: Commands, cause: Res<DeathCause>, ranking: Res<Ranking>) {
    let cause = cause.0.clone().unwrap_or_else(|| "killed".to_string());
    spawn_end_screen(
        &mut commands,
        Screen::GameOver,
        &format!("You died - {cause}."),
        Color::srgb(0.9, 0.3, 0.28),
        &ranking,
    );
}

/// A full-window notice: the headline, the run's numbers, the high
/// scores with this run marked, and how to go on.
fn spawn_end_screen(
    commands: &mut Commands,
    screen: Screen,
    headline: &str,
    colour: Color,
    ranking: &Ranking,
) {
    let grey = Color::srgb(0.7, 0.7, 0.75);
    let root = commands
        .spawn((
            Name::new(format!("{screen:?} screen")),
            DespawnOnExit(screen),
            centred_column(10.0),
            // Opaque, so no sprite of the finished game shows through.
            BackgroundColor(Color::srgb(0.02, 0.02, 0.04)),
            GlobalZIndex(10),
        ))
        .id();
    let mut lines = vec![(headline.to_string(), 32.0, colour)];
    lines.push((ranking.tally.line(), 20.0, grey));
    lines.extend(ranking_lines(ranking).into_iter().map(|l| (l, 17.0, grey)));
    lines.push(("Esc: back to the title".to_string(), 16.0, grey));
    let block = text_block(commands, lines, AlignItems::Center);
    commands.entity(root).add_child(block);
}

/// Esc on the death or victory screen returns to the title.
fn esc_to_the_title(mut keys: MessageReader<KeyboardInput>, mut next: ResMut<NextState<Screen>>) {
    let esc = keys
        .read()
        .any(|k| k.state == ButtonState::Pressed && !k.repeat && k.logical_key == Key::Escape);
    if esc {
        next.set(Screen::Title);
    }
}
