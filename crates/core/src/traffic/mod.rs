//! The synthetic communication benchmark of 003 ("Synthetic Communication Benchmarks",
//! Figs. 7–9) as a discrete-event simulator: every node of a binary hypercube generates
//! messages whose destinations follow a temporal locality model (an LRU stack, `stack`) and a
//! spatial one (`spatial`), and the messages cross the cube's simplex links under e-cube
//! routing (`cube`), each hop costing 003 eq. 1's t_l + N·t_c (`sim`). A run is a pure
//! function of its configuration and seed: same numbers, bit for bit, natively and in wasm
//! (`rng`, and `lengths::ln` instead of the platform's logarithm).

pub mod config;
pub mod cube;
pub mod editing;
pub mod events;
pub mod figures;
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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

/// How many simulations `remember` keeps: an evaluation runs seven by default (the query and
/// the curve's six lengths).
const REMEMBERED: usize = 16;

thread_local! {
    /// Simulations handed over by `remember`, each with its configuration.
    static MEMO: RefCell<Vec<(Config, Summary)>> = const { RefCell::new(Vec::new()) };
}

/// Simulates every replication of a configuration (validated first), or gives the summary
/// `remember` was handed for it: a run is a pure function of its configuration, so that
/// summary is the one the run would give, bit for bit.
pub fn simulate(config: &Config) -> Result<Summary, Error> {
    let handed = MEMO.with(|m| {
        let m = m.borrow();
        m.iter().find(|(c, _)| c == config).map(|(_, s)| s.clone())
    });
    match handed {
        Some(summary) => Ok(summary),
        None => simulate_with(config, &mut |_, _| ()),
    }
}

/// Hands simulations run elsewhere (a Web Worker's, of an evaluation's configurations:
/// `patterns::traffic::simulations`) to `simulate`, which gives them instead of running them
/// again; the oldest are forgotten beyond `REMEMBERED`.
pub fn remember(runs: Vec<(Config, Summary)>) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.retain(|(c, _)| !runs.iter().any(|(r, _)| r == c));
        m.extend(runs);
        let excess = m.len().saturating_sub(REMEMBERED);
        m.drain(..excess);
    });
}

/// `simulate`, calling `progress(done, reps)` after every batch of events with the
/// replications done so far, the one under way counted by the fraction of its messages
/// delivered, and after each replication with a whole number (the web's worker posts it to
/// the page's progress bar). The results are `simulate`'s, bit for bit.
pub fn simulate_with(
    config: &Config,
    progress: &mut dyn FnMut(f64, u32),
) -> Result<Summary, Error> {
    Simulation::new(vec![config.clone()])?
        .finish(progress)
        .pop()
        .ok_or_else(|| Error::invalid("reps", config.reps, "at least 1"))
}

/// The simulations of a list of configurations (one run, or a sweep's values), every
/// replication of each in order, advanced one batch of events at a time by `step`: a caller
/// may stop between any two batches (to report progress, or, in the browser's worker, to
/// step aside while the page handles an input) without changing the results, which are
/// `simulate`'s for each configuration, bit for bit.
pub struct Simulation {
    /// Validated, in order.
    configs: Vec<Config>,
    /// The replication under way, of `configs[summaries.len()]`; `None` once all are done.
    under_way: Option<sim::Replication>,
    /// The finished replications of the configuration under way.
    runs: Vec<Run>,
    summaries: Vec<Summary>,
    /// Replications finished over all configurations, and their number in all.
    finished: u32,
    total: u32,
}

impl Simulation {
    /// Validates every configuration (the first error stops it) and starts the first
    /// replication of the first.
    pub fn new(configs: Vec<Config>) -> Result<Simulation, Error> {
        for c in &configs {
            c.validate()?;
        }
        let total = configs.iter().map(|c| c.reps).sum();
        let under_way = configs.first().map(|c| sim::Replication::new(c, 0));
        Ok(Simulation {
            configs,
            under_way,
            runs: Vec::new(),
            summaries: Vec::new(),
            finished: 0,
            total,
        })
    }

    /// Handles one batch of events of the replication under way, and starts the next one
    /// when it ends; false once every replication of every configuration is done.
    pub fn step(&mut self) -> bool {
        let Some(replication) = self.under_way.as_mut() else {
            return false;
        };
        if replication.step() {
            return true;
        }
        let run = self.under_way.take().map(sim::Replication::finish);
        self.runs.extend(run);
        self.finished += 1;
        let config = &self.configs[self.summaries.len()];
        if self.runs.len() as u32 == config.reps {
            self.summaries
                .extend(summarise(config, std::mem::take(&mut self.runs)));
        }
        self.under_way = self
            .configs
            .get(self.summaries.len())
            .map(|c| sim::Replication::new(c, self.runs.len() as u32));
        self.under_way.is_some()
    }

    /// (replications done, in all): the one under way counted by the fraction of its
    /// messages delivered.
    pub fn progress(&self) -> (f64, u32) {
        let part = self
            .under_way
            .as_ref()
            .map_or(0.0, sim::Replication::delivered);
        (f64::from(self.finished) + part, self.total)
    }

    /// Each configuration's summary, in order (those finished, if `step` has not said all
    /// are done).
    pub fn summaries(self) -> Vec<Summary> {
        self.summaries
    }

