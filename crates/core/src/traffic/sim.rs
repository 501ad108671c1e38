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

use super::cube::Cube;
use super::events::{Kind, Queue};
use super::lengths::exponential;
use super::rng::{Rng, SplitMix64};
use super::spatial::Destinations;
use super::stack::Stack;
use super::stats::{Recorder, Run};
use super::{Config, Routing};

/// A message in flight, kept to 32 bytes: a saturated run holds every message at once, and
/// the simulation's speed is then the speed of reaching them in memory.
#[derive(Clone, Copy, Debug)]
struct Message {
    born: f64,
    /// N·t_c: the body's transmission time on one link.
    body_us: f64,
    queued_at: f64,
    dst: u16,
    /// The node it is at; it waits for or crosses the link towards `Cube::next_hop(at, dst)`.
    at: u16,
    /// Whether it has started its first hop (which alone pays t_l under cut-through).
    departed: bool,
    delivered: bool,
}

/// One link: the message it carries, if any, with whether this is the message's last hop
/// (under cut-through the message itself may already be at later hops when the link
/// finishes), and its FIFO queue.
#[derive(Clone, Debug, Default)]
struct Link {
    current: Option<(u32, bool)>,
    queue: VecDeque<u32>,
}

/// One node's traffic source.
struct Node {
    rng: Rng,
    stack: Stack,
    left: u64,
    sent: u64,
}

struct Sim<'a> {
    config: &'a Config,
    cube: Cube,
    destinations: Destinations,
    cumulative: Vec<f64>,
    nodes: Vec<Node>,
    links: Vec<Link>,
    messages: Vec<Message>,
    events: Queue,
    stats: Recorder,
}

/// The seed of replication `rep`: a SplitMix64 word of the seed and the replication number,
/// so that replications are independent streams and replication 0 is the seed's own run.
pub fn replication_seed(seed: u64, rep: u32) -> u64 {
    SplitMix64::new(seed ^ u64::from(rep).wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

/// Runs one replication of a validated configuration.
pub fn run(config: &Config, rep: u32) -> Run {
    let mut sim = Sim::new(config, replication_seed(config.seed, rep));
    sim.simulate();
    sim.stats.finish()
}

impl<'a> Sim<'a> {
    fn new(config: &'a Config, seed: u64) -> Self {
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
        Sim {
            config,
            cube,
            destinations: Destinations::new(cube, config.spatial),
            cumulative,
            nodes,
            links: vec![Link::default(); cube.links() as usize],
            messages: Vec::with_capacity(total as usize),
            events: Queue::default(),
            stats: Recorder::new(cube, total),
        }
    }

    fn simulate(&mut self) {
        for n in 0..self.cube.nodes() {
            if self.nodes[n as usize].left > 0 {
                let gap = self.gap(n);
                self.events.schedule(gap, Kind::Generate(n));
            }
        }
        while let Some(e) = self.events.pop() {
            let t = e.time();
            self.stats.advance(t);
            match e.kind() {
                Kind::Generate(n) => self.generate(n, t),
                Kind::LinkDone(l) => self.link_done(l, t),
                Kind::HeaderArrives(m) => self.header_arrives(m, t),
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
        let config = self.config;
        let node = &mut self.nodes[n as usize];
        if config.flush > 0 && node.sent > 0 && node.sent % u64::from(config.flush) == 0 {
            node.stack.flush();
        }
        let dst = node
            .stack
            .next(n, &self.cumulative, &self.destinations, &mut node.rng);
        let bytes = config.lengths.sample(config.mean_bytes, &mut node.rng);
        node.sent += 1;
        node.left -= 1;
        let more = node.left > 0;
        let id = self.messages.len() as u32;
        self.messages.push(Message {
            born: t,
            body_us: bytes * config.t_c,
            queued_at: t,
            dst: dst as u16,
            at: n as u16,
            departed: false,
            delivered: false,
        });
        self.stats.generated(n, dst, Cube::distance(n, dst));
        self.enter(id, t);
        if more {
            let next = t + self.gap(n);
            self.events.schedule(next, Kind::Generate(n));
        }
    }

    /// A message at node `at` joins the queue of its next link, or starts on it if idle.
    fn enter(&mut self, id: u32, t: f64) {
        let m = &mut self.messages[id as usize];
        let (_, link) = self.cube.next_hop(u32::from(m.at), u32::from(m.dst));
        m.queued_at = t;
        let l = &mut self.links[link as usize];
        if l.current.is_none() {
            self.start(link, id, t, false);
        } else {
            l.queue.push_back(id);
            self.stats.queued(link, l.queue.len() as u32);
        }
    }

    fn start(&mut self, link: u32, id: u32, t: f64, from_queue: bool) {
        let cut_through = self.config.routing == Routing::CutThrough;
        let m = &mut self.messages[id as usize];
        let startup = if cut_through && m.departed {
            0.0
        } else {
            self.config.t_l
        };
        let hold = startup + m.body_us;
        m.departed = true;
        self.stats.started(link, hold, t - m.queued_at, from_queue);
        let last_hop = self.cube.next_hop(u32::from(m.at), u32::from(m.dst)).0 == u32::from(m.dst);
        self.links[link as usize].current = Some((id, last_hop));
        self.events.schedule(t + hold, Kind::LinkDone(link));
        if cut_through && !last_hop {
            self.events.schedule(t + startup, Kind::HeaderArrives(id));
        }
    }

    fn link_done(&mut self, link: u32, t: f64) {
        if let Some((id, last_hop)) = self.links[link as usize].current.take() {
            if last_hop {
                self.deliver(id, t);
            } else if self.config.routing == Routing::StoreForward {
                self.step(id);
                self.enter(id, t);
            }
        }
        let l = &mut self.links[link as usize];
        if let Some(id) = l.queue.pop_front() {
            self.start(link, id, t, true);
        }
    }

    fn header_arrives(&mut self, id: u32, t: f64) {
        self.step(id);
        self.enter(id, t);
    }

    /// The message moves to the node at the far end of its link.
    fn step(&mut self, id: u32) {
        let m = &mut self.messages[id as usize];
        m.at = self.cube.next_hop(u32::from(m.at), u32::from(m.dst)).0 as u16;
    }

    fn deliver(&mut self, id: u32, t: f64) {
        let m = &mut self.messages[id as usize];
        let again = m.delivered;
        m.delivered = true;
        self.stats.delivered(t - m.born, t, again);
    }
}
