//! The Regimes view's two charts, apart from drawing them: the block-size sweep of 004 Fig. 4
//! and the Paragon's h-relation against its block permutation (001 §5).
//!
//! - 004 Fig. 4 shows "execution time of the Snake and Fence algorithms as a function of block
//!   size for a typical case" under the standard and the nominal NBL model: the constraint
//!   slows both, shifts the optimal blocks and can reverse which is faster. The sweep plot
//!   draws each algorithm in its map colour, the first f(L) set solid and the second dashed,
//!   with a dot at each optimum.
//! - 001 §5 concludes that "any reasonable model for the Paragon must incorporate the startup
//!   cost of a message transmission": the BSP h-relation (g·h + L, 001 Table 1) against the
//!   BPRAM block permutation (σ·m + ℓ, Table 2) of the same data shows where bulk transfer
//!   wins. Both abscissae are the bytes each processor sends: h words are 4h bytes, and a
//!   permutation sends one block per processor.

use commcalc_core::compare::{Comparison, Crossover};
use commcalc_core::glossary::nbl_algorithm;
use commcalc_core::measurements::fit;
use commcalc_core::models::nbl::{self, Nbl};
use commcalc_core::regimes::{nbl_of, Sweep};
use commcalc_core::units::{si, sig3};
use commcalc_core::{Report, Scenario};

use crate::chart::{axes, Plot, Scale, Series};
use crate::regime_map::{colour_of, grouped, percent};

/// Block sizes per sweep curve: enough for a smooth curve on a chart a few hundred pixels wide.
pub const SWEEP_POINTS: usize = 256;

/// The scenario the regime maps open on, where `s` cannot have them (its machine has no NBL
/// parameters, 004 §2): the nearest that can — the first machine of the catalog with them,
/// keeping the pattern and the inputs that apply there, else its global combining — and a
/// sentence saying so, which calls a fitted machine by its name (`fitted`) and says that a fit
/// gives no such parameters. `None` where `s` has maps.
pub fn with_maps(s: &Scenario, fitted: Option<&str>) -> Option<(Scenario, String)> {
    let next = commcalc_core::opening::maps_for(s, fitted.is_some())?;
    let what = fit_without_maps(s, fitted)
        .unwrap_or_else(|| format!("The {} has no {}", s.machine.name, nbl::PARAMETERS));
    let why = format!(
        "{what}, so the maps opened on the nearest scenario that has them: {} on the {}.",
        next.pattern.title, next.machine.name
    );
    Some((next, why))
}

/// Why a fitted machine (`fitted`, its name, on the custom machine with a fit's model) has no
/// maps: the custom machine's NBL values are 004's defaults, not the fit's, and a map of them
/// under the fitted machine's name would mislead; the models a fit gives are the core's
/// (`fit::machine_models`). `None` for any other scenario.
fn fit_without_maps(s: &Scenario, fitted: Option<&str>) -> Option<String> {
    fitted
        .filter(|_| commcalc_core::opening::fitted_without_maps(s, true))
        .map(|name| {
            let models: Vec<String> = fit::machine_models().map(|m| m.name.to_string()).collect();
            format!(
                "{name} is fitted to your measurements, and a fit gives no {}: it gives those of the {} models",
                nbl::PARAMETERS,
                join_and(&models)
            )
        })
}

/// The NBL parameters the maps are drawn from, or why there are none (a fitted machine has
/// none of its own: [`with_maps`]).
pub fn nbl_params(s: &Scenario, fitted: Option<&str>) -> Result<Nbl, String> {
    match fit_without_maps(s, fitted) {
        Some(why) => Err(why),
        None => nbl_of(s).map_err(|e| e.to_string()),
    }
}

