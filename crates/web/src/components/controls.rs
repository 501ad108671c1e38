//! The controls panel: one control per input the pattern takes and per parameter of the
//! machine's set, generated from the core's declarations (`controls`). A number control is a
//! slider (log-scaled where the range spans decades) and a field with its unit, a list the
//! field alone, a choice a select, the mesh two fields; each has its reset button, source text
//! and the core's messages about its key. A control's element stays while the scenario
//! changes (`controls::Form`): a slider step changes its position, readout and field, and the
//! texts that follow the value, in place.

use leptos::prelude::*;

use crate::controls::{collective_facts, controls, label_parts, shown, Control, Form, Kind};
use crate::edit::Edit;
use crate::slider::{plain, STEPS};
use crate::state::State;

/// A label as the papers typeset it (`controls::label_parts`: `t_st` is t with st as a
/// subscript).
pub fn symbol(label: &str) -> impl IntoView {
    label_parts(label)
        .into_iter()
        .map(|(text, sub)| match sub {
            true => view! { <sub>{text}</sub> }.into_any(),
            false => text.into_any(),
        })
        .collect_view()
}

/// `div.controls`: the inputs, then the parameters, each group in a fieldset; the curve's
/// range only in a view that draws the curve ([`crate::view::View::draws_curve`]).
#[component]
pub fn Controls(
    /// The app state: the controls follow the scenario's machine, pattern and model.
    state: State,
) -> impl IntoView {
    // An embedded page keeps only the controls its author chose (`show=`), in their order.
    let kept = state
        .page
        .with_untracked(|p| p.embed.then(|| p.show.clone()));
    let curve = Memo::new(move |_| state.page.with(|p| p.view.draws_curve()));
    let specs = Memo::new(move |_| {
        let mut all = state
            .scenario
            .with(|s| controls(s, state.traffic, state.engines));
        if !curve.get() {
            all.retain(|c| !matches!(c.key, "from" | "to"));
        }
        match &kept {
            Some(keys) => keys
                .iter()
                .filter_map(|k| all.iter().find(|c| c.key == k.as_str()).cloned())
                .collect(),
            None => all,
        }
    });
    let set_label = Signal::derive(move || {
        state.scenario.with(|s| {
            s.machine
                .set(s.model)
                .map(|set| format!("{} parameters: {}", state.machine_name(s), set.label))
                .unwrap_or_default()
        })
    });
    view! {
        <div class="controls">
            <Group state specs parameters=false legend=Signal::stored("Inputs".to_string())/>
            <Group state specs parameters=true legend=set_label/>
        </div>
        <CollectiveFacts state/>
    }
}

