//! The charts' axes: log–log, log–linear or linear. Kept in the address (`axes=`), so a reload
//! or a shared link shows the same axes. Written as HTML (`markup`).

use leptos::prelude::*;

use crate::chart::Scale;
use crate::dom::{self, Node};
use crate::html::{options, Opt};
use crate::markup;
use crate::state::State;

/// `span.scale` with `<select id="scale">`, one option per [`Scale`].
#[component]
pub fn ScaleToggle(
    /// The app state: its chart axes.
    state: State,
) -> impl IntoView {
    let node = Node::new();
    dom::html_follows(node, move || {
        let now = state.scale();
        let list = Scale::ALL
            .map(|s| Opt::new(s.id(), s.title(), s == now))
            .to_vec();
        format!(
            "<label for=\"scale\">Axes</label><select id=\"scale\">{}</select>",
            options([(None, list)])
        )
    });
    markup::listen(node, &["change"], move |used| {
        if let Some(s) = Scale::from_id(&used.value()) {
            state.set_axes(s);
        }
    });
    view! { <span class="scale" node_ref=node></span> }
}
