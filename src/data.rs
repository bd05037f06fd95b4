//! Rules data read from `assets/data/rules.ron` with plain serde, so the
//! headless rules need no asset server.

use std::path::Path;

use gloomdelve_core::mapgen::{self, caves};
use serde::{Deserialize, Serialize};

/// Tunable numbers for the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesData {
    /// The size of a cave level, in tiles.
    pub cave_width: i32,
    pub cave_height: i32,
    /// How far the hero sees, in tiles: `dx² + dy² ≤ hero_vision²`.
    pub hero_vision: i32,
}

impl Default for RulesData {
    fn default() -> Self {
        Self {
            cave_width: caves::DEFAULT_WIDTH,
            cave_height: caves::DEFAULT_HEIGHT,
            hero_vision: 6,
        }
    }
}

impl RulesData {
    /// Reads and checks the rules file. The error names the file and the problem.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Self::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parses rules RON and checks its values.
    pub fn parse(text: &str) -> Result<Self, String> {
        let rules: RulesData = ron::from_str(text).map_err(|e| e.to_string())?;
        mapgen::check_size(rules.cave_width, rules.cave_height)
            .map_err(|e| format!("cave_width/cave_height: {e}"))?;
        if !(1..=60).contains(&rules.hero_vision) {
            return Err(format!(
                "hero_vision: {} is out of range: use 1 to 60 tiles",
                rules.hero_vision
            ));
        }
        Ok(rules)
    }
}
