//! The "Import measurements" view's plain-Rust part: the fit report as data, the links that
//! open the fitted machine in the other views, and the fitted machines kept in the browser's
//! storage. The fitted machine is the catalog's `custom` machine with the fitted parameters,
//! so a link carries the parameters (never the raw data) and works in every view.

use std::fmt::Write;

use commcalc_core::collectives::library::Library;
use commcalc_core::measurements::fit::{refit, usable, FitReport, Quality};
use commcalc_core::report::log_spaced;
use commcalc_core::units::si;
use commcalc_core::{Model, Scenario};

use crate::chart::{axes, letter, Mark, Plot, Scale, Series};
use crate::collective_check::{Given, KeptRuns};
use crate::fits::{fit_table, percent, FitTable};
use crate::page::{compare_link, link, named_link, Page, COLLECTIVE_ID};
use crate::view::View;

/// The storage key, versioned: a later layout gets a new key instead of misreading this one
/// (and a page of an earlier version, still open in another tab, keeps its own key).
pub const STORAGE_KEY: &str = "commcalc.fitted.v3";
/// The keys of the earlier layouts (v2: name, query and points; v1: name and query), read
/// while the current key holds nothing: their machines stay listed, and the next kept machine
/// moves them to the current key.
pub const STORAGE_KEY_V2: &str = "commcalc.fitted.v2";
pub const STORAGE_KEY_V1: &str = "commcalc.fitted.v1";
/// The first line of the stored text, which says it is ours and which layout it has.
const HEADER: &str = "commcalc fitted machines v3";
const HEADER_V2: &str = "commcalc fitted machines v2";
const HEADER_V1: &str = "commcalc fitted machines v1";
/// At most this many fitted machines are kept (the oldest go first).
pub const MAX_SAVED: usize = 12;
/// At most this many measured points are kept with a machine: a benchmark prints a few dozen
/// sizes, and twelve machines of this many stay well inside the browser's storage.
pub const MAX_KEPT_POINTS: usize = 512;

/// At most this many bytes of collective runs (the files given together) are kept with a
/// machine: a benchmark's output is a few KiB, and twelve machines of this many stay well
/// inside the browser's storage.
pub const MAX_KEPT_RUN_BYTES: usize = 128 * 1024;

/// A fitted machine kept in storage: its name, its query, the points it was fitted to (none
/// for a machine imported from JSON or kept by the first layout) and the collective runs given
/// with it, for Validate's collective check (none where there was no collective run, or kept
/// by an earlier layout).
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub name: String,
    pub query: String,
    /// (size in bytes, time in µs), as the fit used them.
    pub points: Vec<[f64; 2]>,
    pub runs: Option<KeptRuns>,
}

impl Saved {
    /// A machine known by its name and query only.
    pub fn unmeasured(name: String, query: String) -> Saved {
        Saved {
            name,
            query,
            points: Vec::new(),
            runs: None,
        }
    }
}

/// The stored text for a list of machines: the header, then `name<TAB>query<TAB>points` per
/// line, the points as `size time` pairs separated by `;` (Rust's shortest exact decimals, so
/// that they read back to the same numbers and the same fit), then for a machine with
/// collective runs `<TAB>p<TAB>ppn<TAB>library<TAB>format` and `<TAB>file name<TAB>text` per
/// file, each of these escaped ([`escape`]). Not serde's JSON: its derives with serde_json's
/// exact reading of numbers measured 10–28 kB gzip more on the modules that read these lines
/// (docs/web-bytes.md).
pub fn encode(list: &[Saved]) -> String {
    let mut out = String::from(HEADER);
    for s in list {
        let name: String = s
            .name
            .chars()
            .filter(|c| *c != '\t' && *c != '\n')
            .collect();
        let points: Vec<String> = s.points.iter().map(|[m, t]| format!("{m} {t}")).collect();
        let _ = write!(out, "\n{name}\t{}\t{}", s.query, points.join(";"));
        if let Some(r) = &s.runs {
            let library = r.given.library.map_or("", |l| l.id());
            let fields = [&r.given.p, &r.given.ppn, library, &r.format];
            let files = r.files.iter().flat_map(|(n, t)| [n.as_str(), t.as_str()]);
            for field in fields.into_iter().chain(files) {
                let _ = write!(out, "\t{}", escape(field));
            }
        }
    }
    out
}

/// A field of a stored line with its backslashes, tabs and line ends written `\\`, `\t`,
/// `\n`, `\r`, so that a run's text stays on its line and within its field.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// A field as [`escape`] wrote it; `None` for any other backslash.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

/// The collective runs of a stored line (the fields after its points, as [`encode`] writes
/// them); `None` where they do not read.
fn decode_runs(fields: &str) -> Option<KeptRuns> {
    let fields: Vec<String> = fields.split('\t').map(unescape).collect::<Option<_>>()?;
    let [p, ppn, library, format, files @ ..] = fields.as_slice() else {
        return None;
    };
    if files.is_empty() || files.len() % 2 != 0 {
        return None;
    }
    let library = match library.as_str() {
        "" => None,
        id => Some(Library::from_id(id)?),
    };
    Some(KeptRuns {
        files: files
            .chunks(2)
            .map(|f| (f[0].clone(), f[1].clone()))
            .collect(),
        format: format.clone(),
        given: Given {
            p: p.clone(),
            ppn: ppn.clone(),
            library,
        },
    })
}

/// Points as [`encode`] writes them; `None` if any pair is not two numbers, or if there are
/// more than [`MAX_KEPT_POINTS`] (the fit checks their order and range).
fn decode_points(text: &str) -> Option<Vec<[f64; 2]>> {
    let points: Option<Vec<[f64; 2]>> = text
        .split(';')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (m, t) = pair.split_once(' ')?;
            Some([m.parse().ok()?, t.parse().ok()?])
        })
        .collect();
    points.filter(|p| p.len() <= MAX_KEPT_POINTS)
}

/// The machines in stored text of either layout (stored under `key`), and a message for each
/// entry that is skipped: a foreign or corrupt text is reported, never trusted, and never breaks
/// the page. An entry whose points do not read is kept without them, and said so.
pub fn decode(text: &str, key: &str) -> (Vec<Saved>, Vec<String>) {
    let mut lines = text.lines();
    let (with_points, with_runs) = match lines.next() {
        Some(HEADER) => (true, true),
        Some(HEADER_V2) => (true, false),
        Some(HEADER_V1) => (false, false),
        _ => {
            return (
                Vec::new(),
                vec![format!(
                    "the stored fitted machines ({key}) are not in a layout this page knows; they are ignored"
                )],
            )
        }
    };
    let mut saved = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in lines.enumerate() {
        let Some((name, rest)) = line.split_once('\t') else {
            problems.push(format!(
                "stored entry {} is not name and query; skipped",
                i + 1
            ));
            continue;
        };
        let (query, points) = match rest.split_once('\t') {
            Some((q, p)) if with_points => (q, p),
            _ => (rest, ""),
        };
        if let Err(e) = Scenario::from_query(query) {
            problems.push(format!("stored entry {} ({name}) is skipped: {e}", i + 1));
            continue;
        }
        // The picker, the address and the list tell kept machines apart by name.
        if saved.iter().any(|s: &Saved| s.name == name) {
            problems.push(format!(
                "stored entry {} repeats the name {name} of an earlier one; skipped",
                i + 1
            ));
            continue;
        }
        let (points, runs) = match points.split_once('\t') {
            Some((p, r)) if with_runs => (p, Some(r)),
            _ => (points, None),
        };
        let points = decode_points(points).unwrap_or_else(|| {
            problems.push(format!(
                "the points of stored entry {} ({name}) do not read (at most {MAX_KEPT_POINTS} pairs of numbers); it is kept without them",
                i + 1
            ));
            Vec::new()
        });
        let runs = runs.and_then(|r| {
            let read = decode_runs(r);
            if read.is_none() {
                problems.push(format!(
                    "the collective runs of stored entry {} ({name}) do not read; it is kept without them",
                    i + 1
                ));
            }
            read
        });
        saved.push(Saved {
            name: name.to_string(),
            query: query.to_string(),
            points,
            runs,
        });
    }
    saved.truncate(MAX_SAVED);
    (saved, problems)
}

