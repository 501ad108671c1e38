//! The Collectives view, apart from drawing it: which algorithm of an MPI collective wins on
//! the scenario's machine, over message size at the chosen p (one chart with every
//! algorithm's time) and over size × p (the winner map, the core's
//! `collectives::winner::winner_map`, drawn as the regime maps are), set against the
//! defaults of MPICH 4 and Open MPI 4.1 ([`commcalc_core::collectives::library`]).
//!
//! The chart draws every algorithm's time dashed and, over the sizes where it is the fastest,
//! solid: the solid line is the winner's, and a mark on the abscissa names each size where
//! the winner changes (a crossover).

use commcalc_core::collectives::algorithm;
use commcalc_core::collectives::export::Format;
use commcalc_core::collectives::file::sizes as log_sizes;
use commcalc_core::collectives::segments::Row;
use commcalc_core::collectives::winner::{collective_of, curves, sampled_winner_map, WinnerMap};
use commcalc_core::patterns::collective::{menu, menu_algos, p_of, with_ctx, Cost};
use commcalc_core::units::si;
use commcalc_core::{Error, Scenario};

use crate::chart::{axes, Mark, Palette, Plot, Scale, Series};
use crate::export::file_stem;
use crate::regime_charts::join_and;
use crate::regime_map::{mix, pixels, strength, Tick};
use commcalc_core::collectives::library::{agreement, choice, Library};

/// The winner map's columns: message sizes log-spaced over [`SIZES`], six to an octave, so
/// that every power of two (1 MiB among them) is a column of its own.
pub const MAP_SIZES: usize = 127;
/// The winner map's rows: process counts log-spaced from 2 to [`MAX_P`], seven to an octave,
/// so that the p axis is evenly spaced and every power of two is a row of its own.
pub const MAP_PS: usize = 64;
/// The sizes of the map and the chart: one double to 16 MiB.
pub const SIZES: (f64, f64) = (8.0, 16_777_216.0);
/// The largest process count of the map.
pub const MAX_P: f64 = 1024.0;
/// Points of each algorithm's curve on the chart.
pub const CHART_POINTS: usize = 160;

/// The map's message sizes.
pub fn map_sizes(points: usize) -> Vec<f64> {
    log_sizes(SIZES.0, SIZES.1, points)
}

/// `rows` process counts from 2 to [`MAX_P`], evenly spaced on a log axis and rounded: each
/// row is the same step of lg p, so the axis reads as a log axis. Below 4 a whole count spans
/// several rows (2 and 3 repeat), and every count from 2 to 14 has a row, where ⌈lg p⌉ and the
/// non-power-of-two forms change at every step.
pub fn map_ps(rows: usize) -> Vec<u32> {
    let span = (MAX_P / 2.0).log2();
    (0..rows)
        .map(|k| {
            let x = 2.0 * (span * k as f64 / (rows.max(2) - 1) as f64).exp2();
            x.round() as u32
        })
        .collect()
}

/// The row a keyboard step from row `from` to row `to` of the winner map lands on: the next
/// row in that direction with another process count. The rows are evenly spaced in lg p, so
/// below 8 neighbouring rows round to one p, and a press that read out the same p again
/// seemed to do nothing.
pub fn next_p_row(ps: &[u32], from: usize, to: usize) -> usize {
    let mut row = to;
    while row != from && ps.get(row) == ps.get(from) {
        let further = if to > from {
            row + 1
        } else {
            row.wrapping_sub(1)
        };
        if further >= ps.len() {
            break;
        }
        row = further;
    }
    row
}

/// The scenario's winner map over the view's axes, computed at every `sample`-th row and
/// column (1: every cell; see `State::map_sample`).
pub fn map_of(
    scenario: &Scenario,
    sizes: usize,
    ps: usize,
    sample: usize,
) -> Result<WinnerMap, Error> {
    sampled_winner_map(scenario, &map_sizes(sizes), &map_ps(ps), |_| true, sample)
}

