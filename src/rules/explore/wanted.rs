//! What auto-explore goes out of its way for: the items in view or
//! remembered that a player would want (food, coins, potions, scrolls, the
//! Gold Key, gear better than any it carries, and, when hungry, a fresh
//! corpse to eat), never junk it already has better of, nor rotten meat,
//! nor what the hero dropped.

use gloomdelve_core::Pos;

use crate::vocab::data::ItemEffect;

/// The best weapon and armour the hero carries, worn or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BestGear {
    pub weapon: Option<i32>,
    pub armour: Option<i32>,
    /// The best bow's attack.
    pub bow: Option<i32>,
}

impl BestGear {
    /// The best of each kind among the effects of what is carried.
    pub fn of(carried: impl IntoIterator<Item = ItemEffect>) -> Self {
        carried
            .into_iter()
            .fold(Self::default(), |best, effect| match effect {
                ItemEffect::Weapon(v) => Self {
                    weapon: best.weapon.max(Some(v)),
                    ..best
                },
                ItemEffect::Armour(v) => Self {
                    armour: best.armour.max(Some(v)),
                    ..best
                },
                ItemEffect::Bow(bow) => Self {
                    bow: best.bow.max(Some(bow.attack)),
                    ..best
                },
                _ => best,
            })
    }

    /// Whether `effect` is gear better than the best of its kind carried
    /// (false for anything that is not gear).
    pub(crate) fn is_beaten_by(&self, effect: ItemEffect) -> bool {
        match effect {
            ItemEffect::Weapon(v) => self.weapon.is_none_or(|w| v > w),
            ItemEffect::Armour(v) => self.armour.is_none_or(|a| v > a),
            ItemEffect::Bow(bow) => self.bow.is_none_or(|b| bow.attack > b),
            _ => false,
        }
    }
}

/// What the hero carries, as far as wanting more goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carrying {
    pub best: BestGear,
    /// Whether the pack has a free slot (coins need none).
    pub room: bool,
    /// Whether the hero is hungry or worse: only then is a corpse, eaten
    /// where it lies, worth a walk.
    pub hungry: bool,
}

/// An item lying about, as wanting it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lying {
    pub effect: ItemEffect,
    /// `Some(rotten)` for a corpse.
    pub corpse: Option<bool>,
    /// Whether the hero dropped it.
    pub dropped: bool,
}

impl Lying {
    /// Anything lying that is neither a corpse nor dropped.
    pub fn plain(effect: ItemEffect) -> Self {
        Self {
            effect,
            corpse: None,
            dropped: false,
        }
    }
}

impl Carrying {
    /// Whether a player carrying this would walk to `lying`: never to what
    /// they dropped, nor to rotten meat; to a fresh corpse only when
    /// hungry; to gear only when it beats what they carry.
    pub fn wants(&self, lying: Lying) -> bool {
        if lying.dropped {
            return false;
        }
        if let Some(rotten) = lying.corpse {
            return self.hungry && !rotten;
        }
        match lying.effect {
            ItemEffect::Coins(_) => true,
            _ if !self.room => false,
            ItemEffect::Food(_)
            | ItemEffect::Heal(_)
            | ItemEffect::Regenerate(_)
            | ItemEffect::FarSight(_)
            | ItemEffect::Weaken(_)
            | ItemEffect::Scroll(_)
            | ItemEffect::Key
            | ItemEffect::VaultKey => true,
            ItemEffect::Thrown(_) | ItemEffect::Ammo(_) => true,
            ItemEffect::Weapon(_) | ItemEffect::Armour(_) | ItemEffect::Bow(_) => {
                self.best.is_beaten_by(lying.effect)
            }
            ItemEffect::Remains => false,
        }
    }

    /// Whether `lying` would be wanted with room in the pack: left
    /// underfoot, it is worth stopping for.
    pub(crate) fn would_want(&self, lying: Lying) -> bool {
        Self {
            room: true,
            ..*self
        }
        .wants(lying)
    }
}

