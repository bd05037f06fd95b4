//! Fighting: moving and striking through one shared view of every fighter,
//! death and corpses, the hero's regeneration, and its death.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::vocab::components::Revives;
use gloomdelve_core::combat::damage_roll;
use gloomdelve_core::line::line;
use gloomdelve_core::{Pos, Terrain};

use crate::vocab::components::{Creature, Fighter, Health};

use crate::vocab::components::Corpse;
use crate::vocab::components::FogRule;
use crate::vocab::components::Item;
use crate::vocab::components::Sluggish;
use crate::vocab::components::Slumber;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Drawn, GridPos, Hero, Layer};
use crate::vocab::game::NewGame;
use crate::vocab::log::GameLog;
use crate::vocab::messages::TurnTaken;
use crate::vocab::messages::{Damaged, Died, Disturbed, Moved, Struck};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::DeathCause;
use crate::vocab::resources::Kills;
use crate::vocab::resources::Level;
use crate::vocab::resources::TurnCount;
use crate::vocab::resources::{Occupancy, RulesRng};
use crate::vocab::resources::{Seen, Sight};
use crate::vocab::states::Screen;
use crate::vocab::states::TurnPhase;
use crate::vocab::statuses::{Status, Statuses};
use crate::vocab::text::{capitalised, the};

/// Every fighter's place, stats and health, with the means to move and
/// strike them: one borrow shared by the hero's turn and every AI.
#[derive(SystemParam)]
pub struct Actors<'w, 's> {
    fighters: Query<
        'w,
        's,
        (
            &'static Name,
            &'static mut GridPos,
            &'static Fighter,
            &'static mut Health,
            Has<Hero>,
            (
                Option<&'static Statuses>,
                Option<&'static Sluggish>,
                Option<&'static Slumber>,
            ),
        ),
    >,
    pub level: ResMut<'w, Level>,
    pub occupancy: ResMut<'w, Occupancy>,
    pub rng: ResMut<'w, RulesRng>,
    sight: Option<Res<'w, Sight>>,
    log: ResMut<'w, GameLog>,
    turn: Res<'w, TurnCount>,
    damaged: MessageWriter<'w, Damaged>,
    moved: MessageWriter<'w, Moved>,
    struck: MessageWriter<'w, Struck>,
    disturbed: MessageWriter<'w, Disturbed>,
    cause: ResMut<'w, DeathCause>,
    kills: ResMut<'w, Kills>,
}

impl Actors<'_, '_> {
    pub fn pos(&self, entity: Entity) -> Option<Pos> {
        self.fighters.get(entity).ok().map(|f| f.1.0)
    }

    /// The fighter's HP and most HP.
    pub fn health(&self, entity: Entity) -> Option<(i32, i32)> {
        self.fighters.get(entity).ok().map(|f| (f.3.hp, f.3.max))
    }

    pub fn is_alive(&self, entity: Entity) -> bool {
        self.fighters.get(entity).is_ok_and(|f| f.3.hp > 0)
    }

