//! The "Import measurements" view: paste or drop the output of a benchmark, see what was read
//! (and every line that was not), the fits with their errors, and open the fitted machine in
//! the calculator or beside the Paragon. Fitted machines are kept in the browser's storage
//! under a versioned key (not when embedded); the links carry the fitted parameters only.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use commcalc_core::measurements::fit::{fit, FitReport};
use commcalc_core::measurements::{parse, Format, MAX_INPUT_BYTES};

use crate::chart::{Plot, Scale};
use crate::components::Figure;
use crate::dom;
use crate::import::{
    decode, encode, fit_plot, machine_name, messages_html, result_html, saved_html, with_saved,
    Saved, LEGEND_HTML, STORAGE_KEY,
};
use crate::state::State;

type Fitted = Option<Result<FitReport, String>>;

/// Reads and fits `text` as `format` (`auto` detects it).
fn fitted(text: &str, format: &str) -> Result<FitReport, String> {
    let format = Format::from_id(format).map_err(|e| e.to_string())?;
    parse(text.as_bytes(), format)
        .and_then(fit)
        .map_err(|e| e.to_string())
}

/// Reads a dropped or chosen file into the paste box and fits it; a file above the limit is
/// refused before it is read.
fn load(
    file: web_sys::File,
    text: RwSignal<String>,
    result: RwSignal<Fitted>,
    run: impl Fn() + 'static,
) {
    if file.size() > MAX_INPUT_BYTES as f64 {
        result.set(Some(Err(format!(
            "{} is {:.1} MB, above the limit of {} MB; expected one benchmark's output",
            file.name(),
            file.size() / 1e6,
            MAX_INPUT_BYTES / (1024 * 1024)
        ))));
        return;
    }
    dom::read_file(file, move |read| match read {
        Ok(t) => {
            text.set(t);
            run();
        }
        Err(e) => result.set(Some(Err(e))),
    });
}

/// `section#import` with the paste box, the report and the kept machines.
#[component]
pub fn ImportView(
    /// The app state: whether the page is embedded (then nothing is stored).
    state: State,
) -> impl IntoView {
    let embed = state.page.with_untracked(|p| p.embed);
    let text = RwSignal::new(String::new());
    let format = RwSignal::new("auto".to_string());
    let result: RwSignal<Fitted> = RwSignal::new(None);
    let (kept, storage_problems) = if embed {
        (Vec::new(), Vec::new())
    } else {
        dom::stored(STORAGE_KEY)
            .map(|t| decode(&t))
            .unwrap_or_default()
    };
    let saved = RwSignal::new(kept);
    let messages = RwSignal::new(storage_problems);
    let run = move || {
        let r = text.with_untracked(|t| format.with_untracked(|f| fitted(t, f)));
        result.set(Some(r));
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
            load(file, text, result, run);
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        let file = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            load(file, text, result, run);
        }
    };
    let save = move |_| {
        let Some(Ok(r)) = result.get_untracked() else {
            return;
        };
        let list = saved.with_untracked(|l| {
            with_saved(
                l,
                Saved {
                    name: machine_name(&r),
                    query: r.query.clone(),
                },
            )
        });
        match dom::store(STORAGE_KEY, &encode(&list)) {
            Ok(()) => {
                saved.set(list);
                messages.set(Vec::new());
            }
            Err(e) => messages.set(vec![format!("not kept: {e}")]),
        }
    };
    // No chart to wait for: the view is ready once it is on screen.
    Effect::new(move |_| dom::ready());
    let plot: Memo<Result<Plot, String>> = Memo::new(move |_| {
        result.with(|r| match r {
            Some(Ok(r)) => fit_plot(r),
            _ => Err("The measured points and the fits are drawn here once fitted.".into()),
        })
    });
    let report = move || result.with(|r| r.as_ref().map(result_html).unwrap_or_default());
    let fitted_ok = move || matches!(result.get(), Some(Ok(_)));
    let kept_list = move || saved.with(|l| saved_html(l));
    let message_list = move || messages.with(|m| messages_html(m));
    view! {
        <section id="import" class="panel import" aria-labelledby="import-title">
            <h2 id="import-title">"Import measurements"</h2>
            <p class="about">
                "Paste or drop the output of osu_latency, osu_bw, IMB-MPI1, netgauge -x loggp, or a CSV \
                 with a size column and a time or bandwidth column. Nothing leaves this page."
            </p>
            <label for="import-text">"Benchmark output"</label>
            <textarea
                id="import-text"
                rows="10"
                spellcheck="false"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
                on:drop=on_drop
            ></textarea>
            <div class="import-actions">
                <label for="import-file">"or a file: "</label>
                <input id="import-file" type="file" accept=".txt,.out,.log,.csv,.tsv,text/*" on:change=on_file/>
                <label for="import-format">"format "</label>
                <select id="import-format" on:change=move |ev| format.set(event_target_value(&ev))>
                    <option value="auto" selected>"detect"</option>
                    <option value="osu">"OSU"</option>
                    <option value="imb">"IMB"</option>
                    <option value="netgauge">"Netgauge"</option>
                    <option value="csv">"CSV/TSV"</option>
                </select>
                <button type="button" id="import-fit" on:click=move |_| run()>"Fit"</button>
                <button type="button" id="import-save" disabled=move || embed || !fitted_ok() on:click=save>
                    "Keep this machine"
                </button>
            </div>
            <div id="import-report" aria-live="polite" inner_html=report></div>
            <Figure
                id="import-chart"
                caption=Signal::derive(|| "Time against message size, log–log: the points and the fits".to_string())
                plot=plot
                scale=Signal::derive(|| Scale::Log)
                label="Chart of the measured times and the fitted models; the numbers are in the table above."
                dark=state.dark
            />
            <p class="legend" inner_html=LEGEND_HTML></p>
            <ul id="import-messages" class="messages warnings" aria-label="Storage" inner_html=message_list></ul>
            <h3>"Kept fitted machines"</h3>
            <ul id="import-saved" class="import-saved" inner_html=kept_list></ul>
        </section>
    }
}
