//! The collectives on every machine: the α-β-γ algorithms of [`crate::collectives`] with the
//! machine's α, β, γ, and the papers' own algorithms costed by their own models, in one list
//! per collective so that `algo=best` and the winner map compare them all.
//!
//! α and β come from the scenario's model of the machine, as the small-message latency and
//! the asymptotic time per byte of one point-to-point message ([`derivation`] says how for
//! each model); γ from a compute rate the papers give ([`gamma_rule`]). `alpha`, `beta` and
//! `gamma` override them, except where the model has a parameter of that name (Hockney's and
//! 004's α and β), which is then overridden itself and the α-β values follow from it.

use super::{atm, bsp, hyperbolic, hypercube, nbl, piecewise};
use crate::catalog::{Machine, Nodes, Param, ASSUMED_GAMMA, UNKNOWN_NODES};
use crate::collectives::chain::{time_of, Chain};
use crate::collectives::loggp::LogGp;
use crate::collectives::nodes::{Levels, Schedule, ASSUMED_NODE, ASSUMED_NODE_REASON};
use crate::collectives::{Abg, Collective, Procs};
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::inputs::{Inputs, Key};
use crate::models::nbl::{Algorithm, Combiner, Mesh, Plan};
use crate::models::piecewise::Piecewise;
use crate::models::Model;
use crate::scenario::Scenario;
use crate::units::{ELEMENT_BYTES, WORD_BYTES};
use crate::values::Value;

/// A cost in µs of n bytes.
pub type Cost = Box<dyn Fn(f64) -> f64>;
/// A paper's algorithm built at some p: its cost and the warnings its pattern gave.
type Built = (Cost, Vec<String>);

/// The default process count and message size of the collective patterns.
pub const DEFAULT_P: u32 = 8;
pub const DEFAULT_SIZE: f64 = 1e4;
/// The synchronisation message of 002's barriers (§4.6: "usually not more than 100 bytes").
const SYNC_BYTES: f64 = 100.0;

const NOTE: &str = "overrides the value derived from the machine's model";

/// The parameters every collective pattern accepts on every machine, besides the model's own.
pub static PARAMS: [Param; 11] = [
    Param {
        name: "alpha",
        symbol: "α",
        value: f64::NAN,
        unit: "µs",
        source: "derived (commcalc machines)",
        note: NOTE,
        range: (0.0, 1e6),
    },
    Param {
        name: "beta",
        symbol: "β",
        value: f64::NAN,
        unit: "µs/B",
        source: "derived (commcalc machines)",
        note: NOTE,
        range: (0.0, 1e3),
    },
    Param {
        name: "gamma",
        symbol: "γ",
        value: f64::NAN,
        unit: "µs/B",
        source: "004 §7.2 c₂; 002 Table 6 Mflop/s",
        note: "reduction compute per byte",
        range: (0.0, 1e3),
    },
    Param {
        name: "ppn",
        symbol: "ppn",
        value: f64::NAN,
        unit: "",
        source: "the run's placement: block, ranks 0…ppn−1 on node 0, …",
        note: "processes per node; without it every rank is on its own node",
        range: (1.0, 4096.0),
    },
    Param {
        name: "intra_alpha",
        symbol: "α_node",
        value: f64::NAN,
        unit: "µs",
        source: "an intra-node run; assumed otherwise (collectives::nodes::ASSUMED_NODE)",
        note: "start-up between two ranks of one node",
        range: (0.0, 1e6),
    },
    Param {
        name: "intra_beta",
        symbol: "β_node",
        value: f64::NAN,
        unit: "µs/B",
        source: "an intra-node run; assumed otherwise (collectives::nodes::ASSUMED_NODE)",
        note: "time per byte between two ranks of one node",
        range: (0.0, 1e3),
    },
    Param {
        name: "nics",
        symbol: "nics",
        value: f64::NAN,
        unit: "",
        source: "the node's hardware; 1 unless given (collectives::nodes)",
        note: "network interfaces per node, shared by its ranks that send off-node at once",
        range: (1.0, 64.0),
    },
    Param {
        name: "loggp_l",
        symbol: "L",
        value: f64::NAN,
        unit: "µs",
        source: "LogGP (Alexandrov et al. 1995)",
        note: "network latency; by default α + β",
        range: (0.0, 1e6),
    },
    Param {
        name: "loggp_o",
        symbol: "o",
        value: f64::NAN,
        unit: "µs",
        source: "LogGP (Alexandrov et al. 1995)",
        note: "send and receive overhead; by default 0",
        range: (0.0, 1e6),
    },
    Param {
        name: "loggp_g",
        symbol: "g",
        value: f64::NAN,
        unit: "µs",
        source: "LogGP (Alexandrov et al. 1995)",
        note: "gap between messages; by default 0",
        range: (0.0, 1e6),
    },
    Param {
        name: "loggp_gb",
        symbol: "G",
        value: f64::NAN,
        unit: "µs/B",
        source: "LogGP (Alexandrov et al. 1995)",
        note: "gap per byte; by default β",
        range: (0.0, 1e3),
    },
];

/// Whether a pattern is a collective (and so takes [`PARAMS`]).
pub fn is_collective(pattern_id: &str) -> bool {
    Collective::from_id(pattern_id).is_some()
}

/// The parameter `name` of [`PARAMS`].
pub fn param(name: &str) -> Option<&'static Param> {
    PARAMS.iter().find(|p| p.name == name)
}

/// The collectives' keys a machine of the piecewise model carries on every pattern, with what
/// reads them. A fitted machine's query (`measurements::fit`) is the machine: it gives the γ of
/// a reduction run and the LogGP of a Netgauge or bandwidth run on the ping-pong it was fitted
/// to, so that the same address costs the reductions and the broadcast's LogGP tree in any
/// view. Where a pattern reads none of them, the report says they are kept (`report`), rather
/// than refusing the fitted machine's own query or dropping them unsaid.
pub const CARRIED: [(&str, &str); 5] = [
    ("gamma", "the collectives that reduce"),
    (
        "loggp_l",
        "the broadcast's LogGP binomial tree (loggp-binomial)",
    ),
    (
        "loggp_o",
        "the broadcast's LogGP binomial tree (loggp-binomial)",
    ),
    (
        "loggp_g",
        "the broadcast's LogGP binomial tree (loggp-binomial)",
    ),
    (
        "loggp_gb",
        "the broadcast's LogGP binomial tree (loggp-binomial)",
    ),
];

/// The parameter `name` where the scenario's model carries it on every pattern ([`CARRIED`]).
pub fn carried(model: Model, name: &str) -> Option<&'static Param> {
    (model == Model::Piecewise && CARRIED.iter().any(|(k, _)| *k == name))
        .then(|| param(name))
        .flatten()
}

/// What reads a carried key ([`CARRIED`]), in words: the collectives that reduce are named.
pub fn carried_for(name: &str) -> Option<String> {
    let (_, by) = CARRIED.iter().find(|(k, _)| *k == name)?;
    Some(if name == "gamma" {
        let reducing: Vec<&str> = Collective::ALL
            .into_iter()
            .filter(|c| c.reduces())
            .map(Collective::id)
            .collect();
        format!("{by} ({})", reducing.join(", "))
    } else {
        by.to_string()
    })
}

/// How each model gives α and β, for listings and the explain panels.
pub fn derivation(model: Model) -> &'static str {
    match model {
        Model::Hockney => "α and β are the model's own start-up and time per byte (003 eq. 1, 001 eq. 1)",
        Model::Piecewise => {
            "α and β are the first range's (the smallest messages); each step of an algorithm is \
             costed by the range its message falls in (collectives::steps)"
        }
        Model::Hyperbolic => {
            "the ping-pong's reduced block (000 eq. 3, Rules 1–2): α = a, its time at zero bytes, \
             β = b, its slope for long messages"
        }
        Model::Packetized => "α = a, one packet's time; β = a/p + m, the slope of a·⌈x/p⌉ + m·x (000 eq. 2)",
        Model::AtmPipeline => {
            "Latency_sndrcv (002 eq. 7): α = 2(b₁ + b₂), both ends' per-message costs of a tiny \
             message; β = 2·max(a₁, a₂), the slower stage's per-byte cost at both ends"
        }
        Model::Nbl => "one link (L = 1, f(1) = 1, 004 §2): α = α, β = β/8 per byte of a double",
        Model::Bsp => "a 1-relation superstep (001 §1, 002 §2.4): α = l (L by p on the Paragon), β = g/4 per byte of a word",
        Model::Bpram => "one block permutation (001 Table 2): α = ℓ, β = σ",
    }
}

