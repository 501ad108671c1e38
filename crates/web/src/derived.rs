//! The formula behind each metric, as a MathML tree: the core's derivation of it (docs/explain.md),
//! rendered twice — in symbols, then with the values it was bound to — and followed by the
//! metric. Nothing is computed or decided here: the expression, the branch the model took and
//! the source are the core's, made by the code that computed the number, so the formula a
//! reader sees is the computed one.

use commcalc_core::derivation::{number, Derivation, Expr};
use commcalc_core::patterns::{PatternDef, Value};
use commcalc_core::units::{metric, si};
use commcalc_core::Report;

use crate::math::{
    self, chain, frac, join, num, op, paren, qty, row, sub, sup, sym, text, times, under, Math, M,
};
use crate::slider::{plain, round_sig};

/// One row of the metrics table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub key: &'static str,
    pub label: &'static str,
    /// The value with its SI unit, as shown.
    pub shown: String,
    /// The raw number (or text) for `data-value`.
    pub raw: String,
    /// The formula it comes from, with the numbers filled in; none for a number the core
    /// reports without a derivation.
    pub formula: Option<Math>,
    pub source: String,
}

/// Whether a rendering shows symbols or values.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Symbols,
    Values,
}

/// Significant digits for bound values: as many as the papers print.
fn short(v: f64) -> String {
    plain(round_sig(v, 4))
}

/// A number and unit split for MathML (`12.7 kB` → `12.7`, `kB`).
fn split_qty(shown: &str) -> M {
    match shown.split_once(' ') {
        Some((n, u)) => qty(n, u),
        None => num(shown),
    }
}

/// A bound value: bytes in SI (`10 kB`), parameters as the papers print them (`0.0115 µs/B`).
fn value_qty(v: f64, unit: &str) -> M {
    match unit {
        "" => num(&short(v)),
        "B" => split_qty(&si(v, unit)),
        _ => qty(&short(v), unit),
    }
}

/// `name(a, b, …)`.
fn function(name: &str, args: impl IntoIterator<Item = M>) -> M {
    row([sym(name), op("("), join(args, ","), op(")")])
}

/// A search's domain (`∈ ℕ, ⌈N/S⌉ ≥ 3`) as MathML tokens: letters, numbers and operators.
fn domain(var: &str, text: &str) -> M {
    let mut items = vec![sym(var)];
    let mut digits = String::new();
    for c in text.chars().chain([' ']) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            items.push(num(&std::mem::take(&mut digits)));
        }
        match c {
            ' ' => {}
            c if is_letter(c) => items.push(sym(&c.to_string())),
            c => items.push(op(&c.to_string())),
        }
    }
    row(items)
}

/// A letter of a domain, set as an identifier: the core writes domains with Latin and Greek
/// letters and the number sets (ℕ, ℤ, ℚ, ℝ). Named here rather than asked of
/// `char::is_alphabetic`, which brings the standard library's Unicode tables into the page's
/// first module (docs/web-bytes.md).
fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || ('α'..='ω').contains(&c) || matches!(c, 'ℕ' | 'ℤ' | 'ℚ' | 'ℝ')
}

/// An expression as MathML, in symbols or with its values.
fn render(e: &Expr, mode: Mode) -> M {
    let child = |c: &Expr, min: u8| {
        let m = render(c, mode);
        if c.precedence() < min {
            paren(m)
        } else {
            m
        }
    };
    let all = |items: &[Expr]| items.iter().map(|c| render(c, mode)).collect::<Vec<_>>();
    match e {
        Expr::Num(v) => num(&short(*v)),
        Expr::Const { value, unit } => qty(&short(*value), unit),
        Expr::Sym {
            symbol,
            value,
            unit,
        } => match mode {
            Mode::Symbols => sym(symbol),
            Mode::Values => value_qty(*value, unit),
        },
        Expr::Var(v) => sym(v),
        Expr::Add(items) => join(items.iter().map(|c| child(c, 1)), "+"),
        Expr::Sub(a, b) => row([child(a, 1), op("−"), child(b, 2)]),
        Expr::Mul(items) => product(items, mode),
        Expr::Div(a, b) => frac(render(a, mode), render(b, mode)),
        Expr::Max(items) => function("max", all(items)),
        Expr::Min(items) => function("min", all(items)),
        Expr::Sqrt(a) => math::sqrt(render(a, mode)),
        Expr::Square(a) => sup(child(a, 4), num("2")),
        Expr::Ceil(a) => row([op("⌈"), render(a, mode), op("⌉")]),
        Expr::Floor(a) => row([op("⌊"), render(a, mode), op("⌋")]),
        Expr::Log2(a) => row([sub(sym("log"), num("2")), op("\u{2061}"), child(a, 4)]),
        Expr::ArgMin {
            var,
            domain: d,
            objective,
            found,
        } => match mode {
            Mode::Values => num(&number(*found)),
            Mode::Symbols => row([
                under(sym("argmin"), domain(var, d)),
                op("\u{2061}"),
                paren(render(objective, mode)),
            ]),
        },
        Expr::Described { what, value, unit } => match mode {
            Mode::Symbols => text(what),
            Mode::Values => value_qty(*value, unit),
        },
    }
}

