//! Comparing scenarios: up to four machine × pattern × parameter choices on one latency and
//! bandwidth chart, and the sizes where two curves swap order.
//!
//! The papers compare machines this way in prose: 003 notes that "the Ametek S/14 has a lower
//! latency than the Intel iPSC, but the higher bandwidth of the Intel iPSC yielded smaller
//! total communication time for messages of more than 150 bytes" (003 §Link Bandwidth and
//! Latency, Table 5), and 001 §5 concludes that the Paragon's BPRAM block permutation beats the
//! BSP h-relation because BSP ignores start-up costs. A crossover turns such a sentence into a
//! number: under Hockney's model t = t_l + N·t_c (003 eq. 1) two lines cross at
//! N = (t_l,a − t_l,b)/(t_c,b − t_c,a). Other models (hyperbolic, packetized, pipelined, NBL)
//! have no such closed form, so the crossovers are found numerically on the models' own cost
//! functions: sign changes on a fine log grid, refined by bisection.
//!
//! Every pattern's abscissa is in bytes (a message, the data one end point sends, h·4 or n·8
//! bytes, as `PatternDef::abscissa` says), so all curves share one byte axis; when the
//! abscissae mean different things the comparison says so in its notes.

use serde::Serialize;

use crate::error::Error;
use crate::report::{curve_range, prepare, Prepared, Report, CURVE_POINTS};
use crate::scenario::Scenario;

/// The most scenarios one chart compares: more curves than this are unreadable.
pub const MAX_SCENARIOS: usize = 4;

/// The most points per curve `compare_with` draws: far more than a chart has pixels, and a
/// bound on the memory four curves take.
pub const MAX_CURVE_POINTS: usize = 1_000_000;

/// Grid points per decade of the crossover search: adjacent grid sizes differ by under 1%, so
/// two crossovers of one pair closer than that can be missed (they would be one mark on a chart
/// anyway).
const GRID_PER_DECADE: f64 = 256.0;
/// Grid points at least and at most, whatever the range.
const GRID_MIN: usize = 512;
const GRID_MAX: usize = 8192;
/// Bisection stops when the bracket is this small relative to the size (1e-9 wanted; a tenth of
/// that leaves room for the midpoint).
const BISECTION_TOL: f64 = 1e-10;
/// Bisection steps at most: a bracket of ratio 10 shrinks below 1e-10 in about 37 steps.
const BISECTION_STEPS: usize = 200;
/// Two times closer than this, relative to the larger, count as equal: touching curves and
/// identical scenarios are not crossovers.
const EQUAL_TOL: f64 = 1e-12;

/// Several scenarios evaluated on one abscissa range, with every crossover of every pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// One report per scenario, in the order given: each `query` is the scenario's own
    /// canonical query and its metrics are `evaluate`'s; only the curve spans the common range.
    /// In JSON, `scenarios` (as `commcalc compare --json` prints it).
    #[serde(rename = "scenarios")]
    pub reports: Vec<Report>,
    /// Every crossover of every pair, ordered by pair (a, b) and then by size.
    pub crossovers: Vec<Crossover>,
    /// The common range: the union of the scenarios' curve ranges.
    pub from_bytes: f64,
    pub to_bytes: f64,
    /// What each scenario's abscissa measures (`PatternDef::abscissa`), in the same order; the
    /// axis is bytes for all of them, but not always the same bytes.
    pub abscissae: Vec<&'static str>,
    /// What a reader should know: abscissae that differ, sizes where a scenario has no finite
    /// time (no crossover is searched there).
    pub notes: Vec<String>,
}

/// A size at which two scenarios' times swap order.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Crossover {
    /// Indices into the scenarios, a < b.
    pub a: usize,
    pub b: usize,
    /// Where the times are equal (or, at a jump of a step-shaped cost such as the packetized
    /// model's, where the order flips), in bytes of the abscissa.
    pub size_bytes: f64,
    /// The (common) time there.
    pub time_us: f64,
    /// `a` or `b`: the one that is faster just below `size_bytes`.
    pub faster_below: usize,
}

