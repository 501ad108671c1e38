//! Draws a [`Plot`] on a canvas with plotters. The canvas holds CSS size × devicePixelRatio
//! pixels, so every length here is scaled by the ratio. Labels are the plot's few pre-formatted
//! strings, drawn with the canvas's own text alignment: nothing is measured through the DOM.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;
use plotters_canvas::CanvasBackend;
use plotters_svg::SVGBackend;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::chart::{LegendKey, Palette, Plot, Scale, Series};
use crate::labels::{self, layout, Geometry, Ink, Placed, MARGINS, SMALL_FONT};
use crate::polyline;
use crate::ticks::Axis;

/// Where and how big to draw.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The canvas's size in CSS pixels.
    pub css: (f64, f64),
    /// devicePixelRatio.
    pub ratio: f64,
}

/// What an exported chart says around the plot, for a slide or a paper: a title, what the
/// scenario is, and the axes' titles.
#[derive(Clone, Debug, PartialEq)]
pub struct Heading {
    pub title: String,
    pub subtitle: String,
    pub x: String,
    pub y: String,
    /// The chart's key, drawn under the subtitle (none: the chart needs none, or its lines are
    /// lettered).
    pub legend: Vec<LegendKey>,
}

fn rgb(c: (u8, u8, u8)) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Draws a plot, or a message where there is none, and returns the labels it placed as JSON
/// ([`labels::to_json`]: CSS pixels, the canvas's `data-labels`, for tests and tools). The canvas's pixel size follows
/// the frame; it is only reset when it changes. A plot is drawn in two layers (see
/// [`Layers`]): when only its top layer changed since this canvas was last drawn (a slider
/// that moves the query's point along unchanged curves), the base is copied back from a
/// snapshot instead of being drawn again: `kept` holds what this canvas's base was drawn from.
pub fn draw(
    canvas: &HtmlCanvasElement,
    kept: &mut Kept,
    frame: Frame,
    plot: Result<&Plot, &str>,
    scale: Scale,
    palette: &Palette,
) -> Result<String, String> {
    let r = frame.ratio;
    let width = (frame.css.0 * r).round().max(1.0) as u32;
    let height = (frame.css.1 * r).round().max(1.0) as u32;
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
    let pen = Pen {
        ratio: r,
        font_scale: 1.0,
        palette,
        dashes: context(canvas).ok(),
    };
    let placed = match plot {
        Ok(plot) => layered(canvas, kept, (width, height), plot, scale, &pen)?,
        Err(_) => paint(
            backend(canvas)?,
            (width, height),
            plot,
            scale,
            &pen,
            None,
            Layers::All,
        )?,
    };
    Ok(labels::to_json(&placed, r))
}

fn backend(canvas: &HtmlCanvasElement) -> Result<CanvasBackend, String> {
    CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "the canvas has no 2-D context".to_string())
}

/// The parts of a plot a paint draws. The base is everything under the query's point: the
/// background, grid, frame, tick labels, curves and marks; the top is the point and the labels
/// (placed where nothing else is, so they move with the point). A slider step along the
/// curves changes only the top; plotters' drawing of the base (a `fillText` per tick label, a
/// path per curve) is most of a chart's cost.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layers {
    All,
    Base,
    Top,
}

/// What a canvas's base layer was drawn from: the plot without its point, and how.
#[derive(Clone, Debug, PartialEq)]
struct BaseKey {
    plot: Plot,
    scale: Scale,
    palette: Palette,
    size: (u32, u32),
    ratio: f64,
}

/// What a canvas on the page shows under its top layer, and the copy of that base layer kept
/// off the page.
struct Base {
    key: BaseKey,
    /// A canvas off the page of the same pixel size, reused from one base to the next.
    copy: Option<HtmlCanvasElement>,
    /// Whether `copy` holds this base (it is taken on the second paint with the same base: a
    /// slider that changes the curves on every step never pays for a copy).
    current: bool,
}

/// What one canvas's base layer was last drawn from, and its copy: kept by the component that
/// owns the canvas (in a `StoredValue`), so that it goes with the canvas.
#[derive(Default)]
pub struct Kept(Option<Base>);