/// A product: a number before symbols reads best side by side in symbols (2α, 2(p − 1)); values
/// need a dot.
fn product(items: &[Expr], mode: Mode) -> M {
    let bare = mode == Mode::Symbols
        && matches!(items.first(), Some(Expr::Num(_)))
        && items
            .iter()
            .skip(1)
            .all(|c| matches!(c, Expr::Sym { .. } | Expr::Add(_) | Expr::Sub(..)));
    let parts = items.iter().map(|c| {
        let m = render(c, mode);
        if c.precedence() < 2 {
            paren(m)
        } else {
            m
        }
    });
    if bare {
        row(parts)
    } else {
        times(parts)
    }
}

/// A metric as the table shows it, split for MathML.
fn result(report: &Report, key: &str) -> M {
    match report.metrics.get(key) {
        Some(Value::Number(v)) => split_qty(&metric(key, *v)),
        Some(Value::Text(t)) => text(t),
        None => text("—"),
    }
}

/// `lhs = formula = values = result` (the values left out where they read as the symbols; a
/// procedure described in words: `lhs = what = result`).
fn equation(d: &Derivation, report: &Report, key: &str) -> Math {
    let lhs = sym(d.symbol);
    if let Expr::Described { what, .. } = d.formula {
        return chain([lhs, text(what), result(report, key)]);
    }
    let shown = d.formula.shown();
    let symbols = render(&shown, Mode::Symbols);
    let values = render(&shown, Mode::Values);
    let mut items = vec![lhs.clone()];
    // `α = α` says nothing; nor does a bound value before the same value as the result.
    if symbols != lhs && symbols != values {
        items.push(symbols);
    }
    let leaf = matches!(
        d.formula,
        Expr::Sym { .. } | Expr::Num(_) | Expr::Const { .. }
    );
    if !leaf {
        items.push(values);
    }
    items.push(result(report, key));
    chain(items)
}

/// The source line under a formula: the paper, and the case the model took where it had
/// several.
fn cite(d: &Derivation) -> String {
    match d.cases() {
        Some(b) => format!("{} — {b}", d.source),
        None => d.source.to_string(),
    }
}

/// A metric the core reports as text (`fastest`, an algorithm's name): the time's derivation
/// says which algorithm it took, so the row shows the name with the time's source.
fn text_metric(report: &Report, key: &str) -> (Math, String) {
    let source = report
        .derivations
        .get("time_us")
        .map_or_else(String::new, cite);
    let what = text("the algorithm of least time at the query's size");
    (chain([sym(key), what, result(report, key)]), source)
}

/// The metrics table of a report: the time and bandwidth at the query's size, then the
/// pattern's metrics in the order it declares them, each with the core's derivation.
pub fn rows(pattern: &PatternDef, report: &Report) -> Vec<Row> {
    ["time_us", "bandwidth_MBps"]
        .iter()
        .chain(pattern.metrics)
        .filter_map(|key| {
            let (key, value) = report.metrics.get_key_value(key)?;
            let (shown, raw) = match value {
                Value::Number(v) => (metric(key, *v), plain(*v)),
                Value::Text(t) => (t.clone(), t.clone()),
            };
            let (formula, source) = match (report.derivations.get(key), value) {
                (Some(d), _) => (Some(equation(d, report, key)), cite(d)),
                (None, Value::Text(_)) => {
                    let (formula, source) = text_metric(report, key);
                    (Some(formula), source)
                }
                (None, Value::Number(_)) => (None, String::new()),
            };
            Some(Row {
                key,
                label: commcalc_core::metrics::metric(key).map_or("", |m| m.label),
                shown,
                raw,
                formula,
                source,
            })
        })
        .collect()
}

/// The metrics whose formulas say how a pattern is costed under a model: the time at the
/// query's size and, where the model reduces the pattern's graph to one block (000 Rules 1–3),
/// that block's latency a and time per byte b.
const PANEL: [&str; 3] = ["time_us", "a_us", "b_us_per_byte"];

/// The derivations of [`PANEL`] that the report has, in symbols only (`T = α + β·n`), a
/// formula each: what the explain panel shows for the pattern. They are the formulas the
/// results table fills in with numbers, so the panel cannot show another model's formula
/// than the one the report was computed by.
pub fn panel_formulas(report: &Report) -> Vec<Math> {
    PANEL
        .iter()
        .filter_map(|key| report.derivations.get(key))
        .map(formula)
        .collect()
}

