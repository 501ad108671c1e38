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

/// A communication block CB(a, b).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    pub a: f64,
    pub b: f64,
}

impl Block {
    /// 000 eq. 2. A block with a = 0 is a pure bandwidth b·x.
    pub fn time(&self, x: f64) -> f64 {
        let d = self.a + self.b * x;
        if d > 0.0 {
            self.a * self.a / d + self.b * x
        } else {
            0.0
        }
    }

    /// Asymptotic bandwidth 1/b (MB/s).
    pub fn r_inf(&self) -> f64 {
        1.0 / self.b
    }

    /// Half-performance length of the hyperbola: x/T(x) = 1/(2b) gives
    /// (b·x)² + a·(b·x) − a² = 0, so n½ = ((√5 − 1)/2)·a/b (follows from 000 eq. 2).
    pub fn n_half(&self) -> f64 {
        (5f64.sqrt() - 1.0) / 2.0 * self.a / self.b
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

    /// Rule 3 for n messages of equal size, the case of every pattern in 000: a and b scale by n.
    pub fn shared_by(&self, n: f64) -> Block {
        Block {
            a: n * self.a,
            b: n * self.b,
        }
    }
}

/// Rule 1 (000 §2.1), serial interconnection: a adds; b is the largest for independent blocks
/// (a pipeline runs at its slowest stage) and adds for dependent ones.
pub fn reduce_serial(coupling: Coupling, blocks: &[Block]) -> Block {
    let a = blocks.iter().map(|c| c.a).sum();
    let b = match coupling {
        Coupling::Independent => blocks.iter().map(|c| c.b).fold(0.0, f64::max),
        Coupling::Dependent => blocks.iter().map(|c| c.b).sum(),
    };
    Block { a, b }
}

/// Rule 2 (000 §2.2), parallel interconnection: a is the smallest; b combines like resistors
/// in parallel for independent blocks and is the smallest for dependent ones.
pub fn reduce_parallel(coupling: Coupling, blocks: &[Block]) -> Block {
    let a = blocks.iter().map(|c| c.a).fold(f64::INFINITY, f64::min);
    let b = match coupling {
        Coupling::Independent => 1.0 / blocks.iter().map(|c| 1.0 / c.b).sum::<f64>(),
        Coupling::Dependent => blocks.iter().map(|c| c.b).fold(f64::INFINITY, f64::min),
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
