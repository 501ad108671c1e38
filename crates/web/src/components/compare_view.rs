//! Compare: up to four scenarios on the same two charts, each in its own colour, with the
//! sizes where two curves swap order. The scenario panel edits the one marked as edited.

use leptos::prelude::*;

use commcalc_core::compare::{compare, Comparison, MAX_SCENARIOS};
use commcalc_core::{Error, Scenario};

use super::charts::Charts;
use super::export_bar::{plain, ExportBar};
use super::warnings::WarningList;
use crate::chart::{compare_plot, letter, Which};
use crate::compared::{
    crossings, head, scenario_rows, Cell, Crossing, CrossingKey, Crossings, ScenarioRow, COLUMNS,
};
use crate::dom::Node;
use crate::export::{compared_subtitle, curves_csv, file_stem};
use crate::page::machine_label;
use crate::state::State;

/// The key under the compare charts.
const LEGEND: &str = "Each curve has the colour and letter of its scenario above (B and D dashed, so that curves that coincide both show); a vertical line marks where two curves cross (A×B: the size where A and B swap order).";

/// The compared scenarios, the charts and the crossovers.
#[component]
pub fn CompareView(
    /// The app state: the compared scenarios and the one edited.
    state: State,
) -> impl IntoView {
    let comparison: Memo<Result<Comparison, Error>> =
        Memo::new(move |_| compare(&state.compared()));
    let plots = Memo::new(move |_| {
        let scale = state.scale();
        comparison.with(|c| match c {
            Ok(c) => Ok([Which::Latency, Which::Bandwidth].map(|w| compare_plot(c, w, scale))),
            Err(e) => Err(format!("No comparison: {e}")),
        })
    });
    let abscissa = Signal::derive(move || {
        let list = state.compared();
        let first = list.first().map_or("size", |s| s.pattern.abscissa);
        if list.iter().all(|s| s.pattern.abscissa == first) {
            first
        } else {
            "bytes (each scenario's own abscissa: see the list)"
        }
    });
    let stem = Signal::derive(move || file_stem(&state.compared()));
    let subtitle = Signal::derive(move || {
        let fitted = state.page.with(|p| p.fitted.clone());
        compared_subtitle(&state.compared(), fitted.as_deref())
    });
    let csv = Callback::new(move |()| comparison.with_untracked(compared_csv));
    let json = Callback::new(move |()| {
        comparison.with_untracked(|c| match c {
            Ok(c) => plain(c),
            Err(e) => Err(e.to_string()),
        })
    });
    let rows = Memo::new(move |_| {
        let list = state.compared();
        let fitted = state.page.with(|p| p.fitted.clone());
        let label = |s: &Scenario| machine_label(fitted.as_deref(), s);
        comparison.with(|c| {
            c.as_ref()
                .map(|c| scenario_rows(&list, label, c))
                .unwrap_or_default()
        })
    });
    let crossed = Memo::new(move |_| comparison.with(crossings));
    let canvases = [Node::new(), Node::new()];
    view! {
        <ComparedList state/>
        <Charts state plots canvases abscissa legend=LEGEND.into_any()/>
        <ExportBar state plots canvases stem subtitle abscissa csv json/>
        <section class="panel" aria-label="Each scenario">
            <div class="table-scroll">
                <Show when=move || rows.with(|r| !r.is_empty())>
                    <ScenarioTable rows/>
                </Show>
            </div>
        </section>
        <section class="panel" aria-labelledby="crossovers-title">
            <h2 id="crossovers-title">"Crossovers"</h2>
            <div>
                <CrossoverTable crossed/>
            </div>
        </section>
        <WarningList state/>
    }
}

