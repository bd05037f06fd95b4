//! Loading: finds the `assets/` folder, loads the sprite atlas and its sheets
//! through a bevy_asset_loader `LoadingState` with a progress bar, checks
//! them, and reports any broken file by name before exiting non-zero.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::asset::io::Reader;
use bevy::asset::{
    AssetLoadError, AssetLoader, LoadContext, RenderAssetUsages, UntypedAssetLoadFailedEvent,
};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::render::renderer::RenderDevice;
use bevy::render::settings::WgpuLimits;
use bevy_asset_loader::prelude::*;
use gloomdelve_core::Tile;
use gloomdelve_core::art::{Atlas, decode_png};
use iyes_progress::{ProgressPlugin, ProgressTracker};

use crate::view::ui::centred_column;
use crate::vocab::HERO_SPRITE;
use crate::vocab::data::ATLAS_PATH;
use crate::vocab::data::{CreatureBook, ItemBook};
use crate::vocab::game::NewGame;
use crate::vocab::states::Screen;

/// Sprites a kind may have its own version of, named `<kind>_<generic>`.
pub(crate) const GENERIC_SPRITES: [&str; 3] = ["corpse", "rotten_corpse", "bones"];

/// How the window should look, from the command line.
#[derive(Resource, Clone, Debug)]
pub struct DisplaySettings {
    /// The zoom to start at (2, 3 or 4); `None` uses the atlas's scale.
    pub scale: Option<u32>,
    /// Where F12 screenshots go.
    pub screenshot_dir: PathBuf,
}

/// The atlas as loaded: the parsed file plus a handle to each sheet's image
/// and grid layout.
#[derive(Asset, TypePath, Debug)]
pub(crate) struct SpriteAtlas {
    pub atlas: Atlas,
    pub images: BTreeMap<String, Handle<Image>>,
    pub layouts: BTreeMap<String, Handle<TextureAtlasLayout>>,
}

/// Reads `*.atlas.ron`, checks it, and loads the sheets it names.
#[derive(TypePath)]
struct SpriteAtlasLoader {
    /// The largest texture side the GPU takes, in pixels.
    max_texture_side: u32,
}

/// Registers the atlas loader once the render device is known (plugins
/// finish after the render plugin has made it), so that the loader holds
/// sheets to this GPU's texture limit; without a device, to wgpu's
/// downlevel default.
struct AtlasLoaderPlugin;

impl Plugin for AtlasLoaderPlugin {
    fn build(&self, _app: &mut App) {}

    fn finish(&self, app: &mut App) {
        let max_texture_side = app.world().get_resource::<RenderDevice>().map_or(
            WgpuLimits::downlevel_defaults().max_texture_dimension_2d,
            |device| device.limits().max_texture_dimension_2d,
        );
        app.register_asset_loader(SpriteAtlasLoader { max_texture_side });
    }
}

impl AssetLoader for SpriteAtlasLoader {
    type Asset = SpriteAtlas;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<SpriteAtlas, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let text = String::from_utf8(bytes).map_err(|_| invalid("the file is not UTF-8 text"))?;
        let atlas = Atlas::from_ron(&text).map_err(invalid)?;
        check_required_sprites(&atlas).map_err(invalid)?;
        let mut images = BTreeMap::new();
        let mut layouts = BTreeMap::new();
        for (name, sheet) in &atlas.sheets {
            let image = load_sheet(&atlas, name, load_context, self.max_texture_side)
                .await
                .map_err(invalid)?;
            images.insert(
                name.clone(),
                load_context.add_labeled_asset(format!("sheet/{name}"), image),
            );
            let tile = UVec2::splat(atlas.tile_size);
            let layout = TextureAtlasLayout::from_grid(tile, sheet.columns, sheet.rows, None, None);
            layouts.insert(
                name.clone(),
                load_context.add_labeled_asset(format!("layout/{name}"), layout),
            );
        }
        Ok(SpriteAtlas {
            atlas,
            images,
            layouts,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["atlas.ron"]
    }
}

/// Reads one sheet's PNG, checks its header against the atlas and the GPU's
/// limit before decoding it, and decodes it to 8-bit RGBA. Errors name the file.
async fn load_sheet(
    atlas: &Atlas,
    name: &str,
    load_context: &mut LoadContext<'_>,
    max_texture_side: u32,
) -> Result<Image, String> {
    let path = &atlas.sheets[name].path;
    let in_file = |problem: String| format!("assets/{path}: {problem}");
    let bytes = load_context
        .read_asset_bytes(path.clone())
        .await
        .map_err(|e| in_file(format!("cannot read it: {e}")))?;
    atlas
        .check_sheet_image(name, &bytes, max_texture_side)
        .map_err(in_file)?;
    sheet_image(&bytes).map_err(in_file)
}

/// A sheet's PNG as an sRGB 8-bit RGBA image, whatever the PNG's own
/// colour type and bit depth: the one format every GPU draws sprites from.
fn sheet_image(png: &[u8]) -> Result<Image, String> {
    let (width, height, rgba) =
        decode_png(png).map_err(|e| format!("cannot decode the PNG: {e}"))?;
    if rgba.len() as u64 != u64::from(width) * u64::from(height) * 4 {
        return Err("the PNG's pixel data does not match its size".to_string());
    }
    let size = Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    Ok(Image::new(
        size,
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    ))
}

fn invalid(message: impl Into<String>) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, message.into())
}

