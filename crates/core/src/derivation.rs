//! Derivations: how a reported number was computed, made by the code that computed it.
//!
//! A pattern builds a metric as an [`Expr`] — numbers, symbols bound to the values they had,
//! and the operations of the papers' formulas — and takes the metric's value by evaluating it.
//! The expression, the branch the pattern took and the paper it follows make a [`Derivation`],
//! which the report carries beside the number: the formula a reader is shown is then the one
//! that was computed, not a second copy of it. Evaluation follows the tree left to right in
//! the order the formula is written, so a formula written in the order of the model's own
//! arithmetic gives the same bits.

use std::fmt::Write as _;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A formula: an expression tree over bound symbols.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A plain number (the 2 of 2α, the 1 of 1/β).
    Num(f64),
    /// A constant with a unit (8 B per element, 4 B per word).
    Const {
        value: f64,
        unit: &'static str,
    },
    /// A symbol bound to the value it had: a parameter, an input or an earlier result.
    Sym {
        symbol: &'static str,
        value: f64,
        unit: &'static str,
    },
    Add(Vec<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Vec<Expr>),
    Div(Box<Expr>, Box<Expr>),
    Max(Vec<Expr>),
    Min(Vec<Expr>),
    Sqrt(Box<Expr>),
    /// x², evaluated as x·x.
    Square(Box<Expr>),
    Ceil(Box<Expr>),
    Floor(Box<Expr>),
    Log2(Box<Expr>),
    /// The free variable of a search ([`Expr::ArgMin`]); it has no value of its own.
    Var(&'static str),
    /// The value of `var` over `domain` that minimises `objective`, found by a search: the
    /// value found is bound, since a tree cannot repeat the search.
    ArgMin {
        var: &'static str,
        domain: &'static str,
        objective: Box<Expr>,
        found: f64,
    },
    /// A quantity defined by a procedure rather than a closed form (a timeline, a simulation,
    /// the least of several algorithms), described in words, with its value bound.
    Described {
        what: &'static str,
        value: f64,
        unit: &'static str,
    },
}

impl Expr {
    /// A symbol bound to a value.
    #[inline(never)]
    pub fn sym(symbol: &'static str, value: f64, unit: &'static str) -> Expr {
        Expr::Sym {
            symbol,
            value,
            unit,
        }
    }

    #[inline(never)]
    pub fn num(v: f64) -> Expr {
        Expr::Num(v)
    }

    #[inline(never)]
    pub fn sqrt(self) -> Expr {
        Expr::Sqrt(Box::new(self))
    }

    #[inline(never)]
    pub fn square(self) -> Expr {
        Expr::Square(Box::new(self))
    }

    #[inline(never)]
    pub fn ceil(self) -> Expr {
        Expr::Ceil(Box::new(self))
    }

    #[inline(never)]
    pub fn floor(self) -> Expr {
        Expr::Floor(Box::new(self))
    }

    #[inline(never)]
    pub fn log2(self) -> Expr {
        Expr::Log2(Box::new(self))
    }

    #[inline(never)]
    pub fn max(items: Vec<Expr>) -> Expr {
        Expr::Max(items)
    }

    #[inline(never)]
    pub fn min(items: Vec<Expr>) -> Expr {
        Expr::Min(items)
    }

    /// The expression's value. A free variable has none (NaN): only an argmin's objective
    /// holds one, and the argmin's value is the one found.
    pub fn eval(&self) -> f64 {
        self.eval_with(&|_| f64::NAN)
    }

    /// The expression's value with each free variable given by `var` (a model's formula,
    /// written over free symbols, at a machine's values).
    pub fn eval_with(&self, var: &dyn Fn(&str) -> f64) -> f64 {
        let fold = |items: &[Expr], f: fn(f64, f64) -> f64| {
            let mut it = items.iter().map(|i| i.eval_with(var));
            let first = it.next().unwrap_or(f64::NAN);
            it.fold(first, f)
        };
        let of = |e: &Expr| e.eval_with(var);
        match self {
            Expr::Num(v) | Expr::Const { value: v, .. } | Expr::Sym { value: v, .. } => *v,
            Expr::Described { value, .. } => *value,
            Expr::ArgMin { found, .. } => *found,
            Expr::Var(name) => var(name),
            Expr::Add(items) => fold(items, |a, b| a + b),
            Expr::Mul(items) => fold(items, |a, b| a * b),
            Expr::Max(items) => fold(items, f64::max),
            Expr::Min(items) => fold(items, f64::min),
            Expr::Sub(a, b) => of(a) - of(b),
            Expr::Div(a, b) => of(a) / of(b),
            Expr::Sqrt(a) => of(a).sqrt(),
            Expr::Square(a) => {
                let v = of(a);
                v * v
            }
            Expr::Ceil(a) => of(a).ceil(),
            Expr::Floor(a) => of(a).floor(),
            Expr::Log2(a) => of(a).log2(),
        }
    }

