//! `section#import-check`: a collective run among the files given together, set against the
//! prediction on the machine fitted to their point-to-point runs, at the p and ppn typed
//! beside it (OSU does not print p): every algorithm's curve, the library's choice and the
//! measured points, the error at each size and the summaries from 1 KiB, as
//! `commcalc validate --json` computes them (`crate::collective_check`).

use leptos::prelude::*;

use commcalc_core::collectives::library::Library;
use commcalc_core::collectives::validate::{RunCheck, Summary, Validation, FROM_BYTES};
use commcalc_core::units::si;

use super::figure::Figure;
use crate::chart::{palette, Plot, Scale};
use crate::collective_check::{check_plot, checked, legend, ratio_text, Given};

/// The runs the Import view holds: the text box's, named `first`, and the others given with it.
#[derive(Clone, Copy)]
pub struct Runs {
    pub text: RwSignal<String>,
    pub first: RwSignal<String>,
    pub others: RwSignal<Vec<(String, String)>>,
    pub format: RwSignal<String>,
}

type Checked = Option<Result<Vec<Validation>, String>>;

/// The validation of a collective run among the runs; hidden while there is none.
#[component]
pub fn CollectiveCheck(
    /// The runs given together.
    runs: Runs,
    /// The p, ppn and library typed beside the run (the Import view's: its fit takes the p).
    given: RwSignal<Given>,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let result: Memo<Checked> = Memo::new(move |_| {
        let format = runs.format.get();
        let first = runs.first.get();
        runs.text.with(|t| {
            runs.others.with(|others| {
                let mut all = vec![(first.as_str(), t.as_str())];
                all.extend(others.iter().map(|(n, t)| (n.as_str(), t.as_str())));
                given.with(|g| checked(&all, &format, g))
            })
        })
    });
    // Every run checked, host-buffer groups first; the one shown is chosen by its place.
    let checks = Memo::new(move |_| {
        result.with(|r| match r {
            Some(Ok(v)) => v.iter().flat_map(|v| v.runs.iter().cloned()).collect(),
            _ => Vec::new(),
        })
    });
    let chosen = RwSignal::new(0usize);
    let run = Memo::new(move |_| checks.with(|c| c.get(chosen.get()).or(c.first()).cloned()));
    let error = move || result.with(|r| r.as_ref().and_then(|r| r.as_ref().err().cloned()));
    let warnings = Memo::new(move |_| {
        let mut out: Vec<String> = result.with(|r| match r {
            Some(Ok(v)) => v.iter().flat_map(|v| v.warnings.iter().cloned()).collect(),
            _ => Vec::new(),
        });
        run.with(|r| out.extend(r.iter().flat_map(|r| r.warnings.iter().cloned())));
        out
    });
    view! {
        <section id="import-check" class="import-check" aria-labelledby="import-check-title" hidden=move || result.with(Option::is_none)>
            <h3 id="import-check-title">"The collective run against the prediction"</h3>
            <p class="about">
                "The collective run is set against every algorithm of its collective on the machine fitted to the point-to-point runs given with it, at the run's p and ppn (ranks per node, placed in blocks): nothing is fitted to the collective run. The same computation as commcalc validate --json."
            </p>
            <CheckInputs given/>
            <p id="import-check-error" class="import-error" role="alert" hidden=move || error().is_none()>
                <strong>"Not validated: "</strong>
                {error}
            </p>
            <RunChoice checks chosen/>
            <ul id="import-check-warnings" class="messages warnings">
                <For each=move || warnings.get() key=|w| w.clone() let:w>
                    <li>{w}</li>
                </For>
            </ul>
            <CheckChart run dark/>
            <Summaries run/>
            <SizeTable run/>
        </section>
    }
}

