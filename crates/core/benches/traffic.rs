//! The traffic simulator's speed (docs/benchmarks.md, "Traffic simulator"):
//!
//! - `events/paper-per-node`: events per second, single thread, on 003's workload read per node
//!   (16 nodes × 3000 messages each, 48 000 messages, about 150 000 events);
//! - `events/4096x1e6-total`: events per second on the largest cube with a million messages
//!   generated at once (about 7 million events, every link busy; the 5 M/s target);
//! - `paper/16x3000-total`: the time of 003's workload read as 3000 messages in all, the run
//!   the calculator repeats while a slider moves;
//! - `sweep/20x10`: a 20-point sweep of the stack hit probability with 10 replications each
//!   (003 Fig. 8 with confidence intervals).
//!
//! Run with `cargo bench -p commcalc-core --bench traffic`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use commcalc_core::traffic::{simulate, Config, Cube, Per};

/// 003 Table 5, the Intel iPSC.
fn ipsc() -> Config {
    Config::paper(1700.0, 2.83)
}

fn traffic(c: &mut Criterion) {
    let per_node = Config {
        per: Per::Node,
        ..ipsc()
    };
    let events = simulate(&per_node).map(|s| s.events).unwrap_or(0);
    let mut group = c.benchmark_group("events");
    group.throughput(Throughput::Elements(events));
    group.bench_function("paper-per-node", |b| {
        b.iter(|| simulate(black_box(&per_node)))
    });
    let big = Config {
        cube: Cube { dim: 12 },
        count: 1_000_000,
        ..ipsc()
    };
    let events = simulate(&big).map(|s| s.events).unwrap_or(0);
    group.throughput(Throughput::Elements(events));
    group.sample_size(10);
    group.bench_function("4096x1e6-total", |b| b.iter(|| simulate(black_box(&big))));
    group.finish();

    let total = ipsc();
    let events = simulate(&total).map(|s| s.events).unwrap_or(0);
    let mut group = c.benchmark_group("paper");
    group.throughput(Throughput::Elements(events));
    group.bench_function("16x3000-total", |b| b.iter(|| simulate(black_box(&total))));
    group.finish();

    let points: Vec<Config> = (0..20)
        .map(|i| Config {
            hits: vec![f64::from(i) * 0.05],
            reps: 10,
            ..ipsc()
        })
        .collect();
    let mut group = c.benchmark_group("sweep");
    group.sample_size(10);
    group.bench_function("20x10", |b| {
        b.iter(|| {
            points
                .iter()
                .map(|p| simulate(black_box(p)).map(|s| s.events).unwrap_or(0))
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    targets = traffic
}
criterion_main!(benches);
