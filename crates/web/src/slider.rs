//! Slider mapping: an `<input type=range>` moves in whole steps from 0 to [`STEPS`]; this maps
//! a step to a value and back, on a log scale where the range spans decades, and rounds the
//! value to the fewest significant digits that still land on the same step, so that the URL
//! reads `alpha=150`, not `alpha=149.87362`.

/// Positions of a slider, 0 to `STEPS` inclusive.
pub const STEPS: u32 = 1000;

/// How far below the top a log slider whose range starts at 0 reaches before its zero step:
/// four decades, more than any parameter needs between its paper value and its bound.
const ZERO_FLOOR_DECADES: f64 = 4.0;

/// A slider's mapping between steps and values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    lo: f64,
    hi: f64,
    scale: Scale,
    /// The values' grain: 1 for whole numbers, 2 for an even p, `None` for any value.
    grain: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Scale {
    Linear,
    /// Log from `lo` to `hi`.
    Log,
    /// Step 0 is exactly 0; steps 1… are log from `floor` to `hi`.
    LogWithZero {
        floor: f64,
    },
}

impl Slider {
    /// A slider over `lo..=hi`. It is log-scaled when the range spans two decades or more, or
    /// starts at 0 (a parameter a user may switch off) and spans more than one; `typical` (the
    /// paper's value) keeps the zero-floor below it. A `grain` rounds values to its multiples
    /// (1: whole numbers; 2: the even p of disjoint pairs).
    pub fn new(lo: f64, hi: f64, typical: Option<f64>, grain: Option<u32>) -> Slider {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let scale = if lo > 0.0 && hi / lo >= 100.0 {
            Scale::Log
        } else if lo == 0.0 && hi > 0.0 && grain.is_none() {
            let mut floor = hi * 10f64.powf(-ZERO_FLOOR_DECADES);
            if let Some(t) = typical.filter(|t| *t > 0.0 && *t < floor * 10.0) {
                floor = t / 10.0;
            }
            Scale::LogWithZero { floor }
        } else {
            Scale::Linear
        };
        Slider {
            lo,
            hi,
            scale,
            grain,
        }
    }

    /// The slider without its zero step, for a parameter that may not be 0
    /// (`ParamSet::excludes_zero`): log from the zero-floor up, every step a positive value.
    pub fn without_zero(self) -> Slider {
        match self.scale {
            Scale::LogWithZero { floor } => Slider {
                lo: floor,
                scale: Scale::Log,
                ..self
            },
            _ => self,
        }
    }

    /// The step nearest to a value (values outside the range go to its ends).
    pub fn position(&self, v: f64) -> u32 {
        if !v.is_finite() {
            return 0;
        }
        let v = v.clamp(self.lo, self.hi);
        let t = match self.scale {
            Scale::Linear if self.hi > self.lo => (v - self.lo) / (self.hi - self.lo),
            Scale::Linear => 0.0,
            Scale::Log => (v / self.lo).ln() / (self.hi / self.lo).ln(),
            Scale::LogWithZero { floor } => {
                if v <= 0.0 {
                    return 0;
                }
                let t = (v.max(floor) / floor).ln() / (self.hi / floor).ln();
                // Step 0 is zero, so the log part runs over steps 1…STEPS.
                return (1.0 + t * f64::from(STEPS - 1)).round() as u32;
            }
        };
        (t * f64::from(STEPS)).round().clamp(0.0, f64::from(STEPS)) as u32
    }

    /// The value at a step: exact at the ends, otherwise rounded to the fewest significant
    /// digits that map back to the same step (multiples of the grain where it has one).
    pub fn value(&self, position: u32) -> f64 {
        let position = position.min(STEPS);
        let raw = self.raw(position);
        if let Some(grain) = self.grain {
            let g = f64::from(grain.max(1));
            let least = (self.lo / g).ceil() * g;
            return ((raw / g).round() * g).clamp(least, ((self.hi / g).floor() * g).max(least));
        }
        if position == 0 || position == STEPS {
            return raw;
        }
        (2..=8)
            .map(|digits| round_sig(raw, digits).clamp(self.lo, self.hi))
            .find(|v| self.position(*v) == position)
            .unwrap_or(raw)
    }

    fn raw(&self, position: u32) -> f64 {
        let t = f64::from(position) / f64::from(STEPS);
        match self.scale {
            Scale::Linear => self.lo + t * (self.hi - self.lo),
            Scale::Log if position == STEPS => self.hi,
            Scale::Log => self.lo * (self.hi / self.lo).powf(t),
            Scale::LogWithZero { .. } if position == 0 => 0.0,
            Scale::LogWithZero { .. } if position == STEPS => self.hi,
            Scale::LogWithZero { floor } => {
                let t = f64::from(position - 1) / f64::from(STEPS - 1);
                floor * (self.hi / floor).powf(t)
            }
        }
    }
}

