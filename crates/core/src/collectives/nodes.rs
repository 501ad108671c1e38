//! Ranks on nodes: p ranks, ppn on each node under block placement (ranks 0…ppn−1 on node 0,
//! ppn…2ppn−1 on node 1, …: what `srun` and `mpirun --map-by core` do by default), a node's own
//! α-β beside the network's, and every α-β-γ algorithm costed step by step by where each
//! step's partners are.
//!
//! A step is one round of the algorithm: every rank sends at most one message and the round
//! ends when its slowest pair has finished (the step costs of TRG §4 and CHPV, taken step by
//! step). A step whose pairs all lie within nodes costs the node's α + nβ; a step in which any
//! pair crosses nodes costs the network's (its slowest pair, on the assumption that the
//! network is the slower level). Where k ranks of one node send off-node in the same
//! step, they share the node's network interfaces: the "max-rate" model of Gropp, Olson and
//! Samfass ("Modeling MPI communication performance on SMP nodes: is it time to retire the
//! ping pong test", EuroMPI 2016), T = α + k·n/min(R_N, k·R_b), with R_b = 1/β one rank's
//! rate and R_N the node's. The stated assumption: one rank's stream already reaches one
//! interface's rate (the point-to-point bandwidth of a modern NIC is its line rate), so a node
//! with `nics` interfaces has R_N = nics/β and the step's bytes cost ⌈k/nics⌉·n·β (the ranks
//! spread evenly over the interfaces). `nics` is 1 unless given. The start-up α is not
//! shared.
//!
//! [`Levels::send`] is the one cost of a message a machine answers, by its size and where its
//! partners are; the step schedules here only say which messages each step sends.

use super::abg::{Abg, Procs};
use super::chain::Chain;
use super::Collective;
use crate::derivation::{Expr, Quantity};
use crate::models::piecewise::Piecewise;

/// Where a step's partners are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Every pair within one node.
    Node,
    /// Some pair crosses nodes; `sharing` is the most ranks of one node that send off-node
    /// in the step (at least 1).
    Network { sharing: u32 },
}

/// The assumed α-β of two ranks on one node, where no intra-node run is given: a modern
/// shared-memory transfer, measured (tests/data/measurements/hpc-course-osu7_bcast_chain_full_8runs.txt,
/// the run of 2 processes: OSU 7.3 `osu_bcast` between two ranks of one node, Open MPI,
/// `--map-by core`; a broadcast of two ranks is one message): 0.15 µs at 1 B, 80.88 µs at
/// 1 MiB, so α = 0.15 µs and β = (80.88 − 0.15)/1 048 575 µs/B ≈ 77 ps/B (13 GB/s).
pub const ASSUMED_NODE: (f64, f64) = (0.15, (80.88 - 0.15) / 1_048_575.0);

/// Why [`ASSUMED_NODE`] is used, for reports.
pub const ASSUMED_NODE_REASON: &str =
    "no intra-node run given: assumed from a modern shared-memory \
    transfer, OSU 7.3 osu_bcast between two ranks of one node (tests/data/measurements/\
    hpc-course-osu7_bcast_chain_full_8runs.txt, 2 processes: 0.15 µs at 1 B, 80.88 µs at 1 MiB)";

/// A machine of nodes: the network's α, β, γ, a node's α and β, and ppn ranks per node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    pub network: Abg,
    /// α (µs) and β (µs/B) between two ranks of one node.
    pub node: (f64, f64),
    pub ppn: u32,
    /// Network interfaces per node, each as fast as one rank's stream.
    pub nics: u32,
    /// The network's protocol ranges (the piecewise model): a step across nodes is then costed
    /// by the α and β of the range its message falls in, not by `network`'s.
    pub ranges: Option<Piecewise>,
}

impl Levels {
    /// One message of `bytes` where its partners are `reach` (see the module's comment): the
    /// one cost of a step a machine answers, by the message's size and where its partners are.
    pub fn send(&self, bytes: f64, reach: Reach) -> f64 {
        send(&self.numbers(), bytes, reach, self.nics, true)
    }

    /// The network's α-β-γ if every rank is on its own node, the node's if all share one:
    /// then every algorithm is its closed form on that one level; `None` when both levels
    /// are used.
    pub fn one_level(&self, p: u32) -> Option<Abg> {
        if self.ppn <= 1 {
            Some(self.network)
        } else if self.ppn >= p {
            Some(Abg {
                alpha: self.node.0,
                beta: self.node.1,
                gamma: self.network.gamma,
            })
        } else {
            None
        }
    }

