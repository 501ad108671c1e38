//! Each model's defining equations as expression trees, made by the functions its module
//! computes with: the formula a reader is shown for a model (the page's explanation, the CLI's
//! listings) is the model's own arithmetic written over symbols, not a copy of it. Adding a
//! model adds its arm here; nothing outside the core writes a model's formula.

use super::atm::Stack;
use super::{bsp, hockney, hyperbolic, nbl, packetized, Model};
use crate::derivation::{Derivation, Expr};
use crate::explain;

/// A symbol of a model's formula: free, since the formula stands for every machine.
fn v(symbol: &'static str) -> Expr {
    Expr::Var(symbol)
}

impl Model {
    /// The model's equations, the cost first, each cited as the model's explanation cites it.
    pub fn equations(self) -> Vec<Derivation> {
        let source = explain::model(self).source;
        let d = |symbol, formula| Derivation::new(symbol, formula, source);
        match self {
            Model::Hockney => vec![
                d("T(n)", hockney::time(v("α"), v("β"), v("n"))),
                d("r∞", hockney::r_inf(v("β"))),
                d("n½", hockney::n_half(v("α"), v("β"))),
            ],
            // Hockney's line in the range k of n (b_k ≤ n < b_k+1); r∞ from the last range.
            Model::Piecewise => vec![
                d("T(n)", hockney::time(v("α_k"), v("β_k"), v("n"))),
                d("r∞", hockney::r_inf(v("β_last"))),
            ],
            Model::Packetized => vec![d("t(x)", packetized::time(v("a"), v("m"), v("p"), v("x")))],
            Model::Hyperbolic => vec![
                d("T(x)", hyperbolic::time(v("a"), v("b"), v("x"))),
                d("b", packetized::slope(v("a"), v("m"), v("p"))),
                d("n½", hyperbolic::n_half(v("a"), v("b"))),
            ],
            Model::Bsp => vec![d("T", bsp::superstep(v("w"), v("g"), v("h"), v("L")))],
            // A block permutation is linear in m: Hockney's form with α = ℓ and β = σ.
            Model::Bpram => vec![d("T(m)", hockney::time(v("ℓ"), v("σ"), v("m")))],
            Model::AtmPipeline => {
                let stack = Stack {
                    a1: v("a_1"),
                    b1: v("b_1"),
                    a2: v("a_2"),
                    b2: v("b_2"),
                };
                vec![
                    d("Latency_protocol", stack.chunks(v("x"), v("m"))),
                    d("UnitTime_protocol", stack.unit_time(v("x"))),
                ]
            }
            Model::Nbl => vec![d(
                "T(L)",
                nbl::links_time(v("L"), v("α"), v("f(L)"), v("β"), v("S")),
            )],
        }
    }

