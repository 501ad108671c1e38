//! The hyperbolic model (000 §2) and its combination rules as a small algebra of blocks.
//!
//! A communication block (CB) has a fixed service time `a` (µs) and an incremental service
//! time `b` (µs/B). Its service time for a message of x bytes is the hyperbola
//! T(x; a, b) = a²/(a + b·x) + b·x (000 eq. 2). Any communication graph reduces to one
//! equivalent block by the rules below; patterns build their graph from these functions so
//! that the reduced (a, b) a user sees is the one the time comes from.

/// Whether blocks share a resource (000 §2: "dependent if they share a common resource").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coupling {
    Independent,
    Dependent,
}

use crate::derivation::Quantity;

/// A communication block CB(a, b): numbers, or, where a pattern reduces its graph, the
/// formulas of a and b (the same rules build both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block<T = f64> {
    pub a: T,
    pub b: T,
}

/// 000 eq. 2: T(x) = a²/(a + b·x) + b·x, over any [`Quantity`] (numbers or the formula).
pub fn time<Q: Quantity>(a: Q, b: Q, x: Q) -> Q {
    a.clone().square_q() / (a + b.clone() * x.clone()) + b * x
}

/// Asymptotic bandwidth r∞ = 1/b.
pub fn r_inf<Q: Quantity>(b: Q) -> Q {
    Q::constant(1.0) / b
}

/// Half-performance length of the hyperbola: x/T(x) = 1/(2b) gives
/// (b·x)² + a·(b·x) − a² = 0, so n½ = ((√5 − 1)/2)·a/b (follows from 000 eq. 2).
pub fn n_half<Q: Quantity>(a: Q, b: Q) -> Q {
    let c = Q::constant;
    (c(5.0).sqrt_q() - c(1.0)) / c(2.0) * a / b
}

impl Block {
    /// 000 eq. 2. A block with a = 0 is a pure bandwidth b·x.
    pub fn time(&self, x: f64) -> f64 {
        if self.a + self.b * x > 0.0 {
            time(self.a, self.b, x)
        } else {
            0.0
        }
    }

    /// Asymptotic bandwidth 1/b (MB/s).
    pub fn r_inf(&self) -> f64 {
        r_inf(self.b)
    }

    /// Half-performance length of the hyperbola (see [`n_half`]).
    pub fn n_half(&self) -> f64 {
        n_half(self.a, self.b)
    }

    /// Rule 3 (000 §2.3): this block processing n messages of sizes `sizes` is, for message i,
    /// an independent block with a_i = n·a and b_i = b·Σx/x_i.
    pub fn concurrent(&self, sizes: &[f64], i: usize) -> Block {
        let total: f64 = sizes.iter().sum();
        Block {
            a: sizes.len() as f64 * self.a,
            b: self.b * total / sizes[i],
        }
    }
}

impl<T: Quantity> Block<T> {
    /// Rule 3 for n messages of equal size, the case of every pattern in 000: a and b scale by n.
    pub fn shared_by(&self, n: T) -> Block<T> {
        Block {
            a: n.clone() * self.a.clone(),
            b: n * self.b.clone(),
        }
    }
}

/// Rule 1 (000 §2.1), serial interconnection: a adds; b is the largest for independent blocks
/// (a pipeline runs at its slowest stage) and adds for dependent ones.
pub fn reduce_serial<T: Quantity>(coupling: Coupling, blocks: &[Block<T>]) -> Block<T> {
    let a = T::sum(blocks.iter().map(|c| c.a.clone()).collect());
    let bs = blocks.iter().map(|c| c.b.clone()).collect();
    let b = match coupling {
        Coupling::Independent => T::max_of(bs),
        Coupling::Dependent => T::sum(bs),
    };
    Block { a, b }
}

/// Rule 2 (000 §2.2), parallel interconnection: a is the smallest; b combines like resistors
/// in parallel for independent blocks and is the smallest for dependent ones.
pub fn reduce_parallel<T: Quantity>(coupling: Coupling, blocks: &[Block<T>]) -> Block<T> {
    let a = T::min_of(blocks.iter().map(|c| c.a.clone()).collect());
    let b = match coupling {
        Coupling::Independent => {
            let inverses = blocks
                .iter()
                .map(|c| T::constant(1.0) / c.b.clone())
                .collect();
            T::constant(1.0) / T::sum(inverses)
        }
        Coupling::Dependent => T::min_of(blocks.iter().map(|c| c.b.clone()).collect()),
    };
    Block { a, b }
}

/// Rule 4 (000 §2.4), the general reduction rule: when the graph differs between small and
/// large messages, take a from the small-message limit T(0) and b from the large-message slope.
pub fn reduce_general(small_message_time: f64, large_message_slope: f64) -> Block {
    Block {
        a: small_message_time,
        b: large_message_slope,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const X: Block = Block { a: 3.0, b: 0.5 };
    const Y: Block = Block { a: 1.0, b: 2.0 };

    #[test]
    fn hyperbola_has_horizontal_tangent_and_slope_b() {
        assert_eq!(X.time(0.0), X.a);
        let far = 1e9;
        assert!(((X.time(far) - X.time(far / 2.0)) / (far / 2.0) - X.b).abs() < 1e-9);
        let n = X.n_half();
        assert!((n / X.time(n) - X.r_inf() / 2.0).abs() < 1e-12);
    }

    #[test]
    fn rules_1_and_2() {
        assert_eq!(
            reduce_serial(Coupling::Independent, &[X, Y]),
            Block { a: 4.0, b: 2.0 }
        );
        assert_eq!(
            reduce_serial(Coupling::Dependent, &[X, Y]),
            Block { a: 4.0, b: 2.5 }
        );
        assert_eq!(
            reduce_parallel(Coupling::Independent, &[X, Y]),
            Block { a: 1.0, b: 0.4 }
        );
        assert_eq!(
            reduce_parallel(Coupling::Dependent, &[X, Y]),
            Block { a: 1.0, b: 0.5 }
        );
    }

    #[test]
    fn rule_3_bounds_each_message_by_all_of_them() {
        let sizes = [100.0, 300.0];
        let first = X.concurrent(&sizes, 0);
        assert_eq!(first, Block { a: 6.0, b: 2.0 });
        // A large first message is bounded by the time to process both.
        assert!((first.b * sizes[0] - X.b * 400.0).abs() < 1e-12);
        assert_eq!(X.shared_by(2.0), X.concurrent(&[5.0, 5.0], 1));
    }
}
