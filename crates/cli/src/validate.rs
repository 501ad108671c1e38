//! `commcalc validate`: collective runs (OSU, IMB) against the prediction on the machine fitted
//! to the same cluster's point-to-point runs, at each run's p and ppn: every algorithm, the
//! fastest, and the library's choice where `--library` names one. Parsing, fitting and costing
//! are the core's (`collectives::validate`); this reads the files and prints.
//!
//! `commcalc validate [--json] [--p N] [--ppn N] [--library ompi-4.0] [--intra FILE]...
//! [--set KEY=VALUE]... [--format auto|osu|imb|netgauge|csv] FILE...`

use std::fmt::Write as _;

use commcalc_core::collectives::classic::Library;
use commcalc_core::collectives::validate::{
    validate_all, Options, RunCheck, Validation, FROM_BYTES,
};
use commcalc_core::measurements::{parse as parse_file, Format, Series};
use commcalc_core::units::{si, sig3};

use crate::args::Usage;
use crate::fit::read;

/// The options of `commcalc validate`.
#[derive(Debug, PartialEq, Default)]
pub struct ValidateOptions {
    /// Collective runs and the cluster's point-to-point runs; `-` is standard input.
    pub files: Vec<String>,
    /// Point-to-point runs between two ranks of one node.
    pub intra: Vec<String>,
    pub json: bool,
    pub format: Option<Format>,
    pub p: Option<u32>,
    pub ppn: Option<u32>,
    pub library: Option<Library>,
    /// `KEY=VALUE` added to the machine's query for every run (`gamma=0.0003`).
    pub set: Vec<(String, String)>,
}

pub const HELP: &str = "\
usage: commcalc validate [--json] [--p N] [--ppn N] [--library ompi-4.0] [--intra FILE]...
                         [--set KEY=VALUE]... [--format auto|osu|imb|netgauge|csv] FILE...

Sets every collective run among the files (osu_allreduce, osu_reduce, osu_bcast, osu_alltoall,
osu_allgather; IMB Allreduce, Reduce, Bcast, Alltoall, Allgather) against the prediction on the
machine fitted to the point-to-point runs among the same files (one cluster, one network), at
the run's p (IMB prints it; give OSU's with --p) and --ppn ranks per node (block placement;
1 if not given): every algorithm's time over the measured one at each size, the fastest, and
the choice of --library where given (ompi-4.0: Open MPI 3.0–4.0's fixed rules). --intra gives
a ping-pong between two ranks of one node for the node's α-β (assumed otherwise, and said).
--set adds a key to the machine for every run (the same for all: nothing is fitted to the
collective runs). Summaries are over the sizes from 1 KiB: the median, least and largest ratio.

Host-buffer and device-buffer (OSU MPI-CUDA/ROCM) runs are set against the point-to-point runs
of their own kind, each group with its own machine.

  --json   the whole comparison as JSON, a list of one object per group: every size of every run";

/// Parses the arguments after `validate`.
pub fn parse(args: &[&str]) -> Result<Option<ValidateOptions>, Usage> {
    let mut o = ValidateOptions::default();
    let mut iter = args.iter().copied();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            o.files.extend(iter.by_ref().map(str::to_string));
            break;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (arg, None),
        };
        let mut value = || -> Result<&str, Usage> {
            inline
                .or_else(|| iter.next())
                .ok_or_else(|| Usage(format!("{name} needs a value")))
        };
        match name {
            "-h" | "--help" => return Ok(None),
            "--json" if inline.is_none() => o.json = true,
            "--p" => o.p = Some(count(name, value()?, 2)?),
            "--ppn" => o.ppn = Some(count(name, value()?, 1)?),
            "--format" => {
                o.format = Format::from_id(value()?).map_err(|e| Usage(e.to_string()))?
            }
            "--intra" => o.intra.push(value()?.to_string()),
            "--library" => {
                let v = value()?;
                o.library = Some(Library::from_id(v).ok_or_else(|| {
                    Usage(format!("--library {v}: expected ompi-4.0 (Open MPI 3.0–4.0)"))
                })?);
            }
            "--set" => {
                let v = value()?;
                let (k, x) = v.split_once('=').ok_or_else(|| {
                    Usage(format!("--set {v}: expected KEY=VALUE, e.g. --set gamma=0.0003"))
                })?;
                o.set.push((k.to_string(), x.to_string()));
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(Usage(format!(
                    "unknown option `{arg}` for validate: expected --json, --p N, --ppn N, --library ompi-4.0, --intra FILE, --set KEY=VALUE, --format NAME or --help"
                )))
            }
            _ => o.files.push(arg.to_string()),
        }
    }
    if o.files.is_empty() && o.intra.is_empty() {
        return Err(Usage(
            "validate needs files: a collective run and the point-to-point runs of its cluster, \
             e.g. commcalc validate --p 64 --ppn 32 osu_allreduce.txt osu_latency.txt"
                .into(),
        ));
    }
    Ok(Some(o))
}

/// A whole number from `least` to 4096 for `flag`.
fn count(flag: &str, v: &str, least: u32) -> Result<u32, Usage> {
    v.parse::<u32>()
        .ok()
        .filter(|n| (least..=4096).contains(n))
        .ok_or_else(|| {
            Usage(format!(
                "{flag} {v}: expected a whole number from {least} to 4096"
            ))
        })
}