/// p and ppn as typed, and the library whose choice is drawn.
#[component]
fn CheckInputs(given: RwSignal<Given>) -> impl IntoView {
    let libraries = Library::ALL.map(|l| view! { <option value=l.id()>{l.name()}</option> });
    view! {
        <div class="import-actions">
            <label for="import-check-p">"p (processes of the run) "</label>
            <input id="import-check-p" type="text" inputmode="numeric" size="6" autocomplete="off"
                placeholder="as printed"
                prop:value=move || given.with(|g| g.p.clone())
                on:change=move |ev| given.update(|g| g.p = event_target_value(&ev))/>
            <label for="import-check-ppn">" ppn (ranks per node) "</label>
            <input id="import-check-ppn" type="text" inputmode="numeric" size="6" autocomplete="off"
                placeholder="1"
                prop:value=move || given.with(|g| g.ppn.clone())
                on:change=move |ev| given.update(|g| g.ppn = event_target_value(&ev))/>
            <label for="import-check-library">" library "</label>
            <select id="import-check-library"
                prop:value=move || given.with(|g| g.library.map_or("", |l| l.id()).to_string())
                on:change=move |ev| {
                let id = event_target_value(&ev);
                given.update(|g| g.library = Library::from_id(&id));
            }>
                <option value="" selected>"none: the fastest algorithm"</option>
                {libraries}
            </select>
        </div>
    }
}