    /// The fighter's name: "bat", "hero".
    pub fn name(&self, entity: Entity) -> Option<String> {
        self.fighters.get(entity).ok().map(|f| f.0.to_string())
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
    pub fn try_move(&mut self, entity: Entity, to: Pos) -> bool {
        let Ok((.., is_hero, _)) = self.fighters.get(entity) else {
            return false;
        };
        let terrain = &self.level.terrain;
        let open = if is_hero {
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
        let (_, mut pos, ..) = self.fighters.get_mut(entity).ok()?;
        if !self.occupancy.is_free(to) {
            return None;
        }
        let from = std::mem::replace(&mut pos.0, to);
        self.occupancy.relocate(entity, from, to);
        Some(from)
    }

    /// One blow from `attacker` to `target`, with its log line when the
    /// hero can see it. A blow that kills frees the tile at once.
    pub fn strike(&mut self, attacker: Entity, target: Entity) {
        let Ok((a_name, a_pos, a_fighter, _, a_hero, _)) = self.fighters.get(attacker) else {
            return;
        };
        let (a_name, a_pos, attack) = (a_name.to_string(), a_pos.0, a_fighter.attack);
        let Ok((.., t_fighter, _, _, _)) = self.fighters.get(target) else {
            return;
        };
        let mut damage = damage_roll(&mut self.rng.0, attack, t_fighter.defense);
        if self.is_asleep(target) {
            damage *= 2;
            if a_hero && let Some(name) = self.name(target) {
                let line = format!("You catch {} asleep!", the(&name));
                self.log.say(self.turn.0, line);
            }
        }
        if let Some(at) = self.pos(target) {
            self.struck.write(Struck {
                attacker,
                target,
                from: a_pos,
                at,
                hit: damage > 0,
            });
        }
        let cause = format!("killed by {}", crate::vocab::text::a(&a_name));
        let Some(blow) = self.hurt(target, damage, cause) else {
            return;
        };
        if a_hero {
            self.credit_hero(&blow);
        }
        if a_hero || blow.target_is_hero || self.sees(blow.at) || self.sees(a_pos) {
            let line = blow_message(
                &a_name,
                a_hero,
                &blow.name,
                blow.target_is_hero,
                damage,
                blow.killed,
            );
            self.log.say(self.turn.0, line);
        }
    }

    /// Takes `damage` HP from a living `target`, shows the number where the
    /// hero sees it, and frees the tile of a creature it kills. `cause` is
    /// recorded if this kills the hero.
    pub fn hurt(&mut self, target: Entity, damage: i32, cause: String) -> Option<Blow> {
        let (name, at, is_hero, killed, max_hp) = {
            let Ok((name, pos, _, mut health, is_hero, _)) = self.fighters.get_mut(target) else {
                return None;
            };
            if health.hp <= 0 {
                return None;
            }
            health.hp = health.hp.saturating_sub(damage);
            (name.to_string(), pos.0, is_hero, health.hp <= 0, health.max)
        };
        if self.is_asleep(target) {
            self.disturbed.write(Disturbed(target));
        }
        if killed && is_hero {
            // The fallen hero keeps its tile until the game is over.
            self.cause.0 = Some(cause);
        } else if killed {
            self.occupancy.remove(target, at);
        }
        if is_hero || self.sees(at) {
            self.damaged.write(Damaged {
                at,
                amount: damage,
                hero: is_hero,
            });
        }
        Some(Blow {
            name,
            at,
            target_is_hero: is_hero,
            killed,
            max_hp,
        })
    }

    /// Counts a blow the hero dealt, by hand or by scroll, if it killed.
    pub fn credit_hero(&mut self, blow: &Blow) {
        if blow.killed && !blow.target_is_hero {
            self.kills.0.push((blow.name.clone(), blow.max_hp));
        }
    }

    /// The hero and where it stands.
    pub fn hero(&self) -> Option<(Entity, Pos)> {
        let at = self.fighters.iter().find(|f| f.4)?.1.0;
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
    pub fn ready_at(&self, entity: Entity) -> Option<Pos> {
        let fighter = self.fighters.get(entity).ok()?;
        let (statuses, sluggish, _) = fighter.5;
        let paralyzed = statuses.is_some_and(|s| s.has(Status::Paralysed));
        let resting = sluggish.is_some_and(|s| !s.acts_on(self.turn.0));
        let awake = !self.is_asleep(entity);
        (fighter.3.hp > 0 && !paralyzed && !resting && awake).then_some(fighter.1.0)
    }

    /// Whether `entity` is asleep (a kind that `Sleeps`, not yet woken).
    pub fn is_asleep(&self, entity: Entity) -> bool {
        self.fighters
            .get(entity)
            .is_ok_and(|f| f.5.2.is_some_and(|s| s.asleep))
    }

    /// Every living creature (not the hero) with its place: the scrolls'
    /// targets. A living fighter always holds its tile in the occupancy.
    pub fn foes(&self) -> Vec<(Entity, Pos)> {
        let places = self
            .fighters
            .iter()
            .filter(|f| f.3.hp > 0 && !f.4)
            .map(|f| f.1.0);
        places
            .filter_map(|at| Some((self.occupancy.at(at)?, at)))
            .collect()
    }
}

/// What one hit did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blow {
    pub name: String,
    pub at: Pos,
    pub target_is_hero: bool,
    pub killed: bool,
    /// The target's max HP, which a kill adds to the score.
    pub max_hp: i32,
}

impl Blow {
    /// Who took it, as a line names them: "you" or "the bat".
    pub fn victim(&self) -> String {
        if self.target_is_hero {
            "you".to_string()
        } else {
            the(&self.name)
        }
    }

    /// What follows its damage in a line: see [`death_note`].
    pub fn death_note(&self) -> &'static str {
        death_note(self.killed, self.target_is_hero)
    }
}

/// A missile on its way: what it is called, who loosed it, and its blow.
pub struct Shot<'a> {
    pub missile: &'a str,
    pub shooter: Entity,
    pub attack: i32,
    /// How many tiles it flies at most.
    pub range: i32,
}

