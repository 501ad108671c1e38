//! Measurements a person pastes: the text output of the OSU Micro-Benchmarks, the Intel MPI
//! Benchmarks, Netgauge's LogGP module or a CSV table, read into series of (message size, time)
//! points that the fits in [`fit`] turn into a machine the rest of commcalc can use.
//!
//! Real captures are messy (launcher warnings between rows, `[1,0]<stdout>:` prefixes, several
//! runs in one file), so every parser works line by line, keeps what it recognises and lists
//! every other non-blank line with its number and the reason it was not used: nothing is
//! dropped silently. Times are stored as one-way (or per-operation) microseconds, whatever the
//! benchmark printed; the conversions are documented where they happen.

mod csv;
pub mod fit;
mod imb;
mod netgauge;
mod osu;
mod series;
mod table;
mod unit;

use crate::error::Error;
pub use series::{Format, Kind, LogGpRow, Series, Skipped};
use series::{Line, Parsed};

/// The largest input accepted, in bytes. A benchmark's output is a few kilobytes; a paste of
/// many megabytes is a wrong file, and reading it would only make the page unresponsive.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// Reads benchmark output. `format` is `None` to detect it. The result has at least one
/// series with at least one point; each series carries the unused lines of its part of the
/// input.
pub fn parse(input: &[u8], format: Option<Format>) -> Result<Vec<Series>, Error> {
    let text = text_of(input)?;
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .map(|(i, raw)| Line {
            number: i + 1,
            text: untagged(raw.trim_end_matches('\r')),
            raw,
        })
        .collect();
    let format = match format {
        Some(f) => f,
        None => detect(&lines)?,
    };
    let parsed = match format {
        Format::Osu => osu::parse(&lines)?,
        Format::Imb => imb::parse(&lines)?,
        Format::Netgauge => netgauge::parse(&lines)?,
        Format::Csv => csv::parse(&lines)?,
    };
    assemble(parsed, format)
}

/// Gives `p` to the collective runs that do not print their process count (OSU's: the job
/// script has it), so that a reduction run can give γ (`fit::combine`); a count the run prints
/// (IMB's `#processes`) is its own and kept. Returns why `p` went to no run, where it did: a
/// count given for nothing must not pass in silence (the fit's warnings carry it).
pub fn given_processes(series: &mut [Series], p: u32) -> Option<String> {
    let mut given = false;
    for s in series
        .iter_mut()
        .filter(|s| s.kind == Kind::Operation && s.processes.is_none())
    {
        s.processes = Some(p);
        given = true;
    }
    let own: Vec<&str> = series
        .iter()
        .filter(|s| s.kind == Kind::Operation)
        .map(|s| s.name.as_str())
        .collect();
    match (given, own.is_empty()) {
        (true, _) => None,
        (false, true) => Some(format!(
            "p = {p} was not used: no collective run among the inputs (it gives the process \
             count of the collective runs that do not print theirs, OSU's)"
        )),
        (false, false) => Some(format!(
            "p = {p} was not used: each collective run prints its own process count, which \
             wins: {}",
            own.join("; ")
        )),
    }
}

/// The refusal of an input above [`MAX_INPUT_BYTES`] of `bytes` bytes (`None` where only that
/// it is above is known: the CLI reads no more of a stream than the limit). The limit is 8 MiB,
/// and sizes are given in the same binary unit: in decimal megabytes a 52 MB file read up to
/// the limit was "8.4 MB, above the limit of 8 MB".
pub fn too_large(bytes: Option<f64>) -> Error {
    const MIB: f64 = 1024.0 * 1024.0;
    let limit = MAX_INPUT_BYTES as f64 / MIB;
    Error::Measurement {
        line: None,
        problem: match bytes {
            Some(b) => format!(
                "the input is {:.1} MiB, above the limit of {limit} MiB",
                b / MIB
            ),
            None => format!("the input is above the limit of {limit} MiB"),
        },
        expected: "one benchmark's output (a few kilobytes); split the file".into(),
    }
}

