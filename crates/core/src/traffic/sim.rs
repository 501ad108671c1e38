//! The discrete-event simulation of one run: nodes generate messages (temporal and spatial
//! locality, lengths, gaps), messages cross the cube hop by hop under e-cube routing, each
//! link serves a FIFO queue, and the statistics are gathered as events happen.
//!
//! A hop holds its link for 003 eq. 1's t_l + N·t_c under store-and-forward (the whole
//! message is received before it is sent on, as on the iPSC). Under cut-through the start-up
//! t_l is paid once, at the source: the first link is held t_l + N·t_c, each later one N·t_c,
//! and the header moves on to the next link as soon as the start-up is over (no routing delay
//! per hop), so the body streams through free links and waits, buffered whole, at a node
//! whose next link is busy (virtual cut-through; Kermani and Kleinrock, 1979). Uncontended,
//! a message then takes t_l + N·t_c whatever its distance, against h·(t_l + N·t_c).

use std::collections::VecDeque;

use super::config::{Config, Routing};
use super::cube::Cube;
use super::events::{Kind, Queue};
use super::lengths::exponential;
use super::rng::{Rng, SplitMix64};
use super::spatial::Destinations;
use super::stack::Stack;
use super::stats::{Recorder, Run};

/// A message in flight, carried by value in the FIFO of the link it waits for or crosses
/// (32 bytes), so that it is where the simulation next reads it and no array of every
/// message is kept. (In a saturated 4096-node run this gained only a few per cent over an
/// index into such an array: the reads of queue heads still miss the caches; see
/// docs/benchmarks.md.)
#[derive(Clone, Copy, Debug)]
struct Message {
    born: f64,
    /// N·t_c: the body's transmission time on one link.
    body_us: f64,
    queued_at: f64,
    dst: u16,
    /// The node it is at; it waits for or crosses the link towards `Cube::next_hop(at, dst)`.
    at: u16,
    /// Its number in generation order (to detect a second delivery), shifted left once; the
    /// low bit says whether it has started its first hop (which alone pays t_l under
    /// cut-through).
    tag: u32,
}

impl Message {
    fn id(&self) -> u32 {
        self.tag >> 1
    }

    fn departed(&self) -> bool {
        self.tag & 1 == 1
    }

    fn depart(&mut self) {
        self.tag |= 1;
    }
}

/// Events per call of `Sim::batch`: enough that a call costs nothing against its events'
/// work, few enough that a WebAssembly engine gets a call to switch to optimised code at
/// within a fraction of a millisecond.
const BATCH: u32 = 1024;

/// `Message::dst` of a link's `serving` slot when the link is idle (no node is numbered so).
const IDLE: u16 = u16::MAX;

/// One link, in one 64-byte cache line: the message it transmits (under cut-through, the
/// message whose body it still carries after the header has moved on) and the FIFO of those
/// waiting behind it. The message in transmission is kept apart from the queue because it is
/// read twice, when its transmission starts and when it ends, a hold time apart; in a
/// saturated 4096-node run about 25 000 other events happen in between and the queue's
/// buffer has left the caches by then, while the 24 576 lines of the links (1.5 MB) mostly
/// stay. (Measured: the second read was a third of the run's time; docs/benchmarks.md.)
#[derive(Clone, Debug)]
#[repr(align(64))]
struct Link {
    serving: Message,
    waiting: VecDeque<Message>,
}

impl Default for Link {
    fn default() -> Self {
        Link {
            serving: Message {
                born: 0.0,
                body_us: 0.0,
                queued_at: 0.0,
                dst: IDLE,
                at: 0,
                tag: 0,
            },
            waiting: VecDeque::new(),
        }
    }
}

impl Link {
    fn is_busy(&self) -> bool {
        self.serving.dst != IDLE
    }

    /// The message in transmission leaves; the link is idle until `start` is called.
    fn finish(&mut self) -> Message {
        let m = self.serving;
        self.serving.dst = IDLE;
        m
    }
}

