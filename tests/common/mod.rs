//! What every paper-reproduction suite needs: run a query that must succeed, and compare a
//! model value with a paper's within a relative tolerance, saying both in the failure.

// Each suite uses its own subset of these helpers.
#![allow(dead_code)]

use commcalc_core::{run, Report};

/// The report of a query the core must accept.
pub fn report(query: &str) -> Report {
    run(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

/// Asserts |model − paper| ≤ tol·|paper|.
pub fn close(model: f64, paper: f64, tol: f64, what: &str) {
    let rel = ((model - paper) / paper).abs();
    assert!(
        rel <= tol,
        "{what}: model {model}, paper {paper} (off by {:.2}%)",
        rel * 100.0
    );
}
