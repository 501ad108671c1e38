//! Validation data (issue 4): wherever a paper prints measurements, the measured points beside
//! the model's value at each, with the relative error of each point and a summary.
//!
//! The papers' numbers are transcribed here as they are printed — strings such as "5,000",
//! "0.029" or "2.18×10^{-2}" — each with the table cell or sentence it stands in, and the value
//! is parsed from that string. So a transcription can be checked against the paper text itself
//! (tests/validation.rs looks every string up in tests/papers/), and a mistyped number cannot
//! hide in a separate float. Where a paper misprints, the string is what it prints and the data
//! set's `note` says so.
//!
//! The model values are never transcribed: the core computes each one, through a query where a
//! pattern expresses the scenario (the row keeps that canonical query, so the UI can open it) and
//! from a model function or the catalog otherwise (the row's query is then empty).
//!
//! [`data_sets`] and [`data_set`] return a `Result`: a query the core rejects, a metric a report
//! lacks or a transcription that does not parse is a bug, and it surfaces as an error (which the
//! tests catch) rather than as a panic or a silently dropped row.

use serde::Serialize;

use crate::catalog::{self, interpolate_by_size, SizeRow};
use crate::error::{Error, Errors};
use crate::measurements::fit::{FitReport, Quality};
use crate::models::nbl::{FSet, Nbl, TESTJIG_LINKS};
use crate::models::Model;
use crate::units::{percent, si, ELEMENT_BYTES};
use crate::Scenario;

/// One measured data set a paper prints (or a run of your own, [`fitted_set`]), with the
/// model's value at each point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DataSet {
    /// Kebab-case and stable: the UI names a set with `view=validate&set=<id>`.
    pub id: &'static str,
    /// A short human title.
    pub title: &'static str,
    /// Paper (file prefix) and table or section: "002 Table 4", "000 §3.3".
    pub source: &'static str,
    /// What is measured, what the model is, and any misprint.
    pub note: String,
    pub x_label: &'static str,
    pub x_unit: &'static str,
    pub y_label: &'static str,
    pub y_unit: &'static str,
    /// True when x is only the index of labelled rows (002 Tables 7–10).
    pub categorical: bool,
    /// Whose measurements these are: a paper's, or a run of your own ([`fitted_set`]).
    pub origin: Origin,
    pub rows: Vec<Row>,
    pub summary: Summary,
}

/// One measured point and the model's value there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Groups points into one line on a chart ("4 processors", "L = 2"); may be empty.
    pub series: String,
    /// What the row is, e.g. "p = 4, 32 Kbyte".
    pub label: String,
    pub x: f64,
    /// The paper's measured value, parsed from `printed`.
    pub measured: f64,
    /// The paper's own analytic or model value where it prints one, parsed from
    /// `paper_model_printed`.
    pub paper_model: Option<f64>,
    /// commcalc's value, computed by the core.
    pub model: f64,
    /// (model − measured)/measured.
    pub rel_error: f64,
    /// The canonical query that computed `model`; empty when a model function or the
    /// catalog computed it directly (the note says how).
    pub query: String,
    /// The measured value as the paper prints it; `None` for a run of your own, whose values
    /// come from a benchmark's output rather than a transcription.
    pub printed: Option<Printed>,
    /// The paper's model value as it prints it.
    pub paper_model_printed: Option<Printed>,
}

/// Whose measurements a data set holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Transcribed from a paper's table or text, each number with where it is printed.
    Paper,
    /// A benchmark run of your own, against the machine fitted to it ([`fitted_set`]).
    Run,
}

impl Origin {
    /// Whose measurements, as a sentence says it: "the paper's", "your run's".
    pub fn whose(self) -> &'static str {
        match self {
            Origin::Paper => "the paper's",
            Origin::Run => "your run's",
        }
    }
}

/// A number as a paper prints it, and where.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Printed {
    /// Exactly the printed characters: "5,000", "0.029", "2.18×10^{-2}".
    pub text: &'static str,
    /// Where it stands in the data set's source, for the transcription test.
    #[serde(skip)]
    pub at: Place,
}

/// Where a printed number stands in the data set's source (its table or section).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A table cell: in the table line whose first cell is `row` (and which also has a cell
    /// `tag`, where two lines start alike), the cell at `column`, counting the first cell as 0.
    /// Cells are split at tabs, or at `|` in a Markdown table, empty cells included.
    Cell {
        row: &'static str,
        tag: Option<&'static str>,
        column: usize,
    },
    /// In the running text of the section, inside this phrase.
    Text { phrase: &'static str },
}

/// The summary of a data set's errors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub points: usize,
    /// Mean of |rel_error| over the rows.
    pub mean_abs_rel_error: f64,
    /// Largest |rel_error|.
    pub max_abs_rel_error: f64,
}

impl Summary {
    /// The summary of these rows (zeros for none).
    pub fn of(rows: &[Row]) -> Summary {
        let abs = rows.iter().map(|r| r.rel_error.abs());
        let n = rows.len();
        Summary {
            points: n,
            mean_abs_rel_error: if n == 0 {
                0.0
            } else {
                abs.clone().sum::<f64>() / n as f64
            },
            max_abs_rel_error: abs.fold(0.0, f64::max),
        }
    }
}

/// Declares the data sets once, as an id and the function that builds it, and makes from that
/// one list the ids ([`IDS`]) and the dispatch on an id (`build`). The two are kept apart so
/// that the ids do not hold the builders: a table of function pointers keeps every builder and
/// its transcribed table in any wasm module that only reads the ids (the calculator's module
/// does, for the address's `set=`), while a `match` is compiled away where it is never called.
macro_rules! data_sets {
    ($($id:literal => $build:ident,)*) => {
        /// The ids of all data sets, in order.
        const IDS: &[&str] = &[$($id),*];

        /// Builds the data set of `id`; `None` for an id that is not one.
        fn build(id: &str) -> Option<Result<DataSet, Error>> {
            match id {
                $($id => Some($build()),)*
                _ => None,
            }
        }
    };
}

