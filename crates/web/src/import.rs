//! The "Import measurements" view's plain-Rust part: the fit report as markup, the links that
//! open the fitted machine in the other views, and the fitted machines kept in the browser's
//! storage. The fitted machine is the catalog's `custom` machine with the fitted parameters,
//! so a link carries the parameters (never the raw data) and works in every view.

use std::fmt::Write;

use commcalc_core::measurements::fit::FitReport;
use commcalc_core::units::{si, sig3};
use commcalc_core::Scenario;

use crate::chart::{axes, Plot, Scale, Series};
use crate::html::esc;

/// The storage key, versioned: a later layout gets a new key instead of misreading this one.
pub const STORAGE_KEY: &str = "commcalc.fitted.v1";
/// The first line of the stored text, which says it is ours and which layout it has.
const HEADER: &str = "commcalc fitted machines v1";
/// At most this many fitted machines are kept (the oldest go first).
pub const MAX_SAVED: usize = 12;

/// A fitted machine kept in storage: its name and its query.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub name: String,
    pub query: String,
}

/// The stored text for a list of machines: the header, then `name<TAB>query` per line.
pub fn encode(list: &[Saved]) -> String {
    let mut out = String::from(HEADER);
    for s in list {
        let name: String = s
            .name
            .chars()
            .filter(|c| *c != '\t' && *c != '\n')
            .collect();
        let _ = write!(out, "\n{name}\t{}", s.query);
    }
    out
}

/// The machines in stored text, and a message for each entry that is skipped: a foreign or
/// corrupt text is reported, never trusted, and never breaks the page.
pub fn decode(text: &str) -> (Vec<Saved>, Vec<String>) {
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return (
            Vec::new(),
            vec![format!(
                "the stored fitted machines ({STORAGE_KEY}) are not in a layout this page knows; they are ignored"
            )],
        );
    }
    let mut saved = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in lines.enumerate() {
        let Some((name, query)) = line.split_once('\t') else {
            problems.push(format!(
                "stored entry {} is not name and query; skipped",
                i + 1
            ));
            continue;
        };
        match Scenario::from_query(query) {
            Ok(_) => saved.push(Saved {
                name: name.to_string(),
                query: query.to_string(),
            }),
            Err(e) => problems.push(format!("stored entry {} ({name}) is skipped: {e}", i + 1)),
        }
    }
    saved.truncate(MAX_SAVED);
    (saved, problems)
}

/// `list` with `item` added first (replacing one of the same name), at most [`MAX_SAVED`].
pub fn with_saved(list: &[Saved], item: Saved) -> Vec<Saved> {
    let mut out = vec![item.clone()];
    out.extend(list.iter().filter(|s| s.name != item.name).cloned());
    out.truncate(MAX_SAVED);
    out
}

/// A name for the fitted machine: the benchmark and its version.
pub fn machine_name(r: &FitReport) -> String {
    let s = r.series.iter().find(|s| s.name == r.fitted_series);
    match s {
        Some(s) => match &s.version {
            Some(v) => format!(
                "my machine (fitted, {} {} {v})",
                s.format.id().to_uppercase(),
                s.benchmark
            ),
            None => format!(
                "my machine (fitted, {} {})",
                s.format.id().to_uppercase(),
                s.benchmark
            ),
        },
        None => "my machine (fitted)".into(),
    }
}

/// (label, address) of the views that open the fitted machine.
pub fn links(r: &FitReport) -> Vec<(&'static str, String)> {
    let compare = format!(
        "?view=compare&c={}&c=machine=intel-paragon;pattern=pingpong",
        r.query.replace('&', ";")
    );
    let mut out = vec![
        ("Open in the calculator", format!("?{}", r.query)),
        ("Compare with the Intel Paragon", compare),
    ];
    if let Some(y) = &r.fits.hyperbolic {
        out.push(("Open the hyperbolic fit", format!("?{}", y.query)));
    }
    out
}

