//! The HUD: the HP and food bars, the hero's state, the level and the turn
//! at the top; the last log lines (newest brightest, fading, cleared after
//! a quiet spell) and a key legend at the bottom; damage numbers floating
//! over the map. Every element shows the true value from its first frame,
//! and the two panels tell the camera how much of the window they take.

mod damage;
mod fanfare;
mod legend;
pub(crate) mod look;
pub mod sidebar;
pub(crate) mod spells;

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::rules::explore::{KnownMonsters, dens};
use crate::rules::hunt::Roster;
use crate::view::camera::PlayArea;
use crate::view::motion::state::Motion;
use crate::view::motion::timings::AnimationData;
use crate::view::motion::tween::Clock;
use crate::vocab::components::Hero;
use crate::vocab::components::{Creature, CreatureId, GridPos, Health};
use crate::vocab::components::{Hunger, Stomach};
use crate::vocab::game::{Mode, NewGame};
use crate::vocab::log::GameLog;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::KnownRooms;
use crate::vocab::resources::TurnCount;
use crate::vocab::states::{EnterPlaying, Screen};
use crate::vocab::statuses::{Status, StatusWords, Statuses};
use gloomdelve_core::Pos;

/// How many log lines the HUD shows.
const LOG_LINES: usize = 3;
/// Opaque: the map is never drawn under a panel (the camera keeps it out).
const PANEL_COLOUR: Color = Color::srgb(0.02, 0.02, 0.04);
const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.85);
const STATUS_COLOUR: Color = Color::srgb(0.6, 0.9, 0.45);
const LEGEND_COLOUR: Color = Color::srgb(0.7, 0.7, 0.75);
const INFO_COLOUR: Color = Color::srgb(0.95, 0.86, 0.55);
const HP_RED: Color = Color::srgb(0.78, 0.16, 0.16);
/// What the HP bar flashes toward on a wound.
const HP_FLASH: Color = Color::srgb(1.0, 0.75, 0.7);
/// The food bar's green (the window test looks for it).
pub(crate) const FOOD_GREEN: Color = Color::srgb(0.2, 0.66, 0.24);
const BAR_BACK: Color = Color::srgb(0.1, 0.06, 0.07);
const BAR_FRAME: Color = Color::srgb(0.62, 0.6, 0.68);
/// The inner width of each gauge's bar, in pixels.
pub const GAUGE_WIDTH: f32 = 200.0;
/// The brightness of log lines, newest first.
const LOG_FADE: [f32; LOG_LINES] = [1.0, 0.68, 0.42];
/// The height of each line of the bottom panel, so the panel keeps its
/// size when lines empty out and the map does not jump.
const LOG_LINE_PX: f32 = 22.0;
const LOG_FONT_PX: f32 = 18.0;
const INFO_LINE_PX: f32 = 20.0;

#[derive(Component)]
struct TurnText;

/// "Surface" or "Level 3".
#[derive(Component)]
struct DepthText;

/// The two bars at the top: the hero's HP and its food.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Gauge {
    Hp,
    Food,
}

/// The text written over a gauge's bar.
#[derive(Component)]
struct GaugeText(Gauge);

/// The coloured part of a gauge's bar.
#[derive(Component)]
struct GaugeFill(Gauge);

/// The hunger state beside the food bar.
#[derive(Component)]
struct HungerText;

/// The hero's statuses beside the hunger state: "Sick (3 turns)".
#[derive(Component)]
struct StatusText;

/// "Enemies left: 12" in the hunt.
#[derive(Component)]
struct EnemiesText;

/// The two HUD panels, measured for the camera's [`PlayArea`].
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Panel {
    Top,
    Bottom,
}

