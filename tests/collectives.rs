//! The collectives (α-β-γ costs of Thakur, Rabenseifner and Gropp 2005 and Chan et al. 2007,
//! the pipelined chain, LogGP, the winner map and the exports) checked against independent
//! computations: each algorithm's cost summed step by step from its schedule, the chain's
//! optimum by brute force, the limits the costs must reach, the winner map against
//! `algo=best`, and every export parsed back into the decisions it was written from.

use proptest::prelude::*;
use serde_json::Value as Json;

use commcalc_core::collectives::chain::Chain;
use commcalc_core::collectives::export::{
    self, from_library, Decisions, Format, Link, Row, Rule, Times,
};
use commcalc_core::collectives::file::times;
use commcalc_core::collectives::winner::winner_map;
use commcalc_core::collectives::{algorithm, bruck_alltoall_bytes, Abg, Collective, Procs};
use commcalc_core::{run, Scenario};

const M: Abg = Abg {
    alpha: 40.0,
    beta: 0.02,
    gamma: 0.005,
};
const PS: [u32; 10] = [2, 3, 4, 5, 7, 8, 12, 16, 31, 64];
const NS: [f64; 4] = [1.0, 1000.0, 65536.0, 3e6];

fn cost(c: Collective, id: &str, p: u32, n: f64) -> f64 {
    let a = algorithm(c, id).unwrap_or_else(|| panic!("{} has no {id}", c.id()));
    (a.cost)(&M, Procs::new(p), n)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1e-12)
}

/// Rounds of a doubling schedule: 1, 2, 4, … processes hold the data until all p do.
fn doubling_rounds(p: u32) -> u32 {
    let (mut have, mut rounds) = (1u32, 0);
    while have < p {
        have *= 2;
        rounds += 1;
    }
    rounds
}

/// Every algorithm's cost, summed over its schedule step by step.
fn schedule(c: Collective, id: &str, p: u32, n: f64) -> f64 {
    let m = M;
    let send = |bytes: f64| m.alpha + bytes * m.beta;
    let block = n / f64::from(p);
    let pf = f64::from(p);
    let pow2 = p.is_power_of_two();
    let p2 = 1u32 << (31 - p.leading_zeros());
    // Recursive halving on p′: steps of n/2, n/4, … with a combine each.
    let halving = |n: f64| {
        let (mut t, mut part) = (0.0, n);
        for _ in 0..p2.trailing_zeros() {
            part /= 2.0;
            t += send(part) + part * m.gamma;
        }
        t
    };
    // Recursive doubling's allgather on p′: steps of n/p′, 2n/p′, …
    let gathering = |n: f64| {
        let (mut t, mut part) = (0.0, n / f64::from(p2));
        for _ in 0..p2.trailing_zeros() {
            t += send(part);
            part *= 2.0;
        }
        t
    };
    let fold_in = if pow2 { 0.0 } else { send(n) + n * m.gamma };
    let rounds = f64::from(doubling_rounds(p));
    // Bruck's allgather: step k sends min(2^k, p − 2^k) blocks.
    let bruck_gather = || {
        let (mut t, mut have) = (0.0, 1u32);
        while have < p {
            let blocks = have.min(p - have);
            t += send(f64::from(blocks) * block);
            have += blocks;
        }
        t
    };
    match (c, id) {
        (Collective::Broadcast, "binomial") => rounds * send(n),
        (Collective::Broadcast, "scatter-ring-allgather") => {
            // Binomial scatter: each round halves what is sent on; the ring then p − 1 blocks.
            let scatter = rounds * m.alpha + (pf - 1.0) * block * m.beta;
            scatter + (1..p).map(|_| send(block)).sum::<f64>()
        }
        (Collective::Broadcast, "scatter-rd-allgather") if pow2 => {
            rounds * m.alpha + (pf - 1.0) * block * m.beta + gathering(n)
        }
        (Collective::Allgather, "ring") => (1..p).map(|_| send(block)).sum(),
        (Collective::Allgather, "recursive-doubling") if pow2 => gathering(n),
        (Collective::Allgather, "bruck")
        | (Collective::Gather | Collective::Scatter, "binomial") => bruck_gather(),
        (Collective::ReduceScatter, "recursive-halving") if pow2 => halving(n),
        (Collective::ReduceScatter, "recursive-halving") => fold_in + halving(n) + send(n / pf),
        (Collective::ReduceScatter, "pairwise") => {
            (1..p).map(|_| send(block) + block * m.gamma).sum()
        }
        (Collective::Allreduce, "recursive-doubling") => {
            let post = if pow2 { 0.0 } else { send(n) };
            fold_in
                + (0..p2.trailing_zeros())
                    .map(|_| send(n) + n * m.gamma)
                    .sum::<f64>()
                + post
        }
        (Collective::Allreduce, "rabenseifner") => {
            let post = if pow2 { 0.0 } else { send(n) };
            fold_in + halving(n) + gathering(n) + post
        }
        (Collective::Allreduce, "ring") => {
            let rs: f64 = (1..p).map(|_| send(block) + block * m.gamma).sum();
            rs + (1..p).map(|_| send(block)).sum::<f64>()
        }
        (Collective::Reduce, "binomial") => rounds * (send(n) + n * m.gamma),
        (Collective::Reduce, "rabenseifner") => fold_in + halving(n) + gathering(n),
        (Collective::AllToAll, "pairwise") => (1..p).map(|_| send(block)).sum(),
        (Collective::AllToAll, "bruck") => {
            let mut t = 0.0;
            for k in 0..doubling_rounds(p) {
                let blocks = (0..p).filter(|i| i & (1 << k) != 0).count();
                t += send(blocks as f64 * block);
            }
            t
        }
        (Collective::Barrier, "dissemination") => rounds * m.alpha,
        _ => f64::NAN,
    }
}

