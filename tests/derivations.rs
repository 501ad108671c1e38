//! The derivations the core reports beside its numbers evaluate to those numbers: for every
//! machine × pattern × model the catalog offers, with several sizes, processor counts and
//! algorithms, each derivation's formula gives the reported metric bit for bit.

use commcalc_core::patterns::offered;
use commcalc_core::{evaluate, Scenario};

fn scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    for o in offered() {
        let base = o.query();
        let mut queries = vec![base.clone()];
        for extra in [
            "p=4",
            "p=16",
            "p=2",
            "size=300",
            "size=200k",
            "algo=two-frames",
            "n=2",
            "n=5",
            "n=100000",
            "mesh=3x1",
            "f=testjig",
            "data=100",
            "data=1e6",
            "k=4",
            "link=exact",
            "size=1",
            "size=50",
            "ppn=2",
            "p=16&ppn=4&size=200k",
            "p=10&ppn=4&nics=2&intra_alpha=0.2&intra_beta=0.0001",
        ] {
            queries.push(format!("{base}&{extra}"));
        }
        for algo in (o.pattern.algos)(o.machine) {
            queries.push(format!("{base}&algo={algo}"));
        }
        out.extend(queries.iter().filter_map(|q| Scenario::from_query(q).ok()));
    }
    out
}

/// Every derivation evaluates to its metric exactly: the formula is the computation.
#[test]
fn derivations_evaluate_to_the_reported_values() {
    let mut checked = 0;
    for s in scenarios() {
        let Ok(report) = evaluate(&s) else { continue };
        for (key, d) in &report.derivations {
            let want = report
                .metric(key)
                .unwrap_or_else(|| panic!("{}: derivation of unreported {key}", s.to_query()));
            let got = d.value();
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{}: {key} = {want}, its derivation {} gives {got}",
                s.to_query(),
                d.formula.text(false)
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

/// Metrics that have no derivation, each with the reason. `fastest` is the name of an
/// algorithm, not a number: the time's derivation says which one it took (its branch).
const EXEMPT: [(&str, &str, &str); 1] = [("*", "*", "fastest")];

fn exempt(pattern: &str, model: &str, key: &str) -> bool {
    let any = |want: &str, have: &str| want == "*" || want == have;
    EXEMPT
        .iter()
        .any(|(p, m, k)| any(p, pattern) && any(m, model) && *k == key)
}

/// Every metric of every machine × pattern × model has a derivation, but for the exemptions
/// above: a metric without one fails.
#[test]
fn every_metric_is_derived() {
    let mut seen = std::collections::BTreeSet::new();
    for s in scenarios() {
        let (pattern, model) = (s.pattern.id, s.model.id());
        let Ok(report) = evaluate(&s) else { continue };
        for key in report.metrics.keys() {
            if exempt(pattern, model, key) {
                continue;
            }
            let derived = report.derivations.contains_key(key);
            assert!(derived, "{}: {key} has no derivation", s.to_query());
        }
        seen.insert((pattern, model));
    }
    assert!(seen.len() > 60, "{} pattern × model pairs", seen.len());
}

/// The formula shown (equal terms of a sum collected, repeated max/min arguments dropped)
/// evaluates to the reported value up to rounding, for every derivation: collecting terms
/// changes how the formula reads, never what it says.
#[test]
fn shown_formulas_evaluate_to_the_reported_values() {
    let mut collected = 0;
    for s in scenarios() {
        let Ok(report) = evaluate(&s) else { continue };
        for (key, d) in &report.derivations {
            let shown = d.formula.shown();
            let (want, got) = (d.value(), shown.eval());
            let close = (got - want).abs() <= 1e-12 * want.abs().max(1.0) || got == want;
            assert!(
                close,
                "{}: {key}: {} gives {got}, not {want}",
                s.to_query(),
                shown.text(false)
            );
            collected += usize::from(shown != d.formula);
        }
    }
    assert!(collected > 0, "no formula had equal terms to collect");
}

/// 000's Paragon ping-pong is four blocks in series, processor, channel, channel, processor:
/// a = (a_pc − a_c) + a_c + a_c + (a_pc − a_c), shown as 2·a_pc; b = max(b_p, b_c).
#[test]
fn the_paragon_start_up_reads_as_twice_a_pc() {
    let r = commcalc_core::run("machine=intel-paragon&pattern=pingpong&model=hyperbolic").unwrap();
    assert_eq!(
        r.derivations.get("a_us").unwrap().formula.text(false),
        "2·a_pc"
    );
    assert_eq!(
        r.derivations
            .get("b_us_per_byte")
            .unwrap()
            .formula
            .text(false),
        "max(b_p, b_c)"
    );
    assert_eq!(
        r.metric("a_us"),
        Some(r.derivations.get("a_us").unwrap().formula.shown().eval())
    );
}
