//! Paper 000 — Stoica, Sultan, Keyes, "Evaluating the Hyperbolic Model on a Variety of
//! Architectures". Every number the paper prints that the hyperbolic model should reproduce.
//! Tolerance 1% (relative) unless a case says otherwise.

mod common;

use commcalc_core::models::hyperbolic::{reduce_serial, Block, Coupling};
use common::{close, report};

/// (a, b) of the reduced block a pattern reports.
fn block(query: &str) -> (f64, f64) {
    let r = report(query);
    (
        r.metric("a_us").expect("a_us"),
        r.metric("b_us_per_byte").expect("b_us_per_byte"),
    )
}

/// 000 §3.1 eq. 3: the one-way time of one message reduces (Rule 1) to a = 2a_w + a_c,
/// b = max{b_w, b_c}; with eq. 6's Ethernet values a = 1750 µs, b = 1.05 µs/B.
#[test]
fn eq3_ethernet_pingpong_block() {
    let r = report("machine=ethernet-now&pattern=pingpong&size=1");
    close(
        r.metric("time_us").unwrap(),
        2.0 * 750.0 + 250.0,
        0.001,
        "T(1 B) ≈ T(0) = 2a_w + a_c",
    );
    close(
        r.metric("r_inf_MBps").unwrap(),
        1.0 / 1.05,
        1e-9,
        "r∞ = 1/max{b_w, b_c}",
    );
}

/// 000 §3.1 eq. 4: all-to-all among n = 8 workstations reduces to
/// a(n) = 4(n−1)a_w + n(n−1)a_c = 35,000 µs, b(n) = max{2(n−1)b_w, n(n−1)b_c} = 53.2 µs/B.
#[test]
fn eq4_ethernet_all_to_all_n8() {
    let (a, b) = block("machine=ethernet-now&pattern=all-to-all&p=8");
    close(a, 35_000.0, 1e-9, "a(8)");
    close(b, 53.2, 1e-9, "b(8)");
}

/// Eq. 4 for every n the paper measured (2…8), against the closed form.
#[test]
fn eq4_all_n_and_both_networks() {
    for (machine, a_w, b_w, a_c, b_c) in [
        ("ethernet-now", 750.0, 1.05, 250.0, 0.95),
        ("fddi-now", 380.0, 0.13, 5.0, 0.11),
    ] {
        for n in 2..=8 {
            let nf = f64::from(n);
            let (a, b) = block(&format!("machine={machine}&pattern=all-to-all&p={n}"));
            close(
                a,
                4.0 * (nf - 1.0) * a_w + nf * (nf - 1.0) * a_c,
                1e-12,
                "a(n)",
            );
            close(
                b,
                (2.0 * (nf - 1.0) * b_w).max(nf * (nf - 1.0) * b_c),
                1e-12,
                "b(n)",
            );
        }
    }
}

/// 000 §3.2: FDDI's throughput is "one order of magnitude larger than for Ethernet":
/// b_c 0.95 vs 0.11 µs/B is a factor 8.6 (within a factor 2 of ten).
#[test]
fn fddi_is_an_order_of_magnitude_faster() {
    let eth = report("machine=ethernet-now&pattern=pingpong")
        .metric("r_inf_MBps")
        .unwrap();
    let fddi = report("machine=fddi-now&pattern=pingpong")
        .metric("r_inf_MBps")
        .unwrap();
    let ratio = fddi / eth;
    assert!(
        (5.0..20.0).contains(&ratio),
        "FDDI/Ethernet r∞ ratio {ratio}"
    );
}

/// 000 §3.3 eq. 8 on one frame: 7 pairs, each with its own channel, so
/// b(7) = max{b_p, 7b_c} = max{b_p, b_l} = 0.029 µs/B (measured), and short round trips give
/// 2a_p + a_c = 124 µs: a(1) of the pairs pattern.
#[test]
fn eq8_sp2_one_frame() {
    let (_, b7) = block("machine=ibm-sp2&pattern=pairs&p=14");
    close(b7, 0.029, 1e-9, "b(7)");
    let (a1, _) = block("machine=ibm-sp2&pattern=pairs&p=2");
    close(a1, 124.0, 1e-9, "2a_p + a_c");
    // a(n) = 2a_p + n·a_c grows by a_c per pair whatever split of 124 µs is chosen.
    let (a7, _) = block("machine=ibm-sp2&pattern=pairs&p=14&a_c=35");
    close(a7, 124.0 - 35.0 + 7.0 * 35.0, 1e-9, "a(7) with a_c = 35");
}

