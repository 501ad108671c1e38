//! The parameter-set picker: the models a pattern may use on the machine, labelled as the
//! papers name the sets ("NX (hockney)", "MPI (hyperbolic)"). Written as HTML, in the
//! pickers' panel (`Pickers`).

use leptos::prelude::*;

use crate::controls::model_choices;
use crate::html::{esc, options, Opt};
use crate::state::State;

/// `div.picker` with `<select id="model">` and the model's cost formula below it.
pub fn model_html(state: State) -> String {
    let c = state.choice.get();
    let choices = model_choices(c.machine, c.pattern);
    let list = choices
        .iter()
        .map(|(m, label)| Opt::new(m.id(), label, *m == c.model))
        .collect();
    format!(
        "<div class=\"picker\"><label for=\"model\">Parameter set</label><select id=\"model\" aria-describedby=\"model-about\">{}</select>\
         <p id=\"model-about\" class=\"about\">{}</p></div>",
        options([(None, list)]),
        esc(&c.model.formula())
    )
}
