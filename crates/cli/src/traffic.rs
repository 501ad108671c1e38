//! `commcalc traffic`: the synthetic traffic simulator (003 §Synthetic Communication
//! Benchmarks) on the command line. One query prints its results: the metrics, the links'
//! utilisation, the run-length histogram (003 Fig. 9) and the latency histogram; `--sweep`
//! runs the query once per value of one key and prints one row each (003 Figs. 7 and 8 are
//! such sweeps). What is printed is a function of the query alone; the simulator's wall-clock
//! speed, which is the computer's, goes to stderr (the core has no clock). The runs are
//! spread over the computer's cores, one replication each, with the same results. Runs estimated
//! beyond the core's limit are refused before they start unless `--max-events` allows them.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use commcalc_core::patterns::traffic::{
    beyond_limit, config_of, estimated_events, metrics, simulations, MAX_EVENTS,
};
use commcalc_core::patterns::Value;
use commcalc_core::report::CURVE_POINTS;
use commcalc_core::traffic::{remember, replication, summary_of, Config, Run, Summary};
use commcalc_core::units::{metric as display, si};
use commcalc_core::{evaluate_with, Scenario};
use serde_json::json;

use crate::args::{rejected, Sweep, TrafficOptions, Usage};

/// Bars of the text histograms are at most this wide.
const BAR: usize = 40;

/// One simulated query: its scenario, results and warnings.
struct Simulated {
    scenario: Scenario,
    config: Config,
    summary: Summary,
    warnings: Vec<String>,
}

pub fn traffic(options: &TrafficOptions) -> Result<String, Usage> {
    let scenario = Scenario::from_query(&options.query).map_err(|e| rejected(&e))?;
    match &options.sweep {
        None => single(scenario, options),
        Some(sweep) => swept(&scenario, sweep, options),
    }
}

/// Refuses runs estimated at more events in all than `--max-events` (by default the core's
/// [`MAX_EVENTS`]) before any starts.
pub fn within_limit(configs: &[Config], max_events: Option<usize>) -> Result<(), Usage> {
    let events: f64 = configs.iter().map(estimated_events).sum();
    let limit = max_events.map_or(MAX_EVENTS, |n| n as f64);
    match beyond_limit(events, limit) {
        None => Ok(()),
        Some(why) => Err(Usage(format!(
            "{why}; or pass --max-events {:.0} to run it anyway",
            events.ceil()
        ))),
    }
}

/// The simulations an evaluation of each traffic scenario runs (none for other patterns),
/// refused together beyond `--max-events`: `eval` and `compare` of a traffic query.
pub fn evaluation_within_limit(
    scenarios: &[&Scenario],
    max_events: Option<usize>,
) -> Result<(), Usage> {
    let mut configs = Vec::new();
    for s in scenarios.iter().filter(|s| s.pattern.id == "traffic") {
        configs.extend(simulations(s).map_err(|e| rejected(&e.into()))?);
    }
    within_limit(&configs, max_events)
}

/// Simulates the configurations, every replication of each a job, on as many threads as the
/// computer offers: a replication is a pure function of its configuration and its number, so
/// the summaries are those of one thread, bit for bit (the person waits for the whole
/// command: a 1024-node query's five replications take a fifth of the time on five cores).
/// Prints the speed, all events over the wall clock, on stderr.
fn simulate_all(configs: &[Config]) -> Result<Vec<Summary>, Usage> {
    for c in configs {
        c.validate().map_err(|e| rejected(&e.into()))?;
    }
    let jobs: Vec<(usize, u32)> = (configs.iter().enumerate())
        .flat_map(|(i, c)| (0..c.reps).map(move |rep| (i, rep)))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let done: Vec<Mutex<Option<Run>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(i, rep)) = jobs.get(job) else {
                    break;
                };
                let run = replication(&configs[i], rep);
                if let Ok(mut slot) = done[job].lock() {
                    *slot = Some(run);
                }
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let mut runs = done
        .into_iter()
        .map(|slot| slot.into_inner().ok().flatten());
    let mut summaries = Vec::with_capacity(configs.len());
    for c in configs {
        let mine: Option<Vec<Run>> = runs.by_ref().take(c.reps as usize).collect();
        let mine = mine.ok_or_else(|| Usage("a simulation thread failed".into()))?;
        summaries.push(summary_of(c, mine).map_err(|e| rejected(&e.into()))?);
    }
    speed(summaries.iter().map(|s| s.events).sum(), seconds);
    Ok(summaries)
}

