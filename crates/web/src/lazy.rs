//! The page's two modules. A first visit to the calculator downloads the calculator's module
//! (`commcalc-web`); every other view, the export bar's exports, the explain panel's texts, the
//! share dialog and the scenarios that need the traffic simulator or MPI's collective algorithms
//! (`commcalc_core::Error::Elsewhere`) live in the full module (`commcalc-full`,
//! `src/bin/full.rs`). index.html's loader (Trunk.toml) starts the full module straight away for
//! an address of another view; on the calculator, the calculator's module loads it here the
//! first time another view opens or an export, the explain panel or the share button is used.
//! The full module then takes the page over: the calculator's app is unmounted and the full
//! one mounts on the same address, which holds the whole state; what the address does not hold
//! (the note and problems on screen, the focused element, the control the person used) is
//! handed over beside it. The service worker precaches
//! both modules, so that everything works offline after one visit.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::export_bar::{export_panel, ExportArgs};
use crate::dom;
use crate::problem::Problem;
use crate::state::State;

// `load_full` fetches the full module's script and wasm side by side and compiles the wasm
// while the calculator's app stays on screen; then starts the full module, whose `main` calls
// `leave` (left on the window) to take the calculator's app down just before it mounts its own,
// in the same task, so that the page never shows a blank frame. A failure before then is reported.
// Trunk builds the full module without a hash in its name (index.html), so it is found here.
#[wasm_bindgen(inline_js = r#"
export function load_full(leave, failed) {
  const at = (name) => new URL(name, document.baseURI).href;
  const wasm = fetch(at('commcalc-full_bg.wasm'))
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((bytes) => WebAssembly.compile(bytes));
  Promise.all([import(at('commcalc-full.js')), wasm]).then(
    ([full, compiled]) => {
      window.commcalcLeave = leave;
      return full.default({ module_or_path: compiled });
    },
    (e) => failed(String((e && e.message) || e)),
  );
}

export function fetch_entry(name, key, found, failed) {
  fetch(new URL(name, document.baseURI))
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((json) => (typeof json[key] === 'string' ? found(json[key]) : failed(`no entry "${key}"`)))
    .catch((e) => failed(String((e && e.message) || e)));
}
"#)]
extern "C" {
    fn load_full(leave: JsValue, failed: JsValue);
    #[wasm_bindgen(js_name = fetch_entry)]
    fn fetch_entry_js(name: &str, key: &str, found: JsValue, failed: JsValue);
}

/// Fetches the JSON object `name` beside the page (data a first visit does without, which the
/// service worker precaches like every file of the site) and hands `done` its text under
/// `key`, or why it could not be had.
pub fn fetch_entry(name: &str, key: &str, done: impl FnOnce(Result<String, String>) + 'static) {
    // One of the two is called. Each takes one string, as `load`'s `failed` does: closures of
    // one signature share wasm-bindgen's code for them.
    let done = std::rc::Rc::new(std::cell::Cell::new(Some(done)));
    let failed = done.clone();
    let found = Closure::once_into_js(move |text: String| {
        if let Some(done) = done.take() {
            done(Ok(text));
        }
    });
    let failed = Closure::once_into_js(move |why: String| {
        if let Some(done) = failed.take() {
            done(Err(why));
        }
    });
    fetch_entry_js(name, key, found, failed);
}

/// The calculator's module's way out, which the full module calls as it starts.
const LEAVE: &str = "commcalcLeave";

