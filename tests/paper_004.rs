//! Paper 004 — Littlefield, "Modeling Node Bandwidth Limits and Their Effect on Vector
//! Combining Algorithms". The NBL model T(L) = Lα + f(L)βS (§2), the Tree, Snake and Fence
//! timelines (Appendix 7.1), their optimal block sizes, Table 1's f(L), the DELTA parameters
//! (§7.2),  the regime statements of §4.1 and §4.2. Tolerance 1% unless a
//! case says otherwise.

mod common;

use commcalc_core::catalog;
use commcalc_core::models::nbl::{
    fastest, testjig_f, Algorithm, Combiner, FSet, Linear, Mesh, Nbl, Plan, TESTJIG, TESTJIG_LINKS,
};
use commcalc_core::models::Model;
use commcalc_core::run;
use common::{close, report};

const ALPHA: f64 = 54.0;
const BETA: f64 = 1.54;
const C2: f64 = 0.25;
const C3: f64 = 0.37;

fn delta(f: FSet) -> Nbl {
    Nbl::new(ALPHA, BETA, C2, C3, f).unwrap()
}

fn mesh(width: u32, height: u32) -> Mesh {
    Mesh { width, height }
}

fn plan(f: FSet, algorithm: Algorithm, w: u32, h: u32) -> Plan {
    Plan::new(&delta(f), algorithm, mesh(w, h)).unwrap()
}

/// g(S): T(S) with B = N/S, the continuous time the closed forms minimise.
fn continuous(lin: &Linear, n: f64, s: f64) -> f64 {
    lin.lower_bound(n, s)
}

/// The integer block minimising T by trying every S with B = ⌈N/S⌉ ≥ 3 (the smallest S of
/// equal times), and that time.
fn brute_force(plan: &Plan, n: u64) -> (u64, f64) {
    (1..=(n - 1) / 2)
        .filter_map(|s| plan.time(n, s).map(|t| (s, t)))
        .fold(
            (0, f64::INFINITY),
            |best, (s, t)| if t < best.1 { (s, t) } else { best },
        )
}

// ---- Table 1: f(L) from the testjig's T columns ----------------------------------------------

/// 004 Table 1 prints dT (the difference of adjacent T's) and f(L) = dT(L)/dT(1), rounded to
/// one decimal. The model computes f from the T columns: every printed dT follows, and every
/// printed f but one. The first f(6) is printed 3.8, but its own dT's give 230/65 = 3.54: a
/// misprint (3.8 would need dT(6) = 247 or T(6) = 362 at S = 120).
#[test]
fn table1_f_from_t_columns_with_one_misprint() {
    let printed_dt: [[f64; 4]; 3] = [
        [65.0, 106.0, 139.0, 230.0],
        [154.0, 267.0, 435.0, 647.0],
        [232.0, 440.0, 900.0, 1356.0],
    ];
    // f(2), f(4), f(6) per interval as printed.
    let printed_f: [[f64; 3]; 3] = [[1.6, 2.1, 3.8], [1.7, 2.8, 4.2], [1.9, 3.9, 5.8]];
    assert_eq!(TESTJIG_LINKS, [1, 2, 4, 6]);
    for i in 0..3 {
        let (lower, upper) = (&TESTJIG[i], &TESTJIG[i + 1]);
        for (l, dt) in printed_dt[i].iter().enumerate() {
            assert_eq!(
                upper.times[l] - lower.times[l],
                *dt,
                "dT row {i} column {l}"
            );
        }
        let f = testjig_f(lower, upper);
        assert_eq!(f[0], 1.0, "f(1) = 1 by definition (004 §2)");
        for (j, (model, paper)) in f[1..].iter().zip(printed_f[i]).enumerate() {
            let rounded = (model * 10.0).round() / 10.0;
            if (i, j) == (0, 2) {
                assert!((model - 230.0 / 65.0).abs() < 1e-12);
                assert_eq!(
                    rounded, 3.5,
                    "the T columns give f(6) = 3.54 over S = 60…120"
                );
                assert_ne!(rounded, paper, "Table 1 prints 3.8 here: a misprint");
            } else {
                assert_eq!(rounded, paper, "f(L) over interval {i}, column {j}");
            }
        }
    }
}

/// The testjig set: each interval's f holds from its first S to the next one's, the first below
/// 60 and the last above 600 too; f(3), which Table 1 did not measure, is the mean of f(2) and
/// f(4); f(1) = 1.
#[test]
fn testjig_set_by_block_size() {
    for (i, s) in [
        (0, 1.0),
        (0, 60.0),
        (0, 119.0),
        (1, 120.0),
        (1, 299.0),
        (2, 300.0),
        (2, 600.0),
        (2, 1e6),
    ] {
        let f = testjig_f(&TESTJIG[i], &TESTJIG[i + 1]);
        let o = FSet::Testjig.overlap(s);
        assert_eq!(FSet::Testjig.piece_of(s), i, "S = {s}");
        assert_eq!(o.f(1).unwrap(), 1.0);
        assert_eq!(o.f(2).unwrap(), f[1], "S = {s}");
        assert_eq!(o.f(4).unwrap(), f[2], "S = {s}");
        assert_eq!(o.f(6).unwrap(), f[3], "S = {s}");
        assert!((o.f(3).unwrap() - (f[1] + f[2]) / 2.0).abs() < 1e-12);
    }
    // For long blocks the DELTA is "almost perfectly NBL constrained" (004 §4.2): f(L) ≈ L.
    let long = FSet::Testjig.overlap(600.0);
    for l in [2, 4, 6] {
        let ratio = long.f(l).unwrap() / f64::from(l);
        assert!(
            (0.94..=0.98).contains(&ratio),
            "f({l})/{l} = {ratio} over S = 300…600"
        );
    }
}

