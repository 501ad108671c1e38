//! A collective's decisions (which algorithm at which message size and process count) as the
//! files MPI libraries and simulators read.
//!
//! - `ompi-rules`: Open MPI coll/tuned's dynamic rules in the classic text format (read
//!   with `coll_tuned_use_dynamic_rules 1` and `coll_tuned_dynamic_rules_filename`): the
//!   number of collectives; per collective its id, the number of communicator sizes; per
//!   size the number of rules and one line `message-size algorithm topo segment` each, the
//!   first at message size 0. A communicator uses the rules of the largest size not above its
//!   own, and a call the last rule whose message size is not above its own.
//! - `ompi-json`: the same rules in Open MPI 6's JSON (`rule_file_version` 3; keys as its
//!   schema, docs/tuning-apps/tuned_dynamic_file_schema.json in Open MPI, allows them:
//!   `comm_size_min/max`, `msg_size_min/max`, `alg`, `seg_size`).
//! - `mpich-json`: MPICH's collective-selection tree (`MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE`):
//!   `collective=…` → `comm_type=intra` → `comm_size<…` → `avg_msg_size<…` or
//!   `total_msg_size<…` → `algorithm=MPIR_…`, each list of conditions closed by `…=any`. The
//!   file replaces MPICH's whole tree, so every other collective (and the collective's
//!   inter-communicator branch) is MPICH 4.0's own ([`super::mpich_tree`]).
//! - `simgrid`: SimGrid's `smpi/<collective>` choice (one algorithm for every size) and
//!   `network/latency-factor` / `network/bandwidth-factor` strings that bend SimGrid's linear
//!   link into the machine's own point-to-point curve.
//!
//! Every format's message size is commcalc's n, the whole vector ([`Collective::size_meaning`]):
//! Open MPI's dynamic rules (`coll_tuned_decision_dynamic.c` at v4.1.4) measure allgather,
//! alltoall, gather and scatter as the per-process count times the communicator size
//! (`dsize * scount * comsize`), and reduce-scatter as the sum of the counts (its fixed
//! decisions measure some of these by one block, which is [`super::library`]'s business, not
//! a rules file's); MPICH's `avg_msg_size` of bcast, allreduce and reduce is the whole vector,
//! and its `total_msg_size` of the others multiplies the block by the communicator size.
//!
//! A file is safe to install: it names an algorithm only where the library runs that
//! algorithm as itself ([`runs_as_itself`]: no hand-over to another, no assertion failed); it
//! covers only the collective it was computed for; and it does not flap between near-ties: a
//! rule switches algorithm only where the new winner is at least [`SWITCH_MARGIN`] faster than
//! the algorithm in force, with at most [`MAX_RULES`] rules per communicator size (the margin
//! doubles until every size fits). Each file states its margin.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::library::{self, Library};
use super::mpich_tree::{self, Node};
use super::Collective;
use crate::error::Error;

/// A rule switches algorithm only where the new winner is at least this much faster than the
/// algorithm in force (t_old / t_new ≥ 1 + margin): near-ties do not flap.
pub const SWITCH_MARGIN: f64 = 0.05;
/// The most rules a file gives one communicator size.
pub const MAX_RULES: usize = 10;

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    OmpiRules,
    OmpiJson,
    MpichJson,
    Simgrid,
}

