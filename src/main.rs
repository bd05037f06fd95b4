//! Gloomdelve.
fn main() {}
