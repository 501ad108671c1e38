//! The command line, declared with clap's derive API: one struct per command, whose fields are
//! its options and arguments and whose doc comments are its help. Limits, accepted values and
//! defaults are the core's: the value parsers ([`crate::values`]) and the help texts that name
//! them ([`crate::help`]) ask it.

use std::fmt::Write as _;

use clap::{Args, Parser, Subcommand};
use commcalc_core::collectives::export::Format as ExportFormat;
use commcalc_core::collectives::library::Library;
use commcalc_core::query::P_RANGE;
use commcalc_core::regimes::{MapOptions, MAX_CELLS_PER_AXIS};
use commcalc_core::report::{CURVE_POINTS, MAX_POINTS};
use commcalc_core::Errors;

use crate::help;
use crate::values::{self, Detected, ProcessCounts};

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
#[command(after_long_help = help::general_notes())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Eval(EvalOptions),
    Compare(CompareOptions),
    Traffic(TrafficOptions),
    Regimes(RegimesOptions),
    Fit(FitOptions),
    Collectives(CollectivesOptions),
    Validate(ValidateOptions),
    /// List the machines, their models and parameters with sources
    ///
    /// Lists every machine (or the one with this id): its name, paper, description, the
    /// processor counts the paper measured, the patterns it supports, and each model's
    /// parameters with value, unit, allowed range and source.
    Machines(ListingOptions),
    /// List the patterns: machines, models, inputs, algorithms, metrics
    ///
    /// Lists every pattern (or the one with this id): what it is, its source, the machines and
    /// models it accepts, its inputs (each with its name, unit and where the papers give it),
    /// the algorithms each machine offers, and the metrics it reports.
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
          allow_negative_numbers = true, value_parser = values::count(2, MAX_POINTS))]
    pub points: usize,
    /// Curve rows in the table (all if N ≥ points)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ROWS,
          allow_negative_numbers = true, value_parser = values::count(0, MAX_POINTS))]
    pub rows: usize,
    #[arg(long, value_name = "N", help = help::max_events_help(),
          allow_negative_numbers = true, value_parser = values::at_least(1))]
    pub max_events: Option<usize>,
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
    #[arg(required = true, num_args = 1..=MAX_QUERIES, value_name = "QUERY", help = help::queries_help())]
    pub queries: Vec<String>,
    /// Print {"scenarios": [reports as eval --json], "crossovers": [{"a", "b", "size_bytes",
    /// "time_us", "faster_below"}], "from_bytes", "to_bytes", "abscissae", "notes"}; a, b and
    /// faster_below are 0-based scenario indices
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Points on each curve
    #[arg(long, value_name = "N", default_value_t = CURVE_POINTS,
          allow_negative_numbers = true, value_parser = values::count(2, MAX_POINTS))]
    pub points: usize,
    #[arg(long, value_name = "N", help = help::max_events_help(),
          allow_negative_numbers = true, value_parser = values::at_least(1))]
    pub max_events: Option<usize>,
}

/// The fastest global combining algorithm over vector length × mesh
#[derive(Debug, PartialEq, Args)]
#[command(about = help::regimes_summary(), long_about = help::regimes_about())]
pub struct RegimesOptions {
    /// A query naming a machine with NBL parameters, e.g.
    /// "machine=intel-delta&pattern=global-combine&f=nominal"
    pub query: String,
    /// Print the map: {"f", "lengths", "meshes", "cells"}, cells row-major (row = mesh), each
    /// {"fastest", "margin", "times_us", "blocks"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Columns (vector lengths) of the map
    #[arg(default_value_t = MapOptions::default().lengths, long, value_name = "N", allow_negative_numbers = true, value_parser = values::count(1, MAX_CELLS_PER_AXIS))]
    pub lengths: usize,
    /// Rows (meshes) of the map
    #[arg(default_value_t = MapOptions::default().meshes, long, value_name = "N", allow_negative_numbers = true, value_parser = values::count(1, MAX_CELLS_PER_AXIS))]
    pub meshes: usize,
}

/// Read OSU, IMB, Netgauge or CSV output and fit the models to it
#[derive(Debug, PartialEq, Args)]
#[command(long_about = help::fit_about(), after_long_help = help::fit_limit())]
pub struct FitOptions {
    /// One or more files of benchmark output, e.g. osu_latency.txt (- reads standard input)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Print {"series", "fitted_series", "fits", "query", "warnings"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    #[command(flatten)]
    pub read: ReadRuns,
}

/// How `fit` and `validate` read benchmark output: the files' format, and the process count
/// of the collective runs that do not print theirs.
#[derive(Debug, PartialEq, Args)]
pub struct ReadRuns {
    /// The files' format (auto: detect each file's)
    #[arg(long, value_name = "NAME", default_value = "auto",
          value_parser = values::measurement_format())]
    pub format: Detected,
    /// The process count of collective runs that do not print theirs (OSU's): the p a run is
    /// validated at, and the p that lets an osu_allreduce or osu_reduce run give γ (IMB's own
    /// count wins over it)
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = values::count32(P_RANGE.0, P_RANGE.1))]
    pub p: Option<u32>,
}

