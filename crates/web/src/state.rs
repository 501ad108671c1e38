//! The app's state: one scenario signal (the URL follows it), the report derived from it, the
//! problems to show, and the chart scale. Components read these and call `edit`.

use std::cell::RefCell;

use leptos::prelude::*;

use commcalc_core::catalog::Machine;
use commcalc_core::patterns::PatternDef;
use commcalc_core::{Error, Model, Report, Scenario};

use crate::chart::Scale;
use crate::dom;
use crate::edit::{self, after_edit, cached_evaluate, Edit, Problem};

/// Signals shared by every component; `Copy`, so components take it by value.
#[derive(Clone, Copy)]
pub struct State {
    /// The scenario: the only state the URL carries.
    pub scenario: RwSignal<Scenario>,
    /// The core's evaluation of the scenario; everything on the page is drawn from it.
    pub report: Memo<Result<Report, Error>>,
    /// The machine, pattern and model: what the pickers show and the controls are built
    /// from, which a slider does not change.
    pub choice: Memo<Choice>,
    /// Problems from the URL and from rejected edits, each with its key.
    pub problems: RwSignal<Vec<Problem>>,
    /// Log-log or linear charts.
    pub scale: RwSignal<Scale>,
    /// Bumped by an edit that leaves the scenario as it was (a slider step that rounds to the
    /// same value, a rejected value), so that the charts still repaint and report it.
    pub repaint: RwSignal<u64>,
}

/// The scenario's machine, pattern and model.
#[derive(Clone, Copy, PartialEq)]
pub struct Choice {
    pub machine: &'static Machine,
    pub pattern: &'static PatternDef,
    pub model: Model,
}

thread_local! {
    /// What runs right after an edit changes the scenario (the charts' repaint), before the
    /// effects that follow the change.
    static AFTER_EDIT: RefCell<Option<Box<dyn Fn()>>> = const { RefCell::new(None) };
}

impl State {
    /// Sets what runs right after each edit.
    pub fn after_edit(&self, f: impl Fn() + 'static) {
        AFTER_EDIT.with(|a| *a.borrow_mut() = Some(Box::new(f)));
    }

    /// The state of a page opened on `initial`; the address bar gets its canonical query.
    pub fn new(initial: Scenario, problems: Vec<Problem>) -> State {
        dom::replace_query(initial.to_query());
        let scenario = RwSignal::new(initial);
        State {
            scenario,
            report: Memo::new(move |_| scenario.with(cached_evaluate)),
            choice: Memo::new(move |_| {
                scenario.with(|s| Choice {
                    machine: s.machine,
                    pattern: s.pattern,
                    model: s.model,
                })
            }),
            problems: RwSignal::new(problems),
            scale: RwSignal::new(Scale::default()),
            repaint: RwSignal::new(0),
        }
    }

    /// Applies an edit through the core; a rejection keeps the scenario and shows why.
    pub fn edit(&self, edit: Edit) {
        let current = self.scenario.get_untracked();
        let outcome = edit::apply(&current, edit);
        let problems = self
            .problems
            .with_untracked(|p| after_edit(p, edit.key(), &outcome));
        if self.problems.with_untracked(|p| *p != problems) {
            self.problems.set(problems);
        }
        match outcome {
            Ok(next) if next != current => {
                // The scenario changes only here, so the address bar follows it from here.
                dom::replace_query(next.to_query());
                self.scenario.set(next);
            }
            _ => self.repaint.update(|n| *n += 1),
        }
        AFTER_EDIT.with(|a| {
            if let Some(f) = a.borrow().as_ref() {
                f();
            }
        });
    }
}
