//! The pattern picker: every pattern, those the machine does not offer disabled with the
//! reason in their title and in a visible list. In the pickers' panel (`Pickers`).

use leptos::prelude::*;

use crate::edit::Edit;
use crate::picker::{pattern_options, unavailable, PatternOption};
use crate::state::State;

/// `div.picker` with `<select id="pattern">`, the pattern's description and source below it,
/// and why the others are not available.
#[component]
pub fn PatternPicker(
    /// The app state: the scenario's machine and pattern.
    state: State,
) -> impl IntoView {
    let choices = Memo::new(move |_| state.choice.with(|c| pattern_options(c.machine)));
    let pattern = move || state.choice.with(|c| c.pattern);
    let option = move |o: PatternOption| {
        let (id, disabled, title) = (o.id, o.why.is_some(), o.tooltip());
        view! {
            <option
                value=id
                disabled=disabled
                title=title
                prop:selected=move || state.choice.with(|c| c.pattern.id == id)
            >
                {o.label}
            </option>
        }
    };
    view! {
        <div class="picker">
            <label for="pattern">"Pattern"</label>
            <select
                id="pattern"
                aria-describedby="pattern-about"
                on:change=move |ev| state.edit(Edit::Switch("pattern", &event_target_value(&ev)))
            >
                <For each=move || choices.get() key=|o| o.clone() children=option/>
            </select>
            <p id="pattern-about" class="about">
                {move || pattern().description}
                <span class="cite">"source: " {move || pattern().source}</span>
            </p>
            <div>
                <Hint state choices/>
            </div>
        </div>
    }
}

/// The reasons, visible: a disabled option's title is not shown by every browser.
#[component]
fn Hint(state: State, choices: Memo<Vec<PatternOption>>) -> impl IntoView {
    let reasons = Memo::new(move |_| choices.with(|c| unavailable(c)));
    // A fitted machine by its name, a catalog one as "the Intel Paragon".
    let on = move || {
        let machine = state.choice.with(|c| c.machine);
        let on = state.scenario.with_untracked(|s| state.machine_name(s));
        if on == machine.name {
            format!("the {on}")
        } else {
            on
        }
    };
    view! {
        <Show when=move || reasons.with(|r| !r.is_empty())>
            <details class="hint">
                <summary>
                    {move || reasons.with(Vec::len)} " patterns are not available on " {on} ": why"
                </summary>
                <ul>
                    <For each=move || reasons.get() key=|r| r.clone() let:reason>
                        <li>
                            <strong>{reason.0}</strong>
                            ": "
                            {reason.1}
                        </li>
                    </For>
                </ul>
            </details>
        </Show>
    }
}
