//! The edges (issue 16): no display, files that are not files, saves that
//! are well-formed but impossible, `sim --load` on damaged saves, and kills
//! in the middle of a save.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use gloomdelve::Mode;
use gloomdelve::save::SaveStatus;
use gloomdelve::save::state::SaveGame;
use gloomdelve_core::{GameRng, Pos};

use crate::support::{read_save, scratch, set_aside_copies, shipped_game};

/// The game binary with a home of its own under `home`, and no display.
fn headless_binary(home: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gloomdelve"));
    command
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null());
    command
}

/// Runs `command`, failing the test instead of hanging if it runs past `limit`.
fn output_within(mut command: Command, limit: Duration) -> Output {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game binary runs");
    let id = child.id();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output()));
    match receive.recv_timeout(limit) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
            panic!("the game ran past {limit:?}: it hangs");
        }
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn with_no_display_the_game_exits_2_with_one_line() {
    let home = scratch("no-display");
    let gone = home.path().join("wayland-9");
    for wayland in [None, Some(&gone)] {
        let mut command = headless_binary(home.path());
        if let Some(socket) = wayland {
            command.env("WAYLAND_DISPLAY", socket);
        }
        let out = output_within(command, Duration::from_secs(60));
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{wayland:?}: {said}");
        assert_eq!(
            said,
            format!("gloomdelve: {}\n", gloomdelve::view::graphics::NO_DISPLAY),
            "WAYLAND_DISPLAY {wayland:?}"
        );
    }
}

#[test]
fn an_x11_display_that_does_not_answer_is_named_and_exits_2() {
    let home = scratch("dead-display");
    let mut command = headless_binary(home.path());
    command.env("DISPLAY", ":973");
    let out = output_within(command, Duration::from_secs(60));
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(said.lines().count(), 1, "one line: {said}");
    assert!(
        said.contains("cannot connect to the X11 display \":973\""),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
}

/// Makes `path` a thing that is not a regular file: a FIFO, a link to a
/// device that never ends, or a socket (kept open by the returned guard).
#[cfg(unix)]
fn make_special(kind: &str, path: &Path) -> Option<std::os::unix::net::UnixListener> {
    match kind {
        "a FIFO" => {
            let made = Command::new("mkfifo").arg(path).status().unwrap();
            assert!(made.success(), "mkfifo {}", path.display());
            None
        }
        "a device" => {
            std::os::unix::fs::symlink("/dev/zero", path).unwrap();
            None
        }
        "a socket" => Some(std::os::unix::net::UnixListener::bind(path).unwrap()),
        _ => unreachable!(),
    }
}

/// Whether `path` is still the special thing `make_special` made.
#[cfg(unix)]
fn still_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file())
}

/// Every file the game reads, as a FIFO, a device and a socket: each is
/// refused with a message naming it, and left exactly where it was. The
/// whole check runs on a thread so a blocking read fails the test.
#[cfg(unix)]
#[test]
fn saves_settings_bindings_scores_and_recordings_that_are_not_files_are_refused_untouched() {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for kind in ["a FIFO", "a device", "a socket"] {
            refuse_every_file_as(kind);
        }
        send.send(()).unwrap();
    });
    receive
        .recv_timeout(Duration::from_secs(60))
        .expect("every read returned: none blocked on a special file");
}

#[cfg(unix)]
fn refuse_every_file_as(kind: &str) {
    let dir = scratch("special");
    let at = |name: &str| dir.path().join(name);
    let _guards: Vec<_> = [
        "save.ron",
        "settings.ron",
        "bindings.txt",
        "scores.ron",
        "run.rec",
    ]
    .iter()
    .map(|name| make_special(kind, &at(name)))
    .collect();
    let says = |message: &str, file: &str| {
        assert!(
            message.contains(&at(file).display().to_string()),
            "{message}"
        );
        assert!(message.contains(kind), "{kind}: {message}");
        assert!(still_special(&at(file)), "{file} as {kind} was left alone");
    };
    let status = read_save(&at("save.ron"));
    assert!(matches!(status, SaveStatus::LeftInPlace(_)), "{status:?}");
    says(status.problem().unwrap(), "save.ron");
    let (_, note) = gloomdelve::config::load_settings(dir.path());
    says(&note.expect("a note on the settings"), "settings.ron");
    let (_, notes) = gloomdelve::config::load_bindings(dir.path());
    says(&notes.join("\n"), "bindings.txt");
    let (_, note) = gloomdelve_core::scores::Table::load(&at("scores.ron"));
    says(&note.expect("a note on the scores"), "scores.ron");
    let refused = gloomdelve::sim::Recording::load(&at("run.rec")).unwrap_err();
    says(&refused, "run.rec");
    assert!(set_aside_copies(dir.path(), "save.ron").is_empty());
}

