//! "What am I looking at?": for every pattern and model, the idea in the papers' words, its
//! formula (MathML, built with [`crate::math`]), the assumptions it rests on and where it comes
//! from. A reader who opens a scenario from a link should be able to tell what the curve means
//! without the paper at hand, and find the page in the paper when they want more.
//!
//! Each source names a paper by file prefix (000 … 004) and places in it — `§2.1`, `eq. 3`,
//! `Table 1`, `Rule 3`, `Fig. 5`, `Appendix 7.1`, a range written `eq. 1–7` — which the tests
//! look up in the papers' text (tests/papers), so a citation cannot point at nothing.

use std::fmt::Write;

use commcalc_core::patterns::PatternDef;
use commcalc_core::Model;

use crate::controls::paper_label;
use crate::html::esc;
use crate::math::{self, chain, frac, join, num, op, paren, row, sup, sym, times, M};

/// One explanation: a pattern's or a model's.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// What it is called (for a pattern, the core's title).
    pub title: &'static str,
    /// The idea in one or two sentences.
    pub idea: &'static str,
    /// The formula, one equation per line.
    pub formula: fn() -> Vec<M>,
    /// What the formula takes for granted, short.
    pub assumptions: &'static [&'static str],
    /// Paper and places: `000 §3.1, eq. 3; 001 eq. 1`.
    pub source: &'static str,
}

impl Entry {
    /// The formula as MathML, one `<math>` element per equation.
    pub fn mathml(&self) -> String {
        (self.formula)().into_iter().map(|m| chain([m])).collect()
    }
}

/// A pattern's explanation. Its formula is not here: how a pattern is costed depends on the
/// model (ping-pong is α + βn under Hockney, a hyperbola under 000's blocks), so the panel
/// shows the formulas the scenario's report was computed by ([`crate::derived::panel_formulas`]).
#[derive(Clone, Copy, Debug)]
pub struct PatternEntry {
    /// The core's title.
    pub title: &'static str,
    /// The idea in one or two sentences.
    pub idea: &'static str,
    /// What the model's formulas for it take for granted, short.
    pub assumptions: &'static [&'static str],
    /// Paper and places.
    pub source: &'static str,
}

// ---- Small combinators over `math`, for the papers' notation ------------------------------

/// `lhs = rhs`.
fn eq(lhs: M, rhs: M) -> M {
    row([lhs, op("="), rhs])
}

/// `f(x)`: a function applied to its argument.
fn call(name: &str, arg: M) -> M {
    row([sym(name), paren(arg)])
}

/// `a + b + …`.
fn plus(items: impl IntoIterator<Item = M>) -> M {
    join(items, "+")
}

/// `a − b`.
fn minus(a: M, b: M) -> M {
    join([a, b], "−")
}

/// Factors side by side, as the papers write `2a_w` or `n(n − 1)`.
fn juxt(items: impl IntoIterator<Item = M>) -> M {
    row(items)
}

/// Equations side by side, a comma and an em space apart.
fn apart(items: impl IntoIterator<Item = M>) -> M {
    let mut out = Vec::new();
    for (i, m) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend([op(","), math::text("\u{2003}")]);
        }
        out.push(m);
    }
    row(out)
}

/// `(p − 1)`.
fn p_minus_1(p: &str) -> M {
    paren(minus(sym(p), num("1")))
}

/// `⌈x⌉`.
fn ceil_of(m: M) -> M {
    row([op("⌈"), m, op("⌉")])
}

/// A symbol (`a_w` is a with subscript w): short, since every formula below is made of them.
fn s(name: &str) -> M {
    sym(name)
}

// ---- Models (docs/models.md) -----------------------------------------------------------------

/// The explanation of a model. Every model has one: the match is exhaustive.
pub fn model(m: Model) -> Entry {
    match m {
        Model::Hockney => hockney(),
        Model::Piecewise => piecewise(),
        Model::Packetized => packetized(),
        Model::Hyperbolic => hyperbolic(),
        Model::Bsp => bsp(),
        Model::Bpram => bpram(),
        Model::AtmPipeline => atm_pipeline(),
        Model::Nbl => nbl(),
    }
}

