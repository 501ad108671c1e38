//! The ATM pipeline model of 002 §3 (to be completed).

use serde::Serialize;

/// The link unit time of 002 §3.6: `paper` rounds 8/135.632 µs/B to 0.06 as 002 does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Link {
    Paper,
    Exact,
}

impl Link {
    pub const ALL: [Link; 2] = [Link::Paper, Link::Exact];
    pub fn id(self) -> &'static str {
        match self {
            Link::Paper => "paper",
            Link::Exact => "exact",
        }
    }
}
