//! The patterns of 004 on a node-bandwidth-limited machine: global vector combining (004 §3,
//! Appendix 7.1) and the point-to-point costs of L links at once (004 §2) that ping-pong and
//! exchange use. The arithmetic lives in `models::nbl`; this module reads the inputs, picks the
//! defaults, and says where a result leaves what 004 measured.

use super::shape::DEFAULT_SIZE;
use crate::catalog::Machine;
use crate::context::{Ctx, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::models::nbl::{
    self, Algorithm, Combiner, FSet, Linear, Mesh, Nbl, Optimum, Plan, TESTJIG,
};
use crate::units::ELEMENT_BYTES;
use crate::values::Value;

const ALGOS: [&str; 4] = ["best", "tree", "snake", "fence"];

/// `best` (the default: the fastest of the three at each vector length), `tree`, `snake`,
/// `fence` (004 §3.2).
pub fn combine_algos(_machine: &Machine) -> &'static [&'static str] {
    &ALGOS
}

/// Default vector length ([`nbl::DEFAULT_LENGTH`], 10⁴ elements).
pub const DEFAULT_N: f64 = nbl::DEFAULT_LENGTH as f64;
/// Default mesh ([`nbl::DEFAULT_MESH`], 16×16).
pub const DEFAULT_MESH: (u32, u32) = (nbl::DEFAULT_MESH.width, nbl::DEFAULT_MESH.height);
/// The model's parameters from the machine (with overrides) and the `f=` input, `nominal` by
/// default ([`FSet`]).
pub(crate) fn model(ctx: &mut Ctx) -> Result<Nbl, Error> {
    let f = ctx.f();
    Nbl::new(
        ctx.param("alpha")?,
        ctx.param("beta")?,
        ctx.param("c2")?,
        ctx.param("c3")?,
        f,
    )
}

/// What the testjig values at a block size were measured over, for warnings: "S = 300…600".
fn testjig_interval(block: f64) -> String {
    let i = FSet::Testjig.piece_of(block);
    match (TESTJIG.get(i), TESTJIG.get(i + 1)) {
        (Some(a), Some(b)) => format!("S = {}…{}", a.block, b.block),
        _ => "004 Table 1".to_string(),
    }
}

/// L messages of S elements at once, as a linear cost in bytes: L·α + f(L)·β·S with S = bytes/8
/// (004 §2). The testjig's f(L) depends on S, which a linear cost cannot follow: it is taken
/// at the query's size, with a warning.
pub fn links_cost(ctx: &mut Ctx, links: u32) -> Result<Hockney, Error> {
    // A message costs no arithmetic: the combine's c₂ and c₃ are not read, so a value given
    // for them is refused as changing nothing.
    let f = ctx.f();
    let nbl = Nbl::new(ctx.param("alpha")?, ctx.param("beta")?, 0.0, 0.0, f)?;
    let block = ctx.size(DEFAULT_SIZE) / ELEMENT_BYTES;
    let per_elem = nbl.links(links, block)?;
    if nbl.f == FSet::Testjig && links > 1 {
        ctx.warn(format!(
            "f=testjig depends on the block size (004 Table 1): the whole curve uses f({links}) = {:.2}, \
             measured over {} elements, the interval of the query's {block:.0}",
            per_elem.beta / nbl.beta,
            testjig_interval(block)
        ));
    }
    Ok(Hockney {
        alpha: per_elem.alpha,
        beta: per_elem.beta / ELEMENT_BYTES,
    })
}

/// The metric keys of docs/reports.md for one algorithm: its time, and for the pipelined ones the
/// exact and closed-form blocks and the asymptotic cost per element.
fn metric_keys(algorithm: Algorithm) -> (&'static str, Option<[&'static str; 3]>) {
    match algorithm {
        Algorithm::Tree => ("tree_us", None),
        Algorithm::Snake => (
            "snake_us",
            Some([
                "snake_block_elems",
                "snake_block_closed_form_elems",
                "snake_asymptotic_us_per_elem",
            ]),
        ),
        Algorithm::Fence => (
            "fence_us",
            Some([
                "fence_block_elems",
                "fence_block_closed_form_elems",
                "fence_asymptotic_us_per_elem",
            ]),
        ),
    }
}

/// Warns where the mesh has more nodes than the paper measured (the DELTA: 16×32, 004 §4.2).
fn warn_mesh(ctx: &mut Ctx, mesh: Mesh) {
    let (_, most) = ctx.machine.measured_p;
    if mesh.nodes() > u64::from(most) {
        ctx.warn(format!(
            "mesh {}x{} has {} nodes, more than the {most} the paper measured on {}: an extrapolation",
            mesh.width,
            mesh.height,
            mesh.nodes(),
            ctx.machine.name
        ));
    }
}

