//! commcalc-core: the communication cost models of five papers on message-passing machines,
//! their machines and patterns as data, and the query language that names a scenario.
//!
//! The core is pure: no I/O, no panics on any input. `Scenario::from_query` validates,
//! `evaluate` computes, `Scenario::to_query` prints the canonical form.

pub mod catalog;
pub mod collectives;
pub mod compare;
pub mod context;
pub mod derivation;
pub mod error;
pub mod explain;
pub mod figures;
pub mod glossary;
pub mod grid;
pub mod inputs;
pub mod listing;
pub mod measurements;
pub mod metrics;
pub mod models;
pub mod opening;
pub mod optimise;
pub mod papers;
pub mod patterns;
pub mod query;
pub mod regimes;
pub mod report;
pub mod scenario;
pub mod tours;
pub mod traffic;
pub mod units;
pub mod validation;
pub mod values;

pub use error::{Error, Errors};
pub use inputs::Inputs;
pub use models::Model;
pub use report::{evaluate, evaluate_by, evaluate_with, Point, Report};
pub use scenario::Scenario;

/// Parses and evaluates a query in one step, as the CLI and the JavaScript API do.
pub fn run(query: &str) -> Result<Report, Errors> {
    let scenario = Scenario::from_query(query)?;
    evaluate(&scenario).map_err(Errors::from)
}
