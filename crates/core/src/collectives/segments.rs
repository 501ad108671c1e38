//! The optimal segmenting of a collective's pipelined algorithms at a scenario's p, at a few
//! sizes and the scenario's own: the table under the Collectives view's winner map. The
//! pipelined chain broadcast cuts its message into k whole segments of ⌈n/k⌉ bytes
//! ([`super::chain`], Chan et al. 2007 §5); on the DELTA, the allreduce's Snake and Fence cut
//! the reduced vector into B blocks of S doubles on the near-square mesh of p nodes (004 §3,
//! Appendix 7.1). Each is found exactly and set beside its closed form. 004's Tree combines
//! whole vectors, so it has no block to choose and no row.
//!
//! The table and the words that say how each collective's message is cut are here, so the
//! page only formats the rows and shows the caption.

use super::chain::{Chain, CLOSED_FORM};
use super::winner::collective_of;
use super::Collective;
use crate::error::Error;
use crate::figures::OPTIMAL_BLOCK;
use crate::models::nbl::{Combiner, CLOSED_FORM_BLOCK};
use crate::patterns::collective::{
    abg, combining, default_p, menu, mesh_of, with_ctx, DEFAULT_SIZE,
};
use crate::scenario::Scenario;
use crate::units::ELEMENT_BYTES;

/// The sizes every table lists beside the scenario's own: 1 KiB, 64 KiB, 1 MiB and 16 MiB,
/// from a message whose start-ups dominate to one its bytes do.
pub const SIZES: [f64; 4] = [1024.0, 65_536.0, 1_048_576.0, 16_777_216.0];

/// The `algo=` id of the chain broadcast's rows.
const CHAIN: &str = "pipelined-chain";

/// One pipelined algorithm at its exact optimum for one size: the chain broadcast's segments,
/// or 004's Snake and Fence blocks (in bytes, [`ELEMENT_BYTES`] per double).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The algorithm's `algo=` id.
    pub algo: &'static str,
    /// n, the whole vector (bytes).
    pub size: f64,
    /// Segments k, or 004's blocks B.
    pub segments: u64,
    /// The segment ⌈n/k⌉, or 004's block S, in bytes.
    pub segment_bytes: f64,
    /// The time at that segmenting (µs).
    pub time_us: f64,
    /// The closed-form segment in bytes; `None` where it is not defined (a chain of two, a
    /// timeline whose time falls all the way to the fewest blocks).
    pub closed_form_bytes: Option<f64>,
}

/// The table's sizes: [`SIZES`] and the scenario's own n, in order, each once.
pub fn sizes(own: f64) -> Vec<f64> {
    let mut at = SIZES.to_vec();
    at.push(own);
    at.sort_by(f64::total_cmp);
    at.dedup();
    at
}

/// The rows of the scenario's collective at its p (the pattern's default where the query has
/// none), at [`sizes`] of its n: the chain broadcast's exact segment count beside the closed
/// form, or, where the collective's menu holds 004's algorithms (the DELTA's allreduce), Snake
/// and Fence at their exact optimal blocks, costed as the menu costs them (`combining`: the
/// scenario's NBL model on ⌈n/8⌉ doubles). Empty for the collectives with no pipelined
/// algorithm.
pub fn table(scenario: &Scenario) -> Result<Vec<Row>, Error> {
    let c = collective_of(scenario)?;
    with_ctx(scenario, |ctx| {
        let p = ctx.p(default_p(ctx.machine));
        let at = sizes(ctx.size(DEFAULT_SIZE));
        if c == Collective::Broadcast {
            let chain = Chain::new(&abg(ctx, p, false)?, p);
            return Ok(at.iter().map(|&n| chain_row(&chain, n)).collect());
        }
        let algorithms = menu(ctx, c, p)?;
        Ok(
            combining(ctx, p, &algorithms)?.map_or_else(Vec::new, |combiner| {
                at.iter().flat_map(|&n| block_rows(&combiner, n)).collect()
            }),
        )
    })
}

