//! The catalog as data for programs: every machine with its parameter sets and every pattern
//! with what it accepts, in one serialisable shape. `commcalc machines --json`,
//! `commcalc patterns --json` and the JavaScript API's `catalog()` all print these entries, so
//! the three listings cannot differ.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::catalog::{self, Machine, Param, ParamSet, SizeRow};
use crate::context::PatternDef;
use crate::glossary::{self, Words};
use crate::inputs::Key;
use crate::models::Model;
use crate::patterns::{collective, PATTERNS};

/// Metrics every report carries besides the pattern's own.
pub const ALWAYS: [&str; 2] = ["time_us", "bandwidth_MBps"];

/// The whole catalog: `{ machines: [...], patterns: [...] }`.
#[derive(Serialize)]
pub struct Catalog {
    pub machines: Vec<MachineEntry>,
    pub patterns: Vec<PatternEntry>,
}

impl Catalog {
    pub fn new() -> Self {
        Catalog {
            machines: catalog::MACHINES.iter().map(MachineEntry::new).collect(),
            patterns: PATTERNS.iter().map(PatternEntry::new).collect(),
        }
    }
}

impl Default for Catalog {
    fn default() -> Self {
        Self::new()
    }
}

/// The patterns a machine supports.
pub fn patterns_on(machine: &Machine) -> Vec<&'static str> {
    PATTERNS
        .iter()
        .filter(|p| p.unsupported_on(machine).is_none())
        .map(|p| p.id)
        .collect()
}

/// A number, or `null` where the value comes from a table by machine size (NaN), as in the
/// CLI's JSON.
fn number(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

#[derive(Serialize)]
pub struct MachineEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub paper: &'static str,
    pub description: &'static str,
    pub measured_p: [u32; 2],
    /// Where a machine of today comes from (`catalog::today`); absent for the papers' and
    /// the custom machine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<&'static catalog::Provenance>,
    pub models: Vec<&'static str>,
    pub patterns: Vec<&'static str>,
    pub sets: Vec<SetEntry>,
    /// Under each of its models, the α, β, γ the collectives use and how they are derived.
    pub collectives: Vec<CollectiveEntry>,
}

/// A machine's α, β, γ for the collectives under one model (`None` where the model gives no
/// point-to-point cost), with the rules that derive them.
#[derive(Serialize)]
pub struct CollectiveEntry {
    pub model: &'static str,
    pub alpha_us: Option<f64>,
    pub beta_us_per_byte: Option<f64>,
    pub gamma_us_per_byte: Option<f64>,
    pub alpha_beta_rule: &'static str,
    pub gamma_rule: String,
}

impl CollectiveEntry {
    pub fn new(m: &'static Machine, model: Model) -> Self {
        let abg = collective::derived(m, model).ok();
        CollectiveEntry {
            model: model.id(),
            alpha_us: abg.map(|x| x.alpha),
            beta_us_per_byte: abg.map(|x| x.beta),
            gamma_us_per_byte: abg.map(|x| x.gamma),
            alpha_beta_rule: collective::derivation(model),
            gamma_rule: collective::gamma_rule(m, model),
        }
    }
}

impl MachineEntry {
    pub fn new(m: &'static Machine) -> Self {
        MachineEntry {
            id: m.id,
            name: m.name,
            paper: m.paper,
            description: m.description,
            measured_p: [m.measured_p.0, m.measured_p.1],
            provenance: m.provenance,
            models: m.models().map(Model::id).collect(),
            patterns: patterns_on(m),
            sets: m.sets.iter().map(SetEntry::new).collect(),
            collectives: m
                .models()
                .map(|model| CollectiveEntry::new(m, model))
                .collect(),
        }
    }
}

#[derive(Serialize)]
pub struct SetEntry {
    pub model: &'static str,
    pub label: &'static str,
    pub formula: String,
    pub parameters: Vec<ParamEntry>,
    pub by_size: Vec<SizeEntry>,
    pub by_size_source: &'static str,
}

impl SetEntry {
    pub fn new(set: &'static ParamSet) -> Self {
        SetEntry {
            model: set.model.id(),
            label: set.label,
            formula: set.model.formula(),
            parameters: set.params.iter().map(ParamEntry::new).collect(),
            by_size: set.by_size.iter().map(SizeEntry::new).collect(),
            by_size_source: set.by_size_source,
        }
    }
}

#[derive(Serialize)]
pub struct ParamEntry {
    pub name: &'static str,
    pub symbol: &'static str,
    pub value: Option<f64>,
    pub unit: &'static str,
    pub range: [Option<f64>; 2],
    pub source: &'static str,
    pub note: &'static str,
}

impl ParamEntry {
    pub fn new(p: &'static Param) -> Self {
        ParamEntry {
            name: p.name,
            symbol: p.symbol,
            value: number(p.value),
            unit: p.unit,
            range: [number(p.range.0), number(p.range.1)],
            source: p.source,
            note: p.note,
        }
    }
}

#[derive(Serialize)]
pub struct SizeEntry {
    pub p: u32,
    pub mesh: String,
    pub rate: Option<f64>,
    pub latency_us: Option<f64>,
}

impl SizeEntry {
    pub fn new(r: &'static SizeRow) -> Self {
        SizeEntry {
            p: r.p,
            mesh: format!("{}x{}", r.mesh.0, r.mesh.1),
            rate: number(r.rate),
            latency_us: number(r.latency),
        }
    }
}

#[derive(Serialize)]
pub struct PatternEntry {
    pub id: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub source: &'static str,
    pub machines: &'static [&'static str],
    pub models: Vec<&'static str>,
    pub models_by_machine: BTreeMap<&'static str, Vec<&'static str>>,
    pub inputs: Vec<&'static str>,
    /// Each input key of the pattern in words (`glossary`), in the order of `inputs`.
    pub input_words: Vec<InputWords>,
    pub algos: BTreeMap<&'static str, &'static [&'static str]>,
    pub abscissa: &'static str,
    pub range_bytes: [f64; 2],
    pub metrics: Vec<&'static str>,
}

/// One input key and its words.
#[derive(Serialize)]
pub struct InputWords {
    pub key: &'static str,
    #[serde(flatten)]
    pub words: Words,
}

impl PatternEntry {
    pub fn new(p: &'static PatternDef) -> Self {
        let machines = || p.machines.iter().filter_map(|id| catalog::machine(id));
        let mut inputs: Vec<&'static str> = p.inputs.iter().map(|k| k.id()).collect();
        inputs.extend(["from", "to"]);
        let mut metrics = ALWAYS.to_vec();
        metrics.extend(p.metrics.iter().filter(|m| !ALWAYS.contains(m)));
        PatternEntry {
            id: p.id,
            title: p.title,
            description: p.description,
            source: p.source,
            machines: p.machines,
            models: p.models.iter().map(|(m, _)| m.id()).collect(),
            models_by_machine: machines()
                .filter(|m| p.unsupported_on(m).is_none())
                .map(|m| (m.id, p.models_on(m).map(Model::id).collect()))
                .collect(),
            inputs,
            input_words: p
                .inputs
                .iter()
                .filter_map(|&k| {
                    let words = match k {
                        Key::Traffic(t) => Some(glossary::traffic(t)),
                        _ => glossary::input(k, p),
                    };
                    words.map(|words| InputWords { key: k.id(), words })
                })
                .collect(),
            algos: machines()
                .map(|m| (m.id, (p.algos)(m)))
                .filter(|(_, algos)| !algos.is_empty())
                .collect(),
            abscissa: p.abscissa,
            range_bytes: [p.range.0, p.range.1],
            metrics,
        }
    }
}
