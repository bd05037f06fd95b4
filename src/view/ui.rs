//! Layout helpers shared by the screens: a centred column, lines of text.

use bevy::prelude::*;

/// A full-window column that centres what it holds: the layout of the
/// loading, death and inventory screens.
pub(crate) fn centred_column(gap: f32) -> Node {
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
pub(crate) type Line = (String, f32, Color);

/// One line of text, its own entity.
pub(crate) fn text_line(
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
pub(crate) fn text_block(commands: &mut Commands, lines: Vec<Line>, align: AlignItems) -> Entity {
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
