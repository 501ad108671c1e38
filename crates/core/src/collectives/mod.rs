//! Collective operations in the α-β-γ model, on any machine.
//!
//! A point-to-point message of n bytes costs α + n·β; combining n bytes of two vectors costs
//! n·γ (Hockney's linear model, 003 eq. 1, 004 §2, with the reduction term of Chan et al.
//! 2007). Each MPI collective has several algorithms whose costs differ in how many start-ups
//! (α) they pay against how many bytes (β, γ) they move; which one wins depends on n, p and
//! the machine. The costs here are the ones Thakur, Rabenseifner and Gropp derive in
//! "Optimization of collective communication operations in MPICH" (IJHPCA 19(1), 2005; cited
//! below as TRG §x) and Chan, Heimlich, Purkayastha and van de Geijn, "Collective
//! communication: theory, practice, and experience" (CCPE 19(13), 2007; cited as CHPV), each
//! with its form for p not a power of two.
//!
//! Sizes follow one rule: n is the size of the *whole* vector the collective is about — the
//! broadcast message, the reduced vector, the gathered result, or one process's whole send
//! buffer of an all-to-all (p blocks of n/p, its own included). [`export`] converts to what
//! each MPI library calls "message size".
//!
//! The machines' own algorithms from the papers (004's Tree, Snake and Fence, 003's N-way
//! ring, 002's hardware multicast and total exchange) are costed by their own models in
//! `patterns::collective` and join these in one list per collective.

pub mod abg;
pub mod chain;
pub mod export;
pub mod file;
pub mod library;
pub mod loggp;
pub mod mpich_tree;
pub mod nodes;
pub mod segments;
pub mod steps;
pub mod validate;
pub mod winner;

use serde::Serialize;

use crate::derivation::{Derivation, Expr, Quantity};
use crate::models::piecewise::Piecewise;
use crate::papers::Cited;
pub use abg::{Abg, Procs};
pub use steps::bruck_alltoall_bytes;

/// The model every algorithm here is costed in, and the two papers whose costs these are (the
/// module's TRG and CHPV), as a page that compares the algorithms cites them.
pub const MODEL: Cited = Cited {
    text: "the α-β-γ model",
    source: "Thakur, Rabenseifner and Gropp 2005; Chan et al. 2007",
};

/// The collectives, by the pattern id that names them in queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Collective {
    Broadcast,
    Allgather,
    ReduceScatter,
    Allreduce,
    Reduce,
    AllToAll,
    Gather,
    Scatter,
    Barrier,
}

impl Collective {
    pub const ALL: [Collective; 9] = [
        Collective::Broadcast,
        Collective::Allgather,
        Collective::ReduceScatter,
        Collective::Allreduce,
        Collective::Reduce,
        Collective::AllToAll,
        Collective::Gather,
        Collective::Scatter,
        Collective::Barrier,
    ];

    /// The pattern id (`pattern=allreduce`).
    pub fn id(self) -> &'static str {
        match self {
            Collective::Broadcast => "broadcast",
            Collective::Allgather => "allgather",
            Collective::ReduceScatter => "reduce-scatter",
            Collective::Allreduce => "allreduce",
            Collective::Reduce => "reduce",
            Collective::AllToAll => "all-to-all",
            Collective::Gather => "gather",
            Collective::Scatter => "scatter",
            Collective::Barrier => "barrier",
        }
    }

    pub fn from_id(id: &str) -> Option<Collective> {
        Collective::ALL.into_iter().find(|c| c.id() == id)
    }

    /// What n measures for this collective.
    pub fn size_meaning(self) -> &'static str {
        match self {
            Collective::Broadcast => "the message broadcast",
            Collective::Allgather | Collective::Gather => "the whole gathered vector (p blocks)",
            Collective::Scatter => "the whole vector scattered (p blocks)",
            Collective::ReduceScatter | Collective::Allreduce | Collective::Reduce => {
                "the vector reduced"
            }
            Collective::AllToAll => "one process's whole send buffer (p blocks, its own included)",
            Collective::Barrier => "nothing: a barrier carries no data",
        }
    }

    /// The α-β-γ algorithms of this collective, in the order the tables list them.
    pub fn algorithms(self) -> &'static [Algorithm] {
        let (from, to) = match self {
            Collective::Broadcast => (0, 4),
            Collective::Allgather => (4, 7),
            Collective::ReduceScatter => (7, 9),
            Collective::Allreduce => (9, 12),
            Collective::Reduce => (12, 14),
            Collective::AllToAll => (14, 16),
            Collective::Gather => (16, 17),
            Collective::Scatter => (17, 18),
            Collective::Barrier => (18, 19),
        };
        &ALGORITHMS[from..to]
    }

    /// Whether its cost has a γ term.
    pub fn reduces(self) -> bool {
        matches!(
            self,
            Collective::ReduceScatter | Collective::Allreduce | Collective::Reduce
        )
    }
}

