//! Where each global combining algorithm wins (004 §4.1, Figures 4 and 5).
//!
//! 004 §4.1 compares two sets of model assumptions, the standard model f(L) = 1 and the nominal
//! NBL model f(L) = L, in two figures: Fig. 5, "the fastest algorithm (Tree, Fence, or Snake) as
//! a function of vector length and mesh size", and Fig. 4, "execution time of the Snake and
//! Fence algorithms as a function of block size for a typical case". This module computes both
//! for any machine with NBL parameters and any f(L) set ([`FSet`]):
//!
//! - [`regime_map`]: a grid of vector lengths N (columns, log-spaced) × near-square meshes
//!   (rows, by node count), each cell holding the three algorithms' times at their exact
//!   optimal blocks ([`Plan::optimum`]), the fastest, and its margin over the runner-up;
//! - [`lead_map`]: the same grid as the web page draws it, each cell's fastest algorithm and its
//!   margin up to a cap (the colour is full from there on), which prunes the searches of the
//!   algorithms too slow to matter; any one cell is computed in full on demand;
//! - [`block_sweep`]: T(S) over block sizes S for Snake and Fence at one N and mesh, with the
//!   exact optimum of each.
//!
//! Every number is the model's exact value: a cell is what [`Combiner::regime`] and
//! [`Plan::optimum`] give for its N and mesh, so hovering a cell and asking the calculator for
//! the same query (`pattern=global-combine&n=…&mesh=…&f=…`) show the same times.
//!
//! Cost: a default 128×128 map must be computed and drawn within 20 ms in the browser
//! (docs/development.md, "Performance budgets"). A cell is three exact searches: Tree's is one evaluation,
//! and Snake's and Fence's walks (`models::nbl`), starting at the continuous optimum and pruned
//! by a convex lower bound, cost 5–7 block sizes each on average over the default maps. One
//! [`Combiner`] is built per row. `benches/regimes.rs` measures 2.3–3.1 ms natively for the
//! default map (0.14–0.19 µs per cell, depending on the f set); the same map in a size-optimised
//! (`opt-level = "z"`) wasm build under V8 took 4–5.5 ms.

use serde::Serialize;

use crate::catalog::{Machine, MACHINES};
use crate::context::Ctx;
use crate::error::{Error, Errors};
use crate::grid;
use crate::models::nbl::{
    Algorithm, Combiner, FSet, Lead, Mesh, Nbl, Optimum, Plan, Regime, DEFAULT_LENGTH,
    DEFAULT_MESH, MAX_ELEMENTS,
};
use crate::models::Model;
use crate::query::{gives, Axes};
use crate::scenario::Scenario;

/// The most columns or rows a map may have: 512 × 512 cells keep the worst map at 16 times the
/// default's work, still well under a second natively.
pub const MAX_CELLS_PER_AXIS: usize = 512;

/// The longest vector a map may reach, 10⁹ elements (8 GB of doubles per node): far past
/// anything 004 measured (5×10⁵, §4.2), yet it keeps every cell's search short, since the
/// number of blocks the exact search costs grows slowly with N.
pub const MAX_MAP_LENGTH: u64 = 1_000_000_000;

/// The mesh sizes a map may reach: 4 nodes (2×2, the smallest mesh with two rows and two
/// columns) to 4096, the query language's limit on processors.
pub const MESH_NODES: (u64, u64) = (4, 4096);

/// The most points a block-size sweep may ask for.
pub const MAX_SWEEP_POINTS: usize = 4096;

