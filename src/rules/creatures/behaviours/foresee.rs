//! The foresight: what every creature will do next turn if the hero
//! waits, for the intent overlay. After each turn, while it is wanted, the
//! creatures' next round is rehearsed with the world's own decisions
//! ([`decide`]), in the world's order, on the turn and sight they will act
//! in. Each plan moves the rehearsal's creatures, so one that acts earlier
//! blocks one after, and everything is put back at the end.
//!
//! The dice decide where a wanderer, flutterer or spreader lands, so such
//! a creature becomes a *mover*: the tiles it may fill or leave. A later
//! creature's decision is watched for the tiles it asks about
//! ([`Occupancy::watch`]); where it asked about a mover's tile, it is
//! decided again for each of the mover's outcomes, and the overlay shows
//! the set ([`Intent::OneOf`]).

use std::collections::HashMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos, Tile};

use crate::rules::creatures::behaviours::burrows;
use crate::rules::creatures::behaviours::chases::Trail;
use crate::rules::creatures::behaviours::context::{Me, Turn, open_step};
use crate::rules::creatures::behaviours::decide::{
    Creatures, Decision, Mind, Round, decide, me, me_at, noticed_trail, priorities,
};
use crate::rules::creatures::behaviours::grazes::Grazing;
use crate::rules::creatures::behaviours::order::{
    spreaders_living, surrounders_beside, turn_order,
};
use crate::rules::creatures::behaviours::plan::Plan;
use crate::rules::creatures::behaviours::spreads::{Spreading, spread_tiles};
use crate::rules::creatures::behaviours::steals::{Belongings, Loot};
use crate::rules::fov::sight_radius;
use crate::vocab::components::{GridPos, Hero, Vision};
use crate::vocab::data::Behaviour;
use crate::vocab::foresight::{Foreseen, Foresight, Intent, ShowIntents};
use crate::vocab::game::NewGame;
use crate::vocab::resources::{Dungeon, Level, Occupancy, Sight, TurnCount};
use crate::vocab::statuses::{Status, Statuses};

/// The most decisions one creature's turn is worth rehearsing, over
/// every outcome of the movers it looks at: past it, it is `Unsure`.
const MOST_WORLDS: usize = 64;

/// Whether a wanted foresight is not yet made for this turn and level.
pub(crate) fn foresight_stale(
    show: Res<ShowIntents>,
    foresight: Res<Foresight>,
    turn: Res<TurnCount>,
    dungeon: Option<Res<Dungeon>>,
) -> bool {
    show.0 && !foresight.is_fresh(&turn, dungeon.as_deref())
}

/// Foresees the next round: on the turn the creatures will act in, and
/// with the sight the hero will have when it waits (a tunnel dug or a far
/// sight run out changes it), then puts both back.
pub fn foresee(world: &mut World) {
    let key = Foresight::key(
        world.resource::<TurnCount>(),
        world.get_resource::<Dungeon>(),
    );
    let mut sight = next_sight(world);
    let mut turn = TurnCount(key.0 + 1);
    swap_in(world, &mut turn, sight.as_mut());
    let foreseen = world.run_system_cached(rehearse);
    swap_in(world, &mut turn, sight.as_mut());
    let mut foresight = world.resource_mut::<Foresight>();
    foresight.creatures = foreseen.unwrap_or_default();
    foresight.after = Some(key);
}

/// Swaps the world's turn count and sight (if given) with these, without
/// telling anyone they changed.
fn swap_in(world: &mut World, turn: &mut TurnCount, sight: Option<&mut Sight>) {
    std::mem::swap(
        world.resource_mut::<TurnCount>().bypass_change_detection(),
        turn,
    );
    if let Some(sight) = sight
        && let Some(mut now) = world.get_resource_mut::<Sight>()
    {
        std::mem::swap(now.bypass_change_detection(), sight);
    }
}

/// The sight the hero will have next turn if it waits: looked at afresh
/// from where it stands. `None` where the level is revealed.
fn next_sight(world: &mut World) -> Option<Sight> {
    if world.resource::<NewGame>().reveal {
        return None;
    }
    let mut hero = world.query_filtered::<(&GridPos, &Vision, Option<&Statuses>), With<Hero>>();
    let (at, vision, statuses) = hero.single(world).ok()?;
    let (at, radius) = (at.0, sight_radius(vision.0, statuses));
    let mut sight = world.get_resource::<Sight>()?.clone();
    sight.update(world.resource::<Level>(), at, radius);
    Some(sight)
}

