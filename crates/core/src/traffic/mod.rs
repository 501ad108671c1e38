//! The synthetic communication benchmark of 003 ("Synthetic Communication Benchmarks",
//! Figs. 7–9) as a discrete-event simulator: every node of a binary hypercube generates
//! messages whose destinations follow a temporal locality model (an LRU stack, `stack`) and a
//! spatial one (`spatial`), and the messages cross the cube's simplex links under e-cube
//! routing (`cube`), each hop costing 003 eq. 1's t_l + N·t_c (`sim`). A run is a pure
//! function of its configuration and seed: same numbers, bit for bit, natively and in wasm
//! (`rng`, and `lengths::ln` instead of the platform's logarithm).

pub mod config;
pub mod cube;
pub mod events;
pub mod lengths;
pub mod query;
pub mod rng;
pub mod sim;
pub mod spatial;
pub mod stack;
pub mod stats;
pub mod sweep;

use serde::{Deserialize, Serialize};

use crate::error::Error;
pub use config::{Config, Per, Routing, MAX_MESSAGES, MAX_REPS, MAX_STACK};
pub use cube::Cube;
pub use lengths::Lengths;
pub use spatial::{Destinations, Spatial};
pub use stats::{Estimate, Run};

/// The results of a simulation with its replications: each scalar a mean over the
/// replications with its 95 % confidence interval, and the first replication in detail
/// (per-link utilisation, histograms).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub reps: u32,
    pub completion_us: Estimate,
    pub latency_mean_us: Estimate,
    pub latency_p50_us: Estimate,
    pub latency_p99_us: Estimate,
    pub hops_mean: Estimate,
    pub link_util_max: Estimate,
    pub queue_max: Estimate,
    pub run_length_mean: Estimate,
    /// Over all replications.
    pub generated: u64,
    pub delivered: u64,
    pub duplicates: u64,
    pub events: u64,
    pub first: Run,
}

/// Simulates every replication of a configuration (validated first).
pub fn simulate(config: &Config) -> Result<Summary, Error> {
    simulate_with(config, &mut |_, _| ())
}

/// `simulate`, calling `progress(done, reps)` after each replication (the web's worker posts
/// it to the page's progress bar). The replications run one by one in order, so the results
/// are `simulate`'s, bit for bit.
pub fn simulate_with(
    config: &Config,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Summary, Error> {
    config.validate()?;
    let runs: Vec<Run> = (0..config.reps)
        .map(|r| {
            let run = sim::run(config, r);
            progress(r + 1, config.reps);
            run
        })
        .collect();
    let est = |f: fn(&Run) -> f64| Estimate::of(&runs.iter().map(f).collect::<Vec<_>>());
    let total = |f: fn(&Run) -> u64| runs.iter().map(f).sum();
    Ok(Summary {
        reps: config.reps,
        completion_us: est(|r| r.completion_us),
        latency_mean_us: est(|r| r.latency_mean_us),
        latency_p50_us: est(|r| r.latency_p50_us),
        latency_p99_us: est(|r| r.latency_p99_us),
        hops_mean: est(|r| r.hops_mean),
        link_util_max: est(|r| r.link_util_max),
        queue_max: est(|r| f64::from(r.queue_max)),
        run_length_mean: est(|r| r.run_length_mean),
        generated: total(|r| r.generated),
        delivered: total(|r| r.delivered),
        duplicates: total(|r| r.duplicates),
        events: total(|r| r.events),
        first: runs
            .into_iter()
            .next()
            .ok_or_else(|| Error::invalid("reps", 0, "at least 1"))?,
    })
}
