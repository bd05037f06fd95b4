//! Draws the level's terrain with bevy_ecs_tilemap, and redraws only the
//! tiles whose look changed.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use gloomdelve_core::{Pos, Tile};

use crate::vocab::resources::{Seen, Sight};

use crate::view::assets::SpriteBook;
use crate::view::motion::state::{Animation, Motion};
use crate::vocab::HERO_SPRITE;
use crate::vocab::components::Equipment;
use crate::vocab::components::FogRule;
use crate::vocab::components::{Drawn, GridPos, Layer};
use crate::vocab::messages::TerrainChanged;
use crate::vocab::messages::{Burrowed, HeroDug, SightChanged};
use crate::vocab::resources::Level;
use crate::vocab::states::SeenRemembered;
use crate::vocab::states::TurnPhase;
use crate::vocab::states::{EnterPlaying, Screen};

/// Draw order: terrain, items, creatures, hero, effects.
pub(crate) const TERRAIN_Z: f32 = 0.0;
pub(crate) const HERO_Z: f32 = 3.0;

/// Logged once the cave is drawn; the window tests wait for it.
pub const READY_LINE: &str = "The cave is drawn";

/// Marks the terrain tilemap.
#[derive(Component)]
pub(crate) struct TerrainMap;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((TilemapPlugin, tile_sync_plugin));
}

/// Spawns the terrain's tile entities and keeps their texture and tint in
/// step with the level and the fog. It needs no renderer, so headless tests
/// can count exactly which tile components each turn touches.
pub fn tile_sync_plugin(app: &mut App) {
    app.init_resource::<HeldTiles>();
    app.add_systems(PostUpdate, redraw_released_tiles);
    // A new map is drawn from the terrain as it is: nothing is held back.
    app.add_systems(
        OnEnter(Screen::Playing),
        (forget_held_tiles, spawn_terrain_map)
            .chain()
            .in_set(EnterPlaying::Presentation),
    );
    app.add_systems(
        Update,
        (
            (hold_dug_walls, redraw_changed_tiles).chain(),
            tint_by_sight,
            (
                dress_changed_things,
                hide_the_carried,
                show_the_wielded_weapon,
                place_on_grid,
                apply_fog_rules,
            )
                .chain()
                .after(SeenRemembered),
        )
            .in_set(TurnPhase::UpdateHud),
    );
}

/// Converts a map position (y down) to the world (y up): tile centres
/// `tile_size` apart, with tile (0, 0) at the top left of the map.
pub fn tile_centre(pos: Pos, map_height: i32, tile_size: f32) -> Vec2 {
    Vec2::new(pos.x as f32, (map_height - 1 - pos.y) as f32) * tile_size
}

fn tile_pos(pos: Pos, map_height: i32) -> TilePos {
    TilePos {
        x: pos.x as u32,
        y: (map_height - 1 - pos.y) as u32,
    }
}

/// Remembered tiles are dimmed with a cool grey tint.
const REMEMBERED_TINT: Color = Color::srgb(0.34, 0.37, 0.5);

/// How a tile is tinted for what the hero knows of it.
pub(crate) fn fog_colour(seen: Seen) -> Color {
    match seen {
        Seen::Visible => Color::WHITE,
        Seen::Remembered => REMEMBERED_TINT,
        Seen::Unseen => Color::BLACK,
    }
}

/// The tile entity that draws `pos` on the level.
fn tile_entity(storage: &TileStorage, pos: Pos, level: &Level) -> Option<Entity> {
    storage.get(&tile_pos(pos, level.terrain.height()))
}

fn texture_index(book: &SpriteBook, tile: Tile) -> TileTextureIndex {
    TileTextureIndex(book.cell(tile.sprite_name()).map_or(0, |(_, index)| index))
}

