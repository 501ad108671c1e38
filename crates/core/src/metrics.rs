//! The catalogue of reported quantities: every metric key a pattern may report, with its unit,
//! the words that say what it is, and the symbol the papers give it. The results table, the
//! CLI and the documentation read units and labels from here; a key's suffix is a convention
//! for scripts (`_us`, `_MBps`, …), not what the display relies on.

use serde::Serialize;

/// The unit of a metric's value, as the report carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Microseconds.
    Us,
    /// MB/s (10⁶ B/s), numerically bytes per µs.
    MBps,
    Bytes,
    UsPerByte,
    /// µs per 4-byte BSP word.
    UsPerWord,
    /// µs per 8-byte vector element.
    UsPerElem,
    /// Vector elements (8-byte doubles).
    Elems,
    Flops,
    FlopsPerWord,
    /// A count of things (messages, hops, events, replications).
    Count,
    /// A fraction of the time or of a capacity, from 0 to 1.
    Fraction,
    /// A name, such as an algorithm's.
    Name,
}

impl Unit {
    /// The unit as the page and the CLI print it.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Us => "µs",
            Unit::MBps => "MB/s",
            Unit::Bytes => "B",
            Unit::UsPerByte => "µs/B",
            Unit::UsPerWord => "µs/word",
            Unit::UsPerElem => "µs/element",
            Unit::Elems => "elements",
            Unit::Flops => "flop",
            Unit::FlopsPerWord => "flop/word",
            Unit::Count | Unit::Name => "",
            Unit::Fraction => "%",
        }
    }
}

/// One reported quantity.
#[derive(Debug, Serialize)]
pub struct Metric {
    /// The key in a report's `metrics` map.
    pub id: &'static str,
    pub unit: Unit,
    /// What it is, in words, for the results table's first column.
    pub label: &'static str,
    /// Its symbol in the papers' notation (plain text).
    pub symbol: &'static str,
}

const fn m(id: &'static str, unit: Unit, label: &'static str, symbol: &'static str) -> Metric {
    Metric {
        id,
        unit,
        label,
        symbol,
    }
}

