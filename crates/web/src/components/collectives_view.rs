//! Collectives: which MPI algorithm wins on the scenario's machine.
//!
//! - A collective picker (the scenario's pattern; p and the size are in the scenario panel).
//! - One chart: every algorithm's time against message size at the scenario's p, the winner
//!   solid, each crossover marked with its size.
//! - The winner map over message size × p, drawn as the regime maps are (colour = winner,
//!   paler = small margin), with MPICH 4's and Open MPI 4.1's default thresholds drawn over it as
//!   lines, a cursor read out in words, and a click that takes the cell's p and size into the
//!   scenario.
//! - The pipelined algorithms' optimal segments, and the four export files the core writes.
//!
//! Everything is in the scenario (machine, collective, p, size), so the address is the
//! scenario's query with `view=collectives`.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use commcalc_core::collectives::export::Format;
use commcalc_core::collectives::file::{export_file, DEFAULT_PS, DEFAULT_SIZES};
use commcalc_core::collectives::segments::{about, table};
use commcalc_core::collectives::winner::WinnerMap;
use commcalc_core::collectives::{Collective, MODEL};
use commcalc_core::units::si;
use commcalc_core::Scenario;

use super::figure::Figure;
use super::followed_rows::followed_rows;
use super::regimes_view::Ticks;
use super::scale_toggle::ScaleToggle;
use crate::chart::palette;
use crate::collectives::{
    chart_legend, curves_plot, export_name, home, map_key, map_label, map_of, next_p_row, p_ticks,
    reading, rgba, segment_cells, size_ticks, slots, times_at, CellReading, MapKey, MAP_PS,
    MAP_SIZES,
};
use crate::dom::{self, Node};
use crate::draw_map;
use crate::edit::Edit;
use crate::held::follow_on_screen;
use crate::regime_map::{cell_at, cell_centre, key_shading, mark_style, step};
use crate::state::State;
use commcalc_core::collectives::library::{boundary_path, Library};
use commcalc_core::patterns::collective::p_of;

/// A winner map, the scenario it was computed for (without p, the size and algo), and how
/// long the core took to compute it (for the benchmark).
#[derive(Debug, PartialEq)]
struct Computed {
    map: WinnerMap,
    from: Scenario,
    compute_ms: f64,
}

type MapResult = Result<Arc<Computed>, String>;

/// How to read the map.
const KEYS: &str = "Hover over the map, tap it, or focus it and use the arrow keys (Shift: 10 cells; Home and End: the smallest and largest size; Page Up and Page Down: 10 rows of p) to read a cell. A click, a second tap or Enter takes the cell's p and size into the scenario; the chart follows.";

