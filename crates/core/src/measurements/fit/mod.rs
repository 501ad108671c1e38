//! The fits of a measured series: the linear (Hockney) model, its piecewise form with
//! protocol breakpoints, the hyperbolic model of 000 and LogGP, every one in relative error,
//! each with its parameters, r∞, n½, errors and per-point residuals, and the query that makes
//! the fitted machine a `custom` machine for `commcalc eval` and `compare`: the fit with the
//! least error ([`Best`]). Runs of one cluster given together make one machine
//! ([`combine`]): the latency run's sizes, the bandwidth run's large-message rate, a reduction
//! run's γ.

pub mod combine;
pub mod hockney;
pub mod hyperbolic;
pub mod loggp;
pub mod pieces;
#[cfg(test)]
pub(crate) mod real_runs;

use serde::Serialize;

use self::hockney::breakpoints;
pub use self::pieces::{decimal, physical, piecewise_model, Piece};
use super::{Format, Kind, Series};
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::models::hyperbolic::Block;
use crate::models::piecewise::{KEYS, UNREACHED_BYTES};
use crate::units::si;
use crate::{Model, Scenario};

/// How well a model follows the points: relative residuals (model − measured)/measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Quality {
    pub rms_rel_err: f64,
    pub max_rel_err: f64,
    /// (size in bytes, relative residual) per point.
    pub residuals: Vec<[f64; 2]>,
}

impl Quality {
    fn of(points: &[[f64; 2]], model: impl Fn(f64) -> f64) -> Quality {
        let residuals: Vec<[f64; 2]> = points
            .iter()
            .map(|&[m, t]| [m, (model(m) - t) / t])
            .collect();
        let n = residuals.len().max(1) as f64;
        Quality {
            rms_rel_err: (residuals.iter().map(|r| r[1] * r[1]).sum::<f64>() / n).sqrt(),
            max_rel_err: residuals.iter().map(|r| r[1].abs()).fold(0.0, f64::max),
            residuals,
        }
    }
}

/// T = a + b·m (003 eq. 1): r∞ = 1/b, n½ = a/b (001 eq. 1–2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinearFit {
    pub a_us: f64,
    pub b_us_per_byte: f64,
    #[serde(rename = "r_inf_MBps")]
    pub r_inf_mbps: f64,
    pub n_half_bytes: f64,
    #[serde(flatten)]
    pub quality: Quality,
    /// The fitted machine with the linear model.
    pub query: String,
}

/// 1 to 3 linear pieces; `breaks_bytes` are the first sizes of the second and third pieces,
/// where the MPI library changes protocol (eager to rendezvous, typically).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PiecewiseFit {
    pub breaks_bytes: Vec<f64>,
    pub pieces: Vec<Piece>,
    #[serde(flatten)]
    pub quality: Quality,
    /// The fitted machine with the piecewise model, one range per piece.
    pub query: String,
}

impl LinearFit {
    /// The fitted line's time for `m` bytes, µs.
    pub fn time(&self, m: f64) -> f64 {
        crate::models::hockney::time(self.a_us, self.b_us_per_byte, m)
    }
}

impl PiecewiseFit {
    /// The pieces as the CLI and the import view print them, one line of SI values each
    /// (`0 B–8.19 kB: 1.16 µs + 476 ps/B·m`).
    pub fn pieces_text(&self) -> Vec<String> {
        self.pieces
            .iter()
            .map(|x| {
                format!(
                    "{}–{}: {} + {}·m",
                    si(x.from_bytes, "B"),
                    si(x.to_bytes, "B"),
                    si(x.a_us, "µs"),
                    si(x.b_us_per_byte, "µs/B")
                )
            })
            .collect()
    }
}

/// T(x) = a²/(a + b·x) + b·x (000 eq. 2): r∞ = 1/b, n½ = ((√5 − 1)/2)·a/b.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HyperbolicFit {
    pub a_us: f64,
    pub b_us_per_byte: f64,
    #[serde(rename = "r_inf_MBps")]
    pub r_inf_mbps: f64,
    pub n_half_bytes: f64,
    #[serde(flatten)]
    pub quality: Quality,
    /// The fitted machine with the hyperbolic model, for `commcalc eval`.
    pub query: String,
}

