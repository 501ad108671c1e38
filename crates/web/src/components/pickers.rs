//! The scenario's pickers: machine, pattern and parameter set, one panel that follows the
//! machine, pattern and model.

use leptos::prelude::*;

use super::machine_picker::{Fitted, Machines};
use super::model_picker::ModelPicker;
use super::pattern_picker::PatternPicker;
use crate::state::State;

/// `div.pickers` with the machine, pattern and model pickers.
#[component]
pub fn Pickers(
    /// The app state: the pickers show the scenario's machine, pattern and model and switch them.
    state: State,
    /// The fitted machines the machine picker lists (`app::Views`).
    fitted: Fitted,
) -> impl IntoView {
    let machines = Machines::new(state, fitted);
    view! {
        <div class="pickers">
            {machines.view()}
            <PatternPicker state/>
            <ModelPicker state/>
        </div>
    }
}
