//! The charts' axes: log–log, log–linear or linear. Kept in the address (`axes=`), so a reload
//! or a shared link shows the same axes.

use leptos::prelude::*;

use crate::chart::Scale;
use crate::state::State;

/// `<select id="scale">` with one option per [`Scale`].
#[component]
pub fn ScaleToggle(
    /// The app state: its chart axes.
    state: State,
) -> impl IntoView {
    let options = Scale::ALL
        .map(|s| {
            view! {
                <option value=s.id() selected=move || state.scale.get() == s>
                    {s.title()}
                </option>
            }
        })
        .into_iter()
        .collect::<Vec<_>>();
    view! {
        <span class="scale">
            <label for="scale">"Axes"</label>
            <select
                id="scale"
                prop:value=move || state.scale.get().id()
                on:change=move |ev| {
                    if let Some(s) = Scale::from_id(&event_target_value(&ev)) {
                        state.set_axes(s);
                    }
                }
            >
                {options}
            </select>
        </span>
    }
}
