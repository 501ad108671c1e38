//! The "Import measurements" view: paste or drop the output of a benchmark, see what was read
//! (and every line that was not), the fits with their errors and residuals, a second run
//! overlaid on the first, a collective run among the files against the prediction
//! (`check_view`), and open the fitted machine in the calculator or beside the Paragon.
//! Fitted machines are kept in the browser's storage under a versioned key (not when
//! embedded), exported as JSON and imported back; the links carry the fitted parameters only.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use commcalc_core::measurements::fit::{fit_series, FitReport};
use commcalc_core::measurements::{self, parse_runs, Format, MAX_INPUT_BYTES};

use super::check_view::{CollectiveCheck, Runs};
use super::figure::Figure;
use super::import_report::{ChartKey, ReportPanel, RunsTable};
use crate::chart::{Plot, Scale};
use crate::collective_check::{Given, KeptRuns};
use crate::dom;
use crate::fits::{FIT_KEY, RESIDUAL_KEY};
use crate::import::{
    check_link, decode_stored, encode, export_json, file_name, fit_plot, fitted_summary, imported,
    kept_entries, kept_points, machine_name, overlay, overlay_plot, read_exported, renamed, report,
    residual_plot, series_choice, with_saved, without, FittedSummary, KeptEntry, Saved,
    MAX_KEPT_POINTS, MAX_KEPT_RUN_BYTES, STORAGE_KEY, STORAGE_KEY_V1, STORAGE_KEY_V2,
};
use crate::state::State;

type Fitted = Option<Result<FitReport, String>>;

/// The fitted machines kept in this browser, and what is wrong with the stored text (nothing
/// when embedded: an embed reads no storage). The import view, the machine picker and the
/// validate view read them.
pub fn kept_machines(embed: bool) -> (Vec<Saved>, Vec<String>) {
    if embed {
        return (Vec::new(), Vec::new());
    }
    decode_stored(
        dom::stored(STORAGE_KEY),
        dom::stored(STORAGE_KEY_V2),
        dom::stored(STORAGE_KEY_V1),
    )
}

/// The view's signals, `Copy` so that every handler takes them by value.
#[derive(Clone, Copy)]
struct Import {
    /// The pasted run, and the second run to overlay on it.
    text: RwSignal<String>,
    /// Files given with the first, all of one cluster, combined into one machine (name,
    /// text); the first's name: the text box holds its text.
    others: RwSignal<Vec<(String, String)>>,
    first: RwSignal<String>,
    text_b: RwSignal<String>,
    format: RwSignal<String>,
    /// The series of the run chosen to fit (its place among those read); `None`: the one the
    /// fit chooses (the first one-way latency run).
    series: RwSignal<Option<usize>>,
    /// The last run fitted: a later fit that fails keeps it on screen beside its error.
    result: RwSignal<Option<FitReport>>,
    /// Why the last Fit (or file) gave no fit; cleared by the next fit.
    error: RwSignal<Option<String>>,
    result_b: RwSignal<Fitted>,
    /// The kept fitted machines, and what is wrong with the stored text.
    saved: RwSignal<Vec<Saved>>,
    messages: RwSignal<Vec<String>>,
    /// What the last Keep, Export, import, rename or delete did (`Ok`) or why it could not
    /// (`Err`), shown beside the buttons.
    status: RwSignal<Option<Result<String, String>>>,
    /// The p, ppn and library typed beside a collective run: its check's, and the p the fit
    /// gives runs that do not print theirs.
    given: RwSignal<Given>,
    /// Embedded: nothing is stored.
    embed: bool,
}

/// Reads and fits `text` as `format` (`auto` detects it), series `series` of it (`None`: the
/// one the fit chooses).
fn fitted(text: &str, format: &str, series: Option<usize>) -> Result<FitReport, String> {
    fitted_runs(&[("", text)], format, series, None)
}

/// Reads the runs given together, each named, and fits them as one machine: series `series`
/// of them (`None`: the one the fit chooses) with the others combined into it, `p` the process
/// count of the collective runs that do not print theirs (an OSU reduction run then gives γ).
fn fitted_runs(
    runs: &[(&str, &str)],
    format: &str,
    series: Option<usize>,
    p: Option<u32>,
) -> Result<FitReport, String> {
    let format = Format::from_id(format).map_err(|e| e.to_string())?;
    let named: Vec<(&str, &[u8])> = runs.iter().map(|(n, t)| (*n, t.as_bytes())).collect();
    parse_runs(&named, format)
        .and_then(|mut list| {
            let unused_p = p.and_then(|p| measurements::given_processes(&mut list, p));
            let mut report = fit_series(list, series)?;
            report.warnings.extend(unused_p);
            Ok(report)
        })
        .map_err(|e| e.to_string())
}

