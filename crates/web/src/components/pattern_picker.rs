//! The pattern picker: every pattern, those the machine does not offer disabled with the
//! reason in their title and in a visible list. Written as HTML, in the pickers' panel
//! (`Pickers`).

use leptos::prelude::*;

use commcalc_core::catalog::Machine;
use commcalc_core::patterns::PatternDef;

use crate::controls::pattern_choices;
use crate::html::{esc, options, Opt};
use crate::state::State;

/// `div.picker` with `<select id="pattern">`, the pattern's description and source below it,
/// and why the others are not available.
pub fn pattern_html(state: State) -> String {
    let c = state.choice.get();
    let (machine, pattern) = (c.machine, c.pattern);
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
    format!(
        "<div class=\"picker\"><label for=\"pattern\">Pattern</label><select id=\"pattern\" aria-describedby=\"pattern-about\">{}</select>\
         <p id=\"pattern-about\" class=\"about\">{}<span class=\"cite\">source: {}</span></p><div>{}</div></div>",
        options([(None, opts)]),
        esc(pattern.description),
        esc(pattern.source),
        hint(state, machine, &choices)
    )
}

/// The reasons, visible: a disabled option's title is not shown by every browser.
fn hint(state: State, machine: &Machine, choices: &[(&PatternDef, Option<String>)]) -> String {
    let why: Vec<String> = choices
        .iter()
        .filter_map(|(p, why)| {
            why.as_ref()
                .map(|w| format!("<li><strong>{}</strong>: {}</li>", esc(p.title), esc(w)))
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
}
