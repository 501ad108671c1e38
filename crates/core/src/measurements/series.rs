//! What the readers produce: the series of (message size, time) points with the lines they did
//! not use, and the cleaned lines they read. A leaf of `measurements` that every reader imports,
//! so that no reader imports the module that dispatches to it.

use serde::Serialize;

use super::table;
use crate::error::Error;

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
    /// The lines that opened the table (its title, column header, a run's banner), with
    /// their numbers. They are read, not listed, while the table has rows; a table left
    /// without a row (a run killed after its header) lists them instead, so that no line of
    /// the input goes unaccounted for.
    #[serde(skip)]
    pub(crate) heading: Vec<(usize, String)>,
    /// The line of the table's last row, used or not (an IMB `out-of-mem.` row is still one
    /// of its rows): the unused lines after it and before the next table belong to the next
    /// run, whose launch they are (see `assemble`).
    #[serde(skip)]
    pub(crate) last_row: usize,
}

impl Series {
    pub(crate) fn new(format: Format, name: &str, benchmark: &str) -> Series {
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
            heading: Vec::new(),
            last_row: 0,
        }
    }

    /// Why a table without a point was not read: it printed its header and no row, or rows
    /// none of which could be used (each listed with its own reason).
    pub(crate) fn why_no_points(&self) -> String {
        let why = if self.last_row == 0 {
            "a table with no rows — the run printed its header and no measurements"
        } else {
            "a table none of whose rows could be used — each is listed with its reason"
        };
        format!("{}: {why}", self.name)
    }

    /// Records a line that opens the table: a title, a column header, a banner.
    pub(crate) fn heading_line(&mut self, line: &Line) {
        self.heading.push((line.number, line.raw.to_string()));
    }

    /// Records a row of the table at `line`, used or not (a row whose size is there and
    /// whose value is not is still one of the table's rows): the table reaches down to it.
    pub(crate) fn row_at(&mut self, line: usize) {
        self.last_row = self.last_row.max(line);
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
            if bytes < prev {
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
            // A real CSV export (tests/data/measurements/hpc-course-osu7_bcast_1B_by_processes.csv)
            // holds one size on every row and varies the process count: say that, not
            // "out of order", which would send the user looking for a misplaced row.
            if bytes == prev {
                return Err(Error::Measurement {
                    line: Some(line),
                    problem: format!(
                        "the size {bytes} B is the size of the row before: the table varies \
                         something else (process count, algorithm) at a fixed size"
                    ),
                    expected: "one row per message size, sizes growing down the table: a run \
                               over message sizes, which is what the fits need"
                        .into(),
                });
            }
        }
        self.points.push([bytes, us]);
        self.row_at(line);
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
                self.row_at(line);
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