impl HyperbolicFit {
    /// The fitted hyperbola as 000's model computes it.
    pub fn block(&self) -> Block {
        Block {
            a: self.a_us,
            b: self.b_us_per_byte,
        }
    }
}

/// A model the fits fit to a one-way latency run, as `commcalc fit --help`, the page's table
/// of fits and its charts' keys name it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FittedModel {
    /// `hockney`, `piecewise`, `hyperbolic` or `loggp`: its member of [`Fits`] and its row.
    pub id: &'static str,
    pub name: &'static str,
    /// Its form in the fit's symbols (m bytes, T µs), or what is fitted where no one formula is.
    pub form: &'static str,
    /// Where a paper gives the form; none for the fits this program defines (the pieces, and
    /// the LogGP parameters, whose own papers the `loggp` module names).
    pub source: Option<&'static str>,
    /// What else the fit gives or needs.
    pub note: Option<&'static str>,
    /// The custom machine's model the fit gives, its query's `model=`: none for LogGP, whose
    /// parameters no model of the catalog takes.
    pub machine: Option<Model>,
}

impl FittedModel {
    /// Its name, form and source: `hyperbolic, T = a²/(a + b·m) + b·m (000 eq. 2)`.
    pub fn title(&self) -> String {
        format!("{}, {}", self.name, self.cited_form())
    }

    /// Its form with its source, and its note: a line of `commcalc fit --help`.
    pub fn summary(&self) -> String {
        match self.note {
            Some(note) => format!("{}; {note}", self.cited_form()),
            None => self.cited_form(),
        }
    }

    fn cited_form(&self) -> String {
        match self.source {
            Some(source) => format!("{} ({source})", self.form),
            None => self.form.to_string(),
        }
    }
}

/// The fitted models, in the order the fits report them.
pub const MODELS: [FittedModel; 4] = [
    FittedModel {
        id: "hockney",
        name: "Hockney",
        form: "T = a + b·m",
        source: Some("003 eq. 1"),
        note: Some("r∞ = 1/b and n½ = a/b"),
        machine: Some(Model::Hockney),
    },
    FittedModel {
        id: "piecewise",
        name: "piecewise Hockney",
        form: "1 to 3 linear pieces, breakpoints where the protocol changes (BIC)",
        source: None,
        note: None,
        machine: Some(Model::Piecewise),
    },
    FittedModel {
        id: "hyperbolic",
        name: "hyperbolic",
        form: "T = a²/(a + b·m) + b·m",
        source: Some("000 eq. 2"),
        note: None,
        machine: Some(Model::Hyperbolic),
    },
    FittedModel {
        id: "loggp",
        name: "LogGP",
        form: "L + 2o, g, G",
        source: None,
        note: Some("o as well from Netgauge, g needs a bandwidth run"),
        machine: None,
    },
];

/// The fitted models that give a machine (the custom machine under [`FittedModel::machine`]),
/// in the table's order.
pub fn machine_models() -> impl Iterator<Item = &'static FittedModel> {
    MODELS.iter().filter(|m| m.machine.is_some())
}

/// The fitted model of an id, if there is one.
pub fn model(id: &str) -> Option<&'static FittedModel> {
    MODELS.iter().find(|m| m.id == id)
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fits {
    pub hockney: LinearFit,
    pub piecewise: PiecewiseFit,
    pub hyperbolic: Option<HyperbolicFit>,
    pub loggp: Option<loggp::LogGp>,
}

/// Which fit the fitted machine is, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Best {
    /// `hockney`, `piecewise` or `hyperbolic`.
    pub model: &'static str,
    pub rms_rel_err: f64,
    pub max_rel_err: f64,
    /// The rule and every fit's error, in words.
    pub why: String,
}