/// The gauges' texts, apart from the hunger state's.
type GaugeTexts<'w, 's> =
    Query<'w, 's, (&'static GaugeText, &'static mut Text), Without<HungerText>>;

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
        (
            show_turn,
            show_depth,
            show_hp,
            show_food,
            show_status,
            show_enemies_left,
            show_log,
            measure_panels,
        )
            .run_if(in_state(Screen::Playing)),
    );
    app.add_plugins((
        damage::plugin,
        fanfare::plugin,
        legend::plugin,
        spells::plugin,
        look::plugin,
        sidebar::plugin,
    ));
}

/// Text at `size` with a one-pixel shadow that keeps it readable without
/// doubling it.
fn shadowed(size: f32) -> impl Bundle {
    (
        TextFont::from_font_size(size),
        TextShadow {
            offset: Vec2::splat(1.0),
            color: SHADOW,
        },
    )
}

/// Writes `wanted` into `text` only when it differs, so nothing is marked
/// changed for nothing.
fn set_text(text: &mut Text, wanted: String) {
    if text.0 != wanted {
        text.0 = wanted;
    }
}

fn spawn_hud(
    mut commands: Commands,
    new_game: Res<NewGame>,
    bindings: Res<crate::vocab::keys::KeyBindings>,
) {
    let legend = crate::view::key_text::legend(&bindings.0);
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
        children![top_bar(new_game.mode), bottom_panel(legend)],
    ));
}

fn top_bar(mode: Mode) -> impl Bundle {
    (
        Name::new("HUD top bar"),
        Panel::Top,
        Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            // A narrow window wraps the bar rather than cut it off; the
            // camera measures the bar, so the map still starts below it.
            flex_wrap: FlexWrap::Wrap,
            row_gap: px(4),
            padding: UiRect::axes(px(10), px(6)),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
        children![
            gauges(mode),
            (
                Node {
                    column_gap: px(16),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    (DepthText, Text::new(""), shadowed(22.0)),
                    (
                        EnemiesText,
                        Text::new(""),
                        shadowed(18.0),
                        TextColor(INFO_COLOUR)
                    ),
                ],
            ),
            (TurnText, Text::new(""), shadowed(18.0)),
        ],
    )
}

/// The HP and food bars side by side, then the hunger state. The hunt
/// has no hunger, so no food bar.
fn gauges(mode: Mode) -> impl Bundle {
    let food_shown = if mode == Mode::Delve {
        Display::Flex
    } else {
        Display::None
    };
    (
        Name::new("HUD gauges"),
        Node {
            align_items: AlignItems::Center,
            column_gap: px(12),
            ..default()
        },
        children![
            gauge(Gauge::Hp, HP_RED, Display::Flex),
            gauge(Gauge::Food, FOOD_GREEN, food_shown),
            (HungerText, Text::new(""), shadowed(16.0)),
            (
                StatusText,
                Text::new(""),
                shadowed(16.0),
                TextColor(STATUS_COLOUR)
            ),
        ],
    )
}

/// A coloured bar in a frame, with its numbers (`HP 17/20`) written over it.
fn gauge(gauge: Gauge, colour: Color, display: Display) -> impl Bundle {
    (
        Name::new(format!("{gauge:?} bar")),
        Node {
            display,
            width: px(GAUGE_WIDTH + 4.0),
            height: px(22),
            border: UiRect::all(px(2)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BorderColor::all(BAR_FRAME),
        BackgroundColor(BAR_BACK),
        children![
            (
                GaugeFill(gauge),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    top: px(0),
                    width: percent(100),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(colour),
            ),
            (GaugeText(gauge), Text::new(""), shadowed(16.0)),
        ],
    )
}

/// Writes `label now/max` on a gauge and fills `filled` (0 to 1) of its bar.
fn set_gauge(
    gauge: Gauge,
    label: &str,
    (now, max): (i32, i32),
    filled: f32,
    texts: &mut GaugeTexts,
    fills: &mut Query<(&GaugeFill, &mut Node)>,
) {
    let now = now.clamp(0, max.max(0));
    for (_, mut text) in texts.iter_mut().filter(|(g, _)| g.0 == gauge) {
        set_text(&mut text, format!("{label} {now}/{max}"));
    }
    let width = percent(100.0 * filled.clamp(0.0, 1.0));
    for (_, mut node) in fills.iter_mut().filter(|(g, _)| g.0 == gauge) {
        if node.width != width {
            node.width = width;
        }
    }
}

fn bottom_panel(legend: String) -> impl Bundle {
    (
        Name::new("HUD log and legend"),
        Panel::Bottom,
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(10), px(6)),
            row_gap: px(2),
            ..default()
        },
        BackgroundColor(PANEL_COLOUR),
        children![
            log_line(2),
            log_line(1),
            log_line(0),
            (
                look::InfoLine,
                Text::new(""),
                shadowed(16.0),
                TextColor(INFO_COLOUR),
                fixed_height(INFO_LINE_PX),
            ),
            (
                legend::LegendText,
                Text::new(legend),
                shadowed(14.0),
                TextColor(LEGEND_COLOUR)
            ),
        ],
    )
}

