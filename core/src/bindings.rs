//! The player's key bindings: the `bindings.txt` file in the config folder.
//!
//! The file is plain text, written with the defaults and comments on first
//! run ([`default_file_text`]). [`parse`] never fails: every bad line becomes
//! a [`Problem`] naming the line, that line's action keeps its default keys,
//! and the good lines are applied.
//!
//! This module works only with key *names*; the game maps names to real keys.
//!
//! # Key names
//!
//! * Any single printable, non-space character, case-sensitive: `k` is the
//!   k key, `K` is shift+k, `>` is whatever produces `>`.
//! * The named keys in [`KEY_NAMES`] (`Up`, `Numpad8`, `F12`, `Space`...).
//!   In the file these may be written in any letter case (`numpad8`).
//! * Three characters clash with the file's syntax and are written by name in
//!   the file: `Comma` for `,`, `Equals` for `=`, `Hash` for `#`.
//! * `Escape` is reserved (it opens the menu) and can never be bound.
//!
//! # Canonical names
//!
//! [`Bindings`] stores every key in one canonical form: a character key as
//! that character (so `Comma` is stored as `","`, `Equals` as `"="`, `Hash`
//! as `"#"`), a named key spelled exactly as in [`KEY_NAMES`]. [`canonical_key`]
//! turns any accepted spelling into that form, and [`Bindings::action_for`]
//! applies it first, so `","` and `"Comma"` find the same action.

use std::collections::HashMap;
use std::fmt;

/// Every action a key can be bound to, in the order the help screen lists
/// them, each with its id in the file, its description and its default keys
/// (canonical names, see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyAction {
    /// Move / attack / dig north.
    MoveNorth,
    /// Move / attack / dig south.
    MoveSouth,
    /// Move / attack / dig east.
    MoveEast,
    /// Move / attack / dig west.
    MoveWest,
    /// Move / attack / dig north-west.
    MoveNorthWest,
    /// Move / attack / dig north-east.
    MoveNorthEast,
    /// Move / attack / dig south-west.
    MoveSouthWest,
    /// Move / attack / dig south-east.
    MoveSouthEast,
    /// Wait a turn.
    Wait,
    /// Pick up what lies here.
    PickUp,
    /// Eat something.
    Eat,
    /// Throw something at what you see.
    Throw,
    /// Shoot your bow at what you see.
    Fire,
    /// Look at what is on a tile.
    Look,
    /// Go down the stairs, or travel to them.
    Descend,
    /// Go up the stairs.
    Ascend,
    /// Close an open door next to you.
    CloseDoor,
    /// Explore until something happens.
    Explore,
    /// Show the inventory.
    Inventory,
    /// Show the help screen.
    Help,
    /// Show the message history.
    History,
    /// Zoom the map in.
    ZoomIn,
    /// Zoom the map out.
    ZoomOut,
    /// Save a screenshot.
    Screenshot,
    /// Show what the monsters will do.
    Intents,
    /// Show or hide the list of monsters in view.
    Sidebar,
}

impl KeyAction {
    /// Every action, in the order the help lists them.
    pub const ALL: [KeyAction; 26] = [
        KeyAction::MoveNorth,
        KeyAction::MoveSouth,
        KeyAction::MoveEast,
        KeyAction::MoveWest,
        KeyAction::MoveNorthWest,
        KeyAction::MoveNorthEast,
        KeyAction::MoveSouthWest,
        KeyAction::MoveSouthEast,
        KeyAction::Wait,
        KeyAction::PickUp,
        KeyAction::Eat,
        KeyAction::Throw,
        KeyAction::Fire,
        KeyAction::Look,
        KeyAction::Descend,
        KeyAction::Ascend,
        KeyAction::CloseDoor,
        KeyAction::Explore,
        KeyAction::Inventory,
        KeyAction::Help,
        KeyAction::History,
        KeyAction::ZoomIn,
        KeyAction::ZoomOut,
        KeyAction::Screenshot,
        KeyAction::Intents,
        KeyAction::Sidebar,
    ];

