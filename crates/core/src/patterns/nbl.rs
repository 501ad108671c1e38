//! NBL patterns of 004 (to be completed).

use super::{Ctx, Evaluation};
use crate::catalog::Machine;
use crate::error::Error;
use crate::models::hockney::Hockney;

pub fn combine_algos(_machine: &Machine) -> &'static [&'static str] {
    &["best", "tree", "snake", "fence"]
}

/// L messages of S elements at once, as a linear cost in bytes: Lα + f(L)β·S (004 §2).
pub fn links_cost(ctx: &Ctx, links: u32) -> Result<Hockney, Error> {
    let _ = links;
    Ok(Hockney { alpha: ctx.param("alpha")?, beta: ctx.param("beta")? / 8.0 })
}

pub fn global_combine(ctx: &Ctx) -> Result<Evaluation, Error> {
    Err(Error::Unsupported { key: "machine".into(), value: ctx.machine.id.into(), reason: "not yet".into() })
}
