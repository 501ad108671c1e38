//! The node-bandwidth-limited (NBL) model of 004 §2 and the global vector combining algorithms
//! of 004 §3 and Appendix 7.1 (Tree, Snake, Fence) on a W×H mesh.
//!
//! 004 §2 extends the standard cost α + βS of one message to L messages of S elements sent at
//! nominally the same time by one node: T(L) = L·α + f(L)·β·S. The f(L) sets are those of
//! listed in [`FSet`]. Each combining algorithm is a *timeline* of 004 Appendix 7.1 — rows of
//! (how many steps, how many links are active, which combining work is done) — held as data
//! ([`Algorithm::timeline`]) and costed by one function ([`Plan::new`] sums the rows into the
//! form T(S) = A + C·S + B·(D + E·S), B = ⌈N/S⌉ blocks). The optimal block size is found
//! exactly over the integers ([`Plan::optimum`]) and reported beside the closed form
//! ([`Linear::continuous_block`]).
//!
//! Each step is costed as L·α + f(L)·β·S + c·S, as 004 §2 defines T(L). 004's appendix writes
//! "L·(α + f(L)βS)", but its Fence S_opt (eq. 1) follows only from L·α + f(L)·β·S (see docs/models.md).

use serde::Serialize;

use crate::derivation;
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::papers::Cited;

/// The most links a node of a 2-D mesh can have active at once: it sends and receives on each
/// of its four neighbours (004 §4.2, Fig. 6). 004's algorithms use at most six.
pub const MAX_LINKS: u32 = 8;

/// What a machine needs for this model, as a view that cannot show one without them says.
pub const PARAMETERS: Cited = Cited {
    text: "node-bandwidth-limited parameters",
    source: "004 §2",
};

/// The closed-form optimal block of the pipelined algorithms, Snake and Fence, in 004's
/// symbols (§3, Appendix 7.1; [`Linear::continuous_block`]), as the pages name it.
pub const CLOSED_FORM_BLOCK: &str = "√(N·D/C)";

/// The f(L) sets (`f=`): how concurrent transfers share a node's bandwidth.
///
/// The default is `nominal`, f(L) = L: 004 §4.2 finds the DELTA "almost perfectly NBL
/// constrained" for long messages and recommends the nominal model for evaluating
/// unimplemented algorithms, since the fitted values do not describe the testjig.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FSet {
    /// f(L) = 1: perfect overlap, the standard model (004 §4.1).
    Standard,
    /// f(L) = L: no overlap at all, node bandwidth equal to link bandwidth (004 §4.1).
    #[default]
    Nominal,
    /// f(2) = 1.1, f(3) = 1.3, f(4) = 3.9, f(6) = 5.1, fitted to the measured combining times
    /// (004 §4.2).
    Fitted,
    /// The block-size dependent values of 004 Table 1's testjig.
    Testjig,
}

impl FSet {
    pub const ALL: [FSet; 4] = [FSet::Standard, FSet::Nominal, FSet::Fitted, FSet::Testjig];

    pub fn id(self) -> &'static str {
        match self {
            FSet::Standard => "standard",
            FSet::Nominal => "nominal",
            FSet::Fitted => "fitted",
            FSet::Testjig => "testjig",
        }
    }

    /// The pieces of the block-size axis on which f(L) is constant, in order: the first block
    /// size S (elements) of each piece and f(L) on it. Only `testjig` has more than one piece:
    /// Table 1 measures f(L) as a ratio of slopes over S = 60…120, 120…300 and 300…600, so
    /// each interval's values hold from its first S to the next interval's, the first interval's
    /// also below 60 and the last one's also above 600 (both extrapolations). Piecewise-constant
    /// f keeps T(S) of the same form on each piece, which is what makes the block-size search
    /// exact ([`Plan::optimum`]).
    pub fn pieces(self) -> Vec<(u64, Overlap)> {
        match self {
            FSet::Standard => vec![(1, Overlap::from_fn(|_| 1.0))],
            FSet::Nominal => vec![(1, Overlap::from_fn(f64::from))],
            FSet::Fitted => vec![(1, Overlap::measured(&FITTED))],
            FSet::Testjig => TESTJIG
                .iter()
                .zip(TESTJIG.iter().skip(1))
                .enumerate()
                .map(|(i, (lower, upper))| {
                    let from = if i == 0 { 1 } else { u64::from(lower.block) };
                    let points: Vec<(u32, f64)> = TESTJIG_LINKS
                        .into_iter()
                        .zip(testjig_f(lower, upper))
                        .collect();
                    (from, Overlap::measured(&points))
                })
                .collect(),
        }
    }

    /// The index in [`FSet::pieces`] of the piece holding block size `block` (elements); for
    /// `testjig` it is also the interval of Table 1's rows whose f(L) is used.
    pub fn piece_of(self, block: f64) -> usize {
        self.pieces()
            .iter()
            .rposition(|(from, _)| *from as f64 <= block)
            .unwrap_or(0)
    }

    /// f(L) at block size `block` (elements).
    pub fn overlap(self, block: f64) -> Overlap {
        let pieces = self.pieces();
        let piece = pieces.get(self.piece_of(block)).or(pieces.first());
        piece.map_or(Overlap::from_fn(f64::from), |(_, o)| *o)
    }
}

/// f(L) for L = 1…[`MAX_LINKS`] under one f-set at one block size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlap([f64; MAX_LINKS as usize]);

impl Overlap {
    fn from_fn(f: impl Fn(u32) -> f64) -> Overlap {
        let mut values = [0.0; MAX_LINKS as usize];
        for (l, v) in (1..=MAX_LINKS).zip(values.iter_mut()) {
            *v = f(l);
        }
        Overlap(values)
    }

    /// f(L) from measured points (L, f), sorted by L and starting at f(1) = 1. An L between two
    /// measured ones is interpolated linearly (the testjig's f(3), 004 Table 1 not having
    /// measured three links; f(5) of both measured sets). Beyond the last measured L each link
    /// keeps the last measured overlap per link, f(L) = f(L_last)·L/L_last.
    fn measured(points: &[(u32, f64)]) -> Overlap {
        Overlap::from_fn(|l| {
            let below = points.iter().rev().find(|(pl, _)| *pl <= l);
            let above = points.iter().find(|(pl, _)| *pl >= l);
            match (below, above) {
                (Some(&(l0, f0)), Some(&(l1, f1))) if l1 > l0 => {
                    f0 + (f1 - f0) * f64::from(l - l0) / f64::from(l1 - l0)
                }
                (Some(&(l0, f0)), _) => f0 * f64::from(l) / f64::from(l0),
                (None, _) => f64::from(l),
            }
        })
    }

