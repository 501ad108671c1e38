//! The cost models (docs/models.md), one module each, named as the papers name them. Each is
//! arithmetic with its paper and equation in the doc comment, written over
//! [`crate::derivation::Quantity`] where a formula is shown, so that the number and the formula
//! a reader sees ([`Model::equations`]) come from one function; patterns compose them.

pub mod atm;
pub mod bsp;
pub mod hockney;
pub mod hyperbolic;
pub mod nbl;
pub mod packetized;
pub mod piecewise;

mod formulas;

use serde::Serialize;

/// The `model=` ids of docs/models.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    Hockney,
    Piecewise,
    Packetized,
    Hyperbolic,
    Bsp,
    Bpram,
    AtmPipeline,
    Nbl,
}

impl Model {
    pub const ALL: [Model; 8] = [
        Model::Hockney,
        Model::Piecewise,
        Model::Packetized,
        Model::Hyperbolic,
        Model::Bsp,
        Model::Bpram,
        Model::AtmPipeline,
        Model::Nbl,
    ];

    /// The id used in queries.
    pub fn id(self) -> &'static str {
        match self {
            Model::Hockney => "hockney",
            Model::Piecewise => "piecewise",
            Model::Packetized => "packetized",
            Model::Hyperbolic => "hyperbolic",
            Model::Bsp => "bsp",
            Model::Bpram => "bpram",
            Model::AtmPipeline => "atm-pipeline",
            Model::Nbl => "nbl",
        }
    }

    pub fn from_id(id: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.id() == id)
    }
}
