//! The command line, parsed by hand: five subcommands and a handful of flags do not need a
//! parser crate. Every mistake becomes a `Usage` message naming what was wrong.

use std::ffi::OsString;
use std::fmt::Write as _;

use commcalc_core::collectives::export::Format as ExportFormat;
use commcalc_core::measurements::Format;
use commcalc_core::Errors;

/// A command-line mistake, printed on stderr with exit code 2.
#[derive(Debug, PartialEq, Eq)]
pub struct Usage(pub String);

/// What `--help` is asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    General,
    Eval,
    Compare,
    Regimes,
    Traffic,
    Collectives,
    Machines,
    Patterns,
    Fit,
}

/// The options of `commcalc eval`.
#[derive(Debug, PartialEq)]
pub struct EvalOptions {
    pub query: String,
    pub json: bool,
    /// Points on the curve; `None` keeps the core's default (512).
    pub points: Option<usize>,
    /// Rows of the curve shown in the table.
    pub rows: usize,
    /// Print each metric's derivation (`--explain`).
    pub explain: bool,
    /// `--max-events N`: the estimated events a traffic query may simulate (`None`: the core's
    /// limit).
    pub max_events: Option<usize>,
}

/// The options of `commcalc compare`.
#[derive(Debug, PartialEq)]
pub struct CompareOptions {
    /// One to four queries, in the order given (their positions name them in messages).
    pub queries: Vec<String>,
    pub json: bool,
    /// Points on each curve; `None` keeps the core's default (512).
    pub points: Option<usize>,
    /// `--max-events N`, as for eval.
    pub max_events: Option<usize>,
}

/// The options of `commcalc regimes`.
#[derive(Debug, PartialEq)]
pub struct RegimesOptions {
    pub query: String,
    pub json: bool,
    /// Columns (vector lengths) of the map; `None` keeps the core's default.
    pub lengths: Option<usize>,
    /// Rows (meshes) of the map; `None` keeps the core's default.
    pub meshes: Option<usize>,
}

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

/// The options of `commcalc fit`.
#[derive(Debug, PartialEq)]
pub struct FitOptions {
    /// Files to read, in order; `-` is standard input.
    pub files: Vec<String>,
    pub json: bool,
    /// `None` detects each file's format.
    pub format: Option<Format>,
}

/// `--sweep KEY=FROM:TO:STEPS`: the key and its values (the core's, which the web's sweeps use).
pub use commcalc_core::traffic::sweep::Sweep;

/// The options of `commcalc traffic`.
#[derive(Debug, PartialEq)]
pub struct TrafficOptions {
    pub query: String,
    pub json: bool,
    pub sweep: Option<Sweep>,
    /// `--max-events N`, as for eval.
    pub max_events: Option<usize>,
}

/// The most values a sweep runs.
pub const MAX_SWEEP_STEPS: usize = 1000;

/// The options of `commcalc collectives`.
#[derive(Debug, PartialEq)]
pub struct CollectivesOptions {
    pub query: String,
    pub json: bool,
    /// The file format to export instead of the table.
    pub export: Option<ExportFormat>,
    /// Process counts (columns); `None` keeps the default list.
    pub ps: Option<Vec<u32>>,
    /// The size range in bytes; `None` keeps the default.
    pub sizes: Option<(f64, f64)>,
}

#[derive(Debug, PartialEq)]
pub enum Command {
    Help(Topic),
    Version,
    Eval(EvalOptions),
    Compare(CompareOptions),
    Regimes(RegimesOptions),
    Fit(FitOptions),
    Traffic(TrafficOptions),
    Collectives(CollectivesOptions),
    Machines { id: Option<String>, json: bool },
    Patterns { id: Option<String>, json: bool },
}

/// The most curve points `--points` accepts: enough for any plot, small enough to stay fast.
pub const MAX_POINTS: usize = 100_000;
/// `--max-events N`: the estimated events a command's traffic simulations may take in all,
/// beyond the core's limit (`patterns::traffic::MAX_EVENTS`) where a person asks for it.
const MAX_EVENTS_FLAG: CountFlag = ("--max-events", 1, usize::MAX);
/// Curve rows the table shows unless `--rows` says otherwise.
pub const DEFAULT_ROWS: usize = 8;

/// The most scenarios `compare` takes (the core's limit: more curves are unreadable).
pub const MAX_QUERIES: usize = commcalc_core::compare::MAX_SCENARIOS;
/// The most rows or columns `regimes` accepts (the core's limit).
pub const MAX_MAP_AXIS: usize = commcalc_core::regimes::MAX_CELLS_PER_AXIS;

