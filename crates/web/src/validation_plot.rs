//! The Validate view apart from drawing it: the papers' measured data sets (computed by the core,
//! `commcalc_core::validation`) turned into a [`Plot`], a key, a summary line and the table of
//! points, as plain Rust that tests natively.
//!
//! A data set whose points lie along a quantity (a size, a machine size) is drawn against it:
//! commcalc's model as a line per series, the paper's measurements as dots in the same colour.
//! A series of one point has no line to draw, so its model value is a short level dash across
//! the dot. A categorical set (002 Tables 7–10: one value per machine) has no abscissa at all —
//! joining machines by a line would invent a trend — so it is a parity plot: each machine's
//! measurement across, commcalc's model up, and the dashed line y = x where the two would agree.

use std::sync::OnceLock;

use commcalc_core::measurements::fit::FitReport;
use commcalc_core::units::{self, grouped, si};
use commcalc_core::validation::{self, DataSet, Origin, Printed, Row, FITTED_ID};
use commcalc_core::Scenario;

use crate::chart::{axes, Plot, Scale, Series};
use crate::import::{fit_plot, kept_fit, Saved};
use crate::page::{print, Page, COLLECTIVE_ID};
use crate::ticks::{linear_axis, Axis};
use commcalc_core::papers::label as paper_label;

/// The colours the palette has for series (`--series-0..3`).
pub const COLOURS: usize = 4;

/// The colour of the parity plot's y = x line; the machines take the others.
pub const DIAGONAL_COLOUR: usize = COLOURS - 1;

/// Half the width of the dash that stands for a one-point series' model value, as a share of
/// the abscissa's span (of its decades on log axes).
const DASH: f64 = 0.04;

/// A data set by id, or why the core could not compute it (a bug, shown rather than panicked
/// on).
#[derive(Debug)]
pub struct Entry {
    pub id: &'static str,
    pub set: Result<DataSet, String>,
}

/// Every data set, computed once per page: each one separately, so that one failing set does
/// not take the others with it.
pub fn entries() -> &'static [Entry] {
    static SETS: OnceLock<Vec<Entry>> = OnceLock::new();
    SETS.get_or_init(|| {
        validation::ids()
            .into_iter()
            .map(|id| Entry {
                id,
                set: validation::data_set(id).map_err(|e| e.to_string()),
            })
            .collect()
    })
}

/// The entry of an id, if there is one.
pub fn entry(id: &str) -> Option<&'static Entry> {
    entries().iter().find(|e| e.id == id)
}

/// How the document's title names data set `id`: its title, then its source in parentheses
/// (`page::title`).
pub fn set_title(id: &str) -> Option<String> {
    entry(id)
        .and_then(|e| e.set.as_ref().ok())
        .map(|s| format!("{} ({})", s.title, s.source))
}

/// What the view shows: a data set and, for the fitted machine's own points, the fit they
/// come from, drawn with every one of its models as the import view draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub set: DataSet,
    pub fit: Option<FitReport>,
}

/// What the view shows for `set=<id>`: a paper's set, or with `fitted` (the id
/// [`FITTED_ID`]) the points of the page's fitted machine (`fitted`, its name, on the
/// scenario's custom machine) from the machines kept in this browser; or why there is none,
/// in words for the page.
pub fn shown(
    id: &str,
    fitted: Option<&str>,
    kept: &[Saved],
    scenario: &Scenario,
) -> Result<Shown, String> {
    if id == FITTED_ID {
        let Some(name) = fitted.filter(|_| scenario.machine.id == "custom") else {
            return Err("This page has no fitted machine. Fit a run in Import measurements (or choose a kept machine in the machine picker), then open Validate to see its points against its fit.".into());
        };
        let (r, model) = kept_fit(kept, name, scenario)?;
        let mut set = validation::fitted_set(&r, model, name).map_err(|e| e.to_string())?;
        // Each row's link opens the machine by its name, as every link to it does.
        let page = Page {
            fitted: Some(name.to_string()),
            ..Page::default()
        };
        // (A row without a query, a size the query language refuses, has no link.)
        for row in set.rows.iter_mut().filter(|r| !r.query.is_empty()) {
            if let Ok(s) = Scenario::from_query(&row.query) {
                row.query = print(&page, &s);
            }
        }
        return Ok(Shown { set, fit: Some(r) });
    }
    match entry(id) {
        Some(e) => e
            .set
            .clone()
            .map(|set| Shown { set, fit: None })
            .map_err(|why| format!("The data set {} could not be computed: {why}", e.id)),
        None => Err(format!("There is no data set \"{id}\".")),
    }
}

impl Shown {
    /// The axes: log–log for a fit (as the import view draws it; a 0-byte point is in the
    /// table only), the set's own otherwise.
    pub fn scale(&self) -> Scale {
        match self.fit {
            Some(_) => Scale::Log,
            None => scale(&self.set),
        }
    }

    /// The chart on `scale`, or why there is none.
    pub fn plot(&self, scale: Scale) -> Result<Plot, String> {
        match &self.fit {
            Some(r) => fit_plot(r),
            None => plot(&self.set, scale),
        }
    }

    /// The chart's caption.
    pub fn caption(&self, scale: Scale) -> String {
        match self.fit {
            Some(_) => "time (µs) against message size (B), log–log: dots are your run's measurements, lines the machine's fits; marks the piecewise fit's breaks".into(),
            None => caption(&self.set, scale),
        }
    }

    /// The key under the chart.
    pub fn key(&self) -> Vec<KeyItem> {
        match self.fit {
            Some(_) => vec![KeyItem::Fit],
            None => key(&self.set),
        }
    }
}

