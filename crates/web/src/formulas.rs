//! The formula behind each metric, as MathML with the numbers filled in: a presentation table
//! keyed by pattern, model and metric. Each formula is an expression over the report's
//! parameters, inputs and metrics, rendered twice (in symbols, then with the values) and
//! followed by the metric the core computed; nothing is evaluated here. An optimum found by
//! search is written as the argmin it is, with the numbers filled in; 004's f(L) values come
//! from the core's f-sets (`FSet::overlap`), so they are the model's own.

use commcalc_core::catalog::{Machine, ParamSet};
use commcalc_core::models::atm::{exact_link_unit_time, PAPER_LINK_UNIT_TIME};
use commcalc_core::models::nbl::FSet;
use commcalc_core::models::Model;
use commcalc_core::patterns::{PatternDef, Value};
use commcalc_core::units::{metric, si, ELEMENT_BYTES};
use commcalc_core::Report;

use crate::math::{self, chain, frac, join, num, op, paren, qty, row, sym, text, times, M};
use crate::slider::{plain, round_sig};

/// A metric's formula: MathML and the paper it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    pub mathml: String,
    pub source: String,
}

/// What a formula may refer to: the scenario's machine, pattern and model, and its report.
pub struct Ctx<'a> {
    pub machine: &'a Machine,
    pub pattern: &'a PatternDef,
    pub model: Model,
    pub report: &'a Report,
}

