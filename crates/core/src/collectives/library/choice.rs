//! A library's choice and the small facts every version's table shares: how it is named, the
//! count of elements a call passes, p′.

use serde::Serialize;

use crate::collectives::Collective;

/// A library's choice at one (p, n): its own name for the algorithm, and commcalc's id where
/// commcalc costs the same algorithm, one of the map's or of the libraries' own
/// ([`crate::collectives::LIBRARY_ALGORITHMS`]); `None` for an algorithm commcalc does not
/// model, such as Open MPI's split binary tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub name: &'static str,
    pub algo: Option<&'static str>,
}

pub(super) const fn ours(name: &'static str) -> Choice {
    Choice {
        name,
        algo: Some(name),
    }
}

/// A library algorithm under its own name that commcalc costs under another id.
pub(super) const fn ours_named(name: &'static str, algo: &'static str) -> Choice {
    Choice {
        name,
        algo: Some(algo),
    }
}

pub(super) const fn theirs(name: &'static str) -> Choice {
    Choice { name, algo: None }
}

/// The largest power of two not above p.
pub(super) fn pow2_below(p: u32) -> u32 {
    1 << (31 - p.max(1).leading_zeros())
}

/// The count of elements an MPI call passes for commcalc's n bytes: 8-byte doubles for a
/// reduction (a sum of doubles), bytes for the others.
pub fn count(c: Collective, n: f64) -> f64 {
    if c.reduces() {
        n / 8.0
    } else {
        n
    }
}
