//! A fit's models with their parameters and errors (`table#<id>`), then LogGP where it was
//! fitted: the plain data of [`crate::fits`], each row keyed by its model, its text following
//! the fit shown.

use leptos::prelude::*;

use crate::fits::{FitRow, Fits};

/// The fits' heading, table and LogGP line, or nothing without a fit.
#[component]
pub fn FitsTable(
    /// The table's id.
    id: &'static str,
    fits: Memo<Option<Fits>>,
) -> impl IntoView {
    let ids = move || {
        fits.with(|f| {
            f.iter()
                .flat_map(|f| f.rows.iter().map(|r| r.id))
                .collect::<Vec<_>>()
        })
    };
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
                    <For each=ids key=|id| *id let:id>
                        {fit_row(fits, id)}
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

/// `tr[data-fit=<id>]`: model `id`'s name, parameters and errors in the fit shown.
fn fit_row(fits: Memo<Option<Fits>>, id: &'static str) -> impl IntoView {
    let field = move |f: fn(&FitRow) -> String| {
        move || {
            fits.with(|x| {
                x.iter()
                    .flat_map(|x| &x.rows)
                    .find(|r| r.id == id)
                    .map(f)
                    .unwrap_or_default()
            })
        }
    };
    view! {
        <tr data-fit=id>
            <th scope="row">{field(|r| r.name.to_string())}</th>
            <td>{field(|r| r.params.clone())}</td>
            <td>{field(|r| r.rms.clone())}</td>
            <td>{field(|r| r.max.clone())}</td>
        </tr>
    }
}