    /// Every symbol the expression binds, once each, in reading order.
    pub fn bindings(&self) -> Vec<(&'static str, f64, &'static str)> {
        let mut out = Vec::new();
        self.visit(&mut |e| {
            if let Expr::Sym {
                symbol,
                value,
                unit,
            } = e
            {
                if !out.iter().any(|(s, _, _)| s == symbol) {
                    out.push((*symbol, *value, *unit));
                }
            }
        });
        out
    }

    /// The children of a node.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Add(i) | Expr::Mul(i) | Expr::Max(i) | Expr::Min(i) => i.iter().collect(),
            Expr::Sub(a, b) | Expr::Div(a, b) => vec![a, b],
            Expr::Sqrt(a) | Expr::Square(a) | Expr::Ceil(a) | Expr::Floor(a) | Expr::Log2(a) => {
                vec![a]
            }
            Expr::ArgMin { objective, .. } => vec![objective],
            _ => Vec::new(),
        }
    }

    fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        for c in self.children() {
            c.visit(f);
        }
    }

    /// The formula as a reader is shown it: in every sum, equal terms collected — the
    /// Paragon's ping-pong start-up, the serial sum a_pc − a_c + a_c + a_c + a_pc − a_c of its
    /// four blocks (000 Rule 1), reads 2·a_pc — and repeated arguments of max and min dropped.
    /// Only the display changes: the number reported is the tree's own value, and the shown
    /// formula evaluates to it up to rounding (tests/derivations.rs checks every derivation).
    pub fn shown(&self) -> Expr {
        let each = |items: &[Expr]| items.iter().map(Expr::shown).collect::<Vec<_>>();
        let boxed = |e: &Expr| Box::new(e.shown());
        match self {
            Expr::Add(_) | Expr::Sub(..) => collect_terms(self),
            Expr::Mul(items) => Expr::Mul(each(items)),
            Expr::Max(items) => Expr::Max(distinct(each(items))),
            Expr::Min(items) => Expr::Min(distinct(each(items))),
            Expr::Div(a, b) => Expr::Div(boxed(a), boxed(b)),
            Expr::Sqrt(a) => Expr::Sqrt(boxed(a)),
            Expr::Square(a) => Expr::Square(boxed(a)),
            Expr::Ceil(a) => Expr::Ceil(boxed(a)),
            Expr::Floor(a) => Expr::Floor(boxed(a)),
            Expr::Log2(a) => Expr::Log2(boxed(a)),
            Expr::ArgMin {
                var,
                domain,
                objective,
                found,
            } => Expr::ArgMin {
                var,
                domain,
                objective: boxed(objective),
                found: *found,
            },
            leaf => leaf.clone(),
        }
    }

    /// How tightly the node binds, for parentheses: sums 1, products 2, quotients 3.
    pub fn precedence(&self) -> u8 {
        match self {
            Expr::Add(_) | Expr::Sub(..) => 1,
            Expr::Mul(_) => 2,
            Expr::Div(..) => 3,
            _ => 4,
        }
    }

    /// The formula in plain text, in symbols (`α + β·n`) or with the bound values
    /// (`146 µs + 0.0115 µs/B·10000 B`). It is the [`Expr::shown`] formula.
    pub fn text(&self, values: bool) -> String {
        let mut s = String::new();
        self.shown().write(&mut s, values);
        s
    }

    fn write(&self, out: &mut String, values: bool) {
        let child = |out: &mut String, c: &Expr, min: u8| {
            if c.precedence() < min {
                out.push('(');
                c.write(out, values);
                out.push(')');
            } else {
                c.write(out, values);
            }
        };
        let list = |out: &mut String, items: &[Expr], sep: &str, min: u8| {
            for (i, c) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                child(out, c, min);
            }
        };
        match self {
            Expr::Num(v) => out.push_str(&number(*v)),
            Expr::Const { value, unit } => {
                let _ = write!(out, "{} {unit}", number(*value));
            }
            Expr::Sym {
                symbol,
                value,
                unit,
            } => match values {
                false => out.push_str(symbol),
                true if unit.is_empty() => out.push_str(&number(*value)),
                true => {
                    let _ = write!(out, "{} {unit}", number(*value));
                }
            },
            Expr::Var(v) => out.push_str(v),
            Expr::Add(items) => list(out, items, " + ", 1),
            Expr::Mul(items) => list(out, items, "·", 2),
            Expr::Max(items) | Expr::Min(items) => {
                out.push_str(if matches!(self, Expr::Max(_)) {
                    "max("
                } else {
                    "min("
                });
                list(out, items, ", ", 0);
                out.push(')');
            }
            Expr::Sub(a, b) => {
                child(out, a, 1);
                out.push_str(" − ");
                child(out, b, 2);
            }
            Expr::Div(a, b) => {
                child(out, a, 2);
                out.push('/');
                child(out, b, 4);
            }
            Expr::Sqrt(a) => wrap(out, "√(", a, ")", values),
            Expr::Square(a) => {
                child(out, a, 4);
                out.push('²');
            }
            Expr::Ceil(a) => wrap(out, "⌈", a, "⌉", values),
            Expr::Floor(a) => wrap(out, "⌊", a, "⌋", values),
            Expr::Log2(a) => wrap(out, "log₂(", a, ")", values),
            Expr::ArgMin {
                var,
                domain,
                objective,
                found,
            } => write_argmin(out, (var, domain, *found), objective, values),
            Expr::Described { what, value, unit } => match values {
                false => out.push_str(what),
                true => {
                    let _ = write!(out, "{} {unit}", number(*value));
                }
            },
        }
    }
}