/// Draws `plot` on `canvas` (already `size` pixels): the base copied back when it is unchanged
/// and copied, else drawn (and copied, if it is the second time in a row); then the top.
/// Returns the labels placed.
fn layered(
    canvas: &HtmlCanvasElement,
    kept: &mut Kept,
    size: (u32, u32),
    plot: &Plot,
    scale: Scale,
    pen: &Pen,
) -> Result<Vec<Placed>, String> {
    let key = BaseKey {
        plot: Plot {
            point: None,
            ..plot.clone()
        },
        scale,
        palette: *pen.palette,
        size,
        ratio: pen.ratio,
    };
    let mut base = kept.0.take();
    let same = base.as_ref().is_some_and(|e| e.key == key);
    let layer = |layers| paint(backend(canvas)?, size, Ok(plot), scale, pen, None, layers);
    match &base {
        Some(Base {
            copy: Some(copy),
            current: true,
            ..
        }) if same => context(canvas)?
            .draw_image_with_html_canvas_element(copy, 0.0, 0.0)
            .map_err(|e| crate::dom::js_error(&e))?,
        _ => {
            layer(Layers::Base)?;
            let copy = base.as_mut().and_then(|e| e.copy.take());
            let copy = if same {
                Some(snapshot(canvas, size, copy)?)
            } else {
                copy
            };
            base = Some(Base {
                key,
                copy,
                current: same,
            });
        }
    }
    kept.0 = base;
    layer(Layers::Top)
}

fn context(canvas: &HtmlCanvasElement) -> Result<web_sys::CanvasRenderingContext2d, String> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .ok_or_else(|| "the canvas has no 2-D context".to_string())
}

/// A copy of what `canvas` shows, on `copy` (a canvas off the page, made if there is none)
/// at the same pixel size.
fn snapshot(
    canvas: &HtmlCanvasElement,
    (width, height): (u32, u32),
    copy: Option<HtmlCanvasElement>,
) -> Result<HtmlCanvasElement, String> {
    let copy = match copy {
        Some(c) => c,
        None => web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|e| e.dyn_into().ok())
            .ok_or("no canvas for the chart's copy")?,
    };
    if copy.width() != width {
        copy.set_width(width);
    }
    if copy.height() != height {
        copy.set_height(height);
    }
    context(&copy)?
        .draw_image_with_html_canvas_element(canvas, 0.0, 0.0)
        .map_err(|e| crate::dom::js_error(&e))?;
    Ok(copy)
}

/// The chart with its heading on a canvas of its own, `frame.css` × `frame.ratio` pixels, as a
/// PNG data URL: the export for a slide, larger than the chart on the screen.
pub fn png(
    frame: Frame,
    plot: Result<&Plot, &str>,
    scale: Scale,
    palette: &Palette,
    heading: &Heading,
) -> Result<String, String> {
    let canvas: HtmlCanvasElement = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|e| e.dyn_into().ok())
        .ok_or("no canvas for the export")?;
    let size = (
        (frame.css.0 * frame.ratio).round() as u32,
        (frame.css.1 * frame.ratio).round() as u32,
    );
    canvas.set_width(size.0);
    canvas.set_height(size.1);
    let backend = backend(&canvas)?;
    let pen = Pen {
        ratio: frame.ratio,
        font_scale: 1.0,
        palette,
        dashes: context(&canvas).ok(),
    };
    paint(backend, size, plot, scale, &pen, Some(heading), Layers::All)?;
    canvas.to_data_url().map_err(|e| crate::dom::js_error(&e))
}

/// The same drawing as SVG (plotters' SVG backend) with its heading, at the frame's CSS size:
/// the chart a person exports is the chart on the screen, drawn by the same code.
pub fn svg(
    frame: Frame,
    plot: Result<&Plot, &str>,
    scale: Scale,
    palette: &Palette,
    heading: &Heading,
) -> Result<String, String> {
    let size = (
        frame.css.0.round().max(1.0) as u32,
        frame.css.1.round().max(1.0) as u32,
    );
    let mut out = String::new();
    paint(
        SVGBackend::with_string(&mut out, size),
        size,
        plot,
        scale,
        &Pen {
            ratio: 1.0,
            font_scale: SVG_FONT_SCALE,
            palette,
            dashes: None,
        },
        Some(heading),
        Layers::All,
    )?;
    Ok(out)
}

