//! The page's modules. A first visit to the calculator downloads the calculator's module
//! (`commcalc-web`); every other view, the export bar's exports, the explain panel's texts, the
//! share dialog and the scenarios that need the traffic simulator or MPI's collective algorithms
//! (`commcalc_core::Error::Elsewhere`) live in the full module (`commcalc-full`,
//! `src/bin/full.rs`). A link to one other view starts that view's own module instead
//! (`commcalc-regimes`, say: `app::one_view!`), which costs every scenario but carries no other
//! view; index.html's loader (Trunk.toml) starts the full module straight away for an address
//! that needs more. From the calculator's module or a module of one view, the full module
//! loads here the first time another view opens or something only it carries is used. The
//! address is all that passes between them: what the person asked for is written into it
//! (`asked=`, `crate::asked`), the full module takes the first module's app down, mounts on the
//! address and does what it says. The service worker precaches the calculator's and the full
//! module, so that everything works offline after one visit.

use std::any::Any;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::asked::Asked;
use crate::components::export_bar::{export_panel, ExportArgs};
use crate::state::State;
use crate::view::View;

// `load_full` fetches the full module's script and wasm side by side and compiles the wasm
// while the calculator's app stays on screen; then starts the full module, whose `main` calls
// the calculator's way out (`offer_leave`) to take its app down just before it mounts its own,
// in the same task, so that the page never shows a blank frame. A failure before then is reported.
// Trunk builds the full module without a hash in its name (index.html), so it is found here.
#[wasm_bindgen(inline_js = r#"
export function load_full(failed) {
  const at = (name) => new URL(name, document.baseURI).href;
  const wasm = fetch(at('commcalc-full_bg.wasm'))
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((bytes) => WebAssembly.compile(bytes));
  Promise.all([import(at('commcalc-full.js')), wasm]).then(
    ([full, compiled]) => full.default({ module_or_path: compiled }),
    (e) => failed(String((e && e.message) || e)),
  );
}
"#)]
extern "C" {
    fn load_full(failed: JsValue);
}

/// A module's way out, left on the window: a module started after it calls it as it starts.
const LEAVE: &str = "commcalcLeave";

/// Leaves the app `app::start` mounted (its handle) a way out on the window, for a module
/// started later to take it down (`take_over`): dropping the handle unmounts the view and
/// disposes its signals, which writes any edit the address still waits for and removes the
/// page's listeners (`dom::Address`).
pub fn offer_leave(app: Box<dyn Any>) {
    let leave = Closure::once_into_js(move || drop(app));
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &LEAVE.into(), &leave);
    }
}

/// In a module, as it starts: if another module started it, takes that module's app down.
/// Called before the address is read, which that app brings up to date.
pub fn take_over() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let leave = js_sys::Reflect::get(&window, &LEAVE.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(leave) = leave {
        let _ = js_sys::Reflect::set(&window, &LEAVE.into(), &JsValue::UNDEFINED);
        let _ = leave.call0(&JsValue::NULL);
    }
}

/// The hand-over in a module without every view: whether the full module is being loaded (one
/// load per page, however many stand-ins ask) and why it could not be, which every stand-in
/// says. The app provides it (`provide_context`).
#[derive(Clone, Copy)]
pub struct Handover {
    loading: RwSignal<bool>,
    failed: RwSignal<Option<String>>,
}

impl Handover {
    pub fn new() -> Handover {
        Handover {
            loading: RwSignal::new(false),
            failed: RwSignal::new(None),
        }
    }
}

impl Default for Handover {
    fn default() -> Handover {
        Handover::new()
    }
}

/// The app's hand-over (a fresh one where none is provided, as in a test of one component).
fn handover() -> Handover {
    use_context::<Handover>().unwrap_or_default()
}

/// Writes what was asked into the address, if anything, and loads the full module once, for
/// it to take the page over on that address.
fn ask(state: State, asked: Option<Asked>) {
    let h = handover();
    if let Some(asked) = asked {
        state.ask(asked);
    }
    h.failed.set(None);
    if h.loading.get_untracked() {
        return;
    }
    h.loading.set(true);
    let failed = Closure::once_into_js(move |message: String| {
        h.loading.try_set(false);
        h.failed.try_set(Some(message));
    });
    load_full(failed);
}

/// In a module without every view, the results area of a view it does not carry: the loading
/// notice of [`hand_over`]. The view came from its tab (or the history), which the address
/// says, so that the full module moves the scenario as the view asks and leaves the focus on
/// the tab.
pub fn hand_over_view(view: View, state: State) -> AnyView {
    hand_over(view.title(), state, Some(Asked::View))
}

/// In a module without every view, the results area of what it does not carry (a view, with
/// `Asked::View`; the traffic pattern, without): a loading notice, titled `title`, which a
/// slow connection shows for a while, while the full module loads and takes over.
pub fn hand_over(title: &'static str, state: State, asked: Option<Asked>) -> AnyView {
    let failed = handover().failed;
    // Asked once the notice is on the page, not while it is being made.
    Effect::new(move || ask(state, asked));
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
    let failed = handover().failed;
    let asked = RwSignal::new(false);
    let run = move |what: &'static str| {
        asked.set(true);
        ask(args.state, Some(Asked::Export(what)));
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

/// In a module without every view, the share button: the same `button#share`, which loads the full
/// module (the dialog writes the link, the embed snippet and its options: code a first visit
/// does without); the full module opens its dialog once it has drawn. A failed load is said
/// beside the button.
pub fn share_button(state: State) -> AnyView {
    let failed = handover().failed;
    let asked = RwSignal::new(false);
    let press = move |_| {
        asked.set(true);
        ask(state, Some(Asked::Share));
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

/// In a module without every view, the explain panel: the same `details#explain`, which loads the
/// full module when opened (the explanations' texts and formulas are code a first visit does
/// without); the full module opens its own once it has drawn.
pub fn explain_panel(state: State) -> AnyView {
    let failed = handover().failed;
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
            ask(state, Some(Asked::Explain));
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