/// The kept machines from the stored texts under [`STORAGE_KEY`], [`STORAGE_KEY_V2`] and
/// [`STORAGE_KEY_V1`]: the newest layout's that holds any.
pub fn decode_stored(
    current: Option<String>,
    v2: Option<String>,
    v1: Option<String>,
) -> (Vec<Saved>, Vec<String>) {
    match (current, v2, v1) {
        (Some(t), _, _) => decode(&t, STORAGE_KEY),
        (None, Some(t), _) => decode(&t, STORAGE_KEY_V2),
        (None, None, Some(t)) => decode(&t, STORAGE_KEY_V1),
        (None, None, None) => (Vec::new(), Vec::new()),
    }
}

/// The points of a fit that a kept machine keeps: those the fits used (a positive time), or
/// none above [`MAX_KEPT_POINTS`].
pub fn kept_points(r: &FitReport) -> Vec<[f64; 2]> {
    let points: Vec<[f64; 2]> = r
        .series
        .iter()
        .find(|s| s.name == r.fitted_series)
        .map(|s| s.points.iter().copied().filter(|p| p[1] > 0.0).collect())
        .unwrap_or_default();
    if points.len() > MAX_KEPT_POINTS {
        Vec::new()
    } else {
        points
    }
}

/// The fit of the kept machine that the page names (`name`, with the scenario's parameters),
/// from its kept points, with the model of the scenario; or why there is none, in words for
/// the page: a shared link carries the parameters, never the measurements.
pub fn kept_fit(
    kept: &[Saved],
    name: &str,
    scenario: &Scenario,
) -> Result<(FitReport, Model), String> {
    let Some(entry) = kept.iter().find(|k| k.name == name) else {
        return Err(format!(
            "This browser keeps no measurements for {name}: the address carries its fitted parameters, not the points it was fitted to. Fit the run in Import measurements and keep it to see its points here; the calculator and compare views work from the address alone."
        ));
    };
    if entry.points.is_empty() {
        return Err(format!(
            "{name} is kept without its measured points (exported without them, or kept by an earlier version of this page): fit the run again in Import measurements and keep it to see its points here."
        ));
    }
    let r = refit("your points kept in this browser", &entry.points)
        .map_err(|e| format!("The kept points of {name} cannot be fitted: {e}"))?;
    let same = |query: &str| {
        Scenario::from_query(query)
            .is_ok_and(|s| s.model == scenario.model && s.overrides == scenario.overrides)
    };
    let mut fits = vec![
        r.fits.hockney.query.as_str(),
        r.fits.piecewise.query.as_str(),
    ];
    fits.extend(r.fits.hyperbolic.as_ref().map(|y| y.query.as_str()));
    if scenario.machine.id == "custom" && fits.into_iter().any(same) {
        let model = scenario.model;
        return Ok((r, model));
    }
    Err(format!(
        "The machine kept as {name} has other parameters than this page's ({}): its points are not shown against them. Open it from the machine picker to see its own points.",
        scenario.to_query()
    ))
}

/// The collective runs kept with the machine the page names (`name`), for Validate to check
/// again; or why there are none, in words for the page: a shared link names the machine,
/// never its runs.
pub fn kept_check(kept: &[Saved], name: Option<&str>) -> Result<KeptRuns, String> {
    let Some(name) = name else {
        return Err("This page names no kept machine: choose a collective run kept in this browser in the picker, or fit one with its cluster's point-to-point runs in Import measurements and keep it.".into());
    };
    let Some(entry) = kept.iter().find(|k| k.name == name) else {
        return Err(format!(
            "This browser keeps no runs for {name}: the address names the machine, not the runs it was fitted to. Give the collective run with its cluster's point-to-point runs in Import measurements and keep the machine to check it here."
        ));
    };
    entry.runs.clone().ok_or_else(|| {
        format!(
            "{name} is kept without a collective run (none was given with it, its runs were larger than {} KiB, or it was kept by an earlier version of this page): give the collective run with its point-to-point runs in Import measurements and keep the machine again.",
            MAX_KEPT_RUN_BYTES / 1024
        )
    })
}

/// `list` with `item` added first (replacing one of the same name), at most [`MAX_SAVED`].
pub fn with_saved(list: &[Saved], item: Saved) -> Vec<Saved> {
    let mut out = vec![item.clone()];
    out.extend(list.iter().filter(|s| s.name != item.name).cloned());
    out.truncate(MAX_SAVED);
    out
}

/// What an exported machine's `format` says: a JSON file of this app's fitted machine.
pub const EXPORT_FORMAT: &str = "commcalc fitted machine";
/// The layout of the exported JSON; a later layout gets a new number.
pub const EXPORT_VERSION: u32 = 1;

/// The exported file's name: `commcalc-fitted-` and the machine's name in lower-case letters,
/// digits and dashes.
pub fn file_name(s: &Saved) -> String {
    let mut slug = String::new();
    for c in s.name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    format!("commcalc-fitted-{}.json", slug.trim_matches('-'))
}

/// The file *Export as JSON* saves, in serde's JSON: its format and layout, the machine's name,
/// its query (the fitted parameters) and the measured points it was fitted to (`[bytes, µs]`
/// pairs, absent when there were too many to keep). The points let the machine imported
/// elsewhere show them in the Validate view.
#[derive(serde::Serialize)]
struct ExportFile<'a> {
    format: &'a str,
    version: u32,
    name: &'a str,
    query: &'a str,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    points: &'a [[f64; 2]],
}

/// A fitted machine as the JSON file *Export as JSON* saves ([`ExportFile`]).
pub fn export_json(s: &Saved) -> Result<String, String> {
    let file = ExportFile {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        name: &s.name,
        query: &s.query,
        points: &s.points,
    };
    serde_json::to_string_pretty(&file)
        .map(|json| json + "\n")
        .map_err(|e| e.to_string())
}

/// The fields of an exported machine as JSON parsing found them (`None`: absent or not of
/// the right type).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Exported {
    pub format: Option<String>,
    pub version: Option<f64>,
    pub name: Option<String>,
    pub query: Option<String>,
    /// The `points` member: `None` if absent, else each element's numbers (an element that is
    /// not a list of numbers reads as an empty or NaN-holding list, refused by [`imported`]).
    pub points: Option<Vec<Vec<f64>>>,
}