/// Where γ comes from on a machine under one of its models: the derivation the evaluation
/// uses ([`gamma`]), in words, with its value (`commcalc machines` lists it beside that value).
pub fn gamma_rule(machine: &'static Machine, model: Model) -> String {
    let derived = allreduce(machine, model).and_then(|s| with_ctx(&s, |ctx| gamma(ctx, false)));
    match derived {
        Ok(d) if d.value() == 0.0 => format!("γ = 0: {}; set gamma", d.source),
        Ok(d) => {
            // The formula, its numbers, its value: each once (an assumed γ is one symbol whose
            // numbers are its value).
            let mut steps = vec![
                d.formula.text(false),
                d.formula.text(true),
                format!("{} µs/B", crate::derivation::number(d.value())),
            ];
            steps.retain(|s| s != "γ");
            steps.dedup();
            format!("γ = {}: {}", steps.join(" = "), d.source)
        }
        Err(e) => format!("γ not derivable ({e})"),
    }
}

/// A parameter as a formula's symbol: the scenario's set's (with the user's override), else
/// the catalog's value of another of the machine's sets (a custom machine's c₂ is its NBL
/// set's, whichever model the scenario uses), else `None`.
fn machine_sym(ctx: &mut Ctx, name: &'static str) -> Result<Option<Expr>, Error> {
    if ctx.set.param(name).is_some() {
        return ctx.sym(name).map(Some);
    }
    // Another of the machine's sets holds it: named as that set names it (`ParamSet::symbol`,
    // the key where the catalog gives no symbol of its own).
    let set = ctx.machine.sets.iter().find(|s| s.param(name).is_some());
    Ok(set
        .and_then(|s| s.param(name).map(|p| (s.symbol(name), p)))
        .filter(|(_, p)| p.value.is_finite())
        .map(|(symbol, p)| Expr::sym(symbol, p.value, p.unit)))
}

/// A value derived from the model unless the user overrode it under a name the model does
/// not use itself.
fn knob(ctx: &mut Ctx, name: &'static str, derived: f64) -> f64 {
    match ctx.overridden(name) {
        Some(v) if ctx.set.param(name).is_none() => ctx.used_param(name, v),
        _ => derived,
    }
}

/// [`knob`] for a derivation: the user's value under `symbol`, or the model's derivation.
fn knob_derivation(ctx: &mut Ctx, name: &'static str, derived: Derivation) -> Derivation {
    let unit = param(name).map_or("", |p| p.unit);
    let symbol = derived.symbol;
    match ctx.overridden(name) {
        Some(v) if ctx.set.param(name).is_none() => Derivation::new(
            symbol,
            Expr::sym(symbol, ctx.used_param(name, v), unit),
            "the user's value (overrides the one derived from the machine's model)",
        ),
        _ => derived,
    }
}

/// α and β of one message from the scenario's model, as formulas over the model's parameters
/// (see [`derivation`]), at p processes (the Paragon's BSP and BPRAM tables depend on p).
fn alpha_beta(ctx: &mut Ctx, p: u32) -> Result<(Expr, Expr), Error> {
    if ctx.model == Model::Hyperbolic {
        let b = hyperbolic::pingpong_block(ctx)?;
        return Ok((b.a, b.b));
    }
    // The parameters are read first, as numbers, then bound to their symbols: one fallible
    // step per model.
    let per = |bytes: f64| Expr::Const {
        value: bytes,
        unit: "B",
    };
    let names: &[&'static str] = match ctx.model {
        Model::Hockney | Model::Piecewise | Model::Nbl => &["alpha", "beta"],
        Model::Packetized => &["a", "m", "packet"],
        Model::AtmPipeline => &["a1", "b1", "a2", "b2"],
        Model::Bsp if ctx.set.by_size.is_empty() => &["g_one", "l"],
        Model::Bpram if ctx.set.by_size.is_empty() => &["sigma", "ell"],
        Model::Bsp => &["g", "l"],
        _ => &["sigma", "ell"],
    };
    let v: Vec<Expr> =
        if ctx.set.by_size.is_empty() || !matches!(ctx.model, Model::Bsp | Model::Bpram) {
            let values = names
                .iter()
                .map(|n| ctx.param(n))
                .collect::<Result<Vec<_>, _>>()?;
            names
                .iter()
                .zip(values)
                .map(|(n, v)| ctx.bound(n, v))
                .collect()
        } else {
            let (x, y) = ctx.by_size(p)?;
            names
                .iter()
                .zip([x, y])
                .map(|(n, v)| ctx.sized_sym(n, v))
                .collect()
        };
    let arg = |i: usize| v[i].clone();
    Ok(match ctx.model {
        Model::Hockney | Model::Piecewise => (arg(0), arg(1)),
        Model::Packetized => (arg(0), arg(0) / arg(2) + arg(1)),
        Model::AtmPipeline => (
            Expr::num(2.0) * (arg(1) + arg(3)),
            Expr::num(2.0) * Expr::max(vec![arg(0), arg(2)]),
        ),
        Model::Nbl => (arg(0), arg(1) / per(ELEMENT_BYTES)),
        Model::Bsp => (arg(1), arg(0) / per(WORD_BYTES)),
        _ => (arg(1), arg(0)),
    })
}

/// γ: the user's, else the model's own γ (the piecewise custom machine's), else a machine of
/// today's its piecewise set's (fitted or assumed), else on a machine
/// no paper measured the assumed modern γ ([`ASSUMED_GAMMA`]) under every model, else c₂/8
/// where the machine has c₂, else one flop per double at a rate the papers give for the
/// machine, else 0 (with a warning when the collective reduces). The rule is the machine's,
/// whichever of its models the scenario uses, so that one machine has one γ and one
/// derivation.
fn gamma(ctx: &mut Ctx, reduces: bool) -> Result<Derivation, Error> {
    let d = |e: Expr, source: &'static str| Ok(Derivation::new("γ", e, source));
    if let Some(g) = ctx.overridden("gamma") {
        let g = Expr::sym("γ", ctx.used_param("gamma", g), "µs/B");
        // The piecewise machine's query is a fitted machine's, whose γ a reduction run gave.
        return d(
            g,
            match ctx.model {
                Model::Piecewise => "the machine's γ as its query gives it: fitted to a reduction run, or the user's",
                _ => "the user's γ",
            },
        );
    }
    if let Some(own) = ctx.set.param("gamma") {
        return d(ctx.sym("gamma")?, own.note);
    }
    // A machine fitted to real runs has one γ, its piecewise set's, under every model.
    let measured = (ctx.machine.provenance)
        .and_then(|_| ctx.machine.sets.iter().find_map(|s| s.param("gamma")));
    if let Some(own) = measured {
        let g = Expr::sym("γ", ctx.used_param("gamma", own.value), "µs/B");
        return d(g, own.note);
    }
    if ctx.machine.paper.is_empty() {
        let g = Expr::sym("γ", ctx.used_param("gamma", ASSUMED_GAMMA.value), "µs/B");
        return d(g, ASSUMED_GAMMA.reason);
    }
    let per_double = Expr::Const {
        value: ELEMENT_BYTES,
        unit: "B",
    };
    if let Some(c2) = machine_sym(ctx, "c2")? {
        return d(
            c2 / per_double,
            "004 §7.2: c₂/8, combining two vectors, per byte of a double",
        );
    }
    match machine_sym(ctx, "rate")? {
        Some(r) if r.eval() > 0.0 => d(
            Expr::num(1.0) / (per_double * r),
            "002 Table 6: one addition per 8-byte double at the machine's rate",
        ),
        _ => {
            if reduces {
                ctx.warn(format!(
                    "the papers give no compute rate for {}: γ = 0 (reductions cost no compute); set gamma in µs/B",
                    ctx.machine.name
                ));
            }
            d(
                Expr::num(0.0),
                "the papers give no compute rate for this machine",
            )
        }
    }
}

/// The machine's α, β, γ at p processes, overrides applied.
pub fn abg(ctx: &mut Ctx, p: u32, reduces: bool) -> Result<Abg, Error> {
    Ok(abg_derived(ctx, p, reduces)?.0)
}

