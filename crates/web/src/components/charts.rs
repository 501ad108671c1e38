//! The two charts, latency and bandwidth against size, drawn together so that a new report
//! repaints both before the page says it has repainted: at once after an edit, and in an
//! effect for everything else.

use std::cell::RefCell;

use leptos::html::Canvas;
use leptos::prelude::*;

use crate::chart::{palette, plot, Scale, Which};
use crate::components::ScaleToggle;
use crate::dom;
use crate::draw::{draw, Frame};
use crate::state::State;

/// What the charts are drawn from. A paint reads signals: tracked in the effect, untracked
/// after an edit.
#[derive(Clone, Copy)]
struct Painter {
    state: State,
    latency: NodeRef<Canvas>,
    bandwidth: NodeRef<Canvas>,
    /// The canvases' CSS sizes, kept by resize observers.
    sizes: [RwSignal<(f64, f64)>; 2],
    dark: ReadSignal<bool>,
}

/// What the charts show: the report (by its query, or its error), the scale, the theme, the
/// sizes, the pixel ratio and the repaint requests.
type Shown = (String, Scale, bool, [(f64, f64); 2], f64, u64);

thread_local! {
    /// What the charts show now: a paint of the same again is skipped, so an edit painted at
    /// once is not painted a second time by the effect.
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

impl Painter {
    /// Draws both charts, unless they show this already, and reports the repaint.
    fn paint(&self) {
        let state = self.state;
        let scale = state.scale.get();
        let dark = self.dark.get();
        let css = [self.sizes[0].get(), self.sizes[1].get()];
        let repaint = state.repaint.get();
        let (Some(lat), Some(bw)) = (self.latency.get(), self.bandwidth.get()) else {
            return;
        };
        let ratio = dom::pixel_ratio();
        let shown: Shown = state.report.with(|r| {
            let what = match r {
                Ok(r) => r.query.clone(),
                Err(e) => e.to_string(),
            };
            (what, scale, dark, css, ratio, repaint)
        });
        if SHOWN.with(|s| s.borrow().as_ref() == Some(&shown)) {
            return;
        }
        let colours = palette(dark);
        let pattern = state.scenario.with_untracked(|s| s.pattern);
        state.report.with(|report| {
            for ((canvas, which), css) in [(&lat, Which::Latency), (&bw, Which::Bandwidth)]
                .into_iter()
                .zip(css)
            {
                // Before the first resize notice, the layout says (once).
                let css = if css.0 > 0.0 {
                    css
                } else {
                    let rect = canvas.get_bounding_client_rect();
                    (rect.width(), rect.height())
                };
                let frame = Frame { css, ratio };
                let drawn = match report {
                    Ok(r) => {
                        let p = plot(r, pattern, which, scale);
                        draw(canvas, frame, Ok(&p), scale == Scale::Log, &colours)
                    }
                    Err(_) => draw(
                        canvas,
                        frame,
                        Err("No curve: see the problems listed."),
                        false,
                        &colours,
                    ),
                };
                if let Err(e) = drawn {
                    web_sys::console::warn_1(&format!("chart: {e}").into());
                }
            }
        });
        SHOWN.with(|s| *s.borrow_mut() = Some(shown));
        dom::painted();
    }
}

/// `canvas#latency-chart` and `canvas#bandwidth-chart` with their captions and the scale
/// toggle.
#[component]
pub fn Charts(
    /// The app state: its report and chart scale.
    state: State,
) -> impl IntoView {
    let painter = Painter {
        state,
        latency: NodeRef::new(),
        bandwidth: NodeRef::new(),
        sizes: [RwSignal::new((0.0, 0.0)), RwSignal::new((0.0, 0.0))],
        dark: dom::prefers_dark(),
    };
    let (latency, bandwidth) = (painter.latency, painter.bandwidth);
    // An edit repaints the charts at once, before the texts and controls follow it.
    state.after_edit(move || untrack(|| painter.paint()));
    // Everything else (the first paint, the scale, the theme, a resize) repaints here. The
    // effect returns whether the canvases' sizes are observed yet, so that the observers start
    // once, on the first run with the canvases in the page.
    Effect::new(move |observing: Option<bool>| {
        let (Some(lat), Some(bw)) = (latency.get(), bandwidth.get()) else {
            return false;
        };
        if observing != Some(true) {
            dom::observe_size(&lat, painter.sizes[0]);
            dom::observe_size(&bw, painter.sizes[1]);
        }
        painter.paint();
        true
    });

    let abscissa = move || state.scenario.with(|s| s.pattern.abscissa);
    view! {
        <div class="charts-block">
            <div class="charts-head">
                <h2>"Curves"</h2>
                <ScaleToggle state/>
            </div>
            <div class="charts">
                <figure>
                    <figcaption>"Latency T against " {abscissa}</figcaption>
                    <canvas
                        id="latency-chart"
                        node_ref=latency
                        role="img"
                        aria-label="Latency against size, log-log by default; the values are in the Results table"
                    ></canvas>
                </figure>
                <figure>
                    <figcaption>"Bandwidth x/T against " {abscissa}</figcaption>
                    <canvas
                        id="bandwidth-chart"
                        node_ref=bandwidth
                        role="img"
                        aria-label="Bandwidth against size, log-log by default; the values are in the Results table"
                    ></canvas>
                </figure>
            </div>
            <p
                class="legend"
                inner_html="<span class=\"swatch shade\"></span>latency-bound (below n½) · <span class=\"swatch point\"></span>the query's point · <span class=\"swatch optimum\"></span>largest congestion-free data size, where the pattern has one"
            ></p>
        </div>
    }
}
