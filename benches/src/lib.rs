//! Benchmarks live in `fov.rs`; run `cargo bench -p gloomdelve-bench`.
