//! Items: kinds from data, placement on free floor, and picking them up
//! into the pack (20 items) or, for coins, the purse.

pub mod scrolls;
pub mod use_item;

use bevy::prelude::*;
use gloomdelve_core::mapgen::stairs::walk_distances;
use gloomdelve_core::{Pos, Tile};

use crate::NewGame;
use crate::creatures::{Fighter, RulesRng};
use crate::data::{ItemBook, ItemEffect};
use crate::levels::{Dungeon, NewLevel};
use crate::map::tilemap::FogRule;
use crate::map::{Drawn, GridPos, Layer, Level};
use crate::screens::{EnterPlaying, Screen};

/// How many items the pack holds.
pub const PACK_SIZE: usize = 20;

/// An item of the kind at this index in the [`ItemBook`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub kind: usize,
}

/// The hero's pack, in pickup order. Items in it have no [`GridPos`].
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack(pub Vec<Entity>);

/// The hero's coins, counted in copper; they take no pack slot.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purse {
    pub copper: u32,
}

impl Purse {
    /// The purse as gold, silver and copper: 1 gold = 10 silver = 100 copper.
    pub fn coins(self) -> (u32, u32, u32) {
        (self.copper / 100, self.copper / 10 % 10, self.copper % 10)
    }

    /// "2 gold, 3 silver, 5 copper", leaving out what is zero.
    pub fn describe(self) -> String {
        let (g, s, c) = self.coins();
        let parts: Vec<String> = [(g, "gold"), (s, "silver"), (c, "copper")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, metal)| format!("{n} {metal}"))
            .collect();
        if parts.is_empty() {
            "no coins".to_string()
        } else {
            parts.join(", ")
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        (scatter_items, place_the_key, finish_new_level)
            .chain()
            .after(crate::creatures::seed_rules_rng)
            .after(crate::creatures::populate)
            .in_set(EnterPlaying::Rules)
            .run_if(resource_exists::<NewLevel>),
    );
    app.add_message::<scrolls::SpellCast>();
    app.add_systems(
        Update,
        (use_item::use_or_drop, scrolls::read_scroll)
            .before(crate::turn::hero_acts)
            .in_set(crate::turn::TurnPhase::HeroActs),
    );
    app.add_systems(
        Update,
        (
            use_item::refresh_hero_stats.in_set(crate::turn::TurnPhase::UpdateFov),
            use_item::refresh_hero_stats.in_set(crate::turn::TurnPhase::UpdateHud),
        )
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        scrolls::wear_off_paralysis
            .in_set(crate::turn::TurnPhase::ResolveDeaths)
            .run_if(on_message::<crate::turn::TurnTaken>),
    );
}

/// The item entity for `kind` lying at `at`.
pub fn item(book: &ItemBook, kind: usize, at: Pos) -> impl Bundle {
    let data = &book.kinds[kind];
    (
        Name::new(data.name.clone()),
        Item { kind },
        GridPos(at),
        FogRule::Remembered { seen: false },
        Visibility::Hidden,
        Drawn::new(data.sprite.clone(), Layer::Items),
    )
}

/// Lays each kind's items for the level's depth on free floor away from the hero.
fn scatter_items(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
    mut rng: ResMut<RulesRng>,
) {
    let mut free: Vec<Pos> = level
        .terrain
        .tiles()
        .iter()
        .filter(|(p, t)| t.is_walkable() && *p != level.start)
        .map(|(p, _)| p)
        .collect();
    let hungry = new_game.mode == crate::Mode::Delve;
    for (kind, data) in new_game.items.kinds.iter().enumerate() {
        if !hungry && matches!(data.effect, ItemEffect::Food(_)) {
            continue;
        }
        for _ in 0..data.count_at(dungeon.depth) {
            if free.is_empty() {
                return;
            }
            let at = free.swap_remove(rng.0.range(0, free.len() as i32) as usize);
            commands.spawn(item(&new_game.items, kind, at));
        }
    }
}

