//! Hunger (SPEC.md "Hunger"): every turn costs food and digging costs
//! more; the hero eats rations and corpses, may stretch its stomach or get
//! sick on rotten meat, and weakens, then starves, when it does not eat.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gloomdelve_core::Pos;

use crate::rules::actors::Actors;

use crate::vocab::components::Corpse;

use crate::rules::items::{StackParts, slots, stack_in, stack_of};
use crate::vocab::components::Gear;
use crate::vocab::components::Health;
use crate::vocab::components::Hunger;
use crate::vocab::components::Stomach;
use crate::vocab::components::{Drawn, GridPos, Hero};
use crate::vocab::components::{Dropped, FogRule, PACK_SIZE};
use crate::vocab::components::{Item, Pack};
use crate::vocab::data::{HungerRules, ItemBook};
use crate::vocab::game::NewGame;
use crate::vocab::intents::EatIntent;
use crate::vocab::log::GameLog;
use crate::vocab::messages::HeroAte;
use crate::vocab::messages::HeroDug;
use crate::vocab::messages::TurnTaken;
use crate::vocab::resources::DeathCause;
use crate::vocab::resources::RulesRng;
use crate::vocab::resources::TurnCount;
use crate::vocab::states::HeroTurn;
use crate::vocab::states::TurnPhase;
use crate::vocab::statuses::{Status, Statuses};

/// The sprite of a corpse gone bad: `bat_corpse` becomes `bat_rotten_corpse`.
/// What a body is called once it is bones: "rotten goblin corpse" is
/// "goblin bones".
fn bones_name(body: &str) -> String {
    let kind = body.strip_prefix("rotten ").unwrap_or(body);
    let kind = kind.strip_suffix(" corpse").unwrap_or(kind);
    format!("{kind} bones")
}

/// The sprite of a body once it is bones: `goblin_rotten_corpse` is
/// `goblin_bones` (drawn as the generic `bones` where the atlas has no
/// such sprite).
fn bones_sprite(body: &str) -> String {
    let kind = body
        .strip_suffix("rotten_corpse")
        .or_else(|| body.strip_suffix("corpse"));
    match kind {
        Some(kind) => format!("{kind}bones"),
        None => "bones".to_string(),
    }
}

