//! Netgauge's LogGP module (`netgauge -x loggp`, Hoefler et al., "Netgauge: A Network
//! Performance Measurement Framework", HPCC 2007), in either of its two outputs:
//!
//! - the console: for each size a `Testing N bytes` line, four `n is …, d is …, o_r is …,
//!   s is …, the median latency in the test is T (us)` lines (its parametrised round trips
//!   PRTT(n, d, s)) and a summary ` L=…  s=…  o_s=…  o_r=…  g=…  G=…` (µs and µs/B; `-nan`
//!   where it cannot tell yet);
//! - the file `-o FILE` names: three `#` header lines, the first
//!   `# size n PRTT(1,0,s) PRTT(n,0,s) PRTT(n,PRTT(1,0,s),s) L o_s o_r g G lsqu(g,G)`, then one
//!   row of those eleven numbers per size, separated by single spaces (`ptrn_loggp.c`:
//!   `loggp_do_benchmarks` writes the header, `printparams` the row with
//!   `"%lu %i %lf %lf %lf %lf %lf %lf %lf %lf %lf\n"`, right after the console's summary).
//!
//! Both are read by one mechanism: a line becomes named fields (the console's own names, the
//! file's header names by column), and the same functions take the one-way point and the
//! LogGP row from the fields. Points: PRTT(1, 0, s) is one message's round trip, so half of it
//! is the one-way time of size s (Netgauge's own L is PRTT(1, 0, 1)/2). The LogGP rows are
//! kept as they are for the LogGP fit. When Netgauge detects a protocol change it prints the
//! parameters of a size twice (the old fit's g and G, then the new one's): both rows are kept,
//! the size's point once.

use super::series::{Format, Kind, Line, LogGpRow, Parsed, Series};
use super::table::{number, size};
use crate::error::Error;

/// The first header line of the `-o` file.
const FILE_HEADER: &str = "# size n PRTT(1,0,s) PRTT(n,0,s) PRTT(n,PRTT(1,0,s),s)";

/// The `-o` file's columns, named as the console names the same values (the single round
/// trip's median as the `n is 1, d is 0` line calls it).
const FILE_COLUMNS: [&str; 11] = [
    "s",
    "n",
    ROUND_TRIP,
    "PRTT(n,0,s)",
    "PRTT(n,d,s)",
    "L",
    "o_s",
    "o_r",
    "g",
    "G",
    "lsqu(g,G)",
];

/// The field of a round trip's median time, in µs.
const ROUND_TRIP: &str = "the median latency in the test";

/// Whether a line is one only Netgauge prints.
pub(crate) fn is_marker(text: &str) -> bool {
    text.contains("Netgauge v")
        || (text.trim_start().starts_with("L=") && text.contains("o_s="))
        || text.trim_start().starts_with(FILE_HEADER)
}

type Fields = Vec<(String, String)>;

/// The `key=value` or `key is value` fields of a line, in order.
fn fields(text: &str, separator: &str) -> Fields {
    let parts: Vec<&str> = match separator {
        "=" => text.split_whitespace().collect(),
        _ => text.split(',').collect(),
    };
    parts
        .iter()
        .filter_map(|p| p.split_once(separator))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// A row of the `-o` file as named fields: `Ok(None)` when the line is not a row of numbers,
/// `Err` with the reason when it is one with the wrong number of columns.
fn file_row(text: &str) -> Result<Option<Fields>, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let numeric = |t: &&str| t.parse::<f64>().is_ok();
    if tokens.is_empty() || size(tokens[0]).is_none() || !tokens.iter().all(numeric) {
        return Ok(None);
    }
    if tokens.len() != FILE_COLUMNS.len() {
        return Err(format!(
            "a row of {} numbers where Netgauge's -o file has {} (size n PRTT(1,0,s) \
             PRTT(n,0,s) PRTT(n,d,s) L o_s o_r g G lsqu(g,G))",
            tokens.len(),
            FILE_COLUMNS.len()
        ));
    }
    Ok(Some(
        FILE_COLUMNS
            .iter()
            .zip(tokens)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    ))
}