/// A derivation in symbols only, `lhs = formula`: a pattern's formula in the explain panel,
/// and a model's equation ([`commcalc_core::Model::equations`]).
pub fn formula(d: &Derivation) -> Math {
    let rhs = match d.formula {
        Expr::Described { what, .. } => text(what),
        _ => render(&d.formula.shown(), Mode::Symbols),
    };
    chain([sym(d.symbol), rhs])
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::patterns::offered;
    use commcalc_core::{evaluate, Scenario};

    /// `is_letter` says what `char::is_alphabetic` says of the domains' characters, the
    /// letters it names and the operators beside them.
    #[test]
    fn domain_letters_are_the_alphabetic_ones() {
        let text = "∈ ℕ, ⌈N/S⌉ ≥ 3 ℤℚℝ αβγλω ≤<>=+−·×()[]{}|∞∑√⌊⌋½ azAZ09";
        for c in text.chars() {
            assert_eq!(is_letter(c), c.is_alphabetic(), "{c}");
        }
    }

    fn scenarios() -> Vec<Scenario> {
        let mut out = Vec::new();
        for o in offered() {
            let base = o.query();
            let mut queries = vec![base.clone()];
            for extra in ["p=4", "p=16", "size=300", "size=200k", "algo=two-frames"] {
                queries.push(format!("{base}&{extra}"));
            }
            for algo in (o.pattern.algos)(o.machine) {
                queries.push(format!("{base}&algo={algo}"));
            }
            out.extend(queries.iter().filter_map(|q| Scenario::from_query(q).ok()));
        }
        out
    }

    /// Every metric of every machine × pattern × model has a formula with its source, the core's derivation for every number, and the table shows that derivation:
    /// its symbols and its bound values, whose formula evaluates to the metric shown.
    #[test]
    fn every_row_shows_the_cores_derivation() {
        let mut checked = 0;
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let table = rows(s.pattern, &report);
            assert_eq!(table.len(), report.metrics.len(), "{}", s.to_query());
            assert_eq!(table[0].key, "time_us");
            for r in &table {
                let q = s.to_query();
                let shown = r.formula.as_ref().map(Math::body);
                let shown = shown.unwrap_or_else(|| panic!("{q}: {}: no formula", r.key));
                assert!(!r.source.is_empty(), "{q}: {}", r.key);
                assert!(!shown.text().contains("NaN"), "{q}: {}: {shown:?}", r.key);
                let Some(d) = report.derivations.get(r.key) else {
                    assert!(report.metric(r.key).is_none(), "{q}: {} underived", r.key);
                    continue;
                };
                assert_eq!(d.value().to_bits(), report.metric(r.key).unwrap().to_bits());
                if !matches!(d.formula, Expr::Described { .. }) {
                    let symbols = render(&d.formula.shown(), Mode::Symbols);
                    assert!(shown.contains(&symbols), "{q}: {}", r.key);
                }
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {checked} rows checked");
    }

    /// The panel shows the time's formula of every scenario, as the results table begins it.
    #[test]
    fn the_panel_shows_the_time_formula() {
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            let shown = panel_formulas(&report);
            assert!(!shown.is_empty(), "{}: no time formula", s.to_query());
        }
    }

    /// With the numbers filled in, a formula shows numbers, not the symbol of a quantity the
    /// report could give (the ATM barrier and h-relation once left "T_VC" where ping-pong shows
    /// the VC unit time).
    #[test]
    fn values_leave_no_vc_symbol() {
        for s in scenarios() {
            let Ok(report) = evaluate(&s) else { continue };
            for r in rows(s.pattern, &report) {
                let Some(f) = r.formula else { continue };
                let mut values = f.steps.iter().skip(2);
                assert!(
                    !values.any(|m| m.contains(&sym("T_VC"))),
                    "{}: {}: {f:?}",
                    s.to_query(),
                    r.key,
                );
            }
        }
    }

    fn row_of(q: &str, key: &str) -> Row {
        let s = Scenario::from_query(q).unwrap();
        let r = evaluate(&s).unwrap();
        rows(s.pattern, &r)
            .into_iter()
            .find(|r| r.key == key)
            .unwrap()
    }

    /// The exact optima found by search render as the argmin they are, and their values with
    /// the numbers found.
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
            let f = row_of(q, key).formula.unwrap();
            assert!(f.steps[1].contains(&sym("argmin")), "{q} {key}: {f:?}");
            let number = |m: &M| matches!(m, M::Num(_));
            assert!(f.steps[2].any(&number), "{q} {key}: {f:?}");
        }
    }

    #[test]
    fn paragon_nx_n_half_reads_like_the_paper() {
        let q = "machine=intel-paragon&pattern=pingpong";
        let n_half = row_of(q, "n_half_bytes");
        assert_eq!(n_half.shown, "12.7 kB");
        let m = n_half.formula.unwrap().body();
        assert!(m.contains(&num("146")), "{m:?}");
        assert!(m.contains(&num("0.0115")), "{m:?}");
        assert!(m.contains(&qty("12.7", "kB")), "{m:?}");
        let r_inf = row_of(q, "r_inf_MBps");
        assert_eq!(r_inf.shown, "87 MB/s");
        assert!(r_inf.raw.starts_with("86.9"), "{}", r_inf.raw);
    }

    /// The case a model took is named under its formula: 002's continuous optimum at eq. 5.
    #[test]
    fn the_branch_is_cited() {
        let r = row_of(
            "machine=atm-sparc20&pattern=pipelined-send",
            "closed_form_message_bytes",
        );
        assert!(r.source.contains("002 eq. 5"), "{}", r.source);
        assert!(r.source.contains("eq. 5–6"), "{}", r.source);
    }
}