/// Reads several runs of one cluster given together (files, each named), as `commcalc fit
/// FILE...` and the page's import read them: each input's series, named `name: title` when
/// there is more than one input, all in one list for [`fit::fit`] to combine. A refused input
/// is refused by its name.
pub fn parse_runs(inputs: &[(&str, &[u8])], format: Option<Format>) -> Result<Vec<Series>, Error> {
    let mut out = Vec::new();
    for (name, bytes) in inputs {
        let series = parse(bytes, format).map_err(|e| match e {
            Error::Measurement {
                line,
                problem,
                expected,
            } => Error::Measurement {
                line: None,
                // A pasted text has no name: its line alone, as one input's error reads.
                problem: match (line, name.is_empty()) {
                    (Some(n), false) => format!("{name}, line {n}: {problem}"),
                    (None, false) => format!("{name}: {problem}"),
                    (Some(n), true) => format!("line {n}: {problem}"),
                    (None, true) => problem,
                },
                expected,
            },
            other => other,
        })?;
        out.extend(series.into_iter().map(|mut s| {
            if inputs.len() > 1 {
                s.name = format!("{name}: {}", s.name);
            }
            s
        }));
    }
    Ok(out)
}

/// The text of an input, refusing what is not benchmark text: too large, empty, binary (a
/// file is judged by its bytes, before anything decodes them: the page reads a dropped file
/// through this too, so a binary file is refused as one, at its own size).
pub fn text_of(input: &[u8]) -> Result<&str, Error> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(too_large(Some(input.len() as f64)));
    }
    let binary = || Error::Measurement {
        line: None,
        problem: "the input is not text (it holds NUL bytes or is not UTF-8)".into(),
        expected: "the text a benchmark printed, not a binary or compressed file".into(),
    };
    if input.contains(&0) {
        return Err(binary());
    }
    let text = std::str::from_utf8(input).map_err(|_| binary())?;
    // The byte order mark a spreadsheet may start its UTF-8 export with is not text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Error::Measurement {
            line: None,
            problem: "the input is empty".into(),
            expected: "the output of osu_latency or osu_bw, IMB-MPI1, netgauge -x loggp, or a CSV \
                       with a size column and a time or bandwidth column"
                .into(),
        });
    }
    Ok(text)
}

/// Removes the prefix a launcher or a logger puts before each line the benchmark printed: the
/// rank tag of Open MPI's `--tag-output` (`[1,0]<stdout>:`), or the record header of a Python
/// logger (`[2023-06-13 09:16:21,773] {osu_latency.py:64} INFO - `, as in the OMB-Py port's
/// capture in tests/data), which would otherwise hide every title and row.
fn untagged(line: &str) -> &str {
    if !line.starts_with('[') {
        return line;
    }
    for tag in ["<stdout>:", "<stderr>:"] {
        if let Some(at) = line.find(tag) {
            if line[..at].ends_with(']') {
                return &line[at + tag.len()..];
            }
        }
    }
    for level in [" DEBUG - ", " INFO - ", " WARNING - ", " ERROR - "] {
        if let Some(at) = line.find(level) {
            if line[..at].contains(']') {
                return &line[at + level.len()..];
            }
        }
    }
    line
}

/// The format from the first line that only one format prints; a CSV when a header line names
/// a size and a time or bandwidth column.
fn detect(lines: &[Line]) -> Result<Format, Error> {
    for line in lines {
        if osu::is_title(line.text) {
            return Ok(Format::Osu);
        }
        if imb::is_marker(line.text) {
            return Ok(Format::Imb);
        }
        if netgauge::is_marker(line.text) {
            return Ok(Format::Netgauge);
        }
    }
    if lines.iter().any(|l| csv::is_header(l.text)) {
        return Ok(Format::Csv);
    }
    let half = lines
        .iter()
        .find(|l| csv::names_size_only(l.text))
        .map(|l| {
            format!(
                " (line {}, `{}`, names a size column but no time or bandwidth column)",
                l.number,
                l.text.trim()
            )
        });
    Err(Error::Measurement {
        line: None,
        problem: format!(
            "no benchmark output recognised: no OSU title (`# OSU MPI … Test`), no Intel MPI \
             Benchmarks header, no Netgauge LogGP line, no CSV header{}",
            half.unwrap_or_default()
        ),
        expected: "the unedited output of osu_*, IMB-MPI1 or netgauge -x loggp, or a CSV whose \
                   first line names a size column and a time or bandwidth column"
            .into(),
    })
}