/// The NBL model of a scenario's machine: α, β, c₂, c₃ from the machine's NBL parameter set
/// (004 §7.2 for the DELTA) and the scenario's `f=` (`nominal` by default), as the
/// `global-combine` pattern reads them.
///
/// Any scenario on a machine with NBL parameters is accepted, whatever its pattern, since the
/// map and the sweep are about the machine. The scenario's parameter overrides (`alpha=60`)
/// apply only when its model is `nbl`: under another model a key such as `alpha` names that
/// model's parameter (Hockney's α of a custom machine), not 004's. Fails naming the machine
/// where it has no NBL parameters, or the parameter that is out of range ([`Nbl::new`]).
pub fn nbl_of(scenario: &Scenario) -> Result<Nbl, Error> {
    let machine = scenario.machine;
    let set = machine.set(Model::Nbl).ok_or_else(|| Error::Unsupported {
        key: "machine".into(),
        value: machine.id.into(),
        reason: format!(
            "{} has no node-bandwidth-limited (nbl) parameters α, β, c₂, c₃ (004 §2, §7.2); \
             the machines that have them: {}",
            machine.name,
            MACHINES
                .iter()
                .filter(|m| m.set(Model::Nbl).is_some())
                .map(|m| m.id)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })?;
    let overrides: &[(&'static str, f64)] = if scenario.model == Model::Nbl {
        &scenario.overrides
    } else {
        &[]
    };
    let mut ctx = Ctx::new(machine, Model::Nbl, set, &scenario.inputs, overrides);
    Nbl::new(
        ctx.param("alpha")?,
        ctx.param("beta")?,
        ctx.param("c2")?,
        ctx.param("c3")?,
        scenario.inputs.f.unwrap_or_default(),
    )
}

/// The scenario's mesh (`mesh=`), or global combining's default ([`DEFAULT_MESH`], 16×16).
pub fn mesh_of(scenario: &Scenario) -> Mesh {
    scenario
        .inputs
        .mesh
        .map_or(DEFAULT_MESH, |(width, height)| Mesh { width, height })
}

/// The scenario's vector length in elements (`n=`, rounded, at least 1), or global
/// combining's default ([`DEFAULT_LENGTH`], 10⁴); at most [`MAX_ELEMENTS`], the longest
/// vector the block-size search takes.
pub fn n_of(scenario: &Scenario) -> u64 {
    let n = scenario.inputs.n.map_or(DEFAULT_LENGTH as f64, |n| {
        // NaN (only in a scenario built by hand) becomes 1; `as` saturates, the min bounds it.
        if n.is_nan() {
            1.0
        } else {
            n.round().max(1.0)
        }
    });
    (n as u64).min(MAX_ELEMENTS)
}

/// How a regime map is laid out.
///
/// The default is 128 lengths × 128 meshes, N = 1 … 10⁶ elements, meshes of 4 … 512 nodes.
/// 004's figures are pictures whose axes its text does not give; the text bounds what matters.
/// The lengths cover the 10² … 5×10⁵ elements of the DELTA measurements (004 §4.2) and the
/// 10³ … 10⁵ of the molecular dynamics codes the study served (004 §3.1), with room on both
/// sides: below 10² Tree wins everywhere, and by 10⁶ Snake's asymptotic advantage has set in
/// (004 §4.2, "asymptotically up to 33% faster"). The meshes end at the DELTA's 16×32, the
/// largest of the three meshes measured in 004 §4.2 (4×4, 16×16, 16×32); a custom machine can
/// ask for up to 4096 nodes ([`MapOptions::for_machine`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapOptions {
    /// Columns: the most vector lengths (1 … [`MAX_CELLS_PER_AXIS`]). A range with fewer
    /// integers than this gives one column per integer.
    pub lengths: usize,
    /// Rows: the most meshes (1 … [`MAX_CELLS_PER_AXIS`]). A node range with fewer near-square
    /// meshes than this gives one row per mesh (512 nodes allow 179).
    pub meshes: usize,
    /// The first vector length, elements (≥ 1).
    pub n_from: u64,
    /// The last vector length, elements (n_from … [`MAX_MAP_LENGTH`]).
    pub n_to: u64,
    /// The largest mesh, nodes ([`MESH_NODES`]); the last row is the largest near-square mesh
    /// with at most this many nodes.
    pub max_nodes: u64,
}

impl Default for MapOptions {
    fn default() -> MapOptions {
        MapOptions {
            lengths: 128,
            meshes: 128,
            n_from: 1,
            n_to: 1_000_000,
            max_nodes: 512,
        }
    }
}

impl MapOptions {
    /// The default layout with meshes up to the most processors the machine's paper measured
    /// (512 on the DELTA, 16×32 in 004 §4.2; 4096 on a custom machine), within [`MESH_NODES`].
    pub fn for_machine(machine: &Machine) -> MapOptions {
        let most = u64::from(machine.measured_p.1).clamp(MESH_NODES.0, MESH_NODES.1);
        MapOptions {
            max_nodes: most,
            ..MapOptions::default()
        }
    }

    /// Checks every field, naming the first that is out of range and what is accepted.
    pub fn validate(&self) -> Result<(), Error> {
        let axis = format!("a count from 1 to {MAX_CELLS_PER_AXIS}");
        if !(1..=MAX_CELLS_PER_AXIS).contains(&self.lengths) {
            return Err(Error::invalid("lengths", self.lengths, axis));
        }
        if !(1..=MAX_CELLS_PER_AXIS).contains(&self.meshes) {
            return Err(Error::invalid("meshes", self.meshes, axis));
        }
        if !(1..=MAX_MAP_LENGTH).contains(&self.n_from) {
            return Err(Error::invalid(
                "n_from",
                self.n_from,
                format!("a vector length from 1 to {MAX_MAP_LENGTH} elements"),
            ));
        }
        if !(self.n_from..=MAX_MAP_LENGTH).contains(&self.n_to) {
            return Err(Error::invalid(
                "n_to",
                self.n_to,
                format!(
                    "a vector length from n_from = {} to {MAX_MAP_LENGTH} elements",
                    self.n_from
                ),
            ));
        }
        if !(MESH_NODES.0..=MESH_NODES.1).contains(&self.max_nodes) {
            return Err(Error::invalid(
                "max_nodes",
                self.max_nodes,
                format!(
                    "a node count from {} (a 2×2 mesh) to {}",
                    MESH_NODES.0, MESH_NODES.1
                ),
            ));
        }
        Ok(())
    }
}

/// Which algorithm is fastest for one vector length on one mesh, by how much, and the three
/// times and blocks behind it (what hovering a cell shows).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub fastest: Algorithm,
    /// 1 − t_fastest / t_runner-up (004's "x% faster", §4.2 and abstract); 0 if only one
    /// algorithm applies. In [0, 1).
    pub margin: f64,
    /// Times (µs) in [`Algorithm::ALL`] order (tree, snake, fence) at their exact optimal
    /// blocks; `None` where the algorithm does not apply to the mesh.
    pub times_us: [Option<f64>; 3],
    /// The optimal block S (elements) in the same order; N for Tree, which sends the whole
    /// vector at each step (004 §3.2).
    pub blocks: [Option<u64>; 3],
}