/// Every sprite the game draws must be in the atlas, and all terrain
/// sprites on one sheet (the tilemap draws from a single texture).
fn check_required_sprites(atlas: &Atlas) -> Result<(), String> {
    let terrain = Tile::ALL.map(Tile::sprite_name);
    for name in terrain.iter().chain([&HERO_SPRITE]) {
        if !atlas.sprites.contains_key(*name) {
            return Err(format!("sprite {name:?} is missing from `sprites`"));
        }
    }
    let sheets: std::collections::BTreeSet<&str> = terrain
        .iter()
        .map(|name| atlas.sprites[*name].sheet.as_str())
        .collect();
    if sheets.len() > 1 {
        return Err(format!(
            "all terrain sprites must be on one sheet, but they use {sheets:?}"
        ));
    }
    Ok(())
}

/// The loaded atlas, as a bevy_asset_loader collection.
#[derive(AssetCollection, Resource)]
pub(crate) struct AtlasAssets {
    #[asset(path = "sprites/sprites.atlas.ron")]
    pub atlas: Handle<SpriteAtlas>,
}

/// What the presentation draws with, ready once loading has finished.
#[derive(Resource, Clone, Debug)]
pub struct SpriteBook {
    pub tile_size: f32,
    pub scale: u32,
    pub sheets: BTreeMap<String, (Handle<Image>, Handle<TextureAtlasLayout>)>,
    pub sprites: BTreeMap<String, (String, u32)>,
}

impl SpriteBook {
    /// The sheet image and atlas cell of a sprite, or `None` if the atlas lacks it.
    fn atlas_cell(&self, name: &str) -> Option<(Handle<Image>, TextureAtlas)> {
        let (sheet, index) = self.sprites.get(name)?;
        let (image, layout) = self.sheets.get(sheet)?;
        let atlas = TextureAtlas {
            layout: layout.clone(),
            index: *index as usize,
        };
        Some((image.clone(), atlas))
    }

    /// A sprite drawn from its sheet, or `None` if the atlas lacks it.
    pub fn sprite(&self, name: &str) -> Option<Sprite> {
        let (image, atlas) = self.atlas_cell(name)?;
        Some(Sprite::from_atlas_image(image, atlas))
    }

    /// Whether the atlas has a sprite called `name`.
    pub fn has(&self, name: &str) -> bool {
        self.sprites.contains_key(name)
    }

    /// The sprite `name`, or, for a kind's own version of a generic sprite
    /// (`bat_corpse`, `bat_rotten_corpse`) that the atlas lacks, the
    /// generic one (`corpse`, `rotten_corpse`): an atlas drawn for other
    /// art still shows every corpse.
    pub(crate) fn sprite_or_generic(&self, name: &str) -> Option<Sprite> {
        self.sprite(name).or_else(|| self.sprite(generic_of(name)?))
    }

    /// The same sprite as a UI image.
    pub(crate) fn image_node(&self, name: &str) -> Option<ImageNode> {
        let (image, atlas) = self.atlas_cell(name)?;
        Some(ImageNode::from_atlas_image(image, atlas))
    }

