//! `commcalc collectives`: which algorithm of a collective wins over message size × process
//! count on the query's machine (the core's `collectives::winner::winner_map`), as a table
//! or JSON, or exported in a format an MPI library or SimGrid reads.

use std::fmt::Write as _;

use commcalc_core::collectives::file::{export_file, sizes, DEFAULT_PS, DEFAULT_SIZES};
use commcalc_core::collectives::winner::{collective_query, winner_map, WinnerMap};
use commcalc_core::units::si;

use crate::args::{rejected, CollectivesOptions, Usage};

/// Rows of the text table (an export samples the sizes more finely, for its thresholds).
const TABLE_SIZES: usize = 12;
/// A winner less than this much faster than the runner-up is printed in lower case.
const CLOSE_MARGIN: f64 = 0.05;

pub fn collectives(options: &CollectivesOptions) -> Result<String, Usage> {
    let (scenario, _) = collective_query(&options.query).map_err(|e| rejected(&e))?;
    let ps = options.ps.clone().unwrap_or_else(|| DEFAULT_PS.to_vec());
    let range = options.sizes.unwrap_or(DEFAULT_SIZES);
    if let Some(format) = options.export {
        return export_file(&scenario, format, &ps, range)
            .map_err(|e| Usage(format!("cannot export: {e}")));
    }
    let map = winner_map(
        &scenario,
        &sizes(range.0, range.1, TABLE_SIZES),
        &ps,
        |_| true,
    )
    .map_err(|e| Usage(format!("no winner map for this query: {e}")))?;
    if !options.json {
        return Ok(table(&map));
    }
    let mut out = serde_json::to_string(&map)
        .map_err(|e| Usage(format!("cannot encode the map as JSON: {e}")))?;
    out.push('\n');
    Ok(out)
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