/// Warns where a pipelined algorithm's optimum at the query's N rests on something 004 does
/// not give: padding, a missing interior optimum, testjig values outside their measured blocks.
fn warn_optimum(ctx: &mut Ctx, nbl: &Nbl, n: u64, o: &Optimum) {
    let name = o.algorithm.id();
    if o.elements > n {
        ctx.warn(format!(
            "{name}'s timeline needs at least 3 blocks (004 Appendix 7.1): n = {n} is costed as {} \
             elements, padded with zeros (the identity of the sum), in {} blocks of {}",
            o.elements, o.blocks, o.block
        ));
    }
    if o.closed_form.is_none() {
        ctx.warn(format!(
            "{name}: the closed-form S_opt has a denominator ≤ 0 on this mesh (004 Appendix 7.1): \
             there is no interior optimum, the time falls as blocks grow, and the exact optimum uses \
             {} blocks of {}",
            o.blocks,
            o.block
        ));
    }
    if nbl.f != FSet::Testjig {
        return;
    }
    let (first, last) = match (TESTJIG.first(), TESTJIG.last()) {
        (Some(a), Some(b)) => (f64::from(a.block), f64::from(b.block)),
        _ => return,
    };
    let block = o.block as f64;
    if block < first || block > last {
        ctx.warn(format!(
            "f=testjig was measured for blocks of {first}…{last} elements (004 Table 1); {name}'s \
             optimal block of {} uses the values of {} (an extrapolation)",
            o.block,
            testjig_interval(block)
        ));
    }
    let next = FSet::Testjig.piece_of(block + 1.0);
    if next != FSet::Testjig.piece_of(block) {
        ctx.warn(format!(
            "{name}'s optimal block of {} sits just below S = {}, where the testjig's f(L) steps \
             up: f is taken as constant on each interval 004 Table 1 measured, so T(S) jumps there",
            o.block,
            o.block + 1
        ));
    }
}

/// Global vector combining on a W×H mesh (004 §3): every node's vector of N elements summed
/// and the result given to all. Inputs: `n` (default 10⁴), `mesh` (default 16x16), `algo`
/// (`best` by default), `f` (`nominal` by default). The curve's abscissa is the vector in
/// bytes, 8 per element; its time is the chosen algorithm's at its exact optimal block for
/// N = ⌈bytes/8⌉ (for `best`, the fastest of the three), which never falls as N grows.
pub fn global_combine(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    let nbl = model(ctx)?;
    let (width, height) = ctx.mesh(DEFAULT_MESH);
    let mesh = Mesh { width, height };
    warn_mesh(ctx, mesh);
    let n = ctx.n(DEFAULT_N).round().max(1.0) as u64;
    let choice = ctx.algo(&ALGOS).and_then(Algorithm::from_id);
    let combiner = Combiner::new(&nbl, mesh);
    if nbl.f == FSet::Testjig {
        ctx.warn(
            "f=testjig: f(3) was not measured (004 Table 1); it is interpolated between f(2) and f(4), \
             and f(5) between f(4) and f(6)",
        );
    }

    let mut derivations = Vec::new();
    let mut fastest: Option<Optimum> = None;
    for algorithm in Algorithm::ALL {
        let plan = match combiner.plan(algorithm) {
            Ok(plan) => plan,
            Err(e) if choice == Some(algorithm) => return Err(e),
            Err(e) => {
                ctx.warn(e.to_string());
                continue;
            }
        };
        let o = plan.optimum(n);
        let (time_key, block_keys) = metric_keys(algorithm);
        derivations.extend(combine_derivations(plan, &o, n, time_key, block_keys));
        if block_keys.is_some() {
            warn_optimum(ctx, &nbl, n, &o);
        }
        if fastest.is_none_or(|f| o.time < f.time) {
            fastest = Some(o);
        }
    }
    derivations.extend(time_derivation(&derivations, choice, fastest));

    let elements = |bytes: f64| (bytes / ELEMENT_BYTES).ceil().max(1.0) as u64;
    let cost: Box<dyn Fn(f64) -> f64> = match choice {
        Some(algorithm) => {
            let plan = combiner.plan(algorithm)?.clone();
            Box::new(move |bytes| plan.time_below(elements(bytes), f64::INFINITY))
        }
        None => Box::new(move |bytes| combiner.best_time(elements(bytes))),
    };
    let mut evaluation = Evaluation::derived(cost, n as f64 * ELEMENT_BYTES, derivations);
    if let Some(f) = fastest {
        let fastest = Value::Text(f.algorithm.id().into());
        evaluation.metrics.push(("fastest", fastest));
    }
    Ok(evaluation)
}

