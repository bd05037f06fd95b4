//! The sprite-art pipeline: text sources in `art/` (a palette plus 8×8
//! character grids) are baked into PNG sheets and an atlas that maps each
//! sprite name to its sheet and cell.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The side of one sprite cell, in pixels.
pub const CELL: u32 = 8;
/// How many cells wide every baked sheet is.
pub const SHEET_COLUMNS: u32 = 8;
/// The on-screen scale the baked atlas asks for.
pub const DEFAULT_SCALE: u32 = 4;
/// The atlas file's name inside `assets/sprites/`. The `.atlas.ron`
/// extension is what selects the game's atlas loader.
pub const ATLAS_FILE: &str = "sprites.atlas.ron";
/// The sheets, in atlas order; each has `art/<name>.txt`.
pub const SHEETS: [&str; 4] = ["terrain", "creatures", "items", "ui"];

/// An RGBA colour.
pub type Rgba = [u8; 4];
const TRANSPARENT: Rgba = [0, 0, 0, 0];

/// A problem in an art source, with the file and line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArtError {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ArtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
    }
}

impl std::error::Error for ArtError {}

fn art_error(file: &Path, line: usize, message: impl Into<String>) -> ArtError {
    ArtError {
        file: file.to_path_buf(),
        line,
        message: message.into(),
    }
}

/// Palette characters and their colours. `.` is always transparent.
#[derive(Debug, Clone, Default)]
pub struct Palette(BTreeMap<char, Rgba>);

impl Palette {
    /// Parses lines of `<char> #rrggbb`, with `#` comment lines.
    pub fn parse(text: &str, file: &Path) -> Result<Self, ArtError> {
        let mut colours = BTreeMap::new();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let key = parts.next().unwrap_or_default();
            let hex = parts.next().unwrap_or_default();
            let mut chars = key.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(art_error(
                    file,
                    line_no,
                    format!("expected one character, found {key:?}"),
                ));
            };
            if matches!(c, '.' | '#' | '[' | ']') {
                return Err(art_error(
                    file,
                    line_no,
                    format!("{c:?} is reserved and cannot be a colour"),
                ));
            }
            let rgba = parse_hex(hex).ok_or_else(|| {
                art_error(
                    file,
                    line_no,
                    format!("expected a colour like #a1b2c3, found {hex:?}"),
                )
            })?;
            if colours.insert(c, rgba).is_some() {
                return Err(art_error(file, line_no, format!("{c:?} is defined twice")));
            }
        }
        Ok(Self(colours))
    }

    fn colour(&self, c: char) -> Option<Rgba> {
        if c == '.' {
            Some(TRANSPARENT)
        } else {
            self.0.get(&c).copied()
        }
    }
}

fn parse_hex(hex: &str) -> Option<Rgba> {
    let digits = hex.strip_prefix('#')?;
    if digits.len() != 6 || !digits.is_ascii() {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?, 255])
}

/// One named 8×8 sprite, as RGBA pixels row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sprite {
    pub name: String,
    pub pixels: Vec<Rgba>,
}

/// Parses a sheet source: `[name]` headers, each followed by 8 rows of 8
/// palette characters. Lines starting with `#` outside a grid are comments.
pub fn parse_sheet(text: &str, palette: &Palette, file: &Path) -> Result<Vec<Sprite>, ArtError> {
    let mut sprites: Vec<Sprite> = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.trim_end()));
    while let Some((line_no, line)) = lines.next() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = parse_header(line).ok_or_else(|| {
            art_error(
                file,
                line_no,
                format!("expected a [sprite_name] header, found {line:?}"),
            )
        })?;
        if sprites.iter().any(|s| s.name == name) {
            return Err(art_error(
                file,
                line_no,
                format!("sprite {name:?} is defined twice"),
            ));
        }
        let mut pixels = Vec::with_capacity((CELL * CELL) as usize);
        for _ in 0..CELL {
            let (row_no, row) = lines.next().ok_or_else(|| {
                art_error(
                    file,
                    line_no,
                    format!("sprite {name:?} has fewer than {CELL} rows"),
                )
            })?;
            pixels.extend(parse_row(row, palette, file, row_no)?);
        }
        sprites.push(Sprite {
            name: name.to_string(),
            pixels,
        });
    }
    Ok(sprites)
}

fn parse_header(line: &str) -> Option<&str> {
    let name = line.strip_prefix('[')?.strip_suffix(']')?;
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    valid.then_some(name)
}

fn parse_row(
    line: &str,
    palette: &Palette,
    file: &Path,
    line_no: usize,
) -> Result<Vec<Rgba>, ArtError> {
    if line.chars().count() != CELL as usize {
        return Err(art_error(
            file,
            line_no,
            format!("a sprite row must be {CELL} characters, found {line:?}"),
        ));
    }
    line.chars()
        .map(|c| {
            palette
                .colour(c)
                .ok_or_else(|| art_error(file, line_no, format!("{c:?} is not in the palette")))
        })
        .collect()
}

/// A baked sheet: its name, size in pixels and RGBA pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetImage {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
    pub sprite_names: Vec<String>,
}

