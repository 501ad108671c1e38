//! The linear (Hockney) model T(m) = a + b·m (003 eq. 1, 001 eq. 1–2, 004 §2) fitted by
//! weighted least squares, in closed form, and its piecewise form with protocol breakpoints.
//!
//! Why relative error: message sizes in a benchmark double from 1 B to megabytes, so the
//! times span three or four decades. Ordinary (absolute) least squares then fits the large
//! messages and leaves the intercept to chance: on the real files of tests/data it puts a
//! at 1.4–5.2× the smallest measured latency, or below zero. Weighting each squared residual
//! by 1/T² minimises Σ((a + b·mᵢ − Tᵢ)/Tᵢ)², the relative error, which treats every size alike.

/// How residuals are weighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weighting {
    /// Weights 1/T²: least squares in relative error (the default of every fit here).
    Relative,
    /// Weights 1: ordinary least squares, for comparison.
    Absolute,
}

/// Weighted sums over points (x = m / scale, T), enough to fit a line and its residual in
/// O(1); prefix sums of them fit any run of consecutive points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Sums {
    w: f64,
    wx: f64,
    wxx: f64,
    wt: f64,
    wxt: f64,
    wtt: f64,
}

impl Sums {
    fn add(self, w: f64, x: f64, t: f64) -> Sums {
        Sums {
            w: self.w + w,
            wx: self.wx + w * x,
            wxx: self.wxx + w * x * x,
            wt: self.wt + w * t,
            wxt: self.wxt + w * x * t,
            wtt: self.wtt + w * t * t,
        }
    }

    fn minus(self, o: Sums) -> Sums {
        Sums {
            w: self.w - o.w,
            wx: self.wx - o.wx,
            wxx: self.wxx - o.wxx,
            wt: self.wt - o.wt,
            wxt: self.wxt - o.wxt,
            wtt: self.wtt - o.wtt,
        }
    }

    /// The weighted least-squares line (intercept, slope in x) and its weighted residual sum
    /// of squares; `None` when all x are equal.
    fn line(self) -> Option<(f64, f64, f64)> {
        let det = self.w * self.wxx - self.wx * self.wx;
        let tiny = 1e-12 * self.w * self.wxx.max(1e-300);
        if det.is_nan() || det.abs() <= tiny {
            return None;
        }
        let a = (self.wt * self.wxx - self.wx * self.wxt) / det;
        let b = (self.w * self.wxt - self.wx * self.wt) / det;
        let rss = a * a * self.w + 2.0 * a * b * self.wx + b * b * self.wxx
            - 2.0 * a * self.wt
            - 2.0 * b * self.wxt
            + self.wtt;
        (a.is_finite() && b.is_finite()).then_some((a, b, rss.max(0.0)))
    }
}

/// Prefix sums of the points' weighted sums; sizes scaled by the largest for conditioning.
pub(crate) struct Prefix {
    sums: Vec<Sums>,
    scale: f64,
}

impl Prefix {
    pub fn new(points: &[[f64; 2]], weighting: Weighting) -> Prefix {
        let scale = points.iter().map(|p| p[0]).fold(1.0, f64::max);
        let mut sums = vec![Sums::default()];
        let mut acc = Sums::default();
        for &[m, t] in points {
            let w = match weighting {
                Weighting::Relative => 1.0 / (t * t),
                Weighting::Absolute => 1.0,
            };
            acc = acc.add(w, m / scale, t);
            sums.push(acc);
        }
        Prefix { sums, scale }
    }

    /// (a µs, b µs/B, weighted RSS) of points `from..to`.
    pub fn fit(&self, from: usize, to: usize) -> Option<(f64, f64, f64)> {
        let (hi, lo) = (self.sums.get(to)?, self.sums.get(from)?);
        hi.minus(*lo)
            .line()
            .map(|(a, b, rss)| (a, b / self.scale, rss))
    }
}

/// T = a + b·m over all points, unconstrained; `None` with fewer than two distinct sizes.
pub fn fit_line(points: &[[f64; 2]], weighting: Weighting) -> Option<(f64, f64)> {
    Prefix::new(points, weighting)
        .fit(0, points.len())
        .map(|(a, b, _)| (a, b))
}

/// The fewest points a piece of a piecewise fit may have.
pub const MIN_PIECE: usize = 3;
/// At most this many candidate breakpoints are tried (evenly spread), so that a file of
/// thousands of sizes still fits in milliseconds.
const MAX_CANDIDATES: usize = 128;

/// Breakpoints (indices where a new piece starts) of the best fit with 1 to 3 pieces, chosen
/// by the Bayesian information criterion (Schwarz, Ann. Stat. 1978) on relative residuals:
/// n·ln(RSS/n) + p·ln n with p = 3k − 1 for k pieces (a and b per piece, k − 1 breaks).
pub fn breakpoints(points: &[[f64; 2]]) -> Vec<usize> {
    let n = points.len();
    let prefix = Prefix::new(points, Weighting::Relative);
    let rss = |from: usize, to: usize| prefix.fit(from, to).map(|f| f.2);
    let step = (n / MAX_CANDIDATES).max(1);
    let candidates: Vec<usize> = (MIN_PIECE..=n.saturating_sub(MIN_PIECE))
        .step_by(step)
        .collect();
    let bic = |rss: f64, k: usize| {
        let nf = n as f64;
        // A floor at 10^-6 relative error: exact synthetic data must not give ln 0.
        nf * (rss / nf).max(1e-12).ln() + (3 * k - 1) as f64 * nf.ln()
    };
    let mut best: (f64, Vec<usize>) = match rss(0, n) {
        Some(r) => (bic(r, 1), Vec::new()),
        None => return Vec::new(),
    };
    for &i in &candidates {
        if let (Some(r1), Some(r2)) = (rss(0, i), rss(i, n)) {
            let score = bic(r1 + r2, 2);
            if score < best.0 {
                best = (score, vec![i]);
            }
        }
        for &j in candidates.iter().filter(|&&j| j >= i + MIN_PIECE) {
            if let (Some(r1), Some(r2), Some(r3)) = (rss(0, i), rss(i, j), rss(j, n)) {
                let score = bic(r1 + r2 + r3, 3);
                if score < best.0 {
                    best = (score, vec![i, j]);
                }
            }
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_lines_are_recovered_with_either_weighting() {
        let pts: Vec<[f64; 2]> = [0.0, 8.0, 64.0, 1024.0, 65536.0]
            .iter()
            .map(|&m| [m, 2.0 + 0.001 * m])
            .collect();
        for w in [Weighting::Relative, Weighting::Absolute] {
            let (a, b) = fit_line(&pts, w).unwrap();
            assert!(
                (a - 2.0).abs() < 1e-9 && (b - 0.001).abs() < 1e-12,
                "{w:?}: {a} {b}"
            );
        }
        assert_eq!(fit_line(&pts[..1], Weighting::Relative), None);
    }

    #[test]
    fn a_jump_in_the_line_is_a_breakpoint() {
        let pts: Vec<[f64; 2]> = (0..20)
            .map(|i| {
                let m = 2f64.powi(i);
                [
                    m,
                    if i < 12 {
                        1.0 + 0.001 * m
                    } else {
                        20.0 + 0.0008 * m
                    },
                ]
            })
            .collect();
        assert_eq!(breakpoints(&pts), vec![12]);
        let line: Vec<[f64; 2]> = pts.iter().map(|p| [p[0], 1.0 + 0.001 * p[0]]).collect();
        assert_eq!(breakpoints(&line), Vec::<usize>::new());
    }
}
