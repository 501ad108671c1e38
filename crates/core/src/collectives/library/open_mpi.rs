//! Open MPI 4.1's coll/tuned fixed decisions (`ompi/mca/coll/tuned/coll_tuned_decision_fixed.c`
//! at v4.1.4 of open-mpi/ompi: `ompi_coll_tuned_<collective>_intra_dec_fixed` for bcast,
//! allreduce, allgather, reduce, reduce_scatter, alltoall, gather, scatter and barrier), which
//! Open MPI 5 keeps: tables per communicator size and message size, averaged from measurements
//! on several developers' clusters, in place of the classic rules of 4.0 ([`super::classic`]).
//! The tables are [`open_mpi_table`], the algorithm numbers [`open_mpi_name`].
//!
//! What runs once an algorithm is chosen, by the fixed decisions or by a rules file
//! (`ompi/mca/coll/base/coll_base_*.c` at v4.1.4): several algorithms hand over to another
//! ([`open_mpi_runs`]): allreduce's ring to recursive doubling when the count is below p, its
//! segmented ring to the ring when the count is below p segments (always, without a segment
//! size), Rabenseifner's allreduce and reduce to the linear ones when the count is below p′,
//! the scatter-allgather broadcasts to the linear one when the count is below p, allgather's
//! recursive doubling to Bruck when p is not a power of two, and its neighbour exchange to the
//! ring when p is odd. tests/mpi/check.py runs Debian 12's Open MPI 4.1.4 at the cases of
//! tests/mpi/ompi-defaults.txt and sees, under gdb, the function that really runs.

use super::choice::{count, ours, ours_named, pow2_below, theirs, Choice};
use crate::collectives::Collective;
/// Open MPI 4.1's choice: the row of the collective's table for p, then the algorithm for the
/// size Open MPI measures.
pub(super) fn open_mpi(c: Collective, p: u32, n: f64, count: f64) -> Choice {
    let (rows, per_block) = open_mpi_table(c);
    // allgather, alltoall, gather and scatter measure one process's block (`dsize * scount`),
    // n/p of commcalc's n; the others the whole vector.
    let size = if per_block {
        n / f64::from(p.max(1))
    } else {
        n
    };
    let alg = rows
        .iter()
        .find(|r| p < r.below)
        .or(rows.last())
        .map_or(0, |r| {
            r.cuts
                .iter()
                .find(|(limit, _)| size < f64::from(*limit))
                .map_or(r.rest, |&(_, alg)| alg)
        });
    open_mpi_algorithm(c, alg, p, count)
}

/// One row of an Open MPI 4.1 decision table: communicators of fewer than `below` processes
/// (the rows are tried in order), then the algorithm of the first `(limit, alg)` whose limit
/// the size is below, else `rest`. Algorithms are Open MPI's numbers
/// (`coll_tuned_<collective>_algorithm`).
struct Row {
    below: u32,
    cuts: &'static [(u32, u8)],
    rest: u8,
}

const fn row(below: u32, cuts: &'static [(u32, u8)], rest: u8) -> Row {
    Row { below, cuts, rest }
}

/// The last row of a table: every larger communicator.
const ANY: u32 = u32::MAX;

/// Open MPI 4.1's table for a collective, and whether it measures one process's block rather
/// than the whole vector. Reductions take the commutative branch (commcalc reduces sums);
/// `communicator_size == 2` rows are `below: 3` (p ≥ 2 on the map).
fn open_mpi_table(c: Collective) -> (&'static [Row], bool) {
    match c {
        Collective::Broadcast => (&BCAST, false),
        Collective::Allreduce => (&ALLREDUCE, false),
        Collective::Allgather => (&ALLGATHER, true),
        Collective::Reduce => (&REDUCE, false),
        Collective::ReduceScatter => (&REDUCE_SCATTER, false),
        Collective::AllToAll => (&ALLTOALL, true),
        Collective::Gather => (&GATHER, true),
        Collective::Scatter => (&SCATTER, true),
        Collective::Barrier => (&BARRIER, false),
    }
}