/// The four f sets, and 004 §2's step cost T(L) = Lα + f(L)βS.
#[test]
fn f_sets_and_step_cost() {
    let s = 100.0;
    for (f, expected) in [
        (FSet::Standard, [1.0, 1.0, 1.0, 1.0, 1.0]),
        (FSet::Nominal, [1.0, 2.0, 3.0, 4.0, 6.0]),
        (FSet::Fitted, [1.0, 1.1, 1.3, 3.9, 5.1]),
    ] {
        let nbl = delta(f);
        for (l, fl) in [1, 2, 3, 4, 6].into_iter().zip(expected) {
            assert_eq!(f.overlap(s).f(l).unwrap(), fl, "{f:?} f({l})");
            let step = nbl.links(l, s).unwrap();
            let t = f64::from(l) * ALPHA + fl * BETA * s;
            assert!(
                (step.time(s) - t).abs() < 1e-9,
                "{f:?}: T({l}) = Lα + f(L)βS"
            );
        }
    }
    // The fitted set's f(5) is not used by any algorithm; it lies between f(4) and f(6).
    assert!((FSet::Fitted.overlap(s).f(5).unwrap() - 4.5).abs() < 1e-12);
    assert_eq!(
        FSet::default(),
        FSet::Nominal,
        "004 §4.2 recommends the nominal model"
    );
}

// ---- §7.2: the DELTA's parameters ------------------------------------------------------------

/// 004 §7.2 prints each parameter with a rate: β = 1.54 µs/double (5.2 MB/s), c₂ = 0.25 µs
/// (4.0 MFLOPS), c₃ = 0.37 µs (5.3 MFLOPS). c₂ is one addition per element: 1/0.25 = 4.0. c₃
/// adds three vectors, two additions per element: 2/0.37 = 5.41, not 5.3. 5.3 MFLOPS implies
/// c₃ = 2/5.3 = 0.377 µs, so the paper appears to have truncated 0.377 to 0.37 (rounded it would
/// be 0.38): a 2% inconsistency between its two numbers. The model uses c₃ = 0.37 as printed.
#[test]
fn delta_parameters() {
    let set = catalog::machine("intel-delta")
        .and_then(|m| m.set(Model::Nbl))
        .unwrap();
    let value = |name: &str| set.param(name).unwrap().value;
    assert_eq!(
        (value("alpha"), value("beta"), value("c2"), value("c3")),
        (ALPHA, BETA, C2, C3)
    );
    close(
        8.0 / value("beta"),
        5.2,
        0.01,
        "bandwidth 8 B per double / β (MB/s)",
    );
    close(
        1.0 / value("c2"),
        4.0,
        0.001,
        "c₂: one flop per element (MFLOPS)",
    );
    let c3_rate = 2.0 / value("c3");
    close(
        c3_rate,
        5.3,
        0.021,
        "c₃: two flops per element (MFLOPS), 2% off as printed",
    );
    assert!(
        ((c3_rate - 5.3) / 5.3).abs() > 0.01,
        "2/0.37 = 5.41 is not within 1% of 5.3"
    );
}

// ---- Appendix 7.1: the timelines -------------------------------------------------------------

/// Tree: T = (log₂W + log₂H)·(2(α + f(1)βN) + c₂N), with ⌈log₂⌉ on meshes that are not powers
/// of two.
#[test]
fn tree_time() {
    for (w, h, levels) in [
        (16, 16, 8.0),
        (16, 32, 9.0),
        (4, 4, 4.0),
        (2, 1, 1.0),
        (3, 5, 5.0),
        (33, 16, 10.0),
    ] {
        for f in FSet::ALL {
            let n = 1000u64;
            let t = plan(f, Algorithm::Tree, w, h).optimum(n);
            let paper = levels * (2.0 * (ALPHA + BETA * n as f64) + C2 * n as f64);
            assert!((t.time - paper).abs() < 1e-9 * paper, "{w}x{h} {f:?}");
            assert_eq!((t.block, t.blocks, t.closed_form), (n, 1, None));
        }
    }
}

