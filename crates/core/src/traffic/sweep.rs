//! Sweeps: one simulation per value of one query key (003 Figs. 7 and 8 are such sweeps:
//! completion time against the sphere's radius, the decay and the stack hit probability).
//! `commcalc traffic --sweep KEY=FROM:TO:STEPS` and the web's Traffic view both build their
//! runs here, so that the two give the same values and the same scenarios.

use crate::error::{Error, Errors};
use crate::inputs::Key;
use crate::patterns::traffic::config_of;
use crate::scenario::Scenario;
use crate::units::{parse_number, parse_size};

use super::{Config, Simulation, Summary};

/// `KEY=FROM:TO:STEPS`: `steps` values evenly from `from` to `to` of one key.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub key: String,
    pub from: f64,
    pub to: f64,
    pub steps: usize,
    /// FROM and TO as written, where both are whole numbers: a whole-number key's values are
    /// interpolated from these exactly (a seed runs to 2⁶⁴ − 1, far beyond the whole numbers an
    /// f64 holds: rounded through one, `seed=0:18446744073709551615:3` ended at 2⁶⁴, refused).
    pub whole: Option<(u64, u64)>,
}

/// The most values one sweep runs.
pub const MAX_STEPS: usize = 1000;

/// `KEY=FROM:TO:STEPS`, e.g. `hit=0:0.9:10`, as `commcalc traffic --sweep` takes it: FROM and
/// TO as the query language reads the key's values (`size=1k:4k:4`), and whole for a key of
/// whole numbers, whose sweep would otherwise start or end at a value not asked for. Whether
/// the key and its values suit the query is for [`Sweep::scenarios`] to say.
impl std::str::FromStr for Sweep {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Sweep, Error> {
        let bad = |why: &str| {
            Error::invalid(
                "sweep",
                spec,
                format!("KEY=FROM:TO:STEPS (e.g. hit=0:0.9:10), {why}"),
            )
        };
        let (key, range) = spec.split_once('=').ok_or_else(|| bad("with an ="))?;
        let [from_text, to_text, steps] = range.split(':').collect::<Vec<_>>()[..] else {
            return Err(bad("three parts after the = separated by colons"));
        };
        let key = key.trim();
        let input = Key::of(key);
        let sized = input.is_some_and(|k| k.unit_bytes().is_some());
        let number = |s: &str| {
            if sized {
                parse_size(s)
            } else {
                parse_number(s)
            }
        };
        let (Some(from), Some(to)) = (number(from_text), number(to_text)) else {
            return Err(bad(if sized {
                "FROM and TO sizes ≥ 0, optionally with k, M, G, Ki, Mi or Gi"
            } else {
                "FROM and TO finite numbers ≥ 0"
            }));
        };
        if input.is_some_and(Key::whole) && (from.fract() != 0.0 || to.fract() != 0.0) {
            return Err(bad(&format!("FROM and TO whole numbers, as {key} takes")));
        }
        let steps = steps
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_STEPS).contains(n))
            .ok_or_else(|| bad(&format!("STEPS a whole number from 1 to {MAX_STEPS}")))?;
        if key.is_empty() {
            return Err(bad("a key before the ="));
        }
        Ok(Sweep {
            key: key.to_string(),
            from,
            to,
            steps,
            whole: Sweep::whole_ends(from_text, to_text),
        })
    }
}

impl Sweep {
    /// The sweep as `KEY=FROM:TO:STEPS` reads it back: whole endpoints as written (2⁶⁴ − 1
    /// printed through an f64 would read 18446744073709552000, beyond the seed's range).
    pub fn spec(&self) -> String {
        let (from, to) = match self.whole {
            Some((from, to)) => (from.to_string(), to.to_string()),
            None => (self.from.to_string(), self.to.to_string()),
        };
        format!("{}={from}:{to}:{}", self.key, self.steps)
    }

    /// `steps` values of `key` from `from` to `to`, interpolated in f64 (whole-number keys
    /// rounded).
    pub fn new(key: &str, from: f64, to: f64, steps: usize) -> Sweep {
        Sweep {
            key: key.into(),
            from,
            to,
            steps,
            whole: None,
        }
    }

    /// Values from `from` to `to` in `steps` even steps, whole numbers for whole-number keys
    /// (duplicates dropped), printed without rounding noise.
    pub fn values(&self) -> Vec<String> {
        let whole = self.whole_key();
        let n = self.steps.max(1);
        let exact = self.whole.filter(|_| whole);
        let mut out: Vec<String> = (0..n)
            .map(|i| {
                if let Some((from, to)) = exact {
                    return exact_step(from, to, i, n).to_string();
                }
                let t = if n > 1 {
                    i as f64 / (n - 1) as f64
                } else {
                    0.0
                };
                let v = self.from + t * (self.to - self.from);
                if whole {
                    format!("{}", v.round())
                } else {
                    format!("{}", (v * 1e9).round() / 1e9)
                }
            })
            .collect();
        out.dedup();
        out
    }

