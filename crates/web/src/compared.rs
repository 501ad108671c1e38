//! What Compare's two tables show, as data: each scenario's numbers at its query's size, and
//! each crossover of two curves. Plain Rust, so that it builds and tests natively; the view
//! (`components::compare_view`) renders it with keyed rows whose texts follow a slider.

use commcalc_core::compare::Comparison;
use commcalc_core::metrics::{self, Unit};
use commcalc_core::units::{in_unit, metric, si};
use commcalc_core::{Error, Scenario};

use crate::chart::letter;

/// The per-scenario table's number columns by metric key (`at_bytes` is the query's point, in
/// bytes; the others are `Report::metric` keys), each headed by [`head`].
pub const COLUMNS: [&str; 5] = [
    "at_bytes",
    "time_us",
    "bandwidth_MBps",
    "r_inf_MBps",
    "n_half_bytes",
];

/// A column's header: a word for the query's point and the time and bandwidth there, r∞ and
/// n½ by their symbols in the papers' notation (the core's `metrics`).
pub fn head(key: &'static str) -> &'static str {
    match key {
        "at_bytes" => "at",
        "time_us" => "time",
        "bandwidth_MBps" => "bandwidth",
        _ => metrics::metric(key).map_or(key, |m| m.symbol),
    }
}

/// One number of a scenario's row: the raw value (`data-value`, none where a pattern has no
/// such metric) and its text ("—" then).
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub value: Option<f64>,
    pub shown: String,
}

/// One row of `table#scenarios`: what the scenario is ("machine · pattern") and its numbers,
/// one per `COLUMNS` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioRow {
    pub what: String,
    pub cells: Vec<Cell>,
}

/// For each compared scenario, its time and bandwidth at its query's size, r∞ and n½, as
/// `commcalc compare` prints them. `label` names a scenario's machine (a fitted machine by its
/// name).
pub fn scenario_rows(
    scenarios: &[Scenario],
    label: impl Fn(&Scenario) -> String,
    c: &Comparison,
) -> Vec<ScenarioRow> {
    scenarios
        .iter()
        .zip(&c.reports)
        .map(|(s, r)| ScenarioRow {
            what: format!("{} · {}", label(s), s.pattern.title),
            cells: COLUMNS
                .iter()
                .map(|&key| {
                    let value = match key {
                        "at_bytes" => Some(r.at_bytes),
                        _ => r.metric(key),
                    };
                    let shown = value.map_or_else(
                        || "—".to_string(),
                        |v| match key {
                            "at_bytes" => in_unit(v, Unit::Bytes),
                            _ => metric(key, v),
                        },
                    );
                    Cell { value, shown }
                })
                .collect(),
        })
        .collect()
}

/// Which crossover a row is: the pair of curves and, for a pair that crosses more than once,
/// which of its crossings (by size).
pub type CrossingKey = (usize, usize, usize);

/// One row of `table#crossovers`.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossing {
    pub key: CrossingKey,
    /// "A×B".
    pub curves: String,
    pub size_bytes: f64,
    /// The size and the time there, as shown.
    pub size: String,
    pub time: String,
    /// "A faster below, B above".
    pub order: String,
}

/// Compare's crossovers section: the table, or why there is nothing to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Crossings {
    /// A sentence in place of the table, and its id if a test needs one.
    Said(String, Option<&'static str>),
    Rows(Vec<Crossing>),
}