static BCAST: [Row; 11] = [
    row(
        4,
        &[
            (32, 3),
            (256, 5),
            (512, 3),
            (1024, 7),
            (32768, 1),
            (131072, 5),
            (262144, 2),
            (524288, 1),
            (1048576, 6),
        ],
        5,
    ),
    row(
        8,
        &[(64, 5), (128, 6), (2048, 5), (8192, 6), (1048576, 1)],
        2,
    ),
    row(16, &[(8, 7), (64, 5), (4096, 7), (16384, 5), (32768, 6)], 1),
    row(32, &[(4096, 7), (1048576, 6)], 8),
    row(64, &[(2048, 6)], 7),
    row(128, &[], 7),
    row(256, &[(2, 6), (16384, 5), (32768, 1), (65536, 5)], 7),
    row(1024, &[(16384, 7), (32768, 4)], 7),
    row(2048, &[(524288, 7)], 8),
    row(4096, &[(262144, 7)], 8),
    row(ANY, &[(8192, 7), (16384, 5), (262144, 7)], 8),
];

static ALLREDUCE: [Row; 11] = [
    row(
        4,
        &[
            (8, 4),
            (4096, 3),
            (8192, 4),
            (16384, 3),
            (65536, 4),
            (262144, 5),
        ],
        6,
    ),
    row(8, &[(16, 4), (8192, 3)], 6),
    row(16, &[(8192, 3)], 6),
    row(32, &[(64, 5), (4096, 3)], 6),
    row(64, &[(128, 5)], 6),
    row(128, &[(262144, 3)], 6),
    row(256, &[(131072, 2), (262144, 3)], 6),
    row(512, &[(4096, 2)], 6),
    row(2048, &[(2048, 2), (16384, 3)], 6),
    row(4096, &[(2048, 2), (4096, 5), (16384, 3)], 6),
    row(ANY, &[(2048, 2), (16384, 5), (32768, 3)], 6),
];

static ALLGATHER: [Row; 10] = [
    row(3, &[], 6),
    row(32, &[], 3),
    row(64, &[(1024, 3), (65536, 5)], 4),
    row(128, &[(512, 3), (65536, 5)], 4),
    row(256, &[(512, 3), (131072, 5), (524288, 4), (1048576, 5)], 4),
    row(
        512,
        &[
            (32, 3),
            (128, 2),
            (1024, 3),
            (131072, 5),
            (524288, 4),
            (1048576, 5),
        ],
        4,
    ),
    row(1024, &[(64, 3), (256, 2), (2048, 3)], 5),
    row(
        2048,
        &[
            (4, 3),
            (8, 2),
            (16, 3),
            (32, 2),
            (256, 3),
            (512, 2),
            (4096, 3),
        ],
        5,
    ),
    row(4096, &[(32, 2), (128, 3), (512, 2), (4096, 3)], 5),
    row(ANY, &[(2, 3), (8, 2), (16, 3), (512, 2), (4096, 3)], 5),
];

static REDUCE: [Row; 9] = [
    row(
        4,
        &[
            (8, 7),
            (16, 4),
            (32, 3),
            (262144, 1),
            (524288, 3),
            (1048576, 2),
        ],
        3,
    ),
    row(
        8,
        &[
            (4096, 4),
            (65536, 2),
            (262144, 5),
            (524288, 1),
            (1048576, 5),
        ],
        1,
    ),
    row(16, &[(8192, 4)], 5),
    row(32, &[(4096, 4)], 5),
    row(256, &[], 5),
    row(512, &[(8192, 5), (16384, 6)], 5),
    row(2048, &[], 5),
    row(4096, &[(512, 5), (1024, 6), (8192, 5), (16384, 6)], 5),
    row(
        ANY,
        &[
            (16, 5),
            (32, 6),
            (1024, 5),
            (2048, 6),
            (8192, 5),
            (16384, 6),
        ],
        5,
    ),
];

