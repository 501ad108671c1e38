//! The regime maps of 004 Fig. 5, apart from drawing them: each cell's colour and shading, the
//! cell under the pointer, the keyboard cursor, the axes' ticks and the readout of a cell.
//!
//! 004 §4.1 shows "the fastest algorithm (Tree, Fence, or Snake) as a function of vector length
//! and mesh size" under two sets of model assumptions. A map here is the core's
//! [`LeadMap`]: columns are vector lengths N (log-spaced), rows are meshes by node count,
//! row 0 the smallest, drawn at the bottom as on a chart. A cell's hue names the fastest
//! algorithm (Okabe and Ito's colour-blind-safe set, the charts' own series colours) and its
//! strength the margin over the runner-up, so that the boundaries between regimes, where the
//! margin falls to zero, fade. The readout says the same in words, for every cell.

use commcalc_core::glossary::nbl_algorithm;
use commcalc_core::models::nbl::{Algorithm, Lead, Mesh};
use commcalc_core::regimes::LeadMap;
use commcalc_core::units::si;

use crate::chart::Palette;

/// The palette colour (`Palette::series`, CSS `--series-N`) of each algorithm: Tree blue, Snake
/// vermillion, Fence bluish green, the first three of Okabe and Ito's set. The block-size sweep
/// uses the same, so that Snake and Fence keep their colour across the view.
pub fn colour_of(algorithm: Algorithm) -> usize {
    match algorithm {
        Algorithm::Tree => 0,
        Algorithm::Snake => 1,
        Algorithm::Fence => 2,
    }
}

/// The margin at which a cell's colour is full: 30%, about the largest advantage 004 reports
/// between the pipelined algorithms ("asymptotically up to 33% faster", §4.2). Larger margins
/// (Tree on short vectors) look the same.
pub const FULL_MARGIN: f64 = 0.3;

/// The strength of a cell with no margin: a tint still strong enough to tell the three hues
/// apart on the page's background.
pub const MIN_STRENGTH: f64 = 0.3;

/// How strongly a cell shows its winner's colour, from [`MIN_STRENGTH`] (a tie) to 1 (a margin
/// of [`FULL_MARGIN`] or more). The square root spreads the small margins near a boundary,
/// where most of the map's detail is, over more of the range.
pub fn strength(margin: f64) -> f64 {
    let m = if margin.is_finite() {
        margin.clamp(0.0, FULL_MARGIN)
    } else {
        0.0
    };
    MIN_STRENGTH + (1.0 - MIN_STRENGTH) * (m / FULL_MARGIN).sqrt()
}

/// `background` moved towards `colour` by `t` in [0, 1], per channel (CSS `color-mix` in sRGB).
pub fn mix(background: (u8, u8, u8), colour: (u8, u8, u8), t: f64) -> (u8, u8, u8) {
    let t = t.clamp(0.0, 1.0);
    let channel = |b: u8, c: u8| (f64::from(b) + (f64::from(c) - f64::from(b)) * t).round() as u8;
    (
        channel(background.0, colour.0),
        channel(background.1, colour.1),
        channel(background.2, colour.2),
    )
}

/// A cell's colour: its winner's hue at the strength of its margin, on the background. The
/// margin need not be known beyond [`FULL_MARGIN`], where the colour is full: the maps are
/// computed with their margins capped there ([`commcalc_core::regimes::lead_map`]).
pub fn cell_colour(lead: &Lead, palette: &Palette) -> (u8, u8, u8) {
    let hue = palette.series[colour_of(lead.fastest) % palette.series.len()];
    mix(palette.background, hue, strength(lead.margin))
}

/// The map as RGBA pixels, one per cell, top row first: the largest mesh at the top and the
/// shortest vector at the left, the layout of 004 Fig. 5. `ImageData` takes this as it is.
pub fn rgba(map: &LeadMap, palette: &Palette) -> Vec<u8> {
    let (rows, cols) = (map.meshes.len(), map.lengths.len());
    pixels(
        rows,
        cols,
        map.sample,
        |row, col| map.lead(row, col).copied(),
        |c| cell_colour(&c, palette),
        palette.background,
    )
}

