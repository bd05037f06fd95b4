//! The real-window tests: the game binary on a private Xvfb display, driven
//! with xdotool, checked through its own F12 screenshots. Where Xvfb or
//! xdotool is missing they say so loudly and skip.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use gloomdelve::input::playback::{RECORDED_LINE, REPLAY_DONE_LINE};
use gloomdelve::view::tilemap::READY_LINE;
use gloomdelve_core::art::decode_png;
use gloomdelve_core::fov::Fov;
use gloomdelve_core::{Dir, Pos, Terrain};
use tempfile::TempDir;

use crate::support::scratch;

const SEED: u64 = 7;
/// The HUD's bottom panel (log, info line, legend) is left out of map
/// comparisons: its text changes as screenshots are logged.
const HUD_BOTTOM: i64 = 150;
/// One tile on screen at the default ×4 zoom.
const TILE_PX: i64 = 32;
/// Enough time between keys for a software-rendered frame or several.
const KEY_GAP: Duration = Duration::from_millis(250);

/// Window tests share one display each and must not overlap.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn tool_missing(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .map_or(true, |o| !o.status.success())
}

/// True (after a loud message) when this machine cannot run window tests.
fn skip_without_display_tools(test: &str) -> bool {
    let missing: Vec<&str> = ["Xvfb", "xdotool"]
        .into_iter()
        .filter(|t| tool_missing(t))
        .collect();
    if missing.is_empty() {
        return false;
    }
    eprintln!("\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    eprintln!(
        "!!! SKIPPING {test}: {} not installed.",
        missing.join(" and ")
    );
    eprintln!("!!! Install with: apt-get install -y xvfb mesa-vulkan-drivers xdotool");
    eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n");
    true
}

/// A private Xvfb display, stopped on drop.
struct Display {
    number: u32,
    server: Child,
}

impl Display {
    /// Starts Xvfb on a display number it picks itself (`-displayfd`), so
    /// parallel runs and stale lock files never collide. `-noreset` keeps
    /// the server from resetting when its last client leaves: a game
    /// started during a reset (the next game of a test, right after one
    /// quit) fails to open the display.
    fn start() -> Self {
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-noreset",
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut line = String::new();
        BufReader::new(server.stdout.take().expect("Xvfb's stdout"))
            .read_line(&mut line)
            .expect("Xvfb reports its display");
        let number: u32 = line.trim().parse().expect("Xvfb reports a display number");
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        wait_for(Duration::from_secs(10), || socket.exists().then_some(()))
            .expect("Xvfb socket appears");
        Self { number, server }
    }

    fn name(&self) -> String {
        format!(":{}", self.number)
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", self.name())
            .output()
            .expect("xdotool runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }
}

impl Drop for Display {
    /// Stops Xvfb with SIGTERM, so it removes its lock file, and waits.
    fn drop(&mut self) {
        let terminated = Command::new("kill")
            .arg(self.server.id().to_string())
            .status()
            .is_ok_and(|s| s.success());
        if !terminated {
            let _ = self.server.kill();
        }
        let _ = self.server.wait();
    }
}

/// The running game, killed on drop, with its log lines on a channel.
struct Game {
    child: Child,
    lines: Receiver<String>,
}

impl Game {
    fn start(mut command: Command) -> Self {
        let mut child = command
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the game starts");
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("  game| {line}");
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Self { child, lines }
    }

    /// Whether the game exits by itself within `timeout`.
    fn exits_within(&mut self, timeout: Duration) -> bool {
        wait_for(timeout, || self.child.try_wait().ok().flatten()).is_some()
    }

    fn wait_for_line(&self, needle: &str, timeout: Duration) -> bool {
        self.line_with(needle, timeout).is_some()
    }

    /// The first line from now on that contains `needle`.
    fn line_with(&self, needle: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return Some(line),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn wait_for<T>(timeout: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(found) = probe() {
            return Some(found);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The game command on `display`, with its own data and config folders.
/// `--reveal` lifts the fog, so the whole cave shows and the camera's shift
/// can be measured on real terrain rather than on black.
fn game_command(display: &Display, scratch: &Path) -> Command {
    let mut command = foggy_game_command(display, scratch);
    command.arg("--reveal");
    command
}

/// The game command as a player runs it, fog of war and all.
fn foggy_game_command(display: &Display, scratch: &Path) -> Command {
    let mut command = title_game_command(display, scratch);
    command.args(["--seed", &SEED.to_string()]);
    command
}

/// The game with no seed given, so it opens on the title screen. Its data
/// and config folders are in `scratch`.
fn title_game_command(display: &Display, scratch: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gloomdelve"));
    command
        .arg("--screenshot-dir")
        .arg(scratch.join("shots"))
        .current_dir(repo_root())
        .env("DISPLAY", display.name())
        .env("XDG_DATA_HOME", scratch.join("data"))
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .env("XDG_RUNTIME_DIR", scratch)
        .env_remove("WAYLAND_DISPLAY");
    command
}

fn focus_window(display: &Display) -> String {
    let window = wait_for(Duration::from_secs(60), || {
        let found = display.xdotool(&["search", "--name", "gloomdelve"]);
        found.lines().next().map(str::to_string)
    })
    .expect("the game window appears");
    display.xdotool(&["windowfocus", "--sync", &window]);
    window
}

/// A game running in a focused window on its own display, in the cave.
/// Fields drop in order: the game stops before its display does.
struct Session {
    /// Held so the game runs until the session ends; it logs its layout.
    game: Game,
    window: String,
    scratch: TempDir,
    display: Display,
}

impl Session {
    /// Starts the game (`--reveal` when asked) and waits until the cave is drawn.
    fn start(name: &str, reveal: bool) -> Self {
        Self::start_with(name, reveal, |_| {})
    }

    /// [`Session::start`], with `edit` applied to the command first.
    fn start_with(name: &str, reveal: bool, edit: impl FnOnce(&mut Command)) -> Self {
        let display = Display::start();
        let scratch = scratch(name);
        let mut command = if reveal {
            game_command(&display, scratch.path())
        } else {
            foggy_game_command(&display, scratch.path())
        };
        command.env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
        edit(&mut command);
        let game = Game::start(command);
        let window = focus_window(&display);
        assert!(
            game.wait_for_line(READY_LINE, Duration::from_secs(90)),
            "the game reaches the cave"
        );
        // The pointer rests off the map: over it, the route to the tile
        // under it is drawn, and would change what the shots compare.
        display.xdotool(&["mousemove", "--window", &window, "1", "1"]);
        std::thread::sleep(Duration::from_secs(2));
        Self {
            game,
            window,
            scratch,
            display,
        }
    }

    fn press(&self, key: &str) {
        press(&self.display, &self.window, key);
    }

    /// The centre of the hero's tile on screen, from the layout probe.
    fn hero_centre(&self) -> (i64, i64) {
        let layout = latest_layout(&self.game);
        (
            ((layout[4] + layout[6]) / 2.0) as i64,
            ((layout[5] + layout[7]) / 2.0) as i64,
        )
    }

    fn screenshot(&self) -> Shot {
        Shot::load(&take_screenshot(
            &self.display,
            &self.window,
            &self.scratch.path().join("shots"),
        ))
    }
}

fn press(display: &Display, window: &str, key: &str) {
    display.xdotool(&["key", "--window", window, key]);
    std::thread::sleep(KEY_GAP);
}

fn screenshots(dir: &Path) -> Vec<PathBuf> {
    let mut shots: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    shots.retain(|p| p.extension().is_some_and(|e| e == "png"));
    shots.sort();
    shots
}

/// Presses F12 and waits for the new PNG, which the game renames into place whole.
fn take_screenshot(display: &Display, window: &str, dir: &Path) -> PathBuf {
    let before = screenshots(dir);
    press(display, window, "F12");
    wait_for(Duration::from_secs(30), || {
        screenshots(dir).into_iter().find(|p| !before.contains(p))
    })
    .expect("F12 writes a screenshot")
}

struct Shot {
    width: i64,
    height: i64,
    rgba: Vec<u8>,
}

impl Shot {
    fn load(path: &Path) -> Self {
        let (w, h, rgba) = decode_png(&std::fs::read(path).unwrap()).unwrap();
        Self {
            width: w as i64,
            height: h as i64,
            rgba,
        }
    }

    fn pixel(&self, x: i64, y: i64) -> &[u8] {
        let at = ((y * self.width + x) * 4) as usize;
        &self.rgba[at..at + 3]
    }

    fn distinct_colours(&self) -> usize {
        let mut colours: Vec<&[u8]> = self.rgba.chunks(4).map(|p| &p[..3]).collect();
        colours.sort();
        colours.dedup();
        colours.len()
    }
}

/// The share of pixels of `a` that equal those of `b` shifted by
/// `(dx, dy)`, over the map area (the HUD's top and bottom rows left out).
fn match_fraction(a: &Shot, b: &Shot, dx: i64, dy: i64) -> f64 {
    let (top, bottom) = (40, a.height - HUD_BOTTOM);
    let (mut same, mut total) = (0u64, 0u64);
    for y in (top..bottom).step_by(2) {
        for x in (0..a.width).step_by(2) {
            let (bx, by) = (x + dx, y + dy);
            if bx < 0 || by < top || bx >= b.width || by >= bottom {
                continue;
            }
            total += 1;
            same += u64::from(a.pixel(x, y) == b.pixel(bx, by));
        }
    }
    if total == 0 {
        0.0
    } else {
        same as f64 / total as f64
    }
}

/// The whole-tile shift that best lines `after` up with `before`.
fn best_tile_shift(before: &Shot, after: &Shot) -> ((i64, i64), f64) {
    let mut best = ((0, 0), -1.0);
    for ty in -4..=4 {
        for tx in -4..=4 {
            let score = match_fraction(before, after, tx * TILE_PX, ty * TILE_PX);
            if score > best.1 {
                best = ((tx, ty), score);
            }
        }
    }
    best
}

/// The surface the game with `SEED` and the shipped rules starts on.
fn first_level() -> gloomdelve::vocab::resources::Level {
    let data = repo_root().join("assets/data");
    let new_game = gloomdelve::NewGame {
        seed: SEED,
        rules: gloomdelve::RulesData::load(&data.join("rules.ron")).unwrap(),
        creatures: Default::default(),
        items: Default::default(),
        reveal: false,
        mode: gloomdelve::Mode::Delve,
    };
    gloomdelve::rules::levels::generate::level_at(&new_game, 0)
}

/// Three steps from the start that are all moves onto floor (no digging),
/// and the keys that make them.
fn three_clear_steps(terrain: &Terrain, start: Pos) -> (Dir, &'static str) {
    let options = [
        (Dir::E, "Right"),
        (Dir::W, "Left"),
        (Dir::S, "Down"),
        (Dir::N, "Up"),
    ];
    options
        .into_iter()
        .find(|(dir, _)| {
            let mut at = start;
            (0..3).all(|_| {
                at = at.step(*dir);
                terrain.is_walkable(at)
            })
        })
        .expect("seed 7 has three clear steps from the start")
}

#[test]
fn the_window_draws_the_cave_and_the_camera_follows_the_hero() {
    if skip_without_display_tools("the_window_draws_the_cave_and_the_camera_follows_the_hero") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("window", true);
    let first = session.screenshot();
    assert!(
        first.distinct_colours() >= 8,
        "the map is drawn: only {} colours",
        first.distinct_colours()
    );

    let cave = first_level();
    let (dir, key) = three_clear_steps(&cave.terrain, cave.start);
    for _ in 0..3 {
        session.press(key);
    }
    std::thread::sleep(Duration::from_secs(2));
    let second = session.screenshot();

    // The hero moved three tiles; the terrain slides the other way on screen.
    let (dx, dy) = dir.delta();
    let expected = (-3 * dx as i64, -3 * dy as i64);
    let (shift, score) = best_tile_shift(&first, &second);
    let unmoved = match_fraction(&first, &second, 0, 0);
    assert_eq!(
        shift, expected,
        "the terrain shifted by {shift:?} tiles (match {score:.3}), expected {expected:?}"
    );
    assert!(
        score > 0.9,
        "the shifted frames match on only {score:.3} of the map"
    );
    assert!(
        unmoved < score - 0.1,
        "the camera did not move: unshifted match {unmoved:.3}"
    );
}

#[test]
fn the_binary_started_from_the_repository_root_finds_its_assets() {
    if skip_without_display_tools("the_binary_started_from_the_repository_root_finds_its_assets") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("root");
    let mut command = game_command(&display, scratch.path());
    command
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("BEVY_ASSET_ROOT");
    let game = Game::start(command);
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(90)),
        "the game reaches the cave"
    );
}

/// A copy of the shipped `assets/` at `<scratch>/game/assets`, changed by
/// `edit`; returns the folder to point `BEVY_ASSET_ROOT` at.
fn edited_assets(scratch: &TempDir, edit: impl FnOnce(&Path)) -> PathBuf {
    let root = scratch.path().join("game");
    copy_dir(&repo_root().join("assets"), &root.join("assets"));
    edit(&root.join("assets"));
    root
}

/// Copies `assets/` into the scratch folder, breaks one file, and checks the
/// game names that file and exits non-zero without a panic.
fn assert_broken_asset_is_reported(name: &str, break_it: impl FnOnce(&Path), expected: &str) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch(name);
    let root = edited_assets(&scratch, break_it);
    let mut command = game_command(&display, scratch.path());
    command.env("BEVY_ASSET_ROOT", &root).stderr(Stdio::piped());
    let out = command.output().expect("the game runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{name}: exit status {:?}; stderr: {stderr}",
        out.status
    );
    assert!(
        stderr.contains(expected),
        "{name}: expected {expected:?} in: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{name}: panicked: {stderr}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn broken_asset_files_are_named_and_exit_non_zero() {
    if skip_without_display_tools("broken_asset_files_are_named_and_exit_non_zero") {
        return;
    }
    let atlas = "sprites/sprites.atlas.ron";
    assert_broken_asset_is_reported(
        "atlas-garbage",
        |assets| std::fs::write(assets.join(atlas), "(tile_size: 8, nonsense").unwrap(),
        atlas,
    );
    assert_broken_asset_is_reported(
        "atlas-no-hero",
        |assets| {
            let text = std::fs::read_to_string(assets.join(atlas)).unwrap();
            std::fs::write(assets.join(atlas), text.replace("\"hero\"", "\"heroine\"")).unwrap();
        },
        "\"hero\" is missing",
    );
    assert_broken_asset_is_reported(
        "sheet-missing",
        |assets| std::fs::remove_file(assets.join("sprites/creatures.png")).unwrap(),
        "sprites/creatures.png",
    );
    assert_broken_asset_is_reported(
        "sheet-corrupt",
        |assets| std::fs::write(assets.join("sprites/terrain.png"), b"not a png").unwrap(),
        "sprites/terrain.png",
    );
    let edit_atlas = |assets: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(assets.join(atlas)).unwrap();
        assert!(text.contains(from), "the atlas has {from:?}");
        std::fs::write(assets.join(atlas), text.replacen(from, to, 1)).unwrap();
    };
    let creatures_sheet = "path: \"sprites/creatures.png\",\n            columns: 8,";
    assert_broken_asset_is_reported(
        "atlas-huge-grid",
        |assets| {
            let huge = "path: \"sprites/creatures.png\",\n            columns: 4294967295,";
            edit_atlas(assets, creatures_sheet, huge);
        },
        "sprites/sprites.atlas.ron: sheet \"creatures\" has 4294967295 columns and 3 rows",
    );
    assert_broken_asset_is_reported(
        "atlas-absolute-path",
        |assets| {
            edit_atlas(
                assets,
                "\"sprites/creatures.png\"",
                "\"/tmp/creatures.png\"",
            )
        },
        "sprites/sprites.atlas.ron: sheet \"creatures\" has path \"/tmp/creatures.png\": it is absolute",
    );
    assert_broken_asset_is_reported(
        "atlas-parent-path",
        |assets| {
            edit_atlas(
                assets,
                "\"sprites/creatures.png\"",
                "\"../assets/sprites/creatures.png\"",
            )
        },
        "sprites/sprites.atlas.ron: sheet \"creatures\" has path \"../assets/sprites/creatures.png\": `..` leaves",
    );
    assert_broken_asset_is_reported(
        "sheet-huge",
        |assets| write_blank_png(&assets.join("sprites/creatures.png"), 20000, 20000),
        "assets/sprites/creatures.png: the image is 20000x20000 pixels, larger than",
    );
    assert_broken_asset_is_reported(
        "sheet-smaller-than-its-grid",
        |assets| write_blank_png(&assets.join("sprites/creatures.png"), 64, 8),
        "assets/sprites/creatures.png: the image is 64x8 pixels, but the atlas says it holds 8x3 cells",
    );
    assert_broken_asset_is_reported(
        "data-sprite-missing",
        |assets| {
            let path = assets.join("data/creatures.ron");
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, text.replace("sprite: \"bat\"", "sprite: \"batt\"")).unwrap();
        },
        "assets/data/creatures.ron: creature \"bat\" has sprite \"batt\", which is not in assets/sprites/sprites.atlas.ron",
    );
    assert_broken_asset_is_reported(
        "animation-out-of-range",
        |assets| std::fs::write(assets.join("data/animation.ron"), "(step: -1.0)").unwrap(),
        "assets/data/animation.ron: step: -1 is out of range: use 0 to 5",
    );
    assert_broken_asset_is_reported(
        "rules-corrupt",
        |assets| std::fs::write(assets.join("data/rules.ron"), "(cave_width: -1").unwrap(),
        "rules.ron",
    );
}

/// Writes a 1-bit grey PNG of `width`×`height`, all black: a big image in a small file.
fn write_blank_png(path: &Path, width: u32, height: u32) {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::One);
    let mut writer = encoder.write_header().unwrap();
    let row_bytes = width.div_ceil(8) as usize;
    writer
        .write_image_data(&vec![0; row_bytes * height as usize])
        .unwrap();
    writer.finish().unwrap();
    std::fs::write(path, out).unwrap();
}

/// Rewrites every sheet as 16-bit RGBA, each 8-bit sample `v` becoming `v·257`.
fn make_sheets_16_bit(assets: &Path) {
    for sheet in gloomdelve_core::art::SHEETS {
        let path = assets.join(format!("sprites/{sheet}.png"));
        let (width, height, rgba) = decode_png(&std::fs::read(&path).unwrap()).unwrap();
        let wide: Vec<u8> = rgba.iter().flat_map(|&v| [v, v]).collect();
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Sixteen);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&wide).unwrap();
        writer.finish().unwrap();
        std::fs::write(&path, out).unwrap();
    }
}