static REDUCE_SCATTER: [Row; 11] = [
    row(4, &[(65536, 3), (131072, 4)], 3),
    row(8, &[(8, 1), (262144, 2)], 3),
    row(32, &[(262144, 2)], 3),
    row(64, &[(64, 1), (2048, 2), (524288, 4)], 3),
    row(128, &[(256, 1), (512, 2), (2048, 4), (4096, 2)], 4),
    row(256, &[(256, 1), (512, 2)], 4),
    row(512, &[(256, 1), (1024, 2)], 4),
    row(1024, &[(512, 1), (2048, 2), (8192, 4), (16384, 2)], 4),
    row(2048, &[(512, 1), (4096, 2), (16384, 4), (32768, 2)], 4),
    row(4096, &[(512, 1), (4096, 2)], 4),
    row(ANY, &[(1024, 1), (8192, 2)], 4),
];

static ALLTOALL: [Row; 12] = [
    row(
        3,
        &[
            (2, 2),
            (4, 5),
            (16, 2),
            (64, 5),
            (256, 2),
            (4096, 5),
            (32768, 2),
            (262144, 4),
            (1048576, 5),
        ],
        2,
    ),
    row(
        8,
        &[(8192, 4), (16384, 1), (65536, 4), (524288, 1), (1048576, 2)],
        1,
    ),
    row(16, &[(262144, 4)], 1),
    row(
        32,
        &[
            (4, 4),
            (512, 3),
            (8192, 4),
            (32768, 1),
            (262144, 4),
            (524288, 1),
        ],
        4,
    ),
    row(64, &[(512, 3), (524288, 1)], 4),
    row(128, &[(1024, 3), (2048, 1), (4096, 4), (262144, 1)], 2),
    row(256, &[(1024, 3), (2048, 4), (262144, 1)], 2),
    row(512, &[(1024, 3), (8192, 4), (32768, 1)], 2),
    row(
        1024,
        &[(512, 3), (8192, 4), (16384, 1), (131072, 4), (262144, 1)],
        2,
    ),
    row(
        2048,
        &[(512, 3), (1024, 4), (2048, 1), (16384, 4), (262144, 1)],
        4,
    ),
    row(4096, &[(1024, 3), (4096, 4), (8192, 1), (131072, 4)], 1),
    row(
        ANY,
        &[(2048, 3), (8192, 4), (16384, 1), (32768, 4), (65536, 1)],
        4,
    ),
];

static GATHER: [Row; 5] = [
    row(4, &[(2, 3), (4, 1), (32768, 2), (65536, 1), (131072, 2)], 3),
    row(8, &[(1024, 2), (8192, 1), (32768, 2), (262144, 1)], 3),
    row(256, &[], 2),
    row(512, &[(2048, 2), (8192, 1)], 2),
    row(ANY, &[], 2),
];

static SCATTER: [Row; 6] = [
    row(4, &[(2, 3), (131072, 1), (262144, 3)], 1),
    row(
        8,
        &[(2048, 2), (4096, 1), (8192, 2), (32768, 1), (1048576, 3)],
        1,
    ),
    row(16, &[(16384, 2), (1048576, 3)], 1),
    row(32, &[(16384, 2), (32768, 1)], 3),
    row(64, &[(512, 2), (8192, 3), (16384, 2)], 3),
    row(ANY, &[(512, 2)], 3),
];

static BARRIER: [Row; 8] = [
    row(4, &[], 3),
    row(8, &[], 1),
    row(64, &[], 3),
    row(256, &[], 4),
    row(512, &[], 6),
    row(1024, &[], 4),
    row(4096, &[], 6),
    row(ANY, &[], 4),
];

/// The number of the algorithm Open MPI 4.1 really runs when algorithm `alg` of collective
/// `c` is chosen for n bytes on p processes (a count of [`count`] elements): `alg` itself, or
/// the one it hands over to ([`runs_counted`]).
pub fn open_mpi_runs(c: Collective, alg: u8, p: u32, n: f64) -> u8 {
    runs_counted(c, alg, p, count(c, n))
}