/// Spawns the terrain tilemap with a tile for each place the hero knows.
/// An unknown place has no tile: it would be drawn black on the black
/// clear colour, so [`tint_by_sight`] spawns it on first sight. On the
/// 600×600 hunt that keeps the tiles to what the hero has explored.
fn spawn_terrain_map(
    mut commands: Commands,
    level: Res<Level>,
    sight: Res<Sight>,
    book: Res<SpriteBook>,
) {
    let terrain = &level.terrain;
    let size = TilemapSize {
        x: terrain.width() as u32,
        y: terrain.height() as u32,
    };
    let Some((texture, _)) = book.cell(Tile::Floor.sprite_name()) else {
        return;
    };
    let map = commands
        .spawn((
            Name::new("Terrain"),
            TerrainMap,
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    let mut storage = TileStorage::empty(size);
    let mut new_tiles = NewTiles {
        commands: &mut commands,
        map,
        storage: &mut storage,
        level: &level,
        sight: &sight,
        book: &book,
    };
    for (pos, _) in terrain.tiles().iter() {
        new_tiles.spawn_if_known(pos, sight.seen(pos));
    }
    let tile_size = TilemapTileSize::new(book.tile_size, book.tile_size);
    commands.entity(map).insert(TilemapBundle {
        grid_size: tile_size.into(),
        size,
        storage,
        texture: TilemapTexture::Single(texture.clone()),
        tile_size,
        transform: Transform::from_xyz(0.0, 0.0, TERRAIN_Z),
        ..default()
    });
    info!("{READY_LINE}: {}x{} tiles", size.x, size.y);
}

/// What spawning a tile entity into the terrain map needs.
struct NewTiles<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    map: Entity,
    storage: &'a mut TileStorage,
    level: &'a Level,
    sight: &'a Sight,
    book: &'a SpriteBook,
}

impl NewTiles<'_, '_, '_> {
    /// Spawns the tile at `pos`, drawn as its terrain under `seen`, unless
    /// the hero has never seen it.
    fn spawn_if_known(&mut self, pos: Pos, seen: Seen) {
        if seen == Seen::Unseen {
            return;
        }
        let at = tile_pos(pos, self.level.terrain.height());
        let entity = self
            .commands
            .spawn(TileBundle {
                position: at,
                tilemap_id: TilemapId(self.map),
                texture_index: texture_index(
                    self.book,
                    self.sight.believed(&self.level.terrain, pos),
                ),
                color: TileColor(fog_colour(seen)),
                ..default()
            })
            .id();
        self.storage.set(&at, entity);
    }
}

/// Tiles whose new look waits for an animation: a wall that crumbles shows
/// as rock until it has crumbled, then as dug.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HeldTiles {
    held: std::collections::BTreeSet<Pos>,
    released: Vec<Pos>,
}

impl HeldTiles {
    pub fn holds(&self, at: Pos) -> bool {
        self.held.contains(&at)
    }

    /// The tile at `at` may show its new look now.
    pub fn release(&mut self, at: Pos) {
        if self.held.remove(&at) {
            self.released.push(at);
        }
    }
}

fn forget_held_tiles(mut held: ResMut<HeldTiles>) {
    *held = HeldTiles::default();
}

/// A wall the hero or a burrower digs in sight keeps its look while it crumbles, unless
/// motion is reduced or not drawn at all.
fn hold_dug_walls(
    mut digs: MessageReader<HeroDug>,
    mut burrows: MessageReader<Burrowed>,
    motion: Option<Res<Motion>>,
    sight: Res<Sight>,
    mut held: ResMut<HeldTiles>,
) {
    let animated = motion.is_some_and(|m| !m.reduce);
    let dug = digs
        .read()
        .map(|d| d.at)
        .chain(burrows.read().map(|b| b.at));
    for at in dug {
        if animated && sight.seen(at) == Seen::Visible {
            held.held.insert(at);
        }
    }
}

/// Rewrites one tile's texture to the terrain the hero believes is there,
/// when it differs.
fn redraw_tile(
    pos: Pos,
    (level, sight): (&Level, &Sight),
    book: &SpriteBook,
    storage: &TileStorage,
    tiles: &mut Query<&mut TileTextureIndex>,
) {
    let wanted = texture_index(book, sight.believed(&level.terrain, pos));
    if let Some(entity) = tile_entity(storage, pos, level)
        && let Ok(mut index) = tiles.get_mut(entity)
    {
        index.set_if_neq(wanted);
    }
}