impl Format {
    pub const ALL: [Format; 4] = [
        Format::OmpiRules,
        Format::OmpiJson,
        Format::MpichJson,
        Format::Simgrid,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Format::OmpiRules => "ompi-rules",
            Format::OmpiJson => "ompi-json",
            Format::MpichJson => "mpich-json",
            Format::Simgrid => "simgrid",
        }
    }

    /// The format's short name, as a button says it.
    pub fn name(self) -> &'static str {
        match self {
            Format::OmpiRules => "Open MPI rules",
            Format::OmpiJson => "Open MPI JSON",
            Format::MpichJson => "MPICH JSON",
            Format::Simgrid => "SimGrid",
        }
    }

    /// What the file is, and the setting of the library that reads it.
    pub fn about(self) -> &'static str {
        match self {
            Format::OmpiRules => {
                "Open MPI coll/tuned classic dynamic rules, for coll_tuned_dynamic_rules_filename"
            }
            Format::OmpiJson => "Open MPI 6 JSON rules",
            Format::MpichJson => {
                "MPICH's selection tree, for MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE"
            }
            Format::Simgrid => "SimGrid's smpi/bcast, smpi/allreduce, … choice and network factors",
        }
    }

    /// The file's extension: the rules file Open MPI reads is a `.conf`, SimGrid's settings
    /// are text, the others JSON.
    pub fn extension(self) -> &'static str {
        match self {
            Format::OmpiRules => "conf",
            Format::Simgrid => "txt",
            Format::OmpiJson | Format::MpichJson => "json",
        }
    }

    pub fn from_id(id: &str) -> Result<Format, Error> {
        Format::ALL
            .into_iter()
            .find(|f| f.id() == id)
            .ok_or_else(|| {
                Error::invalid("export", id, "ompi-rules, ompi-json, mpich-json or simgrid")
            })
    }

    /// The MPI library (of [`library`]'s table) that reads the format; `None` for SimGrid's.
    fn library(self) -> Option<Library> {
        match self {
            Format::OmpiRules | Format::OmpiJson => Some(Library::OpenMpi),
            Format::MpichJson => Some(Library::Mpich),
            Format::Simgrid => None,
        }
    }
}

