//! The command line, declared with clap's derive API: one struct per command, whose fields are
//! its options and arguments and whose doc comments are its help. Limits, accepted values and
//! defaults are the core's; the value parsers below only split the text and ask the core.

use std::fmt::Write as _;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use commcalc_core::collectives::export::Format as ExportFormat;
use commcalc_core::collectives::file::{DEFAULT_PS, DEFAULT_SIZES, EXPORT_SIZES};
use commcalc_core::collectives::winner::MAX_AXIS;
use commcalc_core::measurements::Format;
use commcalc_core::query::{MAX_BYTES, P_RANGE};
use commcalc_core::regimes::{MapOptions, MAX_CELLS_PER_AXIS};
use commcalc_core::report::{CURVE_POINTS, MAX_POINTS};
use commcalc_core::units::{parse_size, si};
use commcalc_core::{Error, Errors};

/// `--sweep KEY=FROM:TO:STEPS`: the key and its values (the core's, which the web's sweeps use).
pub use commcalc_core::traffic::sweep::Sweep;

/// A mistake found after parsing (a query the core rejects, a file that cannot be read),
/// printed on stderr with exit code 2.
#[derive(Debug, PartialEq, Eq)]
pub struct Usage(pub String);

/// The message for a query the core rejects: every problem on its own line.
pub fn rejected(errors: &Errors) -> Usage {
    let mut message = match errors.0.len() {
        1 => "the query is not accepted:".to_string(),
        n => format!("the query is not accepted ({n} problems):"),
    };
    for e in &errors.0 {
        let _ = write!(message, "\n  {e}");
    }
    Usage(message)
}

/// Curve rows the table shows unless `--rows` says otherwise.
pub const DEFAULT_ROWS: usize = 8;
/// The most scenarios `compare` takes (the core's limit: more curves are unreadable).
pub const MAX_QUERIES: usize = commcalc_core::compare::MAX_SCENARIOS;

/// commcalc — the communication cost of message-passing parallel machines, from five papers
#[derive(Debug, Parser)]
#[command(
    name = "commcalc",
    version,
    arg_required_else_help = true,
    max_term_width = 100
)]
#[command(after_long_help = GENERAL_NOTES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The general help after the list of commands.
const GENERAL_NOTES: &str = "\
A query is key=value pairs joined by &, as in a URL (a leading ? is allowed):
  commcalc eval \"machine=intel-paragon&pattern=pingpong&size=12.7k\"
  commcalc eval \"machine=ethernet-now&pattern=all-to-all&p=8&size=1k\" --json
  commcalc eval \"machine=ibm-sp2&pattern=pairs&p=16&algo=two-frames\"
  commcalc compare \"machine=intel-ipsc&pattern=pingpong\" \"machine=ametek-s14&pattern=pingpong\"
  commcalc regimes \"machine=intel-delta&pattern=global-combine&f=standard\"

keys: machine, pattern, model, size, data, p, mesh, n, h, algo, f, k, link, from, to, and any
parameter name of the machine (alpha=54). See the README and `commcalc patterns`.

Exit codes: 0 success, 2 bad arguments or a query the core rejects (message on stderr), 1 the
output could not be written.";

#[derive(Debug, Subcommand)]
pub enum Command {
    Eval(EvalOptions),
    Compare(CompareOptions),
    Traffic(TrafficOptions),
    Regimes(RegimesOptions),
    Fit(FitOptions),
    Collectives(CollectivesOptions),
    /// List the machines, their models and parameters with sources
    ///
    /// Lists every machine (or the one with this id): its name, paper, description, the
    /// processor counts the paper measured, the patterns it supports, and each model's
    /// parameters with value, unit, allowed range and source.
    Machines(ListingOptions),
    /// List the patterns: machines, models, inputs, algorithms, metrics
    ///
    /// Lists every pattern (or the one with this id): what it is, its source, the machines and
    /// models it accepts, its inputs, the algorithms each machine offers, and the metrics it
    /// reports.
    Patterns(ListingOptions),
}