/// Lays the Gold Key on the deepest level, on the floor farthest from
/// where the hero arrives.
fn place_the_key(
    mut commands: Commands,
    new_game: Res<NewGame>,
    level: Res<Level>,
    dungeon: Res<Dungeon>,
) {
    let key = new_game
        .items
        .kinds
        .iter()
        .position(|k| k.effect == ItemEffect::Key);
    if let Some(key) = key.filter(|_| dungeon.depth == new_game.rules.depths) {
        let at = farthest_floor(&level.terrain, level.start);
        commands.spawn(item(&new_game.items, key, at));
    }
}

/// The floor tile farthest on foot from `from` (stairs left out).
fn farthest_floor(terrain: &gloomdelve_core::Terrain, from: Pos) -> Pos {
    let distances = walk_distances(terrain.tiles(), from);
    distances
        .iter()
        .filter(|(p, d)| {
            d.is_some() && matches!(terrain.tile(*p), Tile::Floor | Tile::DugFloor | Tile::Grass)
        })
        .max_by_key(|(_, d)| **d)
        .map_or(from, |(p, _)| p)
}

/// The new level is populated.
fn finish_new_level(mut commands: Commands) {
    commands.remove_resource::<NewLevel>();
}

/// What picking up the items on the hero's tile did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pickup {
    pub taken: usize,
    pub left: usize,
}

/// Picks up everything on `at`: coins into the purse, the rest into the pack
/// while it has room. Says what happened in `say`.
pub fn pick_up_at(
    at: Pos,
    book: &ItemBook,
    lying: &mut Query<(Entity, &Item, &GridPos, &Name, &mut Visibility), Without<Fighter>>,
    hero: (&mut Pack, &mut Purse),
    commands: &mut Commands,
    mut say: impl FnMut(String),
) -> Pickup {
    let (pack, purse) = hero;
    let mut here: Vec<(Entity, usize, String)> = lying
        .iter()
        .filter(|(.., pos, _, _)| pos.0 == at)
        .map(|(entity, item, _, name, _)| (entity, item.kind, name.to_string()))
        .collect();
    // Kind order, then name: the same game always packs the same way, a
    // loaded one too (entity numbers differ after a load).
    here.sort_by(|(_, a_kind, a_name), (_, b_kind, b_name)| {
        (a_kind, a_name).cmp(&(b_kind, b_name))
    });
    let mut result = Pickup::default();
    for (entity, kind, name) in here {
        if let ItemEffect::Coins(copper) = book.kinds[kind].effect {
            purse.copper += copper;
            say(format!("You pick up {}.", Purse { copper }.describe()));
            commands.entity(entity).despawn();
        } else if pack.0.len() >= PACK_SIZE {
            say("Your pack is full.".to_string());
            result.left += 1;
            continue;
        } else {
            pack.0.push(entity);
            say(format!("You pick up {}.", crate::text::a(&name)));
            commands.entity(entity).remove::<GridPos>();
            if let Ok((.., mut visibility)) = lying.get_mut(entity) {
                *visibility = Visibility::Hidden;
            }
        }
        result.taken += 1;
    }
    result
}

/// The hero's pack and purse start empty.
pub fn hero_belongings() -> impl Bundle {
    (
        Pack::default(),
        Purse::default(),
        use_item::Equipment::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purse_counts_in_gold_silver_and_copper() {
        assert_eq!(Purse { copper: 0 }.describe(), "no coins");
        assert_eq!(Purse { copper: 7 }.describe(), "7 copper");
        assert_eq!(Purse { copper: 40 }.describe(), "4 silver");
        assert_eq!(Purse { copper: 100 }.coins(), (1, 0, 0));
        assert_eq!(Purse { copper: 1234 }.coins(), (12, 3, 4));
        assert_eq!(
            Purse { copper: 1234 }.describe(),
            "12 gold, 3 silver, 4 copper"
        );
    }
}
