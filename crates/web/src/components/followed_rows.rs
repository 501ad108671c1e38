//! The body of a table whose rows follow a memo of cells: a row per index, kept while the
//! cells change, each cell's text following its value (the Collectives view's segments, the
//! Traffic view's figures).

use leptos::prelude::*;

/// `tbody`'s rows of `cells`, `N` cells a row: a new value changes a cell's text, not its row.
pub fn followed_rows<const N: usize>(cells: Memo<Vec<[String; N]>>) -> impl IntoView {
    let lines = move || cells.with(|c| (0..c.len()).collect::<Vec<_>>());
    view! {
        <tbody>
            <For each=lines key=|i| *i let:i>
                <tr>
                    {(0..N)
                        .map(|k| {
                            view! {
                                <td>
                                    {move || cells.with(|c| c.get(i).map(|r| r[k].clone()).unwrap_or_default())}
                                </td>
                            }
                        })
                        .collect_view()}
                </tr>
            </For>
        </tbody>
    }
}
