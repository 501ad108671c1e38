//! Export: each chart as PNG (the canvas, or a 1600×900 image for a slide) and SVG (the same
//! drawing on plotters' SVG backend), the slide and the SVG with a title, the scenario and
//! the axes' titles; the curve data as CSV and the report as JSON, as `commcalc … --json`
//! prints it.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::charts::Plots;
use crate::asked::{Asked, Export, EXPORTS};
use crate::chart::{palette, Scale};
use crate::dom::{self, Node};
use crate::draw::{png, svg, Frame, Heading};
use crate::state::State;

/// The charts, in the order of `Plots`: their names in file names and what their ordinates
/// are.
const CHARTS: [(&str, &str); 2] = [("latency", "Latency T"), ("bandwidth", "Bandwidth x/T")];

/// A chart's plot, or why there is none.
type PlotOr<'a> = Result<&'a crate::chart::Plot, &'a str>;

/// The slide export's size in CSS pixels, drawn at twice the pixels: 1600×900.
const SLIDE: Frame = Frame {
    css: (800.0, 450.0),
    ratio: 2.0,
};

/// What the calculator's export bar exports from. The files' names and the charts' subtitle
/// are derived by the full module's bar itself: the stand-in in the calculator's module needs
/// neither. Beside the export panel that both bars draw, so that the app and the stand-in
/// (`lazy::export_bar`) take it from below them.
#[derive(Clone, Copy)]
pub struct ExportArgs {
    pub state: State,
    pub plots: Memo<Plots>,
    /// The charts' canvases (`Charts`), for the PNG of a chart as shown.
    pub canvases: [Node; 2],
    pub abscissa: Signal<&'static str>,
}

/// `div.export` with `button[data-export=latency-png|latency-svg|bandwidth-png|bandwidth-svg|csv|json]`.
#[component]
pub fn ExportBar(
    /// The app state: its scale.
    state: State,
    /// What the charts show: drawn again as SVG.
    plots: Memo<Plots>,
    /// The charts' canvases, latency then bandwidth: a PNG is the canvas as drawn.
    canvases: [Node; 2],
    /// The start of the files' names.
    stem: Signal<String>,
    /// What the charts show, for an exported chart's heading: the scenario (or scenarios).
    subtitle: Signal<String>,
    /// What the abscissa measures.
    abscissa: Signal<&'static str>,
    /// The curve data as CSV, or why there is none.
    csv: Callback<(), Result<String, String>>,
    /// The report (or comparison) as JSON data, or why there is none.
    json: Callback<(), Result<JsValue, String>>,
) -> impl IntoView {
    let failed = RwSignal::new(String::new());
    let run = move |what: &'static str| {
        let stem = stem.get_untracked();
        let outcome: Result<(), String> = match what {
            "csv" => csv
                .run(())
                .and_then(|text| text_file(&format!("{stem}.csv"), "text/csv", text)),
            "json" => json.run(()).and_then(|v| {
                let text = js_sys::JSON::stringify_with_replacer_and_space(
                    &v,
                    &JsValue::NULL,
                    &JsValue::from(2),
                )
                .map_err(|e| dom::js_error(&e))?;
                text_file(&format!("{stem}.json"), "application/json", text.into())
            }),
            chart => chart_file(
                chart,
                (plots, canvases),
                untrack(|| state.scale()),
                (subtitle.get_untracked(), abscissa.get_untracked()),
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
    // The export the person pressed in the calculator's module, made once the charts are
    // drawn (a PNG is the canvas as drawn): after the frame that follows the mount.
    Effect::new(move || {
        if let Some(Asked::Export(what)) = state.take_asked(|a| matches!(a, Asked::Export(_))) {
            dom::after_next_frame(move || run(what));
        }
    });
    export_panel(
        run,
        view! { <span class="error" role="alert">{move || failed.get()}</span> },
    )
}

/// `div.export`: the label, `button[data-export=…]` for every export, each calling `run` with
/// what it exports, and the `notices`: the export bar's, and the calculator module's stand-in's
/// (`lazy::export_bar`), which are the same buttons.
pub fn export_panel(
    run: impl Fn(&'static str) + Copy + 'static,
    notices: impl IntoView + 'static,
) -> impl IntoView {
    let button = move |e: Export| {
        view! {
            <button type="button" data-export=e.id title=e.title on:click=move |_| run(e.id)>
                {e.label}
            </button>
        }
    };
    view! {
        <div class="export" role="group" aria-label="Export">
            <span class="export-label">"Export"</span>
            {EXPORTS.map(button).collect_view()}
            {notices}
        </div>
    }
}

/// A value as plain JS data (the JavaScript API's form), for `JSON.stringify`.
pub fn plain<T: serde::Serialize>(value: &T) -> Result<JsValue, String> {
    crate::api::to_js(value).map_err(|e| dom::js_error(&JsValue::from(e)))
}

/// Saves text as a file.
fn text_file(name: &str, mime: &str, text: String) -> Result<(), String> {
    dom::download_text(name, mime, &text).map_err(|e| dom::js_error(&e))
}

/// Saves one chart (`latency-png`, `latency-slide`, `bandwidth-svg`, …) as
/// `<stem>-latency.png`, `<stem>-latency-slide.png`, …. Exports are drawn in light colours:
/// a slide or a paper is printed on white.
fn chart_file(
    what: &str,
    (plots, canvases): (Memo<Plots>, [Node; 2]),
    scale: Scale,
    (subtitle, abscissa): (String, &str),
    stem: &str,
) -> Result<(), String> {
    let (chart, format) = what.split_once('-').ok_or("unknown export")?;
    let i = CHARTS
        .iter()
        .position(|(n, _)| *n == chart)
        .ok_or("unknown chart")?;
    let (name, ordinate) = CHARTS[i];
    let heading = Heading {
        title: format!("{ordinate} against {abscissa}"),
        subtitle,
        x: format!("{abscissa} (bytes)"),
        y: ordinate.to_string(),
        legend: Vec::new(),
    };
    let colours = palette(false);
    let with_plot = |f: &dyn Fn(PlotOr) -> Result<String, String>| {
        plots.with_untracked(|p| f(p.as_ref().map(|p| &p[i]).map_err(String::as_str)))
    };
    match format {
        "png" => {
            let canvas = canvases[i]
                .get_untracked()
                .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
                .ok_or("the chart is not on the page")?;
            canvas
                .to_data_url()
                .and_then(|url| dom::download_url(&format!("{stem}-{name}.png"), &url))
                .map_err(|e| dom::js_error(&e))
        }
        "slide" => {
            let url = with_plot(&|plot| png(SLIDE, plot, scale, &colours, &heading))?;
            dom::download_url(&format!("{stem}-{name}-slide.png"), &url)
                .map_err(|e| dom::js_error(&e))
        }
        _ => {
            let frame = Frame {
                ratio: 1.0,
                ..SLIDE
            };
            let text = with_plot(&|plot| svg(frame, plot, scale, &colours, &heading))?;
            text_file(&format!("{stem}-{name}.svg"), "image/svg+xml", text)
        }
    }
}