/// The appendix's Snake and Fence sums, written out row by row with each step costed
/// Lα + f(L)βS (+ c·S), equal the model's T(S) for any B ≥ 3.
#[test]
fn snake_and_fence_sums_row_by_row() {
    let f = FSet::Fitted;
    let fl = |l: u32| f.overlap(1.0).f(l).unwrap();
    let step = |l: u32, s: f64| f64::from(l) * ALPHA + fl(l) * BETA * s;
    for (w, h) in [(4, 4), (16, 32), (2, 1), (5, 3)] {
        let p = f64::from(w * h);
        let (wf, hf) = (f64::from(w), f64::from(h));
        for (n, s) in [(1000u64, 50u64), (12345, 700), (9, 3)] {
            let b = n.div_ceil(s) as f64;
            let sf = s as f64;
            let snake = (step(1, sf) + C2 * sf)
                + (p - 2.0) * (step(2, sf) + C2 * sf)
                + (step(3, sf) + C2 * sf)
                + (b - 3.0) * (step(4, sf) + C2 * sf)
                + (step(3, sf) + C2 * sf)
                + (p - 2.0) * step(2, sf)
                + step(1, sf);
            let model = plan(f, Algorithm::Snake, w, h).time(n, s).unwrap();
            assert!(
                (model - snake).abs() < 1e-9 * snake,
                "Snake {w}x{h} N={n} S={s}"
            );
            if w < 2 {
                continue;
            }
            let fence = (step(1, sf) + C2 * sf)
                + (hf - 1.0) * (step(2, sf) + C2 * sf)
                + (wf - 2.0) * (step(3, sf) + C3 * sf)
                + (step(4, sf) + C3 * sf)
                + (b - 3.0) * (step(6, sf) + C3 * sf)
                + (step(4, sf) + C3 * sf)
                + (wf - 2.0) * step(3, sf)
                + (hf - 1.0) * step(2, sf)
                + step(1, sf);
            let model = plan(f, Algorithm::Fence, w, h).time(n, s).unwrap();
            assert!(
                (model - fence).abs() < 1e-9 * fence,
                "Fence {w}x{h} N={n} S={s}"
            );
        }
    }
    // The timelines are written for B ≥ 3 blocks.
    assert_eq!(plan(f, Algorithm::Snake, 4, 4).time(10, 5), None);
    assert_eq!(plan(f, Algorithm::Snake, 4, 4).min_blocks(), 3);
}

/// Fence's W − 2 rows need W ≥ 2: on a one-wide mesh Fence does not apply, and a query asking
/// for it is rejected naming the mesh.
#[test]
fn fence_needs_two_columns() {
    assert!(Plan::new(&delta(FSet::Nominal), Algorithm::Fence, mesh(1, 16)).is_err());
    let err = run("machine=intel-delta&pattern=global-combine&mesh=1x16&algo=fence").unwrap_err();
    assert_eq!(err.0[0].key(), Some("mesh"), "{err}");
    let r = report("machine=intel-delta&pattern=global-combine&mesh=1x16");
    assert!(r.metric("fence_us").is_none() && r.metric("snake_us").is_some());
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("fence does not apply")),
        "{:?}",
        r.warnings
    );
}

// ---- Appendix 7.1: optimal block sizes -------------------------------------------------------

/// 004 eq. (1), Fence's S_opt, as printed.
fn fence_eq1(f: FSet, w: u32, h: u32, n: f64) -> f64 {
    let fl = |l: u32| f.overlap(1.0).f(l).unwrap();
    let (w, h) = (f64::from(w), f64::from(h));
    let denominator = h * (C2 + 2.0 * BETA * fl(2)) + w * (C3 + 2.0 * BETA * fl(3)) - 3.0 * C3
        + BETA * (2.0 * fl(1) - 2.0 * fl(2) - 4.0 * fl(3) + 2.0 * fl(4) - 3.0 * fl(6));
    (6.0 * n * ALPHA / denominator).sqrt()
}

/// Eq. (1) follows from T(S) with each step Lα + f(L)βS: the model's closed form equals it,
/// and it minimises the continuous T (the derivative vanishes there).
#[test]
fn fence_eq1_is_the_minimiser_of_t() {
    for f in [FSet::Standard, FSet::Nominal, FSet::Fitted] {
        for (w, h) in [(4, 4), (16, 16), (16, 32), (8, 2)] {
            let n = 1e5;
            let lin = *plan(f, Algorithm::Fence, w, h).linear(1).unwrap();
            let model = lin.continuous_block(n).unwrap();
            let paper = fence_eq1(f, w, h, n);
            close(model, paper, 1e-12, &format!("Fence S_opt {f:?} {w}x{h}"));
            let slope = (continuous(&lin, n, paper * 1.0001) - continuous(&lin, n, paper * 0.9999))
                / (paper * 2e-4);
            assert!(
                slope.abs() < 1e-6 * continuous(&lin, n, paper) / paper,
                "dT/dS = {slope}"
            );
        }
    }
}