/// The panel's report: the fit and the links that open it, or why there is none.
pub fn result_html(result: &Result<FitReport, String>) -> String {
    match result {
        Err(e) => format!("<p class=\"messages errors\" role=\"alert\">{}</p>", esc(e)),
        Ok(r) => {
            let mut html = report_html(r);
            html.push_str("<ul id=\"import-links\" class=\"import-links\">");
            for (label, href) in links(r) {
                let _ = write!(html, "<li><a href=\"{}\">{label}</a></li>", esc(&href));
            }
            let _ = write!(
                html,
                "</ul><p class=\"query\">query: <code>{}</code></p>",
                esc(&r.query)
            );
            html
        }
    }
}

/// The kept machines as links that open them.
pub fn saved_html(list: &[Saved]) -> String {
    list.iter()
        .map(|s| {
            format!(
                "<li><a href=\"?{}\">{}</a></li>",
                esc(&s.query),
                esc(&s.name)
            )
        })
        .collect()
}

/// Messages as list items.
pub fn messages_html(list: &[String]) -> String {
    list.iter()
        .map(|m| format!("<li>{}</li>", esc(m)))
        .collect()
}

/// Points on each fitted curve: enough for a smooth hyperbola on log axes.
const CURVE_POINTS: usize = 96;

/// `CURVE_POINTS` sizes from `from` to `to`, evenly spaced in log size.
fn log_grid(from: f64, to: f64) -> Vec<f64> {
    let n = CURVE_POINTS.max(2);
    (0..n)
        .map(|i| from * (to / from).powf(i as f64 / (n - 1) as f64))
        .collect()
}

/// The chart under the report, log–log: the measured points as dots (colour 0), the Hockney
/// line (1), the piecewise fit dashed (2) and the hyperbola (3). A 0-byte point has no place
/// on a log axis and is left out of the chart (not of the fits).
pub fn fit_plot(r: &FitReport) -> Result<Plot, String> {
    let series = r.series.iter().find(|s| s.name == r.fitted_series);
    let measured: Vec<(f64, f64)> = series
        .map(|s| {
            s.points
                .iter()
                .map(|p| (p[0], p[1]))
                .filter(|p| p.0 > 0.0 && p.1 > 0.0)
                .collect()
        })
        .unwrap_or_default();
    let (Some(lo), Some(hi)) = (measured.first().map(|p| p.0), measured.last().map(|p| p.0)) else {
        return Err("No measured point can be drawn on log axes.".into());
    };
    let line = |points: Vec<(f64, f64)>, colour: usize, dashed: bool| Series {
        points,
        colour,
        measured: false,
        dashed,
        optimum: None,
        letter: None,
    };
    let h = &r.fits.hockney;
    let mut out = vec![
        Series {
            points: measured,
            colour: 0,
            measured: true,
            dashed: false,
            optimum: None,
            letter: None,
        },
        line(
            log_grid(lo, hi)
                .into_iter()
                .map(|m| (m, h.a_us + h.b_us_per_byte * m))
                .collect(),
            1,
            false,
        ),
    ];
    let pieces = r
        .fits
        .piecewise
        .pieces
        .iter()
        .filter(|p| p.to_bytes > 0.0)
        .map(|p| {
            let from = p.from_bytes.max(lo);
            log_grid(from, p.to_bytes.max(from))
                .into_iter()
                .map(|m| (m, p.a_us + p.b_us_per_byte * m))
        });
    out.push(line(
        pieces.flatten().filter(|p| p.1 > 0.0).collect(),
        2,
        true,
    ));
    if let Some(y) = &r.fits.hyperbolic {
        let block = commcalc_core::models::hyperbolic::Block {
            a: y.a_us,
            b: y.b_us_per_byte,
        };
        out.push(line(
            log_grid(lo, hi)
                .into_iter()
                .map(|m| (m, block.time(m)))
                .collect(),
            3,
            false,
        ));
    }
    let (x, y) = axes(&out, (lo, hi), ("B", "µs"), Scale::Log);
    Ok(Plot::bare(x, y, out))
}

