//! Where a chart's labels go: the query's point label, the marks on the abscissa (n½, x_max,
//! crossovers), the compared curves' letters and the latency- and bandwidth-bound words. A
//! label goes where it overlaps no other label, no curve, no mark line and no dot, inside the
//! plot area; where there is no such place it is shortened or left out (its numbers are in the
//! results table and the chart's accessible name), since a label struck through or over
//! another reads as neither. Plain Rust, so that every view's layout is tested natively at
//! phone and desktop sizes; `draw` draws what this places.

use crate::chart::{Plot, Scale};

/// A label's box in canvas pixels: left, top, right, bottom (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub l: f64,
    pub t: f64,
    pub r: f64,
    pub b: f64,
}

impl Rect {
    /// A box of size `(w, h)` with its top-left corner at `(x, y)`.
    pub fn at(x: f64, y: f64, (w, h): (f64, f64)) -> Rect {
        Rect {
            l: x,
            t: y,
            r: x + w,
            b: y + h,
        }
    }

    fn inside(&self, outer: &Rect) -> bool {
        self.l >= outer.l && self.r <= outer.r && self.t >= outer.t && self.b <= outer.b
    }

    fn overlaps(&self, o: &Rect) -> bool {
        self.l < o.r && o.l < self.r && self.t < o.b && o.t < self.b
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping).
    fn crossed_by(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, a.0 - self.l),
            (dx, self.r - a.0),
            (-dy, a.1 - self.t),
            (dy, self.b - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    lo = lo.max(r);
                } else {
                    hi = hi.min(r);
                }
                if lo > hi {
                    return false;
                }
            }
        }
        true
    }

    /// Whether a polyline (the curve, in canvas pixels) passes through the box. A segment
    /// wholly left or right of the box is passed over before it is clipped: a label's place
    /// is tried against every segment of every curve (511 for 512 points), and a compared
    /// chart's four curves made the clipping most of its labels' time
    /// (docs/web-benchmarks.md). Written to be false for a NaN abscissa, so that such a
    /// segment is clipped as before.
    pub fn crossed_by_curve(&self, curve: &[(f64, f64)]) -> bool {
        let aside = |a: (f64, f64), b: (f64, f64)| {
            (a.0 < self.l && b.0 < self.l) || (a.0 > self.r && b.0 > self.r)
        };
        curve
            .windows(2)
            .any(|w| !aside(w[0], w[1]) && self.crossed_by(w[0], w[1]))
            || curve.len() == 1 && self.crossed_by(curve[0], curve[0])
    }
}

/// The size of a line of text of `font` CSS pixels, in canvas pixels, estimated from its
/// length (the canvas is not asked to measure): wide enough for digits and capitals.
pub fn text_size(label: &str, font: f64, ratio: f64) -> (f64, f64) {
    let chars = label.chars().count() as f64;
    (chars * font * 0.58 * ratio, font * 1.2 * ratio)
}

/// The plot area's margins around the plot, in CSS pixels: top, bottom, left (room for the
/// ordinate's tick labels) and right. `draw` lays the chart out with the same.
pub const MARGINS: [f64; 4] = [14.0, 22.0, 58.0, 18.0];

/// Font sizes in CSS pixels.
const MARK_FONT: f64 = 12.0;
const LETTER_FONT: f64 = 13.0;
pub const SMALL_FONT: f64 = 11.0;

/// The plot area on a canvas and the mapping of values to canvas pixels.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The plot area, canvas pixels.
    pub area: Rect,
    /// The axes' ends in drawing coordinates (log₁₀ on a log axis).
    x: (f64, f64),
    y: (f64, f64),
    scale: Scale,
    /// devicePixelRatio: CSS pixels to canvas pixels.
    pub ratio: f64,
}