/// [`abg`] with the derivations of α, β and γ.
fn abg_derived(ctx: &mut Ctx, p: u32, reduces: bool) -> Result<(Abg, [Derivation; 3]), Error> {
    let (alpha, beta) = alpha_beta(ctx, p)?;
    let source = derivation(ctx.model);
    let alpha = knob_derivation(ctx, "alpha", Derivation::new("α", alpha, source));
    let beta = knob_derivation(ctx, "beta", Derivation::new("β", beta, source));
    let gamma = gamma(ctx, reduces)?;
    let m = Abg {
        alpha: alpha.value(),
        beta: beta.value(),
        gamma: gamma.value(),
    };
    Ok((m, [alpha, beta, gamma]))
}

/// LogGP's parameters: the user's, else those that make one message cost α + nβ.
fn loggp(ctx: &mut Ctx, m: &Abg) -> LogGp {
    let d = LogGp::from_abg(m);
    LogGp {
        l: knob(ctx, "loggp_l", d.l),
        o: knob(ctx, "loggp_o", d.o),
        g: knob(ctx, "loggp_g", d.g),
        big_g: knob(ctx, "loggp_gb", d.big_g),
    }
}

/// What the machine itself says of its nodes (a machine of today, from its runs and its
/// cluster's description); nothing for the papers' machines and the custom one.
fn own_nodes(machine: &Machine) -> Nodes {
    machine.provenance.map_or(UNKNOWN_NODES, |p| p.nodes)
}

/// The collectives' default p: the machine's own collective runs' where it has them (CSD3's
/// 64 ranks), else [`DEFAULT_P`].
pub fn default_p(machine: &Machine) -> u32 {
    own_nodes(machine).placement.map_or(DEFAULT_P, |pl| pl.p)
}

/// A node key's value where the query does not give it, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeDefault {
    pub value: f64,
    /// The machine's own fact and its source, or the assumption and its reason.
    pub why: String,
    /// Whether the machine gives it (else it is the stated assumption).
    pub own: bool,
}

/// The keys of ranks on nodes (`collectives::nodes`), which a machine of today may give
/// ([`Nodes`]) and [`node_default`] answers for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKey {
    Ppn,
    IntraAlpha,
    IntraBeta,
    Nics,
}

impl NodeKey {
    pub const ALL: [NodeKey; 4] = [
        NodeKey::Ppn,
        NodeKey::IntraAlpha,
        NodeKey::IntraBeta,
        NodeKey::Nics,
    ];

