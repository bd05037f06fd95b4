//! Scrolls: lightning strikes the nearest visible enemy; paralysis holds a
//! target for some turns; a fireball burns everything near its target, the
//! hero included; teleport takes the hero far away; mapping shows the
//! level's layout (drawn into the hero's memory by `fov`); identify names
//! one unknown kind in the pack. Reading a scroll teaches its kind.

use bevy::prelude::*;
use gloomdelve_core::fov::{disc, within_radius};
use gloomdelve_core::{Pos, Tile};

use crate::rules::actors::Actors;
use crate::rules::items::lore::{identify, learn};
use crate::vocab::components::Hero;
use crate::vocab::components::{Item, Pack};
use crate::vocab::data::{ItemEffect, ScrollKind};
use crate::vocab::game::NewGame;
use crate::vocab::intents::ReadIntent;
use crate::vocab::lore::Lore;
use crate::vocab::messages::SpellCast;
use crate::vocab::messages::TurnTaken;
use crate::vocab::statuses::{Status, Statuses};
use crate::vocab::text::{capitalised, the};

/// Plays a pending `Read`: the scroll is used up only when it works.
pub(crate) fn read_scroll(
    mut intents: MessageReader<ReadIntent>,
    mut commands: Commands,
    mut actors: Actors,
    new_game: Res<NewGame>,
    hero: Single<(Entity, &mut Pack), With<Hero>>,
    items: Query<(&Item, &Name)>,
    mut lore: ResMut<Lore>,
    (mut casts, mut taken): (MessageWriter<SpellCast>, MessageWriter<TurnTaken>),
) {
    let Some(&ReadIntent { scroll, target }) = intents.read().last() else {
        return;
    };
    let (hero, mut pack) = hero.into_inner();
    let Ok((item, name)) = items.get(scroll) else {
        return;
    };
    let data = &new_game.items.kinds[item.kind];
    let ItemEffect::Scroll(kind) = data.effect else {
        return;
    };
    if !pack.0.contains(&scroll) {
        return;
    }
    let rules = &new_game.rules;
    let Some(from) = actors.pos(hero) else {
        return;
    };
    let tiles = match (kind, target) {
        (ScrollKind::Lightning, _) => lightning(&mut actors, hero, rules.lightning_damage),
        (ScrollKind::Paralyze, Some(at)) => {
            paralyze(&mut actors, &mut commands, at, rules.paralyze_turns)
        }
        (ScrollKind::Fireball, Some(at)) => fireball(
            &mut actors,
            at,
            rules.fireball_radius,
            rules.fireball_damage,
        ),
        (ScrollKind::Teleport, _) => teleport(&mut actors, hero, rules.teleport_at_least),
        (ScrollKind::Mapping, _) => {
            actors.say("The scroll's lines become the shape of the level.");
            Some(Vec::new())
        }
        (ScrollKind::Identify, _) => {
            let packed: Vec<usize> = pack
                .0
                .iter()
                .filter(|&&e| e != scroll)
                .filter_map(|&e| items.get(e).ok().map(|(i, _)| i.kind))
                .collect();
            // Learned first, so that it never names itself.
            lore.learn(data);
            let book = &new_game.items;
            let rng = &mut actors.rng.0;
            let line = identify(&mut lore, book, packed, |n| rng.range(0, n as i32) as usize);
            actors.say(line);
            Some(Vec::new())
        }
        (_, None) => {
            actors.say("That scroll needs a target.");
            None
        }
    };
    // A scroll that did its work, or showed what it is by failing, is known.
    if (target.is_some() || !kind.is_aimed())
        && let Some(line) = learn(&mut lore, data, name.as_str())
    {
        actors.say(line);
    }
    let Some(tiles) = tiles else {
        return;
    };
    pack.0.retain(|&e| e != scroll);
    commands.entity(scroll).despawn();
    // An aimed scroll goes where it was aimed, teleport ends on its last
    // tile, lightning strikes its one.
    let at = match kind {
        _ if kind.is_aimed() => target,
        ScrollKind::Teleport => tiles.last().copied(),
        _ => tiles.first().copied(),
    };
    let at = at.unwrap_or(from);
    casts.write(SpellCast {
        kind,
        from,
        at,
        tiles,
    });
    taken.write(TurnTaken);
}

