//! The inputs in words: each input key's short label, its full name, its unit and a note on
//! where the papers give it or what its values mean, and the words for each value of a key
//! chosen from a list. The page's controls show them (the label, the name a screen reader
//! says, the note on hover) and `commcalc patterns` lists them under each pattern's inputs.
//! A model parameter's words are the catalog's, the collectives' node keys' are
//! `patterns::collective::PARAMS`.

use serde::Serialize;

use crate::catalog::Machine;
use crate::context::PatternDef;
use crate::inputs::Key;
use crate::models::atm::Link;
use crate::models::nbl::{Algorithm, FSet};
use crate::traffic::query::TrafficKey;

/// One input key in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Words {
    /// Short, with the papers' symbol ("Data x"): a control's label.
    pub label: &'static str,
    /// The full name ("Data size x: the bytes one end point sends over one connection").
    pub name: String,
    /// The unit of its values; empty for none.
    pub unit: &'static str,
    /// Where the papers give it, or what its values mean.
    pub note: String,
}

fn words(label: &'static str, name: &str, unit: &'static str, note: &str) -> Words {
    Words {
        label,
        name: name.into(),
        unit,
        note: note.into(),
    }
}

/// A pattern's input key in words; `None` for the simulator's keys, which are [`traffic`]'s
/// (a module that never shows the traffic pattern then links none of their words). The note
/// on p is general: [`measured_p`] says it of one machine.
pub fn input(key: Key, pattern: &PatternDef) -> Option<Words> {
    Some(match key {
        Key::Size if pattern.id == "pipelined-send" => words(
            "Message m",
            "Message (chunk) size m; without it every x takes its optimal chunk",
            "B",
            "002 §3.6: x is sent as ⌈x/m⌉ messages of m bytes.",
        ),
        Key::Size => Words {
            label: "Size",
            name: format!("Size: {}", pattern.abscissa),
            unit: "B",
            note: format!("The query's point on the curve: {}.", in_bytes(pattern.abscissa)),
        },
        Key::Data => words(
            "Data x",
            "Data size x: the bytes one end point sends over one connection",
            "B",
            "002's x (§3.6); by default the largest size that does not congest the VC (eq. 16).",
        ),
        Key::P => words(
            "Processors p",
            "Processors p",
            "",
            "Each paper measured its machine over a range of p (commcalc machines); other values are extrapolations.",
        ),
        Key::Mesh => words(
            "Mesh W × H",
            "Mesh width W and height H, in nodes",
            "",
            "004 §4.2 measured 16×16 and 16×32 meshes on the DELTA.",
        ),
        Key::N => words(
            "Vector N",
            "Vector length N, in elements",
            "elements",
            "004 §3.1: 10³…10⁵ elements in the molecular dynamics it was written for; §4.2 measured 10²…5×10⁵.",
        ),
        Key::H => words(
            "h (words)",
            "h: the words each processor sends and receives at most",
            "words",
            "001 §1, 002 §2.4: an h-relation; a word is 4 bytes.",
        ),
        Key::Algo => Words {
            label: "Algorithm",
            name: "Algorithm".into(),
            unit: "",
            note: format!("{}: the algorithms the papers give for this pattern.", pattern.source),
        },
        Key::F => words(
            "f(L) set",
            "Node-bandwidth overlap f(L) set",
            "",
            "004 §2, §4.2 and Table 1: how much L simultaneous transfers slow each other.",
        ),
        Key::K => words(
            "bsp_put calls k",
            "Number of bsp_put calls k",
            "",
            "002 eq. 22: each call costs b′.",
        ),
        Key::Link => words(
            "Link unit time",
            "ATM link unit time",
            "",
            "002 §3.5–3.6 rounds 8/135.632 µs/B to 0.06 µs/B.",
        ),
        Key::Traffic(_) => return None,
    })
}

/// What the p key says of its range on `machine`: where its paper or its runs measured, or
/// that none did (the custom machine, a fitted one too, which it must not call by the
/// catalog's name).
pub fn measured_p(machine: &Machine) -> String {
    let (lo, hi) = machine.measured_p;
    if let Some(p) = machine.provenance {
        return format!(
            "The runs of {} measured p = {lo}…{hi}; other values are extrapolations of their α and β.",
            p.cluster
        );
    }
    if machine.paper.is_empty() {
        return "No paper measured this machine: every p is the model's, from your parameters."
            .into();
    }
    format!(
        "The paper measured p = {lo}…{hi} on {}; other values are extrapolations.",
        machine.name
    )
}

