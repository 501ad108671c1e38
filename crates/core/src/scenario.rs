//! A validated scenario: what the query language describes, and what `evaluate` takes.

/// `Inputs` lives in the leaf `inputs`; its old path stays for the web and CLI crates.
pub use crate::inputs::Inputs;

use crate::catalog::Machine;
use crate::context::PatternDef;
use crate::models::Model;

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
