//! The layout rule, checked on the real `src/`: files under `src/rules/`
//! never import the view, the input, the simulator or the save, no import
//! cycle spans more than two files (`self::` and `super::` paths count),
//! and no two folders import each other (docs/architecture.md gives their
//! order). The checker is tested on small made-up trees too, so a broken
//! checker cannot pass the real one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The homes the rules must never import.
const FORBIDDEN_FROM_RULES: [&str; 4] = ["view", "input", "sim", "save"];
/// The most files one import cycle may span.
const MAX_CYCLE: usize = 2;

/// Every `.rs` file under `src`, by its path relative to it ("rules/map.rs").
pub(crate) fn read_tree(src: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.strip_prefix(src).unwrap().to_string_lossy();
                let text = std::fs::read_to_string(&path).unwrap();
                files.insert(name.replace('\\', "/"), text);
            }
        }
    }
    files
}

/// The text without `//` and `/* */` comments (doc links name modules too).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |n| &after[n..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |n| &after[n + 2..]);
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Every module path a `use crate::…;` tree names, expanded: `a::{b, c::d}`
/// gives `a::b` and `a::c::d`.
fn expand_use_tree(prefix: &[String], tree: &str) -> Vec<Vec<String>> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    let mut paths = Vec::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        let part = part.split(" as ").next().unwrap().trim();
        match part.find('{') {
            Some(open) if part.ends_with('}') => {
                let mut inner = prefix.to_vec();
                inner.extend(segments(part[..open].trim_end_matches("::")));
                paths.extend(expand_use_tree(&inner, &part[open + 1..part.len() - 1]));
            }
            _ => {
                let mut path = prefix.to_vec();
                path.extend(segments(part).filter(|s| s != "self"));
                paths.push(path);
            }
        }
    }
    paths
}

fn segments(path: &str) -> impl Iterator<Item = String> + '_ {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// The module path of a file: `rules/items/vaults.rs` is
/// `[rules, items, vaults]`, `rules/items/mod.rs` is `[rules, items]`.
fn module_of(file: &str) -> Vec<String> {
    let mut module: Vec<String> =
        segments(&file.trim_end_matches(".rs").replace('/', "::")).collect();
    if matches!(
        module.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        module.pop();
    }
    module
}

/// Where the path starting at `rest` is anchored, and what follows the
/// anchor: `crate::` at the crate's root, `self::` at the file's module,
/// each `super::` one module up. `None` when `rest` starts with none.
fn anchored<'t>(file: &str, rest: &'t str) -> Option<(Vec<String>, &'t str)> {
    if let Some(after) = rest.strip_prefix("crate::") {
        return Some((Vec::new(), after));
    }
    let mut after = rest.strip_prefix("self::").unwrap_or(rest);
    let mut ups = 0;
    while let Some(next) = after.strip_prefix("super::") {
        ups += 1;
        after = next;
    }
    if after.len() == rest.len() {
        return None;
    }
    let module = module_of(file);
    let anchor = module[..module.len().saturating_sub(ups)].to_vec();
    Some((
        if ups > module.len() {
            Vec::new()
        } else {
            anchor
        },
        after,
    ))
}

/// Every module path a file names, from the crate's root: `crate::`,
/// `self::` and `super::` paths, in `use` trees and written inline.
fn crate_paths(file: &str, text: &str) -> Vec<Vec<String>> {
    let text = strip_comments(text);
    let mut paths = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = ["crate::", "self::", "super::"]
        .iter()
        .filter_map(|head| rest.find(head))
        .min()
    {
        let before = rest[..at].chars().next_back();
        let (anchor, after) = anchored(file, &rest[at..]).expect("a head was found");
        let is_use = rest[..at].trim_end().ends_with("use");
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            rest = after;
            continue;
        }
        if is_use {
            let end = after.find(';').unwrap_or(after.len());
            paths.extend(expand_use_tree(&anchor, &after[..end]));
            rest = &after[end..];
        } else {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(after.len());
            let mut path = anchor;
            path.extend(segments(&after[..end]));
            paths.push(path);
            rest = &after[end..];
        }
    }
    paths
}

/// The deepest file of `files` that a module path lands in.
fn module_file(files: &BTreeMap<String, String>, path: &[String]) -> Option<String> {
    (1..=path.len())
        .flat_map(|n| {
            let base = path[..n].join("/");
            [format!("{base}.rs"), format!("{base}/mod.rs")]
        })
        .rfind(|f| files.contains_key(f))
}

/// Which files each file imports.
fn import_graph(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    files
        .iter()
        .map(|(file, text)| {
            let targets = crate_paths(file, text)
                .iter()
                .filter_map(|path| module_file(files, path))
                .filter(|target| target != file)
                .collect();
            (file.clone(), targets)
        })
        .collect()
}

