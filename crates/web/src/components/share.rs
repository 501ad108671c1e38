//! Share: the canonical link of the view, and an `<iframe>` snippet that embeds it in a course
//! page with the controls and result rows the author chooses, sized by the height the
//! embedded page reports.

use std::fmt::Write;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlDialogElement;

use crate::controls::controls;
use crate::dom::{self, Node};
use crate::html::{esc, subscripts};
use crate::markup::{self, Used};
use crate::page::result_keys;
use crate::state::State;
use crate::view::View;

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

/// `button#share` and the dialog it opens, whose content is written as HTML (`markup`).
#[component]
pub fn Share(
    /// The app state: the page and scenario shared.
    state: State,
) -> impl IntoView {
    let dialog = Node::new();
    // The controls and result rows ticked, in the order they were ticked.
    let kept = [
        RwSignal::new(Vec::<String>::new()),
        RwSignal::new(Vec::new()),
    ];
    // What was copied last, for the status line.
    let copied = RwSignal::new(None::<&'static str>);
    // Whether the dialog is open. Its link, snippet and options follow the scenario only
    // then: closed, they would be rebuilt on every slider input (the options' checkboxes, the
    // whole address twice) for a dialog nobody sees.
    let is_open = RwSignal::new(false);
    // The validation view has no scenario controls and no results table to keep.
    let options = Memo::new(move |_| state.page.with(|p| p.view != View::Validate));
    let link = move || state.full_link();
    let code = move || {
        // A comparison names every machine it compares, as the document's title does.
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
    };
    dom::html_follows(dialog, move || {
        let open = is_open.get().then(|| (link(), code()));
        let ticks = (is_open.get() && options.get()).then(|| embed_options(state, kept));
        dialog_html(open, options.get().then_some(ticks), copied.get())
    });
    markup::listen(
        dialog,
        &["click", "change", "focus", "close"],
        move |used| match used.kind() {
            "close" => is_open.set(false),
            "focus" => select_all(used.element()),
            "change" => tick(used, kept),
            "click" if used.is("#copy-link") => copy(&link(), "link", copied),
            "click" if used.is("#copy-snippet") => copy(&code(), "snippet", copied),
            "click" if used.is("#share-close") => {
                if let Some(d) = dialog.get() {
                    d.unchecked_into::<HtmlDialogElement>().close();
                }
            }
            _ => {}
        },
    );
    // The button's click taken like the dialog's (`markup`): no event handler of its own.
    let button = Node::new();
    markup::listen(button, &["click"], move |_| {
        is_open.set(true);
        if let Some(d) = dialog.get() {
            let _ = d.unchecked_into::<HtmlDialogElement>().show_modal();
        }
    });
    view! {
        <button type="button" id="share" class="share" aria-haspopup="dialog" node_ref=button>
            "Share / embed"
        </button>
        <dialog id="share-dialog" node_ref=dialog aria-labelledby="share-title"></dialog>
    }
}

/// The dialog's content: the link and the snippet while open (`open`), the embed options
/// unless the view has none (`options`: the boxes while open), and what was copied.
fn dialog_html(
    open: Option<(String, String)>,
    options: Option<Option<[String; 2]>>,
    copied: Option<&str>,
) -> String {
    let (link, code) = open.unwrap_or_default();
    let mut out = format!(
        "<h2 id=\"share-title\">Share this view</h2><label for=\"share-link\">Link (the whole state is in it)</label>\
         <div class=\"copy-row\"><input id=\"share-link\" type=\"text\" readonly value=\"{}\"><button type=\"button\" id=\"copy-link\">Copy</button></div>",
        esc(&link)
    );
    if let Some(ticks) = options {
        let [controls, rows] = ticks.unwrap_or_default();
        let _ = write!(
            out,
            "<fieldset class=\"show-options\"><legend>Controls to keep in the embedded view</legend>{controls}</fieldset>\
             <fieldset class=\"show-options\"><legend>Result rows to keep (all if none is ticked)</legend>{rows}</fieldset>"
        );
    }
    let status = copied
        .map(|what| format!("The {what} is copied."))
        .unwrap_or_default();
    let _ = write!(
        out,
        "<label for=\"embed-snippet\">Embed in a course page (HTML)</label><textarea id=\"embed-snippet\" readonly rows=\"6\">{}</textarea>\
         <p class=\"copy-row\"><button type=\"button\" id=\"copy-snippet\">Copy the snippet</button><span id=\"copy-status\" role=\"status\">{status}</span></p>\
         <p class=\"about\">The embedded page shows this view's charts and results and the controls ticked above, and tells the course page its height. It keeps nothing in storage.</p>\
         <button type=\"button\" id=\"share-close\">Close</button>",
        esc(&code)
    );
    out
}

/// The address of the embedded view: the page's with `embed=1` and the controls and result
/// rows ticked.
fn embed_address(state: State, [shown, rows]: [RwSignal<Vec<String>>; 2]) -> String {
    let (keep, kept_rows) = (shown.get(), rows.get());
    let query = state.query_with(|p| {
        p.embed = true;
        p.show = keep;
        p.rows = kept_rows;
    });
    format!("{}?{query}", crate::dom::page_address())
}

/// The boxes of the controls and of the result rows to keep in the embedded view.
fn embed_options(state: State, [shown, rows]: [RwSignal<Vec<String>>; 2]) -> [String; 2] {
    let controls = state.scenario.with(controls);
    let items = controls.iter().map(|c| (c.key, subscripts(&c.label)));
    let results = state.scenario.with(result_keys).into_iter().map(|k| {
        let label = commcalc_core::metrics::metric(k).map_or("", |m| m.label);
        (k, esc(label))
    });
    [
        ticks("show", items.collect(), shown),
        ticks("rows", results.collect(), rows),
    ]
}

/// A checkbox per item (key, label as HTML), ticked where `chosen` holds its key.
fn ticks(name: &str, items: Vec<(&str, String)>, chosen: RwSignal<Vec<String>>) -> String {
    chosen.with(|chosen| {
        items
            .into_iter()
            .map(|(key, label)| {
                let on = if chosen.iter().any(|k| k == key) { " checked" } else { "" };
                format!(
                    "<label class=\"show-option\"><input type=\"checkbox\" name=\"{name}\" value=\"{key}\"{on}><span>{label}</span></label>"
                )
            })
            .collect()
    })
}

/// A box ticked or unticked: its key joins the end of its list, or leaves it.
fn tick(used: &Used, [shown, rows]: [RwSignal<Vec<String>>; 2]) {
    let chosen = match used.within("name").as_deref() {
        Some("show") => shown,
        Some("rows") => rows,
        _ => return,
    };
    let key = used.value();
    let on = used.checked();
    chosen.update(|s| {
        s.retain(|k| *k != key);
        if on {
            s.push(key);
        }
    });
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
fn select_all(target: &web_sys::Element) {
    use wasm_bindgen::JsCast;
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.select();
    }
}
