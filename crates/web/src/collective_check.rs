//! A collective run validated in the Import view: the files given together (a collective run
//! of OSU or IMB beside its cluster's point-to-point runs) set against the prediction at the
//! run's p and ppn by the core (`collectives::validate`, what `commcalc validate --json` prints),
//! and what the page draws of it: every algorithm's curve, the library's choice and the
//! measured points. Plain Rust, tested natively; the view is `components::check_view`.

use commcalc_core::collectives::library::Library;
use commcalc_core::collectives::validate::{measured, validate_all, Options, RunCheck, Validation};
use commcalc_core::measurements::{parse_runs, Format, Kind, Series};
use commcalc_core::query::P_RANGE;

use crate::chart::{axes, Plot, Scale, Series as Line};

/// What the user gives beside the runs: p and ppn as typed, and the library whose default
/// choice is drawn (`None`: the fastest algorithm stands in).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Given {
    pub p: String,
    pub ppn: String,
    pub library: Option<Library>,
}

/// The runs a kept fitted machine keeps for its collective check, so that Validate computes it
/// again from them: the files given together (name, text; the first is the text box's), the
/// format they were read as, and the p, ppn and library typed beside them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeptRuns {
    pub files: Vec<(String, String)>,
    pub format: String,
    pub given: Given,
}

impl KeptRuns {
    /// The runs given together when one of them is a collective run the core validates (the
    /// check needs the point-to-point runs beside it too); `None` otherwise.
    pub fn of(files: Vec<(String, String)>, format: &str, given: &Given) -> Option<KeptRuns> {
        let named: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let collective = checked(&named, format, given).is_some();
        collective.then(|| KeptRuns {
            files,
            format: format.to_string(),
            given: given.clone(),
        })
    }

    /// The files' names, as the page lists them.
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.files.iter().map(|(n, _)| n.as_str()).collect();
        names.join(", ")
    }
}

/// Whether a run is a collective the core validates.
fn is_collective(s: &Series) -> bool {
    s.kind == Kind::Operation && measured(&s.benchmark).is_some()
}

impl Given {
    /// The typed p where it is a valid count: the process count the fit gives the collective
    /// runs that do not print theirs (`measurements::given_processes`), for γ.
    pub fn processes(&self) -> Option<u32> {
        count("p", &self.p).ok().flatten()
    }
}

/// A typed count: empty is `None`; anything but a whole number in P_RANGE is refused with the
/// accepted values.
fn count(what: &str, text: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<u32>() {
        Ok(v) if (1..=P_RANGE.1).contains(&v) => Ok(Some(v)),
        _ => Err(format!(
            "{what} = {t:?} is not a whole number of processes: give one from 1 to {}",
            P_RANGE.1
        )),
    }
}

/// The validation of the runs given together (named texts, read as `format`), or `None` where
/// none of them is a collective run; the core's message where it refuses them (a collective
/// run without its p, ppn larger than p, files of different clusters mixed).
pub fn checked(
    runs: &[(&str, &str)],
    format: &str,
    given: &Given,
) -> Option<Result<Vec<Validation>, String>> {
    let format = Format::from_id(format).ok()?;
    let named: Vec<(&str, &[u8])> = runs.iter().map(|(n, t)| (*n, t.as_bytes())).collect();
    let series = parse_runs(&named, format).ok()?;
    if !series.iter().any(is_collective) {
        return None;
    }
    Some(validated(&series, given))
}

fn validated(series: &[Series], given: &Given) -> Result<Vec<Validation>, String> {
    let options = Options {
        p: count("p", &given.p)?,
        ppn: count("ppn", &given.ppn)?,
        library: given.library,
        extra: Vec::new(),
    };
    validate_all(series, &[], &options).map_err(|e| e.to_string())
}

/// The names of a run's chart lines, in the order of their colours: the measured points,
/// each algorithm, then the library's choice where it is drawn.
pub fn legend(run: &RunCheck) -> Vec<String> {
    let mut out = vec![format!("measured ({})", run.name)];
    out.extend(run.algorithms.iter().map(|a| a.to_string()));
    if library_points(run).is_some() {
        out.push("the library's choice".into());
    }
    out
}

/// The library's algorithm's predicted time at each size where commcalc costs it; `None`
/// where no size has one.
fn library_points(run: &RunCheck) -> Option<Vec<(f64, f64)>> {
    let points: Vec<(f64, f64)> = run
        .sizes
        .iter()
        .filter_map(|s| {
            let algo = s.library?.algo?;
            let i = run.algorithms.iter().position(|a| *a == algo)?;
            Some((s.size_bytes, s.predicted_us[i]))
        })
        .collect();
    (!points.is_empty()).then_some(points)
}

