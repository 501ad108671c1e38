//! BSP and BPRAM patterns on machines with measured parameters: 001's Paragon tables and
//! Hill's values quoted in 002 Tables 7–10.

use super::shape::{Shape, DEFAULT_SIZE};
use crate::catalog::{Machine, Network};
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Derived, Expr};
use crate::error::Error;
use crate::models::bsp::superstep;
use crate::models::Model;
use crate::papers::Cited;
use crate::units::WORD_BYTES;

/// Default h: 100 words.
const DEFAULT_H: f64 = 100.0;
/// Default p of the Paragon tables: their first row.
const DEFAULT_P: u32 = 8;

/// The Paragon's g and L come from 001 Table 1 by machine size, which has no algorithms; the
/// other machines' from Hill's 1-relation or total-exchange measurements (002 Tables 7–8).
pub fn h_relation_algos(machine: &Machine) -> &'static [&'static str] {
    if machine
        .set(Model::Bsp)
        .is_some_and(|s| !s.by_size.is_empty())
    {
        &[]
    } else {
        &["one-relation", "total-exchange"]
    }
}

pub fn barrier_algos(machine: &Machine) -> &'static [&'static str] {
    if machine.network == Network::Atm {
        &["total-exchange", "broadcast"]
    } else {
        &[]
    }
}

/// BSP's g (µs per word) and L (µs), bound to their symbols, with where each comes from.
struct Gl {
    g: Expr,
    l: Expr,
    g_source: &'static str,
    l_source: &'static str,
}

/// Where the Paragon's values come from: its table's row for p.
const TABLE_SOURCE: &str = "001 Table 1, the row for p";

/// The row of the machine's table for p (001 Tables 1–2, the Paragon by machine size), or
/// `None` where the values are Hill's, measured at one machine size (002 Tables 7–10). `p` is
/// the pattern's own where it reads one; otherwise p is read only for the table, so that
/// elsewhere a value given for it is refused as changing nothing.
fn table_row(ctx: &mut Ctx, p: Option<u32>) -> Result<Option<(f64, f64)>, Error> {
    if ctx.set.by_size.is_empty() {
        return Ok(None);
    }
    let p = p.unwrap_or_else(|| ctx.p(DEFAULT_P));
    ctx.by_size(p).map(Some)
}

/// g (µs per word) and L (µs) for this machine and p: from 001 Table 1 by p on the Paragon,
/// from Hill's one-relation or total-exchange measurement elsewhere (002 Tables 7–8).
fn g_and_l(ctx: &mut Ctx, p: Option<u32>, algo: Option<&str>) -> Result<Gl, Error> {
    match table_row(ctx, p)? {
        None => {
            let (name, g_source) = if algo == Some("total-exchange") {
                ("g_total", "002 Table 8 (Hill, total exchange)")
            } else {
                ("g_one", "002 Table 7 (Hill, 1-relation)")
            };
            if let Some(algo) = algo {
                same_g(ctx, algo, name);
            }
            Ok(Gl {
                g: ctx.sym(name)?,
                l: ctx.sym("l")?,
                g_source,
                l_source: "002 Tables 9–10 (Hill)",
            })
        }
        Some((g, l)) => Ok(Gl {
            g: ctx.sized_sym("g", g),
            l: ctx.sized_sym("l", l),
            g_source: TABLE_SOURCE,
            l_source: TABLE_SOURCE,
        }),
    }
}

/// Says so where an algorithm chosen costs what the other would: its g equals the other's
/// (the custom machine's g_one and g_total, both 1 µs per word until the user sets one).
fn same_g(ctx: &mut Ctx, algo: &str, name: &str) {
    let value = |ctx: &Ctx, key: &str| {
        ctx.overridden(key)
            .or_else(|| ctx.set.param(key).map(|p| p.value))
    };
    let other = if name == "g_one" { "g_total" } else { "g_one" };
    if let (Some(g), Some(o)) = (value(ctx, name), value(ctx, other)) {
        if g == o {
            ctx.warn(format!(
                "{name} = {other} = {} µs per word: algo={algo} costs what the other algorithm \
                 would; set {name} or {other} to tell them apart",
                crate::derivation::number(g)
            ));
        }
    }
}

/// The barrier's l alone (µs) and where it comes from: a barrier of empty messages never pays
/// g, so g is not read.
fn l_only(ctx: &mut Ctx) -> Result<(Expr, &'static str), Error> {
    Ok(match table_row(ctx, None)? {
        None => (ctx.sym("l")?, "002 Tables 9–10 (Hill)"),
        Some((_, l)) => (ctx.sized_sym("l", l), TABLE_SOURCE),
    })
}

/// g per word and per byte and L, each computed by its derivation; returns (g, L).
fn bsp_metrics(out: &mut Derived, gl: &Gl) -> (f64, f64) {
    let g = out.put(
        "g_us_per_word",
        Derivation::new("g", gl.g.clone(), gl.g_source),
    );
    out.put(
        "g_us_per_byte",
        Derivation::new("g_B", gl.g.clone() / word(), "4 bytes per word (002 §4.3)"),
    );
    let l = out.put("l_us", Derivation::new("L", gl.l.clone(), gl.l_source));
    (g, l)
}

fn word() -> Expr {
    Expr::Const {
        value: WORD_BYTES,
        unit: "B",
    }
}