impl Import {
    fn new(embed: bool) -> Import {
        let (kept, problems) = kept_machines(embed);
        Import {
            text: RwSignal::new(String::new()),
            others: RwSignal::new(Vec::new()),
            first: RwSignal::new(String::new()),
            text_b: RwSignal::new(String::new()),
            format: RwSignal::new("auto".to_string()),
            series: RwSignal::new(None),
            result: RwSignal::new(None),
            error: RwSignal::new(None),
            result_b: RwSignal::new(None),
            saved: RwSignal::new(kept),
            messages: RwSignal::new(problems),
            status: RwSignal::new(None),
            given: RwSignal::new(Given::default()),
            embed,
        }
    }

    /// Fits the pasted run and the second one (if any), each timed for the page's measures.
    fn run(self) {
        let _timed = dom::timed("commcalc:fit");
        let format = self.format.get_untracked();
        let chosen = self.series.get_untracked();
        let first = self.first.get_untracked();
        let p = self.given.with_untracked(Given::processes);
        let r = self.text.with_untracked(|t| {
            self.others.with_untracked(|others| {
                let mut runs = vec![(first.as_str(), t.as_str())];
                runs.extend(others.iter().map(|(n, t)| (n.as_str(), t.as_str())));
                fitted_runs(&runs, &format, chosen, p)
            })
        });
        let b = self
            .text_b
            .with_untracked(|t| (!t.trim().is_empty()).then(|| fitted(t, &format, None)));
        match r {
            Ok(r) => {
                self.result.set(Some(r));
                self.error.set(None);
            }
            Err(e) => self.error.set(Some(e)),
        }
        self.result_b.set(b);
    }

    /// The Fit button: a pasted exported machine (JSON) is imported, anything else fitted.
    fn fit_or_import(self) {
        let json = self
            .text
            .with_untracked(|t| t.trim_start().starts_with('{'));
        if json {
            let text = self.text.get_untracked();
            self.import_machine(&text);
        } else {
            // A new run: the fit chooses its series again.
            self.series.set(None);
            self.run();
        }
    }

    /// Keeps `item` first in the list and in storage, and says so.
    fn keep(self, item: Saved, said: String) {
        let list = self.saved.with_untracked(|l| with_saved(l, item));
        self.store(list, said);
    }

    /// Makes `list` the kept machines, in storage too (not when embedded), and says `said`;
    /// or says why storage refused it, the list unchanged.
    fn store(self, list: Vec<Saved>, said: String) {
        let stored = if self.embed {
            Ok(())
        } else {
            dom::store(STORAGE_KEY, &encode(&list))
        };
        match stored {
            Ok(()) => {
                self.saved.set(list);
                self.status.set(Some(Ok(said)));
            }
            Err(e) => self.status.set(Some(Err(format!("not kept: {e}")))),
        }
    }

    /// Renames kept machine `i`, or says why not.
    fn rename(self, i: usize, name: &str) -> bool {
        match self.saved.with_untracked(|l| renamed(l, i, name)) {
            Ok(list) => {
                let said = format!("renamed to {}", list[i].name);
                self.store(list, said);
                true
            }
            Err(e) => {
                self.status.set(Some(Err(format!("not renamed: {e}"))));
                false
            }
        }
    }

    /// Deletes kept machine `i` from the list and from storage.
    fn delete(self, i: usize) {
        let (list, name) = self.saved.with_untracked(|l| {
            (
                without(l, i),
                l.get(i).map(|s| s.name.clone()).unwrap_or_default(),
            )
        });
        self.store(list, format!("deleted {name}"));
    }

    /// The fitted machine of the last fit, if there is one.
    fn current(self) -> Option<Saved> {
        self.result.with_untracked(|r| {
            r.as_ref().map(|r| Saved {
                name: machine_name(r),
                query: r.query.clone(),
                points: kept_points(r),
                runs: None,
            })
        })
    }