/// Lays sprites out left to right, top to bottom, `SHEET_COLUMNS` wide.
pub fn lay_out_sheet(name: &str, sprites: &[Sprite]) -> SheetImage {
    let rows = (sprites.len() as u32).div_ceil(SHEET_COLUMNS).max(1);
    let (width, height) = (SHEET_COLUMNS * CELL, rows * CELL);
    let mut rgba = vec![0u8; (width * height * 4) as usize];
    for (i, sprite) in sprites.iter().enumerate() {
        let (cx, cy) = (
            (i as u32 % SHEET_COLUMNS) * CELL,
            (i as u32 / SHEET_COLUMNS) * CELL,
        );
        for (j, pixel) in sprite.pixels.iter().enumerate() {
            let (x, y) = (cx + j as u32 % CELL, cy + j as u32 / CELL);
            let at = ((y * width + x) * 4) as usize;
            rgba[at..at + 4].copy_from_slice(pixel);
        }
    }
    SheetImage {
        name: name.to_string(),
        width,
        height,
        rgba,
        sprite_names: sprites.iter().map(|s| s.name.clone()).collect(),
    }
}

/// Reads `art/palette.txt` and every sheet source, and lays out the sheets.
pub fn bake_sources(art_dir: &Path) -> Result<Vec<SheetImage>, ArtError> {
    let palette_path = art_dir.join("palette.txt");
    let palette = Palette::parse(&read_source(&palette_path)?, &palette_path)?;
    SHEETS
        .iter()
        .map(|sheet| {
            let path = art_dir.join(format!("{sheet}.txt"));
            let sprites = parse_sheet(&read_source(&path)?, &palette, &path)?;
            Ok(lay_out_sheet(sheet, &sprites))
        })
        .collect()
}

fn read_source(path: &Path) -> Result<String, ArtError> {
    std::fs::read_to_string(path).map_err(|e| art_error(path, 0, format!("cannot read: {e}")))
}

/// Encodes RGBA pixels as a PNG.
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgba)?;
    writer.finish()?;
    Ok(out)
}

/// Decodes a PNG into `(width, height, RGBA pixels)`, expanding RGB and
/// palette images to RGBA.
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), png::DecodingError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut buf)?;
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks(2)
            .flat_map(|c| [c[0], c[0], c[0], c[1]])
            .collect(),
        _ => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
    };
    Ok((info.width, info.height, rgba))
}

/// The atlas file: tile size, scale, sheets and where each sprite lives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Atlas {
    /// The side of one cell in the sheets, in pixels.
    pub tile_size: u32,
    /// The default on-screen zoom (2, 3 or 4).
    pub scale: u32,
    pub sheets: BTreeMap<String, AtlasSheet>,
    pub sprites: BTreeMap<String, SpriteRef>,
}

/// One sheet image and its grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtlasSheet {
    /// Relative to the assets folder.
    pub path: String,
    pub columns: u32,
    pub rows: u32,
}

/// A sprite's sheet and cell index (row by row from the top left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpriteRef {
    pub sheet: String,
    pub index: u32,
}

impl Atlas {
    /// The atlas for freshly baked sheets.
    pub fn for_sheets(sheets: &[SheetImage]) -> Self {
        let mut atlas = Atlas {
            tile_size: CELL,
            scale: DEFAULT_SCALE,
            sheets: BTreeMap::new(),
            sprites: BTreeMap::new(),
        };
        for sheet in sheets {
            let entry = AtlasSheet {
                path: format!("sprites/{}.png", sheet.name),
                columns: sheet.width / CELL,
                rows: sheet.height / CELL,
            };
            atlas.sheets.insert(sheet.name.clone(), entry);
            for (index, name) in sheet.sprite_names.iter().enumerate() {
                let sprite = SpriteRef {
                    sheet: sheet.name.clone(),
                    index: index as u32,
                };
                atlas.sprites.insert(name.clone(), sprite);
            }
        }
        atlas
    }

    /// Checks the atlas is self-consistent: a sane tile size and scale,
    /// and every sprite inside a sheet that exists.
    pub fn validate(&self) -> Result<(), String> {
        if self.tile_size == 0 || self.tile_size > 256 {
            return Err(format!("tile_size {} must be 1 to 256", self.tile_size));
        }
        if !(2..=4).contains(&self.scale) {
            return Err(format!("scale {} must be 2, 3 or 4", self.scale));
        }
        for (name, sheet) in &self.sheets {
            if sheet.columns == 0 || sheet.rows == 0 {
                return Err(format!(
                    "sheet {name:?} needs at least one column and one row"
                ));
            }
        }
        for (name, sprite) in &self.sprites {
            let Some(sheet) = self.sheets.get(&sprite.sheet) else {
                return Err(format!(
                    "sprite {name:?} names sheet {:?}, which is not in `sheets`",
                    sprite.sheet
                ));
            };
            if sprite.index >= sheet.columns * sheet.rows {
                return Err(format!(
                    "sprite {name:?} has index {} but sheet {:?} has only {} cells",
                    sprite.index,
                    sprite.sheet,
                    sheet.columns * sheet.rows
                ));
            }
        }
        Ok(())
    }