    /// The cost formula in one line with its source, for listings: the first of
    /// [`Model::equations`] as text.
    pub fn formula(self) -> String {
        let cost = &self.equations()[0];
        format!(
            "{} = {} ({})",
            cost.symbol,
            cost.formula.text(false),
            cost.source
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::atm::Stack;
    use crate::models::hockney::Hockney;
    use crate::models::hyperbolic::Block;
    use crate::models::nbl::{FSet, Nbl};
    use crate::models::packetized::Packetized;

    /// The tree with every symbol given a value: what the formula computes there.
    fn at(e: &Expr, values: &[(&str, f64)]) -> f64 {
        e.eval_with(&|s| {
            values
                .iter()
                .find(|(k, _)| *k == s)
                .unwrap_or_else(|| panic!("no value for {s}"))
                .1
        })
    }

    fn eq(m: Model, symbol: &str) -> Expr {
        m.equations()
            .into_iter()
            .find(|d| d.symbol == symbol)
            .unwrap_or_else(|| panic!("{m:?} has no {symbol}"))
            .formula
    }

    /// Each model's shown formula, its symbols given values, is the model's number at those
    /// values, bit for bit: the formula shown is the one that computes.
    #[test]
    fn each_equation_computes_what_the_model_computes() {
        let (alpha, beta, n) = (146.0, 0.0115, 12_345.0);
        let h = Hockney { alpha, beta };
        let vals = [("α", alpha), ("β", beta), ("n", n)];
        assert_eq!(at(&eq(Model::Hockney, "T(n)"), &vals), h.time(n));
        assert_eq!(at(&eq(Model::Hockney, "r∞"), &vals), h.r_inf());
        assert_eq!(at(&eq(Model::Hockney, "n½"), &vals), h.n_half());
        let bp = [("ℓ", alpha), ("σ", beta), ("m", n)];
        assert_eq!(at(&eq(Model::Bpram, "T(m)"), &bp), h.time(n));

        let t = Packetized {
            a: 30.0,
            m: 0.02,
            p: 4096.0,
        };
        let vals = [("a", t.a), ("m", t.m), ("p", t.p), ("x", 10_000.0)];
        assert_eq!(at(&eq(Model::Packetized, "t(x)"), &vals), t.time(10_000.0));
        let block = t.hyperbolic();
        assert_eq!(at(&eq(Model::Hyperbolic, "b"), &vals), block.b);
        let vals = [("a", block.a), ("b", block.b), ("x", 10_000.0)];
        assert_eq!(
            at(&eq(Model::Hyperbolic, "T(x)"), &vals),
            block.time(10_000.0)
        );
        assert_eq!(at(&eq(Model::Hyperbolic, "n½"), &vals), block.n_half());
        assert_eq!(Block { a: 3.0, b: 0.5 }.n_half(), {
            at(&eq(Model::Hyperbolic, "n½"), &[("a", 3.0), ("b", 0.5)])
        });

        let vals = [("w", 5.0), ("g", 0.27), ("h", 100.0), ("L", 31.0)];
        assert_eq!(
            at(&eq(Model::Bsp, "T"), &vals),
            bsp::superstep(5.0, 0.27, 100.0, 31.0)
        );

        let s = Stack {
            a1: 0.05,
            b1: 330.0,
            a2: 0.06,
            b2: 190.0,
        };
        let vals = [
            ("a_1", s.a1),
            ("b_1", s.b1),
            ("a_2", s.a2),
            ("b_2", s.b2),
            ("x", 100_000.0),
            ("m", 9_000.0),
        ];
        let latency = eq(Model::AtmPipeline, "Latency_protocol");
        assert_eq!(at(&latency, &vals), s.chunks(100_000.0, 9_000.0));
        let unit = eq(Model::AtmPipeline, "UnitTime_protocol");
        assert_eq!(at(&unit, &vals), s.unit_time(100_000.0));

        let model = Nbl::new(80.0, 0.1, 0.0, 0.0, FSet::Nominal).unwrap();
        let line = model.links(3, 1000.0).unwrap();
        let vals = [
            ("L", 3.0),
            ("α", 80.0),
            ("f(L)", 3.0),
            ("β", 0.1),
            ("S", 1000.0),
        ];
        assert_eq!(at(&eq(Model::Nbl, "T(L)"), &vals), line.time(1000.0));
    }

    /// The formulas say what the papers say, in their symbols (each as its module computes
    /// it: BPRAM's σ·m + ℓ is Hockney's line with α = ℓ, β = σ).
    #[test]
    fn formulas_read_like_the_papers() {
        let text = |m: Model| {
            let eqs: Vec<String> = m
                .equations()
                .iter()
                .map(|d| format!("{} = {}", d.symbol, d.formula.text(false)))
                .collect();
            eqs.join("; ")
        };
        assert_eq!(text(Model::Hockney), "T(n) = α + β·n; r∞ = 1/β; n½ = α/β");
        assert_eq!(text(Model::Packetized), "t(x) = a·⌈x/p⌉ + m·x");
        assert_eq!(
            text(Model::Hyperbolic),
            "T(x) = a²/(a + b·x) + b·x; b = a/p + m; n½ = (√(5) − 1)/2·a/b"
        );
        assert_eq!(text(Model::Bsp), "T = w + g·h + L");
        assert_eq!(text(Model::Bpram), "T(m) = ℓ + σ·m");
        assert_eq!(text(Model::Nbl), "T(L) = L·α + f(L)·β·S");
        assert!(text(Model::AtmPipeline).starts_with(
            "Latency_protocol = a_1·m + b_1 + a_2·m + b_2 + (⌈x/m⌉ − 1)·max(a_1·m + b_1, a_2·m + b_2)"
        ));
    }

    /// Every model has equations, cited as its explanation is, and a one-line formula that
    /// is the first of them.
    #[test]
    fn every_model_has_its_cited_equations() {
        for m in Model::ALL {
            let eqs = m.equations();
            assert!(!eqs.is_empty(), "{m:?}");
            assert!(eqs.iter().all(|d| d.source == explain::model(m).source));
            assert!(m.formula().starts_with(&format!(
                "{} = {}",
                eqs[0].symbol,
                eqs[0].formula.text(false)
            )));
        }
        assert_eq!(
            Model::Hockney.formula(),
            "T(n) = α + β·n (003 eq. 1; 001 §2, eq. 1–2; 004 §2)"
        );
    }
}