/// One algorithm as the libraries name it: Open MPI's number and name, MPICH's function,
/// SimGrid's name; `None` where the library does not have it.
struct Names {
    collective: Collective,
    ours: &'static str,
    ompi: Option<(u8, &'static str)>,
    mpich: Option<&'static str>,
    simgrid: Option<&'static str>,
}

/// The algorithms the libraries share with commcalc (Open MPI 4.1 coll/tuned, MPICH 4.0,
/// SimGrid 3.3x). Open MPI's reduce-scatter "ring" stands for pairwise exchange: both take
/// p − 1 steps of n/p bytes.
static NAMES: [Names; 19] = [
    n(
        Collective::Broadcast,
        "binomial",
        Some((6, "binomial")),
        Some("MPIR_Bcast_intra_binomial"),
        Some("binomial_tree"),
    ),
    n(
        Collective::Broadcast,
        "scatter-rd-allgather",
        Some((8, "scatter_allgather")),
        Some("MPIR_Bcast_intra_scatter_recursive_doubling_allgather"),
        Some("scatter_rdb_allgather"),
    ),
    n(
        Collective::Broadcast,
        "scatter-ring-allgather",
        Some((9, "scatter_allgather_ring")),
        Some("MPIR_Bcast_intra_scatter_ring_allgather"),
        Some("scatter_LR_allgather"),
    ),
    n(
        Collective::Broadcast,
        "pipelined-chain",
        Some((3, "pipeline")),
        None,
        Some("ompi_pipeline"),
    ),
    n(
        Collective::Allgather,
        "ring",
        Some((4, "ring")),
        Some("MPIR_Allgather_intra_ring"),
        Some("ring"),
    ),
    n(
        Collective::Allgather,
        "recursive-doubling",
        Some((3, "recursive_doubling")),
        Some("MPIR_Allgather_intra_recursive_doubling"),
        Some("rdb"),
    ),
    n(
        Collective::Allgather,
        "bruck",
        Some((2, "bruck")),
        Some("MPIR_Allgather_intra_brucks"),
        Some("bruck"),
    ),
    n(
        Collective::ReduceScatter,
        "recursive-halving",
        Some((2, "recursive_halving")),
        Some("MPIR_Reduce_scatter_intra_recursive_halving"),
        Some("ompi_basic_recursivehalving"),
    ),
    n(
        Collective::ReduceScatter,
        "pairwise",
        Some((3, "ring")),
        Some("MPIR_Reduce_scatter_intra_pairwise"),
        Some("mpich_pair"),
    ),
    n(
        Collective::Allreduce,
        "recursive-doubling",
        Some((3, "recursive_doubling")),
        Some("MPIR_Allreduce_intra_recursive_doubling"),
        Some("rdb"),
    ),
    n(
        Collective::Allreduce,
        "rabenseifner",
        Some((6, "rabenseifner")),
        Some("MPIR_Allreduce_intra_reduce_scatter_allgather"),
        Some("rab_rdb"),
    ),
    n(
        Collective::Allreduce,
        "ring",
        Some((4, "ring")),
        None,
        Some("lr"),
    ),
    n(
        Collective::Reduce,
        "binomial",
        Some((5, "binomial")),
        Some("MPIR_Reduce_intra_binomial"),
        Some("binomial"),
    ),
    n(
        Collective::Reduce,
        "rabenseifner",
        Some((7, "rabenseifner")),
        Some("MPIR_Reduce_intra_reduce_scatter_gather"),
        Some("scatter_gather"),
    ),
    n(
        Collective::AllToAll,
        "bruck",
        Some((3, "modified_bruck")),
        Some("MPIR_Alltoall_intra_brucks"),
        Some("bruck"),
    ),
    n(
        Collective::AllToAll,
        "pairwise",
        Some((2, "pairwise")),
        Some("MPIR_Alltoall_intra_pairwise"),
        Some("pair"),
    ),
    n(
        Collective::Gather,
        "binomial",
        Some((2, "binomial")),
        Some("MPIR_Gather_intra_binomial"),
        Some("ompi_binomial"),
    ),
    n(
        Collective::Scatter,
        "binomial",
        Some((2, "binomial")),
        Some("MPIR_Scatter_intra_binomial"),
        Some("ompi_binomial"),
    ),
    n(
        Collective::Barrier,
        "dissemination",
        Some((4, "bruck")),
        Some("MPIR_Barrier_intra_dissemination"),
        Some("ompi_bruck"),
    ),
];

const fn n(
    collective: Collective,
    ours: &'static str,
    ompi: Option<(u8, &'static str)>,
    mpich: Option<&'static str>,
    simgrid: Option<&'static str>,
) -> Names {
    Names {
        collective,
        ours,
        ompi,
        mpich,
        simgrid,
    }
}

fn names(collective: Collective, ours: &str) -> Option<&'static Names> {
    NAMES
        .iter()
        .find(|x| x.collective == collective && x.ours == ours)
}

/// Whether a library (of an export format) implements one of commcalc's algorithms.
pub fn exportable(format: Format, collective: Collective, algo: &str) -> bool {
    names(collective, algo).is_some_and(|x| match format.library() {
        Some(Library::OpenMpi | Library::OpenMpiClassic) => x.ompi.is_some(),
        Some(Library::Mpich) => x.mpich.is_some(),
        None => x.simgrid.is_some(),
    })
}

/// Whether the library of `format` runs commcalc's `algo` as itself when a file names it for n
/// bytes on p processes: Open MPI 4.1 hands some algorithms over to others
/// ([`library::open_mpi_runs`]); MPICH 4.0 asserts what some need
/// ([`library::mpich_runs_as_itself`]).
pub fn runs_as_itself(format: Format, c: Collective, algo: &str, p: u32, n: f64) -> bool {
    let Some(x) = names(c, algo) else {
        return false;
    };
    match format.library() {
        Some(Library::OpenMpi | Library::OpenMpiClassic) => x
            .ompi
            .is_some_and(|(id, _)| library::open_mpi_runs(c, id, p, n) == id),
        Some(Library::Mpich) => library::mpich_runs_as_itself(c, algo, p, n),
        None => true,
    }
}

/// commcalc's algorithm for a library's name of it in a format: Open MPI's number (classic
/// rules) or name (JSON), MPICH's function, SimGrid's name. What a parser of the files needs.
pub fn from_library(format: Format, collective: Collective, name: &str) -> Option<&'static str> {
    NAMES
        .iter()
        .filter(|x| x.collective == collective)
        .find(|x| match format {
            Format::OmpiRules => x.ompi.is_some_and(|(id, _)| id.to_string() == name),
            Format::OmpiJson => x.ompi.is_some_and(|(_, n)| n == name),
            Format::MpichJson => x.mpich == Some(name),
            Format::Simgrid => x.simgrid == Some(name),
        })
        .map(|x| x.ours)
}