/// A sum's terms with their signs, equal terms collected into one with their coefficient, in
/// the order they first appear; the sum as it was (its terms shown) when no two are equal.
fn collect_terms(sum: &Expr) -> Expr {
    fn signed(e: &Expr, sign: f64, out: &mut Vec<(f64, Expr)>) {
        match e {
            Expr::Add(items) => items.iter().for_each(|i| signed(i, sign, out)),
            Expr::Sub(a, b) => {
                signed(a, sign, out);
                signed(b, -sign, out);
            }
            term => out.push((sign, term.shown())),
        }
    }
    let mut terms = Vec::new();
    signed(sum, 1.0, &mut terms);
    let mut collected: Vec<(f64, Expr)> = Vec::new();
    for (sign, term) in terms.iter().cloned() {
        match collected.iter_mut().find(|(_, t)| *t == term) {
            Some((c, _)) => *c += sign,
            None => collected.push((sign, term)),
        }
    }
    if collected.len() == terms.len() {
        return match sum {
            Expr::Add(items) => Expr::Add(items.iter().map(Expr::shown).collect()),
            Expr::Sub(a, b) => Expr::Sub(Box::new(a.shown()), Box::new(b.shown())),
            other => other.shown(),
        };
    }
    let mut out: Option<Expr> = None;
    for (c, term) in collected.into_iter().filter(|(c, _)| *c != 0.0) {
        let times = |k: f64| match k {
            1.0 => term.clone(),
            k => Expr::Mul(vec![Expr::Num(k), term.clone()]),
        };
        out = Some(match out {
            None => times(c),
            Some(Expr::Add(mut items)) if c > 0.0 => {
                items.push(times(c));
                Expr::Add(items)
            }
            Some(acc) if c > 0.0 => Expr::Add(vec![acc, times(c)]),
            Some(acc) => Expr::Sub(Box::new(acc), Box::new(times(-c))),
        });
    }
    out.unwrap_or(Expr::Num(0.0))
}

/// The items without repeats, in the order they first appear.
fn distinct(items: Vec<Expr>) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

fn write_argmin(out: &mut String, search: (&str, &str, f64), objective: &Expr, values: bool) {
    let (var, domain, found) = search;
    let _ = write!(out, "argmin over {var} {domain} of ");
    wrap(out, "(", objective, ")", values);
    if values {
        let _ = write!(out, " [found {var} = {}]", number(found));
    }
}

fn wrap(out: &mut String, open: &str, e: &Expr, close: &str, values: bool) {
    out.push_str(open);
    e.write(out, values);
    out.push_str(close);
}

/// A number as formulas print it: up to 6 significant digits, no trailing zeros.
pub fn number(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = 6 - (v.abs().log10().floor() as i32 + 1);
    if (-6..=12).contains(&digits) {
        let s = format!("{:.*}", digits.max(0) as usize, v);
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    } else {
        format!("{v:.5e}")
    }
}

