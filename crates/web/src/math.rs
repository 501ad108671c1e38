//! A few MathML Presentation elements as strings, enough for the formulas of the metrics
//! table: identifiers with subscripts, numbers with units, fractions, roots and rows.

use std::fmt::Write;

/// A MathML fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct M(pub String);

/// Escapes text for an element's content.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An identifier: `a_c` becomes a with subscript c, `t_st` t with subscript st; Greek letters
/// and primes are kept as written.
pub fn sym(name: &str) -> M {
    match name.split_once('_') {
        Some((base, sub)) if !base.is_empty() && !sub.is_empty() => M(format!(
            "<msub><mi>{}</mi><mi>{}</mi></msub>",
            esc(base),
            esc(sub)
        )),
        _ => M(format!("<mi>{}</mi>", esc(name))),
    }
}

/// Upright text, such as a function name or a word.
pub fn text(s: &str) -> M {
    M(format!("<mtext>{}</mtext>", esc(s)))
}

/// A number.
pub fn num(s: &str) -> M {
    M(format!("<mn>{}</mn>", esc(s)))
}

/// An operator.
pub fn op(s: &str) -> M {
    M(format!("<mo>{}</mo>", esc(s)))
}

/// A value with its unit, as the paper prints it: `146 µs`.
pub fn qty(value: &str, unit: &str) -> M {
    if unit.is_empty() {
        return num(value);
    }
    M(format!(
        "<mrow><mn>{}</mn><mspace width=\"0.2em\"></mspace><mi mathvariant=\"normal\">{}</mi></mrow>",
        esc(value),
        esc(unit)
    ))
}

/// A row of fragments.
pub fn row(items: impl IntoIterator<Item = M>) -> M {
    let mut s = String::from("<mrow>");
    for m in items {
        s.push_str(&m.0);
    }
    s.push_str("</mrow>");
    M(s)
}

/// A fraction.
pub fn frac(num: M, den: M) -> M {
    M(format!("<mfrac>{}{}</mfrac>", num.0, den.0))
}

/// A square root.
pub fn sqrt(m: M) -> M {
    M(format!("<msqrt>{}</msqrt>", m.0))
}

/// A superscript, such as a square: `a²`.
pub fn sup(base: M, exponent: M) -> M {
    M(format!("<msup>{}{}</msup>", base.0, exponent.0))
}

/// Parentheses around a fragment.
pub fn paren(m: M) -> M {
    row([op("("), m, op(")")])
}

/// A product of factors, joined by a centre dot.
pub fn times(items: impl IntoIterator<Item = M>) -> M {
    join(items, "·")
}

/// Fragments joined by an operator.
pub fn join(items: impl IntoIterator<Item = M>, operator: &str) -> M {
    let mut out = Vec::new();
    for (i, m) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(op(operator));
        }
        out.push(m);
    }
    row(out)
}

/// A chain of equal expressions, `a = b = c`, as one `<math>` element: a long chain (the
/// formula in symbols, with the numbers, then the result) one step a line, each further line
/// starting with its `=`, so that a formula wraps instead of running off its cell.
pub fn chain(items: impl IntoIterator<Item = M>) -> String {
    let items: Vec<M> = items.into_iter().collect();
    let body = if items.len() < 3 {
        join(items, "=").0
    } else {
        let mut steps = items.into_iter();
        let first: Vec<M> = steps.by_ref().take(2).collect();
        let mut rows = format!(
            "<mtable class=\"steps\"><mtr><mtd>{}</mtd></mtr>",
            join(first, "=").0
        );
        for m in steps {
            let step = row([M("<mspace width=\"1em\"></mspace>".into()), op("="), m]);
            let _ = write!(rows, "<mtr><mtd>{}</mtd></mtr>", step.0);
        }
        rows.push_str("</mtable>");
        rows
    };
    format!("<math displaystyle=\"true\">{body}</math>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_take_subscripts() {
        assert_eq!(sym("a_c").0, "<msub><mi>a</mi><mi>c</mi></msub>");
        assert_eq!(sym("α").0, "<mi>α</mi>");
    }

    #[test]
    fn chains_are_one_math_element() {
        let m = chain([sym("n½"), frac(sym("α"), sym("β")), qty("12.7", "kB")]);
        assert!(m.starts_with("<math"));
        assert!(m.ends_with("</math>"));
        assert_eq!(m.matches("<mo>=</mo>").count(), 2);
        assert!(m.contains("<mfrac><mi>α</mi><mi>β</mi></mfrac>"));
        // Three steps: a line each, so that a long formula wraps.
        assert_eq!(m.matches("<mtr>").count(), 2);
        let short = chain([sym("a"), sym("b")]);
        assert!(!short.contains("<mtable"));
    }

    #[test]
    fn superscripts_wrap_base_and_exponent() {
        assert_eq!(
            sup(sym("a"), num("2")).0,
            "<msup><mi>a</mi><mn>2</mn></msup>"
        );
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(text("a<b & c").0, "<mtext>a&lt;b &amp; c</mtext>");
    }
}
