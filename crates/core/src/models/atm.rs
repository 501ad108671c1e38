//! The ATM pipeline model of 002 §3–4: a message crosses the protocol software and driver
//! (t₁ = a₁·m + b₁, eq. 2) and the network interface (t₂ = a₂·m + b₂, eq. 3); n messages of m
//! bytes pipeline through both stages (eq. 1). The link and the virtual circuits (VCs) set how
//! fast data may enter the network (eq. 10–21), which bounds the data an end point may send
//! at once and so the message size a cluster uses. BSP's g and l follow (eq. 22–29).

use serde::Serialize;

use crate::derivation::Quantity;

/// The link unit time of 002 §3.6: `paper` rounds 8/135.632 µs/B to 0.06 as 002 does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Link {
    Paper,
    Exact,
}

impl Link {
    pub const ALL: [Link; 2] = [Link::Paper, Link::Exact];
    pub fn id(self) -> &'static str {
        match self {
            Link::Paper => "paper",
            Link::Exact => "exact",
        }
    }
}

/// Bytes of a SONET STS-3c/OC-3c frame: ((87 + 3)·9)·3 (002 §3.5).
pub const OC3C_FRAME_BYTES: f64 = ((87 + 3) * 9 * 3) as f64;
/// Path (9), line (54) and section (27) overhead bytes of that frame (002 §3.5).
pub const OC3C_OVERHEAD_BYTES: f64 = 90.0;
/// An ATM cell: a 5-byte header and a 48-byte payload (002 §3.5, Fig. 8).
pub const CELL_BYTES: f64 = 53.0;
pub const CELL_PAYLOAD_BYTES: f64 = 48.0;
/// The link unit time as 002 §3.6 rounds it: 8/135.632 = 0.05898 µs/B becomes 0.06, and the
/// paper's 114,600 B, 24,700 B, 0.48 µs/B and 8,440 B all follow from the rounded value.
pub const PAPER_LINK_UNIT_TIME: f64 = 0.06;

/// The bandwidth the SONET payload leaves to the ATM layer: (2430 − 90)/2430 of the line rate,
/// 155.52 → 149.76 Mb/s (002 §3.5).
pub fn atm_layer_mbps(sonet_mbps: f64) -> f64 {
    sonet_mbps * (OC3C_FRAME_BYTES - OC3C_OVERHEAD_BYTES) / OC3C_FRAME_BYTES
}

/// The bandwidth the cell payloads leave to AAL5, and so to Fore's API, which has no transport
/// layer above AAL5: 48/53 of the ATM layer's, 149.76 → 135.632 Mb/s (002 §3.5).
pub fn aal5_mbps(atm_mbps: f64) -> f64 {
    atm_mbps * CELL_PAYLOAD_BYTES / CELL_BYTES
}

/// UnitTime_link: the µs one byte takes at a bandwidth in Mb/s, 8/135.632 µs/B (002 §3.6).
pub fn unit_time(mbps: f64) -> f64 {
    8.0 / mbps
}

/// The link unit time, unrounded, of a SONET line rate through the layers of 002 §3.5.
pub fn exact_link_unit_time(sonet_mbps: f64) -> f64 {
    unit_time(aal5_mbps(atm_layer_mbps(sonet_mbps)))
}

/// Bisection width of an interconnection of N switches: √N, as 002 assumes for "most of
/// today's ATM switch interconnection topologies" (§3.8, eq. 11; §3.11, eq. 20).
pub fn bisection_width(switches: f64) -> f64 {
    switches.sqrt()
}