/// One α-β-γ algorithm: its `algo=` id, what it is, where its cost comes from, and the cost.
#[derive(Clone, Copy)]
pub struct Algorithm {
    pub id: &'static str,
    pub title: &'static str,
    pub source: &'static str,
    /// The cost in µs of n bytes on p processes.
    pub cost: fn(&Abg, Procs, f64) -> f64,
    /// The same cost as a formula over bound symbols: the cost's own code, run on symbols.
    pub formula: fn(&Abg<Expr>, &Procs<Expr>, Expr) -> Expr,
    /// Its messages step by step, for a machine whose α and β depend on the size
    /// ([`steps`]); `None` where they depend on α and β themselves (the pipelined chain).
    pub steps: fn(&Procs, f64) -> Option<steps::Steps>,
    /// Every message posted at once (the linear algorithms): the start-ups overlap, so only
    /// the first step pays its α; the bytes still leave one after the other.
    pub posted_at_once: bool,
}

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl Algorithm {
    /// The cost of n bytes on p processes of a machine whose α and β depend on the message
    /// size (the piecewise model), with reduction cost γ: its steps ([`steps`]) each in its
    /// own range, and the closed form's γ part, which no range changes.
    pub fn cost_in_ranges(&self, model: &Piecewise, gamma: f64, p: u32, n: f64) -> f64 {
        let q = Procs::new(p);
        let compute = Abg {
            alpha: 0.0,
            beta: 0.0,
            gamma,
        };
        let gamma_part = (self.cost)(&compute, q, n);
        let messages = match (self.steps)(&q, n) {
            Some(steps) if self.posted_at_once => steps::overlapped(model, &steps),
            Some(steps) => steps.iter().map(|&(c, s)| c * model.time(s)).sum(),
            None => steps::chain_best(model, p, n),
        };
        messages + gamma_part
    }

    /// The cost of n bytes as a derivation, with the case of p it took.
    pub fn derivation(&self, m: &Abg, p: u32, n: f64) -> Derivation {
        let q = Procs::new(p);
        let d = Derivation::new(
            "T",
            (self.formula)(&m.symbols(), &q.symbols(), Expr::sym("n", n, "B")),
            self.source,
        );
        match (self.source.contains("p = 2^k"), q.is_pow2()) {
            (false, _) => d,
            (true, true) => d.branch("p a power of two"),
            (true, false) => d.branch("p not a power of two"),
        }
    }
}

fn k<Q: Quantity>(v: f64) -> Q {
    Q::constant(v)
}

/// Before recursive halving or doubling on p not a power of two, the r = p − p′ extra
/// processes fold their vectors into partners (one message of n bytes and one combine), and
/// after it the partners send the result back (TRG §4.5, Rabenseifner's "reduce to a power
/// of two"). Returns (the cost of the fold in, the cost of the result out); `None` when p is
/// a power of two.
fn fold<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q, back: Q) -> Option<(Q, Q)> {
    (!q.is_pow2()).then(|| (m.send(n.clone()) + n * m.gamma.clone(), m.send(back)))
}

/// `pre + middle + post`, or `middle` alone without a fold (the same number: adding zeros).
fn folded<Q: Quantity>(fold: Option<(Q, Q)>, middle: Q) -> Q {
    match fold {
        None => middle,
        Some((pre, back)) => pre + middle + back,
    }
}