/// The plot of 004 Fig. 4: T against S for each algorithm of each sweep, in its map colour,
/// the first sweep solid and the others dashed, each optimum marked with a dot.
pub fn sweep_plot(sweeps: &[Sweep], scale: Scale) -> Plot {
    let series: Vec<Series> = sweeps
        .iter()
        .enumerate()
        .flat_map(|(i, sweep)| {
            sweep.series.iter().map(move |s| Series {
                points: s
                    .points
                    .iter()
                    .map(|&(b, t)| (b as f64, t))
                    .filter(|&(b, t)| scale.shows(b, t))
                    .collect(),
                colour: colour_of(s.algorithm),
                measured: false,
                dashed: i > 0,
                optimum: Some((s.optimum.block as f64, s.optimum.time))
                    .filter(|&(b, t)| scale.shows(b, t)),
                letter: None,
            })
        })
        .collect();
    let n = sweeps.first().map_or(2.0, |s| s.n.max(2) as f64);
    let (mut x, y) = axes(&series, (1.0, n / 2.0), ("", "µs"), scale);
    // Block sizes are counts: "1k", not "1 k" with an empty unit.
    for (_, label) in &mut x.ticks {
        *label = label.trim().replace(' ', "");
    }
    Plot::bare(x, y, series)
}

/// One line per sweep: its optima and which algorithm is faster at them, e.g. "nominal: Snake
/// S = 1 234 → 12.3 ms, Fence S = 456 → 15.1 ms; Snake faster by 18%".
pub fn sweep_optima(sweep: &Sweep) -> String {
    let parts: Vec<String> = sweep
        .series
        .iter()
        .map(|s| {
            format!(
                "{} S = {} → {}",
                nbl_algorithm(s.algorithm),
                grouped(s.optimum.block),
                si(s.optimum.time, "µs")
            )
        })
        .collect();
    let mut line = format!("{}: {}", sweep.f.id(), parts.join(", "));
    let best = sweep
        .series
        .iter()
        .min_by(|a, b| a.optimum.time.total_cmp(&b.optimum.time));
    let worst = sweep
        .series
        .iter()
        .max_by(|a, b| a.optimum.time.total_cmp(&b.optimum.time));
    if let (Some(best), Some(worst)) = (best, worst) {
        if best.algorithm != worst.algorithm && worst.optimum.time > 0.0 {
            let margin = 1.0 - best.optimum.time / worst.optimum.time;
            line.push_str(&format!(
                "; {} faster by {}",
                nbl_algorithm(best.algorithm),
                percent(margin)
            ));
        }
    }
    line
}

/// The time of a compared curve at its first or last point.
fn end(report: &Report, last: bool) -> Option<f64> {
    let p = if last {
        report.curve.last()
    } else {
        report.curve.first()
    }?;
    Some(p.time_us)
}

