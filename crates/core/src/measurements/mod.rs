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
mod table;

use serde::Serialize;

use crate::error::Error;

/// The largest input accepted, in bytes. A benchmark's output is a few kilobytes; a paste of
/// many megabytes is a wrong file, and reading it would only make the page unresponsive.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// The text formats understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Osu,
    Imb,
    Netgauge,
    Csv,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Osu, Format::Imb, Format::Netgauge, Format::Csv];

    pub fn id(self) -> &'static str {
        match self {
            Format::Osu => "osu",
            Format::Imb => "imb",
            Format::Netgauge => "netgauge",
            Format::Csv => "csv",
        }
    }

    /// `auto` is `None`: the format is then detected from the text.
    pub fn from_id(id: &str) -> Result<Option<Format>, Error> {
        if id == "auto" {
            return Ok(None);
        }
        Format::ALL
            .into_iter()
            .find(|f| f.id() == id)
            .map(Some)
            .ok_or_else(|| Error::invalid("format", id, "one of auto, osu, imb, netgauge, csv"))
    }
}

/// What a series' times measure, which decides how the fits may use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// One-way point-to-point time, half a round trip (OSU latency, IMB PingPong, Netgauge).
    OneWay,
    /// The time of a whole operation: a collective, IMB Sendrecv/Exchange/PingPing.
    Operation,
    /// Time per message in a stream of messages, from a bandwidth (OSU bw, bibw per direction):
    /// the gap g + G·m of LogGP rather than a latency.
    Stream,
}

/// A line that was not used, with the reason.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skipped {
    /// 1-based line number in the input.
    pub line: usize,
    pub text: String,
    pub why: String,
}

/// One row of Netgauge's LogGP output (µs, µs/B); `None` where Netgauge printed `-nan`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogGpRow {
    pub size_bytes: f64,
    #[serde(rename = "L_us")]
    pub l: f64,
    pub o_s_us: f64,
    pub o_r_us: f64,
    pub g_us: Option<f64>,
    #[serde(rename = "G_us_per_byte")]
    pub big_g: Option<f64>,
}

/// One table of measurements.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// The title line as the benchmark printed it, or the file's header for a CSV.
    pub name: String,
    pub format: Format,
    /// The benchmark: `latency`, `bw`, `bibw`, `allreduce`, `PingPong`, `Exchange`, `loggp`, …
    pub benchmark: String,
    pub version: Option<String>,
    pub processes: Option<u32>,
    pub kind: Kind,
    /// (message size in bytes, time in µs), sizes strictly increasing.
    pub points: Vec<[f64; 2]>,
    /// Every non-blank line of this series' part of the input that was not used.
    pub skipped: Vec<Skipped>,
    /// Netgauge's own LogGP parameters per size (Netgauge input only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub loggp: Vec<LogGpRow>,
    /// Notes on how the numbers were read (unit conventions, checks).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// First line of the series (its title), to assign skipped lines to it.
    #[serde(skip)]
    pub(crate) first_line: usize,
}

impl Series {
    pub(crate) fn new(format: Format, name: &str, benchmark: &str, first_line: usize) -> Series {
        Series {
            name: name.to_string(),
            format,
            benchmark: benchmark.to_string(),
            version: None,
            processes: None,
            kind: Kind::OneWay,
            points: Vec::new(),
            skipped: Vec::new(),
            loggp: Vec::new(),
            notes: Vec::new(),
            first_line,
        }
    }

    /// Adds a point, refusing what no benchmark prints: a size that does not grow within one
    /// table, a negative or non-finite time.
    pub(crate) fn push(&mut self, line: usize, bytes: f64, us: f64) -> Result<(), Error> {
        if !(us.is_finite() && us >= 0.0) {
            return Err(Error::Measurement {
                line: Some(line),
                problem: format!("the time {us} µs is negative or not a number"),
                expected: "a time of zero or more microseconds".into(),
            });
        }
        if let Some(&[prev, _]) = self.points.last() {
            if bytes <= prev {
                return Err(Error::Measurement {
                    line: Some(line),
                    problem: format!(
                        "the size {bytes} B follows {prev} B in the same table: sizes out of order"
                    ),
                    expected: "message sizes that grow down each table (start a new table with \
                               the benchmark's title line)"
                        .into(),
                });
            }
        }
        self.points.push([bytes, us]);
        Ok(())
    }

