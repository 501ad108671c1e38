//! Property tests: invariants that must hold for every machine, pattern,
//! model and input the catalog declares, not only for the papers' examples.
//!
//! (a) time is finite and non-decreasing in size on every curve;
//! (b) the hyperbola lies between max(a, b·x) and a + b·x;
//! (c) the combination rules reduce to the block itself in their limits;
//! (d) parse∘print is the identity on every valid scenario;
//! (e) no string makes the parser or `run` panic.
//!
//! Scenarios are generated from the declarations (PATTERNS, MACHINES, Param.range), so a new
//! machine, pattern or parameter is covered without touching this file. Case counts are kept
//! modest so that the suite runs in a few seconds in debug builds.

use std::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use commcalc_core::catalog::{Machine, MACHINES};
use commcalc_core::models::atm::Link;
use commcalc_core::models::hyperbolic::{
    reduce_general, reduce_parallel, reduce_serial, Block, Coupling,
};
use commcalc_core::models::nbl::FSet;
use commcalc_core::patterns::{offered, Key, PatternDef, PATTERNS};
use commcalc_core::{evaluate, run, Model, Report, Scenario};

// ---------------------------------------------------------------------------------------------
// Generating valid scenarios from the declarations

/// Every machine × pattern pair the pattern accepts, with every model it offers there.
fn combos() -> Vec<(&'static Machine, &'static PatternDef, Model)> {
    offered().map(|o| (o.machine, o.pattern, o.model)).collect()
}

/// A size spread evenly in log scale from 10^lo to 10^hi, printed back exactly by `{}`.
fn log_uniform(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo..hi).prop_map(|e| 10f64.powf(e))
}

/// A whole number of bytes (elements, words) spread evenly in log scale from 10^lo to 10^hi:
/// the query language takes no fraction of one.
fn whole_log_uniform(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    log_uniform(lo, hi).prop_map(|v| v.round().max(1.0))
}

/// A value in a parameter's range: often an end point, otherwise anywhere between them.
fn in_range(lo: f64, hi: f64) -> BoxedStrategy<f64> {
    prop_oneof![
        1 => Just(lo),
        1 => Just(hi),
        6 => (0.0f64..=1.0).prop_map(move |u| lo + u * (hi - lo)),
    ]
    .boxed()
}