fn rotten_sprite(fresh: &str) -> String {
    match fresh.strip_suffix("corpse") {
        Some(kind) => format!("{kind}rotten_corpse"),
        None => "rotten_corpse".to_string(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HeroDug>();
    app.add_message::<HeroAte>();
    app.add_systems(Update, eat.in_set(HeroTurn::Resolve));
    app.add_systems(
        Update,
        (
            burn_food,
            announce_hunger,
            feel_sick,
            rot_corpses,
            spill_what_the_pack_cannot_hold,
        )
            .chain()
            .in_set(TurnPhase::WorldActs)
            .run_if(on_message::<TurnTaken>),
    );
}

/// The food to eat first, of `food` (the pack's food in pack order, each
/// with its corpse if it is one): the freshest corpse, before it rots,
/// then rations and other food, and rotten meat last.
pub(crate) fn best_food<'a>(
    food: impl IntoIterator<Item = (Entity, Option<&'a Corpse>)>,
) -> Option<Entity> {
    let rank = |corpse: Option<&Corpse>| match corpse {
        Some(fresh) if !fresh.rotten => (0, std::cmp::Reverse(fresh.died)),
        None => (1, std::cmp::Reverse(0)),
        Some(rotten) => (2, std::cmp::Reverse(rotten.died)),
    };
    food.into_iter()
        .enumerate()
        .min_by_key(|(order, (_, corpse))| (rank(*corpse), *order))
        .map(|(_, (meal, _))| meal)
}

/// The hero's food, underfoot and in the pack: what the eat key offers.
#[derive(SystemParam)]
pub(crate) struct Larder<'w, 's> {
    new_game: Res<'w, NewGame>,
    hero: Query<'w, 's, (&'static GridPos, &'static Pack, Has<Stomach>), With<Hero>>,
    items: Edibles<'w, 's>,
}

impl Larder<'_, '_> {
    /// What eating should offer: `None` when the rules' `Eat` will do
    /// (food lies underfoot, there is no food at all, or no hunger), else
    /// the inventory slot of the best food in the pack, to ask about.
    pub(crate) fn offer(&self) -> Option<usize> {
        let (at, pack, hungers) = self.hero.single().ok()?;
        let book = &self.new_game.items;
        if !hungers || food_underfoot(at.0, book, &self.items).is_some() {
            return None;
        }
        let food = pack.0.iter().filter_map(|&e| {
            let (_, item, _, corpse, _) = self.items.get(e).ok()?;
            item.food_value(book, corpse).map(|_| (e, corpse))
        });
        let meal = best_food(food)?;
        let stack = |e: Entity| {
            let (_, item, name, corpse, _) = self.items.get(e).ok()?;
            stack_of(book, item, corpse.map(|_| name.as_str()))
        };
        slots(&pack.0, stack)
            .iter()
            .position(|items| items.contains(&meal))
    }
}

/// The items the hero could eat or see: food in the pack or on the floor.
type Edibles<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Item,
        &'static Name,
        Option<&'static Corpse>,
        Option<&'static GridPos>,
    ),
    Without<Hero>,
>;

/// Food lying at `at`: the earliest spawned, so the choice is repeatable.
fn food_underfoot(at: Pos, book: &ItemBook, items: &Edibles) -> Option<Entity> {
    items
        .iter()
        .filter(|(_, item, _, corpse, pos)| {
            pos.is_some_and(|p| p.0 == at) && item.food_value(book, *corpse).is_some()
        })
        .map(|(entity, ..)| entity)
        .min()
}

/// What a meal tells: its lines in the log, the turn it took, and what
/// it was worth.
#[derive(SystemParam)]
pub(crate) struct MealTold<'w> {
    log: ResMut<'w, GameLog>,
    turn: Res<'w, TurnCount>,
    taken: MessageWriter<'w, TurnTaken>,
    ate: MessageWriter<'w, HeroAte>,
}

/// Eats food from the pack or from the floor. Eating takes a turn.
pub(crate) fn eat(
    mut intents: MessageReader<EatIntent>,
    new_game: Res<NewGame>,
    mut hero: Query<(Entity, &GridPos, &mut Pack, &mut Stomach, &mut Health), With<Hero>>,
    items: Edibles,
    mut rng: ResMut<RulesRng>,
    mut told: MealTold,
    mut cause: ResMut<DeathCause>,
    mut commands: Commands,
) {
    let Some(&intent) = intents.read().last() else {
        return;
    };
    let book = &new_game.items;
    let mut say = |text: String| told.log.say(told.turn.0, text);
    let Ok((hero, at, mut pack, mut stomach, mut health)) = hero.single_mut() else {
        return say("There is no hunger in the hunt; you need not eat.".to_string());
    };
    let meal = match intent {
        EatIntent::Underfoot => food_underfoot(at.0, book, &items),
        EatIntent::Carried(item) if pack.0.contains(&item) => Some(item),
        EatIntent::Carried(_) => return,
    };
    let Some(meal) = meal else {
        return say("There is nothing here to eat.".to_string());
    };
    let Ok((_, item, name, corpse, _)) = items.get(meal) else {
        return;
    };
    let Some(food) = item.food_value(book, corpse) else {
        return;
    };
    told.ate.write(HeroAte { food });
    pack.0.retain(|&e| e != meal);
    commands.entity(meal).despawn();
    say(format!(
        "You eat {}.",
        crate::vocab::text::the(name.as_str())
    ));
    if stomach.fill(food) {
        say("You can't believe your stomach can hold that much!".to_string());
        health.hp = health.hp.saturating_sub(1);
        if health.hp <= 0 {
            cause.0 = Some("burst from overeating".to_string());
        }
    }
    let rules = &new_game.rules.hunger;
    if corpse.is_some_and(|c| c.rotten) && rng.0.chance(rules.rotten_sickness_chance) {
        say("That meat was rotten. You feel sick.".to_string());
        let turns = rules.sickness_turns;
        commands
            .entity(hero)
            .entry::<Statuses>()
            .or_default()
            .and_modify(move |mut held| held.give(Status::Sick, turns));
    }
    told.taken.write(TurnTaken);
}

