//! Traffic: 003's synthetic communication benchmark, simulated (docs/traffic.md).
//!
//! - The simulator's keys are the scenario panel's controls (the generic controls, declared
//!   in `traffic::control`); every one is in the address.
//! - A short run (`traffic::AUTO_RUN_EVENTS`) re-runs as a control moves: on the page's
//!   thread up to `traffic::PAGE_RUN_EVENTS`, else in the Web Worker (the results on screen
//!   stay until the new ones come, as the calculator's traffic pattern does; the view's first
//!   run, and every run where no worker starts, on the page's thread); a longer one waits for
//!   Run and goes to the worker, with a progress bar and Cancel.
//! - The results table, the cube with its links shaded by utilisation, the latency and
//!   run-length histograms (003 Fig. 9), and Figs. 7 and 8 as sweeps (in the worker).
//! - Exports: the results as CSV and JSON, the cube as SVG, each chart as PNG and SVG.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;

use commcalc_core::figures::{LOCALITY, RUN_LENGTHS};
use commcalc_core::papers::Cited;
use commcalc_core::patterns::traffic::{beyond_limit, estimate_text, MAX_EVENTS};
use commcalc_core::patterns::{pattern, LINK_COST};
use commcalc_core::traffic::cube::Cube;
use commcalc_core::traffic::figures::{self, Panel, PANELS};
use commcalc_core::traffic::Summary;
use commcalc_core::units::si;
use commcalc_core::Scenario;

use super::export_bar::plain;
use super::figure::Figure;
use super::followed_rows::followed_rows;
use crate::chart::{palette, LegendKey, Plot, Scale};
use crate::dom::{self, now, Node};
use crate::held::follow_on_screen;
use crate::state::State;
use crate::traffic::{
    csv, estimate, figures_csv, figures_estimate, rows, Figures, Reply, Request, Work,
    AUTO_RUN_EVENTS, MAIN_THREAD_EVENTS, PAGE_RUN_EVENTS,
};
use crate::traffic_draw::{
    cube_drawing, cube_summary, figure_rows, latency_plot, run_length_plot, sweep_keys, sweep_plot,
    utilisation_plot, CubeDrawing, LinkLine, INK, MAX_DRAWN_DIM, PAPER,
};
use crate::view::View;
use crate::worker::{Job, Workers};

/// A finished run: its canonical query and results.
#[derive(Clone)]
struct Done {
    query: String,
    summary: Arc<Summary>,
}

/// The view's own signals: the last run and figures, the job in the worker and what it says.
#[derive(Clone, Copy)]
struct Runs {
    result: RwSignal<Option<Done>>,
    figures: RwSignal<Option<Arc<Figures>>>,
    /// (replications done, of) while the worker runs.
    progress: RwSignal<Option<(f64, u32)>>,
    status: RwSignal<String>,
    job: StoredValue<Option<Job>, LocalStorage>,
    /// The requests posted to the job and not yet answered, and the live re-run waiting.
    flight: StoredValue<Flight, LocalStorage>,
    /// The query of the last live re-run asked for, until a run on the page or a Run
    /// overtakes it: the results are not stale while it runs, and a live re-run's results are
    /// shown only meanwhile.
    live: RwSignal<Option<String>>,
    /// The run each histogram shows (latencies, run lengths, the links): a run on the page sets
    /// them with `result`; a run from the worker, one per frame after it (`show_in_steps`).
    charted: [RwSignal<Option<Done>>; 3],
    /// A Run refused for its estimate beyond the core's limit (`Some(figures)`): "Run anyway"
    /// starts it; any edit forgets it.
    anyway: RwSignal<Option<bool>>,
    /// The page's workers (`worker::Workers`), of which the view's is one.
    workers: Workers,
    /// How the view says it has repainted (`State::paints`).
    paints: dom::Paints,
}

type PlotMemo = Memo<Result<Plot, String>>;

/// The job's requests in the order the worker answers them, each `true` for a live re-run (a
/// control moved) and `false` for Run or the figures, and the latest live re-run asked for
/// while one was under way. A live re-run waits for the requests under way and replaces any
/// earlier one waiting, so that a dragged slider's runs never queue up (the calculator's rule,
/// `worker::report`); its progress is not shown, as it is short.
#[derive(Default)]
struct Flight {
    posted: VecDeque<bool>,
    waiting: Option<Request>,
}

/// The view: what it is, the run bar, the results, the cube, the histograms, the figures and
/// the exports.
#[component]
pub fn TrafficView(
    /// The app state: the scenario's machine and the simulator's keys.
    state: State,
) -> impl IntoView {
    let runs = Runs {
        result: RwSignal::new(None),
        figures: RwSignal::new(None),
        progress: RwSignal::new(None),
        status: RwSignal::new(String::new()),
        job: StoredValue::new_local(None),
        flight: StoredValue::new_local(Flight::default()),
        live: RwSignal::new(None),
        charted: std::array::from_fn(|_| RwSignal::new(None)),
        anyway: RwSignal::new(None),
        workers: expect_context::<Workers>(),
        paints: state.paints,
    };
    auto_run(state, runs);
    let charts = charts(runs);
    let [latency, lengths, utilisation, ..] = charts;
    let embed = state.page.with_untracked(|p| p.embed);
    let empty = move || runs.result.with(Option::is_none);
    // The cube's box on the page, whose drawing the export saves.
    let cube = Node::new();
    view! {
        <Intro state/>
        <RunBar state runs/>
        <Results state runs/>
        <CubePanel state runs cube utilisation/>
        <section class="panel" class:traffic-empty=empty aria-labelledby="traffic-hist-title">
            <h2 id="traffic-hist-title">"Latencies and runs (first replication)"</h2>
            <div class="traffic-pair">
                <Chart state chart=latency label="Histogram of the message latencies; the results table gives the mean, median and 99th percentile"/>
                <Chart state chart=lengths label="Histogram of run lengths; the results table gives their mean"/>
            </div>
        </section>
        {(!embed).then(|| view! {
            <FiguresPanel state runs charts/>
            <Exports state runs charts cube/>
        })}
    }
}

