//! The command line, turned into a running game (or a printed map).

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use clap::Parser;
use gloomdelve::cli::{Cli, Command, MapKind};
use gloomdelve::view::assets::DisplaySettings;
use gloomdelve::vocab::data::find_assets_dir;
use gloomdelve::vocab::data::{CreatureBook, ItemBook};
use gloomdelve::{GamePlugin, NewGame, PresentationPlugin, RulesData};
use gloomdelve_core::mapgen::caves::{self, CaveStyle};
use gloomdelve_core::mapgen::{Stairs, rooms, surface, warrens};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.clone() {
        Some(Command::Mapgen {
            kind,
            seed,
            width,
            height,
            stats,
        }) => print_map(kind, seed, (width, height), stats),
        Some(Command::SaveLoop(options)) => save_loop(&options),
        Some(Command::Sim(options)) => simulate(&options),
        None => run_game(&cli),
    };
    result.unwrap_or_else(|message| {
        eprintln!("gloomdelve: {message}");
        ExitCode::from(2)
    })
}

/// Prints a generated map as text, and with `stats` its counts.
fn print_map(
    kind: MapKind,
    seed: u64,
    (width, height): (i32, i32),
    stats: bool,
) -> Result<ExitCode, String> {
    let map = match kind {
        MapKind::Caves => caves::level(seed, width, height, CaveStyle::default(), Stairs::BOTH),
        MapKind::Rooms => rooms::generate(seed, width, height, Stairs::BOTH),
        MapKind::Surface => surface::generate(seed, width, height),
        MapKind::Warrens => Ok(warrens::generate(seed).map),
    }
    .map_err(|e| e.to_string())?;
    print!("{}", map.terrain.to_text());
    if stats {
        for (name, count) in &map.stats {
            println!("{name}: {count}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `sim`: plays with the bot and prints one JSON object per game, then the
/// totals when there are several. A broken invariant exits with status 3.
fn simulate(options: &gloomdelve::cli::SimOptions) -> Result<ExitCode, String> {
    if let Some(path) = &options.replay {
        let recording = gloomdelve::sim::Recording::load(path)?;
        let new_game = NewGame::shipped(recording.seed, recording.mode)?;
        return print_outcome(gloomdelve::sim::replay(new_game, &recording));
    }
    if let Some(path) = &options.load {
        return continue_saved(path, options.turns);
    }
    if options.record.is_some() || options.save.is_some() {
        return play_and_keep(options);
    }
    let (first, last) = options.seeds.unwrap_or((options.seed, options.seed));
    let mut reports = Vec::new();
    for seed in first..=last {
        let new_game = NewGame::shipped(seed, options.mode)?;
        let played = match options.player {
            gloomdelve::cli::Player::Bot => gloomdelve::sim::run(new_game, options.turns),
            gloomdelve::cli::Player::Newcomer => {
                gloomdelve::sim::run_newcomer(new_game, options.turns)
            }
            gloomdelve::cli::Player::Wait => gloomdelve::sim::run_waiter(new_game, options.turns),
        };
        match played {
            Ok(report) => {
                println!(
                    "{}",
                    serde_json::to_string(&report).map_err(|e| e.to_string())?
                );
                reports.push(report);
            }
            Err(violation) => {
                eprintln!("gloomdelve: invariant broken: {violation}");
                return Ok(ExitCode::from(3));
            }
        }
    }
    if reports.len() > 1 {
        let totals = gloomdelve::sim::Totals::of(&reports);
        println!(
            "{}",
            serde_json::to_string(&totals).map_err(|e| e.to_string())?
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `sim --record FILE` and `sim --save FILE`: one bot game, written as a
/// recording and as a save once played. Both paths are checked first, so
/// a bad one is refused before any turn. A game that ended has no save:
/// its report is printed, and then the error says why nothing was saved.
fn play_and_keep(options: &gloomdelve::cli::SimOptions) -> Result<ExitCode, String> {
    if let Some(path) = &options.record {
        gloomdelve::sim::Recording::check_path(path)?;
    }
    if let Some(path) = &options.save {
        gloomdelve::save::check_save_path(path)?;
    }
    let new_game = NewGame::shipped(options.seed, options.mode)?;
    if let Some(path) = &options.save {
        check_room_to_save(path, &new_game)?;
    }
    let record = options.record.is_some();
    let captured = match gloomdelve::sim::run_and_capture(new_game, options.turns, record) {
        Ok(captured) => captured,
        Err(violation) => return print_outcome(Err(violation)),
    };
    if let (Some(path), Some(recording)) = (&options.record, &captured.recording) {
        recording.save(path)?;
    }
    let printed = print_outcome(Ok(captured.report.clone()))?;
    if let Some(path) = &options.save {
        let Some(save) = &captured.save else {
            return Err(format!(
                "the game ended ({}) on turn {}, so there is no game to save; {} was not written",
                captured.report.outcome,
                captured.report.turns,
                path.display()
            ));
        };
        gloomdelve::save::write_save(path, save)?;
    }
    Ok(printed)
}

/// Whether the disk under `path` has room for a save of `new_game`, judged
/// by its save on the first turn and how many levels a save may hold.
fn check_room_to_save(path: &std::path::Path, new_game: &NewGame) -> Result<(), String> {
    let first = gloomdelve::sim::run_and_capture(new_game.clone(), 0, false)
        .ok()
        .and_then(|captured| captured.save)
        .ok_or("the new game cannot be captured on its first turn")?;
    let levels = match new_game.mode {
        gloomdelve::Mode::Delve => new_game.rules.depths + 1,
        gloomdelve::Mode::Hunt => 1,
    };
    gloomdelve::save::check_room_for_save(path, &first, levels)
}

/// `sim --load FILE`: the saved game, read and checked as Continue does,
/// played on by the bot until turn `turns`.
fn continue_saved(path: &std::path::Path, turns: u64) -> Result<ExitCode, String> {
    use gloomdelve::save::SaveStatus;
    let new_game = NewGame::shipped(0, gloomdelve::Mode::Delve)?;
    match gloomdelve::save::read_save(path, &new_game) {
        SaveStatus::Ready(save) => {
            print_outcome(gloomdelve::sim::run_from_save(new_game, *save, turns))
        }
        SaveStatus::None => Err(format!(
            "cannot load {}: there is no file there",
            path.display()
        )),
        SaveStatus::SetAside(message)
        | SaveStatus::LeftInPlace(message)
        | SaveStatus::Unavailable(message) => Err(message),
    }
}

/// Prints one game's report, or the broken invariant (exit status 3).
fn print_outcome(
    outcome: Result<gloomdelve::sim::Report, gloomdelve::sim::Violation>,
) -> Result<ExitCode, String> {
    match outcome {
        Ok(report) => {
            println!(
                "{}",
                serde_json::to_string(&report).map_err(|e| e.to_string())?
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(violation) => {
            eprintln!("gloomdelve: invariant broken: {violation}");
            Ok(ExitCode::from(3))
        }
    }
}

/// Plays a headless game from the shipped data, saving after every turn,
/// until the turns are played or the game ends: an ended game is never
/// saved, so the loop stops there and says so on stderr.
fn save_loop(options: &gloomdelve::cli::SaveLoop) -> Result<ExitCode, String> {
    use gloomdelve::save::{Saved, save_now};
    use std::io::Write;
    let new_game = NewGame::shipped(options.seed, gloomdelve::Mode::Delve)?;
    let lock = gloomdelve::save::claim_data_dir(&options.dir)?;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins(GamePlugin { new_game })
        .insert_resource(gloomdelve::save::DataDir(options.dir.clone()))
        .insert_resource(lock);
    app.world_mut()
        .resource_mut::<NextState<gloomdelve::vocab::states::Screen>>()
        .set(gloomdelve::vocab::states::Screen::Playing);
    app.update();
    for turn in 0..options.saves {
        app.world_mut()
            .resource_mut::<gloomdelve::vocab::intents::PendingAction>()
            .0 = Some(gloomdelve::vocab::intents::Action::Wait);
        app.update();
        if save_now(app.world_mut())? == Saved::GameEnded {
            eprintln!("gloomdelve: the game ended after {turn} saves; save-loop stops");
            break;
        }
        println!("saved {turn}");
        std::io::stdout().flush().ok();
    }
    Ok(ExitCode::SUCCESS)
}

fn run_game(cli: &Cli) -> Result<ExitCode, String> {
    if let Some(path) = &cli.record {
        gloomdelve::sim::Recording::check_path(path)?;
    }
    let assets_dir = find_assets_dir()?;
    let rules = RulesData::load(&assets_dir.join("data/rules.ron"))?;
    let creatures_path = assets_dir.join("data/creatures.ron");
    let creatures = CreatureBook::load(&creatures_path)?;
    let items = ItemBook::load(&assets_dir.join("data/items.ron"))?;
    creatures.check_shots(&items, &creatures_path)?;
    let timings = gloomdelve::view::motion::timings::AnimationData::load(
        &assets_dir.join(gloomdelve::view::motion::timings::ANIMATION_FILE),
    )?;
    let replay = cli
        .replay
        .as_deref()
        .map(gloomdelve::sim::Recording::load)
        .transpose()?;
    let seed = replay
        .as_ref()
        .map(|r| r.seed)
        .or(cli.seed)
        .unwrap_or_else(seed_from_clock);
    let mode = replay.as_ref().map(|r| r.mode).or(cli.mode);
    let config_dir = gloomdelve::config::standard_config_dir();
    let usable_config = gloomdelve::config::usable_config_dir(&config_dir);
    let (remembered, settings_note) = match &usable_config {
        Ok(()) => gloomdelve::config::load_settings(&config_dir),
        Err(why) => (Default::default(), Some(why.clone())),
    };
    let settings = DisplaySettings {
        scale: cli.scale.or(remembered.zoom),
        screenshot_dir: cli
            .screenshot_dir
            .clone()
            .unwrap_or_else(default_screenshot_dir),
    };
    let (width, height) = cli.window.or(remembered.window).unwrap_or((1280, 800));
    gloomdelve::view::graphics::check_for_display()?;
    gloomdelve::view::graphics::check_for_adapter()?;
    let mut app = App::new();
    // A player's game logs a failing system and goes on rather than crash;
    // the tests keep Bevy's default, which panics, so such bugs still show.
    app.set_error_handler(bevy::ecs::error::warn);
    if cli.frame_times {
        app.add_plugins((
            bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
            bevy::diagnostic::LogDiagnosticsPlugin::default(),
        ));
    }
    let (bindings, binding_notes) = match &usable_config {
        Ok(()) => gloomdelve::config::load_bindings(&config_dir),
        Err(_) => (Default::default(), Vec::new()),
    };
    // The settings first: the title shows only the first few notes.
    let notes: Vec<String> = settings_note.into_iter().chain(binding_notes).collect();
    for note in &notes {
        eprintln!("gloomdelve: {note}");
    }
    app.insert_resource(gloomdelve::vocab::keys::KeyBindings(bindings));
    app.insert_resource(gloomdelve::config::ConfigNotes(notes));
    app.insert_resource(gloomdelve::rules::hunt::ClearedPause(
        std::time::Duration::from_secs_f32(timings.cleared_pause),
    ));
    app.insert_resource(gloomdelve::view::motion::state::Motion {
        timings,
        reduce: remembered.reduce_motion,
        pace: 1.0,
    });
    app.insert_resource(gloomdelve::vocab::foresight::ShowIntents(
        remembered.show_intents,
    ));
    app.insert_resource(gloomdelve::vocab::resources::ShowSidebar(
        remembered.show_sidebar,
    ));
    app.insert_resource(gloomdelve::vocab::resources::RoutesMayDig(
        remembered.routes_may_dig,
    ));
    app.insert_resource(remembered);
    if usable_config.is_ok() {
        app.insert_resource(gloomdelve::config::SettingsPath(
            config_dir.join(gloomdelve::config::SETTINGS_FILE),
        ));
    }
    // A seed or a mode on the command line (a replay brings both) starts a
    // new game at once, or asks on the title if a save is in the way.
    if cli.seed.is_some() || mode.is_some() {
        app.insert_resource(gloomdelve::view::title::DirectStart);
    }
    if let Some(path) = &cli.record {
        app.insert_resource(gloomdelve::input::playback::RecordTo(path.clone()));
    }
    match &replay {
        // A replay saves nothing: the player's save and scores stay as they are.
        Some(recording) => {
            app.insert_resource(gloomdelve::input::playback::Playback::new(recording));
        }
        None => {
            let dir = gloomdelve::save::DataDir::standard();
            match gloomdelve::save::claim_data_dir(&dir.0) {
                Ok(lock) => {
                    app.insert_resource(dir).insert_resource(lock);
                }
                Err(why) => {
                    app.insert_resource(gloomdelve::save::Unsaved(format!(
                        "This game will not be saved: {why}."
                    )));
                }
            }
        }
    }
    let exit = app
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: format!("Gloomdelve - seed {seed}"),
                        resolution: WindowResolution::new(width, height),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: assets_dir.to_string_lossy().into_owned(),
                    ..default()
                })
                .set(ImagePlugin::default_nearest()),
        )
        .insert_resource(ClearColor(Color::BLACK))
        .add_plugins((
            GamePlugin {
                new_game: NewGame {
                    seed,
                    rules,
                    creatures,
                    items,
                    reveal: cli.reveal,
                    mode: mode.unwrap_or_default(),
                },
            },
            PresentationPlugin { settings },
        ))
        .run();
    Ok(match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    })
}

/// A seed for a game started without `--seed`. Only the choice of seed
/// comes from the clock; the game itself draws from the seeded RNG.
fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    gloomdelve_core::rng::derive_seed(nanos, 0) % 1_000_000
}

fn default_screenshot_dir() -> std::path::PathBuf {
    directories::ProjectDirs::from("", "", "gloomdelve")
        .map(|dirs| dirs.data_dir().join("screenshots"))
        .unwrap_or_else(|| std::path::PathBuf::from("screenshots"))
}