impl Cell {
    /// The cell of `n` elements on the combiner's mesh: the three exact optima
    /// ([`Combiner::optima`]) ranked as [`Combiner::regime`] ranks them.
    pub fn of(combiner: &Combiner, n: u64) -> Cell {
        // Field by field rather than through `Combiner::optima`'s array of optima: the same
        // searches, without copying three optima around per cell.
        let mut times_us = [None; 3];
        let mut blocks = [None; 3];
        for ((plan, time), block) in combiner.plans.iter().zip(&mut times_us).zip(&mut blocks) {
            if let Ok(plan) = plan {
                let o = plan.optimum(n);
                (*time, *block) = (Some(o.time), Some(o.block));
            }
        }
        let Regime {
            fastest, margin, ..
        } = Regime::rank(times_us);
        Cell {
            fastest,
            margin,
            times_us,
            blocks,
        }
    }
}

/// 004 Fig. 5 for one f(L) set: the fastest algorithm over vector length × mesh.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegimeMap {
    /// The f(L) set, serialized as its id (`standard`, `nominal`, …).
    pub f: FSet,
    /// N per column (elements): increasing, distinct, log-spaced integers from `n_from` to
    /// `n_to`. Where log spacing would repeat an integer (the first decade of a 128-column map)
    /// the columns take consecutive integers instead.
    pub lengths: Vec<u64>,
    /// The mesh of each row, by increasing node count, one mesh per node count. Each is the
    /// squarest W×H with 2 ≤ W ≤ H ≤ 2W: every row is a genuine 2-D mesh on which all three
    /// algorithms apply (Fence needs W ≥ 2, 004 Appendix 7.1), and the taller orientation is
    /// 004's own (16×32 for the DELTA, §4.2), the one in which Fence's longer pass runs down
    /// the columns, whose steps use fewer links (2 against the bottom row's 3).
    pub meshes: Vec<Mesh>,
    /// Row-major: `cells[row * lengths.len() + col]`.
    pub cells: Vec<Cell>,
}