/// The collectives view shows a collective: for a scenario whose pattern is not one, the
/// core's choice (`opening::collective_for`: allreduce on the same machine, the Paragon where
/// that fails), and why, with a fitted machine called by its name (`fitted`).
pub fn with_collective(s: &Scenario, fitted: Option<&str>) -> Option<(Scenario, String)> {
    let next = commcalc_core::opening::collective_for(s)?;
    let why = format!(
        "The Collectives view compares the algorithms of an MPI collective: {} is not one, so the view shows {} on {} (pick another collective above).",
        s.pattern.title,
        next.pattern.title,
        crate::page::machine_label(fitted.filter(|_| next.machine.id == s.machine.id), &next)
    );
    Some((next, why))
}

/// Every algorithm of the scenario's collective at its p, with its cost.
fn costs(scenario: &Scenario) -> Result<Vec<(&'static str, Cost)>, Error> {
    let c = collective_of(scenario)?;
    let p = p_of(scenario);
    with_ctx(scenario, |ctx| menu(ctx, c, p))
}

/// The chart: every algorithm's time against n at the scenario's p, the winner solid, and a
/// mark at each crossover (the core's [`curves`]).
pub fn curves_plot(scenario: &Scenario, scale: Scale) -> Result<Plot, Error> {
    let list = costs(scenario)?;
    let sizes = log_sizes(SIZES.0, SIZES.1, CHART_POINTS);
    let row = curves(&list, &sizes);
    let mut series: Vec<Series> = Vec::new();
    for (a, t) in row.times.iter().enumerate() {
        let line = |range: std::ops::Range<usize>, dashed: bool| Series {
            points: range
                .map(|i| (sizes[i], t[i]))
                .filter(|&(x, y)| scale.shows(x, y))
                .collect(),
            colour: slot(scenario, list[a].0),
            measured: false,
            dashed,
            optimum: None,
            letter: None,
        };
        series.push(line(0..sizes.len(), true));
        for run in runs(&row.winners, a) {
            series.push(line(run, false));
        }
    }
    let (x, y) = axes(&series, SIZES, ("B", "µs"), scale);
    let crossovers = row
        .crossovers
        .iter()
        .map(|c| Mark {
            x: c.at,
            label: format!("{} → {} {}", c.before, c.after, si(c.at, "B")),
        })
        .collect();
    Ok(Plot {
        crossovers,
        ..Plot::bare(x, y, series)
    })
}

/// The index ranges where `winners` is `a`, each widened by one point to the right so that the
/// solid pieces of consecutive winners meet.
fn runs(winners: &[usize], a: usize) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, w) in winners.iter().enumerate() {
        match (start, *w == a) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push(s..(i + 1).min(winners.len()));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..winners.len());
    }
    out
}

/// The map's accessible name: what it shows, with the defaults of the libraries the map draws
/// ([`Library::CURRENT`], by the core's names) as its lines.
pub fn map_label() -> String {
    let names: Vec<String> = Library::CURRENT
        .iter()
        .map(|l| l.name().to_string())
        .collect();
    format!(
        "Winner map: the fastest algorithm by message size and process count, with the default thresholds of {} as lines; arrow keys move the cursor",
        join_and(&names)
    )
}

/// An algorithm in a key: its id and its colour as CSS (`rgb(r,g,b)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Swatch {
    pub id: &'static str,
    pub rgb: String,
}

impl Swatch {
    fn new(id: &'static str, (r, g, b): (u8, u8, u8)) -> Swatch {
        Swatch {
            id,
            rgb: format!("rgb({r},{g},{b})"),
        }
    }
}

/// The legend under the chart: each algorithm's colour and name (none where the scenario is
/// not a collective).
pub fn chart_legend(scenario: &Scenario, palette: &Palette) -> Vec<Swatch> {
    let Ok(list) = costs(scenario) else {
        return Vec::new();
    };
    list.iter()
        .map(|(id, _)| Swatch::new(id, colour(palette, slot(scenario, id))))
        .collect()
}

/// The colour of the algorithm in colour slot `slot` ([`slot`]).
pub fn colour(palette: &Palette, slot: usize) -> (u8, u8, u8) {
    palette.series[slot % palette.series.len()]
}