/// Recursive halving's reduce-scatter on p′ processes: lg p′ steps, each halving the vector
/// exchanged and combined (TRG §4.4).
fn halving<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let share = (q.pow2.clone() - k(1.0)) / q.pow2.clone();
    q.floor_lg.clone() * m.alpha.clone() + n * share * (m.beta.clone() + m.gamma.clone())
}

/// Recursive doubling's allgather on p′ processes, or the binomial gather that mirrors
/// halving: lg p′ steps moving (p′−1)/p′ of the vector (TRG §4.1).
fn doubling<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let share = (q.pow2.clone() - k(1.0)) / q.pow2.clone();
    q.floor_lg.clone() * m.alpha.clone() + n * share * m.beta.clone()
}

/// ⌈lg p⌉(α + nβ): the binomial broadcast (TRG §4.2).
fn binomial<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    q.ceil_lg.clone() * m.send(n)
}

/// The binomial scatter and an allgather taking `allgather` steps (TRG §4.2).
fn scatter_allgather<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q, allgather: Q) -> Q {
    (q.ceil_lg.clone() + allgather) * m.alpha.clone()
        + k::<Q>(2.0) * n * q.others() * m.beta.clone()
}

fn scatter_rd<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let allgather = if q.is_pow2() {
        q.floor_lg.clone()
    } else {
        k::<Q>(2.0) * q.floor_lg.clone()
    };
    scatter_allgather(m, q, n, allgather)
}

fn scatter_ring<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    scatter_allgather(m, q, n, q.p.clone() - k(1.0))
}

/// `steps`·α + n(p−1)/p·`per_byte`: the ring, recursive-doubling, Bruck, pairwise and binomial
/// gather and scatter forms.
fn steps_and_share<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q, steps: Q, per_byte: Q) -> Q {
    steps * m.alpha.clone() + n * q.others() * per_byte
}

fn ring<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    steps_and_share(m, q, n, q.p.clone() - k(1.0), m.beta.clone())
}

fn doubling_allgather<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let steps = if q.is_pow2() {
        q.floor_lg.clone()
    } else {
        k::<Q>(2.0) * q.floor_lg.clone()
    };
    steps_and_share(m, q, n, steps, m.beta.clone())
}

fn log_steps<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    steps_and_share(m, q, n, q.ceil_lg.clone(), m.beta.clone())
}

fn halving_scatter<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let back = n.clone() / q.p.clone();
    folded(fold(m, q, n.clone(), back), halving(m, q, n))
}

fn pairwise_combine<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let per_byte = m.beta.clone() + m.gamma.clone();
    steps_and_share(m, q, n, q.p.clone() - k(1.0), per_byte)
}

fn doubling_allreduce<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let step = m.send(n.clone()) + n.clone() * m.gamma.clone();
    let f = fold(m, q, n.clone(), n);
    folded(f, q.floor_lg.clone() * step)
}

/// Rabenseifner's reduce-scatter and allgather (or gather, without the result sent back).
fn rabenseifner<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q, post: bool) -> Q {
    let (h, d) = (halving(m, q, n.clone()), doubling(m, q, n.clone()));
    match fold(m, q, n.clone(), n) {
        None => h + d,
        Some((pre, back)) if post => pre + h + d + back,
        Some((pre, _)) => pre + h + d,
    }
}

fn rabenseifner_allreduce<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    rabenseifner(m, q, n, true)
}

fn rabenseifner_reduce<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    rabenseifner(m, q, n, false)
}

fn ring_allreduce<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    k::<Q>(2.0) * (q.p.clone() - k(1.0)) * m.alpha.clone()
        + k::<Q>(2.0) * n.clone() * q.others() * m.beta.clone()
        + n * q.others() * m.gamma.clone()
}

fn binomial_reduce<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    q.ceil_lg.clone() * (m.send(n.clone()) + n * m.gamma.clone())
}

fn bruck_alltoall<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let bytes = bruck_alltoall_bytes(q.p.value() as u32, n.value());
    q.ceil_lg.clone() * m.alpha.clone() + Q::bound("n_Bruck", bytes, "B") * m.beta.clone()
}

