//! Axis ticks and their labels. Few labels, formatted once: each one drawn costs a `fillText`,
//! so an axis has at most about six, at decades on log axes and at 1-2-5 steps on linear ones.

use commcalc_core::units::{si, sig3};

/// The range of an axis after padding, and its ticks with labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub lo: f64,
    pub hi: f64,
    pub ticks: Vec<(f64, String)>,
}

/// A log axis over `lo..hi` (positive), its ends widened to the nearest 1-2-5 values, with
/// ticks at powers of ten (every second or third decade when there are many) or, across less
/// than three decades, at 1, 2 and 5 × 10ᵏ; labelled in `unit` with SI prefixes.
pub fn log_axis(lo: f64, hi: f64, unit: &str, max_ticks: usize) -> Axis {
    let (lo, hi) = positive_span(lo, hi);
    let (lo, hi) = (nice_below(lo), nice_above(hi));
    let (d0, d1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let inside = |v: &f64| *v >= lo * 0.999_999 && *v <= hi * 1.000_001;
    let with = |mantissas: &[f64]| -> Vec<f64> {
        (d0..=d1)
            .flat_map(|d| mantissas.iter().map(move |m| m * 10f64.powi(d)))
            .filter(inside)
            .collect()
    };
    let max_ticks = max_ticks.max(2);
    let mut values = with(&[1.0, 2.0, 5.0]);
    if values.len() > max_ticks {
        values = with(&[1.0, 3.0]);
    }
    if values.len() > max_ticks {
        values = with(&[1.0]);
        let stride = values.len().div_ceil(max_ticks).max(1);
        values = values.into_iter().step_by(stride).collect();
    }
    Axis {
        lo,
        hi,
        ticks: values.into_iter().map(|v| (v, si(v, unit))).collect(),
    }
}

/// The largest of 1, 2, 5 × 10ᵏ at or below `v` (positive).
fn nice_below(v: f64) -> f64 {
    let base = 10f64.powf(v.log10().floor());
    [5.0, 2.0, 1.0]
        .iter()
        .map(|m| m * base)
        .find(|n| *n <= v * 1.000_001)
        .unwrap_or(base)
}

/// The smallest of 1, 2, 5 × 10ᵏ at or above `v` (positive).
fn nice_above(v: f64) -> f64 {
    let base = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * base)
        .find(|n| *n >= v * 0.999_999)
        .unwrap_or(10.0 * base)
}

/// A linear axis from `lo` to `hi` with ticks at multiples of 1, 2 or 5 × 10ᵏ.
pub fn linear_axis(lo: f64, hi: f64, unit: &str, max_ticks: usize) -> Axis {
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else if lo == 0.0 {
        (0.0, 1.0)
    } else {
        (lo - lo.abs() * 0.5, lo + lo.abs() * 0.5)
    };
    let rough = (hi - lo) / max_ticks.max(1) as f64;
    let magnitude = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * magnitude);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    let ticks = (first..=last)
        .map(|i| {
            let v = i as f64 * step;
            (v, tick_label(v, unit))
        })
        .collect();
    Axis { lo, hi, ticks }
}

/// A linear tick's label: a value without a unit (a probability, a decay, a count) is written
/// plainly below 1, never with a submultiple prefix that reads as a unit (0.2, not "200 m");
/// a value with a unit, and a count from 1000, take SI prefixes.
fn tick_label(v: f64, unit: &str) -> String {
    if unit.is_empty() && v.abs() < 1.0 {
        sig3(v)
    } else {
        si(v, unit)
    }
}

/// A positive span for a log axis: a degenerate or non-positive range is widened around its
/// value, so a flat curve (a barrier's cost) still gets an axis.
fn positive_span(lo: f64, hi: f64) -> (f64, f64) {
    let tiny = f64::MIN_POSITIVE * 1e10;
    let hi = if hi.is_finite() && hi > tiny { hi } else { 1.0 };
    let lo = if lo.is_finite() && lo > tiny {
        lo
    } else {
        hi / 10.0
    };
    if hi / lo < 1.5 {
        (lo / 2.0, hi * 2.0)
    } else {
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_decades_with_si_labels() {
        let a = log_axis(1.0, 1e6, "B", 7);
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            labels,
            ["1 B", "10 B", "100 B", "1 kB", "10 kB", "100 kB", "1 MB"]
        );
        let a = log_axis(1.0, 1e6, "B", 4);
        assert_eq!(a.ticks.len(), 4);
        assert_eq!(a.ticks[1].1, "100 B");
    }

    /// Across a decade or two the ends go to 1-2-5 values and the ticks fill in.
    #[test]
    fn short_log_axes_get_one_two_five_ticks() {
        let a = log_axis(146.0, 11_700.0, "µs", 6);
        assert_eq!((a.lo, a.hi), (100.0, 20_000.0));
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["100 µs", "300 µs", "1 ms", "3 ms", "10 ms"]);
        let a = log_axis(30.0, 99.0, "MB/s", 5);
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["20 MB/s", "50 MB/s", "100 MB/s"]);
    }

    #[test]
    fn times_are_labelled_from_microseconds() {
        let a = log_axis(100.0, 1e5, "µs", 4);
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["100 µs", "1 ms", "10 ms", "100 ms"]);
    }

    #[test]
    fn flat_or_narrow_ranges_still_get_two_ticks() {
        let a = log_axis(3415.0, 3415.0, "µs", 6);
        assert!(a.lo < 3415.0 && a.hi > 3415.0);
        assert!(a.ticks.len() >= 2);
        let a = log_axis(0.0, 0.0, "µs", 6);
        assert!(a.lo > 0.0 && a.hi > a.lo);
    }

    #[test]
    fn linear_ticks_step_by_one_two_five() {
        let a = linear_axis(0.0, 1e6, "B", 5);
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            labels,
            ["0 B", "200 kB", "400 kB", "600 kB", "800 kB", "1 MB"]
        );
        let a = linear_axis(0.0, 87.0, "MB/s", 5);
        assert_eq!(a.ticks[1].0, 20.0);
        assert!(linear_axis(5.0, 5.0, "µs", 5).hi > 5.0);
    }

    /// A probability or a decay (003 Figs. 7 and 8's abscissae) reads 0.2, not 200 m.
    #[test]
    fn unitless_fractions_take_no_milli_prefix() {
        let a = linear_axis(0.0, 0.9, "", 5);
        let labels: Vec<_> = a.ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["0", "0.2", "0.4", "0.6", "0.8"]);
        assert_eq!(linear_axis(0.0, 3000.0, "", 4).ticks[1].1, "1 k");
    }
}
