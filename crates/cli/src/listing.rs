//! `commcalc machines` and `commcalc patterns`: the catalog and the pattern declarations, as
//! text for people and JSON for programs. Both are read from the core's tables, so they list
//! exactly what the query language accepts.

use std::fmt::Write as _;

use serde_json::{json, Value as Json};

use commcalc_core::catalog::{self, Machine, Param, ParamSet};
use commcalc_core::patterns::{collective, PatternDef, PATTERNS};
use commcalc_core::units::si;
use commcalc_core::Model;

use crate::args::Usage;

/// Metrics every report carries besides the pattern's own (SPEC §6).
const ALWAYS: [&str; 2] = ["time_us", "bandwidth_MBps"];

pub fn machines(id: Option<&str>, json: bool) -> Result<String, Usage> {
    let list = select(id, "machine", catalog::MACHINES, |m| m.id)?;
    Ok(if json {
        to_json(id.is_some(), list.iter().map(|m| machine_json(m)).collect())?
    } else {
        list.iter()
            .map(|m| machine_text(m))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

pub fn patterns(id: Option<&str>, json: bool) -> Result<String, Usage> {
    let list = select(id, "pattern", PATTERNS, |p| p.id)?;
    Ok(if json {
        to_json(id.is_some(), list.iter().map(|p| pattern_json(p)).collect())?
    } else {
        list.iter()
            .map(|p| pattern_text(p))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// All items, or the one with this id (an unknown id names the accepted ones).
fn select<'a, T>(
    id: Option<&str>,
    what: &str,
    all: &'a [T],
    id_of: impl Fn(&T) -> &'static str,
) -> Result<Vec<&'a T>, Usage> {
    match id {
        None => Ok(all.iter().collect()),
        Some(id) => all
            .iter()
            .find(|t| id_of(t) == id)
            .map(|t| vec![t])
            .ok_or_else(|| {
                let ids: Vec<_> = all.iter().map(id_of).collect();
                Usage(format!(
                    "unknown {what} `{id}`: expected one of {}",
                    ids.join(", ")
                ))
            }),
    }
}

/// One object when an id was asked for, an array otherwise.
fn to_json(single: bool, mut items: Vec<Json>) -> Result<String, Usage> {
    let value = match (single, items.len()) {
        (true, 1) => items.remove(0),
        _ => Json::Array(items),
    };
    let mut s = serde_json::to_string_pretty(&value)
        .map_err(|e| Usage(format!("cannot encode the listing as JSON: {e}")))?;
    s.push('\n');
    Ok(s)
}

/// The patterns a machine supports.
fn patterns_on(machine: &Machine) -> Vec<&'static str> {
    PATTERNS
        .iter()
        .filter(|p| p.unsupported_on(machine).is_none())
        .map(|p| p.id)
        .collect()
}

/// A number as JSON, `null` where the value comes from a table by machine size (NaN).
fn number(v: f64) -> Json {
    if v.is_finite() {
        json!(v)
    } else {
        Json::Null
    }
}

fn param_json(p: &Param) -> Json {
    json!({
        "name": p.name,
        "symbol": p.symbol,
        "value": number(p.value),
        "unit": p.unit,
        "range": [number(p.range.0), number(p.range.1)],
        "source": p.source,
        "note": p.note,
    })
}

fn set_json(set: &ParamSet) -> Json {
    let rows: Vec<Json> = set
        .by_size
        .iter()
        .map(|r| {
            json!({
                "p": r.p,
                "mesh": format!("{}x{}", r.mesh.0, r.mesh.1),
                "rate": number(r.rate),
                "latency_us": number(r.latency),
            })
        })
        .collect();
    json!({
        "model": set.model.id(),
        "label": set.label,
        "formula": set.model.formula(),
        "parameters": set.params.iter().map(param_json).collect::<Vec<_>>(),
        "by_size": rows,
        "by_size_source": set.by_size_source,
    })
}

fn machine_json(m: &'static Machine) -> Json {
    json!({
        "id": m.id,
        "name": m.name,
        "paper": m.paper,
        "description": m.description,
        "measured_p": [m.measured_p.0, m.measured_p.1],
        "models": m.models().map(Model::id).collect::<Vec<_>>(),
        "patterns": patterns_on(m),
        "sets": m.sets.iter().map(set_json).collect::<Vec<_>>(),
        "collectives": m.models().map(|model| {
            let abg = collective::derived(m, model).ok();
            json!({
                "model": model.id(),
                "alpha_us": abg.map(|x| x.alpha),
                "beta_us_per_byte": abg.map(|x| x.beta),
                "gamma_us_per_byte": abg.map(|x| x.gamma),
                "alpha_beta_rule": collective::derivation(model),
                "gamma_rule": collective::gamma_rule(m),
            })
        }).collect::<Vec<_>>(),
    })
}

/// The machine's α, β, γ for the collectives under one model, and how they are derived.
fn collectives_text(m: &'static Machine, model: Model) -> String {
    match collective::derived(m, model) {
        Ok(x) => format!(
            "    collectives: α {}, β {}, γ {} (at p = {}): {}; {}",
            si(x.alpha, "µs"),
            si(x.beta, "µs/B"),
            si(x.gamma, "µs/B"),
            collective::DEFAULT_P,
            collective::derivation(model),
            collective::gamma_rule(m)
        ),
        Err(e) => format!("    collectives: not derivable ({e})"),
    }
}

/// A parameter value in the paper's unit, as the paper prints it.
fn value_text(p: &Param) -> String {
    if p.value.is_finite() {
        format!("{} {}", p.value, p.unit).trim_end().to_string()
    } else {
        "by machine size".to_string()
    }
}

fn machine_text(m: &'static Machine) -> String {
    let mut out = String::new();
    let paper = if m.paper.is_empty() {
        String::new()
    } else {
        format!(" (paper {})", m.paper)
    };
    let _ = writeln!(out, "{}  {}{paper}", m.id, m.name);
    let _ = writeln!(out, "  {}", m.description);
    let _ = writeln!(out, "  measured p: {}…{}", m.measured_p.0, m.measured_p.1);
    let _ = writeln!(out, "  patterns: {}", patterns_on(m).join(", "));
    for set in m.sets {
        let _ = writeln!(
            out,
            "  model {} ({}): {}",
            set.model.id(),
            set.label,
            set.model.formula()
        );
        let names: Vec<&str> = set.params.iter().map(|p| p.name).collect();
        let values: Vec<String> = set.params.iter().map(value_text).collect();
        let ranges: Vec<String> = set
            .params
            .iter()
            .map(|p| format!("{}–{}", p.range.0, p.range.1))
            .collect();
        let (nw, vw, rw) = (widest(&names), widest(&values), widest(&ranges));
        for (i, p) in set.params.iter().enumerate() {
            let symbol = if p.symbol.is_empty() || p.symbol == p.name {
                String::new()
            } else {
                format!(" [{}]", p.symbol)
            };
            let line = format!(
                "    {}  {}  range {}  {}{symbol}: {}",
                pad(names[i], nw),
                pad(&values[i], vw),
                pad(&ranges[i], rw),
                p.source,
                p.note
            );
            let _ = writeln!(out, "{line}");
        }
        if !set.by_size.is_empty() {
            // g (µs/word) for BSP, σ (µs/B) for BPRAM: the unit of the set's first parameter.
            let (rate, unit) = set
                .params
                .first()
                .map(|p| (p.symbol, p.unit))
                .unwrap_or(("rate", ""));
            let _ = writeln!(out, "    by machine size ({}):", set.by_size_source);
            for r in set.by_size {
                let mesh = format!("{}x{}", r.mesh.0, r.mesh.1);
                let _ = writeln!(
                    out,
                    "      p = {:>3}  mesh {}  {rate} = {} {unit}  latency {} µs",
                    r.p,
                    pad(&mesh, 5),
                    r.rate,
                    r.latency
                );
            }
        }
        let _ = writeln!(out, "{}", collectives_text(m, set.model));
    }
    out
}

/// The width of the widest string, in characters (µ and – are one character, several bytes).
fn widest<S: AsRef<str>>(items: &[S]) -> usize {
    items
        .iter()
        .map(|s| s.as_ref().chars().count())
        .max()
        .unwrap_or(0)
}

/// Left-aligns to a width in characters.
fn pad(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// The algorithms each machine offers for a pattern, for the machines that offer any.
fn algos_by_machine(p: &PatternDef) -> Vec<(&'static str, &'static [&'static str])> {
    p.machines
        .iter()
        .filter_map(|id| catalog::machine(id))
        .map(|m| (m.id, (p.algos)(m)))
        .filter(|(_, algos)| !algos.is_empty())
        .collect()
}

fn metrics_of(p: &PatternDef) -> Vec<&'static str> {
    let mut all = ALWAYS.to_vec();
    all.extend(p.metrics.iter().filter(|m| !ALWAYS.contains(m)));
    all
}

fn inputs_of(p: &PatternDef) -> Vec<&'static str> {
    let mut all: Vec<&str> = p.inputs.iter().map(|k| k.id()).collect();
    all.extend(["from", "to"]);
    all
}

fn pattern_json(p: &PatternDef) -> Json {
    let algos: serde_json::Map<String, Json> = algos_by_machine(p)
        .into_iter()
        .map(|(m, a)| (m.to_string(), json!(a)))
        .collect();
    let models_by_machine: serde_json::Map<String, Json> = p
        .machines
        .iter()
        .filter_map(|id| catalog::machine(id))
        .filter(|m| p.unsupported_on(m).is_none())
        .map(|m| {
            let models: Vec<_> = p.models_on(m).map(Model::id).collect();
            (m.id.to_string(), json!(models))
        })
        .collect();
    json!({
        "id": p.id,
        "title": p.title,
        "description": p.description,
        "source": p.source,
        "machines": p.machines,
        "models": p.models.iter().map(|m| m.id()).collect::<Vec<_>>(),
        "models_by_machine": models_by_machine,
        "inputs": inputs_of(p),
        "algos": algos,
        "abscissa": p.abscissa,
        "range_bytes": [p.range.0, p.range.1],
        "metrics": metrics_of(p),
    })
}

fn pattern_text(p: &PatternDef) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}  {}", p.id, p.title);
    let _ = writeln!(out, "  {}", p.description);
    let _ = writeln!(out, "  source:   {}", p.source);
    let _ = writeln!(out, "  machines: {}", p.machines.join(", "));
    let models: Vec<_> = p.models.iter().map(|m| m.id()).collect();
    let _ = writeln!(out, "  models:   {}", models.join(", "));
    let _ = writeln!(out, "  inputs:   {}", inputs_of(p).join(", "));
    let algos = algos_by_machine(p);
    if algos.is_empty() {
        let _ = writeln!(out, "  algos:    none");
    } else {
        let list: Vec<String> = algos
            .iter()
            .map(|(m, a)| format!("{m}: {}", a.join("|")))
            .collect();
        let _ = writeln!(out, "  algos:    {}", list.join("; "));
    }
    let _ = writeln!(
        out,
        "  curve:    {} from {} to {} B",
        p.abscissa, p.range.0, p.range.1
    );
    let _ = writeln!(out, "  metrics:  {}", metrics_of(p).join(", "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_machine_and_pattern_lists() {
        assert!(machines(None, false).is_ok_and(|s| s.contains("intel-paragon")));
        assert!(patterns(None, true).is_ok_and(|s| s.contains("\"pingpong\"")));
        assert!(machines(Some("nope"), false).is_err());
        assert!(patterns(Some("pingpong"), true).is_ok_and(|s| s.starts_with('{')));
        // Every pattern names machines that exist.
        for p in PATTERNS {
            for m in p.machines {
                assert!(catalog::machine(m).is_some(), "{}: {m}", p.id);
            }
        }
        assert!(commcalc_core::patterns::pattern("pingpong").is_some());
    }
}
