//! A table someone exported: a header naming a size column and a time or bandwidth column,
//! with the units in the names (`size_bytes,latency_us`, `Size\tTime (ms)`, `bytes;MB/s`; read
//! by [`super::unit`], which refuses a unit it does not know), then one row per size. Commas,
//! tabs and semicolons separate cells; in a table separated by semicolons, as spreadsheets
//! write it where the comma is the decimal mark, a number's comma is its decimal mark
//! (`8;1,5`). A later header starts a new series (several runs in one file). Times are taken
//! as one-way; a bandwidth becomes the time per message m/B, as for osu_bw.

use super::series::{Format, Kind, Line, Parsed, Series};
use super::table::{is_size, unreadable_units, Columns, Measure};
use crate::error::Error;

const SEPARATORS: [char; 3] = [',', '\t', ';'];

/// What a series notes when it read decimal commas.
const DECIMAL_COMMAS: &str =
    "decimal commas read as points (`1,5` is 1.5): the table is separated by semicolons";

/// A line's cells, split on whichever separator it holds most of, quotes read as RFC 4180
/// writes them (`"Size, bytes"` is one cell) and spaces around a cell trimmed; with whether a
/// decimal comma was read as a point (`decimal_comma`).
fn cells(text: &str) -> (Vec<String>, bool) {
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
    let record = reader.records().next().and_then(Result::ok);
    let mut commas = false;
    let mut cell_of = |cell: &str| match decimal_comma(cell) {
        Some(number) if sep == ';' => {
            commas = true;
            number
        }
        _ => cell.to_string(),
    };
    let cells = record.iter().flatten().map(&mut cell_of).collect();
    (cells, commas)
}

/// A number written with one decimal comma (`1,5`, `2,4e-3`), with a point instead.
fn decimal_comma(cell: &str) -> Option<String> {
    let point = cell.replacen(',', ".", 1);
    let one = cell.matches(',').count() == 1 && !cell.contains('.');
    (one && point.parse::<f64>().is_ok()).then_some(point)
}

/// The columns a header line names: a size and a time or bandwidth (an error where their
/// units cannot be read).
fn header(text: &str) -> Option<Result<Columns, String>> {
    if !text.contains(SEPARATORS) {
        return None;
    }
    Columns::pick(&as_strs(&cells(text).0))
}

fn as_strs(cells: &[String]) -> Vec<&str> {
    cells.iter().map(String::as_str).collect()
}

/// Whether a line is a header naming a size and a time or bandwidth column.
pub(crate) fn is_header(text: &str) -> bool {
    header(text).is_some()
}

/// Whether a line names a size column but no time or bandwidth column (`size,foo`): half a
/// header, which the refusal of an input without one points to.
pub(crate) fn names_size_only(text: &str) -> bool {
    text.contains(SEPARATORS)
        && header(text).is_none()
        && cells(text).0.iter().any(|c| is_size(&c.to_lowercase()))
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
            let c = c.map_err(|why| unreadable_units(line.number, why))?;
            let mut s = Series::new(Format::Csv, text, "table");
            s.heading_line(line);
            s.kind = match c.measure {
                Measure::Time(_) => Kind::OneWay,
                Measure::Bandwidth(_) => Kind::Stream,
            };
            s.notes.push(format!(
                "values from the `{}` column, in {}, taken as {}",
                c.value_name,
                c.value_unit,
                match c.measure {
                    Measure::Time(_) => "one-way times",
                    Measure::Bandwidth(_) => "a one-direction bandwidth",
                }
            ));
            if c.size_bytes != 1.0 {
                s.notes.push(format!(
                    "sizes in {} ({} B each), from the column's name",
                    c.size_unit, c.size_bytes
                ));
            }
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
        let (owned, commas) = cells(text);
        let cells = as_strs(&owned);
        match cols.read(&cells) {
            Ok((bytes, value)) => {
                if commas && !series.notes.iter().any(|n| n == DECIMAL_COMMAS) {
                    series.notes.push(DECIMAL_COMMAS.to_string());
                }
                if let Some(why) =
                    series.push_value(line.number, bytes, value, cols.measure, 1.0)?
                {
                    out.skipped.push(line.skip(why));
                }
            }
            // Every line under a CSV's header is one of its rows (a table someone exported
            // holds no launcher's lines), so a table whose rows all fail is refused with the
            // first one's reason, not as a table without rows.
            Err(why) => {
                series.row_at(line.number);
                out.skipped.push(line.skip(format!("not a row: {why}")));
            }
        }
    }
    Ok(out)
}
