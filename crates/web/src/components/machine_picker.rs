//! The machine picker: the catalog grouped by paper, with the chosen machine's description
//! and source beside it.

use leptos::prelude::*;

use crate::controls::{machine_groups, paper_label};
use crate::edit::Edit;
use crate::html::{options, Opt};
use crate::state::State;

/// `<select id="machine">`, one `<optgroup>` per paper.
#[component]
pub fn MachinePicker(
    /// The app state: the picker shows the scenario's machine and switches it.
    state: State,
) -> impl IntoView {
    let machine = move || state.choice.get().machine;
    let list = move || {
        let current = machine().id;
        let groups = machine_groups();
        options(groups.iter().map(|(label, machines)| {
            let opts = machines
                .iter()
                .map(|m| Opt::new(m.id, m.name, m.id == current))
                .collect();
            (Some(label.as_str()), opts)
        }))
    };
    let cite = move || {
        let m = machine();
        if m.paper.is_empty() {
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
                on:change=move |ev| state.edit(Edit::Switch("machine", &event_target_value(&ev)))
            ></select>
            <p id="machine-about" class="about">
                {move || machine().description}
                <span class="cite">{cite}</span>
            </p>
        </div>
    }
}