// Every data set, in issue 4's order: 002 Tables 4, 5, 7–10; 004 Table 1; 000 §3.3; 001
// Tables 1 and 2.
data_sets! {
    "atm-separate" => atm_separate,
    "atm-multicast" => atm_multicast,
    "hill-g-one-relation" => hill_g_one_relation,
    "hill-g-total-exchange" => hill_g_total_exchange,
    "hill-l-total-exchange" => hill_l_total_exchange,
    "hill-l-broadcast" => hill_l_broadcast,
    "delta-testjig-times" => delta_testjig_times,
    "delta-testjig-f" => delta_testjig_f,
    "sp2-pairs-b" => sp2_pairs_b,
    "paragon-bsp-g" => paragon_bsp_g,
    "paragon-bsp-l" => paragon_bsp_l,
    "paragon-bpram-sigma" => paragon_bpram_sigma,
    "paragon-bpram-ell" => paragon_bpram_ell,
}

/// All data sets, in order. An error means a bug (a query the core rejects, a transcription that
/// does not parse), never bad user input.
pub fn data_sets() -> Result<Vec<DataSet>, Error> {
    IDS.iter().map(|id| data_set(id)).collect()
}

/// One data set by id; computes only that set. An unknown id is an error naming the key `set`
/// (as in `view=validate&set=<id>`) and the accepted ids.
pub fn data_set(id: &str) -> Result<DataSet, Error> {
    build(id).unwrap_or_else(|| {
        Err(Error::invalid(
            "set",
            id,
            format!("one of {}", ids().join(", ")),
        ))
    })
}

/// The ids of all data sets, in order.
pub fn ids() -> Vec<&'static str> {
    IDS.to_vec()
}

/// Parses a number as the papers print it: thousands separated by commas ("155,000") and
/// powers of ten written "3.1×10^3" or "2.18×10^{-2}". `None` for anything else.
pub fn parse_printed(text: &str) -> Option<f64> {
    let plain: String = text.chars().filter(|c| *c != ',').collect();
    let (mantissa, exponent) = match plain.split_once("×10^") {
        Some((m, e)) => (m, e.trim_start_matches('{').trim_end_matches('}')),
        None => (plain.as_str(), "0"),
    };
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
    };
    if !ok(mantissa) || !ok(exponent) {
        return None;
    }
    // Parsing "2.18e-2" gives the double nearest 0.0218, as the literal 2.18e-2 does.
    format!("{mantissa}e{exponent}")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

/// The table or section a data set comes from, and how its axes read.
struct Meta {
    id: &'static str,
    title: &'static str,
    source: &'static str,
    note: &'static str,
    x_label: &'static str,
    x_unit: &'static str,
    y_label: &'static str,
    y_unit: &'static str,
    categorical: bool,
}

impl Meta {
    fn with(self, rows: Vec<Row>) -> DataSet {
        let summary = Summary::of(&rows);
        DataSet {
            id: self.id,
            title: self.title,
            source: self.source,
            note: self.note.to_string(),
            x_label: self.x_label,
            x_unit: self.x_unit,
            y_label: self.y_label,
            y_unit: self.y_unit,
            categorical: self.categorical,
            origin: Origin::Paper,
            rows,
            summary,
        }
    }
}

/// A number in a table cell.
const fn cell(text: &'static str, row: &'static str, column: usize) -> Printed {
    Printed {
        text,
        at: Place::Cell {
            row,
            tag: None,
            column,
        },
    }
}

/// A number in a table cell, on the line that starts with `row` and has a cell `tag`.
const fn tagged(
    text: &'static str,
    row: &'static str,
    tag: &'static str,
    column: usize,
) -> Printed {
    Printed {
        text,
        at: Place::Cell {
            row,
            tag: Some(tag),
            column,
        },
    }
}

/// A number in a sentence.
const fn phrase(text: &'static str, phrase: &'static str) -> Printed {
    Printed {
        text,
        at: Place::Text { phrase },
    }
}

/// A printed number's value, or an error naming the data set.
fn value(set: &str, printed: &Printed) -> Result<f64, Error> {
    parse_printed(printed.text).ok_or_else(|| {
        Error::invalid(
            "set",
            set,
            format!(
                "a number as the paper prints it, not \"{}\" (a transcription bug)",
                printed.text
            ),
        )
    })
}

/// What a row is before the model is computed.
struct Point {
    series: String,
    label: String,
    x: f64,
    printed: Printed,
    paper_model_printed: Option<Printed>,
}

impl Point {
    fn row(self, set: &str, model: f64, query: String) -> Result<Row, Error> {
        let measured = value(set, &self.printed)?;
        let paper_model = match &self.paper_model_printed {
            Some(p) => Some(value(set, p)?),
            None => None,
        };
        Ok(Row {
            series: self.series,
            label: self.label,
            x: self.x,
            measured,
            paper_model,
            model,
            rel_error: (model - measured) / measured,
            query,
            printed: Some(self.printed),
            paper_model_printed: self.paper_model_printed,
        })
    }
}

/// Runs a query and reads one metric; returns it with the canonical query.
fn metric(query: &str, key: &str) -> Result<(f64, String), Error> {
    let report = crate::run(query).map_err(|Errors(errors)| {
        errors.into_iter().next().unwrap_or_else(|| Error::Syntax {
            fragment: query.to_string(),
        })
    })?;
    let value = report.metric(key).ok_or_else(|| Error::Unsupported {
        key: key.to_string(),
        value: query.to_string(),
        reason: "the report has no such metric (a validation bug)".into(),
    })?;
    Ok((value, report.query))
}

/// A parameter's value in the catalog.
fn param(machine: &str, model: Model, name: &str) -> Result<f64, Error> {
    catalog::machine(machine)
        .and_then(|m| m.set(model))
        .and_then(|s| s.param(name))
        .map(|p| p.value)
        .filter(|v| v.is_finite())
        .ok_or_else(|| Error::Unsupported {
            key: name.to_string(),
            value: machine.to_string(),
            reason: format!("the catalog has no {} parameter {name}", model.id()),
        })
}