/// The Hockney model's entry.
fn hockney() -> Entry {
    Entry {
        title: "Linear model (Hockney)",
        idea: "A message of n bytes costs a startup time α, whatever its size, plus a transmission time β per byte. The asymptotic bandwidth is r∞ = 1/β; half of it is reached at the half-performance length n½ = α/β.",
        formula: || {
            vec![
                eq(call("T", s("n")), plus([s("α"), times([s("β"), s("n")])])),
                apart(
                    [
                        eq(s("r_∞"), frac(num("1"), s("β"))),
                        eq(s("n_½"), frac(s("α"), s("β"))),
                    ],
                ),
            ]
        },
        assumptions: &[
            "Messages are not broken into packets (003).",
            "No congestion: one message on an unloaded network (001 §2).",
            "α and β are least-squares fits to measured times.",
        ],
        source: "003 eq. 1; 001 §2, eq. 1–2; 004 §2",
    }
}

/// The piecewise model's entry.
fn piecewise() -> Entry {
    Entry {
        title: "Piecewise linear model (protocol ranges)",
        idea: "An MPI library sends small messages one way (eager) and large ones another (rendezvous): each range of message sizes, from its first size b_k to the next range's, has its own start-up α_k and time per byte β_k, Hockney's line in each range. SMPI costs messages so (Clauss et al., IPDPS 2011, §4). A collective's steps are each costed in the range of their own message.",
        formula: || {
            vec![
                eq(
                    call("T", s("n")),
                    plus([s("α_k"), times([s("β_k"), s("n")])]),
                ),
                apart([
                    row([s("b_k"), op("≤"), s("n"), op("<"), s("b_k+1")]),
                    eq(s("r_∞"), frac(num("1"), s("β_last"))),
                ]),
            ]
        },
        assumptions: &[
            "Up to three ranges; a range whose first size is 10¹² is never reached.",
            "Within a range, Hockney's assumptions: no packets, no congestion.",
            "α_k and β_k are least-squares fits (in relative error) to a ping-pong, as commcalc fit makes them.",
        ],
        source: "003 eq. 1; 001 §2",
    }
}

/// The Packetized model's entry.
fn packetized() -> Entry {
    Entry {
        title: "Packetized service time",
        idea: "A communication block handles a message in packets of at most p bytes: each packet costs a fixed service time a, each byte an incremental service time m. The time is a sawtooth in the message size.",
        formula: || {
            vec![eq(
                call("t", s("x")),
                plus([
                    juxt([s("a"), ceil_of(frac(s("x"), s("p")))]),
                    juxt([s("m"), s("x")]),
                ]),
            )]
        },
        assumptions: &[
            "The fixed time is independent of the packet size (interrupts, context switches, propagation).",
            "The incremental time is proportional to the bytes (copies, checksums, transmission).",
        ],
        source: "000 §2, eq. 1",
    }
}

/// The Hyperbolic model's entry.
fn hyperbolic() -> Entry {
    Entry {
        title: "Hyperbolic model",
        idea: "The packetized sawtooth is approximated by a hyperbola with a horizontal tangent at x = 0 and an asymptote of slope b. Its gain is that the (a, b) of a whole communication graph follow from those of its blocks by four rules.",
        formula: || {
            let bx = juxt([s("b"), s("x")]);
            vec![
                eq(
                    call("T", s("x")),
                    plus([
                        frac(sup(s("a"), num("2")), plus([s("a"), bx.clone()])),
                        bx,
                    ]),
                ),
                apart(
                    [
                        eq(s("b"), plus([frac(s("a"), s("p")), s("m")])),
                        eq(
                            s("n_½"),
                            times([
                                frac(minus(math::sqrt(num("5")), num("1")), num("2")),
                                frac(s("a"), s("b")),
                            ]),
                        ),
                    ],
                ),
            ]
        },
        assumptions: &[
            "Rule 1, serial blocks: a = Σaᵢ; b = max bᵢ if independent, Σbᵢ if dependent.",
            "Rule 2, parallel blocks: a = min aᵢ; b = (Σ1/bᵢ)⁻¹ if independent, min bᵢ if dependent.",
            "Rule 3, n concurrent messages: each sees aᵢ = na, bᵢ = b·Σx/xᵢ (it is processed last).",
            "Rule 4: where the graph changes with size, a is the small-message time and b the large-message time per byte.",
        ],
        source: "000 §2, eq. 2, Rules 1–4",
    }
}

/// The Bsp model's entry.
fn bsp() -> Entry {
    Entry {
        title: "Bulk-Synchronous Parallel (BSP)",
        idea: "Computation proceeds in supersteps separated by barriers. An h-relation, where no processor sends or receives more than h words, followed by a barrier takes g·h + L.",
        formula: || {
            vec![eq(
                s("T"),
                plus([s("w"), times([s("g"), s("h")]), s("L")]),
            )]
        },
        assumptions: &[
            "All messages have a fixed short size, essentially a word (4 bytes).",
            "The cost depends only on the largest fan-in or fan-out h, not on the total traffic.",
            "g and L are measured: by machine size p on the Paragon (001 Table 1), Hill's values elsewhere (002 Tables 7–10).",
        ],
        source: "001 §1, Table 1; 002 §2.4",
    }
}

