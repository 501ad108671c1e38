//! A piece of a piecewise fit and the rules every fit and the combination of runs share: the
//! physical line through a run of points, the model of the pieces, a number for a query. A leaf
//! of `fit`, so that its submodules need not import the module that calls them.

use serde::Serialize;

use super::hockney::{fit_line, Weighting};
use crate::models::hockney::Hockney;
use crate::models::piecewise::{Piecewise, Range};

/// One piece of a piecewise linear fit, over the sizes `from_bytes..=to_bytes`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Piece {
    pub from_bytes: f64,
    pub to_bytes: f64,
    pub a_us: f64,
    pub b_us_per_byte: f64,
}

impl Piece {
    /// The piece's line's time for `m` bytes, µs (whether or not `m` is in its range).
    pub fn time(&self, m: f64) -> f64 {
        crate::models::hockney::time(self.a_us, self.b_us_per_byte, m)
    }
}

/// The relative linear fit of `points`, kept physical: a negative slope is refitted as a
/// constant, a negative intercept through zero; with the warning that says so.
pub fn physical(points: &[[f64; 2]]) -> (f64, f64, Option<&'static str>) {
    let (a, b) = fit_line(points, Weighting::Relative).unwrap_or((0.0, 0.0));
    if b <= 0.0 {
        let inv: f64 = points.iter().map(|p| 1.0 / p[1]).sum();
        let inv2: f64 = points.iter().map(|p| 1.0 / (p[1] * p[1])).sum();
        (
            inv / inv2,
            0.0,
            Some("the times do not grow with size: fitted as a constant (b = 0)"),
        )
    } else if a < 0.0 {
        (
            0.0,
            through_zero(points),
            Some("the fitted start-up time was negative: refitted through zero (a = 0)"),
        )
    } else {
        (a, b, None)
    }
}

/// The relative least-squares slope of a line through zero.
fn through_zero(points: &[[f64; 2]]) -> f64 {
    let sv: f64 = points.iter().map(|p| p[0] / p[1]).sum();
    let svv: f64 = points.iter().map(|p| (p[0] / p[1]).powi(2)).sum();
    sv / svv
}

/// The piecewise model of `pieces`: each piece's range starts at its first size (the first at
/// 0) and reaches the next piece's.
pub fn piecewise_model(pieces: &[Piece]) -> Option<Piecewise> {
    let ranges: Vec<Range> = pieces
        .iter()
        .enumerate()
        .map(|(i, x)| Range {
            from: if i == 0 { 0.0 } else { x.from_bytes },
            line: Hockney {
                alpha: x.a_us,
                beta: x.b_us_per_byte,
            },
        })
        .collect();
    Piecewise::new(&ranges).ok()
}

/// A number for a query: six significant digits, in plain decimal.
pub fn decimal(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return "0".into();
    }
    let digits = 5 - v.abs().log10().floor() as i32;
    let p = 10f64.powi(digits);
    format!("{}", (v * p).round() / p)
}