impl Geometry {
    /// The layout of a plot on a canvas of `size` canvas pixels.
    pub fn new(plot: &Plot, scale: Scale, (w, h): (f64, f64), ratio: f64) -> Geometry {
        let px = |css: f64| (css * ratio).round();
        let [top, bottom, left, right] = MARGINS;
        let area = Rect {
            l: px(left),
            t: px(top),
            r: (w - px(right) - 1.0).max(px(left) + 1.0),
            b: (h - px(bottom) - 1.0).max(px(top) + 1.0),
        };
        Geometry {
            area,
            x: (tx(scale, plot.x.lo), tx(scale, plot.x.hi)),
            y: (ty(scale, plot.y.lo), ty(scale, plot.y.hi)),
            scale,
            ratio,
        }
    }

    /// A point of the plot (values) in canvas pixels.
    pub fn at(&self, x: f64, y: f64) -> (f64, f64) {
        let f = |v: f64, (lo, hi): (f64, f64)| if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
        (
            self.area.l + f(tx(self.scale, x), self.x) * (self.area.r - self.area.l),
            self.area.b - f(ty(self.scale, y), self.y) * (self.area.b - self.area.t),
        )
    }

    fn px(&self, css: f64) -> f64 {
        css * self.ratio
    }
}

/// A value on the abscissa in drawing coordinates.
pub fn tx(scale: Scale, v: f64) -> f64 {
    if scale.log_x() {
        v.log10()
    } else {
        v
    }
}

/// A value on the ordinate in drawing coordinates.
pub fn ty(scale: Scale, v: f64) -> f64 {
    if scale.log_y() {
        v.log10()
    } else {
        v
    }
}

/// The colour a label is written in, from the chart's palette.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ink {
    Text,
    /// n½ and the query's point.
    Mark,
    /// The optimal size.
    Optimum,
    /// A series' colour (its letter, the bandwidth-bound words).
    Series(usize),
    /// The latency-bound region's.
    Shade,
}

/// A label as placed: its text, its box (canvas pixels, the text's top-left corner at the
/// box's), its colour and its font size in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub text: String,
    pub rect: Rect,
    pub ink: Ink,
    pub font: f64,
}

/// A polyline in canvas pixels.
type Line = Vec<(f64, f64)>;

/// What labels keep clear of: lines (curves and mark lines, each with the mark it belongs to,
/// if any) and boxes (dots, placed labels).
struct Obstacles {
    lines: Vec<(Option<usize>, Line)>,
    boxes: Vec<Rect>,
    bounds: Rect,
}

impl Obstacles {
    /// Whether a box is inside the plot and clear of everything but mark `own`'s line.
    fn clear(&self, r: &Rect, own: Option<usize>) -> bool {
        r.inside(&self.bounds)
            && !self
                .lines
                .iter()
                .any(|(mark, line)| (own.is_none() || *mark != own) && r.crossed_by_curve(line))
            && !self.boxes.iter().any(|b| b.overlaps(r))
    }

    /// The first clear box among `candidates` (top-left corners) of `size`, taken.
    fn take(
        &mut self,
        candidates: impl IntoIterator<Item = (f64, f64)>,
        size: (f64, f64),
        own: Option<usize>,
    ) -> Option<Rect> {
        let r = candidates
            .into_iter()
            .map(|(x, y)| Rect::at(x, y, size))
            .find(|r| self.clear(r, own))?;
        self.boxes.push(r);
        Some(r)
    }
}

/// Every label of a plot, placed: the point's first (shortened where the whole does not fit),
/// then the marks', the letters and the region words. Labels with no clear place are left out.
pub fn layout(plot: &Plot, geo: &Geometry) -> Vec<Placed> {
    let pad = geo.px(3.0);
    let area = geo.area;
    let bounds = Rect {
        l: area.l + pad,
        t: area.t + pad,
        r: area.r - pad,
        b: area.b - pad,
    };
    let curves: Vec<Vec<(f64, f64)>> = plot
        .series
        .iter()
        .map(|s| s.points.iter().map(|&(x, y)| geo.at(x, y)).collect())
        .collect();
    let marks = marks(plot);
    let point = plot
        .point
        .as_ref()
        .map(|(x, y, label)| (geo.at(*x, *y), label));
    let mut obstacles = obstacles(plot, geo, &curves, &marks, bounds);
    if let Some((p, _)) = point {
        obstacles.boxes.push(around(p, geo.px(5.0)));
    }
    let mut out = Vec::new();
    if let Some((p, label)) = point {
        let curve = curves.first().map_or(&[][..], |c| c.as_slice());
        out.extend(point_label(label, p, curve, geo, &mut obstacles));
    }
    place_marks(&mut out, &marks, geo, &bounds, &mut obstacles);
    for (series, curve) in plot.series.iter().zip(&curves) {
        let Some(letter) = series.letter else {
            continue;
        };
        let text = letter.to_string();
        let size = text_size(&text, LETTER_FONT, geo.ratio);
        if let Some(rect) = obstacles.take(letter_spots(curve, size, geo.px(3.0)), size, None) {
            out.push(placed(&text, rect, Ink::Series(series.colour), LETTER_FONT));
        }
    }
    if let Some(n) = &plot.n_half {
        place_regions(&mut out, geo.at(n.x, 1.0).0, geo, &bounds, &mut obstacles);
    }
    out
}

