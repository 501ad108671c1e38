//! The fits of a run as a table shows them (`table#validation-fits` in the Validate view): each
//! model's parameters with its rms and largest relative error, then LogGP where it was fitted.
//! Plain data from the core's [`FitReport`], built and tested natively; the view draws it.

use commcalc_core::measurements::fit::loggp::LogGp;
use commcalc_core::measurements::fit::FitReport;
use commcalc_core::units::{si, sig3};

/// One model's row (`tr[data-fit=<id>]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitRow {
    pub id: &'static str,
    pub name: &'static str,
    pub params: String,
    /// The rms and the largest relative error, in percent.
    pub rms: String,
    pub max: String,
}

/// The LogGP line (`p#import-loggp`) and, where L is missing, why (`p#import-loggp-note`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogGpLine {
    pub text: String,
    pub note: Option<String>,
}

/// What the fits' table shows of a fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fits {
    /// The series fitted (the heading names it).
    pub series: String,
    pub rows: Vec<FitRow>,
    pub loggp: Option<LogGpLine>,
}

/// A relative error in percent, to three significant digits.
fn percent(x: f64) -> String {
    format!("{} %", sig3(100.0 * x))
}

/// Hockney's or the hyperbolic fit's parameters: a, b and what they mean, r∞ and n½.
fn line_params(a_us: f64, b_us_per_byte: f64, r_inf_mbps: f64, n_half_bytes: f64) -> String {
    format!(
        "a = {}, b = {}; r∞ = {}, n½ = {}",
        si(a_us, "µs"),
        si(b_us_per_byte, "µs/B"),
        si(r_inf_mbps, "MB/s"),
        si(n_half_bytes, "B")
    )
}

/// The fits of `r`: Hockney, piecewise Hockney, the hyperbolic fit where there is one, and
/// LogGP where it was fitted.
pub fn fits(r: &FitReport) -> Fits {
    let h = &r.fits.hockney;
    let p = &r.fits.piecewise;
    let mut rows = vec![
        FitRow {
            id: "hockney",
            name: "Hockney, T = a + b·m",
            params: line_params(h.a_us, h.b_us_per_byte, h.r_inf_mbps, h.n_half_bytes),
            rms: percent(h.quality.rms_rel_err),
            max: percent(h.quality.max_rel_err),
        },
        FitRow {
            id: "piecewise",
            name: "piecewise Hockney",
            params: p.pieces_text().join("; "),
            rms: percent(p.quality.rms_rel_err),
            max: percent(p.quality.max_rel_err),
        },
    ];
    if let Some(y) = &r.fits.hyperbolic {
        rows.push(FitRow {
            id: "hyperbolic",
            name: "hyperbolic (000 eq. 2)",
            params: line_params(y.a_us, y.b_us_per_byte, y.r_inf_mbps, y.n_half_bytes),
            rms: percent(y.quality.rms_rel_err),
            max: percent(y.quality.max_rel_err),
        });
    }
    Fits {
        series: r.fitted_series.clone(),
        rows,
        loggp: r.fits.loggp.as_ref().map(loggp),
    }
}

/// The LogGP parameters the fit found, and why L is missing beside an o larger than half of
/// L + 2o (the core's words).
fn loggp(l: &LogGp) -> LogGpLine {
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
    use commcalc_core::measurements::{fit::fit, parse};

    fn fitted(text: &str) -> FitReport {
        fit(parse(text.as_bytes(), None).unwrap()).unwrap()
    }

    /// A row per fitted model, in order, with its errors in percent; the LogGP line only where
    /// LogGP was fitted.
    #[test]
    fn a_row_per_model_with_its_errors() {
        let r = fitted(include_str!(
            "../../../tests/data/measurements/csd3-ib-osu_latency.txt"
        ));
        let f = fits(&r);
        assert_eq!(f.series, r.fitted_series);
        let ids: Vec<&str> = f.rows.iter().map(|x| x.id).collect();
        let mut want = vec!["hockney", "piecewise"];
        if r.fits.hyperbolic.is_some() {
            want.push("hyperbolic");
        }
        assert_eq!(ids, want);
        let h = &r.fits.hockney;
        assert_eq!(
            f.rows[0].rms,
            format!("{} %", sig3(100.0 * h.quality.rms_rel_err))
        );
        assert_eq!(
            f.rows[0].max,
            format!("{} %", sig3(100.0 * h.quality.max_rel_err))
        );
        assert!(
            f.rows[0].params.contains(&si(h.a_us, "µs")),
            "{:?}",
            f.rows[0]
        );
        assert_eq!(f.rows[1].params, r.fits.piecewise.pieces_text().join("; "));
        assert_eq!(f.loggp.is_some(), r.fits.loggp.is_some());
    }

    /// Netgauge's LogGP: L + 2o and G, and the core's note where L is not given.
    #[test]
    fn loggp_is_shown_with_its_note() {
        let r = fitted(include_str!(
            "../../../tests/data/measurements/frontera-ib-netgauge_loggp_excerpt.txt"
        ));
        let l = r.fits.loggp.as_ref().unwrap();
        let line = fits(&r).loggp.unwrap();
        assert!(line
            .text
            .starts_with(&format!("LogGP: L + 2o = {}", si(l.l_plus_2o, "µs"))));
        assert!(
            line.text.ends_with(&format!("(from {})", l.from)),
            "{}",
            line.text
        );
        assert_eq!(line.note, l.note);
        assert!(line.note.is_some());
    }
}