/// The n-th newest log line, one line high even when empty.
fn log_line(n: usize) -> impl Bundle {
    (
        LogLine(n),
        Text::new(""),
        shadowed(LOG_FONT_PX),
        fixed_height(LOG_LINE_PX),
    )
}

/// A one-line node exactly `height` pixels high: a long line is cut at
/// the window's edge rather than wrapped over the line below (the history
/// shows it whole).
fn fixed_height(height: f32) -> impl Bundle {
    (
        Node {
            height: px(height),
            overflow: Overflow::clip_x(),
            ..default()
        },
        TextLayout::no_wrap(),
    )
}

fn show_depth(
    dungeon: Option<Res<Dungeon>>,
    new_game: Res<NewGame>,
    mut text: Single<&mut Text, With<DepthText>>,
) {
    let depth = dungeon.map_or(0, |d| d.depth);
    let name = match new_game.mode {
        Mode::Delve => depth_name(depth),
        Mode::Hunt => "The Warrens".to_string(),
    };
    set_text(&mut text, name);
}

/// In the hunt, how many enemies are still alive and how far off the
/// nearest one the hero has seen is (before it has seen any, the nearest
/// den: a room where one lives); nothing in the delve.
fn show_enemies_left(
    new_game: Res<NewGame>,
    hero: Query<&GridPos, With<Hero>>,
    creatures: Query<(&CreatureId, &GridPos, &Health), With<Creature>>,
    (known, rooms, roster): HuntKnowledge,
    mut text: Single<&mut Text, With<EnemiesText>>,
) {
    let wanted = match (new_game.mode, hero.single()) {
        (Mode::Hunt, Ok(at)) => {
            let alive = || creatures.iter().filter(|(_, _, h)| h.hp > 0);
            let left = alive().count();
            let seen = alive()
                .filter(|(id, ..)| known.as_ref().is_some_and(|k| k.0.contains(&id.0)))
                .map(|(_, pos, _)| pos.0);
            let ids = alive().map(|(id, ..)| id.0).collect();
            let dens = match (rooms, roster) {
                (Some(rooms), Some(roster)) => dens(&rooms.rooms, &roster.0, &ids),
                _ => Vec::new(),
            };
            let den_centres = dens.iter().map(|r| r.centre());
            format!(
                "Enemies left: {left}  {}",
                nearest_foe_note(at.0, seen, den_centres)
            )
        }
        _ => String::new(),
    };
    set_text(&mut text, wanted);
}

/// What the hunt's hero knows of where its foes are: those it has seen,
/// the Warrens' rooms, and who lives in which.
type HuntKnowledge<'w> = (
    Option<Res<'w, KnownMonsters>>,
    Option<Res<'w, KnownRooms>>,
    Option<Res<'w, Roster>>,
);

