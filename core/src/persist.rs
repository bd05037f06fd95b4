//! Crash-safe files: atomic writes, setting bad files aside, and a versioned,
//! checksummed RON envelope.
//!
//! Rules this module keeps:
//! - Each save is written to a temporary file, flushed, and renamed over the
//!   old one, so a crash leaves either the old file or the new one, never a
//!   partial one. Each write has a temporary name of its own
//!   (`<file>.tmp.<process>.<n>`), so two writers never touch each other's;
//!   a temporary file a crash left behind is swept away by a later write
//!   once it is [`STALE_TEMPORARY`] old.
//! - A fault-injection switch, the environment variable [`FAULT_ENV`] read
//!   only by [`write_atomically`], makes the writer stop halfway through the
//!   temporary file. The previous file still loads.
//! - The writer only ever replaces a regular file. A symlink is written
//!   through: the new file is written beside the link's target and renamed
//!   over it, so the link stays a link. A directory, device, FIFO or socket
//!   (at the path or at the end of its links) is refused with an error, and
//!   left as it was. A failed write removes its temporary file, except the
//!   injected fault below, which stands for a crash.
//! - [`check_writable`] makes the same checks and proves the folder can be
//!   written, without writing the file, so a path can be refused at start-up.
//! - A file that is truncated, corrupt, or of an unknown version is moved
//!   aside as `*.bad-<UTC time>` by [`set_aside`]; nothing here
//!   panics on bad input or deletes anything.
//! - A file replaced on purpose (a new game over a save) is kept by
//!   [`keep_previous`]: the first as `*.prev`, then `*.prev.1`, `*.prev.2`...
//!   The higher the number, the newer the file; a kept file is never
//!   renamed again, overwritten or deleted here, and keeping never replaces
//!   a file (past `u64::MAX` it refuses rather than wrap). [`kept_previous`] lists them,
//!   newest first, so a loader that finds the file missing can offer them.
//!
//! The envelope's first line is a header that names the format version, the
//! body's length in bytes and its FNV-1a 64 checksum:
//!
//! ```text
//! // gloomdelve save version 1 length 123 fnv1a64 0123456789abcdef
//! (the RON body ...)
//! ```
//!
//! RON alone would accept some truncated documents (a file cut right after a
//! complete inner value can still parse), so the loader checks the length and
//! checksum before it parses anything.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The fault-injection switch. Set it to `half` and [`write_atomically`]
/// writes only the first half of the temporary file, then fails without
/// renaming it, as if the game had crashed mid-write. Set it to `full` and
/// every write (and [`check_room`]) fails as on a full disk.
pub const FAULT_ENV: &str = "GLOOMDELVE_SAVE_FAULT";

/// How many `.bad.N` names [`set_aside`] tries before it gives up.
const MAX_ASIDE_ATTEMPTS: u32 = 10_000;

/// A simulated failure for the writer; see [`FAULT_ENV`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fault {
    /// Write normally.
    #[default]
    None,
    /// Stop halfway through the temporary file and return an error.
    HalfWrite,
    /// Fail every write as a full disk does.
    DiskFull,
}

impl Fault {
    /// The fault named by the switch's value: `half` is [`Fault::HalfWrite`],
    /// `full` is [`Fault::DiskFull`]; anything else, or no value, is
    /// [`Fault::None`].
    pub fn from_switch(value: Option<&str>) -> Self {
        match value.map(str::trim) {
            Some("half") => Fault::HalfWrite,
            Some("full") => Fault::DiskFull,
            _ => Fault::None,
        }
    }

    /// The fault [`FAULT_ENV`] names now. This is the only reader of it.
    fn from_env() -> Self {
        Self::from_switch(std::env::var(FAULT_ENV).ok().as_deref())
    }

    /// The error of a full disk, as this fault stands for one.
    fn disk_full(tmp: &Path) -> io::Error {
        io::Error::new(
            io::ErrorKind::StorageFull,
            format!(
                "No space left on device (fault injected by {FAULT_ENV} on {})",
                tmp.display()
            ),
        )
    }
}

/// Writes `bytes` to `path` so that a crash never leaves a partial `path`:
/// the bytes go to `<target>.tmp` beside the file written (`path`, or the
/// file its symlinks lead to), are flushed and synced, and the temporary
/// file is renamed over it. Creates missing parent folders of `path`.
/// Refuses, leaving it alone, anything at the target that is not a regular
/// file (see the module docs). Obeys [`FAULT_ENV`].
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, bytes, Fault::from_env())
}

/// [`write_atomically`] with the fault given explicitly instead of read from
/// the environment, so tests can inject it without touching process state.
pub fn write_atomically_with(path: &Path, bytes: &[u8], fault: Fault) -> io::Result<()> {
    let (target, tmp, file) = open_temporary(path)?;
    if fault == Fault::HalfWrite {
        // A crash halfway: the temporary file stays, as a crash would leave it.
        write_and_sync(file, &bytes[..bytes.len() / 2])?;
        return Err(io::Error::other(format!(
            "fault injected by {FAULT_ENV}: stopped halfway through {}",
            tmp.display()
        )));
    }
    if fault == Fault::DiskFull {
        let _ = fs::remove_file(&tmp);
        return Err(Fault::disk_full(&tmp));
    }
    let written = keep_permissions(&target, &tmp)
        .and_then(|()| write_and_sync(file, bytes))
        .and_then(|()| fs::rename(&tmp, &target));
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(parent_dir(&target));
    Ok(())
}