fn evaluation(
    cost: Box<dyn Fn(f64) -> f64>,
    at: f64,
    out: Derived,
    time: Derivation,
) -> Evaluation {
    let mut derivations = out.derivations;
    derivations.push(("time_us", time));
    Evaluation {
        cost,
        at,
        metrics: out.metrics,
        derivations,
    }
}

/// The cost of an h-relation and its barrier in BSP's symbols, as the pages that compare it
/// with the BPRAM's name it.
pub const H_RELATION_COST: Cited = Cited {
    text: "g·h + L",
    source: "001 Table 1",
};

/// The cost of one BPRAM block permutation of m-byte blocks in its symbols.
pub const PERMUTATION_COST: Cited = Cited {
    text: "σ·m + ℓ",
    source: "001 Table 2",
};

/// An h-relation followed by a barrier: g·h + L (001 §1; 002 §2.4), with no local work. The
/// abscissa is the bytes each processor sends, 4 per word.
pub fn h_relation(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let algo = ctx.algo(h_relation_algos(ctx.machine));
    let gl = g_and_l(ctx, None, algo)?;
    let mut out = Derived::default();
    let (g, l) = bsp_metrics(&mut out, &gl);
    let at = ctx.h(DEFAULT_H) * WORD_BYTES;
    let time = gl.g * (Expr::sym("x", at, "B") / word()) + gl.l;
    let time = Derivation::new("T", time, "001 §1; 002 §2.4: g·h + L, h = x/4 words");
    let cost = Box::new(move |bytes| superstep(0.0, g, bytes / WORD_BYTES, l));
    Ok(evaluation(cost, at, out, time))
}

/// A total exchange of `size` bytes per pair as one BSP superstep: an h-relation with
/// h = (p−1)·size/4 words, costed with the total-exchange g where one was measured (002 Table 8).
pub fn total_exchange(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(DEFAULT_P);
    let gl = g_and_l(ctx, Some(p), Some("total-exchange"))?;
    let others = f64::from(p - 1);
    let mut out = Derived::default();
    let (g, l) = bsp_metrics(&mut out, &gl);
    let p_less_one = Expr::sym("p", f64::from(p), "") - Expr::num(1.0);
    out.put(
        "r_inf_MBps",
        Derivation::new(
            "r∞",
            word() / (gl.g.clone() * p_less_one.clone()),
            "each node sends (p − 1)·x bytes at g per 4-byte word (002 Table 8)",
        ),
    );
    let at = ctx.size(DEFAULT_SIZE);
    let h = p_less_one * Expr::sym("x", at, "B") / word();
    let time = Derivation::new(
        "T",
        gl.g * h + gl.l,
        "001 §1; 002 Table 8: one superstep, h = (p − 1)·x/4 words",
    );
    let cost = Box::new(move |bytes| superstep(0.0, g, others * bytes / WORD_BYTES, l));
    Ok(evaluation(cost, at, out, time))
}

/// The barrier alone: the measured L (001 Table 1) or l (002 Tables 9–10); it does not depend
/// on the message size.
pub fn barrier(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let (l_sym, l_source) = l_only(ctx)?;
    let mut out = Derived::default();
    let l = out.put("l_us", Derivation::new("L", l_sym.clone(), l_source));
    let time = Derivation::new("T", l_sym, "002 Tables 9–10; 001 Table 1: the barrier's l");
    Ok(evaluation(Box::new(move |_| l), ctx.size(100.0), out, time))
}

/// A full block permutation of m-byte blocks: one BPRAM step, σ·m + ℓ (001 §1, Table 2).
pub fn permutation(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let (sigma, ell) = match table_row(ctx, None)? {
        None => (ctx.param("sigma")?, ctx.param("ell")?),
        Some((s, e)) => (ctx.sized_param("sigma", s), ctx.sized_param("ell", e)),
    };
    // σ·m + ℓ is linear in m: the Hockney form with α = ℓ and β = σ.
    Ok(Shape::Linear {
        alpha: ctx.bound("ell", ell),
        beta: ctx.bound("sigma", sigma),
    }
    .evaluation(ctx.size(DEFAULT_SIZE), 1.0, "001 §1, Table 2: σ·m + ℓ"))
}

#[cfg(test)]
mod tests {
    use crate::run;

    /// An algorithm whose g equals the other's says so; once they differ, it costs its own.
    #[test]
    fn an_algorithm_whose_g_is_the_others_says_so() {
        let q = "machine=custom&pattern=h-relation&model=bsp&algo=total-exchange";
        let r = run(q).unwrap();
        assert!(
            r.warnings.iter().any(|w| w.contains("g_total = g_one")),
            "{:?}",
            r.warnings
        );
        let apart = run(&format!("{q}&g_total=3")).unwrap();
        assert!(apart.warnings.is_empty(), "{:?}", apart.warnings);
        assert_ne!(format!("{:?}", r.metrics), format!("{:?}", apart.metrics));
    }

    /// A barrier never pays g, and Hill's values are of one machine size: neither g nor p is
    /// read there, so either given is refused.
    #[test]
    fn the_barrier_refuses_g_and_a_p_its_values_do_not_depend_on() {
        for q in [
            "machine=ibm-sp2&pattern=barrier&model=bsp&g_one=2",
            "machine=intel-paragon&pattern=barrier&model=bsp&g=2",
            "machine=custom&pattern=barrier&model=bsp&p=16",
        ] {
            let e = run(q).unwrap_err().to_string();
            assert!(e.contains("would change nothing"), "{q}: {e}");
        }
        assert!(run("machine=intel-paragon&pattern=barrier&model=bsp&p=16").is_ok());
    }
}
