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

#[derive(Clone, Copy, Debug)]
pub struct Event {
    /// The time's bits: for the non-negative finite times of a simulation, ordering the bits
    /// as integers orders the times, and an integer comparison is what the heap does most.
    key: u64,
    seq: u64,
    pub kind: Kind,
}

impl Event {
    pub fn time(&self) -> f64 {
        f64::from_bits(self.key)
    }
}

impl PartialEq for Event {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Event {}

impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Event {
    /// Reversed, so that the max-heap pops the earliest event (then the first scheduled).
    fn cmp(&self, other: &Self) -> Ordering {
        (other.key, other.seq).cmp(&(self.key, self.seq))
    }
}

#[derive(Debug, Default)]
pub struct Queue {
    heap: BinaryHeap<Event>,
    scheduled: u64,
}

impl Queue {
    /// Schedules an event at a time ≥ 0 (a simulation's clock starts at 0 and only adds
    /// non-negative durations; −0 is taken as 0).
    pub fn schedule(&mut self, time: f64, kind: Kind) {
        self.heap.push(Event {
            key: (time + 0.0).to_bits(),
            seq: self.scheduled,
            kind,
        });
        self.scheduled += 1;
    }

    pub fn pop(&mut self) -> Option<Event> {
        self.heap.pop()
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
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|e| e.kind).collect();
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
}