/// The compared scenarios, each a card, and the button that adds one.
#[component]
fn ComparedList(state: State) -> impl IntoView {
    // Embedded, the comparison is the author's: no scenario is added, removed or picked for
    // editing, and the controls kept move every scenario (`State::apply`).
    let embed = state.page.with_untracked(|p| p.embed);
    let about = if embed {
        view! { <p class="about">"The controls kept move every scenario."</p> }.into_any()
    } else {
        view! {
            <p class="about">
                "Edit the marked scenario with the panel beside; add up to "
                {MAX_SCENARIOS}
                " (each starts as a copy of the edited one)."
            </p>
        }
        .into_any()
    };
    let add = (!embed).then(|| {
        view! {
            <button
                type="button"
                id="add-compared"
                disabled=move || state.page.with(|p| p.compare.len() >= MAX_SCENARIOS)
                on:click=move |_| state.add_compared()
            >
                "Add a scenario"
            </button>
        }
    });
    view! {
        <section class="panel compare-list" aria-labelledby="compared-title">
            <h2 id="compared-title">"Compared scenarios"</h2>
            {about}
            <ol id="compared">{cards(state, embed)}</ol>
            {add}
        </section>
    }
}

/// The compared curves as CSV, each named by its scenario's letter (empty without a
/// comparison).
fn compared_csv(comparison: &Result<Comparison, Error>) -> Result<String, String> {
    match comparison {
        Ok(c) => {
            let named: Vec<(String, &commcalc_core::Report)> = c
                .reports
                .iter()
                .enumerate()
                .map(|(i, r)| (letter(i).to_string(), r))
                .collect();
            curves_csv(&named)
        }
        Err(e) => Err(e.to_string()),
    }
}

/// One card per compared scenario: its colour and letter, what it is, and its buttons. A card
/// is keyed by all it shows but its query text, so it is built again only when that changes
/// (a scenario added or removed before it, given another machine or pattern, or the edited
/// one changed); a slider changes the edited card's query text alone, not its buttons and
/// their listeners.
fn cards(state: State, embed: bool) -> impl IntoView {
    let rows = Memo::new(move |_| {
        let list = state.compared();
        let fitted = state.page.with(|p| p.fitted.clone());
        let active = state.active.get();
        let removable = list.len() > 1;
        list.iter()
            .enumerate()
            .map(|(i, s)| {
                let label = machine_label(fitted.as_deref(), s);
                let what = format!("{label} · {}", s.pattern.title);
                (i, what, i == active && !embed, removable)
            })
            .collect::<Vec<_>>()
    });
    view! {
        <For
            each=move || rows.get()
            key=|row| row.clone()
            children=move |(i, what, edited, removable)| card(state, i, what, edited, removable, embed)
        />
    }
}

fn card(
    state: State,
    i: usize,
    what: String,
    edited: bool,
    removable: bool,
    embed: bool,
) -> impl IntoView {
    let name = letter(i).to_string();
    let query = move || {
        state
            .compared()
            .get(i)
            .map(Scenario::to_query)
            .unwrap_or_default()
    };
    // The visible word starts the accessible name (WCAG 2.5.3, label in name).
    let action = if edited { "Editing" } else { "Edit" };
    let buttons = (!embed).then(|| {
        let name = name.clone();
        view! {
            <button
                type="button"
                class="edit-compared"
                aria-pressed=if edited { "true" } else { "false" }
                aria-label=format!("{action} scenario {name}")
                on:click=move |_| state.edit_compared(i)
            >
                {action}
            </button>
            <button
                type="button"
                class="remove-compared"
                disabled=!removable
                aria-label=format!("Remove scenario {name}")
                on:click=move |_| state.remove_compared(i)
            >
                "Remove"
            </button>
        }
    });
    view! {
        <li class="compared" class:edited=edited data-index=i>
            <span class=format!("key c{i}") aria-hidden="true">{name.clone()}</span>
            <div class="what">
                <strong>{what}</strong>
                <code>{query}</code>
            </div>
            {buttons}
        </li>
    }
}

