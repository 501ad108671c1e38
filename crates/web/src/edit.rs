//! Edits: every change a person makes goes through the core's scenario edits (`with`,
//! `without`, `switched`), so a slider, a typed number and a pasted URL pass the same checks.
//! An edit the core rejects leaves the scenario unchanged and says why, next to the control.

use std::cell::RefCell;

use commcalc_core::context::Engines;
use commcalc_core::report::unrun_report;
use commcalc_core::report::CURVE_POINTS;
use commcalc_core::{evaluate_by, Error, Report, Scenario};

use crate::problem::Problem;
use crate::view::View;

/// What a person did to a control or picker.
#[derive(Clone, Copy, Debug)]
pub enum Edit<'a> {
    /// Set an input or parameter to a value, as typed or slid.
    Set(&'a str, &'a str),
    /// Return an input or parameter to its default.
    Reset(&'a str),
    /// Pick another machine, pattern or model.
    Switch(&'a str, &'a str),
}

impl Edit<'_> {
    /// The key the edit is about.
    pub fn key(&self) -> &str {
        match self {
            Edit::Set(k, _) | Edit::Reset(k) | Edit::Switch(k, _) => k,
        }
    }
}

/// How a module evaluates the scenario of a view (`State::report`) and checks an edit: the
/// full module with `worker::report` (which takes [`Evaluator::evaluate_in`]'s checks), the
/// calculator's module with [`Evaluator::cached_evaluate`]. Made once per app, under its
/// owner (`app::Views::report`) and kept in the app's `State` (a `StoredValue`), with the
/// caches it evaluates with ([`Evaluator`]), so that they go with the app.
pub type Evaluate = Box<dyn Fn(View, &Scenario) -> Result<Report, Error>>;

/// Applies an edit in a view, with the module's evaluation (the Traffic view checks a traffic
/// scenario without running it: [`Evaluator::evaluate_in`]). A scenario that evaluates is not
/// replaced by one that does not (the problem is shown and the state kept); a scenario that
/// does not evaluate (from a URL) may be edited freely towards one that does.
pub fn apply_in(
    evaluate: &dyn Fn(View, &Scenario) -> Result<Report, Error>,
    view: View,
    current: &Scenario,
    edit: Edit,
) -> Result<Scenario, Vec<Problem>> {
    let key = edit.key();
    let next = match edit {
        Edit::Set(k, v) => commcalc_core::traffic::editing::set(current, k, v),
        Edit::Reset(k) => Ok(commcalc_core::traffic::editing::reset(current, k)),
        Edit::Switch(k, v) => current.switched(k, v),
    }
    .map_err(|errors| {
        errors
            .0
            .iter()
            .map(|e| Problem::from_error(Some(key), e))
            .collect::<Vec<_>>()
    })?;
    match (evaluate(view, current), evaluate(view, &next)) {
        // A scenario only the full module can cost is not refused: the calculator's module
        // hands it over (`app::calculator_results`), and the full module checks it.
        (Ok(_), Err(e)) if !matches!(e, Error::Elsewhere { .. }) => {
            Err(vec![Problem::from_error(Some(key), &e)])
        }
        _ => Ok(next),
    }
}

/// An edit in the calculator of the calculator's module, which has no engines: the tests'.
#[cfg(test)]
pub fn apply(current: &Scenario, edit: Edit) -> Result<Scenario, Vec<Problem>> {
    let calculator = Evaluator::new(Engines::NONE);
    let evaluate = move |view, s: &Scenario| calculator.evaluate_in(view, s);
    apply_in(&evaluate, View::Calculator, current, edit)
}

/// The problems after an edit of `key`: those about it go (it was edited), and a rejection's
/// come in.
pub fn after_edit(
    problems: &[Problem],
    key: &str,
    outcome: &Result<Scenario, Vec<Problem>>,
) -> Vec<Problem> {
    let mut out: Vec<Problem> = problems.iter().filter(|p| p.key != key).cloned().collect();
    if let Err(new) = outcome {
        out.extend(new.iter().cloned());
    }
    out
}

/// The last results of one computation on scenarios, newest last (see [`cached`]).
type Remembered = RefCell<Vec<(Scenario, Result<Report, Error>)>>;

