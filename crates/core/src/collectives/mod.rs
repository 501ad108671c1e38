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

pub mod chain;
pub mod export;
pub mod file;
pub mod loggp;
pub mod winner;

use serde::Serialize;

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

/// A machine in the α-β-γ model: start-up α (µs), time per byte β (µs/B), reduction compute
/// per byte γ (µs/B).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Abg {
    pub alpha: f64,
    pub beta: f64,
    pub gamma: f64,
}

impl Abg {
    /// One point-to-point message of n bytes: α + n·β (003 eq. 1).
    pub fn send(&self, n: f64) -> f64 {
        self.alpha + n * self.beta
    }
}

/// The shape of p that the non-power-of-two forms need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Procs {
    pub p: f64,
    /// ⌈lg p⌉.
    pub ceil_lg: f64,
    /// ⌊lg p⌋.
    pub floor_lg: f64,
    /// p′ = 2^⌊lg p⌋, the largest power of two not above p.
    pub pow2: f64,
}

impl Procs {
    pub fn new(p: u32) -> Procs {
        let p = p.max(1);
        let floor_lg = 31 - p.leading_zeros();
        let pow2 = 1u32 << floor_lg;
        let ceil_lg = if pow2 == p { floor_lg } else { floor_lg + 1 };
        Procs {
            p: f64::from(p),
            ceil_lg: f64::from(ceil_lg),
            floor_lg: f64::from(floor_lg),
            pow2: f64::from(pow2),
        }
    }

    pub fn is_pow2(&self) -> bool {
        self.pow2 == self.p
    }