/// What labels must not cover: the curves (or the measured dots), the optima and the marks'
/// vertical lines, within `bounds`.
fn obstacles(
    plot: &Plot,
    geo: &Geometry,
    curves: &[Vec<(f64, f64)>],
    marks: &[(&crate::chart::Mark, Ink)],
    bounds: Rect,
) -> Obstacles {
    let area = geo.area;
    let mut obstacles = Obstacles {
        lines: Vec::new(),
        boxes: Vec::new(),
        bounds,
    };
    for (series, curve) in plot.series.iter().zip(curves) {
        let dot = geo.px(if series.measured { 4.0 } else { 1.0 });
        if series.measured {
            obstacles
                .boxes
                .extend(curve.iter().map(|&p| around(p, dot)));
        } else {
            obstacles.lines.push((None, curve.clone()));
        }
        if let Some((x, y)) = series.optimum {
            obstacles.boxes.push(around(geo.at(x, y), geo.px(6.0)));
        }
    }
    for (i, (mark, _)) in marks.iter().enumerate() {
        let x = geo.at(mark.x, 1.0).0;
        obstacles
            .lines
            .push((Some(i), vec![(x, area.t), (x, area.b)]));
    }
    obstacles
}

/// Each mark's label beside its line.
fn place_marks(
    out: &mut Vec<Placed>,
    marks: &[(&crate::chart::Mark, Ink)],
    geo: &Geometry,
    bounds: &Rect,
    obstacles: &mut Obstacles,
) {
    for (i, (mark, ink)) in marks.iter().enumerate() {
        // Where "x_max = 115 kB" has no room beside its line, its value alone, in its colour.
        let texts = [
            Some(mark.label.as_str()),
            mark.label.split_once(" = ").map(|p| p.1),
        ];
        for text in texts.into_iter().flatten() {
            let size = text_size(text, MARK_FONT, geo.ratio);
            if let Some(rect) = obstacles.take(mark_spots(geo, bounds, mark.x, size), size, Some(i))
            {
                out.push(placed(text, rect, *ink, MARK_FONT));
                break;
            }
        }
    }
}

/// "latency-bound" left and "bandwidth-bound" right of n½'s line at pixel `x`.
fn place_regions(
    out: &mut Vec<Placed>,
    x: f64,
    geo: &Geometry,
    bounds: &Rect,
    obstacles: &mut Obstacles,
) {
    let gap = geo.px(6.0);
    for (words, ink, left) in [
        ("latency-bound", Ink::Shade, true),
        ("bandwidth-bound", Ink::Series(0), false),
    ] {
        let size = text_size(words, SMALL_FONT, geo.ratio);
        let x0 = if left { x - gap - size.0 } else { x + gap };
        let spots = [
            bounds.b - size.1,
            bounds.t + size.1 * 2.5,
            (bounds.t + bounds.b) / 2.0,
        ]
        .map(|y| (x0, y));
        if let Some(rect) = obstacles.take(spots, size, None) {
            out.push(placed(words, rect, ink, SMALL_FONT));
        }
    }
}