/// How many scenarios each cache keeps: an edit checks the scenario it starts from (the one the
/// edit before made) and the one it makes, and the page's report memo then asks for the latter
/// again, so two cover every edit.
const KEPT: usize = 2;

/// The module's evaluation of scenarios: its engines, and its last results. Owned by the
/// module's [`Evaluate`], which the app's `State` keeps.
pub struct Evaluator {
    /// The engines it costs with: the full module has both (it simulates, or takes its
    /// worker's runs: `worker::report`); the calculator's module has neither, so that it links
    /// neither, and hands a scenario that needs one over to the full module
    /// (`Error::Elsewhere`).
    engines: Engines,
    /// The last scenarios evaluated and their reports: an edit evaluates its candidate to
    /// decide whether to accept it, and the page's report memo then finds it here instead of
    /// evaluating it again.
    evaluated: Remembered,
    /// The last traffic scenarios checked without a run (`unrun_report`). The check builds
    /// the simulator's configuration, whose validation walks every node's message count (4096
    /// of them on a 12-cube): three checks of the same two scenarios per slider input would
    /// otherwise cost a millisecond of the input on the largest cubes.
    checked: Remembered,
}

impl Evaluator {
    /// An evaluator that costs with `engines`, its caches empty.
    pub fn new(engines: Engines) -> Evaluator {
        Evaluator {
            engines,
            evaluated: RefCell::new(Vec::new()),
            checked: RefCell::new(Vec::new()),
        }
    }

    /// The report of a scenario that an edit is checked against: the Traffic view runs its
    /// simulations itself (off the page's thread when long) and the calculator has a traffic
    /// scenario's simulations run in the worker (the page's `state` and `worker::report`), so
    /// in both a traffic scenario is only checked here (the core's `unrun_report`: its inputs,
    /// parameters and warnings), never simulated on an edit; elsewhere `cached_evaluate`.
    pub fn evaluate_in(&self, view: View, scenario: &Scenario) -> Result<Report, Error> {
        if matches!(view, View::Traffic | View::Calculator) && scenario.pattern.id == "traffic" {
            cached(&self.checked, scenario, unrun_report)
        } else {
            self.cached_evaluate(scenario)
        }
    }

    /// `evaluate` with the module's engines, remembering the last results.
    pub fn cached_evaluate(&self, scenario: &Scenario) -> Result<Report, Error> {
        cached(&self.evaluated, scenario, |s| {
            evaluate_by(s, CURVE_POINTS, self.engines)
        })
    }
}

