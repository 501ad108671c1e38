//! The Traffic view's pictures, apart from painting them: the hypercube with its links shaded
//! by utilisation (the drawing's data, and the SVG file it exports as), the histograms and the
//! sweeps of 003 Figs. 7–9 as `Plot`s for the `Figure` component and the exports.

use commcalc_core::traffic::{Cube, Run};

use crate::chart::{axes, LegendKey, Plot, Scale, Series};
use crate::traffic::Curve;

/// The largest cube drawn node by node: 64 nodes and 192 links.
pub const MAX_DRAWN_DIM: u32 = 6;

/// Where each dimension moves a node on the drawing: dimensions 0 and 1 make a square, 2 and
/// 3 a larger square of squares, 4 and 5 a larger one again, each a little skewed so that no
/// two links lie on one line.
const STEPS: [(f64, f64); 6] = [
    (1.0, 0.0),
    (0.0, 1.0),
    (2.6, 0.45),
    (0.45, 2.6),
    (7.0, 1.1),
    (1.1, 7.0),
];

fn position(node: u32, dim: u32) -> (f64, f64) {
    (0..dim).fold((0.0, 0.0), |(x, y), k| {
        if node >> k & 1 == 1 {
            (x + STEPS[k as usize].0, y + STEPS[k as usize].1)
        } else {
            (x, y)
        }
    })
}

/// A link's colour: from pale grey (idle) to dark red (always busy).
fn shade(u: f64) -> String {
    let u = u.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * u).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(200.0, 150.0),
        mix(200.0, 10.0),
        mix(210.0, 20.0)
    )
}

/// The drawing's node fill and ink where no style sheet says otherwise (the exported SVG): the
/// light palette's background and text.
pub const PAPER: &str = "#ffffff";
pub const INK: &str = "#1d2330";

/// One link of the drawing: which (its index and dimension, the nodes it joins), where, and how
/// busy (its utilisation and peak queue, its shade and width).
#[derive(Clone, Debug, PartialEq)]
pub struct LinkLine {
    pub link: u32,
    pub ends: (u32, u32),
    pub dimension: u32,
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub utilisation: f64,
    pub peak_queue: u32,
    /// CSS colour, from pale grey (idle) to dark red (always busy).
    pub stroke: String,
    pub width: f64,
}

impl LinkLine {
    /// The link's tooltip.
    pub fn title(&self) -> String {
        format!(
            "link {}–{} (dimension {}): utilisation {:.3}, peak queue {}",
            self.ends.0, self.ends.1, self.dimension, self.utilisation, self.peak_queue
        )
    }
}

/// The cube of the first replication as a drawing: its size, a line per link and a circle per
/// node (labelled up to 16 nodes).
#[derive(Clone, Debug, PartialEq)]
pub struct CubeDrawing {
    pub nodes: u32,
    pub width: f64,
    pub height: f64,
    pub links: Vec<LinkLine>,
    /// Each node's centre, in node order.
    pub centres: Vec<(f64, f64)>,
    pub radius: f64,
    pub labelled: bool,
}

impl CubeDrawing {
    /// `viewBox`'s value.
    pub fn view_box(&self) -> String {
        format!("0 0 {:.0} {:.0}", self.width, self.height)
    }

    /// The drawing's title.
    pub fn title(&self) -> String {
        format!(
            "The {}-node cube, each link shaded by its utilisation (darker and wider: busier)",
            self.nodes
        )
    }
}

/// The drawing of a `dim`-cube's run ([`CubeDrawing`]); `None` above [`MAX_DRAWN_DIM`].
pub fn cube_drawing(dim: u32, run: &Run) -> Option<CubeDrawing> {
    if dim > MAX_DRAWN_DIM || dim == 0 {
        return None;
    }
    let cube = Cube { dim };
    let pos: Vec<(f64, f64)> = (0..cube.nodes()).map(|n| position(n, dim)).collect();
    let max = |f: fn(&(f64, f64)) -> f64| pos.iter().map(f).fold(0.0, f64::max);
    let (w, h) = (max(|p| p.0), max(|p| p.1));
    let scale = 300.0 / w.max(h).max(1.0);
    let at = |n: u32| {
        let (x, y) = pos[n as usize];
        (20.0 + x * scale, 20.0 + (h - y) * scale)
    };
    let links = (0..cube.links())
        .map(|l| {
            let (a, b) = cube.link_ends(l);
            let u = run.link_utilisation.get(l as usize).copied().unwrap_or(0.0);
            LinkLine {
                link: l,
                ends: (a, b),
                dimension: l >> (dim - 1),
                from: at(a),
                to: at(b),
                utilisation: u,
                peak_queue: run.link_peak_queue.get(l as usize).copied().unwrap_or(0),
                stroke: shade(u),
                width: 1.0 + 4.0 * u.clamp(0.0, 1.0),
            }
        })
        .collect();
    Some(CubeDrawing {
        nodes: cube.nodes(),
        width: 40.0 + w * scale,
        height: 40.0 + h * scale,
        links,
        centres: (0..cube.nodes()).map(at).collect(),
        radius: if dim <= 4 { 11.0 } else { 4.0 },
        labelled: dim <= 4,
    })
}