/// The fields of an exported machine's JSON, read as any JSON file may hold them: a member
/// of another type reads as absent, a `points` element that is not a list of numbers as an
/// empty or NaN-holding list, which [`imported`] refuses with the member's name.
pub fn read_exported(text: &str) -> Result<Exported, String> {
    use serde_json::Value;
    let value: Value =
        serde_json::from_str(text).map_err(|_| "the text is not JSON".to_string())?;
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    let numbers = |pair: &Value| -> Vec<f64> {
        pair.as_array().map_or_else(Vec::new, |p| {
            p.iter().map(|x| x.as_f64().unwrap_or(f64::NAN)).collect()
        })
    };
    Ok(Exported {
        format: text("format"),
        version: value.get("version").and_then(Value::as_f64),
        name: text("name"),
        query: text("query"),
        points: value.get("points").map(|v| match v.as_array() {
            Some(pairs) => pairs.iter().map(numbers).collect(),
            None => vec![Vec::new()],
        }),
    })
}

/// The fitted machine an exported file holds, or why it is refused: another format or
/// layout, a missing or overlong name, or a query the query language refuses or that is not
/// the custom machine.
pub fn imported(e: Exported) -> Result<Saved, String> {
    if e.format.as_deref() != Some(EXPORT_FORMAT) {
        return Err(format!(
            "not a fitted machine: `format` must be \"{EXPORT_FORMAT}\" (a file saved by Export as JSON)"
        ));
    }
    if e.version != Some(f64::from(EXPORT_VERSION)) {
        return Err(format!(
            "the fitted machine's layout (`version`) must be {EXPORT_VERSION}"
        ));
    }
    let name = e.name.filter(|n| {
        (1..=crate::page::MAX_FITTED_NAME).contains(&n.chars().count())
            && !n.chars().any(char::is_control)
    });
    let Some(name) = name else {
        return Err(format!(
            "the fitted machine's `name` must be 1 to {} characters",
            crate::page::MAX_FITTED_NAME
        ));
    };
    let points = exported_points(e.points)?;
    let query = e.query.unwrap_or_default();
    match Scenario::from_query(&query) {
        Ok(s) if s.machine.id == "custom" => Ok(Saved {
            name,
            query,
            points,
            runs: None,
        }),
        Ok(s) => Err(format!(
            "the fitted machine's `query` names {}, not the custom machine",
            s.machine.id
        )),
        Err(e) => Err(format!("the fitted machine's `query` is refused: {e}")),
    }
}

/// An exported file's points: none when absent; else at most [`MAX_KEPT_POINTS`] pairs of a
/// size and a time that are finite and not negative (the fit checks the rest when the
/// Validate view refits them).
fn exported_points(points: Option<Vec<Vec<f64>>>) -> Result<Vec<[f64; 2]>, String> {
    let bad = || {
        format!("the fitted machine's `points` must be at most {MAX_KEPT_POINTS} pairs [bytes, µs] of numbers ≥ 0")
    };
    let points = points.unwrap_or_default();
    if points.len() > MAX_KEPT_POINTS {
        return Err(bad());
    }
    points
        .iter()
        .map(|p| match p[..] {
            [m, t] if m.is_finite() && t.is_finite() && m >= 0.0 && t >= 0.0 => Ok([m, t]),
            _ => Err(bad()),
        })
        .collect()
}

/// The machine picker's value for fitted machine `i` of [`picker_entries`].
pub const PICKER_PREFIX: &str = "fitted:";

/// The fitted machines the machine picker lists: those kept in this browser, then the one the
/// address names (with the scenario's query) when it is not among them.
pub fn picker_entries(kept: &[Saved], named: Option<Saved>) -> Vec<Saved> {
    let mut out = kept.to_vec();
    if let Some(n) = named.filter(|n| kept.iter().all(|k| k.name != n.name)) {
        out.push(n);
    }
    out
}

/// The scenario of a fitted machine chosen in the picker: its own query, showing the pattern
/// on screen when the fitted model offers it with the fitted parameters (its own pattern
/// otherwise: a pattern of another model would drop them).
pub fn chosen_scenario(entry: &Saved, current: &Scenario) -> Result<Scenario, String> {
    let s = Scenario::from_query(&entry.query)
        .map_err(|e| format!("the fitted machine {} is not usable: {e}", entry.name))?;
    Ok(s.switched("pattern", current.pattern.id)
        .ok()
        .filter(|n| n.model == s.model && n.overrides == s.overrides)
        .unwrap_or(s))
}

/// A name for the fitted machine: the benchmark and its version.
pub fn machine_name(r: &FitReport) -> String {
    let s = r.series.iter().find(|s| s.name == r.fitted_series);
    match s {
        Some(s) => match &s.version {
            Some(v) => format!(
                "my machine (fitted, {} {} {v})",
                s.format.id().to_uppercase(),
                s.benchmark
            ),
            None => format!(
                "my machine (fitted, {} {})",
                s.format.id().to_uppercase(),
                s.benchmark
            ),
        },
        None => "my machine (fitted)".into(),
    }
}

/// (label, address) of the views that open the fitted machine.
/// Each carries the fitted machine's name (`fitted=`), so that the picker and the compare
/// view call it by that name.
pub fn links(r: &FitReport) -> Vec<(&'static str, String)> {
    let name = machine_name(r);
    let open = |query: &str| {
        Scenario::from_query(query)
            .ok()
            .map(|s| named_link(View::Calculator, &s, Some(&name)))
    };
    let paragon = "machine=intel-paragon&pattern=pingpong";
    [
        ("Open in the calculator", open(&r.query)),
        (
            "Compare with the Intel Paragon",
            compare_link([r.query.as_str(), paragon], Some(&name)),
        ),
        (
            "Open the hyperbolic fit",
            r.fits.hyperbolic.as_ref().and_then(|y| open(&y.query)),
        ),
    ]
    .into_iter()
    .filter_map(|(label, link)| Some((label, link?)))
    .collect()
}

/// A series read, as the report lists it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeriesRead {
    pub name: String,
    /// Its format and benchmark (`osu latency`).
    pub what: String,
    pub points: usize,
    /// What the reader noticed about it.
    pub notes: Vec<String>,
    /// The lines of it not used.
    pub skipped: Vec<SkippedLine>,
}

/// A line not used: its number, its text (trimmed) and why.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkippedLine {
    pub line: usize,
    pub text: String,
    pub why: String,
}

/// The panel's report: the series read with the lines not used, the fits, the warnings, the
/// links that open the fitted machine and its query (why a fit failed is shown apart, above
/// the fit it leaves on screen).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub series: Vec<SeriesRead>,
    pub fits: FitTable,
    pub warnings: Vec<String>,
    /// (label, address), as [`links`] gives them.
    pub links: Vec<(&'static str, String)>,
    pub query: String,
}

/// The report of a fit.
pub fn report(r: &FitReport) -> Report {
    let series = r
        .series
        .iter()
        .map(|s| SeriesRead {
            name: s.name.clone(),
            what: format!("{} {}", s.format.id(), s.benchmark),
            points: s.points.len(),
            notes: s.notes.clone(),
            skipped: s
                .skipped
                .iter()
                .map(|k| SkippedLine {
                    line: k.line,
                    text: k.text.trim().to_string(),
                    why: k.why.clone(),
                })
                .collect(),
        })
        .collect();
    Report {
        series,
        fits: fit_table(r),
        warnings: r.warnings.clone(),
        links: links(r),
        query: r.query.clone(),
    }
}

