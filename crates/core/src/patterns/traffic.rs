//! The `traffic` pattern: 003's synthetic communication benchmark, simulated (see
//! `crate::traffic`). Its metrics are the simulation of the query itself, averaged over the
//! replications. Its curve is completion time against mean message length: one simulation
//! (the query's first replication seed) at lengths spaced by a factor of four over the curve's
//! range, made non-decreasing by isotonic regression (the expected completion time cannot
//! fall as every message gets longer; a single run's estimate can, by a little, when messages
//! meet in a different order), and interpolated linearly in log size between them. A handful
//! of simulations keeps `commcalc eval` and the calculator quick; `commcalc traffic` is the
//! place for the full results.

use crate::context::{Ctx, Evaluation};
use crate::derivation::Derivation;
use crate::error::Error;
use crate::inputs::Key;
use crate::scenario::Scenario;
use crate::traffic::lengths::ln;
use crate::traffic::query::TrafficKey;
use crate::traffic::{Config, Spatial, Summary};
use crate::units::grouped;
use crate::values::Value;

/// The curve's default range: 64 B to 64 kB around 003's mean of 512 bytes.
pub const RANGE: (f64, f64) = (64.0, 65536.0);
/// 003 §Experimental Results: mean message length 512 bytes.
pub const DEFAULT_SIZE: f64 = 512.0;
/// Successive curve simulations differ in mean length by this factor.
const CURVE_STEP: f64 = 4.0;

/// The metrics the pattern reports (with `time_us` and `bandwidth_MBps` of every curve): all
/// of them functions of the query (the simulator's speed is the computer's, not the query's,
/// and the CLI prints it apart, on stderr).
pub const METRICS: [&str; 13] = [
    "completion_us",
    "completion_ci95_us",
    "latency_mean_us",
    "latency_p50_us",
    "latency_p99_us",
    "hops_mean",
    "link_util_max",
    "queue_max",
    "delivered",
    "generated",
    "run_length_mean",
    "events",
    "reps",
];

/// The pattern's evaluation: the query's run and the curve's, each simulated (or taken from
/// the runs handed over: `traffic::remember`).
pub fn traffic(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let config = config(ctx)?;
    let runs = runs(ctx, &config);
    let summaries: Vec<Summary> = runs
        .iter()
        .map(crate::traffic::simulate)
        .collect::<Result<_, _>>()?;
    let curve = Curve::of(&runs, &summaries);
    let metrics = summaries.first().map(metrics).unwrap_or_default();
    let mut derivations = derivations(&metrics);
    derivations.push((
        "time_us",
        Derivation::described(
            "T",
            "the simulated completion time at mean length x",
            curve.at(config.mean_bytes),
            "µs",
            "003 Fig. 7",
        ),
    ));
    Ok(Evaluation {
        cost: Box::new(move |x| curve.at(x)),
        at: config.mean_bytes,
        metrics,
        derivations,
    })
}

/// The configurations an evaluation of `config` simulates, in order: the query's, then one
/// replication at each of the curve's mean lengths, spaced by [`CURVE_STEP`] over its range
/// (the query's own length left out: the curve takes the query's mean there).
fn runs(ctx: &Ctx, config: &Config) -> Vec<Config> {
    let (from, to) = ctx.inputs.range(RANGE);
    let mut sizes = Vec::new();
    let mut x = from;
    while x < to {
        sizes.push(x);
        x *= CURVE_STEP;
    }
    sizes.push(to);
    let curve = sizes
        .into_iter()
        .filter(|s| *s != config.mean_bytes)
        .map(|size| Config {
            mean_bytes: size,
            reps: 1,
            ..config.clone()
        });
    std::iter::once(config.clone()).chain(curve).collect()
}

/// The configurations an evaluation of a traffic scenario simulates, in the order it does:
/// the web's worker simulates them for the calculator, whose page pairs them with the results
/// it receives (`crate::traffic::remember`) and so needs no configuration sent back.
pub fn simulations(scenario: &Scenario) -> Result<Vec<Config>, Error> {
    config_of(scenario)?;
    let mut ctx = Ctx::of(scenario)?;
    let config = config(&mut ctx)?;
    Ok(runs(&ctx, &config))
}

