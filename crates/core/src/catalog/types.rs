//! The types of the catalog: a machine, its parameter sets and parameters, its network and,
//! for a machine of today, where it comes from. A leaf module: the papers' machines
//! ([`super`]) and today's ([`super::today`]) are both written in them.

use serde::Serialize;

use crate::models::Model;

/// One parameter of a machine, for one model.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Param {
    /// The query key that overrides it (`alpha=54`).
    pub name: &'static str,
    /// The paper's symbol.
    pub symbol: &'static str,
    pub value: f64,
    pub unit: &'static str,
    /// Paper and section, table or equation.
    pub source: &'static str,
    /// What it is, and anything the paper leaves open about it.
    pub note: &'static str,
    /// The range a user may move it in: a paper's stated bounds where it gives them.
    pub range: (f64, f64),
}

/// A row of a table of parameters measured at several machine sizes (001 Tables 1 and 2).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SizeRow {
    pub p: u32,
    pub mesh: (u32, u32),
    /// g (µs per word) for BSP, σ (µs/B) for BPRAM.
    pub rate: f64,
    /// L for BSP, ℓ for BPRAM (µs).
    pub latency: f64,
}

/// The parameters of a machine under one model, such as the Paragon's MPI (hyperbolic) or NX
/// (Hockney) set.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ParamSet {
    pub model: Model,
    /// How the papers name this set (e.g. "NX", "MPI").
    pub label: &'static str,
    pub params: &'static [Param],
    /// Parameters that depend on the machine size; empty where they do not.
    pub by_size: &'static [SizeRow],
    /// Source of `by_size`.
    pub by_size_source: &'static str,
    /// Parameters measured only as part of a sum that is another parameter, as (part, whole):
    /// the SP2's a_c of a_rt = 2a_p + a_c. A part larger than its whole would leave the rest of
    /// the sum negative; [`ParamSet::bounds`] is the rule that keeps it within.
    pub parts: &'static [(&'static str, &'static str)],
}

/// A machine: its parameter sets, each with its sources.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Machine {
    pub id: &'static str,
    pub name: &'static str,
    /// The paper (file prefix in papers/) the machine comes from.
    pub paper: &'static str,
    pub description: &'static str,
    pub sets: &'static [ParamSet],
    /// The processor counts the paper measured; beyond them results carry a warning.
    pub measured_p: (u32, u32),
    /// How its nodes are connected: the patterns build their communication graphs from it.
    pub network: Network,
    /// Where a machine no paper measured comes from: the real runs it is fitted to
    /// ([`today`]); `None` for the papers' machines and the custom one.
    pub provenance: Option<&'static Provenance>,
}

/// The interconnect of a machine, as its paper describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Network {
    /// One shared medium every message crosses: Ethernet and FDDI (000 §3.1–3.2). A `custom`
    /// machine's hyperbolic parameters describe such a bus.
    Bus,
    /// A switch of frames, a channel per communicating pair within a frame and a few channels
    /// between frames: the SP2's High-Performance Switch (000 §3.3).
    FramedSwitch,
    /// A 2-D mesh of routers: the Paragon (000 §3.4, 001) and the DELTA (004).
    Mesh,
    /// A binary hypercube of simplex links (003).
    Hypercube,
    /// Hosts on ATM switches, virtual circuits sharing the links (002).
    Atm,
    /// Processors sharing one memory (002's SPARCstation SMP, one board of today).
    SharedMemory,
    /// Today's switched networks (InfiniBand, RoCE, Slingshot, Ethernet): every pair of nodes
    /// has a path through the switches, costed by the α-β models, not by a topology.
    Switched,
    /// The links between the GPUs of one node (NVLink, Infinity Fabric).
    GpuLinks,
}

/// γ where no paper gives the machine a compute rate (the custom machine, a fitted one): a
/// fact of today's processors, stated with its reason, never a 1990s machine's rate.
pub struct AssumedGamma {
    /// µs/B.
    pub value: f64,
    pub reason: &'static str,
    pub source: &'static str,
}

/// The assumed γ: a sum of two vectors of doubles reads 16 bytes and writes 8 for each 8 bytes
/// reduced (STREAM's Add kernel), 3 bytes of memory traffic per byte, at an assumed 10 GB/s of
/// one core's memory bandwidth: 3/10⁴ µs/B = 0.3 ns/B.
pub const ASSUMED_GAMMA: AssumedGamma = AssumedGamma {
    value: 3e-4,
    reason: "assumed, not measured: one core of a current server adding vectors of doubles \
             from memory, 3 bytes of traffic per byte reduced (16 read, 8 written per 8-byte \
             sum) at 10 GB/s, γ = 0.3 ns/B; fit it from an allreduce or reduce run, or set gamma",
    source: "STREAM's Add kernel, a(i) = b(i) + c(i), 24 bytes per iteration (McCalpin, \
             \"Memory Bandwidth and Machine Balance in Current High Performance Computers\", \
             IEEE TCCA Newsletter, Dec. 1995)",
};

