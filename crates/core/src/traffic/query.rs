//! The traffic keys of the query language: parsing one value, the checks that involve several
//! keys, the canonical printing, and the simulator's configuration with every default filled
//! in. Everything the `traffic` pattern takes beyond `size` lives here, so the rest of the
//! query language only forwards these keys.

use super::config::{Config, Per, Routing, MAX_MESSAGES, MAX_REPS, MAX_STACK};
use super::cube::{self, Cube};
use super::lengths::Lengths;
use super::spatial::Spatial;
use crate::error::Error;
use crate::units::parse_number;

/// A query key of the traffic pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrafficKey {
    Dim,
    Spatial,
    Radius,
    Phi,
    Decay,
    Stack,
    Hit,
    Flush,
    Count,
    Per,
    Len,
    Gap,
    Routing,
    Seed,
    Reps,
}

impl TrafficKey {
    /// In canonical order.
    pub const ALL: [TrafficKey; 15] = [
        TrafficKey::Dim,
        TrafficKey::Spatial,
        TrafficKey::Radius,
        TrafficKey::Phi,
        TrafficKey::Decay,
        TrafficKey::Stack,
        TrafficKey::Hit,
        TrafficKey::Flush,
        TrafficKey::Count,
        TrafficKey::Per,
        TrafficKey::Len,
        TrafficKey::Gap,
        TrafficKey::Routing,
        TrafficKey::Seed,
        TrafficKey::Reps,
    ];

    pub fn id(self) -> &'static str {
        match self {
            TrafficKey::Dim => "dim",
            TrafficKey::Spatial => "spatial",
            TrafficKey::Radius => "radius",
            TrafficKey::Phi => "phi",
            TrafficKey::Decay => "decay",
            TrafficKey::Stack => "stack",
            TrafficKey::Hit => "hit",
            TrafficKey::Flush => "flush",
            TrafficKey::Count => "count",
            TrafficKey::Per => "per",
            TrafficKey::Len => "len",
            TrafficKey::Gap => "gap",
            TrafficKey::Routing => "routing",
            TrafficKey::Seed => "seed",
            TrafficKey::Reps => "reps",
        }
    }

    /// The spatial model whose parameter the key is (`radius` and `phi` the sphere's, `decay`
    /// the decreasing model's): given with another model, it is refused.
    pub fn spatial_model(self) -> Option<SpatialModel> {
        match self {
            TrafficKey::Radius | TrafficKey::Phi => Some(SpatialModel::Sphere),
            TrafficKey::Decay => Some(SpatialModel::Decreasing),
            _ => None,
        }
    }

    /// Whether the key takes whole numbers only.
    pub fn whole(self) -> bool {
        use TrafficKey as K;
        matches!(
            self,
            K::Dim | K::Radius | K::Stack | K::Flush | K::Count | K::Seed | K::Reps
        )
    }
}

/// Which spatial model a query names (its parameters are separate keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpatialModel {
    Uniform,
    Sphere,
    Decreasing,
}

impl SpatialModel {
    pub const ALL: [SpatialModel; 3] = [
        SpatialModel::Uniform,
        SpatialModel::Sphere,
        SpatialModel::Decreasing,
    ];

    pub fn id(self) -> &'static str {
        match self {
            SpatialModel::Uniform => "uniform",
            SpatialModel::Sphere => "sphere",
            SpatialModel::Decreasing => "decreasing",
        }
    }
}

/// Defaults: 003 §Experimental Results' 16-node cube and 3000 messages (in all; see
/// docs/traffic.md on why), sphere φ = 1 as in 003 Fig. 7, radius 1, decay 0.5, no temporal
/// locality, never flushed, exponential lengths, as fast as possible, store-and-forward, seed
/// 1 and 5 replications (enough for a 95 % interval).
pub const DEFAULT_DIM: u32 = 4;
pub const DEFAULT_RADIUS: u32 = 1;
pub const DEFAULT_PHI: f64 = 1.0;
pub const DEFAULT_DECAY: f64 = 0.5;
pub const DEFAULT_COUNT: u64 = 3000;
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_REPS: u32 = 5;