/// A real game of the shipped data, saved at turn 300 with the hero alive.
fn real_save() -> SaveGame {
    gloomdelve::sim::run_and_capture(shipped_game(7, Mode::Delve), 300, false)
        .unwrap()
        .save
        .expect("seed 7 is alive at turn 300")
}

/// A change to a save.
type Edit = Box<dyn Fn(&mut SaveGame)>;

fn edit(change: impl Fn(&mut SaveGame) + 'static) -> Edit {
    Box::new(change)
}

/// Edits that make the game impossible, each with the field it names.
fn impossible_edits() -> Vec<(&'static str, Edit)> {
    let wall = |save: &SaveGame| {
        let terrain = &save.current.terrain;
        terrain
            .tiles()
            .iter()
            .map(|(p, _)| p)
            .find(|&p| !terrain.is_walkable(p))
            .unwrap()
    };
    vec![
        (
            "current.creatures[0].kind",
            edit(|s| s.current.creatures[0].kind = "dragon".into()),
        ),
        (
            "current.creatures[0].pos",
            edit(|s| s.current.creatures[0].pos = Pos::new(-3, 5)),
        ),
        (
            "current.creatures[0].pos",
            edit(move |s| s.current.creatures[0].pos = wall(s)),
        ),
        (
            "current.creatures[1].pos",
            edit(|s| s.current.creatures[1].pos = s.current.creatures[0].pos),
        ),
        (
            "current.creatures[0].pos",
            edit(|s| s.current.creatures[0].pos = s.hero.pos),
        ),
        (
            "current.creatures[0].hp",
            edit(|s| s.current.creatures[0].hp = s.current.creatures[0].max_hp + 1),
        ),
        (
            "current.items[0].kind",
            edit(|s| s.current.items[0].kind = "kind 999".into()),
        ),
        (
            "current.items[0].pos",
            edit(|s| s.current.items[0].pos = Pos::new(5000, 1)),
        ),
        ("hero.pos", edit(move |s| s.hero.pos = wall(s))),
        ("hero.pos", edit(|s| s.hero.pos = Pos::new(0, -1))),
        ("hero.hp", edit(|s| s.hero.hp = s.hero.max_hp + 5)),
        ("hero.hp", edit(|s| s.hero.max_hp = 0)),
        ("depth", edit(|s| s.depth = 999)),
        ("deepest", edit(|s| s.deepest = 999)),
        (
            "hero.pack[0].kind",
            edit(|s| {
                let mut item = s
                    .hero
                    .pack
                    .first()
                    .cloned()
                    .unwrap_or_else(|| pack_item("ration"));
                item.kind = "no such thing".into();
                s.hero.pack.insert(0, item);
            }),
        ),
        (
            "hero.weapon",
            edit(|s| {
                s.hero.pack.push(pack_item("ration"));
                s.hero.weapon = Some(s.hero.pack.len() - 1);
            }),
        ),
        (
            "hero.armour",
            edit(|s| s.hero.armour = Some(s.hero.pack.len() + 3)),
        ),
    ]
}

fn pack_item(kind: &str) -> gloomdelve::save::state::PackItem {
    gloomdelve::save::state::PackItem {
        kind: kind.into(),
        name: kind.into(),
        sprite: kind.into(),
        corpse: None,
    }
}