/// An expression over the report's values.
#[derive(Clone, Debug)]
pub enum E {
    /// A parameter the report used, by name.
    P(&'static str),
    /// An input or the curve's abscissa: symbol, value, unit.
    V(&'static str, f64, &'static str),
    /// A metric of the report, with the symbol it is written with.
    Metric(&'static str, &'static str),
    /// A constant.
    K(f64),
    /// A constant with a unit (8 B per element, 4 B per word).
    KU(f64, &'static str),
    /// A quantity the report does not carry, written as a symbol only.
    Opaque(&'static str),
    Add(Vec<E>),
    Sub(Box<E>, Box<E>),
    Mul(Vec<E>),
    Div(Box<E>, Box<E>),
    Max(Vec<E>),
    Min(Vec<E>),
    Sqrt(Box<E>),
    Square(Box<E>),
    Ceil(Box<E>),
    Log2(Box<E>),
    /// The whole n ≥ 1 that minimises an expression in n (an exact optimum found by search):
    /// rendered, never evaluated.
    ArgMin(&'static str, Box<E>),
    /// A note in words before an expression (`x where x/T(x) = r∞/2`).
    Note(&'static str, Box<E>),
}

use E::*;

fn sub(a: E, b: E) -> E {
    Sub(Box::new(a), Box::new(b))
}
fn div(a: E, b: E) -> E {
    Div(Box::new(a), Box::new(b))
}

/// How tightly an expression binds, to decide where parentheses go.
fn precedence(e: &E) -> u8 {
    match e {
        Add(_) | Sub(..) => 1,
        Mul(_) => 2,
        Div(..) => 4,
        _ => 5,
    }
}

/// Symbols for parameters whose catalog symbol is a sum or is shared within a set.
fn fallback_symbol(name: &'static str) -> &'static str {
    match name {
        "alpha" => "α",
        "beta" => "β",
        "alpha_x" => "α_x",
        "beta_x" => "β_x",
        "a_rt" => "a_rt",
        "a_pc" => "a_pc",
        "g_one" => "g_1",
        "g_total" => "g_te",
        "sigma" => "σ",
        "ell" => "ℓ",
        "a_put" => "a′",
        "b_put" => "b′",
        "packet" => "p",
        other => other,
    }
}

/// Significant digits for parameter values: as many as the papers print.
fn short(v: f64) -> String {
    plain(round_sig(v, 4))
}

/// A metric's display text split into number and unit (`12.7 kB` → `12.7`, `kB`).
fn metric_qty(key: &str, v: f64) -> M {
    let shown = metric(key, v);
    match shown.split_once(' ') {
        Some((n, u)) => qty(n, u),
        None => num(&shown),
    }
}

/// Whether a rendering shows symbols or values.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Symbols,
    Values,
}

impl Ctx<'_> {
    fn set(&self) -> Option<&'static ParamSet> {
        self.machine.set(self.model)
    }

    fn param(&self, name: &str) -> Option<f64> {
        self.report
            .parameters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    fn has(&self, name: &str) -> bool {
        self.param(name).is_some()
    }

    fn metric(&self, key: &str) -> Option<f64> {
        self.report.metric(key)
    }

    fn input(&self, key: &str) -> Option<f64> {
        self.report.inputs.iter().find_map(|(k, v)| match v {
            Value::Number(x) if *k == key => Some(*x),
            _ => None,
        })
    }

    fn input_text(&self, key: &str) -> Option<&str> {
        self.report.inputs.iter().find_map(|(k, v)| match v {
            Value::Text(t) if *k == key => Some(t.as_str()),
            _ => None,
        })
    }

    /// The symbol of a parameter: the catalog's where it is a plain symbol unique in its set.
    fn symbol(&self, name: &'static str) -> &'static str {
        let Some(set) = self.set() else {
            return fallback_symbol(name);
        };
        let catalog = set.param(name).map(|p| p.symbol).unwrap_or("");
        let plain_symbol = !catalog.is_empty()
            && !catalog.contains([' ', '+', '·'])
            && !catalog.starts_with(|c: char| c.is_ascii_digit());
        let unique = set.params.iter().filter(|p| p.symbol == catalog).count() == 1;
        if plain_symbol && unique {
            catalog
        } else {
            fallback_symbol(name)
        }
    }

    fn unit(&self, name: &str) -> &'static str {
        self.set()
            .and_then(|s| s.param(name))
            .map(|p| p.unit)
            .unwrap_or("")
    }

    fn render(&self, e: &E, mode: Mode) -> M {
        let child = |c: &E, min_prec: u8| {
            let m = self.render(c, mode);
            if precedence(c) < min_prec {
                paren(m)
            } else {
                m
            }
        };
        match e {
            P(name) => match mode {
                Mode::Symbols => sym(self.symbol(name)),
                Mode::Values => match self.param(name) {
                    Some(v) => qty(&short(v), self.unit(name)),
                    None => sym(self.symbol(name)),
                },
            },
            V(s, v, unit) => match mode {
                Mode::Symbols => sym(s),
                Mode::Values if unit.is_empty() => num(&short(*v)),
                Mode::Values => value_qty(*v, unit),
            },
            Metric(key, s) => match (mode, self.metric(key)) {
                (Mode::Values, Some(v)) => metric_qty(key, v),
                _ => sym(s),
            },
            K(k) => num(&short(*k)),
            KU(k, unit) => qty(&short(*k), unit),
            Opaque(s) => sym(s),
            Add(items) => join(items.iter().map(|c| child(c, 1)), "+"),
            Sub(a, b) => row([child(a, 1), op("−"), child(b, 2)]),
            Mul(items) => {
                // Numbers and symbols read best side by side (2α, 2(p − 1)); values need a dot.
                let bare = mode == Mode::Symbols
                    && items.iter().skip(1).all(|c| {
                        matches!(c, P(_) | V(..) | Metric(..) | Opaque(_) | Add(_) | Sub(..))
                    })
                    && matches!(items.first(), Some(K(_)));
                let parts = items.iter().map(|c| child(c, 2));
                if bare {
                    row(parts)
                } else {
                    times(parts)
                }
            }
            Div(a, b) => frac(self.render(a, mode), self.render(b, mode)),
            Max(items) => function("max", items.iter().map(|c| self.render(c, mode))),
            Min(items) => function("min", items.iter().map(|c| self.render(c, mode))),
            Sqrt(a) => math::sqrt(self.render(a, mode)),
            Square(a) => M(format!("<msup>{}<mn>2</mn></msup>", child(a, 5).0)),
            Ceil(a) => row([op("⌈"), self.render(a, mode), op("⌉")]),
            Log2(a) => row([
                M("<msub><mi>log</mi><mn>2</mn></msub>".into()),
                op("\u{2061}"),
                child(a, 5),
            ]),
            ArgMin(var, a) => row([
                M(format!(
                    "<munder><mi>argmin</mi><mrow>{var}</mrow></munder>"
                )),
                op("\u{2061}"),
                paren(self.render(a, mode)),
            ]),
            Note(note, a) => row([text(note), child(a, 5)]),
        }
    }

    /// `lhs = expression = values = result`.
    fn equation(&self, lhs: M, e: &E, key: &str) -> String {
        let symbols = self.render(e, Mode::Symbols);
        let values = self.render(e, Mode::Values);
        let mut items = vec![lhs];
        if symbols != values {
            items.push(symbols);
        }
        items.push(values);
        items.push(self.result(key));
        chain(items)
    }

    fn result(&self, key: &str) -> M {
        match self.report.metrics.get(key) {
            Some(Value::Number(v)) => metric_qty(key, *v),
            Some(Value::Text(t)) => text(t),
            None => text("—"),
        }
    }

    /// `lhs = described thing = result`, for what the papers define by a search or a long
    /// timeline.
    fn cited(&self, lhs: M, what: &str, key: &str) -> String {
        chain([lhs, text(what), self.result(key)])
    }
}

fn function(name: &str, args: impl IntoIterator<Item = M>) -> M {
    row([
        M(format!("<mi>{name}</mi>")),
        op("("),
        join(args, ","),
        op(")"),
    ])
}

fn value_qty(v: f64, unit: &str) -> M {
    let shown = match unit {
        "B" | "µs" | "µs/B" | "MB/s" => si(v, unit),
        _ => format!("{} {unit}", short(v)),
    };
    match shown.split_once(' ') {
        Some((n, u)) => qty(n, u),
        None => num(&shown),
    }
}

/// The network of 000's graphs a hyperbolic machine has (000 §3.1–3.4).
#[derive(Clone, Copy, PartialEq)]
enum Network {
    Bus,
    Switch,
    Mesh,
}

fn network(machine: &Machine) -> Network {
    match machine.id {
        "ibm-sp2" => Network::Switch,
        "intel-paragon" => Network::Mesh,
        _ => Network::Bus,
    }
}

/// A condition on a row of [`TABLE`].
#[derive(Clone, Copy)]
enum When {
    /// The report used this parameter.
    Has(&'static str),
    /// The machine's network in 000's graphs.
    Net(Network),
    /// The algorithm is (or is not) this one.
    Algo(&'static str),
    NotAlgo(&'static str),
    /// 002's continuous optimum is one message of all the data (x ≤ b₂/a₁, §3.9): the core
    /// reports a chunk as large as the data.
    OneMessage,
    /// The all-to-all's chunk is larger than the data, so each end sends it whole.
    WholeChunk,
    NotWholeChunk,
    /// The continuous optimal chunk is eq. 5's √(b₂x/a₁) (t₂ the slower stage, x > b₂/a₁).
    Eq5,
    /// The report is a collective's in the α-β-γ model (it carries α), not a paper's own
    /// pattern under the same id.
    Collective,
    /// p is a power of two, where the α-β-γ costs have their simplest forms.
    Pow2,
}

/// One row of the presentation table: a metric of some patterns and models, under some
/// conditions, with the symbol it is written with, its formula in the language of [`parse`]
/// (or, where `expr` is empty, what the paper does instead) and its source. The first row
/// that matches a report's metric is its formula.
struct Def {
    key: &'static str,
    /// Pattern ids separated by `|`, or `*`.
    patterns: &'static str,
    /// Model ids separated by `|`, or `*`.
    models: &'static str,
    when: &'static [When],
    lhs: &'static str,
    expr: &'static str,
    cite: &'static str,
    source: &'static str,
}

/// A row with a formula.
const fn f(
    key: &'static str,
    patterns: &'static str,
    models: &'static str,
    when: &'static [When],
    lhs: &'static str,
    expr: &'static str,
    source: &'static str,
) -> Def {
    Def {
        key,
        patterns,
        models,
        when,
        lhs,
        expr,
        cite: "",
        source,
    }
}

/// A row that cites what the paper does instead of a formula.
const fn c(
    key: &'static str,
    patterns: &'static str,
    models: &'static str,
    when: &'static [When],
    lhs: &'static str,
    cite: &'static str,
    source: &'static str,
) -> Def {
    Def {
        key,
        patterns,
        models,
        when,
        lhs,
        expr: "",
        cite,
        source,
    }
}

use When::*;

const HYPERBOLA: &str = "sq(@a_us:a)/(@a_us:a + @b_us_per_byte:b*%x) + @b_us_per_byte:b*%x";

/// The presentation table. Symbols follow the papers; the formulas are checked against the
/// core's metrics by the tests below.
#[rustfmt::skip]
static TABLE: &[Def] = &[
    // Collectives in the α-β-γ model (Thakur, Rabenseifner and Gropp 2005, cited TRG; Chan et
    // al. 2007): these rows come first and hold only for a collective's report.
    c("time_us", "*", "*", &[Collective], "T", "the chosen algorithm's time (for best, the least of them)", "TRG §4"),
    c("alpha_us", "*", "*", &[Collective], "α", "the model's small-message latency of one message", "derived from the machine's model: commcalc machines"),
    c("beta_us_per_byte", "*", "*", &[Collective], "β", "the model's time per byte of long messages", "derived from the machine's model: commcalc machines"),
    c("gamma_us_per_byte", "*", "*", &[Collective], "γ", "the reduction's compute per byte", "004 §7.2 (c₂/8); 002 Table 6 (1/(8·rate)); else 0 or the user's"),
    f("binomial_us", "broadcast", "*", &[Collective], "T", "ceil(log2(%p))*(@alpha_us:alpha + @beta_us_per_byte:beta*%n)", "TRG §4.2"),
    f("scatter_rd_allgather_us", "broadcast", "*", &[Collective, Pow2], "T", "2*log2(%p)*@alpha_us:alpha + 2*%n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.2"),
    c("scatter_rd_allgather_us", "broadcast", "*", &[Collective], "T", "(⌈lg p⌉ + 2⌊lg p⌋)α + 2n(p − 1)/p·β: the allgather takes up to 2⌊lg p⌋ steps", "TRG §4.1–4.2"),
    f("scatter_ring_allgather_us", "broadcast", "*", &[Collective], "T", "(ceil(log2(%p)) + %p - 1)*@alpha_us:alpha + 2*%n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.2"),
    f("pipelined_chain_us", "broadcast", "*", &[Collective], "T", "(%p - 2 + @opt_segments:kstar)*(@alpha_us:alpha + @opt_segment_bytes:sstar*@beta_us_per_byte:beta)", "Chan et al. 2007 §5: k* whole segments of ⌈n/k*⌉ bytes"),
    f("opt_time_us", "broadcast", "*", &[Collective], "T", "(%p - 2 + @opt_segments:kstar)*(@alpha_us:alpha + @opt_segment_bytes:sstar*@beta_us_per_byte:beta)", "Chan et al. 2007 §5"),
    c("opt_segments", "broadcast", "*", &[Collective], "k*", "the whole k minimising (p − 2 + k)(α + ⌈n/k⌉β), searched outward from √((p − 2)nβ/α)", "Chan et al. 2007 §5"),
    c("opt_segment_bytes", "broadcast", "*", &[Collective], "s*", "⌈n/k*⌉ for the exact optimal segment count k*", "Chan et al. 2007 §5"),
    c("closed_form_segment_bytes", "broadcast", "*", &[Collective], "s", "√(nα/((p − 2)β)), within 1…n", "Chan et al. 2007 §5"),
    c("closed_form_time_us", "broadcast", "*", &[Collective], "T", "(p − 2 + ⌈n/s⌉)(α + sβ) at the closed form's segment rounded to whole bytes", "Chan et al. 2007 §5"),
    c("loggp_binomial_us", "broadcast", "*", &[Collective], "T", "the binomial tree under LogGP: each rank's hops of L + 2o + (n − 1)G and waits of max(g, o + (n − 1)G)", "Alexandrov et al. 1995"),
    c("loggp_p2p_us", "broadcast", "*", &[Collective], "T", "L + 2o + (n − 1)G", "Alexandrov et al. 1995"),
    c("multicast_us", "broadcast", "*", &[Collective], "T", "one Latency_sndrcv whatever p is", "002 §3.10"),
    f("ring_us", "allgather", "*", &[Collective], "T", "(%p - 1)*@alpha_us:alpha + %n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.1"),
    f("recursive_doubling_us", "allgather", "*", &[Collective, Pow2], "T", "log2(%p)*@alpha_us:alpha + %n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.1"),
    c("recursive_doubling_us", "allgather", "*", &[Collective], "T", "2⌊lg p⌋α + n(p − 1)/p·β: up to 2⌊lg p⌋ steps when p is not a power of two", "TRG §4.1"),
    f("bruck_us", "allgather", "*", &[Collective], "T", "ceil(log2(%p))*@alpha_us:alpha + %n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.1"),
    f("nway_ring_us", "allgather", "*", &[Collective], "T", "2*(%p - 1)*($alpha + $beta*%n/%p)", "003 §N-way Broadcast: blocks of n/p bytes on simplex links"),
    f("recursive_halving_us", "reduce-scatter", "*", &[Collective, Pow2], "T", "log2(%p)*@alpha_us:alpha + %n*(%p - 1)/%p*(@beta_us_per_byte:beta + @gamma_us_per_byte:gamma)", "TRG §4.4"),
    c("recursive_halving_us", "reduce-scatter", "*", &[Collective], "T", "a fold into p′ = 2^⌊lg p⌋ (α + n(β + γ)), halving on p′, the results sent back (α + nβ/p)", "TRG §4.4–4.5"),
    f("pairwise_us", "reduce-scatter", "*", &[Collective], "T", "(%p - 1)*@alpha_us:alpha + %n*(%p - 1)/%p*(@beta_us_per_byte:beta + @gamma_us_per_byte:gamma)", "TRG §4.4"),
    f("recursive_doubling_us", "allreduce", "*", &[Collective, Pow2], "T", "log2(%p)*(@alpha_us:alpha + %n*@beta_us_per_byte:beta + %n*@gamma_us_per_byte:gamma)", "TRG §4.5"),
    c("recursive_doubling_us", "allreduce", "*", &[Collective], "T", "a fold into p′ = 2^⌊lg p⌋ (α + nβ + nγ), ⌊lg p⌋ doubling steps, the result sent back (α + nβ)", "TRG §4.5"),
    f("rabenseifner_us", "allreduce|reduce", "*", &[Collective, Pow2], "T", "2*log2(%p)*@alpha_us:alpha + 2*%n*(%p - 1)/%p*@beta_us_per_byte:beta + %n*(%p - 1)/%p*@gamma_us_per_byte:gamma", "TRG §4.3, §4.5"),
    c("rabenseifner_us", "allreduce|reduce", "*", &[Collective], "T", "a fold into p′ = 2^⌊lg p⌋, reduce-scatter and allgather (gather) on p′", "TRG §4.3, §4.5"),
    f("ring_us", "allreduce", "*", &[Collective], "T", "2*(%p - 1)*@alpha_us:alpha + 2*%n*(%p - 1)/%p*@beta_us_per_byte:beta + %n*(%p - 1)/%p*@gamma_us_per_byte:gamma", "Chan et al. 2007; TRG §4.5"),
    c("tree_us", "allreduce", "*", &[Collective], "T_tree", "Tree's timeline on the near-square mesh of p nodes, n/8 elements", "004 Appendix 7.1"),
    c("snake_us", "allreduce", "*", &[Collective], "T_snake", "Snake's timeline at its exact optimal block on the near-square mesh of p nodes", "004 Appendix 7.1"),
    c("fence_us", "allreduce", "*", &[Collective], "T_fence", "Fence's timeline at its exact optimal block on the near-square mesh of p nodes", "004 Appendix 7.1"),
    f("binomial_us", "reduce", "*", &[Collective], "T", "ceil(log2(%p))*(@alpha_us:alpha + %n*@beta_us_per_byte:beta + %n*@gamma_us_per_byte:gamma)", "TRG §4.3"),
    f("bruck_us", "all-to-all", "*", &[Collective, Pow2], "T", "log2(%p)*@alpha_us:alpha + %n/2*log2(%p)*@beta_us_per_byte:beta", "TRG §4.6"),
    c("bruck_us", "all-to-all", "*", &[Collective], "T", "⌈lg p⌉α + β·(n/p)·(the blocks whose index has bit k set, summed over the steps k)", "TRG §4.6"),
    f("pairwise_us", "all-to-all", "*", &[Collective], "T", "(%p - 1)*@alpha_us:alpha + %n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.6"),
    c("separate_us", "all-to-all", "*", &[Collective], "T", "002's total exchange by separate addressing with n/p bytes per connection", "002 §3.9"),
    c("multicast_us", "all-to-all", "*", &[Collective], "T", "002's total exchange by multicast with n/p bytes per connection", "002 §3.11"),
    c("total_exchange_us", "all-to-all", "*", &[Collective], "T", "the paper's total exchange with n/p bytes per pair", "000 eq. 4; 002 Table 8"),
    f("binomial_us", "gather|scatter", "*", &[Collective], "T", "ceil(log2(%p))*@alpha_us:alpha + %n*(%p - 1)/%p*@beta_us_per_byte:beta", "TRG §4.7"),
    f("dissemination_us", "barrier", "*", &[Collective], "T", "ceil(log2(%p))*@alpha_us:alpha", "TRG §4.8"),
    c("total_exchange_us", "barrier", "*", &[Collective], "l", "002 eq. 28 with a 100-byte message", "002 eq. 28"),
    c("broadcast_us", "barrier", "*", &[Collective], "l", "002 eq. 29 with a 100-byte message", "002 eq. 29"),
    c("measured_us", "barrier", "*", &[Collective], "l", "the measured barrier cost", "002 Tables 9–10; 001 Table 1"),
    // The time at the query's size.
    f("time_us", "pingpong", "hockney", &[], "T", "$alpha + $beta*%n", "003 eq. 1; 001 eq. 1"),
    f("time_us", "roundtrip", "hockney", &[], "T", "2*($alpha + $beta*%n)", "003 Fig. 3: a message and its reply"),
    f("time_us", "exchange", "hockney", &[Has("alpha_x")], "T", "$alpha_x + $beta_x*%n", "001 eq. 2; 003 §Send-and-Reply and Exchange"),
    f("time_us", "exchange", "hockney", &[], "T", "2*($alpha + $beta*%n)", "003: simplex links, so the two transfers do not overlap"),
    f("time_us", "ring-broadcast", "hockney", &[], "T", "2*(%p - 1)*($alpha + $beta*%n)", "003 §N-way Broadcast: 2(p − 1) single-link times on simplex links"),
    f("time_us", "broadcast", "hockney", &[], "T", "ceil(log2(%p))*($alpha + $beta*%n)", "003 Fig. 6: a binomial tree of ⌈log₂ p⌉ steps"),
    f("time_us", "permutation", "*", &[], "T", "$sigma*%m + $ell", "001 §1, Table 2: σ·m + ℓ"),
    f("time_us", "roundtrip", "packetized", &[], "T", "2*($a*ceil(%x/$packet) + $m*%x)", "000 eq. 1, twice"),
    f("time_us", "*", "packetized", &[], "T", "$a*ceil(%x/$packet) + $m*%x", "000 eq. 1"),
    f("time_us", "*", "hyperbolic", &[], "T", HYPERBOLA, "000 eq. 2 with the reduced block (a, b)"),
    f("time_us", "pingpong", "nbl", &[], "T", "$alpha + %f1*$beta*%x/8B", "004 §2: T(L) = Lα + f(L)βS, S = x/8 elements, L = 1"),
    f("time_us", "roundtrip", "nbl", &[], "T", "2*($alpha + %f1*$beta*%x/8B)", "004 §2: T(L) = Lα + f(L)βS, S = x/8 elements, L = 1, twice"),
    f("time_us", "exchange", "nbl", &[], "T", "2*$alpha + %f2*$beta*%x/8B", "004 §2: T(L) = Lα + f(L)βS, S = x/8 elements, L = 2"),
    f("time_us", "pingpong|broadcast", "atm-pipeline", &[], "T",
        "2*($a1*@opt_message_bytes:mstar + $b1 + $a2*@opt_message_bytes:mstar + $b2 + (ceil(%x/@opt_message_bytes:mstar) - 1)*max($a1*@opt_message_bytes:mstar + $b1, $a2*@opt_message_bytes:mstar + $b2))",
        "002 eq. 1–3 and 7: both ends pay the protocol latency; m* the exact optimal chunk"),
    f("time_us", "roundtrip", "atm-pipeline", &[], "T",
        "4*($a1*@opt_message_bytes:mstar + $b1 + $a2*@opt_message_bytes:mstar + $b2 + (ceil(%x/@opt_message_bytes:mstar) - 1)*max($a1*@opt_message_bytes:mstar + $b1, $a2*@opt_message_bytes:mstar + $b2))",
        "002 eq. 1–3 and 7, twice; m* the exact optimal chunk"),
    f("time_us", "all-to-all", "atm-pipeline", &[NotAlgo("multicast"), NotWholeChunk], "T",
        "2*(%p - 1)*($a1*@opt_message_bytes:m + $b1 + $a2*@opt_message_bytes:m + $b2 + (ceil(%D/@opt_message_bytes:m) - 1)*max($a1*@opt_message_bytes:m + $b1, $a2*@opt_message_bytes:m + $b2))",
        "002 §3.9: 2(p − 1) protocol latencies per end point (eq. 1)"),
    f("time_us", "all-to-all", "atm-pipeline", &[NotAlgo("multicast"), WholeChunk], "T",
        "2*(%p - 1)*($a1*%D + $b1 + $a2*%D + $b2)",
        "002 §3.9: 2(p − 1) protocol latencies per end point, one message each"),
    f("time_us", "all-to-all", "atm-pipeline", &[NotWholeChunk], "T",
        "%p*($a1*@opt_message_bytes:m + $b1 + $a2*@opt_message_bytes:m + $b2 + (ceil(%D/@opt_message_bytes:m) - 1)*max($a1*@opt_message_bytes:m + $b1, $a2*@opt_message_bytes:m + $b2))",
        "002 §3.11: p protocol latencies per end point (eq. 1)"),
    f("time_us", "all-to-all", "atm-pipeline", &[], "T", "%p*($a1*%D + $b1 + $a2*%D + $b2)",
        "002 §3.11: p protocol latencies per end point, one message each"),
    f("time_us", "all-to-all", "bsp", &[], "T", "$G*(%p - 1)*%x/4B + $l", "001 §1; 002 Table 8: one superstep, h = (p − 1)·x/4 words"),
    f("time_us", "h-relation", "bsp", &[], "T", "$G*%x/4B + $l", "001 §1; 002 §2.4: g·h + L, h = x/4 words"),
    f("time_us", "h-relation", "atm-pipeline", &[], "T", "@g_us_per_byte:g*%x + @l_us:l", "002 §4: a superstep g·x + l with g and l from the model"),
    f("time_us", "barrier", "bsp", &[], "T", "$l", "002 Tables 9–10; 001 Table 1"),
    f("time_us", "barrier", "atm-pipeline", &[Algo("broadcast")], "T", BARRIER_BROADCAST, "002 eq. 29 (R_VC: the multicast VC unit time, eq. 21)"),
    f("time_us", "barrier", "atm-pipeline", &[], "T", BARRIER_EXCHANGE, "002 eq. 28 (T_VC: the separate-addressing VC unit time, eq. 17)"),
    f("time_us", "pipelined-send", "*", &[], "T", PIPELINE_SIZE, "002 eq. 1–3: ⌈x/m⌉ messages of m bytes (m* the exact optimum unless a size is given)"),
    f("time_us", "global-combine", "*", &[Algo("tree")], "T", "@tree_us:T_tree", "004 Appendix 7.1: Tree's timeline for N = x/8 elements"),
    f("time_us", "global-combine", "*", &[Algo("snake")], "T", "@snake_us:T_snake", "004 Appendix 7.1: Snake's timeline at its exact optimal block"),
    f("time_us", "global-combine", "*", &[Algo("fence")], "T", "@fence_us:T_fence", "004 Appendix 7.1: Fence's timeline at its exact optimal block"),
    f("time_us", "global-combine", "*", &[], "T", "min(@tree_us:T_tree, @snake_us:T_snake, @fence_us:T_fence)", "004 Appendix 7.1, §3.2: the fastest at their optimal blocks"),
    // 003's synthetic traffic: simulated, so each metric is what the simulation measures.
    c("time_us", "traffic", "*", &[], "T", "the simulated completion time at mean length x", "003 Fig. 7"),
    c("completion_us", "traffic", "*", &[], "T_c", "when the last message arrives, mean over the replications", "003 §Experimental Results"),
    c("completion_ci95_us", "traffic", "*", &[], "±", "t_{0.975, R−1}·s/√R over R replications", "003 §Experimental Results: 95 % intervals"),
    c("latency_mean_us", "traffic", "*", &[], "W", "mean time from a message's generation to its delivery", "simulated, t_l + N·t_c per hop (003 eq. 1)"),
    c("latency_p50_us", "traffic", "*", &[], "W_50", "the median latency (nearest rank)", "simulated"),
    c("latency_p99_us", "traffic", "*", &[], "W_99", "the 99th percentile of the latencies (nearest rank)", "simulated"),
    c("hops_mean", "traffic", "*", &[], "h", "mean e-cube distance of the messages", "003 §Spatial Locality"),
    c("link_util_max", "traffic", "*", &[], "ρ_max", "busy time of the busiest link over the completion time", "simulated"),
    c("queue_max", "traffic", "*", &[], "q_max", "most messages waiting for one link", "simulated"),
    c("delivered", "traffic", "*", &[], "n_d", "messages delivered, all replications", "simulated"),
    c("generated", "traffic", "*", &[], "n_g", "messages generated, all replications", "simulated"),
    c("run_length_mean", "traffic", "*", &[], "r", "mean run of consecutive messages to one destination", "003 Fig. 9"),
    c("events", "traffic", "*", &[], "E", "events simulated, all replications", "simulated"),
    c("events_per_s", "traffic", "*", &[], "E/s", "events simulated per second of wall-clock time", "measured"),
    c("reps", "traffic", "*", &[], "R", "replications with independent seeds", "003 §Experimental Results"),
    c("time_us", "*", "*", &[], "T", "the pattern's cost at x", "the pattern's cost function"),
    f("bandwidth_MBps", "*", "*", &[], "r", "%x/@time_us:T", "r = x/T(x)"),
    // Asymptotic bandwidth.
    f("r_inf_MBps", "pingpong", "hockney", &[], "r_∞", "1/$beta", "r∞ = 1/β (001 §2; 003)"),
    f("r_inf_MBps", "roundtrip", "hockney", &[], "r_∞", "1/(2*$beta)", "two transfers per round trip"),
    f("r_inf_MBps", "exchange", "hockney", &[Has("beta_x")], "r_∞", "1/$beta_x", "001 eq. 2"),
    f("r_inf_MBps", "exchange", "hockney", &[], "r_∞", "1/(2*$beta)", "003: two transfers"),
    f("r_inf_MBps", "permutation", "*", &[], "r_∞", "1/$sigma", "001 Table 2"),
    f("r_inf_MBps", "*", "hyperbolic|packetized", &[], "r_∞", "1/@b_us_per_byte:b", "000 eq. 2: r∞ = 1/b"),
    f("r_inf_MBps", "pingpong", "nbl", &[], "r_∞", "8B/(%f1*$beta)", "004 §2: 8 bytes per element"),
    f("r_inf_MBps", "roundtrip", "nbl", &[], "r_∞", "8B/(2*%f1*$beta)", "004 §2: 8 bytes per element"),
    f("r_inf_MBps", "exchange", "nbl", &[], "r_∞", "8B/(%f2*$beta)", "004 §2: 8 bytes per element"),
    f("r_inf_MBps", "pingpong|broadcast", "atm-pipeline", &[], "r_∞", "1/(2*max($a1, $a2))", "002 eq. 7: the slower stage sees every byte, at both ends"),
    f("r_inf_MBps", "roundtrip", "atm-pipeline", &[], "r_∞", "1/(4*max($a1, $a2))", "002 eq. 7, twice: the slower stage sees every byte"),
    f("r_inf_MBps", "all-to-all", "bsp", &[], "r_∞", "4B/($G*(%p - 1))", "each node sends (p − 1)·x bytes at g per 4-byte word"),
    // Half-performance length.
    f("n_half_bytes", "exchange", "hockney", &[Has("alpha_x")], "n_½", "$alpha_x/$beta_x", "001 §2: n½ = α/β"),
    f("n_half_bytes", "*", "hockney", &[], "n_½", "$alpha/$beta", "001 §2, 003: n½ = α/β"),
    f("n_half_bytes", "permutation", "*", &[], "n_½", "$ell/$sigma", "n½ = ℓ/σ"),
    f("n_half_bytes", "*", "hyperbolic|packetized", &[], "n_½", "(sqrt(5) - 1)/2*(@a_us:a/@b_us_per_byte:b)", "from 000 eq. 2"),
    f("n_half_bytes", "exchange", "nbl", &[], "n_½", "2*$alpha/(%f2*$beta/8B)", "004 §2 with Hockney's n½ = α/β"),
    f("n_half_bytes", "*", "nbl", &[], "n_½", "$alpha/(%f1*$beta/8B)", "004 §2 with Hockney's n½ = α/β"),
    f("n_half_bytes", "*", "atm-pipeline", &[], "n_½", "\"x where x/T(x) = \"(@r_inf_MBps:r_inf/2)", "002 eq. 7: found by bisection"),
    // The reduced block (a, b) of 000's graphs (Rules 1–3), by pattern and network.
    f("a_us", "roundtrip", "packetized", &[], "a", "2*$a", "000 eq. 2, twice"),
    f("b_us_per_byte", "roundtrip", "packetized", &[], "b", "2*($a/$packet + $m)", "000 eq. 2: b = a/p + m, twice"),
    f("a_us", "*", "packetized", &[], "a", "$a", "000 eq. 2"),
    f("b_us_per_byte", "*", "packetized", &[], "b", "$a/$packet + $m", "000 eq. 2: b = a/p + m"),
    f("a_us", "pingpong", "hyperbolic", &[Net(Network::Bus)], "a", "2*$a_w + $a_c", "000 eq. 3: node, medium, node in series (Rule 1)"),
    f("b_us_per_byte", "pingpong", "hyperbolic", &[Net(Network::Bus)], "b", "max($b_w, $b_c)", "000 eq. 3: the slowest block (Rule 1)"),
    f("a_us", "pingpong", "hyperbolic", &[Net(Network::Switch)], "a", "$a_rt", "000 eq. 8 at n = 1 (Rule 1)"),
    f("b_us_per_byte", "pingpong", "hyperbolic", &[Net(Network::Switch)], "b", "max($b_p, $b_l)", "000 eq. 8 at n = 1 (Rule 1)"),
    f("a_us", "pingpong", "hyperbolic", &[Net(Network::Mesh)], "a", "2*$a_pc", "000 eq. 12 at n = 1: node, router, router, node"),
    f("b_us_per_byte", "pingpong", "hyperbolic", &[Net(Network::Mesh)], "b", "max($b_p, $b_c)", "000 eq. 12 at n = 1 (Rule 1)"),
    f("a_us", "roundtrip", "hyperbolic", &[Net(Network::Bus)], "a", "2*(2*$a_w + $a_c)", "000 eq. 3, twice"),
    f("b_us_per_byte", "roundtrip", "hyperbolic", &[Net(Network::Bus)], "b", "2*max($b_w, $b_c)", "000 eq. 3, twice"),
    f("a_us", "roundtrip", "hyperbolic", &[Net(Network::Switch)], "a", "2*$a_rt", "000 eq. 8 at n = 1, twice"),
    f("b_us_per_byte", "roundtrip", "hyperbolic", &[Net(Network::Switch)], "b", "2*max($b_p, $b_l)", "000 eq. 8 at n = 1, twice"),
    f("a_us", "roundtrip", "hyperbolic", &[Net(Network::Mesh)], "a", "2*(2*$a_pc)", "000 eq. 12 at n = 1, twice"),
    f("b_us_per_byte", "roundtrip", "hyperbolic", &[Net(Network::Mesh)], "b", "2*max($b_p, $b_c)", "000 eq. 12 at n = 1, twice"),
    f("a_us", "exchange", "hyperbolic", &[Net(Network::Bus)], "a", "2*(2*$a_w + $a_c)", "Rule 3: every block carries two messages"),
    f("b_us_per_byte", "exchange", "hyperbolic", &[Net(Network::Bus)], "b", "2*max($b_w, $b_c)", "Rule 3: every block carries two messages"),
    f("a_us", "exchange", "hyperbolic", &[Net(Network::Switch)], "a", "2*$a_rt", "Rule 3; each direction has its own channel"),
    f("b_us_per_byte", "exchange", "hyperbolic", &[Net(Network::Switch)], "b", "max(2*$b_p, $b_l)", "Rule 3; each direction has its own channel"),
    f("a_us", "exchange", "hyperbolic", &[Net(Network::Mesh)], "a", "4*$a_pc", "Rule 3: every block carries two messages"),
    f("b_us_per_byte", "exchange", "hyperbolic", &[Net(Network::Mesh)], "b", "2*max($b_p, $b_c)", "Rule 3: every block carries two messages"),
    f("a_us", "all-to-all", "hyperbolic", &[Net(Network::Bus)], "a", "4*(%p - 1)*$a_w + %p*(%p - 1)*$a_c", "000 eq. 4: nodes carry 2(p − 1) messages, the medium p(p − 1)"),
    f("b_us_per_byte", "all-to-all", "hyperbolic", &[Net(Network::Bus)], "b", "max(2*(%p - 1)*$b_w, %p*(%p - 1)*$b_c)", "000 eq. 4: nodes carry 2(p − 1) messages, the medium p(p − 1)"),
    f("a_us", "pairs", "hyperbolic", &[Net(Network::Switch)], "a", "$a_rt + (%p/2 - 1)*$a_c", "000 eq. 8: p/2 pairs share the switch (Rule 3)"),
    f("b_us_per_byte", "pairs", "hyperbolic", &[Net(Network::Switch), Algo("two-frames")], "b", "max($b_p, (%p/2)*$b_l/min(%p/2, $channels))", "000 eq. 8: p/2 messages over the channels between frames (Rules 2–3)"),
    f("b_us_per_byte", "pairs", "hyperbolic", &[Net(Network::Switch)], "b", "max($b_p, (%p/2)*$b_l/(%p/2))", "000 eq. 8: p/2 messages, one channel each (Rules 2–3)"),
    f("a_us", "pairs", "hyperbolic", &[Net(Network::Mesh)], "a", "2*($a_pc - $a_c) + 2*(%p/2)*$a_c", "000 eq. 12: the middle routers carry all p/2 messages"),
    f("b_us_per_byte", "pairs", "hyperbolic", &[Net(Network::Mesh)], "b", "max($b_p, (%p/2)*$b_c)", "000 eq. 12: the middle routers carry all p/2 messages"),
    f("a_us", "multigrid", "hyperbolic", &[Net(Network::Bus)], "a", "2*%w*$a_w + (%p - 1)*$a_c", "000 §4.2: the bus carries p − 1 planes; w = 2 where nodes send and receive"),
    f("b_us_per_byte", "multigrid", "hyperbolic", &[Net(Network::Bus)], "b", "max(%w*$b_w, (%p - 1)*$b_c)", "000 §4.2: the bus carries p − 1 planes; w = 2 where nodes send and receive"),
    f("a_us", "multigrid", "hyperbolic", &[Net(Network::Switch)], "a", "%w*($a_rt - $a_c) + $a_c", "000 §4.2: one dedicated channel per transfer"),
    f("b_us_per_byte", "multigrid", "hyperbolic", &[Net(Network::Switch)], "b", "max(%w*$b_p, $b_l)", "000 §4.2: one dedicated channel per transfer"),
    f("a_us", "multigrid", "hyperbolic", &[Net(Network::Mesh)], "a", "2*%w*($a_pc - $a_c) + %w*$a_c", "000 §4.2: each router carries the planes of both directions"),
    f("b_us_per_byte", "multigrid", "hyperbolic", &[Net(Network::Mesh)], "b", "%w*max($b_p, $b_c)", "000 §4.2: each router carries the planes of both directions"),
    c("a_us", "*", "*", &[], "a", "the reduced block of the pattern's graph", "000 Rules 1–3"),
    c("b_us_per_byte", "*", "*", &[], "b", "the reduced block of the pattern's graph", "000 Rules 1–3"),
    // BSP's g and l: measured (001 Table 1, 002 Tables 7–10) or from 002's model (§4).
    f("g_us_per_word", "*", "bsp", &[Has("g")], "g", "$G", "001 Table 1, the row for p"),
    f("g_us_per_word", "*", "bsp", &[Has("g_total")], "g", "$G", "002 Table 8 (Hill, total exchange)"),
    f("g_us_per_word", "*", "bsp", &[], "g", "$G", "002 Table 7 (Hill, 1-relation)"),
    f("g_us_per_byte", "*", "bsp", &[], "g_B", "$G/4B", "4 bytes per word (002 §4.3)"),
    f("l_us", "*", "bsp", &[Has("g")], "L", "$l", "001 Table 1, the row for p"),
    f("l_us", "*", "bsp", &[], "L", "$l", "002 Tables 9–10 (Hill)"),
    f("g_us_per_byte", "*", "atm-pipeline", &[], "g", "2*($a_put*%xd + %k*$b_put + 'Latency_protocol(x)')/%xd", "002 eq. 22–23: copies at both ends and the protocol latency, per byte"),
    f("g_us_per_word", "*", "atm-pipeline", &[], "g", "4B*@g_us_per_byte:g_B", "002 §4.3: 4 bytes per word"),
    f("g_flops_per_word", "*", "*", &[], "g", "@g_us_per_word:g*$rate", "002 Table 6: g times the clock rate"),
    f("g_inf_us_per_word", "*", "*", &[], "g_∞", "4B*2*($a_put + max($a1, $a2))", "002 eq. 23 as x → ∞"),
    f("l_us", "barrier", "atm-pipeline", &[Algo("broadcast")], "l", BARRIER_BROADCAST, "002 eq. 29 (R_VC: the multicast VC unit time, eq. 21)"),
    f("l_us", "barrier", "atm-pipeline", &[], "l", BARRIER_EXCHANGE, "002 eq. 28 (T_VC: the separate-addressing VC unit time, eq. 17)"),
    f("l_us", "*", "atm-pipeline", &[], "l", "$b_put + 2*(%p - 1)*($a1*100B + $b1 + $a2*100B + $b2) + 100B*max(%p - 1, sq(%p)/(4*sqrt($switches)))*%link", "002 eq. 28 with a 100-byte message (T_VC: eq. 17)"),
    f("l_flops", "*", "*", &[], "l", "@l_us:l*$rate", "002 Table 6: l times the clock rate"),
    // 002's pipeline: the VC, the optimal chunk and the protocol's unit time.
    f("max_data_bytes", "pipelined-send", "*", &[], "x_max",
        "sq((sqrt($a1*$b2) + sqrt($a1*$b2 + $b1*(%link - $a2)))/(%link - $a2))",
        "002 eq. 14–16: where UnitTime_protocol(x) = UnitTime_link (one VC has the whole link)"),
    f("max_data_bytes", "*", "*", &[], "x_max",
        "sq((sqrt($a1*$b2) + sqrt($a1*$b2 + $b1*(@vc_unit_time_us_per_byte:T_VC - $a2)))/(@vc_unit_time_us_per_byte:T_VC - $a2))",
        "002 eq. 14–16: where UnitTime_protocol(x) = T_VC"),
    f("vc_unit_time_us_per_byte", "all-to-all", "*", &[Algo("multicast")], "T_VC", "max(1, $hosts - 1, $hosts/2)*%link", "002 eq. 18–21: the multicast VCs' share of the bisection, √N switches wide"),
    f("vc_unit_time_us_per_byte", "all-to-all", "*", &[], "T_VC", "max($hosts - 1, sq($hosts)/(4*sqrt($switches)))*%link", "002 eq. 10–17: the VCs crossing a bisection √N switches wide"),
    f("vc_unit_time_us_per_byte", "h-relation", "*", &[Algo("total-exchange")], "T_VC", "max(%p - 1, sq(%p)/(4*sqrt($switches)))*%link", "002 eq. 10–17: the VCs crossing a bisection √N switches wide"),
    f("vc_unit_time_us_per_byte", "h-relation", "*", &[], "T_VC", "max(1, %p/(2*sqrt($switches)))*%link", "002 §4.3: the 1-relation's share of a link"),
    f("vc_unit_time_us_per_byte", "*", "*", &[], "T_VC", "%link", "002 §3.5–3.6: one VC has the whole link"),
    f("opt_message_bytes", "h-relation", "*", &[OneMessage], "m*", "%xd", "002 §3.9: one message while x ≤ b₂/a₁"),
    f("opt_message_bytes", "h-relation", "*", &[Eq5], "m*", "sqrt($b2*%xd/$a1)", "002 eq. 5: the continuous optimum of eq. 1"),
    f("opt_message_bytes", "h-relation", "*", &[], "m*", CONTINUOUS_CHUNK, "002 §3.6: the continuous optimum of eq. 1, n real (here not at eq. 5's stationary point)"),
    f("opt_message_bytes", "*", "*", &[], "m*", EXACT_CHUNK, "002 §3.6, eq. 1–5: the whole number of messages n minimising eq. 1, each of ⌈x/n⌉ bytes"),
    f("opt_time_us", "*", "*", &[], "T*", PIPELINE_OPT, "002 eq. 1 at the exact optimum m*"),
    f("closed_form_message_bytes", "*", "*", &[OneMessage], "m", "%xd", "002 §3.9: one message while x ≤ b₂/a₁"),
    f("closed_form_message_bytes", "*", "*", &[], "m", "sqrt($b2*%xd/$a1)", "002 eq. 5"),
    f("closed_form_time_us", "*", "*", &[OneMessage], "T", "$a1*%xd + $b1 + $a2*%xd + $b2", "002 eq. 1 with one message"),
    f("closed_form_time_us", "*", "*", &[], "T", "2*sqrt($a1*$b2*%xd) + $a2*%xd + $b1", "002 eq. 6"),
    f("unit_time_us_per_byte", "*", "*", &[], "UnitTime", "(2*sqrt($a1*$b2*%xd) + $a2*%xd + $b1)/%xd", "002 eq. 10"),
    f("message_latency_us", "pipelined-send", "*", &[], "t", "$a1*%ms + $b1 + $a2*%ms + $b2", "002 §3.9: t₁(m) + t₂(m), one message"),
    f("message_latency_us", "*", "*", &[], "t", "$a1*min(@opt_message_bytes:mstar, %xd) + $b1 + $a2*min(@opt_message_bytes:mstar, %xd) + $b2", "002 §3.9: t₁(m) + t₂(m), one message"),
    // 004's global combining: optima found by search, timelines of its appendix.
    f("tree_us", "*", "*", &[], "T_tree", "%levels*(2*$alpha + (2*%tf1*$beta + $c2)*%N)", "004 Appendix 7.1: ℓ_tree = ⌈log₂ W⌉ + ⌈log₂ H⌉ levels up and down"),
    f("snake_us", "*", "*", &[], "T_snake", "(4*%P - 12)*$alpha + ((%P - 2)*($c2 + 2*$beta*%sf2) + 2*$beta*%sf1 + 2*$beta*%sf3 - 3*$beta*%sf4)*@snake_block_elems:Sstar + ceil(%N/@snake_block_elems:Sstar)*(4*$alpha + (%sf4*$beta + $c2)*@snake_block_elems:Sstar)", "004 Appendix 7.1: Snake's timeline summed, T(S) = A + C·S + ⌈N/S⌉(D + E·S), at its exact optimal block"),
    f("fence_us", "*", "*", &[], "T_fence", "(4*%H + 6*%W - 24)*$alpha + (%H*($c2 + 2*$beta*%ff2) + %W*($c3 + 2*$beta*%ff3) - 3*$c3 + $beta*(2*%ff1 - 2*%ff2 - 4*%ff3 + 2*%ff4 - 3*%ff6))*@fence_block_elems:Sstar + ceil(%N/@fence_block_elems:Sstar)*(6*$alpha + (%ff6*$beta + $c3)*@fence_block_elems:Sstar)", "004 Appendix 7.1: Fence's timeline summed, T(S) = A + C·S + ⌈N/S⌉(D + E·S), at its exact optimal block"),
    f("snake_block_elems", "*", "*", &[], "S*_snake", "argminS((4*%P - 12)*$alpha + ((%P - 2)*($c2 + 2*$beta*%sf2) + 2*$beta*%sf1 + 2*$beta*%sf3 - 3*$beta*%sf4)*'S' + ceil(%N/'S')*(4*$alpha + (%sf4*$beta + $c2)*'S'))", "004 Appendix 7.1: the whole S minimising T(S), B = ⌈N/S⌉ ≥ 3"),
    f("fence_block_elems", "*", "*", &[], "S*_fence", "argminS((4*%H + 6*%W - 24)*$alpha + (%H*($c2 + 2*$beta*%ff2) + %W*($c3 + 2*$beta*%ff3) - 3*$c3 + $beta*(2*%ff1 - 2*%ff2 - 4*%ff3 + 2*%ff4 - 3*%ff6))*'S' + ceil(%N/'S')*(6*$alpha + (%ff6*$beta + $c3)*'S'))", "004 Appendix 7.1: the whole S minimising T(S), B = ⌈N/S⌉ ≥ 3"),
    f("snake_block_closed_form_elems", "*", "*", &[], "S_snake",
        "sqrt(4*%N*$alpha/((%P - 2)*($c2 + 2*$beta*%sf2) + 2*$beta*%sf1 + 2*$beta*%sf3 - 3*$beta*%sf4))",
        "from 004 Appendix 7.1 (f(L) at the optimal block)"),
    f("fence_block_closed_form_elems", "*", "*", &[], "S_fence",
        "sqrt(6*%N*$alpha/(%H*($c2 + 2*$beta*%ff2) + %W*($c3 + 2*$beta*%ff3) - 3*$c3 + $beta*(2*%ff1 - 2*%ff2 - 4*%ff3 + 2*%ff4 - 3*%ff6)))",
        "004 Appendix eq. (1): dT/dS = 0 (f(L) at the optimal block)"),
    f("snake_asymptotic_us_per_elem", "*", "*", &[], "t_snake", "%lf4*$beta + $c2", "004 §4.2: T(N)/N as N → ∞, the per-block row"),
    f("fence_asymptotic_us_per_elem", "*", "*", &[], "t_fence", "%lf6*$beta + $c3", "004 §4.2: T(N)/N as N → ∞, the per-block row"),
    c("fastest", "*", "*", &[], "fastest", "the algorithm of least time", "004 §3.2"),
];

/// 002 eq. 1: x bytes in ⌈x/m⌉ messages of m bytes (the query's size, or m*).
const PIPELINE_SIZE: &str =
    "$a1*%ms + $b1 + $a2*%ms + $b2 + (ceil(%x/%ms) - 1)*max($a1*%ms + $b1, $a2*%ms + $b2)";
/// 002 eq. 1 at the exact optimal chunk m*.
const PIPELINE_OPT: &str = "$a1*@opt_message_bytes:mstar + $b1 + $a2*@opt_message_bytes:mstar + $b2 + (ceil(%xd/@opt_message_bytes:mstar) - 1)*max($a1*@opt_message_bytes:mstar + $b1, $a2*@opt_message_bytes:mstar + $b2)";
/// The continuous optimal chunk where eq. 5 does not give it: the real n minimising eq. 1.
const CONTINUOUS_CHUNK: &str = "%xd/argminR($a1*%xd/'n' + $b1 + $a2*%xd/'n' + $b2 + ('n' - 1)*max($a1*%xd/'n' + $b1, $a2*%xd/'n' + $b2))";
/// The exact optimal chunk: the whole n minimising eq. 1 with chunks of ⌈x/n⌉ bytes.
const EXACT_CHUNK: &str = "ceil(%xd/argmin($a1*ceil(%xd/'n') + $b1 + $a2*ceil(%xd/'n') + $b2 + ('n' - 1)*max($a1*ceil(%xd/'n') + $b1, $a2*ceil(%xd/'n') + $b2)))";

/// 002 eq. 28 and 29 for a barrier with an m-byte synchronisation message.
const BARRIER_EXCHANGE: &str = "$b_put + 2*(%p - 1)*($a1*%m + $b1 + $a2*%m + $b2) + %m*max(%p - 1, sq(%p)/(4*sqrt($switches)))*%link";
const BARRIER_BROADCAST: &str = "$b_put + %p*($a1*%p*%m + $b1 + $a2*%p*%m + $b2) + %p*%m*'R_VC'";

impl Def {
    fn matches(&self, c: &Ctx) -> bool {
        let any = |list: &str, id: &str| list == "*" || list.split('|').any(|x| x == id);
        any(self.patterns, c.pattern.id)
            && any(self.models, c.model.id())
            && self.when.iter().all(|w| w.holds(c))
    }
}

impl When {
    fn holds(self, c: &Ctx) -> bool {
        let algo = c.input_text("algo");
        let data = c.input("data").unwrap_or(c.report.at_bytes);
        let whole = c.metric("opt_message_bytes").is_some_and(|m| m > data);
        match self {
            Has(name) => c.has(name),
            Net(n) => network(c.machine) == n,
            Algo(a) => algo == Some(a),
            NotAlgo(a) => algo != Some(a),
            OneMessage => c
                .metric("closed_form_message_bytes")
                .zip(c.input("data"))
                .is_some_and(|(m, x)| m >= x),
            WholeChunk => whole,
            Eq5 => {
                let eq5 = c
                    .param("b2")
                    .zip(c.param("a1"))
                    .map(|(b2, a1)| (b2 * data / a1).sqrt());
                eq5.zip(c.metric("opt_message_bytes"))
                    .is_some_and(|(e, m)| (e - m).abs() <= 1e-9 * m.abs())
            }
            NotWholeChunk => !whole,
            Collective => c.metric("alpha_us").is_some(),
            Pow2 => c
                .input("p")
                .is_some_and(|p| p >= 1.0 && (p as u64).is_power_of_two()),
        }
    }
}

fn definition(c: &Ctx, key: &str) -> Option<&'static Def> {
    let def = TABLE.iter().find(|d| d.key == key && d.matches(c))?;
    // A collective's time is its algorithm's (for `best`, the fastest's): where the time row
    // only cites that, the algorithm's own row is the formula.
    if key == "time_us" && def.expr.is_empty() {
        if let Some(d) = algorithm_time_key(c).and_then(|k| definition(c, k)) {
            return Some(d);
        }
    }
    Some(def)
}

/// The formula of one metric of a report, if this table has one.
pub fn formula(c: &Ctx, key: &str) -> Option<Formula> {
    let def = definition(c, key)?;
    let lhs = sym(def.lhs);
    let mathml = if def.expr.is_empty() {
        c.cited(lhs, def.cite, key)
    } else {
        c.equation(lhs, &parse(c, def.expr), key)
    };
    Some(Formula {
        mathml,
        source: def.source.to_string(),
    })
}

/// The metrics whose formulas say how a pattern is costed under a model: the time at the
/// query's size and, where the model reduces the pattern's graph to one block (000 Rules 1–3),
/// that block's latency a and time per byte b.
const DERIVATION: [&str; 3] = ["time_us", "a_us", "b_us_per_byte"];

/// The formulas of [`DERIVATION`] that the report has, in symbols only (`T = α + β·n`), one
/// `<math>` each: what the explain panel shows for the pattern. They are the rows the results
/// table fills in with numbers, chosen by the scenario's pattern, model and inputs, so the panel
/// cannot show another model's formula than the one the report was computed by.
///
/// Where the time is cited rather than written out (a simulated time, an algorithm without a
/// closed form here), the citation is shown.
pub fn derivation(c: &Ctx) -> Vec<String> {
    DERIVATION
        .iter()
        .filter(|key| c.report.metrics.contains_key(**key))
        .filter_map(|key| {
            let def = definition(c, key)?;
            if def.expr.is_empty() && *key != "time_us" {
                return None;
            }
            Some(if def.expr.is_empty() {
                chain([sym(def.lhs), text(def.cite)])
            } else {
                chain([sym(def.lhs), c.render(&parse(c, def.expr), Mode::Symbols)])
            })
        })
        .collect()
}

/// The metric key of the time of the algorithm a report was computed with: the one it chose
/// (`algo=`) or, for `best`, the fastest.
fn algorithm_time_key(c: &Ctx) -> Option<&'static str> {
    let text = |v: Option<&Value>| match v {
        Some(Value::Text(t)) => Some(t.clone()),
        _ => None,
    };
    let chosen = text(
        c.report
            .inputs
            .iter()
            .find(|(k, _)| *k == "algo")
            .map(|(_, v)| v),
    )
    .filter(|a| a != "best")
    .or_else(|| text(c.report.metrics.get("fastest")))?;
    let key = commcalc_core::patterns::collective::time_key(&chosen);
    (key != "time_us").then_some(key)
}

/// The expression of a formula, for tests that check it against the core's metric.
#[cfg(test)]
fn expression(c: &Ctx, key: &str) -> Option<E> {
    let def = definition(c, key)?;
    (!def.expr.is_empty()).then(|| parse(c, def.expr))
}

/// Parses a formula. `$name` is a parameter (`$G` the BSP g the report used), `@key:sym` a
/// metric written as `sym`, `%x` `%n` `%m` the query's abscissa, `%p` `%k` `%w` inputs, `%D`
/// and `%xd` the data size, `%ms` the message size; `8B` a constant with a unit, `'f(1)'` a
/// symbol the report does not carry; `+ - * /`, parentheses and `max min sqrt sq ceil log2`.
/// The formulas are constants of this file: a mistake shows as `?`, which the tests reject.
fn parse(c: &Ctx, src: &'static str) -> E {
    let mut p = Parser {
        c,
        s: src.as_bytes(),
        src,
        i: 0,
    };
    let e = p.sum();
    if p.peek().is_some() {
        return Opaque("?");
    }
    e
}

struct Parser<'a, 'c> {
    c: &'a Ctx<'c>,
    s: &'static [u8],
    src: &'static str,
    i: usize,
}

impl Parser<'_, '_> {
    fn peek(&mut self) -> Option<u8> {
        while self.s.get(self.i) == Some(&b' ') {
            self.i += 1;
        }
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let found = self.peek() == Some(b);
        if found {
            self.i += 1;
        }
        found
    }

    /// A run of characters that may make up a name: letters, digits and `_`.
    fn word(&mut self) -> &str {
        let start = self.i;
        while let Some(&b) = self.s.get(self.i) {
            if b.is_ascii_alphanumeric() || b == b'_' {
                self.i += 1;
            } else {
                break;
            }
        }
        &self.src[start..self.i]
    }

    fn sum(&mut self) -> E {
        let mut terms = vec![self.product()];
        loop {
            if self.eat(b'+') {
                terms.push(self.product());
            } else if self.eat(b'-') {
                let left = if terms.len() == 1 {
                    terms.remove(0)
                } else {
                    Add(std::mem::take(&mut terms))
                };
                terms = vec![sub(left, self.product())];
            } else {
                break;
            }
        }
        if terms.len() == 1 {
            terms.remove(0)
        } else {
            Add(terms)
        }
    }

    fn product(&mut self) -> E {
        let mut factors = vec![self.atom()];
        loop {
            if self.eat(b'*') {
                factors.push(self.atom());
            } else if self.eat(b'/') {
                let num = if factors.len() == 1 {
                    factors.remove(0)
                } else {
                    Mul(std::mem::take(&mut factors))
                };
                factors = vec![div(num, self.atom())];
            } else {
                break;
            }
        }
        if factors.len() == 1 {
            factors.remove(0)
        } else {
            Mul(factors)
        }
    }

    fn atom(&mut self) -> E {
        let c = self.c;
        match self.peek() {
            Some(b'(') => {
                self.i += 1;
                let e = self.sum();
                if self.eat(b')') {
                    e
                } else {
                    Opaque("?")
                }
            }
            Some(b'$') => {
                self.i += 1;
                match self.word() {
                    "G" => P(c.bsp_g()),
                    name => c.param_name(name).map_or(Opaque("?"), P),
                }
            }
            Some(b'@') => {
                self.i += 1;
                let key = self.word().to_string();
                let symbol = if self.eat(b':') { self.word() } else { "" };
                let symbol = static_symbol(symbol);
                match c.report.metrics.get_key_value(key.as_str()) {
                    Some((key, _)) => Metric(key, symbol),
                    None => Opaque(symbol),
                }
            }
            Some(b'%') => {
                self.i += 1;
                let name = self.word().to_string();
                c.var(&name)
            }
            Some(b'"') => {
                self.i += 1;
                let start = self.i;
                while self.s.get(self.i).is_some_and(|b| *b != b'"') {
                    self.i += 1;
                }
                let src = self.src;
                let note = &src[start..self.i];
                self.i += 1;
                Note(note, Box::new(self.atom()))
            }
            Some(b'\'') => {
                self.i += 1;
                let start = self.i;
                while self.s.get(self.i).is_some_and(|b| *b != b'\'') {
                    self.i += 1;
                }
                let symbol = &self.src[start..self.i];
                self.i += 1;
                Opaque(static_symbol(symbol))
            }
            Some(b) if b.is_ascii_digit() => {
                let start = self.i;
                while self
                    .s
                    .get(self.i)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
                {
                    self.i += 1;
                }
                let v: f64 = self.src[start..self.i].parse().unwrap_or(f64::NAN);
                match self.word() {
                    "" => K(v),
                    "B" => KU(v, "B"),
                    _ => Opaque("?"),
                }
            }
            Some(_) => {
                let name = self.word().to_string();
                if !self.eat(b'(') {
                    return Opaque("?");
                }
                let mut args = vec![self.sum()];
                while self.eat(b',') {
                    args.push(self.sum());
                }
                if !self.eat(b')') {
                    return Opaque("?");
                }
                let one = |mut a: Vec<E>| Box::new(a.remove(0));
                match (name.as_str(), args.len()) {
                    ("max", _) => Max(args),
                    ("min", _) => Min(args),
                    ("sqrt", 1) => Sqrt(one(args)),
                    ("sq", 1) => Square(one(args)),
                    ("ceil", 1) => Ceil(one(args)),
                    ("log2", 1) => Log2(one(args)),
                    ("argmin", 1) => ArgMin("<mi>n</mi><mo>∈</mo><mi>ℕ</mi>", one(args)),
                    ("argminS", 1) => ArgMin(
                        "<mi>S</mi><mo>∈</mo><mi>ℕ</mi><mo>,</mo><mo>⌈</mo><mi>N</mi><mo>/</mo><mi>S</mi><mo>⌉</mo><mo>≥</mo><mn>3</mn>",
                        one(args),
                    ),
                    ("argminR", 1) => ArgMin("<mi>n</mi><mo>≥</mo><mn>1</mn>", one(args)),
                    _ => Opaque("?"),
                }
            }
            None => Opaque("?"),
        }
    }
}

/// The symbols formulas use, as static strings (the expression tree borrows nothing).
fn static_symbol(s: &str) -> &'static str {
    match s {
        "mstar" => "m*",
        "r_inf" => "r_∞",
        "Sstar" => "S*",
        "alpha" => "α",
        "beta" => "β",
        "gamma" => "γ",
        "kstar" => "k*",
        "sstar" => "s*",
        _ => [
            "T",
            "a",
            "b",
            "g",
            "g_B",
            "l",
            "m",
            "T_VC",
            "R_VC",
            "f(1)",
            "f(2)",
            "T_tree",
            "T_snake",
            "T_fence",
            "n",
            "S",
            "Latency_protocol(x)",
        ]
        .into_iter()
        .find(|x| *x == s)
        .unwrap_or("?"),
    }
}

impl Ctx<'_> {
    /// A parameter's name as the catalog spells it, if the report used it.
    fn param_name(&self, name: &str) -> Option<&'static str> {
        self.report
            .parameters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, _)| *n)
            .or_else(|| self.set().and_then(|s| s.param(name)).map(|p| p.name))
    }