/// The paper a data set comes from: the file prefix of its source ("002 Table 4" → "002").
fn paper(set: &DataSet) -> &'static str {
    set.source.split_whitespace().next().unwrap_or("")
}

/// The label of the fitted machine's set in the picker.
fn fitted_label(fitted: Option<&str>) -> String {
    match fitted {
        Some(name) => format!("{name} — your run against its fit"),
        None => "your fitted machine (none on this page)".into(),
    }
}

/// One option of `select#dataset`: its value, its label and whether it is the one shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// The value of the option that opens kept machine `name`'s collective check.
pub fn collective_value(name: &str) -> String {
    format!("{COLLECTIVE_ID}:{name}")
}

/// The kept machine's name in an option's value of [`collective_value`], if it is one.
pub fn collective_name(value: &str) -> Option<&str> {
    value.strip_prefix(COLLECTIVE_ID)?.strip_prefix(':')
}

/// The options of `select#dataset`, in labelled groups: one group per paper in the papers'
/// order, each set labelled with its title and source; a set the core failed to compute is
/// listed under its id (choosing it shows why); then the page's fitted machine (`fitted`, its
/// name), when it has one or the address names its set; then the collective check of each kept
/// machine with a collective run (`collectives`, their names), and of the one the address names.
pub fn picker_groups(
    selected: &str,
    fitted: Option<&str>,
    collectives: &[String],
) -> Vec<(String, Vec<Choice>)> {
    let list = entries();
    let mut papers: Vec<&str> = list
        .iter()
        .filter_map(|e| e.set.as_ref().ok().map(paper))
        .collect();
    papers.sort_unstable();
    papers.dedup();
    let choice = |e: &Entry| Choice {
        value: e.id.to_string(),
        label: match &e.set {
            Ok(s) => format!("{} — {}", s.title, s.source),
            Err(_) => format!("{} (could not be computed)", e.id),
        },
        selected: e.id == selected,
    };
    let mut groups: Vec<(String, Vec<Choice>)> = papers
        .iter()
        .map(|p| {
            let choices = list
                .iter()
                .filter(|e| e.set.as_ref().is_ok_and(|s| paper(s) == *p))
                .map(choice)
                .collect();
            (paper_label(p), choices)
        })
        .collect();
    let failed: Vec<Choice> = list.iter().filter(|e| e.set.is_err()).map(choice).collect();
    if !failed.is_empty() {
        groups.push(("Could not be computed".to_string(), failed));
    }
    let on = selected == FITTED_ID;
    if fitted.is_some() || on {
        groups.push((
            "Fitted to your measurements".to_string(),
            vec![Choice {
                value: FITTED_ID.to_string(),
                label: fitted_label(fitted),
                selected: on,
            }],
        ));
    }
    let checks = collective_choices(selected == COLLECTIVE_ID, fitted, collectives);
    if !checks.is_empty() {
        groups.push(("Collective runs kept in this browser".to_string(), checks));
    }
    groups
}

/// The collective checks the picker offers: each kept one, and the one the address names
/// (`on`: the set shown) when it is not kept here (choosing it shows why).
fn collective_choices(on: bool, fitted: Option<&str>, collectives: &[String]) -> Vec<Choice> {
    let mut names: Vec<&str> = collectives.iter().map(String::as_str).collect();
    let named = fitted.filter(|_| on);
    if let Some(n) = named.filter(|n| !names.contains(n)) {
        names.push(n);
    }
    names
        .into_iter()
        .map(|name| Choice {
            value: collective_value(name),
            label: if collectives.iter().any(|c| c == name) {
                format!("{name} — its collective run against the prediction")
            } else {
                format!("{name} — its collective run (not kept in this browser)")
            },
            selected: named == Some(name),
        })
        .collect()
}

/// The groups of points that share a colour and a line, in order: each named series or, in a
/// categorical set, each row (each machine).
pub fn groups(set: &DataSet) -> Vec<String> {
    if set.categorical {
        return set.rows.iter().map(|r| r.label.clone()).collect();
    }
    let mut names: Vec<String> = Vec::new();
    for r in &set.rows {
        if !names.contains(&r.series) {
            names.push(r.series.clone());
        }
    }
    names
}

/// The palette colour of each row.
pub fn colours(set: &DataSet) -> Vec<usize> {
    if set.categorical {
        return (0..set.rows.len()).map(|i| i % DIAGONAL_COLOUR).collect();
    }
    let names = groups(set);
    set.rows
        .iter()
        .map(|r| names.iter().position(|n| *n == r.series).unwrap_or(0) % COLOURS)
        .collect()
}

/// The ratio of the largest to the smallest of positive values; `None` if any is not positive.
fn spread(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for v in values {
        if !(v.is_finite() && v > 0.0) {
            return None;
        }
        lo = lo.min(v);
        hi = hi.max(v);
    }
    (hi >= lo).then(|| hi / lo)
}

/// The axes a data set reads best on: log where its values are positive and span more than a
/// factor of 20 on either axis (the ATM times, the parity plots across machines), linear
/// otherwise (g or σ against p, f(L)).
pub fn scale(set: &DataSet) -> Scale {
    let values = || set.rows.iter().flat_map(|r| [r.measured, r.model]);
    let y = spread(values());
    let x = if set.categorical {
        y
    } else {
        spread(set.rows.iter().map(|r| r.x))
    };
    match (x, y) {
        (Some(x), Some(y)) if x > 20.0 || y > 20.0 => Scale::Log,
        _ => Scale::Linear,
    }
}