/// A map's RGBA pixels, one per cell, top row first (row 0, the map's first, is the bottom
/// line): each cell's `colour`, the background where there is none. Every map (the regime
/// maps, the winner map) is turned into pixels here. A map sampled every `sample`-th row and
/// column (`commcalc_core::grid`: each block repeats its corner cell) has its pixels repeated
/// the same way, a block's rows and columns copied rather than looked up: a held slider's
/// coarse maps are painted at every input, and their pixels cost as much as their cells did.
/// A cell equal to the one before it in its row takes that colour again rather than mixing it
/// anew (capped margins repeat the full colour).
pub fn pixels<C: Copy + PartialEq>(
    rows: usize,
    cols: usize,
    sample: usize,
    cell: impl Fn(usize, usize) -> Option<C>,
    colour: impl Fn(C) -> (u8, u8, u8),
    background: (u8, u8, u8),
) -> Vec<u8> {
    let sample = sample.max(1);
    let width = cols * 4;
    let mut out = Vec::with_capacity(rows * width);
    for row in (0..rows).rev() {
        // The row above, just written, is of the same block.
        if row + 1 < rows && (row + 1) / sample == row / sample {
            out.extend_from_within(out.len() - width..);
            continue;
        }
        let mut last: Option<(C, (u8, u8, u8))> = None;
        for col in 0..cols {
            if col % sample != 0 {
                out.extend_from_within(out.len() - 4..);
                continue;
            }
            let (r, g, b) = match (cell(row, col), last) {
                (None, _) => background,
                (Some(c), Some((l, rgb))) if l == c => rgb,
                (Some(c), _) => {
                    let rgb = colour(c);
                    last = Some((c, rgb));
                    rgb
                }
            };
            out.extend_from_slice(&[r, g, b, 255]);
        }
    }
    out
}

/// The cell (row from the bottom, column from the left) under a point given as fractions of
/// the map's width and height from its top-left corner; `None` outside the map.
pub fn cell_at(fx: f64, fy: f64, rows: usize, cols: usize) -> Option<(usize, usize)> {
    let inside = |f: f64| (0.0..=1.0).contains(&f);
    if rows == 0 || cols == 0 || !inside(fx) || !inside(fy) {
        return None;
    }
    let col = ((fx * cols as f64) as usize).min(cols - 1);
    let from_top = ((fy * rows as f64) as usize).min(rows - 1);
    Some((rows - 1 - from_top, col))
}

/// The centre of a cell as percentages of the map's width and height from its top-left
/// corner, where the cursor and the scenario's mark are placed.
pub fn cell_centre(row: usize, col: usize, rows: usize, cols: usize) -> (f64, f64) {
    let (rows, cols) = (rows.max(1) as f64, cols.max(1) as f64);
    (
        (col as f64 + 0.5) / cols * 100.0,
        (rows - row as f64 - 0.5) / rows * 100.0,
    )
}

/// Cells a Shift+arrow moves, and rows a Page Up or Page Down moves.
pub const BIG_STEP: usize = 10;