/// `select#import-check-run`, where more than one collective run was given.
#[component]
fn RunChoice(checks: Memo<Vec<RunCheck>>, chosen: RwSignal<usize>) -> impl IntoView {
    let names = Memo::new(move |_| {
        checks.with(|c| {
            c.iter()
                .enumerate()
                .map(|(i, r)| (i, format!("{} (p = {}, ppn = {})", r.name, r.p, r.ppn)))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <div class="import-actions" hidden=move || names.with(|n| n.len() < 2)>
            <label for="import-check-run">"Collective run "</label>
            <select id="import-check-run" on:change=move |ev| {
                if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                    chosen.set(i);
                }
            }>
                <For each=move || names.get() key=|n| n.clone() let:n>
                    <option value=n.0.to_string() selected=move || chosen.get() == n.0>{n.1}</option>
                </For>
            </select>
        </div>
    }
}

/// The chart of the run shown, and its key in the chart's colours.
#[component]
fn CheckChart(run: Memo<Option<RunCheck>>, dark: ReadSignal<bool>) -> impl IntoView {
    let plot: Memo<Result<Plot, String>> = Memo::new(move |_| {
        run.with(|r| match r {
            Some(r) => check_plot(r),
            None => Err("The collective run is drawn here once it is validated.".into()),
        })
    });
    let caption = Signal::derive(move || {
        run.with(|r| {
            r.as_ref()
                .map(|r| {
                    format!(
                        "{} at p = {}, ppn = {}: measured (points) and every algorithm's prediction, log–log",
                        r.collective.id(),
                        r.p,
                        r.ppn
                    )
                })
                .unwrap_or_default()
        })
    });
    let key = Memo::new(move |_| {
        let colours = palette(dark.get()).series;
        run.with(|r| {
            r.as_ref()
                .map(|r| {
                    legend(r)
                        .into_iter()
                        .enumerate()
                        .map(|(i, name)| {
                            let (red, green, blue) = colours[i % colours.len()];
                            (name, format!("rgb({red}, {green}, {blue})"), i == 0)
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    view! {
        <Figure id="import-check-chart" caption plot scale=Signal::derive(|| Scale::Log)
            label="Chart of the collective run's measured times and each algorithm's predicted time; the numbers are in the table below."
            dark/>
        <ul id="import-check-legend" class="legend">
            <For each=move || key.get() key=|k| k.clone() let:k>
                <li>
                    <span class="swatch" class:measured=k.2 aria-hidden="true" style:background-color=k.1.clone()></span>
                    {k.0}
                </li>
            </For>
        </ul>
    }
}

/// `table#import-check-summaries`: each algorithm's, the library's and the best's ratios
/// from 1 KiB, and whether they are within the bounds.
#[component]
fn Summaries(run: Memo<Option<RunCheck>>) -> impl IntoView {
    let rows = Memo::new(move |_| {
        run.with(|r| {
            r.as_ref()
                .map(|r| r.summaries.iter().map(summary_row).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let verdict = move || {
        run.with(|r| {
            r.as_ref().map(|r| {
                format!(
                    "Verdict ({}): predicted over measured {} from {FROM_BYTES} B, median within ×{} and every size within ×{}: {}.",
                    r.verdict.algorithm,
                    r.verdict.text(),
                    commcalc_core::collectives::validate::MEDIAN_BOUND,
                    commcalc_core::collectives::validate::WORST_BOUND,
                    if r.verdict.within { "yes" } else { "no" }
                )
            })
        })
    };
    view! {
        <p id="import-check-verdict">{verdict}</p>
        <table class="metrics" id="import-check-summaries">
            <caption>{format!("Predicted over measured from {FROM_BYTES} B: median (least–largest)")}</caption>
            <thead>
                <tr>
                    <th scope="col">"algorithm"</th>
                    <th scope="col">"sizes"</th>
                    <th scope="col">"predicted / measured"</th>
                    <th scope="col">"within"</th>
                </tr>
            </thead>
            <tbody>
                <For each=move || rows.get() key=|r| r.clone() let:r>
                    <tr data-algorithm=r.0.clone()>
                        <th scope="row">{r.0.clone()}</th>
                        {r.1.into_iter().map(|cell| view! { <td>{cell}</td> }).collect_view()}
                    </tr>
                </For>
            </tbody>
        </table>
    }
}

/// `table#import-check-sizes`: at each measured size the measured time, the best algorithm's
/// and the library's choice's predictions with their errors, and every algorithm's ratio.
#[component]
fn SizeTable(run: Memo<Option<RunCheck>>) -> impl IntoView {
    let algorithms = Memo::new(move |_| {
        run.with(|r| r.as_ref().map(|r| r.algorithms.clone()).unwrap_or_default())
    });
    let rows = Memo::new(move |_| {
        run.with(|r| {
            r.as_ref()
                .map(|r| r.sizes.iter().map(|s| size_row(r, s)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="The collective run's sizes">
            <table class="metrics" id="import-check-sizes">
                <thead>
                    <tr>
                        <th scope="col">"size"</th>
                        <th scope="col">"measured"</th>
                        <th scope="col">"best"</th>
                        <th scope="col">"best / measured"</th>
                        <th scope="col">"library"</th>
                        <th scope="col">"library / measured"</th>
                        <For each=move || algorithms.get() key=|a| *a let:a>
                            <th scope="col">{a}</th>
                        </For>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || rows.get() key=|r| r.clone() let:r>
                        <tr data-size=r.0.clone()>
                            {r.1.into_iter().map(|cell| view! { <td>{cell}</td> }).collect_view()}
                        </tr>
                    </For>
                </tbody>
            </table>
        </div>
    }
}

/// One summary's row: its algorithm and its cells.
fn summary_row(s: &Summary) -> (String, Vec<String>) {
    let within = if s.within { "yes" } else { "no" };
    (
        s.algorithm.clone(),
        vec![s.sizes.to_string(), s.text(), within.to_string()],
    )
}

/// One size's row: its size as data (bytes) and its cells.
fn size_row(
    r: &RunCheck,
    s: &commcalc_core::collectives::validate::SizeCheck,
) -> (String, Vec<String>) {
    let at = |algo: &str| r.algorithms.iter().position(|a| *a == algo);
    let best = at(s.best).map(|i| s.predicted_us[i]);
    let library = s
        .library
        .map(|c| (c.name, c.algo.and_then(at).map(|i| s.predicted_us[i])));
    let mut cells = vec![
        si(s.size_bytes, "B"),
        si(s.measured_us, "µs"),
        s.best.to_string(),
        best.map(|t| ratio_text(t, s.measured_us))
            .unwrap_or_default(),
        library
            .map(|(n, _)| n.to_string())
            .unwrap_or_else(|| "—".into()),
        library
            .and_then(|(_, t)| t)
            .map(|t| ratio_text(t, s.measured_us))
            .unwrap_or_else(|| "—".into()),
    ];
    cells.extend(s.predicted_us.iter().map(|t| ratio_text(*t, s.measured_us)));
    (s.size_bytes.to_string(), cells)
}