/// Fills the background and draws the plot, or the message where there is none, on any
/// plotters backend of `size` pixels, under its heading where there is one; returns the
/// labels placed in the plot. `layers` says which parts of a plot to draw (the background
/// belongs to the base).
fn paint<DB: DrawingBackend>(
    backend: DB,
    (width, height): (u32, u32),
    plot: Result<&Plot, &str>,
    scale: Scale,
    pen: &Pen,
    heading: Option<&Heading>,
    layers: Layers,
) -> Result<Vec<Placed>, String> {
    let page = backend.into_drawing_area();
    if layers != Layers::Top {
        page.fill(&rgb(pen.palette.background))
            .map_err(|e| e.to_string())?;
    }
    let root = match heading {
        Some(h) => headed(&page, h, pen).map_err(|e| e.to_string())?,
        None => page.clone(),
    };
    let (width, height) = match heading {
        Some(_) => root.dim_in_pixel(),
        None => (width, height),
    };
    let result = match plot {
        Ok(plot) => render(&root, plot, scale, pen, layers),
        Err(message) => {
            // A long message in lines that fit the width (one line was cut at both edges).
            let lines = crate::chart::wrap_words(
                message,
                (f64::from(width) / pen.px(7.5).max(1) as f64) as usize,
            );
            let step = pen.px(18.0);
            let top = (height / 2) as i32 - step * (lines.len() as i32 - 1) / 2;
            lines
                .iter()
                .enumerate()
                .try_for_each(|(i, line)| {
                    root.draw(&Text::new(
                        line.as_str(),
                        ((width / 2) as i32, top + step * i as i32),
                        pen.font(13.0, pen.palette.text, HPos::Center, VPos::Center),
                    ))
                })
                .map(|()| Vec::new())
        }
    };
    page.present().map_err(|e| e.to_string())?;
    result.map_err(|e| e.to_string())
}

/// Draws a heading (title and subtitle above, the abscissa's title below, the ordinate's on
/// the left, turned) and returns the area left for the chart.
fn headed<DB: DrawingBackend>(
    page: &DrawingArea<DB, Shift>,
    h: &Heading,
    pen: &Pen,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let p = pen.palette;
    let band = if h.legend.is_empty() { 52.0 } else { 74.0 };
    let (top, rest) = page.split_vertically(pen.px(band));
    top.draw(&Text::new(
        h.title.as_str(),
        (pen.px(12.0), pen.px(8.0)),
        pen.font(17.0, p.text, HPos::Left, VPos::Top),
    ))?;
    top.draw(&Text::new(
        h.subtitle.as_str(),
        (pen.px(12.0), pen.px(31.0)),
        pen.font(12.5, p.text, HPos::Left, VPos::Top),
    ))?;
    draw_legend(&top, &h.legend, pen)?;
    let (_, rest_height) = rest.dim_in_pixel();
    let (rest, bottom) = rest.split_vertically(rest_height.saturating_sub(pen.px(24.0) as u32));
    let (bottom_width, _) = bottom.dim_in_pixel();
    bottom.draw(&Text::new(
        h.x.as_str(),
        ((bottom_width / 2) as i32, pen.px(4.0)),
        pen.font(13.0, p.text, HPos::Center, VPos::Top),
    ))?;
    let (left, chart) = rest.split_horizontally(pen.px(24.0));
    let (_, left_height) = left.dim_in_pixel();
    left.draw(&Text::new(
        h.y.as_str(),
        (pen.px(6.0), (left_height / 2) as i32),
        pen.font(13.0, p.text, HPos::Center, VPos::Top)
            .transform(FontTransform::Rotate270),
    ))?;
    Ok(chart)
}