/// The Bpram model's entry.
fn bpram() -> Entry {
    Entry {
        title: "Message-passing Block PRAM (BPRAM)",
        idea: "Block transfers are rewarded: a message of m bytes takes σ·m + ℓ, where ℓ is the startup cost of a message transmission and σ the transfer time per byte.",
        formula: || {
            vec![eq(
                call("T", s("m")),
                plus([times([s("σ"), s("m")]), s("ℓ")]),
            )]
        },
        assumptions: &[
            "A processor sends and receives at most one message per communication step.",
            "Time is independent of network traffic: unbalanced patterns are not modelled.",
            "σ and ℓ are fitted for each machine size p (001 Table 2).",
        ],
        source: "001 §1, §3, Table 2",
    }
}

/// The AtmPipeline model's entry.
fn atm_pipeline() -> Entry {
    Entry {
        title: "Pipelined ATM protocol model",
        idea: "Data of x bytes is sent as n messages of m bytes pipelined through the protocol layers, each layer taking tₖ = aₖ·m + bₖ. The slowest layer sets the pace, the receiving end pays about the same again, and there is an optimal message size.",
        formula: || {
            vec![
                eq(
                    s("Latency_protocol"),
                    plus([
                        row([op("∑"), s("t_k")]),
                        times([p_minus_1("n"), row([s("max"), s("t_k")])]),
                    ]),
                ),
                eq(
                    s("m"),
                    math::sqrt(frac(juxt([s("b_2"), s("x")]), s("a_1"))),
                ),
                eq(
                    s("Latency_sndrcv"),
                    juxt([
                        num("2"),
                        paren(plus([
                            juxt([
                                num("2"),
                                math::sqrt(juxt([s("a_1"), s("b_2"), s("x")])),
                            ]),
                            juxt([s("a_2"), s("x")]),
                            s("b_1"),
                        ])),
                    ]),
                ),
            ]
        },
        assumptions: &[
            "Two stages: protocol software and driver (a₁, b₁), network interface (a₂, b₂), with t₂ > t₁ (Table 3).",
            "The receiving end has almost the same protocol latency as the sending end.",
            "The protocol may not send faster than the link: unit time ≥ 8/135.632 ≈ 0.06 µs/B.",
            "No other traffic; sharing links enters through the VC unit time (§3.8–3.9).",
        ],
        source: "002 §3.6, eq. 1–7, eq. 10, Table 3",
    }
}

/// The Nbl model's entry.
fn nbl() -> Entry {
    Entry {
        title: "Node-bandwidth-limited (NBL) model",
        idea: "When a node uses several links at once, conflicts for memory paths or processor cycles slow each of them. L messages of S elements on L nominally active links take Lα + f(L)βS.",
        formula: || {
            vec![
                eq(
                    call("T", s("L")),
                    plus([
                        juxt([s("L"), s("α")]),
                        juxt([call("f", s("L")), s("β"), s("S")]),
                    ]),
                ),
                apart(
                    [
                        eq(call("f", num("1")), num("1")),
                        row([
                            math::text("standard\u{a0}"),
                            eq(call("f", s("L")), num("1")),
                        ]),
                        row([math::text("nominal\u{a0}"), eq(call("f", s("L")), s("L"))]),
                    ],
                ),
            ]
        },
        assumptions: &[
            "Using several links does not change the overhead α per message.",
            "f(L) = 1: perfect overlap; f(L) = L: node bandwidth equals link bandwidth.",
            "Fitted to the DELTA: f(2) = 1.1, f(3) = 1.3, f(4) = 3.9, f(6) = 5.1 (§4.2).",
            "The Appendix writes each step as L(α + f(L)βS); its Fence optimum follows only from §2's form, which is used here.",
        ],
        source: "004 §2, §4.2, Table 1",
    }
}

// ---- Patterns ------------------------------------------------------------------------------

