//! Comparisons and their crossovers, against values derived by hand from the papers' numbers.
//!
//! For two Hockney lines t = α + β·N (003 eq. 1, 001 eq. 1) the crossover is
//! N* = (α_a − α_b)/(β_b − β_a) and the one with the smaller α is faster below it. Each test
//! writes the papers' numbers out with their source, derives N* on paper (in the comment) and in
//! code, and checks the core's numerical search against it.

mod common;

use commcalc_core::compare::{compare, compare_with, crossovers, Crossover, MAX_SCENARIOS};
use commcalc_core::report::{curve_range, CURVE_POINTS};
use commcalc_core::{evaluate, Scenario};

fn scenario(query: &str) -> Scenario {
    Scenario::from_query(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn scenarios(queries: &[&str]) -> Vec<Scenario> {
    queries.iter().map(|q| scenario(q)).collect()
}

/// The one crossover of two scenarios over 1 B … 1 MB.
fn only_crossover(a: &str, b: &str) -> Crossover {
    let found = crossovers(&scenario(a), &scenario(b), 1.0, 1e6).expect("crossovers");
    assert_eq!(found.len(), 1, "{a} vs {b}: {found:?}");
    found[0]
}

/// Within the 1e-9 relative accuracy the bisection promises (with a little room).
fn exact(model: f64, hand: f64, what: &str) {
    common::close(model, hand, 1e-8, what);
}

const IPSC: &str = "machine=intel-ipsc&pattern=pingpong";
const AMETEK: &str = "machine=ametek-s14&pattern=pingpong";

/// 003 Table 5: Intel iPSC t_l = 1.7×10⁻³ s, t_c = 2.83×10⁻⁶ s/byte; Ametek S/14
/// t_l = 5.5×10⁻⁴ s, t_c = 9.53×10⁻⁶ s/byte. By hand:
/// N* = (1700 − 550) µs / (9.53 − 2.83) µs/B = 1150 / 6.70 = 171.64 B, and
/// t* = 550 + 9.53 × 171.64 = 2185.7 µs. The Ametek, with the lower latency, is faster below.
/// The paper says the iPSC "yielded smaller total communication time for messages of more than
/// 150 bytes" (003 §Simple Transfer): its own fit puts the crossover at 172 B.
#[test]
fn ipsc_vs_ametek_pingpong() {
    let (tl_ipsc, tc_ipsc) = (1.7e-3 * 1e6, 2.83e-6 * 1e6);
    let (tl_ametek, tc_ametek) = (5.5e-4 * 1e6, 9.53e-6 * 1e6);
    let n = (tl_ipsc - tl_ametek) / (tc_ametek - tc_ipsc);
    exact(n, 171.641_791, "hand derivation");
    let t = tl_ametek + tc_ametek * n;

    let c = only_crossover(IPSC, AMETEK);
    exact(c.size_bytes, n, "crossover size");
    exact(c.time_us, t, "crossover time");
    assert_eq!((c.a, c.b), (0, 1));
    assert_eq!(c.faster_below, 1, "the Ametek is faster below");
    // "more than 150 bytes": the model's crossover lies just above the paper's round figure.
    assert!(c.size_bytes > 150.0 && c.size_bytes < 200.0);
}

/// Two more Hockney pairs from different papers.
/// Intel Paragon NX ping-pong, 001 §2 eq. 1: 146 µs + 0.0115 µs/B. JPL Mark-III, 003 Table 5:
/// 95 µs + 0.563 µs/B. N* = (146 − 95)/(0.563 − 0.0115) = 51/0.5515 = 92.48 B,
/// t* = 95 + 0.563 × 92.48 = 147.06 µs; the Mark-III is faster below.
/// Intel iPSC vs Ametek S/14β (003 Table 5: 1.3×10⁻³ s, 1.17×10⁻⁵ s/B):
/// N* = (1700 − 1300)/(11.7 − 2.83) = 400/8.87 = 45.10 B; the S/14β is faster below.
#[test]
fn hockney_pairs_across_papers() {
    let n = (146.0 - 95.0) / (0.563 - 0.0115);
    exact(n, 92.475_068, "hand derivation");
    let c = only_crossover(
        "machine=intel-paragon&pattern=pingpong",
        "machine=jpl-mark3&pattern=pingpong",
    );
    exact(c.size_bytes, n, "Paragon vs Mark-III size");
    exact(c.time_us, 95.0 + 0.563 * n, "Paragon vs Mark-III time");
    assert_eq!(c.faster_below, 1, "the Mark-III is faster below");

    let n = (1700.0 - 1300.0) / (11.7 - 2.83);
    exact(n, 45.095_829, "hand derivation");
    let c = only_crossover(IPSC, "machine=ametek-s14b&pattern=pingpong");
    exact(c.size_bytes, n, "iPSC vs S/14β size");
    assert_eq!(c.faster_below, 1, "the S/14β is faster below");
}

/// Hyperbolic vs Hockney: the IBM SP2 under MPI (000 §3.3: node a_p, switch channel a_c with
/// 2a_p + a_c = 124 µs measured, b_p = 0.025, b_l = 0.029 µs/B) reduces, serially and
/// independently (Rule 1: a sum, b max), to a = 124 µs, b = 0.029 µs/B, so
/// T(x) = a²/(a + b·x) + b·x (000 eq. 2). Against the Paragon NX line 146 + 0.0115·x:
/// a²/(a + bx) = (146 − a) + (0.0115 − b)x... multiplied out,
/// a² = (146 + (0.0115 − b)x)(a + bx), a quadratic in x:
/// (0.0115 − b)·b·x² + (146·b + (0.0115 − b)·a)·x + 146·a − a² = 0,
/// i.e. −0.0005075x² + 2.064x + 2728 = 0, whose positive root is x = 5117 B. The SP2, with the
/// smaller start-up, is faster below.
#[test]
fn sp2_hyperbola_vs_paragon_line() {
    let (a, b): (f64, f64) = (124.0, 0.029);
    let (alpha, beta) = (146.0, 0.0115);
    let qa = (beta - b) * b;
    let qb = alpha * b + (beta - b) * a;
    let qc = alpha * a - a * a;
    let x = (-qb - (qb * qb - 4.0 * qa * qc).sqrt()) / (2.0 * qa);
    common::close(x, 5117.0, 1e-3, "hand derivation");

    let c = only_crossover(
        "machine=ibm-sp2&pattern=pingpong",
        "machine=intel-paragon&pattern=pingpong",
    );
    exact(c.size_bytes, x, "SP2 vs Paragon size");
    exact(c.time_us, alpha + beta * x, "SP2 vs Paragon time");
    assert_eq!(c.faster_below, 0, "the SP2 is faster below");
}

/// 001 §5: on the Paragon, BSP's h-relation (g·h + L, 001 Table 1) against BPRAM's block
/// permutation (σ·m + ℓ, 001 Table 2) moving the same data, m = 4h bytes (the h-relation's
/// abscissa is the bytes each processor sends, 4 per word). At p = 8: BSP 6.50·m/4 + 3100 =
/// 1.625·m + 3100 µs, BPRAM 0.0218·m + 1000 µs. BSP has both the larger offset and the larger
/// slope, so t_BSP − t_BPRAM = 1.6032·m + 2100 > 0 for every m: no crossover, BPRAM is always
/// faster, as the paper concludes ("any reasonable model for the Paragon must incorporate the
/// startup cost of a message transmission"). The same holds at every p of both tables.
///
/// With L overridden to 500 µs (a BSP library that did not pay p − 1 start-ups per superstep),
/// 1.625·m + 500 = 0.0218·m + 1000 gives m* = 500/1.6032 = 311.88 B (h ≈ 78 words), with BSP
/// faster below.
#[test]
fn bsp_h_relation_vs_bpram_permutation() {
    for p in [8, 16, 32, 36, 64] {
        let bsp = scenario(&format!("machine=intel-paragon&pattern=h-relation&p={p}"));
        let bpram = scenario(&format!("machine=intel-paragon&pattern=permutation&p={p}"));
        let found = crossovers(&bsp, &bpram, 1.0, 1e9).expect("crossovers");
        assert!(found.is_empty(), "p = {p}: {found:?}");
        let cmp = compare(&[bsp, bpram]).expect("compare");
        assert!(cmp.crossovers.is_empty());
        assert!(
            cmp.notes.iter().any(|n| n.contains("4 per word")),
            "the differing abscissae are noted: {:?}",
            cmp.notes
        );
    }

    let (g, l, sigma, ell) = (6.50, 500.0, 2.18e-2, 1.0e3);
    let m = (ell - l) / (g / 4.0 - sigma);
    exact(m, 311.876_248, "hand derivation");
    let cmp = compare(&scenarios(&[
        "machine=intel-paragon&pattern=permutation&p=8",
        "machine=intel-paragon&pattern=h-relation&p=8&l=500",
    ]))
    .expect("compare");
    assert_eq!(cmp.crossovers.len(), 1, "{:?}", cmp.crossovers);
    let c = cmp.crossovers[0];
    exact(c.size_bytes, m, "BSP vs BPRAM size");
    exact(c.time_us, sigma * m + ell, "BSP vs BPRAM time");
    assert_eq!((c.a, c.b), (0, 1));
    assert_eq!(c.faster_below, 1, "the BSP h-relation is faster below");
}

/// Identical scenarios, a scenario against itself written differently, and parallel lines have
/// no crossover; nor does a crossover outside the range asked for.
#[test]
fn no_crossover_without_a_swap() {
    let none = |a: &str, b: &str, from: f64, to: f64| {
        let found = crossovers(&scenario(a), &scenario(b), from, to).expect("crossovers");
        assert!(found.is_empty(), "{a} vs {b}: {found:?}");
    };
    none(IPSC, IPSC, 1.0, 1e12);
    none(
        "machine=intel-paragon&pattern=pingpong&size=100",
        "machine=intel-paragon&pattern=pingpong&model=hockney&alpha=146",
        1.0,
        1e12,
    );
    // Parallel lines: the same t_c, start-ups 1700 and 1000 µs.
    none(
        IPSC,
        "machine=intel-ipsc&pattern=pingpong&alpha=1000",
        1.0,
        1e12,
    );
    // A round trip is twice the one-way time: never equal for positive times.
    none(IPSC, "machine=intel-ipsc&pattern=roundtrip", 1.0, 1e12);
    // The iPSC/Ametek crossover (172 B) lies outside these ranges.
    none(IPSC, AMETEK, 1.0, 171.0);
    none(IPSC, AMETEK, 173.0, 1e6);
    // A bad range is an error, not a panic.
    for (from, to) in [
        (0.0, 1.0),
        (f64::NAN, 1.0),
        (1.0, f64::INFINITY),
        (10.0, 10.0),
        (-1.0, 5.0),
    ] {
        assert!(
            crossovers(&scenario(IPSC), &scenario(AMETEK), from, to).is_err(),
            "{from}…{to}"
        );
    }
}

/// Zero scenarios and more than four are rejected with a message that says how many are
/// accepted.
#[test]
fn scenario_count_is_checked() {
    let err = compare(&[]).expect_err("no scenarios");
    assert!(err.to_string().contains("1 to 4"), "{err}");
    let five = vec![scenario(IPSC); MAX_SCENARIOS + 1];
    let err = compare(&five).expect_err("five scenarios");
    assert!(err.to_string().contains('5'), "{err}");
    assert!(err.to_string().contains("1 to 4"), "{err}");
    assert!(compare(&five[..MAX_SCENARIOS]).is_ok());
    assert!(compare(&five[..1]).is_ok_and(|c| c.crossovers.is_empty()));
    assert!(compare_with(&five[..2], 1).is_err());
    assert!(compare_with(&five[..2], usize::MAX).is_err());
}

/// Swapping a and b finds the same sizes, with `faster_below` naming the same scenario.
#[test]
fn crossovers_are_symmetric() {
    let pairs = [
        (IPSC, AMETEK),
        (
            "machine=ibm-sp2&pattern=pingpong",
            "machine=intel-paragon&pattern=pingpong",
        ),
        (
            "machine=intel-paragon&pattern=permutation&p=8",
            "machine=intel-paragon&pattern=h-relation&p=8&l=500",
        ),
        // The packetized sawtooth crosses a line many times (000 eq. 1).
        (
            "machine=custom&pattern=pingpong&model=packetized&a=100&m=0.01&packet=1000",
            "machine=custom&pattern=pingpong&model=hockney&alpha=50&beta=0.1",
        ),
    ];
    for (a, b) in pairs {
        let (sa, sb) = (scenario(a), scenario(b));
        let ab = crossovers(&sa, &sb, 1.0, 1e6).expect("a, b");
        let ba = crossovers(&sb, &sa, 1.0, 1e6).expect("b, a");
        assert!(!ab.is_empty(), "{a} vs {b}");
        assert_eq!(ab.len(), ba.len(), "{a} vs {b}");
        for (x, y) in ab.iter().zip(&ba) {
            assert_eq!(x.size_bytes, y.size_bytes, "{a} vs {b}");
            assert_eq!(x.faster_below, 1 - y.faster_below, "{a} vs {b}");
        }
    }
}

/// The sawtooth of the packetized model (000 eq. 1) is a step function: each crossover lies
/// where one curve is equal to the other or jumps over it, and the order on either side agrees
/// with `faster_below`.
#[test]
fn crossovers_separate_the_orders() {
    let a = "machine=custom&pattern=pingpong&model=packetized&a=100&m=0.01&packet=1000";
    let b = "machine=custom&pattern=pingpong&model=hockney&alpha=50&beta=0.1";
    let found = crossovers(&scenario(a), &scenario(b), 1.0, 1e6).expect("crossovers");
    let ta = commcalc_core::report::cost_function(&scenario(a)).expect("a");
    let tb = commcalc_core::report::cost_function(&scenario(b)).expect("b");
    assert!(found.len() >= 2, "{found:?}");
    for c in &found {
        let (below, above) = (c.size_bytes * (1.0 - 1e-6), c.size_bytes * (1.0 + 1e-6));
        let a_faster_below = ta(below) < tb(below);
        let a_faster_above = ta(above) < tb(above);
        assert_ne!(a_faster_below, a_faster_above, "{c:?}");
        assert_eq!(c.faster_below == 0, a_faster_below, "{c:?}");
    }
    for w in found.windows(2) {
        assert!(w[0].size_bytes < w[1].size_bytes);
        assert_ne!(w[0].faster_below, w[1].faster_below);
    }
}

/// compare puts every curve on the union of the ranges and keeps each report's metrics,
/// warnings and canonical query exactly as `evaluate` gives them.
#[test]
fn reports_match_evaluate_on_a_common_range() {
    let queries = [
        "machine=intel-ipsc&pattern=pingpong&from=100&to=1000",
        "machine=ametek-s14&pattern=pingpong&size=2k&from=500&to=2000",
        "machine=intel-paragon&pattern=h-relation&p=12",
    ];
    let list = scenarios(&queries);
    let cmp = compare(&list).expect("compare");
    let from = list
        .iter()
        .map(|s| curve_range(s).0)
        .fold(f64::MAX, f64::min);
    let to = list.iter().map(|s| curve_range(s).1).fold(0.0, f64::max);
    assert_eq!((cmp.from_bytes, cmp.to_bytes), (from, to));
    assert_eq!((from, to), (4.0, 4e5), "the h-relation's default range");
    assert_eq!(cmp.reports.len(), 3);
    for (s, r) in list.iter().zip(&cmp.reports) {
        let alone = evaluate(s).expect("evaluate");
        assert_eq!(r.query, alone.query);
        assert_eq!(
            r.query,
            s.to_query(),
            "the user's query, not the common range"
        );
        assert_eq!(r.metrics, alone.metrics);
        assert_eq!(r.warnings, alone.warnings);
        assert_eq!(r.at_bytes, alone.at_bytes);
        assert_eq!(r.curve.len(), CURVE_POINTS);
        assert_eq!(r.curve[0].size_bytes, from);
        assert_eq!(r.curve[CURVE_POINTS - 1].size_bytes, to);
    }
    // p = 12 lies between rows of 001 Table 1: the warning survives the comparison.
    assert!(!cmp.reports[2].warnings.is_empty());
    assert_eq!(
        cmp.abscissae,
        [
            "message size",
            "message size",
            "bytes each processor sends (4 per word)"
        ]
    );
    // The iPSC/Ametek crossover at 172 B is inside the union though outside the Ametek's range.
    let c = cmp
        .crossovers
        .iter()
        .find(|c| (c.a, c.b) == (0, 1))
        .expect("iPSC vs Ametek");
    exact(c.size_bytes, 1150.0 / 6.70, "crossover in the union");
    // Ordered by pair, then size.
    for w in cmp.crossovers.windows(2) {
        assert!((w[0].a, w[0].b, w[0].size_bytes) < (w[1].a, w[1].b, w[1].size_bytes));
    }

    let few = compare_with(&list, 16).expect("compare_with");
    assert!(few.reports.iter().all(|r| r.curve.len() == 16));
    assert_eq!(
        few.crossovers, cmp.crossovers,
        "the search does not depend on the curve"
    );
}

/// The comparison serialises with the reports in the eval JSON's shape, under `scenarios` as
/// `commcalc compare --json` prints it.
#[test]
fn comparison_serialises() {
    let cmp = compare(&scenarios(&[IPSC, AMETEK])).expect("compare");
    let v = serde_json::to_value(&cmp).expect("JSON");
    assert_eq!(v["scenarios"][0]["query"], IPSC);
    assert!(v["scenarios"][1]["metrics"]["r_inf_MBps"].is_f64());
    let c = &v["crossovers"][0];
    for key in ["a", "b", "size_bytes", "time_us", "faster_below"] {
        assert!(!c[key].is_null(), "{key} in {c}");
    }
    assert_eq!(v["from_bytes"], 1.0);
    assert_eq!(v["to_bytes"], 1e6);
}

/// Every pair of default scenarios on every machine compares without a panic, and every
/// crossover lies inside the common range with finite values.
#[test]
fn every_default_pair_compares() {
    let all: Vec<_> = commcalc_core::patterns::offered()
        .map(|o| scenario(&o.query()))
        .collect();
    for (i, a) in all.iter().enumerate() {
        let b = &all[(i * 7 + 3) % all.len()];
        let c = &all[(i * 13 + 5) % all.len()];
        let cmp = compare_with(&[a.clone(), b.clone(), c.clone()], 8).unwrap_or_else(|e| {
            panic!(
                "{} / {} / {}: {e}",
                a.to_query(),
                b.to_query(),
                c.to_query()
            )
        });
        for x in &cmp.crossovers {
            assert!(x.size_bytes >= cmp.from_bytes && x.size_bytes <= cmp.to_bytes);
            assert!(x.time_us.is_finite());
            assert!(x.a < x.b && (x.faster_below == x.a || x.faster_below == x.b));
        }
    }
}
