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

/// Decodes a PNG into `(width, height, RGBA pixels)`: every colour type
/// (grey, grey and alpha, RGB, RGBA, palette) and bit depth (1 to 16) comes
/// out as 8-bit RGBA, the one format the game hands the GPU.
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

/// The most cells one sheet may have (a 1024×1024 grid), so that a typo
/// in `columns` or `rows` cannot make the game allocate gigabytes.
pub const MAX_SHEET_CELLS: u64 = 1 << 20;

impl AtlasSheet {
    /// How many cells the grid has, counted without overflow.
    pub fn cells(&self) -> u64 {
        u64::from(self.columns) * u64::from(self.rows)
    }

    /// Checks the sheet's path and the size of its grid.
    fn check(&self, name: &str) -> Result<(), String> {
        check_sheet_path(&self.path)
            .map_err(|why| format!("sheet {name:?} has path {:?}: {why}", self.path))?;
        if self.columns == 0 || self.rows == 0 {
            return Err(format!(
                "sheet {name:?} needs at least one column and one row"
            ));
        }
        if self.cells() > MAX_SHEET_CELLS {
            return Err(format!(
                "sheet {name:?} has {} columns and {} rows, {} cells; at most {MAX_SHEET_CELLS} are allowed",
                self.columns,
                self.rows,
                self.cells()
            ));
        }
        Ok(())
    }
}

/// A sheet path must name a file inside the assets folder: relative, with
/// no `..`, and without `:` or `#`, which Bevy reads as an asset source
/// (`name://`) or a label (`file#label`).
fn check_sheet_path(path: &str) -> Result<(), &'static str> {
    use std::path::Component;
    if path.trim().is_empty() {
        return Err("it is empty");
    }
    if path.contains(':') || path.contains('#') {
        return Err("`:` and `#` are not allowed in a sheet path");
    }
    for component in Path::new(path).components() {
        match component {
            Component::RootDir | Component::Prefix(_) => {
                return Err("it is absolute; give a path inside the assets folder");
            }
            Component::ParentDir => {
                return Err("`..` leaves the assets folder; give a path inside it");
            }
            Component::CurDir | Component::Normal(_) => {}
        }
    }
    Ok(())
}

