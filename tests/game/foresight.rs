//! The intent overlay never lies: over bot games, on every other turn the
//! hero waits, and each creature then does what the foresight said it
//! would: the same step, strike, shot, dig or theft, a roam or spread
//! inside its tiles, one of a set's outcomes.

use bevy::prelude::*;
use gloomdelve::Mode;
use gloomdelve::vocab::components::Health;
use gloomdelve::vocab::foresight::{Deed, Deeds, Foreseen, Foresight, Intent, ShowIntents};
use gloomdelve::vocab::intents::Action;
use gloomdelve::vocab::resources::{Dungeon, TurnCount};
use gloomdelve::vocab::states::Screen;

use gloomdelve::RulesData;
use gloomdelve_core::Pos;

use crate::support::{act, app_on, hero_entity, set_hp, shipped_game, spawn};

/// How many foretold turns of each sort the checked turns held.
#[derive(Debug, Default)]
struct Tally {
    steps: usize,
    strikes: usize,
    roams: usize,
    spreads: usize,
    sets: usize,
    waits: usize,
    others: usize,
    unsure: usize,
    /// Foreseen creatures killed in the turn (a bat's bite), left out.
    killed: usize,
}

impl Tally {
    fn count(&mut self, intent: &Intent) {
        let sort = match intent {
            Intent::Step(_) => &mut self.steps,
            Intent::Strike(..) => &mut self.strikes,
            Intent::Roam(_) => &mut self.roams,
            Intent::Spread(_) => &mut self.spreads,
            Intent::OneOf(_) => &mut self.sets,
            Intent::Wait | Intent::Paralysed | Intent::Asleep => &mut self.waits,
            Intent::Unsure => &mut self.unsure,
            Intent::Shoot(_)
            | Intent::Dig(_)
            | Intent::Open(_)
            | Intent::Steal(_)
            | Intent::Graze(_) => &mut self.others,
        };
        *sort += 1;
    }

    fn total(&self) -> usize {
        let Tally {
            steps,
            strikes,
            roams,
            spreads,
            sets,
            waits,
            others,
            unsure,
            ..
        } = self;
        steps + strikes + roams + spreads + sets + waits + others + unsure
    }
}

fn hero_alive(app: &mut App) -> bool {
    let hero = crate::support::hero_entity(app);
    alive(app, hero)
}

fn alive(app: &App, entity: Entity) -> bool {
    app.world().get::<Health>(entity).is_some_and(|h| h.hp > 0)
}

/// Lets a change of level finish, until the foresight is made for the
/// turn and level the game is on; `false` once the game is over.
fn until_foreseen(app: &mut App) -> bool {
    for _ in 0..10 {
        let screen = *app.world().resource::<State<Screen>>().get();
        let going_on = matches!(screen, Screen::Playing | Screen::Travelling);
        if !going_on || !hero_alive(app) {
            return false;
        }
        let world = app.world();
        let (turn, dungeon) = (
            world.resource::<TurnCount>(),
            world.get_resource::<Dungeon>(),
        );
        if screen == Screen::Playing && world.resource::<Foresight>().is_fresh(turn, dungeon) {
            return true;
        }
        app.update();
    }
    false
}

/// Whether a creature that does nothing was foretold: a wait, a rest, a
/// paralysis, or a set or unsure turn that may come to nothing.
fn foretells_nothing(intent: &Intent) -> bool {
    match intent {
        Intent::Wait | Intent::Paralysed | Intent::Asleep | Intent::Unsure => true,
        Intent::OneOf(outcomes) => outcomes.iter().any(foretells_nothing),
        _ => false,
    }
}

/// Checks one creature's deeds against its foreseen turns.
fn check_one(foreseen: &Foreseen, deeds: &[&Deed], context: &str) {
    for (i, intent) in foreseen.turns.iter().enumerate() {
        let told = match deeds.get(i) {
            Some(deed) => intent.foretold(deed),
            None => foretells_nothing(intent),
        };
        assert!(
            told,
            "{context}: creature {:?} at {:?} was foreseen to do {intent:?} in its turn {i}, \
             and did {:?}",
            foreseen.entity,
            foreseen.at,
            deeds.get(i)
        );
    }
    assert!(
        deeds.len() <= foreseen.turns.len(),
        "{context}: {:?} did {deeds:?}, more than its foreseen {:?}",
        foreseen.entity,
        foreseen.turns
    );
}

/// The hero waits one turn, and every creature's deeds are held against
/// the foresight made before it.
fn wait_and_check(app: &mut App, tally: &mut Tally, context: &str) {
    let foresight = app.world().resource::<Foresight>().clone();
    act(app, Action::Wait);
    if !hero_alive(app) {
        return;
    }
    let deeds = app.world().resource::<Deeds>().0.clone();
    for (entity, _) in &deeds {
        assert!(
            foresight.of(*entity).is_some(),
            "{context}: {entity:?} acted unforeseen: {deeds:?}"
        );
    }
    for foreseen in &foresight.creatures {
        if !alive(app, foreseen.entity) {
            tally.killed += 1;
            continue;
        }
        let own: Vec<&Deed> = (deeds.iter())
            .filter(|(e, _)| *e == foreseen.entity)
            .map(|(_, d)| d)
            .collect();
        check_one(foreseen, &own, context);
        foreseen.turns.iter().for_each(|intent| tally.count(intent));
    }
}

