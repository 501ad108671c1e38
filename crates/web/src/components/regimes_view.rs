//! Where each algorithm wins (004 §4.1, Figures 4 and 5; 001 §5).
//!
//! - Two regime maps side by side (004 Fig. 5), each under the f(L) set its select names (`fa`
//!   and `fb` in the address; standard against nominal by default): the fastest of Tree, Snake
//!   and Fence over vector length × mesh, shaded by the margin over the runner-up. A cursor,
//!   moved by the pointer or the arrow keys and shared by both maps, reads one cell out in
//!   words on both.
//! - The block-size sweep (004 Fig. 4) at the scenario's N and mesh, under both maps' sets.
//! - On the Paragon, the h-relation against the block permutation of the same data (001 §5).
//!
//! The scenario panel edits α, β, c₂, c₃, N and the mesh: the maps are recomputed when the
//! model changes (not when only N or the mesh moves, which only moves the scenario's mark),
//! and the sweep follows every edit. Machines without NBL parameters get a message and a
//! switch to the machine the core opens the maps on (`opening::maps_for`, the DELTA).

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use commcalc_core::compare::{compare, Comparison};
use commcalc_core::figures::{
    BLOCK_SWEEP, BULK, BULK_COSTS, BULK_TRANSFER, NBL_REGIMES, REGIME_MAPS, STARTUP_COST,
};
use commcalc_core::glossary;
use commcalc_core::models::nbl::{Algorithm, FSet, Nbl, DEFAULT_LENGTH, DEFAULT_MESH};
use commcalc_core::opening::maps_for;
use commcalc_core::patterns::{H_RELATION_COST, PERMUTATION_COST};
use commcalc_core::regimes::{block_sweep, lead_map, mesh_of, n_of, MapOptions};
use commcalc_core::regimes::{LeadMap, Sweep};
use commcalc_core::units::WORD_BYTES;
use commcalc_core::Scenario;

use super::figure::Figure;
use super::scale_toggle::ScaleToggle;
use crate::chart::{compare_plot, palette, Plot, Which};
use crate::dom::{self, Node};
use crate::draw_map;
use crate::edit::Edit;
use crate::page::compare_link;
use crate::regime_charts::{bulk_sentence, nbl_params, sweep_optima, sweep_plot, SWEEP_POINTS};
use crate::regime_map::{
    cell_at, cell_centre, grouped, key_gradient, key_shading, length_ticks, mark_style, mesh_label,
    mesh_ticks, nearest_length, nearest_mesh, reading, shares, step, tick_style, Reading, Tick,
    FULL_MARGIN,
};
use crate::state::State;

/// A map, the model it was computed for, and how long the core took to compute it (reported
/// with each paint for the benchmark).
#[derive(Debug, PartialEq)]
struct Computed {
    map: LeadMap,
    from: (MapOptions, Nbl),
    compute_ms: f64,
}

type MapResult = Result<Arc<Computed>, String>;

/// The maps' ids: `a` left, `b` right.
const SIDES: [&str; 2] = ["a", "b"];

/// The pattern whose N and mesh a map cell stands for.
const COMBINE: &str = "global-combine";

/// How to read the maps with the pointer and the keys.
const KEYS: &str = "Hover over a map, tap it, or focus it and use the arrow keys (Shift: 10 cells; Home and End: the shortest and longest vector; Page Up and Page Down: 10 meshes) to read a cell on both maps. A click, a second tap on the cell or Enter takes the cell's N and mesh into the scenario (global combining), and the sweep below follows.";

/// The model of the maps, or why there is none.
type MapModel = Result<(MapOptions, Nbl), String>;

