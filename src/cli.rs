//! The command line: game options, and the `mapgen` tool.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Gloomdelve: a turn-based roguelike. Dig deep, come back alive.
#[derive(Parser, Debug, Clone)]
#[command(name = "gloomdelve", version, about)]
pub struct Cli {
    /// The game seed: the same seed gives the same game.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Screen pixels per art pixel: 2, 3 or 4 (default: the atlas's scale).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=4))]
    pub scale: Option<u32>,
    /// Window size in pixels, as WIDTHxHEIGHT (default: as last time, or 1280x800).
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
    /// Where F12 screenshots go (default: `screenshots` in the data folder).
    #[arg(long, value_name = "DIR")]
    pub screenshot_dir: Option<PathBuf>,
    /// Debug: show the whole map, ignoring the fog of war.
    #[arg(long)]
    pub reveal: bool,
    /// Debug: log the frame time every second (to measure smoothness).
    #[arg(long)]
    pub frame_times: bool,
    /// Delve for the Gold Key (the default), or hunt in a 600x600 Warrens
    /// world. With --seed or --mode the game skips the title screen.
    #[arg(long, value_enum)]
    pub mode: Option<crate::vocab::game::Mode>,
    /// Write the seed and every action of the games played to FILE.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Watch the recording in FILE played back (its seed and mode win);
    /// nothing is saved. Then the keys are yours. Not with --reveal, which
    /// lets every creature see the hero and so changes the game.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "seed", "mode", "reveal"])]
    pub replay: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Print a generated map as text: `#` wall, `.` floor, `<` `>` stairs,
    /// `~` water, `T` tree, `"` grass, `=` small tunnel, `+` closed door,
    /// `'` open door, space deep rock.
    Mapgen {
        #[arg(long, value_enum, default_value = "caves")]
        kind: MapKind,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, default_value_t = gloomdelve_core::mapgen::caves::DEFAULT_WIDTH)]
        width: i32,
        #[arg(long, default_value_t = gloomdelve_core::mapgen::caves::DEFAULT_HEIGHT)]
        height: i32,
        /// Also print counts such as rooms and tunnels.
        #[arg(long)]
        stats: bool,
    },
    /// Plays headless with the built-in bot and prints a JSON summary.
    Sim(SimOptions),
    /// Test aid: plays headless, saving after every turn (the crash tests
    /// kill it mid-save).
    #[command(hide = true)]
    SaveLoop(SaveLoop),
}

/// `sim`: which games to play, and how long.
#[derive(clap::Args, Debug, Clone)]
pub struct SimOptions {
    /// The game seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Many games, seeds A to B inclusive, as `A..B`: prints every game and the totals.
    #[arg(long, value_parser = parse_seed_range)]
    pub seeds: Option<(u64, u64)>,
    /// How many turns each game may last.
    #[arg(long, default_value_t = 2000)]
    pub turns: u64,
    #[arg(long, value_enum, default_value = "delve")]
    pub mode: crate::vocab::game::Mode,
    /// Who plays: the bot, a newcomer who explores with `x` and `>`,
    /// whose reports count the walks that stop for a creature, per level,
    /// or a hero that waits on level 2 (`--bot wait` says the same).
    #[arg(long, alias = "bot", value_enum, default_value = "bot", conflicts_with_all = ["record", "replay", "save", "load"])]
    pub player: Player,
    /// Write the game's seed and every action to FILE.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play the recording in FILE instead of the bot (its seed and mode win).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "seeds"])]
    pub replay: Option<PathBuf>,
    /// Write the game as it stands after its last turn to FILE, in the
    /// format of the window's save.ron (put it there to Continue it). One
    /// game only: not with --seeds, nor --replay (a replay saves nothing).
    /// A game that ended, the hero dead or the Gold Key won, leaves no save,
    /// as in the window: then nothing is written and sim exits with status
    /// 2 after its report. A FILE that cannot be written is refused before
    /// the game is played.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seeds", "replay"])]
    pub save: Option<PathBuf>,
    /// Continue the saved game in FILE (a save.ron) with the bot, until
    /// turn --turns, with the checks Continue makes in the window: a file
    /// that cannot be loaded is set aside (never lost) or left in place,
    /// named in the message, and sim exits with status 2. Its seed and
    /// mode win.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seeds", "replay", "record", "save", "seed", "mode"])]
    pub load: Option<PathBuf>,
}

/// Parses `A..B` with A <= B.
pub(crate) fn parse_seed_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("expected A..B such as 1..200, found {text:?}"))?;
    let seed = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("{s:?} is not a seed"))
    };
    let (a, b) = (seed(a)?, seed(b)?);
    if a > b {
        return Err(format!("the range {a}..{b} is empty"));
    }
    Ok((a, b))
}

/// The hidden test aid behind `save-loop`.
#[derive(clap::Args, Debug, Clone)]
pub struct SaveLoop {
    /// The data folder to save into.
    #[arg(long)]
    pub dir: PathBuf,
    /// How many turns to play, saving after each.
    #[arg(long, default_value_t = 1000)]
    pub saves: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Who plays a `sim` game.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The bot: it fights, fetches and explores on its own.
    Bot,
    /// A newcomer on the keys: `x` and `>` walks, a bump, food, a potion.
    Newcomer,
    /// Goes down as the bot does to level 2, then only waits there, kept
    /// fed and whole by the sim: to watch a level live on (fungi, bats,
    /// corpses) for as many turns as asked.
    Wait,
}

/// The map generators `mapgen` can run.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapKind {
    Caves,
    Rooms,
    Surface,
    /// Hunt mode's world; always 600x600.
    Warrens,
}

/// Parses `WIDTHxHEIGHT`, each side 320 to 7680 pixels.
pub fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WIDTHxHEIGHT such as 1280x800, found {text:?}"))?;
    let side = |s: &str| -> Result<u32, String> {
        let v: u32 = s
            .trim()
            .parse()
            .map_err(|_| format!("{s:?} is not a whole number of pixels"))?;
        let sides = crate::config::WINDOW_SIDES;
        if sides.contains(&v) {
            Ok(v)
        } else {
            Err(format!(
                "{v} is out of range: use {} to {} pixels",
                sides.start(),
                sides.end()
            ))
        }
    };
    Ok((side(w)?, side(h)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_sizes_parse_and_bad_ones_explain() {
        assert_eq!(parse_window("1280x800"), Ok((1280, 800)));
        assert!(parse_window("1280").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(
            parse_window("axb")
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(parse_window("10x800").unwrap_err().contains("out of range"));
    }
}
