//! Draws a [`Plot`] on a canvas with plotters. The canvas holds CSS size × devicePixelRatio
//! pixels, so every length here is scaled by the ratio. Labels are the plot's few pre-formatted
//! strings, drawn with the canvas's own text alignment: nothing is measured through the DOM.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use plotters_svg::SVGBackend;
use web_sys::HtmlCanvasElement;

use crate::chart::{
    label_clear, place_letter, place_point_label, text_size, Palette, Plot, Rect, Scale,
};
use crate::ticks::Axis;

/// Where and how big to draw.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The canvas's size in CSS pixels.
    pub css: (f64, f64),
    /// devicePixelRatio.
    pub ratio: f64,
}

fn rgb(c: (u8, u8, u8)) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Draws a plot, or a message where there is none. The canvas's pixel size follows the
/// frame; it is only reset when it changes.
pub fn draw(
    canvas: &HtmlCanvasElement,
    frame: Frame,
    plot: Result<&Plot, &str>,
    scale: Scale,
    palette: &Palette,
) -> Result<(), String> {
    let r = frame.ratio;
    let width = (frame.css.0 * r).round().max(1.0) as u32;
    let height = (frame.css.1 * r).round().max(1.0) as u32;
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "the canvas has no 2-D context".to_string())?;
    paint(
        backend,
        (width, height),
        plot,
        scale,
        &Pen {
            ratio: r,
            font_scale: 1.0,
            palette,
        },
    )
}

/// The same drawing as SVG (plotters' SVG backend), at the frame's CSS size: the chart a
/// person exports is the chart on the screen, drawn by the same code.
pub fn svg(
    frame: Frame,
    plot: Result<&Plot, &str>,
    scale: Scale,
    palette: &Palette,
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
        },
    )?;
    Ok(out)
}

/// Fills the background and draws the plot, or the message where there is none, on any
/// plotters backend of `size` pixels.
fn paint<DB: DrawingBackend>(
    backend: DB,
    (width, height): (u32, u32),
    plot: Result<&Plot, &str>,
    scale: Scale,
    pen: &Pen,
) -> Result<(), String> {
    let root = backend.into_drawing_area();
    root.fill(&rgb(pen.palette.background))
        .map_err(|e| e.to_string())?;
    let result = match plot {
        Ok(plot) => render(&root, plot, scale, pen),
        Err(message) => root.draw(&Text::new(
            message.to_string(),
            ((width / 2) as i32, (height / 2) as i32),
            pen.font(13.0, pen.palette.text, HPos::Center, VPos::Center),
        )),
    };
    root.present().map_err(|e| e.to_string())?;
    result.map_err(|e| e.to_string())
}

/// Sizes in CSS pixels turned into canvas pixels, and the colours.
struct Pen<'a> {
    ratio: f64,
    /// What the backend divides a font size by: plotters' SVG backend writes `font-size` as
    /// the size ÷ 1.24 (points to pixels), the canvas backend as given.
    font_scale: f64,
    palette: &'a Palette,
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

    fn font(&self, size: f64, color: (u8, u8, u8), h: HPos, v: VPos) -> TextStyle<'static> {
        ("sans-serif", size * self.ratio * self.font_scale)
            .into_font()
            .color(&rgb(color))
            .pos(Pos::new(h, v))
    }
}