/// "nearest: 12 NE": the steps to the nearest of `foes` and which way
/// it lies; with none seen, "nearest den: 80 SW", the nearest of `dens`;
/// "none seen yet" with neither.
pub(crate) fn nearest_foe_note(
    hero: Pos,
    foes: impl Iterator<Item = Pos>,
    dens: impl Iterator<Item = Pos>,
) -> String {
    let nearest = |places: &mut dyn Iterator<Item = Pos>| {
        places.min_by_key(|&p| (hero.chebyshev(p), p.y, p.x))
    };
    let way = |p: Pos| format!("{} {}", hero.chebyshev(p), compass(hero, p));
    if let Some(foe) = nearest(&mut { foes }) {
        format!("nearest: {}", way(foe))
    } else if let Some(den) = nearest(&mut { dens }) {
        format!("nearest den: {}", way(den))
    } else {
        "none seen yet".to_string()
    }
}

/// Which way `to` lies from `from`, in eight points ("N", "SE"); "here"
/// on the same tile. A point is taken when its axis is at least half the
/// other's, so a foe 10 east and 3 north is "E", 10 east and 6 north "NE".
fn compass(from: Pos, to: Pos) -> &'static str {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let leans = |a: i32, b: i32| a.abs() * 2 >= b.abs() && a != 0;
    let ns = if leans(dy, dx) {
        if dy < 0 { "N" } else { "S" }
    } else {
        ""
    };
    let ew = if leans(dx, dy) {
        if dx < 0 { "W" } else { "E" }
    } else {
        ""
    };
    match (ns, ew) {
        ("", "") => "here",
        ("N", "E") => "NE",
        ("N", "W") => "NW",
        ("S", "E") => "SE",
        ("S", "W") => "SW",
        (one, "") => one,
        (_, other) => other,
    }
}

/// What the HUD calls a depth.
pub(crate) fn depth_name(depth: u32) -> String {
    if depth == 0 {
        "Surface".to_string()
    } else {
        format!("Level {depth}")
    }
}

fn show_turn(turn: Res<TurnCount>, mut text: Single<&mut Text, With<TurnText>>) {
    set_text(&mut text, format!("Turn {}", turn.0));
}

/// The share of a bar `now` of `max` fills.
fn share(now: i32, max: i32) -> f32 {
    now.clamp(0, max.max(0)) as f32 / max.max(1) as f32
}

/// The HP bar as drawn: easing from the share it showed to the hero's,
/// and flashing red while a wound is fresh.
#[derive(Default)]
struct HpBar {
    from: f32,
    to: f32,
    ease: Option<Clock>,
    flash: Option<Clock>,
}

impl HpBar {
    /// A bar at rest on `share`.
    fn still_at(share: f32) -> Self {
        Self {
            from: share,
            to: share,
            ..default()
        }
    }

    /// Heads for `to`; a fall also flashes.
    fn head_for(&mut self, to: f32, timings: &AnimationData) {
        let now = self.drawn(timings);
        if to < self.to {
            self.flash = Some(Clock::new(timings.hp_flash));
        }
        (self.from, self.to) = (now, to);
        self.ease = Some(Clock::new(timings.hp_bar));
    }

    fn tick(&mut self, seconds: f32) {
        for clock in [&mut self.ease, &mut self.flash].into_iter().flatten() {
            clock.tick(seconds);
        }
    }

    fn drawn(&self, timings: &AnimationData) -> f32 {
        let t = self
            .ease
            .map_or(1.0, |c| timings.hp_bar_ease.apply(c.progress()));
        self.from + (self.to - self.from) * t
    }

    /// The bar's colour: red, lit toward pale while the flash lasts.
    fn colour(&self) -> Color {
        let flash = self.flash.map_or(0.0, |c| 1.0 - c.progress());
        HP_RED.mix(&HP_FLASH, flash)
    }
}