    /// f(L) for L = 1…[`MAX_LINKS`].
    pub fn f(&self, links: u32) -> Result<f64, Error> {
        links
            .checked_sub(1)
            .and_then(|i| self.0.get(i as usize))
            .copied()
            .ok_or_else(|| Error::Unsupported {
                key: "f".into(),
                value: links.to_string(),
                reason: format!(
                    "f(L) is defined for L = 1 to {MAX_LINKS} links active at once (a mesh node's \
                     four neighbours, both directions; 004 §4.2)"
                ),
            })
    }
}

/// The fitted f(L) of 004 §4.2, with f(1) = 1 by definition (004 §2).
pub const FITTED: [(u32, f64); 5] = [(1, 1.0), (2, 1.1), (3, 1.3), (4, 3.9), (6, 5.1)];

/// One row of 004 Table 1: block size S (doubles) and the total time T (µs) with L = 1, 2, 4
/// and 6 links active ([`TESTJIG_LINKS`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TestjigRow {
    pub block: u32,
    pub times: [f64; 4],
}

/// The link counts of 004 Table 1's columns.
pub const TESTJIG_LINKS: [u32; 4] = [1, 2, 4, 6];

/// 004 Table 1, the T columns as printed.
pub const TESTJIG: [TestjigRow; 4] = [
    TestjigRow {
        block: 60,
        times: [74.0, 129.0, 259.0, 345.0],
    },
    TestjigRow {
        block: 120,
        times: [139.0, 235.0, 398.0, 575.0],
    },
    TestjigRow {
        block: 300,
        times: [293.0, 502.0, 833.0, 1222.0],
    },
    TestjigRow {
        block: 600,
        times: [525.0, 942.0, 1733.0, 2578.0],
    },
];

/// f(L) = dT(L)/dT(1) between two rows of Table 1 (its caption), for L = 1, 2, 4, 6. Computed
/// from the T columns rather than read from the printed f columns: those are rounded, and the
/// first f(6) is misprinted (3.8 where 230/65 = 3.54).
pub fn testjig_f(lower: &TestjigRow, upper: &TestjigRow) -> [f64; 4] {
    let dt = |i: usize| upper.times[i] - lower.times[i];
    [1.0, dt(1) / dt(0), dt(2) / dt(0), dt(3) / dt(0)]
}

/// The parameters of the NBL model (004 §2, §7.2) and the f-set in use. Times in µs, sizes in
/// elements (8-byte doubles on the DELTA).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Nbl {
    /// α, start-up per message (µs).
    pub alpha: f64,
    /// β, transfer time per element on one link (µs/element).
    pub beta: f64,
    /// c₂, combining two vectors, per element (µs).
    pub c2: f64,
    /// c₃, combining three vectors at once, per element (µs).
    pub c3: f64,
    pub f: FSet,
}

/// Parameters above this are rejected: far beyond any machine, and small enough that every
/// timeline's time stays finite.
const MAX_PARAM: f64 = 1e9;

impl Nbl {
    /// Validates the parameters: each finite, ≥ 0 and at most 10⁹, so that every cost is a
    /// finite non-negative number and the block-size search's lower bound holds.
    pub fn new(alpha: f64, beta: f64, c2: f64, c3: f64, f: FSet) -> Result<Nbl, Error> {
        for (key, v) in [("alpha", alpha), ("beta", beta), ("c2", c2), ("c3", c3)] {
            if !(0.0..=MAX_PARAM).contains(&v) {
                return Err(Error::invalid(key, v, "a finite number from 0 to 10⁹"));
            }
        }
        Ok(Nbl {
            alpha,
            beta,
            c2,
            c3,
            f,
        })
    }

    /// L messages of S elements at once as a linear cost in S: T(L) = L·α + f(L)·β·S (004 §2),
    /// with f(L) taken at block size `block` (only the testjig set depends on it).
    pub fn links(&self, links: u32, block: f64) -> Result<Hockney, Error> {
        let f = self.f.overlap(block).f(links)?;
        Ok(Hockney {
            alpha: f64::from(links) * self.alpha,
            beta: f * self.beta,
        })
    }
}

/// L messages of S elements on L links at once: T(L) = L·α + f(L)·β·S (004 §2), over any
/// [`derivation::Quantity`]. [`Nbl::links`] gives the same cost as the line `L·α + (f(L)·β)·S`.
pub fn links_time<Q: derivation::Quantity>(links: Q, alpha: Q, f: Q, beta: Q, s: Q) -> Q {
    links * alpha + f * beta * s
}

/// Global combining's default vector length: 10⁴ elements, inside both the 10²…5×10⁵ 004 §4.2
/// measured and the 10³…10⁵ of the molecular dynamics it was written for (004 §3.1). The
/// `global-combine` pattern and the block-size sweep (`regimes`) share it.
pub const DEFAULT_LENGTH: u64 = 10_000;

/// Global combining's default mesh: 16×16, one of the three 004 §4.2 measured.
pub const DEFAULT_MESH: Mesh = Mesh {
    width: 16,
    height: 16,
};

/// A W×H mesh (004 Appendix 7.1: W nodes per row, H per column, P = W·H).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Mesh {
    pub width: u32,
    pub height: u32,
}

impl Mesh {
    pub fn nodes(self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// The levels of Tree: ⌈log₂ W⌉ + ⌈log₂ H⌉. 004 writes log₂ W + log₂ H for powers of two;
    /// halving a row of W nodes until one is left takes ⌈log₂ W⌉ steps for any W.
    pub fn tree_levels(self) -> u32 {
        let ceil_log2 = |x: u32| x.max(1).next_power_of_two().trailing_zeros();
        ceil_log2(self.width) + ceil_log2(self.height)
    }
}

/// The three combining algorithms of 004 §3.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    Tree,
    Snake,
    Fence,
}

/// What a count of steps in a timeline is made of (004 Appendix 7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Quantity {
    One,
    /// ⌈log₂ W⌉ + ⌈log₂ H⌉ ([`Mesh::tree_levels`]).
    TreeLevels,
    /// P = W·H.
    Nodes,
    /// W.
    Width,
    /// H.
    Height,
    /// B = ⌈N/S⌉.
    Blocks,
}

impl Quantity {
    /// The quantity as 004 writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Quantity::One => "1",
            Quantity::TreeLevels => "log₂ W + log₂ H",
            Quantity::Nodes => "P",
            Quantity::Width => "W",
            Quantity::Height => "H",
            Quantity::Blocks => "B",
        }
    }
}

/// The combining work a step does per element of its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Work {
    None,
    /// c₂: two vectors.
    Two,
    /// c₃: three vectors at once.
    Three,
}

/// One row of a timeline: `quantity − less` steps, each with `links` links active and `work`
/// done on one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub quantity: Quantity,
    pub less: u32,
    pub links: u32,
    pub work: Work,
    /// 004's comment on the row.
    pub comment: &'static str,
}

const fn step(
    quantity: Quantity,
    less: u32,
    links: u32,
    work: Work,
    comment: &'static str,
) -> Step {
    Step {
        quantity,
        less,
        links,
        work,
        comment,
    }
}

