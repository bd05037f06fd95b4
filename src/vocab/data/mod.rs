//! Rules data read from `assets/data/` with plain serde, so the headless
//! rules need no asset server: one file for each book (the rule numbers,
//! the creatures, the items), the checks they share, and where the assets
//! are.

mod assets;
mod checks;
mod creatures;
mod items;
mod rules;

pub use assets::*;
pub use checks::MAX_KINDS;
pub(crate) use checks::{first_error, in_range, read_data};
pub use creatures::*;
pub use items::*;
pub use rules::*;
