//! Plain JS data from the core's types, for the JavaScript API (exported by the full module,
//! `src/bin/full.rs`, docs/api.md) and the export bar's JSON.
//!
//! serde-wasm-bindgen's JSON-compatible serializer gives objects and arrays (never `Map`s),
//! shaped exactly like the CLI's `--json` output.

use serde::Serialize;
use serde_wasm_bindgen::Serializer;
use wasm_bindgen::prelude::*;

/// Plain JS data: objects rather than `Map`s for maps, `null` for a missing value.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("commcalc could not convert its result: {e}")))
}
