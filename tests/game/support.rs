//! Helpers shared by the test modules: the shipped data, headless apps,
//! acting and looking in them, keys, and scratch folders.

use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gloomdelve::rules::creatures::spawn_creature;
use gloomdelve::rules::items::item;
use gloomdelve::vocab::components::{GridPos, Health, Hero, Pack};
use gloomdelve::vocab::data::{CreatureBook, ItemBook};
use gloomdelve::vocab::intents::{Action, PendingAction};
use gloomdelve::vocab::log::GameLog;
use gloomdelve::vocab::resources::Level;
use gloomdelve::vocab::resources::{NextCreatureId, Occupancy};
use gloomdelve::vocab::states::Screen;
use gloomdelve::{GamePlugin, Mode, NewGame, RulesData};
use gloomdelve_core::{Pos, Terrain};

// The shipped data.

pub fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/data")
        .join(name)
}

pub fn shipped_rules() -> RulesData {
    RulesData::load(&data("rules.ron")).unwrap()
}

/// The shipped creatures, as the data file places them.
pub fn shipped_book() -> CreatureBook {
    CreatureBook::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/creatures.ron"))
        .unwrap()
}

/// The shipped items, none of them placed.
pub fn shipped_items() -> gloomdelve::vocab::data::ItemBook {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/data/items.ron");
    let mut book = gloomdelve::vocab::data::ItemBook::load(&path).unwrap();
    book.kinds.iter_mut().for_each(|k| k.per_cave = 0);
    book
}

pub fn shipped_game(seed: u64, mode: Mode) -> gloomdelve::NewGame {
    gloomdelve::NewGame {
        seed,
        rules: shipped_rules(),
        creatures: gloomdelve::vocab::data::CreatureBook::load(&data("creatures.ron")).unwrap(),
        items: gloomdelve::vocab::data::ItemBook::load(&data("items.ron")).unwrap(),
        reveal: false,
        mode,
    }
}

// Headless apps.

pub fn start_playing(mut app: App) -> App {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app
}

/// A new game from the shipped data, on the surface (or in the Warrens).
pub fn new_game(seed: u64, mode: Mode, rules: RulesData) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(GamePlugin {
        new_game: NewGame {
            seed,
            rules,
            creatures: CreatureBook::load(&data("creatures.ron")).unwrap(),
            items: ItemBook::load(&data("items.ron")).unwrap(),
            reveal: false,
            mode,
        },
    });
    start_playing(app)
}

/// A walled `w × h` room, all floor inside.
pub fn open_map(w: usize, h: usize) -> String {
    let wall = "#".repeat(w);
    let middle = format!("#{}#", ".".repeat(w - 2));
    std::iter::once(wall.clone())
        .chain(std::iter::repeat_n(middle, h - 2))
        .chain([wall])
        .collect::<Vec<_>>()
        .join("\n")
}

/// A rules app on `map` with the hero at `hero` and no creatures yet.
pub fn app_on(map: &str, hero: Pos, rules: RulesData) -> App {
    app_on_with(map, hero, rules, |_| {})
}

/// [`app_on`], with what `extra` adds before the game starts.
pub fn app_on_with(map: &str, hero: Pos, rules: RulesData, extra: impl FnOnce(&mut App)) -> App {
    let mut book = shipped_book();
    book.kinds.iter_mut().for_each(|k| k.per_cave = 0);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins(GamePlugin {
        new_game: NewGame {
            seed: 5,
            rules,
            creatures: book,
            items: shipped_items(),
            reveal: false,
            mode: gloomdelve::Mode::Delve,
        },
    });
    app.insert_resource(Level {
        terrain: Terrain::from_text(map, 1),
        start: hero,
    });
    extra(&mut app);
    start_playing(app)
}

