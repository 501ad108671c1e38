//! `commcalc compare`: up to four scenarios on one size axis and the sizes where their curves
//! cross, as a table for people or JSON for programs. Both come from the core's
//! `compare::compare_with`, the function the web app's comparison chart calls.

use std::fmt::Write as _;

use commcalc_core::compare::{compare_with, Comparison};
use commcalc_core::units::si;
use commcalc_core::{evaluate_with, Scenario};

use crate::args::{CompareOptions, Usage};

/// Parses, evaluates and compares the queries. Every query the core rejects is reported with
/// its position, all of them at once, before anything is compared.
pub fn compare(options: &CompareOptions) -> Result<String, Usage> {
    let valid: Vec<Scenario> = (options.queries.iter())
        .filter_map(|q| Scenario::from_query(q).ok())
        .collect();
    crate::traffic::evaluation_within_limit(&valid.iter().collect::<Vec<_>>(), options.max_events)?;
    let mut problems = Vec::new();
    let mut scenarios = Vec::new();
    for (i, query) in options.queries.iter().enumerate() {
        match Scenario::from_query(query) {
            // The core's compare returns the first failing scenario's error without its
            // position, so each one is evaluated alone first (two curve points: cheap).
            Ok(s) => match evaluate_with(&s, 2) {
                Ok(_) => scenarios.push(s),
                Err(e) => problems.push((i, vec![e.to_string()])),
            },
            Err(errors) => problems.push((i, errors.0.iter().map(|e| e.to_string()).collect())),
        }
    }
    if !problems.is_empty() {
        let mut message = String::new();
        for (n, (i, errors)) in problems.iter().enumerate() {
            if n > 0 {
                message.push('\n');
            }
            let _ = write!(
                message,
                "query {} (`{}`) is not accepted:",
                i + 1,
                options.queries[*i]
            );
            for e in errors {
                let _ = write!(message, "\n  {e}");
            }
        }
        return Err(Usage(message));
    }
    let comparison = compare_with(&scenarios, options.points)
        .map_err(|e| Usage(format!("the queries cannot be compared: {e}")))?;
    if options.json {
        let mut out = serde_json::to_string(&comparison)
            .map_err(|e| Usage(format!("cannot encode the comparison as JSON: {e}")))?;
        out.push('\n');
        Ok(out)
    } else {
        Ok(table(&scenarios, &comparison))
    }
}

/// "#2 Ametek S/14": the machine's name, with the pattern's title where two scenarios would
/// otherwise read the same.
fn labels(scenarios: &[Scenario]) -> Vec<String> {
    let name = |s: &Scenario| s.machine.name.to_string();
    let with_pattern = |s: &Scenario| format!("{} {}", s.machine.name, s.pattern.title);
    let ambiguous = |f: &dyn Fn(&Scenario) -> String| {
        scenarios
            .iter()
            .enumerate()
            .any(|(i, a)| scenarios[i + 1..].iter().any(|b| f(a) == f(b)))
    };
    let label: &dyn Fn(&Scenario) -> String = if !ambiguous(&name) {
        &name
    } else {
        &with_pattern
    };
    scenarios
        .iter()
        .enumerate()
        .map(|(i, s)| format!("#{} {}", i + 1, label(s)))
        .collect()
}

fn table(scenarios: &[Scenario], comparison: &Comparison) -> String {
    let mut out = String::new();
    let axis = if comparison
        .abscissae
        .iter()
        .all(|a| *a == comparison.abscissae[0])
    {
        comparison.abscissae[0]
    } else {
        "bytes"
    };
    let _ = writeln!(
        out,
        "{} scenario{} on one axis: {axis} from {} to {}",
        scenarios.len(),
        if scenarios.len() == 1 { "" } else { "s" },
        si(comparison.from_bytes, "B"),
        si(comparison.to_bytes, "B")
    );
    let _ = writeln!(out);

    let labels = labels(scenarios);
    scenario_rows(&mut out, &labels, comparison);
    let _ = writeln!(out);
    for (label, r) in labels.iter().zip(&comparison.reports) {
        let id = label.split(' ').next().unwrap_or(label);
        let _ = writeln!(out, "  {id}  {}", r.query);
    }

    crossovers(&mut out, &labels, comparison);

    let warnings: Vec<String> = labels
        .iter()
        .zip(&comparison.reports)
        .flat_map(|(label, r)| {
            let id = label.split(' ').next().unwrap_or(label).to_string();
            r.warnings.iter().map(move |w| format!("{id}: {w}"))
        })
        .chain(comparison.notes.iter().cloned())
        .collect();
    if !warnings.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "notes:");
        for w in &warnings {
            let _ = writeln!(out, "  ! {w}");
        }
    }
    out
}

/// One row per scenario: where it is evaluated, its time and bandwidth there, r∞ and n½.
fn scenario_rows(out: &mut String, labels: &[String], comparison: &Comparison) {
    let metric = |r: &commcalc_core::Report, key: &str, unit: &str| {
        r.metric(key)
            .map_or_else(|| "—".to_string(), |v| si(v, unit))
    };
    let header = ["scenario", "at", "time", "bandwidth", "r∞", "n½"];
    let rows: Vec<[String; 6]> = labels
        .iter()
        .zip(&comparison.reports)
        .map(|(label, r)| {
            [
                label.clone(),
                si(r.at_bytes, "B"),
                metric(r, "time_us", "µs"),
                metric(r, "bandwidth_MBps", "MB/s"),
                metric(r, "r_inf_MBps", "MB/s"),
                metric(r, "n_half_bytes", "B"),
            ]
        })
        .collect();
    let width = |c: usize| {
        rows.iter()
            .map(|r| r[c].chars().count())
            .chain([header[c].chars().count()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..6).map(width).collect();
    let line = |cells: [&str; 6]| {
        let mut s = String::from(" ");
        for (c, cell) in cells.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c == 0 {
                let _ = write!(s, " {cell}{:pad$}", "");
            } else {
                let _ = write!(s, "  {:pad$}{cell}", "");
            }
        }
        s.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(header));
    for r in &rows {
        let _ = writeln!(out, "{}", line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
    }
}

/// The sizes where two curves swap order, or that there are none on the axis.
fn crossovers(out: &mut String, labels: &[String], comparison: &Comparison) {
    let _ = writeln!(out);
    if comparison.crossovers.is_empty() {
        let _ = writeln!(
            out,
            "crossovers: none between {} and {}",
            si(comparison.from_bytes, "B"),
            si(comparison.to_bytes, "B")
        );
    } else {
        let _ = writeln!(out, "crossovers:");
        for c in &comparison.crossovers {
            let _ = writeln!(
                out,
                "  {} vs {}: {}, {}; {} faster below",
                labels[c.a],
                labels[c.b],
                si(c.size_bytes, "B"),
                si(c.time_us, "µs"),
                labels[c.faster_below]
            );
        }
    }
}
