//! The point-to-point patterns on a machine of the piecewise model (`models::piecewise`): the
//! line of the range the message falls in, Hockney's in each (003 eq. 1), with the asymptotic
//! bandwidth of the last range.

use super::shape::{Shape, DEFAULT_SIZE};
use crate::context::{Ctx, Evaluation};
use crate::derivation::Derivation;
use crate::error::Error;
use crate::models::hockney::Hockney;
use crate::models::piecewise::{Piecewise, Range, KEYS, UNREACHED_BYTES};
use crate::values::Value;

const SOURCE: &str = "Clauss et al. 2011 §4 (SMPI's piece-wise linear model); 003 eq. 1 per range";

/// The scenario's piecewise model: every range's α, β and first size, read (and so shown) all,
/// refused where a range starts below the one before it; a range that starts at 10¹² is never
/// reached and left out.
pub fn model(ctx: &mut Ctx) -> Result<Piecewise, Error> {
    let mut ranges = Vec::new();
    for (from, alpha, beta) in KEYS {
        if let Some(key) = from {
            if !has_range(ctx, key, alpha, beta)? {
                continue;
            }
        }
        let start = match from {
            Some(key) => ctx.param(key)?,
            None => 0.0,
        };

        if let (Some(key), Some(before)) = (from, ranges.last().map(|r: &Range| r.from)) {
            if start < before {
                return Err(Error::invalid(
                    key,
                    start,
                    format!(
                        "a first size of at least {before} B, the range before it: the ranges' \
                         first sizes grow (10¹² leaves a range unreached)"
                    ),
                ));
            }
        }
        if start < UNREACHED_BYTES {
            let line = Hockney {
                alpha: ctx.param(alpha)?,
                beta: ctx.param(beta)?,
            };
            ranges.push(Range { from: start, line });
        } else if let Some((key, value)) = [alpha, beta]
            .into_iter()
            .find_map(|k| ctx.overridden(k).map(|v| (k, v)))
        {
            // A range no message reaches: its α and β, never read, would change nothing.
            return Err(Error::Unsupported {
                key: key.into(),
                value: crate::derivation::number(value),
                reason: format!(
                    "the piecewise model does not use it while its range starts at {} B ({}), \
                     which no message reaches, so it would change nothing: give {} below the \
                     largest size first",
                    crate::derivation::number(start),
                    from.unwrap_or("0"),
                    from.unwrap_or("its first size")
                ),
            });
        }
    }
    Piecewise::new(&ranges).map_err(|e| Error::invalid("break_2", "", e))
}

/// Whether the scenario has the range that starts at `key`: the machine's own (its first size
/// below 10¹²), or one the user adds with its α or β. A two-range fit has no third range: its
/// keys are then not read (no control offers them), and a first size given alone is refused,
/// since the range would repeat the line before it (its α and β are the machine's copies of
/// that line) and change nothing.
fn has_range(ctx: &mut Ctx, key: &'static str, alpha: &str, beta: &str) -> Result<bool, Error> {
    let own = ctx.set.param(key).map_or(UNREACHED_BYTES, |p| p.value);
    let line_given = ctx.overridden(alpha).is_some() || ctx.overridden(beta).is_some();
    if own < UNREACHED_BYTES || line_given {
        return Ok(true);
    }
    match ctx.overridden(key) {
        Some(start) if start < UNREACHED_BYTES => Err(Error::Unsupported {
            key: key.into(),
            value: crate::derivation::number(start),
            reason: format!(
                "the piecewise model does not use it alone: {} has no range from {key} (its \
                 fit found fewer), so a first size alone would split the range before it into \
                 two of the same line and change nothing: give {alpha} and {beta} with it",
                ctx.machine.name
            ),
        }),
        // Its own 10¹², given: the range stays unreached, as without it.
        Some(start) => {
            ctx.used_param(key, start);
            Ok(false)
        }
        None => Ok(false),
    }
}

