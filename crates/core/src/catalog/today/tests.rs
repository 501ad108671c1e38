//! Today's machines against their files: each is the fit of its runs, predicts them, and says
//! where it comes from.

use super::super::{Machine, ASSUMED_GAMMA, MACHINES};
use super::*;
use crate::measurements::fit::real_runs::median;
use crate::measurements::fit::{decimal, fit_series, FitReport};
use crate::measurements::{parse_runs, Series};
use crate::report::prepare;
use crate::Scenario;

/// The median and the worst relative error allowed at the measured sizes, as for every
/// fitted machine (`measurements::fit::real_runs`).
const MEDIAN: f64 = 0.10;
const WORST: f64 = 0.25;

fn dir() -> String {
    format!(
        "{}/../../tests/data/measurements",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn today() -> Vec<(&'static Machine, &'static Provenance)> {
    MACHINES
        .iter()
        .filter_map(|m| Some((m, m.provenance?)))
        .collect()
}

/// What `commcalc fit FILE…` makes of the machine's files.
fn fit_of(p: &Provenance) -> FitReport {
    let texts: Vec<(String, Vec<u8>)> = (p.files.iter())
        .map(|f| {
            let path = format!("{}/{f}", dir());
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (f.to_string(), bytes)
        })
        .collect();
    let inputs: Vec<(&str, &[u8])> = texts
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let series = parse_runs(&inputs, None).unwrap();
    fit_series(series, p.series).unwrap()
}

/// A query's `key=value` pairs of the set's parameters: after the machine, pattern and model,
/// and without the collectives' own keys the set has not (the LogGP parameters a fit adds),
/// which a catalog machine does not carry: its collectives take LogGP's defaults from its α
/// and β.
fn pairs<'q>(set: &ParamSet, query: &'q str) -> Vec<(&'q str, &'q str)> {
    let collective = |k: &str| crate::patterns::collective::param(k).is_some();
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .filter(|(k, _)| !matches!(*k, "machine" | "pattern" | "model"))
        .filter(|(k, _)| set.param(k).is_some() || !collective(k))
        .collect()
}

/// The differences between a set's values and a fit's query, as the fit prints them; the
/// third range of a two-range fit repeats the second.
fn differences(machine: &Machine, model: Model, query: &str) -> Vec<String> {
    let set = machine.set(model).expect("the set");
    let value = |k: &str| set.param(k).map(|p| decimal(p.value));
    let mut out: Vec<String> = pairs(set, query)
        .into_iter()
        .filter(|(k, v)| value(k).as_deref() != Some(*v))
        .map(|(k, v)| {
            format!(
                "{} {}: {k} is {:?}, the fit gives {v}",
                machine.id,
                model.id(),
                value(k)
            )
        })
        .collect();
    let given: Vec<&str> = pairs(set, query).into_iter().map(|(k, _)| k).collect();
    for (k, like) in [("alpha_3", "alpha_2"), ("beta_3", "beta_2")] {
        if model == Model::Piecewise && !given.contains(&k) && value(k) != value(like) {
            out.push(format!("{}: {k} should repeat {like}", machine.id));
        }
    }
    if set.params.len()
        != pairs(set, query)
            .len()
            .max(if model == Model::Piecewise { 9 } else { 2 })
    {
        out.push(format!(
            "{} {}: parameters beyond the fit's",
            machine.id,
            model.id()
        ));
    }
    out
}

/// Every number of today's machines is what the fit of its files prints now: a change of the
/// fit or of a file that moves a number fails here, with the fit's query to copy from.
#[test]
fn every_machine_is_the_fit_of_its_files() {
    let mut wrong = Vec::new();
    for (m, p) in today() {
        let report = fit_of(p);
        let mut here = differences(m, Model::Hockney, &report.fits.hockney.query);
        here.extend(differences(
            m,
            Model::Piecewise,
            &report.fits.piecewise.query,
        ));
        if report.best.model != p.best.id() {
            here.push(format!("{}: the best fit is {}", m.id, report.best.model));
        }
        if !here.is_empty() {
            wrong.push(format!(
                "{}\n  {}\n  {}",
                here.join("\n"),
                report.fits.hockney.query,
                report.fits.piecewise.query
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// γ is the fit's: fitted from a reduction run of the files where there is one with its
/// process count, assumed (with its reason) otherwise; and it is the machine's one γ, under
/// each of its models.
#[test]
fn gamma_is_fitted_or_said_to_be_assumed() {
    for (m, p) in today() {
        let report = fit_of(p);
        let gamma = m
            .set(Model::Piecewise)
            .and_then(|s| s.param("gamma"))
            .unwrap();
        assert_eq!(
            decimal(gamma.value),
            decimal(report.gamma.gamma_us_per_byte),
            "{}",
            m.id
        );
        // One γ under every model: the Hockney set's collectives use the piecewise set's.
        for model in m.models() {
            let derived = crate::patterns::collective::derived(m, model).unwrap();
            assert_eq!(derived.gamma, gamma.value, "{} {}", m.id, model.id());
        }
        if report.gamma.fitted {
            assert!(gamma.note.contains("fitted"), "{}: {}", m.id, gamma.note);
        } else {
            assert_eq!(gamma.note, ASSUMED_GAMMA.reason, "{}", m.id);
        }
    }
}

/// The run the machine is fitted to.
fn own_run(report: &FitReport) -> &Series {
    (report.series.iter())
        .find(|s| s.name == report.fitted_series)
        .expect("the fitted series")
}

/// Each machine, as the catalog offers it (its ping-pong with the default model), predicts its
/// own run at every measured size: median error ≤ 10 %, worst ≤ 25 %.
/// `cargo test -p commcalc-core --lib today -- --nocapture` prints the table of docs/catalog.md.
#[test]
fn every_machine_predicts_its_own_run() {
    let mut failed = Vec::new();
    println!("| machine | run | sizes | model | median | worst |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (m, p) in today() {
        let report = fit_of(p);
        let run = own_run(&report);
        let scenario = Scenario::from_query(&format!("machine={}&pattern=pingpong", m.id)).unwrap();
        assert_eq!(
            scenario.model, p.best,
            "{}: the ping-pong's default model",
            m.id
        );
        let machine = prepare(&scenario).unwrap();
        let errors: Vec<f64> = (run.points.iter())
            .filter(|x| x[1] > 0.0)
            .map(|&[n, t]| ((machine.cost(n) - t) / t).abs())
            .collect();
        let count = errors.len();
        let worst = errors.iter().copied().fold(0.0, f64::max);
        let median = median(errors);
        println!(
            "| `{}` | {} | {count} | {} | {:.1} % | {:.1} % |",
            m.id,
            run.name,
            scenario.model.id(),
            100.0 * median,
            100.0 * worst
        );
        assert!(count >= 10, "{}: {count} sizes", m.id);
        if median > MEDIAN || worst > WORST {
            failed.push(format!(
                "{}: median {:.1} %, worst {:.1} %",
                m.id,
                100.0 * median,
                100.0 * worst
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Every machine says where it comes from: its files exist and are in the README that gives
/// their repositories, and its cluster, network, MPI, benchmark and upstream are stated.
#[test]
fn every_machine_has_its_provenance() {
    let readme = std::fs::read_to_string(format!("{}/README.md", dir())).unwrap();
    for (m, p) in today() {
        assert!(m.paper.is_empty(), "{}: no paper", m.id);
        for text in [p.cluster, p.network, p.mpi, p.benchmark, p.upstream] {
            assert!(text.len() > 3, "{}: {p:?}", m.id);
        }
        assert!(!p.files.is_empty(), "{}", m.id);
        for f in p.files {
            assert!(
                readme.contains(&format!("`{f}`")),
                "{}: {f} not in README.md",
                m.id
            );
            assert!(
                p.upstream.contains(&readme_repository(&readme, f)),
                "{}: {f}",
                m.id
            );
        }
    }
    let machines_of_no_paper = MACHINES.iter().filter(|m| m.paper.is_empty()).count();
    assert_eq!(
        machines_of_no_paper,
        today().len() + 1,
        "only the custom machine has neither"
    );
}

/// The repository README.md gives for file `f` (its table's second column).
fn readme_repository(readme: &str, f: &str) -> String {
    let row = (readme.lines())
        .find(|l| l.starts_with(&format!("| `{f}`")))
        .unwrap_or_else(|| panic!("{f}: no row"));
    row.split('|').nth(2).unwrap_or("").trim().to_string()
}

/// The six kinds of interconnect the issue asks for, each with a machine.
#[test]
fn six_kinds_of_network_are_measured() {
    let kinds: std::collections::BTreeSet<Interconnect> =
        today().iter().map(|(_, p)| p.interconnect).collect();
    assert_eq!(kinds.len(), 6, "{kinds:?}");
}