/// A machine's size-dependent table (001 Tables 1–2) in the catalog.
fn by_size(machine: &str, model: Model) -> Result<&'static [SizeRow], Error> {
    catalog::machine(machine)
        .and_then(|m| m.set(model))
        .map(|s| s.by_size)
        .filter(|rows| !rows.is_empty())
        .ok_or_else(|| Error::Unsupported {
            key: "model".into(),
            value: model.id().into(),
            reason: format!("the catalog has no size-dependent table for {machine}"),
        })
}

// ---- 002 Tables 4 and 5: ATM total exchange, analytic and experiment -------------------------

/// 002 Table 4 as printed: the "Data size (Kbyte)" cell, then for 4, 6 and 8 processors the
/// (Analytic, Experiment) cells in µs (Experiment: McKinley, Huang and Kasten [HMK94]).
const TABLE_4: [(&str, [(&str, &str); 3]); 4] = [
    (
        "1",
        [("3,800", "5,000"), ("6,320", "7,000"), ("8,848", "9,000")],
    ),
    (
        "4",
        [
            ("9,260", "12,500"),
            ("15,440", "16,000"),
            ("21,616", "22,000"),
        ],
    ),
    (
        "16",
        [
            ("33,890", "34,000"),
            ("56,480", "57,000"),
            ("79,070", "80,000"),
        ],
    ),
    (
        "32",
        [
            ("66,720", "68,000"),
            ("111,120", "112,000"),
            ("155,000", "160,000"),
        ],
    ),
];

/// The processor counts of Table 4's column pairs.
const TABLE_4_PROCESSORS: [u32; 3] = [4, 6, 8];

/// 002 Table 5 as printed: "Data size (Kbyte)", then the 8-processor Analytic and Experiment
/// cells in µs.
const TABLE_5: [(&str, &str, &str); 4] = [
    ("1", "5,208", "14,000"),
    ("4", "10,848", "16,000"),
    ("16", "39,048", "41,000"),
    ("32", "76,648", "77,000"),
];

/// Bytes in 002's "Kbyte" (Tables 4 and 5 only follow with 1000: docs/models.md, Units).
const KBYTE: f64 = 1000.0;

const ATM_Y: (&str, &str) = ("total-exchange time", "µs");

/// Total exchange on the ATM cluster, time_us of `pattern=all-to-all` at each data size.
fn atm_point(
    set: &str,
    algo: &str,
    p: u32,
    kbytes: &'static str,
    analytic: Printed,
    experiment: Printed,
) -> Result<Row, Error> {
    let k = value(set, &cell(kbytes, kbytes, 0))?;
    let (model, query) = metric(
        &format!(
            "machine=atm-sparc20&pattern=all-to-all&algo={algo}&p={p}&data={}",
            k * KBYTE
        ),
        "time_us",
    )?;
    Point {
        series: format!("{p} processors"),
        label: format!("p = {p}, {kbytes} Kbyte"),
        x: k * KBYTE,
        printed: experiment,
        paper_model_printed: Some(analytic),
    }
    .row(set, model, query)
}

fn atm_separate() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "atm-separate",
        title: "ATM total exchange, separate addressing",
        source: "002 Table 4",
        note: "Total exchange among 4, 6 and 8 SPARCstation 20s on four ATM switches, each \
               sending every other node the data size (1 Kbyte = 1000 B). Measured: McKinley, \
               Huang and Kasten's experiment; model: 2(p−1) pipelined protocol latencies (002 \
               eq. 1) with the 670-byte message sized for 8 hosts (§3.9), as 002's Analytic \
               column. Two Analytic cells are misprints: 002's own 2(p−1)·(404 + \
               (⌈D/670⌉−1)·228) gives 111,200 and 155,680 for 32 Kbyte on 6 and 8 processors, \
               printed 111,120 and 155,000.",
        x_label: "data size per destination",
        x_unit: "B",
        y_label: ATM_Y.0,
        y_unit: ATM_Y.1,
        categorical: false,
    };
    let mut rows = Vec::new();
    for (i, p) in TABLE_4_PROCESSORS.into_iter().enumerate() {
        for (kbytes, cells) in TABLE_4 {
            let (analytic, experiment) = cells[i];
            rows.push(atm_point(
                meta.id,
                "separate",
                p,
                kbytes,
                cell(analytic, kbytes, 1 + 2 * i),
                cell(experiment, kbytes, 2 + 2 * i),
            )?);
        }
    }
    Ok(meta.with(rows))
}

fn atm_multicast() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "atm-multicast",
        title: "ATM total exchange, hardware multicast",
        source: "002 Table 5",
        note: "Total exchange among 8 SPARCstation 20s by hardware multicast: each node sends \
               its data once on a multicast VC and receives p − 1 (002 §3.11), in the 814-byte \
               messages the multicast VC's unit time allows. Measured: McKinley, Huang and \
               Kasten's experiment; model: p pipelined protocol latencies (eq. 1), as 002's \
               Analytic column. At 1 Kbyte the measurement is almost three times the model; \
               from 16 Kbyte on they agree within 5%.",
        x_label: "data size per destination",
        x_unit: "B",
        y_label: ATM_Y.0,
        y_unit: ATM_Y.1,
        categorical: false,
    };
    TABLE_5
        .into_iter()
        .map(|(kbytes, analytic, experiment)| {
            atm_point(
                meta.id,
                "multicast",
                8,
                kbytes,
                cell(analytic, kbytes, 1),
                cell(experiment, kbytes, 2),
            )
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|rows| meta.with(rows))
}

// ---- 002 Tables 7–10: BSP g and l over ATM against Hill's measurements -----------------------

/// Whose value a row of Tables 7–10 is: the SPARCstation 20 the ATM model describes, or 002's
/// estimate for the IBM SP2 from it.
#[derive(Clone, Copy)]
enum Host {
    Sparc,
    Sp2,
}

/// One row of 002 Tables 7–10: the Analytic (over ATM) µs cell where printed and the
/// Experiment (Hill, without ATM) µs cell.
struct HillRow {
    host: Host,
    label: &'static str,
    analytic: Option<Printed>,
    measured: Printed,
}