/// A 16-bit PNG used to reach the GPU as `Rgba16Unorm`, which it refused;
/// every sheet now reaches it as 8-bit sRGB RGBA, so it draws the same.
#[test]
fn sixteen_bit_sheets_draw_the_same_as_the_shipped_ones() {
    if skip_without_display_tools("sixteen_bit_sheets_draw_the_same_as_the_shipped_ones") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let shipped = Session::start("sheets-8-bit", true).screenshot();
    let assets = scratch("sheets-16-bit-assets");
    let root = edited_assets(&assets, make_sheets_16_bit);
    let deep = Session::start_with("sheets-16-bit", true, |command| {
        command.env("BEVY_ASSET_ROOT", &root);
    })
    .screenshot();
    let same = match_fraction(&shipped, &deep, 0, 0);
    assert!(
        shipped.distinct_colours() >= 8 && same > 0.99,
        "the 16-bit sheets draw differently: {same:.3} of the map matches"
    );
}

impl Shot {
    /// The mean brightness (0-255) of the inner 24×24 pixels of the tile
    /// whose centre is at `(cx, cy)`.
    fn tile_brightness(&self, cx: i64, cy: i64) -> f64 {
        let mut sum = 0u64;
        for y in cy - 12..cy + 12 {
            for x in cx - 12..cx + 12 {
                let p = self.pixel(x, y);
                sum += (u64::from(p[0]) + u64::from(p[1]) + u64::from(p[2])) / 3;
            }
        }
        sum as f64 / (24.0 * 24.0)
    }
}

/// The tiles visible from `from` with the hero's default vision.
fn seen_from(terrain: &Terrain, from: Pos) -> std::collections::HashSet<Pos> {
    let mut seen = std::collections::HashSet::new();
    Fov::new().compute(
        from,
        6,
        |p| terrain.tile(p).blocks_sight(),
        |p| {
            seen.insert(p);
        },
    );
    seen
}

