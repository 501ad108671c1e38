//! The parameter-set picker: the models a pattern may use on the machine, labelled as the
//! papers name the sets ("NX (hockney)", "MPI (hyperbolic)"). In the pickers' panel
//! (`Pickers`).

use leptos::prelude::*;

use crate::edit::Edit;
use crate::picker::{model_options, ModelOption};
use crate::state::State;

/// `div.picker` with `<select id="model">` and the model's cost formula below it.
#[component]
pub fn ModelPicker(
    /// The app state: the scenario's machine, pattern and model.
    state: State,
) -> impl IntoView {
    let choices = Memo::new(move |_| state.choice.with(|c| model_options(c.machine, c.pattern)));
    let option = move |o: ModelOption| {
        let id = o.id;
        view! {
            <option value=id prop:selected=move || state.choice.with(|c| c.model.id() == id)>
                {o.label}
            </option>
        }
    };
    view! {
        <div class="picker">
            <label for="model">"Parameter set"</label>
            <select
                id="model"
                aria-describedby="model-about"
                on:change=move |ev| state.edit(Edit::Switch("model", &event_target_value(&ev)))
            >
                <For each=move || choices.get() key=|o| o.clone() children=option/>
            </select>
            <p id="model-about" class="about">
                {move || state.choice.with(|c| c.model.formula())}
            </p>
        </div>
    }
}