/// The chart, the map with the libraries' defaults, the segments and the exports.
#[component]
pub fn CollectivesView(
    /// The app state: the scenario's machine, collective, p and size.
    state: State,
) -> impl IntoView {
    let dark = state.dark;
    // The map's canvas: below the fold at first, where the map waits while a slider moves.
    let canvas = Node::new();
    let map = map_memo(state, canvas);
    let chart = Memo::new(move |_| {
        let scale = state.scale();
        state
            .scenario
            .with(|s| curves_plot(s, scale).map_err(|e| format!("No chart: {e}")))
    });
    // The map and what is below it come a frame after the chart: the map is computed then.
    let rendered = dom::after_first_frame();
    let map_now = Signal::derive(move || rendered.get().then(|| map.get()));
    // The page has repainted once the chart and the map are drawn (`commcalcPaints`).
    dom::effect(move || {
        state.scenario.track();
        state.repaint.track();
        map_now.track();
        chart.track();
        dark.track();
        state.paints.after_effects();
    });
    let problem = Signal::derive(move || {
        let mut out = Vec::new();
        for e in [
            map_now.get().and_then(|m| m.err()),
            chart.with(|c| c.as_ref().err().cloned()),
        ]
        .into_iter()
        .flatten()
        {
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out.join(" ")
    });
    view! {
        <Intro state problem/>
        <ChartPanel state chart/>
        <Show when=move || rendered.get()>
            <section class="panel coll-lead" aria-labelledby="coll-map-title">
                <h2 id="coll-map-title">"Winner map: size × processes"</h2>
                <WinnerMapPanel state map dark canvas/>
                <p class="about" id="coll-map-keys">{KEYS}</p>
            </section>
            <Segments state/>
            <Exports state/>
        </Show>
    }
}

/// The winner map of the scenario, recomputed when the machine, model, collective or a
/// parameter changes, not p, the size or algo (those only move the marks); coarse while a
/// slider is held ([`State::map_sample`]). A map at least as fine as asked for, of the same
/// scenario, is kept: releasing the size slider recomputes nothing. While a slider moves and
/// the map's `canvas` is off screen, the map waits ([`follow_on_screen`]).
fn map_memo(state: State, canvas: Node) -> Memo<MapResult> {
    let key = follow_on_screen(state.address, canvas, move || {
        state.scenario.with(|s| {
            let mut k = s.clone();
            k.inputs.p = None;
            k.inputs.size = None;
            k.inputs.algo = None;
            k
        })
    });
    Memo::new(move |prev: Option<&MapResult>| {
        let sample = state.map_sample();
        key.with(|k| {
            if let Some(Ok(kept)) = prev {
                if kept.from == *k && kept.map.sample <= sample {
                    return Ok(Arc::clone(kept));
                }
            }
            let t0 = dom::now();
            map_of(k, MAP_SIZES, MAP_PS, sample)
                .map(|map| {
                    Arc::new(Computed {
                        map,
                        from: k.clone(),
                        compute_ms: dom::now() - t0,
                    })
                })
                .map_err(|e| format!("No winner map: {e}"))
        })
    })
}

/// The view's heading, what it is, the collective picker, the note and the problems.
#[component]
fn Intro(
    /// The app state: its note.
    state: State,
    /// Why the chart or the map cannot be drawn (empty when both are).
    problem: Signal<String>,
) -> impl IntoView {
    view! {
        <section class="panel coll-lead" aria-labelledby="coll-title">
            <h2 id="coll-title">"Collectives: which algorithm wins"</h2>
            <p class="about">
                {format!("Every MPI algorithm of a collective costed on this machine in {MODEL}, with the papers' own collectives beside them where the machine has them. Pick the machine in the scenario panel, the collective here, and p and the size under the controls.")}
            </p>
            <CollectivePicker state/>
            <p id="coll-note" class="about regimes-hint" role="status" hidden=move || state.note.with(Option::is_none)>
                {move || state.note.get()}
            </p>
            <p id="coll-error" class="regimes-problem" role="alert" hidden=move || problem.with(String::is_empty)>
                {problem}
            </p>
        </section>
    }
}

/// Every algorithm's time against size at the scenario's p, its key and its crossovers.
#[component]
fn ChartPanel(
    /// The app state: the scenario and the axes.
    state: State,
    /// The chart, or why there is none.
    chart: Memo<Result<crate::chart::Plot, String>>,
) -> impl IntoView {
    let dark = state.dark;
    let scale = Signal::derive(move || state.scale());
    let caption = Signal::derive(move || {
        state.scenario.with(|s| {
            format!(
                "Time of every {} algorithm against message size n on {} with p = {}",
                s.pattern.title,
                state.machine_name(s),
                p_of(s)
            )
        })
    });
    // A memo: the legend names the algorithms of p, which a size or α input keeps, and an
    // equal text leaves the page's nodes alone.
    let legend = Memo::new(move |_| {
        state
            .scenario
            .with(|s| chart_legend(s, &palette(dark.get())))
    });
    view! {
        <section class="panel coll-lead" aria-labelledby="coll-chart-title">
            <div class="charts-head">
                <h2 id="coll-chart-title">"Every algorithm at this p"</h2>
                <ScaleToggle state/>
            </div>
            <Figure
                id="coll-chart"
                caption
                plot=chart
                scale
                label="Time of every algorithm against message size at the scenario's p; the winner map below reads each cell out in words"
                dark
            />
            <p class="legend" id="coll-legend">
                <For
                    each=move || legend.get()
                    key=|s| (s.id, s.rgb.clone())
                    children=move |s| {
                        view! {
                            <span class="coll-key">
                                <span class="line-swatch" style=format!("border-color:{}", s.rgb)></span>
                                {s.id}
                            </span>
                            " "
                        }
                    }
                />
                "· solid: the fastest at that size · dashed: slower · a vertical line marks a crossover"
            </p>
            <p class="about" id="coll-crossovers">
                {move || chart.with(|c| c.as_ref().map(crossover_text).unwrap_or_default())}
            </p>
        </section>
    }
}

/// The crossovers in words: each size where the winner changes.
fn crossover_text(plot: &crate::chart::Plot) -> String {
    if plot.crossovers.is_empty() {
        return "One algorithm is the fastest at every size.".to_string();
    }
    let list: Vec<&str> = plot.crossovers.iter().map(|m| m.label.as_str()).collect();
    format!("Crossovers: {}.", list.join("; "))
}

/// `select#coll-collective`: the scenario's pattern among the collectives; a pattern that is
/// not one (an address that names ping-pong) shows "choose a collective", so that every
/// collective, the first too, is a change.
#[component]
fn CollectivePicker(
    /// The app state, edited by the picker.
    state: State,
) -> impl IntoView {
    let current = Memo::new(move |_| state.scenario.with(|s| s.pattern.id));
    let none = move || Collective::from_id(current.get()).is_none();
    let options = Collective::ALL.map(|c| {
        view! { <option value=c.id() prop:selected=move || current.get() == c.id()>{c.id()}</option> }
    });
    view! {
        <div class="map-head">
            <label for="coll-collective">"Collective"</label>
            <select
                id="coll-collective"
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(c) = Collective::from_id(&v) {
                        state.edit(Edit::Switch("pattern", c.id()));
                    }
                }
            >
                <option value="" disabled prop:selected=none hidden=move || !none()>"choose a collective"</option>
                {options}
            </select>
        </div>
    }
}

