//! The simulator: a short soak with every invariant checked each turn, and
//! the same seed giving the same result twice.

use gloomdelve::Mode;
use gloomdelve::sim::run;

use crate::support::{scratch, shipped_game};

/// Plays `seeds` games of `turns` turns in `mode`, each checked every turn.
fn soak(
    mode: Mode,
    seeds: std::ops::RangeInclusive<u64>,
    turns: u64,
) -> Vec<gloomdelve::sim::Report> {
    seeds
        .map(|seed| {
            let report = run(shipped_game(seed, mode), turns)
                .unwrap_or_else(|v| panic!("{mode:?} seed {seed}: {v}"));
            let ended = report.outcome != "alive";
            assert!(
                report.turns == turns || ended,
                "seed {seed} stopped early: {report:?}"
            );
            assert!(
                report.invariant_checks
                    >= report.turns * gloomdelve::sim::INVARIANTS_PER_TURN as u64
            );
            report
        })
        .collect()
}

/// A number from the environment variable `name`, or `default` when it is
/// unset; a value that is no number fails the test rather than shrink it.
fn soak_size(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

/// Fifty delves of 2,000 turns; `GLOOM_SOAK_SEEDS=500 GLOOM_SOAK_TURNS=3000`
/// runs a longer soak with the same checks.
#[test]
fn a_soak_of_fifty_delves_keeps_every_invariant() {
    let seeds = soak_size("GLOOM_SOAK_SEEDS", 50);
    let turns = soak_size("GLOOM_SOAK_TURNS", 2000);
    let reports = soak(Mode::Delve, 1..=seeds, turns);
    let below_the_surface = reports.iter().filter(|r| r.deepest >= 2).count() as u64;
    let deaths: u64 = reports.iter().filter(|r| r.outcome != "alive").count() as u64;
    let played: u64 = reports.iter().map(|r| r.turns).sum();
    eprintln!("soak: {seeds} delves, {played} turns, {deaths} deaths, every invariant kept");
    assert!(
        below_the_surface * 5 >= seeds * 4,
        "the bot plays the game, not the surface: {below_the_surface} of {seeds} reached depth 2"
    );
    for kind in ["mole", "thief", "goblin archer", "wolf"] {
        let killed: u64 = reports
            .iter()
            .map(|r| r.kills.get(kind).copied().unwrap_or(0) as u64)
            .sum();
        assert!(killed > 0, "the soak meets and kills the {kind}s");
    }
}

#[test]
fn a_soak_of_ten_hunts_keeps_every_invariant() {
    for report in soak(Mode::Hunt, 1..=10, 2000) {
        assert_eq!(report.turns, 2000, "no death ends a hunt: {report:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_game_twice() {
    let first = run(shipped_game(12, Mode::Delve), 400).unwrap();
    let second = run(shipped_game(12, Mode::Delve), 400).unwrap();
    assert_eq!(first, second);
    let other = run(shipped_game(13, Mode::Delve), 400).unwrap();
    assert_ne!(first.state_hash, other.state_hash);
}

#[test]
fn a_game_saved_and_continued_midway_ends_in_the_same_state() {
    // Seed 1 once ate another of two equal rations after the load: the bot
    // broke the tie by entity number, which a save does not keep.
    for seed in [1, 12, 21] {
        let straight = run(shipped_game(seed, Mode::Delve), 1500).unwrap();
        assert!(straight.deepest >= 1, "the load happens below the surface");
        let loaded =
            gloomdelve::sim::run_with_a_load(shipped_game(seed, Mode::Delve), 1500, 1100).unwrap();
        assert_eq!(straight.turns, loaded.turns, "seed {seed}");
        assert_eq!(straight.state_hash, loaded.state_hash, "seed {seed}");
    }
}

#[test]
fn a_recorded_game_replays_to_the_same_state_hash() {
    let dir = scratch("replay");
    let path = dir.path().join("game.replay");
    let (report, recording) =
        gloomdelve::sim::run_recorded(shipped_game(17, Mode::Delve), 400).unwrap();
    assert!(recording.actions.len() as u64 >= report.turns);
    recording.save(&path).unwrap();
    let loaded = gloomdelve::sim::Recording::load(&path).unwrap();
    assert_eq!(loaded, recording);
    let replayed = gloomdelve::sim::replay(shipped_game(0, Mode::Delve), &loaded).unwrap();
    assert_eq!(replayed.turns, report.turns);
    assert_eq!(replayed.state_hash, report.state_hash);
}

/// A game on the shipped data but for one change to its rules.
fn game_with(seed: u64, change: fn(&mut gloomdelve::RulesData)) -> gloomdelve::NewGame {
    let mut game = shipped_game(seed, Mode::Delve);
    change(&mut game.rules);
    game
}

#[test]
fn a_replay_reports_what_the_recorded_game_reported() {
    let games = [
        ("killed by a goblin", shipped_game(39, Mode::Delve)),
        ("killed by a goblin archer", shipped_game(57, Mode::Delve)),
        ("starved", game_with(1, |r| r.hunger.food_per_turn = 40)),
        ("won", game_with(3, |r| r.depths = 1)),
        ("alive", shipped_game(1, Mode::Hunt)),
    ];
    for (outcome, game) in games {
        let (recorded, recording) = gloomdelve::sim::run_recorded(game.clone(), 1500).unwrap();
        assert_eq!(recorded.outcome, outcome, "{recorded:?}");
        let replayed = gloomdelve::sim::replay(game, &recording).unwrap();
        assert_eq!(replayed, recorded, "seed {}", recorded.seed);
    }
}

#[test]
fn the_totals_count_wins_deaths_by_depth_and_starvation() {
    let game = |outcome: &str, depth: u32| gloomdelve::sim::Report {
        seed: 1,
        mode: Mode::Delve,
        turns: 100,
        depth,
        deepest: depth.max(3),
        outcome: outcome.to_string(),
        kills: Default::default(),
        food_eaten: 0,
        digs: 0,
        first_descent_turn: (depth > 0).then_some(u64::from(depth) * 40),
        // Foes first met on turns 10, 40, 40, 20 and 30.
        first_foe_turn: Some(u64::from(depth.max(1)) * 10),
        invariant_checks: 500,
        state_hash: String::new(),
        explore_stops: None,
        fungi: 0,
        turns_at_fungus_bound: 0,
    };
    let reports = [
        game("won", 0),
        game("starved", 4),
        game("killed by a goblin", 4),
        game("killed by a rat", 2),
        game("alive", 3),
    ];
    let totals = gloomdelve::sim::Totals::of(&reports);
    assert_eq!(totals.games, 5);
    assert_eq!(totals.won, 1);
    assert_eq!(totals.starved, 1);
    assert_eq!(
        totals.deaths_by_depth.into_iter().collect::<Vec<_>>(),
        vec![(2, 1), (4, 2)],
        "the living and the winners are not deaths"
    );
    assert_eq!(
        totals.deepest.get(&3),
        Some(&3),
        "the won, the rat and the living"
    );
    // First descents at 160, 160, 80 and 120; the winner never left.
    assert_eq!(totals.never_descended, 1);
    assert_eq!(totals.median_first_descent, Some(120));
    assert_eq!(totals.latest_first_descent, Some(160));
    assert_eq!(totals.median_first_foe, Some(30));
}

#[test]
fn the_bot_throws_and_shoots_and_its_games_replay() {
    use gloomdelve::sim::replay::Recorded;
    let (mut throws, mut shots) = (0, 0);
    for seed in 1..=6 {
        let game = shipped_game(seed, Mode::Delve);
        let (report, recording) = gloomdelve::sim::run_recorded(game.clone(), 2500).unwrap();
        for action in &recording.actions {
            match action {
                Recorded::Throw { .. } => throws += 1,
                Recorded::Fire { .. } => shots += 1,
                _ => {}
            }
        }
        let replayed = gloomdelve::sim::replay(game, &recording).unwrap();
        assert_eq!(replayed, report, "seed {seed}");
    }
    assert!(throws > 0, "the bot threw nothing");
    assert!(shots > 0, "the bot shot nothing");
}

#[test]
fn the_newcomer_counts_its_walks_stopped_by_creatures_on_each_level() {
    let no_pests = game_with(3, |r| r.pest_share = 0.0);
    let report = gloomdelve::sim::run_newcomer(no_pests, 1500).unwrap();
    let stops = report.explore_stops.clone().expect("the newcomer counts");
    assert!(report.deepest >= 1, "{report:?}");
    assert_eq!(
        stops.keys().copied().collect::<Vec<_>>(),
        (0..=report.deepest).collect::<Vec<_>>(),
        "every level visited, stops or none"
    );
    assert!(
        stops.values().sum::<u32>() > 0,
        "with every creature a threat, some walk stops: {stops:?}"
    );
    let totals = gloomdelve::sim::Totals::of(std::slice::from_ref(&report));
    assert_eq!(
        totals.median_explore_stops, stops,
        "one game is its own median"
    );
    let bot = run(shipped_game(3, Mode::Delve), 200).unwrap();
    assert_eq!(bot.explore_stops, None, "the bot never walks");
}

#[test]
fn the_waiting_hero_goes_down_to_level_two_and_waits_there_unharmed() {
    let report = gloomdelve::sim::run_waiter(shipped_game(1, Mode::Delve), 800).unwrap();
    assert_eq!(report.outcome, "alive", "{report:?}");
    assert_eq!(report.turns, 800);
    assert_eq!(report.depth, gloomdelve::sim::waiter::WAIT_ON_DEPTH);
    assert_eq!(report.deepest, report.depth, "it never goes deeper");
}

#[test]
fn the_sim_counts_a_levels_fungi_and_the_turns_it_spends_at_their_bound() {
    let crowded = game_with(4, |r| {
        r.fungus_spread_chance = 1.0;
        r.fungus_max_spreads = 100;
        r.fungi_per_level = 6;
    });
    let report = gloomdelve::sim::run_waiter(crowded, 600).unwrap();
    assert!(
        report.fungi >= 6,
        "spreading at every chance fills the bound: {report:?}"
    );
    assert!(report.turns_at_fungus_bound > 0, "{report:?}");
    let still = game_with(4, |r| r.fungus_spread_chance = 0.0);
    let report = gloomdelve::sim::run_waiter(still, 600).unwrap();
    assert_eq!(report.turns_at_fungus_bound, 0, "{report:?}");
    assert!(report.fungi < 6, "no fungus spreads: {report:?}");
}

#[test]
fn a_game_loaded_on_its_way_back_up_finds_the_levels_it_left_lived_on_alike() {
    // Seed 1 wins: down to depth 10, then back up through every level,
    // each caught up by the turns it was left. A save and load on the way
    // changes none of it: the levels' turns of leaving are kept.
    let seed = 1;
    let straight = run(shipped_game(seed, Mode::Delve), 6000).unwrap();
    assert_eq!(straight.outcome, "won", "{straight:?}");
    let load_at = straight.turns - 600;
    let loaded =
        gloomdelve::sim::run_with_a_load(shipped_game(seed, Mode::Delve), 6000, load_at).unwrap();
    assert_eq!(
        (straight.turns, &straight.state_hash),
        (loaded.turns, &loaded.state_hash)
    );
}
