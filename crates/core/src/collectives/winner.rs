//! Which algorithm of a collective wins, over message size × process count: the winner map
//! (the same idea as 004's regime maps in `crate::regimes`, for any machine). A cell holds
//! the fastest algorithm at its (p, n), its time, and its margin over the runner-up; every
//! cell is what `algo=best` reports for the same query, since both take the fastest of
//! `patterns::collective::menu` at that p.

use serde::Serialize;

use super::Collective;
use crate::error::{Error, Errors};
use crate::grid;
use crate::models::nbl::Plan;
use crate::patterns::collective::{
    combining, combining_plan, cost_below, faster, menu, with_ctx, Cost,
};
use crate::query::{gives, Axes, MAX_BYTES, P_RANGE};
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
    /// Every how many rows and columns a cell was computed: 1 for every cell, k for a coarse
    /// map whose cells each stand for a k × k block ([`sampled_winner_map`], `crate::grid`).
    #[serde(skip)]
    pub sample: usize,
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

/// The keys of a collective query a winner map does not read: its sizes (`size`, and the
/// curve's `from` and `to`) and process counts (`p`) are its axes, and it compares every
/// algorithm (`algo`).
pub const NOT_MAP_KEYS: [&str; 5] = ["size", "p", "algo", "from", "to"];

/// The scenario of a query that must name a collective (`commcalc collectives`): a query
/// without `pattern` is refused as naming none, rather than as the query language's default
/// pattern, ping-pong, which no one gave; a key the map does not read ([`NOT_MAP_KEYS`]) is
/// refused with what to give instead, rather than echoed in the map's title and ignored.
pub fn collective_query(query: &str, axes: Axes) -> Result<(Scenario, Collective), Errors> {
    if !gives(query, "pattern") {
        return Err(Error::Unsupported {
            key: "pattern".into(),
            value: String::new(),
            reason: format!(
                "not given: name a collective, pattern={}",
                Collective::ALL.map(Collective::id).join(" | ")
            ),
        }
        .into());
    }
    let scenario = Scenario::from_query(query)?;
    let collective = collective_of(&scenario)?;
    scenario.refuse_given(&NOT_MAP_KEYS, |key| match key {
        "p" => format!(
            "the map's process counts are its columns, not read from the query: give them with {}",
            axes.columns
        ),
        "algo" => format!(
            "the map compares every algorithm of {}: leave algo out",
            collective.id()
        ),
        _ => format!(
            "the map's sizes are its rows, not read from the query: give them with {}",
            axes.rows
        ),
    })?;
    Ok((scenario, collective))
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
    sampled_winner_map(scenario, sizes, ps, keep, 1)
}

/// [`winner_map`] computed at every `sample`-th row and column only (1 or 0: every cell), each
/// computed cell standing for its block (`crate::grid`): the coarse map the web page draws
/// while a slider is held. Its `algos` are those of the rows it computed.
pub fn sampled_winner_map(
    scenario: &Scenario,
    sizes: &[f64],
    ps: &[u32],
    keep: impl Fn(&str) -> bool,
    sample: usize,
) -> Result<WinnerMap, Error> {
    let sample = sample.max(1);
    let collective = collective_of(scenario)?;
    check_axes(sizes, ps)?;
    with_ctx(scenario, |ctx| {
        let mut algos: Vec<&'static str> = Vec::new();
        let mut cells = Vec::with_capacity(sizes.len() * ps.len());
        for (r, &p) in ps.iter().enumerate() {
            // Before the menu: on the DELTA, building a row's menu (004's combiners) costs
            // more than its cells.
            if grid::copy_row(&mut cells, sizes.len(), r, sample) {
                continue;
            }
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
            let combiner = combining(ctx, p, &row)?;
            let plans: Vec<Option<&Plan>> = row
                .iter()
                .map(|(id, _)| combining_plan(combiner.as_ref(), id))
                .collect();
            grid::push_row(&mut cells, sizes.len(), sample, |col| {
                cell(&row, &plans, sizes[col], &algos)
            });
        }
        Ok(WinnerMap {
            collective,
            query: scenario.to_query(),
            sizes: sizes.to_vec(),
            ps: ps.to_vec(),
            algos,
            cells,
            sample,
        })
    })
}