    /// The runs given together, where one of them is a collective run: what a kept machine
    /// keeps for Validate's collective check.
    fn collective_runs(self) -> Option<KeptRuns> {
        let mut files = vec![(self.first.get_untracked(), self.text.get_untracked())];
        files.extend(self.others.get_untracked());
        let format = self.format.get_untracked();
        self.given
            .with_untracked(|g| KeptRuns::of(files, &format, g))
    }

    /// Keeps the fitted machine with its points (for the validate view), or without them when
    /// there are too many to keep, and with the collective run given with it (for Validate's
    /// collective check), or without it when the runs are too large to keep.
    fn save(self) {
        let Some(mut item) = self.current() else {
            return;
        };
        let mut said = if item.points.is_empty() {
            format!(
                "kept {} without its points (more than {MAX_KEPT_POINTS}): Validate cannot show them",
                item.name
            )
        } else {
            format!(
                "kept {} with its {} points: it is listed under Kept fitted machines and in the machine picker",
                item.name,
                item.points.len()
            )
        };
        if let Some(runs) = self.collective_runs() {
            let bytes: usize = runs.files.iter().map(|(n, t)| n.len() + t.len()).sum();
            if bytes > MAX_KEPT_RUN_BYTES {
                said.push_str(&format!(
                    "; its runs are larger than {} KiB and are not kept: Validate cannot check its collective run",
                    MAX_KEPT_RUN_BYTES / 1024
                ));
            } else {
                said.push_str(
                    "; its collective run is kept with it, for the collective check in Validate",
                );
                item.runs = Some(runs);
            }
        }
        self.keep(item, said);
    }

    /// Saves the fitted machine as a JSON file.
    fn export(self) {
        let Some(item) = self.current() else {
            return;
        };
        let saved = export_json(&item).and_then(|json| {
            dom::download_text(&file_name(&item), "application/json", &json)
                .map_err(|e| dom::js_error(&e))
        });
        if let Err(e) = saved {
            self.status.set(Some(Err(format!("not exported: {e}"))));
        }
    }

    /// Imports an exported machine's JSON: kept and listed, or the reason it is refused.
    fn import_machine(self, text: &str) {
        match read_exported(text).and_then(imported) {
            Ok(item) => {
                let said = format!("imported {}", item.name);
                self.keep(item, said);
            }
            Err(e) => self.status.set(Some(Err(format!("not imported: {e}")))),
        }
    }
}

/// Reads a dropped or chosen file into `into` and then calls `then`; a file above the limit
/// is refused before it is read. The browser reads it off the main thread (`FileReader`), so
/// the page stays responsive meanwhile.
fn load(file: web_sys::File, into: RwSignal<String>, i: Import, then: fn(Import)) {
    if file.size() > MAX_INPUT_BYTES as f64 {
        let error = measurements::too_large(Some(file.size()));
        i.error.set(Some(format!("{}: {error}", file.name())));
        return;
    }
    let name = file.name();
    dom::read_file(file, move |read| match read {
        Ok(bytes) => match measurements::text_of(&bytes) {
            Ok(text) => {
                into.set(text.to_string());
                then(i);
            }
            Err(e) => i.error.set(Some(format!("{name}: {e}"))),
        },
        Err(e) => i.error.set(Some(e)),
    });
}

/// The first file of a file input's change event.
fn chosen_file(ev: &leptos::ev::Event) -> Option<web_sys::File> {
    chosen_files(ev).into_iter().next()
}

/// Every file of a file input's change event.
fn chosen_files(ev: &leptos::ev::Event) -> Vec<web_sys::File> {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|i| i.files())
        .map(|f| list_files(&f))
        .unwrap_or_default()
}

fn list_files(list: &web_sys::FileList) -> Vec<web_sys::File> {
    (0..list.length()).filter_map(|k| list.get(k)).collect()
}

