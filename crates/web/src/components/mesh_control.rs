//! The mesh control: width and height fields, edited together as `mesh=WxH`.

use leptos::prelude::*;

use crate::components::controls::{about, head, messages};
use crate::controls::{current, Control, Current};
use crate::edit::Edit;
use crate::state::State;

/// `[data-control=mesh]` with `[data-part=w]` and `[data-part=h]` number fields.
#[component]
pub fn MeshControl(
    /// The mesh control's label and source.
    control: Control,
    /// The app state it reads and edits.
    state: State,
) -> impl IntoView {
    let key = control.key;
    let value = move || {
        state.scenario.with(|s| {
            state
                .report
                .with(|r| match current(s, r.as_ref().ok(), key) {
                    Current::Mesh(m) => m,
                    _ => None,
                })
        })
    };
    // A typed side with the other side as shown; the core checks the pair.
    let edit = move |part: usize, typed: String| {
        let (w, h) = value()
            .map(|(w, h)| (w.to_string(), h.to_string()))
            .unwrap_or_default();
        let mesh = if part == 0 {
            format!("{typed}x{h}")
        } else {
            format!("{w}x{typed}")
        };
        state.edit(Edit::Set(key, &mesh));
    };
    let side = move |part: usize| {
        value()
            .map(|(w, h)| if part == 0 { w } else { h }.to_string())
            .unwrap_or_default()
    };
    let described = format!("about-{key} err-{key}");
    view! {
        <div class="control" data-control=key title=control.source.clone()>
            {head(&control, state, "in-mesh-w".to_string(), None)}
            <div class="edit mesh">
                <label class="part" for="in-mesh-w">"W"</label>
                <input
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    id="in-mesh-w"
                    data-part="w"
                    aria-describedby=described.clone()
                    prop:value=move || side(0)
                    on:change=move |ev| edit(0, event_target_value(&ev))
                />
                <span aria-hidden="true">"×"</span>
                <label class="part" for="in-mesh-h">"H"</label>
                <input
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    id="in-mesh-h"
                    data-part="h"
                    aria-describedby=described
                    prop:value=move || side(1)
                    on:change=move |ev| edit(1, event_target_value(&ev))
                />
            </div>
            {about(&control)}
            {messages(state, key)}
        </div>
    }
}
