//! The Intel MPI Benchmarks' output: a header (`Intel(R) MPI Benchmarks 2019 Update 6`), then
//! for each benchmark `# Benchmarking PingPong`, `# #processes = 2`, a column header
//! (`#bytes #repetitions t[usec] Mbytes/sec`, or t_min/t_max/t_avg) and one row per size.
//! Every `#processes = N` table becomes its own series, from its `# Benchmarking` line on: a
//! table the run stopped in before its first row still lists the lines that headed it.
//! Barrier's table has no size column (`#repetitions t_min[usec] …`); its rows are listed.
//!
//! The fits use `t[usec]` (or `t_avg[usec]`), never the bandwidth column. From IMB's user
//! guide and sources: PingPong's t is half the round trip (one-way); PingPing, Sendrecv and
//! Exchange print the time of one operation and count 1, 2 and 4 messages of the size in their
//! bandwidth; "Mbytes/sec" is 2^20 B/s up to IMB 4.1/2017 and 10^6 B/s from IMB 2018 on. Each
//! file's unit is found by recomputing the bandwidth from t and compared with its version.

use super::series::{Format, Kind, Line, Parsed, Series};
use super::table::{unreadable_units, Columns};
use crate::error::Error;

const MIB: f64 = 1_048_576.0 / 1e6;

/// Whether a line is one only IMB prints.
pub(crate) fn is_marker(text: &str) -> bool {
    let t = text.trim_start_matches(['#', ' ']);
    t.starts_with("Intel(R) MPI Benchmarks")
        || t.starts_with("Intel (R) MPI Benchmarks")
        || t.starts_with("Benchmarking ")
}

/// The version after "Benchmarks": `2019`, `4.1`, `2021.3`.
fn version(text: &str) -> Option<String> {
    let after = text.split("Benchmarks").nth(1)?;
    let word = after.split_whitespace().next()?.trim_end_matches(',');
    word.starts_with(|c: char| c.is_ascii_digit())
        .then(|| word.to_string())
}

/// Messages of the size that IMB counts in a benchmark's bandwidth (its user guide).
fn messages_counted(benchmark: &str) -> f64 {
    match benchmark {
        "Sendrecv" => 2.0,
        "Exchange" => 4.0,
        _ => 1.0,
    }
}

/// IMB state while reading: version, current benchmark and its columns.
struct State {
    version: Option<String>,
    benchmark: Option<String>,
    processes: Option<u32>,
    columns: Option<Columns>,
    /// Whether the table being read has a `#repetitions` header and no size column (Barrier).
    sizeless: bool,
    /// Whether the last series is the table being read (opened by its heading lines).
    open: bool,
    /// (bytes, t µs, printed bandwidth) of the current table, for the unit check.
    rates: Vec<(f64, f64, f64)>,
}

pub(crate) fn parse(lines: &[Line]) -> Result<Parsed, Error> {
    let mut out = Parsed {
        series: Vec::new(),
        skipped: Vec::new(),
    };
    let mut st = State {
        version: None,
        benchmark: None,
        processes: None,
        columns: None,
        sizeless: false,
        open: false,
        rates: Vec::new(),
    };
    for line in lines {
        let text = line.text.trim();
        if text.is_empty() {
            continue;
        }
        if text.contains("MPI Benchmarks") && version(text).is_some() {
            st.version = version(text);
        } else if let Some(name) = text.strip_prefix("# Benchmarking ") {
            finish(&mut out, &mut st);
            st.benchmark = Some(name.trim().to_string());
            st.processes = None;
            open(&mut out, &mut st, line);
        } else if let Some(p) = text.strip_prefix("# #processes =") {
            // The process count of the table `# Benchmarking` opened, or a new table's.
            if st.columns.is_some() || st.processes.is_some() {
                finish(&mut out, &mut st);
            }
            st.processes = p.trim().parse().ok();
            open(&mut out, &mut st, line);
        } else if text.starts_with("#bytes") || text.starts_with("#repetitions") {
            start(&mut out, &mut st, line, text)?;
        } else if !text.starts_with('#') && (st.columns.is_some() || st.sizeless) {
            row(&mut out, &mut st, line, text)?;
        } else {
            out.skipped.push(line.skip(reason(text)));
        }
    }
    finish(&mut out, &mut st);
    Ok(out)
}

fn reason(text: &str) -> &'static str {
    if text.starts_with('#') {
        "IMB header or comment, not a measurement"
    } else {
        "not part of an IMB table (launcher or MPI message)"
    }
}

/// Adds a heading line (`# Benchmarking`, `# #processes`, the column header) to the table
/// being read, opening one if none is, and names the table after what the lines said so far.
/// The table is a series from its first heading line on, so that a run stopped before its
/// first row still accounts for those lines.
fn open(out: &mut Parsed, st: &mut State, line: &Line) {
    if !st.open {
        out.series.push(Series::new(Format::Imb, "", ""));
        st.open = true;
    }
    let Some(s) = out.series.last_mut() else {
        return;
    };
    let benchmark = st.benchmark.clone().unwrap_or_else(|| "unnamed".into());
    s.name = match st.processes {
        Some(p) => format!("IMB {benchmark}, {p} processes"),
        None => format!("IMB {benchmark}"),
    };
    s.kind = if benchmark == "PingPong" {
        Kind::OneWay
    } else {
        Kind::Operation
    };
    s.benchmark = benchmark;
    s.version = st.version.clone();
    s.processes = st.processes;
    s.heading_line(line);
}

