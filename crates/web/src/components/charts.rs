//! The two charts, latency and bandwidth against size, drawn together so that a new report
//! repaints both before the page says it has repainted: at once after an edit, and in an
//! effect for everything else.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use commcalc_core::Report;

use super::figure::{placed_labels, set_labels};
use super::scale_toggle::ScaleToggle;
use crate::chart::{palette, Plot, Scale};
use crate::dom::{self, Node};
use crate::draw::{draw, Frame, Kept};
use crate::state::State;

/// The two plots, latency then bandwidth, or why there are none.
pub type Plots = Result<[Plot; 2], String>;

/// What the charts are drawn from. A paint reads signals: tracked in the effect, untracked
/// after an edit.
#[derive(Clone, Copy)]
struct Painter {
    state: State,
    plots: Memo<Plots>,
    latency: Node,
    bandwidth: Node,
    /// The canvases' CSS sizes, kept by resize observers.
    sizes: [ReadSignal<(f64, f64)>; 2],
    /// Whether each canvas is on screen, kept by intersection observers.
    on_screen: [ReadSignal<bool>; 2],
    /// The labels each drawing placed (`draw`), the canvases' `data-labels`.
    labels: [RwSignal<String>; 2],
    dark: ReadSignal<bool>,
    /// What the charts show now: a chart is drawn only when its picture changes, so an edit
    /// painted at once is not painted a second time by the effect, and a chart that waited off
    /// screen is drawn alone once it may be.
    shown: StoredValue<Shown, LocalStorage>,
}

/// What one chart shows: its plot (or why there is none), the scale, the theme, its size and
/// the pixel ratio.
type Picture = (Result<Plot, String>, Scale, bool, (f64, f64), f64);

/// What the charts show, the last repaint request answered, and the canvases' base layers as
/// last drawn (`draw`).
struct Shown {
    pictures: [Option<Picture>; 2],
    repaint: usize,
    bases: [Kept; 2],
}

impl Painter {
    /// Draws each chart whose picture changed, except one off screen while a slider moves
    /// (`Address::waits`: on the Compare view the bandwidth chart is below the fold, and
    /// drawing it was a third of a step's script), and reports the repaint. Read in the
    /// effect, a wait runs it again when it ends.
    fn paint(&self) {
        let state = self.state;
        let scale = state.scale();
        let dark = self.dark.get();
        let css = [self.sizes[0].get(), self.sizes[1].get()];
        let repaint = state.repaint.get();
        let (Some(lat), Some(bw)) = (self.latency.get(), self.bandwidth.get()) else {
            return;
        };
        let ratio = dom::pixel_ratio();
        let plots = self.plots.get();
        let colours = palette(dark);
        let mut drawn = false;
        for (i, (canvas, css)) in [&lat, &bw].into_iter().zip(css).enumerate() {
            let Some(css) = dom::drawable(css) else {
                continue;
            };
            let plot = plots.as_ref().map(|p| p[i].clone()).map_err(String::clone);
            let picture: Picture = (plot, scale, dark, css, ratio);
            // (Charts taken off the page keep what they show: nothing to draw.)
            let waits = self.shown.try_with_value(|s| {
                s.pictures[i].as_ref() == Some(&picture) || state.address.waits(self.on_screen[i])
            });
            if waits != Some(false) {
                continue;
            }
            let frame = Frame { css, ratio };
            self.shown.update_value(|s| {
                let plot = picture.0.as_ref().map_err(String::as_str);
                let canvas = canvas.unchecked_ref();
                match draw(canvas, &mut s.bases[i], frame, plot, scale, &colours) {
                    Ok(placed) => set_labels(self.labels[i], placed),
                    Err(e) => web_sys::console::warn_1(&format!("chart: {e}").into()),
                }
                s.pictures[i] = Some(picture);
            });
            drawn = true;
        }
        // A repaint request with nothing new to draw (a value the core refused) is reported
        // all the same: the canvases already show it, and drawing the same pixels again cost
        // a refused slider step about 1 ms of script.
        let asked = self
            .shown
            .try_update_value(|s| std::mem::replace(&mut s.repaint, repaint))
            .is_some_and(|before| before != repaint);
        if drawn || asked {
            let unrun = self
                .state
                .report
                .with_untracked(|r| r.as_ref().is_ok_and(Report::unrun));
            dom::painted(!unrun);
        }
    }
}