    /// The sheet image and cell index of a sprite.
    pub fn cell(&self, name: &str) -> Option<(&Handle<Image>, u32)> {
        let (sheet, index) = self.sprites.get(name)?;
        Some((&self.sheets.get(sheet)?.0, *index))
    }
}

/// The generic sprite a kind's own sprite stands in for: `cave_bat_corpse`
/// is a `corpse`, `cave_bat_rotten_corpse` a `rotten_corpse` (the longest
/// generic name that ends it, after an underscore).
fn generic_of(name: &str) -> Option<&'static str> {
    GENERIC_SPRITES
        .into_iter()
        .filter(|generic| {
            name.strip_suffix(generic)
                .is_some_and(|kind| kind.len() > 1 && kind.ends_with('_'))
        })
        .max_by_key(|generic| generic.len())
}

/// The data files, as the messages name them.
const CREATURES_FILE: &str = "assets/data/creatures.ron";
const ITEMS_FILE: &str = "assets/data/items.ron";
const LOOKS_FILE: &str = "assets/data/looks.ron";

/// Checks every sprite the data files name, and the ones the code derives
/// from them, against the atlas, and returns one line for each that is
/// missing, naming the data file, the entry and the sprite. A creature's
/// `<sprite>_corpse` and `<sprite>_rotten_corpse` are optional when the
/// atlas has the generic `corpse` and `rotten_corpse`; `hero_<weapon>` is
/// optional (the hero is drawn plain), and so are the frames and the aim
/// cursor (the screens show without them).
pub(crate) fn missing_data_sprites(
    atlas: &Atlas,
    creatures: &CreatureBook,
    items: &ItemBook,
) -> Vec<String> {
    let has = |name: &str| atlas.sprites.contains_key(name);
    let not_in_atlas = format!("which is not in assets/{ATLAS_PATH}");
    let mut missing = Vec::new();
    for kind in &creatures.kinds {
        let entry = format!("{CREATURES_FILE}: creature {:?}", kind.name);
        if !has(&kind.sprite) {
            missing.push(format!(
                "{entry} has sprite {:?}, {not_in_atlas}",
                kind.sprite
            ));
        }
        for generic in GENERIC_SPRITES {
            let own = format!("{}_{generic}", kind.sprite);
            if !has(&own) && !has(generic) {
                missing.push(format!(
                    "{entry} leaves a {} drawn as {own:?} or else {generic:?}, and neither is in assets/{ATLAS_PATH}",
                    generic.replace('_', " ")
                ));
            }
        }
    }
    for kind in &items.kinds {
        if !has(&kind.sprite) {
            missing.push(format!(
                "{ITEMS_FILE}: item {:?} has sprite {:?}, {not_in_atlas}",
                kind.name, kind.sprite
            ));
        }
    }
    for sprite in items.looks.sprites().filter(|s| !has(s)) {
        missing.push(format!(
            "{LOOKS_FILE}: a look has sprite {sprite:?}, {not_in_atlas}"
        ));
    }
    missing
}

/// Load failures seen so far, as `file: problem` lines.
#[derive(Resource, Default, Debug)]
pub(crate) struct LoadErrors(pub Vec<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<SpriteAtlas>();
    app.add_plugins(AtlasLoaderPlugin);
    app.init_resource::<LoadErrors>();
    app.add_plugins(
        ProgressPlugin::<Screen>::new().with_state_transition(Screen::Loading, Screen::Preparing),
    );
    app.add_loading_state(
        LoadingState::new(Screen::Loading)
            .on_failure_continue_to_state(Screen::LoadFailed)
            .load_collection::<AtlasAssets>(),
    );
    app.add_systems(OnEnter(Screen::Loading), spawn_loading_screen);
    app.add_systems(Update, show_progress.run_if(in_state(Screen::Loading)));
    app.add_systems(OnEnter(Screen::Preparing), prepare_sprite_book);
    app.add_systems(
        Update,
        (
            record_load_failures,
            report_and_exit.run_if(in_state(Screen::LoadFailed)),
        )
            .chain(),
    );
}

/// Marks the loading bar's fill.
#[derive(Component)]
struct ProgressFill;