/// The simulator's configuration for a scenario of the `traffic` pattern, and its warnings.
pub fn config_of(scenario: &Scenario) -> Result<(Config, Vec<String>), Error> {
    if scenario.pattern.id != "traffic" {
        return Err(Error::Unsupported {
            key: "pattern".into(),
            value: scenario.pattern.id.into(),
            reason: "the traffic simulator runs pattern=traffic only".into(),
        });
    }
    let mut ctx = Ctx::of(scenario)?;
    let config = config(&mut ctx)?;
    Ok((config, ctx.warnings))
}

/// A traffic scenario read without its simulation: the context once the simulator's
/// configuration is read from it (the inputs and parameters a run would use, and its
/// warnings), and the configuration (`report::unrun_report`).
pub fn checked(scenario: &Scenario) -> Result<(Ctx<'_>, Config), Error> {
    config_of(scenario)?;
    let mut ctx = Ctx::of(scenario)?;
    let config = config(&mut ctx)?;
    Ok((ctx, config))
}

/// About how many events a run of `config` takes, all replications (an upper estimate: one
/// event per hop and message, twice that under cut-through, and the hop count of the cube's
/// diameter over two plus one). The web runs a query on the page's thread below a bound of
/// these and in a worker above it.
pub fn estimated_events(config: &Config) -> f64 {
    let messages: u64 = config.messages_per_node().iter().sum();
    let hops = f64::from(config.cube.dim) / 2.0 + 1.0;
    let per_hop = match config.routing {
        crate::traffic::Routing::StoreForward => 1.0,
        crate::traffic::Routing::CutThrough => 2.0,
    };
    messages as f64 * hops * per_hop * f64::from(config.reps)
}

/// Runs estimated above this many events ([`estimated_events`], all of a command's or a
/// view's runs together) are not started unless the person asks for them (the CLI's
/// `--max-events`, the Traffic view's "Run anyway"): about a minute at
/// [`NOMINAL_EVENTS_PER_S`], where 003's largest case here, 4096 nodes × 10⁷ messages × 1000
/// replications, is estimated at 7·10¹⁰ events, hours of a computer's time.
pub const MAX_EVENTS: f64 = 3e8;

/// The speed the estimates of time assume: 5 M events/s, what the native release build
/// sustains on a 1024-node cube (docs/traffic.md: 5.8–7.8 M events/s measured; the page's
/// WebAssembly is slower, a large cube's cache misses too), so an estimate errs short.
pub const NOMINAL_EVENTS_PER_S: f64 = 5e6;

/// An estimate of `events` as a person reads it: the events and the time at
/// [`NOMINAL_EVENTS_PER_S`] (`about 30 000 000 events, about 6 s at 5 M events/s`).
pub fn estimate_text(events: f64) -> String {
    let seconds = events / NOMINAL_EVENTS_PER_S;
    let time = match seconds {
        s if s < 1.0 => "under a second".to_string(),
        s if s < 120.0 => format!("about {s:.0} s"),
        s if s < 7200.0 => format!("about {:.0} min", s / 60.0),
        s => format!("about {:.0} h", s / 3600.0),
    };
    format!(
        "about {} events, {time} at {} M events/s",
        grouped(events.round()),
        NOMINAL_EVENTS_PER_S / 1e6
    )
}

/// Why runs estimated at `events` in all are not started under a limit of `limit` events, or
/// `None` if they may be: the estimate, the limit and what makes a run shorter (the CLI and
/// the page each add how to run it anyway).
pub fn beyond_limit(events: f64, limit: f64) -> Option<String> {
    (events > limit).then(|| {
        format!(
            "this simulation is estimated at {}, above the limit of {} events; fewer nodes (dim), messages (count), replications (reps) or sweep steps make it shorter",
            estimate_text(events),
            grouped(limit)
        )
    })
}