/// The time at the query's N: the chosen algorithm's, or for `best` the fastest's.
fn time_derivation(
    derived: &[(&'static str, Derivation)],
    choice: Option<Algorithm>,
    fastest: Option<Optimum>,
) -> Option<(&'static str, Derivation)> {
    let (algorithm, branch) = match choice {
        Some(a) => (a, None),
        None => (
            fastest?.algorithm,
            Some("algo=best: the fastest of the three (004 §3.2)"),
        ),
    };
    let key = metric_keys(algorithm).0;
    let (_, d) = derived.iter().find(|(k, _)| *k == key)?;
    let mut d = d.clone();
    d.branch.extend(branch);
    Some(("time_us", d))
}

/// 004 Appendix 7.1's timeline summed, T(S) = A + C·S + ⌈N/S⌉(D + E·S), with A, C, D, E bound
/// to the sums on the f(L) piece of the block (`S` a block or the search's variable).
fn summed(lin: &Linear, elements: f64, block: Expr) -> Expr {
    let (a, c) = (
        Expr::sym("A", lin.latency, "µs"),
        Expr::sym("C", lin.per_elem, "µs/elem"),
    );
    let (d, e) = (
        Expr::sym("D", lin.block_latency, "µs"),
        Expr::sym("E", lin.block_per_elem, "µs/elem"),
    );
    let blocks = (Expr::sym("N", elements, "") / block.clone()).ceil();
    a + c * block.clone() + blocks * (d + e * block)
}

const TIMELINE: &str = "004 Appendix 7.1: the timeline summed, T(S) = A + C·S + ⌈N/S⌉(D + E·S)";

/// The derivations of one algorithm's metrics: its time at the exact optimal block (Tree: the
/// whole vector, one block), the search for that block, the closed form √(N·D/C) and the cost
/// per element of long vectors.
fn combine_derivations(
    plan: &Plan,
    o: &Optimum,
    n: u64,
    time_key: &'static str,
    block_keys: Option<[&'static str; 3]>,
) -> Vec<(&'static str, Derivation)> {
    let Some(lin) = plan.linear(o.block) else {
        return Vec::new();
    };
    let elements = o.elements as f64;
    let block = Expr::sym("S*", o.block as f64, "");
    let mut out = Vec::new();
    let Some([block_key, closed_key, asymptotic_key]) = block_keys else {
        let tree = Expr::sym("A", lin.latency, "µs")
            + Expr::sym("C", lin.per_elem, "µs/elem") * Expr::sym("N", elements, "");
        let d = Derivation::new(
            "T_tree",
            tree,
            "004 Appendix 7.1: Tree's timeline summed, A + C·N, the whole vector at each level",
        );
        return vec![(time_key, d)];
    };
    let mut time = Derivation::new("T", summed(lin, elements, block), TIMELINE);
    if o.elements != n {
        time = time.branch(
            "N padded with zeros, the identity of the sum (004 Appendix 7.1 needs ⌈N/S⌉ ≥ 3)",
        );
    }
    out.push((time_key, time));
    let search = Expr::ArgMin {
        var: "S",
        domain: "∈ ℕ, ⌈N/S⌉ ≥ 3",
        objective: Box::new(summed(lin, elements, Expr::Var("S"))),
        found: o.block as f64,
    };
    out.push((
        block_key,
        Derivation::new(
            "S*",
            search,
            "004 Appendix 7.1: the whole S minimising T(S), B = ⌈N/S⌉ ≥ 3",
        ),
    ));
    if o.closed_form.is_some() {
        let n = Expr::sym("N", n.min(nbl::MAX_ELEMENTS) as f64, "");
        let root = (n * Expr::sym("D", lin.block_latency, "µs")
            / Expr::sym("C", lin.per_elem, "µs/elem"))
        .sqrt();
        out.push((
            closed_key,
            Derivation::new(
                "S",
                root,
                "004 Appendix eq. (1): dT/dS = 0 gives √(N·D/C) (f(L) at the optimal block)",
            ),
        ));
    }
    let e = Expr::sym("E", plan.per_elem_asymptotic(), "µs/elem");
    out.push((
        asymptotic_key,
        Derivation::new(
            "t",
            e,
            "004 §4.2: T(N)/N as N → ∞, E of the per-block rows (f(L)β + c) for long vectors",
        ),
    ));
    out
}