/// Where a missile went: the tiles it crossed, the last being where it
/// stopped, and the creature it struck there, if any.
pub struct Flight {
    pub path: Vec<Pos>,
    pub struck: Option<Entity>,
    /// A tile that blocks sight stopped it.
    pub blocked: bool,
}

impl Flight {
    /// The tile the missile came to rest on.
    pub fn landing(&self, from: Pos) -> Pos {
        self.path.last().copied().unwrap_or(from)
    }
}

/// What becomes of a missile where it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It lies there, to be picked up.
    Lies,
    Breaks,
    /// It came down in water.
    Sinks,
}

/// Where a missile that `shooter` at `from` aims at `target` would go,
/// flying at most `range` tiles along the line sight follows: up to the
/// first fighter on it, or to the tile before one that blocks sight.
pub fn flight(
    terrain: &Terrain,
    occupancy: &Occupancy,
    (shooter, from): (Entity, Pos),
    target: Pos,
    range: i32,
) -> Flight {
    let blocks = |p: Pos| terrain.tile(p).blocks_sight();
    let mut flight = Flight {
        path: Vec::new(),
        struck: None,
        blocked: false,
    };
    for tile in line(from, target, blocks)
        .into_iter()
        .take(range.max(0) as usize)
    {
        flight.blocked = blocks(tile);
        if flight.blocked {
            break;
        }
        flight.path.push(tile);
        flight.struck = occupancy.at(tile).filter(|&e| e != shooter);
        if flight.struck.is_some() {
            break;
        }
    }
    flight
}

impl Actors<'_, '_> {
    /// Flies `shot` from its shooter's tile toward `target` along the line
    /// sight follows. It strikes the first fighter on the line by the melee
    /// rule and stops there; a tile that blocks sight stops it on the tile
    /// before. `None` when the shooter is not on the map.
    pub fn loose(&mut self, shot: &Shot, target: Pos) -> Option<Flight> {
        let from = self.pos(shot.shooter)?;
        let flight = flight(
            &self.level.terrain,
            &self.occupancy,
            (shot.shooter, from),
            target,
            shot.range,
        );
        if let Some(target) = flight.struck {
            self.missile_blow(shot, target);
        }
        Some(flight)
    }

    /// Whether a missile that breaks `breaks_percent` times in a hundred
    /// lies on `landing`, broke, or sank there.
    pub fn fate(&mut self, breaks_percent: u32, landing: Pos) -> Fate {
        let breaks = breaks_percent > 0 && self.rng.0.range(0, 100) < breaks_percent as i32;
        if breaks {
            Fate::Breaks
        } else if self.level.terrain.is_walkable(landing) {
            Fate::Lies
        } else {
            Fate::Sinks
        }
    }

    /// A missile's blow: `attack − defense`, with its line when the hero
    /// shot it, took it, or sees where it lands.
    fn missile_blow(&mut self, shot: &Shot, target: Entity) {
        let Ok((shooter_name, .., shooter_is_hero, _)) = self.fighters.get(shot.shooter) else {
            return;
        };
        let cause = format!("killed by {}", crate::vocab::text::a(shooter_name));
        let Ok((.., fighter, _, _, _)) = self.fighters.get(target) else {
            return;
        };
        let damage = damage_roll(&mut self.rng.0, shot.attack, fighter.defense);
        let Some(blow) = self.hurt(target, damage, cause) else {
            return;
        };
        if shooter_is_hero {
            self.credit_hero(&blow);
        }
        if shooter_is_hero || blow.target_is_hero || self.sees(blow.at) {
            let missile = capitalised(&the(shot.missile));
            let line = format!(
                "{missile} hits {} for {damage} damage.{}",
                blow.victim(),
                blow.death_note()
            );
            self.say(line);
        }
    }
}

/// "You hit the bat for 3 damage." / "The goblin hits you for 2 damage." /
/// "You hit the rat for 4 damage. It dies." / "The bat hits you for 1
/// damage. You die." A kill says its damage too, as lightning's does.
pub fn blow_message(
    attacker: &str,
    attacker_is_hero: bool,
    target: &str,
    target_is_hero: bool,
    damage: i32,
    killed: bool,
) -> String {
    let subject = if attacker_is_hero {
        "You".to_string()
    } else {
        capitalised(&the(attacker))
    };
    let object = if target_is_hero {
        "you".to_string()
    } else {
        the(target)
    };
    let verb = if attacker_is_hero { "hit" } else { "hits" };
    format!(
        "{subject} {verb} {object} for {damage} damage.{}",
        death_note(killed, target_is_hero)
    )
}