/// The HP bar's numbers, and its bar easing to them, flashing on a wound;
/// with Reduce motion on it snaps.
fn show_hp(
    hero: Single<&Health, With<Hero>>,
    time: Res<Time>,
    motion: Res<Motion>,
    mut bar: Local<Option<HpBar>>,
    mut texts: GaugeTexts,
    mut fills: Query<(&GaugeFill, &mut Node)>,
    mut colours: Query<(&GaugeFill, &mut BackgroundColor)>,
) {
    let numbers = (hero.hp, hero.max);
    let target = share(hero.hp, hero.max);
    let timings = &motion.timings;
    let bar = bar.get_or_insert_with(|| HpBar::still_at(target));
    if motion.reduce {
        *bar = HpBar::still_at(target);
    } else if bar.to != target {
        bar.head_for(target, timings);
    }
    bar.tick(time.delta_secs());
    set_gauge(
        Gauge::Hp,
        "HP",
        numbers,
        bar.drawn(timings),
        &mut texts,
        &mut fills,
    );
    for (_, mut colour) in colours.iter_mut().filter(|(g, _)| g.0 == Gauge::Hp) {
        colour.set_if_neq(BackgroundColor(bar.colour()));
    }
}

/// The food bar and the hunger state, coloured when Hungry or worse. A
/// hero without a stomach (hunt mode) shows neither.
fn show_food(
    hero: Single<Option<&Stomach>, With<Hero>>,
    mut texts: GaugeTexts,
    mut fills: Query<(&GaugeFill, &mut Node)>,
    mut state: Single<(&mut Text, &mut TextColor), With<HungerText>>,
) {
    let Some(stomach) = *hero else {
        return;
    };
    let numbers = (stomach.food, stomach.max);
    let filled = share(stomach.food, stomach.max);
    set_gauge(Gauge::Food, "Food", numbers, filled, &mut texts, &mut fills);
    set_text(&mut state.0, stomach.state.name().to_string());
    state.1.set_if_neq(TextColor(hunger_colour(stomach.state)));
}

/// Every status the hero has, in words, beside its hunger.
fn show_status(
    hero: Single<Option<&Statuses>, With<Hero>>,
    new_game: Res<NewGame>,
    mut text: Single<&mut Text, (With<StatusText>, Without<HungerText>)>,
) {
    let line = (*hero).map_or_else(String::new, |statuses| {
        status_line(statuses, &new_game.rules.statuses)
    });
    set_text(&mut text, line);
}