/// Evaluate a scenario: metrics with units, warnings and the curve
///
/// Evaluates a query and prints the canonical query, the metrics with SI units, the warnings
/// and a summary of the curve (time and bandwidth against size).
#[derive(Debug, PartialEq, Args)]
pub struct EvalOptions {
    /// A query, e.g. "machine=intel-paragon&pattern=pingpong&size=12.7k" (quote it: the shell
    /// treats & as the end of a command)
    pub query: String,
    /// Print {"query", "metrics", "curve", "warnings"} as JSON (docs/reports.md)
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Print each metric's derivation and the inputs and parameters used (docs/explain.md);
    /// with --json, as the members "explain" and "used"
    #[arg(long, overrides_with = "explain")]
    pub explain: bool,
    /// Points on the curve
    #[arg(long, value_name = "N", default_value_t = CURVE_POINTS,
          allow_negative_numbers = true, value_parser = count(2, MAX_POINTS))]
    pub points: usize,
    /// Curve rows in the table (all if N ≥ points)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ROWS,
          allow_negative_numbers = true, value_parser = count(0, MAX_POINTS))]
    pub rows: usize,
}

/// Up to four scenarios on one size axis, and the sizes where two curves swap order
///
/// Evaluates one to four queries on one common size axis (the union of their ranges) and finds
/// every size where two of them swap order: the crossovers, found on the models' cost functions
/// to about 1e-9 relative. Prints a table (each scenario's canonical query, time and bandwidth
/// at its own point, r∞ and n½ where the model has them) and the crossovers, e.g.
///   #1 Intel iPSC vs #2 Ametek S/14: 172 B, 2.19 ms; #2 Ametek S/14 faster below
/// (003 Table 5: the iPSC's bandwidth wins beyond about 150 bytes).
///
/// Every pattern's abscissa is in bytes, but not always the same bytes (a message, h·4, n·8,
/// …): a note says so when the scenarios' abscissae differ. A query the core rejects is
/// reported with its position (query 2: …), exit code 2.
#[derive(Debug, PartialEq, Args)]
#[command(verbatim_doc_comment)]
pub struct CompareOptions {
    #[arg(required = true, num_args = 1..=MAX_QUERIES, value_name = "QUERY", help = queries_help())]
    pub queries: Vec<String>,
    /// Print {"scenarios": [reports as eval --json], "crossovers": [{"a", "b", "size_bytes",
    /// "time_us", "faster_below"}], "from_bytes", "to_bytes", "abscissae", "notes"}; a, b and
    /// faster_below are 0-based scenario indices
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Points on each curve
    #[arg(long, value_name = "N", default_value_t = CURVE_POINTS,
          allow_negative_numbers = true, value_parser = count(2, MAX_POINTS))]
    pub points: usize,
}

/// The fastest global combining algorithm over vector length × mesh (004 Fig. 5)
///
/// The regime map of 004 §4.1, Fig. 5: for each vector length N (columns, log-spaced) and each
/// near-square mesh (rows, by node count), which global combining algorithm is fastest at its
/// optimal block size, by what margin, and the three times. The machine must have NBL
/// parameters (intel-delta, custom); the f(L) set is the query's f= (default nominal);
/// parameter overrides apply under model nbl.
///
/// The text output is a grid of letters, T Tree, S Snake, F Fence (lower case where the winner
/// is less than 5% faster than the runner-up), subsampled to at most 64 columns and 32 rows.
#[derive(Debug, PartialEq, Args)]
pub struct RegimesOptions {
    /// A query naming a machine with NBL parameters, e.g.
    /// "machine=intel-delta&pattern=global-combine&f=nominal"
    pub query: String,
    /// Print the map: {"f", "lengths", "meshes", "cells"}, cells row-major (row = mesh), each
    /// {"fastest", "margin", "times_us", "blocks"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Columns (vector lengths) of the map
    #[arg(default_value_t = MapOptions::default().lengths, long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, MAX_CELLS_PER_AXIS))]
    pub lengths: usize,
    /// Rows (meshes) of the map
    #[arg(default_value_t = MapOptions::default().meshes, long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, MAX_CELLS_PER_AXIS))]
    pub meshes: usize,
}

