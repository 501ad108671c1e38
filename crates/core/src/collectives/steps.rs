//! The messages of each α-β-γ algorithm, step by step: what a machine whose α and β depend on
//! the message size (the piecewise model, `models::piecewise`) needs, since the closed forms
//! of [`super::ALGORITHMS`] add up the start-ups and the bytes of steps of different sizes.
//!
//! Each algorithm's steps are groups of (how many steps, bytes each step sends); with one α and
//! one β their cost Σ count·(α + bytes·β) is the closed form's α and β part exactly (the test
//! below checks every algorithm at every p up to 70). Where a closed form gives the total bytes
//! of steps that halve or double (binomial scatter and gather, recursive halving and doubling,
//! Bruck) without their sizes, the sizes double from step to step and add up to that total:
//! for p a power of two they are the algorithm's own (n/p, 2n/p, …, n/2); for other p the
//! closed form's totals spread the same way. The γ part does not depend on the range and
//! stays the closed form's.

use super::abg::{Abg, Procs};
use super::chain::Chain;
use crate::models::piecewise::Piecewise;

/// Groups of steps: (how many, bytes each).
pub type Steps = Vec<(f64, f64)>;

/// `count` steps whose sizes double and add up to `total`.
fn doubling(count: f64, total: f64) -> Steps {
    let k = count as i32;
    let unit = total / (2f64.powi(k) - 1.0);
    (0..k).map(|i| (1.0, unit * 2f64.powi(i))).collect()
}

/// The fold of p not a power of two into p′ (TRG §4.5): a message of n bytes in, and `back`
/// bytes out when the result is sent back.
fn fold(q: &Procs, n: f64, back: Option<f64>) -> Steps {
    if q.p == q.pow2 {
        return Vec::new();
    }
    let mut out = vec![(1.0, n)];
    out.extend(back.map(|b| (1.0, b)));
    out
}

/// Recursive halving or doubling on p′: ⌊lg p⌋ steps moving (p′ − 1)/p′ of n.
fn halving(q: &Procs, n: f64) -> Steps {
    doubling(q.floor_lg, n * (q.pow2 - 1.0) / q.pow2)
}

/// The recursive-doubling allgather: ⌊lg p⌋ steps for p a power of two, else 2⌊lg p⌋ in two
/// doubling runs, moving n(p − 1)/p.
fn doubling_allgather(q: &Procs, n: f64) -> Steps {
    let total = n * (q.p - 1.0) / q.p;
    if q.p == q.pow2 {
        doubling(q.floor_lg, total)
    } else {
        let mut out = doubling(q.floor_lg, total / 2.0);
        out.extend(doubling(q.floor_lg, total / 2.0));
        out
    }
}

/// n(p − 1)/p: the bytes of the blocks that are not a process's own.
fn others(q: &Procs, n: f64) -> f64 {
    n * (q.p - 1.0) / q.p
}

/// ⌈lg p⌉ steps of the whole message: the binomial broadcast and reduce.
pub(super) fn whole_log(q: &Procs, n: f64) -> Option<Steps> {
    Some(vec![(q.ceil_lg, n)])
}

/// ⌈lg p⌉ doubling steps moving n(p − 1)/p: binomial gather and scatter, Bruck's allgather.
pub(super) fn log_doubling(q: &Procs, n: f64) -> Option<Steps> {
    Some(doubling(q.ceil_lg, others(q, n)))
}

/// The binomial scatter, then the recursive-doubling allgather.
pub(super) fn scatter_rd(q: &Procs, n: f64) -> Option<Steps> {
    Some([doubling(q.ceil_lg, others(q, n)), doubling_allgather(q, n)].concat())
}

/// The binomial scatter, then p − 1 ring steps of n/p.
pub(super) fn scatter_ring(q: &Procs, n: f64) -> Option<Steps> {
    Some(
        [
            doubling(q.ceil_lg, others(q, n)),
            vec![(q.p - 1.0, n / q.p)],
        ]
        .concat(),
    )
}

