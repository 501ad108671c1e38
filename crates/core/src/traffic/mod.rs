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

use std::cell::RefCell;

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

/// How many simulations `remember` keeps: a calculator evaluation runs seven (the query and
/// the curve's six lengths).
const REMEMBERED: usize = 16;

thread_local! {
    /// Simulations handed over by `remember`, each with its configuration.
    static MEMO: RefCell<Vec<(Config, Summary)>> = const { RefCell::new(Vec::new()) };
    /// While `recording` runs: the simulations it ran, in order.
    static RECORD: RefCell<Option<Vec<(Config, Summary)>>> = const { RefCell::new(None) };
}

/// Simulates every replication of a configuration (validated first), or gives the summary
/// `remember` was handed for it: a run is a pure function of its configuration, so that
/// summary is the one the run would give, bit for bit.
pub fn simulate(config: &Config) -> Result<Summary, Error> {
    let known = MEMO.with(|m| {
        let m = m.borrow();
        m.iter().find(|(c, _)| c == config).map(|(_, s)| s.clone())
    });
    if let Some(summary) = known {
        return Ok(summary);
    }
    let summary = simulate_with(config, &mut |_, _| ())?;
    RECORD.with(|r| {
        if let Some(runs) = r.borrow_mut().as_mut() {
            runs.push((config.clone(), summary.clone()));
        }
    });
    Ok(summary)
}

/// Runs `f` and gives, beside its result, every simulation `simulate` ran meanwhile: what a
/// Web Worker sends the page so that the page evaluates the same scenario without running
/// them (`remember`).
pub fn recording<R>(f: impl FnOnce() -> R) -> (R, Vec<(Config, Summary)>) {
    RECORD.with(|r| *r.borrow_mut() = Some(Vec::new()));
    let out = f();
    let runs = RECORD.with(|r| r.borrow_mut().take()).unwrap_or_default();
    (out, runs)
}

/// Hands simulations run elsewhere (`recording`) to `simulate`, which gives them instead of
/// running them again; the oldest are forgotten beyond `REMEMBERED`.
pub fn remember(runs: Vec<(Config, Summary)>) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.retain(|(c, _)| !runs.iter().any(|(r, _)| r == c));
        m.extend(runs);
        let excess = m.len().saturating_sub(REMEMBERED);
        m.drain(..excess);
    });
}

/// `simulate`, calling `progress(done, reps)` with the replications done so far, the one
/// under way counted by the fraction of its messages delivered (`sim::run`), and after each
/// replication with a whole number (the web's worker posts it to the page's progress bar).
/// The replications run one by one in order, so the results are `simulate`'s, bit for bit.
pub fn simulate_with(
    config: &Config,
    progress: &mut dyn FnMut(f64, u32),
) -> Result<Summary, Error> {
    config.validate()?;
    let reps = config.reps;
    let runs: Vec<Run> = (0..reps)
        .map(|r| {
            let before = f64::from(r);
            let run = sim::run(config, r, &mut |part| progress(before + part, reps));
            progress(f64::from(r + 1), reps);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `recording` collects what an evaluation simulated; once remembered, `simulate` gives
    /// those summaries (a doctored one proves it does not run again), and the evaluation's
    /// report is the same.
    #[test]
    fn remembered_runs_are_given_back_without_running() {
        let scenario = crate::Scenario::from_query("machine=intel-ipsc&pattern=traffic&count=400")
            .expect("a valid query");
        let (report, runs) = recording(|| crate::evaluate(&scenario));
        assert_eq!(runs.len(), 7, "the query and the curve's six lengths");
        let (config, summary) = runs[0].clone();
        remember(runs);
        assert_eq!(
            recording(|| crate::evaluate(&scenario)),
            (report, Vec::new())
        );
        let doctored = Summary {
            events: 1,
            ..summary
        };
        remember(vec![(config.clone(), doctored.clone())]);
        assert_eq!(simulate(&config), Ok(doctored));
    }

    /// A run of more than one batch of events reports its progress from inside a
    /// replication: fractions that only grow, within the replication under way, ending at
    /// the whole number; and the results are `simulate`'s, bit for bit.
    #[test]
    fn progress_moves_within_a_replication() {
        let scenario = crate::Scenario::from_query(
            "machine=intel-ipsc&pattern=traffic&dim=6&count=20000&reps=2",
        )
        .expect("a valid query");
        let (config, _) = crate::patterns::traffic::config_of(&scenario).expect("a traffic run");
        let mut shown = Vec::new();
        let summary = simulate_with(&config, &mut |done, reps| shown.push((done, reps)))
            .expect("a valid configuration");
        assert!(shown.iter().any(|&(d, _)| d > 0.0 && d < 1.0), "{shown:?}");
        assert!(shown.iter().any(|&(d, _)| d > 1.0 && d < 2.0), "{shown:?}");
        assert!(shown.windows(2).all(|w| w[0].0 <= w[1].0), "{shown:?}");
        assert!(shown.iter().all(|&(_, reps)| reps == 2));
        assert_eq!(shown.last(), Some(&(2.0, 2)));
        assert_eq!(sim::run(&config, 0, &mut |_| ()), summary.first);
        assert_eq!(summary.first.delivered, 20000);
    }
}