/// A barrier's model. Its messages are empty, so they never leave the first range: only that
/// range is read (with the machine's γ, as [`model`] does), and a key of a later range given
/// is refused as changing nothing.
pub fn first_range(ctx: &mut Ctx) -> Result<Piecewise, Error> {
    let later = KEYS[1..]
        .iter()
        .flat_map(|(from, alpha, beta)| from.iter().copied().chain([*alpha, *beta]));
    if let Some((key, value)) = later
        .into_iter()
        .find_map(|k| ctx.overridden(k).map(|v| (k, v)))
    {
        return Err(Error::Unsupported {
            key: key.into(),
            value: crate::derivation::number(value),
            reason: "a barrier's messages are empty and never leave the first range (from 0 B), \
                     so a later range's first size, α or β would change nothing"
                .into(),
        });
    }
    let line = Hockney {
        alpha: ctx.param("alpha")?,
        beta: ctx.param("beta")?,
    };
    Piecewise::new(&[Range { from: 0.0, line }]).map_err(|e| Error::invalid("alpha", "", e))
}

/// The symbols of range `k` (0-based): its α and β keys.
fn keys(k: usize) -> (&'static str, &'static str) {
    let (_, alpha, beta) = KEYS[k.min(KEYS.len() - 1)];
    (alpha, beta)
}

/// `scale` one-way times of the range of each message; the time at the query's size is the
/// line of its range, r∞ the last range's (the asymptote, 001 §2) and n½ the size at which the
/// model reaches half of it.
pub fn one_way(ctx: &mut Ctx, scale: f64) -> Result<Evaluation, Error> {
    let at = ctx.size(DEFAULT_SIZE);
    let model = model(ctx)?;
    let (alpha, beta) = keys(model.index_of(at));
    let shape = Shape::Linear {
        alpha: ctx.sym(alpha)?,
        beta: ctx.sym(beta)?,
    };
    let mut e = shape.evaluation(at, scale, SOURCE);
    e.cost = Box::new(move |x| scale * model.time(x));
    let last = model.last();
    let r_inf = last.r_inf() / scale;
    let n_half = half_performance(&model);
    replace(
        &mut e,
        "r_inf_MBps",
        r_inf,
        Derivation::described(
            "r∞",
            "1/β of the last range (001 §2: the asymptotic rate)",
            r_inf,
            "MB/s",
            SOURCE,
        ),
    );
    replace(
        &mut e,
        "n_half_bytes",
        n_half,
        Derivation::described(
            "n½",
            "the least size whose rate n/T(n) reaches r∞/2, in the range it falls in",
            n_half,
            "B",
            SOURCE,
        ),
    );
    Ok(e)
}

/// An exchange: two transfers of the message, one each way, on links that do not overlap
/// them (003 §Send-and-Reply and Exchange, as the custom Hockney machine).
pub fn exchange(ctx: &mut Ctx) -> Result<Evaluation, Error> {
    one_way(ctx, 2.0)
}

/// The least n with n/T(n) ≥ r∞/2, r∞ = 1/β_last: in range k, n = α_k/(2β_last − β_k) where
/// that lies in the range (the rate grows within a range whose β is below 2β_last).
fn half_performance(model: &Piecewise) -> f64 {
    let target = 2.0 * model.last().beta;
    let ranges = model.ranges();
    for (i, r) in ranges.iter().enumerate() {
        let to = ranges.get(i + 1).map_or(f64::INFINITY, |x| x.from);
        let slack = target - r.line.beta;
        if slack <= 0.0 {
            continue;
        }
        let n = (r.line.alpha / slack).max(r.from);
        if n < to {
            return n;
        }
    }
    f64::NAN
}

/// Sets metric `key` and its derivation.
fn replace(e: &mut Evaluation, key: &'static str, value: f64, d: Derivation) {
    e.metrics.retain(|(k, _)| *k != key);
    e.metrics.push((key, Value::Number(value)));
    e.derivations.retain(|(k, _)| *k != key);
    e.derivations.push((key, d));
}

#[cfg(test)]
mod tests {
    use crate::run;

    /// The time at each size is its range's line; the query round-trips.
    #[test]
    fn the_ping_pong_takes_the_range_of_its_size() {
        let q = "machine=custom&pattern=pingpong&model=piecewise&size=100&alpha=1&beta=0.001&break_2=8192&alpha_2=5&beta_2=0.0002&break_3=1000000000000";
        let time = |r: &crate::Report, k: &str| match r.metrics.get(k) {
            Some(crate::values::Value::Number(v)) => *v,
            other => panic!("{k}: {other:?}"),
        };
        let r = run(q).unwrap();
        assert!((time(&r, "time_us") - 1.1).abs() < 1e-12);
        let s = crate::Scenario::from_query(q).unwrap();
        assert_eq!(crate::Scenario::from_query(&s.to_query()).unwrap(), s);
        let big = run(&q.replace("size=100", "size=100000")).unwrap();
        assert!((time(&big, "time_us") - 25.0).abs() < 1e-9);
        assert!((time(&big, "r_inf_MBps") - 5000.0).abs() < 1e-6);
    }

