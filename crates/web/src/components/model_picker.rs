//! The parameter-set picker: the models a pattern may use on the machine, labelled as the
//! papers name the sets ("NX (hockney)", "MPI (hyperbolic)").

use leptos::prelude::*;

use crate::controls::model_choices;
use crate::edit::Edit;
use crate::html::{options, Opt};
use crate::state::State;

/// `<select id="model">` with the model's cost formula below it.
#[component]
pub fn ModelPicker(
    /// The app state: the picker shows the scenario's model and switches it.
    state: State,
) -> impl IntoView {
    let current = move || {
        let c = state.choice.get();
        (c.machine, c.pattern, c.model)
    };
    let list = move || {
        let (machine, pattern, model) = current();
        let choices = model_choices(machine, pattern);
        options([(
            None,
            choices
                .iter()
                .map(|(m, label)| Opt::new(m.id(), label, *m == model))
                .collect(),
        )])
    };
    view! {
        <div class="picker">
            <label for="model">"Parameter set"</label>
            <select
                id="model"
                aria-describedby="model-about"
                inner_html=list
                on:change=move |ev| state.edit(Edit::Switch("model", &event_target_value(&ev)))
            ></select>
            <p id="model-about" class="about">{move || current().2.formula()}</p>
        </div>
    }
}
