//! The maps the shipped seeds give, pinned (with the Warrens' rooms and
//! spawn points). A change to a generator that changes any of them fails
//! here: if the change is meant, it changes every game those levels appear
//! in, so the sim is run before and after (BALANCE.md) and these
//! fingerprints are updated with it.

use crate::mapgen::{Map, Stairs, caves, rooms, surface, warrens};
use crate::persist::fnv1a64;

/// The terrain, start and stairs of `map` as one number.
fn fingerprint(map: &Map) -> u64 {
    let placed = format!("{:?} {:?} {:?}", map.start, map.up, map.down);
    fnv1a64(format!("{}\n{placed}", map.terrain.to_text()).as_bytes())
}

fn fingerprints(generate: impl Fn(u64) -> Map) -> Vec<u64> {
    (1..=3).map(|seed| fingerprint(&generate(seed))).collect()
}

#[test]
fn the_cave_levels_of_seeds_one_to_three_are_as_they_were() {
    let style = caves::CaveStyle {
        pools: true,
        trees: true,
    };
    let maps = fingerprints(|seed| caves::level(seed, 90, 60, style, Stairs::BOTH).unwrap());
    assert_eq!(
        maps,
        [
            14441128992412177965,
            15244688609688005115,
            11938081941254731616
        ]
    );
}

/// The bare caves of `caves::generate`, as big as the rules make them and
/// as small as maps go (where attempts are redrawn, and tie).
#[test]
fn the_bare_caves_of_seeds_one_to_three_are_as_they_were() {
    let bare = |width, height| {
        fingerprints(move |seed| {
            let cave = caves::generate(seed, width, height).unwrap();
            Map {
                terrain: cave.terrain,
                start: cave.start,
                up: None,
                down: None,
                stats: Vec::new(),
            }
        })
    };
    assert_eq!(
        bare(90, 60),
        [
            14875830376016078414,
            4801867310982056391,
            15305789257894007326
        ]
    );
    assert_eq!(
        bare(20, 20),
        [
            5907820600886449890,
            15263268408417021389,
            15543791027035330698
        ]
    );
}

#[test]
fn the_room_levels_of_seeds_one_to_three_are_as_they_were() {
    let maps = fingerprints(|seed| rooms::generate(seed, 90, 60, Stairs::BOTH).unwrap());
    assert_eq!(
        maps,
        [
            11320470900628341159,
            8443751276200660604,
            12808016893640224134
        ]
    );
}

#[test]
fn the_surfaces_of_seeds_one_to_three_are_as_they_were() {
    let maps = fingerprints(|seed| surface::generate(seed, 90, 60).unwrap());
    assert_eq!(
        maps,
        [
            3012084869637370441,
            12829801490735509382,
            636098220289151803
        ]
    );
}

#[test]
fn the_warrens_of_seeds_one_to_three_are_as_they_were() {
    let maps: Vec<u64> = (1..=3)
        .map(|seed| {
            let warrens = warrens::generate(seed);
            let layout = format!(
                "{} {:?} {:?}",
                fingerprint(&warrens.map),
                warrens.spawns,
                warrens.rooms
            );
            fnv1a64(layout.as_bytes())
        })
        .collect();
    assert_eq!(
        maps,
        [
            3305411318712163720,
            8352290213020043701,
            4930318911190788597
        ]
    );
}
