//! The metrics table: each metric with its value (SI units) and the formula it comes from,
//! as MathML with the numbers filled in.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;

use crate::derived::{rows, Row};
use crate::dom::{self, Node};
use crate::math::view::formula;
use crate::state::State;

/// `table#metrics` with one `tr[data-metric]` per metric. A slider step changes the numbers
/// of some rows: those rows alone are made again (keyed by what they show). Off screen while a
/// slider moves, the table keeps what it shows until the slider pauses, is released or the
/// table comes on screen (`dom::drawing_waits`), and its rows are not even made meanwhile.
#[component]
pub fn MetricsTable(
    /// The app state: its scenario and report.
    state: State,
) -> impl IntoView {
    // An embedded page keeps the rows its author chose (`rows=`), or all of them.
    let kept = state
        .page
        .with_untracked(|p| if p.embed { p.rows.clone() } else { Vec::new() });
    let made = move || {
        state.report.with(|r| match r {
            Ok(report) => {
                let _timed = dom::timed("commcalc:results-html");
                state.scenario.with_untracked(|s| {
                    let mut all = rows(s.pattern, report);
                    if !kept.is_empty() {
                        all.retain(|row| kept.iter().any(|k| k == row.key));
                    }
                    all
                })
            }
            Err(_) => Vec::new(),
        })
    };
    let tbody = Node::new();
    let shown = RwSignal::new(Vec::<Row>::new());
    let waited = RwSignal::new(false);
    // `update` does nothing to a signal already disposed (the table closed while it waited).
    let redraw = Closure::<dyn Fn()>::new(move || waited.update(|w| *w = !*w));
    // While it waits, the effect reads nothing else: the end of the wait runs it.
    Effect::new(move |_| {
        waited.track();
        let Some(el) = tbody.get() else { return };
        if dom::drawing_waits(&el, &redraw) {
            return;
        }
        let now = made();
        if shown.with_untracked(|s| *s != now) {
            shown.set(now);
        }
    });
    view! {
        <table id="metrics">
            <caption>"Results"</caption>
            <thead>
                <tr>
                    <th scope="col">"Quantity"</th>
                    <th scope="col">"Value"</th>
                    <th scope="col">"From"</th>
                </tr>
            </thead>
            <tbody node_ref=tbody>
                <For each=move || shown.get() key=Row::clone let:row>
                    {metric_row(row)}
                </For>
            </tbody>
        </table>
    }
}

/// `tr[data-metric]`: the metric's label and key, its value as shown (`data-value` the raw
/// number) and its formula with the source under it.
fn metric_row(row: Row) -> impl IntoView {
    view! {
        <tr data-metric=row.key>
            <th scope="row">{row.label}<code>{row.key}</code></th>
            <td class="value" data-value=row.raw>{row.shown}</td>
            <td class="formula">
                <span class="math">{row.formula.as_ref().map(formula)}</span>
                <small class="cite">{row.source}</small>
            </td>
        </tr>
    }
}
