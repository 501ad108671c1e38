//! The Validate view's text beside its chart: `table#validation` (a row per point), the key
//! under the chart and the summary line, drawn from the plain data of
//! [`crate::validation_plot`] (`table`, `key`, `summary`), each row keyed by what it shows.

use leptos::prelude::*;

use crate::fits::FIT_KEY;
use crate::validation_plot::{Cell, Digits, KeyItem, Mark, Summary, Table, TableRow, PAPER_HEAD};

/// `table#validation` of the shown set, or nothing where no set is shown.
#[component]
pub fn PointsTable(table: Memo<Option<Table>>) -> impl IntoView {
    let field = move |f: fn(&Table) -> String| {
        move || table.with(|t| t.as_ref().map(f).unwrap_or_default())
    };
    let heads = move || table.with(|t| t.as_ref().map(|t| t.heads.clone()).unwrap_or_default());
    // Each row with its key and the headings its cells carry as `data-label`.
    let rows = move || {
        table.with(|t| {
            t.iter()
                .flat_map(|t| {
                    t.rows.iter().map(|r| Labelled {
                        key: r.key(t.set),
                        row: r.clone(),
                        x_head: t.x_head.clone(),
                        measured_head: t.measured_head.clone(),
                    })
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Show when=move || table.with(Option::is_some)>
            <table id="validation" class="stack">
                <caption>{field(|t| t.caption.clone())}</caption>
                <thead>
                    <tr>
                        <For each=heads key=|h| h.clone() let:head>
                            <th scope="col">{head}</th>
                        </For>
                    </tr>
                </thead>
                <tbody>
                    <For each=rows key=|r| r.key.clone() let:row>
                        {point_row(row)}
                    </For>
                </tbody>
            </table>
        </Show>
    }
}

/// A row of the table with its key and the headings that carry units.
#[derive(Clone)]
struct Labelled {
    key: String,
    row: TableRow,
    x_head: String,
    measured_head: String,
}

/// The dot in the series' colour that starts a row.
fn swatch() -> impl IntoView {
    view! { <span class="vkey-dot" aria-hidden="true"></span> }
}

/// A number as shown, its exponent raised.
fn digits(d: Digits) -> impl IntoView {
    view! {
        {d.text}
        {d.exponent.map(|e| view! { <sup>{e}</sup> })}
    }
}

/// A number cell: its column's heading (`data-label`) and raw value (`data-value`).
fn number_cell(class: &'static str, label: String, c: Cell) -> impl IntoView {
    view! {
        <td class=class data-label=label data-value=c.value.to_string()>
            {digits(c.digits)}
        </td>
    }
}

/// `tr[data-row]`: one point.
fn point_row(l: Labelled) -> impl IntoView {
    let r = l.row;
    let named = r.series.is_some();
    let paper = r.paper.map(|p| match p {
        Some(c) => number_cell("num paper", PAPER_HEAD.into(), c).into_any(),
        None => view! {
            <td class="num paper" data-label=PAPER_HEAD>
                <span class="none">"—"</span>
            </td>
        }
        .into_any(),
    });
    view! {
        <tr data-row=r.index class=format!("s{}", r.colour)>
            {r.series.map(|s| view! { <td class="series" data-label="series">{swatch()}{s}</td> })}
            <th scope="row" data-label="point">{(!named).then(swatch)}{r.label.clone()}</th>
            {r.x.map(|c| number_cell("num x", l.x_head, c))}
            {number_cell("num measured", l.measured_head, r.measured)}
            {paper}
            {number_cell("num model", "commcalc".into(), r.model)}
            {number_cell("num rel-error", "error".into(), r.error)}
            {open_cell(r.query, &r.label)}
        </tr>
    }
}

/// A link to the calculator with the row's query, or a dash where a model function computed it.
fn open_cell(query: String, label: &str) -> impl IntoView {
    let open = (!query.is_empty()).then(|| {
        view! {
            <a
                href=format!("?{query}")
                title=query.clone()
                aria-label=format!("Open {label} in the calculator")
            >
                "open"
            </a>
        }
    });
    let dash = open.is_none().then(|| {
        view! {
            <span class="none" title="computed by a model function or the catalog: see the note">
                "—"
            </span>
        }
    });
    view! { <td class="open" data-label="calculator">{open}{dash}</td> }
}

/// `ul.validation-legend`: the key to the chart.
#[component]
pub fn ChartKey(items: Memo<Vec<KeyItem>>) -> impl IntoView {
    view! {
        <ul class="validation-legend" aria-label="Key to the chart">
            <For each=move || items.get() key=KeyItem::key let:item>
                {key_item(item)}
            </For>
        </ul>
    }
}

/// One `li` of the key.
fn key_item(item: KeyItem) -> AnyView {
    match item {
        KeyItem::Colour { colour, mark, text } => {
            let marks = match mark {
                Mark::Dot => view! { <span class="vkey-dot"></span> }.into_any(),
                Mark::LineDot => view! {
                    <span class="vkey-line"></span>
                    <span class="vkey-dot"></span>
                }
                .into_any(),
                Mark::Dashed => view! { <span class="vkey-line dashed"></span> }.into_any(),
            };
            view! {
                <li class=format!("s{colour}")>
                    <span class="vkey" aria-hidden="true">{marks}</span>
                    {text}
                </li>
            }
            .into_any()
        }
        KeyItem::How(text) => view! { <li class="how">{text}</li> }.into_any(),
        KeyItem::Fit => {
            let entries = FIT_KEY
                .iter()
                .map(|&(colour, text)| match colour {
                    Some(c) => view! {
                        <span class="swatch" style=format!("background: var(--series-{c})")></span>
                        {text}
                        " · "
                    }
                    .into_any(),
                    None => text.into_any(),
                })
                .collect_view();
            view! { <li class="how">{entries}</li> }.into_any()
        }
    }
}

/// `p#validation-summary`: the summary sentence, with its numbers as data attributes for the
/// tests.
#[component]
pub fn SummaryLine(summary: Memo<Option<Summary>>) -> impl IntoView {
    let value = move |f: fn(&Summary) -> String| {
        move || summary.with(|s| s.as_ref().map(f).unwrap_or_default())
    };
    view! {
        <p id="validation-summary">
            <Show when=move || summary.with(Option::is_some)>
                <span
                    data-points=value(|s| s.points.to_string())
                    data-mean=value(|s| s.mean.to_string())
                    data-max=value(|s| s.max.to_string())
                >
                    {value(|s| s.text.clone())}
                </span>
            </Show>
        </p>
    }
}
