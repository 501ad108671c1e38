//! The patterns of 002 on an ATM cluster of workstations: pipelined sends (§3.6), total
//! exchange by separate addressing (§3.9) or hardware multicast (§3.11), a one-node multicast
//! (§3.10), and BSP's g and l derived from the pipeline model (§4). All of them cost one
//! protocol stack with [`Pipeline`]; the links decide only how much data an end point may send
//! at once, through the VC unit time (eq. 10–21).

use super::shape::DEFAULT_SIZE;
use super::{bsp, Ctx, Evaluation, Key, Value};
use crate::catalog::{Machine, Network};
use crate::error::Error;
use crate::models::atm::{
    exact_link_unit_time, Layer, Link, Pipeline, Traffic, PAPER_LINK_UNIT_TIME,
};
use crate::models::bsp::superstep;
use crate::units::{si, WORD_BYTES};

/// The synchronisation message of a barrier: "usually not more than 100 bytes" (002 §4.6).
const SYNC_MESSAGE_BYTES: f64 = 100.0;

pub fn all_to_all_algos(machine: &Machine) -> &'static [&'static str] {
    if machine.network == Network::Atm {
        &["separate", "multicast"]
    } else {
        &[]
    }
}

/// The cluster as the pipeline model sees it, from the ATM parameter set (002 Tables 2–3,
/// §4.1, Table 6).
struct Atm {
    stack: Pipeline,
    /// bsp_put: a′ per byte copied, b′ per call (and per bsp_sync).
    put: Layer,
    /// UnitTime_link in µs/B.
    link: f64,
    /// The cluster the message size is chosen for (002 §3.9: 8 hosts).
    hosts: f64,
    switches: f64,
    /// Mflop/s, to give g and l in flops (002 Table 6).
    rate: f64,
}

impl Atm {
    fn new(ctx: &Ctx) -> Result<Atm, Error> {
        let stack = Pipeline {
            t1: Layer {
                a: ctx.param("a1")?,
                b: ctx.param("b1")?,
            },
            t2: Layer {
                a: ctx.param("a2")?,
                b: ctx.param("b2")?,
            },
        };
        if stack.t1.a > stack.t2.a || stack.t1.b > stack.t2.b {
            ctx.warn(format!(
                "002's closed forms (eq. 5–16) take the interface (t₂ = {}·m + {}) as the slower stage; with \
                 t₁ = {}·m + {} it is not at every size: eq. 1 is evaluated with max() throughout, but the \
                 congestion-free data size still uses eq. 16",
                stack.t2.a, stack.t2.b, stack.t1.a, stack.t1.b
            ));
        }
        Ok(Atm {
            stack,
            put: Layer {
                a: ctx.param("a_put")?,
                b: ctx.param("b_put")?,
            },
            link: link_unit_time(ctx)?,
            hosts: ctx.param("hosts")?,
            switches: ctx.param("switches")?,
            rate: ctx.param("rate")?,
        })
    }

    /// The processor count, by default the cluster's hosts.
    fn p(&self, ctx: &Ctx) -> f64 {
        f64::from(ctx.p(self.hosts.round() as u32))
    }

    fn vc_unit_time(&self, traffic: Traffic, p: f64) -> f64 {
        traffic.vc_unit_time(p, self.switches, self.link)
    }
}

/// UnitTime_link (002 §3.5–3.6): `paper` is 002's rounded 0.06 µs/B, `exact` is 8/135.632
/// from the SONET rate through the ATM and AAL5 layers. The rounding belongs to the
/// 155.52 Mb/s line, so a user's own `sonet` rate is always taken exactly.
fn link_unit_time(ctx: &Ctx) -> Result<f64, Error> {
    match (ctx.link(), ctx.overridden("sonet")) {
        (Link::Paper, None) => Ok(PAPER_LINK_UNIT_TIME),
        (Link::Paper, Some(sonet)) => {
            ctx.warn(format!(
                "link=paper is 002's rounding (0.06 µs/B) of the 155.52 Mb/s line's 0.05898 µs/B; with \
                 sonet={sonet} the link unit time is computed exactly, as link=exact does"
            ));
            Ok(exact_link_unit_time(sonet))
        }
        (Link::Exact, _) => Ok(exact_link_unit_time(ctx.param("sonet")?)),
    }
}

