//! The patterns. Each is a declaration — which machines and models it accepts, which
//! inputs it takes, which metrics it reports — and an `evaluate` function that turns a context
//! into a cost function and metrics. The query parser, the CLI and the web app's pickers all
//! read these declarations; nothing else decides what is valid.

mod atm;
mod bsp;
pub mod collective;
mod hyperbolic;
mod hypercube;
mod nbl;
mod piecewise;
mod point;
mod shape;
pub mod traffic;

/// The types of the leaf `inputs` and of the evaluation context keep their old paths here for
/// the web and CLI crates; the core imports them from where they live.
pub use crate::context::{Ctx, Evaluation, PatternDef};
pub use crate::inputs::Key;
pub use crate::values::Value;
pub use bsp::{H_RELATION_COST, PERMUTATION_COST};
pub use hypercube::LINK_COST;

use crate::catalog::{today, Machine, MACHINES};
use crate::collectives::Collective;
use crate::error::Error;
use crate::models::Model;
use crate::traffic::query::TrafficKey;

/// `algos_on` stays with the dispatcher: it asks the collectives which model an algorithm
/// needs, and the context the patterns import must not import them back.
impl PatternDef {
    /// The algorithms offered on a machine under one model: the machine's list, for a
    /// collective without the papers' algorithms that another of its models costs (see
    /// [`collective::algos_on`]).
    pub fn algos_on(&self, machine: &Machine, model: Model) -> Vec<&'static str> {
        match Collective::from_id(self.id) {
            Some(c) => collective::algos_on(c, machine, model),
            None => (self.algos)(machine).to_vec(),
        }
    }
}

/// Looks a pattern up by id.
pub fn pattern(id: &str) -> Option<&'static PatternDef> {
    PATTERNS.iter().find(|p| p.id == id)
}

/// One machine × pattern × model the catalog offers.
#[derive(Clone, Copy, Debug)]
pub struct Offered {
    pub machine: &'static Machine,
    pub pattern: &'static PatternDef,
    pub model: Model,
}

impl Offered {
    /// The query that names it, every input at its default.
    pub fn query(&self) -> String {
        format!(
            "machine={}&pattern={}&model={}",
            self.machine.id,
            self.pattern.id,
            self.model.id()
        )
    }
}

/// Every machine × pattern × model the catalog offers, in catalog order: what the pickers let
/// a user choose, and what the tests that sweep the catalog sweep.
pub fn offered() -> impl Iterator<Item = Offered> {
    MACHINES.iter().flat_map(|machine| {
        PATTERNS
            .iter()
            .filter(move |p| p.unsupported_on(machine).is_none())
            .flat_map(move |pattern| {
                pattern.models_on(machine).map(move |model| Offered {
                    machine,
                    pattern,
                    model,
                })
            })
    })
}

pub fn pattern_ids() -> Vec<&'static str> {
    PATTERNS.iter().map(|p| p.id).collect()
}

fn no_algos(_: &Machine) -> &'static [&'static str] {
    &[]
}