#[test]
fn a_save_with_an_impossible_game_is_set_aside_naming_the_first_wrong_field() {
    let save = real_save();
    assert!(save.current.creatures.len() >= 2 && !save.current.items.is_empty());
    let dir = scratch("impossible");
    let path = dir.path().join("save.ron");
    for (field, edit) in impossible_edits() {
        let mut wrong = save.clone();
        edit(&mut wrong);
        gloomdelve::save::write_save(&path, &wrong).unwrap();
        let written = std::fs::read(&path).unwrap();
        let SaveStatus::SetAside(message) = read_save(&path) else {
            panic!("the edit of {field} was loaded");
        };
        assert!(message.contains("a game that cannot be"), "{message}");
        assert!(
            message.contains(&format!("({field}: ")),
            "{field}: {message}"
        );
        let copies = set_aside_copies(dir.path(), "save.ron");
        let kept = copies.last().unwrap();
        assert_eq!(std::fs::read(kept).unwrap(), written, "kept byte for byte");
        std::fs::remove_file(kept).unwrap();
    }
    gloomdelve::save::write_save(&path, &save).unwrap();
    assert!(
        matches!(read_save(&path), SaveStatus::Ready(_)),
        "the unedited save loads"
    );
}

#[test]
fn every_save_the_bot_makes_passes_the_checks() {
    for (seed, mode, turns) in [
        (1, Mode::Delve, 2500),
        (7, Mode::Delve, 4000),
        (12, Mode::Delve, 4000),
        (2, Mode::Hunt, 1500),
    ] {
        for at in (500..=turns).step_by(500) {
            let new_game = shipped_game(seed, mode);
            let captured = gloomdelve::sim::run_and_capture(new_game.clone(), at, false).unwrap();
            let Some(save) = captured.save else { break };
            let checked = gloomdelve::save::check::check_save(&save, &new_game);
            assert_eq!(checked, Ok(()), "{mode:?} seed {seed} at turn {at}");
        }
    }
}

/// `sim --load FILE` for up to 30 turns more, within a minute.
fn sim_load(path: &Path, home: &Path) -> Output {
    let mut command = headless_binary(home);
    command.args(["sim", "--turns", "330", "--load"]).arg(path);
    output_within(command, Duration::from_secs(60))
}

#[test]
fn sim_load_continues_a_real_save() {
    let dir = scratch("sim-load");
    let path = dir.path().join("save.ron");
    gloomdelve::save::write_save(&path, &real_save()).unwrap();
    let out = sim_load(&path, dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["seed"], 7);
    assert!(report["turns"].as_u64().unwrap() > 300, "{report}");
    assert!(path.exists(), "a good save is read, never moved");
}

/// 120 damaged copies of a real save: cut short, bytes flipped, empty,
/// junk, 5 MB of `(` with a true header, impossible games.
fn damaged_copies(whole: &[u8], save: &SaveGame) -> Vec<Vec<u8>> {
    let mut rng = GameRng::new(16);
    let mut copies: Vec<Vec<u8>> = (0..40)
        .map(|_| whole[..rng.range(0, whole.len() as i32) as usize].to_vec())
        .collect();
    copies.extend((0..40).map(|_| {
        let mut flipped = whole.to_vec();
        let at = rng.range(0, whole.len() as i32) as usize;
        flipped[at] ^= 1 << rng.range(0, 8);
        flipped
    }));
    copies.push(Vec::new());
    copies.extend((0..10).map(|_| {
        (0..rng.range(1, 4000))
            .map(|_| rng.range(0, 256) as u8)
            .collect()
    }));
    let deep = "(".repeat(5 << 20);
    let header = format!(
        "// gloomdelve save version {} length {} fnv1a64 {:016x}\n",
        gloomdelve::save::SAVE_VERSION,
        deep.len(),
        gloomdelve_core::persist::fnv1a64(deep.as_bytes())
    );
    copies.push(format!("{header}{deep}").into_bytes());
    copies.push(deep.into_bytes());
    for (_, edit) in impossible_edits().iter().cycle().take(120 - copies.len()) {
        let mut wrong = save.clone();
        edit(&mut wrong);
        let text =
            gloomdelve_core::persist::to_versioned_ron(gloomdelve::save::SAVE_VERSION, &wrong)
                .unwrap();
        copies.push(text.into_bytes());
    }
    copies
}

#[test]
fn sim_load_on_120_damaged_saves_exits_2_names_the_file_and_keeps_the_bytes() {
    let save = real_save();
    let whole = gloomdelve_core::persist::to_versioned_ron(gloomdelve::save::SAVE_VERSION, &save)
        .unwrap()
        .into_bytes();
    let copies = damaged_copies(&whole, &save);
    assert_eq!(copies.len(), 120);
    let chunks: Vec<Vec<(usize, Vec<u8>)>> = {
        let numbered: Vec<(usize, Vec<u8>)> = copies.into_iter().enumerate().collect();
        numbered.chunks(30).map(|c| c.to_vec()).collect()
    };
    std::thread::scope(|scope| {
        for chunk in chunks {
            scope.spawn(move || {
                for (i, bytes) in chunk {
                    load_a_damaged_save(i, &bytes);
                }
            });
        }
    });
}