/// Draws on linear coordinates: on a log axis every value is drawn at its log₁₀, which keeps
/// one instance of the chart code instead of one per kind of axis.
fn render<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    scale: Scale,
    pen: &Pen,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let p = pen.palette;
    let tx = |v: f64| if scale.log_x() { v.log10() } else { v };
    let ty = |v: f64| if scale.log_y() { v.log10() } else { v };
    let (x, y) = (&plot.x, &plot.y);
    // The plotting area inside room for the tick labels, with linear coordinates mapped to
    // canvas pixels (y up).
    let inner = root.margin(pen.px(14.0), pen.px(22.0), pen.px(58.0), pen.px(18.0));
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
    // Every pixel position a label needs, on the whole canvas.
    let at = |px: f64, py: f64| chart.map_coordinate(&(px, py));
    let (left, top) = at(x.lo, y.hi);
    let (right, bottom) = at(x.hi, y.lo);
    let x_ticks: Vec<i32> = x.ticks.iter().map(|(v, _)| at(*v, y.lo).0).collect();
    let y_ticks: Vec<i32> = y.ticks.iter().map(|(v, _)| at(x.lo, *v).1).collect();
    let marks: Vec<(&crate::chart::Mark, (u8, u8, u8), i32)> =
        [(&plot.n_half, p.mark), (&plot.optimum, p.optimum)]
            .into_iter()
            .filter_map(|(m, c)| m.as_ref().map(|m| (m, c)))
            .chain(plot.crossovers.iter().map(|m| (m, p.text)))
            .map(|(m, c)| (m, c, at(tx(m.x), y.lo).0))
            .collect();
    let point = plot
        .point
        .as_ref()
        .map(|(qx, qy, label)| (at(tx(*qx), ty(*qy)), label.as_str()));

    // The latency-bound region: sizes below n½.
    if let Some(n) = &plot.n_half {
        chart.draw(&Rectangle::new(
            [(x.lo, y.lo), (tx(n.x), y.hi)],
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

    let small = 11.0;
    for ((_, label), px) in x.ticks.iter().zip(x_ticks) {
        root.draw(&Text::new(
            label.as_str(),
            (px, bottom + pen.px(5.0)),
            pen.font(small, p.text, HPos::Center, VPos::Top),
        ))?;
    }
    for ((_, label), py) in y.ticks.iter().zip(y_ticks) {
        root.draw(&Text::new(
            label.as_str(),
            (left - pen.px(6.0), py),
            pen.font(small, p.text, HPos::Right, VPos::Center),
        ))?;
    }

    for series in &plot.series {
        let colour = rgb(p.series[series.colour % p.series.len()]);
        let points = series.points.iter().map(|(a, b)| (tx(*a), ty(*b)));
        if series.measured {
            let dot = pen.width(3.5);
            for (a, b) in points {
                chart.draw(&Circle::new((a, b), dot, colour.filled()))?;
                chart.draw(&Circle::new((a, b), dot, rgb(p.text).stroke_width(1)))?;
            }
        } else if series.dashed {
            chart.draw(&DashedPathElement::new(
                points.collect::<Vec<_>>(),
                pen.px(7.0),
                pen.px(4.0),
                colour.stroke_width(pen.width(2.0)),
            ))?;
        } else {
            chart.draw(&PathElement::new(
                points.collect::<Vec<_>>(),
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
    }

    // Labels keep inside the plot area (clear of the tick labels) and off every curve.
    let curves: Vec<Vec<(f64, f64)>> = plot
        .series
        .iter()
        .map(|s| {
            s.points
                .iter()
                .map(|(a, b)| {
                    let (cx, cy) = at(tx(*a), ty(*b));
                    (f64::from(cx), f64::from(cy))
                })
                .collect()
        })
        .collect();
    let curve = curves.first().map_or(&[][..], |c| c.as_slice());
    let pad = f64::from(pen.px(3.0));
    let bounds = Rect {
        l: f64::from(left) + pad,
        t: f64::from(top) + pad,
        r: f64::from(right) - pad,
        b: f64::from(bottom) - pad,
    };
    let mut taken: Vec<Rect> = Vec::new();

    // Marks on the abscissa: a vertical line and its label at the top, on whichever side of
    // the line has room.
    for (row, (mark, color, px)) in marks.iter().copied().enumerate() {
        chart.draw(&PathElement::new(
            vec![(tx(mark.x), y.lo), (tx(mark.x), y.hi)],
            rgb(color).stroke_width(pen.width(1.5)),
        ))?;
        let size = text_size(&mark.label, 12.0, pen.ratio);
        let (h, dx) = if right - px > (right - left) / 3 {
            (HPos::Left, pen.px(5.0))
        } else {
            (HPos::Right, -pen.px(5.0))
        };
        // The line itself, for the point's label to keep off.
        let line = f64::from(px);
        taken.push(Rect {
            l: line - 1.0,
            t: f64::from(top),
            r: line + 1.0,
            b: f64::from(bottom),
        });
        let ty = top + pen.px(4.0 + 15.0 * row as f64);
        let tx = f64::from(px + dx);
        let l = if matches!(h, HPos::Left) {
            tx
        } else {
            tx - size.0
        };
        taken.push(Rect::at(l, f64::from(ty), size));
        root.draw(&Text::new(
            mark.label.as_str(),
            (px + dx, ty),
            pen.font(12.0, color, h, VPos::Top),
        ))?;
    }

    // The query's point, labelled beside it on the side away from the curve.
    if let Some(((px, py), label)) = point {
        root.draw(&Circle::new((px, py), pen.width(4.5), rgb(p.mark).filled()))?;
        let size = text_size(label, 12.0, pen.ratio);
        let (lx, ly) = place_point_label(
            curve,
            (f64::from(px), f64::from(py)),
            size,
            f64::from(pen.px(8.0)),
            &bounds,
            &taken,
        );
        taken.push(Rect::at(lx, ly, size));
        root.draw(&Text::new(
            label,
            (lx.round() as i32, ly.round() as i32),
            pen.font(12.0, p.text, HPos::Left, VPos::Top),
        ))?;
    }

    // Each curve's letter (a compared scenario's), beside it where there is room.
    for (series, line) in plot.series.iter().zip(&curves) {
        let Some(letter) = series.letter else {
            continue;
        };
        let text = letter.to_string();
        let size = text_size(&text, 13.0, pen.ratio);
        let gap = f64::from(pen.px(3.0));
        if let Some((lx, ly)) = place_letter(line, &curves, size, gap, &bounds, &taken) {
            taken.push(Rect::at(lx, ly, size));
            let colour = p.series[series.colour % p.series.len()];
            root.draw(&Text::new(
                text,
                (lx.round() as i32, ly.round() as i32),
                pen.font(13.0, colour, HPos::Left, VPos::Top),
            ))?;
        }
    }

    // The regions either side of n½, labelled only where the words fit clear of the curve
    // and the other labels; dropped on narrow plots rather than overlapped.
    if let Some((_, _, px)) = marks.first().filter(|_| plot.n_half.is_some()) {
        let px = f64::from(*px);
        let gap = f64::from(pen.px(6.0));
        for (words, color, left_of_line) in [
            ("latency-bound", p.shade, true),
            ("bandwidth-bound", p.series[0], false),
        ] {
            let size = text_size(words, small, pen.ratio);
            let x0 = if left_of_line {
                px - gap - size.0
            } else {
                px + gap
            };
            let spot = [
                bounds.b - size.1,
                bounds.t + size.1 * 2.5,
                (bounds.t + bounds.b) / 2.0,
            ]
            .into_iter()
            .map(|y0| Rect::at(x0, y0, size))
            .find(|r| label_clear(r, &curves, &bounds, &taken));
            if let Some(r) = spot {
                taken.push(r);
                root.draw(&Text::new(
                    words,
                    (r.l.round() as i32, r.t.round() as i32),
                    pen.font(small, color, HPos::Left, VPos::Top),
                ))?;
            }
        }
    }
    Ok(())
}