const HYPERCUBES: [&str; 4] = ["jpl-mark3", "intel-ipsc", "ametek-s14", "ametek-s14b"];
/// `ids` followed by today's machines (`catalog::today`), which every point-to-point and
/// collective pattern takes: their α-β models cost them all.
const fn with_today<const N: usize, const M: usize>(ids: [&'static str; N]) -> [&'static str; M] {
    let mut out = [""; M];
    let mut i = 0;
    while i < N {
        out[i] = ids[i];
        i += 1;
    }
    while i < M {
        out[i] = today::ALL[i - N].id;
        i += 1;
    }
    out
}
const TODAY: usize = today::ALL.len();
const POINT_TO_POINT: [&str; 11 + TODAY] = with_today([
    "ethernet-now",
    "fddi-now",
    "ibm-sp2",
    "intel-paragon",
    "atm-sparc20",
    "jpl-mark3",
    "intel-ipsc",
    "ametek-s14",
    "ametek-s14b",
    "intel-delta",
    "custom",
]);
const EXCHANGE: [&str; 10 + TODAY] = with_today([
    "ethernet-now",
    "fddi-now",
    "ibm-sp2",
    "intel-paragon",
    "jpl-mark3",
    "intel-ipsc",
    "ametek-s14",
    "ametek-s14b",
    "intel-delta",
    "custom",
]);
const SIZES: (f64, f64) = (1.0, 1e6);
const ALL_MACHINES: [&str; 13 + TODAY] = with_today([
    "ethernet-now",
    "fddi-now",
    "ibm-sp2",
    "ibm-sp2-ethernet",
    "intel-paragon",
    "atm-sparc20",
    "sparc20-smp",
    "jpl-mark3",
    "intel-ipsc",
    "ametek-s14",
    "ametek-s14b",
    "intel-delta",
    "custom",
]);

/// The dispatch table of a one-way pattern (ping-pong, send-and-reply): every model with a
/// point-to-point cost, the time `scale` one-way times.
macro_rules! one_way {
    ($scale:literal) => {
        [
            (Model::Hockney, |c| point::hockney(c, $scale)),
            (Model::Piecewise, |c| piecewise::one_way(c, $scale)),
            (Model::Hyperbolic, |c| point::hyperbolic(c, $scale)),
            (Model::Packetized, |c| point::packetized(c, $scale)),
            (Model::AtmPipeline, |c| atm::pingpong(c, $scale)),
            (Model::Nbl, |c| point::nbl(c, $scale)),
        ]
    };
}

/// A collective of [`collective`] as a pattern: on every machine, with every model that
/// gives a point-to-point α and β, taking the message size, p and the algorithm.
macro_rules! collective_pattern {
    ($id:literal, $title:literal, $description:literal, $source:literal, $metrics:expr, $collective:expr) => {
        PatternDef {
            id: $id,
            title: $title,
            description: $description,
            source: $source,
            machines: &ALL_MACHINES,
            models: &[
                (Model::Hockney, |c| mpi(c, $collective)),
                (Model::Piecewise, |c| mpi(c, $collective)),
                (Model::Hyperbolic, |c| mpi(c, $collective)),
                (Model::Packetized, |c| mpi(c, $collective)),
                (Model::AtmPipeline, |c| mpi(c, $collective)),
                (Model::Nbl, |c| mpi(c, $collective)),
                (Model::Bsp, |c| mpi(c, $collective)),
                (Model::Bpram, |c| mpi(c, $collective)),
            ],
            excluded: &[],
            inputs: &[Key::Size, Key::P, Key::Algo],
            p_step: 1,
            point: Key::Size,
            algos: |m| collective::algos($collective, m),
            abscissa: "bytes",
            range: SIZES,
            metrics: $metrics,
        }
    };
}

/// The catalog of patterns, in the order the CLI lists them.
pub static PATTERNS: &[PatternDef] = &[
    PatternDef {
        id: "pingpong",
        title: "Ping-pong",
        description: "one-way point-to-point time: half the round trip of a message and its echo",
        source: "000 eq. 3; 001 eq. 1; 003 eq. 1; 002 eq. 7; 004 §2",
        machines: &POINT_TO_POINT,
        models: &one_way!(1.0),
        excluded: &[],
        inputs: &[Key::Size],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
    },
    PatternDef {
        id: "roundtrip",
        title: "Send-and-reply",
        description: "a message and its reply of the same size, as a remote procedure call",
        source: "003 Fig. 3; 000 §3.1",
        machines: &POINT_TO_POINT,
        models: &one_way!(2.0),
        excluded: &[],
        inputs: &[Key::Size],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
    },
    PatternDef {
        id: "exchange",
        title: "Exchange",
        description: "two nodes send and receive a message of the same size at once",
        source: "001 eq. 2; 003 Fig. 4; 004 §2 (L = 2); 000 Rule 3",
        machines: &EXCHANGE,
        models: &[
            (Model::Hockney, point::exchange_hockney),
            (Model::Piecewise, piecewise::exchange),
            (Model::Hyperbolic, point::exchange_hyperbolic),
            (Model::Nbl, point::exchange_nbl),
        ],
        excluded: &[],
        inputs: &[Key::Size, Key::F],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte"],
    },
    PatternDef {
        id: "all-to-all",
        title: "All-to-all (total exchange)",
        description: "every one of p nodes sends a different message to every other",
        source: "000 eq. 4; 002 §3.9 (separate addressing), §3.11 (multicast); 002 Table 8; Thakur, Rabenseifner and Gropp 2005 §4.6",
        machines: &ALL_MACHINES,
        models: &[
            (Model::Hyperbolic, |c| LEGACY_ALL_TO_ALL.or_paper(c, hyperbolic::all_to_all)),
            (Model::AtmPipeline, |c| LEGACY_ALL_TO_ALL.or_paper(c, atm::all_to_all)),
            (Model::Bsp, |c| LEGACY_ALL_TO_ALL.or_paper(c, bsp::total_exchange)),
            (Model::Hockney, all_to_all),
            (Model::Piecewise, all_to_all),
            (Model::Packetized, all_to_all),
            (Model::Nbl, all_to_all),
            (Model::Bpram, all_to_all),
        ],
        excluded: &[
            ("ibm-sp2", Model::Hyperbolic, "000 §3.3 could not run all-to-all with large messages on the SP2 (switch buffer overflow) and gives no graph for it"),
            ("intel-paragon", Model::Hyperbolic, "000 gives no all-to-all graph for the Paragon; its BSP parameters (001 Table 1) are for full h-relations"),
        ],
        inputs: &[Key::Size, Key::Data, Key::P, Key::Algo, Key::Link],
        p_step: 1,
        point: Key::Size,
        algos: |m| collective::algos(Collective::AllToAll, m),
        abscissa: "bytes each node sends to each other node (the papers' models); with an MPI algo, one node's whole send buffer",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes", "g_us_per_word", "g_us_per_byte", "l_us", "vc_unit_time_us_per_byte", "max_data_bytes", "opt_message_bytes", "message_latency_us",
            "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "bruck_us", "pairwise_us", "separate_us", "multicast_us", "total_exchange_us"],
    },
    PatternDef {
        id: "pairs",
        title: "Disjoint pairs",
        description: "node i sends to node n+i (SP2, one or two frames) or to node 2n−i+1 along a mesh row (Paragon)",
        source: "000 §3.3 eq. 8, §3.4 eq. 12",
        machines: &["ibm-sp2", "intel-paragon"],
        models: &[(Model::Hyperbolic, hyperbolic::pairs)],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo],
        p_step: 2,
        point: Key::Size,
        algos: hyperbolic::pairs_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes"],
    },
    PatternDef {
        id: "h-relation",
        title: "BSP h-relation",
        description: "a superstep routing an h-relation: no processor sends or receives more than h words",
        source: "001 Table 1; 002 eq. 22–27, Tables 7–8",
        machines: &["intel-paragon", "ibm-sp2", "ibm-sp2-ethernet", "sparc20-smp", "atm-sparc20", "custom"],
        models: &[(Model::Bsp, bsp::h_relation), (Model::AtmPipeline, atm::h_relation)],
        excluded: &[],
        inputs: &[Key::H, Key::P, Key::Algo, Key::K, Key::Data, Key::Link],
        p_step: 1,
        point: Key::H,
        algos: bsp::h_relation_algos,
        abscissa: "bytes each processor sends (4 per word)",
        range: (4.0, 4e5),
        metrics: &["g_us_per_word", "g_us_per_byte", "l_us", "g_flops_per_word", "g_inf_us_per_word", "l_flops", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
    },
    PatternDef {
        id: "permutation",
        title: "BPRAM block permutation",
        description: "every processor sends one block to one other and receives one",
        source: "001 Table 2",
        machines: &["intel-paragon", "custom"],
        models: &[(Model::Bpram, bsp::permutation)],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "block size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes"],
    },
    PatternDef {
        id: "ring-broadcast",
        title: "N-way ring broadcast",
        description: "every node's message goes round a ring: node i receives from i−1 and sends to i+1",
        source: "003 §N-way Broadcast, Fig. 5",
        machines: &HYPERCUBES,
        models: &[(Model::Hockney, hypercube::ring_broadcast)],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &[],
    },
    PatternDef {
        id: "broadcast",
        title: "Single-node broadcast",
        description: "one node sends the same message to all others: binomial tree (003), ATM hardware multicast (002), and MPI's algorithms on any machine",
        source: "003 §Single Node Broadcast, Fig. 6; 002 §3.10; Thakur, Rabenseifner and Gropp 2005 §4.2",
        machines: &ALL_MACHINES,
        models: &[
            (Model::Hockney, |c| LEGACY_BROADCAST.or_paper(c, hypercube::broadcast)),
            (Model::AtmPipeline, |c| LEGACY_BROADCAST.or_paper(c, atm::broadcast)),
            (Model::Piecewise, broadcast),
            (Model::Hyperbolic, broadcast),
            (Model::Packetized, broadcast),
            (Model::Nbl, broadcast),
            (Model::Bsp, broadcast),
            (Model::Bpram, broadcast),
        ],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo, Key::Link],
        p_step: 1,
        point: Key::Size,
        algos: |m| collective::algos(Collective::Broadcast, m),
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "opt_message_bytes", "max_data_bytes", "vc_unit_time_us_per_byte",
            "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us", "scatter_rd_allgather_us",
            "scatter_ring_allgather_us", "pipelined_chain_us", "loggp_binomial_us", "loggp_p2p_us", "multicast_us",
            "opt_segment_bytes", "opt_segments", "opt_time_us", "closed_form_segment_bytes", "closed_form_time_us"],
    },
    PatternDef {
        id: "global-combine",
        title: "Global vector combine",
        description: "sum one vector per node and give every node the result: Tree, Snake or Fence on a 2-D mesh",
        source: "004 §3, Appendix",
        machines: &["intel-delta", "custom"],
        models: &[(Model::Nbl, nbl::global_combine)],
        excluded: &[],
        inputs: &[Key::N, Key::Mesh, Key::Algo, Key::F],
        p_step: 1,
        point: Key::N,
        algos: nbl::combine_algos,
        abscissa: "vector bytes (8 per element)",
        range: (8.0, 4e6),
        metrics: &["tree_us", "snake_us", "fence_us", "snake_block_elems", "fence_block_elems", "fastest", "snake_block_closed_form_elems", "fence_block_closed_form_elems", "snake_asymptotic_us_per_elem", "fence_asymptotic_us_per_elem"],
    },
    PatternDef {
        id: "pipelined-send",
        title: "Pipelined send",
        description: "send x bytes as ⌈x/m⌉ pipelined messages through the protocol stack",
        source: "002 §3.6 eq. 1–10",
        machines: &["atm-sparc20", "custom"],
        models: &[(Model::AtmPipeline, atm::pipelined_send)],
        excluded: &[],
        inputs: &[Key::Data, Key::Size, Key::Link],
        p_step: 1,
        point: Key::Data,
        algos: no_algos,
        abscissa: "data size x",
        range: (100.0, 1e6),
        metrics: &["opt_message_bytes", "opt_time_us", "max_data_bytes", "unit_time_us_per_byte", "message_latency_us", "closed_form_message_bytes", "closed_form_time_us"],
    },
    PatternDef {
        id: "barrier",
        title: "Barrier",
        description: "the synchronisation cost l of a BSP superstep (002, 001), and MPI's dissemination barrier on any machine",
        source: "002 eq. 28–29, Tables 9–10; 001 Table 1; Thakur, Rabenseifner and Gropp 2005 §4.8",
        machines: &ALL_MACHINES,
        models: &[
            (Model::Bsp, |c| LEGACY_BARRIER.or_paper(c, bsp::barrier)),
            (Model::AtmPipeline, |c| LEGACY_BARRIER.or_paper(c, atm::barrier)),
            (Model::Hockney, barrier),
            (Model::Piecewise, barrier),
            (Model::Hyperbolic, barrier),
            (Model::Packetized, barrier),
            (Model::Nbl, barrier),
            (Model::Bpram, barrier),
        ],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo, Key::Link],
        p_step: 1,
        point: Key::Size,
        algos: |m| collective::algos(Collective::Barrier, m),
        abscissa: "synchronisation message size",
        range: (1.0, 1e4),
        metrics: &["l_us", "l_flops", "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "dissemination_us", "total_exchange_us", "broadcast_us", "measured_us"],
    },
    PatternDef {
        id: "multigrid",
        title: "Multigrid inter-plane transfer",
        description: "time-parallel multigrid: each of n processors exchanges a time plane with both neighbours",
        source: "000 §4.2 Table 1, Fig. 6",
        machines: &["ethernet-now", "fddi-now", "ibm-sp2", "intel-paragon"],
        models: &[(Model::Hyperbolic, hyperbolic::multigrid)],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "plane size",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes"],
    },
    PatternDef {
        id: "traffic",
        title: "Synthetic traffic",
        description: "every node sends messages with temporal (LRU stack) and spatial (uniform, sphere of locality, decreasing probability) locality; simulated event by event",
        source: "003 §Synthetic Communication Benchmarks, Fig. 7–9, eq. 1",
        machines: &["jpl-mark3", "intel-ipsc", "ametek-s14", "ametek-s14b", "custom"],
        models: &[(Model::Hockney, |c| (c.engines.traffic)(c))],
        excluded: &[],
        inputs: &[
            Key::Size,
            Key::Traffic(TrafficKey::Dim),
            Key::Traffic(TrafficKey::Spatial),
            Key::Traffic(TrafficKey::Radius),
            Key::Traffic(TrafficKey::Phi),
            Key::Traffic(TrafficKey::Decay),
            Key::Traffic(TrafficKey::Stack),
            Key::Traffic(TrafficKey::Hit),
            Key::Traffic(TrafficKey::Flush),
            Key::Traffic(TrafficKey::Count),
            Key::Traffic(TrafficKey::Per),
            Key::Traffic(TrafficKey::Len),
            Key::Traffic(TrafficKey::Gap),
            Key::Traffic(TrafficKey::Routing),
            Key::Traffic(TrafficKey::Seed),
            Key::Traffic(TrafficKey::Reps),
        ],
        p_step: 1,
        point: Key::Size,
        algos: no_algos,
        abscissa: "mean message length",
        range: traffic::RANGE,
        metrics: &traffic::METRICS,
    },
    collective_pattern!(
        "allgather",
        "Allgather",
        "every process contributes a block and every process gets all p blocks (n = the whole result)",
        "Thakur, Rabenseifner and Gropp 2005 §4.1; 003 §N-way Broadcast",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "ring_us", "recursive_doubling_us", "bruck_us", "nway_ring_us"],
        Collective::Allgather
    ),
    collective_pattern!(
        "reduce-scatter",
        "Reduce-scatter",
        "the p vectors are summed and each process gets one n/p block of the sum",
        "Thakur, Rabenseifner and Gropp 2005 §4.4",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "recursive_halving_us", "pairwise_us"],
        Collective::ReduceScatter
    ),
    collective_pattern!(
        "allreduce",
        "Allreduce",
        "the p vectors of n bytes are summed and every process gets the sum (004's global combine on the DELTA)",
        "Thakur, Rabenseifner and Gropp 2005 §4.5; Chan et al. 2007; 004 §3",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "recursive_doubling_us", "rabenseifner_us", "ring_us", "tree_us", "snake_us", "fence_us"],
        Collective::Allreduce
    ),
    collective_pattern!(
        "reduce",
        "Reduce",
        "the p vectors of n bytes are summed at one root",
        "Thakur, Rabenseifner and Gropp 2005 §4.3",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us", "rabenseifner_us"],
        Collective::Reduce
    ),
    collective_pattern!(
        "gather",
        "Gather",
        "one root collects a block from every process (n = the whole gathered vector)",
        "Thakur, Rabenseifner and Gropp 2005 §4.7",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us"],
        Collective::Gather
    ),
    collective_pattern!(
        "scatter",
        "Scatter",
        "one root sends a different block to every process (n = the whole vector scattered)",
        "Thakur, Rabenseifner and Gropp 2005 §4.7",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us"],
        Collective::Scatter
    ),
];

