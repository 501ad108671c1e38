//! Validate: wherever a paper prints measurements, the points beside commcalc's model with the
//! error of each and a summary. The data sets are the core's (`commcalc_core::validation`); what
//! is drawn and listed is built in [`crate::validation_plot`].

use leptos::prelude::*;

use commcalc_core::validation;

use crate::chart::{Plot, Scale};
use crate::components::Figure;
use crate::dom;
use crate::html::esc;
use crate::state::State;
use crate::validation_plot::{
    caption, entry, legend_html, options_html, plot, scale, summary_text, table_html,
};

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
    let chosen = move || chosen_set(id.get());
    let axes = Memo::new(move |_| chosen().map_or(Scale::Linear, scale));
    let drawn: Memo<Result<Plot, String>> =
        Memo::new(move |_| chosen().and_then(|s| plot(s, axes.get())));
    let text =
        move |f: fn(&validation::DataSet) -> String| move || chosen().map(f).unwrap_or_default();
    let figure_caption =
        Signal::derive(move || chosen().map(|s| caption(s, axes.get())).unwrap_or_default());
    let summary = move || chosen().map(summary_html).unwrap_or_default();
    let problem = move || chosen().err();
    let choose = move |ev: leptos::ev::Event| choose_set(state, &event_target_value(&ev));

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
    Effect::new(move |_| {
        drawn.track();
        request_animation_frame(dom::painted);
    });

    view! {
        <section class="panel validate-head" aria-labelledby="validate-title">
            <div class="picker">
                <label for="dataset">"Data set"</label>
                <select
                    id="dataset"
                    aria-describedby="validation-source"
                    inner_html=move || options_html(id.get())
                    on:change=choose
                ></select>
            </div>
            <h2 id="validate-title">{text(|s| s.title.to_string())}</h2>
            <p id="validation-source" class="cite">
                {move || chosen().map(|s| format!("Source: {}", s.source)).unwrap_or_default()}
            </p>
            <p id="validation-problem" class="error" role="alert" hidden=move || problem().is_none()>
                {problem}
            </p>
            <p id="validation-note" class="about">{text(|s| s.note.to_string())}</p>
            <p id="validation-summary" inner_html=summary></p>
        </section>
        <section class="panel validate-chart" aria-label="Chart">
            {figure}
            <ul
                class="validation-legend"
                aria-label="Key to the chart"
                inner_html=move || chosen().map(legend_html).unwrap_or_default()
            ></ul>
        </section>
        <section class="panel validate-points" aria-label="Points">
            <div
                class="table-scroll"
                tabindex="0"
                role="region"
                aria-label="The data set's points"
                inner_html=move || chosen().map(table_html).unwrap_or_default()
            ></div>
        </section>
    }
}

/// The set with this id, or why there is none (a core bug, or an id no set has).
fn chosen_set(id: &str) -> Result<&'static validation::DataSet, String> {
    match entry(id) {
        Some(e) => e
            .set
            .as_ref()
            .map_err(|why| format!("The data set {} could not be computed: {why}", e.id)),
        None => Err(format!("There is no data set \"{id}\".")),
    }
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
    if let Some(set) = validation::ids().into_iter().find(|i| *i == value) {
        if state
            .problems
            .with_untracked(|ps| ps.iter().any(|p| p.key == "set"))
        {
            state.problems.update(|ps| ps.retain(|p| p.key != "set"));
        }
        state.update_page(|p| p.set = set);
    }
}
