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
    /// frames (000 §3.3, Fig. 4; read by the pairs across two frames only).
    Switch { node: Block, channel: Block },
    /// Mesh routers, one at each end node of a path (000 §3.4, Fig. 5).
    Mesh { node: Block, router: Block },
}

/// Whether a pattern's cost depends on how a measured sum splits between the node and the
/// network (SP2: 2a_p + a_c, Paragon: a_p + a_c, 000 §3.3–3.4). Where every block carries the
/// same messages, as on a ping-pong's path, the split cancels out: a_c is then not read, so a
/// value given for it is refused as changing nothing.
#[derive(Clone, Copy, PartialEq)]
enum Split {
    Paid,
    Cancels,
}

fn network(ctx: &mut Ctx, split: Split) -> Result<Network, Error> {
    Ok(match ctx.machine.network {
        CatalogNetwork::FramedSwitch => {
            // a_rt = 2a_p + a_c.
            let (a_c, a_rt) = part_of_sum(ctx, "a_c", split)?;
            Network::Switch {
                node: Block {
                    a: (a_rt - a_c.clone()) / Expr::num(2.0),
                    b: ctx.sym("b_p")?,
                },
                channel: Block {
                    a: a_c,
                    b: ctx.sym("b_l")?,
                },
            }
        }
        CatalogNetwork::Mesh => {
            // a_pc = a_p + a_c.
            let (a_c, a_pc) = part_of_sum(ctx, "a_c", split)?;
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
/// `ParamSet::bounds` says how far it may go, the rule the controls' sliders follow too. Where
/// the split cancels out, the part is taken (for the formula's symbols) without being read.
fn part_of_sum(ctx: &mut Ctx, part: &'static str, split: Split) -> Result<(Expr, Expr), Error> {
    let Some(&(_, whole)) = ctx.set.parts.iter().find(|(p, _)| *p == part) else {
        return Err(Error::Unsupported {
            key: part.into(),
            value: String::new(),
            reason: format!("{} declares no sum that {part} is part of", ctx.machine.id),
        });
    };
    let p = match split {
        Split::Paid => ctx.param(part)?,
        Split::Cancels => ctx
            .overridden(part)
            .or_else(|| ctx.set.param(part).map(|p| p.value))
            .unwrap_or(f64::NAN),
    };
    let w = ctx.param(whole)?;
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
    Ok(match network(ctx, Split::Cancels)? {
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
/// two messages (Rule 3); the switch gives each direction its own channel. Every block of the
/// path carries both, so the split of the measured sum cancels out as on a ping-pong.
pub fn exchange_block(ctx: &mut Ctx) -> Result<Block, Error> {
    Ok(match network(ctx, Split::Cancels)? {
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
    match network(ctx, Split::Paid)? {
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
    let machine = ctx.machine;
    let channels = match machine.network {
        CatalogNetwork::FramedSwitch if sp2_frames(ctx, p) == "two-frames" => {
            two_frames_channels(ctx, n)?
        }
        _ => n,
    };
    // One pair is a ping-pong's path, where the split of the measured sum cancels out; n pairs
    // add (n − 1)·a_c, the network's fixed time shared by the other pairs' messages.
    let split = if n <= 1.0 {
        Split::Cancels
    } else {
        Split::Paid
    };
    let block = match network(ctx, split)? {
        Network::Switch { node, channel } => reduce_serial(
            Coupling::Independent,
            &[node.clone(), switch(channel, channels, n), node],
        ),
        Network::Mesh { node, router } => {
            let r = router.shared_by(Expr::num(n));
            reduce_serial(Coupling::Independent, &[node.clone(), r.clone(), r, node])
        }
        Network::Bus { .. } => unreachable_pattern(ctx)?,
    };
    Ok(Shape::Hyperbola(block).evaluation(ctx.size(DEFAULT_SIZE), 1.0, SOURCE))
}

/// The channels n pairs across two SP2 frames have: n·b_l shared by min(n, `channels`) (000
/// eq. 8). Pairs that fit the channels between the frames each keep their own, as in one frame:
/// the report says so, since the choice of frames then changes nothing.
fn two_frames_channels(ctx: &mut Ctx, n: f64) -> Result<f64, Error> {
    let between = ctx.param("channels")?;
    if n <= between {
        ctx.warn(format!(
            "{n} pairs fit the {between} channels between two SP2 frames: each pair has its own \
             channel, as in one frame (000 eq. 8), so two frames cost the same"
        ));
    }
    Ok(n.min(between))
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
    // Two SP2 nodes over one link are a ping-pong's path, where the split cancels out; the
    // Paragon's one router (a ping-pong crosses two) and interior nodes' two messages keep it.
    let split = match ctx.machine.network {
        CatalogNetwork::FramedSwitch if n < 3 => Split::Cancels,
        _ => Split::Paid,
    };
    let block = match network(ctx, split)? {
        Network::Bus { node, medium } => {
            let end = node.shared_by(both_ways);
            let bus = medium.shared_by(Expr::sym("p", f64::from(n), "") - Expr::num(1.0));
            reduce_serial(Coupling::Independent, &[end.clone(), bus, end])
        }
        Network::Switch { node, channel, .. } => {
            same_beyond_two(ctx, n);
            let end = node.shared_by(both_ways);
            reduce_serial(Coupling::Independent, &[end.clone(), channel, end])
        }
        Network::Mesh { node, router } => {
            same_beyond_two(ctx, n);
            let end = node.shared_by(both_ways.clone());
            reduce_serial(
                Coupling::Independent,
                &[end.clone(), router.shared_by(both_ways), end],
            )
        }
    };
    Ok(Shape::Hyperbola(block).evaluation(ctx.size(DEFAULT_SIZE), 1.0, SOURCE))
}

/// On a switch or a mesh an interior node of the multigrid's chain sends and receives over
/// links of its own, whatever n is: a given p of 3 or more is answered by saying so.
fn same_beyond_two(ctx: &mut Ctx, n: u32) {
    if ctx.inputs.p.is_some() && n >= 3 {
        ctx.warn(format!(
            "on {} each interior node passes its plane over links of its own (000 §4.2): the time is \
             the same for every p from 3, p = {n} included",
            ctx.machine.name
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog;
    use crate::inputs::Inputs;
    use crate::models::Model;

    /// A pattern's cost as numbers to compare: its block's a and b, or its time at two sizes.
    type Cost = fn(&mut Ctx) -> Result<Vec<f64>, Error>;

    fn block(b: Block) -> Vec<f64> {
        vec![b.a.eval(), b.b.eval()]
    }

    fn times(e: Evaluation) -> Vec<f64> {
        vec![(e.cost)(1e3), (e.cost)(1e6)]
    }

    const PATTERNS: [(&str, Cost); 4] = [
        ("ping-pong", |c| pingpong_block(c).map(block)),
        ("exchange", |c| exchange_block(c).map(block)),
        ("pairs", |c| pairs(c).map(times)),
        ("multigrid", |c| multigrid(c).map(times)),
    ];

    /// a_c, one part of a measured sum, is read exactly where its value changes the cost: where
    /// the split cancels out it is not read, so a value given for it is refused.
    #[test]
    fn a_c_is_read_where_it_changes_the_cost() {
        for id in ["ibm-sp2", "intel-paragon"] {
            let machine = catalog::machine(id).unwrap();
            let set = machine.set(Model::Hyperbolic).unwrap();
            // Two splits of the measured sum: all of it the node's, and half as much as the
            // network's part may take.
            let half_sum = set.bounds("a_c", &[]).unwrap().1 / 2.0;
            for p in [2, 4, 8, 14] {
                let inputs = Inputs {
                    p: Some(p),
                    ..Inputs::default()
                };
                for (name, cost) in PATTERNS {
                    let run = |a_c: f64| {
                        let overrides = [("a_c", a_c)];
                        let mut ctx =
                            Ctx::new(machine, Model::Hyperbolic, set, &inputs, &overrides);
                        let c = cost(&mut ctx).unwrap();
                        (c, ctx.used_params.iter().any(|(k, _)| *k == "a_c"))
                    };
                    let ((none, read), (half, _)) = (run(0.0), run(half_sum));
                    assert_eq!(none != half, read, "{id} {name} p = {p}");
                }
            }
        }
    }
}
