//! Collective patterns of 003 on the hypercubes, built from the linear single-link cost
//! t = t_l + N·t_c (003 eq. 1).

use super::shape::DEFAULT_SIZE;

/// A message of N bytes over one link, in 003's symbols: the traffic simulator costs each hop
/// so, and the Traffic view says it.
pub const LINK_COST: Cited = Cited {
    text: "t_l + N·t_c",
    source: "003 eq. 1",
};
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::papers::Cited;

/// `steps` single-link times of the query's message: the cost and its derivation, `steps`
/// being a formula in p (003 eq. 1 for one link).
fn steps(ctx: &mut Ctx, steps: Expr, source: &'static str) -> Result<Evaluation, Error> {
    let t = Hockney {
        alpha: ctx.param("alpha")?,
        beta: ctx.param("beta")?,
    };
    let at = ctx.size(DEFAULT_SIZE);
    let link = ctx.sym("alpha")? + ctx.sym("beta")? * Expr::sym("x", at, "B");
    let k = steps.eval();
    Ok(Evaluation {
        cost: Box::new(move |x| k * t.time(x)),
        at,
        metrics: vec![],
        derivations: vec![("time_us", Derivation::new("T", steps * link, source))],
    })
}

/// N-way ring broadcast: node i receives from i−1 and sends to i+1. Every message travels N−1
/// links, and on simplex links each node's receive and send do not overlap, so about 2(N−1)
/// single-link times ("approximately six times" for the 4-node cube, 003 §N-way Broadcast).
pub fn ring_broadcast(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let p = Expr::sym("p", f64::from(ctx.p(4)), "");
    steps(
        ctx,
        Expr::num(2.0) * (p - Expr::num(1.0)),
        "003 §N-way Broadcast: 2(p − 1) single-link times on simplex links",
    )
}

/// Single-node broadcast by a binomial tree: ⌈log₂ p⌉ single-link steps (003 Fig. 6).
pub fn broadcast(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let p = Expr::sym("p", f64::from(ctx.p(4)), "");
    steps(
        ctx,
        p.log2().ceil(),
        "003 Fig. 6: a binomial tree of ⌈log₂ p⌉ steps",
    )
}