/// docs/models.md: the appendix's "L·(α + f(L)βS)" would multiply every transfer by L as well; its
/// continuous optimum is then not eq. (1). Only Lα + f(L)βS reproduces the printed S_opt.
#[test]
fn fence_eq1_rules_out_the_appendix_step_form() {
    let (f, w, h, n) = (FSet::Nominal, 16u32, 16u32, 1e5);
    let fl = |l: u32| f.overlap(1.0).f(l).unwrap();
    let timeline = Algorithm::Fence.timeline();
    // Per-element coefficient C of the fixed steps under L·(α + f(L)βS).
    let c_alt: f64 = timeline
        .iter()
        .map(|st| {
            let count = match st.quantity.symbol() {
                "1" => 1.0,
                "W" => f64::from(w),
                "H" => f64::from(h),
                _ => 0.0,
            } - f64::from(st.less);
            let work = [0.0, C2, C3][st.work as usize];
            count * (f64::from(st.links) * fl(st.links) * BETA + work)
        })
        .sum();
    let alt = (n * 6.0 * ALPHA / c_alt).sqrt();
    let paper = fence_eq1(f, w, h, n);
    assert!(
        (alt / paper - 1.0).abs() > 0.2,
        "L·(α + f(L)βS) gives {alt}, eq. (1) {paper}"
    );
}

/// Snake's S_opt as 004 prints it.
fn snake_printed(f: FSet, p: f64, n: f64) -> f64 {
    let fl = |l: u32| f.overlap(1.0).f(l).unwrap();
    (n * ALPHA / ((p - 2.0) * (C2 + 2.0 * BETA * fl(2)) + 2.0 * BETA * fl(3) - 3.0 * BETA * fl(4)))
        .sqrt()
}

/// Snake's S_opt derived from its T(S) (see docs/models.md).
fn snake_derived(f: FSet, p: f64, n: f64) -> f64 {
    let fl = |l: u32| f.overlap(1.0).f(l).unwrap();
    let denominator =
        (p - 2.0) * (C2 + 2.0 * BETA * fl(2)) + 2.0 * BETA * fl(1) + 2.0 * BETA * fl(3)
            - 3.0 * BETA * fl(4);
    (4.0 * n * ALPHA / denominator).sqrt()
}

/// 004's printed Snake S_opt does not follow from its own T(S): it drops the factor 4 of the
/// four start-ups per steady step and the 2βf(1) of the two single-link steps. The derived form
/// is the model's closed form, makes dT/dS vanish, and sits next to the exact integer optimum;
/// the printed one is about half of it and costs more.
#[test]
fn snake_printed_s_opt_is_not_the_minimiser() {
    for f in [FSet::Standard, FSet::Nominal, FSet::Fitted] {
        for (w, h) in [(4, 4), (16, 16), (16, 32)] {
            let (n, p) = (1e5, f64::from(w * h));
            let pl = plan(f, Algorithm::Snake, w, h);
            let lin = *pl.linear(1).unwrap();
            let derived = snake_derived(f, p, n);
            let printed = snake_printed(f, p, n);
            close(
                lin.continuous_block(n).unwrap(),
                derived,
                1e-12,
                "closed form = derived",
            );
            let h_step = derived * 1e-4;
            let slope = (continuous(&lin, n, derived + h_step)
                - continuous(&lin, n, derived - h_step))
                / (2.0 * h_step);
            assert!(
                slope.abs() < 1e-6 * continuous(&lin, n, derived) / derived,
                "dT/dS at derived"
            );
            assert!(
                continuous(&lin, n, printed) > continuous(&lin, n, derived) * (1.0 + 1e-4),
                "{f:?} {w}x{h}"
            );
            let ratio = printed / derived;
            assert!(
                (0.45..0.6).contains(&ratio),
                "printed/derived = {ratio} ({f:?} {w}x{h})"
            );
            let exact = pl.optimum(n as u64);
            assert!(
                (exact.block as f64 / derived - 1.0).abs() < 0.05,
                "exact {} vs derived {derived}",
                exact.block
            );
            assert!(exact.time < pl.time(n as u64, printed.round() as u64).unwrap());
        }
    }
}

/// Where the denominator is ≤ 0 there is no interior optimum: on two nodes under the nominal
/// model Snake's C = −4β: T falls as blocks grow, and the best is the fewest blocks, B = 3,
/// with the smallest block that gives them, ⌈N/3⌉ (T rises with S at B = 3, since C + 3E > 0).
#[test]
fn no_interior_optimum() {
    let pl = plan(FSet::Nominal, Algorithm::Snake, 2, 1);
    let lin = *pl.linear(1).unwrap();
    assert!((lin.per_elem + 4.0 * BETA).abs() < 1e-12);
    for n in [9u64, 100, 1001, 54_321] {
        let o = pl.optimum(n);
        assert_eq!(o.closed_form, None);
        assert_eq!(o.blocks, 3, "N = {n}");
        assert_eq!(
            o.block,
            n.div_ceil(3),
            "N = {n}: the smallest block with B = 3"
        );
        assert_eq!((o.block, o.time), brute_force(&pl, n));
    }
}

