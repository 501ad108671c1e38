//! The inputs of a scenario and the keys that name them: the leaf the scenario, the evaluation
//! context and the patterns import, so that none of them needs another to name what it reads.

use serde::Serialize;

use crate::models::atm::Link;
use crate::models::nbl::FSet;
use crate::traffic::query::{TrafficInputs, TrafficKey};
use crate::units::{ELEMENT_BYTES, WORD_BYTES};

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

impl Inputs {
    /// The keys of [`Key::ALL`] given a value (the traffic keys, `from` and `to` are apart).
    pub fn given(&self) -> Vec<Key> {
        let given = [
            self.size.is_some(),
            self.data.is_some(),
            self.p.is_some(),
            self.mesh.is_some(),
            self.n.is_some(),
            self.h.is_some(),
            self.algo.is_some(),
            self.f.is_some(),
            self.k.is_some(),
            self.link.is_some(),
        ];
        Key::ALL
            .into_iter()
            .zip(given)
            .filter_map(|(k, g)| g.then_some(k))
            .collect()
    }

    /// The curve's range for these inputs and a pattern's default range (at least a decade
    /// long when only `from` is given).
    pub fn range(&self, (lo, hi): (f64, f64)) -> (f64, f64) {
        let from = self.from.unwrap_or(lo);
        let to = self.to.unwrap_or(hi.max(from * 10.0));
        (from, to.max(from))
    }
}

/// An input key a pattern can take. `from` and `to` are always accepted. It serialises as its
/// id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Size,
    Data,
    P,
    Mesh,
    N,
    H,
    Algo,
    F,
    K,
    Link,
    /// The synthetic traffic simulator's keys (dim, spatial, hit, …).
    Traffic(TrafficKey),
}

impl Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl Key {
    pub const ALL: [Key; 10] = [
        Key::Size,
        Key::Data,
        Key::P,
        Key::Mesh,
        Key::N,
        Key::H,
        Key::Algo,
        Key::F,
        Key::K,
        Key::Link,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Key::Size => "size",
            Key::Data => "data",
            Key::P => "p",
            Key::Mesh => "mesh",
            Key::N => "n",
            Key::H => "h",
            Key::Algo => "algo",
            Key::F => "f",
            Key::K => "k",
            Key::Link => "link",
            Key::Traffic(t) => t.id(),
        }
    }

    /// Bytes in one unit of a size input: a byte of a message or of 002's data x, a BSP word of
    /// h, a DELTA element of n; `None` for an input that is not a size.
    pub fn unit_bytes(self) -> Option<f64> {
        match self {
            Key::Size | Key::Data => Some(1.0),
            Key::H => Some(WORD_BYTES),
            Key::N => Some(ELEMENT_BYTES),
            _ => None,
        }
    }

    /// Whether the key takes whole numbers only: sizes are whole bytes, elements and words,
    /// and counts are whole.
    pub fn whole(self) -> bool {
        match self {
            Key::Size | Key::Data | Key::N | Key::H | Key::P | Key::K => true,
            Key::Traffic(t) => t.whole(),
            Key::Mesh | Key::Algo | Key::F | Key::Link => false,
        }
    }

    /// The key of an id, if it is one.
    pub fn of(id: &str) -> Option<Key> {
        Key::all().find(|k| k.id() == id)
    }

    /// Every key: `ALL` and the traffic keys.
    pub fn all() -> impl Iterator<Item = Key> {
        Key::ALL
            .into_iter()
            .chain(TrafficKey::ALL.into_iter().map(Key::Traffic))
    }
}