/// Tree (004 §3.2, Appendix 7.1): T = (log₂ W + log₂ H)·(2(α + f(1)βN) + c₂N). Each level is
/// one message of the whole vector in and one out, so Tree is written as a combining and a
/// broadcast row whose block is the whole vector.
const TREE: [Step; 2] = [
    step(
        Quantity::TreeLevels,
        0,
        1,
        Work::Two,
        "half the nodes send all their data to the other half, which combine",
    ),
    step(
        Quantity::TreeLevels,
        0,
        1,
        Work::None,
        "the result is broadcast back down the tree",
    ),
];

/// Snake's timeline as 004 Appendix 7.1 tabulates it (B ≥ 3).
const SNAKE: [Step; 7] = [
    step(
        Quantity::One,
        0,
        1,
        Work::Two,
        "node P−1 sends, P−2 receives",
    ),
    step(
        Quantity::Nodes,
        2,
        2,
        Work::Two,
        "some node sends and receives partially combined data",
    ),
    step(
        Quantity::One,
        0,
        3,
        Work::Two,
        "node 1 also receives the final result",
    ),
    step(
        Quantity::Blocks,
        3,
        4,
        Work::Two,
        "node 1 sends and receives data and final results",
    ),
    step(
        Quantity::One,
        0,
        3,
        Work::Two,
        "node 1 sends partially combined data, sends and receives final results",
    ),
    step(
        Quantity::Nodes,
        2,
        2,
        Work::None,
        "some node sends and receives final results",
    ),
    step(
        Quantity::One,
        0,
        1,
        Work::None,
        "node P−2 sends P−1 the final results",
    ),
];

/// Fence's timeline as 004 Appendix 7.1 tabulates it (B ≥ 3). Its W−2 rows need W ≥ 2.
const FENCE: [Step; 9] = [
    step(
        Quantity::One,
        0,
        1,
        Work::Two,
        "first block starts down from the top",
    ),
    step(
        Quantity::Height,
        1,
        2,
        Work::Two,
        "first block continues down, turns the corner",
    ),
    step(
        Quantity::Width,
        2,
        3,
        Work::Three,
        "3-way combining along the bottom row",
    ),
    step(
        Quantity::One,
        0,
        4,
        Work::Three,
        "result turns around at node (0,0)",
    ),
    step(
        Quantity::Blocks,
        3,
        6,
        Work::Three,
        "3-way combining and 2-way fan-out along the bottom row",
    ),
    step(
        Quantity::One,
        0,
        4,
        Work::Three,
        "final block goes to node (0,0)",
    ),
    step(
        Quantity::Width,
        2,
        3,
        Work::None,
        "results return along the bottom row",
    ),
    step(
        Quantity::Height,
        1,
        2,
        Work::None,
        "last result block turns the corner and goes up",
    ),
    step(
        Quantity::One,
        0,
        1,
        Work::None,
        "last block enters the upper right node",
    ),
];

impl Algorithm {
    pub const ALL: [Algorithm; 3] = [Algorithm::Tree, Algorithm::Snake, Algorithm::Fence];

    pub fn id(self) -> &'static str {
        match self {
            Algorithm::Tree => "tree",
            Algorithm::Snake => "snake",
            Algorithm::Fence => "fence",
        }
    }

    pub fn from_id(id: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.id() == id)
    }

    /// Whether it pipelines the vector in blocks of S elements, whose size is chosen (Snake and
    /// Fence, 004 §3.2); Tree combines whole vectors.
    pub fn pipelined(self) -> bool {
        self != Algorithm::Tree
    }

    /// The algorithm's timeline (004 Appendix 7.1).
    pub fn timeline(self) -> &'static [Step] {
        match self {
            Algorithm::Tree => &TREE,
            Algorithm::Snake => &SNAKE,
            Algorithm::Fence => &FENCE,
        }
    }
}

/// A timeline summed over its rows for one mesh and one f(L):
/// T(S) = A + C·S + B·(D + E·S), with B = ⌈N/S⌉ the number of blocks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Linear {
    /// A: start-ups of the steps whose count does not depend on B (µs).
    pub latency: f64,
    /// C: their transfer and combining time per element of the block (µs/element).
    pub per_elem: f64,
    /// D: start-ups per block (µs).
    pub block_latency: f64,
    /// E: transfer and combining time per block per element (µs/element): the asymptotic cost
    /// per element of a long vector, e.g. f(4)β + c₂ for Snake and f(6)β + c₃ for Fence.
    pub block_per_elem: f64,
}

impl Linear {
    /// Sums an algorithm's timeline (the one costing function of every algorithm): a step of
    /// L links costs L·α + f(L)·β·S + c·S (004 §2), and a row repeats it `quantity − less`
    /// times. A row whose count is negative on this mesh (Fence's W − 2 on a one-wide mesh)
    /// makes the algorithm inapplicable.
    pub fn new(
        algorithm: Algorithm,
        nbl: &Nbl,
        overlap: &Overlap,
        mesh: Mesh,
    ) -> Result<Linear, Error> {
        let mut sum = Linear {
            latency: 0.0,
            per_elem: 0.0,
            block_latency: 0.0,
            block_per_elem: 0.0,
        };
        for step in algorithm.timeline() {
            let count = match step.quantity {
                Quantity::One => 1,
                Quantity::TreeLevels => u64::from(mesh.tree_levels()),
                Quantity::Nodes => mesh.nodes(),
                Quantity::Width => u64::from(mesh.width),
                Quantity::Height => u64::from(mesh.height),
                // B − less: B of them per block, −less among the fixed steps.
                Quantity::Blocks => 0,
            };
            let work = match step.work {
                Work::None => 0.0,
                Work::Two => nbl.c2,
                Work::Three => nbl.c3,
            };
            let start = f64::from(step.links) * nbl.alpha;
            let per_elem = overlap.f(step.links)? * nbl.beta + work;
            if step.quantity == Quantity::Blocks {
                sum.block_latency += start;
                sum.block_per_elem += per_elem;
            } else if count < u64::from(step.less) {
                return Err(Error::Unsupported {
                    key: "mesh".into(),
                    value: format!("{}x{}", mesh.width, mesh.height),
                    reason: format!(
                        "{} does not apply: its row \"{}\" has {} − {} < 0 steps on this mesh \
                         (004 Appendix 7.1)",
                        algorithm.id(),
                        step.comment,
                        step.quantity.symbol(),
                        step.less
                    ),
                });
            }
            let fixed = count as f64 - f64::from(step.less);
            sum.latency += fixed * start;
            sum.per_elem += fixed * per_elem;
        }
        Ok(sum)
    }

    /// T(S) with B blocks.
    pub fn time(&self, block: u64, blocks: u64) -> f64 {
        self.time_f(block as f64, blocks as f64)
    }

    /// T(S) with B blocks, both held in f64: the one formula every cost goes through.
    #[inline(always)]
    fn time_f(&self, block: f64, blocks: f64) -> f64 {
        self.latency
            + self.per_elem * block
            + blocks * (self.block_latency + self.block_per_elem * block)
    }

