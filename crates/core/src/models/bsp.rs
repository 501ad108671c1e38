//! The BSP cost (001 §1, 002 §2.4). A BPRAM step, σ·m + ℓ (001 §1), is linear in m and uses
//! the Hockney form.

/// The cost of a superstep w + g·h + L (001 §1; 002 §2.4 writes l): local work w (µs), an
/// h-relation of h words at g µs per word, and a barrier L (µs).
pub fn superstep(w: f64, g: f64, h: f64, l: f64) -> f64 {
    w + g * h + l
}
