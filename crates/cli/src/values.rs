//! The value parsers of the options: each splits the text and checks it against the core's
//! limits and accepted values, and says what it expected; clap names the option and the value.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use commcalc_core::collectives::export::Format as ExportFormat;
use commcalc_core::collectives::library::Library;
use commcalc_core::collectives::winner::MAX_AXIS;
use commcalc_core::measurements::Format;
use commcalc_core::query::{MAX_BYTES, P_RANGE};
use commcalc_core::traffic::sweep::Sweep;
use commcalc_core::units::parse_size;
use commcalc_core::Error;

/// A measurement format, or `None` to detect each file's (`--format auto`).
pub type Detected = Option<Format>;

/// The process counts of `--p`: one value of the command line, not one per count.
pub type ProcessCounts = Vec<u32>;

/// A whole number from `lo` to `hi`.
pub fn count(lo: usize, hi: usize) -> impl TypedValueParser<Value = usize> {
    move |value: &str| {
        value
            .parse::<usize>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("expected a whole number from {lo} to {hi}"))
    }
}

/// A whole number from `lo` up.
pub fn at_least(lo: usize) -> impl TypedValueParser<Value = usize> {
    move |value: &str| {
        value
            .parse::<usize>()
            .ok()
            .filter(|n| *n >= lo)
            .ok_or_else(|| format!("expected a whole number from {lo} up"))
    }
}

/// A whole number from `lo` to `hi`, as a process count.
pub fn count32(lo: u32, hi: u32) -> impl TypedValueParser<Value = u32> {
    count(lo as usize, hi as usize).map(|n| n as u32)
}

/// `auto` or one of the core's measurement formats.
pub fn measurement_format() -> impl TypedValueParser<Value = Detected> {
    let ids = std::iter::once("auto").chain(Format::ALL.map(Format::id));
    PossibleValuesParser::new(ids).try_map(|id| Format::from_id(&id))
}

/// One of the core's export formats.
pub fn export_format() -> impl TypedValueParser<Value = ExportFormat> {
    PossibleValuesParser::new(ExportFormat::ALL.map(ExportFormat::id))
        .try_map(|id| ExportFormat::from_id(&id))
}

/// `KEY=FROM:TO:STEPS`, e.g. `hit=0:0.9:10`, as the core reads it.
pub fn sweep(spec: &str) -> Result<Sweep, String> {
    spec.parse::<Sweep>().map_err(expected)
}

/// What the core expected of a value clap has already named with its option.
fn expected(e: Error) -> String {
    match e {
        Error::InvalidValue { expected, .. } => format!("expected {expected}"),
        other => other.to_string(),
    }
}

/// `2,4,8`: process counts in the core's range, at most as many as a winner map has rows.
pub fn process_counts(value: &str) -> Result<ProcessCounts, String> {
    let (lo, hi) = P_RANGE;
    let ps: ProcessCounts = value
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<u32>()
                .ok()
                .filter(|p| (lo..=hi).contains(p))
        })
        .collect::<Option<_>>()
        .ok_or_else(|| {
            format!("expected process counts from {lo} to {hi} separated by commas, e.g. 2,4,8")
        })?;
    if ps.len() > MAX_AXIS {
        return Err(format!(
            "{} process counts; expected at most {MAX_AXIS}",
            ps.len()
        ));
    }
    if let Some(p) = ps
        .iter()
        .enumerate()
        .find_map(|(i, p)| ps[..i].contains(p).then_some(p))
    {
        return Err(format!(
            "{p} is given more than once; expected each process count once"
        ));
    }
    Ok(ps)
}

/// `1:4M`: a size range in whole bytes (the map's sizes are whole bytes, and a range that
/// starts between two would start at neither), FROM below TO, both from 1 B to the core's
/// largest size.
pub fn size_range(value: &str) -> Result<(f64, f64), String> {
    let parsed = value
        .split_once(':')
        .and_then(|(a, b)| Some((parse_size(a.trim())?, parse_size(b.trim())?)));
    match parsed {
        Some((a, b))
            if a >= 1.0 && a < b && b <= MAX_BYTES && a.fract() == 0.0 && b.fract() == 0.0 =>
        {
            Ok((a, b))
        }
        _ => Err(format!(
            "expected FROM:TO in whole bytes, 1 ≤ FROM < TO ≤ {MAX_BYTES:e}, e.g. 1:4M"
        )),
    }
}

/// One of the core's libraries with fixed rules.
pub fn library() -> impl TypedValueParser<Value = Library> {
    PossibleValuesParser::new(Library::ALL.map(Library::id))
        .try_map(|id| Library::from_id(&id).ok_or("not a library"))
}

/// `KEY=VALUE`.
pub fn key_value(v: &str) -> Result<(String, String), String> {
    v.split_once('=')
        .map(|(k, x)| (k.to_string(), x.to_string()))
        .ok_or_else(|| "expected KEY=VALUE, e.g. --set gamma=0.0003".to_string())
}