    /// g(S) = T(S) with B replaced by N/S: A + N·E + C·S + N·D/S. Since 0 ≤ ⌈N/S⌉ − N/S < 1 and
    /// D + E·S ≥ 0, g(S) ≤ T(S) < g(S) + D + E·S; g is convex in S.
    pub fn lower_bound(&self, n: f64, block: f64) -> f64 {
        self.latency
            + n * self.block_per_elem
            + self.per_elem * block
            + n * self.block_latency / block
    }

    /// The closed-form optimal block: dg/dS = 0 gives S = √(N·D/C) ([`CLOSED_FORM_BLOCK`]). For Fence this is 004
    /// eq. (1) as printed; for Snake it is √(4Nα / ((P−2)(c₂+2βf(2)) + 2βf(1) + 2βf(3) −
    /// 3βf(4))), not 004's printed form, which does not follow from its own T(S) (see docs/models.md).
    /// `None` when C ≤ 0: then g falls all the way, and the fewest blocks (3) are best.
    pub fn continuous_block(&self, n: f64) -> Option<f64> {
        (self.per_elem > 0.0).then(|| (n * self.block_latency / self.per_elem).sqrt())
    }
}

/// The longest vector the search takes, 2⁵²: below it f64 holds every block size and block
/// count exactly and ⌈N/S⌉ computed in f64 is exact, which keeps the search's inner loop free of
/// integer division. Longer vectors (beyond any machine by many orders of magnitude) are
/// costed as this long.
pub const MAX_ELEMENTS: u64 = 1 << 52;

/// One piece of the block-size axis (see [`FSet::pieces`]) with the timeline summed on it and
/// what the search needs of it for every N.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Piece {
    /// The first block size of the piece (an integer ≥ 1).
    from: f64,
    lin: Linear,
    /// √(D/C) where C > 0: the closed-form block is √N times this.
    root_ratio: Option<f64>,
    /// 2√(C·D) where C > 0: min g = A + N·E + √N times this.
    root_product: f64,
}

/// An algorithm costed on one mesh under one f-set, ready to be evaluated at many N.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub algorithm: Algorithm,
    pieces: Vec<Piece>,
    /// The fewest blocks the timeline is written for (the `less` of its B row: 3, 004
    /// Appendix 7.1); 0 for Tree, which does not pipeline.
    min_blocks: u64,
}

/// The best block found so far: time, block, blocks and the piece it lies on. `block == 0`
/// means none yet.
#[derive(Clone, Copy, Debug)]
struct Best {
    time: f64,
    block: f64,
    blocks: f64,
    piece: usize,
}

impl Best {
    /// Nothing found yet; only times up to `ceiling` will be taken.
    fn below(ceiling: f64) -> Best {
        Best {
            time: ceiling,
            block: 0.0,
            blocks: 0.0,
            piece: 0,
        }
    }

    /// The time beyond which a lower bound rules a block out: the best time plus a relative
    /// slack far above f64 rounding in T and g, so that rounding never rules out a block that
    /// is really as good as the best.
    #[inline(always)]
    fn limit(&self) -> f64 {
        self.time + self.time.abs() * 1e-12
    }

    /// Takes a candidate that is faster, or as fast with a smaller block.
    #[inline(always)]
    fn offer(&mut self, time: f64, block: f64, blocks: f64, piece: usize) {
        if time < self.time || (time == self.time && (self.block == 0.0 || block < self.block)) {
            *self = Best {
                time,
                block,
                blocks,
                piece,
            };
        }
    }
}

/// The time of an algorithm at its exact optimal block.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Optimum {
    pub algorithm: Algorithm,
    /// The vector length costed: N, or N padded with zeros (the identity of the sum) where the
    /// timeline needs more elements or a longer vector is cheaper ([`Plan::optimum`]).
    pub elements: u64,
    /// S, the block size (elements); N for Tree.
    pub block: u64,
    /// B = ⌈elements/S⌉; 1 for Tree.
    pub blocks: u64,
    /// µs.
    pub time: f64,
    /// The closed-form block √(N·D/C) for the given N on the f(L) piece of the optimum
    /// ([`Linear::continuous_block`]); `None` for Tree and where C ≤ 0.
    pub closed_form: Option<f64>,
}

impl Plan {
    /// Sums the algorithm's timeline on each f(L) piece. Fails where the algorithm does not
    /// apply to the mesh.
    pub fn new(nbl: &Nbl, algorithm: Algorithm, mesh: Mesh) -> Result<Plan, Error> {
        let mut pieces = Vec::new();
        for (from, overlap) in nbl.f.pieces() {
            let lin = Linear::new(algorithm, nbl, &overlap, mesh)?;
            let (c, d) = (lin.per_elem, lin.block_latency);
            let root_ratio = (c > 0.0).then(|| (d / c).sqrt());
            let root_product = if c > 0.0 { 2.0 * (c * d).sqrt() } else { 0.0 };
            pieces.push(Piece {
                from: from.max(1) as f64,
                lin,
                root_ratio,
                root_product,
            });
        }
        let min_blocks = algorithm
            .timeline()
            .iter()
            .filter(|s| s.quantity == Quantity::Blocks)
            .map(|s| u64::from(s.less))
            .max()
            .unwrap_or(0);
        Ok(Plan {
            algorithm,
            pieces,
            min_blocks,
        })
    }

    /// Whether the algorithm pipelines blocks (Snake, Fence) or sends whole vectors (Tree).
    pub fn pipelined(&self) -> bool {
        self.min_blocks > 0
    }

    /// The fewest blocks the timeline is written for: 3 for Snake and Fence (004 Appendix
    /// 7.1), 0 for Tree.
    pub fn min_blocks(&self) -> u64 {
        self.min_blocks
    }

    /// The timeline summed for blocks of `block` elements (on the f(L) piece holding it).
    pub fn linear(&self, block: u64) -> Option<&Linear> {
        self.pieces.get(self.piece_of(block)).map(|p| &p.lin)
    }

    /// lim T(N)/N as N → ∞ at the optimal block (µs/element): E of the last f(L) piece for
    /// Snake and Fence, whose optimal block grows as √N (f(4)β + c₂ and f(6)β + c₃), and C
    /// for Tree, which sends the whole vector.
    pub fn per_elem_asymptotic(&self) -> f64 {
        let lin = self.pieces.last().map(|p| p.lin);
        lin.map_or(0.0, |l| {
            if self.pipelined() {
                l.block_per_elem
            } else {
                l.per_elem
            }
        })
    }

    /// The index of the piece holding block size `block`.
    fn piece_of(&self, block: u64) -> usize {
        self.pieces
            .iter()
            .rposition(|p| p.from <= block as f64)
            .unwrap_or(0)
    }