/// The view's charts: the run's histograms and the figures' sweeps, each with its key.
fn charts(runs: Runs) -> Charts {
    let first = move |chart: usize, f: fn(&commcalc_core::traffic::Run) -> Plot| {
        Memo::new(move |_| {
            runs.charted[chart].with(|r| {
                r.as_ref()
                    .map(|d| f(&d.summary.first))
                    .ok_or_else(|| "No run yet.".to_string())
            })
        })
    };
    let none = Memo::new(|_| Vec::new());
    let histogram = |(file, short, caption, x, y): Histogram, plot| ChartDef {
        file,
        short,
        caption,
        plot,
        keys: none,
        x,
        y,
    };
    // A panel of the figures: its series against its swept key, once the figures have run.
    let swept = |panel: Panel| {
        let plot = Memo::new(move |_| {
            runs.figures.with(|f| match f {
                Some(f) => sweep_plot(f.curves(panel.figure), panel.key),
                None => Err(format!("Press Run {}.", figures::names())),
            })
        });
        let keys = Memo::new(move |_| {
            runs.figures.with(|f| {
                f.as_ref()
                    .map(|f| sweep_keys(f.curves(panel.figure), panel.key))
                    .unwrap_or_default()
            })
        });
        ChartDef {
            file: panel.file,
            short: panel.name,
            caption: Caption::Paper(panel.caption),
            plot,
            keys,
            x: panel.axis,
            // The completion time's label in the core's catalogue of reported quantities.
            y: commcalc_core::metrics::metric("completion_us").map_or("completion_us", |m| m.label),
        }
    };
    let [radius, decay, hit] = PANELS.map(swept);
    [
        histogram(LATENCY, first(0, latency_plot)),
        histogram(RUNS, first(1, run_length_plot)),
        histogram(UTILISATION, first(2, utilisation_plot)),
        radius,
        decay,
        hit,
    ]
}

/// A linear chart of the view, with its key under it where it has one.
#[component]
fn Chart(state: State, chart: ChartDef, label: &'static str) -> impl IntoView {
    let ChartDef {
        file,
        caption,
        plot,
        keys,
        ..
    } = chart;
    // The canvas's id, and its key's.
    let id = format!("traffic-{file}");
    let key = format!("{id}-key");
    view! {
        <div class="traffic-chart">
            <Figure id caption=Signal::derive(move || caption.to_string()) plot scale=Signal::derive(|| Scale::Linear) label dark=state.dark/>
            <ChartKey id=key keys dark=state.dark/>
        </div>
    }
}

/// `p.legend#<chart>-key`: each line of a chart, a short line in its colour (dashed where it
/// is drawn dashed) and its name; hidden while the chart has no lines.
#[component]
fn ChartKey(id: String, keys: Memo<Vec<LegendKey>>, dark: ReadSignal<bool>) -> impl IntoView {
    let each = move || keys.get();
    view! {
        <p class="legend traffic-key" id=id hidden=move || keys.with(Vec::is_empty)>
            <For each key=|k| (k.name.clone(), k.colour, k.dashed) let:k>
                <span class="coll-key">
                    <span
                        class="line-swatch"
                        class:dashed=k.dashed
                        style:border-color=move || {
                            let series = palette(dark.get()).series;
                            let (r, g, b) = series[k.colour % series.len()];
                            format!("rgb({r},{g},{b})")
                        }
                    ></span>
                    {k.name.clone()}
                    {k.dashed.then_some(" (dashed)")}
                </span>
                " "
            </For>
        </p>
    }
}

/// Runs a request on the page's thread (short runs, or every run without a worker).
fn run_here(runs: Runs, request: Request) {
    overtake(runs);
    let t0 = now();
    let reply = {
        let _timed = dom::timed("commcalc:simulate");
        Work::run(&request).finish(&mut |_, _| ())
    };
    let ms = now() - t0;
    take_reply(runs, reply, &format!("on the page in {ms:.0} ms"), false);
}

