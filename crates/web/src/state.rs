//! The app's state: one scenario signal (the URL follows it), the report derived from it, the
//! problems to show, and the chart scale. Components read these and call `edit`.

use leptos::prelude::*;

use commcalc_core::catalog::Machine;
use commcalc_core::context::Engines;
use commcalc_core::patterns::PatternDef;
use commcalc_core::{Error, Model, Report, Scenario};

use crate::asked::Asked;
use crate::chart::Scale;
use crate::collectives::with_collective;
use crate::controls::TrafficControls;
use crate::dom::{self, Address};
use crate::edit::{self, after_edit, Edit};
use crate::page::{self, Page};
use crate::problem::{url_problems, Problem};
use crate::regime_charts::with_maps;
use crate::traffic::with_traffic;
use crate::view::View;

/// Where opening `view` moves a scenario it cannot show, and why; `None` where it can.
pub type Moved = fn(View, &Scenario, Option<&str>) -> Option<(Scenario, String)>;

/// The views' moves: the regimes view needs a machine with NBL parameters, the collectives
/// view a collective pattern, the traffic view the traffic pattern; each moves to the nearest
/// scenario that has what it needs. (An address that names such a scenario keeps it, and the
/// view says why it has nothing to show.) Only the full module has these views: the
/// calculator's module hands a view over to it with the scenario unmoved (`app::start` moves
/// it there), and so links none of their rules.
pub fn moved(view: View, s: &Scenario, fitted: Option<&str>) -> Option<(Scenario, String)> {
    match view {
        View::Regimes => with_maps(s, fitted),
        View::Collectives => with_collective(s, fitted),
        View::Traffic => with_traffic(s),
        _ => None,
    }
}

/// Signals shared by every component; `Copy`, so components take it by value.
#[derive(Clone, Copy)]
pub struct State {
    /// The scenario the pickers and controls edit: in the compare view, the compared scenario
    /// being edited.
    pub scenario: RwSignal<Scenario>,
    /// The view and what it shows besides the scenario; with the scenario, all the URL carries.
    pub page: RwSignal<Page>,
    /// Which of `page.compare` the scenario stands for (its entry there is stale while edited).
    pub active: RwSignal<usize>,
    /// The core's evaluation of the scenario; everything on the page is drawn from it.
    pub report: Memo<Result<Report, Error>>,
    /// How the module evaluates (`app::Views::report`): the report, and the check of an edit.
    evaluate: StoredValue<edit::Evaluate, LocalStorage>,
    /// Where a view opened from a tab moves the scenario (`app::Views::moved`).
    moved: Moved,
    /// The simulator's controls the module shows (`app::Views::traffic`).
    pub traffic: TrafficControls,
    /// The core's engines the module costs with (`app::Views::engines`), which the controls
    /// ask the core with.
    pub engines: Engines,
    /// The machine, pattern and model: what the pickers show and the controls are built
    /// from, which a slider does not change.
    pub choice: Memo<Choice>,
    /// Problems from the URL and from rejected edits, each with its key.
    pub problems: RwSignal<Vec<Problem>>,
    /// What the page changed on its own, and why (the regimes view moved to a scenario that
    /// has maps); cleared by the next edit or view.
    pub note: RwSignal<Option<String>>,
    /// The address bar, kept in step with the page, and whether a slider is held.
    pub address: Address,
    /// The page's channel to itself, by which the views drawn over several effects say they
    /// have repainted (`dom::Paints`).
    pub paints: dom::Paints,
    /// Whether the system asks for dark colours: one listener for the page, which every chart
    /// reads (a listener per chart would outlive the views that close).
    pub dark: ReadSignal<bool>,
    /// Bumped by an edit that leaves the scenario as it was (a slider step that rounds to the
    /// same value, a rejected value), so that the charts still repaint and report it. A
    /// `usize`, wrapping, as `active` is: a signal's code is compiled once per value type.
    pub repaint: RwSignal<usize>,
    /// What runs right after an edit changes the scenario (the charts' repaint), before the
    /// effects that follow the change ([`State::after_edit`]).
    after_edit: StoredValue<AfterEdit, LocalStorage>,
}

/// Every how many rows and columns the maps (the regime maps, the winner map) are computed
/// while a slider is held (`Address::slider_held`): a sixteenth of the cells, each standing for its
/// 4 × 4 block (`commcalc_core::grid`), so that a drag of α costs a frame's budget; the exact
/// maps are drawn when the slider is released.
pub const HELD_SAMPLE: usize = 4;

