//! The shared vocabulary of the pattern modules: the default message size and the two
//! closed-form point-to-point costs (linear and hyperbolic), with the r∞, n½ and reduced block
//! they report. Every model's patterns use it; it uses none of them.

use super::{Evaluation, Value};
use crate::models::hockney::Hockney;
use crate::models::hyperbolic::Block;

/// Default message size of the point-to-point patterns: 10 kB, near the Paragon's n½.
pub const DEFAULT_SIZE: f64 = 1e4;

/// A point-to-point cost with a closed form, so that r∞ and n½ come from the formula.
pub enum Shape {
    Linear(Hockney),
    Hyperbola(Block),
}

impl Shape {
    /// The evaluation of this cost at the query's size, with r∞ and n½ (and the reduced block
    /// for hyperbolas).
    pub fn evaluation(self, at: f64, scale: f64) -> Evaluation {
        let (r_inf, n_half, block) = match &self {
            Shape::Linear(h) => (h.r_inf(), h.n_half(), None),
            Shape::Hyperbola(b) => (b.r_inf(), b.n_half(), Some(*b)),
        };
        let mut metrics = vec![
            ("r_inf_MBps", Value::Number(r_inf / scale)),
            ("n_half_bytes", Value::Number(n_half)),
        ];
        if let Some(b) = block {
            metrics.push(("a_us", Value::Number(b.a * scale)));
            metrics.push(("b_us_per_byte", Value::Number(b.b * scale)));
        }
        let cost: Box<dyn Fn(f64) -> f64> = match self {
            Shape::Linear(h) => Box::new(move |x| scale * h.time(x)),
            Shape::Hyperbola(b) => Box::new(move |x| scale * b.time(x)),
        };
        Evaluation { cost, at, metrics }
    }
}