/// Evaluates 1..=`MAX_SCENARIOS` scenarios on one common abscissa range and finds every
/// crossover of every pair in it, with `CURVE_POINTS` points per curve.
pub fn compare(scenarios: &[Scenario]) -> Result<Comparison, Error> {
    compare_with(scenarios, CURVE_POINTS)
}

/// `compare` with `points` points per curve (2 … `MAX_CURVE_POINTS`). The common range is the union of the scenarios'
/// ranges (each one's `from`/`to` if given, else its pattern's default), so that every curve is
/// drawn wherever any of them is. An error from a scenario's evaluation is returned as it is;
/// callers that must say which scenario failed evaluate each one first.
pub fn compare_with(scenarios: &[Scenario], points: usize) -> Result<Comparison, Error> {
    if scenarios.is_empty() || scenarios.len() > MAX_SCENARIOS {
        return Err(Error::invalid(
            "scenarios",
            scenarios.len(),
            format!("1 to {MAX_SCENARIOS} scenarios to compare on one chart"),
        ));
    }
    if !(2..=MAX_CURVE_POINTS).contains(&points) {
        return Err(Error::invalid(
            "points",
            points,
            format!("2 to {MAX_CURVE_POINTS} points per curve"),
        ));
    }
    let (from, to) = scenarios
        .iter()
        .map(curve_range)
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), (f, t)| {
            (lo.min(f), hi.max(t))
        });
    check_range(from, to)?;
    let prepared: Vec<Prepared> = scenarios.iter().map(prepare).collect::<Result<_, _>>()?;
    let reports = scenarios
        .iter()
        .zip(&prepared)
        .map(|(s, p)| p.report(s, points, from, to))
        .collect::<Result<Vec<_>, _>>()?;

    let grid = grid(from, to);
    let times: Vec<Vec<f64>> = prepared
        .iter()
        .map(|p| grid.iter().map(|&x| p.cost(x)).collect())
        .collect();
    let abscissae: Vec<&'static str> = scenarios.iter().map(|s| s.pattern.abscissa).collect();
    let notes = notes(&abscissae, &grid, &times);

    let mut crossovers = Vec::new();
    for a in 0..prepared.len() {
        for b in a + 1..prepared.len() {
            let found = search(
                &grid,
                &times[a],
                &times[b],
                &|x| prepared[a].cost(x),
                &|x| prepared[b].cost(x),
            );
            crossovers.extend(found.into_iter().map(|c| Crossover {
                a,
                b,
                faster_below: if c.faster_below == 0 { a } else { b },
                ..c
            }));
        }
    }
    Ok(Comparison {
        reports,
        crossovers,
        from_bytes: from,
        to_bytes: to,
        abscissae,
        notes,
    })
}

/// What a reader of the comparison must know: abscissae that differ in meaning, and sizes
/// where a scenario gives no finite time.
fn notes(abscissae: &[&str], grid: &[f64], times: &[Vec<f64>]) -> Vec<String> {
    let mut notes = Vec::new();
    if abscissae.iter().any(|a| *a != abscissae[0]) {
        let listed: Vec<String> = abscissae
            .iter()
            .enumerate()
            .map(|(i, a)| format!("#{} {a}", i + 1))
            .collect();
        notes.push(format!(
            "the curves share a byte axis but the bytes differ in meaning ({}): a crossover \
             compares equal byte counts, not equal work",
            listed.join("; ")
        ));
    }
    for (i, t) in times.iter().enumerate() {
        if let Some(gap) = non_finite_span(grid, t) {
            notes.push(format!(
                "scenario #{} gives no finite time at some sizes {gap}: no crossover is searched there",
                i + 1
            ));
        }
    }
    notes
}

/// The sizes in `[from, to]` where `a`'s and `b`'s times swap order, with `a` as index 0 and
/// `b` as index 1: sign changes of t_a − t_b on a log grid of about 256 points per decade,
/// each refined by bisection on the models' cost functions to about 1e-9 relative. Curves that
/// touch without swapping (tangent, or equal over an interval) give none, and so do identical
/// scenarios. Sizes where either time is not finite are skipped.
pub fn crossovers(a: &Scenario, b: &Scenario, from: f64, to: f64) -> Result<Vec<Crossover>, Error> {
    check_range(from, to)?;
    let (pa, pb) = (prepare(a)?, prepare(b)?);
    let grid = grid(from, to);
    let ta: Vec<f64> = grid.iter().map(|&x| pa.cost(x)).collect();
    let tb: Vec<f64> = grid.iter().map(|&x| pb.cost(x)).collect();
    Ok(search(&grid, &ta, &tb, &|x| pa.cost(x), &|x| pb.cost(x)))
}

