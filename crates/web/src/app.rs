//! The page: reads the URL, builds the state and lays out the components.

use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use commcalc_core::Scenario;

use crate::components::{
    Charts, Controls, ErrorList, MachinePicker, MetricsTable, ModelPicker, PatternPicker,
    WarningList,
};
use crate::dom;
use crate::edit::{url_problems, Problem};
use crate::state::State;

/// Mounts the app on `#app` (the page's body if there is none).
pub fn start() {
    // A panic ends the page: say why in the console (a smaller hook than
    // console_error_panic_hook, without the JS stack).
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("commcalc: {info}").into());
    }));
    dom::init_paints();
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    // Every valid key of the URL is kept and every bad one reported; defaults stand in for
    // the bad ones, and for everything if no machine/pattern pair could be formed.
    let (scenario, errors) = Scenario::from_query_lenient(&search);
    let problems = url_problems(&errors);
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let root = document
        .get_element_by_id("app")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        .or_else(|| document.body());
    let Some(root) = root else { return };
    match scenario.or_else(|| Scenario::from_query("").ok()) {
        Some(initial) => mount_to(root, move || view! { <App initial problems/> }).forget(),
        None => root.set_text_content(Some("commcalc could not build its default scenario.")),
    }
}

/// The whole page.
#[component]
fn App(
    /// The scenario read from the URL.
    initial: Scenario,
    /// What was wrong with the URL, key by key.
    problems: Vec<Problem>,
) -> impl IntoView {
    let state = State::new(initial, problems);
    view! {
        <main class="layout">
            <section class="side" aria-label="Scenario">
                <div class="pickers">
                    <MachinePicker state/>
                    <PatternPicker state/>
                    <ModelPicker state/>
                </div>
                <ErrorList state/>
                <Controls state/>
            </section>
            <section class="results" aria-label="Results">
                <Charts state/>
                <WarningList state/>
                <MetricsTable state/>
            </section>
        </main>
    }
}