/// The exact integer optimum equals brute force over every block, on many meshes, f sets and
/// vector lengths (testjig's S-dependent f included), and so is never worse than any other S.
#[test]
fn exact_optimum_equals_brute_force() {
    let lengths: Vec<u64> = (3..=260)
        .filter(|n| *n != 4)
        .chain([1000, 4321, 10_007, 65_536, 99_991])
        .collect();
    for f in FSet::ALL {
        for (w, h) in [(2, 1), (1, 3), (2, 2), (3, 5), (4, 4), (16, 16), (16, 32)] {
            for algorithm in [Algorithm::Snake, Algorithm::Fence] {
                let Ok(pl) = Plan::new(&delta(f), algorithm, mesh(w, h)) else {
                    continue;
                };
                for &n in &lengths {
                    let o = pl.optimum(n);
                    let (s, t) = brute_force(&pl, n);
                    assert_eq!(
                        (o.block, o.time, o.elements),
                        (s, t, n),
                        "{f:?} {algorithm:?} {w}x{h} N={n}"
                    );
                    assert_eq!(o.blocks, n.div_ceil(s));
                }
            }
        }
    }
}

mod property {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any parameters (zeros included), mesh, f set and length: the exact optimum is the
        /// brute-force minimum, and the time never falls as N grows by one.
        #[test]
        fn exact_optimum_is_brute_force_minimum(
            alpha in prop_oneof![Just(0.0), 0.0..500.0f64],
            beta in prop_oneof![Just(0.0), 0.0..10.0f64],
            c2 in prop_oneof![Just(0.0), 0.0..2.0f64],
            c3 in 0.0..2.0f64,
            f in 0usize..4,
            w in 1u32..9,
            h in 1u32..9,
            n in 5u64..2500,
        ) {
            prop_assume!(w * h >= 2);
            let nbl = Nbl::new(alpha, beta, c2, c3, FSet::ALL[f]).unwrap();
            for algorithm in [Algorithm::Snake, Algorithm::Fence] {
                let Ok(pl) = Plan::new(&nbl, algorithm, mesh(w, h)) else { continue };
                let o = pl.optimum(n);
                let (s, t) = brute_force(&pl, n);
                prop_assert_eq!(o.time, t);
                prop_assert_eq!(pl.time(n, o.block), Some(t));
                if (1..=(n - 1) / 2).filter(|&x| pl.time(n, x) == Some(t)).count() == 1 {
                    prop_assert_eq!(o.block, s);
                }
                prop_assert!(pl.optimum(n + 1).time >= o.time);
                prop_assert_eq!(pl.time_below(n, f64::INFINITY), o.time);
            }
        }
    }
}

/// Short vectors: N < 3 cannot make three blocks and is costed padded with zeros to 3 elements;
/// at N = 4 the only block, S = 1, gives B = 4, and padding to 5 elements (S = 2, B = 3) is
/// faster on the DELTA. This keeps the time non-decreasing in N.
#[test]
fn short_vectors_are_padded() {
    let pl = plan(FSet::Nominal, Algorithm::Snake, 2, 2);
    for n in [1u64, 2] {
        let o = pl.optimum(n);
        assert_eq!((o.elements, o.block, o.blocks), (3, 1, 3));
        assert_eq!(o.time, pl.time(3, 1).unwrap());
    }
    let o = pl.optimum(4);
    assert_eq!((o.elements, o.block, o.blocks), (5, 2, 3));
    assert!(o.time < pl.time(4, 1).unwrap());
    let r = report("machine=intel-delta&pattern=global-combine&mesh=2x2&n=4&algo=snake");
    assert_eq!(r.metric("snake_block_elems"), Some(2.0));
    assert!(
        r.warnings.iter().any(|w| w.contains("padded")),
        "{:?}",
        r.warnings
    );
}

/// The time at the exact optimum never falls as the vector grows, for each algorithm and for
/// the fastest of them, and so neither does the curve.
#[test]
fn time_is_non_decreasing_in_n() {
    for f in FSet::ALL {
        for (w, h) in [(2, 1), (2, 2), (4, 4), (16, 32)] {
            let combiner = Combiner::new(&delta(f), mesh(w, h));
            for algorithm in Algorithm::ALL {
                let pl = combiner.plan(algorithm).unwrap();
                let mut last = 0.0;
                for n in (1..=2000).chain((2001..200_000).step_by(997)) {
                    let t = pl.optimum(n).time;
                    assert!(
                        t >= last,
                        "{f:?} {algorithm:?} {w}x{h}: T({n}) = {t} < {last}"
                    );
                    last = t;
                }
            }
            let mut last = 0.0;
            for n in 1..=3000 {
                let t = combiner.best_time(n);
                assert!(t >= last, "{f:?} best {w}x{h} N={n}");
                last = t;
            }
        }
    }
    for algo in ["best", "tree", "snake", "fence"] {
        let r = report(&format!(
            "machine=intel-delta&pattern=global-combine&mesh=4x4&algo={algo}&from=8&to=1e7"
        ));
        assert!(
            r.curve.windows(2).all(|p| p[1].time_us >= p[0].time_us),
            "{algo}"
        );
    }
}

// ---- The pattern's report --------------------------------------------------------------------