/// Open MPI's id of a collective in the rules file, and its name in the JSON file.
pub fn ompi_collective(c: Collective) -> (u8, &'static str) {
    match c {
        Collective::Allgather => (0, "allgather"),
        Collective::Allreduce => (2, "allreduce"),
        Collective::AllToAll => (3, "alltoall"),
        Collective::Barrier => (6, "barrier"),
        Collective::Broadcast => (7, "bcast"),
        Collective::Gather => (9, "gather"),
        Collective::Reduce => (11, "reduce"),
        Collective::ReduceScatter => (12, "reducescatter"),
        Collective::Scatter => (15, "scatter"),
    }
}

/// MPICH's name of a collective and the size its selection tests.
pub fn mpich_collective(c: Collective) -> (&'static str, &'static str) {
    match c {
        Collective::Broadcast => ("bcast", "avg_msg_size"),
        Collective::Allreduce => ("allreduce", "avg_msg_size"),
        Collective::Reduce => ("reduce", "avg_msg_size"),
        Collective::Allgather => ("allgather", "total_msg_size"),
        Collective::AllToAll => ("alltoall", "total_msg_size"),
        Collective::Gather => ("gather", "total_msg_size"),
        Collective::Scatter => ("scatter", "total_msg_size"),
        Collective::ReduceScatter => ("reduce_scatter", "total_msg_size"),
        Collective::Barrier => ("barrier", ""),
    }
}

/// What the size means to the library, for the file's comment.
fn size_note(format: Format, c: Collective) -> &'static str {
    match (format.library(), c) {
        (_, Collective::Barrier) => "a barrier has no message size",
        (
            Some(Library::OpenMpi),
            Collective::Allgather | Collective::AllToAll | Collective::Gather | Collective::Scatter,
        ) => {
            "Open MPI multiplies the per-process count by the communicator size: the whole vector, commcalc's n"
        }
        _ => "the library's message size is the whole vector, commcalc's n",
    }
}

/// From this message size (bytes of commcalc's n) on, this algorithm; `segment` bytes for the
/// pipelined chain (0: none).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub from_bytes: u64,
    pub algo: &'static str,
    pub segment_bytes: u64,
}

/// The rules of communicators of p processes and more (up to the next row's p).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub p: u32,
    pub rules: Vec<Rule>,
}

/// Which algorithm at which size and p, for one collective, and the margin its rules switch
/// by ([`SWITCH_MARGIN`], or more where a communicator size needed it to keep to
/// [`MAX_RULES`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Decisions {
    pub collective: Collective,
    pub margin: f64,
    pub rows: Vec<Row>,
}

impl Decisions {
    /// The algorithm the decisions give a communicator of p at a message size (bytes, n).
    pub fn lookup(&self, p: u32, bytes: f64) -> Option<&'static str> {
        let row = self.rows.iter().rev().find(|r| r.p <= p)?;
        row.rules
            .iter()
            .rev()
            .find(|r| r.from_bytes as f64 <= bytes)
            .map(|r| r.algo)
    }
}

/// What a file is computed from: for each process count, each algorithm the format's library
/// has with its time (µs) at each size, infinite where the library would not run it as itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Times {
    pub collective: Collective,
    pub sizes: Vec<f64>,
    pub ps: Vec<u32>,
    /// `ps.len()` rows of (algorithm, one time per size).
    pub rows: Vec<Vec<(&'static str, Vec<f64>)>>,
}