/// Every metric, the two every report carries first.
pub static METRICS: &[Metric] = &[
    m("time_us", Unit::Us, "Time at the query's size", "T"),
    m(
        "bandwidth_MBps",
        Unit::MBps,
        "Bandwidth at the query's size",
        "r",
    ),
    m("r_inf_MBps", Unit::MBps, "Asymptotic bandwidth r∞", "r∞"),
    m(
        "n_half_bytes",
        Unit::Bytes,
        "Half-performance length n½",
        "n½",
    ),
    m("a_us", Unit::Us, "Reduced block a (latency)", "a"),
    m(
        "b_us_per_byte",
        Unit::UsPerByte,
        "Reduced block b (time per byte)",
        "b",
    ),
    m(
        "opt_message_bytes",
        Unit::Bytes,
        "Optimal message (chunk) size",
        "m*",
    ),
    m(
        "opt_time_us",
        Unit::Us,
        "Time with the optimal message size",
        "T(m*)",
    ),
    m(
        "max_data_bytes",
        Unit::Bytes,
        "Largest congestion-free data size",
        "x_max",
    ),
    m(
        "unit_time_us_per_byte",
        Unit::UsPerByte,
        "Protocol unit time",
        "UnitTime_protocol",
    ),
    m(
        "vc_unit_time_us_per_byte",
        Unit::UsPerByte,
        "VC unit time",
        "UnitTime_vc",
    ),
    m(
        "message_latency_us",
        Unit::Us,
        "Latency of one message",
        "t₁(m) + t₂(m)",
    ),
    m(
        "closed_form_message_bytes",
        Unit::Bytes,
        "Optimal message size, closed form",
        "√(b₂x/a₁)",
    ),
    m(
        "closed_form_time_us",
        Unit::Us,
        "Time, closed form",
        "2√(a₁b₂x) + a₂x + b₁",
    ),
    m("g_us_per_word", Unit::UsPerWord, "BSP g per word", "g"),
    m("g_us_per_byte", Unit::UsPerByte, "BSP g per byte", "g/4"),
    m(
        "g_flops_per_word",
        Unit::FlopsPerWord,
        "BSP g in flops per word",
        "g·rate",
    ),
    m(
        "g_inf_us_per_word",
        Unit::UsPerWord,
        "BSP g for large messages",
        "g∞",
    ),
    m("l_us", Unit::Us, "BSP l (barrier)", "l"),
    m("l_flops", Unit::Flops, "BSP l in flops", "l·rate"),
    m("tree_us", Unit::Us, "Tree time", "T_tree"),
    m("snake_us", Unit::Us, "Snake time", "T_snake"),
    m("fence_us", Unit::Us, "Fence time", "T_fence"),
    m(
        "snake_block_elems",
        Unit::Elems,
        "Snake optimal block",
        "S*_snake",
    ),
    m(
        "fence_block_elems",
        Unit::Elems,
        "Fence optimal block",
        "S*_fence",
    ),
    m(
        "snake_block_closed_form_elems",
        Unit::Elems,
        "Snake block, closed form",
        "S_opt,snake",
    ),
    m(
        "fence_block_closed_form_elems",
        Unit::Elems,
        "Fence block, closed form",
        "S_opt,fence",
    ),
    m(
        "snake_asymptotic_us_per_elem",
        Unit::UsPerElem,
        "Snake cost per element, large N",
        "f(4)β + c₂",
    ),
    m(
        "fence_asymptotic_us_per_elem",
        Unit::UsPerElem,
        "Fence cost per element, large N",
        "f(6)β + c₃",
    ),
    m("fastest", Unit::Name, "Fastest algorithm", ""),
    m("alpha_us", Unit::Us, "Start-up α", "α"),
    m("beta_us_per_byte", Unit::UsPerByte, "Time per byte β", "β"),
    m(
        "gamma_us_per_byte",
        Unit::UsPerByte,
        "Reduction per byte γ",
        "γ",
    ),
    m("binomial_us", Unit::Us, "Binomial tree time", "T_binomial"),
    m(
        "scatter_rd_allgather_us",
        Unit::Us,
        "Scatter + recursive-doubling allgather time",
        "T_scatter+rd",
    ),
    m(
        "scatter_ring_allgather_us",
        Unit::Us,
        "Scatter + ring allgather time",
        "T_scatter+ring",
    ),
    m(
        "pipelined_chain_us",
        Unit::Us,
        "Pipelined chain time",
        "T_chain",
    ),
    m(
        "loggp_binomial_us",
        Unit::Us,
        "LogGP binomial time",
        "T_LogGP,binomial",
    ),
    m(
        "loggp_p2p_us",
        Unit::Us,
        "LogGP point-to-point time",
        "L + 2o + (n−1)G",
    ),
    m(
        "multicast_us",
        Unit::Us,
        "Hardware multicast time",
        "T_multicast",
    ),
    m("ring_us", Unit::Us, "Ring time", "T_ring"),
    m(
        "recursive_doubling_us",
        Unit::Us,
        "Recursive doubling time",
        "T_rd",
    ),
    m("bruck_us", Unit::Us, "Bruck time", "T_Bruck"),
    m("nway_ring_us", Unit::Us, "N-way ring (003) time", "T_N-way"),
    m(
        "recursive_halving_us",
        Unit::Us,
        "Recursive halving time",
        "T_rh",
    ),
    m(
        "pairwise_us",
        Unit::Us,
        "Pairwise exchange time",
        "T_pairwise",
    ),
    m(
        "rabenseifner_us",
        Unit::Us,
        "Rabenseifner time",
        "T_Rabenseifner",
    ),
    m(
        "separate_us",
        Unit::Us,
        "Separate addressing (002) time",
        "T_separate",
    ),
    m(
        "total_exchange_us",
        Unit::Us,
        "Total exchange (paper) time",
        "T_total-exchange",
    ),
    m(
        "dissemination_us",
        Unit::Us,
        "Dissemination time",
        "T_dissemination",
    ),
    m(
        "broadcast_us",
        Unit::Us,
        "Broadcast barrier (002) time",
        "T_broadcast",
    ),
    m("measured_us", Unit::Us, "Measured barrier time", "l"),
    m("opt_segment_bytes", Unit::Bytes, "Optimal segment", "s*"),
    m("opt_segments", Unit::Count, "Optimal segment count", "n/s*"),
    m(
        "closed_form_segment_bytes",
        Unit::Bytes,
        "Segment, closed form",
        "√(nα/((p−2)β))",
    ),
    m(
        "completion_us",
        Unit::Us,
        "Completion time (mean over replications)",
        "T_complete",
    ),
    m(
        "completion_ci95_us",
        Unit::Us,
        "Completion time, 95 % half-interval",
        "±t·s/√n",
    ),
    m(
        "latency_mean_us",
        Unit::Us,
        "Mean message latency (mean over replications)",
        "mean latency",
    ),
    m(
        "latency_p50_us",
        Unit::Us,
        "Median message latency (mean over replications)",
        "p50",
    ),
    m(
        "latency_p99_us",
        Unit::Us,
        "99th percentile message latency (mean over replications)",
        "p99",
    ),
    m(
        "hops_mean",
        Unit::Count,
        "Mean hops per message (mean over replications)",
        "mean hops",
    ),
    m(
        "link_util_max",
        Unit::Fraction,
        "Busiest link's utilisation (mean over replications)",
        "max ρ",
    ),
    m(
        "queue_max",
        Unit::Count,
        "Longest link queue (mean over replications)",
        "max queue",
    ),
    m(
        "delivered",
        Unit::Count,
        "Messages delivered (total of all replications)",
        "delivered",
    ),
    m(
        "generated",
        Unit::Count,
        "Messages generated (total of all replications)",
        "generated",
    ),
    m(
        "run_length_mean",
        Unit::Count,
        "Mean run of messages to one destination (mean over replications)",
        "mean run",
    ),
    m(
        "events",
        Unit::Count,
        "Simulated events (total of all replications)",
        "events",
    ),
    m("reps", Unit::Count, "Replications", "reps"),
];