/// One of 002 Tables 7–10: the query whose metric is the SPARCstation 20's analytic value.
struct HillTable {
    meta: Meta,
    query: &'static str,
    metric: &'static str,
    rows: [HillRow; 3],
}

const SM: &str = "SM Sun Sparc-20";
const SP2: &str = "IBM SP2";
const SP2_SWITCH: &str = "IBM SP2 (switch)";
const SP2_ETHERNET: &str = "IBM SP2 (Ethernet)";

/// Builds a data set from one of Tables 7–10.
fn hill(table: HillTable) -> Result<DataSet, Error> {
    let (sparc, query) = metric(table.query, table.metric)?;
    let sparc_rate = param("atm-sparc20", Model::AtmPipeline, "rate")?;
    let sp2_rate = param("ibm-sp2", Model::Bsp, "rate")?;
    // 002 §4.3: "g = 14/2.6 = 5.38 flop/word or g = 5.3/26 = 0.20 µsec/word".
    let sp2 = sparc * sparc_rate / (sp2_rate / sparc_rate) / sp2_rate;
    let set = table.meta.id;
    let rows = table
        .rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            Point {
                series: String::new(),
                label: r.label.to_string(),
                x: i as f64,
                printed: r.measured,
                paper_model_printed: r.analytic,
            }
            .row(
                set,
                match r.host {
                    Host::Sparc => sparc,
                    Host::Sp2 => sp2,
                },
                query.clone(),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut set = table.meta.with(rows);
    set.note = format!("{} {HILL_NOTE}", set.note);
    Ok(set)
}

/// What every comparison with Hill's measurements (002 Tables 7–10) needs said.
const HILL_NOTE: &str = "The SP2 model values are 002's estimate: the SPARC value in flops \
     (10 Mflop/s) divided by the clock ratio 26/10, then by 26 Mflop/s (Table 6), which scales \
     the time by (10/26)². The errors compare an ATM prediction with a measurement on another \
     interconnect — the comparison 002 draws — not a model with its own machine.";

/// The three rows of Tables 7–9 (columns: machine, Analytic flop/word and µs/word, Experiment
/// flop/word, network, µs/word): Analytic µs in cell 2, Experiment µs in cell 5.
const fn hill_rows(
    sm: (&'static str, &'static str),
    switch: (&'static str, &'static str),
    ethernet: &'static str,
) -> [HillRow; 3] {
    [
        HillRow {
            host: Host::Sparc,
            label: SM,
            analytic: Some(cell(sm.0, SM, 2)),
            measured: cell(sm.1, SM, 5),
        },
        HillRow {
            host: Host::Sp2,
            label: SP2_SWITCH,
            analytic: Some(tagged(switch.0, SP2, "switch", 2)),
            measured: tagged(switch.1, SP2, "switch", 5),
        },
        HillRow {
            host: Host::Sp2,
            label: SP2_ETHERNET,
            analytic: None,
            measured: tagged(ethernet, SP2, "Ethernet", 5),
        },
    ]
}

fn hill_g_one_relation() -> Result<DataSet, Error> {
    hill(HillTable {
        meta: Meta {
            id: "hill-g-one-relation",
            title: "BSP g over ATM vs Hill, 1-relation",
            source: "002 Table 7",
            note: "g for a 1-relation on 8 SPARCstation 20s over ATM from 002's pipeline model \
                   (eq. 23, k = 1: 1.4 µs/word), against Hill's g measured without ATM on the \
                   shared-memory SPARCstation 20 and on the IBM SP2 over its switch and over \
                   Ethernet. The SP2 model value, 0.207, is printed 0.2 (from 5.3 flop/word, \
                   5.38 cut short).",
            x_label: "machine",
            x_unit: "",
            y_label: "g",
            y_unit: "µs/word",
            categorical: true,
        },
        query: "machine=atm-sparc20&pattern=h-relation&algo=one-relation&p=8&k=1",
        metric: "g_us_per_word",
        // 002 Table 7.
        rows: hill_rows(("1.4", "0.33"), ("0.2", "0.27"), "47.3"),
    })
}

fn hill_g_total_exchange() -> Result<DataSet, Error> {
    hill(HillTable {
        meta: Meta {
            id: "hill-g-total-exchange",
            title: "BSP g over ATM vs Hill, total exchange",
            source: "002 Table 8",
            note: "g for a total exchange over ATM in the limit of large data, 2(a′ + a₂) = \
                   0.185 µs/B (002 eq. 27), against Hill's g, an asymptotic value too, measured \
                   without ATM. 002 rounds 0.185 down to 0.18 before multiplying by 4, so it \
                   prints 0.72 µs/word where the model gives 0.74 (2.8%), and 2.77 flop/word \
                   for the SP2.",
            x_label: "machine",
            x_unit: "",
            y_label: "g",
            y_unit: "µs/word",
            categorical: true,
        },
        query: "machine=atm-sparc20&pattern=h-relation&algo=total-exchange&p=8&k=1",
        metric: "g_inf_us_per_word",
        // 002 Table 8.
        rows: hill_rows(("0.72", "0.41"), ("0.11", "0.43"), "47.1"),
    })
}

fn hill_l_total_exchange() -> Result<DataSet, Error> {
    hill(HillTable {
        meta: Meta {
            id: "hill-l-total-exchange",
            title: "BSP l over ATM vs Hill, total-exchange barrier",
            source: "002 Table 9",
            note: "l of a total-exchange barrier over ATM, 002 eq. 28 with 100-byte messages on \
                   8 hosts (5,114 µs), against Hill's measured l without ATM. The SP2 Analytic \
                   cell is a misprint: 51,140 flops/2.6 = 19,669 flops, 756.5 µs, but 002 \
                   prints 19,970 flops and 768 µs.",
            x_label: "machine",
            x_unit: "",
            y_label: "l",
            y_unit: "µs",
            categorical: true,
        },
        query: "machine=atm-sparc20&pattern=barrier&algo=total-exchange&p=8&size=100",
        metric: "l_us",
        // 002 Table 9.
        rows: hill_rows(("5114", "11.7"), ("768", "208"), "3415"),
    })
}

fn hill_l_broadcast() -> Result<DataSet, Error> {
    hill(HillTable {
        meta: Meta {
            id: "hill-l-broadcast",
            title: "BSP l over ATM vs Hill, broadcast barrier",
            source: "002 Table 10",
            note: "l of a broadcast barrier over ATM, 002 eq. 29: each of 8 hosts combines its \
                   8 messages of 100 B into one of 800 B and multicasts it. The model gives \
                   3,696 µs where Table 10 prints 3000 (\"almost 3,000 µs\"): eq. 29 gives \
                   about 3,000 only for an uncombined 100-byte message (2,954 µs), and the SP2 \
                   cell, 442, follows from the 3,000.",
            x_label: "machine",
            x_unit: "",
            y_label: "l",
            y_unit: "µs",
            categorical: true,
        },
        query: "machine=atm-sparc20&pattern=barrier&algo=broadcast&p=8&size=100",
        metric: "l_us",
        // 002 Table 10: its SM row has no "network" cell, so the measured µs is cell 4 there.
        rows: [
            HillRow {
                host: Host::Sparc,
                label: SM,
                analytic: Some(cell("3000", SM, 2)),
                measured: cell("11.7", SM, 4),
            },
            HillRow {
                host: Host::Sp2,
                label: SP2_SWITCH,
                analytic: Some(tagged("442", SP2, "switch", 2)),
                measured: tagged("208", SP2, "switch", 5),
            },
            HillRow {
                host: Host::Sp2,
                label: SP2_ETHERNET,
                analytic: None,
                measured: tagged("3415", SP2, "Ethernet", 5),
            },
        ],
    })
}

// ---- 004 Table 1: the DELTA testjig -----------------------------------------------------------

/// One row of 004 Table 1 as printed.
struct TestjigPrinted {
    /// The S cell: doubles per block.
    s: &'static str,
    /// The T cells (µs) for L = 1, 2, 4 and 6 links.
    t: [&'static str; 4],
    /// The f(2), f(4), f(6) cells: dT(L)/dT(1) between this row and the next (none on the
    /// last row).
    f: Option<[&'static str; 3]>,
}

/// 004 Table 1 as printed.
const TESTJIG_TABLE: [TestjigPrinted; 4] = [
    TestjigPrinted {
        s: "60",
        t: ["74", "129", "259", "345"],
        f: Some(["1.6", "2.1", "3.8"]),
    },
    TestjigPrinted {
        s: "120",
        t: ["139", "235", "398", "575"],
        f: Some(["1.7", "2.8", "4.2"]),
    },
    TestjigPrinted {
        s: "300",
        t: ["293", "502", "833", "1222"],
        f: Some(["1.9", "3.9", "5.8"]),
    },
    TestjigPrinted {
        s: "600",
        t: ["525", "942", "1733", "2578"],
        f: None,
    },
];

/// The cells of Table 1's T columns (L = 1, 2, 4, 6) and f columns (L = 2, 4, 6).
const TESTJIG_T_CELLS: [usize; 4] = [1, 3, 6, 9];
const TESTJIG_F_CELLS: [usize; 3] = [5, 8, 11];

/// The DELTA's NBL parameters (004 §7.2) from the catalog, with an f-set.
fn delta(f: FSet) -> Result<Nbl, Error> {
    let p = |name| param("intel-delta", Model::Nbl, name);
    Nbl::new(p("alpha")?, p("beta")?, p("c2")?, p("c3")?, f)
}

fn delta_testjig_times() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "delta-testjig-times",
        title: "DELTA testjig times",
        source: "004 Table 1",
        note: "The testjig of 004 §4.2 on a 3×3 DELTA mesh: the central node receives a block \
               of S doubles from one neighbour (L = 1) or exchanges blocks with one, two or \
               three (L = 2, 4, 6). Model: the nominal NBL cost T(L) = L·α + L·β·S with §7.2's \
               α = 54 µs and β = 1.54 µs per double (pattern=pingpong for L = 1, exchange for \
               L = 2; the NBL model function for 4 and 6). It gives 1.7 to 2.6 times the \
               measured times: the testjig's own one-link slope dT/dS is 0.77–1.08 µs per \
               double, half of §7.2's β or less, and 004 measured β with the link speed \
               deliberately halved. 004 uses the table only for ratios, f(L) = dT(L)/dT(1), \
               which do not depend on β.",
        x_label: "block size S",
        x_unit: "doubles",
        y_label: "time",
        y_unit: "µs",
        categorical: false,
    };
    let nominal = delta(FSet::Nominal)?;
    let mut rows = Vec::new();
    for (column, links) in TESTJIG_LINKS.into_iter().enumerate() {
        for TestjigPrinted {
            s: s_text,
            t: times,
            ..
        } in TESTJIG_TABLE
        {
            let s = value(meta.id, &cell(s_text, s_text, 0))?;
            let bytes = s * ELEMENT_BYTES;
            let (model, query) = match links {
                1 => metric(
                    &format!("machine=intel-delta&pattern=pingpong&size={bytes}"),
                    "time_us",
                )?,
                2 => metric(
                    &format!("machine=intel-delta&pattern=exchange&size={bytes}&f=nominal"),
                    "time_us",
                )?,
                _ => (nominal.links(links, s)?.time(s), String::new()),
            };
            rows.push(
                Point {
                    series: format!("L = {links}"),
                    label: format!("L = {links}, S = {s_text}"),
                    x: s,
                    printed: cell(times[column], s_text, TESTJIG_T_CELLS[column]),
                    paper_model_printed: None,
                }
                .row(meta.id, model, query)?,
            );
        }
    }
    Ok(meta.with(rows))
}

fn delta_testjig_f() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "delta-testjig-f",
        title: "DELTA f(L) from the testjig",
        source: "004 Table 1",
        note: "The f(L) = dT(L)/dT(1) that 004 Table 1 derives from its testjig times over \
               S = 60…120, 120…300 and 300…600 doubles (each printed on the interval's first \
               row), against the nominal NBL model f(L) = L, which 004 recommends for \
               unimplemented algorithms (the NBL model's f-set, so no query). As 004 says, long messages are almost perfectly NBL \
               constrained while shorter ones overlap. The first f(6) is a misprint: the T \
               columns give 230/65 = 3.54, printed 3.8.",
        x_label: "block size S (first of the interval)",
        x_unit: "doubles",
        y_label: "f(L)",
        y_unit: "",
        categorical: false,
    };
    let mut rows = Vec::new();
    for (column, links) in TESTJIG_LINKS.into_iter().skip(1).enumerate() {
        for (i, TestjigPrinted { s: s_text, f, .. }) in TESTJIG_TABLE.into_iter().enumerate() {
            let Some(f) = f else { continue };
            let next = TESTJIG_TABLE.get(i + 1).map_or("", |r| r.s);
            let s = value(meta.id, &cell(s_text, s_text, 0))?;
            let model = FSet::Nominal.overlap(s).f(links)?;
            rows.push(
                Point {
                    series: format!("f({links})"),
                    label: format!("f({links}), S = {s_text}…{next}"),
                    x: s,
                    printed: cell(f[column], s_text, TESTJIG_F_CELLS[column]),
                    paper_model_printed: None,
                }
                .row(meta.id, model, String::new())?,
            );
        }
    }
    Ok(meta.with(rows))
}

