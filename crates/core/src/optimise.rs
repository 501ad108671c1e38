//! Optimisers shared by every pattern: integer search of a window where a continuous bound
//! brackets the optimum, and golden-section search over a continuous size.

/// Minimises `f` over the integers in `lo..=hi`, returning (argmin, min). Ties go to the
/// smaller integer. Returns `None` for an empty range.
pub fn argmin_int(lo: u64, hi: u64, f: impl Fn(u64) -> f64) -> Option<(u64, f64)> {
    (lo..=hi)
        .map(|s| (s, f(s)))
        .fold(None, |best, (s, t)| match best {
            Some((_, bt)) if bt <= t => best,
            _ => Some((s, t)),
        })
}

/// Golden-section search for the minimum of a unimodal `f` on [lo, hi], to a relative width
/// of `tol`. Returns (argmin, min).
pub fn golden_section(mut lo: f64, mut hi: f64, tol: f64, f: impl Fn(f64) -> f64) -> (f64, f64) {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut x1, mut x2) = (hi - r * (hi - lo), lo + r * (hi - lo));
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..200 {
        if (hi - lo) <= tol * (lo.abs() + hi.abs()).max(f64::MIN_POSITIVE) {
            break;
        }
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - r * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + r * (hi - lo);
            f2 = f(x2);
        }
    }
    if f1 <= f2 {
        (x1, f1)
    } else {
        (x2, f2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_minima() {
        assert_eq!(
            argmin_int(1, 10, |s| (s as f64 - 4.0).powi(2)),
            Some((4, 0.0))
        );
        assert_eq!(argmin_int(5, 4, |_| 0.0), None);
        let (x, _) = golden_section(0.0, 10.0, 1e-10, |x| (x - 3.3).powi(2));
        assert!((x - 3.3).abs() < 1e-6);
    }
}