/// A range the log grid can span: finite, positive and increasing.
fn check_range(from: f64, to: f64) -> Result<(), Error> {
    if !(from.is_finite() && from > 0.0) {
        return Err(Error::invalid(
            "from",
            from,
            "a positive, finite size in bytes to compare from",
        ));
    }
    if !(to.is_finite() && to > from) {
        return Err(Error::invalid(
            "to",
            to,
            format!("a finite size in bytes above from={from}"),
        ));
    }
    Ok(())
}

/// The search grid: log-spaced, both ends included.
fn grid(from: f64, to: f64) -> Vec<f64> {
    let decades = (to / from).log10();
    let n = (decades * GRID_PER_DECADE).ceil();
    let n = if n.is_finite() {
        (n as usize).saturating_add(1).clamp(GRID_MIN, GRID_MAX)
    } else {
        GRID_MAX
    };
    crate::report::log_spaced(from, to, n).collect()
}

/// The sign of t_a − t_b: −1 when a is faster, +1 when b is, 0 when they are equal within
/// `EQUAL_TOL`, `None` when either time is not a finite number. `t_a − t_b` and `t_b − t_a` are
/// exact negatives in IEEE arithmetic, so swapping a and b negates every sign and the search
/// finds the same sizes.
fn order(ta: f64, tb: f64) -> Option<i8> {
    if !(ta.is_finite() && tb.is_finite()) {
        return None;
    }
    let d = ta - tb;
    Some(if d.abs() <= EQUAL_TOL * ta.abs().max(tb.abs()) {
        0
    } else if d < 0.0 {
        -1
    } else {
        1
    })
}

/// Sign changes on the grid, each refined by bisection. Only consecutive *non-zero* signs are
/// compared, so +, 0, + (a touch) is not a crossover while +, 0, − (equal for a while, then
/// swapped) is; a non-finite time breaks the chain, so nothing is claimed across a gap.
fn search(
    grid: &[f64],
    ta: &[f64],
    tb: &[f64],
    cost_a: &dyn Fn(f64) -> f64,
    cost_b: &dyn Fn(f64) -> f64,
) -> Vec<Crossover> {
    let mut found = Vec::new();
    let mut last: Option<(usize, i8)> = None;
    for (i, (&a, &b)) in ta.iter().zip(tb).enumerate() {
        match order(a, b) {
            None => last = None,
            Some(0) => {}
            Some(s) => {
                if let Some((j, prev)) = last {
                    if prev != s {
                        if let Some(c) = bisect(grid[j], grid[i], s, cost_a, cost_b) {
                            found.push(Crossover {
                                faster_below: if prev < 0 { 0 } else { 1 },
                                ..c
                            });
                        }
                    }
                }
                last = Some((i, s));
            }
        }
    }
    found
}

