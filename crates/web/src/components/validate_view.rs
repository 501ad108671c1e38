//! Validate: wherever a paper prints measurements, the points beside commcalc's model with the
//! error of each and a summary; the fitted machine's own points against its fit, and its
//! collective run against the prediction (the Import view's check, `check_view`, on the runs
//! kept with it), where this browser keeps them. The data sets are the core's
//! (`commcalc_core::validation`); what is drawn and listed is built in
//! [`crate::validation_plot`].

use leptos::prelude::*;

use super::check_view::{CollectiveCheck, Runs};
use super::figure::Figure;
use super::fits_table::FitsTable;
use super::import_view::kept_machines;
use super::validation_table::{ChartKey, PointsTable, SummaryLine};
use crate::chart::{Plot, Scale};
use crate::collective_check::{Given, KeptRuns};
use crate::dom;
use crate::fits::fit_table;
use crate::import::{kept_check, Saved};
use crate::page::{set_ids, COLLECTIVE_ID};
use crate::state::State;
use crate::validation_plot::{
    collective_name, picker_groups, shown, summary, table, Choice, Shown,
};

/// What a screen reader says of the chart.
const CHART_LABEL: &str = "The data set's measured points beside commcalc's model; every value is in the table below the chart";

/// The data-set picker, the chosen set's source, note and summary, its chart with a key, and
/// the table of its points; or a kept machine's collective check.
#[component]
pub fn ValidateView(
    /// The app state: `page.set` is the data set shown.
    state: State,
) -> impl IntoView {
    let id = Memo::new(move |_| state.page.with(|p| p.set));
    let fitted = Memo::new(move |_| state.page.with(|p| p.fitted.clone()));
    // Read once, as the machine picker reads them: the view shows the machines kept when it
    // opened.
    let kept = StoredValue::new(kept_machines(state.page.with_untracked(|p| p.embed)).0);
    let collective = Memo::new(move |_| id.get() == COLLECTIVE_ID);
    // The kept machine's runs where the collective check is shown, or why there are none.
    let runs: Memo<Option<Result<KeptRuns, String>>> = Memo::new(move |_| {
        let name = fitted.get();
        collective
            .get()
            .then(|| kept.with_value(|k| kept_check(k, name.as_deref())))
    });
    let chosen: Memo<Result<Shown, String>> = Memo::new(move |_| {
        if collective.get() {
            return Err(String::new());
        }
        let name = fitted.get();
        state
            .scenario
            .with(|s| kept.with_value(|k| shown(id.get(), name.as_deref(), k, s)))
    });
    let choose = move |ev: leptos::ev::Event| {
        kept.with_value(|k| choose_set(state, &event_target_value(&ev), k))
    };
    let points = Memo::new(move |_| chosen.with(|c| c.as_ref().ok().map(|s| table(&s.set))));

    view! {
        <section class="panel validate-head" aria-labelledby="validate-title">
            <Picker id fitted kept choose/>
            <Head collective fitted runs chosen/>
        </section>
        <KeptCheck runs dark=state.dark/>
        <Chart state chosen hidden=collective/>
        <section class="panel validate-points" aria-label="Points" hidden=move || collective.get()>
            <div class="table-scroll" tabindex="0" role="region" aria-label="The data set's points">
                <PointsTable table=points/>
            </div>
        </section>
    }
}

/// The shown set's title, source, problem, note, summary and fits; or the kept collective
/// check's title, runs and why it is not shown.
#[component]
fn Head(
    collective: Memo<bool>,
    fitted: Memo<Option<String>>,
    runs: Memo<Option<Result<KeptRuns, String>>>,
    chosen: Memo<Result<Shown, String>>,
) -> impl IntoView {
    let with = move |f: fn(&Shown) -> String| {
        move || chosen.with(|c| c.as_ref().map(f).unwrap_or_default())
    };
    let title = move || {
        if collective.get() {
            format!(
                "{}: its collective run against the prediction",
                fitted.get().as_deref().unwrap_or("your kept machine")
            )
        } else {
            with(|s| s.set.title.to_string())()
        }
    };
    let source = move || {
        runs.with(|r| match r {
            Some(Ok(r)) => format!("Source: your runs kept in this browser: {}", r.names()),
            Some(Err(_)) => String::new(),
            None => with(|s| format!("Source: {}", s.set.source))(),
        })
    };
    let problem = move || {
        runs.with(|r| match r {
            Some(r) => r.as_ref().err().cloned(),
            None => chosen.with(|c| c.as_ref().err().cloned()),
        })
    };
    let summary = Memo::new(move |_| chosen.with(|c| c.as_ref().ok().map(|s| summary(&s.set))));
    let fits = Memo::new(move |_| {
        chosen.with(|c| c.as_ref().ok().and_then(|s| s.fit.as_ref().map(fit_table)))
    });
    view! {
        <h2 id="validate-title">{title}</h2>
        <p id="validation-source" class="cite">{source}</p>
        <p id="validation-problem" class="error" role="alert" hidden=move || problem().is_none()>
            {problem}
        </p>
        <p id="validation-note" class="about">{with(|s| s.set.note.clone())}</p>
        <SummaryLine summary/>
        <div id="validation-fit">
            <FitsTable table=fits id="validation-fits"/>
        </div>
    }
}