/// The scenario's machine, pattern and model.
#[derive(Clone, Copy, PartialEq)]
pub struct Choice {
    pub machine: &'static Machine,
    pub pattern: &'static PatternDef,
    pub model: Model,
}

/// What runs right after an edit, with the number its setter was given, and how many setters
/// there have been (the number of the next one).
#[derive(Default)]
struct AfterEdit {
    run: Option<(u64, Box<dyn Fn()>)>,
    sets: u64,
}

impl State {
    /// Writes what the person asked the calculator's module for into the address, which is
    /// all the full module gets (`lazy`). Nothing on the page follows it.
    pub fn ask(&self, asked: Asked) {
        self.page.update_untracked(|p| p.asked = Some(asked));
        self.write_url();
    }

    /// Takes what the calculator's module was asked for and handed over (`Page::asked`) if
    /// `wanted` says the caller does it; the key then leaves the address.
    pub fn take_asked(&self, wanted: impl Fn(Asked) -> bool) -> Option<Asked> {
        let asked = self
            .page
            .with_untracked(|p| p.asked)
            .filter(|a| wanted(*a))?;
        self.page.update_untracked(|p| p.asked = None);
        self.write_url();
        Some(asked)
    }

    /// How finely the maps are computed now: every [`HELD_SAMPLE`]-th row and column while a
    /// slider is held, every cell otherwise. Tracked, so that a release redraws them exactly.
    pub fn map_sample(&self) -> usize {
        if self.address.slider_held() {
            HELD_SAMPLE
        } else {
            1
        }
    }

    /// Sets what runs right after each edit, until the calling component is cleaned up (a
    /// view closed); a later setter replaces it.
    pub fn after_edit(&self, f: impl Fn() + 'static) {
        let after = self.after_edit;
        let id = after.try_update_value(|a| {
            a.sets += 1;
            a.run = Some((a.sets, Box::new(f)));
            a.sets
        });
        on_cleanup(move || {
            after.try_update_value(|a| {
                if a.run.as_ref().is_some_and(|(set, _)| Some(*set) == id) {
                    a.run = None;
                }
            });
        });
    }

    /// The state of a page opened on `initial`, whose report `evaluate` gives, whose views
    /// move the scenario as `moved` says, whose controls of the simulator are `traffic`'s and
    /// which costs with `engines` (the module's `app::Views::report`, `moved`, `traffic` and
    /// `engines`); the address bar gets its canonical query, and the app owns the address
    /// bar's state (a context for the charts).
    pub fn new(
        initial: Scenario,
        page: Page,
        problems: Vec<Problem>,
        (evaluate, moved, traffic, engines): (edit::Evaluate, Moved, TrafficControls, Engines),
    ) -> State {
        let (initial, page) = opened(initial, page);
        let evaluate = StoredValue::new_local(evaluate);
        // The charts of every view read whether a slider moves (`Address::waits`).
        let address = Address::new();
        provide_context(address);
        let scenario = RwSignal::new(initial);
        let active = RwSignal::new(page.edited);
        let page = RwSignal::new(page);
        let state = State {
            scenario,
            page,
            active,
            report: Memo::new(move |_| {
                let view = page.with(|p| p.view);
                scenario.with(|s| evaluate.with_value(|evaluate| evaluate(view, s)))
            }),
            evaluate,
            moved,
            traffic,
            engines,
            choice: Memo::new(move |_| {
                scenario.with(|s| Choice {
                    machine: s.machine,
                    pattern: s.pattern,
                    model: s.model,
                })
            }),
            problems: RwSignal::new(problems),
            note: RwSignal::new(None),
            repaint: RwSignal::new(0),
            address,
            paints: dom::Paints::new(),
            dark: dom::prefers_dark(),
            after_edit: StoredValue::new_local(AfterEdit::default()),
        };
        state.write_url();
        address.on_history(move |search| state.restore(&search));
        state
    }

    /// Opened from a tab, or given another machine, a view that cannot show the scenario moves
    /// to the nearest scenario it can, and says so ([`moved`], where the module has the view).
    /// True if it moved (the caller writes the address).
    pub fn move_for_view(&self) -> bool {
        let view = self.page.with_untracked(|p| p.view);
        let moved = self.page.with_untracked(|p| {
            self.scenario
                .with_untracked(|s| (self.moved)(view, s, p.fitted.as_deref()))
        });
        if let Some((next, why)) = moved {
            if self
                .scenario
                .with_untracked(|current| leaves_fitted(current, &next))
            {
                self.forget_fitted();
            }
            self.scenario.set(next);
            self.note.set(Some(why));
            return true;
        }
        false
    }

