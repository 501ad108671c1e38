//! The packetized service time of one communication block (000 eq. 1):
//! t(x; a, m, p) = a·⌈x/p⌉ + m·x, with a the fixed time per packet, m the time per byte and p
//! the largest packet. The hyperbolic model (000 eq. 2) smooths it with b = a/p + m.

use super::hyperbolic::Block;
use crate::derivation::Quantity;

/// 000 eq. 1: t(x) = a·⌈x/p⌉ + m·x, over any [`Quantity`] (numbers or the formula).
pub fn time<Q: Quantity>(a: Q, m: Q, p: Q, x: Q) -> Q {
    a * (x.clone() / p).ceil_q() + m * x
}

/// The slope of the hyperbola that smooths the sawtooth: b = a/p + m (000 eq. 2).
pub fn slope<Q: Quantity>(a: Q, m: Q, p: Q) -> Q {
    a / p + m
}

/// A block that cuts messages into packets of at most `p` bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Packetized {
    pub a: f64,
    pub m: f64,
    pub p: f64,
}

impl Packetized {
    /// 000 eq. 1. A message of 0 bytes still costs nothing: no packet is sent.
    pub fn time(&self, x: f64) -> f64 {
        time(self.a, self.m, self.p, x)
    }

    /// The hyperbolic block that approximates this one: b = a/p + m (000 eq. 2).
    pub fn hyperbolic(&self) -> Block {
        Block {
            a: self.a,
            b: slope(self.a, self.m, self.p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 000 Figure 1 uses a = 1, m = 0.5, p = 2: a sawtooth under the hyperbola with slope 1.
    #[test]
    fn figure_1_sawtooth_and_its_hyperbola() {
        let t = Packetized {
            a: 1.0,
            m: 0.5,
            p: 2.0,
        };
        assert_eq!(t.time(2.0), 2.0);
        assert_eq!(t.time(3.0), 3.5);
        let h = t.hyperbolic();
        assert_eq!(h.b, 1.0);
        // Far out the two agree to within one packet's fixed time.
        assert!((t.time(1000.0) - h.time(1000.0)).abs() <= t.a);
    }
}