/// Everything `commcalc fit` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FitReport {
    pub series: Vec<Series>,
    /// The series the fits describe (its `name`).
    pub fitted_series: String,
    pub fits: Fits,
    /// The fit the fitted machine is: the one with the least error.
    pub best: Best,
    /// The fitted machine: the best fit's query, for `commcalc eval` and `compare`.
    pub query: String,
    /// The reductions' γ of the fitted machine: fitted from a reduction run, or assumed.
    pub gamma: combine::Gamma,
    /// What each run given was used for, or why it was not.
    pub runs: Vec<combine::Role>,
    pub warnings: Vec<String>,
}

/// The series to fit: the first one-way latency run, else the first operation, else the
/// first bandwidth run; at least two sizes with a positive time.
fn fitted(series: &[Series]) -> Result<&Series, Error> {
    [Kind::OneWay, Kind::Operation, Kind::Stream]
        .iter()
        .find_map(|k| series.iter().filter(|s| s.kind == *k).find(|s| usable(s)))
        .ok_or_else(|| {
            let counts: Vec<String> = series
                .iter()
                .map(|s| format!("{}: {} point(s)", s.name, s.points.len()))
                .collect();
            Error::Measurement {
                line: None,
                problem: format!(
                    "nothing to fit: no series has two sizes with a positive time ({})",
                    counts.join("; ")
                ),
                expected: "a run over at least two message sizes".into(),
            }
        })
}

/// Fits every model to the chosen series of `series`, with the other runs of the same
/// cluster combined into it ([`combine`]).
pub fn fit(series: Vec<Series>) -> Result<FitReport, Error> {
    fit_series(series, None)
}

/// The series usable by a fit: at least two sizes with a positive time. An IMB file of 16
/// benchmarks offers each of them.
pub fn usable(s: &Series) -> bool {
    s.points.iter().filter(|p| p[1] > 0.0).count() >= 2
}

/// Series `index` of `series`, or [`fitted`]'s for `None`.
fn chosen(series: &[Series], index: Option<usize>) -> Result<&Series, Error> {
    match index {
        None => fitted(series),
        Some(i) => series
            .get(i)
            .filter(|s| usable(s))
            .ok_or_else(|| Error::Measurement {
                line: None,
                problem: format!("series {} cannot be fitted", i + 1),
                expected: format!(
                    "one of the {} series read, with at least two sizes with a positive time",
                    series.len()
                ),
            }),
    }
}

/// Fits every model to series `index` of `series` (one the reader chose: any usable series,
/// a PingPing as well as the PingPong [`fitted`] would choose), or to [`fitted`]'s for `None`.
pub fn fit_series(series: Vec<Series>, index: Option<usize>) -> Result<FitReport, Error> {
    let chosen = chosen(&series, index)?;
    let points: Vec<[f64; 2]> = chosen
        .points
        .iter()
        .copied()
        .filter(|p| p[1] > 0.0)
        .collect();
    let mut warnings = Vec::new();
    if points.len() < chosen.points.len() {
        warnings.push(format!(
            "{} point(s) with a zero time left out: a relative error needs a time",
            chosen.points.len() - points.len()
        ));
    }
    if chosen.kind != Kind::OneWay {
        warnings.push(format!(
            "{} is not a one-way latency run: the fitted machine's ping-pong stands for {}",
            chosen.name,
            match chosen.kind {
                Kind::Stream => "the time per message of a stream (a gap, not a latency)",
                _ => "one whole operation of this benchmark",
            }
        ));
    }
    let mut roles: combine::Roles = vec![None; series.len()];
    let hockney = linear(&points, &mut warnings);
    let mut pieces = piecewise_pieces(&points);
    let gamma = if chosen.kind == Kind::OneWay {
        combine::bandwidth(&series, &points, &mut pieces, &mut roles);
        combine::gamma(&series, &pieces, &mut roles)
    } else {
        combine::gamma(&[], &pieces, &mut roles)
    };
    let loggp = loggp::fit(
        chosen,
        &series,
        combine::used_bandwidth_run(&series, &roles),
    );
    let carried = Carried {
        gamma: &gamma,
        loggp: loggp.as_ref().map(loggp::LogGp::keys).unwrap_or_default(),
    };
    let piecewise = piecewise_fit(&points, pieces, &carried, &mut warnings);
    let hyperbolic = hyperbolic::fit(&points)
        .map(|block| hyperbolic_fit(&points, block))
        .and_then(|fit| match fit {
            Ok(fit) => Some(fit),
            Err(why) => {
                warnings.push(format!("no hyperbolic fit: {why}"));
                None
            }
        });
    let fits = Fits {
        piecewise,
        loggp,
        hockney,
        hyperbolic,
    };
    let combined = roles.iter().flatten().any(|r| !r.starts_with("not used"));
    let (best, query) = best(&fits, combined);
    let query = usable_query(&fits.hockney, &fits.piecewise, query)?;
    warnings.extend(combine::mixed_builds(chosen, &series, &roles));
    let runs = combine::roles(chosen, &series, roles);
    if best.model != "piecewise" {
        warnings.extend(carried.lost(best.model));
    }
    Ok(FitReport {
        fitted_series: chosen.name.clone(),
        series,
        fits,
        best,
        query,
        gamma,
        runs,
        warnings,
    })
}