/// The chart of one run, log–log against the size the benchmark printed: the measured points
/// (colour 0), each algorithm's predicted time (colours 1…), the library's choice dashed.
pub fn check_plot(run: &RunCheck) -> Result<Plot, String> {
    let shown = |x: f64, y: f64| Scale::Log.shows(x, y);
    let line = |points: Vec<(f64, f64)>, colour: usize, measured: bool, dashed: bool| Line {
        points: points.into_iter().filter(|(x, y)| shown(*x, *y)).collect(),
        colour,
        measured,
        dashed,
        optimum: None,
        letter: None,
    };
    let measured: Vec<(f64, f64)> = run
        .sizes
        .iter()
        .map(|s| (s.size_bytes, s.measured_us))
        .collect();
    let (Some(lo), Some(hi)) = (run.sizes.first(), run.sizes.last()) else {
        return Err(format!("{}: no measured size to draw", run.name));
    };
    let mut out = vec![line(measured, 0, true, false)];
    for (i, _) in run.algorithms.iter().enumerate() {
        let points = run
            .sizes
            .iter()
            .map(|s| (s.size_bytes, s.predicted_us[i]))
            .collect();
        out.push(line(points, i + 1, false, false));
    }
    if let Some(points) = library_points(run) {
        out.push(line(points, run.algorithms.len() + 1, false, true));
    }
    let (x, y) = axes(
        &out,
        (lo.size_bytes, hi.size_bytes),
        ("B", "µs"),
        Scale::Log,
    );
    Ok(Plot::bare(x, y, out))
}

/// Predicted over measured as the tables write it: `×1.07 (+7 %)`.
pub fn ratio_text(predicted: f64, measured: f64) -> String {
    let r = predicted / measured;
    format!(
        "×{} ({:+.0} %)",
        commcalc_core::units::sig3(r),
        100.0 * (r - 1.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str) -> (String, String) {
        let path = format!(
            "{}/../../tests/data/measurements/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        (name.to_string(), std::fs::read_to_string(path).unwrap())
    }

    fn check(names: &[&str], p: &str, ppn: &str) -> Option<Result<Vec<Validation>, String>> {
        let files: Vec<(String, String)> = names.iter().map(|n| file(n)).collect();
        let runs: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let given = Given {
            p: p.into(),
            ppn: ppn.into(),
            library: Library::from_id("ompi-4.0"),
        };
        checked(&runs, "auto", &given)
    }

    const IB: [&str; 3] = [
        "csd3-ib-osu_allreduce.txt",
        "csd3-ib-osu_latency.txt",
        "csd3-ib-osu_bw.txt",
    ];

    #[test]
    fn the_ib_allreduce_is_validated_as_the_core_validates_it() {
        let v = check(&IB, "64", "32").unwrap().unwrap();
        let run = &v[0].runs[0];
        assert_eq!((run.p, run.ppn), (64, 32));
        // The same computation as `commcalc validate`: the core's, on the same runs.
        let files: Vec<(String, String)> = IB.iter().map(|n| file(n)).collect();
        let named: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_bytes()))
            .collect();
        let series = parse_runs(&named, None).unwrap();
        let options = Options {
            p: Some(64),
            ppn: Some(32),
            library: Library::from_id("ompi-4.0"),
            extra: Vec::new(),
        };
        let core = validate_all(&series, &[], &options).unwrap();
        assert_eq!(run.query, core[0].runs[0].query);
        assert_eq!(
            run.verdict.median_ratio,
            core[0].runs[0].verdict.median_ratio
        );
        let plot = check_plot(run).unwrap();
        // The measured points, every algorithm, the library's choice.
        assert_eq!(plot.series.len(), run.algorithms.len() + 2);
        assert_eq!(legend(run).len(), plot.series.len());
        assert_eq!(plot.series[0].points.len(), run.sizes.len());
    }

    #[test]
    fn no_collective_run_is_no_validation() {
        assert!(check(&IB[1..], "64", "32").is_none());
    }

    /// The runs given together are kept for the check where one is a collective run, even
    /// before its p is given (Validate takes it then); point-to-point runs alone are not.
    #[test]
    fn runs_with_a_collective_run_are_kept() {
        let files: Vec<(String, String)> = IB.iter().map(|n| file(n)).collect();
        let given = Given::default();
        let kept = KeptRuns::of(files.clone(), "auto", &given).unwrap();
        assert_eq!(kept.files, files);
        assert_eq!(
            kept.names(),
            "csd3-ib-osu_allreduce.txt, csd3-ib-osu_latency.txt, csd3-ib-osu_bw.txt"
        );
        assert!(KeptRuns::of(files[1..].to_vec(), "auto", &given).is_none());
    }

    #[test]
    fn bad_input_gets_the_core_message() {
        let missing = check(&IB, "", "").unwrap().unwrap_err();
        assert!(missing.contains("without its process count"), "{missing}");
        let over = check(&IB, "16", "32").unwrap().unwrap_err();
        assert!(over.contains("larger than its p"), "{over}");
        let typed = check(&IB, "6x", "").unwrap().unwrap_err();
        assert!(typed.contains("whole number"), "{typed}");
        let mixed = check(&[IB[0], IB[1], "juno-eth-imb41_excerpt.txt"], "64", "32");
        let mixed = mixed.unwrap().unwrap_err();
        assert!(mixed.contains("different clusters"), "{mixed}");
    }

    #[test]
    fn a_ppn_that_does_not_divide_p_is_a_warning() {
        let v = check(&IB, "64", "24").unwrap().unwrap();
        assert!(
            v[0].runs[0]
                .warnings
                .iter()
                .any(|w| w.contains("not a multiple")),
            "{:?}",
            v[0].runs[0].warnings
        );
    }
}
