//! `commcalc eval`: a query becomes a table for people or the JSON report for programs.

use std::fmt::Write as _;

use commcalc_core::derivation::Derivation;
use commcalc_core::patterns::Value;
use commcalc_core::report::{ByName, Used};
use commcalc_core::units::{metric as display, si};
use commcalc_core::{evaluate_with, Errors, Model, Report, Scenario};

use crate::args::{rejected, EvalOptions, Usage};

/// Parses, evaluates and renders one query.
pub fn eval(options: &EvalOptions) -> Result<String, Usage> {
    let scenario = Scenario::from_query(&options.query).map_err(|e| rejected(&e))?;
    crate::traffic::evaluation_within_limit(&[&scenario], options.max_events)?;
    let report =
        evaluate_with(&scenario, options.points).map_err(|e| rejected(&Errors::from(e)))?;
    if options.json {
        // The report serialises to exactly the eval JSON's {"query", "metrics", "curve", "warnings"}.
        let encode = |e: serde_json::Error| Usage(format!("cannot encode the report as JSON: {e}"));
        let json = if options.explain {
            serde_json::to_string(&Explained {
                report: &report,
                explain: &report.derivations,
                used: report.used(),
            })
        } else {
            serde_json::to_string(&report)
        };
        Ok(json.map_err(encode)? + "\n")
    } else {
        let mut out = table(&scenario, &report, options.rows);
        if options.explain {
            out.push_str(&explained(&scenario, &report));
        }
        Ok(out)
    }
}

/// The report with two more members, `--explain`'s: each metric's derivation and what the
/// evaluation used. Without `--explain` the report's bytes are unchanged.
#[derive(serde::Serialize)]
struct Explained<'a> {
    #[serde(flatten)]
    report: &'a Report,
    explain: &'a ByName<Derivation>,
    used: Used<'a>,
}

/// Each metric's derivation: the formula in symbols, then with the numbers, the bindings and
/// the source; a metric that is a name (`fastest`) is named as such.
fn explained(scenario: &Scenario, report: &Report) -> String {
    let mut out = String::from("\nexplain:\n");
    let used = report.used();
    let inputs: Vec<_> = used
        .inputs
        .iter()
        .map(|(k, v)| format!("{k} = {}", plain(v)))
        .collect();
    let parameters: Vec<_> = (used.parameters.iter())
        .map(|(k, v)| format!("{k} = {}", raw(*v)))
        .collect();
    let _ = writeln!(out, "  inputs used: {}", inputs.join(", "));
    let _ = writeln!(out, "  parameters used: {}", parameters.join(", "));
    let _ = writeln!(out, "  {}", model_line(scenario.model));
    for (key, _) in ordered(scenario, report) {
        let Some(d) = report.derivations.get(key) else {
            let _ = writeln!(
                out,
                "  {key}: a name, not a number (time_us names the case)"
            );
            continue;
        };
        let _ = writeln!(
            out,
            "  {key}: {} = {} = {} = {}",
            d.symbol,
            d.formula.text(false),
            d.formula.text(true),
            raw(d.value())
        );
        for (symbol, value, unit) in d.formula.shown().bindings() {
            let _ = writeln!(out, "      {symbol} = {} {unit}", raw(value));
        }
        if let Some(b) = d.cases() {
            let _ = writeln!(out, "      case: {b}");
        }
        let _ = writeln!(out, "      source: {}", d.source);
    }
    out
}

/// The scenario's model: its equations in symbols, from the trees the model computes with,
/// and their source.
fn model_line(model: Model) -> String {
    let equations = model.equations();
    let shown: Vec<String> = equations
        .iter()
        .map(|d| format!("{} = {}", d.symbol, d.formula.text(false)))
        .collect();
    let source = equations.first().map_or("", |d| d.source);
    format!("model {}: {} ({source})", model.id(), shown.join("; "))
}

/// An input's value as the query language writes it.
fn plain(value: &Value) -> String {
    match value {
        Value::Number(x) => raw(*x),
        Value::Text(t) => t.clone(),
    }
}

/// The value as a number in the key's own unit, precise enough to compare with a paper.
fn raw(v: f64) -> String {
    let a = v.abs();
    if v == 0.0 || (1e-2..1e12).contains(&a) {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        let s = format!("{v:.6e}");
        match s.split_once('e') {
            Some((mantissa, exp)) if mantissa.contains('.') => {
                let m = mantissa.trim_end_matches('0').trim_end_matches('.');
                format!("{m}e{exp}")
            }
            _ => s,
        }
    }
}

/// Metrics in reading order: the point of the query first, then the pattern's own metrics as
/// it declares them, then anything else alphabetically.
fn ordered<'r>(scenario: &Scenario, report: &'r Report) -> Vec<(&'r str, &'r Value)> {
    let mut keys: Vec<&str> = vec!["time_us", "bandwidth_MBps"];
    keys.extend(scenario.pattern.metrics.iter().copied());
    let mut out: Vec<(&str, &Value)> = keys
        .iter()
        .filter_map(|k| report.metrics.get_key_value(k))
        .collect();
    for (k, v) in &report.metrics {
        if !keys.contains(k) {
            out.push((k, v));
        }
    }
    out
}

