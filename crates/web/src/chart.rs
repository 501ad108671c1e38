//! What the two charts show, apart from drawing it: the series, the axes, the marks (n½, the
//! optimal size, the query's point) and the colours. `draw` (wasm only) puts this on a canvas.

use commcalc_core::compare::Comparison;
use commcalc_core::metrics::Unit;
use commcalc_core::patterns::{Key, PatternDef, Value};
use commcalc_core::units::{in_unit, si};
use commcalc_core::Report;

use crate::ticks::{linear_axis, log_axis, Axis};

/// The charts' axes: log–log (the default), log–linear (time or bandwidth on a log axis
/// against a linear size, as 003 and 004 plot) or linear. Kept in the address (`axes=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    #[default]
    Log,
    LogLinear,
    Linear,
    /// A log size against a linear value: the import view's residual chart, whose values
    /// have both signs. Not one of the toggle's choices.
    LogSize,
}

impl Scale {
    /// The choices, in the order the toggle lists them.
    pub const ALL: [Scale; 3] = [Scale::Log, Scale::LogLinear, Scale::Linear];

    /// The value of `axes=`.
    pub fn id(self) -> &'static str {
        match self {
            Scale::Log => "log",
            Scale::LogLinear => "log-linear",
            Scale::Linear => "linear",
            Scale::LogSize => "log-size",
        }
    }

    /// The scale with this id.
    pub fn from_id(id: &str) -> Option<Scale> {
        Scale::ALL.into_iter().find(|s| s.id() == id)
    }

    /// What the toggle and captions call it.
    pub fn title(self) -> &'static str {
        match self {
            Scale::Log => "log–log",
            Scale::LogLinear => "log–linear",
            Scale::Linear => "linear",
            Scale::LogSize => "log size, linear value",
        }
    }

    /// Whether the abscissa is logarithmic.
    pub fn log_x(self) -> bool {
        matches!(self, Scale::Log | Scale::LogSize)
    }

    /// Whether the ordinate is logarithmic.
    pub fn log_y(self) -> bool {
        matches!(self, Scale::Log | Scale::LogLinear)
    }

    /// Whether a point can be drawn: finite, and positive on a log axis.
    pub fn shows(self, x: f64, y: f64) -> bool {
        x.is_finite() && y.is_finite() && (!self.log_x() || x > 0.0) && (!self.log_y() || y > 0.0)
    }
}

/// Which of the two charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Latency,
    Bandwidth,
}

impl Which {
    /// The unit of the ordinate, for tick labels.
    pub fn unit(self) -> &'static str {
        match self {
            Which::Latency => "µs",
            Which::Bandwidth => "MB/s",
        }
    }
}

/// A mark on the abscissa, with its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub x: f64,
    pub label: String,
}

/// One line on a chart (a model's curve) or a set of markers (a paper's measurements).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// (abscissa, value) points the axes can show.
    pub points: Vec<(f64, f64)>,
    /// Index into the palette's series colours: the compared scenario's or data series' own.
    pub colour: usize,
    /// Drawn as markers, not joined: measured values.
    pub measured: bool,
    /// Drawn dashed: a second set of model assumptions beside the first, in the same colour
    /// (004 Fig. 4 draws each algorithm under the standard and the nominal NBL model).
    pub dashed: bool,
    /// A point of the line to mark with a dot, the series' optimum (004 Fig. 4 marks each
    /// algorithm's optimal block size); `None` for none.
    pub optimum: Option<(f64, f64)>,
    /// The letter written beside the line: a compared scenario's.
    pub letter: Option<char>,
}

/// One line of a chart's key: its name, its colour (as [`Series::colour`]) and whether it is
/// drawn dashed. The key under a chart on the page and in an exported chart are made from it.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendKey {
    pub name: String,
    pub colour: usize,
    pub dashed: bool,
}

/// Everything one chart draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub x: Axis,
    pub y: Axis,
    pub series: Vec<Series>,
    /// n½: sizes below it are latency-bound, above it bandwidth-bound.
    pub n_half: Option<Mark>,
    /// The optimal size on the abscissa where the pattern has one (002's largest
    /// congestion-free data size).
    pub optimum: Option<Mark>,
    /// Sizes where two compared curves swap order.
    pub crossovers: Vec<Mark>,
    /// The query's point and its label.
    pub point: Option<(f64, f64, String)>,
}

