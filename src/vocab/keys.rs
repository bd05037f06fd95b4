//! The key bindings in force, as every part of the game names keys: the
//! help and the legend list them, and a message that tells the player a
//! key ("Press > to descend.") takes it from here, so a rebound key is
//! named right everywhere.

use bevy::prelude::*;
use gloomdelve_core::bindings::Bindings;

/// The key bindings in force: the player's `bindings.txt`, or the defaults.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyBindings(pub Bindings);

impl KeyBindings {
    /// The first key bound to `action` (a binding-file action id such as
    /// `"descend"`), as the help writes it; "(unbound)" when it has none.
    pub fn key(&self, action: &str) -> &str {
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
        assert_eq!(defaults.key("descend"), ">");
        assert_eq!(defaults.key("help"), "?");
        let (rebound, problems) = parse("descend = d\n");
        assert!(problems.is_empty(), "{problems:?}");
        let rebound = KeyBindings(rebound);
        assert_eq!(rebound.key("descend"), "d");
        assert_eq!(rebound.key("ascend"), "<", "the others keep their defaults");
        assert_eq!(rebound.key("no such action"), "(unbound)");
    }
}