#[test]
fn the_fog_shows_visible_remembered_and_unseen_tiles_apart() {
    if skip_without_display_tools("the_fog_shows_visible_remembered_and_unseen_tiles_apart") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("fog", false);
    let cave = first_level();
    let (dir, key) = three_clear_steps(&cave.terrain, cave.start);
    for _ in 0..3 {
        session.press(key);
    }
    std::thread::sleep(Duration::from_secs(2));
    let shot = session.screenshot();
    let (hero_x, hero_y) = session.hero_centre();

    let path: Vec<Pos> = (0..4)
        .map(|i| (0..i).fold(cave.start, |p, _| p.step(dir)))
        .collect();
    let hero = path[3];
    let now = seen_from(&cave.terrain, hero);
    let before: std::collections::HashSet<Pos> = path[..3]
        .iter()
        .flat_map(|&p| seen_from(&cave.terrain, p))
        .collect();
    let (mut visible, mut remembered, mut unseen) = (Vec::new(), Vec::new(), Vec::new());
    for p in cave.terrain.tiles().positions().filter(|&p| p != hero) {
        let (cx, cy) = (
            hero_x + i64::from(p.x - hero.x) * TILE_PX,
            hero_y + i64::from(p.y - hero.y) * TILE_PX,
        );
        if cx < 16 || cx > shot.width - 16 || cy < 60 || cy > shot.height - HUD_BOTTOM {
            continue;
        }
        let floor = cave.terrain.is_walkable(p);
        let brightness = shot.tile_brightness(cx, cy);
        if now.contains(&p) {
            if floor {
                visible.push(brightness);
            }
        } else if before.contains(&p) {
            if floor {
                remembered.push(brightness);
            }
        } else {
            unseen.push(brightness);
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let (v, r, u) = (mean(&visible), mean(&remembered), mean(&unseen));
    eprintln!(
        "floor brightness: visible {v:.1} ({} tiles), remembered {r:.1} ({}), unseen {u:.1} ({})",
        visible.len(),
        remembered.len(),
        unseen.len()
    );
    assert!(!visible.is_empty() && !remembered.is_empty() && !unseen.is_empty());
    assert!(u < 2.0, "unseen tiles are black: {u:.1}");
    assert!(
        r > u + 5.0,
        "remembered tiles ({r:.1}) are brighter than unseen ({u:.1})"
    );
    assert!(
        v > r * 1.5,
        "visible tiles ({v:.1}) are clearly brighter than remembered ({r:.1})"
    );
}

/// How many sampled pixels differ between two shots over the map area.
fn changed_pixels(a: &Shot, b: &Shot) -> usize {
    let (top, bottom) = (40, a.height - HUD_BOTTOM);
    (top..bottom)
        .flat_map(|y| (0..a.width).map(move |x| (x, y)))
        .filter(|&(x, y)| a.pixel(x, y) != b.pixel(x, y))
        .count()
}

/// Pixels in the top bar that have the HP bar's red.
fn hp_red_pixels(shot: &Shot) -> usize {
    (0..40)
        .flat_map(|y| (0..shot.width).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = shot.pixel(x, y);
            p[0] > 150 && p[1] < 80 && p[2] < 80
        })
        .count()
}

#[test]
fn creatures_move_while_the_hero_waits_and_the_hp_bar_is_drawn() {
    if skip_without_display_tools("creatures_move_while_the_hero_waits_and_the_hp_bar_is_drawn") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("creatures", true);
    let before = session.screenshot();
    for _ in 0..10 {
        session.press("period");
    }
    std::thread::sleep(Duration::from_secs(2));
    let after = session.screenshot();
    let changed = changed_pixels(&before, &after);
    let area = (before.width * (before.height - 40 - HUD_BOTTOM)) as usize;
    assert!(
        changed > 500,
        "only {changed} pixels changed: nothing moved in 10 turns"
    );
    assert!(
        changed < area / 4,
        "{changed} of {area} pixels changed: the view itself moved"
    );
    assert!(
        hp_red_pixels(&after) > 1500,
        "the red HP bar is drawn ({} red pixels)",
        hp_red_pixels(&after)
    );
}

/// The bounding box `(left, top, right, bottom)` of the inventory's gold
/// selection frame: pixels close to the gold of `slot_selected`.
fn gold_box(shot: &Shot) -> Option<(i64, i64, i64, i64)> {
    let mut found: Option<(i64, i64, i64, i64)> = None;
    for y in 0..shot.height {
        for x in 0..shot.width {
            let p = shot.pixel(x, y);
            if p[0] > 220 && p[1] > 190 && p[1] < 240 && p[2] < 120 {
                let (l, t, r, b) = found.unwrap_or((x, y, x, y));
                found = Some((l.min(x), t.min(y), r.max(x), b.max(y)));
            }
        }
    }
    found
}

fn crop(shot: &Shot, left: i64, top: i64, size: i64) -> Vec<u8> {
    (top..top + size)
        .flat_map(|y| (left..left + size).flat_map(move |x| shot.pixel(x, y).to_vec()))
        .collect()
}

#[test]
fn the_inventory_grid_opens_moves_its_selection_and_closes() {
    if skip_without_display_tools("the_inventory_grid_opens_moves_its_selection_and_closes") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("inventory", false);
    let game_view = session.screenshot();
    session.press("i");
    std::thread::sleep(Duration::from_secs(1));
    let grid = session.screenshot();
    let centre_changed = (300..500)
        .flat_map(|y| (340..940).map(move |x| (x, y)))
        .filter(|&(x, y)| game_view.pixel(x, y) != grid.pixel(x, y))
        .count();
    assert!(
        centre_changed > 60_000,
        "the centre barely changed ({centre_changed} pixels)"
    );
    let (left, top, right, bottom) = gold_box(&grid).expect("the gold selected slot is drawn");
    let pitch = 60;
    let slot = right - left + 1;
    assert!(
        (40..=60).contains(&slot) && (bottom - top + 1 - slot).abs() <= 2,
        "a square gold slot, {slot} px"
    );
    // With an empty pack, the other 19 slots are the same picture: the grid's regular pattern.
    let first = crop(&grid, left + pitch, top, slot);
    for i in 2..20 {
        let (x, y) = (left + pitch * (i % 10), top + pitch * (i / 10));
        assert!(
            crop(&grid, x, y, slot) == first,
            "slot {i} differs from slot 1"
        );
    }
    session.press("Right");
    std::thread::sleep(Duration::from_secs(1));
    let moved = session.screenshot();
    let (left2, top2, ..) = gold_box(&moved).expect("still a gold slot");
    assert_eq!(
        (left2 - left, top2 - top),
        (pitch, 0),
        "the gold slot moved one to the right"
    );
    session.press("Escape");
    std::thread::sleep(Duration::from_secs(1));
    let back = session.screenshot();
    let same = match_fraction(&game_view, &back, 0, 0);
    assert!(
        same > 0.97,
        "Esc brings the game view back (match {same:.3})"
    );
}

/// The food bar's green span in the top bar: `(leftmost, rightmost)` x.
fn food_bar_span(shot: &Shot) -> Option<(i64, i64)> {
    let green = |x: i64, y: i64| {
        let p = shot.pixel(x, y);
        p[1] > 130 && p[0] < 90 && p[2] < 100
    };
    let columns: Vec<i64> = (0..shot.width)
        .filter(|&x| (0..40).any(|y| green(x, y)))
        .collect();
    Some((*columns.first()?, *columns.last()?))
}

#[test]
fn the_food_bar_shrinks_by_a_sixtieth_of_a_thousand_over_sixty_turns() {
    if skip_without_display_tools(
        "the_food_bar_shrinks_by_a_sixtieth_of_a_thousand_over_sixty_turns",
    ) {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("food", false);
    let full = f64::from(gloomdelve::view::hud::GAUGE_WIDTH);
    let (left, right) = food_bar_span(&session.screenshot()).expect("a green food bar");
    let start = (right - left + 1) as f64;
    assert!(
        (start - full * 667.0 / 1000.0).abs() <= 2.0,
        "the bar starts two thirds full: {start} of {full} px"
    );
    for _ in 0..60 {
        session.press("period");
    }
    std::thread::sleep(Duration::from_secs(2));
    let (_, after) = food_bar_span(&session.screenshot()).expect("a green food bar");
    let shrink = (right - after) as f64;
    let expected = full * 60.0 / 1000.0;
    assert!(
        (shrink - expected).abs() <= 2.0,
        "60 turns shrink the bar by {shrink} px; 60/1000 of {full} px is {expected}"
    );
}

/// Starts the game on the title screen and focuses its window.
fn launch_to_title(display: &Display, scratch: &Path) -> (Game, String) {
    let game = Game::start(title_game_command(display, scratch));
    let window = focus_window(display);
    std::thread::sleep(Duration::from_secs(3));
    (game, window)
}

#[test]
fn quit_and_continue_restores_the_game_and_help_lists_the_keys() {
    if skip_without_display_tools("quit_and_continue_restores_the_game_and_help_lists_the_keys") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("continue");
    let shots = scratch.path().join("shots");
    let save = scratch.path().join("data/gloomdelve/save.ron");

    // Title: type seed 7 over the offered one, then New Game.
    let (mut game, window) = launch_to_title(&display, scratch.path());
    for _ in 0..25 {
        press(&display, &window, "BackSpace");
    }
    press(&display, &window, "7");
    press(&display, &window, "Return");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "New Game reaches the surface"
    );
    std::thread::sleep(Duration::from_secs(2));
    let level = first_level();
    let (_, key) = three_clear_steps(&level.terrain, level.start);
    for _ in 0..3 {
        press(&display, &window, key);
    }
    std::thread::sleep(Duration::from_secs(1));
    let before = Shot::load(&take_screenshot(&display, &window, &shots));
    press(&display, &window, "Escape");
    press(&display, &window, "q");
    assert!(
        game.exits_within(Duration::from_secs(30)),
        "q saves and quits"
    );
    assert!(save.exists(), "the game was saved to {}", save.display());

    // Relaunch: Continue is offered first; Enter takes it.
    let (game, window) = launch_to_title(&display, scratch.path());
    let title = Shot::load(&take_screenshot(&display, &window, &shots));
    press(&display, &window, "Return");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "Continue reaches the game"
    );
    std::thread::sleep(Duration::from_secs(2));
    let after = Shot::load(&take_screenshot(&display, &window, &shots));
    let same = match_fraction(&before, &after, 0, 0);
    assert!(
        same > 0.97,
        "the continued game looks as it was left: {same:.3} of the map matches"
    );
    let differ = changed_pixels(&title, &after);
    assert!(
        differ > 20_000,
        "the title screen was shown first ({differ} pixels differ)"
    );

    // `?` shows the help over the map; Esc closes it.
    press(&display, &window, "question");
    std::thread::sleep(Duration::from_secs(1));
    let help = Shot::load(&take_screenshot(&display, &window, &shots));
    let covered = changed_pixels(&after, &help);
    assert!(
        covered > 20_000,
        "the help covers the map ({covered} pixels changed)"
    );
    press(&display, &window, "Escape");
    std::thread::sleep(Duration::from_secs(1));
    let closed = Shot::load(&take_screenshot(&display, &window, &shots));
    assert!(
        match_fraction(&after, &closed, 0, 0) > 0.97,
        "Esc closes the help"
    );
    keep_shots_if_asked(&shots);
}

/// With `GLOOMDELVE_KEEP_SHOTS=DIR`, a test's screenshots are copied there to look at.
fn keep_shots_if_asked(shots: &Path) {
    if let Ok(keep) = std::env::var("GLOOMDELVE_KEEP_SHOTS") {
        copy_dir(shots, Path::new(&keep));
    }
}

/// The hash at the end of a line such as "... state hash 0123abcd".
fn state_hash_in(line: &str) -> String {
    line.rsplit("state hash ")
        .next()
        .map(|hash| hash.trim().to_string())
        .unwrap_or_default()
}

#[test]
fn a_recording_made_by_the_sim_replays_in_the_window_to_the_same_state_hash() {
    if skip_without_display_tools("a_recording_made_by_the_sim_replays_in_the_window") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("replay");
    let file = scratch.path().join("bot.ron");
    let (report, recording) = gloomdelve::sim::run_recorded(
        crate::support::shipped_game(3, gloomdelve::Mode::Delve),
        150,
    )
    .expect("the bot keeps the invariants");
    recording.save(&file).expect("the recording is written");

    let mut command = title_game_command(&display, scratch.path());
    command.arg("--replay").arg(&file);
    let game = Game::start(command);
    let line = game
        .line_with(REPLAY_DONE_LINE, Duration::from_secs(180))
        .expect("the window plays the recording to its end");
    assert_eq!(
        state_hash_in(&line),
        report.state_hash,
        "the window's replay ends where the sim's game did: {line}"
    );
    let data = scratch.path().join("data/gloomdelve");
    assert!(
        !data.join("save.ron").exists(),
        "a replay writes no save into {}",
        data.display()
    );
}

#[test]
fn a_game_recorded_in_the_window_replays_in_the_sim_to_the_same_state_hash() {
    if skip_without_display_tools("a_game_recorded_in_the_window_replays_in_the_sim") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("record");
    let file = scratch.path().join("played.ron");
    let mut command = foggy_game_command(&display, scratch.path());
    command.arg("--record").arg(&file);
    let mut game = Game::start(command);
    let window = focus_window(&display);
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(90)),
        "the game reaches the surface"
    );
    std::thread::sleep(Duration::from_secs(2));
    let level = first_level();
    let (_, key) = three_clear_steps(&level.terrain, level.start);
    // `>` walks to the stairs down in view (on the surface `x` only offers
    // them now). A key stops the walk if it still goes on, or waits a turn
    // if it has stopped: either way, no menu.
    for key in [key, key, "period", "greater"] {
        press(&display, &window, key);
    }
    std::thread::sleep(Duration::from_secs(1));
    press(&display, &window, "period");
    press(&display, &window, "Escape");
    press(&display, &window, "q");
    let line = game
        .line_with(RECORDED_LINE, Duration::from_secs(30))
        .expect("quitting writes the recording");
    assert!(game.exits_within(Duration::from_secs(30)), "q quits");

    let recording = gloomdelve::sim::Recording::load(&file).expect("a readable recording");
    assert_eq!(recording.seed, SEED);
    assert!(
        recording.actions.len() > 4,
        "three keys and the walk's steps: {recording:?}"
    );
    let replayed = gloomdelve::sim::replay(
        crate::support::shipped_game(SEED, gloomdelve::Mode::Delve),
        &recording,
    )
    .expect("the replay keeps the invariants");
    assert_eq!(
        replayed.state_hash,
        state_hash_in(&line),
        "the sim's replay ends where the window's game did: {line}"
    );
}

/// Writes a save of seed 7's first level, with no creatures about and then
/// changed by `edit`, where the game in `scratch` looks for it, so Continue
/// starts exactly there.
fn write_crafted_save(scratch: &Path, edit: impl FnOnce(&mut gloomdelve::save::state::SaveGame)) {
    let rules = crate::support::shipped_rules();
    let mut app = crate::support::new_game(SEED, gloomdelve::Mode::Delve, rules);
    let mut save = gloomdelve::save::state::capture(app.world_mut()).expect("a game to save");
    save.current.creatures.clear();
    edit(&mut save);
    // Ids handed out by the crafting stay below the next one, as the game
    // keeps them (the save checker refuses it otherwise).
    let highest = save.current.creatures.iter().map(|c| c.id + 1).max();
    save.next_creature_id = save.next_creature_id.max(highest.unwrap_or(0));
    let path = scratch.join("data/gloomdelve/save.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    gloomdelve::save::write_save(&path, &save).expect("the crafted save is written");
}

/// The crafted save's hero knows the named kinds by name.
fn known_in(save: &mut gloomdelve::save::state::SaveGame, kinds: &[&str]) {
    let lore = save.lore.as_mut().expect("a new game's lore");
    lore.known.extend(kinds.iter().map(|k| k.to_string()));
}

/// A crafted save with the hero at `at` with `hp` of 20 HP.
fn write_save_with_hero(scratch: &Path, at: Pos, hp: i32) {
    write_crafted_save(scratch, |save| {
        save.hero.pos = at;
        save.hero.hp = hp;
        save.hero.max_hp = 20;
    });
}

/// Launches `command` to the title, takes Continue and waits for the level.
fn continue_crafted_game(display: &Display, command: Command) -> (Game, String) {
    let game = Game::start(command);
    let window = focus_window(display);
    std::thread::sleep(Duration::from_secs(3));
    press(display, &window, "Return");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "Continue reaches the game"
    );
    std::thread::sleep(Duration::from_secs(2));
    (game, window)
}