/// 000 §3.3, two frames: 14 pairs share the 8 channels between frames, so
/// b(14) = max{b_p, 14·b_l/8} = 7b_l/4. The paper measured b(14) = 0.049 µs/B and derived
/// b_l = 0.028 from it; with b_l = 0.028 the model gives 0.049 exactly. The catalog keeps the
/// b(7) measurement b_l = 0.029 (which 000 prints as "0.29", a typo), and then b(14) is 0.0508:
/// 3.6% above the measurement, which is the paper's own inconsistency, so 4% here.
#[test]
fn sp2_two_frames() {
    let (_, b14) = block("machine=ibm-sp2&pattern=pairs&p=28&algo=two-frames&b_l=0.028");
    close(b14, 0.049, 1e-9, "b(14) with b_l = 0.028");
    let (_, b14) = block("machine=ibm-sp2&pattern=pairs&p=28&algo=two-frames");
    close(b14, 0.049, 0.04, "b(14) with b_l = 0.029");
    // Up to 8 pairs the 8 inter-frame channels suffice.
    let (_, b8) = block("machine=ibm-sp2&pattern=pairs&p=16&algo=two-frames");
    close(b8, 0.029, 1e-9, "b(8) across frames");
}

/// More processors than one 16-processor frame holds mean two frames: without `algo`, p = 28
/// gives the two-frame configuration (the same block as asking for it) and a warning saying so;
/// an explicit `algo=one-frame` is kept, with the warning that p does not fit.
#[test]
fn pairs_beyond_one_frame_choose_two_frames() {
    let chosen = report("machine=ibm-sp2&pattern=pairs&p=28");
    let asked = report("machine=ibm-sp2&pattern=pairs&p=28&algo=two-frames");
    assert_eq!(chosen.metrics, asked.metrics);
    assert!(
        chosen
            .warnings
            .iter()
            .any(|w| w.contains("two frames (algo=two-frames)")),
        "{:?}",
        chosen.warnings
    );
    assert!(chosen.inputs.contains(&(
        "algo",
        commcalc_core::patterns::Value::Text("two-frames".into())
    )));
    let forced = report("machine=ibm-sp2&pattern=pairs&p=28&algo=one-frame");
    assert_ne!(forced.metrics, chosen.metrics);
    assert!(forced.warnings.iter().any(|w| w.contains("does not fit")));
    let small = report("machine=ibm-sp2&pattern=pairs&p=16");
    assert!(
        small.warnings.iter().all(|w| !w.contains("frame")),
        "{:?}",
        small.warnings
    );
}

/// 000 §3.3 eq. 11: the vendor's b_l = 0.0285 µs/B agrees with the measured 0.029 within 2%,
/// and b_p = 0.025 ≤ b_l as the paper concludes.
#[test]
fn eq11_vendor_values_consistent() {
    close(0.0285, 0.029, 0.02, "vendor b_l vs measured");
    let (_, b) = block("machine=ibm-sp2&pattern=pairs&p=2");
    close(b, 0.029, 1e-9, "b_p is shadowed by b_l");
}

/// 000 §3.4 eq. 12: n pairs along a Paragon row, a(n) = 2a_p + 2n·a_c, b(n) = max{b_p, n·b_c}
/// with eq. 15: a_p + a_c = 120 µs, b_c = 0.012, b_p = 0.031 µs/B. b_p dominates up to n = 2;
/// from n = 3 the middle routers (3·0.012 = 0.036) are the bottleneck.
#[test]
fn eq12_and_15_paragon_row() {
    for n in 1..=6u32 {
        let nf = f64::from(n);
        // One pair's a is 2a_pc whatever the split: a_c is refused there as changing nothing.
        let split = if n > 1 { "&a_c=10" } else { "" };
        let (a, b) = block(&format!(
            "machine=intel-paragon&pattern=pairs&p={}{split}",
            2 * n
        ));
        close(a, 2.0 * (120.0 - 10.0) + 2.0 * nf * 10.0, 1e-12, "a(n)");
        close(b, 0.031f64.max(nf * 0.012), 1e-12, "b(n)");
    }
    // Eq. 13: a_c = lim T(0, n)/(2n) — the slope of a(n) in n is 2a_c.
    let (a2, _) = block("machine=intel-paragon&pattern=pairs&p=4&a_c=7");
    let (a3, _) = block("machine=intel-paragon&pattern=pairs&p=6&a_c=7");
    close(a3 - a2, 14.0, 1e-9, "a(3) − a(2) = 2a_c");
}