/// The fastest of a row's algorithms at n and its margin; ties ([`faster`]) go to the earlier
/// algorithm, as `algo=best` breaks them. Only the least two times count, so each algorithm is costed
/// below the second least so far ([`cost_below`]: 004's searches, given their `plans`, stop
/// at that bound): a time at or above it changes neither, as a full cost would not.
fn cell(
    row: &[(&'static str, Cost)],
    plans: &[Option<&Plan>],
    n: f64,
    algos: &[&'static str],
) -> Cell {
    let (mut best, mut second) = ((0, f64::INFINITY), f64::INFINITY);
    for (i, ((_, cost), plan)) in row.iter().zip(plans).enumerate() {
        let t = cost_below(cost, *plan, n, second);
        if faster(t, best.1) {
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

/// Where the winner of a row of sizes changes (a crossover): the least size at which `after` is
/// the fastest, to a part in 10⁶, with the winner below it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Crossover {
    /// Bytes.
    pub at: f64,
    pub before: &'static str,
    pub after: &'static str,
}

/// Every algorithm of a menu (`patterns::collective::menu` at one p) along a row of sizes: each
/// one's time, the winner at each size and each size where the winner changes. What the
/// Collectives view's chart draws; a row of the winner map at finer sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Curves {
    /// `times[a][i]`: the menu's algorithm a at the `i`th size (µs).
    pub times: Vec<Vec<f64>>,
    /// The fastest at each size, an index into the menu; ties go to the earlier algorithm.
    pub winners: Vec<usize>,
    /// A crossover between each two neighbouring sizes whose winners differ, in size order.
    pub crossovers: Vec<Crossover>,
}

/// The menu's [`Curves`] over `sizes` (ascending). A change of winner between two sizes is
/// placed by bisection on a log scale between them, on the menu's costs: the first size where
/// the lower size's winner is no longer the fastest.
pub fn curves(menu: &[(&'static str, Cost)], sizes: &[f64]) -> Curves {
    let times: Vec<Vec<f64>> = menu
        .iter()
        .map(|(_, c)| sizes.iter().map(|&n| c(n)).collect())
        .collect();
    let winners: Vec<usize> = (0..sizes.len())
        .map(|i| least(times.iter().map(|t| t[i])))
        .collect();
    let crossovers = winners
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[0] != w[1])
        .map(|(i, w)| Crossover {
            at: crossover(sizes[i], sizes[i + 1], |n| {
                least(menu.iter().map(|(_, c)| c(n))) == w[0]
            }),
            before: menu[w[0]].0,
            after: menu[w[1]].0,
        })
        .collect();
    Curves {
        times,
        winners,
        crossovers,
    }
}

/// The index of the least of `times`; ties ([`faster`]) and a time that does not compare go
/// to the earlier.
fn least(times: impl Iterator<Item = f64>) -> usize {
    times
        .enumerate()
        .fold((0, f64::NAN), |(best, bt), (a, t)| {
            if a == 0 || faster(t, bt) {
                (a, t)
            } else {
                (best, bt)
            }
        })
        .0
}

/// The size in (lo, hi] where `before` stops holding, to a part in 10⁶ (bisection on a log
/// scale; `before(lo)` holds and `before(hi)` does not).
fn crossover(lo: f64, hi: f64, before: impl Fn(f64) -> bool) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    while hi / lo > 1.0 + 1e-6 {
        let mid = (lo * hi).sqrt();
        if before(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A coarse winner map is the exact map's cell at the corner of each block: the same
    /// winner, time and margin.
    #[test]
    fn a_sampled_map_repeats_the_exact_cell_of_each_block() {
        let sizes: Vec<f64> = (0..23).map(|i| 10f64.powf(f64::from(i) * 0.3)).collect();
        let ps: Vec<u32> = (2..19).collect();
        for q in [
            "machine=intel-delta&pattern=allreduce",
            "machine=intel-paragon&pattern=broadcast",
        ] {
            let s = Scenario::from_query(q).unwrap();
            let exact = winner_map(&s, &sizes, &ps, |_| true).unwrap();
            assert_eq!(exact.sample, 1);
            let coarse = sampled_winner_map(&s, &sizes, &ps, |_| true, 4).unwrap();
            assert_eq!(coarse.sample, 4);
            for row in 0..ps.len() {
                for col in 0..sizes.len() {
                    let corner = (row - row % 4, col - col % 4);
                    let (c, e) = (coarse.cell(row, col), exact.cell(corner.0, corner.1));
                    let times = |x: Option<&Cell>| x.map(|x| (x.time_us, x.margin));
                    assert_eq!(times(c), times(e), "{q} {row} {col}");
                    assert_eq!(
                        coarse.winner(row, col),
                        exact.winner(corner.0, corner.1),
                        "{q} {row} {col}"
                    );
                }
            }
            assert_ne!(coarse.cells, exact.cells, "{q}");
        }
    }

    /// The chart's sizes on the Collectives view: 160 from one double to 16 MiB.
    fn chart_sizes() -> Vec<f64> {
        crate::collectives::file::sizes(8.0, 16_777_216.0, 160)
    }

    fn curves_of(q: &str) -> Curves {
        let s = Scenario::from_query(q).unwrap();
        let c = collective_of(&s).unwrap();
        let p = s.inputs.p.unwrap();
        with_ctx(&s, |ctx| Ok(curves(&menu(ctx, c, p)?, &chart_sizes()))).unwrap()
    }

    /// The crossovers the page marked before the search moved here, and the winners the map
    /// finds at the same sizes.
    #[test]
    fn the_curves_winners_are_the_maps_and_their_changes_are_the_pages_crossovers() {
        for (q, want) in [
            (
                "machine=intel-paragon&pattern=broadcast&p=16",
                &[
                    (23897.70690982456, "binomial", "scatter-rd-allgather"),
                    (
                        1095872.7082021702,
                        "scatter-rd-allgather",
                        "pipelined-chain",
                    ),
                ][..],
            ),
            (
                "machine=intel-delta&pattern=allreduce&p=64",
                &[(347.3585612487112, "recursive-doubling", "rabenseifner")],
            ),
            (
                "machine=atm-sparc20&pattern=all-to-all&p=8",
                &[(52856.49720118488, "bruck", "pairwise")],
            ),
        ] {
            let curves = curves_of(q);
            let got: Vec<(f64, &str, &str)> = curves
                .crossovers
                .iter()
                .map(|c| (c.at, c.before, c.after))
                .collect();
            assert_eq!(got.len(), want.len(), "{q}: {got:?}");
            for (g, w) in got.iter().zip(want) {
                assert!((g.0 / w.0 - 1.0).abs() < 1e-12, "{q}: {g:?} vs {w:?}");
                assert_eq!((g.1, g.2), (w.1, w.2), "{q}");
            }
            let s = Scenario::from_query(q).unwrap();
            let map = winner_map(&s, &chart_sizes(), &[s.inputs.p.unwrap()], |_| true).unwrap();
            let s = &s;
            let ids: Vec<&str> = with_ctx(s, |ctx| {
                let c = collective_of(s)?;
                Ok(menu(ctx, c, s.inputs.p.unwrap())?
                    .iter()
                    .map(|(id, _)| *id)
                    .collect())
            })
            .unwrap();
            for (col, &w) in curves.winners.iter().enumerate() {
                assert_eq!(map.winner(0, col), Some(ids[w]), "{q} column {col}");
            }
            assert!(curves.times.iter().all(|t| t.len() == chart_sizes().len()));
        }
    }

    /// Binomial 4(α + nβ) against scatter + recursive-doubling allgather 8α + 2n(15/16)β on 16
    /// Paragon nodes: equal at n = 4α / (2.125 β), where the search puts the crossover.
    #[test]
    fn a_crossover_is_where_the_costs_meet() {
        let first = curves_of("machine=intel-paragon&pattern=broadcast&p=16").crossovers[0];
        let want = 4.0 * 146.0 / (2.125 * 0.0115);
        assert!((first.at / want - 1.0).abs() < 1e-5, "{first:?} vs {want}");
        let x = crossover(1.0, 100.0, |n| n < 10.0);
        assert!((10.0..10.0001).contains(&x), "{x}");
    }

    /// At p = 2 the ring's allreduce and Rabenseifner's cost the same (one exchange of n/2 each
    /// way, twice): the winner does not flicker between them on their last bits.
    #[test]
    fn a_tie_is_no_crossover() {
        let c = curves_of("machine=intel-delta&pattern=allreduce&p=2").crossovers;
        let pairs: Vec<_> = c.iter().map(|x| (x.before, x.after)).collect();
        assert_eq!(pairs, [("recursive-doubling", "rabenseifner")], "{c:?}");
    }

    /// The winner and margin of every cell as the full costs give them, ranked as `cell` ranks.
    fn by_full_costs(row: &[(&'static str, Cost)], n: f64) -> (&'static str, f64, f64) {
        let (mut best, mut second) = ((0, f64::INFINITY), f64::INFINITY);
        for (i, (_, cost)) in row.iter().enumerate() {
            let t = cost(n);
            if faster(t, best.1) {
                second = best.1;
                best = (i, t);
            } else if t < second {
                second = t;
            }
        }
        (row[best.0].0, best.1, second / best.1 - 1.0)
    }

    #[test]
    fn bounded_searches_leave_every_cell_as_the_full_costs_give_it() {
        let sizes: Vec<f64> = (0..40).map(|i| 10f64.powf(f64::from(i) * 0.25)).collect();
        let ps = [2, 3, 4, 7, 16, 24, 64, 100, 512];
        for q in [
            "machine=intel-delta&pattern=allreduce",
            "machine=intel-delta&pattern=allreduce&alpha=400",
            "machine=intel-delta&pattern=allreduce&alpha=5&c2=2",
            "machine=intel-paragon&pattern=allreduce",
        ] {
            let s = Scenario::from_query(q).unwrap();
            let map = winner_map(&s, &sizes, &ps, |_| true).unwrap();
            with_ctx(&s, |ctx| {
                for (r, &p) in ps.iter().enumerate() {
                    let row = menu(ctx, Collective::Allreduce, p)?;
                    for (c, &n) in sizes.iter().enumerate() {
                        let (id, time, margin) = by_full_costs(&row, n);
                        let cell = map.cell(r, c).unwrap();
                        assert_eq!(map.winner(r, c), Some(id), "{q} p={p} n={n}");
                        assert_eq!(
                            (cell.time_us, cell.margin),
                            (time, margin),
                            "{q} p={p} n={n}"
                        );
                    }
                }
                Ok(())
            })
            .unwrap();
        }
    }
}
