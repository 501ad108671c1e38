//! ATM patterns of 002 (to be completed).

use super::{Ctx, Evaluation};
use crate::catalog::Machine;
use crate::error::Error;

fn todo(ctx: &Ctx) -> Result<Evaluation, Error> {
    Err(Error::Unsupported { key: "machine".into(), value: ctx.machine.id.into(), reason: "not yet".into() })
}

pub fn all_to_all_algos(machine: &Machine) -> &'static [&'static str] {
    if machine.id == "atm-sparc20" {
        &["separate", "multicast"]
    } else {
        &[]
    }
}

pub fn pingpong(ctx: &Ctx, _scale: f64) -> Result<Evaluation, Error> {
    todo(ctx)
}
pub fn all_to_all(ctx: &Ctx) -> Result<Evaluation, Error> {
    todo(ctx)
}
pub fn h_relation(ctx: &Ctx) -> Result<Evaluation, Error> {
    todo(ctx)
}
pub fn broadcast(ctx: &Ctx) -> Result<Evaluation, Error> {
    todo(ctx)
}
pub fn pipelined_send(ctx: &Ctx) -> Result<Evaluation, Error> {
    todo(ctx)
}
pub fn barrier(ctx: &Ctx) -> Result<Evaluation, Error> {
    todo(ctx)
}