/// Which VCs share the links. The max-min fair allocation (002 §3.7) gives every VC the
/// smallest of its shares of the host interface and of the links across the bisection; the
/// VC unit time is the link unit time divided by that fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traffic {
    /// One sender on one VC: the whole link (eq. 18–20 with a single sending end point, whose
    /// multicast VC the switches replicate, so no link carries it twice).
    Single,
    /// Total exchange with a VC per pair (separate addressing): each host interface carries
    /// p − 1 VCs, the bisection p²/4 (002 eq. 13, 17).
    SeparateAddressing,
    /// p/p hardware multicast: one VC out of each host, p − 1 into it, p/2 across each
    /// bisection link (002 eq. 18–21).
    Multicast,
    /// A 1-relation: p/2 VCs cross the bisection in each direction, one per host interface
    /// (002 §4.3, the VCBandwidth above eq. 24).
    OneRelation,
}

impl Traffic {
    /// UnitTime_vc = 1/VCBandwidth in µs/B for p hosts on `switches` switches and a link
    /// unit time `link`: eq. 17 for separate addressing, eq. 21 for multicast, §4.3 for the
    /// 1-relation. p = 8, N = 4 give 0.48, 0.42 and 0.12 µs/B with the 0.06 link.
    pub fn vc_unit_time(self, p: f64, switches: f64, link: f64) -> f64 {
        self.vc_unit_time_of(p, switches, link)
    }

    /// [`Traffic::vc_unit_time`] over any [`Quantity`] (with symbols, its derivation).
    pub fn vc_unit_time_of<Q: Quantity>(self, p: Q, switches: Q, link: Q) -> Q {
        let bisection = switches.sqrt_q();
        let one = || Q::constant(1.0);
        let share = match self {
            Traffic::Single => one(),
            Traffic::SeparateAddressing => {
                (p.clone() - one()).max2(p.clone() * p / (Q::constant(4.0) * bisection))
            }
            Traffic::Multicast => one().max2(p.clone() - one()).max2(p / Q::constant(2.0)),
            Traffic::OneRelation => one().max2(p / (Q::constant(2.0) * bisection)),
        };
        share * link
    }
}

/// One stage of the protocol stack: t(m) = a·m + b for an m-byte message, a per-byte and b
/// per-message cost (002 eq. 2–3; a bsp_put call a′·m + b′, §4.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layer {
    /// µs per byte.
    pub a: f64,
    /// µs per message.
    pub b: f64,
}

impl Layer {
    pub fn time(&self, m: f64) -> f64 {
        self.a * m + self.b
    }
}

/// The two stages' parameters over any [`Quantity`]: with numbers the model's arithmetic,
/// with bound symbols the derivation of its results (002 eq. 1–29, written once).
#[derive(Clone, Debug)]
pub struct Stack<Q> {
    pub a1: Q,
    pub b1: Q,
    pub a2: Q,
    pub b2: Q,
}

impl<Q: Quantity> Stack<Q> {
    /// Eq. 1: n messages of m bytes, Σtₖ(m) + (n−1)·max tₖ(m).
    #[inline]
    pub fn eq1(&self, m: Q, n: Q) -> Q {
        let t1 = self.a1.clone() * m.clone() + self.b1.clone();
        let t2 = self.a2.clone() * m + self.b2.clone();
        t1.clone() + t2.clone() + (n - Q::constant(1.0)) * t1.max2(t2)
    }

    /// One message of m bytes, t₁(m) + t₂(m): eq. 1 with n = 1, whose (n − 1)·max term adds
    /// zero.
    pub fn message(&self, m: Q) -> Q {
        let t1 = self.a1.clone() * m.clone() + self.b1.clone();
        t1 + (self.a2.clone() * m + self.b2.clone())
    }

    /// x bytes in ⌈x/m⌉ messages of m bytes, m at most x.
    pub fn chunks(&self, x: Q, m: Q) -> Q {
        let n = (x / m.clone()).ceil_q();
        self.eq1(m, n)
    }

    /// Eq. 10: (2√(a₁b₂x) + a₂x + b₁)/x.
    pub fn unit_time(&self, x: Q) -> Q {
        let root = (self.a1.clone() * self.b2.clone() * x.clone()).sqrt_q();
        (Q::constant(2.0) * root + self.a2.clone() * x.clone() + self.b1.clone()) / x
    }