/// Where bulk transfer wins, in a sentence, from a comparison of an h-relation (#0) with a
/// block permutation (#1) on `p` processors: the size ranges where the permutation is faster,
/// bounded by the crossovers, and how many times as long the h-relation takes at both ends.
pub fn bulk_sentence(c: &Comparison, p: u32) -> String {
    let (Some(bsp), Some(bpram)) = (c.reports.first(), c.reports.get(1)) else {
        return "Nothing to compare.".to_string();
    };
    let (from, to) = (c.from_bytes, c.to_bytes);
    // The comparison orders its crossovers by pair, then by size.
    let ours: Vec<&Crossover> = c
        .crossovers
        .iter()
        .filter(|x| x.a == 0 && x.b == 1)
        .collect();
    let ends = (
        end(bsp, false),
        end(bpram, false),
        end(bsp, true),
        end(bpram, true),
    );
    let (Some(bsp0), Some(bpram0), Some(bsp1), Some(bpram1)) = ends else {
        return "The curves have no points to compare.".to_string();
    };
    // Which is faster in the first interval: the first crossover says, else the first point.
    let bulk_first = match ours.first() {
        Some(x) => x.faster_below == 1,
        None => bpram0 < bsp0,
    };
    let mut bounds = vec![from];
    bounds.extend(ours.iter().map(|x| x.size_bytes));
    bounds.push(to);
    let wins: Vec<String> = bounds
        .windows(2)
        .enumerate()
        .filter(|(i, _)| (i % 2 == 0) == bulk_first)
        .map(|(_, w)| {
            let (lo, hi) = (w[0], w[1]);
            match (lo == from, hi == to) {
                (true, true) => format!("at every size from {} to {}", si(lo, "B"), si(hi, "B")),
                (true, false) => format!("below {}", si(hi, "B")),
                (false, true) => format!("above {}", si(lo, "B")),
                (false, false) => format!("from {} to {}", si(lo, "B"), si(hi, "B")),
            }
        })
        .collect();
    let ratios = format!(
        "the h-relation takes {} times as long as the permutation at {} ({} against {}) and {} times at {} ({} against {})",
        sig3(bsp0 / bpram0),
        si(from, "B"),
        si(bsp0, "µs"),
        si(bpram0, "µs"),
        sig3(bsp1 / bpram1),
        si(to, "B"),
        si(bsp1, "µs"),
        si(bpram1, "µs"),
    );
    if wins.is_empty() {
        format!(
            "On {p} processors the h-relation (BSP) is faster at every size from {} to {}: bulk transfer does not win here; {ratios}.",
            si(from, "B"),
            si(to, "B")
        )
    } else {
        format!(
            "On {p} processors bulk transfer wins {}: there the block permutation (BPRAM) beats the h-relation (BSP) moving the same bytes; {ratios}.",
            join_and(&wins)
        )
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::compare::compare;
    use commcalc_core::figures::BULK;
    use commcalc_core::models::nbl::FSet;
    use commcalc_core::regimes::block_sweep;
    use commcalc_core::Scenario;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// 004 Fig. 4: both algorithms under both f(L) sets, the second dashed, each optimum on
    /// its curve and the nominal model slower.
    #[test]
    fn the_sweep_draws_four_curves_with_their_optima() {
        let s = scenario("machine=intel-delta&pattern=global-combine&n=100000&mesh=16x16");
        let sweeps = [
            block_sweep(&s, FSet::Standard, SWEEP_POINTS).unwrap(),
            block_sweep(&s, FSet::Nominal, SWEEP_POINTS).unwrap(),
        ];
        let plot = sweep_plot(&sweeps, Scale::Log);
        assert_eq!(plot.series.len(), 4);
        let dashed: Vec<bool> = plot.series.iter().map(|s| s.dashed).collect();
        assert_eq!(dashed, [false, false, true, true]);
        assert_eq!(
            plot.series[0].colour, 1,
            "Snake is vermillion, as on the map"
        );
        assert_eq!(plot.series[1].colour, 2, "Fence is green, as on the map");
        for s in &plot.series {
            let (b, t) = s.optimum.unwrap();
            assert!(s.points.contains(&(b, t)), "the optimum is on its curve");
            assert!(s.points.iter().all(|p| p.1 >= t - 1e-9 * t));
            assert!(b >= plot.x.lo && b <= plot.x.hi && t >= plot.y.lo && t <= plot.y.hi);
        }
        // The NBL constraint slows both (004 §4.1).
        for i in 0..2 {
            assert!(plot.series[i + 2].optimum.unwrap().1 > plot.series[i].optimum.unwrap().1);
        }
        assert!(
            plot.x.ticks.iter().all(|(_, l)| !l.contains(' ')),
            "{:?}",
            plot.x.ticks
        );
        assert!(sweeps.iter().all(|s| !sweep_optima(s).is_empty()));
        let line = sweep_optima(&sweeps[1]);
        assert!(line.starts_with("nominal: Snake S = "), "{line}");
        assert!(
            line.contains(", Fence S = ") && line.contains(" faster by "),
            "{line}"
        );
    }

    #[test]
    fn linear_axes_start_at_zero() {
        let s = scenario("machine=intel-delta&pattern=global-combine&n=1000&mesh=4x4");
        let sweep = block_sweep(&s, FSet::Standard, 64).unwrap();
        let plot = sweep_plot(std::slice::from_ref(&sweep), Scale::Linear);
        assert_eq!(plot.series.len(), 2);
        assert_eq!(plot.x.lo, 0.0);
        assert!(plot.series.iter().all(|s| !s.dashed));
    }

    #[test]
    fn the_compare_link_writes_semicolons() {
        let [a, b] = BULK.queries(16);
        assert_eq!(scenario(&a).to_query(), a, "canonical");
        assert_eq!(scenario(&b).to_query(), b, "canonical");
        let link = crate::page::compare_link([a.as_str(), b.as_str()], None).unwrap();
        assert_eq!(
            link,
            "?view=compare&c=machine=intel-paragon;pattern=h-relation;p=16&c=machine=intel-paragon;pattern=permutation;p=16"
        );
        let (page, _, problems) = crate::page::parse(&link);
        assert!(problems.is_empty());
        assert_eq!(page.compare, vec![scenario(&a), scenario(&b)]);
    }

    /// 001 §5: on the Paragon the block permutation beats the h-relation of the same bytes at
    /// every size the two are drawn over, on every machine size both tables give.
    #[test]
    fn bulk_transfer_wins_on_the_paragon() {
        for p in BULK.sizes {
            let [a, b] = BULK.queries(p);
            let c = compare(&[scenario(&a), scenario(&b)]).unwrap();
            let text = bulk_sentence(&c, p);
            assert!(
                text.starts_with(&format!(
                    "On {p} processors bulk transfer wins at every size from 1 B to 1 MB"
                )),
                "{text}"
            );
            assert!(text.contains("times as long"), "{text}");
        }
    }

    /// With crossovers, the sentence names the ranges between them.
    #[test]
    fn crossovers_bound_where_bulk_transfer_wins() {
        let [a, b] = BULK.queries(8);
        let mut c = compare(&[scenario(&a), scenario(&b)]).unwrap();
        c.crossovers = vec![Crossover {
            a: 0,
            b: 1,
            size_bytes: 2000.0,
            time_us: 1.0,
            faster_below: 0,
        }];
        let text = bulk_sentence(&c, 8);
        assert!(text.contains("bulk transfer wins above 2 kB:"), "{text}");
        c.crossovers.push(Crossover {
            size_bytes: 50_000.0,
            ..c.crossovers[0]
        });
        c.crossovers[0].faster_below = 1;
        let text = bulk_sentence(&c, 8);
        assert!(
            text.contains("bulk transfer wins below 2 kB and above 50 kB:"),
            "{text}"
        );
    }

    #[test]
    fn lists_read_as_prose() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(join_and(&s(&["a"])), "a");
        assert_eq!(join_and(&s(&["a", "b", "c"])), "a, b and c");
        assert_eq!(join_and(&[]), "");
    }

    /// The page's default scenario (the Paragon's ping-pong) has no maps: the view opens on the
    /// DELTA's, keeping the pattern, and says so; a scenario with maps stays.
    #[test]
    fn the_regimes_view_opens_on_the_nearest_scenario_with_maps() {
        let paragon =
            Scenario::from_query("machine=intel-paragon&pattern=pingpong&size=5000").unwrap();
        let (next, why) = with_maps(&paragon, Some("mine")).unwrap();
        assert_eq!(next.machine.id, "intel-delta");
        assert_eq!(next.pattern.id, "pingpong");
        assert_eq!(next.inputs.size, Some(5000.0));
        assert!(nbl_of(&next).is_ok());
        assert!(
            why.contains("Intel Paragon") && why.contains("DELTA"),
            "{why}"
        );
        let bsp = Scenario::from_query("machine=ibm-sp2&pattern=h-relation").unwrap();
        let (next, _) = with_maps(&bsp, None).unwrap();
        assert_eq!(
            (next.machine.id, next.pattern.id),
            ("intel-delta", "global-combine")
        );
        assert!(with_maps(&next, None).is_none());
        // A fitted machine is called by its name, with the reason it has no maps.
        let fitted =
            Scenario::from_query("machine=custom&pattern=pingpong&alpha=1.2&beta=0.0001").unwrap();
        let (next, why) =
            with_maps(&fitted, Some("my machine (fitted, OSU latency 5.6.3)")).unwrap();
        assert_eq!(
            (next.machine.id, next.pattern.id),
            ("intel-delta", "pingpong")
        );
        assert!(
            why.starts_with("my machine (fitted, OSU latency 5.6.3) is fitted to your measurements, and a fit gives no node-bandwidth-limited parameters")
                && why.contains(": it gives those of the Hockney, piecewise Hockney and hyperbolic models,")
                && why.contains("Ping-pong on the Intel Touchstone DELTA"),
            "{why}"
        );
        assert!(!why.contains("Custom machine"), "{why}");
        assert_eq!(
            nbl_params(&fitted, Some("mine")).unwrap_err(),
            why.split(", so")
                .next()
                .unwrap()
                .replace("my machine (fitted, OSU latency 5.6.3)", "mine")
        );
        // Without a name it is the custom machine, with 004's values; its own nbl model too.
        assert!(nbl_params(&fitted, None).is_ok() && with_maps(&fitted, None).is_none());
        let nbl = Scenario::from_query("machine=custom&pattern=global-combine&model=nbl").unwrap();
        assert!(nbl_params(&nbl, Some("mine")).is_ok());
    }
}