/// Shows a reply: a run's results, the figures or the error. A run's histograms follow at once,
/// or with `in_steps` one per frame after the table: a worker's run may come as a person drags a
/// slider, and the frame that showed a 4096-node run's table, three redrawn histograms and the
/// links' histogram shown for the first time cost an input in it 8–27 ms (docs/traffic.md). A
/// short run (a live re-run, or one on the page) shows whole, in one frame.
fn take_reply(runs: Runs, reply: Reply, how: &str, in_steps: bool) {
    match reply {
        Reply::Run { query, summary, ms } => {
            // A worker's run, timed by the worker: the page's own runs are timed in `run_here`.
            if ms > 0.0 {
                dom::record("commcalc:simulate", ms);
            }
            let took = match ms {
                ms if ms >= 1000.0 => format!(" in {:.2} s", ms / 1000.0),
                ms if ms > 0.0 => format!(" in {ms:.1} ms"),
                _ => String::new(),
            };
            runs.status.set(format!(
                "Ran {} replications ({} events) {how}{took}.",
                summary.reps, summary.events
            ));
            let done = Done {
                query,
                summary: Arc::new(*summary),
            };
            runs.result.set(Some(done.clone()));
            if in_steps {
                show_in_steps(runs, done, 0);
            } else {
                runs.charted.iter().for_each(|c| c.set(Some(done.clone())));
            }
        }
        Reply::Figures { figures } => {
            runs.status.set(format!("Ran {} {how}.", figures::names()));
            runs.figures.set(Some(Arc::new(figures)));
        }
        Reply::Error { message } => runs.status.set(format!("The run failed: {message}")),
        Reply::Ready | Reply::Progress { .. } | Reply::Simulated { .. } => {}
    }
}

/// Shows `done` in the histograms from `chart` on, one per frame and none within
/// `worker::HOLD_MS` of an input, while it is still the run shown (a later run, on the page or
/// from the worker, takes over the rest).
fn show_in_steps(runs: Runs, done: Done, chart: usize) {
    dom::after_next_frame(move || {
        crate::worker::when_quiet(runs.workers, move || {
            let current = runs.result.with_untracked(|r| {
                r.as_ref()
                    .is_some_and(|r| Arc::ptr_eq(&r.summary, &done.summary))
            });
            let Some(signal) = runs.charted.get(chart).filter(|_| current) else {
                return;
            };
            signal.set(Some(done.clone()));
            show_in_steps(runs, done, chart + 1);
        })
    });
}

/// Starts the view's worker unless one is up: it is started ahead, while the scenario on
/// screen needs Run (`auto_run`), so that Run starts at once, and it stays up between runs.
/// A worker that failed is let go after its error is shown (not from inside its own
/// message handler, which is running then), so that the next Run starts a new one.
fn worker(runs: Runs) -> Result<(), String> {
    if runs.job.with_value(Option::is_some) {
        return Ok(());
    }
    let job = Job::start(runs.workers, move |reply| {
        let live = runs
            .flight
            .with_value(|f| f.posted.front().copied().unwrap_or(false));
        match reply {
            Reply::Progress { .. } if live => {}
            Reply::Progress { done, total } => runs.progress.set(Some((done, total))),
            other => {
                if matches!(other, Reply::Error { .. }) {
                    set_timeout(move || stop(runs), Duration::ZERO);
                }
                answered(runs);
                if !live {
                    runs.progress.set(None);
                }
                if live && runs.live.with_untracked(Option::is_none) {
                    // Overtaken by a run on the page or a Run: older than what they show.
                    return;
                }
                // A live re-run's results come in one frame, as a run on the page does.
                take_reply(runs, other, "in the background", !live);
                runs.paints.after_effects();
            }
        }
    })?;
    runs.job.set_value(Some(job));
    Ok(())
}

/// Posts a request to the view's worker, started if it is not up; a live re-run waits while
/// another request is under way ([`Flight`]).
fn post(runs: Runs, request: Request, live: bool) -> Result<(), String> {
    worker(runs)?;
    let wait = live && runs.flight.with_value(|f| !f.posted.is_empty());
    if wait {
        runs.flight.update_value(|f| f.waiting = Some(request));
        return Ok(());
    }
    runs.job.with_value(|job| match job {
        Some(job) => job.post(&request),
        None => Err("no Web Worker".into()),
    })?;
    runs.flight.update_value(|f| {
        f.posted.push_back(live);
        // A run asked for supersedes a live re-run still waiting.
        f.waiting = None;
    });
    Ok(())
}

/// A request has been answered: the live re-run waiting, if any, goes to the worker.
fn answered(runs: Runs) {
    let next = runs.flight.try_update_value(|f| {
        f.posted.pop_front();
        f.posted.is_empty().then(|| f.waiting.take()).flatten()
    });
    if let Some(request) = next.flatten() {
        let _ = post(runs, request, true);
    }
}

/// Stops the worker: its requests are dropped with it, and the next one starts another.
fn stop(runs: Runs) {
    runs.job.set_value(None);
    runs.flight.set_value(Flight::default());
    overtake(runs);
}

/// A run on the page or a Run overtakes the live re-runs asked for before it: the one waiting
/// is dropped, and the results of those under way will not be shown.
fn overtake(runs: Runs) {
    runs.flight.update_value(|f| f.waiting = None);
    runs.live.set(None);
}

