//! `commcalc machines` and `commcalc patterns`: the catalog and the pattern declarations, as
//! text for people and JSON for programs. Both are read from the core's tables, so they list
//! exactly what the query language accepts.

use std::fmt::Write as _;

use serde::Serialize;

use commcalc_core::catalog::{self, Machine, Param};
use commcalc_core::listing::{patterns_on, MachineEntry, PatternEntry};
use commcalc_core::patterns::collective::NodeKey;
use commcalc_core::patterns::{collective, PatternDef, PATTERNS};
use commcalc_core::units::si;
use commcalc_core::Model;

use crate::args::Usage;

pub fn machines(id: Option<&str>, json: bool) -> Result<String, Usage> {
    let list = select(id, "machine", catalog::MACHINES, |m| m.id)?;
    Ok(if json {
        to_json(
            id.is_some(),
            list.into_iter().map(MachineEntry::new).collect(),
        )?
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
        to_json(
            id.is_some(),
            list.into_iter().map(PatternEntry::new).collect(),
        )?
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

/// One object when an id was asked for, an array otherwise. The entries go through
/// `serde_json::Value`, whose objects order their keys, so the output does not depend on the
/// order of the entries' fields.
fn to_json<T: Serialize>(single: bool, mut items: Vec<T>) -> Result<String, Usage> {
    let encode = |e: serde_json::Error| Usage(format!("cannot encode the listing as JSON: {e}"));
    let value = match (single, items.len()) {
        (true, 1) => serde_json::to_value(items.remove(0)),
        _ => serde_json::to_value(items),
    }
    .map_err(encode)?;
    let mut s = serde_json::to_string_pretty(&value).map_err(encode)?;
    s.push('\n');
    Ok(s)
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
            collective::gamma_rule(m, model)
        ),
        Err(e) => format!("    collectives: not derivable ({e})"),
    }
}

/// What a machine of today says of its nodes, or what is assumed in its place
/// (`collective::node_default`): ppn, the node's α-β, the interfaces.
fn node_text(m: &'static Machine) -> String {
    let default = |key| collective::node_default(m, key);
    let state = |d: &collective::NodeDefault| if d.own { "its own" } else { "assumed" };
    let (ppn, alpha, beta, nics) = (
        default(NodeKey::Ppn),
        default(NodeKey::IntraAlpha),
        default(NodeKey::IntraBeta),
        default(NodeKey::Nics),
    );
    format!(
        "  nodes: ppn {} ({}: {})\n  within a node: α {}, β {} ({}: {})\n  interfaces a node: {} ({}: {})",
        ppn.value,
        state(&ppn),
        ppn.why,
        si(alpha.value, "µs"),
        si(beta.value, "µs/B"),
        state(&alpha),
        alpha.why,
        nics.value,
        state(&nics),
        nics.why
    )
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
    if let Some(p) = m.provenance {
        let _ = writeln!(out, "  measured: {}", p.summary());
        let _ = writeln!(
            out,
            "  fitted to: {} in tests/data/measurements (commcalc fit; the best fit is {})",
            p.files.join(", "),
            p.best.id()
        );
        let _ = writeln!(out, "  from: {}", p.upstream);
        let _ = writeln!(out, "{}", node_text(m));
    }
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

fn pattern_text(p: &'static PatternDef) -> String {
    let e = PatternEntry::new(p);
    let mut out = String::new();
    let _ = writeln!(out, "{}  {}", e.id, e.title);
    let _ = writeln!(out, "  {}", e.description);
    let _ = writeln!(out, "  source:   {}", e.source);
    let _ = writeln!(out, "  machines: {}", e.machines.join(", "));
    let _ = writeln!(out, "  models:   {}", e.models.join(", "));
    let _ = writeln!(out, "  inputs:   {}", e.inputs.join(", "));
    let width = widest(&e.input_words.iter().map(|i| i.key).collect::<Vec<_>>());
    for i in &e.input_words {
        let w = &i.words;
        let unit = if w.unit.is_empty() {
            String::new()
        } else {
            format!(" ({})", w.unit)
        };
        let _ = writeln!(
            out,
            "    {}  {}{unit}. {}",
            pad(i.key, width),
            w.name,
            w.note
        );
    }
    // In the pattern's order of machines, as the declaration lists them.
    let algos: Vec<String> = e
        .machines
        .iter()
        .filter_map(|m| e.algos.get(m).map(|a| format!("{m}: {}", a.join("|"))))
        .collect();
    if algos.is_empty() {
        let _ = writeln!(out, "  algos:    none");
    } else {
        let _ = writeln!(out, "  algos:    {}", algos.join("; "));
    }
    let _ = writeln!(
        out,
        "  curve:    {} from {} to {} B",
        e.abscissa, e.range_bytes[0], e.range_bytes[1]
    );
    let _ = writeln!(out, "  metrics:  {}", e.metrics.join(", "));
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
