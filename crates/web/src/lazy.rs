//! The page's two modules. A first visit downloads the calculator's module (`commcalc-web`,
//! started by index.html); every other view lives in the full module (`commcalc-full`, all
//! views, `src/bin/full.rs`), which the calculator's module loads the first time another view
//! opens. The full module then takes the page over: the calculator's app is unmounted and the
//! full one mounts on the same address, which holds the whole state; the note and problems on
//! screen, which the address does not hold, are handed over beside it. The service worker
//! precaches both modules, so that every view works offline after one visit.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::app;
use crate::dom;
use crate::edit::Problem;
use crate::page::View;
use crate::state::State;

// Fetches the full module's script and wasm side by side and compiles the wasm before the
// calculator's app retires, so that the page is never blank for the download; then starts the
// full module (its `main` mounts the app). A failure before the hand-over is reported back.
// Trunk builds the full module without a hash in its name (index.html), so it is found here.
#[wasm_bindgen(inline_js = r#"
export function load_full(retire, failed) {
  const at = (name) => new URL(name, document.baseURI).href;
  const wasm = fetch(at('commcalc-full_bg.wasm'))
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((bytes) => WebAssembly.compile(bytes));
  Promise.all([import(at('commcalc-full.js')), wasm]).then(
    ([full, compiled]) => {
      retire();
      return full.default({ module_or_path: compiled });
    },
    (e) => failed(String((e && e.message) || e)),
  );
}
"#)]
extern "C" {
    fn load_full(retire: JsValue, failed: JsValue);
}

/// Where the calculator's module leaves the note and problems for the full module.
const HANDED: &str = "commcalcHandedOver";

thread_local! {
    /// Whether the full module is being loaded (one load per page, however many views open
    /// meanwhile).
    static LOADING: Cell<bool> = const { Cell::new(false) };
    /// The notice on screen, which says so if the load fails.
    static NOTICE: RefCell<Option<RwSignal<Option<String>>>> = const { RefCell::new(None) };
}

/// In the calculator's module, the results area of a view it does not carry: a loading notice
/// (which a slow connection shows for a while) while the full module loads and takes over.
pub fn hand_over(view: View, state: State) -> AnyView {
    let failed = RwSignal::new(None::<String>);
    NOTICE.with(|n| *n.borrow_mut() = Some(failed));
    if !LOADING.with(|l| l.replace(true)) {
        let retire = Closure::once_into_js(move || retire(state));
        let failed = Closure::once_into_js(move |message: String| {
            LOADING.with(|l| l.set(false));
            if let Some(notice) = NOTICE.with(|n| *n.borrow()) {
                notice.try_set(Some(message));
            }
        });
        load_full(retire, failed);
    }
    let title = view.title();
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

/// The calculator's app leaves the page: what the address does not hold is handed over, the
/// address is brought up to date, and the app is unmounted.
fn retire(state: State) {
    let note = state.note.try_get_untracked().flatten();
    let problems = state.problems.try_get_untracked().unwrap_or_default();
    let Some(window) = web_sys::window() else {
        return;
    };
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
    let _ = js_sys::Reflect::set(&window, &HANDED.into(), &handed);
    dom::retire();
    app::unmount();
}

/// What the calculator's module handed over (in the full module, once), if it did.
pub struct Received {
    pub note: Option<String>,
    pub problems: Vec<Problem>,
}

/// Takes what the calculator's module handed over, if the full module was started by it.
pub fn received() -> Option<Received> {
    let window = web_sys::window()?;
    let handed = js_sys::Reflect::get(&window, &HANDED.into())
        .ok()
        .filter(JsValue::is_object)?;
    let _ = js_sys::Reflect::set(&window, &HANDED.into(), &JsValue::UNDEFINED);
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
    })
}