    /// Eq. 14–16 at a slack T − a₂ > 0: ((√(a₁b₂) + √(a₁b₂ + b₁(T − a₂)))/(T − a₂))².
    pub fn max_data(&self, t: Q) -> Q {
        let slack = t - self.a2.clone();
        let r = self.a1.clone() * self.b2.clone();
        let root = (r.clone().sqrt_q() + (r + self.b1.clone() * slack.clone()).sqrt_q()) / slack;
        root.clone() * root
    }

    /// Eq. 22: 2(a′x + kb′ + Latency_protocol(x))/x.
    pub fn g(&self, put: (Q, Q), k: Q, x: Q, latency: Q) -> Q {
        Q::constant(2.0) * (put.0 * x.clone() + k * put.1 + latency) / x
    }

    /// Eq. 27: 2(a′ + max(a₁, a₂)).
    pub fn g_limit(&self, put_a: Q) -> Q {
        Q::constant(2.0) * (put_a + self.a1.clone().max2(self.a2.clone()))
    }

    /// Eq. 28: b′ + 2(p−1)(t₁(m) + t₂(m)) + m·T.
    pub fn total_exchange_barrier(&self, sync_call: Q, p: Q, m: Q, t_vc: Q) -> Q {
        let c = Q::constant;
        sync_call + c(2.0) * (p - c(1.0)) * self.message(m.clone()) + m * t_vc
    }

    /// Eq. 29: b′ + p(t₁(m′) + t₂(m′)) + m′·R.
    pub fn broadcast_barrier(&self, sync_call: Q, p: Q, combined: Q, r: Q) -> Q {
        sync_call + p * self.message(combined.clone()) + combined * r
    }
}

/// Which candidate the continuous optimum took (002 §3.6): the decision the derivation
/// reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// One message of all the data.
    One,
    /// As many messages as bytes (n = max(x, 1)).
    Most,
    /// Where stage `k` is the slower: n = √(aⱼ·x/bₖ) (eq. 5 for k = 2).
    Stationary { slow_is_t2: bool },
    /// Where the stages cross: n = (a₂ − a₁)·x/(b₁ − b₂).
    Crossing,
    /// A whole number of messages from the exact search.
    Exact,
}

/// How data is split into messages, and the latency that gives at one end point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chunking {
    /// Number of messages n (not a whole number for the continuous optimum).
    pub messages: f64,
    /// Message size m in bytes.
    pub chunk: f64,
    /// Latency_protocol in µs.
    pub latency: f64,
    /// How the message count was chosen.
    pub case: Case,
}

/// The exact search below stops after this many message counts on each side of the
/// continuous optimum. Only degenerate parameters (no per-message cost) get near it; there
/// the result is still within one byte per message of the optimum.
const SEARCH_LIMIT: u32 = 4096;

/// The protocol stack of one end point: software and driver (t₁) then interface (t₂),
/// 002 Table 3: a₁ 0.0375, b₁ 151, a₂ 0.0425, b₂ 200.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pipeline {
    pub t1: Layer,
    pub t2: Layer,
}

impl Pipeline {
    /// Latency_protocol of n messages of m bytes through the two stages: Σtₖ(m) + (n−1)·max tₖ(m)
    /// (002 eq. 1, with eq. 2–3). n may be fractional in the continuous relaxation.
    pub fn pipelined(&self, m: f64, n: f64) -> f64 {
        self.stack().eq1(m, n)
    }

    /// The stages as a [`Stack`] of numbers.
    #[inline(always)]
    pub fn stack(&self) -> Stack<f64> {
        Stack {
            a1: self.t1.a,
            b1: self.t1.b,
            a2: self.t2.a,
            b2: self.t2.b,
        }
    }

    /// One message of m bytes: t₁(m) + t₂(m), the 404 µs of 002 §3.9 at 670 B.
    pub fn message_latency(&self, m: f64) -> f64 {
        self.stack().message(m)
    }

