//! The shared vocabulary of the pattern modules: the default message size and the two
//! closed-form point-to-point costs (linear and hyperbolic), with the r∞, n½ and reduced block
//! they report. Every model's patterns use it; it uses none of them.

use crate::context::Evaluation;
use crate::derivation::{Derivation, Derived, Expr};
use crate::models::hockney::{self, Hockney};
use crate::models::hyperbolic::{self, Block};

/// Default message size of the point-to-point patterns: 10 kB, near the Paragon's n½.
pub const DEFAULT_SIZE: f64 = 1e4;

/// A point-to-point cost with a closed form, so that r∞ and n½ come from the formula. Its
/// parameters are formulas, so that the metrics carry the derivation they were computed by.
pub enum Shape {
    /// α + β·n (Hockney's linear cost; 001 eq. 1, 003 eq. 1).
    Linear { alpha: Expr, beta: Expr },
    /// The hyperbola of a reduced block (000 eq. 2).
    Hyperbola(Block<Expr>),
}

impl Shape {
    /// The evaluation of this cost at the query's size `at` (written `x`), `scale` times over
    /// (two for a round trip), with r∞ and n½ (and the reduced block for hyperbolas). `source`
    /// is where the pattern's cost comes from.
    pub fn evaluation(self, at: f64, scale: f64, source: &'static str) -> Evaluation {
        let scaled = |e: Expr| {
            if scale == 1.0 {
                e
            } else {
                Expr::num(scale) * e
            }
        };
        let x = Expr::sym("x", at, "B");
        let mut out = Derived::default();
        let (time, cost): (Expr, Box<dyn Fn(f64) -> f64>) = match self {
            Shape::Linear { alpha, beta } => {
                let r_inf = hockney::r_inf(beta.clone());
                out.put(
                    "r_inf_MBps",
                    Derivation::new("r∞", divided(r_inf, scale), "r∞ = 1/β (001 §2; 003)"),
                );
                let n_half = hockney::n_half(alpha.clone(), beta.clone());
                out.put(
                    "n_half_bytes",
                    Derivation::new("n½", n_half, "n½ = α/β (001 §2; 003)"),
                );
                let h = Hockney {
                    alpha: alpha.eval(),
                    beta: beta.eval(),
                };
                // The linear model writes the message size n (001 eq. 1, 003 eq. 1).
                let n = Expr::sym("n", at, "B");
                let time = hockney::time(alpha, beta, n);
                (time, Box::new(move |x| scale * h.time(x)))
            }
            Shape::Hyperbola(block) => {
                let (a_sym, b_sym) = (
                    Expr::sym("a", block.a.eval(), "µs"),
                    Expr::sym("b", block.b.eval(), "µs/B"),
                );
                let r_inf = hyperbolic::r_inf(b_sym.clone());
                out.put(
                    "r_inf_MBps",
                    Derivation::new("r∞", divided(r_inf, scale), "000 eq. 2: r∞ = 1/b"),
                );
                out.put(
                    "n_half_bytes",
                    Derivation::new(
                        "n½",
                        hyperbolic::n_half(a_sym.clone(), b_sym.clone()),
                        "from 000 eq. 2",
                    ),
                );
                out.put("a_us", Derivation::new("a", times(block.a, scale), source));
                out.put(
                    "b_us_per_byte",
                    Derivation::new("b", times(block.b, scale), source),
                );
                let b = Block {
                    a: a_sym.eval(),
                    b: b_sym.eval(),
                };
                let time = hyperbolic::time(a_sym, b_sym, x.clone());
                (time, Box::new(move |x| scale * b.time(x)))
            }
        };
        out.derivations
            .push(("time_us", Derivation::new("T", scaled(time), source)));
        Evaluation {
            cost,
            at,
            metrics: out.metrics,
            derivations: out.derivations,
        }
    }
}

/// `e/k`, or `e` where k is 1.
fn divided(e: Expr, k: f64) -> Expr {
    if k == 1.0 {
        e
    } else {
        e / Expr::num(k)
    }
}

/// `e·k`, or `e` where k is 1.
fn times(e: Expr, k: f64) -> Expr {
    if k == 1.0 {
        e
    } else {
        e * Expr::num(k)
    }
}
