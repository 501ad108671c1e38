//! The pattern picker: every pattern, those the machine does not offer disabled with the
//! reason in their title and in a visible list.

use leptos::prelude::*;

use crate::controls::pattern_choices;
use crate::edit::Edit;
use crate::html::{esc, options, Opt};
use crate::state::State;

/// `<select id="pattern">` with the pattern's description and source below it.
#[component]
pub fn PatternPicker(
    /// The app state: the picker shows the scenario's pattern and switches it.
    state: State,
) -> impl IntoView {
    let pair = move || {
        let c = state.choice.get();
        (c.machine, c.pattern)
    };
    let list = move || {
        let (machine, pattern) = pair();
        let choices = pattern_choices(machine);
        let labels: Vec<String> = choices
            .iter()
            .map(|(p, why)| match why {
                Some(_) => format!("{} (not on this machine)", p.title),
                None => p.title.to_string(),
            })
            .collect();
        let opts = choices
            .iter()
            .zip(&labels)
            .map(|((p, why), label)| Opt {
                value: p.id,
                label,
                selected: p.id == pattern.id,
                disabled: why.as_deref(),
                title: Some(p.description),
            })
            .collect();
        options([(None, opts)])
    };
    // The reasons, visible: a disabled option's title is not shown by every browser.
    let hint = move || {
        let machine = pair().0;
        let why: Vec<String> = pattern_choices(machine)
            .into_iter()
            .filter_map(|(p, why)| {
                why.map(|w| format!("<li><strong>{}</strong>: {}</li>", esc(p.title), esc(&w)))
            })
            .collect();
        if why.is_empty() {
            return String::new();
        }
        // A fitted machine by its name, a catalog one as "the Intel Paragon".
        let on = state.scenario.with_untracked(|s| state.machine_name(s));
        let on = if on == machine.name {
            format!("the {on}")
        } else {
            on
        };
        format!(
            "<details class=\"hint\"><summary>{} patterns are not available on {}: why</summary><ul>{}</ul></details>",
            why.len(),
            esc(&on),
            why.concat()
        )
    };
    view! {
        <div class="picker">
            <label for="pattern">"Pattern"</label>
            <select
                id="pattern"
                aria-describedby="pattern-about"
                inner_html=list
                on:change=move |ev| state.edit(Edit::Switch("pattern", &event_target_value(&ev)))
            ></select>
            <p id="pattern-about" class="about">
                {move || pair().1.description}
                <span class="cite">{move || format!("source: {}", pair().1.source)}</span>
            </p>
            <div inner_html=hint></div>
        </div>
    }
}
