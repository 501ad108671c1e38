//! "What am I looking at?": the idea, formula, assumptions and source of the scenario's
//! pattern and model, so that a page opened from a link explains itself.

use leptos::prelude::*;

use crate::explain::panel;
use crate::state::State;

/// `details#explain`, closed at first: one section for the pattern (`#explain-pattern`) and one
/// for the model (`#explain-model`). It follows the pickers, not the sliders.
#[component]
pub fn ExplainPanel(
    /// The app state: its choice of pattern and model.
    state: State,
) -> impl IntoView {
    let body = move || {
        let c = state.choice.get();
        panel(c.pattern, c.model)
    };
    view! {
        <details class="explain panel" id="explain">
            <summary>"What am I looking at?"</summary>
            <div class="explain-body" inner_html=body></div>
        </details>
    }
}