impl RegimeMap {
    /// The cell of mesh `row` and length `col`, if both are in range.
    pub fn cell(&self, row: usize, col: usize) -> Option<&Cell> {
        self.cells
            .get(grid_index(self.meshes.len(), self.lengths.len(), row, col)?)
    }

    /// The fraction of cells the algorithm wins, in [0, 1]: how 004 §4.1's "almost everywhere"
    /// and "a large regime" read on a map.
    pub fn share(&self, algorithm: Algorithm) -> f64 {
        share(self.cells.iter().map(|c| c.fastest), algorithm)
    }
}

/// The place of mesh `row` and length `col` in a row-major grid of `rows` × `cols` cells, if
/// both are in range (one index would otherwise wrap into the next row).
fn grid_index(rows: usize, cols: usize, row: usize, col: usize) -> Option<usize> {
    (row < rows && col < cols).then(|| row * cols + col)
}

/// The fraction of `winners` that are `algorithm`, in [0, 1] (0 for none).
fn share(winners: impl ExactSizeIterator<Item = Algorithm>, algorithm: Algorithm) -> f64 {
    let all = winners.len();
    if all == 0 {
        return 0.0;
    }
    winners.filter(|&a| a == algorithm).count() as f64 / all as f64
}

/// 004 Fig. 5 as a page draws it: each cell's fastest algorithm and its margin up to a cap
/// ([`Combiner::lead`]), which costs about a quarter to a third less than the full
/// [`RegimeMap`] (the searches of algorithms too slow to matter are cut short); the full cell
/// of any one cell is computed when asked for ([`LeadMap::cell`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LeadMap {
    pub f: FSet,
    /// N per column, as [`RegimeMap::lengths`].
    pub lengths: Vec<u64>,
    /// The mesh of each row, as [`RegimeMap::meshes`].
    pub meshes: Vec<Mesh>,
    /// The margin cap: a cell's margin is exact below it and the cap where it is the cap or more.
    pub cap: f64,
    /// Every how many rows and columns a cell was computed (1: every cell). With `sample` = k
    /// the cell of each k × k block's bottom-left corner stands for the whole block: a coarse
    /// map at 1/k² of the cost, which the page draws while a slider is held
    /// ([`lead_map`]).
    pub sample: usize,
    /// Row-major, as [`RegimeMap::cells`].
    pub leads: Vec<Lead>,
    /// The model the map was computed for (f = `f`), from which [`LeadMap::cell`] computes.
    nbl: Nbl,
}

impl LeadMap {
    /// The fastest algorithm and capped margin of mesh `row` and length `col`, if in range.
    pub fn lead(&self, row: usize, col: usize) -> Option<&Lead> {
        self.leads
            .get(grid_index(self.meshes.len(), self.lengths.len(), row, col)?)
    }

    /// The full cell of mesh `row` and length `col` (the three times and blocks, the exact
    /// margin), computed now: the [`RegimeMap`] cell of the same options, bit for bit.
    pub fn cell(&self, row: usize, col: usize) -> Option<Cell> {
        let (mesh, n) = (*self.meshes.get(row)?, *self.lengths.get(col)?);
        Some(Cell::of(&Combiner::new(&self.nbl, mesh), n))
    }

    /// The fraction of cells the algorithm wins ([`RegimeMap::share`]).
    pub fn share(&self, algorithm: Algorithm) -> f64 {
        share(self.leads.iter().map(|c| c.fastest), algorithm)
    }
}

/// The pattern a regime map is of.
pub const MAP_PATTERN: &str = "global-combine";

/// The keys of a global combining query a regime map does not read: its vector lengths (`n`,
/// and the curve's `from` and `to`) and meshes (`mesh`) are its axes, and it compares every
/// algorithm (`algo`).
pub const NOT_MAP_KEYS: [&str; 5] = ["n", "mesh", "algo", "from", "to"];