/// Plays `turns` turns of seed `seed`: the bot's move, then a wait that
/// is checked, and so on.
fn play_and_check((seed, mode): (u64, Mode), turns: u64, tally: &mut Tally) {
    let mut app = gloomdelve::sim::headless_app(shipped_game(seed, mode));
    app.insert_resource(ShowIntents(true));
    for turn in 0..turns {
        if !until_foreseen(&mut app) {
            break;
        }
        if turn % 2 == 1 {
            wait_and_check(
                &mut app,
                tally,
                &format!("{mode:?} seed {seed}, turn {turn}"),
            );
        } else {
            let action = gloomdelve::sim::bot::choose(app.world_mut());
            act(&mut app, action);
        }
    }
}

#[test]
fn every_creature_does_what_the_foresight_showed_when_the_hero_waits() {
    let mut tally = Tally::default();
    for seed in 1..=7 {
        play_and_check((seed, Mode::Delve), 2000, &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.steps >= 20, "too few steps foretold: {tally:?}");
    assert!(tally.strikes >= 40, "too few strikes foretold: {tally:?}");
    assert!(tally.roams >= 1000, "too few roams foretold: {tally:?}");
    assert!(tally.spreads >= 1000, "too few spreads foretold: {tally:?}");
    assert!(
        tally.unsure * 100 <= tally.total(),
        "more than 1% unsure: {tally:?}"
    );
}

/// A crowded room: every kind at once around a hero who only waits, so
/// that creatures block, surround and flee one another turn after turn.
const ARENA: &str = "\
########################
#......................#
#..#...........#.......#
#..#....###....#...##..#
#.......###............#
#......................#
#...........@..........#
#..........#...........#
#..##..................#
#......#####.......#...#
#......................#
#...#..........###.....#
#......................#
########################";

#[test]
fn in_a_crowded_room_every_creature_does_what_the_foresight_showed() {
    let hero_at = Pos::new(12, 6);
    let mut app = app_on(&ARENA.replace('@', "."), hero_at, RulesData::default());
    let hero = hero_entity(&mut app);
    set_hp(&mut app, hero, 100_000);
    let crowd = [
        ("goblin", (3, 1)),
        ("goblin", (20, 12)),
        ("goblin", (8, 5)),
        ("goblin", (16, 8)),
        ("wolf", (1, 10)),
        ("wolf", (22, 1)),
        ("wolf", (5, 12)),
        ("goblin archer", (20, 5)),
        ("thief", (6, 2)),
        ("ogre", (18, 10)),
        ("rat", (13, 3)),
        ("bat", (10, 10)),
        ("bat", (14, 5)),
        ("fungus", (1, 1)),
        ("fungus", (22, 12)),
        ("mole", (9, 3)),
    ];
    for (kind, (x, y)) in crowd {
        spawn(&mut app, kind, Pos::new(x, y));
    }
    app.insert_resource(ShowIntents(true));
    let mut tally = Tally::default();
    for turn in 0..150 {
        assert!(until_foreseen(&mut app), "turn {turn}: no foresight");
        wait_and_check(&mut app, &mut tally, &format!("arena turn {turn}"));
    }
    println!("{tally:?}");
    assert!(tally.steps >= 50, "too few steps foretold: {tally:?}");
    assert!(tally.strikes >= 100, "too few strikes foretold: {tally:?}");
    assert!(
        tally.others >= 5,
        "too few shots, digs or thefts: {tally:?}"
    );
    assert!(
        tally.unsure * 100 <= tally.total(),
        "more than 1% unsure: {tally:?}"
    );
}

#[test]
fn foreseeing_every_turn_never_changes_the_game() {
    for seed in 1..=3 {
        let game = || shipped_game(seed, Mode::Delve);
        let (_, plain) = gloomdelve::sim::run_beside(game(), 1500, |_| {})
            .expect("the plain game keeps every invariant");
        let (app, foreseen) = gloomdelve::sim::run_beside(game(), 1500, |app| {
            app.insert_resource(ShowIntents(true));
        })
        .expect("the foreseen game keeps every invariant");
        assert!(
            !app.world().resource::<Foresight>().creatures.is_empty(),
            "seed {seed}: nothing was foreseen"
        );
        assert_eq!(
            (plain.turns, plain.state_hash),
            (foreseen.turns, foreseen.state_hash),
            "seed {seed}: foreseeing changed the game"
        );
    }
}

#[test]
fn a_tunnel_dug_earlier_in_the_round_is_foreseen_open_to_those_after() {
    use gloomdelve::rules::creatures::behaviours::chases::Trail;
    use gloomdelve::vocab::resources::Level;
    use gloomdelve_core::Tile;
    // A mole (acting first) will dig the rock at (2,1) toward the hero; a
    // goblin sealed in the pocket below it can then step out, past the
    // corner the tunnel opens, toward the hero.
    let map = "######\n#.#..#\n##.###\n######";
    let (hero_at, rock, out) = (Pos::new(4, 1), Pos::new(2, 1), Pos::new(3, 1));
    let mut app = app_on(map, hero_at, RulesData::default());
    let mole = spawn(&mut app, "mole", Pos::new(1, 1));
    let goblin = spawn(&mut app, "goblin", Pos::new(2, 2));
    app.world_mut().get_mut::<Trail>(goblin).unwrap().last_seen = Some(hero_at);
    app.insert_resource(ShowIntents(true));
    assert!(until_foreseen(&mut app));
    let foresight = app.world().resource::<Foresight>().clone();
    assert_eq!(foresight.of(mole).unwrap().turns, [Intent::Dig(rock)]);
    assert_eq!(foresight.of(goblin).unwrap().turns, [Intent::Step(out)]);
    let tile = app.world().resource::<Level>().terrain.tile(rock);
    assert_ne!(tile, Tile::DugFloor, "the rehearsal's dig is put back");
    act(&mut app, Action::Wait);
    let deeds = app.world().resource::<Deeds>().0.clone();
    assert_eq!(deeds, [(mole, Deed::Dug(rock)), (goblin, Deed::Moved(out))]);
}
