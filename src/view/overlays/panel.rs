//! The overlays' framed panel, laid out for a window size: lines wrapped
//! to its width, as many body rows as fit its height, and the rest reached
//! by scrolling.

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::text::LineHeight;

use crate::view::assets::SpriteBook;

/// The width of one glyph of Bevy's default font (Fira Mono), in ems.
const GLYPH_EMS: f32 = 0.6;
/// Font sizes and line heights, in logical pixels.
const HEADING_PX: f32 = 26.0;
const HEADING_LINE: f32 = 32.0;
const BODY_PX: f32 = 16.0;
const BODY_LINE: f32 = 20.0;
const FOOTER_PX: f32 = 15.0;
const FOOTER_LINE: f32 = 19.0;
/// Room between the panel and the window's edge.
const MARGIN: f32 = 16.0;
/// Room inside the frame, around the text.
const PADDING: f32 = 22.0;
/// Room between heading, body and footer.
const GAP: f32 = 10.0;
/// The widest a panel grows, however wide the window.
const MAX_WIDTH: f32 = 1000.0;

const HEADING: Color = Color::srgb(0.97, 0.86, 0.31);
const FOOTER: Color = Color::srgb(0.62, 0.6, 0.68);
/// The panel's inside where the atlas has no frame sprite.
const PANEL_BACK: Color = Color::srgb(0.12, 0.11, 0.15);

/// One line of a panel's body. A line too long for the panel wraps, and
/// its continuation rows are indented by `hang` spaces.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyLine {
    pub text: String,
    pub colour: Color,
    pub hang: usize,
}

impl BodyLine {
    pub fn new(text: impl Into<String>, colour: Color) -> Self {
        Self {
            text: text.into(),
            colour,
            hang: 0,
        }
    }

    pub fn hanging(mut self, hang: usize) -> Self {
        self.hang = hang;
        self
    }
}

/// What a panel says: a heading, a body that scrolls when it is too long,
/// and lines of key hints under it.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelText {
    pub heading: String,
    pub body: Vec<BodyLine>,
    pub footer: Vec<String>,
}

/// Which body rows show: from `first`, `rows` of `total`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    pub first: usize,
    pub rows: usize,
    pub total: usize,
}

impl Scroll {
    /// Scrolled to the end (the history opens on its newest lines).
    pub(crate) const END: Self = Self {
        first: usize::MAX,
        rows: 0,
        total: 0,
    };

    /// The first row that still fills the panel.
    fn last_first(&self) -> usize {
        self.total.saturating_sub(self.rows)
    }

    /// Whether the body is longer than the panel shows.
    pub fn scrolls(&self) -> bool {
        self.total > self.rows
    }

    /// This scroll with `first` kept in range for `rows` of `total`.
    fn fitted(self, rows: usize, total: usize) -> Self {
        let fitted = Self {
            rows,
            total,
            ..self
        };
        Self {
            first: self.first.min(fitted.last_first()),
            ..fitted
        }
    }

    /// Where a scrolling key takes the view: Up and Down by a row, Page Up
    /// and Page Down by a panel, Home and End to the ends. `None` for other keys.
    pub(crate) fn after_key(self, key: &Key) -> Option<Self> {
        let page = self.rows.max(1);
        let first = match key {
            Key::ArrowUp => self.first.saturating_sub(1),
            Key::ArrowDown => self.first.saturating_add(1),
            Key::PageUp => self.first.saturating_sub(page),
            Key::PageDown => self.first.saturating_add(page),
            Key::Home => 0,
            Key::End => usize::MAX,
            _ => return None,
        };
        Some(Self {
            first: first.min(self.last_first()),
            ..self
        })
    }
}

/// The keys that scroll a panel, as its footer names them.
pub const SCROLL_KEYS: &str = "Up/Down, PageUp/PageDown, Home/End: scroll";

/// A panel ready to draw: its width, the rows that show, and the scroll.
#[derive(Clone, Debug, PartialEq)]
pub struct Laid {
    pub width: f32,
    pub heading: String,
    pub rows: Vec<(String, Color)>,
    pub footer: Vec<String>,
    pub scroll: Scroll,
}

impl Laid {
    /// The panel's height in logical pixels, frame and padding included.
    pub fn height(&self) -> f32 {
        let footer = if self.footer.is_empty() {
            0.0
        } else {
            GAP + self.footer.len() as f32 * FOOTER_LINE
        };
        2.0 * PADDING + HEADING_LINE + GAP + self.rows.len() as f32 * BODY_LINE + footer
    }
}

/// How many glyphs of `font_px` fit in `width` pixels.
fn columns(width: f32, font_px: f32) -> usize {
    (width / (font_px * GLYPH_EMS)).floor().max(1.0) as usize
}