fn series_of(files: &[String], format: Option<Format>) -> Result<Vec<Series>, Usage> {
    let mut out = Vec::new();
    for file in files {
        let parsed = parse_file(&read(file)?, format).map_err(|e| Usage(format!("{file}: {e}")))?;
        out.extend(parsed.into_iter().map(|mut s| {
            s.name = format!("{file}: {}", s.name);
            s
        }));
    }
    Ok(out)
}

pub fn validate(o: &ValidateOptions) -> Result<String, Usage> {
    let runs = series_of(&o.files, o.format)?;
    let intra = series_of(&o.intra, o.format)?;
    let options = Options {
        p: o.p,
        ppn: o.ppn,
        library: o.library,
        extra: o.set.clone(),
    };
    let all = validate_all(&runs, &intra, &options)
        .map_err(|e| Usage(format!("cannot validate: {e}")))?;
    if o.json {
        let mut json = serde_json::to_string(&all)
            .map_err(|e| Usage(format!("cannot encode the validation as JSON: {e}")))?;
        json.push('\n');
        return Ok(json);
    }
    let mut out = String::new();
    for v in &all {
        machine_table(&mut out, v);
    }
    Ok(out)
}

fn machine_table(out: &mut String, v: &Validation) {
    let _ = writeln!(out, "machine  {}", v.machine);
    let _ = writeln!(out, "fitted to  {}", v.fitted_to);
    if let Some(i) = &v.intra_fitted_to {
        let _ = writeln!(out, "node fitted to  {i}");
    }
    for w in &v.warnings {
        let _ = writeln!(out, "  ! {w}");
    }
    for run in &v.runs {
        run_table(out, run);
    }
    out.push('\n');
}

/// One run: a row per size (measured, each algorithm's ratio, the fastest, the library's),
/// then the summaries from 1 KiB.
fn run_table(out: &mut String, r: &RunCheck) {
    let _ = writeln!(
        out,
        "\n{} — {} at p = {}, ppn = {}",
        r.name,
        r.collective.id(),
        r.p,
        r.ppn
    );
    let _ = write!(out, "{:>10} {:>10}", "size", "measured");
    for a in &r.algorithms {
        let _ = write!(out, " {:>12}", short(a));
    }
    let _ = writeln!(out, "  best / library");
    for s in &r.sizes {
        let _ = write!(
            out,
            "{:>10} {:>10}",
            si(s.size_bytes, "B"),
            si(s.measured_us, "µs")
        );
        for t in &s.predicted_us {
            let _ = write!(out, " {:>12}", format!("×{}", sig3(t / s.measured_us)));
        }
        let library = s
            .library
            .map_or(String::new(), |c| format!(" / {}", c.name));
        let _ = writeln!(out, "  {}{library}", s.best);
    }
    let _ = writeln!(
        out,
        "from {}: predicted / measured, median (least–largest)",
        si(FROM_BYTES, "B")
    );
    for s in &r.summaries {
        let mark = if s.within {
            ""
        } else {
            "  (outside 1.25× median or 2× at a size)"
        };
        let _ = writeln!(out, "  {:<24} {}{mark}", s.algorithm, s.text());
    }
    let _ = writeln!(
        out,
        "  verdict: {} {}",
        r.verdict.algorithm,
        r.verdict.text()
    );
    for w in &r.warnings {
        let _ = writeln!(out, "  ! {w}");
    }
}

fn short(id: &str) -> &str {
    match id {
        "scatter-rd-allgather" => "scatter-rd",
        "scatter-ring-allgather" => "scatter-ring",
        "recursive-doubling" => "rec-doubling",
        "recursive-halving" => "rec-halving",
        "pipelined-chain" => "chain",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_are_read_and_bad_ones_named() {
        let o = parse(&[
            "--p",
            "64",
            "--ppn=32",
            "--library",
            "ompi-4.0",
            "--set",
            "gamma=0.0003",
            "--intra",
            "shm.txt",
            "--json",
            "a.txt",
            "b.txt",
        ])
        .unwrap()
        .unwrap();
        assert_eq!((o.p, o.ppn, o.json), (Some(64), Some(32), true));
        assert_eq!(o.library, Some(Library::OpenMpiClassic));
        assert_eq!(o.set, vec![("gamma".to_string(), "0.0003".to_string())]);
        assert_eq!((o.files.len(), o.intra.len()), (2, 1));
        assert_eq!(parse(&["--help"]), Ok(None));
        for (args, says) in [
            (vec!["--p", "1", "a"], "--p 1"),
            (vec!["--ppn", "x", "a"], "--ppn x"),
            (vec!["--library", "mpich", "a"], "--library mpich"),
            (vec!["--set", "gamma", "a"], "KEY=VALUE"),
            (vec!["--bogus", "a"], "unknown option `--bogus`"),
            (vec!["--json"], "validate needs files"),
            (vec!["--p"], "--p needs a value"),
        ] {
            match parse(&args) {
                Err(Usage(m)) => assert!(m.contains(says), "{args:?}: {m}"),
                other => panic!("{args:?}: {other:?}"),
            }
        }
    }
}
