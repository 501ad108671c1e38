//! `commcalc validate`: collective runs (OSU, IMB) against the prediction on the machine fitted
//! to the same cluster's point-to-point runs, at each run's p and ppn: every algorithm, the
//! fastest, and the library's choice where `--library` names one. Parsing, fitting and costing
//! are the core's (`collectives::validate`); this reads the files and prints.

use std::fmt::Write as _;

use commcalc_core::collectives::validate::{
    validate_all, Options, RunCheck, Validation, FROM_BYTES,
};
use commcalc_core::units::{si, sig3};

use crate::args::{Usage, ValidateOptions};
use crate::fit::read_runs;

pub fn validate(o: &ValidateOptions) -> Result<String, Usage> {
    let runs = read_runs(&o.files, o.read.format)?;
    let intra = read_runs(&o.intra, o.read.format)?;
    let options = Options {
        p: o.read.p,
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
    use clap::Parser;

    use super::*;
    use crate::args::{Cli, Command};
    use commcalc_core::collectives::library::Library;

    fn parse(args: &[&str]) -> Result<ValidateOptions, String> {
        let argv = ["commcalc", "validate"].iter().chain(args);
        match Cli::try_parse_from(argv)
            .map_err(|e| e.to_string())?
            .command
        {
            Command::Validate(o) => Ok(o),
            other => Err(format!("not validate: {other:?}")),
        }
    }

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
        .unwrap();
        assert_eq!((o.read.p, o.ppn, o.json), (Some(64), Some(32), true));
        assert_eq!(o.library, Some(Library::OpenMpiClassic));
        // A run on one node is its --intra file alone.
        let one = parse(&["--ppn", "2", "--intra", "shm.txt"]).unwrap();
        assert_eq!((one.files.len(), one.intra.len()), (0, 1));
        // Every version of the core's one table is a --library.
        for l in Library::ALL {
            let chosen = parse(&["--library", l.id(), "a.txt"]).unwrap();
            assert_eq!(chosen.library, Some(l));
        }
        assert_eq!(o.set, vec![("gamma".to_string(), "0.0003".to_string())]);
        assert_eq!((o.files.len(), o.intra.len()), (2, 1));
        for (args, says) in [
            (vec!["--p", "1", "a"], "--p <N>"),
            (vec!["--ppn", "x", "a"], "--ppn <N>"),
            (vec!["--library", "mpich-3", "a"], "mpich, ompi, ompi-4.0"),
            (vec!["--set", "gamma", "a"], "KEY=VALUE"),
            (vec!["--bogus", "a"], "--bogus"),
            (vec!["--json"], "<FILE>"),
            (vec!["--p"], "--p <N>"),
        ] {
            match parse(&args) {
                Err(m) => assert!(m.contains(says), "{args:?}: {m}"),
                other => panic!("{args:?}: {other:?}"),
            }
        }
    }
}