const USAGE: &str = "\
usage: commcalc eval [--json] [--explain] [--points N] [--rows N] [--max-events N] \"<query>\"
       commcalc compare [--json] [--points N] [--max-events N] \"<query>\" \"<query>\" ...   (1 to 4 queries)
       commcalc regimes [--json] [--lengths N] [--meshes N] \"<query>\"
       commcalc fit [--json] [--format auto|osu|imb|netgauge|csv] FILE...
       commcalc traffic [--json] [--sweep KEY=FROM:TO:STEPS] [--max-events N] \"<query>\"
       commcalc collectives [--json] [--export FORMAT] [--p LIST] [--sizes FROM:TO] \"<query>\"
       commcalc machines [--json] [ID]
       commcalc patterns [--json] [ID]
       commcalc --help | --version";

/// Parses the arguments after the program name.
pub fn parse(argv: &[OsString]) -> Result<Command, Usage> {
    let argv: Vec<&str> = argv
        .iter()
        .map(|a| {
            a.to_str()
                .ok_or_else(|| Usage(format!("argument {a:?} is not valid UTF-8")))
        })
        .collect::<Result<_, _>>()?;
    let Some((&command, rest)) = argv.split_first() else {
        return Err(Usage(format!("no command given\n{USAGE}")));
    };
    match command {
        "-h" | "--help" => Ok(Command::Help(Topic::General)),
        "-V" | "--version" => Ok(Command::Version),
        "help" => match rest {
            [] => Ok(Command::Help(Topic::General)),
            [topic] => topic_of(topic).map(Command::Help).ok_or_else(|| {
                Usage(format!(
                    "no help on `{topic}`: try eval, compare, regimes, fit, traffic, collectives, machines or patterns"
                ))
            }),
            [_, extra, ..] => Err(Usage(format!("help takes one topic; unexpected `{extra}`"))),
        },
        "eval" => parse_eval(rest),
        "compare" => parse_compare(rest),
        "regimes" => parse_regimes(rest),
        "fit" => parse_fit(rest),
        "traffic" => parse_traffic(rest),
        "collectives" => parse_collectives(rest),
        "machines" | "patterns" => parse_listing(command, rest),
        other if other.starts_with('-') => Err(Usage(format!(
            "unknown option `{other}` before the command\n{USAGE}"
        ))),
        other => Err(Usage(format!(
            "unknown command `{other}`: expected eval, compare, regimes, fit, traffic, collectives, machines, patterns or help\n{USAGE}"
        ))),
    }
}

fn topic_of(word: &str) -> Option<Topic> {
    match word {
        "eval" => Some(Topic::Eval),
        "compare" => Some(Topic::Compare),
        "regimes" => Some(Topic::Regimes),
        "fit" => Some(Topic::Fit),
        "traffic" => Some(Topic::Traffic),
        "collectives" => Some(Topic::Collectives),
        "machines" => Some(Topic::Machines),
        "patterns" => Some(Topic::Patterns),
        _ => None,
    }
}

/// Splits `--name=value` into its parts; `--name value` is handled by the caller.
fn split_flag(arg: &str) -> (&str, Option<&str>) {
    match arg.split_once('=') {
        Some((name, value)) if name.starts_with("--") => (name, Some(value)),
        _ => (arg, None),
    }
}

/// The value of a flag that takes one: inline (`--points=64`) or the next argument.
fn flag_value<'a>(
    name: &str,
    inline: Option<&'a str>,
    rest: &mut impl Iterator<Item = &'a str>,
) -> Result<&'a str, Usage> {
    inline
        .or_else(|| rest.next())
        .ok_or_else(|| Usage(format!("{name} needs a value")))
}

fn count(name: &str, value: &str, lo: usize, hi: usize) -> Result<usize, Usage> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| {
            Usage(format!(
                "`{name} {value}` is not accepted: expected a whole number from {lo} to {hi}"
            ))
        })
}

/// A flag that takes a whole number: its name and the smallest and largest value accepted.
type CountFlag = (&'static str, usize, usize);

/// A subcommand's arguments: `--help`, `--json`, its counting flags and the rest in order.
struct Scanned<'a> {
    help: bool,
    json: bool,
    counts: Vec<(&'static str, usize)>,
    positional: Vec<&'a str>,
}

impl Scanned<'_> {
    /// The value given for a counting flag, if any.
    fn count(&self, name: &str) -> Option<usize> {
        self.counts
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }
}

/// Reads a subcommand's arguments, the same way for every subcommand: `--name value` or
/// `--name=value`, `--` before arguments that start with a dash, and an unknown option named
/// with the ones `command` accepts.
fn scan<'a>(command: &str, args: &[&'a str], flags: &[CountFlag]) -> Result<Scanned<'a>, Usage> {
    let mut out = Scanned {
        help: false,
        json: false,
        counts: Vec::new(),
        positional: Vec::new(),
    };
    let mut iter = args.iter().copied();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            out.positional.extend(iter.by_ref());
            break;
        }
        let (name, inline) = split_flag(arg);
        if name == "-h" || name == "--help" {
            out.help = true;
            return Ok(out);
        }
        if name == "--json" && inline.is_none() {
            out.json = true;
        } else if let Some(&(flag, lo, hi)) = flags.iter().find(|f| f.0 == name) {
            let v = flag_value(name, inline, &mut iter)?;
            out.counts.push((flag, count(name, v, lo, hi)?));
        } else if arg.starts_with('-') && arg.len() > 1 {
            let mut accepted = vec!["--json".to_string()];
            accepted.extend(flags.iter().map(|f| format!("{} N", f.0)));
            return Err(Usage(format!(
                "unknown option `{arg}` for {command}: expected {} or --help",
                accepted.join(", ")
            )));
        } else {
            out.positional.push(arg);
        }
    }
    Ok(out)
}