/// The hero at (2,2) in a room, holding the named items.
pub fn holding(names: &[&str]) -> (App, Vec<Entity>) {
    let mut app = app_on(&open_map(12, 12), Pos::new(2, 2), RulesData::default());
    let things: Vec<Entity> = names
        .iter()
        .map(|n| lay(&mut app, n, Pos::new(2, 2)))
        .collect();
    act(&mut app, Action::PickUp);
    assert_eq!(pack(&mut app).len(), names.len());
    (app, things)
}

// Playing and changing the game.

pub fn act(app: &mut App, action: Action) {
    app.world_mut().resource_mut::<PendingAction>().0 = Some(action);
    app.update();
}

pub fn wait(app: &mut App, turns: usize) {
    for _ in 0..turns {
        act(app, Action::Wait);
    }
}

pub fn spawn(app: &mut App, kind: &str, at: Pos) -> Entity {
    let book = app.world().resource::<NewGame>().creatures.clone();
    let kind = book.find(kind).expect("a shipped kind");
    let world = app.world_mut();
    let mut next = *world.resource::<NextCreatureId>();
    let entity = spawn_creature(&mut world.commands(), &book, &mut next, kind, at);
    world.flush();
    world.insert_resource(next);
    world.resource_mut::<Occupancy>().place(entity, at);
    entity
}

pub fn lay(app: &mut App, name: &str, at: Pos) -> Entity {
    let book = app.world().resource::<NewGame>().items.clone();
    let kind = book.find(name).expect("a shipped item");
    app.world_mut().spawn(item(&book, kind, at)).id()
}

/// The name an unknown kind goes by in this game: its look.
pub fn look_of(app: &App, kind: &str) -> String {
    let lore = app.world().resource::<gloomdelve::vocab::lore::Lore>();
    lore.looks[kind].name.clone()
}

/// The hero knows the named kinds, as if it had used one of each: for
/// tests of what an item does rather than of learning it.
pub fn know(app: &mut App, kinds: &[&str]) {
    let book = app.world().resource::<NewGame>().items.clone();
    let mut lore = app
        .world_mut()
        .resource_mut::<gloomdelve::vocab::lore::Lore>();
    for name in kinds {
        lore.learn(&book.kinds[book.find(name).expect("a shipped item")]);
    }
    app.update();
}

/// Whether the log has `line`, however far back.
pub fn said(app: &App, line: &str) -> bool {
    let log = app.world().resource::<GameLog>();
    log.entries().iter().any(|e| e.text == line)
}

pub fn set_hp(app: &mut App, entity: Entity, hp: i32) {
    app.world_mut().get_mut::<Health>(entity).unwrap().hp = hp;
}

/// Kills a 1-HP creature of `kind` put east of the hero, with a bump;
/// returns the corpse it leaves there.
pub fn kill_east_of_the_hero(app: &mut App, kind: &str) -> Entity {
    let at = hero_pos(app).step(gloomdelve_core::Dir::E);
    let foe = spawn(app, kind, at);
    set_hp(app, foe, 1);
    act(app, Action::Move(gloomdelve_core::Dir::E));
    app.world_mut()
        .query_filtered::<(Entity, &GridPos), With<gloomdelve::vocab::components::Corpse>>()
        .iter(app.world())
        .find(|(_, pos)| pos.0 == at)
        .map(|(e, _)| e)
        .expect("a corpse where it died")
}

/// Drops the hero to 0 HP and lets a turn end: the death screen follows,
/// or in the hunt the world's reset.
pub fn fell_the_hero(app: &mut App) {
    let hero = hero_entity(app);
    set_hp(app, hero, 0);
    act(app, gloomdelve::vocab::intents::Action::Wait);
    app.update();
}

// Looking at the game.

pub fn hero_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<Hero>>()
        .single(app.world())
        .unwrap()
}

pub fn hero_pos(app: &mut App) -> Pos {
    app.world_mut()
        .query_filtered::<&GridPos, With<Hero>>()
        .single(app.world())
        .unwrap()
        .0
}