#[test]
fn every_formula_matches_its_schedule() {
    let mut checked = 0;
    for c in Collective::ALL {
        for a in c.algorithms() {
            for p in PS {
                for n in NS {
                    let want = schedule(c, a.id, p, n);
                    if want.is_nan() {
                        continue; // the non-power-of-two bounds and the chain are checked below
                    }
                    let got = cost(c, a.id, p, n);
                    assert!(
                        close(got, want),
                        "{} {} p {p} n {n}: {got} vs {want}",
                        c.id(),
                        a.id
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 600, "{checked}");
}

/// For p not a power of two, recursive doubling's allgather is costed with its bound of
/// 2⌊lg p⌋ steps (TRG §4.1): never below Bruck's ⌈lg p⌉, never above the ring's p − 1 for
/// p ≥ 3.
#[test]
fn non_power_of_two_bounds_lie_between_their_neighbours() {
    for p in [3u32, 5, 6, 7, 9, 12, 100, 1000] {
        for n in NS {
            let rd = cost(Collective::Allgather, "recursive-doubling", p, n);
            assert!(rd >= cost(Collective::Allgather, "bruck", p, n));
            let q = Procs::new(p);
            assert!(close(
                rd,
                2.0 * q.floor_lg * M.alpha + n * q.others() * M.beta
            ));
        }
    }
}

#[test]
fn bruck_alltoall_moves_half_the_buffer_each_step_for_powers_of_two() {
    for k in 1..12 {
        let p = 1u32 << k;
        assert!(close(
            bruck_alltoall_bytes(p, 1e6),
            1e6 / 2.0 * f64::from(k)
        ));
    }
    // p = 3: blocks 1 and 2 have bit 0 or bit 1 set once each: 2 blocks of n/3.
    assert!(close(bruck_alltoall_bytes(3, 3000.0), 2000.0));
}

#[test]
fn the_chain_optimum_never_loses_to_the_closed_form_and_t_is_convex() {
    for (alpha, beta) in [(54.0, 0.1925), (146.0, 0.0115), (1.0, 1.0), (700.0, 0.085)] {
        let m = Abg {
            alpha,
            beta,
            gamma: 0.0,
        };
        for p in [3u32, 4, 8, 33, 256] {
            let chain = Chain::new(&m, p);
            for n in [10.0, 999.0, 12345.0, 1e6, 3.3e7] {
                let o = chain.optimum(n);
                if let Some(t) = chain.closed_form_time(n) {
                    assert!(o.time <= t, "α {alpha} p {p} n {n}: {} > {t}", o.time);
                }
                assert!(o.time <= chain.time(n, 1));
                // The continuous T(s) has non-negative second differences.
                let s: Vec<f64> = (0..=60)
                    .map(|i| 1.0 + (n - 1.0) * f64::from(i) / 60.0)
                    .collect();
                for w in s.windows(3) {
                    let (a, b, c) = (
                        chain.continuous(n, w[0]),
                        chain.continuous(n, w[1]),
                        chain.continuous(n, w[2]),
                    );
                    let (h1, h2) = (w[1] - w[0], w[2] - w[1]);
                    let second = (c - b) / h2 - (b - a) / h1;
                    assert!(
                        second >= -1e-9 * b / h1.min(h2),
                        "α {alpha} p {p} n {n}: not convex at {}",
                        w[1]
                    );
                }
            }
        }
    }
}

fn metric(q: &str, key: &str) -> f64 {
    let r = run(q).unwrap_or_else(|e| panic!("{q}: {e}"));
    r.metric(key).unwrap_or_else(|| panic!("{q}: no {key}"))
}

/// At p = 2 the binomial tree and the chain are one message, the machine's ping-pong; the
/// scatter-based broadcasts are two messages of n/2 each way (2α + nβ), which is where the
/// "every broadcast is one send" expectation does not hold.
#[test]
fn at_two_processes_a_broadcast_is_one_send() {
    for (machine, model) in [
        ("intel-paragon", "hockney"),
        ("jpl-mark3", "hockney"),
        ("custom", "hockney"),
    ] {
        for size in ["1", "1000", "123457"] {
            let base = format!("machine={machine}&model={model}&size={size}");
            let one = metric(&format!("{base}&pattern=pingpong"), "time_us");
            let q = format!("{base}&pattern=broadcast&p=2&algo=best");
            for key in [
                "binomial_us",
                "pipelined_chain_us",
                "loggp_binomial_us",
                "time_us",
            ] {
                assert!(close(metric(&q, key), one), "{q}: {key}");
            }
            let (a, b) = (metric(&q, "alpha_us"), metric(&q, "beta_us_per_byte"));
            let n: f64 = size.parse().unwrap();
            for key in ["scatter_rd_allgather_us", "scatter_ring_allgather_us"] {
                assert!(close(metric(&q, key), 2.0 * a + n * b), "{q}: {key}");
            }
        }
    }
}

#[test]
fn the_ring_allgather_tends_to_n_beta() {
    let m = Abg { alpha: 0.0, ..M };
    let ring = algorithm(Collective::Allgather, "ring").unwrap();
    let n = 1e6;
    let mut last = 0.0;
    for p in [2u32, 4, 16, 256, 4096] {
        let t = (ring.cost)(&m, Procs::new(p), n);
        assert!(t > last && t < n * m.beta);
        assert!(close(n * m.beta - t, n * m.beta / f64::from(p)));
        last = t;
    }
}

#[test]
fn the_barrier_grows_as_ceil_lg_p() {
    for p in 2..=130u32 {
        let q = format!("machine=intel-paragon&pattern=barrier&algo=dissemination&p={p}");
        let steps = metric(&q, "dissemination_us") / metric(&q, "alpha_us");
        assert!(close(steps, f64::from(p).log2().ceil()), "p {p}: {steps}");
    }
}

/// The papers' own collectives are algorithms of the same collective: 004's Tree on the
/// DELTA's mesh is what global-combine gives on that mesh.
#[test]
fn the_papers_algorithms_join_their_collectives() {
    let tree = metric(
        "machine=intel-delta&pattern=allreduce&p=256&size=80000",
        "tree_us",
    );
    let combine = metric(
        "machine=intel-delta&pattern=global-combine&mesh=16x16&n=10000",
        "tree_us",
    );
    assert!(close(tree, combine));
    let ring = metric(
        "machine=jpl-mark3&pattern=allgather&p=4&size=4000",
        "nway_ring_us",
    );
    let paper = metric(
        "machine=jpl-mark3&pattern=ring-broadcast&p=4&size=1000",
        "time_us",
    );
    assert!(close(ring, paper));
    let mc = metric(
        "machine=atm-sparc20&pattern=all-to-all&algo=best&p=8&size=8000",
        "separate_us",
    );
    let separate = metric(
        "machine=atm-sparc20&pattern=all-to-all&algo=separate&p=8&data=1000",
        "time_us",
    );
    assert!(close(mc, separate));
}

/// Queries the collectives did not exist for answer exactly as before.
#[test]
fn existing_queries_keep_the_papers_answers() {
    let b = run("machine=intel-ipsc&pattern=broadcast&p=32&size=100").unwrap();
    assert!(b.metric("alpha_us").is_none());
    assert!(close(b.metric("time_us").unwrap(), 5.0 * (1700.0 + 283.0)));
    let l = run("machine=intel-paragon&pattern=barrier&p=8").unwrap();
    assert_eq!(l.metric("l_us"), Some(3.1e3));
}

#[test]
fn bad_inputs_name_the_key() {
    for (q, key, says) in [
        (
            "machine=intel-paragon&pattern=allreduce&p=1",
            "p",
            "2 to 4096",
        ),
        (
            "machine=intel-paragon&pattern=allreduce&algo=tree",
            "algo",
            "rabenseifner",
        ),
        (
            "machine=intel-paragon&pattern=allreduce&gamma=-1",
            "gamma",
            "γ",
        ),
        (
            "machine=intel-paragon&pattern=broadcast&loggp_o=abc",
            "loggp_o",
            "o",
        ),
    ] {
        let e = Scenario::from_query(q).expect_err(q);
        assert!(
            e.0.iter()
                .any(|x| x.key() == Some(key) && x.to_string().contains(says)),
            "{q}: {e}"
        );
    }
    let e = run("machine=intel-paragon&pattern=all-to-all&model=hockney&algo=total-exchange")
        .expect_err("needs bsp");
    assert!(e.to_string().contains("model=bsp"), "{e}");
}

fn map_cases() -> Vec<&'static str> {
    vec![
        "machine=intel-delta&pattern=allreduce",
        "machine=intel-paragon&pattern=broadcast&model=hyperbolic",
        "machine=atm-sparc20&pattern=all-to-all&algo=best",
        "machine=ibm-sp2&pattern=barrier&algo=best",
        "machine=jpl-mark3&pattern=allgather&gamma=0.01",
        "machine=custom&pattern=reduce-scatter&alpha=3&beta=0.001&gamma=0.002",
    ]
}

#[test]
fn the_winner_map_agrees_with_algo_best_in_every_cell() {
    let sizes = [1.0, 100.0, 3000.0, 50_000.0, 1e6];
    let ps = [2u32, 3, 8, 13, 64];
    for q in map_cases() {
        let s = Scenario::from_query(q).unwrap();
        let map = winner_map(&s, &sizes, &ps, |_| true).unwrap();
        for (row, p) in ps.iter().enumerate() {
            for (col, n) in sizes.iter().enumerate() {
                let best = s
                    .with("p", &p.to_string())
                    .and_then(|s| s.with("size", &n.to_string()))
                    .and_then(|s| s.with("algo", "best"))
                    .unwrap();
                let r = commcalc_core::evaluate(&best).unwrap();
                let cell = map.cell(row, col).unwrap();
                assert_eq!(
                    r.metrics.get("fastest"),
                    Some(&commcalc_core::patterns::Value::Text(
                        map.winner(row, col).unwrap().into()
                    )),
                    "{q} p {p} n {n}"
                );
                assert!(
                    close(r.metric("time_us").unwrap(), cell.time_us),
                    "{q} p {p} n {n}"
                );
            }
        }
    }
}

// ---- Parsers of the exports, written from the formats' descriptions -------------------------

fn parse_ompi_rules(text: &str, c: Collective) -> Decisions {
    let nums: Vec<u64> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| {
            l.split_whitespace()
                .map(|t| t.parse::<u64>().expect("a number"))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut it = nums.into_iter();
    assert_eq!(it.next(), Some(1), "one collective");
    assert_eq!(it.next(), Some(u64::from(export::ompi_collective(c).0)));
    let rows = (0..it.next().unwrap())
        .map(|_| {
            let p = it.next().unwrap() as u32;
            let rules = (0..it.next().unwrap())
                .map(|_| {
                    let (from, alg, _topo, seg) = (
                        it.next().unwrap(),
                        it.next().unwrap(),
                        it.next().unwrap(),
                        it.next().unwrap(),
                    );
                    Rule {
                        from_bytes: from,
                        algo: from_library(Format::OmpiRules, c, &alg.to_string()).unwrap(),
                        segment_bytes: seg,
                    }
                })
                .collect();
            Row { p, rules }
        })
        .collect();
    Decisions {
        collective: c,
        margin: stated_margin(text),
        rows,
    }
}

/// The margin a file states ("at least N% faster").
fn stated_margin(text: &str) -> f64 {
    let (_, after) = text.split_once("at least ").expect("a stated margin");
    let pct: f64 = after.split('%').next().unwrap().parse().unwrap();
    pct / 100.0
}

fn parse_ompi_json(text: &str, c: Collective) -> Decisions {
    let v: Json = serde_json::from_str(text).expect("JSON");
    assert_eq!(v["rule_file_version"], 3);
    let rows = v["collectives"][export::ompi_collective(c).1]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| Row {
            p: r["comm_size_min"].as_u64().unwrap() as u32,
            rules: r["rules"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| Rule {
                    from_bytes: x["msg_size_min"].as_u64().unwrap(),
                    algo: from_library(Format::OmpiJson, c, x["alg"].as_str().unwrap()).unwrap(),
                    segment_bytes: x["seg_size"].as_u64().unwrap(),
                })
                .collect(),
        })
        .collect();
    Decisions {
        collective: c,
        margin: 0.0,
        rows,
    }
}

/// `key<N` → N, `key=any` → ∞: MPICH tries the conditions in order, and the exporter writes
/// them ascending, so sorting by N restores the order JSON objects do not keep here.
fn threshold(key: &str) -> u64 {
    key.split_once('<')
        .map_or(u64::MAX, |(_, n)| n.parse().unwrap())
}

fn mpich_leaf(v: &Json, c: Collective) -> &'static str {
    let (k, _) = v.as_object().unwrap().iter().next().unwrap();
    from_library(Format::MpichJson, c, k.strip_prefix("algorithm=").unwrap()).unwrap()
}

/// A selection file without its leading C comment (which MPICH's reader skips).
fn mpich_body(text: &str) -> &str {
    text.split_once("*/").map_or(text, |(_, body)| body)
}

fn parse_mpich_json(text: &str, c: Collective, ps: &[u32]) -> Decisions {
    let v: Json = serde_json::from_str(mpich_body(text)).expect("JSON");
    let (name, _) = export::mpich_collective(c);
    let mut by_size = &v[format!("collective={name}")]["comm_type=intra"];
    if let Some((ours, _)) = commcalc_core::collectives::mpich_tree::guard(name) {
        by_size = &by_size[ours];
    }
    let by_size = by_size.as_object().unwrap();
    let mut sizes: Vec<(&String, &Json)> = by_size.iter().collect();
    sizes.sort_by_key(|(k, _)| threshold(k));
    let rows = sizes
        .iter()
        .zip(ps)
        .map(|((_, body), &p)| {
            let obj = body.as_object().unwrap();
            let rules = if obj.keys().any(|k| k.starts_with("algorithm=")) {
                vec![Rule {
                    from_bytes: 0,
                    algo: mpich_leaf(body, c),
                    segment_bytes: 0,
                }]
            } else {
                let mut conds: Vec<(&String, &Json)> = obj.iter().collect();
                conds.sort_by_key(|(k, _)| threshold(k));
                let mut from = 0;
                conds
                    .iter()
                    .map(|(k, leaf)| {
                        let r = Rule {
                            from_bytes: from,
                            algo: mpich_leaf(leaf, c),
                            segment_bytes: 0,
                        };
                        from = threshold(k);
                        r
                    })
                    .collect()
            };
            Row { p, rules }
        })
        .collect();
    Decisions {
        collective: c,
        margin: stated_margin(text),
        rows,
    }
}

/// At every sampled size the decisions name an algorithm the library runs as itself, at most
/// the margin slower than the fastest such; no process count has more than MAX_RULES rules.
fn check_decisions(d: &Decisions, t: &Times, what: &str) {
    assert!(d.margin >= export::SWITCH_MARGIN, "{what}");
    for ((row, &p), times) in d.rows.iter().zip(&t.ps).zip(&t.rows) {
        assert!(
            row.rules.len() <= export::MAX_RULES,
            "{what} p {p}: {row:?}"
        );
        for (col, &n) in t.sizes.iter().enumerate() {
            let best = times
                .iter()
                .map(|(_, ts)| ts[col])
                .fold(f64::INFINITY, f64::min);
            let named = d.lookup(p, n.ceil()).expect("a rule");
            let time = times.iter().find(|(id, _)| *id == named).unwrap().1[col];
            assert!(
                time.is_finite() && time <= best * (1.0 + d.margin) * (1.0 + 1e-12),
                "{what} p {p} n {n}: {named} {time} against {best}"
            );
        }
    }
}

#[test]
fn every_export_parses_back_to_its_decisions() {
    let sizes: Vec<f64> = commcalc_core::report::log_spaced(1.0, 4e6, 200).collect();
    let ps = [2u32, 3, 4, 8, 16, 64];
    for q in [
        "machine=intel-paragon&pattern=broadcast",
        "machine=intel-delta&pattern=allreduce",
        "machine=ibm-sp2&pattern=all-to-all&model=bsp&algo=best",
        "machine=fddi-now&pattern=allgather",
        "machine=ethernet-now&pattern=scatter",
        "machine=custom&pattern=reduce-scatter&alpha=3&beta=0.001&gamma=0.002",
    ] {
        let s = Scenario::from_query(q).unwrap();
        let c = Collective::from_id(s.pattern.id).unwrap();
        for format in [Format::OmpiRules, Format::OmpiJson, Format::MpichJson] {
            let t = times(&s, format, &sizes, &ps).unwrap();
            let d = export::decisions(&t, |_, n| n.sqrt() as u64);
            let text = export::render(&d, format, q, &Default::default());
            check_decisions(&d, &t, &format!("{q} as {}", format.id()));
            let back = match format {
                Format::OmpiRules => parse_ompi_rules(&text, c),
                Format::OmpiJson => parse_ompi_json(&text, c),
                _ => parse_mpich_json(&text, c, &ps),
            };
            let d = match format {
                // MPICH has no segment size and JSON no comment Open MPI reads: the files
                // cannot carry them.
                Format::OmpiJson => Decisions { margin: 0.0, ..d },
                Format::MpichJson => Decisions {
                    rows: d
                        .rows
                        .iter()
                        .map(|r| Row {
                            p: r.p,
                            rules: r
                                .rules
                                .iter()
                                .map(|x| Rule {
                                    segment_bytes: 0,
                                    ..x.clone()
                                })
                                .collect(),
                        })
                        .collect(),
                    ..d
                },
                _ => d,
            };
            assert_eq!(back, d, "{q} as {}:\n{text}", format.id());
        }
    }
}

#[test]
fn the_simgrid_export_names_the_winner_at_the_query() {
    let q = "machine=ibm-sp2&pattern=allreduce&p=16&size=1000000";
    let s = Scenario::from_query(q).unwrap();
    let map = winner_map(&s, &[1e6], &[16], |a| {
        export::exportable(Format::Simgrid, Collective::Allreduce, a)
    })
    .unwrap();
    let t = times(&s, Format::Simgrid, &[1e6], &[16]).unwrap();
    let d = export::decisions(&t, |_, _| 0);
    let fit = export::SimgridFit {
        p: 16,
        size: 1e6,
        link: Link {
            latency_us: 124.0,
            bandwidth: 1e6 / 0.029,
        },
        factors: vec![(0, 1.0, 1.0)],
    };
    let text = export::render(&d, Format::Simgrid, q, &fit);
    let chosen = text
        .lines()
        .find_map(|l| l.strip_prefix("--cfg=smpi/allreduce:"))
        .expect("an smpi/allreduce line");
    assert_eq!(
        from_library(Format::Simgrid, Collective::Allreduce, chosen),
        map.winner(0, 0)
    );
    assert!(text.contains("--cfg=network/bandwidth-factor:0:1.000000"));
}

/// A line T(s) = 10 + 0.5s is fitted exactly: factors of α = 10, β = 0.5 are 1.
#[test]
fn simgrid_factors_of_a_line_are_one() {
    let (link, f) = export::fit_factors(|s| 10.0 + 0.5 * s, 10.0, 0.5, &[0.0, 100.0, 1e4]);
    assert_eq!(
        link,
        Link {
            latency_us: 10.0,
            bandwidth: 2e6
        }
    );
    for (_, lf, bf) in f {
        assert!(close(lf, 1.0) && close(bf, 1.0));
    }
}

/// The `--cfg=network/<which>-factor` pieces of a SimGrid file: (from bytes, factor).
fn simgrid_factors(text: &str, which: &str) -> Vec<(u64, f64)> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(&format!("--cfg=network/{which}-factor:")))
        .expect("a factor line");
    line.split(';')
        .map(|piece| {
            let (from, f) = piece.split_once(':').unwrap();
            (from.parse().unwrap(), f.parse().unwrap())
        })
        .collect()
}