/// What a VC of unit time T lets an end point send (002 §3.9, §3.11).
struct Sizing {
    t_vc: f64,
    /// Eq. 16's largest congestion-free data size; `None` when the VC never limits.
    max_data: Option<f64>,
    /// That size in whole bytes (at least one): 002's "optimal data size" (670 B, 814 B), the
    /// patterns' default data size.
    data: f64,
    /// The message size an end point keeps for any data: the exact optimal chunking of
    /// `data`, which is `data` itself (one message) when it is below b₂/a₁ (§3.9). `None` when
    /// the VC never limits, and each data size then takes its own optimum.
    chunk: Option<f64>,
}

impl Sizing {
    fn new(ctx: &Ctx, stack: &Pipeline, t_vc: f64) -> Sizing {
        let Some(max_data) = stack.max_data(t_vc) else {
            ctx.warn(format!(
                "the VC unit time {} is at most a₂ = {}, so the protocol can never feed the VC faster than \
                 it drains (002 eq. 14): no data size congests it, and the data size defaults to {}",
                si(t_vc, "µs/B"),
                si(stack.t2.a, "µs/B"),
                si(DEFAULT_SIZE, "B")
            ));
            return Sizing {
                t_vc,
                max_data: None,
                data: DEFAULT_SIZE,
                chunk: None,
            };
        };
        if max_data < 1.0 {
            ctx.warn(format!(
                "at a VC unit time of {} even a 1-byte message outruns the VC (002 eq. 16 gives {}); \
                 messages of 1 byte are assumed",
                si(t_vc, "µs/B"),
                si(max_data, "B")
            ));
        }
        let data = max_data.floor().max(1.0);
        Sizing {
            t_vc,
            max_data: Some(max_data),
            data,
            chunk: Some(stack.optimum(data).chunk),
        }
    }

    /// Warns when x bytes sent with the optimal pipeline would outrun the VC (002 eq. 14).
    fn check(&self, ctx: &Ctx, x: f64) {
        if let Some(max) = self.max_data.filter(|max| x > *max) {
            ctx.warn(format!(
                "{} is more than the {} an end point can send without outrunning a VC of {} (002 eq. 16): \
                 the pipeline would congest the network, which the model does not charge",
                si(x, "B"),
                si(max, "B"),
                si(self.t_vc, "µs/B")
            ));
        }
    }

    /// The VC's metrics (002 eq. 14–17).
    fn metrics(&self) -> Vec<(&'static str, Value)> {
        let mut m = vec![("vc_unit_time_us_per_byte", Value::Number(self.t_vc))];
        if let Some(x) = self.max_data {
            m.push(("max_data_bytes", Value::Number(x)));
        }
        m
    }
}

/// Sends x bytes from one end point as ⌈x/m⌉ pipelined messages (002 §3.6). With `size` the
/// chunk m is the user's; without it every x takes its exact optimal chunking. The default x
/// is the largest the link takes without congestion (eq. 16, 114,600 B with the 0.06 link).
/// Beside the exact optimum the metrics give 002's continuous one (eq. 5–6), which the paper
/// prints.
pub fn pipelined_send(ctx: &Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx)?;
    let s = atm.stack;
    let sizing = Sizing::new(ctx, &s, atm.link);
    let x = ctx.data(sizing.data);
    sizing.check(ctx, x);
    let opt = s.optimum(x);
    let closed = s.continuous_optimum(x);
    let message = ctx.inputs.size.map_or(opt.chunk, |m| m.min(x));
    ctx.record(Key::Size, Value::Number(message));
    let cost: Box<dyn Fn(f64) -> f64> = match ctx.inputs.size {
        Some(m) => Box::new(move |x| s.latency(x, m)),
        None => Box::new(move |x| s.optimum(x).latency),
    };
    let mut metrics = vec![
        ("opt_message_bytes", Value::Number(opt.chunk)),
        ("opt_time_us", Value::Number(opt.latency)),
        ("closed_form_message_bytes", Value::Number(closed.chunk)),
        ("closed_form_time_us", Value::Number(closed.latency)),
        ("unit_time_us_per_byte", Value::Number(s.unit_time(x))),
        (
            "message_latency_us",
            Value::Number(s.message_latency(message)),
        ),
    ];
    metrics.extend(
        sizing
            .max_data
            .map(|x| ("max_data_bytes", Value::Number(x))),
    );
    Ok(Evaluation {
        cost,
        at: x,
        metrics,
        derivations: Vec::new(),
    })
}