macro_rules! binary {
    ($trait:ident, $method:ident, $variant:ident, flatten) => {
        impl std::ops::$trait for Expr {
            type Output = Expr;
            /// Left-associative, flattened into one list so that the tree reads as written.
            #[inline(never)]
            fn $method(self, rhs: Expr) -> Expr {
                match self {
                    Expr::$variant(mut items) => {
                        items.push(rhs);
                        Expr::$variant(items)
                    }
                    lhs => Expr::$variant(vec![lhs, rhs]),
                }
            }
        }
    };
    ($trait:ident, $method:ident, $variant:ident) => {
        impl std::ops::$trait for Expr {
            type Output = Expr;
            #[inline(never)]
            fn $method(self, rhs: Expr) -> Expr {
                Expr::$variant(Box::new(self), Box::new(rhs))
            }
        }
    };
}

binary!(Add, add, Add, flatten);
binary!(Mul, mul, Mul, flatten);
binary!(Sub, sub, Sub);
binary!(Div, div, Div);

/// What the models' algebra needs of a number, so that one function computes either a value
/// (`f64`) or its formula (`Expr`, evaluated afterwards): the hyperbolic reduction rules are
/// written once for both.
pub trait Quantity:
    Clone
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    fn constant(v: f64) -> Self;
    fn sum(items: Vec<Self>) -> Self;
    /// The largest of non-negative quantities (0 for none).
    fn max_of(items: Vec<Self>) -> Self;
    /// The smallest (∞ for none).
    fn min_of(items: Vec<Self>) -> Self;
    /// The larger of two (`f64::max`).
    fn max2(self, other: Self) -> Self;
    fn ceil_q(self) -> Self;
    fn sqrt_q(self) -> Self;
    /// x², as x·x.
    fn square_q(self) -> Self;
    /// A value a procedure gave (a count, a search's result), under a symbol.
    fn bound(symbol: &'static str, value: f64, unit: &'static str) -> Self;
    /// The number itself.
    fn value(&self) -> f64;
}

impl Quantity for f64 {
    fn constant(v: f64) -> f64 {
        v
    }
    fn sum(items: Vec<f64>) -> f64 {
        items.into_iter().sum()
    }
    fn max_of(items: Vec<f64>) -> f64 {
        items.into_iter().fold(0.0, f64::max)
    }
    fn min_of(items: Vec<f64>) -> f64 {
        items.into_iter().fold(f64::INFINITY, f64::min)
    }
    #[inline(always)]
    fn max2(self, other: f64) -> f64 {
        self.max(other)
    }
    #[inline(always)]
    fn ceil_q(self) -> f64 {
        self.ceil()
    }
    #[inline(always)]
    fn sqrt_q(self) -> f64 {
        self.sqrt()
    }
    #[inline(always)]
    fn square_q(self) -> f64 {
        self * self
    }
    fn bound(_: &'static str, value: f64, _: &'static str) -> f64 {
        value
    }
    fn value(&self) -> f64 {
        *self
    }
}

impl Quantity for Expr {
    #[inline(never)]
    fn constant(v: f64) -> Expr {
        Expr::Num(v)
    }
    fn sum(mut items: Vec<Expr>) -> Expr {
        match items.len() {
            0 => Expr::Num(0.0),
            1 => items.remove(0),
            _ => Expr::Add(items),
        }
    }
    fn max_of(mut items: Vec<Expr>) -> Expr {
        match items.len() {
            0 => Expr::Num(0.0),
            1 => items.remove(0),
            _ => Expr::Max(items),
        }
    }
    fn min_of(mut items: Vec<Expr>) -> Expr {
        match items.len() {
            0 => Expr::Num(f64::INFINITY),
            1 => items.remove(0),
            _ => Expr::Min(items),
        }
    }
    #[inline(never)]
    fn max2(self, other: Expr) -> Expr {
        match self {
            Expr::Max(mut items) => {
                items.push(other);
                Expr::Max(items)
            }
            lhs => Expr::Max(vec![lhs, other]),
        }
    }
    #[inline(never)]
    fn ceil_q(self) -> Expr {
        self.ceil()
    }
    #[inline(never)]
    fn sqrt_q(self) -> Expr {
        self.sqrt()
    }
    #[inline(never)]
    fn square_q(self) -> Expr {
        self.square()
    }
    #[inline(never)]
    fn bound(symbol: &'static str, value: f64, unit: &'static str) -> Expr {
        Expr::sym(symbol, value, unit)
    }
    fn value(&self) -> f64 {
        self.eval()
    }
}

/// How one metric was computed.
#[derive(Clone, Debug, PartialEq)]
pub struct Derivation {
    /// The symbol the result is written with (`T`, `n½`, `a`).
    pub symbol: &'static str,
    pub formula: Expr,
    /// The cases of the model that applied, in words, where the model has several (the
    /// outermost decision last: the fold of p not a power of two, then `algo=best`'s choice).
    pub branch: Vec<&'static str>,
    /// Paper and section, equation or table (or the literature it comes from).
    pub source: &'static str,
}

