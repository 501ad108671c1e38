//! Collective patterns of 003 on the hypercubes, built from the linear single-link cost
//! t = t_l + N·t_c (003 eq. 1).

use super::shape::DEFAULT_SIZE;
use super::{Ctx, Evaluation};
use crate::error::Error;
use crate::models::hockney::Hockney;

fn link(ctx: &Ctx) -> Result<Hockney, Error> {
    Ok(Hockney {
        alpha: ctx.param("alpha")?,
        beta: ctx.param("beta")?,
    })
}

fn steps(ctx: &Ctx, steps: f64) -> Result<Evaluation, Error> {
    let t = link(ctx)?;
    Ok(Evaluation {
        cost: Box::new(move |x| steps * t.time(x)),
        at: ctx.size(DEFAULT_SIZE),
        metrics: vec![],
        derivations: Vec::new(),
    })
}

/// N-way ring broadcast: node i receives from i−1 and sends to i+1. Every message travels N−1
/// links, and on simplex links each node's receive and send do not overlap, so about 2(N−1)
/// single-link times ("approximately six times" for the 4-node cube, 003 §N-way Broadcast).
pub fn ring_broadcast(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(4);
    steps(ctx, 2.0 * f64::from(p - 1))
}

/// Single-node broadcast by a binomial tree: ⌈log₂ p⌉ single-link steps (003 Fig. 6).
pub fn broadcast(ctx: &Ctx) -> Result<Evaluation, Error> {
    let p = ctx.p(4);
    steps(ctx, f64::from(p).log2().ceil())
}
