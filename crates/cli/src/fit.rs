//! `commcalc fit`: benchmark output in, the series, the fits and a query for the fitted machine
//! out. Reading files is the only I/O; parsing and fitting are the core's.

use std::fmt::Write as _;
use std::io::Read;

use commcalc_core::measurements::fit::{fit as fit_models, FitReport};
use commcalc_core::measurements::{
    given_processes, parse_runs, too_large, Format, Series, MAX_INPUT_BYTES,
};
use commcalc_core::units::{si, sig3};

use crate::args::{FitOptions, Usage};

/// Unused lines shown per series in the table (all of them are in `--json`).
const SHOWN_SKIPPED: usize = 12;

/// The series of several files of one cluster, each named by its file (the core's
/// `parse_runs`, as the page reads files dropped together).
pub(crate) fn read_runs(files: &[String], format: Option<Format>) -> Result<Vec<Series>, Usage> {
    // A run given twice would be fitted twice (standard input, read again, is empty).
    if let Some((_, twice)) = files
        .iter()
        .enumerate()
        .find(|(i, f)| files[..*i].contains(f))
    {
        let what = match twice.as_str() {
            "-" => "standard input (-)".to_string(),
            file => file.to_string(),
        };
        return Err(Usage(format!(
            "{what} is given more than once: give each run once"
        )));
    }
    let mut inputs: Vec<(&str, Vec<u8>)> = Vec::new();
    for file in files {
        inputs.push((file, read(file)?));
    }
    let named: Vec<(&str, &[u8])> = inputs.iter().map(|(f, b)| (*f, b.as_slice())).collect();
    parse_runs(&named, format).map_err(|e| Usage(e.to_string()))
}

pub fn fit(options: &FitOptions) -> Result<String, Usage> {
    let mut series = read_runs(&options.files, options.read.format)?;
    let unused_p = options.read.p.and_then(|p| given_processes(&mut series, p));
    let mut report = fit_models(series).map_err(|e| Usage(format!("cannot fit: {e}")))?;
    report.warnings.extend(unused_p);
    if options.json {
        let mut json = serde_json::to_string(&report)
            .map_err(|e| Usage(format!("cannot encode the fit as JSON: {e}")))?;
        json.push('\n');
        Ok(json)
    } else {
        Ok(table(&report))
    }
}

/// A file's bytes (standard input for `-`), refusing more than the core accepts without
/// reading all of it.
pub(crate) fn read(file: &str) -> Result<Vec<u8>, Usage> {
    let limit = MAX_INPUT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let result = if file == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    result.map_err(|e| Usage(format!("cannot read {file}: {e}")))?;
    if bytes.len() > MAX_INPUT_BYTES {
        // Only the limit was read: the size is the file's own (unknown for a stream).
        let size = std::fs::metadata(file).ok().filter(|_| file != "-");
        let error = too_large(size.map(|m| m.len() as f64));
        return Err(Usage(format!("{file}: {error}")));
    }
    Ok(bytes)
}

fn table(r: &FitReport) -> String {
    let mut out = String::new();
    for s in &r.series {
        series_lines(&mut out, s);
    }
    let h = &r.fits.hockney;
    let _ = writeln!(out, "\nfits to {} (relative error):", r.fitted_series);
    let _ = writeln!(
        out,
        "  hockney     a = {}, b = {} → r∞ {}, n½ {}; rms {}, max {}",
        si(h.a_us, "µs"),
        si(h.b_us_per_byte, "µs/B"),
        si(h.r_inf_mbps, "MB/s"),
        si(h.n_half_bytes, "B"),
        percent(h.quality.rms_rel_err),
        percent(h.quality.max_rel_err)
    );
    let p = &r.fits.piecewise;
    let pieces = p.pieces_text();
    let _ = writeln!(
        out,
        "  piecewise   {}; rms {}, max {}",
        pieces.join("; "),
        percent(p.quality.rms_rel_err),
        percent(p.quality.max_rel_err)
    );
    if let Some(y) = &r.fits.hyperbolic {
        let _ = writeln!(
            out,
            "  hyperbolic  a = {}, b = {} → r∞ {}, n½ {}; rms {}, max {}",
            si(y.a_us, "µs"),
            si(y.b_us_per_byte, "µs/B"),
            si(y.r_inf_mbps, "MB/s"),
            si(y.n_half_bytes, "B"),
            percent(y.quality.rms_rel_err),
            percent(y.quality.max_rel_err)
        );
    }
    loggp_line(&mut out, r);
    let _ = writeln!(out, "\nfitted machine: {}, {}", r.best.model, r.best.why);
    let _ = writeln!(out, "query  {}", r.query);
    for other in [&r.fits.hockney.query, &r.fits.piecewise.query]
        .into_iter()
        .chain(r.fits.hyperbolic.as_ref().map(|y| &y.query))
        .filter(|q| **q != r.query)
    {
        let _ = writeln!(out, "       {other}");
    }
    let _ = writeln!(
        out,
        "gamma  {}, {}",
        si(r.gamma.gamma_us_per_byte, "µs/B"),
        r.gamma.from
    );
    if r.runs.len() > 1 {
        let _ = writeln!(out, "\nruns:");
        for run in &r.runs {
            let _ = writeln!(out, "  {}: {}", run.series, run.used_for);
        }
    }
    let _ = writeln!(out, "\nwarnings: {}", warnings(&r.warnings));
    out
}

fn series_lines(out: &mut String, s: &Series) {
    let version = s
        .version
        .as_deref()
        .map(|v| format!(" {v}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{} — {}{version} {}, {} point(s), {} line(s) not used",
        s.name,
        s.format.id(),
        s.benchmark,
        s.points.len(),
        s.skipped.len()
    );
    for note in &s.notes {
        let _ = writeln!(out, "  note: {note}");
    }
    for k in s.skipped.iter().take(SHOWN_SKIPPED) {
        let _ = writeln!(
            out,
            "  line {} not used ({}): {}",
            k.line,
            k.why,
            k.text.trim()
        );
    }
    if s.skipped.len() > SHOWN_SKIPPED {
        let _ = writeln!(
            out,
            "  … {} more lines not used (all are listed by --json)",
            s.skipped.len() - SHOWN_SKIPPED
        );
    }
}

fn loggp_line(out: &mut String, r: &FitReport) {
    let Some(l) = &r.fits.loggp else {
        return;
    };
    let mut parts = vec![format!("L + 2o = {}", si(l.l_plus_2o, "µs"))];
    if let Some(o) = l.o {
        parts.push(format!("o = {}", si(o, "µs")));
    }
    if let Some(big_l) = l.l {
        parts.push(format!("L = {}", si(big_l, "µs")));
    }
    parts.push(match l.g {
        Some(g) => format!("g = {}", si(g, "µs")),
        None => "g unknown (needs a bandwidth run)".into(),
    });
    parts.push(format!("G = {}", si(l.big_g, "µs/B")));
    let _ = writeln!(out, "  loggp       {} (from {})", parts.join(", "), l.from);
}

fn percent(x: f64) -> String {
    format!("{} %", sig3(100.0 * x))
}

fn warnings(w: &[String]) -> String {
    if w.is_empty() {
        "none".into()
    } else {
        format!("\n  {}", w.join("\n  "))
    }
}
