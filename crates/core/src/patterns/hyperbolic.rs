//! The communication graphs of 000, reduced with the hyperbolic rules. Each machine is a node
//! block (the workstation or processor's message-passing software) and a network: a shared bus
//! (Ethernet, FDDI), a switch of channels (SP2) or mesh routers (Paragon).

use super::shape::{Shape, DEFAULT_SIZE};
use crate::catalog::{Machine, Network as CatalogNetwork};
use crate::context::{Ctx, Evaluation};
use crate::derivation::Expr;
use crate::error::Error;
use crate::inputs::Key;
use crate::models::hyperbolic::{reduce_parallel, reduce_serial, Coupling};
use crate::values::Value;

/// A block of the graph with the formulas of its a and b.
type Block = crate::models::hyperbolic::Block<Expr>;

/// The blocks of one machine, from its hyperbolic parameters.
enum Network {
    /// One shared medium every message crosses (000 §3.1–3.2, Fig. 2–3).
    Bus { node: Block, medium: Block },
    /// A switch of channels b_l, one per communicating pair within a frame, `channels` between
    /// frames (000 §3.3, Fig. 4).
    Switch {
        node: Block,
        channel: Block,
        between_frames: f64,
    },
    /// Mesh routers, one at each end node of a path (000 §3.4, Fig. 5).
    Mesh { node: Block, router: Block },
}

fn network(ctx: &mut Ctx) -> Result<Network, Error> {
    Ok(match ctx.machine.network {
        CatalogNetwork::FramedSwitch => {
            // a_rt = 2a_p + a_c.
            let (a_c, a_rt) = part_of_sum(ctx, "a_c")?;
            Network::Switch {
                node: Block {
                    a: (a_rt - a_c.clone()) / Expr::num(2.0),
                    b: ctx.sym("b_p")?,
                },
                channel: Block {
                    a: a_c,
                    b: ctx.sym("b_l")?,
                },
                between_frames: ctx.param("channels")?,
            }
        }
        CatalogNetwork::Mesh => {
            // a_pc = a_p + a_c.
            let (a_c, a_pc) = part_of_sum(ctx, "a_c")?;
            Network::Mesh {
                node: Block {
                    a: a_pc - a_c.clone(),
                    b: ctx.sym("b_p")?,
                },
                router: Block {
                    a: a_c,
                    b: ctx.sym("b_c")?,
                },
            }
        }
        CatalogNetwork::Bus => Network::Bus {
            node: Block {
                a: ctx.sym("a_w")?,
                b: ctx.sym("b_w")?,
            },
            medium: Block {
                a: ctx.sym("a_c")?,
                b: ctx.sym("b_c")?,
            },
        },
        other => {
            return Err(Error::Unsupported {
                key: "machine".into(),
                value: ctx.machine.id.into(),
                reason: format!(
                    "000 builds hyperbolic graphs for a bus, a framed switch or a mesh, not a {} network",
                    other.name()
                ),
            })
        }
    })
}

/// A parameter that is one part of a measured sum (SP2: a_c of 2a_p + a_c; Paragon: a_c of
/// a_p + a_c, 000 §3.3–3.4), and the sum, as the catalog pairs them (`ParamSet::parts`). The
/// part may not exceed the sum, or the node's fixed time would be negative: the catalog's
/// `ParamSet::bounds` says how far it may go, the rule the controls' sliders follow too.
fn part_of_sum(ctx: &mut Ctx, part: &'static str) -> Result<(Expr, Expr), Error> {
    let Some(&(_, whole)) = ctx.set.parts.iter().find(|(p, _)| *p == part) else {
        return Err(Error::Unsupported {
            key: part.into(),
            value: String::new(),
            reason: format!("{} declares no sum that {part} is part of", ctx.machine.id),
        });
    };
    let (p, w) = (ctx.param(part)?, ctx.param(whole)?);
    let most = ctx.set.bounds(part, ctx.overrides).map_or(w, |(_, hi)| hi);
    if p > most {
        return Err(Error::invalid(
            part,
            p,
            format!("at most {whole} = {w} µs, the measured sum it is part of"),
        ));
    }
    Ok((ctx.bound(part, p), ctx.bound(whole, w)))
}

