//! What auto-explore goes out of its way for: the items in view or
//! remembered that a player would want (food, coins, potions, scrolls, the
//! Gold Key, and gear better than any it carries), never junk it already
//! has better of, nor rotten meat.

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
    pub fn is_beaten_by(&self, effect: ItemEffect) -> bool {
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
}

impl Carrying {
    /// Whether a player carrying this would walk to an item with `effect`
    /// (`rotten` for a corpse gone bad).
    pub fn wants(&self, effect: ItemEffect, rotten: bool) -> bool {
        match effect {
            ItemEffect::Coins(_) => true,
            _ if !self.room => false,
            ItemEffect::Food(_) => !rotten,
            ItemEffect::Heal(_)
            | ItemEffect::Regenerate(_)
            | ItemEffect::FarSight(_)
            | ItemEffect::Scroll(_)
            | ItemEffect::Key => true,
            ItemEffect::Thrown(_) | ItemEffect::Ammo(_) => true,
            ItemEffect::Weapon(_) | ItemEffect::Armour(_) | ItemEffect::Bow(_) => {
                self.best.is_beaten_by(effect)
            }
        }
    }
}

/// The tiles, other than `at`, that hold an item the hero knows of and
/// wants; `lying` lists each item's tile, effect and rottenness, and
/// `known` says which tiles the hero has seen.
pub fn wanted_tiles(
    lying: impl IntoIterator<Item = (Pos, ItemEffect, bool)>,
    carrying: Carrying,
    at: Pos,
    known: impl Fn(Pos) -> bool,
) -> Vec<Pos> {
    let mut tiles: Vec<Pos> = lying
        .into_iter()
        .filter(|&(pos, effect, rotten)| pos != at && known(pos) && carrying.wants(effect, rotten))
        .map(|(pos, ..)| pos)
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
        assert!(!hero.wants(ItemEffect::Weapon(2), false), "junk");
        assert!(!hero.wants(ItemEffect::Weapon(3), false), "the same again");
        assert!(hero.wants(ItemEffect::Weapon(5), false));
        assert!(hero.wants(ItemEffect::Armour(1), false), "no armour yet");
    }

    #[test]
    fn food_coins_potions_scrolls_are_wanted_but_not_rotten_meat() {
        let hero = carrying(None, None, true);
        for effect in [
            ItemEffect::Food(350),
            ItemEffect::Coins(8),
            ItemEffect::Heal(10),
            ItemEffect::Scroll(ScrollKind::Fireball),
            ItemEffect::Key,
        ] {
            assert!(hero.wants(effect, false), "{effect:?}");
        }
        assert!(!hero.wants(ItemEffect::Food(15), true), "rotten meat");
    }

    #[test]
    fn a_full_pack_wants_only_coins() {
        let full = carrying(None, None, false);
        assert!(full.wants(ItemEffect::Coins(8), false));
        assert!(!full.wants(ItemEffect::Food(350), false));
        assert!(!full.wants(ItemEffect::Weapon(5), false));
    }

    #[test]
    fn wanted_tiles_leave_out_the_heros_tile_the_unknown_and_junk() {
        let lying = [
            (Pos::new(3, 1), ItemEffect::Heal(10), false),
            (Pos::new(1, 1), ItemEffect::Heal(10), false),
            (Pos::new(2, 2), ItemEffect::Food(350), false),
            (Pos::new(9, 9), ItemEffect::Coins(8), false),
            (Pos::new(4, 4), ItemEffect::Weapon(1), false),
            (Pos::new(3, 1), ItemEffect::Coins(8), false),
        ];
        let tiles = wanted_tiles(lying, carrying(Some(2), None, true), Pos::new(1, 1), |p| {
            p.x < 5
        });
        assert_eq!(tiles, vec![Pos::new(2, 2), Pos::new(3, 1)]);
    }
}