/// Places for a mark's label: beside its line, right then left, in rows from the top of the
/// plot, then from the bottom.
fn mark_spots(
    geo: &Geometry,
    bounds: &Rect,
    at: f64,
    (w, h): (f64, f64),
) -> impl Iterator<Item = (f64, f64)> {
    let x = geo.at(at, 1.0).0;
    let gap = geo.px(5.0);
    let row = h + geo.px(2.0);
    let (top, bottom) = (bounds.t, bounds.b - h);
    (0..6).flat_map(move |k| {
        let k = f64::from(k);
        [
            (x + gap, top + k * row),
            (x - gap - w, top + k * row),
            (x + gap, bottom - k * row),
            (x - gap - w, bottom - k * row),
        ]
    })
}

/// The marks on the abscissa with their colours: n½, the optimum, the crossovers.
fn marks(plot: &Plot) -> Vec<(&crate::chart::Mark, Ink)> {
    [(&plot.n_half, Ink::Mark), (&plot.optimum, Ink::Optimum)]
        .into_iter()
        .filter_map(|(m, ink)| m.as_ref().map(|m| (m, ink)))
        .chain(plot.crossovers.iter().map(|m| (m, Ink::Text)))
        .collect()
}

fn placed(text: &str, rect: Rect, ink: Ink, font: f64) -> Placed {
    Placed {
        text: text.to_string(),
        rect,
        ink,
        font,
    }
}

/// A square box of half-width `r` around a point.
fn around((x, y): (f64, f64), r: f64) -> Rect {
    Rect {
        l: x - r,
        t: y - r,
        r: x + r,
        b: y + r,
    }
}

/// The query point's label: beside the point on the side away from the curve (below-right or
/// above-left of a rising curve, above-right or below-left of a falling one), then further
/// out, then straight above or below; where the whole label has no clear place, the same with
/// its trailing parts (", m* = …") dropped one by one.
fn point_label(
    label: &str,
    (px, py): (f64, f64),
    curve: &[(f64, f64)],
    geo: &Geometry,
    obstacles: &mut Obstacles,
) -> Option<Placed> {
    // Rising on screen: y (down) falls as x grows, judged from the curve around the point.
    let before = curve.iter().rev().find(|(x, _)| *x < px - 1.0);
    let after = curve.iter().find(|(x, _)| *x > px + 1.0);
    let rising = match (before, after) {
        (Some(a), Some(b)) => b.1 < a.1,
        (Some(a), None) => py < a.1,
        (None, Some(b)) => b.1 < py,
        (None, None) => true,
    };
    let gap = geo.px(8.0);
    let mut texts = vec![label.to_string()];
    let mut rest = label;
    while let Some((head, _)) = rest.rsplit_once(", ") {
        texts.push(head.to_string());
        rest = head;
    }
    for text in texts {
        let (w, h) = text_size(&text, MARK_FONT, geo.ratio);
        let mut spots = Vec::new();
        for k in [1.0, 3.0, 6.0, 10.0] {
            let (right, left) = (px + gap, px - gap - w);
            let (below, above) = (py + gap * k, py - gap * k - h);
            if rising {
                spots.extend([(right, below), (left, above), (right, above), (left, below)]);
            } else {
                spots.extend([(right, above), (left, below), (right, below), (left, above)]);
            }
            let centred = (px - w / 2.0).clamp(geo.area.l, (geo.area.r - w).max(geo.area.l));
            spots.extend([(centred, below), (centred, above)]);
        }
        if let Some(rect) = obstacles.take(spots, (w, h), None) {
            return Some(placed(&text, rect, Ink::Text, MARK_FONT));
        }
    }
    None
}

/// Places for a curve's letter: beside its points, from the right end leftwards.
fn letter_spots(
    curve: &[(f64, f64)],
    (w, h): (f64, f64),
    gap: f64,
) -> impl Iterator<Item = (f64, f64)> + '_ {
    let n = curve.len();
    (1..=16)
        .filter_map(move |k| curve.get(n * (17 - k) / 17).copied())
        .flat_map(move |(px, py)| {
            [
                (px - w / 2.0, py - gap - h),
                (px - w / 2.0, py + gap),
                (px + gap, py - h / 2.0),
                (px - gap - w, py - h / 2.0),
            ]
        })
}

