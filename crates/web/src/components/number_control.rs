//! A number control: a slider (log-scaled where the range spans decades) and a field with its
//! unit; a list (`Kind::List`) is the field alone, holding the list as typed. The slider edits live on `input`, the field on `change`; both go through the core,
//! whose query language parses the field's text (suffixes included).

use leptos::prelude::*;

use crate::components::controls::{about, head, messages, readout};
use crate::controls::{current, Control, Current, Kind};
use crate::dom;
use crate::edit::Edit;
use crate::slider::{plain, STEPS};
use crate::state::State;

/// One numeric input or parameter, `[data-control=<key>]`.
#[component]
pub fn NumberControl(
    /// What the control edits, its label, unit, slider and source, from the declarations.
    control: Control,
    /// The app state it reads and edits.
    state: State,
) -> impl IntoView {
    let key = control.key;
    let unit = control.unit;
    let slider = match control.kind {
        Kind::Number { slider } => slider,
        _ => None,
    };
    // The value, its readout and the field's text are memos: every control reads the whole
    // scenario and report, so without them each input would format every control's number
    // once per binding (readout, aria-valuetext, slider position, field), although a slider
    // changes one of them.
    let value = Memo::new(move |_| {
        state.scenario.with(|s| {
            state
                .report
                .with(|r| match current(s, r.as_ref().ok(), key) {
                    Current::Number(v) => v,
                    _ => None,
                })
        })
    });
    let shown: Signal<String> =
        Memo::new(move |_| value.get().map(|v| readout(v, unit)).unwrap_or_default()).into();
    let field = Memo::new(move |_| field_text(state, key));
    let field_id = format!("in-{key}");
    let described = format!("about-{key} err-{key}");
    let range = slider.map(|sl| {
        view! {
            <input
                type="range"
                min="0"
                max=STEPS.to_string()
                step="1"
                aria-labelledby=format!("label-{key}")
                aria-describedby=described.clone()
                aria-valuetext=move || shown.get()
                prop:value=move || value.get().map(|v| sl.position(v)).unwrap_or(0).to_string()
                on:input=move |ev| {
                    if let Ok(pos) = event_target_value(&ev).parse::<u32>() {
                        dom::sliding(|| state.edit(Edit::Set(key, &plain(sl.value(pos)))));
                    }
                }
                // Released: the address takes the value now rather than after the pause.
                on:change=move |_| dom::flush_url()
            />
        }
    });
    view! {
        <div class="control" data-control=key title=control.source.clone()>
            {head(&control, state, field_id.clone(), (!unit.is_empty()).then_some(shown))}
            <div class="edit">
                {range}
                <span class="field">
                    // A text field: the core parses what is typed, so "12.7k" is 12,700 B
                    // and "12.7x" is refused with the query language's message (a number
                    // field would drop the letter and take 12.7 in silence).
                    <input
                        type="text"
                        data-part="number"
                        id=field_id
                        autocomplete="off"
                        spellcheck="false"
                        placeholder="default"
                        aria-describedby=described.clone()
                        prop:value=field
                        on:change=move |ev| state.edit(Edit::Set(key, &event_target_value(&ev)))
                    />
                    <span class="unit">{unit}</span>
                </span>
            </div>
            {about(&control)}
            {messages(state, key)}
        </div>
    }
}

/// The field's text: the number, or a list as the query gives it (`Kind::List`).
fn field_text(state: State, key: &'static str) -> String {
    state.scenario.with(|s| {
        state
            .report
            .with(|r| match current(s, r.as_ref().ok(), key) {
                Current::Number(v) => v.map(plain).unwrap_or_default(),
                Current::Text(t) => t.unwrap_or_default(),
                Current::Mesh(_) => String::new(),
            })
    })
}