/// Several runs of one cluster, dropped or chosen at once: each read (a file above the limit
/// refused by name), the first into the text box, the others kept beside it, then fitted
/// together as one machine. One file alone is read as before.
fn load_runs(files: Vec<web_sys::File>, i: Import, then: fn(Import)) {
    if files.len() < 2 {
        i.others.set(Vec::new());
        i.first.set(String::new());
        if let Some(file) = files.into_iter().next() {
            load(file, i.text, i, then);
        }
        return;
    }
    if let Some(big) = files.iter().find(|f| f.size() > MAX_INPUT_BYTES as f64) {
        let error = measurements::too_large(Some(big.size()));
        i.error.set(Some(format!("{}: {error}", big.name())));
        return;
    }
    let count = files.len();
    let read: StoredValue<Vec<Option<(String, String)>>> = StoredValue::new(vec![None; count]);
    for (k, file) in files.into_iter().enumerate() {
        let name = file.name();
        dom::read_file(file, move |got| {
            match got.and_then(|bytes| {
                measurements::text_of(&bytes)
                    .map(str::to_string)
                    .map_err(|e| format!("{name}: {e}"))
            }) {
                Ok(text) => {
                    read.update_value(|r| r[k] = Some((name.clone(), text)));
                    let all: Option<Vec<(String, String)>> =
                        read.with_value(|r| r.iter().cloned().collect());
                    if let Some(mut all) = all {
                        let (first, text) = all.remove(0);
                        i.first.set(first);
                        i.text.set(text);
                        i.others.set(all);
                        then(i);
                    }
                }
                Err(e) => i.error.set(Some(e)),
            }
        });
    }
}

/// `section#import` with the paste boxes, the report, the charts and the kept machines.
#[component]
pub fn ImportView(
    /// The app state: whether the page is embedded (then nothing is stored).
    state: State,
) -> impl IntoView {
    let i = Import::new(state.page.with_untracked(|p| p.embed));
    // No chart to wait for: the view is ready once it is on screen.
    Effect::new(move |_| dom::ready());
    // The p typed beside a collective run is the fit's too (OSU prints none): γ from a
    // reduction run follows it.
    let typed_p = Memo::new(move |_| i.given.with(Given::processes));
    Effect::new(move |before: Option<Option<u32>>| {
        let p = typed_p.get();
        if before.is_some_and(|b| b != p) && i.result.with_untracked(Option::is_some) {
            i.run();
        }
        p
    });
    let shown = Memo::new(move |_| i.result.with(|r| r.as_ref().map(report)));
    view! {
        <section id="import" class="panel import" aria-labelledby="import-title">
            <h2 id="import-title">"Import measurements"</h2>
            <p class="about">
                "Paste or drop the output of osu_latency, osu_bw, IMB-MPI1, netgauge -x loggp (or its -o file), or a CSV with a size column and a time or bandwidth column. Nothing leaves this page."
            </p>
            <Inputs i/>
            <FitError i/>
            <SeriesChoice i/>
            <Combined i/>
            <ReportPanel report=shown/>
            <FittedMachine i/>
            <Charts i dark=state.dark/>
            <CollectiveCheck runs=Runs { text: i.text, first: i.first, others: i.others, format: i.format } given=i.given dark=state.dark/>
            <OpenCheck i/>
            <ul id="import-messages" class="messages warnings" aria-label="Stored fitted machines">
                <For each=move || i.messages.get().into_iter().enumerate() key=|m| m.clone() let:m>
                    <li>{m.1}</li>
                </For>
            </ul>
            <h3>"Kept fitted machines"</h3>
            <p class="about">"They are also listed in the machine picker of the other views."</p>
            <KeptList i/>
        </section>
    }
}

/// The link that opens the collective check of the machine on screen in Validate, once the
/// machine is kept with its runs (the address names the machine; the runs stay in storage).
#[component]
fn OpenCheck(i: Import) -> impl IntoView {
    let link = move || {
        let name = i.result.with(|r| r.as_ref().map(machine_name))?;
        i.saved.with(|l| {
            l.iter()
                .find(|s| s.name == name && s.runs.is_some())
                .map(check_link)
        })
    };
    let has_check = Memo::new(move |_| {
        i.text.track();
        i.first.track();
        i.others.track();
        i.format.track();
        i.given.track();
        i.collective_runs().is_some()
    });
    view! {
        <p id="import-check-open" class="note" hidden=move || !has_check.get()>
            {move || match link() {
                Some(href) => view! { <a id="import-check-validate" href=href>"Open the collective check in Validate"</a> }.into_any(),
                None => "Keep this machine to open its collective check in Validate, where it stays.".into_any(),
            }}
        </p>
    }
}