/// The decisions of a table of times: per process count, the fastest algorithm at the least
/// size, then a rule from each size where another algorithm is at least the margin faster than
/// the one in force (rounded up to whole bytes), the margin [`SWITCH_MARGIN`] doubled until
/// no process count has more than [`MAX_RULES`] rules. `segment(p, n)` gives the pipelined
/// chain's segment at the first size of its run.
pub fn decisions(t: &Times, segment: impl Fn(u32, f64) -> u64) -> Decisions {
    let mut margin = SWITCH_MARGIN;
    loop {
        let rows: Vec<Row> =
            t.ps.iter()
                .zip(&t.rows)
                .map(|(&p, row)| Row {
                    p,
                    rules: rules_of(t, p, row, margin, &segment),
                })
                .collect();
        // A margin above every ratio of two finite times leaves one rule a row.
        if rows.iter().all(|r| r.rules.len() <= MAX_RULES) || margin > 1e300 {
            return Decisions {
                collective: t.collective,
                margin,
                rows,
            };
        }
        margin *= 2.0;
    }
}

/// One process count's rules at a margin.
fn rules_of(
    t: &Times,
    p: u32,
    row: &[(&'static str, Vec<f64>)],
    margin: f64,
    segment: &impl Fn(u32, f64) -> u64,
) -> Vec<Rule> {
    let mut rules: Vec<Rule> = Vec::new();
    let mut current: Option<usize> = None;
    for (col, &n) in t.sizes.iter().enumerate() {
        let time = |i: usize| row[i].1[col];
        let Some(best) = (0..row.len())
            .filter(|&i| time(i).is_finite())
            .min_by(|&a, &b| time(a).total_cmp(&time(b)))
        else {
            continue;
        };
        let switch = match current {
            None => true,
            Some(_) if t.collective == Collective::Barrier => false,
            Some(c) => c != best && time(c) >= time(best) * (1.0 + margin),
        };
        if !switch {
            continue;
        }
        let algo = row[best].0;
        rules.push(Rule {
            from_bytes: if current.is_none() {
                0
            } else {
                n.ceil() as u64
            },
            algo,
            segment_bytes: if algo == "pipelined-chain" {
                segment(p, n)
            } else {
                0
            },
        });
        current = Some(best);
    }
    rules
}

/// The policy a file states: its margin and rule limit.
fn policy(d: &Decisions) -> String {
    format!(
        "a rule switches algorithm only where the new one is at least {:.0}% faster than the one in force (at most {MAX_RULES} rules per communicator size; {SWITCH_MARGIN:.2} is commcalc's least margin)",
        d.margin * 100.0
    )
}

/// The file of `format` for the decisions; `query` and `version` go in its comment where the
/// format has comments.
pub fn render(d: &Decisions, format: Format, query: &str, extra: &SimgridFit) -> String {
    match format {
        Format::OmpiRules => ompi_rules(d, query),
        Format::OmpiJson => ompi_json(d),
        Format::MpichJson => mpich_json(d, query),
        Format::Simgrid => simgrid(d, query, extra),
    }
}

fn ompi_id(d: &Decisions, algo: &str) -> (u8, &'static str) {
    names(d.collective, algo)
        .and_then(|x| x.ompi)
        .unwrap_or((0, "ignore"))
}

fn ompi_rules(d: &Decisions, query: &str) -> String {
    let (id, name) = ompi_collective(d.collective);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Open MPI coll/tuned dynamic rules (classic format), written by commcalc"
    );
    let _ = writeln!(out, "# for {query}");
    let _ = writeln!(
        out,
        "# message size: {}",
        size_note(Format::OmpiRules, d.collective)
    );
    let _ = writeln!(out, "# {}", policy(d));
    let _ = writeln!(
        out,
        "# every other collective is left to Open MPI (only this one's section is here)"
    );
    let _ = writeln!(out, "1 # collectives");
    let _ = writeln!(out, "{id} # {name}");
    let _ = writeln!(out, "{} # communicator sizes", d.rows.len());
    for row in &d.rows {
        let _ = writeln!(out, "{} # communicator size", row.p);
        let _ = writeln!(
            out,
            "{} # rules: message size, algorithm, topology, segment",
            row.rules.len()
        );
        for r in &row.rules {
            let (alg, alg_name) = ompi_id(d, r.algo);
            let _ = writeln!(
                out,
                "{} {alg} 0 {} # {alg_name} (commcalc {})",
                r.from_bytes, r.segment_bytes, r.algo
            );
        }
    }
    out
}

/// Open MPI 6's JSON rules (`rule_file_version` 3) for one collective, with the keys its
/// schema names.
#[derive(Serialize)]
struct OmpiRules {
    rule_file_version: u32,
    module: &'static str,
    collectives: BTreeMap<&'static str, Vec<CommRules>>,
}

/// The rules of a range of communicator sizes.
#[derive(Serialize)]
struct CommRules {
    comm_size_min: u32,
    #[serde(serialize_with = "inf_if_none")]
    comm_size_max: Option<u32>,
    rules: Vec<MsgRule>,
}

/// One rule: a range of message sizes, the algorithm and its segment size (0: none).
#[derive(Serialize)]
struct MsgRule {
    msg_size_min: u64,
    #[serde(serialize_with = "inf_if_none")]
    msg_size_max: Option<u64>,
    alg: &'static str,
    seg_size: u64,
}

/// A range's upper end, or `"inf"` for the last range, as Open MPI's schema writes it.
fn inf_if_none<S: serde::Serializer, T: Serialize>(
    max: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match max {
        Some(max) => max.serialize(s),
        None => s.serialize_str("inf"),
    }
}

fn ompi_json(d: &Decisions) -> String {
    let (_, name) = ompi_collective(d.collective);
    let rows = d.rows.iter().enumerate().map(|(i, row)| CommRules {
        comm_size_min: row.p,
        comm_size_max: d.rows.get(i + 1).map(|next| next.p - 1),
        rules: row
            .rules
            .iter()
            .enumerate()
            .map(|(j, r)| MsgRule {
                msg_size_min: r.from_bytes,
                msg_size_max: row.rules.get(j + 1).map(|n| n.from_bytes.saturating_sub(1)),
                alg: ompi_id(d, r.algo).1,
                seg_size: r.segment_bytes,
            })
            .collect(),
    });
    let file = OmpiRules {
        rule_file_version: 3,
        module: "tuned",
        collectives: BTreeMap::from([(name, rows.collect())]),
    };
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

/// MPICH's selection file: commcalc's decisions as the collective's intra-communicator branch
/// of MPICH 4.0's own tree ([`mpich_tree::with_intra`]), after a comment (MPICH's JSON reader,
/// json-c, skips C comments) that states the query and the margin.
fn mpich_json(d: &Decisions, query: &str) -> String {
    let (coll, key) = mpich_collective(d.collective);
    let leaf = |algo: &str| {
        let name = names(d.collective, algo).and_then(|x| x.mpich);
        Node::algorithm(name.unwrap_or(""))
    };
    let intra = d.rows.iter().enumerate().map(|(i, row)| {
        let body = if key.is_empty() || row.rules.len() == 1 {
            row.rules
                .first()
                .map_or_else(Node::default, |r| leaf(r.algo))
        } else {
            let by_size = row.rules.iter().enumerate().map(|(j, r)| {
                let next = row.rules.get(j + 1).map(|n| n.from_bytes);
                (below(key, next), leaf(r.algo))
            });
            Node(by_size.collect())
        };
        (below("comm_size", d.rows.get(i + 1).map(|n| n.p)), body)
    });
    let comment = format!(
        "/* MPICH collective selection written by commcalc for {}\n   {coll}: {}\n   every other collective, and {coll} on inter-communicators or outside the condition commcalc's algorithms assume, is MPICH 4.0.2's own tree */\n",
        query.replace("*/", "* /"),
        policy(d)
    );
    comment + &mpich_tree::with_intra(coll, Node(intra.collect()))
}

/// MPICH's condition for a range of `quantity` that ends where the `next` one starts
/// (`comm_size<16`), or for the last range (`comm_size=any`): MPICH tries them in order.
fn below(quantity: &str, next: Option<impl std::fmt::Display>) -> String {
    match next {
        Some(next) => format!("{quantity}<{next}"),
        None => format!("{quantity}=any"),
    }
}

/// What a SimGrid file needs besides the decisions: the p and size it is for, the link its
/// factors are relative to, and the piecewise factors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimgridFit {
    pub p: u32,
    pub size: f64,
    pub link: Link,
    /// (from bytes, latency factor, bandwidth factor), ascending.
    pub factors: Vec<(u64, f64, f64)>,
}

/// The platform link a SimGrid file states and its factors multiply: latency (µs) and
/// bandwidth (B/s).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Link {
    pub latency_us: f64,
    pub bandwidth: f64,
}