    /// The time of algorithm `id` of `collective` on p ranks for n bytes, step by step; `None`
    /// for an id without a schedule here.
    pub fn time(&self, collective: Collective, id: &str, p: u32, n: f64) -> Option<f64> {
        if id == "pipelined-chain" {
            return Some(self.chain(p, n));
        }
        Some(Schedule::of(collective, id, p, self.ppn)?.time(self, n))
    }

    /// The machine's α, β, γ and the node's α and β as numbers.
    fn numbers(&self) -> Two<f64> {
        Two {
            network: self.network,
            node: self.node,
        }
    }

    /// The same as symbols bound to their values, for derivations.
    fn symbols(&self) -> Two<Expr> {
        Two {
            network: self.network.symbols(),
            node: (
                Expr::sym("α_node", self.node.0, "µs"),
                Expr::sym("β_node", self.node.1, "µs/B"),
            ),
        }
    }

    /// The pipelined chain r → r + 1: every pipeline step takes as long as its slowest link,
    /// the network's where the chain crosses a node (one rank of a node sends off-node), so
    /// the chain is CHPV §5's on the network's α-β.
    pub fn chain_abg(&self, p: u32) -> Abg {
        self.one_level(p).unwrap_or(self.network)
    }

    fn chain(&self, p: u32, n: f64) -> f64 {
        Chain::new(&self.chain_abg(p), p).optimum(n).time
    }
}

/// The two levels' parameters over any quantity: numbers for costs, symbols for formulas.
struct Two<Q> {
    network: Abg<Q>,
    node: (Q, Q),
}

/// One message of `bytes` where its partners are `reach`: the node's α + bytes·β where every
/// pair is on one node; where a pair crosses nodes the network's α + ⌈k/nics⌉·bytes·β, the
/// k ranks of a node sending off-node sharing its `nics` interfaces. Without `start`, the
/// bytes alone: a message posted with others, whose start-up overlaps theirs.
fn send<Q: Quantity>(l: &Two<Q>, bytes: Q, reach: Reach, nics: u32, start: bool) -> Q {
    let alpha = |a: &Q, rest: Q| if start { a.clone() + rest } else { rest };
    match reach {
        Reach::Node => alpha(&l.node.0, bytes * l.node.1.clone()),
        Reach::Network { sharing } => {
            let shared = sharing.div_ceil(nics.max(1));
            let bytes = if shared == 1 {
                bytes
            } else {
                Q::constant(f64::from(shared)) * bytes
            };
            alpha(&l.network.alpha, bytes * l.network.beta.clone())
        }
    }
}

/// The time per byte of a step in which k ranks of a node send off-node at once, by the
/// max-rate model (Gropp, Olson and Samfass, EuroMPI 2016): k·n/min(R_N, k·R_b) =
/// n·max(k/R_N, 1/R_b). One rank's rate R_b is 1/β of the range its message falls in (a
/// small message's time per byte is the rank's own software and copies, which the ranks pay
/// side by side); the node's rate R_N is its `nics` interfaces at the network's own rate,
/// nics/β∞, the large messages' β of the last range (the line rate a single stream reaches,
/// the assumption of the module). With one range this is ⌈k/nics⌉·β, as without ranges.
fn shared_beta(range_beta: f64, line_beta: f64, sharing: u32, nics: u32) -> f64 {
    let shared = f64::from(sharing.div_ceil(nics.max(1)));
    range_beta.max(shared * line_beta)
}

/// An algorithm's steps on p ranks at ppn a node, runs of equal steps counted once.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    groups: Vec<(f64, Step)>,
}

impl Schedule {
    /// The schedule of algorithm `id` of `collective`; `None` for an id without one here.
    pub fn of(collective: Collective, id: &str, p: u32, ppn: u32) -> Option<Schedule> {
        let mut groups: Vec<(f64, Step)> = Vec::new();
        for step in schedule(collective, id, p, ppn)? {
            match groups.last_mut() {
                Some((count, last)) if *last == step => *count += 1.0,
                _ => groups.push((1.0, step)),
            }
        }
        Some(Schedule { groups })
    }

    /// Whether the node's α-β cost a step (one with every pair within a node).
    pub fn within_a_node(&self) -> bool {
        self.groups.iter().any(|(_, s)| s.reach == Reach::Node)
    }

    /// Whether the interfaces' count changes a step: one where two or more ranks of a node
    /// send bytes off-node at once.
    pub fn shares_interfaces(&self) -> bool {
        self.groups.iter().any(|(_, s)| {
            s.share > 0.0 && matches!(s.reach, Reach::Network { sharing } if sharing > 1)
        })
    }