/// Starts a request in the worker; without one, runs it here if it is small enough.
fn start(runs: Runs, request: Request, events: f64) {
    runs.progress.set(Some((0.0, 0)));
    overtake(runs);
    let started = post(runs, request.clone(), false);
    match started {
        Ok(()) => runs.status.set(format!(
            "Running in the background: {}.",
            estimate_text(events)
        )),
        Err(e) if events <= MAIN_THREAD_EVENTS => {
            runs.progress.set(None);
            web_sys::console::warn_1(&e.into());
            run_here(runs, request);
        }
        Err(e) => {
            runs.progress.set(None);
            runs.status.set(format!("{e}: this browser cannot run it in the background, and a run of about {} events (more than {}) would freeze the page. Lower count, reps or dim.", si(events, ""), si(MAIN_THREAD_EVENTS, "")));
        }
    }
}

/// Run (or the figures): here when short, else in the worker; a run estimated beyond the
/// core's limit (`MAX_EVENTS`) only once "Run anyway" asks for it (`anyway`).
fn run(state: State, runs: Runs, figures: bool) {
    go(state, runs, figures, false);
}

/// "Run anyway": the run that Run refused for its estimate.
fn run_anyway(state: State, runs: Runs) {
    if let Some(figures) = runs.anyway.get_untracked() {
        runs.anyway.set(None);
        go(state, runs, figures, true);
    }
}

/// Runs the scenario (or the figures), beyond the limit only if `anyway`.
fn go(state: State, runs: Runs, figures: bool, anyway: bool) {
    let s = state.scenario.get_untracked();
    let request = Request {
        figures,
        query: s.to_query(),
        evaluate: false,
    };
    let events = if figures {
        figures_estimate(&s)
    } else {
        estimate(&s)
    };
    match events {
        Err(e) => runs.status.set(format!("Not run: {e}")),
        Ok(e) if !figures && e <= AUTO_RUN_EVENTS => {
            runs.progress.set(None);
            run_here(runs, request);
        }
        Ok(e) => match beyond_limit(e, MAX_EVENTS).filter(|_| !anyway) {
            Some(why) => {
                runs.anyway.set(Some(figures));
                runs.status.set(format!(
                    "Not run: {why}. Press Run anyway to start it regardless (Cancel stops it)."
                ));
            }
            None => start(runs, request, e),
        },
    }
}

/// Re-runs a short scenario whenever it changes ([`live_run`]); says what a long one needs.
/// While a run is under way the status line stays that run's (Run is disabled until it ends,
/// so "press Run" would mislead), and nothing re-runs; once it ends, the results say whether
/// the controls have changed since (`#traffic-stale`).
fn auto_run(state: State, runs: Runs) {
    dom::effect(move || {
        let s = state.scenario.get();
        runs.anyway.set(None);
        if state.page.with_untracked(|p| p.view) != View::Traffic {
            return;
        }
        let idle = runs.progress.get_untracked().is_none();
        match estimate(&s) {
            Ok(e) if e <= AUTO_RUN_EVENTS => {
                if idle {
                    live_run(runs, s.to_query(), e);
                }
            }
            Ok(e) => {
                if idle {
                    let long = match beyond_limit(e, MAX_EVENTS) {
                        Some(_) => {
                            " It is beyond the limit of a run started without asking: Run will ask."
                        }
                        None => "",
                    };
                    runs.status.set(format!(
                        "Estimated at {}: more than the {} events that re-run as you edit. Press Run: it runs in the background, with a progress bar and Cancel.{long}",
                        estimate_text(e),
                        si(AUTO_RUN_EVENTS, "")
                    ));
                }
                // Ready before Run is pressed (where no worker starts, Run says why).
                let _ = worker(runs);
            }
            Err(_) if idle => runs
                .status
                .set("Not run: see the problems beside the controls.".into()),
            Err(_) => {}
        }
        state.paints.after_effects();
    });
}

/// A short run of `query`, of about `events`, as a control moves. Above
/// [`PAGE_RUN_EVENTS`] it goes to the worker, so that a slider's input does not wait for the
/// simulation (003's workload, five replications: 3–5 ms of the page's thread, over half of
/// an input's script), once the view has results: its
/// first run is on the page, so that it opens with them, and starts the worker for the next.
/// Shorter runs, and every run where no worker starts, are on the page.
fn live_run(runs: Runs, query: String, events: f64) {
    let request = Request {
        figures: false,
        query: query.clone(),
        evaluate: false,
    };
    if events > PAGE_RUN_EVENTS {
        if runs.result.with_untracked(Option::is_none) {
            let _ = worker(runs);
        } else {
            match post(runs, request.clone(), true) {
                Ok(()) => return runs.live.set(Some(query)),
                Err(e) => web_sys::console::warn_1(&e.into()),
            }
        }
    }
    run_here(runs, request);
}

/// The heading, what the view is, the note and the machine.
#[component]
fn Intro(state: State) -> impl IntoView {
    // The view shows the traffic pattern alone (`traffic::with_traffic` moves it there).
    let heading = pattern("traffic")
        .map(|p| format!("{}, simulated ({})", p.title, p.source))
        .unwrap_or_default();
    view! {
        <section class="panel" aria-labelledby="traffic-title">
            <h2 id="traffic-title">{heading}</h2>
            <p class="about">
                {format!("Every node of a hypercube sends messages with temporal locality (an LRU stack of recent destinations) and spatial locality (uniform, a sphere of locality, or decreasing probability with distance); the messages cross the cube's simplex links hop by hop under e-cube routing, each hop costing {} ({}). Set the models with the controls; the same query gives the same numbers, bit for bit, here and in commcalc traffic.", LINK_COST.text, LINK_COST.source)}
            </p>
            <p id="traffic-note" class="about regimes-hint" role="status" hidden=move || state.note.with(Option::is_none)>
                {move || state.note.get()}
            </p>
        </section>
    }
}