/// The HP bar's red span in the top bar, `(leftmost, rightmost)` x, and how
/// many light text pixels lie over the bar.
fn hp_bar(shot: &Shot) -> Option<((i64, i64), usize)> {
    let red = |p: &[u8]| p[0] > 150 && p[1] < 80 && p[2] < 80;
    let columns: Vec<i64> = (0..shot.width)
        .filter(|&x| (0..40).any(|y| red(shot.pixel(x, y))))
        .collect();
    let (left, right) = (*columns.first()?, *columns.last()?);
    let text = (0..40)
        .flat_map(|y| (left..=right).map(move |x| (x, y)))
        .filter(|&(x, y)| shot.pixel(x, y).iter().all(|&c| c > 200))
        .count();
    Some(((left, right), text))
}

/// Checks the HP bar shows 15 of 20: three quarters red, with its numbers.
fn assert_hp_bar_shows_three_quarters(shot: &Shot, when: &str) {
    let ((left, right), text) = hp_bar(shot).unwrap_or_else(|| panic!("{when}: no red HP bar"));
    let full = f64::from(gloomdelve::view::hud::GAUGE_WIDTH);
    let width = (right - left + 1) as f64;
    assert!(
        (width - full * 0.75).abs() <= 3.0,
        "{when}: the bar is {width} of {full} px red, not three quarters for 15/20"
    );
    assert!(
        text > 30,
        "{when}: the bar's numbers are written ({text} light pixels)"
    );
}

#[test]
fn the_hp_bar_shows_the_true_hp_after_continue_and_after_the_stairs() {
    if skip_without_display_tools(
        "the_hp_bar_shows_the_true_hp_after_continue_and_after_the_stairs",
    ) {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("hp-bar");
    let level = first_level();
    let stairs =
        gloomdelve::rules::levels::find_stairs(&level.terrain, gloomdelve_core::Tile::StairsDown)
            .expect("the surface has stairs down");
    write_save_with_hero(scratch.path(), stairs, 15);
    let shots = scratch.path().join("shots");
    let command = title_game_command(&display, scratch.path());
    let (game, window) = continue_crafted_game(&display, command);
    let continued = Shot::load(&take_screenshot(&display, &window, &shots));
    assert_hp_bar_shows_three_quarters(&continued, "after Continue");
    press(&display, &window, "greater");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "the stairs lead down to level 1"
    );
    std::thread::sleep(Duration::from_secs(2));
    let below = Shot::load(&take_screenshot(&display, &window, &shots));
    assert_hp_bar_shows_three_quarters(&below, "after the stairs");
}

/// The walkable tile nearest each corner of `terrain`, stairs left out.
fn corner_tiles(terrain: &Terrain) -> Vec<Pos> {
    let (w, h) = (terrain.width(), terrain.height());
    let corners = [
        Pos::new(0, 0),
        Pos::new(w - 1, 0),
        Pos::new(0, h - 1),
        Pos::new(w - 1, h - 1),
    ];
    corners
        .into_iter()
        .map(|corner| {
            terrain
                .tiles()
                .iter()
                .filter(|(p, t)| {
                    terrain.is_walkable(*p)
                        && !matches!(
                            t,
                            gloomdelve_core::Tile::StairsDown | gloomdelve_core::Tile::StairsUp
                        )
                })
                .map(|(p, _)| p)
                .min_by_key(|p| (p.x - corner.x).pow(2) + (p.y - corner.y).pow(2))
                .expect("the map has floor")
        })
        .collect()
}

/// The numbers of every layout probe line the game logged since the last
/// look, oldest first: one for each frame on which one of them changed.
fn layouts_since(game: &Game) -> Vec<Vec<f64>> {
    std::iter::from_fn(|| game.lines.try_recv().ok())
        .filter_map(|line| layout_numbers(&line))
        .collect()
}

/// The numbers of a layout probe line, or `None` for any other line.
fn layout_numbers(line: &str) -> Option<Vec<f64>> {
    line.contains(gloomdelve::view::camera::LAYOUT_PROBE_LINE)
        .then(|| {
            line.split_whitespace()
                .filter_map(|word| word.parse::<f64>().ok())
                .collect()
        })
}

/// The numbers of the newest layout probe line the game has logged.
fn latest_layout(game: &Game) -> Vec<f64> {
    layouts_since(game).pop().expect("the game logs its layout")
}

/// Where the probe says the hero is drawn in the world.
fn drawn_at(layout: &[f64]) -> (f64, f64) {
    (layout[8], layout[9])
}

/// Where the hero was drawn on each frame since the last look.
fn drawn_since(game: &Game) -> Vec<(f64, f64)> {
    layouts_since(game).iter().map(|l| drawn_at(l)).collect()
}

#[test]
fn a_step_glides_the_hero_between_two_tiles_and_ends_on_the_new_one() {
    if skip_without_display_tools(
        "a_step_glides_the_hero_between_two_tiles_and_ends_on_the_new_one",
    ) {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // A slow, even step, so that frames drawn in software land mid-way.
    let assets = scratch("motion-assets");
    let root = edited_assets(&assets, |assets| {
        let slow = "(step: 1.5, step_ease: Linear)";
        std::fs::write(assets.join("data/animation.ron"), slow).unwrap();
    });
    let session = Session::start_with("motion", true, |command| {
        command.env("BEVY_ASSET_ROOT", &root);
    });
    let cave = first_level();
    let (dir, key) = three_clear_steps(&cave.terrain, cave.start);
    let (x0, y0) = drawn_at(&latest_layout(&session.game));
    session.press(key);
    std::thread::sleep(Duration::from_secs(3));
    let frames = drawn_since(&session.game);
    let tile = 8.0;
    let (dx, dy) = dir.delta();
    let end = (x0 + tile * dx as f64, y0 - tile * dy as f64);
    let between = |(x, y): (f64, f64)| {
        let along = ((x - x0) * dx as f64 - (y - y0) * dy as f64) / tile;
        along > 0.05 && along < 0.95
    };
    let mid_way = frames.iter().filter(|at| between(**at)).count();
    eprintln!("the hero was drawn at {frames:?}");
    assert!(
        mid_way >= 1,
        "no frame drew the hero between {:?} and {end:?}: {frames:?}",
        (x0, y0)
    );
    assert_eq!(
        frames.last().copied(),
        Some(end),
        "the glide ends on the new tile"
    );

    // Reduce motion, from the Esc menu: remembered, and the next step snaps.
    for key in ["Escape", "r", "Escape"] {
        session.press(key);
    }
    let settings = session
        .scratch
        .path()
        .join("config/gloomdelve/settings.ron");
    let saved = std::fs::read_to_string(&settings).unwrap_or_default();
    assert!(
        saved.contains("reduce_motion: true"),
        "{} says {saved:?}",
        settings.display()
    );
    layouts_since(&session.game);
    session.press(key);
    std::thread::sleep(Duration::from_secs(3));
    let frames = drawn_since(&session.game);
    let next = (end.0 + tile * dx as f64, end.1 - tile * dy as f64);
    assert!(
        frames.iter().all(|at| drawn_at_tile(*at, tile)),
        "with Reduce motion on the hero is only ever drawn on a tile: {frames:?}"
    );
    assert_eq!(frames.last().copied(), Some(next), "and it stepped");
}

/// Whether a drawn position is a tile's centre.
fn drawn_at_tile((x, y): (f64, f64), tile: f64) -> bool {
    (x / tile).fract() == 0.0 && (y / tile).fract() == 0.0
}

#[test]
fn the_hero_is_never_drawn_under_the_hud_even_at_the_corners_of_the_map() {
    if skip_without_display_tools("the_hero_is_never_drawn_under_the_hud") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let level = first_level();
    for (i, corner) in corner_tiles(&level.terrain).into_iter().enumerate() {
        let display = Display::start();
        let scratch = scratch(&format!("corner-{i}"));
        write_save_with_hero(scratch.path(), corner, 20);
        let mut command = title_game_command(&display, scratch.path());
        command
            .args(["--window", "800x600"])
            .env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
        let (game, _) = continue_crafted_game(&display, command);
        std::thread::sleep(Duration::from_secs(2));
        let numbers = latest_layout(&game);
        let [
            width,
            height,
            free_top,
            free_bottom,
            left,
            top,
            right,
            bottom,
            _drawn_x,
            _drawn_y,
            _frame,
        ] = numbers[..]
        else {
            panic!("a layout line of eleven numbers: {numbers:?}");
        };
        eprintln!(
            "corner {corner:?}: window {width}x{height}, free {free_top}..{free_bottom}, hero {left},{top}..{right},{bottom}"
        );
        assert!(
            free_top >= 30.0 && free_bottom <= height - 100.0,
            "the HUD panels are measured"
        );
        assert!(
            top >= free_top - 0.5 && bottom <= free_bottom + 0.5,
            "the hero at {corner:?} is drawn on rows {top}..{bottom}, outside the free rows {free_top}..{free_bottom}"
        );
        assert!(
            left >= -0.5 && right <= width + 0.5,
            "the hero at {corner:?} is drawn on columns {left}..{right}, off the {width} px window"
        );
    }
}

/// The screen rectangle `(left, top)` of the tile `dx, dy` tiles from the
/// hero, at the default x4 zoom, from the game's layout probe.
fn tile_on_screen(layout: &[f64], dx: i32, dy: i32) -> (i64, i64) {
    let (left, top) = (layout[4] as i64, layout[5] as i64);
    (
        left + i64::from(dx) * TILE_PX,
        top + i64::from(dy) * TILE_PX,
    )
}

fn is_cursor_gold(p: &[u8]) -> bool {
    p[0] > 220 && p[1] > 180 && p[2] < 110
}

/// How many pixels of the one-pixel-deep ring just inside a tile's edge,
/// and of its 16x16 middle, are the cursor's gold.
fn gold_on_tile(shot: &Shot, (left, top): (i64, i64)) -> (usize, usize) {
    let edge = (0..TILE_PX)
        .flat_map(|i| [(i, 1), (i, TILE_PX - 2), (1, i), (TILE_PX - 2, i)])
        .filter(|&(x, y)| is_cursor_gold(shot.pixel(left + x, top + y)))
        .count();
    let middle = (8..24)
        .flat_map(|y| (8..24).map(move |x| (x, y)))
        .filter(|&(x, y)| is_cursor_gold(shot.pixel(left + x, top + y)))
        .count();
    (edge, middle)
}

/// How much redder than blue a tile's middle is, on average.
fn warmth(shot: &Shot, (left, top): (i64, i64)) -> f64 {
    let pixels: Vec<(i64, i64)> = (8..24).flat_map(|y| (8..24).map(move |x| (x, y))).collect();
    let sum: i64 = pixels
        .iter()
        .map(|&(x, y)| {
            let p = shot.pixel(left + x, top + y);
            i64::from(p[0]) - i64::from(p[2])
        })
        .sum();
    sum as f64 / pixels.len() as f64
}

#[test]
fn aiming_starts_on_the_nearest_enemy_with_a_hollow_cursor_and_shows_the_fireball_reach() {
    if skip_without_display_tools("aiming_starts_on_the_nearest_enemy") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("aiming");
    let level = first_level();
    let hero = level.start;
    let rat_at = Pos::new(hero.x + 2, hero.y);
    let data = crate::support::data;
    let creatures = gloomdelve::vocab::data::CreatureBook::load(&data("creatures.ron")).unwrap();
    let items = gloomdelve::vocab::data::ItemBook::load(&data("items.ron")).unwrap();
    write_crafted_save(scratch.path(), |save| {
        let rat = creatures.find("rat").unwrap();
        save.current
            .creatures
            .push(gloomdelve::vocab::records::CreatureRecord {
                statuses: gloomdelve::vocab::statuses::Statuses::from_iter([(
                    gloomdelve::vocab::statuses::Status::Paralysed,
                    gloomdelve::RulesData::default().paralyze_turns,
                )]),
                ..gloomdelve::vocab::records::CreatureRecord::new(999, "rat", rat_at, {
                    let hp = creatures.kinds[rat].hp;
                    (hp, hp)
                })
            });
        for name in ["scroll of paralysis", "scroll of fireball"] {
            let kind = items.find(name).unwrap();
            save.hero.pack.push(gloomdelve::save::state::PackItem {
                kind: name.to_string(),
                name: name.to_string(),
                sprite: items.kinds[kind].sprite.clone(),
                corpse: None,
            });
        }
    });
    let shots = scratch.path().join("shots");
    let mut command = title_game_command(&display, scratch.path());
    command.env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
    let (game, window) = continue_crafted_game(&display, command);
    // Park the pointer on the hero's far side: aiming must not start there.
    display.xdotool(&["mousemove", "--window", &window, "100", "100"]);
    std::thread::sleep(Duration::from_secs(1));
    let layout = latest_layout(&game);
    let before = Shot::load(&take_screenshot(&display, &window, &shots));
    let rat_tile = tile_on_screen(&layout, 2, 0);

    // The scroll of paralysis, in the first slot: aim it.
    press(&display, &window, "i");
    press(&display, &window, "Return");
    std::thread::sleep(Duration::from_secs(1));
    let aiming = Shot::load(&take_screenshot(&display, &window, &shots));
    let (edge, middle) = gold_on_tile(&aiming, rat_tile);
    assert!(
        edge > 60,
        "the cursor's outline is round the rat ({edge} gold edge pixels)"
    );
    assert_eq!(middle, 0, "the cursor is hollow: the rat shows through");
    let same_middle = (10..22)
        .flat_map(|y| (10..22).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let (l, t) = rat_tile;
            aiming.pixel(l + x, t + y) == before.pixel(l + x, t + y)
        })
        .count();
    assert!(
        same_middle > 130,
        "the rat under the cursor looks as before ({same_middle} of 144 pixels)"
    );
    let (free_top, _) = (layout[2] as i64, layout[3]);
    let prompt = (free_top..free_top + 30)
        .flat_map(|y| (0..aiming.width / 2).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = aiming.pixel(x, y);
            p[0] > 200 && p[1] > 170 && p[2] < 120
        })
        .count();
    assert!(
        prompt > 100,
        "a prompt names the scroll and its target ({prompt} gold text pixels)"
    );
    press(&display, &window, "Escape");

    // The scroll of fireball, in the second slot: its reach is tinted.
    press(&display, &window, "i");
    press(&display, &window, "Right");
    press(&display, &window, "Return");
    std::thread::sleep(Duration::from_secs(1));
    let fireball = Shot::load(&take_screenshot(&display, &window, &shots));
    let inside = tile_on_screen(&layout, 4, 0);
    let outside = tile_on_screen(&layout, 5, 0);
    let warmer = |tile| warmth(&fireball, tile) - warmth(&before, tile);
    assert!(
        warmer(inside) > 20.0,
        "the tile two from the rat is tinted ({:.1})",
        warmer(inside)
    );
    assert!(
        warmer(outside).abs() < 5.0,
        "the tile three from the rat is not ({:.1})",
        warmer(outside)
    );
    press(&display, &window, "Escape");
    keep_shots_if_asked(&shots);
}