    /// Goes back to the page an address describes (Back or Forward in the browser): the same
    /// reading of the address as a page load, applied to the signals.
    fn restore(&self, search: &str) {
        let (page, query, mut problems) = page::parse(search);
        let (scenario, errors) = Scenario::from_query_lenient(&query);
        problems.extend(url_problems(&errors));
        let Some(initial) = scenario.or_else(|| Scenario::from_query("").ok()) else {
            return;
        };
        let (initial, page) = opened(initial, page);
        self.active.set(page.edited);
        self.page.set(page);
        self.scenario.set(initial);
        self.problems.set(problems);
        self.note.set(None);
    }

    /// Puts the page and scenario in the address bar, in place of the current entry.
    pub fn write_url(&self) {
        self.address.replace_query(self.query_untracked());
    }

    /// Puts an edit in the address bar as a history entry once it settles
    /// (`Address::edit_query`): Back undoes it. An embedded page replaces its entry instead: the
    /// history is the course page's, whose Back should leave it, not step through its embeds.
    fn write_edit(&self) {
        let query = self.query_untracked();
        if self.page.with_untracked(|p| p.embed) {
            self.address.replace_query(query);
        } else {
            self.address.edit_query(query);
        }
    }

    /// The address's query of the page as it is.
    fn query_untracked(&self) -> String {
        let page = self.page.with_untracked(|p| Page {
            compare: self.compared_untracked(),
            edited: self.active.get_untracked(),
            ..p.clone()
        });
        self.scenario.with_untracked(|s| page::print(&page, s))
    }

    /// The address's query for the page as it is, with `page` changed by `f` (the share
    /// dialog's variants: the full app, the embedded one).
    pub fn query_with(&self, f: impl FnOnce(&mut Page)) -> String {
        let mut page = self.page.get();
        page.compare = self.compared();
        page.edited = self.active.get();
        f(&mut page);
        self.scenario.with(|s| page::print(&page, s))
    }

    /// A link to this view in the full app (from an embedded page): the address without
    /// `embed` and `show`.
    pub fn full_link(&self) -> String {
        format!(
            "{}?{}",
            dom::page_address(),
            self.query_with(|p| {
                p.embed = false;
                p.show.clear();
            })
        )
    }

    /// The compared scenarios with the one being edited as it is now. Tracks both signals.
    pub fn compared(&self) -> Vec<Scenario> {
        let active = self.active.get();
        let current = self.scenario.get();
        self.page.with(|p| splice(&p.compare, active, current))
    }

    fn compared_untracked(&self) -> Vec<Scenario> {
        untrack(|| self.compared())
    }

    /// The machine's name as the page shows it: the fitted machine's own name where the
    /// scenario is the fitted (custom) machine, else the catalog's.
    pub fn machine_name(&self, s: &Scenario) -> String {
        self.page
            .with(|p| page::machine_label(p.fitted.as_deref(), s))
    }

    /// Drops the fitted machine's name: the scenario leaves the fitted machine (another machine,
    /// or another model whose parameters the fit did not give).
    fn forget_fitted(&self) {
        if self.page.with_untracked(|p| p.fitted.is_some()) {
            self.page.update(|p| p.fitted = None);
        }
    }

    /// Opens a view, with a new history entry, so that Back returns to the view before.
    /// Validate opens on the fitted machine's own points when the scenario is a fitted machine.
    pub fn open(&self, view: View) {
        let set = self
            .scenario
            .with_untracked(|s| self.page.with_untracked(|p| page::set_on_open(p, s)));
        self.page.update(|p| {
            p.view = view;
            if view == View::Validate {
                p.set = set;
            }
        });
        self.note.set(None);
        self.move_for_view();
        self.address.push_query(self.query_untracked());
    }

    /// The charts' axes: the page's, so that the address keeps them. Read from the page, not
    /// kept in a memo of their own: the page changes only when a view, a set or the compared
    /// scenarios do, never on a slider step, and a memo's code is compiled once per value type
    ///.
    pub fn scale(&self) -> Scale {
        self.page.with(|p| p.axes)
    }

    /// Changes what the page shows besides the scenario.
    pub fn update_page(&self, f: impl FnOnce(&mut Page)) {
        self.page.update(f);
        self.write_url();
    }

