//! Reading and fitting a pasted file of about 2,000 lines (budget: ≤ 10 ms native), two ways:
//! the real IMB 4.1 shared-memory capture of tests/data repeated to 2,010 lines (many small
//! tables, mostly header lines), and one OSU table of 2,000 sizes (every row a point, the worst
//! case for the piecewise search), its times on the line the csd3 InfiniBand run fits.
//!
//! Run with `cargo bench -p commcalc-core --bench measurements`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use commcalc_core::measurements::fit::fit;
use commcalc_core::measurements::parse;

const JUNO: &str = include_str!("../../../tests/data/measurements/juno-shm-imb41_excerpt.txt");

fn inputs() -> [(&'static str, String); 2] {
    let imb = JUNO.repeat(10);
    let mut osu = String::from("# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n");
    for i in 1..=2000u32 {
        let m = f64::from(i) * 2048.0;
        osu.push_str(&format!("{:<10}{:>18.2}\n", m, 1.12 + 0.000102 * m));
    }
    [("imb-2010-lines", imb), ("osu-2000-rows", osu)]
}

fn measurements(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse+fit");
    group.measurement_time(Duration::from_secs(3));
    for (name, text) in inputs() {
        assert!(text.lines().count() >= 2000, "{name}");
        group.bench_function(name, |b| {
            b.iter(|| {
                let series =
                    parse(black_box(text.as_bytes()), None).expect("the bench input parses");
                fit(series).expect("the bench input fits")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, measurements);
criterion_main!(benches);