    /// Says when the sweep runs fewer values than its steps: steps that round to the same
    /// value (a key of whole numbers, mostly) run it once.
    pub fn note(&self) -> Option<String> {
        let runs = self.values().len();
        let why = if self.whole_key() {
            format!("{} takes whole numbers, and ", self.key)
        } else {
            String::new()
        };
        (runs < self.steps).then(|| {
            format!(
                "{runs} values, not {}: {why}steps that round to the same one run it once",
                self.steps
            )
        })
    }

    /// Whether the key takes whole numbers only.
    fn whole_key(&self) -> bool {
        Key::of(&self.key).is_some_and(Key::whole)
    }

    /// The endpoints as whole numbers, where both texts are (for [`Sweep::whole`]).
    pub fn whole_ends(from: &str, to: &str) -> Option<(u64, u64)> {
        Some((from.trim().parse().ok()?, to.trim().parse().ok()?))
    }

    /// The scenario of each value: `base` with the key set to it, or the value the query
    /// language refused with its errors.
    pub fn scenarios(&self, base: &Scenario) -> Result<Vec<(String, Scenario)>, (String, Errors)> {
        self.values()
            .into_iter()
            .map(|value| match base.with(&self.key, &value) {
                Ok(s) => Ok((value, s)),
                Err(e) => Err((value, e)),
            })
            .collect()
    }

    /// The configuration of each value, in order; an error names the value it stopped at.
    pub fn configs(&self, base: &Scenario) -> Result<Vec<(String, Config)>, Error> {
        let list = self
            .scenarios(base)
            .map_err(|(v, e)| self.at(&v, e.to_string()))?;
        list.into_iter()
            .map(|(value, scenario)| match config_of(&scenario) {
                Ok((config, _)) => Ok((value, config)),
                Err(e) => Err(self.at(&value, e.to_string())),
            })
            .collect()
    }

    fn at(&self, value: &str, reason: String) -> Error {
        Error::Unsupported {
            key: self.key.clone(),
            value: value.to_string(),
            reason,
        }
    }

    /// Simulates every value in order, calling `progress(done, total)` with the replications
    /// done over the whole sweep (`simulate_with`'s, each value's counted after the values
    /// before it); an error names the value it stopped at.
    pub fn run(
        &self,
        base: &Scenario,
        progress: &mut dyn FnMut(f64, u32),
    ) -> Result<Vec<(String, Summary)>, Error> {
        let (values, configs): (Vec<String>, Vec<Config>) = self.configs(base)?.into_iter().unzip();
        let summaries = Simulation::new(configs)?.finish(progress);
        Ok(values.into_iter().zip(summaries).collect())
    }
}