/// The key of an exported chart, in a row under its subtitle: a short line in each series'
/// colour (dashed where the series is) and its name. Each entry's width is reckoned from its
/// name's length, nothing measured.
fn draw_legend<DB: DrawingBackend>(
    top: &DrawingArea<DB, Shift>,
    legend: &[LegendKey],
    pen: &Pen,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let p = pen.palette;
    let (mut x, y) = (12.0, 60.0);
    for key in legend {
        let colour = rgb(p.series[key.colour % p.series.len()]).stroke_width(pen.width(2.5));
        let pieces: &[(f64, f64)] = if key.dashed {
            &[(0.0, 7.0), (11.0, 18.0), (22.0, 26.0)]
        } else {
            &[(0.0, 26.0)]
        };
        for (from, to) in pieces {
            top.draw(&PathElement::new(
                vec![(pen.px(x + from), pen.px(y)), (pen.px(x + to), pen.px(y))],
                colour,
            ))?;
        }
        top.draw(&Text::new(
            key.name.as_str(),
            (pen.px(x + 32.0), pen.px(y)),
            pen.font(12.5, p.text, HPos::Left, VPos::Center),
        ))?;
        x += 32.0 + 7.0 * key.name.chars().count() as f64 + 22.0;
    }
    Ok(())
}

/// Sizes in CSS pixels turned into canvas pixels, and the colours.
struct Pen<'a> {
    ratio: f64,
    /// What the backend divides a font size by: plotters' SVG backend writes `font-size` as
    /// the size ÷ 1.24 (points to pixels), the canvas backend as given.
    font_scale: f64,
    palette: &'a Palette,
    /// The canvas's context, whose own line dashes draw a dashed series as one path; without
    /// one (the SVG export) plotters' `DashedPathElement` draws it, a path per dash. On the
    /// Collectives chart, every algorithm dashed across the sizes, that was 420 paths per
    /// input, each with its colour formatted and its style set.
    dashes: Option<web_sys::CanvasRenderingContext2d>,
}

/// See [`Pen::font_scale`].
const SVG_FONT_SCALE: f64 = 1.24;

impl Pen<'_> {
    fn px(&self, css: f64) -> i32 {
        (css * self.ratio).round() as i32
    }

    fn width(&self, css: f64) -> u32 {
        (css * self.ratio).round().max(1.0) as u32
    }

    /// The family as `FontFamily::SansSerif`, not as the text "sans-serif": plotters reads a
    /// family named by text through `str::to_lowercase`, which brings the standard library's
    /// Unicode case tables (11 kB) into the page's first module (docs/web-bytes.md).
    fn font(&self, size: f64, color: (u8, u8, u8), h: HPos, v: VPos) -> TextStyle<'static> {
        (FontFamily::SansSerif, size * self.ratio * self.font_scale)
            .into_font()
            .color(&rgb(color))
            .pos(Pos::new(h, v))
    }
}