/// `compute(scenario)`, or its result kept in `cache` from an earlier call on an equal
/// scenario (both are pure functions of the scenario); the cache keeps the last [`KEPT`].
fn cached(
    cache: &Remembered,
    scenario: &Scenario,
    compute: impl FnOnce(&Scenario) -> Result<Report, Error>,
) -> Result<Report, Error> {
    let hit = (cache.borrow().iter())
        .find(|(s, _)| s == scenario)
        .map(|(_, r)| r.clone());
    hit.unwrap_or_else(|| {
        let result = compute(scenario);
        let mut c = cache.borrow_mut();
        c.push((scenario.clone(), result.clone()));
        let excess = c.len().saturating_sub(KEPT);
        c.drain(..excess);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::url_problems;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// In the calculator and the Traffic view an edit of a traffic scenario is checked without
    /// a simulation (no metrics), and a bad value is still refused with its key; the compare
    /// view evaluates it in full, with the full module's simulator; without it, only the
    /// worker's runs, which are not in.
    #[test]
    fn a_traffic_edit_is_checked_without_a_run() {
        let unrun = scenario("machine=intel-ipsc&pattern=traffic&count=400");
        assert!(
            Evaluator::new(Engines::NONE)
                .evaluate_in(View::Compare, &unrun)
                .is_err(),
            "no simulator, no runs"
        );
        let s = scenario("machine=intel-ipsc&pattern=traffic");
        let full = Evaluator::new(commcalc_core::report::ENGINES);
        let evaluate = |view, s: &Scenario| full.evaluate_in(view, s);
        for view in [View::Calculator, View::Traffic] {
            let r = full.evaluate_in(view, &s).unwrap();
            assert!(r.metrics.is_empty(), "{view:?}");
            assert!(
                apply_in(&evaluate, view, &s, Edit::Set("phi", "2")).is_err(),
                "{view:?}"
            );
        }
        assert!(!full
            .evaluate_in(View::Compare, &s)
            .unwrap()
            .metrics
            .is_empty());
    }

    #[test]
    fn a_valid_edit_changes_the_scenario() {
        let s = scenario("machine=intel-paragon&pattern=pingpong");
        let next = apply(&s, Edit::Set("alpha", "150")).unwrap();
        assert!(next.to_query().contains("alpha=150"));
        let back = apply(&next, Edit::Reset("alpha")).unwrap();
        assert_eq!(back, s);
    }

    /// A field emptied is its key's default, as its placeholder says: the key leaves the
    /// scenario, in the calculator as in the Traffic view, and nothing else moves.
    #[test]
    fn an_emptied_field_is_the_default() {
        let s = scenario("machine=intel-paragon&pattern=pingpong&size=5000&alpha=150");
        let next = apply(&s, Edit::Set("size", "")).unwrap();
        assert_eq!(
            next.to_query(),
            "machine=intel-paragon&pattern=pingpong&alpha=150"
        );
        let s = scenario("machine=intel-ipsc&pattern=traffic&dim=5&hit=0.5,0.2");
        let full = Evaluator::new(commcalc_core::report::ENGINES);
        let evaluate = |view, s: &Scenario| full.evaluate_in(view, s);
        let next = apply_in(&evaluate, View::Traffic, &s, Edit::Set("hit", "")).unwrap();
        assert_eq!(next.to_query(), "machine=intel-ipsc&pattern=traffic&dim=5");
    }

    /// A value the query language rejects keeps the scenario and names the key.
    #[test]
    fn a_rejected_value_keeps_the_state_and_says_why() {
        let s = scenario("machine=intel-paragon&pattern=pingpong");
        let problems = apply(&s, Edit::Set("size", "-3")).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].key, "size");
        assert!(
            problems[0].message.contains("size=-3"),
            "{}",
            problems[0].message
        );
    }

    /// A value the query accepts but the model cannot evaluate is rejected too, with the
    /// core's reason, while the scenario evaluates.
    #[test]
    fn an_edit_that_breaks_evaluation_is_rejected() {
        let s = scenario("machine=intel-paragon&pattern=pairs&model=hyperbolic&p=8&a_c=100");
        let problems = apply(&s, Edit::Set("a_pc", "50")).unwrap_err();
        assert_eq!(problems[0].key, "a_pc");
        assert!(
            problems[0].message.contains("a_c"),
            "{}",
            problems[0].message
        );
    }

    /// From a scenario that does not evaluate (a pasted URL), any valid edit is taken.
    #[test]
    fn a_broken_scenario_can_be_edited() {
        let s = scenario("machine=intel-paragon&pattern=pairs&p=15");
        let calculator = Evaluator::new(Engines::NONE);
        assert!(calculator.cached_evaluate(&s).is_err());
        let next = apply(&s, Edit::Set("size", "100")).unwrap();
        assert!(calculator.cached_evaluate(&next).is_err());
        let fixed = apply(&next, Edit::Set("p", "14")).unwrap();
        assert!(calculator.cached_evaluate(&fixed).is_ok());
    }

    #[test]
    fn switching_keeps_what_applies() {
        let s = scenario("machine=intel-paragon&pattern=pingpong&size=5000");
        let next = apply(&s, Edit::Switch("machine", "intel-delta")).unwrap();
        assert_eq!(next.machine.id, "intel-delta");
        assert_eq!(next.inputs.size, Some(5000.0));
        assert!(apply(&s, Edit::Switch("pattern", "global-combine")).is_err());
    }

    #[test]
    fn problems_of_an_edited_key_are_replaced() {
        let (s, errors) = Scenario::from_query_lenient("machine=nosuch&p=-3");
        let problems = url_problems(&errors);
        let keys: Vec<_> = problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys, ["machine", "p"]);
        let s = s.unwrap();
        let outcome = apply(&s, Edit::Switch("machine", "intel-delta"));
        let left = after_edit(&problems, "machine", &outcome);
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].key, "p");
        let outcome = apply(&s, Edit::Set("size", "x"));
        assert_eq!(after_edit(&left, "size", &outcome).len(), 2);
    }
}
