//! What the two charts show, apart from drawing it: the series, the axes, the marks (n½, the
//! optimal size, the query's point) and the colours. `draw` (wasm only) puts this on a canvas.

use commcalc_core::patterns::PatternDef;
use commcalc_core::units::si;
use commcalc_core::Report;

use crate::ticks::{linear_axis, log_axis, Axis};

/// Log-log (the default) or linear axes. App state, not part of the query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    #[default]
    Log,
    Linear,
}

impl Scale {
    pub fn id(self) -> &'static str {
        match self {
            Scale::Log => "log",
            Scale::Linear => "linear",
        }
    }

    pub fn from_id(id: &str) -> Scale {
        if id == "linear" {
            Scale::Linear
        } else {
            Scale::Log
        }
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

/// Everything one chart draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub x: Axis,
    pub y: Axis,
    /// (size, value) points with a value the axes can show.
    pub points: Vec<(f64, f64)>,
    /// n½: sizes below it are latency-bound, above it bandwidth-bound.
    pub n_half: Option<Mark>,
    /// The optimal size on the abscissa where the pattern has one (002's largest
    /// congestion-free data size).
    pub optimum: Option<Mark>,
    /// The query's point and its label.
    pub point: Option<(f64, f64, String)>,
}

/// Ticks per axis: few, since each label is a `fillText`.
const MAX_TICKS_X: usize = 7;
const MAX_TICKS_Y: usize = 5;

/// The plot of one chart for a report.
pub fn plot(report: &Report, pattern: &PatternDef, which: Which, scale: Scale) -> Plot {
    let value = |p: &commcalc_core::Point| match which {
        Which::Latency => p.time_us,
        Which::Bandwidth => p.bandwidth_mbps,
    };
    let log = scale == Scale::Log;
    let points: Vec<(f64, f64)> = report
        .curve
        .iter()
        .map(|p| (p.size_bytes, value(p)))
        .filter(|(x, y)| x.is_finite() && y.is_finite() && (!log || (*x > 0.0 && *y > 0.0)))
        .collect();
    let (x0, x1) = match (points.first(), points.last()) {
        (Some(a), Some(b)) => (a.0, b.0),
        _ => pattern.range,
    };
    let (y0, y1) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (_, y)| {
            (lo.min(*y), hi.max(*y))
        });
    let (x, y) = if log {
        (
            log_axis(x0, x1, "B", MAX_TICKS_X),
            log_axis(y0, y1 * 1.15, which.unit(), MAX_TICKS_Y),
        )
    } else {
        (
            linear_axis(0.0, x1, "B", MAX_TICKS_X - 2),
            linear_axis(0.0, y1.max(0.0) * 1.1, which.unit(), MAX_TICKS_Y),
        )
    };
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
    let point = point(report, which)
        .filter(|(px, py, _)| *px >= x.lo && *px <= x.hi && (!log || *py > 0.0) && py.is_finite());
    Plot {
        x,
        y,
        points,
        n_half,
        optimum,
        point,
    }
}

/// The query's point: its size, its value and a label with the optimal chunk or block that
/// goes with it.
fn point(report: &Report, which: Which) -> Option<(f64, f64, String)> {
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
    if let Some(m) = report.metric("opt_message_bytes") {
        label.push_str(&format!(", m* = {}", si(m, "B")));
    }
    let fastest = report.metrics.get("fastest").and_then(|v| match v {
        commcalc_core::patterns::Value::Text(t) => Some(t.as_str()),
        _ => None,
    });
    if let Some(algo) = fastest {
        match report.metric(&format!("{algo}_block_elems")) {
            Some(s) => label.push_str(&format!(", {algo} S* = {s:.0} el.")),
            None => label.push_str(&format!(", {algo}")),
        }
    }
    Some((x, y, label))
}

/// Colours of a chart, light or dark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: (u8, u8, u8),
    pub text: (u8, u8, u8),
    pub grid: (u8, u8, u8),
    pub curve: (u8, u8, u8),
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
            curve: (0x6e, 0xa8, 0xff),
            shade: (0xff, 0xb0, 0x50),
            mark: (0xff, 0x8a, 0x7a),
            optimum: (0x7e, 0xe0, 0x9a),
        }
    } else {
        Palette {
            background: (0xff, 0xff, 0xff),
            text: (0x1d, 0x23, 0x30),
            grid: (0xe2, 0xe6, 0xec),
            curve: (0x1f, 0x5f, 0xbf),
            shade: (0xe8, 0x8a, 0x1a),
            mark: (0xb8, 0x32, 0x22),
            optimum: (0x1e, 0x8a, 0x4a),
        }
    }
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
        assert_eq!(p.points.len(), r.curve.len());
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

    #[test]
    fn scale_ids_round_trip() {
        for s in [Scale::Log, Scale::Linear] {
            assert_eq!(Scale::from_id(s.id()), s);
        }
    }
}
