//! `commcalc regimes`: 004 Fig. 5 on the command line — which global combining algorithm
//! (Tree, Snake, Fence, 004 §3.2) is fastest over vector length × mesh, from the core's
//! `regimes::regime_map`, the function the web app's map draws.

use std::fmt::Write as _;

use commcalc_core::figures::{NBL_REGIMES, OPTIMAL_BLOCK, REGIME_MAPS};
use commcalc_core::models::nbl::Algorithm;
use commcalc_core::query::Axes;
use commcalc_core::regimes::{map_query, regime_map, MapOptions, RegimeMap};
use commcalc_core::units::si;
use commcalc_core::Scenario;

use crate::args::{rejected, RegimesOptions, Usage};

/// The text grid shows at most this many columns and rows, subsampled evenly from the map:
/// enough to see 004 Fig. 5's regions in a terminal.
const TEXT_COLUMNS: usize = 64;
const TEXT_ROWS: usize = 32;
/// A winner less than this much faster than the runner-up is printed in lower case: the
/// regions' borders, where the choice hardly matters.
const CLOSE_MARGIN: f64 = 0.05;
/// The options that give the map's axes, named where the query gives a key they stand for.
const AXES: Axes = Axes {
    columns: "--lengths N",
    rows: "--meshes N",
};

pub fn regimes(options: &RegimesOptions) -> Result<String, Usage> {
    let scenario = map_query(&options.query, AXES).map_err(|e| rejected(&e))?;
    // The query's f(L) set, or the one global combining uses by default (nominal, 004 §4.2).
    let f = scenario.inputs.f.unwrap_or_default();
    let defaults = MapOptions::for_machine(scenario.machine);
    let map_options = MapOptions {
        lengths: options.lengths,
        meshes: options.meshes,
        ..defaults
    };
    let map = regime_map(&scenario, f, map_options)
        .map_err(|e| Usage(format!("no regime map for this query: {e}")))?;
    if options.json {
        let mut out = serde_json::to_string(&map)
            .map_err(|e| Usage(format!("cannot encode the map as JSON: {e}")))?;
        out.push('\n');
        Ok(out)
    } else {
        Ok(grid(&scenario, &map))
    }
}

/// `k` indices spread evenly over `0..len`, both ends kept.
fn sample(len: usize, k: usize) -> Vec<usize> {
    match (len, k.min(len)) {
        (0, _) | (_, 0) => Vec::new(),
        (_, 1) => vec![0],
        (_, k) => {
            let mut idx: Vec<usize> = (0..k).map(|i| i * (len - 1) / (k - 1)).collect();
            idx.dedup();
            idx
        }
    }
}

fn letter(algorithm: Algorithm, margin: f64) -> char {
    let upper = match algorithm {
        Algorithm::Tree => 'T',
        Algorithm::Snake => 'S',
        Algorithm::Fence => 'F',
    };
    if margin < CLOSE_MARGIN {
        upper.to_ascii_lowercase()
    } else {
        upper
    }
}

/// The N axis: a label every few columns where it fits, each starting at its column.
fn n_axis(map: &RegimeMap, cols: &[usize]) -> String {
    let mut axis: Vec<char> = Vec::new();
    for (c, &j) in cols.iter().enumerate() {
        if c % 8 != 0 || axis.len() > c {
            continue;
        }
        axis.resize(c, ' ');
        axis.extend(short(map.lengths[j]).chars());
        axis.push(' ');
    }
    let axis: String = axis.into_iter().collect();
    axis.trim_end().to_string()
}

/// A vector length in few characters: 1, 27, 1.2k, 39k, 1M.
fn short(n: u64) -> String {
    si(n as f64, "").replace(' ', "")
}

fn grid(scenario: &Scenario, map: &RegimeMap) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Global combining regimes on {}, f(L) {} ({}, {})",
        scenario.machine.name,
        map.f.id(),
        NBL_REGIMES.source,
        REGIME_MAPS.source
    );
    let _ = writeln!(out, "query  {}", scenario.to_query());
    let cols = sample(map.lengths.len(), TEXT_COLUMNS);
    let rows = sample(map.meshes.len(), TEXT_ROWS);
    let (Some(&n_first), Some(&n_last)) = (map.lengths.first(), map.lengths.last()) else {
        let _ = writeln!(out, "the map is empty");
        return out;
    };
    let _ = writeln!(
        out,
        "map    {} vector lengths (N = {} … {} elements) × {} meshes; {} × {} shown",
        map.lengths.len(),
        short(n_first),
        short(n_last),
        map.meshes.len(),
        cols.len(),
        rows.len()
    );
    let _ = writeln!(out);

    let labels: Vec<String> = rows
        .iter()
        .map(|&r| {
            let m = map.meshes[r];
            format!("{}x{}", m.width, m.height)
        })
        .collect();
    let width = labels
        .iter()
        .map(String::len)
        .chain(["mesh".len()])
        .max()
        .unwrap_or(4);

    let _ = writeln!(out, "{:>width$}  vector length N (elements) →", "");
    let _ = writeln!(out, "{:>width$}  {}", "mesh", n_axis(map, &cols));
    if cols.len() <= 16 {
        // Too few columns for the axis labels to reach them all: list every column's N.
        let every: Vec<String> = cols.iter().map(|&j| short(map.lengths[j])).collect();
        let _ = writeln!(out, "{:>width$}  (columns: N = {})", "", every.join(", "));
    }
    for (label, &r) in labels.iter().zip(&rows) {
        let line: String = cols
            .iter()
            .map(|&j| {
                map.cell(r, j)
                    .map_or('?', |cell| letter(cell.fastest, cell.margin))
            })
            .collect();
        let _ = writeln!(out, "{label:>width$}  {line}");
    }

    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "T Tree, S Snake, F Fence: the fastest at its optimal block ({});",
        OPTIMAL_BLOCK.source
    );
    let _ = writeln!(
        out,
        "lower case where it is less than {:.0}% faster than the runner-up.",
        CLOSE_MARGIN * 100.0
    );
    let shares: Vec<String> = Algorithm::ALL
        .iter()
        .map(|&a| format!("{} {:.0}%", a.id(), 100.0 * map.share(a)))
        .collect();
    let _ = writeln!(out, "cells won: {}", shares.join(", "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_keep_both_ends() {
        assert_eq!(sample(128, 64).len(), 64);
        assert_eq!(sample(128, 64).last(), Some(&127));
        assert_eq!(sample(10, 64), (0..10).collect::<Vec<_>>());
        assert_eq!(sample(5, 1), vec![0]);
        assert!(sample(0, 8).is_empty());
    }

    #[test]
    fn letters_mark_close_calls() {
        assert_eq!(letter(Algorithm::Tree, 0.5), 'T');
        assert_eq!(letter(Algorithm::Snake, 0.01), 's');
        assert_eq!(letter(Algorithm::Fence, 0.05), 'F');
    }
}
