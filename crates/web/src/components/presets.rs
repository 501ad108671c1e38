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

use commcalc_core::tours::{find, Tour, TOURS};
use leptos::prelude::*;

use crate::dom;
use crate::presets::{Story, STORIES};
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
    let tour = Memo::new(move |last: Option<&Option<&'static Tour>>| {
        address.with(|a| find(a)).or(last.copied().flatten())
    });
    let closed = RwSignal::new(false);
    let link = move |p: &'static Tour| {
        view! {
            <li>
                <a
                    data-preset=p.id
                    href=format!("?{}", p.query)
                    aria-current=move || (tour.get() == Some(p)).then_some("true")
                >
                    {p.title}
                </a>
            </li>
        }
    };
    let story = move || {
        let p = tour.get().filter(|_| !closed.get())?;
        Some(view! { <TourStory p address closed/> })
    };
    view! {
        <nav id="presets" class="presets" aria-labelledby="presets-title">
            <h2 id="presets-title">"Guided tours"</h2>
            <ul class="preset-list">
                {TOURS.iter().map(link).collect_view()}
            </ul>
        </nav>
        {story}
    }
}

/// `aside#preset-story`: the tour's title, its story and source, a link back to its start once
/// the reader has moved away from its address, and the button that closes it (`closed`).
#[component]
fn TourStory(p: &'static Tour, address: Memo<String>, closed: RwSignal<bool>) -> impl IntoView {
    let away = Memo::new(move |_| address.with(|a| a != p.query));
    // The story's text is fetched each time a tour is shown (from the browser's cache or the
    // service worker's after the first time), by a task that sets it. A `LocalResource`
    // would say the same in one line, but brought Leptos' async machinery into the
    // calculator's module: 8.6 kB gzip, about 45 ms of a first chart on the phone's profile
    // (docs/web-bytes.md).
    let text = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move {
        let got = dom::fetch_entry(STORIES, p.id).await;
        // The tour may be closed by then: its signal with it.
        text.try_set(Some(got));
    });
    let line = move || {
        let line = text.with(|t| match t {
            None => Story::Loading.line(),
            Some(Ok(text)) => Story::Text(text).line(),
            Some(Err(why)) => Story::Failed(why).line(),
        });
        view! { <p class=line.class role=line.role>{line.text}</p> }
    };
    view! {
        <aside
            id="preset-story"
            class="preset-story"
            aria-label="The tour's story"
            data-preset=p.id
            data-edited=move || away.get().then_some("true")
        >
            <div>
                <h3>{p.title}</h3>
                {line}
                <p class="cite">"Source: " {p.source}</p>
            </div>
            <p class="tour-actions">
                <a class="restart" href=format!("?{}", p.query) hidden=move || !away.get()>
                    "Restart this tour"
                </a>
                <button type="button" class="close" on:click=move |_| closed.set(true)>
                    "Close"
                </button>
            </p>
        </aside>
    }
}