/// The configuration: the traffic keys, the mean length and the machine's t_l, t_c (003 eq. 1,
/// Table 5: the Hockney parameters alpha and beta), with what was used recorded.
fn config(ctx: &mut Ctx) -> Result<Config, Error> {
    let (t_l, t_c) = (ctx.param("alpha")?, ctx.param("beta")?);
    let config = ctx.inputs.traffic.config(ctx.size(DEFAULT_SIZE), t_l, t_c);
    config.validate()?;
    record(ctx, &config);
    let nodes = config.cube.nodes();
    let (_, measured) = ctx.machine.measured_p;
    if nodes > measured {
        ctx.warn(format!(
            "{nodes} nodes: {} had at most {measured}; 003 ran the benchmark on 16 nodes of an iPSC",
            ctx.machine.name
        ));
    }
    Ok(config)
}

fn record(ctx: &mut Ctx, c: &Config) {
    use TrafficKey as K;
    let n = |v: f64| Value::Number(v);
    let t = |s: &str| Value::Text(s.to_string());
    let hits: Vec<String> = c.hits.iter().map(|b| b.to_string()).collect();
    let mut used = vec![
        (K::Dim, n(f64::from(c.cube.dim))),
        (K::Spatial, t(c.spatial.id())),
        (K::Stack, n(c.hits.len() as f64)),
        (K::Hit, t(&hits.join(","))),
        (K::Flush, n(f64::from(c.flush))),
        (K::Count, n(c.count as f64)),
        (K::Per, t(c.per.id())),
        (K::Len, t(c.lengths.id())),
        (K::Gap, n(c.gap_us)),
        (K::Routing, t(c.routing.id())),
        (K::Seed, t(&c.seed.to_string())),
        (K::Reps, n(f64::from(c.reps))),
    ];
    match c.spatial {
        Spatial::Sphere { radius, phi } => {
            used.push((K::Radius, n(f64::from(radius))));
            used.push((K::Phi, n(phi)));
        }
        Spatial::Decreasing { decay } => used.push((K::Decay, n(decay))),
        Spatial::Uniform => {}
    }
    for (key, value) in used {
        ctx.record(Key::Traffic(key), value);
    }
}

/// The metrics of a simulation: means over the replications (and the 95 % half-width of the
/// completion time's when there are several), totals for the counts.
pub fn metrics(s: &Summary) -> Vec<(&'static str, Value)> {
    let n = Value::Number;
    let mut out = vec![
        ("completion_us", n(s.completion_us.mean)),
        ("latency_mean_us", n(s.latency_mean_us.mean)),
        ("latency_p50_us", n(s.latency_p50_us.mean)),
        ("latency_p99_us", n(s.latency_p99_us.mean)),
        ("hops_mean", n(s.hops_mean.mean)),
        ("link_util_max", n(s.link_util_max.mean)),
        ("queue_max", n(s.queue_max.mean)),
        ("delivered", n(s.delivered as f64)),
        ("generated", n(s.generated as f64)),
        ("run_length_mean", n(s.run_length_mean.mean)),
        ("events", n(s.events as f64)),
        ("reps", n(f64::from(s.reps))),
    ];
    if let Some(ci) = s.completion_us.ci95 {
        out.push(("completion_ci95_us", n(ci)));
    }
    out
}