/// The `i`th of `n` whole values evenly from `from` to `to` (either way), rounded to the
/// nearest, in integers wide enough for any pair of u64.
fn exact_step(from: u64, to: u64, i: usize, n: usize) -> u64 {
    if n < 2 {
        return from;
    }
    let (i, last) = (i as u128, (n - 1) as u128);
    let span = u128::from(from.abs_diff(to));
    let offset = ((span * i * 2 + last) / (last * 2)) as u64;
    if to >= from {
        from + offset
    } else {
        from - offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(key: &str, from: f64, to: f64, steps: usize) -> Sweep {
        Sweep::new(key, from, to, steps)
    }

    #[test]
    fn a_spec_is_key_from_to_steps() {
        assert_eq!("hit=0:0.9:10".parse(), Ok(s("hit", 0.0, 0.9, 10)));
        // Whole endpoints are kept as written too, for whole-number keys' exact values.
        let radius = Sweep {
            whole: Some((1, 4)),
            ..s("radius", 1.0, 4.0, 4)
        };
        assert_eq!(" radius = 1 : 4 : 4".parse(), Ok(radius));
        let limit = format!("hit=0:1:{}", MAX_STEPS + 1);
        for (spec, why) in [
            ("hit", "with an ="),
            ("hit=0:1", "three parts"),
            ("hit=a:1:3", "FROM and TO"),
            ("hit=-1:1:3", "FROM and TO"),
            ("hit=0:1:0", "STEPS a whole number"),
            (&limit, "STEPS a whole number"),
            ("=0:1:3", "a key before"),
        ] {
            let err = spec.parse::<Sweep>().unwrap_err().to_string();
            assert!(
                err.contains("KEY=FROM:TO:STEPS") && err.contains(why),
                "{spec}: {err}"
            );
        }
    }

    /// FROM and TO are read as the query reads the key's values, sizes with their suffixes;
    /// a key of whole numbers is swept from and to whole numbers.
    #[test]
    fn ends_are_read_as_the_key_reads_them() {
        let size: Sweep = "size=1k:4Ki:4".parse().unwrap();
        assert_eq!((size.from, size.to), (1000.0, 4096.0));
        assert_eq!(size.values(), ["1000", "2032", "3064", "4096"]);
        for (spec, why) in [
            (
                "radius=1.5:4:4",
                "FROM and TO whole numbers, as radius takes",
            ),
            ("size=1:4.5:4", "FROM and TO whole numbers, as size takes"),
            ("size=1q:4:4", "FROM and TO sizes ≥ 0, optionally with k, M"),
            ("hit=1k:1:3", "FROM and TO finite numbers ≥ 0"),
        ] {
            let err = spec.parse::<Sweep>().unwrap_err().to_string();
            assert!(err.contains(why), "{spec}: {err}");
        }
    }

    /// A sweep of whole numbers that rounds several steps to one value runs it once, and says so.
    #[test]
    fn fewer_values_than_steps_are_noted() {
        let radius: Sweep = "radius=1:4:10".parse().unwrap();
        assert_eq!(radius.values(), ["1", "2", "3", "4"]);
        assert_eq!(
            radius.note().as_deref(),
            Some("4 values, not 10: radius takes whole numbers, and steps that round to the same one run it once")
        );
        assert_eq!(s("radius", 1.0, 4.0, 4).note(), None);
        assert_eq!(s("hit", 0.0, 0.9, 10).note(), None);
        assert_eq!(
            s("hit", 0.0, 1e-12, 3).note().as_deref(),
            Some("1 values, not 3: steps that round to the same one run it once")
        );
    }

    #[test]
    fn values_are_even_and_whole_for_whole_keys() {
        assert_eq!(s("hit", 0.0, 0.9, 4).values(), ["0", "0.3", "0.6", "0.9"]);
        assert_eq!(s("radius", 1.0, 4.0, 4).values(), ["1", "2", "3", "4"]);
        assert_eq!(s("dim", 1.0, 2.0, 5).values(), ["1", "2"]);
    }

    /// A whole-number key's sweep written in whole numbers keeps them exact, to 2⁶⁴ − 1.
    #[test]
    fn whole_values_are_exact_to_the_largest_seed() {
        let seeds = Sweep {
            whole: Sweep::whole_ends("0", "18446744073709551615"),
            ..s("seed", 0.0, u64::MAX as f64, 3)
        };
        assert_eq!(
            seeds.values(),
            ["0", "9223372036854775808", "18446744073709551615"]
        );
        let down = Sweep {
            whole: Sweep::whole_ends("4", "1"),
            ..s("radius", 4.0, 1.0, 4)
        };
        assert_eq!(down.values(), ["4", "3", "2", "1"]);
        let base = Scenario::from_query("machine=intel-ipsc&pattern=traffic").unwrap();
        let list = seeds.scenarios(&base).expect("every seed accepted");
        assert!(list[2].1.to_query().ends_with("seed=18446744073709551615"));
    }

    /// A sweep's run of a value is the run of that value's own query, bit for bit.
    #[test]
    fn a_sweep_runs_each_value_as_its_own_query() {
        let base = Scenario::from_query(
            "machine=intel-ipsc&pattern=traffic&count=200&reps=2&spatial=sphere",
        )
        .unwrap();
        let mut shown = Vec::new();
        let rows = s("radius", 1.0, 2.0, 2)
            .run(&base, &mut |done, total| shown.push((done, total)))
            .unwrap();
        let ends: Vec<f64> = shown
            .iter()
            .map(|s| s.0)
            .filter(|d| d.fract() == 0.0)
            .collect();
        assert_eq!(ends, [1.0, 2.0, 3.0, 4.0], "two values of two replications");
        assert!(shown.iter().all(|&(_, total)| total == 4));
        assert!(shown.windows(2).all(|w| w[0].0 <= w[1].0), "{shown:?}");
        let own = Scenario::from_query(
            "machine=intel-ipsc&pattern=traffic&count=200&reps=2&spatial=sphere&radius=2",
        )
        .unwrap();
        let (config, _) = config_of(&own).unwrap();
        assert_eq!(rows[1].0, "2");
        assert_eq!(rows[1].1, super::super::simulate(&config).unwrap());
        let bad = s("radius", 1.0, 9.0, 2).run(&base, &mut |_, _| ());
        assert!(bad.unwrap_err().to_string().contains("radius=9"));
    }
}