/// One run's row under the overlay chart: its colour and letter, the series fitted and its
/// Hockney fit (a, b, r∞, rms error).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunRow {
    pub colour: usize,
    pub letter: char,
    pub series: String,
    pub a: String,
    pub b: String,
    pub r_inf: String,
    pub rms: String,
}

/// Under the overlay chart: each run's Hockney fit in a row of its letter, and the address
/// that compares the two fitted machines.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Overlay {
    pub rows: Vec<RunRow>,
    pub compare: String,
}

/// The two runs' table and comparison link (A the first run, B the second, as charted by
/// [`overlay_plot`]).
pub fn overlay(a: &FitReport, b: &FitReport) -> Overlay {
    let rows = [a, b]
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let h = &r.fits.hockney;
            RunRow {
                colour: i,
                letter: letter(i),
                series: r.fitted_series.clone(),
                a: si(h.a_us, "µs"),
                b: si(h.b_us_per_byte, "µs/B"),
                r_inf: si(h.r_inf_mbps, "MB/s"),
                rms: percent(h.quality.rms_rel_err),
            }
        })
        .collect();
    Overlay {
        rows,
        compare: compare_link([a.query.as_str(), b.query.as_str()], None).unwrap_or_default(),
    }
}

/// The address that opens a kept machine: its parameters and its name (`fitted=`), so that
/// the page calls it by that name rather than describing the bare custom machine.
pub fn kept_link(s: &Saved) -> String {
    named(View::Calculator, s)
}

/// The address that opens a kept machine's collective check in Validate: its parameters, the
/// set and its name (the runs stay in this browser's storage).
pub fn check_link(s: &Saved) -> String {
    named(View::Validate, s)
}

/// A kept machine's address in `view` (Validate: its collective check), by its name. Every
/// kept query is a scenario (`decode_stored` skips the others); were one not, its address
/// would be the query alone, and the page opened would say why.
fn named(view: View, s: &Saved) -> String {
    let page = Page {
        view,
        set: COLLECTIVE_ID,
        fitted: Some(s.name.clone()),
        ..Page::default()
    };
    Scenario::from_query(&s.query).map_or_else(
        |_| format!("?{}", s.query),
        |scenario| link(&page, &scenario),
    )
}

/// A kept machine as the list shows it: its name, the address that opens it and the one that
/// opens its collective check (`None`: kept without a collective run).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeptEntry {
    pub name: String,
    pub link: String,
    pub check: Option<String>,
}

/// The list of kept machines, in their order.
pub fn kept_entries(list: &[Saved]) -> Vec<KeptEntry> {
    list.iter()
        .map(|s| KeptEntry {
            name: s.name.clone(),
            link: kept_link(s),
            check: s.runs.as_ref().map(|_| check_link(s)),
        })
        .collect()
}

/// Which fit the fitted machine is and why, its γ and where that comes from, and what each
/// run given was used for (series, use; none for a single run).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FittedSummary {
    pub model: &'static str,
    pub why: String,
    pub gamma: String,
    pub gamma_from: String,
    pub roles: Vec<(String, String)>,
}

/// The series of a run that can be fitted, each as (its place among those read, its name and
/// point count), and the place of the one fitted: `chosen`, else the one the fit chose.
pub fn series_choice(r: &FitReport, chosen: Option<usize>) -> (Vec<(usize, String)>, usize) {
    let offered = r
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| usable(s))
        .map(|(n, s)| (n, format!("{} ({} points)", s.name, s.points.len())))
        .collect();
    let fitted = chosen.unwrap_or_else(|| {
        r.series
            .iter()
            .position(|s| s.name == r.fitted_series)
            .unwrap_or(0)
    });
    (offered, fitted)
}

/// The summary of a fit, as the page shows it under the report.
pub fn fitted_summary(r: &FitReport) -> FittedSummary {
    let roles = if r.runs.len() > 1 {
        r.runs
            .iter()
            .map(|run| (run.series.clone(), run.used_for.clone()))
            .collect()
    } else {
        Vec::new()
    };
    FittedSummary {
        model: r.best.model,
        why: r.best.why.clone(),
        gamma: si(r.gamma.gamma_us_per_byte, "µs/B"),
        gamma_from: r.gamma.from.clone(),
        roles,
    }
}

/// `list` with entry `i` renamed to `name` (trimmed), or why not: a name the address takes
/// (1 to [`crate::page::MAX_FITTED_NAME`] characters, no control characters, no tab) and not
/// another kept machine's, since the picker and the address tell them apart by name.
pub fn renamed(list: &[Saved], i: usize, name: &str) -> Result<Vec<Saved>, String> {
    let name = name.trim();
    let n = name.chars().count();
    if !(1..=crate::page::MAX_FITTED_NAME).contains(&n) || name.chars().any(char::is_control) {
        return Err(format!(
            "a name must be 1 to {} characters, without control characters",
            crate::page::MAX_FITTED_NAME
        ));
    }
    if list
        .iter()
        .enumerate()
        .any(|(j, s)| j != i && s.name == name)
    {
        return Err(format!("another kept machine is called {name}"));
    }
    let mut out = list.to_vec();
    let entry = out
        .get_mut(i)
        .ok_or_else(|| "that machine is no longer kept".to_string())?;
    entry.name = name.to_string();
    Ok(out)
}

/// `list` without entry `i`.
pub fn without(list: &[Saved], i: usize) -> Vec<Saved> {
    let mut out = list.to_vec();
    if i < out.len() {
        out.remove(i);
    }
    out
}

/// Points on each fitted curve: enough for a smooth hyperbola on log axes.
const CURVE_POINTS: usize = 96;

/// The measured points of the fitted series that log axes can show: a 0-byte point has no
/// place on a log axis and is left out of the charts (not of the fits).
fn drawn_points(r: &FitReport) -> Vec<(f64, f64)> {
    r.series
        .iter()
        .find(|s| s.name == r.fitted_series)
        .map(|s| {
            s.points
                .iter()
                .map(|p| (p[0], p[1]))
                .filter(|p| p.0 > 0.0 && p.1 > 0.0)
                .collect()
        })
        .unwrap_or_default()
}

/// The sizes a fit's curve is drawn at, evenly spaced on the log axis from `from` to `to`.
fn log_grid(from: f64, to: f64) -> impl Iterator<Item = f64> {
    log_spaced(from, to, CURVE_POINTS)
}

/// A series in one colour: markers for measurements, a line (dashed or not) for a model.
fn series(points: Vec<(f64, f64)>, colour: usize, measured: bool, dashed: bool) -> Series {
    Series {
        points,
        colour,
        measured,
        dashed,
        optimum: None,
        letter: None,
    }
}

/// The Hockney line of a fit over `lo..hi`.
fn hockney_line(r: &FitReport, lo: f64, hi: f64) -> Vec<(f64, f64)> {
    let h = &r.fits.hockney;
    log_grid(lo, hi).map(|m| (m, h.time(m))).collect()
}

/// The smallest and largest drawn sizes, or why nothing can be drawn.
fn size_range(points: &[(f64, f64)]) -> Result<(f64, f64), String> {
    match (points.first(), points.last()) {
        (Some(lo), Some(hi)) => Ok((lo.0, hi.0)),
        _ => Err("No measured point can be drawn on log axes.".into()),
    }
}