impl Plot {
    /// A plot of these series on these axes, with no marks.
    pub fn bare(x: Axis, y: Axis, series: Vec<Series>) -> Plot {
        Plot {
            x,
            y,
            series,
            n_half: None,
            optimum: None,
            crossovers: Vec::new(),
            point: None,
        }
    }
}

/// Ticks per axis: few, since each label is a `fillText`.
const MAX_TICKS_X: usize = 7;
const MAX_TICKS_Y: usize = 5;

/// A report's curve as (size, latency or bandwidth) points the scale can show.
fn curve(report: &Report, which: Which, scale: Scale) -> Vec<(f64, f64)> {
    report
        .curve
        .iter()
        .map(|p| match which {
            Which::Latency => (p.size_bytes, p.time_us),
            Which::Bandwidth => (p.size_bytes, p.bandwidth_mbps),
        })
        .filter(|&(x, y)| scale.shows(x, y))
        .collect()
}

/// Axes that hold every series (`fallback` for the abscissa where there is no point), with
/// room above the highest value.
pub fn axes(
    series: &[Series],
    fallback: (f64, f64),
    units: (&str, &str),
    scale: Scale,
) -> (Axis, Axis) {
    let all = || series.iter().flat_map(|s| s.points.iter());
    let bounds = |f: fn(&(f64, f64)) -> f64| {
        all()
            .map(f)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            })
    };
    let (x0, x1) = match bounds(|p| p.0) {
        (lo, hi) if lo <= hi => (lo, hi),
        _ => fallback,
    };
    let (y0, y1) = bounds(|p| p.1);
    let x = if scale.log_x() {
        log_axis(x0, x1, units.0, MAX_TICKS_X)
    } else {
        linear_axis(x0.min(0.0), x1, units.0, MAX_TICKS_X - 2)
    };
    let y = if scale.log_y() {
        log_axis(y0, y1 * 1.15, units.1, MAX_TICKS_Y)
    } else {
        linear_axis(y0.min(0.0), y1.max(0.0) * 1.1, units.1, MAX_TICKS_Y)
    };
    (x, y)
}

/// The plot of one chart for a report: its curve, n½, the optimum and the query's point.
pub fn plot(report: &Report, pattern: &PatternDef, which: Which, scale: Scale) -> Plot {
    let series = vec![Series {
        points: curve(report, which, scale),
        colour: 0,
        measured: false,
        dashed: false,
        optimum: None,
        letter: None,
    }];
    let (x, y) = axes(&series, pattern.range, ("B", which.unit()), scale);
    let inside = |v: f64| v > x.lo && v < x.hi;
    let n_half = report
        .metric("n_half_bytes")
        .filter(|v| inside(*v))
        .map(|v| Mark {
            x: v,
            label: format!("n½ = {}", si(v, "B")),
        });
    let optimum = report
        .metric("max_data_bytes")
        .filter(|v| inside(*v))
        .map(|v| Mark {
            x: v,
            label: format!("x_max = {}", si(v, "B")),
        });
    let point = point(report, pattern, which)
        .filter(|(px, py, _)| *px >= x.lo && *px <= x.hi && scale.shows(*px, *py));
    Plot {
        x,
        y,
        series,
        n_half,
        optimum,
        crossovers: Vec::new(),
        point,
    }
}