/// Gives each series the skipped lines of its part of the input and refuses an input without
/// a single point.
///
/// A table that got no row (a run killed after its header, an IMB table whose every size
/// failed) is dropped, and its heading lines are listed with the reason, whatever the format:
/// the readers record those lines as they open a table, and only here is it known that no row
/// followed.
///
/// A series' part runs from the line after the previous table's last row to its own last row:
/// the lines between two tables (a shell prompt, `srun …`, `Processes: 8`, a Markdown caption)
/// are the launch of the next run in every real capture in tests/data, so they are listed
/// under the run they launched. A run's own closing message (`srun: job … finished`) goes to
/// the next run too: nothing in its text tells it from a launch line. The lines after the last
/// table go to it.
fn assemble(parsed: Parsed, format: Format) -> Result<Vec<Series>, Error> {
    let (mut series, empty): (Vec<Series>, Vec<Series>) = parsed
        .series
        .into_iter()
        .partition(|s| !s.points.is_empty() || !s.loggp.is_empty());
    let mut skipped = parsed.skipped;
    skipped.extend(empty.iter().flat_map(unread_heading));
    if series.is_empty() {
        return Err(no_measurement(format, &empty, &skipped));
    }
    let last = series.len() - 1;
    for s in skipped {
        let owner = series
            .iter()
            .position(|x| x.last_row >= s.line)
            .unwrap_or(last);
        if let Some(target) = series.get_mut(owner) {
            target.skipped.push(s);
        }
    }
    for s in &mut series {
        s.skipped.sort_by_key(|k| k.line);
    }
    Ok(series)
}

/// The heading lines of a table without a row, each with the reason and the table's name.
fn unread_heading(s: &Series) -> impl Iterator<Item = Skipped> + '_ {
    s.heading.iter().map(|(line, text)| Skipped {
        line: *line,
        text: text.clone(),
        why: s.why_no_points(),
    })
}

/// The refusal of an input without a point, naming each table that printed its header and no
/// usable row, with the line it starts on and, where it had rows, the first row's reason (the
/// others are alike, as a rule: a unit or a decimal mark the table writes throughout).
fn no_measurement(format: Format, empty: &[Series], skipped: &[Skipped]) -> Error {
    let tables: String = empty
        .iter()
        .filter_map(|s| {
            let (line, _) = s.heading.first()?;
            let first_row = skipped
                .iter()
                .find(|k| k.line > *line && k.line <= s.last_row);
            Some(match first_row {
                Some(row) => format!(
                    "; at line {line}, {}: no row could be used; the first, line {}: {}",
                    s.name, row.line, row.why
                ),
                None => format!("; at line {line}, {}", s.why_no_points()),
            })
        })
        .collect();
    Error::Measurement {
        line: None,
        problem: format!(
            "the input reads as {} output but holds no measurement ({} lines not used){tables}",
            format.id(),
            skipped.len(),
        ),
        expected: "at least one row of a message size and a time or bandwidth".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An input's error is named by its name; a pasted text, which has none, by its line alone
    /// (not ": line 2: …").
    #[test]
    fn a_refused_input_is_named_unless_it_has_no_name() {
        let text: &[u8] = b"hello\nworld\n";
        let named = parse_runs(&[("a.txt", text)], None)
            .unwrap_err()
            .to_string();
        assert!(named.starts_with("a.txt: "), "{named}");
        let pasted = parse_runs(&[("", text)], None).unwrap_err().to_string();
        assert!(
            !pasted.starts_with(':') && !pasted.contains(": :"),
            "{pasted}"
        );
        assert!(pasted.starts_with("no benchmark output"), "{pasted}");
    }

    #[test]
    fn tag_output_prefixes_are_removed() {
        assert_eq!(
            untagged("[1,0]<stdout>:# OSU MPI Latency Test"),
            "# OSU MPI Latency Test"
        );
        assert_eq!(untagged("[0] MPI startup(): x"), "[0] MPI startup(): x");
        assert_eq!(
            untagged("[2023-06-13 09:16:21,773] {osu_latency.py:64} INFO - 1024    21.39"),
            "1024    21.39"
        );
        assert_eq!(untagged("[x] INFO - y"), "y");
        assert_eq!(untagged("[x]INFO - y"), "[x]INFO - y");
        assert_eq!(untagged("plain"), "plain");
    }

    #[test]
    fn formats_by_id() {
        assert_eq!(Format::from_id("auto"), Ok(None));
        assert_eq!(Format::from_id("imb"), Ok(Some(Format::Imb)));
        let e = Format::from_id("xml").unwrap_err().to_string();
        assert!(e.contains("format=xml") && e.contains("netgauge"), "{e}");
    }
}
