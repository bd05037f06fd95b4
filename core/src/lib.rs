//! Gloomdelve core.
