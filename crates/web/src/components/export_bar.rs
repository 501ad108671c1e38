//! Export: each chart as PNG (the canvas) and SVG (the same drawing on plotters' SVG backend),
//! the curve data as CSV and the report as JSON, as `commcalc … --json` prints it.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::chart::{palette, Scale};
use crate::components::charts::Plots;
use crate::dom;
use crate::draw::{svg, Frame};
use crate::state::State;

/// The charts' canvases, in the order of `Plots`, and their names in file names.
const CHARTS: [(&str, &str); 2] = [
    ("latency-chart", "latency"),
    ("bandwidth-chart", "bandwidth"),
];

/// `div.export` with `button[data-export=latency-png|latency-svg|bandwidth-png|bandwidth-svg|csv|json]`.
#[component]
pub fn ExportBar(
    /// The app state: its scale.
    state: State,
    /// What the charts show: drawn again as SVG.
    plots: Memo<Plots>,
    /// The start of the files' names.
    stem: Signal<String>,
    /// The curve data as CSV.
    csv: Callback<(), String>,
    /// The report (or comparison) as JSON data, or why there is none.
    json: Callback<(), Result<JsValue, String>>,
) -> impl IntoView {
    let failed = RwSignal::new(String::new());
    let run = move |what: &'static str| {
        let stem = stem.get_untracked();
        let outcome: Result<(), String> = match what {
            "csv" => text_file(&format!("{stem}.csv"), "text/csv", csv.run(())),
            "json" => json.run(()).and_then(|v| {
                let text = js_sys::JSON::stringify_with_replacer_and_space(
                    &v,
                    &JsValue::NULL,
                    &JsValue::from(2),
                )
                .map_err(|e| format!("{e:?}"))?;
                text_file(&format!("{stem}.json"), "application/json", text.into())
            }),
            chart => chart_file(
                chart,
                plots,
                state.scale.get_untracked(),
                state.dark.get_untracked(),
                &stem,
            ),
        };
        failed.set(
            outcome
                .err()
                .map(|e| format!("Export failed: {e}"))
                .unwrap_or_default(),
        );
    };
    let button = move |what: &'static str, label: &'static str, title: String| {
        view! {
            <button type="button" data-export=what title=title on:click=move |_| run(what)>
                {label}
            </button>
        }
    };
    view! {
        <div class="export" role="group" aria-label="Export">
            <span class="export-label">"Export"</span>
            {button("latency-png", "Latency PNG", "The latency chart as a PNG image".into())}
            {button("latency-svg", "SVG", "The latency chart as SVG".into())}
            {button("bandwidth-png", "Bandwidth PNG", "The bandwidth chart as a PNG image".into())}
            {button("bandwidth-svg", "SVG", "The bandwidth chart as SVG".into())}
            {button("csv", "CSV", "The curve data as CSV".into())}
            {button("json", "JSON", "The report as JSON, as commcalc --json prints it".into())}
            <span class="error" role="alert">{move || failed.get()}</span>
        </div>
    }
}

/// A value as plain JS data (the JavaScript API's form), for `JSON.stringify`.
pub fn plain<T: serde::Serialize>(value: &T) -> Result<JsValue, String> {
    crate::api::to_js(value).map_err(|e| format!("{:?}", JsValue::from(e)))
}

/// Saves text as a file.
fn text_file(name: &str, mime: &str, text: String) -> Result<(), String> {
    dom::download_text(name, mime, &text).map_err(|e| format!("{e:?}"))
}

/// Saves one chart (`latency-png`, `bandwidth-svg`, …) as `<stem>-latency.png`, ….
fn chart_file(
    what: &str,
    plots: Memo<Plots>,
    scale: Scale,
    dark: bool,
    stem: &str,
) -> Result<(), String> {
    let (chart, format) = what.split_once('-').ok_or("unknown export")?;
    let i = CHARTS
        .iter()
        .position(|(_, n)| *n == chart)
        .ok_or("unknown chart")?;
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(CHARTS[i].0))
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        .ok_or("the chart is not on the page")?;
    let file = format!("{stem}-{chart}.{format}");
    if format == "png" {
        return dom::download_png(&file, &canvas).map_err(|e| format!("{e:?}"));
    }
    let frame = Frame {
        css: (
            f64::from(canvas.client_width()),
            f64::from(canvas.client_height()),
        ),
        ratio: 1.0,
    };
    let text = plots.with_untracked(|p| {
        let plot = p.as_ref().map(|p| &p[i]).map_err(String::as_str);
        svg(frame, plot, scale, &palette(dark))
    })?;
    text_file(&file, "image/svg+xml", text)
}