    /// T for a vector of `n` elements in blocks of `block` elements, B = ⌈n/block⌉; `None`
    /// where the timeline does not apply (fewer than 3 blocks, or block 0). Tree sends the
    /// whole vector at each step: its block is n whatever `block` says.
    pub fn time(&self, n: u64, block: u64) -> Option<f64> {
        let block = if self.pipelined() { block } else { n };
        if block == 0 {
            return None;
        }
        let blocks = n.div_ceil(block);
        if blocks < self.min_blocks {
            return None;
        }
        self.linear(block).map(|lin| lin.time(block, blocks))
    }

    /// The exact optimum for a vector of `n` elements (at most [`MAX_ELEMENTS`]).
    ///
    /// Snake and Fence minimise T(S) over the integers S with B = ⌈N/S⌉ ≥ 3 (see docs/models.md). Two
    /// cases are padded with zeros, the identity of the sum, so that the time never falls as N
    /// grows (a longer vector can always carry a shorter one): N < 3, for which no block gives
    /// three blocks, is costed as N = 3 (S = 1); and where the largest allowed block leaves
    /// more than 3 blocks, the next length that allows a larger block is also tried. With
    /// B ≥ 3 that happens only at N = 4 (S = 1, B = 4), against N = 5 (S = 2, B = 3): for every
    /// other N the block a new length allows gives B = 3 and costs at least what the previous
    /// largest block did, since C + 3E > 0 (every row's per-element cost is ≥ 0).
    pub fn optimum(&self, n: u64) -> Optimum {
        let (best, elements) = self.search(n, f64::INFINITY);
        let n = n.min(MAX_ELEMENTS);
        let closed_form = if self.pipelined() {
            let piece = self.pieces.get(best.piece);
            piece.and_then(|p| p.lin.continuous_block(n as f64))
        } else {
            None
        };
        Optimum {
            algorithm: self.algorithm,
            elements,
            block: best.block as u64,
            blocks: best.blocks as u64,
            time: best.time,
            closed_form,
        }
    }

    /// The optimal time if it is below `ceiling`, else `ceiling`: the same exact search, pruned
    /// by the ceiling, for when only the fastest algorithm matters.
    pub fn time_below(&self, n: u64, ceiling: f64) -> f64 {
        self.search(n, ceiling).0.time.min(ceiling)
    }

    /// The best block and the vector length it is for (see [`Plan::optimum`]).
    fn search(&self, n: u64, ceiling: f64) -> (Best, u64) {
        let n = n.min(MAX_ELEMENTS);
        // Exact: n < 2⁵² (and a signed conversion is a single instruction).
        let nf = n as i64 as f64;
        let mut best = Best::below(ceiling);
        if !self.pipelined() {
            let piece = self.piece_of(n);
            if let Some(p) = self.pieces.get(piece) {
                best.offer(p.lin.time_f(nf, 1.0), nf, 1.0, piece);
            }
            return (best, n);
        }
        let k = self.min_blocks as f64;
        let m = nf.max(k);
        // The largest S with ⌈m/S⌉ ≥ k is ⌊(m−1)/(k−1)⌋.
        let largest = floor_div(m - 1.0, k - 1.0);
        self.search_length(m, largest, &mut best);
        if largest * k < m {
            let longer = (largest + 1.0) * (k - 1.0) + 1.0;
            let mut padded = Best::below(best.time);
            self.search_length(longer, largest + 1.0, &mut padded);
            if padded.block > 0.0 && padded.time < best.time {
                return (padded, longer as u64);
            }
        }
        (best, m as u64)
    }

    /// The pieces of f(L) as (index, piece, lo, hi) for blocks 1…`largest`, each with its
    /// continuous optimum (clamped to the piece later) and the least value of g on it.
    fn bounded_pieces(
        &self,
        n: f64,
        largest: f64,
    ) -> impl Iterator<Item = (usize, &Piece, (f64, f64), f64, f64)> {
        let root_n = n.sqrt();
        self.pieces
            .iter()
            .enumerate()
            .filter_map(move |(i, piece)| {
                let hi = self
                    .pieces
                    .get(i + 1)
                    .map_or(largest, |next| (next.from - 1.0).min(largest));
                let lin = &piece.lin;
                // Where C > 0, min g = A + N·E + 2√(N·C·D), without a division.
                let (target, floor) = match piece.root_ratio {
                    Some(r) => (
                        root_n * r,
                        lin.latency + n * lin.block_per_elem + root_n * piece.root_product,
                    ),
                    None => (hi, lin.lower_bound(n, hi)),
                };
                (piece.from <= hi).then_some((i, piece, (piece.from, hi), target, floor))
            })
    }

    /// A lower bound of the optimal time for `n` elements given √n, in a few multiplications:
    /// Tree's time, or for Snake and Fence the least g over all blocks of any piece (g only
    /// grows with N, so this also bounds a vector padded to more elements). Where C ≤ 0, g
    /// falls with S, and every allowed block is below N/2.
    fn floor(&self, n: f64, root_n: f64) -> f64 {
        self.pieces.iter().fold(f64::INFINITY, |floor, piece| {
            let lin = &piece.lin;
            let least = if !self.pipelined() {
                lin.latency + lin.per_elem * n
            } else if piece.root_ratio.is_some() {
                lin.latency + n * lin.block_per_elem + root_n * piece.root_product
            } else {
                lin.lower_bound(n, n / 2.0)
            };
            floor.min(least)
        })
    }

    /// The exact minimum of T(S) over 1 ≤ S ≤ `largest` for a vector of `n` elements, piece by
    /// piece of f(L), skipping pieces whose least g exceeds the best time.
    fn search_length(&self, n: f64, largest: f64, best: &mut Best) {
        for (i, piece, range, target, floor) in self.bounded_pieces(n, largest) {
            if floor <= best.limit() {
                search_piece(&piece.lin, n, range, target, i, best);
            }
        }
    }
}

/// The exact minimum of T(S) = A + C·S + B·(D + E·S), B = ⌈N/S⌉, over the integers
/// lo ≤ S ≤ hi, given the continuous optimum `target` (√(N·D/C), or hi where C ≤ 0).
///
/// T ≥ g, the convex [`Linear::lower_bound`] with B replaced by N/S, so only blocks where g is
/// at most the best time found can win. The search starts at the continuous optimum and walks
/// outward until g exceeds the best time on both sides. Below √N every S has its own B, so it
/// walks S. Above √N many S share one B, and for one B the smallest S with ⌈N/S⌉ = B is the
/// best wherever T rises with S (C + B·E ≥ 0), so it walks B instead, costing S = ⌈N/B⌉ and
/// bounding by g(N/B); where T falls with S (C < 0, no interior optimum), S = hi is the best
/// block of every such B. Either way only the integers near the optimum are costed: about
/// (E·S⁴/(N·D))^⅓ of them, a few dozen at most for the DELTA's vectors, which is as few as any
/// search bounded by g can cost.
///
/// All integers here are below 2⁵² ([`MAX_ELEMENTS`]), so they are exact in f64, and so is
/// [`ceil_div`]; the inner loop then needs no integer division.
fn search_piece(
    lin: &Linear,
    n: f64,
    (lo, hi): (f64, f64),
    target: f64,
    piece: usize,
    best: &mut Best,
) {
    let target = target.clamp(lo, hi);
    let fixed = lin.latency + n * lin.block_per_elem;
    if lin.per_elem > 0.0 && target * target <= n {
        walk_sizes(lin, n, (lo, hi), target, fixed, piece, best);
    } else {
        walk_counts(lin, n, (lo, hi), target, fixed, piece, best);
    }
}