fn parse_eval(args: &[&str]) -> Result<Command, Usage> {
    // `--explain` is eval's one switch besides --json; the query follows it or comes first.
    let explain = args
        .iter()
        .take_while(|a| **a != "--")
        .any(|a| *a == "--explain");
    let args: Vec<&str> = args.iter().copied().filter(|a| *a != "--explain").collect();
    let scanned = scan(
        "eval",
        &args,
        &[
            ("--points", 2, MAX_POINTS),
            ("--rows", 0, MAX_POINTS),
            MAX_EVENTS_FLAG,
        ],
    )?;
    if scanned.help {
        return Ok(Command::Help(Topic::Eval));
    }
    let (json, points) = (scanned.json, scanned.count("--points"));
    let rows = scanned.count("--rows").unwrap_or(DEFAULT_ROWS);
    let max_events = scanned.count("--max-events");
    let positional = scanned.positional;
    match positional.as_slice() {
        [query] => Ok(Command::Eval(EvalOptions {
            query: (*query).to_string(),
            json,
            points,
            rows,
            explain,
            max_events,
        })),
        [] => Err(Usage(
            "eval needs a query, e.g. commcalc eval \"machine=intel-paragon&pattern=pingpong&size=12.7k\" \
             (quote it: the shell treats & as a command separator)"
                .to_string(),
        )),
        [_, extra, ..] => Err(Usage(format!(
            "eval takes one query; unexpected `{extra}` (quote the whole query: the shell splits on & and spaces)"
        ))),
    }
}

fn parse_compare(args: &[&str]) -> Result<Command, Usage> {
    let scanned = scan(
        "compare",
        args,
        &[("--points", 2, MAX_POINTS), MAX_EVENTS_FLAG],
    )?;
    if scanned.help {
        return Ok(Command::Help(Topic::Compare));
    }
    let (json, points) = (scanned.json, scanned.count("--points"));
    let queries: Vec<String> = scanned.positional.iter().map(|q| q.to_string()).collect();
    match queries.len() {
        0 => Err(Usage(format!(
            "compare needs 1 to {MAX_QUERIES} queries, e.g. commcalc compare \
             \"machine=intel-ipsc&pattern=pingpong\" \"machine=ametek-s14&pattern=pingpong\" \
             (quote each: the shell treats & as a command separator)"
        ))),
        n if n > MAX_QUERIES => Err(Usage(format!(
            "compare takes at most {MAX_QUERIES} queries (one chart); got {n}: `{}` is the {}th",
            queries[MAX_QUERIES],
            MAX_QUERIES + 1
        ))),
        _ => Ok(Command::Compare(CompareOptions {
            queries,
            json,
            points,
            max_events: scanned.count("--max-events"),
        })),
    }
}

fn parse_regimes(args: &[&str]) -> Result<Command, Usage> {
    let scanned = scan(
        "regimes",
        args,
        &[
            ("--lengths", 1, MAX_MAP_AXIS),
            ("--meshes", 1, MAX_MAP_AXIS),
        ],
    )?;
    if scanned.help {
        return Ok(Command::Help(Topic::Regimes));
    }
    let json = scanned.json;
    let (lengths, meshes) = (scanned.count("--lengths"), scanned.count("--meshes"));
    let positional = scanned.positional;
    match positional.as_slice() {
        [query] => Ok(Command::Regimes(RegimesOptions {
            query: (*query).to_string(),
            json,
            lengths,
            meshes,
        })),
        [] => Err(Usage(
            "regimes needs a query naming a machine with NBL parameters, e.g. commcalc regimes \
             \"machine=intel-delta&pattern=global-combine&f=nominal\""
                .to_string(),
        )),
        [_, extra, ..] => Err(Usage(format!(
            "regimes takes one query; unexpected `{extra}` (quote the whole query: the shell splits on & and spaces)"
        ))),
    }
}

/// `fit` takes `--format NAME` (a word, which the shared scanner does not read) and files.
fn parse_fit(args: &[&str]) -> Result<Command, Usage> {
    let mut format = None;
    let mut rest: Vec<&str> = Vec::new();
    let mut iter = args.iter().copied();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            rest.push(arg);
            rest.extend(iter.by_ref());
            break;
        }
        let (name, inline) = split_flag(arg);
        if name == "--format" {
            let value = flag_value(name, inline, &mut iter)?;
            format = Format::from_id(value).map_err(|e| Usage(e.to_string()))?;
        } else {
            rest.push(arg);
        }
    }
    let scanned = scan("fit", &rest, &[])?;
    if scanned.help {
        return Ok(Command::Help(Topic::Fit));
    }
    if scanned.positional.is_empty() {
        return Err(Usage(
            "fit needs one or more files of benchmark output, e.g. commcalc fit osu_latency.txt \
             (- reads standard input)"
                .to_string(),
        ));
    }
    Ok(Command::Fit(FitOptions {
        files: scanned.positional.iter().map(|f| f.to_string()).collect(),
        json: scanned.json,
        format,
    }))
}

