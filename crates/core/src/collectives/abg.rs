//! The α-β-γ machine and the shape of p that every algorithm's cost is written over: a leaf of
//! `collectives` that the cost searches (`chain`, `loggp`) import, so that they need not import
//! the module whose algorithms call them.

use serde::Serialize;

use crate::derivation::{Expr, Quantity};

/// A machine in the α-β-γ model: start-up α (µs), time per byte β (µs/B), reduction compute
/// per byte γ (µs/B). The algorithms' costs are written once over any [`Quantity`]: with
/// numbers they are the costs, with bound symbols ([`Abg::symbols`]) their derivations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Abg<Q = f64> {
    pub alpha: Q,
    pub beta: Q,
    pub gamma: Q,
}

impl<Q: Quantity> Abg<Q> {
    /// One point-to-point message of n bytes: α + n·β (003 eq. 1).
    pub fn send(&self, n: Q) -> Q {
        self.alpha.clone() + n * self.beta.clone()
    }
}

impl Abg {
    /// α, β and γ as symbols bound to these values, for derivations.
    pub fn symbols(&self) -> Abg<Expr> {
        Abg {
            alpha: Expr::sym("α", self.alpha, "µs"),
            beta: Expr::sym("β", self.beta, "µs/B"),
            gamma: Expr::sym("γ", self.gamma, "µs/B"),
        }
    }
}

/// The shape of p that the non-power-of-two forms need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Procs<Q = f64> {
    pub p: Q,
    /// ⌈lg p⌉.
    pub ceil_lg: Q,
    /// ⌊lg p⌋.
    pub floor_lg: Q,
    /// p′ = 2^⌊lg p⌋, the largest power of two not above p.
    pub pow2: Q,
}

impl Procs {
    pub fn new(p: u32) -> Procs {
        let p = p.max(1);
        let floor_lg = 31 - p.leading_zeros();
        let pow2 = 1u32 << floor_lg;
        let ceil_lg = if pow2 == p { floor_lg } else { floor_lg + 1 };
        Procs {
            p: f64::from(p),
            ceil_lg: f64::from(ceil_lg),
            floor_lg: f64::from(floor_lg),
            pow2: f64::from(pow2),
        }
    }

    /// p, ⌈log₂ p⌉, ⌊log₂ p⌋ and p′ as formulas in p, for derivations.
    pub fn symbols(&self) -> Procs<Expr> {
        let p = Expr::sym("p", self.p, "");
        Procs {
            ceil_lg: p.clone().log2().ceil(),
            floor_lg: p.clone().log2().floor(),
            pow2: Expr::sym("p′", self.pow2, ""),
            p,
        }
    }
}

impl<Q: Quantity> Procs<Q> {
    pub fn is_pow2(&self) -> bool {
        self.pow2.value() == self.p.value()
    }

    /// (p−1)/p: the share of a vector that is not a process's own.
    pub fn others(&self) -> Q {
        (self.p.clone() - Q::constant(1.0)) / self.p.clone()
    }
}