    /// Σ count·(the step's message where its partners are + its combining), over any quantity.
    fn sum<Q: Quantity>(&self, l: &Two<Q>, nics: u32, n: Q) -> Q {
        let k = |v: f64| Q::constant(v);
        let part = |share: f64| {
            if share == 1.0 {
                n.clone()
            } else {
                k(share) * n.clone()
            }
        };
        Q::sum(
            self.groups
                .iter()
                .map(|(count, s)| {
                    let mut t = send(l, part(s.share), s.reach, nics, !s.overlaps);
                    if s.combine > 0.0 {
                        t = t + part(s.combine) * l.network.gamma.clone();
                    }
                    if *count == 1.0 {
                        t
                    } else {
                        k(*count) * t
                    }
                })
                .collect(),
        )
    }

    /// The time of n bytes on `l`; with protocol ranges, each step's network α and β are
    /// those of the range its message falls in, and a shared interface moves the bytes at the
    /// network's own rate ([`shared_beta`]).
    pub fn time(&self, l: &Levels, n: f64) -> f64 {
        let Some(ranges) = l.ranges else {
            return self.sum(&l.numbers(), l.nics, n);
        };
        self.groups
            .iter()
            .map(|(count, s)| {
                let line = ranges.line(s.share * n);
                let mut two = l.numbers();
                two.network.alpha = line.alpha;
                two.network.beta = line.beta;
                let mut step = *s;
                if let Reach::Network { sharing } = s.reach {
                    two.network.beta = shared_beta(line.beta, ranges.last().beta, sharing, l.nics);
                    step.reach = Reach::Network { sharing: 1 };
                }
                count
                    * Schedule {
                        groups: vec![(1.0, step)],
                    }
                    .sum(&two, l.nics, n)
            })
            .sum()
    }

    /// The same time as a formula over α, β, γ, α_node, β_node and n: the cost's own code,
    /// run on symbols.
    pub fn formula(&self, l: &Levels, n: f64) -> Expr {
        self.sum(&l.symbols(), l.nics, Expr::sym("n", n, "B"))
    }
}

/// One step of a schedule: each rank sends `share`·n bytes, combines `combine`·n bytes, and
/// its partners are where `reach` says; `overlaps` where its messages were posted with the
/// previous step's, their start-up overlapping (the linear all-to-all).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub share: f64,
    pub combine: f64,
    pub reach: Reach,
    pub overlaps: bool,
}

/// Whom rank r sends to in a round, if anyone.
type Partner = Box<dyn Fn(u32) -> Option<u32>>;

/// One round of an algorithm on its own rank numbers, before placement.
struct Round {
    share: f64,
    combine: f64,
    to: Partner,
    /// d where every rank r sends to (r + d) mod p: the ring, pairwise exchange, Bruck and
    /// dissemination, whose reach [`shift_reach`] counts per node rather than per rank.
    shift: Option<u32>,
    /// Posted with the previous round: no start-up of its own.
    overlaps: bool,
}

fn round(share: f64, combine: f64, to: impl Fn(u32) -> Option<u32> + 'static) -> Round {
    Round {
        share,
        combine,
        to: Box::new(to),
        shift: None,
        overlaps: false,
    }
}

/// The round in which every rank r sends to (r + d) mod p.
fn shifted(share: f64, combine: f64, p: u32, d: u32) -> Round {
    let d = d % p;
    Round {
        shift: Some(d),
        ..round(share, combine, move |r| Some((r + d) % p))
    }
}

/// [`reach`] of the shift r → (r + d) mod p, node by node: of the ranks [a, b) of a node, those
/// whose r + d (or r + d − p, past the end) falls back in [a, b) stay on it.
fn shift_reach(p: u32, ppn: u32, d: u32) -> Reach {
    let (p, ppn, d) = (i64::from(p), i64::from(ppn.max(1)), i64::from(d));
    let overlap = |(x0, x1): (i64, i64), (y0, y1): (i64, i64)| (x1.min(y1) - x0.max(y0)).max(0);
    let most = (0..(p + ppn - 1) / ppn)
        .map(|j| {
            let (a, b) = (j * ppn, ((j + 1) * ppn).min(p));
            let stay = overlap((a, b.min(p - d)), (a - d, b - d))
                + overlap((a.max(p - d), b), (a + p - d, b + p - d));
            if d == 0 {
                0
            } else {
                b - a - stay
            }
        })
        .max()
        .unwrap_or(0);
    match u32::try_from(most).unwrap_or(0) {
        0 => Reach::Node,
        k => Reach::Network { sharing: k },
    }
}

