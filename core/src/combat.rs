//! Combat formulas.

use crate::rng::GameRng;

/// The damage of one hit: `d = max(0, attack − defense)`, then a uniform
/// roll in `1..=d`. Every hit does at least 1; when `d` is 0 it does exactly 1.
pub fn damage_roll(rng: &mut GameRng, attack: i32, defense: i32) -> i32 {
    let d = attack.saturating_sub(defense).max(0);
    if d == 0 { 1 } else { rng.range(0, d) + 1 }
}

/// The least and most one hit does: `1..=max(1, attack − defense)`, the
/// range [`damage_roll`] draws from.
pub fn damage_range(attack: i32, defense: i32) -> (i32, i32) {
    (1, attack.saturating_sub(defense).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_what_the_rolls_cover() {
        let mut rng = GameRng::new(3);
        for (atk, def) in [(5, 1), (3, 0), (2, 9), (4, 4)] {
            let rolls: Vec<i32> = (0..500).map(|_| damage_roll(&mut rng, atk, def)).collect();
            let seen = (*rolls.iter().min().unwrap(), *rolls.iter().max().unwrap());
            assert_eq!(damage_range(atk, def), seen, "{atk} against {def}");
        }
    }

    #[test]
    fn rolls_stay_within_one_to_d() {
        let mut rng = GameRng::new(1);
        for (atk, def) in [(5, 1), (3, 0), (10, 9), (7, 2)] {
            let d = atk - def;
            for _ in 0..2000 {
                let roll = damage_roll(&mut rng, atk, def);
                assert!((1..=d).contains(&roll), "{atk} vs {def} rolled {roll}");
            }
        }
    }

    #[test]
    fn no_advantage_does_exactly_one() {
        let mut rng = GameRng::new(2);
        for (atk, def) in [(0, 0), (2, 2), (1, 5), (-3, 0)] {
            assert_eq!(damage_roll(&mut rng, atk, def), 1);
        }
    }

    #[test]
    fn an_attack_far_below_the_defense_saturates_rather_than_wraps() {
        let mut rng = GameRng::new(4);
        for _ in 0..100 {
            assert_eq!(damage_roll(&mut rng, i32::MIN, 1), 1);
        }
    }

    #[test]
    fn each_value_is_about_equally_likely() {
        let mut rng = GameRng::new(3);
        let (rolls, d) = (60_000, 6);
        let mut counts = [0u32; 6];
        for _ in 0..rolls {
            counts[(damage_roll(&mut rng, d + 2, 2) - 1) as usize] += 1;
        }
        let expected = f64::from(rolls) / f64::from(d);
        for (value, &count) in counts.iter().enumerate() {
            let off = (f64::from(count) - expected).abs() / expected;
            assert!(
                off < 0.03,
                "{} came up {count} times, expected about {expected}",
                value + 1
            );
        }
    }
}