/// Draws on linear coordinates: on a log axis every value is drawn at its log₁₀, which keeps
/// one instance of the chart code instead of one per kind of axis. The labels inside the plot
/// go where [`layout`] puts them; they are returned as placed (none when only the base is
/// drawn).
fn render<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    scale: Scale,
    pen: &Pen,
    layers: Layers,
) -> Result<Vec<Placed>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (tx, ty) = (|v| labels::tx(scale, v), |v| labels::ty(scale, v));
    let (width, height) = root.dim_in_pixel();
    let geo = Geometry::new(
        plot,
        scale,
        (f64::from(width), f64::from(height)),
        pen.ratio,
    );
    let (x, y) = (&plot.x, &plot.y);
    // The plotting area inside room for the tick labels, with linear coordinates mapped to
    // canvas pixels (y up): the geometry the labels are placed in.
    let [top, bottom, left, right] = MARGINS.map(|m| pen.px(m));
    let inner = root.margin(top, bottom, left, right);
    let (xs, ys) = inner.get_pixel_range();
    let chart = inner.apply_coord_spec(Cartesian2d::<RangedCoordf64, RangedCoordf64>::new(
        tx(x.lo)..tx(x.hi),
        ty(y.lo)..ty(y.hi),
        (xs.start..xs.end - 1, ys.end - 1..ys.start),
    ));
    // From here on, x and y are the axes in drawing coordinates.
    let x = Axis {
        lo: tx(x.lo),
        hi: tx(x.hi),
        ticks: x.ticks.iter().map(|(v, l)| (tx(*v), l.clone())).collect(),
    };
    let y = Axis {
        lo: ty(y.lo),
        hi: ty(y.hi),
        ticks: y.ticks.iter().map(|(v, l)| (ty(*v), l.clone())).collect(),
    };
    let (x, y) = (&x, &y);
    // Canvas pixels relative to this area (its origin is not the canvas's under a heading).
    let base = root.get_base_pixel();
    let at = |px: f64, py: f64| {
        let (a, b) = chart.map_coordinate(&(px, py));
        (a - base.0, b - base.1)
    };
    if layers != Layers::Top {
        draw_frame(root, &chart, plot, (x, y), &at, pen, scale)?;
        for series in &plot.series {
            draw_series(&chart, series, (x, y), pen, scale)?;
        }
        draw_marks(&chart, plot, y, pen, scale)?;
    }
    if layers == Layers::Base {
        return Ok(Vec::new());
    }
    if let Some((qx, qy, _)) = &plot.point {
        chart.draw(&Circle::new(
            (labels::tx(scale, *qx), labels::ty(scale, *qy)),
            pen.width(4.5),
            rgb(pen.palette.mark).filled(),
        ))?;
    }
    // The labels, each where nothing else is.
    let placed = layout(plot, &geo);
    for label in &placed {
        draw_label(root, label, pen)?;
    }
    Ok(placed)
}

/// The plotting area in linear drawing coordinates (see [`render`]).
type Plane<DB> = DrawingArea<DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// What drawing on a backend may fail with.
type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The shaded latency-bound region, the grid, the frame and the tick labels. `at` maps
/// drawing coordinates to pixels of `root`.
fn draw_frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Plane<DB>,
    plot: &Plot,
    (x, y): (&Axis, &Axis),
    at: &dyn Fn(f64, f64) -> (i32, i32),
    pen: &Pen,
    scale: Scale,
) -> Drawn<DB> {
    let p = pen.palette;
    let (left, top) = at(x.lo, y.hi);
    let (right, bottom) = at(x.hi, y.lo);
    // The latency-bound region: sizes below n½.
    if let Some(n) = &plot.n_half {
        chart.draw(&Rectangle::new(
            [(x.lo, y.lo), (labels::tx(scale, n.x), y.hi)],
            rgb(p.shade).mix(0.13).filled(),
        ))?;
    }
    let grid = rgb(p.grid).stroke_width(pen.width(1.0));
    for (v, _) in &x.ticks {
        chart.draw(&PathElement::new(vec![(*v, y.lo), (*v, y.hi)], grid))?;
    }
    for (v, _) in &y.ticks {
        chart.draw(&PathElement::new(vec![(x.lo, *v), (x.hi, *v)], grid))?;
    }
    root.draw(&Rectangle::new(
        [(left, top), (right, bottom)],
        rgb(p.text).mix(0.45).stroke_width(pen.width(1.0)),
    ))?;
    for (v, label) in &x.ticks {
        root.draw(&Text::new(
            label.as_str(),
            (at(*v, y.lo).0, bottom + pen.px(5.0)),
            pen.font(SMALL_FONT, p.text, HPos::Center, VPos::Top),
        ))?;
    }
    for (v, label) in &y.ticks {
        root.draw(&Text::new(
            label.as_str(),
            (left - pen.px(6.0), at(x.lo, *v).1),
            pen.font(SMALL_FONT, p.text, HPos::Right, VPos::Center),
        ))?;
    }
    Ok(())
}

