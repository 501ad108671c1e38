//! The pipelined chain broadcast: the root cuts the message into k segments and sends them
//! down a chain of p processes, each forwarding a segment while it receives the next. The
//! last segment leaves the root after k steps and needs p − 2 more to reach the end, each
//! step one message of s = ⌈n/k⌉ bytes: T(k) = (p − 2 + k)(α + ⌈n/k⌉β) (Chan et al. 2007 §5;
//! the same pipeline as 004's Snake, Appendix 7.1, and 002 §3.6's chunked send).
//!
//! As 004's blocks are, the segment is found exactly: k is a whole number of segments, and
//! a segment a whole number of bytes. The continuous form T(s) = (p − 2 + n/s)(α + sβ) is
//! convex in s with its minimum at the closed form s* = √(nα/((p−2)β)); it is a lower bound
//! of T(k) at s = n/k, so the exact search starts at k ≈ n/s* and walks outward only while
//! the bound is below the best time found.

use super::abg::{Abg, Procs};

/// The closed-form optimal segment in symbols ([`Chain::closed_form`]), as the Collectives
/// view's table of segments names it.
pub const CLOSED_FORM: &str = "s* = √(nα/((p−2)β))";
use crate::derivation::Quantity;

/// The most segment counts the exact search may cost on each side of the continuous optimum;
/// with the bound's pruning it stops after a handful in every case measured.
const MAX_STEPS: u64 = 1 << 20;

/// The chain of p processes on one machine.
#[derive(Clone, Copy, Debug)]
pub struct Chain {
    pub abg: Abg,
    pub p: u32,
}

/// The best segmenting of one message.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segmenting {
    /// Segments k (whole).
    pub segments: u64,
    /// Segment size ⌈n/k⌉ in bytes.
    pub segment_bytes: f64,
    /// T(k) in µs.
    pub time: f64,
}

impl Chain {
    pub fn new(abg: &Abg, p: u32) -> Chain {
        Chain { abg: *abg, p }
    }

    /// Steps after the root's last send: p − 2 (zero for p = 2, where the chain is one send).
    fn depth(&self) -> f64 {
        f64::from(self.p.max(2) - 2)
    }

    /// The message in whole bytes (at least one).
    fn whole(n: f64) -> f64 {
        n.ceil().max(1.0)
    }

    /// T(k) = (p − 2 + k)(α + ⌈n/k⌉β) for k segments.
    pub fn time(&self, n: f64, segments: u64) -> f64 {
        let k = segments.max(1) as f64;
        (self.depth() + k) * self.abg.send((Chain::whole(n) / k).ceil())
    }

    /// The continuous form T(s) = (p − 2 + n/s)(α + sβ) at a segment of s bytes.
    pub fn continuous(&self, n: f64, s: f64) -> f64 {
        (self.depth() + Chain::whole(n) / s) * self.abg.send(s)
    }

    /// The closed-form optimal segment s* = √(nα/((p−2)β)), within [1, n]; `None` where it
    /// is not defined (p = 2, β = 0: one segment is best; α = 0: one-byte segments).
    pub fn closed_form(&self, n: f64) -> Option<f64> {
        let n = Chain::whole(n);
        let Abg { alpha, beta, .. } = self.abg;
        let s = (n * alpha / (self.depth() * beta)).sqrt();
        (s.is_finite() && s > 0.0).then(|| s.clamp(1.0, n))
    }

    /// A lower bound of the optimal time, cheap to compute: the least value of the bound
    /// (p − 2 + k)(α + nβ/k) over all real k > 0, (√((p − 2)α) + √(nβ))². Every T(k) is at
    /// least the bound at k, hence at least this; a caller that only wants the fastest
    /// algorithm can skip the exact search where this is already too slow.
    pub fn floor(&self, n: f64) -> f64 {
        let root =
            (self.depth() * self.abg.alpha).sqrt() + (Chain::whole(n) * self.abg.beta).sqrt();
        root * root
    }

