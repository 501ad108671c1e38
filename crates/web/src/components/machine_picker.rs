//! The machine picker: the catalog grouped by paper, then the fitted machines kept in this
//! browser (and the one the address names), with the chosen machine's description and source
//! beside it. A fitted machine is the `custom` machine with its fitted parameters, named by the
//! page's `fitted` key. In the pickers' panel (`Pickers`).

use std::sync::Arc;

use commcalc_core::catalog::Machine;
use leptos::prelude::*;

use crate::controls::{machine_about, machine_groups};
use crate::edit::Edit;
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

    /// The fitted machines listed.
    fn fitted(&self) -> Vec<Saved> {
        (self.fitted.listed)(self.state, &self.kept)
    }

    /// `div.picker` with the `select#machine`, an option group per paper and one for the
    /// fitted machines, and the chosen machine's description and source.
    pub fn view(self) -> impl IntoView {
        let state = self.state;
        // The fitted machine on screen, by its name: the custom machine with the page's name.
        let named = Memo::new(move |_| {
            let custom = state.choice.with(|c| c.machine.id == "custom");
            state.page.with(|p| p.fitted.clone()).filter(|_| custom)
        });
        let listed = self.clone();
        let fitted = Memo::new(move |_| listed.fitted());
        let about = Memo::new(move |_| {
            let machine = state.choice.with(|c| c.machine);
            named.with(|n| machine_about(machine, n.as_deref()))
        });
        let machine = move |m: &'static Machine| {
            let chosen =
                move || named.with(Option::is_none) && state.choice.with(|c| c.machine.id == m.id);
            view! { <option value=m.id prop:selected=chosen>{m.name}</option> }
        };
        let group = move |(label, machines): (String, Vec<&'static Machine>)| {
            view! { <optgroup label=label>{machines.into_iter().map(machine).collect_view()}</optgroup> }
        };
        let entry = move |(i, f): (usize, Saved)| {
            let name = f.name.clone();
            let chosen = move || named.with(|n| n.as_deref() == Some(name.as_str()));
            view! { <option value=format!("{PICKER_PREFIX}{i}") prop:selected=chosen>{f.name}</option> }
        };
        view! {
            <div class="picker">
                <label for="machine">"Machine"</label>
                <select
                    id="machine"
                    aria-describedby="machine-about"
                    on:change=move |ev| self.chosen(&event_target_value(&ev))
                >
                    {machine_groups().into_iter().map(group).collect_view()}
                    <Show when=move || fitted.with(|f| !f.is_empty())>
                        <optgroup label="Fitted to your measurements">
                            <For
                                each=move || fitted.get().into_iter().enumerate()
                                key=|(i, f)| (*i, f.name.clone())
                                children=entry
                            />
                        </optgroup>
                    </Show>
                </select>
                <p id="machine-about" class="about">
                    {move || about.with(|a| a.0.clone())}
                    <span class="cite">{move || about.with(|a| a.1.clone())}</span>
                </p>
            </div>
        }
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
