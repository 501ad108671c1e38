//! The one mechanism behind the OSU, IMB and CSV readers: a header line names the columns,
//! and each row below it gives a message size and a time or a bandwidth in the named columns.

use super::unit::{self, Named, RATE_UNITS, SIZE_UNITS, TIME_UNITS};
use crate::error::Error;

/// What the value column holds, with the factor to µs or to MB/s (10^6 B/s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Measure {
    /// A time; multiply by the factor for µs.
    Time(f64),
    /// A bandwidth; multiply by the factor for MB/s.
    Bandwidth(f64),
}

/// The columns of a table, picked from its header.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Columns {
    pub size: usize,
    /// The unit the size column's name gives (`kB`, `bits`), as written; `B` where it gives none.
    pub size_unit: String,
    /// Bytes in one of the size column's unit (1 unless its name says `kB`, `KiB`, `bits` …).
    pub size_bytes: f64,
    pub value: usize,
    pub measure: Measure,
    /// The value column's name as printed.
    pub value_name: String,
    /// The unit the value column's name gives (`us`, `Gbps`), as written.
    pub value_unit: String,
    /// The bandwidth column of a table whose value is a time (IMB), to check its units.
    pub bandwidth: Option<usize>,
}

impl Columns {
    /// Picks the size column and the best value column: an average time before any other
    /// time (OSU `-f`, IMB `t_avg`), a time before a bandwidth (a time fits directly). `None`
    /// where the names are not a table's header; an error where they are but the size or the
    /// value column's unit is not one this reader knows ([`unit`]).
    pub fn pick(names: &[&str]) -> Option<Result<Columns, String>> {
        let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let size = lower.iter().position(|n| is_size(n))?;
        let times: Vec<usize> = (0..lower.len())
            .filter(|&i| i != size && is_time(&lower[i]))
            .collect();
        let bandwidth = (0..lower.len()).find(|&i| i != size && is_rate(names[i]));
        let time = times
            .iter()
            .copied()
            .find(|&i| lower[i].contains("avg"))
            .or_else(|| times.first().copied());
        let value = time.or(bandwidth)?;
        Some(
            Self::with_units(names, size, value, time.is_some()).map(|c| Columns {
                bandwidth: bandwidth.filter(|&b| b != value),
                ..c
            }),
        )
    }

    /// The columns with the units their names give, or why a unit cannot be read.
    fn with_units(
        names: &[&str],
        size: usize,
        value: usize,
        time: bool,
    ) -> Result<Columns, String> {
        let name = |i: usize| names.get(i).copied().unwrap_or("");
        let (size_unit, size_bytes) = match unit::named(name(size)) {
            Named::None => ("B", 1.0),
            Named::Unit(u) => (
                u,
                unit::bytes_in(u).ok_or_else(|| {
                    format!(
                        "the `{}` column's unit `{u}` is not a size's (accepted: {SIZE_UNITS})",
                        name(size)
                    )
                })?,
            ),
        };
        let (kind, units) = if time {
            ("time", TIME_UNITS)
        } else {
            ("bandwidth", RATE_UNITS)
        };
        let Named::Unit(value_unit) = unit::named(name(value)) else {
            return Err(format!(
                "the `{}` column names no unit of {kind} (name it with one, as `latency_us` or \
                 `Bandwidth (MB/s)`: {units})",
                name(value)
            ));
        };
        let factor = if time {
            unit::us_in(value_unit)
        } else {
            unit::mb_per_s_in(value_unit)
        };
        let f = factor.ok_or_else(|| {
            format!(
                "the `{}` column's unit `{value_unit}` is not a {kind}'s (accepted: {units})",
                name(value)
            )
        })?;
        Ok(Columns {
            size,
            size_unit: size_unit.to_string(),
            size_bytes,
            value,
            measure: if time {
                Measure::Time(f)
            } else {
                Measure::Bandwidth(f)
            },
            value_name: name(value).to_string(),
            value_unit: value_unit.to_string(),
            bandwidth: None,
        })
    }

    /// The size and the value of a row (in µs or MB/s), or why the row is not one.
    pub fn read(&self, cells: &[&str]) -> Result<(f64, f64), String> {
        let size_cell = cells.get(self.size).ok_or("no size column")?.trim();
        let bytes = self.bytes(size_cell)?;
        let value_cell = cells
            .get(self.value)
            .ok_or_else(|| format!("no `{}` column in this row", self.value_name))?
            .trim();
        let value = value_cell.parse::<f64>().ok().filter(|v| !v.is_nan());
        let value = value.ok_or_else(|| {
            format!(
                "`{value_cell}` in the `{}` column is not a number",
                self.value_name
            )
        })?;
        let factor = match self.measure {
            Measure::Time(f) | Measure::Bandwidth(f) => f,
        };
        Ok((bytes, value * factor))
    }

    /// A size cell in bytes: a whole number of bytes, or a number of the column's unit that
    /// makes a whole number of bytes (`1.5` kB, `16` bits).
    fn bytes(&self, cell: &str) -> Result<f64, String> {
        if self.size_bytes == 1.0 {
            return size(cell).ok_or_else(|| format!("`{cell}` is not a message size in bytes"));
        }
        let bytes = number(cell)
            .filter(|v| *v >= 0.0)
            .map(|v| v * self.size_bytes)
            .ok_or_else(|| format!("`{cell}` is not a message size"))?;
        let whole = bytes.round();
        if (bytes - whole).abs() > 1e-9 * whole.max(1.0) || whole > 1e15 {
            return Err(format!(
                "`{cell}` is not a whole number of bytes ({bytes} B)"
            ));
        }
        Ok(whole)
    }