/// Where the pairs (r, to(r)) of a round are, for p ranks at ppn a node.
fn reach(p: u32, ppn: u32, to: &dyn Fn(u32) -> Option<u32>) -> Reach {
    let node = |r: u32| r / ppn.max(1);
    let mut off = vec![0u32; p.div_ceil(ppn.max(1)) as usize];
    for r in 0..p {
        if let Some(d) = to(r).filter(|d| *d < p && *d != r) {
            if node(d) != node(r) {
                off[node(r) as usize] += 1;
            }
        }
    }
    match off.into_iter().max().unwrap_or(0) {
        0 => Reach::Node,
        k => Reach::Network { sharing: k },
    }
}

/// The steps of algorithm `id` of `collective` on p ranks, ppn per node under block
/// placement; `None` for an id not scheduled here (the papers' algorithms, the pipelined
/// chain).
pub fn schedule(collective: Collective, id: &str, p: u32, ppn: u32) -> Option<Vec<Step>> {
    let rounds = rounds(collective, id, p)?;
    Some(
        rounds
            .into_iter()
            .map(|x| Step {
                share: x.share,
                combine: x.combine,
                reach: match x.shift {
                    Some(d) => shift_reach(p, ppn, d),
                    None => reach(p, ppn, &x.to),
                },
                overlaps: x.overlaps,
            })
            .collect(),
    )
}

/// The rounds of an algorithm on ranks 0…p−1 (the costs of TRG §4 and CHPV §6, round by
/// round).
fn rounds(collective: Collective, id: &str, p: u32) -> Option<Vec<Round>> {
    let top = Procs::new(p).ceil_lg as u32;
    let pf = f64::from(p);
    use Collective as C;
    Some(match (collective, id) {
        (C::Broadcast, "binomial") => binomial_down(p, top, |_| 1.0),
        (C::Broadcast, "scatter-rd-allgather") => {
            let mut s = scatter(p, top);
            s.extend(doubling_allgather(p));
            s
        }
        (C::Broadcast, "scatter-ring-allgather") => {
            let mut s = scatter(p, top);
            s.extend(ring(p, 1.0 / pf, 0.0));
            s
        }
        (C::Allgather, "ring") => ring(p, 1.0 / pf, 0.0),
        (C::Allgather, "recursive-doubling") => doubling_allgather(p),
        (C::Allgather, "bruck") => (0..top)
            .map(|k| {
                let d = 1u32 << k;
                shifted(f64::from(d.min(p - d)) / pf, 0.0, p, p - d)
            })
            .collect(),
        (C::ReduceScatter, "recursive-halving") => folded(p, (1.0, true, 1.0 / pf), |q| {
            let lg = q.trailing_zeros();
            (0..lg)
                .map(|j| {
                    let d = 1u32 << (lg - 1 - j);
                    let share = f64::from(d) / f64::from(q);
                    round(share, share, move |r| Some(r ^ d))
                })
                .collect()
        }),
        (C::ReduceScatter, "pairwise") => pairwise(p, 1.0 / pf, 1.0 / pf),
        (C::Allreduce, "recursive-doubling") => folded(p, (1.0, true, 1.0), |q| {
            (0..q.trailing_zeros())
                .map(|j| round(1.0, 1.0, move |r| Some(r ^ (1 << j))))
                .collect()
        }),
        (C::Allreduce, "rabenseifner") => folded(p, (1.0, true, 1.0), |q| rabenseifner(q, true)),
        (C::Allreduce, "ring") => {
            let mut s = ring(p, 1.0 / pf, 1.0 / pf);
            s.extend(ring(p, 1.0 / pf, 0.0));
            s
        }
        (C::Reduce, "rabenseifner") => folded(p, (1.0, true, 0.0), |q| rabenseifner(q, false)),
        (C::AllToAll, "bruck") => (0..top)
            .map(|k| {
                let d = 1u32 << k;
                let blocks = (0..p).filter(|i| i & d != 0).count() as f64;
                shifted(blocks / pf, 0.0, p, d)
            })
            .collect(),
        (C::AllToAll, "pairwise") => pairwise(p, 1.0 / pf, 0.0),
        (C::AllToAll, "linear") => pairwise(p, 1.0 / pf, 0.0)
            .into_iter()
            .enumerate()
            .map(|(i, x)| Round {
                overlaps: i > 0,
                ..x
            })
            .collect(),
        (C::Allgather, "neighbor-exchange") if p % 2 == 1 => ring(p, 1.0 / pf, 0.0),
        (C::Allgather, "neighbor-exchange") => neighbor_exchange(p),
        _ => return trees(collective, id, p),
    })
}