// ---- 000 §3.3: the SP2's b(7) and b(14) -------------------------------------------------------

fn sp2_pairs_b() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "sp2-pairs-b",
        title: "SP2 disjoint pairs, time per byte",
        source: "000 §3.3",
        note: "b(n), the time per byte of a message when n disjoint pairs of SP2 nodes send at \
               once (000 eq. 8), measured with messages up to 0.5 MB: 7 pairs within one frame, \
               each on its own channel, and 14 pairs across two frames sharing the 8 channels \
               between them. Model: the hyperbolic reduction with b_l = 0.029 µs/B. b(7) is \
               the measurement b_l was taken from, so it agrees by construction; b(14) = \
               7b_l/4 is a prediction. 000 derives b_l = 0.028 from b(14), then writes \
               \"b_l = 0.29\", a typo for 0.029.",
        x_label: "pairs sending at once",
        x_unit: "",
        y_label: "b(n), time per byte",
        y_unit: "µs/B",
        categorical: false,
    };
    // 000 §3.3, the two measurements of b(n) in the text.
    let points = [
        (
            7.0,
            "one frame",
            "machine=ibm-sp2&pattern=pairs&p=14&algo=one-frame",
            phrase(
                "0.029",
                r"b(7) = \max\{b_p, 7b_c\} = \max\{b_p, b_l\} = 0.029",
            ),
        ),
        (
            14.0,
            "two frames",
            "machine=ibm-sp2&pattern=pairs&p=28&algo=two-frames",
            phrase("0.049", "b(14) = 0.049"),
        ),
    ];
    points
        .into_iter()
        .map(|(n, frames, query, printed)| {
            let (model, query) = metric(query, "b_us_per_byte")?;
            Point {
                series: frames.to_string(),
                label: format!("b({n}), {frames}"),
                x: n,
                printed,
                paper_model_printed: None,
            }
            .row(meta.id, model, query)
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|rows| meta.with(rows))
}