/// `table#scenarios`: a row per compared scenario, kept while a slider changes its numbers.
#[component]
fn ScenarioTable(rows: Memo<Vec<ScenarioRow>>) -> impl IntoView {
    let count = move || rows.with(|r| (0..r.len()).collect::<Vec<_>>());
    view! {
        <table id="scenarios" class="stack">
            <caption>"Each scenario at its query's size"</caption>
            <thead>
                <tr>
                    <th scope="col">"scenario"</th>
                    {COLUMNS
                        .iter()
                        .map(|&key| view! { <th scope="col">{head(key)}</th> })
                        .collect_view()}
                </tr>
            </thead>
            <tbody>
                <For each=count key=|i| *i let:i>
                    <ScenarioLine rows i/>
                </For>
            </tbody>
        </table>
    }
}

/// Scenario `i`'s row: its letter, what it is and its numbers, each a text that follows.
#[component]
fn ScenarioLine(rows: Memo<Vec<ScenarioRow>>, i: usize) -> impl IntoView {
    let l = letter(i).to_string();
    let what = move || rows.with(|r| r.get(i).map(|r| r.what.clone()).unwrap_or_default());
    let cell = move |k: usize| {
        rows.with(|r| r.get(i).and_then(|r| r.cells.get(k).cloned()))
            .unwrap_or(Cell {
                value: None,
                shown: String::new(),
            })
    };
    let cells = COLUMNS
        .iter()
        .enumerate()
        .map(|(k, &key)| {
            view! {
                <td
                    class="value"
                    data-label=head(key)
                    data-metric=key
                    data-value=move || cell(k).value.map(|v| v.to_string())
                >
                    {move || cell(k).shown}
                </td>
            }
        })
        .collect_view();
    view! {
        <tr data-index=i>
            <th scope="row" data-label="scenario">
                <span class=format!("key c{i}") aria-hidden="true">{l.clone()}</span>
                " "
                {l}
                " "
                {what}
            </th>
            {cells}
        </tr>
    }
}

/// `table#crossovers`: each pair's crossover sizes, a row per crossover kept while a slider
/// moves it, or why there is nothing to show.
#[component]
fn CrossoverTable(crossed: Memo<Crossings>) -> impl IntoView {
    let said = Memo::new(move |_| match crossed.get() {
        Crossings::Said(s, id) => Some((s, id)),
        Crossings::Rows(_) => None,
    });
    let keys = move || -> Vec<CrossingKey> {
        match &*crossed.read() {
            Crossings::Rows(rows) => rows.iter().map(|r| r.key).collect(),
            Crossings::Said(..) => Vec::new(),
        }
    };
    move || match said.get() {
        Some((text, id)) => view! { <p class="about" id=id>{text}</p> }.into_any(),
        None => view! {
            <table id="crossovers">
                <thead>
                    <tr>
                        <th scope="col">"curves"</th>
                        <th scope="col">"size"</th>
                        <th scope="col">"time there"</th>
                        <th scope="col">"order"</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=keys key=|k| *k let:k>
                        <CrossoverLine crossed k/>
                    </For>
                </tbody>
            </table>
        }
        .into_any(),
    }
}

/// One crossover's row: its size, time and order follow a slider.
#[component]
fn CrossoverLine(crossed: Memo<Crossings>, k: CrossingKey) -> impl IntoView {
    let row = move |f: fn(&Crossing) -> String| {
        crossed.with(|c| match c {
            Crossings::Rows(rows) => rows.iter().find(|r| r.key == k).map(f),
            Crossings::Said(..) => None,
        })
    };
    view! {
        <tr data-pair=format!("{}-{}", k.0, k.1)>
            <th scope="row">{move || row(|r| r.curves.clone())}</th>
            <td class="value" data-value=move || row(|r| r.size_bytes.to_string())>
                {move || row(|r| r.size.clone())}
            </td>
            <td>{move || row(|r| r.time.clone())}</td>
            <td>{move || row(|r| r.order.clone())}</td>
        </tr>
    }
}
