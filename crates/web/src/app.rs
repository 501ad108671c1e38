//! The page: reads the URL, builds the state and lays out the open view.

use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use commcalc_core::context::Engines;
use commcalc_core::{Error, Scenario};

use crate::chart::{plot, Which};
use crate::components::plain;
use crate::components::{
    Charts, CollectivesView, CompareView, Controls, ErrorList, ExplainPanel, ExportArgs, ExportBar,
    Fitted, ImportView, MetricsTable, Pickers, Presets, RegimesView, Share, Tabs, TrafficView,
    ValidateView, WarningList,
};
use crate::controls::TrafficControls;
use crate::dom::{self, Node};
use crate::edit::{Evaluate, Evaluator};
use crate::export::{self, curves_csv, file_stem};
use crate::lazy;
use crate::page::{self, Page};
use crate::problem::{url_problems, Problem};
use crate::state::State;
use crate::view::View;

/// The key under the calculator's charts: a swatch of each mark and what it says.
fn legend() -> AnyView {
    view! {
        <span class="swatch shade"></span>
        "latency-bound (below n½) · "
        <span class="swatch point"></span>
        "the query's point · "
        <span class="swatch optimum"></span>
        "largest congestion-free data size, where the pattern has one"
    }
    .into_any()
}

/// What a module carries: the results area of each view it has (the calculator's with its
/// export bar), the titles of the validation data sets (`page::title`) and the explain panel.
/// The page's first module passes [`CALCULATOR`], the full module [`ALL`], a module of one view
/// its own (`one_view!`); each binary names only its own, so the linker leaves the rest out of
/// it (`lazy`).
#[derive(Clone, Copy)]
pub struct Views {
    results: fn(View, State) -> AnyView,
    set_title: fn(&str) -> Option<String>,
    /// The explain panel of the scenario panel.
    explain: fn(State) -> AnyView,
    /// The share button and its dialog.
    share: fn(State) -> AnyView,
    /// The fitted machines of the machine picker (`Fitted`): none in the calculator's module,
    /// since the page's loader (Trunk.toml) starts the full module for a browser that keeps
    /// some and for an address that names one.
    fitted: Fitted,
    /// The style sheets of the views only this module has, a `<style>` each at the top of the
    /// app: a first visit to the calculator does not download them (docs/web-bytes.md). They
    /// go with the app, so that a module taking the page over brings its own.
    styles: &'static [&'static str],
    /// The core's engines this module costs with (`State::engines`): both in the full module;
    /// neither in the calculator's, which gets [`Error::Elsewhere`] for a scenario that needs
    /// one and hands it over to the full module ([`calculator_results`]), and so links neither.
    engines: Engines,
    /// Makes, under the app's owner and with the module's `engines`, how the scenario a view
    /// shows is evaluated, and an edit checked (`State::report`): in the full module by
    /// `worker::report`, which has the calculator's traffic scenarios simulated in a worker; in
    /// the calculator's module by `Evaluator::cached_evaluate` alone, which links no worker's
    /// client.
    report: fn(Engines) -> Evaluate,
    /// The simulator's controls (`State::traffic`): the full module's; none in the
    /// calculator's, which hands the traffic pattern over to the full module.
    traffic: TrafficControls,
    /// Where a view opened from a tab moves the scenario (`state::moved`): none in the
    /// calculator's module, which hands the other views over to the full module.
    moved: crate::state::Moved,
}

impl Views {
    /// What the app's `State` takes of the module: how it evaluates (made here, under the
    /// app's owner), where its views move the scenario, its simulator's controls and engines.
    fn module(&self) -> (Evaluate, crate::state::Moved, TrafficControls, Engines) {
        (
            (self.report)(self.engines),
            self.moved,
            self.traffic,
            self.engines,
        )
    }
}

/// The first module's (`src/main.rs`): the calculator, and for any other view a loading
/// notice while the full module loads and takes the page over (`lazy`).
pub const CALCULATOR: Views = Views {
    results: calculator_results,
    set_title: |_| None,
    explain: lazy::explain_panel,
    share: lazy::share_button,
    fitted: Fitted::NONE,
    styles: &[],
    engines: Engines::NONE,
    report: |engines| {
        let calculator = Evaluator::new(engines);
        Box::new(move |_, scenario| calculator.cached_evaluate(scenario))
    },
    traffic: TrafficControls::NONE,
    moved: |_, _, _| None,
};

