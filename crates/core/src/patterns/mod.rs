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
mod point;
mod shape;
pub mod traffic;

use std::cell::RefCell;

use serde::Serialize;

use crate::catalog::{interpolate_by_size, Machine, ParamSet};
use crate::collectives::Collective;
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::models::atm::Link;
use crate::models::nbl::FSet;
use crate::models::Model;
use crate::scenario::Inputs;
use crate::traffic::query::TrafficKey;

/// An input key a pattern can take. `from` and `to` are always accepted. It serialises as its
/// id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Size,
    Data,
    P,
    Mesh,
    N,
    H,
    Algo,
    F,
    K,
    Link,
    /// The synthetic traffic simulator's keys (dim, spatial, hit, …).
    Traffic(TrafficKey),
}

impl Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl Key {
    pub const ALL: [Key; 10] = [
        Key::Size,
        Key::Data,
        Key::P,
        Key::Mesh,
        Key::N,
        Key::H,
        Key::Algo,
        Key::F,
        Key::K,
        Key::Link,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Key::Size => "size",
            Key::Data => "data",
            Key::P => "p",
            Key::Mesh => "mesh",
            Key::N => "n",
            Key::H => "h",
            Key::Algo => "algo",
            Key::F => "f",
            Key::K => "k",
            Key::Link => "link",
            Key::Traffic(t) => t.id(),
        }
    }

    /// Every key: `ALL` and the traffic keys.
    pub fn all() -> impl Iterator<Item = Key> {
        Key::ALL
            .into_iter()
            .chain(TrafficKey::ALL.into_iter().map(Key::Traffic))
    }
}

/// A metric value: almost all are numbers; `fastest` names an algorithm.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Number(f64),
    Text(String),
}

/// What a pattern's `evaluate` returns: the cost as a function of the abscissa (bytes), the
/// abscissa of the query's point, and the pattern's metrics.
pub struct Evaluation {
    /// Time in µs for a size in bytes (message, data, h·4 or n·8 bytes, as the pattern says).
    pub cost: Box<dyn Fn(f64) -> f64>,
    /// The query's point on the abscissa, in bytes.
    pub at: f64,
    pub metrics: Vec<(&'static str, Value)>,
    /// How each metric was computed, `time_us` at `at` included (docs/explain.md).
    pub derivations: Vec<(&'static str, Derivation)>,
}

/// A communication pattern.
#[derive(Debug)]
pub struct PatternDef {
    pub id: &'static str,
    pub title: &'static str,
    /// One sentence on what it is.
    pub description: &'static str,
    pub source: &'static str,
    /// Machines it is defined on (`custom` included where any machine may be described).
    pub machines: &'static [&'static str],
    /// Models it accepts, in order of preference: the first one a machine has is its default.
    pub models: &'static [Model],
    /// Machine and model pairs the papers give no graph for, with the reason shown to the user.
    pub excluded: &'static [(&'static str, Model, &'static str)],
    pub inputs: &'static [Key],
    /// Algorithms a machine offers for this pattern, the first the default; empty if none.
    pub algos: fn(&Machine) -> &'static [&'static str],
    /// What the abscissa of the curve measures (it is always in bytes).
    pub abscissa: &'static str,
    /// The curve's default range in bytes.
    pub range: (f64, f64),
    /// The metrics it reports besides `time_us` and `bandwidth_MBps`.
    pub metrics: &'static [&'static str],
    pub evaluate: fn(&Ctx) -> Result<Evaluation, Error>,
}

impl Evaluation {
    /// An evaluation whose metrics are the values of their derivations (`time_us` excepted:
    /// the report takes the time from `cost` at `at`, and its derivation gives the same bits).
    pub fn derived(
        cost: Box<dyn Fn(f64) -> f64>,
        at: f64,
        derivations: Vec<(&'static str, Derivation)>,
    ) -> Evaluation {
        let metrics = derivations
            .iter()
            .filter(|(k, _)| *k != "time_us")
            .map(|(k, d)| (*k, Value::Number(d.value())))
            .collect();
        Evaluation {
            cost,
            at,
            metrics,
            derivations,
        }
    }
}

impl std::fmt::Debug for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evaluation")
            .field("at", &self.at)
            .field("metrics", &self.metrics)
            .finish()
    }
}