/// An algorithm's colour slot: its place among the menu's algorithms on the scenario's machine
/// (the core's [`menu_algos`]), so an algorithm has one colour on the chart, the map and both
/// keys, whichever algorithms a p leaves out.
pub fn slot(scenario: &Scenario, id: &str) -> usize {
    let Ok(c) = collective_of(scenario) else {
        return 0;
    };
    menu_algos(c, scenario.machine)
        .iter()
        .position(|a| *a == id)
        .unwrap_or(0)
}

/// The colour slot of each of a map's algorithms.
pub fn slots(scenario: &Scenario, map: &WinnerMap) -> Vec<usize> {
    map.algos.iter().map(|id| slot(scenario, id)).collect()
}

/// The map as RGBA pixels, one per cell, the largest p on the top row: the winner's colour
/// (`slots`: [`slots`]), paler the smaller its margin over the runner-up (as the regime maps).
pub fn rgba(map: &WinnerMap, slots: &[usize], palette: &Palette) -> Vec<u8> {
    pixels(
        map.ps.len(),
        map.sizes.len(),
        map.sample,
        |row, col| map.cell(row, col).copied(),
        |c| {
            mix(
                palette.background,
                colour(palette, slots.get(c.winner).copied().unwrap_or(0)),
                strength(c.margin),
            )
        },
        palette.background,
    )
}

/// Ticks of the size axis: every second decade in bytes, at the nearest column.
pub fn size_ticks(sizes: &[f64]) -> Vec<Tick> {
    let cols = sizes.len() as f64;
    (0..=8)
        .map(|d| 10f64.powi(d))
        .filter(|v| sizes.first().is_some_and(|f| f <= v) && sizes.last().is_some_and(|l| v <= l))
        .step_by(2)
        .map(|v| Tick {
            at: (nearest(sizes, v) as f64 + 0.5) / cols * 100.0,
            label: si(v, "B"),
        })
        .collect()
}

/// Ticks of the p axis: every second power of two, at its place on the axis's log scale
/// (the rows are evenly spaced in lg p, [`map_ps`]).
pub fn p_ticks(ps: &[u32]) -> Vec<Tick> {
    let rows = ps.len() as f64;
    let (Some(&first), Some(&last)) = (ps.first(), ps.last()) else {
        return Vec::new();
    };
    (1..=12)
        .step_by(2)
        .map(|e| 1u32 << e)
        .filter(|p| (first..=last).contains(p))
        .map(|p| Tick {
            at: (log_row(ps, p) + 0.5) / rows * 100.0,
            label: p.to_string(),
        })
        .collect()
}

/// Where `p` falls among the rows of `ps` on a log scale (0 the first row, `len − 1` the
/// last), for rows evenly spaced in lg p.
fn log_row(ps: &[u32], p: u32) -> f64 {
    let (first, last) = (f64::from(ps[0]), f64::from(ps[ps.len() - 1]));
    if last <= first {
        return 0.0;
    }
    (f64::from(p) / first).ln() / (last / first).ln() * (ps.len() - 1) as f64
}

/// The index of the value nearest `v` on a log scale.
fn nearest(values: &[f64], v: f64) -> usize {
    values
        .iter()
        .enumerate()
        .min_by(|a, b| {
            (a.1.ln() - v.ln())
                .abs()
                .total_cmp(&(b.1.ln() - v.ln()).abs())
        })
        .map_or(0, |(i, _)| i)
}

/// The cell nearest a scenario's p and size on the map's log axes (a p that spans several
/// rows is on the one where the axis puts it).
pub fn home(map: &WinnerMap, p: u32, n: f64) -> (usize, usize) {
    let row = if map.ps.is_empty() {
        0
    } else {
        log_row(&map.ps, p.max(1))
            .round()
            .clamp(0.0, (map.ps.len() - 1) as f64) as usize
    };
    (row, nearest(&map.sizes, n))
}