/// A cell of the map: (row from the smallest p, column from the smallest size).
type At = Option<(usize, usize)>;

/// The winner map: its area, ticks, readout and key. The cursor (pointer or keys) and the
/// scenario's own cell are shared by the area and the readout. The figure's `data-sample` says
/// how the map shown was computed (1: every cell; 4: the coarse map of a held slider).
#[component]
fn WinnerMapPanel(
    /// The app state: the scenario's p and size place the mark.
    state: State,
    /// The map, or why there is none.
    map: Memo<MapResult>,
    /// Dark colours.
    dark: ReadSignal<bool>,
    /// The map's canvas.
    canvas: Node,
) -> impl IntoView {
    let cursor = RwSignal::new(None::<(usize, usize)>);
    let exact = own_p_size(state);
    let own = Memo::new(move |_| {
        let (p, n) = exact.get();
        map.with(|m| m.as_ref().ok().map(|c| home(&c.map, p, n)))
    });
    let at = Memo::new(move |_| cursor.get().or(own.get()));
    // A cell under the cursor reads out its own p and size; the scenario's cell reads out the
    // scenario's, exactly (the readout and the panel say the same size).
    let read = Memo::new(move |_| {
        let at = at.get();
        let own_p_n = cursor.get().is_none().then(|| exact.get());
        map.with(|m| {
            let (c, (row, col)) = m.as_ref().ok().zip(at)?;
            let (p, n) = match own_p_n {
                Some(at) => at,
                None => (*c.map.ps.get(row)?, *c.map.sizes.get(col)?),
            };
            let times = state.scenario.with_untracked(|s| times_at(s, p, n));
            reading(&c.map, row, col, &times, own_p_n)
        })
    });
    // The axes as a memo: a map recomputed for another α (on every step of a drag) keeps them,
    // and an equal text leaves the page's nodes alone.
    let y_ticks = Memo::new(move |_| {
        map.with(|m| m.as_ref().map(|c| p_ticks(&c.map.ps)).unwrap_or_default())
    });
    let x_ticks = Memo::new(move |_| {
        map.with(|m| {
            m.as_ref()
                .map(|c| size_ticks(&c.map.sizes))
                .unwrap_or_default()
        })
    });
    let key = Memo::new(move |_| {
        map.with(|m| {
            m.as_ref()
                .map(|c| {
                    let table = state.scenario.with_untracked(|s| slots(s, &c.map));
                    map_key(&c.map, &table, &palette(dark.get()))
                })
                .unwrap_or_default()
        })
    });
    view! {
        <figure
            class="regime-map coll-map"
            data-sample=move || map.with(|m| m.as_ref().map_or(1, |c| c.map.sample))
        >
            <div class="map-grid">
                <div class="map-y-title" aria-hidden="true">"p ↑"</div>
                <div></div>
                <div class="map-y" aria-hidden="true">
                    <Ticks ticks=y_ticks vertical=true/>
                </div>
                <MapArea state map dark cursor own at canvas/>
                <div></div>
                <div class="map-x" aria-hidden="true">
                    <Ticks ticks=x_ticks vertical=false/>
                </div>
                <div></div>
                <div class="map-x-title" aria-hidden="true">"message size n →"</div>
            </div>
            <p class="map-readout" id="coll-map-readout" aria-live="polite">
                <Readout read/>
            </p>
        </figure>
        <Key key/>
    }
}

