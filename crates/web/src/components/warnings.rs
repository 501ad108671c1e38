//! The report's warnings: where a result leaves what the papers measured.

use leptos::prelude::*;

use crate::dom::{self, Node};
use crate::html::items;
use crate::state::State;

/// `ul#warnings > li`, one per warning of the report.
#[component]
pub fn WarningList(
    /// The app state: its report's warnings.
    state: State,
) -> impl IntoView {
    let list = move || {
        state.report.with(|r| match r {
            Ok(r) => items(r.warnings.iter().map(|w| (None, w.as_str()))),
            Err(_) => String::new(),
        })
    };
    // Changed in place when a slider step changes a number in a warning (dom::html_follows).
    let ul = Node::new();
    dom::html_follows(ul, list);
    view! {
        <ul
            node_ref=ul
            id="warnings"
            class="messages warnings"
            aria-live="polite"
            aria-label="Warnings"
        ></ul>
    }
}