/// Where a key moves the cursor on a map of `rows` × `cols`: arrows one cell (up is a larger
/// mesh, as drawn), with Shift [`BIG_STEP`] cells, Home and End to the shortest and longest
/// vector, Page Up and Page Down [`BIG_STEP`] meshes. `None` for any other key, which the page
/// then handles as usual.
pub fn step(
    cursor: (usize, usize),
    key: &str,
    shift: bool,
    rows: usize,
    cols: usize,
) -> Option<(usize, usize)> {
    if rows == 0 || cols == 0 {
        return None;
    }
    let (row, col) = (cursor.0.min(rows - 1), cursor.1.min(cols - 1));
    let k = if shift { BIG_STEP } else { 1 };
    let moved = match key {
        "ArrowRight" => (row, col.saturating_add(k)),
        "ArrowLeft" => (row, col.saturating_sub(k)),
        "ArrowUp" => (row.saturating_add(k), col),
        "ArrowDown" => (row.saturating_sub(k), col),
        "Home" => (row, 0),
        "End" => (row, cols - 1),
        "PageUp" => (row.saturating_add(BIG_STEP), col),
        "PageDown" => (row.saturating_sub(BIG_STEP), col),
        _ => return None,
    };
    Some((moved.0.min(rows - 1), moved.1.min(cols - 1)))
}

/// The column whose vector length is nearest `n` on a log scale (the map's axis); 0 for an
/// empty map.
pub fn nearest_length(lengths: &[u64], n: u64) -> usize {
    let above = lengths.partition_point(|&l| l < n);
    match above {
        0 => 0,
        i if i >= lengths.len() => lengths.len().saturating_sub(1),
        i => {
            let (lo, hi) = (lengths[i - 1] as f64, lengths[i] as f64);
            let n = n as f64;
            if n / lo <= hi / n {
                i - 1
            } else {
                i
            }
        }
    }
}

/// The row of `mesh` if the map has it, else the row whose node count is nearest on a log
/// scale; 0 for an empty map.
pub fn nearest_mesh(meshes: &[Mesh], mesh: Mesh) -> usize {
    if let Some(i) = meshes.iter().position(|m| *m == mesh) {
        return i;
    }
    let nodes = mesh.nodes().max(1) as f64;
    let distance = |m: &Mesh| (m.nodes().max(1) as f64 / nodes).ln().abs();
    meshes
        .iter()
        .enumerate()
        .min_by(|a, b| distance(a.1).total_cmp(&distance(b.1)))
        .map_or(0, |(i, _)| i)
}

/// A labelled tick on a map's axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// Where, as a percentage of the axis from its start (the left, or the bottom).
    pub at: f64,
    pub label: String,
}

/// The N axis: a tick at each power of ten the map spans, at the column nearest it, labelled
/// with an SI prefix (1, 10, 100, 1k … 1M), every second decade where there are more than
/// seven.
pub fn length_ticks(lengths: &[u64]) -> Vec<Tick> {
    let (Some(&first), Some(&last)) = (lengths.first(), lengths.last()) else {
        return Vec::new();
    };
    let cols = lengths.len() as f64;
    let decades: Vec<u64> = (0..=18u32)
        .map(|d| 10u64.pow(d))
        .filter(|v| (first..=last).contains(v))
        .collect();
    let stride = if decades.len() > 7 { 2 } else { 1 };
    decades
        .into_iter()
        .step_by(stride)
        .map(|v| Tick {
            at: (nearest_length(lengths, v) as f64 + 0.5) / cols * 100.0,
            label: count_si(v),
        })
        .collect()
}

/// The mesh axis: the square meshes of a power-of-two side (2×2, 4×4, 8×8 …) and the largest
/// mesh, each at its row, leaving out any closer than 7% of the axis to the next one kept.
pub fn mesh_ticks(meshes: &[Mesh]) -> Vec<Tick> {
    let rows = meshes.len();
    if rows == 0 {
        return Vec::new();
    }
    let at = |i: usize| (i as f64 + 0.5) / rows as f64 * 100.0;
    let tick = |i: usize| Tick {
        at: at(i),
        label: mesh_label(meshes[i]),
    };
    let last = rows - 1;
    let mut ticks: Vec<Tick> = Vec::new();
    for (i, m) in meshes.iter().enumerate().take(last) {
        let square = m.width == m.height && m.width.is_power_of_two();
        if square && at(last) - at(i) >= 7.0 && ticks.last().is_none_or(|t| at(i) - t.at >= 7.0) {
            ticks.push(tick(i));
        }
    }
    ticks.push(tick(last));
    ticks
}