/// A tick label in a data set's unit: SI prefixes where the unit takes them, a plain number
/// where it does not (processors, doubles, a ratio: the caption names the unit).
pub fn tick(v: f64, unit: &str) -> String {
    if v == 0.0 {
        return "0".into();
    }
    match unit {
        "B" | "µs" | "µs/B" | "MB/s" => si(v, unit),
        "µs/word" => si(v * 1e-6, "s/word"),
        _ => number(v),
    }
}

fn relabel(axis: &mut Axis, unit: &str) {
    for (v, label) in &mut axis.ticks {
        *label = tick(*v, unit);
    }
}

/// A value as the table shows it, in the data set's unit: whole numbers grouped in thousands
/// from 1000 up (the app's one thousands style), four significant digits below.
pub fn number(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let a = v.abs();
    if a >= 1000.0 {
        return grouped(v);
    }
    if a == 0.0 {
        return "0".into();
    }
    let decimals = (3 - a.log10().floor() as i32).clamp(0, 12) as usize;
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    s.replace('-', "−")
}

/// A relative error in percent with its sign: "+6.1%", "−25.8%".
pub fn percent(rel: f64) -> String {
    let sign = if rel > 0.0 { "+" } else { "" };
    format!("{sign}{}", units::percent(rel * 100.0)).replace('-', "−")
}

/// The summary line: "12 points · mean |error| 6.1% · max 25.8%".
pub fn summary_text(set: &DataSet) -> String {
    let s = set.summary;
    format!(
        "{} {} · mean |error| {} · max {}",
        s.points,
        if s.points == 1 { "point" } else { "points" },
        units::percent(s.mean_abs_rel_error * 100.0),
        units::percent(s.max_abs_rel_error * 100.0)
    )
}

/// A number as a cell shows it: its digits and, where the paper prints a power of ten, the
/// exponent the view raises (`<sup>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digits {
    pub text: String,
    pub exponent: Option<String>,
}

impl Digits {
    /// Digits with no exponent.
    pub fn plain(text: String) -> Digits {
        Digits {
            text,
            exponent: None,
        }
    }
}

/// A number as the paper prints it: "2.18×10^{-2}" as "2.18×10" with the exponent "−2".
pub fn printed(p: &Printed) -> Digits {
    match p.text.split_once("×10^") {
        Some((m, e)) => {
            let e = e.trim_start_matches('{').trim_end_matches('}');
            Digits {
                text: format!("{m}×10"),
                exponent: Some(e.replace('-', "−")),
            }
        }
        // The paper's thousands commas in the app's one style.
        None => Digits::plain(p.text.replace(',', "\u{202f}")),
    }
}

/// A unit in parentheses after a name, or nothing for a plain number.
fn with_unit(name: &str, unit: &str) -> String {
    if unit.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({unit})")
    }
}

/// The chart's caption: what is drawn against what, on which axes.
pub fn caption(set: &DataSet, scale: Scale) -> String {
    let axes = match scale {
        Scale::Linear => "linear axes",
        log => log.title(),
    };
    if set.categorical {
        format!(
            "{}: commcalc's model (up) against the paper's measurement (across), {axes}; on the dashed line y = x they agree",
            with_unit(set.y_label, set.y_unit)
        )
    } else {
        format!(
            "{} against {}, {axes}: dots are {} measurements, lines commcalc's model",
            with_unit(set.y_label, set.y_unit),
            with_unit(set.x_label, set.x_unit),
            set.origin.whose()
        )
    }
}

/// The chart of a data set on `scale` (which [`scale`] chooses), or why there is none.
pub fn plot(set: &DataSet, scale: Scale) -> Result<Plot, String> {
    if set.rows.is_empty() {
        return Err("This data set has no points.".into());
    }
    let shown = |(x, y): &(f64, f64)| scale.shows(*x, *y);
    let plot = if set.categorical {
        parity(set, scale, &shown)
    } else {
        against_x(set, scale, &shown)
    };
    if plot.series.iter().all(|s| s.points.is_empty()) {
        return Err("No point of this data set can be drawn on these axes.".into());
    }
    Ok(plot)
}

fn series(points: Vec<(f64, f64)>, colour: usize, measured: bool, dashed: bool) -> Series {
    Series {
        points,
        colour,
        measured,
        dashed,
        optimum: None,
        letter: None,
    }
}