/// A pattern's abscissa as a quantity in bytes: "message size in bytes", and an abscissa that
/// already counts bytes ("bytes each processor sends") as it is, never "bytes of bytes".
pub fn in_bytes(abscissa: &str) -> String {
    if abscissa.contains("bytes") {
        abscissa.to_string()
    } else {
        format!("{abscissa} in bytes")
    }
}

/// The words for one value of a key chosen from a list (`f`, `link`); the value's id for the
/// others. An algorithm's are [`algorithms`]'.
pub fn value(key: Key, id: &str) -> String {
    let known = match key {
        Key::F => FSet::ALL.into_iter().find(|f| f.id() == id).map(f_set),
        Key::Link => Link::ALL.into_iter().find(|l| l.id() == id).map(link),
        _ => None,
    };
    known.map_or_else(|| id.to_string(), str::to_string)
}

/// The algorithms a pattern offers on a machine, each with its words: `best` says how many it
/// picks the fastest of, a paper's algorithm where the paper gives it, and an MPI algorithm
/// its id, as the libraries name it.
pub fn algorithms(ids: &[&'static str]) -> Vec<(&'static str, String)> {
    let others = ids.iter().filter(|a| **a != "best").count();
    ids.iter()
        .map(|&id| {
            let words = match id {
                "best" => format!("best — the fastest of the {}", count(others)),
                _ => algorithm(id).unwrap_or(id).to_string(),
            };
            (id, words)
        })
        .collect()
}

/// A small count in words.
fn count(n: usize) -> String {
    const WORDS: [&str; 9] = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(n)
        .filter(|w| !w.is_empty())
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// A paper's algorithm in words, with where the paper gives it.
fn algorithm(id: &str) -> Option<&'static str> {
    if let Some(a) = Algorithm::from_id(id) {
        return Some(nbl_algorithm(a));
    }
    Some(match id {
        "separate" => "separate addressing (002 §3.9)",
        "multicast" => "hardware multicast (002 §3.11)",
        "one-relation" => "1-relation",
        "total-exchange" => "total exchange",
        "broadcast" => "broadcast (002 eq. 29)",
        "one-frame" => "one frame",
        "two-frames" => "two frames",
        _ => return None,
    })
}

/// One of 004's global combining algorithms by its name, as 004 writes it (Figs. 1–3: "the
/// Tree algorithm", "the Snake algorithm", "the Fence algorithm").
pub fn nbl_algorithm(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Tree => "Tree",
        Algorithm::Snake => "Snake",
        Algorithm::Fence => "Fence",
    }
}

/// An f(L) set in words: its f(L) and where 004 gives it.
pub fn f_set(f: FSet) -> &'static str {
    match f {
        FSet::Standard => "standard, f(L) = 1 (004 §4.1)",
        FSet::Nominal => "nominal NBL, f(L) = L (004 §4.1)",
        FSet::Fitted => "fitted NBL, f(2) = 1.1 … f(6) = 5.1 (004 §4.2)",
        FSet::Testjig => "testjig, f(L) by block size (004 Table 1)",
    }
}

/// An ATM link unit time in words (002 §3.5–3.6).
fn link(l: Link) -> &'static str {
    match l {
        Link::Paper => "paper — 0.06 µs/B, as 002 rounds it",
        Link::Exact => "exact — 8/135.632 µs/B",
    }
}