/// The chart's key, in the series' colours.
pub const LEGEND_HTML: &str = "<span class=\"swatch\" style=\"background: var(--series-0)\"></span>measured · \
    <span class=\"swatch\" style=\"background: var(--series-1)\"></span>Hockney · \
    <span class=\"swatch\" style=\"background: var(--series-2)\"></span>piecewise Hockney (dashed) · \
    <span class=\"swatch\" style=\"background: var(--series-3)\"></span>hyperbolic";

fn percent(x: f64) -> String {
    format!("{} %", sig3(100.0 * x))
}

/// The report as markup: the series read, the lines not used, the fits and the warnings.
pub fn report_html(r: &FitReport) -> String {
    let mut out = String::from("<h3>Series read</h3><ul class=\"series\">");
    for s in &r.series {
        let _ = write!(
            out,
            "<li><strong>{}</strong> — {} {}, {} point(s)",
            esc(&s.name),
            s.format.id(),
            esc(&s.benchmark),
            s.points.len()
        );
        for n in &s.notes {
            let _ = write!(out, "<br><span class=\"note\">{}</span>", esc(n));
        }
        if !s.skipped.is_empty() {
            let _ = write!(
                out,
                "<details><summary>{} line(s) not used</summary><ul class=\"skipped\">",
                s.skipped.len()
            );
            for k in &s.skipped {
                let _ = write!(
                    out,
                    "<li>line {}: <code>{}</code> — {}</li>",
                    k.line,
                    esc(k.text.trim()),
                    esc(&k.why)
                );
            }
            out.push_str("</ul></details>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    fits_table(&mut out, r);
    if !r.warnings.is_empty() {
        out.push_str("<ul class=\"messages warnings\">");
        for w in &r.warnings {
            let _ = write!(out, "<li>{}</li>", esc(w));
        }
        out.push_str("</ul>");
    }
    out
}

fn fits_table(out: &mut String, r: &FitReport) {
    let _ = write!(
        out,
        "<h3>Fits to {} (relative error)</h3><table id=\"import-fits\"><thead><tr><th scope=\"col\">model</th>\
         <th scope=\"col\">parameters</th><th scope=\"col\">rms error</th><th scope=\"col\">max error</th></tr></thead><tbody>",
        esc(&r.fitted_series)
    );
    let mut row = |id: &str, name: &str, params: String, rms: f64, max: f64| {
        let _ = write!(
            out,
            "<tr data-fit=\"{id}\"><th scope=\"row\">{name}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&params),
            percent(rms),
            percent(max)
        );
    };
    let h = &r.fits.hockney;
    row(
        "hockney",
        "Hockney, T = a + b·m",
        format!(
            "a = {}, b = {}; r∞ = {}, n½ = {}",
            si(h.a_us, "µs"),
            si(h.b_us_per_byte, "µs/B"),
            si(h.r_inf_mbps, "MB/s"),
            si(h.n_half_bytes, "B")
        ),
        h.quality.rms_rel_err,
        h.quality.max_rel_err,
    );
    let p = &r.fits.piecewise;
    let pieces = p.pieces_text();
    row(
        "piecewise",
        "piecewise Hockney",
        pieces.join("; "),
        p.quality.rms_rel_err,
        p.quality.max_rel_err,
    );
    if let Some(y) = &r.fits.hyperbolic {
        row(
            "hyperbolic",
            "hyperbolic (000 eq. 2)",
            format!(
                "a = {}, b = {}; r∞ = {}, n½ = {}",
                si(y.a_us, "µs"),
                si(y.b_us_per_byte, "µs/B"),
                si(y.r_inf_mbps, "MB/s"),
                si(y.n_half_bytes, "B")
            ),
            y.quality.rms_rel_err,
            y.quality.max_rel_err,
        );
    }
    out.push_str("</tbody></table>");
    if let Some(l) = &r.fits.loggp {
        let g =
            l.g.map_or("unknown (needs a bandwidth run)".to_string(), |g| {
                si(g, "µs")
            });
        let o =
            l.o.map_or(String::new(), |o| format!(", o = {}", si(o, "µs")));
        let _ = write!(
            out,
            "<p id=\"import-loggp\">LogGP: L + 2o = {}{o}, g = {g}, G = {} (from {})</p>",
            si(l.l_plus_2o, "µs"),
            si(l.big_g, "µs/B"),
            esc(&l.from)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUERY: &str = "machine=custom&pattern=pingpong&model=hockney&alpha=1.2&beta=0.0001";

    #[test]
    fn stored_machines_round_trip() {
        let list = vec![Saved {
            name: "ib\tcluster".into(),
            query: QUERY.into(),
        }];
        let (back, problems) = decode(&encode(&list));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back[0].name, "ibcluster");
        assert_eq!(back[0].query, QUERY);
    }

    #[test]
    fn foreign_and_corrupt_entries_are_reported_and_skipped() {
        let (list, problems) = decode("{\"json\": true}");
        assert!(list.is_empty());
        assert!(problems[0].contains(STORAGE_KEY));
        let text = format!("{HEADER}\nno tab here\nbad\tmachine=nosuch\nok\t{QUERY}");
        let (list, problems) = decode(&text);
        assert_eq!(list.len(), 1);
        assert_eq!(problems.len(), 2);
        assert!(problems[1].contains("machine"), "{problems:?}");
    }

    #[test]
    fn the_report_links_the_fitted_machine() {
        let text = include_str!("../../../tests/data/measurements/csd3-roce-osu_latency.txt");
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        let r = commcalc_core::measurements::fit::fit(series).unwrap();
        let html = result_html(&Ok(r.clone()));
        assert!(
            html.contains(&format!("href=\"?{}\"", esc(&r.query))),
            "{html}"
        );
        assert!(html.contains("data-fit=\"piecewise\""));
        assert!(html.contains("machine=intel-paragon;pattern=pingpong"));
        assert_eq!(machine_name(&r), "my machine (fitted, OSU latency 5.6.3)");
        let err = result_html(&Err("line 3: <bad>".into()));
        assert!(err.contains("line 3: &lt;bad&gt;"));
    }

    #[test]
    fn the_chart_holds_the_points_and_every_fit() {
        let text = include_str!("../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt");
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        let r = commcalc_core::measurements::fit::fit(series).unwrap();
        let plot = fit_plot(&r).unwrap();
        assert_eq!(plot.series.len(), 4);
        // 24 rows, the 0-byte one left out of the log chart.
        assert_eq!(plot.series[0].points.len(), 23);
        assert_eq!(plot.series[0].points[22], (4194304.0, 672.03));
        let h = &r.fits.hockney;
        let (m, t) = plot.series[1].points[10];
        assert!((t - (h.a_us + h.b_us_per_byte * m)).abs() < 1e-9);
        assert!(plot.x.lo <= 1.0 && plot.x.hi >= 4194304.0);
    }

    #[test]
    fn saving_replaces_by_name_and_keeps_at_most_twelve() {
        let item = |n: usize| Saved {
            name: format!("m{n}"),
            query: QUERY.into(),
        };
        let mut list = Vec::new();
        for n in 0..20 {
            list = with_saved(&list, item(n));
        }
        assert_eq!(list.len(), MAX_SAVED);
        assert_eq!(list[0].name, "m19");
        let again = with_saved(&list, item(15));
        assert_eq!(again.len(), MAX_SAVED);
        assert_eq!(again.iter().filter(|s| s.name == "m15").count(), 1);
    }
}