/// The scenario of a query for a regime map (`commcalc regimes`). A query without `pattern`
/// is of global combining, the map's one pattern, rather than of the machine's first pattern
/// (the query language's default, which the map would not be of); another pattern is
/// refused, and so is a key the map does not read ([`NOT_MAP_KEYS`]), with what to give
/// instead, rather than printed above a map it did not change.
pub fn map_query(query: &str, axes: Axes) -> Result<Scenario, Errors> {
    let scenario = if gives(query, "pattern") {
        Scenario::from_query(query)?
    } else {
        Scenario::from_query(&format!("{query}&pattern={MAP_PATTERN}"))?
    };
    if scenario.pattern.id != MAP_PATTERN {
        return Err(Error::invalid(
            "pattern",
            scenario.pattern.id,
            format!("{MAP_PATTERN}, the pattern the map is of (or no pattern)"),
        )
        .into());
    }
    scenario.refuse_given(&NOT_MAP_KEYS, |key| match key {
        "mesh" => format!(
            "the map's meshes are its rows, not read from the query: set how many with {}",
            axes.rows
        ),
        "algo" => "the map compares Tree, Snake and Fence: leave algo out".to_string(),
        _ => format!(
            "the map's vector lengths are its columns, not read from the query: set how many with {}",
            axes.columns
        ),
    })?;
    Ok(scenario)
}

/// 004 Fig. 5: the regime map of the scenario's machine under f(L) set `f` (which overrides the
/// scenario's `f=`).
///
/// Any scenario whose machine has NBL parameters is accepted (`intel-delta`, `custom`),
/// whatever its pattern: the map is about the machine, not the query's N or mesh. Its
/// parameter overrides apply when its model is `nbl` ([`nbl_of`]). Fails, naming the problem,
/// on options out of range ([`MapOptions::validate`]) or a machine without NBL parameters.
pub fn regime_map(scenario: &Scenario, f: FSet, options: MapOptions) -> Result<RegimeMap, Error> {
    let grid = map_grid(scenario, f, options, 1, Cell::of)?;
    Ok(RegimeMap {
        f,
        lengths: grid.lengths,
        meshes: grid.meshes,
        cells: grid.cells,
    })
}

/// [`regime_map`] as [`LeadMap`]: each cell's fastest algorithm and its margin up to `cap`
/// (in [0, 1]; the regime map's colour is full from the web page's 30% on), computed at every
/// `sample`-th row and column ([`LeadMap::sample`]; 1 or 0 for every cell, the exact map).
/// Accepts and rejects what [`regime_map`] does.
///
/// The coarse map exists for the web page's slider drags: a drag of α recomputes both maps on
/// every input, and the exact ones cost more than a frame's budget; a map sampled every 4th
/// row and column costs a sixteenth, and the exact map follows when the slider is released.
pub fn lead_map(
    scenario: &Scenario,
    f: FSet,
    options: MapOptions,
    cap: f64,
    sample: usize,
) -> Result<LeadMap, Error> {
    let sample = sample.max(1);
    let grid = map_grid(scenario, f, options, sample, |c: &Combiner, n| {
        c.lead(n, cap)
    })?;
    Ok(LeadMap {
        f,
        lengths: grid.lengths,
        meshes: grid.meshes,
        cap,
        sample,
        leads: grid.cells,
        nbl: grid.nbl,
    })
}

/// A map's axes, its model and one value per cell, row-major.
struct Grid<T> {
    nbl: Nbl,
    lengths: Vec<u64>,
    meshes: Vec<Mesh>,
    cells: Vec<T>,
}

/// The one walk over a map's cells that [`regime_map`] and [`lead_map`] share: the options
/// checked, the model of the scenario's machine under `f`, and `cell` of each mesh's combiner
/// and each length, at every `sample`-th row and column (≥ 1; [`grid`]).
fn map_grid<T: Copy>(
    scenario: &Scenario,
    f: FSet,
    options: MapOptions,
    sample: usize,
    cell: impl Fn(&Combiner, u64) -> T,
) -> Result<Grid<T>, Error> {
    options.validate()?;
    let mut nbl = nbl_of(scenario)?;
    nbl.f = f;
    let lengths = map_lengths(&options);
    let meshes = map_meshes(&options);
    let cols = lengths.len();
    let mut cells: Vec<T> = Vec::with_capacity(cols * meshes.len());
    for (row, &mesh) in meshes.iter().enumerate() {
        if grid::copy_row(&mut cells, cols, row, sample) {
            continue;
        }
        // One combiner per row: the timelines are summed once per mesh, not per cell.
        let combiner = Combiner::new(&nbl, mesh);
        grid::push_row(&mut cells, cols, sample, |col| {
            cell(&combiner, lengths[col])
        });
    }
    Ok(Grid {
        nbl,
        lengths,
        meshes,
        cells,
    })
}

