//! Validate: wherever a paper prints measurements, the points beside commcalc's model with the
//! error of each and a summary; and the fitted machine's own points against its fit, where this
//! browser keeps them. The data sets are the core's (`commcalc_core::validation`); what is drawn
//! and listed is built in [`crate::validation_plot`].

use leptos::prelude::*;

use commcalc_core::validation;

use super::figure::Figure;
use super::import_view::kept_machines;
use crate::chart::{Plot, Scale};
use crate::dom;
use crate::html::esc;
use crate::import::fits_table;
use crate::page::set_ids;
use crate::state::State;
use crate::validation_plot::{options_html, shown, summary_text, table_html, Shown};

/// What a screen reader says of the chart.
const CHART_LABEL: &str = "The data set's measured points beside commcalc's model; every value is in the table below the chart";

/// The data-set picker, the chosen set's source, note and summary, its chart with a key, and
/// the table of its points.
#[component]
pub fn ValidateView(
    /// The app state: `page.set` is the data set shown.
    state: State,
) -> impl IntoView {
    let id = Memo::new(move |_| state.page.with(|p| p.set));
    let fitted = Memo::new(move |_| state.page.with(|p| p.fitted.clone()));
    // Read once, as the machine picker reads them: the view shows the machines kept when it
    // opened.
    let kept = kept_machines(state.page.with_untracked(|p| p.embed)).0;
    let chosen: Memo<Result<Shown, String>> = Memo::new(move |_| {
        let name = fitted.get();
        state
            .scenario
            .with(|s| shown(id.get(), name.as_deref(), &kept, s))
    });
    let with = move |f: fn(&Shown) -> String| {
        move || chosen.with(|c| c.as_ref().map(f).unwrap_or_default())
    };
    let problem = move || chosen.with(|c| c.as_ref().err().cloned());
    let choose = move |ev: leptos::ev::Event| choose_set(state, &event_target_value(&ev));

    view! {
        <section class="panel validate-head" aria-labelledby="validate-title">
            <div class="picker">
                <label for="dataset">"Data set"</label>
                <select
                    id="dataset"
                    aria-describedby="validation-source"
                    inner_html=move || fitted.with(|f| options_html(id.get(), f.as_deref()))
                    on:change=choose
                ></select>
            </div>
            <h2 id="validate-title">{with(|s| s.set.title.to_string())}</h2>
            <p id="validation-source" class="cite">{with(|s| format!("Source: {}", s.set.source))}</p>
            <p id="validation-problem" class="error" role="alert" hidden=move || problem().is_none()>
                {problem}
            </p>
            <p id="validation-note" class="about">{with(|s| s.set.note.clone())}</p>
            <p id="validation-summary" inner_html=with(|s| summary_html(&s.set))></p>
            <div id="validation-fit" inner_html=with(fit_html)></div>
        </section>
        <Chart state chosen/>
        <section class="panel validate-points" aria-label="Points">
            <div
                class="table-scroll"
                tabindex="0"
                role="region"
                aria-label="The data set's points"
                inner_html=with(|s| table_html(&s.set))
            ></div>
        </section>
    }
}

/// The chosen set's chart with its key.
#[component]
fn Chart(state: State, chosen: Memo<Result<Shown, String>>) -> impl IntoView {
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
        request_animation_frame(dom::painted);
    });

    view! {
        <section class="panel validate-chart" aria-label="Chart">
            {figure}
            <ul
                class="validation-legend"
                aria-label="Key to the chart"
                inner_html=move || chosen.with(|c| c.as_ref().map(Shown::legend_html).unwrap_or_default())
            ></ul>
        </section>
    }
}

/// The fitted machine's fits with their rms and largest errors (nothing for a paper's set).
fn fit_html(s: &Shown) -> String {
    let mut out = String::new();
    if let Some(r) = &s.fit {
        fits_table(&mut out, r, "validation-fits");
    }
    out
}

/// The summary sentence, with its numbers as data attributes for the tests.
fn summary_html(s: &validation::DataSet) -> String {
    format!(
        "<span data-points=\"{}\" data-mean=\"{}\" data-max=\"{}\">{}</span>",
        s.summary.points,
        s.summary.mean_abs_rel_error,
        s.summary.max_abs_rel_error,
        esc(&summary_text(s))
    )
}

/// The picker chose a set: it goes into the page, and answers a bad `set=` in the address.
fn choose_set(state: State, value: &str) {
    if let Some(set) = set_ids().find(|i| *i == value) {
        if state
            .problems
            .with_untracked(|ps| ps.iter().any(|p| p.key == "set"))
        {
            state.problems.update(|ps| ps.retain(|p| p.key != "set"));
        }
        state.update_page(|p| p.set = set);
    }
}