/// Why a cube is not drawn, and its links' utilisation in words.
pub fn cube_summary(dim: u32, run: &Run) -> String {
    let u = &run.link_utilisation;
    let mean = u.iter().sum::<f64>() / u.len().max(1) as f64;
    let min = u.iter().copied().fold(f64::INFINITY, f64::min);
    let head = if dim > MAX_DRAWN_DIM {
        format!(
            "A {}-node cube has {} links, too many to draw legibly (the drawing stops at {} dimensions); the histogram shows how busy they are. ",
            1u64 << dim,
            u.len(),
            MAX_DRAWN_DIM
        )
    } else {
        String::new()
    };
    format!(
        "{head}Link utilisation of the first replication: mean {mean:.3}, least {:.3}, most {:.3}; peak queue {}.",
        if min.is_finite() { min } else { 0.0 },
        run.link_util_max,
        run.queue_max
    )
}

/// Bars as a stepped line: each (from, to, count) drawn as a flat top joined to the next.
fn bars(bins: &[(f64, f64, f64)], units: (&str, &str), colour: usize) -> Plot {
    let mut points = Vec::with_capacity(bins.len() * 2 + 2);
    if let Some(first) = bins.first() {
        points.push((first.0, 0.0));
    }
    for &(from, to, c) in bins {
        points.push((from, c));
        points.push((to, c));
    }
    if let Some(last) = bins.last() {
        points.push((last.1, 0.0));
    }
    let series = vec![Series {
        points,
        colour,
        measured: false,
        dashed: false,
        optimum: None,
        letter: None,
    }];
    let (x, y) = axes(&series, (0.0, 1.0), units, Scale::Linear);
    Plot::bare(x, y, series)
}

/// The latency histogram of the first replication (32 bins from 0 to the largest).
pub fn latency_plot(run: &Run) -> Plot {
    let h = &run.latency_histogram;
    let bins: Vec<_> = h
        .counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (
                i as f64 * h.bin_width,
                (i + 1) as f64 * h.bin_width,
                c as f64,
            )
        })
        .collect();
    bars(&bins, ("µs", ""), 0)
}

/// 003 Fig. 9: runs of consecutive messages to one destination, by length (up to the
/// longest seen, at most 40).
pub fn run_length_plot(run: &Run) -> Plot {
    let last = run
        .run_lengths
        .iter()
        .rposition(|&c| c > 0)
        .unwrap_or(1)
        .clamp(1, 40);
    let bins: Vec<_> = (1..=last)
        .map(|k| {
            (
                k as f64 - 0.5,
                k as f64 + 0.5,
                run.run_lengths.get(k).copied().unwrap_or(0) as f64,
            )
        })
        .collect();
    bars(&bins, ("", ""), 1)
}

/// The links' utilisation in 20 bins from 0 to 1 (for cubes too large to draw).
pub fn utilisation_plot(run: &Run) -> Plot {
    let mut counts = [0.0; 20];
    for u in &run.link_utilisation {
        counts[((u.clamp(0.0, 1.0) * 20.0) as usize).min(19)] += 1.0;
    }
    let bins: Vec<_> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / 20.0, (i + 1) as f64 / 20.0, c))
        .collect();
    bars(&bins, ("", ""), 2)
}

/// The lines of a sweep chart of `key`, as its key names them: each curve swept over `key`, in
/// the palette's order, then each curve of one point (uniform) drawn dashed across the chart.
fn sweep_lines<'a>(curves: &'a [Curve], key: &str) -> Vec<(LegendKey, &'a Curve)> {
    let swept = curves.iter().filter(|c| c.key == key).enumerate();
    let flat = curves
        .iter()
        .enumerate()
        .filter(|(_, c)| c.points.len() == 1 && c.key != key);
    let named = |colour: usize, c: &Curve, dashed: bool| LegendKey {
        name: c.name.clone(),
        colour,
        dashed,
    };
    swept
        .map(|(i, c)| (named(i, c, false), c))
        .chain(flat.map(|(i, c)| (named(i, c, true), c)))
        .collect()
}