    /// Its key in the query language.
    pub fn key(self) -> &'static str {
        match self {
            NodeKey::Ppn => "ppn",
            NodeKey::IntraAlpha => "intra_alpha",
            NodeKey::IntraBeta => "intra_beta",
            NodeKey::Nics => "nics",
        }
    }

    /// The node key a query key names, if it names one.
    pub fn of(key: &str) -> Option<NodeKey> {
        NodeKey::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// The value of a node key (`ppn`, `intra_alpha`, `intra_beta`, `nics`) where the query does
/// not give it: the machine's own ([`Nodes`]: its runs' placement, an intra-node run, its
/// interfaces), else the stated assumption (every rank on its own node, [`ASSUMED_NODE`], one
/// interface).
pub fn node_default(machine: &Machine, key: NodeKey) -> NodeDefault {
    let own = own_nodes(machine);
    let mine = |value: f64, why: String| NodeDefault {
        value,
        why,
        own: true,
    };
    let assumed = |value: f64, why: &str| NodeDefault {
        value,
        why: why.to_string(),
        own: false,
    };
    let intra =
        |i: crate::catalog::Intra, value: f64| mine(value, format!("fitted to {}", i.source));
    match key {
        NodeKey::Ppn => match own.placement {
            Some(pl) => mine(
                f64::from(pl.ppn),
                format!(
                    "the cluster's own collective runs: {} ranks, {} a node ({})",
                    pl.p, pl.ppn, pl.source
                ),
            ),
            None => assumed(1.0, "every rank on its own node unless given"),
        },
        NodeKey::IntraAlpha => match own.intra {
            Some(i) => intra(i, i.alpha),
            None => assumed(ASSUMED_NODE.0, ASSUMED_NODE_REASON),
        },
        NodeKey::IntraBeta => match own.intra {
            Some(i) => intra(i, i.beta),
            None => assumed(ASSUMED_NODE.1, ASSUMED_NODE_REASON),
        },
        NodeKey::Nics => match own.nics {
            Some(n) => mine(f64::from(n.count), n.source.to_string()),
            None => assumed(1.0, "one interface a node unless given"),
        },
    }
}

/// The scenario's p, else its collective's default on its machine ([`default_p`]).
pub fn p_of(scenario: &Scenario) -> u32 {
    scenario.inputs.p.unwrap_or(default_p(scenario.machine))
}

/// The scenario's ppn: the query's, else its machine's own placement; `None` where neither
/// gives one (every rank on its own node, as [`levels`] takes it).
pub fn ppn_of(scenario: &Scenario) -> Option<f64> {
    let given = scenario.overrides.iter().find(|(k, _)| *k == "ppn");
    given.map(|(_, v)| *v).or_else(|| {
        let d = node_default(scenario.machine, NodeKey::Ppn);
        d.own.then_some(d.value)
    })
}

/// Where a scenario's ranks go when it gives no ppn and its machine places them itself (a
/// cluster of today): the sentence a winner map or a listing shows beside it; `None` where
/// the query gives ppn or the machine has no placement (every rank on its own node).
pub fn own_placement(scenario: &Scenario) -> Option<String> {
    let given = scenario.overrides.iter().any(|(k, _)| *k == "ppn");
    let d = Some(node_default(scenario.machine, NodeKey::Ppn)).filter(|d| d.own && !given)?;
    Some(format!(
        "Ranks placed {} a node, at every p (a p up to {} is one node): {}; give ppn for \
         another placement",
        d.value, d.value, d.why
    ))
}

/// The machine's nodes: ppn, the node's α-β and its interfaces, each the user's, else the
/// machine's own ([`Nodes`]), else the stated assumption ([`ASSUMED_NODE`], said so in a
/// warning; one interface). `None` without a ppn (every rank on its own node, as on the
/// papers' machines). A ppn above p is a whole node partly used: the winner map's small p; a
/// single evaluation refuses a ppn given above p ([`check_ppn`]).
pub fn levels(ctx: &mut Ctx, m: &Abg, p: u32) -> Result<Option<Levels>, Error> {
    let machine = ctx.machine;
    let default = |key| node_default(machine, key);
    // The user's value, else the machine's own; `None` where only the assumption is left.
    let given = |ctx: &Ctx, key: NodeKey| {
        ctx.overridden(key.key()).or_else(|| {
            let d = default(key);
            d.own.then_some(d.value)
        })
    };
    let Some(ppn) = given(ctx, NodeKey::Ppn) else {
        return refuse_node_keys(ctx).map(|()| None);
    };
    if ppn.fract() != 0.0 {
        return Err(Error::invalid(
            "ppn",
            ppn,
            "a whole number of processes per node, from 1 to 4096",
        ));
    }
    let ppn = ctx.used_param("ppn", ppn) as u32;
    if ctx.overridden("ppn").is_none() {
        ctx.warn(format!(
            "ppn = {ppn}: {}; give ppn for another placement",
            default(NodeKey::Ppn).why
        ));
        if ppn >= p && p > 1 {
            ctx.warn(format!(
                "all p = {p} ranks are on one node: only the node's α-β is used, not the \
                 network's; give ppn for fewer ranks a node"
            ));
        }
    }
    let (alpha, beta) = (
        given(ctx, NodeKey::IntraAlpha),
        given(ctx, NodeKey::IntraBeta),
    );
    if (alpha.is_none() || beta.is_none()) && ppn > 1 {
        ctx.warn(format!(
            "intra-node α = {}, β = {} assumed where not given: {ASSUMED_NODE_REASON}",
            crate::units::si(ASSUMED_NODE.0, "µs"),
            crate::units::si(ASSUMED_NODE.1, "µs/B")
        ));
    }
    let node = (
        alpha.unwrap_or(default(NodeKey::IntraAlpha).value),
        beta.unwrap_or(default(NodeKey::IntraBeta).value),
    );
    let nics = match given(ctx, NodeKey::Nics) {
        Some(v) if v.fract() != 0.0 => {
            return Err(Error::invalid(
                "nics",
                v,
                "a whole number of interfaces, from 1 to 64",
            ))
        }
        Some(v) => v as u32,
        None => default(NodeKey::Nics).value as u32,
    };
    Ok(Some(Levels {
        network: *m,
        node,
        ppn: ppn.min(p),
        nics,
        ranges: None,
    }))
}

/// Without ppn every rank is on its own node: a node's other keys would change nothing, so a
/// query that gives one is refused.
fn refuse_node_keys(ctx: &Ctx) -> Result<(), Error> {
    let given = [NodeKey::IntraAlpha, NodeKey::IntraBeta, NodeKey::Nics]
        .into_iter()
        .find_map(|k| ctx.overridden(k.key()).map(|v| (k.key(), v)));
    match given {
        Some((key, value)) => Err(Error::Unsupported {
            key: key.into(),
            value: crate::derivation::number(value),
            reason: "the collectives do not use it without ppn: every rank is on its own \
                     node, so only the network is used; give ppn (processes per node) for \
                     the node's keys to count"
                .into(),
        }),
        None => Ok(()),
    }
}

/// Records the node's α-β and the interfaces' count as read where some step of the
/// algorithms costs by them: a key that changes no algorithm's time here (the node's α-β on
/// an all-to-all whose every step crosses nodes) is then refused or said to be kept, never
/// silently taken.
fn read_node_keys(
    ctx: &mut Ctx,
    l: &Levels,
    collective: Collective,
    algorithms: &[&'static crate::collectives::Algorithm],
    p: u32,
) {
    // With one rank a node no step is within a node and no node's interfaces are shared
    // (`nodes::tests::one_rank_a_node_shares_nothing`), so no node key is read; the schedules,
    // built rank by rank (O(p²)), are then not needed.
    let schedules: Vec<_> = if l.ppn > 1 {
        algorithms
            .iter()
            .filter_map(|a| Schedule::of(collective, a.id, p, l.ppn))
            .collect()
    } else {
        Vec::new()
    };
    let chain_on_node = l.one_level(p).is_some_and(|one| one != l.network)
        && algorithms.iter().any(|a| a.id == "pipelined-chain");
    // Only values given (by the user or the machine) are recorded: an assumed one is no key.
    let machine = ctx.machine;
    let read = |ctx: &mut Ctx, key: NodeKey, value: f64| {
        if ctx.overridden(key.key()).is_some() || node_default(machine, key).own {
            ctx.used_param(key.key(), value);
        }
    };
    if chain_on_node || schedules.iter().any(Schedule::within_a_node) {
        read(ctx, NodeKey::IntraAlpha, l.node.0);
        read(ctx, NodeKey::IntraBeta, l.node.1);
    }
    if schedules.iter().any(Schedule::shares_interfaces) {
        read(ctx, NodeKey::Nics, f64::from(l.nics));
    }
}

/// Refuses a ppn above p, and says where the last node is partly filled.
fn check_ppn(ctx: &mut Ctx, p: u32) -> Result<(), Error> {
    let Some(ppn) = ctx.overridden("ppn") else {
        return Ok(());
    };
    if ppn > f64::from(p) {
        return Err(Error::invalid(
            "ppn",
            ppn,
            format!("at most p = {p}: ppn is how many of the p ranks share a node"),
        ));
    }
    if let Some(w) = partial_node(p, ppn as u32) {
        ctx.warn(w);
    }
    Ok(())
}

/// What block placement does when p is not a multiple of ppn: the last node is part full.
pub fn partial_node(p: u32, ppn: u32) -> Option<String> {
    (ppn > 1 && !p.is_multiple_of(ppn)).then(|| {
        format!(
            "p = {p} is not a multiple of ppn = {ppn}: the last node holds {} rank(s) (block placement)",
            p % ppn
        )
    })
}

/// The cost of an α-β-γ algorithm on p ranks: its closed form on one level (no `ppn`, one
/// rank a node, or all ranks on one node), else its steps costed by where their partners are.
fn algorithm_cost(
    collective: Collective,
    algorithm: &crate::collectives::Algorithm,
    m: Abg,
    levels: Option<Levels>,
    p: u32,
) -> Cost {
    let (id, cost, q) = (algorithm.id, algorithm.cost, Procs::new(p));
    let Some(l) = levels else {
        return Box::new(move |n| cost(&m, q, n));
    };
    if let Some(one) = l.one_level(p) {
        return Box::new(move |n| cost(&one, q, n));
    }
    match Schedule::of(collective, id, p, l.ppn) {
        Some(steps) => Box::new(move |n| steps.time(&l, n)),
        None => Box::new(move |n| {
            l.time(collective, id, p, n)
                .unwrap_or_else(|| cost(&m, q, n))
        }),
    }
}

/// LogGP's point-to-point time L + 2o + max(n − 1, 0)·G and binomial broadcast, derived.
fn loggp_derivations(l: &LogGp, p: u32, n: f64) -> [(&'static str, Derivation); 2] {
    let n_less_one = Expr::max(vec![
        Expr::sym("n", n, "B") - Expr::num(1.0),
        Expr::num(0.0),
    ]);
    let p2p = Expr::sym("L", l.l, "µs")
        + Expr::num(2.0) * Expr::sym("o", l.o, "µs")
        + n_less_one * Expr::sym("G", l.big_g, "µs/B");
    const SOURCE: &str = "LogGP (Alexandrov et al. 1995)";
    [
        ("loggp_p2p_us", Derivation::new("T", p2p, SOURCE)),
        (
            "loggp_binomial_us",
            Derivation::described(
                "T",
                "the binomial tree under LogGP: each rank's hops of L + 2o + (n − 1)G and waits of max(g, o + (n − 1)G)",
                l.binomial_broadcast(p, n),
                "µs",
                SOURCE,
            ),
        ),
    ]
}

/// One of the papers' algorithms for a collective, on the machines and model whose paper
/// costs it.
struct Paper {
    collective: Collective,
    id: &'static str,
    machines: &'static [&'static str],
    model: Model,
    /// The algorithm: its cost and what that is.
    algorithm: PaperAlgorithm,
}

/// One of the papers' algorithms of a collective: the paper's own pattern builds its cost, and
/// it says in words what that cost is. Named here rather than pointed to from [`PAPERS`], so
/// that a program that reads the table only for its declarations (`needs_model`, as the web
/// page's calculator module does for its algorithm picker) links neither the costs nor their
/// words, which only the MPI collective engine ([`menu`], [`time_derivation`]) uses
///.
#[derive(Clone, Copy)]
enum PaperAlgorithm {
    Tree,
    Snake,
    Fence,
    NwayRing,
    Multicast,
    Separate,
    MulticastExchange,
    BspTotalExchange,
    SharedMedium,
    TotalExchangeBarrier,
    BroadcastBarrier,
    MeasuredBarrier,
}

impl PaperAlgorithm {
    /// The cost at p processes of the algorithm `id`.
    fn cost(self, ctx: &mut Ctx, p: u32, id: &'static str) -> Result<Built, Error> {
        use PaperAlgorithm as A;
        let build = match self {
            A::Tree | A::Snake | A::Fence => combine,
            A::NwayRing => nway_ring,
            A::Multicast => multicast,
            A::Separate | A::MulticastExchange => atm_total_exchange,
            A::BspTotalExchange => bsp_total_exchange,
            A::SharedMedium => shared_medium,
            A::TotalExchangeBarrier | A::BroadcastBarrier => atm_barrier,
            A::MeasuredBarrier => bsp_barrier,
        };
        build(ctx, p, id)
    }

    /// What its cost is, in words (the paper's timeline or model at p), and where it is from.
    fn described(self) -> (&'static str, &'static str) {
        use PaperAlgorithm as A;
        match self {
            A::Tree => (
                "Tree's timeline on the near-square mesh of p nodes, n/8 elements",
                "004 Appendix 7.1",
            ),
            A::Snake => (
                "Snake's timeline at its exact optimal block on the near-square mesh of p nodes",
                "004 Appendix 7.1",
            ),
            A::Fence => (
                "Fence's timeline at its exact optimal block on the near-square mesh of p nodes",
                "004 Appendix 7.1",
            ),
            A::NwayRing => (
                "003's N-way ring broadcast of blocks of n/p bytes: 2(p − 1)(α + β·n/p) on simplex links",
                "003 §N-way Broadcast",
            ),
            A::Multicast => (
                "one Latency_sndrcv whatever p is",
                "002 §3.10",
            ),
            A::Separate => (
                "002's total exchange by separate addressing with n/p bytes per connection",
                "002 §3.9",
            ),
            A::MulticastExchange => (
                "002's total exchange by multicast with n/p bytes per connection",
                "002 §3.11",
            ),
            A::BspTotalExchange => (
                "the total exchange as one BSP superstep with n/p bytes per pair",
                "002 Table 8; 001 Table 1",
            ),
            A::SharedMedium => (
                "000 eq. 4's total exchange over the shared medium with n/p bytes per pair",
                "000 eq. 4",
            ),
            A::TotalExchangeBarrier => (
                "002 eq. 28 with a 100-byte message",
                "002 eq. 28",
            ),
            A::BroadcastBarrier => (
                "002 eq. 29 with a 100-byte message",
                "002 eq. 29",
            ),
            A::MeasuredBarrier => (
                "the measured barrier cost",
                "002 Tables 9–10; 001 Table 1",
            ),
        }
    }
}

const HYPERCUBES: [&str; 4] = ["jpl-mark3", "intel-ipsc", "ametek-s14", "ametek-s14b"];
const BSP_MACHINES: [&str; 4] = [
    "ibm-sp2",
    "ibm-sp2-ethernet",
    "sparc20-smp",
    "intel-paragon",
];
const SHARED_MEDIA: [&str; 2] = ["ethernet-now", "fddi-now"];

static PAPERS: [Paper; 12] = [
    Paper {
        collective: Collective::Allreduce,
        id: "tree",
        machines: &["intel-delta"],
        model: Model::Nbl,
        algorithm: PaperAlgorithm::Tree,
    },
    Paper {
        collective: Collective::Allreduce,
        id: "snake",
        machines: &["intel-delta"],
        model: Model::Nbl,
        algorithm: PaperAlgorithm::Snake,
    },
    Paper {
        collective: Collective::Allreduce,
        id: "fence",
        machines: &["intel-delta"],
        model: Model::Nbl,
        algorithm: PaperAlgorithm::Fence,
    },
    Paper {
        collective: Collective::Allgather,
        id: "nway-ring",
        machines: &HYPERCUBES,
        model: Model::Hockney,
        algorithm: PaperAlgorithm::NwayRing,
    },
    Paper {
        collective: Collective::Broadcast,
        id: "multicast",
        machines: &["atm-sparc20"],
        model: Model::AtmPipeline,
        algorithm: PaperAlgorithm::Multicast,
    },
    Paper {
        collective: Collective::AllToAll,
        id: "separate",
        machines: &["atm-sparc20"],
        model: Model::AtmPipeline,
        algorithm: PaperAlgorithm::Separate,
    },
    Paper {
        collective: Collective::AllToAll,
        id: "multicast",
        machines: &["atm-sparc20"],
        model: Model::AtmPipeline,
        algorithm: PaperAlgorithm::MulticastExchange,
    },
    Paper {
        collective: Collective::AllToAll,
        id: "total-exchange",
        machines: &BSP_MACHINES,
        model: Model::Bsp,
        algorithm: PaperAlgorithm::BspTotalExchange,
    },
    Paper {
        collective: Collective::AllToAll,
        id: "total-exchange",
        machines: &SHARED_MEDIA,
        model: Model::Hyperbolic,
        algorithm: PaperAlgorithm::SharedMedium,
    },
    Paper {
        collective: Collective::Barrier,
        id: "total-exchange",
        machines: &["atm-sparc20"],
        model: Model::AtmPipeline,
        algorithm: PaperAlgorithm::TotalExchangeBarrier,
    },
    Paper {
        collective: Collective::Barrier,
        id: "broadcast",
        machines: &["atm-sparc20"],
        model: Model::AtmPipeline,
        algorithm: PaperAlgorithm::BroadcastBarrier,
    },
    Paper {
        collective: Collective::Barrier,
        id: "measured",
        machines: &BSP_MACHINES,
        model: Model::Bsp,
        algorithm: PaperAlgorithm::MeasuredBarrier,
    },
];

/// A paper's pattern evaluated at p (and, for 004, on the near-square mesh of p nodes) with
/// the scenario's machine, model and parameters: its cost function and its warnings.
fn child(
    ctx: &mut Ctx,
    edit: impl FnOnce(&mut Inputs),
    evaluate: fn(&mut Ctx) -> Result<Evaluation, Error>,
) -> Result<Built, Error> {
    with_child(ctx, edit, |sub| Ok(evaluate(sub)?.cost))
}

/// Runs `f` in the context of a paper's pattern: the scenario's machine, model and parameters
/// with the inputs `edit` sets (size, data and algo cleared first); `f`'s result and the
/// warnings it gave.
fn with_child<R>(
    ctx: &mut Ctx,
    edit: impl FnOnce(&mut Inputs),
    f: impl FnOnce(&mut Ctx) -> Result<R, Error>,
) -> Result<(R, Vec<String>), Error> {
    let mut inputs = Inputs {
        size: None,
        data: None,
        algo: None,
        ..ctx.inputs.clone()
    };
    edit(&mut inputs);
    let mut sub = Ctx::new(ctx.machine, ctx.model, ctx.set, &inputs, ctx.overrides);
    sub.engines = ctx.engines;
    let out = f(&mut sub)?;
    Ok((out, sub.warnings))
}

/// The most square W×H mesh of p nodes (W ≥ H): 004's algorithms on p processes.
pub fn mesh_of(p: u32) -> (u32, u32) {
    let h = (1..=p)
        .take_while(|h| h * h <= p)
        .filter(|h| p.is_multiple_of(*h))
        .last()
        .unwrap_or(1);
    (p / h, h)
}

/// 004's Tree, Snake or Fence at their exact optimal blocks (004 §3, Appendix 7.1), on the
/// near-square mesh of p nodes; n bytes are ⌈n/8⌉ doubles.
fn combine(ctx: &mut Ctx, p: u32, id: &'static str) -> Result<Built, Error> {
    child(
        ctx,
        |i| {
            i.mesh = Some(mesh_of(p));
            i.algo = Some(id);
            i.n = None;
        },
        nbl::global_combine,
    )
}

/// 003's N-way ring broadcast: every node's block of n/p bytes goes round the ring, 2(p−1)
/// single-link times on simplex links; in MPI's words an allgather.
fn nway_ring(ctx: &mut Ctx, p: u32, _: &'static str) -> Result<Built, Error> {
    let (cost, w) = child(ctx, |i| i.p = Some(p), hypercube::ring_broadcast)?;
    let p = f64::from(p);
    Ok((Box::new(move |n| cost(n / p)), w))
}

/// 002 §3.10's hardware multicast: one Latency_sndrcv whatever p is.
fn multicast(ctx: &mut Ctx, _: u32, _: &'static str) -> Result<Built, Error> {
    child(ctx, |i| i.p = None, atm::broadcast)
}

/// 002 §3.9 and §3.11's total exchange, with n/p bytes per connection.
fn atm_total_exchange(ctx: &mut Ctx, p: u32, id: &'static str) -> Result<Built, Error> {
    per_block(ctx, p, Some(id), atm::all_to_all)
}

/// The total exchange as one BSP superstep (002 Table 8, 001 Table 1).
fn bsp_total_exchange(ctx: &mut Ctx, p: u32, _: &'static str) -> Result<Built, Error> {
    per_block(ctx, p, None, bsp::total_exchange)
}

/// 000 eq. 4's all-to-all over a shared medium.
fn shared_medium(ctx: &mut Ctx, p: u32, _: &'static str) -> Result<Built, Error> {
    per_block(ctx, p, None, hyperbolic::all_to_all)
}

/// A paper's all-to-all, costed per pair of processes, for a whole send buffer of n bytes.
fn per_block(
    ctx: &mut Ctx,
    p: u32,
    algo: Option<&'static str>,
    evaluate: fn(&mut Ctx) -> Result<Evaluation, Error>,
) -> Result<Built, Error> {
    let (cost, w) = child(
        ctx,
        |i| {
            i.p = Some(p);
            i.algo = algo;
        },
        evaluate,
    )?;
    let p = f64::from(p);
    Ok((Box::new(move |n| cost(n / p)), w))
}

/// 002 eq. 28–29's barriers with their 100-byte synchronisation message.
fn atm_barrier(ctx: &mut Ctx, p: u32, id: &'static str) -> Result<Built, Error> {
    let (cost, w) = child(
        ctx,
        |i| {
            i.p = Some(p);
            i.algo = Some(id);
        },
        atm::barrier,
    )?;
    let l = cost(SYNC_BYTES);
    Ok((Box::new(move |_| l), w))
}

/// The barrier's measured cost l (001 Table 1 by p; 002 Tables 9–10).
fn bsp_barrier(ctx: &mut Ctx, p: u32, _: &'static str) -> Result<Built, Error> {
    child(ctx, |i| i.p = Some(p), bsp::barrier)
}

/// The algorithms of a collective on this scenario's machine and model at p processes, each
/// with its cost of n bytes, in the order of [`algos`] (`best` and LogGP's binomial tree, the
/// binomial algorithm under another model, left out). Where a paper's
/// algorithm cannot be costed at this p (a mesh its timeline does not fit), it is left out
/// with a warning.
pub fn menu(
    ctx: &mut Ctx,
    collective: Collective,
    p: u32,
) -> Result<Vec<(&'static str, Cost)>, Error> {
    let mut out = abg_costs(ctx, collective, p, collective.algorithms().iter())?;
    let (model, machine) = (ctx.model, ctx.machine.id);
    for paper in PAPERS
        .iter()
        .filter(|x| x.collective == collective && x.model == model && x.machines.contains(&machine))
    {
        match paper.algorithm.cost(ctx, p, paper.id) {
            Ok((cost, warnings)) => {
                warnings.into_iter().for_each(|w| ctx.warn(w));
                out.push((paper.id, cost));
            }
            Err(e) => ctx.warn(format!("{} left out at p = {p}: {e}", paper.id)),
        }
    }
    Ok(out)
}

/// The costs of α-β-γ `algorithms` of a collective on the scenario's machine: each step in the
/// range of its message on a piecewise machine, by where its partners are on nodes.
fn abg_costs(
    ctx: &mut Ctx,
    collective: Collective,
    p: u32,
    algorithms: impl Iterator<Item = &'static crate::collectives::Algorithm>,
) -> Result<Vec<(&'static str, Cost)>, Error> {
    let m = abg(ctx, p, collective.reduces())?;
    let levels = levels(ctx, &m, p)?;
    let ranges = piecewise_of(ctx, collective)?;
    let levels = levels.map(|l| Levels { ranges, ..l });
    let algorithms: Vec<_> = algorithms.collect();
    if let Some(l) = levels {
        read_node_keys(ctx, &l, collective, &algorithms, p);
    }
    Ok(algorithms
        .into_iter()
        .map(|a| {
            let cost: Cost = match (ranges, levels) {
                // Every rank on its own node: each step in the range of its message.
                (Some(model), l) if l.is_none_or(|l| l.ppn <= 1) => {
                    Box::new(move |n| a.cost_in_ranges(&model, m.gamma, p, n))
                }
                _ => algorithm_cost(collective, a, m, levels, p),
            };
            (a.id, cost)
        })
        .collect())
}

/// The costs of the algorithms the libraries run by default beyond the collective's own
/// ([`crate::collectives::LIBRARY_ALGORITHMS`]), costed as [`menu`] costs those.
pub fn library_menu(
    ctx: &mut Ctx,
    collective: Collective,
    p: u32,
) -> Result<Vec<(&'static str, Cost)>, Error> {
    abg_costs(
        ctx,
        collective,
        p,
        crate::collectives::library_algorithms(collective),
    )
}

/// The machine's ranges where the scenario's model is the piecewise one (α and β overridden
/// under their own names, as the model's own parameters), else `None`.
fn piecewise_of(ctx: &mut Ctx, collective: Collective) -> Result<Option<Piecewise>, Error> {
    match (ctx.model, collective) {
        (Model::Piecewise, Collective::Barrier) => piecewise::first_range(ctx).map(Some),
        (Model::Piecewise, _) => piecewise::model(ctx).map(Some),
        _ => Ok(None),
    }
}

/// The `algo=` ids a collective offers on a machine: `best`, the α-β-γ algorithms, LogGP's
/// binomial broadcast, then the papers' algorithms for that machine. Where a machine had
/// algorithms for the pattern before the collectives (002's all-to-all and barrier), those
/// come first and stay its default.
pub fn algos(collective: Collective, machine: &Machine) -> &'static [&'static str] {
    let id = machine.id;
    match collective {
        Collective::Broadcast if id == "atm-sparc20" => &[
            "best",
            "binomial",
            "scatter-rd-allgather",
            "scatter-ring-allgather",
            "pipelined-chain",
            "loggp-binomial",
            "multicast",
        ],
        Collective::Broadcast => &[
            "best",
            "binomial",
            "scatter-rd-allgather",
            "scatter-ring-allgather",
            "pipelined-chain",
            "loggp-binomial",
        ],
        Collective::Allgather if HYPERCUBES.contains(&id) => {
            &["best", "ring", "recursive-doubling", "bruck", "nway-ring"]
        }
        Collective::Allgather => &["best", "ring", "recursive-doubling", "bruck"],
        Collective::ReduceScatter => &["best", "recursive-halving", "pairwise"],
        Collective::Allreduce if id == "intel-delta" => &[
            "best",
            "recursive-doubling",
            "rabenseifner",
            "ring",
            "tree",
            "snake",
            "fence",
        ],
        Collective::Allreduce => &["best", "recursive-doubling", "rabenseifner", "ring"],
        Collective::Reduce => &["best", "binomial", "rabenseifner"],
        Collective::AllToAll if id == "atm-sparc20" => {
            &["separate", "multicast", "best", "bruck", "pairwise"]
        }
        Collective::AllToAll if BSP_MACHINES.contains(&id) || SHARED_MEDIA.contains(&id) => {
            &["best", "bruck", "pairwise", "total-exchange"]
        }
        Collective::AllToAll => &["best", "bruck", "pairwise"],
        Collective::Gather | Collective::Scatter => &["best", "binomial"],
        Collective::Barrier if id == "atm-sparc20" => {
            &["total-exchange", "broadcast", "best", "dissemination"]
        }
        Collective::Barrier if BSP_MACHINES.contains(&id) => &["best", "dissemination", "measured"],
        Collective::Barrier => &["best", "dissemination"],
    }
}

/// The `algo=` ids of a collective on a machine that each name one algorithm of a [`menu`], in
/// [`algos`]'s order: without `best` (the fastest of them, not one of them) and LogGP's
/// binomial tree (the binomial algorithm under another model, which the menu leaves out). A
/// view that gives each algorithm a place (a colour) by this list gives it the same place at
/// every p, whichever algorithms a p leaves out of the menu.
pub fn menu_algos(collective: Collective, machine: &Machine) -> Vec<&'static str> {
    algos(collective, machine)
        .iter()
        .copied()
        .filter(|a| !matches!(*a, "best" | "loggp-binomial"))
        .collect()
}