/// A pattern's entry without its title: idea, assumptions, source.
type Parts = (&'static str, &'static [&'static str], &'static str);

/// Each pattern's explanation, by the pattern ids it serves.
static PATTERNS: &[(&[&str], Parts)] = &[
    (&["pingpong"], (
        "One node sends a message and the other echoes it. One clock cannot time both ends, so the one-way time is half the round trip.",
        &[
            "The echo costs the same as the message (by symmetry).",
            "One message in flight on an unloaded network.",
            "Node, network, node in series (Rule 1).",
        ],
        "000 §3.1, eq. 3; 001 §2, eq. 1; 003 eq. 1",
    )),
    (&["roundtrip"], (
        "A message is sent and the sender awaits a reply, analogous to a remote procedure call: the minimum response time of a node.",
        &[
            "The reply is as large as the message.",
            "The two directions do not overlap: the hypercubes' links are simplex.",
            "The iPSC does better than twice a send: its receive is posted before the reply arrives.",
        ],
        "003 §Send-and-Reply and Exchange, Fig. 3; 000 §3.1",
    )),
    (&["exchange"], (
        "Two nodes send and receive a message at the same time (the Paragon's \"ping-pong double\", the hypercubes' exchange). Whether the two directions overlap depends on the machine.",
        &[
            "Paragon NX: 216 + 0.0226·m µs, twice the ping-pong's time per byte: a processor cannot send and receive simultaneously.",
            "Simplex hypercube links: two transfers.",
            "DELTA: two links active, 2α + f(2)βS.",
            "Hyperbolic machines: every block carries two messages (Rule 3).",
        ],
        "001 §2, eq. 2; 003 §Send-and-Reply and Exchange; 004 §2; 000 Rule 3",
    )),
    (&["all-to-all"], (
        "Every one of p nodes sends a different message to every other and waits for all of its own. On a shared medium the network carries all p(p − 1) messages, so the bus, not the nodes, soon sets the time.",
        &[
            "All nodes start together; each message is taken to be processed last (Rule 3), an upper bound.",
            "Ethernet's CSMA/CD staggers the senders in practice (000 §4.3).",
            "ATM: 2(p − 1) protocol latencies per end point with separate addressing, p with hardware multicast.",
            "BSP machines: one superstep of h = (p − 1)x/4 words.",
        ],
        "000 §3.1, eq. 4; 002 §3.9, §3.11",
    )),
    (&["pairs"], (
        "n = p/2 pairs send at once: on the SP2 node i to node n + i, on the Paragon node i to node 2n − i + 1 along one mesh row. Growing n shows the network's share, which is how 000 separates the network's parameters from the nodes'.",
        &[
            "SP2: each pair has its own channel within a frame; only 8 channels join two frames.",
            "Paragon: X-Y routing along one row, so the middle routers carry all n messages: a(n) = 2a_p + 2na_c.",
            "The Paragon's a_c cannot be isolated: only a_p + a_c = 120 µs.",
        ],
        "000 §3.3, eq. 8; 000 §3.4, eq. 12",
    )),
    (&["h-relation"], (
        "A BSP superstep: every processor sends and receives at most h words, then all meet at a barrier. It costs g·h + L whatever the pattern, since BSP charges only the largest fan-in or fan-out.",
        &[
            "Fine-grain traffic: packets of one 4-byte word.",
            "The library combines the packets for each destination and sends them at the barrier.",
            "Paragon: g and L fitted by p (Table 1); ATM: derived from the pipeline model (002 eq. 22–23).",
        ],
        "001 §1, §3, Table 1; 002 §2.4, eq. 22–23",
    )),
    (&["permutation"], (
        "One BPRAM communication step: every processor sends one block of m bytes to one other and receives one.",
        &[
            "A full permutation: one message out and one in per processor.",
            "σ and ℓ fitted for each mesh size; ℓ stays almost constant.",
            "On large meshes unbalanced patterns run faster than predicted (001 §4).",
        ],
        "001 §1, §3, Table 2",
    )),
    (&["ring-broadcast"], (
        "Every node must give its message to all others. Rather than p broadcasts, node i receives from node i − 1 and sends to node i + 1, which takes O(p) steps.",
        &[
            "Each message crosses p − 1 links.",
            "Simplex links: a node's receive and send do not overlap (about six single-link times on 4 nodes).",
            "N is the message size in bytes, as in eq. 1.",
        ],
        "003 §N-way Broadcast, Fig. 5, eq. 1",
    )),
    (&["broadcast"], (
        "One node sends the same message to all others: on the hypercubes the operating system's broadcast, a binomial tree; on ATM the switches replicate one copy in hardware.",
        &[
            "Binomial tree: each step doubles the nodes that hold the message.",
            "003 measured a four-node cube only.",
            "ATM multicast: the root pays one send, each receiver one receive, concurrently.",
        ],
        "003 §Single Node Broadcast, Fig. 6; 002 §3.10",
    )),
    (&["global-combine"], (
        "Sum one vector per node element by element and give every node the result. Tree halves the nodes each step with whole vectors; Snake and Fence pipeline blocks of S elements along a line, or down the columns and across the bottom row.",
        &[
            "Communication does not overlap computation; all nodes step together.",
            "The busiest node has the most active links: 4 for Snake, 6 for Fence.",
            "Snake and Fence sum their Appendix timelines at the best whole block S, B = ⌈N/S⌉ ≥ 3.",
        ],
        "004 §3.2, §3.3, Appendix 7.1",
    )),
    (&["pipelined-send"], (
        "Instead of x bytes in one message, send n messages of m bytes: while the interface sends one, the protocol prepares the next. Small m pays the per-message costs n times, large m loses the overlap; the optimum is √(b₂x/a₁) ≈ 73√x.",
        &[
            "t₁ = a₁m + b₁ (protocol and driver), t₂ = a₂m + b₂ (network interface), t₂ > t₁.",
            "The receiving end pays about the same again (eq. 7).",
            "x may not exceed what the link takes without congestion: about 114,600 B, where eq. 10 meets 0.06 µs/B.",
        ],
        "002 §3.6, eq. 1–10, eq. 16",
    )),
    (&["barrier"], (
        "BSP's l, the cost of a barrier synchronisation: measured on the Paragon, SP2 and SMP; on ATM derived for a total exchange of small messages (eq. 28) or one combined message multicast by the switches (eq. 29).",
        &[
            "Synchronisation messages are small: usually not more than 100 bytes.",
            "Broadcast: each node combines its p messages into one, p protocol latencies.",
            "002's broadcast l = 3,368 µs leaves out eq. 29's network term.",
        ],
        "002 §4.6, §4.7, eq. 28–29; 001 Table 1",
    )),
    (&["allgather"], (
        "Every process contributes a block and every process ends with all p blocks (n bytes in all). The ring passes blocks along p − 1 times; recursive doubling and Bruck finish in about lg p steps. 003's N-way ring broadcast is this collective on the hypercubes.",
        &[
            "One message of m bytes costs α + mβ, the machine's point-to-point line.",
            "A process sends and receives at once; links do not contend.",
            "Costs as Thakur, Rabenseifner and Gropp (2005) give them.",
        ],
        "003 eq. 1, §N-way Broadcast",
    )),
    (&["reduce-scatter"], (
        "The p vectors of n bytes are summed element by element and each process keeps one n/p block of the sum. Recursive halving takes lg p steps, pairwise exchange p − 1; both move and combine n(p − 1)/p bytes.",
        &[
            "γ is the compute per byte of combining two vectors.",
            "Other p first fold into the largest power of two below p.",
            "Costs as Thakur, Rabenseifner and Gropp (2005) give them.",
        ],
        "003 eq. 1; 004 §2",
    )),
    (&["allreduce"], (
        "The p vectors of n bytes are summed and every process gets the sum. Recursive doubling pays lg p whole vectors; Rabenseifner's algorithm and the ring move about 2n bytes whatever p is. On the DELTA, 004's Tree, Snake and Fence join them.",
        &[
            "γ is the compute per byte of combining two vectors (c₂/8 on the DELTA).",
            "004's algorithms run on the most square mesh of p nodes.",
            "Costs as Thakur, Rabenseifner and Gropp (2005) give them.",
        ],
        "004 §3, Appendix 7.1",
    )),
    (&["reduce"], (
        "The p vectors of n bytes are summed at one root. The binomial tree sends whole vectors up lg p levels; Rabenseifner's reduce-scatter then gather moves about 2n bytes.",
        &[
            "γ is the compute per byte of combining two vectors.",
            "Costs as Thakur, Rabenseifner and Gropp (2005) give them.",
        ],
        "003 eq. 1; 004 §2",
    )),
    (&["gather", "scatter"], (
        "One root collects a block from every process, or sends a different block to each (n bytes in all). The binomial tree halves or doubles the data it carries at each of its ⌈lg p⌉ levels.",
        &[
            "One message of m bytes costs α + mβ, the machine's point-to-point line.",
            "Costs as Thakur, Rabenseifner and Gropp (2005) give them.",
        ],
        "003 eq. 1; 004 §2",
    )),
    (&["multigrid"], (
        "A time-parallel multigrid solver: each processor holds one time plane and passes it to its neighbours, all at about the same time. Per network the graph reduces to a bus shared by p − 1 transfers, a dedicated SP2 link each, or two messages per Paragon router.",
        &[
            "Interior nodes send and receive; with two processors the transfer is one-way.",
            "All transfers start at almost the same time, so they contend.",
            "NOW times grow linearly with p; SP2 and Paragon times stay nearly constant.",
        ],
        "000 §4.2, Table 1, §4.3",
    )),
    (&["traffic"], (
        "Every node sends messages to a destination from an LRU stack of its recent ones (temporal locality) or, on a miss, from a spatial model: uniform, a sphere of locality, or decreasing probability. The messages are simulated hop by hop over the cube's simplex links.",
        &[
            "Store-and-forward e-cube routing: each hop holds its simplex link (one FIFO queue) for t_l + N·t_c.",
            "A stack miss picks a node not in the stack, by the spatial model.",
            "003's 3000 messages are read as in all (per=node: each), the machine being the subject; a run stays short to re-run.",
        ],
        "003 §Temporal Locality, §Spatial Locality, Fig. 7–9, eq. 1",
    )),
];

/// The explanation of a pattern, titled as the core titles it; `None` for a pattern this
/// module does not know (the tests make sure there is none).
pub fn pattern(def: &PatternDef) -> Option<PatternEntry> {
    let (_, (idea, assumptions, source)) =
        PATTERNS.iter().find(|(ids, _)| ids.contains(&def.id))?;
    Some(PatternEntry {
        title: def.title,
        idea,
        assumptions,
        source,
    })
}

// ---- The panel's markup -----------------------------------------------------------------------

/// The papers a source cites, each with its label (`000 · Stoica, Sultan, Keyes — …`), for the
/// source's tooltip.
fn paper_titles(source: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for part in source.split("; ") {
        let id = part.get(..3).unwrap_or("");
        let label = paper_label(id);
        if !out.contains(&label) {
            out.push(label);
        }
    }
    out.join("; ")
}

/// What a section shows.
struct Section<'a> {
    /// `pattern` or `model`.
    kind: &'a str,
    heading: &'a str,
    /// The pattern's or model's id.
    key: &'a str,
    title: &'a str,
    idea: &'a str,
    /// MathML, one `<math>` per equation.
    mathml: &'a str,
    assumptions: &'a [&'a str],
    source: &'a str,
}