/// What each simulated metric measures (symbol, description, unit, source): the simulation
/// computes them, so their derivation is the procedure in words with the value it gave.
const MEASURES: [(&str, &str, &str, &str, &str); 13] = [
    (
        "completion_us",
        "T_c",
        "when the last message arrives, mean over the replications",
        "µs",
        "003 §Experimental Results",
    ),
    (
        "completion_ci95_us",
        "±",
        "t_{0.975, R−1}·s/√R over R replications",
        "µs",
        "003 §Experimental Results: 95 % intervals",
    ),
    (
        "latency_mean_us",
        "W",
        "mean time from a message's generation to its delivery",
        "µs",
        "simulated, t_l + N·t_c per hop (003 eq. 1)",
    ),
    (
        "latency_p50_us",
        "W_50",
        "the median latency (nearest rank)",
        "µs",
        "simulated (003 eq. 1 per hop)",
    ),
    (
        "latency_p99_us",
        "W_99",
        "the 99th percentile of the latencies (nearest rank)",
        "µs",
        "simulated (003 eq. 1 per hop)",
    ),
    (
        "hops_mean",
        "h",
        "mean e-cube distance of the messages",
        "",
        "003 §Spatial Locality",
    ),
    (
        "link_util_max",
        "ρ_max",
        "busy time of the busiest link over the completion time",
        "",
        "simulated (003 §Experimental Results)",
    ),
    (
        "queue_max",
        "q_max",
        "most messages waiting for one link",
        "",
        "simulated (003 §Experimental Results)",
    ),
    (
        "delivered",
        "n_d",
        "messages delivered, all replications",
        "",
        "simulated (003 §Experimental Results)",
    ),
    (
        "generated",
        "n_g",
        "messages generated, all replications",
        "",
        "simulated (003 §Experimental Results)",
    ),
    (
        "run_length_mean",
        "r",
        "mean run of consecutive messages to one destination",
        "",
        "003 Fig. 9",
    ),
    (
        "events",
        "E",
        "events simulated, all replications",
        "",
        "simulated (003 §Experimental Results)",
    ),
    (
        "reps",
        "R",
        "replications with independent seeds",
        "",
        "003 §Experimental Results",
    ),
];