/// The (key, value) pairs of a valid query for one combination, in canonical order: machine,
/// pattern, model (unless the default), the pattern's inputs in the query language's order, the curve's
/// range, then parameter overrides by name.
fn valid_pairs(
    machine: &'static Machine,
    pattern: &'static PatternDef,
    model: Model,
) -> BoxedStrategy<Vec<(String, String)>> {
    // The keys the scenario takes: those its default evaluation reads (a key given and never
    // read is refused, as it would change nothing).
    let default = Scenario::from_query(&format!(
        "machine={}&pattern={}&model={}",
        machine.id,
        pattern.id,
        model.id()
    ))
    .ok()
    .and_then(|s| evaluate(&s).ok());
    let read = move |name: &str| {
        default.as_ref().is_none_or(|r| {
            r.inputs.iter().any(|(k, _)| *k == name) || r.parameters.iter().any(|(k, _)| *k == name)
        })
    };
    let takes = |k: Key| pattern.takes(k) && read(k.id());
    let maybe = |take: bool, s: BoxedStrategy<String>| -> BoxedStrategy<Option<String>> {
        if take {
            proptest::option::of(s).boxed()
        } else {
            Just(None).boxed()
        }
    };
    let num = |s: BoxedStrategy<f64>| s.prop_map(|v| v.to_string()).boxed();
    let algos = pattern.algos_on(machine, model);
    let inputs: Vec<(&'static str, BoxedStrategy<Option<String>>)> = vec![
        (
            "size",
            maybe(takes(Key::Size), num(whole_log_uniform(0.0, 9.0).boxed())),
        ),
        (
            "data",
            maybe(takes(Key::Data), num(whole_log_uniform(0.0, 8.0).boxed())),
        ),
        (
            "p",
            maybe(
                takes(Key::P),
                prop_oneof![3 => 2u32..=64, 1 => 2u32..=4096]
                    .prop_map(|p| p.to_string())
                    .boxed(),
            ),
        ),
        (
            "mesh",
            maybe(
                takes(Key::Mesh),
                (1u32..=64, 1u32..=64)
                    .prop_filter("2 to 4096 nodes", |(w, h)| (2..=4096).contains(&(w * h)))
                    .prop_map(|(w, h)| format!("{w}x{h}"))
                    .boxed(),
            ),
        ),
        (
            "n",
            maybe(
                takes(Key::N),
                (1u64..=10_000_000).prop_map(|n| n.to_string()).boxed(),
            ),
        ),
        (
            "h",
            maybe(takes(Key::H), num(whole_log_uniform(0.0, 5.0).boxed())),
        ),
        (
            "algo",
            if takes(Key::Algo) && !algos.is_empty() {
                proptest::option::of(
                    proptest::sample::select(algos.to_vec()).prop_map(str::to_string),
                )
                .boxed()
            } else {
                Just(None).boxed()
            },
        ),
        (
            "f",
            maybe(
                takes(Key::F),
                proptest::sample::select(FSet::ALL.to_vec())
                    .prop_map(|f| f.id().to_string())
                    .boxed(),
            ),
        ),
        (
            "k",
            maybe(
                takes(Key::K),
                (1u32..=1000).prop_map(|k| k.to_string()).boxed(),
            ),
        ),
        (
            "link",
            maybe(
                takes(Key::Link),
                proptest::sample::select(Link::ALL.to_vec())
                    .prop_map(|l| l.id().to_string())
                    .boxed(),
            ),
        ),
    ];
    let (names, values): (Vec<&'static str>, Vec<_>) = inputs.into_iter().unzip();

    // The curve's range: from < to, both within the accepted sizes.
    let range = proptest::option::of((whole_log_uniform(0.0, 8.0), 0.1f64..3.0))
        .prop_map(|r| r.map(|(from, decades)| (from, (from * 10f64.powf(decades)).round())))
        .prop_filter("from < to", |r| r.is_none_or(|(f, t)| f < t));

    // Parameter overrides: any subset of the model's parameters, within each range.
    let params: Vec<_> = (machine.set(model).map_or(&[][..], |s| s.params).iter())
        .filter(|p| read(p.name))
        .collect();
    let overrides: Vec<BoxedStrategy<Option<(String, String)>>> = params
        .iter()
        .map(|p| {
            let name = p.name.to_string();
            proptest::option::weighted(
                0.3,
                in_range(p.range.0, p.range.1).prop_map(move |v| (name.clone(), v.to_string())),
            )
            .boxed()
        })
        .collect();

    let model_id = (Some(model) != pattern.default_model(machine)).then(|| model.id().to_string());
    (values, range, overrides)
        .prop_map(move |(values, range, overrides)| {
            let mut pairs = vec![
                ("machine".to_string(), machine.id.to_string()),
                ("pattern".to_string(), pattern.id.to_string()),
            ];
            if let Some(m) = &model_id {
                pairs.push(("model".to_string(), m.clone()));
            }
            for (name, v) in names.iter().zip(values) {
                if let Some(v) = v {
                    pairs.push((name.to_string(), v));
                }
            }
            if let Some((from, to)) = range {
                pairs.push(("from".to_string(), from.to_string()));
                pairs.push(("to".to_string(), to.to_string()));
            }
            let mut o: Vec<(String, String)> = overrides.into_iter().flatten().collect();
            o.sort();
            pairs.extend(o);
            pairs
        })
        .prop_filter("a_c within the total fixed time", move |pairs| {
            consistent(machine, model, pairs)
        })
        .boxed()
}

/// Whether the overrides keep every part of a measured sum within the sum: the SP2's
/// a_p = (a_rt − a_c)/2 and the Paragon's a_p = a_pc − a_c (000 §3.3–3.4). Each range alone
/// allows a_c above the total, which gives a negative node time; the generator keeps to the
/// catalog's rule (`ParamSet::bounds`), the one the evaluation and the sliders follow.
fn consistent(machine: &Machine, model: Model, pairs: &[(String, String)]) -> bool {
    let Some(set) = machine.set(model) else {
        return true;
    };
    let overrides: Vec<(&'static str, f64)> = set
        .params
        .iter()
        .filter_map(|p| {
            let (_, v) = pairs.iter().find(|(k, _)| k == p.name)?;
            Some((p.name, v.parse().ok()?))
        })
        .collect();
    overrides.iter().all(|&(name, v)| {
        set.bounds(name, &overrides)
            .is_none_or(|(lo, hi)| (lo..=hi).contains(&v))
    })
}

fn join(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

/// A valid query for some combination, in canonical order and shuffled.
fn any_valid_query() -> impl Strategy<Value = (String, String)> {
    let all = combos();
    (0..all.len())
        .prop_flat_map(move |i| {
            let (m, p, model) = all[i];
            valid_pairs(m, p, model)
        })
        .prop_flat_map(|pairs| {
            let canonical = join(&pairs);
            Just(pairs)
                .prop_shuffle()
                .prop_map(move |shuffled| (canonical.clone(), join(&shuffled)))
        })
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

// ---------------------------------------------------------------------------------------------
// (a) Curves: finite, and time non-decreasing in size

/// Checks a report's curve; an error names the first bad point. The time may fall with size
/// only where `monotone` is false: the piecewise model's, whose next range may start below where the one before it ends, as measured runs do
/// at a protocol switch (Clariden's CUDA latency in tests/data: 20.67 µs at 128 B, 11.79 µs at
/// 256 B).
fn check_curve_of(report: &Report, monotone: bool) -> Result<(), String> {
    if report.curve.is_empty() {
        return Err("empty curve".into());
    }
    for pair in report.curve.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if !(a.time_us.is_finite() && b.time_us.is_finite()) {
            return Err(format!("time not finite near {} B", a.size_bytes));
        }
        if b.size_bytes < a.size_bytes {
            return Err(format!(
                "sizes fall: {} B then {} B",
                a.size_bytes, b.size_bytes
            ));
        }
        // 1e-9 relative slack for rounding in closed forms.
        if monotone && b.time_us < a.time_us - 1e-9 * a.time_us.abs() {
            return Err(format!(
                "time falls from {} µs at {} B to {} µs at {} B",
                a.time_us, a.size_bytes, b.time_us, b.size_bytes
            ));
        }
    }
    for p in &report.curve {
        if !p.time_us.is_finite() || p.time_us < 0.0 || !p.bandwidth_mbps.is_finite() {
            return Err(format!(
                "bad point {} B: {} µs, {} MB/s",
                p.size_bytes, p.time_us, p.bandwidth_mbps
            ));
        }
    }
    Ok(())
}

/// Every offered combination evaluates at its defaults and gives a good curve.
#[test]
fn every_combination_evaluates_at_its_defaults() {
    let mut failures = Vec::new();
    for (m, p, model) in combos() {
        let q = format!("machine={}&pattern={}&model={}", m.id, p.id, model.id());
        let scenario = Scenario::from_query(&q).unwrap_or_else(|e| panic!("{q}: {e}"));
        match evaluate(&scenario) {
            Ok(r) => {
                // Today's machines' piecewise fits start a range below where the one before
                // it ends, as their runs do at a protocol switch.
                if let Err(e) = check_curve_of(&r, model != Model::Piecewise) {
                    failures.push(format!("{q}: {e}"));
                }
            }
            Err(e) => failures.push(format!("{q}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A part of a fixed time larger than the whole would make a negative node time and a falling
/// curve: the core rejects it and names the part.
#[test]
fn a_part_larger_than_its_total_is_rejected() {
    for q in [
        "machine=ibm-sp2&pattern=multigrid&a_rt=0",
        "machine=ibm-sp2&pattern=pingpong&a_rt=10&a_c=35",
        "machine=intel-paragon&pattern=multigrid&a_pc=10&a_c=100",
    ] {
        let e = run(q).expect_err(q);
        assert!(e.to_string().contains("a_c"), "{q}: {e}");
    }
}

/// Why a generated query may be rejected at evaluation, recognised from the query itself (not
/// from the error): a zero rate parameter leaves r∞ or n½ without a finite value; ATM
/// all-to-all given both `size` and `data` that differ (they name the same quantity there);
/// Snake or Fence on a mesh one node wide; disjoint pairs with an odd p. Any other rejection is a failure.
fn expected_rejection(pattern: &str, pairs: &[(String, String)], key: Option<&str>) -> bool {
    let value = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    // Inputs are generated ≥ 1, so a zero can only be a parameter override.
    let zero_parameter = pairs.iter().any(|(_, v)| v.parse::<f64>() == Ok(0.0));
    match key {
        Some("r_inf_MBps" | "n_half_bytes" | "time_us") => zero_parameter,
        Some("size") => {
            pattern == "all-to-all" && value("data").is_some() && value("size") != value("data")
        }
        // 004 Appendix 7.1's Snake and Fence timelines need a mesh at least two nodes wide
        // and high (a row of "W − 2" steps); a mesh with a side of one has no such algorithm.
        Some("mesh") => {
            pattern == "global-combine"
                && value("mesh").is_some_and(|m| m.split('x').any(|side| side == "1"))
        }
        // Disjoint pairs take an even p (`PatternDef::p_step`).
        Some("p") => value("p")
            .and_then(|p| p.parse::<u32>().ok())
            .zip(commcalc_core::patterns::pattern(pattern))
            .is_some_and(|(p, def)| p % def.p_step != 0),
        _ => false,
    }
}

/// Every combination's curve is finite and non-decreasing for random inputs. A rejection must
/// be one of [`expected_rejection`]'s, and every combination must evaluate some of its cases.
#[test]
fn curves_are_finite_and_non_decreasing_for_random_inputs() {
    for (m, p, model) in combos() {
        let evaluated = Cell::new(0u32);
        let mut runner = runner(32);
        let result = runner.run(&valid_pairs(m, p, model), |mut pairs| {
            let (q, outcome) = loop {
                let q = join(&pairs);
                let scenario = Scenario::from_query(&q)
                    .map_err(|e| TestCaseError::fail(format!("{q}: rejected: {e}")))?;
                match evaluate(&scenario) {
                    // A key this combination (with this algorithm) never reads is refused:
                    // the rest of the query must evaluate without it.
                    Err(e) if e.to_string().contains(" does not use ") => {
                        let before = pairs.len();
                        pairs.retain(|(k, _)| Some(k.as_str()) != e.key());
                        if pairs.len() == before {
                            break (q, Err(e));
                        }
                    }
                    outcome => break (q, outcome),
                }
            };
            match outcome {
                Ok(report) => {
                    evaluated.set(evaluated.get() + 1);
                    check_curve_of(&report, model != Model::Piecewise)
                        .map_err(|e| TestCaseError::fail(format!("{q}: {e}")))
                }
                Err(e) if expected_rejection(p.id, &pairs, e.key()) => Ok(()),
                Err(e) => Err(TestCaseError::fail(format!(
                    "{q}: unexpected rejection: {e}"
                ))),
            }
        });
        if let Err(e) = result {
            panic!("{}/{} ({}): {e}", m.id, p.id, model.id());
        }
        assert!(
            evaluated.get() > 0,
            "{}/{} ({}): no generated case evaluated",
            m.id,
            p.id,
            model.id()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// (b) The hyperbola T(x) = a²/(a + b·x) + b·x lies between max(a, b·x) and a + b·x

fn block() -> impl Strategy<Value = Block> {
    (
        prop_oneof![Just(0.0), 0.0f64..1e5],
        prop_oneof![Just(0.0), 1e-6f64..100.0],
    )
        .prop_map(|(a, b)| Block { a, b })
}

fn size() -> impl Strategy<Value = f64> {
    prop_oneof![Just(0.0), log_uniform(-3.0, 12.0)]
}

proptest! {
    #![proptest_config(Config { cases: 512, failure_persistence: None, ..Config::default() })]

    #[test]
    fn hyperbola_lies_between_its_asymptotes(b in block(), x in size()) {
        let t = b.time(x);
        let lower = b.a.max(b.b * x);
        let upper = b.a + b.b * x;
        let slack = 1e-12 * upper.max(1e-300);
        prop_assert!(t >= lower - slack, "T({x}) = {t} < max(a, bx) = {lower} for {b:?}");
        prop_assert!(t <= upper + slack, "T({x}) = {t} > a + bx = {upper} for {b:?}");
    }

    #[test]
    fn hyperbola_is_non_decreasing(b in block(), x in size(), factor in 1.0f64..1e3) {
        let (t1, t2) = (b.time(x), b.time(x * factor));
        prop_assert!(t2 >= t1 - 1e-12 * t1, "T({x}) = {t1} > T({}) = {t2}", x * factor);
    }

    #[test]
    fn half_performance_length_halves_the_bandwidth(
        a in 1e-3f64..1e5,
        b in 1e-6f64..100.0,
    ) {
        let blk = Block { a, b };
        let n = blk.n_half();
        let ratio = (n / blk.time(n)) / (blk.r_inf() / 2.0);
        prop_assert!((ratio - 1.0).abs() < 1e-9, "{blk:?}: ratio {ratio}");
    }
}

// ---------------------------------------------------------------------------------------------
// (c) Rules 1–4 in their limits

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-12 * x.abs().max(y.abs()) + 1e-300
}

fn close_block(x: Block, y: Block) -> bool {
    close(x.a, y.a) && close(x.b, y.b)
}

fn positive_block() -> impl Strategy<Value = Block> {
    (0.0f64..1e5, 1e-6f64..100.0).prop_map(|(a, b)| Block { a, b })
}

fn blocks() -> impl Strategy<Value = Vec<Block>> {
    proptest::collection::vec(positive_block(), 1..8)
}

const COUPLINGS: [Coupling; 2] = [Coupling::Independent, Coupling::Dependent];

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    /// Rules 1 and 2 with one block give the block.
    #[test]
    fn one_block_in_series_or_parallel_is_the_block(x in positive_block()) {
        for c in COUPLINGS {
            prop_assert_eq!(reduce_serial(c, &[x]), x);
            let par = reduce_parallel(c, &[x]);
            prop_assert!(close_block(par, x), "{c:?}: {par:?} vs {x:?}");
        }
    }

    /// Rule 3 with one message is the block; with n equal messages it scales a and b by n.
    #[test]
    fn rule_3_limits(x in positive_block(), size in 1e-3f64..1e9, n in 1usize..64) {
        let one = x.concurrent(&[size], 0);
        prop_assert!(close_block(one, x), "{one:?} vs {x:?}");
        prop_assert_eq!(x.shared_by(1.0), x);
        let equal = vec![size; n];
        for i in [0, n - 1] {
            let c = x.concurrent(&equal, i);
            prop_assert!(close_block(c, x.shared_by(n as f64)), "{c:?}");
        }
    }

    /// Rule 1: a adds; b is the largest for independent blocks and adds for dependent ones.
    #[test]
    fn rule_1_serial(bs in blocks()) {
        let sum_a: f64 = bs.iter().map(|b| b.a).sum();
        let max_b = bs.iter().map(|b| b.b).fold(0.0, f64::max);
        let sum_b: f64 = bs.iter().map(|b| b.b).sum();
        let ind = reduce_serial(Coupling::Independent, &bs);
        let dep = reduce_serial(Coupling::Dependent, &bs);
        prop_assert!(close(ind.a, sum_a) && close(dep.a, sum_a));
        prop_assert_eq!(ind.b, max_b);
        prop_assert!(close(dep.b, sum_b));
        // A chain is never faster than any of its blocks (T grows with a and with b).
        for x in [0.0, 1.0, 1e3, 1e6] {
            for b in &bs {
                prop_assert!(ind.time(x) >= b.time(x) * (1.0 - 1e-12));
                prop_assert!(dep.time(x) >= ind.time(x) * (1.0 - 1e-12));
            }
        }
    }

    /// Rule 2: a is the smallest; b is the smallest for dependent blocks and combines like
    /// resistors in parallel for independent ones.
    #[test]
    fn rule_2_parallel(bs in blocks(), k in 1usize..16) {
        let min_a = bs.iter().map(|b| b.a).fold(f64::INFINITY, f64::min);
        let min_b = bs.iter().map(|b| b.b).fold(f64::INFINITY, f64::min);
        let ind = reduce_parallel(Coupling::Independent, &bs);
        let dep = reduce_parallel(Coupling::Dependent, &bs);
        prop_assert_eq!(ind.a, min_a);
        prop_assert_eq!(dep.a, min_a);
        prop_assert_eq!(dep.b, min_b);
        prop_assert!(ind.b <= min_b * (1.0 + 1e-12), "harmonic {} > min {}", ind.b, min_b);
        let harmonic = 1.0 / bs.iter().map(|b| 1.0 / b.b).sum::<f64>();
        prop_assert!(close(ind.b, harmonic));
        // k equal independent channels carry k times the bandwidth of one.
        let same = vec![bs[0]; k];
        let par = reduce_parallel(Coupling::Independent, &same);
        prop_assert!(close(par.b, bs[0].b / k as f64), "{par:?}");
        // Parallel paths are never slower than any one of them.
        for x in [0.0, 1.0, 1e3, 1e6] {
            for b in &bs {
                prop_assert!(dep.time(x) <= b.time(x) * (1.0 + 1e-12));
                prop_assert!(ind.time(x) <= dep.time(x) * (1.0 + 1e-12));
            }
        }
    }

    /// The reductions do not depend on the order of the blocks, and nest.
    #[test]
    fn reductions_are_order_free_and_nest(bs in blocks()) {
        let mut rev = bs.clone();
        rev.reverse();
        for c in COUPLINGS {
            prop_assert!(close_block(reduce_serial(c, &bs), reduce_serial(c, &rev)));
            prop_assert!(close_block(reduce_parallel(c, &bs), reduce_parallel(c, &rev)));
            let (head, tail) = bs.split_at(1);
            if !tail.is_empty() {
                let nested = reduce_serial(c, &[head[0], reduce_serial(c, tail)]);
                prop_assert!(close_block(nested, reduce_serial(c, &bs)));
                let nested = reduce_parallel(c, &[head[0], reduce_parallel(c, tail)]);
                let flat = reduce_parallel(c, &bs);
                prop_assert!((nested.b - flat.b).abs() <= 1e-9 * flat.b, "{nested:?} {flat:?}");
                prop_assert_eq!(nested.a, flat.a);
            }
        }
    }

    /// Rule 4 takes a from the small-message time and b from the large-message slope.
    #[test]
    fn rule_4_general(t0 in 0.0f64..1e5, slope in 0.0f64..100.0) {
        let b = reduce_general(t0, slope);
        prop_assert_eq!(b, Block { a: t0, b: slope });
        prop_assert!(close(b.time(0.0), t0));
    }
}

// ---------------------------------------------------------------------------------------------
// (d) parse∘print = identity

proptest! {
    #![proptest_config(Config { cases: 1024, failure_persistence: None, ..Config::default() })]

    #[test]
    fn parse_print_is_identity_on_valid_scenarios((canonical, shuffled) in any_valid_query()) {
        let s = Scenario::from_query(&shuffled)
            .map_err(|e| TestCaseError::fail(format!("{shuffled}: rejected: {e}")))?;
        // Printing gives the canonical order, whatever order the keys came in.
        prop_assert_eq!(&s.to_query(), &canonical);
        let again = Scenario::from_query(&s.to_query())
            .map_err(|e| TestCaseError::fail(format!("{canonical}: rejected: {e}")))?;
        prop_assert_eq!(&again, &s);
        prop_assert_eq!(again.to_query(), canonical);
        let (lenient, errors) = Scenario::from_query_lenient(&shuffled);
        prop_assert!(errors.is_empty(), "{:?}", errors);
        prop_assert_eq!(lenient, Some(s));
    }
}

// ---------------------------------------------------------------------------------------------
// (e) No string makes the parser or `run` panic

/// Everything the web app would do with a pasted URL: parse strictly, parse leniently and
/// evaluate what the lenient parser kept, and `run`.
fn exercise(query: &str) {
    let _ = Scenario::from_query(query);
    let (scenario, _) = Scenario::from_query_lenient(query);
    if let Some(s) = scenario {
        let _ = s.to_query();
        let _ = evaluate(&s);
    }
    let _ = run(query);
}

/// Pieces queries are made of, so that random strings often come close to valid ones.
fn token() -> impl Strategy<Value = String> {
    let mut words: Vec<String> = vec![
        "&", "=", "?", "%", "%2", "%zz", "%26", "%3D", "+", " ", "x", "×", "k", "M", "Ki", "Mi",
        "G", "B", "e", "e-", "e+", ".", "-", "0", "1", "2", "9", "4096", "4097", "1e12", "1e308",
        "inf", "NaN", "machine", "pattern", "model", "size", "data", "p", "mesh", "n", "h", "algo",
        "f", "k", "link", "from", "to", "\u{0}", "é", "\u{202e}",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    words.extend(MACHINES.iter().map(|m| m.id.to_string()));
    words.extend(PATTERNS.iter().map(|p| p.id.to_string()));
    words.extend(Model::ALL.iter().map(|m| m.id().to_string()));
    for m in MACHINES {
        for set in m.sets {
            words.extend(set.params.iter().map(|p| p.name.to_string()));
        }
    }
    for p in PATTERNS {
        for m in MACHINES {
            words.extend((p.algos)(m).iter().map(|a| a.to_string()));
        }
    }
    words.sort();
    words.dedup();
    proptest::sample::select(words)
}

/// An edit of a valid query: replace, insert or delete a span.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, String),
    Delete(usize, usize),
    Replace(usize, usize, String),
}

fn apply(query: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = query.chars().collect();
    for e in edits {
        let len = chars.len();
        match e {
            Edit::Insert(at, s) => {
                let at = at % (len + 1);
                chars.splice(at..at, s.chars());
            }
            Edit::Delete(at, n) if len > 0 => {
                let at = at % len;
                let end = (at + n).min(len);
                chars.drain(at..end);
            }
            Edit::Replace(at, n, s) if len > 0 => {
                let at = at % len;
                let end = (at + n).min(len);
                chars.splice(at..end, s.chars());
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), token()).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), 1usize..6).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), 1usize..6, token()).prop_map(|(at, n, s)| Edit::Replace(at, n, s)),
    ]
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    #[test]
    fn arbitrary_strings_do_not_panic(s in ".{0,200}") {
        exercise(&s);
    }

    #[test]
    fn strings_of_query_tokens_do_not_panic(tokens in proptest::collection::vec(token(), 0..40)) {
        exercise(&tokens.concat());
    }

    #[test]
    fn edited_valid_queries_do_not_panic(
        (_, query) in any_valid_query(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        exercise(&apply(&query, &edits));
    }
}