/// Run, Cancel, the progress bar and the status line.
#[component]
fn RunBar(state: State, runs: Runs) -> impl IntoView {
    let running = move || runs.progress.with(Option::is_some);
    let cancel = move |_| {
        stop(runs);
        runs.progress.set(None);
        let shown = runs.result.with_untracked(Option::is_some);
        runs.status.set(if shown {
            "Cancelled: the worker was stopped. The results shown are those of the last finished run."
        } else {
            "Cancelled: the worker was stopped before any run finished."
        }.into());
    };
    let value = move || runs.progress.get().map_or(0.0, |(d, _)| d).to_string();
    let max = move || {
        runs.progress
            .get()
            .map(|(_, t)| t.max(1))
            .unwrap_or(1)
            .to_string()
    };
    view! {
        <section class="panel traffic-run" aria-label="Run">
            <button type="button" id="traffic-run" on:click=move |_| run(state, runs, false) disabled=running>"Run"</button>
            <button type="button" id="traffic-run-anyway" on:click=move |_| run_anyway(state, runs) hidden=move || runs.anyway.with(Option::is_none) disabled=running>"Run anyway"</button>
            <button type="button" id="traffic-cancel" on:click=cancel hidden=move || !running()>"Cancel"</button>
            <progress id="traffic-progress" aria-label="Replications done" hidden=move || !running() value=value max=max></progress>
            <p id="traffic-status" role="status">{move || runs.status.get()}</p>
        </section>
    }
}

/// The results table: `table#traffic-results`, `tr[data-metric]` with the core's label of each
/// metric (which says whether it is a mean over the replications or a total of them) and
/// `td.value[data-value]` holding the raw number as `commcalc traffic` prints it. A run on
/// every input changes the numbers, not the rows: each row stays, its value follows.
#[component]
fn Results(state: State, runs: Runs) -> impl IntoView {
    let table = Memo::new(move |_| {
        runs.result
            .with(|r| r.as_ref().map(|d| rows(&d.summary)).unwrap_or_default())
    });
    let keys = move || table.with(|t| t.iter().map(|(k, ..)| *k).collect::<Vec<_>>());
    let row = move |key: &'static str| {
        let cell = move || {
            table.with(|t| {
                t.iter()
                    .find(|(k, ..)| *k == key)
                    .map(|(_, shown, raw)| (shown.clone(), raw.clone()))
                    .unwrap_or_default()
            })
        };
        let label = commcalc_core::metrics::metric(key).map_or(key, |m| m.label);
        view! {
            <tr data-metric=key>
                <th scope="row">
                    {label}
                    " "
                    <code>{key}</code>
                </th>
                <td class="value" data-value=move || cell().1>{move || cell().0}</td>
            </tr>
        }
    };
    // Not while the current query re-runs in the worker: its results are coming.
    let stale = move || {
        let current = state.scenario.with(Scenario::to_query);
        let coming = runs.live.with(|q| q.as_deref() == Some(current.as_str()));
        !coming
            && runs
                .result
                .with(|r| r.as_ref().is_some_and(|d| d.query != current))
    };
    let of = move || {
        runs.result.with(|r| {
            r.as_ref()
                .map(|d| format!("Results of {}", d.query))
                .unwrap_or_else(|| "No run yet.".into())
        })
    };
    view! {
        <section class="panel" aria-labelledby="traffic-results-title">
            <h2 id="traffic-results-title">"Results"</h2>
            <p class="about" id="traffic-of">{of}</p>
            <p class="regimes-problem" id="traffic-stale" hidden=move || !stale()>"The controls have changed since this run: press Run for the new query."</p>
            <table class="metrics" id="traffic-results" class:traffic-empty=move || table.with(Vec::is_empty)>
                <thead>
                    <tr>
                        <th scope="col">"quantity"</th>
                        <th scope="col">"value"</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=keys key=|k| *k let:key>{row(key)}</For>
                </tbody>
            </table>
        </section>
    }
}

/// The cube with its links shaded (up to 6 dimensions), else why not and the histogram.
#[component]
fn CubePanel(state: State, runs: Runs, cube: Node, utilisation: ChartDef) -> impl IntoView {
    // Below the fold, the drawing waits while a slider moves ([`follow_on_screen`]).
    let drawing = follow_on_screen(state.address, cube, move || {
        runs.result.with(|r| {
            r.as_ref()
                .and_then(|d| cube_drawing(dim_of(&d.summary), &d.summary.first))
        })
    });
    let summary = move || {
        runs.result.with(|r| {
            r.as_ref()
                .map(|d| cube_summary(dim_of(&d.summary), &d.summary.first))
                .unwrap_or_default()
        })
    };
    let big = move || {
        runs.charted[2].with(|r| {
            r.as_ref()
                .is_some_and(|d| dim_of(&d.summary) > MAX_DRAWN_DIM)
        })
    };
    view! {
        <section class="panel" class:traffic-empty=move || runs.result.with(Option::is_none) aria-labelledby="traffic-cube-heading">
            <h2 id="traffic-cube-heading">"The cube's links (first replication)"</h2>
            <div class="traffic-cube" node_ref=cube>
                <CubeSvg drawing/>
            </div>
            <p class="about" id="traffic-cube-summary">{summary}</p>
            <div hidden=move || !big()>
                <Chart state chart=utilisation label="Histogram of the links' utilisation"/>
            </div>
        </section>
    }
}