/// Why the last Fit gave no fit, where the eye is after pressing it (between the buttons and
/// the report), and that the fit shown, if any, is the previous one.
#[component]
fn FitError(i: Import) -> impl IntoView {
    let kept = move || {
        i.result
            .with(|r| {
                r.as_ref().map(|r| {
                    format!(
                        " The fit below is still the previous one, of {}.",
                        r.fitted_series
                    )
                })
            })
            .unwrap_or_default()
    };
    view! {
        <p id="import-error" class="import-error" role="alert" hidden=move || i.error.with(Option::is_none)>
            <strong>"Not fitted: "</strong>
            // The core's messages end without a full stop, as the CLI prints them; here a
            // sentence may follow.
            {move || i.error.get().map(|e| format!("{}.", e.trim_end_matches('.'))).unwrap_or_default()}
            {kept}
        </p>
    }
}

/// `select#import-series`: which series of the run to fit, where more than one can be (an
/// IMB file of 16 benchmarks fits its PingPong unless another is chosen).
#[component]
fn SeriesChoice(i: Import) -> impl IntoView {
    // (place, name) of each usable series, and the place of the one fitted.
    let list = Memo::new(move |_| {
        let chosen = i.series.get();
        i.result
            .with(|r| r.as_ref().map(|r| series_choice(r, chosen)))
    });
    let options = move || {
        list.with(|l| {
            l.as_ref()
                .map(|(usable, _)| usable.clone())
                .unwrap_or_default()
        })
    };
    let fitted = move |n: usize| list.with(|l| l.as_ref().is_some_and(|(_, f)| *f == n));
    view! {
        <div class="import-actions" hidden=move || list.with(|l| l.as_ref().is_none_or(|(u, _)| u.len() < 2))>
            <label for="import-series">"Series fitted "</label>
            <select id="import-series" on:change=move |ev| {
                if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                    i.series.set(Some(n));
                    i.run();
                }
            }>
                <For each=options key=|o| o.clone() let:o>
                    <option value=o.0.to_string() prop:selected=move || fitted(o.0)>{o.1}</option>
                </For>
            </select>
        </div>
    }
}

/// The paste boxes, the file inputs, the format and the buttons.
#[component]
fn Inputs(i: Import) -> impl IntoView {
    let fitted_ok = move || i.result.with(Option::is_some);
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        let files = ev
            .data_transfer()
            .and_then(|d| d.files())
            .map(|f| list_files(&f))
            .unwrap_or_default();
        load_runs(files, i, Import::fit_or_import);
    };
    view! {
        <label for="import-text">"Benchmark output"</label>
        <textarea id="import-text" rows="10" spellcheck="false"
            prop:value=move || i.text.get()
            on:input=move |ev| i.text.set(event_target_value(&ev))
            on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
            on:drop=on_drop
        ></textarea>
        <div class="import-actions">
            <label for="import-file">"or files (several runs of one cluster make one machine): "</label>
            <input id="import-file" type="file" multiple accept=".txt,.out,.log,.csv,.tsv,text/*"
                on:change=move |ev| load_runs(chosen_files(&ev), i, Import::fit_or_import)/>
            <label for="import-format">"format "</label>
            <select id="import-format" on:change=move |ev| i.format.set(event_target_value(&ev))>
                <option value="auto" selected>"detect"</option>
                <option value="osu">"OSU"</option>
                <option value="imb">"IMB"</option>
                <option value="netgauge">"Netgauge"</option>
                <option value="csv">"CSV/TSV"</option>
            </select>
            <button type="button" id="import-fit" on:click=move |_| i.fit_or_import()>"Fit"</button>
            <button type="button" id="import-save" disabled=move || i.embed || !fitted_ok() on:click=move |_| i.save()>
                "Keep this machine"
            </button>
            <button type="button" id="import-export" disabled=move || !fitted_ok() on:click=move |_| i.export()>
                "Export as JSON"
            </button>
        </div>
        <p id="import-status" class="import-status" role="status"
            class:import-refused=move || i.status.with(|s| matches!(s, Some(Err(_))))>
            {move || i.status.get().map(|s| s.unwrap_or_else(|e| e))}
        </p>
        <details class="import-more">
            <summary>"A second run to overlay, or a fitted machine to import"</summary>
            <label for="import-text-b">"Second run (the same formats), drawn beside the first"</label>
            <textarea id="import-text-b" rows="5" spellcheck="false"
                prop:value=move || i.text_b.get()
                on:input=move |ev| i.text_b.set(event_target_value(&ev))
            ></textarea>
            <div class="import-actions">
                <label for="import-file-b">"or a file: "</label>
                <input id="import-file-b" type="file" accept=".txt,.out,.log,.csv,.tsv,text/*"
                    on:change=move |ev| if let Some(f) = chosen_file(&ev) { load(f, i.text_b, i, Import::run) }/>
            </div>
            // Why the second run was not fitted, beside its box (the chart far below says it too).
            <p id="import-error-b" class="import-error" role="alert"
                hidden=move || !i.result_b.with(|r| matches!(r, Some(Err(_))))>
                <strong>"Second run not fitted: "</strong>
                {move || i.result_b.with(|r| match r {
                    Some(Err(e)) => format!("{}.", e.trim_end_matches('.')),
                    _ => String::new(),
                })}
            </p>
            <div class="import-actions">
                <label for="import-machine-file">"A fitted machine saved by Export as JSON (or paste it above and press Fit): "</label>
                <input id="import-machine-file" type="file" accept=".json,application/json"
                    on:change=move |ev| if let Some(f) = chosen_file(&ev) { load_machine(f, i) }/>
            </div>
        </details>
    }
}

