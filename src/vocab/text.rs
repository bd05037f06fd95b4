//! Words for the log and the screens: articles, plurals and counts, in
//! one place, so every line reads right ("an imp", "plate armour",
//! "1 item", "3 scrolls of fireball", "2 scrolls labelled XUM ZOT").

/// Last words of names that take no "a": stuff, not things.
const MASS_NOUNS: [&str; 3] = ["armour", "armor", "meat"];

/// The last word of `name`, lower-cased.
fn last_word(name: &str) -> String {
    name.rsplit(' ').next().unwrap_or(name).to_lowercase()
}

/// Whether `name` is a proper name ("Gold Key"), which takes "the".
fn is_proper(name: &str) -> bool {
    name.chars().next().is_some_and(char::is_uppercase)
}

/// Words that join a name's head to what qualifies it: "scroll of
/// fireball", "scroll labelled XUM ZOT", "murky potion called heal".
const QUALIFIERS: [&str; 3] = [" of ", " labelled ", " called "];

/// `name` split before its first qualifier: ("scroll", " labelled XUM"),
/// or the whole name and "".
fn head_and_tail(name: &str) -> (&str, &str) {
    QUALIFIERS
        .iter()
        .filter_map(|q| name.find(q))
        .min()
        .map_or((name, ""), |at| name.split_at(at))
}

/// Whether `name` names several things ("copper coins"; not "fungus").
fn is_plural(name: &str) -> bool {
    let (head, tail) = head_and_tail(name);
    let last = last_word(head);
    last.ends_with('s') && !last.ends_with("ss") && !last.ends_with("us") && tail.is_empty()
}

/// `name` with the article a reader expects: "a bat", "an imp", "the Gold
/// Key", "plate armour", "some copper coins".
pub fn a(name: &str) -> String {
    if is_proper(name) {
        format!("the {name}")
    } else if MASS_NOUNS.contains(&last_word(name).as_str()) {
        name.to_string()
    } else if is_plural(name) {
        format!("some {name}")
    } else if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

/// `name` with "the": "the bat", "the Gold Key".
pub fn the(name: &str) -> String {
    format!("the {name}")
}

/// The plural of a name: "bat" -> "bats", "scroll of fireball" ->
/// "scrolls of fireball", "plate armour" and "copper coins" stay.
pub(crate) fn plural(name: &str) -> String {
    let (head, tail) = head_and_tail(name);
    if !tail.is_empty() {
        return format!("{}{tail}", plural(head));
    }
    let last = last_word(name);
    if MASS_NOUNS.contains(&last.as_str()) || is_plural(name) {
        return name.to_string();
    }
    if last.ends_with("us") {
        // Latin: one fungus, two fungi.
        format!("{}i", &name[..name.len() - 2])
    } else if last.ends_with("ss")
        || last.ends_with('x')
        || last.ends_with("ch")
        || last.ends_with("sh")
    {
        format!("{name}es")
    } else if ends_in_consonant_y(&last) {
        format!("{}ies", &name[..name.len() - 1])
    } else {
        format!("{name}s")
    }
}

/// "fly", not "day": the "y" that turns into "ies".
fn ends_in_consonant_y(word: &str) -> bool {
    let mut letters = word.chars().rev();
    letters.next() == Some('y') && letters.next().is_some_and(|c| !"aeiou".contains(c))
}

/// `n` of `name`, with the number: "1 item", "3 items", "no items".
pub fn count(n: usize, name: &str) -> String {
    match n {
        0 => format!("no {}", plural(name)),
        1 => format!("1 {name}"),
        _ => format!("{n} {}", plural(name)),
    }
}

/// `text` with its first letter upper-cased: for a name that starts a line.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_take_the_article_a_reader_expects() {
        assert_eq!(a("bat"), "a bat");
        assert_eq!(a("imp"), "an imp");
        assert_eq!(a("red potion"), "a red potion");
        assert_eq!(a("Gold Key"), "the Gold Key");
        assert_eq!(a("plate armour"), "plate armour");
        assert_eq!(a("enchanted armour"), "enchanted armour");
        assert_eq!(a("copper coins"), "some copper coins");
        assert_eq!(a("scroll of paralysis"), "a scroll of paralysis");
        assert_eq!(the("rat"), "the rat");
        assert_eq!(a("fungus"), "a fungus");
    }

    #[test]
    fn plurals_and_counts_read_right() {
        assert_eq!(plural("item"), "items");
        assert_eq!(plural("scroll of fireball"), "scrolls of fireball");
        assert_eq!(plural("plate armour"), "plate armour");
        assert_eq!(plural("copper coins"), "copper coins");
        assert_eq!(plural("battle axe"), "battle axes");
        assert_eq!(plural("glass"), "glasses");
        assert_eq!(plural("fly"), "flies");
        assert_eq!(plural("day"), "days");
        assert_eq!(plural("fungus"), "fungi");
        assert_eq!(count(2, "fungus corpse"), "2 fungus corpses");
        assert_eq!(
            count(2, "scroll labelled ZAS OF"),
            "2 scrolls labelled ZAS OF"
        );
        assert_eq!(
            plural("murky potion called heal"),
            "murky potions called heal"
        );
        assert_eq!(a("scroll labelled XUS"), "a scroll labelled XUS");
        assert_eq!(a("inky potion"), "an inky potion");
        assert_eq!(count(0, "item"), "no items");
        assert_eq!(count(1, "item"), "1 item");
        assert_eq!(count(3, "kill"), "3 kills");
        assert_eq!(capitalised("the bat"), "The bat");
        assert_eq!(capitalised(""), "");
    }
}
