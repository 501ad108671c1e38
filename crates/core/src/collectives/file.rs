//! One call from a query to an export file: the winner map among the algorithms the format's
//! library has, over the default process counts and finely sampled sizes, its decisions, and
//! the file. The command line (`commcalc collectives --export`) and the web app's export
//! buttons both call [`export_file`], so the same query gives the same file in both.

use super::chain::Chain;
use super::export::{self, fit_factors, Format, SimgridFit};
use super::winner::{collective_of, winner_map};
use crate::error::Error;
use crate::patterns::collective::{self, with_ctx};
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

/// `points` whole-byte sizes, log-spaced from `from` to `to`.
pub fn sizes(from: f64, to: f64, points: usize) -> Vec<f64> {
    log_spaced(from, to, points)
        .map(|s| s.round().max(1.0))
        .collect()
}

/// The file of `format` for a collective query, over `ps` and sizes `from`…`to`: the winner
/// among the algorithms the format's library implements at each (p, n), the pipelined chain
/// with its exact optimal segment.
pub fn export_file(
    scenario: &Scenario,
    format: Format,
    ps: &[u32],
    (from, to): (f64, f64),
) -> Result<String, Error> {
    let c = collective_of(scenario)?;
    let sizes = sizes(from, to, EXPORT_SIZES);
    let map = winner_map(scenario, &sizes, ps, |a| export::exportable(format, c, a))?;
    let m = with_ctx(scenario, |ctx| {
        collective::abg(
            ctx,
            scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
            false,
        )
    })?;
    let segment = move |p: u32, n: f64| Chain::new(&m, p).optimum(n).segment_bytes as u64;
    let d = export::decisions(&map, format, segment);
    let simgrid = if format == Format::Simgrid {
        simgrid_fit(scenario, m.alpha, m.beta)
    } else {
        SimgridFit::default()
    };
    Ok(export::render(&d, format, &map.query, &simgrid))
}

/// SimGrid's factors from the machine's own ping-pong under the scenario's model, where that
/// pattern has it; else factors of 1 (the α-β line is all the model gives).
fn simgrid_fit(scenario: &Scenario, alpha: f64, beta: f64) -> SimgridFit {
    let breaks = [0.0, 1e3, 8e3, 64e3, 512e3, 4e6, 32e6];
    let pingpong = format!(
        "machine={}&pattern=pingpong&model={}",
        scenario.machine.id,
        scenario.model.id()
    );
    let factors = Scenario::from_query(&pingpong)
        .ok()
        .and_then(|s| cost_function(&s).ok())
        .map(|t| fit_factors(t, alpha, beta, &breaks))
        .unwrap_or_else(|| {
            breaks[..breaks.len() - 1]
                .iter()
                .map(|b| (*b as u64, 1.0, 1.0))
                .collect()
        });
    SimgridFit {
        p: scenario.inputs.p.unwrap_or(collective::DEFAULT_P),
        size: scenario.inputs.size.unwrap_or(collective::DEFAULT_SIZE),
        alpha,
        beta,
        factors,
    }
}