/// A placed label as the canvas's `data-labels` holds it: its text and its box in CSS pixels,
/// to a tenth.
#[derive(serde::Serialize)]
struct Shown<'a> {
    text: &'a str,
    l: f64,
    t: f64,
    r: f64,
    b: f64,
}

/// The placed labels as JSON, in CSS pixels: `[{"text", "l", "t", "r", "b"}]`, which the
/// canvas carries as `data-labels` so that a test can check the chart on the screen.
pub fn to_json(placed: &[Placed], ratio: f64) -> String {
    let css = |v: f64| (v / ratio * 10.0).round() / 10.0;
    let shown: Vec<Shown> = placed
        .iter()
        .map(|p| Shown {
            text: &p.text,
            l: css(p.rect.l),
            t: css(p.rect.t),
            r: css(p.rect.r),
            b: css(p.rect.b),
        })
        .collect();
    // Strings and finite numbers: nothing here can fail to serialise.
    serde_json::to_string(&shown).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::{compare_plot, plot, Which};
    use commcalc_core::catalog::MACHINES;
    use commcalc_core::patterns::PATTERNS;
    use commcalc_core::units::si;
    use commcalc_core::{evaluate, Scenario};

    /// Canvas sizes (CSS pixels, ratio) of a chart on a phone and on a laptop.
    const SIZES: [((f64, f64), f64); 2] = [((335.0, 210.0), 2.0), ((560.0, 330.0), 1.0)];

    /// Every placed label is inside the plot, clear of the curves, the mark lines other than
    /// its own, the dots and every other label.
    fn check(plot: &Plot, scale: Scale, what: &str) {
        for ((w, h), ratio) in SIZES {
            let geo = Geometry::new(plot, scale, (w * ratio, h * ratio), ratio);
            let labels = layout(plot, &geo);
            let curves: Vec<Vec<(f64, f64)>> = plot
                .series
                .iter()
                .filter(|s| !s.measured)
                .map(|s| s.points.iter().map(|&(x, y)| geo.at(x, y)).collect())
                .collect();
            let marks = marks(plot);
            for (i, a) in labels.iter().enumerate() {
                let at = format!("{what} at {w}×{h}: \"{}\" {:?}", a.text, a.rect);
                assert!(a.rect.inside(&geo.area), "{at}: outside the plot");
                assert!(
                    !curves.iter().any(|c| a.rect.crossed_by_curve(c)),
                    "{at}: on a curve"
                );
                for (m, _) in &marks {
                    let x = geo.at(m.x, 1.0).0;
                    let line = [(x, geo.area.t), (x, geo.area.b)];
                    assert!(
                        m.label == a.text || !a.rect.crossed_by_curve(&line),
                        "{at}: struck by {}",
                        m.label
                    );
                }
                for b in &labels[i + 1..] {
                    assert!(!a.rect.overlaps(&b.rect), "{at}: over \"{}\"", b.text);
                }
            }
        }
    }

    /// Passing over the segments beside a box gives the answer of clipping every segment, for
    /// boxes all over the canvas: on a wavy curve that also runs backwards (both answers occur
    /// many times), and on the same with NaN and infinite points.
    #[test]
    fn a_curve_crosses_a_box_as_its_segments_do() {
        let wavy: Vec<(f64, f64)> = (0..200)
            .map(|i| {
                let x = f64::from(i) * 3.0;
                (x, 300.0 - (x * 0.05).sin() * 80.0 - x * 0.3)
            })
            .chain([(600.0, 5.0), (40.0, 50.0)])
            .collect();
        let mut odd = wavy.clone();
        odd.extend([
            (f64::NAN, 10.0),
            (650.0, f64::INFINITY),
            (f64::NEG_INFINITY, 60.0),
        ]);
        let (mut crossed, mut clear) = (0, 0);
        for l in (-30..660).step_by(7) {
            for t in (-20..340).step_by(9) {
                let r = Rect::at(f64::from(l), f64::from(t), (23.0, 11.0));
                for curve in [&wavy, &odd] {
                    let every = curve.windows(2).any(|w| r.crossed_by(w[0], w[1]));
                    assert_eq!(r.crossed_by_curve(curve), every, "{r:?}");
                }
                if r.crossed_by_curve(&wavy) {
                    crossed += 1;
                } else {
                    clear += 1;
                }
            }
        }
        assert!(
            crossed > 300 && clear > 300,
            "{crossed} crossed, {clear} clear"
        );
    }

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// Every machine × pattern's two charts, on every axes, at phone and laptop sizes.
    #[test]
    fn calculator_labels_never_collide() {
        for machine in MACHINES {
            for pattern in PATTERNS
                .iter()
                .filter(|p| p.unsupported_on(machine).is_none())
            {
                let s = scenario(&format!("machine={}&pattern={}", machine.id, pattern.id));
                let Ok(r) = evaluate(&s) else { continue };
                for scale in Scale::ALL {
                    for which in [Which::Latency, Which::Bandwidth] {
                        let p = plot(&r, pattern, which, scale);
                        check(&p, scale, &s.to_query());
                    }
                }
            }
        }
    }

    /// The issue's case: ATM ping-pong's point label and x_max no longer overlap, and both are
    /// still written on a laptop's chart.
    #[test]
    fn atm_pingpong_keeps_its_point_label_and_x_max_apart() {
        let s = scenario("machine=atm-sparc20&pattern=pingpong");
        let r = evaluate(&s).unwrap();
        let p = plot(&r, s.pattern, Which::Bandwidth, Scale::Log);
        check(&p, Scale::Log, "atm");
        let ((w, h), ratio) = SIZES[1];
        let labels = layout(&p, &Geometry::new(&p, Scale::Log, (w, h), ratio));
        let x_max = si(r.metric("max_data_bytes").unwrap(), "B");
        assert!(
            labels.iter().any(|l| l.text.ends_with(&x_max)),
            "{labels:?}"
        );
        assert!(labels.iter().any(|l| l.text.contains('→')), "{labels:?}");
    }

    /// Compared curves, their letters and crossovers.
    #[test]
    fn compare_labels_never_collide() {
        for pair in [
            [
                "machine=intel-ipsc&pattern=pingpong",
                "machine=ametek-s14&pattern=pingpong",
            ],
            [
                "machine=intel-paragon&pattern=pingpong",
                "machine=ibm-sp2&pattern=pingpong",
            ],
            [
                "machine=intel-paragon&pattern=pingpong",
                "machine=intel-paragon&pattern=pingpong",
            ],
        ] {
            let list: Vec<Scenario> = pair.iter().map(|q| scenario(q)).collect();
            let c = commcalc_core::compare::compare(&list).unwrap();
            for scale in Scale::ALL {
                for which in [Which::Latency, Which::Bandwidth] {
                    check(&compare_plot(&c, which, scale), scale, &pair.join(" vs "));
                }
            }
        }
    }

    /// Where nothing fits, a label is shortened, then left out, never drawn over the curve.
    #[test]
    fn a_label_without_room_is_shortened_or_left_out() {
        let s = scenario("machine=atm-sparc20&pattern=pipelined-send&data=115k&size=2k");
        let r = evaluate(&s).unwrap();
        let p = plot(&r, s.pattern, Which::Latency, Scale::Log);
        let tiny = Geometry::new(&p, Scale::Log, (140.0, 90.0), 1.0);
        for l in layout(&p, &tiny) {
            assert!(l.rect.inside(&tiny.area), "{l:?}");
        }
        let full = p.point.as_ref().unwrap().2.clone();
        let wide = Geometry::new(&p, Scale::Log, (1200.0, 500.0), 1.0);
        assert!(layout(&p, &wide).iter().any(|l| l.text == full));
    }

    #[test]
    fn labels_read_as_json_in_css_pixels() {
        let p = Placed {
            text: "a \"b\"".into(),
            rect: Rect::at(10.0, 20.0, (30.0, 40.0)),
            ink: Ink::Text,
            font: 12.0,
        };
        assert_eq!(
            to_json(&[p], 2.0),
            r#"[{"text":"a \"b\"","l":5.0,"t":10.0,"r":20.0,"b":30.0}]"#
        );
    }
}