/// p − 1 steps of a block of n/p: the ring allgather, the pairwise exchanges.
pub(super) fn blocks(q: &Procs, n: f64) -> Option<Steps> {
    Some(vec![(q.p - 1.0, n / q.p)])
}

/// The recursive-doubling allgather's steps.
pub(super) fn rd_allgather(q: &Procs, n: f64) -> Option<Steps> {
    Some(doubling_allgather(q, n))
}

/// Recursive halving's reduce-scatter, with the fold and the blocks sent back for other p.
pub(super) fn halving_scatter(q: &Procs, n: f64) -> Option<Steps> {
    Some([halving(q, n), fold(q, n, Some(n / q.p))].concat())
}

/// Recursive doubling's allreduce: ⌊lg p⌋ steps of n, with the fold for other p.
pub(super) fn rd_allreduce(q: &Procs, n: f64) -> Option<Steps> {
    Some([vec![(q.floor_lg, n)], fold(q, n, Some(n))].concat())
}

/// Rabenseifner's allreduce: halving, doubling, the fold and the result sent back.
pub(super) fn rabenseifner_allreduce(q: &Procs, n: f64) -> Option<Steps> {
    Some([halving(q, n), halving(q, n), fold(q, n, Some(n))].concat())
}

/// Rabenseifner's reduce: halving, the gather, the fold in only.
pub(super) fn rabenseifner_reduce(q: &Procs, n: f64) -> Option<Steps> {
    Some([halving(q, n), halving(q, n), fold(q, n, None)].concat())
}

/// The ring allreduce: 2(p − 1) steps of n/p.
pub(super) fn ring_allreduce(q: &Procs, n: f64) -> Option<Steps> {
    Some(vec![(2.0 * (q.p - 1.0), n / q.p)])
}

/// Bruck's all-to-all: ⌈lg p⌉ steps sharing the bytes it moves.
pub(super) fn bruck_alltoall(q: &Procs, n: f64) -> Option<Steps> {
    let bytes = bruck_alltoall_bytes(q.p as u32, n);
    Some(vec![(q.ceil_lg, bytes / q.ceil_lg.max(1.0))])
}

/// Neighbour exchange: one step of a block, then p/2 − 1 steps of two; the ring's blocks for
/// odd p.
pub(super) fn neighbor_exchange(q: &Procs, n: f64) -> Option<Steps> {
    if q.p as u64 % 2 == 1 {
        return blocks(q, n);
    }
    Some(vec![(1.0, n / q.p), (q.p / 2.0 - 1.0, 2.0 * n / q.p)])
}

/// Steps posted at once (the linear all-to-all): each in its own range, the start-up paid
/// once, the first step's.
pub(super) fn overlapped(model: &Piecewise, steps: &Steps) -> f64 {
    let bytes: f64 = steps
        .iter()
        .map(|&(c, s)| c * (model.time(s) - model.line(s).alpha))
        .sum();
    bytes + steps.first().map_or(0.0, |&(_, s)| model.line(s).alpha)
}

/// The dissemination barrier: ⌈lg p⌉ empty messages.
pub(super) fn dissemination(q: &Procs, _: f64) -> Option<Steps> {
    Some(vec![(q.ceil_lg, 0.0)])
}

/// The pipelined chain: no fixed steps, its segment depends on α and β ([`chain_best`]).
pub(super) fn chain(_: &Procs, _: f64) -> Option<Steps> {
    None
}

/// The pipelined chain of p processes with k segments on the piecewise machine:
/// (p − 2 + k)·T(⌈n/k⌉) (Chan et al. 2007 §5), each segment costed in its range.
fn chain_time(model: &Piecewise, p: u32, n: f64, k: u64) -> f64 {
    let whole = n.ceil().max(1.0);
    let k = k.clamp(1, whole as u64);
    (f64::from(p.max(2) - 2) + k as f64) * model.time((whole / k as f64).ceil())
}

