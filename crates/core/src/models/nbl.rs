//! The node-bandwidth-limited model of 004 (to be completed).

use serde::Serialize;

/// The f(L) sets of SPEC §2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FSet {
    Standard,
    Nominal,
    Fitted,
    Testjig,
}

impl FSet {
    pub const ALL: [FSet; 4] = [FSet::Standard, FSet::Nominal, FSet::Fitted, FSet::Testjig];
    pub fn id(self) -> &'static str {
        match self {
            FSet::Standard => "standard",
            FSet::Nominal => "nominal",
            FSet::Fitted => "fitted",
            FSet::Testjig => "testjig",
        }
    }
}