/// The fit with the least rms relative error, the simpler on a tie (Hockney, then piecewise,
/// then hyperbolic), and its query; the piecewise fit where other runs were `combined` into it
/// (a bandwidth run's rate, a reduction's γ), which only it carries.
fn best(fits: &Fits, combined: bool) -> (Best, String) {
    let mut all: Vec<(&'static str, &Quality, &str)> = vec![
        (
            "hockney",
            &fits.hockney.quality,
            fits.hockney.query.as_str(),
        ),
        (
            "piecewise",
            &fits.piecewise.quality,
            fits.piecewise.query.as_str(),
        ),
    ];
    if let Some(y) = &fits.hyperbolic {
        all.push(("hyperbolic", &y.quality, y.query.as_str()));
    }
    let errors: Vec<String> = all
        .iter()
        .map(|(m, q, _)| format!("{m} {:.3} %", 100.0 * q.rms_rel_err))
        .collect();
    let least = all
        .iter()
        .copied()
        .fold(None, |b: Option<(&str, &Quality, &str)>, x| match b {
            Some(b) if b.1.rms_rel_err <= x.1.rms_rel_err => Some(b),
            _ => Some(x),
        })
        .unwrap_or(all[0]);
    let (rule, (model, quality, query)) = if combined {
        ("the fit the other runs are combined into", all[1])
    } else {
        (
            "the least rms relative error over the measured sizes",
            least,
        )
    };
    (
        Best {
            model,
            rms_rel_err: quality.rms_rel_err,
            max_rel_err: quality.max_rel_err,
            why: format!("{rule} ({})", errors.join(", ")),
        },
        query.to_string(),
    )
}

/// Fits again the points a fit was made to, kept apart from the benchmark's output (the web
/// app keeps a fitted machine's points to show them against its fit): the fits of [`fit`],
/// for a one-way series named `name`. Kept points come from storage, which anyone can edit,
/// so each is checked as a parser checks a row.
pub fn refit(name: &str, points: &[[f64; 2]]) -> Result<FitReport, Error> {
    let mut series = Series::new(Format::Csv, name, "kept");
    for (i, &[m, t]) in points.iter().enumerate() {
        let grows = series.points.last().is_none_or(|p| m > p[0]);
        if !(m.is_finite() && m >= 0.0 && t.is_finite() && t > 0.0 && grows) {
            return Err(Error::Measurement {
                line: None,
                problem: format!(
                    "kept point {} ({m} B, {t} µs) is not a size after the one before it with a time",
                    i + 1
                ),
                expected: "sizes of zero or more bytes that grow, each with a positive time in µs"
                    .into(),
            });
        }
        series.points.push([m, t]);
    }
    fit(vec![series])
}