    #[test]
    fn the_unreached_size_is_the_largest_a_query_takes() {
        assert_eq!(
            crate::models::piecewise::UNREACHED_BYTES,
            crate::query::MAX_BYTES
        );
    }

    /// A barrier's empty messages stay in the first range: a later range's key is refused with
    /// the reason, the first range's keys change its time.
    #[test]
    fn a_barrier_refuses_the_ranges_its_messages_never_reach() {
        let base = "machine=custom&pattern=barrier&model=piecewise";
        for key in ["break_2=100", "alpha_2=7", "beta_2=0.01", "break_3=20000"] {
            let e = run(&format!("{base}&{key}")).unwrap_err().to_string();
            assert!(e.contains("first range"), "{key}: {e}");
        }
        let time = |q: &str| format!("{:?}", run(q).unwrap().metrics.get("time_us"));
        assert_ne!(time(base), time(&format!("{base}&alpha=7")));
    }

    /// γ given to a transfer changes no number, and the report says it is kept for the
    /// collectives that reduce; not given, nothing is said.
    #[test]
    fn a_transfer_says_gamma_is_kept_for_the_reductions() {
        let base = "machine=custom&pattern=pingpong&model=piecewise";
        let plain = run(base).unwrap();
        assert!(plain.warnings.is_empty(), "{:?}", plain.warnings);
        let with = run(&format!("{base}&gamma=0.0005")).unwrap();
        assert_eq!(with.metrics, plain.metrics);
        assert_eq!(with.curve, plain.curve);
        let said = with.warnings.join(" ");
        assert!(
            said.contains("0.0005") && said.contains("allreduce") && said.contains("kept"),
            "{said}"
        );
        // Kept, not read: no control offers a key that changes no number here.
        let s = crate::Scenario::from_query(&format!("{base}&gamma=0.0005&loggp_g=2")).unwrap();
        let read = crate::report::read_keys(&s, crate::report::ENGINES).unwrap();
        assert!(
            !read.contains(&"gamma") && !read.contains(&"loggp_g"),
            "{read:?}"
        );
        assert!(read.contains(&"alpha"), "{read:?}");
    }

    /// The custom machine's third range acts from the start: a message beyond its first size
    /// takes its line, read from the catalog.
    #[test]
    fn the_custom_machines_third_range_is_reached() {
        let machine = crate::catalog::machine("custom").unwrap();
        let set = machine.set(crate::Model::Piecewise).unwrap();
        let value = |k: &str| set.param(k).unwrap().value;
        let n = 2.0 * value("break_3");
        let r = run(&format!(
            "machine=custom&pattern=pingpong&model=piecewise&size={n}"
        ))
        .unwrap();
        let want = value("alpha_3") + value("beta_3") * n;
        match r.metrics.get("time_us") {
            Some(crate::values::Value::Number(t)) => assert!((t - want).abs() < 1e-9 * want),
            other => panic!("{other:?}"),
        }
    }

    /// A two-range machine (Delta's fit) has no third range: its keys are not read, so no
    /// control offers them; a first size alone is refused with the keys that add the range,
    /// and with them the range is added.
    #[test]
    fn a_machine_without_a_third_range_offers_none() {
        let base = "machine=delta-slingshot&pattern=pingpong&model=piecewise";
        let read = crate::report::read_keys(
            &crate::Scenario::from_query(base).unwrap(),
            crate::report::ENGINES,
        )
        .unwrap();
        assert!(
            read.contains(&"break_2") && !read.contains(&"break_3"),
            "{read:?}"
        );
        let e = run(&format!("{base}&break_3=100000"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("alpha_3") && e.contains("beta_3"), "{e}");
        let added = run(&format!("{base}&break_3=100000&alpha_3=50&beta_3=0.00001")).unwrap();
        assert_ne!(added.curve, run(base).unwrap().curve);
    }

    #[test]
    fn ranges_out_of_order_are_refused_by_key() {
        let e = run("machine=custom&pattern=pingpong&model=piecewise&break_2=5000&break_3=100")
            .unwrap_err()
            .to_string();
        assert!(e.contains("break_3") && e.contains("grow"), "{e}");
    }
}
