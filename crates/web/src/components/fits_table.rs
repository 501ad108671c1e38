//! The fits' table of a fit (`crate::fits::fit_table`): the Import view's report shows it,
//! and the Validate view's fit panel can.

use leptos::prelude::*;

use crate::fits::{FitRow, FitTable};

/// The heading that names the series fitted, `table#<id>` with a row per model
/// (`tr[data-fit]`), and LogGP's line where it was fitted (`p#import-loggp`, and
/// `p#import-loggp-note` where L is not given).
#[component]
pub fn FitsTable(
    /// The table shown; nothing while there is none.
    #[prop(into)]
    table: Signal<Option<FitTable>>,
    /// The table's id.
    id: &'static str,
) -> impl IntoView {
    let rows = move || table.with(|t| t.as_ref().map(|t| t.rows.clone()).unwrap_or_default());
    let series = move || table.with(|t| t.as_ref().map(|t| t.series.clone()));
    let loggp = Memo::new(move |_| table.with(|t| t.as_ref().and_then(|t| t.loggp.clone())));
    view! {
        <h3>"Fits to " {series} " (relative error)"</h3>
        <table id=id>
            <thead>
                <tr>
                    <th scope="col">"model"</th>
                    <th scope="col">"parameters"</th>
                    <th scope="col">"rms error"</th>
                    <th scope="col">"max error"</th>
                </tr>
            </thead>
            <tbody>
                <For each=rows key=|r: &FitRow| r.clone() let:r>
                    <tr data-fit=r.id>
                        <th scope="row">{r.model}</th>
                        <td>{r.params}</td>
                        <td>{r.rms}</td>
                        <td>{r.max}</td>
                    </tr>
                </For>
            </tbody>
        </table>
        {move || loggp.get().map(|l| view! {
            <p id="import-loggp">{l.text}</p>
            {l.note.map(|n| view! { <p id="import-loggp-note" class="note">{n}</p> })}
        })}
    }
}