/// The map's vector lengths: at most `options.lengths` integers, log-spaced from `n_from` to
/// `n_to` and distinct.
fn map_lengths(options: &MapOptions) -> Vec<u64> {
    let (from, to) = (options.n_from, options.n_to.max(options.n_from));
    let available = usize::try_from(to - from).map_or(usize::MAX, |d| d.saturating_add(1));
    // Integer j stands for the length from + j.
    let nearest = |x: f64| {
        let j = (x.round() - from as f64).max(0.0);
        (j as usize).min(available - 1)
    };
    pick_log_spaced(
        options.lengths,
        available,
        (from as f64, to as f64),
        nearest,
    )
    .into_iter()
    .map(|j| from + j as u64)
    .collect()
}

/// The map's meshes: at most `options.meshes` of [`near_square_meshes`], log-spaced in nodes.
fn map_meshes(options: &MapOptions) -> Vec<Mesh> {
    let all = near_square_meshes(options.max_nodes);
    let (Some(first), Some(last)) = (all.first(), all.last()) else {
        return Vec::new();
    };
    let nodes = |i: usize| all[i].nodes() as f64;
    // The mesh whose node count is nearest x on a log scale.
    let nearest = |x: f64| {
        let above = all.partition_point(|m| (m.nodes() as f64) < x);
        match above {
            0 => 0,
            i if i >= all.len() => all.len() - 1,
            i if x / nodes(i - 1) <= nodes(i) / x => i - 1,
            i => i,
        }
    };
    pick_log_spaced(
        options.meshes,
        all.len(),
        (first.nodes() as f64, last.nodes() as f64),
        nearest,
    )
    .into_iter()
    .map(|i| all[i])
    .collect()
}

/// For each node count from 4 to `max_nodes` (within [`MESH_NODES`]) that has one, the
/// squarest mesh W×H with 2 ≤ W ≤ H ≤ 2W and W·H nodes, in increasing node count. Node
/// counts without such a shape (primes, 2·prime beyond 2×4, …) are skipped: a map row is a
/// mesh a machine could have, not an arbitrary P. Up to 512 nodes there are 179 of them.
pub fn near_square_meshes(max_nodes: u64) -> Vec<Mesh> {
    let max = max_nodes.min(MESH_NODES.1) as usize;
    // widths[p] = the largest W ≥ 2 giving a p-node mesh with W ≤ H ≤ 2W (0: none). Widths
    // are visited in increasing order, so the last one written is the squarest.
    let mut widths = vec![0u32; max + 1];
    let mut w = 2usize;
    while w * w <= max {
        for h in w..=(2 * w).min(max / w) {
            widths[w * h] = w as u32;
        }
        w += 1;
    }
    widths
        .iter()
        .enumerate()
        .filter(|(_, w)| **w > 0)
        .map(|(p, &w)| Mesh {
            width: w,
            height: (p / w as usize) as u32,
        })
        .collect()
}

/// Picks `k` of `m` sorted candidates, spread evenly on a log scale between the values
/// `(first, last)` of the first and last candidate: the indices of the candidates nearest the
/// ideal log-spaced values, made strictly increasing. Where two ideal values fall on one
/// candidate the later takes the next one, but never so far that the candidates left run out;
/// with k ≥ m every candidate is taken. The first and last candidates are always included
/// (k ≥ 2).
fn pick_log_spaced(
    k: usize,
    m: usize,
    (first, last): (f64, f64),
    nearest: impl Fn(f64) -> usize,
) -> Vec<usize> {
    let k = k.min(m);
    if k <= 1 {
        return (0..k).collect();
    }
    let span = (last / first).ln();
    let mut picked: Vec<usize> = Vec::with_capacity(k);
    for i in 0..k {
        let j = if i == k - 1 {
            m - 1
        } else {
            let ideal = first * (span * i as f64 / (k - 1) as f64).exp();
            let lowest = picked.last().map_or(0, |p| p + 1);
            // Leave room for the k − 1 − i picks still to come.
            nearest(ideal).max(lowest).min(m - (k - i))
        };
        picked.push(j);
    }
    picked
}

