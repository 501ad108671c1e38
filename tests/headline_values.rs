//! The headline values a correct core reproduces, each as the query a user would type, the
//! metric it reports, the paper's value, the tolerance and the source. The per-paper suites
//! (paper_000 … paper_004) check these and every other printed number in more depth.

use commcalc_core::run;

struct Case {
    query: &'static str,
    metric: &'static str,
    paper: f64,
    /// Relative tolerance.
    tol: f64,
    source: &'static str,
}

const CASES: &[Case] = &[
    // The ATM all-to-all's default data size is the largest congestion-free one, 668.9 B, which
    // 002 §3.9 rounds to 670 B.
    Case {
        query: "machine=intel-paragon&pattern=pingpong",
        metric: "r_inf_MBps",
        paper: 87.0,
        tol: 0.01,
        source: "001 §2: r∞ ≈ 87 MB/s",
    },
    Case {
        query: "machine=intel-paragon&pattern=pingpong",
        metric: "n_half_bytes",
        paper: 12_700.0,
        tol: 0.01,
        source: "001 §2: n½ ≈ 12.7 kB",
    },
    Case {
        query: "machine=atm-sparc20&pattern=pipelined-send&link=paper",
        metric: "max_data_bytes",
        paper: 114_600.0,
        tol: 0.01,
        source: "002 §3.6: largest congestion-free data size",
    },
    Case {
        query: "machine=atm-sparc20&pattern=pipelined-send&link=paper",
        metric: "closed_form_message_bytes",
        paper: 24_700.0,
        tol: 0.01,
        source: "002 §3.6 eq. 5: its chunk",
    },
    Case {
        query: "machine=atm-sparc20&pattern=pipelined-send&link=paper",
        metric: "closed_form_time_us",
        paper: 6_870.0,
        tol: 0.01,
        source: "002 §3.6, Fig. 12: its latency",
    },
    Case {
        query: "machine=atm-sparc20&pattern=all-to-all&algo=separate&p=8",
        metric: "vc_unit_time_us_per_byte",
        paper: 0.48,
        tol: 1e-9,
        source: "002 §3.9: VC unit time",
    },
    Case {
        query: "machine=atm-sparc20&pattern=all-to-all&algo=separate&p=8",
        metric: "max_data_bytes",
        paper: 670.0,
        tol: 0.01,
        source: "002 §3.9: data size",
    },
    Case {
        query: "machine=atm-sparc20&pattern=all-to-all&algo=separate&p=8",
        metric: "message_latency_us",
        paper: 404.0,
        tol: 0.01,
        source: "002 §3.9: one message",
    },
    // 002 prints 5,656 = 14 × 404 (rounded); unrounded 14 × 404.4 = 5,662 (see docs/models.md).
    Case {
        query: "machine=atm-sparc20&pattern=all-to-all&algo=separate&p=8",
        metric: "time_us",
        paper: 5_660.0,
        tol: 0.01,
        source: "002 §3.9: total exchange",
    },
    Case {
        query: "machine=ethernet-now&pattern=all-to-all&p=8",
        metric: "a_us",
        paper: 35_000.0,
        tol: 1e-9,
        source: "000 eq. 4: a(8)",
    },
    Case {
        query: "machine=ethernet-now&pattern=all-to-all&p=8",
        metric: "b_us_per_byte",
        paper: 53.2,
        tol: 1e-9,
        source: "000 eq. 4: b(8)",
    },
    // Table 5 prints bandwidth in Mbits/s: r∞ (MB/s) × 8.
    Case {
        query: "machine=jpl-mark3&pattern=pingpong",
        metric: "r_inf_MBps",
        paper: 14.3 / 8.0,
        tol: 0.01,
        source: "003 Table 5: 14.3 Mb/s",
    },
    Case {
        query: "machine=intel-ipsc&pattern=pingpong",
        metric: "r_inf_MBps",
        paper: 2.8 / 8.0,
        tol: 0.01,
        source: "003 Table 5: 2.8 Mb/s",
    },
    Case {
        query: "machine=ametek-s14&pattern=pingpong",
        metric: "r_inf_MBps",
        paper: 0.84 / 8.0,
        tol: 0.01,
        source: "003 Table 5: 0.84 Mb/s",
    },
    Case {
        query: "machine=ametek-s14b&pattern=pingpong",
        metric: "r_inf_MBps",
        paper: 0.69 / 8.0,
        tol: 0.01,
        source: "003 Table 5: 0.69 Mb/s",
    },
];

#[test]
fn spec_section_8_values() {
    let mut failures = Vec::new();
    for c in CASES {
        let report = run(c.query).unwrap_or_else(|e| panic!("{}: {e}", c.query));
        let model = report
            .metric(c.metric)
            .unwrap_or_else(|| panic!("{}: no {}", c.query, c.metric));
        let off = ((model - c.paper) / c.paper).abs();
        if off > c.tol {
            failures.push(format!(
                "{} — {}: model {model}, paper {} ({:.2}% off)",
                c.source,
                c.metric,
                c.paper,
                off * 100.0
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// "ATM: 155.52 → 149.76 → 135.632 Mb/s through SONET, ATM and AAL5" (002 §3.5).
#[test]
fn atm_bandwidth_chain() {
    use commcalc_core::models::atm::{aal5_mbps, atm_layer_mbps};
    let atm = atm_layer_mbps(155.52);
    assert!((atm - 149.76).abs() < 1e-9, "{atm}");
    assert!(
        (aal5_mbps(atm) - 135.632).abs() < 1e-3,
        "{}",
        aal5_mbps(atm)
    );
}

/// the optimal chunk is m = √(b₂x/a₁) ≈ 73√x (002 eq. 9), for data sizes where
/// pipelining applies (x > b₂/a₁ ≈ 5,333 B).
#[test]
fn atm_chunk_is_73_root_x() {
    for x in [1e4f64, 1e5, 1e6] {
        let r = run(&format!(
            "machine=atm-sparc20&pattern=pipelined-send&data={x}"
        ))
        .unwrap();
        let m = r.metric("closed_form_message_bytes").unwrap();
        assert!(
            (m / x.sqrt() - 73.0).abs() < 0.73,
            "x = {x}: m/√x = {}",
            m / x.sqrt()
        );
    }
}

/// "DELTA under nominal NBL: Snake's asymptotic cost per element is 1/3 below Fence's"
/// (004 §4.2: (4β + c₂)/(6β + c₃) = 6.41/9.61).
#[test]
fn delta_snake_a_third_below_fence() {
    let r = run("machine=intel-delta&pattern=global-combine&f=nominal").unwrap();
    let snake = r.metric("snake_asymptotic_us_per_elem").unwrap();
    let fence = r.metric("fence_asymptotic_us_per_elem").unwrap();
    assert!(
        (1.0 - snake / fence - 1.0 / 3.0).abs() < 0.01,
        "{snake} vs {fence}"
    );
}
