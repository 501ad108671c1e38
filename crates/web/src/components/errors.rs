//! The problems list: what was wrong with the URL or an edit, and why the scenario does not
//! evaluate, each naming its key.

use leptos::prelude::*;

use crate::dom::{self, Node};
use crate::html::items;
use crate::state::State;

/// `ul#errors > li[data-key]`; empty (and hidden) when all is well.
#[component]
pub fn ErrorList(
    /// The app state: its problems and the report's error.
    state: State,
) -> impl IntoView {
    let list = move || {
        let mut list: Vec<(String, String)> = state.problems.with(|ps| {
            ps.iter()
                .map(|p| (p.key.clone(), p.message.clone()))
                .collect()
        });
        state.report.with(|r| match r {
            // Not a problem: the full module, which costs it, is being loaded.
            Err(commcalc_core::Error::Elsewhere { .. }) | Ok(_) => {}
            Err(e) => list.push((e.key().unwrap_or("").to_string(), e.to_string())),
        });
        items(list.iter().map(|(k, m)| (Some(k.as_str()), m.as_str())))
    };
    // Written in place like the warnings (dom::html_follows): one copy of the code for both.
    let ul = Node::new();
    dom::html_follows(ul, list);
    view! {
        <ul
            node_ref=ul
            id="errors"
            class="messages errors"
            aria-live="polite"
            aria-label="Problems"
        ></ul>
    }
}