/// The creatures as the foresight reads them: who they are, what they
/// remember, and the hero's belongings a thief eyes.
#[derive(SystemParam)]
struct Cast<'w, 's> {
    creatures: Creatures<'w, 's>,
    trails: Query<'w, 's, &'static Trail>,
    loot: Query<'w, 's, &'static Loot>,
    spreading: Query<'w, 's, &'static Spreading>,
    grazing: Query<'w, 's, &'static Grazing>,
    belongings: Belongings<'w, 's>,
}

/// Rehearses every creature's turns in the world's order, and returns
/// what each will do.
fn rehearse(mut turn: Turn, cast: Cast, hero: Single<Entity, With<Hero>>) -> Vec<Foreseen> {
    let hero = *hero;
    let cost = *turn.cost;
    turn.chase.forget();
    let plans = priorities(&turn.new_game.creatures);
    let creatures = &cast.creatures;
    let order = turn_order(creatures.iter().map(|(e, id, speed, ..)| (e, id, speed)));
    let kinds = creatures.iter().map(|c| (c.0, c.3.kind));
    let spreaders = creatures
        .iter()
        .map(|c| c.0)
        .filter(|&e| cast.spreading.contains(e));
    let round = Round {
        taken: surrounders_beside(&turn, kinds, hero),
        living: spreaders_living(&turn, spreaders),
        maybe_eaten: 0,
    };
    let mut stage = Stage::new(round);
    for entity in order {
        let Ok((.., creature, sees, statuses)) = creatures.get(entity) else {
            continue;
        };
        let who = (entity, creature.kind, sees.0);
        let behaviours = &plans[creature.kind];
        let intent = match stage.ready(&turn, who, hero) {
            Some(me) => stage.rehearse_turn(&mut turn, &me, (who, behaviours.as_slice()), &cast),
            None if statuses.is_some_and(|s| s.has(Status::Paralysed)) => Intent::Paralysed,
            None if turn.actors.is_asleep(entity) => Intent::Asleep,
            None => Intent::Wait,
        };
        stage.foretell(&turn, who, hero, intent);
    }
    stage.put_back(&mut turn);
    *turn.cost = cost;
    turn.chase.forget();
    stage.foreseen
}

/// A creature whose place the dice decide: the tiles its outcomes fill,
/// and whether they leave its own.
#[derive(Clone, Debug)]
struct Mover {
    who: Entity,
    home: Pos,
    leaves_home: bool,
    fills: Vec<Pos>,
}

impl Mover {
    /// Whether its outcomes touch any of `asked` (sorted).
    fn touches(&self, asked: &[Pos]) -> bool {
        let seen = |p: &Pos| asked.binary_search(p).is_ok();
        (self.leaves_home && seen(&self.home)) || self.fills.iter().any(seen)
    }
}

/// The rehearsal: who stands where so far, the movers, the trails as the
/// creatures will remember them, and what each will do.
struct Stage {
    round: Round,
    places: HashMap<Entity, Pos>,
    movers: Vec<Mover>,
    trails: HashMap<Entity, Option<Trail>>,
    /// Every change made to the occupancy, with what the cell held.
    journal: Vec<(Pos, Option<Entity>)>,
    /// The tiles each rehearsed dig changed, as they were, in dig order.
    dug: Vec<Vec<(Pos, Tile)>>,
    /// The grazers whose turn so far this round may have been a meal.
    may_have_eaten: Vec<Entity>,
    foreseen: Vec<Foreseen>,
}

impl Stage {
    fn new(round: Round) -> Self {
        Self {
            round,
            places: HashMap::new(),
            movers: Vec::new(),
            trails: HashMap::new(),
            journal: Vec::new(),
            dug: Vec::new(),
            may_have_eaten: Vec::new(),
            foreseen: Vec::new(),
        }
    }

    /// The creature whose turn it is, where the rehearsal has it, if it is
    /// ready to act.
    fn ready(&self, turn: &Turn, who: (Entity, usize, i32), hero: Entity) -> Option<Me> {
        let me = me(turn, who, hero)?;
        match self.places.get(&who.0) {
            Some(&at) => me_at(turn, who, hero, at),
            None => Some(me),
        }
    }