/// `16×32`.
pub fn mesh_label(mesh: Mesh) -> String {
    format!("{}×{}", mesh.width, mesh.height)
}

/// A count with SI prefixes and no unit: 1, 10, 100, 1k, 10k, 1M.
fn count_si(v: u64) -> String {
    si(v as f64, "").trim().replace(' ', "")
}

/// An integer with its digits grouped in threes by narrow no-break spaces, as SI writes them:
/// 10 000, 1 234.
pub fn grouped(n: u64) -> String {
    commcalc_core::units::grouped(n as f64)
}

/// A margin as 004 words it, "x% faster": whole percent from 10%, one decimal below.
pub fn percent(margin: f64) -> String {
    let pct = margin * 100.0;
    if !pct.is_finite() || pct < 0.05 {
        "less than 0.1%".to_string()
    } else if pct >= 10.0 {
        format!("{pct:.0}%")
    } else {
        format!("{pct:.1}%")
    }
}

/// What hovering or focusing a cell says: its N and mesh, the three times at their optimal
/// blocks, and the winner with its margin, e.g. "N = 10 000, mesh 16×16: Tree 1.23 ms, Snake
/// 980 µs (S = 1 234), Fence 1.1 ms (S = 456) — Snake fastest by 12%": the map's full cell
/// there, computed for the readout ([`LeadMap::cell`]). `None` outside the map.
pub fn readout(map: &LeadMap, row: usize, col: usize) -> Option<String> {
    let cell = map.cell(row, col)?;
    let n = *map.lengths.get(col)?;
    let mesh = *map.meshes.get(row)?;
    let times: Vec<String> = Algorithm::ALL
        .iter()
        .zip(cell.times_us.iter().zip(cell.blocks.iter()))
        .map(|(&a, (t, s))| match (t, s) {
            (Some(t), Some(s)) if a != Algorithm::Tree => {
                format!(
                    "{} {} (S = {})",
                    nbl_algorithm(a),
                    si(*t, "µs"),
                    grouped(*s)
                )
            }
            (Some(t), _) => format!("{} {}", nbl_algorithm(a), si(*t, "µs")),
            (None, _) => format!("{} does not apply", nbl_algorithm(a)),
        })
        .collect();
    let applicable = cell.times_us.iter().filter(|t| t.is_some()).count();
    let verdict = if applicable < 2 {
        format!("{} the only one that applies", nbl_algorithm(cell.fastest))
    } else {
        format!(
            "{} fastest by {}",
            nbl_algorithm(cell.fastest),
            percent(cell.margin)
        )
    };
    Some(format!(
        "N = {}, mesh {}: {} — {verdict}",
        grouped(n),
        mesh_label(mesh),
        times.join(", ")
    ))
}

/// The share of the map each algorithm wins, in words: "Tree fastest in 41% of the cells,
/// Snake in 12%, Fence in 47%" (004 §4.1's "almost everywhere" and "a large regime").
pub fn shares(map: &LeadMap) -> String {
    let parts: Vec<String> = Algorithm::ALL
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let pct = format!("{:.0}%", map.share(a) * 100.0);
            if i == 0 {
                format!("{} fastest in {pct} of the cells", nbl_algorithm(a))
            } else {
                format!("{} in {pct}", nbl_algorithm(a))
            }
        })
        .collect();
    parts.join(", ")
}

/// The CSS gradient of the colour key for one algorithm: its colour from a tie (left) to a
/// margin of [`FULL_MARGIN`] or more (right), with stops where [`strength`] puts them, so that
/// the key matches the map pixel for pixel.
pub fn key_gradient(algorithm: Algorithm, palette: &Palette) -> String {
    let hue = palette.series[colour_of(algorithm) % palette.series.len()];
    let stops: Vec<String> = [0.0, 0.0625, 0.25, 0.5625, 1.0]
        .iter()
        .map(|&p| {
            let (r, g, b) = mix(palette.background, hue, strength(p * FULL_MARGIN));
            format!("rgb({r},{g},{b}) {:.2}%", p * 100.0)
        })
        .collect();
    format!("linear-gradient(to right, {})", stops.join(", "))
}