/// The chart under the report, log–log: the measured points as dots (colour 0), the Hockney
/// line (1), the piecewise fit dashed (2) and the hyperbola (3), and the piecewise fit's
/// breakpoints marked on the size axis (where the library switches protocol).
pub fn fit_plot(r: &FitReport) -> Result<Plot, String> {
    let measured = drawn_points(r);
    let (lo, hi) = size_range(&measured)?;
    let mut out = vec![
        series(measured, 0, true, false),
        series(hockney_line(r, lo, hi), 1, false, false),
    ];
    let pieces = r
        .fits
        .piecewise
        .pieces
        .iter()
        .filter(|p| p.to_bytes > 0.0)
        .map(|p| {
            let from = p.from_bytes.max(lo);
            log_grid(from, p.to_bytes.max(from)).map(|m| (m, p.time(m)))
        });
    let pieces = pieces.flatten().filter(|p| p.1 > 0.0).collect();
    out.push(series(pieces, 2, false, true));
    if let Some(y) = &r.fits.hyperbolic {
        let block = y.block();
        let curve = log_grid(lo, hi).map(|m| (m, block.time(m)));
        out.push(series(curve.collect(), 3, false, false));
    }
    let (x, y) = axes(&out, (lo, hi), ("B", "µs"), Scale::Log);
    let mut plot = Plot::bare(x, y, out);
    plot.crossovers = breaks(r);
    Ok(plot)
}

/// The piecewise fit's breakpoints as marks on the size axis.
fn breaks(r: &FitReport) -> Vec<Mark> {
    r.fits
        .piecewise
        .breaks_bytes
        .iter()
        .filter(|b| **b > 0.0)
        .map(|&b| Mark {
            x: b,
            label: format!("break {}", si(b, "B")),
        })
        .collect()
}

/// The residual chart under the fit: each point's relative residual (model − measured) /
/// measured, in per cent, for the Hockney (colour 1), piecewise (2) and hyperbolic (3) fits,
/// against size on a log axis, with the breakpoints marked.
pub fn residual_plot(r: &FitReport) -> Result<Plot, String> {
    let percent = |q: &Quality| -> Vec<(f64, f64)> {
        q.residuals
            .iter()
            .filter(|p| p[0] > 0.0)
            .map(|p| (p[0], 100.0 * p[1]))
            .collect()
    };
    let mut out = vec![
        series(percent(&r.fits.hockney.quality), 1, true, false),
        series(percent(&r.fits.piecewise.quality), 2, true, false),
    ];
    if let Some(y) = &r.fits.hyperbolic {
        out.push(series(percent(&y.quality), 3, true, false));
    }
    let (lo, hi) = size_range(&out[0].points)?;
    // The zero line: a point on it means the fit goes through the measurement.
    out.push(series(vec![(lo, 0.0), (hi, 0.0)], 0, false, true));
    let (x, _) = axes(&out, (lo, hi), ("B", "%"), Scale::LogSize);
    let mut plot = Plot::bare(x, residual_axis(&out), out);
    plot.crossovers = breaks(r);
    Ok(plot)
}

