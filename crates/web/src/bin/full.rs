//! The full module: every view, and the JavaScript API. The calculator's module loads it the
//! first time another view opens, and it takes the page over (`lazy`); index.html builds it
//! beside the first module without starting it. `commcalc.js` (scripts/post-build.mjs)
//! re-exports it for course pages, so the first module does not carry the API.
#![cfg_attr(target_arch = "wasm32", no_main)]

commcalc_web::module!(ALL);

/// The JavaScript API for course pages: `evaluate(query)`, `explain(query)` and
/// `catalog()` (docs/api.md). Each returns what the CLI's `--json` output holds,
/// as plain JS data; the browser tests compare the two.
#[cfg(target_arch = "wasm32")]
mod api {
    use commcalc_core::listing::Catalog;
    use commcalc_web::api::to_js;
    use wasm_bindgen::prelude::*;

    /// Evaluates a query and returns its report `{ query, metrics, curve, warnings }`
    /// (docs/reports.md).
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

    /// The machines and patterns the query language accepts: `{ machines: [...], patterns:
    /// [...] }`, each entry as `commcalc machines --json` and `commcalc patterns --json` print
    /// it.
    #[wasm_bindgen]
    pub fn catalog() -> Result<JsValue, JsError> {
        to_js(&Catalog::new())
    }
}
