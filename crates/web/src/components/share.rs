//! Share: the canonical link of the view, and an `<iframe>` snippet that embeds it in a course
//! page with the controls and result rows the author chooses, sized by the height the
//! embedded page reports.

use leptos::html::Dialog;
use leptos::prelude::*;

use crate::controls::controls;
use crate::html::{esc, subscripts};
use crate::page::{result_keys, View};
use crate::state::State;

/// The listener a course page needs once: it sets each commcalc iframe's height to what the
/// embedded page reports (`dom::embedded`).
const RESIZER: &str = r#"<script>addEventListener("message",e=>{if(e.data&&e.data.type==="commcalc:height")for(const f of document.querySelectorAll("iframe[data-commcalc]"))if(f.contentWindow===e.source)f.style.height=e.data.height+"px"})</script>"#;

/// The embed snippet for `src`, titled for screen readers.
pub fn snippet(src: &str, title: &str) -> String {
    let attr = |s: &str| s.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<iframe data-commcalc src=\"{}\" title=\"{}\" style=\"width:100%;height:640px;border:0\" loading=\"lazy\"></iframe>\n{RESIZER}",
        attr(src),
        attr(title)
    )
}

/// `button#share` and the dialog it opens.
#[component]
pub fn Share(
    /// The app state: the page and scenario shared.
    state: State,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let shown = RwSignal::new(Vec::<&'static str>::new());
    let rows = RwSignal::new(Vec::<&'static str>::new());
    // What was copied last, for the status line.
    let copied = RwSignal::new(None::<&'static str>);
    // Whether the dialog is open. Its link, snippet and options follow the scenario only
    // then: closed, they would be rebuilt on every slider input (the options' checkboxes with
    // their listeners, the whole address twice) for a dialog nobody sees.
    let is_open = RwSignal::new(false);
    let link = move || state.full_link();
    let embed_src = move || embed_address(state, shown, rows);
    let title = move || {
        state
            .scenario
            .with(|s| format!("commcalc: {} · {}", state.machine_name(s), s.pattern.title))
    };
    let code = move || snippet(&embed_src(), &title());
    // What the fields show: the link and the snippet while open, nothing while closed.
    let shown_link = move || is_open.get().then(link).unwrap_or_default();
    let shown_code = move || is_open.get().then(code).unwrap_or_default();
    let open = move |_| {
        is_open.set(true);
        if let Some(d) = dialog.get() {
            let _ = d.show_modal();
        }
    };
    let close = move |_| {
        if let Some(d) = dialog.get() {
            d.close();
        }
    };
    view! {
        <button type="button" id="share" class="share" aria-haspopup="dialog" on:click=open>
            "Share / embed"
        </button>
        <dialog
            id="share-dialog"
            node_ref=dialog
            aria-labelledby="share-title"
            on:close=move |_| is_open.set(false)
        >
            <h2 id="share-title">"Share this view"</h2>
            <label for="share-link">"Link (the whole state is in it)"</label>
            <div class="copy-row">
                <input id="share-link" type="text" readonly prop:value=shown_link on:focus=select_all/>
                <button type="button" id="copy-link" on:click=move |_| copy(&link(), "link", copied)>
                    "Copy"
                </button>
            </div>
            <EmbedOptions state shown rows is_open/>
            <label for="embed-snippet">"Embed in a course page (HTML)"</label>
            <textarea id="embed-snippet" readonly rows="6" prop:value=shown_code on:focus=select_all></textarea>
            <p class="copy-row">
                <button type="button" id="copy-snippet" on:click=move |_| copy(&code(), "snippet", copied)>
                    "Copy the snippet"
                </button>
                <span id="copy-status" role="status">
                    {move || copied.get().map(|what| format!("The {what} is copied."))}
                </span>
            </p>
            <p class="about">
                "The embedded page shows this view's charts and results and the controls ticked above, and tells the course page its height. It keeps nothing in storage."
            </p>
            <button type="button" id="share-close" on:click=close>"Close"</button>
        </dialog>
    }
}

/// The address of the embedded view: the page's with `embed=1` and the controls and result
/// rows ticked.
fn embed_address(
    state: State,
    shown: RwSignal<Vec<&'static str>>,
    rows: RwSignal<Vec<&'static str>>,
) -> String {
    let keys =
        |list: RwSignal<Vec<&'static str>>| list.get().iter().map(|k| k.to_string()).collect();
    let (keep, kept_rows) = (keys(shown), keys(rows));
    let query = state.query_with(|p| {
        p.embed = true;
        p.show = keep;
        p.rows = kept_rows;
    });
    format!("{}?{query}", crate::dom::page_address())
}

/// The controls and result rows to keep in the embedded view, ticked into `shown` and `rows`.
#[component]
fn EmbedOptions(
    /// The app state: the scenario's controls and results.
    state: State,
    /// The controls ticked.
    shown: RwSignal<Vec<&'static str>>,
    /// The result rows ticked.
    rows: RwSignal<Vec<&'static str>>,
    /// Whether the dialog is open: the boxes are there only then.
    is_open: RwSignal<bool>,
) -> impl IntoView {
    let controls = move || {
        is_open.get().then(|| {
            let list = state.scenario.with(controls);
            let items = list.into_iter().map(|c| (c.key, subscripts(&c.label)));
            ticks("show", items.collect(), shown)
        })
    };
    let result_rows = move || {
        is_open.get().then(|| {
            let items = state.scenario.with(result_keys).into_iter().map(|k| {
                (
                    k,
                    esc(commcalc_core::metrics::metric(k).map_or("", |m| m.label)),
                )
            });
            ticks("rows", items.collect(), rows)
        })
    };
    view! {
        // The validation view has no scenario controls and no results table to keep.
        <Show when=move || state.page.with(|p| p.view != View::Validate)>
            <fieldset class="show-options">
                <legend>"Controls to keep in the embedded view"</legend>
                {controls}
            </fieldset>
            <fieldset class="show-options">
                <legend>"Result rows to keep (all if none is ticked)"</legend>
                {result_rows}
            </fieldset>
        </Show>
    }
}

/// A checkbox per item (key, label as HTML), ticked where `chosen` holds its key, which the
/// boxes keep in the order they were ticked.
fn ticks(
    name: &'static str,
    items: Vec<(&'static str, String)>,
    chosen: RwSignal<Vec<&'static str>>,
) -> impl IntoView {
    items
        .into_iter()
        .map(|(key, label)| {
            view! {
                <label class="show-option">
                    <input
                        type="checkbox"
                        name=name
                        value=key
                        prop:checked=move || chosen.with(|s| s.contains(&key))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            chosen.update(|s| {
                                s.retain(|k| *k != key);
                                if on {
                                    s.push(key);
                                }
                            });
                        }
                    />
                    <span inner_html=label></span>
                </label>
            }
        })
        .collect_view()
}

/// Puts `text` on the clipboard (`navigator.clipboard.writeText`, looked up at run time so
/// that a browser without it just does nothing) and says so in `status`.
fn copy(text: &str, what: &'static str, status: RwSignal<Option<&'static str>>) {
    use wasm_bindgen::JsCast;
    let get = |o: &wasm_bindgen::JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).ok();
    let Some(window) = web_sys::window() else {
        return;
    };
    let clipboard = get(&window, "navigator").and_then(|n| get(&n, "clipboard"));
    let write = clipboard.as_ref().and_then(|c| {
        get(c, "writeText")
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .map(|f| (c.clone(), f))
    });
    if let Some((c, f)) = write {
        if f.call1(&c, &text.into()).is_ok() {
            status.set(Some(what));
        }
    }
}

/// Selects a read-only field's text on focus, ready to copy.
fn select_all(ev: leptos::ev::FocusEvent) {
    use wasm_bindgen::JsCast;
    if let Some(t) = ev.target() {
        if let Ok(input) = t.clone().dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        } else if let Ok(area) = t.dyn_into::<web_sys::HtmlTextAreaElement>() {
            area.select();
        }
    }
}