/// The edges from a file under `src/<from>/` to one under `src/<to>/`.
fn edges_between(
    graph: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    to: &str,
) -> Vec<(String, String)> {
    let within = |file: &str, home: &str| {
        file.starts_with(&format!("{home}/")) || file == format!("{home}.rs")
    };
    graph
        .iter()
        .filter(|(file, _)| within(file, from))
        .flat_map(|(file, targets)| {
            targets
                .iter()
                .filter(|t| within(t, to))
                .map(move |t| (file.clone(), t.clone()))
        })
        .collect()
}

/// The largest strongly connected set of files: the longest import cycle.
fn largest_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reaches = |start: &String| {
        let mut seen = BTreeSet::from([start.clone()]);
        let mut todo = vec![start.clone()];
        while let Some(file) = todo.pop() {
            for next in graph.get(&file).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|f| (f, reaches(f))).collect();
    graph
        .keys()
        .map(|file| {
            reach[file]
                .iter()
                .filter(|other| reach.get(other).is_some_and(|r| r.contains(file)))
                .cloned()
                .collect::<Vec<_>>()
        })
        .max_by_key(Vec::len)
        .unwrap_or_default()
}

/// The folder a file is in: its first path segment, or a top-level
/// file's own name (`config.rs` is the folder `config`).
fn folder_of(file: &str) -> String {
    file.split_once('/')
        .map_or(file.trim_end_matches(".rs"), |(folder, _)| folder)
        .to_string()
}

/// Which folders import which, from the files' imports.
fn folder_graph(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, targets) in graph {
        let from = folder_of(file);
        let to = targets.iter().map(|t| folder_of(t)).filter(|t| *t != from);
        folders.entry(from.clone()).or_default().extend(to);
    }
    folders
}

/// What breaks the layout rule in the tree at `src`, as lines.
fn layout_problems(src: &Path) -> Vec<String> {
    let graph = import_graph(&read_tree(src));
    let mut problems: Vec<String> = FORBIDDEN_FROM_RULES
        .iter()
        .flat_map(|home| edges_between(&graph, "rules", home))
        .map(|(file, target)| format!("src/{file} imports src/{target}"))
        .collect();
    let cycle = largest_cycle(&graph);
    if cycle.len() > MAX_CYCLE {
        problems.push(format!(
            "an import cycle spans {} files: {}",
            cycle.len(),
            cycle.join(", ")
        ));
    }
    let folders = largest_cycle(&folder_graph(&graph));
    if folders.len() > 1 {
        problems.push(format!("folders import each other: {}", folders.join(", ")));
    }
    problems
}

#[test]
fn the_rules_import_no_other_home_no_cycle_spans_more_than_two_files_and_no_folders_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let problems = layout_problems(&src);
    assert!(
        problems.is_empty(),
        "the layout rule (README \"Code layout\") is broken:\n{}",
        problems.join("\n")
    );
}

/// The most parameters a function (a system above all) may take; more are
/// grouped in a `SystemParam` struct.
const MAX_PARAMS: usize = 10;

/// How many parameters the list that opens just after `open` (a `(`)
/// holds: its commas at the top level, brackets and generics counted.
fn parameter_count(text: &str, open: usize) -> usize {
    let (mut depth, mut commas, mut last) = (1, 0, '(');
    let mut previous = '(';
    for c in text[open + 1..].chars() {
        match c {
            '(' | '[' | '<' | '{' => depth += 1,
            '>' if previous == '-' => {}
            ')' | ']' | '>' | '}' => depth -= 1,
            ',' if depth == 1 => commas += 1,
            _ => {}
        }
        if depth == 0 {
            break;
        }
        if !c.is_whitespace() {
            last = c;
        }
        previous = c;
    }
    match last {
        '(' => 0,
        ',' => commas,
        _ => commas + 1,
    }
}

/// Every function in `files` taking more than [`MAX_PARAMS`] parameters.
fn crowded_functions(files: &BTreeMap<String, String>) -> Vec<String> {
    let mut crowded = Vec::new();
    for (file, text) in files {
        let text = strip_comments(text);
        for (at, _) in text.match_indices("fn ") {
            let rest = &text[at + 3..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let Some(open) = rest.find('(') else { continue };
            let between = &rest[name.len()..open];
            if name.is_empty() || !(between.is_empty() || between.starts_with('<')) {
                continue;
            }
            let count = parameter_count(rest, open);
            if count > MAX_PARAMS {
                crowded.push(format!("src/{file}: fn {name} takes {count} parameters"));
            }
        }
    }
    crowded
}

#[test]
fn no_function_takes_more_than_ten_parameters() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let crowded = crowded_functions(&read_tree(&src));
    assert!(
        crowded.is_empty(),
        "group them in a SystemParam struct:\n{}",
        crowded.join("\n")
    );
}