    /// Latency_protocol of x bytes sent as ⌈x/m⌉ full messages of m bytes (002 eq. 1; Tables
    /// 4 and 5 are computed this way). A chunk larger than the data is one message of the data.
    /// m must be positive.
    pub fn latency(&self, x: f64, m: f64) -> f64 {
        self.stack().chunks(x, m.min(x))
    }

    /// The continuous optimum of 002 §3.6: n real in [1, max(x, 1)] messages of x/n bytes.
    /// Eq. 1 is max over the stages k of (Σtⱼ + (n−1)tₖ), and each of those is
    /// aⱼ·x/n + bⱼ + aₖ·x + n·bₖ (j the other stage), convex in n with its minimum at
    /// n = √(aⱼ·x/bₖ). The minimum of their maximum lies at one of those points, where the
    /// stages cross, or at an end of the range, so all are tried. With t₂ > t₁ (Table 3) it is
    /// eq. 5, m = √(b₂x/a₁), and eq. 6, 2√(a₁b₂x) + a₂x + b₁, once x > b₂/a₁; below that,
    /// one message of x bytes (the condition under eq. 16), which is eq. 22 with n = 1.
    pub fn continuous_optimum(&self, x: f64) -> Chunking {
        let hi = x.max(1.0);
        let stationary = |other: Layer, slow: Layer| {
            if slow.b > 0.0 {
                (other.a * x / slow.b).sqrt()
            } else {
                hi
            }
        };
        // The stages cross where t₁(x/n) = t₂(x/n): n = (a₂ − a₁)·x/(b₁ − b₂).
        let crossing = (self.t2.a - self.t1.a) * x / (self.t1.b - self.t2.b);
        let one = Chunking {
            messages: 1.0,
            chunk: x,
            latency: self.message_latency(x),
            case: Case::One,
        };
        [
            (hi, Case::Most),
            (
                stationary(self.t1, self.t2),
                Case::Stationary { slow_is_t2: true },
            ),
            (
                stationary(self.t2, self.t1),
                Case::Stationary { slow_is_t2: false },
            ),
            (crossing, Case::Crossing),
        ]
        .into_iter()
        .filter(|(n, _)| n.is_finite())
        .map(|(n, case)| {
            let n = n.clamp(1.0, hi);
            Chunking {
                messages: n,
                chunk: x / n,
                latency: self.pipelined(x / n, n),
                case,
            }
        })
        .fold(
            one,
            |best, c| if c.latency < best.latency { c } else { best },
        )
    }

    /// x bytes in n messages of whole bytes: chunks of ⌈x/n⌉, the smallest that carry x in at
    /// most n messages (a smaller chunk would need more, a larger one costs more per message).
    fn chunked(&self, x: f64, n: f64) -> Chunking {
        let chunk = (x / n).ceil().min(x);
        let messages = (x / chunk).ceil();
        Chunking {
            messages,
            chunk,
            latency: self.pipelined(chunk, messages),
            case: Case::Exact,
        }
    }

    /// The exact optimum: the whole number of messages n, each of ⌈x/n⌉ bytes, that minimises
    /// eq. 1. It is one message when x ≤ b₂/a₁ (with Table 3), as 002 §3.9 says. The
    /// continuous optimum is a lower bound for every n (full chunks carry at least x/n bytes),
    /// so the search walks outward from it and stops on each side where that bound exceeds the
    /// best latency found. As the minimum over chunk sizes of costs that grow with x, the
    /// result grows with x.
    pub fn optimum(&self, x: f64) -> Chunking {
        let hi = x.ceil().max(1.0);
        let start = self.continuous_optimum(x).messages.ceil().min(hi);
        let bound = |n: f64| self.pipelined(x / n, n);
        let mut best = self.chunked(x, start);
        for (first, step) in [(start - 1.0, -1.0), (start + 1.0, 1.0)] {
            let mut n = first;
            for _ in 0..SEARCH_LIMIT {
                if n < 1.0 || n > hi || bound(n) > best.latency {
                    break;
                }
                let c = self.chunked(x, n);
                if c.latency < best.latency {
                    best = c;
                }
                n += step;
            }
        }
        best
    }