    /// (p−1)/p: the share of a vector that is not a process's own.
    pub fn others(&self) -> f64 {
        (self.p - 1.0) / self.p
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
}

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// Before recursive halving or doubling on p not a power of two, the r = p − p′ extra
/// processes fold their vectors into partners (one message of n bytes and one combine), and
/// after it the partners send the result back (TRG §4.5, Rabenseifner's "reduce to a power
/// of two"). Returns (the cost of the fold in, the cost of the result out); both zero when p
/// is a power of two.
fn fold(m: &Abg, q: Procs, n: f64, back: f64) -> (f64, f64) {
    if q.is_pow2() {
        (0.0, 0.0)
    } else {
        (m.send(n) + n * m.gamma, m.send(back))
    }
}

/// Recursive halving's reduce-scatter on p′ processes: lg p′ steps, each halving the vector
/// exchanged and combined (TRG §4.4).
fn halving(m: &Abg, q: Procs, n: f64) -> f64 {
    let share = (q.pow2 - 1.0) / q.pow2;
    q.floor_lg * m.alpha + n * share * (m.beta + m.gamma)
}

/// Recursive doubling's allgather on p′ processes, or the binomial gather that mirrors
/// halving: lg p′ steps moving (p′−1)/p′ of the vector (TRG §4.1).
fn doubling(m: &Abg, q: Procs, n: f64) -> f64 {
    let share = (q.pow2 - 1.0) / q.pow2;
    q.floor_lg * m.alpha + n * share * m.beta
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

/// Every α-β-γ algorithm, grouped by collective ([`Collective::algorithms`] slices it).
pub static ALGORITHMS: [Algorithm; 19] = [
    // Broadcast
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.2: ⌈lg p⌉(α + nβ)",
        cost: |m, q, n| q.ceil_lg * m.send(n),
    },
    Algorithm {
        id: "scatter-rd-allgather",
        title: "binomial scatter + recursive-doubling allgather (van de Geijn)",
        source: "TRG §4.2: 2 lg p·α + 2n(p−1)/p·β for p = 2^k; for other p the allgather takes up to 2⌊lg p⌋ steps (TRG §4.1)",
        cost: |m, q, n| {
            let allgather = if q.is_pow2() { q.floor_lg } else { 2.0 * q.floor_lg };
            (q.ceil_lg + allgather) * m.alpha + 2.0 * n * q.others() * m.beta
        },
    },
    Algorithm {
        id: "scatter-ring-allgather",
        title: "binomial scatter + ring allgather",
        source: "TRG §4.2: (⌈lg p⌉ + p − 1)α + 2n(p−1)/p·β, any p",
        cost: |m, q, n| (q.ceil_lg + q.p - 1.0) * m.alpha + 2.0 * n * q.others() * m.beta,
    },
    Algorithm {
        id: "pipelined-chain",
        title: "pipelined chain at its exact optimal segment",
        source: "CHPV §5 (pipelined broadcast): (p − 2 + n/s)(α + sβ) at segment s, minimised over whole segment counts (see chain)",
        cost: |m, q, n| chain::Chain::new(m, q.p as u32).optimum(n).time,
    },
    // Allgather
    Algorithm {
        id: "ring",
        title: "ring",
        source: "TRG §4.1: (p−1)α + n(p−1)/p·β, any p",
        cost: |m, q, n| (q.p - 1.0) * m.alpha + n * q.others() * m.beta,
    },
    Algorithm {
        id: "recursive-doubling",
        title: "recursive doubling",
        source: "TRG §4.1: lg p·α + n(p−1)/p·β for p = 2^k; for other p at most 2⌊lg p⌋ steps, the same bytes",
        cost: |m, q, n| {
            let steps = if q.is_pow2() { q.floor_lg } else { 2.0 * q.floor_lg };
            steps * m.alpha + n * q.others() * m.beta
        },
    },
    Algorithm {
        id: "bruck",
        title: "Bruck (dissemination)",
        source: "TRG §4.1 (Bruck et al. 1997): ⌈lg p⌉α + n(p−1)/p·β, any p",
        cost: |m, q, n| q.ceil_lg * m.alpha + n * q.others() * m.beta,
    },
    // Reduce-scatter
    Algorithm {
        id: "recursive-halving",
        title: "recursive halving",
        source: "TRG §4.4: lg p·α + n(p−1)/p·(β+γ) for p = 2^k; other p fold into p′ = 2^⌊lg p⌋ first (n(β+γ) + α) and send results back (α + nβ/p)",
        cost: |m, q, n| {
            let (pre, post) = fold(m, q, n, n / q.p);
            pre + halving(m, q, n) + post
        },
    },
    Algorithm {
        id: "pairwise",
        title: "pairwise exchange",
        source: "TRG §4.4: (p−1)α + n(p−1)/p·(β+γ), any p",
        cost: |m, q, n| (q.p - 1.0) * m.alpha + n * q.others() * (m.beta + m.gamma),
    },
    // Allreduce
    Algorithm {
        id: "recursive-doubling",
        title: "recursive doubling",
        source: "TRG §4.5: lg p·(α + nβ + nγ) for p = 2^k; other p fold into p′ first (α + nβ + nγ) and send the result back (α + nβ)",
        cost: |m, q, n| {
            let (pre, post) = fold(m, q, n, n);
            pre + q.floor_lg * (m.send(n) + n * m.gamma) + post
        },
    },
    Algorithm {
        id: "rabenseifner",
        title: "Rabenseifner: reduce-scatter by recursive halving + allgather by recursive doubling",
        source: "TRG §4.5: 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; other p fold into p′ first and send the result back",
        cost: |m, q, n| {
            let (pre, post) = fold(m, q, n, n);
            pre + halving(m, q, n) + doubling(m, q, n) + post
        },
    },
    Algorithm {
        id: "ring",
        title: "ring reduce-scatter + ring allgather",
        source: "CHPV §6; TRG §4.5: 2(p−1)α + 2n(p−1)/p·β + n(p−1)/p·γ, any p",
        cost: |m, q, n| {
            2.0 * (q.p - 1.0) * m.alpha + 2.0 * n * q.others() * m.beta + n * q.others() * m.gamma
        },
    },
    // Reduce
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.3: ⌈lg p⌉(α + nβ + nγ)",
        cost: |m, q, n| q.ceil_lg * (m.send(n) + n * m.gamma),
    },
    Algorithm {
        id: "rabenseifner",
        title: "Rabenseifner: reduce-scatter by recursive halving + binomial gather to the root",
        source: "TRG §4.3: 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; other p fold into p′ first",
        cost: |m, q, n| {
            let (pre, _) = fold(m, q, n, n);
            pre + halving(m, q, n) + doubling(m, q, n)
        },
    },
    // All-to-all
    Algorithm {
        id: "bruck",
        title: "Bruck",
        source: "TRG §4.6 (Bruck et al. 1997): ⌈lg p⌉α + (n/2)·lg p·β for p = 2^k; for other p the blocks each step sends are counted",
        cost: |m, q, n| q.ceil_lg * m.alpha + bruck_alltoall_bytes(q.p as u32, n) * m.beta,
    },
    Algorithm {
        id: "pairwise",
        title: "pairwise exchange",
        source: "TRG §4.6: (p−1)α + n(p−1)/p·β (n the whole send buffer, own block included), any p",
        cost: |m, q, n| (q.p - 1.0) * m.alpha + n * q.others() * m.beta,
    },
    // Gather
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.7: ⌈lg p⌉α + n(p−1)/p·β",
        cost: |m, q, n| q.ceil_lg * m.alpha + n * q.others() * m.beta,
    },
    // Scatter
    Algorithm {
        id: "binomial",
        title: "binomial tree",
        source: "TRG §4.7: ⌈lg p⌉α + n(p−1)/p·β",
        cost: |m, q, n| q.ceil_lg * m.alpha + n * q.others() * m.beta,
    },
    // Barrier
    Algorithm {
        id: "dissemination",
        title: "dissemination",
        source: "TRG §4.8 (Hensgen, Finkel and Manber 1988): ⌈lg p⌉α",
        cost: |m, q, _| q.ceil_lg * m.alpha,
    },
];

/// The α-β-γ algorithm `id` of a collective.
pub fn algorithm(collective: Collective, id: &str) -> Option<&'static Algorithm> {
    collective.algorithms().iter().find(|a| a.id == id)
}

/// The metric key of an algorithm's time: `<algo>_us`, hyphens as underscores.
pub fn time_key(algo: &str) -> String {
    format!("{}_us", algo.replace('-', "_"))
}
