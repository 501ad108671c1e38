//! The one mechanism behind the OSU, IMB and CSV readers: a header line names the columns,
//! and each row below it gives a message size and a time or a bandwidth in the named columns.

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
    pub value: usize,
    pub measure: Measure,
    /// The value column's name as printed.
    pub value_name: String,
    /// The bandwidth column of a table whose value is a time (IMB), to check its units.
    pub bandwidth: Option<usize>,
}

impl Columns {
    /// Picks the size column and the best value column: an average time before any other
    /// time (OSU `-f`, IMB `t_avg`), a time before a bandwidth (a time fits directly).
    pub fn pick(names: &[&str]) -> Option<Columns> {
        let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let size = lower.iter().position(|n| is_size(n))?;
        let times: Vec<usize> = (0..lower.len())
            .filter(|&i| i != size && time_factor(&lower[i]).is_some())
            .collect();
        let bandwidth =
            (0..lower.len()).find(|&i| i != size && bandwidth_factor(&lower[i]).is_some());
        let value = times
            .iter()
            .copied()
            .find(|&i| lower[i].contains("avg"))
            .or_else(|| times.first().copied());
        let (value, measure) = match (value, bandwidth) {
            (Some(i), _) => (i, Measure::Time(time_factor(&lower[i])?)),
            (None, Some(i)) => (i, Measure::Bandwidth(bandwidth_factor(&lower[i])?)),
            (None, None) => return None,
        };
        Some(Columns {
            size,
            value,
            measure,
            value_name: names.get(value).unwrap_or(&"").to_string(),
            bandwidth: bandwidth.filter(|&b| b != value),
        })
    }

    /// The size and the value of a row (in µs or MB/s), or why the row is not one.
    pub fn read(&self, cells: &[&str]) -> Result<(f64, f64), String> {
        let size_cell = cells.get(self.size).ok_or("no size column")?;
        let bytes = size(size_cell.trim())
            .ok_or_else(|| format!("`{}` is not a message size in bytes", size_cell.trim()))?;
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

    /// Whether cells are a row of the table, used or not: their size cell is a message size.
    /// A row whose value is `-nan` or a word is still the table's; a launcher's line is not.
    pub fn is_row(&self, cells: &[&str]) -> bool {
        cells
            .get(self.size)
            .is_some_and(|c| size(c.trim()).is_some())
    }

    /// The bandwidth column's value of a row, if the table has one and it is a number.
    pub fn bandwidth_of(&self, cells: &[&str]) -> Option<f64> {
        self.bandwidth
            .and_then(|i| cells.get(i))
            .and_then(|c| number(c.trim()))
    }
}

fn is_size(name: &str) -> bool {
    let n = name.trim_start_matches('#').trim();
    ["size", "bytes", "msg", "message", "length"]
        .iter()
        .any(|k| n.contains(k))
        && !n.contains("repetitions")
}

/// The factor from a time column's unit to µs, if the name is a time's.
fn time_factor(name: &str) -> Option<f64> {
    let is_time = [
        "latency", "lat(", "time", "t[", "t_avg", "t_min", "t_max", "usec",
    ]
    .iter()
    .any(|k| name.contains(k));
    if !is_time || name.contains("/s") || name.contains("/sec") {
        return None;
    }
    let unit = |u: &str| {
        [
            format!("({u})"),
            format!("[{u}]"),
            format!("_{u}"),
            format!(" {u}"),
        ]
        .iter()
        .any(|p| name.contains(p.as_str()))
    };
    let micro = ["us", "usec", "µs"].iter().any(|u| unit(u));
    Some(if micro {
        1.0
    } else if unit("ms") || unit("msec") {
        1e3
    } else if unit("ns") || unit("nsec") {
        1e-3
    } else if unit("s") || unit("sec") || unit("seconds") {
        1e6
    } else {
        1.0
    })
}

/// The factor from a bandwidth column's unit to MB/s (10^6 B/s), if the name is a bandwidth's.
/// IMB's "Mbytes/sec" reads as 10^6 here; the IMB reader checks which unit a file used.
fn bandwidth_factor(name: &str) -> Option<f64> {
    let units = [
        ("gib/s", 1073.741824),
        ("mib/s", 1.048576),
        ("kib/s", 1.024e-3),
        ("gb/s", 1e3),
        ("mb/s", 1.0),
        ("mbytes/sec", 1.0),
        ("kb/s", 1e-3),
    ];
    if let Some(&(_, f)) = units.iter().find(|(u, _)| name.contains(u)) {
        return Some(f);
    }
    name.contains("bandwidth").then_some(1.0)
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
        .unwrap();
        assert_eq!((c.size, c.value, c.bandwidth), (0, 4, Some(5)));
        let c = Columns::pick(&["Size", "Bandwidth (MB/s)"]).unwrap();
        assert_eq!(c.measure, Measure::Bandwidth(1.0));
        let c = Columns::pick(&["size_bytes", "time_ms"]).unwrap();
        assert_eq!(c.measure, Measure::Time(1e3));
        assert_eq!(Columns::pick(&["Size", "Messages/s"]), None);
    }

    #[test]
    fn rows_say_why_they_are_not_rows() {
        let c = Columns::pick(&["Size", "Latency (us)"]).unwrap();
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
}