/// Where a machine of today comes from: the cluster and the run, as the run's files and
/// their repositories say.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Provenance {
    pub cluster: &'static str,
    /// The kind of interconnect, for grouping and counting.
    pub interconnect: Interconnect,
    /// The network as the run's files and job scripts name it.
    pub network: &'static str,
    /// The MPI library and its version, where the run names them.
    pub mpi: &'static str,
    pub benchmark: &'static str,
    /// The files of tests/data/measurements the parameters are fitted to, given together as
    /// to `commcalc fit FILE…`.
    pub files: &'static [&'static str],
    /// The series of those files the fit is made to, counted from 0 in the order `commcalc fit`
    /// reads them; `None` for the fit's own choice (the first one-way latency run).
    pub series: Option<usize>,
    /// The repository, commit and path each file was copied from.
    pub upstream: &'static str,
    /// The fit with the least error: the machine's model where a pattern offers it.
    pub best: Model,
    /// Its nodes, as far as its runs and its cluster's description tell them.
    pub nodes: Nodes,
}

/// What a machine of today says of its nodes: each fact where a run or the cluster's
/// description gives it, `None` where the collectives fall back to their stated assumption
/// (`collectives::nodes`: every rank on its own node, an assumed node α-β, one interface).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Nodes {
    /// The cluster's own collective runs' placement: the collectives' default scenario.
    pub placement: Option<Placement>,
    /// The α-β between two ranks of one node, fitted to an intra-node run.
    pub intra: Option<Intra>,
    /// Network interfaces per node.
    pub nics: Option<Nics>,
}

/// No facts of the nodes: a machine measured between two nodes only.
pub const UNKNOWN_NODES: Nodes = Nodes {
    placement: None,
    intra: None,
    nics: None,
};

/// p ranks, ppn on each node in blocks, as a cluster's job scripts placed its collective runs.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Placement {
    pub p: u32,
    pub ppn: u32,
    /// The job script or output that states them.
    pub source: &'static str,
}

/// The Hockney α-β (003 eq. 1) of a run between two ranks of one node, as `commcalc fit`
/// fits it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Intra {
    /// µs.
    pub alpha: f64,
    /// µs/B.
    pub beta: f64,
    /// The run (a file of tests/data/measurements).
    pub source: &'static str,
}

/// A node's network interfaces.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Nics {
    pub count: u32,
    pub source: &'static str,
}

impl Provenance {
    /// One line for a person: the cluster, its network, MPI and benchmark.
    pub fn summary(&self) -> String {
        format!(
            "{}; {}; {}; {}",
            self.cluster, self.network, self.mpi, self.benchmark
        )
    }
}

/// The kinds of interconnect today's machines are measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Interconnect {
    #[serde(rename = "infiniband")]
    InfiniBand,
    Roce,
    Slingshot,
    Ethernet,
    SharedMemory,
    GpuLink,
}

impl Interconnect {
    /// The kind in words, for listings.
    pub fn name(self) -> &'static str {
        match self {
            Interconnect::InfiniBand => "InfiniBand",
            Interconnect::Roce => "RoCE",
            Interconnect::Slingshot => "HPE Slingshot",
            Interconnect::Ethernet => "TCP over Ethernet",
            Interconnect::SharedMemory => "shared memory",
            Interconnect::GpuLink => "GPU interconnect",
        }
    }
}

/// The units of the catalog's times.
pub(super) const US: &str = "µs";
pub(super) const US_B: &str = "µs/B";
/// What a range's first size is, for every machine of the piecewise model.
pub(super) const BREAK_NOTE: &str =
    "the first size of the range (a protocol switch); 10¹² leaves it unreached";

/// A parameter, as the catalog's tables write one per line.
pub(super) const fn p(
    name: &'static str,
    symbol: &'static str,
    value: f64,
    unit: &'static str,
    source: &'static str,
    note: &'static str,
    range: (f64, f64),
) -> Param {
    Param {
        name,
        symbol,
        value,
        unit,
        source,
        note,
        range,
    }
}

/// γ where no run gives it: the assumed modern value, with its source and reason.
pub(super) const fn assumed_gamma() -> Param {
    p(
        "gamma",
        "γ",
        ASSUMED_GAMMA.value,
        US_B,
        ASSUMED_GAMMA.source,
        ASSUMED_GAMMA.reason,
        (0.0, 1e3),
    )
}