/// A UI text on screen, as the game logs it with
/// `GLOOMDELVE_LOG_UI_TEXT` set: its rectangle in logical pixels and its words.
#[derive(Clone, Debug)]
struct TextRect {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
    words: String,
}

impl TextRect {
    fn parse(line: &str) -> Option<Self> {
        let prefix = gloomdelve::view::overlays::text_rects::LINE_PREFIX;
        let rest = &line[line.find(prefix)? + prefix.len()..];
        let (numbers, words) = rest.split_once(" | ")?;
        let n: Vec<f32> = numbers
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let [left, top, right, bottom] = n[..] else {
            return None;
        };
        Some(Self {
            left,
            top,
            right,
            bottom,
            words: words.to_string(),
        })
    }

    fn inside(&self, width: f32, height: f32) -> bool {
        const SLACK: f32 = 0.5;
        self.left >= -SLACK
            && self.top >= -SLACK
            && self.right <= width + SLACK
            && self.bottom <= height + SLACK
    }

    fn centre(&self) -> (i64, i64) {
        (
            ((self.left + self.right) / 2.0) as i64,
            ((self.top + self.bottom) / 2.0) as i64,
        )
    }
}

impl Game {
    /// Presses F12 and reads the UI texts the game logs with it (the
    /// screenshot is saved as well).
    fn ui_texts(&self, display: &Display, window: &str) -> Vec<TextRect> {
        press(display, window, "F12");
        let end = gloomdelve::view::overlays::text_rects::END_PREFIX;
        let mut texts = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(end) => return texts,
                Ok(line) => texts.extend(TextRect::parse(&line)),
                Err(_) => break,
            }
        }
        panic!("the game logs its UI texts on F12");
    }
}

/// The game in an 800×600 window that logs its UI texts, on `display`.
fn small_window(command: &mut Command) {
    command
        .args(["--window", "800x600"])
        .env(gloomdelve::view::overlays::text_rects::ENV_VAR, "1");
}

/// Every text lies inside the 800×600 window; the texts named `what`.
fn assert_all_inside(texts: &[TextRect], what: &str) {
    assert!(!texts.is_empty(), "{what}: texts were logged");
    let outside: Vec<&TextRect> = texts.iter().filter(|t| !t.inside(800.0, 600.0)).collect();
    assert!(
        outside.is_empty(),
        "{what}: texts out of the 800x600 window: {outside:#?}"
    );
}

fn with_words<'a>(texts: &'a [TextRect], words: &str) -> Option<&'a TextRect> {
    texts.iter().find(|t| t.words.contains(words))
}

#[test]
fn the_overlays_fit_800_by_600_every_text_node_lies_inside_the_window() {
    if skip_without_display_tools("the_overlays_fit_800_by_600") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("fit");
    let mut command = foggy_game_command(&display, scratch.path());
    small_window(&mut command);
    let game = Game::start(command);
    let window = focus_window(&display);
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(90)),
        "the game reaches the surface"
    );
    std::thread::sleep(Duration::from_secs(2));
    // Keys that only talk fill the history past one panel.
    for key in ["less", "g"].iter().cycle().take(36) {
        press(&display, &window, key);
    }
    std::thread::sleep(Duration::from_secs(1));

    let hud = game.ui_texts(&display, &window);
    assert_all_inside(&hud, "the HUD");
    let shots = scratch.path().join("shots");
    let newest_shot = || Shot::load(screenshots(&shots).last().expect("a screenshot"));
    let bar_in_play = hp_bar(&newest_shot()).expect("the HP bar shows");
    let legend = with_words(&hud, "?: help").expect("the legend shows the help key");
    let one_line = 14.0 * 1.2 * 1.5;
    assert!(
        legend.bottom - legend.top < one_line,
        "the legend is one line: {legend:?}"
    );
    assert!(legend.words.contains("> <: stairs"), "{legend:?}");

    for (open, heading, close) in [
        ("question", "Help", "Escape"),
        ("m", "Messages", "m"),
        ("Escape", "Paused", "Escape"),
    ] {
        press(&display, &window, open);
        std::thread::sleep(Duration::from_secs(1));
        let texts = game.ui_texts(&display, &window);
        assert_all_inside(&texts, heading);
        assert!(with_words(&texts, heading).is_some(), "{heading} is open");
        assert_eq!(
            hp_bar(&newest_shot()),
            Some(bar_in_play),
            "{heading} leaves the HP bar in sight, undimmed and unframed"
        );
        if heading == "Help" {
            let top = with_words(&texts, "Help").unwrap().words.clone();
            assert!(top.contains("(1-"), "the help scrolls at 800x600: {top}");
            assert!(with_words(&texts, "scroll").is_some(), "and says how");
            press(&display, &window, "End");
            std::thread::sleep(Duration::from_secs(1));
            let end = game.ui_texts(&display, &window);
            assert_all_inside(&end, "the help's end");
            assert!(
                with_words(&end, "save and quit").is_some(),
                "End shows the last key: {end:#?}"
            );
            assert!(
                with_words(&end, "How to play").is_none(),
                "the top scrolled away"
            );
        }
        if heading == "Messages" {
            let top = with_words(&texts, "Messages").unwrap().words.clone();
            assert!(top.contains("of "), "the history scrolls: {top}");
        }
        press(&display, &window, close);
        std::thread::sleep(Duration::from_secs(1));
    }
    if let Ok(keep) = std::env::var("GLOOMDELVE_KEEP_SHOTS") {
        copy_dir(&scratch.path().join("shots"), Path::new(&keep));
    }
}

/// The title entry shown selected ("> Quit <"), from the logged texts.
fn selected_entry(texts: &[TextRect]) -> String {
    texts
        .iter()
        .find(|t| t.words.starts_with("> "))
        .map(|t| t.words.clone())
        .expect("one title entry is selected")
}

#[test]
fn the_title_keys_move_the_selection_with_the_mouse_resting_on_an_entry() {
    if skip_without_display_tools("the_title_keys_move_the_selection_with_the_mouse_resting") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("title-mouse");
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let game = Game::start(command);
    let window = focus_window(&display);
    std::thread::sleep(Duration::from_secs(3));
    let texts = game.ui_texts(&display, &window);
    assert_all_inside(&texts, "the title");
    assert!(selected_entry(&texts).contains("New Game"), "{texts:#?}");
    let (x, y) = with_words(&texts, "Quit").expect("a Quit entry").centre();
    display.xdotool(&[
        "mousemove",
        "--window",
        &window,
        &x.to_string(),
        &y.to_string(),
    ]);
    std::thread::sleep(Duration::from_secs(1));
    let moved = selected_entry(&game.ui_texts(&display, &window));
    assert!(moved.contains("Quit"), "moving the mouse selects: {moved}");
    for (key, expected) in [("Up", "New Game"), ("Down", "Quit"), ("Up", "New Game")] {
        press(&display, &window, key);
        std::thread::sleep(Duration::from_millis(500));
        let now = selected_entry(&game.ui_texts(&display, &window));
        assert!(
            now.contains(expected),
            "{key} with the mouse resting on Quit selects {expected}: {now}"
        );
    }
    display.xdotool(&[
        "mousemove",
        "--window",
        &window,
        &(x + 4).to_string(),
        &y.to_string(),
    ]);
    std::thread::sleep(Duration::from_secs(1));
    let again = selected_entry(&game.ui_texts(&display, &window));
    assert!(again.contains("Quit"), "moving it again selects: {again}");
}

#[test]
fn a_seed_start_over_a_save_asks_first_and_a_killed_new_game_loses_nothing() {
    if skip_without_display_tools("a_seed_start_over_a_save_asks_first") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("seed-over-save");
    let data = scratch.path().join("data/gloomdelve");
    write_crafted_save(scratch.path(), |save| save.turn = 321);

    // `--seed 5` over the save opens the title with the question asked.
    let mut command = title_game_command(&display, scratch.path());
    command.args(["--seed", "5"]);
    small_window(&mut command);
    let mut game = Game::start(command);
    let window = focus_window(&display);
    std::thread::sleep(Duration::from_secs(3));
    let texts = game.ui_texts(&display, &window);
    assert!(
        with_words(&texts, "Start a new game (seed 5) instead?").is_some(),
        "{texts:#?}"
    );
    assert!(with_words(&texts, "Continue   (Surface, turn 321)").is_some());
    assert!(data.join("save.ron").exists(), "nothing moved unasked");
    press(&display, &window, "y");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "y starts the new game"
    );
    // Killed before the new game ever saves: the old one is kept.
    let _ = game.child.kill();
    let _ = game.child.wait();
    assert!(!data.join("save.ron").exists());
    assert!(data.join("save.ron.prev").exists(), "the old save is kept");
    std::fs::write(data.join("save.ron"), "a save gone bad").unwrap();

    // Relaunched: the bad save is reported on stderr and on the title,
    // which offers the kept game; taking it moves it back.
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let game = Game::start(command);
    let reported = game
        .line_with("could not be loaded", Duration::from_secs(60))
        .expect("the bad save is reported on stderr");
    assert!(reported.contains("save.ron.bad-"), "{reported}");
    let window = focus_window(&display);
    std::thread::sleep(Duration::from_secs(3));
    let texts = game.ui_texts(&display, &window);
    assert!(
        with_words(&texts, "Continue earlier game   (Surface, turn 321)").is_some(),
        "{texts:#?}"
    );
    assert!(with_words(&texts, "could not be loaded").is_some());
    press(&display, &window, "Return");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "the earlier game continues"
    );
    assert!(data.join("save.ron").exists(), "moved back to save.ron");
    assert!(!data.join("save.ron.prev").exists());
    assert!(
        game.line_with("could not be loaded", Duration::from_secs(2))
            .is_none(),
        "reported once"
    );
    keep_shots_if_asked(&scratch.path().join("shots"));
}

