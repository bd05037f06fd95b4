//! Bumping into rock digs it, but only on purpose: the first bump warns,
//! a bump right after a fight in that direction never digs (the creature
//! got away), and a tunnel goes on without a warning. What the hero's last
//! action was is rules state, kept on the hero and in the save.

use bevy::prelude::*;
use gloomdelve_core::{Dir, Pos};
use serde::{Deserialize, Serialize};

use crate::vocab::components::Hero;
use crate::vocab::intents::{Action, PendingAction};

/// What the hero's last action means for its next bump into rock.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BumpMemory {
    /// Anything else: the next bump into rock warns.
    #[default]
    Nothing,
    /// It struck `foe` in `dir` and left it alive, and may have followed
    /// it that way since.
    Fought { dir: Dir, foe: String },
    /// It bumped the rock at `rock` and was told to bump again to dig.
    Warned { rock: Pos },
    /// It dug through `dug`, and has at most stepped into it since.
    Tunnelling { dug: Pos },
}

/// What a bump into rock does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RockBump {
    Dig,
    /// "Bump again to dig": nothing else happens.
    Warn,
    /// The creature just fought in that direction got away: no dig.
    GotAway(String),
}

impl BumpMemory {
    /// What bumping into the rock at `rock`, in `dir`, does now.
    pub(crate) fn rock_bump(&self, dir: Dir, rock: Pos) -> RockBump {
        match self {
            Self::Fought { dir: fought, foe } if *fought == dir => RockBump::GotAway(foe.clone()),
            Self::Warned { rock: warned } if *warned == rock => RockBump::Dig,
            Self::Tunnelling { .. } => RockBump::Dig,
            _ => RockBump::Warn,
        }
    }

    /// What bumping into the vault wall at `rock` does now: as for any
    /// rock, but a tunnel does not spare the warning, since breaking it
    /// cages the vault's altars.
    pub(crate) fn vault_wall_bump(&self, dir: Dir, rock: Pos) -> RockBump {
        match self.rock_bump(dir, rock) {
            RockBump::Dig if *self != (Self::Warned { rock }) => RockBump::Warn,
            other => other,
        }
    }

    /// What is remembered after the hero stepped in `dir` onto `to`: a
    /// chase goes on in the same direction, a tunnel into the tile it dug.
    pub(crate) fn after_step(&self, dir: Dir, to: Pos) -> Self {
        match self {
            Self::Fought { dir: fought, .. } if *fought == dir => self.clone(),
            Self::Tunnelling { dug } if *dug == to => self.clone(),
            _ => Self::Nothing,
        }
    }

    /// What is remembered after a bump into rock did `what`.
    pub(crate) fn after_rock(what: &RockBump, rock: Pos) -> Self {
        match what {
            RockBump::Dig => Self::Tunnelling { dug: rock },
            RockBump::Warn => Self::Warned { rock },
            RockBump::GotAway(_) => Self::Nothing,
        }
    }
}

/// The line for a bump into rock that did not dig. `dig_cost` is the
/// food a dig costs, where the hero gets hungry.
pub(crate) fn rock_message(what: &RockBump, dig_cost: Option<i32>) -> Option<String> {
    match what {
        RockBump::Dig => None,
        RockBump::Warn => Some(match dig_cost {
            Some(food) => format!("Bump again to dig through the rock ({food} food)."),
            None => "Bump again to dig through the rock.".to_string(),
        }),
        RockBump::GotAway(foe) => Some(format!(
            "{} got away.",
            crate::vocab::text::capitalised(&crate::vocab::text::the(foe))
        )),
    }
}

/// The warning on a first bump into a vault wall.
pub(crate) const VAULT_WALL_WARNING: &str =
    "This is a vault wall: breaking it cages every altar. Bump again to dig.";

/// The line for a bump into rock, or into a wall of a vault
/// (`vault_wall`), that did not dig.
pub(crate) fn bump_message(
    what: &RockBump,
    dig_cost: Option<i32>,
    vault_wall: bool,
) -> Option<String> {
    match what {
        RockBump::Warn if vault_wall => Some(VAULT_WALL_WARNING.to_string()),
        _ => rock_message(what, dig_cost),
    }
}

/// Any action but a move forgets the last bump: it runs before the
/// systems that play the other actions.
pub(super) fn forget_bumps(
    pending: Res<PendingAction>,
    mut hero: Query<&mut BumpMemory, With<Hero>>,
) {
    let other = pending
        .0
        .is_some_and(|a| !matches!(a, Action::Move(_) | Action::Dig(_)));
    if other && let Ok(mut memory) = hero.single_mut() {
        memory.set_if_neq(BumpMemory::Nothing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vault_wall_warns_even_in_a_tunnel_and_digs_when_warned() {
        let wall = Pos::new(3, 1);
        let tunnelling = BumpMemory::Tunnelling {
            dug: Pos::new(2, 1),
        };
        assert_eq!(tunnelling.rock_bump(Dir::E, wall), RockBump::Dig);
        assert_eq!(tunnelling.vault_wall_bump(Dir::E, wall), RockBump::Warn);
        let warned = BumpMemory::after_rock(&RockBump::Warn, wall);
        assert_eq!(warned.vault_wall_bump(Dir::E, wall), RockBump::Dig);
        assert_eq!(
            bump_message(&RockBump::Warn, Some(6), true).as_deref(),
            Some(VAULT_WALL_WARNING)
        );
        assert_eq!(
            bump_message(&RockBump::Warn, None, false),
            rock_message(&RockBump::Warn, None)
        );
    }

    #[test]
    fn rock_digs_only_on_the_second_bump_or_in_a_tunnel() {
        let rock = Pos::new(3, 1);
        let first = BumpMemory::Nothing.rock_bump(Dir::E, rock);
        assert_eq!(first, RockBump::Warn);
        let warned = BumpMemory::after_rock(&first, rock);
        assert_eq!(warned.rock_bump(Dir::E, rock), RockBump::Dig);
        assert_eq!(
            warned.rock_bump(Dir::N, Pos::new(2, 0)),
            RockBump::Warn,
            "a warning is for its own rock"
        );
        let dug = BumpMemory::after_rock(&RockBump::Dig, rock);
        let inside = dug.after_step(Dir::E, rock);
        assert_eq!(inside.rock_bump(Dir::E, Pos::new(4, 1)), RockBump::Dig);
        assert_eq!(
            inside.after_step(Dir::W, Pos::new(2, 1)),
            BumpMemory::Nothing,
            "walking out ends the tunnel"
        );
    }

    #[test]
    fn a_bump_after_a_fight_that_way_never_digs() {
        let fought = BumpMemory::Fought {
            dir: Dir::E,
            foe: "bat".to_string(),
        };
        let chased = fought.after_step(Dir::E, Pos::new(3, 1));
        let what = chased.rock_bump(Dir::E, Pos::new(4, 1));
        assert_eq!(what, RockBump::GotAway("bat".to_string()));
        assert_eq!(
            rock_message(&what, Some(6)).as_deref(),
            Some("The bat got away.")
        );
        assert_eq!(
            BumpMemory::after_rock(&what, Pos::new(4, 1)).rock_bump(Dir::E, Pos::new(4, 1)),
            RockBump::Warn,
            "then the rock warns as any other"
        );
        assert_eq!(fought.rock_bump(Dir::N, Pos::new(2, 0)), RockBump::Warn);
        assert_eq!(
            rock_message(&RockBump::Warn, Some(6)).as_deref(),
            Some("Bump again to dig through the rock (6 food).")
        );
    }
}
