//! The charts' scale: log-log or linear. App state, not part of the query, and changed only
//! here, so the options need no binding back from the state.

use leptos::prelude::*;

use crate::chart::Scale;
use crate::state::State;

/// `<select id="scale">` with `log` and `linear`.
#[component]
pub fn ScaleToggle(
    /// The app state: its chart scale.
    state: State,
) -> impl IntoView {
    view! {
        <span class="scale">
            <label for="scale">"Axes"</label>
            <select
                id="scale"
                on:change=move |ev| state.scale.set(Scale::from_id(&event_target_value(&ev)))
            >
                <option value="log" selected>"log–log"</option>
                <option value="linear">"linear"</option>
            </select>
        </span>
    }
}