/// Where an axis label sits, as an inline style: from the bottom on the mesh axis
/// (`vertical`), from the left on the N axis, as a percentage of the axis.
pub fn tick_style(tick: &Tick, vertical: bool) -> String {
    let side = if vertical { "bottom" } else { "left" };
    format!("{side}:{:.3}%", tick.at)
}

/// Where a mark (the cursor, the scenario's cell) goes, as an inline style: its centre as
/// percentages of the map ([`cell_centre`]), or hidden where there is none.
pub fn mark_style(centre: Option<(f64, f64)>) -> String {
    match centre {
        Some((x, y)) => format!("left:{x:.3}%;top:{y:.3}%"),
        None => "visibility:hidden".to_string(),
    }
}

/// The readout of a map's cell as the page shows it: the [`readout`] sentence, and its
/// numbers for tests and scripts (N, the mesh as `WxH`, the fastest, and the three times in µs
/// and blocks in elements, comma-separated in Tree, Snake, Fence order).
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub n: u64,
    pub mesh: String,
    pub fastest: &'static str,
    pub times: String,
    pub blocks: String,
    pub text: String,
}

/// The [`Reading`] of cell `at` (row, column) of `map`, if both are there.
pub fn reading(map: Option<&LeadMap>, at: Option<(usize, usize)>) -> Option<Reading> {
    let (map, (row, col)) = map.zip(at)?;
    let cell = map.cell(row, col)?;
    let mesh = *map.meshes.get(row)?;
    let list = |v: Vec<String>| v.join(",");
    Some(Reading {
        n: *map.lengths.get(col)?,
        mesh: format!("{}x{}", mesh.width, mesh.height),
        fastest: cell.fastest.id(),
        times: list(
            cell.times_us
                .iter()
                .map(|t| t.map_or(String::new(), |t| t.to_string()))
                .collect(),
        ),
        blocks: list(
            cell.blocks
                .iter()
                .map(|s| s.map_or(String::new(), |s| s.to_string()))
                .collect(),
        ),
        text: readout(map, row, col)?,
    })
}

