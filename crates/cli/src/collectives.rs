//! `commcalc collectives`: which algorithm of a collective wins over message size × process
//! count on the query's machine (the core's `collectives::winner::winner_map`), as a table
//! or JSON, or exported in a format an MPI library or SimGrid reads.

use std::fmt::Write as _;

use commcalc_core::collectives::chain::Chain;
use commcalc_core::collectives::export::{self, fit_factors, Format, SimgridFit};
use commcalc_core::collectives::winner::{collective_of, winner_map, WinnerMap};
use commcalc_core::patterns::collective::{self, with_ctx};
use commcalc_core::report::{cost_function, log_spaced};
use commcalc_core::units::si;
use commcalc_core::Scenario;

use crate::args::{rejected, CollectivesOptions, Usage};

/// Process counts of the table unless `--p` says otherwise.
pub const DEFAULT_PS: [u32; 8] = [2, 3, 4, 8, 16, 32, 64, 128];
/// The table's sizes unless `--sizes` says otherwise.
pub const DEFAULT_SIZES: (f64, f64) = (1.0, 4e6);
/// Rows of the text table; an export samples the sizes more finely, for its thresholds.
const TABLE_SIZES: usize = 12;
const EXPORT_SIZES: usize = 256;
/// A winner less than this much faster than the runner-up is printed in lower case.
const CLOSE_MARGIN: f64 = 0.05;

pub fn collectives(options: &CollectivesOptions) -> Result<String, Usage> {
    let scenario = Scenario::from_query(&options.query).map_err(|e| rejected(&e))?;
    let c = collective_of(&scenario).map_err(|e| Usage(e.to_string()))?;
    let ps = options.ps.clone().unwrap_or_else(|| DEFAULT_PS.to_vec());
    let (from, to) = options.sizes.unwrap_or(DEFAULT_SIZES);
    let points = if options.export.is_some() {
        EXPORT_SIZES
    } else {
        TABLE_SIZES
    };
    let sizes: Vec<f64> = log_spaced(from, to, points)
        .map(|s| s.round().max(1.0))
        .collect();
    let map = match options.export {
        Some(f) => winner_map(&scenario, &sizes, &ps, |a| export::exportable(f, c, a)),
        None => winner_map(&scenario, &sizes, &ps, |_| true),
    }
    .map_err(|e| Usage(format!("no winner map for this query: {e}")))?;
    match options.export {
        Some(format) => export_file(&scenario, &map, format),
        None if options.json => {
            let mut out = serde_json::to_string(&map)
                .map_err(|e| Usage(format!("cannot encode the map as JSON: {e}")))?;
            out.push('\n');
            Ok(out)
        }
        None => Ok(table(&map)),
    }
}

/// The winners as a grid: a row per size, a column per p, one letter per algorithm.
fn table(map: &WinnerMap) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — fastest algorithm by size (rows) and processes (columns)",
        map.query
    );
    let _ = writeln!(out, "letters: {}", legend(map));
    let _ = writeln!(
        out,
        "lower case: the runner-up is within {:.0}%",
        CLOSE_MARGIN * 100.0
    );
    let _ = write!(out, "{:>10} ", "size \\ p");
    for p in &map.ps {
        let _ = write!(out, "{p:>5}");
    }
    out.push('\n');
    for (col, n) in map.sizes.iter().enumerate() {
        let _ = write!(out, "{:>10} ", si(*n, "B"));
        for row in 0..map.ps.len() {
            let cell = map.cell(row, col);
            let letter = cell.map_or('?', |c| {
                let l = letter(c.winner);
                if c.margin < CLOSE_MARGIN {
                    l.to_ascii_lowercase()
                } else {
                    l
                }
            });
            let _ = write!(out, "{letter:>5}");
        }
        out.push('\n');
    }
    out
}

fn letter(index: usize) -> char {
    (b'A' + (index % 26) as u8) as char
}

fn legend(map: &WinnerMap) -> String {
    map.algos
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{} {a}", letter(i)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The export: decisions among the library's algorithms, in its format.
fn export_file(scenario: &Scenario, map: &WinnerMap, format: Format) -> Result<String, Usage> {
    let bad = |e: commcalc_core::Error| Usage(format!("cannot export: {e}"));
    let (abg_at, fit) = with_ctx(scenario, |ctx| {
        let m = collective::abg(
            ctx,
            scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
            false,
        )?;
        Ok((
            move |p: u32, n: f64| Chain::new(&m, p).optimum(n).segment_bytes as u64,
            m,
        ))
    })
    .map_err(bad)?;
    let d = export::decisions(map, format, abg_at);
    let simgrid = if format == Format::Simgrid {
        simgrid_fit(scenario, fit.alpha, fit.beta)
    } else {
        SimgridFit::default()
    };
    Ok(export::render(&d, format, &map.query, &simgrid))
}

/// SimGrid's factors from the machine's own ping-pong under the scenario's model, where that
/// pattern has it; else factors of 1 (the α-β line is all the model gives).
fn simgrid_fit(scenario: &Scenario, alpha: f64, beta: f64) -> SimgridFit {
    let breaks = [0.0, 1e3, 8e3, 64e3, 512e3, 4e6, 32e6];
    let pingpong = format!(
        "machine={}&pattern=pingpong&model={}",
        scenario.machine.id,
        scenario.model.id()
    );
    let factors = Scenario::from_query(&pingpong)
        .ok()
        .and_then(|s| cost_function(&s).ok())
        .map(|t| fit_factors(t, alpha, beta, &breaks))
        .unwrap_or_else(|| {
            breaks[..breaks.len() - 1]
                .iter()
                .map(|b| (*b as u64, 1.0, 1.0))
                .collect()
        });
    SimgridFit {
        p: scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
        size: scenario.inputs.size.unwrap_or(collective::DEFAULT_SIZE),
        alpha,
        beta,
        factors,
    }
}