/// The maps, the sweep and the Paragon's bulk transfer.
#[component]
pub fn RegimesView(
    /// The app state: the scenario gives the model, N and the mesh; the page the f(L) sets.
    state: State,
) -> impl IntoView {
    let model = map_model(state);
    let fs = [0, 1].map(|i| Memo::new(move |_| state.page.with(|p| p.maps[i])));
    let maps: [Memo<MapResult>; 2] = fs.map(|f| map_of(state, model, f));
    let home = home_cell(state, maps[0]);
    let cursor = RwSignal::new(None::<(usize, usize)>);
    let sweeps = sweeps_of(state, fs);
    let sweep_chart = Memo::new(move |_| {
        let scale = state.scale();
        sweeps.with(|s| match s {
            Ok(s) => Ok(sweep_plot(s, scale)),
            Err(e) => Err(format!("No sweep: {e}")),
        })
    });
    let bulk_p = Memo::new(move |_| state.page.with(|p| p.bulk_p));
    let bulk: Memo<Result<Comparison, String>> = Memo::new(move |_| {
        let [a, b] = BULK.queries(bulk_p.get());
        let parse = |q: &str| Scenario::from_query(q).map_err(|e| e.to_string());
        compare(&[parse(&a)?, parse(&b)?]).map_err(|e| e.to_string())
    });
    let bulk_chart = Memo::new(move |_| {
        let scale = state.scale();
        bulk.with(|c| match c {
            Ok(c) => Ok(compare_plot(c, Which::Latency, scale)),
            Err(e) => Err(format!("No comparison: {e}")),
        })
    });
    // The page has repainted once everything an edit changes has been drawn: the effects that
    // draw run before `dom::Paints::after_effects` says so. Tests and benchmarks wait for this
    // (`commcalcPaints`).
    dom::effect(move || {
        state.scenario.track();
        state.repaint.track();
        model.track();
        for m in maps {
            m.track();
        }
        sweep_chart.track();
        bulk_chart.track();
        state.dark.track();
        state.paints.after_effects();
    });
    let nbl_ok = Memo::new(move |_| model.with(|m| m.is_ok()));
    view! {
        <section class="panel regimes-intro" aria-labelledby="regimes-title">
            <h2 id="regimes-title">"Where each algorithm wins"</h2>
            <p class="about">
                {format!("{}: {}. Edit α, β, c₂, c₃, N and the mesh in the scenario panel: the maps and the sweep follow.", NBL_REGIMES.source, NBL_REGIMES.text)}
            </p>
            <Notice state model/>
        </section>
        <Show when=move || nbl_ok.get()>
            <MapsSection state maps fs cursor home/>
            <SweepSection state fs sweeps sweep_chart/>
        </Show>
        <BulkSection state bulk_p bulk bulk_chart/>
    }
}

/// The model of the maps: evaluated on every edit but equal, so that the maps are left alone,
/// unless the machine or α, β, c₂, c₃ changed. The scenario's own f= does not count: each map
/// has its set. A fitted machine has none (its name says why).
fn map_model(state: State) -> Memo<MapModel> {
    Memo::new(move |_| {
        let fitted = state.page.with(|p| p.fitted.clone());
        state.scenario.with(|s| {
            nbl_params(s, fitted.as_deref()).map(|mut nbl| {
                nbl.f = FSet::default();
                (MapOptions::for_machine(s.machine), nbl)
            })
        })
    })
}

/// The regime map under the f(L) set `f`, timed: each cell's fastest algorithm and its margin
/// up to [`FULL_MARGIN`], beyond which the colour is the same (the full cells are computed
/// for the readout only); coarse while a slider is held ([`State::map_sample`]). A map at least as
/// fine as asked for, of the same model, is kept: releasing the N slider, which leaves the
/// model alone, recomputes nothing.
fn map_of(state: State, model: Memo<MapModel>, f: Memo<FSet>) -> Memo<MapResult> {
    Memo::new(move |prev: Option<&MapResult>| {
        let f = f.get();
        let sample = state.map_sample();
        model.with(|m| match m {
            Err(e) => Err(e.clone()),
            Ok(from) => {
                if let Some(Ok(kept)) = prev {
                    if kept.from == *from && kept.map.f == f && kept.map.sample <= sample {
                        return Ok(Arc::clone(kept));
                    }
                }
                let t0 = dom::now();
                // The model memo tracks the scenario; the map needs it as it is now.
                state
                    .scenario
                    .with_untracked(|s| lead_map(s, f, from.0, FULL_MARGIN, sample))
                    .map(|map| {
                        Arc::new(Computed {
                            map,
                            from: *from,
                            compute_ms: dom::now() - t0,
                        })
                    })
                    .map_err(|e| e.to_string())
            }
        })
    })
}