    /// BSP's g in µs per word: the table's row, or Hill's measurement for the pattern.
    fn bsp_g(&self) -> &'static str {
        ["g", "g_total", "g_one"]
            .into_iter()
            .find(|n| self.has(n))
            .unwrap_or("g_one")
    }

    /// An input or the abscissa, with its value.
    fn var(&self, name: &str) -> E {
        let at = self.report.at_bytes;
        let data = self.input("data").unwrap_or(at);
        match name {
            "x" => V("x", at, "B"),
            "n" => V("n", at, "B"),
            "m" => V("m", at, "B"),
            "D" => V("D", data, "B"),
            "xd" => V("x", data, "B"),
            "ms" => V("m", self.input("size").unwrap_or(f64::NAN), "B"),
            "p" => V("p", self.input("p").unwrap_or(f64::NAN), ""),
            "k" => V("k", self.input("k").unwrap_or(1.0), ""),
            // Interior multigrid nodes both send and receive (n ≥ 3); with two, one way.
            "w" => V(
                "w",
                if self.input("p").is_some_and(|n| n >= 3.0) {
                    2.0
                } else {
                    1.0
                },
                "",
            ),
            "N" => V("N", self.input("n").unwrap_or(f64::NAN), ""),
            "P" => V("P", self.mesh().map_or(f64::NAN, |(w, h)| w * h), ""),
            "W" => V("W", self.mesh().map_or(f64::NAN, |(w, _)| w), ""),
            "H" => V("H", self.mesh().map_or(f64::NAN, |(_, h)| h), ""),
            "levels" => V(
                "ℓ_tree",
                self.mesh().map_or(f64::NAN, |(w, h)| {
                    let ceil_log2 = |x: f64| x.max(1.0).log2().ceil();
                    ceil_log2(w) + ceil_log2(h)
                }),
                "",
            ),
            "link" => V("UnitTime_link", self.link_unit_time(), "µs/B"),
            _ => self.f_var(name).unwrap_or(Opaque("?")),
        }
    }

    /// The mesh input, `WxH`.
    fn mesh(&self) -> Option<(f64, f64)> {
        let (w, h) = self.input_text("mesh")?.split_once('x')?;
        Some((w.parse().ok()?, h.parse().ok()?))
    }

    /// 004's f(L) from the core's f-set: `%f2` at the query's message (S = size/8 elements),
    /// `%sf2` and `%ff2` at Snake's and Fence's optimal blocks, `%tf1` at the whole vector
    /// (Tree), `%lf4` for long vectors (the last piece of the testjig's values).
    fn f_var(&self, name: &str) -> Option<E> {
        let (at, links) = name.split_at(name.find(|c: char| c.is_ascii_digit())?);
        let links: u32 = links.parse().ok()?;
        let set = self
            .input_text("f")
            .and_then(|id| FSet::ALL.into_iter().find(|f| f.id() == id))?;
        let block = match at {
            "f" => self.input("size").unwrap_or(1e4) / ELEMENT_BYTES,
            "sf" => self.metric("snake_block_elems")?,
            "ff" => self.metric("fence_block_elems")?,
            "tf" => self.input("n")?,
            "lf" => f64::INFINITY,
            _ => return None,
        };
        let v = set.overlap(block).f(links).ok()?;
        let symbol = [
            "f(1)", "f(2)", "f(3)", "f(4)", "f(5)", "f(6)", "f(7)", "f(8)",
        ]
        .get(links.checked_sub(1)? as usize)?;
        Some(V(symbol, v, ""))
    }

    /// 002's UnitTime_link as the core takes it: the paper's rounded 0.06 µs/B, or computed
    /// from the SONET rate with `link=exact` or an overridden rate.
    fn link_unit_time(&self) -> f64 {
        let sonet = self.param("sonet");
        let default = self.set().and_then(|s| s.param("sonet")).map(|p| p.value);
        let overridden = sonet.is_some() && sonet != default;
        match (self.input_text("link"), sonet) {
            (Some("exact"), Some(r)) => exact_link_unit_time(r),
            (_, Some(r)) if overridden => exact_link_unit_time(r),
            _ => PAPER_LINK_UNIT_TIME,
        }
    }
}