/// Every algorithm's time at one (p, n) of the scenario's machine: what a readout compares a
/// library's choice with.
pub fn times_at(scenario: &Scenario, p: u32, n: f64) -> Vec<(&'static str, f64)> {
    let mut at = scenario.clone();
    at.inputs.p = Some(p);
    costs(&at)
        .map(|list| list.iter().map(|(id, c)| (*id, c(n))).collect())
        .unwrap_or_default()
}

/// A map's cell as the readout shows it: its p, size and winner (data attributes, for tests and
/// scripts) and the sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct CellReading {
    pub p: u32,
    pub size: f64,
    pub winner: &'static str,
    pub text: String,
}

/// A cell in words: p, n, the winner, its time and margin, and what each library picks there
/// (with how much slower its choice is, from `times`, every algorithm's time at the cell).
///
/// `exact`: the scenario's own p and size, read out as they are (1,048,576 B is 1.05 MB, not
/// the nearest column's size), with the winner among `times` there.
pub fn reading(
    map: &WinnerMap,
    row: usize,
    col: usize,
    times: &[(&'static str, f64)],
    exact: Option<(u32, f64)>,
) -> Option<CellReading> {
    let cell = map.cell(row, col)?;
    let (winner, time_us, margin, (p, n)) = match exact {
        Some(at) => {
            let (winner, time, margin) = fastest(times)?;
            (winner, time, margin, at)
        }
        None => (
            map.winner(row, col)?,
            cell.time_us,
            cell.margin,
            (*map.ps.get(row)?, *map.sizes.get(col)?),
        ),
    };
    let margin = if margin.is_finite() {
        format!("{:.1}% faster than the runner-up", margin * 100.0)
    } else {
        "the only algorithm".to_string()
    };
    let libraries: Vec<String> = Library::CURRENT
        .iter()
        .filter_map(|&lib| {
            let ch = choice(lib, map.collective, p, n)?;
            let time = |a: &str| times.iter().find(|(id, _)| *id == a).map(|(_, t)| *t);
            // An algorithm off the map (a library's own, costed only in validation) is not
            // costed here.
            let on_map = ch.algo.filter(|a| algorithm(map.collective, a).is_some());
            let verdict = match on_map {
                Some(a) if a == winner => "agrees".to_string(),
                Some(a) => match time(a) {
                    Some(t) => format!(
                        "differs: {}, {:.0}% slower",
                        si(t, "µs"),
                        (t / time_us - 1.0) * 100.0
                    ),
                    None => "differs".to_string(),
                },
                None => "not costed here".to_string(),
            };
            Some(format!("{}: {} ({verdict})", lib.name(), ch.name))
        })
        .collect();
    Some(CellReading {
        p,
        size: n,
        winner,
        text: format!(
            "p = {p}, n = {}: {winner} in {}, {margin}. {}.",
            si(n, "B"),
            si(time_us, "µs"),
            libraries.join(" · ")
        ),
    })
}

/// The fastest of `times`, its time and its margin over the runner-up (the winner map's
/// margin: runner-up / winner − 1; infinite for a lone algorithm). Ties go to the earlier.
fn fastest(times: &[(&'static str, f64)]) -> Option<(&'static str, f64, f64)> {
    let (i, &(id, best)) = times
        .iter()
        .enumerate()
        .min_by(|a, b| a.1 .1.total_cmp(&b.1 .1))?;
    let second = times
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, t)| t.1)
        .fold(f64::INFINITY, f64::min);
    Some((id, best, second / best - 1.0))
}

/// What a library's line on the map is, and how often its default is the winner.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    pub id: &'static str,
    pub name: &'static str,
    pub share: String,
}

/// The key under the map: each algorithm's colour, and each library's line with how often its
/// default is the winner.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapKey {
    pub swatches: Vec<Swatch>,
    pub libraries: Vec<Agreement>,
}