#[test]
fn the_title_with_sixty_thousand_config_problems_fits_800_by_600_and_answers_keys() {
    if skip_without_display_tools("the_title_with_sixty_thousand_config_problems") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("title-notes");
    let config = scratch.path().join("config").join("gloomdelve");
    std::fs::create_dir_all(&config).unwrap();
    let bad: String = (0..60_000).map(|i| format!("fly{i} = f\n")).collect();
    std::fs::write(config.join("bindings.txt"), bad).unwrap();
    std::fs::write(config.join("settings.ron"), b"(zoom: Some(3)) \xff\xfe").unwrap();
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let game = Game::start(command);
    let window = focus_window(&display);
    // Every problem goes to stderr.
    let mut reported = 0;
    while reported < 60_000 && game.wait_for_line("bindings.txt line", Duration::from_secs(60)) {
        reported += 1;
    }
    assert_eq!(reported, 60_000, "each bad line is in the log");
    std::thread::sleep(Duration::from_secs(3));
    let texts = game.ui_texts(&display, &window);
    assert_all_inside(&texts, "the title with 60,000 problems");
    assert!(
        with_words(&texts, "and 59996 more (see the log)").is_some(),
        "{texts:#?}"
    );
    assert!(
        with_words(&texts, "settings.ron is not valid").is_some(),
        "the settings note is not hidden among the bindings: {texts:#?}"
    );
    assert!(selected_entry(&texts).contains("New Game"), "{texts:#?}");
    press(&display, &window, "Down");
    std::thread::sleep(Duration::from_millis(500));
    let now = selected_entry(&game.ui_texts(&display, &window));
    assert!(now.contains("Quit"), "Down selects Quit: {now}");
    assert_eq!(
        std::fs::read(crate::support::the_set_aside_copy(&config, "settings.ron")).unwrap(),
        b"(zoom: Some(3)) \xff\xfe",
        "the bad settings are kept"
    );
}

/// The frame a probe line was logged on: the number after "frame".
fn frame_of(line: &str) -> Option<u64> {
    let (_, after) = line.rsplit_once("frame ")?;
    after.trim().parse().ok()
}

#[test]
fn a_key_shows_the_hero_on_the_new_tile_within_two_frames_and_the_camera_keeps_up() {
    if skip_without_display_tools("a_key_shows_the_hero_on_the_new_tile_within_two_frames") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start_with("key-to-screen", true, |_| {});
    let cave = first_level();
    let (dir, key) = three_clear_steps(&cave.terrain, cave.start);
    let before = latest_layout(&session.game);
    let (x0, y0) = drawn_at(&before);
    session.press(key);
    std::thread::sleep(Duration::from_secs(2));
    let lines: Vec<String> = std::iter::from_fn(|| session.game.lines.try_recv().ok()).collect();
    let pressed = lines
        .iter()
        .find(|l| l.contains(gloomdelve::view::camera::KEY_PROBE_LINE))
        .and_then(|l| frame_of(l))
        .expect("the probe logs the key");
    let tile = 8.0;
    let (dx, dy) = dir.delta();
    let (x1, y1) = (x0 + tile * dx as f64, y0 - tile * dy as f64);
    let layouts: Vec<(Vec<f64>, u64)> = lines
        .iter()
        .filter_map(|l| Some((layout_numbers(l)?, frame_of(l)?)))
        .collect();
    let nearer_the_new_tile = |(x, y): (f64, f64)| (x - x1).hypot(y - y1) < (x - x0).hypot(y - y0);
    let shown = layouts
        .iter()
        .find(|(numbers, _)| nearer_the_new_tile(drawn_at(numbers)))
        .map(|(_, frame)| *frame)
        .unwrap_or_else(|| panic!("the hero never reached the new tile: {lines:#?}"));
    eprintln!("key read on frame {pressed}, hero on the new tile on frame {shown}");
    assert!(
        shown >= pressed && shown - pressed <= 2,
        "the key came on frame {pressed}, the new tile showed on frame {shown}"
    );
    // The camera follows the drawn hero in the same frame: on screen the
    // hero never moves while the world under it glides.
    for (numbers, frame) in &layouts {
        assert_eq!(
            numbers[4..8],
            before[4..8],
            "frame {frame}: the hero moved on screen, so the camera lagged"
        );
    }
}

#[test]
fn a_thrown_dagger_shows_its_path_and_is_drawn_lying_where_it_landed() {
    if skip_without_display_tools("a_thrown_dagger_shows_its_path") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("throwing");
    let level = first_level();
    let (dir, key) = three_clear_steps(&level.terrain, level.start);
    let items =
        gloomdelve::vocab::data::ItemBook::load(&crate::support::data("items.ron")).unwrap();
    write_crafted_save(scratch.path(), |save| {
        let name = "throwing dagger";
        save.hero.pack.push(gloomdelve::save::state::PackItem {
            kind: name.to_string(),
            name: name.to_string(),
            sprite: items.kinds[items.find(name).unwrap()].sprite.clone(),
            corpse: None,
        });
    });
    let shots = scratch.path().join("shots");
    let mut command = title_game_command(&display, scratch.path());
    command.env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
    let (game, window) = continue_crafted_game(&display, command);
    display.xdotool(&["mousemove", "--window", &window, "1", "1"]);
    std::thread::sleep(Duration::from_secs(1));
    let layout = latest_layout(&game);
    let before = Shot::load(&take_screenshot(&display, &window, &shots));

    // Aim two tiles along a clear line: the path is tinted. Then throw.
    press(&display, &window, "t");
    for _ in 0..2 {
        press(&display, &window, key);
    }
    std::thread::sleep(Duration::from_secs(1));
    let aiming = Shot::load(&take_screenshot(&display, &window, &shots));
    let (dx, dy) = dir.delta();
    let on_path = tile_on_screen(&layout, dx, dy);
    let past_it = tile_on_screen(&layout, 3 * dx, 3 * dy);
    let warmer = |tile| warmth(&aiming, tile) - warmth(&before, tile);
    assert!(
        warmer(on_path) > 10.0,
        "the tile the dagger crosses is tinted ({:.1})",
        warmer(on_path)
    );
    assert!(
        warmer(past_it).abs() < 5.0,
        "the tile past the cursor is not ({:.1})",
        warmer(past_it)
    );
    press(&display, &window, "Return");
    std::thread::sleep(Duration::from_secs(2));
    let after = Shot::load(&take_screenshot(&display, &window, &shots));
    let changed_on = |tile: (i64, i64)| {
        let (left, top) = tile;
        (0..32)
            .flat_map(|y| (0..32).map(move |x| (x, y)))
            .filter(|&(x, y)| before.pixel(left + x, top + y) != after.pixel(left + x, top + y))
            .count()
    };
    let landing = changed_on(tile_on_screen(&layout, 2 * dx, 2 * dy));
    let beyond = changed_on(tile_on_screen(&layout, 3 * dx, 3 * dy));
    assert!(
        landing > 40,
        "the dagger is drawn on the tile it was thrown at ({landing} pixels changed)"
    );
    assert!(
        beyond < landing / 4,
        "the tile past it is unchanged ({beyond} pixels changed, {landing} on the landing)"
    );
    keep_shots_if_asked(&shots);
}

#[test]
fn the_esc_menu_saves_the_game_as_it_opens() {
    if skip_without_display_tools("the_esc_menu_saves_the_game_as_it_opens") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("menu-save", false);
    let save = session.scratch.path().join("data/gloomdelve/save.ron");
    for _ in 0..5 {
        session.press("period");
    }
    let before = crate::support::read_save(&save);
    assert!(
        !matches!(&before, gloomdelve::save::SaveStatus::Ready(s) if s.turn == 5),
        "five waits alone do not save: {before:?}"
    );
    session.press("Escape");
    let saved = wait_for(Duration::from_secs(10), || {
        match crate::support::read_save(&save) {
            gloomdelve::save::SaveStatus::Ready(s) => Some(s.turn),
            _ => None,
        }
        .filter(|&turn| turn == 5)
    });
    assert_eq!(saved, Some(5), "the menu wrote the game of turn 5");
}

/// An item record lying at `at`, of the shipped kind `kind`.
fn lying(kind: &str, at: Pos, dropped: bool) -> gloomdelve::vocab::records::ItemRecord {
    let book = crate::support::shipped_items();
    let data = &book.kinds[book.find(kind).expect("a shipped item")];
    gloomdelve::vocab::records::ItemRecord {
        kind: kind.to_string(),
        name: data.name.clone(),
        sprite: data.sprite.clone(),
        pos: at,
        seen: true,
        corpse: None,
        worth: None,
        dropped,
    }
}

/// The pack's item names in the save at `path`.
fn saved_pack(path: &Path) -> Vec<String> {
    match crate::support::read_save(path) {
        gloomdelve::save::SaveStatus::Ready(save) => {
            save.hero.pack.iter().map(|i| i.name.clone()).collect()
        }
        other => panic!("no save to read: {other:?}"),
    }
}

#[test]
fn g_on_a_pile_opens_the_pick_up_list_and_takes_only_the_chosen_thing() {
    if skip_without_display_tools("g_on_a_pile_opens_the_pick_up_list") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("pile");
    write_crafted_save(scratch.path(), |save| {
        let at = save.hero.pos;
        save.current.items.extend([
            lying("club", at, true),
            lying("ration", at, false),
            lying("ration", at, false),
            lying("scroll of mapping", at, false),
        ]);
        known_in(save, &["scroll of mapping"]);
    });
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let (game, window) = continue_crafted_game(&display, command);
    press(&display, &window, "g");
    let list = game.ui_texts(&display, &window);
    assert_all_inside(&list, "the pick-up list");
    assert!(with_words(&list, "Pick up what?").is_some(), "{list:#?}");
    let chosen = with_words(&list, "> ").map(|t| t.words.clone());
    assert_eq!(
        chosen.as_deref(),
        Some("> 2 rations"),
        "the cursor starts past the dropped club"
    );
    assert!(with_words(&list, "club  (you dropped it here)").is_some());
    press(&display, &window, "Down");
    press(&display, &window, "Return");
    let after = game.ui_texts(&display, &window);
    assert!(
        with_words(&after, "Pick up what?").is_none(),
        "the list closed"
    );
    assert!(
        with_words(&after, "You pick up a scroll of mapping.").is_some(),
        "{after:#?}"
    );
    press(&display, &window, "Escape");
    let save = scratch.path().join("data/gloomdelve/save.ron");
    let pack = wait_for(Duration::from_secs(10), || {
        Some(saved_pack(&save)).filter(|p| !p.is_empty())
    });
    assert_eq!(pack, Some(vec!["scroll of mapping".to_string()]));
    keep_shots_if_asked(&scratch.path().join("shots"));
}

/// A pack item record of the shipped kind `kind`.
fn packed(kind: &str) -> gloomdelve::save::state::PackItem {
    let book = crate::support::shipped_items();
    let data = &book.kinds[book.find(kind).expect("a shipped item")];
    gloomdelve::save::state::PackItem {
        kind: kind.to_string(),
        name: data.name.clone(),
        sprite: data.sprite.clone(),
        corpse: None,
    }
}

/// A fresh rat corpse lying at `at`.
fn rat_corpse(at: Pos) -> gloomdelve::vocab::records::ItemRecord {
    gloomdelve::vocab::records::ItemRecord {
        name: "rat corpse".to_string(),
        sprite: "rat_corpse".to_string(),
        corpse: Some(gloomdelve::vocab::components::Corpse {
            food: 15,
            died: 0,
            rotten: false,
            bones: false,
            sprouted: false,
        }),
        ..lying("corpse", at, false)
    }
}

#[test]
fn a_full_pack_travels_to_the_stairs_over_corpses_without_stopping() {
    if skip_without_display_tools("a_full_pack_travels_to_the_stairs_over_corpses") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("full-pack");
    let level = first_level();
    let stairs =
        gloomdelve::rules::levels::find_stairs(&level.terrain, gloomdelve_core::Tile::StairsDown)
            .expect("the surface has stairs down");
    write_crafted_save(scratch.path(), |save| {
        let hero = save.hero.pos;
        save.hero.pack = (0..gloomdelve::vocab::components::PACK_SIZE)
            .map(|_| packed("club"))
            .collect();
        // A corpse on every floor tile between the hero and the stairs.
        let corpses = level.terrain.tiles().iter().filter(|(p, t)| {
            t.is_walkable()
                && *p != hero
                && *p != stairs
                && p.chebyshev(hero) <= stairs.chebyshev(hero)
        });
        save.current.items.clear();
        save.current
            .items
            .extend(corpses.map(|(p, _)| rat_corpse(p)));
    });
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let (game, window) = continue_crafted_game(&display, command);
    press(&display, &window, "greater");
    std::thread::sleep(Duration::from_secs(4));
    let texts = game.ui_texts(&display, &window);
    assert!(
        with_words(&texts, "You reach the stairs down").is_some(),
        "travel went all the way: {texts:#?}"
    );
    for stop in ["corpse here", "pack is full"] {
        assert!(with_words(&texts, stop).is_none(), "{stop:?}: {texts:#?}");
    }
}

