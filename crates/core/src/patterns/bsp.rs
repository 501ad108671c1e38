//! BSP and BPRAM patterns on machines with measured parameters: 001's Paragon tables and
//! Hill's values quoted in 002 Tables 7–10.

use super::shape::{Shape, DEFAULT_SIZE};
use super::{Ctx, Evaluation, Value};
use crate::catalog::{Machine, Network};
use crate::error::Error;
use crate::models::bsp::superstep;
use crate::models::Model;
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

/// g (µs per word) and L (µs) for this machine and p: from 001 Table 1 by p on the Paragon,
/// from Hill's one-relation or total-exchange measurement elsewhere (002 Tables 7–8).
fn g_and_l(ctx: &Ctx, p: u32, algo: Option<&str>) -> Result<(f64, f64), Error> {
    if ctx.set.by_size.is_empty() {
        let g = if algo == Some("total-exchange") {
            ctx.param("g_total")?
        } else {
            ctx.param("g_one")?
        };
        Ok((g, ctx.param("l")?))
    } else {
        let (g, l) = ctx.by_size(p)?;
        Ok((ctx.sized_param("g", g), ctx.sized_param("l", l)))
    }
}

fn bsp_metrics(g: f64, l: f64) -> Vec<(&'static str, Value)> {
    vec![
        ("g_us_per_word", Value::Number(g)),
        ("g_us_per_byte", Value::Number(g / WORD_BYTES)),
        ("l_us", Value::Number(l)),
    ]
}

/// An h-relation followed by a barrier: g·h + L (001 §1; 002 §2.4), with no local work. The
/// abscissa is the bytes each processor sends, 4 per word.
pub fn h_relation(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(DEFAULT_P);
    let (g, l) = g_and_l(ctx, p, ctx.algo(h_relation_algos(ctx.machine)))?;
    let h = ctx.h(DEFAULT_H);
    Ok(Evaluation {
        cost: Box::new(move |bytes| superstep(0.0, g, bytes / WORD_BYTES, l)),
        at: h * WORD_BYTES,
        metrics: bsp_metrics(g, l),
        derivations: Vec::new(),
    })
}

/// A total exchange of `size` bytes per pair as one BSP superstep: an h-relation with
/// h = (p−1)·size/4 words, costed with the total-exchange g where one was measured (002 Table 8).
pub fn total_exchange(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(DEFAULT_P);
    let (g, l) = g_and_l(ctx, p, Some("total-exchange"))?;
    let others = f64::from(p - 1);
    let mut metrics = bsp_metrics(g, l);
    metrics.push(("r_inf_MBps", Value::Number(WORD_BYTES / (g * others))));
    Ok(Evaluation {
        cost: Box::new(move |bytes| superstep(0.0, g, others * bytes / WORD_BYTES, l)),
        at: ctx.size(DEFAULT_SIZE),
        metrics,
        derivations: Vec::new(),
    })
}

/// The barrier alone: the measured L (001 Table 1) or l (002 Tables 9–10); it does not depend
/// on the message size.
pub fn barrier(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(DEFAULT_P);
    let (_, l) = g_and_l(ctx, p, None)?;
    Ok(Evaluation {
        cost: Box::new(move |_| l),
        at: ctx.size(100.0),
        metrics: vec![("l_us", Value::Number(l))],
        derivations: Vec::new(),
    })
}

/// A full block permutation of m-byte blocks: one BPRAM step, σ·m + ℓ (001 §1, Table 2).
pub fn permutation(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(DEFAULT_P);
    let (sigma, ell) = if ctx.set.by_size.is_empty() {
        (ctx.param("sigma")?, ctx.param("ell")?)
    } else {
        let (s, e) = ctx.by_size(p)?;
        (ctx.sized_param("sigma", s), ctx.sized_param("ell", e))
    };
    // σ·m + ℓ is linear in m: the Hockney form with α = ℓ and β = σ.
    Ok(Shape::Linear {
        alpha: ctx.bound("ell", ell),
        beta: ctx.bound("sigma", sigma),
    }
    .evaluation(ctx.size(DEFAULT_SIZE), 1.0, "001 §1, Table 2: σ·m + ℓ"))
}