    /// The exact optimum over whole segment counts k ∈ [1, n].
    pub fn optimum(&self, n: f64) -> Segmenting {
        let n = Chain::whole(n);
        let most = n as u64;
        let Abg { alpha, beta, .. } = self.abg;
        // The bound's minimum, k_c = √((p−2)nβ/α), clipped to the whole counts.
        let k_c = (self.depth() * n * beta / alpha).sqrt();
        let start = if k_c.is_finite() {
            k_c.round() as u64
        } else {
            most
        }
        .clamp(1, most);
        let bound = |k: u64| (self.depth() + k as f64) * (alpha + n * beta / k as f64);
        let mut best = (start, self.time(n, start));
        let consider = |k: u64, best: &mut (u64, f64)| {
            if bound(k) >= best.1 {
                return false;
            }
            let t = self.time(n, k);
            if t < best.1 || (t == best.1 && k < best.0) {
                *best = (k, t);
            }
            true
        };
        for k in (start + 1..=most).take(MAX_STEPS as usize) {
            if !consider(k, &mut best) {
                break;
            }
        }
        for k in (1..start).rev().take(MAX_STEPS as usize) {
            if !consider(k, &mut best) {
                break;
            }
        }
        let (k, time) = best;
        Segmenting {
            segments: k,
            segment_bytes: (n / k as f64).ceil(),
            time,
        }
    }

    /// The exact cost of the closed form's segment: s* rounded to whole segments of whole
    /// bytes, k = ⌈n/s*⌉. What a user gets by taking the formula instead of the search.
    pub fn closed_form_time(&self, n: f64) -> Option<f64> {
        self.closed_form(n)
            .map(|s| self.time(n, (Chain::whole(n) / s.round().max(1.0)).ceil() as u64))
    }
}

/// The chain's time with k segments of s bytes, (p − 2 + k)(α + sβ) (CHPV §5), over any
/// [`Quantity`]: with s = ⌈n/k⌉ it is [`Chain::time`], and with bound symbols its derivation.
pub fn time_of<Q: Quantity>(q: &Procs<Q>, m: &Abg<Q>, k: Q, s: Q) -> Q {
    let depth = if q.p.value() >= 2.0 {
        q.p.clone() - Q::constant(2.0)
    } else {
        Q::constant(0.0)
    };
    (depth + k) * m.send(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(chain: &Chain, n: f64) -> (u64, f64) {
        (1..=n as u64)
            .map(|k| (k, chain.time(n, k)))
            .fold(
                (0, f64::INFINITY),
                |b, (k, t)| if t < b.1 { (k, t) } else { b },
            )
    }

    #[test]
    fn the_search_finds_the_brute_force_optimum() {
        for (alpha, beta) in [
            (54.0, 0.19),
            (1.0, 0.5),
            (146.0, 0.0115),
            (0.0, 1.0),
            (10.0, 0.0),
        ] {
            for p in [2, 3, 5, 8, 13, 64] {
                let chain = Chain::new(
                    &Abg {
                        alpha,
                        beta,
                        gamma: 0.0,
                    },
                    p,
                );
                for n in [1.0, 7.0, 100.0, 1000.0, 4099.0] {
                    let o = chain.optimum(n);
                    let (k, t) = brute(&chain, n);
                    assert_eq!(
                        o.time, t,
                        "α {alpha} β {beta} p {p} n {n}: k {} vs {k}",
                        o.segments
                    );
                }
            }
        }
    }

    #[test]
    fn the_floor_is_below_every_optimum() {
        for (alpha, beta, p) in [
            (146.0, 0.0115, 16),
            (50.0, 0.001, 3),
            (1.0, 1.0, 2),
            (0.0, 0.5, 9),
        ] {
            let chain = Chain::new(
                &Abg {
                    alpha,
                    beta,
                    gamma: 0.0,
                },
                p,
            );
            for n in [1.0, 7.0, 1000.0, 123_457.0, 1e7] {
                let (floor, best) = (chain.floor(n), chain.optimum(n).time);
                assert!(
                    floor <= best * (1.0 + 1e-12),
                    "α {alpha} β {beta} p {p} n {n}: {floor} > {best}"
                );
            }
        }
    }
}
