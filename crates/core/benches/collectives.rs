//! The collectives' winner map (budget: a 128 × 64 map, sizes × process counts, over every
//! algorithm of one collective, within 20 ms in the browser). One map per collective on the
//! Paragon (its NX α, β), and the DELTA's allreduce, whose menu holds 004's Tree, Snake and
//! Fence (exact optimal blocks on the mesh of each p) beside the α-β-γ algorithms.
//!
//! Run with `cargo bench -p commcalc-core --bench collectives` (or `make bench`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use commcalc_core::collectives::winner::winner_map;
use commcalc_core::report::log_spaced;
use commcalc_core::Scenario;

fn maps(c: &mut Criterion) {
    let sizes: Vec<f64> = log_spaced(1.0, 1e8, 128).collect();
    let ps: Vec<u32> = (2..=65).collect();
    let mut group = c.benchmark_group("winner-map");
    for q in [
        "machine=intel-paragon&pattern=broadcast",
        "machine=intel-paragon&pattern=allreduce",
        "machine=intel-paragon&pattern=all-to-all&model=hockney",
        "machine=intel-delta&pattern=allreduce",
    ] {
        let scenario = Scenario::from_query(q).expect("the query parses");
        let name = format!("128x64/{}/{}", scenario.machine.id, scenario.pattern.id);
        group.bench_function(name, |b| {
            b.iter(|| winner_map(black_box(&scenario), &sizes, &ps, |_| true))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = maps
}
criterion_main!(benches);