/// The metric with this key.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().find(|m| m.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::PATTERNS;

    /// Every metric a pattern declares is in the catalogue, once.
    #[test]
    fn every_declared_metric_is_catalogued_once() {
        for p in PATTERNS {
            for key in p.metrics {
                assert!(metric(key).is_some(), "{}: {key} is not catalogued", p.id);
            }
        }
        for (i, a) in METRICS.iter().enumerate() {
            assert!(
                METRICS[i + 1..].iter().all(|b| b.id != a.id),
                "{} twice",
                a.id
            );
            assert!(!a.label.is_empty(), "{}", a.id);
        }
    }

    /// The key's suffix, the convention scripts read, agrees with the catalogued unit.
    #[test]
    fn suffixes_agree_with_units() {
        for m in METRICS {
            let suffix = match m.unit {
                Unit::Us => "_us",
                Unit::MBps => "_MBps",
                Unit::Bytes => "_bytes",
                Unit::UsPerByte => "_us_per_byte",
                Unit::UsPerWord => "_us_per_word",
                Unit::UsPerElem => "_us_per_elem",
                Unit::Elems => "_elems",
                Unit::Flops => "_flops",
                Unit::FlopsPerWord => "_flops_per_word",
                Unit::Count | Unit::Fraction | Unit::Name => "",
            };
            assert!(m.id.ends_with(suffix), "{} in {:?}", m.id, m.unit);
        }
    }
}