/// 004 Fig. 4: one algorithm's time over block sizes, and its exact optimum.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepSeries {
    pub algorithm: Algorithm,
    /// (S elements, T µs), S increasing: distinct integers log-spaced over every S that gives
    /// the timeline's B = ⌈N/S⌉ ≥ 3 blocks (004 Appendix 7.1), S = 1 … ⌊(N−1)/2⌋, plus the
    /// optimal block, so that the marked optimum lies on the curve. Empty for N < 3.
    pub points: Vec<(u64, f64)>,
    /// The exact optimum ([`Plan::optimum`]). Where it pads the vector (N < 3, and N = 4 on
    /// the DELTA) its block is for `optimum.elements` elements and is not among the points.
    pub optimum: Optimum,
}

/// T vs block size for Snake and Fence at one vector length and mesh (004 Fig. 4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sweep {
    /// The f(L) set, serialized as its id.
    pub f: FSet,
    /// Vector length, elements.
    pub n: u64,
    pub mesh: Mesh,
    /// Snake then Fence; an algorithm that does not apply to the mesh (Fence on a one-wide
    /// mesh) is left out.
    pub series: Vec<SweepSeries>,
}

/// 004 Fig. 4: T(S) for Snake and Fence at the scenario's N (`n=`, default 10⁴) and mesh
/// (`mesh=`, default 16×16) under f(L) set `f`, with `points` log-spaced block sizes each
/// (2 … [`MAX_SWEEP_POINTS`]). 004's "typical case" shows that the NBL constraint slows both,
/// shifts the optimal blocks and can reverse which is faster; calling this for `standard` and
/// `nominal` draws it. Accepts the scenarios [`regime_map`] does; fails naming the problem,
/// or with the reason neither algorithm applies to the mesh.
pub fn block_sweep(scenario: &Scenario, f: FSet, points: usize) -> Result<Sweep, Error> {
    if !(2..=MAX_SWEEP_POINTS).contains(&points) {
        return Err(Error::invalid(
            "points",
            points,
            format!("a number of block sizes from 2 to {MAX_SWEEP_POINTS}"),
        ));
    }
    let mut nbl = nbl_of(scenario)?;
    nbl.f = f;
    let mesh = mesh_of(scenario);
    let n = n_of(scenario);
    let mut series = Vec::with_capacity(2);
    let mut reason = None;
    for algorithm in [Algorithm::Snake, Algorithm::Fence] {
        match Plan::new(&nbl, algorithm, mesh) {
            Ok(plan) => series.push(sweep_series(&plan, n, points)),
            Err(e) => {
                reason.get_or_insert(e);
            }
        }
    }
    match reason {
        Some(e) if series.is_empty() => Err(e),
        _ => Ok(Sweep { f, n, mesh, series }),
    }
}

