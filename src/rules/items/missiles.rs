//! Missiles: thrown by hand with `t`, or shot with `f` from a bow carried
//! in the pack. Only a tile in view may be aimed at. A missile flies the
//! line sight follows, strikes the first fighter on it and lands there, or
//! on the tile before a wall; some break where they stop, and one that
//! comes down in water sinks. What lands can be picked up again.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use gloomdelve_core::Terrain;
use gloomdelve_core::combat::damage_roll;
use gloomdelve_core::line::line;

use crate::rules::actors::Actors;
use crate::vocab::components::{Equipment, FogRule, GridPos, Hero, Item, Pack};
use crate::vocab::data::{ItemBook, ItemEffect, Launcher, Missile};
use crate::vocab::game::NewGame;
use crate::vocab::intents::{FireIntent, ThrowIntent};
use crate::vocab::messages::{MissileFlew, TurnTaken};
use crate::vocab::resources::Occupancy;
use crate::vocab::text::{capitalised, the};

/// What a throw or a shot sends flying.
struct Loosed {
    item: Entity,
    name: String,
    sprite: String,
    attack: i32,
    range: i32,
    breaks_percent: u32,
}

/// What a throw and a shot share: the fighters, the hero's pack and gear,
/// the items, and the messages a missile sends.
#[derive(SystemParam)]
pub(crate) struct Launch<'w, 's> {
    commands: Commands<'w, 's>,
    actors: Actors<'w, 's>,
    new_game: Res<'w, NewGame>,
    hero: Single<'w, 's, (Entity, &'static mut Pack, &'static mut Equipment), With<Hero>>,
    items: Query<'w, 's, (&'static Item, &'static Name)>,
    flew: MessageWriter<'w, MissileFlew>,
    taken: MessageWriter<'w, TurnTaken>,
}

impl Launch<'_, '_> {
    /// Lets `loosed` go at `target` if the hero may aim there: it leaves
    /// the pack (and the hand), flies and lands, and the turn is taken.
    fn loose(&mut self, loosed: &Loosed, target: Pos) {
        let hero = self.hero.0;
        if !can_aim(&mut self.actors, hero, target) {
            return;
        }
        let (_, pack, equipment) = &mut *self.hero;
        equipment.take_off(loosed.item);
        pack.0.retain(|&e| e != loosed.item);
        let flight = fly(&mut self.actors, &mut self.commands, hero, loosed, target);
        self.flew.write(flight);
        self.taken.write(TurnTaken);
    }

    /// The missile `item` from the pack, with its name and sprite.
    fn missile(&self, item: Entity) -> Option<(Missile, String, String)> {
        carried_missile(&self.new_game.items, &self.hero.1, &self.items, item)
    }
}

/// Plays a pending throw: the item leaves the pack, flies and lands.
pub(crate) fn throw_missile(mut intents: MessageReader<ThrowIntent>, mut launch: Launch) {
    let Some(&ThrowIntent { item, target }) = intents.read().last() else {
        return;
    };
    let Some((missile, name, sprite)) = launch.missile(item) else {
        launch.actors.say("You cannot throw that.");
        return;
    };
    let loosed = Loosed {
        item,
        name,
        sprite,
        attack: missile.attack,
        range: missile.range,
        breaks_percent: missile.breaks_percent,
    };
    launch.loose(&loosed, target);
}

/// Plays a pending shot: the pack's bow shoots its first arrow.
pub(crate) fn fire_bow(mut intents: MessageReader<FireIntent>, mut launch: Launch) {
    let Some(&FireIntent { target }) = intents.read().last() else {
        return;
    };
    let (book, pack) = (&launch.new_game.items, &launch.hero.1);
    let bow = best_bow(book, pack, &launch.items);
    let arrow = first_ammo(book, pack, &launch.items).and_then(|a| Some((a, launch.missile(a)?)));
    let (Some(bow), Some((item, (missile, name, sprite)))) = (bow, arrow) else {
        launch.actors.say("You need a bow and something to shoot.");
        return;
    };
    let loosed = Loosed {
        item,
        name,
        sprite,
        attack: bow.attack + missile.attack,
        range: bow.range,
        breaks_percent: missile.breaks_percent,
    };
    launch.loose(&loosed, target);
}

/// What the hero could throw or shoot: what the `t` and `f` keys offer.
#[derive(SystemParam)]
pub(crate) struct Quiver<'w, 's> {
    new_game: Res<'w, NewGame>,
    hero: Query<'w, 's, (&'static Pack, &'static GridPos), With<Hero>>,
    items: Query<'w, 's, (&'static Item, &'static Name)>,
}

impl Quiver<'_, '_> {
    /// Where the hero stands: where aiming starts, before the view moves
    /// the cursor onto the nearest enemy.
    pub fn hero_at(&self) -> Pos {
        self.hero.single().map_or(Pos::default(), |(_, at)| at.0)
    }

    fn pack(&self) -> Option<&Pack> {
        self.hero.single().ok().map(|(pack, _)| pack)
    }

    /// The first missile in the pack made for throwing, else the first
    /// ammunition; `None` when the pack holds neither.
    pub(crate) fn to_throw(&self) -> Option<Entity> {
        let (book, pack) = (&self.new_game.items, self.pack()?);
        first_with(book, pack, &self.items, |e| {
            matches!(e, ItemEffect::Thrown(_))
        })
        .or_else(|| first_ammo(book, pack, &self.items))
    }

    /// How far a missile flies: `thrown` by hand, or (with `None`) shot
    /// from the pack's best bow.
    pub fn range(&self, thrown: Option<Entity>) -> Option<i32> {
        let book = &self.new_game.items;
        match thrown {
            Some(item) => {
                let (data, _) = self.items.get(item).ok()?;
                Some(book.kinds.get(data.kind)?.effect.thrown()?.range)
            }
            None => Some(best_bow(book, self.pack()?, &self.items)?.range),
        }
    }