/// Total exchange among p end points, each sending D bytes to every other (002 §3.9, §3.11).
/// The message size is chosen once, for the cluster of `hosts` (8), from the VC unit time of
/// the algorithm (eq. 17 or 21) and eq. 16, and kept for every p and D: Table 4's 4- and
/// 6-processor columns only follow that way. Separate addressing costs each end point 2(p−1)
/// protocol latencies (p−1 sends, p−1 receives), hardware multicast p (one send, p−1
/// receives), each of D bytes in full messages of that size (eq. 1). Like Tables 4 and 5, the
/// cost leaves out the network transfer time.
pub fn all_to_all(ctx: &Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx)?;
    let s = atm.stack;
    let p = atm.p(ctx);
    let (traffic, latencies) = match ctx
        .algo(all_to_all_algos(ctx.machine))
        .unwrap_or("separate")
    {
        "separate" => (Traffic::SeparateAddressing, 2.0 * (p - 1.0)),
        "multicast" => (Traffic::Multicast, p),
        other => return Err(Error::invalid("algo", other, "separate or multicast")),
    };
    let sizing = Sizing::new(ctx, &s, atm.vc_unit_time(traffic, atm.hosts));
    if p != atm.hosts {
        ctx.warn(format!(
            "the message size is chosen for the cluster of hosts = {} (VC unit time {}) and kept for p = {p}, \
             as 002 does in Table 4; set hosts to choose it for another cluster",
            atm.hosts,
            si(sizing.t_vc, "µs/B")
        ));
    }
    let d = match (ctx.inputs.data, ctx.inputs.size) {
        (Some(data), Some(size)) if data != size => {
            return Err(Error::Unsupported {
                key: "size".into(),
                value: size.to_string(),
                reason: format!(
                    "on {} all-to-all's size is 002's data size, already given as data={data}: give one of them",
                    ctx.machine.id
                ),
            })
        }
        (data, size) => ctx.data(data.or(size).unwrap_or(sizing.data)),
    };
    let chunk = sizing.chunk;
    let per_end = move |d: f64| chunk.map_or_else(|| s.optimum(d).latency, |m| s.latency(d, m));
    let message = chunk.unwrap_or_else(|| s.optimum(d).chunk);
    let mut metrics = sizing.metrics();
    metrics.push(("opt_message_bytes", Value::Number(message)));
    metrics.push((
        "message_latency_us",
        Value::Number(s.message_latency(message.min(d))),
    ));
    Ok(Evaluation {
        cost: Box::new(move |d| latencies * per_end(d)),
        at: d,
        metrics,
        derivations: Vec::new(),
    })
}

/// BSP's g and l on the cluster (002 §4.2–4.6). g comes from eq. 22–23 for x bytes put with k
/// bsp_put calls: the default x is the largest congestion-free size for the algorithm's VC
/// unit time (one-relation §4.3: 8,440 B; total exchange eq. 17: 670 B). l is the
/// total-exchange barrier of eq. 28 with a 100-byte message. The cost is a superstep without
/// local work, g·bytes + l.
pub fn h_relation(ctx: &Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx)?;
    let s = atm.stack;
    let p = atm.p(ctx);
    let traffic = match ctx
        .algo(bsp::h_relation_algos(ctx.machine))
        .unwrap_or("one-relation")
    {
        "one-relation" => Traffic::OneRelation,
        "total-exchange" => Traffic::SeparateAddressing,
        other => {
            return Err(Error::invalid(
                "algo",
                other,
                "one-relation or total-exchange",
            ))
        }
    };
    let sizing = Sizing::new(ctx, &s, atm.vc_unit_time(traffic, p));
    let x = ctx.data(sizing.data);
    sizing.check(ctx, x);
    let k = f64::from(ctx.k(1));
    let g = s.g(atm.put, k, x);
    let l = s.total_exchange_barrier(
        atm.put.b,
        p,
        SYNC_MESSAGE_BYTES,
        atm.vc_unit_time(Traffic::SeparateAddressing, p),
    );
    let mut metrics = vec![
        ("g_us_per_byte", Value::Number(g)),
        ("g_us_per_word", Value::Number(g * WORD_BYTES)),
        ("g_flops_per_word", Value::Number(g * WORD_BYTES * atm.rate)),
        (
            "g_inf_us_per_word",
            Value::Number(s.g_limit(atm.put) * WORD_BYTES),
        ),
        ("l_us", Value::Number(l)),
        ("l_flops", Value::Number(l * atm.rate)),
        (
            "opt_message_bytes",
            Value::Number(s.continuous_optimum(x).chunk),
        ),
    ];
    metrics.extend(sizing.metrics());
    Ok(Evaluation {
        cost: Box::new(move |bytes| superstep(0.0, g, bytes, l)),
        at: ctx.h(x / WORD_BYTES) * WORD_BYTES,
        metrics,
        derivations: Vec::new(),
    })
}