/// The report's metrics are the model's: times and blocks at the exact optimum, the closed
/// forms, the asymptotic costs per element, the fastest algorithm; the curve's time at the
/// query's N is the chosen algorithm's.
#[test]
fn report_metrics_follow_the_model() {
    let r = report("machine=intel-delta&pattern=global-combine&n=100000&mesh=16x16&f=nominal");
    let combiner = Combiner::new(&delta(FSet::Nominal), mesh(16, 16));
    let [tree, snake, fence] = Algorithm::ALL.map(|a| combiner.plan(a).unwrap().optimum(100_000));
    assert_eq!(r.metric("tree_us"), Some(tree.time));
    assert_eq!(r.metric("snake_us"), Some(snake.time));
    assert_eq!(r.metric("fence_us"), Some(fence.time));
    assert_eq!(r.metric("snake_block_elems"), Some(snake.block as f64));
    assert_eq!(r.metric("fence_block_elems"), Some(fence.block as f64));
    assert_eq!(r.metric("snake_block_closed_form_elems"), snake.closed_form);
    assert_eq!(r.metric("fence_block_closed_form_elems"), fence.closed_form);
    close(
        r.metric("snake_asymptotic_us_per_elem").unwrap(),
        4.0 * BETA + C2,
        1e-12,
        "f(4)β + c₂",
    );
    close(
        r.metric("fence_asymptotic_us_per_elem").unwrap(),
        6.0 * BETA + C3,
        1e-12,
        "f(6)β + c₃",
    );
    assert_eq!(
        r.metrics.get("fastest"),
        Some(&commcalc_core::patterns::Value::Text("snake".into()))
    );
    assert_eq!(r.metric("time_us"), Some(snake.time));
    for (algo, t) in [("tree", tree.time), ("fence", fence.time)] {
        let r = report(&format!(
            "machine=intel-delta&pattern=global-combine&n=100000&mesh=16x16&algo={algo}"
        ));
        assert_eq!(r.metric("time_us"), Some(t), "{algo}");
    }
    // Defaults: n = 10⁴, a 16×16 mesh, the nominal model, the fastest algorithm.
    let d = report("machine=intel-delta&pattern=global-combine");
    let e =
        report("machine=intel-delta&pattern=global-combine&n=10000&mesh=16x16&f=nominal&algo=best");
    assert_eq!(d.metrics, e.metrics);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}

/// Meshes with more nodes than 004 measured (16×32 = 512, 004 §4.2) carry a warning; the
/// testjig set says what it extrapolates.
#[test]
fn warnings() {
    let r = report("machine=intel-delta&pattern=global-combine&mesh=32x32");
    assert!(
        r.warnings.iter().any(|w| w.contains("512")),
        "{:?}",
        r.warnings
    );
    let r = report("machine=intel-delta&pattern=global-combine&mesh=32x16");
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let r = report("machine=intel-delta&pattern=global-combine&n=100&mesh=4x4&f=testjig");
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("f(3) was not measured")),
        "{:?}",
        r.warnings
    );
    assert!(
        r.warnings.iter().any(|w| w.contains("extrapolation")),
        "{:?}",
        r.warnings
    );
    // With f constant on each measured interval, T(S) steps up where f does: long vectors put
    // the optimal block just below S = 300, and the report says so.
    let r = report("machine=intel-delta&pattern=global-combine&n=1000000&mesh=4x4&f=testjig");
    assert_eq!(r.metric("snake_block_elems"), Some(299.0));
    assert!(
        r.warnings.iter().any(|w| w.contains("just below S = 300")),
        "{:?}",
        r.warnings
    );
}

/// Ping-pong (L = 1) and exchange (L = 2) on the DELTA use the same step cost, with the f= set.
#[test]
fn pingpong_and_exchange_use_the_step_cost() {
    let elements = 1000.0;
    let size = elements * 8.0;
    let r = report(&format!("machine=intel-delta&pattern=pingpong&size={size}"));
    close(
        r.metric("time_us").unwrap(),
        ALPHA + BETA * elements,
        1e-12,
        "T(1)",
    );
    for (f, f2) in [
        ("standard", 1.0),
        ("nominal", 2.0),
        ("fitted", 1.1),
        ("testjig", (942.0 - 502.0) / (525.0 - 293.0)),
    ] {
        let r = report(&format!(
            "machine=intel-delta&pattern=exchange&size={size}&f={f}"
        ));
        close(
            r.metric("time_us").unwrap(),
            2.0 * ALPHA + f2 * BETA * elements,
            1e-12,
            f,
        );
    }
}

// ---- §4: the regimes -------------------------------------------------------------------------

