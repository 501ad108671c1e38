//! Which algorithm of a collective wins, over message size × process count: the winner map
//! (the same idea as 004's regime maps in `crate::regimes`, for any machine). A cell holds
//! the fastest algorithm at its (p, n), its time, and its margin over the runner-up; every
//! cell is what `algo=best` reports for the same query, since both take the fastest of
//! `patterns::collective::menu` at that p.

use serde::Serialize;

use super::Collective;
use crate::error::Error;
use crate::patterns::collective::{menu, with_ctx, Cost};
use crate::query::{MAX_BYTES, P_RANGE};
use crate::scenario::Scenario;

/// The most sizes or process counts a map may have.
pub const MAX_AXIS: usize = 512;

/// One cell: the winner (an index into [`WinnerMap::algos`]), its time, and how much slower
/// the runner-up is (t₂/t₁ − 1; infinite when only one algorithm could be costed).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub winner: usize,
    pub time_us: f64,
    pub margin: f64,
}

/// A winner map: rows by process count, columns by size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinnerMap {
    pub collective: Collective,
    pub query: String,
    pub sizes: Vec<f64>,
    pub ps: Vec<u32>,
    /// The algorithms compared, in the order of `algo=`.
    pub algos: Vec<&'static str>,
    /// `ps.len()` rows of `sizes.len()` cells.
    pub cells: Vec<Cell>,
}

impl WinnerMap {
    pub fn cell(&self, row: usize, col: usize) -> Option<&Cell> {
        (col < self.sizes.len())
            .then(|| self.cells.get(row * self.sizes.len() + col))
            .flatten()
    }

    /// The winner's id in a cell.
    pub fn winner(&self, row: usize, col: usize) -> Option<&'static str> {
        self.cell(row, col)
            .and_then(|c| self.algos.get(c.winner).copied())
    }
}

/// The collective a scenario's pattern is.
pub fn collective_of(scenario: &Scenario) -> Result<Collective, Error> {
    Collective::from_id(scenario.pattern.id).ok_or_else(|| {
        Error::invalid(
            "pattern",
            scenario.pattern.id,
            format!(
                "a collective: {}",
                Collective::ALL.map(Collective::id).join(", ")
            ),
        )
    })
}

/// Checks the axes: 1 to [`MAX_AXIS`] sizes in (0, 10¹²] and process counts in 2…4096.
pub fn check_axes(sizes: &[f64], ps: &[u32]) -> Result<(), Error> {
    if sizes.is_empty() || sizes.len() > MAX_AXIS {
        return Err(Error::invalid(
            "sizes",
            sizes.len(),
            format!("1 to {MAX_AXIS} sizes"),
        ));
    }
    if let Some(bad) = sizes.iter().find(|s| !(**s > 0.0 && **s <= MAX_BYTES)) {
        return Err(Error::invalid("sizes", bad, "sizes from 1 B to 10¹² B"));
    }
    if ps.is_empty() || ps.len() > MAX_AXIS {
        return Err(Error::invalid(
            "p",
            ps.len(),
            format!("1 to {MAX_AXIS} process counts"),
        ));
    }
    if let Some(bad) = ps.iter().find(|p| !(P_RANGE.0..=P_RANGE.1).contains(*p)) {
        return Err(Error::invalid(
            "p",
            bad,
            format!("process counts from {} to {}", P_RANGE.0, P_RANGE.1),
        ));
    }
    Ok(())
}

/// The winner map of a collective scenario over `sizes` (bytes, as the collective's n) and
/// `ps`, among the algorithms `keep` accepts (all of them for `|_| true`; an export keeps
/// those its library implements).
pub fn winner_map(
    scenario: &Scenario,
    sizes: &[f64],
    ps: &[u32],
    keep: impl Fn(&str) -> bool,
) -> Result<WinnerMap, Error> {
    let collective = collective_of(scenario)?;
    check_axes(sizes, ps)?;
    with_ctx(scenario, |ctx| {
        let mut algos: Vec<&'static str> = Vec::new();
        let mut cells = Vec::with_capacity(sizes.len() * ps.len());
        for &p in ps {
            let row: Vec<(&'static str, Cost)> = menu(ctx, collective, p)?
                .into_iter()
                .filter(|(id, _)| keep(id))
                .collect();
            if row.is_empty() {
                return Err(Error::Unsupported {
                    key: "algo".into(),
                    value: String::new(),
                    reason: format!(
                        "no algorithm of {} can be costed at p = {p}",
                        collective.id()
                    ),
                });
            }
            for (id, _) in &row {
                if !algos.contains(id) {
                    algos.push(id);
                }
            }
            for &n in sizes {
                cells.push(cell(&row, n, &algos));
            }
        }
        Ok(WinnerMap {
            collective,
            query: scenario.to_query(),
            sizes: sizes.to_vec(),
            ps: ps.to_vec(),
            algos,
            cells,
        })
    })
}

/// The fastest of a row's algorithms at n and its margin; ties go to the earlier algorithm,
/// as `algo=best` breaks them.
fn cell(row: &[(&'static str, Cost)], n: f64, algos: &[&'static str]) -> Cell {
    let (mut best, mut second) = ((0, f64::INFINITY), f64::INFINITY);
    for (i, (_, cost)) in row.iter().enumerate() {
        let t = cost(n);
        if t < best.1 {
            second = best.1;
            best = (i, t);
        } else if t < second {
            second = t;
        }
    }
    let id = row[best.0].0;
    Cell {
        winner: algos.iter().position(|a| *a == id).unwrap_or(0),
        time_us: best.1,
        margin: second / best.1 - 1.0,
    }
}
