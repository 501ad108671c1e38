//! The cost models (docs/models.md), one module each, named as the papers name them. Each is plain
//! arithmetic on `f64` with its paper and equation in the doc comment; patterns compose them.

pub mod atm;
pub mod bsp;
pub mod hockney;
pub mod hyperbolic;
pub mod nbl;
pub mod packetized;
pub mod piecewise;

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

    /// The cost formula in one line, for listings.
    pub fn formula(self) -> &'static str {
        match self {
            Model::Hockney => "T(n) = α + β·n (003 eq. 1, 001 eq. 1–2, 004 §2)",
            Model::Piecewise => {
                "T(n) = α_k + β_k·n for n in range k, from its first size b_k (Clauss et al. 2011 §4)"
            }
            Model::Packetized => "t(x) = a·⌈x/p⌉ + m·x (000 eq. 1)",
            Model::Hyperbolic => "T(x) = a²/(a + b·x) + b·x (000 eq. 2)",
            Model::Bsp => "superstep w + g·h + L (001 Table 1, 002 §2.4)",
            Model::Bpram => "σ·m + ℓ per block permutation (001 Table 2)",
            Model::AtmPipeline => "Σt_k(m) + (n−1)·max t_k(m), n = ⌈x/m⌉ (002 eq. 1–3)",
            Model::Nbl => "T(L) = L·α + f(L)·β·S (004 §2)",
        }
    }
}
