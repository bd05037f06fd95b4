//! A level off screen is data: its terrain, what the hero remembers of it,
//! and plain records of its creatures and floor items. Stashing a level
//! despawns its entities into records; restoring spawns them back.

use bevy::prelude::*;
use gloomdelve_core::{Grid, Pos, Terrain};
use serde::{Deserialize, Serialize};

use crate::rules::combat::{Corpse, Paralyzed};
use crate::rules::creatures::{
    Creature, CreatureId, FungusAi, GoblinAi, Health, spawn_creature_with_id,
};
use crate::rules::fov::Sight;
use crate::rules::items::{Item, item};
use crate::rules::map::{Drawn, GridPos, Level};
use crate::view::tilemap::FogRule;
use crate::vocab::game::NewGame;

/// A level kept as data while the hero is elsewhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredLevel {
    #[serde(with = "compact::terrain")]
    pub terrain: Terrain,
    /// Where the hero first arrived.
    pub start: Pos,
    /// The tiles the hero has seen.
    #[serde(with = "compact::memory")]
    pub memory: Grid<bool>,
    pub creatures: Vec<CreatureRecord>,
    pub items: Vec<ItemRecord>,
}

/// Grids written as one line of characters per row, so a 600×600 level
/// takes about 360 KB rather than megabytes.
mod compact {
    use gloomdelve_core::{Grid, Pos, Terrain, Tile};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// One character per tile kind, every kind its own (unlike the map glyphs).
    const TILE_CHARS: [(Tile, char); 10] = [
        (Tile::Wall, '#'),
        (Tile::DeepRock, ' '),
        (Tile::Floor, '.'),
        (Tile::DugFloor, ','),
        (Tile::Tunnel, '='),
        (Tile::StairsUp, '<'),
        (Tile::StairsDown, '>'),
        (Tile::Grass, '"'),
        (Tile::Water, '~'),
        (Tile::Tree, 'T'),
    ];

    fn rows<T>(grid: &Grid<T>, to_char: impl Fn(&T) -> char) -> Vec<String> {
        (0..grid.height())
            .map(|y| {
                (0..grid.width())
                    .map(|x| to_char(&grid[Pos::new(x, y)]))
                    .collect()
            })
            .collect()
    }

    /// Rebuilds a grid from equal-length rows, or says what is wrong.
    fn grid_from_rows<T: Clone + Default, E: Error>(
        rows: &[String],
        from_char: impl Fn(char) -> Option<T>,
    ) -> Result<Grid<T>, E> {
        let width = rows.first().map_or(0, |r| r.chars().count());
        if rows.is_empty() || rows.iter().any(|r| r.chars().count() != width) {
            return Err(E::custom("the map rows are missing or of unequal length"));
        }
        let mut grid = Grid::new(width as i32, rows.len() as i32, T::default());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let value = from_char(c)
                    .ok_or_else(|| E::custom(format!("unknown map character {c:?}")))?;
                grid[Pos::new(x as i32, y as i32)] = value;
            }
        }
        Ok(grid)
    }

    pub mod terrain {
        use super::*;

        #[derive(Serialize, Deserialize)]
        struct Text {
            border: i32,
            rows: Vec<String>,
        }

        pub fn serialize<S: Serializer>(terrain: &Terrain, s: S) -> Result<S::Ok, S::Error> {
            let char_of = |t: &Tile| {
                TILE_CHARS
                    .iter()
                    .find(|(k, _)| k == t)
                    .map_or('#', |(_, c)| *c)
            };
            Text {
                border: terrain.border(),
                rows: rows(terrain.tiles(), char_of),
            }
            .serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Terrain, D::Error> {
            let text = Text::deserialize(d)?;
            let tile_of = |c| TILE_CHARS.iter().find(|(_, k)| *k == c).map(|(t, _)| *t);
            let tiles =
                grid_from_rows::<TileSlot, D::Error>(&text.rows, |c| tile_of(c).map(TileSlot))?;
            let tiles = Grid::from_fn(tiles.width(), tiles.height(), |p| tiles[p].0);
            Ok(Terrain::new(tiles, text.border))
        }

        /// A tile with a default, for building the grid.
        #[derive(Clone, Copy)]
        struct TileSlot(Tile);

        impl Default for TileSlot {
            fn default() -> Self {
                Self(Tile::DeepRock)
            }
        }
    }

    pub mod memory {
        use super::*;

        pub fn serialize<S: Serializer>(memory: &Grid<bool>, s: S) -> Result<S::Ok, S::Error> {
            rows(memory, |&seen| if seen { '+' } else { '-' }).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Grid<bool>, D::Error> {
            let rows = Vec::<String>::deserialize(d)?;
            grid_from_rows::<bool, D::Error>(&rows, |c| match c {
                '+' => Some(true),
                '-' => Some(false),
                _ => None,
            })
        }
    }
}

/// One creature as data: its kind, place, health and AI memory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub id: u64,
    pub kind: usize,
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    pub fungus_spreads: Option<u32>,
    pub goblin_last_seen: Option<Pos>,
    pub paralyzed: Option<u32>,
}

/// One item lying on the floor, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemRecord {
    pub kind: usize,
    pub name: String,
    pub sprite: String,
    pub pos: Pos,
    /// Whether the hero has seen it, so it shows dimmed from memory.
    pub seen: bool,
    pub corpse: Option<Corpse>,
}