/// One node's traffic source.
struct Node {
    rng: Rng,
    stack: Stack,
    left: u64,
    sent: u64,
}

struct Sim {
    config: Config,
    cube: Cube,
    destinations: Destinations,
    cumulative: Vec<f64>,
    nodes: Vec<Node>,
    links: Vec<Link>,
    /// Cut-through only: per link, the messages whose header is crossing it, in the order
    /// they reach the far node (a header arrives before its link is free for the next one).
    crossing: Vec<VecDeque<Message>>,
    /// Messages generated so far.
    generated: u32,
    /// One bit per message: delivered already.
    delivered: Vec<u64>,
    /// Messages the run generates in all.
    messages: u64,
    events: Queue,
    stats: Recorder,
    /// Whether each event starts loading what the next two will read (`prefetch_upcoming`).
    look_ahead: bool,
}

/// The size of a run's data (its links' lines and its messages) above which the look-ahead
/// pays where it has no prefetch instruction to use (see `prefetch`): 4 MiB, beyond the
/// private caches of the processors this was measured on. Below it the data stays in the
/// caches and the look-ahead is only work: in Chromium it made 003's 16-node runs a fifth to a
/// third slower, and a 4096-node run a quarter slower while the machine's memory was quiet
/// but 10–18 % faster (12 rounds of 12) while it was loaded (docs/traffic.md).
const LOOK_AHEAD_BYTES: u64 = 4 << 20;