/// The link a SimGrid file states: (latency µs, bandwidth B/s).
fn simgrid_link(text: &str) -> (f64, f64) {
    let (_, after) = text.split_once("latency ").unwrap();
    let (lat, after) = after.split_once("us, bandwidth ").unwrap();
    let (bw, _) = after.split_once("Bps").unwrap();
    (lat.parse().unwrap(), bw.parse().unwrap())
}

/// A fitted machine (custom, its own α and β) is its own base: SimGrid's link is its α and
/// 1/β, and its ping-pong, a line, gives factors of 1 (they were once the catalog custom
/// machine's defaults over the fitted α: 89.7).
#[test]
fn a_fitted_machines_simgrid_factors_are_relative_to_its_own_link() {
    use commcalc_core::collectives::file::{export_file, DEFAULT_PS, DEFAULT_SIZES};
    let q = "machine=custom&pattern=allreduce&alpha=1.115&beta=0.0000813&gamma=0.0001";
    let s = Scenario::from_query(q).unwrap();
    let text = export_file(&s, Format::Simgrid, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
    let (lat, bw) = simgrid_link(&text);
    assert!(close(lat, 1.115), "{text}");
    assert!((bw / (1e6 / 0.0000813) - 1.0).abs() < 1e-6, "{text}");
    for which in ["latency", "bandwidth"] {
        for (from, f) in simgrid_factors(&text, which) {
            assert!(
                (f - 1.0).abs() < 1e-4,
                "{which} factor at {from}: {f}\n{text}"
            );
        }
    }
}

/// β = 0 (and α = 0) give a finite link and positive factors, never `infBps` or a factor 0.
#[test]
fn simgrid_files_of_a_machine_without_a_bandwidth_or_latency_term_are_finite() {
    use commcalc_core::collectives::file::{export_file, DEFAULT_PS, DEFAULT_SIZES};
    for q in [
        "machine=custom&pattern=broadcast&alpha=2&beta=0",
        "machine=custom&pattern=broadcast&alpha=0&beta=0.001",
        "machine=custom&pattern=broadcast&alpha=0&beta=0",
    ] {
        let s = Scenario::from_query(q).unwrap();
        let text = export_file(&s, Format::Simgrid, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
        assert!(
            !text.contains("inf") && !text.contains("NaN"),
            "{q}:\n{text}"
        );
        let (lat, bw) = simgrid_link(&text);
        assert!(lat >= 0.0 && bw.is_finite() && bw > 0.0, "{q}:\n{text}");
        for which in ["latency", "bandwidth"] {
            for (from, f) in simgrid_factors(&text, which) {
                assert!(
                    f.is_finite() && f > 0.0,
                    "{q} {which} at {from}: {f}\n{text}"
                );
            }
        }
    }
}

/// Near-ties do not flap: at p = 2 Rabenseifner's allreduce and the ring cost the same, and a
/// rules file once switched between them 31 times; now a switch only where the new algorithm
/// is at least 5 % faster than the one in force, at most 10 rules per communicator size, and
/// the file says so.
#[test]
fn exports_do_not_flap_between_near_ties() {
    use commcalc_core::collectives::file::{export_file, sizes, DEFAULT_SIZES, EXPORT_SIZES};
    let q = "machine=custom&pattern=allreduce&alpha=1.6&beta=0.0001&gamma=0.0002";
    let s = Scenario::from_query(q).unwrap();
    let ps = [2, 4];
    for format in [Format::OmpiRules, Format::MpichJson] {
        let text = export_file(&s, format, &ps, DEFAULT_SIZES).unwrap();
        let d = match format {
            Format::OmpiRules => parse_ompi_rules(&text, Collective::Allreduce),
            _ => parse_mpich_json(&text, Collective::Allreduce, &ps),
        };
        assert_eq!(d.margin, export::SWITCH_MARGIN, "{text}");
        let grid = sizes(DEFAULT_SIZES.0, DEFAULT_SIZES.1, EXPORT_SIZES);
        let t = times(&s, format, &grid, &ps).unwrap();
        check_decisions(&d, &t, &format!("{} {text}", format.id()));
        // Each switch gains the margin over the algorithm before it, where it is made.
        for (row, times) in d.rows.iter().zip(&t.rows) {
            for pair in row.rules.windows(2) {
                let col = grid
                    .iter()
                    .position(|&n| n >= pair[1].from_bytes as f64)
                    .unwrap();
                let at = |a: &str| times.iter().find(|(id, _)| *id == a).unwrap().1[col];
                assert!(
                    at(pair[0].algo) >= at(pair[1].algo) * (1.0 + d.margin),
                    "{} p {}: {pair:?}",
                    format.id(),
                    row.p
                );
            }
        }
    }
}

/// Open MPI's dynamic rules measure scatter as the whole vector (dsize·scount·comsize), so the
/// file's thresholds are commcalc's n, not n/p.
#[test]
fn open_mpi_scatter_rules_are_in_whole_vector_bytes() {
    let s = Scenario::from_query("machine=ethernet-now&pattern=scatter").unwrap();
    let sizes = [1000.0, 64_000.0];
    let t = times(&s, Format::OmpiRules, &sizes, &[16]).unwrap();
    // Scatter has one algorithm both libraries share: a single rule from 0, whose lookup at
    // n must agree whatever p; the size note names the whole vector.
    let d = export::decisions(&t, |_, _| 0);
    let text = export::render(&d, Format::OmpiRules, "scatter", &Default::default());
    assert!(
        text.contains("the per-process count by the communicator size: the whole vector"),
        "{text}"
    );
    assert!(!text.contains("divided by p"), "{text}");
}

/// An algorithm the library would hand over to another is never named where it would: Open MPI
/// 4.1's allreduce ring runs recursive doubling below a count of p, its Rabenseifner the linear
/// allreduce below p′; MPICH 4.0 asserts p a power of two in recursive-doubling allgather.
#[test]
fn exports_name_only_what_the_library_runs_as_itself() {
    use commcalc_core::collectives::library::{count, open_mpi_runs};
    let ps = [2, 3, 4, 5, 6, 7, 8, 12, 16];
    let sizes: Vec<f64> = commcalc_core::report::log_spaced(8.0, 4e6, 120)
        .map(|n: f64| (n / 8.0).round() * 8.0)
        .collect();
    for q in [
        "machine=custom&pattern=allreduce&alpha=50&beta=0.0001&gamma=0.0000001",
        "machine=custom&pattern=allreduce&alpha=0&beta=0.001&gamma=0.001",
        "machine=custom&pattern=allgather&alpha=50&beta=0.0001",
        "machine=intel-paragon&pattern=broadcast",
    ] {
        let s = Scenario::from_query(q).unwrap();
        let c = Collective::from_id(s.pattern.id).unwrap();
        for format in [Format::OmpiRules, Format::MpichJson] {
            let t = times(&s, format, &sizes, &ps).unwrap();
            let d = export::decisions(&t, |_, _| 1024);
            for &p in &ps {
                for &n in &sizes {
                    let algo = d.lookup(p, n).unwrap();
                    assert!(
                        export::runs_as_itself(format, c, algo, p, n),
                        "{q} {} p {p} n {n}: {algo}",
                        format.id()
                    );
                }
            }
        }
    }
    // The allreduce ring at 3 doubles on 4 processes is recursive doubling in Open MPI.
    assert!(count(Collective::Allreduce, 24.0) < 4.0);
    assert_eq!(open_mpi_runs(Collective::Allreduce, 4, 4, 24.0), 3);
    assert!(!export::runs_as_itself(
        Format::OmpiRules,
        Collective::Allreduce,
        "ring",
        4,
        24.0
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// For any α, β, γ ≥ 0 and p: every cost is finite, non-negative and non-decreasing in
    /// n; the power-of-two forms are the textbook ones; the chain's optimum beats one segment.
    #[test]
    fn costs_behave_for_any_machine(
        alpha in 0.0f64..1e4,
        beta in 0.0f64..10.0,
        gamma in 0.0f64..10.0,
        p in 2u32..=4096,
        n in 1.0f64..1e8,
        grow in 1.0f64..100.0,
    ) {
        let m = Abg { alpha, beta, gamma };
        let q = Procs::new(p);
        for c in Collective::ALL {
            for a in c.algorithms() {
                let (t1, t2) = ((a.cost)(&m, q, n), (a.cost)(&m, q, n * grow));
                prop_assert!(t1.is_finite() && t1 >= 0.0, "{} {}: {t1}", c.id(), a.id);
                prop_assert!(t2 >= t1 * (1.0 - 1e-12), "{} {} falls: {t1} → {t2}", c.id(), a.id);
            }
        }
        if p.is_power_of_two() {
            let lg = f64::from(p.trailing_zeros());
            let f = (q.p - 1.0) / q.p;
            let want = 2.0 * lg * alpha + 2.0 * n * f * beta + n * f * gamma;
            let got = (algorithm(Collective::Allreduce, "rabenseifner").unwrap().cost)(&m, q, n);
            prop_assert!((got - want).abs() <= 1e-9 * want.max(1e-9));
        }
        let chain = Chain::new(&m, p);
        let whole = n.ceil();
        prop_assert!(chain.optimum(whole).time <= chain.time(whole, 1) * (1.0 + 1e-12));
    }
}

/// The files `commcalc collectives --export` prints and the web app's export buttons download
/// (both `collectives::file::export_file`) parse back to safe decisions over the times they
/// were made from.
#[test]
fn the_exported_files_parse_back_to_safe_decisions() {
    use commcalc_core::collectives::file::{
        export_file, sizes, DEFAULT_PS, DEFAULT_SIZES, EXPORT_SIZES,
    };
    let grid = sizes(DEFAULT_SIZES.0, DEFAULT_SIZES.1, EXPORT_SIZES);
    for q in [
        "machine=intel-paragon&pattern=broadcast&p=16",
        "machine=intel-delta&pattern=allreduce",
    ] {
        let s = Scenario::from_query(q).unwrap();
        let c = Collective::from_id(s.pattern.id).unwrap();
        for format in [Format::OmpiRules, Format::MpichJson] {
            let text = export_file(&s, format, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
            let back = match format {
                Format::OmpiRules => parse_ompi_rules(&text, c),
                _ => parse_mpich_json(&text, c, &DEFAULT_PS),
            };
            let t = times(&s, format, &grid, &DEFAULT_PS).unwrap();
            check_decisions(&back, &t, &format!("{q} {}", format.id()));
        }
        // The query's own p, size, algorithm and curve range are not the file's: the page's
        // view of one p writes the file the command line (which refuses them) prints.
        let bare = Scenario::from_query(&q.replace("&p=16", "")).unwrap();
        let given = format!("{q}&size=1k&algo=best&from=8&to=1M");
        let given = Scenario::from_query(&given).unwrap();
        assert_eq!(
            export_file(&given, Format::MpichJson, &DEFAULT_PS, DEFAULT_SIZES).unwrap(),
            export_file(&bare, Format::MpichJson, &DEFAULT_PS, DEFAULT_SIZES).unwrap(),
            "{q}"
        );
        let json = export_file(&s, Format::OmpiJson, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
        let rules = export_file(&s, Format::OmpiRules, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
        assert_eq!(
            parse_ompi_json(&json, c).rows,
            parse_ompi_rules(&rules, c).rows
        );
    }
}

/// An MPICH file changes one collective: every other collective, and the collective's
/// inter-communicator branch, is MPICH 4.0.2's own tree (once, every other collective was
/// fixed to one algorithm: allreduce to recursive doubling at every size and p).
#[test]
fn an_mpich_file_leaves_every_other_collective_to_mpich() {
    use commcalc_core::collectives::file::{export_file, DEFAULT_PS, DEFAULT_SIZES};
    use commcalc_core::collectives::mpich_tree::TREE;
    let library: Json = serde_json::from_str(TREE).unwrap();
    for q in [
        "machine=intel-paragon&pattern=broadcast",
        "machine=intel-delta&pattern=allreduce",
        "machine=ibm-sp2&pattern=all-to-all",
    ] {
        let s = Scenario::from_query(q).unwrap();
        let c = Collective::from_id(s.pattern.id).unwrap();
        let (name, _) = export::mpich_collective(c);
        let text = export_file(&s, Format::MpichJson, &DEFAULT_PS, DEFAULT_SIZES).unwrap();
        let file: Json = serde_json::from_str(mpich_body(&text)).unwrap();
        let (ours, theirs) = (file.as_object().unwrap(), library.as_object().unwrap());
        assert_eq!(
            ours.keys().collect::<Vec<_>>().len(),
            theirs.keys().collect::<Vec<_>>().len()
        );
        for (key, value) in theirs {
            if *key == format!("collective={name}") {
                assert_eq!(
                    ours[key]["comm_type=inter"], value["comm_type=inter"],
                    "{q}"
                );
                assert_ne!(
                    ours[key]["comm_type=intra"], value["comm_type=intra"],
                    "{q}"
                );
            } else {
                assert_eq!(&ours[key], value, "{q}: {key}");
            }
        }
    }
}

/// `algo=best` prunes its two costly searches (004's three algorithms costed together on the
/// DELTA, the pipelined chain's segment search skipped where its floor is too slow): its curve
/// is still, at every point, the least of every algorithm's own curve.
#[test]
fn the_best_curve_is_the_least_of_every_algorithm() {
    let cases = [
        "machine=intel-delta&pattern=allreduce&p=64",
        "machine=intel-paragon&pattern=broadcast&p=16",
        "machine=custom&pattern=broadcast&p=3&alpha=0.5&beta=0.2",
        "machine=atm-sparc20&pattern=broadcast&p=5",
    ];
    for base in cases {
        // Every algorithm the machine offers for the collective, as `algo=` lists them, but
        // the LogGP tree: another model's cost, reported beside `best` and not in it
        // (docs/collectives.md).
        let s = Scenario::from_query(base).unwrap();
        let algos: Vec<&str> = (s.pattern.algos)(s.machine)
            .iter()
            .copied()
            .filter(|a| !matches!(*a, "best" | "loggp-binomial"))
            .collect();
        assert!(algos.len() >= 4, "{base}: {algos:?}");
        let best = run(&format!("{base}&algo=best")).unwrap();
        let each: Vec<_> = algos
            .iter()
            .map(|a| run(&format!("{base}&algo={a}")).unwrap().curve)
            .collect();
        assert_eq!(best.curve.len(), each[0].len());
        for (i, point) in best.curve.iter().enumerate() {
            let least = each
                .iter()
                .map(|c| c[i].time_us)
                .fold(f64::INFINITY, f64::min);
            assert_eq!(point.time_us, least, "{base} n = {}", point.size_bytes);
        }
    }
}

/// γ of a machine no paper measured is the assumed modern value, said to be assumed; a paper's
/// machine keeps its paper's rate; the user's γ overrides both.
#[test]
fn gamma_of_a_machine_no_paper_measured_is_assumed_and_said_so() {
    use commcalc_core::catalog::ASSUMED_GAMMA;
    use commcalc_core::patterns::Value;
    let gamma = |q: &str| {
        let r = run(q).unwrap();
        let v = match r.metrics.get("gamma_us_per_byte") {
            Some(Value::Number(v)) => *v,
            other => panic!("{q}: {other:?}"),
        };
        (v, r.derivations.get("gamma_us_per_byte").unwrap().source)
    };
    for model in ["hockney", "piecewise", "hyperbolic"] {
        let (v, source) = gamma(&format!("machine=custom&pattern=allreduce&model={model}"));
        assert_eq!(v, ASSUMED_GAMMA.value, "{model}");
        assert!(source.contains("assumed"), "{model}: {source}");
    }
    let (atm, _) = gamma("machine=atm-sparc20&pattern=allreduce");
    assert!(close(atm, 1.0 / 80.0));
    let (mine, source) = gamma("machine=custom&pattern=allreduce&gamma=0.002");
    assert_eq!((mine, source), (0.002, "the user's γ"));
}

/// On a piecewise machine an allreduce's ring steps of n/p bytes are costed in the eager range
/// while the whole vector lies in the rendezvous range: the collective's time is not the one
/// line of either range.
#[test]
fn a_piecewise_machine_costs_each_step_in_its_range() {
    use commcalc_core::patterns::Value;
    let q = "machine=custom&pattern=allreduce&model=piecewise&algo=ring&p=8&size=32768\
             &alpha=1&beta=0.001&break_2=8192&alpha_2=10&beta_2=0.0001&break_3=1000000000000&gamma=0";
    let t = match run(q).unwrap().metrics.get("time_us") {
        Some(Value::Number(v)) => *v,
        other => panic!("{other:?}"),
    };
    assert!(close(t, 14.0 * (1.0 + 0.001 * 4096.0)), "{t}");
    let s = Scenario::from_query(q).unwrap();
    assert_eq!(Scenario::from_query(&s.to_query()).unwrap(), s);
}

/// γ's rule on every machine under every model states each step once: no bare `γ = γ`, no
/// value repeated, no symbol left blank (`1/(8 B·)` where the rate is another set's).
#[test]
fn every_gamma_rule_states_each_step_once() {
    use commcalc_core::catalog::MACHINES;
    use commcalc_core::patterns::collective::gamma_rule;
    for machine in MACHINES {
        for set in machine.sets {
            let rule = gamma_rule(machine, set.model);
            let steps: Vec<&str> = rule
                .split(": ")
                .next()
                .unwrap()
                .split(" = ")
                .map(str::trim)
                .collect();
            let mut distinct = steps.clone();
            distinct.dedup();
            assert_eq!(steps, distinct, "{}: {rule}", machine.id);
            assert!(!steps[1..].contains(&"γ"), "{}: {rule}", machine.id);
            assert!(
                !rule.contains("·)") && !rule.contains("(·"),
                "{}: {rule}",
                machine.id
            );
        }
    }
}
