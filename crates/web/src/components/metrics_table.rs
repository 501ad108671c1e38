//! The metrics table: each metric with its value (SI units) and the formula it comes from,
//! as MathML with the numbers filled in.

use leptos::prelude::*;

use crate::derived::rows;
use crate::dom::{self, Node};
use crate::html::metric_rows;
use crate::state::State;

/// `table#metrics` with one `tr[data-metric]` per metric.
#[component]
pub fn MetricsTable(
    /// The app state: its scenario and report.
    state: State,
) -> impl IntoView {
    // An embedded page keeps the rows its author chose (`rows=`), or all of them.
    let kept = state
        .page
        .with_untracked(|p| if p.embed { p.rows.clone() } else { Vec::new() });
    let body = move || {
        state.report.with(|r| match r {
            Ok(report) => {
                let _timed = dom::timed("commcalc:results-html");
                state.scenario.with_untracked(|s| {
                    let mut all = rows(s.pattern, report);
                    if !kept.is_empty() {
                        all.retain(|row| kept.iter().any(|k| k == row.key));
                    }
                    metric_rows(&all)
                })
            }
            Err(_) => String::new(),
        })
    };
    // A slider step changes the numbers, not the rows: changed in place (dom::html_follows).
    let tbody = Node::new();
    dom::html_follows(tbody, body);
    view! {
        <table id="metrics">
            <caption>"Results"</caption>
            <thead inner_html="<tr><th scope=\"col\">Quantity</th><th scope=\"col\">Value</th><th scope=\"col\">From</th></tr>"></thead>
            <tbody node_ref=tbody></tbody>
        </table>
    }
}