/// The derivations of the simulated metrics: each the simulation's value, described.
fn derivations(metrics: &[(&'static str, Value)]) -> Vec<(&'static str, Derivation)> {
    metrics
        .iter()
        .filter_map(|(key, value)| {
            let Value::Number(v) = value else { return None };
            let (_, symbol, what, unit, source) = MEASURES.iter().find(|m| m.0 == *key)?;
            Some((*key, Derivation::described(symbol, what, *v, unit, source)))
        })
        .collect()
}

/// Completion time against mean message length, from a few simulations.
struct Curve {
    /// (ln size, completion µs), sizes increasing, completion non-decreasing.
    nodes: Vec<(f64, f64)>,
}

impl Curve {
    /// From an evaluation's simulations ([`runs`] and their summaries): the first, the query's
    /// own (the mean over its replications at its mean length), is one node with the others,
    /// so that the curve passes through it.
    fn of(runs: &[Config], summaries: &[Summary]) -> Curve {
        let mut points: Vec<(f64, f64)> = runs
            .iter()
            .zip(summaries)
            .map(|(c, s)| (c.mean_bytes, s.completion_us.mean))
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (sizes, times): (Vec<f64>, Vec<f64>) = points.into_iter().unzip();
        let times = isotonic(&times);
        Curve {
            nodes: sizes.iter().map(|&s| ln(s)).zip(times).collect(),
        }
    }

    /// Linear in ln(size) between nodes; flat below the first, the last slope beyond the last.
    fn at(&self, x: f64) -> f64 {
        let lx = ln(x);
        let nodes = &self.nodes;
        let Some(&(l0, y0)) = nodes.first() else {
            return 0.0;
        };
        if lx <= l0 || nodes.len() == 1 {
            return y0;
        }
        let i = nodes
            .windows(2)
            .position(|w| lx <= w[1].0)
            .unwrap_or(nodes.len() - 2);
        let ((la, ya), (lb, yb)) = (nodes[i], nodes[i + 1]);
        ya + (yb - ya) * (lx - la) / (lb - la)
    }
}

/// The non-decreasing sequence closest to `y` in least squares: pool adjacent violators
/// (Barlow, Bartholomew, Bremner and Brunk, "Statistical inference under order
/// restrictions", 1972).
fn isotonic(y: &[f64]) -> Vec<f64> {
    // Blocks of (sum, count).
    let mut blocks: Vec<(f64, usize)> = Vec::new();
    for &v in y {
        blocks.push((v, 1));
        while blocks.len() > 1 {
            let (s1, n1) = blocks[blocks.len() - 1];
            let (s0, n0) = blocks[blocks.len() - 2];
            if s0 / n0 as f64 <= s1 / n1 as f64 {
                break;
            }
            blocks.pop();
            blocks.pop();
            blocks.push((s0 + s1, n0 + n1));
        }
    }
    blocks
        .iter()
        .flat_map(|&(s, n)| std::iter::repeat_n(s / n as f64, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unrun report names the inputs a run uses; a bad key is refused as `evaluate` does.
    use crate::traffic::simulate;

    /// A simulation's metrics are means over the replications or totals of all of them: each
    /// label says which, so that 30 000 delivered for 3000 messages and 10 replications reads as
    /// the total it is. The count of replications and the interval's half-width are neither.
    #[test]
    fn every_metric_label_says_mean_or_total() {
        let s =
            Scenario::from_query("machine=intel-ipsc&pattern=traffic&count=200&reps=3").unwrap();
        let (config, _) = config_of(&s).unwrap();
        let summary = simulate(&config).unwrap();
        let totals = |f: fn(&crate::traffic::Run) -> u64| {
            let one = f(&summary.first) as f64;
            one * f64::from(summary.reps)
        };
        for (key, value) in metrics(&summary) {
            if matches!(key, "reps" | "completion_ci95_us") {
                continue;
            }
            let label = crate::metrics::metric(key).expect("catalogued").label;
            let Value::Number(v) = value else { continue };
            let total = matches!(key, "delivered" | "generated" | "events");
            let said = if total {
                "(total of all replications)"
            } else {
                "(mean over replications)"
            };
            assert!(label.ends_with(said), "{key}: {label}");
            if key == "delivered" {
                // Every replication delivers the same count: the total is reps times the first's.
                assert_eq!(v, totals(|r| r.delivered), "{key}");
            }
        }
    }

    #[test]
    fn the_unrun_report_has_the_inputs_and_no_run() {
        let s = Scenario::from_query("machine=intel-ipsc&pattern=traffic&spatial=sphere").unwrap();
        let r = crate::report::unrun_report(&s).unwrap();
        assert!(r.metrics.is_empty() && r.curve.is_empty());
        assert!(r.unrun(), "the page shows it as a run to come");
        let small =
            Scenario::from_query("machine=intel-ipsc&pattern=traffic&dim=3&count=20&reps=2")
                .unwrap();
        assert!(
            !crate::run(&small.to_query()).unwrap().unrun(),
            "a run is not unrun"
        );
        for key in ["dim", "spatial", "radius", "phi", "count", "reps", "size"] {
            assert!(r.inputs.iter().any(|(k, _)| *k == key), "{key}");
        }
        assert!(r.parameters.iter().any(|(k, _)| *k == "alpha"));
        let (c, _) = config_of(&s).unwrap();
        assert!(estimated_events(&c) >= simulate(&c).unwrap().events as f64);
    }

    #[test]
    fn isotonic_pools_violators_and_keeps_ordered_sequences() {
        assert_eq!(isotonic(&[1.0, 2.0, 3.0]), vec![1.0, 2.0, 3.0]);
        assert_eq!(isotonic(&[1.0, 3.0, 2.0, 4.0]), vec![1.0, 2.5, 2.5, 4.0]);
        assert_eq!(isotonic(&[3.0, 2.0, 1.0]), vec![2.0, 2.0, 2.0]);
    }

    #[test]
    fn the_curve_interpolates_in_log_size() {
        let c = Curve {
            nodes: vec![(ln(100.0), 10.0), (ln(10_000.0), 30.0)],
        };
        assert_eq!(c.at(50.0), 10.0);
        assert!((c.at(1000.0) - 20.0).abs() < 1e-9);
        assert!((c.at(1e6) - 50.0).abs() < 1e-9);
    }
}