pub fn pack(app: &mut App) -> Vec<Entity> {
    app.world_mut()
        .query_filtered::<&Pack, With<Hero>>()
        .single(app.world())
        .unwrap()
        .0
        .clone()
}

pub fn fighter(app: &mut App) -> gloomdelve::vocab::components::Fighter {
    *app.world_mut()
        .query_filtered::<&gloomdelve::vocab::components::Fighter, With<Hero>>()
        .single(app.world())
        .unwrap()
}

pub fn last_line(app: &App) -> String {
    app.world().resource::<GameLog>().recent(1)[0].text.clone()
}

pub fn overlay(app: &App) -> gloomdelve::vocab::states::Overlay {
    *app.world()
        .resource::<State<gloomdelve::vocab::states::Overlay>>()
        .get()
}

// The view without a renderer.

/// A sprite book naming every terrain, creature, corpse and item sprite of
/// the shipped data, and the hero's, with no real images behind them: what
/// the map and the motion systems need to run headless.
pub fn stand_in_book() -> gloomdelve::view::assets::SpriteBook {
    let sheet = (
        "terrain".to_string(),
        (Handle::default(), Handle::default()),
    );
    let terrain = gloomdelve_core::Tile::ALL
        .iter()
        .map(|t| t.sprite_name().to_string());
    let creatures = shipped_book().kinds.into_iter().flat_map(|k| {
        let corpse = format!("{}_corpse", k.sprite);
        [k.sprite, corpse]
    });
    let items = shipped_items().kinds.into_iter().map(|k| k.sprite);
    let names = terrain
        .chain(creatures)
        .chain(items)
        .chain([gloomdelve::vocab::HERO_SPRITE.to_string()]);
    let sprites = names
        .enumerate()
        .map(|(i, name)| (name, ("terrain".to_string(), i as u32)))
        .collect();
    gloomdelve::view::assets::SpriteBook {
        tile_size: 8.0,
        scale: 4,
        sheets: [sheet].into_iter().collect(),
        sprites,
    }
}

/// The map's sprites and the motion systems, as the window runs them, on
/// a headless app: everything of the presentation that is not drawing.
pub fn with_motion(app: &mut App) {
    app.insert_resource(stand_in_book());
    app.add_plugins((
        gloomdelve::view::tilemap::tile_sync_plugin,
        gloomdelve::view::motion::plugin,
    ));
}

// Keys.

pub fn with_keys(app: &mut App) {
    app.add_message::<bevy::input::keyboard::KeyboardInput>();
    app.insert_resource(gloomdelve::view::ui_state::Zoom(4));
    app.add_plugins(gloomdelve::input::plugin);
}

pub fn char_key(c: &str) -> bevy::input::keyboard::KeyboardInput {
    bevy::input::keyboard::KeyboardInput {
        key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        logical_key: bevy::input::keyboard::Key::Character(c.into()),
        state: bevy::input::ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

pub fn code_key(code: KeyCode) -> bevy::input::keyboard::KeyboardInput {
    bevy::input::keyboard::KeyboardInput {
        key_code: code,
        logical_key: bevy::input::keyboard::Key::Unidentified(
            bevy::input::keyboard::NativeKey::Unidentified,
        ),
        ..char_key("")
    }
}

pub fn press(app: &mut App, key: bevy::input::keyboard::KeyboardInput) {
    app.world_mut().write_message(key);
    app.update();
    app.update();
}

// Scratch folders.

/// A fresh, empty folder for one test, named after `name`, under the
/// system temp dir. It is removed when the returned `TempDir` drops, so
/// keep that alive for as long as anything, a child process too, uses it.
pub fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("gloomdelve-{name}-"))
        .tempdir()
        .expect("a scratch folder under the system temp dir")
}