/// The chain broadcast of n bytes at its exact optimal segment count.
fn chain_row(chain: &Chain, n: f64) -> Row {
    let o = chain.optimum(n);
    Row {
        algo: CHAIN,
        size: n,
        segments: o.segments,
        segment_bytes: o.segment_bytes,
        time_us: o.time,
        closed_form_bytes: chain.closed_form(n),
    }
}

/// 004's pipelined algorithms that apply to the combiner's mesh, each at its exact optimal
/// block for n bytes (⌈n/8⌉ doubles), in 004's order.
fn block_rows(combiner: &Combiner, n: f64) -> Vec<Row> {
    let elements = (n / ELEMENT_BYTES).ceil().max(1.0) as u64;
    combiner
        .optima(elements)
        .into_iter()
        .flatten()
        .filter(|o| o.algorithm.pipelined())
        .map(|o| Row {
            algo: o.algorithm.id(),
            size: n,
            segments: o.blocks,
            segment_bytes: o.block as f64 * ELEMENT_BYTES,
            time_us: o.time,
            closed_form_bytes: o.closed_form.map(|s| s * ELEMENT_BYTES),
        })
        .collect()
}

/// How the algorithms of a [`table`]'s `rows` cut the message, in words: its caption on p
/// processes of `machine` (the name the reader knows the machine by). Read from the rows, so
/// that which collective has which pipelined algorithm is [`table`]'s rule alone; `None` for
/// a table without rows.
pub fn about(rows: &[Row], p: u32, machine: &str) -> Option<String> {
    let first = rows.first()?;
    if first.algo == CHAIN {
        return Some(format!(
            "The pipelined chain broadcast on {machine} with p = {p}: the exact optimal number of segments k (whole segments of ⌈n/k⌉ bytes) beside the closed form {CLOSED_FORM}."
        ));
    }
    let (w, h) = mesh_of(p);
    Some(format!(
        "{} on a {w}×{h} mesh of the {machine} ({p} processes): the exact one (k blocks of S doubles, shown in bytes) beside the closed form {CLOSED_FORM_BLOCK} ({}).",
        OPTIMAL_BLOCK.text, OPTIMAL_BLOCK.source
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// The rows the page showed for 16 Paragon nodes and a 1 MB broadcast before the table
    /// moved here: the four fixed sizes and the scenario's own, each at its exact segment
    /// count, beside the closed form.
    #[test]
    fn the_paragons_broadcast_lists_the_chains_segments_at_five_sizes() {
        let rows = table(&scenario(
            "machine=intel-paragon&pattern=broadcast&p=16&size=1000000",
        ))
        .unwrap();
        let got: Vec<(f64, u64, f64)> = rows
            .iter()
            .map(|r| (r.size, r.segments, r.segment_bytes))
            .collect();
        assert_eq!(
            got,
            [
                (1024.0, 1, 1024.0),
                (65536.0, 9, 7282.0),
                (1e6, 33, 30304.0),
                (1048576.0, 34, 30841.0),
                (16777216.0, 136, 123362.0),
            ]
        );
        assert!(rows.iter().all(|r| r.algo == "pipelined-chain"));
        let own = &rows[2];
        assert!((own.time_us - 23241.312).abs() < 1e-6, "{own:?}");
        assert!((own.closed_form_bytes.unwrap() - 30113.656339552093).abs() < 1e-6);
        // The same optimum as the query's own metrics.
        let r = run("machine=intel-paragon&pattern=broadcast&p=16&size=1000000").unwrap();
        assert_eq!(Some(own.segment_bytes), r.metric("opt_segment_bytes"));
        assert_eq!(Some(own.time_us), r.metric("opt_time_us"));
        // A chain of two has no closed form: one segment is best.
        let two = table(&scenario("machine=intel-paragon&pattern=broadcast&p=2")).unwrap();
        assert_eq!(two.len(), 5, "the default size 10 kB joins the four");
        assert!(two
            .iter()
            .all(|r| r.segments == 1 && r.closed_form_bytes.is_none()));
    }

    /// The DELTA's allreduce on 64 nodes: Snake and Fence at their exact optimal blocks on the
    /// 8×8 mesh, Tree left out, as the page showed them before the table moved here; each
    /// time the query's own metric.
    #[test]
    fn the_deltas_allreduce_lists_snake_and_fence_at_their_optimal_blocks() {
        let rows = table(&scenario(
            "machine=intel-delta&pattern=allreduce&p=64&size=800000",
        ))
        .unwrap();
        let got: Vec<(&str, f64, u64, f64)> = rows
            .iter()
            .map(|r| (r.algo, r.size, r.segments, r.segment_bytes))
            .collect();
        assert_eq!(
            got,
            [
                ("snake", 1024.0, 16, 64.0),
                ("fence", 1024.0, 6, 176.0),
                ("snake", 65536.0, 128, 512.0),
                ("fence", 65536.0, 50, 1312.0),
                ("snake", 8e5, 422, 1896.0),
                ("fence", 8e5, 160, 5000.0),
                ("snake", 1048576.0, 491, 2136.0),
                ("fence", 1048576.0, 198, 5296.0),
                ("snake", 16777216.0, 1924, 8720.0),
                ("fence", 16777216.0, 764, 21960.0),
            ]
        );
        let r = run("machine=intel-delta&pattern=allreduce&p=64&size=800000").unwrap();
        for own in rows.iter().filter(|x| x.size == 8e5) {
            assert_eq!(
                Some(own.time_us),
                r.metric(&format!("{}_us", own.algo)),
                "{own:?}"
            );
        }
        let fence = &rows[5];
        assert!((fence.time_us - 1072170.25).abs() < 1e-6, "{fence:?}");
        assert!((fence.closed_form_bytes.unwrap() - 4797.601798501311).abs() < 1e-6);
    }

    #[test]
    fn a_collective_without_a_pipelined_algorithm_has_no_rows_and_no_caption() {
        for q in [
            "machine=intel-paragon&pattern=allreduce",
            "machine=intel-paragon&pattern=all-to-all",
        ] {
            assert!(table(&scenario(q)).unwrap().is_empty(), "{q}");
        }
        assert!(table(&scenario("machine=intel-paragon&pattern=pingpong")).is_err());
        let gather = table(&scenario("machine=intel-paragon&pattern=gather&p=8")).unwrap();
        assert_eq!(about(&gather, 8, "Intel Paragon"), None);
    }

    #[test]
    fn the_caption_says_how_each_collective_cuts_its_message() {
        let broadcast = table(&scenario("machine=intel-paragon&pattern=broadcast&p=16")).unwrap();
        let chain = about(&broadcast, 16, "Intel Paragon").unwrap();
        assert!(
            chain.contains("with p = 16: the exact optimal number of segments k (whole segments of ⌈n/k⌉ bytes) beside the closed form s* = √(nα/((p−2)β))"),
            "{chain}"
        );
        let allreduce = table(&scenario("machine=intel-delta&pattern=allreduce&p=64")).unwrap();
        let blocks = about(&allreduce, 64, "Intel DELTA").unwrap();
        assert_eq!(
            blocks,
            "The optimal block of 004's pipelined Snake and Fence on a 8×8 mesh of the Intel DELTA (64 processes): the exact one (k blocks of S doubles, shown in bytes) beside the closed form √(N·D/C) (004 §3, Appendix 7.1)."
        );
    }

    #[test]
    fn the_scenarios_own_size_joins_the_fixed_ones_once() {
        assert_eq!(sizes(1e4), [1024.0, 1e4, 65536.0, 1048576.0, 16777216.0]);
        assert_eq!(sizes(65536.0), SIZES);
    }
}