fn pairwise<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    steps_and_share(m, q, n, q.p.clone() - k(1.0), m.beta.clone())
}

/// Neighbour exchange (Chen et al. 2005; Open MPI's `allgather_intra_neighborexchange`): for
/// even p, p/2 steps, the first exchanging one block with a neighbour, each other two blocks
/// with the neighbour on the other side: (p/2)α + n(p−1)/p·β. Open MPI runs the ring for odd
/// p, and so is it costed.
fn neighbor_exchange<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    if q.p.value() as u64 % 2 == 1 {
        return ring(m, q, n);
    }
    steps_and_share(m, q, n, q.p.clone() / k(2.0), m.beta.clone())
}

/// The linear all-to-all (Open MPI's `alltoall_intra_basic_linear` and, at its default of no
/// limit on outstanding requests, `alltoall_intra_linear_sync`; the "post all irecvs and
/// isends" of TRG §4.6): every block posted at once, so the start-ups overlap and one α is
/// paid, while the p − 1 blocks of n/p leave one after the other through the rank's port:
/// α + n(p−1)/p·β.
fn linear_alltoall<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    steps_and_share(m, q, n, k(1.0), m.beta.clone())
}

fn dissemination<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, _: Q) -> Q {
    q.ceil_lg.clone() * m.alpha.clone()
}

/// The pipelined chain at its exact optimal segment (CHPV §5): the search of [`chain`], and
/// its time (p − 2 + k*)(α + s*β) at the k* segments of s* bytes it found.
fn pipelined_chain<Q: Quantity>(m: &Abg<Q>, q: &Procs<Q>, n: Q) -> Q {
    let abg = Abg {
        alpha: m.alpha.value(),
        beta: m.beta.value(),
        gamma: m.gamma.value(),
    };
    let o = chain::Chain::new(&abg, q.p.value() as u32).optimum(n.value());
    chain::time_of(
        q,
        m,
        Q::bound("k*", o.segments as f64, ""),
        Q::bound("s*", o.segment_bytes, "B"),
    )
}

