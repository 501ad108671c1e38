//! Share: the canonical link of the view, and an `<iframe>` snippet that embeds it in a course
//! page with the controls and result rows the author chooses, sized by the height the
//! embedded page reports.

use leptos::html::Dialog;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::asked::Asked;
use crate::components::controls::symbol;
use crate::controls::controls;
use crate::page::result_keys;
use crate::state::State;
use crate::view::View;

/// The listener a course page needs once: it sets each commcalc iframe's height to what the
/// embedded page reports (`dom::embedded`).
const RESIZER: &str = r#"addEventListener("message",e=>{if(e.data&&e.data.type==="commcalc:height")for(const f of document.querySelectorAll("iframe[data-commcalc]"))if(f.contentWindow===e.source)f.style.height=e.data.height+"px"})"#;

/// The embed snippet for `src`, titled for screen readers: an `iframe` and the `script` with
/// the listener, made as elements and written out by the browser (`outerHTML`), which escapes
/// their attributes as HTML wants.
pub fn snippet(src: &str, title: &str) -> String {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return String::new();
    };
    let markup = |tag: &str, attributes: &[(&str, &str)], text: &str| {
        let element = document.create_element(tag).ok()?;
        for (name, value) in attributes {
            element.set_attribute(name, value).ok()?;
        }
        element.set_text_content((!text.is_empty()).then_some(text));
        Some(element.outer_html())
    };
    let frame = markup(
        "iframe",
        &[
            ("data-commcalc", ""),
            ("src", src),
            ("title", title),
            ("style", "width:100%;height:640px;border:0"),
            ("loading", "lazy"),
        ],
        "",
    );
    let script = markup("script", &[], RESIZER);
    format!(
        "{}\n{}",
        frame.unwrap_or_default(),
        script.unwrap_or_default()
    )
}

/// `button#share` and the dialog it opens.
#[component]
pub fn Share(
    /// The app state: the page and scenario shared.
    state: State,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    // Whether the dialog is open. Its link, snippet and options follow the scenario only
    // then: closed, they would be made again on every slider input for a dialog nobody sees.
    let is_open = RwSignal::new(false);
    let open = move || {
        is_open.set(true);
        if let Some(d) = dialog.get() {
            let _ = d.show_modal();
        }
    };
    // Opened when the person pressed the button in the calculator's module.
    Effect::new(move || {
        if dialog.get().is_some() && state.take_asked(|a| a == Asked::Share).is_some() {
            open();
        }
    });
    view! {
        <button type="button" id="share" class="share" aria-haspopup="dialog" on:click=move |_| open()>
            "Share / embed"
        </button>
        <ShareDialog state dialog is_open/>
    }
}