fn parse_traffic(args: &[&str]) -> Result<Command, Usage> {
    // --sweep takes text, which the shared scanner (whole-number flags) does not: take it out
    // first and scan the rest.
    let mut sweep = None;
    let mut rest = Vec::new();
    let mut iter = args.iter().copied();
    while let Some(arg) = iter.next() {
        let (name, inline) = split_flag(arg);
        if arg == "--" {
            rest.push(arg);
            rest.extend(iter.by_ref());
        } else if name == "--sweep" {
            let spec = flag_value(name, inline, &mut iter)?;
            if sweep.replace(parse_sweep(spec)?).is_some() {
                return Err(Usage("--sweep is given twice: one key at a time".into()));
            }
        } else {
            rest.push(arg);
        }
    }
    let scanned = scan(
        "traffic (or --sweep KEY=FROM:TO:STEPS)",
        &rest,
        &[MAX_EVENTS_FLAG],
    )?;
    if scanned.help {
        return Ok(Command::Help(Topic::Traffic));
    }
    match scanned.positional.as_slice() {
        [query] => Ok(Command::Traffic(TrafficOptions {
            query: (*query).to_string(),
            json: scanned.json,
            sweep,
            max_events: scanned.count("--max-events"),
        })),
        [] => Err(Usage(
            "traffic needs a query, e.g. commcalc traffic \"machine=intel-ipsc&pattern=traffic\" \
             (quote it: the shell treats & as a command separator)"
                .to_string(),
        )),
        [_, extra, ..] => Err(Usage(format!(
            "traffic takes one query; unexpected `{extra}` (quote the whole query: the shell splits on & and spaces)"
        ))),
    }
}

/// `commcalc collectives`: its own flags take text (a format, a list, a range), so it reads
/// them here rather than through [`scan`].
fn parse_collectives(args: &[&str]) -> Result<Command, Usage> {
    let mut options = CollectivesOptions {
        query: String::new(),
        json: false,
        export: None,
        ps: None,
        sizes: None,
    };
    let mut positional: Vec<&str> = Vec::new();
    let mut iter = args.iter().copied();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            positional.extend(iter.by_ref());
            break;
        }
        let (name, inline) = split_flag(arg);
        match name {
            "-h" | "--help" => return Ok(Command::Help(Topic::Collectives)),
            "--json" if inline.is_none() => options.json = true,
            "--export" => {
                let v = flag_value(name, inline, &mut iter)?;
                options.export = Some(ExportFormat::from_id(v).map_err(|e| Usage(e.to_string()))?);
            }
            "--p" => options.ps = Some(process_list(flag_value(name, inline, &mut iter)?)?),
            "--sizes" => options.sizes = Some(size_range(flag_value(name, inline, &mut iter)?)?),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(Usage(format!(
                    "unknown option `{arg}` for collectives: expected --json, --export FORMAT, --p LIST, --sizes FROM:TO or --help"
                )))
            }
            _ => positional.push(arg),
        }
    }
    match positional.as_slice() {
        [query] => {
            options.query = (*query).to_string();
            Ok(Command::Collectives(options))
        }
        [] => Err(Usage(
            "collectives needs a query naming a collective, e.g. commcalc collectives \
             \"machine=intel-paragon&pattern=allreduce\""
                .to_string(),
        )),
        [_, extra, ..] => Err(Usage(format!(
            "collectives takes one query; unexpected `{extra}` (quote the whole query: the shell splits on & and spaces)"
        ))),
    }
}

/// `KEY=FROM:TO:STEPS`, e.g. `hit=0:0.9:10`.
fn parse_sweep(spec: &str) -> Result<Sweep, Usage> {
    let bad = |why: &str| {
        Usage(format!(
            "`--sweep {spec}` is not accepted: expected KEY=FROM:TO:STEPS (e.g. hit=0:0.9:10), {why}"
        ))
    };
    let (key, range) = spec.split_once('=').ok_or_else(|| bad("with an ="))?;
    let parts: Vec<&str> = range.split(':').collect();
    let [from, to, steps] = parts.as_slice() else {
        return Err(bad("three parts after the = separated by colons"));
    };
    let number = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
    };
    let (Some(from), Some(to)) = (number(from), number(to)) else {
        return Err(bad("FROM and TO finite numbers ≥ 0"));
    };
    let steps = steps
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_SWEEP_STEPS).contains(n))
        .ok_or_else(|| bad(&format!("STEPS a whole number from 1 to {MAX_SWEEP_STEPS}")))?;
    if key.trim().is_empty() {
        return Err(bad("a key before the ="));
    }
    Ok(Sweep {
        key: key.trim().to_string(),
        whole: Sweep::whole_ends(parts[0], parts[1]),
        from,
        to,
        steps,
    })
}