/// [`search_piece`] where blocks grow with S: S is walked from the target. Inlined into its
/// caller (as the cost closure into [`walk`]) so that the split costs nothing in the hot loop.
#[inline(always)]
fn walk_sizes(
    lin: &Linear,
    n: f64,
    (lo, hi): (f64, f64),
    target: f64,
    fixed: f64,
    piece: usize,
    best: &mut Best,
) {
    // g(S) = fixed + C·S + N·D/S; blocks grow with S.
    let bound = Convex {
        a: fixed,
        p: lin.per_elem,
        q: n * lin.block_latency,
    };
    let center = round(target).clamp(lo, hi);
    // The cost closures are written at the call and inlined into the walk: a regime map
    // costs them some 10⁵ times, and a size-optimised (wasm) build would otherwise call
    // them out of line.
    let found = walk(
        center,
        (lo, hi),
        best.limit(),
        bound,
        false,
        #[inline(always)]
        |s: f64| lin.time_f(s, ceil_div(n, s)),
    );
    if let Some((t, s)) = found {
        best.offer(t, s, ceil_div(n, s), piece);
    }
}

/// [`search_piece`] where T falls with S on the short blocks: the block count B is walked
/// instead, and S = hi is the best block of every B where T falls with S. Inlined as
/// [`walk_sizes`] is.
#[inline(always)]
fn walk_counts(
    lin: &Linear,
    n: f64,
    (lo, hi): (f64, f64),
    target: f64,
    fixed: f64,
    piece: usize,
    best: &mut Best,
) {
    let blocks = (ceil_div(n, hi), ceil_div(n, lo));
    // The first B from which T rises with S on B's run.
    let rising = if lin.per_elem >= 0.0 {
        blocks.0
    } else if lin.block_per_elem > 0.0 {
        ceil_div(-lin.per_elem, lin.block_per_elem).max(blocks.0)
    } else {
        f64::INFINITY
    };
    if rising > blocks.0 {
        best.offer(lin.time_f(hi, blocks.0), hi, blocks.0, piece);
    }
    if rising <= blocks.1 {
        // g(N/B) = fixed + D·B + N·C/B; blocks shrink as B grows. S = ⌈N/B⌉ has B blocks of
        // its own where B(B−1) ≤ N (then ⌈N/B⌉ < N/B + 1 ≤ N/(B−1)); beyond, several B can
        // share one S and S's own B = ⌈N/S⌉ may be smaller. That B is walked too, so costing
        // S at its own B loses nothing.
        let bound = Convex {
            a: fixed,
            p: lin.block_latency,
            q: n * lin.per_elem,
        };
        let block = |b: f64| ceil_div(n, b).max(lo);
        let center = round(n / target).clamp(rising, blocks.1);
        let found = walk(
            center,
            (rising, blocks.1),
            best.limit(),
            bound,
            true,
            #[inline(always)]
            |b: f64| {
                let s = ceil_div(n, b);
                if s >= lo && b * (b - 1.0) <= n {
                    lin.time_f(s, b)
                } else {
                    let s = s.max(lo);
                    lin.time_f(s, ceil_div(n, s))
                }
            },
        );
        if let Some((t, b)) = found {
            let s = block(b);
            best.offer(t, s, ceil_div(n, s), piece);
        }
    }
}

/// ⌈n/d⌉ for integers 0 ≤ n < 2⁵², 1 ≤ d held in f64. n/d lies at least 1/d from any integer
/// but its own ceiling, more than f64's rounding of it, so rounding the computed quotient to
/// the nearest integer r gives r = ⌈n/d⌉ or ⌈n/d⌉ − 1, and r·d < n tells which.
#[inline(always)]
fn ceil_div(n: f64, d: f64) -> f64 {
    let r = round(n / d);
    if r * d < n {
        r + 1.0
    } else {
        r
    }
}

/// ⌊n/d⌋ for integers 0 ≤ n < 2⁵², 1 ≤ d held in f64 (as [`ceil_div`]).
#[inline(always)]
fn floor_div(n: f64, d: f64) -> f64 {
    let r = round(n / d);
    if r * d > n {
        r - 1.0
    } else {
        r
    }
}

/// The nearest integer to 0 ≤ x < 2⁵²: adding 2⁵² leaves no fractional bits. Arithmetic rather
/// than `f64::round` or a cast, which cost a library call or saturation checks on baseline
/// x86-64 in the search's inner loop.
#[inline(always)]
fn round(x: f64) -> f64 {
    const SHIFT: f64 = 4_503_599_627_370_496.0;
    (x + SHIFT) - SHIFT
}

/// A lower bound a + p·x + q/x of the cost at x > 0 that grows away from the walk's center.
#[derive(Clone, Copy, Debug)]
struct Convex {
    a: f64,
    p: f64,
    q: f64,
}

/// Costs the integers of `range` outward from `center`, first up then down, and stops going
/// either way once `bound` there exceeds the best time found (at most `ceiling`). Returns the
/// least time up to `ceiling` and where it is, if any; of equal times it keeps the smaller x,
/// or the larger where `ties_up` (the smaller block, when x is B).
#[inline(always)]
fn walk(
    center: f64,
    (lo, hi): (f64, f64),
    ceiling: f64,
    bound: Convex,
    ties_up: bool,
    time: impl Fn(f64) -> f64,
) -> Option<(f64, f64)> {
    let (mut best, mut at) = (ceiling, None);
    let t = time(center);
    if t <= best {
        (best, at) = (t, Some(center));
    }
    // a + p·x + q/x ≤ limit, tested as x·(p·x − (limit − a)) + q ≤ 0 without a division;
    // `room` is limit − a, the limit a relative 10⁻¹² above the best time so that rounding
    // never rules out a block that is really as good.
    let room_for = |best: f64| best + best.abs() * 1e-12 - bound.a;
    let admits = |x: f64, room: f64| x * (bound.p * x - room) + bound.q <= 0.0;
    let mut room = room_for(best);
    let (mut up, mut down) = (center + 1.0, center - 1.0);
    let (mut go_up, mut go_down) = (true, true);
    while go_up || go_down {
        go_up = go_up && up <= hi && admits(up, room);
        if go_up {
            let t = time(up);
            if t < best || (ties_up && t == best) {
                (best, at) = (t, Some(up));
                room = room_for(best);
            }
            up += 1.0;
        }
        go_down = go_down && down >= lo && admits(down, room);
        if go_down {
            let t = time(down);
            if t < best || (!ties_up && t == best) {
                (best, at) = (t, Some(down));
                room = room_for(best);
            }
            down -= 1.0;
        }
    }
    at.map(|x| (best, x))
}