fn spawn_loading_screen(mut commands: Commands) {
    commands.spawn((
        Name::new("Loading screen"),
        DespawnOnExit(Screen::Loading),
        centred_column(12.0),
        children![
            (Text::new("Gloomdelve"), TextFont::from_font_size(48.0)),
            (Text::new("Loading..."), TextFont::from_font_size(20.0)),
            (
                Node {
                    width: px(320),
                    height: px(16),
                    border: UiRect::all(px(2)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.6, 0.6, 0.7)),
                children![(
                    ProgressFill,
                    Node {
                        width: percent(0),
                        height: percent(100),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.85, 0.25, 0.23)),
                )],
            ),
        ],
    ));
}

fn show_progress(
    tracker: Res<ProgressTracker<Screen>>,
    mut fill: Query<&mut Node, With<ProgressFill>>,
) {
    let progress = tracker.get_global_progress();
    let fraction = if progress.total == 0 {
        0.0
    } else {
        progress.done as f32 / progress.total as f32
    };
    for mut node in &mut fill {
        node.width = percent(fraction * 100.0);
    }
}

fn record_load_failures(
    mut failures: MessageReader<UntypedAssetLoadFailedEvent>,
    mut errors: ResMut<LoadErrors>,
) {
    for failure in failures.read() {
        let line = format!(
            "assets/{}: {}",
            failure.path,
            loader_problem(&failure.error)
        );
        if !errors.0.contains(&line) {
            errors.0.push(line);
        }
    }
}

/// What went wrong, without Bevy's "Failed to load asset ... with asset
/// loader ..." preamble (and backtrace) when it is our own loader's message.
fn loader_problem(error: &AssetLoadError) -> String {
    match error {
        AssetLoadError::AssetLoaderError(failed) => {
            match failed.error().downcast_ref::<std::io::Error>() {
                Some(ours) => ours.to_string(),
                None => error.to_string(),
            }
        }
        _ => error.to_string(),
    }
}

/// Checks the loaded sheets against the atlas and builds the [`SpriteBook`].
fn prepare_sprite_book(
    mut commands: Commands,
    collection: Res<AtlasAssets>,
    atlases: Res<Assets<SpriteAtlas>>,
    images: Res<Assets<Image>>,
    new_game: Res<NewGame>,
    mut errors: ResMut<LoadErrors>,
    mut next: ResMut<NextState<Screen>>,
) {
    let book = build_sprite_book(&collection, &atlases, &images).and_then(|(book, atlas)| {
        let missing = missing_data_sprites(atlas, &new_game.creatures, &new_game.items);
        if missing.is_empty() {
            Ok(book)
        } else {
            Err(missing)
        }
    });
    match book {
        Ok(book) => {
            commands.insert_resource(book);
            next.set(Screen::Title);
        }
        Err(messages) => {
            errors.0.extend(messages);
            next.set(Screen::LoadFailed);
        }
    }
}

/// The sprite book of the loaded atlas, and the atlas it was built from.
fn build_sprite_book<'a>(
    collection: &AtlasAssets,
    atlases: &'a Assets<SpriteAtlas>,
    images: &Assets<Image>,
) -> Result<(SpriteBook, &'a Atlas), Vec<String>> {
    let loaded = atlases
        .get(&collection.atlas)
        .ok_or_else(|| vec![format!("assets/{ATLAS_PATH}: the atlas did not load")])?;
    let atlas = &loaded.atlas;
    let mut sheets = BTreeMap::new();
    for (name, sheet) in &atlas.sheets {
        if images.get(&loaded.images[name]).is_none() {
            return Err(vec![format!(
                "assets/{}: the image did not load",
                sheet.path
            )]);
        }
        sheets.insert(
            name.clone(),
            (loaded.images[name].clone(), loaded.layouts[name].clone()),
        );
    }
    let sprites = atlas
        .sprites
        .iter()
        .map(|(name, s)| (name.clone(), (s.sheet.clone(), s.index)))
        .collect();
    let book = SpriteBook {
        tile_size: atlas.tile_size as f32,
        scale: atlas.scale,
        sheets,
        sprites,
    };
    Ok((book, atlas))
}

