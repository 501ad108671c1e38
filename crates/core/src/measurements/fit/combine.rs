//! Several runs of one cluster made into one machine: the latency run gives the sizes every
//! fit is made to; a bandwidth run (OSU bw, else multi-pair mbw_mr, else bi-directional bibw,
//! per direction) gives the large messages' time per byte, the last range's β; an allreduce or
//! reduce run whose process count is known gives γ. A run that cannot combine (a bandwidth far
//! from the latency run's, a reduction without its p) is said to be so and kept in the report,
//! and the machine is made without it.

use serde::Serialize;

use super::pieces::{decimal, physical, piecewise_model, Piece};
use crate::catalog::ASSUMED_GAMMA;
use crate::collectives::Collective;
use crate::measurements::{Kind, Series};

/// How far apart the latency run's and the bandwidth run's large-message rates may be and still
/// be one network: a streamed bandwidth is at most a few times a ping-pong's (its window
/// overlaps messages), never a tenth of it or ten times it, as a run of another network is.
pub const RATE_RATIO: (f64, f64) = (0.5, 3.0);

/// The fitted machine's γ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gamma {
    pub gamma_us_per_byte: f64,
    /// Fitted from a reduction run, or assumed.
    pub fitted: bool,
    /// The run it was fitted from, or the assumed value's reason and source.
    pub from: String,
}

/// What one run given was used for, or why it was not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Role {
    pub series: String,
    pub used_for: String,
}

/// What each series is used for, by index; `None` until decided.
pub type Roles = Vec<Option<String>>;

fn index_of(series: &[Series], s: &Series) -> Option<usize> {
    series.iter().position(|x| std::ptr::eq(x, s))
}

/// The bandwidth run to combine: OSU bw first, then a multi-pair run, then a bi-directional one.
fn bandwidth_run(series: &[Series]) -> Option<&Series> {
    let rank = |s: &&Series| match s.benchmark.as_str() {
        "bw" => 0,
        "mbw_mr" => 1,
        "bibw" => 2,
        _ => 3,
    };
    series
        .iter()
        .filter(|s| s.kind == Kind::Stream && s.points.iter().filter(|p| p[1] > 0.0).count() >= 2)
        .min_by_key(rank)
}

/// The bandwidth run combined into the machine ([`bandwidth`] decided its role), if any.
pub fn used_bandwidth_run<'a>(series: &'a [Series], roles: &Roles) -> Option<&'a Series> {
    let run = bandwidth_run(series)?;
    let role = roles.get(index_of(series, run)?)?.as_deref()?;
    (!role.starts_with("not used")).then_some(run)
}

/// Gives the last piece of the latency run's fit the bandwidth run's time per byte over the
/// same sizes (its relative linear fit there, or over its largest third where it has fewer
/// than two such sizes), and refits that piece's α to the latency points with β held.
pub fn bandwidth(series: &[Series], points: &[[f64; 2]], pieces: &mut [Piece], roles: &mut Roles) {
    let (Some(run), Some(last)) = (bandwidth_run(series), pieces.last_mut()) else {
        return;
    };
    let Some(at) = index_of(series, run) else {
        return;
    };
    let stream: Vec<[f64; 2]> = run.points.iter().copied().filter(|p| p[1] > 0.0).collect();
    let mut large: Vec<[f64; 2]> = stream
        .iter()
        .copied()
        .filter(|p| p[0] >= last.from_bytes)
        .collect();
    if large.len() < 2 {
        large = stream[stream.len() - (stream.len() / 3).max(2)..].to_vec();
    }
    let (_, slope, _) = physical(&large);
    let used = |why: String| Some(why);
    if slope <= 0.0 {
        roles[at] = used(format!(
            "not used: its times per message do not grow with size above {} B, so they give no \
             time per byte",
            decimal(last.from_bytes)
        ));
        return;
    }
    let ratio = last.b_us_per_byte / slope;
    if !(RATE_RATIO.0..=RATE_RATIO.1).contains(&ratio) {
        roles[at] = used(format!(
            "not used: its large messages move at {} MB/s and the latency run's at {} MB/s, \
             {} times apart (a run of one network streams {} to {} times a ping-pong's rate): \
             runs of different clusters or networks? The machine is fitted to the latency run \
             alone",
            decimal(1.0 / slope),
            decimal(1.0 / last.b_us_per_byte),
            decimal(ratio.max(1.0 / ratio)),
            RATE_RATIO.0,
            RATE_RATIO.1,
        ));
        return;
    }
    let own: Vec<[f64; 2]> = points
        .iter()
        .copied()
        .filter(|p| p[0] >= last.from_bytes)
        .collect();
    // Relative least squares with β held: a = Σ((t − βm)/t²) / Σ(1/t²).
    let num: f64 = own
        .iter()
        .map(|p| (p[1] - slope * p[0]) / (p[1] * p[1]))
        .sum();
    let den: f64 = own.iter().map(|p| 1.0 / (p[1] * p[1])).sum();
    let before = last.b_us_per_byte;
    last.b_us_per_byte = slope;
    last.a_us = if den > 0.0 { (num / den).max(0.0) } else { 0.0 };
    roles[at] = used(format!(
        "the large messages' time per byte (the range from {} B): r∞ {} MB/s, where the latency \
         run alone gives {} MB/s",
        decimal(last.from_bytes),
        decimal(1.0 / slope),
        decimal(1.0 / before)
    ));
}

