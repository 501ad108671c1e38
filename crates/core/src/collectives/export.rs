//! The winner map as the files MPI libraries and simulators read: which algorithm at which
//! message size and process count.
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
//!   `total_msg_size<…` → `algorithm=MPIR_…`, each list of conditions closed by `…=any`.
//! - `simgrid`: SimGrid's `smpi/<collective>` choice (one algorithm for every size) and
//!   `network/latency-factor` / `network/bandwidth-factor` strings that bend SimGrid's linear
//!   link into the machine's own point-to-point curve.
//!
//! Each library measures a collective's "message size" its own way; [`lib_size`] converts
//! commcalc's n (the whole vector, [`Collective::size_meaning`]) and the decisions hold
//! thresholds in the library's units, so a file parses back to the same decisions.

use std::fmt::Write;

use super::winner::WinnerMap;
use super::Collective;
use crate::error::Error;

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

    pub fn from_id(id: &str) -> Result<Format, Error> {
        Format::ALL
            .into_iter()
            .find(|f| f.id() == id)
            .ok_or_else(|| {
                Error::invalid("export", id, "ompi-rules, ompi-json, mpich-json or simgrid")
            })
    }

    fn library(self) -> Library {
        match self {
            Format::OmpiRules | Format::OmpiJson => Library::OpenMpi,
            Format::MpichJson => Library::Mpich,
            Format::Simgrid => Library::Simgrid,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Library {
    OpenMpi,
    Mpich,
    Simgrid,
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
        Library::OpenMpi => x.ompi.is_some(),
        Library::Mpich => x.mpich.is_some(),
        Library::Simgrid => x.simgrid.is_some(),
    })
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

/// The library's message size for commcalc's n bytes on p processes. Open MPI's coll/tuned
/// measures allgather, alltoall and gather as the per-process count times the communicator
/// size, and reduce-scatter as the sum of the counts: the whole vector, commcalc's n. Its
/// scatter counts one process's block only, n/p. MPICH's `avg_msg_size` of bcast, allreduce
/// and reduce is the whole vector, and its `total_msg_size` of the others multiplies the
/// block by the communicator size: n again.
pub fn lib_size(format: Format, c: Collective, p: u32, n: f64) -> f64 {
    match (format.library(), c) {
        (Library::OpenMpi, Collective::Scatter) => n / f64::from(p),
        _ => n,
    }
}

/// What the size means to the library, for the file's comment.
fn size_note(format: Format, c: Collective) -> &'static str {
    match (format.library(), c) {
        (_, Collective::Barrier) => "a barrier has no message size",
        (Library::OpenMpi, Collective::Scatter) => {
            "Open MPI's scatter size is one process's block: commcalc's n (the whole vector) divided by p"
        }
        (Library::OpenMpi, Collective::Allgather | Collective::AllToAll | Collective::Gather) => {
            "Open MPI multiplies the per-process count by the communicator size: the whole vector, commcalc's n"
        }
        _ => "the library's message size is the whole vector, commcalc's n",
    }
}

/// From this message size (library units) on, this algorithm; `segment` bytes for the
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

/// Which algorithm at which size and p, for one collective.
#[derive(Clone, Debug, PartialEq)]
pub struct Decisions {
    pub collective: Collective,
    pub rows: Vec<Row>,
}

impl Decisions {
    /// The algorithm the decisions give a communicator of p at a library message size.
    pub fn lookup(&self, p: u32, lib_bytes: f64) -> Option<&'static str> {
        let row = self.rows.iter().rev().find(|r| r.p <= p)?;
        row.rules
            .iter()
            .rev()
            .find(|r| r.from_bytes as f64 <= lib_bytes)
            .map(|r| r.algo)
    }
}