/// Prints every load error, naming its file, and exits with status 2.
fn report_and_exit(errors: Res<LoadErrors>, mut exit: MessageWriter<AppExit>) {
    if errors.0.is_empty() {
        eprintln!("gloomdelve: the game's assets failed to load (no details were reported)");
    }
    for error in &errors.0 {
        eprintln!("gloomdelve: cannot load {error}");
    }
    exit.write(AppExit::from_code(2));
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn shipped_atlas() -> Atlas {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(ATLAS_PATH);
        Atlas::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn shipped_books() -> (CreatureBook, ItemBook) {
        let shipped =
            crate::vocab::game::NewGame::shipped(1, crate::vocab::game::Mode::Delve).unwrap();
        (shipped.creatures, shipped.items)
    }

    #[test]
    fn the_shipped_data_names_only_sprites_the_shipped_atlas_has() {
        let (creatures, items) = shipped_books();
        assert_eq!(
            missing_data_sprites(&shipped_atlas(), &creatures, &items),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_sprite_the_data_names_but_the_atlas_lacks_is_named_with_its_file_and_entry() {
        let (mut creatures, mut items) = shipped_books();
        creatures.kinds[0].sprite = "no_such_beast".into();
        items.kinds[0].sprite = "no_such_thing".into();
        let missing = missing_data_sprites(&shipped_atlas(), &creatures, &items);
        let creature = &creatures.kinds[0].name;
        let item = &items.kinds[0].name;
        assert!(missing.contains(&format!(
            "assets/data/creatures.ron: creature {creature:?} has sprite \"no_such_beast\", which is not in assets/sprites/sprites.atlas.ron"
        )), "{missing:#?}");
        assert!(missing.contains(&format!(
            "assets/data/items.ron: item {item:?} has sprite \"no_such_thing\", which is not in assets/sprites/sprites.atlas.ron"
        )), "{missing:#?}");
        // The shipped atlas has the generic corpses, so no corpse is missing.
        assert_eq!(missing.len(), 2, "{missing:#?}");
    }

    #[test]
    fn a_corpse_needs_its_own_sprite_or_the_generic_one() {
        let (creatures, items) = shipped_books();
        let mut atlas = shipped_atlas();
        let bat = creatures.kinds.iter().find(|k| k.sprite == "bat").unwrap();
        let generic = atlas.sprites.remove("rotten_corpse").unwrap();
        let bat_line = format!(
            "assets/data/creatures.ron: creature {:?} leaves a rotten corpse drawn as \"bat_rotten_corpse\" or else \"rotten_corpse\", and neither is in assets/sprites/sprites.atlas.ron",
            bat.name
        );
        let missing = missing_data_sprites(&atlas, &creatures, &items);
        assert_eq!(missing, Vec::<String>::new(), "the bat has its own");
        atlas.sprites.remove("bat_rotten_corpse");
        let missing = missing_data_sprites(&atlas, &creatures, &items);
        assert_eq!(missing, vec![bat_line]);
        atlas.sprites.insert("rotten_corpse".into(), generic);
        let missing = missing_data_sprites(&atlas, &creatures, &items);
        assert_eq!(missing, Vec::<String>::new(), "the generic one stands in");
    }

    #[test]
    fn a_kinds_own_corpse_falls_back_to_the_generic_even_with_underscores_in_its_name() {
        assert_eq!(generic_of("bat_corpse"), Some("corpse"));
        assert_eq!(generic_of("cave_bat_corpse"), Some("corpse"));
        assert_eq!(generic_of("bat_rotten_corpse"), Some("rotten_corpse"));
        assert_eq!(generic_of("cave_bat_rotten_corpse"), Some("rotten_corpse"));
        assert_eq!(generic_of("corpse"), None);
        assert_eq!(generic_of("_corpse"), None);
        assert_eq!(generic_of("bat"), None);
    }

    #[test]
    fn a_sheet_becomes_an_srgb_rgba8_image_and_junk_is_named_as_undecodable() {
        let png =
            std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/terrain.png"))
                .unwrap();
        let image = sheet_image(&png).unwrap();
        assert_eq!(
            image.texture_descriptor.format,
            TextureFormat::Rgba8UnormSrgb
        );
        assert!(
            sheet_image(b"not a png")
                .unwrap_err()
                .contains("cannot decode")
        );
    }
}
