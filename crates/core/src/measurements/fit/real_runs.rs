//! The fitted machine against every real latency run of tests/data/measurements: the query the
//! fit prints, evaluated by the calculator at each measured size, against the measurement.
//! `cargo test -p commcalc-core --lib real_runs -- --nocapture` prints the table of
//! docs/models.md ("The fitted machine on real runs").

use super::fit;
use crate::measurements::{parse, Kind, Series};
use crate::report::prepare;
use crate::Scenario;

/// The median and the worst relative error allowed at the measured sizes.
const MEDIAN: f64 = 0.10;
const WORST: f64 = 0.25;

fn files() -> Vec<(String, Vec<u8>)> {
    let dir = format!(
        "{}/../../tests/data/measurements",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("tests/data/measurements")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt" || x == "csv"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// Every one-way latency series of the file, with at least two sizes with a time.
fn latency_runs(text: &[u8]) -> Vec<Series> {
    parse(text, None)
        .map(|all| {
            all.into_iter()
                .filter(|s| s.kind == Kind::OneWay)
                .filter(|s| s.points.iter().filter(|p| p[1] > 0.0).count() >= 2)
                .collect()
        })
        .unwrap_or_default()
}

/// The fitted machine's relative errors at the run's sizes: its query, evaluated.
fn errors(run: &Series) -> (String, &'static str, Vec<f64>) {
    let report = fit(vec![run.clone()]).unwrap();
    let scenario = Scenario::from_query(&report.query).unwrap();
    let machine = prepare(&scenario).unwrap();
    let errors = run
        .points
        .iter()
        .filter(|p| p[1] > 0.0)
        .map(|&[m, t]| ((machine.cost(m) - t) / t).abs())
        .collect();
    (report.query, report.best.model, errors)
}

/// The median of `v` (the mean of the middle two for an even count).
pub(crate) fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Every real latency run's fitted machine predicts each of its sizes: median error ≤ 10 %,
/// worst ≤ 25 %.
#[test]
fn every_real_latency_run_is_predicted_by_its_fitted_machine() {
    let mut failed = Vec::new();
    let mut runs = 0;
    println!("| file | run | sizes | fit | median | worst |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (file, text) in files() {
        for run in latency_runs(&text) {
            runs += 1;
            let (query, model, errors) = errors(&run);
            let n = errors.len();
            let worst = errors.iter().copied().fold(0.0, f64::max);
            let median = median(errors);
            println!(
                "| `{file}` | {} | {n} | {model} | {:.1} % | {:.1} % |",
                run.name.trim_start_matches("# "),
                100.0 * median,
                100.0 * worst
            );
            if median > MEDIAN || worst > WORST {
                failed.push(format!(
                    "{file} ({}): median {:.1} %, worst {:.1} % with {query}",
                    run.name,
                    100.0 * median,
                    100.0 * worst
                ));
            }
        }
    }
    assert!(runs >= 10, "only {runs} latency runs found");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
