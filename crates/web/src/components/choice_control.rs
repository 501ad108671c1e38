//! A choice control (algorithm, f(L) set, link unit time): a select of the ids the pattern
//! declares.

use leptos::prelude::*;

use crate::components::controls::{about, head, messages};
use crate::controls::{current, Control, Current, Kind};
use crate::edit::Edit;
use crate::html::{options, Opt};
use crate::state::State;

/// One choice input, `[data-control=<key>]` with a `<select>`.
#[component]
pub fn ChoiceControl(
    /// What the control edits and its options, from the declarations.
    control: Control,
    /// The app state it reads and edits.
    state: State,
) -> impl IntoView {
    let key = control.key;
    let choices = match &control.kind {
        Kind::Choice(o) => o.clone(),
        _ => Vec::new(),
    };
    let value = move || {
        state.scenario.with(|s| {
            state
                .report
                .with(|r| match current(s, r.as_ref().ok(), key) {
                    Current::Text(t) => t,
                    _ => None,
                })
        })
    };
    // Only rebuilt when the choice changes, not on every edit elsewhere.
    let list = Memo::new(move |_| {
        let v = value();
        options([(
            None,
            choices
                .iter()
                .map(|(id, label)| Opt::new(id, label, v.as_deref() == Some(*id)))
                .collect(),
        )])
    });
    let field_id = format!("in-{key}");
    view! {
        <div class="control" data-control=key title=control.source.clone()>
            {head(&control, state, field_id.clone(), None)}
            <div class="edit">
                <select
                    id=field_id
                    aria-describedby=format!("about-{key} err-{key}")
                    inner_html=list
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        // Another spatial model drops the old one's keys (radius, phi, decay).
                        state.edit(if key == "spatial" { Edit::Switch(key, &v) } else { Edit::Set(key, &v) })
                    }
                ></select>
            </div>
            {about(&control)}
            {messages(state, key)}
        </div>
    }
}