/// Simulate 003's synthetic traffic: completion time, latencies, link utilisation, run lengths
#[derive(Debug, PartialEq, Args)]
#[command(long_about = help::traffic_about(), after_long_help = help::traffic_examples())]
pub struct TrafficOptions {
    /// A query of pattern=traffic, e.g. "machine=intel-ipsc&pattern=traffic" (quote it: the
    /// shell treats & as the end of a command)
    pub query: String,
    /// The eval report ({"query", "metrics", "curve", "warnings"}) plus "traffic": the full
    /// results; with --sweep, {"sweep", "rows"}, each row {"query", "metrics", "warnings",
    /// "traffic"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// One run per value, STEPS values evenly from FROM to TO, one row each; FROM and TO as
    /// the query reads the key (size=1k:4k:4), whole for whole-number keys, each value run
    /// once (a note says when that is fewer than STEPS)
    #[arg(long, value_name = "KEY=FROM:TO:STEPS", value_parser = values::sweep)]
    pub sweep: Option<Sweep>,
    #[arg(long, value_name = "N", help = help::max_events_help(),
          allow_negative_numbers = true, value_parser = values::at_least(1))]
    pub max_events: Option<usize>,
}

/// The fastest algorithm of a collective over size × processes, or that choice as a file
#[derive(Debug, PartialEq, Args)]
#[command(long_about = help::collectives_about())]
pub struct CollectivesOptions {
    /// A query naming a collective, e.g. "machine=intel-paragon&pattern=allreduce"
    pub query: String,
    /// Print the map: {"collective", "query", "sizes", "ps", "algos", "cells"}, cells
    /// row-major (row = p), each {"winner" (index into algos), "time_us", "margin"}
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    #[arg(long, value_name = "FORMAT", value_parser = values::export_format(), help = help::export_help())]
    pub export: Option<ExportFormat>,
    #[arg(long = "p", value_name = "LIST", value_parser = values::process_counts, help = help::ps_help())]
    pub ps: Option<ProcessCounts>,
    #[arg(long, value_name = "FROM:TO", value_parser = values::size_range, help = help::sizes_help())]
    pub sizes: Option<(f64, f64)>,
}

/// Set collective runs against the prediction on the machine fitted to their cluster's runs
///
/// Sets every collective run among the files (osu_allreduce, osu_reduce, osu_bcast, osu_alltoall,
/// osu_allgather; IMB Allreduce, Reduce, Bcast, Alltoall, Allgather) against the prediction on the
/// machine fitted to the point-to-point runs among the same files (one cluster, one network), at
/// the run's p (IMB prints it; give OSU's with --p) and --ppn ranks per node (block placement;
/// 1 if not given): every algorithm's time over the measured one at each size, the fastest, and
/// the choice of --library where given. --intra gives a ping-pong between two ranks of one node
/// for the node's α-β (assumed otherwise, and said). --set adds a key to the machine for every
/// run (the same for all: nothing is fitted to the collective runs). Summaries are over the
/// sizes from 1 KiB: the median, least and largest ratio.
///
/// Host-buffer and device-buffer (OSU MPI-CUDA/ROCM) runs are set against the point-to-point runs
/// of their own kind, each group with its own machine.
#[derive(Debug, PartialEq, Args)]
#[command(verbatim_doc_comment)]
pub struct ValidateOptions {
    /// Collective runs and the point-to-point runs of their cluster (- reads standard input;
    /// none where --intra holds the whole run, every rank on one node)
    #[arg(required_unless_present = "intra", value_name = "FILE")]
    pub files: Vec<String>,
    /// A ping-pong between two ranks of one node, for the node's α-β
    #[arg(long, value_name = "FILE")]
    pub intra: Vec<String>,
    /// The whole comparison as JSON, a list of one object per group: every size of every run
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    #[command(flatten)]
    pub read: ReadRuns,
    /// Ranks per node, placed in blocks (1 if not given, with a warning)
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = values::count32(1, P_RANGE.1))]
    pub ppn: Option<u32>,
    /// The library whose default choice is the verdict
    #[arg(long, value_name = "ID", value_parser = values::library())]
    pub library: Option<Library>,
    /// KEY=VALUE added to the machine's query for every run (e.g. gamma=0.0003), each key once
    #[arg(long, value_name = "KEY=VALUE", value_parser = values::key_value)]
    pub set: Vec<(String, String)>,
}

/// The options of `machines` and `patterns`.
#[derive(Debug, PartialEq, Args)]
pub struct ListingOptions {
    /// At most one id; all of them without one
    pub id: Option<String>,
    /// Print the same as a JSON array (an object for one id)
    #[arg(long, overrides_with = "json")]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::measurements::Format;

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
                assert_eq!((o.read.format, o.json), (Some(Format::Imb), true));
            }
            other => panic!("{other:?}"),
        }
        match parse(&["fit", "--format=auto", "--", "--odd-name"]) {
            Ok(Command::Fit(o)) => {
                assert_eq!((o.files, o.read.format), (vec!["--odd-name".into()], None))
            }
            other => panic!("{other:?}"),
        }
        match parse(&["fit", "x"]) {
            Ok(Command::Fit(o)) => assert_eq!(o.read.format, None),
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
                    steps: 10,
                    whole: None,
                })
            ),
            other => panic!("{other:?}"),
        }
        assert!(parse(&["traffic", "q", "--sweep", "a=0:1:2", "--sweep", "b=0:1:2"]).is_err());
    }
}