#[test]
fn after_a_drop_the_inventory_cursor_stays_on_the_next_item() {
    if skip_without_display_tools("after_a_drop_the_inventory_cursor_stays_on_the_next_item") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("inventory-cursor");
    write_crafted_save(scratch.path(), |save| {
        save.hero.pack = [
            "club",
            "potion of healing",
            "potion of healing",
            "scroll of mapping",
        ]
        .map(packed)
        .to_vec();
        known_in(save, &["potion of healing", "scroll of mapping"]);
    });
    let mut command = title_game_command(&display, scratch.path());
    small_window(&mut command);
    let (game, window) = continue_crafted_game(&display, command);
    let title = |words: &str| {
        let texts = game.ui_texts(&display, &window);
        with_words(&texts, " - ")
            .map(|t| t.words.clone())
            .filter(|t| t.contains(words))
    };
    press(&display, &window, "i");
    press(&display, &window, "Right");
    assert!(title("2 potions of healing").is_some(), "on the potions");
    press(&display, &window, "d");
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        title("potion of healing").is_some_and(|t| !t.contains("2 potions")),
        "a drop keeps the cursor on the one potion left"
    );
    press(&display, &window, "d");
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        title("scroll of mapping").is_some(),
        "the last potion gone, the cursor is on the next item"
    );
    // Esc closes the inventory; Esc again opens the menu, which saves.
    press(&display, &window, "Escape");
    press(&display, &window, "Escape");
    let save = scratch.path().join("data/gloomdelve/save.ron");
    let pack = wait_for(Duration::from_secs(10), || {
        Some(saved_pack(&save)).filter(|p| p.len() == 2)
    });
    assert_eq!(
        pack,
        Some(vec!["club".to_string(), "scroll of mapping".to_string()]),
        "both potions dropped, nothing else"
    );
}

/// The pale yellow of a monster's damage number, as drawn.
fn is_number_yellow(p: &[u8]) -> bool {
    p[0] > 200 && p[1] > 175 && p[2] < 175 && i32::from(p[0]) - i32::from(p[2]) > 60
}

fn yellow_on_tile(shot: &Shot, tile: (i64, i64)) -> usize {
    pixels_on_tile(shot, tile, is_number_yellow)
}

/// How many pixels of `shot` on the tile at `(left, top)` are `such`.
fn pixels_on_tile(shot: &Shot, (left, top): (i64, i64), such: impl Fn(&[u8]) -> bool) -> usize {
    (0..TILE_PX)
        .flat_map(|y| (0..TILE_PX).map(move |x| (x, y)))
        .filter(|&(x, y)| such(shot.pixel(left + x, top + y)))
        .count()
}

#[test]
fn a_foe_struck_just_below_the_hero_keeps_its_damage_number_off_the_hero() {
    if skip_without_display_tools("a_foe_struck_just_below_the_hero_keeps_its_damage_number") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("number");
    // Numbers stay up five seconds, long enough to be photographed.
    let root = edited_assets(&scratch, |assets| {
        let path = assets.join("data/animation.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("number: 0.9,", "number: 5.0,")).unwrap();
    });
    let level = first_level();
    let terrain = &level.terrain;
    let open = |p: Pos| terrain.is_walkable(p) && terrain.tile(p) == gloomdelve_core::Tile::Grass;
    let hero = terrain
        .tiles()
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| open(p) && open(p.step(Dir::S)))
        .min_by_key(|p| p.chebyshev(level.start))
        .expect("grass with grass below it");
    let book = crate::support::shipped_book();
    let goblin = book.find("goblin").expect("goblins are shipped");
    write_crafted_save(scratch.path(), |save| {
        save.hero.pos = hero;
        save.current.items.clear();
        save.current
            .creatures
            .push(gloomdelve::vocab::records::CreatureRecord {
                statuses: gloomdelve::vocab::statuses::Statuses::from_iter([(
                    gloomdelve::vocab::statuses::Status::Paralysed,
                    gloomdelve::RulesData::default().paralyze_turns,
                )]),
                // As sturdy as a goblin may be: the save checker allows
                // twice its kind's HP.
                ..gloomdelve::vocab::records::CreatureRecord::new(
                    999,
                    "goblin",
                    hero.step(Dir::S),
                    (2 * book.kinds[goblin].hp, 2 * book.kinds[goblin].hp),
                )
            });
    });
    let shots = scratch.path().join("shots");
    let mut command = title_game_command(&display, scratch.path());
    command
        .env("BEVY_ASSET_ROOT", &root)
        .env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
    let (game, window) = continue_crafted_game(&display, command);
    let layout = latest_layout(&game);
    let (hero_tile, foe_tile) = (tile_on_screen(&layout, 0, 0), tile_on_screen(&layout, 0, 1));
    let before = Shot::load(&take_screenshot(&display, &window, &shots));
    press(&display, &window, "j");
    std::thread::sleep(Duration::from_millis(500));
    let during = Shot::load(&take_screenshot(&display, &window, &shots));
    assert!(
        yellow_on_tile(&during, foe_tile) > 20,
        "the number shows on the goblin's tile ({} yellow pixels)",
        yellow_on_tile(&during, foe_tile)
    );
    assert_eq!(
        yellow_on_tile(&during, hero_tile),
        yellow_on_tile(&before, hero_tile),
        "no number is drawn over the hero"
    );
    keep_shots_if_asked(&shots);
}

/// The title, as [`launch_to_title`], logging its UI texts on F12.
fn launch_to_logged_title(display: &Display, scratch: &Path) -> (Game, String) {
    let mut command = title_game_command(display, scratch);
    command.env(gloomdelve::view::overlays::text_rects::ENV_VAR, "1");
    let game = Game::start(command);
    let window = focus_window(display);
    std::thread::sleep(Duration::from_secs(3));
    (game, window)
}

/// Locks the data folder under `scratch` as a running game would.
fn hold_the_data_folder(scratch: &Path) -> std::fs::File {
    let dir = scratch.join("data/gloomdelve");
    std::fs::create_dir_all(&dir).unwrap();
    let lock = std::fs::File::create(dir.join(gloomdelve::save::LOCK_FILE)).unwrap();
    lock.try_lock().expect("the test takes the lock");
    lock
}

#[test]
fn a_second_game_on_a_busy_data_folder_says_so_plays_unsaved_and_leaves_the_save() {
    if skip_without_display_tools("a_second_game_on_a_busy_data_folder") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("busy-folder");
    write_save_with_hero(scratch.path(), first_level().start, 15);
    let save = scratch.path().join("data/gloomdelve/save.ron");
    let before = std::fs::read(&save).unwrap();
    let lock = hold_the_data_folder(scratch.path());

    let (mut game, window) = launch_to_logged_title(&display, scratch.path());
    let texts = game.ui_texts(&display, &window);
    assert!(
        with_words(&texts, "another Gloomdelve is using the data folder").is_some(),
        "{texts:#?}"
    );
    assert!(selected_entry(&texts).contains("New Game"), "{texts:#?}");
    assert!(with_words(&texts, "Continue").is_none(), "{texts:#?}");
    press(&display, &window, "Return");
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(60)),
        "the unsaved game starts"
    );
    std::thread::sleep(Duration::from_secs(2));
    press(&display, &window, "Escape");
    std::thread::sleep(Duration::from_secs(1));
    let menu = game.ui_texts(&display, &window);
    assert!(
        with_words(&menu, "q: quit (this game is not saved)").is_some(),
        "{menu:#?}"
    );
    assert!(
        with_words(&menu, "This game will not be saved").is_some(),
        "{menu:#?}"
    );
    press(&display, &window, "q");
    assert!(game.exits_within(Duration::from_secs(30)), "q quits");
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the save is untouched"
    );

    drop(lock);
    let (_game, window) = launch_to_logged_title(&display, scratch.path());
    let texts = _game.ui_texts(&display, &window);
    assert!(selected_entry(&texts).contains("Continue"), "{texts:#?}");
    assert!(
        with_words(&texts, "another Gloomdelve").is_none(),
        "the folder is free again: {texts:#?}"
    );
}

#[test]
fn quitting_when_the_save_fails_asks_whether_to_quit_without_saving() {
    if skip_without_display_tools("quitting_when_the_save_fails_asks") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("quit-unsaved");
    let mut command = foggy_game_command(&display, scratch.path());
    command
        .env(gloomdelve_core::persist::FAULT_ENV, "half")
        .env(gloomdelve::view::overlays::text_rects::ENV_VAR, "1");
    let mut game = Game::start(command);
    let window = focus_window(&display);
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(90)),
        "the game reaches the cave"
    );
    std::thread::sleep(Duration::from_secs(2));
    press(&display, &window, "Escape");
    press(&display, &window, "q");
    std::thread::sleep(Duration::from_secs(1));
    let asked = game.ui_texts(&display, &window);
    assert!(
        with_words(&asked, "Quit without saving? (y/n)").is_some(),
        "{asked:#?}"
    );
    assert!(with_words(&asked, "Saving failed").is_some(), "{asked:#?}");
    // Other keys are no answer; n goes back to the menu.
    press(&display, &window, "q");
    press(&display, &window, "n");
    std::thread::sleep(Duration::from_secs(1));
    let menu = game.ui_texts(&display, &window);
    assert!(with_words(&menu, "q: save and quit").is_some(), "{menu:#?}");
    assert!(!game.exits_within(Duration::from_secs(1)), "n stays");
    press(&display, &window, "q");
    press(&display, &window, "y");
    assert!(
        game.exits_within(Duration::from_secs(30)),
        "y quits without saving"
    );
    let status = game.child.wait().unwrap();
    assert!(
        status.success(),
        "quitting on purpose is no failure: {status}"
    );
}

#[test]
fn an_x_server_that_never_answers_is_named_in_one_line_with_status_2() {
    if skip_without_display_tools("an_x_server_that_never_answers") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let signal = |which: &str| {
        let sent = Command::new("kill")
            .args([which, &display.server.id().to_string()])
            .status();
        assert!(sent.is_ok_and(|s| s.success()), "kill {which}");
    };
    signal("-STOP");
    let scratch = scratch("stopped-x");
    let mut game = Game::start(foggy_game_command(&display, scratch.path()));
    let said = game.line_with("did not answer", Duration::from_secs(40));
    let exited = game.exits_within(Duration::from_secs(20));
    let status = game.child.try_wait().ok().flatten();
    signal("-CONT");
    let said = said.expect("the game says the X server does not answer");
    assert!(said.contains(&display.name()), "{said}");
    assert!(exited, "the game gives up on the server");
    assert_eq!(status.and_then(|s| s.code()), Some(2));
}

#[test]
fn data_and_config_folders_that_are_files_are_named_once_and_a_seed_starts_at_once() {
    if skip_without_display_tools("data_and_config_folders_that_are_files") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("folders-are-files");
    let file = scratch.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let on_files = |mut command: Command| {
        command
            .env("XDG_DATA_HOME", &file)
            .env("XDG_CONFIG_HOME", &file)
            .env(gloomdelve::view::overlays::text_rects::ENV_VAR, "1");
        command
    };
    let game = Game::start(on_files(title_game_command(&display, scratch.path())));
    let window = focus_window(&display);
    std::thread::sleep(Duration::from_secs(3));
    let texts = game.ui_texts(&display, &window);
    let data = with_words(&texts, "the data folder").expect("the data folder is named");
    assert!(data.words.contains("cannot be used"), "{texts:#?}");
    let config = with_words(&texts, "the config folder").expect("the config folder is named");
    assert!(config.words.contains("cannot be used"), "{texts:#?}");
    for missing in ["settings.ron", "bindings.txt", "save.ron", "Continue"] {
        assert!(
            with_words(&texts, missing).is_none(),
            "no word of a file that is not there: {missing}: {texts:#?}"
        );
    }
    assert!(selected_entry(&texts).contains("New Game"), "{texts:#?}");
    drop(game);

    let game = Game::start(on_files(foggy_game_command(&display, scratch.path())));
    assert!(
        game.wait_for_line(READY_LINE, Duration::from_secs(90)),
        "--seed starts the game at once"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "not a folder",
        "the file is left alone"
    );
}