/// A key of 003's traffic simulator in words.
pub fn traffic(key: TrafficKey) -> Words {
    use TrafficKey as K;
    match key {
        K::Dim => words("Dimension d", "Cube dimension d: 2^d nodes", "", "003 ran 16 nodes (d = 4); up to 4096."),
        K::Spatial => words(
            "Spatial model",
            "Spatial locality model",
            "",
            "003 §Spatial Locality: uniform, sphere of locality, decreasing probability.",
        ),
        K::Radius => words("Radius L", "Sphere radius L in hops", "hops", "003 Fig. 7: time against the sphere's radius."),
        K::Phi => words("φ", "φ: probability of a destination inside the sphere", "", "003 Fig. 7 uses φ = 1."),
        K::Decay => words(
            "Decay d",
            "Decay factor d of Φ(l) = Decay(d, lmax)·d^l",
            "",
            "003 Fig. 7: near 1 is anti-local.",
        ),
        K::Stack => words(
            "Stack depth n",
            "LRU stack depth n: the number of hit probabilities",
            "",
            "003 Fig. 8 uses depth 1; a new level's probability starts at 0. Up to 64.",
        ),
        K::Hit => words(
            "Stack hits b₁,…,bₙ",
            "LRU stack hit probabilities b₁,…,bₙ, comma-separated; their number is the depth",
            "",
            "003 Fig. 8: a depth-1 stack with hit probability p (e.g. 0.6); 0.5,0.2 is a depth-2 stack.",
        ),
        K::Flush => words(
            "Flush every",
            "Messages a node sends between stack flushes (0 = never)",
            "msgs",
            "003: flushes simulate multiprogramming.",
        ),
        K::Count => words(
            "Messages",
            "Messages: in all or per node (see per)",
            "",
            "003: 3000 messages (read here as in all; see the explain panel).",
        ),
        K::Per => words(
            "Count per",
            "Whether the count is for the whole cube or each node",
            "",
            "total: 3000 in all (the default); node: 3000 each.",
        ),
        K::Len => words(
            "Lengths",
            "Message length distribution",
            "",
            "003: exponential lengths, mean 512 B (the size).",
        ),
        K::Gap => words(
            "Mean gap",
            "Mean time between a node's messages (0 = as fast as possible)",
            "µs",
            "003 gives only the frequency of generation; exponential gaps.",
        ),
        K::Routing => words(
            "Routing",
            "Store-and-forward or cut-through routing",
            "",
            "The iPSC routed in software (store-and-forward).",
        ),
        K::Seed => words("Seed", "Random seed", "", "The same seed gives the same numbers, bit for bit."),
        K::Reps => words(
            "Replications",
            "Replications with independent seeds",
            "",
            "003 reports 95 % confidence intervals; up to 1000.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::MACHINES;
    use crate::patterns::PATTERNS;

    /// Every input of every pattern has words: a label, a name and a note.
    #[test]
    fn every_input_of_every_pattern_is_in_words() {
        for p in PATTERNS {
            for k in p.inputs {
                let w = match k {
                    Key::Traffic(t) => traffic(*t),
                    _ => input(*k, p).unwrap(),
                };
                assert!(
                    !w.label.is_empty() && !w.name.is_empty() && !w.note.is_empty(),
                    "{}: {}",
                    p.id,
                    k.id()
                );
            }
        }
        assert!(TrafficKey::ALL
            .into_iter()
            .all(|k| !traffic(k).note.is_empty()));
    }

    /// Every value of a key chosen from a list has its own words; `best` counts the others.
    #[test]
    fn every_listed_value_is_in_words() {
        for f in FSet::ALL {
            assert!(value(Key::F, f.id()).starts_with(f.id()));
        }
        for l in Link::ALL {
            assert!(value(Key::Link, l.id()).starts_with(l.id()));
        }
        let nbl = algorithms(&["best", "tree", "snake", "fence"]);
        assert_eq!(nbl[0].1, "best — the fastest of the three");
        assert_eq!(nbl[1], ("tree", "Tree".to_string()));
        let allgather = algorithms(&["best", "ring", "recursive-doubling", "bruck"]);
        assert_eq!(allgather[0].1, "best — the fastest of the three");
        assert_eq!(allgather[3].1, "bruck");
        let atm = algorithms(&["separate", "multicast", "best", "bruck", "pairwise"]);
        assert_eq!(atm[0].1, "separate addressing (002 §3.9)");
        assert_eq!(atm[2].1, "best — the fastest of the four");
    }

    /// Each of 004's algorithms is named as 004 names it, in the pattern's list too.
    #[test]
    fn the_nbl_algorithms_are_named_as_004_names_them() {
        let text = crate::explain::citations::paper("004");
        for a in Algorithm::ALL {
            let name = nbl_algorithm(a);
            assert!(text.contains(&format!("the {name} algorithm")), "{name}");
            assert_eq!(name.to_lowercase(), a.id());
            assert_eq!(algorithms(&[a.id()]), [(a.id(), name.to_string())]);
        }
    }

    /// The custom machine (a fitted one too) is not called by the catalog's name where no
    /// paper measured it.
    #[test]
    fn p_s_range_names_only_a_measured_machine() {
        let machine = |id: &str| MACHINES.iter().find(|m| m.id == id).unwrap();
        assert!(measured_p(machine("custom")).starts_with("No paper measured this machine"));
        assert!(!measured_p(machine("custom")).contains("Custom machine"));
        assert!(measured_p(machine("intel-paragon")).contains("on Intel Paragon"));
        let csd3 = measured_p(machine("csd3-ib"));
        assert!(csd3.starts_with("The runs of Cambridge CSD3"), "{csd3}");
    }

    #[test]
    fn an_abscissa_is_never_bytes_of_bytes() {
        assert_eq!(in_bytes("message size"), "message size in bytes");
        assert_eq!(
            in_bytes("bytes each processor sends"),
            "bytes each processor sends"
        );
    }
}