/// The key of a sweep chart: each line's name, colour and dash (the page's legend under the
/// chart and the exported chart's).
pub fn sweep_keys(curves: &[Curve], key: &str) -> Vec<LegendKey> {
    sweep_lines(curves, key)
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// A sweep chart: completion time against the swept key for each curve whose key is `key`;
/// a curve of one point (uniform) is drawn as a dashed line across the chart.
pub fn sweep_plot(curves: &[Curve], key: &str) -> Result<Plot, String> {
    let lines = sweep_lines(curves, key);
    let xs = lines
        .iter()
        .filter(|(k, _)| !k.dashed)
        .flat_map(|(_, c)| c.points.iter().map(|p| p.0));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    if lo > hi {
        return Err("No series.".into());
    }
    let series: Vec<Series> = lines
        .iter()
        .map(|(k, c)| Series {
            points: if k.dashed {
                vec![(lo, c.points[0].1), (hi, c.points[0].1)]
            } else {
                c.points.iter().map(|p| (p.0, p.1)).collect()
            },
            colour: k.colour,
            measured: false,
            dashed: k.dashed,
            optimum: None,
            letter: None,
        })
        .collect();
    let (x, y) = axes(&series, (lo, hi), ("", "µs"), Scale::Linear);
    Ok(Plot::bare(x, y, series))
}

/// A row of the figures' table: series, value, completion time and its 95 % interval.
pub fn figure_rows(curves: &[Curve]) -> Vec<[String; 4]> {
    curves
        .iter()
        .flat_map(|c| {
            c.points.iter().map(|(x, y, ci)| {
                [
                    c.name.clone(),
                    format!("{}={x}", c.key),
                    commcalc_core::units::si(*y, "µs"),
                    ci.map(|c| format!("± {}", commcalc_core::units::si(c, "µs")))
                        .unwrap_or_default(),
                ]
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::patterns::traffic::config_of;
    use commcalc_core::traffic::simulate;
    use commcalc_core::Scenario;

    /// The sum of a histogram's bars: its first series is drawn as a step, each bar's height
    /// once at every second point.
    fn counted(plot: &Plot) -> f64 {
        plot.series[0]
            .points
            .iter()
            .skip(1)
            .step_by(2)
            .map(|p| p.1)
            .sum()
    }

    fn run(q: &str) -> Run {
        let (c, _) = config_of(&Scenario::from_query(q).unwrap()).unwrap();
        simulate(&c).unwrap().first
    }

    #[test]
    fn small_cubes_are_drawn_link_by_link_and_large_ones_summarised() {
        let r = run("machine=intel-ipsc&pattern=traffic&count=200&reps=1");
        let d = cube_drawing(4, &r).unwrap();
        assert_eq!(d.links.len(), 32);
        assert_eq!(d.centres.len(), 16);
        assert!(d.labelled);
        for l in &d.links {
            assert_eq!(l.utilisation, r.link_utilisation[l.link as usize]);
            assert_eq!(
                (l.from, l.to),
                (d.centres[l.ends.0 as usize], d.centres[l.ends.1 as usize])
            );
        }
        assert_eq!(d.links.len(), 32);
        assert_eq!(d.centres.len(), 16);
        let big = run("machine=intel-ipsc&pattern=traffic&dim=7&count=300&reps=1");
        assert!(cube_drawing(7, &big).is_none());
        assert!(cube_summary(7, &big).contains("448 links"));
        let plot = utilisation_plot(&big);
        let total = counted(&plot);
        assert_eq!(total, 448.0);
    }

    /// Each line of a sweep chart has its key: Fig. 8's three models, Fig. 7's decreasing
    /// model with uniform dashed across it, each in the colour it is drawn in.
    #[test]
    fn every_sweep_line_has_its_key() {
        let curve = |name: &str, key: &str, n: usize| Curve {
            name: name.into(),
            key: key.into(),
            points: (0..n).map(|i| (i as f64, 10.0 + i as f64, None)).collect(),
        };
        let fig7 = [
            curve("sphere", "radius", 4),
            curve("decreasing", "decay", 5),
            curve("uniform", "stack", 1),
        ];
        let plot = sweep_plot(&fig7, "decay").unwrap();
        let keys = sweep_keys(&fig7, "decay");
        let names: Vec<&str> = keys.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["decreasing", "uniform"]);
        assert_eq!(plot.series.len(), keys.len());
        for (s, k) in plot.series.iter().zip(&keys) {
            assert_eq!((s.colour, s.dashed), (k.colour, k.dashed), "{}", k.name);
        }
        let fig8 = [
            curve("a", "hit", 4),
            curve("b", "hit", 4),
            curve("c", "hit", 4),
        ];
        assert_eq!(sweep_keys(&fig8, "hit").len(), 3);
        assert!(sweep_plot(&fig8, "radius").is_err());
    }

    #[test]
    fn the_figures_table_has_a_row_per_point() {
        let curve = Curve {
            name: "sphere".into(),
            key: "radius".into(),
            points: vec![(1.0, 1500.0, Some(20.0)), (2.0, 2500.0, None)],
        };
        let rows = figure_rows(std::slice::from_ref(&curve));
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0][0], "sphere");
        assert_eq!(rows[0][1], "radius=1");
        assert_eq!(rows[0][2], commcalc_core::units::si(1500.0, "µs"));
        assert_eq!(
            rows[0][3],
            format!("± {}", commcalc_core::units::si(20.0, "µs"))
        );
        assert_eq!(rows[1][3], "");
    }

    #[test]
    fn the_histograms_count_every_message_and_run() {
        let r = run("machine=intel-ipsc&pattern=traffic&count=300&reps=1&hit=0.9");
        let lat = latency_plot(&r);
        let n = counted(&lat);
        assert_eq!(n, r.delivered as f64);
        let runs = run_length_plot(&r);
        assert!(runs.series[0].points.len() > 4);
    }
}
