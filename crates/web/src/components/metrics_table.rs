//! The metrics table: each metric with its value (SI units) and the formula it comes from,
//! as MathML with the numbers filled in.

use leptos::prelude::*;

use crate::derived::{rows, Row};
use crate::dom::{self, Node};
use crate::held::follow_on_screen;
use crate::math::view::formula;
use crate::state::State;

/// `table#metrics` with one `tr[data-metric]` per metric. A slider step changes the numbers,
/// not the rows: each row is kept (keyed by its metric) and only the texts whose values
/// changed are changed in place, down to a formula's numbers. Off screen while a
/// slider moves, the table keeps what it shows until the slider pauses, is released or the
/// table comes on screen (`follow_on_screen`), and its rows are not even made meanwhile.
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
    let shown = follow_on_screen(state.address, tbody, made);
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
                <For
                    each=move || shown.with(|rows| rows.iter().map(|r| r.key).collect::<Vec<_>>())
                    key=|key| *key
                    let:key
                >
                    {metric_row(shown, key)}
                </For>
            </tbody>
        </table>
    }
}

/// `tr[data-metric]` of metric `key` among `rows`: the metric's label and key, its value as
/// shown (`data-value` the raw number) and its formula with the source under it, each
/// following the row's values.
fn metric_row(rows: ReadSignal<Vec<Row>>, key: &'static str) -> impl IntoView {
    let row = Memo::new(move |_| rows.with(|all| all.iter().find(|r| r.key == key).cloned()));
    let text = move |field: fn(&Row) -> &str| {
        move || row.with(|r| r.as_ref().map_or(String::new(), |r| field(r).to_string()))
    };
    let shown_formula =
        move || row.with(|r| r.as_ref().and_then(|r| r.formula.as_ref()).map(formula));
    view! {
        <tr data-metric=key>
            <th scope="row">
                {text(|r| r.label)}
                <code>{key}</code>
            </th>
            <td class="value" data-value=text(|r| &r.raw)>{text(|r| &r.shown)}</td>
            <td class="formula">
                <span class="math">{shown_formula}</span>
                <small class="cite">{text(|r| &r.source)}</small>
            </td>
        </tr>
    }
}