/// Checks that [`write_atomically`] could write `path` now: that nothing
/// but a regular file (or a link to one) is there, and that a temporary file
/// can be created beside the target. Writes nothing that stays.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let (_, tmp, file) = open_temporary(path)?;
    drop(file);
    fs::remove_file(&tmp)
}

/// Checks that the disk under `path` has room for a file of `bytes` now:
/// a temporary file beside the target is filled that far, synced (a full
/// disk may only say so then), and removed. Obeys [`FAULT_ENV`].
pub fn check_room(path: &Path, bytes: u64) -> io::Result<()> {
    let (_, tmp, file) = open_temporary(path)?;
    let filled = if Fault::from_env() == Fault::DiskFull {
        Err(Fault::disk_full(&tmp))
    } else {
        fill_and_sync(file, bytes)
    };
    let removed = fs::remove_file(&tmp);
    filled.and(removed)
}

/// Writes `bytes` zero bytes to `file`, a block at a time, and syncs it.
fn fill_and_sync(mut file: File, bytes: u64) -> io::Result<()> {
    let block = [0u8; 64 * 1024];
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len() as u64) as usize;
        file.write_all(&block[..n])?;
        left -= n as u64;
    }
    file.sync_all()
}

/// Resolves where a write to `path` lands and creates its fresh, empty
/// temporary file: `(target, temporary path, temporary file)`.
fn open_temporary(path: &Path) -> io::Result<(PathBuf, PathBuf, File)> {
    let dir = parent_dir(path);
    fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot create the folder {}: {e}", dir.display()),
        )
    })?;
    let target = write_target(path)?;
    sweep_stale_temporaries(&target);
    let tmp = temporary_name(&target);
    let file = create_fresh(&tmp)?;
    Ok((target, tmp, file))
}

/// How old a temporary file must be before a write takes it for a crash's
/// leftover and removes it: a live write takes well under a second.
pub const STALE_TEMPORARY: std::time::Duration = std::time::Duration::from_secs(120);

/// The temporary name of this write to `target`: this process's id and a
/// count of its writes make it one that no other write uses.
fn temporary_name(target: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    with_suffix(target, &format!(".tmp.{}.{n}", std::process::id()))
}

/// Whether `name` is a temporary name of a write to the file `target_name`
/// (or the single `.tmp` of earlier versions).
fn is_temporary_of(name: &str, target_name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix(target_name)
        .and_then(|r| r.strip_prefix(".tmp"))
    else {
        return false;
    };
    let numbers: Vec<&str> = rest.split('.').skip(1).collect();
    rest.is_empty()
        || (rest.starts_with('.')
            && numbers.len() == 2
            && numbers
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
}

/// Removes the temporary files of writes to `target` that a crash left
/// behind: regular files at least [`STALE_TEMPORARY`] old. Best effort.
fn sweep_stale_temporaries(target: &Path) {
    let Some(target_name) = target.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let Ok(entries) = fs::read_dir(parent_dir(target)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_ours = name
            .to_str()
            .is_some_and(|n| is_temporary_of(n, target_name));
        let stale = entry.metadata().is_ok_and(|meta| {
            meta.file_type().is_file()
                && meta
                    .modified()
                    .ok()
                    .and_then(|at| at.elapsed().ok())
                    .is_some_and(|age| age >= STALE_TEMPORARY)
        });
        if is_ours && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// How many symlinks [`write_target`] follows before it gives up.
const MAX_LINKS: usize = 40;

/// The file a write to `path` replaces: `path` itself, or where its chain
/// of symlinks ends (which may not exist yet). An error, naming the path,
/// when that is not a regular file or the links loop.
pub fn write_target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(current);
        }
        if !kind.is_symlink() {
            return Err(not_regular(path, &current, kind));
        }
        let link = fs::read_link(&current)?;
        current = parent_dir(&current).join(link);
    }
    Err(io::Error::other(format!(
        "{} is a chain of more than {MAX_LINKS} symlinks (a loop?); it was left alone",
        path.display()
    )))
}

/// The error for a write that would replace something not a regular file.
fn not_regular(path: &Path, found: &Path, kind: fs::FileType) -> io::Error {
    let what = kind_name(kind);
    let message = if found == path {
        format!(
            "{} is {what}, not a regular file; it was left alone",
            path.display()
        )
    } else {
        format!(
            "{} leads to {}, which is {what}, not a regular file; both were left alone",
            path.display(),
            found.display()
        )
    };
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// The bytes of the regular file at `path` (or that its links lead to).
/// Anything else is refused unopened, with `InvalidInput` ("it is a FIFO,
/// not a regular file"): a FIFO or a device could block or never end. A
/// missing file is `NotFound`, as from `fs::read`.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        let what = kind_name(meta.file_type());
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        ));
    }
    fs::read(path)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_regular(path)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is not UTF-8 text ({e})"),
        )
    })
}

/// "a directory", "a FIFO"...: what a file that is not a regular one is.
pub fn kind_name(kind: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symlink"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

/// Creates the temporary file `tmp`, which must not exist yet: its name
/// is this write's own (see [`temporary_name`]).
fn create_fresh(tmp: &Path) -> io::Result<File> {
    File::options()
        .write(true)
        .create_new(true)
        .open(tmp)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot create {}: {e}", tmp.display())))
}

/// Gives the temporary file the permissions of the file it replaces.
fn keep_permissions(target: &Path, tmp: &Path) -> io::Result<()> {
    match fs::metadata(target) {
        Ok(meta) => fs::set_permissions(tmp, meta.permissions()),
        Err(_) => Ok(()),
    }
}

/// Moves a bad file aside to `<name>.bad-YYYYMMDD-HHMMSS` (UTC, now), or
/// with `-2`, `-3`... after it when another was set aside in the same
/// second. Never overwrites or deletes anything. Returns the new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    set_aside_at(path, std::time::SystemTime::now())
}