/// The rounds of the reduce, gather, scatter and barrier trees.
fn trees(collective: Collective, id: &str, p: u32) -> Option<Vec<Round>> {
    let top = Procs::new(p).ceil_lg as u32;
    let pf = f64::from(p);
    use Collective as C;
    Some(match (collective, id) {
        (C::Reduce, "binomial") => (0..top)
            .map(|j| {
                let mask = 1u32 << j;
                round(1.0, 1.0, move |r| {
                    (r % (2 * mask) == mask).then(|| r - mask)
                })
            })
            .collect(),
        (C::Gather, "binomial") => (0..top)
            .map(|j| {
                let mask = 1u32 << j;
                let share = f64::from(mask.min(p - mask)) / pf;
                round(share, 0.0, move |r| {
                    (r % (2 * mask) == mask).then(|| r - mask)
                })
            })
            .collect(),
        (C::Scatter, "binomial") => scatter(p, top),
        (C::Barrier, "dissemination") => (0..top).map(|k| shifted(0.0, 0.0, p, 1 << k)).collect(),
        _ => return None,
    })
}

/// A binomial tree from rank 0, farthest child first (MPICH's binomial broadcast): in the
/// round of mask m = 2^(top−1), …, 1 every rank that is a multiple of 2m sends to r + m;
/// `share(m)` is the round's bytes over n.
fn binomial_down(p: u32, top: u32, share: impl Fn(u32) -> f64) -> Vec<Round> {
    (0..top)
        .rev()
        .map(|j| {
            let mask = 1u32 << j;
            round(share(mask), 0.0, move |r| {
                (r % (2 * mask) == 0 && r + mask < p).then_some(r + mask)
            })
        })
        .collect()
}

/// The binomial scatter from rank 0: in the round of mask m the root sends the blocks
/// [m, min(2m, p)) of n/p bytes each, the largest send of the round (TRG §4.2, §4.7).
fn scatter(p: u32, top: u32) -> Vec<Round> {
    binomial_down(p, top, |m| f64::from(m.min(p - m)) / f64::from(p))
}

/// The ring r → r + 1 for p − 1 rounds.
fn ring(p: u32, share: f64, combine: f64) -> Vec<Round> {
    (1..p).map(|_| shifted(share, combine, p, 1)).collect()
}

/// Pairwise exchange: in round i rank r sends to r + i (TRG §4.4, §4.6).
fn pairwise(p: u32, share: f64, combine: f64) -> Vec<Round> {
    (1..p).map(|i| shifted(share, combine, p, i)).collect()
}

/// Neighbour exchange on even p (Open MPI's `allgather_intra_neighborexchange`): in the first
/// round even ranks exchange one block with r + 1 (odd with r − 1); then p/2 − 1 rounds of two
/// blocks with the neighbour on the other side and back, alternately.
fn neighbor_exchange(p: u32) -> Vec<Round> {
    let pf = f64::from(p);
    // Even ranks to the right in even rounds, to the left in odd ones; odd ranks the opposite.
    let side = move |i: u32| {
        move |r: u32| {
            Some(if (r + i).is_multiple_of(2) {
                (r + 1) % p
            } else {
                (r + p - 1) % p
            })
        }
    };
    (0..p / 2)
        .map(|i| round(if i == 0 { 1.0 } else { 2.0 } / pf, 0.0, side(i)))
        .collect()
}

/// Recursive doubling's allgather: on p′ = 2^⌊lg p⌋ ranks, lg p′ rounds at distance 2^j
/// moving 2^j blocks of n/p′; other p fold in first and get the whole vector back.
fn doubling_allgather(p: u32) -> Vec<Round> {
    folded(p, (1.0 / f64::from(p), false, 1.0), |q| {
        (0..q.trailing_zeros())
            .map(|j| {
                let d = 1u32 << j;
                round(f64::from(d) / f64::from(q), 0.0, move |r| Some(r ^ d))
            })
            .collect()
    })
}

/// Rabenseifner's reduce-scatter by recursive halving (distance doubling while the vector
/// halves, as MPICH and Open MPI run it), then the allgather (allreduce) or the gather to
/// rank 0 (reduce) by recursive doubling, distance halving (TRG §4.3, §4.5), on q ranks.
fn rabenseifner(q: u32, allgather: bool) -> Vec<Round> {
    let lg = q.trailing_zeros();
    let halving = (0..lg).map(|j| {
        let share = 1.0 / f64::from(2u32 << j);
        round(share, share, move |r| Some(r ^ (1 << j)))
    });
    let doubling = (0..lg).rev().map(move |j| {
        let share = 1.0 / f64::from(2u32 << j);
        round(share, 0.0, move |r| {
            let partner = r ^ (1 << j);
            // The gather to rank 0: the ranks whose highest set bit is j send.
            let sends = allgather || r >> j == 1;
            sends.then_some(partner)
        })
    });
    halving.chain(doubling).collect()
}