impl PatternDef {
    /// Why this pattern cannot run on a machine, or `None` if it can.
    pub fn unsupported_on(&self, machine: &Machine) -> Option<String> {
        if !self.machines.contains(&machine.id) {
            return Some(format!(
                "pattern {} is defined on {} only (see `commcalc patterns` and {})",
                self.id,
                self.machines.join(", "),
                self.source
            ));
        }
        if self.default_model(machine).is_none() {
            let have: Vec<_> = machine.models().map(Model::id).collect();
            let want: Vec<_> = self.models.iter().map(|m| m.id()).collect();
            return Some(format!(
                "{} has parameters for {} only; {} needs {}",
                machine.id,
                have.join(", "),
                self.id,
                want.join(" or ")
            ));
        }
        None
    }

    /// The machine's natural model for this pattern.
    pub fn default_model(&self, machine: &Machine) -> Option<Model> {
        self.models_on(machine).next()
    }

    /// The models a user may choose for this pattern on this machine.
    pub fn models_on<'a>(&'a self, machine: &'a Machine) -> impl Iterator<Item = Model> + 'a {
        self.models
            .iter()
            .copied()
            .filter(|m| machine.set(*m).is_some() && self.excluded_because(machine, *m).is_none())
    }

    /// Why a model is not offered for this pattern on a machine that has its parameters.
    pub fn excluded_because(&self, machine: &Machine, model: Model) -> Option<&'static str> {
        self.excluded
            .iter()
            .find(|(m, x, _)| *m == machine.id && *x == model)
            .map(|(_, _, why)| *why)
    }

    /// The algorithms offered on a machine under one model: the machine's list without the
    /// papers' algorithms that another of its models costs (a measured BSP barrier is not an
    /// algorithm of the hyperbolic model). The query language accepts the machine's whole list
    /// and says, at evaluation, which model such an algorithm needs.
    pub fn algos_on(&self, machine: &Machine, model: Model) -> Vec<&'static str> {
        let all = (self.algos)(machine).iter().copied();
        match Collective::from_id(self.id) {
            Some(c) => all
                .filter(|a| collective::needs_model(c, machine, a).is_none_or(|m| m == model))
                .collect(),
            None => all.collect(),
        }
    }

    pub fn takes(&self, key: Key) -> bool {
        self.inputs.contains(&key)
    }
}

/// Looks a pattern up by id.
pub fn pattern(id: &str) -> Option<&'static PatternDef> {
    PATTERNS.iter().find(|p| p.id == id)
}

pub fn pattern_ids() -> Vec<&'static str> {
    PATTERNS.iter().map(|p| p.id).collect()
}