/// The colour key's closing words: how the shading reads.
pub fn key_shading() -> String {
    format!(
        "pale: a near tie · full colour: {:.0}% or more faster than the runner-up",
        FULL_MARGIN * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::palette;
    use commcalc_core::models::nbl::FSet;
    use commcalc_core::regimes::{lead_map, MapOptions};
    use commcalc_core::Scenario;

    fn delta_map(f: FSet, lengths: usize, meshes: usize) -> LeadMap {
        let s = Scenario::from_query("machine=intel-delta&pattern=global-combine").unwrap();
        let options = MapOptions {
            lengths,
            meshes,
            ..MapOptions::for_machine(s.machine)
        };
        lead_map(&s, f, options, FULL_MARGIN, 1).unwrap()
    }

    #[test]
    fn strength_grows_with_the_margin_and_saturates() {
        assert_eq!(strength(0.0), MIN_STRENGTH);
        assert!(strength(0.01) > strength(0.0));
        assert!(strength(0.1) > strength(0.01));
        assert_eq!(strength(FULL_MARGIN), 1.0);
        assert_eq!(strength(0.9), 1.0);
        assert_eq!(strength(f64::NAN), MIN_STRENGTH);
        assert_eq!(strength(-1.0), MIN_STRENGTH);
    }

    #[test]
    fn colours_mix_towards_the_winner() {
        let p = palette(false);
        assert_eq!(mix(p.background, p.series[1], 1.0), p.series[1]);
        assert_eq!(mix(p.background, p.series[1], 0.0), p.background);
        let map = delta_map(FSet::Nominal, 16, 8);
        let px = rgba(&map, &p);
        assert_eq!(px.len(), 16 * 8 * 4);
        // The top-left pixel is the largest mesh's shortest vector: Tree, by a wide margin.
        let top_left = (px[0], px[1], px[2]);
        let lead = map.lead(7, 0).unwrap();
        assert_eq!(lead.fastest, Algorithm::Tree);
        assert_eq!(top_left, cell_colour(lead, &p));
        // The bottom-right pixel is the smallest mesh's longest vector.
        let last = px.len() - 16 * 4 + 15 * 4;
        assert_eq!(
            (px[last], px[last + 1], px[last + 2]),
            cell_colour(map.lead(0, 15).unwrap(), &p)
        );
        assert!(px.chunks(4).all(|c| c[3] == 255));
    }

    /// Reusing the colour of an equal neighbour, or a coarse map's copied rows and columns,
    /// changes no pixel: every pixel of an exact and of a coarse map is its own cell's colour,
    /// mixed anew, blocks cut short at the map's top and right edges included.
    #[test]
    fn every_pixel_is_its_own_cells_colour() {
        let p = palette(true);
        let s = Scenario::from_query("machine=intel-delta&pattern=global-combine").unwrap();
        let options = MapOptions {
            lengths: 41,
            meshes: 23,
            ..MapOptions::for_machine(s.machine)
        };
        for sample in [1, 3, 4] {
            let map = lead_map(&s, FSet::Nominal, options, FULL_MARGIN, sample).unwrap();
            let (rows, cols) = (map.meshes.len(), map.lengths.len());
            // The blocks at the top and right edges are cut short.
            assert!(
                sample == 1 || (rows % sample != 0 && cols % sample != 0),
                "{rows}×{cols}"
            );
            let px = rgba(&map, &p);
            assert_eq!(px.len(), rows * cols * 4);
            for (i, c) in px.chunks(4).enumerate() {
                let (row, col) = (rows - 1 - i / cols, i % cols);
                let (r, g, b) = cell_colour(map.lead(row, col).unwrap(), &p);
                assert_eq!(c, [r, g, b, 255], "{sample} {row} {col}");
            }
        }
        let none = pixels(2, 3, 1, |_, _| None::<u8>, |_| (1, 2, 3), (9, 9, 9));
        assert!(none.chunks(4).all(|c| c == [9, 9, 9, 255]));
    }

    #[test]
    fn pointer_fractions_map_to_cells_with_row_zero_at_the_bottom() {
        assert_eq!(cell_at(0.0, 0.0, 128, 128), Some((127, 0)));
        assert_eq!(cell_at(0.999, 0.999, 128, 128), Some((0, 127)));
        assert_eq!(cell_at(1.0, 1.0, 128, 128), Some((0, 127)));
        assert_eq!(cell_at(0.5, 0.5, 4, 4), Some((1, 2)));
        assert_eq!(cell_at(-0.01, 0.5, 4, 4), None);
        assert_eq!(cell_at(0.5, 1.01, 4, 4), None);
        assert_eq!(cell_at(0.5, 0.5, 0, 4), None);
        // The centre of a cell maps back to it.
        for (row, col) in [(0, 0), (3, 1), (1, 3)] {
            let (x, y) = cell_centre(row, col, 4, 4);
            assert_eq!(cell_at(x / 100.0, y / 100.0, 4, 4), Some((row, col)));
        }
    }

    #[test]
    fn keys_move_the_cursor_within_the_map() {
        let (rows, cols) = (128, 128);
        assert_eq!(step((5, 5), "ArrowRight", false, rows, cols), Some((5, 6)));
        assert_eq!(step((5, 5), "ArrowLeft", true, rows, cols), Some((5, 0)));
        assert_eq!(step((5, 5), "ArrowUp", false, rows, cols), Some((6, 5)));
        assert_eq!(step((0, 5), "ArrowDown", false, rows, cols), Some((0, 5)));
        assert_eq!(
            step((127, 127), "ArrowUp", true, rows, cols),
            Some((127, 127))
        );
        assert_eq!(step((5, 5), "End", false, rows, cols), Some((5, 127)));
        assert_eq!(step((5, 5), "Home", false, rows, cols), Some((5, 0)));
        assert_eq!(step((5, 5), "PageUp", false, rows, cols), Some((15, 5)));
        assert_eq!(step((5, 5), "PageDown", false, rows, cols), Some((0, 5)));
        assert_eq!(step((5, 5), "a", false, rows, cols), None);
        assert_eq!(step((5, 5), "ArrowUp", false, 0, 0), None);
        // A cursor left outside a smaller map comes back inside.
        assert_eq!(step((300, 300), "ArrowLeft", false, 10, 10), Some((9, 8)));
    }

    #[test]
    fn the_scenario_lands_on_its_own_cell() {
        let map = delta_map(FSet::Standard, 128, 128);
        let col = nearest_length(&map.lengths, 10_000);
        let n = map.lengths[col] as f64;
        assert!((n / 1e4).ln().abs() < 0.06, "{n}");
        assert_eq!(nearest_length(&map.lengths, 0), 0);
        assert_eq!(nearest_length(&map.lengths, u64::MAX), 127);
        let m16 = Mesh {
            width: 16,
            height: 16,
        };
        let row = nearest_mesh(&map.meshes, m16);
        assert_eq!(map.meshes[row].nodes(), 256);
        // A 1×13 mesh is not a row (rows are near-square meshes): the row nearest in node
        // count stands in.
        let odd = Mesh {
            width: 1,
            height: 13,
        };
        let r = nearest_mesh(&map.meshes, odd);
        assert!((map.meshes[r].nodes() as i64 - 13).abs() <= 2);
        assert_eq!(nearest_mesh(&[], m16), 0);
    }

    #[test]
    fn axes_have_decades_and_square_meshes() {
        let map = delta_map(FSet::Standard, 128, 128);
        let x = length_ticks(&map.lengths);
        let labels: Vec<&str> = x.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["1", "10", "100", "1k", "10k", "100k", "1M"]);
        assert!(x.windows(2).all(|w| w[0].at < w[1].at));
        assert!(x.first().unwrap().at < 1.0 && x.last().unwrap().at > 99.0);
        let y = mesh_ticks(&map.meshes);
        let labels: Vec<&str> = y.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels.first(), Some(&"2×2"));
        assert_eq!(labels.last(), Some(&"16×32"));
        assert!(labels.contains(&"16×16"), "{labels:?}");
        assert!(
            y.windows(2).all(|w| w[1].at - w[0].at >= 7.0 - 1e-9),
            "{y:?}"
        );
        assert!(length_ticks(&[]).is_empty() && mesh_ticks(&[]).is_empty());
    }

    #[test]
    fn numbers_read_as_si_writes_them() {
        assert_eq!(grouped(10_000), "10\u{202f}000");
        assert_eq!(grouped(1_234), "1\u{202f}234");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000_000), "1\u{202f}000\u{202f}000");
        assert_eq!(percent(0.123), "12%");
        assert_eq!(percent(0.0123), "1.2%");
        assert_eq!(percent(0.0), "less than 0.1%");
    }

    /// The readout carries what the colour shows, and the same numbers as the calculator's
    /// global-combine metrics for that N and mesh.
    #[test]
    fn a_readout_matches_the_calculator() {
        let map = delta_map(FSet::Nominal, 128, 128);
        let col = nearest_length(&map.lengths, 10_000);
        let row = nearest_mesh(
            &map.meshes,
            Mesh {
                width: 16,
                height: 16,
            },
        );
        let text = readout(&map, row, col).unwrap();
        let (n, mesh) = (map.lengths[col], map.meshes[row]);
        let cell = map.cell(row, col).unwrap();
        assert!(
            text.starts_with(&format!("N = {}, mesh 16×16: Tree ", grouped(n))),
            "{text}"
        );
        assert!(
            text.contains(&format!("{} fastest by", nbl_algorithm(cell.fastest))),
            "{text}"
        );
        let r = commcalc_core::run(&format!(
            "machine=intel-delta&pattern=global-combine&f=nominal&n={n}&mesh={}x{}",
            mesh.width, mesh.height
        ))
        .unwrap();
        for (i, key) in ["tree_us", "snake_us", "fence_us"].iter().enumerate() {
            let t = r.metric(key).unwrap();
            assert!((t - cell.times_us[i].unwrap()).abs() <= 1e-9 * t, "{key}");
            assert!(text.contains(&si(t, "µs")), "{text} lacks {key}");
        }
        for (i, key) in [(1, "snake_block_elems"), (2, "fence_block_elems")] {
            let s = r.metric(key).unwrap();
            assert_eq!(s as u64, cell.blocks[i].unwrap(), "{key}");
            assert!(
                text.contains(&format!("(S = {})", grouped(s as u64))),
                "{text}"
            );
        }
        assert_eq!(readout(&map, 128, 0), None);
    }

    /// 004 §4.1: without the NBL constraint Fence wins almost everywhere beyond short vectors;
    /// with it, Snake takes a large regime. The shares say so in words.
    #[test]
    fn shares_name_every_algorithm() {
        let standard = delta_map(FSet::Standard, 32, 16);
        let nominal = delta_map(FSet::Nominal, 32, 16);
        assert!(nominal.share(Algorithm::Snake) > standard.share(Algorithm::Snake));
        let text = shares(&nominal);
        assert!(text.starts_with("Tree fastest in "), "{text}");
        assert!(
            text.contains(", Snake in ") && text.contains(", Fence in "),
            "{text}"
        );
    }

    #[test]
    fn the_key_gradient_runs_from_a_tie_to_the_full_colour() {
        let p = palette(true);
        let g = key_gradient(Algorithm::Fence, &p);
        let (r, gr, b) = p.series[2];
        assert!(g.ends_with(&format!("rgb({r},{gr},{b}) 100.00%)")), "{g}");
        let (r, gr, b) = mix(p.background, p.series[2], MIN_STRENGTH);
        assert!(g.contains(&format!("rgb({r},{gr},{b}) 0.00%")), "{g}");
    }

    #[test]
    fn labels_and_marks_are_placed_by_percentages() {
        let tick = Tick {
            at: 12.5,
            label: "16×16".into(),
        };
        assert_eq!(tick_style(&tick, true), "bottom:12.500%");
        assert_eq!(tick_style(&tick, false), "left:12.500%");
        assert_eq!(mark_style(Some((1.0, 99.5))), "left:1.000%;top:99.500%");
        assert_eq!(mark_style(None), "visibility:hidden");
        assert!(key_shading().contains("30% or more"), "{}", key_shading());
    }

    #[test]
    fn the_reading_carries_the_numbers() {
        let map = delta_map(FSet::Nominal, 8, 4);
        let r = reading(Some(&map), Some((3, 5))).unwrap();
        let cell = map.cell(3, 5).unwrap();
        assert_eq!(r.n, map.lengths[5]);
        assert_eq!(r.mesh, "16x32");
        assert_eq!(r.fastest, cell.fastest.id());
        let t = cell.times_us.map(|t| t.unwrap().to_string()).join(",");
        assert_eq!(r.times, t);
        assert_eq!(r.text, readout(&map, 3, 5).unwrap());
        assert_eq!(reading(None, Some((3, 5))), None);
        assert_eq!(reading(Some(&map), None), None);
        assert_eq!(reading(Some(&map), Some((99, 5))), None);
    }
}