/// `select#dataset`: the papers' sets, the fitted machine's own points and the collective
/// checks of the machines kept with a collective run.
#[component]
fn Picker(
    id: Memo<&'static str>,
    fitted: Memo<Option<String>>,
    kept: StoredValue<Vec<Saved>>,
    choose: impl Fn(leptos::ev::Event) + 'static,
) -> impl IntoView {
    let checks: Vec<String> = kept.with_value(|k| {
        k.iter()
            .filter(|s| s.runs.is_some())
            .map(|s| s.name.clone())
            .collect()
    });
    let groups =
        Memo::new(move |_| fitted.with(|f| picker_groups(id.get(), f.as_deref(), &checks)));
    // A group is built again only when its options or which of them is chosen change.
    let group = |(label, choices): (String, Vec<Choice>)| {
        let options = choices
            .into_iter()
            .map(|c| view! { <option value=c.value selected=c.selected>{c.label}</option> })
            .collect_view();
        view! { <optgroup label=label>{options}</optgroup> }
    };
    view! {
        <div class="picker">
            <label for="dataset">"Data set"</label>
            <select id="dataset" aria-describedby="validation-source" on:change=choose>
                <For each=move || groups.get() key=|g| g.clone() children=group/>
            </select>
        </div>
    }
}

/// The collective check of the kept machine the page names: the Import view's, on the runs
/// kept with it, its p, ppn and library editable here (not stored: Keep in Import stores them).
#[component]
fn KeptCheck(
    runs: Memo<Option<Result<KeptRuns, String>>>,
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let held = Runs {
        text: RwSignal::new(String::new()),
        first: RwSignal::new(String::new()),
        others: RwSignal::new(Vec::new()),
        format: RwSignal::new("auto".to_string()),
    };
    let given = RwSignal::new(Given::default());
    // Another machine's runs replace those held, with the p, ppn and library kept with them.
    Effect::new(move |_| {
        let kept = runs.with(|r| r.as_ref().and_then(|r| r.as_ref().ok()).cloned());
        let mut files = kept.as_ref().map(|k| k.files.clone()).unwrap_or_default();
        let (first, text) = if files.is_empty() {
            (String::new(), String::new())
        } else {
            files.remove(0)
        };
        held.first.set(first);
        held.text.set(text);
        held.others.set(files);
        held.format.set(
            kept.as_ref()
                .map_or_else(|| "auto".into(), |k| k.format.clone()),
        );
        given.set(kept.map(|k| k.given).unwrap_or_default());
    });
    view! {
        <div class="panel validate-collective" hidden=move || !runs.with(|r| matches!(r, Some(Ok(_))))>
            <CollectiveCheck runs=held given dark/>
        </div>
    }
}

/// The chosen set's chart with its key.
#[component]
fn Chart(state: State, chosen: Memo<Result<Shown, String>>, hidden: Memo<bool>) -> impl IntoView {
    let axes = Memo::new(move |_| chosen.with(|c| c.as_ref().map_or(Scale::Linear, Shown::scale)));
    let drawn: Memo<Result<Plot, String>> = Memo::new(move |_| {
        chosen.with(|c| {
            c.as_ref()
                .map_err(Clone::clone)
                .and_then(|s| s.plot(axes.get()))
        })
    });
    let figure_caption = Signal::derive(move || {
        chosen.with(|c| {
            c.as_ref()
                .map(|s| s.caption(axes.get()))
                .unwrap_or_default()
        })
    });
    let key = Memo::new(move |_| chosen.with(|c| c.as_ref().map(Shown::key).unwrap_or_default()));
    let figure = view! {
        <Figure
            id="validation-chart"
            caption=figure_caption
            plot=drawn
            scale=Signal::derive(move || axes.get())
            label=CHART_LABEL
        dark=state.dark
        />
    };
    // The page counts a repaint once the figure's effect has drawn the new plot (the tests
    // and the first-load signal wait for it).
    dom::effect(move || {
        drawn.track();
        request_animation_frame(|| dom::painted(true));
    });

    view! {
        <section class="panel validate-chart" aria-label="Chart" hidden=move || hidden.get()>
            {figure}
            <ChartKey items=key/>
        </section>
    }
}

/// The picker chose a set: it goes into the page, and answers a bad `set=` in the address. A
/// kept machine's collective check names the machine too, and opens it (its parameters) where
/// it is kept, as the machine picker does.
fn choose_set(state: State, value: &str, kept: &[Saved]) {
    let (set, name) = match collective_name(value) {
        Some(name) => (COLLECTIVE_ID, Some(name.to_string())),
        None => match set_ids().find(|i| *i == value) {
            Some(set) => (set, None),
            None => return,
        },
    };
    if state
        .problems
        .with_untracked(|ps| ps.iter().any(|p| p.key == "set"))
    {
        state.problems.update(|ps| ps.retain(|p| p.key != "set"));
    }
    let machine = name
        .as_ref()
        .and_then(|n| kept.iter().find(|k| k.name == *n))
        .and_then(|k| commcalc_core::Scenario::from_query(&k.query).ok());
    if let Some(s) = machine {
        state.scenario.set(s);
    }
    state.update_page(|p| {
        p.set = set;
        if name.is_some() {
            p.fitted = name;
        }
    });
}
