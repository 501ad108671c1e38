//! One chart drawn from a plot memo: the views' other charts (validation, block-size sweep,
//! bulk transfer, the Traffic view's), repainted in an effect whenever the plot, the theme or
//! the size changes; off screen while a slider moves, once it pauses or comes on screen
//! (`Address::waits`).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::chart::{palette, Plot, Scale};
use crate::dom::{self, Address, Node};
use crate::draw::{draw, Frame, Kept};
use crate::labels;

/// `<figure><figcaption/><canvas id=…/></figure>`.
#[component]
pub fn Figure(
    /// The canvas's id, for tests and links.
    #[prop(into)]
    id: String,
    /// The caption above the chart.
    caption: Signal<String>,
    /// What the chart shows (or why there is nothing), at `scale`.
    plot: Memo<Result<Plot, String>>,
    /// Log or linear axes: the plot's axes must be built for the same.
    scale: Signal<Scale>,
    /// What a screen reader says of the chart: where its numbers are in text.
    label: &'static str,
    /// Dark colours (the page's one `State::dark`).
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let canvas = Node::new();
    let address = expect_context::<Address>();
    let size = dom::size_of(canvas);
    let on_screen = dom::on_screen(canvas);
    // The canvas's base layer as last drawn (`draw`), which goes with the canvas.
    let kept = StoredValue::new_local(Kept::default());
    // The labels the drawing placed (`draw`), the canvas's `data-labels`.
    let labels = placed_labels();
    let chart = id.clone();
    Effect::new(move || {
        let Some(c) = canvas
            .get()
            .map(JsCast::unchecked_into::<HtmlCanvasElement>)
        else {
            return;
        };
        let Some(css) = dom::drawable(size.get()) else {
            return;
        };
        let frame = Frame {
            css,
            ratio: dom::pixel_ratio(),
        };
        let scale = scale.get();
        // A drawing that waits reads nothing of its plot: an effect that read it would have
        // the plot memo, and the sweep or series behind it, computed again at every input of
        // the drag, only to find the chart still waiting (the end of the wait runs this again).
        if address.waits(on_screen) {
            return;
        }
        plot.with(|p| {
            let p = p.as_ref().map_err(String::as_str);
            let drawn =
                kept.try_update_value(|k| draw(&c, k, frame, p, scale, &palette(dark.get())));
            match drawn {
                Some(Ok(placed)) => set_labels(labels, placed),
                Some(Err(e)) => web_sys::console::warn_1(&format!("chart {chart}: {e}").into()),
                None => {}
            }
        });
    });
    view! {
        <figure class="figure">
            <figcaption>{caption}</figcaption>
            <canvas id=id node_ref=canvas role="img" aria-label=label data-labels=labels></canvas>
        </figure>
    }
}

/// A canvas's `data-labels`: none until its first drawing (a canvas hidden when it comes,
/// say, is drawn when it is shown).
pub fn placed_labels() -> RwSignal<String> {
    RwSignal::new(labels::to_json(&[], 1.0))
}

/// Keeps a drawing's placed labels (`draw`) in `labels`, a canvas's `data-labels`: an equal
/// text (a redrawing that placed the same labels) leaves the attribute alone.
pub fn set_labels(labels: RwSignal<String>, placed: String) {
    if labels.with_untracked(|l| *l != placed) {
        labels.set(placed);
    }
}