/// `text` cut into rows of at most `cols` characters, at spaces where it
/// can; the rows after the first start with `hang` spaces.
pub fn wrap(text: &str, cols: usize, hang: usize) -> Vec<String> {
    let hang = hang.min(cols / 2);
    let mut rows = Vec::new();
    let mut rest: &str = text;
    let mut indent = 0;
    loop {
        let room = cols.saturating_sub(indent).max(1);
        if rest.chars().count() <= room {
            rows.push(format!("{}{rest}", " ".repeat(indent)));
            return rows;
        }
        let byte_at = |n: usize| rest.char_indices().nth(n).map_or(rest.len(), |(i, _)| i);
        let cut_at = byte_at(room);
        // One character more, so a word that ends right at the edge stays.
        let head = &rest[..byte_at(room + 1)];
        let cut = match head.rfind(' ') {
            Some(space) if space > 0 && !head[..space].trim().is_empty() => space,
            _ => cut_at,
        };
        rows.push(format!("{}{}", " ".repeat(indent), rest[..cut].trim_end()));
        rest = rest[cut..].trim_start();
        indent = hang;
        if rest.is_empty() {
            return rows;
        }
    }
}

/// Lays `text` out for a window of `window` logical pixels, showing the
/// body from row `first` (kept in range).
pub fn lay_out(text: &PanelText, window: Vec2, first: usize) -> Laid {
    let inner = ((window.x - 2.0 * MARGIN).min(MAX_WIDTH) - 2.0 * PADDING).max(1.0);
    let body_cols = columns(inner, BODY_PX);
    let footer_cols = columns(inner, FOOTER_PX);
    let body: Vec<(String, Color)> = text
        .body
        .iter()
        .flat_map(|line| {
            wrap(&line.text, body_cols, line.hang)
                .into_iter()
                .map(|row| (row, line.colour))
        })
        .collect();
    let wrapped_footer = |lines: &[String]| -> Vec<String> {
        lines.iter().flat_map(|l| wrap(l, footer_cols, 2)).collect()
    };
    let rows_for = |footer: &[String]| {
        let footer_height = if footer.is_empty() {
            0.0
        } else {
            GAP + footer.len() as f32 * FOOTER_LINE
        };
        let room = window.y - 2.0 * MARGIN - 2.0 * PADDING - HEADING_LINE - GAP - footer_height;
        (room / BODY_LINE).floor().max(1.0) as usize
    };
    let mut footer = wrapped_footer(&text.footer);
    let mut rows = rows_for(&footer);
    if body.len() > rows {
        let mut hints = vec![SCROLL_KEYS.to_string()];
        hints.extend(text.footer.iter().cloned());
        footer = wrapped_footer(&hints);
        rows = rows_for(&footer);
    }
    let scroll = Scroll { first, ..default() }.fitted(rows, body.len());
    let widest = body
        .iter()
        .map(|(row, _)| row.chars().count() as f32 * BODY_PX)
        .chain(footer.iter().map(|r| r.chars().count() as f32 * FOOTER_PX))
        .chain(std::iter::once(
            text.heading.chars().count() as f32 * HEADING_PX,
        ))
        .fold(0.0, f32::max)
        * GLYPH_EMS;
    let shown = body
        .into_iter()
        .skip(scroll.first)
        .take(rows)
        .collect::<Vec<_>>();
    let heading = if scroll.scrolls() {
        format!(
            "{}  ({}-{} of {})",
            text.heading,
            scroll.first + 1,
            scroll.first + shown.len(),
            scroll.total
        )
    } else {
        text.heading.clone()
    };
    Laid {
        width: widest.ceil().min(inner) + 2.0 * PADDING,
        heading,
        rows: shown,
        footer,
        scroll,
    }
}

/// One line of panel text that never wraps: the layout above has already
/// cut it to fit.
fn panel_line(text: &str, font_px: f32, line: f32, colour: Color) -> impl Bundle {
    // An empty text has no height; a space keeps a blank row.
    let text = if text.is_empty() { " " } else { text };
    (
        Text::new(text),
        TextFont::from_font_size(font_px),
        LineHeight::Px(line),
        TextLayout::no_wrap(),
        TextColor(colour),
    )
}

/// The UI sheet's `panel_frame`, 9-sliced so its border keeps its pixels
/// at any size; `None` where the atlas lacks it.
pub(crate) fn panel_frame(book: &SpriteBook) -> Option<ImageNode> {
    book.image_node("panel_frame").map(|image| {
        image.with_mode(NodeImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(2.0),
            max_corner_scale: 4.0,
            ..default()
        }))
    })
}