/// [`open_mpi_runs`] for a call of `count` elements: the hand-overs of `coll_base_allreduce.c`,
/// `coll_base_bcast.c`, `coll_base_reduce.c` and `coll_base_allgather.c` at v4.1.4. The
/// segmented ring is given no segment size by the fixed decisions nor by commcalc's rules, so
/// it always hands over to the plain ring.
fn runs_counted(c: Collective, alg: u8, p: u32, count: f64) -> u8 {
    use Collective as C;
    let below_p = count < f64::from(p);
    let below_p2 = count < f64::from(pow2_below(p));
    match (c, alg) {
        (C::Allreduce, 4 | 5) if below_p => 3,
        (C::Allreduce, 5) => 4,
        (C::Allreduce, 6) | (C::Reduce, 7) if below_p2 => 1,
        (C::Broadcast, 8 | 9) if below_p => 1,
        (C::Allgather, 3) if !p.is_power_of_two() => 2,
        (C::Allgather, 5) if p % 2 == 1 => 4,
        _ => alg,
    }
}

/// Open MPI's algorithm `alg` of collective `c` for `count` elements on p processes, named by
/// what runs ([`open_mpi_runs`]): commcalc's algorithm where commcalc costs what Open MPI runs, else Open
/// MPI's own name (as `ompi_info --param coll tuned --level 9` lists it). The fixed decisions
/// pass no segment size, so Open MPI's pipeline and chain send the whole message down the
/// chain (not commcalc's pipelined chain at its optimal segment); an algorithm that hands
/// over to another is named `chosen → run`.
fn open_mpi_algorithm(c: Collective, alg: u8, p: u32, count: f64) -> Choice {
    use Collective as C;
    let runs = runs_counted(c, alg, p, count);
    match (c, alg, runs) {
        (C::Allreduce, 4, 3) => ours_named("ring → recursive_doubling", "recursive-doubling"),
        (C::Allreduce, 5, 3) => {
            ours_named("segmented_ring → recursive_doubling", "recursive-doubling")
        }
        (C::Allreduce, 5, 4) => ours_named("segmented_ring → ring", "ring"),
        (C::Allreduce, 6, 1) => theirs("rabenseifner → basic_linear"),
        (C::Reduce, 7, 1) => theirs("rabenseifner → linear"),
        (C::Broadcast, 8, 1) => theirs("scatter_allgather → basic_linear"),
        (C::Broadcast, 9, 1) => theirs("scatter_allgather_ring → basic_linear"),
        (C::Allgather, 3, 2) => ours_named("recursive_doubling → bruck", "bruck"),
        (C::Allgather, 5, 4) => ours_named("neighbor → ring", "ring"),
        _ => open_mpi_itself(c, alg, p),
    }
}

/// Open MPI's algorithm `alg` where it runs as itself.
fn open_mpi_itself(c: Collective, alg: u8, p: u32) -> Choice {
    use Collective as C;
    match (c, alg) {
        (C::Broadcast, 6) | (C::Reduce, 5) | (C::Gather, 2) | (C::Scatter, 2) => ours("binomial"),
        (C::Broadcast, 8) => ours("scatter-rd-allgather"),
        (C::Broadcast, 9) => ours("scatter-ring-allgather"),
        (C::Allreduce, 3) => ours("recursive-doubling"),
        (C::Allreduce, 4) | (C::Allgather, 4) => ours("ring"),
        (C::Allreduce, 6) | (C::Reduce, 7) => ours("rabenseifner"),
        (C::Allgather, 2) | (C::AllToAll, 3) => ours("bruck"),
        (C::Allgather, 3) => ours("recursive-doubling"),
        // Two processes: one exchange of the halves, which a ring of two is.
        (C::Allgather, 6) => ours_named("two_proc", "ring"),
        (C::AllToAll, 2) => ours("pairwise"),
        // Every block posted at once: linear_sync too, at its default of no limit on the
        // outstanding requests (`coll_tuned_alltoall_algorithm_max_requests` 0).
        (C::AllToAll, 1) => ours("linear"),
        (C::AllToAll, 4) => ours_named("linear_sync", "linear"),
        (C::Allgather, 5) => ours_named("neighbor", "neighbor-exchange"),
        (C::AllToAll, 5) => ours_named("two_proc", "pairwise"),
        (C::ReduceScatter, 2) => ours("recursive-halving"),
        // p − 1 steps of n/p bytes, as pairwise exchange.
        (C::ReduceScatter, 3) => ours_named("ring", "pairwise"),
        // ⌈lg p⌉ rounds of one message each (recursive doubling only for p a power of two).
        (C::Barrier, 3) if p.is_power_of_two() => ours_named("recursive_doubling", "dissemination"),
        (C::Barrier, 4) => ours_named("bruck", "dissemination"),
        _ => theirs(open_mpi_name(c, alg)),
    }
}