/// The decisions of a winner map, computed among the algorithms `format`'s library has:
/// per process count, a rule from each size where the winner changes (rounded up to whole
/// bytes in the library's units), the first from 0. `segment(p, n)` gives the pipelined
/// chain's segment at the first size of its run.
pub fn decisions(map: &WinnerMap, format: Format, segment: impl Fn(u32, f64) -> u64) -> Decisions {
    let c = map.collective;
    let rows = map
        .ps
        .iter()
        .enumerate()
        .map(|(row, &p)| {
            let mut rules: Vec<Rule> = Vec::new();
            for (col, &n) in map.sizes.iter().enumerate() {
                let Some(algo) = map.winner(row, col) else {
                    continue;
                };
                if rules.last().is_some_and(|r| r.algo == algo)
                    || (c == Collective::Barrier && !rules.is_empty())
                {
                    continue;
                }
                let from = if rules.is_empty() {
                    0
                } else {
                    lib_size(format, c, p, n).ceil() as u64
                };
                let segment_bytes = if algo == "pipelined-chain" {
                    segment(p, n)
                } else {
                    0
                };
                rules.push(Rule {
                    from_bytes: from,
                    algo,
                    segment_bytes,
                });
            }
            Row { p, rules }
        })
        .collect();
    Decisions {
        collective: c,
        rows,
    }
}

