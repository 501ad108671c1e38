//! A few MathML Presentation elements as a tree, enough for the formulas of the metrics table
//! and the explain panel: identifiers with subscripts, numbers with units, fractions, roots and
//! rows. The tree is plain Rust (built and tested natively); the page renders it as Leptos
//! views ([`view`]), one MathML element per node.

/// A MathML node: the element it is rendered as, with its content.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum M {
    /// `mi`: an identifier, italic when it is one letter.
    Ident(String),
    /// `mi` with `mathvariant="normal"`: a unit, upright.
    Unit(String),
    /// `mn`: a number.
    Num(String),
    /// `mo`: an operator.
    Op(String),
    /// `mtext`: upright text.
    Text(String),
    /// `mspace` of a width, such as `0.2em`.
    Space(&'static str),
    /// `mrow`: fragments in a row.
    Row(Vec<M>),
    /// `mfrac`: numerator and denominator.
    Frac(Box<M>, Box<M>),
    /// `msqrt`.
    Sqrt(Box<M>),
    /// `msup`: base and superscript.
    Sup(Box<M>, Box<M>),
    /// `msub`: base and subscript.
    Sub(Box<M>, Box<M>),
    /// `munder`: base and what is written under it.
    Under(Box<M>, Box<M>),
    /// `mtable class="steps"`: one line (`mtr` and `mtd`) per fragment.
    Steps(Vec<M>),
}

/// What tests ask of a fragment.
#[cfg(test)]
impl M {
    /// Whether `part` is this fragment or inside it.
    pub fn contains(&self, part: &M) -> bool {
        self.any(&|m| m == part)
    }

    /// Whether this fragment or one inside it is as `test` asks.
    pub fn any(&self, test: &dyn Fn(&M) -> bool) -> bool {
        test(self) || self.children().into_iter().any(|c| c.any(test))
    }

    /// The text the fragment shows, its elements' texts in order (the DOM's `textContent`).
    pub fn text(&self) -> String {
        match self {
            M::Ident(s) | M::Unit(s) | M::Num(s) | M::Op(s) | M::Text(s) => s.clone(),
            _ => self.children().into_iter().map(M::text).collect(),
        }
    }

    /// The fragment's child elements.
    fn children(&self) -> Vec<&M> {
        match self {
            M::Ident(_) | M::Unit(_) | M::Num(_) | M::Op(_) | M::Text(_) | M::Space(_) => {
                Vec::new()
            }
            M::Row(items) | M::Steps(items) => items.iter().collect(),
            M::Sqrt(a) => vec![a],
            M::Frac(a, b) | M::Sup(a, b) | M::Sub(a, b) | M::Under(a, b) => vec![a, b],
        }
    }
}

/// A formula: a chain of equal expressions, `a = b = c`, shown as one `math` element.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Math {
    /// The chain's expressions, in order.
    pub steps: Vec<M>,
}

impl Math {
    /// What the `math` element holds: a long chain (the formula in symbols, with the numbers,
    /// then the result) one step a line, each further line starting with its `=`, so that a
    /// formula wraps instead of running off its cell; a short one in a row.
    pub fn body(&self) -> M {
        if self.steps.len() < 3 {
            return join(self.steps.iter().cloned(), "=");
        }
        let first = join(self.steps[..2].iter().cloned(), "=");
        let further = self.steps[2..]
            .iter()
            .map(|m| row([M::Space("1em"), op("="), m.clone()]));
        M::Steps([first].into_iter().chain(further).collect())
    }
}

/// An identifier: `a_c` becomes a with subscript c, `t_st` t with subscript st; Greek letters
/// and primes are kept as written.
pub fn sym(name: &str) -> M {
    match name.split_once('_') {
        Some((base, sub)) if !base.is_empty() && !sub.is_empty() => M::Sub(
            Box::new(M::Ident(base.into())),
            Box::new(M::Ident(sub.into())),
        ),
        _ => M::Ident(name.into()),
    }
}

/// Upright text, such as a function name or a word.
pub fn text(s: &str) -> M {
    M::Text(s.into())
}

/// A number.
pub fn num(s: &str) -> M {
    M::Num(s.into())
}

/// An operator.
pub fn op(s: &str) -> M {
    M::Op(s.into())
}

/// A value with its unit, as the paper prints it: `146 µs`.
pub fn qty(value: &str, unit: &str) -> M {
    if unit.is_empty() {
        return num(value);
    }
    row([num(value), M::Space("0.2em"), M::Unit(unit.into())])
}

/// A row of fragments.
pub fn row(items: impl IntoIterator<Item = M>) -> M {
    M::Row(items.into_iter().collect())
}