    /// What one creature's turn will be, over every outcome of the movers
    /// its decision looks at, and over every tile it may stand on where
    /// it is a mover itself; the rehearsal moves it if it is sure to go.
    fn rehearse_turn(
        &mut self,
        turn: &mut Turn,
        me: &Me,
        (who, behaviours): Who,
        cast: &Cast,
    ) -> Intent {
        let own = (self.movers.iter()).position(|m| m.who == me.entity && m.leaves_home);
        let starts = match own {
            Some(i) => std::iter::once(me.at)
                .chain(self.movers[i].fills.clone())
                .collect(),
            None => vec![me.at],
        };
        let mut worlds = Worlds::default();
        worlds.branched.extend(own);
        let mut outcomes: Vec<(Intent, Vec<Pos>)> = Vec::new();
        let mut ok = true;
        for start in starts {
            let occupancy = &mut turn.actors.occupancy;
            let undo = match own {
                Some(i) if start != me.at && occupancy.is_free(start) => {
                    land(occupancy, &self.movers[i], start)
                }
                // A tile another stands on in this world: one a mover
                // before it may leave. It decides from there all the same.
                _ => Vec::new(),
            };
            if let Some(here) = me_at(turn, who, me.hero, start) {
                ok &= self.rehearse_from(turn, (&here, behaviours), cast, &mut worlds);
                for (decision, _) in std::mem::take(&mut worlds.found) {
                    let intent = self.intent_of(turn, &here, decision.plan.as_ref());
                    let ends = ends_of(&intent, start);
                    match outcomes.iter_mut().find(|(known, _)| *known == intent) {
                        Some((_, known_ends)) => known_ends.extend(ends),
                        None => outcomes.push((intent, ends)),
                    }
                }
            }
            restore(&mut turn.actors.occupancy, undo);
        }
        if !ok {
            // Past knowing: it may end on any tile a step takes it to, so
            // those after it are branched on each.
            let anywhere = [(Intent::Unsure, roam_tiles(turn, me.at))];
            self.settle(turn, me, (true, &anywhere));
            return Intent::Unsure;
        }
        self.settle(turn, me, (own.is_some(), outcomes.as_slice()));
        let mut intents: Vec<Intent> = outcomes.into_iter().map(|(intent, _)| intent).collect();
        match intents.len() {
            0 => Intent::Unsure,
            1 => intents.remove(0),
            _ => merge_roams(intents),
        }
    }

    /// Rehearses the decision of a creature at `me.at` in every world its
    /// movers make, into `worlds`. The decision from its first start, in
    /// the world where no mover moved, sets the round and the trail that
    /// those after it see.
    fn rehearse_from(
        &mut self,
        turn: &mut Turn,
        (me, behaviours): (&Me, &[Behaviour]),
        cast: &Cast,
        worlds: &mut Worlds,
    ) -> bool {
        let entity = me.entity;
        let trail = match self.trails.get(&entity) {
            Some(&trail) => trail,
            None => cast.trails.get(entity).ok().copied(),
        };
        let mind = Mind {
            trail: noticed_trail(me, trail),
            loot: cast.loot.get(entity).ok(),
            spreading: cast.spreading.get(entity).ok(),
            grazing: cast.grazing.get(entity).ok(),
        };
        let first_start = worlds.tried == 0;
        let mut ok = self.explore(turn, worlds, &mut |turn, round| {
            decide(behaviours, turn, me, (&mind, &cast.belongings), round)
        });
        // A grazer that may have eaten in its turn before may be sated
        // now: what it does then is an outcome too.
        let hungry = !mind.grazing.is_some_and(Grazing::is_sated);
        if ok && hungry && self.may_have_eaten.contains(&entity) {
            let sated = Grazing { sated: 1 };
            let fed = Mind {
                grazing: Some(&sated),
                ..mind
            };
            ok = self.explore(turn, worlds, &mut |turn, round| {
                decide(behaviours, turn, me, (&fed, &cast.belongings), round)
            });
        }
        if first_start && let Some((decision, round)) = worlds.found.first() {
            self.round = round.clone();
            // A cold trail is forgotten, and the creature keeps its (empty)
            // memory of one.
            let lost = decision.lost_trail;
            let trail = mind.trail.map(|t| if lost { Trail::default() } else { t });
            self.trails.insert(entity, trail);
        }
        ok
    }

    /// Decides in this world and in every outcome of the movers the
    /// decision looks at, adding each decision to `worlds`; `false` when
    /// there were more worlds than [`MOST_WORLDS`].
    fn explore(
        &mut self,
        turn: &mut Turn,
        worlds: &mut Worlds,
        decide: &mut impl FnMut(&mut Turn, &mut Round) -> Decision,
    ) -> bool {
        if worlds.tried == MOST_WORLDS {
            return false;
        }
        worlds.tried += 1;
        let mut round = self.round.clone();
        turn.actors.occupancy.watch();
        let decision = decide(turn, &mut round);
        let mut asked = turn.actors.occupancy.stop_watching();
        asked.sort_unstable();
        asked.dedup();
        self.branch(turn, worlds, decide, (decision, round), &asked)
    }

