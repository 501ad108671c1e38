//! The views, as a row of buttons: each opens its view and says which one is open.

use leptos::prelude::*;

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
        let id = format!(
            "tab-{}",
            if v.id().is_empty() {
                "calculator"
            } else {
                v.id()
            }
        );
        view! {
            <button
                type="button"
                class="tab"
                id=id
                aria-current=move || (open.get() == v).then_some("page")
                on:click=move |_| state.open(v)
            >
                {v.title()}
            </button>
        }
    });
    view! { <nav class="tabs" aria-label="Views">{tabs}</nav> }
}