/// The switch seen by `messages` concurrent messages over `channels` channels: the channels in
/// parallel (Rule 2, independent) shared by the messages (Rule 3).
fn switch(channel: Block, channels: f64, messages: f64) -> Block {
    let k = channels.max(1.0) as usize;
    reduce_parallel(Coupling::Independent, &vec![channel; k]).shared_by(Expr::num(messages))
}

/// Ping-pong, one message: node, network, node in series (000 eq. 3, eq. 8 and 12 at n = 1).
pub fn pingpong_block(ctx: &mut Ctx) -> Result<Block, Error> {
    Ok(match network(ctx)? {
        Network::Bus { node, medium } => {
            reduce_serial(Coupling::Independent, &[node.clone(), medium, node])
        }
        Network::Switch { node, channel, .. } => reduce_serial(
            Coupling::Independent,
            &[node.clone(), switch(channel, 1.0, 1.0), node],
        ),
        Network::Mesh { node, router } => reduce_serial(
            Coupling::Independent,
            &[node.clone(), router.clone(), router, node],
        ),
    })
}

/// Exchange: each node sends one message and receives one, so every block on the path carries
/// two messages (Rule 3); the switch gives each direction its own channel.
pub fn exchange_block(ctx: &mut Ctx) -> Result<Block, Error> {
    Ok(match network(ctx)? {
        Network::Bus { node, medium } => reduce_serial(
            Coupling::Independent,
            &[
                node.shared_by(two()),
                medium.shared_by(two()),
                node.shared_by(two()),
            ],
        ),
        Network::Switch { node, channel, .. } => reduce_serial(
            Coupling::Independent,
            &[
                node.shared_by(two()),
                switch(channel, 2.0, 2.0),
                node.shared_by(two()),
            ],
        ),
        Network::Mesh { node, router } => {
            let (n, r) = (node.shared_by(two()), router.shared_by(two()));
            reduce_serial(Coupling::Independent, &[n.clone(), r.clone(), r, n])
        }
    })
}

/// Every node sends a message to every other (000 §3.1, Fig. 3, eq. 4): each node block carries
/// 2(n−1) messages, the shared medium n(n−1).
pub fn all_to_all(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let n = f64::from(ctx.p(8));
    match network(ctx)? {
        Network::Bus { node, medium } => {
            let (p, one) = (Expr::sym("p", n, ""), Expr::num(1.0));
            let end = node.shared_by(two() * (p.clone() - one.clone()));
            let bus = medium.shared_by(p.clone() * (p - one));
            let block = reduce_serial(Coupling::Independent, &[end.clone(), bus, end]);
            Ok(Shape::Hyperbola(block).evaluation(ctx.size(DEFAULT_SIZE), 1.0, SOURCE))
        }
        _ => Err(Error::Unsupported {
            key: "model".into(),
            value: "hyperbolic".into(),
            reason: format!(
                "000 gives no all-to-all graph for {} (on the SP2 large all-to-all messages overflowed the switch, §3.3); use model=bsp",
                ctx.machine.id
            ),
        }),
    }
}

pub fn pairs_algos(machine: &Machine) -> &'static [&'static str] {
    if machine.network == CatalogNetwork::FramedSwitch {
        &["one-frame", "two-frames"]
    } else {
        &[]
    }
}

