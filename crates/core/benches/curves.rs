//! A 512-point curve for every machine × pattern at the machine's default model (budget:
//! ≤ 50 µs native). One criterion group per pattern, one benchmark per
//! machine, so the ids read `pattern/machine`. Combinations whose evaluation fails (patterns
//! still being implemented) are left out and listed on stderr.
//!
//! Run with `make bench`, which also writes docs/benchmarks.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use commcalc_core::catalog::MACHINES;
use commcalc_core::patterns::PATTERNS;
use commcalc_core::report::CURVE_POINTS;
use commcalc_core::{evaluate_with, Scenario};

fn curves(c: &mut Criterion) {
    // The traffic pattern is a simulation, measured by benches/traffic.rs.
    for pattern in PATTERNS.iter().filter(|p| p.id != "traffic") {
        let mut group = c.benchmark_group(pattern.id);
        for machine in MACHINES {
            if pattern.unsupported_on(machine).is_some() {
                continue;
            }
            let query = format!("machine={}&pattern={}", machine.id, pattern.id);
            let scenario = match Scenario::from_query(&query) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("skipped {query}: {e}");
                    continue;
                }
            };
            if let Err(e) = evaluate_with(&scenario, CURVE_POINTS) {
                eprintln!("skipped {query}: {e}");
                continue;
            }
            group.bench_function(machine.id, |b| {
                b.iter(|| evaluate_with(black_box(&scenario), black_box(CURVE_POINTS)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // Evaluations take microseconds: short windows give stable medians and keep the whole run
    // (about sixty benchmarks) near two minutes on a 2-core machine.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(50);
    targets = curves
}
criterion_main!(benches);