/// The relative linear fit, kept physical ([`physical`]).
fn linear(points: &[[f64; 2]], warnings: &mut Vec<String>) -> LinearFit {
    let (a, b, why) = physical(points);
    warnings.extend(why.map(str::to_string));
    let h = Hockney { alpha: a, beta: b };
    let quality = Quality::of(points, |m| h.time(m));
    LinearFit {
        a_us: a,
        b_us_per_byte: b,
        r_inf_mbps: h.r_inf(),
        n_half_bytes: h.n_half(),
        query: checked_query(hockney_query(a, b), warnings),
        quality,
    }
}

/// The pieces between the breakpoints the BIC chooses ([`breakpoints`]), each fitted physical
/// ([`physical`]): a machine's α and β are never negative.
fn piecewise_pieces(points: &[[f64; 2]]) -> Vec<Piece> {
    let breaks = breakpoints(points);
    let mut bounds = vec![0];
    bounds.extend(&breaks);
    bounds.push(points.len());
    bounds
        .windows(2)
        .filter_map(|w| {
            let part = points.get(w[0]..w[1])?;
            let (a, b, _) = physical(part);
            Some(Piece {
                from_bytes: part.first()?[0],
                to_bytes: part.last()?[0],
                a_us: a,
                b_us_per_byte: b,
            })
        })
        .collect()
}

/// What the fitted piecewise machine carries besides its ranges, for the collectives
/// (`patterns::collective::CARRIED`): γ (fitted or assumed) and the LogGP keys the runs give.
struct Carried<'a> {
    gamma: &'a combine::Gamma,
    loggp: Vec<(&'static str, f64)>,
}

impl Carried<'_> {
    /// The keys fitted to the runs, not assumed: γ where a reduction run gave it, and LogGP.
    fn fitted(&self) -> Vec<(&'static str, f64)> {
        let gamma = self
            .gamma
            .fitted
            .then_some(("gamma", self.gamma.gamma_us_per_byte));
        gamma
            .into_iter()
            .chain(self.loggp.iter().copied())
            .collect()
    }

    /// The warning where fitted keys are lost: the best fit, `best`, is not the piecewise one
    /// and carries none of them outside a collective.
    fn lost(&self, best: &str) -> Option<String> {
        let lost: Vec<String> = self
            .fitted()
            .iter()
            .map(|(k, v)| format!("{k}={}", decimal(*v)))
            .collect();
        (!lost.is_empty()).then(|| {
            format!(
                "{} fitted, but the best fit ({best}) does not carry them outside a collective: \
                 add them to a collective's query (γ to a reduction's, LogGP to the broadcast's)",
                lost.join(", ")
            )
        })
    }
}

fn piecewise_fit(
    points: &[[f64; 2]],
    pieces: Vec<Piece>,
    carried: &Carried,
    warnings: &mut Vec<String>,
) -> PiecewiseFit {
    let model = piecewise_model(&pieces);
    let quality = Quality::of(points, |m| model.map_or(f64::NAN, |x| x.time(m)));
    PiecewiseFit {
        breaks_bytes: pieces.iter().skip(1).map(|p| p.from_bytes).collect(),
        query: checked_query(piecewise_query(&pieces, carried), warnings),
        quality,
        pieces,
    }
}

/// The hyperbolic fit, or why its numbers or its machine are no use.
fn hyperbolic_fit(points: &[[f64; 2]], block: Block) -> Result<HyperbolicFit, String> {
    let quality = Quality::of(points, |x| block.time(x));
    let numbers = [
        ("a", block.a),
        ("b", block.b),
        ("r∞", block.r_inf()),
        ("n½", block.n_half()),
    ];
    finite(&numbers, &quality)?;
    Ok(HyperbolicFit {
        a_us: block.a,
        b_us_per_byte: block.b,
        r_inf_mbps: block.r_inf(),
        n_half_bytes: block.n_half(),
        quality,
        query: evaluable(hyperbolic_query(&block))?,
    })
}

/// A fit's own query, with a warning where the custom machine would refuse it (the best fit's
/// query is refused outright: [`usable_query`]).
fn checked_query(query: String, warnings: &mut Vec<String>) -> String {
    if let Err(e) = Scenario::from_query(&query) {
        warnings.push(format!(
            "the fitted values lie outside what the custom machine accepts ({e}); `{query}` will be refused"
        ));
    }
    query
}