/// The scenario's own p and size (the pattern's defaults where the query has none).
fn own_p_size(state: State) -> Memo<(u32, f64)> {
    Memo::new(move |_| {
        state.scenario.with(|s| {
            (
                p_of(s),
                s.inputs
                    .size
                    .unwrap_or(commcalc_core::patterns::collective::DEFAULT_SIZE),
            )
        })
    })
}

/// The map's readout: the cell in words, with its p, size and winner in data attributes, each
/// following the cursor and the scenario.
#[component]
fn Readout(
    /// The cell read out, if any.
    read: Memo<Option<CellReading>>,
) -> impl IntoView {
    let shown = Memo::new(move |_| read.with(Option::is_some));
    let field = move |pick: fn(&CellReading) -> String| {
        read.with(|r| r.as_ref().map(pick).unwrap_or_default())
    };
    move || {
        shown.get().then(|| {
            view! {
                <span
                    class="map-readout-text"
                    data-p=move || field(|r| r.p.to_string())
                    data-size=move || field(|r| r.size.to_string())
                    data-winner=move || field(|r| r.winner.to_string())
                >
                    {move || field(|r| r.text.clone())}
                </span>
            }
        })
    }
}

/// `#coll-map-key`: each algorithm's colour, the shading, the libraries' lines and how often
/// each library's default is the winner (which changes with the map, on every step of a drag).
#[component]
fn Key(
    /// The key's content.
    key: Memo<MapKey>,
) -> impl IntoView {
    let swatches = move || key.with(|k| k.swatches.clone());
    let libraries = move || {
        key.with(|k| {
            k.libraries
                .iter()
                .map(|l| (l.id, l.name))
                .collect::<Vec<_>>()
        })
    };
    let share = move |id: &'static str| {
        key.with(|k| {
            k.libraries
                .iter()
                .find(|l| l.id == id)
                .map(|l| l.share.clone())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="map-key" id="coll-map-key">
            <For
                each=swatches
                key=|s| (s.id, s.rgb.clone())
                children=move |s| {
                    view! {
                        <span class="map-key-item">
                            <span class="map-key-swatch" aria-hidden="true" style=format!("background:{}", s.rgb)></span>
                            {s.id}
                        </span>
                    }
                }
            />
            <span class="map-key-item about">{key_shading()}</span>
            <For
                each=libraries
                key=|l| *l
                children=move |(id, name)| {
                    view! {
                        <span class="map-key-item" id=format!("coll-agree-{id}")>
                            <span class=format!("map-key-line {id}") aria-hidden="true"></span>
                            {name}
                            ": "
                            {move || share(id)}
                        </span>
                    }
                }
            />
        </div>
    }
}

/// Paints the map whenever it or the theme changes, and reports the timing to the benchmark's
/// hook (the computation counted only the first time a map is painted).
fn paint_map(state: State, canvas: Node, map: Memo<MapResult>, dark: ReadSignal<bool>) {
    Effect::new(move |last: Option<Option<Arc<Computed>>>| {
        let palette = palette(dark.get());
        let current = map.get().ok();
        let c: HtmlCanvasElement = canvas.get()?.unchecked_into();
        if let Some(computed) = &current {
            let fresh = last.flatten().is_none_or(|l| !Arc::ptr_eq(&l, computed));
            let t0 = dom::now();
            let m = &computed.map;
            let table = state.scenario.with_untracked(|s| slots(s, m));
            match draw_map::paint_pixels(&c, m.sizes.len(), m.ps.len(), &rgba(m, &table, &palette))
            {
                Ok(()) => {
                    let compute = if fresh { computed.compute_ms } else { 0.0 };
                    draw_map::painted("coll", compute, dom::now() - t0);
                }
                Err(e) => web_sys::console::warn_1(&format!("winner map: {e}").into()),
            }
        }
        current
    });
}

/// A cell's p and size into the scenario (the chart follows); the cursor returns to it.
fn take(state: State, map: Memo<MapResult>, cursor: RwSignal<At>, (row, col): (usize, usize)) {
    let Some((p, n)) = map.with_untracked(|m| {
        let c = m.as_ref().ok()?;
        Some((*c.map.ps.get(row)?, *c.map.sizes.get(col)?))
    }) else {
        return;
    };
    state.edit(Edit::Set("p", &p.to_string()));
    state.edit(Edit::Set("size", &n.to_string()));
    cursor.set(None);
}

/// The cell under the pointer, if it is over the map.
fn cell_under(area: Node, dims: Memo<Option<(usize, usize)>>, ev: &leptos::ev::MouseEvent) -> At {
    let r = area.get_untracked()?.get_bounding_client_rect();
    let (rows, cols) = dims.get_untracked()?;
    let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
    (r.width() > 0.0 && r.height() > 0.0)
        .then(|| {
            cell_at(
                (x - r.left()) / r.width(),
                (y - r.top()) / r.height(),
                rows,
                cols,
            )
        })
        .flatten()
}

/// The cell an arrow or paging key moves the cursor to from `current` on a map of `dims`; along
/// p, a cell of another process count ([`next_p_row`]).
fn moved(
    map: Memo<MapResult>,
    current: (usize, usize),
    ev: &leptos::ev::KeyboardEvent,
    (rows, cols): (usize, usize),
) -> Option<(usize, usize)> {
    let (row, col) = step(current, &ev.key(), ev.shift_key(), rows, cols)?;
    let row = map.with_untracked(|m| {
        m.as_ref()
            .map_or(row, |c| next_p_row(&c.map.ps, current.0, row))
    });
    Some((row, col))
}

/// The map's area: the canvas, MPICH's and Open MPI 4.1's lines, the marks, and the pointer and
/// keys that move the cursor or take a cell.
#[component]
fn MapArea(
    /// The app state, edited by a cell taken.
    state: State,
    /// The map.
    map: Memo<MapResult>,
    /// Dark colours.
    dark: ReadSignal<bool>,
    /// The cell the pointer or the keys are on.
    cursor: RwSignal<At>,
    /// The scenario's own cell.
    own: Memo<At>,
    /// The cell read out: the cursor's, else the scenario's.
    at: Memo<At>,
    /// The map's canvas.
    canvas: Node,
) -> impl IntoView {
    let area = Node::new();
    paint_map(state, canvas, map, dark);
    let dims = Memo::new(move |_| {
        map.with(|m| m.as_ref().ok().map(|c| (c.map.ps.len(), c.map.sizes.len())))
    });
    let locate = move |ev: &leptos::ev::MouseEvent| cell_under(area, dims, ev);
    let touched = StoredValue::new((false, None::<(usize, usize)>));
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some((rows, cols)) = dims.get_untracked() else {
            return;
        };
        let current = at.get_untracked().unwrap_or((0, 0));
        if ev.key() == "Enter" {
            ev.prevent_default();
            take(state, map, cursor, current);
        } else if let Some(next) = moved(map, current, &ev, (rows, cols)) {
            ev.prevent_default();
            cursor.set(Some(next));
        }
    };
    let place = move |cell: At| {
        let (rows, cols) = dims.get().unwrap_or((1, 1));
        mark_style(cell.map(|(r, c)| cell_centre(r, c, rows, cols)))
    };
    view! {
        <div
            class="map-area"
            id="coll-map-area"
            node_ref=area
            tabindex="0"
            role="application"
            aria-roledescription="winner map"
            aria-label=map_label()
            aria-describedby="coll-map-keys coll-map-readout"
            on:pointerdown=move |ev| touched.set_value((ev.pointer_type() == "touch", cursor.get_untracked()))
            on:pointermove=move |ev| {
                if let Some(cell) = locate(&ev) {
                    if cursor.get_untracked() != Some(cell) {
                        cursor.set(Some(cell));
                    }
                }
            }
            on:click=move |ev| {
                // A tap reads a cell out; a second tap on it takes it. A mouse click takes it
                // at once (the pointer read it out on the way).
                let cell = locate(&ev);
                let (touch, before) = touched.get_value();
                if let Some(c) = cell {
                    cursor.set(Some(c));
                }
                if let Some(c) = cell.filter(|c| !touch || before == Some(*c)) {
                    take(state, map, cursor, c);
                }
            }
            on:keydown=on_key
        >
            <canvas id="coll-map" node_ref=canvas width="128" height="64" aria-hidden="true"></canvas>
            <Lines map dims/>
            <span class="map-point" aria-hidden="true" style=move || place(own.get())></span>
            <span class="map-cursor" aria-hidden="true" style=move || place(at.get())></span>
        </div>
    }
}