/// An algorithm for p′ = 2^⌊lg p⌋ ranks (`inner(p′)`) run on p: the r = p − p′ extra ranks
/// fold in first (rank 2i sends `pre`·n bytes to 2i + 1 for i < r, which combines them where
/// `reduces`), the p′ others (the odd ranks below 2r and every rank from 2r) run the inner
/// rounds on their new numbers, and `back`·n bytes go back to the extra ranks (TRG §4.5,
/// MPICH's renumbering). Nothing is added for p a power of two.
fn folded(
    p: u32,
    (pre, reduces, back): (f64, bool, f64),
    inner: impl Fn(u32) -> Vec<Round>,
) -> Vec<Round> {
    let pow2 = Procs::new(p).pow2 as u32;
    let r = p - pow2;
    let inner = inner(pow2);
    if r == 0 {
        return inner;
    }
    let real = move |nr: u32| if nr < r { 2 * nr + 1 } else { nr + r };
    let renumbered = move |x: u32| -> Option<u32> {
        if x < 2 * r {
            (x % 2 == 1).then_some(x / 2)
        } else {
            Some(x - r)
        }
    };
    let combine = if reduces { pre } else { 0.0 };
    let mut out = vec![round(pre, combine, move |x| {
        (x < 2 * r && x % 2 == 0).then_some(x + 1)
    })];
    out.extend(inner.into_iter().map(|x| {
        let to = x.to;
        round(x.share, x.combine, move |y| {
            renumbered(y).and_then(&to).map(real)
        })
    }));
    if back > 0.0 {
        out.push(round(back, 0.0, move |x| {
            (x < 2 * r && x % 2 == 1).then(|| x - 1)
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collectives::algorithm;

    const M: Abg = Abg {
        alpha: 3.0,
        beta: 0.01,
        gamma: 0.004,
    };

    /// One rank a node: no step of any schedule is within a node or shares a node's
    /// interfaces, so an evaluation reads no node key there without building the schedules
    /// (`patterns::collective::read_node_keys`). Two ranks a node, some step is within one.
    #[test]
    fn one_rank_a_node_shares_nothing() {
        let mut within_at_two = 0;
        for c in Collective::ALL {
            let library = crate::collectives::library_algorithms(c);
            for a in c.algorithms().iter().chain(library) {
                for p in (2..=70u32).chain([128, 200, 512]) {
                    if let Some(s) = Schedule::of(c, a.id, p, 1) {
                        assert!(!s.within_a_node(), "{} {} p {p}", c.id(), a.id);
                        assert!(!s.shares_interfaces(), "{} {} p {p}", c.id(), a.id);
                    }
                    within_at_two +=
                        usize::from(Schedule::of(c, a.id, p, 2).is_some_and(|s| s.within_a_node()));
                }
            }
        }
        assert!(within_at_two > 0, "the check sees a step within a node");
    }

    /// One rank a node, both levels alike: the steps add up to the closed forms of TRG and
    /// CHPV, for every α-β-γ algorithm scheduled here (recursive doubling's allgather only
    /// for p a power of two: for other p its closed form is a bound, 2⌊lg p⌋ steps).
    #[test]
    fn one_rank_a_node_gives_the_closed_forms() {
        let levels = Levels {
            network: M,
            node: (M.alpha, M.beta),
            ppn: 1,
            nics: 1,
            ranges: None,
        };
        for c in Collective::ALL {
            let library = crate::collectives::library_algorithms(c);
            for a in c
                .algorithms()
                .iter()
                .chain(library)
                .filter(|a| a.id != "pipelined-chain")
            {
                for p in 2..=70u32 {
                    let bound = a.id.contains("rd-allgather") || a.id == "recursive-doubling";
                    if bound && c != Collective::Allreduce && !p.is_power_of_two() {
                        continue;
                    }
                    for n in [1.0, 1000.0, 1e6] {
                        let closed = (a.cost)(&M, Procs::new(p), n);
                        let stepped = levels.time(c, a.id, p, n).expect("scheduled");
                        assert!(
                            (closed - stepped).abs() <= 1e-9 * closed.max(1.0),
                            "{} {} p {p} n {n}: closed {closed}, steps {stepped}",
                            c.id(),
                            a.id
                        );
                    }
                }
            }
        }
    }

    /// k ranks sending off-node share ⌈k/nics⌉ ways: with as many interfaces as senders, none.
    #[test]
    fn interfaces_divide_the_sharing() {
        let mut l = Levels {
            network: M,
            node: (0.1, 0.0),
            ppn: 4,
            nics: 1,
            ranges: None,
        };
        let n = 1e6;
        assert_eq!(
            l.send(n, Reach::Network { sharing: 4 }),
            M.alpha + 4.0 * n * M.beta
        );
        l.nics = 4;
        assert_eq!(l.send(n, Reach::Network { sharing: 4 }), M.send(n));
        l.nics = 3;
        assert_eq!(
            l.send(n, Reach::Network { sharing: 4 }),
            M.alpha + 2.0 * n * M.beta
        );
    }

    /// Folded onto p′ ranks, the exchanges of recursive doubling and halving still pair
    /// ranks both ways, within 0…p−1, and leave the extra ranks out until the result goes
    /// back to them.
    #[test]
    fn folded_exchanges_pair_real_ranks_both_ways() {
        for p in 3..=70u32 {
            let extra = p - Procs::new(p).pow2 as u32;
            for (c, id) in [
                (Collective::Allreduce, "recursive-doubling"),
                (Collective::Allreduce, "rabenseifner"),
                (Collective::ReduceScatter, "recursive-halving"),
            ] {
                let rounds = rounds(c, id, p).unwrap();
                let inner = if extra == 0 {
                    &rounds[..]
                } else {
                    &rounds[1..rounds.len() - 1]
                };
                for x in inner {
                    for r in 0..p {
                        let Some(d) = (x.to)(r) else {
                            assert!(r < 2 * extra && r % 2 == 0, "{id} p {p}: {r} idle");
                            continue;
                        };
                        assert!(d < p && d != r, "{id} p {p}: {r} → {d}");
                        assert_eq!((x.to)(d), Some(r), "{id} p {p}: {r} → {d}");
                    }
                }
            }
        }
    }

    /// The per-node count of a shift is the rank-by-rank count, for nodes full and partial.
    #[test]
    fn shifts_reach_as_their_pairs_do() {
        for p in 2..=40u32 {
            for ppn in 1..=p {
                for d in 0..p {
                    let brute = reach(p, ppn, &move |r| Some((r + d) % p));
                    assert_eq!(shift_reach(p, ppn, d), brute, "p {p} ppn {ppn} d {d}");
                }
            }
        }
    }

    /// Where the node costs what the network does and every off-node sender has its own
    /// interface, placement changes nothing: any ppn gives the closed forms (the shares of
    /// every step add up whatever the placement).
    #[test]
    fn alike_levels_give_the_closed_forms_at_any_ppn() {
        for ppn in [2u32, 3, 4, 8, 16] {
            let levels = Levels {
                network: M,
                node: (M.alpha, M.beta),
                ppn,
                nics: ppn,
                ranges: None,
            };
            for c in Collective::ALL {
                let library = crate::collectives::library_algorithms(c);
                for a in c
                    .algorithms()
                    .iter()
                    .chain(library)
                    .filter(|a| a.id != "pipelined-chain")
                {
                    for p in [5u32, 8, 12, 16, 24, 32, 33] {
                        let bound = a.id.contains("rd-allgather") || a.id == "recursive-doubling";
                        if bound && c != Collective::Allreduce && !p.is_power_of_two() {
                            continue;
                        }
                        let closed = (a.cost)(&M, Procs::new(p), 1e5);
                        let stepped = levels.time(c, a.id, p, 1e5).unwrap();
                        assert!(
                            (closed - stepped).abs() <= 1e-9 * closed,
                            "{} {} p {p} ppn {ppn}: {closed} vs {stepped}",
                            c.id(),
                            a.id
                        );
                    }
                }
            }
        }
    }

    /// With protocol ranges, k ranks of a node sending off-node at once move their bytes at
    /// the max-rate model's n·max(β of their range, k·β∞): the interface's rate is the
    /// network's own (the last range's), not the eager range's time per byte times k.
    #[test]
    fn a_shared_interface_moves_bytes_at_the_network_s_own_rate() {
        use crate::models::hockney::Hockney;
        use crate::models::piecewise::Range;
        let line = |alpha, beta| Hockney { alpha, beta };
        let ranges = Piecewise::new(&[
            Range {
                from: 0.0,
                line: line(1.0, 0.001),
            },
            Range {
                from: 8192.0,
                line: line(5.0, 0.0001),
            },
        ])
        .unwrap();
        let l = Levels {
            network: M,
            node: (M.alpha, M.beta),
            ppn: 32,
            nics: 1,
            ranges: Some(ranges),
        };
        let step = |sharing| Schedule {
            groups: vec![(
                1.0,
                Step {
                    share: 1.0 / 64.0,
                    combine: 0.0,
                    reach: Reach::Network { sharing },
                    overlaps: false,
                },
            )],
        };
        // Blocks of 4096 B: the eager range.
        let n = 64.0 * 4096.0;
        let shared = step(32).time(&l, n);
        assert!(
            (shared - (1.0 + 4096.0 * 32.0 * 0.0001)).abs() < 1e-9,
            "{shared}"
        );
        let alone = step(1).time(&l, n);
        assert!((alone - (1.0 + 4096.0 * 0.001)).abs() < 1e-9, "{alone}");
        // Four senders: the eager range's own time per byte is the slower, and stays.
        let four = step(4).time(&l, n);
        assert!((four - (1.0 + 4096.0 * 0.001)).abs() < 1e-9, "{four}");
    }

    /// Neighbour exchange on 2 nodes of 4: the rounds with an even rank's right neighbour stay
    /// on the nodes, the others cross at both ends of each node (ranks 0 and 3 send to 7 and
    /// 4: two senders share the interface); the linear all-to-all pays one start-up for its
    /// p − 1 blocks.
    #[test]
    fn neighbour_exchange_crosses_every_other_round_and_linear_starts_once() {
        let steps = schedule(Collective::Allgather, "neighbor-exchange", 8, 4).unwrap();
        let reach: Vec<Reach> = steps.iter().map(|s| s.reach).collect();
        let across = Reach::Network { sharing: 2 };
        assert_eq!(reach, [Reach::Node, across, Reach::Node, across]);
        let l = Levels {
            network: M,
            node: (M.alpha, M.beta),
            ppn: 1,
            nics: 1,
            ranges: None,
        };
        let (linear, pairwise) = (
            l.time(Collective::AllToAll, "linear", 8, 8e3).unwrap(),
            l.time(Collective::AllToAll, "pairwise", 8, 8e3).unwrap(),
        );
        assert!(
            (pairwise - linear - 6.0 * M.alpha).abs() < 1e-9,
            "{linear} {pairwise}"
        );
    }

    /// Pairwise all-to-all on 2 nodes of 32: in round i, i ranks of a node (64 − i past the
    /// middle) send off-node and share its interface.
    #[test]
    fn pairwise_all_to_all_shares_the_interface() {
        let steps = schedule(Collective::AllToAll, "pairwise", 64, 32).unwrap();
        let shared: Vec<u32> = steps
            .iter()
            .map(|s| match s.reach {
                Reach::Network { sharing } => sharing,
                Reach::Node => 0,
            })
            .collect();
        let expected: Vec<u32> = (1..64u32).map(|i| i.min(64 - i)).collect();
        assert_eq!(shared, expected);
    }

    /// A binomial broadcast from rank 0 on 2 nodes of 32 crosses once (the first, farthest
    /// round); a ring crosses in every round with one rank of each node sending off-node.
    #[test]
    fn trees_cross_once_and_rings_every_round() {
        let b = schedule(Collective::Broadcast, "binomial", 64, 32).unwrap();
        assert_eq!(b[0].reach, Reach::Network { sharing: 1 });
        assert!(b[1..].iter().all(|s| s.reach == Reach::Node));
        let r = schedule(Collective::Allreduce, "ring", 64, 32).unwrap();
        assert_eq!(r.len(), 126);
        assert!(r.iter().all(|s| s.reach == Reach::Network { sharing: 1 }));
    }

    /// Every rank on one node: the node's α-β, whatever the network's.
    #[test]
    fn one_node_is_the_node_s_closed_form() {
        let levels = Levels {
            network: M,
            node: (0.2, 0.0001),
            ppn: 8,
            nics: 1,
            ranges: None,
        };
        let on_node = levels.one_level(8).unwrap();
        assert_eq!((on_node.alpha, on_node.beta), (0.2, 0.0001));
        let a = algorithm(Collective::Allreduce, "ring").unwrap();
        let stepped = Schedule::of(Collective::Allreduce, "ring", 8, 8)
            .unwrap()
            .time(&levels, 1e5);
        assert!((stepped - (a.cost)(&on_node, Procs::new(8), 1e5)).abs() < 1e-9 * stepped);
    }
}