/// What a screen reader hears of chart `i`: what it shows, and the query's point as its label
/// reads on the canvas.
fn chart_label(plots: Memo<Plots>, i: usize, what: &str) -> String {
    let point = plots.with(|p| {
        p.as_ref()
            .ok()
            .and_then(|p| p[i].point.as_ref())
            .map(|(_, _, label)| format!("; the query's point: {label}"))
            .unwrap_or_default()
    });
    format!("{what} against size{point}; the values are in the Results table")
}

/// `canvas#latency-chart` and `canvas#bandwidth-chart` with their captions and the scale
/// toggle.
#[component]
pub fn Charts(
    /// The app state: its chart scale and repaint requests.
    state: State,
    /// The two canvases, latency then bandwidth, once on the page: the export bar saves them
    /// as drawn.
    canvases: [Node; 2],
    /// What the two charts show, at the state's scale.
    plots: Memo<Plots>,
    /// What the abscissa measures, for the captions.
    abscissa: Signal<&'static str>,
    /// The key below the charts.
    legend: AnyView,
) -> impl IntoView {
    // New canvases (a view opened again) show nothing yet.
    let shown = StoredValue::new_local(Shown {
        pictures: [None, None],
        repaint: 0,
        bases: [Kept::default(), Kept::default()],
    });
    let painter = Painter {
        state,
        plots,
        latency: canvases[0],
        bandwidth: canvases[1],
        sizes: canvases.map(dom::size_of),
        on_screen: canvases.map(dom::on_screen),
        labels: [placed_labels(), placed_labels()],
        dark: state.dark,
        shown,
    };
    let (latency, bandwidth) = (painter.latency, painter.bandwidth);
    // An edit repaints the charts at once, before the texts and controls follow it.
    state.after_edit(move || {
        let _timed = dom::timed("commcalc:charts");
        untrack(|| painter.paint())
    });
    // Everything else (the first paint, the scale, the theme, a resize) repaints here.
    dom::effect(move || painter.paint());

    view! {
        <div class="charts-block">
            <div class="charts-head">
                <h2>"Curves"</h2>
                <ScaleToggle state/>
            </div>
            <div class="charts">
                {figure("latency-chart", (latency, painter.labels[0]), "Latency T", "Latency", 0, plots, abscissa)}
                {figure("bandwidth-chart", (bandwidth, painter.labels[1]), "Bandwidth x/T", "Bandwidth", 1, plots, abscissa)}
            </div>
            <p class="legend">{legend}</p>
        </div>
    }
}

/// Chart `i`'s figure: its caption and canvas (`node`, carrying the drawing's `labels`). Both charts are the same view type, written
/// out twice rather than collected into a `Vec` of views, whose renderer code (build, rebuild,
/// mount per list) the module would carry for this one list.
fn figure(
    id: &'static str,
    (node, labels): (Node, RwSignal<String>),
    caption: &'static str,
    what: &'static str,
    i: usize,
    plots: Memo<Plots>,
    abscissa: Signal<&'static str>,
) -> impl IntoView {
    let label = move || chart_label(plots, i, what);
    // The caption as one `String`, the kind of text the page's other closures give: a
    // `Signal<&str>` would bring the renderer's code for that kind of text for this alone.
    let text = move || format!("{caption} against {}", abscissa.get());
    view! {
        <figure>
            <figcaption>{text}</figcaption>
            <canvas id=id node_ref=node role="img" aria-label=label data-labels=labels></canvas>
        </figure>
    }
}
