//! Fighting: blows struck through [`Actors`], death and corpses, the
//! hero's regeneration, and its death.

use bevy::prelude::*;
use gloomdelve_core::Pos;
use gloomdelve_core::combat::damage_roll;

use crate::rules::actors::Actors;
use crate::vocab::components::{
    Corpse, Creature, Drawn, FogRule, GridPos, Health, Hero, Item, Layer, Revives, Stomach,
};
use crate::vocab::game::NewGame;
use crate::vocab::keys::KeyBindings;
use crate::vocab::log::GameLog;
use crate::vocab::messages::{Damaged, Died, Disturbed, Moved, Struck, TurnTaken};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::{DeathCause, Kills, MonstersInView, TurnCount};
use crate::vocab::states::{DeathSteps, Screen, TurnPhase};
use crate::vocab::text::{capitalised, the};
use gloomdelve_core::bindings::KeyAction;

impl Actors<'_, '_> {
    /// One blow from `attacker` to `target`, with its log line when the
    /// hero can see it. A blow that kills frees the tile at once.
    pub fn strike(&mut self, attacker: Entity, target: Entity) {
        let Ok(a) = self.fighters.get(attacker) else {
            return;
        };
        let (a_name, a_pos, attack, a_hero) =
            (a.name.to_string(), a.pos.0, a.fighter.attack, a.is_hero);
        let Ok(defense) = self.fighters.get(target).map(|t| t.fighter.defense) else {
            return;
        };
        let mut damage = damage_roll(&mut self.rng.0, attack, defense);
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
            let Ok(mut t) = self.fighters.get_mut(target) else {
                return None;
            };
            if t.health.hp <= 0 {
                return None;
            }
            t.health.hp = t.health.hp.saturating_sub(damage);
            let killed = t.health.hp <= 0;
            (t.name.to_string(), t.pos.0, t.is_hero, killed, t.health.max)
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
    pub(crate) fn credit_hero(&mut self, blow: &Blow) {
        if blow.killed && !blow.target_is_hero {
            self.kills.0.push((blow.name.clone(), blow.max_hp));
        }
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
    pub(crate) fn victim(&self) -> String {
        if self.target_is_hero {
            "you".to_string()
        } else {
            the(&self.name)
        }
    }

    /// What follows its damage in a line: see [`death_note`].
    pub(crate) fn death_note(&self) -> &'static str {
        death_note(self.killed, self.target_is_hero)
    }
}

/// "You hit the bat for 3 damage." / "The goblin hits you for 2 damage." /
/// "You hit the rat for 4 damage. It dies." / "The bat hits you for 1
/// damage. You die." A kill says its damage too, as lightning's does.
pub(crate) fn blow_message(
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
pub(crate) fn death_note(killed: bool, target_is_hero: bool) -> &'static str {
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
                .in_set(DeathSteps::Bodies),
            advise_rest
                .in_set(TurnPhase::UpdateHud)
                .run_if(on_message::<TurnTaken>),
        ),
    );
}

/// Dead creatures become corpses: food worth `maxHp × corpse_food_per_hp`
/// (rules.ron), picked up like
/// any item when the item data has a "corpse" kind.
fn leave_corpses(
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
            bones: false,
            sprouted: false,
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

/// When the last creature in view is gone and the hero is down to half its
/// HP or less, the log says that resting heals, naming the wait key in
/// force.
fn advise_rest(
    spotted: Res<MonstersInView>,
    hero: Single<&Health, With<Hero>>,
    keys: Res<KeyBindings>,
    turn: Res<TurnCount>,
    mut log: ResMut<GameLog>,
) {
    let health = *hero;
    let badly_hurt = health.hp > 0 && health.hp.saturating_mul(2) <= health.max;
    if spotted.all_gone && badly_hurt {
        let wait = keys.key(KeyAction::Wait);
        log.say(
            turn.0,
            format!("You are badly hurt. Rest with {wait} to heal."),
        );
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
    use crate::rules::actors::arena::{arena, lines, with_actors};
    use crate::vocab::components::Sluggish;
    use crate::vocab::resources::{Occupancy, Seen, Sight};
    use crate::vocab::statuses::{Status, Statuses};

    fn strike(world: &mut World, attacker: Entity, target: Entity) {
        with_actors(world, move |actors| actors.strike(attacker, target));
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