/// The reductions measured: allreduce or reduce runs.
fn reduction(s: &Series) -> Option<Collective> {
    match s.benchmark.to_ascii_lowercase().as_str() {
        "allreduce" => Some(Collective::Allreduce),
        "reduce" => Some(Collective::Reduce),
        _ => None,
    }
}

/// The smallest size a reduction run's γ is fitted from: below it a reduction's time is its
/// start-ups.
pub const GAMMA_FROM_BYTES: f64 = 1024.0;

/// γ fitted to a reduction run of p processes on the machine of `pieces`: the value whose
/// fastest algorithm at each size comes closest to the run, in squared log ratio over the sizes
/// from [`GAMMA_FROM_BYTES`]. A grid of 10⁻⁷ to 10⁻¹ µs/B (and 0), refined by golden section.
pub fn fit_gamma(
    collective: Collective,
    pieces: &[Piece],
    p: u32,
    points: &[[f64; 2]],
) -> Option<f64> {
    let model = piecewise_model(pieces)?;
    let used: Vec<[f64; 2]> = points
        .iter()
        .copied()
        .filter(|x| x[0] >= GAMMA_FROM_BYTES && x[1] > 0.0)
        .collect();
    if used.is_empty() {
        return None;
    }
    let error = |gamma: f64| -> f64 {
        used.iter()
            .map(|&[n, t]| {
                let best = collective
                    .algorithms()
                    .iter()
                    .map(|a| a.cost_in_ranges(&model, gamma, p, n))
                    .fold(f64::INFINITY, f64::min);
                (best / t).ln().powi(2)
            })
            .sum()
    };
    let log_error = |x: f64| error(10f64.powf(x));
    let (lo, hi, grid) = (-7.0, -1.0, 61);
    let step = (hi - lo) / f64::from(grid - 1);
    let (mut best, mut least) = (f64::NEG_INFINITY, error(0.0));
    for i in 0..grid {
        let x = lo + step * f64::from(i);
        let e = log_error(x);
        if e < least {
            (best, least) = (x, e);
        }
    }
    if best == f64::NEG_INFINITY {
        return Some(0.0);
    }
    let (mut a, mut b) = (best - step, best + step);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (x1, x2) = (b - r * (b - a), a + r * (b - a));
        if log_error(x1) < log_error(x2) {
            b = x2;
        } else {
            a = x1;
        }
    }
    Some(10f64.powf((a + b) / 2.0))
}