/// The width and height in a PNG's header, read without decoding the image.
pub fn png_size(bytes: &[u8]) -> Result<(u32, u32), png::DecodingError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_header_info()?;
    Ok((info.width, info.height))
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
    /// sheet paths inside the assets folder, grids of a bounded size, and
    /// every sprite inside a sheet that exists. Sizes are counted in `u64`,
    /// so no grid, however large, overflows or allocates here.
    pub fn validate(&self) -> Result<(), String> {
        if self.tile_size == 0 || self.tile_size > 256 {
            return Err(format!("tile_size {} must be 1 to 256", self.tile_size));
        }
        if !(2..=4).contains(&self.scale) {
            return Err(format!("scale {} must be 2, 3 or 4", self.scale));
        }
        for (name, sheet) in &self.sheets {
            sheet.check(name)?;
        }
        for (name, sprite) in &self.sprites {
            let Some(sheet) = self.sheets.get(&sprite.sheet) else {
                return Err(format!(
                    "sprite {name:?} names sheet {:?}, which is not in `sheets`",
                    sprite.sheet
                ));
            };
            if u64::from(sprite.index) >= sheet.cells() {
                return Err(format!(
                    "sprite {name:?} has index {} but sheet {:?} has only {} cells",
                    sprite.index,
                    sprite.sheet,
                    sheet.cells()
                ));
            }
        }
        Ok(())
    }

    /// Checks a sheet image's PNG header against the atlas and the largest
    /// texture the GPU takes (`max_side` pixels a side): the grid the atlas
    /// declares must fit inside the image, and the image inside the limit.
    /// Reads only the header, so a huge image is refused before it is decoded.
    pub fn check_sheet_image(
        &self,
        name: &str,
        png_bytes: &[u8],
        max_side: u32,
    ) -> Result<(), String> {
        let sheet = self
            .sheets
            .get(name)
            .ok_or_else(|| format!("there is no sheet {name:?}"))?;
        let (width, height) =
            png_size(png_bytes).map_err(|e| format!("not a readable PNG image: {e}"))?;
        if width > max_side || height > max_side {
            return Err(format!(
                "the image is {width}x{height} pixels, larger than the {max_side}x{max_side} \
                 this GPU can draw from"
            ));
        }
        let tile = u64::from(self.tile_size);
        let (grid_width, grid_height) = (
            u64::from(sheet.columns) * tile,
            u64::from(sheet.rows) * tile,
        );
        if grid_width > u64::from(width) || grid_height > u64::from(height) {
            return Err(format!(
                "the image is {width}x{height} pixels, but the atlas says it holds {}x{} \
                 cells of {} pixels ({grid_width}x{grid_height})",
                sheet.columns, sheet.rows, self.tile_size
            ));
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
    fn a_bad_palette_line_is_reported_at_its_own_line() {
        let err = Palette::parse("# colours\na #ff0000\nb #00ff0\n", Path::new("p")).unwrap_err();
        assert_eq!(err.line, 3, "{err}");
    }

    #[test]
    fn a_colour_has_exactly_six_hex_digits() {
        assert_eq!(parse_hex("#0a0b0c"), Some([10, 11, 12, 255]));
        for bad in ["#0a0b0", "#0a0b0c0", "0a0b0c", "#0a0b0g", "#0a0b\u{e9}"] {
            assert_eq!(parse_hex(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_header_is_a_bracketed_lowercase_name() {
        assert_eq!(parse_header("[red_thing2]"), Some("red_thing2"));
        for bad in ["[]", "[Red]", "[red thing]", "red", "[red"] {
            assert_eq!(parse_header(bad), None, "{bad:?}");
        }
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

    /// A PNG of `width`×`height` in `colour` and `depth`, every sample `value`.
    fn flat_png(width: u32, height: u32, colour: png::ColorType, depth: png::BitDepth) -> Vec<u8> {
        let samples = colour.samples()
            * if depth == png::BitDepth::Sixteen {
                2
            } else {
                1
            };
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(colour);
        encoder.set_depth(depth);
        if colour == png::ColorType::Indexed {
            encoder.set_palette(vec![10, 20, 30]);
        }
        let mut writer = encoder.write_header().unwrap();
        let len = (width * height) as usize * samples;
        let value = if colour == png::ColorType::Indexed {
            0
        } else {
            200
        };
        writer.write_image_data(&vec![value; len]).unwrap();
        writer.finish().unwrap();
        out
    }

    fn one_sheet_atlas(columns: u32, rows: u32) -> Atlas {
        let mut atlas = Atlas::for_sheets(&[lay_out_sheet("terrain", &[])]);
        let sheet = atlas.sheets.get_mut("terrain").unwrap();
        (sheet.columns, sheet.rows) = (columns, rows);
        atlas
    }

    #[test]
    fn a_huge_grid_is_refused_without_overflow_or_allocation() {
        let mut atlas = one_sheet_atlas(u32::MAX, 2);
        // u32::MAX × 2 wraps to 4294967294 in u32, which let any index through.
        atlas.sprites.insert(
            "floor".into(),
            SpriteRef {
                sheet: "terrain".into(),
                index: 5,
            },
        );
        let err = atlas.validate().unwrap_err();
        assert!(err.contains("8589934590 cells"), "{err}");
        assert!(err.contains("at most 1048576"), "{err}");
        let at_the_limit = one_sheet_atlas(1024, 1024);
        assert_eq!(at_the_limit.validate(), Ok(()));
        assert!(one_sheet_atlas(1025, 1024).validate().is_err());
    }

    #[test]
    fn sheet_paths_must_stay_inside_the_assets_folder() {
        for (path, expected) in [
            ("/etc/passwd", "absolute"),
            ("../secret.png", "`..`"),
            ("sprites/../../x.png", "`..`"),
            ("embedded://x.png", "`:`"),
            ("sprites/a.png#label", "`#`"),
            ("  ", "empty"),
        ] {
            let mut atlas = one_sheet_atlas(8, 1);
            atlas.sheets.get_mut("terrain").unwrap().path = path.into();
            let err = atlas.validate().unwrap_err();
            assert!(err.contains(expected), "{path}: {err}");
            assert!(err.contains(&format!("{path:?}")), "{path}: {err}");
        }
        let mut fine = one_sheet_atlas(8, 1);
        fine.sheets.get_mut("terrain").unwrap().path = "./sprites/my sheet.png".into();
        assert_eq!(fine.validate(), Ok(()));
    }

    #[test]
    fn a_sheet_image_is_checked_against_its_grid_and_the_gpu_limit_from_its_header() {
        let atlas = one_sheet_atlas(8, 2);
        let rgba8 = |w, h| flat_png(w, h, png::ColorType::Rgba, png::BitDepth::Eight);
        assert_eq!(
            atlas.check_sheet_image("terrain", &rgba8(64, 16), 2048),
            Ok(())
        );
        assert_eq!(
            atlas.check_sheet_image("terrain", &rgba8(80, 24), 2048),
            Ok(())
        );
        let small = atlas
            .check_sheet_image("terrain", &rgba8(64, 8), 2048)
            .unwrap_err();
        assert!(
            small.contains("64x8 pixels") && small.contains("8x2 cells"),
            "{small}"
        );
        let big = atlas
            .check_sheet_image("terrain", &rgba8(2049, 16), 2048)
            .unwrap_err();
        assert!(
            big.contains("2049x16") && big.contains("2048x2048"),
            "{big}"
        );
        let junk = atlas
            .check_sheet_image("terrain", b"not a png", 2048)
            .unwrap_err();
        assert!(junk.contains("not a readable PNG"), "{junk}");
    }

    #[test]
    fn the_limits_of_a_sheet_image_are_exact() {
        let atlas = one_sheet_atlas(8, 2);
        let rgba8 = |w, h| flat_png(w, h, png::ColorType::Rgba, png::BitDepth::Eight);
        let check = |w, h| atlas.check_sheet_image("terrain", &rgba8(w, h), 2048);
        assert_eq!(check(2048, 2048), Ok(()), "exactly the GPU's limit");
        assert!(check(64, 2049).is_err(), "one row over the limit");
        assert!(check(63, 16).is_err(), "one column short of 8 cells of 8");
        assert!(check(64, 15).is_err(), "one row short of 2 cells of 8");
    }

    #[test]
    fn the_tile_size_and_the_grid_have_exact_bounds() {
        let mut atlas = one_sheet_atlas(8, 2);
        for (tile_size, fine) in [(0, false), (1, true), (256, true), (257, false)] {
            atlas.tile_size = tile_size;
            assert_eq!(atlas.validate().is_ok(), fine, "tile_size {tile_size}");
        }
        for (columns, rows) in [(0, 1), (1, 0)] {
            let err = one_sheet_atlas(columns, rows).validate().unwrap_err();
            assert!(err.contains("at least one column and one row"), "{err}");
        }
    }

    #[test]
    fn the_size_of_a_huge_png_is_read_from_its_header_alone() {
        // The header of a 20000×20000 RGBA image: decoding it would take 1.6 GB.
        let mut png = flat_png(1, 1, png::ColorType::Rgba, png::BitDepth::Eight);
        png[16..20].copy_from_slice(&20000u32.to_be_bytes());
        png[20..24].copy_from_slice(&20000u32.to_be_bytes());
        let crc = png_crc(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(png_size(&png).unwrap(), (20000, 20000));
        let err = one_sheet_atlas(8, 2)
            .check_sheet_image("terrain", &png, 16384)
            .unwrap_err();
        assert!(err.contains("20000x20000"), "{err}");
    }

    /// The CRC-32 a PNG chunk ends with.
    fn png_crc(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn every_png_format_decodes_to_8_bit_rgba() {
        use png::{BitDepth, ColorType};
        let grey = [200, 200, 200, 255];
        for (colour, depth, pixel) in [
            (ColorType::Rgba, BitDepth::Eight, [200, 200, 200, 200]),
            (ColorType::Rgba, BitDepth::Sixteen, [200, 200, 200, 200]),
            (ColorType::Rgb, BitDepth::Eight, grey),
            (ColorType::Rgb, BitDepth::Sixteen, grey),
            (ColorType::Grayscale, BitDepth::Eight, grey),
            (ColorType::Grayscale, BitDepth::Sixteen, grey),
            (
                ColorType::GrayscaleAlpha,
                BitDepth::Eight,
                [200, 200, 200, 200],
            ),
            (ColorType::Indexed, BitDepth::Eight, [10, 20, 30, 255]),
        ] {
            let (w, h, rgba) = decode_png(&flat_png(3, 2, colour, depth)).unwrap();
            assert_eq!((w, h, rgba.len()), (3, 2, 24), "{colour:?} {depth:?}");
            assert!(
                rgba.chunks(4).all(|p| p == pixel),
                "{colour:?} {depth:?}: {:?}",
                &rgba[..4]
            );
        }
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
