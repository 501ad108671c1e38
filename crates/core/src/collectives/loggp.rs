//! LogGP (Alexandrov, Ionescu, Schauser and Scheiman, "LogGP: incorporating long messages
//! into the LogP model", SPAA 1995): a message of n bytes costs the sender an overhead o, then
//! (n−1)·G to inject its bytes, L in the network, and the receiver o: L + 2o + (n−1)G. A
//! sender may start its next message g after the previous one at the earliest, and not
//! before it has injected it (o + (n−1)G).
//!
//! The papers measure none of L, o, g, G. By default they come from the machine's α and β so
//! that one message costs what α + nβ says and a node starts at most one message per α:
//! G = β, o = 0, g = α, L = α + β (then L + 2o + (n−1)G = α + nβ). A user who knows the
//! split sets `loggp_l`, `loggp_o`, `loggp_g`, `loggp_gb`. LogGP's binomial tree is the same
//! algorithm as the α-β binomial broadcast under another model, so it is reported beside the
//! algorithms (`loggp_binomial_us`) but does not compete in `algo=best`.

use super::abg::{Abg, Procs};

/// LogGP's four parameters, µs and µs/B.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogGp {
    pub l: f64,
    pub o: f64,
    pub g: f64,
    pub big_g: f64,
}

impl LogGp {
    /// The parameters that make one message cost α + nβ (see the module's comment).
    pub fn from_abg(m: &Abg) -> LogGp {
        LogGp {
            l: m.alpha + m.beta,
            o: 0.0,
            g: m.alpha,
            big_g: m.beta,
        }
    }

    /// Time from the start of a send to the end of its receive: L + 2o + (n−1)G. Below one
    /// byte the (n−1)G term is taken as zero.
    pub fn p2p(&self, n: f64) -> f64 {
        self.l + 2.0 * self.o + (n - 1.0).max(0.0) * self.big_g
    }

    /// How soon a sender may start its next message: max(g, o + (n−1)G).
    pub fn interval(&self, n: f64) -> f64 {
        self.g.max(self.o + (n - 1.0).max(0.0) * self.big_g)
    }

    /// A binomial-tree broadcast of n bytes under LogGP. Rank r, informed at t_r, sends to
    /// r + 2^j for j from ⌈lg p⌉−1 down, below its lowest set bit (farthest first, as
    /// MPICH's binomial tree), the i-th send starting at t_r + i·interval; the broadcast ends
    /// when the last rank has received. While the interval is at most one hop this takes at
    /// most ⌈lg p⌉ hops, exactly that when p is a power of two (rank p − 1 is ⌈lg p⌉ hops
    /// from the root) and less for other p; a gap g longer than a hop makes it slower.
    /// Costs O(lg² p), not O(p).
    pub fn binomial_broadcast(&self, p: u32, n: f64) -> f64 {
        let (hop, step) = (self.p2p(n), self.interval(n));
        let top = Procs::new(p).ceil_lg as u32;
        // Rank r with m bits set, the lowest at position `low`, is reached through m hops
        // and waits for top − m − low earlier sends on its path. The latest such rank with
        // each (m, low) is the smallest, (2^m − 1)·2^low, if it lies below p.
        let mut latest: f64 = 0.0;
        for low in 0..top {
            for m in 1..=top - low {
                if ((1u64 << m) - 1) << low >= u64::from(p) {
                    break;
                }
                let waits = f64::from(top - m - low);
                latest = latest.max(f64::from(m) * hop + waits * step);
            }
        }
        latest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The broadcast simulated rank by rank, as the doc comment describes it.
    fn simulate(l: &LogGp, p: u32, n: f64) -> f64 {
        let (hop, step) = (l.p2p(n), l.interval(n));
        let top = Procs::new(p).ceil_lg as u32;
        let mut informed = vec![f64::INFINITY; p as usize];
        informed[0] = 0.0;
        for r in 0..p as usize {
            let (t_r, lowest) = (informed[r], if r == 0 { top } else { r.trailing_zeros() });
            let mut i = 0.0;
            for j in (0..lowest).rev() {
                if let Some(t) = informed.get_mut(r + (1 << j)) {
                    *t = t_r + i * step + hop;
                    i += 1.0;
                }
            }
        }
        informed.into_iter().fold(0.0, f64::max)
    }

    #[test]
    fn the_closed_walk_matches_a_simulation() {
        for l in [
            LogGp {
                l: 10.0,
                o: 2.0,
                g: 3.0,
                big_g: 0.1,
            },
            LogGp {
                l: 1.0,
                o: 5.0,
                g: 40.0,
                big_g: 0.01,
            },
            LogGp {
                l: 100.0,
                o: 0.0,
                g: 0.0,
                big_g: 1.0,
            },
        ] {
            for p in 2..=70 {
                for n in [1.0, 100.0, 1e4] {
                    let (a, b) = (l.binomial_broadcast(p, n), simulate(&l, p, n));
                    assert!((a - b).abs() <= 1e-9 * b, "{l:?} p {p} n {n}: {a} vs {b}");
                }
            }
        }
    }

    #[test]
    fn one_message_is_alpha_plus_n_beta_by_default() {
        let m = Abg {
            alpha: 54.0,
            beta: 0.2,
            gamma: 0.0,
        };
        let l = LogGp::from_abg(&m);
        for n in [1.0, 10.0, 1e6] {
            assert!((l.p2p(n) - m.send(n)).abs() < 1e-9 * m.send(n));
        }
        // p = 2: the broadcast is one message.
        assert_eq!(l.binomial_broadcast(2, 100.0), l.p2p(100.0));
    }

    /// With g ≥ one hop the sends of a node cannot overlap: the binomial tree takes
    /// ⌈lg p⌉ hops, as in the α-β model.
    #[test]
    fn a_long_gap_gives_lg_p_hops() {
        let l = LogGp {
            l: 10.0,
            o: 2.0,
            g: 1000.0,
            big_g: 0.1,
        };
        for p in [2u32, 3, 4, 7, 8, 9, 16, 33] {
            let t = l.binomial_broadcast(p, 10.0);
            // The root's last child is sent at (⌈lg p⌉−1)·g, well after the others finish.
            let q = Procs::new(p);
            assert!(
                (t - ((q.ceil_lg - 1.0) * 1000.0 + l.p2p(10.0))).abs() < 1e-9,
                "p {p}: {t}"
            );
        }
    }
}