// ---- 001 Tables 1 and 2: the Paragon's BSP and BPRAM parameters by machine size --------------

/// 001 Table 1 as printed: network configuration, p, g (µs) and L (µs).
const PARAGON_TABLE_1: [(&str, &str, &str, &str); 5] = [
    ("4×2", "8", "6.50", "3.1×10^3"),
    ("4×4", "16", "7.18", "4.3×10^3"),
    ("8×4", "32", "8.03", "6.9×10^3"),
    ("6×6", "36", "8.10", "7.4×10^3"),
    ("8×8", "64", "8.55", "17.0×10^3"),
];

/// 001 Table 2 as printed: network configuration, p, σ (µs per byte) and ℓ (µs).
const PARAGON_TABLE_2: [(&str, &str, &str, &str); 6] = [
    ("4×2", "8", "2.18×10^{-2}", "1.0×10^3"),
    ("4×4", "16", "2.30×10^{-2}", "1.2×10^3"),
    ("8×4", "32", "2.60×10^{-2}", "1.3×10^3"),
    ("6×6", "36", "2.60×10^{-2}", "1.2×10^3"),
    ("8×8", "64", "3.73×10^{-2}", "1.3×10^3"),
    ("10×10", "100", "5.20×10^{-2}", "1.3×10^3"),
];

/// The cells of 001 Tables 1–2: configuration, p, rate (g or σ), latency (L or ℓ).
const PARAGON_RATE_CELL: usize = 2;
const PARAGON_LATENCY_CELL: usize = 3;

/// 001 §3: writing a message into the output queue and reading it from the input queue costs
/// "about 5.9µs per message" on a 4×2 configuration (Fig. 4's variable overhead).
pub const PARAGON_BUFFERING_US: f64 = 5.9;
/// 001 §3: "Sending the messages through the net takes only about 0.5µs each."
pub const PARAGON_NETWORK_US: f64 = 0.5;

/// A Paragon table row's p, checked against the catalog's row at the same index.
fn paragon_p(set: &str, printed: &'static str, rows: &[SizeRow], i: usize) -> Result<u32, Error> {
    let p = value(set, &cell(printed, printed, 1))?;
    match rows.get(i) {
        Some(r) if f64::from(r.p) == p => Ok(r.p),
        _ => Err(Error::invalid(
            "set",
            set,
            format!("row {i} of the catalog's table to have p = {printed}"),
        )),
    }
}

