//! The algorithm regime map of 004 Fig. 5 (the budget: a 128×128 map
//! computed and drawn within 20 ms in the browser, so the native computation should take a few
//! milliseconds). One benchmark per f(L) set for the default 128×128 map of the DELTA, one for
//! the widest map the options allow along N (10⁰…10⁹), and the block-size sweep of Fig. 4.
//!
//! Run with `cargo bench -p commcalc-core --bench regimes` (or `make bench`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use commcalc_core::models::nbl::FSet;
use commcalc_core::regimes::{block_sweep, regime_map, MapOptions, MAX_MAP_LENGTH};
use commcalc_core::Scenario;

fn regimes(c: &mut Criterion) {
    let scenario = Scenario::from_query("machine=intel-delta&pattern=global-combine")
        .expect("the DELTA's global-combine scenario parses");
    let mut group = c.benchmark_group("regime-map");
    for f in FSet::ALL {
        group.bench_function(format!("128x128/{}", f.id()), |b| {
            b.iter(|| regime_map(black_box(&scenario), f, MapOptions::default()))
        });
    }
    let long = MapOptions {
        n_to: MAX_MAP_LENGTH,
        ..MapOptions::default()
    };
    group.bench_function("128x128-to-1e9/nominal", |b| {
        b.iter(|| regime_map(black_box(&scenario), FSet::Nominal, long))
    });
    group.finish();

    let mut group = c.benchmark_group("block-sweep");
    let typical = Scenario::from_query("machine=intel-delta&pattern=global-combine&n=100000")
        .expect("Fig. 4's case parses");
    group.bench_function("512/nominal", |b| {
        b.iter(|| block_sweep(black_box(&typical), FSet::Nominal, 512))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // A map takes milliseconds: short windows give stable medians on a 2-core machine.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    targets = regimes
}
criterion_main!(benches);