/// Indices of `rows` curve points spread evenly from the first to the last.
fn sample(len: usize, rows: usize) -> Vec<usize> {
    if rows >= len {
        return (0..len).collect();
    }
    match rows {
        0 => Vec::new(),
        1 => vec![0],
        _ => {
            let mut idx: Vec<usize> = (0..rows).map(|i| i * (len - 1) / (rows - 1)).collect();
            idx.dedup();
            idx
        }
    }
}

fn table(scenario: &Scenario, report: &Report, rows: usize) -> String {
    let mut out = String::new();
    let label = scenario
        .machine
        .set(scenario.model)
        .map(|s| format!(" ({})", s.label))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{} on {} — {} model{label}",
        scenario.pattern.title,
        scenario.machine.name,
        scenario.model.id()
    );
    let _ = writeln!(out, "query  {}", report.query);
    metrics_table(&mut out, scenario, report);
    let _ = writeln!(out);
    if report.warnings.is_empty() {
        let _ = writeln!(out, "warnings: none");
    } else {
        let _ = writeln!(out, "warnings:");
        for w in &report.warnings {
            let _ = writeln!(out, "  ! {w}");
        }
    }
    curve_table(&mut out, scenario, report, rows);
    out
}

/// The metrics in the pattern's order: key, value with its unit, raw number.
fn metrics_table(out: &mut String, scenario: &Scenario, report: &Report) {
    let metrics = ordered(scenario, report);
    let width = metrics
        .iter()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let shown: Vec<(String, String)> = metrics
        .iter()
        .map(|(k, v)| match v {
            Value::Number(x) => (display(k, *x), raw(*x)),
            Value::Text(t) => ((*t).to_string(), String::new()),
        })
        .collect();
    let vwidth = shown
        .iter()
        .map(|(s, _)| s.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let _ = writeln!(out);
    let _ = writeln!(out, "{:width$}  {:vwidth$}  raw", "metric", "value");
    for ((key, _), (value, raw)) in metrics.iter().zip(&shown) {
        let pad = vwidth - value.chars().count();
        let line = format!("{key:width$}  {value}{:pad$}  {raw}", "");
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The curve's summary line and up to `rows` of its points (size, time, bandwidth).
fn curve_table(out: &mut String, scenario: &Scenario, report: &Report, rows: usize) {
    let curve = &report.curve;
    let (Some(first), Some(last)) = (curve.first(), curve.last()) else {
        return;
    };
    let idx = sample(curve.len(), rows);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "curve: {} points, {} from {} to {}; {} shown",
        curve.len(),
        scenario.pattern.abscissa,
        si(first.size_bytes, "B"),
        si(last.size_bytes, "B"),
        idx.len()
    );
    if idx.is_empty() {
        return;
    }
    let cells: Vec<[String; 3]> = idx
        .iter()
        .filter_map(|&i| curve.get(i))
        .map(|p| {
            [
                si(p.size_bytes, "B"),
                si(p.time_us, "µs"),
                si(p.bandwidth_mbps, "MB/s"),
            ]
        })
        .collect();
    let w: Vec<usize> = (0..3)
        .map(|c| {
            cells
                .iter()
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
                .max(9)
        })
        .collect();
    let _ = writeln!(
        out,
        "  {:>w0$}  {:>w1$}  {:>w2$}",
        "size",
        "time",
        "bandwidth",
        w0 = w[0],
        w1 = w[1],
        w2 = w[2]
    );
    for r in &cells {
        let pads: Vec<usize> = (0..3).map(|c| w[c] - r[c].chars().count()).collect();
        let _ = writeln!(
            out,
            "  {:p0$}{}  {:p1$}{}  {:p2$}{}",
            "",
            r[0],
            "",
            r[1],
            "",
            r[2],
            p0 = pads[0],
            p1 = pads[1],
            p2 = pads[2]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_keep_both_ends() {
        assert_eq!(sample(512, 8).first(), Some(&0));
        assert_eq!(sample(512, 8).last(), Some(&511));
        assert_eq!(sample(512, 8).len(), 8);
        assert_eq!(sample(3, 8), vec![0, 1, 2]);
        assert!(sample(10, 0).is_empty());
    }

    #[test]
    fn raw_numbers_are_short() {
        assert_eq!(raw(146.0), "146");
        assert_eq!(raw(0.0115), "0.0115");
        assert_eq!(raw(12695.652173913), "12695.652174");
        assert_eq!(raw(0.0), "0");
        assert_eq!(raw(0.000123), "1.23e-4");
        assert_eq!(raw(2.5e13), "2.5e13");
    }
}