/// Every α-β-γ algorithm, grouped by collective ([`Collective::algorithms`] slices it).
pub static ALGORITHMS: [Algorithm; 19] = [
    // Broadcast
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.2: ⌈lg p⌉(α + nβ)",
        cost: |m, q, n| binomial(m, &q, n),
        formula: binomial,
        steps: steps::whole_log,
        posted_at_once: false,
    },
    Algorithm {
        id: "scatter-rd-allgather",
        title: "binomial scatter + recursive-doubling allgather (van de Geijn)",
        source: "TRG §4.2: 2 lg p·α + 2n(p−1)/p·β for p = 2^k; for other p the allgather takes up to 2⌊lg p⌋ steps (TRG §4.1)",
        cost: |m, q, n| scatter_rd(m, &q, n),
        formula: scatter_rd,
        steps: steps::scatter_rd,
        posted_at_once: false,
    },
    Algorithm {
        id: "scatter-ring-allgather",
        title: "binomial scatter + ring allgather",
        source: "TRG §4.2: (⌈lg p⌉ + p − 1)α + 2n(p−1)/p·β, any p",
        cost: |m, q, n| scatter_ring(m, &q, n),
        formula: scatter_ring,
        steps: steps::scatter_ring,
        posted_at_once: false,
    },
    Algorithm {
        id: "pipelined-chain",
        title: "pipelined chain at its exact optimal segment",
        source: "CHPV §5 (pipelined broadcast): (p − 2 + n/s)(α + sβ) at segment s, minimised over whole segment counts (see chain)",
        cost: |m, q, n| chain::Chain::new(m, q.p as u32).optimum(n).time,
        formula: pipelined_chain,
        steps: steps::chain,
        posted_at_once: false,
    },
    // Allgather
    Algorithm {
        id: "ring",
        title: "ring",
        source: "TRG §4.1: (p−1)α + n(p−1)/p·β, any p",
        cost: |m, q, n| ring(m, &q, n),
        formula: ring,
        steps: steps::blocks,
        posted_at_once: false,
    },
    Algorithm {
        id: "recursive-doubling",
        title: "recursive doubling",
        source: "TRG §4.1: lg p·α + n(p−1)/p·β for p = 2^k; for other p at most 2⌊lg p⌋ steps, the same bytes",
        cost: |m, q, n| doubling_allgather(m, &q, n),
        formula: doubling_allgather,
        steps: steps::rd_allgather,
        posted_at_once: false,
    },
    Algorithm {
        id: "bruck",
        title: "Bruck (dissemination)",
        source: "TRG §4.1 (Bruck et al. 1997): ⌈lg p⌉α + n(p−1)/p·β, any p",
        cost: |m, q, n| log_steps(m, &q, n),
        formula: log_steps,
        steps: steps::log_doubling,
        posted_at_once: false,
    },
    // Reduce-scatter
    Algorithm {
        id: "recursive-halving",
        title: "recursive halving",
        source: "TRG §4.4: lg p·α + n(p−1)/p·(β+γ) for p = 2^k; other p fold into p′ = 2^⌊lg p⌋ first (n(β+γ) + α) and send results back (α + nβ/p)",
        cost: |m, q, n| halving_scatter(m, &q, n),
        formula: halving_scatter,
        steps: steps::halving_scatter,
        posted_at_once: false,
    },
    Algorithm {
        id: "pairwise",
        title: "pairwise exchange",
        source: "TRG §4.4: (p−1)α + n(p−1)/p·(β+γ), any p",
        cost: |m, q, n| pairwise_combine(m, &q, n),
        formula: pairwise_combine,
        steps: steps::blocks,
        posted_at_once: false,
    },
    // Allreduce
    Algorithm {
        id: "recursive-doubling",
        title: "recursive doubling",
        source: "TRG §4.5: lg p·(α + nβ + nγ) for p = 2^k; other p fold into p′ first (α + nβ + nγ) and send the result back (α + nβ)",
        cost: |m, q, n| doubling_allreduce(m, &q, n),
        formula: doubling_allreduce,
        steps: steps::rd_allreduce,
        posted_at_once: false,
    },
    Algorithm {
        id: "rabenseifner",
        title: "Rabenseifner: reduce-scatter by recursive halving + allgather by recursive doubling",
        source: "TRG §4.5: 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; other p fold into p′ first and send the result back",
        cost: |m, q, n| rabenseifner_allreduce(m, &q, n),
        formula: rabenseifner_allreduce,
        steps: steps::rabenseifner_allreduce,
        posted_at_once: false,
    },
    Algorithm {
        id: "ring",
        title: "ring reduce-scatter + ring allgather",
        source: "CHPV §6; TRG §4.5: 2(p−1)α + 2n(p−1)/p·β + n(p−1)/p·γ, any p",
        cost: |m, q, n| ring_allreduce(m, &q, n),
        formula: ring_allreduce,
        steps: steps::ring_allreduce,
        posted_at_once: false,
    },
    // Reduce
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.3: ⌈lg p⌉(α + nβ + nγ)",
        cost: |m, q, n| binomial_reduce(m, &q, n),
        formula: binomial_reduce,
        steps: steps::whole_log,
        posted_at_once: false,
    },
    Algorithm {
        id: "rabenseifner",
        title: "Rabenseifner: reduce-scatter by recursive halving + binomial gather to the root",
        source: "TRG §4.3: 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; other p fold into p′ first",
        cost: |m, q, n| rabenseifner_reduce(m, &q, n),
        formula: rabenseifner_reduce,
        steps: steps::rabenseifner_reduce,
        posted_at_once: false,
    },
    // All-to-all
    Algorithm {
        id: "bruck",
        title: "Bruck",
        source: "TRG §4.6 (Bruck et al. 1997): ⌈lg p⌉α + (n/2)·lg p·β for p = 2^k; for other p the blocks each step sends are counted",
        cost: |m, q, n| bruck_alltoall(m, &q, n),
        formula: bruck_alltoall,
        steps: steps::bruck_alltoall,
        posted_at_once: false,
    },
    Algorithm {
        id: "pairwise",
        title: "pairwise exchange",
        source: "TRG §4.6: (p−1)α + n(p−1)/p·β (n the whole send buffer, own block included), any p",
        cost: |m, q, n| pairwise(m, &q, n),
        formula: pairwise,
        steps: steps::blocks,
        posted_at_once: false,
    },
    // Gather
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.7: ⌈lg p⌉α + n(p−1)/p·β",
        cost: |m, q, n| log_steps(m, &q, n),
        formula: log_steps,
        steps: steps::log_doubling,
        posted_at_once: false,
    },
    // Scatter
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.7: ⌈lg p⌉α + n(p−1)/p·β",
        cost: |m, q, n| log_steps(m, &q, n),
        formula: log_steps,
        steps: steps::log_doubling,
        posted_at_once: false,
    },
    // Barrier
    Algorithm {
        id: "dissemination",
        title: "dissemination",
        source: "TRG §4.8 (Hensgen, Finkel and Manber 1988): ⌈lg p⌉α",
        cost: |m, q, n| dissemination(m, &q, n),
        formula: dissemination,
        steps: steps::dissemination,
        posted_at_once: false,
    },
];

