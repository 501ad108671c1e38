//! A measured collective against the prediction: an OSU or IMB collective run (allreduce,
//! reduce, broadcast, all-to-all, allgather) set against every α-β-γ algorithm of the
//! collective on the machine fitted to the same cluster's point-to-point runs, at the run's p
//! and ppn, size by size: each algorithm's time over the measured one, the fastest, and the
//! algorithm the library runs there where the library is known. Nothing is fitted to the
//! collective run itself.

use serde::Serialize;

use super::library::{Choice, Library};
use super::Collective;
use crate::error::Error;
use crate::measurements::fit::fit;
use crate::measurements::{Kind, Series};
use crate::patterns::collective::{library_menu, menu, partial_node, with_ctx, Cost};
use crate::scenario::Scenario;
use crate::units::{si, sig3};

/// The sizes the summaries are taken over: from 1 KiB, below which a collective's time is
/// its start-ups and the software around them.
pub const FROM_BYTES: f64 = 1024.0;
/// The agreement asked for: the median ratio within 1.25× and every ratio within 2×.
pub const MEDIAN_BOUND: f64 = 1.25;
pub const WORST_BOUND: f64 = 2.0;

/// The collective a benchmark measures, and whether the size it prints is one process's
/// block (all-to-all, allgather: commcalc's n is p blocks) rather than the whole vector.
pub fn measured(benchmark: &str) -> Option<(Collective, bool)> {
    Some(match benchmark.to_ascii_lowercase().as_str() {
        "allreduce" => (Collective::Allreduce, false),
        "reduce" => (Collective::Reduce, false),
        "bcast" | "broadcast" => (Collective::Broadcast, false),
        "alltoall" => (Collective::AllToAll, true),
        "allgather" => (Collective::Allgather, true),
        _ => return None,
    })
}

/// What a validation is given beside the runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The process count of runs that do not print theirs (OSU's).
    pub p: Option<u32>,
    /// Processes per node; 1 (every rank its own node) where not given.
    pub ppn: Option<u32>,
    /// The library whose default choice is checked; the fastest algorithm stands in without.
    pub library: Option<Library>,
    /// Further `key=value` pairs for the machine (`gamma=0.0003`), the same for every run.
    pub extra: Vec<(String, String)>,
}

/// The whole validation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Validation {
    /// The machine every run is set against: the fitted query, without its pattern.
    pub machine: String,
    /// The point-to-point runs it was fitted to.
    pub fitted_to: String,
    /// The intra-node run the node's α-β come from, if one was given.
    pub intra_fitted_to: Option<String>,
    pub library: Option<&'static str>,
    pub runs: Vec<RunCheck>,
    pub warnings: Vec<String>,
}

/// One collective run against its prediction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunCheck {
    pub name: String,
    pub collective: Collective,
    pub p: u32,
    pub ppn: u32,
    /// The query each algorithm was costed with (at the run's largest size).
    pub query: String,
    pub algorithms: Vec<&'static str>,
    pub sizes: Vec<SizeCheck>,
    /// Per algorithm, then `library` (or `library, else best`) where the library is known, and
    /// `best`: the ratios from 1 KiB.
    pub summaries: Vec<Summary>,
    /// What the agreement is read on: the library's algorithm where the library is known
    /// (the fastest at sizes where it runs one commcalc does not cost), else the fastest.
    pub verdict: Summary,
    pub warnings: Vec<String>,
}

/// One measured size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SizeCheck {
    /// The size the benchmark printed.
    pub size_bytes: f64,
    /// commcalc's n for it.
    pub n_bytes: f64,
    pub measured_us: f64,
    /// Each algorithm's time, in the order of `algorithms`.
    pub predicted_us: Vec<f64>,
    pub best: &'static str,
    pub library: Option<Choice>,
}

/// Predicted over measured, over the sizes from [`FROM_BYTES`] on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub algorithm: String,
    pub sizes: usize,
    pub median_ratio: f64,
    pub min_ratio: f64,
    pub max_ratio: f64,
    /// The median within [`MEDIAN_BOUND`] and every size within [`WORST_BOUND`] either way.
    pub within: bool,
}