    /// Its id in the bindings file: `move_north`, `wait`.
    pub const fn id(self) -> &'static str {
        self.entry().0
    }

    /// What it does, as the help and the file's comments say it.
    pub const fn text(self) -> &'static str {
        self.entry().1
    }

    /// Its keys when the file does not rebind it.
    pub const fn default_keys(self) -> &'static [&'static str] {
        self.entry().2
    }

    /// The action with the file id `id`.
    pub fn from_id(id: &str) -> Option<KeyAction> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }

    /// Its place in [`KeyAction::ALL`].
    const fn index(self) -> usize {
        self as usize
    }

    /// Its id, text and default keys.
    const fn entry(self) -> (&'static str, &'static str, &'static [&'static str]) {
        match self {
            KeyAction::MoveNorth => (
                "move_north",
                "move / attack / dig north",
                &["Up", "k", "Numpad8"],
            ),
            KeyAction::MoveSouth => (
                "move_south",
                "move / attack / dig south",
                &["Down", "j", "Numpad2"],
            ),
            KeyAction::MoveEast => (
                "move_east",
                "move / attack / dig east",
                &["Right", "l", "Numpad6"],
            ),
            KeyAction::MoveWest => (
                "move_west",
                "move / attack / dig west",
                &["Left", "h", "Numpad4"],
            ),
            KeyAction::MoveNorthWest => (
                "move_north_west",
                "move / attack / dig north-west",
                &["y", "Numpad7"],
            ),
            KeyAction::MoveNorthEast => (
                "move_north_east",
                "move / attack / dig north-east",
                &["u", "Numpad9"],
            ),
            KeyAction::MoveSouthWest => (
                "move_south_west",
                "move / attack / dig south-west",
                &["b", "Numpad1"],
            ),
            KeyAction::MoveSouthEast => (
                "move_south_east",
                "move / attack / dig south-east",
                &["n", "Numpad3"],
            ),
            KeyAction::Wait => ("wait", "wait a turn", &[".", "Numpad5"]),
            KeyAction::PickUp => ("pick_up", "pick up what lies here", &["g", ","]),
            KeyAction::Eat => ("eat", "eat something", &["e"]),
            KeyAction::Throw => ("throw", "throw something at what you see", &["t"]),
            KeyAction::Fire => ("fire", "shoot your bow at what you see", &["f"]),
            KeyAction::Look => ("look", "look at what is on a tile", &[";"]),
            KeyAction::Descend => ("descend", "go down the stairs, or travel to them", &[">"]),
            KeyAction::Ascend => ("ascend", "go up the stairs", &["<"]),
            KeyAction::CloseDoor => ("close_door", "close an open door next to you", &["c"]),
            KeyAction::Explore => ("explore", "explore until something happens", &["x"]),
            KeyAction::Inventory => ("inventory", "show the inventory", &["i"]),
            KeyAction::Help => ("help", "show the help screen", &["?"]),
            KeyAction::History => ("history", "show the message history", &["m"]),
            KeyAction::ZoomIn => ("zoom_in", "zoom the map in", &["+", "=", "NumpadAdd"]),
            KeyAction::ZoomOut => ("zoom_out", "zoom the map out", &["-", "NumpadSubtract"]),
            KeyAction::Screenshot => ("screenshot", "save a screenshot", &["F12"]),
            KeyAction::Intents => ("intents", "show what the monsters will do", &["Tab"]),
            KeyAction::Sidebar => (
                "sidebar",
                "show or hide the list of monsters in view",
                &["v"],
            ),
        }
    }
}

/// An action is written as its id in the file: `move_north`.
impl fmt::Display for KeyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The named (non-character) keys, spelled as [`Bindings`] stores them.
pub const KEY_NAMES: &[&str] = &[
    "Up",
    "Down",
    "Left",
    "Right",
    "Numpad0",
    "Numpad1",
    "Numpad2",
    "Numpad3",
    "Numpad4",
    "Numpad5",
    "Numpad6",
    "Numpad7",
    "Numpad8",
    "Numpad9",
    "NumpadAdd",
    "NumpadSubtract",
    "NumpadMultiply",
    "NumpadDivide",
    "NumpadEnter",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "F9",
    "F10",
    "F11",
    "F12",
    "Enter",
    "Space",
    "Tab",
    "Backspace",
    "Home",
    "End",
    "PageUp",
    "PageDown",
    "Insert",
    "Delete",
];

/// Characters written by name in the file, and their names.
const CHAR_ALIASES: &[(char, &str)] = &[(',', "Comma"), ('=', "Equals"), ('#', "Hash")];

/// The reserved key: never bindable, it opens the menu.
const RESERVED: &str = "Escape";

/// Which keys do what: for each action of [`KeyAction::ALL`], its keys as
/// canonical names (see the module docs). No key belongs to two actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    keys: Vec<Vec<String>>,
}

impl Default for Bindings {
    fn default() -> Self {
        default_bindings()
    }
}

impl Bindings {
    /// The keys of `action`, canonical names.
    pub fn keys(&self, action: KeyAction) -> &[String] {
        &self.keys[action.index()]
    }

    /// The action bound to `key`, if any. `key` may be any spelling the file
    /// accepts (`","` or `"Comma"`, `"Up"` or `"up"`).
    pub fn action_for(&self, key: &str) -> Option<KeyAction> {
        let key = canonical_key(key)?;
        self.keys
            .iter()
            .position(|keys| keys.contains(&key))
            .map(|i| KeyAction::ALL[i])
    }