/// The residual chart's ordinate: every residual, however large (a fit 300 % off at one
/// size is shown there, not clipped at the edge), with a tenth of the span to spare on
/// either side so that no marker sits on the frame.
fn residual_axis(series: &[Series]) -> crate::ticks::Axis {
    let (lo, hi) = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .filter(|v| v.is_finite())
        .fold((0.0_f64, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = ((hi - lo) * 0.1).max(1.0);
    crate::ticks::linear_axis(lo - pad, hi + pad, "%", 5)
}

/// Two runs on one log–log chart: each run's points and its Hockney line in its own colour
/// and letter (A the first run, B the second).
pub fn overlay_plot(a: &FitReport, b: &FitReport) -> Result<Plot, String> {
    let mut out = Vec::new();
    let mut all = (f64::INFINITY, 0.0_f64);
    for (i, r) in [a, b].into_iter().enumerate() {
        let measured = drawn_points(r);
        let (lo, hi) = size_range(&measured)?;
        all = (all.0.min(lo), all.1.max(hi));
        let mut line = series(hockney_line(r, lo, hi), i, false, i == 1);
        line.letter = Some(letter(i));
        out.push(series(measured, i, true, false));
        out.push(line);
    }
    let (x, y) = axes(&out, all, ("B", "µs"), Scale::Log);
    Ok(Plot::bare(x, y, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUERY: &str = "machine=custom&pattern=pingpong&model=hockney&alpha=1.2&beta=0.0001";

    /// A query as the page's addresses write it (`Scenario::to_query`: the default model
    /// left out, the parameters in the catalog's order).
    fn canonical(query: &str) -> String {
        Scenario::from_query(query).unwrap().to_query()
    }

    #[test]
    fn stored_machines_round_trip() {
        let list = vec![Saved::unmeasured("ib\tcluster".into(), QUERY.into())];
        let (back, problems) = decode(&encode(&list), STORAGE_KEY);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back[0].name, "ibcluster");
        assert_eq!(back[0].query, QUERY);
    }

    /// The current layout keeps the points exactly; the first layout's entries still read,
    /// without points; unreadable points are reported and the machine kept.
    #[test]
    fn kept_points_round_trip_and_old_entries_read() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/csd3-roce-osu_latency.txt"
        ));
        let item = Saved {
            name: machine_name(&r),
            query: r.query.clone(),
            points: kept_points(&r),
            runs: None,
        };
        assert_eq!(item.points.len(), r.fits.hockney.quality.residuals.len());
        let text = encode(std::slice::from_ref(&item));
        assert!(
            text.starts_with("commcalc fitted machines v3\n"),
            "{text:.60}"
        );
        let (back, problems) = decode(&text, STORAGE_KEY);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back, std::slice::from_ref(&item));
        let v1 = format!("{HEADER_V1}\nold\t{QUERY}");
        let (old, problems) = decode_stored(None, None, Some(v1.clone()));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(old, [Saved::unmeasured("old".into(), QUERY.into())]);
        let (_, problems) = decode_stored(None, None, Some("garbage".into()));
        assert!(problems[0].contains(STORAGE_KEY_V1), "{problems:?}");
        // The current key wins over the first layout's.
        assert_eq!(decode_stored(Some(text), None, Some(v1)).0, [item]);
        let (list, problems) = decode(&format!("{HEADER}\nx\t{QUERY}\t1 2;oops"), STORAGE_KEY);
        assert_eq!(list, [Saved::unmeasured("x".into(), QUERY.into())]);
        assert!(
            problems[0].contains("points of stored entry 1 (x) do not read"),
            "{problems:?}"
        );
        let many: Vec<String> = (0..=MAX_KEPT_POINTS).map(|i| format!("{i} 1")).collect();
        let (list, problems) = decode(
            &format!("{HEADER}\nx\t{QUERY}\t{}", many.join(";")),
            STORAGE_KEY,
        );
        assert!(list[0].points.is_empty() && problems.len() == 1);
    }

    /// A machine's collective runs (texts with tabs, line ends and backslashes) and the p, ppn
    /// and library typed beside them read back exactly; the second layout's entries still read,
    /// without runs; runs that do not read are reported and the machine kept.
    #[test]
    fn kept_runs_round_trip_and_older_entries_read() {
        let runs = KeptRuns {
            files: vec![
                (
                    "a\tb.txt".into(),
                    "# OSU\r\n8\t1.5\n\\n not a line end\n".into(),
                ),
                ("lat.txt".into(), String::new()),
            ],
            format: "auto".into(),
            given: Given {
                p: "64".into(),
                ppn: "3\t2".into(),
                library: Library::from_id("ompi-4.0"),
            },
        };
        let item = Saved {
            runs: Some(runs.clone()),
            ..Saved::unmeasured("ib".into(), QUERY.into())
        };
        let plain = Saved::unmeasured("plain".into(), QUERY.into());
        let text = encode(&[item.clone(), plain.clone()]);
        assert_eq!(text.lines().count(), 3, "{text}");
        let (back, problems) = decode(&text, STORAGE_KEY);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back, [item.clone(), plain.clone()]);
        assert_eq!(kept_check(&back, Some("ib")), Ok(runs));
        // The second layout: name, query and points; read while the current key is empty.
        let v2 = format!("{HEADER_V2}\nold\t{QUERY}\t1 2;3 4");
        let (old, problems) = decode_stored(None, Some(v2.clone()), Some("garbage".into()));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(old[0].points, [[1.0, 2.0], [3.0, 4.0]]);
        assert_eq!(old[0].runs, None);
        assert_eq!(decode_stored(Some(text.clone()), Some(v2), None).0.len(), 2);
        // A bad escape, a missing text or an unknown library: kept without the runs, said.
        for bad in [
            "64\t\t\tauto\ta.txt\t\\x",
            "64\t\t\tauto\ta.txt",
            "64\t\tnosuch\tauto\ta\tb",
        ] {
            let (list, problems) =
                decode(&format!("{HEADER}\nx\t{QUERY}\t1 2\t{bad}"), STORAGE_KEY);
            assert_eq!((list[0].points.len(), &list[0].runs), (1, &None), "{bad}");
            assert!(
                problems[0].contains("collective runs of stored entry 1 (x) do not read"),
                "{problems:?}"
            );
        }
        // Every other case says why in words.
        let none = kept_check(&back, None).unwrap_err();
        assert!(
            none.starts_with("This page names no kept machine"),
            "{none}"
        );
        let elsewhere = kept_check(&back, Some("other")).unwrap_err();
        assert!(elsewhere.contains("keeps no runs for other"), "{elsewhere}");
        let without = kept_check(&back, Some("plain")).unwrap_err();
        assert!(
            without.contains("plain is kept without a collective run"),
            "{without}"
        );
    }

    /// The page's fitted machine is found by name and parameters, and refitted from its points
    /// to the same fit; every other case says why in words.
    #[test]
    fn the_kept_fit_is_found_or_explained() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/csd3-roce-osu_latency.txt"
        ));
        let name = machine_name(&r);
        let item = Saved {
            name: name.clone(),
            query: r.query.clone(),
            points: kept_points(&r),
            runs: None,
        };
        let on = |q: &str| Scenario::from_query(q).unwrap();
        let s = on(&r.query);
        let (again, model) = kept_fit(std::slice::from_ref(&item), &name, &s).unwrap();
        assert_eq!(
            (again.fits.piecewise.clone(), model),
            (r.fits.piecewise.clone(), Model::Piecewise)
        );
        let (_, model) = kept_fit(
            std::slice::from_ref(&item),
            &name,
            &on(&r.fits.hockney.query),
        )
        .unwrap();
        assert_eq!(model, Model::Hockney);
        let y = r.fits.hyperbolic.as_ref().unwrap();
        let (_, model) = kept_fit(std::slice::from_ref(&item), &name, &on(&y.query)).unwrap();
        assert_eq!(model, Model::Hyperbolic);
        let err = kept_fit(&[], &name, &s).unwrap_err();
        assert!(
            err.starts_with(&format!("This browser keeps no measurements for {name}")),
            "{err}"
        );
        let bare = Saved::unmeasured(name.clone(), r.query.clone());
        let err = kept_fit(&[bare], &name, &s).unwrap_err();
        assert!(err.contains("kept without its measured points"), "{err}");
        let err = kept_fit(
            std::slice::from_ref(&item),
            &name,
            &on("machine=custom&alpha=9"),
        )
        .unwrap_err();
        assert!(
            err.contains("has other parameters than this page's"),
            "{err}"
        );
        let mut bad = item.clone();
        bad.points.swap(0, 1);
        let err = kept_fit(&[bad], &name, &s).unwrap_err();
        assert!(err.contains("cannot be fitted: kept point 2"), "{err}");
    }

    #[test]
    fn foreign_and_corrupt_entries_are_reported_and_skipped() {
        let (list, problems) = decode("{\"json\": true}", STORAGE_KEY);
        assert!(list.is_empty());
        assert!(problems[0].contains(STORAGE_KEY));
        let text =
            format!("{HEADER}\nno tab here\nbad\tmachine=nosuch\nok\t{QUERY}\nok\t{QUERY}\t");
        let (list, problems) = decode(&text, STORAGE_KEY);
        assert_eq!(list.len(), 1);
        assert_eq!(problems.len(), 3);
        assert!(problems[1].contains("machine"), "{problems:?}");
        assert!(
            problems[2].contains("stored entry 4 repeats the name ok"),
            "{problems:?}"
        );
    }

    #[test]
    fn the_report_links_the_fitted_machine() {
        let text = include_str!("../../../tests/data/measurements/csd3-roce-osu_latency.txt");
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        let r = commcalc_core::measurements::fit::fit(series).unwrap();
        let shown = report(&r);
        assert_eq!(
            shown.links[0],
            (
                "Open in the calculator",
                format!(
                    "?{}&fitted=my+machine+(fitted,+OSU+latency+5.6.3)",
                    canonical(&r.query)
                )
            )
        );
        assert!(shown.links[1]
            .1
            .contains("machine=intel-paragon;pattern=pingpong"));
        assert_eq!(shown.query, r.query);
        assert_eq!(shown.fits, fit_table(&r));
        assert_eq!(shown.series.len(), r.series.len());
        let fitted = shown
            .series
            .iter()
            .find(|s| s.name == r.fitted_series)
            .unwrap();
        assert_eq!(fitted.what, "osu latency");
        assert!(fitted.points > 20, "{fitted:?}");
        assert_eq!(machine_name(&r), "my machine (fitted, OSU latency 5.6.3)");
    }

    /// The summary under the report names the best fit and γ, and what each run was used for
    /// where several were given together.
    #[test]
    fn the_fitted_machine_is_summed_up() {
        let one = fitted_file(include_str!(
            "../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt"
        ));
        let s = fitted_summary(&one);
        assert_eq!(
            (s.model, s.why.as_str()),
            (one.best.model, one.best.why.as_str())
        );
        assert_eq!(s.gamma, si(one.gamma.gamma_us_per_byte, "µs/B"));
        assert!(s.roles.is_empty(), "{:?}", s.roles);
        let files = [
            include_str!("../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt"),
            include_str!("../../../tests/data/measurements/alaska-ib-osu_bw.txt"),
        ];
        let runs: Vec<(&str, &[u8])> =
            vec![("lat", files[0].as_bytes()), ("bw", files[1].as_bytes())];
        let list = commcalc_core::measurements::parse_runs(&runs, None).unwrap();
        let both = commcalc_core::measurements::fit::fit_series(list, None).unwrap();
        let roles = fitted_summary(&both).roles;
        assert_eq!(roles.len(), both.runs.len());
        assert_eq!(roles[1].1, both.runs[1].used_for);
    }

    /// An IMB file of many benchmarks offers each series that can be fitted, the fit's own
    /// choice first selected, then the one chosen.
    #[test]
    fn the_series_offered_are_those_that_fit() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/juno-shm-imb41_excerpt.txt"
        ));
        let (offered, fitted) = series_choice(&r, None);
        assert!(offered.len() > 2, "{offered:?}");
        assert_eq!(r.series[fitted].name, r.fitted_series);
        let (n, label) = offered.iter().find(|o| o.0 == fitted).unwrap();
        let s = &r.series[*n];
        assert_eq!(*label, format!("{} ({} points)", s.name, s.points.len()));
        assert!(offered.iter().all(|(n, _)| usable(&r.series[*n])));
        assert!(offered.len() < r.series.len() || r.series.iter().all(usable));
        let other = offered.iter().find(|o| o.0 != fitted).unwrap().0;
        assert_eq!(series_choice(&r, Some(other)).1, other);
    }

    #[test]
    fn the_picker_lists_kept_machines_and_the_named_one() {
        let kept = vec![Saved::unmeasured("ib".into(), QUERY.into())];
        let named = |name: &str| Saved::unmeasured(name.into(), "machine=custom&alpha=2".into());
        assert_eq!(picker_entries(&kept, Some(named("ib"))), kept);
        let both = picker_entries(&kept, Some(named("roce")));
        assert_eq!(both.len(), 2);
        assert_eq!(both[1].name, "roce");
        // A chosen fitted machine keeps the pattern on screen when its model offers it.
        let current = Scenario::from_query("machine=intel-paragon&pattern=broadcast").unwrap();
        let s = chosen_scenario(&kept[0], &current).unwrap();
        assert_eq!(
            s.to_query(),
            "machine=custom&pattern=broadcast&alpha=1.2&beta=0.0001"
        );
        let atm = Scenario::from_query("machine=atm-sparc20&pattern=pipelined-send").unwrap();
        let s = chosen_scenario(&kept[0], &atm).unwrap();
        assert_eq!(s.pattern.id, "pingpong", "{}", s.to_query());
        let bad = Saved::unmeasured("x".into(), "machine=custom&alpha=-1".into());
        assert!(chosen_scenario(&bad, &current)
            .unwrap_err()
            .contains("alpha"));
    }

    #[test]
    fn the_chart_holds_the_points_and_every_fit() {
        let text = include_str!("../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt");
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        let r = commcalc_core::measurements::fit::fit(series).unwrap();
        let plot = fit_plot(&r).unwrap();
        assert_eq!(plot.series.len(), 4);
        // 24 rows, the 0-byte one left out of the log chart.
        assert_eq!(plot.series[0].points.len(), 23);
        assert_eq!(plot.series[0].points[22], (4194304.0, 672.03));
        let h = &r.fits.hockney;
        let (m, t) = plot.series[1].points[10];
        assert!((t - (h.a_us + h.b_us_per_byte * m)).abs() < 1e-9);
        assert!(plot.x.lo <= 1.0 && plot.x.hi >= 4194304.0);
    }

    #[test]
    fn an_exported_machine_imports_back_and_bad_files_are_refused() {
        let m = Saved::unmeasured("ib \"A\"\tcluster".into(), QUERY.into());
        let json = export_json(&m).unwrap();
        assert_eq!(file_name(&m), "commcalc-fitted-ib-a-cluster.json");
        let back = read_exported(&json).unwrap();
        assert_eq!(back.format.as_deref(), Some(EXPORT_FORMAT));
        assert_eq!(back.name.as_deref(), Some("ib \"A\"\tcluster"), "{json}");
        assert_eq!(back.points, None, "no points, no member: {json}");
        assert_eq!(
            read_exported("{ \"name\": "),
            Err("the text is not JSON".into())
        );
        let odd = read_exported(r#"{"version": "1", "name": 3, "points": [[1, "2"], 4]}"#).unwrap();
        assert_eq!((odd.version, odd.name), (None, None));
        let points = odd.points.unwrap();
        assert!(points[0][0] == 1.0 && points[0][1].is_nan() && points[1].is_empty());
        assert_eq!(
            read_exported(r#"{"points": null}"#).unwrap().points,
            Some(vec![Vec::new()])
        );
        let mut ok = back.clone();
        ok.name = Some("ib cluster".into());
        assert_eq!(
            imported(ok.clone()).unwrap(),
            Saved::unmeasured("ib cluster".into(), QUERY.into())
        );
        let refused = |f: fn(&mut Exported), why: &str| {
            let mut e = ok.clone();
            f(&mut e);
            let err = imported(e).unwrap_err();
            assert!(err.contains(why), "{err}");
        };
        refused(|e| e.format = Some("other".into()), "`format` must be");
        refused(|e| e.version = Some(2.0), "(`version`) must be 1");
        refused(|e| e.name = None, "`name` must be 1 to 80");
        refused(|e| e.name = Some("x\ny".into()), "`name` must be 1 to 80");
        refused(
            |e| e.query = Some("machine=custom&alpha=-3".into()),
            "alpha",
        );
        refused(
            |e| e.query = Some("machine=intel-paragon".into()),
            "not the custom machine",
        );
        refused(|e| e.query = None, "`query` names intel-paragon");
        refused(|e| e.points = Some(vec![vec![1.0]]), "`points` must be");
        refused(
            |e| e.points = Some(vec![vec![8.0, -1.0]]),
            "`points` must be",
        );
        refused(
            |e| e.points = Some(vec![vec![1.0, 2.0]; MAX_KEPT_POINTS + 1]),
            "at most 512 pairs",
        );
    }

    /// The measured points travel with the exported machine, digit for digit, so that the
    /// machine imported elsewhere shows them in the Validate view.
    #[test]
    fn an_exported_machine_carries_its_points() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/csd3-ib-osu_latency.txt"
        ));
        let m = Saved {
            name: machine_name(&r),
            query: r.query.clone(),
            points: kept_points(&r),
            runs: None,
        };
        assert!(m.points.len() > 20);
        assert_eq!(
            imported(read_exported(&export_json(&m).unwrap()).unwrap()).unwrap(),
            m
        );
    }

    fn fitted_file(text: &str) -> FitReport {
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        commcalc_core::measurements::fit::fit(series).unwrap()
    }

    /// An osu_latency run killed after its header (the first two lines of a real run), pasted
    /// before a whole run: the report lists the killed run's title and column header with
    /// their numbers and why, as it lists every line not used.
    #[test]
    fn a_table_without_rows_is_listed_in_the_report() {
        let ib = include_str!("../../../tests/data/measurements/csd3-ib-osu_latency.txt");
        let roce = include_str!("../../../tests/data/measurements/csd3-roce-osu_latency.txt");
        let cut: String = ib.lines().take(2).map(|l| format!("{l}\n")).collect();
        let shown = report(&fitted_file(&(cut + roce)));
        let skipped: Vec<&SkippedLine> = shown.series.iter().flat_map(|s| &s.skipped).collect();
        for (n, text) in ib.lines().take(2).enumerate() {
            let line = SkippedLine {
                line: n + 1,
                text: text.trim().to_string(),
                why: "OSU MPI Latency Test v5.6.3: a table with no rows — the run printed its header and no measurements"
                    .into(),
            };
            assert!(skipped.contains(&&line), "{line:?} not in {skipped:?}");
        }
    }

    #[test]
    fn the_breaks_and_the_residuals_are_charted() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt"
        ));
        let plot = fit_plot(&r).unwrap();
        let marks: Vec<f64> = plot.crossovers.iter().map(|m| m.x).collect();
        assert_eq!(marks, r.fits.piecewise.breaks_bytes);
        assert!(marks.contains(&262144.0), "{marks:?}");
        assert_eq!(
            plot.crossovers[0].label,
            format!("break {}", si(marks[0], "B"))
        );
        let res = residual_plot(&r).unwrap();
        // Hockney, piecewise, hyperbolic residuals and the zero line.
        assert_eq!(res.series.len(), 4);
        // 0 B has no place on the log size axis: 23 of the 24 points.
        assert_eq!(res.series[0].points.len(), 23);
        let h = &r.fits.hockney;
        let (m, pct) = res.series[0].points[22];
        assert_eq!(m, 4194304.0);
        let model = h.a_us + h.b_us_per_byte * m;
        assert!(
            (pct - 100.0 * (model - 672.03) / 672.03).abs() < 1e-9,
            "{pct}"
        );
        let worst = res.series[1]
            .points
            .iter()
            .map(|p| p.1.abs())
            .fold(0.0, f64::max);
        assert!(worst <= 100.0 * r.fits.piecewise.quality.max_rel_err + 1e-9);
        assert!(res.y.lo < 0.0 && res.y.hi > 0.0);
    }

    /// Every residual of every run in tests/data lies inside the residual chart's ordinate,
    /// off its edges: none is clipped, however far the fit is off.
    #[test]
    fn no_residual_is_clipped() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/measurements");
        let mut charted = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read(entry.unwrap().path()).unwrap();
            let Ok(r) = commcalc_core::measurements::parse(&text, None)
                .and_then(commcalc_core::measurements::fit::fit)
            else {
                continue;
            };
            let Ok(plot) = residual_plot(&r) else {
                continue;
            };
            let margin = (plot.y.hi - plot.y.lo) * 0.02;
            for s in &plot.series {
                for &(_, v) in &s.points {
                    assert!(
                        v > plot.y.lo + margin && v < plot.y.hi - margin || v == 0.0 && s.dashed,
                        "{}: {v} on [{}, {}]",
                        r.fitted_series,
                        plot.y.lo,
                        plot.y.hi
                    );
                }
            }
            charted += 1;
        }
        assert!(charted > 10, "{charted}");
    }

    #[test]
    fn two_runs_overlay_with_their_letters() {
        let ib = fitted_file(include_str!(
            "../../../tests/data/measurements/csd3-ib-osu_latency.txt"
        ));
        let roce = fitted_file(include_str!(
            "../../../tests/data/measurements/csd3-roce-osu_latency.txt"
        ));
        let plot = overlay_plot(&ib, &roce).unwrap();
        assert_eq!(plot.series.len(), 4);
        assert_eq!(plot.series[0].points, drawn_points(&ib));
        assert_eq!(plot.series[2].points, drawn_points(&roce));
        assert_eq!(
            (plot.series[1].letter, plot.series[3].letter),
            (Some('A'), Some('B'))
        );
        assert_eq!((plot.series[1].colour, plot.series[3].colour), (0, 1));
        let table = overlay(&ib, &roce);
        assert_eq!(
            table.compare,
            format!(
                "?view=compare&c={}&c={}",
                canonical(&ib.query).replace('&', ";"),
                canonical(&roce.query).replace('&', ";")
            )
        );
        let letters: Vec<(usize, char, &str)> = table
            .rows
            .iter()
            .map(|row| (row.colour, row.letter, row.series.as_str()))
            .collect();
        assert_eq!(
            letters,
            [
                (0, 'A', ib.fitted_series.as_str()),
                (1, 'B', roce.fitted_series.as_str())
            ]
        );
        assert_eq!(table.rows[1].a, si(roce.fits.hockney.a_us, "µs"));
        assert_eq!(
            table.rows[0].rms,
            percent(ib.fits.hockney.quality.rms_rel_err)
        );
        let r = &roce.fits.hockney;
        let (m, t) = plot.series[3].points[5];
        assert!((t - (r.a_us + r.b_us_per_byte * m)).abs() < 1e-9);
    }

    /// A kept machine's link names it (the picker then shows its name, not the bare custom
    /// machine); it can be renamed to a free, valid name and deleted.
    #[test]
    fn kept_machines_are_linked_by_name_renamed_and_deleted() {
        let list = vec![
            Saved::unmeasured("ib & co".into(), QUERY.into()),
            Saved::unmeasured("roce".into(), QUERY.into()),
        ];
        let link = kept_link(&list[0]);
        assert_eq!(link, format!("?{}&fitted=ib+%26+co", canonical(QUERY)));
        let (page, query, problems) = crate::page::parse(&link);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            (page.fitted.as_deref(), query),
            (Some("ib & co"), canonical(QUERY))
        );
        let r = renamed(&list, 1, "  RoCE cluster ").unwrap();
        assert_eq!(
            (r[0].name.as_str(), r[1].name.as_str()),
            ("ib & co", "RoCE cluster")
        );
        assert!(renamed(&list, 1, "ib & co")
            .unwrap_err()
            .contains("another kept machine"));
        assert!(renamed(&list, 0, "ib & co").is_ok());
        for bad in ["", "  ", "a\tb", &"x".repeat(81)] {
            assert!(
                renamed(&list, 0, bad).unwrap_err().contains("1 to 80"),
                "{bad:?}"
            );
        }
        assert!(renamed(&list, 5, "x").is_err());
        let mut with_runs = list.clone();
        with_runs[1].runs = Some(KeptRuns::default());
        let shown = kept_entries(&with_runs);
        assert_eq!(
            shown.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
            ["ib & co", "roce"]
        );
        assert_eq!(shown[0].link, kept_link(&list[0]));
        assert_eq!(shown[0].check, None);
        assert_eq!(shown[1].check, Some(check_link(&with_runs[1])));
        assert_eq!(without(&list, 0), list[1..]);
        assert_eq!(without(&list, 7), list);
    }

    #[test]
    fn saving_replaces_by_name_and_keeps_at_most_twelve() {
        let item = |n: usize| Saved::unmeasured(format!("m{n}"), QUERY.into());
        let mut list = Vec::new();
        for n in 0..20 {
            list = with_saved(&list, item(n));
        }
        assert_eq!(list.len(), MAX_SAVED);
        assert_eq!(list[0].name, "m19");
        let again = with_saved(&list, item(15));
        assert_eq!(again.len(), MAX_SAVED);
        assert_eq!(again.iter().filter(|s| s.name == "m15").count(), 1);
    }

    /// The page's loader starts the full module for a browser that keeps fitted machines
    /// (Trunk.toml): it must look under the keys the machines are kept under.
    #[test]
    fn the_page_loader_looks_under_the_storage_keys() {
        let loader = include_str!("../../../Trunk.toml");
        for key in [STORAGE_KEY, STORAGE_KEY_V2, STORAGE_KEY_V1] {
            assert!(
                loader.contains(&format!("'{key}'")),
                "Trunk.toml's loader: {key}"
            );
        }
    }
}