/// The barrier's l as a function of the synchronisation message size m (default 100 B):
/// total exchange, eq. 28, b′ + 2(p−1)(a₁m + b₁ + a₂m + b₂) + m·T with the separate-addressing
/// VC unit time; or broadcast, eq. 29, where each end point multicasts its p messages combined
/// into one of p·m bytes: b′ + p(a₁pm + b₁ + a₂pm + b₂) + pm·R with the multicast VC unit
/// time R.
pub fn barrier(ctx: &Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx)?;
    let (s, sync_call) = (atm.stack, atm.put.b);
    let p = atm.p(ctx);
    let l: Box<dyn Fn(f64) -> f64> = match ctx
        .algo(bsp::barrier_algos(ctx.machine))
        .unwrap_or("total-exchange")
    {
        "total-exchange" => {
            let t = atm.vc_unit_time(Traffic::SeparateAddressing, p);
            Box::new(move |m| s.total_exchange_barrier(sync_call, p, m, t))
        }
        "broadcast" => {
            let r = atm.vc_unit_time(Traffic::Multicast, p);
            Box::new(move |m| s.broadcast_barrier(sync_call, p, p * m, r))
        }
        other => return Err(Error::invalid("algo", other, "total-exchange or broadcast")),
    };
    let m = ctx.size(SYNC_MESSAGE_BYTES);
    let l_at = l(m);
    Ok(Evaluation {
        cost: l,
        at: m,
        metrics: vec![
            ("l_us", Value::Number(l_at)),
            ("l_flops", Value::Number(l_at * atm.rate)),
        ],
        derivations: Vec::new(),
    })
}

/// One node's message to all others by hardware multicast (002 §3.10). The root hands one
/// copy to its interface and the switches replicate it, so the root pays one send and every
/// receiver one receive, concurrently: the time is Latency_sndrcv (eq. 7) whatever p is, as
/// for one point-to-point message. With one sender its multicast VC has a whole link (eq.
/// 18–20 with a single sending end point), which only bounds the congestion-free data size.
/// This is the simplest model §3.10–3.11 support; 002 gives no broadcast measurement.
pub fn broadcast(ctx: &Ctx) -> Result<Evaluation, Error> {
    if let Some(p) = ctx.inputs.p {
        ctx.warn(format!(
            "with hardware multicast the switches replicate the message, so p = {p} does not change the time \
             (002 §3.10)"
        ));
    }
    pingpong(ctx, 1.0)
}

/// Ping-pong (scale 1) and send-and-reply (scale 2): Latency_sndrcv of 002 eq. 7 with the
/// exact optimal chunking, `scale` times, with the bandwidth it tends to, 1/(2·a₂·scale), and
/// its half-performance length.
pub fn pingpong(ctx: &Ctx, scale: f64) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx)?;
    let s = atm.stack;
    let sizing = Sizing::new(ctx, &s, atm.vc_unit_time(Traffic::Single, 1.0));
    let x = ctx.size(DEFAULT_SIZE);
    sizing.check(ctx, x);
    let mut metrics = sizing.metrics();
    metrics.push(("opt_message_bytes", Value::Number(s.optimum(x).chunk)));
    match s.half_performance_length() {
        Some(n_half) => {
            let r_inf = 1.0 / (2.0 * scale * s.asymptotic_unit_time());
            metrics.push(("r_inf_MBps", Value::Number(r_inf)));
            metrics.push(("n_half_bytes", Value::Number(n_half)));
        }
        None => ctx.warn(
            "a₁ = a₂ = 0: no per-byte cost bounds the bandwidth, so r∞ and n½ are not defined",
        ),
    }
    Ok(Evaluation {
        cost: Box::new(move |x| scale * s.sndrcv(x)),
        at: x,
        metrics,
        derivations: Vec::new(),
    })
}