/// `svg#traffic-cube`: a `line[data-link]` per link and a circle per node. Drawn again only
/// when the cube's size changes; another run's shades change the lines' attributes in place.
#[component]
fn CubeSvg(drawing: ReadSignal<Option<CubeDrawing>>) -> impl IntoView {
    // What a new run of the same cube keeps: the nodes and where the links run.
    let shape = Memo::new(move |_| {
        drawing.with(|d| {
            d.as_ref().map(|d| {
                let lines: Vec<LinkEnds> = d.links.iter().map(|l| (l.link, l.from, l.to)).collect();
                (
                    d.view_box(),
                    d.title(),
                    lines,
                    d.centres.clone(),
                    d.radius,
                    d.labelled,
                )
            })
        })
    });
    let link = move |i: u32, pick: fn(&LinkLine) -> String| {
        drawing.with(|d| {
            d.as_ref()
                .and_then(|d| d.links.get(i as usize))
                .map(pick)
                .unwrap_or_default()
        })
    };
    move || {
        shape.get().map(|(view_box, title, lines, centres, radius, labelled)| {
            let lines = lines
                .into_iter()
                .map(|(i, (x1, y1), (x2, y2))| {
                    view! {
                        <line
                            data-link=i
                            data-util=move || link(i, |l| l.utilisation.to_string())
                            x1=format!("{x1:.1}")
                            y1=format!("{y1:.1}")
                            x2=format!("{x2:.1}")
                            y2=format!("{y2:.1}")
                            stroke=move || link(i, |l| l.stroke.clone())
                            stroke-width=move || link(i, |l| format!("{:.1}", l.width))
                        >
                            <title>{move || link(i, LinkLine::title)}</title>
                        </line>
                    }
                })
                .collect_view();
            let nodes = cube_nodes(centres, radius, labelled);
            view! {
                <svg id="traffic-cube" viewBox=view_box role="img" aria-labelledby="traffic-cube-title">
                    <title id="traffic-cube-title">{title}</title>
                    {lines}
                    {nodes}
                </svg>
            }
        })
    }
}

/// The cube's nodes: a circle each, numbered up to 16 nodes.
fn cube_nodes(centres: Vec<(f64, f64)>, radius: f64, labelled: bool) -> impl IntoView {
    centres
        .into_iter()
        .enumerate()
        .map(|(n, (x, y))| {
            let label = labelled.then(|| {
                view! {
                    <text
                        class="cube-label"
                        x=format!("{x:.1}")
                        y=format!("{:.1}", y + 4.0)
                        text-anchor="middle"
                        font-size="11"
                        fill=INK
                    >
                        {n}
                    </text>
                }
            });
            view! {
                <circle
                    class="cube-node"
                    cx=format!("{x:.1}")
                    cy=format!("{y:.1}")
                    r=radius
                    fill=PAPER
                    stroke=INK
                    stroke-width="1.2"
                >
                    <title>{format!("node {n}")}</title>
                </circle>
                {label}
            }
        })
        .collect_view()
}

/// A link of the drawing: its index and its ends' centres.
type LinkEnds = (u32, (f64, f64), (f64, f64));

/// The dimension of the cube a run was on, from its per-link results (`Cube::with_links`).
fn dim_of(s: &Summary) -> u32 {
    Cube::with_links(s.first.link_utilisation.len()).map_or(0, |c| c.dim)
}

/// 003 Figs. 7 and 8 as sweeps of the scenario's cube, count, lengths and routing, run in
/// the worker on demand.
#[component]
fn FiguresPanel(state: State, runs: Runs, charts: Charts) -> impl IntoView {
    let [.., radius, decay, hit] = charts;
    // Each row stays while the figures are run again; its cells' texts follow.
    let table = Memo::new(move |_| {
        runs.figures.with(|f| {
            f.as_ref()
                .map(|f| {
                    f.figures
                        .iter()
                        .flat_map(|d| figure_rows(&d.curves))
                        .collect()
                })
                .unwrap_or_default()
        })
    });
    let of = move || {
        runs.figures.with(|f| {
            f.as_ref()
                .map(|f| format!("Figures of {}", f.query))
                .unwrap_or_default()
        })
    };
    let running = move || runs.progress.with(Option::is_some);
    // What the figures sweep on this scenario's cube, told again only when the cube changes.
    let dim = Memo::new(move |_| state.scenario.with(|s| s.inputs.traffic.dim));
    let about = Memo::new(move |_| {
        let [seven, eight] = figures::of(dim.get());
        format!("{}. {}. Each point is a run of this scenario's cube, count, lengths, gaps, routing, seed and replications, as commcalc traffic --sweep runs it.", seven.about(), eight.about())
    });
    view! {
        <section class="panel" class:traffic-empty=move || runs.figures.with(Option::is_none) aria-labelledby="traffic-figs-title">
            <h2 id="traffic-figs-title">{LOCALITY.to_string()}</h2>
            <p class="about">{about}</p>
            <button type="button" id="traffic-figures-run" on:click=move |_| run(state, runs, true) disabled=running>{format!("Run {}", figures::names())}</button>
            <p class="about" id="traffic-figs-of">{of}</p>
            // The charts and their table are drawn once the figures have been run: until then a
            // sentence says how, where three empty canvases would cost the browser a copy of
            // their pixels on every frame.
            <Show when=move || runs.figures.with(Option::is_some) fallback=|| view! { <p class="about" id="traffic-figs-none">{format!("Not run yet: press Run {}.", figures::names())}</p> }>
                <div class="traffic-pair">
                    <Chart state chart=radius label="Completion time against the sphere radius; the table below lists the values"/>
                    <Chart state chart=decay label="Completion time against the decay; the table below lists the values"/>
                </div>
                <Chart state chart=hit label="Completion time against the hit probability for three spatial models; the table below lists the values"/>
                <table class="metrics" id="traffic-figs-table">
                    <thead>
                        <tr>
                            <th scope="col">"series"</th>
                            <th scope="col">"value"</th>
                            <th scope="col">"completion"</th>
                            <th scope="col">"95 %"</th>
                        </tr>
                    </thead>
                    {followed_rows(table)}
                </table>
            </Show>
        </section>
    }
}

