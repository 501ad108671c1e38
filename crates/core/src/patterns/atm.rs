//! The patterns of 002 on an ATM cluster of workstations: pipelined sends (§3.6), total
//! exchange by separate addressing (§3.9) or hardware multicast (§3.11), a one-node multicast
//! (§3.10), and BSP's g and l derived from the pipeline model (§4). All of them cost one
//! protocol stack with [`Pipeline`]; the links decide only how much data an end point may send
//! at once, through the VC unit time (eq. 10–21).

use super::bsp;
use super::shape::DEFAULT_SIZE;
use crate::catalog::{Machine, Network};
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::inputs::Key;
use crate::models::atm::{
    exact_link_unit_time, Case, Chunking, Layer, Link, Pipeline, Stack, Traffic,
    PAPER_LINK_UNIT_TIME,
};
use crate::models::bsp::superstep;
use crate::units::{si, WORD_BYTES};
use crate::values::Value;

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
    /// The same parameters as bound symbols, for derivations, with the Mflop/s rate that
    /// gives g and l in flops (002 Table 6).
    sym: Syms,
}

/// The cluster's parameters as symbols bound to their values.
struct Syms {
    stack: Stack<Expr>,
    put: (Expr, Expr),
    link: Expr,
    hosts: Expr,
    switches: Expr,
    rate: Expr,
}

/// What a pattern uses of the cluster beyond the two stages and the link. A parameter it does
/// not use is not read (its value stays NaN), so a value given for it is refused as changing
/// nothing.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Uses {
    /// One sender on one VC (ping-pong, broadcast, a pipelined send): the whole link.
    Link,
    /// VCs sharing the bisection of the cluster's switches, p by default its hosts.
    Cluster,
    /// A barrier's bsp_sync call b′ and the clock rate too: l in µs and in flops.
    Barrier,
    /// A superstep's bsp_put calls, a′ per byte as well: g and l.
    Bsp,
}

impl Atm {
    fn new(ctx: &mut Ctx, uses: Uses) -> Result<Atm, Error> {
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
        let mut read = |name: &str, needed: bool| match needed {
            true => ctx.param(name),
            false => Ok(f64::NAN),
        };
        let (cluster, sync) = (uses >= Uses::Cluster, uses >= Uses::Barrier);
        let put = Layer {
            a: read("a_put", uses == Uses::Bsp)?,
            b: read("b_put", sync)?,
        };
        let (hosts, switches) = (read("hosts", cluster)?, read("switches", cluster)?);
        let rate = read("rate", sync)?;
        let link = link_unit_time(ctx)?;
        let sym = Syms {
            stack: Stack {
                a1: ctx.bound("a1", stack.t1.a),
                b1: ctx.bound("b1", stack.t1.b),
                a2: ctx.bound("a2", stack.t2.a),
                b2: ctx.bound("b2", stack.t2.b),
            },
            put: (ctx.bound("a_put", put.a), ctx.bound("b_put", put.b)),
            link: Expr::sym("UnitTime_link", link, "µs/B"),
            hosts: ctx.bound("hosts", hosts),
            switches: ctx.bound("switches", switches),
            rate: ctx.bound("rate", rate),
        };
        Ok(Atm {
            stack,
            put,
            link,
            hosts,
            switches,
            sym,
        })
    }

    /// The processor count, by default the cluster's hosts.
    fn p(&self, ctx: &mut Ctx) -> f64 {
        f64::from(ctx.p(self.hosts.round() as u32))
    }

    fn vc_unit_time(&self, traffic: Traffic, p: f64) -> f64 {
        traffic.vc_unit_time(p, self.switches, self.link)
    }

    /// The VC unit time's derivation for p end points (`p` a symbol: the hosts or the input).
    fn vc_formula(&self, traffic: Traffic, p: Expr) -> Expr {
        let (switches, link) = (self.sym.switches.clone(), self.sym.link.clone());
        traffic.vc_unit_time_of(p, switches, link)
    }
}