/// under nominal NBL Snake's asymptotic cost per element, f(4)β + c₂, is 1/3 below
/// Fence's, f(6)β + c₃ (004 §4.2: "asymptotically up to 33% faster").
#[test]
fn spec8_snake_asymptotically_a_third_below_fence() {
    let snake = plan(FSet::Nominal, Algorithm::Snake, 16, 16).per_elem_asymptotic();
    let fence = plan(FSet::Nominal, Algorithm::Fence, 16, 16).per_elem_asymptotic();
    close(
        1.0 - snake / fence,
        1.0 / 3.0,
        0.01,
        "1 − snake/fence per element",
    );
    // And the margin of the exact optima approaches it from below as N grows (4×4 mesh).
    let margins: Vec<f64> = [1e4, 1e5, 1e6, 1e7, 1e8]
        .iter()
        .map(|&n| fastest(&delta(FSet::Nominal), mesh(4, 4), n as u64).margin)
        .collect();
    assert!(margins.windows(2).all(|m| m[1] > m[0]), "{margins:?}");
    assert!(margins[4] > 0.33 && margins[4] < 1.0 / 3.0, "{margins:?}");
}

/// 004 §4.2's last two cases of Fig. 7, P = 16 (4×4), N = 10⁵ and 5×10⁵ under the fitted
/// model: Snake is faster than Fence ("asymptotically up to 33% faster"). With the fitted f the
/// margin is about 20%, and its asymptote is 1 − (3.9β + c₂)/(5.1β + c₃) = 24%; the 33% is the
/// nominal model's asymptote .
#[test]
fn fitted_4x4_long_vectors_snake_beats_fence() {
    let nbl = delta(FSet::Fitted);
    for (n, lo, hi) in [(100_000u64, 0.18, 0.22), (500_000, 0.2, 0.24)] {
        let r = fastest(&nbl, mesh(4, 4), n);
        assert_eq!(r.fastest, Algorithm::Snake, "N = {n}");
        let (snake, fence) = (r.times[1].unwrap(), r.times[2].unwrap());
        let saving = 1.0 - snake / fence;
        assert!(
            (lo..hi).contains(&saving),
            "N = {n}: Snake {saving:.3} below Fence"
        );
        let q = format!("machine=intel-delta&pattern=global-combine&n={n}&mesh=4x4&f=fitted");
        assert_eq!(report(&q).metric("time_us"), Some(snake));
    }
    let asymptote = 1.0 - (3.9 * BETA + C2) / (5.1 * BETA + C3);
    let model = 1.0
        - plan(FSet::Fitted, Algorithm::Snake, 4, 4).per_elem_asymptotic()
            / plan(FSet::Fitted, Algorithm::Fence, 4, 4).per_elem_asymptotic();
    close(model, asymptote, 1e-12, "fitted asymptote");
    assert!((0.23..0.25).contains(&model));
}

/// 004 §4.1, Fig. 4, "a typical case": the NBL model predicts slower execution, a shift in the
/// optimum block sizes and a reversal of which of Snake and Fence is faster. On a 16×16 mesh
/// with N = 10⁵, Fence wins under the standard model and Snake under the nominal one; both get
/// slower and both optimal blocks shrink (α/(f(L)β) falls).
#[test]
fn fig4_typical_case() {
    let at = |f: FSet, a: Algorithm| plan(f, a, 16, 16).optimum(100_000);
    let (ss, sf) = (
        at(FSet::Standard, Algorithm::Snake),
        at(FSet::Standard, Algorithm::Fence),
    );
    let (ns, nf) = (
        at(FSet::Nominal, Algorithm::Snake),
        at(FSet::Nominal, Algorithm::Fence),
    );
    assert!(sf.time < ss.time && ns.time < nf.time, "reversal");
    assert!(ns.time > ss.time && nf.time > sf.time, "slower");
    assert!(
        ns.block < ss.block && nf.block < sf.block,
        "blocks shift down"
    );
}

/// The regime map of Fig. 5: vector lengths 10⁰…10⁶ (four per decade) × meshes from 2×2 to
/// 32×32 (every power of two of nodes, the longer side up to twice the shorter).
struct Map {
    /// cells[mesh][length]
    cells: Vec<Vec<Algorithm>>,
}

const MESHES: [(u32, u32); 9] = [
    (2, 2),
    (2, 4),
    (4, 4),
    (4, 8),
    (8, 8),
    (8, 16),
    (16, 16),
    (16, 32),
    (32, 32),
];

fn lengths() -> Vec<u64> {
    (0..=24)
        .map(|j| 10f64.powf(f64::from(j) / 4.0).round() as u64)
        .collect()
}

fn regime_map(f: FSet) -> Map {
    let nbl = delta(f);
    let cells = MESHES
        .iter()
        .map(|&(w, h)| {
            let c = Combiner::new(&nbl, mesh(w, h));
            lengths().into_iter().map(|n| c.regime(n).fastest).collect()
        })
        .collect();
    Map { cells }
}

impl Map {
    fn count(&self, a: Algorithm) -> usize {
        self.cells.iter().flatten().filter(|c| **c == a).count()
    }

    /// (mesh index, N) of every cell an algorithm wins.
    fn cells_of(&self, a: Algorithm) -> Vec<(usize, u64)> {
        let n = lengths();
        let mut out = Vec::new();
        for (i, row) in self.cells.iter().enumerate() {
            out.extend(
                row.iter()
                    .zip(&n)
                    .filter(|(c, _)| **c == a)
                    .map(|(_, n)| (i, *n)),
            );
        }
        out
    }
}