/// Rewrites the texture of each changed tile that no animation holds.
fn redraw_changed_tiles(
    mut changes: MessageReader<TerrainChanged>,
    (level, sight): (Res<Level>, Res<Sight>),
    book: Res<SpriteBook>,
    held: Res<HeldTiles>,
    maps: Query<&TileStorage, With<TerrainMap>>,
    mut tiles: Query<&mut TileTextureIndex>,
) {
    let Ok(storage) = maps.single() else {
        changes.clear();
        return;
    };
    for pos in changes.read().flat_map(|c| c.0.iter()) {
        if !held.holds(*pos) {
            redraw_tile(*pos, (&level, &sight), &book, storage, &mut tiles);
        }
    }
}

/// Rewrites the tiles an animation let go of this frame.
fn redraw_released_tiles(
    mut held: ResMut<HeldTiles>,
    (level, sight): (Option<Res<Level>>, Option<Res<Sight>>),
    book: Option<Res<SpriteBook>>,
    maps: Query<&TileStorage, With<TerrainMap>>,
    mut tiles: Query<&mut TileTextureIndex>,
) {
    if held.released.is_empty() {
        return;
    }
    let released = std::mem::take(&mut held.released);
    let (Some(level), Some(sight), Some(book), Ok(storage)) = (level, sight, book, maps.single())
    else {
        return;
    };
    for pos in released {
        redraw_tile(pos, (&level, &sight), &book, storage, &mut tiles);
    }
}

/// Re-tints only the tiles whose sight state changed, and only when the
/// colour really differs (`TileColor` has no `PartialEq`); spawns the tiles
/// seen for the first time. A tile seen again shows what is there now.
pub(crate) fn tint_by_sight(
    mut commands: Commands,
    mut changes: MessageReader<SightChanged>,
    level: Res<Level>,
    sight: Res<Sight>,
    book: Res<SpriteBook>,
    mut maps: Query<(Entity, &mut TileStorage), With<TerrainMap>>,
    mut tiles: Query<(&mut TileColor, &mut TileTextureIndex)>,
) {
    let Ok((map, mut storage)) = maps.single_mut() else {
        changes.clear();
        return;
    };
    for pos in changes.read().flat_map(|c| c.0.iter()) {
        let seen = sight.seen(*pos);
        let Some(entity) = tile_entity(&storage, *pos, &level) else {
            NewTiles {
                commands: &mut commands,
                map,
                storage: &mut storage,
                level: &level,
                sight: &sight,
                book: &book,
            }
            .spawn_if_known(*pos, seen);
            continue;
        };
        let wanted = fog_colour(seen);
        let Ok((mut colour, mut index)) = tiles.get_mut(entity) else {
            continue;
        };
        if colour.0 != wanted {
            colour.0 = wanted;
        }
        index.set_if_neq(texture_index(&book, sight.believed(&level.terrain, *pos)));
    }
}

/// Whether a thing under `rule` shows, and its tint, for whether its
/// tile is in view.
fn fog_look(rule: FogRule, in_view: bool) -> (bool, Color) {
    match (rule, in_view) {
        (_, true) => (true, Color::WHITE),
        (FogRule::Remembered { seen: true }, false) => (true, REMEMBERED_TINT),
        _ => (false, Color::WHITE),
    }
}