/// `2,4,8`: process counts from 2 to 4096, at most 512 of them.
fn process_list(value: &str) -> Result<Vec<u32>, Usage> {
    let bad = || {
        Usage(format!(
            "`--p {value}` is not accepted: expected process counts from 2 to 4096 separated by commas, e.g. 2,4,8"
        ))
    };
    let ps: Vec<u32> = value
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<u32>()
                .ok()
                .filter(|p| (2..=4096).contains(p))
        })
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if ps.is_empty() || ps.len() > MAX_MAP_AXIS {
        return Err(bad());
    }
    Ok(ps)
}

/// `1:4M`: a size range in bytes, FROM below TO, both from 1 B to 10¹² B.
fn size_range(value: &str) -> Result<(f64, f64), Usage> {
    let parsed = value.split_once(':').and_then(|(a, b)| {
        Some((
            commcalc_core::units::parse_size(a.trim())?,
            commcalc_core::units::parse_size(b.trim())?,
        ))
    });
    match parsed {
        Some((a, b)) if a >= 1.0 && a < b && b <= commcalc_core::query::MAX_BYTES => Ok((a, b)),
        _ => Err(Usage(format!(
            "`--sizes {value}` is not accepted: expected FROM:TO in bytes, 1 ≤ FROM < TO ≤ 10¹², e.g. 1:4M"
        ))),
    }
}

fn parse_listing(command: &str, args: &[&str]) -> Result<Command, Usage> {
    let mut json = false;
    let mut id: Option<String> = None;
    for &arg in args {
        match arg {
            "-h" | "--help" => {
                let topic = if command == "machines" {
                    Topic::Machines
                } else {
                    Topic::Patterns
                };
                return Ok(Command::Help(topic));
            }
            "--json" => json = true,
            _ if arg.starts_with('-') => {
                return Err(Usage(format!(
                    "unknown option `{arg}` for {command}: expected --json, an id or --help"
                )))
            }
            _ if id.is_some() => {
                return Err(Usage(format!(
                    "{command} takes at most one id; unexpected `{arg}`"
                )))
            }
            _ => id = Some(arg.to_string()),
        }
    }
    Ok(if command == "machines" {
        Command::Machines { id, json }
    } else {
        Command::Patterns { id, json }
    })
}

/// The text of `--help`.
pub fn help(topic: Topic) -> String {
    match topic {
        Topic::General => format!("{GENERAL_HELP_HEAD}\n\n{USAGE}\n\n{GENERAL_HELP}"),
        Topic::Eval => with_max_events(EVAL_HELP),
        Topic::Compare => with_max_events(COMPARE_HELP),
        Topic::Regimes => REGIMES_HELP.to_string(),
        Topic::Traffic => with_max_events(TRAFFIC_HELP),
        Topic::Fit => FIT_HELP.replace(
            "{MAX_MB}",
            &(commcalc_core::measurements::MAX_INPUT_BYTES / (1024 * 1024)).to_string(),
        ),
        Topic::Collectives => COLLECTIVES_HELP.to_string(),
        Topic::Machines => MACHINES_HELP.to_string(),
        Topic::Patterns => PATTERNS_HELP.to_string(),
    }
}

/// A help text with the core's limit on a traffic run's estimated events in place of
/// `{MAX_EVENTS}`.
fn with_max_events(text: &str) -> String {
    let limit = commcalc_core::patterns::traffic::MAX_EVENTS;
    text.replace("{MAX_EVENTS}", &format!("{limit:.0}"))
}

/// The first line of the general help.
const GENERAL_HELP_HEAD: &str =
    "commcalc — the communication cost of message-passing parallel machines, from five papers";

/// The general help after the usage lines.
const GENERAL_HELP: &str = "\
commands:
  eval \"<query>\"   evaluate a scenario: metrics with units, warnings and the curve
  compare \"<q1>\" \"<q2>\" …
                   up to four scenarios on one size axis, and the sizes where two
                   curves swap order (crossovers)
  traffic \"<query>\"
                   simulate 003's synthetic traffic (pattern=traffic): completion time,
                   latencies, link utilisation, run lengths; --sweep for Figs. 7 and 8
  regimes \"<query>\"
                   the fastest global combining algorithm (Tree, Snake, Fence) over
                   vector length × mesh, for the query's machine and f(L) (004 Fig. 5)
  fit FILE…        read OSU, IMB, Netgauge or CSV output and fit the models to it;
                   prints a query for the fitted machine
  collectives \"<query>\"
                   the fastest algorithm of a collective over size × processes on the
                   query's machine, or that choice as an Open MPI, MPICH or SimGrid file
  machines [ID]    list the machines, their models and parameters with sources
  patterns [ID]    list the patterns: machines, models, inputs, algorithms, metrics
  help [COMMAND]   this text, or more on one command