/// Where each VC unit time comes from.
fn vc_source(traffic: Traffic) -> &'static str {
    match traffic {
        Traffic::Single => "002 §3.5–3.6: one VC has the whole link",
        Traffic::SeparateAddressing => {
            "002 eq. 10–17: the VCs crossing a bisection √N switches wide"
        }
        Traffic::Multicast => "002 eq. 18–21: the multicast VCs' share of the bisection",
        Traffic::OneRelation => "002 §4.3: the 1-relation's share of a link",
    }
}

/// The processor count as a symbol.
fn p_sym(p: f64) -> Expr {
    Expr::sym("p", p, "")
}

/// x bytes as a symbol.
fn bytes(symbol: &'static str, x: f64) -> Expr {
    Expr::sym(symbol, x, "B")
}

/// The exact optimal chunk of x bytes (002 §3.6, eq. 1–5): the whole number of messages n
/// minimising eq. 1 with messages of ⌈x/n⌉ bytes, found by the search of
/// [`Pipeline::optimum`], whose result `c` is bound.
fn exact_chunk(s: &Stack<Expr>, x: Expr, c: &Chunking) -> Derivation {
    let n = Expr::Var("n");
    let search = Expr::ArgMin {
        var: "n",
        domain: "∈ ℕ",
        objective: Box::new(s.eq1((x.clone() / n.clone()).ceil(), n)),
        found: c.messages,
    };
    let d = Derivation::new(
        "m*",
        Expr::min(vec![(x.clone() / search).ceil(), x]),
        "002 §3.6, eq. 1–5: the whole number of messages n minimising eq. 1, each of ⌈x/n⌉ bytes",
    );
    if c.messages == 1.0 {
        d.branch("one message of all the data (x ≤ b₂/a₁, 002 §3.9)")
    } else {
        d
    }
}

/// The latency of x bytes at the exact optimal chunk m* (eq. 1 with ⌈x/m*⌉ messages).
fn exact_latency(s: &Stack<Expr>, x: Expr, c: &Chunking) -> Expr {
    s.chunks(x, bytes("m*", c.chunk))
}

/// The continuous optimum of x bytes (002 §3.6, eq. 5–6), as [`Pipeline::continuous_optimum`]
/// chose it: the message count n of the case it took (clamped to 1…max(x, 1)), with the
/// chunk x/n and the latency of eq. 1.
fn continuous(s: &Stack<Expr>, x: Expr, c: &Chunking) -> (Expr, Expr, &'static str) {
    let hi = if x.eval() >= 1.0 {
        x.clone()
    } else {
        Expr::num(1.0)
    };
    let stationary = |other: &Expr, slow: &Expr, most: &Expr| {
        if slow.eval() > 0.0 {
            (other.clone() * x.clone() / slow.clone()).sqrt()
        } else {
            most.clone()
        }
    };
    let (raw, branch) = match c.case {
        Case::One | Case::Exact => {
            let branch = "one message of all the data (x ≤ b₂/a₁, 002 §3.9)";
            return (x.clone(), s.message(x), branch);
        }
        Case::Most => (hi.clone(), "one message per byte"),
        Case::Stationary { slow_is_t2: true } => (
            stationary(&s.a1, &s.b2, &hi),
            "eq. 5–6: n = √(a₁x/b₂), so m = √(b₂x/a₁) (t₂ the slower stage)",
        ),
        Case::Stationary { slow_is_t2: false } => (
            stationary(&s.a2, &s.b1, &hi),
            "n = √(a₂x/b₁) (t₁ the slower stage)",
        ),
        Case::Crossing => (
            (s.a2.clone() - s.a1.clone()) * x.clone() / (s.b1.clone() - s.b2.clone()),
            "n where the stages cross, t₁(x/n) = t₂(x/n)",
        ),
    };
    let n = match raw.eval() {
        v if v < 1.0 => Expr::num(1.0),
        v if v > hi.eval() => hi,
        _ => raw,
    };
    // Eq. 1's latency at that optimum, with m and n bound to the values it gave.
    let latency = s.eq1(bytes("m", c.chunk), Expr::sym("n", c.messages, ""));
    (x / n, latency, branch)
}