/// Broadcast, barrier and all-to-all keep the papers' evaluation on the machines the papers
/// cost them on, for queries without an MPI algorithm (or with one of the papers' own); every
/// other query is a collective of [`collective`]. The model comes from the dispatch table: a
/// table entry names the paper's function for its model.
static LEGACY_BROADCAST: collective::Legacy = collective::Legacy {
    collective: Collective::Broadcast,
    machines: &[
        "jpl-mark3",
        "intel-ipsc",
        "ametek-s14",
        "ametek-s14b",
        "atm-sparc20",
    ],
    algos: no_algos,
};
static LEGACY_ALL_TO_ALL: collective::Legacy = collective::Legacy {
    collective: Collective::AllToAll,
    machines: &[
        "ethernet-now",
        "fddi-now",
        "atm-sparc20",
        "ibm-sp2",
        "ibm-sp2-ethernet",
        "sparc20-smp",
        "intel-paragon",
        "custom",
    ],
    algos: atm::all_to_all_algos,
};
static LEGACY_BARRIER: collective::Legacy = collective::Legacy {
    collective: Collective::Barrier,
    machines: &[
        "atm-sparc20",
        "ibm-sp2",
        "ibm-sp2-ethernet",
        "intel-paragon",
        "sparc20-smp",
        "custom",
    ],
    algos: bsp::barrier_algos,
};