/// Each pair's crossover sizes, or why there is none to show.
pub fn crossings(comparison: &Result<Comparison, Error>) -> Crossings {
    let c = match comparison {
        Ok(c) => c,
        Err(e) => return Crossings::Said(e.to_string(), None),
    };
    if c.reports.len() < 2 {
        return Crossings::Said("Add a scenario to see where the curves cross.".into(), None);
    }
    if c.crossovers.is_empty() {
        let said = format!(
            "No two curves cross between {} and {}.",
            si(c.from_bytes, "B"),
            si(c.to_bytes, "B")
        );
        return Crossings::Said(said, Some("no-crossovers"));
    }
    let mut rows: Vec<Crossing> = Vec::with_capacity(c.crossovers.len());
    for x in &c.crossovers {
        let nth = rows
            .iter()
            .filter(|r| (r.key.0, r.key.1) == (x.a, x.b))
            .count();
        let (below, above) = if x.faster_below == x.a {
            (x.a, x.b)
        } else {
            (x.b, x.a)
        };
        rows.push(Crossing {
            key: (x.a, x.b, nth),
            curves: format!("{}×{}", letter(x.a), letter(x.b)),
            size_bytes: x.size_bytes,
            size: si(x.size_bytes, "B"),
            time: si(x.time_us, "µs"),
            order: format!("{} faster below, {} above", letter(below), letter(above)),
        });
    }
    Crossings::Rows(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::compare::compare;

    fn scenarios(machines: &[&str]) -> Vec<Scenario> {
        machines
            .iter()
            .map(|m| Scenario::from_query(&format!("machine={m}&pattern=pingpong")).unwrap())
            .collect()
    }

    /// The per-scenario table reads as `commcalc compare` prints it: the iPSC and the Ametek
    /// at 10 kB.
    #[test]
    fn the_scenario_rows_have_each_scenarios_time_r_inf_and_n_half() {
        let list = scenarios(&["intel-ipsc", "ametek-s14"]);
        let c = compare(&list).unwrap();
        let rows = scenario_rows(&list, |s| s.machine.name.to_string(), &c);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].what.starts_with("Intel iPSC · "), "{:?}", rows[0]);
        let shown: Vec<&str> = rows
            .iter()
            .flat_map(|r| r.cells.iter().map(|c| c.shown.as_str()))
            .collect();
        for want in [
            "10 kB", "30 ms", "333 kB/s", "353 kB/s", "601 B", "95.8 ms", "57.7 B",
        ] {
            assert!(shown.contains(&want), "{want}: {shown:?}");
        }
        for (r, report) in rows.iter().zip(&c.reports) {
            assert_eq!(r.cells.len(), COLUMNS.len());
            assert_eq!(r.cells[0].value, Some(report.at_bytes));
            let n_half = COLUMNS.iter().position(|&c| c == "n_half_bytes").unwrap();
            assert_eq!(r.cells[n_half].value, report.metric("n_half_bytes"));
        }
    }

    /// The headers are the table's words and the metrics' symbols; every column but the
    /// query's point is a metric of the core's.
    #[test]
    fn the_columns_are_headed_by_words_and_the_metrics_symbols() {
        let heads = COLUMNS.map(head);
        assert_eq!(heads, ["at", "time", "bandwidth", "r∞", "n½"]);
        assert!(COLUMNS[1..].iter().all(|k| metrics::metric(k).is_some()));
    }

    #[test]
    fn a_metric_a_pattern_lacks_is_a_dash_without_a_value() {
        let list =
            vec![Scenario::from_query("machine=intel-delta&pattern=global-combine").unwrap()];
        let c = compare(&list).unwrap();
        let rows = scenario_rows(&list, |s| s.machine.name.to_string(), &c);
        let missing: Vec<&Cell> = rows[0].cells.iter().filter(|c| c.value.is_none()).collect();
        assert!(!missing.is_empty(), "{rows:?}");
        assert!(missing.iter().all(|c| c.shown == "—"));
    }

    #[test]
    fn crossings_follow_the_core_and_name_the_faster_curve() {
        let list = scenarios(&["intel-ipsc", "ametek-s14"]);
        let c = compare(&list);
        let want = c.as_ref().unwrap().crossovers.clone();
        let Crossings::Rows(rows) = crossings(&c) else {
            panic!("the iPSC and the Ametek cross")
        };
        assert_eq!(rows.len(), want.len());
        for (r, x) in rows.iter().zip(&want) {
            assert_eq!((r.key.0, r.key.1), (x.a, x.b));
            assert_eq!(r.size_bytes, x.size_bytes);
            assert_eq!(r.curves, "A×B");
            let faster = letter(x.faster_below);
            assert!(
                r.order.starts_with(&format!("{faster} faster below")),
                "{r:?}"
            );
        }
        let keys: Vec<CrossingKey> = rows.iter().map(|r| r.key).collect();
        let mut unique = keys.clone();
        unique.dedup();
        assert_eq!(keys, unique, "each row has its own key");
    }

    #[test]
    fn one_scenario_or_no_crossing_is_said() {
        let one = compare(&scenarios(&["intel-ipsc"]));
        assert!(
            matches!(crossings(&one), Crossings::Said(s, None) if s.starts_with("Add a scenario"))
        );
        let same = compare(&scenarios(&["intel-ipsc", "intel-ipsc"]));
        assert!(
            matches!(crossings(&same), Crossings::Said(s, Some("no-crossovers")) if s.starts_with("No two curves cross between"))
        );
        let none = compare(&[]);
        assert!(matches!(crossings(&none), Crossings::Said(_, None)));
    }
}