/// UnitTime_link (002 §3.5–3.6): `paper` is 002's rounded 0.06 µs/B, `exact` is 8/135.632
/// from the SONET rate through the ATM and AAL5 layers. The rounding belongs to the
/// 155.52 Mb/s line, so a user's own `sonet` rate is always taken exactly.
fn link_unit_time(ctx: &mut Ctx) -> Result<f64, Error> {
    match (ctx.link(), ctx.overridden("sonet")) {
        (Link::Paper, None) => Ok(PAPER_LINK_UNIT_TIME),
        (Link::Paper, Some(sonet)) => {
            ctx.used_param("sonet", sonet);
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
    /// T's derivation and source.
    formula: Expr,
    source: &'static str,
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
    fn new(ctx: &mut Ctx, atm: &Atm, traffic: Traffic, p: Expr) -> Sizing {
        let stack = &atm.stack;
        let formula = atm.vc_formula(traffic, p.clone());
        let t_vc = atm.vc_unit_time(traffic, p.eval());
        let source = vc_source(traffic);
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
                formula,
                source,
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
            formula,
            source,
            max_data: Some(max_data),
            data,
            chunk: Some(stack.optimum(data).chunk),
        }
    }

    /// Warns when x bytes sent with the optimal pipeline would outrun the VC (002 eq. 14).
    fn check(&self, ctx: &mut Ctx, x: f64) {
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

    /// The VC's metrics (002 eq. 14–17), derived.
    fn derivations(&self, s: &Stack<Expr>) -> Vec<(&'static str, Derivation)> {
        let mut d = vec![(
            "vc_unit_time_us_per_byte",
            Derivation::new("T_VC", self.formula.clone(), self.source),
        )];
        if self.max_data.is_some() {
            let t = Expr::sym("T_VC", self.t_vc, "µs/B");
            d.push((
                "max_data_bytes",
                Derivation::new(
                    "x_max",
                    s.max_data(t),
                    "002 eq. 14–16: where UnitTime_protocol(x) = T_VC",
                ),
            ));
        }
        d
    }
}

/// Sends x bytes from one end point as ⌈x/m⌉ pipelined messages (002 §3.6). With `size` the
/// chunk m is the user's; without it every x takes its exact optimal chunking. The default x
/// is the largest the link takes without congestion (eq. 16, 114,600 B with the 0.06 link).
/// Beside the exact optimum the metrics give 002's continuous one (eq. 5–6), which the paper
/// prints.
pub fn pipelined_send(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx, Uses::Link)?;
    let s = atm.stack;
    let sizing = Sizing::new(ctx, &atm, Traffic::Single, Expr::num(1.0));
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
    let mut derivations = sizing.derivations(&atm.sym.stack);
    // A send reports the VC's data size, not its unit time (the link's).
    derivations.retain(|(k, _)| *k != "vc_unit_time_us_per_byte");
    derivations.extend(send_derivations(
        &atm.sym.stack,
        x,
        &opt,
        &closed,
        ctx.inputs.size,
    ));
    Ok(Evaluation::derived(cost, x, derivations))
}

/// The derivations of a pipelined send of x bytes: the exact optimum `opt` and its time, the
/// continuous optimum `closed`, eq. 10's unit time, one message's latency and the time at x
/// (in messages of the user's `size`, else at the exact optimum).
fn send_derivations(
    s: &Stack<Expr>,
    x: f64,
    opt: &Chunking,
    closed: &Chunking,
    size: Option<f64>,
) -> Vec<(&'static str, Derivation)> {
    let xs = bytes("x", x);
    let optimal = exact_latency(s, xs.clone(), opt);
    let (chunk, latency, branch) = continuous(s, xs.clone(), closed);
    const EQ1: &str = "002 eq. 1–3: ⌈x/m⌉ messages of m bytes";
    let (message, time) = match size {
        Some(m) => {
            let m = if m <= x { bytes("m", m) } else { xs.clone() };
            let t = Derivation::new("T", s.chunks(xs.clone(), m.clone()), EQ1);
            (m, t)
        }
        None => {
            let t = Derivation::new("T", optimal.clone(), EQ1).branch("m = m*, the exact optimum");
            (bytes("m*", opt.chunk), t)
        }
    };
    let unit = s.unit_time(xs.clone());
    vec![
        ("opt_message_bytes", exact_chunk(s, xs, opt)),
        (
            "opt_time_us",
            Derivation::new("T*", optimal, "002 eq. 1 at the exact optimum m*"),
        ),
        (
            "closed_form_message_bytes",
            Derivation::new("m", chunk, "002 eq. 5: the continuous optimum of eq. 1")
                .branch(branch),
        ),
        (
            "closed_form_time_us",
            Derivation::new("T", latency, "002 eq. 6: eq. 1 at the continuous optimum")
                .branch(branch),
        ),
        (
            "unit_time_us_per_byte",
            Derivation::new("UnitTime", unit, "002 eq. 10"),
        ),
        (
            "message_latency_us",
            Derivation::new(
                "t",
                s.message(message),
                "002 §3.9: t₁(m) + t₂(m), one message",
            ),
        ),
        ("time_us", time),
    ]
}

/// Total exchange among p end points, each sending D bytes to every other (002 §3.9, §3.11).
/// The message size is chosen once, for the cluster of `hosts` (8), from the VC unit time of
/// the algorithm (eq. 17 or 21) and eq. 16, and kept for every p and D: Table 4's 4- and
/// 6-processor columns only follow that way. Separate addressing costs each end point 2(p−1)
/// protocol latencies (p−1 sends, p−1 receives), hardware multicast p (one send, p−1
/// receives), each of D bytes in full messages of that size (eq. 1). Like Tables 4 and 5, the
/// cost leaves out the network transfer time.
pub fn all_to_all(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx, Uses::Cluster)?;
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
    let sizing = Sizing::new(ctx, &atm, traffic, atm.sym.hosts.clone());
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
    let mut derivations = sizing.derivations(&atm.sym.stack);
    derivations.extend(exchange_derivations(&atm, &sizing, p, d, traffic));
    let cost = Box::new(move |d| latencies * per_end(d));
    Ok(Evaluation::derived(cost, d, derivations))
}