type CreatureParts<'a> = (
    Entity,
    &'a CreatureId,
    &'a Creature,
    &'a GridPos,
    &'a Health,
    Option<&'a FungusAi>,
    Option<&'a GoblinAi>,
    Option<&'a Paralyzed>,
);

type ItemParts<'a> = (
    Entity,
    &'a Item,
    &'a Name,
    &'a Drawn,
    &'a GridPos,
    &'a FogRule,
    Option<&'a Corpse>,
);

/// Turns the current level into data and despawns its creatures and floor
/// items. The hero and its pack stay.
pub fn stash_level(world: &mut World) -> StoredLevel {
    let (level, gone) = record_level(world);
    for entity in gone {
        world.despawn(entity);
    }
    level
}

/// The current level as data, leaving the world as it is.
pub fn describe_level(world: &mut World) -> StoredLevel {
    record_level(world).0
}

/// The current level as data, with the entities that data replaces.
fn record_level(world: &mut World) -> (StoredLevel, Vec<Entity>) {
    let mut creatures: Vec<(Entity, CreatureRecord)> = world
        .query::<CreatureParts>()
        .iter(world)
        .filter(|parts| parts.4.hp > 0)
        .map(
            |(entity, id, creature, pos, health, fungus, goblin, paralyzed)| {
                let record = CreatureRecord {
                    id: id.0,
                    kind: creature.kind,
                    pos: pos.0,
                    hp: health.hp,
                    max_hp: health.max,
                    fungus_spreads: fungus.map(|f| f.spreads),
                    goblin_last_seen: goblin.and_then(|g| g.last_seen),
                    paralyzed: paralyzed.map(|p| p.turns),
                };
                (entity, record)
            },
        )
        .collect();
    creatures.sort_by_key(|(_, record)| record.id);
    let mut items: Vec<(Entity, ItemRecord)> = world
        .query::<ItemParts>()
        .iter(world)
        .map(|(entity, item, name, drawn, pos, fog, corpse)| {
            let record = ItemRecord {
                kind: item.kind,
                name: name.to_string(),
                sprite: drawn.sprite.clone(),
                pos: pos.0,
                seen: *fog == FogRule::Remembered { seen: true },
                corpse: corpse.cloned(),
            };
            (entity, record)
        })
        .collect();
    items.sort_by(|(_, a), (_, b)| (a.pos, a.kind, &a.name).cmp(&(b.pos, b.kind, &b.name)));
    let gone: Vec<Entity> = creatures
        .iter()
        .map(|(e, _)| *e)
        .chain(items.iter().map(|(e, _)| *e))
        .collect();
    // The dead that were not yet cleared go too.
    let dead: Vec<Entity> = world
        .query_filtered::<(Entity, &Health), With<Creature>>()
        .iter(world)
        .filter(|(_, h)| h.hp <= 0)
        .map(|(e, _)| e)
        .collect();
    let level = world.resource::<Level>().clone();
    let memory = world
        .get_resource::<Sight>()
        .map(Sight::memory)
        .unwrap_or_else(|| Grid::new(level.terrain.width(), level.terrain.height(), false));
    let stored = StoredLevel {
        terrain: level.terrain,
        start: level.start,
        memory,
        creatures: creatures.into_iter().map(|(_, r)| r).collect(),
        items: items.into_iter().map(|(_, r)| r).collect(),
    };
    (stored, gone.into_iter().chain(dead).collect())
}

/// Makes a stored level the current one: its terrain, its memory, and its
/// creatures and items spawned back as they were.
pub fn restore_level(world: &mut World, stored: StoredLevel) {
    let new_game = world.resource::<NewGame>().clone();
    let sight = Sight::remembering(stored.memory, new_game.reveal);
    world.insert_resource(sight);
    world.insert_resource(Level {
        terrain: stored.terrain,
        start: stored.start,
    });
    let mut commands = world.commands();
    for record in &stored.creatures {
        respawn_creature(&mut commands, &new_game, record);
    }
    for record in &stored.items {
        respawn_item(&mut commands, &new_game, record);
    }
    world.flush();
}

fn respawn_creature(commands: &mut Commands, new_game: &NewGame, record: &CreatureRecord) {
    // A kind the data no longer has (edited data files) is left out.
    if record.kind >= new_game.creatures.kinds.len() {
        return;
    }
    let id = CreatureId(record.id);
    let mut entity =
        spawn_creature_with_id(commands, &new_game.creatures, id, record.kind, record.pos);
    entity.insert(Health {
        hp: record.hp,
        max: record.max_hp,
    });
    if let Some(spreads) = record.fungus_spreads {
        entity.insert(FungusAi { spreads });
    }
    if let Some(last_seen) = record.goblin_last_seen {
        entity.insert(GoblinAi {
            last_seen: Some(last_seen),
        });
    }
    if let Some(turns) = record.paralyzed {
        entity.insert(Paralyzed { turns });
    }
}

fn respawn_item(commands: &mut Commands, new_game: &NewGame, record: &ItemRecord) {
    if record.kind >= new_game.items.kinds.len() {
        return;
    }
    let mut entity = commands.spawn(item(&new_game.items, record.kind, record.pos));
    entity.insert((
        Name::new(record.name.clone()),
        Drawn::new(record.sprite.clone(), crate::rules::map::Layer::Items),
        FogRule::Remembered { seen: record.seen },
    ));
    if let Some(corpse) = &record.corpse {
        entity.insert(corpse.clone());
    }
}
