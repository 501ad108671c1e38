//! The machine picker: the catalog grouped by paper, then the fitted machines kept in this
//! browser (and the one the address names), with the chosen machine's description and source
//! beside it. A fitted machine is the `custom` machine with its fitted parameters, named by the
//! page's `fitted` key.

use leptos::prelude::*;

use super::import_view::kept_machines;
use crate::controls::{machine_groups, paper_label};
use crate::edit::Edit;
use crate::html::{options, Opt};
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

/// `<select id="machine">`, one `<optgroup>` per paper and one for the fitted machines.
#[component]
pub fn MachinePicker(
    /// The app state: the picker shows the scenario's machine and switches it.
    state: State,
) -> impl IntoView {
    let kept = kept_machines(state.page.with_untracked(|p| p.embed)).0;
    let machine = move || state.choice.get().machine;
    let named = Memo::new(move |_| state.page.with(|p| p.fitted.clone()));
    let fitted = Memo::new(move |_| entries(state, &kept, named.get()));
    let list = move || {
        let current = machine().id;
        let named = state
            .page
            .with(|p| p.fitted.clone())
            .filter(|_| current == "custom");
        let groups = machine_groups();
        let fitted = fitted.get();
        let values: Vec<String> = (0..fitted.len())
            .map(|i| format!("{PICKER_PREFIX}{i}"))
            .collect();
        let mut all: Vec<(Option<&str>, Vec<Opt>)> = groups
            .iter()
            .map(|(label, machines)| {
                let opts = machines
                    .iter()
                    .map(|m| Opt::new(m.id, m.name, m.id == current && named.is_none()))
                    .collect();
                (Some(label.as_str()), opts)
            })
            .collect();
        let opts = fitted
            .iter()
            .zip(&values)
            .map(|(f, v)| Opt::new(v, &f.name, named.as_deref() == Some(f.name.as_str())))
            .collect::<Vec<_>>();
        if !opts.is_empty() {
            all.push((Some("Fitted to your measurements"), opts));
        }
        options(all)
    };
    let cite = move || {
        let m = machine();
        if named.with(Option::is_some) && m.id == "custom" {
            "fitted to your measurements; the parameters are in the address".to_string()
        } else if m.paper.is_empty() {
            "parameters of your own".to_string()
        } else {
            format!("source: paper {}", paper_label(m.paper))
        }
    };
    view! {
        <div class="picker">
            <label for="machine">"Machine"</label>
            <select
                id="machine"
                aria-describedby="machine-about"
                inner_html=list
                on:change=move |ev| fitted.with_untracked(|f| choose(state, &event_target_value(&ev), f))
            ></select>
            <p id="machine-about" class="about">
                {move || machine().description}
                <span class="cite">{cite}</span>
            </p>
        </div>
    }
}