/// One explanation as a section.
fn section(e: &Section) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<section class=\"explain-item\" id=\"explain-{kind}\" data-{kind}=\"{key}\" aria-labelledby=\"explain-{kind}-title\">\
         <h3 id=\"explain-{kind}-title\"><small>{heading}</small> {title}</h3>\
         <p class=\"idea\">{idea}</p><div class=\"formula\">{math}</div><ul class=\"assumptions\" aria-label=\"Assumptions\">",
        kind = e.kind,
        heading = e.heading,
        key = esc(e.key),
        title = esc(e.title),
        idea = esc(e.idea),
        math = e.mathml,
    );
    for a in e.assumptions {
        let _ = write!(out, "<li>{}</li>", esc(a));
    }
    let _ = write!(
        out,
        "</ul><p class=\"cite\">Source: <span title=\"{}\">{}</span></p></section>",
        esc(&paper_titles(e.source)),
        esc(e.source)
    );
    out
}

/// The panel's body for a scenario's pattern and model: the pattern's explanation with
/// `derivation` (its formulas under the model, MathML, from the scenario's report: see
/// [`crate::derived::panel_formulas`]), then the model's.
pub fn panel(def: &PatternDef, m: Model, derivation: &[String]) -> String {
    let mut out = String::new();
    if let Some(e) = pattern(def) {
        out.push_str(&section(&Section {
            kind: "pattern",
            heading: "Pattern",
            key: def.id,
            title: e.title,
            idea: e.idea,
            mathml: &derivation.concat(),
            assumptions: e.assumptions,
            source: e.source,
        }));
    }
    let e = model(m);
    out.push_str(&section(&Section {
        kind: "model",
        heading: "Model",
        key: m.id(),
        title: e.title,
        idea: e.idea,
        mathml: &e.mathml(),
        assumptions: e.assumptions,
        source: e.source,
    }));
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use commcalc_core::patterns::PATTERNS;

    fn papers_dir() -> std::path::PathBuf {
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/papers")
    }

    /// The text of a paper by file prefix.
    pub(crate) fn paper(prefix: &str) -> String {
        let dir = papers_dir();
        let path = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                n.starts_with(&format!("{prefix}_")) && n.ends_with(".txt")
            })
            .unwrap_or_else(|| panic!("no paper {prefix}"));
        std::fs::read_to_string(path).unwrap()
    }

    /// Whether a numbered section's heading is in the text: "2.1 Serial …", "2. Experimental …".
    fn has_section(text: &str, number: &str) -> bool {
        text.lines().any(|l| {
            let l = l.trim_start_matches('#').trim();
            l.len() < 80
                && (l.starts_with(&format!("{number} ")) || l.starts_with(&format!("{number}. ")))
        })
    }

    /// Whether a named section (003 has no numbers) is a heading.
    fn has_named_section(text: &str, name: &str) -> bool {
        text.lines()
            .any(|l| l.starts_with('#') && l.to_lowercase().contains(&name.to_lowercase()))
    }

    fn has_equation(text: &str, n: &str) -> bool {
        text.contains(&format!("\\quad ({n})")) || text.contains(&format!("\\tag{{{n}}}"))
    }

    fn has_table(text: &str, n: &str) -> bool {
        text.lines().any(|l| {
            let l = l.trim_start_matches('*');
            l.strip_prefix(&format!("Table {n}"))
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
        })
    }

    /// Checks one place ("eq. 1–7", "§2.1", "Table 1", "Rules 1–4", "Fig. 5", "Appendix 7.1")
    /// against a paper's text.
    fn place_exists(text: &str, place: &str) -> Result<(), String> {
        let (kind, what) = if let Some(name) = place.strip_prefix('§') {
            ("§", name)
        } else if let Some(rest) = place.strip_prefix("Appendix ") {
            ("Appendix", rest)
        } else {
            place
                .split_once(' ')
                .ok_or_else(|| format!("no number in {place:?}"))?
        };
        // A range names its two ends.
        let ends: Vec<&str> = if what.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            what.split('–').collect()
        } else {
            vec![what]
        };
        for n in ends {
            let found = match kind {
                "§" if n.starts_with(|c: char| c.is_ascii_digit()) => has_section(text, n),
                "§" => has_named_section(text, n),
                "Appendix" => text.contains("Appendix") && has_section(text, n),
                "eq." => has_equation(text, n),
                "Table" | "Tables" => has_table(text, n),
                "Rule" | "Rules" => text.contains(&format!("Rule {n} ")),
                "Fig." => text.contains(&format!("Figure {n}")),
                _ => return Err(format!("unknown kind of place {place:?}")),
            };
            if !found {
                return Err(format!("{place:?} ({kind} {n}) is not in the paper"));
            }
        }
        Ok(())
    }

    /// Every part of a source ("000 §3.1, eq. 3; 001 eq. 1") names a paper 000–004 and places
    /// that its text has.
    pub(crate) fn check_source(source: &str) {
        assert!(!source.is_empty());
        for part in source.split("; ") {
            let (id, places) = part
                .split_once(' ')
                .unwrap_or_else(|| panic!("{source}: {part:?} names no place"));
            assert!(
                ["000", "001", "002", "003", "004"].contains(&id),
                "{source}: {id:?} is not one of the papers"
            );
            let text = paper(id);
            for place in places.split(", ") {
                place_exists(&text, place).unwrap_or_else(|e| panic!("{source}: {id} {e}"));
            }
        }
    }

    /// Tags open and close in order (`<a …>` … `</a>`), so the markup is well formed.
    pub(crate) fn assert_balanced(markup: &str) {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = markup;
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let end = rest
                .find('>')
                .unwrap_or_else(|| panic!("unclosed < in {markup}"));
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop();
                assert_eq!(open, Some(name), "</{name}> closes {open:?} in {markup}");
            } else if !tag.ends_with('/') {
                let name = tag.split([' ', '\n']).next().unwrap_or("");
                assert!(!name.is_empty(), "empty tag in {markup}");
                stack.push(name);
            }
        }
        assert!(stack.is_empty(), "unclosed {stack:?} in {markup}");
    }

    /// Every entry's id, title, idea, assumptions and source.
    fn all_entries() -> Vec<(String, PatternEntry)> {
        let mut out: Vec<(String, PatternEntry)> = Model::ALL
            .iter()
            .map(|m| {
                let e = model(*m);
                let entry = PatternEntry {
                    title: e.title,
                    idea: e.idea,
                    assumptions: e.assumptions,
                    source: e.source,
                };
                (m.id().to_string(), entry)
            })
            .collect();
        for p in PATTERNS {
            let e = pattern(p).unwrap_or_else(|| panic!("pattern {} has no explanation", p.id));
            out.push((p.id.to_string(), e));
        }
        out
    }

    #[test]
    fn every_pattern_and_model_is_explained() {
        let entries = all_entries();
        assert_eq!(entries.len(), Model::ALL.len() + PATTERNS.len());
        for (id, e) in entries {
            assert!(!e.title.is_empty(), "{id}");
            assert!(e.idea.ends_with('.'), "{id}: the idea is sentences");
            assert!(e.idea.len() < 400, "{id}: the idea is short");
            assert!(
                (2..=4).contains(&e.assumptions.len()),
                "{id}: a few assumptions"
            );
            assert!(
                e.assumptions.iter().all(|a| a.len() < 140),
                "{id}: short assumptions"
            );
        }
    }

    #[test]
    fn every_source_is_in_its_paper() {
        for (_, e) in all_entries() {
            check_source(e.source);
        }
    }

    /// The checker rejects what is not there.
    #[test]
    fn the_source_check_finds_missing_places() {
        let t = paper("000");
        assert!(place_exists(&t, "eq. 4").is_ok());
        assert!(place_exists(&t, "eq. 16").is_err());
        assert!(place_exists(&t, "§2.4").is_ok());
        assert!(place_exists(&t, "§2.5").is_err());
        assert!(place_exists(&t, "Rules 1–4").is_ok());
        assert!(place_exists(&t, "Rule 5").is_err());
        assert!(place_exists(&t, "Table 2").is_err());
        assert!(place_exists(&paper("003"), "§N-way Broadcast").is_ok());
        assert!(place_exists(&paper("003"), "§Ring Broadcast").is_err());
        assert!(place_exists(&paper("001"), "§5").is_ok());
        assert!(place_exists(&paper("001"), "§6").is_err());
        assert!(place_exists(&paper("003"), "Table 5").is_ok());
        assert!(place_exists(&t, "Section 2").is_err());
    }

    #[test]
    fn formulas_are_well_formed_mathml() {
        for m in Model::ALL {
            let (id, m) = (m.id(), model(m).mathml());
            assert!(m.starts_with("<math"), "{id}");
            assert!(!m.contains('?'), "{id}");
            assert_balanced(&m);
        }
    }

    /// The formulas say what the papers say, in their symbols.
    #[test]
    fn formulas_read_like_the_papers() {
        let text = |e: Entry| {
            let m = e.mathml();
            // The text a reader sees: the content of the tags.
            let mut out = String::new();
            let mut inside = false;
            for c in m.chars() {
                match c {
                    '<' => inside = true,
                    '>' => inside = false,
                    c if !inside => out.push(c),
                    _ => {}
                }
            }
            out
        };
        assert!(text(model(Model::Hockney)).contains("T(n)=α+β·n"));
        assert!(text(model(Model::Bsp)).contains("g·h+L"));
        assert!(text(model(Model::Bpram)).contains("σ·m+ℓ"));
        assert!(text(model(Model::Nbl)).contains("T(L)=Lα+f(L)βS"));
        assert!(text(model(Model::Hyperbolic)).contains("T(x)=a2a+bx+bx"));
        assert!(text(model(Model::AtmPipeline)).contains("m=b2xa1"));
        assert!(text(model(Model::Packetized)).contains("t(x)=a⌈xp⌉+mx"));
    }

    /// The panel shows the scenario's formulas for the pattern, whatever the model: the
    /// Paragon's NX ping-pong is Hockney's, never the hyperbolic block.
    #[test]
    fn the_panel_names_pattern_and_model() {
        let s =
            commcalc_core::Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        let report = commcalc_core::evaluate(&s).unwrap();
        let html = panel(s.pattern, s.model, &crate::derived::panel_formulas(&report));
        assert_balanced(&html);
        assert!(html.contains("id=\"explain-pattern\" data-pattern=\"pingpong\""));
        assert!(html.contains("id=\"explain-model\" data-model=\"hockney\""));
        assert!(html.contains("<small>Pattern</small> Ping-pong</h3>"));
        assert!(html.contains("title=\"000 · Stoica, Sultan, Keyes"));
        assert!(html.contains("001 · Juurlink"));
        let pattern_part = &html[..html.find("id=\"explain-model\"").unwrap()];
        assert!(pattern_part.contains("<mi>α</mi>"), "{pattern_part}");
        assert!(!pattern_part.contains("a_w") && !pattern_part.contains("<mi>a</mi>"));
        for def in PATTERNS {
            for m in Model::ALL {
                assert_balanced(&panel(def, m, &[]));
            }
        }
    }
}