/// The letter that names the `i`th compared scenario in the legend and crossover labels.
pub fn letter(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// The plot of compared scenarios: one curve each in its own colour and letter, every other
/// one dashed, on one axis, with the crossovers marked ("A×B 172 B").
pub fn compare_plot(comparison: &Comparison, which: Which, scale: Scale) -> Plot {
    let series: Vec<Series> = comparison
        .reports
        .iter()
        .enumerate()
        .map(|(i, r)| Series {
            points: curve(r, which, scale),
            colour: i,
            measured: false,
            // Every other curve dashed, drawn over the one before: where two curves coincide
            // (the Paragon and the SP2 below 5 kB) both still show.
            dashed: i % 2 == 1,
            optimum: None,
            letter: Some(letter(i)),
        })
        .collect();
    let range = (comparison.from_bytes, comparison.to_bytes);
    let (x, y) = axes(&series, range, ("B", which.unit()), scale);
    let crossovers = comparison
        .crossovers
        .iter()
        .filter(|c| c.size_bytes > x.lo && c.size_bytes < x.hi)
        .map(|c| Mark {
            x: c.size_bytes,
            label: format!("{}×{} {}", letter(c.a), letter(c.b), si(c.size_bytes, "B")),
        })
        .collect();
    Plot {
        crossovers,
        ..Plot::bare(x, y, series)
    }
}

/// The query's point: its size, its value and a label saying what the point was computed with
/// (see [`computed_with`]).
fn point(report: &Report, pattern: &PatternDef, which: Which) -> Option<(f64, f64, String)> {
    let x = report.at_bytes;
    let (y, shown) = match which {
        Which::Latency => {
            let t = report.metric("time_us")?;
            (t, si(t, "µs"))
        }
        Which::Bandwidth => {
            let b = report.metric("bandwidth_MBps")?;
            (b, si(b, "MB/s"))
        }
    };
    let mut label = format!("{} → {shown}", si(x, "B"));
    for part in computed_with(report, pattern) {
        label.push_str(", ");
        label.push_str(&part);
    }
    Some((x, y, label))
}

/// A numeric input the report says it used.
fn input_number(report: &Report, key: &str) -> Option<f64> {
    report.inputs.iter().find_map(|(k, v)| match v {
        Value::Number(x) if *k == key => Some(*x),
        _ => None,
    })
}

/// What the plotted time was computed with besides its size, and only that: a label names an
/// optimum only where the point is on the optimum's curve.
///
/// - The message size of a pipelined transfer (002 eq. 1): `m* = …` where the time is at the
///   optimal chunk, `m = …` where the scenario fixed the message size (the pattern takes both
///   a data size and a message size, and the report used a message other than m*).
/// - The global combine's algorithm (004 §3): the one chosen, or for `best` the fastest at the
///   point, with its optimal block S* where it is pipelined (Tree has no block).
pub fn computed_with(report: &Report, pattern: &PatternDef) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(opt) = report.metric("opt_message_bytes") {
        let fixed = if pattern.takes(Key::Data) {
            input_number(report, Key::Size.id())
        } else {
            None
        };
        match fixed {
            Some(m) if (m - opt).abs() > 1e-9 * opt.abs() => {
                parts.push(format!("m = {}", si(m, "B")))
            }
            _ => parts.push(format!("m* = {}", si(opt, "B"))),
        }
    }
    let text = |key: &str| {
        report.metrics.get(key).and_then(|v| match v {
            Value::Text(t) => Some(t.as_str()),
            _ => None,
        })
    };
    let chosen = report.inputs.iter().find_map(|(k, v)| match v {
        Value::Text(t) if *k == Key::Algo.id() => Some(t.as_str()),
        _ => None,
    });
    // The algorithm whose time the point is: the chosen one where it has its own time metric.
    let algo = chosen
        .filter(|a| report.metric(&format!("{a}_us")).is_some())
        .or_else(|| text("fastest"));
    if let Some(algo) = algo {
        match report.metric(&format!("{algo}_block_elems")) {
            Some(s) => parts.push(format!("{algo}, S* = {}", in_unit(s, Unit::Elems))),
            None => parts.push(algo.to_string()),
        }
    }
    parts
}

/// Colours of a chart, light or dark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: (u8, u8, u8),
    pub text: (u8, u8, u8),
    pub grid: (u8, u8, u8),
    /// The curves of compared scenarios and data series, in order: Okabe and Ito's
    /// colour-blind-safe set (the first is the single scenario's curve); the last three serve
    /// the collectives, whose menus have up to seven algorithms.
    pub series: [(u8, u8, u8); 7],
    /// The latency-bound region, drawn translucent.
    pub shade: (u8, u8, u8),
    pub mark: (u8, u8, u8),
    pub optimum: (u8, u8, u8),
}

