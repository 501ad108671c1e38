//! The scenario's pickers: machine, pattern and parameter set, one panel written as HTML
//! (`markup`) that follows the machine, pattern and model in place.

use leptos::prelude::*;

use super::machine_picker::{Fitted, Machines};
use super::model_picker::model_html;
use super::pattern_picker::pattern_html;
use crate::dom::{self, Node};
use crate::edit::Edit;
use crate::markup;
use crate::state::State;

/// `div.pickers` with the machine, pattern and model pickers.
#[component]
pub fn Pickers(
    /// The app state: the pickers show the scenario's machine, pattern and model and switch them.
    state: State,
    /// The fitted machines the machine picker lists (`app::Views`).
    fitted: Fitted,
) -> impl IntoView {
    let machines = Machines::new(state, fitted);
    let node = Node::new();
    let shown = machines.clone();
    dom::html_follows(node, move || {
        [shown.html(), pattern_html(state), model_html(state)].concat()
    });
    markup::listen(node, &["change"], move |used| {
        match used.within("id").as_deref() {
            Some("machine") => machines.chosen(&used.value()),
            Some(key @ ("pattern" | "model")) => state.edit(Edit::Switch(key, &used.value())),
            _ => {}
        }
    });
    view! { <div class="pickers" node_ref=node></div> }
}