/// A chart's caption, the exported chart's title: the view's own words, or a figure of 003's
/// with its source.
#[derive(Clone, Copy)]
enum Caption {
    Own(&'static str),
    Paper(Cited),
}

impl std::fmt::Display for Caption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Caption::Own(text) => f.write_str(text),
            Caption::Paper(figure) => figure.fmt(f),
        }
    }
}

/// One chart of the view: the name of its canvas and of its exports' files, its name on their
/// buttons, its caption, what it shows, its key, and the titles of its axes in an export.
#[derive(Clone, Copy)]
struct ChartDef {
    file: &'static str,
    short: &'static str,
    caption: Caption,
    plot: PlotMemo,
    keys: Memo<Vec<LegendKey>>,
    x: &'static str,
    y: &'static str,
}

/// The charts: the first three show the last run (latency, run lengths, links' utilisation),
/// the last three the figures.
type Charts = [ChartDef; 6];

/// A histogram's file name part, name on its buttons, caption and axes' titles.
type Histogram = (
    &'static str,
    &'static str,
    Caption,
    &'static str,
    &'static str,
);

/// The histograms. The counts on their ordinates are of the first replication; the times on
/// the latencies' abscissa carry their unit on the ticks.
const LATENCY: Histogram = (
    "latency",
    "Latency",
    Caption::Own("Messages by latency, birth to delivery (first replication)"),
    "Latency, birth to delivery",
    "Messages",
);
const RUNS: Histogram = (
    "runs",
    "Runs",
    Caption::Paper(RUN_LENGTHS),
    "Run length (messages)",
    "Runs",
);
const UTILISATION: Histogram = (
    "utilisation",
    "Utilisation",
    Caption::Own("Links by utilisation (busy time over completion time)"),
    "Utilisation (busy time ÷ completion time)",
    "Links",
);

/// Saves one export: `csv`, `json`, `cube`, `figures-csv`, or `<chart>-png` / `<chart>-svg`.
fn export(
    (state, runs): (State, Runs),
    (charts, cube): (&Charts, Node),
    what: &str,
) -> Result<String, String> {
    let stem = format!(
        "commcalc-traffic-{}",
        state.scenario.with_untracked(|s| s.machine.id)
    );
    let save = |name: String, mime: &str, text: &str| {
        dom::download_text(&name, mime, text)
            .map_err(|e| dom::js_error(&e))
            .map(|()| name)
    };
    let done = || runs.result.get_untracked().ok_or("no run yet");
    match what {
        "csv" => {
            let done = done()?;
            save(
                format!("{stem}.csv"),
                "text/csv",
                &csv(&done.query, &done.summary)?,
            )
        }
        "json" => {
            let done = done()?;
            let value = plain(&serde_json_like(&done))?;
            let text = js_sys::JSON::stringify_with_replacer_and_space(
                &value,
                &wasm_bindgen::JsValue::NULL,
                &wasm_bindgen::JsValue::from(2),
            )
            .map_err(|e| dom::js_error(&e))?;
            save(
                format!("{stem}.json"),
                "application/json",
                &String::from(text),
            )
        }
        "cube" => {
            done()?;
            // The file is the cube the page draws (`svg#traffic-cube`, alone in its box),
            // serialised: one drawing for the page and the export, its colours in its
            // attributes.
            let svg = cube
                .get_untracked()
                .and_then(|b| b.first_element_child())
                .ok_or("the cube is too large to draw")?;
            let text = web_sys::XmlSerializer::new()
                .and_then(|x| x.serialize_to_string(&svg))
                .map_err(|e| dom::js_error(&e))?;
            save(format!("{stem}-cube.svg"), "image/svg+xml", &text)
        }
        "figures-csv" => {
            let figures = runs.figures.get_untracked().ok_or("no figures yet")?;
            save(
                format!("{stem}-figures.csv"),
                "text/csv",
                &figures_csv(&figures)?,
            )
        }
        chart => {
            let query = if chart.starts_with("fig") {
                runs.figures
                    .with_untracked(|f| f.as_ref().map(|f| f.query.clone()))
            } else {
                runs.result
                    .with_untracked(|r| r.as_ref().map(|d| d.query.clone()))
            };
            chart_export(chart, charts, &stem, query.unwrap_or_default())
        }
    }
}