/// The map's key ([`MapKey`]).
pub fn map_key(map: &WinnerMap, slots: &[usize], palette: &Palette) -> MapKey {
    let swatches = map
        .algos
        .iter()
        .zip(slots)
        .map(|(id, &slot)| Swatch::new(id, colour(palette, slot)))
        .collect();
    let libraries = Library::CURRENT
        .iter()
        .map(|&lib| {
            let (same, costed) = agreement(lib, map.collective, &map.sizes, &map.ps, |r, c| {
                map.winner(r, c)
            });
            let share = if costed == 0 {
                "picks only algorithms commcalc does not cost here".to_string()
            } else {
                format!(
                    "default is the fastest in {same} of the {costed} cells where it picks an algorithm commcalc costs ({:.0}%)",
                    same as f64 / costed as f64 * 100.0
                )
            };
            Agreement {
                id: lib.id(),
                name: lib.name(),
                share,
            }
        })
        .collect();
    MapKey {
        swatches,
        libraries,
    }
}

/// A row of the core's table of optimal segments (`collectives::segments::table`) as shown:
/// algorithm, n, segments k, segment, time, closed form s* ("—" where there is none).
pub fn segment_cells(r: &Row) -> [String; 6] {
    [
        r.algo.to_string(),
        si(r.size, "B"),
        r.segments.to_string(),
        si(r.segment_bytes, "B"),
        si(r.time_us, "µs"),
        r.closed_form_bytes.map_or("—".to_string(), |s| si(s, "B")),
    ]
}

/// The file name of an export: the page's export stem ([`file_stem`],
/// `commcalc-<machine>-<collective>`), then the format and its extension:
/// `commcalc-intel-paragon-broadcast.ompi-rules.conf`.
pub fn export_name(scenario: &Scenario, format: Format) -> String {
    format!(
        "{}.{}.{}",
        file_stem(std::slice::from_ref(scenario)),
        format.id(),
        format.extension()
    )
}

#[cfg(test)]
mod tests {

    /// Every arrow press on the p axis reads out another p, down to 2 and up to the top.
    #[test]
    fn a_step_along_p_reads_out_another_count() {
        let ps = map_ps(MAP_PS);
        let (mut row, mut seen) = (ps.len() - 1, Vec::new());
        while ps[row] > ps[0] {
            let next = next_p_row(&ps, row, row - 1);
            assert!(
                next < row && ps[next] != ps[row],
                "{} from {}",
                ps[next],
                ps[row]
            );
            seen.push(ps[next]);
            row = next;
        }
        assert_eq!(seen.last(), Some(&2));
        assert_eq!(
            next_p_row(&ps, 0, 1),
            ps.iter().position(|&p| p > 2).unwrap()
        );
    }

    use super::*;
    use crate::chart::palette;
    use commcalc_core::collectives::winner::winner_map;
    use commcalc_core::run;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// Opened on a point-to-point scenario, the view moves to allreduce on the same machine
    /// with its parameters: a fitted (custom) machine stays itself.
    #[test]
    fn the_view_keeps_the_machine_and_its_parameters() {
        let fitted = scenario("machine=custom&pattern=pingpong&alpha=1.115&beta=0.0001016");
        let (next, why) = with_collective(&fitted, Some("mine")).unwrap();
        assert_eq!(
            next,
            scenario("machine=custom&pattern=allreduce&alpha=1.115&beta=0.0001016")
        );
        assert!(why.contains("Allreduce on mine"), "{why}");
        let paragon = scenario("machine=intel-paragon&pattern=broadcast");
        assert!(with_collective(&paragon, Some("mine")).is_none());
    }