fn field<'f>(fields: &'f [(String, String)], key: &str) -> Option<&'f str> {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// A LogGP row; `None` when a field Netgauge always prints is missing or not a number.
fn loggp_row(f: &[(String, String)]) -> Option<LogGpRow> {
    let num = |k| field(f, k).and_then(number);
    Some(LogGpRow {
        size_bytes: field(f, "s").and_then(size)?,
        l: num("L")?,
        o_s_us: num("o_s")?,
        o_r_us: num("o_r")?,
        g_us: num("g"),
        big_g: num("G"),
    })
}

/// (s, PRTT(1, 0, s)) of a console round-trip line's fields: `None` unless it is the single
/// message's (`n is 1, d is 0, o_r is 0`).
fn single_round_trip(f: &[(String, String)]) -> Option<(f64, f64)> {
    let zero = |k| field(f, k).and_then(number) == Some(0.0);
    if field(f, "n").and_then(number) != Some(1.0) || !zero("d") || !zero("o_r") {
        return None;
    }
    round_trip(f)
}

/// (s, median round trip) of fields that hold a single message's round trip.
fn round_trip(f: &[(String, String)]) -> Option<(f64, f64)> {
    let s = field(f, "s").and_then(size)?;
    let t = field(f, ROUND_TRIP)?.trim_end_matches("(us)").trim();
    Some((s, number(t)?))
}

/// Adds a size's one-way time, half its single-message round trip. A size repeated with
/// the same time (the `-o` file's second row at a protocol change) adds nothing.
fn add_point(s: &mut Series, line: usize, (bytes, prtt): (f64, f64)) -> Result<(), Error> {
    if s.points.last() == Some(&[bytes, prtt / 2.0]) {
        return Ok(());
    }
    s.push(line, bytes, prtt / 2.0)
}

/// Adds a size's LogGP row, or lists the line when a field it needs is missing.
fn add_row(s: &mut Series, out: &mut Parsed, line: &Line, f: &[(String, String)]) {
    match loggp_row(f) {
        Some(row) => {
            s.loggp.push(row);
            s.row_at(line.number);
        }
        None => out
            .skipped
            .push(line.skip("a LogGP row without a number for L, s, o_s or o_r")),
    }
}

/// The note on a series read from the `-o` file.
const FILE_NOTE: &str = "read from Netgauge's -o file: size n PRTT(1,0,s) PRTT(n,0,s) \
                         PRTT(n,d,s) L o_s o_r g G lsqu(g,G) per row";

/// A row of the `-o` file: the size's point and its LogGP row, from the same fields. The line
/// is listed as not used only when neither is there.
fn add_file_row(
    s: &mut Series,
    out: &mut Parsed,
    line: &Line,
    f: &[(String, String)],
) -> Result<(), Error> {
    if !s.notes.iter().any(|n| n == FILE_NOTE) {
        s.notes.push(FILE_NOTE.into());
    }
    let point = round_trip(f);
    let row = loggp_row(f);
    if point.is_none() && row.is_none() {
        out.skipped.push(
            line.skip(
                "a row of the -o file without a number for PRTT(1,0,s), nor for L, o_s and o_r",
            ),
        );
    }
    if let Some(point) = point {
        add_point(s, line.number, point)?;
    }
    s.loggp.extend(row);
    s.row_at(line.number);
    Ok(())
}

/// The banner's version, if the line is Netgauge's banner.
fn banner_version(text: &str) -> Option<Option<String>> {
    let at = text.find("Netgauge v")?;
    let rest = &text[at + "Netgauge v".len()..];
    Some(rest.split_whitespace().next().map(str::to_string))
}

