//! The problems list: what was wrong with the URL or an edit, and why the scenario does not
//! evaluate, each naming its key.

use leptos::prelude::*;

use crate::problem::listed;
use crate::state::State;

/// `ul#errors > li[data-key]`; empty (and hidden) when all is well. Each item stays in its
/// place while the problems change, its key and text following them (`problem::listed`).
#[component]
pub fn ErrorList(
    /// The app state: its problems and the report's error.
    state: State,
) -> impl IntoView {
    let list = Memo::new(move |_| {
        state
            .problems
            .with(|ps| state.report.with(|r| listed(ps, r.as_ref())))
    });
    let at = move |i: usize| list.with(|l| l.get(i).cloned().unwrap_or_default());
    view! {
        <ul id="errors" class="messages errors" aria-live="polite" aria-label="Problems">
            <For each=move || 0..list.with(Vec::len) key=|i| *i let:i>
                <li data-key=move || at(i).key>{move || at(i).message}</li>
            </For>
        </ul>
    }
}