impl Summary {
    fn of(algorithm: String, ratios: &[f64]) -> Summary {
        let mut r: Vec<f64> = ratios.iter().copied().filter(|x| x.is_finite()).collect();
        r.sort_by(f64::total_cmp);
        let median = match r.len() {
            0 => f64::NAN,
            n if n % 2 == 1 => r[n / 2],
            n => (r[n / 2 - 1] * r[n / 2]).sqrt(),
        };
        let (min, max) = (
            r.first().copied().unwrap_or(f64::NAN),
            r.last().copied().unwrap_or(f64::NAN),
        );
        let off = |x: f64| x.max(1.0 / x);
        Summary {
            within: !r.is_empty()
                && off(median) <= MEDIAN_BOUND
                && r.iter().all(|x| off(*x) <= WORST_BOUND),
            algorithm,
            sizes: r.len(),
            median_ratio: median,
            min_ratio: min,
            max_ratio: max,
        }
    }

    /// `×1.07 (0.91–1.32)`, for tables.
    pub fn text(&self) -> String {
        format!(
            "×{} ({}–{})",
            sig3(self.median_ratio),
            sig3(self.min_ratio),
            sig3(self.max_ratio)
        )
    }
}

/// Whether a run's buffers were in GPU memory (an OSU MPI-CUDA/ROCM build's note).
fn on_device(s: &Series) -> bool {
    s.notes.iter().any(|n| n.contains("device buffers"))
}

/// [`validate`] for host-buffer runs and device-buffer runs apart (a GPU buffer's collective
/// against the GPU buffers' point-to-point runs of the same files), host first; a group
/// without a collective run is left out.
pub fn validate_all(
    runs: &[Series],
    intra: &[Series],
    options: &Options,
) -> Result<Vec<Validation>, Error> {
    let (device, host): (Vec<Series>, Vec<Series>) = runs.iter().cloned().partition(on_device);
    let has_collective = |g: &[Series]| g.iter().any(|s| measured(&s.benchmark).is_some());
    let groups: Vec<Vec<Series>> = [host, device]
        .into_iter()
        .filter(|g| has_collective(g))
        .collect();
    if groups.is_empty() {
        return validate(&[], intra, options).map(|v| vec![v]);
    }
    groups.iter().map(|g| validate(g, intra, options)).collect()
}

/// Sets every collective run of `runs` against the machine fitted to the point-to-point runs
/// of `runs` (and the node's α-β fitted to `intra`, where given). Without a point-to-point run
/// of the network, an intra-node run stands for it: every rank is then on one node, where the
/// network is not used.
pub fn validate(runs: &[Series], intra: &[Series], options: &Options) -> Result<Validation, Error> {
    // A key given twice is refused as a query refuses it, rather than the last one winning.
    for (i, (key, _)) in options.extra.iter().enumerate() {
        if options.extra[..i].iter().any(|(k, _)| k == key) {
            return Err(Error::Duplicate { key: key.clone() });
        }
    }
    let collectives: Vec<&Series> = runs
        .iter()
        .chain(intra)
        .filter(|s| s.kind == Kind::Operation && measured(&s.benchmark).is_some())
        .collect();
    if collectives.is_empty() {
        return Err(problem(
            "no collective run among the files".into(),
            "the output of osu_allreduce, osu_reduce, osu_bcast, osu_alltoall or osu_allgather, or IMB's Allreduce, Reduce, Bcast, Alltoall or Allgather",
        ));
    }
    let point_to_point = |r: &[Series]| -> Vec<Series> {
        r.iter()
            .filter(|s| s.kind != Kind::Operation)
            .cloned()
            .collect()
    };
    let mut p2p = point_to_point(runs);
    if p2p.is_empty() {
        p2p = point_to_point(intra);
    }
    if p2p.is_empty() {
        return Err(problem(
            "no point-to-point run among the files: the collective runs are set against the \
             machine fitted to their cluster's point-to-point runs"
                .into(),
            "a point-to-point run of the same cluster (osu_latency, osu_bw, IMB PingPong) beside the collective run",
        ));
    }
    let mut warnings = Vec::new();
    one_cluster(&p2p)?;
    let network = fit(p2p).map_err(|e| {
        problem(
            format!("no machine to set the collectives against: {e}"),
            "a point-to-point run of the same cluster (osu_latency, IMB PingPong) beside the collective run",
        )
    })?;
    warnings.extend(network.warnings.iter().cloned());
    let mut machine: Vec<String> = network
        .query
        .split('&')
        .filter(|kv| !kv.starts_with("pattern="))
        .map(str::to_string)
        .collect();
    let intra_fitted_to = node_of(intra, &mut machine)?;
    // A key given with --set replaces the fitted machine's own (its γ, say).
    for (k, v) in &options.extra {
        machine.retain(|kv| kv.split('=').next() != Some(k.as_str()));
        machine.push(format!("{k}={v}"));
    }
    let machine = machine.join("&");
    let checked = collectives
        .into_iter()
        .map(|s| check(s, &machine, options))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Validation {
        machine,
        fitted_to: network.fitted_series,
        intra_fitted_to,
        library: options.library.map(Library::name),
        runs: checked,
        warnings,
    })
}

