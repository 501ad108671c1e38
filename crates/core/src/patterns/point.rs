//! Point-to-point patterns: ping-pong, send-and-reply and exchange, for every model that has a
//! point-to-point cost.

use super::shape::{Shape, DEFAULT_SIZE};
use super::{atm, hyperbolic, nbl};
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::models::hyperbolic::Block;

const ONE_WAY: &str = "000 eq. 3; 001 eq. 1; 003 eq. 1";
const NBL: &str = "004 §2: T(L) = Lα + f(L)βS, S = x/8 elements";

/// 004's cost of L links as a linear shape: α and β per byte with f(L) folded in, bound as
/// the values the model gives (their derivation is 004 §2's, see `nbl::links_cost`).
fn linear(h: Hockney) -> Shape {
    Shape::Linear {
        alpha: Expr::sym("Lα", h.alpha, "µs"),
        beta: Expr::sym("f(L)β/8", h.beta, "µs/B"),
    }
}
use crate::models::packetized::Packetized;
use crate::models::Model;

/// The one-way time of one message on this machine, as a shape, where it has a closed form.
fn one_way(ctx: &Ctx) -> Result<Option<Shape>, Error> {
    Ok(match ctx.model {
        Model::Hockney => Some(Shape::Linear {
            alpha: ctx.sym("alpha")?,
            beta: ctx.sym("beta")?,
        }),
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
        Model::Nbl => Ok(linear(nbl::links_cost(ctx, 1)?).evaluation(at, scale, NBL)),
        Model::Packetized => {
            let t = Packetized {
                a: ctx.param("a")?,
                m: ctx.param("m")?,
                p: ctx.param("packet")?,
            };
            let smooth = t.hyperbolic();
            let smooth = Block {
                a: ctx.bound("a", smooth.a),
                b: ctx.bound("a", t.a) / ctx.bound("packet", t.p) + ctx.bound("m", t.m),
            };
            let mut e = Shape::Hyperbola(smooth).evaluation(at, scale, "000 eq. 1–2");
            e.cost = Box::new(move |x| scale * t.time(x));
            // The time is the sawtooth of eq. 1, not its hyperbola.
            let x = Expr::sym("x", at, "B");
            let saw = ctx.bound("a", t.a) * (x.clone() / ctx.bound("packet", t.p)).ceil()
                + ctx.bound("m", t.m) * x;
            let saw = if scale == 1.0 {
                saw
            } else {
                Expr::num(scale) * saw
            };
            if let Some(d) = e.derivations.iter_mut().find(|(k, _)| *k == "time_us") {
                d.1 = Derivation::new("T", saw, "000 eq. 1");
            }
            Ok(e)
        }
        _ => match one_way(ctx)? {
            Some(shape) => Ok(shape.evaluation(at, scale, ONE_WAY)),
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
            (Ok(alpha), Ok(beta)) => Shape::Linear {
                alpha: ctx.bound("alpha_x", alpha),
                beta: ctx.bound("beta_x", beta),
            },
            _ => Shape::Linear {
                alpha: Expr::num(2.0) * ctx.sym("alpha")?,
                beta: Expr::num(2.0) * ctx.sym("beta")?,
            },
        },
        Model::Hyperbolic => Shape::Hyperbola(hyperbolic::exchange_block(ctx)?),
        Model::Nbl => linear(nbl::links_cost(ctx, 2)?),
        other => {
            return Err(Error::Unsupported {
                key: "model".into(),
                value: other.id().into(),
                reason: "exchange is modelled with hockney, hyperbolic or nbl".into(),
            })
        }
    };
    Ok(shape.evaluation(
        at,
        1.0,
        "001 eq. 2; 003 §Send-and-Reply and Exchange; 004 §2; 000 Rule 3",
    ))
}
