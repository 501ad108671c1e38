//! The Import view's report and the text beside its charts: the series read with every line
//! not used, the fits' table, the warnings, the links that open the fitted machine and its
//! query (`crate::import::report`); the charts' keys (`crate::fits`); the two runs' table
//! under the overlay chart (`crate::import::overlay`).

use leptos::prelude::*;

use super::fits_table::FitsTable;
use crate::fits::KeyEntry;
use crate::import::{Overlay, Report, RunRow, SeriesRead};

/// Each item with its place, so that two equal items (the same warning twice) keep apart
/// as `<For>` keys.
fn numbered<T>(items: Vec<T>) -> Vec<(usize, T)> {
    items.into_iter().enumerate().collect()
}

/// `div#import-report`: the report of the fit on screen; empty before the first fit.
#[component]
pub fn ReportPanel(report: Memo<Option<Report>>) -> impl IntoView {
    let shown = Memo::new(move |_| report.with(Option::is_some));
    let part = move |f: fn(&Report) -> Vec<String>| {
        report.with(|r| numbered(r.as_ref().map(f).unwrap_or_default()))
    };
    let series =
        move || report.with(|r| numbered(r.as_ref().map(|r| r.series.clone()).unwrap_or_default()));
    let links = move || report.with(|r| r.as_ref().map(|r| r.links.clone()).unwrap_or_default());
    let fits = Signal::derive(move || report.with(|r| r.as_ref().map(|r| r.fits.clone())));
    let query = move || report.with(|r| r.as_ref().map(|r| r.query.clone()));
    view! {
        <div id="import-report" aria-live="polite">
            <Show when=move || shown.get()>
                <h3>"Series read"</h3>
                <ul class="series">
                    <For each=series key=|s| s.clone() let:s>
                        <SeriesItem s=s.1/>
                    </For>
                </ul>
                <FitsTable table=fits id="import-fits"/>
                <ul class="messages warnings">
                    <For each=move || part(|r| r.warnings.clone()) key=|w| w.clone() let:w>
                        <li>{w.1}</li>
                    </For>
                </ul>
                <ul id="import-links" class="import-links">
                    <For each=links key=|l| l.clone() let:l>
                        <li><a href=l.1>{l.0}</a></li>
                    </For>
                </ul>
                <p class="query">
                    "query: "
                    <code>{query}</code>
                </p>
            </Show>
        </div>
    }
}

/// One series read: its name, format and benchmark, points, notes and the lines not used.
#[component]
fn SeriesItem(s: SeriesRead) -> impl IntoView {
    let notes = s
        .notes
        .into_iter()
        .map(|n| view! { <br/> <span class="note">{n}</span> })
        .collect_view();
    let skipped = (!s.skipped.is_empty()).then(|| {
        let count = s.skipped.len();
        let lines = s
            .skipped
            .into_iter()
            .map(|k| {
                view! {
                    <li>
                        "line " {k.line} ": "
                        <code>{k.text}</code>
                        " — " {k.why}
                    </li>
                }
            })
            .collect_view();
        view! {
            <details>
                <summary>{count} " line(s) not used"</summary>
                <ul class="skipped">{lines}</ul>
            </details>
        }
    });
    view! {
        <li>
            <strong>{s.name}</strong> " — " {s.what} ", " {s.points} " point(s)"
            {notes}
            {skipped}
        </li>
    }
}

/// `p.legend`: a chart's key, a swatch in each entry's series colour.
#[component]
pub fn ChartKey(entries: &'static [KeyEntry]) -> impl IntoView {
    let items = entries
        .iter()
        .enumerate()
        .map(|(k, (colour, text))| {
            let swatch = colour.map(|c| {
                view! { <span class="swatch" style:background=format!("var(--series-{c})")></span> }
            });
            view! { {(k > 0).then_some(" · ")} {swatch} {*text} }
        })
        .collect_view();
    view! { <p class="legend">{items}</p> }
}

/// `div#import-runs-report`: under the overlay chart, `table#import-runs` with each run's
/// Hockney fit in a row of its letter, and the link that compares the two fitted machines.
#[component]
pub fn RunsTable(overlay: Memo<Option<Overlay>>) -> impl IntoView {
    let shown = Memo::new(move |_| overlay.with(Option::is_some));
    let rows = move || overlay.with(|o| o.as_ref().map(|o| o.rows.clone()).unwrap_or_default());
    let compare = move || overlay.with(|o| o.as_ref().map(|o| o.compare.clone()));
    view! {
        <div id="import-runs-report">
            <Show when=move || shown.get()>
                <table id="import-runs">
                    <thead>
                        <tr>
                            <th scope="col">"run"</th>
                            <th scope="col">"series"</th>
                            <th scope="col">"Hockney a"</th>
                            <th scope="col">"b"</th>
                            <th scope="col">"r∞"</th>
                            <th scope="col">"rms error"</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=rows key=|r: &RunRow| r.clone() let:r>
                            <tr>
                                <th scope="row">
                                    <span class=format!("key c{}", r.colour) aria-hidden="true">{r.letter.to_string()}</span>
                                    " " {r.letter.to_string()}
                                </th>
                                <td>{r.series}</td>
                                <td>{r.a}</td>
                                <td>{r.b}</td>
                                <td>{r.r_inf}</td>
                                <td>{r.rms}</td>
                            </tr>
                        </For>
                    </tbody>
                </table>
                <p><a id="import-compare-runs" href=compare>"Compare the two runs"</a></p>
            </Show>
        </div>
    }
}
