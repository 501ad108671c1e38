//! The views, as a row of buttons: each opens its view and says which one is open.

use leptos::prelude::*;

use crate::dom::{self, Node};
use crate::html::tabs_html;
use crate::markup;
use crate::state::State;
use crate::view::View;

/// `nav.tabs > button#tab-<view>`, the open one `aria-current="page"`. The buttons are HTML
/// (`html::tabs_html`) brought in place as the open view changes, and a click on one reaches
/// the row (`markup`): no view or event handler per button.
#[component]
pub fn Tabs(
    /// The app state: its page's view.
    state: State,
) -> impl IntoView {
    let open = Memo::new(move |_| state.page.with(|p| p.view));
    let nav = Node::new();
    dom::html_follows(nav, move || tabs_html(open.get()));
    markup::listen(nav, &["click"], move |used| {
        let chosen = used
            .within("id")
            .and_then(|id| View::ALL.into_iter().find(|&v| v.tab_id() == id));
        if let Some(v) = chosen {
            state.open(v);
        }
    });
    view! { <nav class="tabs" aria-label="Views" node_ref=nav></nav> }
}
