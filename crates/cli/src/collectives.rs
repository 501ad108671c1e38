//! `commcalc collectives`: which algorithm of a collective wins over message size × process
//! count on the query's machine (the core's `collectives::winner::winner_map`) and what MPICH
//! and Open MPI run there by default (`collectives::library`), as a table or JSON, or exported
//! in a format an MPI library or SimGrid reads.

use std::fmt::Write as _;

use serde::Serialize;

use commcalc_core::collectives::file::{export_file, sizes, DEFAULT_PS, DEFAULT_SIZES};
use commcalc_core::collectives::library::{agreement, choice, Choice, Library};
use commcalc_core::collectives::winner::{collective_query, winner_map, WinnerMap};
use commcalc_core::patterns::collective;
use commcalc_core::query::Axes;
use commcalc_core::units::si;

use crate::args::{rejected, CollectivesOptions, Usage};

/// Rows of the text table (an export samples the sizes more finely, for its thresholds).
const TABLE_SIZES: usize = 12;
/// A winner less than this much faster than the runner-up is printed in lower case.
const CLOSE_MARGIN: f64 = 0.05;
/// The options that give the map's axes, named where the query gives a key they stand for.
const AXES: Axes = Axes {
    columns: "--p LIST",
    rows: "--sizes FROM:TO",
};

pub fn collectives(options: &CollectivesOptions) -> Result<String, Usage> {
    let (scenario, _) = collective_query(&options.query, AXES).map_err(|e| rejected(&e))?;
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
    let defaults: Vec<Defaults> = Library::CURRENT.map(|l| defaults(&map, l)).into();
    if !options.json {
        let mut out = table(&map, collective::own_placement(&scenario));
        for d in &defaults {
            out.push_str(&default_table(&map, d));
        }
        return Ok(out);
    }
    let out = Output {
        map: &map,
        defaults,
    };
    let mut out = serde_json::to_string(&out)
        .map_err(|e| Usage(format!("cannot encode the map as JSON: {e}")))?;
    out.push('\n');
    Ok(out)
}

/// The JSON: the winner map's fields and each library's default choice beside them.
#[derive(Serialize)]
struct Output<'a> {
    #[serde(flatten)]
    map: &'a WinnerMap,
    defaults: Vec<Defaults>,
}

/// What a library runs by default at every cell of the map (`choices`: a row per p, as the
/// map's cells), and in how many of the `costed` cells where commcalc costs its choice that
/// choice is the fastest.
#[derive(Serialize)]
struct Defaults {
    library: &'static str,
    name: &'static str,
    choices: Vec<Option<Choice>>,
    fastest: usize,
    costed: usize,
}

fn defaults(map: &WinnerMap, library: Library) -> Defaults {
    let choices = map
        .ps
        .iter()
        .flat_map(|&p| {
            map.sizes
                .iter()
                .map(move |&n| choice(library, map.collective, p, n))
        })
        .collect();
    let (fastest, costed) = agreement(library, map.collective, &map.sizes, &map.ps, |r, c| {
        map.winner(r, c)
    });
    Defaults {
        library: library.id(),
        name: library.name(),
        choices,
        fastest,
        costed,
    }
}

/// A library's default choice as a grid beside the winners': the winners' letter where the
/// library runs one of the map's algorithms, a digit for each algorithm commcalc does not
/// cost (named under the grid).
/// The head row of a grid of sizes (rows) by process counts (columns).
fn grid_header(out: &mut String, map: &WinnerMap) {
    let _ = write!(out, "{:>10} ", "size \\ p");
    for p in &map.ps {
        let _ = write!(out, "{p:>5}");
    }
    out.push('\n');
}

fn default_table(map: &WinnerMap, d: &Defaults) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{} by default (no tuning file): the fastest in {} of the {} cells where it runs an algorithm commcalc costs",
        d.name, d.fastest, d.costed
    );
    let mut others: Vec<&str> = Vec::new();
    grid_header(&mut out, map);
    for (col, n) in map.sizes.iter().enumerate() {
        let _ = write!(out, "{:>10} ", si(*n, "B"));
        for row in 0..map.ps.len() {
            let Some(ch) = d.choices[row * map.sizes.len() + col] else {
                let _ = write!(out, "{:>5}", "-");
                continue;
            };
            let at = ch.algo.and_then(|a| map.algos.iter().position(|x| *x == a));
            let mark = match at {
                Some(i) => letter(i),
                None => {
                    let i = others
                        .iter()
                        .position(|o| *o == ch.name)
                        .unwrap_or_else(|| {
                            others.push(ch.name);
                            others.len() - 1
                        });
                    char::from_digit((i % 10) as u32, 10).unwrap_or('?')
                }
            };
            let _ = write!(out, "{mark:>5}");
        }
        out.push('\n');
    }
    if !others.is_empty() {
        let named: Vec<String> = others
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{} {name}", i % 10))
            .collect();
        let _ = writeln!(out, "not costed by commcalc: {}", named.join(", "));
    }
    out
}

/// The winners as a grid: a row per size, a column per p, one letter per algorithm; under the
/// legend, where the machine placed the ranks itself.
fn table(map: &WinnerMap, placement: Option<String>) -> String {
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
    if let Some(placement) = placement {
        let _ = writeln!(out, "{placement}");
    }
    grid_header(&mut out, map);
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