    /// Whether cells are a row of the table, used or not: their size cell is a message size.
    /// A row whose value is `-nan` or a word is still the table's; a launcher's line is not.
    pub fn is_row(&self, cells: &[&str]) -> bool {
        cells
            .get(self.size)
            .is_some_and(|c| self.bytes(c.trim()).is_ok())
    }

    /// The bandwidth column's value of a row, if the table has one and it is a number.
    pub fn bandwidth_of(&self, cells: &[&str]) -> Option<f64> {
        self.bandwidth
            .and_then(|i| cells.get(i))
            .and_then(|c| number(c.trim()))
    }
}

/// The refusal of a table whose header (at `line`) names a unit this reader cannot read: its
/// every value would be read in the wrong unit.
pub(crate) fn unreadable_units(line: usize, why: String) -> Error {
    Error::Measurement {
        line: Some(line),
        problem: why,
        expected: format!(
            "each column's unit in its name: sizes in {SIZE_UNITS} (bytes where none is \
             named); times in {TIME_UNITS}; bandwidths in {RATE_UNITS}"
        ),
    }
}

/// Whether a column (its name in lower case) holds message sizes.
pub(crate) fn is_size(name: &str) -> bool {
    let n = name.trim_start_matches('#').trim();
    ["size", "bytes", "msg", "message", "length"]
        .iter()
        .any(|k| n.contains(k))
        && !n.contains("repetitions")
}

/// Whether a column (its name in lower case) holds times.
fn is_time(name: &str) -> bool {
    let is_time = [
        "latency", "lat(", "time", "t[", "t_avg", "t_min", "t_max", "usec",
    ]
    .iter()
    .any(|k| name.contains(k));
    is_time && !name.contains("/s") && !name.contains("/sec")
}

/// Whether a column holds bandwidths: its unit is a rate's (`MB/s`, `Mbytes/sec`, `Gbps`), or
/// it says so (`Bandwidth`, `bw`), with or without a unit.
fn is_rate(name: &str) -> bool {
    let rate = matches!(unit::named(name), Named::Unit(u) if unit::mb_per_s_in(u).is_some());
    let lower = name.to_lowercase();
    rate || lower.contains("bandwidth")
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "bw")
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
    fn picks_the_average_time_before_min_max_and_bandwidth() {
        let c = Columns::pick(&[
            "#bytes",
            "#repetitions",
            "t_min[usec]",
            "t_max[usec]",
            "t_avg[usec]",
            "Mbytes/sec",
        ])
        .unwrap()
        .unwrap();
        assert_eq!((c.size, c.value, c.bandwidth), (0, 4, Some(5)));
        let c = Columns::pick(&["Size", "Bandwidth (MB/s)"])
            .unwrap()
            .unwrap();
        assert_eq!(c.measure, Measure::Bandwidth(1.0));
        let c = Columns::pick(&["size_bytes", "time_ms"]).unwrap().unwrap();
        assert_eq!(c.measure, Measure::Time(1e3));
        assert_eq!(Columns::pick(&["Size", "Messages/s"]), None);
    }

    #[test]
    fn rows_say_why_they_are_not_rows() {
        let c = Columns::pick(&["Size", "Latency (us)"]).unwrap().unwrap();
        assert_eq!(c.read(&["8", "1.5"]), Ok((8.0, 1.5)));
        assert!(c
            .read(&["8", "out-of-mem."])
            .unwrap_err()
            .contains("not a number"));
        assert!(c
            .read(&["x", "1"])
            .unwrap_err()
            .contains("not a message size"));
    }

    /// A size column in kB, KiB or bits and a bandwidth in bits are converted; a time without
    /// a unit or in one this reader does not know refuses the table, naming the column.
    #[test]
    fn units_are_read_from_the_names() {
        let c = Columns::pick(&["size_kB", "latency_us"]).unwrap().unwrap();
        assert_eq!(c.read(&["1.5", "2"]), Ok((1500.0, 2.0)));
        let c = Columns::pick(&["Size (KiB)", "t_avg[usec]"])
            .unwrap()
            .unwrap();
        assert_eq!(c.read(&["4", "2"]), Ok((4096.0, 2.0)));
        let c = Columns::pick(&["size_bits", "Bandwidth (Gb/s)"])
            .unwrap()
            .unwrap();
        assert_eq!(c.read(&["64", "1"]), Ok((8.0, 125.0)));
        assert!(c
            .read(&["12", "1"])
            .unwrap_err()
            .contains("whole number of bytes"));
        let c = Columns::pick(&["size", "bw_Gbps"]).unwrap().unwrap();
        assert_eq!(c.measure, Measure::Bandwidth(125.0));
        let e = Columns::pick(&["size", "latency"]).unwrap().unwrap_err();
        assert!(e.contains("`latency` column names no unit of time"), "{e}");
        let e = Columns::pick(&["size", "latency_furlongs"])
            .unwrap()
            .unwrap_err();
        assert!(e.contains("unit `furlongs` is not a time's"), "{e}");
        let e = Columns::pick(&["size_furlongs", "latency_us"])
            .unwrap()
            .unwrap_err();
        assert!(e.contains("not a size's"), "{e}");
    }
}