/// The seed of replication `rep`: a SplitMix64 word of the seed and the replication number,
/// so that replications are independent streams and replication 0 is the seed's own run.
pub fn replication_seed(seed: u64, rep: u32) -> u64 {
    SplitMix64::new(seed ^ u64::from(rep).wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

/// One replication of a validated configuration under way, advanced a batch of events at a
/// time (`step`), so that its caller may stop between any two batches: to report the
/// fraction delivered (a 4096-node run of 10⁶ messages takes seconds, and that is its only
/// sign of life), or to let the browser's worker step aside while the page handles an input.
/// Where the batches stop does not change the run: the results are the same, bit for bit.
pub struct Replication {
    sim: Sim,
    /// The messages the run delivers in all (at least 1, as a divisor).
    messages: f64,
}

impl Replication {
    pub fn new(config: &Config, rep: u32) -> Self {
        let mut sim = Sim::new(config.clone(), replication_seed(config.seed, rep));
        for n in 0..sim.cube.nodes() {
            if sim.nodes[n as usize].left > 0 {
                let gap = sim.gap(n);
                sim.events.schedule(gap, Kind::Generate(n));
            }
        }
        let messages = sim.messages.max(1) as f64;
        Replication { sim, messages }
    }

    /// Handles the next batch of events; false once the run is over.
    pub fn step(&mut self) -> bool {
        self.sim.batch()
    }

    /// The fraction of the run's messages delivered so far.
    pub fn delivered(&self) -> f64 {
        self.sim.stats.delivered_so_far() as f64 / self.messages
    }

    /// The run's statistics (once `step` has said it is over).
    pub fn finish(self) -> Run {
        self.sim.stats.finish()
    }
}

impl Sim {
    fn new(config: Config, seed: u64) -> Self {
        let cube = config.cube;
        let mut seeds = SplitMix64::new(seed);
        let counts = config.messages_per_node();
        let nodes = counts
            .iter()
            .map(|&left| Node {
                rng: Rng::seeded(seeds.next_u64()),
                stack: Stack::default(),
                left,
                sent: 0,
            })
            .collect();
        let mut sum = 0.0;
        let cumulative = config
            .hits
            .iter()
            .map(|b| {
                sum += b;
                sum
            })
            .collect();
        let total: u64 = counts.iter().sum();
        let data = u64::from(cube.links()) * size_of::<Link>() as u64
            + total * size_of::<Message>() as u64;
        Sim {
            destinations: Destinations::new(cube, config.spatial),
            config,
            cube,
            cumulative,
            nodes,
            links: vec![Link::default(); cube.links() as usize],
            crossing: vec![VecDeque::new(); cube.links() as usize],
            generated: 0,
            delivered: vec![0; total.div_ceil(64) as usize],
            messages: total,
            events: Queue::default(),
            stats: Recorder::new(cube, total),
            look_ahead: cfg!(target_arch = "x86_64") || data > LOOK_AHEAD_BYTES,
        }
    }

    /// Handles up to `BATCH` events; false once none is left. The event loop is cut into
    /// batches, each a call of a function never inlined, for WebAssembly's sake: V8 runs a
    /// function first as baseline code and switches to its optimised code at the function's
    /// next call, never in the middle of one, so a run's loop over millions of events in one
    /// call ran as baseline code from start to end (in Node, the first of two identical
    /// 4096-node runs took 1.1–1.7× the CPU time of the second). Called once per batch, the
    /// loop runs optimised after the first few; natively it costs one call per batch.
    #[inline(never)]
    fn batch(&mut self) -> bool {
        for _ in 0..BATCH {
            let Some(e) = self.events.pop() else {
                return false;
            };
            if self.look_ahead {
                self.prefetch_upcoming();
            }
            let t = e.time();
            self.stats.advance(t);
            match e.kind() {
                Kind::Generate(n) => self.generate(n, t),
                Kind::LinkDone(l) => self.link_done(l, t),
                Kind::HeaderArrives(l) => self.header_arrives(l, t),
            }
        }
        true
    }

    /// Starts loading what the next two events will read, which in a large run is rarely in
    /// the caches (see `Link`): for the one after next, its link's line; for the next, whose
    /// link's line was asked for one event earlier, the message waiting behind the one it
    /// transmits and the line of the link the transmitted message goes on to.
    fn prefetch_upcoming(&self) {
        let [next, after] = self.events.upcoming().map(|e| match e.map(|e| e.kind()) {
            Some(Kind::LinkDone(l)) => Some(&self.links[l as usize]),
            _ => None,
        });
        if let Some(l) = after {
            prefetch(&l.serving.born);
        }
        if let Some(l) = next {
            if let Some(m) = l.waiting.front() {
                prefetch(&m.born);
            }
            let m = &l.serving;
            let (far, dst) = (
                self.cube.next_hop(u32::from(m.at), u32::from(m.dst)).0,
                m.dst,
            );
            if l.is_busy() && far != u32::from(dst) {
                let (_, onward) = self.cube.next_hop(far, u32::from(dst));
                prefetch(&self.links[onward as usize].serving.born);
            }
        }
    }

    /// The wait before a node's next message: exponential with the configured mean (a Poisson
    /// source), zero when the mean gap is zero ("as fast as possible").
    fn gap(&mut self, n: u32) -> f64 {
        match self.config.gap_us {
            g if g > 0.0 => exponential(g, &mut self.nodes[n as usize].rng),
            _ => 0.0,
        }
    }

    fn generate(&mut self, n: u32, t: f64) {
        let config = &self.config;
        let node = &mut self.nodes[n as usize];
        if config.flush > 0 && node.sent > 0 && node.sent.is_multiple_of(u64::from(config.flush)) {
            node.stack.flush();
        }
        let dst = node
            .stack
            .next(n, &self.cumulative, &self.destinations, &mut node.rng);
        let bytes = config.lengths.sample(config.mean_bytes, &mut node.rng);
        node.sent += 1;
        node.left -= 1;
        let more = node.left > 0;
        let message = Message {
            born: t,
            body_us: bytes * config.t_c,
            queued_at: t,
            dst: dst as u16,
            at: n as u16,
            tag: self.generated << 1,
        };
        self.generated += 1;
        self.stats.generated(n, dst, Cube::distance(n, dst));
        self.enter(message, t);
        if more {
            let next = t + self.gap(n);
            self.events.schedule(next, Kind::Generate(n));
        }
    }

    /// A message at node `m.at` joins the queue of its next link, and starts on it if the
    /// link was idle.
    fn enter(&mut self, mut m: Message, t: f64) {
        let (_, link) = self.cube.next_hop(u32::from(m.at), u32::from(m.dst));
        m.queued_at = t;
        let l = &mut self.links[link as usize];
        if l.is_busy() {
            l.waiting.push_back(m);
            let waiting = l.waiting.len() as u32;
            self.stats.queued(link, waiting);
        } else {
            l.serving = m;
            self.start(link, t, false);
        }
    }

    /// The link starts transmitting the message in its `serving` slot.
    fn start(&mut self, link: u32, t: f64, from_queue: bool) {
        let cut_through = self.config.routing == Routing::CutThrough;
        let m = &mut self.links[link as usize].serving;
        let startup = if cut_through && m.departed() {
            0.0
        } else {
            self.config.t_l
        };
        let hold = startup + m.body_us;
        m.depart();
        let m = *m;
        self.stats.started(link, hold, t - m.queued_at, from_queue);
        self.events.schedule(t + hold, Kind::LinkDone(link));
        if cut_through && !self.is_last_hop(&m) {
            self.crossing[link as usize].push_back(m);
            self.events.schedule(t + startup, Kind::HeaderArrives(link));
        }
    }

    /// Whether the link a message is about to cross (or crosses) ends at its destination.
    fn is_last_hop(&self, m: &Message) -> bool {
        self.cube.next_hop(u32::from(m.at), u32::from(m.dst)).0 == u32::from(m.dst)
    }

    /// The link has sent its front message: it is delivered or, under store-and-forward,
    /// received whole at the far node and sent on (under cut-through its header has already
    /// moved on). The next message in the queue starts.
    fn link_done(&mut self, link: u32, t: f64) {
        let l = &mut self.links[link as usize];
        if l.is_busy() {
            let m = l.finish();
            if self.is_last_hop(&m) {
                self.deliver(&m, t);
            } else if self.config.routing == Routing::StoreForward {
                self.forward(m, t);
            }
        }
        let l = &mut self.links[link as usize];
        if let Some(next) = l.waiting.pop_front() {
            l.serving = next;
            self.start(link, t, true);
        }
    }

    /// Cut-through: the first header crossing `link` reaches the far node.
    fn header_arrives(&mut self, link: u32, t: f64) {
        if let Some(m) = self.crossing[link as usize].pop_front() {
            self.forward(m, t);
        }
    }

    /// The message moves to the node at the far end of its link and enters the next one.
    fn forward(&mut self, mut m: Message, t: f64) {
        m.at = self.cube.next_hop(u32::from(m.at), u32::from(m.dst)).0 as u16;
        self.enter(m, t);
    }

    fn deliver(&mut self, m: &Message, t: f64) {
        let (word, bit) = ((m.id() / 64) as usize, m.id() % 64);
        let again = self.delivered[word] >> bit & 1 == 1;
        self.delivered[word] |= 1 << bit;
        self.stats.delivered(t - m.born, t, again);
    }
}

/// A hint to the processor to load the cache line holding `p` (a field of the link's or the
/// message's line): x86-64's PREFETCHT0; elsewhere (wasm32 has no prefetch instruction) an
/// ordinary read whose value is unused, which an out-of-order processor starts as early as it
/// would a prefetch, though, unlike one, it holds up the instructions after it once the
/// processor's window is full.
#[inline(always)]
fn prefetch(p: &f64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: PREFETCHT0 only hints at the cache and never faults, whatever the address; SSE,
    // which provides it, is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((p as *const f64).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: `p` comes from a reference, so it is aligned and points to an initialised
    // `f64`; a volatile read is kept by the compiler although its value is unused.
    unsafe {
        std::ptr::read_volatile(p);
    }
}