    /// Both axes are log axes: every power of two is a column (each sixth, 1 MiB among them)
    /// or a row (each seventh), and the p ticks are evenly spaced.
    #[test]
    fn the_axes_are_log_axes_with_every_power_of_two() {
        let s = map_sizes(MAP_SIZES);
        assert_eq!(s.len(), MAP_SIZES);
        assert!(s.windows(2).all(|w| w[0] < w[1]), "{s:?}");
        for (k, n) in s.iter().enumerate().step_by(6) {
            assert_eq!(*n, 8.0 * 2f64.powi(k as i32 / 6), "column {k}");
        }
        assert!(s.contains(&1048576.0));
        let ps = map_ps(MAP_PS);
        assert_eq!(ps.len(), MAP_PS);
        for (k, p) in ps.iter().enumerate().step_by(7) {
            assert_eq!(*p, 2 << (k / 7), "row {k}");
        }
        assert!(ps.windows(2).all(|w| w[0] <= w[1]));
        assert!((2..=14).all(|p| ps.contains(&p)), "{ps:?}");
        let ticks = p_ticks(&ps);
        let gaps: Vec<f64> = ticks.windows(2).map(|w| w[1].at - w[0].at).collect();
        let labels: Vec<&str> = ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["2", "8", "32", "128", "512"]);
        assert!(gaps.iter().all(|g| (g - gaps[0]).abs() < 1e-9), "{gaps:?}");
        // The scenario's p is on its own row: 4 on row 7, where the axis puts it.
        assert_eq!(
            home(
                &map_of(
                    &scenario("machine=intel-paragon&pattern=broadcast"),
                    4,
                    MAP_PS,
                    1
                )
                .unwrap(),
                4,
                8.0
            )
            .0,
            7
        );
    }

    #[test]
    fn every_map_cell_is_what_algo_best_reports() {
        let s = scenario("machine=intel-paragon&pattern=broadcast");
        let map = map_of(&s, 12, 6, 1).unwrap();
        for (row, p) in map.ps.iter().enumerate() {
            for (col, n) in map.sizes.iter().enumerate() {
                let r = run(&format!(
                    "machine=intel-paragon&pattern=broadcast&algo=best&p={p}&size={n}"
                ))
                .unwrap();
                let fastest = match r.metrics.get("fastest") {
                    Some(commcalc_core::patterns::Value::Text(t)) => t.clone(),
                    other => panic!("no fastest: {other:?}"),
                };
                assert_eq!(map.winner(row, col), Some(fastest.as_str()), "p {p} n {n}");
            }
        }
    }

    #[test]
    fn the_chart_draws_the_winner_solid_and_marks_its_changes() {
        let s = scenario("machine=intel-paragon&pattern=broadcast&p=16");
        let plot = curves_plot(&s, Scale::Log).unwrap();
        let map = winner_map(
            &s,
            &log_sizes(SIZES.0, SIZES.1, CHART_POINTS),
            &[16],
            |_| true,
        )
        .unwrap();
        let changes = (1..map.sizes.len())
            .filter(|&c| map.winner(0, c) != map.winner(0, c - 1))
            .count();
        assert!(
            changes > 0,
            "the Paragon's broadcast changes winner over 8 B…16 MiB"
        );
        assert_eq!(plot.crossovers.len(), changes);
        let first = &plot.crossovers[0];
        assert!(first.label.starts_with("binomial → "), "{}", first.label);
        // One dashed line per algorithm, and solid pieces only where an algorithm wins.
        assert_eq!(
            plot.series.iter().filter(|s| s.dashed).count(),
            map.algos.len()
        );
        assert_eq!(
            plot.series.iter().filter(|s| !s.dashed).count(),
            changes + 1
        );
    }

    /// The marks are the core's crossovers (`winner::curves`), each named with its size.
    #[test]
    fn the_marks_name_the_cores_crossovers() {
        let s = scenario("machine=intel-paragon&pattern=broadcast&p=16");
        let plot = curves_plot(&s, Scale::Log).unwrap();
        let labels: Vec<&str> = plot.crossovers.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "binomial → scatter-rd-allgather 23.9 kB",
                "scatter-rd-allgather → pipelined-chain 1.1 MB"
            ]
        );
    }

    #[test]
    fn the_maps_name_says_which_libraries_it_draws() {
        assert_eq!(
            map_label(),
            "Winner map: the fastest algorithm by message size and process count, with the default thresholds of MPICH 4 and Open MPI 4.1 as lines; arrow keys move the cursor"
        );
    }

    #[test]
    fn runs_cover_each_win_and_meet_the_next() {
        assert_eq!(runs(&[0, 0, 1, 1, 0], 0), vec![0..3, 4..5]);
        assert_eq!(runs(&[0, 0, 1, 1, 0], 1), vec![2..5]);
        assert_eq!(runs(&[1, 1], 0), Vec::<std::ops::Range<usize>>::new());
    }

    #[test]
    fn the_readout_names_the_winner_and_each_library() {
        let s = scenario("machine=intel-paragon&pattern=broadcast");
        let map = map_of(&s, 8, 4, 1).unwrap();
        let (p, n) = (map.ps[3], map.sizes[0]);
        let r = reading(&map, 3, 0, &times_at(&s, p, n), None).unwrap();
        assert_eq!(r.winner, map.winner(3, 0).unwrap());
        assert_eq!((r.p, r.size), (p, n));
        assert!(r.text.contains("MPICH 4: binomial"), "{r:?}");
        assert!(reading(&map, 4, 0, &[], None).is_none());
    }

    /// The scenario's own cell reads out its p and size exactly, with the winner algo=best
    /// reports there: 1,048,576 B is 1.05 MB, as the panel says, whatever the column's size.
    #[test]
    fn the_scenarios_cell_reads_out_its_exact_size() {
        let s = scenario("machine=intel-paragon&pattern=broadcast&p=100&size=1000000");
        let map = map_of(&s, MAP_SIZES, MAP_PS, 1).unwrap();
        let (row, col) = home(&map, 100, 1e6);
        assert_ne!(map.sizes[col], 1e6);
        let r = reading(&map, row, col, &times_at(&s, 100, 1e6), Some((100, 1e6))).unwrap();
        let best =
            run("machine=intel-paragon&pattern=broadcast&algo=best&p=100&size=1000000").unwrap();
        let Some(commcalc_core::values::Value::Text(fastest)) = best.metrics.get("fastest") else {
            panic!("{:?}", best.metrics)
        };
        assert_eq!((r.p, r.size), (100, 1e6));
        assert_eq!(r.winner, fastest.as_str());
        assert!(
            r.text
                .starts_with(&format!("p = 100, n = {}:", si(1e6, "B"))),
            "{r:?}"
        );
    }

    #[test]
    fn a_library_choice_that_differs_says_how_much_slower_it_is() {
        // 16 Paragon nodes at 16 kB: MPICH picks scatter + recursive-doubling allgather
        // (1513.6 µs) where the binomial tree takes 1320 µs: 15% slower.
        let s = scenario("machine=intel-paragon&pattern=broadcast");
        let map = winner_map(&s, &[16_000.0], &[16], |_| true).unwrap();
        let html = reading(&map, 0, 0, &times_at(&s, 16, 16_000.0), None)
            .unwrap()
            .text;
        assert!(
            html.contains("MPICH 4: scatter-rd-allgather (differs: 1.51 ms, 15% slower)"),
            "{html}"
        );
        // Open MPI 4.1's table (communicator_size < 32): binomial from 4 KiB to 1 MiB.
        assert!(html.contains("Open MPI 4.1: binomial (agrees)"), "{html}");
    }

    #[test]
    fn an_open_mpi_choice_commcalc_does_not_cost_is_named_as_such() {
        // 4 processes, 1000 B: Open MPI 4.1 runs its binary tree (algorithm 5).
        let s = scenario("machine=intel-paragon&pattern=broadcast");
        let map = winner_map(&s, &[1000.0], &[4], |_| true).unwrap();
        let html = reading(&map, 0, 0, &times_at(&s, 4, 1000.0), None)
            .unwrap()
            .text;
        assert!(
            html.contains("Open MPI 4.1: binary_tree (not costed here)"),
            "{html}"
        );
    }

    /// A library's own algorithm, costed in validation but off the map (Open MPI 4.1's
    /// linear_sync all-to-all at p = 4), is read out as not costed here, not as a loser.
    #[test]
    fn a_library_algorithm_off_the_map_is_not_costed_here() {
        let s = scenario("machine=intel-paragon&pattern=all-to-all");
        let map = winner_map(&s, &[4000.0], &[4], |_| true).unwrap();
        let html = reading(&map, 0, 0, &times_at(&s, 4, 4000.0), None)
            .unwrap()
            .text;
        assert!(
            html.contains("Open MPI 4.1: linear_sync (not costed here)"),
            "{html}"
        );
    }

    #[test]
    fn colours_follow_the_winner_and_the_margin() {
        let s = scenario("machine=intel-paragon&pattern=allreduce");
        let map = map_of(&s, 16, 4, 1).unwrap();
        let light = palette(false);
        let table = slots(&s, &map);
        let px = rgba(&map, &table, &light);
        assert_eq!(px.len(), 16 * 4 * 4);
        // The bottom-left pixel is row 0 (p = 2), column 0: the last row of the image.
        let cell = map.cell(0, 0).unwrap();
        let want = mix(
            light.background,
            colour(&light, table[cell.winner]),
            strength(cell.margin),
        );
        let at = 3 * 16 * 4;
        assert_eq!((px[at], px[at + 1], px[at + 2]), want);
    }

    /// The core's rows as the table shows them (the page's cells before the table moved to
    /// the core): a 1 MB broadcast on 16 Paragon nodes, and a chain of two with no closed form.
    #[test]
    fn segment_rows_are_shown_in_si_units_with_a_dash_for_no_closed_form() {
        let rows = commcalc_core::collectives::segments::table(&scenario(
            "machine=intel-paragon&pattern=broadcast&p=16&size=1000000",
        ))
        .unwrap();
        assert_eq!(
            segment_cells(&rows[2]),
            [
                "pipelined-chain",
                "1 MB",
                "33",
                "30.3 kB",
                "23.2 ms",
                "30.1 kB"
            ]
        );
        let two = commcalc_core::collectives::segments::table(&scenario(
            "machine=intel-paragon&pattern=broadcast&p=2",
        ))
        .unwrap();
        assert_eq!(
            segment_cells(&two[0]),
            ["pipelined-chain", "1.02 kB", "1", "1.02 kB", "158 µs", "—"]
        );
    }

    /// An export's name is the page's export stem with the format and its extension.
    #[test]
    fn an_export_is_named_by_the_pages_stem_and_its_format() {
        let s = scenario("machine=intel-paragon&pattern=broadcast&p=16");
        assert_eq!(
            export_name(&s, Format::OmpiRules),
            "commcalc-intel-paragon-broadcast.ompi-rules.conf"
        );
        assert_eq!(
            export_name(&s, Format::MpichJson),
            "commcalc-intel-paragon-broadcast.mpich-json.json"
        );
    }

    #[test]
    fn a_pattern_that_is_not_a_collective_is_refused_with_the_accepted_ones() {
        let e = curves_plot(
            &scenario("machine=intel-paragon&pattern=pingpong"),
            Scale::Log,
        )
        .unwrap_err();
        assert!(e.to_string().contains("allreduce"), "{e}");
    }

    #[test]
    fn an_algorithm_has_one_colour_on_the_chart_and_the_map() {
        // On the ATM cluster 002's all-to-all algorithms come first among the `algo=` ids
        // but last in the menu: colours follow the ids, so chart and map agree.
        let s = scenario("machine=atm-sparc20&pattern=all-to-all&algo=best&p=8");
        assert_eq!(
            ["separate", "multicast", "bruck", "pairwise"].map(|a| slot(&s, a)),
            [0, 1, 2, 3]
        );
        let plot = curves_plot(&s, Scale::Log).unwrap();
        let dashed: Vec<usize> = plot
            .series
            .iter()
            .filter(|x| x.dashed)
            .map(|x| x.colour)
            .collect();
        let menu: Vec<&str> = costs(&s).unwrap().iter().map(|(id, _)| *id).collect();
        assert_eq!(dashed, menu.iter().map(|a| slot(&s, a)).collect::<Vec<_>>());
        let map = map_of(&s, 8, 4, 1).unwrap();
        for (i, id) in map.algos.iter().enumerate() {
            assert_eq!(slots(&s, &map)[i], slot(&s, id));
        }
    }
}
