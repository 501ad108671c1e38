//! Every key a scenario takes changes its result or is refused: over every machine, every
//! pattern it offers and every model of that pattern on it, each key the query language
//! accepts there (`Scenario::accepted_keys`) is given a few values within its range; where
//! any value is accepted and evaluated, one of them must change the report (its metrics, its
//! curve or its warnings). A key accepted and silently ignored (the collectives' `alpha`,
//! `beta` and `gamma` on the papers' own all-to-all and barrier were) fails here.

use commcalc_core::catalog::{self, Param};
use commcalc_core::patterns::{self, collective};
use commcalc_core::{evaluate_with, Model, Report, Scenario};

/// Curve points: enough to see a parameter that acts at some sizes only.
const POINTS: usize = 24;

/// Keys whose values are not one number, each with values to try.
fn values_of(key: &str) -> Option<Vec<String>> {
    let v = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    Some(match key {
        "size" | "data" => v(&["3", "777", "123456"]),
        "n" | "h" => v(&["3", "777", "123456"]),
        "p" => v(&["4", "6", "16", "64"]),
        "mesh" => v(&["2x2", "4x4", "8x2"]),
        "k" => v(&["2", "17"]),
        "f" => v(&["standard", "nominal", "fitted", "testjig"]),
        "link" => v(&["paper", "exact"]),
        // Interfaces matter where fewer than a node's ranks send through them.
        "nics" => v(&["1", "2", "3", "16"]),
        _ => return None,
    })
}

/// Values within a parameter's range around its value, its own left out (or its range's
/// middle, for the collectives' parameters, which have none of their own).
fn param_values(p: &Param) -> Vec<String> {
    let (lo, hi) = p.range;
    let base = if p.value.is_finite() && p.value > 0.0 {
        p.value
    } else {
        (lo.max(1e-3) * hi).sqrt().min(hi)
    };
    [
        base * 2.0,
        base * 0.5,
        base * 1.1,
        base * 10.0,
        hi,
        hi / 100.0,
    ]
    .into_iter()
    // Its own value changes nothing by definition: the others must.
    .filter(|x| *x >= lo && *x <= hi && *x > 0.0 && *x != p.value)
    .map(|x| format!("{x}"))
    .collect()
}

/// Today's machines (`catalog::today`) keep the ranges their fit found, and a range's keys
/// change nothing where no message of the scenario at its default size reaches it: on a
/// collective at its default p (a message of at most its largest size over p: CSD3's own runs'
/// 64 ranks) when the range starts above that. A larger size reaches it. (A two-range fit's
/// third range, which starts at 10¹² B, refuses its keys: `patterns::piecewise`.)
fn range_unreached(machine: &catalog::Machine, pattern: &patterns::PatternDef, key: &str) -> bool {
    let Some(range) = ["2", "3"]
        .into_iter()
        .find(|k| key.ends_with(&format!("_{k}")))
    else {
        return false;
    };
    let start = (machine.provenance.is_some())
        .then(|| {
            machine
                .set(Model::Piecewise)?
                .param(&format!("break_{range}"))
        })
        .flatten()
        .map_or(0.0, |p| p.value);
    let point_to_point = ["pingpong", "roundtrip", "exchange"].contains(&pattern.id);
    let (_, top) = pattern.range;
    let largest = if point_to_point {
        top
    } else {
        top / f64::from(collective::default_p(machine))
    };
    start > largest && start < commcalc_core::models::piecewise::UNREACHED_BYTES
}

/// What a report says, for comparison.
fn said(r: &Report) -> String {
    format!("{:?} {:?} {:?}", r.metrics, r.curve, r.warnings)
}

#[test]
fn every_key_a_scenario_takes_changes_its_result_or_is_refused() {
    let mut ignored = Vec::new();
    let mut checked = 0;
    for machine in catalog::MACHINES {
        for pattern in patterns::PATTERNS {
            if pattern.unsupported_on(machine).is_some() || pattern.id == "traffic" {
                continue;
            }
            let models: Vec<Model> = pattern.models_on(machine).collect();
            for model in models {
                let base = format!(
                    "machine={}&pattern={}&model={}",
                    machine.id,
                    pattern.id,
                    model.id()
                );
                let Ok(scenario) = Scenario::from_query(&base) else {
                    continue;
                };
                let Ok(report) = evaluate_with(&scenario, POINTS) else {
                    continue;
                };
                let before = said(&report);
                for key in Scenario::accepted_keys(machine, pattern, model) {
                    if matches!(key, "machine" | "pattern" | "model" | "from" | "to") {
                        continue;
                    }
                    let values = match values_of(key) {
                        Some(v) => v,
                        // `best` is one of the others (the fastest), so a choice needs two.
                        None if key == "algo" => (pattern.algos)(machine)
                            .iter()
                            .filter(|a| **a != "best")
                            .map(|a| a.to_string())
                            .collect(),
                        None => {
                            let param = machine
                                .set(model)
                                .and_then(|s| s.param(key))
                                .or_else(|| collective::param(key));
                            match param {
                                Some(p) => param_values(p),
                                None => continue,
                            }
                        }
                    };
                    let mut accepted = 0;
                    let mut changed = false;
                    let mut first: Option<String> = None;
                    for value in &values {
                        let query = format!("{base}&{key}={value}");
                        let Ok(s) = Scenario::from_query(&query) else {
                            continue;
                        };
                        let Ok(r) = evaluate_with(&s, POINTS) else {
                            continue;
                        };
                        accepted += 1;
                        // An algorithm is compared with the other algorithms (the default is
                        // one of them), a value with the default.
                        let against = match key {
                            "algo" => first.get_or_insert_with(|| said(&r)).clone(),
                            _ => before.clone(),
                        };
                        if said(&r) != against {
                            changed = true;
                            break;
                        }
                    }
                    checked += 1;
                    let choice = if key == "algo" { 2 } else { 1 };
                    if accepted >= choice && !changed && !range_unreached(machine, pattern, key) {
                        ignored.push(format!("{base}&{key}= ({})", values.join(", ")));
                    }
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} keys checked");
    assert!(
        ignored.is_empty(),
        "{} keys accepted and ignored:\n{}",
        ignored.len(),
        ignored.join("\n")
    );
}