/// One series: ringed dots if measured, else a line (dashed or solid), and its optimum.
fn draw_series<DB: DrawingBackend>(
    chart: &Plane<DB>,
    series: &Series,
    (x, y): (&Axis, &Axis),
    pen: &Pen,
    scale: Scale,
) -> Drawn<DB> {
    let p = pen.palette;
    let (tx, ty) = (|v| labels::tx(scale, v), |v| labels::ty(scale, v));
    let colour = rgb(p.series[series.colour % p.series.len()]);
    let points = series.points.iter().map(|(a, b)| (tx(*a), ty(*b)));
    if series.measured {
        let dot = pen.width(3.5);
        for (a, b) in points {
            chart.draw(&Circle::new((a, b), dot, colour.filled()))?;
            chart.draw(&Circle::new((a, b), dot, rgb(p.text).stroke_width(1)))?;
        }
    } else if series.dashed {
        let (on, off) = (pen.px(7.0), pen.px(4.0));
        let style = colour.stroke_width(pen.width(2.0));
        match &pen.dashes {
            Some(context) => {
                let dash = js_sys::Array::of2(&f64::from(on).into(), &f64::from(off).into());
                let _ = context.set_line_dash(&dash);
                let path = chart.draw(&PathElement::new(drawn(chart, points), style));
                let _ = context.set_line_dash(&js_sys::Array::new());
                path?;
            }
            None => chart.draw(&DashedPathElement::new(
                drawn(chart, points),
                on,
                off,
                style,
            ))?,
        }
    } else {
        chart.draw(&PathElement::new(
            drawn(chart, points),
            colour.stroke_width(pen.width(2.0)),
        ))?;
    }
    // The series' optimum: a dot in its colour, ringed, where the axes show it.
    if let Some((a, b)) = series.optimum {
        let (a, b) = (tx(a), ty(b));
        if a.is_finite()
            && b.is_finite()
            && (x.lo..=x.hi).contains(&a)
            && (y.lo..=y.hi).contains(&b)
        {
            let r = pen.width(5.0);
            chart.draw(&Circle::new((a, b), r, colour.filled()))?;
            chart.draw(&Circle::new(
                (a, b),
                r,
                rgb(p.text).stroke_width(pen.width(1.5)),
            ))?;
        }
    }
    Ok(())
}

/// The points of a curve (in drawing coordinates) that draw it on `chart` to within half a
/// pixel of the line through all of them ([`polyline`]).
fn drawn<DB: DrawingBackend>(
    chart: &Plane<DB>,
    points: impl Iterator<Item = (f64, f64)>,
) -> Vec<(f64, f64)> {
    let points: Vec<_> = points.collect();
    let pixels: Vec<_> = points
        .iter()
        .map(|p| {
            let (a, b) = chart.map_coordinate(p);
            (f64::from(a), f64::from(b))
        })
        .collect();
    polyline::vertices(&pixels, polyline::TOLERANCE)
        .into_iter()
        .map(|i| points[i])
        .collect()
}

/// Marks on the abscissa (n½, the optimum, crossovers: a vertical line each).
fn draw_marks<DB: DrawingBackend>(
    chart: &Plane<DB>,
    plot: &Plot,
    y: &Axis,
    pen: &Pen,
    scale: Scale,
) -> Drawn<DB> {
    let p = pen.palette;
    let tx = |v| labels::tx(scale, v);
    let marks = [(&plot.n_half, p.mark), (&plot.optimum, p.optimum)]
        .into_iter()
        .filter_map(|(m, c)| m.as_ref().map(|m| (m, c)))
        .chain(plot.crossovers.iter().map(|m| (m, p.text)));
    for (mark, colour) in marks {
        chart.draw(&PathElement::new(
            vec![(tx(mark.x), y.lo), (tx(mark.x), y.hi)],
            rgb(colour).stroke_width(pen.width(1.5)),
        ))?;
    }
    Ok(())
}

/// A label where [`layout`] placed it, in its ink.
fn draw_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    label: &Placed,
    pen: &Pen,
) -> Drawn<DB> {
    let p = pen.palette;
    let colour = match label.ink {
        Ink::Text => p.text,
        Ink::Mark => p.mark,
        Ink::Optimum => p.optimum,
        Ink::Series(i) => p.series[i % p.series.len()],
        Ink::Shade => p.shade,
    };
    root.draw(&Text::new(
        label.text.as_str(),
        (label.rect.l.round() as i32, label.rect.t.round() as i32),
        pen.font(label.font, colour, HPos::Left, VPos::Top),
    ))?;
    Ok(())
}