/// Every view: the full module's (`src/bin/full.rs`).
pub const ALL: Views = Views {
    results: all_results,
    set_title: crate::validation_plot::set_title,
    explain: |state| view! { <ExplainPanel state/> }.into_any(),
    share: |state| view! { <Share state/> }.into_any(),
    fitted: Fitted::KEPT,
    styles: STYLES,
    engines: commcalc_core::report::ENGINES,
    report: crate::worker::evaluator,
    traffic: crate::traffic::CONTROLS,
    moved: crate::state::moved,
};

/// A module of one view (`src/bin/<view>.rs`): the view `$view` alone, whose results area
/// `$show` draws, and every scenario, costed as the full module costs it. The loader
/// (Trunk.toml) starts it for a link to that view, for about half the full module's bytes;
/// another view, the explanations, sharing and the fitted machines it hands over to the full
/// module, as the calculator's module does.
macro_rules! one_view {
    ($view:path, $show:expr) => {
        Views {
            results: |view, state| match view {
                $view => $show(state),
                _ => lazy::hand_over_view(view, state),
            },
            ..ONE_VIEW
        }
    };
}

pub const COMPARE: Views = one_view!(View::Compare, compare);
/// The Validate view names its data set in the page's title.
pub const VALIDATE: Views = Views {
    set_title: crate::validation_plot::set_title,
    ..one_view!(View::Validate, validate)
};
pub const REGIMES: Views = one_view!(View::Regimes, regimes);
pub const COLLECTIVES: Views = one_view!(View::Collectives, collectives);
pub const TRAFFIC: Views = one_view!(View::Traffic, traffic);
pub const IMPORT: Views = one_view!(View::Import, import);

/// What a module of one view shares with the full module (it costs every scenario the same
/// way, in the same worker) and with the calculator's (it hands the rest over).
const ONE_VIEW: Views = Views {
    results: lazy::hand_over_view,
    set_title: |_| None,
    explain: lazy::explain_panel,
    share: lazy::share_button,
    fitted: Fitted::NONE,
    ..ALL
};

/// The style sheets of the views outside the calculator's module.
const STYLES: &[&str] = &[
    include_str!("../../../web/validate.css"),
    include_str!("../../../web/regimes.css"),
    include_str!("../../../web/compare.css"),
    include_str!("../../../web/share.css"),
    include_str!("../../../web/import.css"),
    include_str!("../../../web/explain-panel.css"),
    include_str!("../../../web/traffic.css"),
];

/// Mounts the app on `#app` with the views this module carries. A page without `#app` (a
/// course page that loads the module for its JavaScript API) gets no app.
pub fn start(views: Views) {
    // A panic ends the page: say why in the console (a smaller hook than
    // console_error_panic_hook, without the JS stack). `make site` and `make serve` build
    // with panics that abort at once (docs/web-bytes.md, "Built for size"): no hook runs, and
    // the console shows the browser's "unreachable" error alone; a plain `trunk build` keeps
    // the message.
    #[cfg(not(panic = "immediate-abort"))]
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("commcalc: {info}").into());
    }));
    // Taking the page over from the calculator's module: its app leaves first, bringing the
    // address up to date.
    lazy::take_over();
    dom::init_paints();
    let search = dom::search();
    // Every valid key of the URL is kept and every bad one reported; defaults stand in for
    // the bad ones, and for everything if no machine/pattern pair could be formed.
    let (page, query, mut problems) = page::parse(&search);
    let (scenario, errors) = Scenario::from_query_lenient(&query);
    problems.extend(url_problems(&errors));
    if let Some(s) = &scenario {
        problems.extend(page::check_show(&page, s));
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let root = document
        .get_element_by_id("app")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(root) = root else { return };
    // The calculator's module hands over by the address alone (`lazy`).
    let handed_over = page.asked.is_some();
    // The loading notice goes (or the calculator module's app, already unmounted): the app
    // takes its place.
    root.set_inner_html("");
    match scenario.or_else(|| Scenario::from_query("").ok()) {
        Some(initial) => {
            let (initial, note) = match moved_on_start(&views, &page, &initial, &query, handed_over)
            {
                Some((next, why)) => (next, Some(why)),
                None => (initial, None),
            };
            let app = mount_to(root, move || {
                provide_context(lazy::Handover::new());
                let styles = views
                    .styles
                    .iter()
                    .map(|sheet| view! { <style>{*sheet}</style> })
                    .collect_view();
                view! { {styles} <App initial page problems note views/> }
            });
            lazy::offer_leave(Box::new(app));
        }
        None => root.set_text_content(Some("commcalc could not build its default scenario.")),
    }
}