/// A column header gives the table being read its columns (a second header, a new table of
/// the same benchmark and process count). Barrier's `#repetitions t_min[usec] …` has no size
/// column: it heads a table whose rows are listed, a time per barrier with no size to fit.
fn start(out: &mut Parsed, st: &mut State, line: &Line, text: &str) -> Result<(), Error> {
    let names: Vec<&str> = text.split_whitespace().collect();
    let columns = Columns::pick(&names)
        .transpose()
        .map_err(|why| unreadable_units(line.number, why))?;
    let sizeless = text.starts_with("#repetitions");
    if columns.is_none() && !sizeless {
        out.skipped
            .push(line.skip("an IMB column header without a time column"));
        return Ok(());
    }
    if st.columns.is_some() || st.sizeless {
        finish(out, st);
    }
    open(out, st, line);
    if let (Some(s), Some(c)) = (out.series.last_mut(), &columns) {
        s.notes.push(format!("times from `{}`", c.value_name));
    }
    st.columns = columns;
    st.sizeless = sizeless;
    st.rates.clear();
    Ok(())
}

fn row(out: &mut Parsed, st: &mut State, line: &Line, text: &str) -> Result<(), Error> {
    if let (true, Some(series)) = (st.sizeless, out.series.last_mut()) {
        series.row_at(line.number);
        out.skipped.push(line.skip(
            "a row of a table without message sizes (IMB's Barrier): a time per barrier, \
             nothing to fit to a size",
        ));
        return Ok(());
    }
    let (Some(cols), Some(series)) = (st.columns.as_ref(), out.series.last_mut()) else {
        out.skipped.push(line.skip("a row outside any IMB table"));
        return Ok(());
    };
    if let Some(why) = failed_sample(text) {
        series.row_at(line.number);
        out.skipped.push(line.skip(why));
        return Ok(());
    }
    let cells: Vec<&str> = text.split_whitespace().collect();
    match cols.read(&cells) {
        Ok((bytes, t)) => {
            series.push(line.number, bytes, t)?;
            if let Some(bw) = cols.bandwidth_of(&cells) {
                st.rates.push((bytes, t, bw));
            }
        }
        Err(why) => {
            if cols.is_row(&cells) {
                series.row_at(line.number);
            }
            out.skipped
                .push(line.skip(format!("not a measurement: {why}")));
        }
    }
    Ok(())
}

/// Why IMB printed no time for a size: its output routine writes the size, then
/// `out-of-mem.`, `time-out.` or `int-overflow.` with advice, in place of the numbers. Said
/// in IMB's terms, rather than as the word that happens to sit in the t column.
fn failed_sample(text: &str) -> Option<&'static str> {
    [
        (
            "out-of-mem.",
            "not measured: IMB had not the memory for this size (`-mem X` raises its limit)",
        ),
        (
            "time-out.",
            "not measured: IMB stopped at its time limit before this size (`-time X` raises it)",
        ),
        (
            "int-overflow.",
            "not measured: rank count × size overflows an int in IMB",
        ),
    ]
    .into_iter()
    .find(|(word, _)| text.contains(word))
    .map(|(_, why)| why)
}

/// Ends the current table: records which unit its bandwidth column used.
fn finish(out: &mut Parsed, st: &mut State) {
    st.open = false;
    st.sizeless = false;
    if st.columns.take().is_none() {
        return;
    }
    if let Some(series) = out.series.last_mut() {
        if let Some(note) = unit_check(series, &st.rates) {
            series.notes.push(note);
        }
    }
    st.rates.clear();
}

/// Recomputes the bandwidth from t and says whether "Mbytes/sec" meant 10^6 or 2^20 B/s,
/// and whether that agrees with the IMB version.
fn unit_check(series: &Series, rates: &[(f64, f64, f64)]) -> Option<String> {
    let k = messages_counted(&series.benchmark);
    let mut ratios: Vec<f64> = rates
        .iter()
        .filter(|(m, t, bw)| *m > 0.0 && *t > 0.0 && *bw >= 10.0)
        .map(|(m, t, bw)| k * m / t / bw)
        .collect();
    if ratios.is_empty() {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    let found = if (median - 1.0).abs() < 0.01 {
        "10^6"
    } else if (median - MIB).abs() < 0.01 {
        "2^20"
    } else {
        return Some(format!(
            "the Mbytes/sec column matches neither 10^6 nor 2^20 B/s (t-based bandwidth / printed = {median:.4}); it is not used"
        ));
    };
    let expected = series.version.as_deref().map(expected_unit);
    let agreement = match expected {
        Some(e) if e == found => " as its version says".to_string(),
        Some(e) => format!(" although its version suggests {e} B/s"),
        None => String::new(),
    };
    Some(format!(
        "Mbytes/sec is {found} B/s in this table{agreement} (checked against t: ratio {median:.4}); the fit uses t only"
    ))
}

/// The unit IMB's version implies: 2^20 B/s up to 4.1 and 2017, 10^6 B/s from 2018 on.
fn expected_unit(version: &str) -> &'static str {
    let major: u32 = version
        .split(['.', ' '])
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    if major >= 2018 {
        "10^6"
    } else {
        "2^20"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_units() {
        let v = version("#    Intel(R) MPI Benchmarks 2019 Update 6, MPI-1 part");
        assert_eq!(v.as_deref(), Some("2019"));
        let v = version("#    Intel (R) MPI Benchmarks 4.1, MPI-1 part");
        assert_eq!(v.as_deref(), Some("4.1"));
        assert_eq!(expected_unit("4.1"), "2^20");
        assert_eq!(expected_unit("2017"), "2^20");
        assert_eq!(expected_unit("2021.3"), "10^6");
    }
}
