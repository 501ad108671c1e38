//! The hyperbolic model T(x) = a²/(a + b·x) + b·x (000 eq. 2) fitted in relative error, as
//! the linear fit is. Writing c = b/a, T(x) = a·h(c·x) with h(z) = 1/(1 + z) + z: for a fixed c
//! the model is linear in a, whose relative least-squares value is closed form,
//! a = Σ(hᵢ/Tᵢ) / Σ(hᵢ/Tᵢ)². What remains is a one-dimensional search over c, done on a
//! logarithmic grid and refined by golden-section search.

use crate::models::hyperbolic::Block;

/// The search range of c = b/a in 1/B: half-performance lengths from 0.01 B to 10^12 B.
const LOG10_C: (f64, f64) = (-12.0, 2.0);
const GRID: usize = 141;
const GOLDEN_STEPS: usize = 60;

fn h(z: f64) -> f64 {
    1.0 / (1.0 + z) + z
}

/// The best a for a given c, and the relative residual sum of squares it leaves:
/// Σ(a·qᵢ − 1)² = n − (Σqᵢ)²/Σqᵢ² at a = Σqᵢ/Σqᵢ², with qᵢ = h(c·xᵢ)/Tᵢ.
fn best_a(points: &[[f64; 2]], c: f64) -> (f64, f64) {
    let (mut s1, mut s2) = (0.0, 0.0);
    for &[x, t] in points {
        let q = h(c * x) / t;
        s1 += q;
        s2 += q * q;
    }
    if s2 > 0.0 {
        (s1 / s2, (points.len() as f64 - s1 * s1 / s2).max(0.0))
    } else {
        (0.0, points.len() as f64)
    }
}

/// The fitted block, or `None` with fewer than two points or times that are not positive.
pub fn fit(points: &[[f64; 2]]) -> Option<Block> {
    if points.len() < 2 || points.iter().any(|p| p[1].is_nan() || p[1] <= 0.0) {
        return None;
    }
    let rss_at = |log_c: f64| best_a(points, 10f64.powf(log_c)).1;
    let step = (LOG10_C.1 - LOG10_C.0) / (GRID - 1) as f64;
    let (best, _) = (0..GRID)
        .map(|i| LOG10_C.0 + step * i as f64)
        .map(|x| (x, rss_at(x)))
        .min_by(|p, q| p.1.total_cmp(&q.1))?;
    let (mut lo, mut hi) = (best - step, best + step);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..GOLDEN_STEPS {
        let (x1, x2) = (hi - r * (hi - lo), lo + r * (hi - lo));
        if rss_at(x1) < rss_at(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    let c = 10f64.powf((lo + hi) / 2.0);
    let (a, _) = best_a(points, c);
    (a.is_finite() && a > 0.0).then_some(Block { a, b: c * a })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exact_hyperbola_is_recovered() {
        let truth = Block { a: 120.0, b: 0.031 };
        let pts: Vec<[f64; 2]> = (0..22)
            .map(|i| 2f64.powi(i))
            .map(|x| [x, truth.time(x)])
            .collect();
        let got = fit(&pts).unwrap();
        assert!((got.a / truth.a - 1.0).abs() < 1e-6, "{got:?}");
        assert!((got.b / truth.b - 1.0).abs() < 1e-6, "{got:?}");
    }
}