/// Where the page's view moves the scenario it opens on: a view opened from a tab of the
/// calculator's module arrives with the scenario unmoved (that module has not the views' rules,
/// `Views::moved`) and moves here, as does an address that leaves the machine and pattern to
/// the defaults (`opening::names_scenario`: `?view=collectives` in a fresh tab).
fn moved_on_start(
    views: &Views,
    page: &Page,
    initial: &Scenario,
    query: &str,
    handed_over: bool,
) -> Option<(Scenario, String)> {
    (handed_over || !commcalc_core::opening::names_scenario(query))
        .then(|| (views.moved)(page.view, initial, page.fitted.as_deref()))
        .flatten()
}

fn all_results(view: View, state: State) -> AnyView {
    match view {
        View::Calculator => view! { <Calculator state export_bar/> }.into_any(),
        View::Compare => compare(state),
        View::Validate => validate(state),
        View::Regimes => regimes(state),
        View::Collectives => collectives(state),
        View::Traffic => traffic(state),
        View::Import => import(state),
    }
}

// The results areas of the views but the calculator, each of which has a module of its own.

fn compare(state: State) -> AnyView {
    view! { <CompareView state/> }.into_any()
}

fn validate(state: State) -> AnyView {
    view! { <ErrorList state/> <ValidateView state/> }.into_any()
}

fn regimes(state: State) -> AnyView {
    view! { <RegimesView state/> }.into_any()
}

fn collectives(state: State) -> AnyView {
    view! { <CollectivesView state/> }.into_any()
}

fn traffic(state: State) -> AnyView {
    view! { <TrafficView state/> }.into_any()
}

fn import(state: State) -> AnyView {
    view! { <ImportView state/> }.into_any()
}

/// The calculator's module's results: the calculator, but for the other views and the
/// scenarios it cannot cost ([`Error::Elsewhere`]: the traffic pattern, simulated event by
/// event, and those that need the MPI collective algorithms), which come with the full module
/// (`lazy`).
fn calculator_results(view: View, state: State) -> AnyView {
    if view != View::Calculator {
        return lazy::hand_over_view(view, state);
    }
    let away = Memo::new(move |_| {
        state
            .report
            .with(|r| matches!(r, Err(Error::Elsewhere { .. })))
    });
    (move || match away.get() {
        true => lazy::hand_over(
            state.choice.with_untracked(|c| c.pattern.title),
            state,
            None,
        ),
        false => view! { <Calculator state export_bar=lazy::export_bar/> }.into_any(),
    })
    .into_any()
}

/// The whole page: the tabs, the scenario panel where the view edits a scenario, and the view.
#[component]
fn App(
    /// The scenario read from the URL.
    initial: Scenario,
    /// The view and its keys, read from the URL.
    page: Page,
    /// What was wrong with the URL, key by key.
    problems: Vec<Problem>,
    /// What the page changed on its own as it opened (`moved_on_start`).
    note: Option<String>,
    /// The views this module carries.
    views: Views,
) -> impl IntoView {
    let embed = page.embed;
    if embed {
        dom::embedded();
    }
    let state = State::new(initial, page, problems, views.module());
    if note.is_some() {
        state.note.set(note);
    }
    let view = Memo::new(move |_| state.page.with(|p| p.view));
    follow_title(state, views.set_title);
    let side = move || {
        match (view.get(), embed) {
        (View::Validate | View::Import, _) => None,
        // Embedded: the problems, and only the controls the author kept, if any.
        (_, true) => Some(
            view! {
                <section class="side" aria-label="Scenario">
                    <ErrorList state/>
                    {state.page.with_untracked(|p| !p.show.is_empty()).then(|| view! { <Controls state/> })}
                </section>
            }
            .into_any(),
        ),
        _ => Some(
            view! {
                <section class="side" aria-label="Scenario">
                    <Pickers state fitted=views.fitted/>
                    {(views.explain)(state)}
                    <ErrorList state/>
                    <Controls state/>
                </section>
            }
            .into_any(),
        ),
    }
    };
    let results = move || (views.results)(view.get(), state);
    let full = (!embed).then(|| {
        view! {
            <div class="bar">
                <Tabs state/>
                {(views.share)(state)}
            </div>
            <Presets state/>
        }
    });
    let open_full = embed.then(|| open_full_link(state));
    // The layout is wide where there is no side panel (or, embedded, no controls kept).
    let wide = move || {
        matches!(view.get(), View::Validate | View::Import)
            || (embed && state.page.with(|p| p.show.is_empty()))
    };
    view! {
        {full}
        <main class="layout" class:wide=wide>
            {side}
            <section class="results" aria-label="Results">{results}</section>
        </main>
        {open_full}
    }
}