/// Leave-one-out: each interior row's latency (L or ℓ) predicted from its two neighbours in
/// the catalog.
fn leave_one_out(
    meta: Meta,
    model: Model,
    table: &[(&'static str, &'static str, &'static str, &'static str)],
) -> Result<DataSet, Error> {
    let rows = by_size("intel-paragon", model)?;
    let mut out = Vec::new();
    for i in 1..table.len().saturating_sub(1) {
        let (config, p_text, _, latency) = table[i];
        let p = paragon_p(meta.id, p_text, rows, i)?;
        let neighbours = [rows[i - 1], rows[i + 1]];
        let (_, predicted) = interpolate_by_size(&neighbours, p).ok_or_else(|| {
            Error::invalid("p", p, "a machine size between two rows of the table")
        })?;
        out.push(
            Point {
                series: String::new(),
                label: format!(
                    "p = {p} ({config}), from p = {} and {}",
                    neighbours[0].p, neighbours[1].p
                ),
                x: f64::from(p),
                printed: cell(latency, config, PARAGON_LATENCY_CELL),
                paper_model_printed: None,
            }
            .row(meta.id, predicted, String::new())?,
        );
    }
    Ok(meta.with(out))
}

fn paragon_bsp_g() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "paragon-bsp-g",
        title: "Paragon BSP g by machine size",
        source: "001 Table 1",
        note: "g of 001's BSP library over NX (µs per one-word message), fitted to full \
               h-relations at each machine size, against what 001's breakdown of the 4×2 \
               configuration (§3, Fig. 4) says a message costs: about 5.9 µs to buffer it and \
               0.5 µs to send it through the net, 6.4 µs (pattern=h-relation with g set to \
               that). It holds on 4×2; the measured g grows slowly with p, so by 8×8 the \
               prediction is a quarter below it.",
        x_label: "processors",
        x_unit: "",
        y_label: "g",
        y_unit: "µs/word",
        categorical: false,
    };
    let rows = by_size("intel-paragon", Model::Bsp)?;
    let g = PARAGON_BUFFERING_US + PARAGON_NETWORK_US;
    PARAGON_TABLE_1
        .iter()
        .enumerate()
        .map(|(i, &(config, p_text, rate, _))| {
            let p = paragon_p(meta.id, p_text, rows, i)?;
            let (model, query) = metric(
                &format!("machine=intel-paragon&pattern=h-relation&p={p}&g={g}"),
                "g_us_per_word",
            )?;
            Point {
                series: String::new(),
                label: format!("p = {p} ({config})"),
                x: f64::from(p),
                printed: cell(rate, config, PARAGON_RATE_CELL),
                paper_model_printed: None,
            }
            .row(meta.id, model, query)
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|rows| meta.with(rows))
}

fn paragon_bsp_l() -> Result<DataSet, Error> {
    leave_one_out(
        Meta {
            id: "paragon-bsp-l",
            title: "Paragon BSP L, interpolated",
            source: "001 Table 1",
            note: "L of 001's BSP library at each interior machine size, predicted by leaving \
                   that row out and interpolating linearly in p between its neighbours — what \
                   commcalc does for a p the table lacks (from the catalog, so no query). It \
                   says how far to trust an interpolated L: L includes p − 1 start-ups and grows \
                   roughly linearly with p (001 §3), but jumps between 6×6 and 8×8.",
            x_label: "processors",
            x_unit: "",
            y_label: "L",
            y_unit: "µs",
            categorical: false,
        },
        Model::Bsp,
        &PARAGON_TABLE_1,
    )
}