/// The light and dark palettes; they match web/style.css.
pub fn palette(dark: bool) -> Palette {
    if dark {
        Palette {
            background: (0x16, 0x1a, 0x21),
            text: (0xd8, 0xdd, 0xe6),
            grid: (0x2c, 0x33, 0x3e),
            series: [
                (0x6e, 0xa8, 0xff),
                (0xe6, 0x9f, 0x00),
                (0x3c, 0xc8, 0x9e),
                (0xe0, 0x8f, 0xc4),
                (0x56, 0xb4, 0xe9),
                (0xf0, 0xe4, 0x42),
                (0xd5, 0x5e, 0x00),
            ],
            shade: (0xff, 0xb0, 0x50),
            mark: (0xff, 0x8a, 0x7a),
            optimum: (0x7e, 0xe0, 0x9a),
        }
    } else {
        Palette {
            background: (0xff, 0xff, 0xff),
            text: (0x1d, 0x23, 0x30),
            grid: (0xe2, 0xe6, 0xec),
            series: [
                (0x00, 0x72, 0xb2),
                (0xd5, 0x5e, 0x00),
                (0x00, 0x9e, 0x73),
                (0xcc, 0x79, 0xa7),
                (0x56, 0xb4, 0xe9),
                (0xe6, 0x9f, 0x00),
                (0x5a, 0x5a, 0x5a),
            ],
            shade: (0xe8, 0x8a, 0x1a),
            mark: (0xb8, 0x32, 0x22),
            optimum: (0x1e, 0x8a, 0x4a),
        }
    }
}

