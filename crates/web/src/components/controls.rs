//! The controls panel: one control per input the pattern takes and per parameter of the
//! machine's set, generated from the core's declarations. Written as HTML (`controls_html`)
//! that follows the scenario in place, its events taken by the panel (`markup`): a number
//! control is a slider (log-scaled where the range spans decades) and a field with its unit,
//! a list the field alone, a choice a select, the mesh two fields; each has its reset button,
//! source text and the core's messages about its key.

use leptos::prelude::*;

use crate::controls::{collective_facts, controls, current, Control, Current, Kind};
use crate::controls_html::{controls_html, ControlsPanel};
use crate::dom::{self, Node};
use crate::edit::Edit;
use crate::markup::{self, Used};
use crate::slider::plain;
use crate::state::State;

/// `div.controls`: the inputs, then the parameters, each group in a fieldset.
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
    let html = move || {
        let set_label = state.scenario.with(|s| {
            s.machine
                .set(s.model)
                .map(|set| format!("{} parameters: {}", state.machine_name(s), set.label))
                .unwrap_or_default()
        });
        specs.with(|specs| {
            state.scenario.with(|s| {
                state.report.with(|r| {
                    state.problems.with(|problems| {
                        controls_html(&ControlsPanel {
                            specs,
                            scenario: s,
                            report: r.as_ref(),
                            problems,
                            set_label: &set_label,
                        })
                    })
                })
            })
        })
    };
    // A slider step changes a readout, a position and a field: changed in place. With other
    // controls (another pattern's) every field shows its value again, typed in or not. The
    // controls' shape leaves out their sliders' ranges, which follow other values (the curve's
    // range; a sum and its part, `ParamSet::bounds`): moving the SP2's a_c moves a_rt's lower
    // end, and wrote the whole panel afresh at every step.
    let shape = Memo::new(move |_| {
        specs.with(|specs| {
            specs
                .iter()
                .map(|c| match c.kind {
                    Kind::Number { .. } => Control {
                        kind: Kind::Number { slider: None },
                        ..c.clone()
                    },
                    _ => c.clone(),
                })
                .collect::<Vec<_>>()
        })
    });
    let node = Node::new();
    dom::html_follows_shaped(node, shape, html);
    markup::listen(node, &["click", "input", "change"], move |used| {
        used_control(state, specs, used)
    });
    view! {
        <div class="controls" node_ref=node></div>
        <CollectiveFacts state/>
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
            <For each=move || facts.get() key=|f| f.clone() let:fact>
                <li data-fact=fact.0>{fact.1}</li>
            </For>
        </ul>
    }
}

/// What a control does when used: a slider edits live on `input` and writes the address when
/// released, a field or select edits on `change`, the reset button on `click`.
fn used_control(state: State, specs: Memo<Vec<Control>>, used: &Used) {
    let Some(key) = used.within("data-control") else {
        return;
    };
    let Some(control) = specs.with_untracked(|s| s.iter().find(|c| c.key == key).cloned()) else {
        return;
    };
    let key = control.key;
    match (used.kind(), &control.kind) {
        ("click", _) if used.is("button[data-reset]") => state.edit(Edit::Reset(key)),
        ("input", Kind::Number { slider: Some(sl) }) if used.is("input[type=range]") => {
            if let Ok(pos) = used.value().parse::<u32>() {
                dom::sliding(|| state.edit(Edit::Set(key, &plain(sl.value(pos)))));
            }
        }
        // Released: the address takes the value now rather than after the pause.
        ("change", _) if used.is("input[type=range]") => dom::flush_url(),
        // Another spatial model drops the old one's keys (radius, phi, decay).
        ("change", Kind::Choice(_)) if key == "spatial" => {
            state.edit(Edit::Switch(key, &used.value()))
        }
        ("change", Kind::Mesh) => edit_mesh(state, key, used),
        ("change", _) => state.edit(Edit::Set(key, &used.value())),
        _ => {}
    }
}

/// A typed side of the mesh with the other side as shown; the core checks the pair.
fn edit_mesh(state: State, key: &'static str, used: &Used) {
    let shown = state.scenario.with_untracked(|s| {
        state
            .report
            .with_untracked(|r| match current(s, r.as_ref().ok(), key) {
                Current::Mesh(m) => m,
                _ => None,
            })
    });
    let (w, h) = shown
        .map(|(w, h)| (w.to_string(), h.to_string()))
        .unwrap_or_default();
    let typed = used.value();
    let mesh = if used.within("data-part").as_deref() == Some("w") {
        format!("{typed}x{h}")
    } else {
        format!("{w}x{typed}")
    };
    state.edit(Edit::Set(key, &mesh));
}
