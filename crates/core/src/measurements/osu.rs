//! The OSU Micro-Benchmarks' output (5.x–7.x, OMB-Py): a title `# OSU MPI Latency Test v5.6.3`,
//! a column header `# Size  Latency (us)` (with `-f`: avg, min, max, iterations; with `-z`:
//! tail latencies; 7.x adds a `# Datatype:` line), then one row per size. A file may hold
//! several tables; each title starts a new series.
//!
//! Units, from the benchmarks' sources: osu_latency prints half the round trip, a one-way
//! time; the collectives print the average time of one operation; osu_bw prints 10^6 B/s for
//! a window of back-to-back messages in one direction, osu_bibw the sum of both directions.
//! A bandwidth B (MB/s = B/µs) at size m is stored as the time per message m/B, per direction
//! for bibw (2m/B): the gap g + G·m of LogGP (Alexandrov et al., SPAA 1995), not a latency.

use super::series::{Format, Kind, Line, Parsed, Series};
use super::table::{unreadable_units, Columns, Measure};
use crate::error::Error;

/// Whether a line is an OSU or OMB-Py title.
pub(crate) fn is_title(text: &str) -> bool {
    let t = text.trim_start();
    (t.starts_with("# OSU ") || t.starts_with("# OMB")) && t.contains("Test")
}

/// The benchmark's short name and what its values measure, from its title.
fn benchmark(title: &str) -> (String, Kind) {
    let t = title.to_lowercase();
    let named = |id: &str, kind| (id.to_string(), kind);
    if t.contains("bi-directional") {
        named("bibw", Kind::Stream)
    } else if t.contains("multiple bandwidth") || t.contains("message rate") {
        named("mbw_mr", Kind::Stream)
    } else if t.contains("multi") && t.contains("latency") {
        named("multi_lat", Kind::OneWay)
    } else if t.contains("bandwidth") {
        named("bw", Kind::Stream)
    } else {
        // "# OSU MPI Allreduce Latency Test" → allreduce; "# OSU MPI Latency Test" → latency.
        let words: Vec<&str> = title
            .split_whitespace()
            .skip_while(|w| !w.starts_with("MPI"))
            .skip(1)
            .take_while(|w| *w != "Test")
            .collect();
        // "All-to-All Personalized Exchange" is osu_alltoall: the hyphens go.
        match words.as_slice() {
            [] | ["Latency"] => named("latency", Kind::OneWay),
            [first, ..] => named(&first.to_lowercase().replace('-', ""), Kind::Operation),
        }
    }
}

fn version(title: &str) -> Option<String> {
    title
        .split_whitespace()
        .rev()
        .find_map(|w| w.strip_prefix('v'))
        .filter(|v| v.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
}

/// Columns before any header: size and the one value the benchmark prints.
fn default_columns(kind: Kind) -> Columns {
    Columns {
        size: 0,
        size_unit: "B".into(),
        size_bytes: 1.0,
        value: 1,
        measure: match kind {
            Kind::Stream => Measure::Bandwidth(1.0),
            _ => Measure::Time(1.0),
        },
        value_name: "value".into(),
        value_unit: match kind {
            Kind::Stream => "MB/s",
            _ => "us",
        }
        .into(),
        bandwidth: None,
    }
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
        if is_title(text) {
            let title = text.trim_start_matches('#').trim();
            let (name, kind) = benchmark(title);
            let mut s = Series::new(Format::Osu, title, &name);
            s.heading_line(line);
            s.version = version(title);
            s.kind = kind;
            s.notes.push(note(&name).into());
            s.notes.extend(device_note(title));
            columns = Some(default_columns(kind));
            out.series.push(s);
            continue;
        }
        let (Some(series), Some(cols)) = (out.series.last_mut(), columns.as_mut()) else {
            out.skipped
                .push(line.skip("before the first OSU title line"));
            continue;
        };
        if let Some(header) = text.strip_prefix('#') {
            match header_columns(header) {
                Some(c) => {
                    *cols = c.map_err(|why| unreadable_units(line.number, why))?;
                    series.heading_line(line);
                }
                None => {
                    if let Some(note) = buffer_note(header, &series.notes) {
                        series.notes.push(note);
                    }
                    out.skipped.push(line.skip(comment_reason(header)));
                }
            }
            continue;
        }
        let cells: Vec<&str> = text.split_whitespace().collect();
        match cols.read(&cells) {
            Ok((bytes, value)) => {
                let directions = if series.benchmark == "bibw" { 2.0 } else { 1.0 };
                if let Some(why) =
                    series.push_value(line.number, bytes, value, cols.measure, directions)?
                {
                    out.skipped.push(line.skip(why));
                }
            }
            Err(why) => {
                if cols.is_row(&cells) {
                    series.row_at(line.number);
                }
                out.skipped
                    .push(line.skip(format!("not a row of the table: {why}")));
            }
        }
    }
    Ok(out)
}