/// The node's α and β from an intra-node point-to-point run, added to the machine.
fn node_of(intra: &[Series], machine: &mut Vec<String>) -> Result<Option<String>, Error> {
    let p2p: Vec<Series> = intra
        .iter()
        .filter(|s| s.kind != Kind::Operation)
        .cloned()
        .collect();
    if p2p.is_empty() {
        return Ok(None);
    }
    let node = fit(p2p).map_err(|e| {
        problem(
            format!("the intra-node run: {e}"),
            "a ping-pong between two ranks of one node",
        )
    })?;
    let h = &node.fits.hockney;
    // Six significant digits, as the fitted query writes its own.
    machine.push(format!("intra_alpha={:.5e}", h.a_us));
    machine.push(format!("intra_beta={:.5e}", h.b_us_per_byte));
    Ok(Some(node.fitted_series))
}

/// Refuses point-to-point runs of different clusters or networks: one-way runs whose start-up
/// or time per byte are more than [`APART`] times apart.
fn one_cluster(p2p: &[Series]) -> Result<(), Error> {
    let lines: Vec<(&str, f64, f64)> = p2p
        .iter()
        .filter(|s| s.kind == Kind::OneWay)
        .filter_map(|s| {
            let f = fit(vec![s.clone()]).ok()?;
            Some((
                s.name.as_str(),
                f.fits.hockney.a_us,
                f.fits.hockney.b_us_per_byte,
            ))
        })
        .collect();
    let apart = |x: f64, y: f64| x.max(y) > APART * x.min(y).max(f64::MIN_POSITIVE);
    for (i, a) in lines.iter().enumerate() {
        if let Some(b) = lines[i + 1..]
            .iter()
            .find(|b| apart(a.1, b.1) || apart(a.2, b.2))
        {
            return Err(problem(
                format!(
                    "files of different clusters or networks mixed: {} has α = {}, β = {} and {} α = {}, β = {}, more than {APART} times apart",
                    a.0, si(a.1, "µs"), si(a.2, "µs/B"), b.0, si(b.1, "µs"), si(b.2, "µs/B")
                ),
                "the point-to-point runs of the one cluster and network the collective ran on (an intra-node run goes with --intra)",
            ));
        }
    }
    Ok(())
}

/// How far apart two runs of one network may fit.
const APART: f64 = 3.0;

fn problem(problem: String, expected: &str) -> Error {
    Error::Measurement {
        line: None,
        problem,
        expected: expected.into(),
    }
}

/// One run at its p and ppn.
fn check(run: &Series, machine: &str, options: &Options) -> Result<RunCheck, Error> {
    let (collective, per_block) = measured(&run.benchmark).expect("a collective run");
    let p = run.processes.or(options.p).ok_or_else(|| {
        problem(
            format!("{}: a collective run without its process count", run.name),
            "the p it ran on, which OSU does not print: give p, and ppn for the ranks per node",
        )
    })?;
    let mut warnings = Vec::new();
    let ppn = options.ppn.unwrap_or_else(|| {
        warnings.push("ppn not given: every rank on its own node (ppn = 1)".to_string());
        1
    });
    if ppn > p {
        return Err(problem(
            format!("{}: ppn = {ppn} is larger than its p = {p}", run.name),
            "a ppn of at most p: how many of the run's p ranks shared a node",
        ));
    }
    warnings.extend(partial_node(p, ppn));
    let query = format!("{machine}&pattern={}&p={p}&ppn={ppn}", collective.id());
    let scenario = Scenario::from_query(&query).map_err(|e| {
        problem(
            format!("{}: {e}", run.name),
            "a machine and placement the collectives accept",
        )
    })?;
    let (costs, w) = with_ctx(&scenario, |ctx| {
        let mut m = menu(ctx, collective, p)?;
        m.extend(library_menu(ctx, collective, p)?);
        Ok((m, ctx.warnings.clone()))
    })?;
    warnings.extend(w);
    let algorithms: Vec<&'static str> = costs.iter().map(|(id, _)| *id).collect();
    let sizes: Vec<SizeCheck> = run
        .points
        .iter()
        .filter(|pt| pt[0] > 0.0 && pt[1] > 0.0)
        .map(|&[size, t]| size_check(&costs, options.library, (collective, per_block, p), size, t))
        .collect();
    let summaries = summaries(&algorithms, &sizes);
    let verdict = verdict(&summaries);
    Ok(RunCheck {
        name: run.name.clone(),
        collective,
        p,
        ppn,
        query,
        algorithms,
        sizes,
        summaries,
        verdict,
        warnings,
    })
}