/// The kept machines: each a link that opens it by its name, with Rename (in place: a text
/// box, Enter or Save to keep the name, Escape or Cancel to leave it) and Delete. Keyed by
/// what each shows, so that a rename or a delete changes that entry alone.
#[component]
fn KeptList(i: Import) -> impl IntoView {
    // The entry being renamed, by its name.
    let editing = RwSignal::new(None::<String>);
    let entries = Memo::new(move |_| i.saved.with(|l| kept_entries(l)));
    view! {
        <ul id="import-saved" class="import-saved">
            <For each=move || entries.get() key=|e: &KeptEntry| e.clone() let:e>
                <KeptItem i e editing/>
            </For>
        </ul>
    }
}

/// One kept machine: its link and buttons, or the box that renames it.
#[component]
fn KeptItem(i: Import, e: KeptEntry, editing: RwSignal<Option<String>>) -> impl IntoView {
    let name = StoredValue::new(e.name.clone());
    let draft = RwSignal::new(e.name.clone());
    let input = dom::Node::new();
    // Its place in the list now (the list may have changed since it was drawn).
    let at = move || {
        name.with_value(|n| {
            i.saved
                .with_untracked(|l| l.iter().position(|s| s.name == *n))
        })
    };
    let edited = move || name.with_value(|n| editing.with(|e| e.as_ref() == Some(n)));
    let save = move || {
        if at().is_some_and(|k| i.rename(k, &draft.get_untracked())) {
            editing.set(None);
        }
    };
    let check = e.check.map(|href| {
        view! {
            " "
            <a class="kept-check" href=href aria-label=format!("The collective check of {}", e.name)>"collective check"</a>
        }
    });
    view! {
        <li>
            <span hidden=edited>
                <a href=e.link>{e.name.clone()}</a>
                {check}
                " "
                <button type="button" class="kept-rename" aria-label=format!("Rename {}", e.name)
                    on:click=move |_| {
                        editing.set(Some(name.get_value()));
                        // Once the box is shown, the keys go to it.
                        request_animation_frame(move || {
                            if let Some(e) = input.get_untracked().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                                let _ = e.focus();
                            }
                        });
                    }>"Rename"</button>
                " "
                <button type="button" class="kept-delete" aria-label=format!("Delete {}", e.name)
                    on:click=move |_| if let Some(k) = at() { i.delete(k) }>"Delete"</button>
            </span>
            <span hidden=move || !edited()>
                <input type="text" class="kept-name" node_ref=input aria-label=format!("New name of {}", e.name)
                    maxlength=crate::page::MAX_FITTED_NAME.to_string()
                    prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
                        "Enter" => save(),
                        "Escape" => editing.set(None),
                        _ => {}
                    }/>
                " "
                <button type="button" class="kept-save" on:click=move |_| save()>"Save"</button>
                " "
                <button type="button" class="kept-cancel" on:click=move |_| editing.set(None)>"Cancel"</button>
            </span>
        </li>
    }
}

/// The files given with the first, fitted with it as one machine.
#[component]
fn Combined(i: Import) -> impl IntoView {
    let names = move || {
        i.others.with(|o| {
            o.iter()
                .map(|(n, _)| n.clone())
                .collect::<Vec<_>>()
                .join(", ")
        })
    };
    view! {
        <p id="import-combined" class="note" hidden=move || i.others.with(Vec::is_empty)>
            "Fitted as one machine: " {move || i.first.get()} " (in the box above) with " {names}
            ". Drop or choose one file to fit it alone."
        </p>
    }
}