    /// Edits compared scenario `i`: the scenario being edited is stored, and `i` takes its place.
    pub fn edit_compared(&self, i: usize) {
        let list = self.compared_untracked();
        let Some(next) = list.get(i).cloned() else {
            return;
        };
        self.page.update(|p| p.compare = list);
        self.active.set(i);
        self.scenario.set(next);
        self.write_url();
    }

    /// Adds a copy of the scenario being edited to the comparison (up to its limit) and edits it.
    pub fn add_compared(&self) {
        let mut list = self.compared_untracked();
        if list.len() >= commcalc_core::compare::MAX_SCENARIOS {
            return;
        }
        list.push(self.scenario.get_untracked());
        let i = list.len() - 1;
        self.page.update(|p| p.compare = list);
        self.active.set(i);
        self.write_url();
    }

    /// Takes compared scenario `i` out (never the last one); the edited one stays edited.
    pub fn remove_compared(&self, i: usize) {
        let mut list = self.compared_untracked();
        if list.len() < 2 || i >= list.len() {
            return;
        }
        list.remove(i);
        let active = self.active.get_untracked();
        let next = if active > i || active == list.len() {
            active - 1
        } else {
            active
        };
        let edited = list[next].clone();
        self.page.update(|p| p.compare = list);
        self.active.set(next);
        if active == i {
            self.scenario.set(edited);
        }
        self.write_url();
    }

    /// Applies an edit through the core; a rejection keeps the scenario and shows why.
    pub fn edit(&self, edit: Edit) {
        let _timed = dom::timed("commcalc:edit");
        self.apply(edit);
    }

    /// The edit, the scenario's evaluation and what runs right after it (the charts).
    fn apply(&self, edit: Edit) {
        if self.note.with_untracked(Option::is_some) {
            self.note.set(None);
        }
        let current = self.scenario.get_untracked();
        let view = self.page.with_untracked(|p| p.view);
        let outcome = self
            .evaluate
            .with_value(|evaluate| edit::apply_in(evaluate, view, &current, edit));
        let problems = self
            .problems
            .with_untracked(|p| after_edit(p, edit.key(), &outcome));
        if self.problems.with_untracked(|p| *p != problems) {
            self.problems.set(problems);
        }
        match outcome {
            Ok(next) if next != current => {
                if leaves_fitted(&current, &next) {
                    self.forget_fitted();
                }
                if self
                    .page
                    .with_untracked(|p| p.embed && p.view == View::Compare)
                {
                    self.edit_every_compared(edit);
                }
                self.scenario.set(next);
                self.write_edit();
            }
            _ => self.repaint.update(|n| *n = n.wrapping_add(1)),
        }
        self.after_edit.try_with_value(|a| {
            if let Some((_, f)) = &a.run {
                f();
            }
        });
    }

    /// An embedded comparison has no Edit buttons: a control its author kept moves every
    /// compared scenario that takes the edit (the one marked as edited is the scenario itself),
    /// not only the one that happens to be marked. A scenario that refuses it stays as it is.
    fn edit_every_compared(&self, edit: Edit) {
        let active = self.active.get_untracked();
        let list: Vec<Scenario> = self.page.with_untracked(|p| {
            p.compare
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    if i == active {
                        return s.clone();
                    }
                    self.evaluate
                        .with_value(|evaluate| edit::apply_in(evaluate, View::Compare, s, edit))
                        .unwrap_or_else(|_| s.clone())
                })
                .collect()
        });
        self.page.update(|p| p.compare = list);
    }
}

/// Whether going from `current` to `next` leaves a fitted machine: its parameters are a custom
/// machine's for one model, so another machine or another model is no longer the fit.
fn leaves_fitted(current: &Scenario, next: &Scenario) -> bool {
    let custom = |s: &Scenario| (s.machine.id == "custom").then_some(s.model);
    custom(current).is_some() && custom(next) != custom(current)
}

/// The scenario a page opens on and its page: in the compare view, the compared scenario being
/// edited; the comparison starts from the scenario if it has none.
fn opened(initial: Scenario, mut page: Page) -> (Scenario, Page) {
    let initial = match page.compare.get(page.edited) {
        Some(edited) if page.view == View::Compare => edited.clone(),
        _ => initial,
    };
    if page.compare.is_empty() {
        page.compare.push(initial.clone());
    }
    (initial, page)
}

/// `list` with entry `i` replaced by `current`.
fn splice(list: &[Scenario], i: usize, current: Scenario) -> Vec<Scenario> {
    let mut out = list.to_vec();
    match out.get_mut(i) {
        Some(slot) => *slot = current,
        None => out.push(current),
    }
    out
}