    /// Every action with its keys, in [`KeyAction::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (KeyAction, &[String])> {
        KeyAction::ALL
            .into_iter()
            .zip(&self.keys)
            .map(|(action, keys)| (action, keys.as_slice()))
    }
}

/// The default keys of every action.
pub fn default_bindings() -> Bindings {
    Bindings {
        keys: KeyAction::ALL
            .iter()
            .map(|a| a.default_keys().iter().map(|k| (*k).to_string()).collect())
            .collect(),
    }
}

/// One bad line of the file, and what was done about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Whether `name` is a key name the file accepts (any spelling; `Escape` is not).
pub fn is_key_name(name: &str) -> bool {
    canonical_key(name).is_some()
}

/// The canonical form of a key name (see the module docs), or `None` when
/// the game knows no such key or it is reserved. Single characters are kept
/// as they are (case matters); named keys and the aliases `Comma`, `Equals`,
/// `Hash` are matched in any letter case.
pub fn canonical_key(name: &str) -> Option<String> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_whitespace() && !c.is_control()).then(|| c.to_string());
    }
    if let Some(&(c, _)) = CHAR_ALIASES
        .iter()
        .find(|(_, alias)| alias.eq_ignore_ascii_case(name))
    {
        return Some(c.to_string());
    }
    KEY_NAMES
        .iter()
        .find(|k| k.eq_ignore_ascii_case(name))
        .map(|k| (*k).to_string())
}

/// How a canonical key is written in the file: its alias for `,` `=` `#`,
/// otherwise the name itself.
pub fn file_key_name(key: &str) -> &str {
    CHAR_ALIASES
        .iter()
        .find(|(c, _)| key.len() == c.len_utf8() && key.starts_with(*c))
        .map_or(key, |(_, alias)| alias)
}

fn action_index(action: &str) -> Option<usize> {
    KeyAction::from_id(action).map(KeyAction::index)
}

/// The file as written on first run: a header explaining the format and the
/// key names, then one `action = key, key` line per action, each after a
/// `# description` comment.
pub fn default_file_text() -> String {
    let mut out = String::from(
        "# Gloomdelve key bindings.\n\
         #\n\
         # One line per action:   action = key, key, ...\n\
         # Lines starting with # are comments; blank lines are ignored.\n\
         # Delete a line (or the whole file) to get that action's default keys back;\n\
         # a deleted file is written again with the defaults.\n\
         #\n\
         # Keys:\n\
         # - any single character, e.g.  k  >  ?  1  (letters are case-sensitive:\n\
         #   K means shift+k)\n\
         # - the characters , = # are written by name:  Comma  Equals  Hash\n\
         # - these named keys (any letter case):\n",
    );
    let mut line = String::from("#  ");
    for name in KEY_NAMES {
        if line.len() + 1 + name.len() > 78 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("#  ");
        }
        line.push(' ');
        line.push_str(name);
    }
    out.push_str(&line);
    out.push('\n');
    out.push_str(
        "# Escape is reserved: it always opens the menu.\n\
         #\n\
         # A key may belong to one action only. A line with an unknown action or\n\
         # key, a key listed twice, or a key already taken, is reported and that\n\
         # action keeps its default keys. To give a key to another action, also\n\
         # rebind the action that has it by default.\n",
    );
    for action in KeyAction::ALL {
        let keys: Vec<&str> = action
            .default_keys()
            .iter()
            .map(|k| file_key_name(k))
            .collect();
        let (id, description) = (action.id(), action.text());
        out.push_str(&format!("\n# {description}\n{id} = {}\n", keys.join(", ")));
    }
    out
}

/// Who holds a key while parsing.
#[derive(Clone, Copy)]
enum Holder {
    /// The action's default keys.
    Default(usize),
    /// The action's line in the file (1-based).
    Line(usize, usize),
}

impl Holder {
    fn action(self) -> usize {
        match self {
            Holder::Default(a) | Holder::Line(a, _) => a,
        }
    }

    fn describe(self) -> String {
        match self {
            Holder::Default(a) => format!("{} (one of its default keys)", KeyAction::ALL[a].id()),
            Holder::Line(a, line) => format!("{} on line {line}", KeyAction::ALL[a].id()),
        }
    }
}