    /// Branches on the first mover not yet branched on that `asked`
    /// touches, or keeps `found` when none does.
    fn branch(
        &mut self,
        turn: &mut Turn,
        worlds: &mut Worlds,
        decide: &mut impl FnMut(&mut Turn, &mut Round) -> Decision,
        found: (Decision, Round),
        asked: &[Pos],
    ) -> bool {
        let open = (0..self.movers.len())
            .find(|i| !worlds.branched.contains(i) && self.movers[*i].touches(asked));
        let Some(i) = open else {
            if !worlds.found.iter().any(|(d, _)| *d == found.0) {
                worlds.found.push(found);
            }
            return true;
        };
        worlds.branched.push(i);
        let mut ok = self.branch(turn, worlds, decide, found, asked);
        let mover = self.movers[i].clone();
        for &fill in &mover.fills {
            let occupancy = &mut turn.actors.occupancy;
            if ok && occupancy.is_free(fill) {
                let undo = land(occupancy, &mover, fill);
                ok = self.explore(turn, worlds, decide);
                restore(&mut turn.actors.occupancy, undo);
            }
        }
        worlds.branched.pop();
        ok
    }

    /// The intent a plan shows, for a creature at `me.at`.
    fn intent_of(&self, turn: &Turn, me: &Me, plan: Option<&Plan>) -> Intent {
        let place_of = |who: Entity| {
            let at = self.places.get(&who).copied();
            at.or_else(|| turn.actors.pos(who)).unwrap_or(me.at)
        };
        match plan {
            Some(Plan::Step(to)) => Intent::Step(*to),
            Some(Plan::Strike(target)) => Intent::Strike(*target, place_of(*target)),
            Some(Plan::Shoot(_)) => Intent::Shoot(me.hero_at),
            Some(Plan::Dig(rock)) => Intent::Dig(*rock),
            Some(Plan::Open(door)) => Intent::Open(*door),
            Some(Plan::Steal) => Intent::Steal(me.hero_at),
            Some(Plan::Wait) | None => Intent::Wait,
            Some(Plan::Wander | Plan::Flutter) => Intent::Roam(roam_tiles(turn, me.at)),
            Some(Plan::Spread) => Intent::Spread(spread_tiles(turn, me.at)),
            Some(Plan::Graze(meal)) => {
                let roam = Intent::Roam(roam_tiles(turn, me.at));
                Intent::OneOf(vec![Intent::Graze(place_of(*meal)), roam])
            }
            Some(Plan::Doze) => {
                Intent::OneOf(vec![Intent::Wait, Intent::Roam(roam_tiles(turn, me.at))])
            }
        }
    }

    /// Moves the creature where it is sure to go (one step, from where it
    /// surely stands), or makes it a mover where the dice or the movers
    /// before it choose; a spreader's children are movers too.
    fn settle(
        &mut self,
        turn: &mut Turn,
        me: &Me,
        (already_mover, outcomes): (bool, &[(Intent, Vec<Pos>)]),
    ) {
        let entity = me.entity;
        self.movers.retain(|m| m.who != entity);
        let mut fills: Vec<Pos> = outcomes
            .iter()
            .flat_map(|(_, ends)| ends.iter().copied())
            .collect();
        fills.retain(|&p| p != me.at);
        fills.sort_unstable();
        fills.dedup();
        if let (false, [(Intent::Dig(rock), _)]) = (already_mover, outcomes) {
            // A sure dig opens the rock for those after it, as the world's
            // turn will.
            let level = turn.actors.level.bypass_change_detection();
            self.dug.push(burrows::dig(&mut level.terrain, *rock));
        }
        if let (false, [(Intent::Open(door), _)]) = (already_mover, outcomes) {
            // A sure opening opens the door for those after it.
            let level = turn.actors.level.bypass_change_detection();
            if level.terrain.open_door(*door) {
                self.dug.push(vec![(*door, Tile::Door)]);
            }
        }
        if let (false, [(Intent::Step(to), _)]) = (already_mover, outcomes) {
            let from = self.places.insert(entity, *to).unwrap_or(me.at);
            let occupancy = &mut turn.actors.occupancy;
            self.journal.push((from, occupancy.at(from)));
            self.journal.push((*to, occupancy.at(*to)));
            occupancy.relocate(entity, from, *to);
        } else if !fills.is_empty() {
            self.movers.push(Mover {
                who: entity,
                home: me.at,
                leaves_home: true,
                fills,
            });
        }
        for (intent, _) in outcomes {
            if let Intent::Spread(tiles) = intent {
                self.movers.push(Mover {
                    who: entity,
                    home: me.at,
                    leaves_home: false,
                    fills: tiles.clone(),
                });
            }
        }
    }