/// Spawns `laid` as an opaque framed panel centred over the window
/// below its top `top` pixels (the HUD's bars, which stay in sight),
/// dimmed. Returns the root, for the caller to tag.
pub fn spawn(commands: &mut Commands, book: Option<&SpriteBook>, laid: &Laid, top: f32) -> Entity {
    let root = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(top),
                bottom: px(0),
                left: px(0),
                right: px(0),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
            GlobalZIndex(6),
        ))
        .id();
    // A UI image fills its node's content box, so the frame's node has no
    // padding: the room around the text is the inner column's.
    let frame = book.and_then(panel_frame);
    let mut panel = commands.spawn((
        Name::new("Overlay panel"),
        Node {
            width: px(laid.width),
            ..default()
        },
    ));
    match frame {
        Some(frame) => panel.insert(frame),
        None => panel.insert(BackgroundColor(PANEL_BACK)),
    };
    let frame = panel.id();
    let panel = commands
        .spawn(Node {
            width: percent(100),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(PADDING)),
            row_gap: px(GAP),
            ..default()
        })
        .id();
    commands.entity(frame).add_child(panel);
    let heading = commands
        .spawn(panel_line(&laid.heading, HEADING_PX, HEADING_LINE, HEADING))
        .id();
    let body = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .id();
    for (row, colour) in &laid.rows {
        let line = commands
            .spawn(panel_line(row, BODY_PX, BODY_LINE, *colour))
            .id();
        commands.entity(body).add_child(line);
    }
    commands.entity(panel).add_children(&[heading, body]);
    if !laid.footer.is_empty() {
        let footer = commands
            .spawn(Node {
                flex_direction: FlexDirection::Column,
                ..default()
            })
            .id();
        for row in &laid.footer {
            let line = commands
                .spawn(panel_line(row, FOOTER_PX, FOOTER_LINE, FOOTER))
                .id();
            commands.entity(footer).add_child(line);
        }
        commands.entity(panel).add_child(footer);
    }
    commands.entity(root).add_child(frame);
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    fn long_text(lines: usize, width: usize) -> PanelText {
        PanelText {
            heading: "Heading".to_string(),
            body: (0..lines)
                .map(|i| BodyLine::new(format!("{i:>3} {}", "word ".repeat(width / 5)), FOOTER))
                .collect(),
            footer: vec!["Esc: close".to_string()],
        }
    }

    #[test]
    fn wrapping_keeps_words_whole_and_rows_short() {
        let rows = wrap("the quick brown fox jumps over the lazy dog", 12, 2);
        assert_eq!(
            rows,
            [
                "the quick",
                "  brown fox",
                "  jumps over",
                "  the lazy",
                "  dog"
            ]
        );
        assert!(rows.iter().all(|r| r.len() <= 12));
        assert_eq!(wrap("short", 12, 2), ["short"]);
        let unbroken = wrap(&"x".repeat(25), 10, 0);
        assert_eq!(unbroken, ["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
    }

    #[test]
    fn a_panel_fits_every_window_from_800_by_600_up() {
        for window in [
            (800.0, 600.0),
            (1024.0, 768.0),
            (1280.0, 800.0),
            (1920.0, 1080.0),
        ] {
            let window = Vec2::new(window.0, window.1);
            for text in [long_text(3, 40), long_text(80, 120), long_text(30, 300)] {
                let laid = lay_out(&text, window, 0);
                assert!(
                    laid.width <= window.x - 2.0 * MARGIN
                        && laid.height() <= window.y - 2.0 * MARGIN,
                    "{window:?}: a panel of {} x {}",
                    laid.width,
                    laid.height()
                );
                let widest_row = laid.rows.iter().map(|(r, _)| r.len()).max().unwrap_or(0);
                let text_width = widest_row as f32 * BODY_PX * GLYPH_EMS;
                assert!(
                    text_width <= laid.width - 2.0 * PADDING,
                    "{window:?}: rows fit"
                );
            }
        }
    }

    #[test]
    fn a_long_body_scrolls_and_says_how() {
        let text = long_text(80, 20);
        let small = lay_out(&text, Vec2::new(800.0, 600.0), 0);
        assert!(small.scroll.scrolls());
        assert!(small.footer.iter().any(|l| l.contains("scroll")));
        assert!(small.heading.contains(&format!("of {}", text.body.len())));
        let end = lay_out(&text, Vec2::new(800.0, 600.0), usize::MAX);
        assert_eq!(end.scroll.first + end.rows.len(), text.body.len());
        let short = lay_out(&long_text(3, 20), Vec2::new(800.0, 600.0), 0);
        assert!(!short.scroll.scrolls());
        assert!(!short.footer.iter().any(|l| l.contains("scroll")));
    }

    #[test]
    fn scroll_keys_move_within_the_body() {
        let scroll = Scroll {
            first: 0,
            rows: 10,
            total: 25,
        };
        let down = |s: Scroll, key: Key| s.after_key(&key).unwrap();
        assert_eq!(down(scroll, Key::ArrowUp).first, 0);
        assert_eq!(down(scroll, Key::ArrowDown).first, 1);
        assert_eq!(down(scroll, Key::PageDown).first, 10);
        assert_eq!(down(down(scroll, Key::PageDown), Key::PageDown).first, 15);
        assert_eq!(down(scroll, Key::End).first, 15);
        assert_eq!(down(down(scroll, Key::End), Key::Home).first, 0);
        assert_eq!(scroll.after_key(&Key::Enter), None);
    }
}