/// Each series' model as a line through its points in order of x (a dash for a single point)
/// and its measurements as dots.
fn against_x(set: &DataSet, scale: Scale, shown: &dyn Fn(&(f64, f64)) -> bool) -> Plot {
    let log = scale.log_x();
    let (lo, hi) = set
        .rows
        .iter()
        .map(|r| r.x)
        .filter(|x| x.is_finite() && (!log || *x > 0.0))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
    // A dash as wide on screen whatever the axes: in decades on log axes, from 0 on linear
    // ones (where the axis starts at 0).
    let dash = |x: f64| -> [(f64, f64); 2] {
        if log {
            let decades = if hi > lo {
                (hi / lo).log10().max(1.0)
            } else {
                1.0
            };
            let k = 10f64.powf(DASH * decades);
            [(x / k, 0.0), (x * k, 0.0)]
        } else {
            let span = if hi.is_finite() {
                hi.max(0.0) - lo.min(0.0)
            } else {
                0.0
            };
            let d = DASH * if span > 0.0 { span } else { x.abs().max(1.0) };
            [(x - d, 0.0), (x + d, 0.0)]
        }
    };
    let colours = colours(set);
    let mut out = Vec::new();
    for (g, name) in groups(set).iter().enumerate() {
        let mut rows: Vec<(usize, &Row)> = set
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.series == *name)
            .collect();
        rows.sort_by(|a, b| a.1.x.total_cmp(&b.1.x));
        let colour = rows.first().map_or(g % COLOURS, |(i, _)| colours[*i]);
        let model: Vec<(f64, f64)> = match rows.as_slice() {
            [(_, r)] => dash(r.x).iter().map(|(x, _)| (*x, r.model)).collect(),
            _ => rows.iter().map(|(_, r)| (r.x, r.model)).collect(),
        };
        let measured = rows.iter().map(|(_, r)| (r.x, r.measured)).collect();
        out.push(series(model, colour, false, false));
        out.push(series(measured, colour, true, false));
    }
    for s in &mut out {
        s.points.retain(|p| shown(p));
    }
    let fallback = if lo <= hi { (lo, hi) } else { (1.0, 10.0) };
    let (mut x, mut y) = axes(&out, fallback, ("", ""), scale);
    if !log {
        // Room after the last point, whose dot would otherwise sit on the frame (log axes
        // end on a 1-2-5 value beyond it already).
        x = linear_axis(x.lo, x.hi + (x.hi - x.lo) * 0.04, "", 5);
    }
    relabel(&mut x, set.x_unit);
    relabel(&mut y, set.y_unit);
    Plot::bare(x, y, out)
}

/// Each row as a dot at (measured, model) in its own colour, under the line y = x; both axes
/// the same.
fn parity(set: &DataSet, scale: Scale, shown: &dyn Fn(&(f64, f64)) -> bool) -> Plot {
    let colours = colours(set);
    let mut dots: Vec<Series> = set
        .rows
        .iter()
        .zip(&colours)
        .map(|(r, c)| series(vec![(r.measured, r.model)], *c, true, false))
        .collect();
    for s in &mut dots {
        s.points.retain(|p| shown(p));
    }
    // One axis for both, from every value either way round.
    let both: Vec<Series> = dots
        .iter()
        .map(|s| {
            let points = s.points.iter().flat_map(|&(a, b)| [(a, b), (b, a)]);
            series(points.collect(), s.colour, true, false)
        })
        .collect();
    let (_, mut axis) = axes(&both, (1.0, 10.0), ("", ""), scale);
    relabel(&mut axis, set.y_unit);
    let diagonal = series(
        vec![(axis.lo, axis.lo), (axis.hi, axis.hi)],
        DIAGONAL_COLOUR,
        false,
        true,
    );
    let mut all = vec![diagonal];
    all.extend(dots);
    Plot::bare(axis.clone(), axis, all)
}

/// How a key item marks its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A dot: a measurement (a machine's, in a parity plot).
    Dot,
    /// A line through a dot: a series' model and measurements.
    LineDot,
    /// A dashed line: y = x in a parity plot.
    Dashed,
}

/// One item of the key under the chart (an `li`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyItem {
    /// A palette colour (`--series-N`, class `sN`), its mark and what it stands for.
    Colour {
        colour: usize,
        mark: Mark,
        text: String,
    },
    /// How to read the marks (class `how`).
    How(String),
    /// The fitted machine's key: the colours of the import view's fit chart, then its marks.
    Fit,
}

impl KeyItem {
    /// What tells this item from another (the `<For>` key): its colour, mark and text.
    pub fn key(&self) -> String {
        match self {
            KeyItem::Colour { colour, mark, text } => format!("{colour}|{mark:?}|{text}"),
            KeyItem::How(text) => format!("how|{text}"),
            KeyItem::Fit => "fit".into(),
        }
    }
}

/// The key under the chart: each colour with what it stands for, then how to read the marks.
pub fn key(set: &DataSet) -> Vec<KeyItem> {
    let names = groups(set);
    let colours = colours(set);
    let colour_of = |i: usize| -> usize {
        if set.categorical {
            colours.get(i).copied().unwrap_or(0)
        } else {
            i % COLOURS
        }
    };
    let mark = if set.categorical {
        Mark::Dot
    } else {
        Mark::LineDot
    };
    let mut out: Vec<KeyItem> = names
        .iter()
        .enumerate()
        .map(|(i, name)| KeyItem::Colour {
            colour: colour_of(i),
            mark,
            text: if name.is_empty() {
                set.y_label.to_string()
            } else {
                name.clone()
            },
        })
        .collect();
    if set.categorical {
        out.push(KeyItem::Colour {
            colour: DIAGONAL_COLOUR,
            mark: Mark::Dashed,
            text: "model = measurement (y = x): above it the model is high, below it low".into(),
        });
    } else {
        let single = names
            .iter()
            .any(|n| set.rows.iter().filter(|r| r.series == *n).count() == 1);
        out.push(KeyItem::How(format!(
            "dots: {} measurements · lines: commcalc's model{}",
            set.origin.whose(),
            if single {
                " (a level dash where a series has one point)"
            } else {
                ""
            }
        )));
    }
    out
}

/// A number cell of `table#validation`: the raw value (its `data-value`) and the number shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub value: f64,
    pub digits: Digits,
}

impl Cell {
    /// `v` as the table shows a number of the set's unit.
    fn number(v: f64) -> Cell {
        Cell {
            value: v,
            digits: Digits::plain(number(v)),
        }
    }
}