/// Which fit the fitted machine is and why, its γ and where that comes from, and what each
/// run given was used for (`crate::import::fitted_summary`).
#[component]
fn FittedMachine(i: Import) -> impl IntoView {
    let summary = Memo::new(move |_| i.result.with(|r| r.as_ref().map(fitted_summary)));
    let shown = Memo::new(move |_| summary.with(Option::is_some));
    let text = move |f: fn(&FittedSummary) -> String| move || summary.with(|s| s.as_ref().map(f));
    let roles = move || summary.with(|s| s.as_ref().map(|s| s.roles.clone()).unwrap_or_default());
    view! {
        <Show when=move || shown.get()>
            <div id="import-fitted">
                <p id="import-best">
                    "The fitted machine is the "
                    <strong>{text(|s| s.model.to_string())}</strong>
                    " fit: " {text(|s| s.why.clone())} "."
                </p>
                <p id="import-gamma">
                    "γ = " {text(|s| s.gamma.clone())} ", " {text(|s| s.gamma_from.clone())}
                    " (the gamma key; the Collectives view shows it for reductions)."
                </p>
                <ul id="import-run-roles">
                    <For each=roles key=|r| r.clone() let:r>
                        <li><strong>{r.0}</strong> ": " {r.1}</li>
                    </For>
                </ul>
            </div>
        </Show>
    }
}

/// Reads an exported machine's file and imports it.
fn load_machine(file: web_sys::File, i: Import) {
    dom::read_file(file, move |read| match read.map(String::from_utf8) {
        Ok(Ok(t)) => i.import_machine(&t),
        Ok(Err(_)) => i.status.set(Some(Err(
            "not imported: the file is not text (an exported machine is JSON)".into(),
        ))),
        Err(e) => i.status.set(Some(Err(format!("not imported: {e}")))),
    });
}

/// The fit chart with the breakpoints, the residual chart and the two runs overlaid.
#[component]
fn Charts(i: Import, dark: ReadSignal<bool>) -> impl IntoView {
    let waiting = |what: &str| Err(format!("{what} are drawn here once fitted."));
    let plot: Memo<Result<Plot, String>> = Memo::new(move |_| {
        i.result.with(|r| match r {
            Some(r) => fit_plot(r),
            None => waiting("The measured points and the fits"),
        })
    });
    let residuals: Memo<Result<Plot, String>> = Memo::new(move |_| {
        i.result.with(|r| match r {
            Some(r) => residual_plot(r),
            None => waiting("The residuals of the fits"),
        })
    });
    let both = move || match (i.result.get(), i.result_b.get()) {
        (Some(a), Some(Ok(b))) => Ok((a, b)),
        (_, Some(Err(e))) => Err(format!("The second run could not be fitted: {e}")),
        _ => Err("Two runs are drawn here once a second run is fitted.".to_string()),
    };
    let overlaid: Memo<Result<Plot, String>> =
        Memo::new(move |_| both().and_then(|(a, b)| overlay_plot(&a, &b)));
    let runs = Memo::new(move |_| both().ok().map(|(a, b)| overlay(&a, &b)));
    let caption = |t: &'static str| Signal::derive(move || t.to_string());
    view! {
        <Figure id="import-chart" caption=caption("Time against message size, log–log: the points, the fits and the piecewise fit's breaks")
            plot=plot scale=Signal::derive(|| Scale::Log)
            label="Chart of the measured times and the fitted models; the numbers are in the table above."
            dark=dark/>
        <ChartKey entries=&FIT_KEY/>
        <Figure id="import-residuals" caption=caption("Relative residual of each point, (model − measured) / measured, in per cent")
            plot=residuals scale=Signal::derive(|| Scale::LogSize)
            label="Chart of each fit's relative residual against message size; the largest and rms errors are in the table above."
            dark=dark/>
        <ChartKey entries=&RESIDUAL_KEY/>
        <Figure id="import-overlay" caption=caption("Two runs, log–log: each run's points and Hockney line (A the first, B the second)")
            plot=overlaid scale=Signal::derive(|| Scale::Log)
            label="Chart of two runs' measured times and Hockney lines; their fits are in the table below."
            dark=dark/>
        <RunsTable overlay=runs/>
    }
}