/// [`set_aside`] as if the clock read `now`.
pub fn set_aside_at(path: &Path, now: std::time::SystemTime) -> io::Result<PathBuf> {
    let stamp = format!(".bad-{}", utc_stamp(now));
    let target = free_numbered_name(path, &stamp)?;
    fs::rename(path, &target)?;
    Ok(target)
}

/// `YYYYMMDD-HHMMSS` in UTC; the epoch for a clock set before it.
fn utc_stamp(now: std::time::SystemTime) -> String {
    let secs = now
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_date(days as i64);
    let (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60);
    format!("{year:04}{month:02}{day:02}-{hour:02}{minute:02}{second:02}")
}

/// The Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Renames an existing `path` to the next kept name and returns it, or
/// `None` when there is nothing to keep: `<name>.prev` for the first, then
/// `<name>.prev.N` numbered one above the newest kept so far. An earlier kept
/// file is never replaced.
///
/// Until the next write lands there is no file at `path`, only the kept
/// one, so a loader that finds `path` missing should look at
/// [`kept_previous`].
pub fn keep_previous(path: &Path) -> io::Result<Option<PathBuf>> {
    if !exists(path)? {
        return Ok(None);
    }
    let kept = next_kept_name(path)?;
    rename_without_replacing(path, &kept)?;
    Ok(Some(kept))
}

/// The name the next [`keep_previous`] of `path` gives. Past `u64::MAX`
/// kept files there is none: an error, never a number that wraps.
pub fn next_kept_name(path: &Path) -> io::Result<PathBuf> {
    let newest = kept_numbers(path)?.into_iter().max();
    match newest {
        None => Ok(with_suffix(path, PREV)),
        Some(n) => n
            .checked_add(1)
            .map(|next| with_suffix(path, &format!("{PREV}.{next}")))
            .ok_or_else(|| {
                io::Error::other(format!(
                    "{} has a kept file numbered {n}, the highest there can be: move the kept files away",
                    path.display()
                ))
            }),
    }
}

/// Renames `from` to `to` unless something is at `to` already: a hard
/// link made with the new name fails rather than replace anything, then
/// the old name goes. Where links cannot be made (some file systems), a
/// check then a rename.
fn rename_without_replacing(from: &Path, to: &Path) -> io::Result<()> {
    let in_the_way = || {
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} is in the way", to.display()),
        )
    };
    match fs::hard_link(from, to) {
        Ok(()) => fs::remove_file(from),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(in_the_way()),
        Err(_) if exists(to)? => Err(in_the_way()),
        Err(_) => fs::rename(from, to),
    }
}

/// The files [`keep_previous`] kept for `path` that are still there,
/// newest (highest number) first.
pub fn kept_previous(path: &Path) -> io::Result<Vec<PathBuf>> {
    let mut numbers = kept_numbers(path)?;
    numbers.sort_unstable_by(|a, b| b.cmp(a));
    Ok(numbers
        .into_iter()
        .map(|n| match n {
            0 => with_suffix(path, PREV),
            n => with_suffix(path, &format!("{PREV}.{n}")),
        })
        .collect())
}

/// The suffix of kept files.
const PREV: &str = ".prev";

/// The numbers of the kept files of `path` in its folder: 0 for `.prev`.
fn kept_numbers(path: &Path) -> io::Result<Vec<u64>> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Ok(Vec::new());
    };
    let stem = format!("{name}{PREV}");
    let entries = match fs::read_dir(parent_dir(path)) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut numbers = Vec::new();
    for entry in entries {
        let file = entry?.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&stem)) else {
            continue;
        };
        if rest.is_empty() {
            numbers.push(0);
        } else if let Some(n) = rest.strip_prefix('.').and_then(|d| d.parse::<u64>().ok())
            && n > 0
            && rest[1..] == n.to_string()
        {
            numbers.push(n);
        }
    }
    Ok(numbers)
}

