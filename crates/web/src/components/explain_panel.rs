//! "What am I looking at?": the idea, formula, assumptions and source of the scenario's
//! pattern and model, so that a page opened from a link explains itself.

use leptos::prelude::*;

use crate::derived::panel_formulas;
use crate::dom::{self, Node};
use crate::explain::panel;
use crate::state::State;

/// `details#explain`, closed at first: one section for the pattern (`#explain-pattern`) with
/// its formulas under the scenario's model, and one for the model (`#explain-model`). It
/// follows the scenario's report: a slider that changes no formula leaves it as it is.
#[component]
pub fn ExplainPanel(
    /// The app state: its choice of pattern and model.
    state: State,
) -> impl IntoView {
    let body = Memo::new(move |_| {
        let c = state.choice.get();
        let formulas = state
            .report
            .with(|r| r.as_ref().map(panel_formulas).unwrap_or_default());
        panel(c.pattern, c.model, &formulas)
    });
    // A slider step changes a few numbers in the formulas: changed in place (dom::html_follows).
    let node = Node::new();
    dom::html_follows(node, move || body.get());
    view! {
        <details class="explain panel" id="explain">
            <summary>"What am I looking at?"</summary>
            <div class="explain-body" node_ref=node></div>
        </details>
    }
}
