//! The views, as a row of buttons: each opens its view and says which one is open.

use leptos::html::Button;
use leptos::prelude::*;

use crate::asked::Asked;
use crate::state::State;
use crate::view::View;

/// `nav.tabs > button#tab-<view>`, the open one `aria-current="page"`. The row is fixed (one
/// button per [`View`]); only the buttons' `aria-current` follows the open view.
#[component]
pub fn Tabs(
    /// The app state: its page's view.
    state: State,
) -> impl IntoView {
    let open = Memo::new(move |_| state.page.with(|p| p.view));
    // The open view's tab, which keeps the focus when the view came from its tab in the
    // calculator's module (`Asked::View`).
    let opened = NodeRef::<Button>::new();
    Effect::new(move || {
        if let Some(tab) = opened.get() {
            if state.take_asked(|a| a == Asked::View).is_some() {
                request_animation_frame(move || {
                    let _ = tab.focus();
                });
            }
        }
    });
    let tab = move |v: View| {
        let node = if v == open.get_untracked() {
            opened
        } else {
            NodeRef::new()
        };
        view! {
            <button
                node_ref=node
                type="button"
                class="tab"
                id=v.tab_id()
                aria-current=move || (open.get() == v).then_some("page")
                on:click=move |_| state.open(v)
            >
                {v.title()}
            </button>
        }
    };
    view! {
        <nav class="tabs" aria-label="Views">
            {View::ALL.map(tab).collect_view()}
        </nav>
    }
}
