//! `Sleeps(percent)`: that share of a kind begins asleep on a new level.
//! A sleeper does nothing (`Actors::ready_at` leaves it out) until the
//! hero's noise wakes it: each turn, after the creatures act, a sleeper
//! within hearing wakes with a chance that grows with the turn's noise and
//! shrinks with distance (`noise` in rules.ron, an armour's `noise` in
//! items.ron). A blow wakes it at once, after it has struck double
//! (`Actors::strike`). Waking is its turn; the hero reads "The goblin
//! wakes up!" when it sees it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::rules::creatures::behaviours::memory::{self, Against, Memory, Remembered, Saved};
use crate::vocab::components::{Gear, GridPos, Hero, Slumber};
use crate::vocab::data::{Behaviour, CreatureKind, NoiseRules};
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::messages::{Disturbed, HeroDug, Moved, Struck};
use crate::vocab::resources::{RulesRng, Seen, Sight, TurnCount};
use crate::vocab::text::{capitalised, the};
use gloomdelve_core::{GameRng, Pos};

impl Remembered for Slumber {
    fn worth_keeping(&self) -> bool {
        self.asleep
    }
}

/// A sleeper is kept in saves as `sleeps`.
pub(crate) const MEMORY: Memory = Memory::of::<Slumber>("sleeps", "Sleeps", check);

fn check(value: &Saved, _: &Against) -> Result<(), String> {
    memory::read::<Slumber>(value).map(|_| ())
}

/// The share of `kind` that begins asleep, in percent: 0 for a kind that
/// does not sleep.
fn sleepy_share(kind: &CreatureKind) -> i32 {
    kind.behaviours
        .iter()
        .find_map(|b| match b {
            Behaviour::Sleeps(percent) => Some(*percent),
            _ => None,
        })
        .unwrap_or(0)
}

/// Whether a new creature of `kind` begins asleep: a die for a kind that
/// sleeps, none for one that never does.
pub(crate) fn falls_asleep(kind: &CreatureKind, rng: &mut GameRng) -> bool {
    let share = sleepy_share(kind);
    share > 0 && rng.range(0, 100) < share
}

/// What the hero did this turn that the sleepers may hear.
#[derive(SystemParam)]
pub(crate) struct HeroSounds<'w, 's> {
    dug: MessageReader<'w, 's, HeroDug>,
    struck: MessageReader<'w, 's, Struck>,
    moved: MessageReader<'w, 's, Moved>,
}

impl HeroSounds<'_, '_> {
    /// The turn's noise: the loudest thing the hero did or suffered.
    fn noise(&mut self, hero: Entity, rules: &NoiseRules) -> i32 {
        let dug = self.dug.read().count() > 0;
        let fought = self
            .struck
            .read()
            .any(|s| s.attacker == hero || s.target == hero);
        let stepped = self.moved.read().any(|m| m.who == hero);
        match (dug, fought, stepped) {
            (true, ..) => rules.dig,
            (_, true, _) => rules.fight,
            (.., true) => rules.step,
            _ => rules.rest,
        }
    }
}

/// The sleepers as the waking reads them.
type Sleepers<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static mut Slumber,
        &'static GridPos,
        &'static Name,
    ),
>;

/// After the creatures act: each sleeper that was hurt wakes, and each
/// within hearing may wake at the turn's noise.
#[allow(clippy::too_many_arguments)]
pub(crate) fn wake_at_noise(
    mut sleepers: Sleepers,
    hero: Single<(Entity, &GridPos, Option<&Gear>), With<Hero>>,
    mut sounds: HeroSounds,
    mut disturbed: MessageReader<Disturbed>,
    new_game: Res<NewGame>,
    mut rng: ResMut<RulesRng>,
    (sight, turn, mut log): (Option<Res<Sight>>, Res<TurnCount>, ResMut<GameLog>),
) {
    let (hero, hero_at, gear) = *hero;
    let rules = &new_game.rules.noise;
    let noise = sounds.noise(hero, rules) + gear.map_or(0, |g| g.noise);
    let hurt: Vec<Entity> = disturbed.read().map(|d| d.0).collect();
    // The dice are thrown in the order of the sleepers' tiles, never in
    // the query's: that order is the entities', which a loaded game does
    // not keep, and the loaded game must wake the same sleepers.
    let mut asleep: Vec<(Pos, Entity)> = sleepers
        .iter()
        .filter(|(_, slumber, ..)| slumber.asleep)
        .map(|(entity, _, at, _)| (at.0, entity))
        .collect();
    asleep.sort_unstable();
    for (_, entity) in asleep {
        let Ok((entity, mut slumber, at, name)) = sleepers.get_mut(entity) else {
            continue;
        };
        let chance = rules.wake_chance(noise, at.0.chebyshev(hero_at.0));
        let wakes = hurt.contains(&entity) || (chance > 0 && rng.0.range(0, 100) < chance);
        if !wakes {
            continue;
        }
        slumber.asleep = false;
        if sight
            .as_ref()
            .is_some_and(|s| s.seen(at.0) == Seen::Visible)
        {
            let line = format!("{} wakes up!", the(name.as_str()));
            log.say(turn.0, capitalised(&line));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::creatures::behaviours::sleeps::falls_asleep;
    use crate::vocab::data::{Behaviour, CreatureKind, NoiseRules};
    use gloomdelve_core::GameRng;

    fn kind(behaviours: Vec<Behaviour>) -> CreatureKind {
        let text = "(name: \"newt\", sprite: \"rat\", hp: 1, attack: 0, defense: 0, \
                    vision: 1, speed: 1, behaviours: [], per_cave: 0)";
        let mut kind: CreatureKind = ron::from_str(text).unwrap();
        kind.behaviours = behaviours;
        kind
    }

    #[test]
    fn the_share_that_sleeps_follows_the_data_and_a_kind_that_never_sleeps_draws_no_die() {
        let mut rng = GameRng::new(9);
        let untouched = rng.clone();
        assert!(!falls_asleep(&kind(vec![Behaviour::Wanders]), &mut rng));
        assert_eq!(rng, untouched, "no die for a kind that never sleeps");
        let always = kind(vec![Behaviour::Sleeps(100), Behaviour::Wanders]);
        assert!((0..100).all(|_| falls_asleep(&always, &mut rng)));
        let half = kind(vec![Behaviour::Sleeps(50)]);
        let sleepers = (0..2000).filter(|_| falls_asleep(&half, &mut rng)).count();
        assert!((900..1100).contains(&sleepers), "{sleepers} of 2000");
    }

    #[test]
    fn a_noise_is_heard_whole_next_to_the_hero_and_fainter_farther_off() {
        let rules = NoiseRules::default();
        assert_eq!(rules.wake_chance(40, 1), 40);
        assert_eq!(
            rules.wake_chance(40, 0),
            40,
            "on the hero's tile counts as next to it"
        );
        assert!(rules.wake_chance(40, 4) < 40 && rules.wake_chance(40, 4) > 0);
        assert_eq!(
            rules.wake_chance(40, rules.hearing + 1),
            0,
            "out of hearing"
        );
        assert_eq!(
            rules.wake_chance(400, 1),
            100,
            "a chance is at most certain"
        );
    }
}
