//! The machine picker: the catalog grouped by paper, then the fitted machines kept in this
//! browser (and the one the address names), with the chosen machine's description and source
//! beside it. A fitted machine is the `custom` machine with its fitted parameters, named by the
//! page's `fitted` key. Written as HTML, in the pickers' panel (`Pickers`).

use std::sync::Arc;

use leptos::prelude::*;

use crate::controls::{machine_about, machine_groups};
use crate::edit::Edit;
use crate::html::{esc, options, Opt};
use crate::import::{chosen_scenario, picker_entries, Saved, PICKER_PREFIX};
use crate::state::State;

/// The fitted machines listed: the kept ones and the one the address names, when the machine
/// on screen is the custom one. Tracks the name and the machine only (not every slider step).
fn entries(state: State, kept: &[Saved], named: Option<String>) -> Vec<Saved> {
    let custom = state.choice.with(|c| c.machine.id == "custom");
    let named = named
        .filter(|_| custom)
        .map(|name| Saved::unmeasured(name, state.scenario.with_untracked(|s| s.to_query())));
    picker_entries(kept, named)
}

/// Opens the fitted machine the picker's `value` names, by its parameters and name; false
/// for a catalog machine's value.
fn choose_fitted(state: State, value: &str, list: &[Saved]) -> bool {
    let Some(i) = value.strip_prefix(PICKER_PREFIX) else {
        return false;
    };
    let Some(entry) = i.parse::<usize>().ok().and_then(|i| list.get(i)) else {
        return true;
    };
    match state.scenario.with_untracked(|s| chosen_scenario(entry, s)) {
        Ok(next) => {
            state.scenario.set(next);
            state.update_page(|p| p.fitted = Some(entry.name.clone()));
        }
        Err(e) => state.note.set(Some(e)),
    }
    true
}

/// The picker's fitted machines: those kept in this browser (`kept`, read once as the page
/// opens; none when embedded), the list shown, and opening one of them. The full module's
/// ([`Fitted::KEPT`]); the calculator's module has none ([`Fitted::NONE`]), since the page's
/// loader starts the full module for a browser that keeps fitted machines and for an address
/// that names one (`app::Views`), and so links none of their code.
#[derive(Clone, Copy)]
pub struct Fitted {
    kept: fn(bool) -> Vec<Saved>,
    listed: fn(State, &[Saved]) -> Vec<Saved>,
    chosen: fn(State, &str, &[Saved]) -> bool,
}

impl Fitted {
    pub const NONE: Fitted = Fitted {
        kept: |_| Vec::new(),
        listed: |_, _| Vec::new(),
        chosen: |_, _, _| false,
    };

    pub const KEPT: Fitted = Fitted {
        kept: |embed| super::import_view::kept_machines(embed).0,
        listed: |state, kept| entries(state, kept, state.page.with(|p| p.fitted.clone())),
        chosen: choose_fitted,
    };
}

/// The machine picker's state: the fitted machines kept in this browser.
#[derive(Clone)]
pub struct Machines {
    state: State,
    kept: Arc<[Saved]>,
    fitted: Fitted,
}

impl Machines {
    /// Reads the kept fitted machines once, as the page opens (`app::Views`).
    pub fn new(state: State, fitted: Fitted) -> Machines {
        let kept = (fitted.kept)(state.page.with_untracked(|p| p.embed)).into();
        Machines {
            state,
            kept,
            fitted,
        }
    }

    /// The fitted machines listed. Not a memo: the list is short, and a memo's code for its
    /// type would be in the calculator's module, whose list is always empty (`app::Views`).
    fn fitted(&self) -> Vec<Saved> {
        (self.fitted.listed)(self.state, &self.kept)
    }

    /// `div.picker` with `<select id="machine">`, one `<optgroup>` per paper and one for the
    /// fitted machines, and the chosen machine's description and source.
    pub fn html(&self) -> String {
        let state = self.state;
        let machine = state.choice.get().machine;
        let named = state
            .page
            .with(|p| p.fitted.clone())
            .filter(|_| machine.id == "custom");
        let fitted = self.fitted();
        let values: Vec<String> = (0..fitted.len())
            .map(|i| format!("{PICKER_PREFIX}{i}"))
            .collect();
        let mut all: Vec<(Option<&str>, Vec<Opt>)> = Vec::new();
        let groups = machine_groups();
        for (label, machines) in &groups {
            let opts = machines
                .iter()
                .map(|m| Opt::new(m.id, m.name, m.id == machine.id && named.is_none()))
                .collect();
            all.push((Some(label.as_str()), opts));
        }
        let opts = fitted
            .iter()
            .zip(&values)
            .map(|(f, v)| Opt::new(v, &f.name, named.as_deref() == Some(f.name.as_str())))
            .collect::<Vec<_>>();
        if !opts.is_empty() {
            all.push((Some("Fitted to your measurements"), opts));
        }
        let (about, cite) = machine_about(machine, named.as_deref());
        format!(
            "<div class=\"picker\"><label for=\"machine\">Machine</label><select id=\"machine\" aria-describedby=\"machine-about\">{}</select>\
             <p id=\"machine-about\" class=\"about\">{}<span class=\"cite\">{}</span></p></div>",
            options(all),
            esc(&about),
            esc(&cite)
        )
    }

    /// The machine chosen in the picker: a fitted one, or one of the catalog. Leaving the
    /// fitted machine drops its name (`State::apply`); a view that cannot show the machine's
    /// scenario moves it (`State::move_for_view`).
    pub fn chosen(&self, value: &str) {
        if !(self.fitted.chosen)(self.state, value, &untrack(|| self.fitted())) {
            self.state.edit(Edit::Switch("machine", value));
        }
        // The view keeps showing something: a fitted machine's own pattern (ping-pong) in
        // Collectives moves to a collective on that machine, and says so.
        if self.state.move_for_view() {
            self.state.write_url();
        }
    }
}