/// The tiles, other than `at`, that hold an item the hero knows of and
/// wants; `lying` lists each item's tile and what it is, and `known` says
/// which tiles the hero has seen.
pub(crate) fn wanted_tiles(
    lying: impl IntoIterator<Item = (Pos, Lying)>,
    carrying: Carrying,
    at: Pos,
    known: impl Fn(Pos) -> bool,
) -> Vec<Pos> {
    let mut tiles: Vec<Pos> = lying
        .into_iter()
        .filter(|&(pos, item)| pos != at && known(pos) && carrying.wants(item))
        .map(|(pos, _)| pos)
        .collect();
    tiles.sort_unstable();
    tiles.dedup();
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::data::ScrollKind;

    fn carrying(weapon: Option<i32>, armour: Option<i32>, room: bool) -> Carrying {
        Carrying {
            best: BestGear {
                weapon,
                armour,
                bow: None,
            },
            room,
            hungry: false,
        }
    }

    fn corpse(rotten: bool) -> Lying {
        Lying {
            corpse: Some(rotten),
            ..Lying::plain(ItemEffect::Food(30))
        }
    }

    #[test]
    fn the_best_gear_is_the_best_of_each_kind() {
        let best = BestGear::of([
            ItemEffect::Weapon(2),
            ItemEffect::Food(350),
            ItemEffect::Weapon(5),
            ItemEffect::Armour(1),
        ]);
        assert_eq!(
            best,
            BestGear {
                weapon: Some(5),
                armour: Some(1),
                bow: None,
            }
        );
        assert_eq!(BestGear::of([]), BestGear::default());
    }

    #[test]
    fn gear_is_wanted_only_when_better_than_what_is_carried() {
        let hero = carrying(Some(3), None, true);
        let wants = |effect| hero.wants(Lying::plain(effect));
        assert!(!wants(ItemEffect::Weapon(2)), "junk");
        assert!(!wants(ItemEffect::Weapon(3)), "the same again");
        assert!(wants(ItemEffect::Weapon(5)));
        assert!(wants(ItemEffect::Armour(1)), "no armour yet");
    }

    #[test]
    fn food_coins_potions_scrolls_are_wanted() {
        let hero = carrying(None, None, true);
        for effect in [
            ItemEffect::Food(350),
            ItemEffect::Coins(8),
            ItemEffect::Heal(10),
            ItemEffect::Scroll(ScrollKind::Fireball),
            ItemEffect::Key,
        ] {
            assert!(hero.wants(Lying::plain(effect)), "{effect:?}");
        }
    }

    #[test]
    fn corpses_are_wanted_only_fresh_and_by_the_hungry() {
        let fed = carrying(None, None, true);
        let hungry = Carrying {
            hungry: true,
            ..fed
        };
        assert!(!fed.wants(corpse(false)), "a fed hero leaves corpses be");
        assert!(hungry.wants(corpse(false)), "a hungry one goes to eat");
        assert!(!hungry.wants(corpse(true)), "never to rotten meat");
        let full = Carrying {
            room: false,
            ..hungry
        };
        assert!(
            full.wants(corpse(false)),
            "eaten where it lies: no room needed"
        );
    }

    #[test]
    fn what_the_hero_dropped_is_never_fetched() {
        let hero = carrying(None, None, true);
        for effect in [
            ItemEffect::Weapon(5),
            ItemEffect::Coins(8),
            ItemEffect::Heal(10),
        ] {
            let dropped = Lying {
                dropped: true,
                ..Lying::plain(effect)
            };
            assert!(!hero.wants(dropped), "{effect:?}");
            assert!(hero.wants(Lying::plain(effect)), "{effect:?} not dropped");
        }
    }

    #[test]
    fn a_full_pack_wants_only_coins_but_would_want_the_rest() {
        let full = carrying(None, None, false);
        assert!(full.wants(Lying::plain(ItemEffect::Coins(8))));
        assert!(!full.wants(Lying::plain(ItemEffect::Food(350))));
        assert!(!full.wants(Lying::plain(ItemEffect::Weapon(5))));
        assert!(full.would_want(Lying::plain(ItemEffect::Heal(10))));
        assert!(!full.would_want(corpse(false)), "not hungry");
        let dropped = Lying {
            dropped: true,
            ..Lying::plain(ItemEffect::Heal(10))
        };
        assert!(!full.would_want(dropped), "not what it dropped");
    }

    #[test]
    fn wanted_tiles_leave_out_the_heros_tile_the_unknown_and_junk() {
        let lying = [
            (Pos::new(3, 1), ItemEffect::Heal(10)),
            (Pos::new(1, 1), ItemEffect::Heal(10)),
            (Pos::new(2, 2), ItemEffect::Food(350)),
            (Pos::new(9, 9), ItemEffect::Coins(8)),
            (Pos::new(4, 4), ItemEffect::Weapon(1)),
            (Pos::new(3, 1), ItemEffect::Coins(8)),
        ]
        .map(|(pos, effect)| (pos, Lying::plain(effect)));
        let tiles = wanted_tiles(lying, carrying(Some(2), None, true), Pos::new(1, 1), |p| {
            p.x < 5
        });
        assert_eq!(tiles, vec![Pos::new(2, 2), Pos::new(3, 1)]);
    }
}
