//! Temporal locality (003 §Temporal Locality): the least-recently-used stack model (LRUSM) of
//! Denning's working sets (1980) adapted to destinations. Each node keeps the n nodes it sent
//! to most recently, most recent first; the next message goes to stack position i with
//! probability b_i, and with the remaining probability 1 − Σb_i (a *miss*) to a node not in the
//! stack, chosen by the spatial model. A position beyond the entries the stack holds so far
//! (after a start or a flush) is a miss too. A stack of depth 0 is no temporal locality at all:
//! every destination is the spatial model's.

use super::rng::Rng;
use super::spatial::Destinations;

/// One node's LRU stack of destinations.
#[derive(Clone, Debug, Default)]
pub struct Stack {
    /// Most recently used first; at most `depth` entries.
    entries: Vec<u32>,
}

impl Stack {
    /// The next destination for `src`, with the stack updated (the chosen node moves to the
    /// top). `cumulative` holds b₁, b₁+b₂, …, b₁+…+b_n.
    pub fn next(
        &mut self,
        src: u32,
        cumulative: &[f64],
        destinations: &Destinations,
        rng: &mut Rng,
    ) -> u32 {
        if cumulative.is_empty() {
            // Depth 0: no temporal locality, every destination comes from the spatial model.
            return destinations.sample(src, &[], rng);
        }
        let u = rng.uniform();
        let position = cumulative.iter().position(|&c| u < c);
        let node = match position {
            Some(i) if i < self.entries.len() => self.entries.remove(i),
            _ => {
                let node = destinations.sample(src, &self.entries, rng);
                if self.entries.len() == cumulative.len() {
                    self.entries.pop();
                }
                node
            }
        };
        self.entries.insert(0, node);
        node
    }

    /// 003: "flushing the temporal stack periodically" models multiprogramming.
    pub fn flush(&mut self) {
        self.entries.clear();
    }
}
