//! "What am I looking at?": for every pattern and model, the idea in the papers' words, the
//! assumptions it rests on and where it comes from. A reader who opens a scenario from a link
//! should be able to tell what the curve means without the paper at hand, and find the page in
//! the paper when they want more. A model's formula is not written here: it is the tree its
//! module computes with ([`Model::equations`]); a pattern's is the derivation of its report.
//!
//! Each source names a paper by file prefix (000 … 004, see [`crate::papers`]) and places in it
//! — `§2.1`, `eq. 3`, `Table 1`, `Rule 3`, `Fig. 5`, `Appendix 7.1`, a range written `eq. 1–7` —
//! which the tests look up in the papers' text (tests/papers), so a citation cannot point at
//! nothing.

use crate::models::Model;
use crate::patterns::PatternDef;

/// One explanation: a pattern's or a model's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// What it is called (for a pattern, the core's title).
    pub title: &'static str,
    /// The idea in one or two sentences.
    pub idea: &'static str,
    /// What the formulas take for granted, short.
    pub assumptions: &'static [&'static str],
    /// Paper and places: `000 §3.1, eq. 3; 001 eq. 1`.
    pub source: &'static str,
}

/// The piecewise model, SMPI's (cited in its idea), with Hockney's line in each range.
const PIECEWISE: About = About {
    title: "Piecewise linear model (protocol ranges)",
    idea: "An MPI library sends small messages one way (eager) and large ones another (rendezvous): each range of message sizes, from its first size b_k to the next range's, has its own start-up α_k and time per byte β_k, Hockney's line in each range. SMPI costs messages so (Clauss et al., IPDPS 2011, §4). A collective's steps are each costed in the range of their own message.",
    assumptions: &[
    "Up to three ranges; a range whose first size is 10¹² is never reached.",
    "Within a range, Hockney's assumptions: no packets, no congestion.",
    "α_k and β_k are least-squares fits (in relative error) to a ping-pong, as commcalc fit makes them.",
],
    source: "003 eq. 1; 001 §2",
};