    /// Steps to the end, calling `progress(done, total)` after every step, and gives the
    /// summaries.
    pub fn finish(mut self, progress: &mut dyn FnMut(f64, u32)) -> Vec<Summary> {
        loop {
            let more = self.step();
            let (done, total) = self.progress();
            progress(done, total);
            if !more {
                return self.summaries;
            }
        }
    }
}

/// Replication `rep` of a configuration, run alone: the run `simulate` makes as that
/// replication, bit for bit (each is a pure function of the configuration and its number), so
/// that a program with threads may run a configuration's replications side by side and
/// [`summary_of`] them. The configuration must be valid (`Config::validate`).
pub fn replication(config: &Config, rep: u32) -> Run {
    let mut run = sim::Replication::new(config, rep);
    while run.step() {}
    run.finish()
}

/// The summary of a configuration's replications, given in order (`simulate`'s, bit for bit).
pub fn summary_of(config: &Config, runs: Vec<Run>) -> Result<Summary, Error> {
    if runs.len() as u32 != config.reps {
        return Err(Error::invalid(
            "reps",
            runs.len(),
            format!("the configuration's {} replications", config.reps),
        ));
    }
    summarise(config, runs).ok_or_else(|| Error::invalid("reps", config.reps, "at least 1"))
}

/// A configuration's summary from its replications: each scalar a mean with its 95 %
/// confidence interval, the first in detail (none without one: `Config::validate` asks for
/// at least one).
fn summarise(config: &Config, runs: Vec<Run>) -> Option<Summary> {
    let est = |f: fn(&Run) -> f64| Estimate::of(&runs.iter().map(f).collect::<Vec<_>>());
    let total = |f: fn(&Run) -> u64| runs.iter().map(f).sum();
    Some(Summary {
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
        first: runs.into_iter().next()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Engines;

    /// An evaluation's simulations, run apart and remembered, give the evaluation's report
    /// (a program without the simulator sends the scenario elsewhere); `simulate` gives a
    /// remembered summary (a doctored one proves it does not run again).
    #[test]
    fn remembered_runs_are_given_back_without_running() {
        let scenario = crate::Scenario::from_query("machine=intel-ipsc&pattern=traffic&count=400")
            .expect("a valid query");
        let points = crate::report::CURVE_POINTS;
        assert!(matches!(
            crate::evaluate_by(&scenario, points, Engines::NONE),
            Err(Error::Elsewhere { .. })
        ));
        let fresh = crate::evaluate(&scenario);
        let configs = crate::patterns::traffic::simulations(&scenario).expect("a traffic run");
        assert_eq!(configs.len(), 7, "the query and the curve's six lengths");
        let runs: Vec<(Config, Summary)> = configs
            .into_iter()
            .map(|c| {
                let s = simulate_with(&c, &mut |_, _| ()).expect("a valid configuration");
                (c, s)
            })
            .collect();
        let (config, summary) = runs[0].clone();
        remember(runs);
        assert_eq!(crate::evaluate(&scenario), fresh);
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
        assert_eq!(summary.first.delivered, 20000);
    }

    /// Replications run one by one and summarised give `simulate`'s summary, bit for bit.
    #[test]
    fn replications_run_apart_give_the_summary() {
        let scenario = crate::Scenario::from_query(
            "machine=intel-ipsc&pattern=traffic&dim=5&count=3000&reps=3&seed=9",
        )
        .expect("a valid query");
        let (config, _) = crate::patterns::traffic::config_of(&scenario).expect("a traffic run");
        let runs = (0..3).map(|r| replication(&config, r)).collect();
        assert_eq!(
            summary_of(&config, runs),
            simulate_with(&config, &mut |_, _| ())
        );
        assert!(summary_of(&config, vec![replication(&config, 0)]).is_err());
    }

    /// Two simulations stepped in turn, a batch each, give the summaries of each
    /// configuration simulated alone: where a caller stops between batches, and what else
    /// runs meanwhile, changes nothing; and a list of configurations gives each one's own
    /// summary, its replications counted in the progress.
    #[test]
    fn simulations_stepped_in_turn_give_each_configurations_own_results() {
        let config = |q: &str| {
            let scenario = crate::Scenario::from_query(&format!(
                "machine=intel-ipsc&pattern=traffic&count=3000&{q}"
            ))
            .expect("a valid query");
            crate::patterns::traffic::config_of(&scenario)
                .expect("a traffic run")
                .0
        };
        let (a, b, c) = (
            config("reps=2&spatial=sphere&radius=2"),
            config("reps=1&stack=1&hit=0.9&gap=50"),
            config("reps=3&dim=6&routing=cut-through"),
        );
        let mut one = Simulation::new(vec![a.clone(), b.clone()]).unwrap();
        let mut two = Simulation::new(vec![c.clone()]).unwrap();
        let mut seen = Vec::new();
        while one.step() | two.step() {
            seen.push(one.progress());
        }
        assert_eq!(one.progress(), (3.0, 3));
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "{seen:?}");
        let alone = |c: &Config| simulate_with(c, &mut |_, _| ()).unwrap();
        assert_eq!(one.summaries(), [alone(&a), alone(&b)]);
        assert_eq!(two.summaries(), [alone(&c)]);
        assert_eq!(Simulation::new(vec![]).map(|mut s| s.step()), Ok(false));
    }
}