/// Everything a pattern's `evaluate` may read: the machine's parameters (with the user's
/// overrides applied) and the inputs. Warnings are collected here so that helpers deep inside
/// a pattern can add them without threading a vector through.
pub struct Ctx<'a> {
    pub machine: &'static Machine,
    pub model: Model,
    pub set: &'static ParamSet,
    pub inputs: &'a Inputs,
    pub overrides: &'a [(&'static str, f64)],
    pub warnings: RefCell<Vec<String>>,
    /// The inputs the pattern used, defaults included, for controls that show them.
    pub used_inputs: RefCell<Vec<(&'static str, Value)>>,
    /// The parameters the pattern read, overrides and table rows included.
    pub used_params: RefCell<Vec<(&'static str, f64)>>,
}

impl Ctx<'_> {
    /// A parameter of the machine's set for the scenario's model, overridden if the user set it.
    pub fn param(&self, name: &str) -> Result<f64, Error> {
        if let Some((n, v)) = self.overrides.iter().find(|(n, _)| *n == name) {
            return Ok(self.used_param(n, *v));
        }
        match self.set.param(name) {
            Some(p) if p.value.is_finite() => Ok(self.used_param(p.name, p.value)),
            _ => Err(Error::Unsupported {
                key: name.to_string(),
                value: String::new(),
                reason: format!(
                    "{} has no parameter {name} for the {} model",
                    self.machine.id,
                    self.model.id()
                ),
            }),
        }
    }

    /// A parameter as a formula's symbol, bound to the value [`Ctx::param`] gives.
    #[inline(never)]
    pub fn sym(&self, name: &'static str) -> Result<Expr, Error> {
        let value = self.param(name)?;
        Ok(self.bound(name, value))
    }

    /// A parameter's symbol bound to a value the pattern already read (a table row, say).
    #[inline(never)]
    pub fn bound(&self, name: &'static str, value: f64) -> Expr {
        let unit = self.set.param(name).map_or("", |p| p.unit);
        Expr::sym(self.set.symbol(name), value, unit)
    }

    /// A parameter from a size-dependent table (001 Tables 1–2), unless the user overrode it.
    pub fn sized_param(&self, name: &'static str, table_value: f64) -> f64 {
        self.used_param(name, self.overridden(name).unwrap_or(table_value))
    }

    fn used_param(&self, name: &'static str, value: f64) -> f64 {
        let mut used = self.used_params.borrow_mut();
        if !used.iter().any(|(n, _)| *n == name) {
            used.push((name, value));
        }
        value
    }

    /// Records the value an input had, for inputs a pattern derives rather than reads.
    pub fn record(&self, key: Key, value: Value) {
        let mut used = self.used_inputs.borrow_mut();
        if !used.iter().any(|(k, _)| *k == key.id()) {
            used.push((key.id(), value));
        }
    }

    fn number(&self, key: Key, given: Option<f64>, default: f64) -> f64 {
        let v = given.unwrap_or(default);
        self.record(key, Value::Number(v));
        v
    }

    /// The data size (002's x), or `default`.
    pub fn data(&self, default: f64) -> f64 {
        self.number(Key::Data, self.inputs.data, default)
    }

    /// h in words, or `default`.
    pub fn h(&self, default: f64) -> f64 {
        self.number(Key::H, self.inputs.h, default)
    }

    /// The vector length in elements, or `default`.
    pub fn n(&self, default: f64) -> f64 {
        self.number(Key::N, self.inputs.n, default)
    }

    /// The number of bsp_put calls, or `default`.
    pub fn k(&self, default: u32) -> u32 {
        let k = self.inputs.k.unwrap_or(default);
        self.record(Key::K, Value::Number(f64::from(k)));
        k
    }

    /// The mesh W×H, or `default`.
    pub fn mesh(&self, default: (u32, u32)) -> (u32, u32) {
        let (w, h) = self.inputs.mesh.unwrap_or(default);
        self.record(Key::Mesh, Value::Text(format!("{w}x{h}")));
        (w, h)
    }

    /// The ATM link unit time setting, `paper` by default.
    pub fn link(&self) -> Link {
        let link = self.inputs.link.unwrap_or(Link::Paper);
        self.record(Key::Link, Value::Text(link.id().into()));
        link
    }

    /// The f(L) set, `nominal` by default.
    pub fn f(&self) -> FSet {
        let f = self.inputs.f.unwrap_or_default();
        self.record(Key::F, Value::Text(f.id().into()));
        f
    }

    /// Whether the user overrode a parameter.
    pub fn overridden(&self, name: &str) -> Option<f64> {
        self.overrides
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// Adds a warning to the report.
    pub fn warn(&self, message: impl Into<String>) {
        let message = message.into();
        let mut w = self.warnings.borrow_mut();
        if !w.contains(&message) {
            w.push(message);
        }
    }

    /// The processor count, or `default`; warns when it lies outside what the paper measured.
    pub fn p(&self, default: u32) -> u32 {
        let p = self.inputs.p.unwrap_or(default);
        self.record(Key::P, Value::Number(f64::from(p)));
        let (lo, hi) = self.machine.measured_p;
        if p < lo || p > hi {
            self.warn(format!(
                "p = {p} is outside the {lo}…{hi} processors the paper measured on {}: an extrapolation",
                self.machine.name
            ));
        }
        p
    }

    /// The message size, or `default`.
    pub fn size(&self, default: f64) -> f64 {
        self.number(Key::Size, self.inputs.size, default)
    }

    /// The algorithm, or the machine's default for this pattern.
    pub fn algo(&self, algos: &'static [&'static str]) -> Option<&'static str> {
        let algo = self.inputs.algo.or(algos.first().copied());
        if let Some(a) = algo {
            self.record(Key::Algo, Value::Text(a.into()));
        }
        algo
    }

    /// Size-dependent parameters (001 Tables 1–2): the row for p, linearly interpolated in p
    /// between rows (with a warning), or the nearest row beyond the table (with a warning).
    /// Returns (rate, latency).
    pub fn by_size(&self, p: u32) -> Result<(f64, f64), Error> {
        let rows = self.set.by_size;
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            return Err(Error::Unsupported {
                key: "p".into(),
                value: p.to_string(),
                reason: format!(
                    "{} has no size-dependent {} table",
                    self.machine.id,
                    self.model.id()
                ),
            });
        };
        let src = self.set.by_size_source;
        if p < first.p || p > last.p {
            let r = if p < first.p { first } else { last };
            self.warn(format!(
                "{src} measured p = {}…{} only; p = {p} uses the p = {} row unchanged",
                first.p, last.p, r.p
            ));
            return Ok((r.rate, r.latency));
        }
        if !rows.iter().any(|r| r.p == p) {
            let hi = rows.iter().position(|r| r.p > p).unwrap_or(rows.len() - 1);
            self.warn(format!(
                "{src} has no row for p = {p}: interpolated between p = {} and p = {}",
                rows[hi - 1].p,
                rows[hi].p
            ));
        }
        interpolate_by_size(rows, p).ok_or_else(|| Error::invalid("p", p, "a p within the table"))
    }
}