/// Parses the bindings file. Never fails: each bad line gives a [`Problem`]
/// and its action (if it names one) keeps its default keys; good lines are
/// applied; actions the file does not mention keep their defaults. When a
/// line binds a key another action already has, that line is the problem and
/// its action falls back to its defaults, minus any default key still taken
/// elsewhere. The result never binds one key to two actions.
pub fn parse(text: &str) -> (Bindings, Vec<Problem>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut problems = Vec::new();
    // First line naming each action (good or bad), for duplicate reports.
    let mut seen: Vec<Option<usize>> = vec![None; KeyAction::ALL.len()];
    // Good lines: (line, action, canonical keys), in file order.
    let mut good: Vec<(usize, usize, Vec<String>)> = Vec::new();

    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut problem = |message: String| problems.push(Problem { line, message });
        let Some((action, value)) = trimmed.split_once('=') else {
            problem(format!(
                "expected \"action = key, key, ...\" but found \"{}\"; line ignored",
                excerpt(trimmed)
            ));
            continue;
        };
        let action = action.trim();
        let Some(a) = action_index(action) else {
            if action.is_empty() {
                problem("no action name before \"=\"; line ignored".to_string());
            } else {
                problem(format!(
                    "unknown action \"{}\"; line ignored",
                    excerpt(action)
                ));
            }
            continue;
        };
        if let Some(first) = seen[a] {
            problem(format!(
                "{action} is already bound on line {first}; this line is ignored"
            ));
            continue;
        }
        seen[a] = Some(line);
        match parse_keys(action, value) {
            Ok(keys) => good.push((line, a, keys)),
            Err(message) => problem(format!("{message}; using its default keys")),
        }
    }

    // Actions without a good line have their defaults from the start; good
    // lines then claim their keys in file order.
    let mut holder: HashMap<String, Holder> = HashMap::new();
    let mut keys: Vec<Vec<String>> = vec![Vec::new(); KeyAction::ALL.len()];
    for (a, action) in KeyAction::ALL.into_iter().enumerate() {
        if !good.iter().any(|&(_, g, _)| g == a) {
            for &k in action.default_keys() {
                if !holder.contains_key(k) {
                    holder.insert(k.to_string(), Holder::Default(a));
                    keys[a].push(k.to_string());
                }
            }
        }
    }
    for (line, a, wanted) in good {
        let clash = wanted
            .iter()
            .find_map(|k| holder.get(k).filter(|h| h.action() != a).map(|h| (k, *h)));
        let Some((key, other)) = clash else {
            for k in &wanted {
                holder.insert(k.clone(), Holder::Line(a, line));
            }
            keys[a] = wanted;
            continue;
        };
        let id = KeyAction::ALL[a].id();
        let mut message = format!(
            "key \"{}\" for {id} is already bound to {}; using {id}'s default keys",
            file_key_name(key),
            other.describe()
        );
        // No key is held by `a` here: its line clashed, so claimed nothing,
        // and its default keys are distinct (a test checks).
        let mut dropped = Vec::new();
        for &k in KeyAction::ALL[a].default_keys() {
            match holder.get(k) {
                Some(h) => dropped.push(format!(
                    "\"{}\" (taken by {})",
                    file_key_name(k),
                    h.describe()
                )),
                _ => {
                    holder.insert(k.to_string(), Holder::Default(a));
                    keys[a].push(k.to_string());
                }
            }
        }
        if !dropped.is_empty() {
            message.push_str(&format!(" without {}", dropped.join(", ")));
            if keys[a].is_empty() {
                message.push_str(&format!(", so {id} has no keys"));
            }
        }
        problems.push(Problem { line, message });
    }
    problems.sort_by_key(|p| p.line);
    (Bindings { keys }, problems)
}

/// The canonical keys of one line's value, or the first thing wrong with it.
/// A key listed twice (in any spelling) is wrong. Linear in the line's length.
fn parse_keys(action: &str, value: &str) -> Result<Vec<String>, String> {
    if value.trim().is_empty() {
        return Err(format!("no keys for {action}"));
    }
    let mut keys: Vec<String> = Vec::new();
    // Each key of the line so far, and how the file spelled it.
    let mut spelled: HashMap<String, &str> = HashMap::new();
    for token in value.split(',').map(str::trim) {
        let key = match token {
            "" => return Err(format!("empty key name for {action} (a stray comma?)")),
            _ if token.eq_ignore_ascii_case(RESERVED) || token.eq_ignore_ascii_case("Esc") => {
                return Err(format!(
                    "key \"{token}\" for {action} is reserved (it opens the menu)"
                ));
            }
            "=" | "#" => {
                return Err(format!(
                    "key \"{token}\" for {action} must be written as {}",
                    file_key_name(token)
                ));
            }
            _ => canonical_key(token).ok_or_else(|| {
                let hint = if token.contains('#') {
                    " (comments must be on their own line)"
                } else {
                    ""
                };
                format!("unknown key \"{}\" for {action}{hint}", excerpt(token))
            })?,
        };
        if let Some(first) = spelled.insert(key.clone(), token) {
            return Err(listed_twice(action, first, token));
        }
        keys.push(key);
    }
    Ok(keys)
}