/// The α-β-γ algorithm `id` of a collective.
pub fn algorithm(collective: Collective, id: &str) -> Option<&'static Algorithm> {
    collective.algorithms().iter().find(|a| a.id == id)
}

/// Algorithms the MPI libraries run by default ([`library`]) that are not among a
/// collective's [`Collective::algorithms`]: costed so that a real run is set against what the
/// library ran ([`validate`]), and kept off the winner maps and the exports, which offer the
/// algorithms every library can be told to run.
pub static LIBRARY_ALGORITHMS: [(Collective, Algorithm); 2] = [
    (
        Collective::Allgather,
        Algorithm {
            id: "neighbor-exchange",
            title: "neighbour exchange",
            source: "Chen et al. 2005, Open MPI coll_base_allgather.c (neighborexchange): (p/2)α + n(p−1)/p·β for even p, the ring for odd p",
            cost: |m, q, n| neighbor_exchange(m, &q, n),
            formula: neighbor_exchange,
            steps: steps::neighbor_exchange,
            posted_at_once: false,
        },
    ),
    (
        Collective::AllToAll,
        Algorithm {
            id: "linear",
            title: "linear: every block posted at once",
            source: "TRG §4.6 (all irecvs and isends posted), Open MPI coll_base_alltoall.c (basic_linear, linear_sync): α + n(p−1)/p·β",
            cost: |m, q, n| linear_alltoall(m, &q, n),
            formula: linear_alltoall,
            steps: steps::blocks,
            posted_at_once: true,
        },
    ),
];

/// The library algorithms of a collective ([`LIBRARY_ALGORITHMS`]).
pub fn library_algorithms(collective: Collective) -> impl Iterator<Item = &'static Algorithm> {
    LIBRARY_ALGORITHMS
        .iter()
        .filter(move |(c, _)| *c == collective)
        .map(|(_, a)| a)
}

/// The metric key of an algorithm's time: `<algo>_us`, hyphens as underscores.
pub fn time_key(algo: &str) -> String {
    format!("{}_us", algo.replace('-', "_"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::pattern;

    /// The model's citation names the papers the costs come from: every collective's pattern
    /// cites Thakur, Rabenseifner and Gropp, the allreduce Chan et al. too, and each α-β-γ
    /// algorithm's own source is one of the two (TRG or CHPV).
    #[test]
    fn the_models_citation_names_the_papers_of_the_costs() {
        let (trg, chpv) = MODEL.source.split_once("; ").unwrap();
        for c in Collective::ALL {
            let source = pattern(c.id()).unwrap().source;
            assert!(source.contains(trg), "{}: {source}", c.id());
        }
        assert!(pattern("allreduce").unwrap().source.contains(chpv));
        for c in Collective::ALL {
            for a in c.algorithms() {
                assert!(
                    a.source.starts_with("TRG") || a.source.starts_with("CHPV"),
                    "{}: {}",
                    a.id,
                    a.source
                );
            }
        }
        assert_eq!(
            MODEL.to_string(),
            "the α-β-γ model (Thakur, Rabenseifner and Gropp 2005; Chan et al. 2007)"
        );
    }
}
