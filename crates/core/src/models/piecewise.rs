//! The piecewise linear (α-β) model: Hockney's line T(n) = α + β·n (003 eq. 1) with its own α
//! and β in each of up to three ranges of message size, the ranges an MPI library's protocols
//! (eager, rendezvous, ...) give. SMPI costs point-to-point messages this way (Clauss,
//! Stillwell, Genaud, Suter, Casanova and Quinson, "Single node on-line simulation of MPI
//! applications with SMPI", IPDPS 2011, §4: a piece-wise linear model of three segments fitted
//! to a ping-pong), and so does `commcalc fit` (its piecewise fit, `measurements::fit`).
//!
//! Range k runs from its first size b_k (b_1 = 0) up to the next range's: T(n) = α_k + β_k·n
//! for b_k ≤ n < b_{k+1}. A range whose first size lies beyond every message (10¹², the
//! largest size the query language accepts) is never reached.

use super::hockney::Hockney;

/// A first size no message reaches: the largest size the query language takes
/// (`query::MAX_BYTES`), so that a range starting there is left out.
pub const UNREACHED_BYTES: f64 = 1e12;

/// The most ranges a machine has: three, as SMPI's model and the fit's breakpoint search.
pub const MAX_RANGES: usize = 3;

/// The query keys of range k (1-based) in order: its first size (`None` for range 1, which
/// starts at 0), its α and its β.
pub const KEYS: [(Option<&str>, &str, &str); MAX_RANGES] = [
    (None, "alpha", "beta"),
    (Some("break_2"), "alpha_2", "beta_2"),
    (Some("break_3"), "alpha_3", "beta_3"),
];

/// One range: its first size in bytes, its start-up α (µs) and time per byte β (µs/B).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    pub from: f64,
    pub line: Hockney,
}

/// Up to [`MAX_RANGES`] ranges, their first sizes growing from 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piecewise {
    ranges: [Range; MAX_RANGES],
    len: usize,
}

impl Piecewise {
    /// The model of `ranges`, or why not: none, more than [`MAX_RANGES`], the first not at 0,
    /// first sizes that shrink.
    pub fn new(ranges: &[Range]) -> Result<Piecewise, String> {
        let first = ranges.first().ok_or("no range")?;
        if ranges.len() > MAX_RANGES {
            return Err(format!("{} ranges, more than {MAX_RANGES}", ranges.len()));
        }
        if first.from != 0.0 {
            return Err(format!("the first range starts at {} B, not 0", first.from));
        }
        if let Some(w) = ranges.windows(2).find(|w| w[1].from < w[0].from) {
            return Err(format!(
                "a range starts at {} B, below the one before it ({} B): the ranges' first \
                 sizes must grow",
                w[1].from, w[0].from
            ));
        }
        let mut all = [*first; MAX_RANGES];
        all[..ranges.len()].copy_from_slice(ranges);
        Ok(Piecewise {
            ranges: all,
            len: ranges.len(),
        })
    }

    /// One range: Hockney's line at every size.
    pub fn single(line: Hockney) -> Piecewise {
        Piecewise {
            ranges: [Range { from: 0.0, line }; MAX_RANGES],
            len: 1,
        }
    }

    pub fn ranges(&self) -> &[Range] {
        &self.ranges[..self.len]
    }

    /// The index of the range a message of n bytes falls in: the last whose first size is at
    /// most n.
    pub fn index_of(&self, n: f64) -> usize {
        self.ranges().iter().rposition(|r| r.from <= n).unwrap_or(0)
    }

    /// The line of the range n falls in.
    pub fn line(&self, n: f64) -> Hockney {
        self.ranges[self.index_of(n)].line
    }

    /// T(n) = α_k + β_k·n in the range k of n.
    pub fn time(&self, n: f64) -> f64 {
        self.line(n).time(n)
    }

    /// The line of the last range: the large messages' start-up and asymptotic time per byte
    /// (r∞ = 1/β of that range).
    pub fn last(&self) -> Hockney {
        self.ranges[self.len - 1].line
    }

    /// The least α and the least β of all ranges: a line below the model at every size, for
    /// the bounds that prune searches.
    pub fn floor(&self) -> Hockney {
        let least = |f: fn(&Hockney) -> f64| {
            self.ranges()
                .iter()
                .map(|r| f(&r.line))
                .fold(f64::INFINITY, f64::min)
        };
        Hockney {
            alpha: least(|h| h.alpha),
            beta: least(|h| h.beta),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(alpha: f64, beta: f64) -> Hockney {
        Hockney { alpha, beta }
    }

    #[test]
    fn each_size_takes_its_range_s_line() {
        let m = Piecewise::new(&[
            Range {
                from: 0.0,
                line: line(1.0, 0.001),
            },
            Range {
                from: 8192.0,
                line: line(5.0, 0.0005),
            },
        ])
        .unwrap();
        assert_eq!(m.time(8191.0), 1.0 + 0.001 * 8191.0);
        assert_eq!(m.time(8192.0), 5.0 + 0.0005 * 8192.0);
        assert_eq!(m.last(), line(5.0, 0.0005));
        assert_eq!(m.floor(), line(1.0, 0.0005));
        assert_eq!(Piecewise::single(line(2.0, 0.1)).time(10.0), 3.0);
    }

    #[test]
    fn ranges_out_of_order_are_refused() {
        let r = |from| Range {
            from,
            line: line(1.0, 0.0),
        };
        let e = Piecewise::new(&[r(0.0), r(100.0), r(50.0)]).unwrap_err();
        assert!(e.contains("must grow"), "{e}");
        assert!(Piecewise::new(&[r(1.0)]).is_err());
        assert!(Piecewise::new(&[]).is_err());
    }
}
