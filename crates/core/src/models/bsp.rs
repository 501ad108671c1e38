//! The BSP cost (001 §1, 002 §2.4). A BPRAM step, σ·m + ℓ (001 §1), is linear in m and uses
//! the Hockney form.

use crate::derivation::Quantity;

/// The cost of a superstep w + g·h + L (001 §1; 002 §2.4 writes l): local work w (µs), an
/// h-relation of h words at g µs per word, and a barrier L (µs). Over any [`Quantity`]: the
/// number, or the formula the model's explanation shows.
pub fn superstep<Q: Quantity>(w: Q, g: Q, h: Q, l: Q) -> Q {
    w + g * h + l
}