/// A `# Size …` header's columns (names are separated by two or more spaces).
fn header_columns(header: &str) -> Option<Result<Columns, String>> {
    let names: Vec<&str> = header
        .split("  ")
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    names
        .first()
        .filter(|n| n.to_lowercase().starts_with("size"))
        .and_then(|_| Columns::pick(&names))
}

/// The GPU build a title names (`# OSU MPI-CUDA Latency Test`, `MPI-ROCM`, `MPI-SYCL`): the
/// buffers were in device memory when the run asked for it (`D D`, `-d cuda`).
fn device_note(title: &str) -> Option<String> {
    let build = title
        .split_whitespace()
        .find_map(|w| w.strip_prefix("MPI-"))
        .filter(|b| ["CUDA", "ROCM", "SYCL", "OPENACC"].contains(b))?;
    Some(format!(
        "an OSU MPI-{build} build: device buffers, so the times include the GPU's transfers"
    ))
}

/// The device note of a run whose `# Send Buffer on DEVICE (D) and Receive Buffer on …` line
/// puts a buffer in GPU memory. OSU 5.x prints that line under a plain `# OSU MPI … Test`
/// title (osu_multi_lat 5.7 with `D D` on ABCI, in tests/data), so the title alone would
/// present a GPU-to-GPU run as a host one. `None` when the line is not one, keeps both buffers
/// on the host, or the title already said so.
fn buffer_note(header: &str, notes: &[String]) -> Option<String> {
    let line = header.trim();
    let device = line.starts_with("Send Buffer on") && line.contains("DEVICE");
    let said = notes.iter().any(|n| n.contains("device buffers"));
    (device && !said)
        .then(|| format!("`{line}`: device buffers, so the times include the GPU's transfers"))
}

fn comment_reason(header: &str) -> String {
    let header_text = header.trim_start();
    if header.starts_with('#') {
        "a Markdown heading, not part of the benchmark's output".into()
    } else if header_text.starts_with("Datatype") {
        "OSU 7 data-type line: sizes are in bytes whatever the type".into()
    } else if header_text.starts_with("Send Buffer on") {
        "OSU buffer line: where the run kept its send and receive buffers".into()
    } else {
        "a comment line of the benchmark, not a measurement".into()
    }
}

fn note(benchmark: &str) -> &'static str {
    match benchmark {
        "latency" | "multi_lat" => "one-way time: osu_latency prints half the round trip",
        "bibw" => "time per message per direction, 2·m/B: osu_bibw sums both directions",
        "mbw_mr" => "time per message m/B of the aggregate bandwidth of all pairs",
        "bw" => "time per message m/B in a window of back-to-back messages (MB/s = 10^6 B/s)",
        _ => "average time of one operation of the collective",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_name_the_benchmark() {
        assert_eq!(benchmark("OSU MPI Latency Test v5.6.3").0, "latency");
        assert_eq!(
            benchmark("OSU MPI Allreduce Latency Test v5.6.3").0,
            "allreduce"
        );
        assert_eq!(
            benchmark("OSU MPI Bi-Directional Bandwidth Test v5.6.2").0,
            "bibw"
        );
        assert_eq!(benchmark("OSU MPI-CUDA Bandwidth Test v7.1").0, "bw");
        let a2a = benchmark("OSU MPI-CUDA All-to-All Personalized Exchange Latency Test v7.5");
        assert_eq!(a2a, ("alltoall".to_string(), Kind::Operation));
        assert!(device_note("OSU MPI-ROCM Latency Test v7.2").is_some_and(|n| n.contains("ROCM")));
        assert_eq!(device_note("OSU MPI Latency Test v7.2"), None);
        // OMB-Py's titles (`print('# OMB-Py MPI %s Test' % ...)` in its sources).
        assert_eq!(
            benchmark("OMB-Py MPI Latency Test"),
            ("latency".to_string(), Kind::OneWay)
        );
        assert_eq!(benchmark("OMB-Py MPI Allreduce Test").0, "allreduce");
        assert_eq!(
            version("OSU MPI Latency Test v5.6.3").as_deref(),
            Some("5.6.3")
        );
        assert_eq!(version("OSU MPI Latency Test"), None);
    }

    #[test]
    fn only_a_device_buffer_line_adds_a_note_and_only_once() {
        let device = " Send Buffer on DEVICE (D) and Receive Buffer on HOST (H)";
        assert!(buffer_note(device, &[]).is_some_and(|n| n.contains("device buffers")));
        let host = " Send Buffer on HOST (H) and Receive Buffer on HOST (H)";
        assert_eq!(buffer_note(host, &[]), None);
        let titled = device_note("OSU MPI-ROCM Bandwidth Test v7.0").unwrap();
        assert_eq!(buffer_note(device, &[titled]), None);
        assert_eq!(buffer_note(" Datatype: MPI_CHAR.", &[]), None);
    }
}
