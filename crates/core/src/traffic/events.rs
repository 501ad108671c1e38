//! The future-event list: events in time order, ties in the order they were scheduled, so
//! that a run is a deterministic function of its seed.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// What happens at an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A node generates its next message.
    Generate(u32),
    /// A link finishes the transmission it holds.
    LinkDone(u32),
    /// Cut-through: a message's header has crossed a link and reaches the next node.
    HeaderArrives(u32),
}

/// An event in 16 bytes, compared as two integers: the heap is what a large simulation spends
/// its time in, and smaller entries mean fewer cache misses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The time's bits: for the non-negative finite times of a simulation, ordering the bits
    /// as integers orders the times.
    key: u64,
    /// The scheduling order in the high 32 bits (a run schedules at most 10⁷ messages × 25
    /// events, well below 2³²), the kind in the next 2 and its node, link or message in the low
    /// 30 (at most 10⁷ messages, 24 576 links).
    tag: u64,
}

const ID_BITS: u32 = 30;
const ID_MASK: u64 = (1 << ID_BITS) - 1;

impl Event {
    pub fn time(&self) -> f64 {
        f64::from_bits(self.key)
    }

    pub fn kind(&self) -> Kind {
        let id = (self.tag & ID_MASK) as u32;
        match (self.tag >> ID_BITS) & 3 {
            0 => Kind::Generate(id),
            1 => Kind::LinkDone(id),
            _ => Kind::HeaderArrives(id),
        }
    }
}

impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Event {
    /// Reversed, so that the max-heap pops the earliest event (then the first scheduled).
    fn cmp(&self, other: &Self) -> Ordering {
        (other.key, other.tag).cmp(&(self.key, self.tag))
    }
}

/// A binary heap with one economy: the event last popped stays in the heap's top slot until
/// the next call, and if that call schedules an event (a link that finishes usually starts
/// its next message, a node that generates schedules its next one) the new event takes the
/// slot and sinks to its place: one sift instead of a removal and an insertion.
#[derive(Debug, Default)]
pub struct Queue {
    heap: BinaryHeap<Event>,
    /// Whether the top slot holds the event last popped (already returned, so dead).
    taken: bool,
    scheduled: u64,
}

impl Queue {
    /// Schedules an event at a time ≥ 0 (a simulation's clock starts at 0 and only adds
    /// non-negative durations; −0 is taken as 0).
    pub fn schedule(&mut self, time: f64, kind: Kind) {
        let (code, id) = match kind {
            Kind::Generate(id) => (0, id),
            Kind::LinkDone(id) => (1, id),
            Kind::HeaderArrives(id) => (2, id),
        };
        let event = Event {
            key: (time + 0.0).to_bits(),
            tag: (self.scheduled << 32) | (code << ID_BITS) | (u64::from(id) & ID_MASK),
        };
        self.scheduled += 1;
        if self.taken {
            if let Some(mut top) = self.heap.peek_mut() {
                *top = event;
                self.taken = false;
                return;
            }
        }
        self.heap.push(event);
    }

    /// The earliest event (the first scheduled among equals).
    pub fn pop(&mut self) -> Option<Event> {
        if self.taken {
            self.heap.pop();
        }
        let top = self.heap.peek().copied();
        self.taken = top.is_some();
        top
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_by_time_then_by_scheduling_order() {
        let mut q = Queue::default();
        q.schedule(2.0, Kind::Generate(0));
        q.schedule(1.0, Kind::Generate(1));
        q.schedule(2.0, Kind::Generate(2));
        q.schedule(0.5, Kind::LinkDone(3));
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|e| e.kind()).collect();
        assert_eq!(
            order,
            [
                Kind::LinkDone(3),
                Kind::Generate(1),
                Kind::Generate(0),
                Kind::Generate(2)
            ]
        );
    }

    /// Popping and scheduling interleaved as a simulation does (each popped event schedules
    /// zero to two later ones) gives the order a plain sorted list gives.
    #[test]
    fn the_reused_top_slot_keeps_the_order() {
        let mut rng = crate::traffic::rng::Rng::seeded(4);
        let mut q = Queue::default();
        let mut reference: Vec<(u64, u32)> = Vec::new();
        let mut order = 0u32;
        let mut schedule = |q: &mut Queue, reference: &mut Vec<(u64, u32)>, t: f64| {
            q.schedule(t, Kind::LinkDone(order));
            reference.push(((t + 0.0).to_bits(), order));
            order += 1;
        };
        for _ in 0..50 {
            schedule(&mut q, &mut reference, f64::from(rng.below(100)));
        }
        for _ in 0..2000 {
            let Some(e) = q.pop() else { break };
            reference.sort();
            let (key, id) = reference.remove(0);
            assert_eq!((e.time().to_bits(), e.kind()), (key, Kind::LinkDone(id)));
            for _ in 0..rng.below(3) {
                schedule(&mut q, &mut reference, e.time() + f64::from(rng.below(20)));
            }
        }
    }
}
