//! What the export buttons write, apart from the browser's download: the curve data as CSV and
//! the file names. (PNG and SVG are the charts themselves; JSON is the report as the CLI's
//! `--json` prints it.)

use commcalc_core::{Report, Scenario};

use crate::chart::letter;
use crate::page::machine_label;
use crate::slider::{plain, round_sig};

/// The curves of one or more reports as CSV (RFC 4180): one row per point, with the scenario's
/// letter and canonical query on every row so that the rows of compared scenarios stay apart
/// in a spreadsheet. Numbers are written to 15 significant digits.
pub fn curves_csv(reports: &[(String, &Report)]) -> Result<String, String> {
    let mut out = Csv::default();
    out.row([
        "scenario",
        "query",
        "size_bytes",
        "time_us",
        "bandwidth_MBps",
    ]);
    for (name, report) in reports {
        for p in &report.curve {
            let [x, t, b] = [p.size_bytes, p.time_us, p.bandwidth_mbps].map(short);
            out.row([name, &report.query, &x, &t, &b]);
        }
    }
    out.text()
}

/// A number to 15 significant digits: the curve's log-spaced sizes read `8`, not
/// `7.999999999999998`, and nothing a model computes is lost.
fn short(v: f64) -> String {
    plain(round_sig(v, 15))
}

/// CSV as RFC 4180 writes it (fields quoted where they hold a comma, a quote or a line break;
/// CRLF line ends), rows of any length: one table of an export. The writer's only errors are
/// its output's, here memory; should one occur, the first is kept and `text` returns it.
pub struct Csv {
    writer: csv::Writer<Vec<u8>>,
    failed: Option<String>,
}

impl Default for Csv {
    fn default() -> Csv {
        let writer = csv::WriterBuilder::new()
            .flexible(true)
            .terminator(csv::Terminator::CRLF)
            .from_writer(Vec::new());
        Csv {
            writer,
            failed: None,
        }
    }
}

impl Csv {
    /// Adds a row (after a failure, nothing: the table is lost and `text` says why).
    pub fn row<I: IntoIterator<Item = T>, T: AsRef<[u8]>>(&mut self, fields: I) {
        if self.failed.is_none() {
            if let Err(e) = self.writer.write_record(fields) {
                self.failed = Some(e.to_string());
            }
        }
    }

    /// The table written, or why it could not be.
    pub fn text(self) -> Result<String, String> {
        let failed = |e: String| format!("the CSV could not be written: {e}");
        if let Some(e) = self.failed {
            return Err(failed(e));
        }
        let bytes = self
            .writer
            .into_inner()
            .map_err(|e| failed(e.to_string()))?;
        String::from_utf8(bytes).map_err(|e| failed(e.to_string()))
    }
}

/// The start of an exported file's name: `commcalc-intel-paragon-pingpong`, or
/// `commcalc-compare-…` with each compared machine.
pub fn file_stem(scenarios: &[Scenario]) -> String {
    match scenarios {
        [one] => format!("commcalc-{}-{}", one.machine.id, one.pattern.id),
        many => {
            let ids: Vec<&str> = many.iter().map(|s| s.machine.id).collect();
            format!("commcalc-compare-{}", ids.join("-"))
        }
    }
}

/// An exported chart's subtitle for one scenario: what it is and its query, so that a slide
/// says where its curve comes from ("Ping-pong on Intel Paragon · NX (hockney) ·
/// machine=intel-paragon&pattern=pingpong"); a fitted machine by its name (`fitted`).
pub fn subtitle(s: &Scenario, fitted: Option<&str>) -> String {
    let set = s.machine.set(s.model).map_or("", |set| set.label);
    format!(
        "{} on {} · {set} ({}) · {}",
        s.pattern.title,
        machine_label(fitted, s),
        s.model.id(),
        s.to_query()
    )
}

/// An exported chart's subtitle for compared scenarios: each by its letter.
pub fn compared_subtitle(list: &[Scenario], fitted: Option<&str>) -> String {
    list.iter()
        .enumerate()
        .map(|(i, s)| {
            let machine = machine_label(fitted, s);
            format!("{}: {} on {machine}", letter(i), s.pattern.title)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_every_point_of_every_curve() {
        let a = commcalc_core::run("machine=intel-paragon&pattern=pingpong").unwrap();
        let b = commcalc_core::run("machine=ibm-sp2&pattern=pingpong").unwrap();
        let csv = curves_csv(&[("A".into(), &a), ("B".into(), &b)]).unwrap();
        let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.len(), 1 + a.curve.len() + b.curve.len());
        let first: Vec<&str> = lines[1].split(',').collect();
        assert_eq!(first[0], "A");
        assert_eq!(first[1], a.query);
        assert_eq!(first[2].parse::<f64>().unwrap(), a.curve[0].size_bytes);
        assert_eq!(first[3].parse::<f64>().unwrap(), a.curve[0].time_us);
        assert!(lines.last().unwrap().starts_with("B,"));
    }

    #[test]
    fn sizes_read_without_floating_point_noise() {
        let r = commcalc_core::run("machine=intel-paragon&pattern=pingpong").unwrap();
        let csv = curves_csv(&[("A".into(), &r)]).unwrap();
        assert!(
            !csv.contains("99999999") && !csv.contains("00000001"),
            "{csv}"
        );
        let first = csv.lines().nth(1).unwrap();
        assert!(first.contains(",1,"), "{first}");
    }

    #[test]
    fn subtitles_say_what_the_chart_shows() {
        let a = Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        assert_eq!(
            subtitle(&a, Some("mine")),
            "Ping-pong on Intel Paragon · NX (hockney) · machine=intel-paragon&pattern=pingpong"
        );
        let fitted = Scenario::from_query("machine=custom&alpha=2").unwrap();
        assert!(
            subtitle(&fitted, Some("mine")).starts_with("Ping-pong on mine · "),
            "{}",
            subtitle(&fitted, Some("mine"))
        );
        let b = Scenario::from_query("machine=ibm-sp2&pattern=pingpong").unwrap();
        assert_eq!(
            compared_subtitle(&[a, b, fitted], Some("mine")),
            "A: Ping-pong on Intel Paragon; B: Ping-pong on IBM SP2; C: Ping-pong on mine"
        );
    }

    #[test]
    fn fields_are_quoted_as_rfc_4180_asks() {
        let mut csv = Csv::default();
        csv.row(["a,b", "say \"hi\"", "two\nlines", "plain"]);
        csv.row(["short"]);
        assert_eq!(
            csv.text().unwrap(),
            "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",plain\r\nshort\r\n"
        );
    }

    #[test]
    fn file_names_say_what_is_in_them() {
        let one = Scenario::from_query("machine=intel-ipsc&pattern=pingpong").unwrap();
        let two = Scenario::from_query("machine=ametek-s14&pattern=pingpong").unwrap();
        assert_eq!(
            file_stem(std::slice::from_ref(&one)),
            "commcalc-intel-ipsc-pingpong"
        );
        assert_eq!(
            file_stem(&[one, two]),
            "commcalc-compare-intel-ipsc-ametek-s14"
        );
    }
}
