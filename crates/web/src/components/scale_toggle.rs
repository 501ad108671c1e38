//! The charts' axes: log–log, log–linear or linear. Kept in the address (`axes=`), so a reload
//! or a shared link shows the same axes.

use leptos::prelude::*;

use crate::chart::Scale;
use crate::state::State;

/// `span.scale` with `<select id="scale">`, one option per [`Scale`].
#[component]
pub fn ScaleToggle(
    /// The app state: its chart axes.
    state: State,
) -> impl IntoView {
    // Each option says whether it is chosen (`prop:selected`): the select's own `value` would
    // be set before its options are in it, and the first option would show.
    let option = move |s: Scale| {
        view! {
            <option value=s.id() prop:selected=move || state.scale() == s>
                {s.title()}
            </option>
        }
    };
    view! {
        <span class="scale">
            <label for="scale">"Axes"</label>
            <select
                id="scale"
                on:change=move |ev| {
                    if let Some(s) = Scale::from_id(&event_target_value(&ev)) {
                        state.update_page(|p| p.axes = s);
                    }
                }
            >
                {Scale::ALL.map(option).collect_view()}
            </select>
        </span>
    }
}
