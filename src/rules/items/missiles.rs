//! Missiles: thrown by hand with `t`, or shot with `f` from a bow carried
//! in the pack. Only a tile in view may be aimed at. A missile flies the
//! line sight follows, strikes the first fighter on it and lands there, or
//! on the tile before a wall; some break where they stop, and one that
//! comes down in water sinks. What lands can be picked up again.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::combat::{Actors, Fate, Flight, Shot};
use crate::vocab::components::{Equipment, FogRule, GridPos, Hero, Item, Pack};
use crate::vocab::data::{ItemBook, ItemEffect, Launcher, Missile};
use crate::vocab::game::NewGame;
use crate::vocab::intents::{FireIntent, ThrowIntent};
use crate::vocab::messages::{MissileFlew, TurnTaken};
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
pub struct Launch<'w, 's> {
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
pub fn throw_missile(mut intents: MessageReader<ThrowIntent>, mut launch: Launch) {
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
pub fn fire_bow(mut intents: MessageReader<FireIntent>, mut launch: Launch) {
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
pub struct Quiver<'w, 's> {
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
    pub fn to_throw(&self) -> Option<Entity> {
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
    pub fn cannot_shoot(&self) -> Option<&'static str> {
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
pub fn best_bow(book: &ItemBook, pack: &Pack, items: &Query<(&Item, &Name)>) -> Option<Launcher> {
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
pub fn first_ammo(book: &ItemBook, pack: &Pack, items: &Query<(&Item, &Name)>) -> Option<Entity> {
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
