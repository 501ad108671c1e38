//! The help texts that name the core's facts (limits, defaults, lists of machines and
//! collectives), built from the core so that the help says what the program does.

use commcalc_core::catalog::MACHINES;
use commcalc_core::collectives::export::Format;
use commcalc_core::collectives::file::{DEFAULT_PS, DEFAULT_SIZES, EXPORT_SIZES};
use commcalc_core::collectives::winner::{self, MAX_AXIS};
use commcalc_core::collectives::Collective;
use commcalc_core::compare::MAX_SCENARIOS;
use commcalc_core::figures::{LOCALITY, NBL_REGIMES, REGIME_MAPS, RUN_LENGTHS};
use commcalc_core::inputs::Key;
use commcalc_core::measurements::fit::MODELS;
use commcalc_core::measurements::MAX_INPUT_BYTES;
use commcalc_core::patterns::pattern;
use commcalc_core::query::P_RANGE;
use commcalc_core::regimes;
use commcalc_core::traffic::query::TrafficKey;
use commcalc_core::units::si;
use commcalc_core::Model;

/// The general help after the list of commands, with the query language's keys (the core's).
pub fn general_notes() -> String {
    let keys: Vec<&str> = Key::ALL.map(Key::id).to_vec();
    format!(
        "\
A query is key=value pairs joined by &, as in a URL (a leading ? is allowed):
  commcalc eval \"machine=intel-paragon&pattern=pingpong&size=12.7k\"
  commcalc eval \"machine=ethernet-now&pattern=all-to-all&p=8&size=1k\" --json
  commcalc eval \"machine=ibm-sp2&pattern=pairs&p=16&algo=two-frames\"
  commcalc compare \"machine=intel-ipsc&pattern=pingpong\" \"machine=ametek-s14&pattern=pingpong\"
  commcalc regimes \"machine=intel-delta&pattern=global-combine&f=standard\"

keys: machine, pattern, model, {}, from, to, the traffic keys (commcalc help traffic), \
and any parameter name of the machine (alpha=54). See docs/query.md and `commcalc patterns`.

Exit codes: 0 success, 2 bad arguments or a query the core rejects (message on stderr), \
1 the output could not be written.",
        keys.join(", ")
    )
}

/// `fit`'s description, with the models it fits (the core's table).
pub fn fit_about() -> String {
    let models: Vec<String> = MODELS
        .iter()
        .map(|m| format!("  {:<11} {}", m.id, m.summary()))
        .collect();
    format!(
        "Read OSU, IMB, Netgauge or CSV output and fit the models to it\n\n\
         Reads the output of the OSU Micro-Benchmarks (osu_latency, osu_bw, osu_bibw, the \
         collectives), the Intel MPI Benchmarks (PingPong, Sendrecv, Exchange, the collectives), \
         Netgauge's LogGP module (netgauge -x loggp: its console output or its -o file) or a \
         CSV/TSV table with a size column and a time or bandwidth column, and fits to the first \
         one-way latency run, in relative error:\n{}\n\
         Every line that is not used is listed with its number and why. The printed query is \
         the fitted machine: pass it to commcalc eval or compare.\n\n\
         Several files are read as one measurement set (say osu_latency and osu_bw output of \
         the same machine). A file that cannot be read or fitted (empty, binary, above the size \
         limit, one point, sizes out of order, negative times) is reported on stderr with exit \
         code 2.",
        models.join("\n")
    )
}

/// `regimes`' description, with the machines that have NBL parameters.
pub fn regimes_about() -> String {
    let nbl: Vec<&str> = MACHINES
        .iter()
        .filter(|m| m.set(Model::Nbl).is_some())
        .map(|m| m.id)
        .collect();
    format!(
        "The regime map of {} ({}): for each vector length N (columns, log-spaced) and \
         each near-square mesh (rows, by node count), which global combining algorithm is \
         fastest at its optimal block size, by what margin, and the three times. The machine \
         must have NBL parameters ({}); the pattern is {} (the query may leave it out); the \
         f(L) set is the query's f= (default nominal); parameter overrides apply under model \
         nbl. The axes are --lengths and --meshes: the query's {} are refused.\n\n\
         The text output is a grid of letters, T Tree, S Snake, F Fence (lower case where the \
         winner is barely faster than the runner-up: the legend says by how much), subsampled \
         to fit a terminal.",
        REGIME_MAPS.source,
        NBL_REGIMES.source,
        nbl.join(", "),
        regimes::MAP_PATTERN,
        regimes::NOT_MAP_KEYS.join(", ")
    )
}