/// What follows a blow's damage when it kills: " It dies." or " You die."
pub fn death_note(killed: bool, target_is_hero: bool) -> &'static str {
    match (killed, target_is_hero) {
        (false, _) => "",
        (true, false) => " It dies.",
        (true, true) => " You die.",
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Damaged>();
    app.add_message::<Moved>();
    app.add_message::<Struck>();
    app.add_message::<Disturbed>();
    app.add_message::<Died>();
    app.reset_on_new_game::<DeathCause>();
    app.reset_on_new_game::<Kills>();
    app.add_systems(
        Update,
        (
            regenerate
                .in_set(TurnPhase::WorldActs)
                .run_if(on_message::<TurnTaken>),
            (leave_corpses, end_the_hero)
                .chain()
                .in_set(TurnPhase::ResolveDeaths),
        ),
    );
}

/// Dead creatures become corpses: food worth `maxHp × corpse_food_per_hp`
/// (rules.ron), picked up like
/// any item when the item data has a "corpse" kind.
pub(crate) fn leave_corpses(
    mut commands: Commands,
    new_game: Res<NewGame>,
    turn: Res<TurnCount>,
    dead: Query<(Entity, &Name, &GridPos, &Health, &Drawn), With<Creature>>,
    mut died: MessageWriter<Died>,
) {
    let corpse_kind = new_game.items.find(crate::vocab::data::CORPSE);
    for (entity, name, pos, health, drawn) in &dead {
        if health.hp > 0 {
            continue;
        }
        commands.entity(entity).despawn();
        let food = health.max.saturating_mul(new_game.rules.corpse_food_per_hp);
        let body = corpse(name, &drawn.sprite, pos.0, food, turn.0);
        let mut body = commands.spawn(body);
        if let Some(kind) = corpse_kind {
            body.insert(Item { kind });
        }
        died.write(Died {
            at: pos.0,
            sprite: drawn.sprite.clone(),
            corpse: Some(body.id()),
        });
    }
}

/// The corpse of a creature that died on turn `died`, holding `food`,
/// drawn in its own colours: the creature's sprite name + `_corpse`.
pub fn corpse(of: &Name, sprite: &str, at: Pos, food: i32, died: u64) -> impl Bundle {
    (
        Name::new(format!("{of} corpse")),
        Corpse {
            food,
            died,
            rotten: false,
        },
        GridPos(at),
        FogRule::Remembered { seen: false },
        Drawn::new(format!("{sprite}_corpse"), Layer::Items),
    )
}

/// The hero's death ends the game, unless it [`Revives`]: then it fell.
fn end_the_hero(
    hero: Single<(&Health, Has<Revives>), With<Hero>>,
    mut cause: ResMut<DeathCause>,
    mut next: ResMut<NextState<Screen>>,
    mut fell: MessageWriter<crate::vocab::messages::HeroFell>,
) {
    let (hero, revives) = *hero;
    if hero.hp <= 0 && revives {
        fell.write(crate::vocab::messages::HeroFell);
    } else if hero.hp <= 0 {
        cause.0.get_or_insert_with(|| "killed".to_string());
        next.set(Screen::GameOver);
    }
}