/// The simulator's speed, on stderr: the computer's, not the query's, so never among the
/// results (tests/browser/bench-traffic.mjs reads the milliseconds).
fn speed(events: u64, seconds: f64) {
    let rate = if seconds > 0.0 {
        si(events as f64 / seconds, "events/s")
    } else {
        "—".into()
    };
    eprintln!(
        "commcalc: simulated {events} events in {:.3} ms ({rate})",
        seconds * 1e3
    );
}

/// The query's run, refused first if it is estimated beyond the limit.
fn run(scenario: Scenario, max_events: Option<usize>) -> Result<Simulated, Usage> {
    let (config, warnings) = config_of(&scenario).map_err(|e| rejected(&e.into()))?;
    within_limit(std::slice::from_ref(&config), max_events)?;
    let summary = simulate_all(std::slice::from_ref(&config))?
        .pop()
        .ok_or_else(|| Usage("no simulation ran".into()))?;
    Ok(Simulated {
        scenario,
        config,
        summary,
        warnings,
    })
}

fn encode(value: &serde_json::Value) -> Result<String, Usage> {
    let mut out = serde_json::to_string(value)
        .map_err(|e| Usage(format!("cannot encode the results as JSON: {e}")))?;
    out.push('\n');
    Ok(out)
}

fn single(scenario: Scenario, options: &TrafficOptions) -> Result<String, Usage> {
    if !options.json {
        return Ok(text(&run(scenario, options.max_events)?));
    }
    // The eval report (query, metrics, curve, warnings) and the full results: the query's run
    // and the curve's, simulated together and handed to the evaluation, which would otherwise
    // run them again one after the other.
    let configs = simulations(&scenario).map_err(|e| rejected(&e.into()))?;
    within_limit(&configs, options.max_events)?;
    let summaries = simulate_all(&configs)?;
    let summary = summaries.first().cloned().unwrap_or_default();
    remember(configs.into_iter().zip(summaries).collect());
    let report = evaluate_with(&scenario, CURVE_POINTS).map_err(|e| rejected(&e.into()))?;
    let mut value = serde_json::to_value(&report)
        .map_err(|e| Usage(format!("cannot encode the report as JSON: {e}")))?;
    value["traffic"] = json!(summary);
    encode(&value)
}

fn swept(base: &Scenario, sweep: &Sweep, options: &TrafficOptions) -> Result<String, Usage> {
    let list = sweep.scenarios(base).map_err(|(value, e)| {
        let mut u = rejected(&e);
        u.0 = format!("at {}={value}: {}", sweep.key, u.0);
        u
    })?;
    let mut rows = Vec::new();
    for (value, scenario) in list {
        let (config, warnings) = config_of(&scenario).map_err(|e| rejected(&e.into()))?;
        rows.push((value, scenario, config, warnings));
    }
    let configs: Vec<Config> = rows.iter().map(|r| r.2.clone()).collect();
    within_limit(&configs, options.max_events)?;
    let summaries = simulate_all(&configs)?;
    let rows: Vec<(String, Simulated)> = rows
        .into_iter()
        .zip(summaries)
        .map(|((value, scenario, config, warnings), summary)| {
            let s = Simulated {
                scenario,
                config,
                summary,
                warnings,
            };
            (value, s)
        })
        .collect();
    if options.json {
        let rows: Vec<_> = rows
            .iter()
            .map(|(_, s)| {
                let metrics: serde_json::Map<_, _> = metrics(&s.summary)
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), json!(v)))
                    .collect();
                json!({
                    "query": s.scenario.to_query(),
                    "metrics": metrics,
                    "warnings": s.warnings,
                    "traffic": s.summary,
                })
            })
            .collect();
        // Whole endpoints exact, as the table's header (`Sweep::spec`) gives them.
        let (from, to) = match sweep.whole {
            Some((from, to)) => (json!(from), json!(to)),
            None => (json!(sweep.from), json!(sweep.to)),
        };
        return encode(&json!({
            "sweep": {"key": sweep.key, "from": from, "to": to, "steps": sweep.steps,
                      "notes": sweep.note().into_iter().collect::<Vec<_>>()},
            "rows": rows,
        }));
    }
    Ok(sweep_table(base, sweep, &rows))
}