/// The machine's γ: fitted from the first reduction run whose process count is known, else
/// the assumed value ([`ASSUMED_GAMMA`]) with its reason; every reduction run's role said.
pub fn gamma(series: &[Series], pieces: &[Piece], roles: &mut Roles) -> Gamma {
    let mut found = None;
    for (i, s) in series.iter().enumerate() {
        let Some(collective) = reduction(s) else {
            continue;
        };
        if found.is_some() {
            roles[i] = Some("not used: γ comes from the first reduction run".into());
            continue;
        }
        let Some(p) = s.processes.filter(|p| *p >= 2) else {
            roles[i] = Some(
                "not used: γ needs the run's process count, which the run does not print; γ \
                 stays assumed"
                    .into(),
            );
            continue;
        };
        let points: Vec<[f64; 2]> = s.points.clone();
        match fit_gamma(collective, pieces, p, &points) {
            Some(g) => {
                roles[i] = Some(format!(
                    "γ = {} µs/B: the {}'s fastest algorithm at p = {p} on the fitted α-β machine \
                     (every rank its own node), \
                     closest to its sizes from {} B",
                    decimal(g),
                    collective.id(),
                    GAMMA_FROM_BYTES
                ));
                found = Some(Gamma {
                    gamma_us_per_byte: g,
                    fitted: true,
                    from: format!("fitted to {} at p = {p}", s.name),
                });
            }
            None => {
                roles[i] = Some(format!(
                    "not used: no size from {GAMMA_FROM_BYTES} B with a time to fit γ to"
                ));
            }
        }
    }
    found.unwrap_or_else(|| Gamma {
        gamma_us_per_byte: ASSUMED_GAMMA.value,
        fitted: false,
        from: format!("{} ({})", ASSUMED_GAMMA.reason, ASSUMED_GAMMA.source),
    })
}

/// A warning where the runs made into one machine (the latency run and those combined into
/// it) were printed by different versions of one benchmark suite, OSU 5.6.3 beside OSU 5.6.2:
/// the runs of one cluster are made by the build installed there, so different builds say the
/// files may come from different clusters, which no number in them shows (two InfiniBand
/// clusters have rates as close as one cluster's two runs). Different suites (IMB's PingPong
/// and OSU's bw) are one cluster's often, and are not compared.
pub fn mixed_builds(latency: &Series, series: &[Series], roles: &Roles) -> Option<String> {
    let fitted = index_of(series, latency);
    let used = series
        .iter()
        .zip(roles)
        .enumerate()
        .filter(|(i, (_, role))| {
            Some(*i) == fitted || role.as_deref().is_some_and(|r| !r.starts_with("not used"))
        });
    let mut builds: Vec<(&str, &str, &str)> = Vec::new();
    for (_, (s, _)) in used {
        if let Some(v) = &s.version {
            if !builds.iter().any(|(f, x, _)| *f == s.format.id() && x == v) {
                builds.push((s.format.id(), v, &s.name));
            }
        }
    }
    let format = builds
        .iter()
        .map(|b| b.0)
        .find(|f| builds.iter().filter(|b| b.0 == *f).count() > 1)?;
    let named: Vec<String> = builds
        .iter()
        .filter(|b| b.0 == format)
        .map(|(_, v, name)| format!("{v} ({name})"))
        .collect();
    Some(format!(
        "the runs made into one machine come from different {format} versions: {}; one \
         cluster's runs come from the build installed there, so these may be runs of different \
         clusters: fit each cluster's runs apart",
        named.join(", ")
    ))
}

/// Every run's role, in the order given: the fitted one, those combined, and why each other
/// one was not used.
pub fn roles(latency: &Series, series: &[Series], roles: Roles) -> Vec<Role> {
    let fitted = index_of(series, latency);
    series
        .iter()
        .zip(roles)
        .enumerate()
        .map(|(i, (s, role))| Role {
            series: s.name.clone(),
            used_for: match role {
                Some(r) => r,
                None if Some(i) == fitted => "the sizes every fit is made to".into(),
                None => match s.kind {
                    Kind::OneWay => format!(
                        "not used: {} is the latency run fitted (the first); give this one alone \
                         to fit it",
                        latency.name
                    ),
                    Kind::Stream => "not used: another bandwidth run gives the large messages' \
                                     rate (osu_bw first, then mbw_mr, then bibw)"
                        .into(),
                    Kind::Operation => "not used: a collective or exchange run is not part of \
                                        the point-to-point machine (only allreduce and reduce \
                                        runs give γ)"
                        .into(),
                },
            },
        })
        .collect()
}