/// Each turn costs food, a dig and heavy armour more. At 0 food the hero starves.
fn burn_food(
    new_game: Res<NewGame>,
    mut dug: MessageReader<HeroDug>,
    mut hero: Query<(&mut Stomach, &mut Health, Option<&Gear>), With<Hero>>,
    mut cause: ResMut<DeathCause>,
) {
    let digs = dug.read().count() as i32;
    let Ok((mut stomach, mut health, gear)) = hero.single_mut() else {
        return;
    };
    let rules = &new_game.rules.hunger;
    let cost = rules
        .food_per_dig
        .saturating_mul(digs)
        .saturating_add(rules.food_per_turn)
        .saturating_add(gear.map_or(0, |g| g.food_per_turn));
    stomach.food = stomach.food.saturating_sub(cost).max(0);
    if stomach.food == 0 && health.hp > 0 {
        health.hp = 0;
        cause.0 = Some("starved".to_string());
    }
}

/// Says so when the hunger state changes (see [`Hunger::after`]).
fn announce_hunger(
    new_game: Res<NewGame>,
    mut hero: Query<&mut Stomach, With<Hero>>,
    mut log: ResMut<GameLog>,
    turn: Res<TurnCount>,
) {
    let Ok(mut stomach) = hero.single_mut() else {
        return;
    };
    let now = Hunger::after(stomach.state, stomach.food, &new_game.rules.hunger);
    if now != stomach.state {
        log.say(turn.0, stomach.state.change_message(now));
        stomach.state = now;
    }
}

/// A sick hero loses HP each turn until the sickness passes (it wears
/// off with every status, in `rules/statuses.rs`).
fn feel_sick(new_game: Res<NewGame>, held: Query<(Entity, &Statuses)>, mut actors: Actors) {
    let damage = new_game.rules.hunger.sickness_damage;
    for (entity, statuses) in &held {
        if statuses.has(Status::Sick) {
            actors.hurt(entity, damage, "poisoned by rotten meat".to_string());
        }
    }
}

/// A body as it lies: its stage, its name and its sprite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Body {
    pub corpse: Corpse,
    pub name: String,
    pub sprite: String,
}

/// The body `corpse`, called `name` and drawn `sprite`, at `age` turns,
/// if that is a later stage than it is at: rotten (worth half) from
/// `corpse_rots_after`, bones (no food) from `corpse_bones_after`, a stage
/// skipped when the age passed both. Nothing is copied for a body whose
/// stage stays.
pub(crate) fn ripened(
    corpse: &Corpse,
    (name, sprite): (&str, &str),
    age: u64,
    rules: &HungerRules,
) -> Option<Body> {
    if corpse.bones {
        return None;
    }
    if age >= rules.corpse_bones_after {
        return Some(Body {
            corpse: Corpse {
                food: 0,
                rotten: true,
                bones: true,
                ..*corpse
            },
            name: bones_name(name),
            sprite: bones_sprite(sprite),
        });
    }
    (age >= rules.corpse_rots_after && !corpse.rotten).then(|| Body {
        corpse: Corpse {
            food: corpse.food / 2,
            rotten: true,
            ..*corpse
        },
        name: format!("rotten {name}"),
        sprite: rotten_sprite(sprite),
    })
}