/// The bandwidth (B/s) a file states for a machine whose model has no bandwidth term (β = 0
/// and a flat curve): SimGrid needs a finite one; a megabyte then takes a nanosecond.
pub const NO_BANDWIDTH_TERM: f64 = 1e15;

/// SimGrid's link: latency L, bandwidth B; a message of s bytes costs lf·L + s/(bf·B) with the
/// factors of its size's range. Fitting each range [sₖ, sₖ₊₁] of the machine's own
/// point-to-point curve T by its chord, intercept cₖ and slope mₖ, gives lf = cₖ/L and
/// bf = 1/(mₖ·B), so that SimGrid follows the curve piece by piece. The link is the machine's
/// α and 1/β; where α = 0 it is the first range's intercept (factors of 1 if that is 0 too),
/// where β = 0 the last range's bandwidth, or [`NO_BANDWIDTH_TERM`] for a flat curve. `t` is
/// the point-to-point time (µs); `breaks` the range ends (bytes).
pub fn fit_factors(
    t: impl Fn(f64) -> f64,
    alpha: f64,
    beta: f64,
    breaks: &[f64],
) -> (Link, Vec<(u64, f64, f64)>) {
    let chords: Vec<(f64, f64, f64)> = breaks
        .windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let slope = (t(b) - t(a)) / (b - a);
            (a, t(a) - slope * a, slope)
        })
        .collect();
    let bandwidth = |slope: f64| {
        if slope > 0.0 {
            1e6 / slope
        } else {
            NO_BANDWIDTH_TERM
        }
    };
    let latency_us = if alpha > 0.0 {
        alpha
    } else {
        chords.first().map_or(0.0, |c| c.1.max(0.0))
    };
    let link = Link {
        latency_us,
        bandwidth: if beta > 0.0 {
            bandwidth(beta)
        } else {
            chords.last().map_or(NO_BANDWIDTH_TERM, |c| bandwidth(c.2))
        },
    };
    let factors = chords
        .iter()
        .map(|&(a, intercept, slope)| {
            let lf = if latency_us > 0.0 {
                intercept / latency_us
            } else {
                1.0
            };
            (a as u64, lf, bandwidth(slope) / link.bandwidth)
        })
        .collect();
    (link, factors)
}