/// The default thresholds of each library the map draws ([`Library::CURRENT`]; MPICH's solid,
/// Open MPI's dashed, by their ids' styles) over the map: the cell edges where the library's
/// choice changes, in cell units stretched to the map.
#[component]
fn Lines(
    /// The map.
    map: Memo<MapResult>,
    /// Its rows and columns.
    dims: Memo<Option<(usize, usize)>>,
) -> impl IntoView {
    // The thresholds depend on the collective and the axes only, which a map recomputed for
    // another α (every step of a drag) keeps: the paths are traced again only when they change.
    let axes = Memo::new(move |_| {
        map.with(|m| {
            m.as_ref()
                .ok()
                .map(|c| (c.map.collective, c.map.sizes.clone(), c.map.ps.clone()))
        })
    });
    let paths = Memo::new(move |_| {
        axes.with(|a| {
            a.as_ref().map(|(collective, sizes, ps)| {
                Library::CURRENT.map(|l| boundary_path(l, *collective, sizes, ps))
            })
        })
    });
    let view_box = move || {
        let (rows, cols) = dims.get().unwrap_or((1, 1));
        format!("0 0 {cols} {rows}")
    };
    let path = move |i: usize| paths.with(|p| p.as_ref().map(|p| p[i].clone()).unwrap_or_default());
    // Each library's line is styled by its id (`.coll-lines .mpich`, `.ompi`), as its key is.
    let lines = Library::CURRENT
        .iter()
        .enumerate()
        .map(|(i, l)| view! { <path class=l.id() d=move || path(i)></path> })
        .collect_view();
    view! {
        <svg class="coll-lines" viewBox=view_box preserveAspectRatio="none" aria-hidden="true">
            {lines}
        </svg>
    }
}

