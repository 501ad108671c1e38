//! The machines as data. Every parameter carries its source; adding a machine is
//! adding a row. Values are exactly as the papers print them; where a paper misprints, the note
//! says so and the value is the one its own arithmetic uses.

use crate::models::piecewise::UNREACHED_BYTES;
use crate::models::Model;

pub mod today;
mod types;
use types::{assumed_gamma, p, BREAK_NOTE, US, US_B};
pub use types::{
    AssumedGamma, Interconnect, Intra, Machine, Network, Nics, Nodes, Param, ParamSet, Placement,
    Provenance, SizeRow, ASSUMED_GAMMA, UNKNOWN_NODES,
};

/// The size-dependent parameters (rate, latency) at p from a table of rows ordered by p: the
/// row for p, or a linear interpolation in p between the two rows around it. `None` when p
/// lies outside the rows. Evaluation (`Ctx::by_size`) and the leave-one-out validation sets
/// both read the tables through this one rule.
pub fn interpolate_by_size(rows: &[SizeRow], p: u32) -> Option<(f64, f64)> {
    if let Some(r) = rows.iter().find(|r| r.p == p) {
        return Some((r.rate, r.latency));
    }
    let hi = rows.iter().position(|r| r.p > p).filter(|&i| i > 0)?;
    let (a, b) = (&rows[hi - 1], &rows[hi]);
    let t = f64::from(p - a.p) / f64::from(b.p - a.p);
    Some((
        a.rate + t * (b.rate - a.rate),
        a.latency + t * (b.latency - a.latency),
    ))
}

impl Network {
    /// The kind of network in words, for messages (`Debug` is no name to show a person).
    pub fn name(self) -> &'static str {
        match self {
            Network::Bus => "bus",
            Network::FramedSwitch => "framed switch",
            Network::Mesh => "mesh",
            Network::Hypercube => "hypercube",
            Network::Atm => "ATM",
            Network::SharedMemory => "shared memory",
            Network::Switched => "switched network",
            Network::GpuLinks => "GPU links",
        }
    }
}

impl Machine {
    /// The parameter set for a model, if the papers give one.
    pub fn set(&self, model: Model) -> Option<&'static ParamSet> {
        self.sets.iter().find(|s| s.model == model)
    }

    pub fn models(&self) -> impl Iterator<Item = Model> + '_ {
        self.sets.iter().map(|s| s.model)
    }
}

impl ParamSet {
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The set with parts of sums declared (see [`ParamSet::parts`]).
    const fn with_parts(self, parts: &'static [(&'static str, &'static str)]) -> ParamSet {
        ParamSet { parts, ..self }
    }