/// The best fit's query if the fit is of use: every number of the linear and piecewise
/// fits finite (times near f64's limits, 10³⁰⁸ µs or 10⁻³⁰⁰ µs, overflow or underflow in the
/// sums of a relative fit), and the fitted machine one that `commcalc eval` evaluates. Else
/// the fit is refused, with the reason: a result printed with `inf` and `NaN`, or a query
/// refused when pasted, is no result.
fn usable_query(
    hockney: &LinearFit,
    piecewise: &PiecewiseFit,
    query: String,
) -> Result<String, Error> {
    let refused = |why: String| Error::Measurement {
        line: None,
        problem: format!("the fitted machine is of no use: {why}"),
        expected: format!(
            "times in µs whose linear fit the custom machine takes ({}), growing with size",
            custom_ranges()
        ),
    };
    let h = hockney;
    let linear = [
        ("a", h.a_us),
        ("b", h.b_us_per_byte),
        ("r∞", h.r_inf_mbps),
        ("n½", h.n_half_bytes),
    ];
    finite(&linear, &h.quality).map_err(refused)?;
    let pieces: Vec<(&str, f64)> = (piecewise.pieces.iter())
        .flat_map(|p| [("a", p.a_us), ("b", p.b_us_per_byte)])
        .collect();
    if pieces.is_empty() {
        return Err(refused(
            "no piece of the piecewise fit could be fitted".into(),
        ));
    }
    finite(&pieces, &piecewise.quality)
        .map_err(|why| refused(format!("the piecewise fit: {why}")))?;
    evaluable(query).map_err(refused)
}