/// The three algorithms costed on one mesh: what a regime map evaluates cell by cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Combiner {
    /// One per [`Algorithm::ALL`]; the reason where the algorithm does not apply to the mesh.
    pub plans: [Result<Plan, Error>; 3],
}

/// Which algorithm is fastest for one vector length on one mesh, and by how much.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Regime {
    pub fastest: Algorithm,
    /// Times at the exact optimal blocks, in [`Algorithm::ALL`] order; `None` if not applicable.
    pub times: [Option<f64>; 3],
    /// 1 − t_fastest / t_runner-up: the fraction of time the fastest saves against the next
    /// best (004's "33% faster"); 0 when only one algorithm applies.
    pub margin: f64,
}

impl Combiner {
    pub fn new(nbl: &Nbl, mesh: Mesh) -> Combiner {
        Combiner {
            plans: Algorithm::ALL.map(|a| Plan::new(nbl, a, mesh)),
        }
    }

    /// The algorithm's plan, or why it does not apply to the mesh.
    pub fn plan(&self, algorithm: Algorithm) -> Result<&Plan, Error> {
        // `plans` follows `Algorithm::ALL`, which is the declaration order: the index is in range.
        self.plans[algorithm as usize]
            .as_ref()
            .map_err(Error::clone)
    }

    /// The fastest algorithm's time for `n` elements. The algorithms are searched in order of a
    /// cheap lower bound of their time, each search pruned by the best time so far, so the
    /// winner is usually searched first and the others stop at their bound.
    pub fn best_time(&self, n: u64) -> f64 {
        self.best_time_below(n, f64::INFINITY)
    }

    /// The fastest algorithm's time for `n` elements if it is below `ceiling`, else `ceiling`:
    /// [`Combiner::best_time`] with every search pruned by the ceiling from the start, for when
    /// another algorithm's time is already known (the collectives' `best`).
    pub fn best_time_below(&self, n: u64, ceiling: f64) -> f64 {
        let nf = n.min(MAX_ELEMENTS) as f64;
        let root_n = nf.sqrt();
        let mut order = self.plans.each_ref().map(|p| match p {
            Ok(plan) => (plan.floor(nf, root_n), Some(plan)),
            Err(_) => (f64::INFINITY, None),
        });
        order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        order.iter().fold(ceiling, |t, (floor, plan)| match plan {
            Some(plan) if *floor <= t => plan.time_below(n, t),
            _ => t,
        })
    }

    /// Each applicable algorithm's exact optimum for `n` elements ([`Plan::optimum`]), in
    /// [`Algorithm::ALL`] order; `None` where the algorithm does not apply to the mesh. A regime
    /// map cell (004 §4.1, Fig. 5) shows all three, so none of the searches can be cut short.
    pub fn optima(&self, n: u64) -> [Option<Optimum>; 3] {
        self.plans
            .each_ref()
            .map(|p| p.as_ref().ok().map(|p| p.optimum(n)))
    }

    /// All applicable algorithms at their exact optimal blocks, the fastest and its margin.
    pub fn regime(&self, n: u64) -> Regime {
        Regime::rank(self.optima(n).map(|o| o.map(|o| o.time)))
    }

    /// The fastest algorithm for `n` elements and its margin up to `cap` (in [0, 1]): what
    /// [`Combiner::regime`] gives, the margin taken as `cap` wherever it is `cap` or more.
    /// A regime map's colour shows no more (its shade is full from some margin on), and this
    /// costs less: the algorithms are searched in order of a cheap lower bound of their time
    /// (as [`Combiner::best_time_below`]), each pruned at the best time so far divided by
    /// 1 − cap, since an algorithm that slow can neither win nor bring the margin under the
    /// cap. A time under that ceiling is the exact optimum, so the fastest and any margin under
    /// the cap are exactly those of [`Combiner::regime`].
    pub fn lead(&self, n: u64, cap: f64) -> Lead {
        let cap = if cap.is_nan() {
            0.0
        } else {
            cap.clamp(0.0, 1.0)
        };
        // Slower than best / (1 − cap): the margin over best is at least cap. The relative
        // slack keeps rounding from pruning a time whose margin is just under the cap.
        let slower = if cap < 1.0 {
            (1.0 + 1e-12) / (1.0 - cap)
        } else {
            f64::INFINITY
        };
        let nf = n.min(MAX_ELEMENTS) as f64;
        let root_n = nf.sqrt();
        let floors = self.plans.each_ref().map(|p| match p {
            Ok(plan) => plan.floor(nf, root_n),
            Err(_) => f64::INFINITY,
        });
        // The fastest so far (index in Algorithm::ALL, time) and the second least time, ranked
        // as Regime::rank ranks (of equal times the earlier algorithm).
        let (mut first, mut second): (Option<(usize, f64)>, f64) = (None, f64::INFINITY);
        let (mut applicable, mut exact) = (0, 0);
        for i in order_of(floors) {
            let Ok(plan) = &self.plans[i] else { continue };
            applicable += 1;
            // No time is pruned while the best is 0 (a margin over 0 is not defined).
            let ceiling = match first {
                Some((_, best)) if best > 0.0 => best * slower,
                _ => f64::INFINITY,
            };
            // The floor rules a search out before it is set up.
            if floors[i] > ceiling {
                continue;
            }
            let t = plan.time_below(n, ceiling);
            if t >= ceiling {
                continue;
            }
            exact += 1;
            match first {
                Some((j, best)) if t > best || (t == best && i > j) => second = second.min(t),
                _ => {
                    second = first.map_or(second, |(_, best)| second.min(best));
                    first = Some((i, t));
                }
            }
        }
        let (fastest, best) = first.map_or((0, 0.0), |f| f);
        let margin = if exact < 2 {
            // One time known: the others were pruned (a margin of the cap or more) or do not
            // apply (no margin, as Regime::rank has it).
            if exact == 1 && applicable > 1 {
                cap
            } else {
                0.0
            }
        } else if second > 0.0 {
            (1.0 - best / second).min(cap)
        } else {
            0.0
        };
        Lead {
            fastest: Algorithm::ALL[fastest],
            margin,
        }
    }
}

/// The indices 0, 1, 2 in increasing order of `floors` (of equal floors the lower index first):
/// the order in which [`Combiner::lead`] searches, the likely fastest first.
fn order_of(floors: [f64; 3]) -> [usize; 3] {
    let below = |a: usize, b: usize| floors[a].total_cmp(&floors[b]).is_le();
    let (mut x, mut y, mut z) = (0, 1, 2);
    if !below(x, y) {
        (x, y) = (y, x);
    }
    if !below(y, z) {
        (y, z) = (z, y);
        if !below(x, y) {
            (x, y) = (y, x);
        }
    }
    [x, y, z]
}

