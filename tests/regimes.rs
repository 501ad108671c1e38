//! Where each global combining algorithm wins (004 §4.1, Figures 4 and 5): the regime map over
//! vector length × mesh and the block-size sweep, computed by `commcalc_core::regimes`.
//!
//! The map must reproduce what 004 §4.1 says of Fig. 5, its cells must be the model's exact
//! optima (the same numbers the calculator shows for the same query), and bad input must give
//! an error that names the problem.

use commcalc_core::models::nbl::{Algorithm, Combiner, FSet, Mesh, Plan, Regime};
use commcalc_core::regimes::{
    block_sweep, mesh_of, n_of, nbl_of, near_square_meshes, regime_map, MapOptions, RegimeMap,
    MAX_MAP_LENGTH,
};
use commcalc_core::Scenario;

fn scenario(query: &str) -> Scenario {
    Scenario::from_query(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn delta() -> Scenario {
    scenario("machine=intel-delta&pattern=global-combine")
}

fn map(f: FSet) -> RegimeMap {
    regime_map(&delta(), f, MapOptions::default()).unwrap()
}

/// Every (row, col) of a map with its N and mesh.
fn cells(m: &RegimeMap) -> impl Iterator<Item = (usize, usize, u64, Mesh)> + '_ {
    m.meshes.iter().enumerate().flat_map(move |(r, mesh)| {
        m.lengths
            .iter()
            .enumerate()
            .map(move |(c, n)| (r, c, *n, *mesh))
    })
}

fn count(m: &RegimeMap, a: Algorithm) -> usize {
    m.cells.iter().filter(|c| c.fastest == a).count()
}

// ---- layout -------------------------------------------------------------------------------

/// The default map: 128 log-spaced lengths from 1 to 10⁶ elements (covering 004 §4.2's measured
/// 10²…5×10⁵) × 128 near-square meshes from 2×2 to the DELTA's 16×32 (004 §4.2), both axes
/// increasing and distinct.
#[test]
fn default_layout() {
    let m = map(FSet::Nominal);
    assert_eq!((m.lengths.len(), m.meshes.len()), (128, 128));
    assert_eq!(m.cells.len(), 128 * 128);
    assert_eq!((m.lengths[0], m.lengths[127]), (1, 1_000_000));
    assert!(
        m.lengths.windows(2).all(|w| w[0] < w[1]),
        "lengths increase"
    );
    // Log-spaced: from 100 elements on, neighbouring columns differ by the same ratio,
    // 10^(6/127) ≈ 1.115, up to rounding.
    let ratio = 10f64.powf(6.0 / 127.0);
    for w in m.lengths.windows(2).filter(|w| w[0] >= 100) {
        let r = w[1] as f64 / w[0] as f64;
        assert!((r / ratio - 1.0).abs() < 0.02, "{} → {}", w[0], w[1]);
    }
    assert_eq!(
        (m.meshes[0], m.meshes[127]),
        (
            Mesh {
                width: 2,
                height: 2
            },
            Mesh {
                width: 16,
                height: 32
            }
        )
    );
    assert!(m.meshes.windows(2).all(|w| w[0].nodes() < w[1].nodes()));
    for mesh in &m.meshes {
        assert!(
            mesh.width >= 2 && mesh.width <= mesh.height && mesh.height <= 2 * mesh.width,
            "{mesh:?} is not near-square"
        );
    }
    assert_eq!(m.f, FSet::Nominal);
    assert_eq!(MapOptions::default().max_nodes, 512);
}

/// Options narrow or widen the axes; a range with fewer integers (or meshes) than asked for
/// gives one column (row) per integer (mesh).
#[test]
fn options_shape_the_axes() {
    let small = MapOptions {
        lengths: 7,
        meshes: 5,
        n_from: 1000,
        n_to: 1_000_000,
        max_nodes: 64,
    };
    let m = regime_map(&delta(), FSet::Standard, small).unwrap();
    assert_eq!(
        m.lengths,
        vec![1000, 3162, 10_000, 31_623, 100_000, 316_228, 1_000_000]
    );
    assert_eq!(m.meshes.len(), 5);
    assert_eq!(m.meshes[4].nodes(), 64);
    assert_eq!(m.cells.len(), 35);

    let narrow = MapOptions {
        n_from: 10,
        n_to: 20,
        max_nodes: 16,
        ..MapOptions::default()
    };
    let m = regime_map(&delta(), FSet::Standard, narrow).unwrap();
    assert_eq!(m.lengths, (10..=20).collect::<Vec<u64>>());
    // 2×2, 2×3, 2×4, 3×3, 3×4, 3×5, 4×4.
    assert_eq!(m.meshes, near_square_meshes(16));
    assert_eq!(m.meshes.len(), 7);

    let one = MapOptions {
        lengths: 1,
        meshes: 1,
        n_from: 5000,
        n_to: 5000,
        max_nodes: 4,
    };
    let m = regime_map(&delta(), FSet::Nominal, one).unwrap();
    assert_eq!((m.lengths.as_slice(), m.cells.len()), (&[5000][..], 1));

    // A custom machine may ask for meshes up to 4096 nodes; the widest N range is allowed.
    let wide = MapOptions {
        lengths: 16,
        meshes: 16,
        n_to: MAX_MAP_LENGTH,
        max_nodes: 4096,
        ..MapOptions::default()
    };
    let custom = scenario("machine=custom&pattern=global-combine");
    let m = regime_map(&custom, FSet::Nominal, wide).unwrap();
    assert_eq!(m.meshes.last().map(|m| m.nodes()), Some(4096));
    assert_eq!(m.lengths.last(), Some(&MAX_MAP_LENGTH));
    assert!(m
        .cells
        .iter()
        .all(|c| c.times_us.iter().all(|t| t.is_some())));
}

/// `cell(row, col)` is `cells[row * lengths + col]`, and `None` outside the map.
#[test]
fn cell_indexing() {
    let m = regime_map(
        &delta(),
        FSet::Nominal,
        MapOptions {
            lengths: 9,
            meshes: 4,
            ..MapOptions::default()
        },
    )
    .unwrap();
    for (r, c, _, _) in cells(&m) {
        assert_eq!(m.cell(r, c), Some(&m.cells[r * 9 + c]));
    }
    assert_eq!(m.cell(4, 0), None);
    assert_eq!(m.cell(0, 9), None);
    assert_eq!(m.cell(usize::MAX, usize::MAX), None);
}

// ---- exactness ----------------------------------------------------------------------------

/// Every cell of a sample (every fifth row and column, and the corners), under every f set, is
/// what `Combiner::regime` and `Plan::optimum` give for its N and mesh: same fastest, same
/// margin, same times and blocks, to the bit.
#[test]
fn cells_equal_the_exact_optima() {
    for f in FSet::ALL {
        let m = map(f);
        let mut nbl = nbl_of(&delta()).unwrap();
        nbl.f = f;
        let last = (m.meshes.len() - 1, m.lengths.len() - 1);
        let mut checked = 0;
        for (r, c, n, mesh) in cells(&m) {
            if !(r % 5 == 0 && c % 5 == 0 || (r, c) == last || (r, c) == (0, last.1)) {
                continue;
            }
            let cell = m.cell(r, c).unwrap();
            let combiner = Combiner::new(&nbl, mesh);
            let regime: Regime = combiner.regime(n);
            assert_eq!(cell.fastest, regime.fastest, "{f:?} {mesh:?} N={n}");
            assert_eq!(cell.margin, regime.margin, "{f:?} {mesh:?} N={n}");
            assert_eq!(cell.times_us, regime.times, "{f:?} {mesh:?} N={n}");
            for (i, algorithm) in Algorithm::ALL.into_iter().enumerate() {
                let o = Plan::new(&nbl, algorithm, mesh).unwrap().optimum(n);
                assert_eq!(cell.times_us[i], Some(o.time));
                assert_eq!(cell.blocks[i], Some(o.block), "{f:?} {algorithm:?}");
            }
            assert_eq!(cell.blocks[0], Some(n), "Tree's block is the whole vector");
            checked += 1;
        }
        assert!(checked > 600, "{checked}");
    }
}

/// In every cell the fastest has the least time, the margin is 1 − t_fastest/t_runner-up and
/// lies in [0, 1), and all three algorithms apply (every row is at least two wide).
#[test]
fn fastest_and_margin_are_consistent() {
    for f in FSet::ALL {
        let m = map(f);
        for cell in &m.cells {
            let times: Vec<f64> = cell.times_us.iter().map(|t| t.unwrap()).collect();
            let fastest = times[cell.fastest as usize];
            assert!(times.iter().all(|t| fastest <= *t), "{cell:?}");
            let mut sorted = times.clone();
            sorted.sort_by(f64::total_cmp);
            assert_eq!(cell.margin, 1.0 - sorted[0] / sorted[1]);
            assert!((0.0..1.0).contains(&cell.margin), "{cell:?}");
        }
        let shares: f64 = Algorithm::ALL.iter().map(|a| m.share(*a)).sum();
        assert!((shares - 1.0).abs() < 1e-12);
    }
}

// ---- The default map: invariants of the model, and a snapshot of its regimes -------------
//
// 004 §4.1's statements about Fig. 5 are tested, on their own grid and with the thresholds the
// paper's words allow, in `tests/paper_004.rs` (`fig5_regimes`). Here the default 128×128 map
// is checked for what must hold on any grid, and its regimes are kept as a snapshot: regression
// values of the model, not claims of the paper.

/// On every map Tree wins every cell with N ≤ 100 and its cells are a prefix of each row (once
/// N is long enough for another algorithm, Tree never wins again); the NBL constraint loses no
/// Tree cell, and a Snake cell stays Snake or, on the smallest meshes, goes to Tree, never to
/// Fence.
#[test]
fn default_map_invariants() {
    let standard = map(FSet::Standard);
    let nominal = map(FSet::Nominal);
    for m in [&standard, &nominal] {
        for (r, c, n, mesh) in cells(m) {
            let cell = m.cell(r, c).unwrap();
            if n <= 100 {
                assert_eq!(cell.fastest, Algorithm::Tree, "{:?} {mesh:?} N={n}", m.f);
            }
            if c > 0 && cell.fastest == Algorithm::Tree {
                assert_eq!(
                    m.cell(r, c - 1).unwrap().fastest,
                    Algorithm::Tree,
                    "Tree's cells are a prefix of each row ({:?} {mesh:?} N={n})",
                    m.f
                );
            }
        }
    }
    for (s, n) in standard.cells.iter().zip(&nominal.cells) {
        match s.fastest {
            Algorithm::Tree => assert_eq!(n.fastest, Algorithm::Tree, "{s:?} → {n:?}"),
            Algorithm::Snake => assert_ne!(n.fastest, Algorithm::Fence, "{s:?} → {n:?}"),
            Algorithm::Fence => {}
        }
    }
}

/// What the default map's regimes are: each algorithm's share of the cells, where Snake wins
/// (its shortest vector and largest mesh), and the largest mesh on which Snake wins at
/// N ≤ 10⁴.
fn regimes_summary(m: &RegimeMap) -> String {
    let mut out = format!("{:?}:", m.f);
    for a in Algorithm::ALL {
        out += &format!(" {a:?} {} ({:.3})", count(m, a), m.share(a));
    }
    let snake: Vec<(u64, Mesh)> = cells(m)
        .filter(|&(r, c, _, _)| m.cell(r, c).unwrap().fastest == Algorithm::Snake)
        .map(|(_, _, n, mesh)| (n, mesh))
        .collect();
    let shortest = snake.iter().map(|(n, _)| *n).min();
    let largest = snake.iter().map(|(_, mesh)| mesh.nodes()).max();
    let moderate = snake
        .iter()
        .filter(|(n, _)| *n <= 10_000)
        .map(|(_, mesh)| mesh.nodes())
        .max();
    out + &format!(
        "; Snake from N = {shortest:?}, on up to {largest:?} nodes, at N ≤ 10⁴ on up to {moderate:?} nodes\n"
    )
}

/// A snapshot of the default map's regimes under standard and nominal f(L): a regression
/// value of the model on this grid (a change here means the model or the grid changed; update
/// it with `UPDATE_EXPECT=1` only when that change is intended).
#[test]
fn default_map_regimes_snapshot() {
    let summary = regimes_summary(&map(FSet::Standard)) + &regimes_summary(&map(FSet::Nominal));
    expect_test::expect![[r#"
        Standard: Tree 7147 (0.436) Snake 255 (0.016) Fence 8982 (0.548); Snake from N = Some(8342), on up to Some(36) nodes, at N ≤ 10⁴ on up to Some(4) nodes
        Nominal: Tree 8418 (0.514) Snake 4209 (0.257) Fence 3757 (0.229); Snake from N = Some(1056), on up to Some(512) nodes, at N ≤ 10⁴ on up to Some(54) nodes
    "#]].assert_eq(&summary);
}

/// 004's abstract and §5: with the NBL constraint "each of the three algorithms is the best by
/// a significant margin in useful regimes" ("at least 33% faster than the other two for some
/// combinations"). On the nominal map Tree's and Fence's best margins are far above a third;
/// Snake's approaches its asymptotic 1/3 over Fence from below, reaching 32% at
/// N = 10⁶. Without NBL, Snake never wins by more than 6%.
#[test]
fn margins_by_algorithm() {
    let best = |m: &RegimeMap, a: Algorithm| {
        m.cells
            .iter()
            .filter(|c| c.fastest == a)
            .map(|c| c.margin)
            .fold(0.0, f64::max)
    };
    let nominal = map(FSet::Nominal);
    assert!(best(&nominal, Algorithm::Tree) > 0.9);
    assert!(best(&nominal, Algorithm::Fence) > 0.45);
    let snake = best(&nominal, Algorithm::Snake);
    assert!((0.32..1.0 / 3.0).contains(&snake), "{snake}");
    let standard = map(FSet::Standard);
    assert!(best(&standard, Algorithm::Snake) < 0.06);
}

// ---- 004 Fig. 4: the block-size sweep -----------------------------------------------------

/// Each series' optimum is `Plan::optimum` and the least of its points; the points are distinct
/// increasing block sizes from 1 to the largest S with B = ⌈N/S⌉ ≥ 3 (004 Appendix 7.1), and
/// each time is `Plan::time`.
#[test]
fn sweep_optima_are_exact_and_minimal() {
    for query in [
        "machine=intel-delta&pattern=global-combine&n=100000",
        "machine=intel-delta&pattern=global-combine&n=12345&mesh=4x4",
        "machine=intel-delta&pattern=global-combine&n=500000&mesh=16x32",
        "machine=intel-delta&pattern=global-combine&n=7&mesh=3x5",
        "machine=custom&pattern=global-combine&n=99991&mesh=2x1",
    ] {
        let s = scenario(query);
        for f in FSet::ALL {
            let sweep = block_sweep(&s, f, 200).unwrap();
            let (n, mesh) = (n_of(&s), mesh_of(&s));
            assert_eq!((sweep.n, sweep.mesh, sweep.f), (n, mesh, f));
            assert_eq!(sweep.series.len(), 2, "{query}");
            let mut nbl = nbl_of(&s).unwrap();
            nbl.f = f;
            for (series, algorithm) in sweep
                .series
                .iter()
                .zip([Algorithm::Snake, Algorithm::Fence])
            {
                assert_eq!(series.algorithm, algorithm);
                let plan = Plan::new(&nbl, algorithm, mesh).unwrap();
                assert_eq!(series.optimum, plan.optimum(n), "{query} {f:?}");
                let largest = (n - 1) / 2;
                let blocks: Vec<u64> = series.points.iter().map(|p| p.0).collect();
                assert_eq!(blocks.first(), Some(&1));
                assert_eq!(blocks.last(), Some(&largest));
                assert!(blocks.windows(2).all(|w| w[0] < w[1]));
                assert!(blocks.len() <= 201 && blocks.len() >= 200.min(largest as usize));
                for &(s, t) in &series.points {
                    assert!(n.div_ceil(s) >= 3, "B ≥ 3 at S = {s}");
                    assert_eq!(plan.time(n, s), Some(t));
                }
                let least = series
                    .points
                    .iter()
                    .map(|p| p.1)
                    .fold(f64::INFINITY, f64::min);
                assert_eq!(least, series.optimum.time, "{query} {f:?} {algorithm:?}");
                assert!(blocks.contains(&series.optimum.block));
            }
        }
    }
}

/// 004 §4.1 on Fig. 4, "a typical case" (16×16, N = 10⁵): "the NBL model predicts
/// significantly slower execution, a shift in the optimum block size, and a reversal of which
/// algorithm is faster". Fence is faster without NBL, Snake with it; both are slower with it,
/// and both optimal blocks shrink (α/(f(L)β) falls, 004 §4.1's third effect).
#[test]
fn fig4_typical_case() {
    let s = scenario("machine=intel-delta&pattern=global-combine&n=100000&mesh=16x16");
    let standard = block_sweep(&s, FSet::Standard, 128).unwrap();
    let nominal = block_sweep(&s, FSet::Nominal, 128).unwrap();
    let opt = |sweep: &commcalc_core::regimes::Sweep, i: usize| sweep.series[i].optimum;
    let (ss, sf) = (opt(&standard, 0), opt(&standard, 1));
    let (ns, nf) = (opt(&nominal, 0), opt(&nominal, 1));
    assert!(sf.time < ss.time, "standard: Fence faster");
    assert!(ns.time < nf.time, "nominal: Snake faster");
    assert!(
        ns.time > 1.5 * ss.time && nf.time > 1.5 * sf.time,
        "significantly slower"
    );
    assert!(
        ns.block < ss.block && nf.block < sf.block,
        "optima shift down"
    );
    // The curves themselves: with NBL every block size is slower, for both algorithms. The two
    // sweeps share their log-spaced blocks and differ only in the optimum each inserts.
    for (a, b) in standard.series.iter().zip(&nominal.series) {
        let mut shared = 0;
        for (s, t) in &b.points {
            if let Some((_, t0)) = a.points.iter().find(|p| p.0 == *s) {
                assert!(t > t0, "S = {s}");
                shared += 1;
            }
        }
        assert!(shared >= 128, "{shared}");
    }
}

/// Short vectors: the timeline needs three blocks, so N < 3 has no block to sweep (its optimum
/// is padded to N = 3); N = 4 has only S = 1, while its optimum pads to N = 5 (S = 2).
#[test]
fn sweep_of_short_vectors() {
    let s = scenario("machine=intel-delta&pattern=global-combine&n=2&mesh=2x2");
    let sweep = block_sweep(&s, FSet::Nominal, 64).unwrap();
    for series in &sweep.series {
        assert!(series.points.is_empty());
        assert_eq!((series.optimum.elements, series.optimum.block), (3, 1));
    }
    let s = scenario("machine=intel-delta&pattern=global-combine&n=4&mesh=2x2");
    let sweep = block_sweep(&s, FSet::Nominal, 64).unwrap();
    let snake = &sweep.series[0];
    assert_eq!(snake.points.len(), 1);
    assert_eq!(snake.points[0].0, 1);
    assert_eq!((snake.optimum.elements, snake.optimum.block), (5, 2));
}

/// Fence needs two columns (004 Appendix 7.1): on a one-wide mesh the sweep has Snake only.
#[test]
fn sweep_leaves_out_what_does_not_apply() {
    let s = scenario("machine=intel-delta&pattern=global-combine&mesh=1x16");
    let sweep = block_sweep(&s, FSet::Nominal, 32).unwrap();
    assert_eq!(sweep.series.len(), 1);
    assert_eq!(sweep.series[0].algorithm, Algorithm::Snake);
}

// ---- scenarios and parameters -------------------------------------------------------------

/// The map and sweep read the machine's NBL parameters with the scenario's overrides; f comes
/// from the argument, not the scenario; any pattern on an NBL machine is accepted.
#[test]
fn scenarios_and_overrides() {
    let options = MapOptions {
        lengths: 12,
        meshes: 6,
        ..MapOptions::default()
    };
    let base = regime_map(&delta(), FSet::Nominal, options).unwrap();
    let with_f = scenario("machine=intel-delta&pattern=global-combine&f=standard");
    assert_eq!(regime_map(&with_f, FSet::Nominal, options).unwrap(), base);
    let pingpong = scenario("machine=intel-delta&pattern=pingpong");
    assert_eq!(regime_map(&pingpong, FSet::Nominal, options).unwrap(), base);

    let slow_start = scenario("machine=intel-delta&pattern=global-combine&alpha=500");
    assert_eq!(nbl_of(&slow_start).unwrap().alpha, 500.0);
    let m = regime_map(&slow_start, FSet::Nominal, options).unwrap();
    // Start-ups ten times dearer: Tree, which has the fewest, wins more cells.
    assert!(count(&m, Algorithm::Tree) > count(&base, Algorithm::Tree));

    // The defaults of the global-combine pattern: N = 10⁴ on 16×16.
    assert_eq!(n_of(&delta()), 10_000);
    assert_eq!(
        mesh_of(&delta()),
        Mesh {
            width: 16,
            height: 16
        }
    );
}

/// The map serializes for the web app: f and algorithms as ids, meshes as objects, times and
/// blocks as arrays with null where an algorithm does not apply.
#[test]
fn serializes_with_ids() {
    let m = regime_map(
        &delta(),
        FSet::Standard,
        MapOptions {
            lengths: 2,
            meshes: 2,
            ..MapOptions::default()
        },
    )
    .unwrap();
    let json = serde_json::to_value(&m).unwrap();
    assert_eq!(json["f"], "standard");
    assert_eq!(json["lengths"], serde_json::json!([1, 1_000_000]));
    assert_eq!(
        json["meshes"][0],
        serde_json::json!({"width": 2, "height": 2})
    );
    assert_eq!(json["cells"][0]["fastest"], "tree");
    assert_eq!(json["cells"][0]["times_us"].as_array().unwrap().len(), 3);
    assert_eq!(json["cells"][0]["blocks"][0], 1);
    let s = scenario("machine=intel-delta&pattern=global-combine&mesh=1x4");
    let sweep = serde_json::to_value(block_sweep(&s, FSet::Nominal, 8).unwrap()).unwrap();
    assert_eq!(sweep["series"][0]["algorithm"], "snake");
    assert_eq!(sweep["f"], "nominal");
    assert!(sweep["series"][0]["optimum"]["time"].is_number());
}

// ---- bad input ----------------------------------------------------------------------------

/// Options out of range give an error naming the option and what it accepts; so does a machine
/// without NBL parameters and a sweep with too few or too many points. Nothing panics.
#[test]
fn bad_input_is_rejected_with_a_reason() {
    let d = MapOptions::default();
    for (options, key, hint) in [
        (MapOptions { lengths: 0, ..d }, "lengths", "1 to 512"),
        (MapOptions { lengths: 513, ..d }, "lengths", "1 to 512"),
        (MapOptions { meshes: 0, ..d }, "meshes", "1 to 512"),
        (
            MapOptions {
                meshes: usize::MAX,
                ..d
            },
            "meshes",
            "1 to 512",
        ),
        (MapOptions { n_from: 0, ..d }, "n_from", "from 1"),
        (
            MapOptions {
                n_from: 1000,
                n_to: 999,
                ..d
            },
            "n_to",
            "from n_from = 1000",
        ),
        (
            MapOptions {
                n_to: MAX_MAP_LENGTH + 1,
                ..d
            },
            "n_to",
            "1000000000",
        ),
        (
            MapOptions {
                n_from: u64::MAX,
                n_to: u64::MAX,
                ..d
            },
            "n_from",
            "1000000000",
        ),
        (
            MapOptions { max_nodes: 3, ..d },
            "max_nodes",
            "4 (a 2×2 mesh) to 4096",
        ),
        (
            MapOptions {
                max_nodes: 5000,
                ..d
            },
            "max_nodes",
            "to 4096",
        ),
    ] {
        let err = regime_map(&delta(), FSet::Nominal, options).unwrap_err();
        assert_eq!(err.key(), Some(key), "{err}");
        assert!(err.to_string().contains(hint), "{err}");
    }

    let paragon = scenario("machine=intel-paragon&pattern=pingpong");
    for err in [
        regime_map(&paragon, FSet::Nominal, d).unwrap_err(),
        block_sweep(&paragon, FSet::Nominal, 64).unwrap_err(),
    ] {
        assert_eq!(err.key(), Some("machine"), "{err}");
        let text = err.to_string();
        assert!(
            text.contains("intel-delta") && text.contains("custom"),
            "{text}"
        );
    }

    for points in [0, 1, 4097] {
        let err = block_sweep(&delta(), FSet::Nominal, points).unwrap_err();
        assert_eq!(err.key(), Some("points"), "{err}");
        assert!(err.to_string().contains("2 to 4096"), "{err}");
    }

    // A scenario built by hand, past the query language's checks: no panic.
    let mut odd = delta();
    odd.inputs.mesh = Some((0, 0));
    odd.inputs.n = Some(f64::NAN);
    assert!(block_sweep(&odd, FSet::Nominal, 16).is_err());
    odd.inputs.mesh = Some((1, 1));
    assert!(block_sweep(&odd, FSet::Nominal, 16).is_err());
    odd.inputs.n = Some(1e300);
    odd.inputs.mesh = Some((3, 3));
    let sweep = block_sweep(&odd, FSet::Nominal, 16).unwrap();
    assert_eq!(sweep.n, 1 << 52);
    odd.overrides = vec![("alpha", -1.0)];
    assert_eq!(
        regime_map(&odd, FSet::Nominal, d).unwrap_err().key(),
        Some("alpha")
    );
}