thread_local! {
    /// Whether the full module is being loaded (one load per page, however many views open
    /// meanwhile).
    static LOADING: Cell<bool> = const { Cell::new(false) };
    /// The notice on screen, which says so if the load fails.
    static NOTICE: RefCell<Option<RwSignal<Option<String>>>> = const { RefCell::new(None) };
    /// The control the person used (a selector: an export button, the explain panel's
    /// summary), which the full module presses again once it has drawn.
    static PRESS: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The mounted app, kept so that [`unmount`] can take it down when the full module takes
    /// the page over (dropping the handle unmounts the view and disposes its signals).
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Keeps the app `app::start` mounted (its handle), for the full module to take down when it
/// takes the page over ([`unmount`]). Kept here, with the hand-over, so that this module does
/// not import the app that calls it.
pub fn keep_mounted(app: Box<dyn Any>) {
    MOUNTED.with(|m| *m.borrow_mut() = Some(app));
}

/// Takes the app off the page and disposes it: the full module is about to mount in its place.
fn unmount() {
    let app = MOUNTED.with(|m| m.borrow_mut().take());
    drop(app);
}

/// Loads the full module, once, for it to take the page over; `failed` (the notice on screen)
/// gets the reason if it cannot.
fn load(state: State, failed: RwSignal<Option<String>>) {
    NOTICE.with(|n| *n.borrow_mut() = Some(failed));
    if LOADING.with(|l| l.replace(true)) {
        return;
    }
    let leave = Closure::once_into_js(move || leave(state));
    let failed = Closure::once_into_js(move |message: String| {
        LOADING.with(|l| l.set(false));
        if let Some(notice) = NOTICE.with(|n| *n.borrow()) {
            notice.try_set(Some(message));
        }
    });
    load_full(leave, failed);
}

/// A stand-in was used: loads the full module, which presses the control `selector` finds once
/// it has drawn, as the person pressed the stand-in; `failed` is cleared for this try.
fn press_in_full(state: State, selector: String, failed: RwSignal<Option<String>>) {
    PRESS.with(|p| *p.borrow_mut() = Some(selector));
    failed.set(None);
    load(state, failed);
}

/// In the calculator's module, the results area of what it does not carry (another view, the
/// traffic pattern): a loading notice, titled `title`, which a slow connection shows for a
/// while, while the full module loads and takes over.
pub fn hand_over(title: &'static str, state: State) -> AnyView {
    let failed = RwSignal::new(None::<String>);
    load(state, failed);
    view! {
        <p class="loading" role="status">
            {move || match failed.get() {
                None => format!("Loading “{title}”…"),
                Some(e) => format!(
                    "“{title}” could not be loaded ({e}). Check the connection, then open it again."
                ),
            }}
        </p>
    }
    .into_any()
}

/// In the calculator's module, the export bar: the same buttons, which load the full module
/// (the exports draw the charts again as SVG and slides, and write the report as JSON: code a
/// first visit does without); the full module makes the export asked for once it has drawn.
pub fn export_bar(args: ExportArgs) -> AnyView {
    let failed = RwSignal::new(None::<String>);
    let asked = RwSignal::new(false);
    let run = move |what: &'static str| {
        asked.set(true);
        press_in_full(
            args.state,
            format!("button[data-export=\"{what}\"]"),
            failed,
        );
    };
    let error = move || {
        failed.get().map(|e| {
            format!("Export failed: the exports could not be loaded ({e}). Check the connection, then try again.")
        })
    };
    let loading =
        move || (asked.get() && failed.with(Option::is_none)).then_some("Loading the exports…");
    let notices = view! {
        <span class="error" role="alert">{error}</span>
        <span role="status">{loading}</span>
    };
    export_panel(run, notices).into_any()
}

/// In the calculator's module, the share button: the same `button#share`, which loads the full
/// module (the dialog writes the link, the embed snippet and its options: code a first visit
/// does without); the full module opens its dialog once it has drawn. A failed load is said
/// beside the button.
pub fn share_button(state: State) -> AnyView {
    let failed = RwSignal::new(None::<String>);
    let asked = RwSignal::new(false);
    let press = move |_| {
        asked.set(true);
        press_in_full(state, "#share".to_string(), failed);
    };
    let status = move || match failed.get() {
        Some(e) => Some(format!(
            "Sharing could not be loaded ({e}). Check the connection, then try again."
        )),
        None => asked.get().then(|| "Loading…".to_string()),
    };
    // One item of the bar, as the full module's button is (its closed dialog takes no place).
    view! {
        <span class="share-wrap">
            <button type="button" id="share" class="share" aria-haspopup="dialog" on:click=press>
                "Share / embed"
            </button>
            <span class="share-status" role="status">{status}</span>
        </span>
    }
    .into_any()
}