/// Every algorithm's time at one measured size.
fn size_check(
    costs: &[(&'static str, Cost)],
    library: Option<Library>,
    (collective, per_block, p): (Collective, bool, u32),
    size: f64,
    measured_us: f64,
) -> SizeCheck {
    let n = if per_block { size * f64::from(p) } else { size };
    let predicted_us: Vec<f64> = costs.iter().map(|(_, c)| c(n)).collect();
    let best = costs
        .iter()
        .zip(&predicted_us)
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map_or("", |((id, _), _)| *id);
    // OSU's and IMB's reductions count 4-byte floats; the others bytes (MPI_CHAR, MPI_BYTE).
    let count = if collective.reduces() {
        size / 4.0
    } else {
        size
    };
    SizeCheck {
        size_bytes: size,
        n_bytes: n,
        measured_us,
        predicted_us,
        best,
        library: library.and_then(|l| l.choice(collective, p, n, count)),
    }
}

/// The ratios from 1 KiB of every algorithm, the library's choice and the fastest.
fn summaries(algorithms: &[&'static str], sizes: &[SizeCheck]) -> Vec<Summary> {
    let from: Vec<&SizeCheck> = sizes
        .iter()
        .filter(|s| s.size_bytes >= FROM_BYTES)
        .collect();
    let mut out: Vec<Summary> = algorithms
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let r: Vec<f64> = from
                .iter()
                .map(|s| s.predicted_us[i] / s.measured_us)
                .collect();
            Summary::of((*id).to_string(), &r)
        })
        .collect();
    // The library's algorithm at each size where commcalc costs it, else the fastest.
    let fastest = |s: &SizeCheck| s.predicted_us.iter().copied().fold(f64::INFINITY, f64::min);
    let library: Vec<(bool, f64)> = from
        .iter()
        .filter_map(|s| {
            let choice = s.library?;
            let costed = choice
                .algo
                .and_then(|a| algorithms.iter().position(|x| *x == a));
            Some(match costed {
                Some(i) => (true, s.predicted_us[i] / s.measured_us),
                None => (false, fastest(s) / s.measured_us),
            })
        })
        .collect();
    if library.len() == from.len() && library.iter().any(|(costed, _)| *costed) {
        let name = if library.iter().all(|(costed, _)| *costed) {
            LIBRARY
        } else {
            LIBRARY_OR_BEST
        };
        let r: Vec<f64> = library.iter().map(|(_, r)| *r).collect();
        out.push(Summary::of(name.into(), &r));
    }
    let best: Vec<f64> = from
        .iter()
        .map(|s| s.predicted_us.iter().copied().fold(f64::INFINITY, f64::min) / s.measured_us)
        .collect();
    out.push(Summary::of("best".into(), &best));
    out
}

/// The summary of the library's choices, where the library is known at every size from
/// 1 KiB (the fastest standing in at sizes where its algorithm is one commcalc does not cost);
/// else the fastest algorithm's.
fn verdict(summaries: &[Summary]) -> Summary {
    summaries
        .iter()
        .find(|s| s.algorithm == LIBRARY || s.algorithm == LIBRARY_OR_BEST)
        .or(summaries.last())
        .cloned()
        .unwrap_or_else(|| Summary::of("best".into(), &[]))
}

/// The names of the library's summaries: its algorithm costed at every size, or the fastest
/// standing in where it runs one commcalc does not cost.
const LIBRARY: &str = "library";
const LIBRARY_OR_BEST: &str = "library, else best";