/// A collective costed by MPI's algorithms: by the program's engine (`context::Engines`), so
/// that a program without it links none of them.
fn mpi(ctx: &mut Ctx, collective: Collective) -> Result<Evaluation, Error> {
    (ctx.engines.collectives)(ctx, collective)
}

fn all_to_all(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    mpi(ctx, Collective::AllToAll)
}

fn broadcast(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    mpi(ctx, Collective::Broadcast)
}

fn barrier(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    mpi(ctx, Collective::Barrier)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pattern evaluates with its defaults on every machine and model it offers, and
    /// reports only the metrics it declares, so the UI and the CLI listing can trust the table.
    #[test]
    fn declarations_match_evaluations() {
        for o in offered() {
            let q = o.query();
            let report = crate::run(&q).unwrap_or_else(|e| panic!("{q}: {e}"));
            for key in report.metrics.keys() {
                let declared =
                    o.pattern.metrics.contains(key) || ["time_us", "bandwidth_MBps"].contains(key);
                assert!(declared, "{q} reports undeclared metric {key}");
            }
        }
    }

    /// Without the engines (the web page's calculator module), every scenario of the catalog
    /// is costed as with them, bit for bit, or refused as one another program costs: the
    /// collective patterns always, broadcast, barrier and all-to-all where MPI's algorithms cost
    /// them, nothing else; the traffic pattern needs its runs (handed over, or the simulator).
    #[test]
    fn without_the_engines_a_scenario_is_costed_the_same_or_sent_elsewhere() {
        let mut elsewhere = std::collections::BTreeSet::new();
        for o in offered().filter(|o| o.pattern.id != "traffic") {
            let s = crate::Scenario::from_query(&o.query()).expect("an offered query");
            match crate::evaluate_by(&s, 64, crate::context::Engines::NONE) {
                Err(Error::Elsewhere { value, .. }) => {
                    assert_eq!(value, o.pattern.id, "{}", o.query());
                    elsewhere.insert(o.pattern.id);
                }
                other => assert_eq!(other, crate::evaluate_with(&s, 64), "{}", o.query()),
            }
        }
        let collectives: std::collections::BTreeSet<_> =
            Collective::ALL.iter().map(|c| c.id()).collect();
        assert_eq!(elsewhere, collectives);
        let paper = crate::Scenario::from_query("machine=intel-ipsc&pattern=broadcast").unwrap();
        assert!(crate::evaluate_by(&paper, 64, crate::context::Engines::NONE).is_ok());
    }

    /// A machine listed for a pattern must have parameters for one of its models.
    #[test]
    fn every_listed_machine_has_a_model() {
        for pattern in PATTERNS {
            for id in pattern.machines {
                let machine = crate::catalog::machine(id)
                    .unwrap_or_else(|| panic!("{}: unknown machine {id}", pattern.id));
                assert!(
                    pattern.unsupported_on(machine).is_none(),
                    "{} on {id}",
                    pattern.id
                );
            }
        }
    }
}

#[cfg(test)]
mod used_tests {
    use super::Value;

    /// The report says which inputs and parameters a pattern used, defaults and table rows
    /// included, so that controls can show the values behind the result.
    #[test]
    fn reports_the_inputs_and_parameters_used() {
        let r = crate::run("machine=intel-paragon&pattern=h-relation&p=16&g=7").unwrap();
        assert!(r.inputs.contains(&("p", Value::Number(16.0))));
        assert!(r.inputs.contains(&("h", Value::Number(100.0))));
        assert_eq!(r.parameters, vec![("g", 7.0), ("l", 4.3e3)]);
        let r = crate::run("machine=intel-delta&pattern=global-combine").unwrap();
        assert!(r.inputs.contains(&("mesh", Value::Text("16x16".into()))));
        assert!(r.inputs.contains(&("f", Value::Text("nominal".into()))));
        assert!(r
            .parameters
            .iter()
            .any(|(n, v)| *n == "alpha" && *v == 54.0));
    }
}