    /// Why the hero cannot shoot, if it cannot: no bow, or nothing to shoot.
    pub(crate) fn cannot_shoot(&self) -> Option<&'static str> {
        let Some(pack) = self.pack() else {
            return Some("You have no bow to shoot with.");
        };
        let book = &self.new_game.items;
        if best_bow(book, pack, &self.items).is_none() {
            Some("You have no bow to shoot with.")
        } else if first_ammo(book, pack, &self.items).is_none() {
            Some("You have nothing to shoot.")
        } else {
            None
        }
    }
}

/// An item in the pack that can be thrown, with its missile, name and sprite.
fn carried_missile(
    book: &ItemBook,
    pack: &Pack,
    items: &Query<(&Item, &Name)>,
    item: Entity,
) -> Option<(Missile, String, String)> {
    let (data, name) = items.get(item).ok().filter(|_| pack.0.contains(&item))?;
    let kind = book.kinds.get(data.kind)?;
    Some((kind.effect.thrown()?, name.to_string(), kind.sprite.clone()))
}

/// The bow in the pack with the best attack.
pub(crate) fn best_bow(
    book: &ItemBook,
    pack: &Pack,
    items: &Query<(&Item, &Name)>,
) -> Option<Launcher> {
    pack.0
        .iter()
        .filter_map(
            |&e| match book.kinds.get(items.get(e).ok()?.0.kind)?.effect {
                ItemEffect::Bow(bow) => Some(bow),
                _ => None,
            },
        )
        .max_by_key(|bow| bow.attack)
}

/// The first ammunition in the pack.
pub(crate) fn first_ammo(
    book: &ItemBook,
    pack: &Pack,
    items: &Query<(&Item, &Name)>,
) -> Option<Entity> {
    first_with(book, pack, items, |e| matches!(e, ItemEffect::Ammo(_)))
}

/// The first item in the pack whose effect is `wanted`.
fn first_with(
    book: &ItemBook,
    pack: &Pack,
    items: &Query<(&Item, &Name)>,
    wanted: fn(ItemEffect) -> bool,
) -> Option<Entity> {
    pack.0.iter().copied().find(|&e| {
        items
            .get(e)
            .ok()
            .and_then(|(item, _)| book.kinds.get(item.kind))
            .is_some_and(|kind| wanted(kind.effect))
    })
}

/// Whether the hero may aim at `target`: a tile in view, not its own. Says
/// why not when it may not, and then no turn passes.
fn can_aim(actors: &mut Actors, hero: Entity, target: Pos) -> bool {
    if actors.pos(hero) == Some(target) {
        actors.say("Aim at something other than yourself.");
        false
    } else if !actors.sees(target) {
        actors.say("You cannot see there.");
        false
    } else {
        true
    }
}

/// Flies the missile and sets it down where it stopped: broken, sunk, or
/// lying there to be picked up again.
fn fly(
    actors: &mut Actors,
    commands: &mut Commands,
    hero: Entity,
    loosed: &Loosed,
    target: Pos,
) -> MissileFlew {
    let from = actors.pos(hero).unwrap_or(target);
    let shot = Shot {
        missile: &loosed.name,
        shooter: hero,
        attack: loosed.attack,
        range: loosed.range,
    };
    let flight = actors.loose(&shot, target).unwrap_or(Flight {
        path: Vec::new(),
        struck: None,
        blocked: false,
    });
    let landing = flight.landing(from);
    let fate = actors.fate(loosed.breaks_percent, landing);
    let lies = fate == Fate::Lies;
    if lies {
        let seen = actors.sees(landing);
        commands
            .entity(loosed.item)
            .insert((GridPos(landing), FogRule::Remembered { seen }));
    } else {
        commands.entity(loosed.item).despawn();
    }
    let missile = capitalised(&the(&loosed.name));
    if flight.blocked {
        actors.say(format!("{missile} hits the wall."));
    } else if flight.struck.is_none() && landing != target {
        actors.say(format!("{missile} falls short."));
    } else if flight.struck.is_none() && lies {
        let ground = the(actors.level.terrain.tile(landing).name());
        actors.say(format!("{missile} lands on {ground}."));
    }
    match fate {
        Fate::Breaks => actors.say(format!("{missile} breaks.")),
        Fate::Sinks => actors.say(format!("{missile} sinks.")),
        Fate::Lies => {}
    }
    MissileFlew {
        from,
        path: flight.path,
        item: lies.then_some(loosed.item),
        sprite: loosed.sprite.clone(),
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
pub(crate) struct Flight {
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
pub(crate) enum Fate {
    /// It lies there, to be picked up.
    Lies,
    Breaks,
    /// It came down in water.
    Sinks,
}

/// Where a missile that `shooter` at `from` aims at `target` would go,
/// flying at most `range` tiles along the line sight follows: up to the
/// first fighter on it, or to the tile before one that blocks sight.
pub(crate) fn flight(
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
    pub(crate) fn loose(&mut self, shot: &Shot, target: Pos) -> Option<Flight> {
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
    pub(crate) fn fate(&mut self, breaks_percent: u32, landing: Pos) -> Fate {
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
        let Ok(shooter) = self.fighters.get(shot.shooter) else {
            return;
        };
        let shooter_is_hero = shooter.is_hero;
        let cause = format!("killed by {}", crate::vocab::text::a(shooter.name));
        let Ok(defense) = self.fighters.get(target).map(|t| t.fighter.defense) else {
            return;
        };
        let damage = damage_roll(&mut self.rng.0, shot.attack, defense);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::actors::arena::{arena, lines, with_actors};
    use crate::vocab::resources::RulesRng;

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
}
