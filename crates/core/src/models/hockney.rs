//! The linear (Hockney) model T(n) = α + β·n: 003 eq. 1 (t = t_l + N·t_c), 001 eq. 1–2
//! (t_st + t_b·m), 004 §2 (α + β·S).
//!
//! The formulas are written once over any [`Quantity`]: with numbers they are the model's
//! arithmetic, with symbols the tree a pattern's derivation and the model's explanation show.

use crate::derivation::Quantity;

/// T(n) = α + β·n.
pub fn time<Q: Quantity>(alpha: Q, beta: Q, n: Q) -> Q {
    alpha + beta * n
}

/// r∞ = 1/β.
pub fn r_inf<Q: Quantity>(beta: Q) -> Q {
    Q::constant(1.0) / beta
}

/// n½ = α/β.
pub fn n_half<Q: Quantity>(alpha: Q, beta: Q) -> Q {
    alpha / beta
}

/// A start-up time α (µs) and a time per byte β (µs/B).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hockney {
    pub alpha: f64,
    pub beta: f64,
}

impl Hockney {
    /// T(n) = α + β·n.
    pub fn time(&self, n: f64) -> f64 {
        time(self.alpha, self.beta, n)
    }

    /// Asymptotic bandwidth r∞ = 1/β (MB/s, as bytes per µs).
    pub fn r_inf(&self) -> f64 {
        r_inf(self.beta)
    }

    /// Half-performance length n½ = α/β: the size at which n/T(n) = r∞/2 (001 §2's m½).
    pub fn n_half(&self) -> f64 {
        n_half(self.alpha, self.beta)
    }

    /// The size at which a fraction `e` of r∞ is reached: n/T(n) = e/β gives
    /// n_e = (e/(1−e))·α/β. `e` must lie in (0, 1).
    pub fn size_for_efficiency(&self, e: f64) -> f64 {
        e / (1.0 - e) * self.n_half()
    }

    /// The size at which two linear costs are equal, if they cross at a positive size.
    pub fn crossover(&self, other: &Hockney) -> Option<f64> {
        let n = (other.alpha - self.alpha) / (self.beta - other.beta);
        (n.is_finite() && n > 0.0).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_performance_length_halves_bandwidth() {
        let h = Hockney {
            alpha: 146.0,
            beta: 0.0115,
        };
        let n = h.n_half();
        assert!((n / h.time(n) - h.r_inf() / 2.0).abs() < 1e-9);
        let e = h.size_for_efficiency(0.9);
        assert!((e / h.time(e) - 0.9 * h.r_inf()).abs() < 1e-9);
        assert_eq!(h.size_for_efficiency(0.5), n);
    }
}