fn simgrid(d: &Decisions, query: &str, fit: &SimgridFit) -> String {
    // SimGrid names its collectives as MPICH's selection file does (smpi/reduce_scatter).
    let (coll, _) = mpich_collective(d.collective);
    let algo = d
        .lookup(fit.p, fit.size)
        .and_then(|a| names(d.collective, a))
        .and_then(|x| x.simgrid)
        .unwrap_or("default");
    let pieces = |pick: fn(&(u64, f64, f64)) -> f64| {
        fit.factors
            .iter()
            .rev()
            .map(|f| format!("{}:{:.6}", f.0, pick(f)))
            .collect::<Vec<_>>()
            .join(";")
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# SimGrid configuration written by commcalc for {query}"
    );
    let _ = writeln!(
        out,
        "# SimGrid takes one algorithm per collective: the winner at p = {} and {} B",
        fit.p, fit.size
    );
    let _ = writeln!(
        out,
        "# the platform's links: latency {}us, bandwidth {:.0}Bps; the factors below multiply these",
        fit.link.latency_us, fit.link.bandwidth
    );
    let _ = writeln!(
        out,
        "# the factors follow the machine's own point-to-point curve, piece by piece"
    );
    let _ = writeln!(out, "# {}", policy(d));
    let _ = writeln!(out, "--cfg=smpi/{coll}:{algo}");
    let _ = writeln!(out, "--cfg=network/latency-factor:{}", pieces(|f| f.1));
    let _ = writeln!(out, "--cfg=network/bandwidth-factor:{}", pieces(|f| f.2));
    out
}
