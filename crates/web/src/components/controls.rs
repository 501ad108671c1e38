//! The controls panel: one control per input the pattern takes and per parameter of the
//! machine's set, generated from the core's declarations. Also the pieces every control
//! shares: the reset button, the source text and the core's messages.

use leptos::prelude::*;

use commcalc_core::units::si;

use crate::components::{ChoiceControl, MeshControl, NumberControl};
use crate::controls::{controls, is_set, is_used, Control, Kind};
use crate::edit::Edit;
use crate::html::{esc, subscripts};
use crate::slider::plain;
use crate::state::State;

/// The inputs, then the parameters, each group in a fieldset.
#[component]
pub fn Controls(
    /// The app state: the controls follow the scenario's machine, pattern and model.
    state: State,
) -> impl IntoView {
    // An embedded page keeps only the controls its author chose (`show=`), in their order.
    let kept = state
        .page
        .with_untracked(|p| p.embed.then(|| p.show.clone()));
    let specs = Memo::new(move |_| {
        let all = state.scenario.with(controls);
        match &kept {
            Some(keys) => keys
                .iter()
                .filter_map(|k| all.iter().find(|c| c.key == k.as_str()).cloned())
                .collect(),
            None => all,
        }
    });
    let set_label = move || {
        state.scenario.with(|s| {
            s.machine
                .set(s.model)
                .map(|set| format!("{} parameters: {}", state.machine_name(s), set.label))
                .unwrap_or_default()
        })
    };
    let group = move |parameters: bool| {
        specs
            .get()
            .into_iter()
            .filter(|c| c.is_parameter == parameters)
            .map(|c| control_view(c, state))
            .collect_view()
    };
    let has =
        move |parameters: bool| specs.with(|s| s.iter().any(|c| c.is_parameter == parameters));
    view! {
        <div class="controls">
            <fieldset hidden=move || !has(false)>
                <legend>"Inputs"</legend>
                {move || group(false)}
            </fieldset>
            <fieldset hidden=move || !has(true)>
                <legend>{set_label}</legend>
                {move || group(true)}
            </fieldset>
        </div>
    }
}

fn control_view(control: Control, state: State) -> AnyView {
    match control.kind {
        Kind::Number { .. } => view! { <NumberControl control state/> }.into_any(),
        Kind::Choice(_) => view! { <ChoiceControl control state/> }.into_any(),
        Kind::Mesh => view! { <MeshControl control state/> }.into_any(),
    }
}

/// A value as the control's readout shows it: SI prefixes for bytes and times.
pub(super) fn readout(v: f64, unit: &str) -> String {
    match unit {
        "B" | "µs" | "µs/B" => si(v, unit),
        "" => String::new(),
        other => format!("{} {other}", plain(v)),
    }
}

/// The head of a control: its label, an optional readout, a note when the pattern does not
/// use it here, and the reset button.
pub(super) fn head(
    control: &Control,
    state: State,
    label_for: String,
    readout: Option<Signal<String>>,
) -> impl IntoView {
    let key = control.key;
    let unused = move || {
        state
            .report
            .with(|r| r.as_ref().map(|r| !is_used(r, key)).unwrap_or(false))
    };
    let set = move || state.scenario.with(|s| is_set(s, key));
    let reset_label = format!("Reset {} to {}", control.label, control.reset_to);
    view! {
        <div class="head">
            <label id=format!("label-{key}") for=label_for inner_html=subscripts(&control.label)></label>
            {readout.map(|r| view! { <output class="readout">{move || r.get()}</output> })}
            <span class="unused" hidden=move || !unused()>"not used here"</span>
            <button
                type="button"
                class="reset"
                class:is-set=set
                data-reset=""
                aria-label=reset_label.clone()
                title=reset_label
                on:click=move |_| state.edit(Edit::Reset(key))
            >
                "↺"
            </button>
        </div>
    }
}

/// The source and note, shown on hover and focus and read as the controls' description.
pub(super) fn about(control: &Control) -> impl IntoView {
    view! {
        <p class="about" id=format!("about-{}", control.key) role="tooltip">
            <strong>{control.name.clone()}</strong>
            " "
            {control.source.clone()}
        </p>
    }
}

/// The core's messages about this control's key: a rejected edit, a bad URL value, or why
/// the scenario does not evaluate; a `.error` paragraph only when there is one.
pub(super) fn messages(state: State, key: &'static str) -> impl IntoView {
    let html = move || {
        let mut list: Vec<String> = state.problems.with(|ps| {
            ps.iter()
                .filter(|p| p.key == key)
                .map(|p| esc(&p.message))
                .collect()
        });
        state.report.with(|r| {
            if let Err(e) = r {
                if e.key() == Some(key) {
                    list.push(esc(&e.to_string()));
                }
            }
        });
        if list.is_empty() {
            String::new()
        } else {
            format!(
                "<p class=\"error\" id=\"err-{key}\" role=\"alert\">{}</p>",
                list.join(" ")
            )
        }
    };
    view! { <div class="messages-slot" inner_html=html></div> }
}
