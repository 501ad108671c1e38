//! The report's warnings: where a result leaves what the papers measured.

use leptos::prelude::*;

use crate::state::State;

/// `ul#warnings > li`, one per warning of the report. Each item stays in its place while the
/// report changes: a slider step that changes a number in a warning changes its text.
#[component]
pub fn WarningList(
    /// The app state: its report's warnings.
    state: State,
) -> impl IntoView {
    let list = Memo::new(move |_| {
        state
            .report
            .with(|r| r.as_ref().map(|r| r.warnings.clone()).unwrap_or_default())
    });
    view! {
        <ul id="warnings" class="messages warnings" aria-live="polite" aria-label="Warnings">
            <For each=move || 0..list.with(Vec::len) key=|i| *i let:i>
                <li>{move || list.with(|l| l.get(i).cloned().unwrap_or_default())}</li>
            </For>
        </ul>
    }
}