/// The derivations of a total exchange of D bytes per connection: the message size (chosen
/// once for the cluster's congestion-free data size, or D's own optimum where the VC never
/// limits), one message's latency, and the time, each end point's protocol latencies.
fn exchange_derivations(
    atm: &Atm,
    sizing: &Sizing,
    p: f64,
    d: f64,
    traffic: Traffic,
) -> Vec<(&'static str, Derivation)> {
    let (s, stack) = (&atm.sym.stack, &atm.stack);
    let ds = bytes("D", d);
    let (chunk, per_end) = match sizing.chunk {
        Some(m) => {
            let o = stack.optimum(sizing.data);
            let chosen = exact_chunk(s, bytes("x", sizing.data), &o)
                .branch("chosen once, for the cluster's congestion-free data size x (002 eq. 16)");
            let m = if m <= d { bytes("m", m) } else { ds.clone() };
            (chosen, s.chunks(ds.clone(), m))
        }
        None => {
            let o = stack.optimum(d);
            (
                exact_chunk(s, ds.clone(), &o),
                exact_latency(s, ds.clone(), &o),
            )
        }
    };
    let message = chunk.value();
    let m = if message <= d {
        bytes("m", message)
    } else {
        ds
    };
    let (latencies, source) = match traffic {
        Traffic::Multicast => (
            p_sym(p),
            "002 §3.11: p protocol latencies per end point (eq. 1)",
        ),
        _ => (
            Expr::num(2.0) * (p_sym(p) - Expr::num(1.0)),
            "002 §3.9: 2(p − 1) protocol latencies per end point (eq. 1)",
        ),
    };
    vec![
        ("opt_message_bytes", chunk),
        (
            "message_latency_us",
            Derivation::new("t", s.message(m), "002 §3.9: t₁(m) + t₂(m), one message"),
        ),
        ("time_us", Derivation::new("T", latencies * per_end, source)),
    ]
}