fn no_algos(_: &Machine) -> &'static [&'static str] {
    &[]
}

const HYPERCUBES: [&str; 4] = ["jpl-mark3", "intel-ipsc", "ametek-s14", "ametek-s14b"];
const POINT_TO_POINT: [&str; 11] = [
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
];
const SIZES: (f64, f64) = (1.0, 1e6);
const ALL_MACHINES: [&str; 13] = [
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
];

/// A collective of [`collective`] as a pattern: on every machine, with every model that
/// gives a point-to-point α and β, taking the message size, p and the algorithm.
macro_rules! collective_pattern {
    ($id:literal, $title:literal, $description:literal, $source:literal, $metrics:expr, $evaluate:ident) => {
        PatternDef {
            id: $id,
            title: $title,
            description: $description,
            source: $source,
            machines: &ALL_MACHINES,
            models: &[
                Model::Hockney,
                Model::Hyperbolic,
                Model::Packetized,
                Model::AtmPipeline,
                Model::Nbl,
                Model::Bsp,
                Model::Bpram,
            ],
            excluded: &[],
            inputs: &[Key::Size, Key::P, Key::Algo],
            algos: |m| match Collective::from_id($id) {
                Some(c) => collective::algos(c, m),
                None => &[],
            },
            abscissa: "bytes",
            range: SIZES,
            metrics: $metrics,
            evaluate: $evaluate,
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
        models: &[Model::Hockney, Model::Hyperbolic, Model::Packetized, Model::AtmPipeline, Model::Nbl],
        excluded: &[],
        inputs: &[Key::Size],
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
        evaluate: point::pingpong,
    },
    PatternDef {
        id: "roundtrip",
        title: "Send-and-reply",
        description: "a message and its reply of the same size, as a remote procedure call",
        source: "003 Fig. 3; 000 §3.1",
        machines: &POINT_TO_POINT,
        models: &[Model::Hockney, Model::Hyperbolic, Model::Packetized, Model::AtmPipeline, Model::Nbl],
        excluded: &[],
        inputs: &[Key::Size],
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
        evaluate: point::roundtrip,
    },
    PatternDef {
        id: "exchange",
        title: "Exchange",
        description: "two nodes send and receive a message of the same size at once",
        source: "001 eq. 2; 003 Fig. 4; 004 §2 (L = 2); 000 Rule 3",
        machines: &[
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
        ],
        models: &[Model::Hockney, Model::Hyperbolic, Model::Nbl],
        excluded: &[],
        inputs: &[Key::Size, Key::F],
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "a_us", "b_us_per_byte"],
        evaluate: point::exchange,
    },
    PatternDef {
        id: "all-to-all",
        title: "All-to-all (total exchange)",
        description: "every one of p nodes sends a different message to every other",
        source: "000 eq. 4; 002 §3.9 (separate addressing), §3.11 (multicast); 002 Table 8; Thakur, Rabenseifner and Gropp 2005 §4.6",
        machines: &ALL_MACHINES,
        models: &[Model::Hyperbolic, Model::AtmPipeline, Model::Bsp, Model::Hockney, Model::Packetized, Model::Nbl, Model::Bpram],
        excluded: &[
            ("ibm-sp2", Model::Hyperbolic, "000 §3.3 could not run all-to-all with large messages on the SP2 (switch buffer overflow) and gives no graph for it"),
            ("intel-paragon", Model::Hyperbolic, "000 gives no all-to-all graph for the Paragon; its BSP parameters (001 Table 1) are for full h-relations"),
        ],
        inputs: &[Key::Size, Key::Data, Key::P, Key::Algo, Key::Link],
        algos: |m| collective::algos(Collective::AllToAll, m),
        abscissa: "bytes each node sends to each other node (the papers' models); with an MPI algo, one node's whole send buffer",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes", "g_us_per_word", "g_us_per_byte", "l_us", "vc_unit_time_us_per_byte", "max_data_bytes", "opt_message_bytes", "message_latency_us",
            "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "bruck_us", "pairwise_us", "separate_us", "multicast_us", "total_exchange_us"],
        evaluate: all_to_all,
    },
    PatternDef {
        id: "pairs",
        title: "Disjoint pairs",
        description: "node i sends to node n+i (SP2, one or two frames) or to node 2n−i+1 along a mesh row (Paragon)",
        source: "000 §3.3 eq. 8, §3.4 eq. 12",
        machines: &["ibm-sp2", "intel-paragon"],
        models: &[Model::Hyperbolic],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo],
        algos: hyperbolic::pairs_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes"],
        evaluate: hyperbolic::pairs,
    },
    PatternDef {
        id: "h-relation",
        title: "BSP h-relation",
        description: "a superstep routing an h-relation: no processor sends or receives more than h words",
        source: "001 Table 1; 002 eq. 22–27, Tables 7–8",
        machines: &["intel-paragon", "ibm-sp2", "ibm-sp2-ethernet", "sparc20-smp", "atm-sparc20", "custom"],
        models: &[Model::Bsp, Model::AtmPipeline],
        excluded: &[],
        inputs: &[Key::H, Key::P, Key::Algo, Key::K, Key::Data, Key::Link],
        algos: bsp::h_relation_algos,
        abscissa: "bytes each processor sends (4 per word)",
        range: (4.0, 4e5),
        metrics: &["g_us_per_word", "g_us_per_byte", "l_us", "g_flops_per_word", "g_inf_us_per_word", "l_flops", "max_data_bytes", "opt_message_bytes", "vc_unit_time_us_per_byte"],
        evaluate: h_relation,
    },
    PatternDef {
        id: "permutation",
        title: "BPRAM block permutation",
        description: "every processor sends one block to one other and receives one",
        source: "001 Table 2",
        machines: &["intel-paragon", "custom"],
        models: &[Model::Bpram],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        algos: no_algos,
        abscissa: "block size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes"],
        evaluate: bsp::permutation,
    },
    PatternDef {
        id: "ring-broadcast",
        title: "N-way ring broadcast",
        description: "every node's message goes round a ring: node i receives from i−1 and sends to i+1",
        source: "003 §N-way Broadcast, Fig. 5",
        machines: &HYPERCUBES,
        models: &[Model::Hockney],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        algos: no_algos,
        abscissa: "message size",
        range: SIZES,
        metrics: &[],
        evaluate: hypercube::ring_broadcast,
    },
    PatternDef {
        id: "broadcast",
        title: "Single-node broadcast",
        description: "one node sends the same message to all others: binomial tree (003), ATM hardware multicast (002), and MPI's algorithms on any machine",
        source: "003 §Single Node Broadcast, Fig. 6; 002 §3.10; Thakur, Rabenseifner and Gropp 2005 §4.2",
        machines: &ALL_MACHINES,
        models: &[Model::Hockney, Model::AtmPipeline, Model::Hyperbolic, Model::Packetized, Model::Nbl, Model::Bsp, Model::Bpram],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo, Key::Link],
        algos: |m| collective::algos(Collective::Broadcast, m),
        abscissa: "message size",
        range: SIZES,
        metrics: &["r_inf_MBps", "n_half_bytes", "opt_message_bytes", "max_data_bytes", "vc_unit_time_us_per_byte",
            "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us", "scatter_rd_allgather_us",
            "scatter_ring_allgather_us", "pipelined_chain_us", "loggp_binomial_us", "loggp_p2p_us", "multicast_us",
            "opt_segment_bytes", "opt_segments", "opt_time_us", "closed_form_segment_bytes", "closed_form_time_us"],
        evaluate: broadcast,
    },
    PatternDef {
        id: "global-combine",
        title: "Global vector combine",
        description: "sum one vector per node and give every node the result: Tree, Snake or Fence on a 2-D mesh",
        source: "004 §3, Appendix",
        machines: &["intel-delta", "custom"],
        models: &[Model::Nbl],
        excluded: &[],
        inputs: &[Key::N, Key::Mesh, Key::Algo, Key::F],
        algos: nbl::combine_algos,
        abscissa: "vector bytes (8 per element)",
        range: (8.0, 4e6),
        metrics: &["tree_us", "snake_us", "fence_us", "snake_block_elems", "fence_block_elems", "fastest", "snake_block_closed_form_elems", "fence_block_closed_form_elems", "snake_asymptotic_us_per_elem", "fence_asymptotic_us_per_elem"],
        evaluate: nbl::global_combine,
    },
    PatternDef {
        id: "pipelined-send",
        title: "Pipelined send",
        description: "send x bytes as ⌈x/m⌉ pipelined messages through the protocol stack",
        source: "002 §3.6 eq. 1–10",
        machines: &["atm-sparc20", "custom"],
        models: &[Model::AtmPipeline],
        excluded: &[],
        inputs: &[Key::Data, Key::Size, Key::Link],
        algos: no_algos,
        abscissa: "data size x",
        range: (100.0, 1e6),
        metrics: &["opt_message_bytes", "opt_time_us", "max_data_bytes", "unit_time_us_per_byte", "message_latency_us", "closed_form_message_bytes", "closed_form_time_us"],
        evaluate: atm::pipelined_send,
    },
    PatternDef {
        id: "barrier",
        title: "Barrier",
        description: "the synchronisation cost l of a BSP superstep (002, 001), and MPI's dissemination barrier on any machine",
        source: "002 eq. 28–29, Tables 9–10; 001 Table 1; Thakur, Rabenseifner and Gropp 2005 §4.8",
        machines: &ALL_MACHINES,
        models: &[Model::Bsp, Model::AtmPipeline, Model::Hockney, Model::Hyperbolic, Model::Packetized, Model::Nbl, Model::Bpram],
        excluded: &[],
        inputs: &[Key::Size, Key::P, Key::Algo, Key::Link],
        algos: |m| collective::algos(Collective::Barrier, m),
        abscissa: "synchronisation message size",
        range: (1.0, 1e4),
        metrics: &["l_us", "l_flops", "alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "dissemination_us", "total_exchange_us", "broadcast_us", "measured_us"],
        evaluate: barrier,
    },
    PatternDef {
        id: "multigrid",
        title: "Multigrid inter-plane transfer",
        description: "time-parallel multigrid: each of n processors exchanges a time plane with both neighbours",
        source: "000 §4.2 Table 1, Fig. 6",
        machines: &["ethernet-now", "fddi-now", "ibm-sp2", "intel-paragon"],
        models: &[Model::Hyperbolic],
        excluded: &[],
        inputs: &[Key::Size, Key::P],
        algos: no_algos,
        abscissa: "plane size",
        range: SIZES,
        metrics: &["a_us", "b_us_per_byte", "r_inf_MBps", "n_half_bytes"],
        evaluate: hyperbolic::multigrid,
    },
    PatternDef {
        id: "traffic",
        title: "Synthetic traffic",
        description: "every node sends messages with temporal (LRU stack) and spatial (uniform, sphere of locality, decreasing probability) locality; simulated event by event",
        source: "003 §Synthetic Communication Benchmarks, Fig. 7–9, eq. 1",
        machines: &["jpl-mark3", "intel-ipsc", "ametek-s14", "ametek-s14b", "custom"],
        models: &[Model::Hockney],
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
        algos: no_algos,
        abscissa: "mean message length",
        range: traffic::RANGE,
        metrics: &traffic::METRICS,
        evaluate: traffic::traffic,
    },
    collective_pattern!(
        "allgather",
        "Allgather",
        "every process contributes a block and every process gets all p blocks (n = the whole result)",
        "Thakur, Rabenseifner and Gropp 2005 §4.1; 003 §N-way Broadcast",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "ring_us", "recursive_doubling_us", "bruck_us", "nway_ring_us"],
        allgather
    ),
    collective_pattern!(
        "reduce-scatter",
        "Reduce-scatter",
        "the p vectors are summed and each process gets one n/p block of the sum",
        "Thakur, Rabenseifner and Gropp 2005 §4.4",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "recursive_halving_us", "pairwise_us"],
        reduce_scatter
    ),
    collective_pattern!(
        "allreduce",
        "Allreduce",
        "the p vectors of n bytes are summed and every process gets the sum (004's global combine on the DELTA)",
        "Thakur, Rabenseifner and Gropp 2005 §4.5; Chan et al. 2007; 004 §3",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "recursive_doubling_us", "rabenseifner_us", "ring_us", "tree_us", "snake_us", "fence_us"],
        allreduce
    ),
    collective_pattern!(
        "reduce",
        "Reduce",
        "the p vectors of n bytes are summed at one root",
        "Thakur, Rabenseifner and Gropp 2005 §4.3",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us", "rabenseifner_us"],
        reduce
    ),
    collective_pattern!(
        "gather",
        "Gather",
        "one root collects a block from every process (n = the whole gathered vector)",
        "Thakur, Rabenseifner and Gropp 2005 §4.7",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us"],
        gather
    ),
    collective_pattern!(
        "scatter",
        "Scatter",
        "one root sends a different block to every process (n = the whole vector scattered)",
        "Thakur, Rabenseifner and Gropp 2005 §4.7",
        &["alpha_us", "beta_us_per_byte", "gamma_us_per_byte", "fastest", "binomial_us"],
        scatter
    ),
];

