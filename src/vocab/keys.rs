//! The key bindings in force, as every part of the game names keys: the
//! help and the legend list them, and a message that tells the player a
//! key ("Press > to descend.") takes it from here, so a rebound key is
//! named right everywhere.

use bevy::prelude::*;
use gloomdelve_core::bindings::{Bindings, KeyAction};

/// The key bindings in force: the player's `bindings.txt`, or the defaults.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyBindings(pub Bindings);

impl KeyBindings {
    /// The first key bound to `action`, as the help writes it;
    /// "(unbound)" when it has none.
    pub fn key(&self, action: KeyAction) -> &str {
        self.0
            .keys(action)
            .first()
            .map_or("(unbound)", String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gloomdelve_core::bindings::parse;

    #[test]
    fn a_key_is_named_as_bound_and_an_unbound_action_says_so() {
        let defaults = KeyBindings::default();
        assert_eq!(defaults.key(KeyAction::Descend), ">");
        assert_eq!(defaults.key(KeyAction::Help), "?");
        let (rebound, problems) = parse("descend = d\n");
        assert!(problems.is_empty(), "{problems:?}");
        let rebound = KeyBindings(rebound);
        assert_eq!(rebound.key(KeyAction::Descend), "d");
        assert_eq!(
            rebound.key(KeyAction::Ascend),
            "<",
            "the others keep their defaults"
        );
        let (unbound, _) = parse("help = >\ndescend = ?\n");
        let unbound = KeyBindings(unbound);
        assert_eq!(unbound.key(KeyAction::Help), ">");
        assert_eq!(unbound.key(KeyAction::Descend), "?");
        let (none, problems) = parse("descend = >\nhelp = >\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(KeyBindings(none).key(KeyAction::Help), "?", "its default");
    }
}