    /// The values parameter `name` may take while the set's others have theirs (`overrides`,
    /// else the catalog's): its range, narrowed to at most the whole it is a part of and at
    /// least any part of it. One rule for the evaluation, which refuses a part above it, and for
    /// the controls, whose sliders offer only values within it (a slider over the range alone
    /// offered the SP2's a_rt below a_c, half its travel, and the evaluation refused them). It
    /// is empty (lower end above the upper) where the others leave the parameter no value.
    pub fn bounds(&self, name: &str, overrides: &[(&'static str, f64)]) -> Option<(f64, f64)> {
        let (mut lo, mut hi) = self.param(name)?.range;
        let value = |n: &str| {
            overrides
                .iter()
                .find(|(o, _)| *o == n)
                .map(|(_, v)| *v)
                .or_else(|| self.param(n).map(|p| p.value))
        };
        for &(part, whole) in self.parts {
            if part == name {
                hi = value(whole).map_or(hi, |w| hi.min(w));
            }
            if whole == name {
                lo = value(part).map_or(lo, |p| lo.max(p));
            }
        }
        Some((lo, hi))
    }

    /// Whether parameter `name` is a rate the model's costs divide by, though its range starts
    /// at 0. Hockney's and NBL's linear α + β·n reports r∞ = 1/β and n½ = α/β, BPRAM's
    /// permutation the same of σ, BSP's total exchange r∞ = 4/((p − 1)·g); at 0 they are no
    /// finite value, which the report refuses. The controls read it: such a slider has no zero
    /// step (a zero step offered a refused value on 31 views). A 0 typed or in an address is
    /// still taken where the view's costs stay finite (a collective, the traffic pattern: a
    /// network without a per-byte cost is a question worth asking), so the query's check does
    /// not refuse it. The hyperbolic b's are not such rates: one of them at 0 leaves the others
    /// (a fitted custom machine has b_c = 0), and BSP's 1-relation g is divided by nowhere.
    pub fn excludes_zero(&self, name: &str) -> bool {
        let rates: &[&str] = match self.model {
            Model::Hockney => &["beta", "beta_x"],
            Model::Piecewise => &["beta", "beta_2", "beta_3"],
            Model::Nbl => &["beta"],
            Model::Bpram => &["sigma"],
            // l too: a barrier is one superstep of latency l, so at l = 0 it takes no time.
            Model::Bsp => &["g", "g_total", "l"],
            _ => &[],
        };
        let from_zero = self.param(name).is_some_and(|p| p.range.0 == 0.0);
        from_zero && (rates.contains(&name) || self.alone_in_its_range(name))
    }

    /// Whether `name` is the α of a piecewise range whose β is 0 (a fitted range in which the
    /// time did not grow with size, alps-nvlink's first): at α = 0 that range costs nothing and
    /// the bandwidth at its sizes is unbounded, which the report refuses.
    fn alone_in_its_range(&self, name: &str) -> bool {
        self.model == Model::Piecewise
            && (crate::models::piecewise::KEYS.iter())
                .find(|(_, alpha, _)| *alpha == name)
                .and_then(|(_, _, beta)| self.param(beta))
                .is_some_and(|beta| beta.value == 0.0)
    }

    /// The symbol a formula writes a parameter with: the catalog's where it is one plain
    /// symbol unique in its set, else a short one of its own (the SP2's `2a_p + a_c` is a_rt,
    /// the Paragon's g is written g whichever table it comes from).
    #[inline(never)]
    pub fn symbol(&self, name: &'static str) -> &'static str {
        let catalog = self.param(name).map(|p| p.symbol).unwrap_or("");
        let plain = !catalog.is_empty()
            && !catalog.contains([' ', '+', '·'])
            && !catalog.starts_with(|c: char| c.is_ascii_digit());
        let unique = self.params.iter().filter(|p| p.symbol == catalog).count() == 1;
        if plain && unique {
            return catalog;
        }
        match name {
            "alpha" => "α",
            "beta" => "β",
            "alpha_x" => "α_x",
            "beta_x" => "β_x",
            "g_one" => "g_1",
            "g_total" => "g_te",
            "sigma" => "σ",
            "ell" => "ℓ",
            "a_put" => "a′",
            "b_put" => "b′",
            "packet" => "p",
            other => other,
        }
    }
}

/// Looks a machine up by id.
pub fn machine(id: &str) -> Option<&'static Machine> {
    MACHINES.iter().find(|m| m.id == id)
}

/// All machine ids, for error messages.
pub fn machine_ids() -> Vec<&'static str> {
    MACHINES.iter().map(|m| m.id).collect()
}

const fn set(model: Model, label: &'static str, params: &'static [Param]) -> ParamSet {
    ParamSet {
        model,
        label,
        params,
        by_size: &[],
        by_size_source: "",
        parts: &[],
    }
}

const US_W: &str = "µs/word";

const ETHERNET: [Param; 4] = [
    p(
        "a_w",
        "a_w",
        750.0,
        US,
        "000 §3.1 eq. 6",
        "workstation (MPICH) fixed time per message",
        (0.0, 5000.0),
    ),
    p(
        "b_w",
        "b_w",
        1.05,
        US_B,
        "000 §3.1 eq. 6",
        "workstation time per byte",
        (0.0, 10.0),
    ),
    p(
        "a_c",
        "a_c",
        250.0,
        US,
        "000 §3.1 eq. 6",
        "Ethernet access time per message",
        (0.0, 5000.0),
    ),
    p(
        "b_c",
        "b_c",
        0.95,
        US_B,
        "000 §3.1 eq. 6",
        "Ethernet time per byte (about 10% below the 10 Mb/s peak)",
        (0.0, 10.0),
    ),
];

const FDDI: [Param; 4] = [
    p(
        "a_w",
        "a_w",
        380.0,
        US,
        "000 §3.2 eq. 7",
        "workstation (MPICH, 40 KB TCP buffer) fixed time per message",
        (0.0, 5000.0),
    ),
    p(
        "b_w",
        "b_w",
        0.13,
        US_B,
        "000 §3.2 eq. 7",
        "workstation time per byte",
        (0.0, 10.0),
    ),
    p(
        "a_c",
        "a_c",
        5.0,
        US,
        "000 §3.2 eq. 7",
        "token propagation bound; the paper neglects it",
        (0.0, 5000.0),
    ),
    p(
        "b_c",
        "b_c",
        0.11,
        US_B,
        "000 §3.2 eq. 7",
        "FDDI time per byte",
        (0.0, 10.0),
    ),
];

const SP2_HYPERBOLIC: [Param; 5] = [
    p("a_rt", "2a_p + a_c", 124.0, US, "000 §3.3", "measured from short round trips; a_p = (a_rt − a_c)/2", (0.0, 1000.0)),
    p(
        "a_c",
        "a_c",
        20.0,
        US,
        "000 §3.3 eq. 11",
        "not separable from the measurements; the vendor quotes 5–35 µs, commcalc starts mid-range",
        (5.0, 35.0),
    ),
    p("b_p", "b_p", 0.025, US_B, "000 §3.3 eq. 11", "node (MPI) time per byte, vendor value; b_p ≤ b_l", (0.0, 1.0)),
    p(
        "b_l",
        "b_l",
        0.029,
        US_B,
        "000 §3.3",
        "time per byte of one switch channel, measured as b(7); 000 prints \"0.29\", a typo for 0.029",
        (0.0, 1.0),
    ),
    p("channels", "", 8.0, "", "000 §3.3", "channels between two frames (16 links within a frame)", (1.0, 64.0)),
];

const SP2_BSP: [Param; 4] = [
    p(
        "g_one",
        "g",
        0.27,
        US_W,
        "002 Table 7",
        "Hill's measured g for a 1-relation (switch)",
        (0.0, 100.0),
    ),
    p(
        "g_total",
        "g",
        0.43,
        US_W,
        "002 Table 8",
        "Hill's measured g for a total exchange (switch)",
        (0.0, 100.0),
    ),
    p(
        "l",
        "l",
        208.0,
        US,
        "002 Tables 9–10",
        "Hill's measured barrier cost (switch)",
        (0.0, 1e5),
    ),
    p(
        "rate",
        "",
        26.0,
        "Mflop/s",
        "002 Table 6",
        "clock rate, to express g and l in flops",
        (0.1, 1000.0),
    ),
];

const SP2_ETHERNET_BSP: [Param; 4] = [
    p(
        "g_one",
        "g",
        47.3,
        US_W,
        "002 Table 7",
        "Hill's measured g for a 1-relation over Ethernet",
        (0.0, 1000.0),
    ),
    p(
        "g_total",
        "g",
        47.1,
        US_W,
        "002 Table 8",
        "Hill's measured g for a total exchange over Ethernet",
        (0.0, 1000.0),
    ),
    p(
        "l",
        "l",
        3415.0,
        US,
        "002 Tables 9–10",
        "Hill's measured barrier cost over Ethernet",
        (0.0, 1e6),
    ),
    p(
        "rate",
        "",
        26.0,
        "Mflop/s",
        "002 Table 6",
        "clock rate, to express g and l in flops",
        (0.1, 1000.0),
    ),
];

const SMP_BSP: [Param; 4] = [
    p(
        "g_one",
        "g",
        0.33,
        US_W,
        "002 Table 7",
        "Hill's measured g for a 1-relation",
        (0.0, 100.0),
    ),
    p(
        "g_total",
        "g",
        0.41,
        US_W,
        "002 Table 8",
        "Hill's measured g for a total exchange",
        (0.0, 100.0),
    ),
    p(
        "l",
        "l",
        11.7,
        US,
        "002 Tables 9–10",
        "Hill's measured barrier cost",
        (0.0, 1e5),
    ),
    p(
        "rate",
        "",
        10.0,
        "Mflop/s",
        "002 Table 6",
        "clock rate, to express g and l in flops",
        (0.1, 1000.0),
    ),
];

const PARAGON_MPI: [Param; 4] = [
    p(
        "a_pc",
        "a_p + a_c",
        120.0,
        US,
        "000 §3.4 eq. 15",
        "measured; a_p = a_pc − a_c",
        (0.0, 1000.0),
    ),
    p(
        "a_c",
        "a_c",
        0.0,
        US,
        "000 §3.4",
        "not separable: small messages never saturate a router, so 000 cannot isolate it",
        (0.0, 120.0),
    ),
    p(
        "b_c",
        "b_c",
        0.012,
        US_B,
        "000 §3.4 eq. 15",
        "router (communication processor) time per byte",
        (0.0, 1.0),
    ),
    p(
        "b_p",
        "b_p",
        0.031,
        US_B,
        "000 §3.4 eq. 15",
        "node (MPI) time per byte",
        (0.0, 1.0),
    ),
];

const PARAGON_NX: [Param; 4] = [
    p(
        "alpha",
        "t_st",
        146.0,
        US,
        "001 §2 eq. 1",
        "ping-pong start-up (NX)",
        (0.0, 5000.0),
    ),
    p(
        "beta",
        "t_b",
        0.0115,
        US_B,
        "001 §2 eq. 1",
        "ping-pong time per byte (NX)",
        (0.0, 1.0),
    ),
    p(
        "alpha_x",
        "t_st",
        216.0,
        US,
        "001 §2 eq. 2",
        "ping-pong double (send + receive at once) start-up",
        (0.0, 5000.0),
    ),
    p(
        "beta_x",
        "t_b",
        0.0226,
        US_B,
        "001 §2 eq. 2",
        "ping-pong double time per byte",
        (0.0, 1.0),
    ),
];

/// 001 Table 1 (g in µs per one-word message, L in µs).
const PARAGON_BSP_ROWS: [SizeRow; 5] = [
    SizeRow {
        p: 8,
        mesh: (4, 2),
        rate: 6.50,
        latency: 3.1e3,
    },
    SizeRow {
        p: 16,
        mesh: (4, 4),
        rate: 7.18,
        latency: 4.3e3,
    },
    SizeRow {
        p: 32,
        mesh: (8, 4),
        rate: 8.03,
        latency: 6.9e3,
    },
    SizeRow {
        p: 36,
        mesh: (6, 6),
        rate: 8.10,
        latency: 7.4e3,
    },
    SizeRow {
        p: 64,
        mesh: (8, 8),
        rate: 8.55,
        latency: 17.0e3,
    },
];

/// 001 Table 2 (σ in µs/B, ℓ in µs).
const PARAGON_BPRAM_ROWS: [SizeRow; 6] = [
    SizeRow {
        p: 8,
        mesh: (4, 2),
        rate: 2.18e-2,
        latency: 1.0e3,
    },
    SizeRow {
        p: 16,
        mesh: (4, 4),
        rate: 2.30e-2,
        latency: 1.2e3,
    },
    SizeRow {
        p: 32,
        mesh: (8, 4),
        rate: 2.60e-2,
        latency: 1.3e3,
    },
    SizeRow {
        p: 36,
        mesh: (6, 6),
        rate: 2.60e-2,
        latency: 1.2e3,
    },
    SizeRow {
        p: 64,
        mesh: (8, 8),
        rate: 3.73e-2,
        latency: 1.3e3,
    },
    SizeRow {
        p: 100,
        mesh: (10, 10),
        rate: 5.20e-2,
        latency: 1.3e3,
    },
];

const PARAGON_BSP: [Param; 2] = [
    p(
        "g",
        "g",
        f64::NAN,
        US_W,
        "001 Table 1",
        "by machine size; set to override the table",
        (0.0, 100.0),
    ),
    p(
        "l",
        "L",
        f64::NAN,
        US,
        "001 Table 1",
        "by machine size; set to override the table",
        (0.0, 1e5),
    ),
];

const PARAGON_BPRAM: [Param; 2] = [
    p(
        "sigma",
        "σ",
        f64::NAN,
        US_B,
        "001 Table 2",
        "by machine size; set to override the table",
        (0.0, 1.0),
    ),
    p(
        "ell",
        "ℓ",
        f64::NAN,
        US,
        "001 Table 2",
        "by machine size; set to override the table",
        (0.0, 1e5),
    ),
];

const ATM: [Param; 10] = [
    p(
        "a1",
        "a₁",
        0.0375,
        US_B,
        "002 Table 3",
        "protocol software and device driver, per byte",
        (0.0, 1.0),
    ),
    p(
        "b1",
        "b₁",
        151.0,
        US,
        "002 Table 3",
        "protocol software and device driver, per message",
        (0.0, 5000.0),
    ),
    p(
        "a2",
        "a₂",
        0.0425,
        US_B,
        "002 Table 3",
        "network interface (Fore SBA-200), per byte",
        (0.0, 1.0),
    ),
    p(
        "b2",
        "b₂",
        200.0,
        US,
        "002 Table 3",
        "network interface, per message",
        (0.0, 5000.0),
    ),
    p(
        "a_put",
        "a′",
        0.05,
        US_B,
        "002 §4.1",
        "bsp_put data copy per byte",
        (0.0, 1.0),
    ),
    p(
        "b_put",
        "b′",
        40.0,
        US,
        "002 §4.1",
        "system call of bsp_put and bsp_sync",
        (0.0, 5000.0),
    ),
    p(
        "hosts",
        "p",
        8.0,
        "",
        "002 §3.9, Fig. 16, 20",
        "hosts of the cluster the chunk size is computed for",
        (2.0, 4096.0),
    ),
    p(
        "switches",
        "N",
        4.0,
        "",
        "002 §3.9, Fig. 20",
        "ATM switches; bisection width √N",
        (1.0, 1024.0),
    ),
    p(
        "sonet",
        "",
        155.52,
        "Mb/s",
        "002 §3.5",
        "SONET STS-3c/OC-3c line rate",
        (1.0, 10000.0),
    ),
    p(
        "rate",
        "",
        10.0,
        "Mflop/s",
        "002 Table 6",
        "SPARCstation 20 clock rate, to express g and l in flops",
        (0.1, 1000.0),
    ),
];

const MARK3: [Param; 2] = [
    p(
        "alpha",
        "t_l",
        95.0,
        US,
        "003 Table 5",
        "latency 9.5×10⁻⁵ s",
        (0.0, 10000.0),
    ),
    p(
        "beta",
        "t_c",
        0.563,
        US_B,
        "003 Table 5",
        "transmission time 5.63×10⁻⁷ s/byte",
        (0.0, 100.0),
    ),
];

const IPSC: [Param; 4] = [
    p(
        "alpha",
        "t_l",
        1700.0,
        US,
        "003 Table 5",
        "latency 1.7×10⁻³ s",
        (0.0, 10000.0),
    ),
    p(
        "beta",
        "t_c",
        2.83,
        US_B,
        "003 Table 5",
        "transmission time 2.83×10⁻⁶ s/byte",
        (0.0, 100.0),
    ),
    p(
        "alpha_x",
        "2·t_l",
        2800.0,
        US,
        "003 §Send-and-Reply and Exchange",
        "exchange start-up: 1.4 ms per direction, twice for the pair",
        (0.0, 20000.0),
    ),
    p(
        "beta_x",
        "2·t_c",
        5.66,
        US_B,
        "003 §Send-and-Reply and Exchange",
        "exchange time per byte: the paper gives only the latency, so twice t_c is assumed",
        (0.0, 200.0),
    ),
];

const AMETEK: [Param; 2] = [
    p(
        "alpha",
        "t_l",
        550.0,
        US,
        "003 Table 5",
        "latency 5.5×10⁻⁴ s",
        (0.0, 10000.0),
    ),
    p(
        "beta",
        "t_c",
        9.53,
        US_B,
        "003 Table 5",
        "transmission time 9.53×10⁻⁶ s/byte",
        (0.0, 100.0),
    ),
];

const AMETEK_BETA: [Param; 2] = [
    p(
        "alpha",
        "t_l",
        1300.0,
        US,
        "003 Table 5",
        "latency 1.3×10⁻³ s",
        (0.0, 10000.0),
    ),
    p(
        "beta",
        "t_c",
        11.7,
        US_B,
        "003 Table 5",
        "transmission time 1.17×10⁻⁵ s/byte",
        (0.0, 100.0),
    ),
];

const DELTA: [Param; 4] = [
    p(
        "alpha",
        "α",
        54.0,
        US,
        "004 §7.2",
        "start-up per message (csend/crecv, software X020)",
        (0.0, 1000.0),
    ),
    p(
        "beta",
        "β",
        1.54,
        "µs/double",
        "004 §7.2",
        "time per 8-byte element (5.2 MB/s); link speed halved during the tests",
        (0.0, 100.0),
    ),
    p(
        "c2",
        "c₂",
        0.25,
        "µs/element",
        "004 §7.2",
        "combining two vectors, per element (4.0 Mflop/s)",
        (0.0, 10.0),
    ),
    p(
        "c3",
        "c₃",
        0.37,
        "µs/element",
        "004 §7.2",
        "combining three vectors, per element (5.3 Mflop/s)",
        (0.0, 10.0),
    ),
];

const CUSTOM_NOTE: &str = "a starting value of the user's own machine, not from a paper";

const CUSTOM_HOCKNEY: [Param; 2] = [
    p("alpha", "α", 100.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p("beta", "β", 0.01, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
];

/// The piecewise model's ranges (`models::piecewise::KEYS`) and the reductions' γ, in round
/// values of the shape real runs have: an eager range up to 8 KiB, a rendezvous range, and a
/// third from 64 KiB with a larger start-up and a higher rate (a large-message protocol), within
/// every pattern's curve, so that each range's keys act from the start; a fit of two ranges
/// leaves the third unreached (first size 10¹²).
const CUSTOM_PIECEWISE: [Param; 9] = [
    p("alpha", "α₁", 1.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p("beta", "β₁", 0.001, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
    p(
        "break_2",
        "b₂",
        8192.0,
        "B",
        "user",
        BREAK_NOTE,
        (1.0, UNREACHED_BYTES),
    ),
    p("alpha_2", "α₂", 5.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p(
        "beta_2",
        "β₂",
        0.0005,
        US_B,
        "user",
        CUSTOM_NOTE,
        (0.0, 100.0),
    ),
    p(
        "break_3",
        "b₃",
        65_536.0,
        "B",
        "user",
        BREAK_NOTE,
        (1.0, UNREACHED_BYTES),
    ),
    p("alpha_3", "α₃", 15.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p(
        "beta_3",
        "β₃",
        0.0004,
        US_B,
        "user",
        CUSTOM_NOTE,
        (0.0, 100.0),
    ),
    assumed_gamma(),
];
const CUSTOM_PACKETIZED: [Param; 3] = [
    p("a", "a", 100.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p("m", "m", 0.01, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
    p("packet", "p", 4096.0, "B", "user", CUSTOM_NOTE, (1.0, 1e9)),
];
const CUSTOM_HYPERBOLIC: [Param; 4] = [
    p("a_w", "a_w", 100.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p("b_w", "b_w", 0.01, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
    p("a_c", "a_c", 10.0, US, "user", CUSTOM_NOTE, (0.0, 1e5)),
    p("b_c", "b_c", 0.01, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
];
const CUSTOM_BSP: [Param; 3] = [
    p("g_one", "g", 1.0, US_W, "user", CUSTOM_NOTE, (0.0, 1000.0)),
    p(
        "g_total",
        "g",
        1.0,
        US_W,
        "user",
        CUSTOM_NOTE,
        (0.0, 1000.0),
    ),
    p("l", "l", 100.0, US, "user", CUSTOM_NOTE, (0.0, 1e6)),
];
const CUSTOM_BPRAM: [Param; 2] = [
    p("sigma", "σ", 0.02, US_B, "user", CUSTOM_NOTE, (0.0, 100.0)),
    p("ell", "ℓ", 1000.0, US, "user", CUSTOM_NOTE, (0.0, 1e6)),
];

/// The catalog, grouped by paper, then today's machines ([`today`]), then the custom one.
pub static MACHINES: &[Machine] = &[
    Machine {
        id: "ethernet-now",
        name: "Ethernet NOW",
        paper: "000",
        description: "SPARCstation 20 cluster, MPICH over 10 Mb/s Ethernet, up to 8 nodes",
        sets: &[set(Model::Hyperbolic, "MPI", &ETHERNET)],
        measured_p: (2, 8),
        network: Network::Bus,
        provenance: None,
    },
    Machine {
        id: "fddi-now",
        name: "FDDI NOW",
        paper: "000",
        description: "the same SPARCstation 20s over 100 Mb/s FDDI, up to 8 nodes",
        sets: &[set(Model::Hyperbolic, "MPI", &FDDI)],
        measured_p: (2, 8),
        network: Network::Bus,
        provenance: None,
    },
    Machine {
        id: "ibm-sp2",
        name: "IBM SP2",
        paper: "000",
        description:
            "High-Performance Switch: 16 links per frame, 8 channels between frames; MPI and BSP",
        sets: &[
            set(Model::Hyperbolic, "MPI", &SP2_HYPERBOLIC).with_parts(&[("a_c", "a_rt")]),
            set(Model::Bsp, "BSP (Hill, switch)", &SP2_BSP),
        ],
        measured_p: (2, 28),
        network: Network::FramedSwitch,
        provenance: None,
    },
    Machine {
        id: "ibm-sp2-ethernet",
        name: "IBM SP2 over Ethernet",
        paper: "002",
        description: "the SP2 communicating over Ethernet, BSP parameters measured by Hill",
        sets: &[set(Model::Bsp, "BSP (Hill, Ethernet)", &SP2_ETHERNET_BSP)],
        measured_p: (2, 8),
        network: Network::Bus,
        provenance: None,
    },
    Machine {
        id: "intel-paragon",
        name: "Intel Paragon",
        paper: "001",
        description:
            "2-D mesh, 175 MB/s links, i860 XP nodes with a message processor; NX, MPI, BSP, BPRAM",
        sets: &[
            set(Model::Hockney, "NX", &PARAGON_NX),
            set(Model::Hyperbolic, "MPI", &PARAGON_MPI).with_parts(&[("a_c", "a_pc")]),
            ParamSet {
                model: Model::Bsp,
                label: "BSP library over NX",
                params: &PARAGON_BSP,
                by_size: &PARAGON_BSP_ROWS,
                by_size_source: "001 Table 1",
                parts: &[],
            },
            ParamSet {
                model: Model::Bpram,
                label: "BPRAM library over NX",
                params: &PARAGON_BPRAM,
                by_size: &PARAGON_BPRAM_ROWS,
                by_size_source: "001 Table 2",
                parts: &[],
            },
        ],
        measured_p: (2, 100),
        network: Network::Mesh,
        provenance: None,
    },
    Machine {
        id: "atm-sparc20",
        name: "ATM SPARCstation 20 cluster",
        paper: "002",
        description:
            "Fore SBA-200 interfaces, ASX-200 switches, 155 Mb/s OC-3c; 8 hosts on 4 switches",
        sets: &[set(Model::AtmPipeline, "Fore API", &ATM)],
        measured_p: (2, 8),
        network: Network::Atm,
        provenance: None,
    },
    Machine {
        id: "sparc20-smp",
        name: "SPARCstation 20 SMP",
        paper: "002",
        description: "shared-memory SPARCstation 20, BSP parameters measured by Hill",
        sets: &[set(Model::Bsp, "BSP (Hill)", &SMP_BSP)],
        measured_p: (2, 8),
        network: Network::SharedMemory,
        provenance: None,
    },
    Machine {
        id: "jpl-mark3",
        name: "JPL Mark-III",
        paper: "003",
        description:
            "4-node hypercube prototype, 16 MHz 68020, CrOS-III; 8 channels, 13.5 Mb/s peak",
        sets: &[set(Model::Hockney, "CrOS-III", &MARK3)],
        measured_p: (2, 4),
        network: Network::Hypercube,
        provenance: None,
    },
    Machine {
        id: "intel-ipsc",
        name: "Intel iPSC",
        paper: "003",
        description: "32-node hypercube, 8 MHz 80286, NX; 7 channels, 10 Mb/s peak",
        sets: &[set(Model::Hockney, "NX", &IPSC)],
        measured_p: (2, 32),
        network: Network::Hypercube,
        provenance: None,
    },
    Machine {
        id: "ametek-s14",
        name: "Ametek S/14",
        paper: "003",
        description: "32-node hypercube, 8 MHz 80286, XOS; 8 channels, 3 Mb/s peak",
        sets: &[set(Model::Hockney, "XOS", &AMETEK)],
        measured_p: (2, 32),
        network: Network::Hypercube,
        provenance: None,
    },
    Machine {
        id: "ametek-s14b",
        name: "Ametek S/14β",
        paper: "003",
        description: "beta-test S/14, 6 MHz 80286, XOS 1.1",
        sets: &[set(Model::Hockney, "XOS", &AMETEK_BETA)],
        measured_p: (2, 32),
        network: Network::Hypercube,
        provenance: None,
    },
    Machine {
        id: "intel-delta",
        name: "Intel Touchstone DELTA",
        paper: "004",
        description: "2-D mesh (16×33), node-bandwidth limited; csend/crecv",
        sets: &[set(Model::Nbl, "csend/crecv", &DELTA)],
        measured_p: (2, 512),
        network: Network::Mesh,
        provenance: None,
    },
    today::CSD3_IB,
    today::CSD3_ROCE,
    today::ALASKA_IB,
    today::ALASKA_ROCE,
    today::ABCI_IB,
    today::DELTA_SLINGSHOT,
    today::CLARIDEN_SLINGSHOT,
    today::JUNO_ETH,
    today::JUNO_SHM,
    today::ALPS_NVLINK,
    Machine {
        id: "custom",
        name: "Custom machine",
        paper: "",
        description: "your own machine: any model's parameters, starting from round values",
        sets: &[
            set(Model::Hockney, "custom", &CUSTOM_HOCKNEY),
            set(Model::Piecewise, "custom", &CUSTOM_PIECEWISE)
                .with_parts(&[("break_2", "break_3")]),
            set(Model::Packetized, "custom", &CUSTOM_PACKETIZED),
            set(Model::Hyperbolic, "custom", &CUSTOM_HYPERBOLIC),
            set(Model::Bsp, "custom", &CUSTOM_BSP),
            set(Model::Bpram, "custom", &CUSTOM_BPRAM),
            set(Model::AtmPipeline, "custom (002 Table 3 values)", &ATM),
            set(Model::Nbl, "custom (004 §7.2 values)", &DELTA),
        ],
        measured_p: (2, 4096),
        network: Network::Bus,
        provenance: None,
    },
];