    /// Adds a row's value: a time as it is; a bandwidth B (MB/s = B/µs) at size m as the
    /// time per message m/B, times the directions it sums (osu_bibw: 2). Returns why a row
    /// was left out (a zero size or bandwidth says nothing about time).
    pub(crate) fn push_value(
        &mut self,
        line: usize,
        bytes: f64,
        value: f64,
        measure: table::Measure,
        directions: f64,
    ) -> Result<Option<&'static str>, Error> {
        match measure {
            table::Measure::Time(_) => self.push(line, bytes, value).map(|()| None),
            table::Measure::Bandwidth(_) if value > 0.0 && bytes > 0.0 => self
                .push(line, bytes, directions * bytes / value)
                .map(|()| None),
            table::Measure::Bandwidth(_) => {
                Ok(Some("a zero size or bandwidth says nothing about time"))
            }
        }
    }
}

/// What a parser hands back: its series and the lines it did not use.
pub(crate) struct Parsed {
    pub series: Vec<Series>,
    pub skipped: Vec<Skipped>,
}

/// One line of input after cleaning.
pub(crate) struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text with a `--tag-output` prefix and a trailing `\r` removed.
    pub text: &'a str,
    /// The line as given, for the skipped list.
    pub raw: &'a str,
}

impl Line<'_> {
    pub fn skip(&self, why: impl Into<String>) -> Skipped {
        Skipped {
            line: self.number,
            text: self.raw.to_string(),
            why: why.into(),
        }
    }
}

/// Reads benchmark output. `format` is `None` to detect it. The result has at least one
/// series with at least one point; each series carries the unused lines of its part of the
/// input.
pub fn parse(input: &[u8], format: Option<Format>) -> Result<Vec<Series>, Error> {
    let text = check_input(input)?;
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

/// Refuses what is not benchmark text: too large, empty, binary.
fn check_input(input: &[u8]) -> Result<&str, Error> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(Error::Measurement {
            line: None,
            problem: format!(
                "the input is {:.1} MB, above the limit of {} MB",
                input.len() as f64 / 1e6,
                MAX_INPUT_BYTES / (1024 * 1024)
            ),
            expected: "one benchmark's output (a few kilobytes); split the file".into(),
        });
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

/// Removes the rank prefix Open MPI's `--tag-output` puts on every line (`[1,0]<stdout>:`).
fn untagged(line: &str) -> &str {
    if line.starts_with('[') {
        for tag in ["<stdout>:", "<stderr>:"] {
            if let Some(at) = line.find(tag) {
                if line[..at].ends_with(']') {
                    return &line[at + tag.len()..];
                }
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
    Err(Error::Measurement {
        line: None,
        problem: "no benchmark output recognised: no OSU title (`# OSU MPI … Test`), no Intel MPI \
                  Benchmarks header, no Netgauge LogGP line, no CSV header"
            .into(),
        expected: "the unedited output of osu_*, IMB-MPI1 or netgauge -x loggp, or a CSV whose \
                   first line names a size column and a time or bandwidth column"
            .into(),
    })
}

/// Gives each series the skipped lines of its part of the input (the lines before the first
/// title go to the first series) and refuses an input without a single point.
fn assemble(parsed: Parsed, format: Format) -> Result<Vec<Series>, Error> {
    let mut series: Vec<Series> = parsed
        .series
        .into_iter()
        .filter(|s| !s.points.is_empty() || !s.loggp.is_empty())
        .collect();
    if series.is_empty() {
        return Err(Error::Measurement {
            line: None,
            problem: format!(
                "the input reads as {} output but holds no measurement ({} lines not used)",
                format.id(),
                parsed.skipped.len()
            ),
            expected: "at least one row of a message size and a time or bandwidth".into(),
        });
    }
    for s in parsed.skipped {
        let owner = series
            .iter()
            .rposition(|x| x.first_line <= s.line)
            .unwrap_or(0);
        if let Some(target) = series.get_mut(owner) {
            target.skipped.push(s);
        }
    }
    for s in &mut series {
        s.skipped.sort_by_key(|k| k.line);
    }
    Ok(series)
}

/// A number as benchmarks print it; `None` for `-nan`, `inf` and words.
pub(crate) fn number(token: &str) -> Option<f64> {
    token.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A message size: a whole number of bytes.
pub(crate) fn size(token: &str) -> Option<f64> {
    token
        .parse::<u64>()
        .ok()
        .map(|v| v as f64)
        .filter(|v| *v <= 1e15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_output_prefixes_are_removed() {
        assert_eq!(
            untagged("[1,0]<stdout>:# OSU MPI Latency Test"),
            "# OSU MPI Latency Test"
        );
        assert_eq!(untagged("[0] MPI startup(): x"), "[0] MPI startup(): x");
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