/// Patterns served by several models dispatch here to the module of the model's paper.
fn all_to_all(ctx: &Ctx) -> Result<Evaluation, Error> {
    if !LEGACY_ALL_TO_ALL.applies(ctx) {
        return collective::evaluate(ctx, Collective::AllToAll);
    }
    match ctx.model {
        Model::AtmPipeline => atm::all_to_all(ctx),
        Model::Bsp => bsp::total_exchange(ctx),
        _ => hyperbolic::all_to_all(ctx),
    }
}

fn h_relation(ctx: &Ctx) -> Result<Evaluation, Error> {
    match ctx.model {
        Model::AtmPipeline => atm::h_relation(ctx),
        _ => bsp::h_relation(ctx),
    }
}

/// Broadcast, barrier and all-to-all keep the papers' evaluation on the machines and models
/// the papers cost them on, for queries without an MPI algorithm; every other query is a
/// collective of [`collective`].
static LEGACY_BROADCAST: collective::Legacy = collective::Legacy {
    machines: &[
        "jpl-mark3",
        "intel-ipsc",
        "ametek-s14",
        "ametek-s14b",
        "atm-sparc20",
    ],
    models: &[Model::Hockney, Model::AtmPipeline],
    algos: no_algos,
};
static LEGACY_ALL_TO_ALL: collective::Legacy = collective::Legacy {
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
    models: &[Model::Hyperbolic, Model::AtmPipeline, Model::Bsp],
    algos: atm::all_to_all_algos,
};
static LEGACY_BARRIER: collective::Legacy = collective::Legacy {
    machines: &[
        "atm-sparc20",
        "ibm-sp2",
        "ibm-sp2-ethernet",
        "intel-paragon",
        "sparc20-smp",
        "custom",
    ],
    models: &[Model::Bsp, Model::AtmPipeline],
    algos: bsp::barrier_algos,
};