/// BSP's g and l on the cluster (002 §4.2–4.6). g comes from eq. 22–23 for x bytes put with k
/// bsp_put calls: the default x is the largest congestion-free size for the algorithm's VC
/// unit time (one-relation §4.3: 8,440 B; total exchange eq. 17: 670 B). l is the
/// total-exchange barrier of eq. 28 with a 100-byte message. The cost is a superstep without
/// local work, g·bytes + l.
pub fn h_relation(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx, Uses::Bsp)?;
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
    let sizing = Sizing::new(ctx, &atm, traffic, p_sym(p));
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
    let h = ctx.h(x / WORD_BYTES);
    let mut derivations = sizing.derivations(&atm.sym.stack);
    derivations.extend(superstep_derivations(&atm, p, k, x, (g, l)));
    let time =
        Expr::sym("g", g, "µs/B") * (Expr::sym("h", h, "") * word()) + Expr::sym("l", l, "µs");
    let source = "002 §4: a superstep g·4h + l with g and l from the model";
    derivations.push(("time_us", Derivation::new("T", time, source)));
    let cost = Box::new(move |bytes| superstep(0.0, g, bytes, l));
    Ok(Evaluation::derived(cost, h * WORD_BYTES, derivations))
}

fn word() -> Expr {
    Expr::Const {
        value: WORD_BYTES,
        unit: "B",
    }
}

/// BSP's g and l from the pipeline model (002 §4): g of x bytes in k puts (eq. 22–23, with
/// the continuous optimum's latency), its forms per word, in flops and for long data (eq.
/// 27), l of the total-exchange barrier (eq. 28) and in flops, and the continuous chunk.
fn superstep_derivations(
    atm: &Atm,
    p: f64,
    k: f64,
    x: f64,
    (g, l): (f64, f64),
) -> Vec<(&'static str, Derivation)> {
    let sym = &atm.sym;
    let s = &sym.stack;
    let xs = bytes("x", x);
    let closed = atm.stack.continuous_optimum(x);
    let (chunk, latency, branch) = continuous(s, xs.clone(), &closed);
    let k = Expr::sym("k", k, "");
    let g_formula = s.g(sym.put.clone(), k, xs, latency);
    let (g, l) = (Expr::sym("g", g, "µs/B"), Expr::sym("l", l, "µs"));
    let t_vc = atm.vc_formula(Traffic::SeparateAddressing, p_sym(p));
    let sync = Expr::Const {
        value: SYNC_MESSAGE_BYTES,
        unit: "B",
    };
    let l_formula = s.total_exchange_barrier(sym.put.1.clone(), p_sym(p), sync, t_vc);
    let d = Derivation::new;
    vec![
        (
            "g_us_per_byte",
            d(
                "g",
                g_formula,
                "002 eq. 22–23: copies at both ends and the protocol latency, per byte",
            )
            .branch(branch),
        ),
        (
            "g_us_per_word",
            d("g", g.clone() * word(), "002 §4.3: 4 bytes per word"),
        ),
        (
            "g_flops_per_word",
            d(
                "g",
                g * word() * sym.rate.clone(),
                "002 Table 6: g times the clock rate",
            ),
        ),
        (
            "g_inf_us_per_word",
            d(
                "g_∞",
                s.g_limit(sym.put.0.clone()) * word(),
                "002 eq. 27: g as x → ∞, per word",
            ),
        ),
        (
            "l_us",
            d(
                "l",
                l_formula,
                "002 eq. 28 with a 100-byte message (T_VC: eq. 17)",
            ),
        ),
        (
            "l_flops",
            d(
                "l",
                l * sym.rate.clone(),
                "002 Table 6: l times the clock rate",
            ),
        ),
        (
            "opt_message_bytes",
            d("m*", chunk, "002 §3.6: the continuous optimum of eq. 1").branch(branch),
        ),
    ]
}