/// 004 §4.1 on Fig. 5: "Under both models, the Tree algorithm is fastest for short vectors.
/// Without the NBL constraint, the Fence algorithm is fastest almost everywhere else, while Snake
/// wins only in a small regime with very long vectors on just a few nodes. In contrast, with the
/// NBL constraint, Snake is fastest over a large regime including both moderately long vectors
/// and many nodes." And: the constraint "enlarge[s] the regimes in which Tree and Snake are
/// fastest". The thresholds made concrete:
/// - short vectors: N ≤ 100 on every mesh (at N = 178 Fence already wins on 2×2, standard);
/// - "almost everywhere else": Fence wins at least 80% of the cells Tree does not, and all of
///   them on every mesh of 64 nodes or more;
/// - "very long vectors on just a few nodes": every Snake cell has N ≥ 10⁴ and ≤ 32 nodes;
/// - "a large regime": Snake wins at least 60% of the non-Tree cells under nominal NBL (at
///   most 20% under the standard model), with "moderately long vectors" — N ≤ 10⁴ on a mesh of
///   16 or more nodes — and "many nodes" — every mesh up to 32×32 (1024 nodes) at N = 10⁶.
#[test]
fn fig5_regimes() {
    let standard = regime_map(FSet::Standard);
    let nominal = regime_map(FSet::Nominal);
    let nodes = |i: usize| MESHES[i].0 * MESHES[i].1;

    for map in [&standard, &nominal] {
        for row in &map.cells {
            for (cell, n) in row.iter().zip(lengths()) {
                if n <= 100 {
                    assert_eq!(*cell, Algorithm::Tree, "N = {n}");
                }
            }
        }
    }

    let total = |m: &Map| m.cells.iter().map(Vec::len).sum::<usize>();
    let non_tree = |m: &Map| total(m) - m.count(Algorithm::Tree);
    let fence_share = standard.count(Algorithm::Fence) as f64 / non_tree(&standard) as f64;
    assert!(
        fence_share >= 0.8,
        "standard: Fence wins {fence_share:.2} of the non-Tree cells"
    );
    for (i, row) in standard.cells.iter().enumerate() {
        if nodes(i) >= 64 {
            assert!(
                row.iter().all(|c| *c != Algorithm::Snake),
                "standard, {} nodes",
                nodes(i)
            );
        }
    }
    for (i, n) in standard.cells_of(Algorithm::Snake) {
        assert!(
            n >= 10_000 && nodes(i) <= 32,
            "standard: Snake at N = {n} on {} nodes",
            nodes(i)
        );
    }
    let snake_share = |m: &Map| m.count(Algorithm::Snake) as f64 / non_tree(m) as f64;
    assert!(snake_share(&standard) <= 0.2, "{}", snake_share(&standard));
    assert!(
        snake_share(&nominal) >= 0.6,
        "nominal: Snake wins {:.2}",
        snake_share(&nominal)
    );
    let snake = nominal.cells_of(Algorithm::Snake);
    assert!(
        snake.iter().any(|&(i, n)| n <= 10_000 && nodes(i) >= 16),
        "moderately long vectors"
    );
    for (i, m) in MESHES.iter().enumerate() {
        assert!(snake.contains(&(i, 1_000_000)), "nominal, N = 10⁶ on {m:?}");
    }
    // The NBL constraint enlarges Tree's and Snake's regimes, and shrinks Fence's.
    for cell in standard.cells_of(Algorithm::Tree) {
        assert!(
            nominal.cells_of(Algorithm::Tree).contains(&cell),
            "{cell:?}"
        );
    }
    assert!(nominal.count(Algorithm::Snake) >= 3 * standard.count(Algorithm::Snake));
    assert!(nominal.count(Algorithm::Fence) * 2 < standard.count(Algorithm::Fence));
}

/// A documented deviation from 004's abstract, asserted both ways: "Each of the three
/// algorithms is found to be at least 33% faster than the other two for some combinations of
/// machine size and vector length" (nominal NBL). In the model Tree and Fence are, by far; Snake
/// is not: its margin over the runner-up only approaches 1/3 as N grows (its asymptotic
/// advantage over Fence), passing 30% on a 4×4 mesh at N = 10⁶ but never reaching 33%.
#[test]
fn a_third_faster_holds_for_tree_and_fence_and_snake_only_approaches_it() {
    let nbl = delta(FSet::Nominal);
    let best_margin = |a: Algorithm| {
        MESHES
            .iter()
            .flat_map(|&(w, h)| {
                let c = Combiner::new(&nbl, mesh(w, h));
                lengths().into_iter().map(move |n| c.regime(n))
            })
            .filter(|r| r.fastest == a)
            .map(|r| r.margin)
            .fold(0.0, f64::max)
    };
    assert!(best_margin(Algorithm::Tree) > 0.9);
    assert!(best_margin(Algorithm::Fence) > 0.5);
    let snake = best_margin(Algorithm::Snake);
    assert!(snake > 0.3 && snake < 1.0 / 3.0, "{snake}");
}
