//! The views, as a row of buttons: each opens its view and says which one is open.

use leptos::prelude::*;

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
    let tab = move |v: View| {
        view! {
            <button
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