    /// Latency_sndrcv: the sending and the receiving end each pay the protocol latency, with
    /// the optimal chunking (002 eq. 7, here with the exact optimum).
    pub fn sndrcv(&self, x: f64) -> f64 {
        2.0 * self.optimum(x).latency
    }

    /// UnitTime_protocol = Latency_protocol/x with eq. 6's latency: (2√(a₁b₂x) + a₂x + b₁)/x
    /// (002 eq. 10). 002 uses this closed form at every size, below b₂/a₁ too (Fig. 14:
    /// 0.48 µs/B at 670 B), and so does eq. 16, its inverse.
    pub fn unit_time(&self, x: f64) -> f64 {
        self.stack().unit_time(x)
    }

    /// The largest data size an end point can send without outrunning a VC of unit time T,
    /// where eq. 10 equals T: √x = (√(a₁b₂) + √(a₁b₂ + b₁(T − a₂)))/(T − a₂) (002 eq. 14–16).
    /// `None` when T ≤ a₂: the protocol's unit time, which falls towards a₂ as x grows, never
    /// drops below T, so no data size congests the VC and there is no largest one.
    pub fn max_data(&self, t: f64) -> Option<f64> {
        let slack = t - self.t2.a;
        if slack.is_nan() || slack <= 0.0 {
            return None;
        }
        Some(self.stack().max_data(t))
    }

    /// The per-byte cost the latency tends to for large data: a₂ in 002 (eq. 27's limit),
    /// max(a₁, a₂) in general, since the slower stage sees every byte.
    pub fn asymptotic_unit_time(&self) -> f64 {
        self.t1.a.max(self.t2.a)
    }

