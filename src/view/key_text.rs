//! The keys as the player reads them: the help screen's list of every
//! action and its keys, and the HUD's one-line legend, both from the
//! bindings in force and for the mode played.

use gloomdelve_core::bindings::{Bindings, KeyAction};

/// The actions that do nothing in `mode`: the hunt has no hunger and no
/// stairs, so neither its help nor its legend offers eating or the stairs.
fn offered_in(action: KeyAction, mode: crate::vocab::game::Mode) -> bool {
    use KeyAction::{Ascend, Descend, Eat};
    mode == crate::vocab::game::Mode::Delve || !matches!(action, Eat | Descend | Ascend)
}

/// The help screen's lines for `mode`: every action with its keys, then
/// Esc, the keys in one column after the longest description.
pub fn help_lines(bindings: &Bindings, mode: crate::vocab::game::Mode) -> Vec<String> {
    const MENU: &str = "menu: resume, reduce motion, or save and quit";
    let actions: Vec<KeyAction> = KeyAction::ALL
        .into_iter()
        .filter(|&a| offered_in(a, mode))
        .collect();
    let width = actions
        .iter()
        .map(|a| a.text().len())
        .chain([MENU.len()])
        .max()
        .unwrap_or(0);
    let described = actions.into_iter().map(|action| {
        let description = action.text();
        let keys: Vec<&str> = bindings.keys(action).iter().map(|k| k.as_str()).collect();
        let keys = if keys.is_empty() {
            "(unbound)".to_string()
        } else {
            keys.join("  ")
        };
        format!("{description:<width$}  {keys}")
    });
    described
        .chain(std::iter::once(format!("{MENU:<width$}  Escape")))
        .collect()
}

/// One entry of the key legend: "x: explore". The legend drops the
/// entries of lowest `keep` first when the line is too long.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LegendEntry {
    text: String,
    keep: u8,
}

/// What the legend puts between two entries.
pub const LEGEND_GAP: &str = "   ";

/// The legend's entries in the order shown, for `mode`. An entry whose
/// action has no key is left out.
fn legend_entries(bindings: &Bindings, mode: crate::vocab::game::Mode) -> Vec<LegendEntry> {
    use KeyAction::*;
    let first = |action: KeyAction| bindings.keys(action).first().cloned();
    let moves: Option<Vec<String>> = [MoveNorth, MoveSouth, MoveWest, MoveEast]
        .into_iter()
        .map(first)
        .collect();
    let moves = moves.map(|keys| {
        if keys == ["Up", "Down", "Left", "Right"] {
            "arrows".to_string()
        } else {
            keys.join("/")
        }
    });
    let stairs: Vec<String> = [Descend, Ascend]
        .into_iter()
        .filter(|&a| offered_in(a, mode))
        .filter_map(first)
        .collect();
    let stairs = (!stairs.is_empty()).then(|| stairs.join(" "));
    let of = |action: KeyAction| first(action).filter(|_| offered_in(action, mode));
    let missiles: Vec<String> = [Throw, Fire].into_iter().filter_map(of).collect();
    let missiles = (!missiles.is_empty()).then(|| missiles.join(" "));
    let entries = [
        (moves, "move/attack/dig", 9),
        (of(Wait), "wait", 2),
        (of(Explore), "explore", 7),
        (of(PickUp), "pick up", 0),
        (of(Eat), "eat", 5),
        (missiles, "throw/shoot", 1),
        (of(Look), "look", 0),
        (of(CloseDoor), "close door", 0),
        (stairs, "stairs", 8),
        (of(Inventory), "inventory", 6),
        (of(History), "messages", 3),
        (of(Help), "help", 10),
        (of(Intents), "intents", 2),
        (Some("Esc".to_string()), "menu", 4),
        (Some("click".to_string()), "travel", 1),
    ];
    entries
        .into_iter()
        .filter_map(|(keys, meaning, keep)| {
            keys.map(|keys| LegendEntry {
                text: format!("{keys}: {meaning}"),
                keep,
            })
        })
        .collect()
}

/// The HUD's one-line key legend for `mode`, at most `max_chars` long:
/// the least needed entries go first when the line is too long, and an
/// entry is never cut, so a key always stands by its meaning.
pub fn legend_for(bindings: &Bindings, mode: crate::vocab::game::Mode, max_chars: usize) -> String {
    let mut entries = legend_entries(bindings, mode);
    loop {
        let line = entries
            .iter()
            .map(|e| e.text.as_str())
            .collect::<Vec<_>>()
            .join(LEGEND_GAP);
        if line.len() <= max_chars {
            return line;
        }
        let least = entries
            .iter()
            .enumerate()
            .min_by_key(|(_, e)| e.keep)
            .map(|(i, _)| i);
        match least {
            Some(i) => {
                entries.remove(i);
            }
            None => return String::new(),
        }
    }
}

/// The whole delve legend, however long: what the HUD starts with before
/// [`legend_for`] fits it to the window.
pub fn legend(bindings: &Bindings) -> String {
    legend_for(bindings, crate::vocab::game::Mode::Delve, usize::MAX)
}
