//! One call from a query to an export file: the times of the algorithms the format's library
//! runs, over the default process counts and finely sampled sizes, their decisions, and the
//! file. The command line (`commcalc collectives --export`) and the web app's export
//! buttons both call [`export_file`], so the same query gives the same file in both.

use super::chain::Chain;
use super::export::{self, fit_factors, Format, SimgridFit, Times};
use super::winner::{check_axes, collective_of, NOT_MAP_KEYS};
use crate::error::Error;
use crate::patterns::collective::{self, menu, with_ctx};
use crate::report::{cost_function, log_spaced};
use crate::scenario::Scenario;

/// The process counts of a winner table or export unless the caller gives others: small
/// counts one by one (where the non-power-of-two forms differ most), then powers of two.
pub const DEFAULT_PS: [u32; 8] = [2, 3, 4, 8, 16, 32, 64, 128];
/// The sizes (bytes, the collective's n) of a table or export unless the caller gives others.
pub const DEFAULT_SIZES: (f64, f64) = (1.0, 4e6);
/// An export samples its sizes this finely, log-spaced, so that its thresholds are within
/// about 5 % of the true crossovers.
pub const EXPORT_SIZES: usize = 256;

/// `points` whole-byte sizes, log-spaced from `from` to `to`, each once: a range with fewer
/// whole bytes than points (1 to 10 B in 12 rows) gives each of them once, rather than rows
/// that repeat a size.
pub fn sizes(from: f64, to: f64, points: usize) -> Vec<f64> {
    let mut sizes: Vec<f64> = log_spaced(from, to, points)
        .map(|s| s.round().max(1.0))
        .collect();
    sizes.dedup();
    sizes
}

/// Every algorithm the library of `format` has, timed at each (p, n) of `sizes` × `ps`:
/// infinite where the library would hand it over to another ([`export::runs_as_itself`]).
pub fn times(
    scenario: &Scenario,
    format: Format,
    sizes: &[f64],
    ps: &[u32],
) -> Result<Times, Error> {
    let c = collective_of(scenario)?;
    check_axes(sizes, ps)?;
    with_ctx(scenario, |ctx| {
        let rows = ps
            .iter()
            .map(|&p| {
                let row: Vec<(&'static str, Vec<f64>)> = menu(ctx, c, p)?
                    .into_iter()
                    .filter(|(id, _)| export::exportable(format, c, id))
                    .map(|(id, cost)| {
                        let at = |&n: &f64| {
                            if export::runs_as_itself(format, c, id, p, n) {
                                cost(n)
                            } else {
                                f64::INFINITY
                            }
                        };
                        (id, sizes.iter().map(at).collect())
                    })
                    .collect();
                if row.is_empty() {
                    return Err(Error::Unsupported {
                        key: "export".into(),
                        value: format.id().into(),
                        reason: format!(
                            "the library has no algorithm of {} commcalc costs at p = {p}",
                            c.id()
                        ),
                    });
                }
                Ok(row)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Times {
            collective: c,
            sizes: sizes.to_vec(),
            ps: ps.to_vec(),
            rows,
        })
    })
}

/// The file of `format` for a collective query, over `ps` and sizes `from`…`to`: the
/// decisions of the algorithms the format's library runs at each (p, n), the pipelined chain
/// with its exact optimal segment. The query's own p, size, algorithm and curve range
/// ([`NOT_MAP_KEYS`]) are not the file's: it is made without them, so that the page's view of
/// one p and the command line, which refuses them, write the same file.
pub fn export_file(
    scenario: &Scenario,
    format: Format,
    ps: &[u32],
    (from, to): (f64, f64),
) -> Result<String, Error> {
    let scenario = &NOT_MAP_KEYS
        .iter()
        .fold(scenario.clone(), |s, key| s.without(key));
    let t = times(scenario, format, &sizes(from, to, EXPORT_SIZES), ps)?;
    let m = with_ctx(scenario, |ctx| {
        collective::abg(
            ctx,
            scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
            false,
        )
    })?;
    let segment = move |p: u32, n: f64| Chain::new(&m, p).optimum(n).segment_bytes as u64;
    let d = export::decisions(&t, segment);
    let simgrid = if format == Format::Simgrid {
        simgrid_fit(scenario, m.alpha, m.beta)
    } else {
        SimgridFit::default()
    };
    Ok(export::render(&d, format, &scenario.to_query(), &simgrid))
}

/// SimGrid's factors from the ping-pong of the scenario's own machine (its parameter
/// overrides included: a fitted machine's curve, not the catalog entry's) under the
/// scenario's model, where that pattern has it; else factors of 1 on the α-β link.
fn simgrid_fit(scenario: &Scenario, alpha: f64, beta: f64) -> SimgridFit {
    let breaks = [0.0, 1e3, 8e3, 64e3, 512e3, 4e6, 32e6];
    let mut pingpong = vec![
        format!("machine={}", scenario.machine.id),
        "pattern=pingpong".to_string(),
        format!("model={}", scenario.model.id()),
    ];
    pingpong.extend(scenario.overrides.iter().map(|(k, v)| format!("{k}={v}")));
    let curve = Scenario::from_query_lenient(&pingpong.join("&"))
        .0
        .and_then(|s| cost_function(&s).ok());
    let (link, factors) = match curve {
        Some(t) => fit_factors(t, alpha, beta, &breaks),
        None => fit_factors(|n| alpha + n * beta, alpha, beta, &breaks),
    };
    SimgridFit {
        p: scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
        size: scenario.inputs.size.unwrap_or(collective::DEFAULT_SIZE),
        link,
        factors,
    }
}
