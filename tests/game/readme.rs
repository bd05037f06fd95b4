//! The README tells the truth: every number it gives about the rules is
//! read from the shipped data files here and must appear as written.

use std::path::Path;

use gloomdelve::vocab::data::{CreatureBook, CreatureKind};

use crate::support::{data, shipped_rules};

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(path).expect("README.md is readable")
}

fn creature(name: &str) -> CreatureKind {
    let book = CreatureBook::load(&data("creatures.ron")).unwrap();
    let kind = book
        .find(name)
        .unwrap_or_else(|| panic!("no {name} in creatures.ron"));
    book.kinds[kind].clone()
}

/// "once", "twice", "three times" a turn.
fn times(n: u8) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// The English word for a small number, as the README writes depths.
fn number_word(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or(n.to_string(), |w| w.to_string())
}

/// The noise the shipped armour `name` makes.
fn item_noise(name: &str) -> i32 {
    let items = crate::support::shipped_items();
    let kind = items.find(name).expect("a shipped item");
    items.kinds[kind].noise
}

#[test]
fn every_rule_number_in_the_readme_comes_from_the_data() {
    let rules = shipped_rules();
    let hunger = &rules.hunger;
    let vision = rules.hero_vision;
    // "moles from level 2 to 8": where a kind lives, by the data.
    let lives = |name: &str, called: &str| {
        let kind = creature(name);
        match kind.to_depth {
            Some(last) => format!("{called} from level {} to {last}", kind.from_depth),
            None => format!("{called} from level {}", kind.from_depth),
        }
    };
    let claims = [
        format!(
            "goblins appear from level {}",
            creature("goblin").from_depth
        ),
        lives("mole", "moles"),
        lives("thief", "thieves"),
        lives("goblin archer", "goblin archers"),
        lives("wolf", "wolf packs"),
        lives("ogre", "ogres"),
        format!("bats act {} a turn", times(creature("bat").speed)),
        format!("You regain 1 HP every {} turns", rules.regen_every),
        format!(
            "You see {vision} tiles around you (`dx² + dy² ≤ {}`)",
            vision * vision
        ),
        format!(
            "Every turn costs {} food and digging costs {} more",
            hunger.food_per_turn, hunger.food_per_dig
        ),
        format!("you start at\n{} of {}", hunger.start_food, hunger.max_food),
        format!("Weak (attack −{}", hunger.weak_attack_penalty),
        format!("go down {} levels", number_word(rules.depths)),
        format!("The Gold Key\nlies on level {}", rules.depths),
        format!(
            "within {} tiles may wake at your noise",
            rules.noise.hearing
        ),
        format!(
            "resting is quiet ({}), a step louder ({}), a fight loud ({}), digging loudest ({})",
            rules.noise.rest, rules.noise.step, rules.noise.fight, rules.noise.dig
        ),
        format!(
            "(leather {}, plate {};",
            item_noise("leather armour"),
            item_noise("plate armour")
        ),
    ];
    let text = readme();
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let body = flat(&text);
    for claim in claims {
        assert!(
            body.contains(&flat(&claim)),
            "README.md should say {:?}, as the data does",
            flat(&claim)
        );
    }
}

/// The line the game prints without a graphics adapter names the driver the
/// README says it needs, in the same words.
#[test]
fn the_readme_and_the_no_adapter_message_name_the_same_driver() {
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let needed = gloomdelve::view::graphics::DRIVER_NEEDED;
    assert!(
        flat(&readme()).contains(&flat(needed)),
        "README.md should say the game needs {needed:?}"
    );
}