/// The problem of a line that lists one key twice, spelled `first` and then
/// `again` (`Comma` and `,` are one key).
fn listed_twice(action: &str, first: &str, again: &str) -> String {
    if first == again {
        format!("key \"{again}\" is listed twice for {action}")
    } else {
        format!("key \"{again}\" for {action} is listed twice (also as \"{first}\")")
    }
}

/// The longest piece of the player's text a problem quotes, in characters.
const EXCERPT_CHARS: usize = 60;

/// `text` as a problem quotes it: cut to [`EXCERPT_CHARS`] with a `...`, so
/// a huge line makes a short message.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Panics if any key is bound to two actions or any bound key is not
    /// canonical.
    fn assert_no_shared_keys(b: &Bindings, context: &str) {
        let mut owner: HashMap<&str, KeyAction> = HashMap::new();
        for (action, keys) in b.iter() {
            for k in keys {
                assert_eq!(
                    canonical_key(k).as_deref(),
                    Some(k.as_str()),
                    "{context}: {action} has non-canonical key {k:?}"
                );
                if let Some(prev) = owner.insert(k, action) {
                    assert_eq!(
                        prev, action,
                        "{context}: key {k:?} bound to {prev} and {action}"
                    );
                }
            }
        }
    }

    fn problem_lines(problems: &[Problem]) -> Vec<usize> {
        problems.iter().map(|p| p.line).collect()
    }

    #[test]
    fn actions_and_defaults_line_up() {
        assert_eq!(KeyAction::ALL.len(), 26);
        let b = default_bindings();
        assert_eq!(b.iter().count(), KeyAction::ALL.len());
        for (i, (action, keys)) in b.iter().enumerate() {
            let id = action.id();
            assert_eq!(action.index(), i, "{id} is out of place in ALL");
            assert!(!keys.is_empty(), "{id} has no default keys");
            assert_eq!(keys, action.default_keys(), "{id}");
            assert!(!action.text().is_empty());
            assert_eq!(action_index(id), Some(i), "duplicate action id {id}");
            assert_eq!(KeyAction::from_id(id), Some(action));
        }
        assert_eq!(b.keys(KeyAction::MoveNorth), ["Up", "k", "Numpad8"]);
        assert_eq!(b.keys(KeyAction::PickUp), ["g", ","]);
        assert_eq!(b.keys(KeyAction::ZoomIn), ["+", "=", "NumpadAdd"]);
        assert_eq!(b.keys(KeyAction::Screenshot), ["F12"]);
        assert_eq!(KeyAction::from_id("fly"), None);
    }

    #[test]
    fn every_default_key_is_valid_canonical_and_unique() {
        let b = default_bindings();
        for (action, keys) in b.iter() {
            for k in keys {
                assert!(is_key_name(k), "{action}: {k:?} is not a key name");
            }
        }
        assert_no_shared_keys(&b, "defaults");
        for name in KEY_NAMES {
            assert_eq!(canonical_key(name).as_deref(), Some(*name));
        }
    }

    #[test]
    fn default_text_parses_back_to_defaults() {
        let text = default_file_text();
        let (b, problems) = parse(&text);
        assert_eq!(problems, []);
        assert_eq!(b, default_bindings());
        // The awkward characters are written by name, and every key name is
        // listed in the header.
        assert!(text.contains("\npick_up = g, Comma\n"), "{text}");
        assert!(
            text.contains("\nzoom_in = +, Equals, NumpadAdd\n"),
            "{text}"
        );
        assert!(text.contains("\n# move / attack / dig north\nmove_north = Up, k, Numpad8\n"));
        for name in KEY_NAMES {
            assert!(text.contains(&format!(" {name}")), "{name} not documented");
        }
        for line in text.lines() {
            assert!(line.len() <= 80, "long line {line:?}");
        }
        // The key names fill lines of at most 78 characters, each as full
        // as the next name allows.
        let name_lines: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("these named keys"))
            .skip(1)
            .take_while(|l| l.starts_with("#   "))
            .collect();
        assert!(name_lines.len() > 1, "{name_lines:?}");
        for pair in name_lines.windows(2) {
            let next_name = pair[1].split_whitespace().nth(1).unwrap();
            assert!(pair[0].len() <= 78, "long line {:?}", pair[0]);
            assert!(
                pair[0].len() + 1 + next_name.len() > 78,
                "{next_name} fits on {:?}",
                pair[0]
            );
        }
        // Windows line endings and a byte-order mark change nothing.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        assert_eq!(parse(&crlf), (default_bindings(), vec![]));
        assert_eq!(parse(""), (default_bindings(), vec![]));
    }

    #[test]
    fn key_names_and_canonical_forms() {
        for (given, canonical) in [
            ("k", "k"),
            ("K", "K"),
            (">", ">"),
            ("1", "1"),
            ("é", "é"),
            (",", ","),
            ("Comma", ","),
            ("comma", ","),
            ("=", "="),
            ("EQUALS", "="),
            ("#", "#"),
            ("Hash", "#"),
            ("Up", "Up"),
            ("up", "Up"),
            ("numpad8", "Numpad8"),
            ("f12", "F12"),
            ("pageup", "PageUp"),
            ("Space", "Space"),
        ] {
            assert_eq!(canonical_key(given).as_deref(), Some(canonical), "{given}");
            assert!(is_key_name(given), "{given}");
        }
        for bad in [
            "", " ", "\t", "\n", "Escape", "escape", "Esc", "Foo", "F13", "kk", "Numpad10",
        ] {
            assert_eq!(canonical_key(bad), None, "{bad:?}");
            assert!(!is_key_name(bad), "{bad:?}");
        }
        assert_eq!(file_key_name(","), "Comma");
        assert_eq!(file_key_name("="), "Equals");
        assert_eq!(file_key_name("#"), "Hash");
        assert_eq!(file_key_name("k"), "k");
        assert_eq!(file_key_name("Up"), "Up");
    }

    #[test]
    fn action_for_finds_chars_named_keys_and_aliases() {
        let b = default_bindings();
        assert_eq!(b.action_for("k"), Some(KeyAction::MoveNorth));
        assert_eq!(b.action_for("K"), None, "letters are case-sensitive");
        assert_eq!(b.action_for("Up"), Some(KeyAction::MoveNorth));
        assert_eq!(b.action_for("up"), Some(KeyAction::MoveNorth));
        assert_eq!(b.action_for("Numpad5"), Some(KeyAction::Wait));
        assert_eq!(b.action_for("."), Some(KeyAction::Wait));
        assert_eq!(b.action_for(","), Some(KeyAction::PickUp));
        assert_eq!(b.action_for("Comma"), Some(KeyAction::PickUp));
        assert_eq!(b.action_for("="), Some(KeyAction::ZoomIn));
        assert_eq!(b.action_for("Equals"), Some(KeyAction::ZoomIn));
        assert_eq!(b.action_for("NumpadAdd"), Some(KeyAction::ZoomIn));
        assert_eq!(b.action_for("F12"), Some(KeyAction::Screenshot));
        assert_eq!(b.action_for("F11"), None);
        assert_eq!(b.action_for("Escape"), None);
        assert_eq!(b.action_for("Nonsense"), None);

        let (b, problems) = parse("help = Hash\nhistory = K, Space\n");
        assert_eq!(problems, []);
        assert_eq!(b.keys(KeyAction::Help), ["#"]);
        assert_eq!(b.action_for("#"), Some(KeyAction::Help));
        assert_eq!(b.action_for("Hash"), Some(KeyAction::Help));
        assert_eq!(b.action_for("?"), None, "help's default was replaced");
        assert_eq!(b.action_for("K"), Some(KeyAction::History));
        assert_eq!(b.action_for("Space"), Some(KeyAction::History));
        assert_eq!(b.action_for("m"), None);
    }

    #[test]
    fn good_lines_apply_and_bad_lines_are_reported_with_defaults() {
        let text = "\
# my bindings
move_north = w, Up

move_south = s, Foo
this line has no equals sign
fly = f
wait = Escape
eat = 
move_north = x
inventory = I, Insert
zoom_in = +, =
help = F1,
descend = > # down
 = q
ascend = a, numpad0, Hash
";
        let (b, problems) = parse(text);
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            problem_lines(&problems),
            [4, 5, 6, 7, 8, 9, 11, 12, 13, 14],
            "{shown:#?}"
        );
        let expect = [
            "line 4: unknown key \"Foo\" for move_south; using its default keys",
            "line 5: expected \"action = key, key, ...\" but found \"this line has no equals sign\"; line ignored",
            "line 6: unknown action \"fly\"; line ignored",
            "line 7: key \"Escape\" for wait is reserved (it opens the menu); using its default keys",
            "line 8: no keys for eat; using its default keys",
            "line 9: move_north is already bound on line 2; this line is ignored",
            "line 11: key \"=\" for zoom_in must be written as Equals; using its default keys",
            "line 12: empty key name for help (a stray comma?); using its default keys",
            "line 13: unknown key \"> # down\" for descend (comments must be on their own line); using its default keys",
            "line 14: no action name before \"=\"; line ignored",
        ];
        assert_eq!(shown, expect);

        // Good lines applied, including one after many bad ones.
        assert_eq!(b.keys(KeyAction::MoveNorth), ["w", "Up"]);
        assert_eq!(b.keys(KeyAction::Inventory), ["I", "Insert"]);
        assert_eq!(b.keys(KeyAction::Ascend), ["a", "Numpad0", "#"]);
        let d = default_bindings();
        use KeyAction::{Descend, Eat, Help, MoveSouth, Wait, ZoomIn};
        for action in [MoveSouth, Wait, Eat, ZoomIn, Help, Descend] {
            assert_eq!(b.keys(action), d.keys(action), "{action:?}");
        }
        assert_no_shared_keys(&b, "mixed file");
    }

    #[test]
    fn conflict_between_lines_defaults_the_later_line() {
        let text = "move_north = w\nwait = w, z\n";
        let (b, problems) = parse(text);
        assert_eq!(
            problems,
            [Problem {
                line: 2,
                message: "key \"w\" for wait is already bound to move_north on line 1; \
                          using wait's default keys"
                    .into()
            }]
        );
        assert_eq!(b.keys(KeyAction::MoveNorth), ["w"]);
        assert_eq!(b.keys(KeyAction::Wait), [".", "Numpad5"]);
        assert_eq!(b.action_for("w"), Some(KeyAction::MoveNorth));
        assert_eq!(b.action_for("z"), None);
        assert_no_shared_keys(&b, text);
    }

    #[test]
    fn conflict_with_an_unmentioned_default_defaults_the_line() {
        // `,` is pick_up's default and the file does not mention pick_up.
        let text = "# comment\nascend = Comma, numpad0\n";
        let (b, problems) = parse(text);
        assert_eq!(problem_lines(&problems), [2]);
        assert_eq!(
            problems[0].message,
            "key \"Comma\" for ascend is already bound to pick_up (one of its default keys); \
             using ascend's default keys"
        );
        assert_eq!(b.keys(KeyAction::Ascend), ["<"]);
        assert_eq!(b.keys(KeyAction::PickUp), ["g", ","]);
        assert_eq!(b.action_for("Numpad0"), None);

        // Rebinding pick_up as well frees the comma.
        let (b, problems) = parse("ascend = Comma\npick_up = g\n");
        assert_eq!(problems, []);
        assert_eq!(b.action_for(","), Some(KeyAction::Ascend));
        assert_eq!(b.keys(KeyAction::PickUp), ["g"]);
    }

    #[test]
    fn conflict_whose_defaults_still_clash_drops_the_taken_default() {
        // Line 1 gives wait's default `.` to eat. Line 3 clashes with line 2,
        // so wait falls back to its defaults, but line 1 already holds `.`.
        let text = "eat = .\nhelp = z\nwait = z, Numpad5\n";
        let (b, problems) = parse(text);
        assert_eq!(problem_lines(&problems), [3]);
        assert_eq!(
            problems[0].message,
            "key \"z\" for wait is already bound to help on line 2; using wait's default keys \
             without \".\" (taken by eat on line 1)"
        );
        assert_eq!(b.keys(KeyAction::Eat), ["."]);
        assert_eq!(b.keys(KeyAction::Help), ["z"]);
        assert_eq!(b.keys(KeyAction::Wait), ["Numpad5"]);
        assert_no_shared_keys(&b, text);

        // Every default taken: the action ends up with no keys, and says so.
        let text = "eat = >\nwait = e\ndescend = e\n";
        let (b, problems) = parse(text);
        assert_eq!(problem_lines(&problems), [3]);
        assert_eq!(
            problems[0].message,
            "key \"e\" for descend is already bound to wait on line 2; using descend's default \
             keys without \">\" (taken by eat on line 1), so descend has no keys"
        );
        assert!(b.keys(KeyAction::Descend).is_empty());
        assert_eq!(b.action_for(">"), Some(KeyAction::Eat));
        assert_eq!(b.action_for("e"), Some(KeyAction::Wait));
        assert_no_shared_keys(&b, text);
    }

    #[test]
    fn swapping_keys_between_actions_is_fine() {
        let text = "move_north = j\nmove_south = k\n";
        let (b, problems) = parse(text);
        assert_eq!(problems, []);
        assert_eq!(b.action_for("j"), Some(KeyAction::MoveNorth));
        assert_eq!(b.action_for("k"), Some(KeyAction::MoveSouth));
        assert_eq!(b.action_for("Up"), None);
    }

    #[test]
    fn a_key_listed_twice_on_one_line_is_reported_and_defaulted() {
        let text = "eat = e, E, e\npick_up = Comma, g, comma\nhelp = up, F1, Up\nwait = z, Z\n";
        let (b, problems) = parse(text);
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "line 1: key \"e\" is listed twice for eat; using its default keys",
                "line 2: key \"comma\" for pick_up is listed twice (also as \"Comma\"); \
                 using its default keys",
                "line 3: key \"Up\" for help is listed twice (also as \"up\"); \
                 using its default keys",
            ]
        );
        let d = default_bindings();
        for action in [KeyAction::Eat, KeyAction::PickUp, KeyAction::Help] {
            assert_eq!(b.keys(action), d.keys(action), "{action:?}");
        }
        assert_eq!(b.keys(KeyAction::Wait), ["z", "Z"], "case makes two keys");
        assert_eq!(b.action_for("Up"), Some(KeyAction::MoveNorth));
    }

    #[test]
    fn a_huge_line_makes_a_short_problem() {
        let junk = "x".repeat(100_000);
        let text = format!("{junk}\n{junk} = k\nwait = {junk}\n");
        let (_, problems) = parse(&text);
        assert_eq!(problem_lines(&problems), [1, 2, 3]);
        for p in &problems {
            assert!(p.message.len() < 200, "{}", p.message);
            assert!(
                p.message.contains(&format!("\"{}...\"", &junk[..60])),
                "{}",
                p.message
            );
        }
    }

    #[test]
    fn a_line_of_many_distinct_keys_parses() {
        // Every character is a key: this line binds 20,000 of them.
        let keys: Vec<String> = ('\u{4e00}'..).take(20_000).map(String::from).collect();
        let (b, problems) = parse(&format!("wait = {}\n", keys.join(", ")));
        assert_eq!(problems, []);
        assert_eq!(b.keys(KeyAction::Wait), keys);
        // The same line with its first key again at the end is reported.
        let again = format!("wait = {}, {}\n", keys.join(", "), keys[0]);
        let (b, problems) = parse(&again);
        assert_eq!(problem_lines(&problems), [1]);
        assert!(problems[0].message.contains("listed twice"), "{problems:?}");
        assert_eq!(b.keys(KeyAction::Wait), [".", "Numpad5"]);
    }

    #[test]
    fn no_key_ever_maps_to_two_actions() {
        let crafted = [
            "move_north = j\n",
            "move_north = j\nmove_south = j\nmove_east = j\n",
            "wait = k\nmove_north = .\n",
            "pick_up = =\nzoom_in = Comma\n",
            "pick_up = Equals\nzoom_in = Comma\n",
            "zoom_in = g\npick_up = +\n",
            "eat = .\nwait = e\n",
            "eat = >\nwait = e\ndescend = e\nascend = >\n",
            "move_north = Numpad2, Numpad8\nmove_south = Numpad8\n",
            "screenshot = F1\nhelp = f1\ninventory = F12\n",
        ];
        for text in crafted {
            let (b, problems) = parse(text);
            assert_no_shared_keys(&b, text);
            let lines = text.lines().count();
            assert!(
                problems.iter().all(|p| (1..=lines).contains(&p.line)),
                "{text}"
            );
        }

        // Many random files built from actions and keys, good and bad.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let pool: Vec<&str> = KeyAction::ALL
            .iter()
            .flat_map(|a| a.default_keys().iter().copied())
            .chain([
                "Comma", "Equals", "Hash", "x", "z", "Foo", "Escape", "", "up",
            ])
            .collect();
        for round in 0..3000 {
            let mut text = String::new();
            for _ in 0..next(12) {
                match next(10) {
                    0 => text.push_str("# comment\n"),
                    1 => text.push_str("nonsense\n"),
                    _ => {
                        let action = if next(15) == 0 {
                            "fly"
                        } else {
                            KeyAction::ALL[next(KeyAction::ALL.len())].id()
                        };
                        let keys: Vec<&str> =
                            (0..next(4)).map(|_| pool[next(pool.len())]).collect();
                        text.push_str(&format!("{action} = {}\n", keys.join(", ")));
                    }
                }
            }
            let (b, problems) = parse(&text);
            let context = format!("round {round}:\n{text}");
            assert_no_shared_keys(&b, &context);
            let lines = text.lines().count();
            assert!(
                problems.iter().all(|p| (1..=lines).contains(&p.line)),
                "{context}"
            );
            assert!(
                problems.windows(2).all(|w| w[0].line < w[1].line),
                "{context}"
            );
            // A file with no problems is taken at its word.
            if problems.is_empty() {
                for line in text.lines().filter(|l| !l.starts_with('#')) {
                    let (action, value) = line.split_once('=').unwrap();
                    let want: Vec<String> = value
                        .split(',')
                        .map(|k| canonical_key(k.trim()).unwrap())
                        .fold(Vec::new(), |mut v, k| {
                            if !v.contains(&k) {
                                v.push(k);
                            }
                            v
                        });
                    let action = KeyAction::from_id(action.trim()).unwrap();
                    assert_eq!(b.keys(action), want, "{context}");
                }
            }
        }
    }
}