/// The optimal segments of the collective's pipelined algorithms (the core's
/// `collectives::segments`): hidden for a collective that has none.
#[component]
fn Segments(
    /// The app state: the scenario's p and size.
    state: State,
) -> impl IntoView {
    // Below the fold, the rows wait while a slider moves ([`follow_on_screen`]).
    let node = Node::new();
    let rows = follow_on_screen(state.address, node, move || {
        state.scenario.with(|s| table(s).unwrap_or_default())
    });
    // A slider step changes the numbers, not the rows: each cell's text follows.
    let cells = Memo::new(move |_| rows.with(|r| r.iter().map(segment_cells).collect::<Vec<_>>()));
    let caption = move || {
        state
            .scenario
            .with(|s| rows.with(|r| about(r, p_of(s), &state.machine_name(s))))
    };
    view! {
        <section class="panel" aria-labelledby="coll-seg-title" hidden=move || rows.with(Vec::is_empty)>
            <h2 id="coll-seg-title">"Optimal segments of the pipelined algorithms"</h2>
            <p class="about">{caption}</p>
            <table class="metrics" id="coll-segments" node_ref=node>
                <thead>
                    <tr>
                        <th scope="col">"algorithm"</th>
                        <th scope="col">"n"</th>
                        <th scope="col">"segments k"</th>
                        <th scope="col">"segment"</th>
                        <th scope="col">"time"</th>
                        <th scope="col">"closed form s*"</th>
                    </tr>
                </thead>
                {followed_rows(cells)}
            </table>
        </section>
    }
}