/// 000 §4.2 Table 1: the multigrid inter-plane transfer's equivalent CB for each architecture.
#[test]
fn table1_multigrid_blocks() {
    let n = 8.0;
    let (a, b) = block("machine=ethernet-now&pattern=multigrid&p=8");
    close(a, 4.0 * 750.0 + (n - 1.0) * 250.0, 1e-12, "Ethernet a");
    close(
        b,
        (2.0 * 1.05f64).max((n - 1.0) * 0.95),
        1e-12,
        "Ethernet b",
    );
    let (a, b) = block("machine=fddi-now&pattern=multigrid&p=8");
    close(a, 4.0 * 380.0 + (n - 1.0) * 5.0, 1e-12, "FDDI a");
    close(b, (2.0 * 0.13f64).max((n - 1.0) * 0.11), 1e-12, "FDDI b");
    // SP2: 4a_p + a_l, with a_p = (124 − a_c)/2 and the link's a_l = a_c.
    let (a, b) = block("machine=ibm-sp2&pattern=multigrid&p=16&a_c=20");
    close(a, 4.0 * 52.0 + 20.0, 1e-12, "SP2 a");
    close(b, (2.0 * 0.025f64).max(0.029), 1e-12, "SP2 b");
    let (a, b) = block("machine=intel-paragon&pattern=multigrid&p=12&a_c=10");
    close(a, 4.0 * 110.0 + 2.0 * 10.0, 1e-12, "Paragon a");
    close(b, (2.0 * 0.031f64).max(2.0 * 0.012), 1e-12, "Paragon b");
}

/// 000 §4.3: "for more than two processors there is at least one processor which both sends and
/// receives", which "reduces by nearly half" the two-processor time on the SP2 and Paragon —
/// and for them the time then stays "practically constant" as nodes are added, while on the
/// NOWs it grows linearly.
#[test]
fn multigrid_scaling_with_processors() {
    let t = |m: &str, p: u32| {
        report(&format!("machine={m}&pattern=multigrid&p={p}&size=100k"))
            .metric("time_us")
            .unwrap()
    };
    for m in ["ibm-sp2", "intel-paragon"] {
        let (t2, t3, t12) = (t(m, 2), t(m, 3), t(m, 12));
        assert!(t3 / t2 > 1.6 && t3 / t2 < 2.1, "{m}: t3/t2 = {}", t3 / t2);
        close(t12, t3, 0.02, "constant beyond 3 processors");
    }
    for m in ["ethernet-now", "fddi-now"] {
        // Once the shared medium is the bottleneck ((n−1)·b_c > 2b_w, from n = 4 on both) each
        // added node adds the same time.
        let (t4, t6, t8) = (t(m, 4), t(m, 6), t(m, 8));
        close(t8 - t6, t6 - t4, 0.01, "linear growth on a shared medium");
    }
}

/// The rules' limits (000 §2.2's summary): in the small-message limit blocks in series add,
/// in the large-message limit independent blocks in series run at the slowest one.
#[test]
fn rule_limits_on_a_real_path() {
    let path = [
        Block { a: 750.0, b: 1.05 },
        Block { a: 250.0, b: 0.95 },
        Block { a: 750.0, b: 1.05 },
    ];
    let cb = reduce_serial(Coupling::Independent, &path);
    close(cb.time(1e-9), 1750.0, 1e-9, "T(0) = Σa");
    let x = 1e9;
    close(cb.time(x) / x, 1.05, 1e-6, "T(x)/x → max b");
}
