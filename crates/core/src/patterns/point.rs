//! Point-to-point patterns: ping-pong, send-and-reply and exchange, for every model that has a
//! point-to-point cost.

use super::shape::{Shape, DEFAULT_SIZE};
use super::{hyperbolic, nbl};
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
use crate::models::packetized::{self, Packetized};

/// Hockney's line, T = α + βx (001 eq. 1, 003 eq. 1), `scale` one-way times.
pub fn hockney(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = Shape::Linear {
        alpha: ctx.sym("alpha")?,
        beta: ctx.sym("beta")?,
    };
    Ok(shape.evaluation(at, scale, ONE_WAY))
}

/// 000's hyperbola of the machine's ping-pong block (000 eq. 2–3), `scale` one-way times.
pub fn hyperbolic(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = Shape::Hyperbola(hyperbolic::pingpong_block(ctx)?);
    Ok(shape.evaluation(at, scale, ONE_WAY))
}

/// 004's single link, L = 1 (004 §2), `scale` one-way times.
pub fn nbl(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = linear(nbl::links_cost(ctx, 1)?);
    Ok(shape.evaluation(at, scale, NBL))
}

/// 000 eq. 1's packet sawtooth, a·⌈x/p⌉ + m·x: r∞ and n½ from its hyperbola (000 eq. 2),
/// which has them in closed form where the sawtooth does not.
pub fn packetized(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let t = Packetized {
        a: ctx.param("a")?,
        m: ctx.param("m")?,
        p: ctx.param("packet")?,
    };
    let smooth = t.hyperbolic();
    let smooth = Block {
        a: ctx.bound("a", smooth.a),
        b: packetized::slope(
            ctx.bound("a", t.a),
            ctx.bound("m", t.m),
            ctx.bound("packet", t.p),
        ),
    };
    let mut e = Shape::Hyperbola(smooth).evaluation(at, scale, "000 eq. 1–2");
    e.cost = Box::new(move |x| scale * t.time(x));
    // The time is the sawtooth of eq. 1, not its hyperbola.
    let x = Expr::sym("x", at, "B");
    let saw = packetized::time(
        ctx.bound("a", t.a),
        ctx.bound("m", t.m),
        ctx.bound("packet", t.p),
        x,
    );
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

/// Two nodes send and receive at once. The Paragon (001 eq. 2) and the iPSC (003) have a
/// measured exchange fit; the other hypercubes' simplex links give no overlap, so an exchange
/// costs two transfers (003 §Send-and-Reply and Exchange).
pub fn exchange_hockney(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = match (ctx.param("alpha_x"), ctx.param("beta_x")) {
        (Ok(alpha), Ok(beta)) => Shape::Linear {
            alpha: ctx.bound("alpha_x", alpha),
            beta: ctx.bound("beta_x", beta),
        },
        _ => Shape::Linear {
            alpha: Expr::num(2.0) * ctx.sym("alpha")?,
            beta: Expr::num(2.0) * ctx.sym("beta")?,
        },
    };
    Ok(shape.evaluation(at, 1.0, "001 eq. 2; 003 §Send-and-Reply and Exchange"))
}

/// An exchange on a hyperbolic machine: its exchange graph reduced (000 Rule 3).
pub fn exchange_hyperbolic(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = Shape::Hyperbola(hyperbolic::exchange_block(ctx)?);
    Ok(shape.evaluation(at, 1.0, "000 Rule 3"))
}

/// An exchange on the DELTA uses two links, L = 2 (004 §2).
pub fn exchange_nbl(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let shape = linear(nbl::links_cost(ctx, 2)?);
    Ok(shape.evaluation(at, 1.0, "004 §2"))
}