/// "Sick (3 turns)  Regenerating (12 turns)": each status by the label
/// the rules give it, and how long it lasts.
pub(crate) fn status_line(statuses: &Statuses, words: &BTreeMap<Status, StatusWords>) -> String {
    statuses
        .iter()
        .map(|(status, turns)| {
            let label = words.get(&status).map_or("?", |w| w.label.as_str());
            let left = crate::vocab::text::count(turns as usize, "turn");
            format!("{label} ({left})")
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// Tells the camera how many pixels the top and bottom panels take.
fn measure_panels(panels: Query<(&Panel, &ComputedNode)>, mut area: ResMut<PlayArea>) {
    let mut measured = *area;
    for (panel, node) in &panels {
        let height = node.size().y * node.inverse_scale_factor;
        match panel {
            Panel::Top => measured.top = height,
            Panel::Bottom => measured.bottom = height,
        }
    }
    area.set_if_neq(measured);
}

fn hunger_colour(state: Hunger) -> Color {
    match state {
        Hunger::Satiated | Hunger::Normal => LEGEND_COLOUR,
        Hunger::Hungry => Color::srgb(0.95, 0.8, 0.3),
        Hunger::Weak => Color::srgb(0.95, 0.5, 0.2),
        Hunger::Starving => Color::srgb(1.0, 0.25, 0.2),
    }
}

/// The newest lines, brightest first; nothing once the log has been quiet
/// for `log_fade_turns` turns.
fn show_log(
    log: Res<GameLog>,
    turn: Res<TurnCount>,
    new_game: Res<NewGame>,
    mut lines: Query<(&LogLine, &mut Text, &mut TextColor)>,
    fresh: Query<(), Added<LogLine>>,
    window: Single<Ref<Window>, With<PrimaryWindow>>,
) {
    let unchanged = !log.is_changed() && !turn.is_changed() && !window.is_changed();
    if unchanged && fresh.is_empty() {
        return;
    }
    let recent = log.recent(LOG_LINES);
    let quiet = recent
        .last()
        .is_none_or(|e| turn.0 >= e.turn + new_game.rules.log_fade_turns);
    let room = legend::chars_that_fit(window.width(), LOG_FONT_PX);
    for (line, mut text, mut colour) in &mut lines {
        let entry = recent.len().checked_sub(line.0 + 1).map(|i| &recent[i]);
        text.0 = match entry {
            Some(entry) if !quiet => cut_to_fit(&entry.line(), room),
            _ => String::new(),
        };
        colour.0 = Color::WHITE.with_alpha(LOG_FADE[line.0]);
    }
}

/// `line` cut to `room` characters, ending in "..." when it was longer:
/// the history (`m`) shows it whole.
pub(crate) fn cut_to_fit(line: &str, room: usize) -> String {
    if line.chars().count() <= room {
        return line.to_string();
    }
    let kept: String = line.chars().take(room.saturating_sub(3)).collect();
    format!("{kept}...")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hunt_names_the_nearest_foe_seen_its_steps_and_its_way() {
        let hero = Pos::new(10, 10);
        let note = |foes: &[(i32, i32)]| {
            nearest_foe_note(
                hero,
                foes.iter().map(|&(x, y)| Pos::new(x, y)),
                std::iter::empty(),
            )
        };
        assert_eq!(note(&[]), "none seen yet");
        assert_eq!(
            note(&[(20, 7), (30, 30)]),
            "nearest: 10 E",
            "3 north of 10 east is east"
        );
        assert_eq!(note(&[(16, 4)]), "nearest: 6 NE");
        assert_eq!(note(&[(10, 2), (40, 10)]), "nearest: 8 N");
        assert_eq!(note(&[(7, 14)]), "nearest: 4 SW");
        assert_eq!(note(&[(1, 12)]), "nearest: 9 W");
        assert_eq!(note(&[(10, 10)]), "nearest: 0 here");
        let dens = [Pos::new(90, 90), Pos::new(10, 60)];
        assert_eq!(
            nearest_foe_note(hero, std::iter::empty(), dens.into_iter()),
            "nearest den: 50 S",
            "before any foe is seen, the nearest den"
        );
        assert_eq!(
            nearest_foe_note(hero, [Pos::new(12, 10)].into_iter(), dens.into_iter()),
            "nearest: 2 E",
            "a foe seen comes first"
        );
    }

    #[test]
    fn a_long_log_line_is_cut_to_the_window() {
        assert_eq!(cut_to_fit("You hit the bat.", 40), "You hit the bat.");
        assert_eq!(
            cut_to_fit("Screenshot saved to /a/long/path.png", 16),
            "Screenshot sa..."
        );
        assert_eq!(
            cut_to_fit("Screenshot saved to /a/long/path.png", 16).len(),
            16
        );
    }

    #[test]
    fn the_status_line_names_each_status_and_how_long_it_lasts() {
        let words = crate::vocab::statuses::default_status_words();
        let line = |pairs: &[(Status, u32)]| status_line(&pairs.iter().copied().collect(), &words);
        assert_eq!(line(&[]), "");
        assert_eq!(line(&[(Status::Sick, 3)]), "Sick (3 turns)");
        assert_eq!(
            line(&[
                (Status::FarSight, 40),
                (Status::Sick, 1),
                (Status::Paralysed, 2)
            ]),
            "Paralysed (2 turns)  Sick (1 turn)  Far sight (40 turns)"
        );
    }
}