/// The copies of `dir/name` set aside as bad (`name.bad-<time>[-N]`),
/// oldest first.
pub fn set_aside_copies(dir: &Path, name: &str) -> Vec<std::path::PathBuf> {
    let prefix = format!("{name}.bad-");
    let mut copies: Vec<(String, u32, std::path::PathBuf)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let file = path.file_name()?.to_str()?.to_string();
            let rest = file.strip_prefix(&prefix)?;
            let (stamp, n) = match rest.get(15..) {
                Some("") | None => (rest.to_string(), 1),
                Some(more) => (
                    rest[..15].to_string(),
                    more.trim_start_matches('-').parse().ok()?,
                ),
            };
            Some((stamp, n, path))
        })
        .collect();
    copies.sort();
    copies.into_iter().map(|(.., path)| path).collect()
}

/// The one copy of `dir/name` set aside as bad.
pub fn the_set_aside_copy(dir: &Path, name: &str) -> std::path::PathBuf {
    let copies = set_aside_copies(dir, name);
    assert_eq!(copies.len(), 1, "one copy of {name} set aside: {copies:?}");
    copies.into_iter().next().unwrap()
}

/// Reads the save at `path` as the title does, against the shipped data.
pub fn read_save(path: &Path) -> gloomdelve::save::SaveStatus {
    gloomdelve::save::read_save(path, &shipped_game(0, gloomdelve::Mode::Delve))
}

/// What `who` did in the last turn, as the world's turn recorded it.
pub fn deeds_of(app: &App, who: Entity) -> Vec<gloomdelve::vocab::foresight::Deed> {
    let deeds = &app
        .world()
        .resource::<gloomdelve::vocab::foresight::Deeds>()
        .0;
    deeds
        .iter()
        .filter(|(e, _)| *e == who)
        .map(|(_, d)| d.clone())
        .collect()
}

/// Turns the intent overlay on and returns what the foresight says `who`
/// will do next turn.
pub fn foresee(app: &mut App, who: Entity) -> Vec<gloomdelve::vocab::foresight::Intent> {
    app.insert_resource(gloomdelve::vocab::foresight::ShowIntents(true));
    app.update();
    let foresight = app
        .world()
        .resource::<gloomdelve::vocab::foresight::Foresight>();
    foresight.of(who).expect("it is foreseen").turns.clone()
}

/// The HP of the hero or a creature.
pub fn hp(app: &App, entity: Entity) -> i32 {
    app.world()
        .get::<gloomdelve::vocab::components::Health>(entity)
        .unwrap()
        .hp
}

/// The hero's HP.
pub fn hero_hp(app: &mut App) -> i32 {
    let hero = hero_entity(app);
    hp(app, hero)
}

/// Sets the hero's food.
pub fn set_food(app: &mut App, food: i32) {
    let hero = hero_entity(app);
    app.world_mut()
        .get_mut::<gloomdelve::vocab::components::Stomach>(hero)
        .unwrap()
        .food = food;
}

/// The title opens over `app`'s data folder, as on entering the screen:
/// the save side reads the save, then the title offers what it found.
pub fn open_title(app: &mut App) {
    app.world_mut()
        .run_system_cached(gloomdelve::save::asked::look_at_the_save)
        .unwrap();
    app.world_mut()
        .run_system_cached(gloomdelve::view::title::open_title)
        .unwrap();
}

/// Saves the game to text and loads it into a new app, as Continue does.
pub fn saved_and_loaded(app: &mut App) -> App {
    let save = gloomdelve::save::state::capture(app.world_mut()).expect("a game in play");
    let text = ron::to_string(&save).expect("the save writes");
    let save = ron::from_str(&text).expect("the save reads back");
    let mut loaded = App::new();
    loaded.add_plugins((MinimalPlugins, StatesPlugin));
    let new_game = app.world().resource::<NewGame>().clone();
    loaded.add_plugins(GamePlugin { new_game });
    gloomdelve::save::state::restore(loaded.world_mut(), save);
    loaded
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    loaded.update();
    loaded
}

/// The turn the game is on.
pub fn turn(app: &App) -> u64 {
    app.world()
        .resource::<gloomdelve::vocab::resources::TurnCount>()
        .0
}