/// Why a versioned file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file holds nothing (or only whitespace).
    Empty,
    /// The first line is not a version header.
    NoVersion,
    /// The header names a format version this game does not read.
    WrongVersion { found: u32, expected: u32 },
    /// The header is incomplete, the body is cut short or altered, or the
    /// RON does not parse.
    Corrupt(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Empty => write!(f, "the file is empty"),
            LoadError::NoVersion => {
                write!(
                    f,
                    "it is not a Gloomdelve file: its first line has no version header"
                )
            }
            LoadError::WrongVersion { found, expected } => {
                let by = if found < expected {
                    "an older"
                } else {
                    "a newer"
                };
                write!(
                    f,
                    "it was written by {by} Gloomdelve, in version {found} of its format; \
                     this game reads version {expected}"
                )
            }
            LoadError::Corrupt(detail) => write!(f, "it is damaged: {detail}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The envelope's header starts with this; the version number follows.
const HEADER_PREFIX: &str = "// gloomdelve save version ";

/// Serializes `value` as RON under a header line naming `version`, the body
/// length and its checksum. See the module docs for the format.
pub fn to_versioned_ron<T: Serialize>(version: u32, value: &T) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .indentor("  ")
        .struct_names(false);
    let mut body = ron::ser::to_string_pretty(value, config).map_err(|e| e.to_string())?;
    body.push('\n');
    let header = Header {
        version,
        length: body.len(),
        checksum: fnv1a64(body.as_bytes()),
    };
    Ok(format!("{header}\n{body}"))
}

/// Reads text written by [`to_versioned_ron`]. Checks, in order: that there
/// is anything, the header and its version, the body's length and checksum,
/// and only then parses the RON. Never panics on any input.
pub fn from_versioned_ron<T: DeserializeOwned>(text: &str, version: u32) -> Result<T, LoadError> {
    from_versioned_ron_since(text, version..=version).map(|(_, value)| value)
}

/// As [`from_versioned_ron`], for any version in `versions`: the value
/// comes with the version it was written in, so the caller can migrate an
/// older one. A version outside the range is named against the newest.
pub fn from_versioned_ron_since<T: DeserializeOwned>(
    text: &str,
    versions: RangeInclusive<u32>,
) -> Result<(u32, T), LoadError> {
    if text.trim().is_empty() {
        return Err(LoadError::Empty);
    }
    let (first_line, body) = match text.split_once('\n') {
        Some((line, body)) => (line, Some(body)),
        None => (text, None),
    };
    let header = Header::parse(first_line.trim_end_matches('\r'), &versions)?;
    let body = body.ok_or_else(|| LoadError::Corrupt("it ends inside its header".into()))?;
    header.check(body)?;
    let value = ron::from_str(body).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    Ok((header.version, value))
}

/// The envelope's first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Header {
    version: u32,
    length: usize,
    checksum: u64,
}

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{HEADER_PREFIX}{} length {} fnv1a64 {:016x}",
            self.version, self.length, self.checksum
        )
    }
}

impl Header {
    /// Parses a header line, reporting a wrong version before anything else
    /// in it so a newer file is named as such even if its header grew.
    fn parse(line: &str, versions: &RangeInclusive<u32>) -> Result<Self, LoadError> {
        let rest = line
            .strip_prefix(HEADER_PREFIX)
            .ok_or(LoadError::NoVersion)?;
        let mut words = rest.split_whitespace();
        let version: u32 = words
            .next()
            .and_then(|word| word.parse().ok())
            .ok_or(LoadError::NoVersion)?;
        if !versions.contains(&version) {
            return Err(LoadError::WrongVersion {
                found: version,
                expected: *versions.end(),
            });
        }
        let incomplete = || LoadError::Corrupt("its header line is incomplete".into());
        let length =
            tagged_field(&mut words, "length", |w| w.parse().ok()).ok_or_else(incomplete)?;
        let checksum = tagged_field(&mut words, "fnv1a64", |w| u64::from_str_radix(w, 16).ok())
            .ok_or_else(incomplete)?;
        if words.next().is_some() {
            return Err(incomplete());
        }
        Ok(Header {
            version,
            length,
            checksum,
        })
    }

    /// Checks that `body` has the length and checksum this header promises.
    fn check(&self, body: &str) -> Result<(), LoadError> {
        let found = body.len();
        if found < self.length {
            return Err(LoadError::Corrupt(format!(
                "cut short after {found} of {} bytes",
                self.length
            )));
        }
        if found > self.length {
            return Err(LoadError::Corrupt(format!(
                "{found} bytes where its header promises {}",
                self.length
            )));
        }
        let sum = fnv1a64(body.as_bytes());
        if sum != self.checksum {
            return Err(LoadError::Corrupt(format!(
                "checksum {sum:016x} does not match {:016x} in its header",
                self.checksum
            )));
        }
        Ok(())
    }
}

/// Reads `<tag> <value>` from `words`, parsing the value with `parse`.
fn tagged_field<'a, V>(
    words: &mut impl Iterator<Item = &'a str>,
    tag: &str,
    parse: impl FnOnce(&str) -> Option<V>,
) -> Option<V> {
    if words.next()? != tag {
        return None;
    }
    parse(words.next()?)
}

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
}

/// `path` with `suffix` appended to its file name (`a/x.ron` -> `a/x.ron.tmp`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// The folder holding `path`; `.` for a bare file name.
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Whether anything (even a dangling link) is at `path`.
fn exists(path: &Path) -> io::Result<bool> {
    match fs::symlink_metadata(path) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// The first of `<name><suffix>`, `<name><suffix>.1`, `<name><suffix>.2`...
/// not taken.
fn free_numbered_name(path: &Path, suffix: &str) -> io::Result<PathBuf> {
    let first = with_suffix(path, suffix);
    if !exists(&first)? {
        return Ok(first);
    }
    for n in 2..MAX_ASIDE_ATTEMPTS {
        let candidate = with_suffix(path, &format!("{suffix}-{n}"));
        if !exists(&candidate)? {
            return Ok(candidate);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("too many set-aside copies of {}", path.display()),
    ))
}

/// Writes `bytes` to the fresh `file`, flushes and syncs it.
fn write_and_sync(mut file: File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// Syncs a folder so a rename inside it is durable. Best effort: some
/// platforms (Windows) cannot open a folder as a file, so errors are ignored.
fn sync_dir(dir: &Path) {
    let _ = File::open(dir).and_then(|d| d.sync_all());
}

/// A scratch folder under the system temp dir, removed on drop.
#[cfg(test)]
pub(crate) struct ScratchDir(PathBuf);

/// The temporary files of writes to `path` lying beside it.
#[cfg(test)]
fn temporaries_beside(path: &Path) -> Vec<PathBuf> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let mut found: Vec<PathBuf> = fs::read_dir(parent_dir(path))
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| {
                    e.file_name()
                        .to_str()
                        .is_some_and(|n| is_temporary_of(n, name))
                })
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

#[cfg(test)]
impl ScratchDir {
    /// A fresh, empty folder unique to this process and `name`.
    pub(crate) fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("gloomdelve-core-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create scratch dir");
        ScratchDir(dir)
    }

    pub(crate) fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    /// The temporary files of writes to `file` lying in the folder.
    pub(crate) fn temporaries(&self, file: &str) -> Vec<PathBuf> {
        temporaries_beside(&self.path(file))
    }

    /// The copies of `file` set aside as bad, oldest first (fewer than ten
    /// in one second sort by name).
    pub(crate) fn set_aside_copies(&self, file: &str) -> Vec<PathBuf> {
        let prefix = format!("{file}.bad-");
        let mut copies: Vec<PathBuf> = fs::read_dir(&self.0)
            .expect("the scratch dir")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&prefix))
            })
            .collect();
        copies.sort();
        copies
    }
}