/// Open MPI 4.1's name of algorithm `alg` (numbered from 1) of a collective.
pub fn open_mpi_name(c: Collective, alg: u8) -> &'static str {
    let names: &[&'static str] = match c {
        Collective::Broadcast => &[
            "basic_linear",
            "chain",
            "pipeline",
            "split_binary_tree",
            "binary_tree",
            "binomial",
            "knomial",
            "scatter_allgather",
            "scatter_allgather_ring",
        ],
        Collective::Allreduce => &[
            "basic_linear",
            "nonoverlapping",
            "recursive_doubling",
            "ring",
            "segmented_ring",
            "rabenseifner",
        ],
        Collective::Allgather => &[
            "linear",
            "bruck",
            "recursive_doubling",
            "ring",
            "neighbor",
            "two_proc",
        ],
        Collective::Reduce => &[
            "linear",
            "chain",
            "pipeline",
            "binary",
            "binomial",
            "in-order_binary",
            "rabenseifner",
        ],
        Collective::ReduceScatter => &["non-overlapping", "recursive_halving", "ring", "butterfly"],
        Collective::AllToAll => &[
            "linear",
            "pairwise",
            "modified_bruck",
            "linear_sync",
            "two_proc",
        ],
        Collective::Gather => &["basic_linear", "binomial", "linear_sync"],
        Collective::Scatter => &["basic_linear", "binomial", "linear_nb"],
        Collective::Barrier => &[
            "linear",
            "double_ring",
            "recursive_doubling",
            "bruck",
            "two_proc",
            "tree",
        ],
    };
    usize::from(alg)
        .checked_sub(1)
        .and_then(|i| names.get(i))
        .copied()
        .unwrap_or("unknown")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Open MPI 4.1's (name, commcalc algorithm) at (p, n), a count of doubles for reductions.
    fn ompi(c: Collective, p: u32, n: f64) -> (&'static str, Option<&'static str>) {
        let ch = open_mpi(c, p, n, count(c, n));
        (ch.name, ch.algo)
    }

    #[test]
    fn open_mpi_broadcast_follows_the_4_1_table() {
        let c = Collective::Broadcast;
        // ompi_coll_tuned_bcast_intra_dec_fixed, communicator_size < 8: binary tree (5) below
        // 64 B, binomial (6) below 128, 5 below 2048, 6 below 8192, basic linear (1) below
        // 1 MiB, chain (2) above.
        assert_eq!(ompi(c, 4, 63.0), ("binary_tree", None));
        assert_eq!(ompi(c, 4, 64.0), ("binomial", Some("binomial")));
        assert_eq!(ompi(c, 4, 128.0), ("binary_tree", None));
        assert_eq!(ompi(c, 4, 2047.0), ("binary_tree", None));
        assert_eq!(ompi(c, 4, 2048.0), ("binomial", Some("binomial")));
        assert_eq!(ompi(c, 4, 8191.0), ("binomial", Some("binomial")));
        assert_eq!(ompi(c, 4, 8192.0), ("basic_linear", None));
        assert_eq!(ompi(c, 7, 1_048_575.0), ("basic_linear", None));
        assert_eq!(ompi(c, 7, 1_048_576.0), ("chain", None));
        // communicator_size < 4: pipeline (3, no segments: not the pipelined chain) below 32 B.
        assert_eq!(ompi(c, 3, 31.0), ("pipeline", None));
        assert_eq!(ompi(c, 3, 32.0), ("binary_tree", None));
        // communicator_size < 16: knomial (7) from 64 B to 4 KiB, split binary tree nowhere.
        assert_eq!(ompi(c, 8, 4095.0), ("knomial", None));
        assert_eq!(ompi(c, 8, 40_000.0), ("basic_linear", None));
        // communicator_size < 32: 7 below 4 KiB, 6 below 1 MiB, scatter_allgather (8) above.
        assert_eq!(ompi(c, 16, 4095.0), ("knomial", None));
        assert_eq!(ompi(c, 16, 4096.0), ("binomial", Some("binomial")));
        assert_eq!(
            ompi(c, 31, 1_048_576.0),
            ("scatter-rd-allgather", Some("scatter-rd-allgather"))
        );
        // communicator_size < 1024: split binary tree (4) from 16 KiB to 32 KiB.
        assert_eq!(ompi(c, 600, 20_000.0), ("split_binary_tree", None));
    }

    #[test]
    fn open_mpi_allreduce_follows_the_4_1_table() {
        let c = Collective::Allreduce;
        // ompi_coll_tuned_allreduce_intra_dec_fixed, commutative, communicator_size < 8: ring
        // (4) below 16 B, recursive doubling (3) below 8 KiB, Rabenseifner (6) above. One
        // double is a count below p: the ring hands over to recursive doubling.
        assert_eq!(
            ompi(c, 4, 8.0),
            ("ring → recursive_doubling", Some("recursive-doubling"))
        );
        assert_eq!(
            ompi(c, 4, 16.0),
            ("recursive-doubling", Some("recursive-doubling"))
        );
        assert_eq!(
            ompi(c, 7, 8191.0),
            ("recursive-doubling", Some("recursive-doubling"))
        );
        assert_eq!(ompi(c, 4, 8192.0), ("rabenseifner", Some("rabenseifner")));
        // communicator_size < 4: 3 from 8 B, ring from 4 KiB, 3 from 8 KiB, ring from 16 KiB,
        // segmented ring (5; no segment size, so the plain ring) from 64 KiB, 6 from 256 KiB.
        assert_eq!(ompi(c, 2, 4096.0), ("ring", Some("ring")));
        assert_eq!(
            ompi(c, 3, 12_000.0),
            ("recursive-doubling", Some("recursive-doubling"))
        );
        assert_eq!(
            ompi(c, 2, 262_143.0),
            ("segmented_ring → ring", Some("ring"))
        );
        assert_eq!(
            ompi(c, 2, 262_144.0),
            ("rabenseifner", Some("rabenseifner"))
        );
        // communicator_size < 256: nonoverlapping (2, reduce then bcast) below 128 KiB.
        assert_eq!(ompi(c, 200, 131_071.0), ("nonoverlapping", None));
    }

    #[test]
    fn open_mpi_algorithms_hand_over_where_coll_base_says() {
        use Collective as C;
        // coll_base_allreduce.c: the ring needs a count of at least p, Rabenseifner of p′.
        assert_eq!(open_mpi_runs(C::Allreduce, 4, 4, 24.0), 3);
        assert_eq!(open_mpi_runs(C::Allreduce, 4, 4, 32.0), 4);
        assert_eq!(open_mpi_runs(C::Allreduce, 5, 4, 32.0), 4);
        assert_eq!(open_mpi_runs(C::Allreduce, 6, 6, 24.0), 1);
        assert_eq!(open_mpi_runs(C::Allreduce, 6, 6, 32.0), 6);
        assert_eq!(
            open_mpi_algorithm(C::Allreduce, 6, 6, count(C::Allreduce, 24.0)),
            theirs("rabenseifner → basic_linear")
        );
        assert_eq!(open_mpi_runs(C::Reduce, 7, 8, 56.0), 1);
        assert_eq!(open_mpi_runs(C::Reduce, 7, 8, 64.0), 7);
        // coll_base_bcast.c: the scatter-allgather broadcasts need a count of p bytes.
        assert_eq!(open_mpi_runs(C::Broadcast, 8, 16, 15.0), 1);
        assert_eq!(open_mpi_runs(C::Broadcast, 9, 16, 16.0), 9);
        // coll_base_allgather.c: recursive doubling on p = 2^k only, neighbour exchange on even p.
        assert_eq!(open_mpi_runs(C::Allgather, 3, 12, 1e6), 2);
        assert_eq!(open_mpi_runs(C::Allgather, 5, 33, 1e6), 4);
        assert_eq!(open_mpi_runs(C::Allgather, 5, 32, 1e6), 5);
    }

    #[test]
    fn open_mpi_allgather_and_alltoall_measure_one_block() {
        let (ag, a2a) = (Collective::Allgather, Collective::AllToAll);
        // ompi_coll_tuned_allgather_intra_dec_fixed: two_proc (6) at 2; recursive doubling (3)
        // below 32 processes, which hands over to Bruck when p is not a power of two.
        assert_eq!(ompi(ag, 2, 1e6), ("two_proc", Some("ring")));
        assert_eq!(
            ompi(ag, 16, 1e6),
            ("recursive-doubling", Some("recursive-doubling"))
        );
        assert_eq!(
            ompi(ag, 12, 1e6),
            ("recursive_doubling → bruck", Some("bruck"))
        );
        // communicator_size < 64: 3 below a 1 KiB block, neighbor exchange (5; the ring for odd
        // p) below 64 KiB, ring (4) above; the block is n/p.
        assert_eq!(
            ompi(ag, 32, 32.0 * 1023.0),
            ("recursive-doubling", Some("recursive-doubling"))
        );
        assert_eq!(
            ompi(ag, 32, 32.0 * 1024.0),
            ("neighbor", Some("neighbor-exchange"))
        );
        assert_eq!(
            ompi(ag, 33, 33.0 * 1024.0),
            ("neighbor → ring", Some("ring"))
        );
        assert_eq!(ompi(ag, 32, 32.0 * 65536.0), ("ring", Some("ring")));
        // ompi_coll_tuned_alltoall_intra_dec_fixed, communicator_size < 8: linear_sync (4)
        // below an 8 KiB block, linear (1) below 16 KiB.
        assert_eq!(ompi(a2a, 4, 4.0 * 8191.0), ("linear_sync", Some("linear")));
        assert_eq!(ompi(a2a, 4, 4.0 * 8192.0), ("linear", Some("linear")));
        // communicator_size < 32: modified Bruck (3) from a 4 B to a 512 B block.
        assert_eq!(ompi(a2a, 16, 16.0 * 3.0), ("linear_sync", Some("linear")));
        assert_eq!(ompi(a2a, 16, 16.0 * 511.0), ("bruck", Some("bruck")));
        assert_eq!(ompi(a2a, 16, 16.0 * 512.0), ("linear_sync", Some("linear")));
        // communicator_size == 2: pairwise (2) below a 2 B block, two_proc (5) below 4 B.
        assert_eq!(ompi(a2a, 2, 2.0), ("pairwise", Some("pairwise")));
        assert_eq!(ompi(a2a, 2, 4.0), ("two_proc", Some("pairwise")));
    }

    #[test]
    fn open_mpi_reductions_gathers_and_barrier_follow_the_4_1_tables() {
        use Collective as C;
        // ompi_coll_tuned_reduce_intra_dec_fixed, commutative, communicator_size < 8.
        assert_eq!(ompi(C::Reduce, 4, 4095.0), ("binary", None));
        assert_eq!(ompi(C::Reduce, 4, 4096.0), ("chain", None));
        assert_eq!(ompi(C::Reduce, 4, 65536.0), ("binomial", Some("binomial")));
        assert_eq!(ompi(C::Reduce, 4, 262_144.0), ("linear", None));
        // Rabenseifner (7) below 8 B on two processes: a count below p′ = 2, so coll/base's
        // reduce_intra_redscat_gather hands over to the linear reduce.
        assert_eq!(ompi(C::Reduce, 2, 7.0), ("rabenseifner → linear", None));
        assert_eq!(ompi(C::Reduce, 16, 4096.0), ("binomial", Some("binomial")));
        // ompi_coll_tuned_reduce_scatter_intra_dec_fixed (the whole vector: the sum of the
        // receive counts), communicator_size < 8 and < 4.
        assert_eq!(ompi(C::ReduceScatter, 4, 7.0), ("non-overlapping", None));
        assert_eq!(
            ompi(C::ReduceScatter, 4, 8.0),
            ("recursive-halving", Some("recursive-halving"))
        );
        assert_eq!(
            ompi(C::ReduceScatter, 4, 262_144.0),
            ("ring", Some("pairwise"))
        );
        assert_eq!(ompi(C::ReduceScatter, 2, 65536.0), ("butterfly", None));
        // ompi_coll_tuned_gather_intra_dec_fixed and _scatter_: the block n/p.
        assert_eq!(
            ompi(C::Gather, 4, 4.0 * 1023.0),
            ("binomial", Some("binomial"))
        );
        assert_eq!(ompi(C::Gather, 4, 4.0 * 1024.0), ("basic_linear", None));
        assert_eq!(ompi(C::Gather, 4, 4.0 * 262_144.0), ("linear_sync", None));
        assert_eq!(
            ompi(C::Scatter, 8, 8.0 * 16383.0),
            ("binomial", Some("binomial"))
        );
        assert_eq!(ompi(C::Scatter, 8, 8.0 * 16384.0), ("linear_nb", None));
        // ompi_coll_tuned_barrier_intra_dec_fixed: by communicator size only.
        assert_eq!(
            ompi(C::Barrier, 2, 8.0),
            ("recursive_doubling", Some("dissemination"))
        );
        assert_eq!(ompi(C::Barrier, 3, 8.0), ("recursive_doubling", None));
        assert_eq!(ompi(C::Barrier, 4, 8.0), ("linear", None));
        assert_eq!(ompi(C::Barrier, 100, 8.0), ("bruck", Some("dissemination")));
        assert_eq!(ompi(C::Barrier, 300, 8.0), ("tree", None));
    }

    #[test]
    fn open_mpi_cases_checked_against_the_real_library_are_what_the_tables_say() {
        // The cases tests/mpi/check.py runs Open MPI 4.1.4 at (`make mpi-test`).
        let text = include_str!("../../../../../tests/mpi/ompi-defaults.txt");
        let mut cases = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let c = match f[0] {
                "bcast" => Collective::Broadcast,
                "allreduce" => Collective::Allreduce,
                "allgather" => Collective::Allgather,
                "alltoall" => Collective::AllToAll,
                "reduce" => Collective::Reduce,
                "barrier" => Collective::Barrier,
                other => panic!("{other}: not a collective coll.c runs"),
            };
            let (p, n) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            let want = (f[3], (f[5] != "-").then_some(f[5]));
            assert_eq!(ompi(c, p, n), want, "{line}");
            cases += 1;
        }
        assert!(cases >= 6, "{cases} cases");
    }

    #[test]
    fn open_mpi_tables_cover_every_p_and_bad_sizes() {
        for c in Collective::ALL {
            for p in [0, 1, 2, 3, 4095, 4096, 100_000, u32::MAX] {
                for n in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300] {
                    assert_ne!(
                        open_mpi(c, p, n, count(c, n)).name,
                        "unknown",
                        "{c:?} {p} {n}"
                    );
                }
            }
        }
    }
}
