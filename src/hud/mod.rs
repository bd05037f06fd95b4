//! The HUD: the HP bar, the level and the turn at the top; the last log
//! lines (newest brightest, fading, cleared after a quiet spell) and a key
//! legend at the bottom; damage numbers floating over the map.

mod damage;
pub mod look;
pub mod spells;

use bevy::prelude::*;

use crate::NewGame;
use crate::creatures::Health;
use crate::log::GameLog;
use crate::map::Hero;
use crate::screens::{EnterPlaying, Screen};
use crate::turn::TurnCount;

/// How many log lines the HUD shows.
const LOG_LINES: usize = 3;
const LEGEND: &str = "arrows/hjklyubn/numpad: move, attack, dig   . or 5: wait   g: pick up   i: inventory   +/-: zoom   F12: screenshot";
const PANEL_COLOUR: Color = Color::srgba(0.02, 0.02, 0.04, 0.86);
const LEGEND_COLOUR: Color = Color::srgb(0.7, 0.7, 0.75);
const INFO_COLOUR: Color = Color::srgb(0.95, 0.86, 0.55);
const HP_RED: Color = Color::srgb(0.78, 0.16, 0.16);
const BAR_BACK: Color = Color::srgb(0.18, 0.05, 0.06);
/// The brightness of log lines, newest first.
const LOG_FADE: [f32; LOG_LINES] = [1.0, 0.68, 0.42];

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct HpText;

#[derive(Component)]
struct HpFill;

/// The n-th newest log line on screen (0 is the newest).
#[derive(Component)]
struct LogLine(usize);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_hud.in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (show_turn, show_hp, show_log).run_if(in_state(Screen::Playing)),
    );
    app.add_plugins((damage::plugin, spells::plugin, look::plugin));
}

fn shadowed(size: f32) -> impl Bundle {
    (TextFont::from_font_size(size), TextShadow::default())
}

fn spawn_hud(mut commands: Commands) {
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
        children![top_bar(), bottom_panel()],
    ));
}

fn top_bar() -> impl Bundle {
    (
        Name::new("HUD top bar"),
        Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            padding: UiRect::axes(px(10), px(6)),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
        children![
            hp_bar(),
            (Text::new("Level 1"), shadowed(22.0)),
            (TurnText, Text::new("Turn 0"), shadowed(18.0)),
        ],
    )
}

/// A red bar in a frame, with `HP 17/20` written over it.
fn hp_bar() -> impl Bundle {
    (
        Name::new("HP bar"),
        Node {
            width: px(200),
            height: px(22),
            border: UiRect::all(px(2)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BorderColor::all(Color::srgb(0.62, 0.6, 0.68)),
        BackgroundColor(BAR_BACK),
        children![
            (
                HpFill,
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    top: px(0),
                    width: percent(100),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(HP_RED),
            ),
            (HpText, Text::new("HP"), shadowed(16.0)),
        ],
    )
}

fn bottom_panel() -> impl Bundle {
    (
        Name::new("HUD log and legend"),
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(10), px(6)),
            row_gap: px(2),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
        children![
            (LogLine(2), Text::new(""), shadowed(18.0)),
            (LogLine(1), Text::new(""), shadowed(18.0)),
            (LogLine(0), Text::new(""), shadowed(18.0)),
            (
                look::InfoLine,
                Text::new(""),
                shadowed(16.0),
                TextColor(INFO_COLOUR)
            ),
            (Text::new(LEGEND), shadowed(14.0), TextColor(LEGEND_COLOUR)),
        ],
    )
}

fn show_turn(turn: Res<TurnCount>, mut text: Single<&mut Text, With<TurnText>>) {
    if turn.is_changed() {
        text.0 = format!("Turn {}", turn.0);
    }
}

fn show_hp(
    hero: Single<&Health, (With<Hero>, Changed<Health>)>,
    mut text: Single<&mut Text, With<HpText>>,
    mut fill: Single<&mut Node, With<HpFill>>,
) {
    text.0 = format!("HP {}/{}", hero.hp.max(0), hero.max);
    fill.width = percent(100.0 * hero.hp.max(0) as f32 / hero.max.max(1) as f32);
}

/// The newest lines, brightest first; nothing once the log has been quiet
/// for `log_fade_turns` turns.
fn show_log(
    log: Res<GameLog>,
    turn: Res<TurnCount>,
    new_game: Res<NewGame>,
    mut lines: Query<(&LogLine, &mut Text, &mut TextColor)>,
) {
    if !log.is_changed() && !turn.is_changed() {
        return;
    }
    let recent = log.recent(LOG_LINES);
    let quiet = recent
        .last()
        .is_none_or(|e| turn.0 >= e.turn + new_game.rules.log_fade_turns);
    for (line, mut text, mut colour) in &mut lines {
        let entry = recent.len().checked_sub(line.0 + 1).map(|i| &recent[i]);
        text.0 = match entry {
            Some(entry) if !quiet => entry.text.clone(),
            _ => String::new(),
        };
        colour.0 = Color::WHITE.with_alpha(LOG_FADE[line.0]);
    }
}