/// Narrows [lo, hi] around the size where the order becomes `s_hi` (the sign at hi). A midpoint
/// whose order is not yet `s_hi` (the old order, equal, or not finite) moves `lo`, so for
/// curves equal over part of the bracket the crossover is where they part in the new order.
fn bisect(
    mut lo: f64,
    mut hi: f64,
    s_hi: i8,
    cost_a: &dyn Fn(f64) -> f64,
    cost_b: &dyn Fn(f64) -> f64,
) -> Option<Crossover> {
    for _ in 0..BISECTION_STEPS {
        if hi - lo <= BISECTION_TOL * hi {
            break;
        }
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if order(cost_a(mid), cost_b(mid)) == Some(s_hi) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let x = lo + (hi - lo) / 2.0;
    let t = (cost_a(x) + cost_b(x)) / 2.0;
    (x.is_finite() && t.is_finite()).then_some(Crossover {
        a: 0,
        b: 1,
        size_bytes: x,
        time_us: t,
        faster_below: 0,
    })
}

/// "from X to Y" for the sizes where a time is not finite, if there are any.
fn non_finite_span(grid: &[f64], t: &[f64]) -> Option<String> {
    let bad: Vec<f64> = grid
        .iter()
        .zip(t)
        .filter(|(_, t)| !t.is_finite())
        .map(|(x, _)| *x)
        .collect();
    let (first, last) = (bad.first()?, bad.last()?);
    Some(format!(
        "from {} to {}",
        crate::units::si(*first, "B"),
        crate::units::si(*last, "B")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step-shaped difference (one curve jumps over the other) is a crossover at the jump,
    /// found to the bisection tolerance.
    #[test]
    fn bisection_finds_a_jump() {
        let a = |x: f64| if x < 300.0 { 1.0 } else { 3.0 };
        let b = |_: f64| 2.0;
        let g = grid(1.0, 1e4);
        let ta: Vec<f64> = g.iter().map(|&x| a(x)).collect();
        let tb: Vec<f64> = g.iter().map(|&x| b(x)).collect();
        let c = search(&g, &ta, &tb, &a, &b);
        assert_eq!(c.len(), 1);
        assert!((c[0].size_bytes - 300.0).abs() <= 1e-7 * 300.0, "{c:?}");
        assert_eq!(c[0].faster_below, 0);
    }

    /// Touching without swapping is not a crossover; equal for a while and then swapped is one,
    /// placed where the curves part.
    #[test]
    fn touching_is_not_crossing() {
        let tangent = |x: f64| (x.ln() - 5f64.ln()).powi(2) + 10.0;
        let flat = |_: f64| 10.0;
        let g = grid(1.0, 1e4);
        let ta: Vec<f64> = g.iter().map(|&x| tangent(x)).collect();
        let tb: Vec<f64> = g.iter().map(|&x| flat(x)).collect();
        assert!(search(&g, &ta, &tb, &tangent, &flat).is_empty());

        // Equal from 10 to 100 B, with b above a on both sides: a touch along an interval.
        let one = |_: f64| 1.0;
        let valley =
            |x: f64| 1.0 + (x.ln() - 10f64.ln()).min(0.0).abs() + (x / 100.0).ln().max(0.0);
        let ta: Vec<f64> = g.iter().map(|&x| one(x)).collect();
        let tb: Vec<f64> = g.iter().map(|&x| valley(x)).collect();
        assert!(search(&g, &ta, &tb, &one, &valley).is_empty());

        // Below a from 1 to 10 B, equal to 100 B, above beyond: one crossover, where they part.
        let step = |x: f64| 1.0 + (x.ln() - 10f64.ln()).min(0.0) + (x / 100.0).ln().max(0.0);
        let tb: Vec<f64> = g.iter().map(|&x| step(x)).collect();
        let c = search(&g, &ta, &tb, &one, &step);
        assert_eq!(c.len(), 1, "{c:?}");
        assert!((c[0].size_bytes - 100.0).abs() < 1e-6, "{c:?}");
        assert_eq!(c[0].faster_below, 1);
    }

    /// NaN and infinite times break the chain rather than produce a crossover or a panic.
    #[test]
    fn non_finite_times_are_skipped() {
        let a = |x: f64| {
            if (100.0..200.0).contains(&x) {
                f64::NAN
            } else {
                x
            }
        };
        let b = |x: f64| if x < 150.0 { x + 1.0 } else { x - 1.0 };
        let g = grid(1.0, 1e4);
        let ta: Vec<f64> = g.iter().map(|&x| a(x)).collect();
        let tb: Vec<f64> = g.iter().map(|&x| b(x)).collect();
        assert!(search(&g, &ta, &tb, &a, &b).is_empty());
        assert!(non_finite_span(&g, &ta).is_some());
        assert!(check_range(f64::NAN, 1.0).is_err());
        assert!(check_range(1.0, f64::INFINITY).is_err());
        assert!(check_range(0.0, 1.0).is_err());
        assert!(check_range(5.0, 5.0).is_err());
    }
}