/// One row of `table#validation`: one point.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// Its place in the set (`data-row`).
    pub index: usize,
    /// Its series' palette colour (class `sN`).
    pub colour: usize,
    /// Its series, where the set names series (a column of its own then).
    pub series: Option<String>,
    pub label: String,
    /// The abscissa, where the set has one.
    pub x: Option<Cell>,
    /// The measurement as printed.
    pub measured: Cell,
    /// Where the measurements are a paper's, the paper's own model value as printed, or
    /// `None` (a dash) where it prints none; `None` outside, where there is no such column.
    pub paper: Option<Option<Cell>>,
    /// commcalc's value.
    pub model: Cell,
    /// (model − measured)/measured, shown in percent.
    pub error: Cell,
    /// The calculator's query that computed the model value; empty where a model function or
    /// the catalog did (a dash then).
    pub query: String,
}

impl TableRow {
    /// What tells this row from another set's row at the same place (the `<For>` key): the
    /// set, the point, its query and the bits of its values.
    pub fn key(&self, set: &str) -> String {
        let bits = |c: &Cell| c.value.to_bits();
        format!(
            "{set}|{}|{:?}|{}|{}|{:?}|{}|{:?}|{}",
            self.index,
            self.series,
            self.label,
            self.query,
            self.x.as_ref().map(bits),
            bits(&self.measured),
            self.paper.as_ref().map(|p| p.as_ref().map(bits)),
            bits(&self.model),
        )
    }
}

/// `table#validation`: its caption, its column headings (each cell's `data-label`, which a
/// narrow screen shows above the value when it stacks the row: the `stack` class in
/// style.css) and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The set's id, part of each row's key.
    pub set: &'static str,
    pub caption: String,
    pub heads: Vec<String>,
    /// The abscissa's heading and the measurement's, which carry the units.
    pub x_head: String,
    pub measured_head: String,
    pub rows: Vec<TableRow>,
}

/// The heading of the paper's own model value.
pub const PAPER_HEAD: &str = "the paper's model";

/// `table#validation`: one row per point with its series, label, abscissa, the paper's
/// measurement as printed, the paper's own model value where it prints one (a column a run of
/// your own does not have), commcalc's value, the error, and a link to the calculator with the
/// query that computed it. Every number cell carries the raw value (the error as
/// (model − measured)/measured).
pub fn table(set: &DataSet) -> Table {
    let named = set.rows.iter().any(|r| !r.series.is_empty());
    let with_x = !set.categorical;
    let paper = set.origin == Origin::Paper;
    let x_head = with_unit(set.x_label, set.x_unit);
    let measured_head = with_unit("measured", set.y_unit);
    let mut heads: Vec<String> = Vec::new();
    if named {
        heads.push("series".into());
    }
    heads.push("point".into());
    if with_x {
        heads.push(x_head.clone());
    }
    heads.push(measured_head.clone());
    if paper {
        heads.push(PAPER_HEAD.into());
    }
    heads.extend(["commcalc", "error", "calculator"].map(String::from));
    let caption = format!(
        "{} — {}: each point, {} measurement and the model's value (in {})",
        set.title,
        set.source,
        set.origin.whose(),
        if set.y_unit.is_empty() {
            "plain numbers"
        } else {
            set.y_unit
        }
    );
    let rows = set
        .rows
        .iter()
        .zip(colours(set))
        .enumerate()
        .map(|(index, (r, colour))| TableRow {
            index,
            colour,
            series: named.then(|| r.series.clone()),
            label: r.label.clone(),
            x: with_x.then(|| Cell::number(r.x)),
            measured: Cell {
                value: r.measured,
                digits: r
                    .printed
                    .as_ref()
                    .map_or_else(|| Digits::plain(number(r.measured)), printed),
            },
            paper: paper.then(|| paper_model(r)),
            model: Cell::number(r.model),
            error: Cell {
                value: r.rel_error,
                digits: Digits::plain(percent(r.rel_error)),
            },
            query: r.query.clone(),
        })
        .collect();
    Table {
        set: set.id,
        caption,
        heads,
        x_head,
        measured_head,
        rows,
    }
}

/// The paper's own model value as printed, if it prints one.
fn paper_model(r: &Row) -> Option<Cell> {
    match (r.paper_model, &r.paper_model_printed) {
        (Some(value), Some(p)) => Some(Cell {
            value,
            digits: printed(p),
        }),
        _ => None,
    }
}

/// The summary line's numbers (the `data-*` of its span, for the tests) and its text.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub points: usize,
    pub mean: f64,
    pub max: f64,
    pub text: String,
}