/// In the calculator's module, the explain panel: the same `details#explain`, which loads the
/// full module when opened (the explanations' texts and formulas are code a first visit does
/// without); the full module opens its own once it has drawn.
pub fn explain_panel(state: State) -> AnyView {
    let failed = RwSignal::new(None::<String>);
    let notice = move || {
        match failed.get() {
        None => "Loading the explanations…".to_string(),
        Some(e) => format!(
            "The explanations could not be loaded ({e}). Check the connection, then open this again."
        ),
    }
    };
    let toggled = move |ev: leptos::ev::Event| {
        if event_target::<web_sys::Element>(&ev).has_attribute("open") {
            press_in_full(state, "#explain > summary".to_string(), failed);
        }
    };
    view! {
        <details class="explain panel" id="explain" on:toggle=toggled>
            <summary>"What am I looking at?"</summary>
            <p class="explain-body" role="status">{notice}</p>
        </details>
    }
    .into_any()
}

/// The calculator's app leaves the page: the address is brought up to date, the app is
/// unmounted, and what the address does not hold (the note and problems on screen, the focused
/// element's id) is returned for the full module.
fn leave(state: State) -> JsValue {
    let note = state.note.try_get_untracked().flatten();
    let problems = state.problems.try_get_untracked().unwrap_or_default();
    let focus = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .map(|e| e.id())
        .unwrap_or_default();
    dom::retire();
    unmount();
    let list = js_sys::Array::new();
    for p in &problems {
        list.push(&js_sys::Array::of2(
            &p.key.as_str().into(),
            &p.message.as_str().into(),
        ));
    }
    let handed = js_sys::Object::new();
    let _ = js_sys::Reflect::set(
        &handed,
        &"note".into(),
        &note.map(JsValue::from).unwrap_or(JsValue::NULL),
    );
    let _ = js_sys::Reflect::set(&handed, &"problems".into(), &list);
    let _ = js_sys::Reflect::set(&handed, &"focus".into(), &focus.into());
    if let Some(press) = PRESS.with(|p| p.borrow_mut().take()) {
        let _ = js_sys::Reflect::set(&handed, &"press".into(), &press.into());
    }
    handed.into()
}

/// What the calculator's module handed over.
pub struct Received {
    pub note: Option<String>,
    pub problems: Vec<Problem>,
    /// The id of the element that had the focus (empty for none).
    pub focus: String,
    /// The control the person used (a selector), to press again once the charts are drawn.
    pub press: Option<String>,
}

/// In the full module, as it starts: if the calculator's module started it, takes that
/// module's app down and returns what it handed over. Called before the address is read.
pub fn received() -> Option<Received> {
    let window = web_sys::window()?;
    let leave = js_sys::Reflect::get(&window, &LEAVE.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())?;
    let _ = js_sys::Reflect::set(&window, &LEAVE.into(), &JsValue::UNDEFINED);
    let handed = leave.call0(&JsValue::NULL).ok()?;
    let field = |name: &str| js_sys::Reflect::get(&handed, &name.into()).ok();
    let problems = field("problems")
        .map(|v| js_sys::Array::from(&v))
        .map(|list| {
            list.iter()
                .filter_map(|p| {
                    let p = js_sys::Array::from(&p);
                    Some(Problem {
                        key: p.get(0).as_string()?,
                        message: p.get(1).as_string()?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(Received {
        note: field("note").and_then(|v| v.as_string()),
        problems,
        focus: field("focus")
            .and_then(|v| v.as_string())
            .unwrap_or_default(),
        press: field("press").and_then(|v| v.as_string()),
    })
}

/// In the full module: presses the control `selector` names once the charts have been drawn
/// (the PNG export is the canvas as drawn), as the person pressed it in the calculator's module.
pub fn press_after_paint(selector: String) {
    // Only the selectors above: ids, attributes and a child.
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_#[]=\"> ".contains(c);
    if !selector.chars().all(plain) {
        return;
    }
    // Pressed in a task of its own: the panels written as HTML (`markup`) fill in and listen in
    // the effects that follow the first paint.
    dom::after_paint(move || set_timeout(move || press(&selector), Duration::ZERO));
}

/// Presses the control `selector` finds, if any.
fn press(selector: &str) {
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        // The focus stays on the control, as where the person used it.
        let _ = button.focus();
        button.click();
    }
}
