//! The machine picker: the catalog grouped by paper, then the fitted machines kept in this
//! browser (and the one the address names), with the chosen machine's description and source
//! beside it. A fitted machine is the `custom` machine with its fitted parameters, named by the
//! page's `fitted` key. Written as HTML, in the pickers' panel (`Pickers`).

use std::sync::Arc;

use leptos::prelude::*;

use crate::controls::{machine_groups, paper_label};
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

/// Opens the picker's choice: a fitted machine by its parameters and name, or a catalog one.
fn choose(state: State, value: &str, list: &[Saved]) {
    if let Some(i) = value.strip_prefix(PICKER_PREFIX) {
        let Some(entry) = i.parse::<usize>().ok().and_then(|i| list.get(i)) else {
            return;
        };
        match state.scenario.with_untracked(|s| chosen_scenario(entry, s)) {
            Ok(next) => {
                state.scenario.set(next);
                state.update_page(|p| p.fitted = Some(entry.name.clone()));
            }
            Err(e) => state.note.set(Some(e)),
        }
        return;
    }
    // Leaving the fitted machine drops its name (`State::apply`).
    state.edit(Edit::Switch("machine", value));
}

/// The machine picker's state: the fitted machines kept in this browser.
#[derive(Clone)]
pub struct Machines {
    state: State,
    kept: Arc<[Saved]>,
}

impl Machines {
    /// Reads the kept fitted machines once, as the page opens, with `kept` (`app::Views`).
    pub fn new(state: State, kept: fn(bool) -> Vec<Saved>) -> Machines {
        let kept = kept(state.page.with_untracked(|p| p.embed)).into();
        Machines { state, kept }
    }

    /// The fitted machines listed. Not a memo: the list is short, and a memo's code for its
    /// type would be in the calculator's module, whose list is always empty (`app::Views`).
    fn fitted(&self) -> Vec<Saved> {
        let named = self.state.page.with(|p| p.fitted.clone());
        entries(self.state, &self.kept, named)
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
        let cite = if named.is_some() {
            "fitted to your measurements; the parameters are in the address".to_string()
        } else if machine.paper.is_empty() {
            "parameters of your own".to_string()
        } else {
            format!("source: paper {}", paper_label(machine.paper))
        };
        format!(
            "<div class=\"picker\"><label for=\"machine\">Machine</label><select id=\"machine\" aria-describedby=\"machine-about\">{}</select>\
             <p id=\"machine-about\" class=\"about\">{}<span class=\"cite\">{}</span></p></div>",
            options(all),
            esc(machine.description),
            esc(&cite)
        )
    }

    /// The machine chosen in the picker.
    pub fn chosen(&self, value: &str) {
        choose(self.state, value, &untrack(|| self.fitted()));
    }
}