/// A fieldset of controls, the inputs or the parameters, hidden when it has none.
#[component]
fn Group(
    /// The app state.
    state: State,
    /// The controls shown, inputs and parameters.
    specs: Memo<Vec<Control>>,
    /// Whether this is the machine's parameters (else the pattern's inputs).
    parameters: bool,
    /// The fieldset's legend.
    legend: Signal<String>,
) -> impl IntoView {
    let group = move || {
        specs.with(|s| {
            s.iter()
                .filter(|c| c.is_parameter == parameters)
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    view! {
        <fieldset hidden=move || specs.with(|s| !s.iter().any(|c| c.is_parameter == parameters))>
            <legend>{move || legend.get()}</legend>
            <For each=group key=|c| (c.key, c.form()) let:control>
                <ControlBox state specs control/>
            </For>
        </fieldset>
    }
}

/// `div.control[data-control]`: its head, what edits it, its source (shown on hover and focus
/// and read as its description) and the core's messages about its key.
#[component]
fn ControlBox(
    /// The app state.
    state: State,
    /// The controls shown, where this one's texts and slider follow the scenario.
    specs: Memo<Vec<Control>>,
    /// The control as it came: its key and form stay.
    control: Control,
) -> impl IntoView {
    let key = control.key;
    let form = control.form();
    // The control as the scenario has it now (its texts, its slider's range); the last one
    // while the panel drops it.
    let control = Memo::new(move |last: Option<&Control>| {
        specs
            .with(|s| s.iter().find(|c| c.key == key).cloned())
            .or_else(|| last.cloned())
            .unwrap_or_else(|| control.clone())
    });
    let now = Memo::new(move |_| {
        control.with(|c| {
            state.scenario.with(|s| {
                state.report.with(|r| {
                    state
                        .problems
                        .with(|p| shown(c, s, r.as_ref(), p, state.traffic))
                })
            })
        })
    });
    let source = move || control.with(|c| c.source.clone());
    let described = format!("about-{key} err-{key}");
    let readout = matches!(form, Form::Number { unit, .. } if !unit.is_empty());
    let (label_for, edit) = match form {
        Form::Number { slider, unit } => (
            format!("in-{key}"),
            number_edit(state, control, now, slider, unit, &described).into_any(),
        ),
        Form::Choice(choices) => (
            format!("in-{key}"),
            choice_edit(state, key, now, choices, &described).into_any(),
        ),
        Form::Mesh => (
            "in-mesh-w".to_string(),
            mesh_edit(state, key, now, &described).into_any(),
        ),
    };
    view! {
        <div class="control" data-control=key title=source>
            <Head state control now label_for readout/>
            {edit}
            <p class="about" id=format!("about-{key}") role="tooltip">
                <strong>{move || control.with(|c| c.name.clone())}</strong>
                " "
                {source}
            </p>
            <div class="messages-slot">
                {move || {
                    let message = now.with(|s| s.message.clone());
                    (!message.is_empty())
                        .then(|| {
                            view! {
                                <p class="error" id=format!("err-{key}") role="alert">
                                    {message}
                                </p>
                            }
                        })
                }}
            </div>
        </div>
    }
}

/// The head of a control: its label (the papers' subscripts as `sub`), the readout of a number
/// with a unit, a note when the pattern does not use it here, and the reset button (marked
/// when the scenario sets the key).
#[component]
fn Head(
    /// The app state.
    state: State,
    /// The control.
    control: Memo<Control>,
    /// What it shows of the scenario.
    now: Memo<crate::controls::Shown>,
    /// The id of the field the label names.
    label_for: String,
    /// Whether it shows its value with its unit.
    readout: bool,
) -> impl IntoView {
    let key = control.with_untracked(|c| c.key);
    let label = Memo::new(move |_| control.with(|c| c.label.clone()));
    let parts = move || label.with(|l| symbol(l));
    let reset = move || control.with(|c| format!("Reset {} to {}", c.label, c.reset_to));
    view! {
        <div class="head">
            <label id=format!("label-{key}") for=label_for>{parts}</label>
            {readout
                .then(|| {
                    view! {
                        <output class="readout">{move || now.with(|s| s.readout.clone())}</output>
                    }
                })}
            <span class="unused" hidden=move || !now.with(|s| s.unused)>"not used here"</span>
            <button
                type="button"
                class="reset"
                class:is-set=move || now.with(|s| s.is_set)
                data-reset=""
                aria-label=reset
                title=reset
                on:click=move |_| state.edit(Edit::Reset(key))
            >
                "↺"
            </button>
        </div>
    }
}

/// The field's text as a memo of its own: set on the field when the value changes, so that a
/// value typed in and refused stays there to be corrected while other controls move; shown
/// again when the machine, pattern or model changes (other controls).
fn field_text(state: State, now: Memo<crate::controls::Shown>) -> impl Fn() -> String + Copy {
    let text = Memo::new(move |_| now.with(|s| s.field.clone()));
    move || {
        state.choice.track();
        text.get()
    }
}

/// A number control: a slider where the value has a range, and a field with its unit; a list
/// (`Kind::List`) is the field alone, holding the list as typed. The field is text: the core
/// parses what is typed, so "12.7k" is 12,700 B and "12.7x" is refused with the query
/// language's message (a number field would drop the letter and take 12.7 in silence). The
/// slider edits live on `input` and writes the address when released; the field edits on
/// `change`.
fn number_edit(
    state: State,
    control: Memo<Control>,
    now: Memo<crate::controls::Shown>,
    slider: bool,
    unit: &'static str,
    described: &str,
) -> impl IntoView {
    let key = control.with_untracked(|c| c.key);
    let range = slider.then(|| {
        let slide = move |ev| {
            let Ok(pos) = event_target_value(&ev).parse::<u32>() else {
                return;
            };
            if let Kind::Number { slider: Some(sl) } = control.with_untracked(|c| c.kind.clone()) {
                state
                    .address
                    .sliding(|| state.edit(Edit::Set(key, &plain(sl.value(pos)))));
            }
        };
        view! {
            <input
                type="range"
                min="0"
                max=STEPS
                step="1"
                aria-labelledby=format!("label-{key}")
                aria-describedby=described.to_string()
                aria-valuetext=move || now.with(|s| s.readout.clone())
                prop:value=move || now.with(|s| s.position)
                on:input=slide
                // Released: the address takes the value now rather than after the pause.
                on:change=move |_| state.address.flush_url()
            />
        }
    });
    view! {
        <div class="edit">
            {range}
            <span class="field">
                <input
                    type="text"
                    data-part="number"
                    id=format!("in-{key}")
                    autocomplete="off"
                    spellcheck="false"
                    placeholder="default"
                    aria-describedby=described.to_string()
                    prop:value=field_text(state, now)
                    on:change=move |ev| state.edit(Edit::Set(key, &event_target_value(&ev)))
                />
                <span class="unit">{unit}</span>
            </span>
        </div>
    }
}

/// A choice: a select among the declared ids, the current one selected. Another spatial model
/// drops the old one's keys (radius, phi, decay).
fn choice_edit(
    state: State,
    key: &'static str,
    now: Memo<crate::controls::Shown>,
    choices: Vec<(&'static str, String)>,
    described: &str,
) -> impl IntoView {
    let chosen = Memo::new(move |_| now.with(|s| s.field.clone()));
    let options = choices
        .into_iter()
        .map(|(id, label)| {
            view! { <option value=id prop:selected=move || chosen.with(|c| c == id)>{label}</option> }
        })
        .collect_view();
    let pick = move |ev| {
        let id = event_target_value(&ev);
        match key {
            "spatial" => state.edit(Edit::Switch(key, &id)),
            _ => state.edit(Edit::Set(key, &id)),
        }
    };
    view! {
        <div class="edit">
            <select id=format!("in-{key}") aria-describedby=described.to_string() on:change=pick>
                {options}
            </select>
        </div>
    }
}

/// The mesh: its width and height fields; a typed side is set with the other side as shown,
/// and the core checks the pair.
fn mesh_edit(
    state: State,
    key: &'static str,
    now: Memo<crate::controls::Shown>,
    described: &str,
) -> impl IntoView {
    let width = field_text(state, now);
    let height = Memo::new(move |_| now.with(|s| s.height.clone()));
    let set = move |width: bool, typed: String| {
        let (w, h) = now.with_untracked(|s| (s.field.clone(), s.height.clone()));
        let mesh = match width {
            true => format!("{typed}x{h}"),
            false => format!("{w}x{typed}"),
        };
        state.edit(Edit::Set(key, &mesh));
    };
    view! {
        <div class="edit mesh">
            <label class="part" for="in-mesh-w">"W"</label>
            <input
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                id="in-mesh-w"
                data-part="w"
                aria-describedby=described.to_string()
                prop:value=width
                on:change=move |ev| set(true, event_target_value(&ev))
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
                aria-describedby=described.to_string()
                prop:value=move || {
                    state.choice.track();
                    height.get()
                }
                on:change=move |ev| set(false, event_target_value(&ev))
            />
        </div>
    }
}

/// `ul#collective-facts`: γ and its source where a reduction is costed, the node's assumed
/// α-β where ppn > 1, a last node partly filled: on screen, not only in a control's tooltip.
#[component]
fn CollectiveFacts(
    /// The app state: the scenario and its report.
    state: State,
) -> impl IntoView {
    let facts = Memo::new(move |_| {
        state
            .scenario
            .with(|s| state.report.with(|r| collective_facts(s, r.as_ref().ok())))
    });
    view! {
        <ul id="collective-facts" class="about collective-facts" hidden=move || facts.with(Vec::is_empty)>
            // Keyed by what each fact is about: a value's new sentence changes the item's
            // text, not the item.
            <For each=move || facts.with(|f| f.iter().map(|(id, _)| *id).collect::<Vec<_>>()) key=|id| *id let:id>
                <li data-fact=id>
                    {move || facts.with(|f| f.iter().find(|(k, _)| *k == id).map(|(_, text)| text.clone()).unwrap_or_default())}
                </li>
            </For>
        </ul>
    }
}
