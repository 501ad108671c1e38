//! Netgauge's LogGP module (`netgauge -x loggp`, Hoefler et al., "Netgauge: A Network
//! Performance Measurement Framework", HPCC 2007) as printed on the console: for each size a
//! `Testing N bytes` line, four `n is …, d is …, o_r is …, s is …, the median latency in the
//! test is T (us)` lines (its parametrised round trips PRTT(n, d, s)) and a summary
//! ` L=…  s=…  o_s=…  o_r=…  g=…  G=…` (µs and µs/B; `-nan` where it cannot tell yet).
//!
//! Points: PRTT(1, 0, s) is one message's round trip, so half of it is the one-way time of
//! size s (Netgauge's own L is PRTT(1, 0, 1)/2). The summary rows are kept as they are for
//! the LogGP fit. The `-o` output file's layout is not read.

use super::Line;
use super::{number, size, Format, Kind, LogGpRow, Parsed, Series};
use crate::error::Error;

/// Whether a line is one only Netgauge prints.
pub(crate) fn is_marker(text: &str) -> bool {
    text.contains("Netgauge v") || (text.trim_start().starts_with("L=") && text.contains("o_s="))
}

/// The `key=value` or `key is value` fields of a line, in order.
fn fields(text: &str, separator: &str) -> Vec<(String, String)> {
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

fn field<'f>(fields: &'f [(String, String)], key: &str) -> Option<&'f str> {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// A summary row; `None` when a field Netgauge always prints is missing.
fn summary(text: &str) -> Option<LogGpRow> {
    let f = fields(text, "=");
    let num = |k| field(&f, k).and_then(number);
    Some(LogGpRow {
        size_bytes: field(&f, "s").and_then(size)?,
        l: num("L")?,
        o_s_us: num("o_s")?,
        o_r_us: num("o_r")?,
        g_us: num("g"),
        big_g: num("G"),
    })
}

/// (s, PRTT) of a `n is 1, d is 0, o_r is 0` line: one message's round trip.
fn single_round_trip(text: &str) -> Option<(f64, f64)> {
    let f = fields(text, " is ");
    let zero = |k| field(&f, k).and_then(number) == Some(0.0);
    if field(&f, "n").and_then(number) != Some(1.0) || !zero("d") || !zero("o_r") {
        return None;
    }
    let s = field(&f, "s").and_then(size)?;
    let t = field(&f, "the median latency in the test")?
        .trim_end_matches("(us)")
        .trim();
    Some((s, number(t)?))
}

pub(crate) fn parse(lines: &[Line]) -> Result<Parsed, Error> {
    let mut out = Parsed {
        series: Vec::new(),
        skipped: Vec::new(),
    };
    let mut s = Series::new(Format::Netgauge, "Netgauge LogGP", "loggp", 1);
    s.kind = Kind::OneWay;
    s.notes
        .push("one-way time = PRTT(1, 0, s)/2, Netgauge's single-message round trip".into());
    for line in lines {
        let text = line.text.trim();
        if text.is_empty() {
            continue;
        }
        if let Some(v) = text
            .find("Netgauge v")
            .map(|at| &text[at + "Netgauge v".len()..])
        {
            s.version = v.split_whitespace().next().map(str::to_string);
            s.name = format!("Netgauge LogGP v{}", s.version.as_deref().unwrap_or("?"));
            out.skipped
                .push(line.skip("Netgauge banner (version read)"));
        } else if text.starts_with("L=") {
            match summary(text) {
                Some(row) => s.loggp.push(row),
                None => out
                    .skipped
                    .push(line.skip("a LogGP summary without L, s, o_s or o_r")),
            }
        } else if let Some((bytes, prtt)) = single_round_trip(text) {
            s.push(line.number, bytes, prtt / 2.0)?;
        } else if text.starts_with("n is ") {
            out.skipped.push(line.skip(
                "a round trip with several messages or a delay: Netgauge's input to o and g, \
                 summarised in its L/o/g/G line",
            ));
        } else {
            out.skipped.push(line.skip("not a Netgauge measurement"));
        }
    }
    out.series.push(s);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_rows_keep_nan_as_none() {
        let r = summary(" L=1.958548  s=1  o_s=0.216185  o_r=1.775504  g=-nan  G=-nan (-nan GiB/s) lsqu(g,G)=-nan ")
            .unwrap();
        assert_eq!(
            (r.size_bytes, r.l, r.g_us, r.big_g),
            (1.0, 1.958548, None, None)
        );
        let t = "n is 1, d is 0.000000, o_r is 0, s is 1025, the median latency in the test is 5.801015 (us)";
        assert_eq!(single_round_trip(t), Some((1025.0, 5.801015)));
        let t = "n is 10, d is 0.000000, o_r is 0, s is 1025, the median latency in the test is 35.2 (us)";
        assert_eq!(single_round_trip(t), None);
    }
}