fn load_a_damaged_save(i: usize, bytes: &[u8]) {
    let dir = scratch("damaged");
    let path: PathBuf = dir.path().join("save.ron");
    std::fs::write(&path, bytes).unwrap();
    let out = sim_load(&path, dir.path());
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "copy {i}: {said}");
    assert!(!said.contains("panicked"), "copy {i}: {said}");
    assert!(
        said.contains(&path.display().to_string()),
        "copy {i}: {said}"
    );
    let copies = set_aside_copies(dir.path(), "save.ron");
    assert_eq!(copies.len(), 1, "copy {i} was set aside once: {said}");
    assert_eq!(
        std::fs::read(&copies[0]).unwrap(),
        bytes,
        "copy {i} kept byte for byte"
    );
    assert!(
        said.contains(&copies[0].display().to_string()),
        "copy {i}: {said}"
    );
}

/// The seed and the number of waits of the kill test's `save-loop`: a
/// game checked (by [`the_kill_tests_hero_outlives_its_waits`]) to keep
/// its hero alive through every one, so no kill can land after a death.
const SURVIVING_LOOP: (&str, &str) = ("2", "600");

/// A `save-loop` of [`SURVIVING_LOOP`] saving into `dir`.
fn surviving_loop(dir: &Path) -> Command {
    let (seed, saves) = SURVIVING_LOOP;
    let mut command = Command::new(env!("CARGO_BIN_EXE_gloomdelve"));
    command
        .args(["save-loop", "--seed", seed, "--saves", saves, "--dir"])
        .arg(dir)
        .env_remove(gloomdelve_core::persist::FAULT_ENV);
    command
}

#[test]
fn the_kill_tests_hero_outlives_its_waits() {
    let dir = scratch("kills-whole");
    let out = surviving_loop(dir.path()).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains("ended"),
        "the hero of seed {} must outlive {} waits; choose another seed: {stderr}",
        SURVIVING_LOOP.0,
        SURVIVING_LOOP.1
    );
    let saves = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(saves.to_string(), SURVIVING_LOOP.1, "every wait saved");
    match read_save(&dir.path().join("save.ron")) {
        SaveStatus::Ready(save) => assert!(save.hero.hp > 0),
        other => panic!("the last save loads: {other:?}"),
    }
}

/// SIGKILLs `save-loop` (a save every turn, its hero alive throughout) at
/// 200 random moments while it saves; each time, Continue then loads the
/// save of the turn before or of that turn, never neither.
#[test]
fn two_hundred_kills_while_saving_never_lose_the_game() {
    let dir = scratch("kills");
    let mut rng = GameRng::new(200);
    let mut half_written = 0;
    for kill in 0..200 {
        let mut child = surviving_loop(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines =
            std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        assert!(
            lines.next().is_some_and(|l| l.is_ok()),
            "kill {kill}: the loop saved once"
        );
        std::thread::sleep(Duration::from_micros(rng.range(0, 20_000) as u64));
        child.kill().unwrap();
        child.wait().unwrap();
        let saved = lines.map_while(Result::ok).count() as u64 + 1;
        half_written += usize::from(leftover_temporary(dir.path()));
        match read_save(&dir.path().join("save.ron")) {
            SaveStatus::Ready(save) => assert!(
                save.turn >= saved,
                "kill {kill}: {saved} saves reported, the save holds turn {}",
                save.turn
            ),
            other => panic!("kill {kill}: the save does not load: {other:?}"),
        }
    }
    eprintln!("200 kills while saving: {half_written} left a save half-written; every save loaded");
}

/// Whether a killed save left its temporary file behind (it was cut
/// mid-write); removes it, as the next save would.
fn leftover_temporary(dir: &Path) -> bool {
    let leftovers: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.contains(".tmp"))
        })
        .collect();
    leftovers.iter().for_each(|p| drop(std::fs::remove_file(p)));
    !leftovers.is_empty()
}