    /// Notes a creature's turn, in the world's order.
    fn foretell(
        &mut self,
        turn: &Turn,
        (entity, kind, vision): (Entity, usize, i32),
        hero: Entity,
        intent: Intent,
    ) {
        if may_graze(&intent) {
            self.may_have_eaten.push(entity);
            self.round.maybe_eaten += 1;
        }
        if let Some(seen) = self.foreseen.iter_mut().find(|f| f.entity == entity) {
            seen.turns.push(intent);
            return;
        }
        let Some(at) = turn.actors.pos(entity) else {
            return;
        };
        let data = &turn.new_game.creatures.kinds[kind];
        let fleeing = turn.actors.health(entity).is_some_and(|h| data.flees(h));
        let heeds = data.behaviours.iter().any(Behaviour::heeds_hero);
        let noticed = me_at(turn, (entity, kind, vision), hero, at).map(|me| me.noticed);
        self.foreseen.push(Foreseen {
            entity,
            at,
            noticed: noticed.filter(|_| heeds),
            fleeing,
            turns: vec![intent],
        });
    }

    /// Puts every cell and tile the rehearsal changed back as it was,
    /// telling no one the level changed.
    fn put_back(&mut self, turn: &mut Turn) {
        restore(
            &mut turn.actors.occupancy,
            std::mem::take(&mut self.journal),
        );
        let level = turn.actors.level.bypass_change_detection();
        for was in std::mem::take(&mut self.dug).iter().rev() {
            level.terrain.undig(was);
        }
    }
}

/// Several outcomes as one: the tiles of all where every one is a roam
/// (a fast flutterer's second turn, from wherever its first took it),
/// else the set of them.
fn merge_roams(intents: Vec<Intent>) -> Intent {
    let mut tiles = Vec::new();
    for intent in &intents {
        let Intent::Roam(some) = intent else {
            return Intent::OneOf(intents);
        };
        tiles.extend(
            some.iter()
                .filter(|p| !tiles.contains(*p))
                .copied()
                .collect::<Vec<_>>(),
        );
    }
    Intent::Roam(tiles)
}

/// Whether the dice may make this turn a meal.
fn may_graze(intent: &Intent) -> bool {
    match intent {
        Intent::Graze(_) => true,
        Intent::OneOf(outcomes) => outcomes.iter().any(may_graze),
        _ => false,
    }
}

/// The tiles a creature may end a turn on, having started it at `start`.
fn ends_of(intent: &Intent, start: Pos) -> Vec<Pos> {
    match intent {
        Intent::Step(to) => vec![*to],
        Intent::Roam(tiles) => tiles.clone(),
        Intent::OneOf(outcomes) => outcomes.iter().flat_map(|o| ends_of(o, start)).collect(),
        _ => vec![start],
    }
}

/// A creature as the world's order names it (entity, kind, vision), with
/// its behaviours in the order it asks them.
type Who<'a> = ((Entity, usize, i32), &'a [Behaviour]);

/// The worlds one creature's turn was decided in: how many, the movers
/// branched on along the way, and each different decision found (with
/// the round it left).
#[derive(Default)]
struct Worlds {
    tried: usize,
    branched: Vec<usize>,
    found: Vec<(Decision, Round)>,
}

/// Lands `mover` on `fill` in the occupancy: it leaves home if it moves.
/// Returns what the cells held, to put back.
fn land(occupancy: &mut Occupancy, mover: &Mover, fill: Pos) -> Vec<(Pos, Option<Entity>)> {
    let mut undo = vec![(fill, occupancy.at(fill))];
    if mover.leaves_home {
        undo.push((mover.home, occupancy.at(mover.home)));
        occupancy.remove(mover.who, mover.home);
    }
    occupancy.place(mover.who, fill);
    undo
}

/// Sets each cell back to what it held, the last change first.
fn restore(occupancy: &mut Occupancy, undo: Vec<(Pos, Option<Entity>)>) {
    for (at, held) in undo.into_iter().rev() {
        if let Some(now) = occupancy.at(at) {
            occupancy.remove(now, at);
        }
        if let Some(held) = held {
            occupancy.place(held, at);
        }
    }
}

/// The tiles a creature moved by the dice from `at` may end on: its own,
/// or any open step a creature may stand on.
fn roam_tiles(turn: &Turn, at: Pos) -> Vec<Pos> {
    let terrain = &turn.actors.level.terrain;
    let steps = Dir::ALL
        .into_iter()
        .filter_map(|dir| open_step(&turn.actors, at, dir))
        .filter(|&to| terrain.admits_creatures(to));
    std::iter::once(at).chain(steps).collect()
}
