//! The checks every data file shares: reading a file with its name in
//! every error, the ranges numbers must lie in, and parsing a list of
//! kinds with each entry checked.

use std::ops::RangeInclusive;
use std::path::Path;

/// Reads a data file and parses it with `parse`; an error names the file.
pub(crate) fn read_data<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, String> {
    let text = gloomdelve_core::persist::read_regular_text(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks that `value` lies in `range`; the error names the field, the
/// value and the allowed range.
pub(crate) fn in_range<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: RangeInclusive<T>,
) -> Result<(), String> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{field}: {value} is out of range: use {} to {}",
            range.start(),
            range.end()
        ))
    }
}

/// Checks that `field` is no more than `limit_field`, a value it is
/// measured against.
pub(crate) fn at_most<T: PartialOrd + std::fmt::Display>(
    (field, value): (&str, T),
    (limit_field, limit): (&str, T),
) -> Result<(), String> {
    if value <= limit {
        Ok(())
    } else {
        Err(format!(
            "{field}: {value} is out of range: use at most {limit_field} ({limit})"
        ))
    }
}

/// Checks that `ok` holds; the error is `field: problem`.
pub(crate) fn require(field: &str, ok: bool, problem: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("{field}: {problem}"))
    }
}

/// The first failed check of `checks`, if any.
pub(crate) fn first_error(
    checks: impl IntoIterator<Item = Result<(), String>>,
) -> Result<(), String> {
    checks.into_iter().collect()
}

// The ranges the numbers share, across the data files.

/// Hit points, of the hero or of a creature, and what a potion heals.
pub(crate) const HP: RangeInclusive<i32> = 1..=9999;
/// Attack and defense, of the hero, a creature or a piece of gear.
pub(crate) const STAT: RangeInclusive<i32> = 0..=999;
/// The damage of one scroll or of one turn of sickness.
pub(crate) const DAMAGE: RangeInclusive<i32> = 0..=9999;
/// Food: the stomach, a meal, a threshold, what a turn costs.
pub(crate) const FOOD: RangeInclusive<i32> = 0..=100_000;
/// A chance, from never to always.
pub(crate) const CHANCE: RangeInclusive<f64> = 0.0..=1.0;
/// A depth a kind first appears at (0 is the surface).
pub(crate) const DEPTH: RangeInclusive<u32> = 0..=100;
/// How many of a kind a new level holds.
pub(crate) const PER_CAVE: RangeInclusive<u32> = 0..=1000;

/// The most kinds a data file may list: far more than a game needs, few
/// enough that a file of a million entries is refused at once.
pub const MAX_KINDS: usize = 1000;

/// Parses a RON list of entries and checks each one; an error names the
/// entry (counting from 1), the field and what is wrong with it. A list of
/// more than [`MAX_KINDS`] entries is refused; names are checked for
/// repeats in one pass.
pub(crate) fn parse_entries<T: serde::de::DeserializeOwned>(
    text: &str,
    name: impl Fn(&T) -> &str,
    check: impl Fn(&T) -> Result<(), String>,
) -> Result<Vec<T>, String> {
    let entries: Vec<T> = ron::from_str(text).map_err(|e| e.to_string())?;
    if entries.len() > MAX_KINDS {
        return Err(format!(
            "{} entries: at most {MAX_KINDS} kinds are allowed",
            entries.len()
        ));
    }
    let mut first_with_name = std::collections::HashMap::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let named = |problem: String| format!("entry {} ({:?}): {problem}", i + 1, name(entry));
        check(entry).map_err(named)?;
        if let Some(first) = first_with_name.insert(name(entry), i) {
            return Err(named(format!(
                "name: {:?} is entry {} already",
                name(entry),
                first + 1
            )));
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_check_names_the_field_the_value_and_the_range() {
        assert_eq!(in_range("hp", 5, 1..=9), Ok(()));
        assert_eq!(in_range("hp", 1, 1..=9), Ok(()), "the ends are in");
        assert_eq!(
            in_range("hp", 10, 1..=9),
            Err("hp: 10 is out of range: use 1 to 9".to_string())
        );
        assert_eq!(
            at_most(("weak_below", 7), ("hungry_below", 5)),
            Err("weak_below: 7 is out of range: use at most hungry_below (5)".to_string())
        );
        assert_eq!(
            first_error([Ok(()), Err("a".into()), Err("b".into())]),
            Err("a".into())
        );
    }

    #[test]
    fn a_list_names_its_bad_entry_and_refuses_repeats_and_floods() {
        let name = String::as_str;
        let short = |s: &String| require("name", s.len() < 4, "is too long");
        assert_eq!(
            parse_entries(r#"["a", "b"]"#, name, short),
            Ok(vec!["a".to_string(), "b".to_string()])
        );
        assert_eq!(
            parse_entries(r#"["a", "long"]"#, name, short),
            Err(r#"entry 2 ("long"): name: is too long"#.to_string())
        );
        assert_eq!(
            parse_entries(r#"["a", "b", "a"]"#, name, short),
            Err(r#"entry 3 ("a"): name: "a" is entry 1 already"#.to_string())
        );
        let flood = format!("[{}]", vec![r#""x""#; MAX_KINDS + 1].join(","));
        let error = parse_entries(&flood, name, short).unwrap_err();
        assert_eq!(
            error,
            format!(
                "{} entries: at most {MAX_KINDS} kinds are allowed",
                MAX_KINDS + 1
            )
        );
    }
}