/// Corpses turn rotten, worth half, and later to bones, which are no food
/// and stay where they lie; in the pack a corpse rots away instead.
fn rot_corpses(
    new_game: Res<NewGame>,
    turn: Res<TurnCount>,
    mut corpses: Query<(Entity, &mut Corpse, &mut Name, &mut Drawn)>,
    mut packs: Query<&mut Pack>,
    mut log: ResMut<GameLog>,
    mut commands: Commands,
) {
    let rules = &new_game.rules.hunger;
    for (entity, mut corpse, mut name, mut drawn) in &mut corpses {
        let age = turn.0.saturating_sub(corpse.died);
        if corpse.bones {
            continue;
        }
        let old = age >= rules.corpse_bones_after;
        let carried = old && packs.iter().any(|pack| pack.0.contains(&entity));
        if !carried {
            let body = (name.as_str(), drawn.sprite.as_str());
            if let Some(later) = ripened(&corpse, body, age, rules) {
                *corpse = later.corpse;
                *name = Name::new(later.name);
                drawn.sprite = later.sprite;
            }
        } else {
            for mut pack in &mut packs {
                if pack.0.contains(&entity) {
                    pack.0.retain(|&e| e != entity);
                    log.say(
                        turn.0,
                        format!(
                            "{} in your pack rots away.",
                            crate::vocab::text::capitalised(&crate::vocab::text::the(
                                name.as_str()
                            ))
                        ),
                    );
                }
            }
            commands.entity(entity).despawn();
        }
    }
}

/// A corpse that rots in the pack leaves its stack of fresh ones: when
/// that needs a slot a full pack lacks, the rotten corpses fall out at the
/// hero's feet.
fn spill_what_the_pack_cannot_hold(
    new_game: Res<NewGame>,
    turn: Res<TurnCount>,
    mut packs: Query<(&mut Pack, &GridPos)>,
    items: Query<StackParts>,
    corpses: Query<&Corpse>,
    mut log: ResMut<GameLog>,
    mut commands: Commands,
) {
    let book = &new_game.items;
    for (mut pack, at) in &mut packs {
        let stacks = slots(&pack.0, |e| stack_in(book, &items, e));
        if stacks.len() <= PACK_SIZE {
            continue;
        }
        let rotten =
            |slot: &&Vec<Entity>| slot.iter().all(|&e| corpses.get(e).is_ok_and(|c| c.rotten));
        let Some(spilt) = stacks.iter().filter(rotten).min_by_key(|slot| slot.len()) else {
            continue;
        };
        pack.0.retain(|e| !spilt.contains(e));
        for &corpse in spilt {
            commands.entity(corpse).insert((
                GridPos(at.0),
                FogRule::Remembered { seen: true },
                Dropped,
            ));
        }
        let name = items
            .get(spilt[0])
            .map_or("corpse", |(_, name, _)| name.as_str());
        log.say(
            turn.0,
            format!(
                "Your pack is full: {} falls out.",
                crate::vocab::text::the(name)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpse(died: u64, rotten: bool) -> Corpse {
        Corpse {
            food: 10,
            died,
            rotten,
            bones: false,
            sprouted: false,
        }
    }

    #[test]
    fn bones_are_named_and_drawn_after_the_body() {
        assert_eq!(bones_name("rotten goblin corpse"), "goblin bones");
        assert_eq!(bones_name("goblin archer corpse"), "goblin archer bones");
        assert_eq!(bones_sprite("goblin_rotten_corpse"), "goblin_bones");
        assert_eq!(bones_sprite("bat_corpse"), "bat_bones");
        assert_eq!(bones_sprite("rotten_corpse"), "bones");
    }

    #[test]
    fn the_best_food_is_the_freshest_corpse_then_rations_then_rotten_meat() {
        let e = |i| Entity::from_raw_u32(i).unwrap();
        let (old, fresh, rotten) = (corpse(5, false), corpse(9, false), corpse(20, true));
        let pack = [(e(1), None), (e(2), Some(&old)), (e(3), Some(&fresh))];
        assert_eq!(best_food(pack), Some(e(3)), "the freshest corpse");
        let pack = [(e(1), Some(&rotten)), (e(2), None), (e(4), None)];
        assert_eq!(best_food(pack), Some(e(2)), "the first ration, not rot");
        assert_eq!(best_food([(e(1), Some(&rotten))]), Some(e(1)));
        assert_eq!(best_food(std::iter::empty()), None);
    }
}
