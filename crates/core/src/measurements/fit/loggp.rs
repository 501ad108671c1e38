//! LogGP parameters (Alexandrov, Ionescu, Schauser, Scheiman, "LogGP: Incorporating Long
//! Messages into the LogP Model", SPAA 1995): a one-way message of m bytes costs
//! L + 2o + (m − 1)·G, and consecutive messages leave a sender at least g + (m − 1)·G apart.
//!
//! From OSU or IMB runs: the latency run's relative linear fit a + b·m gives L + 2o = a + G;
//! a bandwidth run's time per message m/B, fitted the same way (a_s + G·m), gives G (its
//! slope) and g = a_s + G. Without a bandwidth run G is the latency run's slope and g is not
//! known. o cannot be told apart from L with these two tests, so L + 2o stays one number.
//!
//! From Netgauge (Hoefler, Lichei, Rehm, "Low-Overhead LogGP Parameter Assessment for Modern
//! Interconnection Networks", IPDPS 2007): L + 2o is half its single-message round trip at the
//! smallest size (the L it prints), o_s and o_r are measured, G is taken at the largest size
//! (the asymptote) and g at the smallest size where Netgauge could compute it.

use serde::Serialize;

use super::hockney::{fit_line, Weighting};
use crate::measurements::{Kind, LogGpRow, Series};
use crate::units::si;

/// The LogGP parameters that the data determine.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogGp {
    #[serde(rename = "L_plus_2o_us")]
    pub l_plus_2o: f64,
    /// o = (o_s + o_r)/2, only from Netgauge.
    #[serde(rename = "o_us", skip_serializing_if = "Option::is_none")]
    pub o: Option<f64>,
    /// L alone, when o is known and smaller than half of L + 2o.
    #[serde(rename = "L_us", skip_serializing_if = "Option::is_none")]
    pub l: Option<f64>,
    #[serde(rename = "g_us")]
    pub g: Option<f64>,
    #[serde(rename = "G_us_per_byte")]
    pub big_g: f64,
    /// Which runs the numbers come from.
    pub from: String,
    /// Why L is not given where o is known: the overheads exceed half of L + 2o, so that
    /// L = (L + 2o) − o_s − o_r would be negative (`None` where L is given or o unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// From Netgauge's own rows, if a series has them.
fn from_netgauge(series: &[Series]) -> Option<LogGp> {
    let s = series.iter().find(|s| !s.loggp.is_empty())?;
    let first = s.loggp.first()?;
    let big_g = s.loggp.iter().rev().find_map(|r| r.big_g)?;
    let o = (first.o_s_us + first.o_r_us) / 2.0;
    let l = first.l - first.o_s_us - first.o_r_us;
    Some(LogGp {
        l_plus_2o: first.l,
        o: Some(o),
        l: (l >= 0.0).then_some(l),
        note: (l < 0.0).then(|| negative_l(first, l)),
        g: s.loggp.iter().find_map(|r| r.g_us),
        big_g,
        from: format!("{} (its own L, o_s, o_r, g, G)", s.name),
    })
}

/// Why Netgauge's first row gives no L: in LogGP a one-way message costs o_s + L + o_r, so
/// L = (L + 2o) − o_s − o_r. Where the overheads Netgauge measures (Hoefler et al., for each
/// size) exceed the round trip's half, the network's part is hidden within them and that
/// difference, negative, is not a latency; at a large first size the overheads include moving
/// the message, and a run from 1 byte measures L and o apart.
fn negative_l(first: &LogGpRow, l: f64) -> String {
    let mut out = format!(
        "L is not given: at {}, Netgauge's first size here, o_s + o_r = {} exceeds L + 2o = {}, so L = (L + 2o) − o_s − o_r would be {}: \
         the network's part of the time is hidden within the overheads Netgauge measured.",
        si(first.size_bytes, "B"),
        si(first.o_s_us + first.o_r_us, "µs"),
        si(first.l, "µs"),
        si(l, "µs")
    );
    if first.size_bytes > 1.0 {
        out.push_str(
            " At that size the overheads include moving the message: run Netgauge from 1 byte (-s 1-…) to measure L and o apart.",
        );
    }
    out
}

/// From a one-way latency run and, if the machine combines one, its bandwidth run.
fn from_runs(latency: &Series, bandwidth: Option<&Series>) -> Option<LogGp> {
    let (a, b) = fit_line(&latency.points, Weighting::Relative)?;
    let stream = bandwidth.and_then(|s| fit_line(&s.points, Weighting::Relative).map(|f| (s, f)));
    Some(match stream {
        Some((s, (a_s, g_slope))) => LogGp {
            l_plus_2o: a + g_slope,
            o: None,
            l: None,
            g: Some(a_s + g_slope),
            big_g: g_slope,
            from: format!("{} and {}", latency.name, s.name),
            note: None,
        },
        None => LogGp {
            l_plus_2o: a + b,
            o: None,
            l: None,
            g: None,
            big_g: b,
            from: latency.name.clone(),
            note: None,
        },
    })
}

impl LogGp {
    /// The query keys of the collectives' LogGP (`loggp_l`, `loggp_o`, `loggp_g`, `loggp_gb`)
    /// that these numbers give, where they say more than the α-β line does (an o from
    /// Netgauge, a g from a bandwidth run): without either, LogGP is the latency line
    /// re-expressed, which the machine's own α and β already give the broadcast
    /// (`collectives::loggp`). L and o go apart where both are known; else L is L + 2o with
    /// o = 0, the same one-message time.
    pub fn keys(&self) -> Vec<(&'static str, f64)> {
        if self.o.is_none() && self.g.is_none() {
            return Vec::new();
        }
        let mut keys = match (self.l, self.o) {
            (Some(l), Some(o)) => vec![("loggp_l", l), ("loggp_o", o)],
            _ => vec![("loggp_l", self.l_plus_2o)],
        };
        keys.extend(self.g.map(|g| ("loggp_g", g)));
        keys.push(("loggp_gb", self.big_g));
        keys
    }
}

/// LogGP from the best source available: Netgauge's rows, else the latency run `latency`
/// with the bandwidth run the machine combines (`combine::used_bandwidth_run`), if any.
pub fn fit(latency: &Series, series: &[Series], bandwidth: Option<&Series>) -> Option<LogGp> {
    from_netgauge(series).or_else(|| {
        (latency.kind == Kind::OneWay)
            .then(|| from_runs(latency, bandwidth))
            .flatten()
    })
}
