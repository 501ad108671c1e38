//! A fit's models with their parameters and errors (`table#<id>`), then LogGP where it was
//! fitted: the plain data of [`crate::fits`], each row keyed by what it shows.

use leptos::prelude::*;

use crate::fits::Fits;

/// The fits' heading, table and LogGP line, or nothing without a fit.
#[component]
pub fn FitsTable(
    /// The table's id.
    id: &'static str,
    fits: Memo<Option<Fits>>,
) -> impl IntoView {
    let rows = move || fits.with(|f| f.as_ref().map(|f| f.rows.clone()).unwrap_or_default());
    let loggp = move || fits.with(|f| f.as_ref().and_then(|f| f.loggp.clone()));
    view! {
        <Show when=move || fits.with(Option::is_some)>
            <h3>
                "Fits to " {move || fits.with(|f| f.as_ref().map(|f| f.series.clone()))}
                " (relative error)"
            </h3>
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
                    <For each=rows key=|r| r.clone() let:r>
                        <tr data-fit=r.id>
                            <th scope="row">{r.name}</th>
                            <td>{r.params}</td>
                            <td>{r.rms}</td>
                            <td>{r.max}</td>
                        </tr>
                    </For>
                </tbody>
            </table>
            {move || {
                loggp()
                    .map(|l| {
                        view! {
                            <p id="import-loggp">{l.text}</p>
                            {l.note.map(|n| view! { <p id="import-loggp-note" class="note">{n}</p> })}
                        }
                    })
            }}
        </Show>
    }
}