fn paragon_bpram_sigma() -> Result<DataSet, Error> {
    let meta = Meta {
        id: "paragon-bpram-sigma",
        title: "Paragon BPRAM σ by machine size",
        source: "001 Table 2",
        note: "σ of 001's BPRAM library over NX (µs per byte of a full block permutation), \
               fitted at each machine size, against the bound 001 draws from eq. 2: a \
               processor that sends and receives at once moves a byte in t_b = 22.6 ns \
               (pattern=exchange, 1/r∞). 001 says the bound \"nearly matches\" σ on 4×2 — \
               where σ, 21.8 ns, is in fact 3.5% below it — and that σ grows slowly with p, \
               faster beyond 6×6, as bisection bandwidth starts to tell.",
        x_label: "processors",
        x_unit: "",
        y_label: "σ",
        y_unit: "µs/B",
        categorical: false,
    };
    let rows = by_size("intel-paragon", Model::Bpram)?;
    let (r_inf, query) = metric("machine=intel-paragon&pattern=exchange", "r_inf_MBps")?;
    PARAGON_TABLE_2
        .iter()
        .enumerate()
        .map(|(i, &(config, p_text, rate, _))| {
            let p = paragon_p(meta.id, p_text, rows, i)?;
            Point {
                series: String::new(),
                label: format!("p = {p} ({config})"),
                x: f64::from(p),
                printed: cell(rate, config, PARAGON_RATE_CELL),
                paper_model_printed: None,
            }
            .row(meta.id, 1.0 / r_inf, query.clone())
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|rows| meta.with(rows))
}

fn paragon_bpram_ell() -> Result<DataSet, Error> {
    leave_one_out(
        Meta {
            id: "paragon-bpram-ell",
            title: "Paragon BPRAM ℓ, interpolated",
            source: "001 Table 2",
            note: "ℓ of 001's BPRAM library at each interior machine size, predicted by leaving \
                   that row out and interpolating linearly in p between its neighbours — what \
                   commcalc does for a p the table lacks (from the catalog, so no query). ℓ \
                   stays almost constant (001 §3: the start-ups per step grow very slowly with \
                   p), so the interpolation errs by the scatter of the fits, under 10%.",
            x_label: "processors",
            x_unit: "",
            y_label: "ℓ",
            y_unit: "µs",
            categorical: false,
        },
        Model::Bpram,
        &PARAGON_TABLE_2,
    )
}

// ---- A run of your own against the machine fitted to it ---------------------------------------

/// The id of [`fitted_set`]: a word no paper's set has, so `set=fitted` names it in an address.
pub const FITTED_ID: &str = "fitted";

/// The fit of `report` for `model` (the Hockney, piecewise or hyperbolic fit, the models a fit
/// gives a machine): its quality, its machine's query and what it is.
fn fit_of(report: &FitReport, model: Model) -> Result<(&Quality, &str, &'static str), Error> {
    match (model, &report.fits.hyperbolic) {
        (Model::Hockney, _) => Ok((
            &report.fits.hockney.quality,
            &report.fits.hockney.query,
            "Hockney fit, T = a + b·m",
        )),
        (Model::Piecewise, _) => Ok((
            &report.fits.piecewise.quality,
            &report.fits.piecewise.query,
            "piecewise fit, T = a_k + b_k·m in each protocol range",
        )),
        (Model::Hyperbolic, Some(y)) => Ok((&y.quality, &y.query, "hyperbolic fit (000 eq. 2)")),
        _ => Err(Error::invalid(
            "model",
            model.id(),
            "hockney, piecewise or hyperbolic, the models a fit gives (and a hyperbolic fit for hyperbolic)",
        )),
    }
}

/// The points a machine was fitted to (`report`), as a data set against that machine (its
/// `model`): each point's error is the fit's own residual, so the numbers are those `commcalc
/// fit --json` prints, and the model value is the one that residual comes from. `name` is
/// what the page calls the machine; each row opens the fitted machine at its size.
pub fn fitted_set(report: &FitReport, model: Model, name: &str) -> Result<DataSet, Error> {
    let (quality, query, what) = fit_of(report, model)?;
    let measured: Vec<f64> = report
        .series
        .iter()
        .find(|s| s.name == report.fitted_series)
        .map(|s| s.points.iter().map(|p| p[1]).filter(|t| *t > 0.0).collect())
        .unwrap_or_default();
    if measured.len() != quality.residuals.len() {
        return Err(Error::invalid(
            "set",
            FITTED_ID,
            "a residual for each point of the fitted series (a fit bug)",
        ));
    }
    let rows: Vec<Row> = quality
        .residuals
        .iter()
        .zip(measured)
        .map(|(&[m, r], t)| Row {
            series: String::new(),
            label: si(m, "B"),
            x: m,
            measured: t,
            paper_model: None,
            model: t * (1.0 + r),
            rel_error: r,
            query: Scenario::from_query(&format!("{query}&size={m}"))
                .map(|s| s.to_query())
                .unwrap_or_default(),
            printed: None,
            paper_model_printed: None,
        })
        .collect();
    Ok(DataSet {
        id: FITTED_ID,
        title: "Your run against the machine fitted to it",
        source: "your benchmark run",
        note: format!(
            "The {} points that {name} was fitted to ({}), against its {what} in relative least \
             squares (rms error {}, max {}): each error is the fit's residual, (model − \
             measured)/measured.",
            rows.len(),
            report.fitted_series,
            percent(100.0 * quality.rms_rel_err),
            percent(100.0 * quality.max_rel_err)
        ),
        x_label: "message size",
        x_unit: "B",
        y_label: "time",
        y_unit: "µs",
        categorical: false,
        origin: Origin::Run,
        summary: Summary::of(&rows),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::{fit, parse};

    fn report(file: &str) -> FitReport {
        let path = format!(
            "{}/../../tests/data/measurements/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read(path).unwrap();
        fit::fit(parse(&text, None).unwrap()).unwrap()
    }

    /// Each listed id builds the set of that id (the list and the builders' own ids agree), in
    /// the listed order, and an unlisted id is refused with the list.
    #[test]
    fn every_id_builds_its_own_set() {
        let sets = data_sets().unwrap();
        let built: Vec<&str> = sets.iter().map(|s| s.id).collect();
        assert_eq!(built, ids());
        let refused = data_set("nope").unwrap_err().to_string();
        assert!(
            refused.contains("one of atm-separate, atm-multicast"),
            "{refused}"
        );
    }

    /// The rows are the fit's residuals, and the query of each row computes the model value
    /// with the fitted machine's (rounded) parameters.
    #[test]
    fn a_fitted_set_holds_the_fits_residuals() {
        let r = report("alaska-ib-imb2019_pingpong.txt");
        assert!(!ids().contains(&FITTED_ID));
        let s = fitted_set(&r, Model::Hockney, "mine").unwrap();
        let q = &r.fits.hockney.quality;
        assert_eq!(s.rows.len(), q.residuals.len());
        assert_eq!((s.id, s.origin), (FITTED_ID, Origin::Run));
        for (row, res) in s.rows.iter().zip(&q.residuals) {
            assert_eq!([row.x, row.rel_error], *res);
            assert!((row.model - (row.measured * (1.0 + res[1]))).abs() < 1e-12);
            assert!(row.printed.is_none());
        }
        let last = s.rows.last().unwrap();
        assert_eq!((last.x, last.measured), (4194304.0, 672.03));
        let (value, _) = metric(&last.query, "time_us").unwrap();
        assert!(
            (value - last.model).abs() / last.model < 1e-4,
            "{value} {}",
            last.model
        );
        assert!((s.summary.max_abs_rel_error - q.max_rel_err).abs() < 1e-15);
        assert!(
            s.note.contains("mine") && s.note.contains("Hockney"),
            "{}",
            s.note
        );
        let y = fitted_set(&r, Model::Hyperbolic, "mine").unwrap();
        let hyperbolic = &r.fits.hyperbolic.as_ref().unwrap().quality;
        assert_eq!(y.rows[3].rel_error, hyperbolic.residuals[3][1]);
        let err = fitted_set(&r, Model::Bsp, "mine").unwrap_err().to_string();
        assert!(err.contains("hockney, piecewise or hyperbolic"), "{err}");
    }

    /// Kept points fit again to the same machine; a point out of order is refused.
    #[test]
    fn kept_points_refit_to_the_same_machine() {
        let r = report("csd3-roce-osu_latency.txt");
        let points: Vec<[f64; 2]> = r.series[0]
            .points
            .iter()
            .copied()
            .filter(|p| p[1] > 0.0)
            .collect();
        let again = fit::refit("kept", &points).unwrap();
        assert_eq!(again.query, r.query);
        assert_eq!(again.fits.hockney, r.fits.hockney);
        let mut bad = points.clone();
        bad.swap(1, 2);
        let err = fit::refit("kept", &bad).unwrap_err().to_string();
        assert!(err.contains("kept point 3"), "{err}");
        assert!(fit::refit("kept", &[[1.0, f64::NAN], [2.0, 1.0]]).is_err());
    }
}