/// `dialog#share-dialog`: the link, the boxes of what to keep in the embedded view, the
/// snippet, their copy buttons and what was copied last.
#[component]
fn ShareDialog(state: State, dialog: NodeRef<Dialog>, is_open: RwSignal<bool>) -> impl IntoView {
    let kept: Kept = [
        RwSignal::new(Vec::<String>::new()),
        RwSignal::new(Vec::new()),
    ];
    // What was copied last, for the status line.
    let copied = RwSignal::new(None::<&'static str>);
    let link = move || state.full_link();
    let code = move || embed_code(state, kept);
    let while_open = move |text: fn(State, Kept) -> String| {
        move || {
            if is_open.get() {
                text(state, kept)
            } else {
                String::new()
            }
        }
    };
    let close = move |_| {
        if let Some(d) = dialog.get() {
            d.close();
        }
    };
    view! {
        <dialog
            id="share-dialog"
            node_ref=dialog
            aria-labelledby="share-title"
            on:close=move |_| is_open.set(false)
        >
            <h2 id="share-title">"Share this view"</h2>
            <label for="share-link">"Link (the whole state is in it)"</label>
            <div class="copy-row">
                <input
                    id="share-link"
                    type="text"
                    readonly
                    prop:value=while_open(|state, _| state.full_link())
                    on:focus:target=move |ev| ev.target().select()
                />
                <button type="button" id="copy-link" on:click=move |_| copy(&link(), "link", copied)>
                    "Copy"
                </button>
            </div>
            <EmbedOptions state is_open kept/>
            <label for="embed-snippet">"Embed in a course page (HTML)"</label>
            <textarea
                id="embed-snippet"
                readonly
                rows="6"
                prop:value=while_open(embed_code)
                on:focus:target=move |ev| ev.target().select()
            ></textarea>
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

/// The controls and result rows ticked, in the order they were ticked.
type Kept = [RwSignal<Vec<String>>; 2];

/// The boxes of the controls and of the result rows to keep in the embedded view, while the
/// dialog is open; none in the validation view, which has no scenario controls and no results
/// table to keep.
#[component]
fn EmbedOptions(state: State, is_open: RwSignal<bool>, kept: Kept) -> impl IntoView {
    let options = Memo::new(move |_| state.page.with(|p| p.view != View::Validate));
    let boxes = Memo::new(move |_| {
        if is_open.get() && options.get() {
            embed_options(state)
        } else {
            Default::default()
        }
    });
    let items =
        move |i: usize| Signal::derive(move || boxes.with(|b: &[Vec<Item>; 2]| b[i].clone()));
    view! {
        <Show when=move || options.get()>
            <fieldset class="show-options">
                <legend>"Controls to keep in the embedded view"</legend>
                <Ticks name="show" items=items(0) chosen=kept[0]/>
            </fieldset>
            <fieldset class="show-options">
                <legend>"Result rows to keep (all if none is ticked)"</legend>
                <Ticks name="rows" items=items(1) chosen=kept[1]/>
            </fieldset>
        </Show>
    }
}

/// The embed snippet of the view, titled as the document is: a comparison names every machine
/// it compares.
fn embed_code(state: State, kept: Kept) -> String {
    let title = if state.page.with(|p| p.view == View::Compare) {
        let names: Vec<String> = state
            .compared()
            .iter()
            .map(|s| state.machine_name(s))
            .collect();
        format!("commcalc: {} · Compare", names.join(" vs "))
    } else {
        state
            .scenario
            .with(|s| format!("commcalc: {} · {}", state.machine_name(s), s.pattern.title))
    };
    snippet(&embed_address(state, kept), &title)
}

/// The address of the embedded view: the page's with `embed=1` and the controls and result
/// rows ticked.
fn embed_address(state: State, [shown, rows]: Kept) -> String {
    let (keep, kept_rows) = (shown.get(), rows.get());
    let query = state.query_with(|p| {
        p.embed = true;
        p.show = keep;
        p.rows = kept_rows;
    });
    format!("{}?{query}", crate::dom::page_address())
}

/// A box to tick: the key it keeps and its label.
type Item = (&'static str, String);

/// The boxes of the controls and of the result rows to keep in the embedded view.
fn embed_options(state: State) -> [Vec<Item>; 2] {
    let controls = state
        .scenario
        .with(|s| controls(s, state.traffic, state.engines));
    let items = controls.into_iter().map(|c| (c.key, c.label));
    let results = state.scenario.with(result_keys).into_iter().map(|k| {
        let label = commcalc_core::metrics::metric(k).map_or("", |m| m.label);
        (k, label.to_string())
    });
    [items.collect(), results.collect()]
}

/// A checkbox per item, ticked where `chosen` holds its key; ticking one adds its key to the
/// end of `chosen`, unticking takes it out.
#[component]
fn Ticks(
    name: &'static str,
    items: Signal<Vec<Item>>,
    chosen: RwSignal<Vec<String>>,
) -> impl IntoView {
    let tick = move |(key, label): Item| {
        let on = move || chosen.with(|c| c.iter().any(|k| k == key));
        let change = move |ev| {
            let ticked = event_target_checked(&ev);
            chosen.update(|c| {
                c.retain(|k| k != key);
                if ticked {
                    c.push(key.to_string());
                }
            });
        };
        view! {
            <label class="show-option">
                <input type="checkbox" name=name value=key prop:checked=on on:change=change/>
                <span>{symbol(&label)}</span>
            </label>
        }
    };
    view! { <For each=move || items.get() key=|item| item.clone() children=tick/> }
}

/// Puts `text` on the clipboard (`navigator.clipboard.writeText`, looked up at run time so
/// that a browser without it just does nothing) and says so in `status`.
fn copy(text: &str, what: &'static str, status: RwSignal<Option<&'static str>>) {
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