/// The cell of the scenario's N and mesh (global combining's defaults for another pattern):
/// where the cursor starts and the scenario's mark sits.
fn home_cell(state: State, map: Memo<MapResult>) -> Memo<Option<(usize, usize)>> {
    Memo::new(move |_| {
        let (n, mesh) = state.scenario.with(|s| (n_of(s), mesh_of(s)));
        map.with(|m| {
            m.as_ref().ok().map(|c| {
                (
                    nearest_mesh(&c.map.meshes, mesh),
                    nearest_length(&c.map.lengths, n),
                )
            })
        })
    })
}

/// The block-size sweeps at the scenario's N and mesh: one per distinct f(L) set of the maps.
fn sweeps_of(state: State, fs: [Memo<FSet>; 2]) -> Memo<Result<Vec<Sweep>, String>> {
    Memo::new(move |_| {
        let (fa, fb) = (fs[0].get(), fs[1].get());
        state.scenario.with(|s| {
            let mut list = vec![block_sweep(s, fa, SWEEP_POINTS).map_err(|e| e.to_string())?];
            if fb != fa {
                list.push(block_sweep(s, fb, SWEEP_POINTS).map_err(|e| e.to_string())?);
            }
            Ok::<Vec<Sweep>, String>(list)
        })
    })
}

/// The two maps side by side, their colour key and how to read them.
#[component]
fn MapsSection(
    /// The app state.
    state: State,
    /// The left and right maps.
    maps: [Memo<MapResult>; 2],
    /// Their f(L) sets.
    fs: [Memo<FSet>; 2],
    /// The cursor shared by both maps.
    cursor: RwSignal<Option<(usize, usize)>>,
    /// The scenario's cell.
    home: Memo<Option<(usize, usize)>>,
) -> impl IntoView {
    let dark = state.dark;
    view! {
        <section class="panel" aria-labelledby="maps-title">
            <h2 id="maps-title">{REGIME_MAPS.to_string()}</h2>
            <div class="maps">
                <MapPanel state side=0 map=maps[0] f=fs[0] cursor home dark/>
                <MapPanel state side=1 map=maps[1] f=fs[1] cursor home dark/>
            </div>
            <MapKey dark/>
            <p class="about" id="map-keys">{KEYS}</p>
        </section>
    }
}