    /// The atlas as RON text, with a header explaining how to repoint it.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .indentor("    ")
            .struct_names(false);
        let body = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        format!("{ATLAS_HEADER}{body}\n")
    }

    /// Parses atlas RON text and validates it.
    pub fn from_ron(text: &str) -> Result<Self, String> {
        let atlas: Atlas = ron::from_str(text).map_err(|e| e.to_string())?;
        atlas.validate()?;
        Ok(atlas)
    }
}

const ATLAS_HEADER: &str = "\
// Gloomdelve sprite atlas: which sheet and cell draws each sprite.
// Baked from art/ by `cargo run -p gloomdelve-core --bin bake-art`.
// To play with other art (for example your own Oryx 8-bit sheets), point
// `sheets` at your images, set their `columns`/`rows` and `tile_size`, and
// set each sprite's `index` (cells count row by row from the top left).
";

/// Where the baked files go, relative to the repository root.
pub fn sprites_dir(repo_root: &Path) -> PathBuf {
    repo_root.join("assets").join("sprites")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette() -> Palette {
        Palette::parse("a #ff0000\nb #00ff00 # green\n", Path::new("p.txt")).unwrap()
    }

    fn grid(row: &str) -> String {
        std::iter::repeat_n(row, 8).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_sprite_parses_to_its_pixels() {
        let text = format!("# comment\n[red_thing]\n{}\n", grid("a......."));
        let sprites = parse_sheet(&text, &palette(), Path::new("s.txt")).unwrap();
        assert_eq!(sprites.len(), 1);
        assert_eq!(sprites[0].pixels[0], [255, 0, 0, 255]);
        assert_eq!(sprites[0].pixels[1], TRANSPARENT);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let text = "[x]\naaaaaaaa\naaaaaaaz\n";
        let err = parse_sheet(text, &palette(), Path::new("art/items.txt")).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.to_string().starts_with("art/items.txt:3:"), "{err}");
        let short = parse_sheet("[x]\naaaa\n", &palette(), Path::new("s.txt")).unwrap_err();
        assert!(short.message.contains("8 characters"), "{short}");
        let truncated = parse_sheet("[x]\naaaaaaaa\n", &palette(), Path::new("s.txt")).unwrap_err();
        assert!(
            truncated.message.contains("fewer than 8 rows"),
            "{truncated}"
        );
    }

    #[test]
    fn bad_palette_lines_are_reported() {
        assert!(Palette::parse("a ff0000", Path::new("p")).is_err());
        assert!(Palette::parse(". #ffffff", Path::new("p")).is_err());
        assert!(Palette::parse("a #ffffff\na #000000", Path::new("p")).is_err());
    }

    #[test]
    fn png_round_trip_keeps_pixels() {
        let sheet = lay_out_sheet(
            "t",
            &[Sprite {
                name: "a".into(),
                pixels: vec![[1, 2, 3, 255]; 64],
            }],
        );
        let bytes = encode_png(sheet.width, sheet.height, &sheet.rgba).unwrap();
        let (w, h, rgba) = decode_png(&bytes).unwrap();
        assert_eq!((w, h), (64, 8));
        assert_eq!(rgba, sheet.rgba);
    }

    #[test]
    fn atlas_round_trips_and_validates_indices() {
        let sheet = lay_out_sheet(
            "terrain",
            &[Sprite {
                name: "floor".into(),
                pixels: vec![TRANSPARENT; 64],
            }],
        );
        let atlas = Atlas::for_sheets(&[sheet]);
        assert_eq!(Atlas::from_ron(&atlas.to_ron()).unwrap(), atlas);
        let mut broken = atlas.clone();
        broken.sprites.get_mut("floor").unwrap().index = 99;
        assert!(broken.validate().unwrap_err().contains("only 8 cells"));
        assert!(Atlas::from_ron("(tile_size: 8)").is_err());
    }

    /// The committed PNGs and atlas must match what the sources bake to.
    #[test]
    fn baked_sheets_are_up_to_date_with_their_sources() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let sheets = bake_sources(&root.join("art")).unwrap_or_else(|e| panic!("{e}"));
        let dir = sprites_dir(&root);
        let stale = "is out of date: run `cargo run -p gloomdelve-core --bin bake-art`";
        for sheet in &sheets {
            let path = dir.join(format!("{}.png", sheet.name));
            let bytes =
                std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}; {stale}", path.display()));
            let (w, h, rgba) = decode_png(&bytes).unwrap();
            assert!(
                (w, h, &rgba) == (sheet.width, sheet.height, &sheet.rgba),
                "{} {stale}",
                path.display()
            );
        }
        let atlas_text = std::fs::read_to_string(dir.join(ATLAS_FILE)).unwrap();
        assert_eq!(
            atlas_text,
            Atlas::for_sheets(&sheets).to_ron(),
            "assets/sprites/sprites.atlas.ron {stale}"
        );
    }
}