/// Read OSU, IMB, Netgauge or CSV output and fit the models to it
///
/// Reads the output of the OSU Micro-Benchmarks (osu_latency, osu_bw, osu_bibw, the
/// collectives), the Intel MPI Benchmarks (PingPong, Sendrecv, Exchange, the collectives),
/// Netgauge's LogGP module (netgauge -x loggp: its console output or its -o file) or a CSV/TSV
/// table with a size column and a time or bandwidth column, and fits to the first one-way
/// latency run, in relative error:
///   hockney     T = a + b·m, with r∞ = 1/b and n½ = a/b
///   piecewise   1 to 3 linear pieces, breakpoints where the protocol changes (BIC)
///   hyperbolic  T = a²/(a + b·m) + b·m (000 eq. 2)
///   loggp       L + 2o, g, G (o as well from Netgauge); g needs a bandwidth run
/// Every line that is not used is listed with its number and why. The printed query is the
/// fitted machine: pass it to commcalc eval or compare.
///
/// Several files are read as one measurement set (say osu_latency and osu_bw output of the
/// same machine). A file that cannot be read or fitted (empty, binary, above the size limit,
/// one point, sizes out of order, negative times) is reported on stderr with exit code 2.
#[derive(Debug, PartialEq, Args)]
#[command(verbatim_doc_comment, after_long_help = fit_limit())]
pub struct FitOptions {
    /// One or more files of benchmark output, e.g. osu_latency.txt (- reads standard input)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Print {"series", "fitted_series", "fits", "query", "warnings"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// The files' format (auto: detect each file's)
    #[arg(long, value_name = "NAME", default_value = "auto",
          value_parser = measurement_format())]
    pub format: Detected,
}

/// A measurement format, or `None` to detect each file's (`--format auto`).
pub type Detected = Option<Format>;

/// Simulate 003's synthetic traffic: completion time, latencies, link utilisation, run lengths
///
/// Simulates the query (pattern=traffic on jpl-mark3, intel-ipsc, ametek-s14, ametek-s14b or
/// custom) event by event: every node of a binary hypercube sends messages whose destinations
/// follow an LRU stack (temporal locality) and a spatial model, over simplex links with e-cube
/// routing (003 §Synthetic Communication Benchmarks). Prints the metrics (means over the
/// replications, completion time with its 95 % interval), the busiest links, the run-length
/// histogram (003 Fig. 9), the latency histogram and the measured speed in events per second.
///
/// keys: dim (1–12, default 4), spatial (uniform | sphere | decreasing), radius and phi
/// (sphere), decay (decreasing, 0 < d < 1), stack and hit (b1,…,bn, sum ≤ 1), flush (0 =
/// never), count, per (total | node), len (fixed | exp | uniform), size (mean bytes), gap (mean
/// µs between a node's messages, 0 = as fast as possible), routing (store-forward |
/// cut-through), seed, reps.
#[derive(Debug, PartialEq, Args)]
#[command(after_long_help = TRAFFIC_EXAMPLES)]
pub struct TrafficOptions {
    /// A query of pattern=traffic, e.g. "machine=intel-ipsc&pattern=traffic" (quote it: the
    /// shell treats & as the end of a command)
    pub query: String,
    /// The eval report ({"query", "metrics", "curve", "warnings"}) plus "traffic": the full
    /// results; with --sweep, {"sweep", "rows"}, each row {"query", "metrics", "warnings",
    /// "traffic"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// One run per value, STEPS values evenly from FROM to TO (whole numbers for whole-number
    /// keys), one row each
    #[arg(long, value_name = "KEY=FROM:TO:STEPS", value_parser = sweep)]
    pub sweep: Option<Sweep>,
}

const TRAFFIC_EXAMPLES: &str = "\
Examples (003 Figs. 7 and 8):
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&spatial=sphere\" --sweep radius=1:4:4
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&stack=1&hit=0\" --sweep hit=0:0.9:10";

/// The fastest algorithm of a collective over size × processes, or that choice as a file
///
/// For a collective (pattern=broadcast, allgather, reduce-scatter, allreduce, reduce,
/// all-to-all, gather, scatter or barrier) on the query's machine and model, which algorithm is
/// fastest at each message size (rows) and process count (columns), in the alpha-beta-gamma
/// costs of Thakur, Rabenseifner and Gropp (2005) with the machine's own alpha, beta, gamma
/// (see commcalc machines) and the papers' own algorithms where the machine has them. The
/// query's overrides apply (alpha=, beta=, gamma=). Sizes are the collective's n: the whole
/// vector (a broadcast's message, a gathered result, one process's whole all-to-all send
/// buffer).
#[derive(Debug, PartialEq, Args)]
pub struct CollectivesOptions {
    /// A query naming a collective, e.g. "machine=intel-paragon&pattern=allreduce"
    pub query: String,
    /// Print the map: {"collective", "query", "sizes", "ps", "algos", "cells"}, cells
    /// row-major (row = p), each {"winner" (index into algos), "time_us", "margin"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    #[arg(long, value_name = "FORMAT", value_parser = export_format(), help = export_help())]
    pub export: Option<ExportFormat>,
    #[arg(long = "p", value_name = "LIST", value_parser = process_counts, help = ps_help())]
    pub ps: Option<ProcessCounts>,
    #[arg(long, value_name = "FROM:TO", value_parser = size_range, help = sizes_help())]
    pub sizes: Option<(f64, f64)>,
}