/// `text` in lines of at most `width` characters, broken between words (a longer word has a
/// line of its own).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::run;

    fn pattern(id: &str) -> &'static PatternDef {
        commcalc_core::patterns::pattern(id).unwrap()
    }

    #[test]
    fn paragon_pingpong_marks_n_half_and_the_point() {
        let r = run("machine=intel-paragon&pattern=pingpong").unwrap();
        let p = plot(&r, pattern("pingpong"), Which::Latency, Scale::Log);
        assert_eq!(p.series[0].points.len(), r.curve.len());
        let n_half = p.n_half.unwrap();
        assert_eq!(n_half.label, "n½ = 12.7 kB");
        let (x, _, label) = p.point.unwrap();
        assert_eq!(x, 1e4);
        assert!(label.starts_with("10 kB → 261 µs"), "{label}");
        assert!(p.x.ticks.len() <= MAX_TICKS_X && p.y.ticks.len() <= MAX_TICKS_Y + 1);
    }

    #[test]
    fn atm_pipelined_send_marks_the_congestion_free_size() {
        let r = run("machine=atm-sparc20&pattern=pipelined-send").unwrap();
        let p = plot(&r, pattern("pipelined-send"), Which::Bandwidth, Scale::Log);
        assert!(p.optimum.unwrap().label.starts_with("x_max = 115 kB"));
        assert!(p.point.unwrap().2.contains("m* = "));
    }

    /// The label names the algorithm whose time the point is, and its block only (issue: a
    /// Tree time was labelled with Fence's S*).
    #[test]
    fn global_combine_labels_the_plotted_algorithm() {
        for (algo, block) in [
            ("tree", None),
            ("snake", Some("snake")),
            ("fence", Some("fence")),
        ] {
            let q = format!("machine=intel-delta&pattern=global-combine&algo={algo}");
            let r = run(&q).unwrap();
            let label = plot(&r, pattern("global-combine"), Which::Latency, Scale::Log)
                .point
                .unwrap()
                .2;
            let time = si(r.metric(&format!("{algo}_us")).unwrap(), "µs");
            assert!(label.contains(&format!("→ {time}, {algo}")), "{q}: {label}");
            match block {
                Some(b) => {
                    let s = r.metric(&format!("{b}_block_elems")).unwrap();
                    assert!(
                        label.ends_with(&format!("S* = {s} elements")),
                        "{q}: {label}"
                    );
                }
                None => assert!(!label.contains("S*"), "{q}: {label}"),
            }
            for other in ["tree", "snake", "fence"].iter().filter(|o| **o != algo) {
                assert!(!label.contains(other), "{q}: {label}");
            }
        }
    }

    /// A fixed message size is the point's; m* only where the time is at m*.
    #[test]
    fn pipelined_send_labels_the_message_it_used() {
        let chosen = run("machine=atm-sparc20&pattern=pipelined-send&data=115k&size=2k").unwrap();
        let label = plot(
            &chosen,
            pattern("pipelined-send"),
            Which::Latency,
            Scale::Log,
        )
        .point
        .unwrap()
        .2;
        assert!(label.ends_with(", m = 2 kB"), "{label}");
        assert!(!label.contains("m*"), "{label}");
        let optimal = run("machine=atm-sparc20&pattern=pipelined-send&data=115k").unwrap();
        let label = plot(
            &optimal,
            pattern("pipelined-send"),
            Which::Latency,
            Scale::Log,
        )
        .point
        .unwrap()
        .2;
        let m = si(optimal.metric("opt_message_bytes").unwrap(), "B");
        assert!(label.ends_with(&format!(", m* = {m}")), "{label}");
    }

    #[test]
    fn global_combine_labels_the_fastest_block() {
        let r = run("machine=intel-delta&pattern=global-combine").unwrap();
        let p = plot(&r, pattern("global-combine"), Which::Latency, Scale::Linear);
        assert!(p.point.unwrap().2.contains("S* = "));
        assert_eq!(p.x.lo, 0.0);
    }

    /// A flat curve (a BSP barrier) still gets a log axis around its value.
    #[test]
    fn flat_curves_get_an_axis() {
        let r = run("machine=ibm-sp2&pattern=barrier").unwrap();
        let p = plot(&r, pattern("barrier"), Which::Latency, Scale::Log);
        assert!(p.y.lo < 208.0 && p.y.hi > 208.0);
    }

    /// Compared curves carry their letters, and every other one is dashed so that coinciding
    /// curves both show.
    #[test]
    fn compared_curves_carry_letters_and_alternate_dashes() {
        let scenarios: Vec<_> = ["intel-paragon", "ibm-sp2", "intel-ipsc"]
            .iter()
            .map(|m| {
                commcalc_core::Scenario::from_query(&format!("machine={m}&pattern=pingpong"))
                    .unwrap()
            })
            .collect();
        let c = commcalc_core::compare::compare(&scenarios).unwrap();
        let p = compare_plot(&c, Which::Latency, Scale::Log);
        let letters: Vec<_> = p.series.iter().map(|s| s.letter).collect();
        assert_eq!(letters, [Some('A'), Some('B'), Some('C')]);
        let dashed: Vec<_> = p.series.iter().map(|s| s.dashed).collect();
        assert_eq!(dashed, [false, true, false]);
    }

    #[test]
    fn scale_ids_round_trip() {
        for s in Scale::ALL {
            assert_eq!(Scale::from_id(s.id()), Some(s));
        }
        assert_eq!(Scale::from_id("semilog"), None);
    }

    /// Log–linear: a log ordinate against a linear size from 0, as 003 and 004 plot.
    #[test]
    fn log_linear_axes_are_linear_in_size_and_log_in_time() {
        let r = run("machine=intel-ipsc&pattern=pingpong").unwrap();
        let p = plot(&r, pattern("pingpong"), Which::Latency, Scale::LogLinear);
        assert_eq!(p.x.lo, 0.0);
        assert!(p.y.lo > 0.0 && p.y.hi / p.y.lo > 10.0, "{:?}", p.y);
        assert_eq!(p.series[0].points.len(), r.curve.len());
    }

    /// The collectives chart's message for a pattern that is not a collective, 230 characters,
    /// in lines that fit a 640-pixel chart (85 characters of 7.5 px): none is cut.
    #[test]
    fn a_long_message_wraps_between_words() {
        let message = "No chart: `pattern=pingpong` is not accepted: expected a collective: broadcast, allgather, reduce-scatter, allreduce, reduce, all-to-all, gather, scatter, barrier";
        let lines = wrap_words(message, 85);
        assert!(
            lines.len() > 1 && lines.iter().all(|l| l.chars().count() <= 85),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), message);
        assert_eq!(
            wrap_words("a-very-long-word b", 4),
            ["a-very-long-word", "b"]
        );
    }
}
