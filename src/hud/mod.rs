//! The HUD: the turn count at the top, the last log lines and a key legend
//! at the bottom.

use bevy::prelude::*;

use crate::log::GameLog;
use crate::screens::{EnterPlaying, Screen};
use crate::turn::TurnCount;

/// How many log lines the HUD shows.
const LOG_LINES: usize = 3;
const LEGEND: &str =
    "arrows/hjklyubn/numpad: move, dig by bumping   . or 5: wait   +/-: zoom   F12: screenshot";

const PANEL_COLOUR: Color = Color::srgba(0.02, 0.02, 0.04, 0.86);
const LEGEND_COLOUR: Color = Color::srgb(0.7, 0.7, 0.75);

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct LogText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_hud.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (show_turn, show_log).run_if(in_state(Screen::Playing)),
    );
}

fn spawn_hud(mut commands: Commands) {
    let shadowed = |size: f32| (TextFont::from_font_size(size), TextShadow::default());
    commands.spawn((
        Name::new("HUD"),
        DespawnOnExit(Screen::Playing),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        },
        children![
            (
                Name::new("HUD top bar"),
                panel(),
                children![(TurnText, Text::new("Turn 0"), shadowed(20.0))],
            ),
            (
                Name::new("HUD log and legend"),
                panel(),
                children![
                    (LogText, Text::new(""), shadowed(18.0)),
                    (Text::new(LEGEND), shadowed(14.0), TextColor(LEGEND_COLOUR)),
                ],
            ),
        ],
    ));
}

/// A full-width strip with a dark backdrop, so text stays readable over walls.
fn panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(10), px(6)),
            row_gap: px(2),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
    )
}

fn show_turn(turn: Res<TurnCount>, mut text: Single<&mut Text, With<TurnText>>) {
    if turn.is_changed() {
        text.0 = format!("Turn {}", turn.0);
    }
}

fn show_log(log: Res<GameLog>, mut text: Single<&mut Text, With<LogText>>) {
    if log.is_changed() {
        let lines: Vec<&str> = log
            .recent(LOG_LINES)
            .iter()
            .map(|e| e.text.as_str())
            .collect();
        text.0 = lines.join("\n");
    }
}