/// The ranges of the custom machine's Hockney α and β, which a fitted machine must lie in.
fn custom_ranges() -> String {
    let set = crate::catalog::machine("custom").and_then(|m| m.set(crate::Model::Hockney));
    ["alpha", "beta"]
        .iter()
        .filter_map(|name| set?.param(name))
        .map(|p| {
            format!(
                "{} from {} to {} {}",
                p.symbol, p.range.0, p.range.1, p.unit
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a fit's numbers and errors are all finite; the reason if not.
fn finite(numbers: &[(&str, f64)], quality: &Quality) -> Result<(), String> {
    let errors = [
        ("the rms error", quality.rms_rel_err),
        ("the largest error", quality.max_rel_err),
    ];
    match numbers.iter().chain(&errors).find(|(_, v)| !v.is_finite()) {
        None => Ok(()),
        Some((name, v)) => Err(format!(
            "{name} = {v}: the times are too large or too small for the arithmetic of a fit"
        )),
    }
}

/// The query if `commcalc eval` evaluates it; otherwise the reason.
fn evaluable(query: String) -> Result<String, String> {
    let scenario = Scenario::from_query(&query)
        .map_err(|e| format!("the custom machine does not take these values ({e}): `{query}`"))?;
    crate::evaluate(&scenario).map_err(|e| format!("`{query}` gives no finite result ({e})"))?;
    Ok(query)
}

/// The linear fit as the custom machine's `hockney` model: α = a, β = b.
pub fn hockney_query(a: f64, b: f64) -> String {
    format!(
        "machine=custom&pattern=pingpong&model=hockney&alpha={}&beta={}",
        decimal(a),
        decimal(b)
    )
}

/// The piecewise fit as the custom machine's `piecewise` model: range k's first size, α and
/// β under the keys of `models::piecewise::KEYS`, a range the fit did not make left unreached
/// (first size 10¹²), and the reductions' γ.
fn piecewise_query(pieces: &[Piece], carried: &Carried) -> String {
    let mut q = String::from("machine=custom&pattern=pingpong&model=piecewise");
    for (i, (from, alpha, beta)) in KEYS.iter().enumerate() {
        match (pieces.get(i), from) {
            (Some(x), from) => {
                if let Some(key) = from {
                    q.push_str(&format!("&{key}={}", decimal(x.from_bytes)));
                }
                q.push_str(&format!(
                    "&{alpha}={}&{beta}={}",
                    decimal(x.a_us),
                    decimal(x.b_us_per_byte)
                ));
            }
            (None, Some(key)) => q.push_str(&format!("&{key}={}", decimal(UNREACHED_BYTES))),
            (None, None) => {}
        }
    }
    // An assumed γ is the piecewise machine's own default, whose reason the collectives show;
    // written into the query, it would read as the user's.
    if carried.gamma.fitted {
        q.push_str(&format!(
            "&gamma={}",
            decimal(carried.gamma.gamma_us_per_byte)
        ));
    }
    for (key, value) in &carried.loggp {
        q.push_str(&format!("&{key}={}", decimal(*value)));
    }
    q
}

/// The hyperbolic fit as the custom machine's `hyperbolic` model. Its ping-pong reduces the
/// blocks node, medium, node in series (000 Rule 1, independent: a adds, b is the largest),
/// so a_w = a/2, b_w = b with a free medium (a_c = b_c = 0) gives back exactly (a, b): the
/// cost sits in the end nodes, as on a switched network without a shared medium.
pub fn hyperbolic_query(block: &Block) -> String {
    format!(
        "machine=custom&pattern=pingpong&model=hyperbolic&a_w={}&b_w={}&a_c=0&b_c=0",
        decimal(block.a / 2.0),
        decimal(block.b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table names every fit a report carries and every model the best fit can be, and
    /// cites places the papers have.
    #[test]
    fn the_fitted_models_are_the_reports_fits() {
        let points: Vec<[f64; 2]> = [1.0, 8.0, 64.0, 512.0, 4096.0, 32768.0]
            .map(|m| [m, 5.0 + 0.01 * m])
            .to_vec();
        let report = refit("line", &points).unwrap();
        let fits = serde_json::to_value(&report.fits).unwrap();
        let mut members: Vec<&str> = fits
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut ids: Vec<&str> = MODELS.iter().map(|m| m.id).collect();
        members.sort_unstable();
        ids.sort_unstable();
        assert_eq!(members, ids);
        assert_eq!(
            model(report.best.model).map(|m| m.id),
            Some(report.best.model)
        );
        assert_eq!(model("lognormal"), None);
        for m in MODELS {
            if let Some(source) = m.source {
                crate::explain::citations::check_source(source);
            }
        }
        assert_eq!(
            MODELS[2].title(),
            "hyperbolic, T = a²/(a + b·m) + b·m (000 eq. 2)"
        );
    }

    /// Each fit that gives a machine gives the custom machine under the model the table says;
    /// LogGP gives none.
    #[test]
    fn each_fit_gives_the_machine_its_row_names() {
        let points: Vec<[f64; 2]> = [1.0, 8.0, 64.0, 512.0, 4096.0, 32768.0]
            .map(|m| [m, 5.0 + 0.01 * m + 40.0 * m / (m + 100.0)])
            .to_vec();
        let report = refit("curve", &points).unwrap();
        let fits = &report.fits;
        let hyperbolic = fits.hyperbolic.as_ref().unwrap();
        let queries = [
            ("hockney", fits.hockney.query.as_str()),
            ("piecewise", fits.piecewise.query.as_str()),
            ("hyperbolic", hyperbolic.query.as_str()),
        ];
        for (id, query) in queries {
            let s = Scenario::from_query(query).unwrap();
            assert_eq!(s.machine.id, "custom", "{query}");
            assert_eq!(model(id).unwrap().machine, Some(s.model), "{query}");
        }
        let ids: Vec<&str> = machine_models().map(|m| m.id).collect();
        assert_eq!(ids, queries.map(|(id, _)| id));
        assert_eq!(model("loggp").unwrap().machine, None);
    }

    #[test]
    fn query_numbers_keep_six_digits() {
        assert_eq!(decimal(1.2345678), "1.23457");
        assert_eq!(decimal(0.0000812345678), "0.0000812346");
        assert_eq!(decimal(12345.678), "12345.7");
        assert_eq!(decimal(0.0), "0");
    }
}