fn header(out: &mut String, s: &Simulated) {
    let c = &s.config;
    let what = format!(
        "{}-node cube, {} routing, {} destinations",
        c.cube.nodes(),
        c.routing.id(),
        c.spatial.id()
    );
    let _ = writeln!(
        out,
        "Synthetic traffic on {} — {what}",
        s.scenario.machine.name
    );
    let _ = writeln!(out, "query  {}", s.scenario.to_query());
}

fn warnings(out: &mut String, list: &[String]) {
    if list.is_empty() {
        let _ = writeln!(out, "warnings: none");
    } else {
        let _ = writeln!(out, "warnings:");
        for w in list {
            let _ = writeln!(out, "  ! {w}");
        }
    }
}

fn text(s: &Simulated) -> String {
    let mut out = String::new();
    header(&mut out, s);
    let _ = writeln!(out);
    let rows: Vec<(&str, String, String)> = metrics(&s.summary)
        .into_iter()
        .map(|(k, v)| match v {
            Value::Number(x) => (k, display(k, x), format!("{x}")),
            Value::Text(t) => (k, t, String::new()),
        })
        .collect();
    let kw = rows.iter().map(|r| r.0.len()).max().unwrap_or(6);
    let vw = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(5);
    let _ = writeln!(out, "{:kw$}  {:vw$}  raw", "metric", "value");
    for (k, v, raw) in &rows {
        let pad = vw - v.chars().count();
        let _ = writeln!(out, "{k:kw$}  {v}{:pad$}  {raw}", "");
    }
    links(&mut out, s);
    histograms(&mut out, s);
    let _ = writeln!(out);
    warnings(&mut out, &s.warnings);
    out
}

/// The busiest links of the first replication, with their end nodes.
fn links(out: &mut String, s: &Simulated) {
    let run = &s.summary.first;
    let n = run.link_utilisation.len();
    if n == 0 {
        return;
    }
    let cube = s.config.cube;
    let mean = run.link_utilisation.iter().sum::<f64>() / n as f64;
    let _ = writeln!(
        out,
        "\nlinks (first replication): {n}, utilisation mean {:.3}, max {:.3}",
        mean, run.link_util_max
    );
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| run.link_utilisation[b].total_cmp(&run.link_utilisation[a]));
    for &l in order.iter().take(4) {
        let (a, b) = cube.link_ends(l as u32);
        let _ = writeln!(
            out,
            "  link {l:>5} ({a}–{b}, dimension {})  utilisation {:.3}  peak queue {}",
            l as u32 >> (cube.dim - 1),
            run.link_utilisation[l],
            run.link_peak_queue[l]
        );
    }
}

fn bar(count: u64, top: u64) -> String {
    let width = if top > 0 {
        (count as f64 / top as f64 * BAR as f64).round() as usize
    } else {
        0
    };
    "█".repeat(width.max(usize::from(count > 0)))
}