/// Shows, dims or hides each [`FogRule`] entity for what the hero sees now.
/// A thing with an [`Animation`] fades in and out, unless motion is reduced;
/// while it animates, the motion systems paint it.
pub(crate) fn apply_fog_rules(
    sight: Res<Sight>,
    motion: Option<Res<Motion>>,
    mut things: Query<(
        &GridPos,
        &FogRule,
        &mut Visibility,
        Option<&mut Sprite>,
        Option<&mut Animation>,
    )>,
) {
    let fade = motion.filter(|m| !m.reduce).map(|m| m.timings.fade);
    for (pos, rule, mut visibility, sprite, animation) in &mut things {
        let (shown, tint) = fog_look(*rule, sight.seen(pos.0) == Seen::Visible);
        let drawn_now = *visibility != Visibility::Hidden;
        let mut painted_by_motion = false;
        let drawn = match (animation, fade) {
            (Some(mut animation), Some(seconds)) => {
                if animation.tint != tint {
                    animation.tint = tint;
                }
                let drawn = animation.follow_sight(drawn_now, shown, seconds);
                painted_by_motion = animation.busy();
                drawn
            }
            (Some(mut animation), None) => {
                if animation.tint != tint || animation.fade.is_some() {
                    animation.tint = tint;
                    animation.fade = None;
                }
                shown
            }
            (None, _) => shown,
        };
        visibility.set_if_neq(if drawn {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if let Some(mut sprite) = sprite.filter(|_| !painted_by_motion)
            && sprite.color != tint
        {
            sprite.color = tint;
        }
    }
}

/// The z of each draw layer: terrain 0, then items, creatures, hero.
fn layer_z(layer: Layer) -> f32 {
    match layer {
        Layer::Items => 1.0,
        Layer::Creatures => 2.0,
        Layer::Hero => HERO_Z,
    }
}

/// Gives each new or changed [`Drawn`] thing its sprite, on its layer: a
/// corpse that rots changes its sprite, in the pack or on the floor.
fn dress_changed_things(
    mut commands: Commands,
    book: Res<SpriteBook>,
    level: Res<Level>,
    things: Query<(Entity, &Drawn, &GridPos, Has<FogRule>), Or<(Changed<Drawn>, Added<GridPos>)>>,
) {
    for (entity, drawn, pos, fogged) in &things {
        let Some(sprite) = book.sprite_or_generic(&drawn.sprite) else {
            warn!(
                "no sprite {:?} in the atlas; {entity} is not drawn",
                drawn.sprite
            );
            continue;
        };
        let at = tile_centre(pos.0, level.terrain.height(), book.tile_size);
        let mut thing = commands.entity(entity);
        thing.insert((
            sprite,
            Transform::from_translation(at.extend(layer_z(drawn.layer))),
        ));
        if fogged {
            // Hidden until `apply_fog_rules`, later in this update, decides.
            thing.insert(Visibility::Hidden);
        }
    }
}

/// Hides what was picked up: a thing in the pack has no place on the map.
fn hide_the_carried(mut lifted: RemovedComponents<GridPos>, mut things: Query<&mut Visibility>) {
    for entity in lifted.read() {
        if let Ok(mut visibility) = things.get_mut(entity) {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Moves what has no animation to its grid position. Whatever animates is
/// placed by [`draw_animated`](crate::view::motion) alone, so one system
/// writes each thing's `Transform`.
fn place_on_grid(
    level: Res<Level>,
    book: Res<SpriteBook>,
    mut placed: Query<(&GridPos, &mut Transform), (Changed<GridPos>, Without<Animation>)>,
) {
    for (pos, mut transform) in &mut placed {
        let centre = tile_centre(pos.0, level.terrain.height(), book.tile_size);
        transform.translation = centre.extend(transform.translation.z);
    }
}

/// The hero's sprite for what it wields: `hero_<weapon sprite>` when the
/// atlas draws one, else the plain (empty-handed) `hero`.
pub(crate) fn hero_sprite_name(book: &SpriteBook, weapon_sprite: Option<&str>) -> String {
    weapon_sprite
        .map(|weapon| format!("{HERO_SPRITE}_{weapon}"))
        .filter(|name| book.has(name))
        .unwrap_or_else(|| HERO_SPRITE.to_string())
}

/// Draws the hero holding what it wields.
fn show_the_wielded_weapon(
    book: Res<SpriteBook>,
    mut hero: Query<(&Equipment, &mut Sprite), With<crate::vocab::components::Hero>>,
    weapons: Query<&Drawn>,
) {
    let Ok((equipment, mut sprite)) = hero.single_mut() else {
        return;
    };
    let weapon = equipment.weapon.and_then(|w| weapons.get(w).ok());
    let name = hero_sprite_name(&book, weapon.map(|d| d.sprite.as_str()));
    let Some(wanted) = book.sprite(&name) else {
        return;
    };
    let index = |s: &Sprite| s.texture_atlas.as_ref().map(|a| a.index);
    if index(&sprite) != index(&wanted) || sprite.image != wanted.image {
        sprite.image = wanted.image;
        sprite.texture_atlas = wanted.texture_atlas;
    }
}