/// The fastest algorithm of a cell and its margin up to a cap ([`Combiner::lead`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Lead {
    pub fastest: Algorithm,
    /// 1 − t_fastest / t_runner-up as in [`Regime`], or the cap where that is the cap or more.
    pub margin: f64,
}

impl Regime {
    /// Ranks the times of [`Algorithm::ALL`] (`None`: not applicable): the fastest is the
    /// least time, the earlier algorithm of equal times (Tree before Snake before Fence, the
    /// simpler first); the margin is 1 − t_fastest / t_runner-up, 004's "x% faster" (§4.2,
    /// abstract), 0 when fewer than two apply or the runner-up takes no time. With no algorithm
    /// applicable the fastest is Tree, which applies to every mesh.
    pub fn rank(times: [Option<f64>; 3]) -> Regime {
        // Three entries: a fixed-size selection rather than a sort, since a regime map ranks
        // tens of thousands of cells.
        let mut first: Option<(Algorithm, f64)> = None;
        let mut second: Option<f64> = None;
        for (a, t) in Algorithm::ALL.into_iter().zip(times) {
            let Some(t) = t else { continue };
            match first {
                Some((_, t0)) if t.total_cmp(&t0).is_ge() => {
                    if second.is_none_or(|t1| t.total_cmp(&t1).is_lt()) {
                        second = Some(t);
                    }
                }
                _ => {
                    second = first.map(|(_, t0)| t0);
                    first = Some((a, t));
                }
            }
        }
        let fastest = first.map_or(Algorithm::Tree, |(a, _)| a);
        let margin = match (first, second) {
            (Some((_, t0)), Some(t1)) if t1 > 0.0 => 1.0 - t0 / t1,
            _ => 0.0,
        };
        Regime {
            fastest,
            times,
            margin,
        }
    }
}

/// The fastest combining algorithm for `n` elements on `mesh` (004 §4.1, Fig. 5): one cell of a
/// regime map over N × mesh. For a whole map build one [`Combiner`] per mesh.
pub fn fastest(nbl: &Nbl, mesh: Mesh, n: u64) -> Regime {
    Combiner::new(nbl, mesh).regime(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delta(f: FSet) -> Nbl {
        Nbl::new(54.0, 1.54, 0.25, 0.37, f).unwrap()
    }

    #[test]
    fn overlap_interpolates_and_extrapolates() {
        let fitted = FSet::Fitted.overlap(100.0);
        assert_eq!(fitted.f(3).unwrap(), 1.3);
        assert!((fitted.f(5).unwrap() - 4.5).abs() < 1e-12);
        assert!((fitted.f(8).unwrap() - 5.1 * 8.0 / 6.0).abs() < 1e-12);
        assert!(fitted.f(0).is_err() && fitted.f(9).is_err());
        assert_eq!(FSet::Standard.overlap(1e6).f(8).unwrap(), 1.0);
        assert_eq!(FSet::Nominal.overlap(1.0).f(6).unwrap(), 6.0);
        let t = FSet::Testjig.overlap(200.0);
        assert!((t.f(3).unwrap() - (t.f(2).unwrap() + t.f(4).unwrap()) / 2.0).abs() < 1e-12);
        assert_eq!(FSet::Testjig.overlap(10.0), FSet::Testjig.overlap(60.0));
        assert_eq!(FSet::Testjig.overlap(1e5), FSet::Testjig.overlap(300.0));
        assert_ne!(FSet::Testjig.overlap(119.0), FSet::Testjig.overlap(120.0));
    }

    #[test]
    fn linear_form_equals_row_by_row_sum() {
        let nbl = delta(FSet::Fitted);
        let mesh = Mesh {
            width: 5,
            height: 3,
        };
        let o = FSet::Fitted.overlap(1.0);
        for algo in Algorithm::ALL {
            let lin = Linear::new(algo, &nbl, &o, mesh).unwrap();
            let (s, b) = (37u64, 11u64);
            let direct: f64 = algo
                .timeline()
                .iter()
                .map(|st| {
                    let count = match st.quantity {
                        Quantity::One => 1.0,
                        Quantity::TreeLevels => 5.0, // ⌈log₂ 5⌉ + ⌈log₂ 3⌉
                        Quantity::Nodes => 15.0,
                        Quantity::Width => 5.0,
                        Quantity::Height => 3.0,
                        Quantity::Blocks => b as f64,
                    } - f64::from(st.less);
                    let c = [0.0, nbl.c2, nbl.c3][st.work as usize];
                    let l = f64::from(st.links);
                    count
                        * (l * nbl.alpha
                            + o.f(st.links).unwrap() * nbl.beta * s as f64
                            + c * s as f64)
                })
                .sum();
            assert!((lin.time(s, b) - direct).abs() < 1e-9 * direct, "{algo:?}");
        }
    }

    #[test]
    fn fence_needs_two_columns() {
        let nbl = delta(FSet::Nominal);
        assert!(Plan::new(
            &nbl,
            Algorithm::Fence,
            Mesh {
                width: 1,
                height: 8
            }
        )
        .is_err());
        assert!(Plan::new(
            &nbl,
            Algorithm::Snake,
            Mesh {
                width: 1,
                height: 8
            }
        )
        .is_ok());
        let c = Combiner::new(
            &nbl,
            Mesh {
                width: 1,
                height: 8,
            },
        );
        assert!(c.plan(Algorithm::Fence).is_err() && c.regime(100).times[2].is_none());
    }

    #[test]
    fn rank_orders_like_a_stable_sort() {
        let r = Regime::rank([Some(3.0), Some(2.0), Some(4.0)]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Snake, 1.0 - 2.0 / 3.0));
        let r = Regime::rank([Some(2.0), Some(2.0), Some(1.0)]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Fence, 0.5));
        // Equal times: the earlier algorithm wins, by no margin.
        let r = Regime::rank([Some(5.0), Some(2.0), Some(2.0)]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Snake, 0.0));
        let r = Regime::rank([Some(4.0), None, Some(8.0)]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Tree, 0.5));
        let r = Regime::rank([None, Some(4.0), None]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Snake, 0.0));
        let r = Regime::rank([None, None, None]);
        assert_eq!((r.fastest, r.margin), (Algorithm::Tree, 0.0));
        assert_eq!(Regime::rank([Some(0.0), Some(0.0), None]).margin, 0.0);
    }

    #[test]
    fn rejects_bad_parameters() {
        assert!(Nbl::new(-1.0, 1.0, 0.0, 0.0, FSet::Nominal).is_err());
        assert!(Nbl::new(1.0, f64::NAN, 0.0, 0.0, FSet::Nominal).is_err());
        assert!(Nbl::new(1.0, 1.0, f64::INFINITY, 0.0, FSet::Nominal).is_err());
    }
}
