//! A table someone exported: a header naming a size column and a time or bandwidth column,
//! with the units in the names (`size_bytes,latency_us`, `Size\tTime (ms)`, `bytes;MB/s`),
//! then one row per size. Commas, tabs and semicolons separate cells. A later header starts a
//! new series (several runs in one file). Times are taken as one-way; a bandwidth becomes the
//! time per message m/B, as for osu_bw.

use super::series::{Format, Kind, Line, Parsed, Series};
use super::table::{Columns, Measure};
use crate::error::Error;

const SEPARATORS: [char; 3] = [',', '\t', ';'];

/// A line's cells, split on whichever separator it holds most of, quotes read as RFC 4180
/// writes them (`"Size, bytes"` is one cell) and spaces around a cell trimmed.
fn cells(text: &str) -> csv::StringRecord {
    let sep = SEPARATORS
        .into_iter()
        .max_by_key(|c| text.matches(*c).count())
        .unwrap_or(',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .delimiter(sep as u8)
        .from_reader(text.as_bytes());
    reader
        .records()
        .next()
        .and_then(Result::ok)
        .unwrap_or_default()
}

/// The columns a header line names: a size and a time or bandwidth.
fn header(text: &str) -> Option<Columns> {
    if !text.contains(SEPARATORS) {
        return None;
    }
    Columns::pick(&cells(text).iter().collect::<Vec<_>>())
}

/// Whether a line is a header naming a size and a time or bandwidth column.
pub(crate) fn is_header(text: &str) -> bool {
    header(text).is_some()
}

pub(crate) fn parse(lines: &[Line]) -> Result<Parsed, Error> {
    let mut out = Parsed {
        series: Vec::new(),
        skipped: Vec::new(),
    };
    let mut columns: Option<Columns> = None;
    for line in lines {
        let text = line.text.trim();
        if text.is_empty() {
            continue;
        }
        if let Some(c) = header(text) {
            let mut s = Series::new(Format::Csv, text, "csv");
            s.heading_line(line);
            s.kind = match c.measure {
                Measure::Time(_) => Kind::OneWay,
                Measure::Bandwidth(_) => Kind::Stream,
            };
            s.notes.push(format!(
                "values from the `{}` column, taken as {}",
                c.value_name,
                match c.measure {
                    Measure::Time(_) => "one-way times",
                    Measure::Bandwidth(_) => "a one-direction bandwidth",
                }
            ));
            out.series.push(s);
            columns = Some(c);
            continue;
        }
        let (Some(series), Some(cols)) = (out.series.last_mut(), columns.as_ref()) else {
            out.skipped.push(line.skip("before the CSV header"));
            continue;
        };
        if text.starts_with('#') {
            out.skipped.push(line.skip("a comment"));
            continue;
        }
        let record = cells(text);
        let cells: Vec<&str> = record.iter().collect();
        match cols.read(&cells) {
            Ok((bytes, value)) => {
                if let Some(why) =
                    series.push_value(line.number, bytes, value, cols.measure, 1.0)?
                {
                    out.skipped.push(line.skip(why));
                }
            }
            Err(why) => {
                if cols.is_row(&cells) {
                    series.row_at(line.number);
                }
                out.skipped.push(line.skip(format!("not a row: {why}")));
            }
        }
    }
    Ok(out)
}