/// The process counts of `--p`: one value of the command line, not one per count.
pub type ProcessCounts = Vec<u32>;

/// The options of `machines` and `patterns`.
#[derive(Debug, PartialEq, Args)]
pub struct ListingOptions {
    /// At most one id; all of them without one
    pub id: Option<String>,
    /// Print the same as a JSON array (an object for one id)
    #[arg(long, overrides_with = "json")]
    pub json: bool,
}

/// `compare`'s queries, as many as the core compares.
fn queries_help() -> String {
    format!(
        "1 to {MAX_QUERIES} queries, e.g. \"machine=intel-ipsc&pattern=pingpong\" \
         \"machine=ametek-s14&pattern=pingpong\" (quote each: the shell treats & as the end of a \
         command); their positions name them in messages"
    )
}

/// `--export`, with the number of sizes an export samples (the core's).
fn export_help() -> String {
    format!(
        "Print a file instead: ompi-rules (Open MPI coll/tuned classic dynamic rules), ompi-json \
         (Open MPI 6 JSON rules), mpich-json (MPICH's MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE), \
         simgrid (smpi/<collective> and network factors); only algorithms the library has \
         compete, over {EXPORT_SIZES} sizes"
    )
}

/// `--p`, with the core's range, limit and default list.
fn ps_help() -> String {
    let (lo, hi) = P_RANGE;
    let default: Vec<String> = DEFAULT_PS.iter().map(u32::to_string).collect();
    format!(
        "Process counts, comma-separated, each from {lo} to {hi}, at most {MAX_AXIS} of them \
         [default: {}]",
        default.join(",")
    )
}

/// `--sizes`, with the core's default range.
fn sizes_help() -> String {
    let (from, to) = DEFAULT_SIZES;
    format!(
        "Size range in bytes, k/M suffixes allowed, e.g. 1:4M [default: {} to {}]",
        si(from, "B"),
        si(to, "B")
    )
}

/// `fit`'s note on the input limit, which is the core's.
fn fit_limit() -> String {
    let mb = commcalc_core::measurements::MAX_INPUT_BYTES / (1024 * 1024);
    format!("Files above {mb} MB are refused.")
}

/// A whole number from `lo` to `hi`.
fn count(lo: usize, hi: usize) -> impl TypedValueParser<Value = usize> {
    move |value: &str| {
        value
            .parse::<usize>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("expected a whole number from {lo} to {hi}"))
    }
}

/// `auto` or one of the core's measurement formats.
fn measurement_format() -> impl TypedValueParser<Value = Detected> {
    let ids = std::iter::once("auto").chain(Format::ALL.map(Format::id));
    PossibleValuesParser::new(ids).try_map(|id| Format::from_id(&id))
}

/// One of the core's export formats.
fn export_format() -> impl TypedValueParser<Value = ExportFormat> {
    PossibleValuesParser::new(ExportFormat::ALL.map(ExportFormat::id))
        .try_map(|id| ExportFormat::from_id(&id))
}

/// `KEY=FROM:TO:STEPS`, e.g. `hit=0:0.9:10`, as the core reads it.
fn sweep(spec: &str) -> Result<Sweep, String> {
    spec.parse::<Sweep>().map_err(expected)
}

/// What the core expected of a value clap has already named with its option.
fn expected(e: Error) -> String {
    match e {
        Error::InvalidValue { expected, .. } => format!("expected {expected}"),
        other => other.to_string(),
    }
}

/// `2,4,8`: process counts in the core's range, at most as many as a winner map has rows.
fn process_counts(value: &str) -> Result<ProcessCounts, String> {
    let (lo, hi) = P_RANGE;
    let ps: ProcessCounts = value
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<u32>()
                .ok()
                .filter(|p| (lo..=hi).contains(p))
        })
        .collect::<Option<_>>()
        .ok_or_else(|| {
            format!("expected process counts from {lo} to {hi} separated by commas, e.g. 2,4,8")
        })?;
    if ps.len() > MAX_AXIS {
        return Err(format!(
            "{} process counts; expected at most {MAX_AXIS}",
            ps.len()
        ));
    }
    Ok(ps)
}

