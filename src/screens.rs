//! The top-level screens the game moves through.

use bevy::prelude::*;

/// Which screen is showing. Later screens (title, death, victory) join here.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Sprite sheets, the atlas and data are loading.
    #[default]
    Loading,
    /// Loaded assets are checked against each other.
    Preparing,
    /// Something failed to load; the game reports it and exits.
    LoadFailed,
    /// New Game, Continue, Quit.
    Title,
    /// In the dungeon.
    Playing,
    /// Between two levels: the one left is stored, the next brought up.
    Travelling,
    /// The hero died.
    GameOver,
    /// The hero came back to the surface with the Gold Key.
    Victory,
}

/// What lies over the game view while playing. The game stays in
/// [`Screen::Playing`] underneath, so nothing of the level is despawned.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    Inventory,
    /// Aiming a scroll at a tile.
    Targeting,
    /// Esc: resume, or save and quit.
    Menu,
    /// `?`: every key binding.
    Help,
    /// `m`: the message history.
    History,
}

/// The order of the work done on entering [`Screen::Playing`]: the rules
/// build the level first, then the presentation draws it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnterPlaying {
    Rules,
    Presentation,
}

/// A full-window column that centres what it holds: the layout of the
/// loading, death and inventory screens.
pub fn centred_column(gap: f32) -> Node {
    Node {
        width: percent(100),
        height: percent(100),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        row_gap: px(gap),
        ..default()
    }
}

/// One line of text on a screen: the words, the font size, the colour.
pub type Line = (String, f32, Color);

/// One line of text, its own entity.
pub fn text_line(
    commands: &mut Commands,
    line: impl Into<String>,
    size: f32,
    colour: Color,
) -> Entity {
    commands
        .spawn((
            Text::new(line),
            TextFont::from_font_size(size),
            TextColor(colour),
        ))
        .id()
}

/// A column of text lines, aligned by `align` (left-aligned lines keep
/// columns of a table in line). Returns the column's entity.
pub fn text_block(commands: &mut Commands, lines: Vec<Line>, align: AlignItems) -> Entity {
    let block = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: align,
            row_gap: px(4),
            ..default()
        })
        .id();
    let children: Vec<Entity> = lines
        .into_iter()
        .map(|(line, size, colour)| text_line(commands, line, size, colour))
        .collect();
    commands.entity(block).add_children(&children);
    block
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Overlay>();
    app.configure_sets(
        OnEnter(Screen::Playing),
        (EnterPlaying::Rules, EnterPlaying::Presentation).chain(),
    );
}