/// The document's title names the view and what it shows, and follows them.
fn follow_title(state: State, set_title: fn(&str) -> Option<String>) {
    let title = Memo::new(move |_| {
        let compare = state.compared();
        let page = state.page.with(|p| Page {
            compare,
            ..p.clone()
        });
        state.scenario.with(|s| page::title(&page, s, set_title))
    });
    dom::effect(move || {
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(&title.get());
        }
    });
}

/// Under an embedded view: a link to the same state in the full page.
fn open_full_link(state: State) -> impl IntoView {
    view! {
        <p class="embed-foot">
            <a href=move || state.full_link() target="_blank" rel="noopener">
                "Open in commcalc ↗"
            </a>
        </p>
    }
}

/// One scenario: its two charts, warnings and metrics.
#[component]
fn Calculator(
    /// The app state.
    state: State,
    /// The export bar: the exports themselves in the full module, a stand-in that loads it in
    /// the calculator's (`lazy::export_bar`).
    export_bar: fn(ExportArgs) -> AnyView,
) -> impl IntoView {
    // The pattern through `choice`, which a slider leaves as it is: the plots follow the report,
    // and an input whose report is not in yet (`pattern=traffic`, simulated in the worker)
    // leaves them alone instead of rebuilding the same curves and axes from the last report.
    let plots = Memo::new(move |_| {
        let scale = state.scale();
        let pattern = state.choice.with(|c| c.pattern);
        state.report.with(|r| match r {
            Ok(r) if r.unrun() => Err("Simulating…".to_string()),
            Ok(r) => Ok([Which::Latency, Which::Bandwidth].map(|w| plot(r, pattern, w, scale))),
            Err(_) => Err("No curve: see the problems listed.".to_string()),
        })
    });
    let abscissa = Signal::derive(move || state.scenario.with(|s| s.pattern.abscissa));
    let canvases = [Node::new(), Node::new()];
    // The results table, below the charts, comes a frame after them.
    let rendered = dom::after_first_frame();
    view! {
        <Charts state plots canvases abscissa legend=legend()/>
        {export_bar(ExportArgs { state, plots, canvases, abscissa })}
        <WarningList state/>
        <Show when=move || rendered.get()>
            <MetricsTable state/>
        </Show>
    }
}

/// The calculator's export bar, the full module's: the charts, the curve data and the report.
fn export_bar(args: ExportArgs) -> AnyView {
    let ExportArgs {
        state,
        plots,
        canvases,
        abscissa,
    } = args;
    let stem = Signal::derive(move || state.scenario.with(|s| file_stem(std::slice::from_ref(s))));
    let subtitle = Signal::derive(move || {
        let fitted = state.page.with(|p| p.fitted.clone());
        state
            .scenario
            .with(|s| export::subtitle(s, fitted.as_deref()))
    });
    let csv = Callback::new(move |()| {
        state.report.with_untracked(|r| match r {
            Ok(r) => curves_csv(&[("A".into(), r)]),
            Err(e) => Err(e.to_string()),
        })
    });
    let json = Callback::new(move |()| {
        state.report.with_untracked(|r| match r {
            Ok(r) => plain(r),
            Err(e) => Err(e.to_string()),
        })
    });
    view! { <ExportBar state plots canvases stem subtitle abscissa csv json/> }.into_any()
}