/// A fraction.
pub fn frac(num: M, den: M) -> M {
    M::Frac(Box::new(num), Box::new(den))
}

/// A square root.
pub fn sqrt(m: M) -> M {
    M::Sqrt(Box::new(m))
}

/// A superscript, such as a square: `a²`.
pub fn sup(base: M, exponent: M) -> M {
    M::Sup(Box::new(base), Box::new(exponent))
}

/// A subscript, such as the base of a logarithm: `log₂`.
pub fn sub(base: M, subscript: M) -> M {
    M::Sub(Box::new(base), Box::new(subscript))
}

/// Something written under a base, such as an argmin's domain.
pub fn under(base: M, below: M) -> M {
    M::Under(Box::new(base), Box::new(below))
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

/// A chain of equal expressions, `a = b = c`: one formula.
pub fn chain(items: impl IntoIterator<Item = M>) -> Math {
    Math {
        steps: items.into_iter().collect(),
    }
}

/// The tree as Leptos views: one MathML element per node, in the MathML namespace.
#[cfg(target_arch = "wasm32")]
pub mod view {
    use leptos::prelude::*;

    use super::{Math, M};

    /// A formula as its `math` element, shown as a display formula.
    pub fn formula(m: &Math) -> impl IntoView {
        view! { <math displaystyle="true">{node(m.body())}</math> }
    }

    /// A node and its children.
    fn node(m: M) -> AnyView {
        let pair = |a: Box<M>, b: Box<M>| (node(*a), node(*b));
        match m {
            M::Ident(s) => view! { <mi>{s}</mi> }.into_any(),
            M::Unit(s) => view! { <mi mathvariant="normal">{s}</mi> }.into_any(),
            M::Num(s) => view! { <mn>{s}</mn> }.into_any(),
            M::Op(s) => view! { <mo>{s}</mo> }.into_any(),
            M::Text(s) => view! { <mtext>{s}</mtext> }.into_any(),
            M::Space(width) => view! { <mspace width=width></mspace> }.into_any(),
            M::Row(items) => view! { <mrow>{nodes(items)}</mrow> }.into_any(),
            M::Frac(a, b) => view! { <mfrac>{pair(a, b)}</mfrac> }.into_any(),
            M::Sqrt(a) => view! { <msqrt>{node(*a)}</msqrt> }.into_any(),
            M::Sup(a, b) => view! { <msup>{pair(a, b)}</msup> }.into_any(),
            M::Sub(a, b) => view! { <msub>{pair(a, b)}</msub> }.into_any(),
            M::Under(a, b) => view! { <munder>{pair(a, b)}</munder> }.into_any(),
            M::Steps(lines) => {
                let lines = lines
                    .into_iter()
                    .map(|l| view! { <mtr><mtd>{node(l)}</mtd></mtr> })
                    .collect_view();
                view! { <mtable class="steps">{lines}</mtable> }.into_any()
            }
        }
    }

    /// Nodes side by side.
    fn nodes(items: Vec<M>) -> Vec<AnyView> {
        items.into_iter().map(node).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_take_subscripts() {
        assert_eq!(
            sym("a_c"),
            M::Sub(
                Box::new(M::Ident("a".into())),
                Box::new(M::Ident("c".into()))
            )
        );
        assert_eq!(sym("α"), M::Ident("α".into()));
    }

    #[test]
    fn long_chains_take_a_line_a_step() {
        let m = chain([sym("n½"), frac(sym("α"), sym("β")), qty("12.7", "kB")]);
        let M::Steps(lines) = m.body() else {
            panic!("{m:?}: three steps in one line")
        };
        // The first two steps on the first line, the third on its own, after its `=`.
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            row([sym("n½"), op("="), frac(sym("α"), sym("β"))])
        );
        assert_eq!(lines[1], row([M::Space("1em"), op("="), qty("12.7", "kB")]));
        assert_eq!(m.body().text(), "n½=αβ=12.7kB");
        let short = chain([sym("a"), sym("b")]);
        assert_eq!(short.body(), row([sym("a"), op("="), sym("b")]));
    }

    #[test]
    fn quantities_set_their_unit_upright() {
        assert_eq!(
            qty("146", "µs"),
            row([num("146"), M::Space("0.2em"), M::Unit("µs".into())])
        );
        assert_eq!(qty("3", ""), num("3"));
    }

    #[test]
    fn a_fragment_contains_its_parts() {
        let m = sup(paren(join([sym("a"), num("2")], "+")), num("2"));
        assert!(m.contains(&num("2")));
        assert!(m.contains(&sym("a")));
        assert!(!m.contains(&sym("b")));
        assert_eq!(m.text(), "(a+2)2");
    }
}
