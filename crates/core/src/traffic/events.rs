//! The future-event list: events in time order, ties in the order they were scheduled, so
//! that a run is a deterministic function of its seed.

/// What happens at an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A node generates its next message.
    Generate(u32),
    /// A link finishes the transmission it holds.
    LinkDone(u32),
    /// Cut-through: the first header crossing a link reaches the node at its far end.
    HeaderArrives(u32),
}

/// An event in 16 bytes: the time's bits and a tag, ordered as one 128-bit integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The time's bits: for the non-negative finite times of a simulation, ordering the bits
    /// as integers orders the times.
    key: u64,
    /// The scheduling order in the high 32 bits (a run schedules at most 10⁷ messages × 25
    /// events, well below 2³²), the kind in the next 2 and its node or link in the low 30
    /// (at most 4096 nodes, 24 576 links).
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

    /// Time first, then scheduling order: one integer, so that the queue compares once.
    fn order(&self) -> u128 {
        (u128::from(self.key) << 64) | u128::from(self.tag)
    }

    fn of(order: u128) -> Event {
        Event {
            key: (order >> 64) as u64,
            tag: order as u64,
        }
    }
}

/// The future-event list: an implicit 4-ary min-heap of event orders. A 4096-node run keeps
/// about 28 000 events pending, more than the fastest caches hold, so a pop's cost is the
/// levels it walks through memory; four children of 16 bytes share one 64-byte cache line,
/// so the walk has half the levels of a binary heap's (LaMarca and Ladner, "The influence of
/// caches on the performance of heaps", ACM JEA 1996) and touches one line per level.
///
/// One more economy: the event last popped stays in the root until the next call, and if that
/// call schedules an event (a link that finishes usually starts its next message, a node that
/// generates schedules its next one) the new event takes the root and sinks to its place:
/// one sift instead of a removal and an insertion.
#[derive(Debug, Default)]
pub struct Queue {
    heap: Vec<u128>,
    /// Whether the root holds the event last popped (already returned, so dead).
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
            self.taken = false;
            self.sift_down(0, event.order());
        } else {
            self.heap.push(event.order());
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// The earliest event (the first scheduled among equals).
    pub fn pop(&mut self) -> Option<Event> {
        if self.taken {
            self.taken = false;
            let last = self.heap.pop()?;
            if !self.heap.is_empty() {
                self.sift_down(0, last);
            }
        }
        let top = self.heap.first().copied().map(Event::of);
        self.taken = top.is_some();
        top
    }

    /// The two events `pop` will return next unless earlier ones are scheduled first (a hint:
    /// the simulation loads what they will touch while it handles the current one). The next
    /// is the least child of the root when the root is the event last popped, else the root;
    /// the one after is the least of the next one's siblings and children.
    pub fn upcoming(&self) -> [Option<Event>; 2] {
        let least = |range: std::ops::Range<usize>| {
            let end = range.end.min(self.heap.len());
            let start = range.start.min(end);
            self.heap[start..end]
                .iter()
                .enumerate()
                .min_by_key(|(_, o)| **o)
                .map(|(i, &o)| (start + i, o))
        };
        let (next, siblings) = if self.taken {
            (least(1..5), 1..5)
        } else {
            (least(0..1), 0..0)
        };
        let Some((at, order)) = next else {
            return [None, None];
        };
        let sibling = siblings
            .filter(|&i| i != at)
            .filter_map(|i| self.heap.get(i).copied());
        let child = least(4 * at + 1..4 * at + 5).map(|(_, o)| o);
        let after = sibling.chain(child).min();
        [Some(Event::of(order)), after.map(Event::of)]
    }

    /// Moves the order at `at` up to its place.
    fn sift_up(&mut self, mut at: usize) {
        let order = self.heap[at];
        while at > 0 {
            let parent = (at - 1) / 4;
            if self.heap[parent] <= order {
                break;
            }
            self.heap[at] = self.heap[parent];
            at = parent;
        }
        self.heap[at] = order;
    }

    /// Puts `order` in the hole at `at` and lets it sink below smaller children. Which child is
    /// least is random, so it is found without branches (a tournament of two pairs, each pick a
    /// conditional move), where a branch per comparison would be mispredicted half the time;
    /// the last, partial level is handled apart.
    fn sift_down(&mut self, mut at: usize, order: u128) {
        let len = self.heap.len();
        loop {
            let first = 4 * at + 1;
            let (i, least) = if first + 4 <= len {
                let c = &self.heap[first..first + 4];
                let a = usize::from(c[1] < c[0]);
                let b = 2 + usize::from(c[3] < c[2]);
                let i = if c[b] < c[a] { b } else { a };
                (i, c[i])
            } else if first < len {
                let c = &self.heap[first..len];
                let (i, &least) = c
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, o)| **o)
                    .unwrap_or((0, &order));
                (i, least)
            } else {
                break;
            };
            if least >= order {
                break;
            }
            self.heap[at] = least;
            at = first + i;
        }
        self.heap[at] = order;
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
    /// zero to two later ones, often at the same time) gives the order a plain sorted list
    /// gives.
    #[test]
    fn interleaved_pops_and_schedules_keep_the_order() {
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

    /// `upcoming` names the two events the next two pops return, whenever nothing is scheduled
    /// in between, from a heap of several levels, with the root popped or not.
    #[test]
    fn upcoming_names_the_next_two_pops() {
        let mut rng = crate::traffic::rng::Rng::seeded(9);
        let mut q = Queue::default();
        for i in 0..300 {
            q.schedule(f64::from(rng.below(1000)), Kind::LinkDone(i));
        }
        while let [Some(next), after] = q.upcoming() {
            assert_eq!(q.pop(), Some(next));
            assert_eq!(q.upcoming()[0], after);
        }
        assert_eq!(q.pop(), None);
    }
}