/// `v` to `digits` significant digits, through its decimal text so that the result prints
/// short (0.0115, not 0.011500000000000002).
pub fn round_sig(v: f64, digits: usize) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    format!("{:.*e}", digits.saturating_sub(1), v)
        .parse()
        .unwrap_or(v)
}

/// A number as a form field shows it and a query carries it: the shortest decimal that reads
/// back to the same value, without exponent.
pub fn plain(v: f64) -> String {
    format!("{v}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_where_the_range_spans_decades() {
        let log = |s: Slider| !matches!(s.scale, Scale::Linear);
        assert!(log(Slider::new(1.0, 1e6, None, None)));
        assert!(log(Slider::new(0.0, 5000.0, Some(146.0), None)));
        assert!(!log(Slider::new(1.0, 64.0, None, Some(1))));
        assert!(!log(Slider::new(5.0, 35.0, None, None)));
    }

    #[test]
    fn ends_are_exact() {
        let s = Slider::new(1.0, 1e6, None, None);
        assert_eq!(s.value(0), 1.0);
        assert_eq!(s.value(STEPS), 1e6);
        let z = Slider::new(0.0, 120.0, None, None);
        assert_eq!(z.value(0), 0.0);
        assert_eq!(z.position(0.0), 0);
        assert_eq!(z.value(STEPS), 120.0);
    }

    /// Every step maps to a short value that maps back to the same step, so dragging or
    /// pressing an arrow key always moves.
    #[test]
    fn steps_round_trip_with_short_values() {
        for s in [
            Slider::new(1.0, 1e6, None, None),
            Slider::new(0.0, 5000.0, Some(146.0), None),
            Slider::new(0.0, 1.0, Some(0.0115), None),
            Slider::new(5.0, 35.0, None, None),
            Slider::new(0.1, 1000.0, None, None),
            Slider::new(0.0, 1.0, Some(0.0115), None).without_zero(),
        ] {
            for pos in 0..=STEPS {
                let v = s.value(pos);
                assert_eq!(s.position(v), pos, "{s:?} at {pos}: {v}");
                assert!(plain(v).len() <= 16, "{s:?} at {pos}: {v}");
            }
        }
    }

    #[test]
    fn paper_values_sit_on_a_step_near_themselves() {
        let s = Slider::new(0.0, 1.0, Some(0.0115), None);
        let v = s.value(s.position(0.0115));
        assert!((v / 0.0115 - 1.0).abs() < 0.01, "{v}");
        let s = Slider::new(0.0, 5000.0, Some(146.0), None);
        let v = s.value(s.position(146.0));
        assert!((v / 146.0 - 1.0).abs() < 0.01, "{v}");
    }

    /// Sliders with a grain give its multiples inside the range (whole numbers; the even p of
    /// disjoint pairs, an odd end included) and never go backwards.
    #[test]
    fn grained_sliders_are_monotone() {
        for (grain, lo, hi) in [(1, 2.0, 4096.0), (2, 2.0, 4096.0), (2, 3.0, 101.0)] {
            let s = Slider::new(lo, hi, None, Some(grain));
            let mut last = 0.0;
            for pos in 0..=STEPS {
                let v = s.value(pos);
                assert_eq!(v % f64::from(grain), 0.0, "{s:?} at {pos}: {v}");
                assert!((lo..=hi).contains(&v), "{s:?} at {pos}: {v}");
                assert!(v >= last);
                last = v;
            }
        }
        assert_eq!(Slider::new(2.0, 4096.0, None, Some(2)).value(STEPS), 4096.0);
    }

    /// A slider without its zero step offers only positive values, the range's top included.
    #[test]
    fn without_zero_every_step_is_positive() {
        let s = Slider::new(0.0, 1.0, Some(0.0115), None).without_zero();
        assert!(s.value(0) > 0.0 && s.value(0) < 0.0115);
        assert_eq!(s.value(STEPS), 1.0);
        assert_eq!(s.position(0.0), 0);
    }

    #[test]
    fn rounding_prints_short() {
        assert_eq!(plain(round_sig(0.011_500_000_000_000_002, 3)), "0.0115");
        assert_eq!(plain(round_sig(146.7382, 3)), "147");
        assert_eq!(plain(1e12), "1000000000000");
        assert_eq!(plain(round_sig(0.0, 3)), "0");
    }
}
