//! The value of a pattern's metric, below everything that reports one (the derivations, the
//! evaluation context, the patterns, the report): it imports nothing of the crate, so that the
//! derivations need not import the inputs, whose link type comes from a model that derives.

use serde::Serialize;

/// A metric value: almost all are numbers; `fastest` names an algorithm.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Number(f64),
    Text(String),
}
