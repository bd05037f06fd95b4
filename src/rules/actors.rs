//! Every fighter, borrowed once: [`Actors`] gives the hero's turn and each
//! creature's AI the place, stats and health of every fighter, with the
//! means to move them. Blows are struck in `combat.rs`, missiles flown in
//! `items/missiles.rs`, both through the same borrow.

use bevy::ecs::query::QueryData;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::vocab::components::{Creature, Fighter, GridPos, Health, Hero, Sluggish, Slumber};
use crate::vocab::log::GameLog;
use crate::vocab::messages::{Damaged, Disturbed, Moved, Struck};
use crate::vocab::resources::{
    DeathCause, Kills, Level, Occupancy, RulesRng, Seen, Sight, TurnCount,
};
use crate::vocab::statuses::{Status, Statuses};

/// What [`Actors`] reads of one fighter, by name.
#[derive(QueryData)]
#[query_data(mutable)]
pub(crate) struct FighterParts {
    pub name: &'static Name,
    pub pos: &'static mut GridPos,
    pub fighter: &'static Fighter,
    pub health: &'static mut Health,
    pub is_hero: Has<Hero>,
    pub creature: Option<&'static Creature>,
    pub statuses: Option<&'static Statuses>,
    pub sluggish: Option<&'static Sluggish>,
    pub slumber: Option<&'static Slumber>,
}

/// Every fighter's place, stats and health, with the means to move and
/// strike them: one borrow shared by the hero's turn and every AI.
#[derive(SystemParam)]
pub struct Actors<'w, 's> {
    pub(crate) fighters: Query<'w, 's, FighterParts>,
    pub level: ResMut<'w, Level>,
    pub occupancy: ResMut<'w, Occupancy>,
    pub rng: ResMut<'w, RulesRng>,
    sight: Option<Res<'w, Sight>>,
    pub(crate) log: ResMut<'w, GameLog>,
    pub(crate) turn: Res<'w, TurnCount>,
    pub(crate) damaged: MessageWriter<'w, Damaged>,
    moved: MessageWriter<'w, Moved>,
    pub(crate) struck: MessageWriter<'w, Struck>,
    pub(crate) disturbed: MessageWriter<'w, Disturbed>,
    pub(crate) cause: ResMut<'w, DeathCause>,
    pub(crate) kills: ResMut<'w, Kills>,
}

impl Actors<'_, '_> {
    pub fn pos(&self, entity: Entity) -> Option<Pos> {
        self.fighters.get(entity).ok().map(|f| f.pos.0)
    }

    /// The fighter's HP and most HP.
    pub fn health(&self, entity: Entity) -> Option<(i32, i32)> {
        let f = self.fighters.get(entity).ok()?;
        Some((f.health.hp, f.health.max))
    }

    pub(crate) fn is_alive(&self, entity: Entity) -> bool {
        self.fighters.get(entity).is_ok_and(|f| f.health.hp > 0)
    }

    /// The kind in `creatures.ron` of a creature (the hero has none).
    pub(crate) fn kind_of(&self, entity: Entity) -> Option<usize> {
        self.fighters.get(entity).ok()?.creature.map(|c| c.kind)
    }

    /// Heals `entity` by `hp`, up to its most; a dead one stays dead.
    pub(crate) fn heal(&mut self, entity: Entity, hp: i32) {
        if let Ok(mut fighter) = self.fighters.get_mut(entity)
            && fighter.health.hp > 0
        {
            let health = &mut fighter.health;
            health.hp = health.hp.saturating_add(hp).min(health.max);
        }
    }

    /// Ends a creature with no blow and no body (a grazer's meal): its HP
    /// goes to 0 and its tile is free at once. Returns where it stood.
    pub(crate) fn consume(&mut self, entity: Entity) -> Option<Pos> {
        let mut fighter = self.fighters.get_mut(entity).ok()?;
        if fighter.is_hero || fighter.health.hp <= 0 {
            return None;
        }
        fighter.health.hp = 0;
        let at = fighter.pos.0;
        self.occupancy.remove(entity, at);
        Some(at)
    }

    /// The fighter's name: "bat", "hero".
    pub fn name(&self, entity: Entity) -> Option<String> {
        self.fighters.get(entity).ok().map(|f| f.name.to_string())
    }

    /// Adds a line to the message log, dated this turn.
    pub fn say(&mut self, text: impl Into<String>) {
        self.log.say(self.turn.0, text);
    }

    pub fn sight(&self) -> Option<&Sight> {
        self.sight.as_deref()
    }

    /// Moves `entity` onto `to` if it is open floor that nobody stands on.
    /// Only the hero fits in the narrow tunnels.
    pub(crate) fn try_move(&mut self, entity: Entity, to: Pos) -> bool {
        let Ok(fighter) = self.fighters.get(entity) else {
            return false;
        };
        let terrain = &self.level.terrain;
        let open = if fighter.is_hero {
            terrain.is_walkable(to)
        } else {
            terrain.admits_creatures(to)
        };
        if !open {
            return false;
        }
        let Some(from) = self.teleport(entity, to) else {
            return false;
        };
        self.moved.write(Moved {
            who: entity,
            from,
            to,
        });
        true
    }