/// One row of the metrics table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub key: &'static str,
    pub label: &'static str,
    /// The value with its SI unit, as shown.
    pub shown: String,
    /// The raw number (or text) for `data-value`.
    pub raw: String,
    pub mathml: String,
    pub source: String,
}

/// The metrics table of a report: the time and bandwidth at the query's size, then the
/// pattern's metrics in the order it declares them.
pub fn rows(machine: &Machine, pattern: &PatternDef, model: Model, report: &Report) -> Vec<Row> {
    let c = Ctx {
        machine,
        pattern,
        model,
        report,
    };
    ["time_us", "bandwidth_MBps"]
        .iter()
        .chain(pattern.metrics)
        .filter_map(|key| {
            let (key, value) = report.metrics.get_key_value(key)?;
            let (shown, raw) = match value {
                Value::Number(v) => (metric(key, *v), plain(*v)),
                Value::Text(t) => (t.clone(), t.clone()),
            };
            let f = formula(&c, key);
            Some(Row {
                key,
                label: commcalc_core::metrics::metric(key).map_or("", |m| m.label),
                shown,
                raw,
                mathml: f.as_ref().map(|f| f.mathml.clone()).unwrap_or_default(),
                source: f.map(|f| f.source).unwrap_or_default(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::catalog::MACHINES;
    use commcalc_core::patterns::PATTERNS;
    use commcalc_core::{evaluate, Scenario};

    /// Evaluates an expression, for checking the table against the core; `None` where it
    /// holds a quantity the report does not carry.
    fn eval(c: &Ctx, e: &E) -> Option<f64> {
        let all = |items: &Vec<E>| items.iter().map(|i| eval(c, i)).collect::<Option<Vec<_>>>();
        Some(match e {
            P(n) => c.param(n)?,
            V(_, v, _) => *v,
            Metric(k, _) => c.metric(k)?,
            K(k) | KU(k, _) => *k,
            Opaque(_) => return None,
            Add(i) => all(i)?.iter().sum(),
            Sub(a, b) => eval(c, a)? - eval(c, b)?,
            Mul(i) => all(i)?.iter().product(),
            Div(a, b) => eval(c, a)? / eval(c, b)?,
            Max(i) => all(i)?.into_iter().fold(f64::MIN, f64::max),
            Min(i) => all(i)?.into_iter().fold(f64::MAX, f64::min),
            Sqrt(a) => eval(c, a)?.sqrt(),
            Square(a) => eval(c, a)?.powi(2),
            Ceil(a) => eval(c, a)?.ceil(),
            Log2(a) => eval(c, a)?.log2(),
            ArgMin(..) | Note(..) => return None,
        })
    }

    fn scenarios() -> Vec<Scenario> {
        let mut out = Vec::new();
        for machine in MACHINES {
            for pattern in PATTERNS
                .iter()
                .filter(|p| p.unsupported_on(machine).is_none())
            {
                for model in pattern.models_on(machine) {
                    let base = format!(
                        "machine={}&pattern={}&model={}",
                        machine.id,
                        pattern.id,
                        model.id()
                    );
                    let mut queries = vec![base.clone()];
                    for extra in ["p=4", "p=16", "size=300", "size=200k", "algo=two-frames"] {
                        queries.push(format!("{base}&{extra}"));
                    }
                    for algo in (pattern.algos)(machine) {
                        queries.push(format!("{base}&algo={algo}"));
                    }
                    out.extend(queries.iter().filter_map(|q| Scenario::from_query(q).ok()));
                }
            }
        }
        out
    }

    /// The parameters an expression names.
    fn params(e: &E, out: &mut Vec<&'static str>) {
        match e {
            P(n) => out.push(n),
            Add(i) | Mul(i) | Max(i) | Min(i) => i.iter().for_each(|x| params(x, out)),
            Sub(a, b) | Div(a, b) => {
                params(a, out);
                params(b, out);
            }
            Sqrt(a) | Square(a) | Ceil(a) | Log2(a) | ArgMin(_, a) | Note(_, a) => params(a, out),
            V(..) | Metric(..) | K(_) | KU(..) | Opaque(_) => {}
        }
    }

    /// The explain panel's formulas follow the model: for every machine × pattern × model the
    /// catalog offers, each names only parameters the report was computed with (the panel once
    /// showed the hyperbolic block a = 2a_w + a_c for the Paragon's NX Hockney parameters), and
    /// every scenario has its time formula.
    #[test]
    fn the_derivation_names_only_the_models_parameters() {
        let mut seen = std::collections::BTreeSet::new();
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let c = Ctx {
                machine: s.machine,
                pattern: s.pattern,
                model: s.model,
                report: &report,
            };
            seen.insert((s.machine.id, s.pattern.id, s.model.id()));
            let shown = derivation(&c);
            assert!(!shown.is_empty(), "{}: no time formula", s.to_query());
            for key in DERIVATION {
                let Some(e) = expression(&c, key).filter(|_| report.metric(key).is_some()) else {
                    continue;
                };
                let mut names = Vec::new();
                params(&e, &mut names);
                for n in names {
                    assert!(
                        c.has(n),
                        "{}: {key} names {n}, which the model does not use",
                        s.to_query()
                    );
                }
            }
        }
        assert!(seen.len() > 60, "{} combinations", seen.len());
    }

    /// Every metric of every machine × pattern × model has a formula in MathML.
    #[test]
    fn every_metric_has_a_formula() {
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let c = Ctx {
                machine: s.machine,
                pattern: s.pattern,
                model: s.model,
                report: &report,
            };
            for key in report.metrics.keys() {
                let f = formula(&c, key)
                    .unwrap_or_else(|| panic!("{}: no formula for {key}", s.to_query()));
                assert!(f.mathml.starts_with("<math"), "{key}");
                assert!(!f.source.is_empty(), "{key}");
                assert!(
                    !f.mathml.contains("NaN") && !f.mathml.contains(">?<"),
                    "{}: {key}: {}",
                    s.to_query(),
                    f.mathml
                );
            }
        }
    }

    /// With the numbers filled in, a formula shows numbers, not the symbol of a quantity the
    /// report could give (the ATM barrier and h-relation once left "T_VC" where ping-pong shows
    /// the VC unit time).
    #[test]
    fn values_leave_no_vc_symbol() {
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let c = Ctx {
                machine: s.machine,
                pattern: s.pattern,
                model: s.model,
                report: &report,
            };
            for key in report.metrics.keys() {
                let Some(f) = formula(&c, key) else { continue };
                let values = f.mathml.split("<mo>=</mo>").skip(2).collect::<String>();
                assert!(
                    !values.contains("T_VC") && !values.contains(">T</mi><mi>VC"),
                    "{}: {key}: {}",
                    s.to_query(),
                    f.mathml
                );
            }
        }
    }

    /// Where a formula can be evaluated from the report's values, it gives the core's metric:
    /// the table says what the core computes.
    #[test]
    fn formulas_agree_with_the_core() {
        let mut checked = 0;
        let mut keys = std::collections::BTreeSet::new();
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let c = Ctx {
                machine: s.machine,
                pattern: s.pattern,
                model: s.model,
                report: &report,
            };
            for (key, value) in &report.metrics {
                let Value::Number(want) = value else { continue };
                let Some(e) = expression(&c, key) else {
                    continue;
                };
                let Some(got) = eval(&c, &e) else { continue };
                let ok = (got - want).abs() <= 1e-9 * want.abs().max(1e-12);
                assert!(ok, "{}: {key} = {want}, formula gives {got}", s.to_query());
                checked += 1;
                keys.insert((s.pattern.id, s.model.id(), *key));
            }
        }
        assert!(checked > 300, "only {checked} formulas checked");
        // The formulas that replaced equation references are checked too.
        for (pattern, model, key) in [
            ("pipelined-send", "atm-pipeline", "time_us"),
            ("pipelined-send", "atm-pipeline", "opt_time_us"),
            ("all-to-all", "atm-pipeline", "vc_unit_time_us_per_byte"),
            ("h-relation", "atm-pipeline", "vc_unit_time_us_per_byte"),
            ("h-relation", "atm-pipeline", "opt_message_bytes"),
            ("pingpong", "nbl", "time_us"),
            ("exchange", "nbl", "time_us"),
            ("exchange", "nbl", "n_half_bytes"),
            ("global-combine", "nbl", "time_us"),
            ("global-combine", "nbl", "tree_us"),
            ("global-combine", "nbl", "snake_us"),
            ("global-combine", "nbl", "fence_us"),
            ("global-combine", "nbl", "snake_block_closed_form_elems"),
            ("global-combine", "nbl", "fence_block_closed_form_elems"),
            ("global-combine", "nbl", "snake_asymptotic_us_per_elem"),
            ("global-combine", "nbl", "fence_asymptotic_us_per_elem"),
        ] {
            assert!(
                keys.contains(&(pattern, model, key)),
                "{pattern} {model} {key}: not checked"
            );
        }
    }

    /// The table lists every metric of the report once, time and bandwidth first.
    #[test]
    fn rows_cover_the_report() {
        for s in scenarios() {
            let Ok(r) = evaluate(&s) else { continue };
            let rows = rows(s.machine, s.pattern, s.model, &r);
            assert_eq!(rows.len(), r.metrics.len(), "{}", s.to_query());
            assert_eq!(rows[0].key, "time_us");
        }
        let s = Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        let r = evaluate(&s).unwrap();
        let rows = rows(s.machine, s.pattern, s.model, &r);
        let n_half = rows.iter().find(|r| r.key == "n_half_bytes").unwrap();
        assert_eq!(n_half.shown, "12.7 kB");
        let r_inf = rows.iter().find(|r| r.key == "r_inf_MBps").unwrap();
        assert_eq!(r_inf.shown, "87 MB/s");
        assert!(r_inf.raw.starts_with("86.9"), "{}", r_inf.raw);
    }

    /// The exact optima found by search cannot be evaluated here, but render with the numbers.
    #[test]
    fn searched_optima_render_with_numbers() {
        for (q, key) in [
            (
                "machine=atm-sparc20&pattern=pipelined-send",
                "opt_message_bytes",
            ),
            (
                "machine=intel-delta&pattern=global-combine",
                "snake_block_elems",
            ),
            (
                "machine=intel-delta&pattern=global-combine",
                "fence_block_elems",
            ),
        ] {
            let s = Scenario::from_query(q).unwrap();
            let r = evaluate(&s).unwrap();
            let c = Ctx {
                machine: s.machine,
                pattern: s.pattern,
                model: s.model,
                report: &r,
            };
            let f = formula(&c, key).unwrap();
            assert!(f.mathml.contains("argmin"), "{q} {key}: {}", f.mathml);
            assert!(f.mathml.contains("<mn>"), "{q} {key}: {}", f.mathml);
            assert!(!f.mathml.contains("<mtext>"), "{q} {key}: {}", f.mathml);
        }
    }

    #[test]
    fn paragon_nx_n_half_reads_like_the_paper() {
        let s = Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        let r = evaluate(&s).unwrap();
        let c = Ctx {
            machine: s.machine,
            pattern: s.pattern,
            model: s.model,
            report: &r,
        };
        let f = formula(&c, "n_half_bytes").unwrap();
        assert!(f.mathml.contains("<mn>146</mn>"), "{}", f.mathml);
        assert!(f.mathml.contains("<mn>0.0115</mn>"), "{}", f.mathml);
        assert!(f.mathml.contains("<mn>12.7</mn>"), "{}", f.mathml);
        assert!(f.mathml.contains(">kB</mi>"), "{}", f.mathml);
    }
}