/// The traffic keys of a query; `None` is the default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrafficInputs {
    pub dim: Option<u32>,
    pub spatial: Option<SpatialModel>,
    pub radius: Option<u32>,
    pub phi: Option<f64>,
    pub decay: Option<f64>,
    pub stack: Option<u32>,
    pub hit: Option<Vec<f64>>,
    pub flush: Option<u32>,
    pub count: Option<u64>,
    pub per: Option<Per>,
    pub len: Option<Lengths>,
    pub gap: Option<f64>,
    pub routing: Option<Routing>,
    pub seed: Option<u64>,
    pub reps: Option<u32>,
}

impl TrafficKey {
    /// What the key accepts, with its range or its values: a refused value's message and the
    /// CLI's list of the keys both say it so.
    pub fn accepts(self) -> String {
        use TrafficKey as K;
        let one_of = |ids: &[&str]| format!("one of {}", ids.join(", "));
        match self {
            K::Dim => format!(
                "the cube's dimension d (2^d nodes): a whole number from 1 to {}, default {DEFAULT_DIM}",
                cube::MAX_DIM
            ),
            K::Spatial => one_of(&SpatialModel::ALL.map(SpatialModel::id)),
            K::Radius => format!(
                "the sphere's radius L in hops: a whole number from 1 to {}, default {DEFAULT_RADIUS}",
                cube::MAX_DIM
            ),
            K::Phi => format!("φ, the probability of a destination inside the sphere: a number from 0 to 1, default {DEFAULT_PHI}"),
            K::Decay => format!("the decay factor d of Φ(l) = Decay(d, lmax)·d^l: a number with 0 < d < 1, default {DEFAULT_DECAY}"),
            K::Stack => format!("the LRU stack depth n: a whole number from 0 to {MAX_STACK}, the number of hit probabilities"),
            K::Hit => format!("stack hit probabilities b₁,…,bₙ, comma-separated, each a number from 0 to 1, at most {MAX_STACK} summing to at most 1"),
            K::Flush => format!("messages between stack flushes: a whole number from 0 (never) to {}", u32::MAX),
            K::Count => format!("messages to send: a whole number from 1 to {MAX_MESSAGES}, default {DEFAULT_COUNT}"),
            K::Per => one_of(&Per::ALL.map(Per::id)),
            K::Len => one_of(&Lengths::ALL.map(Lengths::id)),
            K::Gap => "the mean time between a node's messages in µs: a number from 0 (as fast as possible) to 10¹²".into(),
            K::Routing => one_of(&Routing::ALL.map(Routing::id)),
            K::Seed => format!("the random seed: a whole number from 0 to {}, default {DEFAULT_SEED}", u64::MAX),
            K::Reps => format!("replications: a whole number from 1 to {MAX_REPS}, default {DEFAULT_REPS}"),
        }
    }

    /// The refusal of `value`, with what the key accepts.
    fn refuse(self, value: &str) -> Error {
        Error::invalid(self.id(), value, self.accepts())
    }
}

fn whole<T: std::str::FromStr + PartialOrd + Copy>(
    key: TrafficKey,
    value: &str,
    (lo, hi): (T, T),
) -> Result<T, Error> {
    value
        .trim()
        .parse::<T>()
        .ok()
        .filter(|v| *v >= lo && *v <= hi)
        .ok_or_else(|| key.refuse(value))
}

/// A number from 0 to 1.
fn probability(value: &str) -> Option<f64> {
    parse_number(value).filter(|v| *v <= 1.0)
}

fn choice<T: Copy>(
    key: TrafficKey,
    value: &str,
    all: &[T],
    id: fn(T) -> &'static str,
) -> Result<T, Error> {
    all.iter()
        .copied()
        .find(|x| id(*x) == value)
        .ok_or_else(|| key.refuse(value))
}

/// The decay factor d of the decreasing-probability model, 0 < d < 1.
fn decay(key: TrafficKey, value: &str) -> Result<f64, Error> {
    let d = parse_number(value).filter(|d| *d > 0.0 && *d < 1.0);
    d.ok_or_else(|| key.refuse(value))
}