fn broadcast(ctx: &Ctx) -> Result<Evaluation, Error> {
    if !LEGACY_BROADCAST.applies(ctx) {
        return collective::evaluate(ctx, Collective::Broadcast);
    }
    match ctx.model {
        Model::AtmPipeline => atm::broadcast(ctx),
        _ => hypercube::broadcast(ctx),
    }
}

fn barrier(ctx: &Ctx) -> Result<Evaluation, Error> {
    if !LEGACY_BARRIER.applies(ctx) {
        return collective::evaluate(ctx, Collective::Barrier);
    }
    match ctx.model {
        Model::AtmPipeline => atm::barrier(ctx),
        _ => bsp::barrier(ctx),
    }
}

fn allgather(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::Allgather)
}

fn reduce_scatter(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::ReduceScatter)
}

fn allreduce(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::Allreduce)
}

fn reduce(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::Reduce)
}

fn gather(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::Gather)
}

fn scatter(ctx: &Ctx) -> Result<Evaluation, Error> {
    collective::evaluate(ctx, Collective::Scatter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::MACHINES;

    /// Every pattern evaluates with its defaults on every machine and model it offers, and
    /// reports only the metrics it declares, so the UI and the CLI listing can trust the table.
    #[test]
    fn declarations_match_evaluations() {
        for machine in MACHINES {
            for pattern in PATTERNS
                .iter()
                .filter(|p| p.unsupported_on(machine).is_none())
            {
                for model in pattern.models_on(machine) {
                    let q = format!(
                        "machine={}&pattern={}&model={}",
                        machine.id,
                        pattern.id,
                        model.id()
                    );
                    let report = crate::run(&q).unwrap_or_else(|e| panic!("{q}: {e}"));
                    for key in report.metrics.keys() {
                        let declared = pattern.metrics.contains(key)
                            || ["time_us", "bandwidth_MBps"].contains(key);
                        assert!(declared, "{q} reports undeclared metric {key}");
                    }
                }
            }
        }
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