/// One non-blank line of either output.
fn read_line(s: &mut Series, out: &mut Parsed, line: &Line) -> Result<(), Error> {
    let text = line.text.trim();
    if let Some(version) = banner_version(text) {
        s.name = format!("Netgauge LogGP v{}", version.as_deref().unwrap_or("?"));
        s.version = version;
    } else if text.starts_with("L=") {
        add_row(s, out, line, &fields(text, "="));
    } else if let Some(point) = single_round_trip(&fields(text, " is ")) {
        add_point(s, line.number, point)?;
    } else if text.starts_with("n is ") {
        out.skipped.push(line.skip(
            "a round trip with several messages or a delay: Netgauge's input to o and g, \
             summarised in its L/o/g/G line",
        ));
    } else if text.starts_with(FILE_HEADER) {
        // The -o file's column header: its columns are read by position.
    } else if text.starts_with("# to get ") {
        out.skipped
            .push(line.skip("a gnuplot hint in the -o file's header"));
    } else {
        match file_row(text) {
            Ok(Some(f)) => add_file_row(s, out, line, &f)?,
            Ok(None) => out.skipped.push(line.skip("not a Netgauge measurement")),
            Err(why) => out.skipped.push(line.skip(why)),
        }
    }
    Ok(())
}

/// A run's series, before its banner or header says more.
fn run() -> Series {
    let mut s = Series::new(Format::Netgauge, "Netgauge LogGP", "loggp");
    s.kind = Kind::OneWay;
    s.notes
        .push("one-way time = PRTT(1, 0, s)/2, Netgauge's single-message round trip".into());
    s
}

/// Each banner and each `-o` file header opens a run of its own (several runs pasted one
/// after the other, or a run killed after its banner); lines before the first belong to an
/// unnamed run, as in an excerpt that starts at its rows.
pub(crate) fn parse(lines: &[Line]) -> Result<Parsed, Error> {
    let mut out = Parsed {
        series: Vec::new(),
        skipped: Vec::new(),
    };
    let mut s = run();
    for line in lines.iter().filter(|l| !l.text.trim().is_empty()) {
        let text = line.text.trim();
        if banner_version(text).is_some() || text.starts_with(FILE_HEADER) {
            out.series.push(std::mem::replace(&mut s, run()));
            s.heading_line(line);
        }
        read_line(&mut s, &mut out, line)?;
    }
    out.series.push(s);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_rows_keep_nan_as_none() {
        let t = " L=1.958548  s=1  o_s=0.216185  o_r=1.775504  g=-nan  G=-nan (-nan GiB/s) lsqu(g,G)=-nan ";
        let r = loggp_row(&fields(t, "=")).unwrap();
        assert_eq!(
            (r.size_bytes, r.l, r.g_us, r.big_g),
            (1.0, 1.958548, None, None)
        );
        let t = "n is 1, d is 0.000000, o_r is 0, s is 1025, the median latency in the test is 5.801015 (us)";
        assert_eq!(
            single_round_trip(&fields(t, " is ")),
            Some((1025.0, 5.801015))
        );
        let t = "n is 10, d is 0.000000, o_r is 0, s is 1025, the median latency in the test is 35.2 (us)";
        assert_eq!(single_round_trip(&fields(t, " is ")), None);
    }

    #[test]
    fn file_rows_name_their_columns_as_the_console_does() {
        // The first row Netgauge's printparams writes, "-nan" where g and G are unknown.
        let f =
            file_row("1 10 3.917096 19.606743 41.116625 1.958548 0.216185 1.775504 -nan -nan -nan")
                .unwrap()
                .unwrap();
        assert_eq!(round_trip(&f), Some((1.0, 3.917096)));
        let r = loggp_row(&f).unwrap();
        assert_eq!(
            (r.l, r.o_s_us, r.o_r_us, r.g_us),
            (1.958548, 0.216185, 1.775504, None)
        );
        assert_eq!(file_row("Testing 1 bytes 100 times:"), Ok(None));
        assert!(file_row("1 10 3.9")
            .unwrap_err()
            .contains("a row of 3 numbers"));
    }
}
