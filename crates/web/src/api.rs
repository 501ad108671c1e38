//! The JavaScript API for course pages: `evaluate("<query>")` and `catalog()`, exported from
//! the same module the app runs (README, "JavaScript API").
//!
//! Both return plain JS data through serde-wasm-bindgen's JSON-compatible serializer, so a
//! page sees objects and arrays (never `Map`s) shaped exactly like the CLI's `--json` output:
//! `evaluate` gives SPEC §6's report and `catalog` the listings of `commcalc machines --json`
//! and `commcalc patterns --json`. The browser tests compare the two.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_wasm_bindgen::Serializer;
use wasm_bindgen::prelude::*;

use commcalc_core::catalog::{self, Machine, Param, ParamSet, SizeRow};
use commcalc_core::patterns::{collective, PatternDef, PATTERNS};
use commcalc_core::Model;

/// Metrics every report carries besides the pattern's own (SPEC §6).
const ALWAYS: [&str; 2] = ["time_us", "bandwidth_MBps"];

/// Evaluates a query and returns its report `{ query, metrics, curve, warnings }` (SPEC §6).
///
/// A query the core rejects throws an `Error` whose message is the one the app shows: every
/// problem on its own line.
#[wasm_bindgen]
pub fn evaluate(query: &str) -> Result<JsValue, JsError> {
    let report = commcalc_core::run(query).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&report)
}

/// The machines and patterns the query language accepts: `{ machines: [...], patterns: [...] }`,
/// each entry as `commcalc machines --json` and `commcalc patterns --json` print it.
#[wasm_bindgen]
pub fn catalog() -> Result<JsValue, JsError> {
    to_js(&Catalog {
        machines: catalog::MACHINES.iter().map(MachineEntry::new).collect(),
        patterns: PATTERNS.iter().map(PatternEntry::new).collect(),
    })
}

/// Plain JS data: objects rather than `Map`s for maps, `null` for a missing value.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("commcalc could not convert its result: {e}")))
}

/// A number, or `null` where the value comes from a table by machine size (NaN), as in the
/// CLI's JSON.
fn number(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

#[derive(Serialize)]
struct Catalog {
    machines: Vec<MachineEntry>,
    patterns: Vec<PatternEntry>,
}

#[derive(Serialize)]
struct MachineEntry {
    id: &'static str,
    name: &'static str,
    paper: &'static str,
    description: &'static str,
    measured_p: [u32; 2],
    models: Vec<&'static str>,
    patterns: Vec<&'static str>,
    sets: Vec<SetEntry>,
    collectives: Vec<CollectiveEntry>,
}

/// A machine's α, β, γ for the collectives under one model, as `commcalc machines --json`.
#[derive(Serialize)]
struct CollectiveEntry {
    model: &'static str,
    alpha_us: Option<f64>,
    beta_us_per_byte: Option<f64>,
    gamma_us_per_byte: Option<f64>,
    alpha_beta_rule: &'static str,
    gamma_rule: String,
}

impl CollectiveEntry {
    fn new(m: &'static Machine, model: Model) -> Self {
        let abg = collective::derived(m, model).ok();
        CollectiveEntry {
            model: model.id(),
            alpha_us: abg.map(|x| x.alpha),
            beta_us_per_byte: abg.map(|x| x.beta),
            gamma_us_per_byte: abg.map(|x| x.gamma),
            alpha_beta_rule: collective::derivation(model),
            gamma_rule: collective::gamma_rule(m),
        }
    }
}

impl MachineEntry {
    fn new(m: &'static Machine) -> Self {
        MachineEntry {
            id: m.id,
            name: m.name,
            paper: m.paper,
            description: m.description,
            measured_p: [m.measured_p.0, m.measured_p.1],
            models: m.models().map(Model::id).collect(),
            patterns: PATTERNS
                .iter()
                .filter(|p| p.unsupported_on(m).is_none())
                .map(|p| p.id)
                .collect(),
            sets: m.sets.iter().map(SetEntry::new).collect(),
            collectives: m
                .models()
                .map(|model| CollectiveEntry::new(m, model))
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct SetEntry {
    model: &'static str,
    label: &'static str,
    formula: &'static str,
    parameters: Vec<ParamEntry>,
    by_size: Vec<SizeEntry>,
    by_size_source: &'static str,
}

impl SetEntry {
    fn new(set: &'static ParamSet) -> Self {
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
struct ParamEntry {
    name: &'static str,
    symbol: &'static str,
    value: Option<f64>,
    unit: &'static str,
    range: [Option<f64>; 2],
    source: &'static str,
    note: &'static str,
}

impl ParamEntry {
    fn new(p: &'static Param) -> Self {
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
struct SizeEntry {
    p: u32,
    mesh: String,
    rate: Option<f64>,
    latency_us: Option<f64>,
}

impl SizeEntry {
    fn new(r: &'static SizeRow) -> Self {
        SizeEntry {
            p: r.p,
            mesh: format!("{}x{}", r.mesh.0, r.mesh.1),
            rate: number(r.rate),
            latency_us: number(r.latency),
        }
    }
}

#[derive(Serialize)]
struct PatternEntry {
    id: &'static str,
    title: &'static str,
    description: &'static str,
    source: &'static str,
    machines: &'static [&'static str],
    models: Vec<&'static str>,
    models_by_machine: BTreeMap<&'static str, Vec<&'static str>>,
    inputs: Vec<&'static str>,
    algos: BTreeMap<&'static str, &'static [&'static str]>,
    abscissa: &'static str,
    range_bytes: [f64; 2],
    metrics: Vec<&'static str>,
}

impl PatternEntry {
    fn new(p: &'static PatternDef) -> Self {
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
            models: p.models.iter().map(|m| m.id()).collect(),
            models_by_machine: machines()
                .filter(|m| p.unsupported_on(m).is_none())
                .map(|m| (m.id, p.models_on(m).map(Model::id).collect()))
                .collect(),
            inputs,
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