/// `button[data-coll-export=<format>]`: the file the core writes for the scenario's
/// collective, as `commcalc collectives --export <format>` prints it.
#[component]
fn Exports(
    /// The app state: the scenario exported.
    state: State,
) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let run = move |format: Format| {
        let outcome = state.scenario.with_untracked(|s: &Scenario| {
            let text =
                export_file(s, format, &DEFAULT_PS, DEFAULT_SIZES).map_err(|e| e.to_string())?;
            let name = export_name(s, format);
            let mime = if name.ends_with(".json") {
                "application/json"
            } else {
                "text/plain"
            };
            dom::download_text(&name, mime, &text).map_err(|e| dom::js_error(&e))?;
            Ok::<String, String>(format!("Saved {name} ({}).", si(text.len() as f64, "B")))
        });
        status.set(outcome.unwrap_or_else(|e| format!("Export failed: {e}")));
    };
    let buttons = Format::ALL.map(|f| {
        let (label, title) = (f.name(), f.about());
        view! {
            <button type="button" data-coll-export=f.id() title=title on:click=move |_| run(f)>
                {label}
            </button>
        }
    });
    view! {
        <section class="panel" aria-labelledby="coll-export-title">
            <h2 id="coll-export-title">"Tell your MPI library"</h2>
            <p class="about">
                {format!("The winner among the algorithms each library has, for p = {} and sizes {} to {}, in the file it reads (the same file as commcalc collectives --export).", DEFAULT_PS.map(|p| p.to_string()).join(", "), si(DEFAULT_SIZES.0, "B"), si(DEFAULT_SIZES.1, "B"))}
            </p>
            <div class="export" role="group" aria-label="Export a tuning file">
                <span class="export-label">"Export"</span>
                {buttons}
            </div>
            <p id="coll-export-status" role="status">{move || status.get()}</p>
        </section>
    }
}