A query is key=value pairs joined by &, as in a URL (a leading ? is allowed):
  commcalc eval \"machine=intel-paragon&pattern=pingpong&size=12.7k\"
  commcalc eval \"machine=ethernet-now&pattern=all-to-all&p=8&size=1k\" --json
  commcalc eval \"machine=ibm-sp2&pattern=pairs&p=16&algo=two-frames\"
  commcalc compare \"machine=intel-ipsc&pattern=pingpong\" \"machine=ametek-s14&pattern=pingpong\"
  commcalc regimes \"machine=intel-delta&pattern=global-combine&f=standard\"

keys: machine, pattern, model, size, data, p, mesh, n, h, algo, f, k, link, from, to, and any
parameter name of the machine (alpha=54). See the README and `commcalc patterns`.

Exit codes: 0 success, 2 bad arguments or a query the core rejects (message on stderr), 1 the
output could not be written.
";

/// `commcalc help eval`.
const EVAL_HELP: &str = "\
usage: commcalc eval [--json] [--explain] [--points N] [--rows N] [--max-events N] \"<query>\"

Evaluates a query and prints the canonical query, the metrics with SI units, the warnings and
a summary of the curve (time and bandwidth against size).

options:
  --json       print {\"query\", \"metrics\", \"curve\", \"warnings\"} as JSON (docs/reports.md)
  --points N   points on the curve, 2 to 100000 (default 512)
  --rows N     curve rows in the table, 0 to 100000 (default 8; all if N ≥ points)
  --max-events N
               run a traffic query estimated at up to N events (default {MAX_EVENTS},
               about a minute; a longer one is refused before it starts)
  --           end of options

Quote the query: the shell treats & as the end of a command.
";

/// `commcalc help compare`.
const COMPARE_HELP: &str = "\
usage: commcalc compare [--json] [--points N] [--max-events N] \"<query>\" [\"<query>\" …]

Evaluates one to four queries on one common size axis (the union of their ranges) and finds
every size where two of them swap order: the crossovers, found on the models' cost functions
to about 1e-9 relative. Prints a table (each scenario's canonical query, time and bandwidth at
its own point, r∞ and n½ where the model has them) and the crossovers, e.g.
  #1 Intel iPSC vs #2 Ametek S/14: 172 B, 2.19 ms; #2 Ametek S/14 faster below
(003 Table 5: the iPSC's bandwidth wins beyond about 150 bytes).

Every pattern's abscissa is in bytes, but not always the same bytes (a message, h·4, n·8, …):
a note says so when the scenarios' abscissae differ.

options:
  --json       print {\"scenarios\": [reports as eval --json], \"crossovers\": [{\"a\", \"b\",
               \"size_bytes\", \"time_us\", \"faster_below\"}], \"from_bytes\", \"to_bytes\",
               \"abscissae\", \"notes\"}; a, b and faster_below are 0-based scenario indices
  --points N   points on each curve, 2 to 100000 (default 512)
  --max-events N
               traffic queries estimated at up to N events in all (default {MAX_EVENTS})
  --           end of options

A query the core rejects is reported with its position (query 2: …), exit code 2.
";

/// `commcalc help regimes`.
const REGIMES_HELP: &str = "\
usage: commcalc regimes [--json] [--lengths N] [--meshes N] \"<query>\"

The regime map of 004 §4.1, Fig. 5: for each vector length N (columns, log-spaced) and each
near-square mesh (rows, by node count), which global combining algorithm is fastest at its
optimal block size, by what margin, and the three times. The machine must have NBL parameters
(intel-delta, custom); the f(L) set is the query's f= (default nominal); parameter overrides
apply under model nbl.

The text output is a grid of letters, T Tree, S Snake, F Fence (lower case where the winner
is less than 5% faster than the runner-up), subsampled to at most 64 columns and 32 rows.

options:
  --json        print the map: {\"f\", \"lengths\", \"meshes\", \"cells\"}, cells row-major
                (row = mesh), each {\"fastest\", \"margin\", \"times_us\", \"blocks\"}
  --lengths N   columns, 1 to 512 (default 128)
  --meshes N    rows, 1 to 512 (default 128)
  --            end of options
";

/// `commcalc help traffic`.
const TRAFFIC_HELP: &str = "\
usage: commcalc traffic [--json] [--sweep KEY=FROM:TO:STEPS] [--max-events N] \"<query>\"

Simulates the query (pattern=traffic on jpl-mark3, intel-ipsc, ametek-s14, ametek-s14b or
custom) event by event: every node of a binary hypercube sends messages whose destinations
follow an LRU stack (temporal locality) and a spatial model, over simplex links with e-cube
routing (003 §Synthetic Communication Benchmarks). Prints the metrics (means over the
replications, completion time with its 95 % interval), the busiest links, the run-length
histogram (003 Fig. 9) and the latency histogram: a function of the query alone. The measured
speed (events and milliseconds of the query's run) goes to stderr.

keys: dim (1–12, default 4), spatial (uniform | sphere | decreasing), radius and phi (sphere),
decay (decreasing, 0 < d < 1), stack and hit (b1,…,bn, sum ≤ 1), flush (0 = never), count,
per (total | node), len (fixed | exp | uniform), size (mean bytes), gap (mean µs between a
node's messages, 0 = as fast as possible), routing (store-forward | cut-through), seed, reps.

options:
  --json                    the eval report ({\"query\", \"metrics\", \"curve\", \"warnings\"}) plus
                            \"traffic\": the full results; with --sweep, {\"sweep\", \"rows\"}, each
                            row {\"query\", \"metrics\", \"warnings\", \"traffic\"}
  --sweep KEY=FROM:TO:STEPS one run per value, STEPS values evenly from FROM to TO (whole
                            numbers for whole-number keys), one row each
  --max-events N            run simulations estimated at up to N events in all (default
                            {MAX_EVENTS}, about a minute at 5 M events/s); a longer run is
                            refused before it starts, with its estimate
  --                        end of options

Examples (003 Figs. 7 and 8):
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&spatial=sphere\" --sweep radius=1:4:4
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&stack=1&hit=0\" --sweep hit=0:0.9:10
";

/// `commcalc help collectives`.
const COLLECTIVES_HELP: &str = "\
usage: commcalc collectives [--json] [--export FORMAT] [--p LIST] [--sizes FROM:TO] \"<query>\"

For a collective (pattern=broadcast, allgather, reduce-scatter, allreduce, reduce, all-to-all,
gather, scatter or barrier) on the query's machine and model, which algorithm is fastest at
each message size (rows) and process count (columns), in the alpha-beta-gamma costs of Thakur,
Rabenseifner and Gropp (2005) with the machine's own alpha, beta, gamma (see commcalc machines)
and the papers' own algorithms where the machine has them. The query's overrides apply
(alpha=, beta=, gamma=). Sizes are the collective's n: the whole vector (a broadcast's message,
a gathered result, one process's whole all-to-all send buffer).

options:
  --json            print the map: {\"collective\", \"query\", \"sizes\", \"ps\", \"algos\",
                    \"cells\"}, cells row-major (row = p), each {\"winner\" (index into algos),
                    \"time_us\", \"margin\"}
  --export FORMAT   print a file instead: ompi-rules (Open MPI coll/tuned classic dynamic
                    rules), ompi-json (Open MPI 6 JSON rules), mpich-json (MPICH's
                    MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE), simgrid (smpi/<collective> and
                    network factors); only algorithms the library has compete, over 256 sizes
  --p LIST          process counts, comma-separated, 2 to 4096 (default 2,3,4,8,16,32,64,128)
  --sizes FROM:TO   size range in bytes, k/M suffixes allowed (default 1:4M)
  --                end of options
";

/// `commcalc help machines`.
const MACHINES_HELP: &str = "\
usage: commcalc machines [--json] [ID]

Lists every machine (or the one with this id): its name, paper, description, the processor
counts the paper measured, the patterns it supports, and each model's parameters with value,
unit, allowed range and source. --json prints the same as a JSON array (an object for one id).
";

/// `commcalc help patterns`.
const PATTERNS_HELP: &str = "\
usage: commcalc patterns [--json] [ID]

Lists every pattern (or the one with this id): what it is, its source, the machines and models
it accepts, its inputs, the algorithms each machine offers, and the metrics it reports.
--json prints the same as a JSON array (an object for one id).
";

/// `commcalc help fit`; {MAX_MB} is replaced by the input limit.
const FIT_HELP: &str = "\
usage: commcalc fit [--json] [--format auto|osu|imb|netgauge|csv] FILE...

Reads the output of the OSU Micro-Benchmarks (osu_latency, osu_bw, osu_bibw, the collectives),
the Intel MPI Benchmarks (PingPong, Sendrecv, Exchange, the collectives), Netgauge's LogGP
module (netgauge -x loggp: its console output or its -o file) or a CSV/TSV table with a size
column and a time or bandwidth column, and fits to the first one-way latency run, in relative error:
  hockney     T = a + b·m, with r∞ = 1/b and n½ = a/b
  piecewise   1 to 3 linear pieces, breakpoints where the protocol changes (BIC)
  hyperbolic  T = a²/(a + b·m) + b·m (000 eq. 2)
  loggp       L + 2o, g, G (o as well from Netgauge); g needs a bandwidth run
Every line that is not used is listed with its number and why. The printed query is the
fitted machine: pass it to commcalc eval or compare.

Several files are read as one measurement set (say osu_latency and osu_bw output of the same
machine). - reads standard input. Files above {MAX_MB} MB are refused.

options:
  --json          print {\"series\", \"fitted_series\", \"fits\", \"query\", \"warnings\"}
  --format NAME   auto (default: detect), osu, imb, netgauge or csv
  --              end of options

A file that cannot be read or fitted (empty, binary, one point, sizes out of order, negative
times) is reported on stderr with exit code 2.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_strs(args: &[&str]) -> Result<Command, Usage> {
        let argv: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse(&argv)
    }

    #[test]
    fn eval_flags_in_any_order() {
        let q = "machine=intel-paragon";
        for args in [
            vec!["eval", "--json", q],
            vec!["eval", q, "--json"],
            vec!["eval", "--json", "--", q],
        ] {
            match parse_strs(&args) {
                Ok(Command::Eval(o)) => {
                    assert!(o.json);
                    assert_eq!(o.query, q);
                }
                other => panic!("{args:?}: {other:?}"),
            }
        }
        match parse_strs(&["eval", "--points=64", "--rows", "4", q]) {
            Ok(Command::Eval(o)) => {
                assert_eq!(o.points, Some(64));
                assert_eq!(o.rows, 4);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mistakes_are_usage_errors() {
        for args in [
            vec![],
            vec!["frobnicate"],
            vec!["--frob"],
            vec!["eval"],
            vec!["eval", "a=1", "b=2"],
            vec!["eval", "--points"],
            vec!["eval", "--points", "1", "a=1"],
            vec!["eval", "--points", "x", "a=1"],
            vec!["eval", "--jsn", "a=1"],
            vec!["eval", "--json=yes", "a=1"],
            vec!["machines", "--frob"],
            vec!["patterns", "a", "b"],
            vec!["help", "nothing"],
        ] {
            assert!(parse_strs(&args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn compare_takes_one_to_four_queries() {
        match parse_strs(&["compare", "--points=8", "a=1", "--json", "b=2"]) {
            Ok(Command::Compare(o)) => {
                assert_eq!(o.queries, ["a=1", "b=2"]);
                assert!(o.json);
                assert_eq!(o.points, Some(8));
            }
            other => panic!("{other:?}"),
        }
        for args in [
            vec!["compare"],
            vec!["compare", "--json"],
            vec!["compare", "a", "b", "c", "d", "e"],
            vec!["compare", "--points", "1", "a"],
            vec!["compare", "--rows", "3", "a"],
        ] {
            assert!(parse_strs(&args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn regimes_takes_one_query_and_map_sizes() {
        match parse_strs(&["regimes", "--lengths", "16", "--meshes=8", "q=1"]) {
            Ok(Command::Regimes(o)) => {
                assert_eq!(o.query, "q=1");
                assert_eq!((o.lengths, o.meshes), (Some(16), Some(8)));
                assert!(!o.json);
            }
            other => panic!("{other:?}"),
        }
        for args in [
            vec!["regimes"],
            vec!["regimes", "a", "b"],
            vec!["regimes", "--lengths", "0", "a"],
            vec!["regimes", "--meshes", "513", "a"],
            vec!["regimes", "--points", "3", "a"],
        ] {
            assert!(parse_strs(&args).is_err(), "{args:?}");
        }
        assert_eq!(
            parse_strs(&["help", "regimes"]),
            Ok(Command::Help(Topic::Regimes))
        );
        assert_eq!(
            parse_strs(&["compare", "-h"]),
            Ok(Command::Help(Topic::Compare))
        );
    }

    #[test]
    fn fit_takes_a_format_and_files() {
        match parse_strs(&["fit", "--format", "imb", "a.txt", "--json", "-"]) {
            Ok(Command::Fit(o)) => {
                assert_eq!(o.files, ["a.txt", "-"]);
                assert_eq!(o.format, Some(Format::Imb));
                assert!(o.json);
            }
            other => panic!("{other:?}"),
        }
        match parse_strs(&["fit", "--format=auto", "--", "--odd-name"]) {
            Ok(Command::Fit(o)) => {
                assert_eq!((o.files, o.format), (vec!["--odd-name".into()], None))
            }
            other => panic!("{other:?}"),
        }
        for args in [
            vec!["fit"],
            vec!["fit", "--format"],
            vec!["fit", "--rows", "3", "a"],
        ] {
            assert!(parse_strs(&args).is_err(), "{args:?}");
        }
        assert_eq!(parse_strs(&["help", "fit"]), Ok(Command::Help(Topic::Fit)));
    }

    #[test]
    fn help_and_version() {
        assert_eq!(parse_strs(&["--help"]), Ok(Command::Help(Topic::General)));
        assert_eq!(
            parse_strs(&["help", "eval"]),
            Ok(Command::Help(Topic::Eval))
        );
        assert_eq!(
            parse_strs(&["eval", "--help"]),
            Ok(Command::Help(Topic::Eval))
        );
        assert_eq!(
            parse_strs(&["machines", "-h"]),
            Ok(Command::Help(Topic::Machines))
        );
        assert_eq!(parse_strs(&["-V"]), Ok(Command::Version));
    }
}
