//! The JavaScript API for course pages: `evaluate("<query>")` and `catalog()`, exported from
//! the same module the app runs (README, "JavaScript API").
//!
//! Both return plain JS data through serde-wasm-bindgen's JSON-compatible serializer, so a
//! page sees objects and arrays (never `Map`s) shaped exactly like the CLI's `--json` output:
//! `evaluate` gives the eval JSON's report and `catalog` the listings of `commcalc machines --json`
//! and `commcalc patterns --json`. The browser tests compare the two.

use serde::Serialize;
use serde_wasm_bindgen::Serializer;
use wasm_bindgen::prelude::*;

use commcalc_core::listing::Catalog;

/// Evaluates a query and returns its report `{ query, metrics, curve, warnings }` (docs/reports.md).
///
/// A query the core rejects throws an `Error` whose message is the one the app shows: every
/// problem on its own line.
#[wasm_bindgen]
pub fn evaluate(query: &str) -> Result<JsValue, JsError> {
    let report = commcalc_core::run(query).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&report)
}

/// How each metric of a query's report was computed: `{ metric: { symbol, formula, values,
/// with, source, branch? } }`, the `explain` member of `commcalc eval --json --explain`
/// (docs/explain.md). `fastest`, a name rather than a number, is absent.
#[wasm_bindgen]
pub fn explain(query: &str) -> Result<JsValue, JsError> {
    let report = commcalc_core::run(query).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&report.derivations)
}

/// The machines and patterns the query language accepts: `{ machines: [...], patterns: [...] }`,
/// each entry as `commcalc machines --json` and `commcalc patterns --json` print it.
#[wasm_bindgen]
pub fn catalog() -> Result<JsValue, JsError> {
    to_js(&Catalog::new())
}

/// Plain JS data: objects rather than `Map`s for maps, `null` for a missing value.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("commcalc could not convert its result: {e}")))
}