/// Pixels of `shot` on the tile at `(left, top)` that are plainly red:
/// the intent overlay's tint where a blow will land.
fn red_on_tile(shot: &Shot, tile: (i64, i64)) -> usize {
    let red =
        |p: &[u8]| i32::from(p[0]) > i32::from(p[1]) + 70 && i32::from(p[0]) > i32::from(p[2]) + 70;
    pixels_on_tile(shot, tile, red)
}

/// Whether the tile at `p` is grass one can stand on.
fn is_grass(terrain: &Terrain, p: Pos) -> bool {
    terrain.is_walkable(p) && terrain.tile(p) == gloomdelve_core::Tile::Grass
}

/// The grass tile nearest the start of `level` with grass all round it:
/// a place to put the hero of a crafted save.
fn grass_all_round(level: &gloomdelve::vocab::resources::Level) -> Pos {
    let terrain = &level.terrain;
    terrain
        .tiles()
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| is_grass(terrain, p) && Dir::ALL.iter().all(|&d| is_grass(terrain, p.step(d))))
        .min_by_key(|p| p.chebyshev(level.start))
        .expect("grass all round")
}

#[test]
fn tab_shows_the_tile_an_adjacent_goblin_will_strike_and_the_choice_is_remembered() {
    if skip_without_display_tools("tab_shows_the_tile_an_adjacent_goblin_will_strike") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("intents");
    let level = first_level();
    let terrain = &level.terrain;
    let open = |p: Pos| is_grass(terrain, p);
    let hero = grass_all_round(&level);
    write_crafted_save(scratch.path(), |save| {
        save.hero.pos = hero;
        save.current.items.clear();
        let goblin = gloomdelve::vocab::records::CreatureRecord::new(
            999,
            "goblin",
            hero.step(Dir::S),
            (14, 14),
        );
        save.current.creatures.push(goblin);
        // Others farther off, for the eye: one that steps, one the dice
        // move, one that spreads.
        let others = [
            ("goblin", (3, -3), 14),
            ("bat", (-3, 2), 10),
            ("fungus", (-3, -3), 10),
        ];
        for (id, (kind, (dx, dy), hp)) in (1000..).zip(others) {
            let at = Pos::new(hero.x + dx, hero.y + dy);
            if open(at) {
                let record =
                    gloomdelve::vocab::records::CreatureRecord::new(id, kind, at, (hp, hp));
                save.current.creatures.push(record);
            }
        }
    });
    let shots = scratch.path().join("shots");
    let mut command = title_game_command(&display, scratch.path());
    command.env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
    let (game, window) = continue_crafted_game(&display, command);
    let layout = latest_layout(&game);
    let hero_tile = tile_on_screen(&layout, 0, 0);
    let before = Shot::load(&take_screenshot(&display, &window, &shots));
    press(&display, &window, "Tab");
    std::thread::sleep(Duration::from_millis(500));
    let shown = Shot::load(&take_screenshot(&display, &window, &shots));
    let (red_before, red_shown) = (
        red_on_tile(&before, hero_tile),
        red_on_tile(&shown, hero_tile),
    );
    assert!(
        red_shown > 200 && red_before < 20,
        "the goblin's blow is shown on the hero's tile: {red_before} red pixels before Tab, {red_shown} after"
    );
    let settings = scratch.path().join("config/gloomdelve/settings.ron");
    let saved = std::fs::read_to_string(&settings).unwrap_or_default();
    assert!(
        saved.contains("show_intents: true"),
        "Tab is remembered: {saved}"
    );
    press(&display, &window, "Tab");
    std::thread::sleep(Duration::from_millis(500));
    let hidden = Shot::load(&take_screenshot(&display, &window, &shots));
    assert!(red_on_tile(&hidden, hero_tile) < 20, "Tab again hides it");
    keep_shots_if_asked(&shots);
}

/// The next sidebar probe line from now on that says it is `state`
/// ("shown" or "hidden"): what it lists, "1 goblin".
fn sidebar_probe(game: &Game, state: &str) -> String {
    let probe = gloomdelve::view::hud::sidebar::SIDEBAR_PROBE_LINE;
    let needle = format!("{probe} {state} ");
    let line = game
        .line_with(&needle, Duration::from_secs(10))
        .unwrap_or_else(|| panic!("the sidebar says it is {state}"));
    let (_, said) = line.split_once(&needle).unwrap();
    said.trim().to_string()
}

#[test]
fn the_sidebar_lists_each_creature_in_view_and_none_out_of_it_and_v_hides_it() {
    if skip_without_display_tools("the_sidebar_lists_each_creature_in_view") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let display = Display::start();
    let scratch = scratch("sidebar");
    let level = first_level();
    let terrain = &level.terrain;
    let open = |p: Pos| is_grass(terrain, p);
    let hero = grass_all_round(&level);
    // Far beyond the hero's sight of 6 tiles.
    let far = terrain
        .tiles()
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| open(p) && p.chebyshev(hero) >= 15)
        .min_by_key(|p| p.chebyshev(hero))
        .expect("grass far off");
    write_crafted_save(scratch.path(), |save| {
        save.hero.pos = hero;
        save.current.items.clear();
        save.current.creatures.clear();
        let near = hero.step(Dir::S);
        for (id, (kind, at)) in (999..).zip([("goblin", near), ("ogre", far)]) {
            let hp = if kind == "ogre" { 30 } else { 14 };
            let record = gloomdelve::vocab::records::CreatureRecord::new(id, kind, at, (hp, hp));
            save.current.creatures.push(record);
        }
    });
    let shots = scratch.path().join("shots");
    let mut command = title_game_command(&display, scratch.path());
    command.env(gloomdelve::view::camera::LAYOUT_PROBE_VAR, "1");
    let (game, window) = continue_crafted_game(&display, command);
    std::thread::sleep(Duration::from_millis(500));
    let shown = Shot::load(&take_screenshot(&display, &window, &shots));
    press(&display, &window, "v");
    assert_eq!(sidebar_probe(&game, "hidden"), "1 goblin");
    std::thread::sleep(Duration::from_millis(500));
    let hidden = Shot::load(&take_screenshot(&display, &window, &shots));
    let settings = scratch.path().join("config/gloomdelve/settings.ron");
    let saved = std::fs::read_to_string(&settings).unwrap_or_default();
    assert!(
        saved.contains("show_sidebar: false"),
        "v is remembered: {saved}"
    );
    press(&display, &window, "v");
    assert_eq!(
        sidebar_probe(&game, "shown"),
        "1 goblin",
        "one entry, for the goblin in view; none for the ogre out of it"
    );
    // The goblin's name is written in gold in the strip at the right, and
    // hiding the panel gives that strip back to the map.
    let gold_in_the_strip = |shot: &Shot| {
        let mut gold = 0;
        for y in 60..shot.height / 2 {
            for x in shot.width - 230..shot.width {
                let p = shot.pixel(x, y);
                gold += usize::from(p[0] > 220 && p[1] > 190 && p[1] < 240 && p[2] < 120);
            }
        }
        gold
    };
    let (gold_shown, gold_hidden) = (gold_in_the_strip(&shown), gold_in_the_strip(&hidden));
    assert!(
        gold_shown > 30 && gold_hidden < 5,
        "the entry is drawn, then hidden: {gold_shown} gold pixels, then {gold_hidden}"
    );
    keep_shots_if_asked(&shots);
}

/// How far the pixels at `(x, y)` differ between two shots (summed over
/// the colour channels).
fn pixel_change(a: &Shot, b: &Shot, (x, y): (i64, i64)) -> u32 {
    a.pixel(x, y)
        .iter()
        .zip(b.pixel(x, y))
        .take(3)
        .map(|(p, q)| u32::from(p.abs_diff(*q)))
        .sum()
}

/// The pixels that changed from `before` to `after` within a tile of the
/// box between the centres `ends` (the hero's and the route's end), the
/// two end tiles left out: a route drawn between them.
fn route_pixels(before: &Shot, after: &Shot, ends: ((i64, i64), (i64, i64)), tile: i64) -> usize {
    let ((hx, hy), (ex, ey)) = ends;
    let inside = |(x, y): (i64, i64), (cx, cy): (i64, i64)| {
        (x - cx).abs() <= tile / 2 && (y - cy).abs() <= tile / 2
    };
    let xs = hx.min(ex) - tile..=hx.max(ex) + tile;
    xs.flat_map(|x| (hy.min(ey) - tile..=hy.max(ey) + tile).map(move |y| (x, y)))
        .filter(|&p| !inside(p, (hx, hy)) && !inside(p, (ex, ey)))
        .filter(|&p| pixel_change(before, after, p) > 60)
        .count()
}

#[test]
fn the_pointer_draws_the_route_to_a_tile_and_a_click_walks_the_hero_there() {
    if skip_without_display_tools("the_pointer_draws_the_route_to_a_tile_and_a_click_walks") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("pointer-route", true);
    let cave = first_level();
    let (dir, _) = three_clear_steps(&cave.terrain, cave.start);
    let (dx, dy) = dir.delta();
    let layout = latest_layout(&session.game);
    // The hero's tile on screen, from the same probe line.
    let tile = (layout[6] - layout[4]).abs() as i64;
    let (hx, hy) = (
        ((layout[4] + layout[6]) / 2.0) as i64,
        ((layout[5] + layout[7]) / 2.0) as i64,
    );
    // Screen y grows downward, as the map's rows do.
    let centre = |k: i64| (hx + k * dx as i64 * tile, hy + k * dy as i64 * tile);
    let window = session.window.clone();
    let point = |(x, y): (i64, i64)| {
        let (x, y) = (x.to_string(), y.to_string());
        session
            .display
            .xdotool(&["mousemove", "--window", &window, &x, &y]);
        std::thread::sleep(Duration::from_secs(1));
    };
    point((1, 1));
    let before = session.screenshot();
    point(centre(3));
    let hovered = session.screenshot();
    // Dots on the steps between the hero and the framed end: pixels that
    // changed within a tile of the line, outside the hero's and the end's
    // tiles (of equal routes the straight one is drawn, but a tile the
    // hero cannot see may still bend it).
    let dotted = route_pixels(&before, &hovered, ((hx, hy), centre(3)), tile);
    assert!(dotted >= 40, "route dots drawn: {dotted} pixels changed");
    session.display.xdotool(&["click", "1"]);
    std::thread::sleep(Duration::from_secs(3));
    point((1, 1));
    let walked = session.screenshot();
    let (shift, score) = best_tile_shift(&before, &walked);
    assert_eq!(
        shift,
        (-3 * dx as i64, -3 * dy as i64),
        "the click walked three tiles (match {score:.3})"
    );
}

#[test]
fn holding_the_stairs_key_draws_the_way_there_and_letting_it_go_walks_it() {
    if skip_without_display_tools("holding_the_stairs_key_draws_the_way_there") {
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let session = Session::start("held-travel", true);
    let cave = first_level();
    let stairs =
        gloomdelve::rules::levels::find_stairs(&cave.terrain, gloomdelve_core::Tile::StairsDown)
            .expect("stairs down");
    let (dx, dy) = (
        i64::from(stairs.x - cave.start.x),
        i64::from(stairs.y - cave.start.y),
    );
    let layout = latest_layout(&session.game);
    let tile = (layout[6] - layout[4]).abs() as i64;
    let (hx, hy) = (
        ((layout[4] + layout[6]) / 2.0) as i64,
        ((layout[5] + layout[7]) / 2.0) as i64,
    );
    let (sx, sy) = (hx + dx * tile, hy + dy * tile);
    let window = session.window.clone();
    let before = session.screenshot();
    session
        .display
        .xdotool(&["keydown", "--window", &window, "greater"]);
    std::thread::sleep(Duration::from_secs(1));
    let held = session.screenshot();
    let dotted = route_pixels(&before, &held, ((hx, hy), (sx, sy)), tile);
    assert!(
        dotted >= 40,
        "the way to the stairs drawn: {dotted} pixels changed"
    );
    let still = best_tile_shift(&before, &held).0;
    assert_eq!(still, (0, 0), "held, the hero stays");
    session
        .display
        .xdotool(&["keyup", "--window", &window, "greater"]);
    std::thread::sleep(Duration::from_secs(4));
    let walked = session.screenshot();
    if dx.abs() <= 4 && dy.abs() <= 4 {
        let (shift, score) = best_tile_shift(&before, &walked);
        assert_eq!(
            shift,
            (-dx, -dy),
            "let go, it walks to the stairs ({score:.3})"
        );
    } else {
        let stayed = match_fraction(&before, &walked, 0, 0);
        assert!(stayed < 0.5, "let go, the map moves: {stayed:.3} matched");
    }
}