/// `traffic`'s description, with the machines the traffic pattern runs on.
pub fn traffic_about() -> String {
    let traffic = pattern("traffic");
    let machines = traffic.map_or(&[][..], |p| p.machines);
    let source = traffic.map_or("", |p| p.source);
    let keys: Vec<String> = TrafficKey::ALL
        .iter()
        .map(|k| match k.spatial_model() {
            Some(model) => format!(
                "  {:<8} {}; with spatial={} only",
                k.id(),
                k.accepts(),
                model.id()
            ),
            None => format!("  {:<8} {}", k.id(), k.accepts()),
        })
        .collect();
    format!(
        "Simulates the query (pattern=traffic on {}) event by event: every node of a binary \
         hypercube sends messages whose destinations follow an LRU stack (temporal locality) \
         and a spatial model, over simplex links with e-cube routing ({}). Prints the metrics (means over the replications, completion \
         time with its 95 % interval), the busiest links, the run-length histogram ({}), \
         the latency histogram and the measured speed in events per second.\n\n\
         keys (size is the mean message length in bytes):\n{}",
        machines.join(", "),
        source,
        RUN_LENGTHS.source,
        keys.join("\n")
    )
}

/// `traffic`'s examples: 003's Figs. 7 and 8.
pub fn traffic_examples() -> String {
    format!(
        "Examples ({}):
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&spatial=sphere\" --sweep radius=1:4:4
  commcalc traffic \"machine=intel-ipsc&pattern=traffic&stack=1&hit=0\" --sweep hit=0:0.9:10",
        LOCALITY.source
    )
}

/// `regimes`' summary in the list of commands.
pub fn regimes_summary() -> String {
    format!(
        "The fastest global combining algorithm over vector length × mesh ({})",
        REGIME_MAPS.source
    )
}

/// `collectives`' description, with the collectives the core costs.
pub fn collectives_about() -> String {
    let collectives: Vec<&str> = Collective::ALL.map(Collective::id).to_vec();
    format!(
        "For a collective (pattern={}) on the query's machine and model, which algorithm is \
         fastest at each message size (rows) and process count (columns), in the \
         alpha-beta-gamma costs of Thakur, Rabenseifner and Gropp (2005) with the machine's own \
         alpha, beta, gamma (see commcalc machines) and the papers' own algorithms where the \
         machine has them. The query's overrides apply (alpha=, beta=, gamma=). Sizes are the \
         collective's n: the whole vector (a broadcast's message, a gathered result, one \
         process's whole all-to-all send buffer). The axes are --sizes and --p: the query's \
         {} are refused.",
        collectives.join(", "),
        winner::NOT_MAP_KEYS.join(", ")
    )
}

/// `compare`'s queries, as many as the core compares.
/// `--max-events`, with the core's limit on a run's estimated events.
pub fn max_events_help() -> String {
    use commcalc_core::patterns::traffic::{MAX_EVENTS, NOMINAL_EVENTS_PER_S};
    format!(
        "Run traffic simulations estimated at up to N events in all (default {MAX_EVENTS:.0}, \
         about {:.0} s at {:.0} M events/s); beyond it a run is refused with its estimate",
        MAX_EVENTS / NOMINAL_EVENTS_PER_S,
        NOMINAL_EVENTS_PER_S / 1e6
    )
}

pub fn queries_help() -> String {
    format!(
        "1 to {MAX_SCENARIOS} queries, e.g. \"machine=intel-ipsc&pattern=pingpong\" \
         \"machine=ametek-s14&pattern=pingpong\" (quote each: the shell treats & as the end of a \
         command); their positions name them in messages"
    )
}

/// `--export`, with the number of sizes an export samples (the core's).
pub fn export_help() -> String {
    let formats: Vec<String> = (Format::ALL.iter())
        .map(|f| format!("{} ({})", f.id(), f.about()))
        .collect();
    format!(
        "Print a file instead: {}; only algorithms the library has compete, over {EXPORT_SIZES} \
         sizes",
        formats.join(", ")
    )
}

/// `--p`, with the core's range, limit and default list.
pub fn ps_help() -> String {
    let (lo, hi) = P_RANGE;
    let default: Vec<String> = DEFAULT_PS.iter().map(u32::to_string).collect();
    format!(
        "Process counts, comma-separated, each once and from {lo} to {hi}, at most {MAX_AXIS} of them \
         [default: {}]",
        default.join(",")
    )
}

/// `--sizes`, with the core's default range.
pub fn sizes_help() -> String {
    let (from, to) = DEFAULT_SIZES;
    format!(
        "Size range in whole bytes, k/M suffixes allowed, e.g. 1:4M; each size once (a range \
         of fewer whole bytes than rows gives fewer rows) [default: {} to {}]",
        si(from, "B"),
        si(to, "B")
    )
}

/// `fit`'s note on the input limit, which is the core's.
pub fn fit_limit() -> String {
    let mb = MAX_INPUT_BYTES / (1024 * 1024);
    format!("Files above {mb} MB are refused.")
}