/// The stack hit probabilities b₁,…,bₙ, comma-separated, at most `MAX_STACK` of them. A bad
/// one is named by its place in the whole value (`hit=0.5,,0.2`: the 2nd is empty), which the
/// message shows as given.
fn hits(key: TrafficKey, value: &str) -> Result<Vec<f64>, Error> {
    let hits = value
        .split(',')
        .enumerate()
        .map(|(i, b)| {
            probability(b).ok_or_else(|| {
                let what = match b.trim() {
                    "" => "empty".to_string(),
                    b => format!("`{b}`"),
                };
                Error::invalid(
                    key.id(),
                    value,
                    format!("{} (b{} is {what})", key.accepts(), i + 1),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if hits.len() > MAX_STACK {
        return Err(key.refuse(value));
    }
    Ok(hits)
}

/// The mean gap between a node's messages in µs, 0 to 10¹².
fn gap(key: TrafficKey, value: &str) -> Result<f64, Error> {
    let gap = parse_number(value).filter(|g| *g <= 1e12);
    gap.ok_or_else(|| key.refuse(value))
}

impl TrafficInputs {
    /// Parses one key's value, checking what the value alone can tell.
    pub fn set(&mut self, key: TrafficKey, value: &str) -> Result<(), Error> {
        use TrafficKey as K;
        match key {
            K::Dim => self.dim = Some(whole(key, value, (1, cube::MAX_DIM))?),
            K::Spatial => {
                self.spatial = Some(choice(key, value, &SpatialModel::ALL, SpatialModel::id)?)
            }
            K::Radius => self.radius = Some(whole(key, value, (1, cube::MAX_DIM))?),
            K::Phi => self.phi = Some(probability(value).ok_or_else(|| key.refuse(value))?),
            K::Decay => self.decay = Some(decay(key, value)?),
            K::Stack => self.stack = Some(whole(key, value, (0, MAX_STACK as u32))?),
            K::Hit => self.hit = Some(hits(key, value)?),
            K::Flush => self.flush = Some(whole(key, value, (0, u32::MAX))?),
            K::Count => self.count = Some(whole(key, value, (1, MAX_MESSAGES))?),
            K::Per => self.per = Some(choice(key, value, &Per::ALL, Per::id)?),
            K::Len => self.len = Some(choice(key, value, &Lengths::ALL, Lengths::id)?),
            K::Gap => self.gap = Some(gap(key, value)?),
            K::Routing => self.routing = Some(choice(key, value, &Routing::ALL, Routing::id)?),
            K::Seed => self.seed = Some(whole(key, value, (0, u64::MAX))?),
            K::Reps => self.reps = Some(whole(key, value, (1, MAX_REPS))?),
        }
        Ok(())
    }

    /// Forgets one key (the query language drops a key that conflicts with the others).
    pub fn clear(&mut self, key: TrafficKey) {
        use TrafficKey as K;
        match key {
            K::Dim => self.dim = None,
            K::Spatial => self.spatial = None,
            K::Radius => self.radius = None,
            K::Phi => self.phi = None,
            K::Decay => self.decay = None,
            K::Stack => self.stack = None,
            K::Hit => self.hit = None,
            K::Flush => self.flush = None,
            K::Count => self.count = None,
            K::Per => self.per = None,
            K::Len => self.len = None,
            K::Gap => self.gap = None,
            K::Routing => self.routing = None,
            K::Seed => self.seed = None,
            K::Reps => self.reps = None,
        }
    }

    /// The keys given, as `(key, value)` in canonical order and canonical form.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        use TrafficKey as K;
        let num = |v: f64| format!("{v}");
        let mut out = Vec::new();
        for key in TrafficKey::ALL {
            let value = match key {
                K::Dim => self.dim.map(|v| v.to_string()),
                K::Spatial => self.spatial.map(|v| v.id().to_string()),
                K::Radius => self.radius.map(|v| v.to_string()),
                K::Phi => self.phi.map(num),
                K::Decay => self.decay.map(num),
                K::Stack => self.stack.map(|v| v.to_string()),
                K::Hit => self
                    .hit
                    .as_ref()
                    .map(|h| h.iter().map(|b| num(*b)).collect::<Vec<_>>().join(",")),
                K::Flush => self.flush.map(|v| v.to_string()),
                K::Count => self.count.map(|v| v.to_string()),
                K::Per => self.per.map(|v| v.id().to_string()),
                K::Len => self.len.map(|v| v.id().to_string()),
                K::Gap => self.gap.map(num),
                K::Routing => self.routing.map(|v| v.id().to_string()),
                K::Seed => self.seed.map(|v| v.to_string()),
                K::Reps => self.reps.map(|v| v.to_string()),
            };
            if let Some(v) = value {
                out.push((key.id(), v));
            }
        }
        out
    }

    /// The rules between keys: a model's parameters only with that model, a stack depth equal
    /// to the number of hit probabilities, and everything `Config::validate` checks. Returns
    /// the key a problem is about with the error.
    pub fn check(&self) -> Result<(), (TrafficKey, Error)> {
        let model = self.spatial.unwrap_or(SpatialModel::Uniform);
        let pairs = self.pairs();
        let only = |key: TrafficKey, given: bool| {
            let wanted = key.spatial_model().unwrap_or(model);
            if given && model != wanted {
                let value = pairs
                    .iter()
                    .find(|(k, _)| *k == key.id())
                    .map(|(_, v)| v.clone());
                Err((
                    key,
                    Error::Unsupported {
                        key: key.id().into(),
                        value: value.unwrap_or_default(),
                        reason: format!(
                            "{} applies to spatial={} only (spatial is {})",
                            key.id(),
                            wanted.id(),
                            model.id()
                        ),
                    },
                ))
            } else {
                Ok(())
            }
        };
        only(TrafficKey::Radius, self.radius.is_some())?;
        only(TrafficKey::Phi, self.phi.is_some())?;
        only(TrafficKey::Decay, self.decay.is_some())?;
        let hits = self.hit.as_ref().map_or(0, Vec::len) as u32;
        if let Some(depth) = self.stack.filter(|d| *d != hits) {
            let values = if depth == 1 { "value" } else { "values" };
            let expected = format!("a depth equal to the number of hit probabilities b₁,…,bₙ given in hit ({hits}); give hit with {depth} {values}");
            return Err((TrafficKey::Stack, Error::invalid("stack", depth, expected)));
        }
        // Size, t_l and t_c are checked with their own keys; neutral values stand in here.
        self.config(1.0, 0.0, 0.0).validate().map_err(|e| {
            let key = TrafficKey::ALL
                .into_iter()
                .find(|k| Some(k.id()) == e.key())
                .unwrap_or(TrafficKey::Dim);
            (key, e)
        })
    }

    /// The simulator's configuration: these keys with their defaults, a mean length and the
    /// link's t_l and t_c.
    pub fn config(&self, mean_bytes: f64, t_l: f64, t_c: f64) -> Config {
        let spatial = match self.spatial.unwrap_or(SpatialModel::Uniform) {
            SpatialModel::Uniform => Spatial::Uniform,
            SpatialModel::Sphere => Spatial::Sphere {
                radius: self.radius.unwrap_or(DEFAULT_RADIUS),
                phi: self.phi.unwrap_or(DEFAULT_PHI),
            },
            SpatialModel::Decreasing => Spatial::Decreasing {
                decay: self.decay.unwrap_or(DEFAULT_DECAY),
            },
        };
        Config {
            cube: Cube {
                dim: self.dim.unwrap_or(DEFAULT_DIM),
            },
            spatial,
            hits: self.hit.clone().unwrap_or_default(),
            flush: self.flush.unwrap_or(0),
            count: self.count.unwrap_or(DEFAULT_COUNT),
            per: self.per.unwrap_or(Per::Total),
            lengths: self.len.unwrap_or(Lengths::Exp),
            mean_bytes,
            gap_us: self.gap.unwrap_or(0.0),
            routing: self.routing.unwrap_or(Routing::StoreForward),
            t_l,
            t_c,
            seed: self.seed.unwrap_or(DEFAULT_SEED),
            reps: self.reps.unwrap_or(DEFAULT_REPS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused value's message is what the key accepts, as the CLI's help lists it; a value
    /// in range is taken.
    #[test]
    fn a_refused_value_says_what_the_key_accepts() {
        for key in TrafficKey::ALL {
            let mut inputs = TrafficInputs::default();
            match inputs.set(key, "-2") {
                Err(Error::InvalidValue { expected, .. }) => {
                    assert!(expected.starts_with(&key.accepts()), "{expected}")
                }
                other => panic!("{}: {other:?}", key.id()),
            }
        }
        let mut inputs = TrafficInputs::default();
        inputs.set(TrafficKey::Dim, "12").unwrap();
        assert!(inputs.set(TrafficKey::Dim, "13").is_err());
        assert!(TrafficKey::Dim
            .accepts()
            .contains("from 1 to 12, default 4"));
        let many = vec!["0"; MAX_STACK + 1].join(",");
        assert!(inputs.set(TrafficKey::Hit, &many).is_err());
        inputs.set(TrafficKey::Hit, &many[2..]).unwrap();
    }
}
