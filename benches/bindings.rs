//! Parsing `bindings.txt`: 600, 6,000 and 60,000 bad lines, and one line
//! binding 600, 6,000 and 60,000 keys. Each size is 10 times the last, so a
//! parse in linear time takes about 10 times as long, not 100.
//!
//! Run with `cargo bench -p gloomdelve-bench --bench bindings`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gloomdelve_core::bindings::parse;

const SIZES: [usize; 3] = [600, 6_000, 60_000];

/// `n` lines, each wrong in one of the ways a file can be.
fn bad_lines(n: usize) -> String {
    (0..n)
        .map(|i| match i % 4 {
            0 => format!("fly{i} = f\n"),
            1 => format!("no equals sign {i}\n"),
            2 => "wait = NoSuchKey\n".to_string(),
            _ => "eat = e, e\n".to_string(),
        })
        .collect()
}

/// One line binding `n` different keys (each a character) to one action.
fn many_keys(n: usize) -> String {
    let keys: Vec<String> = ('\u{4e00}'..).take(n).map(String::from).collect();
    format!("wait = {}\n", keys.join(", "))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("bindings_parse");
    group.measurement_time(Duration::from_secs(3));
    group.sample_size(10);
    for (name, make) in [
        ("bad_lines", bad_lines as fn(usize) -> String),
        ("keys_on_one_line", many_keys),
    ] {
        for n in SIZES {
            let text = make(n);
            let problems = parse(&text).1.len();
            let expected = if name == "bad_lines" { n } else { 0 };
            assert_eq!(problems, expected, "{name} {n}");
            group.bench_with_input(BenchmarkId::new(name, n), &text, |b, text| {
                b.iter(|| parse(black_box(text)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