/// The JSON export: the query and the full results, as `commcalc traffic --json` has them
/// under `traffic`.
fn serde_json_like(done: &Done) -> impl serde::Serialize + '_ {
    #[derive(serde::Serialize)]
    struct Out<'a> {
        query: &'a str,
        traffic: &'a Summary,
    }
    Out {
        query: &done.query,
        traffic: &done.summary,
    }
}

/// A chart as PNG or SVG, drawn again for a page or a slide in light colours whatever the
/// page's theme, with its title, the query it shows, its key and its axes' titles.
fn chart_export(what: &str, charts: &Charts, stem: &str, query: String) -> Result<String, String> {
    let (chart, format) = what.rsplit_once('-').ok_or("unknown export")?;
    let def = charts
        .iter()
        .find(|c| c.file == chart)
        .ok_or("unknown chart")?;
    let heading = crate::draw::Heading {
        title: def.caption.to_string(),
        subtitle: format!("commcalc traffic {query}"),
        x: def.x.to_string(),
        y: def.y.to_string(),
        legend: def.keys.get_untracked(),
    };
    let paper = palette(false);
    let file = format!("{stem}-{}.{format}", def.file);
    let drawn = |frame, svg: bool| {
        def.plot.with_untracked(|p| {
            let p = p.as_ref().map_err(String::as_str);
            if svg {
                crate::draw::svg(frame, p, Scale::Linear, &paper, &heading)
            } else {
                crate::draw::png(frame, p, Scale::Linear, &paper, &heading)
            }
        })
    };
    def.plot
        .with_untracked(|p| p.as_ref().map(|_| ()).map_err(Clone::clone))?;
    if format == "png" {
        let url = drawn(EXPORT_PNG, false)?;
        return dom::download_url(&file, &url)
            .map_err(|e| dom::js_error(&e))
            .map(|()| file);
    }
    let text = drawn(EXPORT_SVG, true)?;
    dom::download_text(&file, "image/svg+xml", &text)
        .map_err(|e| dom::js_error(&e))
        .map(|()| file)
}

/// An exported chart's size: 800 × 450 CSS pixels, at twice the pixels for a PNG.
const EXPORT_SVG: crate::draw::Frame = crate::draw::Frame {
    css: (800.0, 450.0),
    ratio: 1.0,
};
const EXPORT_PNG: crate::draw::Frame = crate::draw::Frame {
    css: (800.0, 450.0),
    ratio: 2.0,
};

/// The export buttons: what each saves (`data-traffic-export`) and its label. The run's
/// files, each histogram as PNG and SVG, the figures' values, then each panel of the figures.
fn buttons(charts: &Charts) -> Vec<(String, String)> {
    let chart = |c: &ChartDef| {
        ["png", "svg"].map(|f| {
            (
                format!("{}-{f}", c.file),
                format!("{} {}", c.short, f.to_uppercase()),
            )
        })
    };
    let (histograms, panels) = charts.split_at(3);
    let mut out: Vec<(String, String)> = [
        ("csv", "Results CSV"),
        ("json", "JSON"),
        ("cube", "Cube SVG"),
    ]
    .map(|(what, label)| (what.into(), label.into()))
    .into();
    out.extend(histograms.iter().flat_map(chart));
    out.push(("figures-csv".into(), format!("{} CSV", figures::names())));
    out.extend(panels.iter().flat_map(chart));
    out
}

/// `button[data-traffic-export]`: the results as CSV and JSON, the cube's SVG, the figures'
/// values as CSV, and each chart shown as PNG and SVG (one mechanism, [`export`], for all).
#[component]
fn Exports(state: State, runs: Runs, charts: Charts, cube: Node) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let go = move |what: &str| {
        let outcome = export((state, runs), (&charts, cube), what);
        status.set(match outcome {
            Ok(name) => format!("Saved {name}."),
            Err(e) => format!("Export failed: {e}"),
        });
    };
    // The links' histogram is shown only for a cube too large to draw: its exports likewise.
    let drawn = move || {
        runs.result.with(|r| {
            r.as_ref()
                .is_none_or(|d| dim_of(&d.summary) <= MAX_DRAWN_DIM)
        })
    };
    let buttons = buttons(&charts)
        .into_iter()
        .map(|(what, label)| {
            let hidden = what.starts_with("utilisation-");
            let hidden = move || hidden && drawn();
            view! { <button type="button" data-traffic-export=what.clone() on:click=move |_| go(&what) hidden=hidden>{label}</button> }
        })
        .collect_view();
    view! {
        <section class="panel traffic-exports" aria-labelledby="traffic-export-title">
            <h2 id="traffic-export-title">"Export"</h2>
            <div class="export" role="group" aria-label="Export the results and figures">{buttons}</div>
            <p id="traffic-export-status" role="status">{move || status.get()}</p>
        </section>
    }
}
