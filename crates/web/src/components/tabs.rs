//! The views, as a row of buttons: each opens its view and says which one is open.

use leptos::prelude::*;

use crate::dom::Node;
use crate::markup;
use crate::page::View;
use crate::state::State;

/// `nav.tabs > button#tab-<view>`, the open one `aria-current="page"`.
#[component]
pub fn Tabs(
    /// The app state: its page's view.
    state: State,
) -> impl IntoView {
    let open = Memo::new(move |_| state.page.with(|p| p.view));
    let tabs = View::ALL.map(|v| {
        view! {
            <button
                type="button"
                class="tab"
                id=tab_id(v)
                aria-current=move || (open.get() == v).then_some("page")
            >
                {v.title()}
            </button>
        }
    });
    // A click on a tab reaches the row (`markup`): no event handler per button.
    let nav = Node::new();
    markup::listen(nav, &["click"], move |used| {
        let chosen = used
            .within("id")
            .and_then(|id| View::ALL.into_iter().find(|&v| tab_id(v) == id));
        if let Some(v) = chosen {
            state.open(v);
        }
    });
    view! { <nav class="tabs" aria-label="Views" node_ref=nav>{tabs}</nav> }
}

/// The tab's id: `tab-` and the view's `view=` value (`calculator` for the calculator's none).
fn tab_id(v: View) -> String {
    let id = if v.id().is_empty() {
        "calculator"
    } else {
        v.id()
    };
    format!("tab-{id}")
}