/// Disjoint pairs, n = p/2 of them, all sending at once. SP2 (000 eq. 8): node i sends to node
/// n+i; within a frame each pair has its own channel, between two frames n pairs share
/// `channels` (8) channels, so b(n) = max{b_p, n·b_l/min(n, 8)}. Paragon (000 eq. 12): node i
/// sends to 2n−i+1 along one mesh row, so the middle two routers carry all n messages:
/// a(n) = 2a_p + 2n·a_c, b(n) = max{b_p, n·b_c}.
pub fn pairs(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    // An odd p is refused before (`PatternDef::p_step`).
    let p = ctx.p(14);
    let n = f64::from(p / 2);
    let block = match network(ctx)? {
        Network::Switch {
            node,
            channel,
            between_frames,
        } => {
            let channels = if sp2_frames(ctx, p) == "two-frames" {
                n.min(between_frames)
            } else {
                n
            };
            reduce_serial(
                Coupling::Independent,
                &[node.clone(), switch(channel, channels, n), node],
            )
        }
        Network::Mesh { node, router } => {
            let r = router.shared_by(Expr::num(n));
            reduce_serial(Coupling::Independent, &[node.clone(), r.clone(), r, node])
        }
        Network::Bus { .. } => unreachable_pattern(ctx)?,
    };
    Ok(Shape::Hyperbola(block).evaluation(ctx.size(DEFAULT_SIZE), 1.0, SOURCE))
}

/// Where the reduced graphs come from.
const SOURCE: &str = "000 §3–4, Rules 1–3";

fn two() -> Expr {
    Expr::num(2.0)
}

/// Processors in one SP2 frame: its switch board has 16 links (000 §3.3).
const SP2_FRAME: u32 = 16;

/// The SP2 configuration of disjoint pairs. A user who asks for more processors than one frame
/// holds means two frames, so without `algo` the configuration follows p, and the report says
/// which was chosen; an explicit `algo=one-frame` that cannot hold p is kept, with a warning.
fn sp2_frames(ctx: &mut Ctx, p: u32) -> &'static str {
    let fits = p <= SP2_FRAME;
    if ctx.inputs.algo.is_none() && !fits {
        ctx.warn(format!(
            "p = {p} does not fit one {SP2_FRAME}-processor SP2 frame: two frames (algo=two-frames)"
        ));
        ctx.record(Key::Algo, Value::Text("two-frames".into()));
        return "two-frames";
    }
    let algo = ctx.algo(pairs_algos(ctx.machine)).unwrap_or("one-frame");
    if algo == "one-frame" && !fits {
        ctx.warn(format!(
            "one SP2 frame has {SP2_FRAME} processors; p = {p} does not fit (use algo=two-frames)"
        ));
    }
    algo
}

fn unreachable_pattern(ctx: &mut Ctx) -> Result<Block, Error> {
    Err(Error::Unsupported {
        key: "machine".into(),
        value: ctx.machine.id.into(),
        reason: "000 defines this pattern on the SP2 and the Paragon only".into(),
    })
}

/// The multigrid inter-plane transfer (000 §4.2, Table 1): in the time-parallel limit each of n
/// processors holds a time plane and passes it to the next. An interior node both sends and
/// receives (node blocks carry two messages); with n = 2 communication is one-way. The network
/// carries n−1 messages on a bus, one per dedicated SP2 link, and two per Paragon router.
pub fn multigrid(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let n = ctx.p(8);
    let both_ways = Expr::num(if n >= 3 { 2.0 } else { 1.0 });
    let block = match network(ctx)? {
        Network::Bus { node, medium } => {
            let end = node.shared_by(both_ways);
            let bus = medium.shared_by(Expr::sym("p", f64::from(n), "") - Expr::num(1.0));
            reduce_serial(Coupling::Independent, &[end.clone(), bus, end])
        }
        Network::Switch { node, channel, .. } => {
            let end = node.shared_by(both_ways);
            reduce_serial(Coupling::Independent, &[end.clone(), channel, end])
        }
        Network::Mesh { node, router } => {
            let end = node.shared_by(both_ways.clone());
            reduce_serial(
                Coupling::Independent,
                &[end.clone(), router.shared_by(both_ways), end],
            )
        }
    };
    Ok(Shape::Hyperbola(block).evaluation(ctx.size(DEFAULT_SIZE), 1.0, SOURCE))
}
