//! Loading: finds the `assets/` folder, loads the sprite atlas and its sheets
//! through a bevy_asset_loader `LoadingState` with a progress bar, checks
//! them, and reports any broken file by name before exiting non-zero.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, UntypedAssetLoadFailedEvent};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use gloomdelve_core::Tile;
use gloomdelve_core::art::Atlas;
use iyes_progress::{ProgressPlugin, ProgressTracker};

use crate::screens::{Screen, centred_column};

/// The atlas file, relative to the assets folder.
pub const ATLAS_PATH: &str = "sprites/sprites.atlas.ron";
/// Sprites the game cannot draw without.
pub const HERO_SPRITE: &str = "hero";
/// Sprites a kind may have its own version of, named `<kind>_<generic>`.
pub const GENERIC_SPRITES: [&str; 2] = ["corpse", "rotten_corpse"];

/// How the window should look, from the command line.
#[derive(Resource, Clone, Debug)]
pub struct DisplaySettings {
    /// The zoom to start at (2, 3 or 4); `None` uses the atlas's scale.
    pub scale: Option<u32>,
    /// Where F12 screenshots go.
    pub screenshot_dir: PathBuf,
}

/// Finds the folder that holds the game's assets: `$BEVY_ASSET_ROOT/assets`,
/// `$CARGO_MANIFEST_DIR/assets`, `assets` beside the executable, `./assets`,
/// then the folder the game was built from. The first that holds the atlas wins.
pub fn find_assets_dir() -> Result<PathBuf, String> {
    let candidates = asset_dir_candidates();
    candidates
        .iter()
        .find(|dir| dir.join(ATLAS_PATH).is_file())
        .cloned()
        .ok_or_else(|| {
            let tried: Vec<String> = candidates.iter().map(|d| format!("  {}", d.display())).collect();
            format!(
                "cannot find the game's assets folder (it holds {ATLAS_PATH}). Looked in:\n{}\n\
                 Run the game from the repository root, or set BEVY_ASSET_ROOT to the folder that contains `assets`.",
                tried.join("\n")
            )
        })
}

fn asset_dir_candidates() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = std::env::var_os(var) {
            dirs.push(PathBuf::from(root).join("assets"));
        }
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        dirs.push(exe_dir.join("assets"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        dirs.push(cwd.join("assets"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
    dirs
}

/// The atlas as loaded: the parsed file plus a handle to each sheet's image
/// and grid layout.
#[derive(Asset, TypePath, Debug)]
pub struct SpriteAtlas {
    pub atlas: Atlas,
    pub images: BTreeMap<String, Handle<Image>>,
    pub layouts: BTreeMap<String, Handle<TextureAtlasLayout>>,
}

/// Reads `*.atlas.ron`, checks it, and loads the sheets it names.
#[derive(Default, TypePath)]
struct SpriteAtlasLoader;

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
            images.insert(name.clone(), load_context.load(sheet.path.clone()));
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
pub struct AtlasAssets {
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
    pub fn sprite_or_generic(&self, name: &str) -> Option<Sprite> {
        self.sprite(name).or_else(|| {
            let (_, generic) = name.split_once('_')?;
            GENERIC_SPRITES
                .contains(&generic)
                .then(|| self.sprite(generic))
                .flatten()
        })
    }

    /// The same sprite as a UI image.
    pub fn image_node(&self, name: &str) -> Option<ImageNode> {
        let (image, atlas) = self.atlas_cell(name)?;
        Some(ImageNode::from_atlas_image(image, atlas))
    }

    /// The sheet image and cell index of a sprite.
    pub fn cell(&self, name: &str) -> Option<(&Handle<Image>, u32)> {
        let (sheet, index) = self.sprites.get(name)?;
        Some((&self.sheets.get(sheet)?.0, *index))
    }
}

/// Load failures seen so far, as `file: problem` lines.
#[derive(Resource, Default, Debug)]
pub struct LoadErrors(pub Vec<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<SpriteAtlas>();
    app.register_asset_loader(SpriteAtlasLoader);
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
        errors
            .0
            .push(format!("assets/{}: {}", failure.path, failure.error));
    }
}

/// Checks the loaded sheets against the atlas and builds the [`SpriteBook`].
fn prepare_sprite_book(
    mut commands: Commands,
    collection: Res<AtlasAssets>,
    atlases: Res<Assets<SpriteAtlas>>,
    images: Res<Assets<Image>>,
    mut errors: ResMut<LoadErrors>,
    mut next: ResMut<NextState<Screen>>,
) {
    match build_sprite_book(&collection, &atlases, &images) {
        Ok(book) => {
            commands.insert_resource(book);
            next.set(Screen::Title);
        }
        Err(message) => {
            errors.0.push(message);
            next.set(Screen::LoadFailed);
        }
    }
}

fn build_sprite_book(
    collection: &AtlasAssets,
    atlases: &Assets<SpriteAtlas>,
    images: &Assets<Image>,
) -> Result<SpriteBook, String> {
    let loaded = atlases
        .get(&collection.atlas)
        .ok_or_else(|| format!("assets/{ATLAS_PATH}: the atlas did not load"))?;
    let atlas = &loaded.atlas;
    let mut sheets = BTreeMap::new();
    for (name, sheet) in &atlas.sheets {
        let image = images
            .get(&loaded.images[name])
            .ok_or_else(|| format!("assets/{}: the image did not load", sheet.path))?;
        let needed = UVec2::new(sheet.columns, sheet.rows) * atlas.tile_size;
        if image.size().x < needed.x || image.size().y < needed.y {
            return Err(format!(
                "assets/{}: the image is {}x{} pixels, but {ATLAS_PATH} says it holds {}x{} cells of {} pixels",
                sheet.path,
                image.size().x,
                image.size().y,
                sheet.columns,
                sheet.rows,
                atlas.tile_size
            ));
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
    Ok(SpriteBook {
        tile_size: atlas.tile_size as f32,
        scale: atlas.scale,
        sheets,
        sprites,
    })
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
