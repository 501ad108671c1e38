//! Guided tours: links to the tours' addresses, and the story of the tour on screen.
//!
//! A tour opens as an ordinary link to its canonical address (`?` + query): the page then
//! starts from it exactly as from a shared link, through the one code path that reads an
//! address (`page::parse`, then the state built from it), with a history entry, so that Back
//! returns to where the reader was. Applying it in place would mean resetting the page, the
//! compared scenarios, the edited one and the problems by hand, and each view's own state.
//!
//! The story shows while the page's address is the tour's, and stays while the reader does what
//! it suggests (drags a slider, switches a set), with a link back to the tour's start.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::dom::{self, Node};
use crate::lazy;
use crate::markup;

use crate::presets::{find, list_html, story_html, Preset, Story, STORIES};
use crate::state::State;

/// `nav#presets` with one `a[data-preset]` per tour, and `aside#preset-story` while on one.
#[component]
pub fn Presets(
    /// The app state: the page and scenario that make the address.
    state: State,
) -> impl IntoView {
    // The address the page shows, printed as `State::write_url` prints it.
    let address = Memo::new(move |_| state.query_with(|_| {}));
    // The tour: the one whose address this is, else the last one (the reader is trying what it
    // says).
    let tour = Memo::new(move |last: Option<&Option<&'static Preset>>| {
        address.with(|a| find(a)).or(last.copied().flatten())
    });
    let closed = RwSignal::new(false);
    let list = move || list_html(tour.get().map(|p| p.id));
    // The story is HTML (`markup`): its link back follows the address in place, and the close
    // button's click reaches the aside.
    let story = move || {
        let p = tour.get().filter(|_| !closed.get())?;
        let away = move || address.with(|a| a != p.query);
        // The story's text is fetched each time a tour is shown (from the browser's cache or the
        // service worker's after the first time).
        let text = RwSignal::new(None::<Result<String, String>>);
        lazy::fetch_entry(STORIES, p.id, move |got| {
            text.try_set(Some(got));
        });
        let node = Node::new();
        dom::html_follows(node, move || {
            text.with(|t| {
                let story = match t {
                    None => Story::Loading,
                    Some(Ok(text)) => Story::Text(text),
                    Some(Err(why)) => Story::Failed(why),
                };
                story_html(p, story, away())
            })
        });
        markup::listen(node, &["click"], move |used| {
            if used.is("button.close") {
                closed.set(true);
            }
        });
        Some(view! {
            <aside
                id="preset-story"
                class="preset-story"
                aria-label="The tour's story"
                data-preset=p.id
                data-edited=move || away().then_some("true")
                node_ref=node
            ></aside>
        })
    };
    // On a phone the list scrolls sideways: the tour on screen is scrolled into the middle.
    let ul = Node::new();
    dom::html_follows(ul, list);
    dom::effect(move || {
        if tour.get().is_some() {
            request_animation_frame(move || centre_current(ul));
        }
    });
    view! {
        <nav id="presets" class="presets" aria-labelledby="presets-title">
            <h2 id="presets-title">"Guided tours"</h2>
            <ul class="preset-list" node_ref=ul></ul>
        </nav>
        {story}
    }
}

/// Scrolls the tour list sideways so that the current tour's link sits in its middle (a no-op
/// where the list wraps and does not scroll).
fn centre_current(ul: Node) {
    let Some(list) = ul
        .get_untracked()
        .map(JsCast::unchecked_into::<web_sys::HtmlElement>)
    else {
        return;
    };
    let current = list
        .query_selector("a[aria-current=\"true\"]")
        .ok()
        .flatten()
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(a) = current {
        let left = a.offset_left() - list.offset_left();
        list.set_scroll_left(left - (list.client_width() - a.offset_width()) / 2);
    }
}