/// The summary of `set`.
pub fn summary(set: &DataSet) -> Summary {
    Summary {
        points: set.summary.points,
        mean: set.summary.mean_abs_rel_error,
        max: set.summary.max_abs_rel_error,
        text: summary_text(set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(id: &str) -> &'static DataSet {
        entry(id).unwrap().set.as_ref().unwrap()
    }

    #[test]
    fn every_data_set_is_computed_and_listed() {
        let list = entries();
        assert_eq!(list.len(), validation::ids().len());
        let groups = picker_groups("atm-multicast", None, &[]);
        let choices: Vec<&Choice> = groups.iter().flat_map(|(_, c)| c).collect();
        for e in list {
            let s = e.set.as_ref().unwrap();
            assert!(
                choices
                    .iter()
                    .any(|c| c.value == e.id && c.label.contains(s.source)),
                "{}",
                e.id
            );
        }
        let selected: Vec<&str> = choices
            .iter()
            .filter(|c| c.selected)
            .map(|c| c.value.as_str())
            .collect();
        assert_eq!(selected, ["atm-multicast"]);
        // Grouped by paper, in the papers' order.
        let labels: Vec<String> = groups.iter().map(|(l, _)| l.clone()).collect();
        assert_eq!(labels, ["000", "001", "002", "004"].map(paper_label));
    }

    /// Each kept machine with a collective run has its check in the picker, the one shown
    /// selected; the check the address names is listed though not kept here; none otherwise.
    #[test]
    fn kept_collective_runs_are_offered() {
        let kept = ["ib".to_string(), "roce".to_string()];
        let groups = picker_groups(COLLECTIVE_ID, Some("roce"), &kept);
        let (label, checks) = groups.last().unwrap();
        assert_eq!(label, "Collective runs kept in this browser");
        let values: Vec<(&str, bool)> = checks
            .iter()
            .map(|c| (c.value.as_str(), c.selected))
            .collect();
        assert_eq!(
            values,
            [("collective:ib", false), ("collective:roce", true)]
        );
        assert_eq!(
            checks[0].label,
            "ib — its collective run against the prediction"
        );
        let elsewhere = picker_groups(COLLECTIVE_ID, Some("gone"), &kept);
        let last = elsewhere.last().unwrap().1.last().unwrap();
        assert_eq!(last.value, collective_value("gone"));
        assert_eq!(collective_name(&last.value), Some("gone"));
        assert_eq!(collective_name(FITTED_ID), None);
        assert!(last.selected && last.label.contains("not kept in this browser"));
        // A paper's set: the kept checks offered, none selected; nothing kept, none offered.
        let paper = picker_groups("atm-separate", Some("gone"), &kept);
        assert!(paper.last().unwrap().1.iter().all(|c| !c.selected));
        let groups = picker_groups("atm-separate", None, &[]);
        assert!(groups
            .iter()
            .flat_map(|(_, c)| c)
            .all(|c| !c.value.starts_with(COLLECTIVE_ID)));
    }

    /// Every set draws on its own scale and on the other: every row's measurement is a dot
    /// and every value inside the axes.
    #[test]
    fn every_data_set_plots_on_both_scales() {
        for e in entries() {
            let s = e.set.as_ref().unwrap();
            for scale in [scale(s), Scale::Linear] {
                let p = plot(s, scale).unwrap();
                let dots: usize = p
                    .series
                    .iter()
                    .filter(|x| x.measured)
                    .map(|x| x.points.len())
                    .sum();
                assert_eq!(dots, s.rows.len(), "{} {scale:?}", e.id);
                for series in &p.series {
                    assert!(series.colour < COLOURS);
                    for &(x, y) in &series.points {
                        assert!(x >= p.x.lo && x <= p.x.hi, "{}: x {x} in {:?}", e.id, p.x);
                        assert!(y >= p.y.lo && y <= p.y.hi, "{}: y {y} in {:?}", e.id, p.y);
                    }
                }
                assert!(p.x.ticks.len() >= 2 && p.y.ticks.len() >= 2, "{}", e.id);
            }
        }
    }

    #[test]
    fn a_measured_set_has_a_line_and_dots_per_series() {
        let s = set("atm-separate");
        assert_eq!(groups(s), ["4 processors", "6 processors", "8 processors"]);
        assert_eq!(scale(s), Scale::Log);
        let p = plot(s, Scale::Log).unwrap();
        assert_eq!(p.series.len(), 6);
        let (line, dots) = (&p.series[0], &p.series[1]);
        assert!(!line.measured && dots.measured && line.colour == dots.colour);
        assert_eq!(line.points.len(), 4);
        assert!(line.points.windows(2).all(|w| w[0].0 < w[1].0));
        let first = &s.rows[0];
        assert_eq!(line.points[0], (first.x, first.model));
        assert_eq!(dots.points[0], (first.x, first.measured));
        assert_eq!(p.x.ticks.first().map(|t| t.1.as_str()), Some("1 kB"));
        assert!(p.y.ticks.iter().any(|t| t.1 == "10 ms"), "{:?}", p.y.ticks);
    }

    /// b(7) and b(14) are series of one point each: the model is a level dash across the dot.
    #[test]
    fn one_point_series_get_a_dash() {
        let s = set("sp2-pairs-b");
        let p = plot(s, scale(s)).unwrap();
        assert_eq!(scale(s), Scale::Linear);
        for (i, r) in s.rows.iter().enumerate() {
            let line = &p.series[2 * i];
            assert_eq!(line.points.len(), 2);
            assert_eq!(line.points[0].1, r.model);
            assert!(line.points[0].0 < r.x && line.points[1].0 > r.x);
        }
        assert!(
            p.y.ticks
                .iter()
                .all(|t| t.1 == "0" || t.1.ends_with("ns/B")),
            "{:?}",
            p.y.ticks
        );
    }

    /// 002 Tables 7–10 compare machines: a parity plot with y = x, one colour per machine.
    #[test]
    fn categorical_sets_are_parity_plots() {
        for id in [
            "hill-g-one-relation",
            "hill-g-total-exchange",
            "hill-l-total-exchange",
            "hill-l-broadcast",
        ] {
            let s = set(id);
            assert!(s.categorical);
            assert_eq!(scale(s), Scale::Log);
            let p = plot(s, Scale::Log).unwrap();
            assert_eq!(p.x, p.y);
            let diagonal = &p.series[0];
            assert!(diagonal.dashed && !diagonal.measured);
            assert_eq!(diagonal.colour, DIAGONAL_COLOUR);
            assert_eq!(diagonal.points, [(p.x.lo, p.x.lo), (p.x.hi, p.x.hi)]);
            for (r, dot) in s.rows.iter().zip(&p.series[1..]) {
                assert_eq!(dot.points, [(r.measured, r.model)]);
                assert_ne!(dot.colour, DIAGONAL_COLOUR);
            }
            let items = key(s);
            assert_eq!(items.len(), s.rows.len() + 1);
            assert!(
                matches!(
                    items.last(),
                    Some(KeyItem::Colour { colour: DIAGONAL_COLOUR, mark: Mark::Dashed, text })
                        if text.contains("y = x")
                ),
                "{items:?}"
            );
            assert!(items[..s.rows.len()].iter().all(|i| matches!(
                i,
                KeyItem::Colour {
                    mark: Mark::Dot,
                    ..
                }
            )));
        }
        let g = plot(set("hill-g-one-relation"), Scale::Log).unwrap();
        assert!(
            g.x.ticks.iter().all(|t| t.1.ends_with("s/word")),
            "{:?}",
            g.x.ticks
        );
    }

    #[test]
    fn the_table_has_a_row_per_point_with_raw_values() {
        for e in entries() {
            let s = e.set.as_ref().unwrap();
            let t = table(s);
            assert_eq!(t.rows.len(), s.summary.points, "{}", e.id);
            for (i, (row, r)) in t.rows.iter().zip(&s.rows).enumerate() {
                assert_eq!(row.index, i);
                assert_eq!(row.error.value, r.rel_error);
                assert_eq!(row.error.digits.text, percent(r.rel_error));
                assert_eq!(row.model.value, r.model);
                assert_eq!(row.measured.value, r.measured);
                assert_eq!(row.query, r.query);
                assert_eq!(row.label, r.label);
            }
            // Every key differs, and from another set's at the same place.
            let keys: std::collections::HashSet<String> =
                t.rows.iter().map(|r| r.key(t.set)).collect();
            assert_eq!(keys.len(), t.rows.len(), "{}", e.id);
        }
        let t = table(set("atm-separate"));
        let shown: Vec<&str> = t
            .rows
            .iter()
            .flat_map(|r| [Some(&r.measured), r.paper.as_ref().and_then(Option::as_ref)])
            .flatten()
            .map(|c| c.digits.text.as_str())
            .collect();
        assert!(
            shown.contains(&"5\u{202f}000") && shown.contains(&"3\u{202f}800"),
            "{shown:?}"
        );
        assert!(t.rows[0]
            .query
            .starts_with("machine=atm-sparc20&pattern=all-to-all"));
        assert_ne!(
            t.rows[0].key(t.set),
            table(set("atm-multicast")).rows[0].key("atm-multicast")
        );
        // Without a paper's model value, a dash; without an abscissa, no such column.
        let hill = table(set("hill-g-one-relation"));
        assert!(hill.rows.iter().any(|r| r.paper == Some(None)));
        assert!(hill.rows.iter().all(|r| r.x.is_none()));
        assert!(!hill.heads.contains(&hill.x_head));
    }

    /// The caption names the set, its source, whose measurements and the unit.
    #[test]
    fn the_table_caption_names_the_set() {
        let s = set("atm-separate");
        let t = table(s);
        assert!(t
            .caption
            .starts_with(&format!("{} — {}", s.title, s.source)));
        assert!(
            t.caption.ends_with(&format!("(in {})", s.y_unit)),
            "{}",
            t.caption
        );
        assert_eq!(t.heads.last().map(String::as_str), Some("calculator"));
    }

    #[test]
    fn the_summary_reads_as_the_issue_asks() {
        let s = set("atm-separate");
        let text = summary_text(s);
        let mean = s.summary.mean_abs_rel_error * 100.0;
        assert_eq!(
            text,
            format!(
                "12 points · mean |error| {mean:.1}% · max {:.1}%",
                s.summary.max_abs_rel_error * 100.0
            )
        );
    }

    #[test]
    fn numbers_read_as_the_papers_print_them() {
        assert_eq!(number(3808.0), "3\u{202f}808");
        assert_eq!(number(155_680.4), "155\u{202f}680");
        assert_eq!(number(0.022_624), "0.02262");
        assert_eq!(number(1.4), "1.4");
        assert_eq!(number(756.53), "756.5");
        assert_eq!(number(8.0), "8");
        assert_eq!(number(0.0), "0");
        assert_eq!(number(-1234.0), "−1\u{202f}234");
        assert_eq!(percent(1.46503), "+147%");
        assert_eq!(percent(0.061), "+6.1%");
        assert_eq!(percent(-0.258), "−25.8%");
        let p = Printed {
            text: "2.18×10^{-2}",
            at: validation::Place::Text { phrase: "" },
        };
        assert_eq!(
            printed(&p),
            Digits {
                text: "2.18×10".into(),
                exponent: Some("−2".into())
            }
        );
        let thousands = Printed {
            text: "5,000",
            at: validation::Place::Text { phrase: "" },
        };
        assert_eq!(printed(&thousands), Digits::plain("5\u{202f}000".into()));
        assert_eq!(tick(0.2, "µs/word"), "200 ns/word");
        assert_eq!(tick(600.0, "doubles"), "600");
        assert_eq!(tick(3000.0, "µs"), "3 ms");
    }

    /// The fitted machine's table: a row per residual with its error, no paper's model
    /// column, each link opening the machine by its name.
    fn fitted_table(t: &Table, residuals: &[[f64; 2]], name: &str) {
        assert_eq!(t.rows.len(), residuals.len());
        assert!(!t.heads.iter().any(|h| h == PAPER_HEAD));
        assert!(t.rows.iter().all(|r| r.paper.is_none()));
        assert!(
            t.caption.contains("your run's measurement"),
            "{}",
            t.caption
        );
        for (row, res) in t.rows.iter().zip(residuals) {
            assert_eq!(row.error.value, res[1], "{res:?}");
        }
        // `my machine (fitted, OSU latency 5.6.3)`, its spaces as `+`.
        let named = "&fitted=my+machine+(fitted,+OSU+latency+5.6.3)";
        assert_eq!(name, "my machine (fitted, OSU latency 5.6.3)");
        assert!(
            t.rows
                .iter()
                .filter(|r| !r.query.is_empty())
                .all(|r| r.query.ends_with(named)),
            "{:?}",
            t.rows
        );
    }

    /// The fitted machine's own points: the fit's residuals in the papers' table (without the
    /// paper's model column), each row opening the machine by its name, the fit's chart, and
    /// the picker's own group; without kept points, the reason instead.
    #[test]
    fn the_fitted_machine_is_a_data_set() {
        let text = include_str!("../../../tests/data/measurements/csd3-ib-osu_latency.txt");
        let series = commcalc_core::measurements::parse(text.as_bytes(), None).unwrap();
        let r = commcalc_core::measurements::fit::fit(series).unwrap();
        let name = crate::import::machine_name(&r);
        let kept = [Saved {
            name: name.clone(),
            query: r.query.clone(),
            points: crate::import::kept_points(&r),
            runs: None,
        }];
        let s = Scenario::from_query(&r.query).unwrap();
        let fitted = shown(FITTED_ID, Some(&name), &kept, &s).unwrap();
        // The fitted machine is the fit with the least error, the piecewise one here.
        assert_eq!(r.best.model, "piecewise");
        let residuals = &r.fits.piecewise.quality.residuals;
        assert_eq!(fitted.set.rows.len(), residuals.len());
        fitted_table(&table(&fitted.set), residuals, &name);
        assert_eq!(fitted.scale(), Scale::Log);
        assert_eq!(fitted.plot(Scale::Log).unwrap(), fit_plot(&r).unwrap());
        assert_eq!(fitted.key(), [KeyItem::Fit]);
        assert!(crate::fits::FIT_KEY
            .iter()
            .any(|(_, t)| t.contains("piecewise")));
        let groups = picker_groups(FITTED_ID, Some(&name), &[]);
        assert_eq!(
            groups.last().unwrap(),
            &(
                "Fitted to your measurements".to_string(),
                vec![Choice {
                    value: FITTED_ID.into(),
                    label: format!("{name} — your run against its fit"),
                    selected: true
                }]
            )
        );
        let offered = |g: &[(String, Vec<Choice>)], value: &str| {
            g.iter().flat_map(|(_, c)| c).any(|c| c.value == value)
        };
        assert!(!offered(
            &picker_groups("atm-separate", None, &[]),
            FITTED_ID
        ));
        // No fitted machine on the page, or none kept here: said, not drawn.
        let paragon = Scenario::from_query("machine=intel-paragon").unwrap();
        let none = shown(FITTED_ID, Some(&name), &kept, &paragon).unwrap_err();
        assert!(
            none.starts_with("This page has no fitted machine"),
            "{none}"
        );
        let elsewhere = shown(FITTED_ID, Some(&name), &[], &s).unwrap_err();
        assert!(elsewhere.contains("keeps no measurements"), "{elsewhere}");
        let none = picker_groups(FITTED_ID, None, &[]);
        assert!(none.last().unwrap().1[0]
            .label
            .contains("(none on this page)"));
        assert!(shown("atm-separate", Some(&name), &[], &s)
            .unwrap()
            .fit
            .is_none());
        assert!(shown("nosuch", None, &[], &s)
            .unwrap_err()
            .contains("no data set"));
    }

    /// A stacked row (a phone) names every value: each row has a cell per column, and the
    /// view gives each its column's heading.
    #[test]
    fn every_cell_names_its_column() {
        for id in commcalc_core::validation::ids() {
            let Some(s) = entry(id).and_then(|e| e.set.as_ref().ok()) else {
                continue;
            };
            let t = table(s);
            for r in &t.rows {
                let cells = usize::from(r.series.is_some())
                    + 1
                    + usize::from(r.x.is_some())
                    + 1
                    + usize::from(r.paper.is_some())
                    + 3;
                assert_eq!(cells, t.heads.len(), "{id}");
            }
            assert_eq!(t.heads.contains(&t.x_head), !s.categorical, "{id}");
            assert!(t.heads.contains(&t.measured_head), "{id}");
        }
    }

    /// A series of one point is named in the key's reading line; the summary's numbers are the
    /// set's.
    #[test]
    fn key_and_summary_follow_the_set() {
        let b = key(set("sp2-pairs-b"));
        assert!(
            matches!(b.last(), Some(KeyItem::How(t)) if t.contains("level dash")),
            "{b:?}"
        );
        let a = set("atm-separate");
        let k = key(a);
        assert_eq!(k.len(), groups(a).len() + 1);
        assert!(matches!(k.last(), Some(KeyItem::How(t)) if !t.contains("level dash")));
        // Each item keyed apart from the others, in every set.
        for e in entries() {
            let items = key(e.set.as_ref().unwrap());
            let keys: std::collections::HashSet<String> = items.iter().map(KeyItem::key).collect();
            assert_eq!(keys.len(), items.len(), "{}", e.id);
        }
        let sum = summary(a);
        assert_eq!(
            (sum.points, sum.mean, sum.max, sum.text),
            (
                a.summary.points,
                a.summary.mean_abs_rel_error,
                a.summary.max_abs_rel_error,
                summary_text(a)
            )
        );
    }
}