/// The block-size sweep (004 Fig. 4) with its key and the optimal blocks.
#[component]
fn SweepSection(
    /// The app state.
    state: State,
    /// The maps' f(L) sets: solid and dashed lines.
    fs: [Memo<FSet>; 2],
    /// The sweeps, for the optimal blocks listed below the chart.
    sweeps: Memo<Result<Vec<Sweep>, String>>,
    /// The chart, or why there is none.
    sweep_chart: Memo<Result<Plot, String>>,
) -> impl IntoView {
    let scale = Signal::derive(move || state.scale());
    let sweep_caption = Signal::derive(move || {
        state.scenario.with(|s| {
            format!(
                "{} for N = {} on a {} mesh ({})",
                BLOCK_SWEEP.text,
                grouped(n_of(s)),
                mesh_label(mesh_of(s)),
                BLOCK_SWEEP.source
            )
        })
    });
    let sweep_key = move || {
        let (fa, fb) = (fs[0].get(), fs[1].get());
        let sets = if fa == fb {
            format!("{}: solid", fa.id())
        } else {
            format!("{}: solid, {}: dashed", fa.id(), fb.id())
        };
        format!("Fence · {sets} · dots: the optimal block S of each")
    };
    // The optima follow every input: a line per sweep, its text changed in place.
    let optima = Memo::new(move |_| {
        sweeps.with(|s| {
            s.as_ref()
                .map(|s| s.iter().map(sweep_optima).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let lines = move || optima.with(|o| (0..o.len()).collect::<Vec<_>>());
    view! {
        <section class="panel" aria-labelledby="sweep-title">
            <div class="charts-head">
                <h2 id="sweep-title">"Block-size sweep"</h2>
                <ScaleToggle state/>
            </div>
            <Figure
                id="sweep-chart"
                caption=sweep_caption
                plot=sweep_chart
                scale
                label="Time against block size for Snake and Fence under both f(L) sets; the optimal blocks are listed below the chart"
            dark=state.dark
            />
            <p class="legend">
                <span class="line-swatch s1"></span>
                "Snake "
                <span class="line-swatch s2"></span>
                {sweep_key}
            </p>
            <ul class="sweep-optima" id="sweep-optima">
                <For each=lines key=|i| *i let:i>
                    <li>{move || optima.with(|o| o.get(i).cloned().unwrap_or_default())}</li>
                </For>
            </ul>
        </section>
    }
}

/// On the Paragon, the h-relation against the block permutation of the same data (001 §5).
#[component]
fn BulkSection(
    /// The app state, whose page holds the number of processors.
    state: State,
    /// The number of processors.
    bulk_p: Memo<u32>,
    /// The two models compared, or why not.
    bulk: Memo<Result<Comparison, String>>,
    /// Their chart, or why there is none.
    bulk_chart: Memo<Result<Plot, String>>,
) -> impl IntoView {
    let scale = Signal::derive(move || state.scale());
    let bulk_caption = Signal::derive(move || {
        format!(
            "{}, Paragon with {} processors ({})",
            BULK_COSTS.text,
            bulk_p.get(),
            BULK_COSTS.source
        )
    });
    let bulk_text = move || {
        bulk.with(|c| match c {
            Ok(c) => bulk_sentence(c, bulk_p.get()),
            Err(e) => e.clone(),
        })
    };
    let bulk_href = move || {
        bulk.with(|c| {
            c.as_ref()
                .ok()
                .and_then(|c| compare_link(c.reports.iter().map(|r| r.query.as_str()), None))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="panel" aria-labelledby="bulk-title">
            <div class="charts-head">
                <h2 id="bulk-title">{BULK_TRANSFER.to_string()}</h2>
                <span class="scale">
                    <label for="bulk-p">"Processors"</label>
                    <ProcessorSelect state bulk_p/>
                </span>
            </div>
            <p class="about">
                {format!("The BSP h-relation ({}, {}) against the BPRAM block permutation ({}, {}) moving the same data: x bytes per processor, as an h-relation of h = x/{WORD_BYTES} words or as one x-byte block each. {}: {}.", H_RELATION_COST.text, H_RELATION_COST.source, PERMUTATION_COST.text, PERMUTATION_COST.source, STARTUP_COST.source, STARTUP_COST.text)}
            </p>
            <Figure
                id="bulk-chart"
                caption=bulk_caption
                plot=bulk_chart
                scale
                label="Time of the h-relation and the block permutation against the bytes each processor sends; the sentence below says where bulk transfer wins"
            dark=state.dark
            />
            <p class="legend">
                <span class="key c0" aria-hidden="true">"A"</span>
                " BSP h-relation · "
                <span class="key c1" aria-hidden="true">"B"</span>
                " BPRAM block permutation · a vertical line marks a crossover"
            </p>
            <p id="bulk-summary" aria-live="polite">{bulk_text}</p>
            <p>
                <a id="bulk-compare" href=bulk_href>
                    "Open the two in the Compare view"
                </a>
            </p>
        </section>
    }
}

/// `select#bulk-p`: the processor counts of the Paragon chart, which write into the page state.
#[component]
fn ProcessorSelect(
    /// The app state, whose page holds the number of processors.
    state: State,
    /// The number of processors.
    bulk_p: Memo<u32>,
) -> impl IntoView {
    let options = BULK
        .sizes
        .map(|p| {
            view! { <option value=p prop:selected=move || bulk_p.get() == p>{p}</option> }
        })
        .collect_view();
    view! {
        <select
            id="bulk-p"
            on:change=move |ev| {
                if let Ok(p) = event_target_value(&ev).parse::<u32>() {
                    state.update_page(|page| page.bulk_p = p);
                }
            }
        >
            {options}
        </select>
    }
}

/// The colour key shared by both maps: each algorithm's colour from a near tie to a margin of
/// [`FULL_MARGIN`] or more ([`key_gradient`]), and the cursor's and the scenario's marks.
#[component]
fn MapKey(
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let bars = Algorithm::ALL
        .map(|a| {
            view! {
                <span class="map-key-item">
                    <span class="map-key-name">{glossary::nbl_algorithm(a)}</span>
                    <span
                        class="map-key-bar"
                        aria-hidden="true"
                        style=move || format!("background-image:{}", key_gradient(a, &palette(dark.get())))
                    ></span>
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="map-key" id="map-key">
            {bars}
            <span class="map-key-item about">{key_shading()}</span>
            <span class="map-key-item">
                <span class="map-key-cursor" aria-hidden="true"></span>
                "the cursor"
            </span>
            <span class="map-key-item">
                <span class="map-key-point" aria-hidden="true"></span>
                "the scenario's N and mesh"
            </span>
        </div>
    }
}

/// A map's axis labels, each placed at its tick: from the bottom on the mesh axis
/// (`vertical`), from the left on the N axis.
#[component]
pub(super) fn Ticks(
    /// The labels and where they go.
    ticks: Memo<Vec<Tick>>,
    /// The mesh axis (from the bottom) rather than the N axis.
    vertical: bool,
) -> impl IntoView {
    view! {
        <For
            each=move || ticks.get()
            key=|t| (t.label.clone(), t.at.to_bits())
            children=move |t| {
                let style = tick_style(&t, vertical);
                view! { <span style=style>{t.label}</span> }
            }
        />
    }
}

/// Which map a readout is about, for screen readers (both maps' readouts speak at once), then
/// the cursor's cell in words with its numbers in data attributes, each following the cursor.
#[component]
fn Readout(
    /// "A" or "B".
    letter: &'static str,
    /// The map's f(L) set.
    f: Memo<FSet>,
    /// The cell read out, if any.
    read: Memo<Option<Reading>>,
) -> impl IntoView {
    let shown = Memo::new(move |_| read.with(Option::is_some));
    let field =
        move |pick: fn(&Reading) -> String| read.with(|r| r.as_ref().map(pick).unwrap_or_default());
    view! {
        <span class="map-sr">"Map " {letter} ", " {move || f.get().id()} ": "</span>
        {move || {
            shown
                .get()
                .then(|| {
                    view! {
                        <span
                            class="map-readout-text"
                            data-n=move || field(|r| r.n.to_string())
                            data-mesh=move || field(|r| r.mesh.clone())
                            data-fastest=move || field(|r| r.fastest.to_string())
                            data-times=move || field(|r| r.times.clone())
                            data-blocks=move || field(|r| r.blocks.clone())
                        >
                            {move || field(|r| r.text.clone())}
                        </span>
                    }
                })
        }}
    }
}

/// Why there are no maps (a machine without NBL parameters), or that N and the mesh are
/// global combining's defaults (another pattern), with a button that switches to global
/// combining, on the machine the core opens the maps on (`opening::maps_for`) where this one
/// has none.
#[component]
fn Notice(
    /// The app state, edited by the button.
    state: State,
    /// The maps' model, or why there is none.
    model: Memo<MapModel>,
) -> impl IntoView {
    // The machine with maps to switch to (its id and name), where the scenario's has none.
    let target = Memo::new(move |_| {
        let fitted = state.page.with(|p| p.fitted.is_some());
        state
            .scenario
            .with(|s| maps_for(s, fitted).map(|n| (n.machine.id, n.machine.name)))
    });
    let switch = move |_| {
        if let Some((machine, _)) = target.get_untracked() {
            state.edit(Edit::Switch("machine", machine));
        }
        if state.scenario.with_untracked(|s| s.pattern.id != COMBINE) {
            state.edit(Edit::Switch("pattern", COMBINE));
        }
    };
    // What to say, and the button's words: nothing where the maps show global combining.
    let notice = Memo::new(move |_| {
        let problem = model.with(|m| m.as_ref().err().cloned());
        let other = state
            .scenario
            .with(|s| (s.pattern.id != COMBINE).then_some(s.pattern.title));
        let said = match (problem, other) {
            (Some(e), _) => format!("No regime maps for this scenario: {e}"),
            (None, Some(title)) => format!(
                "The scenario's pattern is {title}: the sweep and the mark on the maps use global combining's default N = {} on a {} mesh.",
                grouped(DEFAULT_LENGTH),
                mesh_label(DEFAULT_MESH)
            ),
            (None, None) => return None,
        };
        let button = target.with(|t| match t {
            Some((_, name)) => format!("Use the {name}'s global combining"),
            None => "Switch to global combining".to_string(),
        });
        Some((said, button))
    });
    let error = move || model.with(|m| m.is_err());
    view! {
        <p id="regimes-note" class="about regimes-hint" role="status" hidden=move || state.note.with(Option::is_none)>
            {move || state.note.get()}
        </p>
        <div
            class=move || if error() { "regimes-problem" } else { "about regimes-hint" }
            id=move || if error() { "regimes-error" } else { "regimes-hint" }
            role=move || error().then_some("alert")
            hidden=move || notice.with(Option::is_none)
        >
            <p>{move || notice.with(|n| n.as_ref().map(|n| n.0.clone()))}</p>
            <button type="button" id="regimes-switch" on:click=switch>
                {move || notice.with(|n| n.as_ref().map(|n| n.1.clone()))}
            </button>
        </div>
    }
}

/// One regime map: its f(L) select, the map with its axes, cursor and the scenario's mark, and
/// the readout of the cursor's cell. The figure's `data-sample` says how the map shown was
/// computed (1: every cell; 4: the coarse map of a held slider).
#[component]
fn MapPanel(
    /// The app state: clicking a cell sets its N and mesh.
    state: State,
    /// 0 for the left map (`a`), 1 for the right (`b`).
    side: usize,
    /// The map, or why there is none.
    map: Memo<MapResult>,
    /// The map's f(L) set.
    f: Memo<FSet>,
    /// The cell the pointer or the keys put the cursor on, shared by both maps; `None` until
    /// then, and the scenario's cell stands in.
    cursor: RwSignal<Option<(usize, usize)>>,
    /// The scenario's cell.
    home: Memo<Option<(usize, usize)>>,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let id = SIDES[side % 2];
    let letter = letter_of(side);
    let (dims, at) = cursor_cell(map, cursor, home);
    let (x_ticks, y_ticks) = axes_of(map);
    let read = Memo::new(move |_| {
        let at = at.get();
        map.with(|m| reading(m.as_ref().ok().map(|c| &c.map), at))
    });
    let area = MapArea {
        state,
        side,
        map,
        f,
        cursor,
        home,
        at,
        dims,
        dark,
    };
    view! {
        <figure
            class="regime-map"
            data-side=id
            data-sample=move || map.with(|m| m.as_ref().map_or(1, |c| c.map.sample))
        >
            <MapSelect state side f/>
            <figcaption class="about" id=format!("map-shares-{id}")>
                {move || map.with(|m| match m {
                    Ok(c) => shares(&c.map),
                    Err(e) => e.clone(),
                })}
            </figcaption>
            <div class="map-grid">
                <div class="map-y-title" aria-hidden="true">"mesh ↑"</div>
                <div></div>
                <div class="map-y" aria-hidden="true">
                    <Ticks ticks=y_ticks vertical=true/>
                </div>
                {area.view()}
                <div></div>
                <div class="map-x" aria-hidden="true">
                    <Ticks ticks=x_ticks vertical=false/>
                </div>
                <div></div>
                <div class="map-x-title" aria-hidden="true">"vector length N (elements) →"</div>
            </div>
            <p
                class="map-readout"
                id=format!("map-readout-{id}")
                aria-live="polite"
            >
                <Readout letter f read/>
            </p>
        </figure>
    }
}

/// A map's axis labels: the N axis's and the mesh axis's.
fn axes_of(map: Memo<MapResult>) -> (Memo<Vec<Tick>>, Memo<Vec<Tick>>) {
    let of = move |ticks: fn(&LeadMap) -> Vec<Tick>| {
        Memo::new(move |_| map.with(|m| m.as_ref().map(|c| ticks(&c.map)).unwrap_or_default()))
    };
    (
        of(|m| length_ticks(&m.lengths)),
        of(|m| mesh_ticks(&m.meshes)),
    )
}

/// A map's rows (meshes) and columns (lengths), and the cell its cursor reads out: the
/// cursor's, or the scenario's before the cursor moved, kept within the map.
fn cursor_cell(
    map: Memo<MapResult>,
    cursor: RwSignal<Option<(usize, usize)>>,
    home: Memo<Option<(usize, usize)>>,
) -> (CellMemo, CellMemo) {
    let dims = Memo::new(move |_| {
        map.with(|m| {
            m.as_ref()
                .ok()
                .map(|c| (c.map.meshes.len(), c.map.lengths.len()))
        })
    });
    let at = Memo::new(move |_| {
        let (rows, cols) = dims.get()?;
        let (row, col) = cursor.get().or(home.get())?;
        (rows > 0 && cols > 0).then(|| (row.min(rows - 1), col.min(cols - 1)))
    });
    (dims, at)
}

/// A cell (row, column) of a map, or none.
type CellMemo = Memo<Option<(usize, usize)>>;

/// "A" for the left map, "B" for the right.
fn letter_of(side: usize) -> &'static str {
    if side == 0 {
        "A"
    } else {
        "B"
    }
}

/// A map's f(L) select, which writes the set into the page state.
#[component]
fn MapSelect(
    /// The app state, whose page holds both maps' sets.
    state: State,
    /// 0 for the left map, 1 for the right.
    side: usize,
    /// The map's f(L) set.
    f: Memo<FSet>,
) -> impl IntoView {
    let id = SIDES[side % 2];
    let f_options = FSet::ALL
        .map(|x| {
            view! {
                <option value=x.id() prop:selected=move || f.get() == x>
                    {glossary::f_set(x)}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="map-head">
            <label for=format!("map-f-{id}")>{format!("Map {}: f(L)", letter_of(side))}</label>
            <select
                id=format!("map-f-{id}")
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(x) = FSet::ALL.into_iter().find(|x| x.id() == v) {
                        state.update_page(|p| p.maps[side % 2] = x);
                    }
                }
            >
                {f_options}
            </select>
        </div>
    }
}

/// The interactive part of a map: the canvas, the scenario's mark and the cursor, read with
/// the pointer and the keys. Its fields are the signals of its `MapPanel`.
#[derive(Clone, Copy)]
struct MapArea {
    state: State,
    side: usize,
    map: Memo<MapResult>,
    f: Memo<FSet>,
    cursor: RwSignal<Option<(usize, usize)>>,
    home: Memo<Option<(usize, usize)>>,
    /// The cursor's cell, or the scenario's before the cursor moved, within the map.
    at: Memo<Option<(usize, usize)>>,
    /// The map's rows (meshes) and columns (lengths).
    dims: Memo<Option<(usize, usize)>>,
    dark: ReadSignal<bool>,
}

impl MapArea {
    fn view(self) -> impl IntoView {
        let Self {
            side,
            f,
            cursor,
            home,
            at,
            dims,
            ..
        } = self;
        let id = SIDES[side % 2];
        let letter = letter_of(side);
        let canvas = Node::new();
        let area = Node::new();
        self.paint(canvas);
        let locate = move |x: f64, y: f64| cell_under(area, dims, x, y);
        let point_to = move |cell: Option<(usize, usize)>| {
            if let Some(cell) = cell {
                if cursor.get_untracked() != Some(cell) {
                    cursor.set(Some(cell));
                }
            }
        };
        // Whether the pointer now pressed is a finger, and the cell read out before it.
        let touched = StoredValue::new((false, None::<(usize, usize)>));
        let place = move |cell: Option<(usize, usize)>| {
            let (rows, cols) = dims.get().unwrap_or((1, 1));
            mark_style(cell.map(|(r, c)| cell_centre(r, c, rows, cols)))
        };
        let label = move || {
            format!(
                "Regime map {letter}, f(L) {}: the fastest algorithm by vector length and mesh; arrow keys move the cursor",
                f.get().id()
            )
        };
        view! {
            <div
                class="map-area"
                id=format!("map-area-{id}")
                node_ref=area
                tabindex="0"
                role="application"
                aria-roledescription="regime map"
                aria-label=label
                aria-describedby=format!("map-keys map-readout-{id}")
                on:pointerdown=move |ev| {
                    touched.set_value((ev.pointer_type() == "touch", cursor.get_untracked()));
                }
                on:pointermove=move |ev| point_to(locate(f64::from(ev.client_x()), f64::from(ev.client_y())))
                on:click=move |ev| {
                    let cell = locate(f64::from(ev.client_x()), f64::from(ev.client_y()));
                    // A tap reads a cell out; a second tap on it takes it. A mouse click
                    // takes it at once (the pointer read it out on the way).
                    let (touch, before) = touched.get_value();
                    point_to(cell);
                    if let Some(cell) = cell.filter(|c| !touch || before == Some(*c)) {
                        self.take(cell);
                    }
                }
                on:keydown=move |ev| self.key(ev)
            >
                <canvas id=format!("map-{id}") node_ref=canvas width="128" height="128" aria-hidden="true"></canvas>
                <span
                    class="map-point"
                    aria-hidden="true"
                    style=move || place(home.get())
                ></span>
                <span
                    class="map-cursor"
                    aria-hidden="true"
                    style=move || place(at.get())
                ></span>
            </div>
        }
    }

    /// Paints the map when it or the theme changes; the timing goes to the benchmark's hook,
    /// with the computation counted only the first time a map is painted.
    fn paint(self, canvas: Node) {
        let (map, dark, id) = (self.map, self.dark, SIDES[self.side % 2]);
        Effect::new(move |last: Option<Option<Arc<Computed>>>| {
            let dark = dark.get();
            let current = map.get().ok();
            let c: HtmlCanvasElement = canvas.get()?.unchecked_into();
            if let Some(computed) = &current {
                let fresh = last.flatten().is_none_or(|l| !Arc::ptr_eq(&l, computed));
                let t0 = dom::now();
                match draw_map::paint(&c, &computed.map, &palette(dark)) {
                    Ok(()) => {
                        let compute = if fresh { computed.compute_ms } else { 0.0 };
                        draw_map::painted(id, compute, dom::now() - t0);
                    }
                    Err(e) => web_sys::console::warn_1(&format!("map {id}: {e}").into()),
                }
            }
            current
        });
    }

    /// A cell's N and mesh into the scenario, where it is global combining.
    fn take(self, (row, col): (usize, usize)) {
        let Some((n, mesh)) = self.map.with_untracked(|m| {
            let c = m.as_ref().ok()?;
            Some((*c.map.lengths.get(col)?, *c.map.meshes.get(row)?))
        }) else {
            return;
        };
        let state = self.state;
        if state.scenario.with_untracked(|s| s.pattern.id != COMBINE) {
            return;
        }
        state.edit(Edit::Set("n", &n.to_string()));
        state.edit(Edit::Set(
            "mesh",
            &format!("{}x{}", mesh.width, mesh.height),
        ));
        self.cursor.set(None);
    }

    /// The arrow keys move the cursor, Enter takes its cell.
    fn key(self, ev: leptos::ev::KeyboardEvent) {
        let Some((rows, cols)) = self.dims.get_untracked() else {
            return;
        };
        let current = self.at.get_untracked().unwrap_or((0, 0));
        let key = ev.key();
        if key == "Enter" {
            ev.prevent_default();
            self.take(current);
        } else if let Some(next) = step(current, &key, ev.shift_key(), rows, cols) {
            ev.prevent_default();
            self.cursor.set(Some(next));
        }
    }
}

/// The cell of a map under a point of the page, if any.
fn cell_under(
    area: Node,
    dims: Memo<Option<(usize, usize)>>,
    x: f64,
    y: f64,
) -> Option<(usize, usize)> {
    let el = area.get_untracked()?;
    let r = el.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let (rows, cols) = dims.get_untracked()?;
    cell_at(
        (x - r.left()) / r.width(),
        (y - r.top()) / r.height(),
        rows,
        cols,
    )
}
