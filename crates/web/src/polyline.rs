//! Which of a curve's points a chart needs to draw it. The core samples a curve at 512 sizes
//! (`report::CURVE_POINTS`), about a point per pixel and a half of a chart; a curve of these
//! models is nearly straight over most of that (a straight line on log–log axes wherever one
//! term of the model dominates), so most points lie on the segment between their neighbours.
//! Each point drawn is a `lineTo` call from wasm and a joint the canvas strokes when it
//! rasterizes the frame. Drawn from every point, a slider input that changes the curves cost
//! about 1.1 ms of the main thread in the frame's commit, which rasterizes the canvases; drawn
//! from the points kept here, about 0.8 ms.
//!
//! [`vertices`] keeps the points that the drawn line needs within a tolerance, by
//! Ramer–Douglas–Peucker: every point left out lies within the tolerance of the segment drawn
//! in its place, so with half a pixel the line drawn is the same to the pixel grid the chart
//! draws on.

/// Half a device pixel: what the chart's integer pixel coordinates round away anyway.
pub const TOLERANCE: f64 = 0.5;

/// The indices of the points of `pixels` (a polyline, in pixels, every coordinate finite) that
/// draw it within `tolerance` pixels: the first and the last, and between two kept points, the
/// farthest from the segment joining them while it is farther than `tolerance`. In increasing
/// order.
pub fn vertices(pixels: &[(f64, f64)], tolerance: f64) -> Vec<usize> {
    let Some(last) = pixels.len().checked_sub(1) else {
        return Vec::new();
    };
    let mut keep = vec![false; pixels.len()];
    keep[0] = true;
    keep[last] = true;
    // Spans still to split, as (first, last) index pairs: a stack rather than recursion, so
    // that a long curve cannot exhaust wasm's stack.
    let mut spans = vec![(0, last)];
    while let Some((a, b)) = spans.pop() {
        let (mut farthest, mut most) = (None, tolerance * tolerance);
        for i in a + 1..b {
            let d = squared_distance(pixels[i], pixels[a], pixels[b]);
            if d > most {
                (farthest, most) = (Some(i), d);
            }
        }
        if let Some(i) = farthest {
            keep[i] = true;
            spans.push((a, i));
            spans.push((i, b));
        }
    }
    (0..pixels.len()).filter(|&i| keep[i]).collect()
}

/// The square of the distance from `p` to the segment `a`–`b` (to `a` when the segment is a
/// point).
fn squared_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (px, py) = (p.0 - a.0, p.1 - a.1);
    let length2 = dx * dx + dy * dy;
    let t = if length2 > 0.0 {
        ((px * dx + py * dy) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (px - t * dx, py - t * dy);
    ex * ex + ey * ey
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point left out lies within `tolerance` of the segment drawn in its place.
    fn check_within(pixels: &[(f64, f64)], kept: &[usize], tolerance: f64) {
        assert_eq!(kept.first(), Some(&0));
        assert_eq!(kept.last(), Some(&(pixels.len() - 1)));
        for w in kept.windows(2) {
            assert!(w[0] < w[1], "kept indices increase: {kept:?}");
            for i in w[0] + 1..w[1] {
                let d = squared_distance(pixels[i], pixels[w[0]], pixels[w[1]]).sqrt();
                assert!(d <= tolerance, "point {i} is {d} px from its segment");
            }
        }
    }

    #[test]
    fn a_straight_curve_is_drawn_from_its_two_ends() {
        let line: Vec<_> = (0..512)
            .map(|i| (i as f64, 3.0 + 0.25 * i as f64))
            .collect();
        assert_eq!(vertices(&line, TOLERANCE), vec![0, 511]);
    }

    #[test]
    fn a_step_keeps_its_corners() {
        // Flat, a rise of 40 px over one pixel, flat again: the corners at 99, 100.
        let step: Vec<_> = (0..200)
            .map(|i| (i as f64, if i < 100 { 10.0 } else { 50.0 }))
            .collect();
        assert_eq!(vertices(&step, TOLERANCE), vec![0, 99, 100, 199]);
    }

    #[test]
    fn a_bend_is_drawn_within_the_tolerance_from_far_fewer_points() {
        // A Hockney curve, t0 + n/r, on log–log axes over 730 px: the shape of most charts.
        let pixels: Vec<_> = (0..512)
            .map(|i| {
                let n = 10f64.powf(7.0 * i as f64 / 511.0);
                let t = 50.0 + n / 80.0;
                (730.0 * i as f64 / 511.0, 280.0 - 40.0 * t.log10())
            })
            .collect();
        let kept = vertices(&pixels, TOLERANCE);
        check_within(&pixels, &kept, TOLERANCE);
        assert!(kept.len() < 40, "{} points kept", kept.len());
    }

    #[test]
    fn a_jagged_curve_is_kept_within_the_tolerance() {
        // A deterministic zigzag of random-looking amplitudes, some below the tolerance.
        let mut seed = 12345u32;
        let pixels: Vec<_> = (0..300)
            .map(|i| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (i as f64 * 0.7, f64::from(seed >> 16) / 65536.0 * 3.0)
            })
            .collect();
        let kept = vertices(&pixels, TOLERANCE);
        check_within(&pixels, &kept, TOLERANCE);
        assert!(kept.len() < pixels.len());
    }

    #[test]
    fn short_and_odd_polylines() {
        assert_eq!(vertices(&[], TOLERANCE), Vec::<usize>::new());
        assert_eq!(vertices(&[(1.0, 2.0)], TOLERANCE), vec![0]);
        assert_eq!(vertices(&[(1.0, 2.0), (1.0, 2.0)], TOLERANCE), vec![0, 1]);
        // Back and forth on one line: the turning point is kept.
        let back = [(0.0, 0.0), (10.0, 0.0), (5.0, 0.0)];
        assert_eq!(vertices(&back, TOLERANCE), vec![0, 1, 2]);
    }
}