/// The explanation of a model. Every model has one: the match is exhaustive.
pub fn model(m: Model) -> About {
    match m {
        Model::Hockney => About {
            title: "Linear model (Hockney)",
            idea: "A message of n bytes costs a startup time α, whatever its size, plus a transmission time β per byte. The asymptotic bandwidth is r∞ = 1/β; half of it is reached at the half-performance length n½ = α/β.",
            assumptions: &[
            "Messages are not broken into packets (003).",
            "No congestion: one message on an unloaded network (001 §2).",
            "α and β are least-squares fits to measured times.",
        ],
            source: "003 eq. 1; 001 §2, eq. 1–2; 004 §2",
        },
        Model::Piecewise => PIECEWISE,
        Model::Packetized => About {
            title: "Packetized service time",
            idea: "A communication block handles a message in packets of at most p bytes: each packet costs a fixed service time a, each byte an incremental service time m. The time is a sawtooth in the message size.",
            assumptions: &[
            "The fixed time is independent of the packet size (interrupts, context switches, propagation).",
            "The incremental time is proportional to the bytes (copies, checksums, transmission).",
        ],
            source: "000 §2, eq. 1",
        },
        Model::Hyperbolic => About {
            title: "Hyperbolic model",
            idea: "The packetized sawtooth is approximated by a hyperbola with a horizontal tangent at x = 0 and an asymptote of slope b. Its gain is that the (a, b) of a whole communication graph follow from those of its blocks by four rules.",
            assumptions: &[
            "Rule 1, serial blocks: a = Σaᵢ; b = max bᵢ if independent, Σbᵢ if dependent.",
            "Rule 2, parallel blocks: a = min aᵢ; b = (Σ1/bᵢ)⁻¹ if independent, min bᵢ if dependent.",
            "Rule 3, n concurrent messages: each sees aᵢ = na, bᵢ = b·Σx/xᵢ (it is processed last).",
            "Rule 4: where the graph changes with size, a is the small-message time and b the large-message time per byte.",
        ],
            source: "000 §2, eq. 2, Rules 1–4",
        },
        Model::Bsp => About {
            title: "Bulk-Synchronous Parallel (BSP)",
            idea: "Computation proceeds in supersteps separated by barriers. An h-relation, where no processor sends or receives more than h words, followed by a barrier takes g·h + L.",
            assumptions: &[
            "All messages have a fixed short size, essentially a word (4 bytes).",
            "The cost depends only on the largest fan-in or fan-out h, not on the total traffic.",
            "g and L are measured: by machine size p on the Paragon (001 Table 1), Hill's values elsewhere (002 Tables 7–10).",
        ],
            source: "001 §1, Table 1; 002 §2.4",
        },
        Model::Bpram => About {
            title: "Message-passing Block PRAM (BPRAM)",
            idea: "Block transfers are rewarded: a message of m bytes takes σ·m + ℓ, where ℓ is the startup cost of a message transmission and σ the transfer time per byte.",
            assumptions: &[
            "A processor sends and receives at most one message per communication step.",
            "Time is independent of network traffic: unbalanced patterns are not modelled.",
            "σ and ℓ are fitted for each machine size p (001 Table 2).",
        ],
            source: "001 §1, §3, Table 2",
        },
        Model::AtmPipeline => About {
            title: "Pipelined ATM protocol model",
            idea: "Data of x bytes is sent as n messages of m bytes pipelined through the protocol layers, each layer taking tₖ = aₖ·m + bₖ. The slowest layer sets the pace, the receiving end pays about the same again, and there is an optimal message size.",
            assumptions: &[
            "Two stages: protocol software and driver (a₁, b₁), network interface (a₂, b₂), with t₂ > t₁ (Table 3).",
            "The receiving end has almost the same protocol latency as the sending end.",
            "The protocol may not send faster than the link: unit time ≥ 8/135.632 ≈ 0.06 µs/B.",
            "No other traffic; sharing links enters through the VC unit time (§3.8–3.9).",
        ],
            source: "002 §3.6, eq. 1–7, eq. 10, Table 3",
        },
        Model::Nbl => About {
            title: "Node-bandwidth-limited (NBL) model",
            idea: "When a node uses several links at once, conflicts for memory paths or processor cycles slow each of them. L messages of S elements on L nominally active links take Lα + f(L)βS.",
            assumptions: &[
            "Using several links does not change the overhead α per message.",
            "f(L) = 1: perfect overlap; f(L) = L: node bandwidth equals link bandwidth.",
            "Fitted to the DELTA: f(2) = 1.1, f(3) = 1.3, f(4) = 3.9, f(6) = 5.1 (§4.2).",
            "The Appendix writes each step as L(α + f(L)βS); its Fence optimum follows only from §2's form, which is used here.",
        ],
            source: "004 §2, §4.2, Table 1",
        },
    }
}

/// A pattern's explanation without its title: idea, assumptions, source.
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

/// The explanation of a pattern, titled as the core titles it; `None` for a pattern without
/// one (the tests make sure there is none).
pub fn pattern(def: &PatternDef) -> Option<About> {
    let (_, (idea, assumptions, source)) =
        PATTERNS.iter().find(|(ids, _)| ids.contains(&def.id))?;
    Some(About {
        title: def.title,
        idea,
        assumptions,
        source,
    })
}

/// The citation checker of every cited place's test: the explanations', the figures'
/// (`crate::figures`) and the tours' (`crate::tours`).
#[cfg(test)]
#[path = "../../../tests/support/citations.rs"]
pub(crate) mod citations;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::PATTERNS as DEFS;

    use super::citations::{check_source, paper, place_exists};

    /// Every model's and pattern's explanation.
    fn all() -> Vec<(&'static str, About)> {
        let mut out: Vec<_> = Model::ALL.iter().map(|m| (m.id(), model(*m))).collect();
        for p in DEFS {
            let e = pattern(p).unwrap_or_else(|| panic!("pattern {} has no explanation", p.id));
            out.push((p.id, e));
        }
        out
    }

    #[test]
    fn every_pattern_and_model_is_explained() {
        let entries = all();
        assert_eq!(entries.len(), Model::ALL.len() + DEFS.len());
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
        for (_, e) in all() {
            check_source(e.source);
        }
        for m in Model::ALL {
            for d in m.equations() {
                check_source(d.source);
            }
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
}