/// The pipelined chain's least time on the piecewise machine: the exact optimum of each
/// range's line (`Chain::optimum`) and the largest segment below each range's first size,
/// each costed with the segment's own range.
pub(super) fn chain_best(model: &Piecewise, p: u32, n: f64) -> f64 {
    let whole = n.ceil().max(1.0);
    let mut ks: Vec<u64> = model
        .ranges()
        .iter()
        .map(|r| {
            let abg = Abg {
                alpha: r.line.alpha,
                beta: r.line.beta,
                gamma: 0.0,
            };
            Chain::new(&abg, p).optimum(n).segments
        })
        .collect();
    ks.extend(
        model
            .ranges()
            .iter()
            .filter(|r| r.from > 1.0 && r.from <= whole)
            .map(|r| (whole / (r.from - 1.0)).ceil() as u64),
    );
    ks.into_iter()
        .map(|k| chain_time(model, p, n, k))
        .fold(f64::INFINITY, f64::min)
}

/// The bytes Bruck's all-to-all moves: in step k a process sends every block whose index has
/// bit k set, each n/p bytes (Bruck et al. 1997; TRG §4.6). For p a power of two that is p/2
/// blocks a step, (n/2)·lg p in all; for other p it is counted exactly.
pub fn bruck_alltoall_bytes(p: u32, n: f64) -> f64 {
    let q = Procs::new(p);
    let p = u64::from(p);
    // Indices below p with bit k set: full periods of 2^(k+1) hold 2^k each, the last
    // partial period what lies above its first 2^k.
    let blocks: u64 = (0..q.ceil_lg as u32)
        .map(|k| (p >> (k + 1) << k) + (p % (2 << k)).saturating_sub(1 << k))
        .sum();
    blocks as f64 * n / q.p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collectives::ALGORITHMS;
    use crate::models::hockney::Hockney;
    use crate::models::piecewise::Range;

    /// With one α and one β, the steps cost what each closed form costs, at every p.
    #[test]
    fn one_range_gives_every_closed_form() {
        let abg = Abg {
            alpha: 3.0,
            beta: 0.002,
            gamma: 0.0,
        };
        let one = Piecewise::single(Hockney {
            alpha: 3.0,
            beta: 0.002,
        });
        let library = crate::collectives::LIBRARY_ALGORITHMS
            .iter()
            .map(|(_, a)| a);
        for a in ALGORITHMS
            .iter()
            .chain(library)
            .filter(|a| a.id != "pipelined-chain")
        {
            for p in 2..=70 {
                for n in [1.0, 1000.0, 65536.0, 3e6] {
                    let closed = (a.cost)(&abg, Procs::new(p), n);
                    let stepped = a.cost_in_ranges(&one, 0.0, p, n);
                    assert!(
                        (stepped - closed).abs() <= 1e-9 * closed.max(1.0),
                        "{} ({}) at p = {p}, n = {n}: {stepped} against {closed}",
                        a.id,
                        a.source
                    );
                }
            }
        }
    }

    /// Each step is costed in its own range: ring allreduce's 2(p − 1) steps of n/p bytes take
    /// the eager range's line while the whole vector lies in the rendezvous range.
    #[test]
    fn each_step_takes_the_range_of_its_message() {
        let model = Piecewise::new(&[
            Range {
                from: 0.0,
                line: Hockney {
                    alpha: 1.0,
                    beta: 0.001,
                },
            },
            Range {
                from: 8192.0,
                line: Hockney {
                    alpha: 10.0,
                    beta: 0.0001,
                },
            },
        ])
        .unwrap();
        let ring = ALGORITHMS
            .iter()
            .find(|a| a.id == "ring" && a.source.starts_with("CHPV"))
            .unwrap();
        let (p, n) = (8u32, 32768.0);
        let expected = 14.0 * (1.0 + 0.001 * 4096.0);
        assert!((ring.cost_in_ranges(&model, 0.0, p, n) - expected).abs() < 1e-9);
        let chain = ALGORITHMS
            .iter()
            .find(|a| a.id == "pipelined-chain")
            .unwrap();
        let t = chain.cost_in_ranges(&model, 0.0, p, n);
        let one_segment = 7.0 * model.time(n);
        assert!(t <= one_segment && t > 0.0, "{t} against {one_segment}");
    }
}