    /// The half-performance length n½ of Latency_sndrcv with the exact optimum (eq. 7): the
    /// size at which x/T(x) is half its limit 1/(2·a∞), i.e. where the one-end latency is
    /// 2·a∞·x. The exact latency has steps, so n½ is found by bisection rather than in closed
    /// form; with eq. 6 instead it would be eq. 16 at T = 2a₂. `None` when no per-byte cost
    /// bounds the bandwidth.
    pub fn half_performance_length(&self) -> Option<f64> {
        let a = self.asymptotic_unit_time();
        let excess = |x: f64| self.optimum(x).latency - 2.0 * a * x;
        if a.is_nan() || a <= 0.0 {
            return None;
        }
        // Latency minus 2·a∞·x starts at b₁ + b₂ ≥ 0 and falls like −a∞·x: bracket its zero by
        // doubling, then halve the bracket.
        let mut hi = 1.0;
        for _ in 0..64 {
            if excess(hi) <= 0.0 {
                break;
            }
            hi *= 2.0;
        }
        if excess(hi) > 0.0 {
            return None;
        }
        let mut lo = 0.0;
        for _ in 0..200 {
            if hi - lo <= 1e-9 * hi {
                break;
            }
            let mid = 0.5 * (lo + hi);
            if excess(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    }

    /// BSP's g in µs per byte for x bytes put with k bsp_put calls: the put and get copies
    /// (a′x + kb′) and the protocol latency, at both ends, per byte (002 eq. 22), with the
    /// continuous optimum, which is eq. 23 once x > b₂/a₁ and eq. 22 with n = 1 below.
    pub fn g(&self, put: Layer, k: f64, x: f64) -> f64 {
        let latency = self.continuous_optimum(x).latency;
        self.stack().g((put.a, put.b), k, x, latency)
    }

    /// The limit of g for large data, 2(a′ + a₂) µs/B (002 eq. 27).
    pub fn g_limit(&self, put: Layer) -> f64 {
        self.stack().g_limit(put.a)
    }

    /// l of a total-exchange barrier (002 eq. 28): the bsp_sync call b′, 2(p−1) one-message
    /// protocol latencies of the m-byte synchronisation message, and its transfer at the
    /// separate-addressing VC unit time T.
    pub fn total_exchange_barrier(&self, sync_call: f64, p: f64, m: f64, t_vc: f64) -> f64 {
        self.stack().total_exchange_barrier(sync_call, p, m, t_vc)
    }

    /// l of a broadcast barrier (002 eq. 29): each end point combines its p messages into one of
    /// m′ bytes, multicasts it and receives p − 1, so b′ + p(a₁m′ + b₁ + a₂m′ + b₂) + m′·R with
    /// R the multicast VC unit time.
    pub fn broadcast_barrier(&self, sync_call: f64, p: f64, combined: f64, r: f64) -> f64 {
        self.stack().broadcast_barrier(sync_call, p, combined, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE_3: Pipeline = Pipeline {
        t1: Layer {
            a: 0.0375,
            b: 151.0,
        },
        t2: Layer {
            a: 0.0425,
            b: 200.0,
        },
    };

    /// The exact optimum equals a brute-force minimum over every chunk size, including for
    /// stages where t₁ is the slower and for sizes that are not whole bytes.
    #[test]
    fn exact_optimum_matches_brute_force() {
        let stacks = [
            TABLE_3,
            Pipeline {
                t1: Layer { a: 0.2, b: 300.0 },
                t2: Layer { a: 0.01, b: 20.0 },
            },
            Pipeline {
                t1: Layer { a: 0.05, b: 10.0 },
                t2: Layer { a: 0.02, b: 400.0 },
            },
            Pipeline {
                t1: Layer { a: 0.0, b: 100.0 },
                t2: Layer { a: 0.1, b: 0.0 },
            },
        ];
        for s in stacks {
            for x in [1.0_f64, 2.5, 10.0, 333.3, 670.0, 5000.0, 20000.0, 114_564.0] {
                let brute = (1..=(x.ceil() as u64))
                    .map(|m| s.latency(x, m as f64))
                    .fold(f64::INFINITY, f64::min);
                let opt = s.optimum(x);
                assert!(
                    (opt.latency - brute).abs() <= 1e-9 * brute,
                    "{s:?} x={x}: {} vs {brute}",
                    opt.latency
                );
                assert!((s.latency(x, opt.chunk) - opt.latency).abs() < 1e-9);
                let cont = s.continuous_optimum(x);
                assert!(
                    cont.latency <= opt.latency + 1e-9,
                    "the relaxation is a lower bound"
                );
            }
        }
    }

    /// With t₂ > t₁ the continuous optimum is 002's eq. 5 and eq. 6 above b₂/a₁.
    #[test]
    fn continuous_optimum_is_equations_5_and_6() {
        let s = TABLE_3;
        for x in [6000.0, 1e5, 1e7] {
            let c = s.continuous_optimum(x);
            assert!((c.chunk - (200.0 * x / 0.0375).sqrt()).abs() < 1e-6 * c.chunk);
            assert!(
                (c.latency - (2.0 * (0.0375 * 200.0 * x).sqrt() + 0.0425 * x + 151.0)).abs()
                    < 1e-9 * c.latency
            );
        }
        let c = s.continuous_optimum(1000.0);
        assert_eq!((c.messages, c.chunk), (1.0, 1000.0));
    }

    #[test]
    fn largest_congestion_free_size_inverts_equation_10() {
        for t in [0.05, 0.06, 0.12, 0.42, 0.48, 3.0] {
            let x = TABLE_3.max_data(t).unwrap_or(f64::NAN);
            assert!((TABLE_3.unit_time(x) - t).abs() < 1e-9, "T = {t}");
        }
        assert_eq!(TABLE_3.max_data(0.0425), None);
        assert_eq!(TABLE_3.max_data(0.01), None);
        assert_eq!(TABLE_3.max_data(f64::NAN), None);
    }
}