/// Strikes the nearest enemy in view; `None` (the scroll is kept) when there is none.
fn lightning(actors: &mut Actors, hero: Entity, damage: i32) -> Option<Vec<Pos>> {
    let from = actors.pos(hero)?;
    let distance = |at: Pos| (at.x - from.x).pow(2) + (at.y - from.y).pow(2);
    let nearest = actors
        .foes()
        .into_iter()
        .filter(|(_, at)| actors.sees(*at))
        .min_by_key(|(_, at)| (distance(*at), *at));
    let Some((target, at)) = nearest else {
        actors.say("The scroll crackles, but no enemy is in view.");
        return None;
    };
    let blow = actors.hurt(target, damage, "killed by lightning".to_string())?;
    actors.credit_hero(&blow);
    actors.say(format!(
        "Lightning strikes {} for {damage} damage.{}",
        the(&blow.name),
        blow.death_note()
    ));
    Some(vec![at])
}

/// Takes the hero to a free tile it could walk to from the level's
/// arrival, at least `at_least` tiles away each way, or
/// the farthest free tile when none is that far; `None` (the scroll is
/// kept) when there is nowhere else to stand.
fn teleport(actors: &mut Actors, hero: Entity, at_least: i32) -> Option<Vec<Pos>> {
    let from = actors.pos(hero)?;
    // Only where the hero can walk from the level's arrival: never into a
    // locked vault, nor onto an altar.
    let terrain = &actors.level.terrain;
    let mut free = terrain.walkable_reached_from(actors.level.start);
    free.retain(|&p| terrain.tile(p) != Tile::Altar && actors.occupancy.is_free(p));
    let far: Vec<Pos> = free
        .iter()
        .copied()
        .filter(|p| p.chebyshev(from) >= at_least)
        .collect();
    let to = if far.is_empty() {
        free.iter().copied().max_by_key(|p| (p.chebyshev(from), *p))
    } else {
        Some(far[actors.rng.0.range(0, far.len() as i32) as usize])
    };
    let Some(to) = to else {
        actors.say("The scroll flickers, but there is nowhere else to be.");
        return None;
    };
    actors.teleport(hero, to);
    actors.say("The world twists, and you are elsewhere.");
    Some(vec![from, to])
}

/// Holds the creature on a visible `at` for `turns` turns.
fn paralyze(actors: &mut Actors, commands: &mut Commands, at: Pos, turns: u32) -> Option<Vec<Pos>> {
    let target = actors
        .foes()
        .into_iter()
        .find(|(_, p)| *p == at && actors.sees(at));
    let Some((target, _)) = target else {
        actors.say("There is nothing there you can see to paralyze.");
        return None;
    };
    commands
        .entity(target)
        .entry::<Statuses>()
        .or_default()
        .and_modify(move |mut held| held.give(Status::Paralysed, turns));
    let name = actors
        .name(target)
        .unwrap_or_else(|| "creature".to_string());
    actors.say(format!("{} freezes, paralyzed.", capitalised(&the(&name))));
    Some(vec![at])
}

/// Burns everything within `radius` of a visible `at`, the hero included.
fn fireball(actors: &mut Actors, at: Pos, radius: i32, damage: i32) -> Option<Vec<Pos>> {
    if !actors.sees(at) {
        actors.say("You cannot see there.");
        return None;
    }
    let inside = |p: Pos| within_radius(p.x - at.x, p.y - at.y, radius);
    let mut victims: Vec<(Entity, Pos)> = actors
        .foes()
        .into_iter()
        .filter(|(_, p)| inside(*p))
        .collect();
    if let Some(hero) = actors.hero().filter(|(_, p)| inside(*p)) {
        victims.push(hero);
    }
    victims.sort_by_key(|(_, at)| *at);
    actors.say("The fireball explodes!");
    for (victim, _) in victims {
        if let Some(blow) = actors.hurt(victim, damage, "killed by your own fireball".to_string()) {
            actors.credit_hero(&blow);
            let line = format!(
                "The fireball burns {} for {damage} damage.{}",
                blow.victim(),
                blow.death_note()
            );
            actors.say(line);
        }
    }
    Some(disc(at, radius))
}