#[cfg(test)]
impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use serde::Deserialize;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Sample {
        name: String,
        depth: u32,
        items: Vec<(i32, i32)>,
        note: Option<String>,
    }

    fn sample() -> Sample {
        Sample {
            name: "Gloom, \"the\" delver ✓".into(),
            depth: 7,
            items: vec![(1, -2), (30, 4)],
            note: Some("rope".into()),
        }
    }

    fn sample_text() -> String {
        to_versioned_ron(1, &sample()).unwrap()
    }

    fn load(text: &str) -> Result<Sample, LoadError> {
        from_versioned_ron(text, 1)
    }

    #[test]
    fn round_trip() {
        let text = sample_text();
        assert!(text.starts_with("// gloomdelve save version 1 length "));
        assert_eq!(load(&text).unwrap(), sample());
    }

    #[test]
    fn truncation_at_every_byte_is_an_error() {
        let text = sample_text();
        let bytes = text.as_bytes();
        for cut in 0..bytes.len() {
            let truncated = String::from_utf8_lossy(&bytes[..cut]);
            assert!(load(&truncated).is_err(), "accepted a cut at byte {cut}");
        }
    }

    #[test]
    fn any_single_byte_change_is_an_error() {
        let text = sample_text();
        for at in 0..text.len() {
            let mut bytes = text.clone().into_bytes();
            bytes[at] ^= 0x01;
            let altered = String::from_utf8_lossy(&bytes);
            assert!(load(&altered).is_err(), "accepted a change at byte {at}");
        }
    }

    #[test]
    fn random_garbage_is_an_error() {
        let mut rng = GameRng::new(0x5eed);
        for _ in 0..300 {
            let len = rng.range(0, 200) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            assert!(load(&String::from_utf8_lossy(&bytes)).is_err());
        }
    }

    #[test]
    fn garbage_after_a_valid_header_is_an_error() {
        let text = sample_text();
        let header = text.lines().next().unwrap();
        let mut rng = GameRng::new(11);
        for _ in 0..300 {
            let len = rng.range(0, 120) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            let forged = format!("{header}\n{}", String::from_utf8_lossy(&bytes));
            assert!(load(&forged).is_err());
        }
    }

    #[test]
    fn empty_and_headerless() {
        assert_eq!(load(""), Err(LoadError::Empty));
        assert_eq!(load(" \n\t"), Err(LoadError::Empty));
        let bare = ron::to_string(&sample()).unwrap();
        assert_eq!(load(&bare), Err(LoadError::NoVersion));
        assert_eq!(load("\0\0\0\0"), Err(LoadError::NoVersion));
    }

    #[test]
    fn wrong_version() {
        let text = to_versioned_ron(3, &sample()).unwrap();
        let err = load(&text).unwrap_err();
        assert_eq!(
            err,
            LoadError::WrongVersion {
                found: 3,
                expected: 1
            }
        );
        assert_eq!(
            err.to_string(),
            "it was written by a newer Gloomdelve, in version 3 of its format; \
             this game reads version 1"
        );
    }

    #[test]
    fn an_older_version_is_named_as_older() {
        let text = to_versioned_ron(1, &sample()).unwrap();
        let err = from_versioned_ron::<Sample>(&text, 2).unwrap_err();
        assert_eq!(
            err.to_string(),
            "it was written by an older Gloomdelve, in version 1 of its format; \
             this game reads version 2"
        );
    }

    #[test]
    fn error_messages() {
        assert_eq!(LoadError::Empty.to_string(), "the file is empty");
        let text = sample_text();
        let err = load(&text[..text.len() - 3]).unwrap_err();
        assert!(
            err.to_string().starts_with("it is damaged: cut short"),
            "{err}"
        );
    }

    #[test]
    fn crlf_header_is_accepted() {
        let text = sample_text().replacen('\n', "\r\n", 1);
        assert_eq!(load(&text).unwrap(), sample());
    }

    #[test]
    fn fault_switch_values() {
        assert_eq!(Fault::from_switch(Some("half")), Fault::HalfWrite);
        assert_eq!(Fault::from_switch(Some(" half\n")), Fault::HalfWrite);
        assert_eq!(Fault::from_switch(Some("")), Fault::None);
        assert_eq!(Fault::from_switch(Some("full")), Fault::DiskFull);
        assert_eq!(Fault::from_switch(Some("fill")), Fault::None);
        assert_eq!(Fault::from_switch(None), Fault::None);
    }

    #[test]
    fn write_creates_dirs_and_leaves_no_tmp() {
        let dir = ScratchDir::new("write");
        let path = dir.path("a/b/save.ron");
        write_atomically_with(&path, b"first", Fault::None).unwrap();
        write_atomically_with(&path, b"second", Fault::None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert!(dir.temporaries("a/b/save.ron").is_empty());
    }

    #[test]
    fn a_full_disk_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = ScratchDir::new("full");
        let path = dir.path("save.ron");
        let old = sample_text();
        write_atomically_with(&path, old.as_bytes(), Fault::None).unwrap();
        let err = write_atomically_with(&path, b"newer", Fault::DiskFull).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(fs::read_to_string(&path).unwrap(), old);
        assert!(dir.temporaries("save.ron").is_empty());
    }

    #[test]
    fn checking_room_fills_a_temporary_and_leaves_nothing() {
        let dir = ScratchDir::new("room");
        let path = dir.path("deeper/save.ron");
        check_room(&path, 200_000).unwrap();
        assert!(!path.exists(), "no save is written");
        assert!(dir.temporaries("deeper/save.ron").is_empty());
    }

    #[test]
    fn filling_writes_every_byte_asked_for() {
        let dir = ScratchDir::new("fill");
        let path = dir.path("filled");
        for bytes in [0, 1, 65_536, 200_001] {
            fill_and_sync(File::create(&path).unwrap(), bytes).unwrap();
            assert_eq!(fs::metadata(&path).unwrap().len(), bytes);
        }
    }

    /// The name of the variable that marks this test binary as run by
    /// [`the_fault_switch_is_read_from_the_environment`].
    const CHILD_ENV: &str = "GLOOMDELVE_PERSIST_TEST_CHILD";

    /// Runs in a child process with the fault switch set to `full`: both
    /// the write and the room check obey it.
    #[test]
    fn with_the_switch_set_to_full_writes_and_room_checks_fail() {
        if std::env::var_os(CHILD_ENV).is_none() {
            return; // Only the child (below) runs this with the switch set.
        }
        let dir = ScratchDir::new("switch");
        let path = dir.path("save.ron");
        let write = write_atomically(&path, b"never").unwrap_err();
        assert_eq!(write.kind(), io::ErrorKind::StorageFull, "{write}");
        let room = check_room(&path, 10).unwrap_err();
        assert_eq!(room.kind(), io::ErrorKind::StorageFull, "{room}");
        assert!(!path.exists());
    }

    #[test]
    fn the_fault_switch_is_read_from_the_environment() {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "persist::tests::with_the_switch_set_to_full_writes_and_room_checks_fail",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, "1")
            .env(FAULT_ENV, "full")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&child.stdout);
        assert!(child.status.success(), "{out}");
        assert!(out.contains("1 passed"), "the child ran its test: {out}");
        // Without the switch (this process), both succeed.
        let dir = ScratchDir::new("no-switch");
        check_room(&dir.path("save.ron"), 10).unwrap();
        write_atomically(&dir.path("save.ron"), b"saved").unwrap();
        assert_eq!(read_regular_text(&dir.path("save.ron")).unwrap(), "saved");
    }

    #[test]
    fn text_is_read_whole_and_must_be_utf8() {
        let dir = ScratchDir::new("text");
        let path = dir.path("notes.txt");
        fs::write(&path, "line one\nline two\n").unwrap();
        assert_eq!(read_regular_text(&path).unwrap(), "line one\nline two\n");
        fs::write(&path, [0x66, 0x6f, 0xff]).unwrap();
        let err = read_regular_text(&path).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(err.to_string().contains("not UTF-8"), "{err}");
    }

    #[test]
    fn temporary_names_are_told_apart_from_other_files() {
        for (name, ours) in [
            ("save.ron.tmp", true),
            ("save.ron.tmp.123.4", true),
            ("save.ron.tmp.123", false),
            ("save.ron.tmp.1.2.3", false),
            ("save.ron.tmp.12a.4", false),
            ("save.ron.tmp..4", false),
            ("save.ron.tmpx.1.2", false),
            ("save.ron.bak.1.2", false),
            ("other.ron.tmp.1.2", false),
        ] {
            assert_eq!(is_temporary_of(name, "save.ron"), ours, "{name}");
        }
    }

    #[test]
    fn a_path_through_a_file_is_an_error_not_a_target() {
        let dir = ScratchDir::new("through");
        let file = dir.path("plain");
        fs::write(&file, "x").unwrap();
        assert!(write_target(&file.join("inside")).is_err());
        assert_eq!(
            write_target(&dir.path("missing")).unwrap(),
            dir.path("missing")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_write_keeps_the_permissions_of_the_file_it_replaces() {
        use std::os::unix::fs::PermissionsExt;
        let dir = ScratchDir::new("mode");
        let path = dir.path("save.ron");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomically_with(&path, b"new", Fault::None).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn a_rename_that_fails_says_why() {
        let dir = ScratchDir::new("rename");
        let (from, to) = (dir.path("from"), dir.path("to"));
        let missing = rename_without_replacing(&from, &to).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound, "{missing}");
        fs::write(&from, "a").unwrap();
        fs::write(&to, "b").unwrap();
        let taken = rename_without_replacing(&from, &to).unwrap_err();
        assert_eq!(taken.kind(), io::ErrorKind::AlreadyExists, "{taken}");
        assert_eq!(fs::read_to_string(&to).unwrap(), "b");
    }

    #[test]
    fn kept_files_of_a_missing_folder_are_none_and_of_a_file_an_error() {
        let dir = ScratchDir::new("kept-where");
        assert_eq!(
            kept_previous(&dir.path("missing/save.ron")).unwrap(),
            Vec::<PathBuf>::new()
        );
        fs::write(dir.path("plain"), "x").unwrap();
        assert!(kept_previous(&dir.path("plain/save.ron")).is_err());
        assert!(exists(&dir.path("plain/save.ron")).is_err());
        assert!(!exists(&dir.path("missing")).unwrap());
        // `.prev.0` is no kept file's name: the first is `.prev`.
        fs::write(dir.path("save.ron.prev.0"), "x").unwrap();
        assert_eq!(
            kept_previous(&dir.path("save.ron")).unwrap(),
            Vec::<PathBuf>::new()
        );
    }

    #[test]
    fn a_bare_file_name_lives_in_the_current_folder() {
        assert_eq!(parent_dir(Path::new("save.ron")), Path::new("."));
        assert_eq!(parent_dir(Path::new("saves/save.ron")), Path::new("saves"));
    }

    #[test]
    fn fault_keeps_the_old_file() {
        let dir = ScratchDir::new("fault");
        let path = dir.path("save.ron");
        let old = sample_text();
        write_atomically_with(&path, old.as_bytes(), Fault::None).unwrap();

        let mut newer = sample();
        newer.depth = 12;
        let new = to_versioned_ron(1, &newer).unwrap();
        let err = write_atomically_with(&path, new.as_bytes(), Fault::HalfWrite).unwrap_err();
        assert!(err.to_string().contains(FAULT_ENV));

        assert_eq!(fs::read_to_string(&path).unwrap(), old);
        assert_eq!(load(&fs::read_to_string(&path).unwrap()).unwrap(), sample());
        let temporaries = dir.temporaries("save.ron");
        assert_eq!(temporaries.len(), 1, "the crash's temporary file stays");
        let tmp = fs::read(&temporaries[0]).unwrap();
        assert_eq!(tmp, &new.as_bytes()[..new.len() / 2]);
        assert!(load(&String::from_utf8_lossy(&tmp)).is_err());
    }

    #[test]
    fn set_aside_names_by_the_time_then_in_sequence_within_a_second() {
        let dir = ScratchDir::new("aside");
        let path = dir.path("save.ron");
        // 2026-12-01 18:30:12 UTC.
        let then = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_149_812);
        let expected = [
            "save.ron.bad-20261201-183012",
            "save.ron.bad-20261201-183012-2",
            "save.ron.bad-20261201-183012-3",
        ];
        for (i, name) in expected.iter().enumerate() {
            let content = format!("bad {i}");
            fs::write(&path, &content).unwrap();
            let moved = set_aside_at(&path, then).unwrap();
            assert_eq!(moved, dir.path(name));
            assert_eq!(fs::read_to_string(&moved).unwrap(), content);
            assert!(!path.exists());
        }
        let later = then + std::time::Duration::from_secs(61);
        fs::write(&path, "bad later").unwrap();
        let moved = set_aside_at(&path, later).unwrap();
        assert_eq!(moved, dir.path("save.ron.bad-20261201-183113"));
        assert!(set_aside(&path).is_err(), "nothing left to set aside");
    }

    #[test]
    fn utc_stamps_follow_the_calendar() {
        let at =
            |secs: u64| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "19700101-000000");
        assert_eq!(at(951_782_400), "20000229-000000", "a leap day");
        assert_eq!(at(1_767_225_599), "20251231-235959");
        assert_eq!(at(4_107_542_400), "21000301-000000", "2100 is no leap year");
    }

    #[test]
    fn keep_previous_never_replaces_an_earlier_kept_file() {
        let dir = ScratchDir::new("prev");
        let path = dir.path("save.ron");
        assert_eq!(keep_previous(&path).unwrap(), None);
        let names = ["save.ron.prev", "save.ron.prev.1", "save.ron.prev.2"];
        for (i, name) in names.iter().enumerate() {
            fs::write(&path, format!("game {i}")).unwrap();
            assert_eq!(next_kept_name(&path).unwrap(), dir.path(name));
            let kept = keep_previous(&path).unwrap().unwrap();
            assert_eq!(kept, dir.path(name));
            assert!(!path.exists());
        }
        for (i, name) in names.iter().enumerate() {
            let text = fs::read_to_string(dir.path(name)).unwrap();
            assert_eq!(text, format!("game {i}"), "{name} kept whole");
        }
        let newest_first: Vec<PathBuf> = names.iter().rev().map(|n| dir.path(n)).collect();
        assert_eq!(kept_previous(&path).unwrap(), newest_first);
    }

    #[test]
    fn a_kept_file_taken_back_leaves_the_next_one_newer_than_all() {
        let dir = ScratchDir::new("prev-gap");
        let path = dir.path("save.ron");
        for game in ["a", "b", "c"] {
            fs::write(&path, game).unwrap();
            keep_previous(&path).unwrap();
        }
        fs::rename(dir.path("save.ron.prev.1"), &path).unwrap();
        fs::write(dir.path("save.ron.prev.x"), "not kept").unwrap();
        fs::write(dir.path("save.ron.prev.01"), "not kept").unwrap();
        let kept = keep_previous(&path).unwrap().unwrap();
        assert_eq!(kept, dir.path("save.ron.prev.3"), "above the newest");
        assert_eq!(
            kept_previous(&path).unwrap(),
            ["save.ron.prev.3", "save.ron.prev.2", "save.ron.prev"].map(|n| dir.path(n))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_write_through_a_symlink_replaces_its_target_and_keeps_the_link() {
        let dir = ScratchDir::new("link");
        let real = dir.path("elsewhere/real.ron");
        fs::create_dir_all(real.parent().unwrap()).unwrap();
        fs::write(&real, "old").unwrap();
        let link = dir.path("save.ron");
        std::os::unix::fs::symlink("elsewhere/real.ron", &link).unwrap();
        write_atomically_with(&link, b"new", Fault::None).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        assert!(dir.temporaries("elsewhere/real.ron").is_empty());
        assert!(dir.temporaries("save.ron").is_empty());
    }

    /// Writing to `path` is refused, names it, and leaves no temporary file.
    fn assert_refused(path: &Path, expected: &str) {
        let err = write_atomically_with(path, b"bytes", Fault::None).unwrap_err();
        let message = err.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(message.contains(expected), "{message}");
        let check = check_writable(path).unwrap_err().to_string();
        assert_eq!(check, message, "the start-up check says the same");
        assert!(temporaries_beside(path).is_empty(), "no temporary file");
    }

    #[cfg(unix)]
    #[test]
    fn directories_devices_and_sockets_are_refused_and_left_alone() {
        use std::os::unix::fs::{FileTypeExt, symlink};
        let dir = ScratchDir::new("refuse");
        let folder = dir.path("a-folder");
        fs::create_dir(&folder).unwrap();
        assert_refused(&folder, "is a directory, not a regular file");
        assert!(folder.is_dir());

        let to_null = dir.path("null.rec");
        symlink("/dev/null", &to_null).unwrap();
        assert_refused(&to_null, "/dev/null, which is a device");
        assert_eq!(fs::read_link(&to_null).unwrap(), Path::new("/dev/null"));
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );

        let socket = dir.path("sock");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        assert_refused(&socket, "is a socket");
        assert!(
            fs::symlink_metadata(&socket)
                .unwrap()
                .file_type()
                .is_socket()
        );

        let looped = dir.path("loop");
        symlink("loop", &looped).unwrap();
        assert_refused(&looped, "symlinks (a loop?)");
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = ScratchDir::new("fail");
        let blocked = dir.path("file");
        fs::write(&blocked, "a file, not a folder").unwrap();
        let path = blocked.join("save.ron");
        let err = write_atomically_with(&path, b"x", Fault::None).unwrap_err();
        assert!(
            err.to_string().contains("cannot create the folder"),
            "{err}"
        );
        assert!(check_writable(&path).is_err());
        assert_eq!(fs::read_dir(&dir.0).unwrap().count(), 1, "nothing new");
    }

    #[test]
    fn check_writable_creates_nothing_that_stays() {
        let dir = ScratchDir::new("check");
        let path = dir.path("new/rec.ron");
        check_writable(&path).unwrap();
        assert!(!path.exists());
        assert_eq!(fs::read_dir(dir.path("new")).unwrap().count(), 0);
        let old = std::time::SystemTime::now() - STALE_TEMPORARY;
        let leftover = |name: &str, at: std::time::SystemTime| {
            let file = File::create(dir.path(name)).unwrap();
            file.set_modified(at).unwrap();
        };
        leftover("new/rec.ron.tmp", old);
        leftover("new/rec.ron.tmp.4242.7", old);
        leftover("new/rec.ron.tmp.4243.0", std::time::SystemTime::now());
        leftover("new/rec.ron.tmp.notes", old);
        write_atomically_with(&path, b"rec", Fault::None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"rec");
        assert_eq!(
            dir.temporaries("new/rec.ron"),
            vec![dir.path("new/rec.ron.tmp.4243.0")],
            "the stale leftovers went; a write under way elsewhere stays"
        );
        assert!(
            dir.path("new/rec.ron.tmp.notes").exists(),
            "not a temporary name"
        );
    }

    #[test]
    fn two_writers_of_one_file_never_trip_over_each_other() {
        let dir = ScratchDir::new("two-writers");
        let path = dir.path("save.ron");
        let writer = |text: &'static [u8]| {
            let path = path.clone();
            std::thread::spawn(move || {
                (0..200).try_for_each(|_| write_atomically_with(&path, text, Fault::None))
            })
        };
        let (a, b) = (writer(b"first game"), writer(b"second game"));
        a.join().unwrap().expect("every write of the first lands");
        b.join().unwrap().expect("every write of the second lands");
        let last = fs::read(&path).unwrap();
        assert!(last == b"first game" || last == b"second game");
        assert!(dir.temporaries("save.ron").is_empty());
    }

    #[test]
    fn keeping_a_file_refuses_to_wrap_past_the_highest_number() {
        let dir = ScratchDir::new("wrap");
        let path = dir.path("save.ron");
        fs::write(&path, "the game").unwrap();
        fs::write(dir.path("save.ron.prev.18446744073709551615"), "kept").unwrap();
        let err = keep_previous(&path).unwrap_err();
        assert!(err.to_string().contains("18446744073709551615"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"the game", "the game stays");
        assert!(!dir.path("save.ron.prev.0").exists(), "no wrapped name");
    }

    #[test]
    fn keeping_never_replaces_a_file_in_the_way() {
        let dir = ScratchDir::new("no-replace");
        let (from, to) = (dir.path("save.ron"), dir.path("save.ron.prev.3"));
        fs::write(&from, "the game").unwrap();
        fs::write(&to, "an older game").unwrap();
        let err = rename_without_replacing(&from, &to).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&to).unwrap(), b"an older game");
        assert_eq!(fs::read(&from).unwrap(), b"the game");
        rename_without_replacing(&from, &dir.path("save.ron.prev.4")).unwrap();
        assert!(!from.exists());
        assert_eq!(fs::read(dir.path("save.ron.prev.4")).unwrap(), b"the game");
    }

    #[test]
    fn fnv1a64_known_values() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