/// The file of `format` for the decisions; `query` and `version` go in its comment where the
/// format has comments.
pub fn render(d: &Decisions, format: Format, query: &str, extra: &SimgridFit) -> String {
    match format {
        Format::OmpiRules => ompi_rules(d, query),
        Format::OmpiJson => ompi_json(d),
        Format::MpichJson => mpich_json(d),
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

fn ompi_json(d: &Decisions) -> String {
    let (_, name) = ompi_collective(d.collective);
    let mut out = String::from(
        "{\n  \"rule_file_version\": 3,\n  \"module\": \"tuned\",\n  \"collectives\": {\n",
    );
    let _ = writeln!(out, "    \"{name}\": [");
    for (i, row) in d.rows.iter().enumerate() {
        let max = d
            .rows
            .get(i + 1)
            .map_or("\"inf\"".to_string(), |r| (r.p - 1).to_string());
        let _ = writeln!(out, "      {{\n        \"comm_size_min\": {},\n        \"comm_size_max\": {max},\n        \"rules\": [", row.p);
        for (j, r) in row.rules.iter().enumerate() {
            let max = row.rules.get(j + 1).map_or("\"inf\"".to_string(), |n| {
                (n.from_bytes.saturating_sub(1)).to_string()
            });
            let (_, alg) = ompi_id(d, r.algo);
            let comma = if j + 1 < row.rules.len() { "," } else { "" };
            let _ = writeln!(
                out,
                "          {{ \"msg_size_min\": {}, \"msg_size_max\": {max}, \"alg\": \"{alg}\", \"seg_size\": {} }}{comma}",
                r.from_bytes, r.segment_bytes
            );
        }
        let comma = if i + 1 < d.rows.len() { "," } else { "" };
        let _ = writeln!(out, "        ]\n      }}{comma}");
    }
    out.push_str("    ]\n  }\n}\n");
    out
}

/// The algorithm MPICH runs for each collective commcalc does not decide: a file replaces
/// MPICH's whole selection tree, and MPI_Init and MPI_Finalize call some of these.
static MPICH_OTHERS: [(&str, &str); 13] = [
    ("bcast", "MPIR_Bcast_intra_binomial"),
    ("allreduce", "MPIR_Allreduce_intra_recursive_doubling"),
    ("reduce", "MPIR_Reduce_intra_binomial"),
    ("allgather", "MPIR_Allgather_intra_ring"),
    ("allgatherv", "MPIR_Allgatherv_intra_ring"),
    ("alltoall", "MPIR_Alltoall_intra_pairwise"),
    ("alltoallv", "MPIR_Alltoallv_intra_scattered"),
    ("gather", "MPIR_Gather_intra_binomial"),
    ("gatherv", "MPIR_Gatherv_allcomm_linear"),
    ("scatter", "MPIR_Scatter_intra_binomial"),
    ("scatterv", "MPIR_Scatterv_allcomm_linear"),
    ("reduce_scatter", "MPIR_Reduce_scatter_intra_pairwise"),
    ("barrier", "MPIR_Barrier_intra_dissemination"),
];

fn mpich_json(d: &Decisions) -> String {
    let (coll, key) = mpich_collective(d.collective);
    let name = |algo: &str| {
        names(d.collective, algo)
            .and_then(|x| x.mpich)
            .unwrap_or("")
    };
    let leaf = |algo: &str| format!("{{ \"algorithm={}\": {{}} }}", name(algo));
    let mut out = format!("{{\n  \"collective={coll}\": {{\n    \"comm_type=intra\": {{\n");
    for (i, row) in d.rows.iter().enumerate() {
        let cond = match d.rows.get(i + 1) {
            Some(next) => format!("comm_size<{}", next.p),
            None => "comm_size=any".to_string(),
        };
        let body = if key.is_empty() || row.rules.len() == 1 {
            row.rules.first().map_or("{}".to_string(), |r| leaf(r.algo))
        } else {
            let parts: Vec<String> = row
                .rules
                .iter()
                .enumerate()
                .map(|(j, r)| {
                    let cond = match row.rules.get(j + 1) {
                        Some(next) => format!("{key}<{}", next.from_bytes),
                        None => format!("{key}=any"),
                    };
                    format!("        \"{cond}\": {}", leaf(r.algo))
                })
                .collect();
            format!("{{\n{}\n      }}", parts.join(",\n"))
        };
        let comma = if i + 1 < d.rows.len() { "," } else { "" };
        let _ = writeln!(out, "      \"{cond}\": {body}{comma}");
    }
    out.push_str("    }\n  }");
    for (other, algo) in MPICH_OTHERS.iter().filter(|(c, _)| *c != coll) {
        let _ = write!(out, ",\n  \"collective={other}\": {{ \"comm_type=intra\": {{ \"algorithm={algo}\": {{}} }} }}");
    }
    out.push_str("\n}\n");
    out
}

/// What a SimGrid file needs besides the decisions: the p and size it is for, the machine's
/// α and β for the platform's link, and the piecewise factors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimgridFit {
    pub p: u32,
    pub size: f64,
    pub alpha: f64,
    pub beta: f64,
    /// (from bytes, latency factor, bandwidth factor), ascending.
    pub factors: Vec<(u64, f64, f64)>,
}

/// SimGrid's link: latency L, bandwidth B; a message of s bytes costs lf·L + s/(bf·B) with
/// the factors of its size's range. Fitting each range [sₖ, sₖ₊₁] of the machine's own
/// point-to-point curve T by its chord, intercept cₖ and slope mₖ, gives lf = cₖ/α and
/// bf = β/mₖ, so that SimGrid follows the curve piece by piece. `t` is the machine's
/// point-to-point time; `breaks` the range ends.
pub fn fit_factors(
    t: impl Fn(f64) -> f64,
    alpha: f64,
    beta: f64,
    breaks: &[f64],
) -> Vec<(u64, f64, f64)> {
    breaks
        .windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let slope = (t(b) - t(a)) / (b - a);
            let intercept = t(a) - slope * a;
            let lf = if alpha > 0.0 { intercept / alpha } else { 1.0 };
            let bf = if slope > 0.0 { beta / slope } else { 1.0 };
            (a as u64, lf, bf)
        })
        .collect()
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
        "# the platform's links: latency {}us, bandwidth {:.0}Bps (1/beta)",
        fit.alpha,
        1e6 / fit.beta
    );
    let _ = writeln!(
        out,
        "# the factors follow the machine's own point-to-point curve, piece by piece"
    );
    let _ = writeln!(out, "--cfg=smpi/{coll}:{algo}");
    let _ = writeln!(out, "--cfg=network/latency-factor:{}", pieces(|f| f.1));
    let _ = writeln!(out, "--cfg=network/bandwidth-factor:{}", pieces(|f| f.2));
    out
}
