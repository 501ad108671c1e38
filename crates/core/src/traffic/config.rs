//! The simulator's configuration: what one run takes, its defaults and its validation. A leaf
//! of `traffic` that the query keys and the simulator import, so that neither imports the
//! module that runs them.

use super::cube::{self, Cube};
use super::lengths::Lengths;
use super::spatial::{Destinations, Spatial};
use crate::error::Error;
use crate::units::written;

/// The most messages one replication may carry: 10⁷ (the web's largest case is 10⁶).
pub const MAX_MESSAGES: u64 = 10_000_000;
/// The deepest LRU stack accepted.
pub const MAX_STACK: usize = 64;
/// The most replications accepted.
pub const MAX_REPS: u32 = 1000;

/// How messages cross intermediate nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Routing {
    /// Each hop receives the whole message before sending it on, paying t_l + N·t_c per hop
    /// (the iPSC's software routing).
    StoreForward,
    /// The start-up is paid once and the body streams through free links (routing hardware).
    CutThrough,
}

impl Routing {
    pub const ALL: [Routing; 2] = [Routing::StoreForward, Routing::CutThrough];

    pub fn id(self) -> &'static str {
        match self {
            Routing::StoreForward => "store-forward",
            Routing::CutThrough => "cut-through",
        }
    }
}

/// Whether `count` is the number of messages of the whole machine or of each node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Per {
    /// The whole cube sends `count` messages, shared as evenly as possible among the nodes.
    Total,
    /// Every node sends `count` messages.
    Node,
}

impl Per {
    pub const ALL: [Per; 2] = [Per::Total, Per::Node];

    pub fn id(self) -> &'static str {
        match self {
            Per::Total => "total",
            Per::Node => "node",
        }
    }
}

/// Everything a simulation needs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Config {
    pub cube: Cube,
    pub spatial: Spatial,
    /// b₁ … b_n; the stack depth is their number (0: no temporal locality).
    pub hits: Vec<f64>,
    /// Messages a node sends between stack flushes; 0 never flushes.
    pub flush: u32,
    pub count: u64,
    pub per: Per,
    pub lengths: Lengths,
    pub mean_bytes: f64,
    /// Mean time between a node's messages (exponential gaps); 0 generates them all at once.
    pub gap_us: f64,
    pub routing: Routing,
    /// 003 eq. 1: start-up t_l (µs) and time per byte t_c (µs/B) of one link.
    pub t_l: f64,
    pub t_c: f64,
    pub seed: u64,
    pub reps: u32,
}

impl Config {
    /// 003 §Experimental Results' workload on a 16-node cube: 3000 messages in all (the
    /// reading docs/traffic.md argues for) of exponential length, mean 512 bytes, uniform
    /// destinations, no temporal locality, generated as fast as possible, store-and-forward.
    pub fn paper(t_l: f64, t_c: f64) -> Config {
        Config {
            cube: Cube { dim: 4 },
            spatial: Spatial::Uniform,
            hits: Vec::new(),
            flush: 0,
            count: 3000,
            per: Per::Total,
            lengths: Lengths::Exp,
            mean_bytes: 512.0,
            gap_us: 0.0,
            routing: Routing::StoreForward,
            t_l,
            t_c,
            seed: 1,
            reps: 1,
        }
    }

    /// Messages each node sends: `count` each, or `count` shared out with the first
    /// `count mod nodes` nodes sending one more.
    pub fn messages_per_node(&self) -> Vec<u64> {
        let nodes = u64::from(self.cube.nodes());
        (0..nodes)
            .map(|n| match self.per {
                Per::Node => self.count,
                Per::Total => self.count / nodes + u64::from(n < self.count % nodes),
            })
            .collect()
    }

    /// Checks every rule, naming the key a problem is about and what it accepts.
    pub fn validate(&self) -> Result<(), Error> {
        let dim = self.cube.dim;
        if !(1..=cube::MAX_DIM).contains(&dim) {
            return Err(Error::invalid(
                "dim",
                dim,
                "a cube dimension from 1 to 12 (2 to 4096 nodes)",
            ));
        }
        match self.spatial {
            Spatial::Sphere { radius, phi } => {
                if !(1..=dim).contains(&radius) {
                    return Err(Error::invalid(
                        "radius",
                        radius,
                        format!("a sphere radius in hops from 1 to the diameter {dim}"),
                    ));
                }
                if !(0.0..=1.0).contains(&phi) {
                    return Err(Error::invalid("phi", phi, "a probability φ from 0 to 1"));
                }
            }
            Spatial::Decreasing { decay } if !(decay > 0.0 && decay < 1.0) => {
                return Err(Error::invalid(
                    "decay",
                    decay,
                    "a decay factor d with 0 < d < 1 (003: Φ(l) = Decay(d, lmax)·d^l)",
                ));
            }
            _ => {}
        }
        self.validate_stack()?;
        let total: u64 = self.messages_per_node().iter().sum();
        if self.count == 0 || total > MAX_MESSAGES {
            return Err(Error::invalid(
                "count",
                self.count,
                format!(
                    "a message count from 1 to {MAX_MESSAGES} in all (per={} on {} nodes)",
                    self.per.id(),
                    self.cube.nodes()
                ),
            ));
        }
        let positive = |x: f64| x.is_finite() && x >= 0.0;
        if !(positive(self.mean_bytes) && self.mean_bytes > 0.0) {
            return Err(Error::invalid(
                "size",
                self.mean_bytes,
                "a mean message length in bytes above 0",
            ));
        }
        if !positive(self.gap_us) {
            return Err(Error::invalid(
                "gap",
                self.gap_us,
                "a mean gap in µs ≥ 0 (0 = as fast as possible)",
            ));
        }
        if !positive(self.t_l) || !positive(self.t_c) {
            return Err(Error::invalid(
                "alpha",
                self.t_l,
                "t_l and t_c finite and ≥ 0",
            ));
        }
        if !(1..=MAX_REPS).contains(&self.reps) {
            return Err(Error::invalid(
                "reps",
                self.reps,
                format!("replications from 1 to {MAX_REPS}"),
            ));
        }
        Ok(())
    }

    fn validate_stack(&self) -> Result<(), Error> {
        let hits = &self.hits;
        let shown = || {
            hits.iter()
                .map(|b| b.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        if hits.len() > MAX_STACK {
            return Err(Error::invalid(
                "stack",
                hits.len(),
                format!("a stack depth from 0 to {MAX_STACK}"),
            ));
        }
        if hits.iter().any(|b| !(0.0..=1.0).contains(b)) {
            return Err(Error::invalid(
                "hit",
                shown(),
                "stack hit probabilities b₁,…,bₙ each from 0 to 1",
            ));
        }
        let sum: f64 = hits.iter().sum();
        if sum > 1.0 + 1e-12 {
            return Err(Error::invalid(
                "hit",
                shown(),
                format!(
                    "probabilities summing to at most 1 (these sum to {})",
                    written(sum)
                ),
            ));
        }
        let reachable = Destinations::new(self.cube, self.spatial).reachable() as usize;
        if sum < 1.0 && hits.len() >= reachable {
            return Err(Error::invalid("stack", hits.len(), format!("a depth below the {reachable} nodes the spatial model can choose, so that a stack miss can pick a node not in the stack")));
        }
        Ok(())
    }
}
