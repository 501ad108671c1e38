//! `commcalc traffic`: the synthetic traffic simulator (003 §Synthetic Communication
//! Benchmarks) on the command line. One query prints its results: the metrics, the links'
//! utilisation, the run-length histogram (003 Fig. 9) and the latency histogram; `--sweep`
//! runs the query once per value of one key and prints one row each (003 Figs. 7 and 8 are
//! such sweeps). The wall-clock speed, `events_per_s`, is measured here: the core has no
//! clock.

use std::fmt::Write as _;
use std::time::Instant;

use commcalc_core::patterns::traffic::{config_of, metrics};
use commcalc_core::patterns::Value;
use commcalc_core::report::CURVE_POINTS;
use commcalc_core::traffic::{simulate, Config, Summary};
use commcalc_core::units::{metric as display, si};
use commcalc_core::{evaluate_with, Scenario};
use serde_json::json;

use crate::args::{rejected, Sweep, TrafficOptions, Usage};

/// Bars of the text histograms are at most this wide.
const BAR: usize = 40;

/// One simulated query: its scenario, results, measured speed and warnings.
struct Simulated {
    scenario: Scenario,
    config: Config,
    summary: Summary,
    events_per_s: f64,
    warnings: Vec<String>,
}

pub fn traffic(options: &TrafficOptions) -> Result<String, Usage> {
    let scenario = Scenario::from_query(&options.query).map_err(|e| rejected(&e))?;
    match &options.sweep {
        None => single(scenario, options.json),
        Some(sweep) => swept(&scenario, sweep, options.json),
    }
}

fn run(scenario: Scenario) -> Result<Simulated, Usage> {
    let (config, warnings) = config_of(&scenario).map_err(|e| rejected(&e.into()))?;
    let start = Instant::now();
    let summary = simulate(&config).map_err(|e| rejected(&e.into()))?;
    let seconds = start.elapsed().as_secs_f64();
    Ok(Simulated {
        scenario,
        config,
        events_per_s: if seconds > 0.0 {
            summary.events as f64 / seconds
        } else {
            0.0
        },
        summary,
        warnings,
    })
}

/// The metrics of a run, with the measured speed.
fn all_metrics(s: &Simulated) -> Vec<(&'static str, Value)> {
    let mut m = metrics(&s.summary);
    m.push(("events_per_s", Value::Number(s.events_per_s)));
    m
}

fn encode(value: &serde_json::Value) -> Result<String, Usage> {
    let mut out = serde_json::to_string(value)
        .map_err(|e| Usage(format!("cannot encode the results as JSON: {e}")))?;
    out.push('\n');
    Ok(out)
}

fn single(scenario: Scenario, json: bool) -> Result<String, Usage> {
    let s = run(scenario)?;
    if !json {
        return Ok(text(&s));
    }
    // The eval report (query, metrics, curve, warnings), plus the speed and the full results.
    let report = evaluate_with(&s.scenario, CURVE_POINTS).map_err(|e| rejected(&e.into()))?;
    let mut value = serde_json::to_value(&report)
        .map_err(|e| Usage(format!("cannot encode the report as JSON: {e}")))?;
    value["metrics"]["events_per_s"] = json!(s.events_per_s);
    value["traffic"] = json!(s.summary);
    encode(&value)
}

fn swept(base: &Scenario, sweep: &Sweep, json: bool) -> Result<String, Usage> {
    let mut rows = Vec::new();
    let list = sweep.scenarios(base).map_err(|(value, e)| {
        let mut u = rejected(&e);
        u.0 = format!("at {}={value}: {}", sweep.key, u.0);
        u
    })?;
    for (value, scenario) in list {
        rows.push((value, run(scenario)?));
    }
    if json {
        let rows: Vec<_> = rows
            .iter()
            .map(|(_, s)| {
                let metrics: serde_json::Map<_, _> = all_metrics(s)
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
        return encode(&json!({
            "sweep": {"key": sweep.key, "from": sweep.from, "to": sweep.to, "steps": sweep.steps},
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
    let rows: Vec<(&str, String, String)> = all_metrics(s)
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
        "\nrun lengths (003 Fig. 9; consecutive messages from a node to one destination):"
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
    let _ = writeln!(
        out,
        "sweep  {}={}:{}:{} on {}",
        sweep.key,
        sweep.from,
        sweep.to,
        sweep.steps,
        base.to_query()
    );
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