/// One algorithm's sweep: log-spaced blocks over 1 … the largest S with B ≥ min_blocks, and
/// the optimum's block.
fn sweep_series(plan: &Plan, n: u64, points: usize) -> SweepSeries {
    let optimum = plan.optimum(n);
    let k = plan.min_blocks().max(2);
    // ⌈N/S⌉ ≥ k ⟺ S ≤ (N − 1)/(k − 1).
    let largest = n.saturating_sub(1) / (k - 1);
    let mut blocks: Vec<u64> = if largest == 0 {
        Vec::new()
    } else {
        let available = usize::try_from(largest).unwrap_or(usize::MAX);
        let nearest = |x: f64| ((x.round().max(1.0) - 1.0) as usize).min(available - 1);
        pick_log_spaced(points, available, (1.0, largest as f64), nearest)
            .into_iter()
            .map(|j| j as u64 + 1)
            .collect()
    };
    if optimum.elements == n {
        if let Err(at) = blocks.binary_search(&optimum.block) {
            blocks.insert(at, optimum.block);
        }
    }
    let points = blocks
        .into_iter()
        .filter_map(|s| plan.time(n, s).map(|t| (s, t)))
        .collect();
    SweepSeries {
        algorithm: plan.algorithm,
        points,
        optimum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_spaced_picks_are_distinct_and_span_the_range() {
        let opts = MapOptions::default();
        let n = map_lengths(&opts);
        assert_eq!(n.len(), 128);
        assert_eq!((n[0], n[127]), (1, 1_000_000));
        assert!(n.windows(2).all(|w| w[0] < w[1]));
        let few = map_lengths(&MapOptions {
            n_from: 10,
            n_to: 20,
            ..opts
        });
        assert_eq!(few, (10..=20).collect::<Vec<_>>());
        let one = map_lengths(&MapOptions { lengths: 1, ..opts });
        assert_eq!(one, vec![1]);
    }

    #[test]
    fn a_lead_map_is_the_regime_map_with_its_margins_capped() {
        // Every f set at the DELTA's α and at two others, a cap at the web page's 30%, none
        // and a cap of 0, on a map of the default range.
        let options = MapOptions {
            lengths: 48,
            meshes: 24,
            ..MapOptions::default()
        };
        for alpha in [54.0, 300.0, 900.0] {
            let q = format!("machine=intel-delta&pattern=global-combine&model=nbl&alpha={alpha}");
            let s = Scenario::from_query(&q).unwrap();
            for f in FSet::ALL {
                let full = regime_map(&s, f, options).unwrap();
                for cap in [0.3, 1.0, 0.0] {
                    let leads = lead_map(&s, f, options, cap, 1).unwrap();
                    assert_eq!(
                        (&leads.lengths, &leads.meshes),
                        (&full.lengths, &full.meshes)
                    );
                    for (i, (cell, lead)) in full.cells.iter().zip(&leads.leads).enumerate() {
                        let at = (i / full.lengths.len(), i % full.lengths.len());
                        assert_eq!(lead.fastest, cell.fastest, "{alpha} {f:?} {cap} {at:?}");
                        assert_eq!(
                            lead.margin,
                            cell.margin.min(cap),
                            "{alpha} {f:?} {cap} {at:?}"
                        );
                        if i % 97 == 0 {
                            assert_eq!(leads.cell(at.0, at.1).as_ref(), Some(cell));
                        }
                    }
                    assert_eq!(leads.share(Algorithm::Snake), full.share(Algorithm::Snake));
                }
            }
        }
        let paragon = Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        assert!(lead_map(&paragon, FSet::Nominal, options, 0.3, 1).is_err());
    }

    /// A coarse map is the exact map's cell at the corner of each block, everywhere (blocks
    /// cut short at the map's top and right edges included), and sample 0 or 1 is the exact
    /// map itself.
    #[test]
    fn a_sampled_lead_map_repeats_the_exact_cell_of_each_block() {
        let options = MapOptions {
            lengths: 30,
            meshes: 13,
            ..MapOptions::default()
        };
        let s = Scenario::from_query("machine=intel-delta&pattern=global-combine").unwrap();
        let exact = lead_map(&s, FSet::Nominal, options, 0.3, 1).unwrap();
        assert_eq!(
            lead_map(&s, FSet::Nominal, options, 0.3, 0),
            Ok(exact.clone())
        );
        for k in [2, 4, 7] {
            let coarse = lead_map(&s, FSet::Nominal, options, 0.3, k).unwrap();
            assert_eq!(coarse.sample, k);
            assert_eq!(coarse.leads.len(), exact.leads.len());
            for row in 0..13 {
                for col in 0..30 {
                    let corner = exact.lead(row - row % k, col - col % k);
                    assert_eq!(coarse.lead(row, col), corner, "{k} {row} {col}");
                }
            }
            // The full cell under a readout is exact whatever the sampling.
            assert_eq!(coarse.cell(5, 9), exact.cell(5, 9));
        }
        // The coarse map differs somewhere: it is not the exact map under another name.
        let coarse = lead_map(&s, FSet::Nominal, options, 0.3, 4).unwrap();
        assert_ne!(coarse.leads, exact.leads);
    }

    #[test]
    fn meshes_are_near_square_and_increasing() {
        let all = near_square_meshes(512);
        assert_eq!(all.len(), 179);
        assert_eq!(
            all.first(),
            Some(&Mesh {
                width: 2,
                height: 2
            })
        );
        assert_eq!(
            all.last(),
            Some(&Mesh {
                width: 16,
                height: 32
            })
        );
        assert!(all
            .iter()
            .all(|m| m.width >= 2 && m.width <= m.height && m.height <= 2 * m.width));
        assert!(all.windows(2).all(|w| w[0].nodes() < w[1].nodes()));
        let rows = map_meshes(&MapOptions::default());
        assert_eq!(rows.len(), 128);
        assert_eq!(rows.last(), all.last());
        assert_eq!(near_square_meshes(4).len(), 1);
    }
}
