//! The fits as the page shows them beside their charts, as data: the table of each model's
//! parameters and its rms and largest relative error, then LogGP where it was fitted, and the
//! keys of the fit and residual charts. The Import view and the Validate view show them
//! (`components::fits_table`); plain Rust, tested natively.

use commcalc_core::measurements::fit::loggp::LogGp;
use commcalc_core::measurements::fit::{self, FitReport, FittedModel, MODELS};
use commcalc_core::units::{si, sig3};

/// One model's row: `data-fit` names it, then its cells as shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FitRow {
    /// The model's id, the row's `data-fit`.
    pub id: &'static str,
    /// The model's name and formula.
    pub model: String,
    pub params: String,
    pub rms: String,
    pub max: String,
}

/// The LogGP parameters the fit found, and why L is missing beside an o larger than half of
/// L + 2o (the core's words).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LogGpLine {
    pub text: String,
    pub note: Option<String>,
}

/// The table of one fit: the series fitted, each model's row and the LogGP line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FitTable {
    /// The series the fits are to, named in the heading.
    pub series: String,
    pub rows: Vec<FitRow>,
    pub loggp: Option<LogGpLine>,
}

/// One entry of a chart's key: the series colour of its swatch (`None`: words alone) and its
/// words.
pub type KeyEntry = (Option<usize>, &'static str);

/// The fit chart's key (`import::fit_plot`'s colours: the points 0, Hockney 1, the piecewise
/// fit 2 dashed, the hyperbola 3) and what its marks are.
pub const FIT_KEY: [KeyEntry; 5] = [
    (Some(0), "measured"),
    (Some(1), MODELS[0].name),
    (Some(2), MODELS[1].name),
    (Some(3), MODELS[2].name),
    (
        None,
        "dashed: the piecewise fit; marks: its breaks (a protocol switch)",
    ),
];

/// The residual chart's key, in the fit chart's colours (`import::residual_plot`).
pub const RESIDUAL_KEY: [KeyEntry; 4] = [
    (Some(1), MODELS[0].name),
    (Some(2), MODELS[1].name),
    (Some(3), MODELS[2].name),
    (
        None,
        "dashed: zero, the fit through the point; marks: the piecewise fit's breaks",
    ),
];

/// A relative error in per cent, three significant digits.
pub fn percent(x: f64) -> String {
    format!("{} %", sig3(100.0 * x))
}

/// A Hockney-shaped fit's parameters: a, b, and the r∞ and n½ they give.
fn hockney_params(a: f64, b: f64, r_inf: f64, n_half: f64) -> String {
    format!(
        "a = {}, b = {}; r∞ = {}, n½ = {}",
        si(a, "µs"),
        si(b, "µs/B"),
        si(r_inf, "MB/s"),
        si(n_half, "B")
    )
}

/// The table of a fit: Hockney, the piecewise fit and the hyperbolic one where it was fitted.
pub fn fit_table(r: &FitReport) -> FitTable {
    let row = |id, params, q: &commcalc_core::measurements::fit::Quality| FitRow {
        id,
        model: fit::model(id).map_or_else(|| id.to_string(), FittedModel::title),
        params,
        rms: percent(q.rms_rel_err),
        max: percent(q.max_rel_err),
    };
    let h = &r.fits.hockney;
    let p = &r.fits.piecewise;
    let mut rows = vec![
        row(
            "hockney",
            hockney_params(h.a_us, h.b_us_per_byte, h.r_inf_mbps, h.n_half_bytes),
            &h.quality,
        ),
        row("piecewise", p.pieces_text().join("; "), &p.quality),
    ];
    if let Some(y) = &r.fits.hyperbolic {
        rows.push(row(
            "hyperbolic",
            hockney_params(y.a_us, y.b_us_per_byte, y.r_inf_mbps, y.n_half_bytes),
            &y.quality,
        ));
    }
    FitTable {
        series: r.fitted_series.clone(),
        rows,
        loggp: r.fits.loggp.as_ref().map(loggp_line),
    }
}

/// LogGP's line: L + 2o, o and L where known, g (or why it is unknown), G and their source.
fn loggp_line(l: &LogGp) -> LogGpLine {
    let g =
        l.g.map_or("unknown (needs a bandwidth run)".to_string(), |g| {
            si(g, "µs")
        });
    let o =
        l.o.map_or(String::new(), |o| format!(", o = {}", si(o, "µs")));
    let big_l =
        l.l.map_or(String::new(), |v| format!(", L = {}", si(v, "µs")));
    LogGpLine {
        text: format!(
            "LogGP: L + 2o = {}{o}{big_l}, g = {g}, G = {} (from {})",
            si(l.l_plus_2o, "µs"),
            si(l.big_g, "µs/B"),
            l.from
        ),
        note: l.note.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fitted_file(text: &str) -> FitReport {
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        commcalc_core::measurements::fit::fit(series).unwrap()
    }

    /// Each model fitted has its row, named for `data-fit`, with the fit's own numbers.
    #[test]
    fn every_fit_has_its_row() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/alaska-ib-imb2019_pingpong.txt"
        ));
        let t = fit_table(&r);
        assert_eq!(t.series, r.fitted_series);
        let ids: Vec<&str> = t.rows.iter().map(|row| row.id).collect();
        let mut expected = vec!["hockney", "piecewise"];
        if r.fits.hyperbolic.is_some() {
            expected.push("hyperbolic");
        }
        assert_eq!(ids, expected);
        let h = &r.fits.hockney;
        assert!(
            t.rows[0]
                .params
                .starts_with(&format!("a = {}, ", si(h.a_us, "µs"))),
            "{:?}",
            t.rows[0]
        );
        assert_eq!(t.rows[0].rms, percent(h.quality.rms_rel_err));
        assert_eq!(t.rows[1].params, r.fits.piecewise.pieces_text().join("; "));
        assert_eq!(t.rows[1].max, percent(r.fits.piecewise.quality.max_rel_err));
    }

    /// Netgauge's Frontera run shows o beside an L + 2o smaller than 2o: the table says why
    /// L is not given rather than leaving a negative L to the reader.
    #[test]
    fn a_negative_latency_is_explained() {
        let r = fitted_file(include_str!(
            "../../../tests/data/measurements/frontera-ib-netgauge_loggp_excerpt.txt"
        ));
        let l = fit_table(&r).loggp.unwrap();
        let note = r.fits.loggp.as_ref().and_then(|l| l.note.clone()).unwrap();
        assert_eq!(l.note, Some(note));
        assert!(l.text.starts_with("LogGP: L + 2o = "), "{}", l.text);
        assert!(l.text.contains(", o = "), "{}", l.text);
        assert!(!l.text.contains(", L = "), "{}", l.text);
    }

    /// The keys name the fit chart's four series in their colours, and the residual chart's
    /// three fits in the same colours as the fit chart's.
    #[test]
    fn the_keys_follow_the_charts_colours() {
        let coloured = |key: &[KeyEntry]| -> Vec<(usize, &str)> {
            key.iter().filter_map(|(c, t)| Some(((*c)?, *t))).collect()
        };
        let fit = coloured(&FIT_KEY);
        assert_eq!(fit.iter().map(|e| e.0).collect::<Vec<_>>(), [0, 1, 2, 3]);
        for (colour, text) in coloured(&RESIDUAL_KEY) {
            let (_, in_fit) = fit.iter().find(|e| e.0 == colour).unwrap();
            assert!(in_fit.starts_with(text), "{colour}: {text} / {in_fit}");
        }
    }
}