/// The barrier's l as a function of the synchronisation message size m (default 100 B):
/// total exchange, eq. 28, b′ + 2(p−1)(a₁m + b₁ + a₂m + b₂) + m·T with the separate-addressing
/// VC unit time; or broadcast, eq. 29, where each end point multicasts its p messages combined
/// into one of p·m bytes: b′ + p(a₁pm + b₁ + a₂pm + b₂) + pm·R with the multicast VC unit
/// time R.
pub fn barrier(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx, Uses::Barrier)?;
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
    let (ps, ms) = (p_sym(p), bytes("m", m));
    let sync = atm.sym.put.1.clone();
    let (formula, source) = match ctx.inputs.algo {
        Some("broadcast") => (
            atm.sym.stack.broadcast_barrier(
                sync,
                ps.clone(),
                ps.clone() * ms,
                atm.vc_formula(Traffic::Multicast, ps),
            ),
            "002 eq. 29 (R_VC: the multicast VC unit time, eq. 21)",
        ),
        _ => (
            atm.sym.stack.total_exchange_barrier(
                sync,
                ps.clone(),
                ms,
                atm.vc_formula(Traffic::SeparateAddressing, ps),
            ),
            "002 eq. 28 (T_VC: the separate-addressing VC unit time, eq. 17)",
        ),
    };
    let l_sym = Expr::sym("l", l_at, "µs") * atm.sym.rate.clone();
    Ok(Evaluation::derived(
        l,
        m,
        vec![
            ("l_us", Derivation::new("l", formula.clone(), source)),
            ("time_us", Derivation::new("T", formula, source)),
            (
                "l_flops",
                Derivation::new("l", l_sym, "002 Table 6: l times the clock rate"),
            ),
        ],
    ))
}

/// One node's message to all others by hardware multicast (002 §3.10). The root hands one
/// copy to its interface and the switches replicate it, so the root pays one send and every
/// receiver one receive, concurrently: the time is Latency_sndrcv (eq. 7) whatever p is, as
/// for one point-to-point message. With one sender its multicast VC has a whole link (eq.
/// 18–20 with a single sending end point), which only bounds the congestion-free data size.
/// This is the simplest model §3.10–3.11 support; 002 gives no broadcast measurement.
pub fn broadcast(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    if let Some(p) = ctx.inputs.p {
        // Read, and answered by the warning: the time is the same for every p.
        ctx.record(Key::P, Value::Number(f64::from(p)));
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
pub fn pingpong(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let atm = Atm::new(ctx, Uses::Link)?;
    let s = atm.stack;
    let sizing = Sizing::new(ctx, &atm, Traffic::Single, Expr::num(1.0));
    let x = ctx.size(DEFAULT_SIZE);
    sizing.check(ctx, x);
    let opt = s.optimum(x);
    let sym = &atm.sym.stack;
    let mut derivations = sizing.derivations(sym);
    derivations.push(("opt_message_bytes", exact_chunk(sym, bytes("x", x), &opt)));
    match s.half_performance_length() {
        Some(n_half) => {
            derivations.extend(sndrcv_limits(sym, scale, n_half));
        }
        None => ctx.warn(
            "a₁ = a₂ = 0: no per-byte cost bounds the bandwidth, so r∞ and n½ are not defined",
        ),
    }
    let both_ends = Expr::num(2.0) * exact_latency(sym, bytes("x", x), &opt);
    let time = if scale == 1.0 {
        both_ends
    } else {
        Expr::Mul(vec![Expr::num(scale), both_ends])
    };
    let source =
        "002 eq. 1–3 and 7: both ends pay the protocol latency; m* the exact optimal chunk";
    derivations.push(("time_us", Derivation::new("T", time, source)));
    let cost = Box::new(move |x| scale * s.sndrcv(x));
    Ok(Evaluation::derived(cost, x, derivations))
}

/// r∞ of Latency_sndrcv, `scale` times over: the slower stage sees every byte at both ends
/// (002 eq. 7), and n½, found by bisection.
fn sndrcv_limits(s: &Stack<Expr>, scale: f64, n_half: f64) -> [(&'static str, Derivation); 2] {
    let slower = Expr::max(vec![s.a1.clone(), s.a2.clone()]);
    let r_inf = Expr::num(1.0) / (Expr::num(2.0 * scale) * slower);
    [
        (
            "r_inf_MBps",
            Derivation::new(
                "r∞",
                r_inf,
                "002 eq. 7: the slower stage sees every byte, at both ends",
            ),
        ),
        (
            "n_half_bytes",
            Derivation::described(
                "n½",
                "the x where x/T(x) = r∞/2, found by bisection",
                n_half,
                "B",
                "002 eq. 7",
            ),
        ),
    ]
}
