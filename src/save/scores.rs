//! The high scores: a finished run is judged, ranked and saved in the data
//! folder's scores file.

use bevy::prelude::*;
use gloomdelve_core::scores::{Score, Table};

use crate::rules::game_over::Tally;
use crate::save::DataDir;
use crate::vocab::components::Hero;
use crate::vocab::components::{Pack, Purse};
use crate::vocab::game::NewGame;
use crate::vocab::resources::Dungeon;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{DeathCause, Kills};
use crate::vocab::states::{RecordScore, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::GameOver),
        record_the_score.in_set(RecordScore),
    );
    app.add_systems(
        OnEnter(Screen::Victory),
        record_the_score.in_set(RecordScore),
    );
}

/// The high scores, with this run's place in them.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranking {
    pub tally: Tally,
    pub table: Table,
    /// This run's 0-based rank, if it made the table.
    pub rank: Option<usize>,
    /// A problem with the scores file, naming it.
    pub note: Option<String>,
}

/// The scores file's name in the data folder.
pub const SCORES_FILE: &str = "scores.ron";

/// Records a finished run in the high-score table (saved atomically).
pub(crate) fn record_the_score(world: &mut World) {
    let won = world.contains_resource::<crate::vocab::resources::Won>();
    let tally = world_tally(world, won);
    let cause = if won {
        "won".to_string()
    } else {
        world
            .resource::<DeathCause>()
            .0
            .clone()
            .unwrap_or_else(|| "killed".to_string())
    };
    let score = Score {
        score: tally.score,
        turns: tally.turns,
        deepest: tally.deepest,
        kills: tally.kills as u32,
        cause,
        seed: world.resource::<NewGame>().seed,
        won,
    };
    let mut ranking = match world
        .get_resource::<DataDir>()
        .map(|d| d.0.join(SCORES_FILE))
    {
        Some(path) => rank_and_save(&path, score),
        None => {
            let mut table = Table::default();
            let rank = table.insert(score);
            Ranking {
                table,
                rank,
                ..default()
            }
        }
    };
    ranking.tally = tally;
    world.insert_resource(ranking);
}

fn rank_and_save(path: &std::path::Path, score: Score) -> Ranking {
    let (mut table, mut note) = Table::load(path);
    let rank = table.insert(score);
    if let Err(e) = table.save(path) {
        note = Some(format!(
            "cannot save the high scores to {}: {e}",
            path.display()
        ));
    }
    Ranking {
        table,
        rank,
        note,
        ..default()
    }
}

/// The numbers of the game in the world.
fn world_tally(world: &mut World, won: bool) -> Tally {
    let (copper, carried) = world
        .query_filtered::<(&Purse, &Pack), With<Hero>>()
        .iter(world)
        .next()
        .map_or((0, 0), |(purse, pack)| (purse.copper, pack.0.len()));
    let deepest = world.get_resource::<Dungeon>().map_or(0, |d| d.deepest);
    let turns = world.resource::<TurnCount>().0;
    let weights = &world.resource::<NewGame>().rules.score;
    let mut tally = Tally::of(
        (turns, deepest),
        world.resource::<Kills>(),
        copper,
        won,
        weights,
    );
    tally.carried = carried;
    tally
}