/// The algorithms a collective offers on a machine under one model: [`algos`] without the
/// papers' algorithms that another of its models costs (a measured BSP barrier is not an
/// algorithm of the hyperbolic model). The query language accepts the machine's whole list
/// and says, at evaluation, which model such an algorithm needs.
pub fn algos_on(collective: Collective, machine: &Machine, model: Model) -> Vec<&'static str> {
    algos(collective, machine)
        .iter()
        .copied()
        .filter(|a| needs_model(collective, machine, a).is_none_or(|m| m == model))
        .collect()
}

/// The model a paper's algorithm needs on a machine, for error messages.
pub fn needs_model(collective: Collective, machine: &Machine, id: &str) -> Option<Model> {
    PAPERS
        .iter()
        .find(|x| x.collective == collective && x.id == id && x.machines.contains(&machine.id))
        .map(|x| x.model)
}

/// The metric key of an algorithm's time, `<algo>_us` with hyphens as underscores.
pub fn time_key(id: &str) -> &'static str {
    TIME_KEYS
        .iter()
        .find(|(a, _)| *a == id)
        .map_or("time_us", |(_, k)| *k)
}

static TIME_KEYS: [(&str, &str); 21] = [
    ("binomial", "binomial_us"),
    ("scatter-rd-allgather", "scatter_rd_allgather_us"),
    ("scatter-ring-allgather", "scatter_ring_allgather_us"),
    ("pipelined-chain", "pipelined_chain_us"),
    ("loggp-binomial", "loggp_binomial_us"),
    ("ring", "ring_us"),
    ("recursive-doubling", "recursive_doubling_us"),
    ("bruck", "bruck_us"),
    ("recursive-halving", "recursive_halving_us"),
    ("pairwise", "pairwise_us"),
    ("rabenseifner", "rabenseifner_us"),
    ("dissemination", "dissemination_us"),
    ("tree", "tree_us"),
    ("snake", "snake_us"),
    ("fence", "fence_us"),
    ("nway-ring", "nway_ring_us"),
    ("multicast", "multicast_us"),
    ("separate", "separate_us"),
    ("total-exchange", "total_exchange_us"),
    ("broadcast", "broadcast_us"),
    ("measured", "measured_us"),
];

