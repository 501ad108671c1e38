//! A validated scenario: what the query language describes, and what `evaluate` takes.

use crate::catalog::Machine;
use crate::models::atm::Link;
use crate::models::nbl::FSet;
use crate::models::Model;
use crate::patterns::PatternDef;
use crate::traffic::query::TrafficInputs;

/// The pattern inputs of the query language. `None` means "the pattern's default"; the canonical query
/// prints only what was given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inputs {
    /// Message size in bytes.
    pub size: Option<f64>,
    /// 002's data size x: the bytes one end point sends over one connection.
    pub data: Option<f64>,
    /// Processors.
    pub p: Option<u32>,
    /// Mesh width × height.
    pub mesh: Option<(u32, u32)>,
    /// Vector length in elements (global combining).
    pub n: Option<f64>,
    /// h of an h-relation, in words.
    pub h: Option<f64>,
    /// Algorithm, one of the pattern's `algos`.
    pub algo: Option<&'static str>,
    /// NBL f(L) set.
    pub f: Option<FSet>,
    /// Number of bsp_put calls.
    pub k: Option<u32>,
    /// ATM link unit time.
    pub link: Option<Link>,
    /// The traffic simulator's keys.
    pub traffic: TrafficInputs,
    /// The curve's range, in the pattern's abscissa (bytes).
    pub from: Option<f64>,
    pub to: Option<f64>,
}

/// A machine, a pattern, a model, the inputs and any parameter overrides, all validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub machine: &'static Machine,
    pub pattern: &'static PatternDef,
    pub model: Model,
    pub inputs: Inputs,
    /// Parameter overrides, sorted by name.
    pub overrides: Vec<(&'static str, f64)>,
}

impl PartialEq for Machine {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl PartialEq for PatternDef {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
