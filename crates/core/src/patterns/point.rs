//! Point-to-point patterns: ping-pong, send-and-reply and exchange, for every model that has a
//! point-to-point cost.

use super::shape::{Shape, DEFAULT_SIZE};
use super::{atm, hyperbolic, nbl, Ctx, Evaluation};
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::models::packetized::Packetized;
use crate::models::Model;

/// The one-way time of one message on this machine, as a shape, where it has a closed form.
fn one_way(ctx: &Ctx) -> Result<Option<Shape>, Error> {
    Ok(match ctx.model {
        Model::Hockney => Some(Shape::Linear(Hockney {
            alpha: ctx.param("alpha")?,
            beta: ctx.param("beta")?,
        })),
        Model::Hyperbolic => Some(Shape::Hyperbola(hyperbolic::pingpong_block(ctx)?)),
        Model::Packetized => {
            // The sawtooth has no closed-form n½; its hyperbola (000 eq. 2) gives r∞ and n½.
            None
        }
        _ => None,
    })
}

/// One-way time: half the round trip (000 eq. 3, 001 eq. 1, 003 eq. 1).
pub fn pingpong(ctx: &Ctx) -> Result<Evaluation, Error> {
    one_way_scaled(ctx, 1.0)
}

/// Send-and-reply: the message and its reply, twice the one-way time (003 Fig. 3).
pub fn roundtrip(ctx: &Ctx) -> Result<Evaluation, Error> {
    one_way_scaled(ctx, 2.0)
}

fn one_way_scaled(ctx: &Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    match ctx.model {
        Model::AtmPipeline => atm::pingpong(ctx, scale),
        Model::Nbl => Ok(Shape::Linear(nbl::links_cost(ctx, 1)?).evaluation(at, scale)),
        Model::Packetized => {
            let t = Packetized {
                a: ctx.param("a")?,
                m: ctx.param("m")?,
                p: ctx.param("packet")?,
            };
            let smooth = t.hyperbolic();
            let mut e = Shape::Hyperbola(smooth).evaluation(at, scale);
            e.cost = Box::new(move |x| scale * t.time(x));
            Ok(e)
        }
        _ => match one_way(ctx)? {
            Some(shape) => Ok(shape.evaluation(at, scale)),
            None => Err(Error::Unsupported {
                key: "model".into(),
                value: ctx.model.id().into(),
                reason: "this model has no point-to-point cost".into(),
            }),
        },
    }
}

/// Two nodes send and receive at once. The Paragon (001 eq. 2) and the iPSC (003) have a
/// measured exchange fit; the other hypercubes' simplex links give no overlap, so an exchange
/// costs two transfers (003 §Send-and-Reply and Exchange); the DELTA uses two links, L = 2
/// (004 §2); hyperbolic machines reduce their exchange graph (000 Rule 3).
pub fn exchange(ctx: &Ctx) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = match ctx.model {
        Model::Hockney => match (ctx.param("alpha_x"), ctx.param("beta_x")) {
            (Ok(alpha), Ok(beta)) => Shape::Linear(Hockney { alpha, beta }),
            _ => {
                let h = Hockney {
                    alpha: ctx.param("alpha")?,
                    beta: ctx.param("beta")?,
                };
                Shape::Linear(Hockney {
                    alpha: 2.0 * h.alpha,
                    beta: 2.0 * h.beta,
                })
            }
        },
        Model::Hyperbolic => Shape::Hyperbola(hyperbolic::exchange_block(ctx)?),
        Model::Nbl => Shape::Linear(nbl::links_cost(ctx, 2)?),
        other => {
            return Err(Error::Unsupported {
                key: "model".into(),
                value: other.id().into(),
                reason: "exchange is modelled with hockney, hyperbolic or nbl".into(),
            })
        }
    };
    Ok(shape.evaluation(at, 1.0))
}