fn histograms(out: &mut String, s: &Simulated) {
    let run = &s.summary.first;
    let runs = &run.run_lengths;
    let last = runs.iter().rposition(|&c| c > 0).unwrap_or(0);
    let top = runs.iter().copied().max().unwrap_or(0);
    let _ = writeln!(
        out,
        "\nrun lengths ({}; consecutive messages from a node to one destination):",
        commcalc_core::figures::RUN_LENGTHS.source
    );
    for (k, &c) in runs.iter().enumerate().take(last.min(20) + 1).skip(1) {
        let more = if k == runs.len() - 1 { "+" } else { " " };
        let _ = writeln!(out, "  {k:>3}{more} {c:>8}  {}", bar(c, top));
    }
    if last > 20 {
        let rest: u64 = runs[21..].iter().sum();
        let _ = writeln!(out, "  >20  {rest:>8}");
    }
    let h = &run.latency_histogram;
    let top = h.counts.iter().copied().max().unwrap_or(0);
    let _ = writeln!(
        out,
        "\nlatency (first replication), {} bins:",
        h.counts.len()
    );
    // Pairs of bins, so that the histogram fits a terminal.
    for (i, pair) in h.counts.chunks(2).enumerate() {
        let c: u64 = pair.iter().sum();
        let from = (2 * i) as f64 * h.bin_width;
        let _ = writeln!(out, "  {:>9} {c:>8}  {}", si(from, "µs"), bar(c, 2 * top));
    }
}

fn sweep_table(base: &Scenario, sweep: &Sweep, rows: &[(String, Simulated)]) -> String {
    let mut out = String::new();
    if let Some((_, first)) = rows.first() {
        header(&mut out, first);
    }
    let _ = writeln!(out, "sweep  {} on {}", sweep.spec(), base.to_query());
    if let Some(note) = sweep.note() {
        let _ = writeln!(out, "note   {note}");
    }
    let _ = writeln!(out);
    let cols = [
        "completion",
        "± 95 %",
        "latency",
        "p99",
        "hops",
        "util max",
        "queue max",
        "run mean",
    ];
    let kw = sweep.key.len().max(8);
    let _ = write!(out, "{:>kw$}", sweep.key);
    for c in cols {
        let _ = write!(out, "  {c:>10}");
    }
    let _ = writeln!(out);
    for (value, s) in rows {
        let m = &s.summary;
        let ci = m
            .completion_us
            .ci95
            .map(|c| si(c, "µs"))
            .unwrap_or_else(|| "—".into());
        let cells = [
            si(m.completion_us.mean, "µs"),
            ci,
            si(m.latency_mean_us.mean, "µs"),
            si(m.latency_p99_us.mean, "µs"),
            format!("{:.3}", m.hops_mean.mean),
            format!("{:.3}", m.link_util_max.mean),
            format!("{:.1}", m.queue_max.mean),
            format!("{:.2}", m.run_length_mean.mean),
        ];
        let _ = write!(out, "{value:>kw$}");
        for c in cells {
            let pad = 10usize.saturating_sub(c.chars().count());
            let _ = write!(out, "  {:pad$}{c}", "");
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(out);
    let all: Vec<String> = rows.iter().flat_map(|(_, s)| s.warnings.clone()).collect();
    let mut unique = all.clone();
    unique.dedup();
    warnings(&mut out, &unique);
    out
}

#[cfg(test)]
mod tests {
    use commcalc_core::traffic::Cube;

    /// `Cube::link_ends` inverts the core's link numbering.
    #[test]
    fn link_ends_invert_the_numbering() {
        for dim in 1..=6 {
            let cube = Cube { dim };
            for a in 0..cube.nodes() {
                for k in 0..dim {
                    let (b, link) = cube.next_hop(a, a ^ (1 << k));
                    assert_eq!(cube.link_ends(link), (a.min(b), a.max(b)));
                }
            }
        }
    }
}