#[test]
fn the_parameter_check_counts_groups_as_one_and_finds_eleven() {
    let eleven = (0..11)
        .map(|i| format!("p{i}: Res<'w, A{i}>"))
        .collect::<Vec<_>>();
    let nine = eleven[..9].join(", ");
    let files = BTreeMap::from([
        (
            "a.rs".to_string(),
            format!("fn crowded(\n    {},\n) {{}}", eleven.join(",\n    ")),
        ),
        (
            "b.rs".to_string(),
            format!("fn fits<'w>({nine}, (x, y): (Q<(A, B)>, F<fn(u8) -> u8>)) {{}}"),
        ),
        (
            "c.rs".to_string(),
            "fn none() -> Vec<u8> { vec![] }".to_string(),
        ),
    ]);
    assert_eq!(
        crowded_functions(&files),
        ["src/a.rs: fn crowded takes 11 parameters"]
    );
}

/// Every ordering in `files` against another module's function (a
/// `.before(a::b)` or `.after(a::b)` whose last segment is not a set's
/// name): features order through the named sets of `vocab/states.rs`.
fn orderings_by_function(files: &BTreeMap<String, String>) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in files {
        let text = strip_comments(text);
        for call in [".before(", ".after("] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let path: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let last = path.rsplit("::").next().unwrap_or("");
                let a_function = last.starts_with(|c: char| c.is_ascii_lowercase());
                if path.contains("::") && a_function {
                    found.push(format!("src/{file}: {call}{path})"));
                }
            }
        }
    }
    found
}

#[test]
fn no_system_is_ordered_against_another_modules_function() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = orderings_by_function(&read_tree(&src));
    assert!(
        found.is_empty(),
        "order through a set of vocab/states.rs (docs/architecture.md):\n{}",
        found.join("\n")
    );
    let files = BTreeMap::from([(
        "a.rs".to_string(),
        "a.after(local).before(TurnPhase::HeroActs).after(crate::b::work)".to_string(),
    )]);
    assert_eq!(
        orderings_by_function(&files),
        ["src/a.rs: .after(crate::b::work)"],
        "the check finds a function of another module and passes a local one and a set"
    );
}

/// Writes a made-up crate tree of `(path, text)` files.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_checker_finds_a_rules_file_that_imports_the_view_in_any_form() {
    for import in [
        "use crate::view::hud::Bar;",
        "use crate::{vocab::Hero, view::hud::{Bar, Baz}};",
        "fn f() { crate::view::hud::draw(); }",
    ] {
        let dir = tree(&[
            ("rules/combat.rs", import),
            ("view/hud.rs", "pub struct Bar;"),
            ("vocab.rs", "pub struct Hero;"),
        ]);
        assert_eq!(
            layout_problems(dir.path()),
            ["src/rules/combat.rs imports src/view/hud.rs"],
            "{import}"
        );
    }
}

#[test]
fn the_checker_finds_a_cycle_of_three_files_and_allows_one_of_two() {
    let three = tree(&[
        ("rules/a.rs", "use crate::rules::b::B;"),
        ("rules/b.rs", "use crate::rules::c::C;"),
        ("rules/c.rs", "use crate::rules::a::A; // crate::rules::x"),
    ]);
    let problems = layout_problems(three.path());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("an import cycle spans 3 files"));
    let two = tree(&[
        ("rules/a.rs", "use crate::rules::b::B;"),
        ("rules/b.rs", "use crate::rules::a::A;"),
        ("rules/c.rs", "/* use crate::rules::a::A; */"),
    ]);
    assert!(layout_problems(two.path()).is_empty());
}

#[test]
fn the_checker_follows_super_paths_to_a_cycle_of_three_files() {
    let three = tree(&[
        ("rules/items/mod.rs", "use crate::rules::items::a::A;"),
        ("rules/items/a.rs", "use super::b::B;"),
        ("rules/items/b.rs", "fn f() { super::super::items::g(); }"),
    ]);
    let problems = layout_problems(three.path());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("an import cycle spans 3 files"),
        "{problems:?}"
    );
    let two = tree(&[
        ("rules/items/mod.rs", "use self::a::A;"),
        ("rules/items/a.rs", "use super::Stack;"),
        ("rules/items/b.rs", "// use super::a::A;"),
    ]);
    assert!(layout_problems(two.path()).is_empty());
}

#[test]
fn the_checker_finds_two_folders_that_import_each_other_and_allows_an_order() {
    // No file cycle: the view's legend reads the keys, the input's
    // zoom key reads the camera, and the config reads the zoom.
    let looped = tree(&[
        ("view/legend.rs", "use crate::input::keys::Keys;"),
        ("view/camera.rs", "pub struct Zoom;"),
        ("input/keys.rs", "pub struct Keys;"),
        ("input/zoom.rs", "use crate::config::Zooms;"),
        ("config.rs", "fn f() { crate::view::camera::Zoom; }"),
    ]);
    assert_eq!(
        layout_problems(looped.path()),
        ["folders import each other: config, input, view"]
    );
    let ordered = tree(&[
        ("view/hud.rs", "use crate::config::Zoom;"),
        ("input/mod.rs", "use crate::view::hud::Bar;"),
        ("config.rs", "pub struct Zoom;"),
    ]);
    assert!(layout_problems(ordered.path()).is_empty());
}