/// Whether the time `t` beats `than` by more than rounding, a part in 10⁹. Two algorithms
/// whose costs are one expression at this p (the ring's and Rabenseifner's allreduce at p = 2)
/// differ only in their last bits: such a tie stays with the earlier algorithm, so that no
/// change of winner is found where there is none.
pub fn faster(t: f64, than: f64) -> bool {
    t < than * (1.0 - 1e-9)
}

/// The fastest of a menu at n bytes: (id, time). Ties ([`faster`]) go to the earlier algorithm.
pub fn fastest(menu: &[(&'static str, Cost)], n: f64) -> Option<(&'static str, f64)> {
    menu.iter()
        .map(|(id, c)| (*id, c(n)))
        .fold(None, |best, (id, t)| match best {
            Some((_, bt)) if !faster(t, bt) => best,
            _ => Some((id, t)),
        })
}

/// A collective pattern: every algorithm's time at the query's p and size, the fastest, the
/// machine's α, β, γ, and for broadcast the pipelined chain's exact optimal segment beside
/// its closed form. The curve is the chosen algorithm's cost over n (for `best`, the fastest
/// at each n).
pub fn evaluate(ctx: &mut Ctx, collective: Collective) -> Result<Evaluation, Error> {
    let p = ctx.p(default_p(ctx.machine));
    let choice = ctx.inputs.algo.unwrap_or("best");
    ctx.record(Key::Algo, Value::Text(choice.into()));
    let n = ctx.size(DEFAULT_SIZE);
    check_ppn(ctx, p)?;
    let (m, abg_derivations) = abg_derived(ctx, p, collective.reduces())?;
    let levels = levels(ctx, &m, p)?;
    let mut menu = menu(ctx, collective, p)?;
    let mut derivations: Vec<_> = ["alpha_us", "beta_us_per_byte", "gamma_us_per_byte"]
        .into_iter()
        .zip(abg_derivations)
        .collect();
    for (i, (id, cost)) in menu.iter().enumerate() {
        let t = cost(n);
        derivations.push((
            time_key(id),
            time_derivation(ctx, collective, i, id, &m, levels, p, n, t),
        ));
    }
    let winner = fastest(&menu, n);
    let mut loggp_cost: Option<Cost> = None;
    if collective == Collective::Broadcast {
        let chain = Chain::new(&m, p);
        derivations.extend(segment_derivations(&chain, &m, n));
        let l = loggp(ctx, &m);
        derivations.extend(loggp_derivations(&l, p, n));
        loggp_cost = Some(Box::new(move |n| l.binomial_broadcast(p, n)));
    }
    let time = match (choice, winner) {
        ("best", Some((id, _))) => {
            derivations
                .iter()
                .find(|(k, _)| *k == time_key(id))
                .map(|(_, d)| {
                    d.clone()
                        .branch("algo=best: the fastest of the algorithms at n")
                })
        }
        (chosen, _) => derivations
            .iter()
            .find(|(k, _)| *k == time_key(chosen))
            .map(|(_, d)| d.clone()),
    };
    derivations.extend(time.map(|d| ("time_us", d)));
    let cost: Cost = if choice == "best" {
        let floor = levels.and_then(|l| l.one_level(p)).unwrap_or(m);
        best_curve(ctx, collective, p, &floor, menu)?
    } else {
        match (menu.iter().position(|(id, _)| *id == choice), loggp_cost) {
            (Some(i), _) => menu.swap_remove(i).1,
            (None, Some(l)) if choice == "loggp-binomial" => l,
            _ => return Err(not_here(ctx, collective, choice)),
        }
    };
    let mut evaluation = Evaluation::derived(cost, n, derivations);
    if let Some((id, _)) = winner {
        evaluation.metrics.push(("fastest", Value::Text(id.into())));
    }
    Ok(evaluation)
}

/// The derivation of the time of the `i`th algorithm of the menu, `t` at n bytes: the α-β-γ
/// algorithms' formulas (the menu lists them first), the papers' algorithms described, with
/// their own models' time.
#[allow(clippy::too_many_arguments)]
fn time_derivation(
    ctx: &mut Ctx,
    collective: Collective,
    i: usize,
    id: &str,
    m: &Abg,
    levels: Option<Levels>,
    p: u32,
    n: f64,
    t: f64,
) -> Derivation {
    if let Some(a) = collective.algorithms().get(i).filter(|a| a.id == id) {
        if ctx.model == Model::Piecewise {
            return Derivation::described(
                "T",
                "the algorithm's steps, each message s costed α_k + s·β_k in its range k, and its γ part",
                t,
                "µs",
                a.source,
            );
        }
        return match levels.map(|l| (l, l.one_level(p))) {
            None => a.derivation(m, p, n),
            Some((_, Some(one))) => a.derivation(&one, p, n).branch(ONE_LEVEL),
            Some((l, None)) => match Schedule::of(collective, id, p, l.ppn) {
                Some(steps) => Derivation::new("T", steps.formula(&l, n), a.source),
                None => a.derivation(&l.chain_abg(p), p, n),
            }
            .branch(NODE_STEPS),
        };
    }
    let paper = PAPERS.iter().find(|x| {
        x.collective == collective
            && x.id == id
            && x.model == ctx.model
            && x.machines.contains(&ctx.machine.id)
    });
    match paper {
        Some(x) => {
            let (what, source) = x.algorithm.described();
            Derivation::described("T", what, t, "µs", source)
        }
        None => Derivation::described("T", "the algorithm's time", t, "µs", "TRG §4"),
    }
}

/// The cases of ranks on nodes, for derivations.
const NODE_STEPS: &str = "ranks on nodes (ppn): each step costs the node's α_node + sβ_node where \
    every pair is on one node, else the network's α + k·sβ with k of a node's ranks sharing \
    its interface (collectives::nodes); runs of equal steps counted once";
const ONE_LEVEL: &str = "ppn = 1 or ppn = p: one level, the closed form on its α and β";

/// 004's algorithms, costed at their exact optimal blocks.
const COMBINING: [&str; 3] = ["tree", "snake", "fence"];

/// 004's combiner on the near-square mesh of p nodes, as the menu's Tree, Snake and Fence are
/// costed (`combine`: the scenario's NBL model, ⌈n/8⌉ doubles), where `menu` holds any of them:
/// their searches can then be bounded by a ceiling ([`cost_below`], `best_curve`).
pub fn combining(
    ctx: &mut Ctx,
    p: u32,
    menu: &[(&'static str, Cost)],
) -> Result<Option<Combiner>, Error> {
    if !menu.iter().any(|(id, _)| COMBINING.contains(id)) {
        return Ok(None);
    }
    let (width, height) = mesh_of(p);
    let edit = |i: &mut Inputs| {
        i.mesh = Some((width, height));
        i.n = None;
    };
    let build = |sub: &mut Ctx| Ok(Combiner::new(&nbl::model(sub)?, Mesh { width, height }));
    Ok(Some(with_child(ctx, edit, build)?.0))
}

/// The plan of menu entry `id` in its [`combining`] combiner where it is one of 004's
/// algorithms: what [`cost_below`] searches instead of calling the entry's cost.
pub fn combining_plan<'a>(combiner: Option<&'a Combiner>, id: &str) -> Option<&'a Plan> {
    let algorithm = Algorithm::from_id(id).filter(|_| COMBINING.contains(&id))?;
    combiner?.plan(algorithm).ok()
}

/// A menu entry's cost at n bytes where that is below `ceiling`, else `ceiling`: the value of
/// `cost(n).min(ceiling)`, but one of 004's algorithms (given its [`combining_plan`]) is
/// searched with the ceiling as a bound, which cuts short the search of an algorithm too slow
/// to matter (the collectives' winner map).
pub fn cost_below(cost: &Cost, plan: Option<&Plan>, n: f64, ceiling: f64) -> f64 {
    match plan {
        Some(plan) => {
            let elements = (n / ELEMENT_BYTES).ceil().max(1.0) as u64;
            plan.time_below(elements, ceiling)
        }
        None => cost(n).min(ceiling),
    }
}

/// The `best` curve: the least time of the menu at each n, with the two costly searches
/// pruned, which leaves every value as it was. Where the menu holds 004's Tree, Snake and
/// Fence, they are costed together by 004's combiner on the near-square mesh of p nodes (as
/// `nbl::global_combine` does, on ⌈n/8⌉ doubles), its searches bounded from the start by the
/// least time of the other algorithms (`Combiner::best_time_below`). The pipelined chain's
/// exact segment search runs only where its floor (`Chain::floor`) is below the least time of
/// the others.
fn best_curve(
    ctx: &mut Ctx,
    collective: Collective,
    p: u32,
    m: &Abg,
    menu: Vec<(&'static str, Cost)>,
) -> Result<Cost, Error> {
    let combiner = combining(ctx, p, &menu)?;
    let (chain, rest): (Vec<_>, Vec<_>) = menu
        .into_iter()
        .filter(|(id, _)| !COMBINING.contains(id))
        .partition(|(id, _)| *id == "pipelined-chain");
    let floor = match piecewise_of(ctx, collective)? {
        Some(model) => Chain::new(
            &Abg {
                alpha: model.floor().alpha,
                beta: model.floor().beta,
                gamma: m.gamma,
            },
            p,
        ),
        None => Chain::new(m, p),
    };
    let chain: Option<Cost> = chain.into_iter().next().map(|(_, c)| c);
    Ok(Box::new(move |n| {
        let mut least = rest.iter().map(|(_, c)| c(n)).fold(f64::INFINITY, f64::min);
        if let Some(c) = &combiner {
            let elements = (n / ELEMENT_BYTES).ceil().max(1.0) as u64;
            least = c.best_time_below(elements, least);
        }
        match &chain {
            Some(c) if floor.floor(n) < least => least.min(c(n)),
            _ => least,
        }
    }))
}

/// Why an offered algorithm is not in the menu: it needs another model of the machine.
fn not_here(ctx: &mut Ctx, collective: Collective, choice: &str) -> Error {
    let reason = match needs_model(collective, ctx.machine, choice) {
        Some(model) if model != ctx.model => format!(
            "{choice} is costed by the {} model of {} (model={}); with model={} the algorithms are {}",
            model.id(),
            ctx.machine.id,
            model.id(),
            ctx.model.id(),
            algos_on(collective, ctx.machine, ctx.model).join(", ")
        ),
        _ => format!("{choice} cannot be costed here (see the warnings)"),
    };
    Error::Unsupported {
        key: "algo".into(),
        value: choice.into(),
        reason,
    }
}

/// The pipelined chain's metrics, derived: the search for k*, its segment ⌈n/k*⌉ and time, and
/// the closed form's segment and time (CHPV §5).
fn segment_derivations(chain: &Chain, m: &Abg, n: f64) -> Vec<(&'static str, Derivation)> {
    const SOURCE: &str = "Chan et al. 2007 §5";
    let o = chain.optimum(n);
    let q = Procs::new(chain.p).symbols();
    let m = m.symbols();
    let whole = n.ceil().max(1.0);
    let n = if whole == n {
        Expr::sym("n", n, "B")
    } else {
        Expr::max(vec![Expr::sym("n", n, "B").ceil(), Expr::num(1.0)])
    };
    let k_star = Expr::sym("k*", o.segments as f64, "");
    let segment = |k: Expr| (n.clone() / k).ceil();
    let objective = time_of(&q, &m, Expr::Var("k"), segment(Expr::Var("k")));
    let search = Expr::ArgMin {
        var: "k",
        domain: "∈ ℕ",
        objective: Box::new(objective),
        found: o.segments as f64,
    };
    let mut out = vec![
        ("opt_segments", Derivation::new("k*", search, SOURCE)),
        (
            "opt_segment_bytes",
            Derivation::new("s*", segment(k_star.clone()), SOURCE),
        ),
        (
            "opt_time_us",
            Derivation::new(
                "T",
                time_of(&q, &m, k_star.clone(), segment(k_star)),
                SOURCE,
            ),
        ),
    ];
    if let Some(s) = chain.closed_form(whole) {
        let p = chain.p;
        let depth = Expr::sym("p", f64::from(p), "") - Expr::num(2.0);
        let root = (n.clone() * m.alpha.clone() / (depth * m.beta.clone())).sqrt();
        let (formula, branch) = match root.eval() {
            r if r < 1.0 => (Expr::num(1.0), Some("√(nα/((p − 2)β)) < 1: one byte")),
            r if r > whole => (n.clone(), Some("√(nα/((p − 2)β)) > n: one segment")),
            _ => (root, None),
        };
        let mut d = Derivation::new("s", formula, SOURCE);
        d.branch.extend(branch);
        out.push(("closed_form_segment_bytes", d));
        let k = Expr::sym("k", (whole / s.round().max(1.0)).ceil(), "");
        let time = time_of(&q, &m, k.clone(), segment(k));
        let d = Derivation::new("T", time, SOURCE)
            .branch("k = ⌈n/s⌉ segments, s rounded to whole bytes");
        out.push(("closed_form_time_us", d));
    }
    out
}

/// Runs `f` with the evaluation context of a scenario, as `evaluate` builds it.
pub fn with_ctx<R>(
    scenario: &Scenario,
    f: impl FnOnce(&mut Ctx) -> Result<R, Error>,
) -> Result<R, Error> {
    f(&mut Ctx::of(scenario)?)
}

/// The pattern's legacy form: the papers' own evaluation that a machine had before the
/// collectives, kept unchanged for the queries it answered (no `algo`, or one of its own).
/// Which paper's function applies is the dispatch table's entry for the model.
pub struct Legacy {
    pub collective: Collective,
    pub machines: &'static [&'static str],
    pub algos: fn(&Machine) -> &'static [&'static str],
}

impl Legacy {
    fn applies(&self, ctx: &mut Ctx) -> bool {
        self.machines.contains(&ctx.machine.id)
            && ctx
                .inputs
                .algo
                .is_none_or(|a| (self.algos)(ctx.machine).contains(&a))
    }

    /// The papers' evaluation where it applies, else the collective's.
    pub fn or_paper(
        &self,
        ctx: &mut Ctx,
        paper: fn(&mut Ctx) -> Result<Evaluation, Error>,
    ) -> Result<Evaluation, Error> {
        if self.applies(ctx) {
            paper(ctx)
        } else {
            (ctx.engines.collectives)(ctx, self.collective)
        }
    }
}

/// A machine's α, β, γ under one of its models, at the collectives' default p: what
/// `commcalc machines` lists.
pub fn derived(machine: &'static Machine, model: Model) -> Result<Abg, Error> {
    with_ctx(&allreduce(machine, model)?, |ctx| abg(ctx, DEFAULT_P, true))
}

/// The default allreduce on a machine under one of its models: where the listing reads the
/// machine's α, β, γ.
fn allreduce(machine: &'static Machine, model: Model) -> Result<Scenario, Error> {
    Scenario::from_query(&format!(
        "machine={}&pattern=allreduce&model={}",
        machine.id,
        model.id()
    ))
    .map_err(|e| {
        e.0.into_iter()
            .next()
            .unwrap_or_else(|| Error::invalid("model", model.id(), "a model of the machine"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::MACHINES;

    /// Every algorithm a menu costs, on every machine, collective and a few p, is in the
    /// machine's list of menu algorithms, and every algorithm of that list but the papers'
    /// (which a p may leave out) is in the menu.
    #[test]
    fn the_menu_algorithms_are_what_the_menus_cost() {
        for machine in MACHINES.iter() {
            for c in Collective::ALL {
                let listed = menu_algos(c, machine);
                assert!(!listed.contains(&"best") && !listed.contains(&"loggp-binomial"));
                let q = format!("machine={}&pattern={}", machine.id, c.id());
                let Ok(scenario) = Scenario::from_query(&q) else {
                    continue;
                };
                for p in [2, 7, 16] {
                    let Ok(menu) = with_ctx(&scenario, |ctx| menu(ctx, c, p)) else {
                        continue;
                    };
                    let ids: Vec<&str> = menu.iter().map(|(id, _)| *id).collect();
                    assert!(
                        ids.iter().all(|id| listed.contains(id)),
                        "{q} p={p}: {ids:?}"
                    );
                    for a in c.algorithms() {
                        assert!(ids.contains(&a.id), "{q} p={p}: {} missing", a.id);
                    }
                }
            }
        }
        let atm = MACHINES.iter().find(|m| m.id == "atm-sparc20").unwrap();
        assert_eq!(
            menu_algos(Collective::AllToAll, atm),
            ["separate", "multicast", "bruck", "pairwise"]
        );
    }
}