/// The hero regains 1 HP every `regen_every` turns, unless hunger has
/// made it Weak or worse.
fn regenerate(
    turn: Res<TurnCount>,
    new_game: Res<NewGame>,
    hero: Single<(&mut Health, Option<&Stomach>), With<Hero>>,
) {
    let (mut health, stomach) = hero.into_inner();
    let weak = stomach.is_some_and(|s| s.state.weakens());
    if turn.0.is_multiple_of(new_game.rules.regen_every)
        && !weak
        && health.hp > 0
        && health.hp < health.max
    {
        health.hp += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;
    use gloomdelve_core::GameRng;

    /// A world with just what [`Actors`] borrows: a 40×5 open level, the
    /// hero at (2,2) seeing 5 tiles when `sight` is set (else nothing is
    /// seen, as in the dark), and the fighters in `cast` (name, place, is
    /// the hero), each with 50 HP and a sure 1-damage blow.
    fn arena(cast: &[(&'static str, Pos, bool)], sight: bool) -> (World, Vec<Entity>) {
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
            .map(|&(name, at, hero)| {
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
            })
            .collect();
        (world, fighters)
    }

    /// Runs `act` once with the world's [`Actors`], and returns its answer.
    fn with_actors<T: 'static>(
        world: &mut World,
        mut act: impl FnMut(&mut Actors) -> T + Send + Sync + 'static,
    ) -> T {
        world
            .run_system_once(move |mut actors: Actors| act(&mut actors))
            .unwrap()
    }

    fn strike(world: &mut World, attacker: Entity, target: Entity) {
        with_actors(world, move |actors| actors.strike(attacker, target));
    }

    fn lines(world: &World) -> Vec<String> {
        let log = world.resource::<GameLog>();
        log.entries().iter().map(|e| e.text.clone()).collect()
    }

    fn shown_damage(world: &World) -> Vec<Damaged> {
        let damaged = world.resource::<Messages<Damaged>>();
        damaged.iter_current_update_messages().cloned().collect()
    }

    #[test]
    fn the_hero_hears_of_every_blow_it_gives_or_takes_even_unseen() {
        let cast = [
            ("hero", Pos::new(2, 2), true),
            ("rat", Pos::new(3, 2), false),
        ];
        let (mut world, fighters) = arena(&cast, false);
        let [hero, rat] = [fighters[0], fighters[1]];
        strike(&mut world, hero, rat);
        strike(&mut world, rat, hero);
        assert_eq!(
            lines(&world),
            [
                "You hit the rat for 1 damage.",
                "The rat hits you for 1 damage."
            ]
        );
        let struck = world.resource::<Messages<Struck>>();
        let hits: Vec<bool> = struck
            .iter_current_update_messages()
            .map(|s| s.hit)
            .collect();
        assert_eq!(hits, [true, true], "a blow that takes HP is a hit");
        assert_eq!(
            shown_damage(&world),
            [Damaged {
                at: Pos::new(2, 2),
                amount: 1,
                hero: true
            }],
            "the hero's own wounds show; the unseen rat's do not"
        );
        assert!(world.resource::<Kills>().0.is_empty(), "no kill yet");
    }

    #[test]
    fn a_creature_is_ready_unless_dead_paralyzed_or_resting_this_turn() {
        let cast = [
            ("hero", Pos::new(2, 2), true),
            ("ogre", Pos::new(4, 2), false),
        ];
        let (mut world, fighters) = arena(&cast, false);
        let ogre = fighters[1];
        let ready = |world: &mut World, turn: u64| {
            world.insert_resource(TurnCount(turn));
            with_actors(world, move |actors| actors.ready_at(ogre))
        };
        assert_eq!(ready(&mut world, 7), Some(Pos::new(4, 2)));
        world
            .entity_mut(ogre)
            .insert(Sluggish { every: 2, phase: 1 });
        assert_eq!(ready(&mut world, 7), Some(Pos::new(4, 2)), "its turn");
        assert_eq!(ready(&mut world, 8), None, "resting");
        world
            .entity_mut(ogre)
            .insert(Statuses::from_iter([(Status::Paralysed, 3)]));
        assert_eq!(ready(&mut world, 7), None, "paralyzed");
        world.entity_mut(ogre).remove::<(Statuses, Sluggish)>();
        world.get_mut::<Health>(ogre).unwrap().hp = 0;
        assert_eq!(ready(&mut world, 7), None, "dead");
    }

    #[test]
    fn foes_are_the_living_once_each_even_on_a_fallen_ones_tile() {
        let cast = [
            ("hero", Pos::new(2, 2), true),
            ("rat", Pos::new(3, 2), false),
            ("goblin", Pos::new(4, 2), false),
        ];
        let (mut world, fighters) = arena(&cast, false);
        let [hero, rat, goblin] = [fighters[0], fighters[1], fighters[2]];
        world.get_mut::<Health>(rat).unwrap().hp = 1;
        strike(&mut world, hero, rat);
        assert_eq!(world.resource::<Kills>().0, [("rat".to_string(), 50)]);
        // The goblin steps onto the rat's tile before the body is cleared.
        world.get_mut::<GridPos>(goblin).unwrap().0 = Pos::new(3, 2);
        let mut occupancy = world.resource_mut::<Occupancy>();
        occupancy.relocate(goblin, Pos::new(4, 2), Pos::new(3, 2));
        let foes = with_actors(&mut world, |actors| actors.foes());
        assert_eq!(foes, [(goblin, Pos::new(3, 2))]);
    }

    #[test]
    fn a_missile_that_never_breaks_draws_no_luck_for_it() {
        let (mut world, _) = arena(&[("hero", Pos::new(2, 2), true)], false);
        let fate = |world: &mut World, breaks: u32, landing: Pos| {
            with_actors(world, move |actors| actors.fate(breaks, landing))
        };
        let before = world.resource::<RulesRng>().0.clone();
        assert_eq!(fate(&mut world, 0, Pos::new(3, 2)), Fate::Lies);
        assert_eq!(fate(&mut world, 0, Pos::new(0, 0)), Fate::Sinks, "no floor");
        assert_eq!(
            world.resource::<RulesRng>().0,
            before,
            "no draw, so the rest of the game keeps its dice"
        );
        assert_eq!(fate(&mut world, 100, Pos::new(3, 2)), Fate::Breaks);
        let broken = with_actors(&mut world, |actors| {
            let throws = (0..10_000).map(|_| actors.fate(1, Pos::new(3, 2)));
            throws.filter(|&f| f == Fate::Breaks).count()
        });
        assert!((60..140).contains(&broken), "1 in 100 breaks: {broken}");
    }

    #[test]
    fn the_hero_hears_of_missiles_it_looses_or_takes_even_unseen() {
        let cast = [
            ("hero", Pos::new(2, 2), true),
            ("rat", Pos::new(6, 2), false),
            ("archer", Pos::new(9, 2), false),
        ];
        let (mut world, fighters) = arena(&cast, false);
        let [hero, rat, archer] = [fighters[0], fighters[1], fighters[2]];
        let loose = |world: &mut World, shooter: Entity, target: Pos| {
            let shot = Shot {
                missile: "rock",
                shooter,
                attack: 1,
                range: 10,
            };
            let flight = with_actors(world, move |actors| actors.loose(&shot, target));
            flight.and_then(|f| f.struck)
        };
        assert_eq!(loose(&mut world, hero, Pos::new(6, 2)), Some(rat));
        assert_eq!(loose(&mut world, archer, Pos::new(6, 2)), Some(rat));
        world.get_mut::<GridPos>(rat).unwrap().0 = Pos::new(6, 3);
        let mut occupancy = world.resource_mut::<Occupancy>();
        occupancy.relocate(rat, Pos::new(6, 2), Pos::new(6, 3));
        assert_eq!(loose(&mut world, archer, Pos::new(2, 2)), Some(hero));
        assert_eq!(
            lines(&world),
            [
                "The rock hits the rat for 1 damage.",
                "The rock hits you for 1 damage."
            ],
            "the archer's shot at the rat is out of sight"
        );
    }

    #[test]
    fn a_blow_between_creatures_is_told_when_either_end_is_in_sight() {
        // The hero sees 5 tiles: (7,2) is in sight, (8,2) and (12,2) not.
        let cast = [
            ("hero", Pos::new(2, 2), true),
            ("bat", Pos::new(7, 2), false),
            ("rat", Pos::new(8, 2), false),
            ("goblin", Pos::new(12, 2), false),
        ];
        let (mut world, fighters) = arena(&cast, true);
        let sight = world.resource::<Sight>();
        assert_eq!(sight.seen(Pos::new(7, 2)), Seen::Visible);
        assert_ne!(sight.seen(Pos::new(8, 2)), Seen::Visible);
        let [bat, rat, goblin] = [fighters[1], fighters[2], fighters[3]];
        strike(&mut world, bat, rat);
        strike(&mut world, rat, bat);
        strike(&mut world, rat, goblin);
        assert_eq!(
            lines(&world),
            [
                "The bat hits the rat for 1 damage.",
                "The rat hits the bat for 1 damage."
            ],
            "the rat and the goblin fight out of sight"
        );
        assert_eq!(
            shown_damage(&world),
            [Damaged {
                at: Pos::new(7, 2),
                amount: 1,
                hero: false
            }],
            "only the wound in sight shows"
        );
    }

    #[test]
    fn blow_messages_read_naturally() {
        assert_eq!(
            blow_message("hero", true, "bat", false, 3, false),
            "You hit the bat for 3 damage."
        );
        assert_eq!(
            blow_message("goblin", false, "hero", true, 2, false),
            "The goblin hits you for 2 damage."
        );
        assert_eq!(
            blow_message("hero", true, "rat", false, 4, true),
            "You hit the rat for 4 damage. It dies."
        );
        assert_eq!(
            blow_message("bat", false, "rat", false, 1, true),
            "The bat hits the rat for 1 damage. It dies."
        );
        assert_eq!(
            blow_message("bat", false, "hero", true, 2, true),
            "The bat hits you for 2 damage. You die."
        );
    }
}