impl Derivation {
    #[inline(never)]
    pub fn new(symbol: &'static str, formula: Expr, source: &'static str) -> Derivation {
        Derivation {
            symbol,
            formula,
            branch: Vec::new(),
            source,
        }
    }

    /// A quantity defined by a procedure (a simulation, a timeline, a search), in words, with
    /// the value the procedure gave bound to it.
    #[inline(never)]
    pub fn described(
        symbol: &'static str,
        what: &'static str,
        value: f64,
        unit: &'static str,
        source: &'static str,
    ) -> Derivation {
        Derivation::new(symbol, Expr::Described { what, value, unit }, source)
    }

    /// The same derivation, noting a case that applied.
    #[inline(never)]
    pub fn branch(mut self, branch: &'static str) -> Derivation {
        self.branch.push(branch);
        self
    }

    /// The cases that applied, in words, `; ` between them (`None` where there were none).
    pub fn cases(&self) -> Option<String> {
        (!self.branch.is_empty()).then(|| self.branch.join("; "))
    }

    /// The value the formula evaluates to: the metric.
    pub fn value(&self) -> f64 {
        self.formula.eval()
    }
}

/// The JSON of `--json --explain` and of the JavaScript `explain`: `{"formula", "values",
/// "with": {symbol: {"value", "unit"}}, "source"}` and `"branch"` where one applies.
impl Serialize for Derivation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct With<'a>(&'a Expr);
        impl Serialize for With<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let bound = self.0.bindings();
                let mut map = serializer.serialize_map(Some(bound.len()))?;
                for (symbol, value, unit) in bound {
                    map.serialize_entry(symbol, &Bound { value, unit })?;
                }
                map.end()
            }
        }
        #[derive(Serialize)]
        struct Bound {
            value: f64,
            unit: &'static str,
        }
        let shown = self.formula.shown();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("symbol", self.symbol)?;
        map.serialize_entry("formula", &shown.text(false))?;
        map.serialize_entry("values", &shown.text(true))?;
        map.serialize_entry("with", &With(&shown))?;
        if let Some(b) = self.cases() {
            map.serialize_entry("branch", &b)?;
        }
        map.serialize_entry("source", self.source)?;
        map.end()
    }
}

/// Metrics with their derivations, as a pattern builds them: `put` evaluates a derivation and
/// records both, so the number reported is the formula's value.
#[derive(Debug, Default)]
pub struct Derived {
    pub metrics: Vec<(&'static str, crate::values::Value)>,
    pub derivations: Vec<(&'static str, Derivation)>,
}

impl Derived {
    /// Records a metric computed by its derivation and returns its value.
    #[inline(never)]
    pub fn put(&mut self, key: &'static str, d: Derivation) -> f64 {
        let v = d.value();
        self.metrics.push((key, crate::values::Value::Number(v)));
        self.derivations.push((key, d));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A formula written in the order of the model's arithmetic evaluates to the same bits.
    #[test]
    fn evaluates_in_written_order() {
        let (alpha, beta, n) = (146.0, 0.0115, 12_000.0);
        let e = Expr::sym("α", alpha, "µs") + Expr::sym("β", beta, "µs/B") * Expr::sym("n", n, "B");
        assert_eq!(e.eval().to_bits(), (alpha + beta * n).to_bits());
        assert_eq!(e.text(false), "α + β·n");
        assert_eq!(e.text(true), "146 µs + 0.0115 µs/B·12000 B");
        let q = (Expr::num(5.0).sqrt() - Expr::num(1.0)) / Expr::num(2.0)
            * Expr::sym("a", 3.0, "µs")
            / Expr::sym("b", 0.5, "µs/B");
        assert_eq!(
            q.eval().to_bits(),
            ((5f64.sqrt() - 1.0) / 2.0 * 3.0 / 0.5).to_bits()
        );
        assert_eq!(q.text(false), "(√(5) − 1)/2·a/b");
    }

    /// The bindings name each symbol once; a search's result is its bound value.
    #[test]
    fn binds_symbols_once_and_searches_by_their_result() {
        let b = Expr::sym("b", 2.0, "");
        let e = b.clone() * b
            + Expr::ArgMin {
                var: "n",
                domain: "≥ 1",
                objective: Box::new(Expr::Var("n") * Expr::sym("c", 1.0, "")),
                found: 7.0,
            };
        assert_eq!(e.eval(), 11.0);
        let names: Vec<_> = e.bindings().into_iter().map(|(s, _, _)| s).collect();
        assert_eq!(names, ["b", "c"]);
    }
}