    /// Puts `entity` on the free `to` at once, with no step between (a
    /// teleport: the view places it there without a glide), and returns
    /// where it stood. `None` when `to` is taken.
    pub fn teleport(&mut self, entity: Entity, to: Pos) -> Option<Pos> {
        let mut fighter = self.fighters.get_mut(entity).ok()?;
        if !self.occupancy.is_free(to) {
            return None;
        }
        let from = std::mem::replace(&mut fighter.pos.0, to);
        self.occupancy.relocate(entity, from, to);
        Some(from)
    }

    /// The hero and where it stands.
    pub fn hero(&self) -> Option<(Entity, Pos)> {
        let at = self.fighters.iter().find(|f| f.is_hero)?.pos.0;
        Some((self.occupancy.at(at)?, at))
    }

    /// True when the hero sees the tile at `at` this turn.
    pub fn sees(&self, at: Pos) -> bool {
        self.sight
            .as_ref()
            .is_some_and(|s| s.seen(at) == Seen::Visible)
    }

    /// Where `entity` stands, if it is alive, not paralyzed and not resting
    /// this turn (a sluggish one): one lookup for the AI's first question
    /// about each creature.
    pub(crate) fn ready_at(&self, entity: Entity) -> Option<Pos> {
        let fighter = self.fighters.get(entity).ok()?;
        let paralyzed = fighter.statuses.is_some_and(|s| s.has(Status::Paralysed));
        let resting = fighter.sluggish.is_some_and(|s| !s.acts_on(self.turn.0));
        let awake = !self.is_asleep(entity);
        (fighter.health.hp > 0 && !paralyzed && !resting && awake).then_some(fighter.pos.0)
    }

    /// Whether `entity` is asleep (a kind that `Sleeps`, not yet woken).
    pub(crate) fn is_asleep(&self, entity: Entity) -> bool {
        self.fighters
            .get(entity)
            .is_ok_and(|f| f.slumber.is_some_and(|s| s.asleep))
    }

    /// Every living creature (not the hero) with its place: the scrolls'
    /// targets. A living fighter always holds its tile in the occupancy.
    pub fn foes(&self) -> Vec<(Entity, Pos)> {
        let places = self
            .fighters
            .iter()
            .filter(|f| f.health.hp > 0 && !f.is_hero)
            .map(|f| f.pos.0);
        places
            .filter_map(|at| Some((self.occupancy.at(at)?, at)))
            .collect()
    }
}

/// A small world with just what [`Actors`] borrows, for the unit tests of
/// what goes through it.
#[cfg(test)]
pub(crate) mod arena {
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    use gloomdelve_core::{GameRng, Pos, Terrain};

    use super::Actors;
    use crate::vocab::components::{Fighter, GridPos, Health, Hero};
    use crate::vocab::log::GameLog;
    use crate::vocab::messages::{Damaged, Disturbed, Moved, Struck};
    use crate::vocab::resources::{
        DeathCause, Kills, Level, Occupancy, RulesRng, Sight, TurnCount,
    };

    /// A 40×5 open level, the hero at (2,2) seeing 5 tiles when `sight` is
    /// set (else nothing is seen, as in the dark), and the fighters in
    /// `cast` (name, place, is the hero), each with 50 HP and a sure
    /// 1-damage blow.
    pub(crate) fn arena(cast: &[(&'static str, Pos, bool)], sight: bool) -> (World, Vec<Entity>) {
        let mut world = World::new();
        let mut rows = vec!["#".repeat(40)];
        rows.extend((0..3).map(|_| format!("#{}#", ".".repeat(38))));
        rows.push("#".repeat(40));
        let level = Level {
            terrain: Terrain::from_text(&rows.join("\n"), 1),
            start: Pos::new(2, 2),
        };
        if sight {
            let mut seen = Sight::new(40, 5, false);
            seen.update(&level, Pos::new(2, 2), 5);
            world.insert_resource(seen);
        }
        world.insert_resource(level);
        world.insert_resource(RulesRng(GameRng::new(1)));
        world.init_resource::<Occupancy>();
        world.init_resource::<GameLog>();
        world.init_resource::<TurnCount>();
        world.init_resource::<DeathCause>();
        world.init_resource::<Kills>();
        world.init_resource::<Messages<Damaged>>();
        world.init_resource::<Messages<Moved>>();
        world.init_resource::<Messages<Struck>>();
        world.init_resource::<Messages<Disturbed>>();
        let fighters = cast
            .iter()
            .map(|&(name, at, hero)| spawn_fighter(&mut world, name, at, hero))
            .collect();
        (world, fighters)
    }

    /// One fighter of the arena, in its place.
    fn spawn_fighter(world: &mut World, name: &'static str, at: Pos, hero: bool) -> Entity {
        let mut fighter = world.spawn((
            Name::new(name),
            GridPos(at),
            Fighter {
                attack: 1,
                defense: 0,
            },
            Health { hp: 50, max: 50 },
        ));
        if hero {
            fighter.insert(Hero);
        }
        let id = fighter.id();
        world.resource_mut::<Occupancy>().place(id, at);
        id
    }

    /// Runs `act` once with the world's [`Actors`], and returns its answer.
    pub(crate) fn with_actors<T: 'static>(
        world: &mut World,
        mut act: impl FnMut(&mut Actors) -> T + Send + Sync + 'static,
    ) -> T {
        world
            .run_system_once(move |mut actors: Actors| act(&mut actors))
            .unwrap()
    }

    /// The log's lines, oldest first.
    pub(crate) fn lines(world: &World) -> Vec<String> {
        let log = world.resource::<GameLog>();
        log.entries().iter().map(|e| e.text.clone()).collect()
    }
}