/// `1:4M`: a size range in bytes, FROM below TO, both from 1 B to the core's largest size.
fn size_range(value: &str) -> Result<(f64, f64), String> {
    let parsed = value
        .split_once(':')
        .and_then(|(a, b)| Some((parse_size(a.trim())?, parse_size(b.trim())?)));
    match parsed {
        Some((a, b)) if a >= 1.0 && a < b && b <= MAX_BYTES => Ok((a, b)),
        _ => Err(format!(
            "expected FROM:TO in bytes, 1 ≤ FROM < TO ≤ {MAX_BYTES:e}, e.g. 1:4M"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, clap::Error> {
        Cli::try_parse_from(std::iter::once("commcalc").chain(args.iter().copied()))
            .map(|cli| cli.command)
    }

    #[test]
    fn the_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn eval_flags_in_any_order() {
        let q = "machine=intel-paragon";
        for args in [
            vec!["eval", "--json", q],
            vec!["eval", q, "--json"],
            vec!["eval", "--json", "--", q],
            vec!["eval", "--json", "--json", q],
        ] {
            match parse(&args) {
                Ok(Command::Eval(o)) => {
                    assert!(o.json && !o.explain, "{args:?}");
                    assert_eq!(o.query, q);
                    assert_eq!((o.points, o.rows), (CURVE_POINTS, DEFAULT_ROWS));
                }
                other => panic!("{args:?}: {other:?}"),
            }
        }
        match parse(&["eval", "--points=64", "--rows", "4", "--explain", q]) {
            Ok(Command::Eval(o)) => assert_eq!((o.points, o.rows, o.explain), (64, 4, true)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn compare_takes_one_to_four_queries() {
        match parse(&["compare", "--points=8", "a=1", "--json", "b=2"]) {
            Ok(Command::Compare(o)) => {
                assert_eq!(o.queries, ["a=1", "b=2"]);
                assert_eq!((o.json, o.points), (true, 8));
            }
            other => panic!("{other:?}"),
        }
        assert!(parse(&["compare"]).is_err());
        assert!(parse(&["compare", "a", "b", "c", "d", "e"]).is_err());
    }

    #[test]
    fn regimes_and_collectives_take_their_values() {
        match parse(&["regimes", "--lengths", "16", "--meshes=8", "q=1"]) {
            Ok(Command::Regimes(o)) => assert_eq!((o.lengths, o.meshes), (16, 8)),
            other => panic!("{other:?}"),
        }
        match parse(&[
            "collectives",
            "--p",
            "2, 8",
            "--sizes=1k:4M",
            "--export",
            "simgrid",
            "q",
        ]) {
            Ok(Command::Collectives(o)) => {
                assert_eq!(o.ps, Some(vec![2, 8]));
                assert_eq!(o.sizes, Some((1e3, 4e6)));
                assert_eq!(o.export, Some(ExportFormat::Simgrid));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn fit_takes_a_format_and_files() {
        match parse(&["fit", "--format", "imb", "a.txt", "--json", "-"]) {
            Ok(Command::Fit(o)) => {
                assert_eq!(o.files, ["a.txt", "-"]);
                assert_eq!((o.format, o.json), (Some(Format::Imb), true));
            }
            other => panic!("{other:?}"),
        }
        match parse(&["fit", "--format=auto", "--", "--odd-name"]) {
            Ok(Command::Fit(o)) => {
                assert_eq!((o.files, o.format), (vec!["--odd-name".into()], None))
            }
            other => panic!("{other:?}"),
        }
        match parse(&["fit", "x"]) {
            Ok(Command::Fit(o)) => assert_eq!(o.format, None),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn traffic_takes_one_sweep() {
        match parse(&["traffic", "q", "--sweep", "hit=0:0.9:10"]) {
            Ok(Command::Traffic(o)) => assert_eq!(
                o.sweep,
                Some(Sweep {
                    key: "hit".into(),
                    from: 0.0,
                    to: 0.9,
                    steps: 10
                })
            ),
            other => panic!("{other:?}"),
        }
        assert!(parse(&["traffic", "q", "--sweep", "a=0:1:2", "--sweep", "b=0:1:2"]).is_err());
    }
}
